"""Each question's answer, built once from the solver's ``Solution`` as plain data (what
``--format json`` prints under a question), card names resolved to the scenario's instance ids.

No expectations here (``expectations.py``).  One builder per question kind, in ``ANSWERS``: a new
kind adds its builder there, and its expectation check to ``expectations.CHECKS``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import turn_flow_answers
from .facts import QuestionFacts, question_ids, start_values
from .loader import LoadedScenario
from .refs import CardRefs, effect_label
from .solver import Atom, Solution, rule_texts


def card_refs(loaded: LoadedScenario) -> CardRefs:
    """The scenario's cards as plain data, read once: names, effects, values before the chain,
    and the chain's links as effect labels."""
    return CardRefs(
        path=loaded.path,
        names={i.id: i.name for i in loaded.instances},
        effects={i.id: effect_numbers(loaded, i.id) for i in loaded.instances},
        start={i.id: start_values(loaded, i) for i in loaded.instances},
        links={i + 1: effect_label(loaded.resolve(link.card, f"chain[{i}].card").id, link.effect)
               for i, link in enumerate(loaded.scenario.chain)},
    )


def effect_numbers(loaded: LoadedScenario, ident: str) -> tuple[int, ...]:
    """The numbers a card's effects may be named by: its own, and those its Xyz Materials' `granted` effects would
    have on it (whether it gains them is asp/granted_effects.lp's to say)."""
    own = [e.number for e in loaded.by_id[ident].definition.effects if e.granted is None]
    granted = [e.granted.number for m in loaded.instances if m.under == ident
               for e in m.definition.effects if e.granted is not None]
    return tuple(own + granted)


def zone_name(term: Any) -> str:
    """ASP zone term -> scenario zone name (("mmz", 3) -> "mmz3")."""
    if isinstance(term, tuple):
        head, arg = term[0], term[1]
        return f"{head}{arg}" if isinstance(arg, int) else f"{head}_{arg}"
    return str(term)


def violations(sol: Solution, loaded: LoadedScenario | None = None) -> list[tuple[str | None, str]]:
    """Every contradiction the rule base found, as (scenario key, message), sorted."""
    texts = {v[1]: v[2] for v in sol.where("violation_text")}
    keys = {v[1]: v[2:] for v in sol.where("violation_key")}
    out = []
    for _, ident, args in sol.where("violation"):
        detail = ", ".join(zone_name(a) if isinstance(a, tuple) else str(a) for a in args)
        out.append((_violation_key(keys.get(ident), args, loaded), f"{texts.get(ident, ident)} ({detail})"))
    return sorted(out, key=lambda kv: (kv[0] or "", kv[1]))


def _violation_key(spec: tuple[Any, ...] | None, args: tuple[Any, ...], loaded: LoadedScenario | None) -> str | None:
    """The scenario key a violation comes from (consistency.lp's violation_key/4)."""
    if spec is None or loaded is None:
        return None
    pos, kind, suffix = spec
    if pos == 0:
        return suffix
    arg = args[pos - 1]
    if kind == "card" and arg in loaded.by_id:
        return loaded.by_id[arg].key + suffix
    if kind == "link" and isinstance(arg, int):
        return f"chain[{arg - 1}]{suffix}"
    if kind == "question":
        ids = question_ids(loaded)
        if arg in ids:
            return f"ask[{ids.index(arg)}]{suffix}"
    return None


def _reasons(rule_ids: set[str], rules: dict[str, dict[str, str]]) -> list[dict[str, str]]:
    return [{"rule": r, **rules.get(r, {"cite": "?", "text": "?"})} for r in sorted(rule_ids)]

