"""Turn a loaded scenario into ASP facts (text).  No game logic here: only the
cards the scenario uses are emitted, in the vocabulary board.lp documents."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import InputError
from .loader import Instance, LoadedScenario
from .model import (CanActivateQuestion, ChainLink, ChainOrderQuestion, Effect, MonsterZone, ResolveQuestion, Selector,
                    Step, SummonZonesQuestion)

from .refs import CIRCLED

MONSTER_ZONES = MonsterZone.__args__


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
    out += [f"ability({c},{a})." for a in d.abilities]
    out += [f"link_arrow({c},{a})." for a in d.arrows]
    tm = d.trap_monster
    for pred, value in (("level", d.level), ("rank", d.rank), ("link_rating", d.link),
                        ("scale", d.scale), ("atk", d.atk), ("def", d.def_)):
        if value == "?" and tm is None:  # 『？』: no number (stat_unknown/2: value_selectors.lp)
            out.append(f"stat_unknown({c},{pred}).")
        elif value is not None and tm is None:
            out.append(f"{pred}({c},{value}).")
    for pred, text in (("attribute", d.attribute), ("race", d.race)):
        if text is not None and tm is None:
            if pred == "race" and inst.own_race is not None:  # its own effect changed it: own_changes.lp says which applies
                out.append(f"printed_race({c},{quote(text)}).")
                continue
            out.append(f"{pred}({c},{quote(text)}).")
    if inst.own_change is not None:
        out.append(f"own_change({c},{inst.own_change}).")
        if inst.own_race is not None:
            out.append(f"own_race({c},{quote(inst.own_race)}).")
    if tm is not None:  # a Continuous Trap that becomes a monster: what it is in a Monster Zone (trap_monsters.lp);
        # a field entry's race / atk / def (its values now) are the monster's (a Trap card prints none)
        out.append(f"trap_monster({c}).")
        out += [f"trap_monster_frame({c},{f})." for f in tm.frames]
        out += [f"trap_monster_value({c},{k},{v})." for k, v in
                (("level", tm.level), ("atk", d.atk if d.atk is not None else tm.atk),
                 ("def", d.def_ if d.def_ is not None else tm.def_))]
        out += [f"trap_monster_text({c},{k},{quote(v)})." for k, v in
                (("attribute", tm.attribute), ("race", d.race if d.race is not None else tm.race))]
    out += [f"{'own_field_attribute' if inst.own_change is not None else 'field_attribute'}({c},{quote(a)})."
            for a in inst.field_attributes]
    if inst.field_name is not None:
        out.append(f"field_name({c},{quote(inst.field_name)}).")
    if inst.as_monster is not None:  # a Spell / Trap card as a Normal monster (cards_as_monsters.lp)
        am = inst.as_monster
        out.append(f"as_monster({c}).")
        out += [f"as_monster_value({c},{k},{v})." for k, v in (("atk", am.atk), ("def", am.def_), ("level", am.level))
                if v is not None]
    if inst.face is not None:
        out.append(f"face({c},{inst.face}).")
    if inst.position is not None:
        out.append(f"position({c},{inst.position}).")
    if d.subtype is not None:
        out.append(f"subtype({c},{d.subtype}).")
    out += [f"archetype({c},{quote(a)})." for a in d.archetypes]
    out += [f"name_as({c},{quote(na.name)},{z})." for na in d.name_as for z in na.zones]
    if d.special_summon_only:
        out.append(f"special_summon_only({c}).")
    if d.special_summon_once_per_turn:
        out.append(f"special_summon_once_by_name({c}).")
    if d.unique_on_field:
        out.append(f"unique_on_field({c}).")
    if d.no_normal_summon_turn_special_summoned:
        out.append(f"no_ns_turn_special_summoned({c}).")
    if d.double_tribute is not None:
        out += linked_selector("double_tribute", c, "dt", d.double_tribute)
    out += [f"summon_tributes({c},{k})." for k in dict.fromkeys(d.summon_tributes)]
    if inst.public:
        out.append(f"shown_in_hand({c}).")
    if inst.counters:
        out.append(f"counters({c},{inst.counters}).")
    if inst.deck_position is not None:
        out.append(f"deck_position({c},{inst.deck_position}).")
    if inst.under is not None:
        out.append(f"attached({c},{quote(inst.under)}).")
    if inst.properly_summoned:
        out.append(f"properly_summoned({c}).")
    for e in d.effects:
        if e.granted is None:
            out += effect_facts(c, e)
        elif inst.under is not None:  # the effect the Xyz monster it is under may gain (asp/granted_effects.lp)
            out += granted_effect_facts(c, quote(inst.under), e)
    out += summon_material_facts(c, d)
    return out


def granted_effect_facts(mat: str, host: str, e: Effect) -> list[str]:
    """『持有这张卡作为素材中的「X」超量怪兽得到以下效果』: the effect written as the host's (its `this_card` is the
    host), known there by `granted.number`, but without its ``effect/2`` fact: asp/granted_effects.lp derives that
    when the host is as `granted.to` says."""
    g = e.granted
    n = g.number
    facts = [f for f in effect_facts(host, e.model_copy(update={"number": n, "granted": None}))
             if f != f"effect({host},{n})."]
    facts.append(f"granted_effect({host},{n},{mat}).")
    facts += [f"grant_to_frame({host},{n},{f})." for f in g.to.frames]
    if g.to.archetype is not None:
        facts.append(f"grant_to_archetype({host},{n},{quote(g.to.archetype)}).")
    return facts


def summon_material_facts(c: str, d) -> list[str]:
    """A monster's summon materials and summoning condition (asp/summons.lp)."""
    out: list[str] = []
    if d.summon_condition is not None:
        out.append(f"summon_condition({c},{d.summon_condition}).")
    sm = d.summon_materials
    if sm is None:
        return out
    out.append(f"spec_count({c},{sm.count}).")
    out += optional_facts(c, [("spec_at_least", sm.at_least), ("spec_same_attribute", sm.same_attribute),
                              ("spec_different_races", sm.different_races),
                              ("spec_different_names", sm.different_names), ("spec_level_sum", sm.level_sum),
                              ("spec_tuners", sm.tuners)])
    out += [f"spec_from({c},{a})." for a in sm.from_each]
    if sm.each is not None:
        out += linked_selector("spec_each", c, "me", sm.each)
    for j, slot in enumerate(sm.include, start=1):
        out += [f"spec_slot({c},{j},ms({c},{j}),{slot.count})."] + selector_facts(slot, f"ms({c},{j})")
    return out


def optional_facts(args: str, fields: list[tuple[str, object]]) -> list[str]:
    """``pred(args).`` for each true flag, ``pred(args,value).`` for each set value
    (strings of free text are quoted; None and False emit nothing)."""
    out: list[str] = []
    for pred, value in fields:
        if value is True:
            out.append(f"{pred}({args}).")
        elif value is not None and value is not False:
            out.append(f"{pred}({args},{value}).")
    return out


def _one_or_more(value: str | list[str] | None) -> list[str]:
    """A selector key that takes one value or a list of them (one of them must fit)."""
    return [value] if isinstance(value, str) else list(value or [])


