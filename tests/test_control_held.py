"""The modifier control_held (asp/held_control.lp) is a card's continuous effect on the target of its activation only:
with `activation_target: true`, not in `in_force` -- otherwise bad input (exit 2, one line naming the file and key)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from typer.testing import CliRunner
from ygo_ruling.cli import app

HERE = Path(__file__).resolve().parent
SCENARIO = HERE.parent / "scenarios" / "resolution" / "edge_2019_294_evil_eye_control_returns_when_card_leaves.yaml"
runner = CliRunner()


def _error_line(tmp_path: Path, data: Any) -> tuple[Path, str]:
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    result = runner.invoke(app, ["check", str(p)])
    assert result.exit_code == 2, result.output
    errors = [ln for ln in result.output.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1 and "Traceback" not in result.output, result.output
    return p, errors[0]


def test_control_held_not_in_force(tmp_path: Path) -> None:
    data = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))
    data["in_force"] = [{"modifier": "control_held", "card": "测试效果怪兽"}]
    path, line = _error_line(tmp_path, data)
    assert str(path) in line and "in_force[0]" in line and "control_held" in line, line


def test_control_held_needs_activation_target(tmp_path: Path) -> None:
    data = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))
    data["cards"]["测试永续陷阱"] = {"type": "trap", "subtype": "continuous", "text": "(test card)", "effects": [
        {"number": 1, "kind": "continuous", "modifiers": [{"modifier": "control_held", "this_card": True}]}]}
    path, line = _error_line(tmp_path, data)
    assert str(path) in line and "control_held" in line and "activation_target" in line, line
