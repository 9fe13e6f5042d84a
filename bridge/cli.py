"""The ``ygo-ruling`` command: a thin layer over ``ygo_ruling.api``."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stdout
from enum import Enum
from typing import Any

import typer

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False, rich_markup_mode=None,
                  help="Yu-Gi-Oh! OCG ruling checker: every legal option, with the rule behind it.")

RULE_ID = re.compile(r"^[a-z][a-z0-9_]*$")


class Format(str, Enum):
    text = "text"
    json = "json"
    html = "html"


def _rule_ids(values: list[str] | None, flag: str) -> tuple[str, ...]:
    out = tuple(values or ())
    for v in out:
        if not RULE_ID.match(v):
            typer.echo(f"error: command line: {flag}: {v!r} is not a rule id (lower_snake_case)", err=True)
            raise typer.Exit(2)
    return out


def _times(opt: dict[str, Any]) -> str:
    """`` ×N`` after an effect that may be activated N > 1 times."""
    return f" ×{opt['times']}" if opt.get("times", 1) > 1 else ""


def _print_outcomes(q: dict[str, Any], explain: bool) -> dict[str, dict[str, str]]:
    legend: dict[str, dict[str, str]] = {}
    for k, out in enumerate(q["options"], start=1):
        typer.echo(f"      outcome {k}:")
        for st in out["steps"]:
            for ab in out.get("applied_before", []):  # 『…效果适用之际』: processed before the link (link_applies.lp)
                if ab["link"] == st["link"] and st["step"] == 1:
                    typer.echo(f"        as link {ab['link']} is applied, before it: {ab['effect']}"
                               + (f" {', '.join(ab['cards'])}" if ab["cards"] else ""))
            cards = f" {', '.join(st['cards'])}" if st["cards"] else ""
            rules = ", ".join(r["rule"] for r in st["reasons"])
            order = f" (order: {', '.join(st['order'])})" if st.get("order") else ""
            typer.echo(f"        link {st['link']} {st['effect']} step {st['step']}: {st['result']}{cards}{order}  [{rules}]")
            legend.update({r["rule"]: r for r in st["reasons"]})
        for card, area in out["moved"].items():
            typer.echo(f"        {card} -> {area}")
        if "battle_damage" in out:
            typer.echo("        battle damage: " + ", ".join(f"{p} {v}" for p, v in out["battle_damage"].items()))
        if out["duel"] != "continues" or any(v != 8000 for v in out["life_points"].values()):
            lp = ", ".join(f"{p} {v}" for p, v in sorted(out["life_points"].items()))
            typer.echo(f"        duel: {out['duel']} (LP {lp})")
        if out["counters"]:
            typer.echo("        counters: " + ", ".join(f"{c} {k}" for c, k in out["counters"].items()))
        if out.get("equipped"):
            typer.echo("        equipped: " + ", ".join(f"{c} -> {m}" for c, m in out["equipped"].items()))
        for xyz, mats in out.get("materials", {}).items():
            typer.echo(f"        materials of {xyz}: " + (", ".join(mats) or "none"))
        if out["outcome_reasons"]:
            typer.echo("        [" + ", ".join(r["rule"] for r in out["outcome_reasons"]) + "]")
            legend.update({r["rule"]: r for r in out["outcome_reasons"]})
        for opt in out["triggers"]["options"]:
            typer.echo(f"        then can activate {opt['label']}{_times(opt)}  [" + ", ".join(r["rule"] for r in opt["reasons"]) + "]")
            legend.update({r["rule"]: r for r in opt["reasons"]})
        if explain:
            for ref in out["triggers"]["refused"]:
                typer.echo(f"        then cannot activate {ref['label']}  [" + ", ".join(r["rule"] for r in ref["reasons"]) + "]")
                legend.update({r["rule"]: r for r in ref["reasons"]})
    return legend


def _print_question(q: dict[str, Any], explain: bool) -> None:
    status = {"pass": "PASS", "fail": "FAIL", "unchecked": "----"}[q["status"]]
    about = {"resolve": "the chain", "battle": "the attack", "legal_actions": "the player with priority",
             "chain_order": "the triggers met now"}.get(q["kind"]) or ", ".join(q["cards"]) or "every card"
    typer.echo(f"  [{status}] {q['id']} {q['kind']} ({q['player']}): {about}")
    if q.get("truncated"):
        typer.echo(f"      truncated: only the first {len(q['options'])} outcomes are listed (--max-outcomes)")
    if q["kind"] in ("resolve", "battle"):
        outcome_legend = _print_outcomes(q, explain)
        if explain:
            for rule_id in sorted(outcome_legend):
                r = outcome_legend[rule_id]
                typer.echo(f"        {rule_id}: {r['text']} [{r['cite']}]")
        for fail in q["failures"]:
            typer.echo(f"      expected: {fail}")
        return
    if not q["options"]:
        typer.echo("      no legal option")
    legend: dict[str, dict[str, str]] = {}
    for opt in q["options"]:
        typer.echo(f"      ok {opt['label'] + _times(opt):<12} " + ", ".join(r["rule"] for r in opt["reasons"]))
        legend.update({r["rule"]: r for r in opt["reasons"]})
    if explain:
        for ref in q["refused"]:
            typer.echo(f"      no {ref['label']:<12} " + ", ".join(r["rule"] for r in ref["reasons"]))
            legend.update({r["rule"]: r for r in ref["reasons"]})
        for rule_id in sorted(legend):
            r = legend[rule_id]
            typer.echo(f"        {rule_id}: {r['text']} [{r['cite']}]")
    for fail in q["failures"]:
        typer.echo(f"      expected: {fail}")


# the options `check` and `diff` share
PATHS = typer.Argument(..., help="scenario files or folders (searched recursively)", metavar="PATH")
FORMAT = typer.Option(Format.text, "--format", metavar="text|json", help="text, or json (one stable document)")
CHECK_FORMAT = typer.Option(Format.text, "--format", metavar="text|json|html",
                            help="text, json (one stable document), or html (one self-contained page)")
OUT = typer.Option(None, "--out", metavar="FILE", help="write the output to FILE instead of stdout")
JOBS = typer.Option(None, "--jobs", min=1, metavar="N", help="processes to check with (default: the machine's cores)")
DASK = typer.Option(None, "--dask", metavar="ADDRESS",
                    help="run on a Dask cluster: a scheduler address, or 'local' (pip install '.[dask]')")
CATALOG = typer.Option(None, "--catalog", metavar="FILE",
                       help="your card catalog (made by `ygo-ruling cards import`); default: $YGO_RULING_CATALOG, "
                            "else ~/.local/share/ygo-ruling/cards.sqlite when there is one")


@app.command()
def check(
    paths: list[str] = PATHS,
    format: Format = CHECK_FORMAT,
    explain: bool = typer.Option(False, "--explain", help="also show refused options and every rule's text"),
    rules: str | None = typer.Option(None, "--rules", metavar="RULE_SET", help="rule set, overriding the scenario's (master-2020, master-4)"),
    disable: list[str] | None = typer.Option(None, "--disable", metavar="RULE", help="turn a rule id off (repeatable)"),
    enable: list[str] | None = typer.Option(None, "--enable", metavar="RULE", help="turn a rule id on (repeatable)"),
    rules_file: list[str] | None = typer.Option(None, "--rules-file", metavar="FILE.lp", help="add your own ASP rules file to the rule base (repeatable)"),
    jobs: int | None = JOBS,
    dask: str | None = DASK,
    max_outcomes: int = typer.Option(1000, "--max-outcomes", min=1, metavar="N", help="list at most N outcomes (or summon combinations) per question; more are reported as truncated"),
    board: bool = typer.Option(False, "--board", help="draw each question's board (text output; html always draws them)"),
    out: str | None = OUT,
    catalog: str | None = CATALOG,
) -> None:
    """Check scenarios: print every legal option and compare with `expect`.
    --format html --out FILE writes one self-contained page (boards, answers, reasons).

    Exit 0 when every expectation holds, 1 when one fails, 2 on bad input, 3 on an internal error."""
    from .api import check_paths

    if board and format is Format.json:
        typer.echo("error: command line: --board: draws the boards of the text output (html always has them)", err=True)
        raise typer.Exit(2)
    from .usercards import using

    sink = _open_out(out)
    with using(catalog):  # the boards drawn here read the same cards
        result = check_paths(paths, rules, _rule_ids(disable, "--disable"), _rule_ids(enable, "--enable"),
                             tuple(rules_file or ()), _jobs(jobs), dask, _progress(format), max_outcomes, catalog)
        with _writing(sink, result):
            _print_check(result, format, explain, board)
    _report_problems(result)
    if result["summary"]["fail"]:
        raise typer.Exit(1)


def _print_check(result: dict[str, Any], format: Format, explain: bool, board: bool,
                 catalog: str | None = None) -> None:
    if format is Format.json:
        typer.echo(json.dumps(result, ensure_ascii=False, indent=2))
    elif format is Format.html:
        from .board import try_board
        from .render_html import page

        typer.echo(page(result, lambda path: try_board(path, catalog)), nl=False)
    else:
        for sc in result["scenarios"]:
            typer.echo(f"{sc['path']}  [{sc['rules']}]  {sc['title']}")
            drawn = _board_of(sc["path"], catalog) if board else None
            for q in sc["questions"]:
                _print_question(q, explain)
                if drawn is not None:
                    from .render_text import question_lines

                    typer.echo("\n".join(question_lines(drawn, q)))
            for q in sc["questions"]:
                for fail in q["failures"]:
                    typer.echo(f"FAIL {sc['path']}: {fail}", err=True)
        s = result["summary"]
        internal = f", {s['internal_errors']} internal errors" if s["internal_errors"] else ""
        typer.echo(f"{s['scenarios']} scenarios: {s['pass']} pass, {s['fail']} fail, "
                   f"{s['unchecked']} unchecked, {s['errors']} bad input{internal}")


def _open_out(out: str | None) -> Any:
    """The file --out names, opened for writing before the run (None: stdout)."""
    if out is None:
        return None
    try:
        return open(out, "w", encoding="utf-8")  # noqa: SIM115 (closed by _writing)
    except OSError as exc:
        typer.echo(f"error: command line: --out: cannot write {out}: {exc.strerror or exc}", err=True)
        raise typer.Exit(2) from None


@contextmanager
def _writing(sink: Any, result: dict[str, Any]) -> Iterator[None]:
    """Stdout goes to ``sink`` (--out), which is then closed and named on stdout."""
    if sink is None:
        yield
        return
    with sink, redirect_stdout(sink):
        yield
    s = result["summary"]
    typer.echo(f"written to {sink.name} ({s['scenarios']} scenarios: {s['pass']} pass, {s['fail']} fail, "
               f"{s['unchecked']} unchecked, {s['errors']} bad input)")


def _board_of(path: str, catalog: str | None = None) -> Any:
    """A checked scenario's board for --board (read again from its file: --jobs and --dask
    runs return plain data); ``catalog``: the user's card catalog the check used."""
    from .board import try_board

    return try_board(path, catalog)[0]


