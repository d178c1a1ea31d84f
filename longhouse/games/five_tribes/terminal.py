"""Drawing a Five Tribes view in the terminal (used by ``longhouse play five_tribes``)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from longhouse.engine.seats import SEATS, seat_label
from longhouse.games.five_tribes.board import tile_name
from longhouse.games.five_tribes.data import (
    COLOUR_LETTERS,
    COLS,
    DJINNS,
    RESOURCE_NAMES,
    ROWS,
    TILE_TYPES,
    TURN_TRACK_COSTS,
)

SEAT_STYLES = tuple(s.terminal for s in SEATS)
MEEPLE_STYLES = ("yellow", "white", "green", "blue", "red")
KIND_SHORT = ("Village", "Sacred", "Oasis", "Sm.Mkt", "Lg.Mkt")


def _tile_cell(view: dict[str, Any], t: int) -> Text:
    tt = TILE_TYPES[view["tiles"][t]]
    colour = "blue" if tt.blue else "red"
    text = Text()
    text.append(f"{tile_name(t)} ", style="dim")
    text.append(f"{KIND_SHORT[tt.kind]} {tt.vp}", style=colour)
    text.append("\n")
    for c, n in enumerate(view["meeples"][t]):
        if n:
            text.append(COLOUR_LETTERS[c] * n, style=MEEPLE_STYLES[c])
    text.append("\n")
    owner = view["owner"][t]
    if owner >= 0:
        text.append(f"camel {seat_label(owner)} ", style=SEAT_STYLES[owner])
    if view["palms"][t]:
        text.append(f"palm×{view['palms'][t]} ", style="green")
    if view["palaces"][t]:
        text.append(f"palace×{view['palaces'][t]}", style="bold")
    move = view.get("move")
    if move and move["path"] and move["path"][-1] == t:
        text.stylize("reverse")
    return text


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    """The board, the rows of cards and Djinns, the tracks and each player's holdings."""
    grid = Table(show_header=False, show_lines=True, padding=(0, 1))
    for _ in range(COLS):
        grid.add_column(min_width=12)
    for r in range(ROWS):
        grid.add_row(*[_tile_cell(view, r * COLS + c) for c in range(COLS)])

    info = Text()
    header = view["header"]
    you = view["you"] or {}
    info.append(f"Round {view['round'] + 1} — phase: {view['stage']}", style="bold")
    if header["acting"]:
        info.append(f" — acting: {seat_label(header['acting'][0])}")
    info.append("\nResource row: " + ", ".join(RESOURCE_NAMES[c] for c in view["resource_row"]))
    info.append(f"  (deck {view['resource_deck_size']})")
    info.append("\nDjinns face up: " + ", ".join(DJINNS[d].name for d in view["djinn_row"]))
    info.append(f"\nBag: {sum(view['bag'])} meeples   Palm Trees left: {view['palm_supply']}"
                f"   Palaces left: {view['palace_supply']}")
    track = []
    for spot, marker in enumerate(view["turn_track"]):
        if marker >= 0:
            track.append(f"{TURN_TRACK_COSTS[spot]}:{seat_label(view['marker_seat'][marker])}")
    info.append("\nTurn order track: " + (" ".join(track) or "—"))
    info.append("\nBid order: " + " ".join(seat_label(view['marker_seat'][m]) for m in view["bid_track"]))
    move = view.get("move")
    if move:
        hand = "".join(COLOUR_LETTERS[c] * n for c, n in enumerate(move["hand"]))
        info.append(f"\nIn hand: {hand}   path: " + "→".join(tile_name(t) for t in move["path"]))
    if you.get("keep_choices"):
        info.append("\nSibittis: choose from " + ", ".join(DJINNS[d].name for d in you["keep_choices"]))
    suit = you.get("suit") or view["suit"]
    if suit:
        info.append("\nSuit being sold: " + ", ".join(RESOURCE_NAMES[c] for c in suit))

    players = Table(title="Players", show_lines=False)
    for col in ("", "gold", "camels", "Viziers", "Elders", "cards", "Djinns"):
        players.add_column(col)
    for s, p in enumerate(view["players"]):
        if s == you.get("seat"):
            p = {**p, "gold": you["gold"], "resources": you["resources"]}
        held = p["resources"]
        cards = (", ".join(f"{RESOURCE_NAMES[c]}×{n}" for c, n in enumerate(held) if n) if held is not None
                 else f"{p['cards']} hidden")
        name = seat_label(s) + (" (you)" if s == seat else "")
        players.add_row(Text(name, style=SEAT_STYLES[s]), "?" if p["gold"] is None else str(p["gold"]),
                        str(p["camels"]), str(p["viziers"]), str(p["elders"]), cards,
                        ", ".join(DJINNS[d].name for d in p["djinns"]))
    parts: list[RenderableType] = [grid, info, players]
    if header["over"]:
        parts.append(Text("Final scores: " + ", ".join(f"{seat_label(s)} {v}" for s, v in enumerate(header["scores"])),
                          style="bold"))
    return Group(*parts)
