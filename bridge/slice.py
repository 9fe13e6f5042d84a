"""Slice the rule base to the rules one scenario can use.

Grounding the whole rule base costs most of a scenario's time: most of its
predicates form one large recursive component, which the grounder evaluates
rule by rule until nothing new appears, whatever the scenario holds.  Before
grounding, ``Program.slice`` finds the rules that can fire given the scenario's facts
and the rule set, and clingo gets only those.

The analysis is an abstract grounding.  An atom is abstracted, argument by
argument, to the *top symbol* of each argument: a constant or function symbol
(name, arity, sign), or one of the classes "number", "string", "#sup", "#inf".
For each predicate (name/arity, classically negated or not) and argument
position it computes the set of top symbols the argument may have (or "any"),
as a least fixpoint from the facts: a rule adds its head's abstract atoms once
its body may hold.

Why the answers cannot change:
  1. Over-approximation.  A body "may hold" unless a positive literal
     ``p(..., c, ...)`` names a predicate ``p`` with no possible atom, or a top
     symbol ``c`` ``p`` can never have at that position, or a variable gets no
     value (the intersection of the values its positive occurrences, and its
     ``V = term`` equalities, allow is empty).  Everything else in a body
     counts as "may hold": ``not p``, comparisons, conditional literals
     (``p : q`` holds vacuously) and aggregates (``#count{...} = 0``,
     ``#sum ... < N`` hold with no element) never prune and never bind.  A
     head gives each argument the values its variable may take, or "any"
     when it is not bound by a positive body literal or an equality; an
     arithmetic term gives "number".  Choices, disjunctions and head
     aggregates define every element (an element whose condition can never
     hold is skipped); ``#external`` atoms are derived like heads.  Pools are
     unpooled first; a statement is kept when any unpooled form may fire.
     So every atom the grounder can ever instantiate is covered by the
     abstraction (induction on the grounder's derivations).
  2. A dropped rule has, in every instance, a positive body atom the grounder
     never has, so the grounder produces no instance of it: every answer set,
     model count, projection and shown atom is the same.
  2b. Relevance.  Of the rules that may fire, those nothing reads are dropped too: when the
     program has a ``#show``, a rule is kept only when its head predicate is read by a
     directive (``#show``, ``#project``, ``#external``), by a root — a constraint, a bounded
     choice, a disjunction or head aggregate, which can remove answer sets — or, in turn, by
     a kept rule (negated, in an aggregate or a condition: any mention counts).  A dropped
     rule defines atoms no shown atom, projection or constraint depends on: the shown atoms
     of every answer set are the same, and whether there is one (an unbounded choice only
     multiplies answer sets that agree on everything shown).  The rule table (``rule/3``),
     for one, is read only when the rules are listed.
  3. Every directive (``#program``, ``#show``, ``#project``, ``#external``,
     ...) is kept in place, so program parts keep their separation; rules of
     the parts not grounded are dropped (they are never grounded), comments
     and ``#defined`` too (it only silences an info message, which the caller
     turns off).  A construct this module does not model (``#const``, a
     script, a theory atom, ...) switches slicing off.

The analysis of a scenario depends only on the abstraction of its facts, the
rule set and the parts grounded, and the caller caches it on those.
"""

from __future__ import annotations

import heapq
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import compress
from typing import Any

Sig = tuple[str, int, bool]      # predicate name, arity, positive (False: classical negation -p)
Value = Any                      # a top symbol: ("f", name, arity, positive), "num", "str", "sup", "inf"
Mask = int                       # a set of top symbols, one bit each (see _bit); -1: any
Atom = tuple[Sig, tuple[Mask, ...]]                    # an abstract atom: each argument's possible symbols
Lit = tuple[Sig, tuple[tuple[int, Mask], ...], tuple[tuple[int, int], ...]]
# a positive literal: its predicate, (position, symbol) for each argument of known top symbol,
# (position, variable number) for each variable argument
Head = tuple[Sig, tuple[Mask, ...], tuple[int, ...], tuple[Lit, ...]]
# an atom a rule may derive: its predicate, per argument a symbol mask or (when the variable
# number is >= 0) the variable's values, and the condition of its element (choice, ...)
Domain = dict[Sig, list[Mask]]   # the possible abstract atoms, per predicate


class Opaque(Exception):
    """A construct the analysis does not model: slicing is switched off."""


_BITS: dict[Value, Mask] = {}


