"""The shipped scenario corpus.  Each question of every scenario file is a test of its own, run by
the package's pytest plugin (testpaths: scenarios/; the project's rules for it, blocked ruling
records and reasons, in conftest.py); here, what holds of the corpus as a whole."""

from __future__ import annotations

import json
from pathlib import Path

from ygo_ruling.api import check_file

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted((ROOT / "scenarios").rglob("*.yaml"))
CORPUS = json.loads((ROOT / "docs" / "ruling-corpus.json").read_text(encoding="utf-8"))
# a ruling-corpus scenario listed as `failing` by its blocked record (docs/ruling-corpus.json):
# the engine does not reproduce it yet (conftest.py skips its failing questions)
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
