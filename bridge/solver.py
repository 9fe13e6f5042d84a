"""The one module that talks to clingo.

Rule text is read once per process (``rule_text``); every scenario gets a
fresh ``Control``.  clingo is imported lazily so ``--help`` stays fast.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from collections.abc import Sequence
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


@cache
def rule_files() -> dict[str, list[str]]:
    """Rule id -> the rule-base files that name it: those whose rules it guards (``enabled(Id)``),
    or, for a reason or a basic meaning that guards nothing, those that give it as a reason — where
    a ruling that names the rule is decided (read from the files' text, once per process)."""
    import re

    guards: dict[str, set[str]] = {}
    names: dict[str, set[str]] = {}
    for f in resources.files("ygo_ruling.asp").iterdir():
        if f.name.endswith(".lp"):
            text = re.sub(r"%[^\n]*", "", f.read_text(encoding="utf-8"))   # comments aside
            for rule_id in re.findall(r"enabled\((\w+)\)", text):
                guards.setdefault(rule_id, set()).add(f"asp/{f.name}")
            for word in set(re.findall(r"\b[a-z][a-z0-9_]*\b", text)):
                names.setdefault(word, set()).add(f"asp/{f.name}")
    return {r: sorted(guards.get(r) or fs) for r, fs in names.items()}


def rule_sets() -> list[str]:
    files = resources.files("ygo_ruling.asp.rulesets").iterdir()
    return sorted(f.name[:-3] for f in files if f.name.endswith(".lp") and f.name != "common.lp")


@cache
def rule_set_text(name: str) -> str:
    if name not in rule_sets():
        raise KeyError(name)
    return _inline("ygo_ruling.asp.rulesets", f"{name}.lp", set())


@lru_cache(maxsize=1 << 16)
def to_py(sym: Any) -> Any:
    """A clingo symbol as plain data: numbers, strings, and tuples for terms
    (``f(a, 1)`` -> ``("f", "a", 1)``; a constant ``a`` -> ``"a"``).  Memoised: the
    same atoms come back in every model of a scenario, and each attribute read is a
    call into clingo."""
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
    extra_rules: str = ""       # a designer's own rules, solved with (their rule texts: rule_texts)
    truncated: set[str] = field(default_factory=set)   # enumerations cut at max_outcomes: question ids, "resolve"

    def where(self, name: str) -> list[Atom]:
        return [a for a in self.atoms if isinstance(a, tuple) and a[0] == name]


# the program parts (asp/main.lp) each question kind needs
PARTS = {
    "summon_zones": ("zones",),
    "can_activate": ("zones", "effects", "activation"),
    "resolve": ("zones", "effects", "activation", "resolution"),
    "battle": ("zones", "effects", "activation", "battle"),
    "legal_actions": ("zones", "effects", "activation", "legal"),
    "chain_order": ("zones", "effects", "activation", "legal"),
}

PLACED = frozenset({"placed"})
ORDERED = frozenset({"ordered", "order_reason"})
RESOLUTION_ATOMS = frozenset({"area_changed", "step_result", "step_rule", "acted_on", "final_area", "res_happened",
                              "trigger_after", "trigger_after_reason", "trigger_after_refused",
                              "duel_result", "outcome_rule", "life_points", "counters_after", "stat_after", "equipped_after", "materials_after", "xyz_after", "step_order", "trigger_after_times",
                              "battle_damage_to", "locked_after", "skipped_after", "applied_before"})


@lru_cache(maxsize=1)
def rule_ast() -> tuple[Any, ...]:
    """The rule base parsed once per process (clingo AST statements)."""
    from clingo import ast

    statements: list[Any] = []
    ast.parse_string(rule_text(), statements.append)
    return tuple(statements)


@lru_cache(maxsize=1)
def _rule_entries() -> list[Any] | None:
    """The rule base analysed for slicing (``slice.py``), once per process; None when
    it holds a construct the analysis does not model (then nothing is sliced)."""
    from . import slice as sl

    try:
        return sl.analyse(rule_ast())
    except sl.Opaque:
        return None


@lru_cache(maxsize=16)
def _text_entries(text: str) -> list[Any] | None:
    """A program text's statements analysed for slicing, once per text (a rule set, a
    designer's rules file); None: not analysable."""
    from clingo import ast

    from . import slice as sl

    statements: list[Any] = []
    try:
        ast.parse_string(text, statements.append)
        return sl.analyse(statements)
    except (sl.Opaque, RuntimeError):
        return None


@lru_cache(maxsize=16)
def _program(rules: str, parts: tuple[str, ...], extra_rules: str = "") -> Any:
    """The rule base's parts ``parts`` with a designer's own rules, and the rule set
    ``rules``, ready to be sliced (``slice.Program``: the analysis without facts, done
    once); None when they hold a construct the analysis does not model.  A designer's
    rules are sliced like the rule base's (their statements follow it, from part base);
    the rule set is given to clingo whole, and what it can derive feeds the slice."""
    from . import slice as sl

    entries, ruleset = _rule_entries(), _text_entries(rule_set_text(rules))
    extra = _text_entries("#program base.\n" + extra_rules) if extra_rules else []
    if entries is None or ruleset is None or extra is None:
        return None
    return sl.Program(entries + extra, frozenset(("base", *parts)), [v for e in ruleset for v in e.variants])


@lru_cache(maxsize=256)
def _slice(facts: frozenset[Any], extra: frozenset[Any], rules: str,
           parts: tuple[str, ...], extra_rules: str = "") -> tuple[Any, ...] | None:
    """The rule-base statements a scenario needs, given its facts (abstract atoms, and
    the variants of anything in them that is not a plain fact), its rule set, a
    designer's own rules and the program parts grounded; cached, as scenarios that
    differ only in names share one."""
    program = _program(rules, parts, extra_rules)
    if program is None:
        return None
    return program.slice(facts, sorted(extra, key=repr))


_solved = 0   # scenarios solved in this process (see solve: the first is not sliced)


_SWITCH = re.compile(r"rule_set_enables\((\w+)\)\.")
_WORD = re.compile(r"[a-z_][A-Za-z0-9_]*")


@lru_cache(maxsize=256)
def _switches(facts: frozenset[Any], extra: frozenset[Any], rules: str,
              parts: tuple[str, ...], extra_rules: str = "") -> frozenset[str] | None:
    """The rule ids the scenario's slice (``_slice``, the same key) can read as switches; cached with it."""
    from . import slice as sl

    statements = _slice(facts, extra, rules, parts, extra_rules)
    return None if statements is None else sl.switch_ids(statements)


def _switches_read(ruleset: str, read: frozenset[str] | None, facts: str) -> str:
    """The rule set with only the switches (rule_set_enables/1) a sliced rule base can read: ``read``
    (slice.switch_ids) and any id a fact names; every switch with `listing` (ygo-ruling rules) or when
    ``read`` is None. A switch nothing can read is a ground rule every scenario would pay for."""
    words = set(_WORD.findall(facts))
    if "listing" in words or read is None:
        return ruleset
    known = read | words
    return _SWITCH.sub(lambda m: m.group(0) if m.group(1) in known else "", ruleset)


def _fact_key(facts: str) -> tuple[frozenset[Any], frozenset[Any]] | None:
    """What the facts text holds for the slice: its plain facts as abstract atoms, and
    the variants of its other statements; None when it cannot be analysed (bad input
    is then reported by ``ctl.add``, as without slicing)."""
    from clingo import ast

    from . import slice as sl

    atoms = sl.fact_atoms(facts)
    if atoms is not None:
        return atoms, frozenset()
    statements: list[Any] = []
    try:
        ast.parse_string(facts, statements.append, logger=lambda code, msg: None, message_limit=1)
        variants = [v for e in sl.analyse(statements) for v in e.variants]
    except (sl.Opaque, RuntimeError):
        return None
    plain = {v: sl.as_atom(v) for v in variants}
    return (frozenset(a for a in plain.values() if a is not None),
            frozenset(v for v, a in plain.items() if a is None))


def _enumerate(ctl: Any, external: Any, names: frozenset[str], limit: int = 0) -> tuple[list[list[Atom]], bool]:
    """Every answer set with ``external`` true (projected as the program says),
    keeping the shown atoms named in ``names``, in clingo's order; the atoms of
    each model sorted (their order otherwise follows the grounding, which the
    slice changes; the order of the models may change too, the models do not:
    tests/test_slice.py).  With ``limit`` > 0, at most that many, and True
    when there were more (the rest are not enumerated)."""
    models: list[list[Any]] = []

    def collect(model: Any) -> None:
        models.append(sorted(s for s in model.symbols(shown=True) if s.name in names))

    ctl.assign_external(external, True)
    ctl.configuration.solve.models = str(limit + 1 if limit > 0 else 0)
    ctl.solve(on_model=collect)
    ctl.configuration.solve.models = "0"
    ctl.assign_external(external, False)
    truncated = limit > 0 and len(models) > limit
    return [[to_py(s) for s in m] for m in models[: limit if truncated else None]], truncated


@lru_cache(maxsize=8)
def rule_texts(extra_rules: str = "") -> dict[str, dict[str, str]]:
    """Every rule id's seed citation and one-line text, from the rule base and a designer's
    own rules (once per process and rules file)."""
    sol = solve("listing.\n", "master-2020", [], "rules", extra_rules=extra_rules, sliced=False)
    return {r[1]: {"cite": r[2], "text": r[3]} for r in sol.where("rule")}


def solve(facts: str, rules: str, enumerate_questions: list[str], where: str,
          kinds: tuple[str, ...] = tuple(PARTS), sliced: bool | None = None,
          extra_rules: str = "", max_outcomes: int = 0, order_questions: Sequence[str] = ()) -> Solution:
    """Ground the rule base (the parts the question ``kinds`` need), the rule set
    and the facts; solve once for the options of every question, then once per
    question that summons several cards to enumerate its combinations (projected
    on ``placed/3``), and, when a question resolves the chain, once more to
    enumerate the chain's outcomes (projected on the choices made during it).

    Only the rules the scenario can use are given to clingo (``slice.py``; the
    answers are the same).  The analysis behind the slice costs a few tenths of a
    second once per process, more than slicing saves on one scenario: when ``sliced``
    is None a process's first scenario is solved whole and the others sliced;
    ``sliced=True/False`` forces it, and so does the environment variable
    ``YGO_RULING_NO_SLICE`` (``0``: always slice, ``1``: never).
    ``extra_rules``: a designer's own rules (``--rules-file``), sliced with the rule base
    (analysed once per text).
    ``order_questions``: chain_order questions, each enumerated (projected on its chain,
    ``ordered/4``) into ``combinations`` under its id.
    ``max_outcomes`` > 0: enumerate at most that many outcomes / combinations per
    question (``Solution.truncated`` says which were cut)."""
    import clingo

    try:
        ruleset = rule_set_text(rules)
    except KeyError:
        known = ", ".join(rule_sets())
        raise InputError(where, "rules", f"unknown rule set {rules!r} (known: {known})") from None

    from clingo import ast

    parts = sorted({p for k in kinds for p in PARTS.get(k, ())})
    global _solved
    if sliced is None:
        switch = os.environ.get("YGO_RULING_NO_SLICE", "")
        sliced = switch == "0" or (switch != "1" and _solved > 0)
    _solved += 1
    statements = None
    read: frozenset[str] | None = None
    if sliced:
        key = _fact_key(facts)
        if key is not None:
            statements = _slice(*key, rules, tuple(parts), extra_rules)
            read = _switches(*key, rules, tuple(parts), extra_rules)
    # a sliced rule base leaves predicates without rules: clingo's info about them is noise
    # (it would crowd out real messages under the limit)
    quiet = ["-Wno-atom-undefined"] if statements is not None else []
    messages: list[str] = []
    ctl = clingo.Control(["--project=project", "--models=0", *quiet],
                         logger=lambda code, msg: messages.append(msg), message_limit=20)
    with ast.ProgramBuilder(ctl) as builder:
        for statement in rule_ast() if statements is None else statements:
            builder.add(statement)
    ctl.add("base", [], ruleset if statements is None else _switches_read(ruleset, read, facts))
    try:  # a designer's rules are in the slice; without one, they are given whole
        ctl.add("base", [], facts + (extra_rules if statements is None else ""))
    except RuntimeError as exc:  # a scenario value that is not a valid term
        raise InputError(where, None, "cannot be turned into facts: " + " ".join(messages)) from exc
    t0 = time.perf_counter()
    ctl.ground([("base", [])] + [(p, []) for p in parts])
    t1 = time.perf_counter()

    shown: set[Any] = set()
    result = ctl.solve(on_model=lambda m: shown.update(m.symbols(shown=True)))
    if not result.satisfiable:  # the base program has no choices: this is a bug
        raise RuntimeError(f"{where}: the rule base has no answer set")
    # the first model carries every option; with several models only the first counts.
    # Sorted: the order of the atoms does not depend on the rules given to clingo
    base = list(dict.fromkeys(to_py(s) for s in sorted(shown)))
    lp_stats = ctl.statistics["problem"]["lp"]
    size = (int(lp_stats["rules"]), int(lp_stats["atoms"]))

    combos: dict[str, list[list[Atom]]] = {}
    truncated: set[str] = set()
    for qid in enumerate_questions:
        combos[qid], cut = _enumerate(ctl, clingo.Function("enumerate", [clingo.String(qid)]), PLACED, max_outcomes)
        if cut:
            truncated.add(qid)
    for qid in order_questions:
        combos[qid], cut = _enumerate(ctl, clingo.Function("enumerate_order", [clingo.String(qid)]), ORDERED, max_outcomes)
        if cut:
            truncated.add(qid)
    outcomes: list[list[Atom]] = []
    if "resolve" in kinds:
        outcomes, cut = _enumerate(ctl, clingo.Function("enumerate_resolution"), RESOLUTION_ATOMS, max_outcomes)
        if cut:
            truncated.add("resolve")
    elif "battle" in kinds:  # no choices: the one answer set is the outcome
        outcomes = [[a for a in base if a[0] in RESOLUTION_ATOMS]]
    t2 = time.perf_counter()
    return Solution(base, combos, outcomes, t1 - t0, t2 - t1, *size, extra_rules=extra_rules, truncated=truncated)


def check_program(text: str) -> str | None:
    """None when ``text`` is a valid ASP program; else clingo's first message, on one line."""
    from clingo import ast

    messages: list[str] = []
    try:
        ast.parse_string(text, lambda _: None, logger=lambda code, msg: messages.append(msg), message_limit=1)
    except RuntimeError:
        return " ".join((messages[0] if messages else "syntax error").split())
    return None

