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


def test_turn_monster_lock_is_a_card_activations() -> None:
    """asp/turn_monster_lock.lp: `turn_monster_lock` on a card activation; the selector key `special_summoned`."""
    from ygo_ruling.facts import effect_facts, selector_facts
    from ygo_ruling.model import Effect, Selector
    e = Effect.model_validate({"number": 1, "kind": "card_activation", "turn_monster_lock": {"special_summoned": True}})
    assert 'turn_monster_lock("c",1,tml("c",1)).' in effect_facts('"c"', e)
    assert "sel_special_summoned(s)." in selector_facts(Selector.model_validate({"special_summoned": True}), "s")
    with pytest.raises(ValidationError, match="turn_monster_lock"):
        Effect.model_validate({"number": 1, "kind": "ignition", "turn_monster_lock": {"special_summoned": True}})
