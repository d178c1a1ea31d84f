"""Sending the outbox through SMTP (aiosmtplib), in the background: the hall never waits for a mail server.

Every process runs one ``Mailer``. Each round it claims the due mails of the outbox for itself
(``MailStore.claim``: a lease of ``LEASE`` seconds, taken by one conditional UPDATE per row, so that of two
processes only one takes a row), sends each, and marks it sent at once. A mail the server refuses for now, or
that cannot reach it (down, timing out, refusing the login), is tried again after a back-off of
``RETRY_FIRST`` seconds doubled at each attempt up to ``RETRY_MOST``; after ``ATTEMPTS`` attempts, or at once
when the server refuses its recipient or its content for good (a 5xx answer to RCPT or DATA), it is given up
(``failed``). It sleeps until the soonest mail is due, ``POLL`` seconds at most (another process may have
queued one), and wakes as soon as this process queues one (``wake``).

Sent once: a mail is marked sent as soon as the server accepted it. Only a process that dies between the
server's acceptance and that mark (a few milliseconds) leaves a row that another claim sends again once its
lease ran out; the Message-ID is the row's own, the same on every attempt, so that mail systems can drop the
duplicate.
"""

from __future__ import annotations

import asyncio
import contextlib
import email.utils
import logging
import os
import re
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

import aiosmtplib

from longhouse.i18n import _
from longhouse.store.mail import MailStore, Queued

log = logging.getLogger("longhouse.mail")

#: Seconds a process's claim on a mail lasts: far longer than one send may take (``TIMEOUT``).
LEASE = 600.0
#: Seconds one SMTP conversation may take.
TIMEOUT = 30.0
#: The first back-off, the longest, and how many attempts a mail gets.
RETRY_FIRST = 30.0
RETRY_MOST = 3600.0
ATTEMPTS = 12
#: The longest sleep between two looks at the outbox.
POLL = 10.0
#: Seconds a stopping process waits for the mail it is sending (a server that hangs is not waited for longer:
#: that mail is let go unsent, and sent after the restart).
STOP_GRACE = 5.0
#: Mails sent in one round at most.
BATCH = 20
#: Sent (or given-up) mails' rows are kept this long (seconds), then dropped.
KEEP = 7 * 24 * 3600.0

_ADDRESS = re.compile(r"[^\s<>\"'@]+@[^\s<>\"']+")

SCHEMES = {"smtp": (25, None), "smtp+starttls": (587, True), "smtps": (465, False)}


@dataclass(frozen=True)
class SmtpServer:
    """Where mail goes: ``smtp://[user[:password]@]host[:port]`` (STARTTLS when offered),
    ``smtp+starttls://`` (STARTTLS or nothing), ``smtps://`` (TLS from the first byte)."""

    host: str
    port: int
    username: str | None = None
    password: str | None = None
    tls: bool = False
    #: True: STARTTLS required; None: when the server offers it
    start_tls: bool | None = None

    @classmethod
    def parse(cls, url: str, password: str | None = None) -> SmtpServer:
        """The server of an ``--smtp`` URL (ValueError saying what is wrong); ``password``
        ($LONGHOUSE_SMTP_PASSWORD) when the URL has none."""
        parts = urlsplit(url)
        if parts.scheme not in SCHEMES:
            raise ValueError(_("--smtp: {scheme} scheme; use smtp://, smtp+starttls:// or smtps://",
                               scheme=parts.scheme) if parts.scheme else
                             _("--smtp: no scheme; use smtp://, smtp+starttls:// or smtps://"))
        if not parts.hostname:
            raise ValueError(_("--smtp: the URL names no host (smtp://mail.example.org:587)"))
        try:
            port = parts.port
        except ValueError:
            raise ValueError(_("--smtp: the port is not a number")) from None
        default, start_tls = SCHEMES[parts.scheme]
        user = unquote(parts.username) if parts.username else None
        secret = unquote(parts.password) if parts.password else password
        return cls(parts.hostname, port or default, user, secret if user else None, parts.scheme == "smtps",
                   start_tls)

    def shown(self) -> str:
        """Where mail goes, as it may be logged (never the password)."""
        who = f"{self.username}@" if self.username else ""
        return f"{'smtps' if self.tls else 'smtp'}://{who}{self.host}:{self.port}"


class Permanent(Exception):
    """The server refused the mail for good."""


def build(mail: Queued, sender: str, domain: str) -> EmailMessage:
    """The message of an outbox row: its headers (the row's own Message-ID on every attempt) and text."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = mail.address
    message["Subject"] = mail.subject
    message["Date"] = email.utils.formatdate(mail.created, usegmt=True)
    message["Message-ID"] = f"<{mail.message_id}@{domain}>"
    for name, value in mail.headers.items():
        message[name] = value
    message.set_content(mail.body, charset="utf-8")
    return message


def domain_of(sender: str) -> str:
    """The domain of the sender's address (``Longhouse <hall@example.org>`` → ``example.org``)."""
    address = email.utils.parseaddr(sender)[1]
    return address.rpartition("@")[2] or socket.getfqdn()


def node_name() -> str:
    """This process's name on the outbox's claims."""
    return f"{socket.gethostname()[:40]}-{os.getpid()}-{secrets.token_hex(3)}"


