"""A table: seats, watchers, chat, bots and its connections around the running game, held in memory.

The game itself is the table's move authority's (``authority.py``). A move goes: the sender's seat (by the
seating here) and the version they saw -> the authority refuses it or applies it -> the record entry is
stored, together with the other moves of this turn of the event loop (``commits.py``) -> only then is each
client sent its seat's own view and the events it may see. If the store fails, the authority is rebuilt
from the stored record and the movers are told their moves were not played. The bots' seats and turns are
``TableBots``' (``table_bots.py``): their moves go through the same authority and the same commit.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import Counter, deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from longhouse import bots, games
from longhouse.engine.errors import IllegalAction, LonghouseError
from longhouse.engine.events import Event
from longhouse.engine.records import Record
from longhouse.engine.seats import seat_colour, seat_title
from longhouse.engine.state import Game, State
from longhouse.i18n import Text, _, english, ngettext
from longhouse.i18n.errors import error_text
from longhouse.server import table_options
from longhouse.server.authority import Authority, Played
from longhouse.server.boards import board_for, game_message
from longhouse.server.commits import GroupCommit
from longhouse.server.conn import Conn, send_each
from longhouse.server.fencing import fenced_people
from longhouse.server.json_text import closed, member, opened
from longhouse.server.limits import Limits
from longhouse.server.notices import Notices
from longhouse.server.protocol import encode
from longhouse.server.resign import mark
from longhouse.server.settings import Settings
from longhouse.server.state_texts import StateTexts
from longhouse.server.table_bots import BotHall, TableBots
from longhouse.server.table_settings import TableSettings
from longhouse.server.timekeeper import Timekeeper
from longhouse.store import BotSeat, Move, Occupant, Person, Status, Store, TableRow
from longhouse.store.people import PeopleStore

if TYPE_CHECKING:
    from longhouse.server.social import Social

log = logging.getLogger("longhouse.table")

CHAT_HISTORY = 100
#: Watchers named in a table's summary (beyond them, only their number, ``watching``).
NAMED_WATCHERS = 30


class Listing(Protocol):
    """What a table tells the lobby (``Lobby`` is one)."""

    def changed(self, local: bool = True) -> None: ...
    def listing_changed(self, table_id: int) -> None: ...  # its summary or status changed


class Host(BotHall, Protocol):
    """What a table needs from the hall around it (``Hall`` is one); its bots' part: ``BotHall``."""

    store: Store
    settings: Settings
    limits: Limits
    commits: GroupCommit[Table]  # where moves are stored, a turn of the event loop at a time
    notices: Notices  # turn and result notices (notices.py)
    social: Social  # who blocks whom (chat lines hidden, seats refused): social.py

    @property
    def lobby(self) -> Listing: ...

    def table_finished(self, table: Table) -> None: ...

    def give_up(self, table: Table) -> None: ...

    # the people's part, and what the timekeeper does: see hall.py, timekeeper.py and rematch.py
    people: PeopleStore
    def clock(self) -> float: ...
    def drop_waiting(self, table: Table) -> None: ...
    def abandon(self, table: Table, text: Text) -> None: ...
    def forget_finished(self, table: Table) -> None: ...

    def table(self, table_id: int) -> Table | None: ...

    def create_table(self, game_name: str, seats: int, options: dict[str, Any], creator: int | None = None,
                     settings: TableSettings | None = None) -> Table: ...


def default_bot() -> str:
    """The level ``/bot`` seats when none is named."""
    return bots.default_level()


