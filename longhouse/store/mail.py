"""The store's part for e-mail: each account's address and notice choices, the outbox, the digest's items.

Three tables beside the store's core ones (``mail_tables.py`` puts them in the model; revision ``0003``):

- ``mail_addresses``: at most one address per account, confirmed (``confirmed``: when) or waiting for the
  link mailed to it (the SHA-256 of its token, ``confirm_hash``, and its expiry; the token itself is only in
  the mail). The notice choices (``turn``, ``invite``, ``result``, each off until chosen; ``digest``: those
  gathered into one mail a day), when the last digest went, and the unsubscribe token (random, kept as is:
  it is in every notice mail, and all it can do is switch that account's notices off).
- ``mail_outbox``: every mail to send, written before anyone waits for it; a sender claims a due row
  (``claimed_by``, ``claimed_until``: a lease, so that two processes never send the same row, and a process
  that died lets go), sends it, and marks it ``sent`` (its body, which may hold a link's token, is blanked
  then). A failed attempt is counted and put off (``due``); a mail that cannot be delivered is ``failed``.
- ``mail_digest``: notices waiting for their person's daily digest, one line each.
"""

from __future__ import annotations

import hashlib
import secrets
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import delete, func, insert, or_, select, update
from sqlalchemy.engine import Connection

from longhouse.store.db import Store

#: The notice choices an account has, each a boolean column of ``mail_addresses``.
CHOICES = ("turn", "invite", "result", "digest")
#: The outbox kinds that are notices (the others: ``confirm``, ``reset``, ``deleted``).
NOTICE_KINDS = ("turn", "invite", "result", "digest")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class Address:
    """An account's address as its settings show it."""

    user_id: int
    address: str
    confirmed: float | None
    unsubscribe: str
    turn: bool
    invite: bool
    result: bool
    digest: bool
    last_digest: float | None

    def wants(self, kind: str) -> bool:
        return bool(self.confirmed) and bool(getattr(self, kind, False))


@dataclass(frozen=True)
class Outgoing:
    """A mail to queue."""

    address: str
    kind: str
    subject: str
    body: str
    user_id: int | None = None
    table_id: int | None = None
    headers: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Queued:
    """An outbox row a sender has claimed."""

    id: int
    address: str
    kind: str
    subject: str
    body: str
    headers: dict[str, str]
    message_id: str
    attempts: int
    created: float


@dataclass(frozen=True)
class DigestItem:
    table_id: int
    kind: str
    line: str
    at: float


