"""The attacks an outsider made on the hall (issue 16), each reproduced: every test failed on the hall before
the fix. Rates, lockouts and grace periods run on a fake clock (``Hall.fake_clock``)."""

from __future__ import annotations

import asyncio
import logging
import socket
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import WS, Client, Hall, command, create_table, kept
from starlette.requests import Request
from test_hall_toy import seat_table
from websockets.sync.client import connect

from longhouse import games
from longhouse.engine.errors import SetupError
from longhouse.server import accounts
from longhouse.server.auth import COOKIE
from longhouse.server.conn import Conn
from longhouse.server.hall import Hall as HallCore
from longhouse.server.protocol import NO_TABLE
from longhouse.server.settings import Settings
from longhouse.store import Store, User
from tests.waiting import until_async


def refused_socket(client: Client, path: str) -> dict[str, Any]:
    ws = client.ws(path)
    return ws.wait_type("error")


# --- 1. memory: bodies are read in pieces and capped -------------------------------------------------

def test_a_long_body_is_refused_after_reading_only_past_the_cap() -> None:
    chunk = b"x" * 1024
    pieces = 0

    async def receive() -> dict[str, Any]:
        nonlocal pieces
        pieces += 1
        return {"type": "http.request", "body": chunk, "more_body": pieces < 300_000}

    class App:
        state = type("S", (), {"settings": Settings(max_body=4096)})()

    scope = {"type": "http", "method": "POST", "path": "/api/signup", "headers": [
        (b"content-type", b"application/json")], "app": App(), "query_string": b""}

    async def read() -> None:
        with pytest.raises(accounts.Refused) as caught:
            await accounts.read_json(Request(scope, receive))
        assert caught.value.status == 413

    asyncio.run(read())
    assert pieces <= 6  # 4 KiB allowed: the fifth 1 KiB piece is one too many; the rest is never read


def test_a_long_post_gets_413(hall: Hall) -> None:
    r = httpx.post(f"{hall.url}/api/signup", json={"name": "Ann", "password": "x" * 300_000}, timeout=30)
    assert r.status_code == 413


# --- 2. one user must not stall everybody ------------------------------------------------------------

def test_connections_per_person_and_per_address_are_limited(make_hall: Any) -> None:
    hall = make_hall(sockets_per_person=3, sockets_per_address=5)
    ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
    kept = [ann.lobby() for _ in range(3)]
    assert "per person" in refused_socket(ann, "/ws/lobby")["message"]
    kept += [bob.lobby() for _ in range(2)]
    assert "your address" in refused_socket(bob, "/ws/lobby")["message"]
    kept.pop().close()
    kept.append(bob.lobby())  # a closed socket frees its place


def test_a_person_s_messages_are_limited_over_all_their_sockets(make_hall: Any) -> None:
    hall = make_hall(person_rate=10, max_rate=50)
    hall.fake_clock()
    ann = Client(hall, "Ann")
    sockets = [ann.lobby() for _ in range(3)]
    for ws in sockets:
        for _ in range(10):
            ws.send({"type": "ping"})
    for ws in sockets:
        ws.drain(0.3)
    pongs = sum(1 for ws in sockets for m in ws.messages if m["type"] == "pong")
    assert pongs == 10
    assert any(m.get("code") == "flood" for ws in sockets for m in ws.messages)


def test_chat_is_limited_per_person_not_per_socket(make_hall: Any) -> None:
    hall = make_hall(chat_burst=5)
    clock = hall.fake_clock()
    ann, eve = Client(hall, "Ann"), Client(hall, "Eve")
    listener = ann.lobby()
    spammers = [eve.lobby() for _ in range(5)]
    for i in range(20):
        spammers[i % 5].send({"type": "chat", "text": f"spam {i}"})
    listener.drain(0.5)
    said = [m for m in listener.messages if m["type"] == "chat" and m["text"].startswith("spam")]
    assert len(said) == 5
    clock.advance(1 / hall.hall.settings.chat_rate)
    spammers[0].send({"type": "chat", "text": "spam again"})
    listener.wait_type("chat", text="spam again")


def test_tables_per_person_are_limited(make_hall: Any) -> None:
    hall = make_hall(tables_per_person=2)
    lobby = Client(hall, "Ann").lobby()
    create_table(lobby, "toy", 2)
    create_table(lobby, "toy", 2)
    lobby.send({"type": "create", "game": "toy", "seats": 2})
    assert lobby.wait_type("error")["code"] == "limit"
    assert len(hall.store.open_tables()) == 2


