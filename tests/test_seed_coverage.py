"""Every numbered seed ruling (docs/seed-digests) is a scenario, or is listed as not yet one.

A ruling counts as covered when some scenario's `source.ruling` quotes it (a stretch of its
text, dates and spacing aside).  The list of rulings that are not scenarios lives in
docs/seed-digests/README.md with the reason; this test keeps that list honest both ways.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
DIGESTS = {
    "activation-rulings.md": re.compile(r"^\*\*(K\d+)\*\*"),
    "resolution-rulings.md": re.compile(r"^#### (R\d+[a-c]?(?:/[a-c]+)*)"),
    "turn-flow-rulings.md": re.compile(r"^#### (T\d+)"),
    "seed-002-rulings.md": re.compile(r"^#### (V\d+)"),
}


def _norm(text: str) -> str:
    text = re.sub(r"\[[^\]]*\]", "", text)          # dates written into the quote
    text = re.sub(r"\d+/\d+/\d+", "", text)
    return re.sub(r"[\s\\`_|]", "", text)


def _quotes() -> dict[str, list[str]]:
    quotes: dict[str, list[str]] = {}
    for name, head in DIGESTS.items():
        current = None
        for line in (ROOT / "docs" / "seed-digests" / name).read_text(encoding="utf-8").splitlines():
            m = head.match(line)
            if m:
                current = m.group(1)
                quotes[current] = []
            elif current and line.startswith("> "):
                quotes[current].append(_norm(line[2:]))
    return quotes


def _scenario_rulings() -> str:
    texts = []
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        source = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("source") or {}
        texts.append(_norm(str(source.get("ruling") or "")))
    return "\n".join(texts)


def _listed_uncovered() -> set[str]:
    text = (ROOT / "docs" / "seed-digests" / "README.md").read_text(encoding="utf-8")
    section = text.split("## Rulings that are not scenarios", 1)[1]
    return set(re.findall(r"\*\*([KRTV]\d+[a-c]?)\*\*", section))


def _chunk(q: str, quotes: list[str]) -> str:
    """The part of a quote a scenario must hold: its characters 4-28, or, when another quote begins the same way
    (several seed sentences open on one long clause), up to 8 characters past where they part."""
    end = 28
    while end < len(q) and any(o != q and o[4:end] == q[4:end] for o in quotes):
        end += 1
    return q[4:min(len(q), end + 8 if end > 28 else end)]


def test_every_seed_ruling_is_a_scenario_or_listed() -> None:
    rulings = _scenario_rulings()
    uncovered = set()
    others = [q for quotes in _quotes().values() for q in quotes if q]
    for rid, quotes in _quotes().items():
        if not quotes:      # an entry that splits the quote of the entry before it (R055b)
            continue
        chunks = [_chunk(q, others) if len(q) > 32 else q for q in quotes if q]
        if not any(c and c in rulings for c in chunks):
            uncovered.add(rid)
    listed = _listed_uncovered()
    assert not uncovered - listed, f"rulings with no scenario and not listed: {sorted(uncovered - listed)}"
    assert not listed - uncovered, f"listed as not scenarios but now covered: {sorted(listed - uncovered)}"


SEEDS = ROOT.parent / "shared" / "seeds"


def _seed_text(text: str) -> str:
    """A seed's reStructuredText reduced to what a ruling quote keeps."""
    text = re.sub(r"`([^`]*)`_+", r"\1", text)                 # 「`X`_」 -> 「X」
    text = re.sub(r"`[^`]*`__", "", text)                      # date links
    text = re.sub(r":ref:`([^`<]*)(<[^>]*>)?`", r"\1", text)
    return _norm(text.replace("|", ""))


ARCHIVE = ROOT.parent / "shared" / "rulings" / "archive-2017-2021.jsonl"
ARCHIVE_CITE = re.compile(r"^lucays/OCG-Rule-documentation (docs/c06/\d+\.rst):(\d+)$")


def _archive() -> dict[tuple[str, int], str]:
    import json

    out = {}
    with ARCHIVE.open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            out[(rec["file"], rec["line"])] = _norm(rec["text"])
    return out


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents are not next to this checkout")
def test_every_quoted_ruling_is_in_its_seed() -> None:
    """A scenario's `source.ruling` is the seed's own text, or the archive record's it cites
    (`lucays/OCG-Rule-documentation docs/c06/YYYY.rst:LINE`): never a paraphrase or an invention."""
    seeds: dict[str, str] = {}
    archive: dict[tuple[str, int], str] | None = None
    wrong = []
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        source = (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("source") or {}
        ruling, name = source.get("ruling"), source.get("file")
        if not ruling:
            continue
        cited = ARCHIVE_CITE.match(str(name))
        if cited:
            if not ARCHIVE.is_file():
                continue
            archive = archive if archive is not None else _archive()
            record = archive.get((cited.group(1), int(cited.group(2))), "")
            if not record or _norm(str(ruling)) not in record:
                wrong.append(str(path.relative_to(ROOT)))
            continue
        if name not in seeds:
            seed = SEEDS / str(name)
            seeds[name] = _seed_text(seed.read_text(encoding="utf-8")) if seed.is_file() else ""
        if _norm(str(ruling)) not in seeds[name]:
            wrong.append(str(path.relative_to(ROOT)))
    assert not wrong, f"rulings not found verbatim in their seed file: {wrong}"


# seed examples naming two cards in one sentence (『「D-时间」或P区域「灵摆魔女」的①效果』): covered only when each card has a
# scenario of its own that quotes the example
SPLIT_EXAMPLES = {"V149": ("D-时间", "灵摆魔女")}


def test_split_examples_have_a_scenario_per_card() -> None:
    quotes = _quotes()
    others = [q for qs in quotes.values() for q in qs if q]
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    scenarios = [yaml.load(p.read_text(encoding="utf-8"), Loader=loader) or {}
                 for p in sorted((ROOT / "scenarios").rglob("*.yaml"))]
    missing = []
    for rid, cards in SPLIT_EXAMPLES.items():
        chunk = _chunk(quotes[rid][0], others)
        quoting = [sc for sc in scenarios if chunk in _norm(str((sc.get("source") or {}).get("ruling") or ""))]
        for card in cards:
            if not any(card in yaml.safe_dump(sc.get("self") or {}, allow_unicode=True) for sc in quoting):
                missing.append(f"{rid}: {card}")
    assert not missing, f"split seed examples with a card that has no scenario of its own: {missing}"