def summon_zones_answer(q: QuestionFacts, sol: Solution, cards: CardRefs) -> dict[str, Any]:
    """Every zone (one monster) or placement (several) the summon may use, and the refused ones."""
    rules = rule_texts(sol.extra_rules)
    per_zone: dict[tuple[str, str], set[str]] = {}
    for _, qid, opt in sol.where("option"):
        if qid == q.id and opt[0] == "summon_zone":
            per_zone.setdefault((opt[1], zone_name(opt[2])), set())
    for _, qid, opt, rule in sol.where("reason"):
        if qid == q.id and opt[0] == "summon_zone":
            per_zone.setdefault((opt[1], zone_name(opt[2])), set()).add(rule)
    refused: dict[tuple[str, str], set[str]] = {}
    for _, qid, opt, rule in sol.where("refused"):
        if qid == q.id and opt[0] == "summon_zone":
            refused.setdefault((opt[1], zone_name(opt[2])), set()).add(rule)

    order = {c: i for i, c in enumerate(q.card_ids)}
    options: list[dict[str, Any]] = []
    if q.several:
        combos = sol.combinations.get(q.id, [])
        seen: set[tuple[tuple[str, str], ...]] = set()
        for model in combos:
            placement = tuple(sorted(((a[2], zone_name(a[3])) for a in model if a[1] == q.id),
                                     key=lambda cz: order[cz[0]]))
            if placement in seen:
                continue
            seen.add(placement)
            reasons: set[str] = set()
            for cz in placement:
                reasons |= per_zone.get(cz, set())
            options.append({"label": ", ".join(f"{c} -> {z}" for c, z in placement),
                            "placement": dict(placement), "reasons": _reasons(reasons, rules)})
        options.sort(key=lambda o: tuple(o["placement"].values()))
        if not options and per_zone:
            refused_all = {"label": "(all)", "placement": {},
                           "reasons": _reasons({"no_distinct_assignment"}, rules)}
            return {"options": [], "refused": [refused_all] + _refused_list(refused, rules, order)}
    else:
        for (card, zone), rs in sorted(per_zone.items(), key=lambda kv: (order[kv[0][0]], kv[0][1])):
            options.append({"label": zone, "placement": {card: zone}, "reasons": _reasons(rs, rules)})
    return {"options": options, "refused": _refused_list(refused, rules, order)}


def _refused_list(refused: dict[tuple[str, str], set[str]], rules: dict[str, dict[str, str]],
                  order: dict[str, int]) -> list[dict[str, Any]]:
    several = len(order) > 1
    return [{"label": f"{card} -> {zone}" if several else zone, "placement": {card: zone},
             "reasons": _reasons(rs, rules)}
            for (card, zone), rs in sorted(refused.items(), key=lambda kv: (order[kv[0][0]], kv[0][1]))]


def can_activate_answer(q: QuestionFacts, sol: Solution, cards: CardRefs) -> dict[str, Any]:
    """Every effect that can (or must) be activated now, and the refused ones."""
    answer = _activation_lists(sol.atoms, q.id, rule_texts(sol.extra_rules), "option", "reason", "refused")
    _add_times(answer["options"], sol.atoms, q.id, "option_times")
    return answer


def _add_times(options: list[dict[str, Any]], atoms: list[Atom], qid: str, name: str) -> None:
    """Each activation option's ``times`` (how many times it may be activated; 1 unless said)."""
    times = {effect_label(a[2][1], a[2][2]): a[3] for a in atoms if a[0] == name and a[1] == qid}
    for opt in options:
        opt["times"] = times.get(opt["effect"], 1)


