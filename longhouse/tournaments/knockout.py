"""Knock-out for two a table (``docs/tournaments.md``, "Knock-out").

The players are seeded (best first); the bracket has the next power of two of places, and the first round
gives the top seeds the byes. Seeds meet as in tennis: 1 and 2 only in the final, 1 plays the lowest seed
first. Each table's winner goes on; a draw goes to the higher score, then to the higher seed. Standings:
by the round reached (the champion first, then the final's loser, the semi-finals' losers ...), then seed.
"""

from __future__ import annotations

from collections.abc import Sequence

from longhouse.tournaments.swiss import Round


def bracket_order(places: int) -> list[int]:
    """The seed numbers (0-based) in bracket order for ``places`` (a power of two): neighbours meet first."""
    order = [0]
    while len(order) < places:
        total = len(order) * 2
        order = [s for seed in order for s in (seed, total - 1 - seed)]
    return order


def rounds_needed(n: int) -> int:
    return max(0, (n - 1).bit_length())


def first_round(seeded: Sequence[int]) -> list[list[int]]:
    """The first round's slots in bracket order: a table of two seeds, or one seed alone (a bye)."""
    n = len(seeded)
    if len(set(seeded)) != n:
        raise ValueError("a player is listed twice")
    if n == 1:
        return [list(seeded)]
    places = 1 << rounds_needed(n)
    order = bracket_order(places)
    slots = []
    for i in range(0, places, 2):
        slot = [seeded[s] for s in (order[i], order[i + 1]) if s < n]
        if slot:
            slots.append(slot)
    return slots


def next_round(advancing: Sequence[int]) -> list[list[int]]:
    """The next round's slots from those who go on, in bracket order: each pair of neighbours meets."""
    return [list(advancing[i:i + 2]) for i in range(0, len(advancing), 2)]


def as_round(slots: Sequence[Sequence[int]]) -> Round:
    return Round([list(s) for s in slots if len(s) == 2], [s[0] for s in slots if len(s) == 1])


def winner(table: Sequence[int], winners: Sequence[int], scores: Sequence[float], seeds: dict[int, int],
           forfeits: Sequence[int] = ()) -> int:
    """Who goes on from a two-player table: the winner; on a draw the higher score, then the higher seed
    (a forfeit loses to one who did not)."""
    def key(seat: int) -> tuple[int, int, float, int]:
        return (seat in forfeits, seat not in winners, -float(scores[seat]) if seat < len(scores) else 0.0,
                seeds.get(table[seat], 0))
    return table[min(range(len(table)), key=key)]
