"""The Python API under the CLI: plain data in, plain data out."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import InputError
from .facts import scenario_facts
from .loader import load
from .report import question_report, violations
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


@lru_cache(maxsize=1)
def known_rules() -> dict[str, dict[str, Any]]:
    """Every rule id of the rule base (all parts) with its listing, read once per process."""
    return {r["rule"]: r for r in rule_listing("master-2020")}


def _check_rule_ids(where: str, ids: list[tuple[str, str]]) -> None:
    for key, rule_id in ids:  # the rule listing is only computed when a rule is switched
        rule = known_rules().get(rule_id)
        if rule is None:
            raise InputError(where, key, f"unknown rule id {rule_id!r} (see `ygo-ruling rules`)")
        if rule["follows"]:
            raise InputError(where, key, f"{rule_id!r} is not a switch: it is a reason given by "
                                         f"{' / '.join(rule['follows'])}; switch that instead")
        if rule["always"]:
            raise InputError(where, key, f"{rule_id!r} is not a switch: it names the basic meaning "
                                         "of a step or wording, which is always on")


def check_switches(disable: tuple[str, ...], enable: tuple[str, ...]) -> None:
    """The command line's --disable / --enable ids, checked once for every file."""
    _check_rule_ids("command line", [("--disable", r) for r in disable] + [("--enable", r) for r in enable])
    both = sorted(set(disable) & set(enable))
    if both:
        raise InputError("command line", "--enable", f"{both[0]!r} is both disabled and enabled")


def check(path: str | Path, rules: str | None = None, disable: str | Sequence[str] = (),
          enable: str | Sequence[str] = ()) -> dict[str, Any]:
    """Check one scenario file: its report (plain data, what ``--format json`` prints for it).
    Raises ``InputError`` (``.where``, ``.key``, ``.message``) for anything the user must fix."""
    report, _ = check_file(Path(path), rules, _as_ids(disable), _as_ids(enable))
    return report


def check_file(path: Path, rules: str | None = None, disable: tuple[str, ...] = (),
               enable: tuple[str, ...] = ()) -> tuple[dict[str, Any], Solution]:
    """Check one scenario; the report and the raw solution (for timing)."""
    path = Path(path)
    disable, enable = _as_ids(disable), _as_ids(enable)
    loaded = load(path)
    sc = loaded.scenario
    check_switches(disable, enable)
    _check_rule_ids(loaded.path, [(f"disable[{i}]", r) for i, r in enumerate(sc.disable)]
                    + [(f"enable[{i}]", r) for i, r in enumerate(sc.enable)])
    both = sorted(set(sc.disable + list(disable)) & set(sc.enable + list(enable)))
    if both:
        raise InputError(loaded.path, "enable", f"{both[0]!r} is both disabled and enabled")
    rule_set = rules or sc.rules
    facts, questions = scenario_facts(loaded)
    facts += "".join(f"disabled({r}).\n" for r in disable)
    facts += "".join(f"extra_enabled({r}).\n" for r in enable)
    sol = solve(facts, rule_set, [q.id for q in questions if q.several], loaded.path,
                kinds=tuple(sorted({q.kind for q in questions})))
    problems = violations(sol, loaded)
    if problems:
        key, message = problems[0]
        more = f" (and {len(problems) - 1} more contradiction{'s' if len(problems) > 2 else ''})" if len(problems) > 1 else ""
        raise InputError(loaded.path, key or "violation", message + more)
    report = {
        "path": loaded.path,
        "title": sc.title,
        "source": sc.source.model_dump(exclude_none=True),
        "rules": rule_set,
        "questions": [question_report(loaded, i, q, sol) for i, q in enumerate(questions)],
    }
    return report, sol


def check_paths(paths: str | Path | Sequence[str | Path], rules: str | None = None,
                disable: str | Sequence[str] = (), enable: str | Sequence[str] = ()) -> dict[str, Any]:
    """Check every scenario under ``paths``.  Bad input is collected under
    ``errors`` (one line each) rather than raised, so one bad file does not hide
    the others."""
    scenarios: list[dict[str, Any]] = []
    errors: list[str] = []
    internal: list[str] = []
    disable, enable = _as_ids(disable), _as_ids(enable)
    try:
        check_switches(disable, enable)
        files = scenario_files(paths)
    except InputError as exc:
        files, errors = [], [exc.line()]
    for f in files:
        try:
            report, _ = check_file(f, rules, disable, enable)
        except InputError as exc:
            errors.append(exc.line())
            continue
        except Exception as exc:  # a bug: reported for this file, and the run goes on
            internal.append(internal_error_line(str(f), exc))
            continue
        scenarios.append(report)
    statuses = [q["status"] for s in scenarios for q in s["questions"]]
    summary = {
        "scenarios": len(scenarios),
        "pass": statuses.count("pass"),
        "fail": statuses.count("fail"),
        "unchecked": statuses.count("unchecked"),
        "errors": len(errors),
        "internal_errors": len(internal),
    }
    return {"scenarios": scenarios, "errors": errors, "internal_errors": internal, "summary": summary}


def internal_error_line(where: str, exc: BaseException) -> str:
    """One line for a bug met while checking ``where`` (exit 3): the file, and what went wrong."""
    what = " ".join(f"{type(exc).__name__}: {exc}".split())
    what = what if len(what) <= 240 else what[:239] + "…"
    return f"{where}: internal error (a bug in ygo-ruling, please report it): {what}"


def rule_listing(rule_set: str) -> list[dict[str, Any]]:
    """Every rule the rule base knows, with its citation and whether ``rule_set`` enables it."""
    sol = solve("listing.\n", rule_set, [], "--rules")
    enabled = {a[1] for a in sol.where("enabled")}
    switches = {a[1] for a in sol.where("switch")}
    follows: dict[str, list[str]] = {}
    for a in sol.where("reason_of"):
        follows.setdefault(a[1], []).append(a[2])
    return [{"rule": r[1], "cite": r[2], "text": r[3], "enabled": r[1] in enabled,
             "follows": sorted(follows.get(r[1], [])),
             "always": r[1] not in switches and r[1] not in follows}
            for r in sorted(sol.where("rule"), key=lambda r: r[1])]
