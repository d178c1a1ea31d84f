"""Self-play: bots play whole games, and each game's record is kept (training data).

Game ``g`` of a run with first seed ``s`` is dealt with seed ``s + g``; seats rotate between games as
in the arena (``longhouse.bots.arena.seating``) and each bot's seed comes from the game's seed and its
seat (``arena.bot_seed``). Search bots think for a fixed number of ``iterations`` per move, never for a
time, so the same run gives the same records on one process, on a local pool or on a Ray cluster.

A record is the game's ``Record`` JSON (``longhouse replay`` reads it) with the bots' names as players.
``write_run`` puts one ``<game>-<seed>.json`` per game in a folder, and ``summary.json`` beside them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from longhouse import games
from longhouse.adapters.pool import run_all
from longhouse.bots.arena import MatchSpec, build_specs, seat_bots
from longhouse.engine import Match

#: One self-play game: an arena game (``longhouse.bots.arena.MatchSpec``) searched by iterations, never by time.
SelfPlayGame = MatchSpec


def plan(game: str, bots: Sequence[str], count: int, players: int, seed: int,
         iterations: int | None) -> list[SelfPlayGame]:
    """The games of one run: seeds ``seed .. seed + count - 1``, seats rotating."""
    return build_specs(game, bots, count, players, seed, None, iterations)


def play(spec: SelfPlayGame) -> dict[str, Any]:
    """Play one game to its end and return its record (JSON)."""
    game = games.get(spec.game)
    match = Match(game, list(spec.bots), spec.seed)
    players = seat_bots(spec)
    state = match.state
    while not state.is_over():
        seat = min(state.acting())
        match.apply(seat, players[seat].choose(state, seat))
    record: dict[str, Any] = match.record.to_json()
    return record


def run(specs: Sequence[SelfPlayGame], jobs: int | None = None, ray: str | None = None,
        on_record: Callable[[dict[str, Any]], None] | None = None) -> list[dict[str, Any]]:
    """Play every game (see ``pool.run_all`` for ``jobs`` and ``ray``); records in the order of ``specs``."""
    return run_all(play, specs, jobs=jobs, ray=ray, on_result=on_record)


def write_run(out: Path, specs: Sequence[SelfPlayGame], records: Sequence[dict[str, Any]]) -> Path:
    """Write each record and ``summary.json`` (games, seats, scores, winners) into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    for spec, record in zip(specs, records, strict=True):
        name = f"{spec.game}-{spec.seed}.json"
        (out / name).write_text(json.dumps(record, indent=1), encoding="utf-8")
        result = record.get("result") or {}
        rows.append({"game": spec.game, "bots": list(spec.bots), "seed": spec.seed, "iterations": spec.iterations,
                     "record": name,
                     "actions": len(record["actions"]), "scores": result.get("scores"),
                     "winners": result.get("winners")})
    summary = out / "summary.json"
    summary.write_text(json.dumps({"games": rows}, indent=1), encoding="utf-8")
    return summary
