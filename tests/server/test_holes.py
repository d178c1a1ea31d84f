"""The holes an outsider found in the hall (issue 29, item 8), each reproduced against a running hall: every
test here failed on the hall before its fix."""

from __future__ import annotations

import logging
from typing import Any

import httpx
import pytest
from harness import Client, Hall, command, create_table, join, kept, play_out
from websockets.exceptions import ConnectionClosed

from longhouse.server.auth import COOKIE
from longhouse.server.transport import uvicorn_config


def still_open(ws: Any) -> None:
    """The socket still answers (it was not closed with 1011 after the last message)."""
    command(ws, "/who")
    ws.wait(lambda m: m["type"] == "chat" and m.get("private") and m["text"].startswith("Seats"))


# --- seat and level arguments: ASCII digits only ------------------------------------------------------------

@pytest.mark.parametrize("arg", ["²", "³", "①", "٣"])
def test_seat_arguments_in_other_digits_get_a_clear_error(hall: Hall, arg: str) -> None:
    """``"²".isdigit()`` is true and ``int("²")`` fails: ``/join ²`` closed the socket with 1011 and a
    traceback."""
    ann = Client(hall, "Ann")
    lobby = ann.lobby()
    tid = create_table(lobby, "toy", 3)
    ws = ann.table(tid)
    join(ws, 1)
    command(ws, "/bot beginner 2")
    ws.wait(lambda m: m["type"] == "table" and m["table"]["seats"][1] is not None)
    for text in (f"/join {arg}", f"/bot {arg}", f"/bot beginner {arg}", f"/remove {arg}"):
        ws.skip()
        command(ws, text)
        error = ws.wait_type("error")
        assert error["code"] == "command", text
        still_open(ws)
    ws.send({"type": "command", "name": "join", "args": [arg]})
    assert ws.wait_type("error")["code"] == "command"
    still_open(ws)
    command(ws, "/who")  # nothing changed: Ann at 1, the bot at 2
    who = ws.wait(lambda m: m["type"] == "chat" and m.get("private") and m["text"].startswith("Seats"))
    assert "1 Red: Ann" in who["text"] and "(bot)" in who["text"] and "3 Green: free" in who["text"]


# --- deeply nested JSON -------------------------------------------------------------------------------------

NESTED = "[" * 2000 + "]" * 2000


def test_deeply_nested_json_is_a_400_without_a_traceback(hall: Hall, caplog: pytest.LogCaptureFixture) -> None:
    """A 4 KB body of 2,000 nested arrays was a 500 and a RecursionError traceback in the log, every time."""
    ann = Client(hall, "Ann")
    with caplog.at_level(logging.INFO):
        for path in ("/api/guest", "/api/signin", "/api/signup", "/api/signout", "/api/settings"):
            for _ in range(5):
                r = ann.http.post(path, content=NESTED, headers={"Content-Type": "application/json"})
                assert r.status_code == 400, (path, r.status_code, r.text)
                assert r.json()["error"] == "the request is not JSON"
    assert not [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]
    counted = [r for r in caplog.records if "not JSON" in r.getMessage()]
    assert len(counted) <= 1  # a count, at most once a minute, never a line per request
    assert ann.http.get("/api/me").json()["user"]["name"] == "Ann"  # nothing changed


def test_deeply_nested_json_on_a_websocket_is_a_protocol_error(hall: Hall) -> None:
    ann = Client(hall, "Ann")
    lobby = ann.lobby()
    tid = create_table(lobby, "toy", 2)
    ws = ann.table(tid)
    deep = "[" * 900 + "]" * 900  # within msgspec's depth: reaches the hall
    for text in (NESTED, '{"type": "chat", "text": ' + NESTED + "}",
                 '{"type": "action", "version": 0, "action": {"x": ' + deep + "}}"):
        ws.skip()
        ws.send(text)
        assert ws.wait_type("error")["message"]
        still_open(ws)
    lobby.send('{"type": "create", "game": "toy", "seats": 2, "options": {"x": ' + deep + "}}")
    assert lobby.wait_type("error")["message"]
    lobby.send({"type": "chat", "text": "still here"})
    lobby.wait(lambda m: m["type"] == "chat" and m["text"] == "still here")


# --- only the creator and seated players seat and remove bots -----------------------------------------------

