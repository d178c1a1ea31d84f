"""The store's per-game writes, on SQLite and PostgreSQL: a table created with its hall settings and a game
started with its people, each in one transaction of the writer's connection (statements compiled once); a
failed write raises SQLAlchemy's error and the next write goes on. The people store remembers which
accounts are registered, and the ratings of a finished table use the people the hall knows."""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError
from test_store_postgres import PG_URL, require_postgres

from longhouse.engine.records import Record
from longhouse.server import ratings
from longhouse.server.conn import Conn
from longhouse.server.hall import Hall
from longhouse.server.lobby import games_info
from longhouse.server.settings import Settings
from longhouse.store import BotSeat, Move, Person, Status, Store
from longhouse.store.people import PeopleStore


@pytest.fixture(params=["sqlite", "postgresql"])
def stores(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[Store, PeopleStore]]:
    if request.param == "sqlite":
        store = Store(f"sqlite:///{tmp_path / 'hall.db'}")
    else:
        require_postgres()
        store = Store(PG_URL, prefix=f"lh_{secrets.token_hex(4)}_")
    people = PeopleStore(store.engine, store.prefix, store.tables, store.users)
    store.keep_people_in(people.hall, people.people, people.clocks)
    try:
        yield store, people
    finally:
        if request.param != "sqlite":
            people.drop_all()
            store.drop_all()
        store.close()


def test_a_table_is_created_seated_and_started_with_its_hall_settings_and_people(
        stores: tuple[Store, PeopleStore]) -> None:
    store, people = stores
    ann, bob = store.create_user("Ann", None, guest=True), store.create_user("Bob", "hash")
    row = store.create_table("toy", 3, {"speed": 2}, [None] * 3, hall={"private": True, "invite": "x"})
    assert people.table_hall(row.id) == {"private": True, "invite": "x"}
    plain = store.create_table("toy", 2, {}, [None, None])
    assert plain.id != row.id and people.table_hall(plain.id) == {}
    seated: list[Person | BotSeat] = [Person(ann.id, "Ann"), BotSeat("random", "Bot"), Person(bob.id, "Bob")]
    store.set_occupants(row.id, [seated[0], None, None])
    assert store.table(row.id).occupants == [seated[0], None, None]  # type: ignore[union-attr]
    store.start_table(row.id, Record("toy", "1", ["Ann", "Bot", "Bob"], 2**63 + 5), seated,
                      people={0: ann.id, 2: bob.id})
    stored = store.table(row.id)
    assert stored is not None and stored.status == Status.RUNNING and stored.occupants == seated
    assert stored.seed == 2**63 + 5 and stored.players == ["Ann", "Bot", "Bob"] and stored.options == {}
    assert people.played_at(row.id) == {0: ann.id, 2: bob.id}
    store.append_moves([Move(row.id, 0, {"seat": 0, "n": "é"}, clock={"left": [1.5]}),
                        Move(row.id, 1, {"seat": 2}, result={"scores": [1, 0, 2]}, clock_cleared=True)])
    over = store.table(row.id)
    assert over is not None and over.status == Status.OVER and over.result == {"scores": [1, 0, 2]}
    assert store.entries(row.id) == [{"seat": 0, "n": "é"}, {"seat": 2}] and people.clock(row.id) is None


def test_a_failed_write_raises_sqlalchemys_error_stores_nothing_and_the_next_write_goes_on(
        stores: tuple[Store, PeopleStore]) -> None:
    store, people = stores
    row = store.create_table("toy", 2, {}, [None, None])
    store.start_table(row.id, Record("toy", "1", ["A", "B"], 7), [None, None])
    store.append_moves([Move(row.id, 0, {"n": 0})])
    with pytest.raises(IntegrityError):
        store.append_moves([Move(row.id, 1, {"n": 1}, clock={"left": [3.0]}), Move(row.id, 0, {"n": 9})])
    assert store.entries(row.id) == [{"n": 0}] and people.clock(row.id) is None
    store.append_moves([Move(row.id, 1, {"n": 1}, clock={"left": [2.0]})])
    assert store.entries(row.id) == [{"n": 0}, {"n": 1}] and people.clock(row.id) == {"left": [2.0]}


