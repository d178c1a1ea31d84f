"""Properties over random games: every component conserved on every state, games end, views are safe."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st_

from longhouse.engine.rng import Rng
from longhouse.engine.text import plain
from longhouse.games.five_tribes import GAME
from longhouse.games.five_tribes.data import PALACES, PALM_TREES

from .helpers import check_conservation, random_game


@settings(max_examples=40, deadline=None)
@given(st_.integers(min_value=2, max_value=4), st_.integers(min_value=0, max_value=10**9))
def test_components_are_conserved_on_every_state_of_random_games(n: int, seed: int) -> None:
    seen = {"palms": 0, "palaces": 0}

    def check(st: object) -> None:
        from longhouse.games.five_tribes import FTState

        assert isinstance(st, FTState)
        check_conservation(st)
        assert sum(st.palms) <= PALM_TREES and sum(st.palaces) <= PALACES
        seen["palms"] = max(seen["palms"], sum(st.palms))
        seen["palaces"] = max(seen["palaces"], sum(st.palaces))

    final = random_game(n, seed, check)
    assert final.is_over() and (final.last_camel or final.no_move)
    assert len(final.score_breakdown()) == n


def test_others_gold_is_hidden_and_own_gold_shown() -> None:
    st = GAME.new_state(3, 5)
    v = st.view(1)
    assert v["you"]["seat"] == 1 and v["you"]["gold"] == 50
    # the part every seat sees alike holds no seat's gold: a seat's own is in its own part (``you``)
    assert all(p["gold"] is None for p in v["players"])
    assert all(p["gold"] is None for p in st.view(None)["players"]) and st.view(None)["you"] is None
    # Djinns, Viziers, Elders, camels and the number of cards held are public; the cards are not.
    assert {"djinns", "cards", "viziers", "elders", "camels"} <= set(v["players"][0])
    assert all(p["resources"] is None for p in v["players"]) and v["you"]["resources"] == [0] * 10
    shared, own = st.view_parts(1)  # type: ignore[misc]
    assert set(own) == {"you"} and all(p["gold"] is None and p["resources"] is None for p in shared["players"])


def test_determinize_redeals_the_decks_but_not_the_view() -> None:
    st = GAME.new_state(4, 9)
    world = st.determinize(0, Rng(1))
    assert json.dumps(plain(world.view(0)), sort_keys=True) == json.dumps(plain(st.view(0)), sort_keys=True)
    assert sorted(world.res_deck) == sorted(st.res_deck) and world.res_deck != st.res_deck
    assert sorted(world.djinn_deck) == sorted(st.djinn_deck) and world.djinn_deck != st.djinn_deck


def test_the_deck_order_never_reaches_a_view() -> None:
    st = GAME.new_state(3, 2)
    text = json.dumps(plain(st.view(None)))
    assert "res_deck" not in text and "djinn_deck\"" not in text
    assert st.view(None)["resource_deck_size"] == 54 - 9


def test_a_sibittis_draw_is_seen_only_by_its_chooser_and_redealt_for_the_others() -> None:
    from .helpers import begin_turn, give_djinn, give_pool, make, play

    st = make(3, meeples={"a1": "W", "b1": "W"})
    give_djinn(st, 0, "Sibittis")
    begin_turn(st, 0)
    give_pool(st, 0, elders=2)
    play(st, "power Sibittis EE")
    assert st.view(0)["you"]["keep_choices"] is not None
    assert st.view(1)["you"]["keep_choices"] is None and st.view(None)["you"] is None
    changed = False
    for k in range(10):
        world = st.determinize(1, Rng(k))
        assert world.view(1) == st.view(1)
        assert sorted(world.keep_choices + world.djinn_deck) == sorted(st.keep_choices + st.djinn_deck)
        changed |= world.keep_choices != st.keep_choices
        mine = st.determinize(0, Rng(k))
        assert mine.keep_choices == st.keep_choices and mine.legal_actions(0) == st.legal_actions(0)
    assert changed


def test_no_view_shows_another_seats_gold_or_the_hidden_order_on_any_state_of_a_game() -> None:
    from .helpers import random_game

    def check(st: object) -> None:
        from longhouse.games.five_tribes import FTState

        assert isinstance(st, FTState)
        for seat in (None, *range(st.num_players)):
            v = st.view(seat)
            for other, p in enumerate(v["players"]):
                assert (p["gold"] is None) == (not st.is_over())
                assert (p["resources"] is None) == (not st.is_over())
                assert p["cards"] == sum(st.hands[other])
            assert "res_deck" not in v and "djinn_deck" not in v and "rng" not in v
            you = v["you"]
            assert (you is None) == (seat is None)
            if you is not None:
                assert you["seat"] == seat and you["gold"] == st.gold[seat]
                assert you["resources"] == list(st.hands[seat])
                if seat != st.seat:
                    assert you["keep_choices"] is None and you["suit"] == []
        if not st.is_over():
            me = st.acting()[0]
            a, b = st.determinize(me, Rng(1)), st.determinize(me, Rng(2))
            assert a.view(me) == b.view(me) == st.view(me)

    random_game(3, 11, check)


def test_determinize_redeals_the_bags_future_draws() -> None:
    from .helpers import begin_turn, give_djinn, give_pool, make

    st = make(3, meeples={"a1": "W", "b1": "W"})
    give_djinn(st, 0, "Anun-Nak")
    begin_turn(st, 0)
    give_pool(st, 0, elders=1)
    power = GAME.action_from_text("power Anun-Nak E f5")
    outcomes = set()
    for k in range(8):
        world = st.determinize(1, Rng(k))
        world.apply(0, power)
        outcomes.add(tuple(world.board[29]))
    assert len(outcomes) > 1
