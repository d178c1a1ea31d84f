"""Wall-clock time on the hall's own clock: what vacations and reputation are dated in.

The hall measures clocks, away periods and grace periods on its injectable clock (``Limits.clock``, monotonic
in a running hall; tests move a fake one by hand). Vacations and the outcomes of games are dated in wall-clock
seconds (a date is shown, several processes and restarts compare them), read on that same clock: the wall time
when this module was loaded plus the hall clock's reading since, so that a test's fake clock moves them too.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Protocol

#: Wall-clock time minus the monotonic clock's reading, when this module was loaded.
_OFFSET = time.time() - time.monotonic()


class Clocked(Protocol):
    def clock(self) -> float: ...


def wall(hall: Clocked) -> float:
    """Now, in wall-clock seconds (``time.time()``'s scale), on ``hall``'s clock."""
    return _OFFSET + hall.clock()


def when(seconds: float) -> str:
    """A wall-clock moment in words for the chat and errors: 2026-12-24 18:00 UTC."""
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%d %H:%M UTC")
