"""The board as a picture: the grid model the renderers draw (render_text, render_svg,
render_html).

Built from a loaded scenario (where its cards are) and the plain data of a question's answer
(the zones a ``summon_zones`` answer lists, the ``moved`` map of a ``resolve`` / ``battle``
outcome).  Nothing here decides a game rule: a marked zone is one the answer lists, a card
after the chain is where the outcome says it went.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .errors import InputError
from .loader import PILES, LoadedScenario, load

PLAYERS = ("self", "opponent")
MAIN = tuple(f"mmz{i}" for i in range(1, 6))
SPELL_TRAP = tuple(f"stz{i}" for i in range(1, 6))
EXTRA = ("emz_left", "emz_right")
# a Pendulum Zone is the same slot as the outer Spell & Trap Zone (Master Rules 4 and 2020)
SLOT_OF_ZONE = {"pendulum_left": "stz1", "pendulum_right": "stz5"}
PILE_NAMES = {"hand": "hand", "deck": "deck", "extra_deck": "extra deck", "graveyard": "GY",
              "banished": "banished", "tokens": "tokens (not yet in play)"}
# where a card went (an outcome's `moved` map), as a cell says it
AREA_SHORT = {"graveyard": "GY", "banished": "banished", "hand": "hand", "deck": "deck",
              "extra_deck": "extra", "monster_zone": "MZ", "spell_trap_zone": "S/T",
              "pendulum_zone": "P-zone", "field_zone": "field", "gone": "gone", "tokens": "tokens"}
# how many outcomes of one resolve / battle question are drawn (the others are listed only)
MAX_DRAWN_OUTCOMES = 4

Slot = tuple[str, str]   # ("self" | "opponent", zone) or ("emz", "emz_left" | "emz_right")


@dataclass(frozen=True)
class CardView:
    """One card as drawn: the instance id the answers use, and what its picture shows."""

    id: str
    name: str
    kind: str                 # monster, spell, trap
    frames: tuple[str, ...]
    arrows: tuple[str, ...]   # Link arrows, from its controller's view
    face: str | None          # up, down (None: a pile's default)
    position: str | None      # attack, defense (monsters on the field)
    player: str               # controller on the field, owner in a pile
    owner: str
    zone: str                 # the scenario's zone or pile name (mmz3, pendulum_left, graveyard …)


@dataclass
class Board:
    """One drawing's board: the zones, the piles, and what a question adds to them."""

    cells: dict[Slot, list[CardView]] = field(default_factory=dict)
    piles: dict[str, dict[str, list[CardView]]] = field(default_factory=dict)
    lp: dict[str, int] = field(default_factory=dict)
    turn_player: str = "self"
    # a summon_zones answer: the zones it lists -> the label drawn there ("ok", or the numbers
    # of the summoned monsters that may go there when several are summoned together)
    marks: dict[Slot, str] = field(default_factory=dict)
    summoned: list[str] = field(default_factory=list)
    # zones the question's `expect: zones:` lists that the answer does not (a failing question)
    missing: set[Slot] = field(default_factory=set)
    # a resolve / battle outcome: the slots cards left, with where they went, and every move
    left: dict[Slot, list[tuple[str, str]]] = field(default_factory=dict)
    moved: list[tuple[str, str, str]] = field(default_factory=list)   # (card, from, to area)
    after: bool = False
    duel: str = "continues"


@dataclass
class Drawing:
    """A board with a caption: what a renderer draws for one question (or one outcome)."""

    caption: str
    board: Board


def slot_of(player: str, zone: str) -> Slot:
    """The grid slot of a scenario zone (Extra Monster Zones are shared)."""
    if zone in EXTRA:
        return ("emz", zone)
    return (player, SLOT_OF_ZONE.get(zone, zone))


