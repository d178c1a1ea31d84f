"""Taking back steps of a turn, one scheme for every game: a copy of the state when the turn began (the
base) and the actions the seat has played since.

A game starts a ``TurnUndo`` when a turn begins (``TurnUndo(seat, a copy of the state without its
undo)``; a base of ``None`` marks a seat's turn with nothing to take back), appends each undoable action
to ``steps``, and drops it (``None``) when hidden information is revealed or the turn passes. To take
back, ``keep(seat, step)`` checks the step and says which actions remain; the game restores a copy of
``base`` and plays those again. The base is never changed, so copies share it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Self

from longhouse.engine.errors import IllegalAction, SnapshotError
from longhouse.engine.fields import Fields

JSON = dict[str, Any]


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
        n = self.count(seat)
        if n == 0:
            raise IllegalAction("there is nothing to take back")
        if isinstance(step, bool) or not isinstance(step, int) or not -n <= step < n:
            raise IllegalAction(f"there is no undoable step {step!r} (there are {n})")
        return self.steps[: step % n]

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
