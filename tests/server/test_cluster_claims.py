"""Who claims a new table: its creator, never another process's housekeeping in the moment between the
table being stored and its creator claiming it (which left two copies of one table, the creator's with its
first sockets attached, and a game that could not start: "Manitou needs 2 to 4 players; 1 seated").

Two halls over one SQLite store, each with its own cluster over the machine's Redis (127.0.0.1:6379, a key
prefix unique to the test). Redis must be running: these tests fail, never skip, without it."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
import redis

from longhouse.server import cluster as cluster_module
from longhouse.server.cluster import Cluster
from longhouse.server.conn import Conn
from longhouse.server.hall import Hall
from longhouse.server.settings import Settings
from longhouse.store import Store, User
from tests.waiting import until_async

REDIS_URL = "redis://127.0.0.1:6379/0"


def require_redis() -> None:
    try:
        with redis.Redis.from_url(REDIS_URL, socket_connect_timeout=5) as r:
            r.ping()
    except redis.exceptions.ConnectionError as exc:
        pytest.fail(f"Redis is required at 127.0.0.1:6379: {exc}")


def two_halls(tmp_path: Path, scenario: Callable[[Hall, Hall], Awaitable[None]]) -> None:
    require_redis()
    prefix = f"lh-test-{secrets.token_hex(4)}:"

    async def run() -> None:
        stores = [Store(f"sqlite:///{tmp_path / 'hall.db'}") for _ in range(2)]
        halls = [Hall(store, Settings()) for store in stores]
        for hall in halls:
            hall.cluster = Cluster(hall, REDIS_URL, prefix, lease=3)
        try:
            await scenario(*halls)
        finally:
            for hall in halls:
                assert hall.cluster is not None
                await hall.cluster.stop()
            for store in stores:
                store.close()
            with redis.Redis.from_url(REDIS_URL) as keys:
                for key in keys.scan_iter(f"{prefix}*"):
                    keys.delete(key)

    asyncio.run(run())


def test_a_new_table_is_left_to_its_creator_by_the_other_processes_housekeeping(tmp_path: Path) -> None:
    async def scenario(a: Hall, b: Hall) -> None:
        assert a.cluster is not None and b.cluster is not None
        row = a.store.create_table("manitou", 2, {}, [None, None])  # stored; its creator has not claimed it yet
        await b.cluster._renew_and_adopt()  # the other process's housekeeping runs in that moment
        assert row.id not in b.tables and await b.cluster.owner(row.id) is None
        assert await a.cluster.claim(row.id)  # the creator's claim comes through

    two_halls(tmp_path, scenario)


def test_a_table_nobody_claimed_for_a_lease_is_adopted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The other side of the rule: a table whose creator died before claiming it is not lost."""
    async def scenario(a: Hall, b: Hall) -> None:
        assert b.cluster is not None
        row = a.store.create_table("manitou", 2, {}, [None, None])
        later = time.time() + 4  # a lease (3 s) and more after it was stored
        monkeypatch.setattr(cluster_module.time, "time", lambda: later)
        await b.cluster._renew_and_adopt()
        assert row.id in b.tables and row.id in b.cluster.owned

    two_halls(tmp_path, scenario)


def test_a_creator_that_loses_the_claim_closes_the_sockets_of_its_copy(tmp_path: Path) -> None:
    async def scenario(a: Hall, b: Hall) -> None:
        assert a.cluster is not None and b.cluster is not None
        next_id = a.store.create_table("manitou", 2, {}, [None, None]).id + 1
        assert await b.cluster.claim(next_id)  # B took the next table's lease first
        table = a.create_table("manitou", 2, {})
        assert table.id == next_id
        ann = Conn(User(1, "Ann", False))
        table.attach(ann)  # the creator's first socket, attached before the claim was answered
        await until_async(lambda: table.id not in a.tables, 1, what="the table given up")
        assert table.id not in a.tables and ann.closed  # she reconnects, to the owner

    two_halls(tmp_path, scenario)
