"""Reference texts for players, in our own words after the RULEBOOK: what each vision-path space gives,
what each event does, what each score tile asks. Clients read them from the game's description, so the
board never keeps a copy of the rules.
"""

from __future__ import annotations

from typing import Any, Final

from longhouse.engine.text import Msg, Text, _, joined
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import words as W
from longhouse.games.manitoba.rulings import gatherer_goods

#: Per event symbol (``data.EVENT_NAMES`` order): what every player does (the titles: ``words.EVENT_TITLES``).
EVENT_TEXTS: Final = (
    _("Each player may put a Cree from the village square on a vision path where they have none, "
      "or advance one of their path Cree 1 space."),
    _("Each player may move one Cree to an adjacent free area and take its good."),
    _("Each player takes one of their Cree on the territory back to the wigwam."),
    _("Each player may take one of the goods shown from the supply."),
    _("Each player gives up one feather from a storage sector (not from ceremonial places)."),
    _("1 point for each of your Cree on the territory."),
    _("{n} points for each of your Cree on a lake.", n=D.LAKE_POINTS_PER_CREE),
    _("Most Cree on the territory: {first} points; second most: {second} points (ties share).",
      first=D.MAJORITY_POINTS[0], second=D.MAJORITY_POINTS[1]),
    _("Largest group of your Cree on connected areas: {first} points; second: {second} points (ties share).",
      first=D.MAJORITY_POINTS[0], second=D.MAJORITY_POINTS[1]),
    _("Each player wakes up one Cree."),
)


def _hunter(space: int) -> tuple[Text, Text]:
    if space in D.HUNTER_POINTS:
        std, first = D.HUNTER_POINTS[space]
        if std == first:
            return f"{std}", W.points(std)
        return f"{std} ({first})", _("{points}; the first to arrive gets {first}", points=W.points(std), first=first)
    return "", ""


def _gatherer(space: int) -> tuple[Text, Text]:
    goods = gatherer_goods(space)
    if not goods:
        return "", ""
    if space == 5:  # "a good of your choice" (ruling gatherer-choice-includes-feather)
        if D.FEATHER in goods:
            return _("any"), _("Take a good of your choice from the supply")
        return _("any"), _("Take a good of your choice from the supply (no feather)")
    return (joined("/", (W.GOOD_PLURAL_WORDS[g] for g in goods)),
            _("Take {goods}", goods=_either(goods)))


def _either(goods: tuple[int, ...]) -> Text:
    """"a berry", "a berry or a horse"."""
    if len(goods) == 1:
        return W.GOOD_A[goods[0]]
    return _("{one} or {other}", one=joined(", ", (W.GOOD_A[g] for g in goods[:-1])), other=W.GOOD_A[goods[-1]])


