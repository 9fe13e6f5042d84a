"""Every shipped scenario file is a test: each question's expectation must hold."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ygo_ruling.api import check_file

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "scenarios").rglob("*.yaml"))
CORPUS = json.loads((ROOT / "docs" / "ruling-corpus.json").read_text(encoding="utf-8"))
# a ruling-corpus scenario listed as `failing` by its blocked record states the ruling as it is,
# and the engine does not reproduce it yet: skipped with what blocks it (docs/ruling-corpus.json),
# as long as it still fails -- once it passes, the record must say so
BLOCKED = {p: r["blocked_by"] for r in CORPUS["records"] if r["status"] == "blocked" for p in r.get("failing", [])}
RUNNABLE = [f for f in FILES if str(f.relative_to(ROOT)) not in BLOCKED]


def test_corpus_is_not_empty() -> None:
    assert len(FILES) >= 30


def test_every_shipped_scenario_names_its_source() -> None:
    """`source:` is optional for a user's own question, never for a shipped ruling."""
    import yaml

    missing = [str(f.relative_to(ROOT)) for f in FILES
               if not ((yaml.safe_load(f.read_text(encoding="utf-8")) or {}).get("source") or {}).get("file")]
    assert not missing, missing


@pytest.mark.parametrize("path", FILES, ids=[str(f.relative_to(ROOT)) for f in FILES])
def test_scenario(path: Path) -> None:
    blocked = BLOCKED.get(str(path.relative_to(ROOT)))
    report, _ = check_file(path)
    if blocked:
        assert any(q["status"] == "fail" for q in report["questions"]), \
            "listed as failing in docs/ruling-corpus.json, but it passes now: update its record"
        pytest.skip(f"ruling corpus: blocked by {blocked}")
    assert report["questions"], "a scenario asks at least one question"
    for q in report["questions"]:
        assert q["status"] != "unchecked", f"{q['id']} has no expect"
        assert q["status"] == "pass", "; ".join(q["failures"])
        for opt in q["options"]:
            assert opt["reasons"], f"option {opt['label']} has no reason"
        for ref in q["refused"]:
            assert ref["reasons"], f"refusal {ref['label']} has no reason"
        for opt in q["options"]:
            for step in opt.get("steps", []):
                assert step["reasons"], f"link {step['link']} step {step['step']} ({step['result']}) has no reason"


def _cited(node: object, acc: set[str]) -> set[str]:
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "rule" and isinstance(v, str):
                acc.add(v)
            else:
                _cited(v, acc)
    elif isinstance(node, list):
        for v in node:
            _cited(v, acc)
    return acc


def test_a_switched_off_rule_is_never_cited() -> None:
    """With every switch off, no answer of the corpus names a switch as a reason: each rule
    that gives a reason only does so when it is on."""
    from ygo_ruling.api import known_rules

    switches = tuple(r for r, v in known_rules().items() if not v["follows"] and not v["always"])
    cited: dict[str, str] = {}
    for path in RUNNABLE:
        report, _ = check_file(path, None, switches, ())
        for rule in _cited(report["questions"], set()) & set(switches):
            cited.setdefault(rule, str(path.relative_to(ROOT)))
    assert not cited, f"cited while switched off: {cited}"
