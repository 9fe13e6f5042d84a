"""The ruling corpus (issue: real rulings as the measure).

    python scripts/ruling_corpus.py draw     # (re)write docs/ruling-corpus.json's draw, keeping statuses
    python scripts/ruling_corpus.py merge    # fold docs/ruling-corpus-parts/*.json into it
    python scripts/ruling_corpus.py table    # write docs/ruling-corpus.md from the JSON

The draw is ``random.Random(2017).sample(records, 250)`` over the archive's records labelled
数据库, in file order.  The archive lives beside the checkout (``../shared/rulings``) or where
``YGO_RULINGS`` points.
"""

from __future__ import annotations

import json
import os
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "docs" / "ruling-corpus.json"
TABLE = ROOT / "docs" / "ruling-corpus.md"
PARTS = ROOT / "docs" / "ruling-corpus-parts"
DRAW = "random.Random(2017).sample(<数据库 records in file order>, 250)"
SIZE = 250
SEED = 2017
STATUSES = ("pass", "blocked", "out_of_scope")


def archive_path() -> Path:
    env = os.environ.get("YGO_RULINGS")
    return Path(env) if env else ROOT.parent / "shared" / "rulings" / "archive-2017-2021.jsonl"


def database_records(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        records = [json.loads(line) for line in fh if line.strip()]
    return [r for r in records if r.get("label") == "数据库"]


def draw(path: Path) -> list[dict]:
    """The exact draw: 250 records of the database FAQ, as the issue fixes it."""
    return random.Random(SEED).sample(database_records(path), SIZE)


def key(rec: dict) -> tuple[str, int]:
    return rec["file"], rec["line"]


def load() -> dict:
    return json.loads(CORPUS.read_text(encoding="utf-8"))


def save(doc: dict) -> None:
    CORPUS.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def cmd_draw() -> None:
    old = {key(r): r for r in load()["records"]} if CORPUS.exists() else {}
    records = []
    for rec in draw(archive_path()):
        kept = old.get(key(rec), {})
        records.append({"file": rec["file"], "line": rec["line"], "date": rec["date"],
                        "cards": rec.get("cards", []), "text": rec["text"],
                        "family": kept.get("family"), "status": kept.get("status"),
                        "scenarios": kept.get("scenarios", []),
                        "blocked_by": kept.get("blocked_by"), "note": kept.get("note", ""),
                        "failing": kept.get("failing", [])})
    save({"draw": DRAW, "records": records})


def cmd_merge() -> None:
    doc = load()
    index = {key(r): r for r in doc["records"]}
    for part in sorted(PARTS.glob("*.json")):
        for upd in json.loads(part.read_text(encoding="utf-8")):
            rec = index.get((upd["file"], upd["line"]))
            if rec is None:
                sys.exit(f"{part}: {upd['file']}:{upd['line']} is not in the draw")
            for k in ("family", "status", "scenarios", "blocked_by", "note", "failing"):
                if k in upd:
                    rec[k] = upd[k]
    save(doc)


def cmd_table() -> None:
    doc = load()
    recs = doc["records"]
    status = Counter(r["status"] or "unclassified" for r in recs)
    fam: dict[str, Counter] = {}
    for r in recs:
        fam.setdefault(r["family"] or "unclassified", Counter())[r["status"] or "unclassified"] += 1
    wrong = "engine answers wrongly"
    blockers = Counter(wrong if r["blocked_by"].startswith(wrong) else r["blocked_by"]
                       for r in recs if r["status"] == "blocked" and r["blocked_by"])
    defects = sorted((r["blocked_by"][len(wrong):].lstrip(": "), f"{r['file']}:{r['line']}")
                     for r in recs if r["status"] == "blocked" and (r["blocked_by"] or "").startswith(wrong))
    cols = [*STATUSES, "unclassified"]
    lines = [
        "# The ruling corpus",
        "",
        "250 official database rulings (数据库) drawn at random from the 2017–2021 archive:",
        f"`{doc['draw']}`. Each is reproduced by scenarios under `scenarios/rulings/` (`pass`),",
        "or names what blocks it (`blocked`), or is outside what the tool models (`out_of_scope`).",
        "The records are in `docs/ruling-corpus.json`; this page is generated from it by",
        "`python scripts/ruling_corpus.py table`, and `tests/test_ruling_corpus.py` checks both.",
        "",
        "## By status",
        "",
        "| status | records | share |",
        "| --- | ---: | ---: |",
    ]
    for s in cols:
        if status[s]:
            lines.append(f"| {s} | {status[s]} | {status[s] / len(recs):.0%} |")
    lines += ["", "## By family", "", "| family | " + " | ".join(cols) + " | all |",
              "| --- |" + " ---: |" * (len(cols) + 1)]
    for f in sorted(fam, key=lambda f: (-sum(fam[f].values()), f)):
        c = fam[f]
        lines.append(f"| {f} | " + " | ".join(str(c[s]) for s in cols) + f" | {sum(c.values())} |")
    lines += ["", "## What blocks the rest", "",
              "The missing capability or failing rule each blocked record names, most common first.", "",
              "| blocked by | records |", "| --- | ---: |"]
    for b, n in blockers.most_common():
        lines.append(f"| {b} | {n} |")
    if defects:
        lines += ["", "## Engine defects", "",
                  "Records stated as a scenario (kept, with the ruling's expectation, and skipped by the "
                  "test suite) whose answer the engine gets wrong:", ""]
        lines += [f"- `{where}`: {what}" for what, where in defects]
    TABLE.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    cmds = {"draw": cmd_draw, "merge": cmd_merge, "table": cmd_table}
    if len(sys.argv) != 2 or sys.argv[1] not in cmds:
        sys.exit(f"usage: python {sys.argv[0]} {{{'|'.join(cmds)}}}")
    cmds[sys.argv[1]]()


if __name__ == "__main__":
    main()
