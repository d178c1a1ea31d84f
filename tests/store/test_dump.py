"""``longhouse db dump`` and ``load``: a hall moved SQLite → PostgreSQL → SQLite answers as it did, its rows the
same at every step; a damaged or foreign dump is refused with its line, and nothing is loaded; so is a load
into a store that has rows."""

from __future__ import annotations

import gzip
import hashlib
import json
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from answers import load_facts
from harness import Hall
from sqlalchemy import create_engine, inspect
from sqlalchemy.pool import NullPool
from test_legacy import same_answers, same_as_before
from test_revisions import counts
from test_store_postgres import PG_URL

from longhouse.cli import main
from longhouse.engine.records import Record
from longhouse.store import Move, Store, dump, revisions
from longhouse.store.db import model
from longhouse.store.people import PeopleStore


def rows_of(path: Path) -> list[str]:
    """A dump's lines after its header (which says when it was made)."""
    if path.suffix == ".gz":
        with gzip.open(path, "rt", encoding="utf-8") as packed:
            return list(packed)[1:]
    return path.read_text(encoding="utf-8").splitlines(keepends=True)[1:]


@pytest.fixture(scope="module")
def dumped(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A dump of the legacy database, upgraded."""
    folder = tmp_path_factory.mktemp("dumped")
    database = folder / "hall.db"
    database.write_bytes(Path(__file__).with_name("fixtures").joinpath("legacy.db").read_bytes())
    assert main(["db", "upgrade", "--database", f"sqlite:///{database}"]) == 0
    assert main(["db", "dump", str(folder / "hall.jsonl"), "--database", f"sqlite:///{database}"]) == 0
    return folder / "hall.jsonl"


def test_sqlite_to_postgres_to_sqlite_keeps_every_row_and_answer(dumped: Path, pg_prefix: str, tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["db", "load", str(dumped), "--database", PG_URL, "--table-prefix", pg_prefix]) == 0
    assert f"1122 rows of {TABLES} tables loaded" in capsys.readouterr().out  # 5 of them: the accounts' name keys
    moved = tmp_path / "moved.jsonl.gz"
    assert main(["db", "dump", str(moved), "--database", PG_URL, "--table-prefix", pg_prefix]) == 0
    assert rows_of(moved) == rows_of(dumped)
    back = f"sqlite:///{tmp_path / 'back.db'}"
    assert main(["db", "load", str(moved), "--database", back]) == 0
    again = tmp_path / "again.jsonl"
    assert main(["db", "dump", str(again), "--database", back]) == 0
    assert rows_of(again) == rows_of(dumped)
    facts = load_facts()
    on_postgres = Hall(PG_URL, prefix=pg_prefix)
    try:
        same_answers(on_postgres, facts)
    finally:
        on_postgres.stop()
    hall = Hall(back)  # the numbering goes on after the rows loaded: a new account or table takes the next
    try:
        same_as_before(hall)
    finally:
        hall.stop()


def test_postgres_numbers_new_rows_after_those_loaded(dumped: Path, pg_prefix: str) -> None:
    assert main(["db", "load", str(dumped), "--database", PG_URL, "--table-prefix", pg_prefix]) == 0
    store = Store(PG_URL, prefix=pg_prefix)
    try:
        assert store.create_user("Newcomer", "hash").id == 7
        assert store.create_table("manitou", 2, {}, [None, None]).id == 11
    finally:
        store.close()


def edit_line(number: int, change: Callable[[str], str]) -> Callable[[list[str]], list[str]]:
    def edit(lines: list[str]) -> list[str]:
        return [change(line) if i == number else line for i, line in enumerate(lines, 1)]
    return edit


def users_row(lines: list[str]) -> int:
    """The line number of the first row of ``users``."""
    return next(i for i, line in enumerate(lines, 1) if line.startswith('{"table":"users"')) + 1


#: The store's tables (every revision's), each a section of a dump.
TABLES = len(model("").tables)

DAMAGES: dict[str, tuple[Callable[[list[str]], list[str]], str]] = {
    "cut inside a line": (lambda lines: [*lines[:40], lines[40][:7]], r"^line 41: the line is cut short"),
    "cut between lines": (lambda lines: lines[:-3], r"^line \d+: the dump ends here, before its last line"),
    "garbled": (edit_line(30, lambda line: line[:5] + "\x00" + line[6:]), r"^line 30: not JSON"),
    "a value changed": (edit_line(10, lambda line: line.replace("1", "2", 1)),
                        r"^line \d+: the rows of '\w+' are not those dumped \(their SHA-256 differs"),
    "another format version": (edit_line(1, lambda line: line.replace('"version":1', '"version":2')),
                               r"^line 1: a dump of format version 2; this release reads version 1"),
    "an unknown revision": (edit_line(1, lambda line: line.replace(f'"revision":"{revisions.head()}"',
                                                                   '"revision":"9999"')),
                            r"^line 1: the rows are in schema revision '9999'"),
    "foreign JSON": (lambda lines: ['{"users": []}\n', *lines[1:]], r"^line 1: not a Longhouse dump"),
    "a CSV file": (lambda lines: ["id,name\n", "1,Ann\n"], r"^line 1: not JSON"),
    "a wrong value": (lambda lines: edit_line(users_row(lines), lambda line: line.replace('"Ann"', "17", 1))(lines),
                      r"^line \d+: users.name: 17 is not a value of its type"),
    "a row twice": (lambda lines: [*lines[:users_row(lines)], *lines[users_row(lines) - 1:]],
                    r"^line \d+: expected the end of 'users' after its 7 rows"),
    "a count that lies": (lambda lines: [*lines[:-1], lines[-1].replace('"rows":1122', '"rows":1121')],
                          rf"^line \d+: the last line counts {TABLES} tables and 1121 rows; "
                          rf"the dump held {TABLES} and 1122"),
}


def damaged(dumped: Path, tmp_path: Path, how: str) -> Path:
    lines = DAMAGES[how][0](dumped.read_text(encoding="utf-8").splitlines(keepends=True))
    path = tmp_path / "damaged.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    return path


@pytest.mark.parametrize("how", list(DAMAGES))
def test_a_damaged_or_foreign_dump_is_refused_with_its_line_and_nothing_is_loaded(
        dumped: Path, tmp_path: Path, how: str) -> None:
    path = damaged(dumped, tmp_path, how)
    url = f"sqlite:///{tmp_path / 'target.db'}"
    engine = create_engine(url, poolclass=NullPool)
    with pytest.raises(dump.DumpError, match=DAMAGES[how][1]), path.open(encoding="utf-8", newline="") as lines:
        dump.load(engine, "", lines)
    assert inspect(engine).get_table_names() == []  # not even the tables made for it
    engine.dispose()


def test_a_row_the_database_refuses_names_its_lines_and_postgres_keeps_nothing(
        dumped: Path, tmp_path: Path, pg_prefix: str, capsys: pytest.CaptureFixture[str]) -> None:
    lines = dumped.read_text(encoding="utf-8").splitlines(keepends=True)
    first = users_row(lines)
    lines[first] = lines[first - 1]  # the second account has the first one's number and name
    end = next(i for i, line in enumerate(lines) if line.startswith('{"end":"users"'))
    digest = hashlib.sha256("".join(lines[first - 1:end]).encode()).hexdigest()
    lines[end] = json.dumps({"end": "users", "rows": 6, "sha256": digest}, separators=(",", ":")) + "\n"
    path = tmp_path / "twice.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    assert main(["db", "load", str(path), "--database", PG_URL, "--table-prefix", pg_prefix]) == 1
    err = capsys.readouterr().err
    assert f"lines {first}-{first + 5}: the database refuses a row of 'users'" in err
    engine = create_engine(PG_URL, poolclass=NullPool)
    assert not [t for t in inspect(engine).get_table_names() if t.startswith(pg_prefix)]
    engine.dispose()


def test_bytes_that_are_not_text_are_refused(dumped: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "binary.jsonl"
    path.write_bytes(dumped.read_bytes()[:200] + b"\xff\xfe\x00garbage\n")
    assert main(["db", "load", str(path), "--database", f"sqlite:///{tmp_path / 'target.db'}"]) == 1
    assert "not UTF-8 text" in capsys.readouterr().err


def test_a_store_with_rows_is_not_loaded_into(dumped: Path, legacy_copy: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["db", "upgrade", "--database", legacy_copy]) == 0
    engine = create_engine(legacy_copy, poolclass=NullPool)
    before = counts(engine)
    assert main(["db", "load", str(dumped), "--database", legacy_copy]) == 1
    err = capsys.readouterr().err
    assert "the store is not empty (" in err and "users: 6 rows" in err
    assert counts(engine) == before
    engine.dispose()


def test_a_dump_never_overwrites_a_file_and_needs_a_revision(legacy_copy: str, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.jsonl"
    assert main(["db", "dump", str(out), "--database", legacy_copy]) == 1  # written before migrations
    assert "upgrade" in capsys.readouterr().err and not out.exists()
    assert not list(tmp_path.glob("*.partial"))
    out.write_text("keep me")
    assert main(["db", "upgrade", "--database", legacy_copy]) == 0
    assert main(["db", "dump", str(out), "--database", legacy_copy]) == 1
    assert "exists" in capsys.readouterr().err and out.read_text() == "keep me"
    fresh = tmp_path / "fresh.jsonl"
    assert main(["db", "dump", str(fresh), "--database", legacy_copy]) == 0
    header = json.loads(fresh.read_text(encoding="utf-8").splitlines()[0])
    assert header["format"] == "longhouse-dump" and header["version"] == 1
    assert header["revision"] == revisions.head()


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_dump_made_while_moves_are_written_holds_whole_transactions(
        database: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """Each transaction stores one move at each of two tables and their clocks (another table, read before the
    moves): the dump, one snapshot, has as many moves at both and the clocks those moves left."""
    if database == "sqlite":
        url, prefix = f"sqlite:///{tmp_path / 'hall.db'}", ""
    else:
        url, prefix = PG_URL, request.getfixturevalue("pg_prefix")
    store = Store(url, prefix=prefix)
    people = PeopleStore(store.engine, prefix, store.tables, store.users)
    store.keep_people_in(people.hall, people.people, people.clocks)
    tables = []
    for _ in range(2):
        row = store.create_table("toy", 2, {}, [None, None])
        store.start_table(row.id, Record("toy", "1", ["Ann", "Bob"], 7), [None, None])
        tables.append(row.id)
    store.append_moves([Move(t, i, {"seat": i % 2, "pick": i}) for i in range(2000) for t in tables])
    stop, written = threading.Event(), [2000]

    def write() -> None:
        while not stop.is_set():
            i = written[0]
            store.append_moves([Move(t, i, {"seat": i % 2, "pick": i}, clock={"moves": i + 1}) for t in tables])
            written[0] = i + 1

    writer = threading.Thread(target=write)
    writer.start()
    out = tmp_path / "live.jsonl"
    try:
        while written[0] < 2020:
            stop.wait(0.01)
        assert main(["db", "dump", str(out), "--database", url, "--table-prefix", prefix]) == 0
    finally:
        stop.set()
        writer.join(30)
        store.close()
    target = f"sqlite:///{tmp_path / 'loaded.db'}"
    assert main(["db", "load", str(out), "--database", target]) == 0
    loaded = Store(target)
    try:
        kept = PeopleStore(loaded.engine, "", loaded.tables, loaded.users)
        held = {(len(loaded.entries(t)), kept.clock(t)["moves"]) for t in tables}  # type: ignore[index]
        assert len(held) == 1, f"the dump holds several moments: {held}"
        ((moves, clock),) = held
        assert moves == clock and 2020 <= moves <= written[0]
    finally:
        loaded.close()


def test_a_dump_of_an_older_revision_loads_and_is_upgraded(legacy_copy: str, tmp_path: Path) -> None:
    """As a dump an older release made: its tables and columns are that revision's; loaded, it is upgraded."""
    engine = create_engine(legacy_copy, poolclass=NullPool)
    revisions.upgrade(engine, to=revisions.BASELINE)
    before = counts(engine)
    engine.dispose()
    old = tmp_path / "old.jsonl"
    assert main(["db", "dump", str(old), "--database", legacy_copy]) == 0
    header = json.loads(old.read_text(encoding="utf-8").splitlines()[0])
    assert header["revision"] == revisions.BASELINE != revisions.head()
    target = f"sqlite:///{tmp_path / 'new.db'}"
    assert main(["db", "load", str(old), "--database", target]) == 0
    loaded = create_engine(target, poolclass=NullPool)
    assert revisions.database_state(loaded).up_to_date
    now = counts(loaded)
    assert {name: now[name] for name in before} == before and len(now) == len(model("").tables)
    loaded.dispose()
    made = f"sqlite:///{tmp_path / 'made.db'}"
    Store(made).close()  # empty, but at the newest revision: the older dump's tables are not its own
    with pytest.raises(dump.DumpError, match="newer than the dump's"), old.open(encoding="utf-8") as lines:
        dump.load(create_engine(made, poolclass=NullPool), "", lines)
