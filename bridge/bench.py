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


def run_bench(paths: list[str], repeat: int, cold_runs: int = 3, catalog: str | None = None) -> str:
    """``catalog``: the card catalog file (--catalog; None: the default one, if any)."""
    from .api import user_catalog

    files = scenario_files(paths)
    catalog = user_catalog(catalog)
    check_file(files[0], catalog=catalog)  # warm: rule text read, clingo imported
    latencies: list[float] = []
    rules: list[int] = []
    atoms: list[int] = []
    ground = solve = total = 0.0
    t_all = time.perf_counter()
    for _ in range(repeat):
        for f in files:
            t0 = time.perf_counter()
            _, sol = check_file(f, catalog=catalog)
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
    for _ in range(cold_runs):
        t0 = time.perf_counter()
        subprocess.run([exe, "check", *(["--catalog", catalog] if catalog else []), *paths], capture_output=True,
                       check=False)
        colds.append(time.perf_counter() - t0)

    # (inclusive: with few samples the default method extrapolates past the largest one)
    p90 = statistics.quantiles(latencies, n=10, method="inclusive")[-1] if len(latencies) > 1 else latencies[0]
    lines = [
        f"corpus: {len(files)} scenarios x {repeat} passes, in one process ({wall:.2f} s)",
        f"median per-scenario latency: {statistics.median(latencies) * 1000:.1f} ms "
        f"(p90 {p90 * 1000:.1f} ms, max {max(latencies) * 1000:.1f} ms)",
        f"time in clingo grounding: {ground / total:.0%}, solving: {solve / total:.0%}, "
        f"the rest (YAML, validation, facts, report): {(total - ground - solve) / total:.0%}",
        f"ground program per scenario (the same on every run): median {statistics.median(rules):.0f} rules, "
        f"{statistics.median(atoms):.0f} atoms; {sum(rules) // repeat} rules over the corpus",
    ]
    if colds:
        lines.append(f"cold `ygo-ruling check {' '.join(paths)}` end to end: median "
                     f"{statistics.median(colds):.2f} s of {len(colds)} runs")
    return "\n".join(lines)


def run_fuzz_bench(paths: list[str], count: int, seed: int) -> str:
    """``bench --fuzz N``: N seeded mutants of the corpus (bridge/fuzz.py), each judged."""
    import tempfile

    from .fuzz import run_fuzz

    files = scenario_files(paths)
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        verdicts = run_fuzz(files, count, seed, Path(tmp))
        wall = time.perf_counter() - t0
    by = {k: sum(v.outcome == k for v in verdicts) for k in ("answered", "bad_input", "broken")}
    slowest = max(verdicts, key=lambda v: v.seconds)
    lines = [f"fuzz: {count} mutants of {len(files)} scenarios (seed {seed}) in {wall:.1f} s: "
             f"{by['answered']} answered, {by['bad_input']} bad input, {by['broken']} broken",
             f"slowest mutant: {slowest.seconds:.2f} s ({slowest.what})"]
    lines += [f"BROKEN {v.what}: {v.problem}" for v in verdicts if v.outcome == "broken"]
    return "\n".join(lines)


def _summary_one(args: tuple[Path, str]) -> tuple[str, int]:
    """Check one file (with the run's card catalog) and keep only what the throughput run counts
    (so memory stays flat)."""
    from .api import Variant, check_one

    kind, value = check_one(args[0], Variant(), args[1])
    return kind, len(value["questions"]) if kind == "report" else 0


def run_throughput(paths: list[str], jobs: int, catalog: str | None = None) -> str:
    """``bench --jobs N``: the corpus once through N processes: wall time, scenarios a second,
    and the peak memory of this process and of its largest worker."""
    import resource

    from .parallel import run

    from .api import user_catalog

    files = scenario_files(paths)
    cards = user_catalog(catalog)
    t0 = time.perf_counter()
    results = run(_summary_one, [(f, cards) for f in files], jobs)
    wall = time.perf_counter() - t0
    kinds = {k: sum(1 for r in results if r[0] == k) for k in ("report", "error", "internal")}
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return "\n".join([
        f"throughput: {len(files)} scenarios with --jobs {jobs} in {wall:.1f} s "
        f"({len(files) / wall:.0f} scenarios/s; {kinds['report']} answered, {kinds['error']} bad input, "
        f"{kinds['internal']} internal errors; {sum(r[1] for r in results)} questions)",
        f"peak memory: {own:.0f} MiB in the main process, {child:.0f} MiB in the largest worker",
    ])
