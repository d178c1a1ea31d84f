"""The engine helpers every game uses: field lists for copies and snapshots, turn undo, action tables."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from longhouse.engine import IllegalAction, SnapshotError
from longhouse.engine.fields import Fields
from longhouse.engine.notation import JSON, ActionTable, Notated, Word, whole
from longhouse.engine.rng import Rng
from longhouse.engine.undo import TurnUndo, UndoCopies


class Box:
    FIELDS = Fields(values=("turn", "pair"), lists=("gold", "tasks"), tables=("board",), cubes=("stores",),
                    copies=("rng",), shared=("names",), unsaved=("cache",), json={"turn": "round"})
    __slots__ = (*FIELDS.names(), "cache")
    turn: int
    pair: tuple[int, int]
    gold: list[int]
    tasks: list[tuple[int, ...]]
    board: list[list[int]]
    stores: list[list[list[int]]]
    rng: Rng
    names: list[str]
    cache: int


def box() -> Box:
    b = Box()
    b.turn, b.pair, b.gold, b.tasks = 3, (1, 2), [5, 6], [(1, 2, 3)]
    b.board, b.stores, b.rng, b.names, b.cache = [[1], [2, 3]], [[[4]], [[5], [6]]], Rng(7), ["a"], 0
    return b


def test_a_copy_shares_values_and_copies_every_container_to_its_depth() -> None:
    a, b = box(), Box()
    Box.FIELDS.copy(a, b)
    assert (b.turn, b.pair, b.gold, b.board, b.stores) == (a.turn, a.pair, a.gold, a.board, a.stores)
    assert b.names is a.names  # shared
    b.gold.append(1)
    b.board[1].append(1)
    b.stores[1][0].append(1)
    b.rng.next64()
    assert a.gold == [5, 6] and a.board == [[1], [2, 3]] and a.stores == [[[4]], [[5], [6]]]
    assert a.rng.state != b.rng.state


def test_a_snapshot_renames_writes_tuples_as_lists_and_leaves_out_shared_and_unsaved() -> None:
    snap = Box.FIELDS.to_json(box())
    assert snap == {"round": 3, "pair": [1, 2], "gold": [5, 6], "tasks": [[1, 2, 3]], "board": [[1], [2, 3]],
                    "stores": [[[4]], [[5], [6]]], "rng": 7}
    back = Box()
    Box.FIELDS.read(back, snap, lambda name, raw: tuple(raw) if name in ("tasks", "pair") else raw)
    assert (back.turn, back.pair, back.gold, back.tasks) == (3, (1, 2), [5, 6], [(1, 2, 3)])
    assert (back.board, back.stores) == ([[1], [2, 3]], [[[4]], [[5], [6]]])
    with pytest.raises(SnapshotError, match="whole numbers"):
        Box.FIELDS.read(Box(), snap)  # without a converter, list entries are whole numbers


@pytest.mark.parametrize("broken", [{"gold": [5, True]}, {"gold": 5}, {"board": [1]}, {"round": None, "pair": None}])
def test_reading_a_bad_snapshot_is_a_snapshot_error(broken: dict[str, Any]) -> None:
    snap = Box.FIELDS.to_json(box())
    snap.update(broken)
    if broken.get("round", 0) is None:
        del snap["round"]
    with pytest.raises(SnapshotError):
        Box.FIELDS.read(Box(), snap)


def test_a_field_listed_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        Fields(values=("a",), lists=("a",))


class FreshBox:
    FIELDS = Fields(values=("turn", "cut"), lists=("gold",), fresh={"cut": False, "events": [], "undo": None})
    __slots__ = (*FIELDS.names(), "events", "undo")
    turn: int
    cut: bool
    gold: list[int]
    events: list[str]
    undo: str | None


def test_a_new_copy_is_of_the_same_class_copies_the_fields_and_starts_the_fresh_ones_afresh() -> None:
    a = FreshBox()
    a.turn, a.cut, a.gold, a.events, a.undo = 4, True, [1, 2], ["moved"], "an undo record"
    b = FreshBox.FIELDS.new_copy(a)
    c = FreshBox.FIELDS.new_copy(a)
    assert type(b) is FreshBox
    assert (b.turn, b.gold, b.cut, b.events, b.undo) == (4, [1, 2], False, [], None)
    assert b.gold is not a.gold and b.events is not c.events  # every copy its own containers
    assert (a.cut, a.events, a.undo) == (True, ["moved"], "an undo record")  # the original keeps its own
    other = FreshBox()
    FreshBox.FIELDS.copy(a, other)  # copying into an existing object leaves the fresh fields alone
    assert other.cut is True and not hasattr(other, "events")


@pytest.mark.parametrize("value", [[1], {"a": 1}, object(), 1.5])
def test_a_fresh_value_must_be_a_constant_or_an_empty_container(value: Any) -> None:
    with pytest.raises(ValueError, match="fresh value"):
        Fields(values=("a",), fresh={"b": value})


def test_turn_undo_keeps_the_steps_before_the_one_taken_back() -> None:
    turn = TurnUndo(1, base="base", steps=["a", "b", "c"])
    assert turn.count(1) == 3 and turn.count(0) == 0
    assert turn.keep(1, -1) == ["a", "b"] and turn.keep(1, 0) == [] and turn.keep(1, 1) == ["a"]
    for bad in (3, -4, True, "1"):
        with pytest.raises(IllegalAction):
            turn.keep(1, bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="nothing to take back"):
        turn.keep(0, -1)
    assert TurnUndo(1, None, ["a"]).count(1) == 0  # a turn without a base has nothing to take back
    copy = turn.copy()
    copy.steps.pop()
    assert copy.base is turn.base and turn.steps == ["a", "b", "c"]


class Undoable(UndoCopies):
    FIELDS = Fields(values=("turn",), lists=("gold",), fresh={"undo_turn": None})
    turn: int
    gold: list[int]


def test_a_state_with_turn_undo_copies_without_it_and_clones_with_it() -> None:
    a = Undoable()
    a.turn, a.gold = 2, [3]
    a.undo_turn = TurnUndo(0, "the base", ["a step"])
    bare = a.copy_without_undo()
    assert (type(bare), bare.turn, bare.gold, bare.undo_turn) == (Undoable, 2, [3], None)
    twin = a.clone()
    assert twin.undo_turn is not None and twin.undo_turn is not a.undo_turn
    assert (twin.undo_turn.base, twin.undo_turn.steps) == ("the base", ["a step"])  # the base is shared
    twin.undo_turn.steps.append("another")
    assert a.undo_turn.steps == ["a step"] and twin.gold is not a.gold


def test_turn_undo_round_trips_through_json() -> None:
    turn = TurnUndo(2, base={"x": 1}, steps=[5, 6])
    data = turn.to_json(dict, lambda a: {"n": a})
    back = TurnUndo.from_json(data, dict, lambda d: d["n"])
    assert back is not None and (back.seat, back.base, back.steps) == (2, {"x": 1}, [5, 6])
    assert TurnUndo.from_json(None, dict, dict) is None
    with pytest.raises(SnapshotError):
        TurnUndo.from_json({"seat": True, "base": {}, "steps": []}, dict, dict)


@dataclass(frozen=True, slots=True)
class Move(Notated):
    to: int
    kind: ClassVar[str] = "move"

    @classmethod
    def read(cls, data: JSON) -> Move:
        return Move(whole(data, "to", 0, 9))

    def to_text(self) -> str:
        return f"go {self.to}"

    @classmethod
    def read_text(cls, text: str) -> Move | None:
        head, _, arg = text.partition(" ")
        return Move(int(arg)) if head == "go" and arg.isdigit() else None


TABLE = ActionTable("Toy", (Move,), "write go N")


def test_an_action_table_reads_and_writes_every_notation() -> None:
    assert TABLE.to_json(Move(3)) == {"type": "move", "to": 3}
    assert TABLE.from_json({"type": "move", "to": 3}) == Move(3)
    assert TABLE.to_text(Move(3)) == "go 3" and TABLE.from_text(" go 3 ") == Move(3)
    assert TABLE.describe(Move(3)) == "go 3" and TABLE.describe("garbage") == "'garbage'"
    assert TABLE.well_formed(Move(3)) and not TABLE.well_formed(Move(True))


@pytest.mark.parametrize("data", [None, {"to": 3}, {"type": "jump"}, {"type": "move"}, {"type": "move", "to": 10},
                                  {"type": "move", "to": 3, "extra": 1}])
def test_an_action_table_refuses_bad_json_clearly(data: Any) -> None:
    with pytest.raises(IllegalAction):
        TABLE.from_json(data)


def test_an_action_table_refuses_bad_text_and_foreign_values() -> None:
    for text in ("", "go", "fly 3", 3):
        with pytest.raises(IllegalAction):
            TABLE.from_text(text)
    with pytest.raises(IllegalAction, match="not a Toy action"):
        TABLE.to_json((1, 2))


@dataclass(frozen=True, slots=True)
class Pass(Word):
    kind: ClassVar[str] = "pass"
    said: ClassVar[str] = "let the turn go by"


WORDS = ActionTable("Toy", (Move, Pass), "write go N or pass")


def test_a_word_action_is_one_shared_value_written_as_its_kind() -> None:
    one = Pass.one()
    assert Pass.one() is one and one == Pass()
    assert WORDS.to_json(one) == {"type": "pass"} and WORDS.from_json({"type": "pass"}) is one
    assert WORDS.to_text(one) == "pass" and WORDS.from_text(" PASS ") is one and one.words() == "let the turn go by"
    assert WORDS.from_text("go 2") == Move(2) and WORDS.well_formed(one)
    with pytest.raises(IllegalAction):
        WORDS.from_text("passing")
    with pytest.raises(IllegalAction, match="unknown keys"):
        WORDS.from_json({"type": "pass", "to": 1})
