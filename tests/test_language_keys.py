"""Keys of the effect language the rule base reads only in some places: anywhere else they are bad input."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from ygo_ruling.model import Effect


def test_negates_activations_is_a_continuous_effects() -> None:
    Effect.model_validate({"number": 1, "kind": "continuous",
                           "negates_activations": {"card": {"player": "opponent", "card_type": "monster"},
                                                   "activated_in": ["banished"], "once": True,
                                                   "while": {"player": "self", "race": "魔法师族"}}})
    with pytest.raises(ValidationError, match="continuous effect"):
        Effect.model_validate({"number": 1, "kind": "quick", "negates_activations": {}})


@pytest.mark.parametrize("key,value", [("zones", ["graveyard"]), ("face", "up"), ("target", True),
                                       ("count", 2), ("atk", {"min": 1})])
def test_negates_activations_card_reads_only_its_keys(key: str, value: object) -> None:
    with pytest.raises(ValidationError, match="is not read here"):
        Effect.model_validate({"number": 1, "kind": "continuous",
                               "negates_activations": {"card": {key: value}}})


def test_choose_one_needs_several_bullets() -> None:
    steps = [{"op": "draw", "amount": 1, "connector": "bullet"}, {"op": "draw", "amount": 2, "connector": "bullet"}]
    Effect.model_validate({"number": 1, "kind": "ignition", "choose_one": "resolution", "steps": steps})
    with pytest.raises(ValidationError, match="two or more steps"):
        Effect.model_validate({"number": 1, "kind": "ignition", "choose_one": "activation", "steps": steps[:1]})
    with pytest.raises(ValidationError, match="exclude each other"):
        Effect.model_validate({"number": 1, "kind": "ignition", "choose_one": "activation", "bullets_all": True,
                               "steps": steps})


SCENARIO = """
title: a chain entry's bullet
source: {{file: 002_4e5c70c99bc92228.txt, section: 能否发动的判断方法}}
cards:
  测试魔法:
    type: spell
    subtype: normal
    effects:
      - number: 1
        kind: card_activation
        {choice}
        steps:
          - {{op: draw, amount: 1, connector: bullet}}
          - {{op: draw, amount: 2, connector: bullet}}
self:
  field: [{{card: 测试魔法, zone: stz1}}]
  deck: [青眼白龙, 青眼白龙, 青眼白龙]
chain:
  - {{card: 测试魔法, effect: 1{bullet}}}
ask:
  - kind: resolve
