"""The Manitou game value: set-up, codecs, and the bound on a game's length."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from longhouse.engine.errors import SetupError
from longhouse.engine.rng import Rng
from longhouse.engine.state import JSON, Game, Notation
from longhouse.engine.view import Views
from longhouse.games.manitou import actions as act
from longhouse.games.manitou import view as manitou_view
from longhouse.games.manitou.data import (
    HUNTS,
    LARGE,
    LARGE_BUFFALO,
    PLAYS_PER_HUNT,
    SELECTION,
    SMALL,
)
from longhouse.games.manitou.describe import description
from longhouse.games.manitou.play import ManitouPlay
from longhouse.games.manitou.rulings import small_buffalo
from longhouse.games.manitou.state import AS_SELECTED, SHUFFLED, ManitouState


class ManitouGame(Game):
    name = "manitou"
    title = "Manitou"
    min_players = 2
    max_players = 4
    rules_version = "manitou-1"
    notation: ClassVar[Notation | None] = act.NOTATION
    views: ClassVar[Views | None] = manitou_view
    terminal: ClassVar[str | None] = "longhouse.games.manitou.terminal"
    splits_views: ClassVar[bool] = True
    #: ``last_hunt`` (~1.8 KB, made twice a game and shared by the position's copies) is never changed once
    #: made: a server reuses its text while the object is the same.
    unchanging_view_keys: ClassVar[frozenset[str]] = frozenset({"last_hunt"})
    setup_keys: ClassVar[Mapping[str, str]] = {
        "dealer": "the seat that deals the first hunt (otherwise drawn at random, as online)",
        "buffalo": "{'large': [...], 'small': [...]}: each pile in the order it is dealt (first value first); "
                   "each a permutation of its pile",
        "pile_order": "'shuffled' (default) or 'as_selected': each seat draws its chosen cards in the order "
                      "it picked them, which fixes every draw pile",
    }

    def description(self) -> JSON:
        return description()

    def new_state(self, num_players: int, seed: int, setup: Mapping[str, Any] | None = None) -> ManitouPlay:
        setup = self.check_setup(num_players, setup)
        rng = Rng(seed)
        dealer = setup.get("dealer")
        if dealer is None:
            dealer = rng.below(num_players)
        elif isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < num_players:
            raise SetupError(f"dealer must be a seat from 0 to {num_players - 1}, not {dealer!r}")
        buffalo = setup.get("buffalo")
        if buffalo is None:
            large, small = list(LARGE_BUFFALO), list(small_buffalo())
            rng.shuffle(large)
            rng.shuffle(small)
        else:
            if not isinstance(buffalo, Mapping) or set(buffalo) != {LARGE, SMALL}:
                raise SetupError("buffalo setup is {'large': [...], 'small': [...]}")
            large = _pile(buffalo[LARGE], LARGE_BUFFALO, LARGE)
            small = _pile(buffalo[SMALL], small_buffalo(), SMALL)
            large.reverse()  # the state deals from the end of the list
            small.reverse()
        pile_order = setup.get("pile_order", SHUFFLED)
        if pile_order not in (SHUFFLED, AS_SELECTED):
            raise SetupError(f"pile_order is {SHUFFLED!r} or {AS_SELECTED!r}, not {pile_order!r}")
        return ManitouPlay(num_players, rng.next64(), dealer, large, small, pile_order)

    def state_from_json(self, data: Mapping[str, Any]) -> ManitouPlay:
        return ManitouPlay.from_json(data)

    def max_actions(self, num_players: int) -> int:
        # per hunt: up to 8 picks and an OK each, 7 plays each; a score screen after hunts 1 and 2.
        return HUNTS * num_players * (SELECTION + 1 + PLAYS_PER_HUNT) + (HUNTS - 1) * num_players


def _pile(values: Any, deck: tuple[int, ...], size: str) -> list[int]:
    if not isinstance(values, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise SetupError(f"the {size} buffalo pile is a list of values")
    if Counter(values) != Counter(deck):
        raise SetupError(f"the {size} buffalo pile must hold exactly {sorted(deck)}, not {sorted(values)}")
    return list(values)


GAME = ManitouGame()
ManitouState.game = GAME
