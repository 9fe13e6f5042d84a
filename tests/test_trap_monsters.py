"""Continuous Trap monsters (000 更新规则⑥, asp/trap_monsters.lp): what the board may and may not hold,
the card key and step key the rule base reads, and what happens during a chain beyond what the
scenarios' `expect` can say (the events)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from ygo_ruling import api
from ygo_ruling.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios" / "turn_flow"

BOARD: dict[str, Any] = {
    "title": "t",
    "source": {"file": "000_c6341c02f8db5f88.txt", "section": "更新规则⑥"},
    "duel_turn": 3,
    "self": {"hand": ["月之书"]},
    "opponent": {"field": [{"card": "影依的原核", "zone": "mmz3"}]},
    "ask": [{"kind": "can_activate", "player": "self"}],
}


def _write(tmp_path: Path, doc: dict[str, Any]) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    return path


def _with(**change: Any) -> dict[str, Any]:
    return {**BOARD, **change}


def test_a_trap_monster_stands_in_a_monster_zone(tmp_path: Path) -> None:
    report = api.check(_write(tmp_path, BOARD))
    options = [o["effect"] for o in report["questions"][0]["options"]]
    assert options == ["月之书 ①"]  # a face-up monster to target


@pytest.mark.parametrize("doc, key, message", [
    # 人造人-念力震慑者 applies 『场上的陷阱卡的效果无效化』 now: the Trap monster would have returned
    (_with(self={"hand": ["月之书"], "field": [{"card": "人造人-念力震慑者", "zone": "mmz1"}]}),
     "opponent.field[0].zone", "whose Trap effects or own effects are negated"),
    # its own effects negated now
    (_with(in_force=[{"modifier": "effects_negated", "card": "影依的原核"}]),
     "opponent.field[0].zone", "whose Trap effects or own effects are negated"),
    # turned face-down, it would have returned (Set)
    (_with(opponent={"field": [{"card": "影依的原核", "zone": "mmz3", "face": "down", "position": "defense"}]}),
     "opponent.field[0].face", "turned face-down returns at once"),
    # any Continuous Trap card in a Monster Zone is one that became a monster, with trap_monster: or without
    (_with(cards={"测试永续陷阱": {"type": "trap", "subtype": "continuous"}},
           opponent={"field": [{"card": "测试永续陷阱", "zone": "mmz2", "face": "down", "position": "defense"}]}),
     "opponent.field[0].face", "turned face-down returns at once"),
])
def test_a_board_that_contradicts_the_return(tmp_path: Path, doc: dict[str, Any], key: str, message: str) -> None:
    path = _write(tmp_path, doc)
    with pytest.raises(InputError, match=message) as err:
        api.check(path)
    assert err.value.key == key
    run = subprocess.run([sys.executable, "-m", "ygo_ruling.cli", "check", str(path)], capture_output=True, text=True)
    assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1 and "Traceback" not in run.stderr


def test_the_contradictions_follow_the_rules(tmp_path: Path) -> None:
    """With the return switched off, such a board is one like any other."""
    face_down = _with(opponent={"field": [{"card": "影依的原核", "zone": "mmz3", "face": "down", "position": "defense"}]},
                      disable=["trap_monster_face_down_returns"])
    api.check(_write(tmp_path, face_down))
    jinzo = _with(self={"hand": ["月之书"], "field": [{"card": "人造人-念力震慑者", "zone": "mmz1"}]},
                  disable=["trap_monster_negated_returns"])
    api.check(_write(tmp_path, jinzo))
    # a face-down 念力震慑者 applies nothing
    api.check(_write(tmp_path, _with(self={"hand": ["月之书"], "field": [
        {"card": "人造人-念力震慑者", "zone": "mmz1", "face": "down", "position": "defense"}]})))


@pytest.mark.parametrize("card, message", [
    ({"type": "trap", "subtype": "normal", "trap_monster": {"frames": ["effect"], "level": 4, "attribute": "地",
                                                           "race": "岩石族", "atk": 0, "def": 0}},
     "is a Continuous Trap card's"),
    ({"type": "monster", "frames": ["effect"], "trap_monster": {"frames": ["effect"], "level": 4, "attribute": "地",
                                                               "race": "岩石族", "atk": 0, "def": 0}},
     "is a Continuous Trap card's"),
    ({"type": "trap", "subtype": "continuous", "trap_monster": {"frames": ["fusion"], "level": 4, "attribute": "地",
                                                               "race": "岩石族", "atk": 0, "def": 0}},
     "becomes a Normal or Effect Monster"),
    ({"type": "trap", "subtype": "continuous", "trap_monster": {"frames": ["effect"], "attribute": "地",
                                                               "race": "岩石族", "atk": 0, "def": 0}},
     "trap_monster.level"),
    ({"type": "monster", "frames": ["effect"], "effects": [{"number": 1, "kind": "ignition", "steps": [
        {"op": "destroy", "subject": {"zones": ["monster_zone"]}, "negated_effects": "monster"}]}]},
     "`negated_effects:` is read only on a negate_effect step"),
])
def test_bad_keys_are_bad_input(tmp_path: Path, card: dict[str, Any], message: str) -> None:
    doc = _with(cards={"测试卡": card}, opponent={"field": [{"card": "影依的原核", "zone": "mmz3"}], "hand": ["测试卡"]})
    with pytest.raises(InputError, match=message) as err:
        api.check(_write(tmp_path, doc))
    assert err.value.key.startswith("cards.测试卡")


def test_the_trap_negation_is_on_a_players_field(tmp_path: Path) -> None:
    """『场上的陷阱卡的效果无效化』 (trap_effects_negated) applies to a player's field: `card:` is bad input."""
    doc = _with(in_force=[{"modifier": "trap_effects_negated", "card": "影依的原核"}])
    with pytest.raises(InputError, match="give `player:`") as err:
        api.check(_write(tmp_path, doc))
    assert err.value.key.startswith("in_force[0]")


