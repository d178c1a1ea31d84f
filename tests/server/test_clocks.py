"""The clock model with a fake clock: reserves, increments, turn-based turns, simultaneous phases, storing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from longhouse.server.clocks import TIME_CONTROLS, UNTIMED, Clock, time_control

REAL = TIME_CONTROLS["real-time"]  # 300 s + 20 s
TURN = TIME_CONTROLS["turn-based"]  # 86400 s per turn


def test_time_controls_are_named_and_unknown_ones_refused() -> None:
    assert set(TIME_CONTROLS) == {"real-time", "relaxed", "turn-based", "untimed"}
    assert time_control(None) is UNTIMED and not UNTIMED.timed
    assert REAL.reserve == 300 and REAL.increment == 20 and REAL.timed
    assert TURN.per_turn == 86400 and TURN.timed
    with pytest.raises(ValueError, match="real-time"):
        time_control("blitz")


def test_only_the_acting_seat_runs_and_passing_the_turn_earns_the_increment() -> None:
    clock = Clock(REAL, 2, now=1000.0)
    clock.sync([0], now=1000.0)
    assert clock.remaining(0, 1100.0) == 200.0 and clock.remaining(1, 1100.0) == 300.0
    # seat 0 moves at 1100 and the turn passes to seat 1: 200 left + 20
    clock.sync([1], now=1100.0, mover=0, turn_passed=True)
    assert clock.remaining(0, 5000.0) == 220.0
    assert clock.remaining(1, 1130.0) == 270.0
    assert clock.snapshot(1130.0) == {"control": "real-time", "title": REAL.title, "left": [220.0, 270.0],
                                      "running": [1]}


def test_steps_inside_one_turn_earn_nothing_until_the_turn_passes() -> None:
    clock = Clock(REAL, 2, now=0.0)
    clock.sync([0], now=0.0)
    clock.sync([0], now=10.0, mover=0, turn_passed=False)  # a first step; still seat 0's turn
    clock.sync([0], now=25.0, mover=0, turn_passed=False)
    assert clock.remaining(0, 25.0) == 275.0
    clock.sync([1], now=30.0, mover=0, turn_passed=True)
    assert clock.remaining(0, 30.0) == 290.0


def test_time_out_at_the_exact_moment_and_not_before() -> None:
    clock = Clock(REAL, 2, now=0.0)
    clock.sync([0], now=0.0)
    assert clock.expired(299.9) == []
    assert clock.expired(300.0) == [0]
    clock.run_out(0, now=300.0)
    assert clock.remaining(0, 400.0) == 0.0 and clock.running == {}
    clock.seat_back(0)
    assert clock.remaining(0, 400.0) == 20.0  # one increment to move in


def test_simultaneous_phase_runs_every_acting_clock_and_the_last_picker_still_earns() -> None:
    clock = Clock(REAL, 3, now=0.0)
    clock.sync([0, 1, 2], now=0.0)
    clock.sync([1, 2], now=10.0, mover=0, turn_passed=True)  # seat 0 picked: stops, +20
    clock.sync([2], now=40.0, mover=1, turn_passed=True)
    assert clock.remaining(2, 100.0) == 200.0
    # seat 2 picks last; the next round starts with everybody acting again
    clock.sync([0, 1, 2], now=100.0, mover=2, turn_passed=True)
    # seat 0 would have 310: the increment never takes a reserve above its start
    assert [clock.remaining(s, 100.0) for s in range(3)] == [300.0, 280.0, 220.0]
    assert sorted(clock.running) == [0, 1, 2]
    assert clock.expired(320.0) == [2]  # 220 s left for seat 2 at 100, 280 for seat 1


def test_bot_seats_do_not_run() -> None:
    clock = Clock(REAL, 2, now=0.0)
    clock.sync([1], now=0.0)  # seat 0 acting too, but a bot holds it: not in ``timed``
    assert clock.remaining(0, 1000.0) == 300.0
    assert clock.expired(1000.0) == [1]


def test_turn_based_gives_each_turn_its_full_time() -> None:
    clock = Clock(TURN, 2, now=0.0)
    clock.sync([0], now=0.0)
    clock.sync([1], now=80000.0, mover=0, turn_passed=True)
    assert clock.remaining(1, 80000.0) == 86400.0
    clock.sync([0], now=90000.0, mover=1, turn_passed=True)
    assert clock.remaining(0, 90000.0) == 86400.0  # nothing carried over
    clock.sync([0], now=100000.0, mover=0, turn_passed=True)  # passes and acts again: a new turn
    assert clock.remaining(0, 100000.0) == 86400.0
    assert clock.expired(100000.0 + 86400.0) == [0]


def test_a_restart_neither_gives_nor_takes_time() -> None:
    clock = Clock(REAL, 2, now=0.0)
    clock.sync([0], now=0.0)
    stored = clock.to_json(now=100.0)  # saved at 100 with 200 s left; then the hall is down for an hour
    again = Clock.from_json(stored, now=3700.0)
    assert again.remaining(0, 3700.0) == 200.0 and again.remaining(1, 3700.0) == 300.0
    assert again.remaining(0, 3750.0) == 150.0
    assert again.expired(3900.0) == [0]


@settings(deadline=None)  # a busy machine must not fail a pure model
@given(st.lists(st.tuples(st.floats(0, 50), st.sets(st.integers(0, 3), max_size=4), st.booleans()), max_size=30))
def test_time_is_only_ever_spent_by_running_seats(steps: list[tuple[float, set[int], bool]]) -> None:
    """Total time left plus time charged equals the reserves plus the increments earned, at every step."""
    clock = Clock(REAL, 4, now=0.0)
    now, earned, spent = 0.0, 0.0, 0.0
    for dt, timed, passed in steps:
        running_before = set(clock.running)
        before = [clock.remaining(s, now + dt) for s in range(4)]
        spent += sum(min(dt, clock.remaining(s, now)) for s in running_before)
        now += dt
        mover = min(running_before) if running_before else None
        if passed and mover is not None:  # up to the reserve it started with
            earned += min(REAL.increment, max(0.0, REAL.reserve - clock.remaining(mover, now)))
        clock.sync(timed, now, mover=mover, turn_passed=passed)
        assert all(clock.remaining(s, now) <= REAL.reserve for s in range(4))
        assert all(clock.remaining(s, now) >= before[s] for s in range(4))
        assert abs(sum(clock.remaining(s, now) for s in range(4)) - (4 * 300 + earned - spent)) < 1e-6


def test_a_game_turn_earns_the_increment_once_however_often_play_comes_back() -> None:
    """A turn as the game counts it (``State.clock_turn``: Manitoba's round): the seat earns once in it."""
    relaxed = TIME_CONTROLS["relaxed"]  # 1200 s + 60 s
    clock = Clock(relaxed, 2, now=0.0)
    clock.sync([0], now=0.0, turn=1)
    clock.sync([1], now=100.0, mover=0, turn_passed=True, turn=1)  # round 1: seat 0's active action
    clock.sync([0], now=130.0, mover=1, turn_passed=True, turn=1)  # seat 1's passive action
    clock.sync([1], now=140.0, mover=0, turn_passed=True, turn=1)  # a scoring choice of round 1: nothing more
    assert clock.remaining(0, 140.0) == 1200.0 - 100.0 + 60.0 - 10.0
    assert clock.remaining(1, 140.0) == 1200.0  # 30 s spent, 60 earned: capped at the start
    clock.sync([0], now=150.0, mover=1, turn_passed=True, turn=2)  # seat 1's choice began in round 1: nothing
    assert clock.remaining(1, 150.0) == 1190.0
    clock.sync([1], now=200.0, mover=0, turn_passed=True, turn=2)  # round 2 earns again
    assert clock.remaining(0, 200.0) == 1200.0 - 100.0 + 60.0 - 10.0 - 50.0 + 60.0
    again = Clock.from_json(clock.to_json(200.0), now=200.0)  # what was earned survives a restart
    again.sync([0], now=210.0, mover=1, turn_passed=True, turn=2)
    assert again.remaining(1, 210.0) == 1200.0  # round 2's increment, up to the start
    again.sync([1], now=220.0, mover=0, turn_passed=True, turn=2)
    assert again.remaining(0, 220.0) == 1160.0 - 10.0  # seat 0 had round 2's already


class _Recording(Clock):
    """A clock that notes each increment it grants: (seat, the game's turn it was granted for: the round in
    which the seat's clock last started, ``Clock.turn_of``; None when every hand-off is a turn)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.granted: list[tuple[int, int | None]] = []

    def _earn(self, seat: int) -> None:
        before = self.earned.get(seat)
        super()._earn(seat)
        if self.turn_of.get(seat) is None or self.earned.get(seat) != before:
            self.granted.append((seat, self.turn_of.get(seat)))


def _manitoba_clocks(per_round: bool, players: int = 4, pace: float = 5.0) -> tuple[_Recording, float, int]:
    """A Manitoba game of ``players`` playing ``pace`` s a move on relaxed clocks, driven as the timekeeper does:
    the clocks at the end, the end's time and the rounds played (``per_round``: the game's turn is its round,
    ``State.clock_turn``; else every hand-off is a turn)."""
    import random

    from longhouse.games.manitoba.game import GAME

    state = GAME.new_state(players, 11)
    rng = random.Random(5)
    now = 0.0
    clock = _Recording(TIME_CONTROLS["relaxed"], players, now=now)
    turn = (lambda: state.clock_turn()) if per_round else (lambda: None)
    clock.sync(state.acting(), now, turn=turn())
    acting = set(state.acting())
    while not state.is_over():
        seat = state.acting()[0]
        now += pace
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        passed = set(state.acting()) != acting
        acting = set(state.acting())
        clock.sync([] if state.is_over() else state.acting(), now, mover=seat, turn_passed=passed, turn=turn())
    return clock, now, state.clock_turn()


def test_a_played_manitoba_game_never_ends_with_more_time_than_it_began() -> None:
    """Manitoba's hand-offs (active player, each passive one, a scoring's choices) each earned 60 s: quick
    players' relaxed clocks grew through the game. Now each seat earns once per round (its rulebook's turn,
    docs/hall.md), up to its start: at the end no clock reads more than it began with."""
    relaxed = TIME_CONTROLS["relaxed"]
    for pace in (5.0, 30.0):  # quick players (their clocks stay at the start) and slower ones
        clock, now, rounds = _manitoba_clocks(per_round=True, pace=pace)
        assert rounds >= 15
        for seat in range(4):
            mine = [r for s, r in clock.granted if s == seat]
            assert len(mine) == len(set(mine)), (seat, mine)  # never twice in one round
            assert set(mine) <= set(range(rounds + 1)) and len(mine) >= rounds - 1, (seat, mine, rounds)
            assert clock.remaining(seat, now) <= relaxed.reserve  # never more than at the start


def test_without_the_round_as_the_turn_a_manitoba_seat_earns_several_times_a_round() -> None:
    """The same game with every hand-off a turn (as before the rule): each seat earns far more often than once
    a round and the slower players end with more time, so the test above fails without the rule."""
    honest, now, rounds = _manitoba_clocks(per_round=True, pace=30.0)
    loose, later, _ = _manitoba_clocks(per_round=False, pace=30.0)
    assert now == later
    for seat in range(4):
        assert sum(s == seat for s, _ in loose.granted) > rounds + 5, (seat, len(loose.granted), rounds)
    assert sum(loose.remaining(s, now) for s in range(4)) > sum(honest.remaining(s, now) for s in range(4)) + 600