def test_a_watcher_can_neither_remove_nor_seat_bots(hall: Hall) -> None:
    ann, eve = Client(hall, "Ann"), Client(hall, "Eve")
    lobby = ann.lobby()
    tid = create_table(lobby, "toy", 3)
    wa = ann.table(tid)
    command(wa, "/bot beginner 2")  # the creator, not seated yet, may
    wa.wait(lambda m: m["type"] == "table" and m["table"]["seats"][1] is not None)
    we = eve.table(tid)
    for text in ("/remove 2", "/bot", "/bot beginner 3"):
        we.skip()
        command(we, text)
        assert "creator" in we.wait_type("error", code="command")["message"]
    join(we, 1)  # seated, Eve may
    command(we, "/bot beginner 3")
    we.wait(lambda m: m["type"] == "table" and m["table"]["seats"][2] is not None)
    command(we, "/remove 2")
    we.wait(lambda m: m["type"] == "table" and m["table"]["seats"][1] is None)


# --- a private table is refused as a missing one ------------------------------------------------------------

def _refusal(client: Client, path: str) -> tuple[dict[str, Any], int | None, str]:
    ws = client.ws(path)
    error = ws.wait_type("error")
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(20):
            ws.conn.recv(timeout=10)
    rcvd = closed.value.rcvd
    return error, None if rcvd is None else rcvd.code, "" if rcvd is None else rcvd.reason


def test_a_private_table_answers_as_a_missing_one(hall: Hall) -> None:
    """A private table answered 4403, a missing one 4404: private numbers could be enumerated."""
    ann, eve = Client(hall, "Ann"), Client(hall, "Eve")
    lobby = ann.lobby()
    private = create_table(lobby, "toy", 2, private=True)
    missing = private + 1000
    answers = [_refusal(eve, f"/ws/table/{tid}{q}") for tid in (private, missing) for q in ("", "?invite=x")]
    assert all(a == answers[0] for a in answers), answers
    assert answers[0][1] == 4404 and answers[0][0]["code"] == "refused"


# --- forwarded headers only from the proxies the operator names ---------------------------------------------

def _guests(hall: Hall, forwarded: list[str]) -> list[int]:
    return [httpx.post(f"{hall.url}/api/guest", json={}, headers={"X-Forwarded-For": f}, timeout=30).status_code
            for f in forwarded]


def test_forwarded_for_is_believed_only_from_named_proxies(make_hall: Any) -> None:
    """uvicorn believes X-Forwarded-For from 127.0.0.1 by default: a local client could claim any address and
    escape every per-address limit."""
    fresh = [f"203.0.113.{i}" for i in range(1, 5)]
    hall = make_hall(account_burst=2, account_rate=0.0001)
    assert _guests(hall, fresh) == [200, 200, 429, 429]  # all from 127.0.0.1, whatever the header says
    hall.stop()
    behind = make_hall(account_burst=2, account_rate=0.0001, trusted_proxies=("127.0.0.0/8",))
    assert _guests(behind, fresh) == [200] * 4  # the proxy's clients, each with its own allowance
    assert _guests(behind, ["203.0.113.1"] * 2) == [200, 429]


def test_serve_believes_no_proxy_by_default() -> None:
    from longhouse.server.app import create_app
    from longhouse.server.settings import Settings
    from longhouse.store import Store

    store = Store("sqlite://")
    try:
        config = uvicorn_config(create_app(store, Settings()), "127.0.0.1", 0)
        assert not config.proxy_headers
        named = uvicorn_config(create_app(store, Settings(trusted_proxies=("10.0.0.0/8",))), "127.0.0.1", 0)
        assert named.proxy_headers and named.forwarded_allow_ips == ["10.0.0.0/8"]
    finally:
        store.close()


# --- sessions: sign-out and expiry close their sockets; sign out everywhere ---------------------------------