def _bit(value: Value) -> Mask:
    """A top symbol as a one-bit mask (interned for the process)."""
    bit = _BITS.get(value)
    if bit is None:
        bit = _BITS[value] = 1 << len(_BITS)
    return bit


@dataclass(frozen=True, slots=True)
class Variant:
    """One unpooled form of a statement: when its body may hold, what it may derive."""

    nvars: int
    pos: tuple[Lit, ...]                 # positive body literals
    eqs: tuple[tuple[int, Mask], ...]    # body equalities V = term (term of a known top symbol)
    heads: tuple[Head, ...]


@dataclass(frozen=True)
class Uses:
    """What a statement defines and reads, for the relevance pass: the predicates of its head
    atoms, those of every other atom in it (negated, in aggregates and conditions too), and
    whether it is a root (a constraint, a bounded choice, a disjunction: it can remove
    answer sets; a ``#show`` / ``#project`` / ``#external``: it is read as it stands)."""

    heads: frozenset[Sig]
    reads: frozenset[Sig]
    root: bool


@dataclass(frozen=True)
class Entry:
    """A statement of the rule base, analysed once per process."""

    statement: Any
    part: str
    droppable: bool                  # a rule: kept only when one of its variants may fire
    variants: tuple[Variant, ...]    # the derivations it contributes (empty: none)
    uses: Uses | None = None         # what it defines and reads (None: a directive that reads nothing)


# ---- from clingo AST to variants ----------------------------------------------
# (each attribute of a clingo AST is a call into the library: read each once)

def _symbol_value(sym: Any) -> Value:
    from clingo import SymbolType

    t = sym.type
    if t == SymbolType.Number:
        return "num"
    if t == SymbolType.String:
        return "str"
    if t == SymbolType.Function:
        return ("f", sym.name, len(sym.arguments), sym.positive)
    return "sup" if t == SymbolType.Supremum else "inf"


_VAR, _VAL, _ARITH, _OTHER = range(4)


def _term(term: Any) -> tuple[int, Any]:
    """What the analysis knows of a term: (_VAR, name), (_VAL, top symbol), (_ARITH, None)
    for arithmetic (a number, or nothing) and (_OTHER, None)."""
    from clingo import ast

    t = term.ast_type
    if t == ast.ASTType.Variable:
        return _VAR, term.name
    if t == ast.ASTType.SymbolicTerm:
        return _VAL, _symbol_value(term.symbol)
    if t == ast.ASTType.Function:
        if term.external:
            return _OTHER, None
        return _VAL, ("f", term.name, len(term.arguments), True)
    if t == ast.ASTType.UnaryOperation and term.operator_type == ast.UnaryOperator.Minus:
        kind, inner = _term(term.argument)   # -1 is a number, -f(a) a classically negated symbol
        if kind == _VAL and inner == "num":
            return _VAL, "num"
        if kind == _VAL and isinstance(inner, tuple) and inner[1]:
            return _VAL, ("f", inner[1], inner[2], not inner[3])
        return _OTHER, None
    if t in (ast.ASTType.BinaryOperation, ast.ASTType.Interval):
        return _ARITH, None
    return _OTHER, None


