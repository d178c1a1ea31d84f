"""The store's part for the hall's admins: who is one, who is banned, password reset links, and the audit log.

Four tables beside the store's core ones (same engine, same name prefix; ``admin_tables.py`` puts them in
the store's model, a revision in ``store/migrations`` makes them):

- ``admins``: the accounts that hold the admin role (granted when, by whom);
- ``bans``: the banned accounts, each with the look-alike key of its name (``server/lookalike.py``), so that
  nobody signs up again under a name that only looks different, and when, by whom and why;
- ``password_resets``: one-time links to set a new password, by the SHA-256 of their token (the token itself
  is shown once, to the admin who made it, and never stored), each with its expiry;
- ``admin_log``: every admin action (who, what, whom, when, why), written in the same transaction as the
  change it records.

The first three refer to ``users`` and go with the account (``ON DELETE CASCADE``: a guest removed for good
takes its ban along, and a later account given the same number inherits nothing).
"""

from __future__ import annotations

import hashlib
import secrets
import time
import weakref
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Connection

from longhouse.store.db import Store

#: How many accounts a search returns, and log entries a page of the log holds, at most.
FOUND_MOST = 50
LOG_PAGE = 100


@dataclass(frozen=True)
class Account:
    """An account as the admin sees it."""

    id: int
    name: str
    guest: bool
    created: float
    admin: bool
    #: when it was banned, by whom and why (None: not banned)
    banned: dict[str, Any] | None
    sessions: int

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "guest": self.guest, "created": self.created,
                "admin": self.admin, "banned": self.banned, "sessions": self.sessions}


def token_hash(token: str) -> str:
    """What is stored of a reset link's token (a random 256-bit token needs no slow hash)."""
    return hashlib.sha256(token.encode()).hexdigest()


