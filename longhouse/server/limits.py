"""What one person or one network address may do at once, and how often: the hall's abuse limits.

Every limit is a ``Settings`` field (documented in docs/hall.md). Rates are token buckets: ``burst`` at
once, refilled at ``rate`` a second. The clock is injectable so that tests move time by hand.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from longhouse.i18n import Msg, _
from longhouse.server.settings import Settings

#: Idle buckets are forgotten once this many are kept (a full bucket is the same as a new one).
PRUNE_AT = 10_000


@dataclass
class Bucket:
    tokens: float
    stamp: float


class Buckets:
    """One token bucket per key (a person, an address)."""

    def __init__(self, burst: float, rate: float, clock: Callable[[], float]) -> None:
        self.burst = burst
        self.rate = rate
        self.clock = clock
        self.buckets: dict[Hashable, Bucket] = {}

    def take(self, key: Hashable) -> bool:
        """Spend one token of ``key``'s bucket; False (nothing spent) if it is empty. No limit if burst is 0."""
        if not self.burst:
            return True
        now = self.clock()
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= PRUNE_AT:
                self._prune(now)
            bucket = self.buckets[key] = Bucket(self.burst, now)
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.stamp) * self.rate)
        bucket.stamp = now
        if bucket.tokens < 1:
            return False
        bucket.tokens -= 1
        return True

    def _prune(self, now: float) -> None:
        for key, b in list(self.buckets.items()):
            if b.tokens + (now - b.stamp) * self.rate >= self.burst:
                del self.buckets[key]


class Limits:
    """The hall's counters: open sockets, message and chat rates, new accounts, failed sign-ins."""

    def __init__(self, settings: Settings, clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self.clock = clock
        self.sockets_by_person: Counter[int] = Counter()
        self.sockets_by_address: Counter[str] = Counter()
        self.messages = Buckets(settings.person_rate, settings.person_rate, self.now)
        self.chat = Buckets(settings.chat_burst, settings.chat_rate, self.now)
        self.accounts = Buckets(settings.account_burst, settings.account_rate, self.now)
        self.analyses = Buckets(settings.analysis_burst, settings.analysis_rate, self.now)
        self.failures: dict[tuple[str, str], tuple[int, float]] = {}  # (name, address) -> (count, last)
        #: Refusals since start, by the limit that refused (``longhouse_refusals_total`` in /metrics).
        self.refused: Counter[str] = Counter()

    def now(self) -> float:
        return self.clock()

    # --- sockets ----------------------------------------------------------------------------------

    def open_socket(self, user_id: int, address: str) -> Msg | None:
        """Count a new websocket, or say why it is refused (nothing counted then)."""
        s = self.settings
        if s.sockets_per_person and self.sockets_by_person[user_id] >= s.sockets_per_person:
            self.refused["sockets_per_person"] += 1
            return _("too many connections: at most {n} open at once per person", n=s.sockets_per_person)
        if s.sockets_per_address and self.sockets_by_address[address] >= s.sockets_per_address:
            self.refused["sockets_per_address"] += 1
            return _("too many connections from your address: at most {n}", n=s.sockets_per_address)
        self.sockets_by_person[user_id] += 1
        self.sockets_by_address[address] += 1
        return None

    def close_socket(self, user_id: int, address: str) -> None:
        self.sockets_by_person[user_id] -= 1
        if self.sockets_by_person[user_id] <= 0:
            del self.sockets_by_person[user_id]
        self.sockets_by_address[address] -= 1
        if self.sockets_by_address[address] <= 0:
            del self.sockets_by_address[address]

    # --- rates ------------------------------------------------------------------------------------

    def message(self, user_id: int) -> bool:
        """One message from a person (over any of their sockets); False when they send too fast."""
        return self._counted(self.messages.take(user_id), "person_rate")

    def chat_line(self, user_id: int) -> bool:
        return self._counted(self.chat.take(user_id), "chat_rate")

    def new_account(self, address: str) -> bool:
        return self._counted(self.accounts.take(address), "account_rate")

    def analysis(self, address: str) -> bool:
        """One finished game's analysis to compute for this address (a kept one is not counted)."""
        return self._counted(self.analyses.take(address), "analysis_rate")

    def _counted(self, allowed: bool, limit: str) -> bool:
        if not allowed:
            self.refused[limit] += 1
        return allowed

    # --- sign-in lockout --------------------------------------------------------------------------

    def locked(self, name: str, address: str) -> bool:
        s = self.settings
        key = (name.casefold(), address)
        count, last = self.failures.get(key, (0, 0.0))
        if count < s.signin_failures:
            return False
        if self.now() - last >= s.signin_lockout:
            del self.failures[key]
            return False
        self.refused["signin_failures"] += 1
        return True

    def signin_failed(self, name: str, address: str) -> None:
        key = (name.casefold(), address)
        if len(self.failures) >= PRUNE_AT:
            cutoff = self.now() - self.settings.signin_lockout
            self.failures = {k: v for k, v in self.failures.items() if v[1] > cutoff}
        count, _ = self.failures.get(key, (0, 0.0))
        self.failures[key] = (count + 1, self.now())

    def signin_ok(self, name: str, address: str) -> None:
        self.failures.pop((name.casefold(), address), None)
