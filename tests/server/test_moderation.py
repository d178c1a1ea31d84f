"""Reports and the moderators on a real hall (``server/reports.py``, ``server/moderation.py``): the role that
admins grant, a report from a chat line, a seat or a page with its context, the queue, and each action (warn,
mute, unmute, ban, dismiss) audited and told to the player."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from harness import WS, Client, Hall, command, create_table, seated_table
from test_admin import admin, closed_with
from test_social import refused, said

from longhouse.server import moderation, reports


def moderator(hall: Hall, db_url: str, root: Client, name: str = "Mia") -> Client:
    client = Client(hall, name)
    answer = root.http.post("/api/admin/moderator", json={"name": name, "grant": True, "reason": "trusted"})
    assert answer.status_code == 200, answer.text
    return client


def act(client: Client, **body: Any) -> httpx.Response:
    return client.http.post("/api/mod/act", json=body)


def queue(client: Client, status: str = "open") -> list[dict[str, Any]]:
    answer = client.http.get(f"/api/mod/queue?status={status}")
    assert answer.status_code == 200, answer.text
    return list(answer.json()["reports"])


def notice(ws: WS, kind: str) -> dict[str, Any]:
    return dict(ws.wait(lambda m: m.get("type") == "notice" and m["notice"]["kind"] == kind, what=kind)["notice"])


def test_admins_grant_the_role(hall: Hall, db_url: str) -> None:
    root = admin(hall, db_url)
    ann = Client(hall, "Ann")
    assert ann.http.get("/api/mod/queue").status_code == 403
    assert ann.http.post("/api/admin/moderator", json={"name": "Ann", "grant": True, "reason": "x"}).status_code == 403
    mia = moderator(hall, db_url, root)
    assert mia.http.get("/api/me").json()["user"] == {"name": "Mia", "guest": False, "moderator": True}
    assert root.http.get("/api/me").json()["user"]["moderator"] is True  # an admin moderates too
    assert queue(mia) == []
    assert mia.http.post("/api/admin/moderator", json={"name": "Ann", "grant": True, "reason": "x"}).status_code == 403
    again = root.http.post("/api/admin/moderator", json={"name": "Mia", "grant": True, "reason": "again"})
    assert again.status_code == 400
    entries = root.http.get("/api/admin/log").json()["entries"]
    assert (entries[0]["action"], entries[0]["target"], entries[0]["actor"]) == ("grant_moderator", "Mia", "Root")
    assert root.http.post("/api/admin/moderator", json={"name": "Mia", "grant": False, "reason": "steps down"}
                          ).status_code == 200
    assert mia.http.get("/api/mod/queue").status_code == 403
    assert root.http.get("/api/admin/log").json()["entries"][0]["action"] == "revoke_moderator"


def test_a_report_from_a_chat_line_keeps_its_context(make_hall: Callable[..., Hall], db_url: str) -> None:
    hall = make_hall(chat_burst=50)  # a long chat
    root = admin(hall, db_url)
    mia = moderator(hall, db_url, root)
    table_id, (ann, bob), (anns, bobs) = seated_table(hall, ["Ann", "Bob"])
    for i in range(15):
        bobs.send({"type": "chat", "text": f"line {i}"})
        said(anns, f"line {i}")
        if i == 12:
            anns.send({"type": "chat", "text": "you are a fool"})
            said(anns, "you are a fool")  # in the chat before Bob's next line (two sockets: no order between them)
    bad = said(bobs, "you are a fool")
    command(bobs, "/report Ann x")
    refused(bobs, reports.REASON)  # a reason is asked for
    command(bobs, f"/report Ann @{bad['time']} insults in the chat")
    said(bobs, "Thank you: your report about Ann went to the moderators.")
    (report,) = queue(mia)
    assert (report["reporter"], report["target"], report["reason"], report["status"]) == \
        ("Bob", "Ann", "insults in the chat", "open")
    context = report["context"]
    assert context["where"] == "table" and context["table"] == table_id and context["seat"] == 0
    assert context["version"] == hall.hall.tables[table_id].version and context["status"] == "running"
    assert context["line"] == bad["time"]
    texts = [line["text"] for line in context["lines"]]
    assert texts[reports.BEFORE] == "you are a fool" and len(texts) == reports.BEFORE + 1 + 2  # what came after
    assert texts[0] == f"line {13 - reports.BEFORE}"
    # from a seat (no line named): the last lines; from the page: the lobby's
    command(bobs, "/report Ann plays far too slowly on purpose")
    said(bobs, "Thank you")
    assert queue(mia)[1]["context"]["line"] is None
    page = bob.http.post("/api/social/report", json={"name": "Ann", "reason": "rude name"})
    assert page.status_code == 200
    assert queue(mia)[2]["context"]["where"] == "page"
    assert ann.http.post("/api/social/report", json={"name": "Ann", "reason": "myself"}).status_code == 400
    guest = Client(hall)
    assert guest.http.post("/api/social/report", json={"name": "Ann", "reason": "spam"}).status_code == 400
    assert len(queue(mia)) == 3
    assert ann.http.get("/api/mod/queue").status_code == 403  # the reported player sees no queue


def test_reports_are_limited(hall: Hall, db_url: str) -> None:
    Client(hall, "Ann")
    bob = Client(hall, "Bob")
    for i in range(reports.PER_HOUR):
        assert bob.http.post("/api/social/report", json={"name": "Ann", "reason": f"reason {i}"}).status_code == 200
    over = bob.http.post("/api/social/report", json={"name": "Ann", "reason": "one more"})
    assert over.status_code == 400 and over.json()["error"] == str(reports.FLOOD)
    long = bob.http.post("/api/social/report", json={"name": "Ann", "reason": "x" * (reports.LONGEST + 1)})
    assert long.status_code == 400


def test_warn_mute_and_unmute_are_told_and_audited(hall: Hall, db_url: str) -> None:
    root = admin(hall, db_url)
    mia = moderator(hall, db_url, root)
    ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
    anns, bobs = ann.lobby(), bob.lobby()
    assert bob.http.post("/api/social/report", json={"name": "Ann", "reason": "spam"}).status_code == 200
    (report,) = queue(mia)
    assert act(mia, action="warn", report=report["id"], reason="").status_code == 400  # a reason
    assert act(mia, action="shout", report=report["id"], reason="x").status_code == 400
    assert act(mia, action="warn", report=report["id"], reason="keep the chat friendly").status_code == 200
    warned = notice(anns, "warn")
    assert warned["text"] == "A moderator warns you: keep the chat friendly"
    said(anns, "A moderator warns you")
    told = notice(bobs, "report_handled")
    assert told["text"] == "A moderator has handled your report about Ann: they were warned."
    assert act(mia, action="warn", report=report["id"], reason="twice").status_code == 409
    assert queue(mia) == [] and queue(mia, "handled")[0]["status"] == "warned"
    # a mute: her lines are refused until it ends, everyone else's go on
    assert act(mia, action="mute", name="Ann", minutes=0, reason="spam").status_code == 400
    assert act(mia, action="mute", name="Ann", minutes=moderation.MOST_MINUTES + 1, reason="x").status_code == 400
    done = act(mia, action="mute", name="ann", minutes=30, reason="spam again")
    assert done.status_code == 200
    muted = notice(anns, "mute")
    assert muted["until"] == done.json()["until"] and "spam again" in muted["text"]
    anns.send({"type": "chat", "text": "can I talk?"})
    anns.wait(lambda m: m.get("type") == "error" and m.get("code") == "muted")
    bobs.send({"type": "chat", "text": "bob talks"})
    said(anns, "bob talks")
    at_table = ann.table(create_table(anns, "toy", 2))  # at a table too
    at_table.send({"type": "chat", "text": "and here?"})
    at_table.wait(lambda m: m.get("type") == "error" and m.get("code") == "muted")
    command(at_table, "/who")  # commands still work
    at_table.wait_type("chat", private=True)
    assert act(mia, action="unmute", name="Ann", reason="served").status_code == 200
    notice(anns, "unmute")
    anns.send({"type": "chat", "text": "thank you"})
    said(bobs, "thank you")
    actions = [(e["action"], e["target"], e["actor"]) for e in root.http.get("/api/admin/log").json()["entries"]]
    assert actions[:3] == [("unmute", "Ann", "Mia"), ("mute", "Ann", "Mia"), ("warn", "Ann", "Mia")]
    # a warning for someone away waits for their next lobby page
    anns.close()
    assert act(mia, action="warn", name="Ann", reason="second warning").status_code == 200
    assert notice(ann.lobby(), "warn")["text"].endswith("second warning")


def test_a_ban_and_a_dismissal(hall: Hall, db_url: str) -> None:
    root = admin(hall, db_url)
    mia = moderator(hall, db_url, root)
    ann, bob = Client(hall, "Ann", password="anns-pw-1"), Client(hall, "Bob")
    anns = ann.lobby()
    for reason in ("cheats", "nothing really"):
        assert bob.http.post("/api/social/report", json={"name": "Ann", "reason": reason}).status_code == 200
    first, second = queue(mia)
    assert first["reports"] == 2 and first["banned"] is False and first["muted_until"] is None
    assert act(mia, action="dismiss", name="Ann", reason="x").status_code == 400  # dismiss names a report
    assert act(mia, action="dismiss", report=second["id"], reason="not a rule broken").status_code == 200
    assert act(mia, action="ban", report=first["id"], reason="cheating").status_code == 200
    assert notice(anns, "ban")["text"] == "A moderator has banned this account: cheating"
    closed_with(anns, 4401)
    again = httpx.post(f"{hall.url}/api/signin", json={"name": "Ann", "password": "anns-pw-1"})
    assert again.status_code == 403 and again.json()["code"] == "banned"
    assert [r["status"] for r in queue(mia, "handled")] == ["banned", "dismissed"]
    entries = [(e["action"], e["target"], e["actor"]) for e in root.http.get("/api/admin/log").json()["entries"]]
    assert entries[:2] == [("ban", "Ann", "Mia"), ("dismiss", "Ann", "Mia")]
    # no moderator acts on a moderator or an admin
    Client(hall, "Max")
    root.http.post("/api/admin/moderator", json={"name": "Max", "grant": True, "reason": "helps"})
    assert act(mia, action="warn", name="Max", reason="x").status_code == 400
    assert act(mia, action="ban", name="Root", reason="x").status_code == 400
    assert act(mia, action="mute", name="Nobody", reason="x").status_code == 404
