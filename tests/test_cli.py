"""The command line: exit codes, one-line messages for bad input, JSON shape."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner
from ygo_ruling.cli import app

HERE = Path(__file__).resolve().parent
BASE = yaml.safe_load((HERE / "bad" / "base.yaml").read_text(encoding="utf-8"))
runner = CliRunner()


def run(*args: str) -> Any:
    return runner.invoke(app, list(args))


def write(tmp_path: Path, data: Any, name: str = "s.yaml") -> Path:
    p = tmp_path / name
    p.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return p


def variant(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    change(data)
    return data


def test_base_passes(tmp_path: Path) -> None:
    result = run("check", str(write(tmp_path, BASE)))
    assert result.exit_code == 0, result.output
    assert "1 pass, 0 fail" in result.output


def test_failed_expectation_exits_1_and_names_key(tmp_path: Path) -> None:
    data = variant(lambda d: d["ask"][0]["expect"].update(zones=["mmz1"]))
    result = run("check", str(write(tmp_path, data)))
    assert result.exit_code == 1
    assert "ask[0].expect.zones: expected ['mmz1'], got" in result.output


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(d: dict[str, Any]) -> None:
        node = d
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value
    return change


BAD: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "wrong type": (_set(["ask"], "nope"), "ask: Input should be a valid list"),
    "unknown card": (_set(["self", "extra_deck"], ["不存在的卡"]),
                     "self.extra_deck[0].card: unknown card '不存在的卡'"),
    "unknown zone": (_set(["self", "field", 0, "zone"], "mmz9"), "self.field[0].zone: 'mmz9' is not one of"),
    "two cards in one zone": (lambda d: d["self"]["field"].append({"card": "链接蜘蛛", "zone": "mmz3"}),
                              "self.field[1].zone: two cards are placed in the same zone"),
    "two cards in one emz": (lambda d: (d["self"]["field"].append({"card": "链接蜘蛛", "zone": "emz_left"}),
                                        d["opponent"] if "opponent" in d else d.setdefault("opponent", {}),
                                        d["opponent"].setdefault("field", []).append({"card": "代理龙", "zone": "emz_left"})),
                             ": two cards are placed in the same zone"),
    "link without arrows": (_set(["cards"], {"无箭头连接": {"type": "monster", "frames": ["link"]}}) ,
                            "cards.无箭头连接: a Link monster needs its Link arrows"),
    "arrows on non-link": (_set(["cards"], {"有箭头融合": {"type": "monster", "frames": ["fusion"], "arrows": ["up"]}}),
                           "cards.有箭头融合: only Link monsters have Link arrows"),
    "unknown question kind": (_set(["ask", 0, "kind"], "teleport"), "unknown question kind 'teleport'"),
    "unknown rule set": (_set(["rules"], "master-9"), "rules: unknown rule set 'master-9'"),
    "unknown key": (_set(["self", "hands"], []), "self.hands: unknown key"),
    "unknown reference": (_set(["ask", 0, "summon"], ["青眼白龙"]), "ask[0].summon[0]: no card '青眼白龙' on the board"),
    "ambiguous reference": (_set(["self", "extra_deck"], ["星尘龙", "星尘龙"]), "'星尘龙' is ambiguous"),
    "unknown rule id": (_set(["disable"], ["no_such_rule"]), "disable[0]: unknown rule id 'no_such_rule'"),
    "disabling a reason": (_set(["disable"], ["zone_not_pointed"]),
                           "disable[0]: 'zone_not_pointed' is not a switch: it is a reason given by ed_zone_linked"),
    "disabling a basic meaning": (_set(["disable"], ["res_single_card"]),
                                  "disable[0]: 'res_single_card' is not a switch: it names the basic meaning"),
    "zones for two summoned monsters": (lambda d: (d["self"]["extra_deck"].append("链接蜘蛛"),
                                                   d["ask"][0].update(summon=["星尘龙", "链接蜘蛛"])),
                                        "ask[0]: expect.zones is for one summoned monster; with 2 use placements"),
    "material not on field": (_set(["ask", 0, "materials"], ["星尘龙"]), "ask[0].materials: a card cannot be both material and summoned"),
    "unknown operation": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "ignition", "steps": [{"op": "explode"}]}]}}),
        "cards.坏效果.effects[0].steps[0].op: 'explode' is not one of"),
    "unknown connector": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "ignition", "steps": [{"op": "destroy"}, {"op": "draw", "connector": "afterwards"}]}]}}),
        "cards.坏效果.effects[0].steps[1].connector: 'afterwards' is not one of"),
    "unknown wording": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "ignition", "steps": [{"op": "destroy", "wording": "some"}]}]}}),
        "cards.坏效果.effects[0].steps[0].wording: 'some' is not one of"),
    "later step without connector": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "ignition", "steps": [{"op": "destroy"}, {"op": "draw"}]}]}}),
        "say how this step joins the one before"),
    "attack outside the battle phase": (_set(["attack"], {"attacker": "解码语者"}),
                                        "phase: an attack is in progress only in the Battle Phase"),
    "attacker not on the field": (lambda d: (d.update(phase="battle"), d.update(attack={"attacker": "星尘龙"})),
                                  "attack.attacker: the attacking monster is not a monster on the field (星尘龙)"),
    "battle question without an attack": (_set(["ask"], [{"kind": "battle"}]),
                                           "ask[0].kind: a battle question needs the attack in progress"),
    "phase trigger without phase": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "trigger", "trigger": {"event": "phase_reached"}, "steps": [{"op": "draw"}]}]}}),
        "a phase_reached trigger needs `at_phase:`"),
    "card activation on the chain from the hand": (lambda d: (
        d.update(cards={"测试魔法": {"type": "spell", "subtype": "normal", "effects": [
            {"number": 0, "kind": "card_activation", "steps": [{"op": "draw", "player": "self", "amount": 1}]}]}}),
        d["self"].update(hand=["测试魔法"]), d.update(chain=[{"card": "测试魔法", "effect": 0}])),
        "chain[0].card: a Spell/Trap whose card activation is a chain link is on the field while the chain resolves"),
    "modifier on a destroy step": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "ignition", "steps": [{"op": "destroy", "modifier": "cannot_draw"}]}]}}),
        "`modifier:` is read only on an apply_modifier / apply_restriction step"),
    "apply_modifier without a modifier": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "ignition", "steps": [{"op": "apply_modifier"}]}]}}),
        "an apply_modifier step needs `modifier:`"),
    "set_lp without an amount": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "ignition", "steps": [{"op": "set_lp", "player": "both"}]}]}}),
        "a set_lp step needs `amount:`"),
    "optional effect on the chain without targets": (lambda d: (
        d.update(cards={"测试取对象": {"type": "spell", "subtype": "quick_play", "effects": [
            {"number": 1, "kind": "card_activation", "steps": [
                {"op": "destroy", "subject": {"zones": ["field"], "target": True}, "wording": "target"}]}]}}),
        d["self"]["field"].append({"card": "测试取对象", "zone": "stz1"}),
        d.update(chain=[{"card": "测试取对象", "effect": 1, "targets": {1: []}}])),
        "chain[0].targets: a chain link's `targets:` gives a step no target: only a mandatory effect"),
    "part_wording outside parts": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "ignition", "steps": [{"op": "destroy", "subject": {"part_wording": "those_cards"}}]}]}}),
        "`part_wording:` is read only in an 『A和B』 step's `parts`"),
    "negated summon in history": (_set(["history"], [{"event": "special_summoned", "card": "解码语者", "negated": True}]),
        "`negated:` is read only on an `activated` or `resolved` event"),
    "attack modifier on a player": (_set(["in_force"], [{"modifier": "second_attack", "player": "self"}]),
        "in_force[0]: second_attack applies to one monster: give `card:`"),
    "attack targets on a Spell": (lambda d: (d.update(cards={"测试魔法": {"type": "spell", "subtype": "normal"}}),
                                            d["self"]["field"].append({"card": "测试魔法", "zone": "stz1",
                                                                       "attack_targets": ["direct"]})),
        "self.field[1].attack_targets: is read only on a monster in a Monster Zone"),
    "double tribute reading a zone": (_set(["cards"], {"测试双解放": {"type": "monster", "frames": ["effect"],
                                                                  "double_tribute": {"zones": ["hand"]}}}),
        "double_tribute: `zones:` is not read"),
    "self restriction limiting nothing": (_set(["cards"], {"测试自肃": {"type": "spell", "subtype": "normal", "effects": [
        {"number": 0, "kind": "card_activation", "self_restriction": {"summons": ["special_summon"]},
         "steps": [{"op": "draw", "amount": 1}]}]}}),
        "give `allowed:` (the monsters still allowed) or `from:`"),
    "procedure restriction on an activated effect": (_set(["cards"], {"测试自肃": {"type": "spell", "subtype": "normal", "effects": [
        {"number": 0, "kind": "card_activation", "self_restriction": {"summons": ["normal_summon"], "applies": "procedure"},
         "steps": [{"op": "draw", "amount": 1}]}]}}),
        "are a summon procedure's (kind: procedure)"),
    "activation restriction on a procedure": (_set(["cards"], {"测试手续": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "procedure", "self_restriction": {"summons": ["normal_summon"], "level_min": 5},
         "steps": [{"op": "special_summon", "subject": {"this_card": True}}]}]}}),
        "a summon procedure's restriction is one of them"),
    "procedure on a Normal Summon event": (_set(["history"], [{"event": "normal_summoned", "card": "解码语者", "procedure": 1}]),
        "`procedure:` (the monster's own summon procedure) is read only on a `special_summoned` event"),
    "procedure the card lacks": (_set(["history"], [{"event": "special_summoned", "card": "解码语者", "procedure": 1}]),
        "history[0].procedure: 解码语者 has no summon procedure number 1"),
    "multi-line title": (_set(["title"], "line one\nline two"), "title: String should match pattern"),
    "history-only event on a trigger": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "trigger", "trigger": {"event": "resolved"}, "steps": [{"op": "draw"}]}]}}),
        "`resolved` is a history event only"),
    "condition and condition_holds": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "ignition", "steps": [{"op": "draw", "condition": {"zones": ["field"]},
                                                       "condition_holds": False}]}]}}),
        "either as `condition:`"),
    "board area field": (lambda d: d.update(ask=[{"kind": "resolve", "expect": {"board": {"解码语者": "field"}}}]),
                         "ask[0].expect.board.解码语者"),
    "battle damage on resolve": (lambda d: d.update(ask=[{"kind": "resolve", "expect": {"battle_damage": {"self": 0}}}]),
                                 "expect.battle_damage is read only by a `battle` question"),
    "damage step with a subject": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "ignition", "steps": [{"op": "inflict_damage", "amount": 100, "subject": {"zones": ["field"]}}]}]}}),
        "a inflict_damage step is on players"),
    "race_in_graveyard without a race": (_set(["in_force"], [{"modifier": "race_in_graveyard", "player": "both"}]),
        "in_force[0]: race_in_graveyard needs `race:`"),
    "race on another modifier": (_set(["in_force"], [{"modifier": "cannot_draw", "player": "self", "race": "兽族"}]),
        "`race:` is read only with modifier: race_in_graveyard"),
    "race_in_graveyard on a card": (_set(["in_force"], [{"modifier": "race_in_graveyard", "race": "兽族", "card": "解码语者"}]),
        "give `player:`, not `card:`"),
    "race_in_graveyard as a step": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "ignition", "steps": [{"op": "apply_modifier", "modifier": "race_in_graveyard"}]}]}}),
        "a step giving race_in_graveyard needs `race:` (a Type, or `declared`"),
    "chain link with an effect the card lacks": (lambda d: (
        d.update(cards={"测试速攻": {"type": "spell", "subtype": "quick_play", "effects": [
            {"number": 0, "kind": "card_activation", "steps": [{"op": "draw", "player": "self", "amount": 1}]}]}}),
        d["self"]["field"].append({"card": "测试速攻", "zone": "stz1"}),
        d.update(chain=[{"card": "测试速攻", "effect": 3}])),
        "chain[0].effect: a chain link names an effect number its card does not have"),
    "damaged event without an amount": (_set(["history"], [{"event": "damaged", "card": "解码语者", "player": "self"}]),
        "a `damaged` event needs `player:` (who took the damage) and `amount:`"),
    "amount on another event": (_set(["history"], [{"event": "destroyed", "card": "解码语者", "amount": 100}]),
        "`player:` and `amount:` are read only on a `damaged` or `lp_gained` event"),
    "damaged event by cost": (_set(["history"], [{"event": "damaged", "card": "解码语者", "player": "self",
                                                   "amount": 100, "by": "cost"}]),
        "a `damaged` event is `by: battle` or `by: effect`"),
    "amount_from_damage on a draw": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "trigger", "trigger": {"event": "damaged"}, "steps": [{"op": "draw", "amount_from_damage": True}]}]}}),
        "`amount_from_damage:` is read only on a gain_lp or inflict_damage step"),
    "amount_from_damage without a damage trigger": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "ignition", "steps": [{"op": "gain_lp", "amount_from_damage": True}]}]}}),
        "the effect needs `trigger: {event: damaged, ...}`"),
    "face-up fusion in extra deck": (_set(["self", "extra_deck"], [{"card": "星尘龙", "face": "up"}]),
                                     "only Pendulum monsters can be face-up in the Extra Deck"),
    "summon procedure with a once-per-turn limit": (_set(["cards"], {"坏手续": {"type": "monster", "effects": [
        {"number": 0, "kind": "procedure", "once_per_turn": "activation", "steps": [{"op": "draw"}]}]}}),
        "a summon procedure (kind: procedure) is not an effect and is not activated: it takes no `once_per_turn:`"),
    "summon procedure without steps": (_set(["cards"], {"坏手续": {"type": "monster", "effects": [
        {"number": 0, "kind": "procedure"}]}}), "a summon procedure (kind: procedure) needs its `steps:`"),
    "summon procedure on a spell": (_set(["cards"], {"坏手续": {"type": "spell", "effects": [
        {"number": 0, "kind": "procedure", "steps": [{"op": "draw"}]}]}}),
        "cards.坏手续: a summon procedure (kind: procedure) is a monster's"),
    "summon procedure with another chain link": (lambda d: (
        d.update(cards={"测试手续": {"type": "monster", "frames": ["effect"], "effects": [
            {"number": 0, "kind": "procedure", "steps": [{"op": "special_summon", "subject": {"this_card": True},
                                                          "wording": "this_card"}]}]},
                        "测试速攻": {"type": "spell", "subtype": "quick_play", "effects": [
            {"number": 0, "kind": "card_activation", "steps": [{"op": "draw", "player": "self", "amount": 1}]}]}}),
        d["self"].update(hand=["测试手续"]), d["self"]["field"].append({"card": "测试速攻", "zone": "stz1"}),
        d.update(chain=[{"card": "测试手续", "effect": 0}, {"card": "测试速攻", "effect": 0}])),
        "chain[0]: a summon procedure is not an effect and forms no chain: it is the only entry of `chain:` (chain link, card) (1, 测试手续)"),
    "summon procedure negated": (lambda d: (
        d.update(cards={"测试手续": {"type": "monster", "frames": ["effect"], "effects": [
            {"number": 0, "kind": "procedure", "steps": [{"op": "special_summon", "subject": {"this_card": True},
                                                          "wording": "this_card"}]}]}}),
        d["self"].update(hand=["测试手续"]), d.update(chain=[{"card": "测试手续", "effect": 0, "negated": True}])),
        "chain[0].negated: a summon procedure is not an activated effect: it cannot be negated as one"),
    "summon procedure on the chain of a can_activate question": (lambda d: (
        d.update(cards={"测试手续": {"type": "monster", "frames": ["effect"], "effects": [
            {"number": 0, "kind": "procedure", "steps": [{"op": "special_summon", "subject": {"this_card": True},
                                                          "wording": "this_card"}]}]}}),
        d["self"].update(hand=["测试手续"]), d.update(chain=[{"card": "测试手续", "effect": 0}]),
        d.update(ask=[{"kind": "can_activate"}])),
        "ask[0].kind: a summon procedure in `chain:` is resolved by resolve questions only"),
    # amounts read from cards (asp/amounts.lp)
    "amount_from total without total": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "ignition", "steps": [{"op": "change_atk", "subject": {"this_card": True}, "wording": "this_card",
                                                     "mode": "gain", "amount_from": {"card": "total"}}]}]}}),
        "card: total needs `total:`"),
    "amount_from step on this_card": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "ignition", "steps": [{"op": "change_atk", "subject": {"this_card": True}, "wording": "this_card",
                                                     "mode": "gain", "amount_from": {"card": "this_card", "step": 1}}]}]}}),
        "`step:` names which target the amount is read from: only with card: target"),
    "amount_from higher_of with stat": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "ignition", "steps": [{"op": "change_atk", "subject": {"this_card": True}, "wording": "this_card",
                                                     "mode": "gain", "amount_from": {"card": "this_card", "stat": "atk",
                                                                                     "higher_of": ["atk", "def"]}}]}]}}),
        "give no `stat:` with it"),
    "amount_from target of two without step": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "ignition", "steps": [
            {"op": "change_atk", "subject": {"zones": ["monster_zone"], "target": True}, "wording": "target",
             "mode": "gain", "amount_from": {"card": "target"}},
            {"op": "destroy", "subject": {"zones": ["monster_zone"], "target": True}, "wording": "target", "connector": "then"}]}]}}),
        "say which target the amount is read from (`step:`)"),
    "amount_from step without a target": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "ignition", "steps": [
            {"op": "change_atk", "subject": {"zones": ["monster_zone"], "target": True}, "wording": "target",
             "mode": "gain", "amount_from": {"card": "target", "step": 2}},
            {"op": "destroy", "subject": {"zones": ["monster_zone"]}, "connector": "then"}]}]}}),
        "step 2 has no subject with `target: true`"),
    "count_kinds without up_to": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "ignition", "steps": [{"op": "destroy", "subject": {"player": "opponent", "zones": ["field"]},
                                                     "count_kinds": {"player": "self", "zones": ["spell_trap_zone"]}}]}]}}),
        "`count_kinds:` is the count of a `subject:` with `up_to: true`"),
    "amount_per_kind without amount_kinds": (_set(["cards"], {"坏效果": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "ignition", "steps": [{"op": "draw", "player": "self", "amount": 1, "amount_per_kind": 100}]}]}}),
        "`amount_per_kind:` goes with `amount_kinds:`"),
    "value change during a turn of nobody": (_set(["cards"], {"坏效果": {"type": "spell", "subtype": "continuous", "effects": [
        {"number": 1, "kind": "continuous", "value_changes": [{"stat": "atk", "amount": 300, "to": "this_card",
                                                               "during": "both_turns"}]}]}}),
        "during"),
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_input_exits_2_with_one_line(tmp_path: Path, name: str) -> None:
    change, message = BAD[name]
    path = write(tmp_path, variant(change))
    result = run("check", str(path))
    assert result.exit_code == 2, result.output
    assert message in result.output, result.output
    assert str(path) in result.output
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1


@pytest.mark.parametrize("text,message", [
    ("", "empty file"),
    ("   \n# only a comment\n", "empty file"),
    ("title: [unclosed\n", "YAML syntax error at line"),
    ("- a list\n- not a mapping\n", "expected a mapping"),
])
def test_bad_file_text_exits_2(tmp_path: Path, text: str, message: str) -> None:
    p = tmp_path / "bad.yaml"
    p.write_text(text, encoding="utf-8")
    result = run("check", str(p))
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_missing_file_exits_2(tmp_path: Path) -> None:
    result = run("check", str(tmp_path / "nope.yaml"))
    assert result.exit_code == 2
    assert "nope.yaml: no such file or folder" in result.output


def test_unknown_rule_set_option_exits_2(tmp_path: Path) -> None:
    result = run("check", "--rules", "master-9", str(write(tmp_path, BASE)))
    assert result.exit_code == 2
    assert "unknown rule set 'master-9' (known: master-2020, master-4)" in result.output


def test_bad_disable_option_exits_2(tmp_path: Path) -> None:
    result = run("check", "--disable", "Not-A-Rule", str(write(tmp_path, BASE)))
    assert result.exit_code == 2
    assert "error: command line: --disable: 'Not-A-Rule' is not a rule id" in result.output
    assert "Traceback" not in result.output and "╭" not in result.output


def test_unknown_option_rule_id_is_reported_once(tmp_path: Path) -> None:
    write(tmp_path, BASE, "a.yaml")
    write(tmp_path, BASE, "b.yaml")
    result = run("check", "--disable", "no_such_rule", str(tmp_path))
    assert result.exit_code == 2
    assert result.output.count("unknown rule id 'no_such_rule'") == 1
    assert "command line: --disable: unknown rule id" in result.output


def test_disabling_and_enabling_one_rule_is_bad_input(tmp_path: Path) -> None:
    result = run("check", "--disable", "zone_occupied", "--enable", "zone_occupied", str(write(tmp_path, BASE)))
    assert result.exit_code == 2
    assert "'zone_occupied' is both disabled and enabled" in result.output
    data = variant(lambda d: d.update(disable=["zone_occupied"], enable=["zone_occupied"]))
    result = run("check", str(write(tmp_path, data)))
    assert result.exit_code == 2
    assert "enable: 'zone_occupied' is both disabled and enabled" in result.output


def test_bench_bad_input_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    result = run("bench", str(tmp_path / "empty"), "--repeat", "1")
    assert result.exit_code == 2
    assert "folder holds no scenario files (*.yaml, *.yml)" in result.output
    assert "Traceback" not in result.output


def test_rules_option_changes_the_answer(tmp_path: Path) -> None:
    path = write(tmp_path, BASE)
    result = run("check", "--rules", "master-4", "--format", "json", str(path))
    assert result.exit_code == 1  # the expectation was written for master-2020
    doc = json.loads(result.output)
    zones = sorted(o["placement"]["星尘龙"] for o in doc["scenarios"][0]["questions"][0]["options"])
    # 解码语者 in mmz3 points at no zone (up: between the EMZs; down-left/right: off the board)
    assert zones == ["emz_left", "emz_right"]


def test_disable_turns_a_rule_off(tmp_path: Path) -> None:
    result = run("check", "--disable", "ed_zone_free", "--format", "json", str(write(tmp_path, BASE)))
    doc = json.loads(result.output)
    q = doc["scenarios"][0]["questions"][0]
    assert q["options"] == []
    assert {r["rule"] for ref in q["refused"] for r in ref["reasons"]} >= {"no_zone_rule"}


def test_json_document_shape(tmp_path: Path) -> None:
    result = run("check", "--format", "json", str(write(tmp_path, BASE)))
    assert result.exit_code == 0
    doc = json.loads(result.output)
    assert set(doc) == {"scenarios", "errors", "internal_errors", "summary"}
    assert doc["summary"] == {"scenarios": 1, "pass": 1, "fail": 0, "unchecked": 0, "errors": 0,
                              "internal_errors": 0}
    sc = doc["scenarios"][0]
    assert {"path", "title", "rules", "questions", "source"} <= set(sc)
    q = sc["questions"][0]
    assert {"id", "kind", "options", "refused", "expected", "status"} <= set(q)
    assert q["status"] == "pass"
    opt = q["options"][0]
    assert set(opt) == {"label", "placement", "reasons"}
    assert {"rule", "cite", "text"} == set(opt["reasons"][0])


def test_unchecked_without_expect(tmp_path: Path) -> None:
    data = variant(lambda d: d["ask"][0].pop("expect"))
    result = run("check", "--format", "json", str(write(tmp_path, data)))
    assert result.exit_code == 0
    assert json.loads(result.output)["summary"]["unchecked"] == 1


def test_explain_lists_refusals(tmp_path: Path) -> None:
    result = run("check", "--explain", str(write(tmp_path, BASE)))
    assert "no mmz3" in result.output and "zone_occupied" in result.output


def test_folder_is_searched_recursively(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    write(tmp_path / "a" / "b", BASE, "deep.yaml")
    result = run("check", str(tmp_path))
    assert result.exit_code == 0 and "deep.yaml" in result.output


def test_schema_is_json_schema() -> None:
    result = run("schema")
    schema = json.loads(result.output)
    assert schema["title"] == "Scenario"
    assert "ask" in schema["properties"] and "self" in schema["properties"]


def test_rules_lists_rule_ids() -> None:
    result = run("rules", "--rules", "master-4")
    assert "on  ed_zone_linked_all" in result.output
    assert "off ed_zone_free" in result.output


def test_installed_command_runs() -> None:
    exe = Path(sys.executable).with_name("ygo-ruling")
    proc = subprocess.run([str(exe), "--help"], capture_output=True, text=True)
    assert proc.returncode == 0 and "check" in proc.stdout


@pytest.mark.parametrize("args, message", [
    (["check"], "error: command line: ygo-ruling check: Missing argument"),
    (["check", "scenarios", "--format", "xml"], "error: command line: ygo-ruling check: Invalid value for '--format'"),
    (["nonsense"], "error: command line: ygo-ruling: No such command"),
])
def test_usage_mistake_is_one_line_exit_2(args: list[str], message: str) -> None:
    exe = Path(sys.executable).with_name("ygo-ruling")
    proc = subprocess.run([str(exe), *args], capture_output=True, text=True)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(message), proc.stderr


ACTIVATION = {
    "title": "activation shape test",
    "source": {"file": "000_c6341c02f8db5f88.txt", "section": "更新规则②"},
    "cards": {"测试诱发": {"type": "monster", "frames": ["effect"], "effects": [
        {"number": 1, "kind": "trigger", "mandatory": True, "activates_from": ["graveyard"],
         "trigger": {"event": "sent_to_graveyard"}, "steps": [{"op": "draw", "amount": 1}]},
        {"number": 2, "kind": "ignition", "steps": [{"op": "draw", "amount": 1}]}]}},
    "self": {"graveyard": ["测试诱发"], "deck": ["青眼白龙"]},
    "history": [{"event": "destroyed", "card": "测试诱发", "from": "monster_zone", "by": "battle"}],
    "ask": [{"kind": "can_activate", "expect": {"can": ["测试诱发 ①"], "must": ["测试诱发 1"],
                                              "cannot": {"测试诱发 ②": "not_in_activation_place"}}}],
}


def test_can_activate_json_shape(tmp_path: Path) -> None:
    result = run("check", "--format", "json", str(write(tmp_path, ACTIVATION)))
    assert result.exit_code == 0, result.output
    q = json.loads(result.output)["scenarios"][0]["questions"][0]
    assert q["status"] == "pass"
    [opt] = q["options"]
    assert opt["effect"] == "测试诱发 ①" and opt["mandatory"] is True
    assert {r["rule"] for r in opt["reasons"]} >= {"mandatory_must_activate", "trigger_condition_met"}


def test_can_activate_moved_card_fails_expectation(tmp_path: Path) -> None:
    data = copy.deepcopy(ACTIVATION)
    data["history"].append({"event": "banished", "card": "测试诱发", "from": "graveyard"})
    data["self"] = {"banished": ["测试诱发"], "deck": ["青眼白龙"]}
    result = run("check", str(write(tmp_path, data)))
    assert result.exit_code == 1
    assert "expect.can: expected ['测试诱发 ①'], got []" in result.output


@pytest.mark.parametrize("ref,message", [
    ("测试诱发", "has 2 effects; name one"),
    ("测试诱发 ⑤", "has no effect 5"),
])
def test_bad_effect_reference_exits_2(tmp_path: Path, ref: str, message: str) -> None:
    data = copy.deepcopy(ACTIVATION)
    data["ask"][0]["expect"] = {"can": [ref]}
    result = run("check", str(write(tmp_path, data)))
    assert result.exit_code == 2 and message in result.output


RESOLVE = {
    "title": "resolve shape test",
    "source": {"file": "002_4e5c70c99bc92228.txt", "section": "特定记述的适用"},
    "cards": {"测试破坏": {"type": "spell", "subtype": "quick_play", "effects": [
        {"number": 1, "kind": "card_activation", "steps": [
            {"op": "destroy", "subject": {"player": "opponent", "zones": ["monster_zone"], "count": 2,
                                          "target": True}, "wording": "those_n_cards"},
            {"op": "draw", "amount": 1, "connector": "then"}]}]}},
    "self": {"field": [{"card": "测试破坏", "zone": "stz1"}], "deck": ["青眼白龙"]},
    "opponent": {"field": [{"card": "黑魔术师", "zone": "mmz1"}, {"card": "星尘龙", "zone": "mmz2"}]},
    "chain": [{"card": "测试破坏", "effect": 1, "targets": {1: ["黑魔术师", "星尘龙"]}}],
    "in_force": [],
    "ask": [{"kind": "resolve", "expect": {"count": 1, "steps": [
        {"link": 1, "step": 1, "result": "normal", "cards": ["黑魔术师", "星尘龙"]},
        {"link": 1, "step": 2, "result": "normal", "cards": ["青眼白龙"]}],
        "board": {"黑魔术师": "graveyard", "星尘龙": "graveyard", "青眼白龙": "hand"}}}],
}


def test_resolve_json_shape(tmp_path: Path) -> None:
    result = run("check", "--format", "json", str(write(tmp_path, RESOLVE)))
    assert result.exit_code == 0, result.output
    q = json.loads(result.output)["scenarios"][0]["questions"][0]
    [outcome] = q["options"]
    assert {"label", "steps", "board", "moved", "triggers", "reasons", "counters", "life_points", "duel"} <= set(outcome)
    assert outcome["steps"][0]["result"] == "normal"


def test_resolve_protected_card_makes_step_not_normal(tmp_path: Path) -> None:
    data = copy.deepcopy(RESOLVE)
    data["in_force"] = [{"modifier": "cannot_be_destroyed_by_effects", "card": "星尘龙"}]
    data["ask"][0]["expect"] = {"steps": [
        {"link": 1, "step": 1, "result": "not_normal", "cards": ["黑魔术师"]},
        {"link": 1, "step": 2, "result": "not_reached"}],
        "board": {"星尘龙": "monster_zone", "青眼白龙": "deck"}}
    result = run("check", str(write(tmp_path, data)))
    assert result.exit_code == 0, result.output


def test_targeting_step_without_targets_is_bad_input(tmp_path: Path) -> None:
    data = {
        "title": "a targeting chain link with no targets named",
        "source": {"file": "002_4e5c70c99bc92228.txt", "section": "特定记述的适用"},
        "cards": {"测试取对象": {"type": "spell", "subtype": "quick_play", "effects": [
            {"number": 1, "kind": "card_activation",
             "steps": [{"op": "destroy", "subject": {"player": "any", "target": True}, "wording": "target"}]}]}},
        "self": {"field": [{"card": "测试取对象", "zone": "stz1"}, {"card": "解码语者", "zone": "mmz1"}]},
        "chain": [{"card": "测试取对象", "effect": 1}],
        "ask": [{"kind": "resolve"}],
    }
    result = run("check", str(write(tmp_path, data)))
    assert result.exit_code == 2, result.output
    assert "names no card for that step number" in result.output
    assert "(1, 1, 测试取对象)" in result.output


def test_token_in_the_hand_is_bad_input(tmp_path: Path) -> None:
    data = variant(lambda d: (d.update(cards={"测试衍生物": {"type": "monster", "frames": ["token"], "level": 1}}),
                              d["self"].update(hand=["测试衍生物"])))
    result = run("check", str(write(tmp_path, data)))
    assert result.exit_code == 2, result.output
    assert "a Token is only on the field or, before an effect creates it, in `tokens:` (测试衍生物, hand)" in result.output
    data["self"]["tokens"] = data["self"].pop("hand")
    assert run("check", str(write(tmp_path, data))).exit_code == 0


def test_outcomes_expectation_needs_one_matching_outcome(tmp_path: Path) -> None:
    scenario = HERE.parent / "scenarios" / "resolution" / "multi_edge_arahimesia_token_then_place.yaml"
    data = yaml.safe_load(scenario.read_text(encoding="utf-8"))
    assert run("check", str(write(tmp_path, data))).exit_code == 0
    data["ask"][0]["expect"]["outcomes"][1]["board"] = {"命运之旅路": "hand"}
    result = run("check", str(write(tmp_path, data)))
    assert result.exit_code == 1
    assert ("outcomes[1]: no outcome matches; the closest, outcome 2: "
            "expected {'命运之旅路': 'hand'}, got {'命运之旅路': 'deck'}") in result.output


def test_readme_console_examples_are_real_output(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every `$ ygo-ruling …` block of the README shows what the command prints now."""
    import re
    import shlex

    monkeypatch.chdir(HERE.parent)
    readme = (HERE.parent / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```console\n\$ ygo-ruling ([^\n]*)\n(.*?)```", readme, re.DOTALL)
    assert blocks
    for args, shown in blocks:
        result = run(*shlex.split(args))
        assert result.output == shown, f"README example `ygo-ruling {args}` is out of date"
