"""Sessions as the websockets see them (``auth.SessionCache``): remembered, yet ended exactly when the store
would end them — by age, by signing out — and not kept at all when several processes share the store."""

from __future__ import annotations

import time
from pathlib import Path

from harness import Client, FakeClock, Hall

from longhouse.server.app import create_app
from longhouse.server.auth import SessionCache, new_session
from longhouse.server.settings import Settings
from longhouse.store import Store


def test_a_session_is_looked_up_once_and_ends_at_its_age(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'hall.db'}")
    ann = store.create_user("Ann", None)
    token = new_session(store, ann)
    clock = FakeClock(time.time())
    sessions = SessionCache(store, max_age=100.0, clock=clock)
    assert sessions.user(token) == ann
    lookups: list[str] = []
    store.engine.connect = lambda: lookups.append("connect")  # type: ignore[method-assign]
    assert sessions.user(token) == ann and lookups == []  # remembered
    clock.advance(101)
    assert sessions.user(token) is None and lookups == []  # too old, as the store's own query would say
    assert token not in sessions.entries


def test_unknown_tokens_are_not_kept_and_the_oldest_go_first(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'hall.db'}")
    sessions = SessionCache(store, max_age=1000.0, size=2)
    assert sessions.user("guessed") is None and sessions.entries == {}
    tokens = [new_session(store, store.create_user(name, None)) for name in ("Ann", "Bob", "Cy")]
    for token in tokens:
        assert sessions.user(token) is not None
    assert list(sessions.entries) == tokens[1:]
    sessions.user(tokens[1])  # looked up again: the last to go
    assert list(sessions.entries) == [tokens[2], tokens[1]]


def test_a_websocket_after_signing_out_is_refused(hall: Hall) -> None:
    ann = Client(hall, "Ann")
    ann.lobby().close()  # the session is remembered now
    assert ann.token in hall.app.state.sessions.entries
    ann.http.post("/api/signout", json={})
    assert ann.ws("/ws/lobby").wait_type("error")["message"] == "sign in first"


def test_an_expired_session_is_refused_though_remembered(hall: Hall) -> None:
    ann = Client(hall, "Ann")
    ann.lobby().close()
    clock = FakeClock(time.time())
    hall.app.state.sessions.clock = clock
    clock.advance(hall.hall.settings.session_age + 1)
    assert ann.ws("/ws/lobby").wait_type("error")["message"] == "sign in first"


def test_no_cache_with_several_processes(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'hall.db'}")
    assert create_app(store, Settings(redis_url="redis://127.0.0.1:1")).state.sessions is None
    assert create_app(store, Settings()).state.sessions is not None
