"""The board drawn as text (``check --board``): the 5+2+5 grid seen from self.

    opponent: LP, piles
       S/T row      stz5 … stz1                (the opponent's zones, mirrored)
       MMZ row      mmz5 … mmz1   Field Zone
       EMZ row           emz_left   emz_right
       Field Zone   MMZ row      mmz1 … mmz5
                    S/T row      stz1 … stz5   (stz1 / stz5: also the Pendulum Zones)
    self: LP, piles

Each zone is a header (its name) over a cell: ``[name]`` a face-up card (Attack Position for a
monster), ``{name}`` a face-up Defense Position monster, ``(name)`` a face-down card, ``·`` an
empty zone, ``> ok <`` a zone the summon_zones answer lists (``!expected!`` one its `expect:
zones` lists that the answer does not), ``-> GY`` a zone a card left
during the chain (and where it went).  Card names are shortened to fit; a key line gives the
full names.
"""

from __future__ import annotations

from typing import Any

from .board import (
    AREA_SHORT,
    MAIN,
    PILE_NAMES,
    SPELL_TRAP,
    CardView,
    Board,
    Slot,
    cut_to,
    drawings,
    short_labels,
    short_name,
    undrawn_outcomes,
    width,
)

CELL = 10          # columns per zone (brackets included)
GAP = " "
MAX_PILE_NAMES = 6

# the grid: rows of 7 columns (None: no zone there); column 0 holds self's Field Zone, column
# 6 the opponent's, as the mat puts them (each player's Field Zone at their own left)
ROWS: list[list[Slot | None]] = [
    [None] + [("opponent", z) for z in reversed(SPELL_TRAP)] + [None],
    [None] + [("opponent", z) for z in reversed(MAIN)] + [("opponent", "field_zone")],
    [None, None, ("emz", "emz_left"), None, ("emz", "emz_right"), None, None],
    [("self", "field_zone")] + [("self", z) for z in MAIN] + [None],
    [None] + [("self", z) for z in SPELL_TRAP] + [None],
]
BRACKETS = {"up": "[]", "defense": "{}", "down": "()"}


def _pad(text: str, columns: int = CELL) -> str:
    """``text`` centred in ``columns`` display columns."""
    room = columns - width(text)
    return " " * (room // 2) + text + " " * (room - room // 2)


def _state(card: CardView) -> str:
    if card.face == "down":
        return "down"
    return "defense" if card.kind == "monster" and card.position == "defense" else "up"


def _header(slot: Slot, cards: list[CardView]) -> str:
    side, zone = slot
    if side == "emz":
        if cards and cards[0].player == "opponent":
            return "emz_L(opp)" if zone == "emz_left" else "emz_R(opp)"
        return zone
    if zone == "field_zone":
        return "field"
    if cards and cards[0].zone.startswith("pendulum"):
        return cards[0].zone.replace("pendulum_", "pend_")
    return zone


def _cell(board: Board, slot: Slot, labels: dict[str, str], shortened: dict[str, str], used: set[str]) -> str:
    cards = board.cells.get(slot, [])
    mark = board.marks.get(slot)
    if cards:
        inner = CELL - 2
        names = [labels[c.id] if len(cards) == 1 else short_name(c.id, max(2, inner // len(cards) - 1))
                 for c in cards]
        for c, n in zip(cards, names):
            if n != c.id:
                shortened[n] = c.id
        text = cut_to("+".join(names), inner)
        state = _state(cards[0])
        used.add(state)
        if mark is not None:
            used.add("mark")
            return ">" + _pad(text, inner) + "<"
        left, right = BRACKETS[state]
        return left + _pad(text, inner) + right
    if mark is not None:
        used.add("mark")
        return ">" + _pad(mark, CELL - 2) + "<"
    if slot in board.missing:
        used.add("missing")
        return "!" + _pad("expected", CELL - 2) + "!"
    if slot in board.left:
        used.add("left")
        return _pad(cut_to("-> " + "/".join(AREA_SHORT.get(a, a) for _, a in board.left[slot]), CELL))
    return _pad("·")


def _pile_text(cards: list[CardView], pile: str) -> str:
    default = {"extra_deck": "down", "banished": "up"}.get(pile)
    names = [c.id + (f" (face-{c.face})" if c.face and c.face != default else "") for c in cards]
    if len(names) > MAX_PILE_NAMES:
        names = names[:MAX_PILE_NAMES] + [f"+{len(cards) - MAX_PILE_NAMES} more"]
    return ", ".join(names)


def _player_line(board: Board, player: str) -> str:
    turn = " (turn player)" if board.turn_player == player else ""
    parts = [f"{player}{turn}: LP {board.lp.get(player, 8000)}"]
    if not board.after:  # after the chain the piles are told by `moved`
        for pile, cards in board.piles.get(player, {}).items():
            if cards:
                parts.append(f"{PILE_NAMES[pile]}: {_pile_text(cards, pile)}")
    return " · ".join(parts)


def grid_lines(board: Board, indent: str = "    ") -> list[str]:
    """The board drawn as text lines (no trailing newline)."""
    shortened: dict[str, str] = {}
    used: set[str] = set()
    labels = short_labels([c.id for cs in board.cells.values() for c in cs], CELL - 2)
    lines = [indent + _player_line(board, "opponent")]
    for row in ROWS:
        heads, cells = [], []
        for slot in row:
            if slot is None:
                heads.append(" " * CELL)
                cells.append(" " * CELL)
                continue
            heads.append(_pad(_header(slot, board.cells.get(slot, []))))
            cells.append(_cell(board, slot, labels, shortened, used))
        lines.append((indent + GAP.join(heads)).rstrip())
        lines.append((indent + GAP.join(cells)).rstrip())
    lines.append(indent + _player_line(board, "self"))
    if board.after and board.moved:
        lines.append(indent + "moved: " + "; ".join(f"{c} ({origin}) -> {area}" for c, origin, area in board.moved))
    if board.after and board.duel != "continues":
        lines.append(indent + f"duel: {board.duel}")
    legend = [text for key, text in (("up", "[ ] face-up"), ("defense", "{ } face-up Defense Position"),
                                     ("down", "( ) face-down"), ("mark", "> < a zone the answer lists"),
                                     ("missing", "! ! a zone expected but not in the answer"),
                                     ("left", "-> a card left the zone"))
              if key in used]
    if board.summoned and len(board.summoned) > 1:
        legend.append(", ".join(f"{i} = {c}" for i, c in enumerate(board.summoned, start=1)))
    if shortened:
        legend.append(", ".join(f"{s} = {full}" for s, full in sorted(shortened.items())))
    if legend:
        lines.append(indent + "(" + "; ".join(legend) + ")")
    return lines


def question_lines(board: Board, question: dict[str, Any], indent: str = "      ") -> list[str]:
    """The drawings of one question (board.drawings), each under its caption."""
    lines: list[str] = []
    for d in drawings(board, question):
        lines.append(f"{indent}{d.caption}:")
        lines += grid_lines(d.board, indent)
    more = undrawn_outcomes(question)
    if more:
        lines.append(f"{indent}({more} more outcome{'s' if more > 1 else ''} not drawn)")
    return lines
