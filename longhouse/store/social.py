"""The store's social part: names' look-alike keys, who follows and who blocks whom, moderators, mutes,
reports, and the notices waiting for a player.

Its tables (``social_tables.py`` puts them in the store's model, revision ``0006`` makes them), each beside
``users`` and going with the account (``ON DELETE CASCADE``; a report's reporter is only forgotten):

- ``name_keys``: each registered account's look-alike key (``server/lookalike.py``), unique: no two accounts
  hold names that look alike (guests have none: their names are the hall's own, and reserved);
- ``follows`` / ``blocks``: (who, whom, since);
- ``moderators``: the accounts holding the moderator role (granted when, by whom);
- ``mutes``: whose chat is muted until when, by whom, why;
- ``reports``: a player reported by another, with the reason and its context (chat lines, table, version),
  ``open`` until a moderator handles it (``dismissed``, ``warned``, ``muted``, ``banned``);
- ``social_notices``: what a player is to be told (an invitation, a warning, a mute), kept until it has
  reached one of their lobby pages (the newest ``MOST_NOTICES`` per player).

Every moderator's action is written to the admin audit log (``store/admin.py``) in the transaction that makes
it.
"""

from __future__ import annotations

import time
import weakref
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, delete, false, insert, or_, select, true, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from longhouse.store.admin import admin_store
from longhouse.store.db import Store

#: Reports a page of the moderators' queue holds, at most; people one account may follow or block, at most.
QUEUE_PAGE = 50
MOST_FOLLOWED = 200
MOST_BLOCKED = 500
#: Notices kept per player, at most (the oldest go first).
MOST_NOTICES = 50
#: What a handled report's status says.
OUTCOMES = ("dismissed", "warned", "muted", "banned")


@dataclass(frozen=True)
class Report:
    id: int
    reporter: str
    target: str
    target_id: int
    reason: str
    context: dict[str, Any]
    created: float
    status: str
    handled_by: str | None
    outcome: str | None
    reporter_id: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "reporter": self.reporter, "target": self.target, "reason": self.reason,
                "context": self.context, "created": self.created, "status": self.status,
                "handled_by": self.handled_by, "outcome": self.outcome}


