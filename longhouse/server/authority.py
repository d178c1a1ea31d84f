"""A table's move authority: the one running game, its record, and what decides whether a move is played.

As boardgame.io's ``Master``, it is the authority apart from transport and storage: it is told who sends a
move (the seat, found by the table's seating) and at which version they saw the game, and it answers with a
refusal or with the record entry and the events of the move applied. The table stores the entry (group
commit, ``commits.py``) and sends the views; should the store fail, the authority is rebuilt from the record
as stored. It knows its game only through the engine contract.

- ``refusal``: not started, not a seat here, over, or stale (``fresh``);
- ``play`` / ``take_back``: parse with ``Game.action_from_json`` and ``State.apply`` (illegal: nothing
  changed, ``IllegalAction`` raised), or ``State.undo``;
- ``commit``: an applied move becomes the record's next entry;
- ``rebuild``: the game again as stored, after a failed store;
- ``abandon``: the game closed without a result.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from longhouse.engine.events import Event
from longhouse.engine.records import Record, replay_with_events, result_of
from longhouse.engine.state import Game, State
from longhouse.i18n import Text, _

#: The result an abandoned game is archived with: no scores, no winners, not rated.
ABANDONED: dict[str, Any] = {"abandoned": True, "scores": None, "winners": [], "breakdown": None}

#: A refusal: the message its sender is told, and its code (None: a plain error).
Refusal = tuple[Text, str | None]

Played = tuple[list[Event], dict[str, Any]]


class Authority:
    def __init__(self, game: Game) -> None:
        self.game = game
        self.record: Record | None = None
        self.state: State | None = None
        #: Every event of the game so far (each client is sent those it may see).
        self.history: list[Event] = []
        # For merging concurrent moves of a simultaneous phase: since which version each acting seat has
        # been acting without a break, and the version its own last move made.
        self.acting_since: dict[int, int] = {}
        self.last_own: dict[int, int] = {}

    @property
    def version(self) -> int:
        return len(self.record.actions) if self.record is not None else 0

    def load(self, record: Record) -> None:
        """A stored game, replayed exactly where it stopped."""
        self.state, self.history = replay_with_events(record, self.game)
        self.record = record
        self._track_acting()

    def begin(self, record: Record, state: State) -> None:
        """A new game (its start stored): ``state`` made from ``record``'s seed and set-up."""
        self.record, self.state, self.history = record, state, []
        self._track_acting()

    # --- a move ---------------------------------------------------------------------------------

    def refusal(self, seat: int | None, version: int) -> Refusal | None:
        """Why ``seat`` (None: its sender holds none) may not move at ``version``, or None if it may."""
        if self.state is None:
            return _("the game has not started"), None
        if seat is None:
            return _("you hold no seat at this table (you are watching)"), None
        if self.state.is_over() or (self.record is not None and self.record.result is not None):
            return _("the game is over"), None  # by its rules, or closed before (abandoned, resigned)
        if not self.fresh(seat, version):
            return (_("stale move: you saw version {seen} but the game is at version {now}; your view is refreshed",
                      seen=version, now=self.version), "stale")
        return None

    def fresh(self, seat: int, version: int) -> bool:
        """Whether a move made at ``version`` may still be played.

        At the current version, yes. At an older one only in a simultaneous phase: when ``seat`` has been
        acting all along since then and has not moved itself since, so only other seats' independent
        choices came in between (the move is then checked for legality as usual). Anything else is stale.
        """
        current = self.version
        if version == current:
            return True
        return (version < current and self.acting_since.get(seat, current + 1) <= version
                and self.last_own.get(seat, -1) <= version)

    def play(self, seat: int, data: dict[str, Any]) -> Played:
        """A sent action parsed and applied to the state: its events and its record entry (``IllegalAction``:
        nothing changed)."""
        return self.apply(seat, self.game.action_from_json(data))

    def apply(self, seat: int, action: Any) -> Played:
        """An action applied to the state (a bot's, or one parsed by ``play``): its events and record entry."""
        assert self.state is not None
        events = self.state.apply(seat, action)
        return events, {"seat": seat, "action": self.game.action_to_json(action)}

    def take_back(self, seat: int, step: int) -> Played:
        """``seat``'s last ``step`` moves of this turn taken back (``IllegalAction``: nothing changed)."""
        assert self.state is not None
        return self.state.undo(seat, step), {"seat": seat, "undo": step}

    def commit(self, seat: int, entry: dict[str, Any], events: list[Event]) -> tuple[int, dict[str, Any] | None]:
        """A move already applied to the state becomes the record's next entry: its index, and the game's
        result if it ended the game (None while it goes on)."""
        assert self.state is not None and self.record is not None
        result = result_of(self.state) if self.state.is_over() else None
        index = len(self.record.actions)
        self.record.actions.append(entry)
        self.history.extend(events)
        self.last_own[seat] = index + 1
        self._track_acting()
        if result is not None:
            self.record.result = result
        return index, result

    def _track_acting(self) -> None:
        acting = set(self.state.acting()) if self.state is not None else set()
        for seat in list(self.acting_since):
            if seat not in acting:
                del self.acting_since[seat]
        version = self.version
        for seat in acting:
            self.acting_since.setdefault(seat, version)

    # --- after a failed store, and at the end -------------------------------------------------------

    def rebuild(self, stored: Record | None, kept: int) -> Record:
        """The game again as the store has it (``stored``) after a failed write; if the store could not be
        read either, as the first ``kept`` entries of the record, the ones stored before. Returns the
        record now played."""
        assert self.record is not None
        record = stored
        if record is None:
            record = dataclasses.replace(self.record, actions=self.record.actions[:kept], result=None)
        self.state, self.history = replay_with_events(record, self.game)
        self.record = record
        self.acting_since = {}
        self._track_acting()
        return record

    def abandon(self, store: Callable[[dict[str, Any]], None], result: dict[str, Any] | None = None) -> None:
        """Close the game before its end: without a result (nobody came back to it), or with ``result`` (a
        resignation decided it): ``store`` archives it with that result (``ABANDONED`` when none) first, then
        the record has it (a store that fails changes nothing here)."""
        result = dict(ABANDONED) if result is None else result
        store(result)
        if self.record is not None:
            self.record.result = result
