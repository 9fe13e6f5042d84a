"""Unit tests of the bridge: facts, rule loading, symbol conversion, reports."""

from __future__ import annotations

from pathlib import Path

import clingo
import pytest
from ygo_ruling.answers import zone_name
from ygo_ruling.cards import catalog
from ygo_ruling.errors import InputError
from ygo_ruling.facts import quote, scenario_facts, zone_term
from ygo_ruling.loader import load
from ygo_ruling.solver import rule_set_text, rule_sets, rule_text, solve, to_py

HERE = Path(__file__).resolve().parent


def test_quote_escapes() -> None:
    assert quote('a"b\\c') == '"a\\"b\\\\c"'
    sym = clingo.parse_term(quote('名"字\\'))
    assert sym.string == '名"字\\'


@pytest.mark.parametrize("zone,term", [("mmz3", "mmz(3)"), ("stz5", "stz(5)"), ("emz_left", "emz(left)"),
                                        ("pendulum_right", "pendulum(right)"), ("hand", "hand"),
                                        ("extra_deck", "extra_deck")])
def test_zone_term_round_trip(zone: str, term: str) -> None:
    assert zone_term(zone) == term
    if "(" in term:
        assert zone_name(to_py(clingo.parse_term(term))) == zone


def test_to_py_shapes() -> None:
    assert to_py(clingo.parse_term('option("q",summon_zone("c",mmz(2)))')) == \
        ("option", "q", ("summon_zone", "c", ("mmz", 2)))
    assert to_py(clingo.parse_term("(a,1)")) == ("a", 1)
    assert to_py(clingo.parse_term("a")) == "a"


def test_rule_text_inlines_every_include() -> None:
    text = rule_text()
    assert not any(line.startswith("#include") for line in text.splitlines())
    for marker in ("extra_deck_zones.lp", "board.lp", "consistency.lp", "meta.lp"):
        assert marker in text


def test_rule_sets_are_files() -> None:
    assert rule_sets() == ["master-2020", "master-4"]
    assert "rule_set_enables(ed_zone_free)" in rule_set_text("master-2020")
    assert "rule_set_enables(zone_occupied)" in rule_set_text("master-4")  # via common.lp


def test_unknown_rule_set_is_input_error() -> None:
    with pytest.raises(InputError, match="unknown rule set"):
        solve("", "nope", [], "x.yaml")


def test_catalog_cards_are_valid() -> None:
    cards = catalog()
    assert "解码语者" in cards and cards["解码语者"].arrows == ["up", "down_left", "down_right"]


def test_facts_emit_only_the_scenarios_cards() -> None:
    loaded = load(HERE / "bad" / "base.yaml")
    facts, questions = scenario_facts(loaded)
    assert 'card("星尘龙").' in facts and 'card("解码语者").' in facts
    assert "链接蜘蛛" not in facts
    assert 'in_zone("解码语者",self,mmz(3)).' in facts
    assert 'face("星尘龙",down).' in facts  # Extra Deck default
    assert [q.id for q in questions] == ["q1"] and not questions[0].several


def test_base_solution_is_deterministic() -> None:
    loaded = load(HERE / "bad" / "base.yaml")
    facts, _ = scenario_facts(loaded)
    sol = solve(facts, "master-2020", [], "base")
    zones = sorted(a[2][2] for a in sol.where("option"))
    assert zones == [("emz", "left"), ("emz", "right"), ("mmz", 1), ("mmz", 2), ("mmz", 4), ("mmz", 5)]
    assert sol.ground_seconds >= 0 and sol.solve_seconds >= 0


def test_facts_for_board_state_keys(tmp_path: Path) -> None:
    """A field card's current Type and counters, the attack in progress, and an effect's
    each-time condition become facts (their rules live in asp/)."""
    p = tmp_path / "s.yaml"
    p.write_text("""
title: t
source: {file: x, section: y}
phase: battle
cards:
  G:
    type: monster
    frames: [effect]
    effects:
      - number: 1
        kind: quick
        activates_from: [hand]
        resolves_later: true
        each_time: {event: special_summoned, player: opponent}
        steps: [{op: draw, amount: 1}]
  M: {type: monster, frames: [normal], race: 爬虫类族}
  S: {type: trap, subtype: continuous}
self:
  field:
    - {card: M, zone: mmz1, race: 战士族}
    - {card: S, zone: stz1, counters: 3}
  hand: [G]
opponent:
  field:
    - {card: M, zone: mmz2, id: M2}
attack: {attacker: M2, target: M}
ask:
  - kind: can_activate
""", encoding="utf-8")
    facts, _ = scenario_facts(load(p))
    assert 'race("M","战士族").' in facts and 'race("M2","爬虫类族").' in facts
    assert 'counters("S",3).' in facts
    assert 'attacking("M2").' in facts and 'attack_target("M").' in facts
    assert 'each_time_event("G",1,special_summoned).' in facts and 'each_time_player("G",1,opponent).' in facts


@pytest.mark.parametrize("name", ["ModifierKind", "Op", "EventKind", "EffectFlag", "Wording", "Connector",
                                  "EffectKind"])
def test_effect_language_doc_names_every_value(name: str) -> None:
    """docs/effect-language.md documents every value the scenario format accepts."""
    import typing

    from ygo_ruling import model

    doc = (HERE.parent / "docs" / "effect-language.md").read_text(encoding="utf-8")
    missing = [v for v in typing.get_args(getattr(model, name)) if f"`{v}`" not in doc]
    assert not missing, f"{name} values not in docs/effect-language.md: {missing}"


