"""Test helpers: a real hall on a free loopback port (uvicorn in a thread) and websocket clients."""

from __future__ import annotations

import contextlib
import json
import random
import socket
import threading
import time
from pathlib import Path
from typing import Any, Protocol, TypeVar

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from longhouse import games
from longhouse.engine.records import Record
from longhouse.i18n.catalogs import translator
from longhouse.i18n.wire import words_of
from longhouse.server.app import create_app
from longhouse.server.auth import COOKIE
from longhouse.server.settings import Settings
from longhouse.server.state_merge import merge_state
from longhouse.server.transport import uvicorn_config
from longhouse.store import Store
from tests.waiting import until

HERE = Path(__file__).resolve().parent

C = TypeVar("C")
#: The client sockets and HTTP clients opened in this test (``kept``): closed when it ends (``close_kept``).
_kept: list[Any] = []


def kept(client: C) -> C:
    """``client`` (anything with ``close``: an HTTP client, a socket) closed when the test ends, should the test
    not close it itself: left to the garbage collector, its socket would be found unclosed (a ResourceWarning,
    an error under ``filterwarnings = error``)."""
    _kept.append(client)
    return client


def close_kept() -> None:
    """Close what ``kept`` holds (the conftests' fixture, after each test)."""
    while _kept:
        with contextlib.suppress(Exception):
            _kept.pop().close()


def register_toy() -> None:
    import toygame

    games._MODULES.setdefault("toy", "toygame")
    games._loaded.setdefault("toy", toygame.GAME)


def unregister_toy() -> None:
    games._MODULES.pop("toy", None)
    games._loaded.pop("toy", None)


def started_toy_tables(store: Store, count: int, names: tuple[str, ...] = ("Ann", "Bob")) -> list[int]:
    """``count`` toy tables started straight in ``store`` (no hall, nobody seated): their numbers."""
    ids = []
    for _ in range(count):
        row = store.create_table("toy", len(names), {}, [None] * len(names))
        store.start_table(row.id, Record("toy", "1", list(names), 7), [None] * len(names))
        ids.append(row.id)
    return ids


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class FakeClock:
    """A clock the test moves by hand (``Limits.clock``): rates, lockouts and grace periods without waiting."""

    def __init__(self, start: float = 1000.0) -> None:
        self.time = start

    def __call__(self) -> float:
        return self.time

    def advance(self, seconds: float) -> None:
        self.time += seconds


class Hall:
    """A running hall: ``url``, ``store``, ``app``; ``stop()`` shuts it down. With ``clock`` (a ``FakeClock``)
    its limits and its tables' clocks run on that clock (see ``fake_clock``), looked at every ``tick`` seconds."""

    def __init__(self, database: str, prefix: str = "", bot_delay: float = 0.0, port: int | None = None,
                 max_rate: int = 0, clock: FakeClock | None = None, tick: float = 0.02, log_level: str = "warning",
                 log_config: dict[str, Any] | None = None, **settings: Any) -> None:
        self.store = Store(database, prefix=prefix)
        self.app = create_app(self.store, Settings(bot_delay=bot_delay, max_rate=max_rate, tick=tick, **settings))
        self._clock = clock
        if clock is not None:
            self.app.state.limits.clock = clock
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        extra: dict[str, Any] = {} if log_config is None else {"log_config": log_config}
        config = uvicorn_config(self.app, "127.0.0.1", self.port, log_level, lifespan="on", **extra)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        until(lambda: self.server.started or not self.thread.is_alive(), 20, what="the hall started")
        if not self.server.started:
            raise RuntimeError("the hall did not start")

    @property
    def hall(self) -> Any:
        return self.app.state.hall

    @property
    def clock(self) -> FakeClock:
        """The fake clock the hall runs on (given as ``clock``, or set by ``fake_clock``)."""
        assert self._clock is not None, "this hall runs on the real clock"
        return self._clock

    def fake_clock(self) -> FakeClock:
        """Put the hall's limits on a clock the test moves."""
        clock = self._clock = FakeClock()
        self.app.state.limits.clock = clock
        return clock

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(20)
        self.store.close()


