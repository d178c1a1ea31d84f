"""A tiny hidden-information game that keeps the contract, and broken variants of it.

Each seat is dealt two cards from a shuffled deck of 1..9; in turn, each seat plays one of its cards
face up; when every card is played the game is over and the highest total wins.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from longhouse.engine import Event, Game, IllegalAction, Rng, SnapshotError, State
from longhouse.engine.view import joined


class ToyState(State):
    def __init__(self, game: ToyGame, num_players: int, seed: int) -> None:
        self.game = game  # type: ignore[misc]
        self.num_players = num_players
        self.rng = Rng(seed)
        deck = list(range(1, 10))
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[2 * i:2 * i + 2]) for i in range(num_players)]
        self.deck = deck[2 * num_players:]
        self.played: list[list[int]] = [[] for _ in range(num_players)]
        self.turn = 0

    def acting(self) -> tuple[int, ...]:
        return () if self.is_over() else (self.turn,)

    def legal_actions(self, seat: int) -> list[Any]:
        return [("play", c) for c in self.hands[seat]] if seat in self.acting() else []

    def _apply(self, seat: int, action: Any) -> list[Event]:
        self.hands[seat].remove(action[1])
        self.played[seat].append(action[1])
        self.turn = (self.turn + 1) % self.num_players
        return [Event("play", f"seat {seat} plays {action[1]}")]

    def is_over(self) -> bool:
        return all(not h for h in self.hands)

    def scores(self) -> list[int]:
        return [sum(p) for p in self.played]

    def score_breakdown(self) -> list[dict[str, int]]:
        return [{"cards": sum(p), "total": sum(p)} for p in self.played]

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"played": [p[:] for p in self.played], "hand_sizes": [len(h) for h in self.hands],
                "turn": self.turn, "hand": self.hands[seat][:] if seat is not None else None}

    def clone(self) -> ToyState:
        s = ToyState.__new__(type(self))
        s.game = self.game  # type: ignore[misc]
        s.num_players = self.num_players
        s.rng = self.rng.copy()
        s.hands = [h[:] for h in self.hands]
        s.deck = self.deck[:]
        s.played = [p[:] for p in self.played]
        s.turn = self.turn
        return s

    def determinize(self, seat: int, rng: Rng) -> ToyState:
        s = self.clone()
        pool = s.deck + [c for i, h in enumerate(s.hands) if i != seat for c in h]
        rng.shuffle(pool)
        for i, h in enumerate(s.hands):
            if i != seat:
                k = len(h)
                s.hands[i] = sorted(pool[:k])
                pool = pool[k:]
        s.deck = pool
        s.rng = rng.fork()
        return s

    def to_json(self) -> dict[str, Any]:
        return {"rng": self.rng.state, "hands": [h[:] for h in self.hands], "deck": self.deck[:],
                "played": [p[:] for p in self.played], "turn": self.turn, "n": self.num_players}


class ToyGame(Game):
    name = "toy"
    title = "Toy"
    min_players = 2
    max_players = 3
    rules_version = "toy-1"
    state_class: type[ToyState] = ToyState

    def new_state(self, num_players: int, seed: int, setup: Mapping[str, Any] | None = None) -> State:
        self.check_players(num_players)
        return self.state_class(self, num_players, seed)

    def state_from_json(self, data: Mapping[str, Any]) -> State:
        try:
            s = self.state_class.__new__(self.state_class)
            s.game = self  # type: ignore[misc]
            s.num_players = data["n"]
            s.rng = Rng()
            s.rng.state = data["rng"]
            s.hands = [list(h) for h in data["hands"]]
            s.deck = list(data["deck"])
            s.played = [list(p) for p in data["played"]]
            s.turn = data.get("turn", 0)
            return s
        except (KeyError, TypeError) as exc:
            raise SnapshotError(str(exc)) from exc

    def action_to_json(self, action: Any) -> dict[str, Any]:
        return {"type": "play", "card": action[1]}

    def action_from_json(self, data: Any) -> Any:
        if isinstance(data, dict) and data.get("type") == "play" and isinstance(data.get("card"), int) \
                and not isinstance(data.get("card"), bool) and set(data) == {"type", "card"}:
            return ("play", data["card"])
        raise IllegalAction(f"not a toy action: {data!r}")

    def action_to_text(self, action: Any) -> str:
        return f"p{action[1]}"

    def action_from_text(self, text: str) -> Any:
        if isinstance(text, str) and len(text) == 2 and text[0] == "p" and text[1].isdigit():
            return ("play", int(text[1]))
        raise IllegalAction(f"not a toy action: {text!r}")

    def max_actions(self, num_players: int) -> int:
        return 2 * num_players


# --- broken variants: each breaks one promise ---------------------------------------------------

class ShallowCloneState(ToyState):
    def clone(self) -> ToyState:
        s = super().clone()
        s.hands = self.hands  # shares the hands: playing on the clone changes the original
        return s


class LossySnapshotState(ToyState):
    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        del data["turn"]  # whose turn it is is lost; a snapshot read back starts at seat 0
        return data


class LaxState(ToyState):
    def is_legal(self, seat: int, action: Any) -> bool:
        return True  # accepts anything

    def _apply(self, seat: int, action: Any) -> list[Event]:
        self.turn = (self.turn + 1) % self.num_players  # changes the state before failing
        card = action[1] if isinstance(action, tuple) and len(action) == 2 else action
        self.hands[seat].remove(card)
        self.played[seat].append(card)
        return []


class LeakyState(ToyState):
    def view(self, seat: int | None) -> dict[str, Any]:
        data = super().view(seat)
        data["all_hands"] = [h[:] for h in self.hands]  # shows every hand to everybody
        return data


class SharedLeakState(ToyState):
    """Splits its view for a server, but its shared part (sent to everybody) holds every hand, which each
    seat's own part then overwrites: the joined views look right, the shared text leaks."""

    def shared_view(self) -> dict[str, Any]:
        return {"header": {}, "played": [p[:] for p in self.played], "hand_sizes": [len(h) for h in self.hands],
                "turn": self.turn, "hand": [h[:] for h in self.hands]}

    def own_view(self, seat: int | None) -> dict[str, Any]:
        return {"hand": self.hands[seat][:] if seat is not None else None}

    def view(self, seat: int | None) -> dict[str, Any]:
        return joined(self.shared_view(), self.own_view(seat), seat)