def linked_selector(pred: str, args: str, tag: str, sel: Selector) -> list[str]:
    """``pred(args,tag(args)).`` and selector ``sel``'s facts under the term ``tag(args)``: how an
    effect, step, cost or card names the selector it carries."""
    term = f"{tag}({args})"
    return [f"{pred}({args},{term})."] + selector_facts(sel, term)


def selector_facts(sel: Selector, term: str) -> list[str]:
    out = [f"selector({term})."]
    if sel.this_card:  # the card itself; in the zones given, if any (else wherever it is)
        out += [f"sel_this({term})."]
        if "zones" in sel.model_fields_set:
            out += [f"sel_zone({term},{z})." for z in sel.zones]
        return out + optional_facts(term, [("sel_face", sel.face), ("sel_count", 1)])
    out += [f"sel_zone({term},{z})." for z in sel.zones]
    out += [f"sel_frame({term},{f})." for f in sel.frames]
    out += [f"sel_frame_one_of({term},{f})." for f in sel.frames_one_of]  # frame_choices.lp
    out += [f"sel_name({term},{quote(n)})." for n in sel.names]
    out += [f"sel_archetype({term},{quote(a)})." for a in _one_or_more(sel.archetype)]
    out += [f"sel_not_archetype({term},{quote(a)})." for a in _one_or_more(sel.not_archetype)]
    out += [f"sel_like_cost_gy({term},{k})." for k in sel.like_cost_in_graveyard]
    for ref, keys in (("cost", sel.like_cost), ("trigger_card", sel.like_trigger_card), ("target", sel.like_target)):  # compared_values.lp
        out += [f"sel_like_ref({term},{ref},{'orig' if k.startswith('original_') else 'cur'},{k.removeprefix('original_')})."
                for k in keys]
    out += [f"sel_type({term},{t})." for t in _one_or_more(sel.card_type)]
    out += [f"sel_race({term},{quote(r)})." for r in _one_or_more(sel.race)]
    out += [f"sel_attribute({term},{quote(a)})." for a in _one_or_more(sel.attribute)]
    out += [f"sel_ability({term},{a})." for a in sel.abilities]
    if sel.subtype is not None:  # a Spell/Trap kind (linked_destruction.lp)
        out.append(f"sel_subtype({term},{sel.subtype}).")
    if sel.no_level:  # 『不持有等级的怪兽』 (value_selectors.lp)
        out.append(f"sel_no_level({term}).")
    return out + optional_facts(term, [
        ("sel_player", sel.player),
        ("sel_attribute_target", sel.attribute_target),
        ("sel_face", sel.face), ("sel_other", sel.other_than_this),
        ("sel_other_name", sel.other_name_than_previous),
        ("sel_count", sel.count), ("sel_up_to", sel.up_to), ("sel_target", sel.target), ("sel_attacking", sel.attacking),
        ("sel_attack_target", sel.attack_target), ("sel_in_battle", sel.in_battle),
        ("sel_being_summoned", sel.being_summoned), ("sel_trigger_cards", sel.trigger_cards), ("sel_procedure_cards", sel.procedure_cards), ("sel_attribute_tc", sel.attribute_trigger_card),
        ("sel_attribute_unlike_tc", sel.attribute_unlike_trigger_card),
        ("sel_equipped", sel.equipped),
        ("sel_equipped_host", sel.equipped_by_this),
        ("sel_equipped_to_this", sel.equipped_to_this),
        ("sel_like_one_of", sel.like_target_one_of),
        ("sel_summoned_by_this", sel.summoned_by_this),
        ("sel_was_equipped_host", sel.was_equipped_by_this), ("sel_was_equip_of_this", sel.was_equipped_to_this),
        ("sel_not_this_summoned", sel.other_than_summoned_by_this_effect),
        ("sel_attacked_this_turn", sel.attacked_this_turn),
        ("sel_part_those", sel.part_wording == "those_cards"),
        ("sel_summoned_from", sel.summoned_from), ("sel_summoned_as", sel.summoned_as), ("sel_special_summoned", sel.special_summoned),
        ("sel_distinct", sel.distinct), ("sel_same_name_answered", sel.same_name_as_answered)]) + value_range_facts(sel, term) \
        + [f"sel_declared({term},{k})." for k in sel.declared] + except_facts(sel, term) + column_facts(sel, term) + extreme_facts(sel, term)


def column_facts(sel: Selector, term: str) -> list[str]:
    """『和…相同纵列的』: the sub-selector of the cards whose column counts (sel_column/2)."""
    if sel.same_column_as is None:
        return []
    sub = f"col({term})"
    return [f"sel_column({term},{sub})."] + selector_facts(sel.same_column_as, sub)


def extreme_facts(sel: Selector, term: str) -> list[str]:
    """『攻击力最高的…』: sel_extreme(S, P, Stat, max | min | not_max), and the pool P -- the cards the rest of the
    selector describes (its facts without the extreme, the count nor the targeting) -- under pool(S)."""
    out = []
    for mode, stat in sel.extremes():
        pool = f"pool({term})"
        rest = sel.model_copy(update={"highest": None, "lowest": None, "not_highest": None, "target": False,
                                      "count": 1, "up_to": False})
        out += [f"sel_extreme({term},{pool},{stat},{mode})."] + selector_facts(rest, pool)
    return out


def except_facts(sel: Selector, term: str) -> list[str]:
    """『…以外的』: the sub-selector of the cards a selector leaves out (sel_except/2)."""
    if sel.except_ is None:
        return []
    sub = f"exc({term})"
    return [f"sel_except({term},{sub})."] + selector_facts(sel.except_, sub)


def range_facts(pred: str, args: str, rng) -> list[str]:
    """A {min, max, equal} bound as ``pred(args,ge|le|eq,N).`` facts."""
    return [f"{pred}({args},{cmp},{bound})." for cmp, bound in (("ge", rng.min), ("le", rng.max), ("eq", rng.equal))
            if bound is not None]


def value_range_facts(sel: Selector, term: str) -> list[str]:
    """A selector's conditions on values: sel_stat(S, cur|orig, Stat, ge|le|eq, N)."""
    out = []
    for kind, stat, rng in sel.value_ranges():
        for cmp, bound in (("ge", rng.min), ("le", rng.max), ("eq", rng.equal)):
            if bound is not None:
                out.append(f"sel_stat({term},{kind},{stat},{cmp},{bound}).")
        for cmp, other in (("ge", rng.min_own), ("le", rng.max_own), ("eq", rng.equal_own)):
            if other is not None:  # compared with another value of the same card (value_selectors.lp)
                out.append(f"sel_stat_pair({term},{kind},{stat},{cmp},{other}).")
        for cmp, on in (("ge", rng.min_target), ("le", rng.max_target), ("eq", rng.equal_target)):
            if on:
                out.append(f"sel_stat_target({term},{kind},{stat},{cmp}).")
        if rng.cost_in_graveyard_plus is not None:  # the cost card in the GY, plus N (stats.lp)
            out.append(f"sel_cost_gy_plus({term},{stat},{rng.cost_in_graveyard_plus}).")
        if rng.below_trigger_card:  # compared with the card whose event met the trigger (stats.lp)
            out.append(f"sel_stat_tc({term},{kind},{stat},lt).")
        for cmp, on in (("eq", rng.equal_cost), ("ne", rng.not_equal_cost)):
            if on:  # compared with the card the effect's cost takes (stats.lp)
                out.append(f"sel_stat_cost({term},{kind},{stat},{cmp}).")
        # compared with the cost / trigger card, wherever it went (compared_values.lp)
        out += [f"sel_cmp_ref({term},cost,{kind},{stat},eq,{d})." for d in rng.cost_plus or []]
        out += [f"sel_cmp_ref({term},trigger_card,{kind},{stat},eq,{d})." for d in rng.trigger_card_plus or []]
        if rng.max_trigger_card:
            out.append(f"sel_cmp_ref({term},trigger_card,{kind},{stat},le,0).")
        if rng.max_unused_zones is not None:  # at most the unused zones then (zone_count_values.lp)
            z = rng.max_unused_zones
            out.append(f"sel_stat_unused({term},{kind},{stat},{'stz' if z.zones == 'spell_trap_zone' else 'mmz'},{z.player}).")
    return out