class WS:
    """A websocket client that keeps every message it received (``raw``: as sent; ``messages``: decoded, each
    ``state`` delta merged into the state before it, as a browser does, so that every ``state`` is whole)."""

    def __init__(self, conn: ClientConnection) -> None:
        self.conn = kept(conn)
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self._seen = 0
        self.listing: dict[int, dict[str, Any]] = {}  # a lobby socket's tables by id
        self.state: dict[str, Any] | None = None  # the whole state held (deltas merged)
        self.lang = "en"  # the language the hall chose for it (``table``'s ``you.lang``)

    def send(self, message: dict[str, Any] | str) -> None:
        self.conn.send(message if isinstance(message, str) else json.dumps(message))

    def _pull(self, timeout: float) -> bool:
        try:
            text = self.conn.recv(timeout=timeout)
        except TimeoutError:
            return False
        assert isinstance(text, str)
        self.raw.append(text)
        msg = json.loads(text)
        if msg.get("type") == "table":
            self.lang = msg["you"].get("lang", self.lang)
        elif msg.get("type") == "state":  # its texts put into words in this socket's language, as a browser does
            msg = self.state = merge_state(self.state, words_of(msg, translator(self.lang)))
        self.messages.append(msg)
        if msg.get("type") == "tables":
            self.listing = {t["id"]: t for t in msg["tables"]}
        elif msg.get("type") == "tables_delta":
            for tid in msg["removed"]:
                self.listing.pop(tid, None)
            self.listing.update((t["id"], t) for t in msg["changed"])
        return True

    def wait_listing(self, pred: Any, timeout: float = 10.0) -> dict[int, dict[str, Any]]:
        """Wait until the lobby's list of tables (the whole list, then its deltas) satisfies ``pred``."""
        self.wait(lambda m: m.get("type") in ("tables", "tables_delta") and pred(self.listing), timeout,
                  what="a lobby listing")
        return self.listing

    def wait(self, pred: Any, timeout: float = 10.0, what: str = "") -> dict[str, Any]:
        """The first message not yet consumed by ``wait`` that satisfies ``pred``."""
        deadline = time.time() + timeout
        while True:
            while self._seen < len(self.messages):
                msg = self.messages[self._seen]
                self._seen += 1
                if pred(msg):
                    return msg
            left = deadline - time.time()
            if left <= 0:
                raise AssertionError(f"no message {what or pred} within {timeout}s; last: {self.messages[-3:]}")
            self._pull(min(left, 0.5))

    def wait_type(self, kind: str, timeout: float = 10.0, **match: Any) -> dict[str, Any]:
        return self.wait(lambda m: m.get("type") == kind and all(m.get(k) == v for k, v in match.items()),
                         timeout, what=f"{kind} {match}")

    def drain(self, quiet: float = 0.2) -> None:
        while self._pull(quiet):
            pass

    def skip(self, quiet: float = 0.2) -> None:
        """Drain, and let ``wait`` look only at messages that come after."""
        self.drain(quiet)
        self._seen = len(self.messages)

    def last_state(self) -> dict[str, Any]:
        states = [m for m in self.messages if m.get("type") == "state"]
        assert states, "no state received"
        return states[-1]

    def close(self) -> None:
        self.conn.close()


class Site(Protocol):
    """Where a hall answers: a ``Hall`` in this process, or a hall process started by a test."""

    url: str


class Client:
    """A person: an account (signed up, or a guest) and websockets carrying its session cookie."""

    def __init__(self, hall: Site, name: str | None = None, password: str = "secret-pw") -> None:
        self.base = hall.url
        self.http = kept(httpx.Client(base_url=self.base, timeout=30))  # a loaded machine hashes passwords slowly
        if name is None:
            r = self.http.post("/api/guest", json={})
        else:
            r = self.http.post("/api/signup", json={"name": name, "password": password})
        assert r.status_code == 200, r.text
        self.name = r.json()["name"]
        self.token = self.http.cookies[COOKIE]

    def ws(self, path: str) -> WS:
        url = "ws" + self.base[len("http"):] + path
        return WS(connect(url, additional_headers={"Cookie": f"{COOKIE}={self.token}"}, max_size=2**22, legacy=True))

    def lobby(self) -> WS:
        ws = self.ws("/ws/lobby")
        ws.wait_type("hello")
        return ws

    def table(self, table_id: int) -> WS:
        ws = self.ws(f"/ws/table/{table_id}")
        ws.wait_type("table")
        return ws


def create_table(lobby: WS, game: str, seats: int, options: dict[str, Any] | None = None, **hall: Any) -> int:
    """Create a table from the lobby; ``hall`` adds the hall's settings (``time``, ``private``, ``away_bot``)."""
    lobby.send({"type": "create", "game": game, "seats": seats, "options": options or {}, **hall})
    return int(lobby.wait_type("created")["table"])


def command(ws: WS, text: str) -> None:
    ws.send({"type": "chat", "text": text})


