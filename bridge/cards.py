"""The cards a scenario names: the shipped catalog (catalog/*.yaml, read once per process), the
user's own card data (usercards.py: a cards.cdb imported) and the scenario's inline ``cards:``.

A card named in a scenario (by name, or by passcode when the user's card data has it) is defined by:

1. the scenario's inline ``cards:`` entry with a ``type:``: the whole card, as written (nothing else
   is read: the shipped corpus defines its cards this way);
2. else its stats (type, frames, Level/Rank/Link, arrows, scale, Attribute, Type, ATK/DEF, Spell/Trap
   kind, text) from the user's card data, and everything else (effects, archetype names,
   special properties) from the shipped catalog; either alone when only one knows the card;
3. an inline ``cards:`` entry without ``type:`` then adds to that card: the keys it gives replace
   the card's (its ``effects:``, say).

A card known only from the user's card data has no described effects: a question that needs them
says so (loader.check_effects_described) rather than answer as if it had none.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import yaml
from pydantic import ValidationError

from .errors import InputError
from .model import CardDef
from .usercards import Card, UserCatalog, is_passcode

# what the user's card data decides of a card that the shipped catalog also knows
STAT_FIELDS = ("type", "frames", "level", "rank", "link", "scale", "attribute", "race", "atk", "def_", "arrows",
               "subtype", "text")


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
            if cards[str(name)].type is None:
                raise RuntimeError(f"catalog entry {name!r} ({file.name}) has no type")
    return cards


@dataclass(frozen=True)
class CardInfo:
    """A card as a scenario names it, resolved."""

    name: str                  # how answers name it: as written, or the imported name for a passcode
    definition: CardDef
    origin: tuple[str, ...]    # where the definition comes from: "inline", "card data", "shipped catalog"
    passcode: int | None = None
    imported: Card | None = None

    @property
    def effects_described(self) -> bool:
        """Its effects come from somewhere that describes effects (not the card data alone)."""
        return "inline" in self.origin or "shipped catalog" in self.origin

    @property
    def undescribed(self) -> bool:
        """A card with effects (a Spell/Trap, an Effect or Pendulum Monster) whose effects
        nothing describes: only its stats are known."""
        d = self.definition
        has_effects = d.type in ("spell", "trap") or bool({"effect", "pendulum"} & set(d.frames))
        return has_effects and not d.effects and not self.effects_described


def _given(d: CardDef) -> dict[str, object]:
    """The keys a definition gives (by field name)."""
    return {name: getattr(d, name) for name in d.model_fields_set}


def _merged(keys: dict[str, object], where: str, key: str, what: str) -> CardDef:
    try:
        return CardDef.model_validate(keys)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err["loc"])
        raise InputError(where, key, f"{what}: {loc + ': ' if loc else ''}"
                                     f"{err['msg'].removeprefix('Value error, ')}") from None


def _with_stats(stats: CardDef, shipped: CardDef) -> dict[str, object]:
    """What the card data says, the shipped card's keys over it but for the stats (archetypes: both)."""
    keys = _given(stats)
    keys.update({k: v for k, v in _given(shipped).items() if k not in STAT_FIELDS})
    keys.update({k: getattr(stats, k) for k in STAT_FIELDS if k != "text" or stats.text is not None})
    keys["archetypes"] = list(dict.fromkeys([*shipped.archetypes, *stats.archetypes]))
    return keys


