"""A table's watchers are told of in one gathered update (``Settings.lobby_interval``), or in any update of
the table sent before it: never twice."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from longhouse.server.conn import Conn
from longhouse.server.hall import Hall
from longhouse.server.settings import Settings
from longhouse.server.table import Table
from longhouse.store import Person, Store, User
from tests.waiting import until_async

INTERVAL = 0.05


def table_messages(conn: Conn) -> list[dict[str, Any]]:
    """The ``table`` messages queued for ``conn`` so far (taken from its queue)."""
    out = []
    while not conn.queue.empty():
        text = conn.queue.get_nowait()
        if text is not None and json.loads(text)["type"] == "table":
            out.append(json.loads(text)["table"])
    return out


def opened_by(hall: Hall, *conns: Conn) -> Table:
    """A new two-seat Manitou table, opened by each of ``conns`` in turn."""
    table = hall.create_table("manitou", 2, {})
    for conn in conns:
        table.attach(conn)
    return table


async def gathered(table: Table) -> None:
    """Until the gathered update of the watchers has gone out (on its timer)."""
    await until_async(lambda: not table._watchers_due, what="the gathered update")


def run(tmp_path: Path, body: Any) -> None:
    store = Store(f"sqlite:///{tmp_path / 'hall.db'}")

    async def main() -> None:
        hall = Hall(store, Settings(bot_delay=0, lobby_interval=INTERVAL))
        users = [store.create_user(name, None, guest=True) for name in ("Ann", "Bob")]
        await body(hall, [Conn(User(u.id, u.name, True)) for u in users])
        hall.shutdown()

    asyncio.run(main())
    store.close()


def test_a_watcher_is_told_of_in_one_gathered_update(tmp_path: Path) -> None:
    async def body(hall: Hall, conns: list[Conn]) -> None:
        ann, bob = conns
        table = opened_by(hall, ann, bob)
        assert [t["watching"] for t in table_messages(ann)] == [1]  # on arrival: the table as it was
        await gathered(table)
        assert [t["watching"] for t in table_messages(ann)] == [2]  # both, gathered in one update
        assert [t["watching"] for t in table_messages(bob)] == [2, 2]  # on arrival, and gathered

    run(tmp_path, body)


def test_a_watcher_who_sits_down_at_once_is_told_of_once(tmp_path: Path) -> None:
    async def body(hall: Hall, conns: list[Conn]) -> None:
        ann, bob = conns
        table = opened_by(hall, ann, bob)
        table.sit(0, Person(ann.user.id, ann.user.name))  # an update before the gathered one: it tells all
        table_messages(bob)
        assert [t["watching"] for t in table_messages(ann)] == [1, 1]
        await asyncio.sleep(4 * INTERVAL)  # real time: the gathered update's timer has fired, and told nobody
        assert table_messages(ann) == [] and table_messages(bob) == []  # not told again
        table.detach(bob)  # a watcher leaving is gathered again
        await gathered(table)
        assert [t["watching"] for t in table_messages(ann)] == [0]

    run(tmp_path, body)