def value_step_facts(ci: str, st: Step) -> list[str]:
    """A value step (change_stat / change_atk / …): the values it changes, how, and from what."""
    out = [f"step_stat({ci},{s})." for s in st.stats()]
    if st.mode is not None:
        out.append(f"step_mode({ci},{st.mode}).")
    if st.text_form is not None:
        out.append(f"step_text_form({ci},{st.text_form}).")
    if st.amount_from is not None:
        a = st.amount_from
        out.append(f"step_amount_stat({ci},{a.card},{a.stat_term()},{'orig' if a.original else 'cur'},"
                   f"{2 if a.half else 1}).")
        if a.times is not None:  # the cost's cards added up, times this (moved_counts.lp)
            out.append(f"step_amount_times({ci},{a.times}).")
        if a.step is not None:  # which target (amounts.lp)
            out.append(f"step_amount_target_step({ci},{a.step}).")
        if a.total is not None:  # the cards added up (amounts.lp)
            out += linked_selector("step_amount_total", ci, "tot", a.total)
    for k, ch in enumerate(st.choices, start=1):  # alternatives chosen when it applies (defaults: the step's)
        mode = ch.mode or st.mode or "gain"
        amount = ch.amount if ch.amount is not None else (st.amount if mode in ("gain", "lose", "set") else 0)
        out.append(f"step_choice({ci},{k},{mode},{amount}).")
    if st.choice_per_card:
        out.append(f"step_choice_each({ci}).")
    if st.at_least is not None:
        out.append(f"step_at_least({ci},{st.at_least}).")
    if st.at_most is not None:
        out.append(f"step_at_most({ci},{st.at_most}).")
    return out


def start_values(loaded: LoadedScenario, inst: Instance) -> dict[str, int]:
    """A monster's values before the chain, as the scenario gives them (its field entry's
    atk:/def:/level:, else the card's own; no ATK/DEF printed: 0)."""
    d = inst.definition
    values = {k: v if isinstance(v, int) else 0 for k, v in (("atk", d.atk), ("def", d.def_))}
    if d.level is not None:
        values["level"] = d.level
    if d.scale is not None:
        values["scale"] = d.scale
    player, _, rest = inst.key.partition(".field[")
    if rest and inst.under is None:
        entry = loaded.scenario.player(player).field[int(rest.rstrip("]"))]
        if entry.level is not None:
            values["level"] = entry.level
    return values


def materials_listed(loaded: LoadedScenario, inst: Instance) -> list[str]:
    """An Xyz monster whose field entry lists its materials (`materials:`, [] too): they are tracked."""
    player, _, rest = inst.key.partition(".field[")
    if not rest or inst.under is not None:
        return []
    entry = loaded.scenario.player(player).field[int(rest.rstrip("]"))]
    return [f"materials_listed({quote(inst.id)})."] if entry.materials is not None else []


def summoned_with_facts(loaded: LoadedScenario, inst: Instance) -> list[str]:
    """The materials a field monster's summon used (`summoned_with:`): summoned_with(X, M)."""
    player, _, rest = inst.key.partition(".field[")
    if not rest or inst.under is not None:
        return []
    entry = loaded.scenario.player(player).field[int(rest.rstrip("]"))]
    return [f"summoned_with({quote(inst.id)},{quote(loaded.resolve(ref, f'{inst.key}.summoned_with[{j}]').id)})."
            for j, ref in enumerate(entry.summoned_with)]


def field_value_facts(loaded: LoadedScenario, inst: Instance) -> list[str]:
    """A field card's values now when the scenario gives them (atk:, def:, level:): its
    original ones (orig_stat/3) and its Level now (field_level/2)."""
    player, _, rest = inst.key.partition(".field[")
    if not rest or inst.under is not None:
        return []
    entry = loaded.scenario.player(player).field[int(rest.rstrip("]"))]
    printed = inst.card.definition if inst.card is not None else inst.definition  # before the entry's values
    c = quote(inst.id)
    out = []
    if entry.equipped_to is not None:  # an Equip Card and the monster it is equipped to
        host = loaded.resolve(entry.equipped_to, f"{inst.key}.equipped_to")
        out.append(f"equipped_to({c},{quote(host.id)}).")
    if entry.gemini_summoned:  # a Gemini monster summoned again (gemini.lp)
        if "gemini" not in printed.abilities:
            raise InputError(loaded.path, f"{inst.key}.gemini_summoned", f"{entry.card} is no Gemini monster (its abilities: {', '.join(printed.abilities) or 'none'}; expected gemini)")
        out.append(f"gemini_summoned({c}).")
    if entry.summoned_by is not None:  # a monster and the card whose activation summoned it (『那只怪兽』)
        by = loaded.resolve(entry.summoned_by, f"{inst.key}.summoned_by")
        out.append(f"summoned_by({c},{quote(by.id)}).")
    tm = printed.trap_monster  # a Continuous Trap monster: the values are the monster's (trap_monster:)
    for stat, now, orig in (("atk", entry.atk, tm.atk if tm else printed.atk), ("def", entry.def_, tm.def_ if tm else printed.def_)):
        if now is not None and orig == "?":  # printed 『？』: its original value has no number
            out.append(f"orig_unknown({c},{stat}).")
        elif now is not None:
            out.append(f"orig_stat({c},{stat},{orig or 0}).")
    is_monster = printed.type == "monster" or printed.trap_monster is not None
    if entry.this_turn and (not is_monster or entry.zone not in MONSTER_ZONES) \
            and entry.this_turn != ["set"]:
        raise InputError(loaded.path, f"{inst.key}.this_turn", "is read only on a monster in a Monster Zone "
                                                               "(a Spell/Trap takes only [set])")
    out += [f"did_this_turn({c},{d})." for d in dict.fromkeys(entry.this_turn)]
    if entry.standby_phases_since_activation is not None:
        if not any(e.processed is not None and e.processed.nth_standby_after_activation is not None for e in printed.effects):
            raise InputError(loaded.path, f"{inst.key}.standby_phases_since_activation",
                             "is read only on a card with a `processed: {nth_standby_after_activation: N}` effect")
        out.append(f"standbys_since_activation({c},{entry.standby_phases_since_activation}).")
    if entry.attack_targets:
        if not is_monster or entry.zone not in MONSTER_ZONES:
            raise InputError(loaded.path, f"{inst.key}.attack_targets", "is read only on a monster in a Monster Zone")
        if "attacked" not in entry.this_turn:
            out.append(f"did_this_turn({c},attacked).")
        for k, ref in enumerate(entry.attack_targets, start=1):
            target = "direct" if ref == "direct" else quote(loaded.resolve(ref, f"{inst.key}.attack_targets[{k - 1}]").id)
            out.append(f"attack_made({c},{k},{target}).")
    if entry.targets:  # the cards its card activation targeted (target_linked.lp)
        if not any(m.activation_target for e in inst.definition.effects for m in e.modifiers):
            raise InputError(loaded.path, f"{inst.key}.targets", f"{entry.card} has no continuous effect on the target of "
                             "its activation (a modifier with `activation_target: true`)")
        for k, ref in enumerate(entry.targets):
            out.append(f"card_targets({c},{quote(loaded.resolve(ref, f'{inst.key}.targets[{k}]').id)}).")
    if entry.declared is not None:  # what was declared when this card was activated (attribute_changes.lp)
        asks = {k for e in inst.definition.effects for k in e.declares}
        for k, v in entry.declared.given():
            if k not in asks:
                raise InputError(loaded.path, f"{inst.key}.declared.{k}",
                                 f"{entry.card} declares no {k} (its effects declare: {', '.join(sorted(asks)) or 'nothing'})")
            out.append(f"field_declared({c},{k},{v if isinstance(v, int) else quote(v)}).")
    if entry.level is not None:
        if printed.level is None and tm is None:
            raise InputError(loaded.path, f"{inst.key}.level", f"{entry.card} has no Level")
        out.append(f"{'own_field_level' if entry.own_change is not None else 'field_level'}({c},{entry.level}).")
    return out


