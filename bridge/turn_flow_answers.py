"""Answers and expectations of the turn-flow questions (legal_actions, chain_order):
the solver's atoms as plain data with card names, and the comparison with `expect`.

An action is written as the answer prints it (and as expectations name it):
``normal_summon X`` / ``normal_summon X tributing A, B``, ``set_monster X …``, ``flip_summon X``,
``change_position X``, ``special_summon X`` (its own procedure), ``pendulum_summon A, B, C`` (one
Pendulum Summon of those monsters), ``set X`` (a Spell/Trap),
``activate X ①``, ``process X ①`` (an effect processed without a chain; ``process X ① pay`` / ``process X ① not_pay``: a maintenance cost's two options), ``attack A -> B`` / ``attack A directly``, ``next battle`` (the next phase) /
``next end_step`` (the next step of the Battle Phase), ``end_turn``, ``pass``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import InputError
from .facts import QuestionFacts
from .model import ChainOrderExpect, LegalActionsExpect
from .refs import CardRefs, effect_label
from .solver import Solution, rule_texts

if TYPE_CHECKING:
    from .expectations import Asked

CARD_VERBS = ("flip_summon", "change_position", "special_summon", "set")
SUMMON_VERBS = ("normal_summon", "set_monster")


def action_label(term: Any) -> str:
    """An action term of turn_flow.lp -> its printed form."""
    if term == "pass":
        return "pass"
    name, *args = term
    if name in SUMMON_VERBS:
        card, tributes = args
        if tributes == "none":
            return f"{name} {card}"
        return f"{name} {card} tributing {', '.join(sorted(tributes[1:]))}"
    if name == "set_spell_trap":
        return f"set {args[0]}"
    if name == "pendulum_summon":
        return f"pendulum_summon {', '.join(sorted(args[0][1:]))}"
    if name == "special_summon":
        return f"special_summon {args[0]}"
    if name in ("flip_summon", "change_position"):
        return f"{name} {args[0]}"
    if name == "activate":
        return "activate " + effect_label(args[0], args[1])
    if name == "process":
        return "process " + effect_label(args[0], args[1])
    if name == "maintain":   # a maintenance cost's option (asp/maintenance.lp): pay / not_pay
        return f"process {effect_label(args[0], args[1])} {args[2]}"
    if name == "attack":
        return f"attack {args[0]} directly" if args[1] == "direct" else f"attack {args[0]} -> {args[1]}"
    if name == "next":
        target = args[0]
        if target == "end_turn":
            return "end_turn"
        kind, what = target
        return f"next {what}" if kind == "phase" else f"next {what}_step"
    return str(term)


def canonical_action(cards: CardRefs, text: str, key: str) -> str:
    """A user's action (card names or ids) -> the printed form with instance ids."""
    words = text.strip()
    verb, _, rest = words.partition(" ")
    rest = rest.strip()
    card = lambda ref: cards.card(ref.strip(), key)  # noqa: E731
    if verb in ("pass", "end_turn") and not rest:
        return verb
    if verb == "next" and rest:
        return f"next {rest}"
    if verb in SUMMON_VERBS and rest:
        head, sep, tail = rest.partition(" tributing ")
        if not sep:
            return f"{verb} {card(head)}"
        return f"{verb} {card(head)} tributing {', '.join(sorted(card(t) for t in tail.split(',')))}"
    if verb == "pendulum_summon" and rest:
        return f"pendulum_summon {', '.join(sorted(card(t) for t in rest.split(',')))}"
    if verb in CARD_VERBS and rest:
        return f"{verb} {card(rest)}"
    if verb == "activate" and rest:
        return "activate " + cards.effect(rest, key)
    if verb == "process" and rest:
        head, _, option = rest.rpartition(" ")
        if head and option in ("pay", "not_pay"):
            return f"process {cards.effect(head, key)} {option}"
        return "process " + cards.effect(rest, key)
    if verb == "attack" and rest:
        if rest.endswith(" directly"):
            return f"attack {card(rest[: -len(' directly')])} directly"
        attacker, sep, target = rest.partition("->")
        if sep:
            return f"attack {card(attacker)} -> {card(target)}"
    raise InputError(cards.path, key, f"{text!r} is not an action (e.g. 'normal_summon X', 'attack A -> B', "
                                       "'attack A directly', 'activate X ①', 'next battle', 'end_turn', 'pass')")


def _reasons(ids: set[str], rules: dict[str, dict[str, str]]) -> list[dict[str, str]]:
    """Rule ids with their citations and texts, as every answer gives them (answers.py's)."""
    from .answers import _reasons as reasons   # (answers imports this module for its tables)

    return reasons(ids, rules)


def legal_actions_answer(q: QuestionFacts, sol: Solution, cards: CardRefs) -> dict[str, Any]:
    rules = rule_texts(sol.extra_rules)
    allowed: dict[str, set[str]] = {}
    refused: dict[str, set[str]] = {}
    for a in sol.atoms:
        if a[0] == "option" and a[1] == q.id:
            allowed.setdefault(action_label(a[2]), set())
        elif a[0] == "reason" and a[1] == q.id:
            allowed.setdefault(action_label(a[2]), set()).add(a[3])
        elif a[0] == "refused" and a[1] == q.id:
            refused.setdefault(action_label(a[2]), set()).add(a[3])
    return {"options": [{"label": k, "action": k, "reasons": _reasons(v, rules)} for k, v in sorted(allowed.items())],
            "refused": [{"label": k, "action": k, "reasons": _reasons(v, rules)} for k, v in sorted(refused.items())]}