def test_trigger_card_this_card_is_the_default() -> None:
    """`card: {this_card: true}` on a trigger means the default (this card's own event)."""
    from ygo_ruling.model import Trigger

    assert Trigger.model_validate({"event": "destroyed", "card": {"this_card": True}}).card is None
    with pytest.raises(ValueError, match="takes no other keys"):
        Trigger.model_validate({"event": "destroyed", "card": {"this_card": True, "zones": ["graveyard"]}})


def test_a_summon_procedure_is_not_an_activatable_effect(tmp_path: Path) -> None:
    """A summon procedure (kind: procedure) is not an effect: can_activate lists it neither as an
    option nor as a refusal, while the card's other effects are judged as usual."""
    from ygo_ruling.api import check

    p = tmp_path / "s.yaml"
    p.write_text("""
title: a summon procedure is not activated
source: {file: 002_4e5c70c99bc92228.txt, section: 同时处理}
cards:
  测试手续:
    type: monster
    frames: [effect]
    effects:
      - number: 0
        kind: procedure
        steps: [{op: special_summon, subject: {this_card: true}, wording: this_card}]
      - number: 1
        kind: ignition
        activates_from: [hand]
        steps: [{op: draw, amount: 1}]
self:
  hand: [测试手续]
  deck: [青眼白龙]
ask:
  - kind: can_activate
    cards: [测试手续]
""", encoding="utf-8")
    q = check(str(p))["questions"][0]
    assert [o["effect"] for o in q["options"]] == ["测试手续 ①"]
    assert q["refused"] == []


def test_python_api_accepts_strings_and_single_values(tmp_path: Path) -> None:
    """The API a simulator calls: a path or a folder as a string, one rule id as a string."""
    from ygo_ruling.api import check, check_paths

    src = Path(__file__).resolve().parent / "bad" / "base.yaml"
    report = check(str(src))
    assert report["questions"][0]["status"] == "pass"
    off = check(str(src), disable="ed_zone_free")
    assert off["questions"][0]["status"] == "fail"
    folder = check_paths(str(src.parent))
    assert folder["summary"]["scenarios"] >= 1 and folder["errors"] == []
    with pytest.raises(InputError) as err:
        check(str(tmp_path / "missing.yaml"))
    assert err.value.where.endswith("missing.yaml")


def test_published_schema_accepts_every_shipped_scenario() -> None:
    """`ygo-ruling schema` describes what the loader accepts: every scenario file validates."""
    import json

    import jsonschema
    import yaml
    from typer.testing import CliRunner
    from ygo_ruling.cli import app

    schema = json.loads(CliRunner().invoke(app, ["schema"]).output)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    root = Path(__file__).resolve().parent.parent / "scenarios"
    bad = {}
    for path in sorted(root.rglob("*.yaml")):
        errors = list(validator.iter_errors(yaml.safe_load(path.read_text(encoding="utf-8"))))
        if errors:
            bad[str(path.relative_to(root))] = f"{list(errors[0].absolute_path)}: {errors[0].message[:120]}"
    assert not bad, bad


def test_solution_reports_the_ground_program_size() -> None:
    """The bench's noise-free figure: the ground program's size, the same on every run,
    larger for a question that grounds more of the rule base."""
    from ygo_ruling.api import check_file

    root = Path(__file__).resolve().parent.parent
    zones = root / "scenarios" / "extra_deck_zones" / "seed_winda_ulti.yaml"
    chain = root / "scenarios" / "resolution" / "seed_pendulum_area_one_gone.yaml"
    first, again = check_file(zones)[1], check_file(zones)[1]
    assert first.ground_rules > 0 and first.ground_atoms > 0
    assert (first.ground_rules, first.ground_atoms) == (again.ground_rules, again.ground_atoms)
    assert check_file(chain)[1].ground_rules > first.ground_rules


def test_every_question_kind_has_an_answer_and_a_check() -> None:
    """A question kind is answered by one builder (answers.ANSWERS) and checked by one
    comparison (expectations.CHECKS): a new kind is added to both tables."""
    from ygo_ruling.answers import ANSWERS
    from ygo_ruling.expectations import CHECKS
    from ygo_ruling.model import QUESTION_KINDS

    assert set(ANSWERS) == set(QUESTION_KINDS)
    assert set(CHECKS) == set(QUESTION_KINDS)


def test_expectations_read_plain_data_only() -> None:
    """Answers are built once as plain data with card names resolved; the expectations compare
    them with `expect` reading the scenario's names (refs.CardRefs), never the loader."""
    import ygo_ruling.expectations as expectations

    assert "loader" not in expectations.__dict__ and "LoadedScenario" not in expectations.__dict__
    loaded = load(HERE / "bad" / "base.yaml")
    from ygo_ruling.answers import card_refs

    cards = card_refs(loaded)
    assert cards.card("星尘龙", "k") == "星尘龙"
    with pytest.raises(InputError, match="no card 'nope' on the board"):
        cards.card("nope", "ask[0].expect.board")


def test_every_rule_names_the_files_that_decide_it() -> None:
    """`ygo-ruling rules`: a newcomer finds where a ruling is decided from its rule id in one step."""
    from ygo_ruling.api import rule_listing

    listing = {r["rule"]: r for r in rule_listing("master-2020")}
    assert all(r["files"] for r in listing.values()), [k for k, r in listing.items() if not r["files"]]
    assert listing["triggers_chain_in_order"]["files"] == ["asp/turn_flow.lp"]
    assert listing["self_restriction_in_force"]["files"] == ["asp/self_restriction.lp"]
    assert "asp/extra_deck_zones.lp" in listing["emz_available"]["files"]
