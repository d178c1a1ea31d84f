"""The actions of Five Tribes: small immutable values, with JSON and a short text notation.

Text notation (one action per line, like UCI in chess):

    bid 18 | bid 0 | bid 12 k2      a Turn Order bid (cost of the spot); ``kN``: N Fakirs with Kumarbi
    pick c3                         pick up every meeple on tile c3
    drop eY                         drop a Yellow meeple on the tile to the east (n, e, s, w)
    fakirs 2                        discard 2 Fakirs for the Builders' or Assassins' bonus
    kill c3 W | kill seat2 Y        the Assassins' target: a meeple on a tile, or in a seat's pool
    place c3 | place d4 E           put the Palace / Palm Tree here, or (Hagis, Lamia) next door, paying
    summon Iblis EF                 Sacred Place: take a Djinn paying 2 Elders (EE) or Elder + Fakir (EF)
    buy fi,wh 6                     a Market purchase (resource codes) and its price
    skip                            decline the optional tile action
    power Anun-Nak E c3             a Djinn's paid power, its payment and its target tile if any
    keep Iblis                      Sibittis: the Djinn kept
    suit fi                         put one card into the suit being sold
    sell                            sell the suit being built
    end                             end the turn
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from longhouse.engine.errors import IllegalAction
from longhouse.games.five_tribes.board import DIRECTION_LETTERS, tile_from_name, tile_name
from longhouse.games.five_tribes.data import (
    COLOUR_LETTERS,
    COLOUR_NAMES,
    DJINN_INDEX,
    DJINNS,
    NUM_RESOURCE_TYPES,
    NUM_TILES,
    RESOURCE_CODES,
    RESOURCE_NAMES,
    TURN_TRACK_COSTS,
    ZERO_BID,
)

PAYMENTS = ("", "E", "F", "EE", "EF")
_PAY_WORDS = {"": "", "E": "an Elder", "F": "a Fakir", "EE": "2 Elders", "EF": "an Elder and a Fakir"}


@dataclass(frozen=True, slots=True)
class Bid:
    spot: int  # 0..5 paid spots (18 .. 1 GC), 6 = bid zero
    fakirs: int = 0  # Kumarbi discount


@dataclass(frozen=True, slots=True)
class Pick:
    tile: int


@dataclass(frozen=True, slots=True)
class Drop:
    direction: int
    colour: int


@dataclass(frozen=True, slots=True)
class Fakirs:
    count: int


@dataclass(frozen=True, slots=True)
class Kill:
    colour: int
    tile: int = -1  # a meeple on this tile, or
    seat: int = -1  # a meeple in this seat's pool


@dataclass(frozen=True, slots=True)
class Place:
    tile: int
    pay: str = ""


@dataclass(frozen=True, slots=True)
class Summon:
    djinn: int
    pay: str


@dataclass(frozen=True, slots=True)
class Buy:
    cards: tuple[int, ...]
    price: int


@dataclass(frozen=True, slots=True)
class Skip:
    pass


@dataclass(frozen=True, slots=True)
class Power:
    djinn: int
    pay: str
    tile: int = -1


@dataclass(frozen=True, slots=True)
class Keep:
    djinn: int


@dataclass(frozen=True, slots=True)
class SuitCard:
    card: int


@dataclass(frozen=True, slots=True)
class Sell:
    pass


@dataclass(frozen=True, slots=True)
class EndTurn:
    pass


FTAction = Bid | Pick | Drop | Fakirs | Kill | Place | Summon | Buy | Skip | Power | Keep | SuitCard | Sell | EndTurn

SKIP = Skip()
SELL = Sell()
END_TURN = EndTurn()

_ACTION_TYPES = frozenset({Bid, Pick, Drop, Fakirs, Kill, Place, Summon, Buy, Skip, Power, Keep, SuitCard, Sell,
                           EndTurn})


def well_formed(a: object) -> bool:
    """Whether ``a`` is one of our actions spelled with exact types. ``Pick(True)`` and ``Pick(1.0)`` equal
    ``Pick(1)`` (and hash alike), but they cannot be written to a record and read back, so they are refused."""
    if type(a) not in _ACTION_TYPES:
        return False
    for name in a.__slots__:  # type: ignore[attr-defined]
        v = getattr(a, name)
        if type(v) is tuple:
            if any(type(x) is not int for x in v):
                return False
        elif type(v) is not int and type(v) is not str:
            return False
    return True


# --- JSON ----------------------------------------------------------------------------------------


def _int(d: dict[str, Any], key: str, lo: int, hi: int, default: int | None = None) -> int:
    if key not in d:
        if default is None:
            raise IllegalAction(f"the action needs {key!r}")
        return default
    v = d[key]
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise IllegalAction(f"{key!r} must be a whole number from {lo} to {hi}, not {v!r}")
    return v


def _pay(d: dict[str, Any], allowed: tuple[str, ...]) -> str:
    v = d.get("pay", "")
    if v not in allowed:
        raise IllegalAction(f"'pay' must be one of {allowed}, not {v!r}")
    return str(v)


def to_json(a: object) -> dict[str, Any]:
    if isinstance(a, Bid):
        return {"type": "bid", "spot": a.spot, "fakirs": a.fakirs}
    if isinstance(a, Pick):
        return {"type": "pick", "tile": a.tile}
    if isinstance(a, Drop):
        return {"type": "drop", "direction": a.direction, "colour": a.colour}
    if isinstance(a, Fakirs):
        return {"type": "fakirs", "count": a.count}
    if isinstance(a, Kill):
        return {"type": "kill", "colour": a.colour, "tile": a.tile, "seat": a.seat}
    if isinstance(a, Place):
        return {"type": "place", "tile": a.tile, "pay": a.pay}
    if isinstance(a, Summon):
        return {"type": "summon", "djinn": a.djinn, "pay": a.pay}
    if isinstance(a, Buy):
        return {"type": "buy", "cards": list(a.cards), "price": a.price}
    if isinstance(a, Power):
        return {"type": "power", "djinn": a.djinn, "pay": a.pay, "tile": a.tile}
    if isinstance(a, Keep):
        return {"type": "keep", "djinn": a.djinn}
    if isinstance(a, SuitCard):
        return {"type": "suit", "card": a.card}
    if isinstance(a, Skip):
        return {"type": "skip"}
    if isinstance(a, Sell):
        return {"type": "sell"}
    if isinstance(a, EndTurn):
        return {"type": "end"}
    raise IllegalAction(f"{a!r} is not a Five Tribes action")


def from_json(d: Any) -> FTAction:
    if not isinstance(d, dict) or not isinstance(d.get("type"), str):
        raise IllegalAction("an action is a JSON object with a 'type'")
    kind = d["type"]
    fields = {
        "bid": {"spot", "fakirs"}, "pick": {"tile"}, "drop": {"direction", "colour"}, "fakirs": {"count"},
        "kill": {"colour", "tile", "seat"}, "place": {"tile", "pay"}, "summon": {"djinn", "pay"},
        "buy": {"cards", "price"}, "power": {"djinn", "pay", "tile"}, "keep": {"djinn"}, "suit": {"card"},
        "skip": set(), "sell": set(), "end": set(),
    }.get(kind)
    if fields is None:
        raise IllegalAction(f"unknown action type {kind!r}")
    extra = set(d) - fields - {"type"}
    if extra:
        raise IllegalAction(f"unknown keys {sorted(extra)} in a {kind!r} action")
    last_tile = NUM_TILES - 1
    if kind == "bid":
        return Bid(_int(d, "spot", 0, ZERO_BID), _int(d, "fakirs", 0, 18, 0))
    if kind == "pick":
        return Pick(_int(d, "tile", 0, last_tile))
    if kind == "drop":
        return Drop(_int(d, "direction", 0, 3), _int(d, "colour", 0, 4))
    if kind == "fakirs":
        return Fakirs(_int(d, "count", 0, 18))
    if kind == "kill":
        k = Kill(_int(d, "colour", 0, 4), _int(d, "tile", -1, last_tile, -1), _int(d, "seat", -1, 3, -1))
        if (k.tile < 0) == (k.seat < 0):
            raise IllegalAction("a kill names either a tile or a seat")
        return k
    if kind == "place":
        return Place(_int(d, "tile", 0, last_tile), _pay(d, ("", "E", "F")))
    if kind == "summon":
        return Summon(_int(d, "djinn", 0, 21), _pay(d, ("EE", "EF")))
    if kind == "buy":
        cards = d.get("cards")
        if (not isinstance(cards, list) or not 1 <= len(cards) <= 2
                or any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < NUM_RESOURCE_TYPES
                       for c in cards)):
            raise IllegalAction("'cards' must be a list of 1 or 2 resource numbers")
        return Buy(tuple(sorted(cards)), _int(d, "price", 0, 99))
    if kind == "power":
        return Power(_int(d, "djinn", 0, 21), _pay(d, PAYMENTS), _int(d, "tile", -1, last_tile, -1))
    if kind == "keep":
        return Keep(_int(d, "djinn", 0, 21))
    if kind == "suit":
        return SuitCard(_int(d, "card", 0, NUM_RESOURCE_TYPES - 1))
    if kind == "skip":
        return SKIP
    if kind == "sell":
        return SELL
    return END_TURN


# --- text ----------------------------------------------------------------------------------------


def to_text(a: object) -> str:
    if isinstance(a, Bid):
        k = f" k{a.fakirs}" if a.fakirs else ""
        return f"bid {TURN_TRACK_COSTS[a.spot]}{k}"
    if isinstance(a, Pick):
        return f"pick {tile_name(a.tile)}"
    if isinstance(a, Drop):
        return f"drop {DIRECTION_LETTERS[a.direction]}{COLOUR_LETTERS[a.colour]}"
    if isinstance(a, Fakirs):
        return f"fakirs {a.count}"
    if isinstance(a, Kill):
        where = tile_name(a.tile) if a.tile >= 0 else f"seat{a.seat}"
        return f"kill {where} {COLOUR_LETTERS[a.colour]}"
    if isinstance(a, Place):
        return f"place {tile_name(a.tile)}" + (f" {a.pay}" if a.pay else "")
    if isinstance(a, Summon):
        return f"summon {DJINNS[a.djinn].name} {a.pay}"
    if isinstance(a, Buy):
        return "buy " + ",".join(RESOURCE_CODES[c] for c in a.cards) + f" {a.price}"
    if isinstance(a, Power):
        parts = ["power", DJINNS[a.djinn].name]
        if a.pay:
            parts.append(a.pay)
        if a.tile >= 0:
            parts.append(tile_name(a.tile))
        return " ".join(parts)
    if isinstance(a, Keep):
        return f"keep {DJINNS[a.djinn].name}"
    if isinstance(a, SuitCard):
        return f"suit {RESOURCE_CODES[a.card]}"
    if isinstance(a, Skip):
        return "skip"
    if isinstance(a, Sell):
        return "sell"
    if isinstance(a, EndTurn):
        return "end"
    raise IllegalAction(f"{a!r} is not a Five Tribes action")


def _tile(word: str) -> int:
    try:
        return tile_from_name(word)
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None


def _djinn(word: str) -> int:
    for name, i in DJINN_INDEX.items():
        if name.lower() == word.lower():
            return i
    raise IllegalAction(f"{word!r} is not a Djinn")


def _colour(word: str) -> int:
    if len(word) != 1 or word.upper() not in COLOUR_LETTERS:
        raise IllegalAction(f"{word!r} is not a meeple colour (Y W G B R)")
    return COLOUR_LETTERS.index(word.upper())


def _card(word: str) -> int:
    if word not in RESOURCE_CODES:
        raise IllegalAction(f"{word!r} is not a resource code ({', '.join(RESOURCE_CODES)})")
    return RESOURCE_CODES.index(word)


def from_text(text: str) -> FTAction:
    if not isinstance(text, str):
        raise IllegalAction("a text action is a string")
    w = text.strip().split()
    if not w:
        raise IllegalAction("an empty action")
    head, args = w[0].lower(), w[1:]
    n = len(args)
    if head == "bid" and n in (1, 2):
        if args[0] == "0" and n == 1:
            return Bid(ZERO_BID)
        costs = [str(c) for c in TURN_TRACK_COSTS[:ZERO_BID]]
        if args[0] not in costs:
            raise IllegalAction(f"there is no Turn Order spot costing {args[0]!r}")
        fakirs = 0
        if n == 2:
            if not (args[1].startswith("k") and args[1][1:].isdigit()):
                raise IllegalAction("the Kumarbi discount is written kN")
            fakirs = int(args[1][1:])
        return Bid(costs.index(args[0]), fakirs)
    if head == "pick" and n == 1:
        return Pick(_tile(args[0]))
    if head == "drop" and n == 1 and len(args[0]) == 2 and args[0][0] in DIRECTION_LETTERS:
        return Drop(DIRECTION_LETTERS.index(args[0][0]), _colour(args[0][1]))
    if head == "fakirs" and n == 1 and args[0].isdigit():
        return Fakirs(int(args[0]))
    if head == "kill" and n == 2:
        colour = _colour(args[1])
        if args[0].startswith("seat") and args[0][4:].isdigit():
            return Kill(colour, seat=int(args[0][4:]))
        return Kill(colour, tile=_tile(args[0]))
    if head == "place" and n in (1, 2):
        pay = args[1] if n == 2 else ""
        if pay not in ("", "E", "F"):
            raise IllegalAction("a placement pays E or F")
        return Place(_tile(args[0]), pay)
    if head == "summon" and n == 2 and args[1] in ("EE", "EF"):
        return Summon(_djinn(args[0]), args[1])
    if head == "buy" and n == 2 and args[1].isdigit():
        cards = [_card(c) for c in args[0].split(",")]
        if not 1 <= len(cards) <= 2:
            raise IllegalAction("a purchase is 1 or 2 cards")
        return Buy(tuple(sorted(cards)), int(args[1]))
    if head == "power" and 1 <= n <= 3:
        djinn = _djinn(args[0])
        pay, tile = "", -1
        for word in args[1:]:
            if word in PAYMENTS and word:
                pay = word
            else:
                tile = _tile(word)
        return Power(djinn, pay, tile)
    if head == "keep" and n == 1:
        return Keep(_djinn(args[0]))
    if head == "suit" and n == 1:
        return SuitCard(_card(args[0]))
    if n == 0 and head == "skip":
        return SKIP
    if n == 0 and head == "sell":
        return SELL
    if n == 0 and head == "end":
        return END_TURN
    raise IllegalAction(f"cannot read {text!r} as a Five Tribes action")


def describe(a: object) -> str:
    """The action in words, for menus."""
    if isinstance(a, Bid):
        if a.spot == ZERO_BID:
            return "Bid 0 for turn order (join the zero queue)"
        extra = f", discarding {a.fakirs} Fakir(s) with Kumarbi" if a.fakirs else ""
        return f"Bid for the {TURN_TRACK_COSTS[a.spot]} spot{extra}"
    if isinstance(a, Pick):
        return f"Pick up the meeples on {tile_name(a.tile)}"
    if isinstance(a, Drop):
        d = ("north", "east", "south", "west")[a.direction]
        name = COLOUR_NAMES[a.colour]
        return f"Drop {'an' if name[0] in 'AE' else 'a'} {name} on the tile to the {d}"
    if isinstance(a, Fakirs):
        return f"Discard {a.count} Fakir(s) for the bonus"
    if isinstance(a, Kill):
        where = f"on {tile_name(a.tile)}" if a.tile >= 0 else f"in Player {a.seat + 1}'s pool"
        name = COLOUR_NAMES[a.colour]
        return f"Assassinate {'an' if name[0] in 'AE' else 'a'} {name} {where}"
    if isinstance(a, Place):
        return f"Place it on {tile_name(a.tile)}" + (f", paying {_PAY_WORDS[a.pay]}" if a.pay else "")
    if isinstance(a, Summon):
        return f"Take {DJINNS[a.djinn].name}, paying {_PAY_WORDS[a.pay]}"
    if isinstance(a, Buy):
        return "Buy " + " and ".join(RESOURCE_NAMES[c] for c in a.cards) + f" for {a.price} gold"
    if isinstance(a, Power):
        target = f" on {tile_name(a.tile)}" if a.tile >= 0 else ""
        pay = f", paying {_PAY_WORDS[a.pay]}" if a.pay else ""
        return f"Use {DJINNS[a.djinn].name}{target}{pay}"
    if isinstance(a, Keep):
        return f"Keep {DJINNS[a.djinn].name}"
    if isinstance(a, SuitCard):
        return f"Add {RESOURCE_NAMES[a.card]} to the suit to sell"
    if isinstance(a, Skip):
        return "Skip the tile action"
    if isinstance(a, Sell):
        return "Sell the suit"
    if isinstance(a, EndTurn):
        return "End the turn"
    return repr(a)
