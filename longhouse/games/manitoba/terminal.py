"""Drawing a Manitoba view in the terminal (used by ``longhouse play manitoba``), its texts in a language
(``words``: English unless ``longhouse play --lang`` names another; docs/i18n.md). The names of colours,
landscapes, goods, paths, seasons and events are the game's words (``words.py``), as on the board."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from longhouse.engine.seats import SEATS, seat_word
from longhouse.engine.text import ENGLISH, N_, Msg, Words, _
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba import words as W

_LAND_STYLE = {"prairie": "dark_orange3", "forest": "green", "hills": "khaki3", "lake": "blue", "mountain": "white"}
#: The heads of the villages' table (the paths' and goods' letters follow in the language's words).
_HEADS = (N_("score"), N_("wigwam"), N_("square"), N_("paths {paths}"), N_("storage {goods}"),
          N_("ceremonial 3 | 4"), N_("wampum: active / used"), N_("exempt"))
_STORED = ("bison", "berry", "horse", "canoe")


def _say(words: Words, text: Msg | str) -> str:
    """A text in the terminal's language; a soft hyphen (where a small card breaks a long name) left out."""
    said = text.render(words) if isinstance(text, Msg) else words.gettext(text)
    return said.replace("\u00ad", "")


def _named(table: tuple[Msg, ...], keys: tuple[str, ...], key: str, words: Words) -> str:
    """A key of ``data.py`` ("bison", "brown") in the language's words (the table of ``words.py``)."""
    return _say(words, table[keys.index(key)]) if key in keys else key


def _good(key: str, words: Words) -> str:
    return _named(W.GOOD_PLURAL_WORDS, D.GOODS, key, words)


def _short(key: str, words: Words) -> str:
    """A good in two letters, from its name in the language ("Bi", "Be", "Ho", "Ca", "Fe"; German "Pf", "Ka")."""
    return _good(key, words)[:2].capitalize()


def _colour(key: str, words: Words) -> str:
    return _named(W.COLOUR_WORDS, D.COLOURS, key, words)


def _seat(seat: int, words: Words) -> Text:
    return Text(f"{SEATS[seat].symbol} {_say(words, seat_word(seat))}", style=SEATS[seat].terminal)


def _card(card: dict[str, Any], words: Words) -> str:
    if card["card"] == "event":
        title = _named(W.EVENT_TITLES, D.EVENT_NAMES, card["event"], words)
        goods = "/".join(_good(g, words) for g in card["goods"])
        return f"{title}{'(' + goods + ')' if goods else ''}"
    if card["card"] in ("score_3", "score_5"):
        return _say(words, _("Scoring")) + card["card"][-2:].replace("_", " ")
    if card["card"] == "winter_solstice":
        return _say(words, _("Solstice"))
    return _say(words, _("Winter"))


def _tile(tile: dict[str, Any], words: Words) -> str:
    if tile["kind"] == "most":
        return _say(words, _("most of"))
    return f" {_say(words, _('or'))} ".join(_good(g, words) for g in tile["goods"])


def _territory(view: dict[str, Any], words: Words) -> Table:
    areas = view["territory"]["areas"]
    table = Table(title=_say(words, _("Territory")), show_header=False, box=None, padding=(0, 1))
    tiles = len(areas) // 5
    for _column in range(tiles * 3):
        table.add_column()
    # Each tile: TL C TR on the top row, BL C BR on the bottom row.
    for row, slots in enumerate(((0, 2, 3), (1, 2, 4))):
        cells: list[Text] = []
        for tile in range(tiles):
            for slot in slots:
                area = areas[5 * tile + slot]
                land = _named(W.LANDSCAPE_WORDS, D.LANDSCAPES, area["landscape"], words)
                text = Text(f"{area['id']:>2} {land[:4]}", style=_LAND_STYLE[area["landscape"]])
                if slot == 2 and row == 1:
                    text = Text("   ''   ", style=_LAND_STYLE[area["landscape"]])
                else:
                    if area["good"]:
                        text.append(f" {_short(area['good'], words)}")
                    if area["cree"] is not None:
                        text.append(" ")
                        text.append(_seat(area["cree"], words))
                cells.append(text)
        table.add_row(*cells)
    return table


