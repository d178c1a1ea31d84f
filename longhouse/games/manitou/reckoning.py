"""The reckoning at the end of a hunt (docs/rules/manitou-data.md §6): pelt robbers, buffalo, prisoners."""

from __future__ import annotations

from dataclasses import dataclass, field

from longhouse.games.manitou.data import CODES
from longhouse.games.manitou.fights import Card
from longhouse.games.manitou.rulings import PELT_ROBBER_WHEN_ALL_ZERO


@dataclass(slots=True)
class GroundResult:
    """What one hunting ground gave."""

    buffalo_won: list[tuple[int, int]] = field(default_factory=list)  # (seat, value)
    buffalo_lost: list[int] = field(default_factory=list)  # values back to the box
    controller: int | None = None
    prisoners: int = 0  # opponent cards the controller captured
    captured: list[tuple[int, str]] = field(default_factory=list)  # (owner seat, code) leaving the game
    returned: list[tuple[int, str]] = field(default_factory=list)  # (owner seat, code) back to reserves


def pelt_robbers(hunter_totals: list[int]) -> list[int]:
    """Data §6.1: the seats with the highest total of hunters played this hunt (all of them on a tie)."""
    best = max(hunter_totals)
    if best == 0 and not PELT_ROBBER_WHEN_ALL_ZERO:
        return []
    return [seat for seat, total in enumerate(hunter_totals) if total == best]


def buffalo(values: list[int], totals: dict[int, int]) -> tuple[list[tuple[int, int]], list[int]]:
    """Data §6.2 on one ground. ``totals`` maps each seat with hunters there to its hunter total.

    Returns (won as (seat, value), lost values)."""
    ranked = sorted(values, reverse=True)
    if not totals:
        return [], ranked
    if len(totals) == 1:
        (seat,) = totals
        return [(seat, v) for v in ranked], []
    order = sorted(totals.values(), reverse=True)
    first, second = order[0], order[1]
    if first == second:
        return [], ranked
    winner = next(s for s, t in totals.items() if t == first)
    won = [(winner, ranked[0])]
    lost: list[int] = []
    if len(ranked) > 1:
        seconds = [s for s, t in totals.items() if t == second]
        if len(seconds) == 1:
            won.append((seconds[0], ranked[1]))
        else:
            lost.append(ranked[1])
        lost.extend(ranked[2:])
    return won, lost


#: Each card code's hunter strength, 0 for a warrior (read from a table: no test and no ``int`` per card).
_HUNTER_STRENGTH: dict[str, int] = {code: int(code) if code.isdigit() else 0 for code in CODES}


def hunter_totals_on(cards: list[Card], num_players: int) -> list[int]:
    totals = [0] * num_players
    strength = _HUNTER_STRENGTH
    for card in cards:
        totals[card.seat] += strength[card.code]
    return totals


def score_ground(values: list[int], cards: list[Card], up: list[Card], num_players: int,
                 totals: list[int] | None = None) -> GroundResult:
    """Buffalo (§6.2) and prisoners (§6.3) of one ground; ``totals``: its ``hunter_totals_on``, if counted."""
    if totals is None:
        totals = hunter_totals_on(cards, num_players)
    won, lost = buffalo(values, {s: t for s, t in enumerate(totals) if t > 0})
    if up:
        controller = up[0].seat
        # comprehensions: cheaper than appends in a loop (Python 3.11)
        captured = [(card.seat, card.code) for card in cards if card.seat != controller]
        returned = [(card.seat, card.code) for card in cards if card.seat == controller]
        return GroundResult(won, lost, controller, len(captured), captured, returned)
    return GroundResult(won, lost, None, 0, [], [(card.seat, card.code) for card in cards])
