"""The lobby: its clients and chat, the listing of the tables it shows, and the tables created from it.

The listing is kept, not made anew for each visitor: each table encodes its own summary once per change
(``Table.summary_text``), the hall's registry tells the lobby of every table added, removed or changed
(``listing_changed``), and the next listing looks at those tables only. Changes are gathered: after
``Settings.lobby_interval`` every lobby client is sent one ``tables_delta`` (the tables changed or removed
since the last one, encoded once) and, with several processes, this process's tables are published to the
others (``cluster.py``), whose own come back the same way.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import TYPE_CHECKING, Any, Protocol

from longhouse import bots, games
from longhouse.i18n import _, english, joined, ngettext
from longhouse.i18n.errors import error_text
from longhouse.server import commands, fairplay, social_commands
from longhouse.server.boards import board_for
from longhouse.server.bot_words import level_word
from longhouse.server.clocks import TIME_CONTROLS
from longhouse.server.conn import Conn, send_each
from longhouse.server.json_text import closed, listed, member, opened
from longhouse.server.protocol import Chat, ClientMessage, Command, Create, Ping, encode
from longhouse.server.settings import Settings
from longhouse.server.table import CHAT_HISTORY, Table
from longhouse.server.table_settings import TableSettings
from longhouse.store import BotSeat, Person, Status

if TYPE_CHECKING:
    from longhouse.server.cluster import Cluster
    from longhouse.server.social import Social

#: Lobby visitors named in the lobby's lists (beyond them, only their number, ``online_count``).
NAMED_ONLINE = 100
#: Tables changed between two listings of the lobby past which the next listing is made anew.
LISTING_REDO = 10_000


class Registry(Protocol):
    """What the lobby needs of the hall's registry of tables (``Hall`` is one)."""

    settings: Settings
    tables: dict[int, Table]
    cluster: Cluster | None
    social: Social

    def create_table(self, game_name: str, seats: int, options: dict[str, Any], creator: int | None = None,
                     settings: TableSettings | None = None) -> Table: ...

    def open_tables_of(self, user_id: int) -> int: ...

    def drop(self, table: Table, reason: str = "left") -> None: ...

    def chat_allowed(self, conn: Conn) -> bool: ...


def games_info() -> list[dict[str, Any]]:
    """The games the hall offers, with their options (the same for the process's life)."""
    out = []
    for name in games.names():
        try:
            game = games.get(name)
        except (ImportError, AttributeError):
            continue
        out.append({"name": game.name, "title": game.title, "board": board_for(game.name),
                    "min_players": game.min_players,
                    "max_players": game.max_players,
                    "options": [option.to_json() for option in game.options.values()]})
    return out


def is_listed(table: Table) -> bool:
    """Whether the lobby lists a table of this process: not private, and running or waiting (a finished one
    while someone is still there)."""
    return (table.status != Status.OVER or bool(table.conns)) and not table.settings.private


def _online(names: list[str]) -> dict[str, Any]:
    return {"online": names[:NAMED_ONLINE], "online_count": len(names)}


def _with_tables(message: dict[str, Any], key: str, texts: list[str]) -> str:
    """``message`` encoded with ``key`` added: the list of the tables' summaries, already JSON texts."""
    return closed(opened(message), member(key, listed(texts)))