"""


@pytest.mark.parametrize("choice,bullet,key", [
    ("", ", bullet: 1", "chain[0].bullet"),                                  # no choice at activation
    ("choose_one: resolution", ", bullet: 1", "chain[0].bullet"),            # chosen when it resolves
    ("choose_one: activation", "", "chain[0]"),                              # the chosen ● missing
    ("choose_one: activation", ", bullet: 3", "chain[0].bullet"),            # no third ●
])
def test_a_chain_entrys_bullet_fits_its_effect(tmp_path, choice: str, bullet: str, key: str) -> None:
    from ygo_ruling.api import check
    from ygo_ruling.errors import InputError

    p = tmp_path / "s.yaml"
    p.write_text(SCENARIO.format(choice=choice, bullet=bullet), encoding="utf-8")
    with pytest.raises(InputError) as err:
        check(str(p))
    assert err.value.key == key


def test_value_choices_read_only_on_a_value_step() -> None:
    from ygo_ruling.model import Step

    Step.model_validate({"op": "change_level", "amount": 3, "choices": [{"mode": "gain"}, {"mode": "lose"}]})
    Step.model_validate({"op": "change_level", "mode": "set", "choices": [{"amount": 5}, {"amount": 7}],
                         "choice_per_card": True})
    with pytest.raises(ValidationError, match="read only on a value step"):
        Step.model_validate({"op": "destroy", "choices": [{"mode": "gain"}, {"mode": "lose"}]})
    with pytest.raises(ValidationError, match="needs an amount"):
        Step.model_validate({"op": "change_level", "choices": [{"mode": "gain"}, {"mode": "lose"}]})
    with pytest.raises(ValidationError, match="two or more"):
        Step.model_validate({"op": "change_level", "amount": 3, "choices": [{"mode": "gain"}]})
    with pytest.raises(ValidationError, match="goes with `choices:`"):
        Step.model_validate({"op": "change_level", "amount": 3, "choice_per_card": True})


def test_at_least_read_only_on_a_value_step() -> None:
    from ygo_ruling.model import Step

    Step.model_validate({"op": "change_stat", "stat": "scale", "mode": "lose", "amount": 1, "at_least": 1})
    with pytest.raises(ValidationError, match="read only on a value step"):
        Step.model_validate({"op": "draw", "amount": 1, "at_least": 1})


def test_equip_needs_to_and_to_only_on_equip() -> None:
    from ygo_ruling.model import Step

    Step.model_validate({"op": "equip", "subject": {"this_card": True}, "wording": "this_card",
                         "to": {"player": "opponent", "zones": ["monster_zone"], "target": True}})
    with pytest.raises(ValidationError, match="needs `to:`"):
        Step.model_validate({"op": "equip", "subject": {"this_card": True}})
    with pytest.raises(ValidationError, match="read only on an equip step"):
        Step.model_validate({"op": "destroy", "subject": {"target": True}, "to": {"this_card": True}})
    with pytest.raises(ValidationError, match="not both"):
        Step.model_validate({"op": "equip", "subject": {"target": True}, "to": {"target": True}})


@pytest.mark.parametrize("entry,key", [
    ("{card: 测试装备, zone: mmz2, equipped_to: 测试怪兽}", "self.field[1].equipped_to"),   # not in a S&T Zone
    ("{card: 测试装备, zone: stz1, equipped_to: 测试背面}", "self.field[1].equipped_to"),   # a face-down monster
])
def test_an_equip_card_on_the_board_fits(tmp_path, entry: str, key: str) -> None:
    from ygo_ruling.api import check
    from ygo_ruling.errors import InputError

    p = tmp_path / "s.yaml"
    p.write_text(f"""
title: an Equip Card on the board
cards:
  测试装备: {{type: monster, frames: [normal], level: 4}}
  测试怪兽: {{type: monster, frames: [normal], level: 4}}
  测试背面: {{type: monster, frames: [normal], level: 4}}
self:
  field:
    - {{card: 测试怪兽, zone: mmz1}}
    - {entry}
    - {{card: 测试背面, zone: mmz3, face: down, position: defense}}
ask:
  - kind: can_activate
""", encoding="utf-8")
    with pytest.raises(InputError) as err:
        check(str(p))
    assert err.value.key == key


def test_amount_kinds_and_name_as() -> None:
    from ygo_ruling.model import CardDef, Step

    Step.model_validate({"op": "draw", "amount_kinds": [{"names": ["黑魔术师"]}, {"archetype": "守护神官"}]})
    with pytest.raises(ValidationError, match="no other `amount` key"):
        Step.model_validate({"op": "draw", "amount": 1, "amount_kinds": {"names": ["黑魔术师"]}})
    with pytest.raises(ValidationError, match="step on players"):
        Step.model_validate({"op": "destroy", "amount_kinds": {"names": ["黑魔术师"]}})
    CardDef.model_validate({"type": "monster", "name_as": [{"name": "黑魔术师", "zones": ["field", "graveyard"]}]})
    with pytest.raises(ValidationError):
        CardDef.model_validate({"type": "monster", "name_as": [{"name": "黑魔术师", "zones": []}]})
def test_a_summon_step_takes_its_materials_once() -> None:
    """A summon step (issue 14 item 5) names where its materials come from, or that they are the previous
    step's cards -- one of the two; the material keys on any other step are bad input."""
    from ygo_ruling.model import Step

    summon = {"op": "fusion_summon", "subject": {"zones": ["extra_deck"], "frames": ["fusion"]}}
    Step.model_validate({**summon, "materials": {"zones": ["hand", "monster_zone"]}})
    Step.model_validate({**summon, "materials_previous": True, "connector": "comma"})
    with pytest.raises(ValidationError, match="one of them"):
        Step.model_validate(summon)
    with pytest.raises(ValidationError, match="one of them"):
        Step.model_validate({**summon, "materials": {"zones": ["hand"]}, "materials_previous": True})
    with pytest.raises(ValidationError, match="read only on a summon step"):
        Step.model_validate({"op": "special_summon", "subject": {"zones": ["hand"]}, "material_op": "destroy"})
    with pytest.raises(ValidationError, match="needs `subject:`"):
        Step.model_validate({"op": "xyz_summon", "materials": {"zones": ["monster_zone"]}})


