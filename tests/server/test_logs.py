"""The hall's log lines: JSON with their request, user, table and seat, and never a secret in any line."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from harness import Client, Hall, command, free_port, join, play_out

from longhouse import games
from longhouse.engine.records import Record, steps
from longhouse.server import logs
from longhouse.server.logs import CURRENT, LOG_CONTEXT, JsonFormatter, TextFormatter, redact_query

#: The loggers of the libraries the test's clients use (httpx, and websockets' client side).
CLIENT_LOGGERS = ("websockets.client", "httpx", "httpcore")


def record_of(name: str, message: str, **extra: Any) -> logging.LogRecord:
    return logging.getLogger(name).makeRecord(name, logging.INFO, __file__, 1, message, (), None, extra=extra)


def test_a_json_line_carries_its_context_and_extras() -> None:
    token = LOG_CONTEXT.set({"request_id": "req-1", "user": "Ann"})
    try:
        line = json.loads(JsonFormatter().format(record_of("longhouse.table", "moved", table=5)))
    finally:
        LOG_CONTEXT.reset(token)
    assert line["message"] == "moved" and line["logger"] == "longhouse.table" and line["level"] == "info"
    assert (line["request_id"], line["user"], line["table"]) == ("req-1", "Ann", 5)
    assert line["time"].endswith("Z") and "seat" not in line


def test_a_websocket_message_s_context_wins_and_its_seat_is_asked_when_written() -> None:
    seat = {"now": 1}
    CURRENT.context = {"request_id": "ws-7", "user": "Bob", "table": 3, "seat": lambda: seat["now"]}
    try:
        seat["now"] = 2
        line = json.loads(JsonFormatter().format(record_of("longhouse.table", "x")))
        text = TextFormatter().format(record_of("longhouse.table", "y"))
    finally:
        CURRENT.context = None
    assert (line["user"], line["table"], line["seat"]) == ("Bob", 3, 2)
    assert text.endswith("y [request_id=ws-7 user=Bob table=3 seat=2]")
    assert "user" not in json.loads(JsonFormatter().format(record_of("longhouse.table", "z")))


def test_query_values_are_taken_out_of_logged_paths() -> None:
    assert redact_query('"WebSocket /ws/table/5?invite=s3cr3t&x=1"') == '"WebSocket /ws/table/5?invite=…&x=…"'
    assert redact_query("/api/me") == "/api/me"


def test_websockets_debug_lines_of_frames_are_dropped_and_of_cookies_blanked() -> None:
    redact = logs.Redact()
    frame = logging.LogRecord("uvicorn.error", logging.DEBUG, __file__, 1, "> %s", ("TEXT '{\"hand\": [1]}'",), None)
    cookie = logging.LogRecord("uvicorn.error", logging.DEBUG, __file__, 1, "< %s: %s",
                               ("cookie", "longhouse_session=abc"), None)
    other = logging.LogRecord("uvicorn.error", logging.DEBUG, __file__, 1, "< %s: %s", ("host", "x"), None)
    assert not redact.filter(frame)
    assert redact.filter(cookie) and cookie.getMessage() == "< cookie: …"
    assert redact.filter(other) and other.getMessage() == "< host: x"


@pytest.fixture
def captured() -> Iterator[io.StringIO]:
    """Every log line of every logger, at DEBUG, as ``serve --log-format json`` writes them."""
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(logs.Redact())
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    yield out
    root.removeHandler(handler)
    root.setLevel(level)


def hidden_parts(own: Any, public: Any) -> Iterator[Any]:
    """What a seat's view holds that the spectator's does not (its hand, its picks…), leaf by leaf."""
    if isinstance(own, dict) and isinstance(public, dict):
        for key, value in own.items():
            if key not in public:
                yield value
            else:
                yield from hidden_parts(value, public[key])
    elif own != public:
        yield own


def renderings(value: Any) -> set[str]:
    """How a hidden value could appear in a line (JSON, compact JSON, Python's repr); only values long
    enough that finding one cannot be chance (a lone small number is in every line)."""
    out = {json.dumps(value), json.dumps(value, separators=(",", ":")), repr(value)}
    return {text for text in out if len(text) >= 8}


def secrets_of_game(record: Record) -> set[str]:
    found = {str(record.seed)}
    for state, _events in steps(record, games.get(record.game)):
        public = state.view(None)
        for seat in range(len(record.players)):
            for part in hidden_parts(state.view(seat), public):
                found |= renderings(part)
    return found


def test_no_log_line_holds_a_password_a_token_a_seed_or_a_hidden_card(db_url: str,
                                                                      captured: io.StringIO) -> None:
    hall = Hall(db_url, log_level="debug", log_config=logs.uvicorn_log_config())
    try:
        passwords = {"Ann": "ann-pass-9f3k", "Bob": "bob-pass-2m8x"}
        people = {name: Client(hall, name, password) for name, password in passwords.items()}
        secrets = set(passwords.values()) | {p.token for p in people.values()}
        # a failed sign-in, a private table with its invitation, an illegal move
        httpx.post(hall.url + "/api/signin", json={"name": "Ann", "password": "wrong-pass-77"})
        secrets.add("wrong-pass-77")
        lobby = people["Ann"].lobby()
        lobby.send({"type": "create", "game": "manitou", "seats": 2, "options": {}, "private": True})
        created = lobby.wait_type("created")
        invite = created["invite"]
        assert invite
        secrets.add(invite)
        ws = people["Bob"].ws(f"/ws/table/{created['table']}?invite={invite}")
        ws.wait_type("table")
        join(ws, 1)
        ws.send({"type": "action", "version": 0, "action": {"type": "nonsense"}, "ref": 1})
        command(ws, "/leave")
        ws.close()
        lobby.close()
        tables = [play_out([people["Ann"]], name, bots=1) for name in ("manitou", "manitoba", "five_tribes")]
        for tid in tables:
            record = hall.store.record(tid)
            assert record is not None and record.result is not None
            secrets |= secrets_of_game(record)
    finally:
        hall.stop()
    lines = [json.loads(line) for line in captured.getvalue().splitlines()]
    assert any(line["logger"].startswith("uvicorn") for line in lines)  # the server's own lines were there
    assert any("invite=…" in line["message"] for line in lines)  # the invitation's path, redacted
    # the hall's lines: all but those of the test's own clients (their requests carry the secrets, of course)
    hall_lines = "\n".join(json.dumps(line, ensure_ascii=False) for line in lines
                           if not line["logger"].startswith(CLIENT_LOGGERS))
    assert "cookie: …" in hall_lines  # websockets' handshake lines were written, blanked
    leaked = sorted(s for s in secrets if s in hall_lines)
    assert not leaked, f"secrets in the log: {leaked[:5]}"


def test_serve_writes_json_lines_with_the_request_id(tmp_path: Path) -> None:
    from test_kill_restart import Process

    log = tmp_path / "serve.log"
    server = Process(f"sqlite:///{tmp_path / 'hall.db'}", free_port(), ["--log-format", "json", "--log-level",
                                                                       "info"], log=log)
    try:
        assert httpx.get(server.url + "/healthz", headers={"X-Request-Id": "probe-42"}).status_code == 200
        httpx.get(server.url + "/readyz", headers={"X-Request-Id": "no spaces allowed!"})
    finally:
        server.proc.terminate()
        server.proc.wait(30)
    lines = [json.loads(line) for line in log.read_text().splitlines()]  # every line is one JSON object
    access = [line for line in lines if line["logger"] == "uvicorn.access"]
    probe = next(line for line in access if "/healthz" in line["message"])
    assert probe["request_id"] == "probe-42" and probe["level"] == "info"
    ready = next(line for line in access if "/readyz" in line["message"])
    assert ready["request_id"] != "no spaces allowed!" and len(ready["request_id"]) == 16  # a new one instead
    assert any(line["logger"] == "longhouse.app" and "resumed" in line["message"] for line in lines)
