"""Keys added for seed 002 发动的效果 examples: a continuous Attribute change (attribute_change), a field entry's
`declared:` and `targets:`, a move_zone step, negates_activations targeting / optional / then_destroy_this and a modifier
on the target of the activation: what is read where, and the rest is bad input."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError
from ygo_ruling.errors import InputError
from ygo_ruling.facts import scenario_facts
from ygo_ruling.loader import load
from ygo_ruling.model import Effect

TO = {"player": "any", "zones": ["monster_zone"], "card_type": "monster", "face": "up"}


def test_attribute_change_is_a_continuous_effects() -> None:
    Effect.model_validate({"number": 1, "kind": "continuous", "attribute_change": {"to": TO, "attribute": "declared"}})
    Effect.model_validate({"number": 1, "kind": "continuous", "attribute_change": {"to": TO, "attribute": "暗"}})
    with pytest.raises(ValidationError, match="continuous effect"):
        Effect.model_validate({"number": 1, "kind": "quick", "attribute_change": {"to": TO, "attribute": "暗"}})
    with pytest.raises(ValidationError, match="not an Attribute"):
        Effect.model_validate({"number": 1, "kind": "continuous", "attribute_change": {"to": TO, "attribute": "DARK"}})
    with pytest.raises(ValidationError, match="names no `attribute:`"):
        Effect.model_validate({"number": 1, "kind": "continuous",
                               "attribute_change": {"to": {**TO, "attribute": "光"}, "attribute": "暗"}})


SCENARIO = """
title: declared on a field entry
source: {{file: 002_4e5c70c99bc92228.txt, section: 发动的效果}}
self:
  field:
    - {{card: {card}, zone: stz1, declared: {declared}}}
ask:
  - kind: can_activate
    player: self
"""


def test_field_entry_declared_reads_only_what_the_card_declares(tmp_path: Path) -> None:
    p = tmp_path / "s.yaml"
    p.write_text(SCENARIO.format(card="DNA移植手术", declared="{attribute: 暗}"), encoding="utf-8")
    assert 'field_declared("DNA移植手术",attribute,"暗").' in scenario_facts(load(str(p)))[0]
    p.write_text(SCENARIO.format(card="DNA移植手术", declared="{race: 龙族}"), encoding="utf-8")
    with pytest.raises(InputError, match="declares no race"):
        scenario_facts(load(str(p)))
    p.write_text(SCENARIO.format(card="吸入暗阴的魔镜", declared="{attribute: 暗}"), encoding="utf-8")
    with pytest.raises(InputError, match="declares no attribute"):
        scenario_facts(load(str(p)))


def test_move_zone_moves_a_monster_in_a_monster_zone() -> None:
    Effect.model_validate({"number": 1, "kind": "quick", "steps": [
        {"op": "move_zone", "subject": {"player": "opponent", "zones": ["monster_zone"], "target": True}}]})
    for subject in (None, {"player": "opponent", "zones": ["field"]}):
        with pytest.raises(ValidationError, match="move_zone step moves monsters"):
            Effect.model_validate({"number": 1, "kind": "quick", "steps": [{"op": "move_zone", "subject": subject}]})


def test_negates_activations_targeting_and_activation_target_modifier() -> None:
    Effect.model_validate({"number": 1, "kind": "continuous", "negates_activations": {
        "targeting": {"player": "self", "archetype": "雾动机龙", "other_than_this": True}, "optional": True,
        "once": True, "then_destroy_this": True}})
    with pytest.raises(ValidationError, match="targeting: describes"):
        Effect.model_validate({"number": 1, "kind": "continuous", "negates_activations": {"targeting": {"this_card": True}}})
    Effect.model_validate({"number": 1, "kind": "continuous",
                           "modifiers": [{"modifier": "cannot_attack", "activation_target": True}]})
    with pytest.raises(ValidationError, match="activation_target: true"):
        Effect.model_validate({"number": 1, "kind": "continuous",
                               "modifiers": [{"modifier": "cannot_attack", "activation_target": True, "this_card": True}]})


def test_field_entry_targets_needs_an_activation_target_modifier(tmp_path: Path) -> None:
    p = tmp_path / "s.yaml"
    p.write_text(SCENARIO.format(card="技能抽取", declared="{attribute: 暗}").replace(", declared: {attribute: 暗}", ", targets: [技能抽取]"),
                 encoding="utf-8")
    with pytest.raises(InputError, match="no continuous effect on the target"):
        scenario_facts(load(str(p)))
