"""The Five Tribes state: one position, mutable, with the rules as methods over it.

Phases of a round: BID (each Turn marker in Bid Order track order), then for each marker in Turn Order:
PICK (choose a tile, or use Djinns), DROP (one drop at a time), the tribe decision (BUILDERS or ASSASSINS:
how many Fakirs; KILL: the target), the tile decision (TILE, or PLACE for a Palace/Palm Tree that Hagis or
Lamia may move), FREE (Djinns, selling, end of turn) with SUIT while a suit for sale is being built and
KEEP while a Sibittis draw is being chosen from. The Djinn powers' legality and effects are in djinns.py.
"""

from __future__ import annotations

from typing import Any, ClassVar

from longhouse.engine.errors import IllegalAction, SnapshotError
from longhouse.engine.events import Event
from longhouse.engine.rng import Rng
from longhouse.engine.seats import seat_name
from longhouse.engine.state import JSON, Action, Game, State
from longhouse.games.five_tribes import actions as A
from longhouse.games.five_tribes import board as B
from longhouse.games.five_tribes import djinns as D
from longhouse.games.five_tribes import rulings, scoring
from longhouse.games.five_tribes.data import (
    A_COLOUR,
    BAAL,
    BLUE,
    BOAZ,
    COLOUR_NAMES,
    COLOURS,
    DJINN_ROW_SIZE,
    DJINNS,
    ECHIDNA,
    FAKIR,
    GREEN,
    HAGIS,
    IBLIS,
    KANDICHA,
    KUMARBI,
    LAMIA,
    LARGE_MARKET,
    LARGE_MARKET_PRICE,
    LARGE_MARKET_REACH,
    MARID,
    MONKIR,
    NEKIR,
    NUM_TILES,
    OASIS,
    PAID_SPOTS,
    RED,
    RESOURCE_NAMES,
    RESOURCE_ROW_SIZE,
    SACRED,
    SMALL_MARKET,
    SMALL_MARKET_PRICE,
    SMALL_MARKET_REACH,
    SUIT_VALUES,
    TILE_TYPES,
    TURN_TRACK_COSTS,
    VILLAGE,
    WHITE,
    YELLOW,
    ZERO_BID,
    ZERO_SPOTS,
)
from longhouse.games.five_tribes.snapshot import validate as validate_snapshot

BID, PICK, DROP, BUILDERS, ASSASSINS, KILL, TILE, PLACE, KEEP, FREE, SUIT, OVER = range(12)
PHASE_NAMES = ("bid", "pick", "drop", "builders", "assassins", "kill", "tile", "place", "keep", "free", "suit",
               "over")
TURN_PHASES = frozenset({PICK, DROP, BUILDERS, ASSASSINS, KILL, TILE, PLACE, KEEP, FREE, SUIT})
PALM, PALACE = 0, 1

DROPS = tuple(tuple(A.Drop(d, c) for c in range(COLOURS)) for d in range(4))
PICKS = tuple(A.Pick(t) for t in range(NUM_TILES))
TILE_KILLS = tuple(tuple(A.Kill(c, tile=t) for c in range(COLOURS)) for t in range(NUM_TILES))
FAKIR_CHOICES = tuple(A.Fakirs(n) for n in range(19))

_SCALARS = ("num_players", "phase", "round", "marker", "seat", "used", "moved", "mv_state", "mv_left",
            "final_tile", "last_colour", "tribe_count", "ass_range", "kills_left", "kill_tile", "kill_seat",
            "echidna", "iblis", "place_kind", "place_tile", "ret_phase", "palm_supply", "palace_supply",
            "last_camel", "no_move", "last_mover")
_LISTS = ("tiles", "owner", "palms", "palaces", "bag", "res_deck", "res_row", "res_discard", "djinn_deck",
          "djinn_row", "djinn_discard", "gold", "camels", "viziers", "elders", "djinn_owner", "used_round",
          "marker_seat", "bid_track", "paid_spots", "zero_queue", "play_queue", "mv_hand", "mv_path", "last_path",
          "keep_choices", "suit")
_NESTED = ("board", "hands", "shown", "djinns")


player = seat_name


def blind_draw_events(seat: int, card: int, djinn: str) -> list[Event]:
    """A card drawn blind: everybody learns that a card was drawn, only its taker which one."""
    return [Event("draw", f"{player(seat)} draws a Resource card ({djinn})", {"seat": seat, "count": 1}),
            Event("cards", f"{player(seat)} draws {RESOURCE_NAMES[card]} ({djinn})", {"seat": seat, "cards": [card]},
                  seats=(seat,))]


