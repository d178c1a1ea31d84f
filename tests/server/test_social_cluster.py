"""The social side across processes: two halls over PostgreSQL and Redis. A friend on the other process is
seen online and at their table; an invitation made on one reaches a lobby page on the other; a block and a
moderator's mute made on one count at once on the other."""

from __future__ import annotations

from typing import Any

from harness import Client, Hall, command, create_table, join
from test_cluster import prefixes  # noqa: F401 (a fixture)
from test_social import friends, refused, said
from test_store_postgres import PG_URL

from longhouse.store.admin import admin_store


def test_friends_invitations_blocks_and_mutes_reach_the_other_process(prefixes: tuple[str, str]) -> None:  # noqa: F811
    db_prefix, redis_prefix = prefixes
    cluster: dict[str, Any] = {"redis_url": "redis://127.0.0.1:6379/0", "redis_prefix": redis_prefix,
                               "redis_lease": 3}
    a = Hall(PG_URL, prefix=db_prefix, **cluster)
    b = Hall(PG_URL, prefix=db_prefix, **cluster)
    try:
        ann, bob = Client(a, "Ann"), Client(b, "Bob")
        anns = ann.lobby()  # on a
        command(anns, "/follow Bob")
        said(anns, "You follow Bob now")
        bobs = bob.lobby()  # on b
        friends(anns, lambda f: f and f[0]["online"])
        table_id = create_table(bobs, "toy", 2)  # owned by b
        at_table = bob.table(table_id)
        join(at_table, 1)
        (seen,) = friends(anns, lambda f: f and f[0]["table"] == table_id)
        assert seen["seated"] is True
        # Bob invites Ann from b; her lobby page is on a
        command(at_table, "/follow Ann")
        command(at_table, "/invite Ann")
        said(at_table, "Invitation sent to Ann")
        notice = anns.wait_type("notice", timeout=15)["notice"]
        assert notice["kind"] == "invitation" and notice["table"] == table_id and notice["from"] == "Bob"
        # Ann blocks Bob on a: b hears of it at once (Bob's friends list there loses her: his follow is gone)
        friends(bobs, lambda f: f and f[0]["name"] == "Ann")
        command(anns, "/ignore Bob")
        said(anns, "You have blocked Bob")
        friends(bobs, lambda f: f == [])
        command(at_table, "/invite Ann")
        refused(at_table, "you can invite the players you follow")
        command(at_table, "/follow Ann")
        refused(at_table, "you cannot follow Ann")  # b read Ann's blocks again at once
        # a moderator on a mutes Bob, whose socket is on b: it counts there at once
        root = Client(a, "Root")
        admins = admin_store(a.store)
        account = admins.account("Root")
        assert account is not None and admins.grant(account, "test", "runs the hall")
        command(anns, "/unignore Bob")
        said(anns, "You no longer block Bob")
        bobs.send({"type": "chat", "text": "before the mute"})  # (b has Bob's mute cached: not muted)
        said(anns, "before the mute")
        muted = root.http.post("/api/mod/act", json={"action": "mute", "name": "Bob", "minutes": 10,
                                                      "reason": "spam"})
        assert muted.status_code == 200
        told = bobs.wait_type("notice", timeout=15)["notice"]
        assert told["kind"] == "mute"
        bobs.send({"type": "chat", "text": "after the mute"})
        bobs.wait(lambda m: m.get("type") == "error" and m.get("code") == "muted", timeout=15)
    finally:
        a.stop()
        b.stop()
