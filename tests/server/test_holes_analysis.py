"""Analysis requests slowed everybody's bots (issue 29, item 8): 8 clients cycling finished games' analyses
took the shared worker pool, and other tables' bots waited behind them. Now bot moves come before hints,
hints before analyses (which never hold more than half the workers), an analysis is computed once per game
and kept, and computing them is rate-limited per address. Each test failed on the hall before the fix."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
from harness import Hall
from test_hints import finished_against_bots

from longhouse.bots.thinking import ANALYSIS, BOT, HINT, Thinker
from tests.waiting import until_async


async def _calls(thinker: Thinker, first: float, queued: list[tuple[str, int]]) -> tuple[list[str], int]:
    """One long analysis, then ``queued`` calls (name, priority) asked while it runs: the order they end
    in, and the most analyses that ever held a worker at once."""
    done: list[str] = []
    most = 0

    async def call(name: str, priority: int, seconds: float) -> None:
        await thinker.run(time.sleep, seconds, priority=priority)  # real time: the work a worker is busy with
        done.append(name)

    async def watch() -> None:
        nonlocal most
        while True:
            most = max(most, thinker.busy[ANALYSIS])
            await asyncio.sleep(0.01)  # real time: a sample of the workers every 10 ms while they work

    watcher = asyncio.create_task(watch())
    long = asyncio.create_task(call("long", ANALYSIS, first))
    await until_async(lambda: thinker.busy[ANALYSIS], what="the long analysis at a worker")
    await asyncio.gather(long, *(call(name, priority, 1.5 if priority == ANALYSIS else 0.0)
                                 for name, priority in queued))
    watcher.cancel()
    return done, most


def test_bots_come_before_hints_and_hints_before_analyses() -> None:
    thinker = Thinker(workers=1)
    try:
        done, _ = asyncio.run(_calls(thinker, 0.5, [("analysis", ANALYSIS), ("hint", HINT), ("bot", BOT)]))
    finally:
        thinker.close()
    assert done == ["long", "bot", "hint", "analysis"]


def test_analyses_never_hold_more_than_half_the_workers() -> None:
    thinker = Thinker(workers=2)
    try:
        done, most = asyncio.run(_calls(thinker, 3.0, [("a1", ANALYSIS), ("a2", ANALYSIS), ("bot", BOT),
                                                       ("hint", HINT)]))
    finally:
        thinker.close()
    assert most == 1
    assert done.index("bot") < done.index("long") and done.index("hint") < done.index("long")


def test_an_analysis_is_computed_once_and_computing_them_is_limited_per_address(db_url: str) -> None:
    hall = Hall(db_url, analysis_burst=1, analysis_rate=0.0001)
    try:
        person, first = finished_against_bots(hall, "Ann", 2)
        _, second = finished_against_bots(hall, "Bob", 2)

        def ask(tid: int) -> httpx.Response:
            return httpx.get(f"{hall.url}/api/tables/{tid}/analysis", timeout=120)

        with ThreadPoolExecutor(4) as pool:
            answers = list(pool.map(ask, [first] * 4))
        assert [r.status_code for r in answers] == [200] * 4
        assert all(r.json() == answers[0].json() for r in answers)
        kept: Any = hall.app.state.analyses
        assert kept.computed == 1  # four asked at once: computed once
        assert ask(second).status_code == 429  # another game to compute: over the address's allowance
        assert ask(first).status_code == 200  # a kept one costs nothing
        assert kept.computed == 1
        assert person.http.get(f"/api/tables/{first}/analysis").json() == answers[0].json()
    finally:
        hall.stop()
