"""What the browser needs to draw a game: which board module it loads, the game's description, and the
seats' colours and symbols (generated from ``engine/seats.py``, so the browser keeps no copy).

A game's own board is ``web/games/<name>/board.js`` (beside its own stylesheet, ``board.css``) when the hall
has one, else the generic board (``web/games/generic/board.js``) that shows any game's view and legal actions
in words. Every board is made with the board kit, ``web/kit/board.js``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from longhouse import games
from longhouse.engine.seats import seats_module, seats_stylesheet
from longhouse.engine.state import Game
from longhouse.i18n import _
from longhouse.i18n.catalogs import SOURCE, translator
from longhouse.server.language import language_of

GAMES_DIR = Path(__file__).resolve().parent.parent / "web" / "games"
GENERIC = "generic"
_CACHE = "public, max-age=300"


@lru_cache(maxsize=64)
def board_for(game_name: str) -> str:
    """The board's name (its module is ``games/<board>/board.js``) for a registered game's name."""
    if game_name != GENERIC and game_name.isidentifier() and (GAMES_DIR / game_name / "board.js").is_file():
        return game_name
    return GENERIC


@lru_cache(maxsize=64)
def _description(game: Game) -> dict[str, Any]:
    return {**game.describe(), "board": board_for(game.name)}


def describe(game: Game) -> dict[str, Any]:
    """The game's description with the board module that draws it, built once per game."""
    return _description(game)


@lru_cache(maxsize=256)
def game_message(game: Game, lang: str = SOURCE) -> str:
    """The ``game`` message a table sends everyone who opens it (the game's description), encoded once per
    game and language."""
    return translator(lang).encode({"type": "game", "description": describe(game)})


@lru_cache(maxsize=256)
def description_text(game: Game, lang: str) -> str:
    return translator(lang).encode(describe(game))


async def game_description(request: Request) -> Response:
    """``GET /api/games/{name}``: a game's description (names, reference tables, options), in the request's
    language (``?lang=``, the ``lang`` cookie, ``Accept-Language``)."""
    name = request.path_params["name"]
    words = translator(language_of(request))
    if name not in games.names():
        return Response(words.encode({"error": _("there is no game {name}", name=repr(name[:40]))}),
                        status_code=404, media_type="application/json")
    return Response(description_text(games.get(name), words.lang), media_type="application/json",
                    headers={"Cache-Control": _CACHE, "Content-Language": words.lang,
                             "Vary": "Accept-Language, Cookie"})


async def seats_js(request: Request) -> Response:
    """``GET /static/seats.js``: the seats as an ES module."""
    return Response(seats_module(), media_type="text/javascript", headers={"Cache-Control": _CACHE})


async def seats_css(request: Request) -> Response:
    """``GET /static/seats.css``: a CSS class per seat with its display colours."""
    return Response(seats_stylesheet(), media_type="text/css", headers={"Cache-Control": _CACHE})
