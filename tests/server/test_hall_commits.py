"""Group commit (``server/commits.py``): the moves of one turn of the event loop are stored in one batch, in
order per table, and each is acknowledged only once it is stored; an illegal or unstorable move changes
nothing. The hall is driven in-process with spying connections and a spying store."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from harness import started_toy_tables

from longhouse.engine.records import replay
from longhouse.server.conn import Conn
from longhouse.server.hall import Hall
from longhouse.server.settings import Settings
from longhouse.server.state_merge import merge_state
from longhouse.server.table import Table
from longhouse.store import Move, Person, Store, User


class Spy(Conn):
    """A client whose every acknowledgement (a ``state`` with ``by``) is checked against the store when it
    is sent: the move that made that version must already be committed there."""

    def __init__(self, user: User, store: Store, table_id: int) -> None:
        super().__init__(user)
        self.store, self.table_id = store, table_id
        self.states: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []

    def send_text(self, text: str) -> None:
        msg = json.loads(text)
        if msg["type"] == "state":
            if msg["by"] is not None:
                stored = len(self.store.entries(self.table_id))  # read back, through its own connection
                assert stored >= msg["version"], f"version {msg['version']} acknowledged, {stored} stored"
            self.states.append(merge_state(self.states[-1] if self.states else None, msg))
        elif msg["type"] == "error":
            self.errors.append(msg)
        super().send_text(text)


class Batches:
    """Wraps ``Store.append_moves``: each batch it is given, and optionally a failure for some tables."""

    def __init__(self, store: Store, fail: Callable[[list[Move]], bool] = lambda moves: False) -> None:
        self.calls: list[list[Move]] = []
        self.real = store.append_moves
        self.fail = fail
        store.append_moves = self  # type: ignore[method-assign]

    def __call__(self, moves: list[Move]) -> set[int]:
        self.calls.append(list(moves))
        if self.fail(moves):
            raise RuntimeError("the disk is full")
        return self.real(moves)


def toy_table(hall: Hall, store: Store, players: int) -> tuple[Table, list[Spy], Spy]:
    """A running toy game with ``players`` people at it (each a spying client) and a spying watcher."""
    table = hall.create_table("toy", players, {})
    spies = []
    for seat in range(players):
        user = store.create_user(f"P{table.id}x{seat}", None, guest=True)
        table.sit(seat, Person(user.id, user.name))
        spies.append(Spy(user, store, table.id))
    assert table.begin() is None
    for spy in spies:
        table.attach(spy)
    watcher = Spy(store.create_user(f"W{table.id}", None, guest=True), store, table.id)
    table.attach(watcher)
    return table, spies, watcher


def hand(spy: Spy) -> list[int]:
    return list(spy.states[-1]["view"]["you"]["hand"])


def in_one_turn(tmp_path: Path, play: Callable[[Hall, Store], Any]) -> Any:
    """Run ``play`` (which moves within one turn of the loop) in a fresh hall, then let the loop store them."""
    store = Store(f"sqlite:///{tmp_path / 'hall.db'}")

    async def main() -> Any:
        hall = Hall(store, Settings(bot_delay=0))
        out = play(hall, store)
        await asyncio.sleep(0)  # one turn of the loop: at its end the group commit stores them
        return out

    try:
        return asyncio.run(main())
    finally:
        store.close()


def test_the_moves_of_one_turn_are_stored_in_one_batch_in_order_and_acknowledged_only_after(tmp_path: Path) -> None:
    def play(hall: Hall, store: Store) -> Any:
        table, spies, watcher = toy_table(hall, store, 3)
        other, others, _ = toy_table(hall, store, 2)
        batches = Batches(store)
        picks = [hand(spy)[0] for spy in spies]
        # a simultaneous phase: three picks at version 0 at one table, one at another, in one turn of the loop
        for seat, spy in enumerate(spies):
            table.act(spy, 0, {"type": "pick", "card": picks[seat]}, None)
        other.act(others[1], 0, {"type": "pick", "card": hand(others[1])[0]}, None)
        assert table.version == 3 and not any(m["by"] is not None for s in spies for m in s.states)
        return table, other, spies, watcher, batches, picks

    table, other, spies, watcher, batches, picks = in_one_turn(tmp_path, play)
    assert len(batches.calls) == 1
    assert [(m.table_id, m.index) for m in batches.calls[0]] == [(table.id, 0), (table.id, 1), (table.id, 2),
                                                                  (other.id, 0)]
    store = Store(table.hall.store.url)
    try:
        record = store.record(table.id)
        assert record is not None
        assert [(e["seat"], e["action"]["card"]) for e in record.actions] == list(enumerate(picks))
        assert replay(record, table.game).to_json() == table.state.to_json()
    finally:
        store.close()
    # every version acknowledged, in order, to every client (the Spy checked each against the store)
    for spy in [*spies, watcher]:
        assert [m["version"] for m in spy.states if m["by"] is not None] == [1, 2, 3]


def test_an_illegal_move_in_a_batch_changes_nothing(tmp_path: Path) -> None:
    def play(hall: Hall, store: Store) -> Any:
        table, spies, _ = toy_table(hall, store, 3)
        batches = Batches(store)
        before = json.loads(json.dumps(table.state.to_json()))  # type: ignore[union-attr]
        table.act(spies[0], 0, {"type": "pick", "card": hand(spies[0])[0]}, None)
        not_mine = hand(spies[2])[0]
        table.act(spies[1], 0, {"type": "pick", "card": not_mine}, None)  # seat 2's card: illegal for seat 1
        table.act(spies[1], 0, {"type": "pick", "card": "garbage"}, None)
        table.act(spies[2], 0, {"type": "pick", "card": not_mine}, None)
        return table, spies, batches, before

    table, spies, batches, before = in_one_turn(tmp_path, play)
    assert [[(m.index, m.entry["seat"]) for m in call] for call in batches.calls] == [[(0, 0), (1, 2)]]
    assert [e["code"] for e in spies[1].errors] == ["illegal", "illegal"]
    assert table.state is not None and table.state.acting() == (1,)
    assert before["hands"][1] == table.state.to_json()["hands"][1]


def test_a_batch_that_cannot_be_stored_refuses_only_its_tables_moves(tmp_path: Path) -> None:
    def play(hall: Hall, store: Store) -> Any:
        table, spies, watcher = toy_table(hall, store, 2)
        other, others, _ = toy_table(hall, store, 2)
        batches = Batches(store, fail=lambda moves: any(m.table_id == table.id for m in moves))
        before = json.loads(json.dumps(table.state.to_json()))  # type: ignore[union-attr]
        table.act(spies[0], 0, {"type": "pick", "card": hand(spies[0])[0]}, None)
        other.act(others[0], 0, {"type": "pick", "card": hand(others[0])[0]}, None)
        return table, other, spies, others, watcher, batches, before

    table, other, spies, others, watcher, batches, before = in_one_turn(tmp_path, play)
    # the batch failed; each table was then tried on its own: the other table's move is in and acknowledged
    assert [sorted({m.table_id for m in call}) for call in batches.calls] == [
        sorted([table.id, other.id]), [table.id], [other.id]]
    assert other.version == 1 and [m["version"] for m in others[0].states if m["by"] is not None] == [1]
    # this table's move was not played: state back to the stored one, the mover told, nobody acknowledged
    assert table.version == 0 and table.state is not None and table.state.to_json() == before
    assert [e["code"] for e in spies[0].errors] == ["store"]
    assert not any(m["by"] is not None for s in [*spies, watcher] for m in s.states)


def test_the_store_appends_a_batch_in_order_per_table(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'hall.db'}")
    try:
        a, b = started_toy_tables(store, 2)
        stale = store.append_moves([Move(a, 0, {"n": 0}), Move(b, 0, {"n": 10}), Move(a, 1, {"n": 1}),
                                    Move(b, 1, {"n": 11}, result={"scores": [1, 0]}), Move(a, 2, {"n": 2})])
        assert stale == set()
        assert [e["n"] for e in store.entries(a)] == [0, 1, 2]
        assert [e["n"] for e in store.entries(b)] == [10, 11]
        assert store.record(b).result == {"scores": [1, 0]}  # type: ignore[union-attr]
        # a batch with a repeated entry stores none of it
        with pytest.raises(Exception):  # noqa: B017 - the driver's integrity error
            store.append_moves([Move(a, 3, {"n": 3}), Move(b, 1, {"n": 99})])
        assert len(store.entries(a)) == 3
    finally:
        store.close()


def test_stored_entries_read_back_as_they_were_and_each_is_one_compact_utf8_json_text(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'hall.db'}")
    try:
        [a] = started_toy_tables(store, 1)
        entries: list[dict[str, Any]] = [
            {"seat": 0, "action": {"type": "pick", "codes": ["10", "C"]}, "ms": 12.5},
            {"seat": 1, "action": {"say": "Été — ok \u2603 \"quoted\" \\ back"}, "nested": [[1, 2.25], None, True]},
            {"seat": 0, "action": {}, "big": 2**62, "small": -0.1},
        ]
        store.append_moves([Move(a, i, e) for i, e in enumerate(entries)])
        assert store.entries(a) == entries
        assert store.record(a).actions == entries  # type: ignore[union-attr]
        with store.engine.connect() as c:
            texts = [t for (t,) in c.execute(store.actions.select().with_only_columns(store.actions.c.entry)
                                              .order_by(store.actions.c.idx))]
        assert texts[1] == json.dumps(entries[1], separators=(",", ":"), ensure_ascii=False)
    finally:
        store.close()
