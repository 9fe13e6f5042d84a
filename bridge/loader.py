"""Read a scenario file into a validated ``Scenario`` and its card instances."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from .cards import lookup
from .errors import InputError
from .limits import check_sums, check_values, load_yaml, read_text, shown
from .model import QUESTION_KINDS, CardDef, FieldCard, PileCard, Scenario
from .refs import find_card

PILES = ("hand", "deck", "extra_deck", "graveyard", "banished", "tokens")
DEFAULT_PILE_FACE = {"extra_deck": "down", "banished": "up"}


@dataclass
class Instance:
    """One physical card of the scenario."""

    id: str
    name: str
    definition: CardDef
    player: str          # controller on the field, owner in a pile
    zone: str            # scenario zone name (mmz3, emz_left, hand, ...)
    face: str | None
    position: str | None
    owner: str
    public: bool
    deck_position: int | None
    counters: int
    key: str             # where it is written in the file (for messages)
    under: str | None = None   # an Xyz Material: the id of the Xyz monster it is under
    properly_summoned: bool = False


@dataclass
class LoadedScenario:
    path: str
    scenario: Scenario
    instances: list[Instance] = field(default_factory=list)
    by_id: dict[str, Instance] = field(default_factory=dict)

    def resolve(self, ref: str, key: str) -> Instance:
        """A card reference: an instance id, or a card name used once."""
        if ref in self.by_id:
            return self.by_id[ref]
        return self.by_id[find_card(self.path, {i.id: i.name for i in self.instances}, ref, key)]


def _format_loc(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def _validation_line(path: str, exc: ValidationError) -> InputError:
    err = exc.errors()[0]
    raw = original = tuple(err["loc"])
    # a question's kind is the union's tag, not a key of the file: ask[0].resolve.expect -> ask[0].expect
    raw = tuple(p for i, p in enumerate(raw)
                if not (i >= 2 and raw[i - 2] == "ask" and isinstance(raw[i - 1], int) and p in QUESTION_KINDS))
    loc = tuple(p for p in raw if p not in ("str", "PileCard"))
    # pydantic names union members in the location; keep the user's keys only
    loc = tuple(p for p in loc if not (isinstance(p, str) and p.startswith(("function-", "literal["))))
    msg = err["msg"]
    if err["type"] == "union_tag_invalid":
        msg = f"unknown question kind {shown(err['input'].get('kind'))}" if isinstance(err.get("input"), dict) else msg
    elif err["type"] == "extra_forbidden":
        allowed = _allowed_keys(original[:-1])
        msg = f"unknown key (allowed here: {', '.join(allowed)})" if allowed else "unknown key"
    elif err["type"] == "literal_error":
        msg = f"{shown(err['input'])} is not one of: {err['ctx']['expected']}"
    elif err["type"] == "missing":
        msg = "required key is missing"
    msg = msg.removeprefix("Value error, ")
    return InputError(path, _format_loc(loc) or None, msg)


def _allowed_keys(loc: tuple[Any, ...]) -> list[str]:
    """The keys the model at ``loc`` (a pydantic error location without its last part) takes;
    [] when it cannot be told."""
    import typing

    from pydantic import BaseModel

    def models(tp: Any) -> list[type[BaseModel]]:
        if isinstance(tp, (str, typing.ForwardRef)):  # a model named before it is defined
            from . import model

            tp = eval(tp if isinstance(tp, str) else tp.__forward_arg__, vars(model))  # noqa: S307 (our own names)
        origin = typing.get_origin(tp)
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            return [tp]
        if origin is typing.Annotated:
            return models(typing.get_args(tp)[0])
        if origin is None:
            return []
        return [m for a in typing.get_args(tp) for m in models(a)]

    current: list[type[BaseModel]] = [Scenario]
    for part in loc:
        if isinstance(part, int) or not current:
            continue
        if part in QUESTION_KINDS:
            current = [m for m in current if "kind" in m.model_fields
                       and part in typing.get_args(m.model_fields["kind"].annotation)] or current
            continue
        nxt: list[type[BaseModel]] = []
        for m in current:
            for name, f in m.model_fields.items():
                if part in (name, f.alias):
                    nxt += models(f.annotation)
        # no field of that name: a user's name in a mapping (cards: {NAME: …}); stay on the model
        current = nxt if nxt else current
    if len(current) != 1:
        return []
    return [f.alias or n for n, f in current[0].model_fields.items()]


def read_yaml(path: Path) -> Any:
    """A scenario file as plain data, within the input limits (limits.py)."""
    where = str(path)
    text = read_text(path)
    if not text.strip():
        raise InputError(where, None, "empty file, expected a scenario")
    try:
        data = load_yaml(text, where)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or "invalid YAML"
        raise InputError(where, None, f"YAML syntax error{at}: {problem}") from None
    if data is None:
        raise InputError(where, None, "empty file (only comments), expected a scenario")
    if not isinstance(data, dict):
        raise InputError(where, None, "expected a mapping of scenario keys (title, source, self, opponent, ask, ...)")
    check_values(data, where)
    return data


def load(path: Path) -> LoadedScenario:
    """Validate a scenario file; raise ``InputError`` for anything the user must fix."""
    where = str(path)
    data = read_yaml(path)
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        raise _validation_line(where, exc) from exc
    loaded = LoadedScenario(where, scenario)
    _collect_instances(loaded)
    check_sums(loaded)
    return loaded


def _collect_instances(loaded: LoadedScenario) -> None:
    sc = loaded.scenario
    raw: list[tuple[str, str, FieldCard | PileCard, int, str]] = []
    for player in ("self", "opponent"):
        state = sc.player(player)
        for i, fc in enumerate(state.field):
            raw.append((player, fc.zone, fc, i, f"{player}.field[{i}]"))
            # an Xyz monster's materials: cards under it (asp/materials.lp), by default its controller's
            for j, entry in enumerate(fc.materials or []):
                pc = PileCard(card=entry) if isinstance(entry, str) else entry
                raw.append((player, "xyz_material", pc, j, f"{player}.field[{i}].materials[{j}]"))
        for pile in PILES:
            for i, entry in enumerate(getattr(state, pile)):
                pc = PileCard(card=entry) if isinstance(entry, str) else entry
                raw.append((player, pile, pc, i, f"{player}.{pile}[{i}]"))
    counts: dict[str, int] = {}
    for _, _, entry, _, _ in raw:
        if entry.id is None:
            counts[entry.card] = counts.get(entry.card, 0) + 1
    seen: dict[str, int] = {}
    for player, zone, entry, index, key in raw:
        definition = lookup(entry.card, sc.cards, loaded.path, f"{key}.card")
        if entry.id is not None:
            ident = entry.id
        elif counts[entry.card] == 1:
            ident = entry.card
        else:
            seen[entry.card] = seen.get(entry.card, 0) + 1
            ident = f"{entry.card}#{seen[entry.card]}"
        if ident in loaded.by_id:
            raise InputError(loaded.path, f"{key}.id", f"id {ident!r} is used twice")
        if isinstance(entry, FieldCard):
            changed = {k: v for k, v in (("race", entry.race), ("atk", entry.atk), ("def_", entry.def_))
                       if v is not None}
            if changed:
                definition = definition.model_copy(update=changed)
            face: str | None = entry.face
            position = entry.position
            if position is None and definition.type == "monster" and zone.startswith(("mmz", "emz")):
                position = "attack"
        else:
            face = entry.face or DEFAULT_PILE_FACE.get(zone)
            position = None
        inst = Instance(
            id=ident, name=entry.card, definition=definition, player=player,
            zone=zone, face=face, position=position,
            owner=entry.owner or player, key=key,
            public=getattr(entry, "public", False),
            deck_position=index + 1 if zone == "deck" else None,
            counters=getattr(entry, "counters", 0),
        )
        inst.properly_summoned = getattr(entry, "properly_summoned", False)
        if zone == "xyz_material":  # under the field card written just before its materials
            inst.under = next(i.id for i in reversed(loaded.instances) if i.key == key.rsplit(".materials[", 1)[0])
        loaded.instances.append(inst)
        loaded.by_id[ident] = inst
