"""Five Tribes (Days of Wonder, Bruno Cathala, 2014) for 2 to 4 players, all 22 Djinns."""

from longhouse.games.five_tribes.game import GAME, FiveTribes
from longhouse.games.five_tribes.state import FTState

__all__ = ["GAME", "FTState", "FiveTribes"]
