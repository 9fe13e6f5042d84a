"""Turn a loaded scenario into ASP facts (text).  No game logic here: only the
cards the scenario uses are emitted, in the vocabulary board.lp documents."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import InputError
from .loader import Instance, LoadedScenario
from .model import CanActivateQuestion, Effect, Selector, SummonZonesQuestion

DEFAULT_EVENT_TO = {
    "destroyed": "graveyard", "sent_to_graveyard": "graveyard", "tributed": "graveyard",
    "discarded": "graveyard", "banished": "banished", "returned_to_hand": "hand",
    "returned_to_deck": "deck", "returned_to_extra_deck": "extra_deck", "drawn": "hand",
    "special_summoned": "monster_zone", "normal_summoned": "monster_zone",
    "flip_summoned": "monster_zone", "summoned": "monster_zone",
    "activation_negated": "graveyard",
}


def quote(text: str) -> str:
    """An ASP string constant."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def zone_term(zone: str) -> str:
    """Scenario zone name -> ASP zone term (mmz3 -> mmz(3), emz_left -> emz(left))."""
    if zone[:3] in ("mmz", "stz") and zone[3:].isdigit():
        return f"{zone[:3]}({zone[3:]})"
    if zone.startswith(("emz_", "pendulum_")):
        head, side = zone.split("_", 1)
        return f"{head}({side})"
    return zone


@dataclass
class QuestionFacts:
    id: str
    kind: str
    player: str
    several: bool          # enumerate combinations (several cards summoned)
    card_ids: list[str]    # the cards the question is about, in order


def question_ids(loaded: LoadedScenario) -> list[str]:
    ids: list[str] = []
    for i, q in enumerate(loaded.scenario.ask):
        qid = q.id or f"q{i + 1}"
        if qid in ids:
            raise InputError(loaded.path, f"ask[{i}].id", f"question id {qid!r} is used twice")
        ids.append(qid)
    return ids


def card_facts(inst: Instance) -> list[str]:
    c = quote(inst.id)
    d = inst.definition
    out = [f"card({c}).", f"card_name({c},{quote(inst.name)}).", f"card_type({c},{d.type}).",
           f"owner({c},{inst.owner}).", f"in_zone({c},{inst.player},{zone_term(inst.zone)})."]
    out += [f"frame({c},{f})." for f in d.frames]
    out += [f"link_arrow({c},{a})." for a in d.arrows]
    for pred, value in (("level", d.level), ("rank", d.rank), ("link_rating", d.link),
                        ("scale", d.scale), ("atk", d.atk), ("def", d.def_)):
        if value is not None:
            out.append(f"{pred}({c},{value}).")
    for pred, text in (("attribute", d.attribute), ("race", d.race)):
        if text is not None:
            out.append(f"{pred}({c},{quote(text)}).")
    if inst.face is not None:
        out.append(f"face({c},{inst.face}).")
    if inst.position is not None:
        out.append(f"position({c},{inst.position}).")
    if d.subtype is not None:
        out.append(f"subtype({c},{d.subtype}).")
    out += [f"archetype({c},{quote(a)})." for a in d.archetypes]
    if inst.public:
        out.append(f"shown_in_hand({c}).")
    for e in d.effects:
        out += effect_facts(c, e)
    return out


def selector_facts(sel: Selector, term: str) -> list[str]:
    out = [f"selector({term})."]
    if sel.this_card:
        out.append(f"sel_this({term}).")
        return out
    out.append(f"sel_player({term},{sel.player}).")
    out += [f"sel_zone({term},{z})." for z in sel.zones]
    if sel.card_type:
        out.append(f"sel_type({term},{sel.card_type}).")
    out += [f"sel_frame({term},{f})." for f in sel.frames]
    out += [f"sel_name({term},{quote(n)})." for n in sel.names]
    if sel.archetype:
        out.append(f"sel_archetype({term},{quote(sel.archetype)}).")
    if sel.face:
        out.append(f"sel_face({term},{sel.face}).")
    if sel.other_than_this:
        out.append(f"sel_other({term}).")
    out.append(f"sel_count({term},{sel.count}).")
    if sel.target:
        out.append(f"sel_target({term}).")
    return out