class MailStore:
    """The mail tables of one store. Every write commits before returning."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine
        tables = store.metadata.tables
        p = store.prefix
        self.users = store.users
        self.addresses = tables[f"{p}mail_addresses"]
        self.outbox = tables[f"{p}mail_outbox"]
        self.digest = tables[f"{p}mail_digest"]

    # --- addresses ---------------------------------------------------------------------------------

    def _address(self, row: Any) -> Address:
        return Address(int(row.user_id), str(row.address), row.confirmed, str(row.unsubscribe), bool(row.turn),
                       bool(row.invite), bool(row.result), bool(row.digest), row.last_digest)

    def address_of(self, user_id: int) -> Address | None:
        with self.engine.connect() as c:
            row = c.execute(select(self.addresses).where(self.addresses.c.user_id == user_id)).first()
        return None if row is None else self._address(row)

    def addresses_of(self, user_ids: set[int]) -> dict[int, Address]:
        if not user_ids:
            return {}
        with self.engine.connect() as c:
            rows = c.execute(select(self.addresses).where(self.addresses.c.user_id.in_(sorted(user_ids)))).all()
        return {int(r.user_id): self._address(r) for r in rows}

    def set_address(self, user_id: int, address: str, age: float, mail: Callable[[str], Outgoing],
                    now: float | None = None) -> bool:
        """Give the account this address, waiting for confirmation within ``age`` seconds, and queue the
        confirmation mail ``mail(token)`` in the same transaction; False (nothing changes) if it holds this
        address already, confirmed. A changed address is confirmed again; the notice choices stay."""
        now = time.time() if now is None else now
        token = secrets.token_urlsafe(32)
        a = self.addresses.c
        values = {"address": address, "address_key": address.casefold(), "confirmed": None,
                  "confirm_hash": token_hash(token), "confirm_expires": now + age,
                  "unsubscribe": secrets.token_urlsafe(24), "changed": now}
        with self.engine.begin() as c:
            row = c.execute(select(self.addresses).where(a.user_id == user_id)).first()
            if row is not None and row.address == address and row.confirmed is not None:
                return False
            if row is None:
                c.execute(insert(self.addresses).values(user_id=user_id, turn=False, invite=False, result=False,
                                                        digest=False, **values))
            else:
                c.execute(update(self.addresses).where(a.user_id == user_id).values(**values))
            self._queue(c, mail(token), now, now)
        return True

    def remove_address(self, user_id: int) -> bool:
        with self.engine.begin() as c:
            return bool(c.execute(delete(self.addresses).where(self.addresses.c.user_id == user_id)).rowcount)

    def confirm(self, token: str, now: float | None = None) -> int | None:
        """Confirm the address a link was mailed to: the account's id; None (nothing changes) for a token that
        is unknown, used or expired. One use: the token is forgotten."""
        now = time.time() if now is None else now
        a = self.addresses.c
        with self.engine.begin() as c:
            row = c.execute(select(a.user_id, a.confirm_expires).where(a.confirm_hash == token_hash(token))).first()
            if row is None or row.confirm_expires is None or row.confirm_expires < now:
                return None
            done = c.execute(update(self.addresses).where(a.user_id == row.user_id, a.confirm_hash == token_hash(token))
                             .values(confirmed=now, confirm_hash=None, confirm_expires=None, changed=now)).rowcount
            return int(row.user_id) if done else None

    def set_choices(self, user_id: int, choices: dict[str, bool]) -> Address | None:
        """Change some of the notice choices (keys of ``CHOICES``); the address after, None without one."""
        assert set(choices) <= set(CHOICES)
        with self.engine.begin() as c:
            if choices:
                c.execute(update(self.addresses).where(self.addresses.c.user_id == user_id).values(**choices))
        return self.address_of(user_id)

    def unsubscribe(self, token: str) -> int | None:
        """Switch every notice of the account with this unsubscribe token off: its id, or None."""
        a = self.addresses.c
        with self.engine.begin() as c:
            uid = c.execute(select(a.user_id).where(a.unsubscribe == token)).scalar()
            if uid is None:
                return None
            c.execute(update(self.addresses).where(a.user_id == uid)
                      .values(turn=False, invite=False, result=False, digest=False))
            return int(uid)

    def confirmed_accounts(self, address: str) -> list[tuple[int, str, str]]:
        """(user id, name, address) of the registered accounts that confirmed this address (any case)."""
        a, u = self.addresses.c, self.users.c
        query = (select(u.id, u.name, a.address).join(self.addresses, a.user_id == u.id)
                 .where(a.address_key == address.casefold(), a.confirmed.is_not(None), u.guest.is_(False)))
        with self.engine.connect() as c:
            return [(int(r.id), str(r.name), str(r.address)) for r in c.execute(query)]

    # --- the outbox --------------------------------------------------------------------------------

    def _queue(self, c: Connection, mail: Outgoing, now: float, due: float) -> int:
        done = c.execute(insert(self.outbox).values(
            user_id=mail.user_id, address=mail.address, kind=mail.kind, table_id=mail.table_id,
            subject=mail.subject, body=mail.body, headers=dict(mail.headers),
            message_id=secrets.token_hex(16), created=now, due=due, attempts=0)).inserted_primary_key
        assert done is not None
        return int(done[0])

    def queue(self, mail: Outgoing, now: float | None = None) -> int:
        """Put one mail in the outbox, due now; its row's id."""
        now = time.time() if now is None else now
        with self.engine.begin() as c:
            return self._queue(c, mail, now, now)

    def queue_notice(self, mail: Outgoing, spacing: float, now: float | None = None) -> int:
        """Put a notice mail about a table in the outbox, at most one per person and table per ``spacing``
        seconds: one still waiting (not yet claimed) for this person and table is replaced by this newer one;
        else this one is due ``spacing`` after the last one's time, or now. Its row's id."""
        now = time.time() if now is None else now
        o = self.outbox.c
        with self.engine.begin() as c:
            last = c.execute(select(o.id, o.due, o.sent, o.claimed_by).where(
                o.user_id == mail.user_id, o.table_id == mail.table_id, o.kind.in_(NOTICE_KINDS))
                .order_by(o.due.desc(), o.id.desc()).limit(1)).first()
            if last is not None and last.sent is None and last.claimed_by is None and c.execute(
                    update(self.outbox).where(o.id == last.id, o.claimed_by.is_(None), o.sent.is_(None)).values(
                        kind=mail.kind, subject=mail.subject, body=mail.body, headers=dict(mail.headers),
                        address=mail.address)).rowcount:
                return int(last.id)
            due = now if last is None else max(now, float(last.due) + spacing)
            return self._queue(c, mail, now, due)

    def claim(self, node: str, lease: float, limit: int = 20, now: float | None = None) -> list[Queued]:
        """Claim up to ``limit`` due mails for ``node`` for ``lease`` seconds (a row another process holds a
        live claim on is not taken), oldest due first."""
        now = time.time() if now is None else now
        o = self.outbox.c
        free = or_(o.claimed_until.is_(None), o.claimed_until < now)
        with self.engine.connect() as c:
            ids = list(c.execute(select(o.id).where(o.sent.is_(None), o.failed.is_(None), o.due <= now, free)
                                 .order_by(o.due, o.id).limit(limit)).scalars())
        got: list[Queued] = []
        for mail_id in ids:
            with self.engine.begin() as c:  # one conditional update each: of two claimants, one wins
                if not c.execute(update(self.outbox).where(o.id == mail_id, o.sent.is_(None), o.failed.is_(None),
                                                           free)
                                 .values(claimed_by=node, claimed_until=now + lease)).rowcount:
                    continue
                r = c.execute(select(self.outbox).where(o.id == mail_id)).one()
            got.append(Queued(int(r.id), r.address, r.kind, r.subject, r.body, dict(r.headers or {}),
                              r.message_id, int(r.attempts), float(r.created)))
        return got

    def sent(self, mail_id: int, node: str, now: float | None = None) -> bool:
        """Mark a claimed mail sent (its body blanked: it may hold a link's token)."""
        now = time.time() if now is None else now
        o = self.outbox.c
        with self.engine.begin() as c:
            return bool(c.execute(update(self.outbox).where(o.id == mail_id, o.claimed_by == node).values(
                sent=now, body="", claimed_until=None, error=None)).rowcount)

    def retry(self, mail_id: int, node: str, error: str, due: float | None) -> None:
        """A claimed mail was not sent: try again at ``due``, or (None) give it up as undeliverable."""
        o = self.outbox.c
        values: dict[str, Any] = {"attempts": o.attempts + 1, "claimed_by": None, "claimed_until": None,
                                  "error": error[:500]}
        if due is None:
            values.update(failed=time.time(), body="")
        else:
            values["due"] = due
        with self.engine.begin() as c:
            c.execute(update(self.outbox).where(o.id == mail_id, o.claimed_by == node).values(**values))

    def release(self, node: str) -> int:
        """Let go of every claim of ``node`` on a mail not sent (its process stops)."""
        o = self.outbox.c
        with self.engine.begin() as c:
            return int(c.execute(update(self.outbox).where(o.claimed_by == node, o.sent.is_(None))
                                 .values(claimed_by=None, claimed_until=None)).rowcount)

    def next_due(self) -> float | None:
        """When the soonest mail still to send is due (None: none is)."""
        o = self.outbox.c
        with self.engine.connect() as c:
            value = c.execute(select(func.min(o.due)).where(o.sent.is_(None), o.failed.is_(None))).scalar()
        return None if value is None else float(value)

    def recent(self, kind: str, since: float, user_id: int | None = None, address: str | None = None) -> int:
        """How many mails of ``kind`` were queued since then, to this account or this address."""
        o = self.outbox.c
        query = select(func.count()).select_from(self.outbox).where(o.kind == kind, o.created >= since)
        if user_id is not None:
            query = query.where(o.user_id == user_id)
        if address is not None:
            query = query.where(func.lower(o.address) == address.lower())
        with self.engine.connect() as c:
            return int(c.execute(query).scalar_one())

    def forget_done(self, before: float) -> int:
        """Drop the rows of mails sent or given up before then."""
        o = self.outbox.c
        with self.engine.begin() as c:
            return int(c.execute(delete(self.outbox).where(
                or_(o.sent < before, o.failed < before))).rowcount)

    def drop_notices_of(self, c: Connection, user_id: int) -> None:
        """In an account's removal: its notice mails not yet sent go."""
        o = self.outbox.c
        c.execute(delete(self.outbox).where(o.user_id == user_id, o.sent.is_(None), o.claimed_by.is_(None),
                                            o.kind.in_(NOTICE_KINDS)))

    # --- the digest --------------------------------------------------------------------------------

    def add_digest(self, items: Sequence[tuple[int, DigestItem]]) -> None:
        """Notices kept for their person's next digest: (user id, item) pairs."""
        if not items:
            return
        with self.engine.begin() as c:
            c.execute(insert(self.digest), [{"user_id": uid, "table_id": i.table_id, "kind": i.kind,
                                             "line": i.line, "at": i.at} for uid, i in items])

    def digests_due(self, every: float, now: float | None = None) -> list[int]:
        """The accounts whose oldest waiting item is ``every`` seconds old or more, and whose last digest went
        as long ago (or never)."""
        now = time.time() if now is None else now
        a, d = self.addresses.c, self.digest.c
        waiting = select(d.user_id).group_by(d.user_id).having(func.min(d.at) <= now - every)
        query = select(a.user_id).where(a.user_id.in_(waiting),
                                        or_(a.last_digest.is_(None), a.last_digest <= now - every))
        with self.engine.connect() as c:
            return [int(u) for u in c.execute(query).scalars()]

    def send_digest(self, user_id: int, compose: Callable[[Address, list[DigestItem]], Outgoing | None],
                    now: float | None = None) -> int | None:
        """Take the account's waiting items and queue their digest ``compose(address, items)`` in one
        transaction (of two processes doing so at once, one does); the outbox row's id, or None."""
        now = time.time() if now is None else now
        a, d = self.addresses.c, self.digest.c
        with self.engine.begin() as c:
            row = c.execute(select(self.addresses).where(a.user_id == user_id)).first()
            rows = c.execute(select(self.digest).where(d.user_id == user_id).order_by(d.at, d.id)).all()
            if not rows:
                return None
            if c.execute(delete(self.digest).where(d.id.in_([r.id for r in rows]))).rowcount != len(rows):
                raise RuntimeError("the digest's items were taken meanwhile")  # rolled back: the other took them
            mail = None if row is None else compose(self._address(row), [
                DigestItem(int(r.table_id), str(r.kind), str(r.line), float(r.at)) for r in rows])
            if row is not None:
                c.execute(update(self.addresses).where(a.user_id == user_id).values(last_digest=now))
            return None if mail is None else self._queue(c, mail, now, now)


_kept: weakref.WeakKeyDictionary[Store, MailStore] = weakref.WeakKeyDictionary()


def mail_store(store: Store) -> MailStore:
    """The mail tables of ``store`` (made once per store)."""
    found = _kept.get(store)
    if found is None:
        found = _kept[store] = MailStore(store)
    return found
