"""The current decision in a sentence, for the board's status line ("Where does the horse go? ...").

Written for the seat that decides; the board names the seat for everybody else.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from longhouse.engine.seats import seat_word
from longhouse.engine.text import Msg, Text, _, joined, listing
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import tasks as T
from longhouse.games.manitoba import words as W

if TYPE_CHECKING:
    from longhouse.games.manitoba.state import ManitobaState


def _goods(mask: int) -> Text:
    names = [W.GOOD_PLURAL_WORDS[g] for g in range(5) if mask >> g & 1]
    return joined(" / ", names) if names else _("nothing")


def _sphere(colour: int) -> Msg:
    path = D.COLOUR_PATH[colour]
    lands = W.LANDSCAPE_PLURAL[colour]
    if path < 0:
        return _("{colour}: {lands} (no vision path)", colour=W.COLOUR_WORDS[colour], lands=lands)
    return _("{colour}: {lands} and the {path}", colour=W.COLOUR_WORDS[colour], lands=lands,
             path=W.PATH_PLACE[path])


def _tile_words(tile: int) -> Text:
    kind, goods = D.SCORE_TILES[tile]
    if kind == D.TILE_MOST:
        return _("the good you have most of")
    return joined(" / ", (W.GOOD_PLURAL_WORDS[g] for g in goods))


#: The decisions whose question is always the same.
_FIXED: dict[T.Kind, Msg] = {
    T.SOL_AREA: _("Winter solstice: place a Cree from your village square on any free area"),
    T.SOL_PATH: _("Winter solstice: put a Cree on the first space of a vision path"),
    T.TOTEM: _("You are the active player: take a totem disk — it and the disks above it go to your village "
               "and choose your colour (or take disks to wake up Cree)"),
    T.FEATHER: _("The feather from the completed ceremonial place: choose a storage sector"),
    T.REPEAT: _("Shaman's path: repeat the bonus of one of your Cree on another path, or pass"),
    T.RELOCATE: _("Warrior's path: place a Cree from your village square on any free area"),
    T.EV_VISION: _("Event: put a Cree on a vision path where you have none, or advance one of yours 1 space — "
                   "or pass"),
    T.EV_MOVE: _("Event: move one of your Cree to an adjacent free area — or pass"),
    T.EV_RECALL: _("Event: take one of your Cree on the territory back to your wigwam"),
    T.EV_FEATHER: _("Event: give up a feather from one of your storage sectors"),
}

#: The decisions whose question names the task's subject (a good, a mask of goods, a tile, a landscape).
_ABOUT: dict[T.Kind, Callable[[Any], Msg]] = {
    T.GOOD: lambda t: _("Where does {good} go? Choose a storage sector or a ceremonial place",
                        good=W.GOOD_THE[t.good]),
    T.CHOOSE: lambda t: _("Take a good from the supply: {goods}", goods=_goods(t.goods)),
    T.EV_GOOD: lambda t: _("Event: take a good from the supply ({goods}) — or pass", goods=_goods(t.goods)),
    T.SCORE: lambda t: _("Scoring — {tile}: choose the good you score", tile=_tile_words(t.tile)),
    T.REFILL: lambda t: _("Not enough goods to refill every area of the landscape {landscape}: choose an area to "
                          "refill", landscape=W.LANDSCAPE_WORDS[t.landscape]),
    T.FINAL: lambda t: _("Final scoring: you need not score your {goods} — score them or not",
                         goods=W.GOOD_PLURAL_WORDS[t.good]),
    T.OFFER: lambda t: (_("You may wake up a Cree from your wigwam — or pass") if t.offer == T.OFFER_WAKE
                        else _("You may turn an inactive wampum tile back to its active side — or pass")),
}


def prompt(st: ManitobaState, t: T.Task) -> Text:
    """What the seat of decision ``t`` is asked now."""
    kind = t.kind
    if kind in _FIXED:
        return _FIXED[kind]
    if kind in _ABOUT:
        return _ABOUT[kind](t)
    if isinstance(t, T.Active):
        if t.colour < 0:
            return _("Wake-up: wake up to {n} Cree from your wigwam, or end your turn", n=t.disks)
        left = [w for bit, w in ((T.USED_TERRITORY, _("a Territory action")),
                                 (T.USED_VISION, _("a Vision path action")))
                if not t.used & bit and not (bit == T.USED_VISION and t.colour == D.BLUE)]
        if not left:
            return _("Your colour is {sphere}. Nothing more to do — end your turn", sphere=_sphere(t.colour))
        return _("Your colour is {sphere}. Left to do: {todo} — or end your turn", sphere=_sphere(t.colour),
                 todo=listing(left))
    if kind == T.PASSIVE:
        return _("Passive action: one Territory or Vision path action in a colour of {seat}'s disks ({colours}), "
                 "or pass", seat=seat_word(st.active), colours=joined(", ", (W.COLOUR_WORDS[c] for c in st.taken)))
    return T.NAMES[kind].replace("_", " ")
