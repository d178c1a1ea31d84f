"""The plain policy fit: it learns a rule the data follow, from an export read back, and the fitted bot plays
legal moves through the bots' interface to the end of a game."""

from __future__ import annotations

import random
from pathlib import Path

from longhouse import games
from longhouse.adapters import dataset, imitation
from longhouse.adapters.action_space import space
from longhouse.engine.records import Match


def _lowest_id_games(folder: Path, name: str, count: int) -> None:
    """Games in which every seat plays its legal action of lowest id, but for a random move in four."""
    ids = space(name)
    for seed in range(count):
        match = Match(games.get(name), ["low", "low"], seed)
        rng = random.Random(seed)
        while not match.state.is_over():
            seat = min(match.state.acting())
            legal = match.state.legal_actions(seat)
            lowest = ids.action(min(ids.ids_of(legal)))
            match.apply(seat, rng.choice(legal) if rng.random() < 0.25 else lowest)
        (folder / f"{name}-{seed}.json").write_text(match.record.dumps(), encoding="utf-8")


def test_the_fit_learns_a_rule_from_exported_decisions_and_plays_it(tmp_path: Path) -> None:
    _lowest_id_games(tmp_path, "manitou", 4)
    out = tmp_path / "decisions.parquet"
    assert dataset.write_parquet(dataset.selfplay_games(tmp_path), out)[0] == 4
    data = imitation.decisions(out, "manitou", 2)
    training, held = data.split(0.25)
    assert len(set(held.tables.tolist())) == 1 and not set(held.tables) & set(training.tables)
    policy = imitation.fit(training, steps=150)  # on games it has not seen, it mostly follows the rule
    chance = float((1.0 / held.masks.sum(axis=1)).mean())  # a uniformly random legal choice's agreement
    assert policy.train_accuracy > 0.8 and policy.accuracy(held) > chance + 0.3
    state = games.get("manitou").new_state(2, 99)
    bot = imitation.PolicyBot(policy)
    while not state.is_over():
        seat = min(state.acting())
        action = bot.choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
