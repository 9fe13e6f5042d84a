"""The pytest plugin (entry point pytest11 `ygo_ruling`): a folder of scenario files is a test suite,
one test per question, `path::id`, failing with the CLI's lines."""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

pytest_plugins = ["pytester"]

HERE = Path(__file__).resolve().parent
BASE = yaml.safe_load((HERE / "bad" / "base.yaml").read_text(encoding="utf-8"))


def scenario(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    data.update(changes)
    return data


def write(folder: Path, name: str, data: Any) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def cli(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "from ygo_ruling.cli import main; main()", *args],
                          cwd=cwd, capture_output=True, text=True, check=False)


WRONG = scenario(ask=[{"id": "zones", "kind": "summon_zones", "summon": ["星尘龙"],
                       "expect": {"zones": ["emz_left"]}},
                      {"kind": "summon_zones", "summon": ["星尘龙"], "expect": {"count": 6}}])


def test_the_plugin_is_installed_with_the_package() -> None:
    from importlib.metadata import entry_points

    assert [e.value for e in entry_points(group="pytest11") if e.name == "ygo_ruling"] == ["ygo_ruling.pytest_plugin"]


def test_one_item_per_question_failing_with_the_cli_line(pytester: pytest.Pytester) -> None:
    root = pytester.path
    write(root, "corpus/pass.yaml", BASE)
    write(root, "corpus/sub/wrong.yml", WRONG)
    write(root, "corpus/notes.yaml", "title: not a scenario\nitems: [1, 2]\n")  # no ask: not collected
    result = pytester.runpytest("-v", "corpus")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(["corpus/pass.yaml::q1 PASSED*", "corpus/sub/wrong.yml::zones FAILED*",
                                 "corpus/sub/wrong.yml::q2 PASSED*"])
    assert "notes.yaml" not in result.stdout.str()
    # the message is the line `ygo-ruling check` prints for the same failure
    line = "FAIL corpus/sub/wrong.yml: ask[0].expect.zones: expected ['emz_left'], " \
           "got ['emz_left', 'emz_right', 'mmz1', 'mmz2', 'mmz4', 'mmz5']"
    assert line in cli(root, "check", "corpus").stderr.splitlines()
    result.stdout.fnmatch_lines(["*_ zones _*", line, "FAILED corpus/sub/wrong.yml::zones - FAIL corpus/sub/wrong.yml: *"])


def test_bad_input_fails_each_question_with_the_cli_error_line(pytester: pytest.Pytester) -> None:
    root = pytester.path
    bad = scenario(ask=[{"kind": "summon_zones", "summon": ["nope"]}, {"id": "second", "kind": "resolve"}])
    write(root, "bad.yaml", bad)
    write(root, "broken.yaml", "title: t\nask: [unclosed\n")  # names no question: one item
    result = pytester.runpytest("-v", "bad.yaml", "broken.yaml")
    result.assert_outcomes(failed=3)
    result.stdout.fnmatch_lines(["bad.yaml::q1 FAILED*", "bad.yaml::second FAILED*", "broken.yaml::scenario FAILED*"])
    for name in ("bad.yaml", "broken.yaml"):
        error = cli(root, "check", name).stderr.strip()
        assert error.startswith(f"error: {name}: ")
        assert error in result.stdout.str().splitlines()


def test_a_question_without_expect_is_skipped(pytester: pytest.Pytester) -> None:
    write(pytester.path, "open.yaml", scenario(ask=[{"kind": "summon_zones", "summon": ["星尘龙"]}]))
    result = pytester.runpytest("-rs")
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines(["SKIPPED [[]1[]] open.yaml:*: q1 has no expect: its answer is not checked"])


def test_rule_switches_apply_to_every_scenario(pytester: pytest.Pytester) -> None:
    write(pytester.path, "s.yaml", BASE)
    pytester.runpytest("--ygo-rules", "master-4").assert_outcomes(failed=1)  # written for master-2020
    pytester.runpytest("--ygo-disable", "ed_zone_free").assert_outcomes(failed=1)
    pytester.runpytest("--ygo-enable", "ed_zone_free").assert_outcomes(passed=1)
    result = pytester.runpytest("--ygo-disable", "no_such_rule")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*command line: --disable: unknown rule id 'no_such_rule'*"])


def test_known_failing_files_are_skipped_while_they_fail(pytester: pytest.Pytester) -> None:
    """The hook the project's conftest.py implements for its blocked ruling records."""
    pytester.makeconftest("""
        import pytest

        @pytest.hookimpl(optionalhook=True)
        def pytest_ygo_ruling_known_failing(path):
            return "a ruling the engine gets wrong" if path.name.startswith("known") else None
    """)
    write(pytester.path, "known_wrong.yaml", WRONG)
    write(pytester.path, "known_right.yaml", BASE)
    result = pytester.runpytest("-v", "-rs")
    result.assert_outcomes(passed=1, skipped=1, failed=1)
    result.stdout.fnmatch_lines([
        "known_right.yaml::q1 FAILED*",
        "known_wrong.yaml::zones SKIPPED (known to fail*",
        "known_wrong.yaml::q2 PASSED*",
        "known_right.yaml: known to fail (a ruling the engine gets wrong), but every question passes now: "
        "take it off the list that names it",
        "SKIPPED [[]1[]] known_wrong.yaml:2: known to fail: a ruling the engine gets wrong",
    ])


def test_more_checks_per_question(pytester: pytest.Pytester) -> None:
    pytester.makeconftest("""
        import pytest

        @pytest.hookimpl(optionalhook=True)
        def pytest_ygo_ruling_question(question, scenario):
            assert len(question["options"]) < 3, f"{scenario['path']}: {question['id']}: too many zones"
    """)
    write(pytester.path, "s.yaml", BASE)
    result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*AssertionError: s.yaml: q1: too many zones"])


def test_switched_off_the_plugin_collects_nothing(pytester: pytest.Pytester) -> None:
    write(pytester.path, "s.yaml", BASE)
    result = pytester.runpytest("-p", "no:ygo_ruling")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


def test_pytest_scenarios_runs_the_corpus_through_the_plugin() -> None:
    """`pytest scenarios/` collects one test per question of every shipped scenario (and nothing
    else); `python -m pytest` (testpaths) collects the corpus once, beside tests/, whose YAML
    files are test inputs."""
    root = HERE.parent
    expected = sorted(f"{p.relative_to(root).as_posix()}::{q.get('id') or f'q{i + 1}'}"
                      for p in (root / "scenarios").rglob("*.y*ml")
                      for i, q in enumerate(yaml.safe_load(p.read_text(encoding="utf-8"))["ask"]))
    listed = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
                            cwd=root, capture_output=True, text=True, check=False).stdout.splitlines()
    scenario_ids = sorted(line for line in listed if line.startswith("scenarios/"))
    assert scenario_ids == expected  # each question once
    assert not [line for line in listed if line.startswith("tests/") and ".y" in line.split("::")[0]]
    assert not [line for line in listed if line.startswith("tests/test_scenarios.py::test_scenario[")]
