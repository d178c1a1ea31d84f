"""A real SMTP server for the tests (aiosmtpd on loopback) that keeps every mail it accepted, and mail helpers.

The fixtures ``sink`` (the server, stopped after the test) and ``mhall`` (a hall mailing to it, on the test's
SQLite file; a test's ``@pytest.mark.mail_hall(max_rate=50)`` gives it settings) are the mail tests' one set-up:
``tests/server/conftest.py`` and ``tests/web/conftest.py`` offer them to every test."""

from __future__ import annotations

import email
import email.policy
import re
import threading
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from harness import Hall, free_port


class Handler:
    def __init__(self) -> None:
        self.mails: list[EmailMessage] = []
        self.envelopes: list[tuple[str, list[str]]] = []
        self.lock = threading.Condition()  # notified at each mail accepted
        #: an SMTP answer to give DATA instead of accepting ("451 4.3.0 try later")
        self.refuse: str | None = None

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.refuse is not None:
            return self.refuse
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(message, EmailMessage)
        with self.lock:
            self.mails.append(message)
            self.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
            self.lock.notify_all()
        return "250 OK"


class SmtpSink:
    """aiosmtpd on 127.0.0.1 (``url``); ``stop`` and ``start`` again on the same port (a mail server down)."""

    def __init__(self, port: int | None = None, start: bool = True) -> None:
        self.port = port or free_port()
        self.url = f"smtp://127.0.0.1:{self.port}"
        self.handler = Handler()
        self.controller: Controller | None = None
        if start:
            self.start()

    def start(self) -> None:
        self.controller = Controller(self.handler, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    @property
    def mails(self) -> list[EmailMessage]:
        with self.handler.lock:
            return list(self.handler.mails)

    def wait(self, count: int, timeout: float = 15.0) -> list[EmailMessage]:
        """The first ``count`` mails, once that many have come."""
        with self.handler.lock:
            if self.handler.lock.wait_for(lambda: len(self.handler.mails) >= count, timeout):
                return self.handler.mails[:count]
        raise AssertionError(f"{count} mails expected within {timeout} s, got {len(self.mails)}: "
                             f"{[m['Subject'] for m in self.mails]}")


def mail_hall(database: str, sink: SmtpSink, port: int | None = None, **settings: Any) -> Hall:
    """A hall sending mail to ``sink``, its public address its own loopback URL."""
    port = port or free_port()
    return Hall(database, port=port, smtp_url=sink.url, mail_from="Longhouse <hall@longhouse.test>",
                public_url=f"http://127.0.0.1:{port}", **settings)


@pytest.fixture
def sink() -> Iterator[SmtpSink]:
    """An SMTP server on loopback for one test."""
    s = SmtpSink()
    yield s
    s.stop()


@pytest.fixture
def mhall(tmp_path: Path, sink: SmtpSink, request: pytest.FixtureRequest) -> Iterator[Hall]:
    """A hall mailing to ``sink``, its store the test's ``hall.db`` (as ``db_url``); the settings of the test's
    ``mail_hall`` mark, if it has one."""
    mark = request.node.get_closest_marker("mail_hall")
    h = mail_hall(f"sqlite:///{tmp_path / 'hall.db'}", sink, **(mark.kwargs if mark else {}))
    yield h
    h.stop()


def text_of(mail: EmailMessage) -> str:
    part = mail.get_body(("plain",))
    assert part is not None
    content = part.get_content()
    assert isinstance(content, str)
    return content.replace("\r\n", "\n")  # as sent: lines end in CRLF


def links(mail: EmailMessage) -> list[str]:
    return re.findall(r"https?://\S+", text_of(mail))


def standard_headers(mail: EmailMessage, to: str) -> None:
    """The headers every mail of the hall has."""
    assert mail["From"] == "Longhouse <hall@longhouse.test>"
    assert mail["To"] == to
    assert re.fullmatch(r"<[0-9a-f]{32}@longhouse\.test>", mail["Message-ID"])
    assert mail["Date"]
    assert mail.get_content_type() == "text/plain" and mail.get_content_charset() == "utf-8"


def notice_headers(mail: EmailMessage, hall: Hall) -> str:
    """The headers of a notice mail (unsubscribing included): its unsubscribe URL."""
    found = re.fullmatch(r"<(http://127\.0\.0\.1:\d+/api/mail/unsubscribe\?token=[A-Za-z0-9_-]{20,})>",
                         mail["List-Unsubscribe"])
    assert found is not None, mail["List-Unsubscribe"]
    assert found.group(1).startswith(hall.url)
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert mail["Auto-Submitted"] == "auto-generated"
    return found.group(1)
