"""Chat commands, as in the classic halls: ``/join [seat]``, ``/leave``, ``/start``, ``/watch``,
``/bot [level] [seat]``, ``/remove seat``, ``/who``, ``/help``. Every one is also a button in the page,
which sends the same command as a ``command`` message.

Seats are named by number (1-based) or colour (``/join 2``, ``/join blue``).
"""

from __future__ import annotations

from collections.abc import Callable

from longhouse import bots
from longhouse.server import hints
from longhouse.server.conn import Conn
from longhouse.server.table import COLOURS, Table, default_bot
from longhouse.store import BotSeat, Person, Status

HELP = {
    "join": "/join [seat] — sit down (at a free seat, or the one named: 1-4 or a colour)",
    "leave": "/leave — give up your seat (in a running game a bot or another player may take it)",
    "start": "/start — start the game with the seated players (2-4)",
    "watch": "/watch — stand up and watch",
    "bot": "/bot [level] [seat] — a bot takes a free seat, or the seat of a player who is away (levels: {levels})",
    "remove": "/remove seat — take a bot off a seat before the game starts",
    "who": "/who — who sits where, and who watches",
    "hint": "/hint — on your turn: the best bot's move and each move's win chance (if the table allows hints)",
    "help": "/help — this list",
}


class CommandError(Exception):
    pass


def parse(text: str) -> tuple[str, list[str]]:
    parts = text.strip().lstrip("/").split()
    if not parts:
        raise CommandError("an empty command; try /help")
    return parts[0].lower(), parts[1:]


def _seat_arg(table: Table, arg: str) -> int:
    key = arg.strip().lower()
    if key in COLOURS and COLOURS.index(key) < len(table.occupants):
        return COLOURS.index(key)
    if key.isdigit() and 1 <= int(key) <= len(table.occupants):
        return int(key) - 1
    raise CommandError(f"there is no seat {arg!r} here; seats are 1-{len(table.occupants)} "
                       f"({', '.join(COLOURS[: len(table.occupants)])})")


def _free_seats(table: Table) -> list[int]:
    return [seat for seat, occ in enumerate(table.occupants) if occ is None]


def _label(table: Table, seat: int) -> str:
    return f"seat {seat + 1} ({table.seat_label(seat)})"


def cmd_help(table: Table, conn: Conn, args: list[str]) -> None:
    levels = ", ".join(bots.levels())
    conn.notice("Commands: " + " · ".join(h.format(levels=levels) for h in HELP.values()))


def cmd_who(table: Table, conn: Conn, args: list[str]) -> None:
    parts = []
    for seat, occ in enumerate(table.occupants):
        who = "free" if occ is None else occ.name + (" (bot)" if isinstance(occ, BotSeat) else "")
        parts.append(f"{seat + 1} {table.seat_label(seat)}: {who}")
    watchers = table.watchers()
    conn.notice("Seats — " + "; ".join(parts) + ". Watching: " + (", ".join(watchers) if watchers else "nobody"))


def cmd_join(table: Table, conn: Conn, args: list[str]) -> None:
    if table.status == Status.OVER:
        raise CommandError("the game is over")
    mine = table.seat_of(conn.user.id)
    if mine is not None:
        raise CommandError(f"you already sit at {_label(table, mine)}")
    free = _free_seats(table)
    if args:
        seat = _seat_arg(table, args[0])
        if seat not in free and not _reclaimable(table, seat, conn):
            raise CommandError(f"{_label(table, seat)} is taken")
    elif free:
        seat = free[0]
    else:
        raise CommandError("every seat is taken; you can watch")
    if table.occupants[seat] is not None:
        table.unseat(seat)
        table.say(None, f"{conn.user.name} takes {_label(table, seat)} back from the bot.")
    table.sit(seat, Person(conn.user.id, conn.user.name))
    table.say(None, f"{conn.user.name} sits down at {_label(table, seat)}.")


def _reclaimable(table: Table, seat: int, conn: Conn) -> bool:
    """A bot playing a running game's seat for the person who started there gives it back to them."""
    occ = table.occupants[seat]
    return (table.status == Status.RUNNING and isinstance(occ, BotSeat) and table.record is not None
            and table.record.players[seat] == conn.user.name)


