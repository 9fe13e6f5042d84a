"""Answer sets -> plain data (what ``--format json`` prints), and expectations."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .errors import InputError
from .facts import QuestionFacts, question_ids, start_values
from .loader import LoadedScenario
from .model import (
    BattleQuestion,
    CanActivateExpect,
    CanActivateQuestion,
    ResolveExpect,
    ResolveQuestion,
    SummonZonesExpect,
    SummonZonesQuestion,
)
from .solver import Atom, Solution, rule_texts

CIRCLED = "⓪①②③④⑤⑥⑦⑧⑨⑩"


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


def summon_zones_answer(q: QuestionFacts, sol: Solution) -> dict[str, Any]:
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


def check_summon_zones(loaded: LoadedScenario, index: int, expect: SummonZonesExpect, answer: dict[str, Any],
                       q: QuestionFacts, key: str) -> list[str]:
    """Failures, each one line: the key and what was expected.  A placement that names a card
    the question does not summon is bad input."""
    want_set: set[tuple[tuple[str, str], ...]] = set()
    for i, p in enumerate(expect.placements or []):
        where = f"ask[{index}].expect.placements[{i}]"
        ids = {ref: loaded.resolve(ref, where).id for ref in p}
        for ref, card in ids.items():
            if card not in q.card_ids:
                raise InputError(loaded.path, where, f"{ref!r} is not one of the summoned monsters")
        want_set.add(tuple(sorted((ids[ref], z) for ref, z in p.items())))
    fails: list[str] = []
    placements = [o["placement"] for o in answer["options"]]
    if expect.zones is not None:  # one summoned monster (the model checks it)
        got = sorted(p[q.card_ids[0]] for p in placements)
        want = sorted(expect.zones)
        if got != want:
            fails.append(f"{key}.zones: expected {want}, got {got}")
    if expect.placements is not None:
        got_set = {tuple(sorted(p.items())) for p in placements}
        if got_set != want_set:
            missing = [dict(p) for p in sorted(want_set - got_set)]
            extra = [dict(p) for p in sorted(got_set - want_set)]
            fails.append(f"{key}.placements: expected {len(want_set)} placements, got {len(got_set)}"
                         f"; missing {missing}; unexpected {extra}")
    if expect.count is not None and expect.count != len(placements):
        fails.append(f"{key}.count: expected {expect.count}, got {len(placements)}")
    if expect.refused is not None:
        card = q.card_ids[0]
        by_zone = {r["placement"].get(card): {x["rule"] for x in r["reasons"]} for r in answer["refused"]}
        for zone, rule_ids in expect.refused.items():
            got_rules = by_zone.get(zone, set())
            missing_rules = [r for r in rule_ids if r not in got_rules]
            if missing_rules:
                fails.append(f"{key}.refused.{zone}: expected refusal by {rule_ids}, got {sorted(got_rules) or 'not refused'}")
    return fails


def effect_label(card: str, number: int) -> str:
    return f"{card} {CIRCLED[number] if 0 <= number < len(CIRCLED) else number}"


def can_activate_answer(q: QuestionFacts, sol: Solution) -> dict[str, Any]:
    answer = _activation_lists(sol.atoms, q.id, rule_texts(sol.extra_rules), "option", "reason", "refused")
    _add_times(answer["options"], sol.atoms, q.id, "option_times")
    return answer


def _add_times(options: list[dict[str, Any]], atoms: list[Atom], qid: str, name: str) -> None:
    """Each activation option's ``times`` (how many times it may be activated; 1 unless said)."""
    times = {effect_label(a[2][1], a[2][2]): a[3] for a in atoms if a[0] == name and a[1] == qid}
    for opt in options:
        opt["times"] = times.get(opt["effect"], 1)


def resolve_effect_ref(loaded: LoadedScenario, ref: str, key: str) -> str:
    """'card ①' / 'card 1' / 'card' (its only effect) -> the canonical label."""
    head, _, tail = ref.strip().rpartition(" ")
    number: int | None = None
    if head and (tail in CIRCLED or tail.isdigit()):
        number = CIRCLED.index(tail) if tail in CIRCLED else int(tail)
        card_ref = head
    else:
        card_ref = ref.strip()
    inst = loaded.resolve(card_ref, key)
    numbers = [e.number for e in inst.definition.effects]
    if number is None:
        if len(numbers) != 1:
            raise InputError(loaded.path, key, f"{ref!r}: {inst.id} has {len(numbers)} effects; name one, e.g. '{inst.id} ①'")
        number = numbers[0]
    if number not in numbers:
        raise InputError(loaded.path, key, f"{ref!r}: {inst.id} has no effect {number}")
    return effect_label(inst.id, number)


