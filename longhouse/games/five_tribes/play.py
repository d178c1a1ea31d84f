"""Five Tribes' rules bound to the engine contract: the legal actions of each phase, playing one, taking back
steps of a turn, re-dealing what is hidden, and reading a snapshot back (checked, its undo history
replayed).

``FTPlay`` is the position the game hands out: the data of ``state.FTState`` with the rules of ``turns``,
``movement``, ``tribes``, ``tiles``, ``placement``, ``djinns`` and ``scoring``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self

from longhouse.engine.errors import SnapshotError
from longhouse.engine.events import Event
from longhouse.engine.rng import Rng
from longhouse.engine.state import Action
from longhouse.engine.text import _
from longhouse.engine.undo import TurnUndo
from longhouse.games.five_tribes import actions as A
from longhouse.games.five_tribes import djinns as D
from longhouse.games.five_tribes import movement, placement, rulings, scoring, tiles, tribes, turns
from longhouse.games.five_tribes.data import COLOURS, ECHIDNA, FAKIR, IBLIS, NUM_TILES, TILE_TYPES
from longhouse.games.five_tribes.snapshot import validate as validate_snapshot
from longhouse.games.five_tribes.state import (
    ASSASSINS,
    BID,
    BUILDERS,
    DROP,
    FIELDS,
    FREE,
    KEEP,
    KILL,
    OVER,
    PICK,
    PLACE,
    SUIT,
    TILE,
    TURN_PHASES,
    FTState,
    Phase,
    player,
)


class FTPlay(FTState):
    """A Five Tribes position with its rules."""

    __slots__ = ()

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == OVER or seat != self.current_seat():
            return []
        c = self._cache
        if c is not None and c[0] == self._ver:
            return list(c[1])
        acts = self._legal()
        self._cache = (self._ver, acts)
        return list(acts)

    def is_legal(self, seat: int, action: Action) -> bool:
        if self.phase == OVER or seat != self.current_seat():
            return False
        c = self._cache
        if c is None or c[0] != self._ver:
            self.legal_actions(seat)
            c = self._cache
        assert c is not None
        acts = c[1]
        # One of the very values the list handed out (what a bot or a playout applies) is legal and well
        # formed: found by identity, with no hashing or equality of dataclasses (a Python-level __hash__ and
        # __eq__ for each action listed). Anything else (an equal copy read from JSON or text) by value.
        for x in acts:
            if x is action:
                return True
        try:
            return action in frozenset(acts) and A.well_formed(action)
        except TypeError:
            return False

    def _legal(self) -> list[Any]:
        ph = self.phase
        seat = self.current_seat()
        if ph == DROP:
            return movement.legal_drops(self)
        if ph == BID:
            return turns.legal_bids(self, seat)
        if ph == PICK:
            picks: list[Any] = [movement.PICKS[t] for t in movement.legal_picks(self)]
            powers = D.anytime_powers(self, seat)
            if picks:
                # Echidna and Iblis only while a move is still to come that they can change.
                return picks + powers + D.tribe_powers(self, seat, (ECHIDNA, IBLIS))
            return powers + tiles.suit_starts(self, seat) + [A.END_TURN]
        if ph in (BUILDERS, ASSASSINS):
            return tribes.decision_options(self, seat)
        if ph == KILL:
            # RULING assassin-compulsory: no way to decline while a target exists.
            return tribes.kill_targets(self) + ([] if rulings.ASSASSIN_KILL_COMPULSORY else [A.SKIP])
        if ph == TILE:
            return [*tiles.tile_options(self, seat), A.SKIP, *D.anytime_powers(self, seat)]
        if ph == PLACE:
            return placement.place_options(self, seat)
        if ph == KEEP:
            return [A.Keep(d) for d in sorted(self.keep_choices)]
        if ph == FREE:
            return D.anytime_powers(self, seat) + tiles.suit_starts(self, seat) + [A.END_TURN]
        if ph == SUIT:
            hand = self.hands[seat]
            return [tiles.SUIT_CARDS[c] for c in range(FAKIR) if hand[c] and c not in self.suit] + [A.SELL]
        raise AssertionError(f"unknown phase {ph}")

    def _apply(self, seat: int, action: Action) -> list[Event]:
        ev: list[Event] = []
        self._revealed = False
        ph = self.phase
        in_turn = ph in TURN_PHASES
        a: Any = action
        if ph == DROP:
            movement.apply_drop(self, seat, a, ev)
        elif ph == BID:
            turns.apply_bid(self, seat, a, ev)
        else:
            # by the action's exact type (is_legal found it equal to a legal action, and a dataclass is equal
            # only to one of its own class): one dict lookup instead of a chain of isinstance tests
            play = _PLAY.get(type(a))
            if play is None:
                raise AssertionError(f"unhandled action {a!r}")
            play(self, seat, a, ev)
        # touch() and the engine's note_step written out (the same effect; two calls less on every action)
        self._ver += 1
        self._cache = None
        turn = self.undo_turn
        if in_turn and turn is not None and self.phase in TURN_PHASES and self.seat == seat:
            if self._revealed:
                self.begin_undo(seat)
            elif type(a) is not A.EndTurn and turn.base is not None:
                turn.steps.append(a)
        return ev

    # --- the engine's undo (engine/undo.py): its hooks ------------------------------------------------

    def _undo_open(self, seat: int) -> bool:
        return self.phase in TURN_PHASES and seat == self.seat

    def _restored(self) -> None:
        self.touch()

    def _replay_step(self, seat: int, action: Action) -> None:
        self._apply(seat, action)

    def _undone(self, seat: int, taken: int, kept: int) -> list[Event]:
        self.touch()
        return [Event("undo", _("{seat} takes back a step", seat=player(seat)), {"seat": seat, "to_step": kept})]

    # --- the score, the hidden, snapshots ----------------------------------------------------------

    def scores(self) -> list[int]:
        return scoring.scores(self)

    def score_breakdown(self) -> list[dict[str, int]]:
        return scoring.breakdown(self)

    def determinize(self, seat: int, rng: Rng) -> Self:
        """Re-deal what ``seat`` cannot know: the order of the Resource and Djinn decks, the cards the
        other players drew blind (Sloar, Kandicha) and still hold (until the end, when every hand is shown),
        another player's pending Sibittis draw, and the bag's future draws (the copy's generator is
        re-seeded). Cards everybody saw a player take stay in that hand. Gold held by others is hidden from
        view but follows from the public record of every payment, so it is kept.

        The acting player's undo history is kept for every observer, with the same re-deal: nothing hidden
        has been drawn since its base was taken (a draw starts a new base), so the base's decks, pending
        Sibittis draw and generator are the ones re-dealt here, and the base's hidden cards are this
        re-deal's plus those the player has shown since (sold or paid)."""
        s = self.copy_without_undo()
        rng = rng.fork()
        others = [o for o in range(s.num_players) if o != seat and s.phase != OVER]
        unseen = [[s.hands[o][c] - s.shown[o][c] for c in range(len(s.hands[o]))] for o in range(s.num_players)]
        # hidden piles are sorted before they are shuffled: the re-deal depends only on what ``seat``
        # knows and on ``rng``, never on the real order or on which blind card is whose (hints rely on it)
        pool = sorted(s.res_deck + [c for o in others for c, k in enumerate(unseen[o]) for _ in range(k)])
        rng.shuffle(pool)
        for o in others:
            k = sum(unseen[o])
            s.hands[o] = s.shown[o][:]
            for card in pool[:k]:
                s.hands[o][card] += 1
            del pool[:k]
        s.res_deck = pool
        if s.phase == KEEP and seat != s.seat:
            pool = sorted(s.djinn_deck + s.keep_choices)
            rng.shuffle(pool)
            k = len(s.keep_choices)
            s.keep_choices = pool[:k]
            s.djinn_deck = pool[k:]
        else:
            s.djinn_deck.sort()
            rng.shuffle(s.djinn_deck)
        s.rng = Rng(rng.next64())
        if self.undo_turn is not None:
            base = self.undo_turn.base.copy_without_undo()
            base.res_deck = s.res_deck[:]
            for o in others:
                # Hidden cards leave a hand only face up, so the base's hidden cards are the current ones
                # plus those shown since: re-dealt, they are the re-dealt current ones plus those.
                was = [base.hands[o][c] - base.shown[o][c] for c in range(len(base.hands[o]))]
                base.hands[o] = [base.shown[o][c] + s.hands[o][c] - s.shown[o][c] + was[c] - unseen[o][c]
                                 for c in range(len(was))]
            base.djinn_deck = s.djinn_deck[:]
            base.rng = s.rng.copy()
            if base.phase == KEEP and s.phase == KEEP:
                base.keep_choices = s.keep_choices[:]
            s.undo_turn = TurnUndo(self.undo_turn.seat, base, self.undo_turn.steps[:])
        s.touch()
        return s

    @classmethod
    def core_from_json(cls, data: Any) -> Self:
        """A position read back from ``core_json`` (checked by ``snapshot.validate``), with no undo record."""
        if not isinstance(data, dict):
            raise SnapshotError("a Five Tribes snapshot is a JSON object")
        s = object.__new__(cls)
        FIELDS.read(s, data, _snapshot_value)
        if not isinstance(s.tiles, list) or len(s.tiles) != NUM_TILES or any(
                not isinstance(t, str) or t not in TILE_TYPES for t in s.tiles):
            raise SnapshotError("'tiles' must name the 30 tiles")
        if len(s.board) != NUM_TILES or any(len(x) != COLOURS for x in s.board):
            raise SnapshotError("'board' must have 30 rows of 5 counts")
        s.rng = Rng.from_json(data.get("rng"))
        validate_snapshot(s)
        s.undo_turn = None
        s._revealed = False
        s.derive()
        return s

    @classmethod
    def _undo_record(cls, data: Any) -> Any:
        """The undo record: ``"undo"``, or in a snapshot written before the engine kept it (rules version 2, up
        to 2026-12-01) the base and the actions under ``"undo_base"`` and ``"undo_actions"``."""
        if "undo" in data or "undo_base" not in data:
            return data["undo"]
        base = data["undo_base"]
        if base is None:
            return None
        if not isinstance(base, dict) or base.get("phase") not in TURN_PHASES or data.get("phase") not in TURN_PHASES:
            raise SnapshotError("the undo base must be in the same player's turn")
        if base.get("seat") != data.get("seat"):
            raise SnapshotError("the undo base must be in the same player's turn")
        history = data.get("undo_actions", [])
        if not isinstance(history, list):
            raise SnapshotError("'undo_actions' must be a list")
        return {"seat": data["seat"], "base": base, "steps": history}


