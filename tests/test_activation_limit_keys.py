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
