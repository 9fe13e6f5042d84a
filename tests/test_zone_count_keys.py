"""Keys of asp/zone_count_values.lp (a value bounded by the unused zones) and asp/destroy_substitute.lp."""

from __future__ import annotations

import pytest
from pydantic import ValidationError


def test_max_unused_zones_key() -> None:
    from ygo_ruling.facts import selector_facts, value_range_facts
    from ygo_ruling.model import Selector
    sel = Selector.model_validate({"zones": ["hand", "deck"], "race": "鸟兽族",
                                   "level": {"max_unused_zones": {"zones": "spell_trap_zone", "player": "any"}}})
    assert "sel_stat_unused(s,cur,level,stz,any)." in value_range_facts(sel, "s")
    assert "selector(s)." in selector_facts(sel, "s")
    for bad in ({"zones": "field_zone", "player": "any"}, {"zones": "spell_trap_zone"},
                {"zones": "spell_trap_zone", "player": "both"}, {"zones": "spell_trap_zone", "player": "any", "count": 2}):
        with pytest.raises(ValidationError, match="max_unused_zones"):
            Selector.model_validate({"level": {"max_unused_zones": bad}})


def test_destroy_substitute_needs_cards() -> None:
    from ygo_ruling.model import ModifierSpec
    ModifierSpec.model_validate({"modifier": "destroy_substitute", "cards": {"player": "self", "zones": ["field"]}})
    for bad in ({"modifier": "destroy_substitute"}, {"modifier": "destroy_substitute", "this_card": True}):
        with pytest.raises(ValidationError, match="destroy_substitute"):
            ModifierSpec.model_validate(bad)
