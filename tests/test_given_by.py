"""`in_force` `given_by:` (asp/given_effects.lp): the resolved effect that gave a card a continuous effect must be in the
history, and the key goes with `card:` -- otherwise bad input (exit 2, one line naming the file and key)."""

from __future__ import annotations

from pathlib import Path

import yaml
from bad_input import check_data, error_line

HERE = Path(__file__).resolve().parent
SCENARIO = HERE.parent / "scenarios" / "rulings" / "2020_1092_penguin_torpedo_face_down_ends_negation.yaml"


def test_the_scenario_passes_as_written(tmp_path: Path) -> None:
    data = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))
    _, result = check_data(tmp_path, data)
    assert result.exit_code == 0, result.output


def test_given_by_needs_the_resolved_event(tmp_path: Path) -> None:
    data = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))
    data["history"] = [ev for ev in data["history"] if ev["event"] != "resolved"]
    path, line = error_line(tmp_path, data)
    assert str(path) in line and "in_force[0].given_by" in line and "resolved" in line, line


def test_given_by_goes_with_a_card(tmp_path: Path) -> None:
    data = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))
    data["in_force"] = [{"modifier": "cannot_special_summon", "player": "both", "given_by": {"card": "企鹅鱼雷", "effect": 2}}]
    path, line = error_line(tmp_path, data)
    assert str(path) in line and "in_force[0]" in line and "given_by" in line, line
