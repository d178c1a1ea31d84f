"""The hall's settings: timings, limits and the several-process options, with their defaults.

``create_app`` takes one ``Settings``; ``longhouse serve`` offers every field as an option of its own
(``--person-rate 30``, ``--allowed-host example.org``; see ``add_arguments``). Every limit is described in
docs/hall.md ("Limits"); a limit of 0 means none.
"""

from __future__ import annotations

import argparse
import ipaddress
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")
#: The browsers' push services (Chrome and most others: FCM; Firefox; Safari; Edge: WNS), see webpush.py.
PUSH_HOSTS = ("fcm.googleapis.com", "updates.push.services.mozilla.com", "web.push.apple.com", "notify.windows.com")


def _s(default: Any, text: str) -> Any:
    return field(default=default, metadata={"help": text})


@dataclass(frozen=True)
class Settings:
    bot_delay: float = _s(0.6, "seconds a bot waits before it moves, so people can follow "
                               "(a quarter of it in a simultaneous phase)")
    max_rate: int = _s(50, "messages one websocket may send per second; more are dropped with one warning")
    person_rate: int = _s(60, "messages one person may send per second over all their websockets together")
    chat_burst: int = _s(5, "chat lines one person may say at once (refilled at --chat-rate a second)")
    chat_rate: float = _s(1.0, "chat lines a second that refill a person's allowance")
    sockets_per_person: int = _s(12, "open websockets one person may hold at a time")
    sockets_per_address: int = _s(200, "open websockets one network address may hold at a time")
    connections_per_address: int = _s(256, "open connections (half-sent requests included) one address may hold")
    header_timeout: float = _s(10.0, "seconds a whole request may take to arrive (headers and body)")
    limit_concurrency: int = _s(4000, "connections in all before the server answers 503")
    tables_per_person: int = _s(4, "waiting or running tables one person may have created and not finished")
    max_body: int = _s(4096, "largest request body in bytes (read in pieces, refused as soon as it is longer)")
    account_burst: int = _s(20, "new accounts (guests, sign-ups) one address may make at once")
    account_rate: float = _s(0.2, "new accounts a second that refill an address's allowance")
    signin_failures: int = _s(5, "failed sign-ins that lock a name for the address that tried")
    signin_lockout: float = _s(300.0, "seconds such a lock lasts")
    session_age: float = _s(30 * 24 * 3600.0, "seconds a session lasts from sign-in (cookie and server)")
    guest_age: float = _s(7 * 24 * 3600.0, "seconds a guest may go unseen (no sign-in, no websocket) before the "
                                           "account is removed and its name can be given again (0: never)")
    session_check: float = _s(60.0, "seconds between two looks at the sessions of open websockets: a socket whose "
                                    "session expired or was ended in another process is closed")
    secure_cookies: bool = _s(False, "send the session cookie only over HTTPS (behind TLS)")
    allowed_hosts: tuple[str, ...] = _s(LOCAL_HOSTS, "host names the hall answers to, a DNS-rebinding guard "
                                                     "(repeat the option; '*' allows any)")
    trusted_proxies: tuple[str, ...] = _s((), "addresses (or CIDR networks) of the reverse proxies whose "
                                              "X-Forwarded-For and X-Forwarded-Proto are believed (repeat the "
                                              "option); from anyone else they are ignored")
    away_grace: float = _s(60.0, "seconds a seated player must have been away before another seated player "
                                 "may hand their seat to a bot")
    stall_grace: float = _s(600.0, "seconds an untimed game may wait for one person's move before another seated "
                                   "player may hand their seat to a bot, though they are connected (0: never)")
    vacation_days: int = _s(21, "vacation days a year each registered account may take for its turn-based games "
                                "(its clocks stand still, no bot takes its seat; 0: none)")
    lobby_interval: float = _s(0.25, "seconds the lobby (and a table's watcher list) gathers changes before "
                                     "sending them as one update")
    max_backlog: int = _s(2 * 1024 * 1024, "characters a client may leave unread before it is dropped")
    replay_cache: int = _s(64, "finished games whose replay is kept in memory")
    analysis_cache: int = _s(256, "finished games whose analysis is kept in memory (each computed once)")
    analysis_burst: int = _s(5, "finished games' analyses one address may have computed at once")
    analysis_rate: float = _s(0.05, "analyses a second that refill an address's allowance")
    gc_freeze: bool = _s(False, "after start-up, move the long-lived heap out of the garbage collector's sight and "
                                "collect the oldest generation rarely (shorter pauses; longhouse serve sets it)")
    gc_interval: float = _s(600.0, "seconds between two full garbage collections once the heap is frozen "
                                   "(--gc-freeze), which free what reference cycles hold (0: none)")
    redis_url: str | None = _s(None, "run as one of several hall processes sharing --database (PostgreSQL), "
                                     "with Redis pub/sub between them, e.g. redis://127.0.0.1:6379/0")
    redis_prefix: str = _s("longhouse:", "prefix of the Redis keys and channels")
    redis_lease: float = _s(15.0, "seconds a process's claim on a table lasts without renewal")
    no_metrics: bool = _s(False, "count nothing for /metrics as it happens (moves, latency, commits, bots), to "
                                 "measure what counting costs; what is read when scraped is still served")
    metrics_token: str | None = _s(None, "a token that lets a scraper read /metrics from anywhere "
                                         "(Authorization: Bearer TOKEN); without it, only from this machine")
    tournaments_by: str = _s("players", "who may create tournaments: players (any registered account) or admins "
                                        "(only the hall's admins)")
    smtp_url: str | None = _s(None, "send mail (address confirmations, password resets, turn notices) through "
                                    "this SMTP server: smtp://[user[:password]@]host[:port] (STARTTLS when the "
                                    "server offers it; smtp+starttls:// insists on it) or smtps:// (TLS from "
                                    "the start); a password may come from $LONGHOUSE_SMTP_PASSWORD instead")
    mail_from: str | None = _s(None, "the sender of the hall's mails, e.g. 'Longhouse <hall@example.org>' "
                                     "(needed with --smtp)")
    public_url: str | None = _s(None, "the hall's address as players reach it, e.g. https://hall.example.org, for "
                                      "the links in mails (needed with --smtp)")
    vapid_key_file: str | None = _s(None, "the VAPID private key for Web Push (a PEM file, as `vapid --gen` "
                                          "writes it); without it the hall makes one once and keeps it in the store")
    push_contact: str | None = _s(None, "the operator's contact that push services see in every push (the VAPID "
                                        "'sub' claim): mailto:you@example.org or https://example.org")
    push_hosts: tuple[str, ...] = _s(PUSH_HOSTS, "push services the hall sends Web Push to (a name counts for its "
                                                 "subdomains; repeat the option); other endpoints are refused")
    push_ttl: int = _s(24 * 3600, "seconds a push service keeps a notice for a device that is offline")
    tick: float = _s(1.0, "seconds between two looks of every table's timekeeper at its clocks, away players "
                          "and abandonment")


