"""A tiny hidden-information card game implementing the engine contract, for testing the bots.

"Toy Tricks": cards 1..15; each seat is dealt 4 (the rest stay face down in the deck). Four tricks
are played. Even tricks (0, 2) are sequential: from the leader round the table, each seat plays a
card face up. Odd tricks (1, 3) are simultaneous: every seat commits a card face down, and the cards
are revealed once all have committed. The highest card takes the trick and scores the sum of the
cards in it; when the highest card is tied nobody scores. The trick's winner (else the next seat)
leads the next trick. Hidden: the other hands, the deck, and cards committed but not yet revealed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from longhouse.engine.errors import IllegalAction, SnapshotError
from longhouse.engine.events import Event
from longhouse.engine.rng import Rng
from longhouse.engine.state import JSON, Action, Game, State

HAND = 4
CARDS = tuple(range(1, 16))


class ToyGame(Game):
    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy Tricks"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    rules_version: ClassVar[str] = "1"

    def new_state(self, num_players: int, seed: int, setup: Mapping[str, Any] | None = None) -> ToyState:
        self.check_players(num_players)
        rng = Rng(seed)
        deck = list(CARDS)
        rng.shuffle(deck)
        hands = [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(num_players)]
        return ToyState(num_players, hands, deck[num_players * HAND :], rng)

    def state_from_json(self, data: Mapping[str, Any]) -> ToyState:
        try:
            state = ToyState(data["num_players"], [list(h) for h in data["hands"]], list(data["deck"]), Rng())
            state.rng.state = data["rng"]
            state.trick, state.leader = data["trick"], data["leader"]
            state.table = list(data["table"])
            state.points = list(data["points"])
        except (KeyError, TypeError) as exc:
            raise SnapshotError(f"bad toy snapshot: {exc}") from exc
        return state

    def action_to_json(self, action: Action) -> JSON:
        return {"card": action}

    def action_from_json(self, data: Any) -> Action:
        if not isinstance(data, dict) or set(data) != {"card"}:
            raise IllegalAction("a toy action is {'card': n}")
        card = data["card"]
        if isinstance(card, bool) or card not in CARDS:
            raise IllegalAction(f"no card {card!r}")
        return card

    def action_to_text(self, action: Action) -> str:
        return str(action)

    def action_from_text(self, text: str) -> Action:
        if not text.isdigit() or int(text) not in CARDS:
            raise IllegalAction(f"no card {text!r}")
        return int(text)

    def max_actions(self, num_players: int) -> int:
        return num_players * HAND


GAME = ToyGame()


class ToyState(State):
    game: ClassVar[Game] = GAME

    def __init__(self, num_players: int, hands: list[list[int]], deck: list[int], rng: Rng) -> None:
        self.num_players = num_players
        self.hands = hands
        self.deck = deck
        self.rng = rng
        self.trick = 0
        self.leader = 0
        self.table: list[int | None] = [None] * num_players
        self.points = [0] * num_players

    def simultaneous(self) -> bool:
        return self.trick % 2 == 1

    def acting(self) -> tuple[int, ...]:
        if self.trick >= HAND:
            return ()
        if self.simultaneous():
            return tuple(s for s in range(self.num_players) if self.table[s] is None)
        for k in range(self.num_players):
            seat = (self.leader + k) % self.num_players
            if self.table[seat] is None:
                return (seat,)
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        return list(self.hands[seat]) if seat in self.acting() else []

    def _apply(self, seat: int, action: Action) -> list[Event]:
        assert isinstance(action, int)
        self.hands[seat].remove(action)
        self.table[seat] = action
        events = [Event("play", f"seat {seat} plays", {"seat": seat}, (seat,) if self.simultaneous() else None)]
        if all(card is not None for card in self.table):
            cards = [c for c in self.table if c is not None]
            best = max(cards)
            if cards.count(best) == 1:
                winner = cards.index(best)
                self.points[winner] += sum(cards)
                self.leader = winner
            else:
                self.leader = (self.leader + 1) % self.num_players
            self.table = [None] * self.num_players
            self.trick += 1
            events.append(Event("trick", f"trick {self.trick} done", {"cards": cards}))
        return events

    def is_over(self) -> bool:
        return self.trick >= HAND

    def scores(self) -> list[int]:
        return list(self.points)

    def score_breakdown(self) -> list[dict[str, int]]:
        return [{"tricks": p, "total": p} for p in self.points]

    def _hidden_table(self) -> bool:
        return self.simultaneous()

    def view(self, seat: int | None) -> JSON:
        table: list[int | str | None] = []
        for s, card in enumerate(self.table):
            if card is None:
                table.append(None)
            elif self._hidden_table() and s != seat:
                table.append("hidden")
            else:
                table.append(card)
        return {
            "game": "toy",
            "trick": self.trick,
            "leader": self.leader,
            "acting": list(self.acting()),
            "table": table,
            "hand_sizes": [len(h) for h in self.hands],
            "deck_size": len(self.deck),
            "scores": list(self.points),
            "you": None if seat is None else {"hand": list(self.hands[seat])},
        }

    def clone(self) -> ToyState:
        other = ToyState(self.num_players, [list(h) for h in self.hands], list(self.deck), self.rng.copy())
        other.trick, other.leader = self.trick, self.leader
        other.table = list(self.table)
        other.points = list(self.points)
        return other

    def determinize(self, seat: int, rng: Rng) -> ToyState:
        other = self.clone()
        unseen = list(other.deck)
        for s in range(self.num_players):
            if s != seat:
                unseen += other.hands[s]
                card = other.table[s]
                if card is not None and self._hidden_table():
                    unseen.append(card)
        rng.shuffle(unseen)
        for s in range(self.num_players):
            if s != seat:
                size = len(other.hands[s])
                other.hands[s] = sorted(unseen[:size])
                del unseen[:size]
                if other.table[s] is not None and self._hidden_table():
                    other.table[s] = unseen.pop()
        other.deck = sorted(unseen)
        other.rng = rng.fork()
        return other

    def to_json(self) -> JSON:
        return {
            "num_players": self.num_players,
            "hands": [list(h) for h in self.hands],
            "deck": list(self.deck),
            "rng": self.rng.state,
            "trick": self.trick,
            "leader": self.leader,
            "table": list(self.table),
            "points": list(self.points),
        }


def last_trick() -> ToyState:
    """Two seats at 20 points each, last trick, sequential: seat 0 has led its 14 and seat 1 holds 15 and 1;
    only the 15 wins."""
    state = GAME.new_state(2, 0)
    state.hands = [[14], [1, 15]]
    state.trick, state.leader = 2, 0
    state.points = [20, 20]
    state.apply(0, 14)
    return state
