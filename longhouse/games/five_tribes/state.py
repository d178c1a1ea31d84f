"""A Five Tribes position, as data: the board, the seats' holdings, the round's turn order and the turn in
progress (grouped in ``TURN``, so a new turn is one call), with the small helpers the rules share
(paying, gaining, drawing, taking control).

Phases of a round: BID (each Turn marker in Bid Order track order), then for each marker in Turn Order:
PICK (choose a tile, or use Djinns), DROP (one drop at a time), the tribe decision (BUILDERS or ASSASSINS:
how many Fakirs; KILL: the target), the tile decision (TILE, or PLACE for a Palace/Palm Tree that Hagis or
Lamia may move), FREE (Djinns, selling, end of turn) with SUIT while a suit for sale is being built and
KEEP while a Sibittis draw is being chosen from.

The rules that change it, by rulebook section: ``turns`` (bidding, turn order, the end of a round),
``movement`` (picking up and dropping meeples), ``tribes`` (Builders, Assassins), ``tiles`` (the tile
action, selling), ``placement`` (Palaces and Palm Trees), ``djinns`` (the Djinns' powers), ``scoring``;
``play`` binds them to the engine contract. Copies and snapshots are driven by the field lists.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, ClassVar

from longhouse.engine.events import Event
from longhouse.engine.fields import Fields
from longhouse.engine.rng import Rng
from longhouse.engine.seats import seat_word
from longhouse.engine.state import JSON, Game, State
from longhouse.engine.text import _
from longhouse.engine.undo import TurnUndo, TurnUndoState
from longhouse.games.five_tribes import board as B
from longhouse.games.five_tribes import rulings
from longhouse.games.five_tribes.data import (
    BAAL,
    CAMELS,
    COLOURS,
    DJINN_ROW_SIZE,
    DJINNS,
    FAKIR,
    GOLD_IN_BOX,
    MONKIR,
    NUM_TILES,
    PAID_SPOTS,
    PALACES,
    PALM_TREES,
    RESOURCE_COUNTS,
    RESOURCE_ROW_SIZE,
    RESOURCE_WORDS,
    STARTING_GOLD,
    TILE_TYPES,
    WHITE,
)


class Phase(IntEnum):
    """Where the game stands: the Turn Order bids, then the steps of a player's turn (pick up meeples, drop
    them, the tribe's action — Builders, Assassins and the kill —, the tile's action, placing a Palm Tree or
    Palace, keeping a Djinn, the free actions, a Market sale), or the end. A snapshot writes the number."""

    BID = 0
    PICK = 1
    DROP = 2
    BUILDERS = 3
    ASSASSINS = 4
    KILL = 5
    TILE = 6
    PLACE = 7
    KEEP = 8
    FREE = 9
    SUIT = 10
    OVER = 11


BID, PICK, DROP, BUILDERS, ASSASSINS, KILL, TILE, PLACE, KEEP, FREE, SUIT, OVER = Phase
#: Each phase's name, as views say it.
PHASE_NAMES = tuple(phase.name.lower() for phase in Phase)
TURN_PHASES = frozenset({PICK, DROP, BUILDERS, ASSASSINS, KILL, TILE, PLACE, KEEP, FREE, SUIT})
PALM, PALACE = 0, 1

#: The turn in progress: the move, the tribe and tile actions, the sale. ``TURN.copy(NEW_TURN, state)``
#: starts a new one.
TURN = Fields(
    values=("moved", "mv_state", "mv_left", "final_tile", "last_colour", "tribe_count", "ass_range", "kills_left",
            "kill_tile", "kill_seat", "echidna", "iblis", "place_kind", "place_tile", "ret_phase"),
    lists=("mv_hand", "mv_path", "keep_choices", "suit"),
)


class _NewTurn:
    """The values of a turn before anything happens in it."""

    moved = echidna = iblis = False
    mv_state = final_tile = last_colour = kill_tile = kill_seat = place_kind = place_tile = ret_phase = -1
    mv_left = tribe_count = ass_range = kills_left = 0
    mv_hand: ClassVar[list[int]] = [0] * COLOURS
    mv_path: ClassVar[list[int]] = []
    keep_choices: ClassVar[list[int]] = []
    suit: ClassVar[list[int]] = []


NEW_TURN = _NewTurn()

#: Every field of a position: the round and the supplies, the components' places, the seats' holdings.
FIELDS = Fields(
    values=("num_players", "phase", "round", "marker", "seat", "used", "palm_supply", "palace_supply", "last_camel",
            "no_move", "last_mover", *TURN.values),
    lists=("tiles", "owner", "palms", "palaces", "bag", "res_deck", "res_row", "res_discard", "djinn_deck",
           "djinn_row", "djinn_discard", "gold", "camels", "viziers", "elders", "djinn_owner", "used_round",
           "marker_seat", "bid_track", "paid_spots", "zero_queue", "play_queue", "last_path", *TURN.lists, "cmask"),
    tables=("board", "hands", "shown", "djinns"),
    copies=("rng",),
    # derived from the tiles, never changed: each tile's kind and whether it counts for the Builders
    shared=("kind", "blue"),
    # derived from the board (rebuilt when a snapshot is read)
    unsaved=("cmask",),
    # a copy starts with no legal-action cache, nothing revealed and no undo record
    fresh={"_ver": 0, "_cache": None, "_revealed": False, "undo_turn": None},
)

#: A seat in the move log's words ("Red", "Rot"): a text of the catalogs.
player = seat_word


def blind_draw_events(seat: int, card: int, djinn: str) -> list[Event]:
    """A card drawn blind: everybody learns that a card was drawn, only its taker which one."""
    return [Event("draw", _("{seat} draws a Resource card ({djinn})", seat=player(seat), djinn=djinn),
                  {"seat": seat, "count": 1}),
            Event("cards", _("{seat} draws {card} ({djinn})", seat=player(seat), card=RESOURCE_WORDS[card],
                             djinn=djinn),
                  {"seat": seat, "cards": [card]},
                  seats=(seat,))]


class FTState(TurnUndoState, State):
    """The data of a Five Tribes position."""

    game: ClassVar[Game]
    FIELDS: ClassVar[Fields] = FIELDS
    # Slots, not an instance dict: a position has some 65 attributes, more than CPython's shared-key
    # instance dicts hold (30), so without slots every attribute read and write (the rules' hot paths, and
    # a copy for every turn's undo base: three times faster with slots) goes through a dict lookup.
    __slots__ = (*FIELDS.names(), *FIELDS.fresh)

    # Every field is listed in FIELDS (TURN for the turn in progress), plus the undo record.
    num_players: int
    phase: Phase
    round: int
    marker: int
    seat: int
    used: int
    moved: bool
    mv_state: int
    mv_left: int
    final_tile: int
    last_colour: int
    tribe_count: int
    ass_range: int
    kills_left: int
    kill_tile: int
    kill_seat: int
    echidna: bool
    iblis: bool
    place_kind: int
    place_tile: int
    #: the phase a Palm Tree, Palace, Djinn or sale returns to (its number; -1 none)
    ret_phase: int
    palm_supply: int
    palace_supply: int
    last_camel: bool
    no_move: bool
    tiles: list[str]
    owner: list[int]
    palms: list[int]
    palaces: list[int]
    bag: list[int]
    res_deck: list[int]
    res_row: list[int]
    res_discard: list[int]
    djinn_deck: list[int]
    djinn_row: list[int]
    djinn_discard: list[int]
    gold: list[int]
    camels: list[int]
    viziers: list[int]
    elders: list[int]
    djinn_owner: list[int]
    used_round: list[int]
    marker_seat: list[int]
    bid_track: list[int]
    paid_spots: list[int]
    zero_queue: list[int]
    play_queue: list[int]
    mv_hand: list[int]
    mv_path: list[int]
    keep_choices: list[int]
    suit: list[int]
    board: list[list[int]]
    hands: list[list[int]]
    #: Per seat, how many of each card in its hand everybody saw it take (the rest were drawn blind).
    shown: list[list[int]]
    djinns: list[list[int]]
    #: The path of the last meeple move made (by ``last_mover``), kept until the next move is made.
    last_path: list[int]
    last_mover: int
    rng: Rng
    # Derived and bookkeeping (not in snapshots, rebuilt): tile kinds, colour masks, caches.
    kind: list[int]
    blue: list[int]
    cmask: list[int]
    #: the seat's undoable steps this turn: a copy of the position when the turn began (or when something
    #: hidden was last revealed) and the actions since; None outside a turn
    undo_turn: TurnUndo | None
    _ver: int
    _cache: tuple[int, list[Any]] | None
    _revealed: bool

    def __init__(self, num_players: int, tiles: list[str], board: list[list[int]], bag: list[int],
                 res_deck: list[int], djinn_deck: list[int], marker_seat: list[int], bid_track: list[int],
                 rng: Rng) -> None:
        """The position before the first bid: ``tiles`` in board order with ``board`` their meeples and
        ``bag`` the rest; the decks with their first card at the start (the rows are dealt from them);
        ``marker_seat`` each Turn marker's seat and ``bid_track`` the markers in Bid Order."""
        n = num_players
        self.num_players = n
        self.phase = BID
        self.round = 0
        self.marker = -1
        self.seat = -1
        self.used = 0
        self.clear_turn()
        self.palm_supply = PALM_TREES
        self.palace_supply = PALACES
        self.last_camel = False
        self.no_move = False
        self.tiles = tiles
        self.owner = [-1] * NUM_TILES
        self.palms = [0] * NUM_TILES
        self.palaces = [0] * NUM_TILES
        self.bag = bag
        # Draw piles are drawn from the end of the list: reverse so that the first card comes first.
        deck = res_deck[::-1]
        self.res_row = [deck.pop() for _ in range(RESOURCE_ROW_SIZE)]
        self.res_deck = deck
        self.res_discard = []
        djinns = djinn_deck[::-1]
        self.djinn_row = [djinns.pop() for _ in range(DJINN_ROW_SIZE)]
        self.djinn_deck = djinns
        self.djinn_discard = []
        self.gold = [STARTING_GOLD] * n
        self.camels = [CAMELS[n]] * n
        self.viziers = [0] * n
        self.elders = [0] * n
        self.djinn_owner = [-1] * len(DJINNS)
        self.used_round = [0] * n
        self.marker_seat = marker_seat
        self.bid_track = bid_track
        self.paid_spots = [-1] * PAID_SPOTS
        self.zero_queue = []
        self.play_queue = []
        self.board = board
        self.hands = [[0] * len(RESOURCE_COUNTS) for _ in range(n)]
        self.shown = [[0] * len(RESOURCE_COUNTS) for _ in range(n)]
        self.djinns = [[] for _ in range(n)]
        self.last_path = []
        self.last_mover = -1
        self.rng = rng
        self.undo_turn = None
        self._revealed = False
        self.derive()

    # --- derived data, copies, snapshots ---------------------------------------------------------

    def derive(self) -> None:
        """Rebuild what follows from the tiles and the board (after set-up, a snapshot, or an edit)."""
        self.kind = [TILE_TYPES[t].kind for t in self.tiles]
        self.blue = [1 if TILE_TYPES[t].blue else 0 for t in self.tiles]
        self.refresh()

    def refresh(self) -> None:
        """Recompute the colour masks and drop cached legal actions (after editing the board directly)."""
        cm = [0] * COLOURS
        for t in range(NUM_TILES):
            row = self.board[t]
            for c in range(COLOURS):
                if row[c]:
                    cm[c] |= 1 << t
        self.cmask = cm
        self.touch()

    def touch(self) -> None:
        self._ver = getattr(self, "_ver", 0) + 1
        self._cache = None

    def clear_turn(self) -> None:
        """Forget everything about the turn in progress: the move, the tribe and tile actions, the sale."""
        TURN.copy(NEW_TURN, self)

    def core_json(self) -> JSON:
        """The position without its undo record (the engine's ``to_json`` adds it)."""
        return FIELDS.to_json(self)

    # --- small helpers ---------------------------------------------------------------------------

    def current_seat(self) -> int:
        if self.phase == BID:
            return self.marker_seat[self.bid_track[0]]
        return self.seat

    def owns(self, seat: int, djinn: int) -> bool:
        return self.djinn_owner[djinn] == seat

    def fakirs(self, seat: int) -> int:
        return self.hands[seat][FAKIR]

    def add_meeple(self, tile: int, colour: int, n: int = 1) -> None:
        self.board[tile][colour] += n
        self.cmask[colour] |= 1 << tile

    def remove_meeples(self, tile: int, colour: int, n: int) -> None:
        row = self.board[tile]
        row[colour] -= n
        if row[colour] == 0:
            self.cmask[colour] &= ~(1 << tile)

    def tile_empty_of_meeples(self, tile: int) -> bool:
        return not any(self.board[tile])

    def completely_empty(self, tile: int) -> bool:
        return (self.owner[tile] < 0 and not self.palms[tile] and not self.palaces[tile]
                and not any(self.board[tile]))

    def blue_block(self, tile: int) -> int:
        return sum(self.blue[t] for t in B.BUILDER_BLOCK[tile])

    def pay_gold(self, seat: int, amount: int) -> None:
        self.gold[seat] -= amount

    def gain_gold(self, seat: int, amount: int) -> int:
        """The bank pays ``seat``; returns what it paid (RULING gold-bank-unlimited: all of it, or else at most
        what the bank holds)."""
        if not rulings.GOLD_BANK_UNLIMITED:
            amount = max(0, min(amount, GOLD_IN_BOX - sum(self.gold)))
        self.gold[seat] += amount
        return amount

    def pay(self, seat: int, code: str) -> None:
        """Pay a Djinn or Sacred Place cost: Elders go back to the bag, Fakirs to the discard pile."""
        for ch in code:
            if ch == "E":
                self.elders[seat] -= 1
                self.bag[WHITE] += 1
            else:
                self.discard_card(seat, FAKIR)

    def payments(self, seat: int, cost: str) -> list[str]:
        e, f = self.elders[seat], self.hands[seat][FAKIR]
        if cost == "E/F":
            return [p for p, ok in (("E", e >= 1), ("F", f >= 1)) if ok]
        if cost == "EE/EF":
            return [p for p, ok in (("EE", e >= 2), ("EF", e >= 1 and f >= 1)) if ok]
        if cost == "F":
            return ["F"] if f >= 1 else []
        return []

    def take_control(self, seat: int, tile: int, events: list[Event], by_move: bool = False) -> bool:
        if self.owner[tile] >= 0 or self.camels[seat] <= 0:
            return False
        self.owner[tile] = seat
        self.camels[seat] -= 1
        events.append(Event("control", _("{seat} takes control of {tile}", seat=player(seat), tile=B.tile_name(tile)),
                            {"seat": seat, "tile": tile}))
        if self.camels[seat] == 0 and (by_move or rulings.ANY_CAMEL_PLACEMENT_ENDS_GAME):
            self.last_camel = True
        return True

    def gain_djinn(self, seat: int, djinn: int, events: list[Event]) -> None:
        self.djinns[seat].append(djinn)
        self.djinn_owner[djinn] = seat
        events.append(Event("djinn", _("{seat} takes {djinn}", seat=player(seat), djinn=DJINNS[djinn].name),
                            {"seat": seat, "djinn": djinn}))
        baal = self.djinn_owner[BAAL]
        # RULING baal-not-itself: no payout for taking Ba'al itself.
        if baal >= 0 and (djinn != BAAL or rulings.BAAL_PAYS_FOR_ITSELF):
            self.gain_gold(baal, 1 if baal == seat else 2)

    def place_palace(self, tile: int, events: list[Event]) -> None:
        self.palaces[tile] += 1
        self.palace_supply -= 1
        events.append(Event("palace", _("{seat} places a Palace on {tile}", seat=player(self.seat),
                                        tile=B.tile_name(tile)), {"tile": tile}))
        monkir = self.djinn_owner[MONKIR]
        if monkir >= 0:
            self.gain_gold(monkir, 1 if monkir == self.seat else 2)

    def place_palm(self, tile: int, events: list[Event]) -> None:
        self.palms[tile] += 1
        self.palm_supply -= 1
        events.append(Event("palm", _("{seat} places a Palm Tree on {tile}", seat=player(self.seat),
                                      tile=B.tile_name(tile)), {"tile": tile}))

    def draw_resource(self) -> int:
        """The top card of the Resource draw pile (reshuffling the discards when it is empty); -1 if none."""
        if not self.res_deck:
            self.res_deck, self.res_discard = self._reshuffled(self.res_discard), []
        return self._draw(self.res_deck)

    def take_cards(self, seat: int, cards: list[int] | tuple[int, ...], seen: bool) -> None:
        """Cards into a seat's hand: ``seen`` when taken face up (the row, a Market), not when drawn blind."""
        for card in cards:
            self.hands[seat][card] += 1
            if seen:
                self.shown[seat][card] += 1

    def discard_card(self, seat: int, card: int) -> None:
        """A card leaves a seat's hand face up onto the discard pile (a Fakir paid, a card sold)."""
        self.hands[seat][card] -= 1
        if self.shown[seat][card]:
            self.shown[seat][card] -= 1
        self.res_discard.append(card)

    def draw_djinn(self) -> int:
        """The top card of the Djinn draw pile (reshuffling the discards when it is empty); -1 if none."""
        if not self.djinn_deck:
            self.djinn_deck, self.djinn_discard = self._reshuffled(self.djinn_discard), []
        return self._draw(self.djinn_deck)

    def _reshuffled(self, discards: list[int]) -> list[int]:
        self.rng.shuffle(discards)
        return discards

    def _draw(self, pile: list[int]) -> int:
        if not pile:
            return -1
        self._revealed = True
        return pile.pop()

    def draw_meeple(self) -> int:
        """A meeple drawn at random from the bag (the bag must not be empty)."""
        self._revealed = True
        k = self.rng.below(sum(self.bag))
        for c in range(COLOURS):
            if k < self.bag[c]:
                self.bag[c] -= 1
                return c
            k -= self.bag[c]
        raise AssertionError("the bag count is inconsistent")

    # --- what follows from the data alone ---------------------------------------------------------

    def acting(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        return (self.current_seat(),)

    def is_over(self) -> bool:
        return self.phase == OVER
