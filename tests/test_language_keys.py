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