def effect_facts(c: str, e: Effect) -> list[str]:
    """The effect language as facts (vocabulary: asp/effects.lp)."""
    n = e.number
    ce = f"{c},{n}"
    out = [f"effect({ce}).", f"effect_kind({ce},{e.kind})."]
    if e.mandatory:
        out.append(f"mandatory({ce}).")
    for a in e.activates_from or []:
        out.append(f"activates_from({ce},{a}).")
    if e.nowhere:
        out.append(f"activates_nowhere({ce}).")
    if e.resolves_later:
        out.append(f"resolves_later({ce}).")
    if e.bullets_all:
        out.append(f"bullets_all({ce}).")
    if e.once_per_turn:
        out.append(f"once_per_turn({ce},{e.once_per_turn}).")
    if e.not_with_card_activation:
        out.append(f"not_with_card_activation({ce}).")
    out += [f"effect_flag({ce},{f})." for f in e.flags]
    for m in e.modifiers:
        scope = "this_card" if m.this_card else (m.player or "both")
        out.append(f"effect_modifier({ce},{m.modifier},{scope}).")
    if e.trigger is not None:
        t = e.trigger
        out += [f"trigger_event({ce},{t.event}).", f"trigger_by({ce},{t.by}).",
                f"trigger_timing({ce},{t.timing}).", f"trigger_event_turn({ce},{t.event_turn})."]
        if t.from_:
            out.append(f"trigger_from({ce},{t.from_}).")
        if t.at_phase:
            out.append(f"trigger_at_phase({ce},{t.at_phase}).")
        if t.card is None:
            out.append(f"trigger_this({ce}).")
        else:
            term = f"trig({ce})"
            out.append(f"trigger_subject({ce},{term}).")
            out += selector_facts(t.card, term)
    for i, st in enumerate(e.steps, start=1):
        ci = f"{ce},{i}"
        out += [f"step({ci},{st.op}).", f"step_connector({ci},{st.connector}).",
                f"step_wording({ci},{st.wording}).", f"step_player({ci},{st.player}).",
                f"step_performer({ci},{st.performer})."]
        if st.optional:
            out.append(f"step_optional({ci}).")
        if st.premise:
            out.append(f"step_premise({ci}).")
        if not st.condition_holds:
            out.append(f"step_condition_fails({ci}).")
        if st.amount is not None:
            out.append(f"step_amount({ci},{st.amount}).")
        if st.subject is not None:
            term = f"s({ci})"
            out.append(f"step_subject({ci},{term}).")
            out += selector_facts(st.subject, term)
    for i, co in enumerate(e.cost, start=1):
        ci = f"{ce},{i}"
        out += [f"cost({ci},{co.op}).", f"cost_wording({ci},{co.wording})."]
        if co.amount is not None:
            out.append(f"cost_amount({ci},{co.amount}).")
        if co.subject is not None:
            term = f"k({ci})"
            out.append(f"cost_subject({ci},{term}).")
            out += selector_facts(co.subject, term)
    return out