def _space(path: int, space: int) -> dict[str, Any]:
    """One space of a vision path: a short label for the board and the sentence behind it; ``first``: the
    first to arrive gets more (a first-to-reach bonus)."""
    exempt = next((g for g, (p, s) in D.EXEMPTION.items() if p == path and s == space), None)
    if exempt is not None:
        return {"space": space, "short": _("no {goods}", goods=W.GOOD_PLURAL_WORDS[exempt]), "permanent": True,
                "wampum_first": True, "first": True,
                "text": _("You no longer have to score {goods}; the first to arrive gets a wampum tile.",
                          goods=W.GOOD_PLURAL_WORDS[exempt])}
    if path != D.SHAMAN and space == D.PATH_LENGTH[path]:
        repeat = {D.HUNTER: W.points(D.HUNTER_REPEAT_POINTS), D.GATHERER: W.GOOD_A[D.BERRY],
                  D.WARRIOR: _("wake a Cree")}[path]
        return {"space": space, "short": f"+{D.COMPLETION_POINTS}", "permanent": False, "wampum_first": False,
                "first": False,
                "text": _("{points} once on arrival; each later Vision path action here: {repeat}.",
                          points=W.points(D.COMPLETION_POINTS), repeat=repeat),
                "repeat": repeat}
    if path == D.HUNTER:
        short, text = _hunter(space)
        return {"space": space, "short": short, "permanent": False, "wampum_first": False,
                "first": space in D.HUNTER_POINTS and len(set(D.HUNTER_POINTS[space])) > 1, "text": text}
    if path == D.GATHERER:
        short, text = _gatherer(space)
        return {"space": space, "short": short, "permanent": False, "wampum_first": False, "first": False,
                "text": text}
    if path == D.WARRIOR:
        table: dict[int, tuple[Msg, bool, Msg]] = {
            1: (_("wake"), False, _("Wake up a Cree.")),
            D.WARRIOR_NO_ADJACENCY: (_("free"), True,
                                     _("Passive Territory placements need not be adjacent to your Cree.")),
            D.WARRIOR_WAKE_POINTS: (_("+1/wake"), True, _("1 point for each Cree you wake up from now on.")),
            D.WARRIOR_RELOCATE: (_("place"), False, _("Place a Cree from your village square on any free area.")),
        }
        short, permanent, text = table[space]
        return {"space": space, "short": short, "permanent": permanent, "wampum_first": False, "first": False,
                "text": text}
    if space in D.SHAMAN_REPEAT_SPACES:
        return {"space": space, "short": _("repeat"), "permanent": False, "wampum_first": False, "first": False,
                "text": _("You may repeat the standard bonus of one of your Cree on another path.")}
    return {"space": space, "short": _("no sacrifice"), "permanent": True, "wampum_first": False, "first": False,
            "text": _("No sacrifice of goods before the final scoring.")}


def path_spaces() -> list[list[dict[str, Any]]]:
    """Every space of every vision path, in ``data.PATHS`` order."""
    return [[_space(p, s) for s in range(1, D.PATH_LENGTH[p] + 1)] for p in range(len(D.PATHS))]


def tile_text(tile: int) -> Msg:
    """What a score tile asks, in words."""
    kind, goods = D.SCORE_TILES[tile]
    if kind == D.TILE_MOST:
        return _("Score the good you have most of")
    if kind == D.TILE_SINGLE:
        return _("Everybody scores {goods}", goods=W.GOOD_PLURAL_WORDS[goods[0]])
    return _("Score {one} or {other}", one=W.GOOD_PLURAL_WORDS[goods[0]], other=W.GOOD_PLURAL_WORDS[goods[1]])


def tile_json(tile: int) -> dict[str, Any]:
    """A score tile as the view shows it: its kind, goods and words."""
    kind, goods = D.SCORE_TILES[tile]
    return {"id": tile, "kind": ("single", "pair", "most")[kind], "goods": [D.GOODS[g] for g in goods],
            "text": tile_text(tile)}


#: The season cards without an event, and the village's pieces, in words (the board's tooltips).
CARD_TEXTS: Final = {
    "winter_solstice": _("Winter solstice: everybody takes a berry, a bison, a horse and a canoe, places a Cree "
                         "and enters a path"),
    "winter": _("Winter: a round without event or scoring"),
}
PIECE_TEXTS: Final = {
    "ceremonial": _("ceremonial place: no two goods of a kind; once full, its goods go to storage and you take a "
                    "wampum tile"),
    "wampum_active": _("active wampum tile: {points} at the end, or use it once (then it is worth {used})",
                       points=W.points(D.WAMPUM_ACTIVE_POINTS), used=D.WAMPUM_INACTIVE_POINTS),
    "wampum_used": _("used wampum tile: {points} at the end", points=W.points(D.WAMPUM_INACTIVE_POINTS)),
}


def description() -> dict[str, Any]:
    """The texts part of the game's description."""
    return {
        "card_texts": dict(CARD_TEXTS),
        "piece_texts": dict(PIECE_TEXTS),
        "path_spaces": path_spaces(),
        "event_texts": {name: {"title": t, "text": x}
                        for name, t, x in zip(D.EVENT_NAMES, W.EVENT_TITLES, EVENT_TEXTS, strict=True)},
        "area_slots": list(D.SLOT_NAMES),
        "area_name": _("an area is named by its landscape and its tile's number in the chain, from 1 on the left"),
    }
