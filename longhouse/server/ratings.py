"""Ratings: one OpenSkill Plackett–Luce rating per game and registered player, derived from the archive.

A finished table is rated when at least two registered accounts sat at it when its game began; only those
accounts are rated, ranked among themselves (bots and guests take no part and change nobody's rating).
Ranks come from the result: the winners share the first rank, the others follow by score, equal scores
share a rank (ties as the model handles them); a player who resigned ranks below all who did not
(``resign.py``). Abandoned games, and games where hints were allowed, are not rated.

Only those who played the game are rated among themselves (``fairplay.py``: a person who made fewer than half
of their seat's moves, stand-in bots the rest, or who gave their seat up and let a bot move for it, did not).
One who did not play it forfeits it: rated last against those who did (the points of that rating are theirs
alone: nobody gains from an absent opponent), and not at all if nobody played it. A seat a bot finished after
its player's time ran out late in the game is still rated as that player's. A game from before these rules
(no outcomes stored) rates everyone who began it.

The ratings are a pure function of the archive taken in the order games finished: ``derive`` computes the
whole history, ``rebuild`` stores it afresh (the ``longhouse ratings rebuild`` command), and ``rate_finished``
adds one game's points when it ends — the same steps in the same order, so a rebuild gives the same numbers.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from openskill.models import PlackettLuce

from longhouse.store.fairplay import fair_beside
from longhouse.store.people import PeopleStore, PlayedTable, RatingPoint

MODEL = PlackettLuce()

Key = tuple[str, int]  # (game, user id)


def ranks(result: dict[str, Any], seats: list[int]) -> list[int]:
    """The rank of each of ``seats`` (0 best, equal for ties) from a result's winners and scores."""
    winners = set(result.get("winners") or [])
    scores = result.get("scores") or []
    resigned = list(result.get("resigned") or [])  # below everyone else; the first to resign lowest

    def key(seat: int) -> tuple[int, float]:
        if seat in resigned:
            return (2 + len(resigned) - resigned.index(seat), 0.0)
        score = scores[seat] if seat < len(scores) else 0
        return (0 if seat in winners else 1, -float(score))

    distinct = sorted({key(s) for s in seats})
    return [distinct.index(key(s)) for s in seats]


def rateable(table: PlayedTable, registered: set[int]) -> list[tuple[int, int]]:
    """The (seat, user id) pairs a finished table rates: empty unless two or more registered accounts."""
    if table.result.get("abandoned") or not table.result.get("scores") or table.options.get("hints"):
        return []
    pairs = [(seat, uid) for seat, uid in sorted(table.people.items()) if uid in registered]
    if len({uid for _, uid in pairs}) < 2 or len(pairs) != len({uid for _, uid in pairs}):
        return []
    return pairs


def rate_table(current: dict[Key, RatingPoint], table: PlayedTable, registered: set[int],
               judged: dict[int, bool] | None = None) -> list[RatingPoint]:
    """The rating points one finished table makes, given everyone's ratings before it and, per seat, whether
    its person played the game (``judged``; None: everyone did)."""
    pairs = rateable(table, registered)
    if not pairs:
        return []
    played = [(seat, uid) for seat, uid in pairs if judged is None or judged.get(seat, True)]
    absent = [(seat, uid) for seat, uid in pairs if (seat, uid) not in played]

    def before(uid: int) -> Any:
        point = current.get((table.game, uid))
        return MODEL.rating() if point is None else MODEL.rating(mu=point.mu, sigma=point.sigma)

    order = [float(r) for r in ranks(table.result, [seat for seat, _ in played])]
    after: dict[int, Any] = {}
    if len(played) >= 2:
        teams = MODEL.rate([[before(uid)] for _, uid in played], ranks=order)
        after.update((seat, team[0]) for (seat, _), team in zip(played, teams, strict=True))
    if absent and played:  # forfeits: last behind everyone who played, only their own points kept
        last = max(order) + 1
        teams = MODEL.rate([[before(uid)] for _, uid in played + absent], ranks=order + [last] * len(absent))
        after.update((seat, team[0]) for (seat, uid), team in zip(played + absent, teams, strict=True)
                     if (seat, uid) in absent)
    return [RatingPoint(table.game, uid, table.table_id, after[seat].mu, after[seat].sigma, table.finished)
            for seat, uid in pairs if seat in after]


def latest(points: Iterable[RatingPoint]) -> dict[Key, RatingPoint]:
    """Each player's current rating per game: their last point."""
    out: dict[Key, RatingPoint] = {}
    for p in points:
        out[(p.game, p.user_id)] = p
    return out


def derive(tables: Iterable[PlayedTable], registered: set[int],
           judged: dict[int, dict[int, bool]] | None = None) -> list[RatingPoint]:
    """The whole rating history of ``tables`` taken in the order given (oldest finished first); ``judged``:
    per table, per seat, whether its person played it (``FairStore.judged``; a table not in it: everyone did)."""
    current: dict[Key, RatingPoint] = {}
    history: list[RatingPoint] = []
    for table in tables:
        points = rate_table(current, table, registered, (judged or {}).get(table.table_id))
        for p in points:
            current[(p.game, p.user_id)] = p
        history.extend(points)
    return history


def _registered(store: PeopleStore, tables: Iterable[PlayedTable]) -> set[int]:
    return store.registered({uid for t in tables for uid in t.people.values()})


def rebuild(store: PeopleStore) -> list[RatingPoint]:
    """Recompute every rating from the archive and store the history afresh; returns it."""
    tables = store.all_played()
    history = derive(tables, _registered(store, tables), fair_beside(store).judged())
    store.replace_ratings(history)
    return history


def rate_finished(store: PeopleStore, table_id: int, people: dict[int, int] | None = None) -> list[RatingPoint]:
    """A table just finished: add its rating points (if it is rated) after everyone's current ratings.

    Most games (guests', games against bots) are not rated: who sat there (``people``, seat -> user id, as
    stored when the game began; looked up if not given) and which of them are accounts (remembered by the
    store) tell, before the finished table itself is read."""
    registered = store.registered(set((store.played_at(table_id) if people is None else people).values()))
    if len(registered) < 2:
        return []  # rateable() needs two registered accounts among the table's people
    table = next((t for t in store.played(limit=50) if t.table_id == table_id), None)
    if table is None:
        return []
    if not rateable(table, registered):
        return []
    current = {(table.game, uid): p for uid in table.people.values()
               for p in store.rating_history(table.game, uid)[-1:]}
    points = rate_table(current, table, registered, fair_beside(store).judged([table_id]).get(table_id))
    store.add_ratings(points)
    return points


def leaderboard(store: PeopleStore, game: str) -> list[dict[str, Any]]:
    """A game's rated players, best first: name, rating (ordinal), mu, sigma, rated games."""
    history = store.rating_history(game)
    counts: dict[int, int] = {}
    for p in history:
        counts[p.user_id] = counts.get(p.user_id, 0) + 1
    current = latest(history)
    names = store.names({uid for _, uid in current})
    rows = [{"name": names.get(uid, "?"), "rating": round(p.ordinal, 2), "mu": round(p.mu, 2),
             "sigma": round(p.sigma, 2), "games": counts[uid]} for (_, uid), p in current.items()]
    return sorted(rows, key=lambda r: (-r["rating"], r["name"]))
