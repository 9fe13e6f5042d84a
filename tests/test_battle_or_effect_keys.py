"""The keys of 「灵摆魔女」 灵摆①: `or_by_battle` (『被战斗或者对方的效果破坏』), `frames_one_of` (『融合·同调·超量怪兽』) and the
step `add_to_extra_deck` (『从卡组表侧加入额外卡组』)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from ygo_ruling.facts import selector_facts
from ygo_ruling.model import Effect, Selector


def _trigger(**extra: object) -> dict:
    return {"number": 1, "kind": "trigger", "activates_from": ["pendulum_zone"],
            "trigger": {"event": "destroyed", "from": "field", "card": {"player": "self", "frames_one_of": ["fusion", "xyz"]},
                        "card_judged": "before", **extra},
            "steps": [{"op": "add_to_extra_deck", "subject": {"player": "self", "zones": ["deck"], "frames": ["pendulum"]}}]}


def test_or_by_battle_goes_with_the_effect_branch() -> None:
    Effect.model_validate(_trigger(by="effect", by_player="opponent", or_by_battle=True))
    with pytest.raises(ValidationError, match="or_by_battle"):
        Effect.model_validate(_trigger(or_by_battle=True))
    with pytest.raises(ValidationError, match="or_by_battle"):
        Effect.model_validate(_trigger(by="battle", or_by_battle=True))


def test_frames_one_of_is_one_fact_per_frame() -> None:
    facts = selector_facts(Selector.model_validate({"frames_one_of": ["fusion", "synchro", "xyz"]}), "s")
    assert {f for f in facts if f.startswith("sel_frame_one_of")} == {
        "sel_frame_one_of(s,fusion).", "sel_frame_one_of(s,synchro).", "sel_frame_one_of(s,xyz)."}
    with pytest.raises(ValidationError):
        Selector.model_validate({"frames_one_of": ["fusion", "not_a_frame"]})
