"""Keys of asp/lp_cost_waiver.lp (the modifier lp_costs_unnecessary with `lp_at_most:`, a cost's `multiples:`) and asp/cost_name.lp (a change_name step's `name_from:`)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError


def test_lp_costs_unnecessary_needs_cards() -> None:
    from ygo_ruling.facts import effect_facts
    from ygo_ruling.model import Effect, ModifierSpec
    ok = {"modifier": "lp_costs_unnecessary", "lp_at_most": 2000, "cards": {"player": "self", "card_type": "trap"}}
    ModifierSpec.model_validate(ok)
    ModifierSpec.model_validate({k: v for k, v in ok.items() if k != "lp_at_most"})
    with pytest.raises(ValidationError, match="lp_costs_unnecessary"):
        ModifierSpec.model_validate({"modifier": "lp_costs_unnecessary", "player": "self"})
    with pytest.raises(ValidationError, match="lp_at_most"):
        ModifierSpec.model_validate({"modifier": "cannot_attack", "this_card": True, "lp_at_most": 2000})
    # two entries of one effect are two selectors, not one
    e = Effect.model_validate({"number": 1, "kind": "continuous", "modifiers": [
        ok, {**ok, "cards": {"player": "self", "card_type": "monster", "archetype": "恐啡肽狂龙"}}]})
    facts = effect_facts('"c"', e)
    assert 'effect_modifier_cards("c",1,lp_costs_unnecessary(2000),mc("c",1,lp_costs_unnecessary(2000))).' in facts
    assert 'effect_modifier_cards("c",1,lp_costs_unnecessary(2000),mc1("c",1,lp_costs_unnecessary(2000))).' in facts


def test_multiples_only_on_a_pay_lp_cost() -> None:
    from ygo_ruling.model import Cost
    Cost.model_validate({"op": "pay_lp", "amount": 1000, "multiples": True})
    for bad in ({"op": "pay_lp", "multiples": True}, {"op": "discard", "amount": 1, "multiples": True}):
        with pytest.raises(ValidationError, match="multiples"):
            Cost.model_validate(bad)


def test_change_name_needs_name_from_on_this_card() -> None:
    """asp/cost_name.lp: `op: change_name` with `name_from: cost`, on this card only."""
    from ygo_ruling.model import Step
    Step.model_validate({"op": "change_name", "subject": {"this_card": True}, "name_from": "cost"})
    for bad in ({"op": "change_name", "subject": {"this_card": True}},
                {"op": "special_summon", "subject": {"this_card": True}, "name_from": "cost"}):
        with pytest.raises(ValidationError, match="name_from"):
            Step.model_validate(bad)
    with pytest.raises(ValidationError, match="this card"):
        Step.model_validate({"op": "change_name", "subject": {"player": "self"}, "name_from": "cost"})
