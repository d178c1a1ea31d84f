"""``longhouse serve``: start the hall on uvicorn (SQLite under ./data by default, PostgreSQL by URL)."""

from __future__ import annotations

import argparse
import errno
import logging
import socket
import sys

DEFAULT_DATABASE = "sqlite:///data/longhouse.db"
#: Websocket frames larger than this are refused by the server before the app sees them.
WS_MAX_SIZE = 64 * 1024


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument("--database", default=DEFAULT_DATABASE,
                        help="SQLAlchemy URL of the store, created on first run (default %(default)s; "
                             "PostgreSQL: postgresql+psycopg://user@host:5432/db)")
    parser.add_argument("--table-prefix", default="", help="prefix of the store's table names (default none)")
    parser.add_argument("--bot-delay", type=float, default=0.6,
                        help="seconds a bot waits before it moves, so people can follow (default 0.6)")
    parser.add_argument("--redis", metavar="URL",
                        help="run as one of several hall processes sharing --database (PostgreSQL), with Redis "
                             "pub/sub between them, e.g. redis://127.0.0.1:6379/0")
    parser.add_argument("--redis-prefix", default="longhouse:", help="prefix of the Redis keys and channels")
    parser.add_argument("--redis-lease", type=float, default=15,
                        help="seconds a process's claim on a table lasts without renewal (default 15)")
    parser.add_argument("--max-rate", type=int, default=50,
                        help="messages one websocket may send per second; more are dropped (0: no limit; default 50)")
    parser.add_argument("--ws-deflate", action="store_true",
                        help="compress websocket messages (permessage-deflate; saves bandwidth, costs CPU)")
    parser.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])


def port_taken(host: str, port: int) -> str | None:
    """Why the hall could not listen on ``host:port`` (another program has it), or None when it is free."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                return (f"port {port} on {host} is taken (is another hall running?); "
                        f"choose another with --port, e.g. longhouse serve --port {port + 1}")
            return f"cannot listen on {host}:{port}: {exc.strerror}"
    return None


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from longhouse.server.app import create_app
    from longhouse.server.settings import Settings
    from longhouse.store import Store

    taken = port_taken(args.host, args.port)
    if taken is not None:
        print(f"longhouse serve: {taken}", file=sys.stderr)
        return 2
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(name)s %(levelname)s %(message)s")
    store = Store(args.database, prefix=args.table_prefix)
    settings = Settings(bot_delay=max(0.0, args.bot_delay), max_rate=max(0, args.max_rate), redis_url=args.redis,
                        redis_prefix=args.redis_prefix, redis_lease=args.redis_lease)
    app = create_app(store, settings)
    print(f"Longhouse hall on http://{args.host}:{args.port}/  (store: {args.database})", flush=True)
    try:
        uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level, ws_max_size=WS_MAX_SIZE,
                    ws="websockets-sansio", ws_per_message_deflate=args.ws_deflate)
    finally:
        store.close()
    return 0
