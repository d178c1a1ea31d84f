"""Admin actions reach every process: two halls over PostgreSQL and Redis; the admin works on one, the
person is on the other (announcement, closing a table the other process owns, a ban closing its sockets)."""

from __future__ import annotations

from typing import Any

import httpx
from harness import Client, Hall, create_table, kept
from test_admin import closed_with
from test_cluster import prefixes  # noqa: F401 (a fixture)
from test_store_postgres import PG_URL

from longhouse.store.admin import admin_store
from tests.waiting import until


def test_admin_actions_reach_the_other_process(prefixes: tuple[str, str]) -> None:  # noqa: F811
    db_prefix, redis_prefix = prefixes
    cluster: dict[str, Any] = {"redis_url": "redis://127.0.0.1:6379/0", "redis_prefix": redis_prefix, "redis_lease": 3}
    a = Hall(PG_URL, prefix=db_prefix, **cluster)
    b = Hall(PG_URL, prefix=db_prefix, **cluster)
    try:
        root, carol = Client(a, "Root"), Client(b, "Carol")
        admins = admin_store(a.store)
        account = admins.account("Root")
        assert account is not None and admins.grant(account, "test", "runs the hall")
        lobby = carol.lobby()
        table_id = create_table(lobby, "toy", 2)  # owned by b
        at_table = carol.table(table_id)
        lobby.skip()
        said = root.http.post("/api/admin/announce", json={"text": "Restart at 22:00", "reason": "upgrade"})
        assert said.status_code == 200
        for ws in (lobby, at_table):
            ws.wait(lambda m: m.get("type") == "chat" and m.get("text") == "Announcement: Restart at 22:00")
        closed = root.http.post("/api/admin/close", json={"table": table_id, "reason": "test"})
        assert closed.json() == {"table": table_id, "outcome": "asked"}
        at_table.wait(lambda m: m.get("type") == "chat" and m.get("text", "").startswith("An admin has closed"))
        until(lambda: b.store.table(table_id) is None, 10, what="the waiting table removed by its owner")
        banned = root.http.post("/api/admin/ban", json={"name": "Carol", "reason": "spam"})
        assert banned.status_code == 200 and banned.json()["sockets"] == 0  # none here: they are on b
        closed_with(lobby, 4401)
        assert kept(httpx.Client(base_url=b.url)).post("/api/signin", json={"name": "carol", "password": "secret-pw"}
                                                 ).status_code == 403
    finally:
        a.stop()
        b.stop()
