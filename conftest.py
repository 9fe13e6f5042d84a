"""The project's own rules for its scenario corpus, which runs through the package's pytest plugin
(``bridge/pytest_plugin.py``: ``pytest scenarios/``, or ``python -m pytest`` with testpaths).

- A ruling-corpus scenario listed as ``failing`` by its blocked record (docs/ruling-corpus.json)
  states the ruling as it is, and the engine does not reproduce it yet: its failing questions are
  skipped with what blocks it, as long as one still fails; once none fails, the record must say so.
- Every shipped question has an ``expect``, and every option, refusal and resolved step it answers
  gives its reason (a rule id).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent
CORPUS = json.loads((ROOT / "docs" / "ruling-corpus.json").read_text(encoding="utf-8"))
BLOCKED = {p: r["blocked_by"] for r in CORPUS["records"] if r["status"] == "blocked" for p in r.get("failing", [])}


def _shipped(path: Path) -> str | None:
    """The path of a shipped scenario (scenarios/…), or None for any other file."""
    try:
        rel = path.resolve().relative_to(ROOT)
    except ValueError:
        return None
    return rel.as_posix() if rel.parts[0] == "scenarios" else None


@pytest.hookimpl(optionalhook=True)
def pytest_ygo_ruling_known_failing(path: Path) -> str | None:
    blocked = BLOCKED.get(_shipped(path) or "")
    return f"listed as failing in docs/ruling-corpus.json, blocked by {blocked}" if blocked else None


@pytest.hookimpl(optionalhook=True)
def pytest_ygo_ruling_question(path: Path, question: dict[str, Any]) -> None:
    if _shipped(path) is None:
        return
    assert question["status"] != "unchecked", f"{question['id']} has no expect"
    for opt in question["options"]:
        assert opt["reasons"], f"option {opt['label']} has no reason"
    for ref in question["refused"]:
        assert ref["reasons"], f"refusal {ref['label']} has no reason"
    for opt in question["options"]:
        for step in opt.get("steps", []):
            assert step["reasons"], f"link {step['link']} step {step['step']} ({step['result']}) has no reason"
