"""Guests not seen for ``Settings.guest_age`` seconds are removed, so that their names can be given again.

There are 90,000 guest names (``auth.guest``); before this they were never freed, and a hall that had made
most of them refused newcomers. The sweep runs at start-up and every ``SWEEP_EVERY`` seconds, and at once
(at most once a ``SWEEP_SOON`` seconds) when a newcomer finds no free name. A guest seated at an open table
(of any process: read from the store) or connected to this process is kept, whatever its age.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from longhouse.store import Person
from longhouse.store.guests import remove_guests, unseen_guests

if TYPE_CHECKING:
    from longhouse.server.hall import Hall

log = logging.getLogger("longhouse.guests")

SWEEP_EVERY = 3600.0
#: The soonest a newcomer without a free name sweeps again.
SWEEP_SOON = 60.0


class GuestSweep:
    def __init__(self, hall: Hall) -> None:
        self.hall = hall
        self.last = float("-inf")
        self._task: asyncio.Task[None] | None = None

    def connected(self) -> set[int]:
        """The people connected to this process (read on the event loop)."""
        return set(self.hall.limits.sockets_by_person)

    def sweep(self, connected: set[int]) -> int:
        """Remove the guests not seen for ``guest_age`` seconds, but those ``connected`` or seated at an open
        table; how many."""
        self.last = time.monotonic()
        age = self.hall.settings.guest_age
        if not age:
            return 0
        store, removed = self.hall.store, 0
        keep = connected | {occ.user_id for row in store.open_tables() for occ in row.occupants
                            if isinstance(occ, Person)}
        since = time.time() - age
        while ids := unseen_guests(store, since, keep):
            removed += remove_guests(store, self.hall.people, ids)
        if removed:
            log.info("removed %d guests not seen for %.0f s; their names are free again", removed, age)
        return removed

    async def sweep_soon(self) -> int:
        """Sweep now (off the event loop) unless a sweep ran in the last ``SWEEP_SOON`` seconds."""
        if time.monotonic() - self.last < SWEEP_SOON:
            return 0
        self.last = time.monotonic()
        return await asyncio.to_thread(self.sweep, self.connected())

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._loop())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def _loop(self) -> None:
        while True:
            try:
                await asyncio.to_thread(self.sweep, self.connected())
            except Exception:
                log.exception("the guests' sweep failed")
            await asyncio.sleep(SWEEP_EVERY)
