"""Drawing a Manitou view in the terminal with rich."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from longhouse.engine.seats import SEAT_COLOURS, SEATS

STYLE = {s.colour: s.terminal for s in SEATS}
MARK = {s.colour: s.symbol for s in SEATS}  # a symbol per seat, not only a hue


def _card(card: dict[str, Any]) -> Text:
    colour = SEAT_COLOURS[card["seat"]]
    if card["kind"] == "hunter":
        return Text(f"{card['value']:>2}", style=STYLE[colour])
    label = card["name"]
    if not card["face_up"]:
        return Text(f"({label})", style="dim strike")
    return Text(label + (" ⛨" if card["protected"] else ""), style=STYLE[colour] + " reverse")


def _ground(g: int, ground: dict[str, Any], n: int) -> Panel:
    buffalo = " + ".join(f"{b['value']}" for b in ground["buffalo"]) or "—"
    table = Table(show_header=False, box=None, padding=(0, 1))
    for seat in range(n):
        colour = SEAT_COLOURS[seat]
        lane = Text(" ").join([_card(c) for c in ground["lanes"][seat]]) if ground["lanes"][seat] else Text("·")
        table.add_row(Text(f"{MARK[colour]} {colour}", style=STYLE[colour]),
                      Text(str(ground["hunter_totals"][seat]), style="dim"), lane)
    ctrl = ground["controller"]
    title = f"Ground {g + 1}: buffalo {buffalo}"
    subtitle = f"held by {SEAT_COLOURS[ctrl]}" if ctrl is not None else "no warrior holds it"
    return Panel(table, title=title, subtitle=subtitle)


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    n = view["num_players"]
    parts: list[RenderableType] = []
    head = Text(f"Hunt {view['hunt']} of {view['hunts']} — {view['phase']} — dealer "
                f"{SEAT_COLOURS[view['dealer']]}", style="bold")
    parts.append(head)
    parts.append(Columns([_ground(g, ground, n) for g, ground in enumerate(view["grounds"])]))
    scores = Table("seat", "score", "buffalo", "prisoners", "pelt robbers", "hand", "pile", "played",
                   title="Players")
    for p in view["players"]:
        colour = p["colour"]
        mark = " ◀" if p["seat"] in view["acting"] else ""
        scores.add_row(Text(f"{MARK[colour]} {colour}{mark}", style=STYLE[colour]), str(p["score"]),
                       " ".join(map(str, p["buffalo"])) or "—", str(p["prisoners"]), str(p["pelt_robbers"]),
                       str(p["hand_size"]), str(p["pile_size"]), str(p["played"]))
    parts.append(scores)
    last = view["last_hunt"]
    if last is not None and view["phase"] in ("score", "over"):
        report = Table("ground", "buffalo won", "to the box", "held by", "prisoners",
                       title=f"Hunt {last['hunt']} scores")
        for g, res in enumerate(last["grounds"]):
            won = ", ".join(f"{SEAT_COLOURS[w['seat']]} {w['value']}" for w in res["buffalo_won"]) or "—"
            ctrl = res["controller"]
            report.add_row(str(g + 1), won, " ".join(map(str, res["buffalo_lost"])) or "—",
                           SEAT_COLOURS[ctrl] if ctrl is not None else "—", str(res["prisoners"]))
        robbers = ", ".join(SEAT_COLOURS[s] for s in last["pelt_robbers"]) or "nobody"
        parts.append(report)
        parts.append(Text(f"Pelt robber (most hunters played): {robbers}"))
    you = view["you"]
    if you is not None:
        colour = SEAT_COLOURS[you["seat"]]
        lines = [Text(f"You are {MARK[colour]} {colour}.", style=STYLE[colour])]
        if view["phase"] == "select":
            lines.append(Text(f"Reserve: {' '.join(you['reserve'])}"))
            lines.append(Text(f"Chosen {len(you['selection'])} / {you['must_pick']}: {' '.join(you['selection'])}"))
        else:
            lines.append(Text(f"Hand: {'  '.join(you['hand']) or '—'}    pile: {you['pile_size']} cards"))
        parts.append(Panel(Group(*lines), border_style=STYLE[colour]))
    return Group(*parts)
