"""Friends, invitations and blocks on a real hall (``server/social.py``): following by chat command and by the
player page, friends' presence in the lobby, invitations (now, and waiting for the next lobby page), and what a
block does (chat hidden live and in the history, no seat at the blocker's tables, no follow, no invitation)."""

from __future__ import annotations

import time
from typing import Any

import httpx
from harness import WS, Client, Hall, command, create_table, join, kept

from longhouse.i18n import Text
from longhouse.server import social


def friends(ws: WS, pred: Any = lambda f: True, timeout: float = 10.0) -> list[dict[str, Any]]:
    """The friends list the page shows (the latest ``friends`` message), once it satisfies ``pred``."""
    deadline = time.time() + timeout
    while True:
        ws.drain(0.05)
        latest = [m["friends"] for m in ws.messages if m.get("type") == "friends"]
        if latest and pred(latest[-1]):
            return list(latest[-1])
        assert time.time() < deadline, f"no friends list like that; the latest: {latest[-1:]}"


def said(ws: WS, words: str) -> dict[str, Any]:
    return ws.wait(lambda m: m.get("type") == "chat" and words in (m.get("text") or ""), what=words)


def refused(ws: WS, words: Text) -> dict[str, Any]:
    english = str(words)  # the socket's language is English: a catalog's text reads as its English
    return ws.wait(lambda m: m.get("type") == "error" and english in m.get("message", ""), what=english)


def social_post(client: Client, what: str, **body: Any) -> httpx.Response:
    return client.http.post(f"/api/social/{what}", json=body)


def test_follow_and_see_where_friends_are(hall: Hall) -> None:
    ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
    lobby = ann.lobby()
    assert friends(lobby) == []
    command(lobby, "/follow bob")
    said(lobby, "You follow Bob now")
    assert friends(lobby) == [{"name": "Bob", "online": False, "table": None}]
    bobs = bob.lobby()
    assert friends(lobby, lambda f: f and f[0]["online"]) == [{"name": "Bob", "online": True, "table": None}]
    table_id = create_table(bobs, "toy", 2)
    at_table = bob.table(table_id)
    join(at_table, 1)
    (seen,) = friends(lobby, lambda f: f and f[0]["table"] == table_id)
    assert seen["seated"] is True and seen["title"] and seen["status"] == "waiting"
    at_table.close()
    bobs.close()
    friends(lobby, lambda f: f and not f[0]["online"])
    command(lobby, "/follow Bob")
    refused(lobby, "you follow Bob already")
    command(lobby, "/follow Nobody")
    refused(lobby, "there is no player 'Nobody'")
    command(lobby, "/follow Ann")
    refused(lobby, social.NOT_YOURSELF)
    command(lobby, "/unfollow Bob")
    said(lobby, "You no longer follow Bob")
    assert friends(lobby) == []


def test_the_player_pages_buttons(hall: Hall) -> None:
    ann, _ = Client(hall, "Ann"), Client(hall, "Bob")
    assert social_post(ann, "follow", name="bob").json()["said"].startswith("You follow Bob")
    assert ann.http.get("/api/social").json() == {"name": "Ann", "followed": ["Bob"], "blocked": []}
    assert social_post(ann, "follow", name="Bob").status_code == 400
    assert social_post(ann, "block", name="Bob").status_code == 200
    assert ann.http.get("/api/social").json() == {"name": "Ann", "followed": [], "blocked": ["Bob"]}  # no follow now
    assert social_post(ann, "follow", name="Bob").json()["error"] == "you cannot follow Bob"
    assert social_post(ann, "unblock", name="Bob").status_code == 200
    assert social_post(ann, "nonsense", name="Bob").status_code == 404
    assert social_post(ann, "follow", name="Bob").status_code == 200
    anonymous = kept(httpx.Client(base_url=hall.url))
    assert anonymous.get("/api/social").status_code == 401
    assert anonymous.post("/api/social/follow", json={"name": "Bob"}).status_code == 401
    cross = ann.http.post("/api/social/unfollow", json={"name": "Bob"}, headers={"Origin": "http://evil.example"})
    assert cross.status_code == 403
    assert ann.http.get("/api/social").json()["followed"] == ["Bob"]  # nothing changed