class _Vars:
    """Variable names of one variant, numbered."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}

    def __call__(self, name: str) -> int:
        return self.index.setdefault(name, len(self.index))


def _atom(term: Any) -> tuple[Sig, list[tuple[int, Any]]]:
    """The predicate of an atom's term and what is known of its arguments
    (``p(X, a)``, ``-p(X)``, ``p``)."""
    from clingo import SymbolType, ast

    t = term.ast_type
    if t == ast.ASTType.Function and not term.external:
        args = term.arguments
        return (term.name, len(args), True), [_term(a) for a in args]
    if t == ast.ASTType.SymbolicTerm:
        sym = term.symbol
        if sym.type == SymbolType.Function:
            args = sym.arguments
            return (sym.name, len(args), sym.positive), [(_VAL, _symbol_value(a)) for a in args]
    if t == ast.ASTType.UnaryOperation and term.operator_type == ast.UnaryOperator.Minus:
        (name, arity, positive), info = _atom(term.argument)
        return (name, arity, not positive), info
    raise Opaque(f"atom {term}")  # pools are gone: statements are unpooled first


def _lit(term: Any, var: _Vars) -> Lit:
    """A positive body atom: constraints on its arguments, bindings of its variables."""
    sig, info = _atom(term)
    consts: list[tuple[int, Mask]] = []
    binds: list[tuple[int, int]] = []
    for i, (kind, x) in enumerate(info):
        if kind == _VAL:
            consts.append((i, _bit(x)))
        elif kind == _VAR and x != "_":
            binds.append((i, var(x)))
        # anything else (arithmetic, intervals, ...): no constraint, no binding
    return sig, tuple(consts), tuple(binds)


def _body(body: Sequence[Any], var: _Vars) -> tuple[list[Lit], list[tuple[int, Mask]]]:
    """A body's positive literals, and its equalities ``V = term`` (either way round) with a
    term of known top symbol.  Nothing else prunes or binds."""
    from clingo import ast

    pos: list[Lit] = []
    eqs: list[tuple[int, Mask]] = []
    for lit in body:
        t = lit.ast_type
        if t == ast.ASTType.ConditionalLiteral:
            continue
        if t != ast.ASTType.Literal:
            raise Opaque(f"literal {lit}")
        atom = lit.atom
        at = atom.ast_type
        if at == ast.ASTType.SymbolicAtom:
            if lit.sign == ast.Sign.NoSign:
                pos.append(_lit(atom.symbol, var))
        elif at == ast.ASTType.Comparison:
            if lit.sign != ast.Sign.NoSign:
                continue
            guards = atom.guards
            if len(guards) != 1 or guards[0].comparison != ast.ComparisonOperator.Equal:
                continue
            left, right = _term(atom.term), _term(guards[0].term)
            for (k1, x1), (k2, x2) in ((left, right), (right, left)):
                if k1 == _VAR and x1 != "_" and k2 == _VAL:
                    eqs.append((var(x1), _bit(x2)))
                    break
        elif at not in (ast.ASTType.BooleanConstant, ast.ASTType.BodyAggregate, ast.ASTType.Aggregate):
            raise Opaque(f"literal {lit}")
    return pos, eqs


def _head_atom(term: Any, condition: Sequence[Any], var: _Vars) -> Head:
    sig, info = _atom(term)
    masks: list[Mask] = []
    vars_: list[int] = []
    for kind, x in info:
        mask, v = -1, -1
        if kind == _VAL:
            mask = _bit(x)
        elif kind == _VAR:
            v = var(x)
        elif kind == _ARITH:
            mask = _bit("num")   # arithmetic: a number, or no atom at all
        masks.append(mask)
        vars_.append(v)
    cond = tuple(_body(condition, var)[0]) if condition else ()
    return sig, tuple(masks), tuple(vars_), cond


def _head_literal(lit: Any, condition: Sequence[Any], var: _Vars) -> list[Head]:
    from clingo import ast

    if lit.ast_type != ast.ASTType.Literal:
        raise Opaque(f"head literal {lit}")
    atom = lit.atom
    at = atom.ast_type
    if at == ast.ASTType.SymbolicAtom:
        return [_head_atom(atom.symbol, condition, var)] if lit.sign == ast.Sign.NoSign else []
    if at in (ast.ASTType.Comparison, ast.ASTType.BooleanConstant):
        return []
    raise Opaque(f"head {lit}")


def _heads(head: Any, var: _Vars) -> list[Head]:
    """Every atom a rule head may define, each with its element's condition."""
    from clingo import ast

    t = head.ast_type
    if t == ast.ASTType.Literal:
        return _head_literal(head, (), var)
    if t in (ast.ASTType.Disjunction, ast.ASTType.Aggregate):
        return [h for e in head.elements for h in _head_literal(e.literal, e.condition, var)]
    if t == ast.ASTType.HeadAggregate:
        out: list[Head] = []
        for e in head.elements:
            cond = e.condition
            out += _head_literal(cond.literal, cond.condition, var)
        return out
    raise Opaque(f"head {head}")


def _sig(term: Any) -> Sig:
    """An atom's predicate, without looking at its arguments (cheaper than ``_atom``)."""
    from clingo import SymbolType, ast

    t = term.ast_type
    if t == ast.ASTType.Function and not term.external:
        return term.name, len(term.arguments), True
    if t == ast.ASTType.SymbolicTerm:
        sym = term.symbol
        if sym.type == SymbolType.Function:
            return sym.name, len(sym.arguments), sym.positive
    if t == ast.ASTType.UnaryOperation and term.operator_type == ast.UnaryOperator.Minus:
        name, arity, positive = _sig(term.argument)
        return name, arity, not positive
    raise Opaque(f"atom {term}")


