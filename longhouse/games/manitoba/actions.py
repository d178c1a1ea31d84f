"""Manitoba actions: typed values ``(kind, a, b)`` (a tuple subclass per kind, so the rules index them as
fast as plain tuples) that own their JSON, text and words through one declarative table (``KINDS``).

Every decision is one action. ``a`` and ``b`` are integers (``-1`` when unused):

==========  =====================  ====================  ===================================================
kind        JSON                   text                  meaning
==========  =====================  ====================  ===================================================
TAKE        colour                 ``take brown``        totem: take that disk and those above it (Territory/Vision)
WAKEUP      disks                  ``wakeup 3``          totem: take that many disks for the Wake-up action
PLACE       area                   ``place 7``           a Cree from the village square onto an area
MOVE        from, to               ``move 7 8``          a Cree on the territory to an adjacent area
VISION      path                   ``vision hunter``     place or advance a Cree on a vision path
WAKE        cree                   ``wake 2``            Wake-up action: wake that many Cree
END         —                      ``end``               end the active player's actions
PASS        —                      ``pass``              do nothing (skip an optional choice)
STORE       sector                 ``store bison``       put the good (or feather) into a storage sector
CEREMONY    place (3 or 4)         ``ceremony 3``        put the good on a ceremonial place
GOOD        good                   ``good berry``        choose a good from the supply
REPEAT      path                   ``repeat hunter``     Shaman: repeat that path's standard bonus
RECALL      area                   ``recall 7``          take a Cree from an area back to the wigwam
DROP        sector                 ``drop bison``        give up a feather from that storage sector
SCORE       good                   ``score bison``       score that good
REFILL      area                   ``refill 7``          put a good from the supply on that empty area
W_WAKE      —                      ``wampum wake``       use a wampum tile: wake a Cree
W_TRADE     sector                 ``wampum horse``      use a wampum tile: the top berry becomes that good
REACTIVATE  —                      ``reactivate``        turn an inactive wampum tile back (when a ruling asks)
==========  =====================  ====================  ===================================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from longhouse.engine.errors import IllegalAction
from longhouse.games.manitoba.data import COLOURS, GOODS, PATHS

TAKE, WAKEUP, PLACE, MOVE, VISION, WAKE, END, PASS, STORE, CEREMONY, GOOD, REPEAT, RECALL, DROP, SCORE, REFILL, \
    W_WAKE, W_TRADE, REACTIVATE = range(19)

KIND_NAMES = (
    "take", "wakeup", "place", "move", "vision", "wake", "end", "pass", "store", "ceremony", "good", "repeat",
    "recall", "drop", "score", "refill", "wampum_wake", "wampum_trade", "reactivate",
)
_KIND_BY_NAME = {name: i for i, name in enumerate(KIND_NAMES)}

MAX_AREA = 24  # 5 tiles × 5 areas
SECTOR_NAMES = GOODS[:4]

# Argument schema per kind: (json key, value domain) for a and b.
_COLOUR = ("colour", COLOURS)
_PATH = ("path", PATHS)
_GOOD = ("good", GOODS)
_SECTOR = ("sector", SECTOR_NAMES)
_AREA = ("area", None)
_SCHEMA: dict[int, tuple[tuple[str, tuple[str, ...] | None], ...]] = {
    TAKE: (_COLOUR,),
    WAKEUP: (("disks", None),),
    PLACE: (_AREA,),
    MOVE: (("from", None), ("to", None)),
    VISION: (_PATH,),
    WAKE: (("cree", None),),
    END: (),
    PASS: (),
    STORE: (_SECTOR,),
    CEREMONY: (("place", None),),
    GOOD: (_GOOD,),
    REPEAT: (_PATH,),
    RECALL: (_AREA,),
    DROP: (_SECTOR,),
    SCORE: (_GOOD,),
    REFILL: (_AREA,),
    W_WAKE: (),
    W_TRADE: (_SECTOR,),
    REACTIVATE: (),
}
_INT_RANGE = {"disks": (1, 5), "area": (0, MAX_AREA), "from": (0, MAX_AREA), "to": (0, MAX_AREA),
              "cree": (1, 9), "place": (3, 4)}

#: Per kind: its words, with ``{a}`` and ``{b}`` its arguments (by name where the schema names them; areas
#: by the name the caller gives them, "area 7" by default).
_WORDS: dict[int, str] = {
    TAKE: "Take the {a} disk (and those above it) for Territory / Vision path",
    WAKEUP: "Take {a} disk(s) for the Wake-up action",
    PLACE: "Place a Cree from the village square on {a}",
    MOVE: "Move a Cree from {a} to {b}",
    VISION: "Vision path: place or advance a Cree on the {a}'s path",
    WAKE: "Wake up {a} Cree",
    END: "End your actions",
    PASS: "Pass",
    STORE: "Put it in the {a} storage sector",
    CEREMONY: "Put it on the {a}-space ceremonial place",
    GOOD: "Take a {a}",
    REPEAT: "Shaman: repeat the standard bonus of your Cree on the {a}'s path",
    RECALL: "Take your Cree on {a} back to the wigwam",
    DROP: "Give up a feather from the {a} sector",
    SCORE: "Score your {a} storage",
    REFILL: "Put a good on {a}",
    W_WAKE: "Use a wampum tile to wake up a Cree",
    W_TRADE: "Use a wampum tile to turn your top berry into a {a}",
    REACTIVATE: "Turn an inactive wampum tile back to its active side",
}


_AREA_KEYS = frozenset({"area", "from", "to"})


def _area_number(area: int) -> str:
    return f"area {area}"


class Act(tuple[int, int, int]):
    """A Manitoba action ``(kind, a, b)``; each kind is a subclass (``KINDS``) owning its notation."""

    __slots__ = ()
    kind: ClassVar[int]

    def __new__(cls, a: int = -1, b: int = -1) -> Act:
        return tuple.__new__(cls, (cls.kind, a, b))

    def __repr__(self) -> str:
        return f"{type(self).__name__}{tuple(self)!r}"

    def __reduce__(self) -> tuple[Any, tuple[int, int, int]]:
        # the kinds' classes are made at import and are not module attributes: pickle (the bots' worker
        # processes) rebuilds an action through act() instead
        return act, (self[0], self[1], self[2])

    def args(self) -> list[Any]:
        """The arguments as JSON shows them: names where the schema names them, else numbers."""
        out = []
        for (_key, names), value in zip(_SCHEMA[self.kind], self[1:], strict=False):
            if names is not None and not 0 <= value < len(names):
                raise IllegalAction(f"not a Manitoba action: {self!r}")
            out.append(names[value] if names is not None else value)
        return out

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": KIND_NAMES[self.kind]}
        for (key, _names), value in zip(_SCHEMA[self.kind], self.args(), strict=False):
            out[key] = value
        return out

    def to_text(self) -> str:
        if self.kind == W_WAKE:
            return "wampum wake"
        if self.kind == W_TRADE:
            return f"wampum {SECTOR_NAMES[self[1]]}"
        return " ".join([KIND_NAMES[self.kind], *(str(v) for v in self.args())])

    def words(self, area_name: Callable[[int], str] | None = None) -> str:
        """The action in words; ``area_name`` names an area (the state passes the territory's names)."""
        name = area_name or _area_number
        args = [name(value) if key in _AREA_KEYS else shown
                for (key, _names), value, shown in zip(_SCHEMA[self.kind], self[1:], self.args(), strict=False)]
        args += [None, None]
        return _WORDS[self.kind].format(a=args[0], b=args[1])


#: The action type of each kind, indexed by kind.
KINDS: tuple[type[Act], ...] = tuple(
    type("".join(w.capitalize() for w in name.split("_")), (Act,), {"__slots__": (), "kind": kind})
    for kind, name in enumerate(KIND_NAMES)
)
_TYPES = frozenset(KINDS)


def act(kind: int, a: int = -1, b: int = -1) -> Act:
    """The action of ``kind`` with arguments ``a`` and ``b``."""
    return KINDS[kind](a, b)


def exact(action: Any) -> bool:
    """One of our action types with whole-number arguments (``(True, 2, -1)`` is not an action)."""
    return type(action) in _TYPES and type(action[1]) is int and type(action[2]) is int


# Pre-built actions for the argument-free kinds.
END_ACT: Act = act(END)
PASS_ACT: Act = act(PASS)
W_WAKE_ACT: Act = act(W_WAKE)
REACTIVATE_ACT: Act = act(REACTIVATE)


def _int_arg(key: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(f"{key!r} must be a whole number, not {value!r}")
    lo, hi = _INT_RANGE[key]
    if not lo <= value <= hi:
        raise IllegalAction(f"{key!r} must be between {lo} and {hi}, not {value}")
    return value


def _named_arg(key: str, names: tuple[str, ...], value: Any) -> int:
    if not isinstance(value, str) or value not in names:
        raise IllegalAction(f"{key!r} must be one of {', '.join(names)}, not {value!r}")
    return names.index(value)


def _arg_out(key: str, names: tuple[str, ...] | None, value: int) -> Any:
    if names is not None:
        return names[value]
    return value


def _check(action: Any) -> Act:
    if type(action) not in _TYPES:
        raise IllegalAction(f"not a Manitoba action: {action!r}"[:120])
    assert isinstance(action, Act)
    return action


def to_json(action: Any) -> dict[str, Any]:
    return _check(action).to_json()


def from_json(data: Any) -> Act:
    if not isinstance(data, dict):
        raise IllegalAction(f"a Manitoba action is a JSON object, not {data!r}"[:120])
    kind_name = data.get("kind")
    if not isinstance(kind_name, str) or kind_name not in _KIND_BY_NAME:
        raise IllegalAction(f"unknown action kind {kind_name!r}"[:120])
    kind = _KIND_BY_NAME[kind_name]
    schema = _SCHEMA[kind]
    expected = {"kind"} | {key for key, _ in schema}
    if set(data) != expected:
        raise IllegalAction(f"a {kind_name!r} action has exactly the keys {sorted(expected)}, not {sorted(data)}")
    args = [-1, -1]
    for i, (key, names) in enumerate(schema):
        value = data[key]
        args[i] = _named_arg(key, names, value) if names is not None else _int_arg(key, value)
    return KINDS[kind](args[0], args[1])


def to_text(action: Any) -> str:
    return _check(action).to_text()


def from_text(text: Any) -> Act:
    if not isinstance(text, str):
        raise IllegalAction(f"an action in text is a string, not {text!r}"[:120])
    words = text.split()
    if not words:
        raise IllegalAction("an empty action")
    if words[0] == "wampum":
        if len(words) != 2:
            raise IllegalAction("write 'wampum wake' or 'wampum GOOD'")
        if words[1] == "wake":
            return W_WAKE_ACT
        return from_json({"kind": "wampum_trade", "sector": words[1]})
    if words[0] not in _KIND_BY_NAME or words[0] in ("wampum_wake", "wampum_trade"):
        raise IllegalAction(f"unknown action {words[0]!r}"[:120])
    kind = _KIND_BY_NAME[words[0]]
    schema = _SCHEMA[kind]
    if len(words) != 1 + len(schema):
        raise IllegalAction(f"{words[0]!r} takes {len(schema)} argument(s)")
    data: dict[str, Any] = {"kind": words[0]}
    for (key, names), word in zip(schema, words[1:], strict=True):
        if names is None:
            try:
                data[key] = int(word)
            except ValueError:
                raise IllegalAction(f"{key!r} must be a whole number, not {word!r}") from None
        else:
            data[key] = word
    return from_json(data)


def describe(action: Any, area_name: Callable[[int], str] | None = None) -> str:
    """The action in words; ``area_name`` names an area (the state passes the territory's names)."""
    return _check(action).words(area_name)
