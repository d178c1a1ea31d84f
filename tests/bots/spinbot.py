"""A test-only bot that holds its CPU in pure Python until a file appears, then plays the first action."""

from __future__ import annotations

import os
from pathlib import Path

from longhouse.bots.base import Bot
from longhouse.engine.state import Action, State


class SpinBot(Bot):
    name = "spin"

    def __init__(self, release: Path, started: Path, seed: int = 0) -> None:
        super().__init__(seed)
        self.release = release
        self.started = started

    def pick(self, state: State, seat: int, actions: list[Action]) -> Action:
        self.started.write_text(str(os.getpid()))
        spins = 0
        while not self.release.exists():
            spins += 1  # busy: a thread doing this would hold the interpreter lock of its process
        return actions[0]
