"""Every possible action of a game as a fixed list, so that research libraries can number them.

OpenSpiel and PettingZoo want integer actions out of a fixed range. An ``ActionSpace`` lists, once per
game, every action the game's JSON notation can spell, in a documented order; an action's id is its
place in that list, whatever the player count. The components are named from ``Game.describe()`` and
the numbers are the notation's documented ranges; each candidate is read with ``Game.action_from_json``,
so the list holds exactly what the notation accepts, and an id's text is the game's text notation.

The order, per game (each group in the order the describe tables and the notation list them):

Manitou (``pick`` card for each card code, ``ok``, ``play`` card on ground 0..2 for each card, ``done``).

Manitoba (``take`` colour, ``wakeup`` 1..5 disks, ``place`` area 0..24, ``move`` from × to 0..24,
``vision`` path, ``wake`` 1..9 Cree, ``end``, ``pass``, ``store`` sector, ``ceremony`` 3|4, ``good``,
``repeat`` path, ``recall`` area, ``drop`` sector, ``score`` good, ``refill`` area, ``wampum_wake``,
``wampum_trade`` sector, ``reactivate``; a storage sector is any good but the feather, which the notation
refuses; ``reactivate`` is legal only when the ``reactivate-automatic`` ruling is switched off, and comes last
so that the ids before it kept their numbers when it was added).

Five Tribes (``bid`` on each paid spot with 0..(paid spots − spot) Fakirs under Kumarbi, then the zero
bid; ``pick`` tile; ``drop`` direction × tribe; ``fakirs`` 0..(Fakir cards); ``kill`` tribe × (tile, then
seat pool); ``place`` tile × (no pay, E, F); ``summon`` Djinn × (EE, EF); ``buy`` one card at the small
market price, one card or a pair at the large one; ``skip``; ``power`` Djinn × payment × (no tile, tile);
``keep`` Djinn; ``suit`` card; ``sell``; ``end``).

``python -m longhouse.adapters.action_space GAME`` prints the table id → text notation → JSON.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator, Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from longhouse import games
from longhouse.engine import JSON, Action, Game, IllegalAction

Candidates = Callable[[Game, JSON], Iterator[JSON]]

# The notation's numeric ranges that the description does not carry (see each game's ``actions`` module).
#: How many action objects ``ActionSpace`` remembers by identity (games that make new objects every time
#: fill it once and then go by hash).
OBJECTS_KEPT = 65_536
MANITOU_GROUNDS = 3
MANITOBA_AREAS = 25  # 5 territory tiles × 5 areas, numbered 0-24
MANITOBA_WAKEUP_DISKS = 5
FIVE_TRIBES_DIRECTIONS = 4  # n, e, s, w
FIVE_TRIBES_PAYMENTS = ("", "E", "F", "EE", "EF")


def _manitou(game: Game, about: JSON) -> Iterator[JSON]:
    codes = [card["code"] for card in about["cards"]]
    for code in codes:
        yield {"type": "pick", "card": code}
    yield {"type": "ok"}
    for code in codes:
        for ground in range(MANITOU_GROUNDS):
            yield {"type": "play", "card": code, "ground": ground}
    yield {"type": "done"}


def _manitoba(game: Game, about: JSON) -> Iterator[JSON]:
    colours = list(about["disk_colours"])
    goods = [good["name"] for good in about["goods"]]
    paths = [path["name"] for path in about["paths"]]
    areas = range(MANITOBA_AREAS)
    sectors = goods  # the notation refuses the feather, which has no storage sector
    yield from ({"type": "take", "colour": c} for c in colours)
    yield from ({"type": "wakeup", "disks": n} for n in range(1, MANITOBA_WAKEUP_DISKS + 1))
    yield from ({"type": "place", "area": a} for a in areas)
    yield from ({"type": "move", "from": a, "to": b} for a in areas for b in areas)
    yield from ({"type": "vision", "path": p} for p in paths)
    yield from ({"type": "wake", "cree": n} for n in range(1, about["cree_per_player"] + 1))
    yield {"type": "end"}
    yield {"type": "pass"}
    yield from ({"type": "store", "sector": s} for s in sectors)
    yield from ({"type": "ceremony", "place": n} for n in about["ceremonial_sizes"])
    yield from ({"type": "good", "good": g} for g in goods)
    yield from ({"type": "repeat", "path": p} for p in paths)
    yield from ({"type": "recall", "area": a} for a in areas)
    yield from ({"type": "drop", "sector": s} for s in sectors)
    yield from ({"type": "score", "good": g} for g in goods)
    yield from ({"type": "refill", "area": a} for a in areas)
    yield {"type": "wampum_wake"}
    yield from ({"type": "wampum_trade", "sector": s} for s in sectors)
    yield {"type": "reactivate"}


def _five_tribes(game: Game, about: JSON) -> Iterator[JSON]:
    tiles = range(about["rows"] * about["cols"])
    tribes = range(len(about["tribes"]))
    cards = range(len(about["resources"]))
    djinns = range(len(about["djinns"]))
    paid_spots = sum(1 for cost in about["turn_track_costs"] if cost > 0)
    fakir_cards = sum(r["count"] for r in about["resources"] if not r["merchandise"])
    small, large = about["market_prices"]["small"], about["market_prices"]["large"]
    for spot in range(paid_spots):
        yield from ({"type": "bid", "spot": spot, "fakirs": n} for n in range(paid_spots - spot + 1))
    yield {"type": "bid", "spot": paid_spots, "fakirs": 0}
    yield from ({"type": "pick", "tile": t} for t in tiles)
    yield from ({"type": "drop", "direction": d, "colour": c} for d in range(FIVE_TRIBES_DIRECTIONS) for c in tribes)
    yield from ({"type": "fakirs", "count": n} for n in range(fakir_cards + 1))
    for c in tribes:
        yield from ({"type": "kill", "colour": c, "tile": t, "seat": -1} for t in tiles)
        yield from ({"type": "kill", "colour": c, "tile": -1, "seat": s} for s in range(game.max_players))
    yield from ({"type": "place", "tile": t, "pay": p} for t in tiles for p in ("", "E", "F"))
    yield from ({"type": "summon", "djinn": d, "pay": p} for d in djinns for p in ("EE", "EF"))
    yield from ({"type": "buy", "cards": [c], "price": small} for c in cards)
    yield from ({"type": "buy", "cards": [c], "price": large} for c in cards)
    yield from ({"type": "buy", "cards": [a, b], "price": large} for a in cards for b in cards if a <= b)
    yield {"type": "skip"}
    for d in djinns:
        for pay in FIVE_TRIBES_PAYMENTS:
            yield from ({"type": "power", "djinn": d, "pay": pay, "tile": t} for t in (-1, *tiles))
    yield from ({"type": "keep", "djinn": d} for d in djinns)
    yield from ({"type": "suit", "card": c} for c in cards)
    yield {"type": "sell"}
    yield {"type": "end"}


CANDIDATES: dict[str, Candidates] = {"manitou": _manitou, "manitoba": _manitoba, "five_tribes": _five_tribes}


class ActionSpace:
    """The fixed numbering of one game's actions: ``id_of(action)`` and ``action(id)``."""

    def __init__(self, game: Game) -> None:
        if game.name not in CANDIDATES:
            raise KeyError(f"no action space is written for {game.name!r}")
        self.game = game
        actions: list[Action] = []
        ids: dict[Action, int] = {}
        for data in CANDIDATES[game.name](game, game.describe()):
            try:
                action = game.action_from_json(data)
            except IllegalAction:
                continue
            if action not in ids:
                ids[action] = len(actions)
                actions.append(action)
        self.actions: tuple[Action, ...] = tuple(actions)
        self._ids = ids
        #: ids by the action object's identity, for the games that hand out the same objects again (a
        #: frozen dataclass hashes in Python, ~1 us): ``id(action) -> (action, id)``, the object kept so that
        #: its id stays its own.
        self._by_object: dict[int, tuple[Action, int]] = {}
        self._texts = tuple(game.action_to_text(a) for a in actions)

    def __len__(self) -> int:
        return len(self.actions)

    def id_of(self, action: Action) -> int:
        """The action's id; ``KeyError`` names an action the space does not hold (a bug in the table)."""
        try:
            return self._ids[action]
        except KeyError:
            raise KeyError(f"{self.game.name}: the action {self.game.action_to_text(action)!r} has no id") from None

    def ids_of(self, actions: Sequence[Action]) -> list[int]:
        """The actions' ids, sorted (``KeyError`` for an action the space does not hold)."""
        by_object, ids = self._by_object, self._ids
        out = []
        for a in actions:
            hit = by_object.get(id(a))
            if hit is not None and hit[0] is a:
                out.append(hit[1])
                continue
            i = ids[a]
            if len(by_object) < OBJECTS_KEPT:
                by_object[id(a)] = (a, i)
            out.append(i)
        out.sort()
        return out

    def mask(self, actions: Sequence[Action], out: npt.NDArray[np.int8] | None = None) -> npt.NDArray[np.int8]:
        """1 at each of the actions' ids, 0 elsewhere: into ``out`` (cleared first) or a new array."""
        if out is None:
            out = np.zeros(len(self.actions), np.int8)
        else:
            out[:] = 0
        if actions:
            out[self.ids_of(actions)] = 1
        return out

    def action(self, action_id: int) -> Action:
        if not 0 <= action_id < len(self.actions):
            raise IllegalAction(f"{self.game.name} has no action id {action_id} (ids are 0-{len(self.actions) - 1})")
        return self.actions[action_id]

    def text(self, action_id: int) -> str:
        """The id's text notation (``Game.action_to_text``)."""
        return self._texts[action_id]

    def rows(self) -> Iterator[tuple[int, str, JSON]]:
        """(id, text notation, JSON) for every id, in order: the documented mapping."""
        for i, action in enumerate(self.actions):
            yield i, self._texts[i], self.game.action_to_json(action)


@cache
def space(game_name: str) -> ActionSpace:
    """The action space of the game called ``game_name`` (built once per process)."""
    return ActionSpace(games.get(game_name))


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0] not in games.names():
        print(f"usage: python -m longhouse.adapters.action_space GAME  ({', '.join(games.names())})", file=sys.stderr)
        return 2
    for i, text, data in space(args[0]).rows():
        print(f"{i}\t{text}\t{json.dumps(data)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
