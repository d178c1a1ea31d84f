"""Taking back steps, one scheme for every game, the engine's: ``State.undo`` checks the seat and the step
(``step_index``) and calls the game's ``_take_back`` hook with the step's index.

A game whose steps are undone one by one in place (Manitou's picks, made while other seats pick too) gives
``undo_steps`` and ``_take_back``. A game whose turn's steps are taken back together derives from
``TurnUndoState``: the state keeps a ``TurnUndo`` (a copy of the state when the turn began, the base, and the
actions the seat has played since), which its rules start (``begin_undo``), extend (``note_step``) and drop
(``undo_turn = None``) when hidden information is revealed or the turn passes; to take back step k, the
engine restores the base and plays the steps before k again (the game's ``_replay_step``). The base is never
changed, so copies share it. Its snapshot is the engine's too: the position (the game's ``core_json``) and the
undo record under ``"undo"``, read back (``core_from_json``) only if its steps replay from its base to the
very position.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self

from longhouse.engine.errors import IllegalAction, SnapshotError
from longhouse.engine.events import Event
from longhouse.engine.fields import Fields
from longhouse.engine.text import _

JSON = dict[str, Any]

#: What reading a snapshot may raise on a malformed one, turned into ``SnapshotError``.
MALFORMED = (IllegalAction, TypeError, ValueError, IndexError, KeyError, AttributeError, AssertionError,
             OverflowError, RecursionError)


def step_index(n: int, step: Any) -> int:
    """The index (0 to n - 1) of ``step`` among ``n`` undoable steps (negative counts from the end);
    ``IllegalAction`` when there are none or there is no such step."""
    if n == 0:
        raise IllegalAction(_("there is nothing to take back"))
    if isinstance(step, bool) or not isinstance(step, int) or not -n <= step < n:
        raise IllegalAction(_("there is no undoable step {step} (there are {n})", step=repr(step), n=n))
    return step % n


class TurnUndo:
    """One seat's undoable steps in its turn: the position when the turn began and the actions since."""

    __slots__ = ("base", "seat", "steps")

    def __init__(self, seat: int, base: Any, steps: list[Any] | None = None) -> None:
        self.seat = seat
        self.base = base
        self.steps: list[Any] = [] if steps is None else steps

    def copy(self) -> TurnUndo:
        return TurnUndo(self.seat, self.base, self.steps[:])

    def count(self, seat: int) -> int:
        """How many steps ``seat`` may take back (0 for any other seat, or when the turn has no base)."""
        return len(self.steps) if seat == self.seat and self.base is not None else 0

    def keep(self, seat: int, step: int) -> list[Any]:
        """The actions that remain when ``seat`` takes back ``step`` (an index into its steps, negative
        from the end) and every step after it; ``IllegalAction`` when there is no such step."""
        return self.steps[: step_index(self.count(seat), step)]

    def to_json(self, base_json: Callable[[Any], JSON], action_json: Callable[[Any], JSON]) -> JSON:
        return {"seat": self.seat, "base": base_json(self.base), "steps": [action_json(a) for a in self.steps]}

    @staticmethod
    def from_json(data: Any, read_base: Callable[[Any], Any], read_action: Callable[[Any], Any]) -> TurnUndo | None:
        """Read ``to_json``'s output back (``None`` stays ``None``); a bad shape raises ``SnapshotError``."""
        if data is None:
            return None
        if not isinstance(data, dict) or set(data) != {"seat", "base", "steps"} or not isinstance(data["steps"], list):
            raise SnapshotError("an undo record is {'seat', 'base', 'steps'}")
        seat = data["seat"]
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise SnapshotError("an undo record's seat is a whole number")
        try:
            steps = [read_action(a) for a in data["steps"]]
        except IllegalAction as exc:
            raise SnapshotError(f"an undo record holds a bad action: {exc}") from None
        return TurnUndo(seat, read_base(data["base"]), steps)


class UndoCopies:
    """The copies of a state that keeps its turn's ``TurnUndo`` in ``undo_turn`` (a mixin, before ``State``):
    its ``FIELDS`` (with ``undo_turn`` among their ``fresh`` fields) make the copy without the undo record,
    which is what a turn's undo keeps as its base; a clone copies the record too (sharing its base)."""

    FIELDS: ClassVar[Fields]
    undo_turn: TurnUndo | None

    def copy_without_undo(self) -> Self:
        """An independent copy with no undo record."""
        new: Self = self.FIELDS.new_copy(self)
        return new

    def clone(self) -> Self:
        new = self.copy_without_undo()
        turn = self.undo_turn
        new.undo_turn = None if turn is None else turn.copy()
        return new


