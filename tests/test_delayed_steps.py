"""A delayed step (`later:`) carried out at its phase by a `delayed: true` chain entry (asp/delayed_steps.lp): the
scenarios that contradict it are bad input, one line naming the key."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner
from ygo_ruling.cli import app

HERE = Path(__file__).parent
SCENARIO = yaml.safe_load((HERE.parent / "scenarios" / "delayed" / "seed002_vampires_curse_summoned_next_standby.yaml")
                          .read_text(encoding="utf-8"))
runner = CliRunner()


def error_line(tmp_path: Path, data: Any) -> str:
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    result = runner.invoke(app, ["check", str(p)])
    assert result.exit_code == 2, result.output
    errors = [ln for ln in result.output.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1, result.output
    return errors[0]


def test_the_scenario_passes(tmp_path: Path) -> None:
    p = tmp_path / "s.yaml"
    p.write_text(yaml.safe_dump(SCENARIO, allow_unicode=True), encoding="utf-8")
    result = runner.invoke(app, ["check", str(p)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("change,key,message", [
    (lambda d: d.update(phase="main1"), "chain[0].delayed", "in the phase its `later.at` names"),
    (lambda d: d.update(history=[]), "chain[0].delayed", "only after its effect resolved"),
    (lambda d: d["history"][0].update(when="earlier"), "chain[0].delayed", "only after its effect resolved"),
    (lambda d: d["history"][0].update(negated=True), "chain[0].delayed", "only after its effect resolved"),
    (lambda d: d["chain"][0].update(negated=True), "chain[0].negated", "not negated as one"),
])
def test_a_delayed_entry_that_contradicts_its_step_is_bad_input(tmp_path: Path, change: Any, key: str,
                                                                message: str) -> None:
    data = copy.deepcopy(SCENARIO)
    change(data)
    line = error_line(tmp_path, data)
    assert f": {key}: " in line and message in line, line


def test_later_and_column_keys_are_read_only_where_they_apply() -> None:
    from pydantic import ValidationError
    from ygo_ruling.model import ModifierSpec, Step

    Step.model_validate({"op": "special_summon", "subject": {"this_card": True, "zones": ["graveyard"]},
                         "wording": "this_card", "later": {"at": "standby", "turn": "next"}})
    with pytest.raises(ValidationError, match="later"):
        Step.model_validate({"op": "draw", "amount": 1, "connector": "bullet", "later": {"at": "end_phase"}})
    with pytest.raises(ValidationError):
        Step.model_validate({"op": "draw", "amount": 1, "later": {"at": "battle"}})
    ModifierSpec.model_validate({"modifier": "cannot_special_summon_by_monster_effect", "player": "opponent",
                                 "while_opponent_in_column": True})
    with pytest.raises(ValidationError, match="while_opponent_in_column"):
        ModifierSpec.model_validate({"modifier": "cannot_be_destroyed", "this_card": True, "while_opponent_in_column": True})
    with pytest.raises(ValidationError, match="player"):
        ModifierSpec.model_validate({"modifier": "cannot_special_summon_by_monster_effect", "this_card": True})
