"""``state`` messages as deltas (``server/state_texts.py``), merged as a client merges them
(``server/state_merge.py``): after every move of whole games of each game, every seat's and the spectator's
merged state (in English and in German) is exactly the whole state; a delta carries only keys of its own
seat's view, never another seat's hand; a client that was sent something else than the last or the current
version, or sat at another seat, or whose table's state was rebuilt, gets the whole state."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from harness import Hall, seated_table

from longhouse import games
from longhouse.engine.events import Event
from longhouse.engine.state import State
from longhouse.engine.text import ENGLISH, json_default
from longhouse.i18n.catalogs import translator
from longhouse.i18n.wire import words_of
from longhouse.server.state_merge import Resync, merge_state
from longhouse.server.state_texts import Sent, StateTexts

GAMES = ["manitou", "manitoba", "five_tribes"]


class Client:
    """One connection: its seat, what the server last made for it, the state it holds (deltas merged)."""

    def __init__(self, seat: int | None, lang: str = "en") -> None:
        self.seat = seat
        self.lang = lang
        self.sent: Sent | None = None
        self.held: dict[str, Any] | None = None
        self.deltas = 0


def whole(texts: StateTexts, state: State, version: int, seat: int | None, events: list[Event],
          by: int | None, lang: str = "en") -> dict[str, Any]:
    """The whole message for ``seat`` now, made by a fresh ``StateTexts``, in ``lang``."""
    [(text, _)] = StateTexts(texts.game).texts(state, version, "running", None, [(seat, None)], events, by)
    return dict(words_of(json.loads(text), translator(lang)))


def broadcast(texts: StateTexts, state: State, version: int, clients: list[Client], events: list[Event],
              by: int | None) -> list[dict[str, Any]]:
    """Send every client its message, merge it as a client does; the raw messages."""
    made = texts.texts(state, version, "running", None, [(c.seat, c.sent) for c in clients], events, by)
    raw = []
    for client, (text, sent) in zip(clients, made, strict=True):
        client.sent = sent
        msg = words_of(json.loads(text), translator(client.lang))  # as its reader puts it into words
        raw.append(msg)
        client.deltas += "base" in msg
        client.held = merge_state(client.held, msg)
    return raw


def check(texts: StateTexts, state: State, version: int, clients: list[Client], raw: list[dict[str, Any]],
          events: list[Event], by: int | None) -> None:
    for client, msg in zip(clients, raw, strict=True):
        expected = whole(texts, state, version, client.seat, events, by, client.lang)
        assert client.held == expected, (client.seat, version)
        if "base" in msg:
            # a delta holds only keys of this seat's own view, with this seat's values: no other seat's secret
            mine = expected["view"]
            assert all(mine[key] == value for key, value in msg["changes"].items()), (client.seat, version)
            assert not set(msg.get("gone", ())) & mine.keys()


def hands_in(value: Any) -> list[Any]:
    """Every ``hand`` anywhere in a message."""
    if isinstance(value, dict):
        return [v for k, v in value.items() if k == "hand"] + [h for v in value.values() for h in hands_in(v)]
    if isinstance(value, list):
        return [h for v in value for h in hands_in(v)]
    return []


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_merged_deltas_are_the_whole_state_after_every_move_of_whole_games(name: str, players: int) -> None:
    game = games.get(name)
    rng = random.Random(f"{name}{players}")
    for seed in range(2):
        state = game.new_state(players, seed, None)
        texts = StateTexts(game)
        # German ones too: their deltas are made from the English ones' (``_Texts.translated``)
        clients = [Client(seat) for seat in range(players)] + [Client(None), Client(0), Client(0, "de"),
                                                               Client(None, "de")]
        events: list[Event] = []
        version, by = 0, None
        while True:
            raw = broadcast(texts, state, version, clients, events, by)
            check(texts, state, version, clients, raw, events, by)
            if state.is_over():
                break
            if rng.random() < 0.05:  # a refresh at the same version: a delta with nothing changed in the view
                raw = broadcast(texts, state, version, clients, [], None)
                assert all(msg.get("changes", {}) == {} for msg in raw[:players])
            seat = rng.choice(state.acting())
            by = seat
            events = state.apply(seat, rng.choice(state.legal_actions(seat)))
            version += 1
        assert all(client.deltas >= version - 1 for client in clients)


def test_a_delta_for_one_seat_never_holds_another_seats_hand() -> None:
    game = games.get("manitou")
    rng = random.Random(3)
    state: Any = game.new_state(3, 11, None)  # Manitou's: its players' hands are read below
    texts = StateTexts(game)
    clients = [Client(seat) for seat in range(3)]
    events: list[Event] = []
    version, by, deltas_with_hands = 0, None, 0
    while not state.is_over():
        raw = broadcast(texts, state, version, clients, events, by)
        for client, msg in zip(clients, raw, strict=True):
            assert client.seat is not None
            own = sorted(state.players[client.seat].hand)
            assert [sorted(hand) for hand in hands_in(msg)] in ([], [own])
            you = msg["changes" if "base" in msg else "view"].get("you")
            assert you is None or you["seat"] == client.seat
            deltas_with_hands += "base" in msg and bool(hands_in(msg))
        seat = rng.choice(state.acting())
        by = seat
        events = state.apply(seat, rng.choice(state.legal_actions(seat)))
        version += 1
    assert deltas_with_hands > 0  # hands did travel in deltas, each only to its seat


def test_a_client_not_at_the_last_version_or_at_another_seat_or_after_a_rebuild_gets_the_whole_state() -> None:
    game = games.get("manitou")
    rng = random.Random(4)
    state = game.new_state(2, 5, None)
    texts = StateTexts(game)
    a, b, behind, moved = Client(0), Client(1), Client(0), Client(0)

    def move() -> list[Event]:
        seat = rng.choice(state.acting())
        return state.apply(seat, rng.choice(state.legal_actions(seat)))

    broadcast(texts, state, 0, [a, b, behind, moved], [], None)
    events = move()
    broadcast(texts, state, 1, [a, b, moved], events, 0)  # ``behind`` misses version 1
    events = move()
    moved.seat = 1  # it changed seats
    raw = broadcast(texts, state, 2, [a, b, behind, moved], events, 1)
    assert ["base" in m for m in raw] == [True, True, False, False]
    texts.forget()  # the state was rebuilt from the store
    raw = broadcast(texts, state, 2, [a, b], [], None)
    assert not any("base" in m for m in raw)
    with pytest.raises(Resync):  # a delta against a state not held: the client asks for the whole one
        merge_state(None, {"type": "state", "base": 1, "version": 2, "seat": 0, "changes": {}})


def test_over_a_socket_a_client_gets_deltas_after_its_first_state_and_the_whole_state_when_it_asks(
        hall: Hall) -> None:
    _, _, (wa, _) = seated_table(hall, ["Ann", "Bob"])
    first = json.loads(wa.raw[[json.loads(r)["type"] for r in wa.raw].index("state")])
    assert "base" not in first and "view" in first  # the first state on a socket is whole
    state = wa.last_state()
    wa.send({"type": "action", "version": state["version"],
             "action": {"type": "pick", "card": state["view"]["you"]["hand"][0]}})
    moved = wa.wait_type("state", version=state["version"] + 1)
    delta = json.loads(wa.raw[-1])
    assert delta["base"] == state["version"] and "view" not in delta and moved["view"]["you"] is not None
    wa.send({"type": "resync"})
    whole = wa.wait_type("state", version=moved["version"])
    assert "base" not in json.loads(wa.raw[-1]) and whole == {**moved, "events": [], "by": None}


@pytest.mark.parametrize("players", [2, 4])
def test_a_shared_key_text_reused_while_its_object_is_unchanged_is_the_json_of_every_seats_view(
        players: int) -> None:
    """Manitou's ``last_hunt`` is encoded once per object, not once per version: at every version of whole
    games, every seat's and the spectator's whole message from the same ``StateTexts`` is its view's JSON."""
    game = games.get("manitou")
    rng = random.Random(players)
    reused = 0
    for seed in range(3):
        state = game.new_state(players, seed, None)
        texts = StateTexts(game)
        version = 0
        last: str | None = None
        while not state.is_over():
            made = texts.texts(state, version, "running", None, [(s, None) for s in [*range(players), None]],
                               [], None)
            for (text, _), seat in zip(made, [*range(players), None], strict=True):
                assert words_of(json.loads(text), ENGLISH)["view"] == json.loads(
                    json.dumps(state.view(seat), default=json_default))
            kept = texts._now.kept.get("last_hunt") if texts._now is not None else None
            if kept is not None and kept[1] is last:
                reused += 1
            last = None if kept is None else kept[1]
            seat = rng.choice(state.acting())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            version += 1
    assert reused > 50
