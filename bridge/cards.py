"""The shipped card catalog (catalog/cards.yaml), read once per process."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import yaml
from pydantic import ValidationError

from .errors import InputError
from .model import CardDef

CATALOG_FILE = "cards.yaml"


@lru_cache(maxsize=1)
def catalog() -> dict[str, CardDef]:
    """Every card of the shipped catalog, by name."""
    text = resources.files("ygo_ruling.catalog").joinpath(CATALOG_FILE).read_text(encoding="utf-8")
    raw = yaml.safe_load(text) or {}
    cards: dict[str, CardDef] = {}
    for name, body in raw.items():
        try:
            cards[str(name)] = CardDef.model_validate(body)
        except ValidationError as exc:  # a bug in what we ship, not a user error
            raise RuntimeError(f"catalog entry {name!r} is invalid: {exc}") from exc
    return cards


def lookup(name: str, inline: dict[str, CardDef], where: str, key: str) -> CardDef:
    """The definition of ``name``: the scenario's inline cards first, then the catalog."""
    if name in inline:
        return inline[name]
    found = catalog().get(name)
    if found is None:
        raise InputError(where, key, f"unknown card {name!r}: define it under `cards:` or use a catalog card")
    return found
