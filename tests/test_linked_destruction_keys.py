"""Keys of asp/linked_destruction.lp: an effect's `destroyed_with` and a selector's `subtype`."""

from __future__ import annotations

import pytest
from pydantic import ValidationError


def test_destroyed_with_is_a_continuous_effects() -> None:
    from ygo_ruling.facts import effect_facts
    from ygo_ruling.model import Effect
    sel = {"zones": ["monster_zone"], "summoned_by_this": True}
    e = Effect.model_validate({"number": 2, "kind": "continuous", "destroyed_with": sel})
    assert 'destroyed_with("c",2,dw("c",2)).' in effect_facts('"c"', e)
    with pytest.raises(ValidationError, match="destroyed_with"):
        Effect.model_validate({"number": 2, "kind": "ignition", "destroyed_with": sel})
    with pytest.raises(ValidationError, match="destroyed_with"):
        Effect.model_validate({"number": 2, "kind": "continuous", "destroyed_with": {"this_card": True}})


def test_subtype_selector() -> None:
    from ygo_ruling.facts import selector_facts
    from ygo_ruling.model import Selector
    assert "sel_subtype(s,continuous)." in selector_facts(Selector.model_validate({"card_type": "trap", "subtype": "continuous"}), "s")
    with pytest.raises(ValidationError):
        Selector.model_validate({"subtype": "permanent"})
