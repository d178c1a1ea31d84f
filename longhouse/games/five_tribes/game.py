"""The Five Tribes Game: setup (with setup keys), codecs, and the bound on a game's length."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from longhouse.engine.errors import SetupError
from longhouse.engine.rng import Rng
from longhouse.engine.state import JSON, Game, Notation
from longhouse.engine.view import Views
from longhouse.games.five_tribes import actions as A
from longhouse.games.five_tribes import rulings
from longhouse.games.five_tribes import view as five_tribes_view
from longhouse.games.five_tribes.data import (
    COLOUR_LETTERS,
    COLOURS,
    DJINN_INDEX,
    DJINNS,
    MARKERS_PER_SEAT,
    MEEPLE_COUNTS,
    MEEPLES_PER_TILE,
    NUM_TILES,
    RESOURCE_CODES,
    RESOURCE_COUNTS,
    RESOURCE_NAMES,
    TILE_SET,
)
from longhouse.games.five_tribes.describe import description
from longhouse.games.five_tribes.play import FTPlay

_SETUP_KEYS = {
    "tiles": "the 30 tile codes row by row from a1 (V, S6, S10, S12, S15, O, SM, LM): a permutation of the box",
    "meeples": "30 strings of colour letters (Y W G B R), the meeples on each tile; colour totals within the "
               "box (16 Y, 20 W, 18 G, 18 B, 18 R); meeples not placed start in the bag",
    "resource_deck": "the 54 Resource cards (codes iv je go pa si sp fi wh po fk) in draw order; the first 9 "
                     "form the face-up row",
    "djinn_deck": "the 22 Djinn names in draw order; the first 3 are dealt face up",
    "bid_order": "the seat of each Turn marker on the Bid Order track, first bidder first (each seat twice "
                 "with 2 players)",
}


def _list(setup: Mapping[str, Any], key: str, n: int) -> list[Any]:
    v = setup[key]
    if not isinstance(v, list) or len(v) != n:
        raise SetupError(f"setup {key!r} must be a list of {n} entries")
    return v


def _resource(code: Any) -> int:
    if isinstance(code, str):
        if code in RESOURCE_CODES:
            return RESOURCE_CODES.index(code)
        if code in RESOURCE_NAMES:
            return RESOURCE_NAMES.index(code)
    raise SetupError(f"{code!r} is not a resource card")


def new_state(num_players: int, seed: int | str, setup: dict[str, Any]) -> FTPlay:
    """A fresh game from a checked set-up (``Game.check_setup``)."""
    rng = Rng(seed)
    n = num_players

    if "tiles" in setup:
        tiles = _list(setup, "tiles", NUM_TILES)
        if sorted(map(str, tiles)) != sorted(TILE_SET):
            raise SetupError("setup 'tiles' must be exactly the 30 tiles of the box")
        tiles = [str(t) for t in tiles]
    else:
        tiles = list(TILE_SET)
        rng.shuffle(tiles)

    board = [[0] * COLOURS for _ in range(NUM_TILES)]
    bag = list(MEEPLE_COUNTS)
    if "meeples" in setup:
        rows = _list(setup, "meeples", NUM_TILES)
        for t, word in enumerate(rows):
            if not isinstance(word, str) or any(ch not in COLOUR_LETTERS for ch in word):
                raise SetupError(f"setup 'meeples' entry {t} must be a string of the letters {COLOUR_LETTERS}")
            for ch in word:
                board[t][COLOUR_LETTERS.index(ch)] += 1
        for c in range(COLOURS):
            placed = sum(row[c] for row in board)
            if placed > MEEPLE_COUNTS[c]:
                raise SetupError(f"setup 'meeples' places {placed} {COLOUR_LETTERS[c]}, the box has "
                                 f"{MEEPLE_COUNTS[c]}")
            bag[c] -= placed
        # RULING setup-meeples (rulings.py): any distribution, or else exactly the box's 3 per tile.
        if not rulings.SETUP_MEEPLES_FREE_DISTRIBUTION and (
                any(len(w) != MEEPLES_PER_TILE for w in rows) or any(bag)):
            raise SetupError("setup 'meeples' must put 3 meeples on each tile, all 90 of them")
    else:
        pool = [c for c in range(COLOURS) for _ in range(MEEPLE_COUNTS[c])]
        rng.shuffle(pool)
        for t in range(NUM_TILES):
            for c in pool[t * MEEPLES_PER_TILE:(t + 1) * MEEPLES_PER_TILE]:
                board[t][c] += 1
        bag = [0] * COLOURS

    full_deck = [r for r in range(len(RESOURCE_COUNTS)) for _ in range(RESOURCE_COUNTS[r])]
    if "resource_deck" in setup:
        deck = [_resource(x) for x in _list(setup, "resource_deck", len(full_deck))]
        if Counter(deck) != Counter(full_deck):
            raise SetupError("setup 'resource_deck' must hold exactly the 54 Resource cards of the box")
    else:
        deck = full_deck
        rng.shuffle(deck)

    if "djinn_deck" in setup:
        names = _list(setup, "djinn_deck", len(DJINNS))
        if sorted(map(str, names)) != sorted(DJINN_INDEX):
            raise SetupError("setup 'djinn_deck' must name each of the 22 Djinns once")
        djinn_deck = [DJINN_INDEX[str(x)] for x in names]
    else:
        djinn_deck = list(range(len(DJINNS)))
        rng.shuffle(djinn_deck)

    per = MARKERS_PER_SEAT[n]
    marker_seat = [s for s in range(n) for _ in range(per)]
    if "bid_order" in setup:
        order = _list(setup, "bid_order", len(marker_seat))
        if (any(isinstance(x, bool) or not isinstance(x, int) for x in order)
                or sorted(order) != sorted(marker_seat)):
            raise SetupError(f"setup 'bid_order' must name each seat {per} time(s)")
        used = [0] * n
        bid_track = []
        for s in order:
            bid_track.append(s * per + used[s])
            used[s] += 1
    else:
        bid_track = list(range(len(marker_seat)))
        rng.shuffle(bid_track)

    return FTPlay(n, tiles, board, bag, deck, djinn_deck, marker_seat, bid_track, rng.fork())


class FiveTribes(Game):
    name: ClassVar[str] = "five_tribes"
    title: ClassVar[str] = "Five Tribes"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    # "2": Echidna and Iblis are no longer offered when no meeple move is left (records made under "1"
    # may hold such an action).
    rules_version: ClassVar[str] = "2"
    notation: ClassVar[Notation | None] = A.NOTATION
    views: ClassVar[Views | None] = five_tribes_view
    splits_views: ClassVar[bool] = True
    terminal: ClassVar[str | None] = "longhouse.games.five_tribes.terminal"
    setup_keys: ClassVar[Mapping[str, str]] = _SETUP_KEYS

    def description(self) -> JSON:
        return description()

    def new_state(self, num_players: int, seed: int, setup: Mapping[str, Any] | None = None) -> FTPlay:
        return new_state(num_players, seed, self.check_setup(num_players, setup))

    def state_from_json(self, data: Mapping[str, Any]) -> FTPlay:
        return FTPlay.from_json(dict(data) if isinstance(data, Mapping) else data)


    def max_actions(self, num_players: int) -> int:
        # Every meeple move takes at least 2 meeples off the board for good, and only Anun-Nak (3 meeples,
        # once a turn, one owner) brings any back, so the board loses at least 2 meeples net per round that
        # does not end the game: at most 90 / 2 + 1 = 46 rounds. A turn has at most 1 pick, 90 drops, 2
        # tribe decisions, 2 kills, 2 tile decisions, 16 Djinn steps, 108 selling steps (every card once
        # and a sale each), 1 end: 222, rounded up to 250. Each round also has at most 4 bids.
        rounds = 46
        markers = 4
        return rounds * (markers + markers * 250)


GAME = FiveTribes()
FTPlay.game = GAME
