"""The current decision in a sentence, for the board's status line ("Where does the horse go? ...").

Written for the seat that decides; the board names the seat for everybody else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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


def prompt(st: ManitobaState, t: T.Task) -> str:
    """What the seat of decision ``t`` is asked now."""
    kind, _seat, x, y, z = t
    if kind == T.SOL_AREA:
        return "Winter solstice: place a Cree from your village square on any free area"
    if kind == T.SOL_PATH:
        return "Winter solstice: put a Cree on the first space of a vision path"
    if kind == T.TOTEM:
        return ("You are the active player: take a totem disk — it and the disks above it go to your village "
                "and choose your colour (or take disks to wake up Cree)")
    if kind == T.ACTIVE:
        if x < 0:
            return f"Wake-up: wake up to {y} Cree from your wigwam, or end your turn"
        left = [w for bit, w in ((T.USED_TERRITORY, "a Territory action"), (T.USED_VISION, "a Vision path action"))
                if not z & bit and not (bit == T.USED_VISION and x == D.BLUE)]
        todo = " and ".join(left) if left else "nothing more"
        return f"Your colour is {_sphere(x)}. Left to do: {todo} — or end your turn"
    if kind == T.PASSIVE:
        colours = ", ".join(D.COLOURS[c] for c in st.taken)
        return (f"Passive action: one Territory or Vision path action in a colour of {seat_name(st.active)}'s "
                f"disks ({colours}), or pass")
    if kind == T.GOOD:
        return f"Where does the {D.GOODS[x]} go? Choose a storage sector or a ceremonial place"
    if kind == T.FEATHER:
        return "The feather from the completed ceremonial place: choose a storage sector"
    if kind == T.CHOOSE:
        return f"Take a good from the supply: {_goods(x)}"
    if kind == T.REPEAT:
        return "Shaman's path: repeat the bonus of one of your Cree on another path, or pass"
    if kind == T.RELOCATE:
        return "Warrior's path: place a Cree from your village square on any free area"
    if kind == T.EV_VISION:
        return "Event: put a Cree on a vision path where you have none, or advance one of yours 1 space — or pass"
    if kind == T.EV_MOVE:
        return "Event: move one of your Cree to an adjacent free area — or pass"
    if kind == T.EV_RECALL:
        return "Event: take one of your Cree on the territory back to your wigwam"
    if kind == T.EV_GOOD:
        return f"Event: take a {_goods(x)} from the supply — or pass"
    if kind == T.EV_FEATHER:
        return "Event: give up a feather from one of your storage sectors"
    if kind == T.SCORE:
        return f"Scoring — {_tile_words(x)}: choose the good you score"
    if kind == T.REFILL:
        return f"Not enough goods to refill every {D.LANDSCAPES[x]}: choose an area to refill"
    if kind == T.FINAL:
        return f"Final scoring: you need not score your {D.GOOD_PLURAL[x]} — score them or not"
    return T.NAMES[kind].replace("_", " ")
