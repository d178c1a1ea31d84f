"""Chat commands, as in the classic halls: ``/join [seat]``, ``/leave``, ``/resign``, ``/start``, ``/watch``,
``/bot [level] [seat]``, ``/remove seat``, ``/rematch``, ``/who``, ``/help``. Every one is also a button in the page,
which sends the same command as a ``command`` message.

Seats are named by number (1-based) or colour (``/join 2``, ``/join blue``).
"""

from __future__ import annotations

from collections.abc import Callable

from longhouse import bots
from longhouse.engine.seats import SEAT_COLOURS
from longhouse.i18n import N_, Msg, Text, _, english, joined
from longhouse.i18n.errors import error_text
from longhouse.server import fairplay, hints, social_commands
from longhouse.server.bot_words import level_word
from longhouse.server.conn import Conn
from longhouse.server.rematch import RematchError, rematch
from longhouse.server.resign import ResignError, refused_seat, resign
from longhouse.server.table import Table, default_bot
from longhouse.server.vacation import on_vacation
from longhouse.server.wall import when
from longhouse.store import BotSeat, Person, StaleOwner, Status

# i18n: the commands themselves (/join, /start ...) stay as they are in every language
HELP = {
    "join": N_("/join [seat] — sit down (at a free seat, or the one named: 1-4 or a colour)"),
    "leave": N_("/leave — give up your seat (in a running game a bot plays it on; you can /join it back)"),
    "resign": N_("/resign — concede the running game: it counts as a loss at once (you are ranked last)"),
    "start": N_("/start — start the game with the seated players (2-4)"),
    "watch": N_("/watch — stand up and watch"),
    "bot": N_("/bot [level] [seat] — a bot takes a free seat, or the seat of a player who is away (levels: {levels})"),
    "remove": N_("/remove seat — take a bot off a seat before the game starts"),
    "rematch": N_("/rematch — after the game: play again with the same players, seats rotated"),
    "who": N_("/who — who sits where, and who watches"),
    "hint": N_("/hint — on your turn: the best bot's move and each move's win chance (if the table allows hints)"),
    "help": N_("/help — this list"),
}


class CommandError(Exception):
    pass


def parse(text: str) -> tuple[str, list[str]]:
    parts = text.strip().lstrip("/").split()
    if not parts:
        raise CommandError(_("an empty command; try /help"))
    return parts[0].lower(), parts[1:]


