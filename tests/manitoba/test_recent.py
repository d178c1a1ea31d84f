"""The board's record of what just happened (recent.py) on made-up actions: forgetting older rounds changes
nothing the board reads, even when a scoring goes on into a later round (which Manitoba's rules never do, but
which a record read mid-scoring sees too)."""

from __future__ import annotations

import copy
from types import SimpleNamespace
from typing import Any

from longhouse.games.manitoba import recent
from longhouse.games.manitoba.state import ManitobaState


def _fresh(n: int) -> Any:
    return SimpleNamespace(n=n, season=1, round_no=1, score=[0] * n, marks=[[] for _ in range(n)], mark_seat=-1,
                           tally=None, scoring=None, ended_round=None, ended_scoring=recent.NO_SCORING, unfolded=[],
                           unfolded_round=1, unfolded_scoring=recent.NO_SCORING, events=[])


def _act(st: Any, seat: int, *events: tuple[str, dict[str, Any]], points: int = 0, new_round: bool = False) -> None:
    """One action of ``seat``: its events logged as the state logs them, then noted."""
    st.events = []
    st.score[seat] += points
    for kind, data in events:
        ManitobaState.log(st, kind, kind, **data)
    if new_round:
        st.round_no += 1
        ManitobaState.log(st, "round", "round", round=st.round_no)
    recent.note(st, seat, st.events)


def _read(st: Any) -> tuple[Any, Any]:
    view = copy.copy(st)
    recent.settle(view)
    return view.marks, view.tally


def test_scoring_events_going_on_from_an_older_round_and_stale_moves_are_kept_when_rounds_are_forgotten() -> None:
    never, every = _fresh(2), _fresh(2)
    script: list[tuple[int, tuple[tuple[str, dict[str, Any]], ...], int, bool]] = [
        (0, (("place", {"seat": 0, "area": 1}),), 0, False),
        (1, (("place", {"seat": 1, "area": 2}),), 0, False),
        (0, (("scoring", {"tile": 3, "card": 3}), ("score", {"seat": 0, "good": "bison", "pieces": 2, "points": 3})),
         3, True),
        # round 2: a scoring event with no scoring begun in this round; seat 1 takes no step
        (0, (("take_good", {"seat": 0, "good": "bison"}), ("cree_home", {"seat": 1, "count": 2})), 0, True),
        (0, (("place", {"seat": 0, "area": 4}),), 0, True),  # round 3
        (0, (("move", {"seat": 0, "from": 4, "to": 5}),), 0, True),  # round 4
        (0, (("pass", {"seat": 0}),), 0, False),
    ]
    for seat, events, points, new_round in script:
        for st in (never, every):
            _act(st, seat, *events, points=points, new_round=new_round)
        recent.settle(every)
        assert _read(never) == (every.marks, every.tally)
    marks, tally = _read(never)
    assert marks[1] == [{"kind": "place", "text": "place", "seat": 1, "area": 2}]  # seat 1's last move
    assert [r["cree_home"] for r in tally["rows"]] == [0, 2] and tally["scores"] == [3, 0]
    assert len(never.unfolded) + len(never.ended_round) + len(never.scoring) < len(script)  # some forgotten
