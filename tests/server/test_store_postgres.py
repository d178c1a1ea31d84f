"""The store on PostgreSQL (127.0.0.1:5432, trust auth, database ``test``), with a table prefix unique to
this run that is dropped afterwards. PostgreSQL must be running: these tests fail, never skip, without it."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import psycopg
import pytest
from harness import Client, Hall, command, create_table
from sqlalchemy.exc import IntegrityError

from longhouse.engine.records import Record
from longhouse.store import BotSeat, NameTaken, Person, Status, Store

PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


def require_postgres() -> None:
    try:
        psycopg.connect("host=127.0.0.1 port=5432 user=postgres dbname=test", connect_timeout=5).close()
    except psycopg.OperationalError as exc:
        pytest.fail(f"PostgreSQL is required at 127.0.0.1:5432 (user postgres, database test): {exc}")


@pytest.fixture
def prefix() -> Iterator[str]:
    require_postgres()
    name = f"lh_{secrets.token_hex(4)}_"
    yield name
    store = Store(PG_URL, prefix=name)
    store.drop_all()
    store.close()


def test_store_round_trip_on_postgres(prefix: str) -> None:
    store = Store(PG_URL, prefix=prefix)
    try:
        user = store.create_user("Ann", "hash")
        with pytest.raises(NameTaken):
            store.create_user("ann", "hash")
        store.create_session("tok", user.id)
        assert store.session_user("tok") == user
        row = store.create_table("toy", 2, {}, [None, None])
        seed = 2**63 + 12345  # seeds use all 64 bits
        seated = [Person(user.id, "Ann"), BotSeat("random", "Bot")]
        store.start_table(row.id, Record("toy", "1", ["Ann", "Bob"], seed), seated)
        store.append_action(row.id, 0, {"seat": 0, "action": {"type": "pick", "card": 3}})
        store.append_action(row.id, 1, {"seat": 0, "undo": -1}, result={"scores": [1, 0]})
        record = store.record(row.id)
        assert record is not None and record.seed == seed and record.players == ["Ann", "Bob"]
        assert record.actions == [{"seat": 0, "action": {"type": "pick", "card": 3}}, {"seat": 0, "undo": -1}]
        stored = store.table(row.id)
        assert stored is not None and stored.status == Status.OVER
        assert stored.occupants == seated
        with pytest.raises(IntegrityError, match=r"duplicate|unique|UniqueViolation"):
            store.append_action(row.id, 1, {"seat": 1, "undo": -1})
    finally:
        store.close()


def test_a_game_on_postgres_survives_a_restart(prefix: str) -> None:
    first = Hall(PG_URL, prefix=prefix)
    try:
        ann, bob = Client(first, "Ann"), Client(first, "Bob")
        tid = create_table(ann.lobby(), "toy", 2)
        wa, wb = ann.table(tid), bob.table(tid)
        command(wa, "/join")
        wa.wait(lambda m: m["type"] == "table" and m["you"]["seat"] == 0)
        command(wb, "/join")
        wb.wait(lambda m: m["type"] == "table" and m["you"]["seat"] == 1)
        command(wa, "/start")
        state = wa.wait_type("state")
        wa.send({"type": "action", "version": state["version"],
                 "action": {"type": "pick", "card": state["view"]["you"]["hand"][0]}})
        wa.wait_type("state", version=1)
        before = first.hall.tables[tid].state.to_json()
        version = first.hall.tables[tid].version
    finally:
        first.stop()
    second = Hall(PG_URL, prefix=prefix, port=first.port)
    try:
        assert second.hall.tables[tid].version == version
        assert second.hall.tables[tid].state.to_json() == before
    finally:
        second.stop()
