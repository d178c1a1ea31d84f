"""The task stack that drives a Manitoba game.

The state keeps a stack of pending tasks ``(kind, seat, x, y, z)`` (ints only; the top is the last).
An automatic task is carried out as soon as it reaches the top; a decision task waits for its seat's
action. Follow-up tasks are pushed on top, so that they are done before anything below them — this is
how "immediately" in the rulebook is kept (a good is stored before the next action, a player's scoring
with its refill is finished before the next player scores).
"""

from __future__ import annotations

Task = tuple[int, int, int, int, int]

(
    SOL_GOODS, SOL_AREA, SOL_PATH, SOL_DONE, TOTEM, ACTIVE, PASSIVE, GOOD, FEATHER, CHOOSE, REPEAT, RELOCATE,
    EV_VISION, EV_MOVE, EV_RECALL, EV_GOOD, EV_FEATHER, EV_AUTO, EV_WAKE, SCORE, REFILL, ROUND_END, ADVANCE,
    SEASON_END, WAKE_ALL, FINAL_START, FINAL_SEAT, FINAL, GAME_END, OFFER, CERE_STORE,
) = range(31)

NAMES = (
    "solstice_goods", "solstice_area", "solstice_path", "solstice_done", "totem", "active", "passive", "good",
    "feather", "choose_good", "shaman_repeat", "warrior_relocate", "event_vision", "event_move", "event_recall",
    "event_good", "event_lose_feather", "event_points", "event_wake", "score", "refill", "round_end", "advance",
    "season_end", "wake_all", "final_start", "final_seat", "final_choice", "game_end", "optional_bonus",
    "ceremony_store",
)

AUTOMATIC = frozenset({SOL_GOODS, SOL_DONE, EV_AUTO, EV_WAKE, ROUND_END, ADVANCE, SEASON_END, WAKE_ALL,
                       FINAL_START, FINAL_SEAT, GAME_END, CERE_STORE})

#: Bits of the ``used`` field of an ACTIVE task.
USED_TERRITORY, USED_VISION, USED_WAKE = 1, 2, 4
#: What an OFFER task offers (its ``x``): a bonus the seat may decline, when a ruling makes it a choice
#: (rulings WAKE_BONUS_AUTOMATIC, REACTIVATE_AUTOMATIC).
OFFER_WAKE, OFFER_REACTIVATE = 0, 1


def task(kind: int, seat: int = -1, x: int = -1, y: int = -1, z: int = 0) -> Task:
    return (kind, seat, x, y, z)
