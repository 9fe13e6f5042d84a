"""The shipped card catalog (catalog/cards.yaml), read once per process."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import yaml
from pydantic import ValidationError

from .errors import InputError
from .model import CardDef


@lru_cache(maxsize=1)
def catalog() -> dict[str, CardDef]:
    """Every card of the shipped catalog (every catalog/*.yaml file), by name."""
    cards: dict[str, CardDef] = {}
    files = sorted((f for f in resources.files("ygo_ruling.catalog").iterdir() if f.name.endswith(".yaml")),
                   key=lambda f: f.name)
    for file in files:
        raw = yaml.safe_load(file.read_text(encoding="utf-8")) or {}
        for name, body in raw.items():
            if str(name) in cards:  # a bug in what we ship, not a user error
                raise RuntimeError(f"catalog entry {name!r} is defined twice ({file.name})")
            try:
                cards[str(name)] = CardDef.model_validate(body)
            except ValidationError as exc:
                raise RuntimeError(f"catalog entry {name!r} ({file.name}) is invalid: {exc}") from exc
    return cards


def lookup(name: str, inline: dict[str, CardDef], where: str, key: str) -> CardDef:
    """The definition of ``name``: the scenario's inline cards first, then the catalog."""
    if name in inline:
        return inline[name]
    found = catalog().get(name)
    if found is None:
        raise InputError(where, key, f"unknown card {name!r}: define it under `cards:` or use a catalog card")
    return found
