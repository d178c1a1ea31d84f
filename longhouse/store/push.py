"""The store's part for Web Push: the hall's VAPID key and each device's push subscription.

Two tables beside the store's core ones (same engine, same name prefix; ``push_tables.py`` puts them in the
store's model, revision ``0004`` makes them):

- ``push_keys``: the hall's one VAPID key pair, made once (its private half as the raw 32-byte scalar,
  base64url), so that every process of a hall and every restart signs with the same key. An operator may give
  a key instead (``--vapid-key FILE``); then this row is not used.
- ``push_subscriptions``: one row per device (a browser profile's push endpoint, unique): the account it
  notifies, the endpoint and the browser's keys (``p256dh``, its P-256 public key, and ``auth``, its secret;
  both needed to encrypt a notice for it), the VAPID public key it was made for, the events it wants, when it
  was made and last delivered to, and how many deliveries in a row failed. It goes with the account
  (``ON DELETE CASCADE``). An endpoint that subscribes again under another account moves to that account: a
  device notifies whoever subscribed on it last.

The endpoint and ``auth`` are secrets of the device (whoever holds both can push to it): they are never logged
and never sent to a page, which knows its own subscription anyway.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Row
from sqlalchemy.exc import IntegrityError

from longhouse.store.db import Store

#: Devices one account may have subscribed at once; a new one beyond this replaces the one made first.
DEVICES_MOST = 10


@dataclass(frozen=True)
class Subscription:
    """One device's subscription."""

    id: int
    user_id: int
    endpoint: str
    p256dh: str
    auth: str
    server_key: str
    events: tuple[str, ...]
    created: float
    sent: float | None
    failures: int

    def info(self) -> dict[str, object]:
        """The subscription as a browser's ``PushSubscription.toJSON()`` has it (what pywebpush takes)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class PushStore:
    """The push tables of one store. Every change commits before returning."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine
        tables = store.metadata.tables
        self.keys = tables[f"{store.prefix}push_keys"]
        self.subs = tables[f"{store.prefix}push_subscriptions"]

    # --- the VAPID key ---------------------------------------------------------------------------

    def vapid_key(self, make: Callable[[], str]) -> str:
        """The hall's stored private VAPID key; the first call stores ``make()``'s (a callable giving a new key),
        and of several processes starting at once, the first to store its key wins and all use that one."""
        with self.engine.connect() as c:
            found = c.execute(select(self.keys.c.private_key).where(self.keys.c.id == 1)).scalar()
        if found is not None:
            return str(found)
        try:
            with self.engine.begin() as c:
                c.execute(insert(self.keys).values(id=1, private_key=make(), created=time.time()))
        except IntegrityError:
            pass  # another process stored one first
        with self.engine.connect() as c:
            return str(c.execute(select(self.keys.c.private_key).where(self.keys.c.id == 1)).scalar_one())

    # --- subscriptions ---------------------------------------------------------------------------

    def subscribe(self, user_id: int, endpoint: str, p256dh: str, auth: str, server_key: str,
                  events: tuple[str, ...], most: int = DEVICES_MOST) -> Subscription:
        """Keep (or renew) a device's subscription for ``user_id``; beyond ``most`` devices, the account's
        oldest one is dropped."""
        s = self.subs.c
        values = {"user_id": user_id, "p256dh": p256dh, "auth": auth, "server_key": server_key,
                  "events": list(events), "failures": 0}
        with self.engine.begin() as c:
            done = c.execute(update(self.subs).where(s.endpoint == endpoint).values(**values)).rowcount
            if not done:
                c.execute(insert(self.subs).values(endpoint=endpoint, created=time.time(), **values))
            ids = c.execute(select(s.id).where(s.user_id == user_id).order_by(s.created.desc(), s.id.desc())).scalars()
            extra = list(ids)[most:]
            if extra:
                c.execute(delete(self.subs).where(s.id.in_(extra)))
        found = self.find(user_id, endpoint)
        assert found is not None
        return found

    def find(self, user_id: int, endpoint: str) -> Subscription | None:
        """``user_id``'s subscription of this endpoint, if it has one."""
        s = self.subs.c
        with self.engine.connect() as c:
            row = c.execute(select(self.subs).where(s.user_id == user_id, s.endpoint == endpoint)).first()
        return None if row is None else _subscription(row)

    def unsubscribe(self, user_id: int, endpoint: str) -> bool:
        """Drop ``user_id``'s subscription of this endpoint; whether there was one."""
        s = self.subs.c
        with self.engine.begin() as c:
            return bool(c.execute(delete(self.subs).where(s.user_id == user_id, s.endpoint == endpoint)).rowcount)

    def of_user(self, user_id: int) -> list[Subscription]:
        """Every device ``user_id`` subscribed, oldest first."""
        s = self.subs.c
        with self.engine.connect() as c:
            rows = c.execute(select(self.subs).where(s.user_id == user_id).order_by(s.created, s.id)).all()
        return [_subscription(r) for r in rows]

    def drop(self, sub_id: int) -> None:
        """Forget a subscription the push service says is gone."""
        with self.engine.begin() as c:
            c.execute(delete(self.subs).where(self.subs.c.id == sub_id))

    def delivered(self, sub_id: int) -> None:
        with self.engine.begin() as c:
            c.execute(update(self.subs).where(self.subs.c.id == sub_id).values(sent=time.time(), failures=0))

    def failed(self, sub_id: int, most: int) -> bool:
        """Count a failed delivery; once ``most`` failed in a row the subscription is dropped (True)."""
        s = self.subs.c
        with self.engine.begin() as c:
            c.execute(update(self.subs).where(s.id == sub_id).values(failures=s.failures + 1))
            failures = c.execute(select(s.failures).where(s.id == sub_id)).scalar()
            if failures is not None and failures >= most:
                c.execute(delete(self.subs).where(s.id == sub_id))
                return True
        return False


def _subscription(row: Row[Any]) -> Subscription:
    r = row._mapping
    return Subscription(id=r["id"], user_id=r["user_id"], endpoint=r["endpoint"], p256dh=r["p256dh"], auth=r["auth"],
                        server_key=r["server_key"], events=tuple(r["events"]), created=r["created"], sent=r["sent"],
                        failures=r["failures"])


_STORES: weakref.WeakKeyDictionary[Store, PushStore] = weakref.WeakKeyDictionary()


def push_store(store: Store) -> PushStore:
    """The one ``PushStore`` of ``store``."""
    found = _STORES.get(store)
    if found is None:
        found = _STORES[store] = PushStore(store)
    return found
