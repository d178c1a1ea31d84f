"""The hall's figures for a monitor: Prometheus metrics, all named ``longhouse_…``, served at ``/metrics``.

Two kinds, chosen by what each costs on the move path:
- Counted as it happens: moves, the time from a move's receipt to its acknowledgement, group-commit batches
  (``Tally``: plain counts, see below), bot thinking and errors logged (``prometheus_client`` counter and
  histogram: rare events).
- Read when scraped (``HallCollector``): open sockets by kind, tables by status, the bots' queue, the
  refusals ``Limits`` counts anyway, and the tallies. Nothing is spent on them between two scrapes.

The speed trick: ``prometheus_client``'s ``Histogram.observe`` takes a lock per bucket and sum and walks the
buckets one by one; with the move counter that was 5–7 µs a move (``bench/metrics_cost.py``), about 2 % of a
move's 0.3 ms of CPU. Every move is counted on the event loop's one thread, and so is every scrape, so the
move path's figures need no lock: a ``Tally`` keeps a list of bucket counts (``bisect`` finds the bucket)
and a sum, and the collector hands them to ``prometheus_client`` as ``HistogramMetricFamily`` when scraped:
the same series, names and buckets as a ``Histogram`` would serve, for well under a microsecond a move.

Each hall has its own registry (tests run several halls in one process); ``prometheus_client``'s global
registry is not used.
"""

from __future__ import annotations

import logging
import time
from bisect import bisect_left
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from prometheus_client import CollectorRegistry, Counter, Histogram, disable_created_metrics, generate_latest
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, HistogramMetricFamily, Metric
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


class Tally:
    """A histogram counted on the event loop's thread only (no lock): the count of each bucket (the last one
    is ``+Inf``) and the sum, served by ``HallCollector`` as a Prometheus histogram."""

    __slots__ = ("bounds", "counts", "total")

    def __init__(self, bounds: tuple[float, ...]) -> None:
        self.bounds = bounds
        self.counts = [0] * (len(bounds) + 1)
        self.total = 0.0

    def observe(self, value: float) -> None:
        self.counts[bisect_left(self.bounds, value)] += 1  # the first bucket whose bound is >= value ("le")
        self.total += value

    def add_to(self, family: HistogramMetricFamily, labels: list[str]) -> None:
        cumulative, buckets = 0, []
        for bound, count in zip((*map(float_text, self.bounds), "+Inf"), self.counts, strict=True):
            cumulative += count
            buckets.append((bound, cumulative))
        family.add_metric(labels, buckets, self.total)


def float_text(bound: float) -> str:
    """A bucket bound as ``prometheus_client`` writes it (``0.5``, ``1.0``, ``16.0``)."""
    return repr(float(bound))


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
        m = self.metrics
        moves = CounterMetricFamily("longhouse_moves", "Moves acknowledged (stored), by game", labels=["game"])
        for game, count in sorted(m.moves.items()):
            moves.add_metric([game], count)
        yield moves
        latency = HistogramMetricFamily("longhouse_move_latency_seconds",
                                        "Seconds from a move's receipt to its acknowledgement", labels=["game"])
        for game, tally in sorted(m.latency.items()):
            tally.add_to(latency, [game])
        yield latency
        for name, doc, tally in (("longhouse_commit_batch_moves", "Moves stored in one group commit", m.batch_size),
                                 ("longhouse_commit_seconds", "Seconds one group commit takes", m.batch_seconds)):
            family = HistogramMetricFamily(name, doc, labels=[])
            tally.add_to(family, [])
            yield family


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
        #: Moves by game, and the receipt-to-acknowledgement tally by game (``Tally``: counted without a lock).
        self.moves: dict[str, int] = {}
        self.latency: dict[str, Tally] = {}
        self.batch_size = Tally(BATCH_BUCKETS)
        self.batch_seconds = Tally(COMMIT_BUCKETS)
        self.think_seconds = Histogram("longhouse_bot_think_seconds",
                                       "Seconds a bot move takes in the worker pool, waiting included",
                                       buckets=THINK_BUCKETS, registry=r)
        self.errors = Counter("longhouse_errors", "Errors logged, by the part of the hall that logged them",
                              ["kind"], registry=r)
        self.error_handler = ErrorCounter(self.errors)
        r.register(HallCollector(self))

    def move(self, game: str, received: float | None) -> None:
        """A move of ``game`` is acknowledged now; one from a client was received at ``received``
        (``time.perf_counter()``), a bot's has None. On the event loop's thread only (``Tally``)."""
        moves = self.moves
        if game in moves:
            moves[game] += 1
        else:
            moves[game] = 1
            self.latency[game] = Tally(LATENCY_BUCKETS)
        if received is not None:
            self.latency[game].observe(time.perf_counter() - received)

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