def test_table_summaries_are_computed_once_per_change_and_watchers_cost_linear(tmp_path: Path) -> None:
    """600 watchers at one table cost 80 s of CPU: each attach sent every socket a summary that lists them all."""

    async def watch(n: int) -> tuple[int, int]:
        store = Store(f"sqlite:///{tmp_path / f'w{n}.db'}")
        try:
            core = HallCore(store, Settings(lobby_interval=0.01))
            games.get("toy")
            table = core.create_table("toy", 2, {})
            computed = 0
            compute = table._compute_summary

            def counted() -> dict[str, Any]:
                nonlocal computed
                computed += 1
                return compute()

            table._compute_summary = counted  # type: ignore[method-assign]
            conns = [Conn(User(i + 1, f"Watcher{i}", True)) for i in range(n)]
            for conn in conns:
                table.attach(conn)
            await until_async(lambda: not table._watchers_due, what="the gathered watcher update")
            sent = sum(conn.backlog for conn in conns)
            return computed, sent
        finally:
            store.close()

    computed, sent_100 = asyncio.run(watch(100))
    assert computed <= 100 + 2  # once per change (each arrival), not once per socket per change
    _, sent_200 = asyncio.run(watch(200))
    assert sent_200 < 2.5 * sent_100  # linear in the watchers, not quadratic


def test_the_lobby_gets_only_the_changed_tables(hall: Hall) -> None:
    ann, bob = Client(hall, "Ann"), Client(hall, "Bob")
    la = ann.lobby()
    ids = [create_table(la, "toy", 2) for _ in range(4)]
    lb = bob.lobby()
    assert {t["id"] for t in lb.wait_type("tables")["tables"]} == set(ids)
    lb.skip(4 * hall.hall.settings.lobby_interval)  # the creations' own delta, if still on its way
    ws = ann.table(ids[2])
    command(ws, "/join 1")
    delta = lb.wait(lambda m: m["type"] == "tables_delta" and m["changed"])
    assert [t["id"] for t in delta["changed"]] == [ids[2]] and delta["removed"] == []


def test_a_client_that_does_not_read_is_dropped_at_its_backlog_limit() -> None:
    async def run() -> Conn:
        conn = Conn(User(1, "Slow", True), max_backlog=10_000)
        for _ in range(50):
            conn.send_text("x" * 1000)
        return conn

    conn = asyncio.run(run())
    assert conn.closed and conn.backlog == 0 and conn.queue.qsize() <= 1


# --- 3. seat hopping -----------------------------------------------------------------------------------

def test_nobody_hops_to_a_free_seat_mid_game_to_read_it(hall: Hall) -> None:
    tid, _, (wa, _wb, wc) = seat_table(hall, 3)
    command(wc, "/leave")  # a seat given up mid-game goes to a bot, never to whoever clicks first
    wa.wait(lambda m: m["type"] == "table" and m["table"]["seats"][2]["kind"] == "bot")
    command(wa, "/leave")
    wa.wait(lambda m: m["type"] == "table" and m["table"]["seats"][0]["kind"] == "bot")
    wa.drain(0.2)
    command(wa, "/join 3")
    assert "you play seat 1" in wa.wait_type("error")["message"]
    assert all(m["view"]["you"] is None for m in wa.messages[wa._seen:] if m["type"] == "state")
    command(wa, "/join 1")  # their own seat, back from the bot
    wa.wait(lambda m: m["type"] == "table" and m["you"]["seat"] == 0)
    # a watcher cannot take a seat somebody gave up: the bot keeps it for its player
    sam = Client(hall, "Sam").table(tid)
    command(sam, "/join 3")
    assert "taken" in sam.wait_type("error")["message"]
    command(wc, "/join 3")
    wc.wait(lambda m: m["type"] == "table" and m["you"]["seat"] == 2)


# --- 4. away seats -------------------------------------------------------------------------------------

def test_an_away_seat_goes_to_a_bot_only_by_a_player_after_the_grace_period(hall: Hall) -> None:
    clock = hall.fake_clock()
    tid, _, (wa, wb) = seat_table(hall)
    wb.close()
    wa.wait(lambda m: m["type"] == "table" and not m["table"]["seats"][1]["connected"])
    guest = Client(hall).table(tid)
    command(guest, "/bot random 2")
    assert "only a player" in guest.wait_type("error")["message"]
    command(wa, "/bot random 2")
    assert "after 60 s" in wa.wait_type("error")["message"]
    clock.advance(59)
    command(wa, "/bot random 2")
    assert "after 60 s" in wa.wait_type("error")["message"]
    clock.advance(1)
    command(wa, "/bot random 2")
    wa.wait(lambda m: m["type"] == "table" and (m["table"]["seats"][1] or {}).get("kind") == "bot")


