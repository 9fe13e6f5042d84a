"""Keys of asp/gemini.lp (a card's `abilities: [gemini]`, a field entry's `gemini_summoned:`) and asp/equipped_to_before.lp (`was_equipped_to_this`)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

SCENARIO = """
title: gemini_summoned on a field monster
source: {{file: lucays/OCG-Rule-documentation docs/c06/2019.rst:1787, section: 数据库}}
self:
  field:
    - {{card: {card}, zone: mmz1, gemini_summoned: true}}
ask:
  - {{kind: can_activate, player: self}}
"""


def test_gemini_summoned_only_on_a_gemini_monster(tmp_path) -> None:
    from ygo_ruling.api import check
    from ygo_ruling.errors import InputError
    p = tmp_path / "s.yaml"
    p.write_text(SCENARIO.format(card="真红眼黑炎龙"), encoding="utf-8")
    check(str(p))
    p.write_text(SCENARIO.format(card="黑魔术师"), encoding="utf-8")
    with pytest.raises(InputError) as err:
        check(str(p))
    assert err.value.key == "self.field[0].gemini_summoned"


def test_gemini_summoned_only_in_a_monster_zone() -> None:
    from ygo_ruling.model import FieldCard
    FieldCard.model_validate({"card": "真红眼黑炎龙", "zone": "mmz1", "gemini_summoned": True})
    with pytest.raises(ValidationError, match="gemini_summoned"):
        FieldCard.model_validate({"card": "真红眼黑炎龙", "zone": "stz1", "gemini_summoned": True})


def test_was_equipped_to_this_not_on_this_card() -> None:
    """asp/equipped_to_before.lp: `was_equipped_to_this` describes the cards once equipped to this card."""
    from ygo_ruling.facts import selector_facts
    from ygo_ruling.model import Selector
    sel = Selector.model_validate({"zones": ["graveyard"], "abilities": ["gemini"], "was_equipped_to_this": True})
    assert "sel_was_equip_of_this(s)." in selector_facts(sel, "s")
    with pytest.raises(ValidationError, match="was_equipped_to_this"):
        Selector.model_validate({"this_card": True, "was_equipped_to_this": True})
