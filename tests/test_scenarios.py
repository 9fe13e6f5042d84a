"""Every shipped scenario file is a test: each question's expectation must hold."""

from __future__ import annotations

from pathlib import Path

import pytest
from ygo_ruling.api import check_file

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "scenarios").rglob("*.yaml"))


def test_corpus_is_not_empty() -> None:
    assert len(FILES) >= 30


@pytest.mark.parametrize("path", FILES, ids=[str(f.relative_to(ROOT)) for f in FILES])
def test_scenario(path: Path) -> None:
    report, _ = check_file(path)
    assert report["questions"], "a scenario asks at least one question"
    for q in report["questions"]:
        assert q["status"] != "unchecked", f"{q['id']} has no expect"
        assert q["status"] == "pass", "; ".join(q["failures"])
        for opt in q["options"]:
            assert opt["reasons"], f"option {opt['label']} has no reason"
        for ref in q["refused"]:
            assert ref["reasons"], f"refusal {ref['label']} has no reason"
