"""A field entry's `own_change:` (asp/own_changes.lp) names an effect the card has and goes with a value it changed --
otherwise bad input (exit 2, one line naming the file and key)."""

from __future__ import annotations

from pathlib import Path

import yaml
from bad_input import error_line

HERE = Path(__file__).resolve().parent
SCENARIO = HERE.parent / "scenarios" / "rulings" / "2019_1156_gladiator_beast_gladiatrix_negated_level_reverts.yaml"



def test_own_change_names_an_effect_of_the_card(tmp_path: Path) -> None:
    data = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))
    data["self"]["field"][0]["own_change"] = 7
    path, line = error_line(tmp_path, data)
    assert str(path) in line and "self.field[0].own_change" in line and "no effect numbered 7" in line, line


def test_own_change_needs_a_changed_value(tmp_path: Path) -> None:
    data = yaml.safe_load(SCENARIO.read_text(encoding="utf-8"))
    entry = data["self"]["field"][0]
    del entry["level"], entry["name"]
    path, line = error_line(tmp_path, data)
    assert str(path) in line and "self.field[0]" in line and "own_change" in line, line
