"""The task stack that drives a Manitoba game.

The state keeps a stack of pending tasks (the top is the last): one small dataclass per kind of task, with
named fields, its ``kind`` (``Kind``) saying which. An automatic task is carried out as soon as it reaches
the top; a decision task waits for its seat's action. Follow-up tasks are pushed on top, so that they are
done before anything below them — this is how "immediately" in the rulebook is kept (a good is stored before
the next action, a player's scoring with its refill is finished before the next player scores).

A task is never changed once made: the rules push a new one (copies of a state share the tasks of their
stacks). The dataclasses are slotted but not frozen, for speed: a frozen one costs a ``object.__setattr__``
per field on every push, the rules' inner loop (a push and a half per action).

A snapshot writes a task as ``{"kind": name, field: value, ...}``; rules version 1 wrote ``[kind number,
seat, x, y, z]``, which ``from_json`` still reads (the numbers are ``Kind``'s).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import IntEnum
from typing import Any, ClassVar

from longhouse.games.manitoba import data as D


class Kind(IntEnum):
    """The kinds of task (numbered as rules version 1's snapshots numbered them)."""

    SOL_GOODS = 0
    SOL_AREA = 1
    SOL_PATH = 2
    SOL_DONE = 3
    TOTEM = 4
    ACTIVE = 5
    PASSIVE = 6
    GOOD = 7
    FEATHER = 8
    CHOOSE = 9
    REPEAT = 10
    RELOCATE = 11
    EV_VISION = 12
    EV_MOVE = 13
    EV_RECALL = 14
    EV_GOOD = 15
    EV_FEATHER = 16
    EV_AUTO = 17
    EV_WAKE = 18
    SCORE = 19
    REFILL = 20
    ROUND_END = 21
    ADVANCE = 22
    SEASON_END = 23
    WAKE_ALL = 24
    FINAL_START = 25
    FINAL_SEAT = 26
    FINAL = 27
    GAME_END = 28
    OFFER = 29
    CERE_STORE = 30


(
    SOL_GOODS, SOL_AREA, SOL_PATH, SOL_DONE, TOTEM, ACTIVE, PASSIVE, GOOD, FEATHER, CHOOSE, REPEAT, RELOCATE,
    EV_VISION, EV_MOVE, EV_RECALL, EV_GOOD, EV_FEATHER, EV_AUTO, EV_WAKE, SCORE, REFILL, ROUND_END, ADVANCE,
    SEASON_END, WAKE_ALL, FINAL_START, FINAL_SEAT, FINAL, GAME_END, OFFER, CERE_STORE,
) = Kind

#: Each kind's name, as views (the decision's ``kind``) and snapshots say it.
NAMES = (
    "solstice_goods", "solstice_area", "solstice_path", "solstice_done", "totem", "active", "passive", "good",
    "feather", "choose_good", "shaman_repeat", "warrior_relocate", "event_vision", "event_move", "event_recall",
    "event_good", "event_lose_feather", "event_points", "event_wake", "score", "refill", "round_end", "advance",
    "season_end", "wake_all", "final_start", "final_seat", "final_choice", "game_end", "optional_bonus",
    "ceremony_store",
)

AUTOMATIC = frozenset({SOL_GOODS, SOL_DONE, EV_AUTO, EV_WAKE, ROUND_END, ADVANCE, SEASON_END, WAKE_ALL,
                       FINAL_START, FINAL_SEAT, GAME_END, CERE_STORE})

#: Bits of the ``used`` field of an ``Active`` task.
USED_TERRITORY, USED_VISION, USED_WAKE = 1, 2, 4
#: What an ``Offer`` offers: a bonus the seat may decline, when a ruling makes it a choice (rulings
#: WAKE_BONUS_AUTOMATIC, REACTIVATE_AUTOMATIC).
OFFER_WAKE, OFFER_REACTIVATE = 0, 1


class Task:
    """A pending task: its ``kind`` and the seat it is for (-1: none)."""

    __slots__ = ()
    kind: ClassVar[Kind]
    seat: int

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": NAMES[self.kind]}
        for f in fields(self):  # type: ignore[arg-type]
            out[f.name] = getattr(self, f.name)
        return out


# --- the winter solstice ---------------------------------------------------------------------------------------

@dataclass(slots=True)
class SolsticeGoods(Task):
    """The seat takes a berry, a bison, a horse and a canoe."""
    seat: int
    kind: ClassVar[Kind] = SOL_GOODS


@dataclass(slots=True)
class SolsticeArea(Task):
    """The seat places a Cree on any free area."""
    seat: int
    kind: ClassVar[Kind] = SOL_AREA


@dataclass(slots=True)
class SolsticePath(Task):
    """The seat puts a Cree on the first space of a vision path."""
    seat: int
    kind: ClassVar[Kind] = SOL_PATH


@dataclass(slots=True)
class SolsticeDone(Task):
    """After the solstice: the first round (or spring) begins."""
    seat: int = -1
    kind: ClassVar[Kind] = SOL_DONE


# --- a round -----------------------------------------------------------------------------------------------------

@dataclass(slots=True)
class Totem(Task):
    """The active player takes disks from the totem."""
    seat: int
    kind: ClassVar[Kind] = TOTEM


@dataclass(slots=True)
class Active(Task):
    """The active player's actions: with the ``colour`` taken (Territory and Vision path), or with ``disks``
    for the Wake-up action (``colour`` -1); ``used``: the ``USED_*`` bits of what is done."""
    seat: int
    colour: int
    disks: int
    used: int = 0
    kind: ClassVar[Kind] = ACTIVE


@dataclass(slots=True)
class Passive(Task):
    """A passive player's one action in a colour of the active player's disks, or pass."""
    seat: int
    kind: ClassVar[Kind] = PASSIVE


@dataclass(slots=True)
class Stow(Task):
    """Where the ``good`` just gained goes: a storage sector or a ceremonial place."""
    seat: int
    good: int
    kind: ClassVar[Kind] = GOOD


@dataclass(slots=True)
class StowFeather(Task):
    """The storage sector of the feather of a completed ceremonial place."""
    seat: int
    kind: ClassVar[Kind] = FEATHER


@dataclass(slots=True)
class ChooseGood(Task):
    """A good from the supply, among ``goods`` (a mask of goods)."""
    seat: int
    goods: int
    kind: ClassVar[Kind] = CHOOSE


@dataclass(slots=True)
class ShamanRepeat(Task):
    """The Shaman's path: repeat the bonus of the seat's Cree on another path, or pass."""
    seat: int
    kind: ClassVar[Kind] = REPEAT


@dataclass(slots=True)
class WarriorRelocate(Task):
    """The Warrior's path: place a Cree from the village square on any free area."""
    seat: int
    kind: ClassVar[Kind] = RELOCATE


@dataclass(slots=True)
class OptionalBonus(Task):
    """A bonus the seat may take or decline: ``offer`` is ``OFFER_WAKE`` or ``OFFER_REACTIVATE``."""
    seat: int
    offer: int
    kind: ClassVar[Kind] = OFFER


@dataclass(slots=True)
class CeremonyStore(Task):
    """The ``goods`` (a mask) of a completed ceremonial place go to storage, after its feather found a sector."""
    seat: int
    goods: int
    kind: ClassVar[Kind] = CERE_STORE


@dataclass(slots=True)
class RoundEnd(Task):
    """The event or scoring of the round's card."""
    seat: int = -1
    kind: ClassVar[Kind] = ROUND_END


@dataclass(slots=True)
class Advance(Task):
    """The eagle head moves on, the totem passes left, the next round begins."""
    seat: int = -1
    kind: ClassVar[Kind] = ADVANCE


# --- events ----------------------------------------------------------------------------------------------------

@dataclass(slots=True)
class EventVision(Task):
    """A VISION event: place or advance a Cree on a vision path, or pass."""
    seat: int
    kind: ClassVar[Kind] = EV_VISION


@dataclass(slots=True)
class EventMove(Task):
    """A MOVE event: move a Cree to an adjacent free area, or pass."""
    seat: int
    kind: ClassVar[Kind] = EV_MOVE


@dataclass(slots=True)
class EventRecall(Task):
    """A RECALL event: take a Cree on the territory back to the wigwam."""
    seat: int
    kind: ClassVar[Kind] = EV_RECALL


@dataclass(slots=True)
class EventGood(Task):
    """A GOOD event: take one of ``goods`` (a mask) from the supply, or pass."""
    seat: int
    goods: int
    kind: ClassVar[Kind] = EV_GOOD


@dataclass(slots=True)
class EventLoseFeather(Task):
    """A LOSE_FEATHER event: give up a feather from a storage sector."""
    seat: int
    kind: ClassVar[Kind] = EV_FEATHER


@dataclass(slots=True)
class EventPoints(Task):
    """A points event for every seat at once (its event ``symbol``)."""
    symbol: int
    seat: int = -1
    kind: ClassVar[Kind] = EV_AUTO


@dataclass(slots=True)
class EventWake(Task):
    """A WAKE event: the seat wakes a Cree."""
    seat: int
    kind: ClassVar[Kind] = EV_WAKE


# --- scoring and the end -----------------------------------------------------------------------------------------

@dataclass(slots=True)
class ScoreTile(Task):
    """The seat scores a good of score tile ``tile``, or (exempt) does not."""
    seat: int
    tile: int
    kind: ClassVar[Kind] = SCORE


@dataclass(slots=True)
class Refill(Task):
    """Too few goods to refill every area of ``landscape``: the seat chooses an area to refill."""
    seat: int
    landscape: int
    kind: ClassVar[Kind] = REFILL


@dataclass(slots=True)
class SeasonEnd(Task):
    """The end of a season: the next season's cards are laid out."""
    seat: int = -1
    kind: ClassVar[Kind] = SEASON_END


@dataclass(slots=True)
class WakeAll(Task):
    """Everybody wakes their Cree (the end of a season)."""
    seat: int = -1
    kind: ClassVar[Kind] = WAKE_ALL


@dataclass(slots=True)
class FinalStart(Task):
    """The final scoring begins."""
    seat: int = -1
    kind: ClassVar[Kind] = FINAL_START


@dataclass(slots=True)
class FinalSeat(Task):
    """The seat's final scoring."""
    seat: int
    kind: ClassVar[Kind] = FINAL_SEAT


@dataclass(slots=True)
class FinalChoice(Task):
    """The final scoring: the seat, exempt from ``good``, scores it or not."""
    seat: int
    good: int
    kind: ClassVar[Kind] = FINAL


@dataclass(slots=True)
class GameEnd(Task):
    """The game is over."""
    seat: int = -1
    kind: ClassVar[Kind] = GAME_END


#: The task type of each kind.
TYPES: tuple[type[Task], ...] = (
    SolsticeGoods, SolsticeArea, SolsticePath, SolsticeDone, Totem, Active, Passive, Stow, StowFeather, ChooseGood,
    ShamanRepeat, WarriorRelocate, EventVision, EventMove, EventRecall, EventGood, EventLoseFeather, EventPoints,
    EventWake, ScoreTile, Refill, RoundEnd, Advance, SeasonEnd, WakeAll, FinalStart, FinalSeat, FinalChoice, GameEnd,
    OptionalBonus, CeremonyStore,
)
assert all(t.kind == i for i, t in enumerate(TYPES))
_BY_NAME = {NAMES[t.kind]: t for t in TYPES}

# The tasks every round pushes, made once and shared (a task is never changed once made, so positions share
# them as they share their stacks): a dataclass call costs a microsecond, the rules push one and a half an
# action, and these are most of them. Equal to a new one (they compare and save by value).
_SEATS = range(max(D.GOODS_BY_PLAYERS))
ROUND_END_TASK = RoundEnd()
ADVANCE_TASK = Advance()
TOTEMS = tuple(Totem(seat) for seat in _SEATS)
#: and those of the winter solstice, which every game begins with
SOLSTICE_DONE_TASK = SolsticeDone()
SOLSTICE_GOODS = tuple(SolsticeGoods(seat) for seat in _SEATS)
SOLSTICE_AREAS = tuple(SolsticeArea(seat) for seat in _SEATS)
SOLSTICE_PATHS = tuple(SolsticePath(seat) for seat in _SEATS)
PASSIVES = tuple(Passive(seat) for seat in _SEATS)
#: ``STOWS[seat][good]``
STOWS = tuple(tuple(Stow(seat, good) for good in range(len(D.GOODS))) for seat in _SEATS)
#: ``ACTIVES[seat, colour, disks, used]``: a colour's (disks -1) and the Wake-up's (colour -1, 1 to 5 disks)
ACTIVES = {(seat, colour, disks, used): Active(seat, colour, disks, used) for seat in _SEATS
           for colour, disks in [*((c, -1) for c in range(len(D.COLOURS))), *((-1, k) for k in range(1, 6))]
           for used in range((USED_TERRITORY | USED_VISION | USED_WAKE) + 1)}


def _whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"a task's field is a whole number, not {value!r}"[:120])
    return value


def from_json(raw: Any) -> Task:
    """A task as a snapshot writes it, or as rules version 1 wrote it (``[kind, seat, x, y, z]``); a bad one
    raises ``ValueError`` (or ``KeyError``, ``TypeError``)."""
    if isinstance(raw, list):
        kind, seat, *xyz = (_whole(v) for v in raw)
        cls = TYPES[Kind(kind)]
        values = dict(zip(("x", "y", "z"), xyz, strict=True))
        names = [f.name for f in fields(cls) if f.name != "seat"]  # type: ignore[arg-type]
        args = {name: values["xyz"[i]] for i, name in enumerate(names)}
        if "seat" in {f.name for f in fields(cls)}:  # type: ignore[arg-type]
            args["seat"] = seat
        return cls(**args)
    cls = _BY_NAME[raw["kind"]]
    keys = {f.name for f in fields(cls)}  # type: ignore[arg-type]
    if set(raw) - {"kind"} != keys:
        raise ValueError(f"a {raw['kind']!r} task has the fields {sorted(keys)}")
    return cls(**{key: _whole(raw[key]) for key in keys})
