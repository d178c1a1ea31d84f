"""``longhouse serve``: start the hall on uvicorn (SQLite under ./data by default, PostgreSQL by URL).

What it tells the operator before the hall runs (a refusal to start: a taken port, options that do not fit, a
database it cannot open; the banner) is in the terminal's language (``--lang``, else ``LANG``: ``cli/words.py``);
the log lines stay English."""

from __future__ import annotations

import argparse
import dataclasses
import errno
import logging
import socket
import sys
from typing import TYPE_CHECKING

from longhouse.cli.words import add_language, terminal_words
from longhouse.i18n import Text, _
from longhouse.server import settings

if TYPE_CHECKING:
    from longhouse.store import Store

DEFAULT_DATABASE = "sqlite:///data/longhouse.db"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    parser.add_argument("--database", default=DEFAULT_DATABASE,
                        help="SQLAlchemy URL of the store, created on first run (default %(default)s; "
                             "PostgreSQL: postgresql+psycopg://user@host:5432/db)")
    parser.add_argument("--table-prefix", default="", help="prefix of the store's table names (default none)")
    parser.add_argument("--upgrade", action="store_true",
                        help="upgrade the store's schema to this release's if it is older (an SQLite store always "
                             "is; another refuses to start until `longhouse db upgrade` has run, or with this)")
    settings.add_arguments(parser)
    parser.add_argument("--ws-deflate", action="store_true",
                        help="compress websocket messages (permessage-deflate; saves bandwidth, costs CPU)")
    parser.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    parser.add_argument("--log-format", default="text", choices=["text", "json"],
                        help="log lines as text, or one JSON object a line with its request, user, table and "
                             "seat (default text)")
    add_language(parser)


def port_taken(host: str, port: int) -> Text | None:
    """Why the hall could not listen on ``host:port`` (another program has it), or None when it is free."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn does
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                return _("port {port} on {host} is taken (is another hall running?); choose another with --port, "
                         "e.g. {command}", port=str(port), host=host, command=f"longhouse serve --port {port + 1}")
            return _("cannot listen on {host}:{port}: {reason}", host=host, port=str(port), reason=exc.strerror)
    return None


def shown_url(database: str) -> str:
    """The store's URL as it may be shown or logged: without its password (a PostgreSQL URL may hold one)."""
    from sqlalchemy.engine import make_url

    return make_url(database).render_as_string(hide_password=True)


def open_store(database: str, prefix: str, upgrade: bool) -> Store | Text:
    """The store at ``database``, or why it cannot be opened (a text for the operator, naming the way out)."""
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError, OperationalError

    from longhouse.i18n.errors import error_text
    from longhouse.store import Store
    from longhouse.store.revisions import SchemaError

    try:
        return Store(database, prefix=prefix, upgrade=True if upgrade else None)
    except SchemaError as exc:
        return error_text(exc)
    except NoSuchModuleError:
        return _("--database {url}: no database driver of that name (the hall knows sqlite:/// and "
                 "postgresql+psycopg://)", url=repr(database.partition(":")[0] + ":…"))
    except ArgumentError:
        return _("--database {url} is not a database URL (e.g. {sqlite} or {postgresql})",
                 url=repr(database[:80]), sqlite=DEFAULT_DATABASE, postgresql="postgresql+psycopg://user@host:5432/db")
    except OperationalError as exc:
        reason = str(exc.orig).strip().splitlines()[0] if exc.orig is not None else str(exc)
        return _("cannot reach the store at {url}: {reason}", url=shown_url(database), reason=reason[:300])
    except OSError as exc:
        return _("cannot make the store at {url}: {reason}", url=shown_url(database), reason=exc.strerror or str(exc))


def run(args: argparse.Namespace) -> int:
    from longhouse.server import logs, mail, webpush
    from longhouse.server.app import create_app
    from longhouse.server.transport import HallServer, raise_descriptor_limit, uvicorn_config
    from longhouse.store import Store

    words = terminal_words(args.lang)

    def refuse(why: Text) -> int:
        print(f"longhouse serve: {words.text(why)}", file=sys.stderr)
        return 2

    taken = port_taken(args.host, args.port)
    if taken is not None:
        return refuse(taken)
    wrong = mail.check(settings.from_arguments(args)) or webpush.check(args.vapid_key_file, args.push_contact)
    if wrong is not None:
        return refuse(wrong)
    logs.configure(args.log_level, args.log_format)
    store = open_store(args.database, args.table_prefix, args.upgrade)
    if not isinstance(store, Store):
        return refuse(store)
    chosen = dataclasses.replace(settings.from_arguments(args), gc_freeze=True)
    if args.allowed_hosts is None and args.host not in ("0.0.0.0", "::", ""):
        chosen = dataclasses.replace(chosen, allowed_hosts=(*chosen.allowed_hosts, args.host))
    app = create_app(store, chosen)
    raise_descriptor_limit()
    banner = _("Longhouse hall on {url}  (store: {store})", url=f"http://{args.host}:{args.port}/",
               store=shown_url(args.database))
    if args.log_format == "json":  # every line of the output is one JSON object (a log line: English)
        logging.getLogger("longhouse.serve").info("%s", banner)
    else:
        print(words.text(banner), flush=True)
    try:
        HallServer(uvicorn_config(app, args.host, args.port, args.log_level, args.ws_deflate,
                                  log_config=logs.uvicorn_log_config())).run()
    finally:
        store.close()
    return 0