def state_facts(loaded: LoadedScenario) -> list[str]:
    """Phase, history, the chain being built, continuous effects in force."""
    sc = loaded.scenario
    out = [f"phase({sc.phase})."]
    moment = 0
    for i, ev in enumerate(sc.history):
        if not (ev.simultaneous and moment > 0):
            moment += 1
        inst = loaded.resolve(ev.card, f"history[{i}].card")
        c = quote(inst.id)
        out.append(f"event({moment},{ev.event},{c}).")
        if ev.from_:
            out.append(f"event_from({moment},{c},{ev.from_}).")
        to = ev.to or DEFAULT_EVENT_TO.get(ev.event)
        if to:
            out.append(f"event_to({moment},{c},{to}).")
        if ev.face:
            out.append(f"event_face({moment},{c},{ev.face}).")
        out.append(f"event_by({moment},{c},{ev.by}).")
        if ev.effect is not None:
            out.append(f"event_effect({moment},{c},{ev.effect}).")
        if ev.negated:
            out.append(f"event_negated({moment},{c}).")
        if ev.chain_link is not None:
            out.append(f"event_chain_link({moment},{c},{ev.chain_link}).")
        out.append(f"event_when({moment},{c},{ev.when}).")
    for i, link in enumerate(sc.chain, start=1):
        inst = loaded.resolve(link.card, f"chain[{i - 1}].card")
        out.append(f"chain_link({i},{quote(inst.id)},{link.effect}).")
        for j, ref in enumerate(link.revealed):
            rev = loaded.resolve(ref, f"chain[{i - 1}].revealed[{j}]")
            out.append(f"chain_revealed({i},{quote(rev.id)}).")
    for i, f in enumerate(sc.in_force):
        if f.card is not None:
            inst = loaded.resolve(f.card, f"in_force[{i}].card")
            out.append(f"in_force({f.modifier},card({quote(inst.id)})).")
        players = ["self", "opponent"] if f.player in (None, "both") else [f.player]
        if f.card is None:
            out += [f"in_force({f.modifier},player({p}))." for p in players]
    return out


def scenario_facts(loaded: LoadedScenario) -> tuple[str, list[QuestionFacts]]:
    """All facts of one scenario, and what each question needs from the solver."""
    sc = loaded.scenario
    lines = [f"turn_player({sc.turn_player})."]
    for inst in loaded.instances:
        lines += card_facts(inst)
    for player in ("self", "opponent"):
        for zone in sc.player(player).locked_zones:
            lines.append(f"locked({player},{zone_term(zone)}).")
    lines += state_facts(loaded)
    for rule in sc.disable:
        lines.append(f"disabled({rule}).")
    for rule in sc.enable:
        lines.append(f"extra_enabled({rule}).")
    questions: list[QuestionFacts] = []
    for i, (qid, q) in enumerate(zip(question_ids(loaded), sc.ask)):
        qt = quote(qid)
        player = q.player or sc.turn_player
        lines += [f"question({qt}).", f"asks({qt},{q.kind})."]
        if isinstance(q, SummonZonesQuestion):
            lines.append(f"asking_player({qt},{player}).")
        if isinstance(q, SummonZonesQuestion):
            ids = []
            for j, ref in enumerate(q.summon):
                inst = loaded.resolve(ref, f"ask[{i}].summon[{j}]")
                ids.append(inst.id)
                lines.append(f"summoned({qt},{quote(inst.id)}).")
            for j, ref in enumerate(q.materials):
                inst = loaded.resolve(ref, f"ask[{i}].materials[{j}]")
                lines.append(f"material({qt},{quote(inst.id)}).")
            if q.method:
                lines.append(f"summon_method({qt},{quote(q.method)}).")
            if len(set(ids)) != len(ids):
                raise InputError(loaded.path, f"ask[{i}].summon", "a card is summoned twice")
            questions.append(QuestionFacts(qid, q.kind, player, len(ids) > 1, ids))
        elif isinstance(q, CanActivateQuestion):
            players = ["self", "opponent"] if q.player == "both" else [q.player]
            lines += [f"considers_player({qt},{p})." for p in players]
            ids = []
            for j, ref in enumerate(q.cards):
                inst = loaded.resolve(ref, f"ask[{i}].cards[{j}]")
                ids.append(inst.id)
                lines.append(f"considers_card({qt},{quote(inst.id)}).")
            if q.with_card_activation:
                inst = loaded.resolve(q.with_card_activation, f"ask[{i}].with_card_activation")
                lines.append(f"at_card_activation({qt},{quote(inst.id)}).")
            questions.append(QuestionFacts(qid, q.kind, q.player, False, ids))
    return "\n".join(lines) + "\n", questions
