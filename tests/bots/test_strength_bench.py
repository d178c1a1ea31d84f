"""bench/strength.py, tiny: two games of one line at two iterations a move, resumed without replaying a
game, and the table's Wilson intervals computed from the results file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from longhouse.bots.stats import wilson_interval

ROOT = Path(__file__).resolve().parents[2]
TINY = ["--game", "manitou", "--line", "expert-greedy", "--iterations", "2", "--jobs", "1"]


def strength(results: Path, *args: str) -> str:
    done = subprocess.run([sys.executable, "bench/strength.py", "--results", str(results), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return done.stdout


def records(results: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in results.read_text().splitlines()]


def test_a_tiny_run_resumes_without_playing_a_game_twice(tmp_path: Path) -> None:
    results = tmp_path / "strength.jsonl"
    first = strength(results, *TINY, "--games", "1")
    assert "1 games to play, 0 already" in first
    assert [r["seed"] for r in records(results)] == [0]
    with results.open("a") as out:  # a kill in the middle of writing a record
        out.write('{"commit": "abc", "game": "manitou", "li')
    second = strength(results, *TINY, "--games", "2")
    assert "1 games to play, 1 already" in second
    third = strength(results, *TINY, "--games", "2")
    assert "0 games to play, 2 already" in third
    kept = [json.loads(line) for line in results.read_text().splitlines() if line.endswith("}")]
    assert sorted(int(str(r["seed"])) for r in kept) == [0, 1]
    first_game, second_game = sorted(kept, key=lambda r: int(str(r["seed"])))
    assert first_game["seats"] == ["expert", "greedy"] and second_game["seats"] == ["greedy", "expert"]
    for record in kept:
        assert record["line"] == "expert-greedy" and record["game"] == "manitou" and record["players"] == 2
        assert record["budget"] == "2 iterations" and record["error"] is None and record["commit"]
        assert isinstance(record["winners"], list) and record["winners"]
        assert 0 <= float(str(record["win"])) <= 1
    wins = sum(float(str(r["win"])) for r in kept)
    low, high = wilson_interval(wins, 2)
    assert f"| 2 | {100 * wins / 2:.1f}% | {100 * low:.1f}–{100 * high:.1f}% |" in third


def test_the_table_gives_each_line_its_win_rate_and_wilson_interval(tmp_path: Path) -> None:
    results = tmp_path / "strength.jsonl"
    lines = []
    for seed in range(10):
        hero_won = seed < 7
        lines.append({"commit": "c1", "game": "manitoba", "players": 2, "line": "strong-casual", "seed": seed,
                      "index": seed, "budget": "levels", "seats": ["strong", "casual"], "scores": [1, 0],
                      "winners": [0] if hero_won else [1], "win": 1.0 if hero_won else 0.0, "error": None})
    lines.append({"commit": "c2", "game": "manitoba", "players": 4, "line": "expert-3greedy", "seed": 0,
                  "index": 0, "budget": "levels", "seats": ["expert", "greedy", "greedy", "greedy"],
                  "scores": [3, 3, 1, 0], "winners": [0, 1], "win": 0.5, "error": None})
    results.write_text("".join(json.dumps(line) + "\n" for line in lines))
    out = strength(results, "--table")
    low, high = wilson_interval(7, 10)
    assert (f"| manitoba | strong vs casual (2p) | levels | 10 | 70.0% | {100 * low:.1f}–{100 * high:.1f}% "
            "| ≥60% | c1 |") in out
    low, high = wilson_interval(0.5, 1)
    assert f"| manitoba | expert vs 3 greedy (4p) | levels | 1 | 50.0% | {100 * low:.1f}–{100 * high:.1f}% |" in out
    assert "games to play" not in out


def test_round_order_plays_the_next_game_of_every_line_in_turn(tmp_path: Path) -> None:
    results = tmp_path / "strength.jsonl"
    out = strength(results, "--game", "manitou", "--line", "expert-greedy", "--line", "casual-beginner",
                   "--iterations", "2", "--jobs", "1", "--games", "2", "--order", "round")
    assert "4 games to play" in out
    assert [(r["line"], r["index"]) for r in records(results)] == [
        ("expert-greedy", 0), ("casual-beginner", 0), ("expert-greedy", 1), ("casual-beginner", 1)]
