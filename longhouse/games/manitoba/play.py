"""Manitoba's rules bound to the engine contract: the legal actions the task stack offers, playing one,
taking back steps of the active player's turn, and re-dealing what is hidden.

``ManitobaPlay`` is the position the game hands out: the data of ``state.ManitobaState`` driven by
``flow`` (which carries out the task stack with ``paths``, ``goods``, ``events`` and ``scoring``).
"""

from __future__ import annotations

from typing import Self

from longhouse.engine.events import Event
from longhouse.engine.rng import Rng
from longhouse.engine.seats import seat_word
from longhouse.engine.state import Action
from longhouse.engine.text import ngettext
from longhouse.engine.undo import TurnUndo
from longhouse.games.manitoba import actions as A
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import flow, recent
from longhouse.games.manitoba import tasks as T
from longhouse.games.manitoba.rulings import UNDO_EVERY_SEAT
from longhouse.games.manitoba.state import ManitobaState

#: the undo record of a seat whose steps cannot be taken back (no base), per seat of the largest table
_NO_BASE = tuple(TurnUndo(seat, None) for seat in range(max(D.GOODS_BY_PLAYERS)))


class ManitobaPlay(ManitobaState):
    """A Manitoba position with its rules."""

    __slots__ = ()

    def legal_actions(self, seat: int) -> list[Action]:
        if seat in self.acting_seats:
            return [*self.legal]  # a copy in the interpreter: cheaper than a call of list(...) on every action
        return []

    def is_legal(self, seat: int, action: Action) -> bool:
        if seat not in self.acting_seats or type(seat) is bool:  # a type test, not an isinstance call
            return False
        legal = self.legal
        for a in legal:  # the shared action the list handed out: no comparison of values
            if a is action:
                return True
        try:
            return action in legal and A.NOTATION.well_formed(action)
        except TypeError:
            return False

    def _apply(self, seat: int, action: Action) -> list[Event]:
        # Undo covers the active player's turn (ruling undo-every-seat): a copy when the turn begins (the totem
        # choice; with UNDO_EVERY_SEAT, any seat's first step), the steps after it; cut when another seat
        # acts, a new turn begins or hidden cards are laid out.
        # The engine's begin_undo and note_step written out (the same effect; two calls less on every action,
        # the rules' hot path): a passive seat's first step begins a record with no base, which keeps no steps.
        turn = self.undo_turn
        if turn is None or turn.seat != seat:
            if UNDO_EVERY_SEAT or type(self.tasks[-1]) is T.Totem:
                turn = self.undo_turn = TurnUndo(seat, self.copy_without_undo())
            else:  # a record with no base never keeps a step: one per seat, shared, not one per passive step
                turn = self.undo_turn = _NO_BASE[seat]
        if turn.base is not None:
            turn.steps.append(action)
        events = self.events = []
        self.undo_cut = False
        # is_legal has found ``action`` among the legal ones (Manitoba's actions); no isinstance assert here
        flow.step(self, action)  # type: ignore[arg-type]
        # the board's last moves and last scoring, folded when read: recent.note written out (a call costs
        # half a percent of a random playout)
        self.unfolded.append((seat, events, recent.moment_of(self) if self.unfolded_scoring else None))
        if self.round_no != self.unfolded_round:
            recent.end_round(self)
        self.events = []
        if self.undo_cut or self.over:
            self.undo_turn = None
        return events

    # --- the engine's undo (engine/undo.py): its hooks ------------------------------------------------

    def _restored(self) -> None:
        self.events = []

    def _replay_step(self, seat: int, action: A.Act) -> None:
        self.events = []
        flow.step(self, action)
        recent.note(self, seat, self.events)

    def _undone(self, seat: int, taken: int, kept: int) -> list[Event]:
        self.events = []
        return [Event("undo", ngettext("{seat} takes back {n} step", "{seat} takes back {n} steps", taken,
                                       seat=seat_word(seat)), {"seat": seat})]

    def determinize(self, seat: int, rng: Rng) -> Self:
        """Re-deal what no seat has seen: the event cards of seasons not yet laid out and the undrawn
        score tiles. Everything else in Manitoba is open information."""
        c = self.clone()
        # sorted before shuffled: the re-deal depends only on ``rng``, never on the real order (hints rely on it)
        for season in range(D.SPRING, D.AUTUMN + 1):
            if season > c.season:
                c.decks[season - 1].sort()
                rng.shuffle(c.decks[season - 1])
        c.tile_pile.sort()
        rng.shuffle(c.tile_pile)
        c.rng = rng.fork()
        c.undo_turn = None
        return c
