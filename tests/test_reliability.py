"""Hostile and huge input: exit 2 with one short line naming the file and key, never a hang,
a traceback or a silent wrong answer; an internal error is isolated to its file (exit 3)."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner
from ygo_ruling import api
from ygo_ruling.cli import app
from ygo_ruling.limits import MAX_FILE_BYTES, MAX_INTEGER

HERE = Path(__file__).resolve().parent
BASE = yaml.safe_load((HERE / "bad" / "base.yaml").read_text(encoding="utf-8"))
runner = CliRunner()
MAX_ERROR_LINE = 400


def run(*args: str) -> Any:
    return runner.invoke(app, list(args))


def write(tmp_path: Path, data: Any, name: str = "s.yaml") -> Path:
    p = tmp_path / name
    p.write_text(yaml.safe_dump(data, allow_unicode=True) if not isinstance(data, str) else data, encoding="utf-8")
    return p


def one_error_line(result: Any, path: Path, key: str | None, message: str) -> str:
    assert result.exit_code == 2, result.output
    errors = [ln for ln in result.output.splitlines() if ln.startswith("error:")]
    assert len(errors) == 1, result.output
    line = errors[0]
    assert str(path) in line and message in line, line
    if key is not None:
        assert f": {key}: " in line, line
    assert len(line) <= MAX_ERROR_LINE, len(line)
    assert "Traceback" not in result.output
    return line


def spell_chain(links: int, amount: int, op: str = "inflict_damage", copies: int = 1) -> dict[str, Any]:
    """A board of ``copies`` Quick-Play Spells dealing ``amount``, chained ``links`` times."""
    data = copy.deepcopy(BASE)
    data["cards"] = {"测试烧血": {"type": "spell", "subtype": "quick_play", "effects": [
        {"number": 1, "kind": "card_activation", "steps": [{"op": op, "player": "opponent", "amount": amount}]}]}}
    data["self"]["field"] += [{"card": "测试烧血", "zone": f"stz{i + 1}", "id": f"s{i}"} for i in range(copies)]
    data["chain"] = [{"card": f"s{i % copies}", "effect": 1} for i in range(links)]
    data["ask"] = [{"kind": "resolve"}]
    return data


ALIAS_BOMB = "\n".join(
    ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    + [f"{chr(98 + i)}: &{chr(98 + i)} [{','.join(['*' + chr(97 + i)] * 9)}]" for i in range(6)]
    + ["turn_player: *g"])


def test_alias_bomb_is_refused_before_it_is_expanded(tmp_path: Path) -> None:
    path = write(tmp_path, ALIAS_BOMB)
    one_error_line(run("check", str(path)), path, None, "once its aliases are expanded")


@pytest.mark.parametrize("key", ["turn_player", "phase", "rules"])
def test_a_small_alias_fan_in_an_enumerated_key_gives_a_short_line(tmp_path: Path, key: str) -> None:
    data = copy.deepcopy(BASE)
    text = yaml.safe_dump(data, allow_unicode=True)
    text = 'z: &z ["' + "y" * 200 + '"]\n' + text.replace("title:", f"{key}: [*z, *z, *z, *z, *z]\ntitle:", 1)
    path = write(tmp_path, text)
    result = run("check", str(path))
    assert result.exit_code == 2
    assert all(len(ln) <= MAX_ERROR_LINE for ln in result.output.splitlines()), result.output


def test_deep_nesting_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "title: " + "[" * 200 + "]" * 200 + "\n")
    one_error_line(run("check", str(path)), path, None, "nested more than")


def test_duplicate_keys_are_refused(tmp_path: Path) -> None:
    text = yaml.safe_dump(BASE, allow_unicode=True) + "self: {}\n"
    path = write(tmp_path, text)
    one_error_line(run("check", str(path)), path, "self", "key is given twice")


def test_a_fifo_does_not_block(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    one_error_line(run("check", str(fifo)), fifo, None, "not a regular file")


def test_a_device_is_refused() -> None:
    result = run("check", "/dev/zero")
    one_error_line(result, Path("/dev/zero"), None, "not a regular file")


def test_a_huge_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text("# " + "x" * (MAX_FILE_BYTES + 10) + "\n", encoding="utf-8")
    one_error_line(run("check", str(path)), path, None, "more than the limit")


def test_a_long_string_is_refused_and_not_echoed(tmp_path: Path) -> None:
    data = copy.deepcopy(BASE)
    data["title"] = "t" * 100_000
    path = write(tmp_path, data)
    one_error_line(run("check", str(path)), path, "title", "characters")


def test_a_long_unknown_value_is_cut_in_the_message(tmp_path: Path) -> None:
    data = copy.deepcopy(BASE)
    data["self"]["field"][0]["zone"] = "z" * 4000
    path = write(tmp_path, data)
    line = one_error_line(run("check", str(path)), path, "self.field[0].zone", "is not one of")
    assert "…" in line


@pytest.mark.parametrize("where", [["ask", 0, "expect", "count"], ["self", "field", 0, "counters"]])
def test_integers_past_32_bits_are_refused_not_wrapped(tmp_path: Path, where: list[Any]) -> None:
    data = copy.deepcopy(BASE)
    node = data
    for part in where[:-1]:
        node = node[part]
    node[where[-1]] = 4294967297
    path = write(tmp_path, data)
    key = ".".join(str(w) for w in where).replace(".0.", "[0].")
    one_error_line(run("check", str(path)), path, key, "out of range")


def test_an_effect_number_past_32_bits_does_not_resolve_effect_one(tmp_path: Path) -> None:
    data = spell_chain(1, 100)
    data["chain"][0]["effect"] = 4294967297
    path = write(tmp_path, data)
    one_error_line(run("check", str(path)), path, "chain[0].effect", "out of range")


def test_a_large_integer_within_the_limit_is_accepted(tmp_path: Path) -> None:
    data = spell_chain(1, MAX_INTEGER)
    data["ask"][0]["expect"] = {"lp": {"self": 8000, "opponent": 0}}
    assert run("check", str(write(tmp_path, data))).exit_code == 0


@pytest.mark.parametrize("op", ["inflict_damage", "gain_lp"])
def test_amounts_that_could_overflow_when_added_are_refused(tmp_path: Path, op: str) -> None:
    data = spell_chain(22, MAX_INTEGER, op=op, copies=5)
    path = write(tmp_path, data)
    one_error_line(run("check", str(path)), path, None, "could add up to")


def test_amount_per_previous_card_cannot_overflow(tmp_path: Path) -> None:
    data = copy.deepcopy(BASE)
    data["cards"] = {"测试丢弃烧血": {"type": "spell", "subtype": "quick_play", "effects": [
        {"number": 1, "kind": "card_activation", "steps": [
            {"op": "discard", "subject": {"player": "self", "zones": ["hand"]}, "wording": "all"},
            {"op": "inflict_damage", "player": "opponent", "amount_per_previous_card": MAX_INTEGER,
             "connector": "then"}]}]},
        "测试手牌": {"type": "monster", "frames": ["normal"], "level": 1}}
    data["self"]["field"].append({"card": "测试丢弃烧血", "zone": "stz1"})
    data["self"]["hand"] = [{"card": "测试手牌", "id": f"h{i}"} for i in range(21)]
    data["chain"] = [{"card": "测试丢弃烧血", "effect": 1}]
    data["ask"] = [{"kind": "resolve"}]
    path = write(tmp_path, data)
    one_error_line(run("check", str(path)), path, None, "could add up to")


def test_targets_for_a_step_the_effect_lacks(tmp_path: Path) -> None:
    data = spell_chain(1, 100)
    data["chain"][0]["targets"] = {3: ["解码语者"]}
    path = write(tmp_path, data)
    one_error_line(run("check", str(path)), path, "chain[0].targets", "step number its effect does not have")


def test_targets_for_a_step_that_acts_on_no_card(tmp_path: Path) -> None:
    data = spell_chain(1, 100)
    data["chain"][0]["targets"] = {1: ["解码语者"]}
    path = write(tmp_path, data)
    one_error_line(run("check", str(path)), path, "chain[0].targets", "acts on no card")


def test_one_normal_spell_is_not_two_chain_links(tmp_path: Path) -> None:
    data = spell_chain(2, 100)
    data["cards"]["测试烧血"]["subtype"] = "normal"
    path = write(tmp_path, data)
    one_error_line(run("check", str(path)), path, "chain[1].card", "card activation is on the chain twice")


def test_a_violation_names_the_scenario_key(tmp_path: Path) -> None:
    data = copy.deepcopy(BASE)
    data["self"]["field"].append({"card": "链接蜘蛛", "zone": "mmz3"})
    path = write(tmp_path, data)
    one_error_line(run("check", str(path)), path, "self.field[1].zone", "two cards are placed in the same zone")


def test_an_internal_error_is_isolated_to_its_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = write(tmp_path, BASE, "a_good.yaml")
    broken = write(tmp_path, BASE, "b_broken.yaml")
    bad = write(tmp_path, {"title": "x"}, "c_bad.yaml")
    real = api.check_file

    def flaky(path: Path, *args: Any, **kwargs: Any) -> Any:
        if Path(path).name == "b_broken.yaml":
            raise RuntimeError("Integer overflow")
        return real(path, *args, **kwargs)

    monkeypatch.setattr(api, "check_file", flaky)
    result = run("check", str(tmp_path))
    assert result.exit_code == 3, result.output
    assert "1 scenarios: 1 pass" in result.output
    internal = [ln for ln in result.output.splitlines() if ln.startswith("internal error:")]
    assert len(internal) == 1 and str(broken) in internal[0] and "RuntimeError: Integer overflow" in internal[0]
    assert any(ln.startswith("error:") and str(bad) in ln for ln in result.output.splitlines())
    assert "Traceback" not in result.output
    result = run("check", "--format", "json", str(tmp_path))
    assert result.exit_code == 3
    doc = json.loads(result.stdout)
    assert [s["path"] for s in doc["scenarios"]] == [str(good)]
    assert len(doc["internal_errors"]) == 1 and len(doc["errors"]) == 1
    assert doc["summary"]["internal_errors"] == 1


def test_bench_runs_on_one_file_from_any_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, BASE)
    monkeypatch.chdir(tmp_path)
    result = run("bench", str(path), "--repeat", "1", "--cold", "0")
    assert result.exit_code == 0, result.output
    assert "corpus: 1 scenarios" in result.output


def _outcomes_scenario(n: int) -> dict[str, Any]:
    """One step banishing 1 of the opponent's ``n`` GY cards: ``n`` outcomes."""
    data = copy.deepcopy(BASE)
    data["cards"] = {"测试除外": {"type": "spell", "subtype": "quick_play", "effects": [
        {"number": 1, "kind": "card_activation", "steps": [
            {"op": "banish", "subject": {"player": "opponent", "zones": ["graveyard"], "count": 1}}]}]},
        "测试墓地": {"type": "monster", "frames": ["normal"], "level": 1}}
    data["self"]["field"].append({"card": "测试除外", "zone": "stz1"})
    data["opponent"] = {"graveyard": [{"card": "测试墓地", "id": f"g{i}"} for i in range(n)]}
    data["chain"] = [{"card": "测试除外", "effect": 1}]
    data["ask"] = [{"kind": "resolve"}]
    return data


def test_max_outcomes_truncates_explicitly(tmp_path: Path) -> None:
    path = write(tmp_path, _outcomes_scenario(8))
    full = json.loads(run("check", "--format", "json", str(path)).stdout)["scenarios"][0]["questions"][0]
    assert len(full["options"]) == 8 and full["truncated"] is False
    result = run("check", "--format", "json", "--max-outcomes", "3", str(path))
    q = json.loads(result.stdout)["scenarios"][0]["questions"][0]
    assert len(q["options"]) == 3 and q["truncated"] is True
    assert all(o in full["options"] for o in q["options"])
    text = run("check", "--max-outcomes", "3", str(path)).output
    assert "truncated: only the first 3 outcomes are listed" in text


def test_bench_without_paths_away_from_a_checkout_says_what_to_give(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("bench")
    assert result.exit_code == 2
    assert "give the scenario files or folders to time" in result.output
