"""`in_force` `given_by:` (asp/given_effects.lp): the resolved effect that gave a card a continuous effect must be in the
history, and the key goes with `card:` -- otherwise bad input (exit 2, one line naming the file and key)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from typer.testing import CliRunner
from ygo_ruling.cli import app

HERE = Path(__file__).resolve().parent
SCENARIO = HERE.parent / "scenarios" / "rulings" / "2020_1092_penguin_torpedo_face_down_ends_negation.yaml"
runner = CliRunner()


def _check(tmp_path: Path, data: Any) -> tuple[Path, Any]:
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return p, runner.invoke(app, ["check", str(p)])


def _error_line(result: Any) -> str:
    assert result.exit_code == 2, result.output
    errors = [ln for ln in result.output.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1, result.output
    assert "Traceback" not in result.output
    return errors[0]


def test_the_scenario_passes_as_written(tmp_path: Path) -> None:
    data = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))
    _, result = _check(tmp_path, data)
    assert result.exit_code == 0, result.output


def test_given_by_needs_the_resolved_event(tmp_path: Path) -> None:
    data = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))
    data["history"] = [ev for ev in data["history"] if ev["event"] != "resolved"]
    path, result = _check(tmp_path, data)
    line = _error_line(result)
    assert str(path) in line and "in_force[0].given_by" in line and "resolved" in line, line


def test_given_by_goes_with_a_card(tmp_path: Path) -> None:
    data = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))
    data["in_force"] = [{"modifier": "cannot_special_summon", "player": "both", "given_by": {"card": "企鹅鱼雷", "effect": 2}}]
    path, result = _check(tmp_path, data)
    line = _error_line(result)
    assert str(path) in line and "in_force[0]" in line and "given_by" in line, line
