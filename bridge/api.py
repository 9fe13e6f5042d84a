"""The Python API under the CLI: plain data in, plain data out."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import InputError, cut
from .facts import scenario_facts
from .loader import load
from .answers import violations
from .report import question_reports
from .solver import Solution, solve

SCENARIO_SUFFIXES = (".yaml", ".yml")


def _as_list(paths: str | Path | Sequence[str | Path]) -> list[str]:
    return [str(paths)] if isinstance(paths, (str, Path)) else [str(p) for p in paths]


def _as_ids(ids: str | Sequence[str]) -> tuple[str, ...]:
    return (ids,) if isinstance(ids, str) else tuple(ids)


def scenario_files(paths: str | Path | Sequence[str | Path]) -> list[Path]:
    """Scenario files named by ``paths`` (folders are searched recursively)."""
    files: list[Path] = []
    for raw in _as_list(paths):
        p = Path(raw)
        if p.is_dir():
            found = sorted(f for f in p.rglob("*") if f.suffix in SCENARIO_SUFFIXES and f.is_file())
            if not found:
                raise InputError(raw, None, "folder holds no scenario files (*.yaml, *.yml)")
            files += found
        elif not p.exists():
            raise InputError(raw, None, "no such file or folder")
        else:
            files.append(p)
    return files


@lru_cache(maxsize=8)
def known_rules(extra_rules: str = "") -> dict[str, dict[str, Any]]:
    """Every rule id of the rule base (all parts) and of a designer's own rules, with its
    listing, read once per process."""
    return {r["rule"]: r for r in rule_listing("master-2020", extra_rules)}


def _check_rule_ids(where: str, ids: list[tuple[str, str]], extra_rules: str = "") -> None:
    for key, rule_id in ids:  # the rule listing is only computed when a rule is switched
        rule = known_rules(extra_rules).get(rule_id)
        if rule is None:
            raise InputError(where, key, f"unknown rule id {rule_id!r} (see `ygo-ruling rules`)")
        if rule["follows"]:
            raise InputError(where, key, f"{rule_id!r} is not a switch: it is a reason given by "
                                         f"{' / '.join(rule['follows'])}; switch that instead")
        if rule["always"]:
            raise InputError(where, key, f"{rule_id!r} is not a switch: it names the basic meaning "
                                         "of a step or wording, which is always on")


def check_switches(disable: tuple[str, ...], enable: tuple[str, ...], extra_rules: str = "") -> None:
    """The command line's --disable / --enable ids, checked once for every file."""
    _check_rule_ids("command line", [("--disable", r) for r in disable] + [("--enable", r) for r in enable],
                    extra_rules)
    both = sorted(set(disable) & set(enable))
    if both:
        raise InputError("command line", "--enable", f"{both[0]!r} is both disabled and enabled")


def check(path: str | Path, rules: str | None = None, disable: str | Sequence[str] = (),
          enable: str | Sequence[str] = (), rules_files: str | Sequence[str] = (),
          catalog: str | Path | None = None) -> dict[str, Any]:
    """Check one scenario file: its report (plain data, what ``--format json`` prints for it).
    ``catalog``: your card catalog file (``ygo-ruling cards import``); None: the default one, if
    any ($YGO_RULING_CATALOG, else the data folder's); "": none.
    Raises ``InputError`` (``.where``, ``.key``, ``.message``) for anything the user must fix."""
    report, _ = check_file(Path(path), rules, _as_ids(disable), _as_ids(enable), _as_ids(rules_files),
                           catalog=catalog)
    return report


@lru_cache(maxsize=16)
def rules_file_text(path: str) -> str:
    """A designer's own ASP file (``--rules-file``), added to the rule base; checked by clingo's
    parser so a syntax error is bad input naming the file."""
    from .limits import read_text
    from .solver import check_program

    text = read_text(Path(path))
    problem = check_program(text)
    if problem:
        raise InputError(path, None, f"not a valid ASP program: {problem}")
    return text + "\n"


