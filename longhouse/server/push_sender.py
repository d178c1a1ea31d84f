"""Sending Web Push in the background: a few worker threads post each push (``webpush.deliver``), try again
later what a push service could not take, and drop the subscriptions it says are gone.

Nothing waits for it: ``send`` only queues. A push service that answers 429 or 5xx, or does not answer, is
tried again after ``Retry-After`` (at most ``WAIT_MOST`` seconds) or a back-off of 30 s, 2 min, 8 min, at
most ``TRIES`` times in all; then the push is given up. A 404 or 410 drops the subscription at once; any
other refusal counts, and ``FAILURES_MOST`` in a row (with no delivery between) drop it too. What waits here
is kept in memory only: a push is a nudge with a day's TTL, not a record (the mails' outbox keeps theirs), so
pushes still waiting at a restart are lost, and ``stop`` says how many.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import requests

from longhouse.server.webpush import Delivery, Outcome, VapidKey, deliver, endpoint_refusal, host_of
from longhouse.store.push import PushStore, Subscription

log = logging.getLogger("longhouse.push")

#: Tries of one push in all, the back-off before the second, third… (seconds), and the longest wait believed.
TRIES = 4
BACKOFF = (30.0, 120.0, 480.0)
WAIT_MOST = 900.0
#: Refusals in a row (not 404/410, not worth a retry) that drop a subscription.
FAILURES_MOST = 10
#: Pushes waiting at once; more are dropped (and counted) rather than let memory grow without end.
WAITING_MOST = 10_000
WORKERS = 4


@dataclass(order=True)
class _Job:
    due: float
    order: int
    sub: Subscription = field(compare=False)
    notice: dict[str, Any] = field(compare=False)
    topic: str | None = field(compare=False)
    tries: int = field(default=0, compare=False)


class PushSender:
    """Posts pushes for one hall. ``deliver_one`` is ``webpush.deliver`` (a test may count calls through it)."""

    def __init__(self, store: PushStore, key: VapidKey, ttl: int, hosts: tuple[str, ...], workers: int = WORKERS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.hosts = hosts
        self.key = key
        self.ttl = ttl
        self.clock = clock
        self.deliver_one: Callable[..., Delivery] = deliver
        self._jobs: list[_Job] = []
        self._order = itertools.count()
        self._cond = threading.Condition()
        self._busy = 0
        self._stopped = False
        self._workers = workers
        self._threads: list[threading.Thread] = []
        self._local = threading.local()
        #: what became of the pushes so far, by outcome (``sent``, ``gone``, ``retry``, ``failed``,
        #: ``given_up``, ``dropped``: no room to wait)
        self.counts: dict[str, int] = {}

    def send(self, sub: Subscription, notice: dict[str, Any], topic: str | None = None) -> bool:
        """Queue one push of ``notice`` to ``sub``'s device; False if too many wait already (it is dropped)."""
        with self._cond:
            if self._stopped:
                return False
            if len(self._jobs) >= WAITING_MOST:
                self._count("dropped")
                return False
            heapq.heappush(self._jobs, _Job(self.clock(), next(self._order), sub, notice, topic))
            if len(self._threads) < self._workers:
                thread = threading.Thread(target=self._work, name=f"push-{len(self._threads)}", daemon=True)
                self._threads.append(thread)
                thread.start()
            self._cond.notify()
        return True

    def idle(self) -> bool:
        """Nothing due now and nothing being sent (pushes waiting for a later try do not count)."""
        with self._cond:
            return self._busy == 0 and not (self._jobs and self._jobs[0].due <= self.clock())

    def waiting(self) -> int:
        with self._cond:
            return len(self._jobs) + self._busy

    def stop(self, timeout: float = 2.0) -> None:
        """Let the pushes being sent finish (``timeout`` seconds in all, at most), give up the rest."""
        with self._cond:
            self._stopped = True
            left = len(self._jobs)
            self._jobs.clear()
            self._cond.notify_all()
        deadline = time.monotonic() + timeout
        for thread in self._threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        if left:
            log.info("%d pushes waiting for a later try were given up at shutdown", left)

    def _count(self, what: str) -> None:
        with self._cond:  # (a re-entrant lock: ``send`` holds it already)
            self.counts[what] = self.counts.get(what, 0) + 1

    def _session(self) -> requests.Session:
        session = getattr(self._local, "session", None)
        if session is None:
            session = self._local.session = requests.Session()
        return session

    def _work(self) -> None:
        while True:
            with self._cond:
                while not self._stopped and (not self._jobs or self._jobs[0].due > self.clock()):
                    self._cond.wait(None if not self._jobs else max(0.0, self._jobs[0].due - self.clock()))
                if self._stopped:
                    return
                job = heapq.heappop(self._jobs)
                self._busy += 1
            try:
                self._send(job)
            except Exception:  # the store went away at shutdown, or a bug: log it, keep the worker
                log.exception("a push to %s failed", host_of(job.sub.endpoint))
            finally:
                with self._cond:
                    self._busy -= 1
                    self._cond.notify_all()

    def _send(self, job: _Job) -> None:
        sub = job.sub
        if sub.server_key != self.key.public or endpoint_refusal(sub.endpoint, self.hosts) is not None:
            # made for a key this hall no longer signs with, or for a push service it no longer sends to
            self.store.drop(sub.id)
            self._count("gone")
            return
        job.tries += 1
        done = self.deliver_one(sub, job.notice, self.key, ttl=self.ttl, topic=job.topic, session=self._session())
        self._count(done.outcome.value)
        if done.outcome is Outcome.SENT:
            self.store.delivered(sub.id)
        elif done.outcome is Outcome.GONE:
            self.store.drop(sub.id)
            log.info("a push subscription at %s is gone (%s): dropped", host_of(sub.endpoint), done.status)
        elif done.outcome is Outcome.FAILED:
            if self.store.failed(sub.id, FAILURES_MOST):
                log.info("a push subscription at %s refused %d pushes in a row: dropped", host_of(sub.endpoint),
                         FAILURES_MOST)
        elif job.tries >= TRIES:
            self._count("given_up")
        else:
            wait = done.retry_after if done.retry_after is not None else BACKOFF[min(job.tries, len(BACKOFF)) - 1]
            job.due = self.clock() + min(wait, WAIT_MOST)
            with self._cond:
                if not self._stopped:
                    heapq.heappush(self._jobs, job)
                    self._cond.notify()
