"""The store on PostgreSQL (127.0.0.1:5432, trust auth, database ``test``), with a table prefix unique to
this run that is dropped afterwards. PostgreSQL must be running: these tests fail, never skip, without it."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import psycopg
import pytest
from harness import Client, Hall, command, create_table, join, started_toy_tables
from sqlalchemy.exc import IntegrityError

from longhouse.engine.records import Record
from longhouse.store import BotSeat, Move, NameTaken, Person, StaleOwner, Status, Store

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
        seated: list[Person | BotSeat] = [Person(user.id, "Ann"), BotSeat("random", "Bot")]
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
        join(wa, 1)
        join(wb, 2)
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


def test_a_fencing_epoch_refuses_the_moves_of_an_old_owner(prefix: str) -> None:
    """Process A claims a table, pauses past its lease, B claims it: whatever A then appends is refused."""
    a, b = Store(PG_URL, prefix=prefix), Store(PG_URL, prefix=prefix)
    try:
        row = a.create_table("toy", 2, {}, [None, None])
        a.start_table(row.id, Record("toy", "1", ["Ann", "Bob"], 7), [BotSeat("random", "A"), BotSeat("random", "B")])
        first = a.claim(row.id)
        a.append_action(row.id, 0, {"seat": 0, "action": {"type": "pick", "card": 3}}, epoch=first)
        second = b.claim(row.id)
        assert second == first + 1
        with pytest.raises(StaleOwner):
            a.append_action(row.id, 1, {"seat": 1, "action": {"type": "pick", "card": 5}}, epoch=first)
        b.append_action(row.id, 1, {"seat": 1, "action": {"type": "pick", "card": 9}}, epoch=second)
        record = b.record(row.id)
        assert record is not None and [e["action"]["card"] for e in record.actions] == [3, 9]
        # the old owner's connection is usable again afterwards (it was rolled back, not left broken)
        third = a.claim(row.id)
        a.append_action(row.id, 2, {"seat": 0, "undo": -1}, epoch=third)
    finally:
        a.close()
        b.close()


def test_a_batch_stores_the_current_owners_moves_and_refuses_only_the_stale_tables(prefix: str) -> None:
    """Group commit over several tables: the epochs are checked in the batch's own transaction; the moves of
    a table claimed meanwhile by another process are not stored, the others are, each table's in order."""
    a, b = Store(PG_URL, prefix=prefix), Store(PG_URL, prefix=prefix)
    try:
        ids = started_toy_tables(a, 2)
        kept, lost = ids
        epochs = {tid: a.claim(tid) for tid in ids}
        b.claim(lost)  # A was paused; B took one of its tables over
        stale = a.append_moves([Move(kept, 0, {"n": 0}, epoch=epochs[kept]),
                                Move(lost, 0, {"n": 5}, epoch=epochs[lost]),
                                Move(kept, 1, {"n": 1}, epoch=epochs[kept])])
        assert stale == {lost}
        assert [e["n"] for e in a.entries(kept)] == [0, 1] and a.entries(lost) == []
    finally:
        a.close()
        b.close()


def test_a_resumed_process_gives_up_a_table_another_process_claimed(prefix: str) -> None:
    """The hall side: a paused process's table, claimed meanwhile by another, refuses the next move, stores
    nothing, and is given up (its sockets closed so browsers reconnect to the owner)."""
    import asyncio

    from longhouse.server.conn import Conn
    from longhouse.server.hall import Hall as HallCore
    from longhouse.server.settings import Settings
    from longhouse.store import User

    class NoCluster:
        """Only what giving a table up touches of the cluster: forgetting the table."""

        def __init__(self) -> None:
            self.forgotten: list[int] = []

        def forget(self, table_id: int) -> None:
            self.forgotten.append(table_id)

    async def run() -> None:
        store_a, store_b = Store(PG_URL, prefix=prefix), Store(PG_URL, prefix=prefix)
        try:
            row = store_a.create_table("toy", 2, {}, [None, None])
            seated = [Person(1, "Ann"), Person(2, "Bob")]
            store_a.start_table(row.id, Record("toy", "1", ["Ann", "Bob"], 11), seated)
            halls = [HallCore(store_a, Settings()), HallCore(store_b, Settings())]
            clusters = [NoCluster(), NoCluster()]
            for hall, cluster in zip(halls, clusters, strict=True):
                hall.cluster = cluster  # type: ignore[assignment]
            stored = store_a.table(row.id)
            assert stored is not None
            old = halls[0].load(stored)
            assert old is not None and old.epoch == 1
            ann = Conn(User(1, "Ann", False))
            old.attach(ann)
            new = halls[1].load(stored)  # A was paused past its lease; B adopted the table
            assert new is not None and new.epoch == 2
            assert old.state is not None
            card = old.state.view(0)["you"]["hand"][0]
            old.act(ann, old.version, {"type": "pick", "card": card}, None)
            await asyncio.sleep(0)  # the turn of the loop ends: its moves are stored (group commit)
            assert row.id not in halls[0].tables and ann.closed and clusters[0].forgotten == [row.id]
            record = store_b.record(row.id)
            assert record is not None and record.actions == []
        finally:
            store_a.close()
            store_b.close()

    asyncio.run(run())