def _extra_rules(rules_files: Sequence[str]) -> str:
    """The text of a designer's rules files, in order (what the solver adds to the rule base)."""
    return "".join(rules_file_text(f) for f in rules_files)


def check_file(path: Path, rules: str | None = None, disable: tuple[str, ...] = (),
               enable: tuple[str, ...] = (), rules_files: tuple[str, ...] = (),
               max_outcomes: int = 0, catalog: str | Path | None = None) -> tuple[dict[str, Any], Solution]:
    """Check one scenario; the report and the raw solution (for timing).  ``max_outcomes``:
    outcomes or combinations listed per question at most (0: DEFAULT_MAX_OUTCOMES); ``catalog``:
    as ``check``'s."""
    path = Path(path)
    disable, enable = _as_ids(disable), _as_ids(enable)
    extra = _extra_rules(_as_ids(rules_files))
    loaded = load(path, catalog)
    sc = loaded.scenario
    check_switches(disable, enable, extra)
    _check_rule_ids(loaded.path, [(f"disable[{i}]", r) for i, r in enumerate(sc.disable)]
                    + [(f"enable[{i}]", r) for i, r in enumerate(sc.enable)], extra)
    both = sorted(set(sc.disable + list(disable)) & set(sc.enable + list(enable)))
    if both:
        raise InputError(loaded.path, "enable", f"{both[0]!r} is both disabled and enabled")
    rule_set = rules or sc.rules
    facts, questions = scenario_facts(loaded)
    facts += "".join(f"disabled({r}).\n" for r in disable)
    facts += "".join(f"extra_enabled({r}).\n" for r in enable)
    sol = solve(facts, rule_set, [q.id for q in questions if q.several], loaded.path,
                kinds=tuple(sorted({q.kind for q in questions})), extra_rules=extra,
                max_outcomes=max_outcomes or DEFAULT_MAX_OUTCOMES,
                order_questions=[q.id for q in questions if q.kind == "chain_order"])
    problems = violations(sol, loaded)
    if problems:
        key, message = problems[0]
        more = f" (and {len(problems) - 1} more contradiction{'s' if len(problems) > 2 else ''})" if len(problems) > 1 else ""
        raise InputError(loaded.path, key or "violation", message + more)
    report = {
        "path": loaded.path,
        "title": sc.title,
        "source": sc.source.model_dump(exclude_none=True) if sc.source else None,
        "rules": rule_set,
        "questions": question_reports(loaded, questions, sol),
    }
    return report, sol


@dataclass(frozen=True)
class Variant:
    """A rule base to check with: a rule set (None: each scenario's own), rules switched off or
    on, and a designer's own ASP files added to the rule base."""

    rules: str | None = None
    disable: tuple[str, ...] = ()
    enable: tuple[str, ...] = ()
    rules_files: tuple[str, ...] = ()
    max_outcomes: int = 0  # 0: DEFAULT_MAX_OUTCOMES


DEFAULT_MAX_OUTCOMES = 1000  # outcomes (or summon combinations) listed per question at most


Outcome = tuple[str, Any]   # ("report", report) / ("error", line) / ("internal", line)


def check_one(path: Path, variant: Variant, catalog: str | None = None) -> Outcome:
    """Check one file under ``variant`` (with the card catalog ``catalog``: a file, "" for none,
    None for the default); never raises (picklable, for process pools and Dask)."""
    try:
        report, _ = check_file(path, variant.rules, variant.disable, variant.enable, variant.rules_files,
                               variant.max_outcomes, catalog)
    except InputError as exc:
        return ("error", exc.line())
    except Exception as exc:  # a bug: reported for this file, and the run goes on
        return ("internal", internal_error_line(str(path), exc))
    return ("report", report)


def _check_one_star(args: tuple[Path, Variant, str | None]) -> Outcome:
    return check_one(*args)


