"""The hall: the registry of every open table in memory (loaded, created, handed over, dropped), its tick,
and where a table's messages go. The lobby is ``lobby.py``'s; moves are stored by ``commits.py``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from longhouse import games
from longhouse.bots import thinking
from longhouse.bots.thinking import Thinker
from longhouse.engine.errors import LonghouseError, SetupError
from longhouse.engine.options import validate_options
from longhouse.i18n import Text, _
from longhouse.i18n.errors import error_text
from longhouse.server import commands, fairplay, ratings, social_commands, table_options
from longhouse.server.commits import GroupCommit
from longhouse.server.conn import Conn
from longhouse.server.fencing import fenced
from longhouse.server.gone import GoneTables
from longhouse.server.limits import Limits
from longhouse.server.lobby import Lobby
from longhouse.server.metrics import HallMetrics, UncountedMetrics
from longhouse.server.notices import Notices
from longhouse.server.protocol import Act, Chat, ClientMessage, Command, Ping, Resync, Undo
from longhouse.server.settings import Settings
from longhouse.server.social import Social
from longhouse.server.table import Table
from longhouse.server.table_settings import TableSettings
from longhouse.server.vacation import Vacations
from longhouse.store import BotSeat, Person, StaleOwner, Status, Store, TableRow, wal
from longhouse.store.people import PeopleStore

if TYPE_CHECKING:
    from longhouse.server.cluster import Cluster

log = logging.getLogger("longhouse.hall")


class TableIndex(dict[int, Table]):
    """The hall's open tables by id, telling ``changed`` of each id added or removed (``Lobby.listing_changed``)."""

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
        #: Follows, blocks, mutes, invitations and notices (``social.py``); the lobby and tables ask it.
        self.social = Social(self)
        self.lobby = Lobby(self)
        self.vacations = Vacations(self)  # who is on vacation now (vacation.py)
        #: The open tables by id; the lobby's listing hears of every one added or removed.
        self.tables: dict[int, Table] = TableIndex(self.lobby.listing_changed)
        self.cluster: Cluster | None = None
        #: Moves are stored a turn of the event loop at a time, each acknowledged once stored.
        #: Set once the hall is told to stop (SIGTERM): /readyz sends no one here any more.
        self.stopping = False
        #: The figures /metrics serves (``metrics.py``); the app tells them where to read the rest.
        self.metrics = UncountedMetrics() if settings.no_metrics else HallMetrics()
        self.commits: GroupCommit[Table] = GroupCommit(store, self.give_up, self.metrics)
        #: Waiting tables closed a little while ago: what their numbers say (``gone.py``).
        self.gone = GoneTables(self.clock)
        #: Turn, invitation and result notices, handed to the channels (e-mail, push) in the background.
        self.notices = Notices()

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
                    table.bots.seat(seat, occ.level, seed=row.id * 8 + seat + table.version)
        return table

    def adopt(self, row: TableRow) -> Table | None:
        """Take over a table at run time (another process that owned it has gone): load it, start its bots."""
        table = self.load(row)
        if table is not None:
            table.bots.schedule()
            self.lobby.changed()
        return table

    def start_bots(self) -> None:
        for table in self.tables.values():
            table.bots.schedule()

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
        wal.cut_back(self.store)
        self.vacations.tick()
        for table in list(self.tables.values()):
            try:
                table.keeper.tick()
            except StaleOwner:  # another process owns it now: nothing was written (fencing.py)
                self.give_up(table)

    def shutdown(self) -> None:
        self.commits.flush()
        if self._ticker is not None:
            self._ticker.cancel()
        now = self.clock()
        for table in self.tables.values():
            table.keeper.save(now)
            table.stop()
        self.lobby.close()

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
            raise ValueError(_("the hall is restarting: create your table again in a moment"))
        try:
            game = games.get(game_name)
        except KeyError as exc:
            raise ValueError(_("there is no game {name}; games are {names}", name=repr(game_name),
                               names=", ".join(games.names()))) from exc
        if not game.min_players <= seats <= game.max_players:
            raise ValueError(_("{game} is for {low} to {high} players", game=game.title, low=game.min_players,
                               high=game.max_players))
        table_options.check_options(options)
        try:  # the hall's own options, and only the game's declared ones: never a fixture such as a deck order
            options = {**options, **validate_options(game.options, table_options.game_setup(options))}
        except SetupError as exc:
            raise ValueError(error_text(exc)) from exc
        row = self.store.create_table(game.name, seats, options, [None] * seats,
                                      hall=None if settings is None else settings.to_json(),
                                      above=self.gone.highest())
        table = Table(self, row)
        table.creator = creator
        if settings is not None:
            table.settings = settings
        self.tables[table.id] = table
        if self.cluster is not None:
            asyncio.get_running_loop().create_task(self._claim_new(table))
        self.lobby.changed()
        return table

    async def _claim_new(self, table: Table) -> None:
        assert self.cluster is not None
        if not await self.cluster.claim(table.id):  # another process adopted it first: it is theirs
            if self.tables.get(table.id) is table:
                self.give_up(table)  # its sockets close, and the browsers reconnect to the owner
        else:
            table.epoch = self.store.claim(table.id)

    def give_up(self, table: Table) -> None:
        """Another process owns this table now (our fencing epoch is old): let it go, and close its sockets
        so that the browsers reconnect to the owner."""
        self.tables.pop(table.id, None)
        table.stop()
        self.notices.forget(table.id)
        if self.cluster is not None:
            self.cluster.forget(table.id)
        self.lobby.changed()

    def table_finished(self, table: Table) -> None:
        fairplay.game_over(table)  # who played it, left it, timed out: the ratings read it
        try:
            ratings.rate_finished(self.people, table.id, table.starters)
        except Exception:  # the game is stored; its ratings can be rebuilt from the archive
            log.exception("table %s: the ratings could not be updated", table.id)
        self.notices.game_over(table)
        self.lobby.changed()
        self.maybe_drop(table)  # a game its bots ended with nobody at the table: nobody will leave it

    def forget_finished(self, table: Table) -> None:
        """A finished table nobody has been at for a while leaves memory (``Timekeeper.tick``)."""
        if not table.conns and self.tables.get(table.id) is table:
            del self.tables[table.id]

    def abandon(self, table: Table, text: Text) -> None:
        """Close a running table nobody came back to (``Table.abandon``); with nobody there it leaves memory."""
        table.abandon(text)
        fairplay.game_over(table)
        self.notices.game_over(table)
        if not table.conns:
            self.tables.pop(table.id, None)

    def drop_waiting(self, table: Table) -> None:
        """A waiting table nobody has looked at for a long time leaves the lobby and the store."""
        self.drop(table, "deserted")

    def maybe_drop(self, table: Table) -> None:
        """A waiting table nobody sits at or looks at is removed; a finished one leaves memory."""
        if table.conns:
            return
        if table.status == Status.WAITING and all(not isinstance(o, Person) for o in table.occupants):
            self.drop(table)
        elif table.status == Status.OVER:
            self.tables.pop(table.id, None)

    def drop(self, table: Table, reason: str = "left") -> None:
        """Remove a table that never started, from memory and the store; for a while its number says so
        (``gone.py``: ``reason`` is a key of its texts)."""
        if not table.settings.private and self.tables.get(table.id) is table:
            self.gone.add(table.id, table.creator, reason)
        table.stop()
        with contextlib.suppress(StaleOwner):  # another process owns it now: it is not ours to remove
            fenced(table, lambda: self.store.delete_table(table.id, table.epoch))
            self.people.delete_table(table.id)
        self.tables.pop(table.id, None)
        self.lobby.changed()

    def gone_text(self, table_id: int) -> Text | None:
        """What became of a waiting table closed a little while ago (None: not one)."""
        return self.gone.text(table_id, [t for t in self.tables.values()
                                         if t.status != Status.OVER and not t.settings.private])

    def open_tables_of(self, user_id: int) -> int:
        """How many tables this person created that are not finished."""
        return sum(1 for t in self.tables.values() if t.creator == user_id and t.status != Status.OVER)

    def chat_allowed(self, conn: Conn) -> bool:
        """Whether this person may say one more chat line now, in the lobby or at a table
        (``Settings.chat_burst``/``chat_rate``; not while a moderator has muted them: ``social.py``)."""
        muted = self.social.chat_refusal(conn)
        if muted is not None:
            conn.error(muted, code="muted")
            return False
        if self.limits.chat_line(conn.user.id):
            return True
        conn.error(_("you are chatting too fast; wait a moment"), code="flood")
        return False

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
                    conn.error(error_text(exc), code="command")
                    return
                if not social_commands.run(self.social, conn, name, args, table):
                    commands.run(table, conn, name, args)
            elif self.chat_allowed(conn):
                table.say(conn, msg.text)
        elif isinstance(msg, Command):
            if not social_commands.run(self.social, conn, msg.name, msg.args, table):
                commands.run(table, conn, msg.name, msg.args)
        elif isinstance(msg, Ping):
            conn.send({"type": "pong"})
        elif isinstance(msg, Resync):
            table.send_state(conn, whole=True)
        else:
            conn.error(_("tables are created in the lobby"))
