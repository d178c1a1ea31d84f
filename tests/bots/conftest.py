"""Shared fixtures: the toy game joins the game registry for the bot tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from longhouse import games
from tests.bots import toygame


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(games._MODULES, "toy", "tests.bots.toygame")
    monkeypatch.setitem(games._loaded, "toy", toygame.GAME)
    yield