def _signatures(node: Any, out: set[Sig]) -> None:
    """Every predicate an AST node mentions in an atom (``p(X)``, ``-p(X)``, ``p``), walking only
    the nodes that can hold atoms (never into terms: they hold none)."""
    from clingo import ast

    t = node.ast_type
    if t == ast.ASTType.SymbolicAtom:
        out.add(_sig(node.symbol))
    elif t == ast.ASTType.Literal:
        atom = node.atom
        if atom.ast_type == ast.ASTType.SymbolicAtom:
            out.add(_sig(atom.symbol))
        elif atom.ast_type in _HOLDERS:
            _signatures(atom, out)
    elif t == ast.ASTType.ConditionalLiteral:
        _signatures(node.literal, out)
        for c in node.condition:
            _signatures(c, out)
    elif t in (ast.ASTType.Aggregate, ast.ASTType.Disjunction, ast.ASTType.BodyAggregate,
               ast.ASTType.HeadAggregate):
        for e in node.elements:
            _signatures(e, out)
    elif t == ast.ASTType.BodyAggregateElement:
        for c in node.condition:
            _signatures(c, out)
    elif t == ast.ASTType.HeadAggregateElement:
        _signatures(node.condition, out)
    # (terms, comparisons, boolean constants: no atom)


_HOLDERS: tuple[Any, ...] = ()


def _uses(st: Any) -> Uses:
    """What a rule (unpooled: one of its forms) or a directive defines and reads."""
    from clingo import ast

    global _HOLDERS
    if not _HOLDERS:
        _HOLDERS = (ast.ASTType.Aggregate, ast.ASTType.BodyAggregate, ast.ASTType.Disjunction,
                    ast.ASTType.HeadAggregate)
    heads: set[Sig] = set()
    reads: set[Sig] = set()
    root = False
    for v in st.unpool():
        t = v.ast_type
        if t == ast.ASTType.Rule:
            head = v.head
            ht = head.ast_type
            if ht == ast.ASTType.Literal and head.atom.ast_type == ast.ASTType.SymbolicAtom:
                if head.sign == ast.Sign.NoSign:
                    _signatures(head, heads)
                else:           # a negated head is a constraint
                    root = True
                    _signatures(head, reads)
            elif ht == ast.ASTType.Literal:   # #false, a comparison: a constraint
                root = True
                _signatures(head, reads)
            elif ht == ast.ASTType.Aggregate and not head.left_guard and not head.right_guard:
                for e in head.elements:     # an unbounded choice: defines, constrains nothing
                    _signatures(e.literal, heads)
                    for c in e.condition:
                        _signatures(c, reads)
            else:                           # bounded choice, disjunction, head aggregate
                root = True
                _signatures(head, reads)
            for lit in v.body:
                _signatures(lit, reads)
        elif t == ast.ASTType.External:
            root = True
            _signatures(v.atom, heads)
            for lit in v.body:
                _signatures(lit, reads)
        elif t == ast.ASTType.ShowSignature or t == ast.ASTType.ProjectSignature:
            root = True
            reads.add((v.name, v.arity, bool(v.positive)))
        else:                               # #show term : body, #project atom : body, ...
            root = True
            if t == ast.ASTType.ProjectAtom:
                _signatures(v.atom, reads)
            for lit in getattr(v, "body", ()):
                _signatures(lit, reads)
    return Uses(frozenset(heads), frozenset(reads), root)


def _gates(statement: Any) -> frozenset[Sig]:
    """The predicates of the positive atoms in a ``#show term : body`` directive's condition: it shows
    something only where each of them can hold (``Program._relevant``). Other directives: none."""
    from clingo import ast

    if statement.ast_type != ast.ASTType.ShowTerm:
        return frozenset()
    out = set()
    for lit in statement.body:
        if lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign \
                and lit.atom.ast_type == ast.ASTType.SymbolicAtom:
            out.add(_sig(lit.atom.symbol))
    return frozenset(out)


def _variant(head: Any, body: Sequence[Any], external: bool = False) -> Variant:
    var = _Vars()
    pos, eqs = _body(body, var)
    heads = [_head_atom(head, (), var)] if external else _heads(head, var)
    return Variant(len(var.index), tuple(pos), tuple(eqs), tuple(heads))


# directives that define nothing and are always kept where they stand
_KEPT = ("Program", "ShowSignature", "ShowTerm", "ProjectSignature", "ProjectAtom", "Defined",
         "Minimize", "Heuristic", "Edge")
# not modelled, so Opaque: #const (it renames constants anywhere in the program), #script,
# theory atoms and definitions, #include (already resolved for the rule base)


