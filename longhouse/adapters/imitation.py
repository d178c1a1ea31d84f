"""From data to a bot: a softmax (multinomial logistic) regression over the legal actions, fitted in numpy on
exported decisions (``longhouse export``), played through the bots' interface.

``decisions(path, game, players)`` reads a Parquet export's rows of one game and player count as arrays;
``fit`` learns weights ``W`` (features × action ids) and biases so that, for a seat's observation tensor
``x`` (standardised by the training data's mean and spread), the probability of legal action ``a`` is
``softmax(x W + b)`` over the legal ids only; full-batch gradient descent (Adam) on the cross-entropy with
an L2 penalty. ``PolicyBot`` plays the most probable legal action of the seat's observation tensor
(``tensors.fast.observe``: only what the seat may see), so it is a ``longhouse.bots.Bot`` like the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from longhouse.adapters.action_space import space
from longhouse.adapters.tensors.fast import observe
from longhouse.bots.base import Bot
from longhouse.engine.state import Action, State

Floats = npt.NDArray[np.float32]
#: The logit of an action id never legal in the training data.
UNSEEN = -1e9


@dataclass(frozen=True)
class Decisions:
    """Rows of one game and player count: observations (N, D), legal masks (N, A), the actions played (N,)."""

    game: str
    players: int
    observations: Floats
    masks: npt.NDArray[np.bool_]
    actions: npt.NDArray[np.int64]
    #: the game (``table``) each row comes from, for splits that keep a game's rows together
    tables: npt.NDArray[np.str_]

    def split(self, held_out: float) -> tuple[Decisions, Decisions]:
        """(training, held-out) rows: the last ``held_out`` share of the games (by name) held out whole."""
        names = sorted(set(self.tables.tolist()))
        kept = set(names[:max(1, round(len(names) * (1 - held_out)))])
        inside = np.array([t in kept for t in self.tables.tolist()], np.bool_)
        return self._rows(inside), self._rows(~inside)

    def _rows(self, keep: npt.NDArray[np.bool_]) -> Decisions:
        return Decisions(self.game, self.players, self.observations[keep], self.masks[keep], self.actions[keep],
                         self.tables[keep])


def decisions(path: Path, game: str, players: int, only_winners: bool = False) -> Decisions:
    """The decisions of ``game`` at ``players`` seats in a ``longhouse export`` Parquet file (with
    ``only_winners``, only those of seats that won their game)."""
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    table = pq.read_table(path, columns=["game", "players", "table", "observation", "legal_mask", "action",
                                             "won"])
    keep = pc.and_(pc.equal(table["game"], game), pc.equal(table["players"], players))
    if only_winners:
        keep = pc.and_(keep, table["won"])
    table = table.filter(keep)
    if table.num_rows == 0:
        raise ValueError(f"{path} holds no decisions of {game} at {players} players")
    observations = np.stack(table["observation"].to_numpy(zero_copy_only=False)).astype(np.float32)
    masks = np.stack(table["legal_mask"].to_numpy(zero_copy_only=False)).astype(np.bool_)
    return Decisions(game, players, observations, masks, table["action"].to_numpy().astype(np.int64),
                     np.asarray(table["table"].to_pylist(), np.str_))


@dataclass
class Policy:
    """A fitted softmax policy: standardisation, weights and biases, and how well it fitted."""

    game: str
    players: int
    mean: Floats
    scale: Floats
    #: the action ids the policy knows (those legal somewhere in its data): its weights' columns
    columns: npt.NDArray[np.int64]
    weights: Floats
    bias: Floats
    actions: int
    train_accuracy: float
    loss: float

    def logits(self, observations: Floats) -> Floats:
        """Per observation, a logit for every action id (those it never saw legal: far below the rest)."""
        out = np.full((len(observations), self.actions), UNSEEN, np.float32)
        out[:, self.columns] = ((observations - self.mean) / self.scale) @ self.weights + self.bias
        return out

    def accuracy(self, data: Decisions) -> float:
        """How often the policy's most probable legal action is the one played."""
        chosen = np.where(data.masks, self.logits(data.observations), -np.inf).argmax(axis=1)
        return float((chosen == data.actions).mean())


def _masked_softmax(logits: Floats, masks: npt.NDArray[np.bool_]) -> Floats:
    shifted = np.where(masks, logits, -np.inf)
    shifted = shifted - shifted.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    out: Floats = exp / exp.sum(axis=1, keepdims=True)
    return out


def fit(data: Decisions, *, steps: int = 300, learning_rate: float = 0.05, l2: float = 0.05,
        seed: int = 0) -> Policy:
    """Fit the policy to ``data`` by ``steps`` full-batch Adam steps on the masked cross-entropy + L2."""
    x = data.observations
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    z = ((x - mean) / scale).astype(np.float32)
    n, d = z.shape
    columns = np.flatnonzero(data.masks.any(axis=0))
    masks = data.masks[:, columns]
    played = np.searchsorted(columns, data.actions)
    a = len(columns)
    rng = np.random.default_rng(seed)
    w = (rng.standard_normal((d, a)) * 0.01).astype(np.float32)
    b = np.zeros(a, np.float32)
    target = np.zeros((n, a), np.float32)
    target[np.arange(n), played] = 1.0
    moments = [np.zeros_like(w), np.zeros_like(w), np.zeros_like(b), np.zeros_like(b)]
    beta1, beta2, eps = 0.9, 0.999, 1e-8
    loss = 0.0
    for t in range(1, steps + 1):
        p = _masked_softmax(z @ w + b, masks)
        loss = float(-np.log(np.maximum(p[np.arange(n), played], 1e-12)).mean() + l2 * (w * w).sum())
        g = (p - target) / n
        grads = (z.T @ g + 2 * l2 * w, g.sum(axis=0))
        for k, (param, grad) in enumerate(zip((w, b), grads, strict=True)):
            m, v = moments[2 * k], moments[2 * k + 1]
            m *= beta1
            m += (1 - beta1) * grad
            v *= beta2
            v += (1 - beta2) * grad * grad
            param -= learning_rate * (m / (1 - beta1 ** t)) / (np.sqrt(v / (1 - beta2 ** t)) + eps)
    policy = Policy(data.game, data.players, mean, scale, columns, w, b, data.masks.shape[1], 0.0, loss)
    policy.train_accuracy = policy.accuracy(data)
    return policy


class PolicyBot(Bot):
    """A bot that plays a fitted ``Policy``'s most probable legal action (ties: the lowest id)."""

    name = "logistic"
    offload = False

    def __init__(self, policy: Policy, seed: int = 0, **budget: Any) -> None:
        super().__init__(seed)
        self.policy = policy

    def pick(self, state: State, seat: int, actions: list[Action]) -> Action:
        if state.game.name != self.policy.game or state.num_players != self.policy.players:
            raise ValueError(f"a policy for {self.policy.game} at {self.policy.players} players, not this game")
        ids = space(self.policy.game)
        legal = ids.ids_of(actions)
        logits = self.policy.logits(observe(state, seat)[None, :])[0]
        best = legal[int(np.argmax(logits[legal]))]
        return ids.action(best)