def check_can_activate(loaded: LoadedScenario, index: int, expect: CanActivateExpect,
                       answer: dict[str, Any], key: str) -> list[str]:
    fails: list[str] = []
    where = f"ask[{index}].expect"
    got_can = sorted(o["effect"] for o in answer["options"])
    got_must = sorted(o["effect"] for o in answer["options"] if o["mandatory"])
    for name, want_refs, got in (("can", expect.can, got_can), ("must", expect.must, got_must)):
        if want_refs is None:
            continue
        want = sorted(resolve_effect_ref(loaded, r, f"{where}.{name}[{i}]") for i, r in enumerate(want_refs))
        if want != got:
            fails.append(f"{key}.{name}: expected {want}, got {got}")
    if expect.times is not None:
        got_times = {o["effect"]: o.get("times", 1) for o in answer["options"]}
        for ref, n in expect.times.items():
            label = resolve_effect_ref(loaded, ref, f"{where}.times")
            if got_times.get(label, 0) != n:
                fails.append(f"{key}.times.{label}: expected {n}, got {got_times.get(label, 0)}")
    if expect.cannot is not None:
        by_effect = {r["effect"]: {x["rule"] for x in r["reasons"]} for r in answer["refused"]}
        for ref, rule_ids in expect.cannot.items():
            label = resolve_effect_ref(loaded, ref, f"{where}.cannot")
            got_rules = by_effect.get(label, set())
            if label in got_can or any(r not in got_rules for r in rule_ids):
                fails.append(f"{key}.cannot.{label}: expected refusal by {rule_ids}, got "
                             f"{sorted(got_rules) if got_rules else 'can be activated' if label in got_can else 'not considered'}")
    return fails


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


def resolve_answer(q: QuestionFacts, sol: Solution, loaded: LoadedScenario) -> dict[str, Any]:
    rules = rule_texts(sol.extra_rules)
    link_effect = {i + 1: effect_label(loaded.resolve(link.card, f"chain[{i}].card").id, link.effect)
                   for i, link in enumerate(loaded.scenario.chain)}
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
        order: dict[tuple[int, int], dict[str, int]] = {}
        battle: dict[str, int] = {}
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
            elif a[0] == "battle_damage_to":
                battle[a[2]] = a[3]
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
        key = repr((steps, board, triggers, duel, life, counters, battle, stats))
        reasons: set[str] = set(outcome_rules)
        for st in steps:
            reasons |= {str(r["rule"]) for r in st["reasons"]}
        seen.setdefault(key, {"label": label, "steps": steps, "board": board, "moved": dict(sorted(changed.items())),
                              "triggers": triggers, "duel": duel, "life_points": life, "counters": counters,
                              **({"stats": stats} if stats else {}),
                              **({"battle_damage": dict(sorted(battle.items()))} if battle else {}),
                              "outcome_reasons": _reasons(outcome_rules, rules),
                              "reasons": _reasons(reasons, rules)})
    return {"options": list(seen.values()), "refused": []}


def _order(ranks: dict[str, int]) -> list[str]:
    """Who carries a step out first: [self, opponent], or [both] at the same time."""
    if len(set(ranks.values())) == 1 and len(ranks) > 1:
        return ["both"]
    return [p for p, _ in sorted(ranks.items(), key=lambda kv: kv[1])]


def _matches_board(board: dict[str, str], want: dict[str, str]) -> bool:
    return all(board.get(c) == a for c, a in want.items())


