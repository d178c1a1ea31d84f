"""How the Five Tribes browser test chooses its moves (it then makes them only by clicks on the board).

The person at the table aims at the three things the test must see happen: a Djinn power used, an Assassin
kill and a market purchase. At the start of each of its turns it looks ahead through the whole turn (every
meeple move, then the tribe and tile decisions) on a copy of the game, and follows the line that reaches the
most goals still missing; once every goal is reached it plays the shortest sensible turn, so that the game
ends soon.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from longhouse.games.five_tribes import FTState
from longhouse.games.five_tribes import actions as A
from longhouse.games.five_tribes.state import PHASE_NAMES
from tests.five_tribes.helpers import LAYOUT as FIXED_LAYOUT

GOALS = ("djinn", "kill", "buy")
#: How many positions the look-ahead may visit in one turn (it stays well under a second).
BUDGET = 6000


def goal_of(action: Any) -> str | None:
    if isinstance(action, A.Power):
        return "djinn"
    if isinstance(action, A.Kill):
        return "kill"
    if isinstance(action, A.Buy):
        return "buy"
    return None


@dataclass
class Planner:
    seat: int
    done: set[str] = field(default_factory=set)
    plan: list[Any] = field(default_factory=list)

    def choose(self, state: FTState) -> Any:
        """The next action for ``seat`` (its turn, or its bid)."""
        legal = state.legal_actions(self.seat)
        if self.plan and self.plan[0] in legal:
            return self.plan.pop(0)
        self.plan = []
        if isinstance(legal[0], A.Bid):
            return self._bid(state, legal)
        missing = [g for g in GOALS if g not in self.done]
        if missing:
            line = self._search(state, missing)
            if line:
                self.plan = line[1:]
                return line[0]
        return self._plain(legal)

    def played(self, action: Any) -> None:
        goal = goal_of(action)
        if goal is not None:
            self.done.add(goal)

    # --- simple choices ------------------------------------------------------------------------------------

    def _bid(self, state: FTState, legal: list[Any]) -> Any:
        # Play first in the first round (the fixture's Sacred Place is waiting), later bid nothing.
        paid = [a for a in legal if a.spot < 6 and a.fakirs == 0]
        if state.round == 0 and paid:
            return paid[0]
        zero = [a for a in legal if a.spot == 6]
        return zero[0] if zero else legal[-1]

    def _plain(self, legal: list[Any]) -> Any:
        for kind in (A.Pick, A.Drop, A.Fakirs, A.Kill, A.Place, A.Keep, A.Sell):
            for a in legal:
                if isinstance(a, kind):
                    return a
        for a in legal:
            if isinstance(a, (A.Skip, A.EndTurn)):
                return a
        return legal[0]

    # --- the look-ahead ------------------------------------------------------------------------------------

    def _search(self, state: FTState, missing: list[str]) -> list[Any]:
        best: tuple[int, list[Any]] = (0, [])
        seat = self.seat
        budget = [0]

        def score(line: list[Any]) -> int:
            hit = {goal_of(a) for a in line} & set(missing)
            # the Djinn first: it takes a Sacred Place and Elders, which the fixture offers on the first turn
            return sum(250 if g == "djinn" else 100 for g in hit) - len(line)

        def finish(line: list[Any]) -> None:
            nonlocal best
            value = score(line)
            if value > best[0]:
                best = (value, line)

        def walk(st: FTState, line: list[Any]) -> None:
            if budget[0] <= 0 or len(line) > 16:
                return
            budget[0] -= 1
            if st.is_over() or st.acting() != (seat,) or PHASE_NAMES[st.phase] == "bid":
                finish(line)
                return
            legal = st.legal_actions(seat)
            if (PHASE_NAMES[st.phase] in ("free", "pick") and line
                    and not any(isinstance(a, (A.Power, A.Pick)) for a in legal)):
                finish(line)  # the move is made and no power is usable: nothing more to reach this turn
                return
            for a in _worth_trying(legal):
                nxt = st.clone()
                nxt.apply(seat, a)
                walk(nxt, [*line, a])

        legal = state.legal_actions(seat)
        firsts = _worth_trying(legal)
        for a in firsts:  # an equal share of the look-ahead for each first step (each pick-up)
            budget[0] = BUDGET // len(firsts)
            nxt = state.clone()
            nxt.apply(seat, a)
            walk(nxt, [a])
        return best[1]


def _worth_trying(legal: list[Any]) -> list[Any]:
    """The actions the look-ahead follows: every move and goal; for the rest one representative."""
    out: list[Any] = []
    seen_kinds: set[type] = set()
    for a in legal:
        if isinstance(a, (A.Pick, A.Drop, A.Kill, A.Buy, A.Power, A.Summon, A.Keep)):
            out.append(a)
        elif isinstance(a, A.Fakirs):
            if a.count == 0:
                out.append(a)
        elif isinstance(a, (A.Skip, A.EndTurn, A.Place)) and type(a) not in seen_kinds:
            seen_kinds.add(type(a))
            out.append(a)
    return out


#: The table's set-up for the browser test: a fixed Sultanate where the first player can collect three Elders
#: on the Sacred Place b1 (picking up the lone Elder on c1), take a Djinn there and use its power at once;
#: Assassins and Markets wait in the first two rows; one meeple on each other tile, so that the game ends
#: after five to eight rounds (the others are in the bag).
LAYOUT = FIXED_LAYOUT
MEEPLES = [
    "YGB", "WW", "W", "WGB", "YBB", "WGB",
    "YGR", "GRR", "YWW", "WGG", "YWB", "YRR",
    "G", "W", "W", "W", "G", "Y",
    "Y", "W", "W", "Y", "Y", "Y",
    "W", "Y", "W", "Y", "W", "B",
]
DJINN_DECK = ["Enki", "Bouraq", "Anun-Nak"]


def setup() -> dict[str, Any]:
    from longhouse.games.five_tribes.data import DJINNS

    return {"tiles": LAYOUT, "meeples": MEEPLES, "bid_order": [0, 1, 2],
            "djinn_deck": DJINN_DECK + [d.name for d in DJINNS if d.name not in DJINN_DECK]}