def step_modifier_term(st: Step) -> str | None:
    """The continuous effect a step gives: race_in_graveyard with its Type, or with `declared` (the Type the
    player declared for the effect: race_in_area(declared, graveyard), declared.lp)."""
    if st.modifier is None:
        return None
    if st.race == "declared":
        return "race_in_area(declared,graveyard)"
    return modifier_term(st.modifier, st.race)


def modifier_term(modifier: str, race: str | None, amount: int | None = None, except_ability: str | None = None,
                  archetype: str | None = None, lp_at_most: int | None = None) -> str:
    """A modifier as the rule base names it: race_in_graveyard with its Type is
    race_in_area(Type, graveyard) (effects.lp)."""
    if modifier in ("banished_instead_of_hand", "synchro_material_deck_bottom"):  # with its archetype
        return f"{modifier}({quote(archetype or '')})"
    if modifier == "race_in_graveyard":
        return f"race_in_area({quote(race or '')},graveyard)"
    if modifier == "race_on_field":  # the monsters in the Monster Zones (a face-down one does not show its Type)
        return f"race_in_area({quote(race or '')},monster_zone)"
    if modifier in ("activation_lp_toll", "hand_card_lp_toll"):  # with the Life Points it takes
        return f"{modifier}({amount})"
    if modifier == "lp_costs_unnecessary":  # with the Life Points at or under which it applies (lp_cost_waiver.lp)
        return f"lp_costs_unnecessary({'none' if lp_at_most is None else lp_at_most})"
    if modifier == "cannot_activate_monster_effects":  # with the monsters still allowed (activation.lp)
        return f"cannot_activate_monster_effects({except_ability or 'none'})"
    return modifier


