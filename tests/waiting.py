"""Waiting in tests for what is so, never for a length of time.

A test that sleeps a fixed time is slow when it waits too long and flaky when it waits too little. What a test
waits for is a condition: an event it can be told of (``threading.Condition``, ``asyncio.Event``, Playwright's
waits on what the page shows), or else one it looks at until it holds, with a deadline — ``until`` here, for
what happens in another thread or process (a hall in its thread, a server process, the store) that no event
tells the test of.
"""

from __future__ import annotations

import asyncio
import subprocess
import time
from collections.abc import Callable
from typing import Any, Literal, TypeVar

import httpx

T = TypeVar("T")
#: What a condition gives: a true value (returned by the wait), or a false one (look again).
Looked = Callable[[], T | Literal[False] | None]

#: How often ``until`` looks again.
EVERY = 0.02


def until(done: Looked[T], timeout: float = 15.0, what: str = "", every: float = EVERY) -> T:
    """Wait until ``done()`` is true (it is called again every ``every`` seconds) and return what it gave;
    an ``AssertionError`` naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not (found := done()):
        if time.monotonic() > deadline:
            raise AssertionError(f"not {what or getattr(done, '__name__', 'so')} within {timeout} s")
        time.sleep(every)
    return found


async def until_async(done: Looked[T], timeout: float = 15.0, what: str = "", every: float = EVERY) -> T:
    """``until`` on an event loop: looks again every ``every`` seconds, the loop running meanwhile."""
    deadline = time.monotonic() + timeout
    while not (found := done()):
        if time.monotonic() > deadline:
            raise AssertionError(f"not {what or getattr(done, '__name__', 'so')} within {timeout} s")
        await asyncio.sleep(every)
    return found


def serving(url: str, proc: subprocess.Popen[Any], timeout: float = 90.0, what: str = "the server") -> None:
    """Wait until the child process ``proc`` answers a GET of ``url`` with 200 (a loaded machine starts Python
    slowly); an ``AssertionError`` if it exits first or ``timeout`` seconds pass."""

    def answers() -> bool:
        assert proc.poll() is None, f"{what} exited ({proc.returncode}) before it answered"
        try:
            return httpx.get(url, timeout=1).status_code == 200
        except httpx.TransportError:
            return False

    until(answers, timeout, what=f"{what} answering {url}", every=0.1)
