"""The hall's e-mail: its configuration (``--smtp``, ``--mail-from``, ``--public-url``), the notice channel
that turns notices into mails in the outbox, the daily digests, and the mailer that sends them.

``MailService`` lives in ``app.state.mail``; without ``--smtp`` it is there too, switched off (``enabled``
False): the account pages then say that this hall sends no mail, and nothing is queued.

Notice mails (``MailChannel``, a ``notices.Channel``): a notice reaches an account with a confirmed address
that chose its kind (``turn``, ``invite``, ``result``). With ``digest`` chosen as well it waits in
``mail_digest`` for the day's digest instead: one mail once the oldest waiting notice is ``DIGEST_EVERY``
seconds old (and the last digest went as long ago). Single notice mails about one table reach one person at
most once every ``SPACING`` seconds (a newer notice replaces one still waiting, ``MailStore.queue_notice``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from longhouse.i18n import Text, _
from longhouse.i18n.catalogs import Translator
from longhouse.i18n.errors import error_text
from longhouse.server.mail_texts import Texts
from longhouse.server.mailer import Mailer, SmtpServer
from longhouse.server.notices import Notice, words_of
from longhouse.server.settings import Settings
from longhouse.store import Store
from longhouse.store.admin import admin_store
from longhouse.store.mail import Address, DigestItem, MailStore, Outgoing, mail_store
from longhouse.store.people import PeopleStore

if TYPE_CHECKING:
    from longhouse.server.hall import Hall

log = logging.getLogger("longhouse.mail")

#: At most one notice mail per person and table in this many seconds.
SPACING = 15 * 60.0
#: Seconds between two digests, and the age of the oldest notice a digest waits for.
DIGEST_EVERY = 24 * 3600.0
#: How long an address confirmation link and a password reset link work (seconds).
CONFIRM_AGE = 48 * 3600.0
RESET_AGE = 2 * 3600.0
#: Confirmation mails one account may ask for per hour; reset mails one address may get per hour.
CONFIRMS_PER_HOUR = 5
RESETS_PER_HOUR = 3
#: The environment variable an SMTP password may come from (instead of the URL, which ``ps`` shows).
PASSWORD_ENV = "LONGHOUSE_SMTP_PASSWORD"


def check(settings: Settings) -> Text | None:
    """What is wrong with the mail options (``serve`` refuses to start on it, in the operator's language), or
    None."""
    if settings.smtp_url is None:
        if settings.mail_from or settings.public_url:
            return _("--mail-from and --public-url are for mail: give --smtp URL too")
        return None
    try:
        SmtpServer.parse(settings.smtp_url)
    except ValueError as exc:
        return error_text(exc)
    if not settings.mail_from or "@" not in settings.mail_from:
        return _("--smtp needs --mail-from ADDRESS (the sender of the hall's mails, e.g. hall@example.org)")
    public = settings.public_url or ""
    if not public.startswith(("https://", "http://")):
        return _("--smtp needs --public-url URL (the hall's address for the links in mails, e.g. "
                 "https://hall.example.org)")
    return None


class MailChannel:
    """Notices to mails: a ``notices.Channel``."""

    name = "mail"

    def __init__(self, service: MailService) -> None:
        self.service = service

    def deliver(self, notices: Sequence[Notice]) -> None:
        service = self.service
        mails = service.mails
        addresses = mails.addresses_of({n.user_id for n in notices})
        waiting: list[tuple[int, DigestItem]] = []
        queued = 0
        for notice in notices:
            address = addresses.get(notice.user_id)
            if address is None or not address.wants(notice.kind.value):
                continue
            if address.digest:
                line = service.texts.digest_line(notice, service.words_of(notice.user_id))
                waiting.append((notice.user_id, DigestItem(notice.table_id, notice.kind.value, line, notice.at)))
            else:
                mails.queue_notice(service.texts.notice(notice, address, service.words_of(notice.user_id)), SPACING,
                                   service.clock())
                queued += 1
        mails.add_digest(waiting)
        if queued:
            service.wake()


class MailService:
    """The hall's mail (see the module docstring)."""

    def __init__(self, store: Store, people: PeopleStore, settings: Settings) -> None:
        self.mails: MailStore = mail_store(store)
        self.people = people
        self.enabled = settings.smtp_url is not None
        self.texts = Texts(settings.public_url or "http://127.0.0.1:8000")
        self.mailer: Mailer | None = None
        if settings.smtp_url is not None:
            server = SmtpServer.parse(settings.smtp_url, os.environ.get(PASSWORD_ENV))
            self.mailer = Mailer(self.mails, server, settings.mail_from or "", clock=self.clock)
            self.mailer.each_round = self.send_digests
        self.channel = MailChannel(self)
        self._later: set[asyncio.Task[None]] = set()
        self._resetting = threading.Lock()

    def clock(self) -> float:
        return time.time()

    def words_of(self, user_id: int) -> Translator:
        """The language this account's mails are written in: its setting, else English."""
        return words_of(self.people, user_id)

    def attach(self, hall: Hall) -> None:
        """Hear the hall's notices (when mail is on)."""
        if self.enabled:
            hall.notices.add(self.channel)

    def start(self) -> None:
        if self.mailer is not None:
            self.mailer.start()
            log.info("mail through %s as %s", self.mailer.server.shown(), self.mailer.sender)

    async def stop(self) -> None:
        if self.mailer is not None:
            await self.mailer.stop()

    def wake(self) -> None:
        if self.mailer is not None:
            self.mailer.wake()

    def later(self, work: Callable[[], object]) -> None:
        """Do ``work`` in a worker thread after the request has been answered (failures are logged)."""

        async def run() -> None:
            try:
                await asyncio.to_thread(work)
            except Exception:
                log.exception("a mail could not be queued")

        task = asyncio.get_running_loop().create_task(run())
        self._later.add(task)
        task.add_done_callback(self._later.discard)

    def queue(self, mail: Outgoing) -> None:
        self.mails.queue(mail, self.clock())
        self.wake()

    # --- digests -----------------------------------------------------------------------------------

    def send_digests(self, now: float) -> int:
        """Queue the digests that are due; how many."""
        done = 0
        for user_id in self.mails.digests_due(DIGEST_EVERY, now):
            name = self.people.names({user_id}).get(user_id, "")

            words = self.words_of(user_id)  # the account's language

            def compose(address: Address, items: list[DigestItem], name: str = name,
                        words: Translator = words) -> Outgoing | None:
                return self.texts.digest(name, address, items, words) if address.confirmed else None

            try:
                if self.mails.send_digest(user_id, compose, now) is not None:
                    done += 1
            except RuntimeError:  # another process took them
                continue
        if done:
            self.wake()
        return done

    # --- address confirmations and resets ------------------------------------------------------------

    def confirmations_left(self, user_id: int) -> bool:
        return self.mails.recent("confirm", self.clock() - 3600, user_id=user_id) < CONFIRMS_PER_HOUR

    def set_address(self, user_id: int, name: str, address: str) -> bool:
        """Give the account ``address`` and mail it a confirmation link (False: it holds it, confirmed)."""
        words = self.words_of(user_id)
        changed = self.mails.set_address(user_id, address, CONFIRM_AGE,
                                         lambda token: self.texts.confirm(user_id, name, address, token,
                                                                          CONFIRM_AGE / 3600, words), self.clock())
        if changed:
            self.wake()
        return changed

    def reset_links(self, address: str) -> int:
        """Mail a reset link to every registered account that confirmed ``address`` (not more than
        ``RESETS_PER_HOUR`` an hour to one address); how many were queued."""
        with self._resetting:  # requests for one address answered at once are counted one after the other
            return self._reset_links(address)

    def _reset_links(self, address: str) -> int:
        if self.mails.recent("reset", self.clock() - 3600, address=address) >= RESETS_PER_HOUR:
            return 0
        admins = admin_store(self.mails.store)
        queued = 0
        for user_id, name, stored in self.mails.confirmed_accounts(address):
            account = admins.account_by_id(user_id)
            if account is None or account.banned is not None:
                continue
            token = admins.new_reset(account, RESET_AGE, "e-mail", "asked for by e-mail")
            self.mails.queue(self.texts.reset(user_id, name, stored, token, RESET_AGE / 3600, self.words_of(user_id)),
                             self.clock())
            queued += 1
        if queued:
            self.wake()
        return queued
