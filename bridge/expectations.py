"""Compare a question's answer (plain data, ``answers.py``) with the question's ``expect``.

One check per question kind, in ``CHECKS``; each returns the failures, one line each: the key of
the expectation and what was expected against what the answer holds.  A reference in ``expect``
that names no card of the scenario is bad input (``InputError``).  The CLI, the Python API and the
pytest plugin all read these lines from a question's report (``failures``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import InputError
from .model import CanActivateExpect, ResolveExpect, SummonZonesExpect
from . import turn_flow_answers
from .refs import CardRefs


@dataclass(frozen=True)
class Asked:
    """What a check needs beside the expectation and the answer."""

    cards: CardRefs       # the scenario's cards: what ``expect`` may name
    about: list[str]      # the question's own cards (instance ids), in order
    where: str            # where the expectation is written: ask[i].expect


def failure_line(path: str, failure: str) -> str:
    """A failure as the CLI prints it (on stderr) and the pytest plugin reports it."""
    return f"FAIL {path}: {failure}"


def check_summon_zones(expect: SummonZonesExpect, answer: dict[str, Any], asked: Asked, key: str) -> list[str]:
    """Failures, each one line: the key and what was expected.  A placement that names a card
    the question does not summon is bad input."""
    want_set: set[tuple[tuple[str, str], ...]] = set()
    for i, p in enumerate(expect.placements or []):
        where = f"{asked.where}.placements[{i}]"
        ids = {ref: asked.cards.card(ref, where) for ref in p}
        for ref, card in ids.items():
            if card not in asked.about:
                raise InputError(asked.cards.path, where, f"{ref!r} is not one of the summoned monsters")
        want_set.add(tuple(sorted((ids[ref], z) for ref, z in p.items())))
    fails: list[str] = []
    placements = [o["placement"] for o in answer["options"]]
    if expect.zones is not None:  # one summoned monster (the model checks it)
        got = sorted(p[asked.about[0]] for p in placements)
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
        card = asked.about[0]
        by_zone = {r["placement"].get(card): {x["rule"] for x in r["reasons"]} for r in answer["refused"]}
        for zone, rule_ids in expect.refused.items():
            got_rules = by_zone.get(zone, set())
            missing_rules = [r for r in rule_ids if r not in got_rules]
            if missing_rules:
                fails.append(f"{key}.refused.{zone}: expected refusal by {rule_ids}, got {sorted(got_rules) or 'not refused'}")
    return fails


def check_can_activate(expect: CanActivateExpect, answer: dict[str, Any], asked: Asked, key: str) -> list[str]:
    fails: list[str] = []
    where = asked.where
    got_can = sorted(o["effect"] for o in answer["options"])
    got_must = sorted(o["effect"] for o in answer["options"] if o["mandatory"])
    for name, want_refs, got in (("can", expect.can, got_can), ("must", expect.must, got_must)):
        if want_refs is None:
            continue
        want = sorted(asked.cards.effect(r, f"{where}.{name}[{i}]") for i, r in enumerate(want_refs))
        if want != got:
            fails.append(f"{key}.{name}: expected {want}, got {got}")
    if expect.times is not None:
        got_times = {o["effect"]: o.get("times", 1) for o in answer["options"]}
        for ref, n in expect.times.items():
            label = asked.cards.effect(ref, f"{where}.times")
            if got_times.get(label, 0) != n:
                fails.append(f"{key}.times.{label}: expected {n}, got {got_times.get(label, 0)}")
    if expect.cannot is not None:
        by_effect = {r["effect"]: {x["rule"] for x in r["reasons"]} for r in answer["refused"]}
        for ref, rule_ids in expect.cannot.items():
            label = asked.cards.effect(ref, f"{where}.cannot")
            got_rules = by_effect.get(label, set())
            if label in got_can or any(r not in got_rules for r in rule_ids):
                fails.append(f"{key}.cannot.{label}: expected refusal by {rule_ids}, got "
                             f"{sorted(got_rules) if got_rules else 'can be activated' if label in got_can else 'not considered'}")
    return fails


def _matches_board(board: dict[str, str], want: dict[str, str]) -> bool:
    return all(board.get(c) == a for c, a in want.items())


def check_resolve(expect: ResolveExpect, answer: dict[str, Any], asked: Asked, key: str) -> list[str]:
    fails: list[str] = []
    where = asked.where
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
                want_cards = sorted(asked.cards.card(c, f"{where}.steps[{j}].cards") for c in se.cards)
                if got["cards"] != want_cards:
                    fails.append(f"{key}.steps[{j}] (link {se.link} step {se.step}).cards: "
                                 f"expected {want_cards}, got {got['cards']}")
                    break

    def norm(b: Mapping[str, str], k: str) -> dict[str, str]:
        return {asked.cards.card(c, k): a for c, a in b.items()}

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
        counters_want = {asked.cards.card(c, f"{where}.counters"): v for c, v in expect.counters.items()}
        every.append(("counters", counters_want,
                      lambda out: {c: out["counters"].get(c, 0) for c in counters_want}))
    if expect.stats is not None:
        # a monster whose values did not change has the values the scenario gives it
        stats_want = {asked.cards.card(c, f"{where}.stats"): v.model_dump(exclude_none=True, by_alias=True)
                      for c, v in expect.stats.items()}
        start = {c: asked.cards.start[c] for c in stats_want}
        every.append(("stats", stats_want,
                      lambda out: {c: {k: out.get("stats", {}).get(c, start[c]).get(k) for k in w}
                                   for c, w in stats_want.items()}))
    if expect.equipped is not None:
        # an Equip Card -> the monster it is equipped to after the chain (None: not equipped then)
        equip_want = {asked.cards.card(c, f"{where}.equipped"):
                      (asked.cards.card(m, f"{where}.equipped.{c}") if m is not None else None)
                      for c, m in expect.equipped.items()}
        every.append(("equipped", equip_want,
                      lambda out: {c: out.get("equipped", {}).get(c) for c in equip_want}))
    if expect.materials is not None:
        # an Xyz monster's materials after the chain (an Xyz monster not on the field then has none listed)
        mats_want = {asked.cards.card(x, f"{where}.materials"):
                     sorted(asked.cards.card(m, f"{where}.materials.{x}") for m in ms)
                     for x, ms in expect.materials.items()}
        every.append(("materials", mats_want,
                      lambda out: {x: out.get("materials", {}).get(x, []) for x in mats_want}))
    if expect.locked_zones is not None:
        locked_want = {p: sorted(set(zs)) for p, zs in expect.locked_zones.items()}
        every.append(("locked_zones", locked_want,
                      lambda out: {p: out.get("locked_zones", {}).get(p, []) for p in locked_want}))
    if expect.skipped_phases is not None:
        skipped_want = {p: sorted(set(phs)) for p, phs in expect.skipped_phases.items()}
        every.append(("skipped_phases", skipped_want,
                      lambda out: {p: out.get("skipped_phases", {}).get(p, []) for p in skipped_want}))
    if expect.applied_before is not None:
        # each effect processed as a link was applied: (link, effect label, its cards; None: not checked)
        before_want = sorted(((ab.link, asked.cards.effect(ab.effect, f"{where}.applied_before[{i}].effect"),
                               None if ab.cards is None else
                               sorted(asked.cards.card(c, f"{where}.applied_before[{i}].cards") for c in ab.cards))
                              for i, ab in enumerate(expect.applied_before)), key=repr)
        unchecked = {(link, eff) for link, eff, cs in before_want if cs is None}
        every.append(("applied_before", before_want,
                      lambda out: sorted(((g["link"], g["effect"],
                                           None if (g["link"], g["effect"]) in unchecked else g["cards"])
                                          for g in out.get("applied_before", [])), key=repr)))
    for name, want_value, got_of in every:
        for k, out in enumerate(outcomes):
            if got_of(out) != want_value:
                suffix = f" in outcome {k + 1}" if len(outcomes) > 1 else ""
                fails.append(f"{key}.{name}: expected {want_value}, got {got_of(out)}{suffix}")
                break
    if expect.triggers is not None:
        for k, out in enumerate(outcomes):
            tf = check_can_activate(expect.triggers, out["triggers"], asked, f"{key}.triggers")
            if tf:
                fails += [f + (f" (outcome {k + 1})" if len(outcomes) > 1 else "") for f in tf]
                break
    for j, oe in enumerate(expect.outcomes or []):
        one = ResolveExpect.model_validate(oe.model_dump(exclude_none=True))
        misses = [check_resolve(one, {"options": [out]}, asked, f"{key}.outcomes[{j}]")
                  for out in outcomes]
        if all(misses):
            closest = min(range(len(misses)), key=lambda k: len(misses[k]))
            fails.append(f"{key}.outcomes[{j}]: no outcome matches; the closest, outcome {closest + 1}: "
                         + "; ".join(m.split(": ", 1)[-1] for m in misses[closest]))
    return fails


Check = Callable[[Any, dict[str, Any], Asked, str], list[str]]

# question kind -> the check of its `expect` against its answer
CHECKS: dict[str, Check] = {
    "summon_zones": check_summon_zones,
    "can_activate": check_can_activate,
    "resolve": check_resolve,
    "battle": check_resolve,
    "legal_actions": turn_flow_answers.check_legal_actions,
    "chain_order": turn_flow_answers.check_chain_order,
}


def failures(kind: str, expect: Any, answer: dict[str, Any], asked: Asked) -> list[str]:
    """Every way ``answer`` differs from ``expect`` (one line each; [] when it holds)."""
    check = CHECKS.get(kind)
    if check is None:  # a question kind the model accepts but no check reads: a bug
        raise NotImplementedError(f"no expectation check for question kind {kind!r} (expectations.CHECKS)")
    return check(expect, answer, asked, asked.where)
