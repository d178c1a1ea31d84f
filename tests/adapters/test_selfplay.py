"""Self-play and the arena give the same results in this process, on a local pool and on a real local
Ray cluster; the records replay."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from longhouse import games
from longhouse.adapters import pool, selfplay
from longhouse.cli import main
from longhouse.engine import Record, replay
from tests.adapters.raycluster import ray_cluster

GAME = ("manitou", "ismcts,greedy")


def _square(n: int) -> int:
    return n * n


def test_the_pool_keeps_the_order_of_the_items_wherever_it_runs() -> None:
    items = list(range(7))
    seen: list[int] = []
    assert pool.run_all(_square, items, jobs=1, on_result=seen.append) == [n * n for n in items]
    assert pool.run_all(_square, items, jobs=3) == [n * n for n in items] and seen == [n * n for n in items]
    with pytest.raises(ValueError, match="jobs"):
        pool.run_all(_square, items, jobs=0)


def test_selfplay_records_replay_and_are_the_same_on_one_process_or_a_pool(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["selfplay", GAME[0], "--games", "3", "--bots", GAME[1], "--iterations", "8", "--seed", "5"]
    assert main([*args, "--out", str(tmp_path / "one"), "--jobs", "1"]) == 0
    assert main([*args, "--out", str(tmp_path / "pool"), "--jobs", "2"]) == 0
    assert "3 games in" in capsys.readouterr().out
    summary = json.loads((tmp_path / "one" / "summary.json").read_text())
    assert [row["seed"] for row in summary["games"]] == [5, 6, 7]
    assert [row["bots"] for row in summary["games"]] == [["ismcts", "greedy"], ["greedy", "ismcts"],
                                                         ["ismcts", "greedy"]]
    for row in summary["games"]:
        one = (tmp_path / "one" / row["record"]).read_text()
        assert (tmp_path / "pool" / row["record"]).read_text() == one
        record = Record.loads(one)
        final = replay(record, games.for_record(record))
        assert final.is_over() and final.scores() == row["scores"]


@pytest.mark.parametrize("argv", [["nogame"], ["manitou", "--bots", "psychic"], ["manitou", "--players", "9"],
                                  ["manitou", "--games", "0"]])
def test_selfplay_refuses_bad_arguments(argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if "--games" not in argv:
        argv = [*argv, "--games", "1"]
    assert main(["selfplay", *argv, "--out", str(tmp_path)]) == 2
    assert "longhouse selfplay:" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def _cli(*argv: str) -> str:
    done = subprocess.run([sys.executable, "-m", "longhouse.cli", *argv], capture_output=True, text=True,
                          timeout=600, env={**os.environ, "RAY_USAGE_STATS_ENABLED": "0"})
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_selfplay_and_arena_on_a_real_local_ray_cluster_match_the_local_pool(tmp_path: Path) -> None:
    specs = selfplay.plan(GAME[0], GAME[1].split(","), 4, 2, 11, 8)
    local = selfplay.run(specs, jobs=2)
    arena = ["arena", GAME[0], "--bots", GAME[1], "--games", "4", "--iterations", "8", "--seed", "3", "--json"]
    arena_local = json.loads(_cli(*arena, "--jobs", "2"))
    with ray_cluster(cpus=2) as address:
        out = tmp_path / "ray"
        printed = _cli("selfplay", GAME[0], "--games", "4", "--bots", GAME[1], "--iterations", "8", "--seed", "11",
                       "--out", str(out), "--ray", address)
        arena_ray = json.loads(_cli(*arena, "--ray", address))
    assert f"on Ray ({address})" in printed
    summary = json.loads((out / "summary.json").read_text())
    assert [json.loads((out / row["record"]).read_text()) for row in summary["games"]] == local
    assert arena_ray["results"] == arena_local["results"] and arena_ray["bots"] == arena_local["bots"]


def test_without_ray_nothing_imports_it(tmp_path: Path) -> None:
    out = str(tmp_path)
    code = ("import sys; from longhouse.cli import main; "
            f"assert main(['selfplay', 'manitou', '--games', '2', '--bots', 'random', '--out', {out!r}]) == 0; "
            "assert main(['arena', 'manitou', '--bots', 'random,greedy', '--games', '2', '--json']) == 0; "
            "assert not {'ray', 'pyspiel', 'pettingzoo'} & set(sys.modules), 'an optional extra was imported'")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