class FTState(State):
    game: ClassVar[Game]

    # Every field is listed in _SCALARS, _LISTS or _NESTED (plus rng and the undo history).
    num_players: int
    phase: int
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
    #: The path of the last meeple move made (by ``last_mover``), kept until the next move is made.
    last_path: list[int]
    last_mover: int
    keep_choices: list[int]
    suit: list[int]
    board: list[list[int]]
    hands: list[list[int]]
    #: Per seat, how many of each card in its hand everybody saw it take (the rest were drawn blind).
    shown: list[list[int]]
    djinns: list[list[int]]
    rng: Rng
    # Derived and bookkeeping (not in snapshots, rebuilt): tile kinds, colour masks, caches.
    kind: list[int]
    blue: list[int]
    cmask: list[int]
    undo_base: FTState | None
    undo_actions: list[Any]
    _ver: int
    _cache: tuple[int, int, list[Any], frozenset[Any]] | None
    _revealed: bool

    # --- construction, copies, snapshots ---------------------------------------------------------

    def _derive(self) -> None:
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
        self._touch()

    def _touch(self) -> None:
        self._ver = getattr(self, "_ver", 0) + 1
        self._cache = None

    def _copy(self, with_undo: bool = True) -> FTState:
        new = object.__new__(type(self))
        d = new.__dict__
        src = self.__dict__
        for k in _SCALARS:
            d[k] = src[k]
        for k in _LISTS:
            d[k] = src[k][:]
        for k in _NESTED:
            d[k] = [x[:] for x in src[k]]
        d["rng"] = self.rng.copy()
        d["kind"] = self.kind
        d["blue"] = self.blue
        d["cmask"] = self.cmask[:]
        d["_ver"] = 0
        d["_cache"] = None
        d["_revealed"] = False
        if with_undo and self.undo_base is not None:
            d["undo_base"] = self.undo_base._copy(False)
            d["undo_actions"] = self.undo_actions[:]
        else:
            d["undo_base"] = None
            d["undo_actions"] = []
        return new

    def clone(self) -> FTState:
        return self._copy(True)

    def _snapshot(self) -> JSON:
        d: JSON = {k: getattr(self, k) for k in _SCALARS}
        for k in _LISTS:
            d[k] = list(getattr(self, k))
        for k in _NESTED:
            d[k] = [list(x) for x in getattr(self, k)]
        d["rng"] = self.rng.state
        return d

    def to_json(self) -> JSON:
        d = self._snapshot()
        d["undo_base"] = self.undo_base._snapshot() if self.undo_base is not None else None
        d["undo_actions"] = [A.to_json(a) for a in self.undo_actions]
        return d

    @classmethod
    def from_snapshot(cls, data: Any, with_undo: bool = True) -> FTState:
        """Read a snapshot back; any malformed or inconsistent snapshot raises ``SnapshotError``."""
        try:
            return cls._from_snapshot(data, with_undo)
        except SnapshotError:
            raise
        except (IllegalAction, TypeError, ValueError, IndexError, KeyError, AttributeError, AssertionError,
                OverflowError, RecursionError) as exc:
            raise SnapshotError(f"a malformed Five Tribes snapshot ({type(exc).__name__}: {exc})") from None

    @classmethod
    def _from_snapshot(cls, data: Any, with_undo: bool) -> FTState:
        if not isinstance(data, dict):
            raise SnapshotError("a Five Tribes snapshot is a JSON object")
        s = object.__new__(cls)
        for k in _SCALARS:
            if k not in data:
                raise SnapshotError(f"the snapshot lacks {k!r}")
            v = data[k]
            if not isinstance(v, int):
                raise SnapshotError(f"{k!r} must be a number")
            setattr(s, k, bool(v) if isinstance(v, bool) else v)
        for k in _LISTS:
            if k not in data:
                raise SnapshotError(f"the snapshot lacks {k!r}")
            v = data[k]
            if not isinstance(v, list):
                raise SnapshotError(f"{k!r} must be a list")
            setattr(s, k, list(v))
        for k in _NESTED:
            if k not in data:
                raise SnapshotError(f"the snapshot lacks {k!r}")
            v = data[k]
            if not isinstance(v, list) or not all(isinstance(x, list) for x in v):
                raise SnapshotError(f"{k!r} must be a list of lists")
            setattr(s, k, [list(x) for x in v])
        if not isinstance(s.tiles, list) or len(s.tiles) != NUM_TILES or any(
                not isinstance(t, str) or t not in TILE_TYPES for t in s.tiles):
            raise SnapshotError("'tiles' must name the 30 tiles")
        if len(s.board) != NUM_TILES or any(len(x) != COLOURS for x in s.board):
            raise SnapshotError("'board' must have 30 rows of 5 counts")
        rng = data.get("rng")
        if isinstance(rng, bool) or not isinstance(rng, int) or not 0 <= rng < 1 << 64:
            raise SnapshotError("'rng' must be a 64-bit generator state")
        validate_snapshot(s)
        s.rng = Rng(rng)
        s.undo_base = None
        s.undo_actions = []
        s._revealed = False
        s._derive()
        base_data = data.get("undo_base")
        if with_undo and base_data is not None:
            base = cls._from_snapshot(base_data, with_undo=False)
            if base.phase not in TURN_PHASES or s.phase not in TURN_PHASES or base.seat != s.seat:
                raise SnapshotError("the undo base must be in the same player's turn")
            history = data.get("undo_actions", [])
            if not isinstance(history, list):
                raise SnapshotError("'undo_actions' must be a list")
            actions = [A.from_json(a) for a in history]
            # The history must replay, legally, from the base to this very position.
            replay = base._copy(False)
            for a in actions:
                if not replay.is_legal(s.seat, a):
                    raise SnapshotError("the undo history does not replay from its base")
                replay._apply(s.seat, a)
            if replay._snapshot() != s._snapshot():
                raise SnapshotError("the undo history does not lead to this position")
            s.undo_base = base
            s.undo_actions = actions
        return s

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

    def gain_gold(self, seat: int, amount: int) -> None:
        # RULING gold-bank-unlimited: the bank always pays.
        self.gold[seat] += amount

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
        events.append(Event("control", f"{player(seat)} takes control of {B.tile_name(tile)}",
                            {"seat": seat, "tile": tile}))
        if self.camels[seat] == 0 and (by_move or rulings.ANY_CAMEL_PLACEMENT_ENDS_GAME):
            self.last_camel = True
        return True

    def gain_djinn(self, seat: int, djinn: int, events: list[Event]) -> None:
        self.djinns[seat].append(djinn)
        self.djinn_owner[djinn] = seat
        events.append(Event("djinn", f"{player(seat)} takes {DJINNS[djinn].name}", {"seat": seat, "djinn": djinn}))
        baal = self.djinn_owner[BAAL]
        # RULING baal-not-itself: no payout for taking Ba'al itself.
        if baal >= 0 and (djinn != BAAL or rulings.BAAL_PAYS_FOR_ITSELF):
            self.gain_gold(baal, 1 if baal == seat else 2)

    def place_palace(self, tile: int, events: list[Event]) -> None:
        self.palaces[tile] += 1
        self.palace_supply -= 1
        events.append(Event("palace", f"{player(self.seat)} places a Palace on {B.tile_name(tile)}", {"tile": tile}))
        monkir = self.djinn_owner[MONKIR]
        if monkir >= 0:
            self.gain_gold(monkir, 1 if monkir == self.seat else 2)

    def place_palm(self, tile: int, events: list[Event]) -> None:
        self.palms[tile] += 1
        self.palm_supply -= 1
        events.append(Event("palm", f"{player(self.seat)} places a Palm Tree on {B.tile_name(tile)}", {"tile": tile}))

    def draw_resource(self) -> int:
        """The top card of the Resource draw pile (reshuffling the discards when it is empty); -1 if none."""
        if not self.res_deck:
            if not self.res_discard:
                return -1
            self.res_deck = self.res_discard
            self.res_discard = []
            self.rng.shuffle(self.res_deck)
        self._revealed = True
        return self.res_deck.pop()

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
        if not self.djinn_deck:
            if not self.djinn_discard:
                return -1
            self.djinn_deck = self.djinn_discard
            self.djinn_discard = []
            self.rng.shuffle(self.djinn_deck)
        self._revealed = True
        return self.djinn_deck.pop()

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

    # --- the contract: who acts, what is legal ---------------------------------------------------

    def acting(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        return (self.current_seat(),)

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == OVER or seat != self.current_seat():
            return []
        c = self._cache
        if c is not None and c[0] == self._ver:
            return list(c[2])
        acts = self._legal()
        self._cache = (self._ver, seat, acts, frozenset(acts))
        return list(acts)

    def is_legal(self, seat: int, action: Action) -> bool:
        if self.phase == OVER or seat != self.current_seat():
            return False
        c = self._cache
        if c is None or c[0] != self._ver:
            self.legal_actions(seat)
            c = self._cache
        assert c is not None
        try:
            return action in c[3] and A.well_formed(action)
        except TypeError:
            return False

    def _legal(self) -> list[Any]:
        ph = self.phase
        seat = self.current_seat()
        if ph == DROP:
            return self.legal_drops()
        if ph == BID:
            return self._legal_bids(seat)
        if ph == PICK:
            picks: list[Any] = [PICKS[t] for t in self.legal_picks()]
            powers = D.anytime_powers(self, seat)
            if picks:
                # Echidna and Iblis only while a move is still to come that they can change.
                return picks + powers + D.tribe_powers(self, seat, (ECHIDNA, IBLIS))
            return powers + self._suit_starts(seat) + [A.END_TURN]
        if ph == BUILDERS:
            return [*FAKIR_CHOICES[:self.fakirs(seat) + 1], *D.tribe_powers(self, seat, (ECHIDNA,)),
                    *D.anytime_powers(self, seat)]
        if ph == ASSASSINS:
            return [*FAKIR_CHOICES[:self.fakirs(seat) + 1], *D.tribe_powers(self, seat, (IBLIS,)),
                    *D.anytime_powers(self, seat)]
        if ph == KILL:
            # RULING assassin-compulsory: no way to decline while a target exists.
            return self.kill_targets() + ([] if rulings.ASSASSIN_KILL_COMPULSORY else [A.SKIP])
        if ph == TILE:
            return [*self.tile_options(seat), A.SKIP, *D.anytime_powers(self, seat)]
        if ph == PLACE:
            return self._place_options(seat)
        if ph == KEEP:
            return [A.Keep(d) for d in sorted(self.keep_choices)]
        if ph == FREE:
            return D.anytime_powers(self, seat) + self._suit_starts(seat) + [A.END_TURN]
        if ph == SUIT:
            hand = self.hands[seat]
            return [A.SuitCard(c) for c in range(FAKIR) if hand[c] and c not in self.suit] + [A.SELL]
        raise AssertionError(f"unknown phase {ph}")

    # --- bidding ---------------------------------------------------------------------------------

    def _bid_price(self, seat: int, spot: int, fakirs: int) -> int:
        if spot == ZERO_BID:
            return 0
        return TURN_TRACK_COSTS[min(spot + fakirs, PAID_SPOTS)]

    def _legal_bids(self, seat: int) -> list[Any]:
        out: list[Any] = []
        gold = self.gold[seat]
        # RULING kumarbi-per-bid (rulings.py).
        fk = self.fakirs(seat) if self.owns(seat, KUMARBI) else 0
        for spot in range(PAID_SPOTS):
            if self.paid_spots[spot] >= 0:
                continue
            for n in range(min(fk, PAID_SPOTS - spot) + 1):
                if self._bid_price(seat, spot, n) <= gold:
                    out.append(A.Bid(spot, n))
        if len(self.zero_queue) < ZERO_SPOTS:
            out.append(A.Bid(ZERO_BID))
        if not out and rulings.BROKE_BIDDER_TAKES_CHEAPEST_FREE_SPOT:
            # RULING broke-bidder: the cheapest free paid spot, for whatever gold is left.
            free = [s for s in range(PAID_SPOTS) if self.paid_spots[s] < 0]
            out.append(A.Bid(free[-1]))
        return out

    def _apply_bid(self, seat: int, a: A.Bid, ev: list[Event]) -> None:
        marker = self.bid_track.pop(0)
        price = min(self._bid_price(seat, a.spot, a.fakirs), self.gold[seat])
        for _ in range(a.fakirs):
            self.discard_card(seat, FAKIR)
        self.pay_gold(seat, price)
        if a.spot == ZERO_BID:
            self.zero_queue.insert(0, marker)
        else:
            self.paid_spots[a.spot] = marker
        kum = f" (Kumarbi, {a.fakirs} Fakir(s))" if a.fakirs else ""
        ev.append(Event("bid", f"{player(seat)} bids for the {TURN_TRACK_COSTS[a.spot]} spot, paying {price}{kum}",
                        {"seat": seat, "spot": a.spot, "price": price, "fakirs": a.fakirs}))
        if not self.bid_track:
            self.play_queue = [m for m in self.paid_spots if m >= 0] + self.zero_queue
            self._start_turn(ev)

    # --- turns -----------------------------------------------------------------------------------


    def clear_turn(self) -> None:
        """Forget everything about the turn in progress: the move, the tribe and tile actions, the sale."""
        self.moved = False
        self.mv_state = -1
        self.mv_left = 0
        self.mv_hand = [0] * COLOURS
        self.mv_path = []
        self.final_tile = -1
        self.last_colour = -1
        self.tribe_count = 0
        self.ass_range = 0
        self.kills_left = 0
        self.kill_tile = -1
        self.kill_seat = -1
        self.echidna = False
        self.iblis = False
        self.place_kind = -1
        self.place_tile = -1
        self.ret_phase = -1
        self.keep_choices = []
        self.suit = []
    def _start_turn(self, ev: list[Event]) -> None:
        marker = self.play_queue.pop(0)
        if marker in self.zero_queue:
            self.zero_queue.remove(marker)
        else:
            self.paid_spots[self.paid_spots.index(marker)] = -1
        self.bid_track.append(marker)
        self.marker = marker
        self.seat = self.marker_seat[marker]
        # RULING power-once-per-turn: the used powers are cleared at every player turn (or else kept per
        # seat for the whole round).
        self.used = 0 if rulings.POWERS_RESET_EACH_PLAYER_TURN else self.used_round[self.seat]
        self.clear_turn()
        self.phase = PICK
        ev.append(Event("turn", f"{player(self.seat)} plays", {"seat": self.seat, "marker": marker}))
        self._new_undo_base()

    def _new_undo_base(self) -> None:
        self.undo_base = None
        self.undo_actions = []
        self.undo_base = self._copy(False)

    def _end_turn(self, ev: list[Event]) -> None:
        if not self.moved:
            # The player had no legal meeple move: the game ends at the end of this round.
            self.no_move = True
        self.used_round[self.seat] = self.used
        self.undo_base = None
        self.undo_actions = []
        if self.play_queue:
            self._start_turn(ev)
        else:
            self._end_round(ev)

    def _end_round(self, ev: list[Event]) -> None:
        # Clean-up: slide and refill the Resource row to 9 and the Djinn row to 3.
        while len(self.res_row) < RESOURCE_ROW_SIZE:
            card = self.draw_resource()
            if card < 0:
                break
            self.res_row.append(card)
        while len(self.djinn_row) < DJINN_ROW_SIZE:
            dj = self.draw_djinn()
            if dj < 0:
                break
            self.djinn_row.append(dj)
        if self.last_camel or self.no_move:
            self.phase = OVER
            self.marker = -1
            sc = self.scores()
            ev.append(Event("end", "The game is over: " + ", ".join(f"{player(s)} {v}" for s, v in enumerate(sc)),
                            {"scores": sc}))
            return
        self.round += 1
        self.used_round = [0] * self.num_players
        self.phase = BID
        self.marker = -1
        self.paid_spots = [-1] * PAID_SPOTS
        self.zero_queue = []
        ev.append(Event("round", f"Round {self.round + 1}: bidding for turn order", {"round": self.round}))

    # --- moving meeples --------------------------------------------------------------------------

    def legal_picks(self) -> list[int]:
        out = []
        cm = self.cmask
        for t in range(NUM_TILES):
            hand = self.board[t]
            r = sum(hand)
            if not r:
                continue
            keep = ~(1 << t)
            masks = [m & keep for m in cm]
            if B.completion_exists(B.walk_state(t, -1), r, hand, masks):
                out.append(t)
        return out

    def legal_drops(self) -> list[Any]:
        s, r, hand, cm, board = self.mv_state, self.mv_left, self.mv_hand, self.cmask, self.board
        out = []
        for d, b, ns in B.MOVES[s]:
            row = board[b]
            drops = DROPS[d]
            for c in range(COLOURS):
                if not hand[c]:
                    continue
                if r == 1:
                    if row[c]:
                        out.append(drops[c])
                    continue
                hand[c] -= 1
                saved = cm[c]
                cm[c] = saved | (1 << b)
                ok = B.completion_exists(ns, r - 1, hand, cm)
                cm[c] = saved
                hand[c] += 1
                if ok:
                    out.append(drops[c])
        return out

    def _apply_pick(self, seat: int, tile: int, ev: list[Event]) -> None:
        row = self.board[tile]
        self.mv_hand = row[:]
        for c in range(COLOURS):
            if row[c]:
                self.remove_meeples(tile, c, row[c])
        self.mv_left = sum(self.mv_hand)
        self.mv_state = B.walk_state(tile, -1)
        self.mv_path = [tile]
        self.moved = True
        self.phase = DROP
        ev.append(Event("pick", f"{player(seat)} picks up {self.mv_left} meeples on {B.tile_name(tile)}",
                        {"seat": seat, "tile": tile, "meeples": self.mv_hand[:]}))

    def _apply_drop(self, seat: int, a: A.Drop, ev: list[Event]) -> None:
        b = B.STEP[self.mv_state // 5][a.direction]
        c = a.colour
        self.mv_hand[c] -= 1
        self.mv_left -= 1
        self.add_meeple(b, c)
        self.mv_state = B.walk_state(b, B.OPPOSITE[a.direction])
        self.mv_path.append(b)
        marid = self.djinn_owner[MARID]
        if marid >= 0 and self.owner[b] == marid:
            self.gain_gold(marid, 1 if marid == seat else 2)
        ev.append(Event("drop", f"{player(seat)} drops {A_COLOUR[c]} on {B.tile_name(b)}",
                        {"seat": seat, "tile": b, "colour": c}))
        if self.mv_left == 0:
            self.last_colour = c
            self._after_move(seat, b, c, ev)

    def _after_move(self, seat: int, t: int, c: int, ev: list[Event]) -> None:
        self.last_path = self.mv_path[:]
        self.last_mover = seat
        # Tile control check: pick up the last meeple and every meeple of its colour on the final tile.
        k = self.board[t][c]
        self.remove_meeples(t, c, k)
        self.final_tile = t
        self.tribe_count = k
        if self.tile_empty_of_meeples(t):
            self.take_control(seat, t, ev, by_move=True)
        name = COLOUR_NAMES[c]
        ev.append(Event("collect", f"{player(seat)} collects {k} {name}s", {"seat": seat, "colour": c, "count": k}))
        if c == YELLOW:
            self.viziers[seat] += k
        elif c == WHITE:
            self.elders[seat] += k
        elif c == GREEN:
            self.bag[GREEN] += k
            take = self.res_row[:k]
            del self.res_row[:k]
            self.take_cards(seat, take, seen=True)
            if take:
                ev.append(Event("cards", f"{player(seat)} takes " + ", ".join(RESOURCE_NAMES[x] for x in take),
                                {"seat": seat, "cards": take}))
        elif c == BLUE:
            self.bag[BLUE] += k
            self.phase = BUILDERS
            self._maybe_auto(ev)
            return
        else:
            self.bag[RED] += k
            self.phase = ASSASSINS
            self._maybe_auto(ev)
            return
        self._tile_action(ev)

    def _maybe_auto(self, ev: list[Event]) -> None:
        """A tribe decision with a single possible answer (no Fakirs, no usable power) resolves itself."""
        acts = self._legal()
        if len(acts) == 1 and isinstance(acts[0], A.Fakirs):
            self._apply_fakirs(self.seat, 0, ev)

    def _apply_fakirs(self, seat: int, n: int, ev: list[Event]) -> None:
        for _ in range(n):
            self.discard_card(seat, FAKIR)
        if self.phase == BUILDERS:
            gold = (self.tribe_count + n) * self.blue_block(self.final_tile)
            if self.echidna:
                gold *= 2
            self.gain_gold(seat, gold)
            ev.append(Event("builders", f"{player(seat)}'s Builders earn {gold} gold", {"seat": seat, "gold": gold}))
            self._tile_action(ev)
            return
        self.ass_range = self.tribe_count + n
        self.kills_left = 2 if self.iblis else 1
        self.phase = KILL
        if not self.kill_targets():
            self._tile_action(ev)

    def kill_targets(self) -> list[Any]:
        out: list[Any] = []
        seat = self.seat
        if self.kill_seat < 0:
            rng = self.ass_range
            dist = B.DISTANCE[self.final_tile]
            tiles = [self.kill_tile] if self.kill_tile >= 0 else range(NUM_TILES)
            for t in tiles:
                if not rulings.ASSASSIN_MIN_DISTANCE <= dist[t] <= rng:
                    continue
                row = self.board[t]
                for c in range(COLOURS):
                    if row[c]:
                        out.append(TILE_KILLS[t][c])
        if self.kill_tile < 0:
            for o in range(self.num_players):
                if o == seat or self.owns(o, BOAZ) or (self.kill_seat >= 0 and o != self.kill_seat):
                    continue
                # RULING assassin-pool: one Vizier or Elder of an opponent.
                for c in rulings.ASSASSIN_POOL_COLOURS:
                    if (self.viziers if c == YELLOW else self.elders)[o]:
                        out.append(A.Kill(c, seat=o))
        return out

    def _apply_kill(self, seat: int, a: A.Kill, ev: list[Event]) -> None:
        c = a.colour
        kandicha = self.owns(seat, KANDICHA)
        first_kill = self.kill_tile < 0 and self.kill_seat < 0
        if a.tile >= 0:
            t = a.tile
            self.remove_meeples(t, c, 1)
            where = B.tile_name(t)
            self.kill_tile = t
        else:
            if c == YELLOW:
                self.viziers[a.seat] -= 1
            else:
                self.elders[a.seat] -= 1
            where = f"{player(a.seat)}'s pool"
            self.kill_seat = a.seat
        ev.append(Event("kill", f"{player(seat)}'s Assassins kill {A_COLOUR[c]} in {where}",
                        {"seat": seat, "tile": a.tile, "victim_seat": a.seat, "colour": c}))
        if kandicha and c in (YELLOW, WHITE) and (a.tile >= 0 or rulings.KANDICHA_APPLIES_TO_POOL_KILLS):
            if c == YELLOW:
                self.viziers[seat] += 1
            else:
                self.elders[seat] += 1
        else:
            self.bag[c] += 1
            if kandicha and c == GREEN:
                card = self.draw_resource()
                if card >= 0:
                    self.take_cards(seat, (card,), seen=False)
                    ev.extend(blind_draw_events(seat, card, "Kandicha"))
            elif kandicha and c == BLUE and a.tile >= 0:
                self.gain_gold(seat, rulings.kandicha_builder_gold(self.blue_block(a.tile)))
        nekir = self.djinn_owner[NEKIR]
        # RULING nekir-per-meeple: every meeple killed pays (or else only the first kill of the turn).
        if nekir >= 0 and (rulings.NEKIR_PER_MEEPLE or first_kill):
            self.gain_gold(nekir, 1 if nekir == seat else 2)
        if a.tile >= 0 and self.tile_empty_of_meeples(a.tile):
            self.take_control(seat, a.tile, ev)
        self.kills_left -= 1
        if self.kills_left <= 0 or not self.kill_targets():
            self._tile_action(ev)

    # --- tile actions ----------------------------------------------------------------------------

    def _tile_action(self, ev: list[Event]) -> None:
        t = self.final_tile
        kind = self.kind[t]
        seat = self.seat
        if kind == VILLAGE:
            if self.palace_supply > 0:
                self._start_placement(PALACE, t, FREE, ev)
            else:
                self.phase = FREE
            return
        if kind == OASIS:
            if self.palm_supply > 0:
                self._start_placement(PALM, t, FREE, ev)
            else:
                self.phase = FREE
            return
        self.phase = TILE
        if not self.tile_options(seat) and not D.anytime_powers(self, seat):
            self.phase = FREE

    def tile_options(self, seat: int) -> list[Any]:
        kind = self.kind[self.final_tile]
        if kind == SACRED:
            pays = self.payments(seat, "EE/EF")
            return [A.Summon(d, p) for d in sorted(set(self.djinn_row)) for p in pays]
        if kind == SMALL_MARKET and self.gold[seat] >= SMALL_MARKET_PRICE:
            return [A.Buy((c,), SMALL_MARKET_PRICE) for c in sorted(set(self.res_row[:SMALL_MARKET_REACH]))]
        if kind == LARGE_MARKET and self.gold[seat] >= LARGE_MARKET_PRICE:
            row = self.res_row[:LARGE_MARKET_REACH]
            if len(row) == 1:
                return [A.Buy((row[0],), LARGE_MARKET_PRICE)]
            pairs = {tuple(sorted((row[i], row[j]))) for i in range(len(row)) for j in range(i + 1, len(row))}
            return [A.Buy(p, LARGE_MARKET_PRICE) for p in sorted(pairs)]
        return []

    def _apply_tile(self, seat: int, a: Any, ev: list[Event]) -> None:
        if isinstance(a, A.Summon):
            self.pay(seat, a.pay)
            self.djinn_row.remove(a.djinn)
            self.gain_djinn(seat, a.djinn, ev)
        elif isinstance(a, A.Buy):
            price = a.price
            self.pay_gold(seat, price)
            for card in a.cards:
                self.res_row.remove(card)
            self.take_cards(seat, a.cards, seen=True)
            ev.append(Event("buy", f"{player(seat)} buys " + ", ".join(RESOURCE_NAMES[c] for c in a.cards)
                            + f" for {price} gold", {"seat": seat, "cards": list(a.cards), "price": price}))
        self.phase = FREE

    def _start_placement(self, kind: int, tile: int, ret: int, ev: list[Event]) -> None:
        helper = HAGIS if kind == PALACE else LAMIA
        seat = self.seat
        if self.owns(seat, helper) and not self.used >> helper & 1 and self.payments(seat, "E/F"):
            self.place_kind = kind
            self.place_tile = tile
            self.ret_phase = ret
            self.phase = PLACE
            return
        if kind == PALACE:
            self.place_palace(tile, ev)
        else:
            self.place_palm(tile, ev)
        self.phase = ret

    def _place_options(self, seat: int) -> list[Any]:
        t = self.place_tile
        out: list[Any] = [A.Place(t)]
        pays = self.payments(seat, "E/F")
        for n in B.PLACEMENT_NEIGHBOURS[t]:
            for p in pays:
                out.append(A.Place(n, p))
        return out

    def _apply_place(self, seat: int, a: A.Place, ev: list[Event]) -> None:
        if a.pay:
            self.pay(seat, a.pay)
            helper = HAGIS if self.place_kind == PALACE else LAMIA
            self.used |= 1 << helper
        if self.place_kind == PALACE:
            self.place_palace(a.tile, ev)
        else:
            self.place_palm(a.tile, ev)
        self.phase = self.ret_phase
        self.place_kind = -1
        self.place_tile = -1

    # --- selling ---------------------------------------------------------------------------------

    def _suit_starts(self, seat: int) -> list[Any]:
        hand = self.hands[seat]
        return [A.SuitCard(c) for c in range(FAKIR) if hand[c]]

    def _apply_suit(self, seat: int, a: Any, ev: list[Event]) -> None:
        if isinstance(a, A.SuitCard):
            if self.phase != SUIT:
                self.ret_phase = self.phase
                self.phase = SUIT
            self.suit.append(a.card)
            return
        value = SUIT_VALUES[len(self.suit)]
        for card in self.suit:
            self.discard_card(seat, card)
        self.gain_gold(seat, value)
        ev.append(Event("sell", f"{player(seat)} sells " + ", ".join(RESOURCE_NAMES[c] for c in self.suit)
                        + f" for {value} gold", {"seat": seat, "cards": self.suit[:], "gold": value}))
        self.suit = []
        self.phase = self.ret_phase

    # --- apply -----------------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        ev: list[Event] = []
        self._revealed = False
        in_turn = self.phase in TURN_PHASES
        a: Any = action
        ph = self.phase
        if ph == DROP:
            self._apply_drop(seat, a, ev)
        elif ph == BID:
            self._apply_bid(seat, a, ev)
        elif isinstance(a, A.Pick):
            self._apply_pick(seat, a.tile, ev)
        elif isinstance(a, A.Power):
            D.apply_power(self, seat, a, ev)
        elif isinstance(a, A.Fakirs):
            self._apply_fakirs(seat, a.count, ev)
        elif isinstance(a, A.Kill):
            self._apply_kill(seat, a, ev)
        elif isinstance(a, A.Skip) and ph == KILL:
            self._tile_action(ev)
        elif isinstance(a, (A.Summon, A.Buy, A.Skip)):
            self._apply_tile(seat, a, ev)
        elif isinstance(a, A.Place):
            self._apply_place(seat, a, ev)
        elif isinstance(a, A.Keep):
            D.apply_keep(self, seat, a, ev)
        elif isinstance(a, (A.SuitCard, A.Sell)):
            self._apply_suit(seat, a, ev)
        elif isinstance(a, A.EndTurn):
            self._end_turn(ev)
        else:
            raise AssertionError(f"unhandled action {a!r}")
        self._touch()
        if in_turn and self.phase in TURN_PHASES and self.seat == seat and self.undo_base is not None:
            if self._revealed:
                self._new_undo_base()
            elif not isinstance(a, A.EndTurn):
                self.undo_actions.append(a)
        return ev

    # --- undo ------------------------------------------------------------------------------------

    def undo_steps(self, seat: int) -> int:
        if self.phase in TURN_PHASES and seat == self.seat and self.undo_base is not None:
            return len(self.undo_actions)
        return 0

    def undo(self, seat: int, step: int = -1) -> list[Event]:
        n = self.undo_steps(seat)
        if isinstance(step, bool) or not isinstance(step, int):
            raise IllegalAction("undo takes a step number")
        if n == 0:
            raise IllegalAction("there is nothing to take back")
        k = step + n if step < 0 else step
        if not 0 <= k < n:
            raise IllegalAction(f"there is no undoable step {step} (there are {n})")
        assert self.undo_base is not None
        base = self.undo_base
        keep = self.undo_actions[:k]
        restored = base._copy(False)
        self.__dict__.update(restored.__dict__)
        self.undo_base = base
        self.undo_actions = []
        for a in keep:
            self._apply(seat, a)
        self._touch()
        return [Event("undo", f"{player(seat)} takes back a step", {"seat": seat, "to_step": k})]

    # --- scores ----------------------------------------------------------------------------------

    def score_breakdown(self) -> list[dict[str, int]]:
        return scoring.breakdown(self)

    def scores(self) -> list[int]:
        return [row["total"] for row in scoring.breakdown(self)]

    # --- information -----------------------------------------------------------------------------

    def determinize(self, seat: int, rng: Rng) -> FTState:
        """Re-deal what ``seat`` cannot know: the order of the Resource and Djinn decks, the cards the
        other players drew blind (Sloar, Kandicha) and still hold (until the end, when
        every hand is shown), another player's pending Sibittis draw,
        and the bag's future draws (the copy's generator is re-seeded). Cards everybody saw a player take
        stay in that hand. Gold held by others is hidden from view but follows from the public record of
        every payment, so it is kept.

        The acting player's undo history is kept for every observer, with the same re-deal: nothing hidden
        has been drawn since its base was taken (a draw starts a new base), so the base's decks, pending
        Sibittis draw and generator are the ones re-dealt here, and the base's hidden cards are this
        re-deal's plus those the player has shown since (sold or paid)."""
        s = self._copy(False)
        rng = rng.fork()
        # At the end every hand is shown for the scoring.
        others = [o for o in range(s.num_players) if o != seat and s.phase != OVER]
        unseen = [[s.hands[o][c] - s.shown[o][c] for c in range(len(s.hands[o]))] for o in range(s.num_players)]
        # hidden piles are sorted before they are shuffled: the re-deal depends only on what ``seat``
        # knows and on ``rng``, never on the real order or on which blind card is whose (hints rely on it)
        pool = sorted(s.res_deck + [c for o in others for c, k in enumerate(unseen[o]) for _ in range(k)])
        rng.shuffle(pool)
        for o in others:
            k = sum(unseen[o])
            s.hands[o] = s.shown[o][:]
            for card in pool[:k]:
                s.hands[o][card] += 1
            del pool[:k]
        s.res_deck = pool
        if s.phase == KEEP and seat != s.seat:
            pool = sorted(s.djinn_deck + s.keep_choices)
            rng.shuffle(pool)
            k = len(s.keep_choices)
            s.keep_choices = pool[:k]
            s.djinn_deck = pool[k:]
        else:
            s.djinn_deck.sort()
            rng.shuffle(s.djinn_deck)
        s.rng = Rng(rng.next64())
        if self.undo_base is not None:
            base = self.undo_base._copy(False)
            base.res_deck = s.res_deck[:]
            for o in others:
                # Hidden cards leave a hand only face up, so the base's hidden cards are the current ones
                # plus those shown since: re-dealt, they are the re-dealt current ones plus those.
                was = [base.hands[o][c] - base.shown[o][c] for c in range(len(base.hands[o]))]
                base.hands[o] = [base.shown[o][c] + s.hands[o][c] - s.shown[o][c] + was[c] - unseen[o][c]
                                 for c in range(len(was))]
            base.djinn_deck = s.djinn_deck[:]
            base.rng = s.rng.copy()
            if base.phase == KEEP and s.phase == KEEP:
                base.keep_choices = s.keep_choices[:]
            s.undo_base = base
            s.undo_actions = self.undo_actions[:]
        s._touch()
        return s
