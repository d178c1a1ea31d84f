"""A tiny game used only by the server tests: hidden hands, a simultaneous choice, and an undo.

Each seat is dealt three secret cards from 1..12. In each of three rounds every seat picks one card at
the same time (it may take the pick back until everyone has picked); then the picks are revealed and the
highest card scores a point.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from longhouse.engine.errors import IllegalAction, SnapshotError
from longhouse.engine.events import Event
from longhouse.engine.rng import Rng
from longhouse.engine.state import Action, Game, State

ROUNDS = 3


class ToyGame(Game):
    name = "toy"
    title = "Toy"
    min_players = 2
    max_players = 4
    rules_version = "1"

    def new_state(self, num_players: int, seed: int, setup: Mapping[str, Any] | None = None) -> ToyState:
        self.check_players(num_players)
        rng = Rng(seed)
        deck = list(range(1, 13))
        rng.shuffle(deck)
        hands = [sorted(deck[i * ROUNDS:(i + 1) * ROUNDS]) for i in range(num_players)]
        return ToyState(num_players, hands, [None] * num_players, [0] * num_players, 0)

    def state_from_json(self, data: Mapping[str, Any]) -> ToyState:
        try:
            state = ToyState(data["n"], data["hands"], data["picks"], data["scores"], data["round"])
            state.shown = list(data["shown"])
            return state
        except (KeyError, TypeError) as exc:
            raise SnapshotError(str(exc)) from exc

    def action_to_json(self, action: Action) -> dict[str, Any]:
        assert isinstance(action, tuple)
        return {"type": "pick", "card": action[1]}

    def action_from_json(self, data: Any) -> Action:
        if (not isinstance(data, dict) or set(data) != {"type", "card"} or data["type"] != "pick"
                or isinstance(data["card"], bool) or not isinstance(data["card"], int)):
            raise IllegalAction(f"not a toy action: {data!r}"[:100])
        return ("pick", data["card"])

    def action_to_text(self, action: Action) -> str:
        assert isinstance(action, tuple)
        return f"+{action[1]}"

    def action_from_text(self, text: str) -> Action:
        if not text.startswith("+") or not text[1:].isdigit():
            raise IllegalAction(f"not a toy action: {text!r}")
        return ("pick", int(text[1:]))

    def max_actions(self, num_players: int) -> int:
        return ROUNDS * num_players * 4


class ToyState(State):
    game = ToyGame()

    def __init__(self, n: int, hands: list[list[int]], picks: list[int | None], scores: list[int],
                 round_: int) -> None:
        self.num_players = n
        self.hands = [list(h) for h in hands]
        self.picks = list(picks)
        self.points = list(scores)
        self.round = round_
        self.shown: list[int] = []

    def acting(self) -> tuple[int, ...]:
        if self.is_over():
            return ()
        return tuple(s for s in range(self.num_players) if self.picks[s] is None)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.acting():
            return []
        return [("pick", c) for c in self.hands[seat]]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, tuple)
        card = action[1]
        self.hands[seat].remove(card)
        self.picks[seat] = card
        events = [Event("pick", f"Seat {seat + 1} picks a card", {"seat": seat})]
        if all(p is not None for p in self.picks):
            picks = [p for p in self.picks if p is not None]
            best = max(picks)
            winner = picks.index(best)
            self.points[winner] += 1
            self.shown.extend(picks)
            events.append(Event("reveal", f"Cards shown: {picks}; seat {winner + 1} wins the round",
                                {"picks": picks, "winner": winner}))
            self.picks = [None] * self.num_players
            self.round += 1
        return events

    def undo_steps(self, seat: int) -> int:
        return 1 if not self.is_over() and self.picks[seat] is not None else 0

    def undo(self, seat: int, step: int = -1) -> list[Event]:
        if step not in (0, -1) or self.undo_steps(seat) == 0:
            raise IllegalAction("there is nothing to take back")
        card = self.picks[seat]
        assert card is not None
        self.hands[seat] = sorted([*self.hands[seat], card])
        self.picks[seat] = None
        return [Event("unpick", f"Seat {seat + 1} takes the pick back", {"seat": seat})]

    def is_over(self) -> bool:
        return self.round >= ROUNDS

    def scores(self) -> list[int]:
        return list(self.points)

    def score_breakdown(self) -> list[dict[str, int]]:
        return [{"rounds": p, "total": p} for p in self.points]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "round": self.round,
            "picked": [p is not None for p in self.picks],
            "scores": list(self.points),
            "hand_sizes": [len(h) for h in self.hands],
            "you": None if seat is None else {"hand": list(self.hands[seat]), "pick": self.picks[seat]},
        }

    def clone(self) -> ToyState:
        copy = ToyState(self.num_players, self.hands, self.picks, self.points, self.round)
        copy.shown = list(self.shown)
        return copy

    def determinize(self, seat: int, rng: Rng) -> ToyState:
        """Re-deal the other seats' hidden cards (hands and secret picks) from the cards ``seat`` has
        not seen: neither in its own hand or pick, nor revealed in an earlier round."""
        copy = self.clone()
        seen = set(self.hands[seat]) | {self.picks[seat]} | set(self.shown)
        pool = [c for c in range(1, 13) if c not in seen]
        rng.shuffle(pool)
        for other in range(self.num_players):
            if other == seat:
                continue
            copy.hands[other] = sorted(pool.pop() for _ in self.hands[other])
            if self.picks[other] is not None:
                copy.picks[other] = pool.pop()
        return copy

    def to_json(self) -> dict[str, Any]:
        return {"n": self.num_players, "hands": self.hands, "picks": self.picks, "scores": self.points,
                "round": self.round, "shown": self.shown}


GAME = ToyState.game