def _view(inst: Any) -> CardView:
    d = inst.definition
    return CardView(id=inst.id, name=inst.name, kind=d.type, frames=tuple(d.frames), arrows=tuple(d.arrows),
                    face=inst.face, position=inst.position, player=inst.player, owner=inst.owner,
                    zone=inst.zone)


def board_of(loaded: LoadedScenario) -> Board:
    """The scenario's board, as written in its file."""
    sc = loaded.scenario
    board = Board(lp={p: sc.lp.get(p, 8000) for p in PLAYERS}, turn_player=sc.turn_player,
                  piles={p: {pile: [] for pile in PILES} for p in PLAYERS})
    for inst in loaded.instances:
        view = _view(inst)
        if inst.zone in PILES:
            board.piles[inst.player][inst.zone].append(view)
        else:
            board.cells.setdefault(slot_of(inst.player, inst.zone), []).append(view)
    return board


def load_board(path: str | Path, catalog: str | Path | None = None) -> Board:
    """The board of a scenario file (raises ``InputError`` as ``check`` does for a bad file);
    ``catalog``: the user's card catalog, as ``loader.load`` takes it."""
    return board_of(load(Path(path), catalog))


def try_board(path: str | Path, catalog: str | Path | None = None) -> tuple[Board | None, str | None]:
    """``load_board``, or None and the one-line reason it cannot be drawn."""
    try:
        return load_board(path, catalog), None
    except InputError as exc:
        return None, exc.line()
    except OSError as exc:
        return None, f"{path}: {exc.strerror or exc}"


def marked(board: Board, question: dict[str, Any]) -> Board:
    """The board with the zones of a summon_zones answer marked (its ``options``), and the
    zones its expectation lists that the answer does not (``expected: zones``)."""
    cards = list(question.get("cards") or [])
    player = question.get("player") or board.turn_player
    several = len(cards) > 1
    who: dict[Slot, set[int]] = {}
    for opt in question.get("options", []):
        for card, zone in opt.get("placement", {}).items():
            number = cards.index(card) + 1 if card in cards else 0
            who.setdefault(slot_of(player, zone), set()).add(number)
    marks = {s: (",".join(str(n) for n in sorted(ns)) if several else "ok") for s, ns in who.items()}
    expected = (question.get("expected") or {}).get("zones") or []
    missing = {slot_of(player, z) for z in expected} - set(marks)
    return replace(board, marks=marks, summoned=cards, missing=missing)


def after(board: Board, outcome: dict[str, Any]) -> Board:
    """The board after one outcome of a resolve / battle answer: each card of its ``moved``
    map taken from where the board had it, with where it went."""
    cells = {s: list(cs) for s, cs in board.cells.items()}
    piles = {p: {k: list(v) for k, v in ps.items()} for p, ps in board.piles.items()}
    left: dict[Slot, list[tuple[str, str]]] = {}
    moved: list[tuple[str, str, str]] = []
    for card, area in outcome.get("moved", {}).items():
        origin = "?"
        for s, cs in cells.items():
            hit = next((c for c in cs if c.id == card), None)
            if hit is not None:
                cs.remove(hit)
                left.setdefault(s, []).append((card, area))
                origin = f"{hit.player} {hit.zone}"
                break
        else:
            for p, ps in piles.items():
                for pile, cs in ps.items():
                    hit = next((c for c in cs if c.id == card), None)
                    if hit is not None:
                        cs.remove(hit)
                        origin = f"{p} {pile}"
                        break
                if origin != "?":
                    break
        moved.append((card, origin, area))
    lp = dict(board.lp)
    lp.update(outcome.get("life_points", {}))
    return replace(board, cells=cells, piles=piles, left=left, moved=moved, after=True, lp=lp,
                   duel=outcome.get("duel", "continues"), marks={}, summoned=[], missing=set())