def effect_facts(c: str, e: Effect) -> list[str]:
    """The effect language as facts (vocabulary: asp/effects.lp)."""
    n = e.number
    ce = f"{c},{n}"
    out = [f"effect({ce}).", f"effect_kind({ce},{e.kind})."]
    out += [f"activates_from({ce},{a})." for a in e.activates_from or []]
    out += [f"applies_in({ce},{a})." for a in e.applies_in or []]
    out += optional_facts(ce, [
        ("mandatory", e.mandatory), ("activates_nowhere", e.nowhere), ("activates_anywhere", e.anywhere),
        ("resolves_later", e.resolves_later), ("bullets_all", e.bullets_all),
        ("once_per_turn", e.once_per_turn), ("once_per_name", e.once_per_name), ("not_with_card_activation", e.not_with_card_activation),
        ("responds_to", e.responds_to), ("effect_phase", e.phase),
        ("counters_at_activation", e.counters_at_activation), ("choose_one", e.choose_one),
        ("applies_when_leaving", e.when_leaving_field)])
    out += [f"effect_flag({ce},{f})." for f in e.flags]
    out += [f"effect_declares({ce},{k})." for k in e.declares]
    if e.copies is not None:
        out.append(f"effect_copies_cost({ce},{e.copies.cost}).")
    out += [f"after_activation({ce},{aa.modifier},{aa.player})." for aa in e.after_activation]
    if e.processed is not None:
        out.append(f"processed_at({ce},{e.processed.at},{e.processed.turn}).")
        if e.processed.maintenance:
            out.append(f"maintenance_cost({ce}).")
        if e.processed.nth_standby_after_activation is not None:
            out.append(f"processed_nth_standby({ce},{e.processed.nth_standby_after_activation}).")
        if e.processed.lp is not None:
            out.append(f"maintenance_lp({ce},{e.processed.lp}).")
            out.append(f"maintenance_unpaid({ce},{e.processed.unpaid or 'destroy'}).")
            if e.processed.may_decline:
                out.append(f"maintenance_may_decline({ce}).")
    if e.self_restriction is not None:
        sr = e.self_restriction
        out += [f"self_restriction({ce},{k})." for k in sr.summons]
        if sr.allowed is not None:
            out += linked_selector("self_restriction_allowed", ce, "sr", sr.allowed)
        elif sr.level_min is not None:  # 『不能把N星以上的怪兽特殊召唤』: those under Level N (or with none) allowed
            out.append(f"self_restriction_allowed({ce},below({sr.level_min})).")
        else:  # no monster is allowed (from the places `from:` names)
            out.append(f"self_restriction_allowed({ce},none).")
        out += [f"self_restriction_from({ce},{a})." for a in sr.from_]
        out.append(f"self_restriction_applies({ce},{sr.applies}).")
    if e.destroyed_unless is not None:
        out += linked_selector("destroyed_unless", ce, "u", e.destroyed_unless)
    if e.destroyed_if is not None:
        out += linked_selector("destroyed_if", ce, "di", e.destroyed_if)
    if e.turn_monster_lock is not None:  # 『这张卡发动的回合，自己不能把…以外的场上的怪兽的效果发动』 (turn_monster_lock.lp)
        out += linked_selector("turn_monster_lock", ce, "tml", e.turn_monster_lock)
    if e.destroyed_with is not None:  # 『那只怪兽破坏时这张卡破坏』 (linked_destruction.lp)
        out += linked_selector("destroyed_with", ce, "dw", e.destroyed_with)
    if e.negates_activations is not None:
        na = e.negates_activations
        out.append(f"negates_activations({ce}).")
        out += [f"negates_activated_in({ce},{a})." for a in na.activated_in]
        out += optional_facts(ce, [("negates_once", na.once)])
        if na.card is not None:
            out += linked_selector("negates_card", ce, "na", na.card)
        if na.while_ is not None:
            out += linked_selector("negates_while", ce, "nw", na.while_)
        if na.activated_in_position is not None:
            out.append(f"negates_activator_position({ce},{na.activated_in_position}).")
        if na.while_in_position is not None:
            out.append(f"negates_this_position({ce},{na.while_in_position}).")
        if na.same_column_as is not None:
            out += linked_selector("negates_column", ce, "nc", na.same_column_as)
        if na.targeting is not None:  # (target_negation.lp)
            out += linked_selector("negates_targeting", ce, "nt", na.targeting)
        out += optional_facts(ce, [("negates_optional", na.optional), ("negates_destroys_this", na.then_destroy_this)])
        out += optional_facts(ce, [("negates_linked", na.linked_to_this)])
        if na.level_at_most_count is not None:
            out += linked_selector("negates_level_count", ce, "nlc", na.level_at_most_count)
    if e.when_link_applies is not None:  # 『…发动的…效果适用之际』 (link_applies.lp)
        wl = e.when_link_applies
        out.append(f"applies_as_link_applies({ce}).")
        out += optional_facts(ce, [("link_applies_targeting_this", wl.targeting_this)])
        if wl.card is not None:
            out += linked_selector("link_applies_card", ce, "lac", wl.card)
    if e.attribute_change is not None:  # 『场上的全部表侧表示怪兽变成…属性』 (attribute_changes.lp)
        ac = e.attribute_change
        out += linked_selector("attribute_change", ce, "atc", ac.to)
        out.append(f"attribute_change_to({ce},{'declared' if ac.attribute == 'declared' else quote(ac.attribute)}).")
    for k, vc in enumerate(e.value_changes, start=1):
        ck = f"{ce},{k}"
        out += [f"value_change({ck},{st},{vc.mode})." for st in vc.stats()]
        if vc.amount is not None:
            out.append(f"value_change_amount({ck},{vc.amount}).")
        elif vc.per_procedure_card is not None:  # per card its summon procedure moved (moved_counts.lp)
            out.append(f"value_change_per_procedure({ck},{vc.per_procedure_card}).")
        elif vc.amount_from is not None:
            a = vc.amount_from
            out.append(f"value_change_from({ck},{a.stat},{'orig' if a.original else 'cur'},{2 if a.half else 1},{vc.times or 1}).")
        else:
            term = f"vcc({ck})"
            out.append(f"value_change_per({ck},{term},{vc.per}).")
            out += selector_facts(vc.count, term)
        if vc.during is not None:  # 『自己回合内』 / 『对方回合内』 (continuous_values.lp)
            out.append(f"value_change_during({ck},{vc.during}).")
        if vc.summoned_by_card is not None:  # 『用「X」的效果特殊召唤的这张卡』 (continuous_values.lp)
            out.append(f"value_change_summoned_by({ck},{quote(vc.summoned_by_card)}).")
        if isinstance(vc.to, str):
            out.append(f"value_change_to({ck},{vc.to}).")
        else:
            out += linked_selector("value_change_to_sel", ck, "vct", vc.to)
    if e.activation_condition is not None:
        out += linked_selector("activation_condition", ce, "ac", e.activation_condition)
    if e.from_hand_while_none is not None:  # hand_trap_activation.lp
        out += linked_selector("from_hand_while_none", ce, "fh", e.from_hand_while_none)
    if e.turn_condition is not None:
        tc = e.turn_condition
        out += linked_selector(f"turn_condition", f"{ce},{tc.event}", "tc", tc.card)
        out += optional_facts(ce, [("turn_condition_from", tc.from_), ("turn_condition_each", tc.each_player)])
    out += optional_facts(ce, [("effect_battle_turn", e.battle_turn), ("effect_in_phase", e.in_phase)])  # battle_turn.lp
    if e.response_card is not None:
        out += linked_selector("response_subject", ce, "rc", e.response_card)
    if e.each_time is not None:
        out += [f"each_time_event({ce},{e.each_time.event}).", f"each_time_player({ce},{e.each_time.player})."]
    for mi, m in enumerate(e.modifiers):
        term = modifier_term(m.modifier, m.race, m.amount, m.except_ability, m.archetype, m.lp_at_most)
        if m.activation_target:  # on the monster its card activation targeted (target_linked.lp)
            out.append(f"effect_modifier_target({ce},{term}).")
            continue
        if m.cards is not None:  # on the cards a selector describes (value_selectors.lp)
            out += linked_selector("effect_modifier_cards", f"{ce},{term}",
                                   "mc" if mi == 0 else f"mc{mi}", m.cards)  # one selector per entry
            continue
        scope = "this_card" if m.this_card else (m.player or "both")
        if m.while_opponent_in_column:  # 『只要这张卡的正对面有对方怪兽存在』 (column_condition.lp)
            out.append(f"column_modifier({ce},{term},{scope}).")
            continue
        out.append(f"effect_modifier({ce},{term},{scope}).")
    if e.trigger is not None:
        t = e.trigger
        out += optional_facts(ce, [
            ("trigger_event", t.event), ("trigger_by", t.by), ("trigger_timing", t.timing),
            ("trigger_event_turn", t.event_turn), ("trigger_from", t.from_),
            ("trigger_at_phase", t.at_phase), ("trigger_this", t.card is None),
            ("trigger_turn", t.turn if t.event == "phase_reached" else None),
            ("trigger_player", t.player if t.event in ("damaged", "lp_gained") else None),
            ("trigger_damages_once", t.damages_at_one_timing_once),
            ("trigger_once_per_chain", t.once_per_chain), ("trigger_moved_alone", t.moved_alone),
            ("trigger_not_targeted", t.not_targeted), ("trigger_summon", t.summon),
            ("trigger_by_player", t.by_player), ("trigger_by_card_type", t.by_card_type),
            ("trigger_summoned_as", t.summoned_as), ("trigger_to", t.to),
            ("trigger_card_judged", t.card_judged), ("trigger_by_this_card", t.by_this_card),
            ("trigger_by_effect", t.by_effect), ("trigger_or_by_battle", t.or_by_battle),
            ("trigger_by_archetype", quote(t.by_archetype) if t.by_archetype else None)])
        if t.at_once is not None:
            out += range_facts("trigger_at_once", ce, t.at_once)
        if t.card is not None:
            out += linked_selector("trigger_subject", ce, "trig", t.card)
    for i, st in enumerate(e.steps, start=1):
        ci = f"{ce},{i}"
        out += optional_facts(ci, [
            ("step", st.op), ("step_connector", st.connector), ("step_wording", st.wording),
            ("step_player", st.player), ("step_performer", st.performer),
            ("step_optional", st.optional), ("step_optional_target", st.optional_target), ("step_premise", st.premise),
            ("step_count_from_previous", st.count_from_previous),
            ("step_condition_fails", not st.condition_holds), ("step_amount", st.amount),
            ("step_amount_from_previous", st.amount_from_previous), ("step_position", st.position),
            ("step_field", st.to_field), ("step_modifier", step_modifier_term(st)), ("step_negated_effects", st.negated_effects),
            ("step_amount_per_previous_card", st.amount_per_previous_card),
            ("step_count_only", st.count_only), ("step_amount_from_damage", st.amount_from_damage),
            ("step_count_this_effect", st.count_this_effect),
            ("step_amount_per_cost_card", st.amount_per_cost_card), ("step_amount_added", st.amount_added),
            ("step_amount_per_event_card", st.amount_per_event_card),
            ("step_zones_of", st.zones_of), ("step_duration", st.duration),
            ("step_material_op", st.material_op), ("step_materials_previous", st.materials_previous),
            ("step_used_materials", st.used_materials), ("step_materials_before", st.materials_sent_before),
            ("step_after_resolution", st.after_resolution), ("step_coin", st.coin)])
        if st.materials is not None:
            out += linked_selector("step_materials", ci, "m", st.materials)
        if st.materials_total is not None:  # 『…合计直到变成仪式召唤的怪兽的…以上为止』 (summons.lp)
            out.append(f"step_materials_total({ci},{st.materials_total}).")
        if st.into is not None:  # the named Main Monster Zones of a special summon (step_into/5)
            kind = "same_column_as" if st.into.same_column_as is not None else "pointed_by"
            sel = st.into.same_column_as or st.into.pointed_by
            out += [f"step_into({ci},{kind},into({ci}))."] + selector_facts(sel, f"into({ci})")
        out += value_step_facts(ci, st)
        if st.op == "negate_effect" and st.text_form is not None:  # 『効果は無効化され』 (wa) / 『効果を無効にし』 (wo)
            out.append(f"step_text_form({ci},{st.text_form}).")
        if st.level_sum_equal_cost:  # 『等级合计直到变成和解放的怪兽的等级相同为止』 (compared_values.lp)
            out.append(f"step_level_sum_cost({ci}).")
        if st.level_sum_at_least is not None:  # 『等级合计直到N以上』 (value_selectors.lp)
            out.append(f"step_level_sum({ci},{st.level_sum_at_least}).")
        out += [f"step_declares({ci},{k})." for k in st.declares]
        out += optional_facts(ci, [("step_from_cost", st.from_cost)])
        if st.subject is not None:
            out += linked_selector("step_subject", ci, "s", st.subject)
        if st.condition is not None:
            out += linked_selector("step_condition", ci, "cnd", st.condition)
        if st.later is not None:  # a delayed step: 『下个回合的准备阶段时…』 (delayed_steps.lp)
            out.append(f"step_later({ci},{st.later.at},{st.later.turn}).")
        if st.on_target:  # Rank-Up: Xyz Summoned on the chain link's target (rank_up.lp)
            out.append(f"step_on_target({ci}).")
        if st.of_step is not None:  # 『めくったカード』: the cards an earlier step acted on (branches.lp)
            out.append(f"step_of_step({ci},{st.of_step}).")
        if st.branch is not None:  # 『…的场合…，不是的场合…』 (branches.lp)
            sense, bsel = ("is", st.branch.is_) if st.branch.is_ is not None else ("is_not", st.branch.is_not)
            out += [f"step_branch({ci},{st.branch.step},{sense},br({ci}))."] + selector_facts(bsel, f"br({ci})")
        kinds = [st.amount_kinds] if isinstance(st.amount_kinds, Selector) else list(st.amount_kinds or [])
        for k, sel in enumerate(kinds, start=1):  # an amount counted in kinds (『…种类的数量』)
            out += [f"step_amount_kinds({ci},kd({ci},{k}))."] + selector_facts(sel, f"kd({ci},{k})")
        cks = [st.count_kinds] if isinstance(st.count_kinds, Selector) else list(st.count_kinds or [])
        for k, sel in enumerate(cks, start=1):  # the subject's count counted in kinds (amounts.lp)
            out += [f"step_count_kinds({ci},ck({ci},{k}))."] + selector_facts(sel, f"ck({ci},{k})")
        if cks:  # its count is derived (amounts.lp), not the default 1
            out = [f for f in out if f != f"sel_count(s({ci}),1)."]
        if st.kinds_of not in (None, "name"):  # what a kind is (amounts.lp)
            out.append(f"step_kinds_of({ci},{st.kinds_of}).")
        if st.amount_per_kind is not None:
            out.append(f"step_amount_per_kind({ci},{st.amount_per_kind}).")
        if st.name_from is not None:  # change_name: the name it takes (cost_name.lp)
            out.append(f"step_name_from({ci},{st.name_from}).")
        for k, part in enumerate(st.parts, start=1):
            out += [f"step_part({ci},p({ci},{k}))."] + selector_facts(part, f"p({ci},{k})")
        tos = [st.to] if isinstance(st.to, Selector) else list(st.to or [])
        for k, to in enumerate(tos, start=1):  # equip: the monster the cards are equipped to
            out += [f"step_to({ci},eq({ci},{k}))."] + selector_facts(to, f"eq({ci},{k})")
        if any(to.target for to in tos):
            out.append(f"to_targeted({ci}).")
    for i, co in enumerate(e.cost, start=1):
        ci = f"{ce},{i}"
        out += optional_facts(ci, [("cost", co.op), ("cost_wording", co.wording),
                                   ("cost_amount", co.amount), ("cost_until", co.until), ("cost_multiples", co.multiples)])
        if co.subject is not None:
            out += linked_selector("cost_subject", ci, "k", co.subject)
    return out


