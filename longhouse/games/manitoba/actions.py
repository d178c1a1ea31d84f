"""Manitoba's actions: one frozen, slotted ``Notated`` dataclass per kind of decision, each owning its JSON
(tag ``type``), text and words through its argument list (``args``).

Every decision is one action; its fields are whole numbers (areas, counts, or the index of a colour, path,
good or sector, which JSON and text show by name):

==============  ==================  ====================  ===================================================
type            JSON                text                  meaning
==============  ==================  ====================  ===================================================
``Take``        colour              ``take brown``        totem: take that disk and those above it (Territory/Vision)
``Wakeup``      disks               ``wakeup 3``          totem: take that many disks for the Wake-up action
``Place``       area                ``place 7``           a Cree from the village square onto an area
``Move``        from, to            ``move 7 8``          a Cree on the territory to an adjacent area
``Vision``      path                ``vision hunter``     place or advance a Cree on a vision path
``Wake``        cree                ``wake 2``            Wake-up action: wake that many Cree
``End``         —                   ``end``               end the active player's actions
``Pass``        —                   ``pass``              do nothing (skip an optional choice)
``Store``       sector              ``store bison``       put the good (or feather) into a storage sector
``Ceremony``    place (3 or 4)      ``ceremony 3``        put the good on a ceremonial place
``Good``        good                ``good berry``        choose a good from the supply
``Repeat``      path                ``repeat hunter``     Shaman: repeat that path's standard bonus
``Recall``      area                ``recall 7``          take a Cree from an area back to the wigwam
``Drop``        sector              ``drop bison``        give up a feather from that storage sector
``Score``       good                ``score bison``       score that good
``Refill``      area                ``refill 7``          put a good from the supply on that empty area
``WampumWake``  —                   ``wampum wake``       use a wampum tile: wake a Cree
``WampumTrade`` sector              ``wampum horse``      use a wampum tile: the top berry becomes that good
``Reactivate``  —                   ``reactivate``        turn an inactive wampum tile back (when a ruling asks)
==============  ==================  ====================  ===================================================

Every action exists once (``of``): the legal-action lists hand out the shared values and reading JSON or text
gives them back, so that ``play.is_legal`` finds an action by identity before comparing values.

Rules version 1 wrote these actions with the JSON tag ``kind`` (and its snapshots the legal actions as
``[kind number, a, b]``); ``read_v1`` and ``from_v1_triple`` read those, for its records and snapshots.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import product
from typing import Any, ClassVar, NamedTuple, Self

from longhouse.engine.errors import IllegalAction
from longhouse.engine.notation import JSON, ActionTable, Notated
from longhouse.engine.text import N_, Msg, Text, _, ngettext
from longhouse.games.manitoba import words as W
from longhouse.games.manitoba.data import COLOURS, GOODS, PATHS

MAX_AREA = 24  # 5 tiles × 5 areas
SECTOR_NAMES = GOODS[:4]


class Arg(NamedTuple):
    """One field of an action: its JSON key, the names its values stand for (``None``: a number from ``lo``
    to ``hi``), whether it is an area (named from the territory in words), and the words its values are
    read as in the action's words (``None``: as JSON shows them)."""

    key: str
    names: tuple[str, ...] | None = None
    lo: int = 0
    hi: int = 0
    area: bool = False
    words: tuple[Msg, ...] | None = None

    def values(self) -> range:
        return range(len(self.names)) if self.names is not None else range(self.lo, self.hi + 1)

    def show(self, value: int) -> Any:
        """The value as JSON shows it (a name, or the number)."""
        if self.names is None:
            return value
        if type(value) is not int or not 0 <= value < len(self.names):
            raise IllegalAction(_("not a Manitoba {key}: {value}", key=self.key, value=repr(value)[:60]))
        return self.names[value]

    def read(self, value: Any) -> int:
        """A JSON value of this field, checked."""
        if self.names is not None:
            if not isinstance(value, str) or value not in self.names:
                raise IllegalAction(_("{key} must be one of {names}, not {value}", key=repr(self.key),
                                      names=", ".join(self.names), value=repr(value)[:60]))
            return self.names.index(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise IllegalAction(_("{key} must be a whole number, not {value}", key=repr(self.key),
                                  value=repr(value)[:60]))
        if not self.lo <= value <= self.hi:
            raise IllegalAction(_("{key} must be between {lo} and {hi}, not {value}", key=repr(self.key), lo=self.lo,
                                  hi=self.hi, value=value))
        return value

    def read_word(self, word: str) -> int:
        """A text word of this field, checked."""
        if self.names is not None:
            return self.read(word)
        try:
            number = int(word)
        except ValueError:
            raise IllegalAction(_("{key} must be a whole number, not {value}", key=repr(self.key),
                                  value=repr(word)[:60])) from None
        return self.read(number)


_COLOUR = Arg("colour", COLOURS, words=W.DISK_WORDS)
_PATH = Arg("path", PATHS, words=W.PATH_PLACE)
_GOOD = Arg("good", GOODS, words=W.GOOD_A)
_SECTOR = Arg("sector", SECTOR_NAMES, words=W.SECTOR_WORDS)
_AREA = Arg("area", lo=0, hi=MAX_AREA, area=True)


def _area_number(area: int) -> Text:
    return _("area {n}", n=area)


class Act(Notated):
    """A Manitoba action: its fields (``args``), the first words of its text (``head``), its words (``said``,
    with ``{a}`` and ``{b}`` its arguments). Each kind is a frozen dataclass deriving from it."""

    __slots__ = ()
    #: The fields, in order, as JSON and text show them.
    args: ClassVar[tuple[Arg, ...]] = ()
    #: The text notation's words before the arguments (the kind, but ``wampum`` for the wampum uses).
    head: ClassVar[str]
    #: The action in words, ``{a}`` and ``{b}`` its arguments (a message id of the catalogs).
    said: ClassVar[str]
    #: Every action of this type, by its field values (``of``).
    _shared: ClassVar[dict[tuple[int, ...], Any]]

    @classmethod
    def json_keys(cls) -> tuple[str, ...]:
        return tuple(arg.key for arg in cls.args)

    @classmethod
    def of(cls, *values: int) -> Self:
        """The shared action of this type with these field values (``KeyError`` if there is none)."""
        shared: Self = cls._shared[values]
        return shared

    @classmethod
    def every(cls) -> Iterator[Self]:
        """Every action of this type, in field order."""
        return iter(cls._shared.values())

    def values(self) -> tuple[int, ...]:
        names: tuple[str, ...] = self.__slots__
        return tuple(getattr(self, name) for name in names)

    def to_json(self) -> JSON:
        out: JSON = {"type": self.kind}
        for arg, value in zip(self.args, self.values(), strict=True):
            out[arg.key] = arg.show(value)
        return out

    @classmethod
    def read(cls, data: JSON) -> Act:
        return cls._shared[tuple(arg.read(data[arg.key]) for arg in cls.args)]

    def to_text(self) -> str:
        return " ".join([self.head, *(str(arg.show(v)) for arg, v in zip(self.args, self.values(), strict=True))])

    @classmethod
    def read_text(cls, text: str) -> Act | None:
        words = text.split()
        head = cls.head.split()
        if words[:len(head)] != head:
            return None
        given = words[len(head):]
        if len(given) != len(cls.args):
            if len(head) > 1:  # "wampum wake" is not "wampum GOOD"
                return None
            raise IllegalAction(_("write 'wampum wake' or 'wampum GOOD'") if cls.head == "wampum" else
                                ngettext("{head} takes {n} argument", "{head} takes {n} arguments", len(cls.args),
                                         head=repr(cls.head)))
        return cls._shared[tuple(arg.read_word(w) for arg, w in zip(cls.args, given, strict=True))]

    def words(self, area_name: Callable[[int], Text] | None = None) -> Msg:
        """The action in words; ``area_name`` names an area (the state passes the territory's names)."""
        name = area_name or _area_number
        shown = [name(v) if arg.area else arg.words[v] if arg.words is not None else arg.show(v)
                 for arg, v in zip(self.args, self.values(), strict=True)]
        return Msg(self.said, dict(zip("ab", shown, strict=False)))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # unpickled (the bots' worker processes) as the shared action, not a copy of it
        return type(self).of, self.values()


def _shared(cls: type[Act]) -> type[Act]:
    """Make every action of ``cls`` once, in field order."""
    cls._shared = {values: cls(*values) for values in product(*(arg.values() for arg in cls.args))}
    return cls


@_shared
@dataclass(frozen=True, slots=True)
class Take(Act):
    colour: int
    kind: ClassVar[str] = "take"
    head: ClassVar[str] = "take"
    args: ClassVar[tuple[Arg, ...]] = (_COLOUR,)
    said: ClassVar[str] = N_("Take {a} (and those above it) for Territory / Vision path")


@_shared
@dataclass(frozen=True, slots=True)
class Wakeup(Act):
    disks: int
    kind: ClassVar[str] = "wakeup"
    head: ClassVar[str] = "wakeup"
    args: ClassVar[tuple[Arg, ...]] = (Arg("disks", lo=1, hi=5),)
    said: ClassVar[str] = ""

    def words(self, area_name: Callable[[int], Text] | None = None) -> Msg:
        return ngettext("Take {n} disk for the Wake-up action", "Take {n} disks for the Wake-up action", self.disks)


@_shared
@dataclass(frozen=True, slots=True)
class Place(Act):
    area: int
    kind: ClassVar[str] = "place"
    head: ClassVar[str] = "place"
    args: ClassVar[tuple[Arg, ...]] = (_AREA,)
    said: ClassVar[str] = N_("Place a Cree from the village square on {a}")


@_shared
@dataclass(frozen=True, slots=True)
class Move(Act):
    frm: int
    to: int
    kind: ClassVar[str] = "move"
    head: ClassVar[str] = "move"
    args: ClassVar[tuple[Arg, ...]] = (_AREA._replace(key="from"), _AREA._replace(key="to"))
    said: ClassVar[str] = N_("Move a Cree from {a} to {b}")


@_shared
@dataclass(frozen=True, slots=True)
class Vision(Act):
    path: int
    kind: ClassVar[str] = "vision"
    head: ClassVar[str] = "vision"
    args: ClassVar[tuple[Arg, ...]] = (_PATH,)
    said: ClassVar[str] = N_("Vision path: place or advance a Cree on the {a}")


@_shared
@dataclass(frozen=True, slots=True)
class Wake(Act):
    cree: int
    kind: ClassVar[str] = "wake"
    head: ClassVar[str] = "wake"
    args: ClassVar[tuple[Arg, ...]] = (Arg("cree", lo=1, hi=9),)
    said: ClassVar[str] = N_("Wake up {a} Cree")


@_shared
@dataclass(frozen=True, slots=True)
class End(Act):
    kind: ClassVar[str] = "end"
    head: ClassVar[str] = "end"
    said: ClassVar[str] = N_("End your actions")


@_shared
@dataclass(frozen=True, slots=True)
class Pass(Act):
    kind: ClassVar[str] = "pass"
    head: ClassVar[str] = "pass"
    said: ClassVar[str] = N_("Pass")


@_shared
@dataclass(frozen=True, slots=True)
class Store(Act):
    sector: int
    kind: ClassVar[str] = "store"
    head: ClassVar[str] = "store"
    args: ClassVar[tuple[Arg, ...]] = (_SECTOR._replace(words=W.STORAGE_SECTOR_WORDS),)
    said: ClassVar[str] = N_("Put it in the {a}")


@_shared
@dataclass(frozen=True, slots=True)
class Ceremony(Act):
    place: int
    kind: ClassVar[str] = "ceremony"
    head: ClassVar[str] = "ceremony"
    args: ClassVar[tuple[Arg, ...]] = (Arg("place", lo=3, hi=4),)
    said: ClassVar[str] = N_("Put it on the {a}-space ceremonial place")


@_shared
@dataclass(frozen=True, slots=True)
class Good(Act):
    good: int
    kind: ClassVar[str] = "good"
    head: ClassVar[str] = "good"
    args: ClassVar[tuple[Arg, ...]] = (_GOOD,)
    said: ClassVar[str] = N_("Take {a}")


@_shared
@dataclass(frozen=True, slots=True)
class Repeat(Act):
    path: int
    kind: ClassVar[str] = "repeat"
    head: ClassVar[str] = "repeat"
    args: ClassVar[tuple[Arg, ...]] = (_PATH,)
    said: ClassVar[str] = N_("Shaman: repeat the standard bonus of your Cree on the {a}")


@_shared
@dataclass(frozen=True, slots=True)
class Recall(Act):
    area: int
    kind: ClassVar[str] = "recall"
    head: ClassVar[str] = "recall"
    args: ClassVar[tuple[Arg, ...]] = (_AREA,)
    said: ClassVar[str] = N_("Take your Cree on {a} back to the wigwam")


@_shared
@dataclass(frozen=True, slots=True)
class Drop(Act):
    sector: int
    kind: ClassVar[str] = "drop"
    head: ClassVar[str] = "drop"
    args: ClassVar[tuple[Arg, ...]] = (_SECTOR,)
    said: ClassVar[str] = N_("Give up a feather from the {a}")


@_shared
@dataclass(frozen=True, slots=True)
class Score(Act):
    good: int
    kind: ClassVar[str] = "score"
    head: ClassVar[str] = "score"
    args: ClassVar[tuple[Arg, ...]] = (_GOOD._replace(words=W.STORAGE_WORDS),)
    said: ClassVar[str] = N_("Score your {a}")


@_shared
@dataclass(frozen=True, slots=True)
class Refill(Act):
    area: int
    kind: ClassVar[str] = "refill"
    head: ClassVar[str] = "refill"
    args: ClassVar[tuple[Arg, ...]] = (_AREA,)
    said: ClassVar[str] = N_("Put a good on {a}")


@_shared
@dataclass(frozen=True, slots=True)
class WampumWake(Act):
    kind: ClassVar[str] = "wampum_wake"
    head: ClassVar[str] = "wampum wake"
    said: ClassVar[str] = N_("Use a wampum tile to wake up a Cree")


@_shared
@dataclass(frozen=True, slots=True)
class WampumTrade(Act):
    sector: int
    kind: ClassVar[str] = "wampum_trade"
    head: ClassVar[str] = "wampum"
    args: ClassVar[tuple[Arg, ...]] = (_SECTOR._replace(words=W.GOOD_A),)
    said: ClassVar[str] = N_("Use a wampum tile to turn your top berry into {a}")


@_shared
@dataclass(frozen=True, slots=True)
class Reactivate(Act):
    kind: ClassVar[str] = "reactivate"
    head: ClassVar[str] = "reactivate"
    said: ClassVar[str] = N_("Turn an inactive wampum tile back to its active side")


ManitobaAction = (Take | Wakeup | Place | Move | Vision | Wake | End | Pass | Store | Ceremony | Good | Repeat | Recall
                  | Drop | Score | Refill | WampumWake | WampumTrade | Reactivate)

#: The action types in the order rules version 1 numbered its kinds (``from_v1_triple``).
TYPES: tuple[type[Act], ...] = (Take, Wakeup, Place, Move, Vision, Wake, End, Pass, Store, Ceremony, Good, Repeat,
                                Recall, Drop, Score, Refill, WampumWake, WampumTrade, Reactivate)

# The shared actions the rules hand out (as ``Act``, the type of a list of them), indexed by their field.
TAKE: tuple[Act, ...] = tuple(Take.every())
WAKEUP: dict[int, Act] = {a.disks: a for a in Wakeup.every()}
PLACE: tuple[Act, ...] = tuple(Place.every())
MOVE: dict[tuple[int, int], Act] = {(a.frm, a.to): a for a in Move.every()}
VISION: tuple[Act, ...] = tuple(Vision.every())
WAKE: dict[int, Act] = {a.cree: a for a in Wake.every()}
STORE: tuple[Act, ...] = tuple(Store.every())
CEREMONY: dict[int, Act] = {a.place: a for a in Ceremony.every()}
GOOD: tuple[Act, ...] = tuple(Good.every())
REPEAT: tuple[Act, ...] = tuple(Repeat.every())
RECALL: tuple[Act, ...] = tuple(Recall.every())
DROP: tuple[Act, ...] = tuple(Drop.every())
SCORE: tuple[Act, ...] = tuple(Score.every())
REFILL: tuple[Act, ...] = tuple(Refill.every())
TRADE: tuple[Act, ...] = tuple(WampumTrade.every())
END: End = End.of()
PASS: Pass = Pass.of()
WAMPUM_WAKE: WampumWake = WampumWake.of()
REACTIVATE: Reactivate = Reactivate.of()

#: The notation (``Game.notation`` reads it through this module's functions).
NOTATION = ActionTable("Manitoba", TYPES, "write e.g. take brown, wakeup 3, place 7, move 7 8, vision hunter, "
                       "wake 2, end, pass, store bison, ceremony 3, good berry, wampum wake, wampum horse")
to_json = NOTATION.to_json
from_json = NOTATION.from_json
to_text = NOTATION.to_text
from_text = NOTATION.from_text


def describe(action: Any, area_name: Callable[[int], Text] | None = None) -> Msg:
    """The action in words; ``area_name`` names an area (the state passes the territory's names)."""
    act = NOTATION.check(action)
    assert isinstance(act, Act)
    return act.words(area_name)


# --- rules version 1 -------------------------------------------------------------------------------------------

def v1_to_json(data: Any) -> Any:
    """An action's JSON as rules version 1 wrote it (the tag ``kind``) as today's (``type``); anything else as
    it is."""
    if isinstance(data, dict) and "kind" in data and "type" not in data:
        return {("type" if key == "kind" else key): value for key, value in data.items()}
    return data


def read_v1(data: Any) -> Act:
    """An action as rules version 1 wrote it, with the tag ``kind`` (or as today, with ``type``: a table that
    began under version 1 and went on after the change records its new actions with the new tag)."""
    act = from_json(v1_to_json(data))
    assert isinstance(act, Act)
    return act


def from_v1_triple(raw: Any) -> Act:
    """An action as rules version 1's snapshots listed legal actions: ``[kind number, a, b]`` (``-1`` unused)."""
    kind, a, b = (int(v) for v in raw)
    if not 0 <= kind < len(TYPES):
        raise IllegalAction(_("no action kind {kind}", kind=kind))
    cls = TYPES[kind]
    try:
        return cls.of(*(a, b)[:len(cls.args)])
    except KeyError:
        raise IllegalAction(_("not a Manitoba action: {action}", action=repr(raw)[:100])) from None
