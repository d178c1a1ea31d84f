"""The hall's settings: timings, limits and the several-process options, with their defaults.

``create_app`` takes one ``Settings``; ``longhouse serve`` fills it from its command line. Every limit is
described in docs/hall.md ("Limits").
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    #: Seconds a bot waits before it moves, so people can follow (a quarter of it in a simultaneous phase).
    bot_delay: float = 0.6
    #: Messages one websocket may send per second; more are dropped with one warning (0: no limit).
    max_rate: int = 50
    #: Several processes: the Redis URL (None: a single process), its key prefix, and the lease in seconds.
    redis_url: str | None = None
    redis_prefix: str = "longhouse:"
    redis_lease: float = 15
