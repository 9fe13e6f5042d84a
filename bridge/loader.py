"""Read a scenario file into a validated ``Scenario`` and its card instances."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from .cards import CardInfo, resolve_card
from .errors import InputError
from .limits import check_sums, check_values, load_yaml, read_text, shown
from .model import QUESTION_KINDS, AsMonster, CardDef, FieldCard, PileCard, Scenario
from .refs import find_card
from .usercards import UserCatalog, is_passcode, open_catalog
from .usercards import resolve as resolve_catalog

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
    card: CardInfo | None = None  # the card it is (its printed definition, where that comes from)
    under: str | None = None   # an Xyz Material: the id of the Xyz monster it is under
    properly_summoned: bool = False
    field_attributes: tuple[str, ...] = ()   # its Attribute(s) on the field now, changed by a continuous effect
    field_name: str | None = None            # its name on the field now, changed by another card's effect
    as_monster: AsMonster | None = None      # a Spell / Trap card Special Summoned as a Normal monster
    own_change: int | None = None            # the number of its own effect that changed its Level / Type / Attribute / name
    own_race: str | None = None              # the Type that effect gave it (its printed one stays in `definition`)


@dataclass
class LoadedScenario:
    path: str
    scenario: Scenario
    instances: list[Instance] = field(default_factory=list)
    by_id: dict[str, Instance] = field(default_factory=dict)

    def resolve(self, ref: str, key: str) -> Instance:
        """A card reference: an instance id, a card name used once, or its passcode (card data)."""
        if ref in self.by_id:
            return self.by_id[ref]
        if is_passcode(ref):
            coded = [i for i in self.instances if i.card is not None and i.card.passcode == int(ref)]
            if len(coded) == 1:
                return coded[0]
            if coded:
                raise InputError(self.path, key, f"{ref!r} is ambiguous ({', '.join(i.id for i in coded)}): "
                                                 "refer to one by its id")
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


def load(path: Path, catalog: str | Path | None = None) -> LoadedScenario:
    """Validate a scenario file; raise ``InputError`` for anything the user must fix.
    ``catalog``: the user's card catalog file ("" : none; None: the default, usercards.resolve)."""
    where = str(path)
    user = open_catalog(resolve_catalog(catalog))
    data = read_yaml(path)
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        raise _validation_line(where, exc) from exc
    loaded = LoadedScenario(where, scenario)
    _collect_instances(loaded, user)
    _grant_material_effects(loaded)
    for name, own in scenario.cards.items():  # keys added to a card: to one that is known
        if own.type is None:
            resolve_card(name, scenario.cards, where, f"cards.{name}", user)
    check_effects_described(loaded)
    check_sums(loaded)
    return loaded


def check_effects_described(loaded: LoadedScenario) -> None:
    """A question about cards whose effects nothing describes (known from the card data only)
    is bad input: its answer would treat them as having none.  What each question needs: the
    effects of the cards it asks about (can_activate), of the chain's cards (resolve), of the
    battling monsters (battle), of every card of the player acting (legal_actions) or of the
    board (chain_order); summon_zones needs none."""
    sc = loaded.scenario
    for i, q in enumerate(sc.ask):
        needed: list[tuple[str, str]] = []  # (card reference, key)
        if q.kind == "can_activate":
            refs = list(q.cards) + ([q.with_card_activation] if q.with_card_activation else [])
            if refs:
                needed = [(r, f"ask[{i}].cards") for r in refs]
            else:
                players = ("self", "opponent") if q.player == "both" else (q.player,)
                needed = [(x.id, f"ask[{i}]") for x in loaded.instances if x.player in players]
        elif q.kind == "resolve":
            needed = [(link.card, f"chain[{j}].card") for j, link in enumerate(sc.chain)]
        elif q.kind == "battle" and sc.attack is not None:
            needed = [(r, f"attack.{k}") for k, r in (("attacker", sc.attack.attacker), ("target", sc.attack.target))
                      if r is not None]
        elif q.kind == "legal_actions":
            acting = getattr(sc, "priority", None) or sc.turn_player
            needed = [(x.id, f"ask[{i}]") for x in loaded.instances if x.player == acting]
        elif q.kind != "summon_zones":
            needed = [(x.id, f"ask[{i}]") for x in loaded.instances]
        missing: dict[str, str] = {}
        for ref, key in needed:
            try:
                inst = loaded.resolve(ref, key)
            except InputError:
                continue  # named wrongly: said where the reference is read
            if inst.card is not None and inst.card.undescribed:
                missing.setdefault(inst.name, key)
        if missing:
            names = list(missing)
            who = (f"{names[0]}: its effects are" if len(names) == 1
                   else f"{names[0]} and {len(names) - 1} other card{'s' if len(names) > 2 else ''}: their effects are")
            raise InputError(loaded.path, missing[names[0]],
                             f"{who} not described (your card data gives the stats only); the {q.kind} question "
                             "needs them: describe them under `cards:` (docs/effect-language.md)")


