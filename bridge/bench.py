"""``ygo-ruling bench``: time the scenario corpus (speed is measured here,
never in the tests)."""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from .api import check_file, scenario_files


def run_bench(paths: list[str], repeat: int) -> str:
    files = scenario_files(paths)
    check_file(files[0])  # warm: rule text read, clingo imported
    latencies: list[float] = []
    rules: list[int] = []
    atoms: list[int] = []
    ground = solve = total = 0.0
    t_all = time.perf_counter()
    for _ in range(repeat):
        for f in files:
            t0 = time.perf_counter()
            _, sol = check_file(f)
            dt = time.perf_counter() - t0
            latencies.append(dt)
            total += dt
            ground += sol.ground_seconds
            solve += sol.solve_seconds
            rules.append(sol.ground_rules)
            atoms.append(sol.ground_atoms)
    wall = time.perf_counter() - t_all

    exe = shutil.which("ygo-ruling") or str(Path(sys.executable).with_name("ygo-ruling"))
    colds: list[float] = []
    for _ in range(3):
        t0 = time.perf_counter()
        subprocess.run([exe, "check", *paths], capture_output=True, check=False)
        colds.append(time.perf_counter() - t0)

    lines = [
        f"corpus: {len(files)} scenarios x {repeat} passes, in one process ({wall:.2f} s)",
        f"median per-scenario latency: {statistics.median(latencies) * 1000:.1f} ms "
        f"(p90 {statistics.quantiles(latencies, n=10)[-1] * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms)",
        f"time in clingo grounding: {ground / total:.0%}, solving: {solve / total:.0%}, "
        f"the rest (YAML, validation, facts, report): {(total - ground - solve) / total:.0%}",
        f"ground program per scenario (the same on every run): median {statistics.median(rules):.0f} rules, "
        f"{statistics.median(atoms):.0f} atoms; {sum(rules) // repeat} rules over the corpus",
        f"cold `ygo-ruling check {' '.join(paths)}` end to end: median {statistics.median(colds):.2f} s of 3 runs",
    ]
    return "\n".join(lines)