def analyse(statements: Iterable[Any]) -> list[Entry]:
    """Each statement with its part and its variants.  Comments are left out.
    Raises ``Opaque`` for a statement the analysis does not model."""
    from clingo import ast

    out: list[Entry] = []
    part = "base"
    for st in statements:
        kind = st.ast_type
        if kind == ast.ASTType.Comment:
            continue
        if kind == ast.ASTType.Program:
            if st.parameters:
                raise Opaque("#program with parameters")
            part = st.name
        if kind == ast.ASTType.Rule:
            out.append(Entry(st, part, True, tuple(_variant(v.head, v.body) for v in st.unpool()), _uses(st)))
        elif kind == ast.ASTType.External:
            variants = tuple(_variant(v.atom.symbol, v.body, external=True) for v in st.unpool())
            out.append(Entry(st, part, False, variants, _uses(st)))
        elif kind.name in ("ShowSignature", "ShowTerm", "ProjectSignature", "ProjectAtom", "Minimize", "Heuristic"):
            out.append(Entry(st, part, False, (), _uses(st)))
        elif kind.name in _KEPT:
            out.append(Entry(st, part, False, ()))
        else:
            raise Opaque(f"statement {st}")
    return out


def as_atom(v: Variant) -> Atom | None:
    """A variant that is a plain fact, as its abstract atom."""
    if v.pos or v.eqs or len(v.heads) != 1:
        return None
    sig, masks, vars_, cond = v.heads[0]
    return None if cond or any(x >= 0 for x in vars_) else (sig, masks)


# ---- facts, fast --------------------------------------------------------------------

_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|-?[0-9]+|_*[a-z][A-Za-z0-9_\']*|\S')


def fact_atoms(text: str) -> frozenset[Atom] | None:
    """The abstract atoms of a text made only of plain facts (``p(a, "s", f(1), (x, y)).``),
    read without clingo; None when the text holds anything else (then the caller parses it)."""
    toks = _TOKEN.findall(text)
    toks.append("")
    out: set[Atom] = set()
    i, n = 0, len(toks) - 1

    def term(i: int) -> tuple[Value, int]:
        t = toks[i]
        c = t[:1]
        if c == '"':
            return "str", i + 1
        if c.isdigit() or c == "-" and len(t) > 1:
            return "num", i + 1
        if c == "(":
            args, i, comma = terms(i + 1)
            if len(args) == 1 and not comma:
                return args[0], i          # (t) is t itself
            return ("f", "", len(args), True), i
        if c.islower() or c == "_":
            if toks[i + 1] == "(":
                args, i, _ = terms(i + 2)
                return ("f", t, len(args), True), i
            return ("f", t, 0, True), i + 1
        raise ValueError(t)

    def terms(i: int) -> tuple[list[Value], int, bool]:
        """Terms up to the closing parenthesis; the index after it; a trailing comma."""
        args: list[Value] = []
        if toks[i] == ")":
            return args, i + 1, False
        while True:
            value, i = term(i)
            args.append(value)
            if toks[i] == ")":
                return args, i + 1, False
            if toks[i] != ",":
                raise ValueError(toks[i])
            i += 1
            if toks[i] == ")":
                return args, i + 1, True

    try:
        while i < n:
            name = toks[i]
            if not (name[:1].islower() or name[:1] == "_"):
                return None
            args: list[Value] = []
            i += 1
            if toks[i] == "(":
                args, i, _ = terms(i + 1)
            if toks[i] != ".":
                return None
            i += 1
            out.add(((name, len(args), True), tuple(_bit(a) for a in args)))
    except (ValueError, IndexError):
        return None
    return frozenset(out)


# ---- the fixpoint ------------------------------------------------------------------

def _bind(lits: Iterable[Lit], domain: Domain, env: list[Mask]) -> bool:
    """Narrow ``env`` (each variable's possible values) by positive literals; False when
    one of them can match no possible atom."""
    for sig, consts, binds in lits:
        have = domain.get(sig)
        if have is None:
            return False
        for i, bit in consts:
            if not have[i] & bit:
                return False
        for i, x in binds:
            e = env[x] & have[i]
            if not e:
                return False
            env[x] = e
    return True


