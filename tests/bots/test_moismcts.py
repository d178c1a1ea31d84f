"""The multiple-observer search: deterministic, timed by its clock, one tree per seat keyed by what it sees."""

from __future__ import annotations

import pytest

from longhouse import bots, games
from longhouse.bots import evaluation
from longhouse.bots.levels import CAP_SECONDS, EXPERT_ITERATIONS
from longhouse.bots.moismcts import MoIsmctsBot
from tests.bots.test_bots import random_positions


def test_is_deterministic_for_a_seed_and_an_iteration_budget() -> None:
    for state, seat in random_positions("five_tribes", 3, seed=4):
        a = MoIsmctsBot(seed=9, iterations=150)
        b = MoIsmctsBot(seed=9, iterations=150)
        assert a.choose(state, seat) == b.choose(state, seat)
        if len(state.legal_actions(seat)) > 1:
            assert a.last_iterations == b.last_iterations == 150


def test_the_time_budget_stops_at_its_deadline() -> None:
    """A fake clock that advances 0.01 s at every reading: a 1 s budget allows about a hundred readings,
    one every 16 iterations, however fast or slow the machine is."""
    ticks = iter(range(100_000))
    bot = MoIsmctsBot(seed=3, seconds=1.0, early_stop=False)
    bot.clock = lambda: next(ticks) * 0.01
    state = games.get("manitou").new_state(2, 1)
    seat = state.acting()[0]
    assert bot.choose(state, seat) in state.legal_actions(seat)
    assert 95 * 16 <= bot.last_iterations <= 102 * 16


def test_the_search_stops_early_once_the_choice_cannot_change() -> None:
    """With a fake clock (1 ms per reading, one reading per 16 iterations) and one move winning every
    time, the search stops well before its deadline: the leading move's margin exceeds what the time
    left could add. Without the early stop it runs the whole budget."""
    from tests.bots.toygame import last_trick

    state = last_trick()
    runs = []
    for early in (True, False):
        ticks = iter(range(1_000_000))
        bot = MoIsmctsBot(seed=1, seconds=0.5, early_stop=early)
        bot.clock = lambda ticks=ticks: next(ticks) * 0.001  # type: ignore[misc]
        assert bot.choose(state, 1) == 15
        runs.append(bot.last_iterations)
    early_run, full_run = runs
    assert full_run >= 490 * 16
    assert early_run < 0.9 * full_run


def test_finds_the_winning_card_in_the_toy_game() -> None:
    from tests.bots.toygame import last_trick

    state = last_trick()
    analysis = MoIsmctsBot(seed=1, iterations=100).analyse(state, 1)
    assert analysis.best == 15
    values = {m.action: m.value for m in analysis.moves}
    assert values[15] > values[1]


def _nodes(root: object) -> list[object]:
    out, todo = [], [root]
    while todo:
        node = todo.pop()
        out.append(node)
        todo.extend(node.children.values())  # type: ignore[attr-defined]
    return out


def test_another_seats_hidden_picks_are_one_node_in_the_bots_tree() -> None:
    """Manitou's selection is secret: in seat 0's tree, seat 1's picks all look alike ("nothing seen"),
    while in seat 1's own tree they are told apart by the card picked."""
    state = games.get("manitou").new_state(2, 3)
    assert set(state.acting()) == {0, 1}
    roots = MoIsmctsBot(seed=2, iterations=1500).search(state, 0)
    seen_by_0 = [[k for k in node.children if k[0] == -2] for node in _nodes(roots[0])]  # type: ignore[attr-defined]
    assert any(seen_by_0), "the search reached seat 1's picks"
    assert all(len(keys) <= 1 for keys in seen_by_0)
    own_of_1 = [[k for k in node.children if k[0] == 1] for node in _nodes(roots[1])]  # type: ignore[attr-defined]
    assert max(len(keys) for keys in own_of_1) > 1


def test_wide_nodes_are_widened_progressively() -> None:
    tuned = evaluation.Tuning(widen_from=10, widen_base=3, widen_factor=1.0, widen_power=0.5)
    assert tuned.width(9, 0) == 9  # narrow: everything
    assert [tuned.width(30, v) for v in (0, 1, 4, 16, 100, 10_000)] == [3, 4, 5, 7, 13, 30]


def test_every_game_names_its_tuning_for_each_seat_count() -> None:
    for name in ("manitou", "manitoba", "five_tribes"):
        game = games.get(name)
        for players in range(game.min_players, game.max_players + 1):
            tuned = evaluation.tuning(name, players)
            assert tuned.exploration < 0.7  # tuned, not the generic default
    assert evaluation.tuning("toy", 2) == evaluation.Tuning()


def test_refuses_a_nonsense_budget() -> None:
    with pytest.raises(ValueError):
        MoIsmctsBot(iterations=0)
    with pytest.raises(ValueError):
        MoIsmctsBot(seconds=0)


def test_levels_run_from_beginner_to_expert_and_each_makes_a_bot() -> None:
    assert bots.levels() == ["beginner", "casual", "strong", "expert"]
    assert bots.default_level() in bots.levels()
    state = games.get("manitoba").new_state(2, 1)
    seat = state.acting()[0]
    for level in bots.levels():
        bot = bots.make(level, 1, iterations=20)
        assert bot.name == level
        assert bot.choose(state, seat) in state.legal_actions(seat)
    assert isinstance(bots.make("expert"), MoIsmctsBot)
    assert bots.make("expert").seconds == CAP_SECONDS
    assert bots.make("expert").iterations == EXPERT_ITERATIONS
    assert bots.make("expert", iterations=5).seconds is None


def test_a_search_starved_of_time_still_plays_the_best_looking_move() -> None:
    """With a single iteration the root's moves are tried best first by the one-move look-ahead, so the
    bot plays what that look-ahead prefers on its first re-deal (a greedy move), not a random one."""
    from longhouse.engine.rng import Rng

    checked = 0
    for i, (state, seat) in enumerate(random_positions("manitou", 12, seed=8)):
        actions = state.legal_actions(seat)
        if len(actions) < 3:
            continue
        world = state.determinize(seat, Rng(i).fork())
        evaluate = evaluation.for_state(state)
        scores = []
        for action in actions:
            after = world.clone()
            after.apply(seat, action)
            scores.append(evaluate(after, seat)[seat])
        expected = actions[scores.index(max(scores))]
        assert MoIsmctsBot(seed=i, iterations=1).choose(state, seat) == expected
        checked += 1
    assert checked >= 3


def test_a_wide_root_is_widened_as_it_is_visited() -> None:
    """The root is on no back-propagated path, so its visits are counted apart: a Five Tribes root with
    many moves opens more of them the longer it is searched (it used to stay at its first ``widen_base``)."""
    tuned = evaluation.tuning("five_tribes", 2)
    wide = [(state, seat) for state, seat in random_positions("five_tribes", 60, seed=5)
            if state.num_players == 2 and len(state.legal_actions(seat)) >= 3 * tuned.widen_base
            and len(state.legal_actions(seat)) >= tuned.widen_from]
    assert wide, "a wide 2-player position"
    state, seat = wide[0]
    moves = len(state.legal_actions(seat))
    searched = []
    for iterations in (8, 200):
        bot = MoIsmctsBot(seed=1, iterations=iterations)
        roots = bot.search(state, seat)
        assert roots[seat].visits == iterations
        searched.append(sum(1 for child in roots[seat].children.values() if child.visits))
    assert searched[0] == tuned.width(moves, 8) < searched[1] == tuned.width(moves, 200)
    assert searched[1] > tuned.widen_base
