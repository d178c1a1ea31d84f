"""SQLite's write-ahead log stays bounded under steady writes: the background checkpoints copy it into the
database but never restart it while writes keep coming, so the hall's tick truncates it once it has grown
past ``Store.wal_limit`` (at a moment no write is in flight)."""

from __future__ import annotations

import asyncio
import itertools
from pathlib import Path

from harness import started_toy_tables

from longhouse.server.hall import Hall
from longhouse.server.settings import Settings
from longhouse.store import Move, Store

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
        assert not store.truncate_wal()
        assert store.wal.stat().st_size > 0
    finally:
        store.close()
    memory = Store("sqlite:///:memory:")
    try:
        assert memory.wal is None and not memory.truncate_wal()
    finally:
        memory.close()
