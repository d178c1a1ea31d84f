"""The hall's levels search a fixed number of iterations a move, and stop at the hall's time cap.

Every clock here is fake (no timed assert): a clock that never moves lets a level spend its whole
iteration budget, a clock that jumps a second at every reading reaches the cap after a few readings.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from longhouse import bots, games
from longhouse.bots.levels import BY_NAME, CAP_SECONDS, REVISIONS, Level, Play, signature
from longhouse.bots.tree import SearchBot
from tests.bots.toygame import last_trick

SEARCHING = ["strong", "expert"]


def level_bot(name: str, **options: Any) -> SearchBot:
    bot = bots.make(name, 5, **options)
    assert isinstance(bot, SearchBot)
    return bot


@pytest.mark.parametrize("name", SEARCHING)
def test_a_searching_level_has_an_iteration_budget_under_the_hall_cap(name: str) -> None:
    bot = level_bot(name)
    assert bot.iterations == BY_NAME[name].options["iterations"] >= 100
    assert bot.seconds == CAP_SECONDS


@pytest.mark.parametrize("name", SEARCHING)
def test_a_level_spends_exactly_its_iterations_when_the_cap_is_far(name: str) -> None:
    bot = level_bot(name)
    bot.clock = lambda: 0.0  # time stands still: only the iterations can end the search
    state = last_trick()
    assert bot.choose(state, 1) == 15
    assert bot.last_iterations == bot.iterations
    assert not bot.last_capped


@pytest.mark.parametrize("name", SEARCHING)
def test_a_level_stops_at_the_cap_before_its_iterations(name: str) -> None:
    ticks = itertools.count()
    bot = level_bot(name)
    bot.clock = lambda: float(next(ticks))  # one second later at every reading
    state = games.get("manitou").new_state(2, 3)
    seat = state.acting()[0]
    assert bot.choose(state, seat) in state.legal_actions(seat)
    assert bot.last_capped
    # the clock is read every ``clock_every`` iterations: the cap (4 readings) ends the search there
    assert bot.last_iterations == int(CAP_SECONDS) * bot.clock_every
    assert bot.iterations is not None and bot.last_iterations < bot.iterations


def test_a_tiny_cap_stops_a_level_after_its_first_clock_reading() -> None:
    ticks = itertools.count()
    bot = level_bot("strong", iterations=10_000, seconds=0.5)
    bot.clock = lambda: float(next(ticks))
    state = games.get("manitoba").new_state(2, 1)
    seat = state.acting()[0]
    assert bot.choose(state, seat) in state.legal_actions(seat)
    assert bot.last_iterations == 1 and bot.last_capped


def test_uncapped_keeps_the_iterations_and_drops_the_cap() -> None:
    bot = level_bot("expert", uncapped=True)
    assert bot.iterations == BY_NAME["expert"].options["iterations"] and bot.seconds is None
    other = level_bot("strong", iterations=7)
    assert other.iterations == 7 and other.seconds is None
    assert bots.make("greedy", 1, uncapped=True).name == "greedy"


def test_the_same_seed_plays_the_same_move_at_a_level_budget() -> None:
    state = games.get("manitou").new_state(2, 8)
    seat = state.acting()[0]
    moves = set()
    for _ in range(2):
        bot = level_bot("strong")
        bot.clock = lambda: 0.0
        moves.add(bot.choose(state, seat))
    assert len(moves) == 1


def test_a_level_plays_a_game_it_names_its_own_way(monkeypatch: pytest.MonkeyPatch) -> None:
    from longhouse.bots.ismcts import IsmctsBot
    from longhouse.bots.moismcts import MoIsmctsBot

    other = Play("ismcts", {"iterations": 40, "seconds": CAP_SECONDS})
    level = Level("tester", "moismcts", "a test level", {"iterations": 30, "seconds": CAP_SECONDS},
                  {"manitoba": other})
    assert level.play("manitoba") == other
    assert level.play("manitou") == level.play(None) == Play("moismcts", {"iterations": 30, "seconds": CAP_SECONDS})
    monkeypatch.setitem(BY_NAME, "tester", level)
    there = bots.make("tester", 1, game="manitoba")
    assert isinstance(there, IsmctsBot) and (there.iterations, there.seconds) == (40, CAP_SECONDS)
    assert there.name == "tester"
    uncapped = bots.make("tester", 1, game="manitoba", uncapped=True)
    assert (uncapped.iterations, uncapped.seconds) == (40, None)
    elsewhere = bots.make("tester", 1, game="manitou")
    assert isinstance(elsewhere, MoIsmctsBot) and elsewhere.iterations == 30
    assert isinstance(bots.make("tester", 1), MoIsmctsBot)
    assert bots.make("tester", 1, game="manitoba", iterations=5).iterations == 5


def test_every_game_a_level_names_is_a_game_and_its_bot_a_kind() -> None:
    for level in BY_NAME.values():
        for game, play in level.games.items():
            assert game in games.names() and play.bot in bots.kinds(), (level.name, game)
            if "iterations" in level.options:  # a searching level searches every game, under the cap
                assert play.options["iterations"] >= 100 and play.options["seconds"] == CAP_SECONDS


def test_the_signature_tells_level_definitions_apart() -> None:

    assert Play("ismcts", {"iterations": 300}).signature("manitou") == "ismcts300"
    assert Play("ismcts", {"iterations": 300}).signature("manitou", 2) == "ismcts2"
    assert Play("greedy", {"randomness": 0.5}).signature("manitou", 2) == "greedy"
    assert Play("moismcts", {"iterations": 800}).signature("five_tribes") == "moismcts800v2"
    assert REVISIONS[("moismcts", "five_tribes")] == 2
    for game in games.names():
        expert = BY_NAME["expert"].play(game).signature(game)
        assert signature(["expert", "strong"], game) == f"expert={expert} strong=ismcts300"
        assert signature(["expert", "greedy", "greedy"], game).endswith(" greedy")


def test_the_expert_searches_one_tree_where_that_measured_stronger() -> None:
    from longhouse.bots import arena
    from longhouse.bots.ismcts import IsmctsBot
    from longhouse.bots.levels import EXPERT_ITERATIONS, EXPERT_SINGLE, EXPERT_SINGLE_ITERATIONS
    from longhouse.bots.moismcts import MoIsmctsBot

    assert "manitoba" in EXPERT_SINGLE and "manitou" not in EXPERT_SINGLE
    for game in games.names():
        bot = bots.make("expert", 3, game=game)
        single = game in EXPERT_SINGLE
        assert isinstance(bot, IsmctsBot if single else MoIsmctsBot), game
        assert bot.iterations == (EXPERT_SINGLE_ITERATIONS if single else EXPERT_ITERATIONS)
        assert bot.seconds == CAP_SECONDS and bot.name == "expert"
        # the arena (and so bench/strength.py) seats the level as it plays that game
        seated = arena.seat_bots(arena.MatchSpec(game, ("expert", "strong"), 0, uncapped=True))
        assert type(seated[0]) is type(bot) and seated[0].seconds is None
        assert isinstance(seated[1], IsmctsBot) and seated[1].iterations == 300
