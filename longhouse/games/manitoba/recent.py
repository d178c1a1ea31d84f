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
only chains each applied action's events (with the season, round and scores of that moment, which the tally
keeps) onto ``st.unfolded``, and ``settle`` folds the chain when ``marks`` or ``tally`` are read. The chain
is immutable, so clones share it; a random playout never folds at all.
"""

from __future__ import annotations

from typing import Any, Protocol

from longhouse.engine.events import Event
from longhouse.games.manitoba import data as D
from longhouse.games.manitoba.texts import tile_json

JSON = dict[str, Any]


class Recent(Protocol):
    """The fields of a Manitoba state that ``fold`` reads and keeps (``ManitobaState`` has them)."""

    n: int
    season: int
    round_no: int
    score: list[int]
    marks: list[list[JSON]]
    mark_seat: int
    tally: JSON | None
    unfolded: Unfolded


#: Actions applied but not folded yet, newest first: (older, seat, events, season, round, scores after it).
Unfolded = tuple[Any, int, list[Event], int, int, tuple[int, ...]] | None


def note(st: Recent, seat: int, events: list[Event]) -> None:
    """Keep the events of one action of ``seat`` for the next ``settle`` (cheap: the rules' hot path)."""
    st.unfolded = (st.unfolded, seat, events, st.season, st.round_no, tuple(st.score))


def settle(st: Recent) -> None:
    """Fold every action noted since the last settle into ``st.marks`` and ``st.tally``, oldest first."""
    chain = st.unfolded
    if chain is None:
        return
    pending = []
    while chain is not None:
        pending.append(chain)
        chain = chain[0]
    for _, seat, events, season, round_no, score in reversed(pending):
        fold(st, seat, events, season, round_no, score)
    st.unfolded = None

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


def fold(st: Recent, seat: int, events: list[Event], season: int, round_no: int, score: tuple[int, ...]) -> None:
    """Update ``st.marks`` and ``st.tally`` with the events of one action of ``seat``, applied in ``season``
    and round ``round_no`` and leaving the scores ``score``."""
    if st.mark_seat != seat:
        st.marks = [*st.marks[:seat], [], *st.marks[seat + 1:]]
        st.mark_seat = seat
    mine: list[JSON] = []
    tally = st.tally
    changed = False
    for e in events:
        kind = e.kind
        if kind in TALLY_KINDS:
            tally = _tally(st.n, season, round_no, score, tally, e, changed)
            changed = True
        elif kind in MOVE_KINDS and e.data.get("seat") == seat:
            mine.append({"kind": kind, "text": e.text, **e.data})
    if mine:
        st.marks = [*st.marks[:seat], st.marks[seat] + mine, *st.marks[seat + 1:]]
    if changed:
        assert tally is not None
        tally["scores"] = list(score)
        st.tally = tally
    if any(e.kind == "round" for e in events):
        st.mark_seat = -1  # a new round: the next step of any seat begins a new move


def _row(tally: JSON, seat: int) -> JSON:
    rows: list[JSON] = tally["rows"]
    return rows[seat]


def _tally(n: int, season: int, round_no: int, score: tuple[int, ...], tally: JSON | None, e: Event,
           copied: bool) -> JSON:
    """The tally after one scoring event (a fresh copy the first time it changes in this fold)."""
    kind, data = e.kind, e.data
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
