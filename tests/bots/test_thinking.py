"""Bots think in worker processes: the event loop of the hall stays free while they search."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from longhouse import bots, games
from longhouse.bots.thinking import Thinker
from tests.bots.spinbot import SpinBot
from tests.waiting import until_async


@pytest.fixture(scope="module")
def thinker() -> Iterator[Thinker]:
    t = Thinker(workers=2)
    yield t
    t.close()


def position(game: str = "manitou", players: int = 2) -> tuple[games.State, int]:  # type: ignore[name-defined]
    state = games.get(game).new_state(players, 7)
    return state, min(state.acting())


def test_a_searching_bot_thinks_in_another_process_and_plays_as_it_would_inline(thinker: Thinker) -> None:
    state, seat = position()
    before = state.to_json()
    bot = bots.make("expert", seed=3, iterations=60)
    thought = asyncio.run(thinker.think(bot, state, seat))
    assert thought.pid != os.getpid()
    assert thought.action in state.legal_actions(seat)
    assert state.to_json() == before
    # the same bot, seeded the same, thinking inline, makes the same move: the worker adds nothing
    twin = bots.make("expert", seed=3, iterations=60)
    seed = twin.rng.next64()
    twin.reseed(seed)
    assert twin.choose(state, seat) == thought.action


def test_an_instant_bot_is_not_sent_to_a_worker(thinker: Thinker) -> None:
    state, seat = position()
    thought = asyncio.run(thinker.think(bots.make("random", seed=1), state, seat))
    assert thought.pid == os.getpid() and thought.action in state.legal_actions(seat)


def test_the_state_is_copied_when_the_call_is_made_so_the_table_may_move_on(thinker: Thinker) -> None:
    state, seat = position("toy", 2)

    async def go() -> tuple[object, list[object]]:
        pending = asyncio.ensure_future(thinker.think(bots.make("casual", seed=2), state, seat))
        await asyncio.sleep(0)  # the call has been made: the worker has its own copy
        original = state.legal_actions(seat)
        state.apply(seat, original[-1])  # the table moves on meanwhile
        return (await pending).action, original

    action, original = asyncio.run(go())
    assert action in original


def test_the_event_loop_keeps_working_while_a_worker_spins(thinker: Thinker, tmp_path: Path) -> None:
    state, seat = position()
    release, started = tmp_path / "release", tmp_path / "started"

    async def go() -> tuple[int, int, bool]:
        pending = asyncio.ensure_future(thinker.think(SpinBot(release, started), state, seat))
        await until_async(started.exists, 60, what="the worker's busy search begun")
        ticks = 0
        for _ in range(2000):  # the loop runs freely meanwhile: the search is not in this process
            await asyncio.sleep(0)
            ticks += 1
        busy = not pending.done()
        release.write_text("go")
        thought = await pending
        return ticks, thought.pid, busy

    ticks, pid, busy = asyncio.run(go())
    assert ticks == 2000 and busy
    assert pid == int(started.read_text()) != os.getpid()
