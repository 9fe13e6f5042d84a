"""A seeded structural mutator over the shipped scenarios (bridge/fuzz.py): every mutant ends in
an answer or one short bad-input line naming the file -- never a traceback, a hang or a long line."""

from __future__ import annotations

from pathlib import Path

from ygo_ruling.fuzz import run_fuzz

ROOT = Path(__file__).resolve().parent.parent
FAMILIES = ("activation", "resolution", "battle", "extra_deck_zones")
MUTANTS = 300


def test_mutants_of_the_shipped_scenarios(tmp_path: Path) -> None:
    files = sorted(f for fam in FAMILIES for f in (ROOT / "scenarios" / fam).glob("*.yaml"))
    verdicts = run_fuzz(files, MUTANTS, seed=12, out=tmp_path, limit=20.0)
    broken = [f"{v.what}: {v.problem}" for v in verdicts if v.outcome == "broken"]
    assert not broken, "\n".join(broken[:10])
    outcomes = {v.outcome for v in verdicts}
    assert outcomes == {"answered", "bad_input"}, outcomes  # the mutator reaches both ends