def declared_facts(loaded: LoadedScenario, i: int, inst: Instance, link: ChainLink) -> list[str]:
    """A chain link's declarations (宣言): exactly what its effect declares, at activation or by a declare step."""
    effect = next((e for e in inst.definition.effects if e.number == link.effect), None)
    asks = set(effect.declares) | {k for st in effect.steps for k in st.declares} if effect is not None else set()
    given = link.declared.given() if link.declared is not None else []
    for k, _ in given:
        if k not in asks:
            raise InputError(loaded.path, f"chain[{i - 1}].declared.{k}",
                             f"{inst.name} effect {link.effect} declares no {k} (it declares: {', '.join(sorted(asks)) or 'nothing'})")
    missing = sorted(asks - {k for k, _ in given})
    if missing:
        raise InputError(loaded.path, f"chain[{i - 1}].declared",
                         f"{inst.name} effect {link.effect} declares {', '.join(missing)}: give what the player declares "
                         f"(declared: {{{missing[0]}: …}})")
    return [f"link_declared({i},{k},{v if isinstance(v, int) else quote(v)})." for k, v in given]


def chain_zone_facts(loaded: LoadedScenario, i: int, inst: Instance, link: ChainLink) -> list[str]:
    """The zones a chain link's summon puts its monsters in (chain_zone/3): only on a link whose effect summons."""
    if not link.zones:
        return []
    effect = next((e for e in inst.definition.effects if e.number == link.effect), None)
    if effect is None or not any(("summon" in st.op and "normal" not in st.op) or st.op == "move_zone"
                                 for st in effect.steps):
        raise InputError(loaded.path, f"chain[{i - 1}].zones", f"{inst.name} effect {link.effect} special summons "
                         "no monster and moves none: `zones:` names the zone a monster this link summons (or moves) goes to")
    out = []
    for ref, zone in link.zones.items():
        placed = loaded.resolve(ref, f"chain[{i - 1}].zones.{ref}")
        out.append(f"chain_zone({i},{quote(placed.id)},{zone_term(zone)}).")
    return out