def _report_problems(result: dict[str, Any]) -> None:
    """Print a run's bad-input and internal-error lines on stderr; exit 3 on an internal
    error, else 2 on bad input."""
    for line in result["errors"]:
        typer.echo(f"error: {line}", err=True)
    for line in result["internal_errors"]:
        typer.echo(f"internal error: {line}", err=True)
    if result["internal_errors"]:
        raise typer.Exit(3)
    if result["errors"]:
        raise typer.Exit(2)


def _jobs(jobs: int | None) -> int:
    from .parallel import default_jobs

    return jobs if jobs is not None else default_jobs()


def _progress(format: Format) -> Any:
    """A progress line on stderr for long runs on a terminal (none when piped or with JSON)."""
    if format is Format.json or not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        if total < 20:
            return
        sys.stderr.write(f"\r{done}/{total} scenarios checked" + ("\n" if done == total else ""))
        sys.stderr.flush()

    return show


@app.command()
def diff(
    paths: list[str] = PATHS,
    format: Format = FORMAT,
    rules: str | None = typer.Option(None, "--rules", metavar="RULE_SET", help="the variant's rule set (master-2020, master-4)"),
    disable: list[str] | None = typer.Option(None, "--disable", metavar="RULE", help="the variant turns a rule id off (repeatable)"),
    enable: list[str] | None = typer.Option(None, "--enable", metavar="RULE", help="the variant turns a rule id on (repeatable)"),
    rules_file: list[str] | None = typer.Option(None, "--rules-file", metavar="FILE.lp", help="the variant adds your own ASP rules file (repeatable)"),
    jobs: int | None = JOBS,
    dask: str | None = DASK,
    catalog: str | None = CATALOG,
) -> None:
    """Which answers change under a variant of the rule base: each changed question with both
    answers, the rule ids whose reasons differ, and a summary.

    Exit 0 whether or not answers changed, 2 on bad input, 3 on an internal error."""
    from .api import Variant
    from .diff import run_diff, text_lines

    if format is Format.html:
        typer.echo("error: command line: diff: --format: html is check's (diff prints text or json)", err=True)
        raise typer.Exit(2)
    variant = Variant(rules, _rule_ids(disable, "--disable"), _rule_ids(enable, "--enable"), tuple(rules_file or ()))
    if variant == Variant():
        typer.echo("error: command line: diff: give a variant (--rules, --disable, --enable or --rules-file)", err=True)
        raise typer.Exit(2)
    result = run_diff(paths, variant, _jobs(jobs), dask, _progress(format), catalog)
    if format is Format.json:
        typer.echo(json.dumps({k: result[k] for k in ("changed", "summary", "errors", "internal_errors")},
                              ensure_ascii=False, indent=2))
    else:
        for line in text_lines(result):
            typer.echo(line)
    _report_problems(result)