Send = Callable[[EmailMessage], Awaitable[None]]


class Mailer:
    """Sends what the outbox holds, in the background (``start``, ``stop``, ``wake``)."""

    def __init__(self, mails: MailStore, server: SmtpServer, sender: str,
                 clock: Callable[[], float] = time.time, send: Send | None = None) -> None:
        self.mails = mails
        self.server = server
        self.sender = sender
        self.domain = domain_of(sender)
        self.clock = clock
        self.node = node_name()
        self.send = send or self._smtp
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        #: Mails the server accepted whose sent mark could not be stored yet (the store was down).
        self._unmarked: list[int] = []
        self._stopping = False
        #: Called once a round (the digests: ``mail.MailService``), off the event loop.
        self.each_round: Callable[[float], object] | None = None

    def start(self) -> None:
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        """Stop after the round under way (a mail being sent is sent and marked, if the server answers within
        ``STOP_GRACE`` seconds); claims not used are let go."""
        task = self._task
        if task is None:
            return
        self._stopping = True
        self.wake()
        try:
            await asyncio.wait_for(asyncio.shield(task), STOP_GRACE)
        except TimeoutError:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._task = None
        try:
            await asyncio.to_thread(self.mails.release, self.node)
        except Exception:
            log.exception("the mail claims of this process could not be let go (they expire in %.0f s)", LEASE)

    def stopping(self) -> bool:
        return self._stopping

    def wake(self) -> None:
        """A mail was queued: look at the outbox now. Safe from any thread."""
        wake, task = self._wake, self._task
        if wake is not None and task is not None:
            with contextlib.suppress(RuntimeError):  # the loop has closed
                task.get_loop().call_soon_threadsafe(wake.set)

    async def _run(self) -> None:
        assert self._wake is not None
        last_sweep = 0.0
        while not self.stopping():
            try:
                if self.each_round is not None:
                    await asyncio.to_thread(self.each_round, self.clock())
                await self.round()
                if self.clock() - last_sweep > 3600:
                    last_sweep = self.clock()
                    await asyncio.to_thread(self.mails.forget_done, last_sweep - KEEP)
                due = await asyncio.to_thread(self.mails.next_due)
            except Exception:  # the store is down, say: try again in a while
                log.exception("the mail round failed")
                due = None
            wait = POLL if due is None else min(POLL, max(0.0, due - self.clock()))
            if self.stopping():
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), wait if wait > 0 else 0.05)
            self._wake.clear()

    async def round(self) -> int:
        """Send what is due now; how many were sent."""
        for mail_id in list(self._unmarked):
            await asyncio.to_thread(self.mails.sent, mail_id, self.node)
            self._unmarked.remove(mail_id)
        claimed = await asyncio.to_thread(self.mails.claim, self.node, LEASE, BATCH, self.clock())
        sent = 0
        for mail in claimed:
            if self.stopping():
                break  # the claims left are let go by ``stop``
            try:
                await self.send(build(mail, self.sender, self.domain))
            except Permanent as exc:
                log.warning("mail %d (%s) refused for good: %s", mail.id, mail.kind, exc)
                await asyncio.to_thread(self.mails.retry, mail.id, self.node, str(exc), None)
                continue
            except Exception as exc:
                attempts = mail.attempts + 1
                due = None if attempts >= ATTEMPTS else self.clock() + backoff(attempts)
                log.warning("mail %d (%s) not sent (attempt %d%s): %s", mail.id, mail.kind, attempts,
                            ", given up" if due is None else "", _reason(exc))
                await asyncio.to_thread(self.mails.retry, mail.id, self.node, _reason(exc), due)
                continue
            sent += 1
            try:
                await asyncio.to_thread(self.mails.sent, mail.id, self.node, self.clock())
            except Exception:
                self._unmarked.append(mail.id)
                raise
        return sent

    async def _smtp(self, message: EmailMessage) -> None:
        s = self.server
        try:
            await aiosmtplib.send(message, hostname=s.host, port=s.port, username=s.username, password=s.password,
                                  use_tls=s.tls, start_tls=s.start_tls, timeout=TIMEOUT)
        except aiosmtplib.SMTPRecipientsRefused as exc:
            if all(r.code >= 500 for r in exc.recipients):
                raise Permanent(_reason(exc)) from exc
            raise
        except aiosmtplib.SMTPDataError as exc:
            if exc.code >= 500:
                raise Permanent(_reason(exc)) from exc
            raise


def backoff(attempts: int) -> float:
    """Seconds to wait after ``attempts`` failed attempts: ``RETRY_FIRST`` doubled each time, ``RETRY_MOST`` at most."""
    return min(RETRY_MOST, RETRY_FIRST * 2 ** (attempts - 1))


def _reason(exc: BaseException) -> str:
    """Why a send failed, in one short line (a server's answer, or the kind of failure)."""
    if isinstance(exc, aiosmtplib.SMTPResponseException):
        text = f"{exc.code} {exc.message}".replace("\n", " ")
    else:
        text = str(exc).replace("\n", " ").strip()
    text = _ADDRESS.sub("…@…", text)  # a server's answer may name the address: it stays out of the log
    return f"{type(exc).__name__}: {text}"[:300] if text else type(exc).__name__
