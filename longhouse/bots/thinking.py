"""Bot thinking that never slows the hall: searches run in worker processes, not in the event loop's.

A search thread would share the interpreter lock with the event loop, so every other table would wait
while a bot thinks. Instead the hall hands a bot's move (or a hint, or a replay's analysis) to a
``Thinker``: a small pool of worker processes (``spawn``, so no lock or socket of the server is
inherited) that run at a lower scheduling priority than the hall (``nice``), so on a busy machine the
hall's own work comes first. The state and the bot are pickled in the caller before the call returns
(the executor would pickle later, in its own thread, while the table's state may already have moved
on); the answer comes back as the action itself.

Each move gets a fresh seed drawn from the bot's own generator, so a bot seeded at the table plays
reproducibly whatever worker runs it. Bots that answer at once (``Bot.offload`` false: random) are run
inline: the trip would cost more than the thinking.

One thinker is shared by every hall in a process (``shared()``); it starts its workers on first use
and stops them at exit (or ``close()``). Its size is the machine's core count, or the environment's
``LONGHOUSE_BOT_WORKERS``; ``0`` thinks in a thread of the hall's own process instead (the old way:
the search then competes with the event loop for the interpreter lock; ``bench/bot_latency.py``
measures the difference).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import multiprocessing
import os
import pickle
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, TypeVar

from longhouse.bots.base import Bot
from longhouse.engine.state import Action, State

#: How much lower than the hall the workers are scheduled (``os.nice`` increment).
WORKER_NICENESS = 5
#: How often an idle worker checks that the hall that started it still runs.
PARENT_CHECK_SECONDS = 2.0
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Thought:
    """A bot's answer and where and how long it was thought (for tests and benchmarks)."""

    action: Action
    pid: int
    seconds: float


def _worker_start(niceness: int) -> None:
    if niceness:
        with contextlib.suppress(OSError):  # not permitted: run at the hall's priority
            os.nice(niceness)
    threading.Thread(target=_exit_with_parent, args=(os.getppid(),), daemon=True).start()


def _exit_with_parent(parent: int) -> None:
    """A worker whose hall was killed outright (no shutdown) ends too, instead of lingering."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def _choose(bot: Bot, seed: int, state: State, seat: int) -> Thought:
    start = time.perf_counter()
    bot.reseed(seed)
    action = bot.choose(state, seat)
    return Thought(action, os.getpid(), time.perf_counter() - start)


def _call(fn: Callable[..., T], packed: bytes) -> T:
    args: tuple[Any, ...] = pickle.loads(packed)
    return fn(*args)


class Thinker:
    """A pool of worker processes for bot searches (``workers`` defaults to the machine's cores)."""

    def __init__(self, workers: int | None = None, niceness: int = WORKER_NICENESS) -> None:
        if workers is not None and workers < 0:
            raise ValueError("a thinker has zero or more worker processes")
        self.workers = max(1, os.cpu_count() or 1) if workers is None else workers
        self.niceness = niceness
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        #: Calls handed to the workers and not yet answered (the hall's ``longhouse_bot_queue``).
        self.in_flight = 0

    def _executor(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=_worker_start, initargs=(self.niceness,))
            return self._pool

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker process (``fn`` and its arguments must pickle; they are pickled
        now, so the caller may change them as soon as this coroutine is created and awaited)."""
        packed = pickle.dumps(args, protocol=pickle.HIGHEST_PROTOCOL)
        self.in_flight += 1
        try:
            return await self._run(fn, packed)
        finally:
            self.in_flight -= 1

    async def _run(self, fn: Callable[..., T], packed: bytes) -> T:
        if self.workers == 0:
            return await asyncio.to_thread(_call, fn, packed)
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            pool = self._executor()
            try:
                return await loop.run_in_executor(pool, _call, fn, packed)
            except BrokenProcessPool:
                # a worker died (killed, out of memory): start a new pool once, then give up
                with self._lock:
                    if self._pool is pool:
                        self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def think(self, bot: Bot, state: State, seat: int) -> Thought:
        """``bot``'s action for ``seat`` in ``state``, thought in a worker (inline for instant bots).

        The bot's own generator gives the move's seed, so the bot stays reproducible; ``state`` is not
        changed (the worker has its own copy).
        """
        seed = bot.rng.next64()
        if not bot.offload:
            return _choose(bot, seed, state.clone(), seat)
        return await self.run(_choose, bot, seed, state, seat)

    def close(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


_shared: Thinker | None = None
_shared_lock = threading.Lock()


def shared() -> Thinker:
    """The process's thinker, shared by every hall (its workers start on first use)."""
    global _shared
    with _shared_lock:
        if _shared is None:
            configured = os.environ.get("LONGHOUSE_BOT_WORKERS", "").strip()
            _shared = Thinker(int(configured) if configured else None)
            atexit.register(_shared.close)
        return _shared
