"""SQLite's write-ahead log stays bounded under steady writes: the background checkpoints copy it into the
database but never restart it while writes keep coming, so the hall's tick truncates it once it has grown
past ``Store.wal_limit`` (at a moment no write is in flight)."""

from __future__ import annotations

import asyncio
import itertools
import sqlite3
from pathlib import Path

from harness import started_toy_tables

from longhouse.server.hall import Hall
from longhouse.server.settings import Settings
from longhouse.store import Move, Store
from tests.waiting import until_async

LIMIT = 1024 * 1024


def test_the_write_ahead_log_stays_bounded_under_steady_writes(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'hall.db'}", wal_limit=LIMIT)
    assert store.wal is not None
    sizes: list[int] = []

    async def main() -> None:
        hall = Hall(store, Settings())
        [tid] = started_toy_tables(store, 1)
        for index in range(6000):  # one move a turn of the loop, as a busy hall stores them
            store.append_moves([Move(tid, index, {"seat": 0, "note": "x" * 1000})])
            if index % 10 == 9:  # the hall's tick comes between two turns
                hall.tick()
                sizes.append(store.wal.stat().st_size)  # type: ignore[union-attr]
            await asyncio.sleep(0)

    try:
        asyncio.run(main())
        assert len(store.entries(1)) == 6000
    finally:
        store.close()
    # the log grew past its limit many times over and was cut back each time (6,000 pages of log written)
    assert max(sizes) < 3 * LIMIT, f"the write-ahead log grew to {max(sizes) / LIMIT:.1f} MiB"
    assert sum(1 for before, after in itertools.pairwise(sizes) if after < before) >= 10


def test_a_small_write_ahead_log_is_left_alone_and_other_databases_have_none(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'hall.db'}")
    try:
        [tid] = started_toy_tables(store, 1)
        store.append_moves([Move(tid, 0, {"seat": 0})])
        assert store.wal is not None and 0 < store.wal.stat().st_size < store.wal_limit
        assert store.truncate_wal()  # within its limit: nothing done
        assert store.wal.stat().st_size > 0
    finally:
        store.close()
    memory = Store("sqlite:///:memory:")
    try:
        assert memory.wal is None and memory.truncate_wal()
    finally:
        memory.close()


def test_a_log_held_at_the_tick_is_cut_back_as_soon_as_it_is_free(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'hall.db'}", wal_limit=64 * 1024)
    assert store.wal is not None
    reader = sqlite3.connect(tmp_path / "hall.db")

    async def main() -> None:
        hall = Hall(store, Settings(tick=3600))
        [tid] = started_toy_tables(store, 1)
        store.append_moves([Move(tid, 0, {"seat": 0})])
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM actions").fetchone()  # a reader on a snapshot in the log
        for index in range(1, 100):
            store.append_moves([Move(tid, index, {"seat": 0, "note": "x" * 1000})])
        hall.tick()  # the log is past its limit, but held: not cut back, and no waiting for the reader
        assert store.wal.stat().st_size > 64 * 1024  # type: ignore[union-attr]
        reader.execute("COMMIT")
        # cut back on the retry's timer, long before the next tick (an hour)
        await until_async(lambda: store.wal.stat().st_size == 0, timeout=5, what="the log cut back")  # type: ignore[union-attr]

    try:
        asyncio.run(main())
    finally:
        reader.close()
        store.close()
