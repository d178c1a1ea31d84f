"""Manitou evaluation: the running score plus what the current hunt is likely to bring.

Read only from ``view(seat)`` (public board + the seat's own cards), so it never uses more than that
seat may know. For every seat it projects the points of the hunt in progress:

* **Buffalo, per ground**: each seat's chance of the highest and of the second-highest hunter total
  is a softmax of the current totals, with a temperature that shrinks as the hunt's plays run out;
  the expected buffalo follow (highest takes the better card, second the other).
* **Warrior control**: the controller of a ground expects to capture every opponent card lying there
  (1 point each), discounted by how secure its control is (one or two face-up warriors, and whether
  opponents still have plays left). A captured card is also lost to its owner for the later hunts.
* **Pelt-robber risk**: the seat with the highest hunter total over all grounds takes −10; each seat's
  chance of that is again a softmax of the totals.

During the selection the seat's own picks are valued with a small table of card strengths (others are
assumed average). The projected totals become per-seat values with ``margin_values`` (a logistic of
the lead over the best other seat).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from longhouse.bots.evaluation import by_projection, leaf_scored

HUNTS = 3
PLAYS_PER_HUNT = 7
PELT_ROBBER = 10.0
#: Points of lead worth about 73% (a logistic's scale).
SCALE = 12.0
#: What losing one card as a prisoner costs its owner per hunt still to come.
CARD_LOSS_PER_HUNT = 0.6
#: Selection values: a hunter is worth a share of its strength, warriors a fixed amount.
WARRIOR_PICK = {"C": 4.5, "M": 3.2, "R": 3.2, "S": 3.2, "Q": 2.4}
HUNTER_PICK = 0.45
SECOND_COPY = 0.7
AVERAGE_PICK = 3.0
PICK_WEIGHT = 0.5


def _softmax(xs: Sequence[float], temperature: float) -> list[float]:
    top = max(xs)
    weights = [math.exp((x - top) / temperature) for x in xs]
    total = sum(weights)
    return [w / total for w in weights]


def selection_value(selection: Sequence[str]) -> float:
    """How good a hunting party's cards are, in rough points."""
    value = 0.0
    seen: dict[str, int] = {}
    for code in selection:
        if code.isdigit():
            value += HUNTER_PICK * int(code)
        else:
            value += WARRIOR_PICK[code] * (SECOND_COPY if seen.get(code) else 1.0)
            seen[code] = seen.get(code, 0) + 1
    return value


def _ground_points(ground: dict[str, Any], n: int, remaining: list[int], hunts_left: int) -> list[float]:
    points = [0.0] * n
    totals = ground["hunter_totals"]
    values = [b["value"] for b in ground["buffalo"]]
    left = sum(remaining)
    temperature = 0.6 + 1.6 * left / n
    first = _softmax(totals, temperature)
    if values:
        for s in range(n):
            points[s] += first[s] * values[0]
    if len(values) > 1:
        for j in range(n):
            others = [s for s in range(n) if s != j]
            second = _softmax([totals[s] for s in others], temperature)
            for s, p in zip(others, second, strict=True):
                points[s] += first[j] * p * values[1]
    controller = ground["controller"]
    if controller is not None:
        lanes = ground["lanes"]
        face_up = sum(1 for card in lanes[controller] if card["kind"] == "warrior" and card["face_up"])
        threatened = sum(r for s, r in enumerate(remaining) if s != controller)
        security = 1.0 if threatened == 0 else (0.85 if face_up >= 2 else 0.6)
        for s in range(n):
            if s != controller:
                cards = len(lanes[s])
                points[controller] += security * cards
                points[s] -= security * cards * CARD_LOSS_PER_HUNT * hunts_left
    return points


def projected_points(view: dict[str, Any]) -> list[float]:
    """Each seat's running score plus the expected points of the hunt in progress."""
    n = view["header"]["num_players"]
    players = view["players"]
    projected = [float(p["score"]) for p in players]
    phase = view["stage"]
    hunts_left = HUNTS - view["hunt"]
    if phase == "hunt":
        remaining = [max(0, PLAYS_PER_HUNT - p["played"]) for p in players]
        for ground in view["grounds"]:
            for s, pts in enumerate(_ground_points(ground, n, remaining, hunts_left)):
                projected[s] += pts
        overall = [float(p["hunter_total"]) for p in players]
        robber = _softmax(overall, 1.0 + 1.5 * sum(remaining) / n)
        for s in range(n):
            projected[s] -= PELT_ROBBER * robber[s]
    elif phase == "select":
        you = view["you"]
        for s, p in enumerate(players):
            if you is not None and s == you["seat"]:
                projected[s] += PICK_WEIGHT * selection_value(you["selection"])
            else:
                projected[s] += PICK_WEIGHT * AVERAGE_PICK * p["selected"]
    return projected


evaluate = by_projection(lambda state, seat: projected_points(state.view(seat)), SCALE)
#: Search tuning per seat count (see ``Tuning``).
TUNING = leaf_scored()