def _fire(v: Variant, domain: Domain) -> list[Atom] | None:
    """The abstract atoms a variant derives, None when its body cannot hold."""
    env = [-1] * v.nvars
    for sig, consts, binds in v.pos:   # _bind, inlined: this is the analysis' inner loop
        have = domain.get(sig)
        if have is None:
            return None
        for i, bit in consts:
            if not have[i] & bit:
                return None
        for i, x in binds:
            e = env[x] & have[i]
            if not e:
                return None
            env[x] = e
    for x, bit in v.eqs:
        e = env[x] & bit
        if not e:
            return None
        env[x] = e
    out: list[Atom] = []
    for sig, masks, vars_, cond in v.heads:
        local = env
        if cond:
            local = list(env)
            if not _bind(cond, domain, local):
                continue   # the element's condition never holds: it derives nothing
        out.append((sig, tuple(m if x < 0 else local[x] for m, x in zip(masks, vars_))))
    return out


def _merge(domain: Domain, sig: Sig, masks: tuple[Mask, ...]) -> bool:
    """Add an abstract atom to the domain; True when the domain grew."""
    have = domain.get(sig)
    if have is None:
        domain[sig] = list(masks)
        return True
    grew = False
    for i, m in enumerate(masks):
        h = have[i]
        if h | m != h:
            have[i] = h | m
            grew = True
    return grew


