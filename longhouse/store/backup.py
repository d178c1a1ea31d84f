"""A copy of a running hall's SQLite database, made with SQLite's online backup API.

The copy is made in one step of the backup API, that is in one read transaction: in WAL mode (the store's) a
reader does not stop the hall's writers, and what it reads is one snapshot, so the copy holds every move
committed before it began and none after (never half a transaction). It is written beside the target as
``FILE.partial``, checked (``PRAGMA integrity_check``), made a single file (no write-ahead log) and only then
renamed to ``FILE``: a backup that fails leaves no file that looks like one.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy.engine.url import make_url

from longhouse.store.db import BUSY_TIMEOUT_MS


class BackupError(Exception):
    """A backup that cannot be made (the message says why)."""


@dataclass(frozen=True)
class Copy:
    path: Path
    bytes: int
    pages: int


def sqlite_file(url: str) -> Path:
    """The file of the SQLite store at ``url``; ``BackupError`` for another database or a missing file."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        raise BackupError("db backup copies an SQLite file; back up PostgreSQL with longhouse db dump (or "
                          "pg_dump)")
    path = Path(parsed.database)
    if not path.is_file():
        raise BackupError(f"there is no database at {path}")
    return path


def backup(url: str, target: Path) -> Copy:
    """Copy the SQLite store at ``url`` to ``target`` (which must not exist) while the hall runs."""
    source = sqlite_file(url)
    if target.exists():
        raise BackupError(f"{target} exists: name a new file")
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        with contextlib.closing(sqlite3.connect(source)) as src, contextlib.closing(sqlite3.connect(partial)) as dst:
            src.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            src.backup(dst)  # pages=-1: the whole database in one step, one snapshot
            dst.execute("PRAGMA journal_mode=DELETE")
            problems = [row[0] for row in dst.execute("PRAGMA integrity_check")]
            if problems != ["ok"]:
                raise BackupError(f"the copy is damaged: {'; '.join(problems[:5])}")
            pages = int(dst.execute("PRAGMA page_count").fetchone()[0])
        with partial.open("rb") as copy:
            os.fsync(copy.fileno())
        os.replace(partial, target)
    except sqlite3.Error as exc:
        raise BackupError(f"cannot copy {source}: {exc}") from exc
    finally:
        partial.unlink(missing_ok=True)
    return Copy(target, target.stat().st_size, pages)
