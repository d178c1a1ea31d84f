"""The actions of Five Tribes: small immutable values, each owning its JSON, its short text notation and its
words.

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
from typing import ClassVar

from longhouse.engine.errors import IllegalAction
from longhouse.engine.notation import JSON, ActionTable, Notated, Word, whole
from longhouse.engine.seats import seat_word
from longhouse.engine.text import N_, Msg, Text, _, listing, ngettext
from longhouse.games.five_tribes.board import DIRECTION_LETTERS, tile_from_name, tile_name
from longhouse.games.five_tribes.data import (
    A_TRIBE,
    COLOUR_LETTERS,
    DJINN_INDEX,
    DJINNS,
    NUM_RESOURCE_TYPES,
    NUM_TILES,
    RESOURCE_CODES,
    RESOURCE_WORDS,
    TURN_TRACK_COSTS,
    ZERO_BID,
)

PAYMENTS = ("", "E", "F", "EE", "EF")
#: What a payment code means, in words (the object of "paying …").
PAY_WORDS: dict[str, Text] = {"": "", "E": _("an Elder"), "F": _("a Fakir"), "EE": _("2 Elders"),
                              "EF": _("an Elder and a Fakir")}
#: A drop's direction: the tile to the north, east, south or west.
_DROP_WORDS = (N_("Drop {meeple} on the tile to the north"), N_("Drop {meeple} on the tile to the east"),
               N_("Drop {meeple} on the tile to the south"), N_("Drop {meeple} on the tile to the west"))
_LAST_TILE = NUM_TILES - 1


def _pay(d: JSON, allowed: tuple[str, ...]) -> str:
    v = d.get("pay", "")
    if v not in allowed:
        raise IllegalAction(_("'pay' must be one of {allowed}, not {value}", allowed=str(allowed),
                              value=repr(v)[:40]))
    return str(v)


def _tile(word: str) -> int:
    try:
        return tile_from_name(word)
    except ValueError as exc:
        raise IllegalAction(_("{word} is not a tile (a1 to f5)", word=repr(word)[:40])) from exc


def _djinn(word: str) -> int:
    for name, i in DJINN_INDEX.items():
        if name.lower() == word.lower():
            return i
    raise IllegalAction(_("{word} is not a Djinn", word=repr(word)[:40]))


def _colour(word: str) -> int:
    if len(word) != 1 or word.upper() not in COLOUR_LETTERS:
        raise IllegalAction(_("{word} is not a meeple colour (Y W G B R)", word=repr(word)[:40]))
    return COLOUR_LETTERS.index(word.upper())


def _card(word: str) -> int:
    if word not in RESOURCE_CODES:
        raise IllegalAction(_("{word} is not a resource code ({codes})", word=repr(word)[:40],
                              codes=", ".join(RESOURCE_CODES)))
    return RESOURCE_CODES.index(word)


def _words(text: str, head: str, counts: tuple[int, ...]) -> list[str] | None:
    """The arguments of ``text`` if it starts with ``head`` and has one of ``counts`` arguments."""
    w = text.split()
    if w[0].lower() != head or len(w) - 1 not in counts:
        return None
    return w[1:]


@dataclass(frozen=True, slots=True)
class Bid(Notated):
    spot: int  # 0..5 paid spots (18 .. 1 GC), 6 = bid zero
    fakirs: int = 0  # Kumarbi discount
    kind: ClassVar[str] = "bid"

    @classmethod
    def read(cls, d: JSON) -> Bid:
        return Bid(whole(d, "spot", 0, ZERO_BID), whole(d, "fakirs", 0, 18, 0))

    def to_text(self) -> str:
        return f"bid {TURN_TRACK_COSTS[self.spot]}" + (f" k{self.fakirs}" if self.fakirs else "")

    @classmethod
    def read_text(cls, text: str) -> Bid | None:
        args = _words(text, "bid", (1, 2))
        if args is None:
            return None
        if args == ["0"]:
            return Bid(ZERO_BID)
        costs = [str(c) for c in TURN_TRACK_COSTS[:ZERO_BID]]
        if args[0] not in costs:
            raise IllegalAction(_("there is no Turn Order spot costing {cost}", cost=repr(args[0])[:40]))
        fakirs = 0
        if len(args) == 2:
            if not (args[1].startswith("k") and args[1][1:].isdigit()):
                raise IllegalAction(_("the Kumarbi discount is written kN"))
            fakirs = int(args[1][1:])
        return Bid(costs.index(args[0]), fakirs)

    def words(self) -> Msg:
        if self.spot == ZERO_BID:
            return _("Bid 0 for turn order (join the zero queue)")
        cost = TURN_TRACK_COSTS[self.spot]
        if self.fakirs:
            return ngettext("Bid for the {cost} spot, discarding {n} Fakir with Kumarbi",
                            "Bid for the {cost} spot, discarding {n} Fakirs with Kumarbi", self.fakirs, cost=cost)
        return _("Bid for the {cost} spot", cost=cost)


@dataclass(frozen=True, slots=True)
class Pick(Notated):
    tile: int
    kind: ClassVar[str] = "pick"

    @classmethod
    def read(cls, d: JSON) -> Pick:
        return Pick(whole(d, "tile", 0, _LAST_TILE))

    def to_text(self) -> str:
        return f"pick {tile_name(self.tile)}"

    @classmethod
    def read_text(cls, text: str) -> Pick | None:
        args = _words(text, "pick", (1,))
        return None if args is None else Pick(_tile(args[0]))

    def words(self) -> Msg:
        return _("Pick up the meeples on {tile}", tile=tile_name(self.tile))


@dataclass(frozen=True, slots=True)
class Drop(Notated):
    direction: int
    colour: int
    kind: ClassVar[str] = "drop"

    @classmethod
    def read(cls, d: JSON) -> Drop:
        return Drop(whole(d, "direction", 0, 3), whole(d, "colour", 0, 4))

    def to_text(self) -> str:
        return f"drop {DIRECTION_LETTERS[self.direction]}{COLOUR_LETTERS[self.colour]}"

    @classmethod
    def read_text(cls, text: str) -> Drop | None:
        args = _words(text, "drop", (1,))
        if args is None or len(args[0]) != 2 or args[0][0] not in DIRECTION_LETTERS:
            return None
        return Drop(DIRECTION_LETTERS.index(args[0][0]), _colour(args[0][1]))

    def words(self) -> Msg:
        return Msg(_DROP_WORDS[self.direction], {"meeple": A_TRIBE[self.colour]})


@dataclass(frozen=True, slots=True)
class Fakirs(Notated):
    count: int
    kind: ClassVar[str] = "fakirs"

    @classmethod
    def read(cls, d: JSON) -> Fakirs:
        return Fakirs(whole(d, "count", 0, 18))

    def to_text(self) -> str:
        return f"fakirs {self.count}"

    @classmethod
    def read_text(cls, text: str) -> Fakirs | None:
        args = _words(text, "fakirs", (1,))
        return Fakirs(int(args[0])) if args is not None and args[0].isdigit() else None

    def words(self) -> Msg:
        return ngettext("Discard {n} Fakir for the bonus", "Discard {n} Fakirs for the bonus", self.count)


@dataclass(frozen=True, slots=True)
class Kill(Notated):
    colour: int
    tile: int = -1  # a meeple on this tile, or
    seat: int = -1  # a meeple in this seat's pool
    kind: ClassVar[str] = "kill"

    @classmethod
    def read(cls, d: JSON) -> Kill:
        k = Kill(whole(d, "colour", 0, 4), whole(d, "tile", -1, _LAST_TILE, -1), whole(d, "seat", -1, 3, -1))
        if (k.tile < 0) == (k.seat < 0):
            raise IllegalAction(_("a kill names either a tile or a seat"))
        return k

    def to_text(self) -> str:
        where = tile_name(self.tile) if self.tile >= 0 else f"seat{self.seat}"
        return f"kill {where} {COLOUR_LETTERS[self.colour]}"

    @classmethod
    def read_text(cls, text: str) -> Kill | None:
        args = _words(text, "kill", (2,))
        if args is None:
            return None
        colour = _colour(args[1])
        if args[0].startswith("seat") and args[0][4:].isdigit():
            return Kill(colour, seat=int(args[0][4:]))
        return Kill(colour, tile=_tile(args[0]))

    def words(self) -> Msg:
        if self.tile >= 0:
            return _("Assassinate {meeple} on {tile}", meeple=A_TRIBE[self.colour], tile=tile_name(self.tile))
        return _("Assassinate {meeple} in {seat}'s pool", meeple=A_TRIBE[self.colour], seat=seat_word(self.seat))


@dataclass(frozen=True, slots=True)
class Place(Notated):
    tile: int
    pay: str = ""
    kind: ClassVar[str] = "place"

    @classmethod
    def read(cls, d: JSON) -> Place:
        return Place(whole(d, "tile", 0, _LAST_TILE), _pay(d, ("", "E", "F")))

    def to_text(self) -> str:
        return f"place {tile_name(self.tile)}" + (f" {self.pay}" if self.pay else "")

    @classmethod
    def read_text(cls, text: str) -> Place | None:
        args = _words(text, "place", (1, 2))
        if args is None:
            return None
        pay = args[1] if len(args) == 2 else ""
        if pay not in ("", "E", "F"):
            raise IllegalAction(_("a placement pays E or F"))
        return Place(_tile(args[0]), pay)

    def words(self) -> Msg:
        if self.pay:
            return _("Place it on {tile}, paying {payment}", tile=tile_name(self.tile), payment=PAY_WORDS[self.pay])
        return _("Place it on {tile}", tile=tile_name(self.tile))


@dataclass(frozen=True, slots=True)
class Summon(Notated):
    djinn: int
    pay: str
    kind: ClassVar[str] = "summon"

    @classmethod
    def read(cls, d: JSON) -> Summon:
        return Summon(whole(d, "djinn", 0, 21), _pay(d, ("EE", "EF")))

    def to_text(self) -> str:
        return f"summon {DJINNS[self.djinn].name} {self.pay}"

    @classmethod
    def read_text(cls, text: str) -> Summon | None:
        args = _words(text, "summon", (2,))
        return Summon(_djinn(args[0]), args[1]) if args is not None and args[1] in ("EE", "EF") else None

    def words(self) -> Msg:
        return _("Take {djinn}, paying {payment}", djinn=DJINNS[self.djinn].name, payment=PAY_WORDS[self.pay])


@dataclass(frozen=True, slots=True)
class Buy(Notated):
    cards: tuple[int, ...]
    price: int
    kind: ClassVar[str] = "buy"

    @classmethod
    def read(cls, d: JSON) -> Buy:
        cards = d.get("cards")
        if (not isinstance(cards, list) or not 1 <= len(cards) <= 2
                or any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < NUM_RESOURCE_TYPES
                       for c in cards)):
            raise IllegalAction(_("'cards' must be a list of 1 or 2 resource numbers"))
        return Buy(tuple(sorted(cards)), whole(d, "price", 0, 99))

    def to_text(self) -> str:
        return "buy " + ",".join(RESOURCE_CODES[c] for c in self.cards) + f" {self.price}"

    @classmethod
    def read_text(cls, text: str) -> Buy | None:
        args = _words(text, "buy", (2,))
        if args is None or not args[1].isdigit():
            return None
        cards = [_card(c) for c in args[0].split(",")]
        if not 1 <= len(cards) <= 2:
            raise IllegalAction(_("a purchase is 1 or 2 cards"))
        return Buy(tuple(sorted(cards)), int(args[1]))

    def words(self) -> Msg:
        return _("Buy {cards} for {price} gold", cards=listing(RESOURCE_WORDS[c] for c in self.cards), price=self.price)


@dataclass(frozen=True, slots=True)
class Skip(Word):
    kind: ClassVar[str] = "skip"
    said: ClassVar[Text] = _("Skip the tile action")


@dataclass(frozen=True, slots=True)
class Power(Notated):
    djinn: int
    pay: str
    tile: int = -1
    kind: ClassVar[str] = "power"

    @classmethod
    def read(cls, d: JSON) -> Power:
        return Power(whole(d, "djinn", 0, 21), _pay(d, PAYMENTS), whole(d, "tile", -1, _LAST_TILE, -1))

    def to_text(self) -> str:
        parts = ["power", DJINNS[self.djinn].name]
        if self.pay:
            parts.append(self.pay)
        if self.tile >= 0:
            parts.append(tile_name(self.tile))
        return " ".join(parts)

    @classmethod
    def read_text(cls, text: str) -> Power | None:
        args = _words(text, "power", (1, 2, 3))
        if args is None:
            return None
        djinn = _djinn(args[0])
        pay, tile = "", -1
        for word in args[1:]:
            if word in PAYMENTS and word:
                pay = word
            else:
                tile = _tile(word)
        return Power(djinn, pay, tile)

    def words(self) -> Msg:
        djinn = DJINNS[self.djinn].name
        if self.tile >= 0 and self.pay:
            return _("Use {djinn} on {tile}, paying {payment}", djinn=djinn, tile=tile_name(self.tile),
                     payment=PAY_WORDS[self.pay])
        if self.tile >= 0:
            return _("Use {djinn} on {tile}", djinn=djinn, tile=tile_name(self.tile))
        if self.pay:
            return _("Use {djinn}, paying {payment}", djinn=djinn, payment=PAY_WORDS[self.pay])
        return _("Use {djinn}", djinn=djinn)


@dataclass(frozen=True, slots=True)
class Keep(Notated):
    djinn: int
    kind: ClassVar[str] = "keep"

    @classmethod
    def read(cls, d: JSON) -> Keep:
        return Keep(whole(d, "djinn", 0, 21))

    def to_text(self) -> str:
        return f"keep {DJINNS[self.djinn].name}"

    @classmethod
    def read_text(cls, text: str) -> Keep | None:
        args = _words(text, "keep", (1,))
        return None if args is None else Keep(_djinn(args[0]))

    def words(self) -> Msg:
        return _("Keep {djinn}", djinn=DJINNS[self.djinn].name)


@dataclass(frozen=True, slots=True)
class SuitCard(Notated):
    card: int
    kind: ClassVar[str] = "suit"

    @classmethod
    def read(cls, d: JSON) -> SuitCard:
        return SuitCard(whole(d, "card", 0, NUM_RESOURCE_TYPES - 1))

    def to_text(self) -> str:
        return f"suit {RESOURCE_CODES[self.card]}"

    @classmethod
    def read_text(cls, text: str) -> SuitCard | None:
        args = _words(text, "suit", (1,))
        return None if args is None else SuitCard(_card(args[0]))

    def words(self) -> Msg:
        return _("Add {card} to the suit to sell", card=RESOURCE_WORDS[self.card])


@dataclass(frozen=True, slots=True)
class Sell(Word):
    kind: ClassVar[str] = "sell"
    said: ClassVar[Text] = _("Sell the suit")


@dataclass(frozen=True, slots=True)
class EndTurn(Word):
    kind: ClassVar[str] = "end"
    said: ClassVar[Text] = _("End the turn")


FTAction = Bid | Pick | Drop | Fakirs | Kill | Place | Summon | Buy | Skip | Power | Keep | SuitCard | Sell | EndTurn

SKIP = Skip.one()
SELL = Sell.one()
END_TURN = EndTurn.one()

#: The notation (``Game.notation``): JSON, text and words of every action type above.
NOTATION = ActionTable(
    "Five Tribes", (Bid, Pick, Drop, Fakirs, Kill, Place, Summon, Buy, Skip, Power, Keep, SuitCard, Sell, EndTurn),
    "see the text notation in longhouse/games/five_tribes/actions.py")
to_json = NOTATION.to_json
from_json = NOTATION.from_json
to_text = NOTATION.to_text
from_text = NOTATION.from_text
describe = NOTATION.describe
#: Whether ``a`` is one of our actions spelled with exact types: ``Pick(True)`` and ``Pick(1.0)`` equal
#: ``Pick(1)`` (and hash alike), but they cannot be written to a record and read back, so they are refused.
well_formed = NOTATION.well_formed
