"""The hall's memory stays bounded under a steady load: a table that is finished and left is freed at once, by
reference counting alone (with the long-lived heap frozen and full collections rare, garbage kept only by
a reference cycle stayed in memory for hours), and no finished table stays in the hall nobody is at."""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import websockets.server
from harness import Client, FakeClock, create_table, join
from harness import Hall as HarnessHall

from longhouse.server.collector import Collector
from longhouse.server.conn import Conn
from longhouse.server.direct_socket import DirectWebSocketProtocol
from longhouse.server.hall import Hall
from longhouse.server.limits import Limits
from longhouse.server.settings import Settings
from longhouse.server.table import Table
from longhouse.server.timekeeper import FINISHED_TTL
from longhouse.store import BotSeat, Person, Status, Store, User
from tests.waiting import until, until_async


@pytest.fixture
def no_collector() -> Iterator[None]:
    """Only reference counting frees anything while the test runs."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def seated(hall: Hall, store: Store, game: str, people: int, bots: int) -> tuple[Table, list[Conn]]:
    """A started table of ``game`` with ``people`` people (each with a socket open) and ``bots`` random bots."""
    table = hall.create_table(game, people + bots, {})
    conns = []
    for seat in range(people):
        user = store.create_user(f"P{table.id}x{seat}", None, guest=True)
        table.sit(seat, Person(user.id, user.name))
        conns.append(Conn(User(user.id, user.name, True)))
    for seat in range(people, people + bots):
        table.sit(seat, BotSeat("random", f"Bot {seat}"))
    assert table.begin() is None
    for conn in conns:
        table.attach(conn)
    return table, conns


async def bots_moved(table: Table) -> None:
    """The moves so far stored and acknowledged (the group commit), and the bots' turns this began played."""
    table.hall.commits.flush()
    if table.bots.tasks:
        await asyncio.wait(list(table.bots.tasks.values()))
    table.hall.commits.flush()


async def play_out(table: Table, conns: list[Conn]) -> None:
    """Each person plays their first legal move whenever it is their turn, until the game is over."""
    for _ in range(10_000):
        table.hall.commits.flush()  # the moves so far stored and acknowledged: the bots' turns begun
        if table.status == Status.OVER:
            return
        assert table.state is not None
        acting = [seat for seat in range(len(conns)) if seat in table.state.acting()]
        for seat in acting:
            action = table.state.legal_actions(seat)[0]
            table.act(conns[seat], table.version, table.game.action_to_json(action), None)
        if not acting:
            assert table.bots.tasks, f"table {table.id}: nobody to move"
            await bots_moved(table)
    raise AssertionError(f"table {table.id}: the game did not end")


def in_hall(tmp_path: Path, body: object, clock: FakeClock | None = None) -> None:
    store = Store(f"sqlite:///{tmp_path / 'hall.db'}")

    async def main() -> None:
        settings = Settings(bot_delay=0)
        hall = Hall(store, settings, Limits(settings, clock) if clock is not None else None)
        await body(hall, store)  # type: ignore[operator]

    try:
        asyncio.run(main())
    finally:
        store.close()


@pytest.mark.parametrize(("game", "people", "bots"), [("toy", 2, 0), ("manitou", 2, 0), ("manitou", 1, 2)])
def test_a_finished_table_everyone_left_is_freed_by_reference_counting(
        tmp_path: Path, no_collector: None, game: str, people: int, bots: int) -> None:
    async def body(hall: Hall, store: Store) -> None:
        freed: list[weakref.ref[Table]] = []
        for _ in range(3):
            table, conns = seated(hall, store, game, people, bots)
            await play_out(table, conns)
            for conn in conns:
                table.detach(conn)
                hall.maybe_drop(table)
            assert table.id not in hall.tables
            freed.append(weakref.ref(table))
            del table, conns
        await asyncio.sleep(0)  # a turn of the loop: the cancelled bot turns end
        assert [ref() for ref in freed] == [None, None, None]

    in_hall(tmp_path, body)


def test_a_game_that_ends_with_nobody_at_the_table_leaves_the_hall(tmp_path: Path, no_collector: None) -> None:
    async def body(hall: Hall, store: Store) -> None:
        table, [person] = seated(hall, store, "toy", 1, 1)
        assert table.state is not None
        while len(table.state.legal_actions(0)) > 1:
            table.act(person, table.version, table.game.action_to_json(table.state.legal_actions(0)[0]), None)
            while 0 not in table.state.acting():  # the bot picks; the round is revealed
                await bots_moved(table)
        # the person plays their last card and closes the page before the bot has played its own: the bot's
        # move ends the game with nobody at the table
        table.act(person, table.version, table.game.action_to_json(table.state.legal_actions(0)[0]), None)
        table.detach(person)
        hall.maybe_drop(table)
        assert table.status == Status.RUNNING and table.id in hall.tables
        await bots_moved(table)
        assert table.record is not None and table.record.result is not None  # over
        assert table.id not in hall.tables
        freed = weakref.ref(table)
        del table, person
        assert freed() is None

    in_hall(tmp_path, body)


def test_a_finished_table_loaded_for_a_visitor_who_never_came_in_leaves_the_hall(
        tmp_path: Path, no_collector: None) -> None:
    clock = FakeClock()

    async def body(hall: Hall, store: Store) -> None:
        table, conns = seated(hall, store, "toy", 2, 0)
        await play_out(table, conns)
        for conn in conns:
            table.detach(conn)
            hall.maybe_drop(table)
        tid = table.id
        del table
        # a socket to the finished table loads it from the store, then is refused (or its client is gone)
        # before it is attached: nobody will ever leave it
        loaded = hall.table(tid)
        assert loaded is not None and tid in hall.tables
        freed = weakref.ref(loaded)
        del loaded
        hall.tick()
        assert tid in hall.tables  # a visitor may still be on their way in
        clock.advance(FINISHED_TTL)
        hall.tick()
        assert tid not in hall.tables and freed() is None

    in_hall(tmp_path, body, clock)


def test_the_collector_frees_what_a_reference_cycle_holds_on_its_timer(no_collector: None) -> None:
    class Node:
        me: Node | None = None

    async def main() -> None:
        collector = Collector(0.05)
        collector.start()
        node = Node()
        node.me = node
        freed = weakref.ref(node)
        del node
        await asyncio.sleep(0)
        assert freed() is not None  # reference counting alone cannot free a cycle
        await until_async(lambda: collector.runs >= 1, what="a collection on the timer")
        assert freed() is None
        collector.stop()
        runs = collector.runs
        await asyncio.sleep(0.15)  # real time: a stopped collector's timer no longer fires (three intervals)
        assert collector.runs == runs

    asyncio.run(main())


def test_a_closed_websocket_leaves_no_reference_cycle(hall: HarnessHall, no_collector: None) -> None:
    person = Client(hall)
    lobby = person.lobby()
    tid = create_table(lobby, "manitou", 2)
    seated_socket = person.table(tid)
    join(seated_socket, 1)
    for _ in range(10):
        person.lobby().close()
        person.table(tid).close()
    lobby.close()
    until(lambda: not hall.hall.lobby.conns and sum(len(t.conns) for t in hall.hall.tables.values()) == 1,
          what="the server seeing them go")  # all but the seated socket
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        left = Counter(type(o).__name__ for o in gc.garbage
                       if isinstance(o, DirectWebSocketProtocol | websockets.server.ServerProtocol))
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert left == Counter()
