"""The board drawn as SVG (``ygo-ruling draw``, and each board of the HTML report).

One drawing is the 5+2+5 grid seen from self (the opponent's zones mirrored above, the two
Extra Monster Zones between, each player's Field Zone at their own left, their Extra Deck,
Deck, GY and banished cards beside the grid), with each card where the scenario puts it:
coloured by its frame (Spell green, Trap rose, face-down brown), turned sideways in Defense
Position, its Link arrows drawn as its controller holds it; self's half of the grid is tinted
blue and the opponent's red (an Extra Monster Zone takes the tint of the player whose card is
in it).  A zone a summon_zones answer lists has a green dashed border (one its
expectation lists but the answer does not, a red one); a zone a card left during the chain says
where it went.

Every zone is a ``<g class="zone" data-player=… data-zone=…>`` and every card a ``<g
class="card" data-card=… data-player=… data-zone=…>`` (plus ``legal`` / ``left`` /
``missing`` classes and ``data-mark``), so a program can read a drawing back; hovering a card shows its full name.
Standard library only (xml.etree).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from .board import (
    AREA_SHORT,
    MAIN,
    PILE_NAMES,
    SPELL_TRAP,
    CardView,
    Drawing,
    Board,
    Slot,
    drawings,
    question_caption,
    undrawn_outcomes,
    width,
)

SVG_NS = "http://www.w3.org/2000/svg"
CW, CH, GAP, PAD = 80, 96, 8, 10          # zone cell, gap, margin
CARD_W, CARD_H = 54, 76
LINE = 15                                  # text line height
FONT = 11
COLUMNS = 7
GRID_W = COLUMNS * CW + (COLUMNS - 1) * GAP
PANEL_W = GRID_W + 2 * PAD

FRAME_FILL = [("link", "#3d6fc4"), ("xyz", "#2b2b2b"), ("synchro", "#e9e9e9"), ("fusion", "#9a79cf"),
              ("ritual", "#79a6e3"), ("token", "#b9b9b9"), ("normal", "#e6cf83"), ("effect", "#e59a5a")]
DARK_FILLS = {"#3d6fc4", "#2b2b2b", "#7b5535", "#1d9e74", "#bc5a84"}
KIND_FILL = {"spell": "#1d9e74", "trap": "#bc5a84"}
BACK_FILL = "#7b5535"
PENDULUM_FILL = "#3aa98a"

# the grid rows: 7 columns; None: nothing; ("pile", player, name): a pile box beside the grid
Cell = tuple[str, str] | tuple[str, str, str] | None
ROWS: list[list[Cell]] = [
    [("pile", "opponent", "deck")] + [("opponent", z) for z in reversed(SPELL_TRAP)]
    + [("pile", "opponent", "extra_deck")],
    [("pile", "opponent", "graveyard")] + [("opponent", z) for z in reversed(MAIN)] + [("opponent", "field_zone")],
    [("pile", "opponent", "banished"), None, ("emz", "emz_left"), None, ("emz", "emz_right"), None,
     ("pile", "self", "banished")],
    [("self", "field_zone")] + [("self", z) for z in MAIN] + [("pile", "self", "graveyard")],
    [("pile", "self", "extra_deck")] + [("self", z) for z in SPELL_TRAP] + [("pile", "self", "deck")],
]

STYLE = """
.ygo-board text { font-family: "Noto Sans CJK SC", "Noto Sans SC", "Microsoft YaHei", "PingFang SC",
  "Hiragino Sans", sans-serif; font-size: 11px; fill: #222; }
.ygo-board .zone rect.box { fill: #fff; stroke: #b9c3cc; stroke-width: 1; }
.ygo-board .zone.self rect.box { fill: #eef4fb; }
.ygo-board .zone.opponent rect.box { fill: #fbefef; }
.ygo-board .zone.emz rect.box { fill: #f1f1f1; }
.ygo-board .zone.emz.self rect.box { fill: #eef4fb; }
.ygo-board .zone.emz.opponent rect.box { fill: #fbefef; }
.ygo-board .zone text.label, .ygo-board .pile text.label { font-size: 9px; fill: #6b7680; }
.ygo-board .zone.legal rect.box { stroke: #17933a; stroke-width: 3; stroke-dasharray: 7 4; fill: #e3f6e6; }
.ygo-board .zone.legal text.mark { font-size: 15px; font-weight: bold; fill: #17933a; }
.ygo-board .zone.missing rect.box { stroke: #c0392b; stroke-width: 3; stroke-dasharray: 3 3; fill: #fdeceb; }
.ygo-board .zone.missing text.mark { font-size: 12px; font-weight: bold; fill: #c0392b; }
.ygo-board .zone.left text.went { font-size: 11px; fill: #8a4b00; font-weight: bold; }
.ygo-board .zone.left rect.ghost { fill: none; stroke: #c98d4a; stroke-dasharray: 4 3; }
.ygo-board .card rect.face { stroke: #333; stroke-width: 1.2; }
.ygo-board .card text.name { font-size: 10px; }
.ygo-board .card text.dark { fill: #fff; }
.ygo-board .card text.tag { font-size: 8px; }
.ygo-board .card polygon.arrow { fill: #ff3b1f; stroke: #fff; stroke-width: 1; }
.ygo-board .pile rect.box { fill: #fafafa; stroke: #cfd6dc; stroke-dasharray: 3 3; }
.ygo-board .pile text.count { font-size: 18px; fill: #444; }
.ygo-board text.caption { font-size: 13px; font-weight: bold; }
.ygo-board text.info { font-size: 11px; fill: #333; }
.ygo-board text.note { font-size: 10px; fill: #555; }
.ygo-board text.question { font-size: 14px; font-weight: bold; }
.ygo-board text.question.pass { fill: #17733a; }
.ygo-board text.question.fail { fill: #b3261e; }
"""

# Link arrow directions: unit vectors from the card's controller's view (up: toward the opponent)
ARROW_DIR = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0), "up_left": (-1, -1),
             "up_right": (1, -1), "down_left": (-1, 1), "down_right": (1, 1)}


def _el(parent: ET.Element, tag: str, text: str | None = None, **attrs: Any) -> ET.Element:
    e = ET.SubElement(parent, tag, {k.rstrip("_").replace("__", "-"): str(v) for k, v in attrs.items()
                                    if v is not None})
    if text is not None:
        e.text = text
    return e


def _char_px(ch: str, size: float) -> float:
    return size if width(ch) == 2 else size * 0.6


def _text_px(text: str, size: float = FONT) -> float:
    """A text's rough width in pixels (wide East Asian characters are 1 em, others ~0.6 em)."""
    return sum(_char_px(ch, size) for ch in text)


def wrap(text: str, px: float, size: float = FONT, max_lines: int = 99) -> list[str]:
    """``text`` broken into lines at most ``px`` wide (at spaces when it can, anywhere in CJK)."""
    lines: list[str] = []
    line, line_px = "", 0.0
    for ch in text:
        ch_px = _char_px(ch, size)
        if line and line_px + ch_px > px:
            cut = line.rfind(" ")
            if cut > 0 and not ch.isspace() and _text_px(line[:cut], size) > px / 3:
                lines.append(line[:cut])
                line = line[cut + 1:]
            else:
                lines.append(line.rstrip())
                line = ""
            line_px = _text_px(line, size)
        if ch.isspace() and not line:
            continue
        line += ch
        line_px += ch_px
    if line.strip():
        lines.append(line.strip())
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        last = lines[-1]
        while last and _text_px(last + "…", size) > px:
            last = last[:-1]
        lines[-1] = last + "…"
    return lines


def _fill(card: CardView) -> str:
    if card.face == "down":
        return BACK_FILL
    if card.kind in KIND_FILL:
        return KIND_FILL[card.kind]
    return next((fill for frame, fill in FRAME_FILL if frame in card.frames), "#e59a5a")


def _describe(card: CardView, where: str) -> str:
    bits = [card.id if card.id == card.name else f"{card.id} ({card.name})", f"{card.player}'s {where}"]
    if card.face == "down":
        bits.append("face-down")
    elif card.kind == "monster" and card.position:
        bits.append(f"{card.position} position")
    if card.frames:
        bits.append("/".join(card.frames))
    if card.arrows:
        bits.append("arrows " + ", ".join(card.arrows))
    if card.owner != card.player:
        bits.append(f"owned by {card.owner}")
    return " · ".join(bits)


def _card(parent: ET.Element, card: CardView, cx: float, cy: float) -> None:
    sideways = card.kind == "monster" and card.position == "defense"
    w, h = (CARD_H, CARD_W) if sideways else (CARD_W, CARD_H)
    g = _el(parent, "g", class_=f"card {card.player}", data__card=card.id, data__player=card.player,
            data__zone=card.zone, data__face=card.face or "up", data__position=card.position)
    _el(g, "title", _describe(card, card.zone))
    fill = _fill(card)
    x, y = cx - w / 2, cy - h / 2
    _el(g, "rect", class_="face", x=f"{x:.1f}", y=f"{y:.1f}", width=w, height=h, rx=4, fill=fill)
    if "pendulum" in card.frames and card.face != "down":
        _el(g, "rect", x=f"{x + 1.5:.1f}", y=f"{y + h * 0.62:.1f}", width=f"{w - 3:.1f}",
            height=f"{h * 0.38 - 1.5:.1f}", fill=PENDULUM_FILL, rx=3)
    dark = fill in DARK_FILLS
    # the card's name; its instance id too when the scenario gives it another (opp_stardust)
    lines = wrap(card.name, w - 8, 10, max_lines=3 if sideways else 4)
    if card.id != card.name:
        lines += wrap(card.id.removeprefix(card.name), w - 8, 10, max_lines=1)
    top = cy - (len(lines) - 1) * 6.5
    for i, line in enumerate(lines):
        _el(g, "text", line, class_="name dark" if dark else "name", x=f"{cx:.1f}", y=f"{top + i * 13 + 3.5:.1f}",
            text__anchor="middle")
    tag = "set" if card.face == "down" else "DEF" if sideways else None
    if tag:
        _el(g, "text", tag, class_="tag dark" if dark else "tag", x=f"{cx:.1f}", y=f"{y + h - 4:.1f}",
            text__anchor="middle")
    flip = -1 if card.player == "opponent" else 1   # the opponent holds their cards turned round
    for arrow in card.arrows:
        dx, dy = ARROW_DIR[arrow]
        dx, dy = dx * flip, dy * flip
        ax, ay = cx + dx * (w / 2 - 1), cy + dy * (h / 2 - 1)
        # a triangle at the edge or corner, its point outward (as printed on a Link card)
        nx, ny = (dx, dy) if not (dx and dy) else (dx * 0.7071, dy * 0.7071)
        px, py = -ny, nx
        size = 7
        pts = [(ax + nx * 2, ay + ny * 2), (ax - nx * size + px * size, ay - ny * size + py * size),
               (ax - nx * size - px * size, ay - ny * size - py * size)]
        _el(g, "polygon", class_="arrow", points=" ".join(f"{a:.1f},{b:.1f}" for a, b in pts))


def _zone_label(slot: Slot, cards: list[CardView]) -> str:
    side, zone = slot
    if zone == "field_zone":
        return "Field Zone"
    if cards and cards[0].zone.startswith("pendulum"):
        return cards[0].zone
    return zone


def _zone(parent: ET.Element, board: Board, slot: Slot, x: float, y: float) -> None:
    cards = board.cells.get(slot, [])
    mark = board.marks.get(slot)
    side, zone = slot
    # an Extra Monster Zone takes the tint of the player who controls the card in it
    owner = [cards[0].player] if side == "emz" and cards else []
    classes = (["zone", side] + owner + (["legal"] if mark is not None else [])
               + (["missing"] if slot in board.missing else []) + (["left"] if slot in board.left else []))
    g = _el(parent, "g", class_=" ".join(classes), data__player=side, data__zone=zone, data__mark=mark)
    _el(g, "rect", class_="box", x=x, y=y, width=CW, height=CH, rx=6)
    _el(g, "text", _zone_label(slot, cards), class_="label", x=x + 4, y=y + 10)
    cx, cy = x + CW / 2, y + CH / 2 + 4
    for k, card in enumerate(cards):  # two cards in one zone cannot pass the check; drawn fanned anyway
        _card(g, card, cx + k * 6, cy + k * 6)
    if not cards and mark is not None:
        _el(g, "text", "✓ " + mark, class_="mark", x=cx, y=cy + 5,
            text__anchor="middle")
        _el(g, "title", "the answer lists this zone" if mark == "ok"
            else "the answer lists this zone for the summoned monster(s) " + mark)
    if not cards and slot in board.missing:
        _el(g, "text", "✗ expected", class_="mark", x=cx, y=cy + 5, text__anchor="middle")
        _el(g, "title", "the expectation lists this zone; the answer does not")
    if slot in board.left:
        went = board.left[slot]
        _el(g, "rect", class_="ghost", x=cx - CARD_W / 2, y=cy - CARD_H / 2, width=CARD_W, height=CARD_H, rx=4)
        for i, (card_id, area) in enumerate(went):
            for j, line in enumerate(wrap(card_id, CARD_W - 6, 9, max_lines=2)):
                _el(g, "text", line, class_="note", x=cx, y=cy - 14 + j * 11 + i * 34, text__anchor="middle")
            _el(g, "text", "→ " + AREA_SHORT.get(area, area), class_="went", x=cx, y=cy + 16 + i * 34,
                text__anchor="middle")
        _el(g, "title", "; ".join(f"{c} went to {a}" for c, a in went))


def _pile(parent: ET.Element, board: Board, player: str, pile: str, x: float, y: float) -> None:
    cards = board.piles.get(player, {}).get(pile, [])
    g = _el(parent, "g", class_=f"pile {player}", data__player=player, data__pile=pile, data__count=len(cards))
    _el(g, "rect", class_="box", x=x + 4, y=y + 4, width=CW - 8, height=CH - 8, rx=6)
    _el(g, "text", PILE_NAMES[pile], class_="label", x=x + 8, y=y + 15)
    _el(g, "text", str(len(cards)), class_="count", x=x + CW / 2, y=y + CH / 2 + 6, text__anchor="middle")
    # a name under the count: the only card, or the Deck's top card (a Deck is listed top first)
    shown = cards[0].id if len(cards) == 1 else f"top: {cards[0].id}" if cards and pile == "deck" else None
    if shown:
        _el(g, "text", wrap(shown, CW - 14, 8, max_lines=1)[0], class_="note", x=x + CW / 2, y=y + CH - 14,
            text__anchor="middle")
    if cards:
        _el(g, "title", f"{player}'s {PILE_NAMES[pile]}: " + ", ".join(c.id for c in cards))


def _info_lines(board: Board, player: str) -> list[str]:
    turn = " (turn player)" if board.turn_player == player else ""
    parts = [f"{player}{turn}", f"LP {board.lp.get(player, 8000)}"]
    if not board.after:
        hand = board.piles.get(player, {}).get("hand", [])
        parts.append("hand: " + (", ".join(c.id for c in hand) if hand else "—"))
        for pile in ("extra_deck", "graveyard", "banished", "deck", "tokens"):
            cards = board.piles.get(player, {}).get(pile, [])
            if cards:
                names = ", ".join(c.id + (" (face-up)" if pile == "extra_deck" and c.face == "up" else "")
                                  for c in cards[:8])
                parts.append(f"{PILE_NAMES[pile]}: {names}" + (f" +{len(cards) - 8}" if len(cards) > 8 else ""))
    return wrap(" · ".join(parts), GRID_W, FONT)


def drawing_svg(drawing: Drawing, standalone: bool = True) -> ET.Element:
    """One drawing as an ``<svg>`` element (its own size; the style inside when standalone)."""
    board = drawing.board
    svg = ET.Element("svg", {"xmlns": SVG_NS, "class": "ygo-board", "data-caption": drawing.caption})
    if standalone:
        _el(svg, "style", STYLE)
    y = PAD
    _el(svg, "text", drawing.caption, class_="caption", x=PAD, y=y + 12)
    y += 22
    for line in _info_lines(board, "opponent"):
        _el(svg, "text", line, class_="info", x=PAD, y=y + 11)
        y += LINE
    y += 4
    for row in ROWS:
        for col, cell in enumerate(row):
            x = PAD + col * (CW + GAP)
            if cell is None:
                continue
            if cell[0] == "pile":
                if not board.after:
                    _pile(svg, board, cell[1], cell[2], x, y)
                continue
            _zone(svg, board, (cell[0], cell[1]), x, y)
        y += CH + GAP
    y += 2
    for line in _info_lines(board, "self"):
        _el(svg, "text", line, class_="info", x=PAD, y=y + 11)
        y += LINE
    notes: list[str] = []
    if board.after and board.moved:
        notes += [f"{card} ({origin}) → {area}" for card, origin, area in board.moved]
    elif board.after:
        notes.append("no card moved")
    if board.after and board.duel != "continues":
        notes.append(f"duel: {board.duel}")
    if len(board.summoned) > 1 and board.marks:
        notes.append("✓ n: summoned monster n may go there (" +
                     ", ".join(f"{i} = {c}" for i, c in enumerate(board.summoned, start=1)) + ")")
    for note in notes:
        for line in wrap(note, GRID_W, 10):
            _el(svg, "text", line, class_="note", x=PAD, y=y + 11)
            y += 13
    height = y + PAD
    svg.set("width", str(PANEL_W))
    svg.set("height", str(height))
    svg.set("viewBox", f"0 0 {PANEL_W} {height}")
    return svg


def scenario_svg(board: Board, report: dict[str, Any], per_row: int = 2) -> str:
    """One SVG document for a checked scenario (``ygo-ruling draw``): its title, then for each
    question its caption and its drawings (board.drawings) side by side, ``per_row`` a row."""
    root = ET.Element("svg", {"xmlns": SVG_NS, "class": "ygo-board", "data-path": report["path"]})
    _el(root, "style", STYLE)
    y = PAD
    panels_of = [drawings(board, q) for q in report["questions"]]
    width_px = PANEL_W * max([min(per_row, len(p)) for p in panels_of] + [1])
    title = f"{report['path']} [{report['rules']}] {report['title']}"
    for line in wrap(title, width_px - 2 * PAD, 14):
        _el(root, "text", line, class_="caption", x=PAD, y=y + 14)
        y += 20
    for q, panels in zip(report["questions"], panels_of):
        y += 8
        status = q.get("status", "unchecked")
        _el(root, "text", question_caption(q), class_=f"question {status}", x=PAD, y=y + 14)
        y += 22
        for line in _question_summary(q, width_px - 2 * PAD - 10):
            _el(root, "text", line, class_="note", x=PAD + 10, y=y + 11)
            y += 13
        group = _el(root, "g", class_="question", data__question=q["id"], data__kind=q["kind"])
        row_h = 0.0
        for i, d in enumerate(panels):
            col = i % per_row
            if col == 0 and i:
                y += row_h
                row_h = 0
            inner = drawing_svg(d, standalone=False)
            inner.set("x", str(col * PANEL_W))
            inner.set("y", f"{y:.0f}")
            inner.attrib.pop("xmlns", None)
            group.append(inner)
            row_h = max(row_h, float(inner.get("height", "0")))
        y += row_h
        more = undrawn_outcomes(q)
        if more:
            _el(root, "text", f"({more} more outcome{'s' if more > 1 else ''} not drawn)", class_="note",
                x=PAD, y=y + 11)
            y += 16
    height = y + PAD
    root.set("width", str(width_px))
    root.set("height", f"{height:.0f}")
    root.set("viewBox", f"0 0 {width_px} {height:.0f}")
    return ET.tostring(root, encoding="unicode")


def _question_summary(q: dict[str, Any], px: float) -> list[str]:
    """A question's answer in a line or two, under its caption in ``scenario_svg``."""
    lines: list[str] = []
    if q["kind"] in ("resolve", "battle"):
        lines.append(f"{len(q['options'])} outcome{'s' if len(q['options']) != 1 else ''}")
    elif q["options"]:
        lines.append("ok: " + ", ".join(o["label"] for o in q["options"]))
    else:
        lines.append("no legal option")
    lines += [f"expected: {f}" for f in q.get("failures", [])]
    return [part for line in lines for part in wrap(line, px, 10)]


def svg_document(board: Board, report: dict[str, Any]) -> str:
    """``scenario_svg`` as a file's text (an XML declaration first)."""
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + scenario_svg(board, report) + "\n"
