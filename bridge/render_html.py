"""A corpus run as one self-contained HTML page (``check --format html``).

For each scenario: its title, source, rule set and status, and for each question its answer
(every option and refused option with its reasons: rule ids, their texts and citations), its
failures, and its boards (render_svg, inline).  Inline CSS, inline SVG and a few lines of inline
script (expand / collapse all); nothing is fetched.  Scenarios with a failing question are open,
the others one line each until opened (all open in a run of at most OPEN_ALL scenarios).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from html import escape
from typing import Any

from .board import Board, drawings, question_caption, try_board, undrawn_outcomes
from .render_svg import STYLE, drawing_svg

PAGE_STYLE = """
body { font-family: "Noto Sans CJK SC", "Noto Sans SC", "Microsoft YaHei", "PingFang SC", sans-serif;
  margin: 0; color: #1d2329; background: #f5f6f8; font-size: 14px; }
header { background: #1f2a36; color: #fff; padding: 14px 22px; position: sticky; top: 0; z-index: 2; }
header h1 { font-size: 18px; margin: 0 0 4px 0; }
header .summary { margin: 0; }
header button { margin: 6px 6px 0 0; font-size: 12px; }
main { padding: 12px 22px 40px 22px; }
.badge { display: inline-block; min-width: 40px; text-align: center; border-radius: 4px; padding: 0 6px;
  font-weight: bold; font-size: 12px; color: #fff; margin-right: 4px; }
.badge.pass { background: #1d8a45; } .badge.fail { background: #c0392b; }
.badge.unchecked { background: #7d8790; } .badge.error { background: #9c5d00; }
.problems { background: #fff4e5; border: 1px solid #f0c27b; border-radius: 6px; padding: 8px 14px; margin: 10px 0; }
.failing { background: #fdeeee; border: 1px solid #e3a19a; border-radius: 6px; padding: 8px 14px; margin: 10px 0; }
.failing a { font-family: monospace; }
.problems li { font-family: monospace; white-space: pre-wrap; }
details.scenario { background: #fff; border: 1px solid #d8dde2; border-radius: 6px; margin: 8px 0; }
details.scenario.fail { border-color: #e3a19a; }
details.scenario > summary { cursor: pointer; padding: 8px 12px; list-style-position: inside; }
details.scenario > summary .path { color: #5b6670; font-family: monospace; font-size: 12px; }
details.scenario > .body { padding: 0 16px 14px 16px; }
.source { color: #47525c; font-size: 13px; border-left: 3px solid #c9d1d8; padding-left: 10px; margin: 6px 0 10px 0; }
.source p { margin: 3px 0; }
section.question { border-top: 1px solid #e4e8eb; padding-top: 8px; margin-top: 10px; }
section.question h3 { font-size: 15px; margin: 4px 0 6px 0; }
table.answer { border-collapse: collapse; margin: 4px 0 8px 0; font-size: 13px; }
table.answer td, table.answer th { border-bottom: 1px solid #eef0f2; padding: 3px 10px 3px 0; text-align: left;
  vertical-align: top; }
table.answer tr.no td:first-child { color: #a33; }
table.answer tr.ok td:first-child { color: #17733a; }
code.rule { background: #eef2f6; border-radius: 3px; padding: 0 4px; font-size: 12px; margin-right: 3px; }
.failure { color: #b3261e; font-family: monospace; white-space: pre-wrap; margin: 2px 0; }
.outcome { margin: 6px 0 8px 0; }
.outcome h4 { margin: 6px 0 2px 0; font-size: 13px; }
.outcome ul { margin: 2px 0; padding-left: 20px; }
dl.rules { font-size: 12px; color: #3b4650; margin: 6px 0; }
dl.rules dt { font-family: monospace; font-weight: bold; }
dl.rules dd { margin: 0 0 4px 16px; }
dl.rules .cite { color: #6b7680; }
.qbody { display: flex; flex-wrap: wrap; gap: 6px 24px; align-items: flex-start; }
.qbody > .answer { flex: 1 1 420px; min-width: 0; }
.boards { display: flex; flex-wrap: wrap; gap: 10px; margin: 6px 0; flex: 0 1 auto; }
.boards svg { max-width: 100%; height: auto; width: 520px; background: #fff; border: 1px solid #e4e8eb; border-radius: 6px; }
.note { color: #6b7680; font-size: 12px; }
"""

OPEN_ALL = 10   # a run of at most this many scenarios shows them all open; a larger one its failures

SCRIPT = """
function setAll(open) { document.querySelectorAll('details.scenario').forEach(d => d.open = open); }
"""


def _badge(status: str) -> str:
    label = {"pass": "PASS", "fail": "FAIL", "unchecked": "----", "error": "ERROR"}.get(status, status)
    return f'<span class="badge {escape(status)}">{label}</span>'


def _rules(reasons: list[dict[str, Any]], legend: dict[str, dict[str, Any]]) -> str:
    for r in reasons:
        legend[r["rule"]] = r
    return " ".join(f'<code class="rule" title="{escape(r.get("text", ""))} [{escape(r.get("cite", ""))}]">'
                    f'{escape(r["rule"])}</code>' for r in reasons)


def _option_rows(q: dict[str, Any], legend: dict[str, dict[str, Any]]) -> str:
    rows = []
    for opt in q["options"]:
        times = f" ×{opt['times']}" if opt.get("times", 1) > 1 else ""
        rows.append(f'<tr class="ok"><td>ok</td><td>{escape(opt["label"] + times)}</td>'
                    f'<td>{_rules(opt["reasons"], legend)}</td></tr>')
    for ref in q.get("refused", []):
        rows.append(f'<tr class="no"><td>no</td><td>{escape(ref["label"])}</td>'
                    f'<td>{_rules(ref["reasons"], legend)}</td></tr>')
    if not rows:
        return '<p class="note">no legal option</p>'
    if not q["options"]:
        rows.insert(0, '<tr class="no"><td colspan="3">no legal option</td></tr>')
    return f'<table class="answer">{"".join(rows)}</table>'


def _outcomes(q: dict[str, Any], legend: dict[str, dict[str, Any]]) -> str:
    parts = []
    many = len(q["options"]) > 1
    for k, out in enumerate(q["options"], start=1):
        items = []
        for st in out["steps"]:
            cards = f" {', '.join(st['cards'])}" if st["cards"] else ""
            order = f" (order: {', '.join(st['order'])})" if st.get("order") else ""
            items.append(f"<li>link {st['link']} {escape(st['effect'])} step {st['step']}: "
                         f"<b>{escape(st['result'])}</b>{escape(cards + order)} {_rules(st['reasons'], legend)}</li>")
        for card, area in out["moved"].items():
            items.append(f"<li>{escape(card)} → {escape(area)}</li>")
        if "battle_damage" in out:
            items.append("<li>battle damage: " + escape(", ".join(f"{p} {v}" for p, v in out["battle_damage"].items()))
                         + "</li>")
        lp = ", ".join(f"{p} {v}" for p, v in sorted(out["life_points"].items()))
        items.append(f"<li>duel: {escape(out['duel'])} (LP {escape(lp)})</li>")
        if out["counters"]:
            items.append("<li>counters: " + escape(", ".join(f"{c} {n}" for c, n in out["counters"].items())) + "</li>")
        if out["outcome_reasons"]:
            items.append(f"<li>{_rules(out['outcome_reasons'], legend)}</li>")
        for opt in out["triggers"]["options"]:
            times = f" ×{opt['times']}" if opt.get("times", 1) > 1 else ""
            items.append(f"<li>then can activate {escape(opt['label'] + times)} {_rules(opt['reasons'], legend)}</li>")
        for ref in out["triggers"]["refused"]:
            items.append(f"<li>then cannot activate {escape(ref['label'])} {_rules(ref['reasons'], legend)}</li>")
        head = f"<h4>outcome {k}</h4>" if many else ""
        parts.append(f'<div class="outcome">{head}<ul>{"".join(items)}</ul></div>')
    if q.get("truncated"):
        parts.append(f'<p class="note">truncated: only the first {len(q["options"])} outcomes are listed</p>')
    return "".join(parts) or '<p class="note">the chain has no outcome</p>'


def _boards(board: Board | None, q: dict[str, Any], why: str | None) -> str:
    if board is None:
        return f'<p class="note">board not drawn: {escape(why or "")}</p>'
    svgs = [ET.tostring(drawing_svg(d, standalone=False), encoding="unicode") for d in drawings(board, q)]
    more = undrawn_outcomes(q)
    note = f'<p class="note">({more} more outcome{"s" if more > 1 else ""} not drawn)</p>' if more else ""
    return f'<div class="boards">{"".join(svgs)}</div>{note}'


def _question(q: dict[str, Any], board: Board | None, why: str | None) -> str:
    legend: dict[str, dict[str, Any]] = {}
    answer = _outcomes(q, legend) if q["kind"] in ("resolve", "battle") else _option_rows(q, legend)
    fails = "".join(f'<p class="failure">expected: {escape(f)}</p>' for f in q.get("failures", []))
    rules = "".join(f'<dt>{escape(r)}</dt><dd>{escape(legend[r].get("text", ""))} '
                    f'<span class="cite">[{escape(legend[r].get("cite", ""))}]</span></dd>' for r in sorted(legend))
    caption = question_caption(q).split("] ", 1)[-1]
    return (f'<section class="question {escape(q.get("status", "unchecked"))}" data-question="{escape(q["id"])}">'
            f'<h3>{_badge(q.get("status", "unchecked"))} {escape(caption)}</h3>{fails}'
            f'<div class="qbody"><div class="answer">{answer}'
            + (f'<dl class="rules">{rules}</dl>' if rules else "")
            + f'</div>{_boards(board, q, why)}</div></section>')


def _source(src: dict[str, Any] | None) -> str:
    if not src:
        return ""
    head = " · ".join(escape(str(src[k])) for k in ("file", "section", "date") if src.get(k))
    out = [f"<p>{head}</p>"] if head else []
    out += [f"<p>{escape(src[k])}</p>" for k in ("ruling", "note") if src.get(k)]
    return f'<div class="source">{"".join(out)}</div>'


def _status(sc: dict[str, Any]) -> str:
    statuses = [q["status"] for q in sc["questions"]]
    return "fail" if "fail" in statuses else "pass" if "pass" in statuses else "unchecked"


def page(result: dict[str, Any], board_for: Callable[[str], tuple[Board | None, str | None]] = try_board,
         title: str = "ygo-ruling check") -> str:
    """The HTML page of a ``check_paths`` result.  ``board_for(path)`` gives each scenario's
    board (default: read again from its file, so the result of a ``--jobs`` / ``--dask`` run
    needs nothing more)."""
    s = result["summary"]
    internal = f", {s['internal_errors']} internal errors" if s["internal_errors"] else ""
    summary = (f"{s['scenarios']} scenarios: {s['pass']} pass, {s['fail']} fail, {s['unchecked']} unchecked, "
               f"{s['errors']} bad input{internal}")
    body = []
    problems = [f"<li>error: {escape(line)}</li>" for line in result["errors"]]
    problems += [f"<li>internal error: {escape(line)}</li>" for line in result["internal_errors"]]
    if problems:
        body.append(f'<div class="problems"><b>Not checked</b><ul>{"".join(problems)}</ul></div>')
    failing = [f'<li><a href="#s{n}">{escape(sc["path"])}</a> {escape(sc["title"])}</li>'
               for n, sc in enumerate(result["scenarios"], start=1) if _status(sc) == "fail"]
    if failing:
        body.append(f'<div class="failing"><b>Failing</b><ul>{"".join(failing)}</ul></div>')
    few = len(result["scenarios"]) <= OPEN_ALL
    for n, sc in enumerate(result["scenarios"], start=1):
        status = _status(sc)
        board, why = board_for(sc["path"])
        counts = {k: sum(q["status"] == k for q in sc["questions"]) for k in ("pass", "fail", "unchecked")}
        tally = ", ".join(f"{v} {k}" for k, v in counts.items() if v)
        questions = "".join(_question(q, board, why) for q in sc["questions"])
        body.append(
            f'<details class="scenario {status}" id="s{n}" data-path="{escape(sc["path"])}"'
            f'{" open" if status == "fail" or few else ""}>'
            f'<summary>{_badge(status)} {escape(sc["title"])} <span class="path">{escape(sc["path"])} '
            f'[{escape(sc["rules"])}] · {escape(tally)}</span></summary>'
            f'<div class="body">{_source(sc.get("source"))}{questions}</div></details>')
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{escape(title)}</title><style>{PAGE_STYLE}{STYLE}</style>"
            f"<script>{SCRIPT}</script></head><body>"
            f'<header><h1>{escape(title)}</h1><p class="summary">{escape(summary)}</p>'
            '<button type="button" onclick="setAll(true)">expand all</button>'
            '<button type="button" onclick="setAll(false)">collapse all</button></header>'
            f'<main>{"".join(body)}</main></body></html>\n')