class PositionWordsState(ToyState):
    """Words its actions after the position (whose turn it is) without its game declaring ``position_words``:
    a server keeping each action's words once would show stale ones."""

    def describe_action(self, action: Any) -> str:
        return f"{self.game.describe_action(action)} on turn {self.turn}"


class UnseededState(ToyState):
    def _apply(self, seat: int, action: Any) -> list[Event]:
        events = super()._apply(seat, action)
        random.shuffle(self.deck)  # randomness that is not the state's own
        return events


class EndlessState(ToyState):
    def _apply(self, seat: int, action: Any) -> list[Event]:
        self.turn = (self.turn + 1) % self.num_players
        return []  # the card is never played: the game never ends


class DeadListingState(ToyState):
    def legal_actions(self, seat: int) -> list[Any]:
        listed = super().legal_actions(seat)
        return [*listed, ("play", 99)] if listed else listed

    def _apply(self, seat: int, action: Any) -> list[Event]:
        if action[1] == 99:
            raise ValueError("no such card")
        return super()._apply(seat, action)


class SetViewState(ToyState):
    def view(self, seat: int | None) -> dict[str, Any]:
        data = super().view(seat)
        data["turn"] = {self.turn}  # not JSON
        return data


class BadNotationGame(ToyGame):
    def action_from_text(self, text: str) -> Any:
        return ("play", 1)


def broken_game(state_class: type[ToyState], base: type[ToyGame] = ToyGame) -> ToyGame:
    game = base()
    game.state_class = state_class
    return game