class TurnUndoState(UndoCopies, ABC):
    """The engine's undo of a turn's steps and the snapshot that holds it, for a state class (a mixin, before
    ``State``). The game gives the hooks: ``core_json`` and ``core_from_json`` (the position without its undo
    record, and reading it back), ``_replay_step`` (a kept step played again), ``_undone`` (what taking back
    says); and may narrow ``_undo_open`` (whether the seat's steps may be taken back now) and
    ``_undo_record`` (where an older snapshot kept its undo record)."""

    num_players: int

    # --- the game's hooks -----------------------------------------------------------------------------

    @abstractmethod
    def core_json(self) -> JSON:
        """The snapshot of the position, without its undo record."""

    @classmethod
    @abstractmethod
    def core_from_json(cls, data: Mapping[str, Any]) -> Self:
        """A position read back from ``core_json``'s output, with no undo record (any error of ``MALFORMED``
        or ``SnapshotError`` on a bad one)."""

    @abstractmethod
    def _replay_step(self, seat: int, action: Any) -> None:
        """Play a kept step of ``seat`` again (legal: it was played from the same position before)."""

    @abstractmethod
    def _undone(self, seat: int, taken: int, kept: int) -> list[Event]:
        """The events of ``seat`` taking back ``taken`` steps, ``kept`` remaining."""

    def _undo_open(self, seat: int) -> bool:
        """Whether the turn's steps may be taken back now (beyond the record's own seat and base)."""
        return True

    def _restored(self) -> None:
        """Called once the base is restored, before the kept steps are played again (caches to drop)."""

    @classmethod
    def _undo_record(cls, data: Mapping[str, Any]) -> Any:
        """The undo record of a snapshot (``TurnUndo.to_json``'s output, or None)."""
        return data["undo"]

    # --- the scheme -----------------------------------------------------------------------------------

    def begin_undo(self, seat: int, takeable: bool = True) -> None:
        """``seat``'s turn begins here: nothing before can be taken back (``takeable=False``: nor anything of
        this turn, which is still ``seat``'s)."""
        self.undo_turn = None
        self.undo_turn = TurnUndo(seat, self.copy_without_undo() if takeable else None)

    def note_step(self, action: Any) -> None:
        """An action of the turn under way that may be taken back."""
        turn = self.undo_turn
        if turn is not None and turn.base is not None:
            turn.steps.append(action)

    def undo_steps(self, seat: int) -> int:
        turn = self.undo_turn
        return 0 if turn is None or not self._undo_open(seat) else turn.count(seat)

    def _take_back(self, seat: int, index: int) -> list[Event]:
        turn = self.undo_turn
        assert turn is not None and turn.base is not None
        keep = turn.steps[:index]
        self.FIELDS.copy(turn.base, self)
        self.undo_turn = TurnUndo(turn.seat, turn.base)
        self._restored()
        for action in keep:
            self._replay_step(seat, action)
        self.undo_turn = TurnUndo(turn.seat, turn.base, list(keep))
        return self._undone(seat, len(turn.steps) - len(keep), len(keep))

    def undo_json(self) -> JSON | None:
        """The undo record as a snapshot holds it (None when there is nothing to take back)."""
        turn = self.undo_turn
        if turn is None or turn.base is None:
            return None
        return turn.to_json(type(self).core_json, self.game.action_to_json)  # type: ignore[attr-defined]

    def to_json(self) -> JSON:
        return {**self.core_json(), "undo": self.undo_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Read a snapshot back; a malformed or inconsistent one raises ``SnapshotError``."""
        try:
            if not isinstance(data, Mapping):
                raise SnapshotError("a snapshot is a JSON object")
            state = cls.core_from_json(data)
            turn = TurnUndo.from_json(cls._undo_record(data), cls.core_from_json,
                                      cls.game.action_from_json)  # type: ignore[attr-defined]
            if turn is not None:
                state._check_undo(turn)
                state.undo_turn = turn
            return state
        except SnapshotError:
            raise
        except MALFORMED as exc:
            raise SnapshotError(f"a malformed {cls.game.title} snapshot "  # type: ignore[attr-defined]
                                f"({type(exc).__name__}: {exc})"[:300]) from None

    def _check_undo(self, turn: TurnUndo) -> None:
        """The undo record's steps must replay, legally, from its base to this very position."""
        if not 0 <= turn.seat < self.num_players:
            raise SnapshotError("the undo record's seat is no seat at this table")
        replay = turn.base.copy_without_undo()
        for action in turn.steps:
            if not replay.is_legal(turn.seat, action):
                raise SnapshotError("the undo history does not replay from its base")
            replay._replay_step(turn.seat, action)
        if replay._undo_position() != self._undo_position():
            raise SnapshotError("the undo history does not lead to this position")

    def _undo_position(self) -> Any:
        """What the undo check compares of the replayed and the stored position: the core JSON (a game
        whose snapshots hold texts of an older version's words compares it without them)."""
        return self.core_json()
