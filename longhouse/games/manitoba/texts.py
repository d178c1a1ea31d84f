"""Reference texts for players, in our own words after the RULEBOOK: what each vision-path space gives,
what each event does, what each score tile asks. Clients read them from the game's description, so the
board never keeps a copy of the rules.
"""

from __future__ import annotations

from typing import Any, Final

from longhouse.games.manitoba import data as D
from longhouse.games.manitoba.rulings import gatherer_goods

#: Per event symbol (``data.EVENT_NAMES`` order): a short title and what every player does.
EVENT_TEXTS: Final = (
    ("Vision", "Each player may put a Cree from the village square on a vision path where they have none, "
               "or advance one of their path Cree 1 space."),
    ("Move", "Each player may move one Cree to an adjacent free area and take its good."),
    ("Recall", "Each player takes one of their Cree on the territory back to the wigwam."),
    ("Goods", "Each player may take one of the goods shown from the supply."),
    ("Lose a feather", "Each player gives up one feather from a storage sector (not from ceremonial places)."),
    ("Cree count", "1 point for each of your Cree on the territory."),
    ("Lakes", f"{D.LAKE_POINTS_PER_CREE} points for each of your Cree on a lake."),
    ("Majority", f"Most Cree on the territory: {D.MAJORITY_POINTS[0]} points; second most: "
                 f"{D.MAJORITY_POINTS[1]} points (ties share)."),
    ("Contiguous", f"Largest group of your Cree on connected areas: {D.MAJORITY_POINTS[0]} points; second: "
                   f"{D.MAJORITY_POINTS[1]} points (ties share)."),
    ("Wake", "Each player wakes up one Cree."),
)


def _hunter(space: int) -> tuple[str, str]:
    if space in D.HUNTER_POINTS:
        std, first = D.HUNTER_POINTS[space]
        short = f"{std}" if std == first else f"{std} ({first})"
        return short, f"{std} point(s)" + ("" if std == first else f"; the first to arrive gets {first}")
    return "", ""


def _gatherer(space: int) -> tuple[str, str]:
    goods = gatherer_goods(space)
    if not goods:
        return "", ""
    if space == 5:  # "a good of your choice" (ruling gatherer-choice-includes-feather)
        return "any", "take a good of your choice from the supply" + ("" if D.FEATHER in goods else " (no feather)")
    return "/".join(D.GOODS[g] for g in goods), "take a " + " or a ".join(D.GOODS[g] for g in goods)


def _space(path: int, space: int) -> dict[str, Any]:
    """One space of a vision path: a short label for the board and the sentence behind it."""
    exempt = next((g for g, (p, s) in D.EXEMPTION.items() if p == path and s == space), None)
    if exempt is not None:
        return {"space": space, "short": f"no {D.GOODS[exempt]}", "permanent": True, "wampum_first": True,
                "text": f"You no longer have to score {D.GOOD_PLURAL[exempt]}; the first to arrive gets a wampum tile."}
    if path != D.SHAMAN and space == D.PATH_LENGTH[path]:
        repeat = {D.HUNTER: f"{D.HUNTER_REPEAT_POINTS} points", D.GATHERER: "a berry", D.WARRIOR: "wake a Cree"}[path]
        return {"space": space, "short": f"+{D.COMPLETION_POINTS}", "permanent": False, "wampum_first": False,
                "text": f"{D.COMPLETION_POINTS} points once on arrival; each later Vision path action here: {repeat}.",
                "repeat": repeat}
    if path == D.HUNTER:
        short, text = _hunter(space)
        return {"space": space, "short": short, "permanent": False, "wampum_first": False, "text": text.capitalize()}
    if path == D.GATHERER:
        short, text = _gatherer(space)
        return {"space": space, "short": short, "permanent": False, "wampum_first": False, "text": text.capitalize()}
    if path == D.WARRIOR:
        table = {
            1: ("wake", False, "Wake up a Cree."),
            D.WARRIOR_NO_ADJACENCY: ("free", True, "Passive Territory placements need not be adjacent to your Cree."),
            D.WARRIOR_WAKE_POINTS: ("+1/wake", True, "1 point for each Cree you wake up from now on."),
            D.WARRIOR_RELOCATE: ("place", False, "Place a Cree from your village square on any free area."),
        }
        short, permanent, text = table[space]
        return {"space": space, "short": short, "permanent": permanent, "wampum_first": False, "text": text}
    if space in D.SHAMAN_REPEAT_SPACES:
        return {"space": space, "short": "repeat", "permanent": False, "wampum_first": False,
                "text": "You may repeat the standard bonus of one of your Cree on another path."}
    return {"space": space, "short": "no sacrifice", "permanent": True, "wampum_first": False,
            "text": "No sacrifice of goods before the final scoring."}


def path_spaces() -> list[list[dict[str, Any]]]:
    """Every space of every vision path, in ``data.PATHS`` order."""
    return [[_space(p, s) for s in range(1, D.PATH_LENGTH[p] + 1)] for p in range(len(D.PATHS))]


def tile_text(tile: int) -> str:
    """What a score tile asks, in words."""
    kind, goods = D.SCORE_TILES[tile]
    if kind == D.TILE_MOST:
        return "Score the good you have most of"
    if kind == D.TILE_SINGLE:
        return f"Everybody scores {D.GOOD_PLURAL[goods[0]]}"
    return f"Score {D.GOOD_PLURAL[goods[0]]} or {D.GOOD_PLURAL[goods[1]]}"


def tile_json(tile: int) -> dict[str, Any]:
    """A score tile as the view shows it: its kind, goods and words."""
    kind, goods = D.SCORE_TILES[tile]
    return {"id": tile, "kind": ("single", "pair", "most")[kind], "goods": [D.GOODS[g] for g in goods],
            "text": tile_text(tile)}


#: The season cards without an event, and the village's pieces, in words (the board's tooltips).
CARD_TEXTS: Final = {
    "winter_solstice": "Winter solstice: everybody takes a berry, a bison, a horse and a canoe, places a Cree "
                       "and enters a path",
    "winter": "Winter: a round without event or scoring",
}
PIECE_TEXTS: Final = {
    "ceremonial": "ceremonial place: no two goods of a kind; once full, its goods go to storage and you take a "
                  "wampum tile",
    "wampum_active": f"active wampum tile: {D.WAMPUM_ACTIVE_POINTS} points at the end, or use it once "
                     f"(then it is worth {D.WAMPUM_INACTIVE_POINTS})",
    "wampum_used": f"used wampum tile: {D.WAMPUM_INACTIVE_POINTS} point at the end",
}


def description() -> dict[str, Any]:
    """The texts part of the game's description."""
    return {
        "card_texts": dict(CARD_TEXTS),
        "piece_texts": dict(PIECE_TEXTS),
        "path_spaces": path_spaces(),
        "event_texts": {name: {"title": t, "text": x} for name, (t, x) in zip(D.EVENT_NAMES, EVENT_TEXTS, strict=True)},
        "area_slots": list(D.SLOT_NAMES),
        "area_name": "an area is named by its landscape and its tile's number in the chain, from 1 on the left",
    }