def join(ws: WS, seat: int) -> None:
    """Sit down at ``seat`` (1-based, as ``/join`` counts) and wait until the table says so."""
    command(ws, f"/join {seat}")
    ws.wait(lambda m: m["type"] == "table" and m["you"]["seat"] == seat - 1)


def fill_with_bots(ws: WS, *levels: str) -> None:
    """Seat a bot of each of ``levels`` (``""``: the default level) with ``/bot``, and wait until every seat
    is taken."""
    for level in levels:
        command(ws, f"/bot {level}".strip())
    ws.wait(lambda m: m["type"] == "table" and all(m["table"]["seats"]))


def start_game(starter: WS, *sockets: WS) -> None:
    """``/start`` the game from ``starter`` and wait until each of ``sockets`` has its first state."""
    command(starter, "/start")
    for ws in sockets:
        ws.wait_type("state")


def seated_table(hall: Hall, names: list[str | None], options: dict[str, Any] | None = None,
                 **settings: Any) -> tuple[int, list[Client], list[WS]]:
    """A started toy table with these people (``None``: a guest) at seats 1..n, each with a socket open;
    ``options`` and ``settings`` are the table's (see ``create_table``)."""
    people = [Client(hall, name) for name in names]
    tid, sockets = sit_down(people, "toy", len(people), options, **settings)
    start_game(sockets[0], *sockets)
    return tid, people, sockets


def sit_down(people: list[Client], game: str, seats: int, options: dict[str, Any] | None = None,
             **settings: Any) -> tuple[int, list[WS]]:
    """The first of ``people`` creates a table of ``seats`` seats from the lobby; they sit down at seats 1, 2, …
    in that order. Returns the table's id and each one's socket at the table."""
    lobby = people[0].lobby()
    tid = create_table(lobby, game, seats, options, **settings)
    lobby.close()
    sockets = [p.table(tid) for p in people]
    for seat, ws in enumerate(sockets, start=1):
        join(ws, seat)
    return tid, sockets


def play_out(people: list[Client], game: str, bots: int = 1, play: bool = False, seed: int = 0) -> int:
    """A whole game through the hall, as people play it: ``people`` sit down in that order, ``bots`` beginner
    bots take the other seats, the first person starts it. Then every person leaves their seat and the bots
    standing in for them finish it (a game the stand-in bots decided: not rated, and left by each of them), or,
    with ``play``, every person plays random legal moves (``seed``) themselves until it is over (rated among
    them). Returns the table's id."""
    table_id, sockets = sit_down(people, game, len(people) + bots)
    fill_with_bots(sockets[0], *["beginner"] * bots)
    start_game(sockets[0], *sockets)
    if play:
        play_moves(sockets, random.Random(seed))
    else:
        for ws in sockets:
            command(ws, "/leave")
    sockets[0].wait(lambda m: m.get("type") == "table" and m["table"]["status"] == "over", timeout=120,
                    what="the game's end")
    for ws in sockets:
        ws.close()
    return table_id


def play_moves(sockets: list[WS], rng: random.Random, timeout: float = 300.0, again: float = 1.0) -> None:
    """Each socket's seat plays a random one of its legal moves whenever it is acting (once per version it
    sees), until the game is over. As a person would, it tries again when its move was refused (a stale
    version, or dropped for sending too fast: the person rate counts every move) or had no answer within
    ``again`` seconds (a dropped message is warned of once a second only)."""
    sent: dict[int, tuple[int, int, float]] = {}  # socket -> (version moved at, messages seen then, when)
    deadline = time.time() + timeout
    while time.time() < deadline:
        for i, ws in enumerate(sockets):
            ws.drain(0.005)
            state = ws.state
            if state is None:
                continue
            if state.get("result") is not None:
                return
            if not (state["seat"] in state["acting"] and state.get("legal")):
                continue
            last = sent.get(i)
            if last is not None and last[0] == state["version"]:
                refused = any(m.get("type") == "error" for m in ws.messages[last[1]:])
                if not refused and time.time() - last[2] < again:
                    continue
            sent[i] = (state["version"], len(ws.messages), time.time())
            ws.send({"type": "action", "version": state["version"], "action": rng.choice(state["legal"])})
    tails = [[{k: m.get(k) for k in ("type", "version", "seat", "acting", "code", "message") if k in m}
             for m in ws.messages[-6:]] for ws in sockets]
    raise AssertionError(f"the game did not end within {timeout} s; each socket's last messages: {tails}")
