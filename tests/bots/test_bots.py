"""Every bot, on every game: legal actions only, reproducible, blind to hidden state, never mutating."""

from __future__ import annotations

from typing import Any

import pytest

from longhouse import bots, games
from longhouse.bots.base import Bot, Budget
from longhouse.bots.ismcts import DEFAULT_SECONDS, IsmctsBot
from longhouse.engine.rng import Rng
from longhouse.engine.state import Action, State

GAMES = [*games.names(), "toy"]
#: Small budgets keep the file fast; the search still runs through every branch of its code.
BUDGET: Budget = {"iterations": 12}


def make(name: str, seed: int) -> Bot:
    return bots.make(name, seed, **BUDGET)


def random_positions(game_name: str, count: int, seed: int) -> list[tuple[State, int]]:
    """Positions along random games (with 2 to 4 players), each with a seat that may act there."""
    game = games.get(game_name)
    rng = Rng(seed)
    positions: list[tuple[State, int]] = []
    g = 0
    while len(positions) < count:
        players = game.min_players + g % (min(game.max_players, 4) - game.min_players + 1)
        state = game.new_state(players, seed * 1000 + g)
        g += 1
        steps = 0
        while not state.is_over() and len(positions) < count:
            acting = state.acting()
            seat = acting[rng.below(len(acting))]
            actions = state.legal_actions(seat)
            if not actions:
                break
            if steps % 9 == rng.below(9) or (len(actions) > 1 and rng.below(12) == 0):
                positions.append((state.clone(), seat))
            state.apply(seat, actions[rng.below(len(actions))])
            steps += 1
    return positions


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("bot_name", bots.kinds())
def test_bots_only_choose_legal_actions_and_never_change_the_state(bot_name: str, game_name: str) -> None:
    count = 40 if bot_name in ("ismcts", "moismcts") and game_name == "five_tribes" else 80
    for i, (state, seat) in enumerate(random_positions(game_name, count, seed=11)):
        before = state.to_json()
        action = make(bot_name, i).choose(state, seat)
        assert action in state.legal_actions(seat), (game_name, i, action)
        assert state.to_json() == before, "a bot changed the state it was given"


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("bot_name", bots.kinds())
def test_bots_are_reproducible_with_a_seed(bot_name: str, game_name: str) -> None:
    positions = random_positions(game_name, 12, seed=5)

    def choices(seed: int) -> list[Action]:
        bot = make(bot_name, seed)  # one bot over many moves: its generator carries over
        return [bot.choose(state, seat) for state, seat in positions]

    assert choices(3) == choices(3)


def test_different_seeds_give_different_random_play() -> None:
    positions = [p for p in random_positions("toy", 40, seed=2) if len(p[0].legal_actions(p[1])) > 1]

    def choices(seed: int) -> list[Action]:
        bot = make("random", seed)
        return [bot.choose(state, seat) for state, seat in positions]

    assert choices(1) != choices(2)


class SeatGuard:
    """Stands in for a real state and lets a bot use only what ``seat`` may know.

    It answers ``legal_actions``, ``view`` and ``determinize`` for ``seat`` only (``view(None)``, the
    spectator's, too), and ``acting``/``is_over``/``num_players``; anything else — the hidden
    internals, another seat's view — fails the test.
    """

    def __init__(self, state: State, seat: int) -> None:
        object.__setattr__(self, "_state", state)
        object.__setattr__(self, "_seat", seat)
        object.__setattr__(self, "num_players", state.num_players)

    def _check(self, seat: int | None) -> None:
        if seat is not None and seat != self._seat:
            raise AssertionError(f"the bot of seat {self._seat} asked about seat {seat}")

    def legal_actions(self, seat: int) -> list[Action]:
        self._check(seat)
        return self._state.legal_actions(seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        self._check(seat)
        return self._state.view(seat)

    def determinize(self, seat: int, rng: Rng) -> State:
        self._check(seat)
        return self._state.determinize(seat, rng)

    def acting(self) -> tuple[int, ...]:
        return self._state.acting()

    def is_over(self) -> bool:
        return self._state.is_over()

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"a bot read {name!r} of the real state")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AssertionError(f"a bot wrote {name!r} on the real state")


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("bot_name", bots.kinds())
def test_bots_see_the_real_state_only_through_their_seat(bot_name: str, game_name: str) -> None:
    for i, (state, seat) in enumerate(random_positions(game_name, 10, seed=23)):
        guard: Any = SeatGuard(state, seat)
        assert make(bot_name, i).choose(guard, seat) in state.legal_actions(seat)


@pytest.mark.parametrize("game_name", GAMES)
def test_playing_on_a_determinized_state_leaves_the_real_one_unchanged(game_name: str) -> None:
    for i, (state, seat) in enumerate(random_positions(game_name, 15, seed=31)):
        before = state.to_json()
        world = state.determinize(seat, Rng(i))
        while not world.is_over():
            mover = min(world.acting())
            actions = world.legal_actions(mover)
            if not actions:
                break
            world.apply(mover, make("random", i).choose(world, mover))
        assert state.to_json() == before


def test_ismcts_is_deterministic_for_a_seed_and_an_iteration_budget() -> None:
    state, seat = random_positions("manitou", 1, seed=4)[0]
    a = IsmctsBot(seed=9, iterations=200)
    b = IsmctsBot(seed=9, iterations=200)
    assert a.choose(state, seat) == b.choose(state, seat)
    assert a.last_iterations == b.last_iterations == 200


def test_ismcts_default_budget_suits_the_hall() -> None:
    bot = bots.make("ismcts", 1)
    assert isinstance(bot, IsmctsBot)
    assert bot.iterations is None and bot.seconds == DEFAULT_SECONDS <= 1.0
    state = games.get("manitou").new_state(2, 1)
    seat = state.acting()[0]
    assert bot.choose(state, seat) in state.legal_actions(seat)
    assert bot.last_iterations >= 1


def test_ismcts_time_budget_stops_the_search_at_its_deadline() -> None:
    """A fake clock that advances 0.1 s at every reading: a 0.8 s budget allows about eight iterations,
    however fast or slow the machine is (no wall-clock assertion)."""
    ticks = iter(range(10_000))
    bot = IsmctsBot(seed=3, seconds=0.8)
    bot.clock = lambda: next(ticks) * 0.1
    state = games.get("manitou").new_state(2, 1)
    seat = state.acting()[0]
    assert bot.choose(state, seat) in state.legal_actions(seat)
    assert 6 <= bot.last_iterations <= 9


def test_ismcts_refuses_a_nonsense_budget() -> None:
    with pytest.raises(ValueError):
        IsmctsBot(iterations=0)
    with pytest.raises(ValueError):
        IsmctsBot(seconds=-1)


def test_ismcts_finds_the_winning_card_in_the_toy_game() -> None:
    """Two seats, last trick, sequential: seat 1 holds 15 and 1 facing a 14; only the 15 wins."""
    from tests.bots.toygame import last_trick

    state = last_trick()
    assert IsmctsBot(seed=1, iterations=100).choose(state, 1) == 15
    assert bots.make("greedy", 1).choose(state, 1) == 15


def test_unknown_bot_is_refused() -> None:
    with pytest.raises(KeyError):
        bots.make("clairvoyant")
    assert {"random", "greedy", "ismcts"} <= set(bots.names())