def question_caption(question: dict[str, Any]) -> str:
    status = {"pass": "PASS", "fail": "FAIL", "unchecked": "----"}.get(question.get("status", ""), "----")
    about = {"resolve": "the chain", "battle": "the attack"}.get(question["kind"]) \
        or ", ".join(question.get("cards") or [])
    player = f" ({question['player']})" if question.get("player") else ""
    return f"[{status}] {question['id']} {question['kind']}{player}" + (f": {about}" if about else "")


def drawings(board: Board, question: dict[str, Any], max_outcomes: int = MAX_DRAWN_OUTCOMES) -> list[Drawing]:
    """What one question draws: a summon_zones question its board with the answer's zones
    marked; a resolve / battle question the board before and after each outcome (the first
    ``max_outcomes``); any other question the board as it is."""
    kind = question["kind"]
    if kind == "summon_zones":
        return [Drawing("the zones it may go to" if len(question.get("cards") or []) < 2
                        else "the zones they may go to", marked(board, question))]
    if kind in ("resolve", "battle"):
        out = [Drawing("before", board)]
        outcomes = question.get("options", [])
        for k, outcome in enumerate(outcomes[:max_outcomes], start=1):
            out.append(Drawing(f"after outcome {k}" if len(outcomes) > 1 else "after", after(board, outcome)))
        return out
    return [Drawing("the board", board)]


def undrawn_outcomes(question: dict[str, Any], max_outcomes: int = MAX_DRAWN_OUTCOMES) -> int:
    """How many outcomes of a resolve / battle question ``drawings`` leaves out."""
    if question["kind"] not in ("resolve", "battle"):
        return 0
    return max(0, len(question.get("options", [])) - max_outcomes)


# --- text widths (CJK characters take two columns) --------------------------------------

def width(text: str) -> int:
    """Display columns of ``text`` in a terminal (wide East Asian characters count 2)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 0 if unicodedata.combining(ch) else 1
               for ch in text)


def cut_to(text: str, columns: int) -> str:
    """``text`` within ``columns`` display columns (… marks a cut)."""
    if width(text) <= columns:
        return text
    out = ""
    for ch in text:
        if width(out + ch) > columns - 1:
            break
        out += ch
    return out + "…"


def short_labels(cards: list[str], columns: int) -> dict[str, str]:
    """Each card id shortened (short_name), different ids kept apart: ids whose short forms
    collide are cut in the middle instead (Blue-Eyes White Dragon / Red-Eyes Black Dragon)."""
    labels = {c: short_name(c, columns) for c in dict.fromkeys(cards)}
    seen: dict[str, list[str]] = {}
    for c, label in labels.items():
        seen.setdefault(label, []).append(c)
    for label, ids in seen.items():
        if len(ids) > 1:
            for c in ids:
                labels[c] = short_name(c, columns, keep_prefix=True)
    return labels


def short_name(card: str, columns: int, keep_prefix: bool = False) -> str:
    """A card id shortened to ``columns``: the part after the archetype prefix when the whole
    does not fit (圣灵兽骑 山飞隼 -> 山飞隼; 救祓少女·马尔法 -> 马尔法), an instance suffix
    (#2) kept; with ``keep_prefix`` only cut in the middle."""
    if width(card) <= columns:
        return card
    base, hash_, number = card.rpartition("#")
    suffix = ""
    if hash_ and number.isdigit():
        card, suffix = base, "#" + number
    room = columns - width(suffix)
    for sep in () if keep_prefix else (" ", "·", "・", "："):
        if sep in card.strip(sep):
            tail = card.strip(sep).rsplit(sep, 1)[1]
            if tail and width(tail) <= room:
                return tail + suffix
            card = tail or card
    if width(card) <= room:
        return card + suffix
    # cut in the middle: names of one set often differ only at the end (测试灵摆A / 测试灵摆B)
    tail = ""
    for ch in reversed(card):
        if width(ch + tail) > (room - 1) // 2:
            break
        tail = ch + tail
    return cut_to(card[: len(card) - len(tail)], room - width(tail)) + tail + suffix
