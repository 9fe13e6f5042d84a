"""A seeded structural mutator over scenario files: the robustness check of the input edge.

Each mutant is a shipped scenario with one change: a key deleted, a value of another type, an
unknown name, a huge number, string or list, deep nesting, or a value shared many times (which
YAML writes as anchors and aliases).  Checking a mutant must end, within a time limit, in exit 0
or 1 with a complete answer, or exit 2 with one short line naming the file -- never a traceback
(an internal error), a hang or an overlong line.  ``tests/test_fuzz.py`` runs a few hundred;
``ygo-ruling bench --fuzz N`` runs more.
"""

from __future__ import annotations

import random
import signal
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

MAX_ERROR_LINE = 400
REPLACEMENTS: list[Any] = [None, 0, -1, 1.5, True, "x", "不存在的卡", "no_such_name", [], {}, {"x": 1},
                           4294967297, -(2**40), 10**30, "z" * 20_000, ["a"] * 1_000]


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a document (the root excluded)."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield (*prefix, k)
            yield from _paths(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield (*prefix, i)
            yield from _paths(v, (*prefix, i))


def _nested(depth: int) -> Any:
    value: Any = "x"
    for _ in range(depth):
        value = [value]
    return value


def mutate(data: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """One mutant of ``data`` (changed in place) and what was done to it."""
    places = list(_paths(data))
    place = rng.choice(places)
    parent: Any = data
    for part in place[:-1]:
        parent = parent[part]
    last = place[-1]
    kind = rng.choice(["delete", "replace", "replace", "nest", "share", "rename"])
    if kind == "delete":
        del parent[last]
    elif kind == "replace":
        parent[last] = rng.choice(REPLACEMENTS)
    elif kind == "nest":
        parent[last] = _nested(rng.choice([5, 30, 200]))
    elif kind == "share":  # a list sharing one value many times: YAML writes aliases
        leaf = [parent[last]] * 9
        for _ in range(rng.choice([1, 3, 6])):
            leaf = [leaf] * 9
        parent[last] = leaf
    else:
        if isinstance(parent, dict) and isinstance(last, str):
            parent[last + "_x"] = parent.pop(last)
        else:
            parent[last] = "unknown_" + str(last)
    return data, f"{kind} {'.'.join(map(str, place))}"


def mutants(files: list[Path], count: int, seed: int, out: Path) -> list[tuple[Path, str]]:
    """Write ``count`` mutants of ``files`` into the folder ``out``."""
    rng = random.Random(seed)
    written: list[tuple[Path, str]] = []
    sources = [yaml.safe_load(f.read_text(encoding="utf-8")) for f in files]
    for i in range(count):
        k = rng.randrange(len(files))
        data, what = mutate(yaml.safe_load(yaml.safe_dump(sources[k], allow_unicode=True)), rng)
        path = out / f"mutant_{i:04d}.yaml"
        path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        written.append((path, f"{files[k].name}: {what}"))
    return written


@dataclass
class Verdict:
    path: Path
    what: str
    outcome: str          # answered / bad_input / broken
    seconds: float
    problem: str = ""


class _TimedOut(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _TimedOut


def judge(path: Path, what: str, limit: float) -> Verdict:
    """Check one mutant in this process, under a time limit (SIGALRM)."""
    from .api import check_paths

    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, limit)
    t0 = time.perf_counter()
    try:
        result = check_paths([path])
    except _TimedOut:
        return Verdict(path, what, "broken", time.perf_counter() - t0, f"no answer within {limit:g} s")
    except Exception as exc:  # check_paths must catch everything itself
        return Verdict(path, what, "broken", time.perf_counter() - t0, f"{type(exc).__name__}: {exc}")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    dt = time.perf_counter() - t0
    if result["internal_errors"]:
        return Verdict(path, what, "broken", dt, result["internal_errors"][0])
    lines = result["errors"]
    if lines:
        if len(lines) != 1 or path.name not in lines[0] or len(lines[0]) > MAX_ERROR_LINE:
            return Verdict(path, what, "broken", dt, f"bad error lines: {[ln[:200] for ln in lines]}")
        return Verdict(path, what, "bad_input", dt)
    if len(result["scenarios"]) != 1:
        return Verdict(path, what, "broken", dt, "no answer and no error")
    return Verdict(path, what, "answered", dt)


def run_fuzz(files: list[Path], count: int, seed: int, out: Path, limit: float = 20.0) -> list[Verdict]:
    return [judge(path, what, limit) for path, what in mutants(files, count, seed, out)]
