"""The lobby's listing of this process's tables, kept up to date table by table (``Lobby._listed_texts``), is
always the listing made anew from every table: through random comings and goings, seatings, starts, ends,
private tables and tables dropped, with and without a listing in between."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from longhouse.server import lobby as lobby_module
from longhouse.server.conn import Conn
from longhouse.server.hall import Hall
from longhouse.server.settings import Settings
from longhouse.server.table import Table
from longhouse.server.table_settings import TableSettings
from longhouse.store import Person, Status, Store, User


def listed_anew(hall: Hall) -> dict[int, str]:
    """The listing as it was made before it was kept up to date: every table looked at, in id order."""
    return {t.id: t.summary_text() for t in sorted(hall.tables.values(), key=lambda t: t.id)
            if (t.status != Status.OVER or t.conns) and not t.settings.private}


def step(hall: Hall, rng: random.Random, users: list[User], conns: dict[int, list[Conn]]) -> None:
    """One random thing that happens to the hall's tables."""
    tables: list[Table] = list(hall.tables.values())
    kind = rng.randrange(9)
    if kind == 0 or not tables:
        private = rng.random() < 0.2
        hall.create_table("manitou", 2, {}, settings=TableSettings.create(None, private, False))
        return
    table = rng.choice(tables)
    here = conns.setdefault(table.id, [])
    if kind == 1:
        conn = Conn(rng.choice(users))
        here.append(conn)
        table.attach(conn)
    elif kind == 2 and here:
        conn = here.pop(rng.randrange(len(here)))
        table.detach(conn)
        hall.maybe_drop(table)
    elif kind == 3 and table.status == Status.WAITING:
        seat = rng.randrange(2)
        user = rng.choice(users)
        if table.occupants[seat] is None and table.seat_of(user.id) is None:
            table.sit(seat, Person(user.id, user.name))
    elif kind == 4 and table.status == Status.WAITING:
        table.begin()
    elif kind == 5 and table.status == Status.RUNNING:
        table.status = Status.OVER  # as a game's last move sets it
    elif kind == 6:
        table.forget_summary()  # as the clock's tick does
    elif kind == 7 and table.status == Status.OVER:
        hall.forget_finished(table)
    elif kind == 8 and table.status == Status.WAITING and not table.conns:
        hall.drop(table)


@pytest.mark.parametrize("seed", range(6))
def test_the_listing_kept_up_to_date_is_the_listing_made_anew(tmp_path: Path, seed: int,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    if seed % 2:
        monkeypatch.setattr(lobby_module, "LISTING_REDO", 5)  # made anew now and then
    rng = random.Random(seed)
    store = Store(f"sqlite:///{tmp_path / 'hall.db'}")

    async def main() -> None:
        hall = Hall(store, Settings(bot_delay=0))
        users = [User(u.id, u.name, True) for u in
                 (store.create_user(f"P{i}", None, guest=True) for i in range(6))]
        conns: dict[int, list[Conn]] = {}
        for _ in range(400):
            step(hall, rng, users, conns)
            if rng.random() < 0.3:
                assert hall.lobby.listing()[0] == listed_anew(hall)
                assert list(hall.lobby.listing()[0]) == sorted(hall.lobby.listing()[0])
        assert hall.lobby.listing()[0] == listed_anew(hall)
        hall.shutdown()

    asyncio.run(main())
    store.close()
