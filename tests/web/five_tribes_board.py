"""How a browser test makes a Five Tribes move on the board: each engine action becomes the clicks (or taps)
a person would make — a tile, a track spot, a Djinn card's button, a market card, a meeple colour in the
chooser — never a button of the words fallback.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from longhouse.games.five_tribes import GAME, FTState
from longhouse.games.five_tribes import actions as A
from longhouse.games.five_tribes.board import STEP

BOARD = ".five-tribes"


def version(page: Any) -> int:
    return int(page.get_attribute(BOARD, "data-version") or -1)


def wait_moved(page: Any, before: int) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelector('{BOARD}')?.dataset.version) > {before}", timeout=15000)


def my_turn(page: Any) -> bool:
    return page.get_attribute(BOARD, "data-mine") == "yes"


def action_key(action: Any) -> str:
    """The action as the board writes it on a chooser's button (the server's JSON, compact)."""
    return json.dumps(GAME.action_to_json(action), separators=(",", ":"))


def _tile(t: int) -> str:
    return f"{BOARD} .ft-tile[data-tile='{t}']"


def steps_for(state: FTState, action: Any) -> list[str]:
    """The selectors to press, in order, to play ``action`` on the board (a chooser step is ``choice:``)."""
    choice = f"{BOARD} .ft-choice[data-action='{action_key(action)}']"
    if isinstance(action, A.Bid):
        if action.spot < 6:
            return [f"{BOARD} .ft-spot[data-spot='{action.spot}']", "?" + choice]
        return [f"{BOARD} .ft-spot.lit[data-spot='6'], {BOARD} .ft-spot.lit[data-spot='7'], "
                f"{BOARD} .ft-spot.lit[data-spot='8']", "?" + choice]
    if isinstance(action, A.Pick):
        return [_tile(action.tile)]
    if isinstance(action, A.Drop):
        here = state.mv_path[-1]
        return [_tile(STEP[here][action.direction]), "?" + choice]
    if isinstance(action, A.Fakirs):
        return [f"{BOARD} .ft-fakirs[data-count='{action.count}']"]
    if isinstance(action, A.Kill):
        if action.tile >= 0:
            return [_tile(action.tile), "?" + choice]
        return [f"{BOARD} .ft-pool-kill[data-seat='{action.seat}'][data-colour='{action.colour}']"]
    if isinstance(action, A.Place):
        return [_tile(action.tile), "?" + choice]
    if isinstance(action, A.Summon):
        return [f"{BOARD} .ft-summon[data-djinn='{action.djinn}'][data-pay='{action.pay}']"]
    if isinstance(action, A.Buy):
        first = f"{BOARD} .ft-market .ft-card.lit[data-card='{action.cards[0]}']"
        if len(action.cards) == 1:
            return [first]
        return [first, f"{BOARD} .ft-market .ft-card.lit:not(.chosen)[data-card='{action.cards[1]}']"]
    if isinstance(action, A.Power):
        button = f"{BOARD} .ft-power[data-djinn='{action.djinn}'][data-pay='{action.pay}']"
        return [button, _tile(action.tile)] if action.tile >= 0 else [button]
    if isinstance(action, A.Keep):
        return [f"{BOARD} .ft-keep-button[data-djinn='{action.djinn}']"]
    if isinstance(action, A.SuitCard):
        return [f"{BOARD} .ft-hand-cards .ft-card[data-card='{action.card}']"]
    if isinstance(action, A.Sell):
        return ["#ft-sell"]
    if isinstance(action, A.Skip):
        return ["#ft-skip"]
    if isinstance(action, A.EndTurn):
        return ["#ft-end"]
    raise AssertionError(f"no way to play {action!r} on the board")


def play_on_board(page: Any, state: FTState, action: Any, touch: bool = False,
                  shot: Callable[[str], None] | None = None) -> None:
    """Press what plays ``action`` (taps with ``touch``) and wait for the board's next state. ``shot(step)``
    is called before the step that opens a choice is answered (to photograph the chooser)."""
    before = version(page)
    steps = steps_for(state, action)
    for i, selector in enumerate(steps):
        optional = selector.startswith("?")
        selector = selector.lstrip("?")
        if optional:
            # a chooser appears only when one tile or spot offers several choices
            if version(page) > before or not page.locator(selector).count():
                continue
            if shot is not None:
                shot("choice")
        target = page.locator(selector).first
        target.wait_for(state="visible", timeout=5000)
        if touch:
            target.tap()
        else:
            target.click()
        if i < len(steps) - 1:
            page.wait_for_timeout(30)
    wait_moved(page, before)
