"""What just happened, kept in the state for the board: each seat's last move and the last scoring.

``fold`` reads the events of one applied action (their ``kind`` and ``data``) and updates two fields of
the state, which the view shows:

- ``marks[seat]``: what that seat's last move did (Cree placed or moved, goods taken and stored, path
  steps, wampum uses), kept until the seat moves again — a move is every step a seat takes in a row
  within one round;
- ``tally``: the last scoring — a score tile's scoring (which good each seat scored, pieces, points),
  the end-of-season steps after it, or the final scoring (sacrifices, goods, wampum) — per seat, so the
  board can show it until the player has read it.

Both are built only from events, which are public in Manitoba, so they never carry a secret. Entries are
never changed once made (a new list or dict replaces them), so clones may share them.

Folding costs more than the rules of a move, and only the view and the snapshot read the result: so ``note``
only keeps each applied action's events (with, in a round that holds scoring events, the season, round and
scores of that moment, which the tally shows) in ``st.unfolded``, and ``settle`` folds what is pending when
``marks`` or ``tally`` are read; a random playout never folds a move.

A playout never reads the board either, so what is pending must stay small: holding every action of a game
until its end costs the garbage collector more than Manitoba's rules take (issue 9). So when an action ends
a round, the round's actions become ``st.ended_round`` and those of the round before it are dropped: a seat
that moved in the round just ended has begun a new move, so their marks are dead; the last move of a seat
that did not is folded into ``marks`` (rare), and if they hold a scoring, their actions from its first
scoring event on stay as ``st.scoring`` until the next scoring replaces them (``ManitobaState.log`` notes
which rounds hold scoring events, so finding them costs nothing). At most three rounds' actions are ever
kept, however long the game. ``ended_round`` and ``scoring`` are never changed, only replaced, so clones
share them; a clone copies ``unfolded``, the actions of the round under way.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Protocol

from longhouse.engine.events import Event
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba.texts import tile_json

JSON = dict[str, Any]

#: When a scoring event happened, for the tally: (season, round, scores after the action).
Moment = tuple[int, int, tuple[int, ...]]
#: One applied action, not folded yet: (seat, events, moment); the moment is kept only in a round that holds
#: a scoring event (``unfolded_scoring``), the only events that read it.
Entry = tuple[int, list[Event], Moment | None]


class Recent(Protocol):
    """The fields of a Manitoba state that ``fold`` reads and keeps (``ManitobaState`` has them)."""

    n: int
    season: int
    round_no: int
    score: list[int]
    marks: list[list[JSON]]
    mark_seat: int
    tally: JSON | None
    scoring: list[Entry] | None
    ended_round: list[Entry] | None
    ended_scoring: int
    unfolded: list[Entry]
    unfolded_round: int
    unfolded_scoring: int


def note(st: Recent, seat: int, events: list[Event]) -> None:
    """Keep the events of one action of ``seat`` for the next ``settle`` (cheap: the rules' hot path, where
    ``ManitobaPlay._apply`` writes it out)."""
    st.unfolded.append((seat, events, moment_of(st) if st.unfolded_scoring else None))
    if st.round_no != st.unfolded_round:
        end_round(st)  # this action began a new round


def moment_of(st: Recent) -> Moment:
    return st.season, st.round_no, tuple(st.score)


def settle(st: Recent) -> None:
    """Fold every action noted since the last settle into ``st.marks`` and ``st.tally``, oldest first."""
    if st.scoring is not None:
        _fold_tally(st, st.scoring)
        st.scoring = None
    if st.ended_round is not None:
        _fold(st, st.ended_round)
        st.ended_round, st.ended_scoring = None, NO_SCORING
    if st.unfolded:
        _fold(st, st.unfolded)
        st.unfolded, st.unfolded_scoring = [], NO_SCORING


def _fold(st: Recent, entries: list[Entry]) -> None:
    for seat, events, moment in entries:
        fold(st, seat, events, moment)


def end_round(st: Recent) -> None:
    """The last action noted ended a round: the round's actions become ``ended_round``, and the round before
    it is dropped, once what it still shows is kept."""
    ended, ended_scoring = st.ended_round, st.ended_scoring
    later = st.ended_round = st.unfolded
    st.ended_scoring = st.unfolded_scoring
    st.unfolded, st.unfolded_scoring, st.unfolded_round = [], NO_SCORING, st.round_no
    if ended is None:
        return
    if ended_scoring:
        # the actions from the round's first scoring event on (the only ones that have a moment)
        scored = [entry for entry in ended if entry[2] is not None]
        if ended_scoring == SCORING_BEGUN:
            st.scoring = scored  # a new scoring: an older one is dead
        else:
            # a scoring begun before: in an older round, or before the board was last read
            st.scoring = (st.scoring or []) + scored
    # a seat that moved in the round just ended has begun a new move; one that did not keeps its last move
    moved = set(map(_SEAT, later))
    if len(moved) < st.n:
        stale = set(map(_SEAT, ended)).difference(moved)
        if stale:
            marks = st.marks[:]
            for seat in stale:
                marks[seat] = _last_move(st, ended, seat)
            st.marks = marks
    st.mark_seat = -1  # the last action of ``ended`` began a round


_SEAT = itemgetter(0)


def _fold_tally(st: Recent, entries: list[Entry]) -> None:
    """Fold only the scoring events of ``entries`` (oldest first) into ``st.tally``."""
    tally = st.tally
    fresh = False
    for _, events, moment in entries:
        changed = False
        for e in events:
            if e.kind in TALLY_KINDS:
                assert moment is not None
                tally = _tally(st.n, moment, tally, e, fresh)
                fresh = changed = True
        if changed:
            assert tally is not None and moment is not None
            tally["scores"] = list(moment[2])
    st.tally = tally


def _last_move(st: Recent, entries: list[Entry], seat: int) -> list[JSON]:
    """``seat``'s marks once ``entries`` (oldest first), which hold its last move, are folded."""
    last = max(i for i, entry in enumerate(entries) if entry[0] == seat)
    first = last
    while first > 0 and entries[first - 1][0] == seat and not _ends_round(entries[first - 1][1]):
        first -= 1
    marks = st.marks[seat] if first == 0 and st.mark_seat == seat else []
    return marks + [_mark(e) for entry in entries[first:last + 1] for e in entry[1] if _marks(e, seat)]