def signed_in(hall: Hall, name: str, password: str = "secret-pw") -> Client:
    """Another session of an existing account (``Client`` signs up; this signs in)."""
    client = Client.__new__(Client)
    client.base = hall.url
    client.http = kept(httpx.Client(base_url=hall.url, timeout=30))
    r = client.http.post("/api/signin", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    client.name, client.token = name, client.http.cookies[COOKIE]
    return client


def closed_with(ws: Any, timeout: float = 10) -> int | None:
    with pytest.raises(ConnectionClosed) as closed:
        for _ in range(200):
            ws.conn.recv(timeout=timeout)
    return None if closed.value.rcvd is None else closed.value.rcvd.code


def test_sign_out_and_expiry_close_their_sockets_and_everywhere_ends_all(make_hall: Any) -> None:
    """An open socket outlived its session: after sign-out, or once the session expired, it still chatted
    and created tables; and signing out left the account's other sessions alive."""
    hall = make_hall(session_check=0.1)
    phone, laptop, tablet = Client(hall, "Ann"), signed_in(hall, "Ann"), signed_in(hall, "Ann")
    lobby = phone.lobby()
    tid = create_table(lobby, "toy", 2)
    at_table = phone.table(tid)
    elsewhere, third = laptop.lobby(), tablet.lobby()
    assert phone.http.post("/api/signout", json={}).status_code == 200
    assert closed_with(lobby) == 4401 and closed_with(at_table) == 4401
    elsewhere.send({"type": "chat", "text": "still here"})
    elsewhere.wait(lambda m: m["type"] == "chat" and m["text"] == "still here")

    age = hall.hall.settings.session_age  # the tablet's session expires: its socket closes within the sweep
    with hall.store.engine.begin() as c:
        c.execute(hall.store.sessions.update().where(hall.store.sessions.c.token == tablet.token)
                  .values(created=hall.store.sessions.c.created - age - 1))
    assert closed_with(third) == 4401
    elsewhere.send({"type": "chat", "text": "and here"})
    elsewhere.wait(lambda m: m["type"] == "chat" and m["text"] == "and here")

    desk = signed_in(hall, "Ann")
    desk_lobby = desk.lobby()
    r = laptop.http.post("/api/signout-everywhere", json={})
    assert r.status_code == 200 and r.json()["sessions"] == 3  # the laptop's, the desk's, the expired one
    assert closed_with(elsewhere) == 4401 and closed_with(desk_lobby) == 4401
    assert desk.http.get("/api/me").json()["user"] is None
    assert laptop.http.post("/api/signout-everywhere", json={}).status_code == 401


# --- guests not seen for a while are removed, their names given again --------------------------------------

def _age(hall: Hall, name: str, seconds: float) -> None:
    """Make a guest's account and session look ``seconds`` older."""
    store = hall.store
    uid = store.user_by_name(name)[0].id  # type: ignore[index]
    with store.engine.begin() as c:
        c.execute(store.users.update().where(store.users.c.id == uid).values(created=store.users.c.created - seconds))
        c.execute(store.sessions.update().where(store.sessions.c.user_id == uid)
                  .values(created=store.sessions.c.created - seconds))


def test_guests_not_seen_for_a_while_are_removed_and_their_names_given_again(
        make_hall: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Guest names were never freed: once most of the 90,000 were taken, newcomers got a 503."""
    from longhouse.server import auth, guests

    monkeypatch.setattr(guests, "SWEEP_SOON", 0.0)  # a newcomer without a free name sweeps at once
    hall = make_hall(guest_age=3600.0)
    monkeypatch.setattr(auth.secrets, "randbelow", lambda n: 4242)  # a hall whose only free name is one
    old = Client(hall)
    assert old.name == "Guest-14242"
    tid = play_out([old], "toy", bots=1)
    monkeypatch.setattr(auth.secrets, "randbelow", lambda n: 4243)
    keeper = Client(hall)  # a guest seated at a waiting table stays, however old
    lobby = keeper.lobby()
    waiting = keeper.table(create_table(lobby, "toy", 2))
    join(waiting, 1)
    waiting.close()
    lobby.close()
    monkeypatch.setattr(auth.secrets, "randbelow", lambda n: 4242)
    assert httpx.post(f"{hall.url}/api/guest", json={}, timeout=30).status_code == 503  # taken, and just seen

    _age(hall, old.name, 7200)
    _age(hall, keeper.name, 7200)
    new = Client(hall)
    assert new.name == "Guest-14242" and new.token != old.token
    assert old.http.get("/api/me").json()["user"] is None  # the old guest is gone
    assert keeper.http.get("/api/me").json()["user"]["name"] == "Guest-14243"  # seated: kept
    archived = next(t for t in httpx.get(f"{hall.url}/api/archive", timeout=30).json()["tables"] if t["id"] == tid)
    assert "Guest-14242" in archived["players"]  # the finished game stays, under the name
    page = httpx.get(f"{hall.url}/api/players/Guest-14242", timeout=30).json()
    assert page["played"] == 0 and page["recent"] == []  # the new guest inherits none of it
