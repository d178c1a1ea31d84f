"""Manitoba actions: small tuples ``(kind, a, b)`` with their JSON and text notations.

Every decision is one action. ``a`` and ``b`` are integers (``-1`` when unused):

========  =====================  ====================  ===================================================
kind      JSON                   text                  meaning
========  =====================  ====================  ===================================================
TAKE      colour                 ``take brown``        totem: take that disk and those above it (Territory/Vision)
WAKEUP    disks                  ``wakeup 3``          totem: take that many disks for the Wake-up action
PLACE     area                   ``place 7``           a Cree from the village square onto an area
MOVE      from, to               ``move 7 8``          a Cree on the territory to an adjacent area
VISION    path                   ``vision hunter``     place or advance a Cree on a vision path
WAKE      cree                   ``wake 2``            Wake-up action: wake that many Cree
END       —                      ``end``               end the active player's actions
PASS      —                      ``pass``              do nothing (skip an optional choice)
STORE     sector                 ``store bison``       put the good (or feather) into a storage sector
CEREMONY  place (3 or 4)         ``ceremony 3``        put the good on a ceremonial place
GOOD      good                   ``good berry``        choose a good from the supply
REPEAT    path                   ``repeat hunter``     Shaman: repeat that path's standard bonus
RECALL    area                   ``recall 7``          take a Cree from an area back to the wigwam
DROP      sector                 ``drop bison``        give up a feather from that storage sector
SCORE     good                   ``score bison``       score that good
REFILL    area                   ``refill 7``          put a good from the supply on that empty area
W_WAKE    —                      ``wampum wake``       use a wampum tile: wake a Cree
W_TRADE   sector                 ``wampum horse``      use a wampum tile: the top berry becomes that good
========  =====================  ====================  ===================================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from longhouse.engine.errors import IllegalAction
from longhouse.games.manitoba.data import COLOURS, GOODS, PATHS

Act = tuple[int, int, int]

TAKE, WAKEUP, PLACE, MOVE, VISION, WAKE, END, PASS, STORE, CEREMONY, GOOD, REPEAT, RECALL, DROP, SCORE, REFILL, \
    W_WAKE, W_TRADE = range(18)

KIND_NAMES = (
    "take", "wakeup", "place", "move", "vision", "wake", "end", "pass", "store", "ceremony", "good", "repeat",
    "recall", "drop", "score", "refill", "wampum_wake", "wampum_trade",
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
}
_INT_RANGE = {"disks": (1, 5), "area": (0, MAX_AREA), "from": (0, MAX_AREA), "to": (0, MAX_AREA),
              "cree": (1, 9), "place": (3, 4)}

# Pre-built actions for the argument-free kinds (and a cache for the rest: actions are values).
END_ACT: Act = (END, -1, -1)
PASS_ACT: Act = (PASS, -1, -1)
W_WAKE_ACT: Act = (W_WAKE, -1, -1)


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


def _check_shape(action: Any) -> Act:
    if (
        not isinstance(action, tuple) or len(action) != 3
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in action)
        or action[0] not in _SCHEMA
    ):
        raise IllegalAction(f"not a Manitoba action: {action!r}"[:120])
    return action


def to_json(action: Any) -> dict[str, Any]:
    kind, a, b = _check_shape(action)
    out: dict[str, Any] = {"kind": KIND_NAMES[kind]}
    schema = _SCHEMA[kind]
    for (key, names), value in zip(schema, (a, b), strict=False):
        if names is not None and not 0 <= value < len(names):
            raise IllegalAction(f"not a Manitoba action: {action!r}")
        out[key] = _arg_out(key, names, value)
    return out


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
    return (kind, args[0], args[1])


def to_text(action: Any) -> str:
    kind, a, b = _check_shape(action)
    if kind == W_WAKE:
        return "wampum wake"
    if kind == W_TRADE:
        return f"wampum {SECTOR_NAMES[a]}"
    parts = [KIND_NAMES[kind]]
    for (_key, names), value in zip(_SCHEMA[kind], (a, b), strict=False):
        if names is not None and not 0 <= value < len(names):
            raise IllegalAction(f"not a Manitoba action: {action!r}")
        parts.append(names[value] if names is not None else str(value))
    return " ".join(parts)


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


def _area_number(area: int) -> str:
    return f"area {area}"


def describe(action: Any, area_name: Callable[[int], str] = _area_number) -> str:
    """The action in words; ``area_name`` names an area (the state passes the territory's names)."""
    kind, a, b = _check_shape(action)
    if kind == TAKE:
        return f"Take the {COLOURS[a]} disk (and those above it) for Territory / Vision path"
    if kind == WAKEUP:
        return f"Take {a} disk(s) for the Wake-up action"
    if kind == PLACE:
        return f"Place a Cree from the village square on {area_name(a)}"
    if kind == MOVE:
        return f"Move a Cree from {area_name(a)} to {area_name(b)}"
    if kind == VISION:
        return f"Vision path: place or advance a Cree on the {PATHS[a]}'s path"
    if kind == WAKE:
        return f"Wake up {a} Cree"
    if kind == END:
        return "End your actions"
    if kind == PASS:
        return "Pass"
    if kind == STORE:
        return f"Put it in the {SECTOR_NAMES[a]} storage sector"
    if kind == CEREMONY:
        return f"Put it on the {a}-space ceremonial place"
    if kind == GOOD:
        return f"Take a {GOODS[a]}"
    if kind == REPEAT:
        return f"Shaman: repeat the standard bonus of your Cree on the {PATHS[a]}'s path"
    if kind == RECALL:
        return f"Take your Cree on {area_name(a)} back to the wigwam"
    if kind == DROP:
        return f"Give up a feather from the {SECTOR_NAMES[a]} sector"
    if kind == SCORE:
        return f"Score your {GOODS[a]} storage"
    if kind == REFILL:
        return f"Put a good on {area_name(a)}"
    if kind == W_WAKE:
        return "Use a wampum tile to wake up a Cree"
    return f"Use a wampum tile to turn your top berry into a {SECTOR_NAMES[a]}"