def network(text: str) -> str:
    """A proxy's address or network (``10.0.0.5``, ``10.0.0.0/8``, ``::1``), checked: a typo is refused, not
    taken for a host name that never matches."""
    try:
        return str(ipaddress.ip_network(text, strict=False))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an IP address or network (e.g. 10.0.0.5, "
                                         "10.0.0.0/8)") from None


#: The settings given as a repeated option: their flag, what each names, and how it is read.
REPEATED: dict[str, tuple[str, str, Callable[[str], str]]] = {
    "allowed_hosts": ("--allowed-host", "HOST", str), "trusted_proxies": ("--trusted-proxy", "ADDR", network),
    "push_hosts": ("--push-host", "HOST", str)}


#: The settings whose option is not named after them, and the names their values are shown under.
FLAGS = {"redis_url": "--redis", "smtp_url": "--smtp"}
METAVARS = {"redis_url": "URL", "mail_from": "ADDRESS"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """One option per setting, named after it (``redis_url`` is ``--redis``, ``smtp_url`` ``--smtp``)."""
    for f in fields(Settings):
        flag = FLAGS.get(f.name, "--" + f.name.replace("_", "-"))
        text = f"{f.metadata['help']} (default {f.default!r})"
        if f.type == "bool":
            parser.add_argument(flag, dest=f.name, action="store_true", help=text)
        elif f.name in REPEATED:
            flag, metavar, kind = REPEATED[f.name]
            parser.add_argument(flag, dest=f.name, action="append", metavar=metavar, type=kind, help=text)
        elif f.type == "str | None":
            metavar = METAVARS.get(f.name, f.name.rsplit("_", 1)[-1].upper())
            parser.add_argument(flag, dest=f.name, metavar=metavar, help=text)
        else:
            kind = {"int": int, "float": float, "str": str}[str(f.type)]
            parser.add_argument(flag, dest=f.name, type=kind, default=f.default, help=text)


def from_arguments(args: argparse.Namespace) -> Settings:
    values = {f.name: getattr(args, f.name) for f in fields(Settings) if getattr(args, f.name, None) is not None}
    for name in REPEATED:
        if name in values:
            values[name] = tuple(values[name])
    return Settings(**values)