def _skip(st: FTPlay, seat: int, a: A.Skip, ev: list[Event]) -> None:
    if st.phase == KILL:  # no kill: on to the tile's action
        tiles.tile_action(st, ev)
    else:  # the tile's action declined
        tiles.apply_tile(st, seat, a, ev)


#: How each kind of action outside the drops and bids is played, by its type.
_PLAY: dict[type, Callable[[FTPlay, int, Any, list[Event]], None]] = {
    A.Pick: lambda st, seat, a, ev: movement.apply_pick(st, seat, a.tile, ev),
    A.Power: D.apply_power,
    A.Fakirs: lambda st, seat, a, ev: tribes.apply_fakirs(st, seat, a.count, ev),
    A.Kill: tribes.apply_kill,
    A.Skip: _skip,
    A.Summon: tiles.apply_tile,
    A.Buy: tiles.apply_tile,
    A.Place: placement.apply_place,
    A.Keep: D.apply_keep,
    A.SuitCard: tiles.apply_suit,
    A.Sell: tiles.apply_suit,
    A.EndTurn: lambda st, seat, a, ev: turns.end_turn(st, ev),
}

_VALUES = frozenset(FIELDS.values)


def _snapshot_value(name: str, raw: Any) -> Any:
    """A snapshot's value as the state holds it: numbers (and flags) checked here, list entries by
    ``snapshot.validate``."""
    if name in _VALUES:
        if not isinstance(raw, int):
            raise SnapshotError(f"{name!r} must be a number")
        if name == "phase" and not isinstance(raw, bool):
            return Phase(raw)
        return bool(raw) if isinstance(raw, bool) else raw
    return raw