class AdminStore:
    """The admin tables of one store. Every change commits before returning, together with its log entry."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine
        tables = store.metadata.tables
        p = store.prefix
        self.users, self.sessions = store.users, store.sessions
        self.admins, self.bans = tables[f"{p}admins"], tables[f"{p}bans"]
        self.resets, self.log = tables[f"{p}password_resets"], tables[f"{p}admin_log"]

    # --- the log ---------------------------------------------------------------------------------

    def _log(self, c: Connection, actor: str, action: str, target: str, reason: str,
             detail: dict[str, Any] | None = None) -> int:
        done = c.execute(self.log.insert().values(at=time.time(), actor=actor, action=action, target=target,
                                                  reason=reason, detail=detail)).inserted_primary_key
        assert done is not None
        return int(done[0])

    def record(self, actor: str, action: str, target: str, reason: str,
               detail: dict[str, Any] | None = None) -> int:
        """Write one entry of the log (an action whose change is not in the store: a table closed, a line
        announced); its number."""
        with self.engine.begin() as c:
            return self._log(c, actor, action, target, reason, detail)

    def entries(self, before: int | None = None, limit: int = LOG_PAGE) -> list[dict[str, Any]]:
        """The log, newest first; with ``before``, the entries older than that number."""
        query = select(self.log).order_by(self.log.c.id.desc()).limit(limit)
        if before is not None:
            query = query.where(self.log.c.id < before)
        with self.engine.connect() as c:
            rows = c.execute(query).all()
        return [{"id": r.id, "at": r.at, "actor": r.actor, "action": r.action, "target": r.target,
                 "reason": r.reason, "detail": r.detail} for r in rows]

    # --- accounts --------------------------------------------------------------------------------

    def find(self, prefix: str, limit: int = FOUND_MOST) -> list[Account]:
        """The accounts whose name starts with ``prefix`` (any case), by name."""
        u = self.users.c
        query = (select(u.id).where(u.name_key.startswith(prefix.casefold(), autoescape=True))
                 .order_by(u.name_key).limit(limit))
        with self.engine.connect() as c:
            ids = [int(i) for i in c.execute(query).scalars()]
            return self._accounts(c, ids)

    def account(self, name: str) -> Account | None:
        """The account of this name (any case), if there is one."""
        with self.engine.connect() as c:
            uid = c.execute(select(self.users.c.id).where(self.users.c.name_key == name.casefold())).scalar()
            if uid is None:
                return None
            return self._accounts(c, [int(uid)])[0]

    def account_by_id(self, user_id: int) -> Account | None:
        with self.engine.connect() as c:
            found = self._accounts(c, [user_id])
        return found[0] if found else None

    def _accounts(self, c: Connection, ids: list[int]) -> list[Account]:
        if not ids:
            return []
        u, a, b, s = self.users.c, self.admins.c, self.bans.c, self.sessions.c
        sessions: dict[int, int] = dict(c.execute(select(s.user_id, func.count()).where(s.user_id.in_(ids))
                                  .group_by(s.user_id)).all())
        admins = set(c.execute(select(a.user_id).where(a.user_id.in_(ids))).scalars())
        bans = {r.user_id: {"since": r.since, "by": r.banned_by, "reason": r.reason}
                for r in c.execute(select(self.bans).where(b.user_id.in_(ids)))}
        rows = {r.id: r for r in c.execute(select(u.id, u.name, u.guest, u.created).where(u.id.in_(ids)))}
        return [Account(i, rows[i].name, bool(rows[i].guest), rows[i].created, i in admins, bans.get(i),
                        int(sessions.get(i, 0))) for i in ids if i in rows]

    # --- the admin role --------------------------------------------------------------------------

    def is_admin(self, user_id: int) -> bool:
        with self.engine.connect() as c:
            return c.execute(select(self.admins.c.user_id).where(self.admins.c.user_id == user_id)).first() is not None

    def admin_names(self) -> list[str]:
        with self.engine.connect() as c:
            query = select(self.users.c.name).join(self.admins, self.admins.c.user_id == self.users.c.id)
            return sorted(c.execute(query).scalars())

    def grant(self, account: Account, actor: str, reason: str) -> bool:
        """Make the account an admin (False: it is one already; nothing changes or is logged)."""
        with self.engine.begin() as c:
            if c.execute(select(self.admins.c.user_id).where(self.admins.c.user_id == account.id)).first():
                return False
            c.execute(self.admins.insert().values(user_id=account.id, granted=time.time(), granted_by=actor))
            self._log(c, actor, "grant", account.name, reason)
            return True

    def revoke(self, account: Account, actor: str, reason: str) -> bool:
        """Take the admin role back (False: it had none)."""
        with self.engine.begin() as c:
            if not c.execute(self.admins.delete().where(self.admins.c.user_id == account.id)).rowcount:
                return False
            self._log(c, actor, "revoke", account.name, reason)
            return True

    # --- bans ------------------------------------------------------------------------------------

    def ban(self, account: Account, key: str, actor: str, reason: str) -> int:
        """Ban the account (its name's look-alike ``key`` kept with it) and end all its sessions, in one
        transaction; how many sessions ended. Banning a banned account changes nothing (0)."""
        with self.engine.begin() as c:
            # the account's row locked: a session being made for it (its key refers to the row) waits for the
            # ban, and the sign-in that made it then sees the ban (``server/banned.py``)
            c.execute(select(self.users.c.id).where(self.users.c.id == account.id).with_for_update())
            if c.execute(select(self.bans.c.user_id).where(self.bans.c.user_id == account.id)).first():
                return 0
            c.execute(self.bans.insert().values(user_id=account.id, name_key=key, since=time.time(),
                                                banned_by=actor, reason=reason))
            ended = int(c.execute(self.sessions.delete().where(self.sessions.c.user_id == account.id)).rowcount)
            c.execute(self.resets.delete().where(self.resets.c.user_id == account.id))
            self._log(c, actor, "ban", account.name, reason, {"sessions": ended})
            return ended

    def unban(self, account: Account, actor: str, reason: str) -> bool:
        with self.engine.begin() as c:
            if not c.execute(self.bans.delete().where(self.bans.c.user_id == account.id)).rowcount:
                return False
            self._log(c, actor, "unban", account.name, reason)
            return True

    def banned(self, user_id: int) -> bool:
        with self.engine.connect() as c:
            return c.execute(select(self.bans.c.user_id).where(self.bans.c.user_id == user_id)).first() is not None

    def banned_lookalike(self, key: str) -> str | None:
        """The name of a banned account whose name looks like one with this look-alike key, if any."""
        b, u = self.bans.c, self.users.c
        with self.engine.connect() as c:
            name = c.execute(select(u.name).join(self.bans, b.user_id == u.id).where(b.name_key == key)).scalar()
        return None if name is None else str(name)

    # --- sessions and passwords ------------------------------------------------------------------

    def end_sessions(self, account: Account, actor: str, reason: str) -> int:
        """End every session of the account; how many there were."""
        with self.engine.begin() as c:
            ended = int(c.execute(self.sessions.delete().where(self.sessions.c.user_id == account.id)).rowcount)
            self._log(c, actor, "end_sessions", account.name, reason, {"sessions": ended})
            return ended

    def new_reset(self, account: Account, age: float, actor: str, reason: str) -> str:
        """A one-time token that lets its holder set the account's password within ``age`` seconds (any
        earlier link of the account stops working); only its hash is stored."""
        token = secrets.token_urlsafe(32)
        now = time.time()
        with self.engine.begin() as c:
            c.execute(self.resets.delete().where(self.resets.c.user_id == account.id))
            c.execute(self.resets.insert().values(token_hash=token_hash(token), user_id=account.id, created=now,
                                                  expires=now + age))
            self._log(c, actor, "reset_password", account.name, reason, {"expires": now + age})
        return token

    def use_reset(self, token: str, password_hash: str) -> int | None:
        """Set a new password with a reset token: the account's id, its password replaced, the token used up
        and every session of the account ended, in one transaction; None (nothing changed) for a token that
        is unknown, used, expired or whose account is banned."""
        r = self.resets.c
        with self.engine.begin() as c:
            row = c.execute(select(r.user_id, r.expires).where(r.token_hash == token_hash(token))).first()
            if row is None:
                return None
            # used up whatever happens next: only one of two racing holders gets past the delete
            if not c.execute(self.resets.delete().where(r.token_hash == token_hash(token))).rowcount:
                return None
            uid = int(row.user_id)
            if row.expires < time.time() or c.execute(select(self.bans.c.user_id)
                                                      .where(self.bans.c.user_id == uid)).first():
                return None
            c.execute(self.users.update().where(self.users.c.id == uid).values(password_hash=password_hash))
            c.execute(self.sessions.delete().where(self.sessions.c.user_id == uid))
            return uid

    def forget_expired_resets(self) -> int:
        with self.engine.begin() as c:
            return int(c.execute(self.resets.delete().where(self.resets.c.expires < time.time())).rowcount)


_kept: weakref.WeakKeyDictionary[Store, AdminStore] = weakref.WeakKeyDictionary()


def admin_store(store: Store) -> AdminStore:
    """The admin tables of ``store`` (made once per store)."""
    found = _kept.get(store)
    if found is None:
        found = _kept[store] = AdminStore(store)
    return found