@app.command()
def draw(
    path: str = typer.Argument(..., metavar="FILE", help="a scenario file"),
    out: str | None = OUT,
    rules: str | None = typer.Option(None, "--rules", metavar="RULE_SET", help="rule set, overriding the scenario's (master-2020, master-4)"),
    catalog: str | None = CATALOG,
) -> None:
    """Draw a scenario as SVG: the board of each question (a summon_zones answer's zones
    marked; a resolve or battle question before and after each outcome).

    Exit 0 when drawn (whether or not its expectations hold), 2 on bad input, 3 on an internal error."""
    from .api import check, internal_error_line
    from .board import load_board
    from .errors import InputError
    from .render_svg import svg_document

    from .usercards import using

    try:
        with using(catalog):
            report = check(path, rules)
            svg = svg_document(load_board(path), report)
    except InputError as exc:
        typer.echo(f"error: {exc.line()}", err=True)
        raise typer.Exit(2) from None
    except Exception as exc:  # a bug: one line, as check reports it
        typer.echo(f"internal error: {internal_error_line(path, exc)}", err=True)
        raise typer.Exit(3) from None
    if out is None:
        typer.echo(svg, nl=False)
        return
    try:
        with open(out, "w", encoding="utf-8") as f:
            f.write(svg)
    except OSError as exc:
        typer.echo(f"error: command line: --out: cannot write {out}: {exc.strerror or exc}", err=True)
        raise typer.Exit(2) from None
    typer.echo(f"written to {out} ({len(report['questions'])} question{'s' if len(report['questions']) != 1 else ''})")