class Program:
    """The variants of the rule base's grounded parts and of the rule set, with the
    fixpoint they reach without facts; ``slice`` extends it with a scenario's facts."""

    def __init__(self, entries: Sequence[Entry], parts: frozenset[str], extra: Sequence[Variant]) -> None:
        self.entries = entries
        self.active = [e for e in entries if e.part in parts]
        self.variants: list[Variant] = [v for e in self.active for v in e.variants] + list(extra)
        self.users: dict[Sig, list[int]] = {}
        for i, v in enumerate(self.variants):
            for sig in {lit[0] for lit in v.pos} | {lit[0] for h in v.heads for lit in h[3]}:
                self.users.setdefault(sig, []).append(i)
        self.rank = self._ranks()
        # for each variant, the number of its statement in ``active``; and every statement
        # with that number (-1: always kept; a rule of a part not grounded is left out)
        self.owner = [k for k, e in enumerate(self.active) for _ in e.variants]
        # (``#defined`` is left out too: it only silences clingo's info about a predicate
        # without rules, which the caller turns off)
        number = {id(e): k for k, e in enumerate(self.active)}
        self.order: list[tuple[Any, int]] = []
        for e in entries:
            if e.droppable:
                if id(e) in number:
                    self.order.append((e.statement, number[id(e)]))
            elif e.statement.ast_type.name != "Defined":
                self.order.append((e.statement, -1))
        self.domain: Domain = {}
        self.fired = [False] * len(self.variants)
        self._run(self.domain, self.fired, list(range(len(self.variants))))
        # the relevance pass (``_relevant``): what each kept rule defines and reads, the rules
        # defining each predicate, and what the directives read
        self.uses = [e.uses for e in self.active]
        self.definers: dict[Sig, list[int]] = {}
        for k, u in enumerate(self.uses):
            for sig in u.heads if u is not None else ():
                self.definers.setdefault(sig, []).append(k)
        # what each directive reads, with the predicates of the positive atoms of its condition
        # (`#show rule(R, C, T) : rule(R, C, T), listing.`): a directive none of whose atoms ``listing``
        # can hold shows nothing, so it reads nothing (``_relevant``)
        self.directives = [(e.uses.reads, _gates(e.statement)) for e in entries if not e.droppable and e.uses is not None]
        self.directive_reads = frozenset(sig for reads, _ in self.directives for sig in reads)
        # with no #show at all every atom is shown: every rule is read
        self.shows = any(e.statement.ast_type.name in ("ShowSignature", "ShowTerm") for e in entries)

    def _ranks(self) -> list[int]:
        """Each variant's place in a topological order of the predicate dependencies
        (strongly connected components, Tarjan, iterative): evaluating in that order
        derives most of what a variant needs before it is looked at."""
        succ: dict[Sig, set[Sig]] = {}
        for v in self.variants:
            for h in v.heads:
                succ.setdefault(h[0], set())
                for lit in [*v.pos, *h[3]]:
                    succ.setdefault(lit[0], set()).add(h[0])
        index: dict[Sig, int] = {}
        low: dict[Sig, int] = {}
        comp: dict[Sig, int] = {}
        stack: list[Sig] = []
        order = 0
        for root in succ:
            if root in index:
                continue
            work = [(root, iter(succ[root]))]
            index[root] = low[root] = len(index)
            stack.append(root)
            while work:
                node, it = work[-1]
                for nxt in it:
                    if nxt not in index:
                        index[nxt] = low[nxt] = len(index)
                        stack.append(nxt)
                        work.append((nxt, iter(succ[nxt])))
                        break
                    if nxt not in comp:
                        low[node] = min(low[node], index[nxt])
                else:
                    work.pop()
                    if work:
                        low[work[-1][0]] = min(low[work[-1][0]], low[node])
                    if low[node] == index[node]:
                        while True:
                            w = stack.pop()
                            comp[w] = order
                            if w == node:
                                break
                        order += 1
        # Tarjan numbers components sinks first: reverse for sources first
        return [order - min((comp[h[0]] for h in v.heads), default=-1) for v in self.variants]

    def _run(self, domain: Domain, fired: list[bool], start: Iterable[int]) -> None:
        """The worklist fixpoint: evaluate the variants ``start``, then every variant a
        growing predicate feeds, until nothing grows (lowest rank first)."""
        variants, users, rank = self.variants, self.users, self.rank
        queued = [False] * len(variants)
        shift = len(variants).bit_length()
        heap = []
        for i in start:
            queued[i] = True
            heap.append(rank[i] << shift | i)   # (rank, index) as one int: cheaper to order
        heapq.heapify(heap)
        pop, push, mask = heapq.heappop, heapq.heappush, (1 << shift) - 1
        while heap:
            i = pop(heap) & mask
            queued[i] = False
            atoms = _fire(variants[i], domain)
            if atoms is None:
                continue
            fired[i] = True
            for sig, masks in atoms:   # _merge, inlined
                have = domain.get(sig)
                if have is None:
                    domain[sig] = list(masks)
                else:
                    grew = False
                    for k, m in enumerate(masks):
                        h = have[k]
                        if h | m != h:
                            have[k] = h | m
                            grew = True
                    if not grew:
                        continue
                for j in users.get(sig, ()):
                    if not queued[j]:
                        queued[j] = True
                        push(heap, rank[j] << shift | j)

    def slice(self, facts: Iterable[Atom], extra: Sequence[Variant] = ()) -> tuple[Any, ...]:
        """The statements clingo needs given a scenario's fact atoms (and its other
        statements ``extra``, always kept)."""
        domain = {sig: list(masks) for sig, masks in self.domain.items()}
        fired = list(self.fired)
        grown: set[Sig] = set()
        for sig, masks in facts:
            if _merge(domain, sig, masks):
                grown.add(sig)
        start = {j for sig in grown for j in self.users.get(sig, ())}
        if extra:
            program = Program.__new__(Program)
            program.__dict__.update(self.__dict__)
            program.variants = self.variants + list(extra)
            program.users = {sig: list(js) for sig, js in self.users.items()}
            for k, v in enumerate(extra, len(self.variants)):
                for sig in {lit[0] for lit in v.pos} | {lit[0] for h in v.heads for lit in h[3]}:
                    program.users.setdefault(sig, []).append(k)
            program.rank = program._ranks()
            fired += [False] * len(extra)
            start |= set(range(len(self.variants), len(program.variants)))
            program._run(domain, fired, start)
        else:
            self._run(domain, fired, start)
        kept = set(compress(self.owner, fired))
        if not extra and self.shows:
            kept = self._relevant(kept, domain)
        return tuple(st for st, k in self.order if k < 0 or k in kept)

    def _relevant(self, kept: set[int], domain: Domain | None = None) -> set[int]:
        """Of the rules that may fire, those whose head something needs: a directive
        (``#show``, ``#project``, ``#external``), a root (a constraint, a bounded choice, a
        disjunction: they can remove answer sets, so what they read counts), or, in turn,
        a needed rule's body.  A rule nothing reads changes no shown atom, no projection and
        no answer set's existence: dropping it changes no answer (the rule table, for one,
        is read only when the rules are listed)."""
        uses, definers = self.uses, self.definers
        if domain is None:
            needed = set(self.directive_reads)
        else:   # a directive whose condition needs an atom nothing can make true reads nothing
            needed = {sig for reads, gates in self.directives if all(g in domain for g in gates) for sig in reads}
        out = set()
        for k in kept:
            u = uses[k]
            if u is None or u.root:
                out.add(k)
                if u is not None:
                    needed |= u.reads
        queue = list(needed)
        while queue:
            sig = queue.pop()
            for k in definers.get(sig, ()):
                if k in kept and k not in out:
                    out.add(k)
                    for r in uses[k].reads:
                        if r not in needed:
                            needed.add(r)
                            queue.append(r)
        return out


