"""Round robin for two a table (``docs/tournaments.md``, "Round robin"): everyone meets everyone once.

The circle method (Berger tables): with an odd number of players a "nobody" joins, and whoever is paired
with it has the bye that round; player 0 stays put and the others turn one place each round. ``n`` players
play ``n - 1`` rounds (``n`` when ``n`` is odd); seats alternate so that everyone sits first about as often.
"""

from __future__ import annotations

from collections.abc import Sequence

from longhouse.tournaments.swiss import Round


def rounds_needed(n: int) -> int:
    return n - 1 if n % 2 == 0 else n


def schedule(players: Sequence[int]) -> list[Round]:
    """Every round of a round robin between ``players`` (in seeding order)."""
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    ring: list[int | None] = list(players)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    out = []
    for r in range(n - 1):
        tables: list[list[int]] = []
        byes: list[int] = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None or b is None:
                byes.extend(p for p in (a, b) if p is not None)
            else:
                tables.append([a, b] if (r + i) % 2 == 0 else [b, a])
        out.append(Round(tables, byes))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return out