def test_summon_materials_are_a_monsters() -> None:
    from ygo_ruling.model import CardDef

    CardDef.model_validate({"type": "monster", "frames": ["fusion"], "summon_materials": {"count": 2}})
    with pytest.raises(ValidationError, match="a monster's"):
        CardDef.model_validate({"type": "spell", "summon_condition": "procedure_only"})


def test_except_ability_only_with_monster_effects_restriction() -> None:
    from ygo_ruling.model import InForce, ModifierSpec
    ModifierSpec.model_validate({"modifier": "cannot_activate_monster_effects", "player": "both", "except_ability": "spirit"})
    with pytest.raises(ValidationError, match="except_ability"):
        ModifierSpec.model_validate({"modifier": "no_damage", "player": "self", "except_ability": "spirit"})
    with pytest.raises(ValidationError, match="except_ability"):
        InForce.model_validate({"modifier": "cannot_draw", "player": "self", "except_ability": "spirit"})
    with pytest.raises(ValidationError, match="player"):
        InForce.model_validate({"modifier": "cannot_activate_monster_effects", "card": "x"})


def test_value_changes_are_a_continuous_effects() -> None:
    change = {"stat": ["atk", "def"], "amount": 500, "to": {"player": "any", "zones": ["monster_zone"], "attribute": "暗"}}
    Effect.model_validate({"number": 1, "kind": "continuous", "value_changes": [change]})
    with pytest.raises(ValidationError, match="continuous effect"):
        Effect.model_validate({"number": 1, "kind": "quick", "value_changes": [change]})


