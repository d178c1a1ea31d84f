"""Notices: what the hall tells a person who is not at the table — their turn in a turn-based game, an
invitation to a table, a game's result — through channels (e-mail: ``mail.py``; Web Push: the push lane's).

The hall emits; it never waits. ``Notices.emit`` (on the event loop) only appends the notice to a list; a
background task hands what gathered to every channel in a worker thread (``Channel.deliver``), which decides
for each notice whether its person wants it (their opt-ins are the channel's own), and queues it durably
(the mail outbox) or drops it. A channel that fails is logged and does not stop the others. On shutdown
``stop`` hands over what is still pending, so a notice emitted before a graceful restart is not lost.

The events come from three places: ``after_move`` (a stored move of a turn-based table: every person whose
turn it now is, and who has no socket open at the table, gets ``TURN`` once per turn), ``game_over`` (every
person seated when the game began gets ``RESULT``) and whoever invites (``invitation``: the social lane).

To add a channel: an object with a ``name`` and ``deliver(notices)``, given to ``Notices.add``
(``hall.notices.add(channel)``, in ``create_app``). ``headline`` is each notice's one line (a push's title, a
mail's subject) in the words of its person's language (``words_of``: the account's setting, else English).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from longhouse.engine.records import Record
from longhouse.engine.state import Game, State
from longhouse.engine.text import Words
from longhouse.i18n import ENGLISH, N_, Msg, _, listing, ngettext
from longhouse.i18n.catalogs import SOURCE, Translator, supported, translator
from longhouse.server.table_settings import TableSettings
from longhouse.store import Occupant, Person

log = logging.getLogger("longhouse.notices")

#: The time control whose tables send turn notices (``clocks.TIME_CONTROLS``).
TURN_BASED = "turn-based"


class Kind(StrEnum):
    TURN = "turn"
    INVITE = "invite"
    RESULT = "result"


#: Each kind's one line (a mail's subject, a push's title), filled from the notice; catalog texts, put into
#: words in the language of the person told (``words_of``: their account's setting, else English).
HEADLINES = {
    Kind.TURN: N_("Your turn in {title} (table {table})"),
    Kind.INVITE: N_("{by} invites you to {title} (table {table})"),
    Kind.RESULT: N_("{title} at table {table} is over: {outcome}"),
}
OUTCOME_WON = N_("you won")
OUTCOME_SHARED = N_("you share the win")
OUTCOME_ABANDONED = N_("the game was abandoned")
OUTCOME_NOBODY = N_("nobody won")


class Settings(Protocol):
    """Where an account's settings are kept (``store.people.PeopleStore``)."""

    def settings_of(self, user_id: int) -> dict[str, Any]: ...


def words_of(people: Settings, user_id: int) -> Translator:
    """The words of the language a person is told things in away from the hall (a mail, a push): their
    account's setting (``/api/settings`` ``lang``), else English."""
    lang = people.settings_of(user_id).get("lang")
    return translator(supported(lang if isinstance(lang, str) else None) or SOURCE)


@dataclass(frozen=True)
class Notice:
    """One thing to tell one person (``user_id``) about one table."""

    kind: Kind
    user_id: int
    table_id: int
    #: the game's name (``manitou``) and title (``Manitou``)
    game: str
    title: str
    #: who invites (``INVITE``), else None
    by: str | None = None
    #: ``RESULT``: ``players`` (names by seat), ``scores``, ``winners`` (seats), ``seat`` (the person's),
    #: ``abandoned``; else empty
    detail: dict[str, Any] = field(default_factory=dict)
    at: float = field(default_factory=time.time)
    #: the page to open, a path of the hall (``/table/7?invite=…``); None: the table's own (``/table/7``)
    link: str | None = None

    @property
    def path(self) -> str:
        return self.link or f"/table/{self.table_id}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind.value, "user_id": self.user_id, "table_id": self.table_id, "game": self.game,
                "title": self.title, "by": self.by, "detail": self.detail, "at": self.at, "link": self.link}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Notice:
        return cls(Kind(data["kind"]), int(data["user_id"]), int(data["table_id"]), str(data["game"]),
                   str(data["title"]), data.get("by"), dict(data.get("detail") or {}), float(data["at"]),
                   data.get("link"))


def outcome(notice: Notice) -> Msg:
    """A result's outcome for its person: "you won", "Ada won", "abandoned"."""
    d = notice.detail
    if d.get("abandoned"):
        return _(OUTCOME_ABANDONED)
    winners = [int(s) for s in d.get("winners") or []]
    if d.get("seat") in winners:
        return _(OUTCOME_WON if len(winners) == 1 else OUTCOME_SHARED)
    players = d.get("players") or []
    names = [str(players[s]) for s in winners if 0 <= s < len(players)]
    if not names:
        return _(OUTCOME_NOBODY)
    return ngettext("{names} won", "{names} won", len(names), names=listing(names))