def _activation_lists(atoms: list[Atom], qid: str, rules: dict[str, dict[str, str]],
                      opt_name: str, reason_name: str, refused_name: str) -> dict[str, Any]:
    allowed: dict[tuple[str, int], set[str]] = {}
    refused: dict[tuple[str, int], set[str]] = {}
    for a in atoms:
        if a[0] == opt_name and a[1] == qid:
            allowed.setdefault((a[2][1], a[2][2]), set())
        elif a[0] == reason_name and a[1] == qid:
            allowed.setdefault((a[2][1], a[2][2]), set()).add(a[3])
        elif a[0] == refused_name and a[1] == qid:
            refused.setdefault((a[2][1], a[2][2]), set()).add(a[3])
    options = [{"label": effect_label(c, n) + (" (must)" if "mandatory_must_activate" in rs else ""),
                "effect": effect_label(c, n), "card": c, "number": n,
                "mandatory": "mandatory_must_activate" in rs, "reasons": _reasons(rs, rules)}
               for (c, n), rs in sorted(allowed.items())]
    refusals = [{"label": effect_label(c, n), "effect": effect_label(c, n), "card": c, "number": n,
                 "reasons": _reasons(rs, rules)} for (c, n), rs in sorted(refused.items())]
    return {"options": options, "refused": refusals}


