"""The hall's settings: timings, limits and the several-process options, with their defaults.

``create_app`` takes one ``Settings``; ``longhouse serve`` fills it from its command line. Every limit is
described in docs/hall.md ("Limits"); a limit of 0 means none.
"""

from __future__ import annotations

from dataclasses import dataclass

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")


@dataclass(frozen=True)
class Settings:
    #: Seconds a bot waits before it moves, so people can follow (a quarter of it in a simultaneous phase).
    bot_delay: float = 0.6
    #: Messages one websocket may send per second; more are dropped with one warning.
    max_rate: int = 50
    #: Messages one person may send per second over all their websockets together.
    person_rate: int = 60
    #: Chat lines one person may say: this many at once, refilled at ``chat_rate`` lines a second.
    chat_burst: int = 5
    chat_rate: float = 1.0
    #: Open websockets one person, and one network address, may hold at a time.
    sockets_per_person: int = 12
    sockets_per_address: int = 200
    #: Open HTTP/websocket connections one address may hold at the transport (half-sent requests included),
    #: seconds a connection may take to send a request's headers, and connections in all.
    connections_per_address: int = 256
    header_timeout: float = 10.0
    limit_concurrency: int = 4000
    #: Waiting or running tables one person may have created and not yet finished.
    tables_per_person: int = 4
    #: Largest request body read, in bytes (it is read in pieces and refused as soon as it is longer).
    max_body: int = 4096
    #: New accounts (guests and sign-ups) per address: this many at once, refilled at ``account_rate`` a second.
    account_burst: int = 20
    account_rate: float = 0.2
    #: Failed sign-ins before a name is locked for this address, and for how many seconds.
    signin_failures: int = 5
    signin_lockout: float = 300.0
    #: Seconds a session lasts from sign-in (the cookie's age and the server's own check).
    session_age: float = 30 * 24 * 3600
    #: Send the session cookie only over HTTPS (set it behind TLS).
    secure_cookies: bool = False
    #: Host names the hall answers to (a DNS-rebinding guard); "*" allows any.
    allowed_hosts: tuple[str, ...] = LOCAL_HOSTS
    #: Seconds a seated player must have been away before another seated player may hand their seat to a bot.
    away_grace: float = 60.0
    #: Seconds the lobby gathers table changes before it sends them (as one delta).
    lobby_interval: float = 0.25
    #: Bytes a client may leave unread before it is dropped.
    max_backlog: int = 2 * 1024 * 1024
    #: Finished games whose replay is kept in memory.
    replay_cache: int = 64
    #: Several processes: the Redis URL (None: a single process), its key prefix, and the lease in seconds.
    redis_url: str | None = None
    redis_prefix: str = "longhouse:"
    redis_lease: float = 15