def headline(notice: Notice, words: Words = ENGLISH) -> str:
    """The notice's one line in ``words`` (English unless said)."""
    return _(HEADLINES[notice.kind], title=notice.title, table=notice.table_id, by=notice.by or "",
             outcome=outcome(notice) if notice.kind is Kind.RESULT else "").render(words)


class Table(Protocol):
    """What a notice needs of a table (``server/table.py``'s ``Table`` is one)."""

    id: int
    game: Game
    settings: TableSettings
    occupants: list[Occupant | None]
    starters: dict[int, int] | None

    @property
    def state(self) -> State | None: ...

    @property
    def record(self) -> Record | None: ...

    def connected(self, user_id: int) -> bool: ...


class Channel(Protocol):
    """A way to reach a person away from the hall (e-mail, Web Push)."""

    #: a short name for the log (``mail``, ``push``)
    name: str

    def deliver(self, notices: Sequence[Notice]) -> None:
        """Take these notices (called in a worker thread, never on the event loop; it may use the store but
        must not wait for a network service: queue and send elsewhere). Each person's opt-ins are the
        channel's to check. Exceptions are logged by the caller."""
        ...


class Notices:
    """The hall's notices: emitted on the event loop, handed to each channel in the background."""

    def __init__(self, channels: Sequence[Channel] = ()) -> None:
        self.channels: list[Channel] = list(channels)
        self._pending: list[Notice] = []
        self._lock = threading.Lock()
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        #: per turn-based table, the people told that it is their turn (told once per turn)
        self._told: dict[int, frozenset[int]] = {}

    def add(self, channel: Channel) -> None:
        self.channels.append(channel)

    # --- emitting ---------------------------------------------------------------------------------

    def emit(self, notice: Notice) -> None:
        """Queue a notice for every channel; returns at once."""
        with self._lock:
            self._pending.append(notice)
        if self._wake is not None:
            self._wake.set()

    def after_move(self, table: Table) -> None:
        """A move of ``table`` is stored: a turn-based table tells each person whose turn it now is (once per
        turn, and not while they have a socket open at the table)."""
        if table.settings.time_control != TURN_BASED or not self.channels:
            return
        state = table.state
        if state is None or state.is_over():
            self._told.pop(table.id, None)
            return
        now = {occ.user_id for seat in state.acting()
               if seat < len(table.occupants) and isinstance(occ := table.occupants[seat], Person)}
        before = self._told.get(table.id, frozenset())
        self._told[table.id] = frozenset(now)
        for user_id in sorted(now - before):
            if not table.connected(user_id):
                self.emit(Notice(Kind.TURN, user_id, table.id, table.game.name, table.game.title))

    def game_over(self, table: Table) -> None:
        """``table``'s game is over: everyone seated at its start hears its result."""
        self._told.pop(table.id, None)
        record = table.record
        if record is None or not self.channels:
            return
        result = record.result or {}
        people = table.starters if table.starters is not None else {
            seat: occ.user_id for seat, occ in enumerate(table.occupants) if isinstance(occ, Person)}
        for seat, user_id in sorted(people.items()):
            detail = {"players": list(record.players), "scores": result.get("scores"),
                      "winners": list(result.get("winners") or []), "seat": seat,
                      "abandoned": bool(result.get("abandoned"))}
            self.emit(Notice(Kind.RESULT, user_id, table.id, table.game.name, table.game.title, detail=detail))

    def invitation(self, user_id: int, table: Table, by: str, link: str | None = None) -> None:
        """``by`` invites ``user_id`` to ``table`` (the social lane's invitations); ``link``: the path that lets
        them in (a private table's ``/table/7?invite=…``)."""
        self.emit(Notice(Kind.INVITE, user_id, table.id, table.game.name, table.game.title, by=by, link=link))

    def forget(self, table_id: int) -> None:
        """A table left this process (dropped, handed over)."""
        self._told.pop(table_id, None)

    # --- handing over -----------------------------------------------------------------------------

    def start(self) -> None:
        """Hand notices over in the background from now on (the app's lifespan)."""
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._run())
        if self._pending:
            self._wake.set()

    async def stop(self) -> None:
        """Stop the background task and hand over what is pending."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self.flush()

    async def flush(self) -> None:
        """Hand every pending notice to the channels now (and wait until they took them)."""
        with self._lock:
            batch, self._pending = self._pending, []
        if batch:
            await asyncio.to_thread(self._deliver, batch)

    async def _run(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            try:
                await self.flush()
            except Exception:  # _deliver logs each channel's failure; this is anything else
                log.exception("notices could not be handed over")

    def _deliver(self, batch: list[Notice]) -> None:
        for channel in self.channels:
            try:
                channel.deliver(batch)
            except Exception:
                log.exception("the %s channel failed to take %d notices", channel.name, len(batch))
