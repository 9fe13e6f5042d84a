"""Slicing the rule base (bridge/slice.py) changes no answer.

Shipped scenarios are checked both ways (the whole rule base, then the slice) and their
complete reports and raw solutions compared; small programs exercise each construct the
soundness argument covers (aggregates that hold with no element, conditional literals,
choices, pools, classical negation, externals, program parts, constants, equalities)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import clingo
import pytest
from clingo import ast
from ygo_ruling import slice as sl
from ygo_ruling import solver
from ygo_ruling.api import check_file
from ygo_ruling.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "scenarios").rglob("*.yaml"))
SAMPLE = FILES[::7]  # every seventh: each file runs twice, once with the whole rule base


def _check(path: Path) -> tuple[str, Any]:
    """A scenario's complete report and raw solution, with one thing put in a fixed order:
    the outcomes of a resolution.  clingo enumerates them in an order that follows the
    ground program, which slicing changes (as any edit of the rule base does); the
    outcomes themselves, and everything else, must be the same."""
    try:
        report, sol = check_file(path)
    except InputError as exc:
        return exc.line(), None
    for q in report["questions"]:
        if q["kind"] == "resolve":
            q["options"].sort(key=lambda o: json.dumps(o, sort_keys=True, ensure_ascii=False))
    outcomes = sorted(sol.outcomes, key=repr)
    combinations = {q: sorted(c, key=repr) for q, c in sol.combinations.items()}
    return json.dumps(report, ensure_ascii=False), (sol.atoms, combinations, outcomes)


@pytest.mark.parametrize("path", SAMPLE, ids=[str(f.relative_to(ROOT)) for f in SAMPLE])
def test_sliced_report_is_the_whole_rule_bases(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("YGO_RULING_NO_SLICE", "1")
    whole = _check(path)
    monkeypatch.setenv("YGO_RULING_NO_SLICE", "0")
    sliced = _check(path)
    assert sliced[0] == whole[0]
    assert sliced[1] == whole[1]


def test_the_slice_leaves_rules_out() -> None:
    """A summon-zones question needs no effect or chain rule: most of the rule base goes."""
    path = next(f for f in FILES if "extra_deck_zones" in f.parts)
    from ygo_ruling.facts import scenario_facts
    from ygo_ruling.loader import load

    loaded = load(path)
    facts, _ = scenario_facts(loaded)
    key = solver._fact_key(facts)
    assert key is not None
    kept = solver._slice(*key, loaded.scenario.rules, ("zones",))
    assert kept is not None
    rules = sum(1 for s in solver.rule_ast() if s.ast_type == ast.ASTType.Rule)
    assert sum(1 for s in kept if s.ast_type == ast.ASTType.Rule) < rules / 2


# ---- small programs ----------------------------------------------------------------------

def _models(statements: list[Any], facts: str, parts: tuple[str, ...], externals: list[str] = ()) -> set:
    ctl = clingo.Control(["--models=0"], logger=lambda code, msg: None)
    with ast.ProgramBuilder(ctl) as builder:
        for st in statements:
            builder.add(st)
    ctl.add("base", [], facts)
    ctl.ground([("base", [])] + [(p, []) for p in parts])
    for e in externals:
        ctl.assign_external(clingo.parse_term(e), True)
    models: set = set()
    ctl.solve(on_model=lambda m: models.add(frozenset(str(s) for s in m.symbols(atoms=True))))
    return models


def _both(program: str, facts: str, parts: tuple[str, ...] = (), externals: list[str] = ()) -> list[str]:
    """Solve ``program`` with ``facts`` whole and sliced; assert the answer sets are the same;
    return the rules the slice left out."""
    statements: list[Any] = []
    ast.parse_string(program, statements.append)
    program_ = sl.Program(sl.analyse(statements), frozenset(("base", *parts)), [])
    atoms = sl.fact_atoms(facts)
    assert atoms is not None
    kept = program_.slice(atoms)
    assert _models(list(kept), facts, parts, externals) == _models(statements, facts, parts, externals)
    return [str(s) for s in statements if s.ast_type == ast.ASTType.Rule and s not in kept]


def test_aggregates_and_negation_hold_with_nothing_derived() -> None:
    dropped = _both("""
        a :- #count { X : p(X) } = 0.
        b :- #sum { X : p(X) } < 3.
        c :- q(X), not p(X).
        d :- not p(1).
        f :- r(X) : p(X).
        g :- q(X), #count { Y : p(Y) } < X + 1.
        h :- q(X), p(X).
    """, "q(1). s.")
    assert dropped == ["h :- q(X); p(X)."]


def _both_shown(program: str, facts: str) -> list[str]:
    """As ``_both``, comparing the shown atoms of the models projected on them (what a program
    with #show answers); and the slice must not change whether there is an answer set."""
    statements: list[Any] = []
    ast.parse_string(program, statements.append)
    program_ = sl.Program(sl.analyse(statements), frozenset(("base",)), [])
    atoms = sl.fact_atoms(facts)
    assert atoms is not None
    kept = program_.slice(atoms)

    def shown(sts: list[Any]) -> set:
        ctl = clingo.Control(["--models=0", "--project=show"], logger=lambda code, msg: None)
        with ast.ProgramBuilder(ctl) as builder:
            for st in sts:
                builder.add(st)
        ctl.add("base", [], facts)
        ctl.ground([("base", [])])
        models: set = set()
        ctl.solve(on_model=lambda m: models.add(frozenset(str(x) for x in m.symbols(shown=True))))
        return models

    assert shown(list(kept)) == shown(statements) != set()
    return [str(s) for s in statements if s.ast_type == ast.ASTType.Rule and s not in kept]


def test_rules_nothing_reads_are_left_out_when_the_program_shows() -> None:
    """The relevance pass: with #show, a rule is kept only when a directive, a constraint, a
    bounded choice or (in turn) a kept rule reads its head; answers stay the same."""
    dropped = _both_shown("""
        #show out/1.
        #show listed(X) : meta(X), listing.
        out(X) :- mid(X).
        mid(X) :- q(X), not hidden(X).
        hidden(X) :- q(X), s.
        meta(X) :- q(X).
        unused(X) :- q(X).
        also_unused :- unused(1).
        :- q(X), banned(X).
        banned(X) :- q(X), r(X).
        1 { pick(X) : q(X) } 1 :- s.
        chosen :- pick(1).
        { free(X) : q(X) } :- s.
    """, "q(1). q(2). r(3). s.")
    # meta/1 is read only by a #show whose condition needs `listing`, which nothing can make true here
    assert sorted(dropped) == sorted(["unused(X) :- q(X).", "also_unused :- unused(1).", "meta(X) :- q(X).",
                                      "chosen :- pick(1).", "{ free(X): q(X) } :- s."])


def test_a_show_whose_condition_cannot_hold_reads_nothing() -> None:
    """`#show listed(X) : meta(X), listing.` reads meta/1 only where `listing` can hold (the rule table is
    ground only when the bridge lists it); the answers are the same either way."""
    program = """
        #show out/1.
        #show listed(X) : meta(X), listing.
        #defined listing/0.
        out(X) :- q(X).
        meta(X) :- q(X).
    """
    assert _both_shown(program, "q(1).") == ["meta(X) :- q(X)."]
    assert _both_shown(program, "q(1). listing.") == []


def test_choices_disjunctions_and_head_aggregates_define_their_elements() -> None:
    dropped = _both("""
        { g(X) : q(X) } :- s.
        h :- g(1).
        #count { X : k(X) : q(X) } = 1 :- s.
        m :- k(1).
        n(1) ; n(2) :- s.
        o :- n(2).
        { w(X) : nothing(X) } :- s.
        x :- w(1).
    """, "q(1). s.")
    assert dropped == ["x :- w(1)."]


def test_constants_and_equalities_narrow_what_a_body_can_match() -> None:
    dropped = _both("""
        n(X) :- step(X, destroy).
        o(X) :- step(X, banish).
        t(X) :- n(X).
        e(X) :- step(X, Op), Op = (destroy; draw).
        e2(X) :- step(X, Op), Op = draw.
        m(K, X) :- kind(K), step(X, _).
        u(X) :- m(destroy, X).
        v(X) :- m(f(1), X).
        w(X) :- m(str, X).
        num(X + 1) :- count(X).
        big :- num(2).
        lbl :- num(a).
        tu((1, 2)). tv :- tu((X, Y)). tw :- tu((X, Y, Z)).
        st("a"). su :- st("b"). sv :- st(a).
        fn(f(a)). fx :- fn(f(X)). fy :- fn(g(X)).
    """, "step(1, destroy). kind(destroy). kind(str). count(1).")
    assert sorted(dropped) == sorted(["o(X) :- step(X,banish).", "e2(X) :- step(X,Op); Op = draw.",
                                      "v(X) :- m(f(1),X).", "lbl :- num(a).", "tw :- tu((X,Y,Z)).",
                                      "sv :- st(a).", "fy :- fn(g(X))."])


def test_pools_classical_negation_and_externals() -> None:
    dropped = _both("""
        p2(a; b). u :- p2(b). u2 :- p2(c).
        v :- w(1; 2).
        -z(1). y :- -z(1). y2 :- z(1).
        #external ext(X) : q(X).
        ex :- ext(1).
        ex2 :- ext(2), q(2).
    """, "w(2). q(1).", externals=["ext(1)"])
    assert sorted(dropped) == ["u2 :- p2(c).", "y2 :- z(1)."]


def test_program_parts_stay_apart() -> None:
    program = """
        a :- q(1).
        #program other.
        b :- q(1).
        #program more.
        c :- q(1).
    """
    assert _both(program, "q(1).", ("other",)) == ["c :- q(1)."]
    assert _both(program, "q(1).") == ["b :- q(1).", "c :- q(1)."]


def test_what_the_analysis_does_not_model_turns_it_off() -> None:
    statements: list[Any] = []
    ast.parse_string("#const n = 2. p(n).", statements.append)
    with pytest.raises(sl.Opaque):
        sl.analyse(statements)


def test_facts_read_without_clingo_are_read_as_clingo_reads_them() -> None:
    facts = 'p(a, "s\\"x", 1, -2, f(g(1), (a, b)), (a,), (a), ()). q. r(()).\n'
    statements: list[Any] = []
    ast.parse_string(facts, statements.append)
    variants = [v for e in sl.analyse(statements) for v in e.variants]
    assert sl.fact_atoms(facts) == frozenset(sl.as_atom(v) for v in variants)
    for text in ("p(1..3).", "p(a;b).", "p(X).", "p :- q.", "-p(1).", "p(1+2).", "% a comment\np."):
        assert sl.fact_atoms(text) is None
