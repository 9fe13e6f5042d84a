"""`stats_in: next_turn` (a resolve question) and `summoned_by_card:` (a value change) are read only where they
mean something: anywhere else they are bad input (asp/next_turn_values.lp, asp/continuous_values.lp)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from ygo_ruling.model import ResolveQuestion, ValueChange


def test_stats_in_next_turn_needs_stats() -> None:
    ResolveQuestion.model_validate({"kind": "resolve", "stats_in": "next_turn", "expect": {"stats": {"X": {"atk": 0}}}})
    ResolveQuestion.model_validate({"kind": "resolve", "stats_in": "next_turn",
                                    "expect": {"outcomes": [{"stats": {"X": {"atk": 0}}}]}})
    for expect in (None, {"count": 1}, {"outcomes": [{"board": {"X": "hand"}}]}):
        q = {"kind": "resolve", "stats_in": "next_turn"} | ({"expect": expect} if expect is not None else {})
        with pytest.raises(ValidationError, match="stats_in: next_turn"):
            ResolveQuestion.model_validate(q)
    with pytest.raises(ValidationError):
        ResolveQuestion.model_validate({"kind": "resolve", "stats_in": "previous_turn", "expect": {"stats": {}}})


def test_summoned_by_card_is_a_condition_on_this_card() -> None:
    ValueChange.model_validate({"stat": "atk", "amount": 100, "to": "this_card", "summoned_by_card": "某卡"})
    with pytest.raises(ValidationError, match="to: this_card"):
        ValueChange.model_validate({"stat": "atk", "amount": 100, "to": {"player": "self", "zones": ["monster_zone"]},
                                    "summoned_by_card": "某卡"})
    with pytest.raises(ValidationError, match="to: this_card"):
        ValueChange.model_validate({"stat": "atk", "amount": 100, "to": "equipped_monster", "summoned_by_card": "某卡"})


def test_stats_in_on_another_question_is_bad_input(tmp_path) -> None:
    from ygo_ruling.api import check
    from ygo_ruling.errors import InputError

    p = tmp_path / "s.yaml"
    p.write_text("title: t\nself:\n  field: [{card: 青眼白龙, zone: mmz1}]\n"
                 "ask:\n  - {kind: can_activate, stats_in: next_turn}\n", encoding="utf-8")
    with pytest.raises(InputError):
        check(str(p))
