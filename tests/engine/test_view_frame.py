"""The views' common frame, the per-game description, the seats defined once, and options apart from
fixtures (issue 9 items 2 and 3), checked on every game."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from longhouse import games
from longhouse.engine.errors import SetupError
from longhouse.engine.options import Option, validate_options
from longhouse.engine.rng import Rng
from longhouse.engine.seats import SEAT_COLOURS, SEATS, seats_module, seats_stylesheet
from longhouse.engine.text import json_default, plain

HEADER_KEYS = {"game", "title", "rules_version", "num_players", "viewer", "seats", "phase", "acting", "scores",
               "over", "winners"}


def random_states(name: str, players: int, seed: int, steps: int) -> list[Any]:
    """States along one random game, for checks at many points."""
    game = games.get(name)
    state = game.new_state(players, seed)
    rng = random.Random(seed)
    out = [state.clone()]
    for _ in range(steps):
        if state.is_over():
            break
        seat = rng.choice(state.acting())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        out.append(state.clone())
    return out


@pytest.mark.parametrize("name", games.names())
@pytest.mark.parametrize("players", [2, 4])
def test_every_view_carries_the_engine_header(name: str, players: int) -> None:
    for state in random_states(name, players, seed=11, steps=400)[::7]:
        headers = []
        for seat in [None, *range(players)]:
            view = state.view(seat)
            head = view["header"]
            assert set(head) == HEADER_KEYS
            assert head["game"] == name and head["num_players"] == players and head["viewer"] == seat
            assert head["acting"] == list(state.acting()) and head["over"] == state.is_over()
            assert [s["colour"] for s in head["seats"]] == list(SEAT_COLOURS[:players])
            assert str(head["phase"])  # a text (a Msg, or words)
            assert head["scores"] is None or len(head["scores"]) == players
            json.dumps(view, allow_nan=False, default=json_default)
            headers.append({k: v for k, v in head.items() if k != "viewer"})
        assert all(h == headers[0] for h in headers), "the header is the same for every seat"


@pytest.mark.parametrize("name", games.names())
def test_the_view_keys_are_one_scheme_in_every_game(name: str) -> None:
    """No game part repeats a header key (the header has the game, ``num_players``, the phase in words, who acts,
    the scores and the end; a game's phase by name is its ``stage``), and every game splits its views with what
    only a seat sees under the one key ``you`` (None for the spectator), whose ``seat`` is the viewer."""
    game = games.get(name)
    assert game.splits_views
    for state in random_states(name, 3, seed=2, steps=300)[::13]:
        for seat in [None, 0, 1, 2]:
            view = state.view(seat)
            assert not (set(view) - {"header"}) & HEADER_KEYS, f"{name} repeats a header key"
            shared, own = state.view_parts(seat)
            assert set(own) == {"you"} and "you" not in shared
            assert (own["you"] is None) if seat is None else (own["you"]["seat"] == seat)


@pytest.mark.parametrize("name", games.names())
def test_the_header_hides_nothing_that_a_redeal_changes(name: str) -> None:
    for state in random_states(name, 3, seed=5, steps=300)[::11]:
        for seat in range(3):
            redealt = state.determinize(seat, Rng(99))
            assert redealt.view(seat)["header"] == state.view(seat)["header"]


def test_phase_words_name_the_seat_at_play() -> None:
    state = games.get("manitou").new_state(2, 1, {"dealer": 0})
    assert str(state.view(None)["header"]["phase"]) == "Hunt 1 of 3: Red and Blue are choosing a hunting party"
    over = random_states("manitoba", 2, seed=3, steps=5000)[-1]
    assert over.is_over() and str(over.view(0)["header"]["phase"]) == "Game over"
    assert over.view(0)["header"]["winners"] == over.winners()


@pytest.mark.parametrize("name", games.names())
def test_every_game_describes_itself_in_json(name: str) -> None:
    game = games.get(name)
    d = game.describe()
    assert d["game"] == name and d["title"] == game.title and d["rules_version"] == game.rules_version
    assert [s["colour"] for s in d["seats"]] == list(SEAT_COLOURS[: game.max_players])
    assert [o["name"] for o in d["options"]] == list(game.options)
    assert json.loads(json.dumps(d, allow_nan=False, default=json_default)) == plain(d)


def test_manitou_description_holds_the_tribe_cards_table() -> None:
    from longhouse.games.manitou.data import BEATS, Warrior

    d = games.get("manitou").describe()
    beats = {w["code"]: set(w["beats"]) for w in d["warriors"]}
    assert beats == {w.value: {b.value for b in BEATS[w]} for w in Warrior}
    assert beats["Q"] == {"C"}  # the squaw beats the chief, as on the tribe card
    assert sum(c["copies"] for c in d["cards"]) == 21


def test_five_tribes_description_names_every_djinn_with_its_power() -> None:
    d = games.get("five_tribes").describe()
    assert len(d["djinns"]) == 22 and all(j["name"] and j["text"] and j["vp"] > 0 for j in d["djinns"])
    assert [t["name"] for t in plain(d)["tribes"]] == ["Vizier", "Elder", "Merchant", "Builder", "Assassin"]


def test_seats_are_defined_once_and_served_to_the_browser() -> None:
    assert [s.index for s in SEATS] == list(range(4))
    assert len({s.symbol for s in SEATS}) == 4, "a symbol per seat tells colours apart by more than hue"
    js = seats_module()
    assert "export const SEATS" in js and all(s.symbol in js and s.strong in js for s in SEATS)
    css = seats_stylesheet()
    assert all(f".seat-{s.colour}" in css and s.ink in css for s in SEATS)


@pytest.mark.parametrize("name", games.names())
def test_options_are_setup_keys_and_no_fixture_is_an_option(name: str) -> None:
    game = games.get(name)
    assert set(game.options) <= set(game.setup_keys)
    fixtures = set(game.setup_keys) - set(game.options)
    for key in fixtures:
        with pytest.raises(SetupError, match="unknown options"):
            validate_options(game.options, {key: None})
    for option in game.options.values():
        assert validate_options(game.options, {option.name: option.default}) == {option.name: option.default}
        game.new_state(game.min_players, 1, {option.name: option.default})


def test_the_hidden_orders_are_fixtures_not_options() -> None:
    hidden = {"manitou": {"buffalo", "pile_order", "dealer"}, "manitoba": {"seasons", "score_tiles", "totem"},
              "five_tribes": {"resource_deck", "djinn_deck", "meeples", "tiles"}}
    for name, keys in hidden.items():
        game = games.get(name)
        assert keys <= set(game.setup_keys) and not keys & set(game.options)


def test_an_option_value_is_checked_by_type_and_choice() -> None:
    opt = Option("clamp", "scores never drop below 0", (False, True), False)
    assert opt.validate(True) is True
    with pytest.raises(SetupError):
        opt.validate(1)
    with pytest.raises(SetupError):
        opt.validate("yes")
    with pytest.raises(SetupError):
        validate_options({"clamp": opt}, ["clamp"])
    with pytest.raises(ValueError):
        Option("x", "doc", (1, 2), 3)
