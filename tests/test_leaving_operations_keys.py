"""Keys of issue 15 (seed 002 从场上离开): the steps a `when_leaving_field` effect may have, the field entry
`summoned_by`, the selector `summoned_by_this` and the resolve outcome key `skipped_phases`: what is read, and the
rest is bad input."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from ygo_ruling.model import Effect, FieldCard, ResolveExpect, Selector


def _leaving(*steps: dict) -> dict:
    return {"number": 2, "kind": "continuous", "when_leaving_field": True, "steps": list(steps)}


def test_when_leaving_field_steps() -> None:
    Effect.model_validate(_leaving({"op": "inflict_damage", "player": "self", "amount": 3000}))
    Effect.model_validate(_leaving({"op": "apply_modifier", "modifier": "skip_battle_phase", "player": "self"}))
    Effect.model_validate(_leaving({"op": "send_to_graveyard", "subject": {"player": "self", "zones": ["spell_trap_zone"]},
                                    "wording": "all"}))
    Effect.model_validate(_leaving({"op": "destroy", "subject": {"player": "any", "zones": ["monster_zone"],
                                                                "summoned_by_this": True}, "wording": "all"}))
    for bad in ({"op": "draw", "amount": 1},                                          # a step the rule base does not apply so
                {"op": "apply_modifier", "modifier": "no_damage", "player": "self"},  # not a skipped phase
                {"op": "destroy"}):                                                   # no cards named
        with pytest.raises(ValidationError, match="when_leaving_field"):
            Effect.model_validate(_leaving(bad))
    with pytest.raises(ValidationError):  # a skipped phase is a player's, not a card's
        Effect.model_validate(_leaving({"op": "apply_modifier", "modifier": "skip_battle_phase", "subject": {"this_card": True}}))
    with pytest.raises(ValidationError, match="when_leaving_field"):
        Effect.model_validate({"number": 1, "kind": "continuous", "when_leaving_field": True, "steps": []})


def test_summoned_by_is_a_monster_zone_entry() -> None:
    assert FieldCard.model_validate({"card": "X", "zone": "mmz3", "summoned_by": "Y"}).summoned_by == "Y"
    with pytest.raises(ValidationError, match="summoned_by"):
        FieldCard.model_validate({"card": "X", "zone": "stz1", "summoned_by": "Y"})
    assert Selector.model_validate({"summoned_by_this": True}).summoned_by_this


def test_skipped_phases_names_phases_that_can_be_skipped() -> None:
    assert ResolveExpect.model_validate({"skipped_phases": {"self": ["battle"], "opponent": []}}).skipped_phases
    for bad in ({"self": ["end"]}, {"self": ["battle_phase"]}, {"both": ["battle"]}):
        with pytest.raises(ValidationError):
            ResolveExpect.model_validate({"skipped_phases": bad})