class Table:
    def __init__(self, hall: Host, row: TableRow) -> None:
        self.hall = hall
        self.id = row.id
        self.game: Game = games.get(row.game)
        self.capacity = row.seats
        self.options = dict(row.options)
        self._status = row.status
        self.occupants: list[Occupant | None] = list(row.occupants)
        self._seats_of: list[Occupant | None] = []  # the seating ``_seat_by_user`` was made of
        self._seat_by_user: dict[int, int] = {}
        self.created = row.created
        #: Several processes: the fencing epoch this process claimed the table with (None: one process).
        self.epoch: int | None = None
        #: The person who created the table (counted against ``Settings.tables_per_person``), if known.
        self.creator: int | None = None
        #: The running game: its record, its state, and whether a move may be played.
        self.authority = Authority(self.game)
        self.conns: list[Conn] = []
        self.present: Counter[int] = Counter()  # user id -> open connections here
        self.names: dict[int, str] = {}  # user id -> name, of everyone present
        #: Running game: the seat each person has played in it; they may sit at that seat only.
        self.bound: dict[int, int] = {}
        #: The accounts seated when the game began (seat -> user id), as stored with its start; None when not
        #: known here (a table read back from the store: its ratings look them up).
        self.starters: dict[int, int] | None = None
        #: Seated people with no connection here: since when (``Limits.now``).
        self.away_since: dict[int, float] = {}
        self._summary: dict[str, Any] | None = None  # computed once per change
        self._summary_text: str | None = None  # and encoded once per change
        self._table_prefix: str | None = None  # the shared part of the table message, encoded once per change
        self._watchers_due = False
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_HISTORY)
        self.bots = TableBots(self)  # the seats bots play, and their turns
        self.settings = TableSettings()
        self.keeper = Timekeeper(self)
        self.texts = StateTexts(self.game)  # the state messages, their shared part made once per version
        #: Accounts let into a private table (its creator, whoever came with the invitation, rematch players).
        self.admitted: set[int] = set()
        #: A rematch table: the players of the old game it waits for (user id -> name), seated or not yet.
        self.awaited: dict[int, str] = {}

    @classmethod
    def load(cls, hall: Host, row: TableRow, record: Record | None) -> Table:
        """A stored table; a started one is replayed from its record, exactly where it stopped."""
        table = cls(hall, row)
        table.settings = TableSettings.from_json(hall.people.table_hall(row.id))
        if record is not None:
            table.authority.load(record)
            now = hall.limits.now()
            for seat, occ in enumerate(table.occupants):
                if isinstance(occ, Person):
                    table.bound[occ.user_id] = seat
                    table.away_since[occ.user_id] = now
            if row.status == Status.RUNNING:
                table.keeper.started(hall.people.clock(row.id))
        return table

    # --- who is here ------------------------------------------------------------------------------

    @property
    def status(self) -> Status:
        return self._status

    @status.setter
    def status(self, status: Status) -> None:  # whether the lobby lists it may change
        self._status = status
        self.hall.lobby.listing_changed(self.id)

    @property
    def state(self) -> State | None:
        return self.authority.state

    @property
    def record(self) -> Record | None:
        return self.authority.record

    @property
    def version(self) -> int:
        return self.authority.version

    def seat_of(self, user_id: int) -> int | None:
        """The seat ``user_id`` holds here (the first, should it hold several), or None."""
        occupants = self.occupants
        if occupants != self._seats_of:  # the seating changed (compared seat by seat, identity first)
            self._seats_of = occupants[:]
            self._seat_by_user = {occ.user_id: seat for seat, occ in reversed(list(enumerate(occupants)))
                                  if isinstance(occ, Person)}
        return self._seat_by_user.get(user_id)

    def seat_label(self, seat: int) -> Text:
        return seat_title(seat)

    def watchers(self) -> list[str]:
        seated = {occ.user_id for occ in self.occupants if isinstance(occ, Person)}
        return [name for uid, name in self.names.items() if uid not in seated]

    def admits(self, user_id: int, invite: str | None) -> bool:
        """Whether an account may open this table: any, unless it is private (then: the invitation, or a
        seat here, or having been let in before)."""
        if not self.settings.private or user_id in self.admitted or self.seat_of(user_id) is not None:
            return True
        if invite is not None and invite == self.settings.invite:
            self.admitted.add(user_id)
            return True
        return False

    def connected(self, user_id: int) -> bool:
        return self.present[user_id] > 0

    def summary(self) -> dict[str, Any]:
        """The table as the lobby and its page show it; computed once per change."""
        if self._summary is None:
            self._summary = self._compute_summary()
        return self._summary

    def summary_text(self) -> str:
        """The summary as JSON text (the lobby's listing joins them); encoded once per change."""
        if self._summary_text is None:
            self._summary_text = encode(self.summary())
        return self._summary_text

    def forget_summary(self) -> None:
        self._summary = self._summary_text = self._table_prefix = None
        self.hall.lobby.listing_changed(self.id)

    def _compute_summary(self) -> dict[str, Any]:
        seats: list[dict[str, Any] | None] = []
        for seat, occ in enumerate(self.occupants):
            if occ is None:
                seats.append(None)
            else:
                seats.append({
                    "name": occ.name, "kind": occ.kind, "level": occ.level if isinstance(occ, BotSeat) else None,
                    "colour": seat_colour(seat),
                    "connected": isinstance(occ, BotSeat) or self.connected(occ.user_id),
                    **self.keeper.seat_parts(seat),  # away, reliability, vacation
                })
        out: dict[str, Any] = {
            "id": self.id, "game": self.game.name, "title": self.game.title, "board": board_for(self.game.name),
            "capacity": self.capacity,
            "min_players": self.game.min_players, "status": self.status, "seats": seats,
            "options": self.options, "created": self.created,
            "time_control": self.settings.public(),
            "rematch": self.settings.rematch, "rematch_of": self.settings.rematch_of,
            "resigned": list(self.settings.resigned),
        }
        if self.awaited and self.status == Status.WAITING:
            out["awaiting"] = [name for uid, name in self.awaited.items() if self.seat_of(uid) is None]
        watchers = self.watchers()
        out["spectators"] = watchers[:NAMED_WATCHERS]
        out["watching"] = len(watchers)
        if self.record is not None:
            out["players"] = list(self.record.players)
        result = self.record.result if self.record is not None else None
        if result is not None and result.get("scores") is not None:  # its end, or a resignation that ended it
            out["scores"], out["winners"] = result["scores"], result["winners"]
        elif self.state is not None and self.state.is_over():
            out["scores"], out["winners"] = self.state.scores(), self.state.winners()
        return out

    # --- connections ------------------------------------------------------------------------------

    def attach(self, conn: Conn) -> None:
        self.hall.commits.flush()  # a visitor sees only stored moves
        uid = conn.user.id
        self.conns.append(conn)
        self.present[uid] += 1
        self.names[uid] = conn.user.name
        self.away_since.pop(uid, None)
        seat = self.seat_of(uid)
        self.forget_summary()
        self.keeper.presence_changed()
        conn.send_text(game_message(self.game, conn.lang))
        conn.send_text(self._table_text(conn))
        conn.send({"type": "chat_history", "lines": self.hall.social.visible_lines(conn.user, self.chat)})
        if self.state is not None:
            conn.send({"type": "log", "events": [e.to_json() for e in self.authority.history
                                                 if e.visible_to(seat)]})
            self.send_state(conn, whole=True)
        if self.present[uid] == 1:
            self._people_changed(seat is not None)

    def detach(self, conn: Conn) -> None:
        if conn not in self.conns:
            return
        uid = conn.user.id
        self.conns.remove(conn)
        self.present[uid] -= 1
        if self.present[uid] > 0:
            return
        del self.present[uid]
        self.names.pop(uid, None)
        seated = self.seat_of(uid) is not None
        if seated:
            self.away_since[uid] = self.hall.limits.now()
        self.forget_summary()
        self.keeper.presence_changed()
        self._people_changed(seated)

    def _people_changed(self, seated: bool) -> None:
        """Someone came or went: a seated person at once (their seat shows it), a watcher in the next
        gathered update (``Settings.lobby_interval``), so that many watchers cost one update, not one each."""
        if seated:
            self.seating_changed()
        elif not self._watchers_due:
            self._watchers_due = True
            try:
                asyncio.get_running_loop().call_later(self.hall.settings.lobby_interval, self._flush_watchers)
            except RuntimeError:
                self._watchers_due = False

    def _flush_watchers(self) -> None:
        if self._watchers_due:  # not told of since (``seating_changed``)
            self.seating_changed()

    def _table_text(self, conn: Conn) -> str:
        """The ``table`` message for one client: the shared summary, encoded once, and who they are."""
        shared = self._table_prefix
        if shared is None:
            head = opened({"type": "table", "bot_levels": bots.levels(), "default_bot": default_bot(),
                           "invite": self.settings.invite, "bot_after": self.hall.settings.away_grace})
            shared = self._table_prefix = f'{head},{member("table", self.summary_text())}'
        you = {"name": conn.user.name, "seat": self.seat_of(conn.user.id), "guest": conn.user.guest,
               "creator": conn.user.id == self.creator, "lang": conn.lang}
        return closed(shared, member("you", encode(you)))

    def send_seating(self, conn: Conn) -> None:  # one client's ``table`` message again
        conn.send_text(self._table_text(conn))

    def seating_changed(self) -> None:
        """Seats or watchers changed: the summary is computed again, once, and sent to everyone here (its
        encoding shared), and the lobby is told. It tells of the watchers too: their gathered update is off."""
        self._watchers_due = False
        self.forget_summary()
        for conn in self.conns:
            conn.send_text(self._table_text(conn))
        self.hall.lobby.changed()

    # --- chat -----------------------------------------------------------------------------------

    def say(self, conn: Conn | None, text: Text) -> None:  # the hall's own lines (conn None): in each one's language
        line: dict[str, Any] = {"type": "chat", "from": conn.user.name if conn else None, "text": text,
                                "time": time.time()}
        if conn is not None:
            line["seat"] = self.seat_of(conn.user.id)
        self.chat.append(line)
        social = self.hall.social  # not to those who block the speaker; encoded once per language
        send_each((c for c in self.conns if conn is None or not social.hides(c.user, line)), line)

    # --- seating --------------------------------------------------------------------------------

    def save_seating(self) -> None:
        self.hall.store.set_occupants(self.id, self.occupants, epoch=self.epoch)  # StaleOwner: see fencing.py

    def sit(self, seat: int, occupant: Occupant) -> None:
        self.occupants[seat] = occupant
        if isinstance(occupant, Person) and self.status == Status.RUNNING:
            self.bound.setdefault(occupant.user_id, seat)
        self.save_seating()
        if isinstance(occupant, BotSeat):
            self.bots.seat(seat, occupant.level)
        self.keeper.sync()
        self.seating_changed()
        self.resend_state()
        self.bots.schedule()

    def unseat(self, seat: int) -> None:
        self.occupants[seat] = None
        self.bots.remove(seat)
        self.save_seating()
        self.keeper.sync()
        self.seating_changed()
        self.resend_state()

    def stand_in(self, seat: int, text: Text) -> None:
        """A bot takes over a running game's seat (time out, away, given up); the chat says ``text``."""
        self.bots.cancel(seat)
        self.say(None, text)
        self.sit(seat, BotSeat(default_bot(), f"Bot {english(self.seat_label(seat))}"))

    def begin(self) -> Text | None:
        """Start the game with the seated players (in seat order). Returns an error, or None."""
        seated: list[Occupant | None] = [occ for occ in self.occupants if occ is not None]
        if self.status != Status.WAITING:
            return _("the game has already started")
        if not self.game.min_players <= len(seated) <= self.game.max_players:
            return ngettext("{game} needs {low} to {high} players; {n} seated",
                            "{game} needs {low} to {high} players; {n} seated", len(seated),
                            game=self.game.title, low=self.game.min_players, high=self.game.max_players)
        seed = secrets.randbits(63)
        players = [occ.name for occ in seated if occ is not None]
        setup = table_options.game_setup(self.options) or None  # the hall's own options are not the game's
        try:
            state = self.game.new_state(len(seated), seed, setup)
        except LonghouseError as exc:
            return _("cannot start: {reason}", reason=error_text(exc))
        record = Record(self.game.name, self.game.rules_version, players, seed, setup)
        starters = {seat: occ.user_id for seat, occ in enumerate(seated) if isinstance(occ, Person)}
        self.hall.store.start_table(self.id, record, seated, people=starters, epoch=self.epoch)
        self.starters = starters
        self.keeper.seat_log.began()
        self.occupants = seated
        self.authority.begin(record, state)
        self.status = Status.RUNNING
        self.bound = {occ.user_id: seat for seat, occ in enumerate(seated) if isinstance(occ, Person)}
        self.bots.clear()
        for seat, occ in enumerate(seated):
            if isinstance(occ, BotSeat):
                self.bots.seat(seat, occ.level)
        self.keeper.started()
        self.seating_changed()
        self.resend_state()
        self.bots.schedule()
        self.hall.notices.after_move(self)
        return None

    # --- moves ----------------------------------------------------------------------------------

    def act(self, conn: Conn, version: int, action_json: dict[str, Any], ref: int | None) -> None:
        self._move(conn, version, ref, lambda seat: self.authority.play(seat, action_json))

    def take_back(self, conn: Conn, version: int, step: int, ref: int | None) -> None:
        self._move(conn, version, ref, lambda seat: self.authority.take_back(seat, step))

    def _move(self, conn: Conn, version: int, ref: int | None, do: Callable[[int], Played]) -> None:
        seat = self.seat_of(conn.user.id)
        refused = self.authority.refusal(seat, version)
        if refused is not None:
            message, code = refused
            if code == "stale":
                self.hall.commits.flush()  # the refreshed view may show only stored moves
                conn.error(message, ref, code=code)
                self.send_state(conn)
            else:
                conn.error(message, ref)
            return
        assert seat is not None
        if self.keeper.too_late(seat, conn, ref):  # its clock is checked now, not on the next tick
            return
        try:
            events, entry = do(seat)
        except IllegalAction as exc:
            conn.error(error_text(exc), ref, code="illegal")
            return
        self.commit(seat, entry, events)

    def commit(self, seat: int, entry: dict[str, Any], events: list[Event]) -> None:
        """Record an entry already applied to the state, and store it with the other moves of this turn of
        the event loop (``commits.py``); its state goes out only once it is stored (``acknowledged``)."""
        index, result = self.authority.commit(seat, entry, events)
        over = result is not None
        mark(result, self.settings.resigned)  # the resigned are ranked last (resign.py)
        clock = self.keeper.run(mover=seat)  # stored with the move, in its transaction
        move = Move(self.id, index, entry, result, self.epoch, clock=None if clock is None else clock[0],
                    clock_cleared=clock is not None and clock[0] is None)
        if over:
            self.status = Status.OVER
            self.bots.stop()
        # the messages are made now, of this version, and sent once it is stored
        sends = self._state_texts(events, by=seat)
        self.hall.commits.add(self, move, seat, lambda: self._acknowledged(sends, over))

    def _acknowledged(self, sends: list[tuple[Conn, str]], over: bool) -> None:
        for conn, text in sends:
            conn.send_text(text)
        if over:  # its outcomes and ratings are stored before the table says it is over
            self.hall.table_finished(self)
            self.seating_changed()
        else:
            self.bots.schedule()
            self.hall.notices.after_move(self)

    def not_stored(self, movers: list[int]) -> None:
        """This turn's moves here (one per mover, the last ones of ``record``) could not be stored: back to
        the stored record; the movers are told, and a bot among them tries again a second later (the store
        may be down for a while)."""
        assert self.record is not None
        self._rebuild(kept=len(self.record.actions) - len(movers))
        for conn in self.conns:
            if self.seat_of(conn.user.id) in movers:
                conn.error(_("the move could not be stored; it was not played"), code="store")
        with contextlib.suppress(RuntimeError):
            asyncio.get_running_loop().call_later(1.0, self.bots.schedule)

    def _rebuild(self, kept: int) -> None:
        """The game again as the store has it after a failed write; if the store cannot be read either (it
        is down), as the first ``kept`` entries of the record, the ones stored before."""
        try:
            stored = self.hall.store.record(self.id)
        except Exception as exc:
            log.warning("table %s: the store cannot be read either (%s); back to its %d stored moves", self.id,
                        exc, kept)
            stored = None
        record = self.authority.rebuild(stored, kept)
        self.texts.forget()
        if record.result is None and self.status == Status.OVER:  # the last move was not stored after all
            self.status = Status.RUNNING

    def abandon(self, text: Text, result: dict[str, Any] | None = None) -> None:
        """Close a running game nobody came back to: archived as abandoned (no ratings change), or with
        ``result`` (a resignation decided it: ``resign.py``); the chat says ``text``."""
        finished = self.hall.clock()
        self.authority.abandon(lambda result: fenced_people(self, lambda within: self.hall.people.close_abandoned(
            self.id, result, finished, within)), result)  # StaleOwner: another process owns it now (fencing.py)
        self.status = Status.OVER
        self.keeper.clock = None
        self.bots.stop()
        self.say(None, text)
        self.seating_changed()

    def send_state(self, conn: Conn, whole: bool = False) -> None:
        """Send one client the current state (a refresh: no events, no mover): whole (on connecting, or
        when it asks: ``resync``), else what changed since the last one it was sent."""
        if whole:
            conn.state_sent = None
        for target, text in self._state_texts([], None, [conn]):
            target.send_text(text)

    def resend_state(self, events: list[Event] | None = None, by: int | None = None) -> None:
        """Send every client the view of its own seat (spectators the public view) and its events."""
        for conn, text in self._state_texts(events or [], by):
            conn.send_text(text)

    def _state_texts(self, events: list[Event], by: int | None,
                     conns: list[Conn] | None = None) -> list[tuple[Conn, str]]:
        """The ``state`` message for every client here (or for ``conns``): a delta against the last one each
        was sent (``Conn.state_sent``), or the whole state; each seat's made once, the part everyone sees
        alike once per version (``state_texts.py``). Each client's ``state_sent`` is this message from now:
        the messages must be sent in the order they are made."""
        targets = self.conns if conns is None else conns
        if self.state is None or not targets:  # nobody to tell (a game of bots nobody watches): nothing made
            return []
        result = self.record.result if self.record is not None and self.status == Status.OVER else None
        texts = self.texts.texts(self.state, self.version, self.status, self.keeper.snapshot(), [(
            self.seat_of(conn.user.id), conn.state_sent) for conn in targets], events, by, None if result is None
            or result.get("abandoned") else result)
        out = []
        for conn, (text, sent) in zip(targets, texts, strict=True):
            conn.state_sent = sent
            out.append((conn, text))
        return out

    def stop(self, code: int = 1000, reason: str = "") -> None:
        self.bots.stop()
        for conn in list(self.conns):
            conn.close(code, reason)
