"""Scaling of the resolution's cost (issue: gentle growth).  Run from the checkout:

    python bench/scaling.py [--sizes 8,16,32,64,128] [--kind links|steps|bullets|pile|outcomes]

Each size builds one generated scenario and times `ygo_ruling.api.check_file` on it (best of 3),
with the ground program's size (which does not vary from run to run)."""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from typing import Any

import yaml

BURN = {"type": "monster", "frames": ["effect"], "level": 4, "atk": 1000, "def": 1000, "effects": [
    {"number": 1, "kind": "quick", "activates_from": ["hand"],
     "steps": [{"op": "inflict_damage", "player": "opponent", "amount": 100}]}]}


def scenario(kind: str, n: int) -> dict[str, Any]:
    base: dict[str, Any] = {"title": f"scaling {kind} {n}", "source": {"file": "generated", "section": "scaling"},
                            "self": {}, "opponent": {}, "ask": [{"kind": "resolve"}]}
    if kind == "links":  # n chain links, one card each
        base["cards"] = {"测试烧": BURN}
        base["self"]["hand"] = [{"card": "测试烧", "id": f"c{i}"} for i in range(n)]
        base["chain"] = [{"card": f"c{i}", "effect": 1} for i in range(n)]
    elif kind == "steps":  # one effect of n steps
        steps = [{"op": "inflict_damage", "player": "opponent", "amount": 10}]
        steps += [{"op": "inflict_damage", "player": "opponent", "amount": 10, "connector": "then"}] * (n - 1)
        base["cards"] = {"测试多步": {**BURN, "effects": [{**BURN["effects"][0], "steps": steps}]}}
        base["self"]["hand"] = ["测试多步"]
        base["chain"] = [{"card": "测试多步", "effect": 1}]
    elif kind == "bullets":  # one effect of n optional ●, each with a condition on the board
        steps = [{"op": "inflict_damage", "player": "opponent", "amount": 10, "connector": "bullet",
                  "optional": True, "condition": {"player": "self", "zones": ["hand"]}}] * n
        base["cards"] = {"测试多步": {**BURN, "effects": [{**BURN["effects"][0], "steps": steps}]}}
        base["self"]["hand"] = ["测试多步"]
        base["chain"] = [{"card": "测试多步", "effect": 1}]
    elif kind == "pile":  # n copies of an effect monster in the GY, one chain link
        base["cards"] = {"测试烧": BURN}
        base["self"]["hand"] = [{"card": "测试烧", "id": "c0"}]
        base["self"]["graveyard"] = [{"card": "测试烧", "id": f"g{i}"} for i in range(n)]
        base["chain"] = [{"card": "c0", "effect": 1}]
    elif kind == "outcomes":  # one step choosing 1 of n cards: n outcomes
        base["cards"] = {"测试烧": BURN, "测试除外": {**BURN, "effects": [{**BURN["effects"][0], "steps": [
            {"op": "banish", "subject": {"player": "opponent", "zones": ["graveyard"], "count": 1}}]}]}}
        base["self"]["hand"] = ["测试除外"]
        base["opponent"]["graveyard"] = [{"card": "测试烧", "id": f"g{i}"} for i in range(n)]
        base["chain"] = [{"card": "测试除外", "effect": 1}]
    return base


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="8,16,32,64,128")
    ap.add_argument("--kind", default="links", choices=["links", "steps", "bullets", "pile", "outcomes"])
    args = ap.parse_args()
    from ygo_ruling.api import check_file
    from ygo_ruling.errors import InputError

    print(f"kind {args.kind}: n, best of 3 (s), ground rules, ground atoms, outcomes")
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(x) for x in args.sizes.split(",")):
            path = Path(tmp) / f"{args.kind}_{n}.yaml"
            path.write_text(yaml.safe_dump(scenario(args.kind, n), allow_unicode=True), encoding="utf-8")
            best = float("inf")
            try:
                for _ in range(3):
                    t0 = time.perf_counter()
                    report, sol = check_file(path)
                    best = min(best, time.perf_counter() - t0)
                    if best > 20:
                        break
            except InputError as exc:
                print(f"{n:5d}  refused: {exc.line()}")
                continue
            outcomes = len(report["questions"][0]["options"])
            print(f"{n:5d}  {best:7.3f}  {sol.ground_rules:9d}  {sol.ground_atoms:9d}  {outcomes}")


if __name__ == "__main__":
    main()