def run_files(files: Sequence[Path], variant: Variant, jobs: int = 1, dask: str | None = None,
              progress: Callable[[int, int], None] | None = None, catalog: str | None = None) -> list[Outcome]:
    """``check_one`` over ``files``, in their order: in this process, in a pool of ``jobs``
    processes, or on a Dask cluster (``dask``: a scheduler address, or "local").  ``catalog``
    (``user_catalog``'s answer) goes with every file: a worker reads the card catalog the run
    names, whatever its own environment says."""
    from . import parallel

    return parallel.run(_check_one_star, [(f, variant, catalog) for f in files], jobs, dask, progress)


def user_catalog(catalog: str | Path | None) -> str:
    """The card catalog a run reads, checked once: a file's path, or "" for none (None: the
    default, usercards.resolve)."""
    from .usercards import open_catalog, resolve

    path = resolve(catalog)
    open_catalog(path)  # not a catalog: one line for the run, not one per file
    return path


def check_paths(paths: str | Path | Sequence[str | Path], rules: str | None = None,
                disable: str | Sequence[str] = (), enable: str | Sequence[str] = (),
                rules_files: str | Sequence[str] = (), jobs: int = 1, dask: str | None = None,
                progress: Callable[[int, int], None] | None = None, max_outcomes: int = 0,
                catalog: str | Path | None = None) -> dict[str, Any]:
    """Check every scenario under ``paths`` (``catalog``: as ``check``'s).  Bad input is collected
    under ``errors`` (one line each) rather than raised, so one bad file does not hide
    the others; a bug met in one file under ``internal_errors``."""
    scenarios: list[dict[str, Any]] = []
    errors: list[str] = []
    internal: list[str] = []
    variant = Variant(rules, _as_ids(disable), _as_ids(enable), _as_ids(rules_files), max_outcomes)
    cards = ""
    try:
        check_variant(variant)
        cards = user_catalog(catalog)
        files = scenario_files(paths)
    except InputError as exc:
        files, errors = [], [exc.line()]
    try:
        outcomes = run_files(files, variant, jobs, dask, progress, cards)
    except InputError as exc:  # the cluster cannot be used
        outcomes = [("error", exc.line())]
    for kind, value in outcomes:
        {"report": scenarios, "error": errors, "internal": internal}[kind].append(value)
    return {"scenarios": scenarios, "errors": errors, "internal_errors": internal,
            "summary": summarize(scenarios, errors, internal)}


def summarize(scenarios: list[dict[str, Any]], errors: list[str], internal: list[str]) -> dict[str, int]:
    statuses = [q["status"] for s in scenarios for q in s["questions"]]
    return {
        "scenarios": len(scenarios),
        "pass": statuses.count("pass"),
        "fail": statuses.count("fail"),
        "unchecked": statuses.count("unchecked"),
        "errors": len(errors),
        "internal_errors": len(internal),
    }


def check_variant(variant: Variant) -> None:
    """The command line's switches and rules files, checked once for every file."""
    check_switches(variant.disable, variant.enable, _extra_rules(variant.rules_files))


def internal_error_line(where: str, exc: BaseException) -> str:
    """One line for a bug met while checking ``where`` (exit 3): the file, and what went wrong."""
    what = cut(" ".join(f"{type(exc).__name__}: {exc}".split()), 240)
    return f"{where}: internal error (a bug in ygo-ruling, please report it): {what}"


def rule_listing(rule_set: str, extra_rules: str = "") -> list[dict[str, Any]]:
    """Every rule the rule base (and a designer's own rules) knows, with its citation and
    whether ``rule_set`` enables it."""
    sol = solve("listing.\n", rule_set, [], "--rules", extra_rules=extra_rules)
    enabled = {a[1] for a in sol.where("enabled")}
    switches = {a[1] for a in sol.where("switch")}
    follows: dict[str, list[str]] = {}
    for a in sol.where("reason_of"):
        follows.setdefault(a[1], []).append(a[2])
    from .solver import rule_files

    files = rule_files()
    return [{"rule": r[1], "cite": r[2], "text": r[3], "enabled": r[1] in enabled,
             "follows": sorted(follows.get(r[1], [])),
             "always": r[1] not in switches and r[1] not in follows,
             "files": files.get(r[1], [])}
            for r in sorted(sol.where("rule"), key=lambda r: r[1])]