class Lobby:
    def __init__(self, hall: Registry) -> None:
        self.hall = hall
        self.conns: list[Conn] = []
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_HISTORY)
        self._pending = False
        self._publish = False
        #: The summary texts of this process's tables the lobby lists, by id in order, as of the last listing
        #: (None: none yet), and the ids of the tables changed, added or removed since.
        self._listed_here_texts: dict[int, str] | None = None
        self._changed_here: set[int] = set()
        # What the lobby clients were last sent (the base of the next delta): each table's summary text.
        self._listed: dict[int, str] = {}
        self._listed_online: list[str] = []
        #: The shared part of the lobby's ``hello``, encoded once.
        self._hello: str | None = None

    # --- the listing ----------------------------------------------------------------------------

    def listing_changed(self, table_id: int) -> None:
        """A table was added or removed, or its summary or status changed: the next listing looks at it again
        (past ``LISTING_REDO`` tables, it is made anew: the changes do not pile up while nobody comes to the
        lobby)."""
        if self._listed_here_texts is None:
            return
        if len(self._changed_here) >= LISTING_REDO:
            self._changed_here.clear()
            self._listed_here_texts = None
            return
        self._changed_here.add(table_id)

    def _listed_here(self) -> list[Table]:
        return [t for t in self.hall.tables.values() if is_listed(t)]

    def _listed_texts(self) -> dict[int, str]:
        """The summary texts of this process's tables the lobby lists (a table encodes its own once per change:
        ``Table.summary_text``), by id in order: the last listing's, with the tables changed since looked at
        again (a lobby visitor's listing costs the tables that changed, not every table)."""
        texts = self._listed_here_texts
        changed = self._changed_here
        if texts is None:
            changed.clear()
            texts = self._listed_here_texts = {t.id: t.summary_text() for t in sorted(self._listed_here(),
                                                                                         key=lambda t: t.id)}
        elif changed:
            tables = self.hall.tables
            last = next(reversed(texts), -1)
            in_order = True
            for table_id in sorted(changed):
                table = tables.get(table_id)
                if table is not None and is_listed(table):
                    if table_id not in texts:
                        in_order = in_order and table_id > last
                        last = max(last, table_id)
                    texts[table_id] = table.summary_text()
                else:
                    texts.pop(table_id, None)
            changed.clear()
            if not in_order:
                texts = self._listed_here_texts = dict(sorted(texts.items()))
        return texts

    def listing(self) -> tuple[dict[int, str], list[str]]:
        """Every table the lobby lists (this process's and, with several, the others'), each as the JSON text
        of its summary, and who is there."""
        tables = dict(self._listed_texts())
        online = {c.user.name for c in self.conns}
        cluster = self.hall.cluster
        if cluster is not None:
            others, others_online = cluster.other_tables()
            for t in others:
                if t["id"] not in tables:
                    tables[t["id"]] = encode(t)
            online.update(others_online)
            tables = dict(sorted(tables.items()))
        return tables, sorted(online)

    def _send_listing(self, conn: Conn) -> None:
        """Send a client entering the lobby the whole list (its summaries' texts joined, not encoded again).
        The only client there: the next delta is made against this list, not against nothing (which would
        send every table again)."""
        tables, names = self.listing()
        conn.send_text(_with_tables({"type": "tables", **_online(names)}, "tables", list(tables.values())))
        if self.conns == [conn]:
            self._listed, self._listed_online = tables, names

    # --- gathered updates -----------------------------------------------------------------------

    def changed(self, local: bool = True) -> None:
        """Gather lobby updates: after ``Settings.lobby_interval`` the changes are sent to every lobby client
        as one ``tables_delta`` (the tables changed or removed since the last one, encoded once), and, with
        several processes, this process's tables are published to the others."""
        if local and self.hall.cluster is not None:
            self._publish = True
        elif not self.conns:
            return
        if self._pending:
            return
        self._pending = True
        try:
            asyncio.get_running_loop().call_later(self.hall.settings.lobby_interval, self.flush)
        except RuntimeError:
            self._pending = False

    def flush(self) -> None:
        """Send the gathered updates now (and publish this process's tables, if they changed)."""
        self._pending = False
        if self._publish:
            self._publish = False
            self.publish()
        if not self.conns:
            self._listed, self._listed_online = {}, []
            return
        tables, names = self.listing()
        changed = [text for tid, text in tables.items() if self._listed.get(tid) != text]
        removed = [tid for tid in self._listed if tid not in tables]
        delta: dict[str, Any] = {"type": "tables_delta", "removed": removed}
        if names != self._listed_online:
            delta.update(_online(names))
        self._listed, self._listed_online = tables, names
        if changed or removed or "online" in delta:
            text = _with_tables(delta, "changed", changed)
            for conn in self.conns:
                conn.send_text(text)
            self.hall.social.send_friends(self.conns)

    def publish(self) -> None:
        """With several processes: this process's listed tables and lobby visitors, to the others."""
        cluster = self.hall.cluster
        if cluster is not None:
            cluster.publish_tables([t.summary() for t in self._listed_here()],
                                   sorted({c.user.name for c in self.conns}))

    def line(self, line: dict[str, Any], local: bool = True) -> None:
        """A chat line to everyone in the lobby (and, said here, to the other processes' lobbies)."""
        self.chat.append(line)
        social = self.hall.social  # not to those who block its speaker; encoded once per language
        send_each((c for c in self.conns if not social.hides(c.user, line)), line)
        cluster = self.hall.cluster
        if local and cluster is not None:
            cluster.publish_chat(line)

    # --- its clients ----------------------------------------------------------------------------

    def enter(self, conn: Conn) -> None:
        self.conns.append(conn)
        hello = self._hello
        if hello is None:  # what every client is told alike, encoded once
            hello = self._hello = opened({
                "type": "hello", "games": games_info(), "bot_levels": bots.levels(),
                "default_bot": bots.default_level(),
                "time_controls": [tc.describe() for tc in TIME_CONTROLS.values()]})
        conn.send_text(closed(hello, member("you", encode({"name": conn.user.name, "guest": conn.user.guest}))))
        conn.send({"type": "chat_history", "lines": self.hall.social.visible_lines(conn.user, self.chat)})
        self.changed()
        self._send_listing(conn)
        self.hall.social.entered(conn)

    def leave(self, conn: Conn) -> None:
        if conn in self.conns:
            self.conns.remove(conn)
        self.hall.social.left(conn)
        self.changed()

    def message(self, conn: Conn, msg: ClientMessage) -> None:
        if isinstance(msg, Ping):
            conn.send({"type": "pong"})
        elif isinstance(msg, Chat):
            if msg.text.startswith("/"):
                try:
                    self._command(conn, *commands.parse(msg.text))
                except commands.CommandError as exc:
                    conn.error(error_text(exc), code="command")
            elif self.hall.chat_allowed(conn):
                self.line({"type": "chat", "from": conn.user.name, "text": msg.text, "time": time.time()})
        elif isinstance(msg, Command):
            self._command(conn, msg.name, msg.args)
        elif isinstance(msg, Create):
            self._create(conn, msg)
        else:
            conn.error(_("moves are sent from a table, not the lobby"))

    def _create(self, conn: Conn, msg: Create) -> None:
        if msg.bots is not None and msg.bots not in bots.names():
            conn.error(_("there is no bot level {level}; levels are {levels}", level=repr(msg.bots),
                         levels=", ".join(bots.levels())))
            return
        most = self.hall.settings.tables_per_person
        if most and self.hall.open_tables_of(conn.user.id) >= most:
            conn.error(ngettext("you have {n} unfinished table already; finish or leave it first",
                                "you have {n} unfinished tables already; finish or leave one first", most),
                       code="limit")
            return
        if msg.sit and msg.bots is None and (why := fairplay.refusal_at(self.hall, msg.options, conn.user.id)):
            conn.error(why)  # a table its creator could not sit down at (fairplay.py)
            return
        try:
            settings = TableSettings.create(msg.time, msg.private, msg.away_bot)
            table = self.hall.create_table(msg.game, msg.seats, msg.options, creator=conn.user.id,
                                           settings=settings)
        except ValueError as exc:
            conn.error(error_text(exc))
            return
        table.admitted.add(conn.user.id)
        if msg.bots is not None and not self._start_against_bots(table, conn, msg.bots):
            return
        if msg.sit and msg.bots is None:  # the creator sits at once, at the first seat (they may move, or Leave)
            table.sit(0, Person(conn.user.id, conn.user.name))
            table.say(None, _("{name} creates the table and sits down at seat {number} ({colour}).",
                              name=conn.user.name, number=1, colour=table.seat_label(0)))
        conn.send({"type": "created", "table": table.id, "invite": settings.invite})

    def _start_against_bots(self, table: Table, conn: Conn, level: str) -> bool:
        """The lobby's "play against bots": the creator at the first seat, bots in the others, started.
        A game that cannot start is refused and its table removed (none is left behind that never starts)."""
        table.sit(0, Person(conn.user.id, conn.user.name))
        for seat in range(1, len(table.occupants)):
            table.sit(seat, BotSeat(level, f"Bot {english(table.seat_label(seat))}"))
        error = table.begin()
        if error is not None:  # e.g. options the game cannot be set up with
            self.hall.drop(table, "refused")
            conn.error(error)
            return False
        players = joined(", ", [_("{name} ({colour})", name=occ.name, colour=table.seat_label(seat))
                                for seat, occ in enumerate(table.occupants) if occ])
        table.say(None, ngettext("{name} plays against {n} {level} bot: {players}",
                                 "{name} plays against {n} {level} bots: {players}", len(table.occupants) - 1,
                                 name=conn.user.name, level=level_word(level), players=players))
        return True

    def _command(self, conn: Conn, name: str, args: list[str]) -> None:
        if social_commands.run(self.hall.social, conn, name, args):
            return
        if name == "who":
            conn.notice(_("In the lobby: {names}", names=", ".join(sorted({c.user.name for c in self.conns}))))
        elif name == "help":
            conn.notice(_("In the lobby: /who, /help, /follow NAME, /unfollow NAME, /ignore NAME, /unignore NAME, "
                          "/invite NAME TABLE, /report NAME reason. Create a table with the button, then use /join, "
                          "/bot, /start at the table."))
        else:
            conn.error(_("/{name} works at a table; in the lobby there are /who and /help", name=name),
                       code="command")

    def close(self) -> None:
        for conn in self.conns:
            conn.close()
