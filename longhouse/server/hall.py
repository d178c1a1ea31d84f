"""The hall: every open table in memory, the lobby's clients and chat, and recovery at start-up."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from longhouse import bots, games
from longhouse.bots import thinking
from longhouse.bots.thinking import Thinker
from longhouse.engine.errors import LonghouseError, SetupError
from longhouse.engine.options import validate_options
from longhouse.server import commands, ratings, table_options
from longhouse.server.boards import board_for
from longhouse.server.clocks import TIME_CONTROLS
from longhouse.server.commits import GroupCommit
from longhouse.server.conn import Conn
from longhouse.server.json_text import closed, listed, member, opened
from longhouse.server.limits import Limits
from longhouse.server.metrics import HallMetrics, UncountedMetrics
from longhouse.server.protocol import Act, Chat, ClientMessage, Command, Create, Ping, Resync, Undo, encode
from longhouse.server.settings import Settings
from longhouse.server.table import CHAT_HISTORY, Table
from longhouse.server.table_settings import TableSettings
from longhouse.store import BotSeat, Person, Status, Store, TableRow
from longhouse.store.people import PeopleStore

if TYPE_CHECKING:
    from longhouse.server.cluster import Cluster

log = logging.getLogger("longhouse.hall")

#: A write-ahead log held when the tick would cut it back is tried again this often (s), this many times.
WAL_RETRY = 0.05
WAL_RETRIES = 10
#: Lobby visitors named in the lobby's lists (beyond them, only their number, ``online_count``).
NAMED_ONLINE = 100
#: Tables changed between two listings of the lobby past which the next listing is made anew.
LISTING_REDO = 10_000


class TableIndex(dict[int, Table]):
    """The hall's open tables by id, telling ``changed`` of each id added or removed (``Hall._listed_texts``)."""

    def __init__(self, changed: Callable[[int], None]) -> None:
        super().__init__()
        self.changed = changed

    def __setitem__(self, table_id: int, table: Table) -> None:
        self.changed(table_id)
        super().__setitem__(table_id, table)

    def __delitem__(self, table_id: int) -> None:
        self.changed(table_id)
        super().__delitem__(table_id)

    def pop(self, table_id: int, *default: Any) -> Any:
        self.changed(table_id)
        return super().pop(table_id, *default)