@app.command()
def generate(
    kind: str = typer.Argument(..., metavar="KIND", help="extra_deck (Extra Deck boards) or chain (chains of 2-6 links)"),
    count: int = typer.Option(100, "--count", min=1, max=10_000_000, metavar="N", help="how many scenarios"),
    seed: int = typer.Option(0, "--seed", metavar="S", help="the random seed (the same seed writes the same files)"),
    out: str = typer.Option(..., "--out", metavar="DIR", help="the folder to write them to (created)"),
) -> None:
    """Write random valid scenarios (no expectations) for experiments with `diff` and `bench`."""
    from pathlib import Path

    from .generate import KINDS, generate as write

    if kind not in KINDS:
        typer.echo(f"error: command line: generate: unknown kind {kind!r} (known: {', '.join(KINDS)})", err=True)
        raise typer.Exit(2)
    target = Path(out)
    if target.exists() and not target.is_dir():
        typer.echo(f"error: command line: --out: {out} is a file, expected a folder", err=True)
        raise typer.Exit(2)
    paths = write(kind, count, seed, target)
    typer.echo(f"{len(paths)} {kind} scenarios written to {out}")


@app.command()
def schema() -> None:
    """Print the JSON Schema of the scenario format."""
    from .model import Scenario

    schema = {"$schema": "https://json-schema.org/draft/2020-12/schema",
              **Scenario.model_json_schema(by_alias=True)}
    typer.echo(json.dumps(schema, ensure_ascii=False, indent=2))


@app.command(name="rules")
def list_rules(rules: str = typer.Option("master-2020", "--rules", metavar="RULE_SET", help="rule set to show")) -> None:
    """List every rule id with its seed citation, and whether the rule set enables it."""
    from .api import rule_listing
    from .errors import InputError

    try:
        listing = rule_listing(rules)
    except InputError as exc:
        typer.echo(f"error: {exc.line()}", err=True)
        raise typer.Exit(2) from None
    for r in listing:
        mark = "on " if r["enabled"] else "off"
        kind = (f" (a reason of {' / '.join(r['follows'])}: not a switch)" if r["follows"]
                else " (always on: not a switch)" if r["always"] else "")
        where = f" ({', '.join(r['files'])})" if r["files"] else ""
        typer.echo(f"{mark} {r['rule']:<24} {r['text']} [{r['cite']}]{kind}{where}")