def _villages(view: dict[str, Any], seat: int | None, words: Words) -> Table:
    table = Table(title=_say(words, _("Villages")), padding=(0, 1))
    paths = "/".join(_say(words, p)[:1].upper() for p in W.PATH_WORDS)
    goods = "/".join(_short(g, words) for g in _STORED)
    table.add_column("")
    for head in _HEADS:
        table.add_column(words.gettext(head).format(paths=paths, goods=goods))
    for v in view["villages"]:
        name = _seat(v["seat"], words)
        if v["seat"] == seat:
            name.append(" " + _say(words, _("(you)")))
        if v["seat"] == view["active"] and not view["header"]["over"]:
            name.append(" *")
        storage = "/".join(str(len(v["storage"][g])) for g in _STORED)
        feathers = sum(p.count("feather") for p in v["storage"].values())
        if feathers:
            storage += f" ({feathers} {_short('feather', words)})"
        cere = " | ".join(",".join(_short(g, words) for g in v["ceremonial"][k]) or "-" for k in ("3", "4"))
        table.add_row(
            name, str(v["score"]), str(v["wigwam"]), str(v["square"]),
            "/".join(str(v["paths"][p]) for p in D.PATHS),
            storage, cere, f"{v['wampum_active']} / {v['wampum_inactive']}",
            ",".join(_good(g, words) for g in v["exempt"]) or "-",
        )
    return table


def render(view: dict[str, Any], seat: int | None, words: Words = ENGLISH) -> RenderableType:
    """The whole table as the seat sees it."""
    cards = []
    for i, card in enumerate(view["cards"]):
        label = _card(card, words)
        cards.append(f"[{label}]" if i == view["card_index"] else label)
    season = _named(W.SEASON_WORDS, D.SEASONS, view["season"], words)
    season = season[:1].upper() + season[1:]
    when = (_("{season} · round {round} of {rounds}", season=season, round=view["round"], rounds=view["rounds"])
            if view["round"] > 0 else _("{season} · the game begins: {rounds} rounds", season=season,
                                        rounds=view["rounds"]))
    tiles = ", ".join(_tile(t, words) for t in view["score_tiles"]) or "-"
    head = Text.assemble(
        (_say(words, when), "bold"), "   ",
        _say(words, _("cards: {cards}", cards=" > ".join(cards))), "   ",
        _say(words, _("score tiles (3, 5): {tiles}", tiles=tiles)),
    )
    supply = "  ".join(f"{_good(g, words)} {n}" for g, n in view["supply"].items())

    def disks(keys: list[str]) -> str:
        return " ".join(_colour(c, words) for c in keys) or "-"

    totem = Text(_say(words, _("totem: {totem}   taken: {taken}   beside: {beside}", totem=disks(view["totem"]),
                               taken=disks(view["taken"]), beside=disks(view["beside_village"]))))
    lines: list[RenderableType] = [
        head, totem, Text(_say(words, _("supply: {goods}   wampum left {n}", goods=supply, n=view["wampum_supply"]))),
        _territory(view, words), _villages(view, seat, words),
    ]
    decision = view["decision"]
    if view["header"]["over"]:
        winners = words.join([_say(words, seat_word(w)) for w in view["header"]["winners"]])
        lines.append(Text(_say(words, _("Game over. Winners: {seats}", seats=winners)), style="bold"))
    elif decision is not None:
        prompt = decision.get("prompt")
        lines.append(Text.assemble(_say(words, _("to decide:")), " ", _seat(decision["seat"], words),
                                   f": {_say(words, prompt) if prompt is not None else decision['kind']}"))
    return Panel(Group(*lines), title="Manitoba")