def _ascii_number(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` is true of "²" or "①" too, which ``int`` cannot read."""
    return text.isascii() and text.isdigit()


def _seat_arg(table: Table, arg: str) -> int:
    key = arg.strip().lower()
    if key in SEAT_COLOURS and SEAT_COLOURS.index(key) < len(table.occupants):
        return SEAT_COLOURS.index(key)
    if _ascii_number(key) and 1 <= int(key) <= len(table.occupants):
        return int(key) - 1
    raise CommandError(_("there is no seat {seat} here; seats are 1-{last} ({colours})", seat=repr(arg),
                         last=len(table.occupants), colours=", ".join(SEAT_COLOURS[: len(table.occupants)])))


def _free_seats(table: Table) -> list[int]:
    return [seat for seat, occ in enumerate(table.occupants) if occ is None]


def _label(table: Table, seat: int) -> Msg:
    return _("seat {number} ({colour})", number=seat + 1, colour=table.seat_label(seat))


def cmd_help(table: Table, conn: Conn, args: list[str]) -> None:
    """The commands in the reader's language (the commands' own names stay)."""
    levels = ", ".join(bots.levels())
    words = conn.words
    conn.notice(_("Commands: {list}", list=" · ".join([*(words.gettext(h).format(levels=levels) for h in HELP.values()),
                                                       *(words.gettext(h) for h in social_commands.HELP.values())])))


def cmd_who(table: Table, conn: Conn, args: list[str]) -> None:
    parts: list[Msg] = []
    for seat, occ in enumerate(table.occupants):
        who: Text = _("free") if occ is None else (_("{name} (bot)", name=occ.name) if isinstance(occ, BotSeat)
                                                   else occ.name)
        parts.append(_("{number} {colour}: {who}", number=seat + 1, colour=table.seat_label(seat), who=who))
    watchers = table.watchers()
    conn.notice(_("Seats — {seats}. Watching: {watchers}", seats=joined("; ", parts),
                  watchers=", ".join(watchers) if watchers else _("nobody")))


def bound_seat(table: Table, conn: Conn) -> int | None:
    """The seat this person has played in the running game (the one they started at, or took over)."""
    if table.status != Status.RUNNING:
        return None
    seat = table.bound.get(conn.user.id)
    if seat is None and table.record is not None and conn.user.name in table.record.players:
        seat = table.record.players.index(conn.user.name)
    return seat


def cmd_join(table: Table, conn: Conn, args: list[str]) -> None:
    """Sit down. In a running game a person plays one seat only: whoever has played a seat in it (from the
    start, or by taking over a free one) may sit at that seat alone, so nobody can hop to a free seat to
    read its hidden hand and go back."""
    if table.status == Status.OVER:
        raise CommandError(_("the game is over"))
    mine = table.seat_of(conn.user.id)
    if mine is not None:
        moved = _move_seat(table, conn, mine, args)
        if moved is None:  # already there (the creator sits at once): nothing to do, the seating again
            table.send_seating(conn)
            conn.notice(_("You sit at {seat}.", seat=_label(table, mine)))
        return
    free = _free_seats(table)
    bound = bound_seat(table, conn)
    if args:
        seat = _seat_arg(table, args[0])
    elif bound is not None:
        seat = bound
    elif free:
        seat = free[0]
    else:
        raise CommandError(_("every seat is taken; you can watch"))
    if bound is not None and seat != bound:
        raise CommandError(_("in this game you play {seat}; you can sit only there", seat=_label(table, bound)))
    refused = refused_seat(table, conn.user.id, seat)
    if refused is not None:
        raise CommandError(refused)
    if seat not in free and not _reclaimable(table, seat, conn):
        raise CommandError(_("{seat} is taken", seat=_label(table, seat)))
    blocked = table.hall.social.seat_refusal(table, conn.user.id)
    if blocked is not None:
        raise CommandError(blocked)
    if bound is None and (unfair := fairplay.refusal(table, conn.user.id)) is not None:  # a seat taken back is not
        raise CommandError(unfair)
    if table.occupants[seat] is not None:
        back = table.keeper.seat_back(seat)
        if back is not None:
            raise CommandError(back)
        table.unseat(seat)
        table.say(None, _("{name} takes {seat} back from the bot.", name=conn.user.name, seat=_label(table, seat)))
    table.sit(seat, Person(conn.user.id, conn.user.name))
    table.say(None, _("{name} sits down at {seat}.", name=conn.user.name, seat=_label(table, seat)))


def _move_seat(table: Table, conn: Conn, mine: int, args: list[str]) -> int | None:
    """A seated person names another seat: before the game, they move to it if it is free (the seat they
    click); the seat moved to, or None when they named their own (or none)."""
    seat = _seat_arg(table, args[0]) if args else mine
    if seat == mine:
        return None
    if table.status != Status.WAITING:
        raise CommandError(f"you already sit at {_label(table, mine)}")
    if table.occupants[seat] is not None:
        raise CommandError(f"{_label(table, seat)} is taken")
    table.occupants[mine] = None  # one change of seating, told once
    table.sit(seat, Person(conn.user.id, conn.user.name))
    table.say(None, f"{conn.user.name} moves from {_label(table, mine)} to {_label(table, seat)}.")
    return seat


def _reclaimable(table: Table, seat: int, conn: Conn) -> bool:
    """A bot playing a running game's seat for the person who played there gives it back to them."""
    return isinstance(table.occupants[seat], BotSeat) and bound_seat(table, conn) == seat


def _away_for(table: Table, seat: int) -> float | None:
    """How long the person holding a running game's seat has had no connection to the table (None: here)."""
    occ = table.occupants[seat]
    if table.status != Status.RUNNING or not isinstance(occ, Person) or table.connected(occ.user_id):
        return None
    since = table.away_since.get(occ.user_id)
    return None if since is None else table.hall.limits.now() - since


def cmd_leave(table: Table, conn: Conn, args: list[str]) -> None:
    seat = table.seat_of(conn.user.id)
    if seat is None:
        raise CommandError(_("you do not hold a seat"))
    if table.status == Status.OVER:
        raise CommandError(_("the game is over"))
    if table.status == Status.RUNNING:
        # A seat given up mid-game goes to a bot, never to whoever clicks first; its player may come back.
        table.stand_in(seat, _("{name} leaves {seat}: a bot plays it from now on ({name} can take it back with "
                               "/join {number}).", name=conn.user.name, seat=_label(table, seat), number=seat + 1))
    else:
        table.unseat(seat)
        table.say(None, _("{name} leaves {seat}.", name=conn.user.name, seat=_label(table, seat)))


def cmd_watch(table: Table, conn: Conn, args: list[str]) -> None:
    if table.seat_of(conn.user.id) is not None and table.status != Status.OVER:
        cmd_leave(table, conn, args)
    conn.notice(_("You are watching this table."))


def cmd_start(table: Table, conn: Conn, args: list[str]) -> None:
    if table.seat_of(conn.user.id) is None:
        raise CommandError(_("only a seated player can start the game; /join first"))
    error = table.begin()
    if error is not None:
        raise CommandError(error)
    table.say(None, _("{name} starts the game: {players}", name=conn.user.name, players=joined(", ", (
        _("{name} ({colour})", name=occ.name, colour=table.seat_label(seat))
        for seat, occ in enumerate(table.occupants) if occ))))


def _seats_bots(table: Table, conn: Conn) -> None:
    """Before the game only its creator and its seated players seat and remove bots, never a watcher."""
    if table.seat_of(conn.user.id) is None and conn.user.id != table.creator:
        raise CommandError(_("only the table's creator and its seated players can seat or remove bots"))


def cmd_bot(table: Table, conn: Conn, args: list[str]) -> None:
    """Seat a bot. Before the game its creator and seated players may, in a running game only a seated
    player, and a bot takes an away player's seat only once they have been gone ``Settings.away_grace``
    seconds (a reload is not leaving)."""
    if table.status == Status.OVER:
        raise CommandError(_("the game is over"))
    if table.status == Status.RUNNING and table.seat_of(conn.user.id) is None:
        raise CommandError(_("only a player of this game can seat a bot while it runs"))
    _seats_bots(table, conn)
    level = default_bot()
    rest = list(args)
    if rest and rest[0].lower() in bots.names():
        level = rest.pop(0).lower()
    elif rest and not (_ascii_number(rest[0]) or rest[0].lower() in SEAT_COLOURS):
        raise CommandError(_("there is no bot level {level}; levels are {levels}", level=repr(rest[0]),
                             levels=", ".join(bots.levels())))
    free = _free_seats(table)
    if rest:
        seat = _seat_arg(table, rest[0])
        if seat not in free:
            _may_stand_in(table, seat)
    elif free:
        seat = free[0]
    else:
        raise CommandError(_("there is no free seat for a bot (a bot can also take the seat of a player who is "
                             "away: /bot level seat)"))
    occ = table.occupants[seat]
    if occ is not None:
        table.unseat(seat)
        table.say(None, _("{name} is away; a bot plays {seat} for them (they can /join {number} to take it back).",
                          name=occ.name, seat=_label(table, seat), number=seat + 1))
    name = f"Bot {english(table.seat_label(seat))}"
    table.sit(seat, BotSeat(level, name))
    table.say(None, _("{name} seats a {level} bot at {seat}.", name=conn.user.name, level=level_word(level),
                      seat=_label(table, seat)))


def _may_stand_in(table: Table, seat: int) -> None:
    """Whether a bot may take a person's seat in a running game: they have been away ``Settings.away_grace``
    seconds, or an untimed game has waited ``Settings.stall_grace`` seconds for their move."""
    if (until := on_vacation(table, seat)) is not None:
        raise CommandError(_("{seat} is on vacation until {until}: no bot takes the seat", seat=_label(table, seat),
                             until=when(until)))
    stalled = table.keeper.stalled_for(seat) if isinstance(table.occupants[seat], Person) else None
    stall_grace = table.hall.settings.stall_grace
    if stalled is not None and stall_grace and stalled >= stall_grace:
        return
    away = _away_for(table, seat)
    if away is None:
        if stalled is None or not stall_grace:
            raise CommandError(_("{seat} is taken", seat=_label(table, seat)))
        raise CommandError(_("{seat} is taken (the game has waited {waited} s for its move; a bot may take over "
                             "after {grace} s)", seat=_label(table, seat), waited=f"{stalled:.0f}",
                             grace=f"{stall_grace:.0f}"))
    grace = table.hall.settings.away_grace
    if away < grace:
        raise CommandError(_("{seat} has been away {away} s; a bot may take over after {grace} s",
                             seat=_label(table, seat), away=f"{away:.0f}", grace=f"{grace:.0f}"))


def cmd_remove(table: Table, conn: Conn, args: list[str]) -> None:
    if table.status != Status.WAITING:
        raise CommandError(_("bots can be removed only before the game starts"))
    _seats_bots(table, conn)
    if not args:
        raise CommandError(_("which seat? /remove 3"))
    seat = _seat_arg(table, args[0])
    occ = table.occupants[seat]
    if not isinstance(occ, BotSeat):
        raise CommandError(_("no bot sits at {seat}", seat=_label(table, seat)))
    table.unseat(seat)
    table.say(None, _("{name} removes the bot from {seat}.", name=conn.user.name, seat=_label(table, seat)))


def cmd_rematch(table: Table, conn: Conn, args: list[str]) -> None:
    try:
        new = rematch(table, conn)
    except RematchError as exc:
        raise CommandError(error_text(exc)) from exc
    conn.send({"type": "goto", "table": new.id, "invite": new.settings.invite})


def cmd_resign(table: Table, conn: Conn, args: list[str]) -> None:
    try:
        resign(table, conn)
    except ResignError as exc:
        raise CommandError(error_text(exc)) from exc


def cmd_hint(table: Table, conn: Conn, args: list[str]) -> None:
    refused = hints.request(table, conn)
    if refused is not None:
        raise CommandError(refused)


COMMANDS: dict[str, Callable[[Table, Conn, list[str]], None]] = {
    "join": cmd_join, "leave": cmd_leave, "start": cmd_start, "watch": cmd_watch, "bot": cmd_bot,
    "remove": cmd_remove, "rematch": cmd_rematch, "who": cmd_who, "help": cmd_help, "hint": cmd_hint,
    "resign": cmd_resign,
}


def run(table: Table, conn: Conn, name: str, args: list[str]) -> None:
    """Run one command; a command that cannot be done tells only its sender why."""
    command = COMMANDS.get(name)
    if command is None:
        conn.error(_("unknown command /{name}; try /help", name=name), code="command")
        return
    try:
        command(table, conn, args)
    except CommandError as exc:
        conn.error(error_text(exc), code="command")
    except StaleOwner:  # another process owns the table now: nothing was written; it is given up (fencing.py)
        table.hall.give_up(table)
