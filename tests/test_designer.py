"""Rule designers: `diff` between the baseline and a variant, a designer's own rules file,
`--jobs` and Dask giving the same document as one process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner
from ygo_ruling.api import Variant, check_paths
from ygo_ruling.cli import app
from ygo_ruling.diff import run_diff

ROOT = Path(__file__).resolve().parent.parent
EDZ = ROOT / "scenarios" / "extra_deck_zones"
runner = CliRunner()

def _edz_files(n: int) -> list[str]:
    return [str(p) for p in sorted(EDZ.glob("*.yaml"))[:n]]


def _options(report: dict) -> dict[tuple[str, str], list[str]]:
    return {(s["path"], q["id"]): sorted(o["label"] for o in q["options"])
            for s in report["scenarios"] for q in s["questions"]}


def test_diff_lists_exactly_the_questions_whose_options_differ() -> None:
    baseline = check_paths([str(EDZ)])
    variant = check_paths([str(EDZ)], rules="master-4")
    b, v = _options(baseline), _options(variant)
    expected = {k for k in b if b[k] != v[k]}
    assert expected, "master-4 changes some Extra Deck zone answers"
    result = run_diff([str(EDZ)], Variant(rules="master-4"))
    assert {(c["path"], c["question"]) for c in result["changed"]} == expected
    assert result["summary"]["changed"] == len(expected)
    assert result["summary"]["questions"] == len(b)
    for c in result["changed"]:
        assert sorted(o["label"] for o in c["baseline"]["options"]) == b[(c["path"], c["question"])]
        assert sorted(o["label"] for o in c["variant"]["options"]) == v[(c["path"], c["question"])]
        assert c["rules"], "a changed answer names the rules whose reasons differ"


def test_diff_cli_text_and_json(tmp_path: Path) -> None:
    files = _edz_files(12)
    result = runner.invoke(app, ["diff", *files, "--rules", "master-4", "--format", "json", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert set(doc) >= {"changed", "summary"}
    assert set(doc["summary"]) >= {"questions", "changed", "by_family", "by_rule"}
    for c in doc["changed"]:
        assert set(c) == {"path", "question", "kind", "baseline", "variant", "rules"}
    text = runner.invoke(app, ["diff", *files, "--rules", "master-4", "--jobs", "1"])
    assert text.exit_code == 0
    assert f"{doc['summary']['questions']} questions compared, {doc['summary']['changed']} changed" in text.output
    assert runner.invoke(app, ["diff", *files]).exit_code == 2  # no variant given


def test_a_designers_rules_file_is_added(tmp_path: Path) -> None:
    rules = tmp_path / "mine.lp"
    rules.write_text("""
rule(designer_no_emz, "a designer's experiment", "no player may use an Extra Monster Zone").
rule_set_enables(designer_no_emz).
#program zones.
blocked(Q, C, e(S), designer_no_emz) :- enabled(designer_no_emz), target(Q, C, e(S)).
""", encoding="utf-8")
    files = _edz_files(6)
    result = run_diff(files, Variant(rules_files=(str(rules),)))
    assert result["changed"], "a rule refusing the Extra Monster Zones changes some answers"
    for c in result["changed"]:
        assert "designer_no_emz" in c["rules"]
        assert not any(o["label"].startswith("emz") for o in c["variant"]["options"])
    # its rule id is known: switching it off gives back the baseline
    off = run_diff(files, Variant(disable=("designer_no_emz",), rules_files=(str(rules),)))
    assert off["changed"] == [] and off["errors"] == []
    report = check_paths(files, rules_files=[str(rules)])
    cited = [r for s in report["scenarios"] for q in s["questions"] for ref in q["refused"] for r in ref["reasons"]
             if r["rule"] == "designer_no_emz"]
    assert cited and cited[0]["cite"] == "a designer's experiment"


def test_a_bad_rules_file_is_bad_input(tmp_path: Path) -> None:
    bad = tmp_path / "bad.lp"
    bad.write_text("this is not : ASP (.\n", encoding="utf-8")
    result = runner.invoke(app, ["check", _edz_files(1)[0], "--rules-file", str(bad)])
    assert result.exit_code == 2
    assert f"error: {bad}: not a valid ASP program" in result.output


def test_jobs_give_the_same_document_as_one_process() -> None:
    files = _edz_files(24)
    one = check_paths(files, jobs=1)
    two = check_paths(files, jobs=2)
    assert json.dumps(one, ensure_ascii=False) == json.dumps(two, ensure_ascii=False)


def test_dask_local_gives_the_same_document() -> None:
    pytest.importorskip("dask.distributed")
    files = _edz_files(6)
    one = check_paths(files, jobs=1)
    on_dask = check_paths(files, dask="local")
    assert json.dumps(one, ensure_ascii=False) == json.dumps(on_dask, ensure_ascii=False)


@pytest.mark.parametrize("kind", ["extra_deck", "chain"])
def test_generated_scenarios_are_valid_and_seeded(tmp_path: Path, kind: str) -> None:
    result = runner.invoke(app, ["generate", kind, "--count", "25", "--seed", "7", "--out", str(tmp_path / "a")])
    assert result.exit_code == 0, result.output
    runner.invoke(app, ["generate", kind, "--count", "25", "--seed", "7", "--out", str(tmp_path / "b")])
    files = sorted((tmp_path / "a").glob("*.yaml"))
    assert len(files) == 25
    assert [f.read_text(encoding="utf-8") for f in files] == \
           [f.read_text(encoding="utf-8") for f in sorted((tmp_path / "b").glob("*.yaml"))]
    report = check_paths([str(tmp_path / "a")], jobs=1)
    assert report["errors"] == [] and report["internal_errors"] == []
    assert report["summary"]["scenarios"] == 25
    if kind == "chain":
        assert all(2 <= len(yaml_chain(f)) <= 6 for f in files)


def yaml_chain(path: Path) -> list:
    import yaml

    return yaml.safe_load(path.read_text(encoding="utf-8"))["chain"]


def test_generate_refuses_an_unknown_kind(tmp_path: Path) -> None:
    result = runner.invoke(app, ["generate", "dragons", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "unknown kind 'dragons'" in result.output


def test_a_rules_file_gives_the_same_answers_sliced_and_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    from ygo_ruling.api import check_file

    rules = str(ROOT / "docs" / "examples" / "pendulum_no_emz.lp")
    for f in _edz_files(8):
        monkeypatch.setenv("YGO_RULING_NO_SLICE", "0")
        sliced, _ = check_file(Path(f), rules_files=(rules,))
        monkeypatch.setenv("YGO_RULING_NO_SLICE", "1")
        whole, _ = check_file(Path(f), rules_files=(rules,))
        assert sliced == whole, f