def resolve_card(ref: str, inline: dict[str, CardDef], where: str, key: str,
                 user: UserCatalog | None = None) -> CardInfo:
    """The card ``ref`` names (a name, or a passcode of the user's card data); see the module's
    docstring for what defines it.  Bad input at ``key`` when nothing knows it."""
    imported = user.find(ref) if user is not None else None
    refs = [ref] + ([*imported.names, str(imported.passcode)] if imported else [])
    name = imported.name if imported is not None and is_passcode(ref) else ref
    passcode = imported.passcode if imported is not None else None
    own_key = next((r for r in refs if r in inline), None)
    own = inline[own_key] if own_key is not None else None
    if own is not None and own.type is not None:
        return CardInfo(name, own, ("inline",), passcode, imported)
    shipped = next((catalog()[r] for r in refs if r in catalog()), None)
    origin: tuple[str, ...]
    if imported is not None:
        try:
            stats = imported.definition()
        except ValueError as exc:
            raise InputError(where, key, f"{ref}: your card data's card cannot be read ({exc}): import your "
                                         "cards.cdb again") from None
    if imported is not None and shipped is not None:
        base = _merged(_with_stats(stats, shipped), where, key,
                       f"{ref}: the card data and the shipped catalog do not fit together")
        origin = ("card data", "shipped catalog")
    elif imported is not None:
        base, origin = stats, ("card data",)
    elif shipped is not None:
        base, origin = shipped, ("shipped catalog",)
    elif own is not None:
        raise InputError(where, f"cards.{own_key}.type", f"required key is missing ({ref!r} is not in the shipped "
                                                         "catalog nor in your card data: give its type and properties)")
    else:
        raise InputError(where, key, unknown_card(ref, user))
    if own is not None:  # an inline entry without type: its keys replace the card's
        base = _merged({**_given(base), **_given(own)}, where, f"cards.{own_key}", "with the keys given here")
        origin = ("inline", *origin)
    return CardInfo(name, base, origin, passcode, imported)


def unknown_card(ref: str, user: UserCatalog | None) -> str:
    """Why ``ref`` names no card, and what to do."""
    if user is None:
        hint = (" (no card data is imported: `ygo-ruling cards import cards.cdb`)" if is_passcode(ref)
                else ": define it under `cards:`, use a catalog card, or import your card data "
                     "(`ygo-ruling cards import cards.cdb`)")
        return f"unknown card {ref!r}{hint}"
    near = user.similar(ref)
    also = f" (did you mean {', '.join(near)}?)" if near else ""
    return (f"unknown card {ref!r}: not under `cards:`, in the shipped catalog, nor in your card data "
            f"({user.path}){also}")


def lookup(name: str, inline: dict[str, CardDef], where: str, key: str, user: UserCatalog | None = None) -> CardDef:
    """The definition of ``name`` (``resolve_card``'s)."""
    return resolve_card(name, inline, where, key, user).definition


def card_view(ref: str, user: UserCatalog | None) -> dict[str, object]:
    """What is known of the card ``ref`` names, as plain data (``cards show``); bad input when
    nothing knows it."""
    info = resolve_card(ref, {}, "command line", "cards show", user)
    d, imported = info.definition, info.imported
    data = imported.data if imported is not None else {}
    view: dict[str, object] = {"name": info.name, "passcode": info.passcode, "type": d.type}
    if imported is not None:
        view["names"] = list(imported.names)
    for key in ("subtype", "frames", "level", "rank", "link", "arrows", "attribute", "race"):
        value = getattr(d, key)
        if value not in (None, []):
            view[key] = value
    if data.get("scales"):
        view["scales"] = data["scales"]
    elif d.scale is not None:
        view["scales"] = [d.scale, d.scale]
    if d.type == "monster":
        view["atk"] = data.get("atk", d.atk) if imported is not None else d.atk
        if "link" not in d.frames:
            view["def"] = data.get("def", d.def_) if imported is not None else d.def_
    if data.get("abilities"):
        view["abilities"] = data["abilities"]
    if d.archetypes:
        view["archetypes"] = list(d.archetypes)
    view["effects"] = [{"number": e.number, "kind": e.kind} for e in d.effects]
    view["effects_described"] = info.effects_described
    view["from"] = list(info.origin)
    if imported is not None:
        view["cdb"] = imported.source
        view["catalog"] = user.path if user is not None else None
    if d.text:
        view["text"] = d.text
    return view
