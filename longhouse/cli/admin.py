"""``longhouse admin ...``: the admin role and the admin's actions, from the operator's shell.

- ``grant NAME`` / ``revoke NAME``: give or take back the admin role (in the store; the hall need not run);
- ``find PREFIX``, ``log``: the accounts whose name starts so, the audit log (read from the store);
- ``ban NAME``, ``unban NAME``, ``end-sessions NAME``, ``reset NAME`` (a one-time password link),
  ``close TABLE``, ``announce TEXT``, ``figures``: done by the running hall (``--url``), as the admin named
  by ``--as``, exactly as on its ``/admin`` page. The command signs that admin in by making a session in the
  store (whoever may run it may read the store anyway) and ends it afterwards.

Every action asks for a reason (``--reason``, or a prompt) and is written to the audit log: who (``--as``;
for grant and revoke ``console:<login>``), what, whom, when and why.
"""

from __future__ import annotations

import argparse
import getpass
import json
import secrets
import sys
import time
import urllib.error
import urllib.request
from typing import Any

from longhouse.cli.serve import DEFAULT_DATABASE

#: The actions the running hall does (the ``/api/admin/...`` endpoint of each).
HALL_ACTIONS = {"ban": "ban", "unban": "unban", "end-sessions": "end-sessions", "reset": "reset",
                "close": "close", "announce": "announce"}
STORE_ACTIONS = ("grant", "revoke", "find", "log")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("what", choices=[*STORE_ACTIONS, *HALL_ACTIONS, "figures"],
                        help="grant | revoke | find | log (in the store); ban | unban | end-sessions | reset | "
                             "close | announce | figures (by the running hall)")
    parser.add_argument("subject", nargs="?", default="",
                        help="the account's name (find: the start of names), the table's number, or the line")
    parser.add_argument("--reason", help="why (asked for if not given); written to the audit log")
    parser.add_argument("--as", dest="actor", help="the admin doing a hall action (an account with the role)")
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the running hall (%(default)s)")
    parser.add_argument("--database", default=DEFAULT_DATABASE, help="SQLAlchemy URL of the store (%(default)s)")
    parser.add_argument("--table-prefix", default="", help="prefix of the store's table names (default none)")


def run(args: argparse.Namespace) -> int:
    from longhouse.store import Store

    store = Store(args.database, prefix=args.table_prefix)
    try:
        if args.what in STORE_ACTIONS:
            return _in_store(store, args)
        return _by_hall(store, args)
    except Failed as exc:
        print(f"longhouse admin {args.what}: {exc}", file=sys.stderr)
        return 1
    finally:
        store.close()


class Failed(Exception):
    """The action could not be done; the message says why."""


def _reason(args: argparse.Namespace) -> str:
    reason = (args.reason or "").strip()
    if not reason and sys.stdin.isatty():
        reason = input("Why? (written to the audit log) ").strip()
    if not reason:
        raise Failed("say why with --reason (every admin action is logged with its reason)")
    return reason


def _in_store(store: Any, args: argparse.Namespace) -> int:
    from longhouse.store.admin import admin_store

    admins = admin_store(store)
    if args.what == "find":
        for a in admins.find(args.subject):
            flags = [f for f, on in (("guest", a.guest), ("admin", a.admin), ("banned", a.banned)) if on]
            when = time.strftime("%Y-%m-%d", time.gmtime(a.created))
            print(f"{a.name}\t{', '.join(flags) or '-'}\t{a.sessions} sessions\tsince {when}")
        return 0
    if args.what == "log":
        for e in admins.entries():
            when = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(e["at"]))
            print(f"{when} UTC\t{e['actor']}\t{e['action']}\t{e['target']}\t{e['reason']}")
        return 0
    account = admins.account(args.subject) if args.subject else None
    if account is None:
        raise Failed(f"there is no account {args.subject!r}")
    if account.guest:
        raise Failed(f"{account.name} is a guest: only a signed-up account may be an admin")
    reason, actor = _reason(args), f"console:{getpass.getuser()}"
    if args.what == "grant":
        done = admins.grant(account, actor, reason)
        print(f"{account.name} is an admin{'' if done else ' already'}")
    else:
        done = admins.revoke(account, actor, reason)
        print(f"{account.name} is no admin{' now' if done else ' (and was none)'}")
    return 0


def _by_hall(store: Any, args: argparse.Namespace) -> int:
    from longhouse.server.auth import COOKIE
    from longhouse.store.admin import admin_store

    admins = admin_store(store)
    actor = admins.account(args.actor) if args.actor else None
    if actor is None or not actor.admin:
        raise Failed("name the admin doing it with --as NAME (an account granted the role)")
    body: dict[str, Any] | None = None
    if args.what != "figures":
        if not args.subject:
            raise Failed("say to whom (a name), which table, or what to announce")
        key = {"close": "table", "announce": "text"}.get(args.what, "name")
        body = {key: args.subject, "reason": _reason(args)}
    token = secrets.token_urlsafe(32)
    store.create_session(token, actor.id)
    try:
        path = "/api/admin/overview" if body is None else f"/api/admin/{HALL_ACTIONS[args.what]}"
        answer = _ask(args.url.rstrip("/") + path, f"{COOKIE}={token}", body)
    finally:
        store.delete_session(token)
    if args.what == "reset":
        answer["link"] = args.url.rstrip("/") + answer["link"]
        print(f"Hand this link to {answer['name']}; it works once, for {answer['hours']:g} hours:")
        print(answer["link"])
    else:
        print(json.dumps(answer, indent=2))
    return 0


def _ask(url: str, cookie: str, body: dict[str, Any] | None) -> dict[str, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Cookie": cookie, "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            answer: dict[str, Any] = json.loads(response.read())
            return answer
    except urllib.error.HTTPError as exc:
        try:
            why = json.loads(exc.read()).get("error", exc.reason)
        except ValueError:
            why = exc.reason
        raise Failed(str(why)) from exc
    except (urllib.error.URLError, OSError) as exc:
        raise Failed(f"the hall at {url.split('/api/', 1)[0]} does not answer ({exc}); is it running? (--url)") from exc
