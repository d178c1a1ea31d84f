"""A page per game (``/games/{game}``): ``GET /api/game-page/{game}`` gives what it shows — the game's
presentation (players, length, a few words), whether it has a tutorial, its open tables as the lobby lists
them (never a private one), and the top of its leaderboard. Public: no sign-in needed.
"""

from __future__ import annotations

import asyncio
import json
from functools import lru_cache
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from longhouse import games, learn
from longhouse.engine.seats import seat_word
from longhouse.i18n import Msg, Text, _
from longhouse.server import ratings
from longhouse.server.hall import Hall
from longhouse.server.language import answer

#: Each game in a few words, with its length as its publisher gives it on the box (texts of the catalogs,
#: written in the reader's language by ``answer``; "by" is names only).
PRESENTATION: dict[str, dict[str, Text]] = {
    "manitou": {
        "length": _("{low}–{high} minutes", low=20, high=45),
        "by": "Günter Burkhardt (Goldsieber, 1997)",
        "blurb": _("Tribes hunt buffalo over three hunts. Pick a hunting party of 8 from your 21 cards, send hunters "
                   "after the herds and warriors to take the hunting grounds — but the tribe that sends out the "
                   "most hunters is visited by the pelt robbers."),
    },
    "manitoba": {
        "length": _("{low}–{high} minutes", low=60, high=90),
        "by": "dlp games",
        "blurb": _("Lead your clan through four seasons of the Cree: gather goods on the territory, follow the "
                   "visions of the shamans, the hunters, the warriors and the elders, and hold the ceremonies that "
                   "score."),
    },
    "five_tribes": {
        "length": _("{low}–{high} minutes", low=40, high=80),
        "by": "Bruno Cathala (Days of Wonder, 2014)",
        "blurb": _("Bid for turn order, then move the meeples of the five tribes across the sultanate of Naqala: "
                   "each tribe you pick up does something different, tiles you empty become yours, and the Djinns "
                   "you call bend the rules."),
    },
}


def caption(title: str, tutorial: bool) -> Msg:
    """What the page's picture of the board shows."""
    if tutorial:
        return _("The {title} board, in the middle of the tutorial's game", title=title)
    return _("The {title} board at the start of a two-player game", title=title)


#: How many of the leaderboard's best a game page shows.
LEADERS = 10
#: The step of a game's tutorial its page pictures (mid-game, many pieces out); a game without a tutorial is
#: pictured at the start of a two-player game of seed 1.
PICTURE_STEP: dict[str, int] = {"manitou": 15, "manitoba": 18, "five_tribes": 13}


@lru_cache(maxsize=8)
def picture(name: str) -> dict[str, Any]:
    """A state message to draw the game's board from, with nothing to play (the page's picture of the board)."""
    if name in learn.available():
        t = learn.tutorial(name)
        message = dict(t.payload(min(PICTURE_STEP.get(name, t.end // 3), t.end))["state"])
        seat = t.learner
    else:
        game = games.get(name)
        state = game.new_state(max(2, game.min_players), 1)
        seat = 0
        message = {"type": "state", "version": 0, "status": "running", "seat": seat, "acting": list(state.acting()),
                   "view": state.view(seat), "events": [], "by": None, "result": None}
    return {**message, "seat": seat, "legal": [], "legal_text": [], "undo_steps": 0}


def open_tables(hall: Hall, game: str) -> list[dict[str, Any]]:
    """The game's tables the lobby lists (waiting and running; private ones are never listed)."""
    texts, _versions = hall.lobby.listing()
    out = [json.loads(text) for text in texts.values()]
    return [t for t in out if t.get("game") == game]


async def game_page(request: Request) -> Response:
    name = request.path_params["game"]
    if name not in games.names():
        return answer(request, {"error": _("there is no game {name}; the hall has {games}", name=repr(str(name)[:40]),
                                           games=", ".join(games.names()))}, 404)
    game = games.get(name)
    hall: Hall = request.app.state.hall
    leaders = await asyncio.to_thread(ratings.leaderboard, hall.people, name)
    lessons: int | None = None
    names: list[Text] = [seat_word(0), seat_word(1)]
    if name in learn.available():
        t = learn.tutorial(name)  # on the loop: see server/learn.py
        lessons, names = len(t.lessons), list(t.names)
    shown = picture(name)
    return answer(request, {
        "game": name, "title": game.title, "min_players": game.min_players, "max_players": game.max_players,
        **PRESENTATION.get(name, {}), "lessons": lessons, "tables": open_tables(hall, name),
        "leaders": leaders[:LEADERS], "rated": len(leaders), "picture": shown, "names": names,
        "caption": caption(game.title, bool(lessons)),
        "games": [{"name": g, "title": games.get(g).title} for g in games.names()],
    })  # the picture's texts in the reader's language


def routes(page: Any) -> list[BaseRoute]:
    """The API, and the pages the one-page app shows (``page`` is the app's index handler)."""
    return [
        Route("/api/game-page/{game}", game_page),
        Route("/games", page), Route("/games/{game}", page), Route("/learn", page), Route("/learn/{game}", page),
        Route("/rules", page),
    ]