def copied_facts(loaded: LoadedScenario, i: int, inst: Instance, link: ChainLink) -> list[str]:
    """A chain link of an effect that copies (『这个效果变成和那张魔法卡发动时的效果相同』): the copied card's
    card-activation steps, written under the link's own effect (as if written on the copying card)."""
    effect = next((e for e in inst.definition.effects if e.number == link.effect), None)
    copies = effect is not None and effect.copies is not None
    if link.copied is None:
        if copies:
            raise InputError(loaded.path, f"chain[{i - 1}].copied", f"{inst.name} effect {link.effect} applies the "
                             "card-activation effect of the card its cost took: name that card (copied: …)")
        return []
    if not copies:
        raise InputError(loaded.path, f"chain[{i - 1}].copied", f"{inst.name} effect {link.effect} copies no "
                         "effect (`copies:` in its description)")
    src = loaded.resolve(link.copied, f"chain[{i - 1}].copied")
    copied = next((e for e in src.definition.effects if e.kind == "card_activation"), None)
    if copied is None:
        raise InputError(loaded.path, f"chain[{i - 1}].copied", f"{src.name} has no card activation described "
                         "(kind: card_activation): there is no effect to copy")
    merged = effect.model_copy(update={"steps": copied.steps, "flags": copied.flags,
                                       "bullets_all": copied.bullets_all, "choose_one": copied.choose_one})
    return effect_facts(quote(inst.id), merged) + [f"link_copied({i},{quote(src.id)})."]


def state_facts(loaded: LoadedScenario) -> list[str]:
    """Phase, history, the chain being built, continuous effects in force."""
    sc = loaded.scenario
    out = [f"phase({sc.phase})."] + [f"lp({p},{v})." for p, v in sc.lp.items()]
    out.append(f"priority_player({sc.priority or sc.turn_player}).")
    if sc.phase == "battle":
        out.append(f"battle_step({sc.battle_step or 'battle'}).")
    if sc.phase == "draw":
        out.append(f"draw_step({sc.draw_step or 'after_draw'}).")
    if sc.duel_turn == 1:
        out.append("first_duel_turn.")
    out += [f"normal_summon_used({p})." for p in ("self", "opponent") if sc.player(p).normal_summon_used]
    out += [f"normal_summons_made({p},{sc.player(p).normal_summons})." for p in ("self", "opponent")
            if sc.player(p).normal_summons]
    out += [f"pendulum_summon_used({p})." for p in ("self", "opponent") if sc.player(p).pendulum_summon_used]
    moment = 0
    for i, ev in enumerate(sc.history):
        if not (ev.simultaneous and moment > 0):
            moment += 1
        inst = loaded.resolve(ev.card, f"history[{i}].card")
        c = quote(inst.id)
        out += optional_facts(f"{moment},{c}", [
            ("event_from", ev.from_), ("event_to", ev.to),
            ("event_face", ev.face), ("event_by", ev.by), ("event_effect", ev.effect),
            ("event_negated", ev.negated), ("event_chain_link", ev.chain_link), ("event_targeted", ev.targeted),
            ("event_when", ev.when), ("event_summon", ev.summon), ("event_by_player", ev.by_player),
            ("event_procedure", ev.procedure)])
        if ev.procedure is not None and not any(e.kind == "procedure" and e.number == ev.procedure
                                                for e in inst.definition.effects):
            raise InputError(loaded.path, f"history[{i}].procedure", f"{inst.name} has no summon procedure number "
                             f"{ev.procedure} (kind: procedure) described")
        if ev.was is not None:
            w = ev.was
            out += optional_facts(f"{moment},{c}", [("event_was_face", w.face), ("event_was_controller", w.controller),
                                                    ("event_was_race", quote(w.race) if w.race else None)])
            if w.zone is not None:
                out.append(f"event_was_zone({moment},{c},{zone_term(w.zone)}).")
            out += [f"event_was_type({moment},{c},{t})." for t in _one_or_more(w.card_type)]
            out += [f"event_was_attribute({moment},{c},{quote(a)})." for a in _one_or_more(w.attribute)]
            if w.name is not None:
                out.append(f"event_was_name({moment},{c},{quote(w.name)}).")
            out += [f"event_was_frame({moment},{c},{f})." for f in (w.frames or [])]
            out += [f"event_was_archetype({moment},{c},{quote(a)})." for a in (w.archetypes or [])]
            out += [f"event_was_stat({moment},{c},{st},{v})." for st, v in
                    (("level", w.level), ("rank", w.rank), ("atk", w.atk), ("def", w.def_)) if v is not None]
            if w.equipped_to is not None:
                host = loaded.resolve(w.equipped_to, f"history[{i}].was.equipped_to")
                out.append(f"event_was_equipped_to({moment},{c},{quote(host.id)}).")
        if ev.by_card is not None:
            cause = loaded.resolve(ev.by_card, f"history[{i}].by_card")
            out.append(f"event_by_card({moment},{c},{quote(cause.id)}).")
        if ev.copied is not None:
            if not any(e.copies is not None and ev.effect in (None, e.number) for e in inst.definition.effects):
                raise InputError(loaded.path, f"history[{i}].copied", f"{inst.name} has no copy effect (`copies:`)"
                                 + ("" if ev.effect is None else f" numbered {ev.effect}") + " described: nothing copied")
            copied = loaded.resolve(ev.copied, f"history[{i}].copied")
            out.append(f"event_copied({moment},{c},{quote(copied.id)}).")
        if ev.by_effect is not None:
            out.append(f"event_by_effect({moment},{c},{ev.by_effect}).")
        for j, ref in enumerate(_one_or_more(ev.instead_by)):
            by = loaded.resolve(ref, f"history[{i}].instead_by")
            out.append(f"event_instead_by({moment},{c},{quote(by.id)}).")
        if ev.event == "damaged":
            # a player took damage: not an event of the card that dealt it
            out.append(f"history_damage({moment},{c},{ev.player},{ev.amount},{i}).")
        elif ev.event == "lp_gained":  # a player gained Life Points (lp_gain.lp)
            out.append(f"history_gain({moment},{c},{ev.player},{ev.amount}).")
        else:
            out.append(f"event({moment},{ev.event},{c}).")
    for i, link in enumerate(sc.chain, start=1):
        inst = loaded.resolve(link.card, f"chain[{i - 1}].card")
        out.append(f"chain_link({i},{quote(inst.id)},{link.effect}).")
        for j, ref in enumerate(link.revealed):
            rev = loaded.resolve(ref, f"chain[{i - 1}].revealed[{j}]")
            out.append(f"chain_revealed({i},{quote(rev.id)}).")
        for step_no, refs in link.targets.items():
            if not refs:
                out.append(f"link_without_target({i},{step_no}).")
            for j, ref in enumerate(refs):
                tgt = loaded.resolve(ref, f"chain[{i - 1}].targets.{step_no}[{j}]")
                out.append(f"link_target({i},{step_no},{quote(tgt.id)}).")
        if link.negated:
            out.append(f"link_negated({i}).")
        if link.delayed:  # the effect's delayed steps carried out now (delayed_steps.lp)
            out.append(f"link_delayed({i}).")
        if link.bullet is not None:
            out.append(f"link_bullet({i},{link.bullet}).")
        out += declared_facts(loaded, i, inst, link)
        out += copied_facts(loaded, i, inst, link)
        out += chain_zone_facts(loaded, i, inst, link)
    if sc.summoning is not None:
        inst = loaded.resolve(sc.summoning.card, "summoning.card")
        out.append(f"summoning({quote(inst.id)},{sc.summoning.kind}).")
    if sc.attack is not None:
        atk = loaded.resolve(sc.attack.attacker, "attack.attacker")
        out.append(f"attacking({quote(atk.id)}).")
        if sc.attack.target is not None:
            tgt = loaded.resolve(sc.attack.target, "attack.target")
            out.append(f"attack_target({quote(tgt.id)}).")
    for i, f in enumerate(sc.in_force):
        if f.card is not None:
            inst = loaded.resolve(f.card, f"in_force[{i}].card")
            if f.given_by is not None:  # given by a resolved effect: asp/given_effects.lp says while it lasts
                src = loaded.resolve(f.given_by.card, f"in_force[{i}].given_by.card")
                if not any(ev.event == "resolved" and ev.effect == f.given_by.effect
                           and loaded.resolve(ev.card, f"history[{j}].card").id == src.id for j, ev in enumerate(sc.history)):
                    raise InputError(loaded.path, f"in_force[{i}].given_by", f"a history `resolved` event of {src.name} "
                                     f"effect {f.given_by.effect} is needed: when the effect was given")
                out.append(f"in_force_given({f.modifier},card({quote(inst.id)}),{quote(src.id)},{f.given_by.effect}).")
                continue
            out.append(f"in_force({f.modifier},card({quote(inst.id)})).")
        else:
            players = ["self", "opponent"] if f.player in (None, "both") else [f.player]
            if f.modifier == "cannot_activate_named":  # one fact per name (activation.lp named_cards_cannot_activate)
                out += [f"in_force(cannot_activate_named({quote(nm)}),player({p}))." for nm in f.names or [] for p in players]
                continue
            if f.except_names:  # the Spell/Trap names still allowed (spell_trap_lock.lp)
                out += [f"in_force(cannot_activate_spell_trap_effects(listed({i})),player({p}))." for p in players]
                out += [f"spell_trap_lock_except(listed({i}),{quote(nm)})." for nm in f.except_names]
                continue
            if f.except_cards:  # the monsters still allowed, by card (activation_exception.lp)
                out += [f"in_force(cannot_activate_monster_effects(listed({i})),player({p}))." for p in players]
                for j, ref in enumerate(f.except_cards):
                    ok = loaded.resolve(ref, f"in_force[{i}].except_cards[{j}]")
                    out.append(f"monster_lock_except(listed({i}),{quote(ok.id)}).")
                continue
            out += [f"in_force({modifier_term(f.modifier, f.race, f.amount, f.except_ability, f.archetype)},player({p}))." for p in players]
    return out