def _away(table: Table, seat: int) -> bool:
    """A person who holds a seat of a running game but has no connection to the table."""
    occ = table.occupants[seat]
    return table.status == Status.RUNNING and isinstance(occ, Person) and not table.connected(occ.user_id)


def cmd_leave(table: Table, conn: Conn, args: list[str]) -> None:
    seat = table.seat_of(conn.user.id)
    if seat is None:
        raise CommandError("you do not hold a seat")
    if table.status == Status.OVER:
        raise CommandError("the game is over")
    table.unseat(seat)
    if table.status == Status.RUNNING:
        table.say(None, f"{conn.user.name} leaves {_label(table, seat)}. Type /bot to hand the seat to a bot, "
                        f"or /join {seat + 1} to take it over.")
    else:
        table.say(None, f"{conn.user.name} leaves {_label(table, seat)}.")


def cmd_watch(table: Table, conn: Conn, args: list[str]) -> None:
    if table.seat_of(conn.user.id) is not None and table.status != Status.OVER:
        cmd_leave(table, conn, args)
    conn.notice("You are watching this table.")


def cmd_start(table: Table, conn: Conn, args: list[str]) -> None:
    if table.seat_of(conn.user.id) is None:
        raise CommandError("only a seated player can start the game; /join first")
    error = table.begin()
    if error is not None:
        raise CommandError(error)
    table.say(None, f"{conn.user.name} starts the game: " + ", ".join(
        f"{occ.name} ({table.seat_label(seat)})" for seat, occ in enumerate(table.occupants) if occ))


def cmd_bot(table: Table, conn: Conn, args: list[str]) -> None:
    if table.status == Status.OVER:
        raise CommandError("the game is over")
    level = default_bot()
    rest = list(args)
    if rest and rest[0].lower() in bots.names():
        level = rest.pop(0).lower()
    elif rest and not (rest[0].isdigit() or rest[0].lower() in COLOURS):
        raise CommandError(f"there is no bot level {rest[0]!r}; levels are {', '.join(bots.levels())}")
    free = _free_seats(table)
    if rest:
        seat = _seat_arg(table, rest[0])
        if seat not in free and not _away(table, seat):
            raise CommandError(f"{_label(table, seat)} is taken")
    elif free:
        seat = free[0]
    else:
        raise CommandError("there is no free seat for a bot (a bot can also take the seat of a player who is away: "
                           "/bot level seat)")
    occ = table.occupants[seat]
    if occ is not None:
        table.unseat(seat)
        table.say(None, f"{occ.name} is away; a bot plays {_label(table, seat)} for them "
                        f"(they can /join {seat + 1} to take it back).")
    name = f"Bot {table.seat_label(seat)}"
    table.sit(seat, BotSeat(level, name))
    table.say(None, f"{conn.user.name} seats a {level} bot at {_label(table, seat)}.")


def cmd_remove(table: Table, conn: Conn, args: list[str]) -> None:
    if table.status != Status.WAITING:
        raise CommandError("bots can be removed only before the game starts")
    if not args:
        raise CommandError("which seat? /remove 3")
    seat = _seat_arg(table, args[0])
    occ = table.occupants[seat]
    if not isinstance(occ, BotSeat):
        raise CommandError(f"no bot sits at {_label(table, seat)}")
    table.unseat(seat)
    table.say(None, f"{conn.user.name} removes the bot from {_label(table, seat)}.")


def cmd_hint(table: Table, conn: Conn, args: list[str]) -> None:
    refused = hints.request(table, conn)
    if refused is not None:
        raise CommandError(refused)


COMMANDS: dict[str, Callable[[Table, Conn, list[str]], None]] = {
    "join": cmd_join, "leave": cmd_leave, "start": cmd_start, "watch": cmd_watch, "bot": cmd_bot,
    "remove": cmd_remove, "who": cmd_who, "help": cmd_help, "hint": cmd_hint,
}


def run(table: Table, conn: Conn, name: str, args: list[str]) -> None:
    """Run one command; a command that cannot be done tells only its sender why."""
    command = COMMANDS.get(name)
    if command is None:
        conn.error(f"unknown command /{name}; try /help", code="command")
        return
    try:
        command(table, conn, args)
    except CommandError as exc:
        conn.error(str(exc), code="command")