def resolve_answer(q: QuestionFacts, sol: Solution, cards: CardRefs) -> dict[str, Any]:
    """Each distinct outcome of the chain (or of the damage calculation): its steps, the board
    after, the triggers then, the duel, Life Points, counters and values."""
    rules = rule_texts(sol.extra_rules)
    link_effect = cards.links
    seen: dict[str, dict[str, Any]] = {}
    for model in sol.outcomes:
        results: dict[tuple[int, int], str] = {}
        step_rules: dict[tuple[int, int], set[str]] = {}
        acted: dict[tuple[int, int], set[str]] = {}
        board: dict[str, str] = {}
        changed: dict[str, str] = {}
        duel = "continues"
        life: dict[str, int] = {}
        counters: dict[str, int] = {}
        stats: dict[str, dict[str, int]] = {}
        equipped: dict[str, str] = {}
        materials: dict[str, list[str]] = {}
        order: dict[tuple[int, int], dict[str, int]] = {}
        battle: dict[str, int] = {}
        locked: dict[str, list[str]] = {}
        skipped: dict[str, list[str]] = {}
        before: dict[tuple[int, str], set[str]] = {}
        outcome_rules: set[str] = set()
        for a in model:
            if a[1] != q.id:
                continue
            if a[0] == "step_result":
                results[(a[2], a[3])] = a[4]
            elif a[0] == "step_rule":
                step_rules.setdefault((a[2], a[3]), set()).add(a[4])
            elif a[0] == "acted_on":
                acted.setdefault((a[2], a[3]), set()).add(a[4])
            elif a[0] == "final_area":
                board[a[2]] = a[3]
            elif a[0] == "area_changed":
                changed[a[2]] = a[3]
            elif a[0] == "duel_result":
                duel = a[2] if isinstance(a[2], str) else f"{a[2][1]}_wins"
            elif a[0] == "life_points":
                life[a[2]] = a[3]
            elif a[0] == "stat_after":  # a monster's value after the chain
                stats.setdefault(a[2], {})[a[3]] = a[4]
            elif a[0] == "counters_after":
                counters[a[2]] = a[3]
            elif a[0] == "equipped_after":  # an Equip Card and its monster after the chain
                equipped[a[2]] = a[3]
            elif a[0] == "xyz_after":  # an Xyz monster on the field after the chain (materials.lp)
                materials.setdefault(a[2], [])
            elif a[0] == "materials_after":
                materials.setdefault(a[2], []).append(a[3])
            elif a[0] == "battle_damage_to":
                battle[a[2]] = a[3]
            elif a[0] == "locked_after":  # a zone that cannot be used after the chain (zone_lock.lp)
                locked.setdefault(a[2], []).append(zone_name(a[3]))
            elif a[0] == "skipped_after":  # a phase of a player's next turn skipped (leaving_operations.lp)
                skipped.setdefault(a[2], []).append(a[3])
            elif a[0] == "applied_before":  # an effect processed as a link was applied, before it (link_applies.lp)
                cards_of = before.setdefault((a[2], effect_label(a[3], a[4])), set())
                if a[5] != "none":
                    cards_of.add(a[5])
            elif a[0] == "step_order":
                order.setdefault((a[2], a[3]), {})[a[4]] = a[5]
            elif a[0] == "outcome_rule":
                outcome_rules.add(a[2])
        steps: list[dict[str, Any]] = []
        for (link, step), result in sorted(results.items(), key=lambda kv: (-kv[0][0], kv[0][1])):
            entry: dict[str, Any] = {"link": link, "step": step, "effect": link_effect[link],
                                     "result": result, "cards": sorted(acted.get((link, step), set())),
                                     "reasons": _reasons(step_rules.get((link, step), set()), rules)}
            if (link, step) in order:
                entry["order"] = _order(order[(link, step)])
            steps.append(entry)
        triggers = _activation_lists(model, q.id, rules, "trigger_after", "trigger_after_reason",
                                     "trigger_after_refused")
        _add_times(triggers["options"], model, q.id, "trigger_after_times")
        label = "; ".join(f"{s['link']}.{s['step']} {s['result']}" + (f" {s['cards']}" if s["cards"] else "")
                          for s in steps) or "(nothing to resolve)"
        counters = dict(sorted(counters.items()))
        stats = {c: dict(sorted(v.items())) for c, v in sorted(stats.items())}
        equipped = dict(sorted(equipped.items()))
        materials = {x: sorted(ms) for x, ms in sorted(materials.items())}
        locked = {p: sorted(zs) for p, zs in sorted(locked.items())}
        skipped = {p: sorted(phs) for p, phs in sorted(skipped.items())}
        applied_before = [{"link": link, "effect": eff, "cards": sorted(xs)}
                          for (link, eff), xs in sorted(before.items(), key=lambda kv: (-kv[0][0], kv[0][1]))]
        key = repr((steps, board, triggers, duel, life, counters, battle, stats, equipped, materials, locked, skipped,
                    applied_before))
        reasons: set[str] = set(outcome_rules)
        for st in steps:
            reasons |= {str(r["rule"]) for r in st["reasons"]}
        seen.setdefault(key, {"label": label, "steps": steps, "board": board, "moved": dict(sorted(changed.items())),
                              "triggers": triggers, "duel": duel, "life_points": life, "counters": counters,
                              **({"stats": stats} if stats else {}),
                              **({"equipped": equipped} if equipped else {}),
                              **({"materials": materials} if materials else {}),
                              **({"battle_damage": dict(sorted(battle.items()))} if battle else {}),
                              **({"locked_zones": locked} if locked else {}),
                              **({"skipped_phases": skipped} if skipped else {}),
                              **({"applied_before": applied_before} if applied_before else {}),
                              "outcome_reasons": _reasons(outcome_rules, rules),
                              "reasons": _reasons(reasons, rules)})
    return {"options": list(seen.values()), "refused": []}


def _order(ranks: dict[str, int]) -> list[str]:
    """Who carries a step out first: [self, opponent], or [both] at the same time."""
    if len(set(ranks.values())) == 1 and len(ranks) > 1:
        return ["both"]
    return [p for p, _ in sorted(ranks.items(), key=lambda kv: kv[1])]


AnswerBuilder = Callable[[QuestionFacts, Solution, CardRefs], dict[str, Any]]

# question kind -> its answer: {"options": [...], "refused": [...], ...}
ANSWERS: dict[str, AnswerBuilder] = {
    "summon_zones": summon_zones_answer,
    "can_activate": can_activate_answer,
    "resolve": resolve_answer,
    "battle": resolve_answer,
    "legal_actions": turn_flow_answers.legal_actions_answer,
    "chain_order": turn_flow_answers.chain_order_answer,
}


def build_answer(q: QuestionFacts, sol: Solution, cards: CardRefs) -> dict[str, Any]:
    """The answer to one question, as plain data."""
    build = ANSWERS.get(q.kind)
    if build is None:  # a question kind the model accepts but no builder answers: a bug
        raise NotImplementedError(f"no answer builder for question kind {q.kind!r} (answers.ANSWERS)")
    return build(q, sol, cards)