# ---- rule switches a slice can read (solver.py gives clingo only those of the rule set) ------------------
# what one statement says of switches, by statement object: the statements are those of the cached Program
_stmt_cache: dict[int, tuple[Any, Any]] = {}


def _statement_switches(st: Any) -> tuple[frozenset[str], frozenset[tuple[str, int, int]], bool,
                                          tuple[tuple[str, int, tuple[str | None, ...]], ...], frozenset[str]]:
    """What one statement says of rule switches, worked out once per statement object: the ids its
    enabled(Id) guards name (and the constants compared with a variable id), the (predicate, arity,
    position) that bind a variable id, whether a variable id is bound by nothing followed, its head
    atoms (name, arity, constant or None per argument), and every constant in it."""
    from clingo import ast

    hit = _stmt_cache.get(id(st))
    if hit is not None and hit[0] is st:
        return hit[1]

    def kids(node: Any) -> list[Any]:
        out: list[Any] = []
        for key in node.child_keys:
            val = getattr(node, key)
            if isinstance(val, ast.AST):
                out.append(val)
            elif val is not None and not isinstance(val, (str, int)):
                out.extend(v for v in val if isinstance(v, ast.AST))
        return out

    def walk(node: Any):
        yield node
        for k in kids(node):
            yield from walk(k)

    def const(t: Any) -> str | None:
        if t.ast_type == ast.ASTType.SymbolicTerm and t.symbol.type.name == "Function" and not t.symbol.arguments:
            return t.symbol.name
        if t.ast_type == ast.ASTType.Function and not t.arguments:
            return t.name
        return None

    def atoms(node: Any):
        for n in walk(node):
            if n.ast_type == ast.ASTType.SymbolicAtom and n.symbol.ast_type == ast.ASTType.Function:
                yield n.symbol

    ids: set[str] = set()
    feeds: set[tuple[str, int, int]] = set()
    unbound = False
    heads: list[tuple[str, int, tuple[str | None, ...]]] = []
    consts: set[str] = set()
    if st.ast_type == ast.ASTType.Rule:
        body = [a for lit in st.body for a in atoms(lit)]
        for fn in body:
            if fn.name != "enabled" or len(fn.arguments) != 1:
                continue
            arg = fn.arguments[0]
            c = const(arg)
            if c is not None:
                ids.add(c)
                continue
            if arg.ast_type != ast.ASTType.Variable:
                unbound = True
                continue
            bound = False
            for other in body:
                if other is fn or other.name == "enabled":
                    continue
                for k, t in enumerate(other.arguments):
                    if t.ast_type == ast.ASTType.Variable and t.name == arg.name:
                        feeds.add((other.name, len(other.arguments), k))
                        bound = True
            for lit in st.body:
                for n in walk(lit):
                    if n.ast_type == ast.ASTType.Comparison and any(
                            v.ast_type == ast.ASTType.Variable and v.name == arg.name for v in walk(n)):
                        ids.update(c for c in map(const, walk(n)) if c is not None)
                        bound = True
            unbound = unbound or not bound
        heads = [(fn.name, len(fn.arguments), tuple(const(a) for a in fn.arguments)) for fn in atoms(st.head)]
        if heads:
            consts = {c for c in map(const, walk(st)) if c is not None}
    info = (frozenset(ids), frozenset(feeds), unbound, tuple(heads), frozenset(consts))
    _stmt_cache[id(st)] = (st, info)
    return info


def switch_ids(statements: tuple[Any, ...]) -> frozenset[str] | None:
    """The rule ids the statements can read as switches: the constants of their enabled(Id) atoms and,
    where the id is a variable, the constants the statement compares it with and those that the heads
    binding it can give (e.g. open(L, I) :- gate(L, I, R), enabled(R): the ids gate/3's heads name).
    None when a switch's variable is bound by nothing the analysis follows (then every switch stays)."""
    infos = [_statement_switches(st) for st in statements]
    if any(info[2] for info in infos):
        return None
    ids: set[str] = set().union(*(info[0] for info in infos))
    feeds: dict[tuple[str, int], set[int]] = {}
    for info in infos:
        for name, arity, k in info[1]:
            feeds.setdefault((name, arity), set()).add(k)
    for info in infos:
        for name, arity, args in info[3]:
            for k in feeds.get((name, arity), ()):
                if args[k] is not None:
                    ids.add(args[k])
                else:  # an id carried on by a variable: any constant of that statement
                    ids.update(info[4])
    return frozenset(ids)