class SocialStore:
    """The social tables of one store; every change commits before returning."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine
        t = store.metadata.tables
        p = store.prefix
        self.users = store.users
        self.keys, self.follows, self.blocks = t[f"{p}name_keys"], t[f"{p}follows"], t[f"{p}blocks"]
        self.moderators, self.mutes, self.reports = t[f"{p}moderators"], t[f"{p}mutes"], t[f"{p}reports"]
        self.notices = t[f"{p}social_notices"]
        self.admins = admin_store(store)
        # The follows and blocks of an account, read when it sits down or opens the lobby: built once (a
        # statement built anew costs its compiling again, more than the query).
        u = self.users.c
        self._followed, self._blocked = (
            select(u.id, u.name).join(table, table.c.other_id == u.id).where(table.c.user_id == bindparam("uid"))
            .order_by(u.name_key) for table in (self.follows, self.blocks))

    # --- names --------------------------------------------------------------------------------------

    def add_key(self, c: Connection, user_id: int, key: str) -> None:
        """Keep an account's look-alike key, in the transaction that makes the account (``Store.create_user``'s
        ``also``): ``IntegrityError`` if another account's name has it."""
        c.execute(insert(self.keys).values(user_id=user_id, name_key=key))

    def key_holder(self, key: str) -> str | None:
        """The name of the account whose name has this look-alike key, if any."""
        u, k = self.users.c, self.keys.c
        with self.engine.connect() as c:
            name = c.execute(select(u.name).join(self.keys, k.user_id == u.id).where(k.name_key == key)).scalar()
        return None if name is None else str(name)

    # --- follows and blocks -----------------------------------------------------------------------------

    def follow(self, user_id: int, other_id: int) -> bool:
        """Follow another account (False: followed already)."""
        return self._pair(self.follows, user_id, other_id, MOST_FOLLOWED)

    def unfollow(self, user_id: int, other_id: int) -> bool:
        return self._unpair(self.follows, user_id, other_id)

    def block(self, user_id: int, other_id: int) -> bool:
        """Block another account (False: blocked already); neither follows the other any more."""
        f = self.follows.c
        with self.engine.begin() as c:
            c.execute(delete(self.follows).where(or_((f.user_id == user_id) & (f.other_id == other_id),
                                                     (f.user_id == other_id) & (f.other_id == user_id))))
        return self._pair(self.blocks, user_id, other_id, MOST_BLOCKED)

    def unblock(self, user_id: int, other_id: int) -> bool:
        return self._unpair(self.blocks, user_id, other_id)

    def _pair(self, table: Any, user_id: int, other_id: int, most: int) -> bool:
        with self.engine.begin() as c:
            if c.execute(select(table.c.user_id).where(table.c.user_id == user_id,
                                                       table.c.other_id == other_id)).first():
                return False
            count = len(c.execute(select(table.c.other_id).where(table.c.user_id == user_id)).all())
            if count >= most:
                raise ValueError(f"at most {most}")
            try:
                c.execute(insert(table).values(user_id=user_id, other_id=other_id, since=time.time()))
            except IntegrityError:  # made meanwhile by another request
                return False
            return True

    def _unpair(self, table: Any, user_id: int, other_id: int) -> bool:
        with self.engine.begin() as c:
            return bool(c.execute(delete(table).where(table.c.user_id == user_id,
                                                      table.c.other_id == other_id)).rowcount)

    def followed(self, user_id: int) -> list[tuple[int, str]]:
        """The accounts this one follows (id, name), by name."""
        return self._named(self._followed, user_id)

    def blocked(self, user_id: int) -> list[tuple[int, str]]:
        """The accounts this one blocks (id, name), by name."""
        return self._named(self._blocked, user_id)

    def _named(self, query: Any, user_id: int) -> list[tuple[int, str]]:
        with self.engine.connect() as c:
            return [(int(i), str(n)) for i, n in c.execute(query, {"uid": user_id}).all()]

    # --- moderators ---------------------------------------------------------------------------------------

    def is_moderator(self, user_id: int) -> bool:
        m = self.moderators.c
        with self.engine.connect() as c:
            return c.execute(select(m.user_id).where(m.user_id == user_id)).first() is not None

    def moderator_names(self) -> list[str]:
        u, m = self.users.c, self.moderators.c
        with self.engine.connect() as c:
            return sorted(c.execute(select(u.name).join(self.moderators, m.user_id == u.id)).scalars())

    def grant(self, user_id: int, name: str, actor: str, reason: str) -> bool:
        """Give the moderator role (False: held already; nothing changes or is logged)."""
        with self.engine.begin() as c:
            if c.execute(select(self.moderators.c.user_id).where(self.moderators.c.user_id == user_id)).first():
                return False
            c.execute(insert(self.moderators).values(user_id=user_id, granted=time.time(), granted_by=actor))
            self.admins._log(c, actor, "grant_moderator", name, reason)
            return True

    def revoke(self, user_id: int, name: str, actor: str, reason: str) -> bool:
        with self.engine.begin() as c:
            if not c.execute(delete(self.moderators).where(self.moderators.c.user_id == user_id)).rowcount:
                return False
            self.admins._log(c, actor, "revoke_moderator", name, reason)
            return True

    # --- mutes --------------------------------------------------------------------------------------------

    def muted_until(self, user_id: int, now: float) -> float | None:
        """Until when this account's chat is muted (None: it is not, or no longer)."""
        m = self.mutes.c
        with self.engine.connect() as c:
            until = c.execute(select(m.until).where(m.user_id == user_id, m.until > now)).scalar()
        return None if until is None else float(until)

    # --- reports ------------------------------------------------------------------------------------------

    def report(self, reporter_id: int, reporter: str, target_id: int, target: str, reason: str,
               context: dict[str, Any]) -> int:
        with self.engine.begin() as c:
            done = c.execute(insert(self.reports).values(
                reporter_id=reporter_id, reporter=reporter, target_id=target_id, target=target, reason=reason,
                context=context, created=time.time(), status="open")).inserted_primary_key
        assert done is not None
        return int(done[0])

    def open_reports_by(self, reporter_id: int, since: float) -> int:
        """How many reports this account has made since then (a limit against floods)."""
        r = self.reports.c
        with self.engine.connect() as c:
            return len(c.execute(select(r.id).where(r.reporter_id == reporter_id, r.created >= since)).all())

    def queue(self, status: str = "open", after: int | None = None, limit: int = QUEUE_PAGE) -> list[Report]:
        """The open reports, oldest first (the next to handle on top; ``after``: those after that number), or
        (``status`` "handled") the last ones handled, the latest first."""
        r = self.reports.c
        if status == "open":
            query = select(self.reports).where(r.status == "open").order_by(r.id).limit(limit)
            if after is not None:
                query = query.where(r.id > after)
        else:
            query = select(self.reports).where(r.status != "open").order_by(r.handled.desc(), r.id.desc()).limit(limit)
        with self.engine.connect() as c:
            return [self._report(row) for row in c.execute(query).all()]

    def get_report(self, report_id: int) -> Report | None:
        with self.engine.connect() as c:
            row = c.execute(select(self.reports).where(self.reports.c.id == report_id)).first()
        return None if row is None else self._report(row)

    @staticmethod
    def _report(row: Any) -> Report:
        return Report(int(row.id), row.reporter, row.target, int(row.target_id), row.reason, dict(row.context),
                      row.created, row.status, row.handled_by, row.outcome,
                      None if row.reporter_id is None else int(row.reporter_id))

    def reports_against(self, target_id: int) -> int:
        r = self.reports.c
        with self.engine.connect() as c:
            return len(c.execute(select(r.id).where(r.target_id == target_id)).all())

    def moderate(self, action: str, target_id: int, target: str, actor: str, reason: str,
                 report_id: int | None = None, until: float | None = None) -> bool:
        """A moderator's action, in one transaction: the mute (``action`` "mute", until ``until``; "unmute"
        lifts it), the report closed (its outcome) and the audit log's entry (a ban's is the admin store's
        ``ban``). False (nothing changed) if the report is not open any more."""
        status = {"dismiss": "dismissed", "warn": "warned", "mute": "muted", "ban": "banned"}.get(action)
        now = time.time()
        with self.engine.begin() as c:
            if report_id is not None:
                r = self.reports.c
                closed = c.execute(update(self.reports).where(r.id == report_id, r.status == "open").values(
                    status=status or "dismissed", handled_by=actor, handled=now, outcome=reason)).rowcount
                if not closed:
                    return False
            if action == "mute":
                assert until is not None
                c.execute(delete(self.mutes).where(self.mutes.c.user_id == target_id))
                c.execute(insert(self.mutes).values(user_id=target_id, until=until, muted_by=actor, reason=reason))
            elif action == "unmute":
                c.execute(delete(self.mutes).where(self.mutes.c.user_id == target_id))
            if action != "ban":  # a ban is logged by the admin store's ``ban``
                detail: dict[str, Any] = {}
                if report_id is not None:
                    detail["report"] = report_id
                if until is not None:
                    detail["until"] = until
                self.admins._log(c, actor, action, target, reason, detail or None)
            return True

    # --- notices ------------------------------------------------------------------------------------------

    def notice(self, user_id: int, kind: str, data: dict[str, Any]) -> int:
        with self.engine.begin() as c:
            return self._notice(c, user_id, kind, data)

    def _notice(self, c: Connection, user_id: int, kind: str, data: dict[str, Any]) -> int:
        n = self.notices.c
        done = c.execute(insert(self.notices).values(user_id=user_id, kind=kind, data=data, created=time.time(),
                                                     delivered=False)).inserted_primary_key
        assert done is not None
        old = c.execute(select(n.id).where(n.user_id == user_id).order_by(n.id.desc()).offset(MOST_NOTICES)).scalars()
        gone = [int(i) for i in old]
        if gone:
            c.execute(delete(self.notices).where(n.id.in_(gone)))
        return int(done[0])

    def pending(self, user_id: int) -> list[dict[str, Any]]:
        """The notices not yet delivered to this player, oldest first, marked delivered now."""
        n = self.notices.c
        with self.engine.begin() as c:
            rows = c.execute(select(self.notices).where(n.user_id == user_id, n.delivered == false())
                             .order_by(n.id)).all()
            if rows:
                c.execute(update(self.notices).where(n.id.in_([r.id for r in rows])).values(delivered=true()))
        return [{**dict(r.data), "id": int(r.id), "kind": r.kind, "created": r.created} for r in rows]

    def delivered(self, notice_id: int) -> None:
        with self.engine.begin() as c:
            c.execute(update(self.notices).where(self.notices.c.id == notice_id).values(delivered=true()))


_kept: weakref.WeakKeyDictionary[Store, SocialStore] = weakref.WeakKeyDictionary()


def social_store(store: Store) -> SocialStore:
    """The social tables of ``store`` (made once per store)."""
    found = _kept.get(store)
    if found is None:
        found = _kept[store] = SocialStore(store)
    return found
