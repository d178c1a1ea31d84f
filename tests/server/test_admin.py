"""The admin's tools on a real hall: the role (granted from the CLI), bans, reset links, ending sessions,
closing tables, announcements, the figures, the audit log, and the guard against cross-site requests."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from harness import WS, Client, Hall, command, create_table, kept, seated_table
from sqlalchemy import select
from websockets.exceptions import ConnectionClosed

from longhouse.cli import main
from longhouse.store.admin import admin_store


def admin(hall: Hall, db_url: str, name: str = "Root") -> Client:
    """A signed-up account made an admin with ``longhouse admin grant``."""
    client = Client(hall, name)
    assert main(["admin", "grant", name, "--reason", "runs the hall", "--database", db_url]) == 0
    return client


def post(client: Client, path: str, **body: Any) -> httpx.Response:
    return client.http.post(f"/api/admin/{path}", json=body)


def closed_with(ws: WS, code: int) -> None:
    """The socket is told its session ended, then closed with ``code``."""
    ws.wait(lambda m: m.get("type") == "error" and m.get("code") == "signed_out")
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            ws.conn.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == code


def test_only_admins_reach_the_admin_api(hall: Hall, db_url: str) -> None:
    root, ann = admin(hall, db_url), Client(hall, "Ann")
    anonymous = kept(httpx.Client(base_url=hall.url))
    assert anonymous.get("/api/admin/log").status_code == 401
    assert ann.http.get("/api/admin/accounts?prefix=a").status_code == 403
    assert post(ann, "announce", text="hello", reason="x").status_code == 403
    assert ann.http.get("/api/me").json()["user"] == {"name": "Ann", "guest": False}
    assert root.http.get("/api/me").json()["user"]["admin"] is True
    found = root.http.get("/api/admin/accounts", params={"prefix": "a"}).json()["accounts"]
    assert [a["name"] for a in found] == ["Ann"] and found[0]["sessions"] == 1 and not found[0]["admin"]
    (entry,) = root.http.get("/api/admin/log").json()["entries"]
    assert (entry["action"], entry["target"], entry["reason"]) == ("grant", "Root", "runs the hall")
    assert entry["actor"].startswith("console:")
    assert main(["admin", "revoke", "Root", "--reason", "steps down", "--database", db_url]) == 0
    assert root.http.get("/api/admin/log").status_code == 403


def test_a_ban_ends_every_session_and_keeps_look_alike_names_out(hall: Hall, db_url: str) -> None:
    root, bill = admin(hall, db_url), Client(hall, "Bill", password="bills-pw")
    other = kept(httpx.Client(base_url=hall.url))
    assert other.post("/api/signin", json={"name": "bill", "password": "bills-pw"}).status_code == 200
    lobby = bill.lobby()
    table_id = create_table(lobby, "toy", 2)
    at_table = bill.table(table_id)
    assert post(root, "ban", name="Bill", reason="").status_code == 400  # a reason is asked for
    assert post(root, "ban", name="Root", reason="oops").status_code == 400
    answer = post(root, "ban", name="bill", reason="spam in the lobby")
    assert answer.status_code == 200 and answer.json()["sessions"] == 2 and answer.json()["sockets"] == 2
    closed_with(lobby, 4401)
    closed_with(at_table, 4401)
    assert bill.http.get("/api/me").json()["user"] is None and other.get("/api/me").json()["user"] is None
    again = kept(httpx.Client(base_url=hall.url))
    for name in ("Bill", "BILL", "bill"):
        refused = again.post("/api/signin", json={"name": name, "password": "bills-pw"})
        assert refused.status_code == 403 and refused.json()["code"] == "banned"
    for name in ("B1ll", "bi11", "BiIl", "b1I1"):
        assert again.post("/api/signup", json={"name": name, "password": "new-pw-1"}).status_code == 400, name
    assert "Bi11" not in [a["name"] for a in root.http.get("/api/admin/accounts?prefix=b").json()["accounts"]]
    assert again.post("/api/signup", json={"name": "Bull", "password": "new-pw-1"}).status_code == 200
    entry = root.http.get("/api/admin/log").json()["entries"][0]
    assert (entry["actor"], entry["action"], entry["target"], entry["reason"]) == \
        ("Root", "ban", "Bill", "spam in the lobby")
    assert post(root, "unban", name="Bill", reason="apologised").status_code == 200
    assert again.post("/api/signin", json={"name": "Bill", "password": "bills-pw"}).status_code == 200


def test_a_reset_link_sets_a_new_password_once(hall: Hall, db_url: str) -> None:
    root, ann = admin(hall, db_url), Client(hall, "Ann", password="forgotten")
    answer = post(root, "reset", name="Ann", reason="asked by mail").json()
    link = answer["link"]
    assert link.startswith("/reset#")
    token = link.split("#", 1)[1]
    store = admin_store(hall.store)
    with hall.store.engine.connect() as c:
        (row,) = c.execute(select(store.resets)).all()
    assert token not in row.token_hash and row.expires > row.created  # kept hashed, with an expiry
    holder = kept(httpx.Client(base_url=hall.url))
    assert holder.post("/api/reset", json={"token": token, "password": "short"}).status_code == 400
    done = holder.post("/api/reset", json={"token": token, "password": "remembered"})
    assert done.status_code == 200 and done.json()["name"] == "Ann"
    assert holder.get("/api/me").json()["user"]["name"] == "Ann"
    assert ann.http.get("/api/me").json()["user"] is None  # the account's other sessions ended
    assert holder.post("/api/reset", json={"token": token, "password": "again-pw"}).status_code == 400
    fresh = kept(httpx.Client(base_url=hall.url))
    assert fresh.post("/api/signin", json={"name": "Ann", "password": "forgotten"}).status_code == 401
    assert fresh.post("/api/signin", json={"name": "Ann", "password": "remembered"}).status_code == 200
    expired = store.new_reset(store.account("Ann"), -1.0, "Root", "test")  # type: ignore[arg-type]
    assert holder.post("/api/reset", json={"token": expired, "password": "too-late-pw"}).status_code == 400
    assert [e["action"] for e in root.http.get("/api/admin/log").json()["entries"]][:3] == \
        ["reset_password", "reset_used", "reset_password"]


def test_closing_tables_announcing_and_the_figures(hall: Hall, db_url: str) -> None:
    root = admin(hall, db_url)
    running, people, sockets = seated_table(hall, ["Ann", "Bob"])
    lobby = people[0].lobby()
    waiting = create_table(lobby, "toy", 2)
    lobby.skip()
    assert post(root, "announce", text="The hall restarts at 22:00", reason="upgrade").status_code == 200
    for ws in (lobby, sockets[1]):
        line = ws.wait(lambda m: m.get("type") == "chat" and "22:00" in m.get("text", ""))
        assert line["text"] == "Announcement: The hall restarts at 22:00" and line["from"] is None
    assert post(root, "close", table=running, reason="stuck game").json()["outcome"] == "abandoned"
    sockets[0].wait(lambda m: m.get("type") == "table" and m["table"]["status"] == "over")
    row = hall.store.table(running)
    assert row is not None and row.result is not None and row.result["abandoned"] and row.result["scores"] is None
    ratings = hall.hall.people.ratings
    with hall.store.engine.connect() as c:  # unrated
        assert c.execute(select(ratings).where(ratings.c.table_id == running)).all() == []
    assert post(root, "close", table=waiting, reason="empty").json()["outcome"] == "removed"
    assert hall.store.table(waiting) is None
    assert post(root, "close", table=running, reason="again").status_code == 404
    assert post(root, "close", table="x1", reason="junk").status_code == 404
    overview = root.http.get("/api/admin/overview").json()
    values = hall.hall.metrics.values()
    assert overview["figures"]["moves"] == {k.split('"')[1]: v for k, v in values.items()
                                            if k.startswith("longhouse_moves_total{")}
    assert overview["figures"]["sockets"]["lobby"] == values['longhouse_sockets{kind="lobby"}']
    actions = [(e["action"], e["target"]) for e in root.http.get("/api/admin/log").json()["entries"]]
    assert actions[:3] == [("close_table", f"table {waiting}"), ("close_table", f"table {running}"),
                           ("announce", "everyone")]
    command(sockets[1], "/who")  # the closed table still answers its visitors
    sockets[1].wait(lambda m: m.get("type") == "chat" and m.get("private"))


def test_cross_site_and_non_json_posts_are_refused_and_change_nothing(hall: Hall, db_url: str) -> None:
    root, _ = admin(hall, db_url), Client(hall, "Eve")
    body = {"name": "Eve", "reason": "test"}
    assert root.http.post("/api/admin/ban", json=body, headers={"Origin": "http://evil.example"}).status_code == 403
    assert root.http.post("/api/admin/ban", json=body, headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
    assert root.http.post("/api/admin/ban", content='{"name": "Eve", "reason": "t"}',
                          headers={"Content-Type": "text/plain"}).status_code == 415
    eve = admin_store(hall.store).account("Eve")
    assert eve is not None and eve.banned is None and eve.sessions == 1
    assert root.http.get("/api/admin/log").json()["entries"][0]["action"] == "grant"
    same = root.http.post("/api/admin/ban", json=body, headers={"Origin": hall.url, "Sec-Fetch-Site": "same-origin"})
    assert same.status_code == 200


def test_the_cli_does_every_action(hall: Hall, db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    admin(hall, db_url)
    Client(hall, "Dora", password="dora-pw-1")
    capsys.readouterr()
    base = ["--database", db_url, "--url", hall.url, "--as", "Root"]
    assert main(["admin", "find", "do", "--database", db_url]) == 0
    assert capsys.readouterr().out.startswith("Dora\t-\t1 sessions")
    assert main(["admin", "end-sessions", "Dora", "--reason", "lost phone", *base]) == 0
    assert '"sessions": 1' in capsys.readouterr().out
    assert main(["admin", "reset", "Dora", "--reason", "lost password", *base]) == 0
    link = capsys.readouterr().out.split()[-1]
    assert link.startswith(f"{hall.url}/reset#")
    assert main(["admin", "ban", "Dora", "--reason", "cheating", *base]) == 0
    assert main(["admin", "ban", "Dora", "--reason", "twice", *base]) == 1
    assert "banned already" in capsys.readouterr().err
    assert main(["admin", "unban", "Dora", "--reason", "appeal", *base]) == 0
    assert main(["admin", "announce", "Maintenance soon", "--reason", "upgrade", *base]) == 0
    assert main(["admin", "close", "999", "--reason", "nothing", *base]) == 1
    assert main(["admin", "figures", *base]) == 0
    assert '"moves"' in capsys.readouterr().out
    assert main(["admin", "ban", "Dora", "--reason", "x", "--database", db_url, "--url", hall.url]) == 1
    assert "--as NAME" in capsys.readouterr().err
    assert main(["admin", "log", "--database", db_url]) == 0
    log = capsys.readouterr().out.splitlines()
    assert [line.split("\t")[2] for line in log] == ["announce", "unban", "ban", "reset_password", "end_sessions",
                                                     "grant"]
    assert main(["admin", "announce", "x", "--reason", "y", "--database", db_url, "--url", "http://127.0.0.1:9",
                 "--as", "Root"]) == 1
    assert "does not answer" in capsys.readouterr().err
