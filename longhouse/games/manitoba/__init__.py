"""Manitoba (dlp games 2018) behind the engine contract, for 2, 3 and 4 players."""

from longhouse.games.manitoba.game import GAME, ManitobaGame
from longhouse.games.manitoba.state import ManitobaState

__all__ = ["GAME", "ManitobaGame", "ManitobaState"]
