"""A tournament's course as data: the standings so far, the next round's slots, each game's points, and the
final places — from what the store holds (``store/tourney.py``), so that whichever process directs a
tournament (``tourney_director.py``) makes the same round from the same state. The rules are in
``docs/tournaments.md``; the pairings themselves are ``longhouse/tournaments``'.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from longhouse.store.tourney import Entrant, Game, Tournament
from longhouse.tournaments import knockout, round_robin, swiss
from longhouse.tournaments.points import BYE, result_keys, table_points
from longhouse.tournaments.standings import Played, Row, standings

FORMATS = ("swiss", "round_robin", "knockout")


def seeded(entrants: Sequence[Entrant]) -> list[Entrant]:
    """Those who play, in seed order."""
    return sorted((e for e in entrants if e.seed is not None), key=lambda e: e.seed or 0)


def active(entrants: Sequence[Entrant]) -> list[int]:
    return [e.user_id for e in seeded(entrants) if not e.removed]


def rounds_for(t: Tournament, order: Sequence[int], least: int = 2) -> int:
    """How many rounds a tournament of the players ``order`` (seeded) plays: a Swiss its chosen number (at
    most one fewer than there are players), a round robin and a knock-out as many as they need."""
    players = len(order)
    if t.format == "round_robin":
        return round_robin.rounds_needed(order, t.table_size, least)
    if t.format == "knockout":
        return knockout.rounds_needed(players)
    return max(1, min(t.rounds, players - 1))


def _byes_had(games: Sequence[Game]) -> dict[int, int]:
    out: dict[int, int] = {}
    for g in games:
        if g.bye:
            out[g.players[0]] = out.get(g.players[0], 0) + 1
    return out


def game_points(result: dict[str, Any], players: Sequence[int], forfeits: Sequence[int]) -> dict[str, Any]:
    """What a finished table's result gives each of its players (in seat order): points for the place
    (forfeits last), the score, the winners (seats)."""
    seats = [i for i, p in enumerate(players) if p in forfeits]
    keys = result_keys(result, len(players), seats)
    scores = [float(s) for s in (result.get("scores") or [0] * len(players))]
    return {"points": table_points(keys), "scores": scores, "winners": list(result.get("winners") or []),
            "abandoned": bool(result.get("abandoned"))}


def played(games: Sequence[Game]) -> tuple[list[Played], list[tuple[int, int, float]]]:
    """The finished tables and byes of ``games``."""
    tables, byes = [], []
    for g in games:
        if g.result is None:
            continue
        if g.bye:
            byes.append((g.round, g.players[0], float(g.result["points"][0])))
        else:
            tables.append(Played(g.round, g.players, [float(x) for x in g.result["points"]],
                                 [float(x) for x in g.result["scores"]], list(g.forfeits)))
    return tables, byes


def table_of(t: Tournament, entrants: Sequence[Entrant], games: Sequence[Game]) -> list[Row]:
    """The standings (Swiss and round robin; for a knock-out too, as a record of points) of the seeded."""
    tables, byes = played(games)
    return standings([e.user_id for e in seeded(entrants)], tables, byes)


def winner_of(g: Game, seeds: dict[int, int]) -> int:
    """Who goes on from a knock-out slot: the bye's player, or the table's winner."""
    if g.bye or len(g.players) == 1:
        return g.players[0]
    assert g.result is not None
    seats = [i for i, p in enumerate(g.players) if p in g.forfeits]
    return knockout.winner(g.players, g.result.get("winners") or [], g.result.get("scores") or [], seeds, seats)


def next_slots(t: Tournament, entrants: Sequence[Entrant], games: Sequence[Game], least: int) -> list[list[int]]:
    """The next round's slots (a table's players in seat order, or one player: a bye); empty when the
    tournament is over."""
    number = t.round + 1
    playing = set(active(entrants))
    order = [e.user_id for e in seeded(entrants)]
    if number > t.rounds:
        return []
    if t.format == "swiss":
        ranked = [r.player for r in table_of(t, entrants, games) if r.player in playing]
        met = swiss.met_pairs(g.players for g in games if not g.bye)
        done = swiss.pair(ranked, t.table_size, met, _byes_had(games), least)
        return [*done.tables, *[[b] for b in done.byes]]
    if t.format == "round_robin" and t.table_size > 2:  # round by round, from the meetings so far
        here = [p for p in order if p in playing]
        met = swiss.met_pairs(g.players for g in games if not g.bye)
        if round_robin.everyone_met(here, met):
            return []
        done = round_robin.next_round(here, t.table_size, met, _byes_had(games), least)
        return [*done.tables, *[[b] for b in done.byes]]
    if t.format == "round_robin":
        planned = round_robin.schedule(order)[number - 1]
        slots: list[list[int]] = []
        for table in planned.tables:
            here = [p for p in table if p in playing]
            slots.extend([here] if len(here) == 2 else [[p] for p in here])
        return slots + [[p] for p in planned.byes if p in playing]
    # knock-out
    if number == 1:
        return knockout.first_round([p for p in order if p in playing])
    seeds = {e.user_id: e.seed or 0 for e in entrants}
    last = [g for g in games if g.round == t.round]
    going = [winner_of(g, seeds) for g in last]
    going = [p for p in going if p in playing]
    return knockout.next_round(going) if len(going) > 1 else []


def round_end(t: Tournament, started: float) -> float | None:
    """When a round that starts at ``started`` ends: a turn-based tournament's, the time between rounds later
    (its unfinished games are then decided: ``decided_result``); None: a round lasts until its last game ends."""
    return started + t.round_every if t.pace == "turn_based" and t.round_every > 0 else None


def decided_result(result: dict[str, Any]) -> dict[str, Any]:
    """The result of a game its round's end decides (``result``: the game's scores so far, as
    ``engine.records.result_of`` gives them): the best score so far wins (equal best scores share the win),
    the others follow by score, and it is rated like a game a resignation ended."""
    scores = [float(x) for x in result.get("scores") or []]
    best = max(scores, default=0.0)
    return {**result, "winners": [seat for seat, x in enumerate(scores) if x == best], "round_end": True}


def bye_result() -> dict[str, Any]:
    return {"bye": True, "points": [BYE], "scores": [0.0]}


def final_places(t: Tournament, entrants: Sequence[Entrant],
                 games: Sequence[Game]) -> tuple[dict[int, int], int | None]:
    """Every seeded player's final place (1: the champion) and the champion."""
    rows = table_of(t, entrants, games)
    removed = {e.user_id for e in entrants if e.removed}
    if t.format == "knockout":
        seeds = {e.user_id: e.seed or 0 for e in entrants}
        reached = {r.player: 0 for r in rows}
        for g in games:
            for p in g.players:
                reached[p] = max(reached.get(p, 0), g.round)
        last = max((g.round for g in games), default=0)
        final = [g for g in games if g.round == last]
        champion = winner_of(final[0], seeds) if len(final) == 1 and final[0].result is not None else None
        if champion is not None:
            reached[champion] = last + 1
        ordered = sorted(reached, key=lambda p: (p in removed, -reached[p], seeds.get(p, 0)))
    else:
        ordered = sorted((r.player for r in rows), key=lambda p: (p in removed, [r.player for r in rows].index(p)))
        champion = ordered[0] if ordered and ordered[0] not in removed else None
    return {p: i + 1 for i, p in enumerate(ordered)}, champion
