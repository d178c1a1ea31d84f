"""The garbage collector of a long-running hall: the start-up heap frozen, full collections on a timer.

Full collections of the whole heap paused the hall 80-200 ms every few seconds. So, once started, the
hall freezes what it has loaded (``gc.freeze``: the games, bots and tables live as long as the process)
and raises the thresholds, and the collector then runs the oldest generation almost never by itself: in
a steady hall the young generations see few new objects, and an object that lived a few minutes (a table,
a connection) reached the oldest one before it died. Whatever such an object leaves in a reference cycle
would then stay for hours. Tables and connections are freed by reference counting (they hold no cycle),
and ``Collector`` runs one full collection of the unfrozen heap every ``interval`` seconds in the event
loop, so that any cycle left elsewhere (a library's exception and its traceback) is freed too: memory
stays bounded under a steady load, at the cost of one short pause per interval.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

log = logging.getLogger("longhouse.collector")

#: Thresholds after freezing: the young generation collected every 10,000 new objects, the others rarely.
THRESHOLDS = (10_000, 20, 100)


def freeze() -> None:
    """Collect, then move everything alive into the permanent generation and raise the thresholds."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


class Collector:
    """A full collection every ``interval`` seconds in the running event loop (0: never)."""

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self.runs = 0
        #: Objects freed and seconds taken by the last full collection.
        self.last: tuple[int, float] = (0, 0.0)
        self._timer: asyncio.TimerHandle | None = None

    def start(self) -> None:
        if self.interval > 0:
            self._timer = asyncio.get_running_loop().call_later(self.interval, self._run)

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def collect(self) -> int:
        """One full collection now; how many unreachable objects it found."""
        start = time.perf_counter()
        found = gc.collect()
        self.runs += 1
        self.last = (found, time.perf_counter() - start)
        log.debug("full collection: %d unreachable objects freed in %.1f ms", found, 1000 * self.last[1])
        return found

    def _run(self) -> None:
        self._timer = None
        try:
            self.collect()
        finally:
            self.start()
