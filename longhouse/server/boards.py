"""Which board module the browser loads for a game: its own ``web/games/<name>.js`` when the hall has one,
else the generic board (``web/games/generic.js``) that shows any game's view and legal actions in words."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

GAMES_DIR = Path(__file__).resolve().parent.parent / "web" / "games"
GENERIC = "generic"


@lru_cache(maxsize=64)
def board_for(game_name: str) -> str:
    """The board module's name (``games/<board>.js``) for a registered game's name."""
    if game_name != GENERIC and game_name.isidentifier() and (GAMES_DIR / f"{game_name}.js").is_file():
        return game_name
    return GENERIC
