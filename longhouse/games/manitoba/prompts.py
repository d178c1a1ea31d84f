"""The current decision in a sentence, for the board's status line ("Where does the horse go? ...").

Written for the seat that decides; the board names the seat for everybody else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from longhouse.engine.seats import seat_name
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import tasks as T

if TYPE_CHECKING:
    from longhouse.games.manitoba.state import ManitobaState


def _goods(mask: int) -> str:
    names = [D.GOODS[g] for g in range(5) if mask >> g & 1]
    return " or ".join(names) if names else "nothing"


def _sphere(colour: int) -> str:
    path = D.COLOUR_PATH[colour]
    land = D.LANDSCAPES[colour]
    if path < 0:
        return f"{D.COLOURS[colour]}: the {land}s (no vision path)"
    return f"{D.COLOURS[colour]}: the {land if land == 'hills' else land + 's'} and the {D.PATHS[path]}'s path"


def _tile_words(tile: int) -> str:
    kind, goods = D.SCORE_TILES[tile]
    if kind == D.TILE_MOST:
        return "the good you have most of"
    return " or ".join(D.GOOD_PLURAL[g] for g in goods)


#: The decisions whose question is always the same.
_FIXED: dict[T.Kind, str] = {
    T.SOL_AREA: "Winter solstice: place a Cree from your village square on any free area",
    T.SOL_PATH: "Winter solstice: put a Cree on the first space of a vision path",
    T.TOTEM: ("You are the active player: take a totem disk — it and the disks above it go to your village "
              "and choose your colour (or take disks to wake up Cree)"),
    T.FEATHER: "The feather from the completed ceremonial place: choose a storage sector",
    T.REPEAT: "Shaman's path: repeat the bonus of one of your Cree on another path, or pass",
    T.RELOCATE: "Warrior's path: place a Cree from your village square on any free area",
    T.EV_VISION: "Event: put a Cree on a vision path where you have none, or advance one of yours 1 space — or pass",
    T.EV_MOVE: "Event: move one of your Cree to an adjacent free area — or pass",
    T.EV_RECALL: "Event: take one of your Cree on the territory back to your wigwam",
    T.EV_FEATHER: "Event: give up a feather from one of your storage sectors",
}

#: The decisions whose question names the task's subject (a good, a mask of goods, a tile, a landscape).
_ABOUT: dict[T.Kind, Callable[[Any], str]] = {
    T.GOOD: lambda t: f"Where does the {D.GOODS[t.good]} go? Choose a storage sector or a ceremonial place",
    T.CHOOSE: lambda t: f"Take a good from the supply: {_goods(t.goods)}",
    T.EV_GOOD: lambda t: f"Event: take a {_goods(t.goods)} from the supply — or pass",
    T.SCORE: lambda t: f"Scoring — {_tile_words(t.tile)}: choose the good you score",
    T.REFILL: lambda t: f"Not enough goods to refill every {D.LANDSCAPES[t.landscape]}: choose an area to refill",
    T.FINAL: lambda t: f"Final scoring: you need not score your {D.GOOD_PLURAL[t.good]} — score them or not",
    T.OFFER: lambda t: ("You may wake up a Cree from your wigwam — or pass" if t.offer == T.OFFER_WAKE
                        else "You may turn an inactive wampum tile back to its active side — or pass"),
}


def prompt(st: ManitobaState, t: T.Task) -> str:
    """What the seat of decision ``t`` is asked now."""
    kind = t.kind
    if kind in _FIXED:
        return _FIXED[kind]
    if kind in _ABOUT:
        return _ABOUT[kind](t)
    if isinstance(t, T.Active):
        if t.colour < 0:
            return f"Wake-up: wake up to {t.disks} Cree from your wigwam, or end your turn"
        left = [w for bit, w in ((T.USED_TERRITORY, "a Territory action"), (T.USED_VISION, "a Vision path action"))
                if not t.used & bit and not (bit == T.USED_VISION and t.colour == D.BLUE)]
        todo = " and ".join(left) if left else "nothing more"
        return f"Your colour is {_sphere(t.colour)}. Left to do: {todo} — or end your turn"
    if kind == T.PASSIVE:
        colours = ", ".join(D.COLOURS[c] for c in st.taken)
        return (f"Passive action: one Territory or Vision path action in a colour of {seat_name(st.active)}'s "
                f"disks ({colours}), or pass")
    return T.NAMES[kind].replace("_", " ")
