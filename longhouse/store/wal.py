"""Cutting SQLite's write-ahead log back, between two turns of the event loop.

The store checkpoints the log in a background thread, but those checkpoints never restart it while writes
keep coming; ``Store.truncate_wal`` does, when no write is in flight. The hall calls ``cut_back`` on its
tick, once the moves gathered so far are stored. Something may hold the log at that moment (the background
checkpoint, or a reader of an older snapshot): then it is tried again a moment later, a few times, without
waiting for anyone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from longhouse.store.db import Store

log = logging.getLogger("longhouse.store.wal")

#: A write-ahead log held when the tick would cut it back is tried again this often (s), this many times.
RETRY = 0.05
RETRIES = 10


def cut_back(store: Store, retries: int = RETRIES) -> None:
    """Cut the store's write-ahead log back if it is past its limit; if something holds it, try again
    ``RETRY`` seconds later, up to ``retries`` times (with no event loop running: on the next call)."""
    try:
        if store.truncate_wal() or retries <= 0:
            return
    except Exception as exc:  # a failing disk: the log is cut back on a later tick
        log.warning("the store's write-ahead log could not be truncated: %s", exc)
        return
    with contextlib.suppress(RuntimeError):  # no loop running (a script driving a hall): the next tick
        asyncio.get_running_loop().call_later(RETRY, cut_back, store, retries - 1)
