"""Manitoba described for clients: the names of disks, landscapes, goods, paths, seasons and events, and
the reference numbers and texts a player looks up (storage scale, path lengths, what each path space and
event card does).

Sent once per connection (``Game.describe``), so the browser and the terminal read names from the game's
data instead of keeping copies.
"""

from __future__ import annotations

from typing import Any

from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import texts
from longhouse.games.manitoba import words as W


def description() -> dict[str, Any]:
    """The game's part of ``GAME.describe()``."""
    return {
        "disk_colours": list(D.COLOURS),
        "landscapes": list(D.LANDSCAPES),
        "goods": [{"name": g, "plural": p} for g, p in zip(D.GOODS, D.GOOD_PLURAL, strict=True)],
        "paths": [
            {"name": name, "colour": D.COLOURS[D.PATH_COLOUR[i]], "length": D.PATH_LENGTH[i]}
            for i, name in enumerate(D.PATHS)
        ],
        "storage_points": list(D.STORAGE_POINTS),
        "sector_capacity": D.SECTOR_CAPACITY,
        "ceremonial_sizes": list(D.CEREMONIAL_SIZES),
        "seasons": list(D.SEASONS),
        "events": list(D.EVENT_NAMES),
        "rounds_by_players": {str(n): r for n, r in D.ROUNDS_BY_PLAYERS.items()},
        # the names in the reader's language, by their keys (words.py)
        "words": {
            "colours": dict(zip(D.COLOURS, W.COLOUR_WORDS, strict=True)),
            "landscapes": dict(zip(D.LANDSCAPES, W.LANDSCAPE_WORDS, strict=True)),
            "goods": dict(zip(D.GOODS, W.GOOD_PLURAL_WORDS, strict=True)),
            "goods_a": dict(zip(D.GOODS, W.GOOD_A, strict=True)),
            "paths": dict(zip(D.PATHS, W.PATH_WORDS, strict=True)),
            "path_places": dict(zip(D.PATHS, W.PATH_PLACE, strict=True)),
            "seasons": dict(zip(D.SEASONS, W.SEASON_WORDS, strict=True)),
        },
        "cree_per_player": D.CREE_PER_PLAYER,
        # the reference texts: each path space, each event card, how areas are named (texts.py)
        **texts.description(),
    }
