"""How every SQLite connection of a store is set up (``Store`` listens with ``sqlite_pragmas``)."""

from __future__ import annotations

from typing import Any

#: How long an SQLite statement waits for a lock another connection holds.
BUSY_TIMEOUT_MS = 5000

__all__ = ["BUSY_TIMEOUT_MS", "sqlite_pragmas"]


def sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # WAL with synchronous=NORMAL: a committed transaction survives the process being killed (-9);
    # only an operating-system crash could lose the last commits.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cur.execute("PRAGMA wal_autocheckpoint=0")
    cur.close()