class Hall:
    def __init__(self, store: Store, settings: Settings, limits: Limits | None = None) -> None:
        self.store = store
        self.settings = settings
        self.limits = limits or Limits(settings)
        self.bot_delay = settings.bot_delay
        #: Where bots think: worker processes shared by every hall of this process.
        self.thinker: Thinker = thinking.shared()
        #: How often (real seconds) every table's timekeeper looks at the clock (``clock``).
        self.tick_interval = settings.tick
        self._ticker: asyncio.Task[None] | None = None
        self.people = PeopleStore(store.engine, store.prefix, store.tables, store.users)
        # A new table's hall settings, a started game's people and a move's clocks are written in the store's
        # own transactions (of the table's creation, the game's start, the move).
        store.keep_people_in(self.people.hall, self.people.people, self.people.clocks)
        #: The summary texts of this process's tables the lobby lists, by id in order, as of the last listing
        #: (None: none yet), and the ids of the tables changed, added or removed since.
        self._listed_here_texts: dict[int, str] | None = None
        self._changed_here: set[int] = set()
        self.tables: dict[int, Table] = TableIndex(self._table_changed_here)
        self.lobby: list[Conn] = []
        self.lobby_chat: deque[dict[str, Any]] = deque(maxlen=CHAT_HISTORY)
        self._lobby_pending = False
        self._lobby_publish = False
        # What the lobby clients were last sent (the base of the next delta): each table's summary text.
        self._listed: dict[int, str] = {}
        #: The shared part of the lobby's ``hello``, encoded once.
        self._hello: str | None = None
        self._listed_online: list[str] = []
        self.cluster: Cluster | None = None
        #: Moves are stored a turn of the event loop at a time, each acknowledged once stored.
        #: Set once the hall is told to stop (SIGTERM): /readyz sends no one here any more.
        self.stopping = False
        #: The figures /metrics serves (``metrics.py``); the app tells them where to read the rest.
        self.metrics = UncountedMetrics() if settings.no_metrics else HallMetrics()
        self.commits: GroupCommit[Table] = GroupCommit(store, self.give_up, self.metrics)

    # --- start-up -------------------------------------------------------------------------------

    def recover(self) -> int:
        """Load every waiting or running table from the store, replaying its record."""
        return sum(1 for row in self.store.open_tables() if self.load(row) is not None)

    def load(self, row: TableRow) -> Table | None:
        """Resume one stored table (its record replayed, its bots seated again). With several processes the
        table is claimed in the store first (a new fencing epoch) and then read, so that no move of an older
        owner can be stored after it and be missing here."""
        try:
            epoch = None
            if self.cluster is not None:
                epoch = self.store.claim(row.id)
                fresh = self.store.table(row.id)
                if fresh is None:
                    return None
                row = fresh
            record = self.store.record(row.id) if row.status != Status.WAITING else None
            table = Table.load(self, row, record)
            table.epoch = epoch
        except (LonghouseError, KeyError, ValueError):
            log.exception("table %s cannot be resumed; it stays in the store untouched", row.id)
            return None
        self.tables[row.id] = table
        if row.status == Status.RUNNING:
            for seat, occ in enumerate(table.occupants):
                if isinstance(occ, BotSeat):
                    table.bots[seat] = bots.make(occ.level, seed=row.id * 8 + seat + table.version)
        return table

    def adopt(self, row: TableRow) -> Table | None:
        """Take over a table at run time (another process that owned it has gone): load it, start its bots."""
        table = self.load(row)
        if table is not None:
            table.schedule_bots()
            self.lobby_changed()
        return table

    def start_bots(self) -> None:
        for table in self.tables.values():
            table.schedule_bots()

    def clock(self) -> float:
        """The time clocks, away periods and abandonment are measured in: the limits' (injectable) clock."""
        return self.limits.now()

    def start_ticker(self) -> None:
        self._ticker = asyncio.get_running_loop().create_task(self._tick_loop())

    async def _tick_loop(self) -> None:
        while True:
            await asyncio.sleep(self.tick_interval)
            try:
                self.tick()
            except Exception:
                log.exception("the hall's tick failed")

    def tick(self) -> None:
        """Every open table's timekeeper looks at the clock (time-outs, away players, abandoned tables); the
        store's write-ahead log is cut back if it has grown too large, now that no write is in flight."""
        self.commits.flush()
        self._cut_wal(WAL_RETRIES)
        for table in list(self.tables.values()):
            table.keeper.tick()

    def _cut_wal(self, retries: int) -> None:
        """Cut the store's write-ahead log back if it is past its limit (between two turns of the loop, so no
        write is in flight); if something holds it, try again a moment later, up to ``retries`` times."""
        try:
            if self.store.truncate_wal() or retries <= 0:
                return
        except Exception as exc:  # a failing disk: the log is cut back on a later tick
            log.warning("the store's write-ahead log could not be truncated: %s", exc)
            return
        with contextlib.suppress(RuntimeError):  # no loop running (a script driving a hall): the next tick
            asyncio.get_running_loop().call_later(WAL_RETRY, self._cut_wal, retries - 1)

    def shutdown(self) -> None:
        self.commits.flush()
        if self._ticker is not None:
            self._ticker.cancel()
        now = self.clock()
        for table in self.tables.values():
            table.keeper.save(now)
            table.stop()
        for conn in self.lobby:
            conn.close()

    # --- tables ---------------------------------------------------------------------------------

    def table(self, table_id: int) -> Table | None:
        """An open table, or a finished one read back from the store."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        row = self.store.table(table_id)
        if row is None or row.status != Status.OVER:
            return None
        table = Table.load(self, row, self.store.record(table_id))
        self.tables[table_id] = table
        return table

    def create_table(self, game_name: str, seats: int, options: dict[str, Any], creator: int | None = None,
                     settings: TableSettings | None = None) -> Table:
        if self.stopping:
            raise ValueError("the hall is restarting: create your table again in a moment")
        try:
            game = games.get(game_name)
        except KeyError as exc:
            raise ValueError(f"there is no game {game_name!r}; games are {', '.join(games.names())}") from exc
        if not game.min_players <= seats <= game.max_players:
            raise ValueError(f"{game.title} is for {game.min_players} to {game.max_players} players")
        table_options.check_options(options)
        try:  # the hall's own options, and only the game's declared ones: never a fixture such as a deck order
            options = {**options, **validate_options(game.options, table_options.game_setup(options))}
        except SetupError as exc:
            raise ValueError(str(exc)) from exc
        row = self.store.create_table(game.name, seats, options, [None] * seats,
                                      hall=None if settings is None else settings.to_json())
        table = Table(self, row)
        table.creator = creator
        if settings is not None:
            table.settings = settings
        self.tables[table.id] = table
        if self.cluster is not None:
            asyncio.get_running_loop().create_task(self._claim_new(table))
        self.lobby_changed()
        return table

    async def _claim_new(self, table: Table) -> None:
        assert self.cluster is not None
        if not await self.cluster.claim(table.id):  # another process adopted it first: it is theirs
            self.tables.pop(table.id, None)
        else:
            table.epoch = self.store.claim(table.id)

    def give_up(self, table: Table) -> None:
        """Another process owns this table now (our fencing epoch is old): let it go, and close its sockets
        so that the browsers reconnect to the owner."""
        self.tables.pop(table.id, None)
        table.stop()
        if self.cluster is not None:
            self.cluster.forget(table.id)
        self.lobby_changed()

    def table_finished(self, table: Table) -> None:
        try:
            ratings.rate_finished(self.people, table.id, table.starters)
        except Exception:  # the game is stored; its ratings can be rebuilt from the archive
            log.exception("table %s: the ratings could not be updated", table.id)
        self.lobby_changed()
        self.maybe_drop(table)  # a game its bots ended with nobody at the table: nobody will leave it

    def forget_finished(self, table: Table) -> None:
        """A finished table nobody has been at for a while leaves memory (``Timekeeper.tick``)."""
        if not table.conns and self.tables.get(table.id) is table:
            del self.tables[table.id]

    def abandon(self, table: Table, text: str) -> None:
        """Close a running table nobody came back to: archived as abandoned, no ratings change."""
        result: dict[str, Any] = {"abandoned": True, "scores": None, "winners": [], "breakdown": None}
        self.people.close_abandoned(table.id, result, self.clock())
        if table.record is not None:
            table.record.result = result
        table.status = Status.OVER
        table.keeper.clock = None
        for task in table.bot_tasks.values():
            task.cancel()
        table.bot_tasks.clear()
        table.say(None, text)
        table.seating_changed()
        if not table.conns:
            self.tables.pop(table.id, None)

    def drop_waiting(self, table: Table) -> None:
        """A waiting table nobody has looked at for a long time leaves the lobby and the store."""
        self.drop(table)

    def maybe_drop(self, table: Table) -> None:
        """A waiting table nobody sits at or looks at is removed; a finished one leaves memory."""
        if table.conns:
            return
        if table.status == Status.WAITING and all(not isinstance(o, Person) for o in table.occupants):
            self.drop(table)
        elif table.status == Status.OVER:
            self.tables.pop(table.id, None)

    def drop(self, table: Table) -> None:
        """Remove a table that never started, from memory and the store."""
        table.stop()
        self.store.delete_table(table.id)
        self.people.delete_table(table.id)
        self.tables.pop(table.id, None)
        self.lobby_changed()

    def open_tables_of(self, user_id: int) -> int:
        """How many tables this person created that are not finished."""
        return sum(1 for t in self.tables.values() if t.creator == user_id and t.status != Status.OVER)

    # --- the lobby ------------------------------------------------------------------------------

    @staticmethod
    def _is_listed(table: Table) -> bool:
        """Whether the lobby lists a table of this process: not private, and running or waiting (a finished
        one while someone is still there)."""
        return (table.status != Status.OVER or bool(table.conns)) and not table.settings.private

    def _listed_here(self) -> list[Table]:
        return [t for t in self.tables.values() if self._is_listed(t)]

    def _local_tables(self) -> list[dict[str, Any]]:
        return [t.summary() for t in self._listed_here()]

    def listing_changed(self, table: Table) -> None:
        """A table's summary or status changed: the next listing looks at it again."""
        self._table_changed_here(table.id)

    def _table_changed_here(self, table_id: int) -> None:
        """The next listing looks at this table again (past ``LISTING_REDO`` tables, it is made anew: the
        changes do not pile up while nobody comes to the lobby)."""
        if self._listed_here_texts is None:
            return
        if len(self._changed_here) >= LISTING_REDO:
            self._changed_here.clear()
            self._listed_here_texts = None
            return
        self._changed_here.add(table_id)

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
            last = next(reversed(texts), -1)
            in_order = True
            for table_id in sorted(changed):
                table = self.tables.get(table_id)
                if table is not None and self._is_listed(table):
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

    def _listing(self) -> tuple[dict[int, str], list[str]]:
        """Every table the lobby lists (this process's and, with several, the others'), each as the JSON text
        of its summary, and who is there."""
        tables = dict(self._listed_texts())
        online = {c.user.name for c in self.lobby}
        if self.cluster is not None:
            others, others_online = self.cluster.other_tables()
            for t in others:
                if t["id"] not in tables:
                    tables[t["id"]] = encode(t)
            online.update(others_online)
            tables = dict(sorted(tables.items()))
        return tables, sorted(online)

    @staticmethod
    def _online(names: list[str]) -> dict[str, Any]:
        return {"online": names[:NAMED_ONLINE], "online_count": len(names)}

    @staticmethod
    def _with_tables(message: dict[str, Any], key: str, texts: list[str]) -> str:
        """``message`` encoded with ``key`` added: the list of the tables' summaries, already JSON texts."""
        return closed(opened(message), member(key, listed(texts)))

    def _send_listing(self, conn: Conn) -> None:
        """Send a client entering the lobby the whole list (its summaries' texts joined, not encoded again).
        The only client there: the next delta is made against this list, not against nothing (which would
        send every table again)."""
        tables, names = self._listing()
        conn.send_text(self._with_tables({"type": "tables", **self._online(names)}, "tables", list(tables.values())))
        if self.lobby == [conn]:
            self._listed, self._listed_online = tables, names

    def table_changed(self, table: Table) -> None:
        self.lobby_changed()

    def lobby_changed(self, local: bool = True) -> None:
        """Gather lobby updates: after ``Settings.lobby_interval`` the changes are sent to every lobby client
        as one ``tables_delta`` (the tables changed or removed since the last one, encoded once), and, with
        several processes, this process's tables are published to the others."""
        if local and self.cluster is not None:
            self._lobby_publish = True
        elif not self.lobby:
            return
        if self._lobby_pending:
            return
        self._lobby_pending = True
        try:
            asyncio.get_running_loop().call_later(self.settings.lobby_interval, self._flush_lobby)
        except RuntimeError:
            self._lobby_pending = False

    def _flush_lobby(self) -> None:
        self._lobby_pending = False
        if self._lobby_publish:
            self._lobby_publish = False
            self.publish_lobby()
        if not self.lobby:
            self._listed, self._listed_online = {}, []
            return
        tables, names = self._listing()
        changed = [text for tid, text in tables.items() if self._listed.get(tid) != text]
        removed = [tid for tid in self._listed if tid not in tables]
        delta: dict[str, Any] = {"type": "tables_delta", "removed": removed}
        if names != self._listed_online:
            delta.update(self._online(names))
        self._listed, self._listed_online = tables, names
        if changed or removed or "online" in delta:
            text = self._with_tables(delta, "changed", changed)
            for conn in self.lobby:
                conn.send_text(text)

    def publish_lobby(self) -> None:
        if self.cluster is not None:
            self.cluster.publish_tables(self._local_tables(), sorted({c.user.name for c in self.lobby}))

    def lobby_line(self, line: dict[str, Any], local: bool = True) -> None:
        self.lobby_chat.append(line)
        text = encode(line)
        for c in self.lobby:
            c.send_text(text)
        if local and self.cluster is not None:
            self.cluster.publish_chat(line)

    def games_info(self) -> list[dict[str, Any]]:
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

    def enter_lobby(self, conn: Conn) -> None:
        self.lobby.append(conn)
        hello = self._hello
        if hello is None:  # what every client is told alike, encoded once
            hello = self._hello = opened({
                "type": "hello", "games": self.games_info(), "bot_levels": bots.levels(),
                "default_bot": bots.default_level(),
                "time_controls": [tc.describe() for tc in TIME_CONTROLS.values()]})
        conn.send_text(closed(hello, member("you", encode({"name": conn.user.name, "guest": conn.user.guest}))))
        conn.send({"type": "chat_history", "lines": list(self.lobby_chat)})
        self.lobby_changed()
        self._send_listing(conn)

    def leave_lobby(self, conn: Conn) -> None:
        if conn in self.lobby:
            self.lobby.remove(conn)
        self.lobby_changed()

    def lobby_message(self, conn: Conn, msg: ClientMessage) -> None:
        if isinstance(msg, Ping):
            conn.send({"type": "pong"})
        elif isinstance(msg, Chat):
            if msg.text.startswith("/"):
                try:
                    self._lobby_command(conn, *commands.parse(msg.text))
                except commands.CommandError as exc:
                    conn.error(str(exc), code="command")
            elif self.chat_allowed(conn):
                self.lobby_line({"type": "chat", "from": conn.user.name, "text": msg.text, "time": time.time()})
        elif isinstance(msg, Command):
            self._lobby_command(conn, msg.name, msg.args)
        elif isinstance(msg, Create):
            if msg.bots is not None and msg.bots not in bots.names():
                conn.error(f"there is no bot level {msg.bots!r}; levels are {', '.join(bots.levels())}")
                return
            most = self.settings.tables_per_person
            if most and self.open_tables_of(conn.user.id) >= most:
                conn.error(f"you have {most} unfinished tables already; finish or leave one first", code="limit")
                return
            try:
                settings = TableSettings.create(msg.time, msg.private, msg.away_bot)
                table = self.create_table(msg.game, msg.seats, msg.options, creator=conn.user.id, settings=settings)
            except ValueError as exc:
                conn.error(str(exc))
                return
            table.admitted.add(conn.user.id)
            if msg.bots is not None and not self._start_against_bots(table, conn, msg.bots):
                return
            conn.send({"type": "created", "table": table.id, "invite": settings.invite})
        else:
            conn.error("moves are sent from a table, not the lobby")

    def chat_allowed(self, conn: Conn) -> bool:
        """Whether this person may say one more chat line now (``Settings.chat_burst``/``chat_rate``)."""
        if self.limits.chat_line(conn.user.id):
            return True
        conn.error("you are chatting too fast; wait a moment", code="flood")
        return False

    def _start_against_bots(self, table: Table, conn: Conn, level: str) -> bool:
        """The lobby's "play against bots": the creator at the first seat, bots in the others, started.
        A game that cannot start is refused and its table removed (none is left behind that never starts)."""
        table.sit(0, Person(conn.user.id, conn.user.name))
        for seat in range(1, len(table.occupants)):
            table.sit(seat, BotSeat(level, f"Bot {table.seat_label(seat)}"))
        error = table.begin()
        if error is not None:  # e.g. options the game cannot be set up with
            self.drop(table)
            conn.error(error)
            return False
        table.say(None, f"{conn.user.name} plays against {len(table.occupants) - 1} {level} bots: " + ", ".join(
            f"{occ.name} ({table.seat_label(seat)})" for seat, occ in enumerate(table.occupants) if occ))
        return True

    def _lobby_command(self, conn: Conn, name: str, args: list[str]) -> None:
        if name == "who":
            conn.notice("In the lobby: " + ", ".join(sorted({c.user.name for c in self.lobby})))
        elif name == "help":
            conn.notice("In the lobby: /who, /help. Create a table with the button, then use /join, /bot, "
                        "/start at the table.")
        else:
            conn.error(f"/{name} works at a table; in the lobby there are /who and /help", code="command")

    # --- a table's messages ---------------------------------------------------------------------

    def table_message(self, table: Table, conn: Conn, msg: ClientMessage) -> None:
        if isinstance(msg, Act):
            table.act(conn, msg.version, msg.action, msg.ref)
            return
        if isinstance(msg, Undo):
            table.take_back(conn, msg.version, msg.step, msg.ref)
            return
        self.commits.flush()  # anything but a move sees only stored moves
        if isinstance(msg, Chat):
            if msg.text.startswith("/"):
                try:
                    name, args = commands.parse(msg.text)
                except commands.CommandError as exc:
                    conn.error(str(exc), code="command")
                    return
                commands.run(table, conn, name, args)
            elif self.chat_allowed(conn):
                table.say(conn, msg.text)
        elif isinstance(msg, Command):
            commands.run(table, conn, msg.name, msg.args)
        elif isinstance(msg, Ping):
            conn.send({"type": "pong"})
        elif isinstance(msg, Resync):
            table.send_state(conn, whole=True)
        else:
            conn.error("tables are created in the lobby")
