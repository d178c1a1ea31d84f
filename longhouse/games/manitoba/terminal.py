"""Drawing a Manitoba view in the terminal (used by ``longhouse play manitoba``)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from longhouse.engine.seats import SEATS, seat_label
from longhouse.engine.text import plain

_LAND_STYLE = {"prairie": "dark_orange3", "forest": "green", "hills": "khaki3", "lake": "blue", "mountain": "white"}
_GOOD_SHORT = {"bison": "Bi", "berry": "Be", "horse": "Ho", "canoe": "Ca", "feather": "Fe"}


def _seat(seat: int) -> Text:
    return Text(seat_label(seat), style=SEATS[seat].terminal)


def _card(card: dict[str, Any]) -> str:
    if card["card"] == "event":
        goods = "/".join(card["goods"])
        return f"{card['event']}{'(' + goods + ')' if goods else ''}"
    return str(card["card"])


def _tile(tile: dict[str, Any]) -> str:
    if tile["kind"] == "most":
        return "most of"
    return " or ".join(tile["goods"])


def _territory(view: dict[str, Any]) -> Table:
    areas = view["territory"]["areas"]
    table = Table(title="Territory", show_header=False, box=None, padding=(0, 1))
    tiles = len(areas) // 5
    for _ in range(tiles * 3):
        table.add_column()
    # Each tile: TL C TR on the top row, BL C BR on the bottom row.
    for row, slots in enumerate(((0, 2, 3), (1, 2, 4))):
        cells: list[Text] = []
        for tile in range(tiles):
            for slot in slots:
                area = areas[5 * tile + slot]
                text = Text(f"{area['id']:>2} {area['landscape'][:4]}", style=_LAND_STYLE[area["landscape"]])
                if slot == 2 and row == 1:
                    text = Text("   ''   ", style=_LAND_STYLE[area["landscape"]])
                else:
                    if area["good"]:
                        text.append(f" {_GOOD_SHORT[area['good']]}")
                    if area["cree"] is not None:
                        text.append(" ")
                        text.append(_seat(area["cree"]))
                cells.append(text)
        table.add_row(*cells)
    return table


def _villages(view: dict[str, Any], seat: int | None) -> Table:
    table = Table(title="Villages", padding=(0, 1))
    for col in ("", "score", "wigwam", "square", "paths H/G/W/S", "storage Bi/Be/Ho/Ca", "ceremonial 3 | 4",
                "wampum", "exempt"):
        table.add_column(col)
    for v in view["villages"]:
        name = _seat(v["seat"])
        if v["seat"] == seat:
            name.append(" (you)")
        if v["seat"] == view["active"]:
            name.append(" *")
        storage = "/".join(str(len(v["storage"][g])) for g in ("bison", "berry", "horse", "canoe"))
        feathers = sum(p.count("feather") for p in v["storage"].values())
        if feathers:
            storage += f" ({feathers} Fe)"
        cere = " | ".join(",".join(_GOOD_SHORT[g] for g in v["ceremonial"][k]) or "-" for k in ("3", "4"))
        table.add_row(
            name, str(v["score"]), str(v["wigwam"]), str(v["square"]),
            "/".join(str(v["paths"][p]) for p in ("hunter", "gatherer", "warrior", "shaman")),
            storage, cere, f"{v['wampum_active']}+{v['wampum_inactive']}i", ",".join(v["exempt"]) or "-",
        )
    return table


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    """The whole table as the seat sees it."""
    cards = []
    for i, card in enumerate(view["cards"]):
        label = _card(card)
        cards.append(f"[{label}]" if i == view["card_index"] else label)
    tiles = ", ".join(_tile(t) for t in view["score_tiles"]) or "-"
    head = Text.assemble(
        (f"{view['season'].capitalize()} ", "bold"), f"round {view['round']}/{view['rounds']}   ",
        "cards: ", " > ".join(cards), "   score tiles (3, 5): ", tiles,
    )
    supply = "  ".join(f"{g} {n}" for g, n in view["supply"].items())
    totem = Text.assemble(
        "totem: ", " ".join(view["totem"]) or "-", "   taken: ", " ".join(view["taken"]) or "-",
        "   beside: ", " ".join(view["beside_village"]) or "-",
    )
    lines: list[RenderableType] = [
        head, totem, Text(f"supply: {supply}   wampum left {view['wampum_supply']}"), _territory(view),
        _villages(view, seat),
    ]
    decision = view["decision"]
    if view["header"]["over"]:
        lines.append(Text("Game over. Winners: " + ", ".join(seat_label(w) for w in view["header"]["winners"]),
                          style="bold"))
    elif decision is not None:
        extra = plain({k: v for k, v in decision.items() if k not in ("kind", "seat")})  # texts in English
        lines.append(Text.assemble("to decide: ", _seat(decision["seat"]), f" {decision['kind']} {extra or ''}"))
    return Panel(Group(*lines), title="Manitoba")
