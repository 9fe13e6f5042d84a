"""`battle_turn` (『怪兽之间（没有）进行战斗的回合』), `in_phase` and the history-only event `battled` (asp/battle_turn.lp)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from ygo_ruling.model import Effect, Event


def test_battle_turn_takes_battled_or_not_battled() -> None:
    Effect.model_validate({"number": 1, "kind": "ignition", "battle_turn": "not_battled", "in_phase": "main2",
                           "steps": [{"op": "other"}]})
    with pytest.raises(ValidationError):
        Effect.model_validate({"number": 1, "kind": "ignition", "battle_turn": "attacked", "steps": [{"op": "other"}]})


def test_battled_is_a_history_event_only() -> None:
    Event.model_validate({"event": "battled", "card": "X", "when": "earlier"})
    with pytest.raises(ValidationError, match="history event only"):
        Effect.model_validate({"number": 1, "kind": "trigger", "trigger": {"event": "battled"}, "steps": [{"op": "other"}]})


def test_a_summon_procedure_takes_no_battle_turn() -> None:
    with pytest.raises(ValidationError):
        Effect.model_validate({"number": 1, "kind": "procedure", "battle_turn": "battled"})
