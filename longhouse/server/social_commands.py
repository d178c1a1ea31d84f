"""The social chat commands, in the lobby and at tables: ``/follow NAME``, ``/unfollow NAME``, ``/ignore NAME``
(block), ``/unignore NAME``, ``/invite NAME`` (to the table you are at; in the lobby ``/invite NAME TABLE``),
``/report NAME [@TIME] reason`` (the page's buttons send these too). What each does: ``social.py``,
``reports.py``."""

from __future__ import annotations

from collections.abc import Callable

from longhouse.i18n import N_, Msg
from longhouse.i18n.errors import error_text
from longhouse.server import reports
from longhouse.server.conn import Conn
from longhouse.server.social import Social, SocialError, Table

# i18n: the commands themselves (/follow, /ignore ...) and NAME stay as they are in every language
HELP = {
    "follow": N_("/follow NAME — follow a player: the lobby shows when they are online and at which table"),
    "unfollow": N_("/unfollow NAME — stop following them"),
    "ignore": N_("/ignore NAME — block a player: their chat is hidden for you, they cannot sit at your tables or "
                 "invite you"),
    "unignore": N_("/unignore NAME — stop blocking them"),
    "invite": N_("/invite NAME — invite a player you follow to this table (a notice in their lobby)"),
    "report": N_("/report NAME reason — tell the moderators about a player (the chat here goes with it)"),
}

Handler = Callable[[Social, Conn, list[str], Table | None], Msg]


def _follow(social: Social, conn: Conn, args: list[str], table: Table | None) -> Msg:
    return social.follow(conn.user, args[0] if args else None)


def _unfollow(social: Social, conn: Conn, args: list[str], table: Table | None) -> Msg:
    return social.unfollow(conn.user, args[0] if args else None)


def _ignore(social: Social, conn: Conn, args: list[str], table: Table | None) -> Msg:
    return social.block(conn.user, args[0] if args else None)


def _unignore(social: Social, conn: Conn, args: list[str], table: Table | None) -> Msg:
    return social.unblock(conn.user, args[0] if args else None)


def _invite(social: Social, conn: Conn, args: list[str], table: Table | None) -> Msg:
    if table is None and len(args) > 1:  # from the lobby: which table
        number = args[1].lstrip("#")
        table = social.hall.tables.get(int(number)) if number.isascii() and number.isdigit() else None
    return social.invite(conn.user, args[0] if args else None, table)


def _report(social: Social, conn: Conn, args: list[str], table: Table | None) -> Msg:
    name, at, reason = reports.parse(args)
    context = (reports.table_context(table, name or "", at) if table is not None
               else reports.lobby_context(social, name or "", at))
    return reports.report(social, conn.user, name, reason, context)


COMMANDS: dict[str, Handler] = {"follow": _follow, "unfollow": _unfollow, "ignore": _ignore,
                                "unignore": _unignore, "invite": _invite, "report": _report}


def run(social: Social, conn: Conn, name: str, args: list[str], table: Table | None = None) -> bool:
    """Run a social command if ``name`` is one (False: it is not); its answer, or why it cannot be done,
    goes to its sender only (in the connection's language)."""
    command = COMMANDS.get(name)
    if command is None:
        return False
    try:
        conn.notice(command(social, conn, args, table))
    except SocialError as exc:
        conn.error(error_text(exc), code="command")
    return True