def _ends_round(events: list[Event]) -> bool:
    return any(e.kind == "round" for e in events)


def _marks(e: Event, seat: int) -> bool:
    """Whether the board marks ``e`` as part of ``seat``'s move."""
    return e.kind in MOVE_KINDS and e.data.get("seat") == seat


def _mark(e: Event) -> JSON:
    return {"kind": e.kind, "text": e.text, **e.data}


#: Events that belong to a seat's move (the board marks their areas, paths, sectors and places).
MOVE_KINDS = frozenset({
    "place", "move", "take_good", "store", "ceremony", "ceremony_complete", "wampum", "wampum_reactivate",
    "wampum_use", "vision", "shaman", "wake", "recall", "lose_feather", "pass", "totem", "good_lost", "points",
    "exempt", "solstice",
})
#: Events of a scoring (the tally).
TALLY_KINDS = frozenset({
    "scoring", "score", "skip_scoring", "cree_home", "season_end", "final_scoring", "sacrifice", "no_sacrifice",
    "wampum_points", "game_over",
})
#: The events that begin a scoring: the tally before them is gone.
TALLY_STARTS = frozenset({"scoring", "final_scoring"})
#: What ``unfolded_scoring`` says of a round's actions: no scoring event, scoring events (of a scoring begun
#: before them), a scoring begun (``ManitobaState.log`` sets it).
NO_SCORING, SCORING_EVENTS, SCORING_BEGUN = 0, 1, 2


def fold(st: Recent, seat: int, events: list[Event], moment: Moment | None) -> None:
    """Update ``st.marks`` and ``st.tally`` with the events of one action of ``seat`` (``moment``: its season
    and round and the scores it left, needed if it holds scoring events)."""
    if st.mark_seat != seat:
        st.marks = [*st.marks[:seat], [], *st.marks[seat + 1:]]
        st.mark_seat = seat
    mine: list[JSON] = []
    tally = st.tally
    changed = False
    for e in events:
        kind = e.kind
        if kind in TALLY_KINDS:
            assert moment is not None
            tally = _tally(st.n, moment, tally, e, changed)
            changed = True
        elif kind in MOVE_KINDS and e.data.get("seat") == seat:
            mine.append(_mark(e))
    if mine:
        st.marks = [*st.marks[:seat], st.marks[seat] + mine, *st.marks[seat + 1:]]
    if changed:
        assert tally is not None and moment is not None
        tally["scores"] = list(moment[2])
        st.tally = tally
    if _ends_round(events):
        st.mark_seat = -1  # a new round: the next step of any seat begins a new move


def _row(tally: JSON, seat: int) -> JSON:
    rows: list[JSON] = tally["rows"]
    return rows[seat]


def _tally(n: int, moment: Moment, tally: JSON | None, e: Event, copied: bool) -> JSON:
    """The tally after one scoring event (a fresh copy the first time it changes in this fold)."""
    kind, data = e.kind, e.data
    season, round_no, score = moment
    if kind == "scoring" or kind == "final_scoring":
        tile = data.get("tile")
        return {
            "kind": "final" if kind == "final_scoring" else "tile",
            "season": D.SEASONS[season],
            "round": round_no,
            "card": data.get("card"),
            "tile": tile_json(tile) if isinstance(tile, int) else None,
            "season_end": False,
            "rows": [{"seat": s, "scored": [], "skipped": [], "sacrificed": [], "cree_home": 0, "wampum": 0}
                     for s in range(n)],
            "scores": list(score),
        }
    if tally is None:
        tally = {"kind": "none", "season": D.SEASONS[season], "round": round_no, "card": None,
                 "tile": None, "season_end": False, "rows": [], "scores": list(score)}
    elif not copied:
        tally = {**tally, "rows": [{**r, "scored": r["scored"][:], "skipped": r["skipped"][:],
                                    "sacrificed": r["sacrificed"][:]} for r in tally["rows"]]}
    seat = data.get("seat")
    if kind == "season_end":
        tally["season_end"] = True
    elif not isinstance(seat, int) or not tally["rows"]:
        return tally
    elif kind == "score":
        _row(tally, seat)["scored"].append({"good": data["good"], "pieces": data["pieces"], "points": data["points"]})
    elif kind == "skip_scoring":
        _row(tally, seat)["skipped"].append(data.get("good"))
    elif kind == "sacrifice":
        _row(tally, seat)["sacrificed"].append(data["good"])
    elif kind == "cree_home":
        _row(tally, seat)["cree_home"] += int(data.get("count", 1))
    elif kind == "wampum_points":
        _row(tally, seat)["wampum"] = data["points"]
    return tally