@app.command()
def bench(
    paths: list[str] = typer.Argument(None, help="scenario files or folders (default: ./scenarios)", metavar="PATH"),
    repeat: int = typer.Option(5, "--repeat", min=1, metavar="N", help="passes over the corpus"),
    cold: int = typer.Option(3, "--cold", min=0, metavar="N", help="cold end-to-end CLI runs to time (0: none)"),
    fuzz: int = typer.Option(0, "--fuzz", min=0, metavar="N", help="instead, check N seeded mutants of the corpus"),
    seed: int = typer.Option(12, "--seed", metavar="N", help="the mutants' seed (with --fuzz)"),
    jobs: int = typer.Option(1, "--jobs", min=1, metavar="N", help="N > 1: instead, the corpus once through N processes (throughput, peak memory)"),
    catalog: str | None = CATALOG,
) -> None:
    """Time the scenario corpus: per-scenario latency, grounding/solving share, cold CLI run.
    With --fuzz N: check N mutants of it (robustness: answered, bad input, or broken)."""
    from pathlib import Path

    from .bench import run_bench, run_fuzz_bench, run_throughput
    from .errors import InputError

    if not paths and not Path("scenarios").is_dir():
        typer.echo("error: command line: bench: give the scenario files or folders to time "
                   "(the default, ./scenarios, is not in this folder)", err=True)
        raise typer.Exit(2)
    try:
        if fuzz:
            typer.echo(run_fuzz_bench(paths or ["scenarios"], fuzz, seed))
            return
        if jobs > 1:
            typer.echo(run_throughput(paths or ["scenarios"], jobs, catalog))
            return
        typer.echo(run_bench(paths or ["scenarios"], repeat, cold, catalog))
    except InputError as exc:
        typer.echo(f"error: {exc.line()}", err=True)
        raise typer.Exit(2) from None


cards_app = typer.Typer(no_args_is_help=True, rich_markup_mode=None,
                        help="Your own card data: import a YGOPro cards.cdb, show what is known of a card.")
app.add_typer(cards_app, name="cards")


@cards_app.command(name="import")
def cards_import(
    paths: list[str] = typer.Argument(..., metavar="CDB", help="YGOPro / EDOPro cards.cdb files (a later file's card replaces an earlier one's)"),
    catalog: str | None = typer.Option(None, "--catalog", metavar="FILE", help="the catalog to write (default: $YGO_RULING_CATALOG, else ~/.local/share/ygo-ruling/cards.sqlite)"),
    strings: str | None = typer.Option(None, "--strings", metavar="FILE", help="archetype names from a YGOPro strings.conf (default: the strings.conf beside the cdb, if any)"),
    replace: bool = typer.Option(False, "--replace", help="empty the catalog first (default: add to it; a card already there takes the new data)"),
) -> None:
    """Import a YGOPro cards.cdb into your card catalog: scenarios may then name its cards by
    name or passcode (their stats come from it, their effects from the shipped catalog or the
    scenario's `cards:`).

    Exit 0 when imported, 2 on bad input."""
    from .errors import InputError
    from .usercards import describe_skips, import_cdbs

    try:
        summary = import_cdbs(paths, catalog, strings, replace)
    except InputError as exc:
        typer.echo(f"error: {exc.line()}", err=True)
        raise typer.Exit(2) from None
    skipped = describe_skips(summary)
    named = f"; {summary.setnames} archetype names" if summary.setnames else ""
    typer.echo(f"imported {summary.imported:,} cards from {', '.join(summary.sources)}"
               f"{' (' + skipped + ')' if skipped else ''}{named}")
    typer.echo(f"card catalog: {summary.catalog} ({summary.total:,} cards)")


@cards_app.command(name="show")
def cards_show(
    card: str = typer.Argument(..., metavar="NAME|PASSCODE", help="a card's name or passcode"),
    catalog: str | None = CATALOG,
    format: Format = FORMAT,
) -> None:
    """Print what is known of a card: its stats, frames, arrows, effects, and where each comes
    from (your card data, the shipped catalog).

    Exit 0 when the card is known, 2 when not."""
    from .cards import card_view
    from .errors import InputError
    from .usercards import open_catalog, resolve

    if format is Format.html:
        typer.echo("error: command line: cards show: --format: text or json", err=True)
        raise typer.Exit(2)
    try:
        view = card_view(card, open_catalog(resolve(catalog)))
    except InputError as exc:
        typer.echo(f"error: {exc.line()}", err=True)
        raise typer.Exit(2) from None
    if format is Format.json:
        typer.echo(json.dumps(view, ensure_ascii=False, indent=2))
        return
    for line in _card_lines(view):
        typer.echo(line)


