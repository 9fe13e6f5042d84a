"""Keys that name a card beside an effect: `granted` (an effect an Xyz Material grants, asp/granted_effects.lp) — what
the input may say, a chain link of a granted effect on an Xyz monster that does not gain it — and a field
entry's `as_monster` (a Spell / Trap card as a Normal monster)."""

from __future__ import annotations

from pathlib import Path
from bad_input import check_data, error_line, load

HERE = Path(__file__).resolve().parent
RULINGS = HERE.parent / "scenarios" / "rulings"
SCENARIO = HERE.parent / "scenarios" / "activation" / "edge_gagagaga_magician_not_future_hope_no_effect.yaml"


def test_a_chain_link_of_an_effect_the_monster_does_not_gain_is_a_violation(tmp_path: Path) -> None:
    data = load(SCENARIO)
    data["chain"] = [{"card": "测试超量怪兽", "effect": 4, "targets": {1: ["测试四千超量"]}}]
    data["ask"] = [{"kind": "resolve"}]
    _, line = error_line(tmp_path, data)
    assert "chain[0].effect" in line and "not the one the text grants it to" in line, line


def test_the_same_chain_link_on_the_monster_that_gains_it_resolves(tmp_path: Path) -> None:
    data = load(SCENARIO)
    data["chain"] = [{"card": "未来No.0 未来皇 霍普-未来斩", "effect": 4, "targets": {1: ["测试四千超量"]}}]
    data["ask"] = [{"kind": "resolve", "expect": {"count": 1, "steps": [
        {"link": 1, "step": 1, "result": "normal", "cards": ["测试四千超量"]}]}}]
    _, result = check_data(tmp_path, data)
    assert result.exit_code == 0, result.output


def test_a_granted_continuous_effect_is_bad_input(tmp_path: Path) -> None:
    data = load(SCENARIO)
    data["cards"]["测试授予素材"] = {
        "type": "monster", "frames": ["xyz"], "rank": 4, "atk": 1000, "def": 1000, "text": "(test card)",
        "effects": [{"number": 1, "kind": "continuous", "granted": {"to": {"frames": ["xyz"]}, "number": 5},
                     "modifiers": [{"modifier": "unaffected_by_effects", "this_card": True}]}]}
    data["self"]["field"][0]["materials"].append({"card": "测试授予素材"})
    _, line = error_line(tmp_path, data)
    assert "granted" in line and "not modelled" in line, line


def test_as_monster_on_a_card_outside_a_monster_zone_is_a_violation(tmp_path: Path) -> None:
    data = load(RULINGS / "2020_1089_dark_spell_regeneration_silk_hat_monster_reborn.yaml")
    data["self"]["field"][0]["zone"] = "stz1"
    del data["self"]["field"][0]["position"]
    _, line = error_line(tmp_path, data)
    assert "self.field[0].as_monster" in line and "Spell or Trap card standing in a Monster Zone" in line, line
