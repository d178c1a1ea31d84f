"""Where many independent games run: in this process, on a local process pool, or on a Ray cluster.

``run_all(fn, items, jobs=..., ray=...)`` calls ``fn`` on every item and returns the results in the
order of ``items``, whichever runs them, so a seeded job gives identical results everywhere:

- ``ray=None``: ``jobs`` local worker processes (``jobs=1``: this process, no pool);
- ``ray="local"``: a Ray cluster started here for the run, with ``jobs`` CPUs, shut down at the end;
- ``ray="HOST:PORT"`` (or ``"auto"``): an existing Ray cluster (``ray start --head``), one CPU per task;
  the driver authenticates with the cluster's token (``RAY_AUTH_MODE=token`` unless set otherwise).

A program that has called ``ray.init`` itself keeps its connection: its cluster runs the items.
Ray is an optional extra (``pip install longhouse[research]``); it is imported only when asked for.
``fn`` and the items must be picklable: a module-level function and plain data.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def default_jobs() -> int:
    """One worker per CPU this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def run_all(
    fn: Callable[[T], R],
    items: Sequence[T],
    jobs: int | None = None,
    ray: str | None = None,
    on_result: Callable[[R], None] | None = None,
) -> list[R]:
    """``[fn(item) for item in items]``, computed in parallel; ``on_result`` sees each as it arrives."""
    workers = default_jobs() if jobs is None else jobs
    if workers < 1:
        raise ValueError(f"jobs must be at least 1, not {workers}")
    if ray is not None:
        return _on_ray(fn, items, workers, ray, on_result)
    if workers == 1 or len(items) <= 1:
        results = []
        for item in items:
            result = fn(item)
            results.append(result)
            if on_result:
                on_result(result)
        return results
    found: dict[int, R] = {}
    with ProcessPoolExecutor(max_workers=min(workers, len(items))) as pool:
        futures = {pool.submit(fn, item): i for i, item in enumerate(items)}
        for future in as_completed(futures):
            found[futures[future]] = result = future.result()
            if on_result:
                on_result(result)
    return [found[i] for i in range(len(items))]


def _on_ray(
    fn: Callable[[T], R], items: Sequence[T], workers: int, address: str,
    on_result: Callable[[R], None] | None,
) -> list[R]:
    local = address == "local"
    if not local:
        # Ray clusters authenticate their drivers with a token (``ray start`` makes one, in ~/.ray); Ray
        # reads the mode when it is imported.
        os.environ.setdefault("RAY_AUTH_MODE", "token")
    try:
        import ray
    except ImportError:
        raise RuntimeError("--ray needs Ray: pip install 'longhouse[research]'") from None
    joined = ray.is_initialized()  # the caller connected already: use that cluster and leave it be
    options: dict[str, Any] = {"include_dashboard": False, "logging_level": "WARNING", "log_to_driver": False}
    if joined:
        pass
    elif local:
        _start_local(ray, workers, options)
    else:
        ray.init(address=address, **options)
    try:
        task = ray.remote(num_cpus=1, max_retries=0)(fn)
        refs = [task.remote(item) for item in items]
        index = {ref: i for i, ref in enumerate(refs)}
        found: dict[int, R] = {}
        pending = list(refs)
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                found[index[ref]] = result = ray.get(ref)
                if on_result:
                    on_result(result)
        return [found[i] for i in range(len(items))]
    finally:
        if not joined:
            ray.shutdown()


#: The object store a ``--ray local`` cluster reserves (games return small records).
_OBJECT_STORE = 100 * 1024 * 1024
#: Ray gives its node 30 s to start; on a machine busy with other work it may need another try.
_STARTS = 3


def _start_local(ray: Any, workers: int, options: dict[str, Any]) -> None:
    for attempt in range(1, _STARTS + 1):
        try:
            ray.init(address="local", num_cpus=workers, object_store_memory=_OBJECT_STORE, **options)
            return
        except Exception as exc:
            ray.shutdown()
            if attempt == _STARTS or "timed out during startup" not in str(exc):
                raise