CIRCLED_NUMBERS = "⓪①②③④⑤⑥⑦⑧⑨⑩"


def _card_lines(v: dict[str, Any]) -> list[str]:
    """``cards show``'s text: one fact a line."""
    head = v["name"] + (f"  passcode {v['passcode']}" if v.get("passcode") is not None else "")
    kind = v.get("subtype", "") + " " if v["type"] != "monster" else ""
    frames = f" ({', '.join(v['frames'])})" if v.get("frames") else ""
    lines = [head, f"  card:       {kind}{v['type']}{frames}"]
    for key in ("level", "rank", "link"):
        if key in v:
            arrows = f"  arrows: {', '.join(v['arrows'])}" if key == "link" and v.get("arrows") else ""
            lines.append(f"  {key + ':':<11} {v[key]}{arrows}")
    if "scales" in v:
        left, right = v["scales"]
        lines.append(f"  scale:      {left}" + (f" / {right}" if right != left else ""))
    for key in ("attribute", "race"):
        if key in v:
            lines.append(f"  {key + ':':<11} {v[key]}")
    if "atk" in v:
        values = [f"ATK {'-' if v['atk'] is None else v['atk']}"]
        if "def" in v:
            values.append(f"DEF {'-' if v['def'] is None else v['def']}")
        lines.append("  values:     " + ", ".join(values))
    if v.get("abilities"):
        lines.append(f"  also:       {', '.join(v['abilities'])}")
    if v.get("archetypes"):
        lines.append(f"  archetypes: {', '.join(v['archetypes'])}")
    if v["effects"]:
        effects = ", ".join(f"{CIRCLED_NUMBERS[e['number']] if e['number'] < len(CIRCLED_NUMBERS) else e['number']} "
                            f"{e['kind']}" for e in v["effects"])
        lines.append(f"  effects:    {effects}")
    elif v["type"] == "monster" and not {"effect", "pendulum"} & set(v.get("frames", [])):
        lines.append("  effects:    none (a monster without effects)")
    elif v["effects_described"]:
        lines.append("  effects:    none described (the shipped catalog gives its stats only)")
    else:
        lines.append("  effects:    not described (your card data gives the stats only; describe them under a "
                     "scenario's `cards:`)")
    sources = {"card data": f"your card data ({v.get('cdb')}, in {v.get('catalog')})",
               "shipped catalog": "the shipped catalog", "inline": "the scenario"}
    origin = [sources[o] for o in v["from"]]
    if len(origin) == 2 and v["from"] == ["card data", "shipped catalog"]:
        lines.append(f"  from:       {origin[0]} for its stats; {origin[1]} for the rest (effects, archetypes)")
    else:
        lines.append(f"  from:       {' and '.join(origin)}")
    if len(v.get("names", [])) > 1:
        lines.append(f"  names:      {', '.join(v['names'])}")
    if v.get("text"):
        from .errors import cut

        lines.append(f"  text:       {cut(' '.join(str(v['text']).split()), 100)}")  # all of it: --format json
    return lines


def _click_exceptions() -> Any:
    """click's exceptions module (typer ≥ 0.20 ships its own copy of click)."""
    try:  # typer's own copy first: a separate click may be installed beside it (dask brings one)
        from typer._click import exceptions  # type: ignore[import-not-found]
    except ImportError:
        from click import exceptions  # type: ignore[no-redef]
    return exceptions


def main() -> None:
    exceptions = _click_exceptions()
    no_args = getattr(exceptions, "NoArgsIsHelpError", None)
    try:
        code = app(standalone_mode=False)
    except KeyboardInterrupt:
        sys.exit(130)
    except exceptions.UsageError as exc:
        if no_args is not None and isinstance(exc, no_args):
            # `ygo-ruling` alone prints the help
            typer.echo(exc.ctx.get_help() if exc.ctx else str(exc))
            sys.exit(2)
        # a usage mistake is one line, like bad input: exit 2
        where = f"{exc.ctx.command_path}: " if exc.ctx else ""
        typer.echo(f"error: command line: {where}{exc.format_message()}", err=True)
        sys.exit(2)
    except typer.Abort:
        sys.exit(130)
    except BrokenPipeError:
        # `ygo-ruling rules | head`: the reader went away; nothing left to say
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
