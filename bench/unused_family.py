"""Does a scenario pay for rule families it does not use?  (issue: designer experiments at scale)

    python bench/unused_family.py [--sample 60]

Builds an "unused family": every statement of the resolution part (asp/resolution.lp and the files split from it) with each predicate renamed
(p -> xfam_p), so it is as large as the largest family but no scenario can use it, and adds it
with --rules-file.  Then times ygo_ruling.api.check_file on a sample of the shipped scenarios, four
ways interleaved in one sitting (sliced / whole rule base x with / without the unused family),
as CPU seconds of this process (less sensitive to a loaded machine than wall time)."""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from clingo import ast

ROOT = Path(__file__).resolve().parent.parent


class Rename(ast.Transformer):
    def visit_SymbolicAtom(self, node):  # noqa: N802 (clingo's naming)
        sym = node.symbol
        if sym.ast_type == ast.ASTType.Function:
            return node.update(symbol=sym.update(name="xfam_" + sym.name))
        return node


# the files of the resolution part (asp/main.lp), the largest family
RESOLUTION_FILES = ("state.lp", "connectors.lp", "designation.lp", "operations.lp", "self_destruction.lp",
                    "negation.lp", "resolution.lp", "life_points.lp", "after_chain.lp")


def unused_family() -> str:
    text = "\n".join((ROOT / "asp" / f).read_text(encoding="utf-8") for f in RESOLUTION_FILES)
    out: list[str] = []
    rename = Rename()
    ast.parse_string(text, lambda s: out.append(str(rename(s))))
    return "\n".join(s for s in out if not s.startswith("#program")) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sample", type=int, default=60)
    args = ap.parse_args()
    from ygo_ruling import solver
    from ygo_ruling.api import check_file

    files = sorted((ROOT / "scenarios").rglob("*.yaml"))
    files = files[:: max(1, len(files) // args.sample)][: args.sample]
    with tempfile.TemporaryDirectory() as tmp:
        fam = Path(tmp) / "unused_family.lp"
        fam.write_text(unused_family(), encoding="utf-8")
        n_rules = sum(1 for line in fam.read_text(encoding="utf-8").splitlines() if line.strip())
        ways = {"sliced": ("0", ()), "sliced + unused family": ("0", (str(fam),)),
                "whole": ("1", ()), "whole + unused family": ("1", (str(fam),))}
        cpu: dict[str, list[float]] = {w: [] for w in ways}
        size: dict[str, int] = {w: 0 for w in ways}
        for f in files[:2]:  # warm every way: rule text read, slice analysis done
            for flag, extra in ways.values():
                os.environ["YGO_RULING_NO_SLICE"] = flag
                check_file(f, rules_files=extra)
        for f in files:
            for way, (flag, extra) in ways.items():
                os.environ["YGO_RULING_NO_SLICE"] = flag
                t0 = time.process_time()
                _, sol = check_file(f, rules_files=extra)
                cpu[way].append(time.process_time() - t0)
                size[way] += sol.ground_rules
    print(f"unused family: {n_rules} statements (the resolution part renamed); {len(files)} scenarios, interleaved")
    for way in ways:
        print(f"{way:<26} median {statistics.median(cpu[way]) * 1000:6.1f} ms CPU, "
              f"{size[way]:,} ground rules over the sample")


if __name__ == "__main__":
    main()
