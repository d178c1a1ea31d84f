"""Drawing a Five Tribes view in the terminal (used by ``longhouse play five_tribes``), its texts in a language
(``words``: English unless ``longhouse play --lang`` names another; docs/i18n.md). Tiles, tribes, Resource cards
and the phase are the game's words (``data.py``'s ``KIND_WORDS``, ``TRIBE_WORDS``, ``RESOURCE_WORDS``, the
header's phase text), as on the board; the Djinns keep their names in every language, as in the editions."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from longhouse.engine.seats import SEATS, seat_word
from longhouse.engine.text import ENGLISH, Msg, Words, _, ngettext
from longhouse.games.five_tribes.board import tile_name
from longhouse.games.five_tribes.data import (
    COLOUR_LETTERS,
    COLS,
    DJINNS,
    RESOURCE_WORDS,
    ROWS,
    TILE_TYPES,
    TRIBE_WORDS,
    TURN_TRACK_COSTS,
)

SEAT_STYLES = tuple(s.terminal for s in SEATS)
MEEPLE_STYLES = ("yellow", "white", "green", "blue", "red")
#: The tile kinds, short enough for a cell of the board (the board's names are ``KIND_WORDS``).
KIND_SHORT = (_("Village"), _("Sacred"), _("Oasis"), _("Sm. market"), _("Lg. market"))
#: The heads of the players' table.
_HEADS = (_("gold"), _("camels"), _("Viziers"), _("Elders"), _("cards"), _("Djinns"))


def _say(words: Words, text: Msg | str) -> str:
    """A text in the terminal's language; a soft hyphen (where a small card breaks a long name) left out."""
    said = text.render(words) if isinstance(text, Msg) else str(text)
    return said.replace("\u00ad", "")


def _seat(seat: int, words: Words) -> str:
    return f"{SEATS[seat].symbol} {_say(words, seat_word(seat))}"


def _cards(codes: list[int], words: Words) -> str:
    return ", ".join(_say(words, RESOURCE_WORDS[c]) for c in codes)


def _djinns(djinns: list[int]) -> str:
    return ", ".join(DJINNS[d].name for d in djinns)


def _tile_cell(view: dict[str, Any], t: int, words: Words) -> Text:
    tt = TILE_TYPES[view["tiles"][t]]
    colour = "blue" if tt.blue else "red"
    text = Text()
    text.append(f"{tile_name(t)} ", style="dim")
    text.append(f"{_say(words, KIND_SHORT[tt.kind])} {tt.vp}", style=colour)
    text.append("\n")
    for c, n in enumerate(view["meeples"][t]):
        if n:
            text.append(COLOUR_LETTERS[c] * n, style=MEEPLE_STYLES[c])
    text.append("\n")
    owner = view["owner"][t]
    if owner >= 0:
        text.append(_say(words, _("camel {seat}", seat=_seat(owner, words))) + " ", style=SEAT_STYLES[owner])
    if view["palms"][t]:
        text.append(_say(words, _("palm×{n}", n=view["palms"][t])) + " ", style="green")
    if view["palaces"][t]:
        text.append(_say(words, _("palace×{n}", n=view["palaces"][t])), style="bold")
    move = view.get("move")
    if move and move["path"] and move["path"][-1] == t:
        text.stylize("reverse")
    return text


def _facts(view: dict[str, Any], words: Words) -> Text:
    """The round and phase, the market and Djinns on display, the supplies, both tracks, the move in hand."""
    header = view["header"]
    you = view["you"] or {}
    say = lambda text: _say(words, text)  # noqa: E731 - one letter less on every line below
    info = Text()
    info.append(say(header["phase"]), style="bold")  # "Round 1: Blue bids for the turn order" (the engine's)
    if header["acting"]:
        info.append(say(_(" — to play: {seat}", seat=_seat(header["acting"][0], words))))
    info.append("\n" + say(_("Market: {cards} (deck {n})", cards=_cards(view["resource_row"], words),
                                 n=view["resource_deck_size"])))
    info.append("\n" + say(_("Djinns on display: {djinns}", djinns=_djinns(view["djinn_row"]))))
    info.append("\n" + say(_("Bag: {meeples}   Palm Trees left: {palms}   Palaces left: {palaces}",
                             meeples=ngettext("{n} meeple", "{n} meeples", sum(view["bag"])),
                             palms=view["palm_supply"], palaces=view["palace_supply"])))
    track = [f"{TURN_TRACK_COSTS[spot]}:{_seat(view['marker_seat'][marker], words)}"
             for spot, marker in enumerate(view["turn_track"]) if marker >= 0]
    info.append("\n" + say(_("Turn order track: {track}", track=" ".join(track) or "—")))
    info.append("\n" + say(_("Bid order: {seats}",
                             seats=" ".join(_seat(view["marker_seat"][m], words) for m in view["bid_track"]))))
    move = view.get("move")
    if move:
        hand = "".join(COLOUR_LETTERS[c] * n for c, n in enumerate(move["hand"]))
        info.append("\n" + say(_("In hand: {hand}   path: {path}", hand=hand,
                                 path="→".join(tile_name(t) for t in move["path"]))))
    if you.get("keep_choices"):
        info.append("\n" + say(_("Sibittis: keep one of {djinns}", djinns=_djinns(you["keep_choices"]))))
    suit = you.get("suit") or view["suit"]
    if suit:
        info.append("\n" + say(_("Being sold: {cards}", cards=_cards(suit, words))))
    legend = ", ".join(f"{COLOUR_LETTERS[c]} {say(TRIBE_WORDS[c])}" for c in range(len(TRIBE_WORDS)))
    info.append("\n" + legend, style="dim")
    return info


def render(view: dict[str, Any], seat: int | None, words: Words = ENGLISH) -> RenderableType:
    """The board, the rows of cards and Djinns, the tracks and each player's holdings."""
    grid = Table(show_header=False, show_lines=True, padding=(0, 1))
    for _column in range(COLS):
        grid.add_column(min_width=12)
    for r in range(ROWS):
        grid.add_row(*[_tile_cell(view, r * COLS + c, words) for c in range(COLS)])

    header = view["header"]
    you = view["you"] or {}
    players = Table(title=_say(words, _("Players")), show_lines=False)
    players.add_column("")
    for head in _HEADS:
        players.add_column(_say(words, head))
    for s, p in enumerate(view["players"]):
        if s == you.get("seat"):
            p = {**p, "gold": you["gold"], "resources": you["resources"]}
        held = p["resources"]
        cards = (", ".join(f"{_say(words, RESOURCE_WORDS[c])}×{n}" for c, n in enumerate(held) if n)
                 if held is not None else _say(words, _("{n} hidden", n=p["cards"])))
        name = _seat(s, words) + (_say(words, _(" (you)")) if s == seat else "")
        players.add_row(Text(name, style=SEAT_STYLES[s]), "?" if p["gold"] is None else str(p["gold"]),
                        str(p["camels"]), str(p["viziers"]), str(p["elders"]), cards, _djinns(p["djinns"]))
    parts: list[RenderableType] = [grid, _facts(view, words), players]
    if header["over"]:
        scores = ", ".join(f"{_seat(s, words)} {v}" for s, v in enumerate(header["scores"]))
        parts.append(Text(_say(words, _("Final scores: {scores}", scores=scores)), style="bold"))
    return Group(*parts)
