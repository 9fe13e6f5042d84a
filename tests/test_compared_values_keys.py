"""Keys of asp/compared_values.lp: comparisons with the cost / trigger card wherever it went, and `was:` values."""

from __future__ import annotations

import pytest
from pydantic import ValidationError


def test_cost_comparisons_need_a_cost() -> None:
    from ygo_ruling.model import Effect
    step = {"op": "destroy", "subject": {"player": "opponent", "card_type": "monster", "like_cost": ["race"]}}
    cost = [{"op": "send_to_graveyard", "subject": {"player": "self", "zones": ["spell_trap_zone"], "equipped_to_this": True}}]
    Effect.model_validate({"number": 1, "kind": "ignition", "cost": cost, "steps": [step]})
    with pytest.raises(ValidationError, match="needs a `cost:`"):
        Effect.model_validate({"number": 1, "kind": "ignition", "steps": [step]})
    ranked = {"op": "special_summon", "subject": {"zones": ["extra_deck"], "rank": {"cost_plus": [-1]}}}
    with pytest.raises(ValidationError, match="needs a `cost:`"):
        Effect.model_validate({"number": 1, "kind": "ignition", "steps": [ranked]})
    with pytest.raises(ValidationError, match="not a cost's"):
        Effect.model_validate({"number": 1, "kind": "ignition", "steps": [ranked],
                               "cost": [{"op": "tribute", "subject": {"like_cost": ["race"]}}]})


def test_trigger_card_comparisons_need_a_trigger() -> None:
    from ygo_ruling.model import Effect
    step = {"op": "add_to_hand", "subject": {"zones": ["deck"], "original_level": {"trigger_card_plus": [1, -1]}}}
    trig = {"event": "left_field", "from": "field", "card": {"player": "self", "card_type": "monster"}, "card_judged": "before"}
    Effect.model_validate({"number": 1, "kind": "trigger", "trigger": trig, "steps": [step]})
    with pytest.raises(ValidationError, match="needs a `trigger:`"):
        Effect.model_validate({"number": 1, "kind": "ignition", "steps": [step]})
    with pytest.raises(ValidationError, match="needs a `trigger:`"):
        Effect.model_validate({"number": 1, "kind": "ignition", "steps": [
            {"op": "add_to_hand", "subject": {"zones": ["deck"], "like_trigger_card": ["original_race"]}}]})
    with pytest.raises(ValidationError, match="at least 1 item"):
        Effect.model_validate({"number": 1, "kind": "trigger", "trigger": trig, "steps": [
            {"op": "add_to_hand", "subject": {"zones": ["deck"], "level": {"trigger_card_plus": []}}}]})


def test_was_values_and_archetypes() -> None:
    from ygo_ruling.model import Event
    Event.model_validate({"event": "tributed", "card": "x", "from": "monster_zone", "by": "cost",
                          "was": {"level": 4, "rank": 3, "atk": 100, "def": 0, "archetypes": ["DDD"]}})
    with pytest.raises(ValidationError):
        Event.model_validate({"event": "tributed", "card": "x", "from": "monster_zone", "was": {"level": -1}})
    with pytest.raises(ValidationError):
        Event.model_validate({"event": "destroyed", "card": "x", "from": "monster_zone", "was": {"archetypes": []}})


def test_like_target_needs_a_target() -> None:
    from ygo_ruling.model import Effect
    equip = {"op": "equip", "subject": {"zones": ["deck"], "like_target": ["original_race", "original_attribute"],
                                        "like_target_one_of": True},
             "to": {"player": "self", "zones": ["monster_zone"], "face": "up", "target": True}}
    Effect.model_validate({"number": 1, "kind": "ignition", "steps": [equip]})
    with pytest.raises(ValidationError, match="needs `target: true`"):
        Effect.model_validate({"number": 1, "kind": "ignition", "steps": [
            {"op": "add_to_hand", "subject": {"zones": ["deck"], "like_target": ["original_race"]}}]})
    with pytest.raises(ValidationError, match="goes with `like_target`"):
        Effect.model_validate({"number": 1, "kind": "ignition", "steps": [
            {"op": "add_to_hand", "subject": {"zones": ["deck"], "like_target_one_of": True}}]})
    with pytest.raises(ValidationError):
        Effect.model_validate({"number": 1, "kind": "ignition", "steps": [
            {"op": "add_to_hand", "subject": {"zones": ["deck"], "like_target": ["race"]}}]})
