"""The action spaces: one fixed id per action the notation can spell, and every legal action has one."""

from __future__ import annotations

import random

import pytest

from longhouse import games
from longhouse.adapters.action_space import main, space


@pytest.mark.parametrize("name", games.names())
def test_every_id_is_an_action_that_round_trips_through_both_notations(name: str) -> None:
    game, ids = games.get(name), space(name)
    texts = set()
    for i, text, data in ids.rows():
        action = ids.action(i)
        assert game.action_from_json(data) == action and game.action_to_json(action) == data
        assert game.action_from_text(text) == action
        assert ids.id_of(action) == i
        texts.add(text)
    assert len(texts) == len(ids) == len(set(ids.actions))


@pytest.mark.parametrize("name", games.names())
def test_every_legal_action_of_random_games_has_an_id(name: str) -> None:
    game, ids = games.get(name), space(name)
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(4):
            state, rng = game.new_state(players, seed), random.Random(seed)
            while not state.is_over():
                seat = min(state.acting())
                legal = state.legal_actions(seat)
                assert [ids.action(i) for i in ids.ids_of(legal)] == sorted(legal, key=ids.id_of)
                state.apply(seat, rng.choice(legal))


def test_every_manitoba_action_kind_has_ids() -> None:
    """Every kind of Manitoba's notation is in its space, those legal only under a ruling switch too
    (``reactivate``, with ``reactivate-automatic`` off), and the ids of the kinds before it are unchanged."""
    from longhouse.games.manitoba.actions import TYPES

    ids = space("manitoba")
    rows = list(ids.rows())
    assert {data["type"] for _, _, data in rows} == {t.kind for t in TYPES}
    assert rows[-1][2] == {"type": "reactivate"}


def test_a_bad_id_is_refused_and_the_table_prints(capsys: pytest.CaptureFixture[str]) -> None:
    from longhouse.engine import IllegalAction

    with pytest.raises(IllegalAction, match="no action id"):
        space("manitou").action(len(space("manitou")))
    assert main(["manitou"]) == 0
    first = capsys.readouterr().out.splitlines()[0].split("\t")
    assert first[0] == "0" and first[1] == space("manitou").text(0)
    assert main(["chess"]) == 2
