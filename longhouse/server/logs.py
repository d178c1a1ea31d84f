"""The hall's log lines: plain text or one JSON object a line (``serve --log-format json``), each with the
request, user, table and seat it was written for, and never a secret.

What a line is about comes from a small dict of ``request_id``, ``user``, ``table``, ``seat``:
- an HTTP request's is ``LOG_CONTEXT``, a context variable ``SocketsFirst`` sets while it is handled, with
  its request id (the client's ``X-Request-Id`` when it is a short plain token, else a new one);
- a websocket's ``Conn`` keeps its own (``Conn.log_context``: request id, user, table, and the seat as a
  function asked only when a line is written), and ``conn.reader`` puts it in ``CURRENT`` while it handles
  each of that client's messages, so a line a table writes about a move says whose move it was. ``CURRENT``
  is a plain holder, not a context variable, on purpose: the event loop handles one message at a time, and
  whatever the handling schedules for later (the group commit, a bot's turn) is no longer about that
  client, as a context variable copied into those callbacks would claim.
Nothing is spent on a line that is not written: the formatter reads the context only then.

No secret reaches a line: the hall logs no password, session, hand or seed itself, and ``Redact`` takes the
values out of every query string uvicorn logs (an invitation's ``?invite=…``, a mailed link's token). A test
plays whole games with every logger at DEBUG and looks for each secret in the lines
(``tests/server/test_logs.py``).
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import secrets
import time
from collections.abc import Callable
from typing import Any

#: What the lines written now are about: ``request_id``, ``user``, ``table``, ``seat`` (a value or a function).
LOG_CONTEXT: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar("longhouse_log", default=None)

CONTEXT_KEYS = ("request_id", "user", "table", "seat")


class Current:
    """The context of the websocket message being handled now (None between messages)."""

    __slots__ = ("context",)

    def __init__(self) -> None:
        self.context: dict[str, Any] | None = None


CURRENT = Current()

_PLAIN_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
_QUERY_VALUE = re.compile(r"([?&][^=&\s\"]+=)[^&\s\"]*")


def request_id(given: str | None) -> str:
    """The id of a request: the client's own (a load balancer's ``X-Request-Id``) if it is a short plain token,
    else a new one."""
    if given is not None and _PLAIN_ID.fullmatch(given):
        return given
    return secrets.token_hex(8)


def redact_query(text: str) -> str:
    """``/ws/table/5?invite=abc&x=1`` → ``/ws/table/5?invite=…&x=…``: the names stay, the values go."""
    return _QUERY_VALUE.sub(r"\1…", text) if "?" in text else text


#: websockets' own debug lines of a frame sent or received (``< TEXT '{"type":"state"…`` : game content, a
#: hand included) and of the handshake's secret headers (``< cookie: longhouse_session=…``).
_FRAME = re.compile(r"[<>] (TEXT|BINARY|CONT) ")
_SECRET_HEADER = re.compile(r"([<>] (cookie|set-cookie|authorization|proxy-authorization): ).*", re.IGNORECASE)


class Redact(logging.Filter):
    """Keeps secrets out of the lines of the libraries under the hall: takes query-string values out of
    uvicorn's lines (its access log and its websocket lines name the whole path, invitations and mailed tokens
    included), drops websockets' debug lines of each frame, and blanks the cookie and authorization headers
    of its debug lines of each handshake (``--log-level debug`` shows both)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno <= logging.DEBUG and isinstance(record.msg, str) and record.msg[:1] in "<>":
            text = record.getMessage()
            if _FRAME.match(text):
                return False
            header = _SECRET_HEADER.match(text)
            if header:
                record.msg, record.args = header.group(1) + "…", ()
                return True
        if isinstance(record.args, tuple) and record.args:
            record.args = tuple(redact_query(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.msg, str):
            record.msg = redact_query(record.msg)
        return True


def context_of(record: logging.LogRecord) -> dict[str, Any]:
    """The request, user, table and seat of a line: what the code writing it passed as ``extra``, else the
    context in place (a seat given as a function is asked now)."""
    found: dict[str, Any] = {}
    context = CURRENT.context or LOG_CONTEXT.get()
    for key in CONTEXT_KEYS:
        value = getattr(record, key, None)
        if value is None and context is not None:
            value = context.get(key)
        if callable(value):
            try:
                value = value()
            except Exception:  # a line must be written even when what it is about has gone
                value = None
        if value is not None:
            found[key] = value
    return found


class JsonFormatter(logging.Formatter):
    """One JSON object a line: ``time`` (UTC, ISO 8601), ``level``, ``logger``, ``message``, the context's
    ``request_id``, ``user``, ``table``, ``seat`` where known, and ``exception`` (the traceback) if any."""

    def __init__(self) -> None:
        super().__init__()
        self.converter = time.gmtime

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        line.update(context_of(record))
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    """The plain line (time, logger, level, message) with the context after it: ``[table=5 seat=1]``."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(name)s %(levelname)s %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        context = context_of(record)
        if not context:
            return text
        head, sep, tail = text.partition("\n")
        return head + " [" + " ".join(f"{k}={v}" for k, v in context.items()) + "]" + sep + tail


FORMATS: dict[str, Callable[[], logging.Formatter]] = {"text": TextFormatter, "json": JsonFormatter}


def configure(level: str = "info", fmt: str = "text") -> logging.Handler:
    """Send every log line (the hall's and uvicorn's) to standard error in ``fmt`` ("text" or "json")."""
    handler = logging.StreamHandler()
    handler.setFormatter(FORMATS[fmt]())
    handler.addFilter(Redact())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers.clear()  # uvicorn's own handlers would write the line a second time, unredacted
        logger.propagate = True
    return handler


def uvicorn_log_config() -> dict[str, Any]:
    """uvicorn's logging settings when ``configure`` has set up logging: its loggers write through the root
    handler (so in the chosen format, redacted) instead of its own."""
    return {"version": 1, "disable_existing_loggers": False,
            "loggers": {name: {"handlers": [], "propagate": True}
                        for name in ("uvicorn", "uvicorn.error", "uvicorn.access")}}
