"""docs/ruling-corpus.json, checked both ways: the draw is exactly the issue's, every record is
classified with what the status needs, every `pass` record's scenarios exist (they pass: the
pytest plugin runs scenarios/), and every scenario under scenarios/rulings/ belongs to a record."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
CORPUS = json.loads((ROOT / "docs" / "ruling-corpus.json").read_text(encoding="utf-8"))
RECORDS = CORPUS["records"]
_spec = importlib.util.spec_from_file_location("ruling_corpus", ROOT / "scripts" / "ruling_corpus.py")
assert _spec and _spec.loader
ruling_corpus = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ruling_corpus)


def test_the_draw_is_exactly_the_issues() -> None:
    archive = ruling_corpus.archive_path()
    if not archive.exists():
        pytest.skip(f"the ruling archive is not beside the checkout ({archive})")
    drawn = ruling_corpus.draw(archive)
    assert CORPUS["draw"] == ruling_corpus.DRAW
    assert [(r["file"], r["line"], r["date"], r["text"]) for r in RECORDS] == \
           [(r["file"], r["line"], r["date"], r["text"]) for r in drawn]


@pytest.mark.parametrize("rec", RECORDS, ids=[f"{r['file'][-8:-4]}:{r['line']}" for r in RECORDS])
def test_a_record_says_what_its_status_needs(rec: dict) -> None:
    status = rec["status"]
    if status != "blocked":
        assert not rec.get("failing"), "only a blocked record has failing scenarios"
    if status is None:  # not yet classified: nothing is claimed for it
        assert not rec["scenarios"] and not rec["blocked_by"]
        return
    assert status in ruling_corpus.STATUSES
    assert rec["family"], "a classified record names its rule family"
    if status == "pass":
        assert rec["scenarios"], "a pass record names the scenarios that reproduce it"
        assert not rec["blocked_by"]
    elif status == "blocked":
        assert rec["blocked_by"], "a blocked record names what blocks it"
        assert set(rec.get("failing", [])) <= set(rec["scenarios"]), "`failing` lists some of its scenarios"
    else:
        assert rec["note"], "an out_of_scope record says why"
    for path in rec["scenarios"]:
        assert path.startswith("scenarios/rulings/"), path
        assert (ROOT / path).is_file(), f"{path} does not exist"
        source = yaml.safe_load((ROOT / path).read_text(encoding="utf-8"))["source"]
        assert f"{rec['file']}:{rec['line']}" in str(source.get("file")), \
            f"{path}: source.file should cite {rec['file']}:{rec['line']}"
        if rec["date"] is None:  # the archive gives no date for this ruling
            assert source.get("date") is None, f"{path}: source.date should be null (the archive gives none)"
        else:
            assert str(source.get("date")) == rec["date"], f"{path}: source.date should be {rec['date']}"


def test_every_ruling_scenario_belongs_to_a_record() -> None:
    named = {p for r in RECORDS for p in r["scenarios"]}
    on_disk = {str(p.relative_to(ROOT)) for p in (ROOT / "scenarios" / "rulings").rglob("*.yaml")}
    assert on_disk - named == set(), "scenarios under scenarios/rulings/ that no record names"
    assert len(named) == sum(len(r["scenarios"]) for r in RECORDS), "a scenario is named by two records"


def test_the_table_is_up_to_date() -> None:
    table = (ROOT / "docs" / "ruling-corpus.md").read_text(encoding="utf-8")
    for status in ruling_corpus.STATUSES:
        n = sum(r["status"] == status for r in RECORDS)
        if n:
            assert f"| {status} | {n} |" in table, "regenerate: python scripts/ruling_corpus.py table"

