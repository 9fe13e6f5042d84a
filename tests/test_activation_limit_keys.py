"""The player-only modifiers of asp/activation_limit.lp (activate_only_once, cannot_set_spell_trap): they bind
players, in `in_force:` and in an effect's `after_activation:`; on a card they are bad input."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from ygo_ruling.model import Effect, InForce


@pytest.mark.parametrize("modifier", ["activate_only_once", "cannot_set_spell_trap"])
def test_activation_limit_binds_players(modifier: str) -> None:
    InForce.model_validate({"modifier": modifier, "player": "self"})
    with pytest.raises(ValidationError, match="give `player:`"):
        InForce.model_validate({"modifier": modifier, "card": "命运之抽卡"})


def test_activation_limit_after_activation() -> None:
    Effect.model_validate({"number": 1, "kind": "card_activation", "steps": [{"op": "other"}],
                           "after_activation": [{"modifier": "activate_only_once"},
                                                {"modifier": "cannot_set_spell_trap", "player": "self"}]})
    with pytest.raises(ValidationError):
        Effect.model_validate({"number": 1, "kind": "card_activation", "steps": [{"op": "other"}],
                               "after_activation": [{"modifier": "activate_only_twice"}]})


def test_end_phase_processing_is_an_activated_effects() -> None:
    """`processed: {at: end_phase}` (asp/end_phase.lp) is what an activated effect's resolution leaves for the End Phase."""
    Effect.model_validate({"number": 1, "kind": "trigger", "trigger": {"event": "attack_declared", "timing": "when"},
                           "processed": {"at": "end_phase", "turn": "any"}, "steps": [{"op": "other"}]})
    with pytest.raises(ValidationError, match="not on a continuous effect"):
        Effect.model_validate({"number": 0, "kind": "continuous", "processed": {"at": "end_phase"}})


def test_processed_event_meets_no_trigger() -> None:
    from ygo_ruling.model import Event
    Event.model_validate({"event": "processed", "card": "深海哨兵", "effect": 1})
    with pytest.raises(ValidationError, match="history event only"):
        Effect.model_validate({"number": 1, "kind": "trigger", "trigger": {"event": "processed"}, "steps": [{"op": "other"}]})


def test_maintenance_options_keys() -> None:
    """`lp:` / `unpaid:` / `may_decline:` (asp/maintenance.lp) describe a maintenance cost's two options."""
    Effect.model_validate({"number": 0, "kind": "continuous",
                           "processed": {"at": "standby", "maintenance": True, "lp": 100, "may_decline": True}})
    with pytest.raises(ValidationError, match="goes with `maintenance: true`"):
        Effect.model_validate({"number": 0, "kind": "continuous", "processed": {"at": "standby", "lp": 100}})
    with pytest.raises(ValidationError, match="they need `lp:`"):
        Effect.model_validate({"number": 0, "kind": "continuous",
                               "processed": {"at": "standby", "maintenance": True, "unpaid": "destroy"}})


def test_nth_standby_after_activation_keys() -> None:
    """`nth_standby_after_activation:` (asp/standby_count.lp) counts its controller's own Standby Phases."""
    Effect.model_validate({"number": 0, "kind": "continuous",
                           "processed": {"at": "standby", "turn": "self", "nth_standby_after_activation": 2}})
    with pytest.raises(ValidationError, match="own Standby Phases"):
        Effect.model_validate({"number": 0, "kind": "continuous",
                               "processed": {"at": "standby", "turn": "any", "nth_standby_after_activation": 2}})


SINCE_ON_A_PLAIN_CARD = """
title: a count of Standby Phases on a card that counts none
source: {file: 004_8e4e53e3e925223a.txt, section: 准备流程}
phase: standby
self:
  field:
  - {card: 和平使者, zone: stz1, standby_phases_since_activation: 1}
ask:
- kind: legal_actions
"""


def test_standby_count_only_on_a_counting_card(tmp_path) -> None:
    import subprocess
    import sys
    f = tmp_path / "bad.yaml"
    f.write_text(SINCE_ON_A_PLAIN_CARD, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "ygo_ruling.cli", "check", str(f)], capture_output=True, text=True)
    assert run.returncode == 2
    assert "standby_phases_since_activation" in run.stderr + run.stdout
