"""The one module that talks to clingo.

Rule text is read once per process (``rule_text``); every scenario gets a
fresh ``Control``.  clingo is imported lazily so ``--help`` stays fast.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from .errors import InputError

ENTRY = "main.lp"
INCLUDE = re.compile(r'^\s*#include\s+"([^"]+)"\s*\.\s*$', re.MULTILINE)
Atom = tuple[Any, ...]


def _inline(package: str, name: str, seen: set[tuple[str, str]]) -> str:
    """A rule file with its ``#include "x.lp".`` lines replaced by their text."""
    if (package, name) in seen:
        return ""
    seen.add((package, name))
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return INCLUDE.sub(lambda m: _inline(package, m.group(1), seen), text)


@lru_cache(maxsize=1)
def rule_text() -> str:
    """The whole rule base (asp/main.lp and what it includes)."""
    return _inline("ygo_ruling.asp", ENTRY, set())


def rule_sets() -> list[str]:
    files = resources.files("ygo_ruling.asp.rulesets").iterdir()
    return sorted(f.name[:-3] for f in files if f.name.endswith(".lp") and f.name != "common.lp")


@cache
def rule_set_text(name: str) -> str:
    if name not in rule_sets():
        raise KeyError(name)
    return _inline("ygo_ruling.asp.rulesets", f"{name}.lp", set())


def to_py(sym: Any) -> Any:
    """A clingo symbol as plain data: numbers, strings, and tuples for terms
    (``f(a, 1)`` -> ``("f", "a", 1)``; a constant ``a`` -> ``"a"``)."""
    from clingo import SymbolType

    if sym.type == SymbolType.Number:
        return sym.number
    if sym.type == SymbolType.String:
        return sym.string
    if sym.type == SymbolType.Function:
        args = tuple(to_py(a) for a in sym.arguments)
        if not sym.name:
            return args
        return (sym.name, *args) if args else sym.name
    return str(sym)


@dataclass
class Solution:
    """What one scenario's solve produced."""

    atoms: list[Atom]                                          # the deterministic answer set
    combinations: dict[str, list[list[Atom]]] = field(default_factory=dict)
    outcomes: list[list[Atom]] = field(default_factory=list)   # resolution outcomes
    ground_seconds: float = 0.0
    solve_seconds: float = 0.0
    ground_rules: int = 0       # size of the ground program (clingo's statistics): a figure that,
    ground_atoms: int = 0       # unlike the seconds, does not vary from run to run

    def where(self, name: str) -> list[Atom]:
        return [a for a in self.atoms if isinstance(a, tuple) and a[0] == name]


# the program parts (asp/main.lp) each question kind needs
PARTS = {
    "summon_zones": ("zones",),
    "can_activate": ("zones", "effects", "activation"),
    "resolve": ("zones", "effects", "activation", "resolution"),
    "battle": ("zones", "effects", "activation", "battle"),
}

PLACED = frozenset({"placed"})
RESOLUTION_ATOMS = frozenset({"area_changed", "step_result", "step_rule", "acted_on", "final_area", "res_happened",
                              "trigger_after", "trigger_after_reason", "trigger_after_refused",
                              "duel_result", "outcome_rule", "life_points", "counters_after", "step_order", "trigger_after_times",
                              "battle_damage_to"})


@lru_cache(maxsize=1)
def rule_ast() -> tuple[Any, ...]:
    """The rule base parsed once per process (clingo AST statements)."""
    from clingo import ast

    statements: list[Any] = []
    ast.parse_string(rule_text(), statements.append)
    return tuple(statements)


def _enumerate(ctl: Any, external: Any, names: frozenset[str]) -> list[list[Atom]]:
    """Every answer set with ``external`` true (projected as the program says),
    keeping the shown atoms named in ``names``."""
    models: list[list[Atom]] = []

    def collect(model: Any) -> None:
        models.append([to_py(s) for s in model.symbols(shown=True) if s.name in names])

    ctl.assign_external(external, True)
    ctl.solve(on_model=collect)
    ctl.assign_external(external, False)
    return models


@lru_cache(maxsize=1)
def rule_texts() -> dict[str, dict[str, str]]:
    """Every rule id's seed citation and one-line text, from the rule base (once per process)."""
    sol = solve("listing.\n", "master-2020", [], "rules")
    return {r[1]: {"cite": r[2], "text": r[3]} for r in sol.where("rule")}


def solve(facts: str, rules: str, enumerate_questions: list[str], where: str,
          kinds: tuple[str, ...] = tuple(PARTS)) -> Solution:
    """Ground the rule base (the parts the question ``kinds`` need), the rule set
    and the facts; solve once for the options of every question, then once per
    question that summons several cards to enumerate its combinations (projected
    on ``placed/3``), and, when a question resolves the chain, once more to
    enumerate the chain's outcomes (projected on the choices made during it)."""
    import clingo

    try:
        ruleset = rule_set_text(rules)
    except KeyError:
        known = ", ".join(rule_sets())
        raise InputError(where, "rules", f"unknown rule set {rules!r} (known: {known})") from None

    messages: list[str] = []
    ctl = clingo.Control(["--project=project", "--models=0"],
                         logger=lambda code, msg: messages.append(msg), message_limit=20)
    from clingo import ast

    with ast.ProgramBuilder(ctl) as builder:
        for statement in rule_ast():
            builder.add(statement)
    ctl.add("base", [], ruleset)
    try:
        ctl.add("base", [], facts)
    except RuntimeError as exc:  # a scenario value that is not a valid term
        raise InputError(where, None, "cannot be turned into facts: " + " ".join(messages)) from exc
    t0 = time.perf_counter()
    parts = sorted({p for k in kinds for p in PARTS.get(k, ())})
    ctl.ground([("base", [])] + [(p, []) for p in parts])
    t1 = time.perf_counter()

    base: list[Atom] = []
    result = ctl.solve(on_model=lambda m: base.extend(to_py(s) for s in m.symbols(shown=True)))
    if not result.satisfiable:  # the base program has no choices: this is a bug
        raise RuntimeError(f"{where}: the rule base has no answer set")
    # the first model carries every option; with several models only the first counts
    base = list(dict.fromkeys(base))
    lp_stats = ctl.statistics["problem"]["lp"]
    size = (int(lp_stats["rules"]), int(lp_stats["atoms"]))

    combos = {qid: _enumerate(ctl, clingo.Function("enumerate", [clingo.String(qid)]), PLACED)
              for qid in enumerate_questions}
    outcomes: list[list[Atom]] = []
    if "resolve" in kinds:
        outcomes = _enumerate(ctl, clingo.Function("enumerate_resolution"), RESOLUTION_ATOMS)
    elif "battle" in kinds:  # no choices: the one answer set is the outcome
        outcomes = [[a for a in base if a[0] in RESOLUTION_ATOMS]]
    t2 = time.perf_counter()
    return Solution(base, combos, outcomes, t1 - t0, t2 - t1, *size)