def _collect_instances(loaded: LoadedScenario, user: UserCatalog | None = None) -> None:
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
    infos = [resolve_card(entry.card, sc.cards, loaded.path, f"{key}.card", user) for _, _, entry, _, key in raw]
    counts: dict[str, int] = {}
    for (_, _, entry, _, _), info in zip(raw, infos):
        if entry.id is None:
            counts[info.name] = counts.get(info.name, 0) + 1
    seen: dict[str, int] = {}
    for (player, zone, entry, index, key), info in zip(raw, infos):
        definition, name = info.definition, info.name
        if entry.id is not None:
            ident = entry.id
        elif counts[name] == 1:
            ident = name
        else:
            seen[name] = seen.get(name, 0) + 1
            ident = f"{name}#{seen[name]}"
        if ident in loaded.by_id:
            raise InputError(loaded.path, f"{key}.id", f"id {ident!r} is used twice")
        if isinstance(entry, FieldCard):
            changed = {k: v for k, v in (("race", entry.race if entry.own_change is None else None),
                                         ("atk", entry.atk), ("def_", entry.def_)) if v is not None}
            if changed:
                definition = definition.model_copy(update=changed)
            face: str | None = entry.face
            position = entry.position
            is_monster = definition.type == "monster" or definition.trap_monster is not None  # a Trap monster too
            if position is None and is_monster and zone.startswith(("mmz", "emz")):
                position = "attack"
        else:
            face = entry.face or DEFAULT_PILE_FACE.get(zone)
            position = None
        inst = Instance(
            id=ident, name=name, definition=definition, player=player,
            zone=zone, face=face, position=position,
            owner=entry.owner or player, key=key,
            public=getattr(entry, "public", False),
            deck_position=index + 1 if zone == "deck" else None,
            counters=getattr(entry, "counters", 0), card=info,
        )
        inst.properly_summoned = getattr(entry, "properly_summoned", False)
        if isinstance(entry, FieldCard) and entry.attribute is not None:
            inst.field_attributes = tuple([entry.attribute] if isinstance(entry.attribute, str) else entry.attribute)
        if isinstance(entry, FieldCard) and entry.name is not None:
            inst.field_name = entry.name
        if isinstance(entry, FieldCard) and entry.as_monster is not None:
            inst.as_monster = entry.as_monster
        if isinstance(entry, FieldCard) and entry.own_change is not None:  # its own effect changed them (own_changes.lp)
            if not any(e.number == entry.own_change for e in definition.effects):
                raise InputError(loaded.path, f"{key}.own_change", f"{name} has no effect numbered {entry.own_change} described")
            inst.own_change = entry.own_change
            inst.own_race = entry.race
        if zone == "xyz_material":  # under the field card written just before its materials
            inst.under = next(i.id for i in reversed(loaded.instances) if i.key == key.rsplit(".materials[", 1)[0])
        loaded.instances.append(inst)
        loaded.by_id[ident] = inst


def _grant_material_effects(loaded: LoadedScenario) -> None:
    """『持有这张卡作为素材中的「X」超量怪兽得到以下效果』 (effect key `granted`): the number the effect would be known
    by on the Xyz monster the material is under must be free there (an input check only: whether that monster gains
    the effect is decided by asp/granted_effects.lp)."""
    for mat in loaded.instances:
        if mat.under is None:
            continue
        host = loaded.by_id[mat.under]
        for e in mat.definition.effects:
            g = e.granted
            if g is not None and any(o.number == g.number for o in host.definition.effects):
                raise InputError(loaded.path, f"{mat.key}", f"{mat.name}'s granted effect number {g.number} is "
                                 f"already one of {host.name}'s effects: give `granted.number` another")
