"""Legal plays (legal_actions) and chain building (chain_order): answers as plain data, rule
switches, and bad input.  The scenarios under scenarios/turn_flow/ are tests of their own
(collected by the pytest plugin); here: what they cannot say."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from ygo_ruling import api
from ygo_ruling.errors import InputError

ROOT = Path(__file__).resolve().parent.parent
FLOW = ROOT / "scenarios" / "turn_flow"


def _question(path: Path, **kw: object) -> dict:
    return api.check(path, **kw)["questions"][0]


def test_legal_actions_answer_is_plain_data() -> None:
    q = _question(FLOW / "tf_normal_summon_once.yaml")
    assert q["kind"] == "legal_actions" and q["player"] == "self"
    assert sorted(o["action"] for o in q["options"]) == ["next battle", "next end", "set 测试陷阱"]
    refused = {r["action"]: {x["rule"] for x in r["reasons"]} for r in q["refused"]}
    assert refused["normal_summon 测试四星"] == {"one_normal_summon_per_turn"}
    # every reason carries its citation and text
    assert all(x["cite"] and x["text"] for o in q["options"] for x in o["reasons"])


def test_switching_a_rule_changes_the_legal_actions() -> None:
    q = _question(FLOW / "tf_normal_summon_once.yaml", disable="one_normal_summon_per_turn")
    got = {o["action"] for o in q["options"]}
    assert {"normal_summon 测试四星", "set_monster 测试四星"} <= got
    assert q["status"] == "fail"  # the scenario states the rule's answer


def test_chain_order_enumerates_legal_chains_and_refuses_the_others() -> None:
    q = _question(FLOW / "tf_chain_order_wanghu_bubbleman.yaml")
    assert [o["chain"] for o in q["options"]] == [["王虎 ⓪"], ["王虎 ⓪", "元素英雄 水泡侠 ②"]]
    labels = {r["label"]: {x["rule"] for x in r["reasons"]} for r in q["refused"]}
    assert labels == {"元素英雄 水泡侠 ② before 王虎 ⓪": {"triggers_chain_in_order"},
                      "without 王虎 ⓪": {"mandatory_trigger_left_out"}}
    off = _question(FLOW / "tf_chain_order_wanghu_bubbleman.yaml", disable="triggers_chain_in_order")
    assert ["元素英雄 水泡侠 ②", "王虎 ⓪"] in [o["chain"] for o in off["options"]]
    assert not any(r["label"].endswith("before 王虎 ⓪") for r in off["refused"])


def _write(tmp_path: Path, doc: dict) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    return path


BASE = {"title": "t", "cards": {"测试四星": {"type": "monster", "frames": ["normal"], "level": 4},
                                "测试陷阱": {"type": "trap", "subtype": "normal"}},
        "self": {"hand": ["测试四星"]}, "ask": [{"kind": "legal_actions"}]}


@pytest.mark.parametrize("change, key", [
    ({"ask": [{"kind": "legal_actions", "expect": {"includes": ["summon 测试四星"]}}]}, "ask[0].expect.includes[0]"),
    ({"ask": [{"kind": "legal_actions", "expect": {"includes": ["normal_summon 无此卡"]}}]}, "ask[0].expect.includes[0]"),
    ({"battle_step": "damage"}, "battle_step"),
    ({"draw_step": "before_draw"}, "draw_step"),
    ({"phase": "draw", "draw_step": "during_draw"}, "draw_step"),
    ({"self": {"field": [{"card": "测试陷阱", "zone": "stz1", "face": "down", "this_turn": ["attacked"]}]}},
     "self.field[0].this_turn"),
    ({"priority": "both"}, "priority"),
    ({"ask": [{"kind": "chain_order", "triggers": ["测试四星"]}]}, "ask[0].triggers[0]"),
])
def test_bad_input_is_one_line_naming_the_key(tmp_path: Path, change: dict, key: str) -> None:
    path = _write(tmp_path, {**BASE, **change})
    with pytest.raises(InputError) as err:
        api.check(path)
    assert key in str(err.value)
    run = subprocess.run([sys.executable, "-m", "ygo_ruling.cli", "check", str(path)], capture_output=True, text=True)
    assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1 and "Traceback" not in run.stderr
