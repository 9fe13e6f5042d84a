"""Keys of issue 15: selectors and field entries with several Attributes, and what banished a card (instead_by,
by_this_card / by_effect / by_archetype): what is read where, and the rest is bad input."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from ygo_ruling.model import Event, FieldCard, Selector, Trigger


def test_attribute_takes_one_or_a_list_of_attributes() -> None:
    assert Selector.model_validate({"attribute": "暗"}).attribute == "暗"
    assert Selector.model_validate({"attribute": ["光", "暗"]}).attribute == ["光", "暗"]
    for bad, match in ((["光", "DARK"], "not an Attribute"), ([], "one or more"), (["光", "光"], "twice"),
                       ("LIGHT", "not an Attribute")):
        with pytest.raises(ValidationError, match=match):
            Selector.model_validate({"attribute": bad})


def test_field_entry_attribute_is_checked_too() -> None:
    assert FieldCard.model_validate({"card": "X", "zone": "mmz1", "attribute": ["光", "暗", "地"]}).attribute
    with pytest.raises(ValidationError, match="not an Attribute"):
        FieldCard.model_validate({"card": "X", "zone": "mmz1", "attribute": "暗属性"})


def test_instead_by_goes_with_a_banished_card() -> None:
    Event.model_validate({"event": "banished", "card": "X", "from": "monster_zone", "instead_by": "Y"})
    Event.model_validate({"event": "destroyed", "card": "X", "from": "monster_zone", "to": "banished",
                          "instead_by": ["Y", "Z"]})
    with pytest.raises(ValidationError, match="goes with a card that was banished"):
        Event.model_validate({"event": "destroyed", "card": "X", "from": "monster_zone", "instead_by": "Y"})


def test_event_by_effect_needs_by_card() -> None:
    Event.model_validate({"event": "banished", "card": "X", "by_card": "X", "by_effect": 3})
    with pytest.raises(ValidationError, match="needs `by_card:`"):
        Event.model_validate({"event": "banished", "card": "X", "by_effect": 3})


def test_trigger_by_effect_needs_by_this_card() -> None:
    Trigger.model_validate({"event": "banished", "by_this_card": True, "by_effect": 3, "at_phase": "end"})
    with pytest.raises(ValidationError, match="goes with `by_this_card: true`"):
        Trigger.model_validate({"event": "banished", "by_effect": 3})
    with pytest.raises(ValidationError, match="describe what caused a card's event"):
        Trigger.model_validate({"event": "phase_reached", "at_phase": "end", "by_archetype": "天气"})
