"""Run one function over many items, in order: in this process, in a process pool, or on Dask.

No game logic here.  Results always come back in the items' order, so a run with ``--jobs N``
or ``--dask`` prints the same document as a run in one process.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

DASK_HINT = 'Dask is an optional extra: pip install "ygo-ruling[dask]" (or ".[dask]" in a checkout)'


def default_jobs() -> int:
    """The machine's cores (those this process may use)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def run(fn: Callable[[T], R], items: Sequence[T], jobs: int = 1, dask: str | None = None,
        progress: Callable[[int, int], None] | None = None) -> list[R]:
    """``[fn(x) for x in items]``; ``fn`` must be a module-level function that never raises."""
    total = len(items)
    if dask:
        return _on_dask(fn, items, dask, progress)
    if jobs <= 1 or total < 2:
        out: list[R] = []
        for x in items:
            out.append(fn(x))
            if progress:
                progress(len(out), total)
        return out
    from concurrent.futures import ProcessPoolExecutor

    workers = min(jobs, total)
    # chunks keep the per-item overhead low while leaving work to balance at the end
    chunk = max(1, min(16, total // (workers * 8)))
    out = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for result in pool.map(fn, items, chunksize=chunk):
            out.append(result)
            if progress:
                progress(len(out), total)
    return out


def _on_dask(fn: Callable[[T], R], items: Sequence[T], address: str,
             progress: Callable[[int, int], None] | None) -> list[R]:
    from .errors import InputError

    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise InputError("command line", "--dask", DASK_HINT) from None
    cluster = None
    if address == "local":
        cluster = LocalCluster(n_workers=default_jobs(), threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    else:
        try:
            client = Client(address, timeout=10)
        except OSError as exc:
            raise InputError("command line", "--dask", f"cannot reach the scheduler {address!r}: {exc}") from None
    try:
        futures = client.map(fn, list(items), pure=False)
        if progress:
            for done, _ in enumerate(as_completed(futures), start=1):
                progress(done, len(futures))
        return client.gather(futures)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