# --- 6, 7, 8. accounts ----------------------------------------------------------------------------------

def test_a_name_with_a_trailing_newline_is_refused(hall: Hall) -> None:
    Client(hall, "Ann")
    r = httpx.post(f"{hall.url}/api/signup", json={"name": "Ann\n", "password": "secret-pw"}, timeout=30)
    assert r.status_code == 400
    assert hall.store.count_users() == 1


def test_new_accounts_are_rate_limited_per_address(make_hall: Any) -> None:
    hall = make_hall(account_burst=3)
    clock = hall.fake_clock()
    http = kept(httpx.Client(base_url=hall.url, timeout=30))
    assert [http.post("/api/guest", json={}).status_code for _ in range(4)] == [200, 200, 200, 429]
    assert http.post("/api/signup", json={"name": "Ann", "password": "secret-pw"}).status_code == 429
    clock.advance(1 / hall.hall.settings.account_rate)
    assert http.post("/api/signup", json={"name": "Ann", "password": "secret-pw"}).status_code == 200


def test_sign_in_locks_a_name_after_failures(make_hall: Any) -> None:
    hall = make_hall(signin_failures=3)
    clock = hall.fake_clock()
    Client(hall, "Ann", "right-pw")
    http = kept(httpx.Client(base_url=hall.url, timeout=30))
    for _ in range(3):
        assert http.post("/api/signin", json={"name": "Ann", "password": "wrong-pw"}).status_code == 401
    assert http.post("/api/signin", json={"name": "ann", "password": "right-pw"}).status_code == 429
    clock.advance(hall.hall.settings.signin_lockout)
    assert http.post("/api/signin", json={"name": "Ann", "password": "right-pw"}).status_code == 200


def test_a_cross_site_form_cannot_sign_anyone_in_or_out(hall: Hall) -> None:
    Client(hall, "Mallory", "mallory-pw")
    http = kept(httpx.Client(base_url=hall.url, timeout=30))
    for path in ("/api/signin", "/api/guest", "/api/signup", "/api/signout"):
        r = http.post(path, content=b'{"name": "Mallory", "password": "mallory-pw"}',
                      headers={"Content-Type": "text/plain"})
        assert r.status_code == 415, path
        assert "set-cookie" not in r.headers


# --- 9. crafted URLs ------------------------------------------------------------------------------------

@pytest.mark.parametrize("table_id", ["99999999999999999999", "%D9%A1", "1%0D%0AX-Injected:%201", "0", "-1"])
def test_crafted_table_ids_are_not_found_not_errors(hall: Hall, table_id: str) -> None:
    for what in ("record", "replay"):
        r = httpx.get(f"{hall.url}/api/tables/{table_id}/{what}")
        assert r.status_code == 404, (what, r.status_code)
        assert "x-injected" not in r.headers
    client = Client(hall)
    assert refused_socket(client, f"/ws/table/{table_id}")["message"] == NO_TABLE[1]


