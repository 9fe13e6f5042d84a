"""Turn a loaded scenario into ASP facts (text).  No game logic here: only the
cards the scenario uses are emitted, in the vocabulary board.lp documents."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import InputError
from .loader import Instance, LoadedScenario
from .model import SummonZonesQuestion


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
    for rule in sc.disable:
        lines.append(f"disabled({rule}).")
    for rule in sc.enable:
        lines.append(f"extra_enabled({rule}).")
    questions: list[QuestionFacts] = []
    for i, (qid, q) in enumerate(zip(question_ids(loaded), sc.ask)):
        qt = quote(qid)
        player = q.player or sc.turn_player
        lines += [f"question({qt}).", f"asks({qt},{q.kind}).", f"asking_player({qt},{player})."]
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
    return "\n".join(lines) + "\n", questions
