"""The hall's figures for a monitor: Prometheus metrics, all named ``longhouse_…``, served at ``/metrics``.

Two kinds, chosen by what each costs on the move path:
- Counted as it happens (``prometheus_client`` counters and histograms, the label children looked up once
  per game): moves, the time from a move's receipt to its acknowledgement, group-commit batches, bot
  thinking, errors logged. Each costs the hot path one or two ``inc``/``observe`` calls (about a
  microsecond each, a fraction of a percent of a move's 0.2 ms).
- Read when scraped (``HallCollector``): open sockets by kind, tables by status, the bots' queue, the
  refusals ``Limits`` counts anyway. Nothing is spent on them between two scrapes.

Each hall has its own registry (tests run several halls in one process); ``prometheus_client``'s global
registry is not used.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram, disable_created_metrics, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

#: Seconds from a move's receipt to its acknowledgement: most take a few milliseconds; a slow disk or an
#: overloaded event loop shows in the upper buckets.
LATENCY_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
#: Moves stored in one group commit (``commits.py``).
BATCH_BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512)
#: Seconds one group commit takes (the INSERT and the COMMIT).
COMMIT_BUCKETS = (0.0002, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)
#: Seconds a bot thinks (its worker's answer, queueing included).
THINK_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0)

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"

# The ``…_created`` series (each metric's creation time) say nothing a scraper needs: not served.
disable_created_metrics()


class Receipt:
    """When the client message being handled now arrived (``time.perf_counter()``), or None while none is:
    the event loop handles one message at a time, from its receipt (``conn.reader``) to its move's hand-off
    to the group commit (``commits.GroupCommit.add``), which keeps the time to measure the acknowledgement
    against. A bot's move has none."""

    __slots__ = ("at",)

    def __init__(self) -> None:
        self.at: float | None = None


RECEIPT = Receipt()


@dataclass
class Readings:
    """What the collector reads from the hall when scraped; the hall gives functions that count."""

    sockets: Callable[[], dict[str, int]] = dict
    tables: Callable[[], dict[str, int]] = dict
    bot_queue: Callable[[], int] = lambda: 0
    refusals: Callable[[], dict[str, int]] = dict


class HallCollector(Collector):
    """The figures read when scraped, from ``metrics.readings`` as it is then."""

    def __init__(self, metrics: HallMetrics) -> None:
        self.metrics = metrics

    def collect(self) -> Iterator[Metric]:
        readings = self.metrics.readings
        sockets = GaugeMetricFamily("longhouse_sockets", "Open websockets by kind (lobby, table, proxied)",
                                    labels=["kind"])
        for kind, count in sorted(readings.sockets().items()):
            sockets.add_metric([kind], count)
        yield sockets
        tables = GaugeMetricFamily("longhouse_tables", "Tables this process holds, by status", labels=["status"])
        for status, count in sorted(readings.tables().items()):
            tables.add_metric([status], count)
        yield tables
        yield GaugeMetricFamily("longhouse_bot_queue", "Bot moves, hints and analyses handed to the workers and "
                                "not yet answered", value=readings.bot_queue())
        # a total that ``Limits`` keeps anyway, exposed as the counter ``longhouse_refusals_total``
        refusals = CounterMetricFamily("longhouse_refusals", "Requests and messages refused by a limit, since start",
                                       labels=["limit"])
        for limit, count in sorted(readings.refusals().items()):
            refusals.add_metric([limit], count)
        yield refusals


class ErrorCounter(logging.Handler):
    """Counts the log records at ERROR or above, by the logger's last name (``longhouse.commits`` →
    ``commits``): every error the hall logs is one in ``longhouse_errors_total``."""

    def __init__(self, counter: Counter) -> None:
        super().__init__(level=logging.ERROR)
        self.counter = counter

    def emit(self, record: logging.LogRecord) -> None:
        kind = record.name.rsplit(".", 1)[-1] if record.name.startswith("longhouse") else "other"
        self.counter.labels(kind).inc()


@dataclass
class HallMetrics:
    """One hall's metrics. ``move(game, received)`` on every acknowledged move, ``batch(n, seconds)`` on
    every group commit, ``thought(seconds)`` when a bot's answer comes back."""

    registry: CollectorRegistry = field(default_factory=lambda: CollectorRegistry(auto_describe=True))
    readings: Readings = field(default_factory=Readings)

    def __post_init__(self) -> None:
        r = self.registry
        self.moves = Counter("longhouse_moves", "Moves acknowledged (stored), by game", ["game"], registry=r)
        self.latency = Histogram("longhouse_move_latency_seconds",
                                 "Seconds from a move's receipt to its acknowledgement", ["game"],
                                 buckets=LATENCY_BUCKETS, registry=r)
        self.batch_size = Histogram("longhouse_commit_batch_moves", "Moves stored in one group commit",
                                    buckets=BATCH_BUCKETS, registry=r)
        self.batch_seconds = Histogram("longhouse_commit_seconds", "Seconds one group commit takes",
                                       buckets=COMMIT_BUCKETS, registry=r)
        self.think_seconds = Histogram("longhouse_bot_think_seconds",
                                       "Seconds a bot move takes in the worker pool, waiting included",
                                       buckets=THINK_BUCKETS, registry=r)
        self.errors = Counter("longhouse_errors", "Errors logged, by the part of the hall that logged them",
                              ["kind"], registry=r)
        self.error_handler = ErrorCounter(self.errors)
        r.register(HallCollector(self))
        self._by_game: dict[str, tuple[Any, Any]] = {}

    def move(self, game: str, received: float | None) -> None:
        """A move of ``game`` is acknowledged now; one from a client was received at ``received``
        (``time.perf_counter()``), a bot's has None."""
        children = self._by_game.get(game)
        if children is None:
            children = self._by_game[game] = (self.moves.labels(game), self.latency.labels(game))
        children[0].inc()
        if received is not None:
            children[1].observe(time.perf_counter() - received)

    def batch(self, moves: int, seconds: float) -> None:
        self.batch_size.observe(moves)
        self.batch_seconds.observe(seconds)

    def thought(self, seconds: float) -> None:
        self.think_seconds.observe(seconds)

    def attach_logging(self) -> None:
        """Count the errors the ``longhouse`` loggers log (undone by ``detach_logging``)."""
        logging.getLogger("longhouse").addHandler(self.error_handler)

    def detach_logging(self) -> None:
        logging.getLogger("longhouse").removeHandler(self.error_handler)

    def exposition(self) -> bytes:
        """The Prometheus text format of every metric."""
        return generate_latest(self.registry)

    def values(self) -> dict[str, float]:
        """Every sample by its name and labels (``longhouse_moves_total{game="manitou"}``), for the admin page
        and tests: the same numbers ``/metrics`` shows."""
        out: dict[str, float] = {}
        for metric in self.registry.collect():
            for sample in metric.samples:
                labels = ",".join(f'{k}="{v}"' for k, v in sorted(sample.labels.items()))
                out[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
        return out


class UncountedMetrics(HallMetrics):
    """``--no-metrics``: the registry and what is read when scraped, but nothing counted as it happens."""

    def move(self, game: str, received: float | None) -> None:
        pass

    def batch(self, moves: int, seconds: float) -> None:
        pass

    def thought(self, seconds: float) -> None:
        pass