def check_resolve(loaded: LoadedScenario, index: int, expect: ResolveExpect,
                  answer: dict[str, Any], key: str) -> list[str]:
    fails: list[str] = []
    where = f"ask[{index}].expect"
    outcomes = answer["options"]
    if expect.count is not None and expect.count != len(outcomes):
        fails.append(f"{key}.count: expected {expect.count} outcomes, got {len(outcomes)}")
    if not outcomes:
        return fails + ([f"{key}: the chain has no outcome"] if expect.count != 0 else [])
    for j, se in enumerate(expect.steps or []):
        for k, out in enumerate(outcomes):
            got = next((s for s in out["steps"] if s["link"] == se.link and s["step"] == se.step), None)
            if got is None:
                fails.append(f"{key}.steps[{j}]: link {se.link} has no step {se.step}")
                break
            if se.result is not None and got["result"] != se.result:
                fails.append(f"{key}.steps[{j}] (link {se.link} step {se.step}): expected {se.result}, got {got['result']}"
                             + (f" in outcome {k + 1}" if len(outcomes) > 1 else ""))
                break
            if se.order is not None and got.get("order") != se.order:
                fails.append(f"{key}.steps[{j}] (link {se.link} step {se.step}).order: "
                             f"expected {se.order}, got {got.get('order')}")
                break
            if se.rules is not None:
                have = {r["rule"] for r in got["reasons"]}
                missing = [r for r in se.rules if r not in have]
                if missing:
                    fails.append(f"{key}.steps[{j}] (link {se.link} step {se.step}).rules: expected {missing} "
                                 f"among the reasons, got {sorted(have)}")
                    break
            if se.cards is not None:
                want_cards = sorted(loaded.resolve(c, f"{where}.steps[{j}].cards").id for c in se.cards)
                if got["cards"] != want_cards:
                    fails.append(f"{key}.steps[{j}] (link {se.link} step {se.step}).cards: "
                                 f"expected {want_cards}, got {got['cards']}")
                    break

    def norm(b: Mapping[str, str], k: str) -> dict[str, str]:
        return {loaded.resolve(c, k).id: a for c, a in b.items()}

    if expect.board is not None:
        want = norm(expect.board, f"{where}.board")
        for k, out in enumerate(outcomes):
            if not _matches_board(out["board"], want):
                got_board = {c: out["board"].get(c) for c in want}
                fails.append(f"{key}.board: expected {want}, got {got_board}"
                             + (f" in outcome {k + 1}" if len(outcomes) > 1 else ""))
                break
    if expect.boards is not None:
        wants = [norm(b, f"{where}.boards[{i}]") for i, b in enumerate(expect.boards)]
        names = sorted({c for w in wants for c in w})
        got_set = {tuple((c, out["board"].get(c)) for c in names) for out in outcomes}
        want_set = {tuple((c, w.get(c)) for c in names) for w in wants}
        if got_set != want_set:
            fails.append(f"{key}.boards: expected {sorted(want_set, key=str)}, got {sorted(got_set, key=str)}")
    # values that must hold in every outcome: the first outcome that differs is reported
    every: list[tuple[str, object, Callable[[dict[str, Any]], object]]] = []
    if expect.duel is not None:
        every.append(("duel", expect.duel, lambda out: out["duel"]))
    if expect.lp is not None:
        lp_want = dict(expect.lp)
        every.append(("lp", lp_want, lambda out: {p: out["life_points"].get(p) for p in lp_want}))
    if expect.battle_damage is not None:
        bd_want = dict(expect.battle_damage)
        every.append(("battle_damage", bd_want,
                      lambda out: {p: out.get("battle_damage", {}).get(p) for p in bd_want}))
    if expect.counters is not None:
        counters_want = {loaded.resolve(c, f"{where}.counters").id: v for c, v in expect.counters.items()}
        every.append(("counters", counters_want,
                      lambda out: {c: out["counters"].get(c, 0) for c in counters_want}))
    if expect.stats is not None:
        # a monster whose values did not change has the values the scenario gives it
        stats_want = {loaded.resolve(c, f"{where}.stats").id: v.model_dump(exclude_none=True, by_alias=True)
                      for c, v in expect.stats.items()}
        start = {c: start_values(loaded, loaded.by_id[c]) for c in stats_want}
        every.append(("stats", stats_want,
                      lambda out: {c: {k: out.get("stats", {}).get(c, start[c]).get(k) for k in w}
                                   for c, w in stats_want.items()}))
    for name, want_value, got_of in every:
        for k, out in enumerate(outcomes):
            if got_of(out) != want_value:
                suffix = f" in outcome {k + 1}" if len(outcomes) > 1 else ""
                fails.append(f"{key}.{name}: expected {want_value}, got {got_of(out)}{suffix}")
                break
    if expect.triggers is not None:
        for k, out in enumerate(outcomes):
            tf = check_can_activate(loaded, index, expect.triggers, out["triggers"], f"{key}.triggers")
            if tf:
                fails += [f + (f" (outcome {k + 1})" if len(outcomes) > 1 else "") for f in tf]
                break
    for j, oe in enumerate(expect.outcomes or []):
        one = ResolveExpect.model_validate(oe.model_dump(exclude_none=True))
        misses = [check_resolve(loaded, index, one, {"options": [out]}, f"{key}.outcomes[{j}]")
                  for out in outcomes]
        if all(misses):
            closest = min(range(len(misses)), key=lambda k: len(misses[k]))
            fails.append(f"{key}.outcomes[{j}]: no outcome matches; the closest, outcome {closest + 1}: "
                         + "; ".join(m.split(": ", 1)[-1] for m in misses[closest]))
    return fails


def question_report(loaded: LoadedScenario, index: int, q: QuestionFacts, sol: Solution) -> dict[str, Any]:
    model = loaded.scenario.ask[index]
    if isinstance(model, SummonZonesQuestion):
        answer = summon_zones_answer(q, sol)
    elif isinstance(model, CanActivateQuestion):
        answer = can_activate_answer(q, sol)
    elif isinstance(model, (ResolveQuestion, BattleQuestion)):
        answer = resolve_answer(q, sol, loaded)
    else:  # pragma: no cover - every kind is handled above
        raise InputError(loaded.path, f"ask[{index}].kind", f"unknown question kind {q.kind!r}")
    report: dict[str, Any] = {"id": q.id, "kind": q.kind, "player": q.player, "cards": q.card_ids, **answer}
    # more outcomes (or combinations) than --max-outcomes: only the first are listed, never silently
    report["truncated"] = q.id in sol.truncated or (q.kind == "resolve" and "resolve" in sol.truncated)
    expect = model.expect
    if expect is None:
        report.update(expected=None, status="unchecked", failures=[])
        return report
    if isinstance(expect, CanActivateExpect):
        fails = check_can_activate(loaded, index, expect, answer, f"ask[{index}].expect")
    elif isinstance(expect, ResolveExpect):
        fails = check_resolve(loaded, index, expect, answer, f"ask[{index}].expect")
    else:
        fails = check_summon_zones(loaded, index, expect, answer, q, f"ask[{index}].expect")
    report.update(expected=expect.model_dump(exclude_none=True), status="fail" if fails else "pass",
                  failures=fails)
    return report
