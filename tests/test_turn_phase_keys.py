"""Keys of the turn-flow additions read only in some places: anywhere else they are bad input
(effect key `processed`, history `copied:`, the player-only modifiers summon_only_once / skip_*)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from ygo_ruling.model import Effect, Event, InForce


def test_processed_standby_is_a_continuous_effects() -> None:
    Effect.model_validate({"number": 0, "kind": "continuous", "processed": {"at": "standby", "turn": "any",
                                                                            "maintenance": True}})
    with pytest.raises(ValidationError, match="kind continuous"):
        Effect.model_validate({"number": 1, "kind": "ignition", "processed": {"at": "standby"}})


def test_processed_before_draw_is_an_activated_effects() -> None:
    Effect.model_validate({"number": 0, "kind": "trigger", "mandatory": True,
                           "trigger": {"event": "damaged", "player": "opponent", "by": "battle"},
                           "processed": {"at": "before_draw", "turn": "opponent"}, "steps": [{"op": "other"}]})
    with pytest.raises(ValidationError, match="not on a continuous effect"):
        Effect.model_validate({"number": 0, "kind": "continuous", "processed": {"at": "before_draw"}})


def test_maintenance_only_in_the_standby_phase() -> None:
    with pytest.raises(ValidationError, match="at: standby"):
        Effect.model_validate({"number": 0, "kind": "continuous", "processed": {"at": "after_draw", "maintenance": True}})


def test_copied_only_on_a_resolved_event() -> None:
    Event.model_validate({"event": "resolved", "card": "源数网络", "effect": 1, "copied": "源数直系"})
    with pytest.raises(ValidationError, match="only on a `resolved` event"):
        Event.model_validate({"event": "activated", "card": "源数网络", "effect": 1, "copied": "源数直系"})


@pytest.mark.parametrize("modifier", ["summon_only_once", "skip_draw_phase", "skip_standby_phase", "skip_main_phase_1",
                                      "skip_battle_phase"])
def test_turn_modifiers_bind_players(modifier: str) -> None:
    InForce.model_validate({"modifier": modifier, "player": "self"})
    with pytest.raises(ValidationError, match="give `player:`"):
        InForce.model_validate({"modifier": modifier, "card": "源数网络"})


BAD = """
title: a copy named on a card that copies nothing
source: {file: 004_8e4e53e3e925223a.txt, section: 主要流程1}
history:
- {event: resolved, card: 死者苏生, effect: 0, copied: 源数直系, when: earlier}
self:
  hand: [死者苏生]
  graveyard: [源数直系]
ask:
- kind: legal_actions
"""


def test_copied_needs_a_copy_effect(tmp_path: Path) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text(BAD, encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "ygo_ruling.cli", "check", str(f)], capture_output=True, text=True)
    assert run.returncode == 2
    assert "history[0].copied" in run.stderr + run.stdout