def check_legal_actions(expect: LegalActionsExpect, answer: dict[str, Any], asked: Asked, key: str) -> list[str]:
    fails: list[str] = []
    where, cards = asked.where, asked.cards
    got = sorted(o["action"] for o in answer["options"])
    if expect.actions is not None:
        want = sorted(canonical_action(cards, a, f"{where}.actions[{i}]") for i, a in enumerate(expect.actions))
        if want != got:
            missing, extra = sorted(set(want) - set(got)), sorted(set(got) - set(want))
            fails.append(f"{key}.actions: expected {want}, got {got} (missing {missing}, unexpected {extra})")
    for i, a in enumerate(expect.includes or []):
        label = canonical_action(cards, a, f"{where}.includes[{i}]")
        if label not in got:
            fails.append(f"{key}.includes: {label!r} is not a legal action")
    for i, a in enumerate(expect.excludes or []):
        label = canonical_action(cards, a, f"{where}.excludes[{i}]")
        if label in got:
            fails.append(f"{key}.excludes: {label!r} is a legal action")
    if expect.count is not None and expect.count != len(got):
        fails.append(f"{key}.count: expected {expect.count}, got {len(got)}")
    by_action = {r["action"]: {x["rule"] for x in r["reasons"]} for r in answer["refused"]}
    for a, rule_ids in (expect.refused or {}).items():
        label = canonical_action(cards, a, f"{where}.refused")
        got_rules = by_action.get(label, set())
        if label in got or any(r not in got_rules for r in rule_ids):
            state = sorted(got_rules) if got_rules else "legal" if label in got else "not a candidate"
            fails.append(f"{key}.refused.{label}: expected refusal by {rule_ids}, got {state}")
    return fails


def chain_order_answer(q: QuestionFacts, sol: Solution, cards: CardRefs) -> dict[str, Any]:
    """The legal chains (one per enumerated answer set, link 1 first) and what makes the others
    illegal: a mandatory trigger left off (``left_out``), one trigger before another (``before``)."""
    rules = rule_texts(sol.extra_rules)
    options = []
    for model in sol.combinations.get(q.id, []):
        chain = [effect_label(c, n) for _, c, n in sorted(a[2:] for a in model if a[0] == "ordered")]
        why = {a[2] for a in model if a[0] == "order_reason"}
        options.append({"label": " > ".join(chain) or "(no chain)", "chain": chain, "reasons": _reasons(why, rules)})
    options.sort(key=lambda o: o["chain"])
    refused: dict[tuple[str, ...], set[str]] = {}
    for a in sol.atoms:
        if a[0] == "refused" and a[1] == q.id:
            term = a[2]
            if term[0] == "left_out":
                key = ("left_out", effect_label(term[1], term[2]))
            else:
                key = ("before", effect_label(term[1], term[2]), effect_label(term[3], term[4]))
            refused.setdefault(key, set()).add(a[3])
    refusals = [{"label": f"without {k[1]}" if k[0] == "left_out" else f"{k[1]} before {k[2]}",
                 "kind": k[0], "effects": list(k[1:]), "reasons": _reasons(v, rules)}
                for k, v in sorted(refused.items())]
    return {"options": options, "refused": refusals}


def chain_refusals(chain: list[str], entries: set[str], refused: list[dict[str, Any]]) -> set[str]:
    """The rules that make ``chain`` illegal, from a chain_order answer's refusals."""
    position = {label: k for k, label in enumerate(chain)}
    rules: set[str] = set()
    for r in refused:
        if r["kind"] == "left_out" and r["effects"][0] in entries and r["effects"][0] not in position:
            rules |= {x["rule"] for x in r["reasons"]}
        elif r["kind"] == "before":
            first, then = r["effects"]
            if first in position and then in position and position[first] < position[then]:
                rules |= {x["rule"] for x in r["reasons"]}
    return rules


def check_chain_order(expect: ChainOrderExpect, answer: dict[str, Any], asked: Asked, key: str) -> list[str]:
    where = asked.where

    def chain(refs: list[str], k: str) -> list[str]:
        return [asked.cards.effect(r, f"{k}[{j}]") for j, r in enumerate(refs)]

    fails: list[str] = []
    got = sorted(o["chain"] for o in answer["options"])
    if expect.chains is not None:
        want = sorted(chain(c, f"{where}.chains[{i}]") for i, c in enumerate(expect.chains))
        if want != got:
            fails.append(f"{key}.chains: expected {want}, got {got}")
    for i, c in enumerate(expect.includes or []):
        if chain(c, f"{where}.includes[{i}]") not in got:
            fails.append(f"{key}.includes[{i}]: {c} is not a legal chain")
    for i, c in enumerate(expect.excludes or []):
        if chain(c, f"{where}.excludes[{i}]") in got:
            fails.append(f"{key}.excludes[{i}]: {c} is a legal chain")
    if expect.count is not None and expect.count != len(got):
        fails.append(f"{key}.count: expected {expect.count}, got {len(got)}")
    entries = {label for o in answer["options"] for label in o["chain"]}
    entries |= {e for r in answer["refused"] for e in r["effects"]}
    for i, r in enumerate(expect.refused or []):
        links = chain(r.chain, f"{where}.refused[{i}].chain")
        got_rules = chain_refusals(links, entries, answer["refused"])
        if links in got or any(x not in got_rules for x in r.rules):
            state = sorted(got_rules) if got_rules else "legal" if links in got else "not refused"
            fails.append(f"{key}.refused[{i}]: expected refusal by {r.rules}, got {state}")
    return fails
