"""The ``ygo-ruling`` command: a thin layer over ``ygo_ruling.api``."""

from __future__ import annotations

import json
import re
import sys
from enum import Enum
from typing import Any

import typer

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False, rich_markup_mode=None,
                  help="Yu-Gi-Oh! OCG ruling checker: every legal option, with the rule behind it.")

RULE_ID = re.compile(r"^[a-z][a-z0-9_]*$")


class Format(str, Enum):
    text = "text"
    json = "json"


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
    about = {"resolve": "the chain", "battle": "the attack"}.get(q["kind"]) or ", ".join(q["cards"]) or "every card"
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
JOBS = typer.Option(None, "--jobs", min=1, metavar="N", help="processes to check with (default: the machine's cores)")
DASK = typer.Option(None, "--dask", metavar="ADDRESS",
                    help="run on a Dask cluster: a scheduler address, or 'local' (pip install '.[dask]')")


@app.command()
def check(
    paths: list[str] = PATHS,
    format: Format = FORMAT,
    explain: bool = typer.Option(False, "--explain", help="also show refused options and every rule's text"),
    rules: str | None = typer.Option(None, "--rules", metavar="RULE_SET", help="rule set, overriding the scenario's (master-2020, master-4)"),
    disable: list[str] | None = typer.Option(None, "--disable", metavar="RULE", help="turn a rule id off (repeatable)"),
    enable: list[str] | None = typer.Option(None, "--enable", metavar="RULE", help="turn a rule id on (repeatable)"),
    rules_file: list[str] | None = typer.Option(None, "--rules-file", metavar="FILE.lp", help="add your own ASP rules file to the rule base (repeatable)"),
    jobs: int | None = JOBS,
    dask: str | None = DASK,
    max_outcomes: int = typer.Option(1000, "--max-outcomes", min=1, metavar="N", help="list at most N outcomes (or summon combinations) per question; more are reported as truncated"),
) -> None:
    """Check scenarios: print every legal option and compare with `expect`.

    Exit 0 when every expectation holds, 1 when one fails, 2 on bad input, 3 on an internal error."""
    from .api import check_paths

    result = check_paths(paths, rules, _rule_ids(disable, "--disable"), _rule_ids(enable, "--enable"),
                         tuple(rules_file or ()), _jobs(jobs), dask, _progress(format), max_outcomes)
    if format is Format.json:
        typer.echo(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        for sc in result["scenarios"]:
            typer.echo(f"{sc['path']}  [{sc['rules']}]  {sc['title']}")
            for q in sc["questions"]:
                _print_question(q, explain)
            for q in sc["questions"]:
                for fail in q["failures"]:
                    typer.echo(f"FAIL {sc['path']}: {fail}", err=True)
        s = result["summary"]
        internal = f", {s['internal_errors']} internal errors" if s["internal_errors"] else ""
        typer.echo(f"{s['scenarios']} scenarios: {s['pass']} pass, {s['fail']} fail, "
                   f"{s['unchecked']} unchecked, {s['errors']} bad input{internal}")
    _report_problems(result)
    if result["summary"]["fail"]:
        raise typer.Exit(1)


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
) -> None:
    """Which answers change under a variant of the rule base: each changed question with both
    answers, the rule ids whose reasons differ, and a summary.

    Exit 0 whether or not answers changed, 2 on bad input, 3 on an internal error."""
    from .api import Variant
    from .diff import run_diff, text_lines

    variant = Variant(rules, _rule_ids(disable, "--disable"), _rule_ids(enable, "--enable"), tuple(rules_file or ()))
    if variant == Variant():
        typer.echo("error: command line: diff: give a variant (--rules, --disable, --enable or --rules-file)", err=True)
        raise typer.Exit(2)
    result = run_diff(paths, variant, _jobs(jobs), dask, _progress(format))
    if format is Format.json:
        typer.echo(json.dumps({k: result[k] for k in ("changed", "summary", "errors", "internal_errors")},
                              ensure_ascii=False, indent=2))
    else:
        for line in text_lines(result):
            typer.echo(line)
    _report_problems(result)


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
        typer.echo(f"{mark} {r['rule']:<24} {r['text']} [{r['cite']}]{kind}")


@app.command()
def bench(
    paths: list[str] = typer.Argument(None, help="scenario files or folders (default: ./scenarios)", metavar="PATH"),
    repeat: int = typer.Option(5, "--repeat", min=1, metavar="N", help="passes over the corpus"),
    cold: int = typer.Option(3, "--cold", min=0, metavar="N", help="cold end-to-end CLI runs to time (0: none)"),
    fuzz: int = typer.Option(0, "--fuzz", min=0, metavar="N", help="instead, check N seeded mutants of the corpus"),
    seed: int = typer.Option(12, "--seed", metavar="N", help="the mutants' seed (with --fuzz)"),
    jobs: int = typer.Option(1, "--jobs", min=1, metavar="N", help="N > 1: instead, the corpus once through N processes (throughput, peak memory)"),
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
            typer.echo(run_throughput(paths or ["scenarios"], jobs))
            return
        typer.echo(run_bench(paths or ["scenarios"], repeat, cold))
    except InputError as exc:
        typer.echo(f"error: {exc.line()}", err=True)
        raise typer.Exit(2) from None


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