@pytest.mark.parametrize("change,message", [
    ({"stat": "atk", "to": "this_card"}, "needs `amount:`, `per:`"),
    ({"stat": "atk", "amount": 1, "per": 400, "count": {"zones": ["banished"]}, "to": "this_card"}, "needs `amount:`, `per:`"),
    ({"stat": "atk", "per": 400, "to": "this_card"}, "go together"),
    ({"stat": "atk", "amount": 1, "to": {"this_card": True}}, "names this card"),
    ({"stat": "atk", "amount": 1, "to": {"zones": ["monster_zone"], "target": True}}, "is not read here"),
    ({"stat": "atk", "amount": 1, "to": "equipped"}, "to"),
])
def test_value_changes_read_only_their_keys(change: dict, message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        Effect.model_validate({"number": 1, "kind": "continuous", "value_changes": [change]})


def test_amount_from_on_life_point_steps() -> None:
    step = {"op": "gain_lp", "amount_from": {"card": "this_card", "stat": "def", "half": True}}
    Effect.model_validate({"number": 1, "kind": "ignition", "steps": [step]})
    with pytest.raises(ValidationError, match="no other `amount` key"):
        Effect.model_validate({"number": 1, "kind": "ignition", "steps": [dict(step, amount=100)]})
    with pytest.raises(ValidationError, match="reads `amount_from:` from"):
        Effect.model_validate({"number": 1, "kind": "ignition",
                               "steps": [{"op": "inflict_damage", "amount_from": {"card": "previous"}}]})
    with pytest.raises(ValidationError, match="read only on a change_stat"):
        Effect.model_validate({"number": 1, "kind": "ignition",
                               "steps": [{"op": "draw", "amount_from": {"card": "this_card"}}]})
def test_into_is_a_special_summon_key_with_one_reference() -> None:
    """`into:` (the Main Monster Zones a special summon names: named_zones.lp) is read on special_summon only,
    and names its zones one way; `same_column_as:` names the cards whose column counts."""
    summon = {"op": "special_summon", "subject": {"this_card": True}, "wording": "this_card"}
    Effect.model_validate({"number": 1, "kind": "ignition",
                           "steps": [{**summon, "into": {"pointed_by": {"target": True, "frames": ["link"]}}}]})
    with pytest.raises(ValidationError, match="read only on a special_summon step"):
        Effect.model_validate({"number": 1, "kind": "ignition", "steps": [
            {"op": "destroy", "subject": {}, "into": {"same_column_as": {"player": "opponent"}}}]})
    with pytest.raises(ValidationError, match="exactly one of"):
        Effect.model_validate({"number": 1, "kind": "ignition", "steps": [
            {**summon, "into": {"same_column_as": {}, "pointed_by": {}}}]})
    with pytest.raises(ValidationError, match="does not read `count`"):
        Effect.model_validate({"number": 1, "kind": "ignition", "steps": [
            {"op": "return_to_hand", "subject": {"same_column_as": {"count": 2}}, "wording": "all"}]})
def test_value_selector_keys() -> None:
    """highest / lowest / not_highest, equal_own, attribute_target, rank / link bounds (asp/value_selectors.lp)."""
    from ygo_ruling.facts import selector_facts
    from ygo_ruling.model import CardDef, Selector, ValueRange

    sel = Selector.model_validate({"player": "opponent", "card_type": "monster", "highest": "atk", "count": 1})
    facts = selector_facts(sel, "s1")
    assert "sel_extreme(s1,pool(s1),atk,max)." in facts
    assert "sel_player(pool(s1),opponent)." in facts and "sel_extreme(pool(s1),pool(pool(s1)),atk,max)." not in facts
    assert "sel_stat_pair(s2,cur,atk,eq,def)." in selector_facts(
        Selector.model_validate({"atk": {"equal_own": "def"}}), "s2")
    assert "sel_stat(s3,cur,rank,ge,4)." in selector_facts(Selector.model_validate({"rank": {"min": 4}}), "s3")
    ValueRange.model_validate({"equal_own": "def"})
    for bad, match in (({"this_card": True, "highest": "atk"}, "this_card"),
                       ({"highest": "atk", "lowest": "atk"}, "one of"),
                       ({"target": True, "attribute_target": True}, "attribute_target"),
                       ({"except": {"highest": "atk"}}, "except"),
                       ({"highest": "scale"}, "highest")):
        with pytest.raises(ValidationError, match=match):
            Selector.model_validate(bad)
    assert CardDef.model_validate({"type": "monster", "atk": "?", "def": "?"}).atk == "?"
    with pytest.raises(ValidationError):
        CardDef.model_validate({"type": "monster", "atk": "??"})


def test_level_sum_and_modifier_cards() -> None:
    from ygo_ruling.model import ModifierSpec, Step

    Step.model_validate({"op": "tribute", "subject": {"zones": ["hand", "monster_zone"]}, "level_sum_at_least": 8})
    for bad in ({"op": "tribute", "level_sum_at_least": 8},
                {"op": "tribute", "subject": {"count": 2}, "level_sum_at_least": 8},
                {"op": "tribute", "subject": {"target": True}, "level_sum_at_least": 8}):
        with pytest.raises(ValidationError, match="level_sum_at_least"):
            Step.model_validate(bad)
    ModifierSpec.model_validate({"modifier": "cannot_be_attack_target", "cards": {"race": "鸟兽族", "not_highest": "atk"}})
    with pytest.raises(ValidationError, match="cards"):
        ModifierSpec.model_validate({"modifier": "cannot_be_attack_target", "player": "self", "cards": {"race": "鸟兽族"}})
    with pytest.raises(ValidationError, match="applies to players"):
        ModifierSpec.model_validate({"modifier": "attacks_become_direct", "cards": {"race": "鸟兽族"}})
    with pytest.raises(ValidationError, match="applies to one monster"):
        ModifierSpec.model_validate({"modifier": "cannot_be_attack_target", "player": "self"})


def test_card_judged_needs_card_and_reads_only_its_keys() -> None:
    from ygo_ruling.model import Trigger
    Trigger.model_validate({"event": "destroyed", "card": {"player": "self", "card_type": "monster", "face": "up"},
                            "card_judged": "both"})
    with pytest.raises(ValidationError, match="it needs `card:`"):
        Trigger.model_validate({"event": "destroyed", "card_judged": "before"})
    with pytest.raises(ValidationError, match="judged at the event on"):
        Trigger.model_validate({"event": "destroyed", "card": {"atk": {"min": 1}}, "card_judged": "before"})


def test_history_was_needs_from() -> None:
    from ygo_ruling.model import Event
    Event.model_validate({"event": "destroyed", "card": "x", "from": "monster_zone",
                          "was": {"face": "down", "controller": "self", "attribute": ["光", "暗"]}})
    with pytest.raises(ValidationError, match="needs `from:`"):
        Event.model_validate({"event": "destroyed", "card": "x", "was": {"face": "down"}})
    with pytest.raises(ValidationError, match="extra|not permitted|unknown"):
        Event.model_validate({"event": "destroyed", "card": "x", "from": "monster_zone", "was": {"scale": 4}})


def test_value_change_amount_from_and_cap() -> None:
    change = {"stat": ["atk", "def"], "mode": "set", "amount_from": {"card": "this_card", "stat": "level"}, "times": 200,
              "to": "this_card"}
    Effect.model_validate({"number": 1, "kind": "continuous", "value_changes": [change]})
    with pytest.raises(ValidationError, match="one of them"):
        Effect.model_validate({"number": 1, "kind": "continuous", "value_changes": [dict(change, amount=1)]})
    with pytest.raises(ValidationError, match="reads this card's value"):
        Effect.model_validate({"number": 1, "kind": "continuous",
                               "value_changes": [dict(change, amount_from={"card": "target", "stat": "level"})]})
    with pytest.raises(ValidationError, match="multiplies"):
        Effect.model_validate({"number": 1, "kind": "continuous",
                               "value_changes": [{"stat": "atk", "amount": 1, "times": 2, "to": "this_card"}]})
    step = {"op": "change_level", "subject": {"this_card": True}, "wording": "this_card", "amount": 1, "at_most": 12}
    Effect.model_validate({"number": 1, "kind": "ignition", "steps": [step]})
    with pytest.raises(ValidationError, match="read only on a value step"):
        Effect.model_validate({"number": 1, "kind": "ignition", "steps": [{"op": "draw", "amount": 1, "at_most": 2}]})


FORTRESS_STEP = {"op": "discard", "subject": {"player": "opponent", "zones": ["hand"]}, "amount": 1}


def test_when_link_applies_is_a_continuous_effects_with_a_hand_discard() -> None:
    Effect.model_validate({"number": 2, "kind": "continuous", "applies_in": ["monster_zone"],
                           "when_link_applies": {"card": {"player": "opponent", "card_type": "monster"},
                                                 "targeting_this": True},
                           "steps": [FORTRESS_STEP]})
    for bad in ({"kind": "quick"}, {"steps": []},
                {"steps": [{"op": "draw", "player": "self", "amount": 1}]},
                {"steps": [{"op": "discard", "subject": {"player": "opponent", "zones": ["field"]}}]},
                {"when_leaving_field": True}):
        with pytest.raises(ValidationError, match="when_(link_applies|leaving_field)"):
            Effect.model_validate({"number": 2, "kind": "continuous", "when_link_applies": {"targeting_this": True},
                                   "steps": [FORTRESS_STEP], **bad})


@pytest.mark.parametrize("key,value", [("zones", ["monster_zone"]), ("race", "机械族"), ("target", True)])
def test_when_link_applies_card_reads_only_its_keys(key: str, value: object) -> None:
    with pytest.raises(ValidationError, match="is not read here"):
        Effect.model_validate({"number": 2, "kind": "continuous", "when_link_applies": {"card": {key: value}},
                               "steps": [FORTRESS_STEP]})