def test_invitations_reach_the_lobby_now_or_later(hall: Hall) -> None:
    ann, bob, cleo = Client(hall, "Ann"), Client(hall, "Bob"), Client(hall, "Cleo")
    lobby = ann.lobby()
    table_id = create_table(lobby, "toy", 2, private=True)
    at_table = ann.table(table_id)
    command(at_table, "/invite Bob")
    refused(at_table, "you can invite the players you follow")
    command(at_table, "/follow Bob")
    cleos = cleo.lobby()
    command(cleos, f"/invite Ann {table_id}")
    refused(cleos, social.INVITE_WHERE)  # Cleo neither sits at the table nor created it
    cleos.close()
    bobs = bob.lobby()
    join(at_table, 1)
    command(at_table, "/invite Bob")
    said(at_table, "Invitation sent to Bob")
    notice = bobs.wait_type("notice")["notice"]
    assert notice["kind"] == "invitation" and notice["from"] == "Ann" and notice["table"] == table_id
    assert notice["invite"]  # a private table's invitation lets Bob in
    bob.ws(f"/ws/table/{table_id}?invite={notice['invite']}").wait_type("table")
    # Cleo is not in the lobby: the invitation waits for her next lobby page
    command(at_table, "/follow Cleo")
    command(at_table, "/invite Cleo")
    said(at_table, "Invitation sent to Cleo")
    later = cleo.lobby().wait_type("notice")["notice"]
    assert later["kind"] == "invitation" and later["table"] == table_id
    again = cleo.lobby()  # delivered once
    again.drain(0.5)
    assert not [m for m in again.messages if m.get("type") == "notice"]
    # from the lobby, naming the table
    command(lobby, f"/invite Bob {table_id}")
    said(lobby, "Invitation sent to Bob")
    for _ in range(social.INVITES - 2):
        command(at_table, "/invite Bob")
    refused(at_table, "invitations in the last minutes")


def test_a_block(hall: Hall) -> None:
    ann, bob, cleo = Client(hall, "Ann"), Client(hall, "Bob"), Client(hall, "Cleo")
    anns_lobby, bobs_lobby, cleos_lobby = ann.lobby(), bob.lobby(), cleo.lobby()
    command(anns_lobby, "/follow Bob")
    command(bobs_lobby, "/follow Ann")
    friends(anns_lobby, lambda f: f and f[0]["name"] == "Bob")
    command(bobs_lobby, "/ignore Ann")
    said(bobs_lobby, "You have blocked Ann")
    assert friends(anns_lobby, lambda f: f == []) == []  # Ann no longer sees Bob as a friend (nor follows him)
    anns_lobby.send({"type": "chat", "text": "hello lobby"})
    said(cleos_lobby, "hello lobby")
    cleos_lobby.send({"type": "chat", "text": "cleo here"})
    said(bobs_lobby, "cleo here")
    assert not [m for m in bobs_lobby.messages if m.get("text") == "hello lobby"]
    history = bob.lobby().wait_type("chat_history")["lines"]
    assert [line["text"] for line in history] == ["cleo here"]
    # at Bob's table: Ann cannot sit down; her lines are hidden for Bob
    table_id = create_table(bobs_lobby, "toy", 3)
    bobs, anns, cleos = bob.table(table_id), ann.table(table_id), cleo.table(table_id)
    join(bobs, 1)
    command(anns, "/join")
    refused(anns, social.NOT_AT_YOUR_TABLE)
    join(cleos, 2)
    anns.send({"type": "chat", "text": "let me in"})
    said(cleos, "let me in")
    cleos.send({"type": "chat", "text": "no"})
    said(bobs, "no")
    assert not [m for m in bobs.messages if m.get("text") == "let me in"]
    assert "let me in" not in [line["text"] for line in bob.table(table_id).wait_type("chat_history")["lines"]]
    command(anns, "/follow Bob")
    refused(anns, "you cannot follow Bob")
    command(anns, "/unfollow Bob")
    refused(anns, "you do not follow Bob")  # the block ended her follow
    command(bobs, "/unignore Ann")
    said(bobs, "You no longer block Ann")
    command(anns, "/join")
    anns.wait(lambda m: m["type"] == "table" and m["you"]["seat"] == 2)
    anns.send({"type": "chat", "text": "thanks"})
    said(bobs, "thanks")


def _id(hall: Hall, name: str) -> int:
    found = hall.store.user_by_name(name)
    assert found is not None
    return found[0].id


def test_an_invitation_from_someone_blocked_is_dropped(hall: Hall) -> None:
    ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
    bobs_lobby = bob.lobby()
    command(bobs_lobby, "/ignore Ann")
    said(bobs_lobby, "You have blocked Ann")
    lobby = ann.lobby()
    table_id = create_table(lobby, "toy", 2)
    at_table = ann.table(table_id)
    join(at_table, 1)
    command(bobs_lobby, "/unignore Ann")
    said(bobs_lobby, "no longer block")
    command(at_table, "/follow Bob")
    said(at_table, "You follow Bob")
    command(bobs_lobby, "/ignore Ann")
    said(bobs_lobby, "You have blocked Ann")
    command(at_table, "/follow Bob")  # the block ended Ann's follow
    refused(at_table, "you cannot follow Bob")
    hall.hall.social.store.follow(_id(hall, "Ann"), _id(hall, "Bob"))  # as if made before the block
    hall.hall.social.forget(_id(hall, "Ann"))
    command(at_table, "/invite Bob")
    said(at_table, "Invitation sent to Bob")  # Ann is not told
    bobs_lobby.drain(0.5)
    assert not [m for m in bobs_lobby.messages if m.get("type") == "notice"]
    assert hall.hall.social.store.pending(_id(hall, "Bob")) == []