def test_a_disconnect_is_never_dropped_by_the_rate_limit(make_hall: Any) -> None:
    hall = make_hall(max_rate=2)
    errors: list[logging.LogRecord] = []

    class Keeping(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            errors.append(record)

    handler = Keeping()
    logger = logging.getLogger("uvicorn.error")
    logger.addHandler(handler)
    try:
        ann = Client(hall, "Ann")
        tid = create_table(ann.lobby(), "toy", 2)
        ws = ann.table(tid)
        command(ws, "/join 1")  # a seated person: the table stays when they go
        ws.wait(lambda m: m["type"] == "table" and m["you"]["seat"] == 0)
        for _ in range(5):
            ws.send({"type": "ping"})
        ws.close()
        watcher = Client(hall, "Bob").table(tid)
        watcher.wait(lambda m: m["type"] == "table" and m["table"]["spectators"] == ["Bob"])
        watcher.close()
    finally:
        logger.removeHandler(handler)
    assert not [r for r in errors if r.levelno >= logging.ERROR]


# --- 10. sessions, cookies, headers, hosts, a refused game against bots ------------------------------

def test_sessions_expire_on_the_server(hall: Hall) -> None:
    ann = Client(hall, "Ann")
    assert ann.http.get("/api/me").json()["user"]["name"] == "Ann"
    age = hall.hall.settings.session_age
    with hall.store.engine.begin() as c:
        c.execute(hall.store.sessions.update().values(created=hall.store.sessions.c.created - age - 1))
    assert ann.http.get("/api/me").json()["user"] is None
    ws = ann.ws("/ws/lobby")
    assert ws.wait_type("error")["message"] == "sign in first"


def test_settings_need_an_unexpired_session_and_a_json_body_within_the_cap(hall: Hall) -> None:
    """``/api/settings`` looked its session up without the age check (an expired session still worked there),
    and read a POST's body whole, whatever its type or length."""
    ann = Client(hall, "Ann")
    assert ann.http.post("/api/settings", json={"sound": True}).json()["settings"]["sound"] is True
    assert ann.http.post("/api/settings", content=b'{"sound": false}',
                         headers={"Content-Type": "text/plain"}).status_code == 415  # a cross-site form
    assert ann.http.post("/api/settings", json={"sound": False, "x": "y" * 100_000}).status_code == 413
    assert ann.http.get("/api/settings").json()["settings"]["sound"] is True  # nothing changed
    age = hall.hall.settings.session_age
    with hall.store.engine.begin() as c:
        c.execute(hall.store.sessions.update().values(created=hall.store.sessions.c.created - age - 1))
    assert ann.http.get("/api/settings").status_code == 401
    assert ann.http.post("/api/settings", json={"sound": False}).status_code == 401


def test_secure_cookies_when_asked(make_hall: Any) -> None:
    hall = make_hall(secure_cookies=True)
    r = httpx.post(f"{hall.url}/api/guest", json={}, timeout=30)
    assert "secure" in r.headers["set-cookie"].lower()
    plain = httpx.post(f"{make_hall().url}/api/guest", json={}, timeout=30)
    assert "secure" not in plain.headers["set-cookie"].lower()


def test_pages_carry_security_headers_and_unknown_hosts_are_refused(hall: Hall) -> None:
    for path in ("/", "/static/app.js", "/api/me"):
        r = httpx.get(hall.url + path)
        assert r.status_code == 200
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
        assert r.headers["x-frame-options"] == "DENY" and r.headers["x-content-type-options"] == "nosniff"
    assert httpx.get(hall.url + "/", headers={"Host": "evil.example"}).status_code == 400
    client = Client(hall)
    with pytest.raises(Exception, match=r"400|403"):
        WS(connect(f"ws://127.0.0.1:{hall.port}/ws/lobby", legacy=True,
                   additional_headers={"Cookie": f"{COOKIE}={client.token}", "Host": "evil.example"}))


def test_a_refused_game_against_bots_leaves_no_table(hall: Hall, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_game(*args: Any, **kwargs: Any) -> Any:
        raise SetupError("these options cannot be set up")

    monkeypatch.setattr(games.get("toy"), "new_state", no_game)
    lobby = Client(hall, "Ann").lobby()
    lobby.send({"type": "create", "game": "toy", "seats": 2, "bots": "random"})
    assert "cannot start" in lobby.wait_type("error")["message"]
    assert hall.hall.tables == {} and hall.store.open_tables() == []
    assert not [m for m in lobby.messages if m["type"] == "created"]


# --- 5. descriptors: half-sent requests ------------------------------------------------------------------

def half_sent(port: int, source: str) -> socket.socket:
    s = socket.socket()
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    s.sendall(b"GET /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the blank line that ends it
    s.settimeout(5)
    return s


def closed_by_server(s: socket.socket) -> bool:
    try:
        return s.recv(100) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_half_sent_requests_are_capped_per_address_and_timed_out(make_hall: Any) -> None:
    hall = make_hall(connections_per_address=10)
    guard = hall.app.state.guard
    clock = FakeClockFor(guard)
    attack = [half_sent(hall.port, "127.0.0.2") for _ in range(15)]
    closed = [closed_by_server(s) for s in attack[10:]]
    assert all(closed)  # over the cap: closed at once
    assert httpx.get(f"{hall.url}/api/me").status_code == 200  # another address is served meanwhile
    attack[0].settimeout(0.2)
    assert not closed_by_server(attack[0])  # the first ten wait for their time to run out
    clock.advance(hall.hall.settings.header_timeout)
    assert guard.loop is not None
    guard.loop.call_soon_threadsafe(guard.sweep)
    attack[0].settimeout(5)
    assert all(closed_by_server(s) for s in attack[:10])
    for s in attack:
        s.close()


class FakeClockFor:
    def __init__(self, guard: Any) -> None:
        self.time = 1000.0
        guard.clock = lambda: self.time

    def advance(self, seconds: float) -> None:
        self.time += seconds
