"""The field limits by Type / Attribute (asp/field_limits.lp) are modifiers on players only."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from ygo_ruling.model import Effect

LIMITS = ("one_monster_per_type", "one_type_of_monster", "one_attribute_of_monster")


@pytest.mark.parametrize("modifier", LIMITS)
def test_field_limit_on_players(modifier: str) -> None:
    Effect.model_validate({"number": 1, "kind": "continuous", "modifiers": [{"modifier": modifier, "player": "both"}]})


@pytest.mark.parametrize("modifier", LIMITS)
def test_field_limit_not_on_a_card(modifier: str) -> None:
    with pytest.raises(ValidationError, match="give `player:`"):
        Effect.model_validate({"number": 1, "kind": "continuous", "modifiers": [{"modifier": modifier, "this_card": True}]})
