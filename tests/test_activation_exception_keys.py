"""Keys of asp/activation_exception.lp: an in_force cannot_activate_monster_effects with `except_cards:`."""

from __future__ import annotations

import pytest
from pydantic import ValidationError


def test_except_cards_only_on_the_monster_effect_lock() -> None:
    from ygo_ruling.model import InForce
    InForce.model_validate({"modifier": "cannot_activate_monster_effects", "player": "self", "except_cards": ["A"]})
    for bad in ({"modifier": "cannot_activate_trap_effects", "player": "self", "except_cards": ["A"]},
                {"modifier": "cannot_activate_monster_effects", "player": "self", "except_cards": ["A"], "except_ability": "spirit"}):
        with pytest.raises(ValidationError, match="except_cards"):
            InForce.model_validate(bad)
