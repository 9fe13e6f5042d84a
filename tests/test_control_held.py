"""The modifier control_held (asp/held_control.lp) is a card's continuous effect on the target of its activation only:
with `activation_target: true`, not in `in_force` -- otherwise bad input (exit 2, one line naming the file and key)."""

from __future__ import annotations

from pathlib import Path

import yaml
from bad_input import error_line

HERE = Path(__file__).resolve().parent
SCENARIO = HERE.parent / "scenarios" / "resolution" / "edge_2019_294_evil_eye_control_returns_when_card_leaves.yaml"



def test_control_held_not_in_force(tmp_path: Path) -> None:
    data = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))
    data["in_force"] = [{"modifier": "control_held", "card": "测试效果怪兽"}]
    path, line = error_line(tmp_path, data)
    assert str(path) in line and "in_force[0]" in line and "control_held" in line, line


def test_control_held_needs_activation_target(tmp_path: Path) -> None:
    data = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))
    data["cards"]["测试永续陷阱"] = {"type": "trap", "subtype": "continuous", "text": "(test card)", "effects": [
        {"number": 1, "kind": "continuous", "modifiers": [{"modifier": "control_held", "this_card": True}]}]}
    path, line = error_line(tmp_path, data)
    assert str(path) in line and "control_held" in line and "activation_target" in line, line