def test_threads_sharing_the_writers_connection_never_mix_their_transactions(
        stores: tuple[Store, PeopleStore]) -> None:
    """The writer's connection serves the event loop's writes and the session look-ups of the server's worker
    threads: a transaction that fails and is rolled back must take back only its own statements, never a
    write another thread had under way on the same connection."""
    store, _ = stores
    users = [store.create_user(f"U{i}", None, guest=True) for i in range(3)]
    for i, user in enumerate(users):
        store.create_session(f"token-{i}", user.id)
    rows = [store.create_table("toy", 2, {}, [None, None]) for _ in range(3)]
    for row in rows:
        store.start_table(row.id, Record("toy", "1", ["A", "B"], 7), [None, None])
    errors: list[BaseException] = []
    refused = [0]

    def writer(table_id: int) -> None:
        try:
            for k in range(60):
                store.append_moves([Move(table_id, k, {"k": k})])
        except BaseException as exc:
            errors.append(exc)

    def clumsy_writer(table_id: int) -> None:  # each batch's second entry clashes: each batch is refused
        for k in range(60):
            try:
                store.append_moves([Move(table_id, 1000 + k, {"k": k}), Move(table_id, 1000 + k, {"again": k})])
            except IntegrityError:
                refused[0] += 1

    def reader(i: int) -> None:
        try:
            for _ in range(60):
                found = store.session_user(f"token-{i}")
                assert found is not None and found.id == users[i].id
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(rows[0].id,)), threading.Thread(target=writer, args=(rows[1].id,)),
               threading.Thread(target=clumsy_writer, args=(rows[2].id,)),
               *[threading.Thread(target=reader, args=(i,)) for i in range(3)]]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == [] and refused[0] == 60
    for row in rows[:2]:
        assert store.entries(row.id) == [{"k": k} for k in range(60)]
    assert store.entries(rows[2].id) == []


def test_the_people_store_remembers_which_accounts_are_registered(stores: tuple[Store, PeopleStore],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    store, people = stores
    guest, member = store.create_user("Guest1", None, guest=True), store.create_user("Member", "hash")
    assert people.registered({guest.id, member.id, 999_999}) == {member.id}

    def no_database() -> Any:
        raise AssertionError("asked the database again")

    monkeypatch.setattr(people.engine, "connect", no_database)
    assert people.registered({guest.id, member.id}) == {member.id}
    assert people.registered(set()) == set()


def test_a_finished_tables_ratings_use_the_people_the_hall_knows(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(f"sqlite:///{tmp_path / 'hall.db'}")
    hall = Hall(store, Settings())
    try:
        a, b = store.create_user("Ann", "hash"), store.create_user("Bob", "hash")
        table = hall.create_table("toy", 2, {})
        table.sit(0, Person(a.id, a.name))
        table.sit(1, Person(b.id, b.name))
        assert table.begin() is None
        assert table.starters == {0: a.id, 1: b.id} and hall.people.played_at(table.id) == table.starters
        monkeypatch.setattr(hall.people, "played_at", lambda table_id: pytest.fail("looked up"))
        assert ratings.rate_finished(hall.people, table.id, {0: a.id}) == []  # one account: not rated
    finally:
        store.close()


class Sink(Conn):
    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.messages: list[dict[str, Any]] = []

    def send_text(self, text: str) -> None:
        self.messages.append(json.loads(text))


def test_the_lobby_is_sent_each_tables_summary_as_the_table_shows_it(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'hall.db'}")
    hall = Hall(store, Settings())
    try:
        tables = [hall.create_table("toy", 2, {}) for _ in range(3)]
        ann = store.create_user("Ann", None, guest=True)
        tables[1].sit(0, Person(ann.id, "Ann"))
        lobby = Sink(store.create_user("Lobby", None, guest=True))
        hall.lobby.enter(lobby)
        by_type = {m["type"]: m for m in lobby.messages}  # hello, the chat's history, tables (and friends' news)
        hello, listing = by_type["hello"], by_type["tables"]
        assert hello["type"] == "hello" and hello["you"] == {"name": "Lobby", "guest": True}
        assert [g["name"] for g in hello["games"]] == [g["name"] for g in games_info()]
        assert listing == {"type": "tables", "online": ["Lobby"], "online_count": 1,
                           "tables": [json.loads(json.dumps(t.summary())) for t in tables]}
        table_text = json.loads(tables[1]._table_text(lobby))
        assert table_text["table"] == listing["tables"][1] and table_text["you"]["name"] == "Lobby"
        tables[2].sit(1, Person(ann.id, "Ann"))
        hall.lobby.flush()  # against the list just sent: only the table that changed since
        assert lobby.messages[-1] == {"type": "tables_delta", "removed": [],
                                      "changed": [json.loads(json.dumps(tables[2].summary()))]}
    finally:
        store.close()
