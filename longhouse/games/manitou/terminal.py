"""Drawing a Manitou view in the terminal with rich, its texts in a language (``words``: English unless
``longhouse play --lang`` names another; docs/i18n.md)."""

from __future__ import annotations

from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from longhouse.engine.seats import SEAT_COLOURS, SEATS, seat_word
from longhouse.engine.text import ENGLISH, N_, Msg, Words, _, ngettext

STYLE = {s.colour: s.terminal for s in SEATS}
MARK = {s.colour: s.symbol for s in SEATS}  # a symbol per seat, not only a hue
#: The phases in words (the view's ``phase``).
PHASES = {"select": N_("choosing hunting parties"), "hunt": N_("the hunt"), "score": N_("the score screen"),
          "over": N_("game over")}


def _say(words: Words, text: Msg | str) -> str:
    """A text in the terminal's language; a soft hyphen (where a small card breaks a long name) left out."""
    said = text.render(words) if isinstance(text, Msg) else words.gettext(text)
    return said.replace("\u00ad", "")


def _seat(seat: int, words: Words) -> str:
    return _say(words, seat_word(seat))


def _card(card: dict[str, Any], words: Words) -> Text:
    colour = SEAT_COLOURS[card["seat"]]
    if card["kind"] == "hunter":
        return Text(f"{card['value']:>2}", style=STYLE[colour])
    label = _say(words, card["name"])  # the warrior's name: a text of the catalog ("chief")
    if not card["face_up"]:
        return Text(f"({label})", style="dim strike")
    return Text(label + (" ⛨" if card["protected"] else ""), style=STYLE[colour] + " reverse")


def _ground(g: int, ground: dict[str, Any], n: int, words: Words) -> Panel:
    buffalo = " + ".join(f"{b['value']}" for b in ground["buffalo"]) or "—"
    table = Table(show_header=False, box=None, padding=(0, 1))
    for seat in range(n):
        colour = SEAT_COLOURS[seat]
        lane = (Text(" ").join([_card(c, words) for c in ground["lanes"][seat]]) if ground["lanes"][seat]
                else Text("·"))
        table.add_row(Text(f"{MARK[colour]} {_seat(seat, words)}", style=STYLE[colour]),
                      Text(str(ground["hunter_totals"][seat]), style="dim"), lane)
    ctrl = ground["controller"]
    title = _say(words, _("Ground {ground}: buffalo {buffalo}", ground=g + 1, buffalo=buffalo))
    subtitle = _say(words, _("held by {seat}", seat=seat_word(ctrl)) if ctrl is not None
                    else _("no warrior holds it"))
    return Panel(table, title=title, subtitle=subtitle)


def _players(view: dict[str, Any], words: Words) -> Table:
    heads = [N_("seat"), N_("score"), N_("buffalo"), N_("prisoners"), N_("pelt robbers"), N_("hand"), N_("pile"),
             N_("played")]
    scores = Table(title=_say(words, _("Players")), padding=(0, 1, 0, 0))  # narrow: 80 columns hold it
    for head in (_say(words, h) for h in heads):
        scores.add_column(head, min_width=len(head))  # a heading is whole ("Fellräuber", not "Fellräu…")
    for p in view["players"]:
        colour = p["colour"]
        mark = " ◀" if p["seat"] in view["header"]["acting"] else ""
        scores.add_row(Text(f"{MARK[colour]} {_seat(p['seat'], words)}{mark}", style=STYLE[colour]), str(p["score"]),
                       " ".join(map(str, p["buffalo"])) or "—", str(p["prisoners"]), str(p["pelt_robbers"]),
                       str(p["hand_size"]), str(p["pile_size"]), str(p["played"]))
    return scores


def _report(last: dict[str, Any], words: Words) -> list[RenderableType]:
    heads = [N_("ground"), N_("buffalo won"), N_("to the box"), N_("held by"), N_("prisoners")]
    report = Table(*(_say(words, h) for h in heads), title=_say(words, _("Hunt {hunt} scores", hunt=last["hunt"])))
    for g, res in enumerate(last["grounds"]):
        won = ", ".join(f"{_seat(w['seat'], words)} {w['value']}" for w in res["buffalo_won"]) or "—"
        ctrl = res["controller"]
        report.add_row(str(g + 1), won, " ".join(map(str, res["buffalo_lost"])) or "—",
                       _seat(ctrl, words) if ctrl is not None else "—", str(res["prisoners"]))
    robbers = words.join([_seat(s, words) for s in last["pelt_robbers"]]) or _say(words, _("nobody"))
    return [report, Text(_say(words, _("Pelt robber (most hunters played): {seats}", seats=robbers)))]


def render(view: dict[str, Any], seat: int | None, words: Words = ENGLISH) -> RenderableType:
    n = view["header"]["num_players"]
    parts: list[RenderableType] = []
    phase = _say(words, PHASES.get(view["stage"], view["stage"]))
    parts.append(Text(_say(words, _("Hunt {hunt} of {hunts} — {phase} — dealer {seat}", hunt=view["hunt"],
                                    hunts=view["hunts"], phase=phase, seat=seat_word(view["dealer"]))),
                      style="bold"))
    parts.append(Columns([_ground(g, ground, n, words) for g, ground in enumerate(view["grounds"])]))
    parts.append(_players(view, words))
    last = view["last_hunt"]
    if last is not None and view["stage"] in ("score", "over"):
        parts.extend(_report(last, words))
    you = view["you"]
    if you is not None:
        colour = SEAT_COLOURS[you["seat"]]
        lines = [Text(_say(words, _("You are {seat}.", seat=f"{MARK[colour]} {_seat(you['seat'], words)}")),
                      style=STYLE[colour])]
        if view["stage"] == "select":
            lines.append(Text(_say(words, _("Reserve: {cards}", cards=" ".join(you["reserve"])))))
            lines.append(Text(_say(words, _("Chosen {have} / {need}: {cards}", have=len(you["selection"]),
                                            need=you["must_pick"], cards=" ".join(you["selection"])))))
        else:
            hand = _say(words, _("Hand: {cards}", cards="  ".join(you["hand"]) or "—"))
            pile = _say(words, ngettext("pile: {n} card", "pile: {n} cards", you["pile_size"]))
            lines.append(Text(f"{hand}    {pile}"))
        parts.append(Panel(Group(*lines), border_style=STYLE[colour]))
    return Group(*parts)