def _events(path: Path) -> set[tuple[str, str]]:
    _, sol = api.check_file(path)
    return {(a[3], a[4]) for model in sol.outcomes for a in model if a[0] == "res_happened"}


def test_no_zone_is_not_destroyed() -> None:
    """Sent to the GY by the rules: a move to the GY, no destruction (这个送去墓地的处理不视为被破坏)."""
    for name in ("tf_r6_negated_no_zone_graveyard.yaml", "tf_r6_moon_book_no_zone_graveyard.yaml"):
        events = _events(SCENARIOS / name)
        assert ("sent_to_graveyard", "影依的原核") in events
        assert ("destroyed", "影依的原核") not in events
    # turned face-down, then Set in the Spell & Trap Zone: it was turned face-down, and left nothing
    events = _events(SCENARIOS / "tf_r6_moon_book_returns_set.yaml")
    assert ("turned_face_down", "影依的原核") in events
    assert not {e for e in events if e[1] == "影依的原核"} - {("turned_face_down", "影依的原核")}


def test_a_step_giving_the_negation_returns_it(tmp_path: Path) -> None:
    """『这个回合，场上的陷阱卡的效果无效』 given by a step (apply_modifier to the players) returns it as well."""
    doc = _with(
        cards={"测试无效陷阱": {"type": "spell", "subtype": "quick_play", "effects": [
            {"number": 1, "kind": "card_activation", "text": "(test) 这个回合，场上的陷阱卡的效果无效化",
             "steps": [{"op": "apply_modifier", "modifier": "trap_effects_negated", "player": "both"}]}]}},
        self={"field": [{"card": "测试无效陷阱", "zone": "stz1"}]},
        chain=[{"card": "测试无效陷阱", "effect": 1}],
        ask=[{"kind": "resolve", "expect": {"board": {"影依的原核": "spell_trap_zone"},
                                            "steps": [{"link": 1, "step": 1, "result": "normal",
                                                       "rules": ["trap_monster_negated_returns"]}]}}])
    report = api.check(_write(tmp_path, doc))
    assert report["questions"][0]["status"] == "pass", report["questions"][0]["failures"]


def test_a_trap_monsters_values_are_the_monsters(tmp_path: Path) -> None:
    """In a Monster Zone it has the Level, ATK and DEF its text gives (a field entry's ATK now: that one)."""
    doc = _with(opponent={"field": [{"card": "影依的原核", "zone": "mmz3", "atk": 2000}]},
                cards={"测试等级": {"type": "spell", "subtype": "quick_play", "effects": [
                    {"number": 1, "kind": "card_activation", "text": "(test) 以场上1只9星攻击力2000的怪兽为对象…破坏",
                     "steps": [{"op": "destroy", "wording": "target", "subject": {
                         "zones": ["monster_zone"], "card_type": "monster", "target": True,
                         "level": {"equal": 9}, "atk": {"equal": 2000}, "original_atk": {"equal": 1450}}}]}]}},
                self={"hand": ["测试等级"]})
    report = api.check(_write(tmp_path, doc))
    assert [o["effect"] for o in report["questions"][0]["options"]] == ["测试等级 ①"]


def test_any_continuous_trap_in_a_monster_zone_returns(tmp_path: Path) -> None:
    """Without `trap_monster:` (frames and values unknown) a Continuous Trap card in a Monster Zone is still one that
    became a monster: turned face-down with no Spell & Trap Zone free, it goes to the GY -- once, not also Set."""
    filler = [{"card": "测试盖放陷阱", "zone": f"stz{i}", "face": "down", "id": f"T{i}"} for i in range(1, 6)]
    doc = _with(
        cards={"测试永续陷阱": {"type": "trap", "subtype": "continuous"}, "测试盖放陷阱": {"type": "trap", "subtype": "normal"}},
        self={"field": [{"card": "月之书", "zone": "stz1"}]},
        opponent={"field": [{"card": "测试永续陷阱", "zone": "mmz3"}, *filler]},
        chain=[{"card": "月之书", "effect": 1, "targets": {1: ["测试永续陷阱"]}}],
        ask=[{"kind": "resolve", "expect": {"count": 1, "board": {"测试永续陷阱": "graveyard"}, "steps": [
            {"link": 1, "step": 1, "result": "normal", "rules": ["trap_monster_no_zone_to_graveyard"]}]}}])
    report = api.check(_write(tmp_path, doc))
    assert report["questions"][0]["status"] == "pass", report["questions"][0]["failures"]