_NAME_AT_EVENT = re.compile(r'^(?:event_was_name\([^,]+,[^,]+,|name_as\([^,]+,)("(?:[^"\\]|\\.)*")')
_ARCHETYPE_NAMED = re.compile(r'^(?:sel_archetype|sel_not_archetype)\(.+,("(?:[^"\\]|\\.)*")\)\.$')


_GRANT_ARCHETYPE = re.compile(r'^grant_to_archetype\(.+,("(?:[^"\\]|\\.)*")\)\.$')
_CARD_NAME = re.compile(r'^card_name\([^,]+,("(?:[^"\\]|\\.)*")\)\.$')


def name_archetype_facts(lines: list[str]) -> list[str]:
    """name_in_archetype(Nm, A): a name a card has that is not its own -- at an event (`was.name`), or one its text
    gives it (`name_as`) -- belongs to the archetype a selector names when it contains it (『「X」怪兽』 is a monster
    whose name contains X)."""
    names = {m.group(1) for m in map(_NAME_AT_EVENT.match, lines) if m}
    archetypes = {m.group(1) for m in map(_ARCHETYPE_NAMED.match, lines) if m}
    granted = {m.group(1) for m in map(_GRANT_ARCHETYPE.match, lines) if m}
    if granted:  # the name of every card, for the archetype a granted effect's monster must have (『「X」超量怪兽』)
        names |= {m.group(1) for m in map(_CARD_NAME.match, lines) if m}
        archetypes |= granted
    if not names:
        return []
    return sorted(f"name_in_archetype({n},{a})." for n in names for a in archetypes if a[1:-1] in n[1:-1])


def scenario_facts(loaded: LoadedScenario) -> tuple[str, list[QuestionFacts]]:
    """All facts of one scenario, and what each question needs from the solver."""
    sc = loaded.scenario
    lines = [f"turn_player({sc.turn_player})."]
    for inst in loaded.instances:
        lines += card_facts(inst)
        lines += field_value_facts(loaded, inst)
        lines += materials_listed(loaded, inst)
        lines += summoned_with_facts(loaded, inst)
    for player in ("self", "opponent"):
        for zone in sc.player(player).locked_zones:
            lines.append(f"locked({player},{zone_term(zone)}).")
    lines += state_facts(loaded)
    lines += name_archetype_facts(lines)
    for rule in sc.disable:
        lines.append(f"disabled({rule}).")
    for rule in sc.enable:
        lines.append(f"extra_enabled({rule}).")
    questions: list[QuestionFacts] = []
    for i, (qid, q) in enumerate(zip(question_ids(loaded), sc.ask, strict=True)):
        qt = quote(qid)
        player = getattr(q, "player", None) or sc.turn_player
        lines += [f"question({qt}).", f"asks({qt},{q.kind})."]
        if isinstance(q, ResolveQuestion) and q.stats_in == "next_turn":  # next_turn_values.lp
            lines.append(f"stats_next_turn({qt}).")
        if isinstance(q, SummonZonesQuestion):
            lines.append(f"asking_player({qt},{player}).")
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
        elif isinstance(q, ChainOrderQuestion):
            from .answers import card_refs   # (answers reads this module: imported when needed)

            refs = card_refs(loaded)
            for j, ref in enumerate(q.triggers):  # effect references ('card ①'), as expectations name them
                card, _, number = refs.effect(ref, f"ask[{i}].triggers[{j}]").rpartition(" ")
                n = CIRCLED.index(number) if number in CIRCLED else int(number)
                lines.append(f"chain_order_trigger({qt},{quote(card)},{n}).")
            questions.append(QuestionFacts(qid, q.kind, sc.turn_player, False, []))
        elif q.kind == "legal_actions":  # the player holding priority acts
            questions.append(QuestionFacts(qid, q.kind, sc.priority or sc.turn_player, False, []))
        else:  # resolve (the scenario's chain) / battle (the attack in progress)
            questions.append(QuestionFacts(qid, q.kind, sc.turn_player, False, []))
    return "\n".join(lines) + "\n", questions
