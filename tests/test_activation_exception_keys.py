"""Keys of asp/activation_exception.lp (in_force cannot_activate_monster_effects with `except_cards:`) and asp/spell_trap_lock.lp (`except_names:`)."""

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


def test_except_names_only_on_the_spell_trap_lock() -> None:
    """asp/spell_trap_lock.lp: `except_names:` goes with cannot_activate_spell_trap_effects (on players)."""
    from ygo_ruling.model import InForce
    InForce.model_validate({"modifier": "cannot_activate_spell_trap_effects", "player": "self", "except_names": ["雪花之光"]})
    with pytest.raises(ValidationError, match="except_names"):
        InForce.model_validate({"modifier": "cannot_activate_trap_effects", "player": "self", "except_names": ["雪花之光"]})
    with pytest.raises(ValidationError):
        InForce.model_validate({"modifier": "cannot_activate_spell_trap_effects", "card": "X", "except_names": ["雪花之光"]})
