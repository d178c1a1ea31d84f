"""``longhouse db backup FILE``: copies of an SQLite hall made while moves are being written open, pass SQLite's
integrity check, and each holds one moment: every move committed before it, whole transactions only."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from longhouse.cli import main
from longhouse.engine.records import Record
from longhouse.store import Move, Store, revisions


def test_backups_taken_while_moves_are_written_are_whole_and_consistent(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'hall.db'}"
    store = Store(url)
    tables = []
    for _ in range(2):
        row = store.create_table("toy", 2, {}, [None, None])
        store.start_table(row.id, Record("toy", "1", ["Ann", "Bob"], 7), [None, None])
        tables.append(row.id)
    store.append_moves([Move(t, i, {"seat": i % 2, "action": {"pick": i, "pad": "x" * 40}})  # 500 kB to copy
                        for i in range(3000) for t in tables])
    written = [3000]
    stop = threading.Event()

    def write() -> None:  # each transaction stores one move at both tables
        while not stop.is_set():
            i = written[0]
            store.append_moves([Move(t, i, {"seat": i % 2, "action": {"pick": i}}) for t in tables])
            written[0] = i + 1

    writer = threading.Thread(target=write)
    writer.start()
    copies = []
    try:
        for n in range(4):
            start = written[0]
            while written[0] < start + 50:  # moves go on between the copies
                stop.wait(0.01)
            copy = tmp_path / f"copy-{n}.db"
            assert main(["db", "backup", str(copy), "--database", url]) == 0
            assert "checked" in capsys.readouterr().out
            copies.append((copy, written[0]))
    finally:
        stop.set()
        writer.join(30)
        store.close()
    held = []
    for copy, after in copies:
        assert not copy.with_name(copy.name + "-wal").exists() or copy.with_name(copy.name + "-wal").stat().st_size == 0
        backed = Store(f"sqlite:///{copy}", upgrade=False)  # opens, at the newest revision
        try:
            lengths = {len(backed.entries(t)) for t in tables}  # entries() refuses a gap in a record
            assert len(lengths) == 1, f"the copy holds half a transaction: {lengths}"
            (length,) = lengths
            assert 3000 <= length <= after
            held.append(length)
            assert revisions.database_state(backed.engine).up_to_date
        finally:
            backed.close()
    assert held == sorted(held) and held[-1] > held[0]  # later copies hold the moves made meanwhile


def test_a_backup_never_overwrites_and_copies_only_sqlite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'hall.db'}"
    Store(url).close()
    target = tmp_path / "copy.db"
    target.write_text("an older copy")
    assert main(["db", "backup", str(target), "--database", url]) == 1
    assert "exists" in capsys.readouterr().err and target.read_text() == "an older copy"
    assert main(["db", "backup", str(tmp_path / "x.db"), "--database", f"sqlite:///{tmp_path / 'none.db'}"]) == 1
    assert "there is no database" in capsys.readouterr().err and not (tmp_path / "none.db").exists()
    assert main(["db", "backup", str(tmp_path / "y.db"), "--database",
                 "postgresql+psycopg://postgres@127.0.0.1:5432/test"]) == 1
    assert "longhouse db dump" in capsys.readouterr().err
