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
        assert record["budget"] == "2 iterations: expert=moismcts2 greedy"
        assert record["error"] is None and record["commit"]
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
    assert ("| manitoba | strong vs casual (2p) | strong=ismcts300 casual=greedy | 10 | 70.0% | "
            f"{100 * low:.1f}–{100 * high:.1f}% | ≥60% | c1 |") in out
    low, high = wilson_interval(0.5, 1)
    assert ("| manitoba | expert vs 3 greedy (4p) | expert=moismcts800 greedy | 1 | 50.0% | "
            f"{100 * low:.1f}–{100 * high:.1f}% |") in out
    assert "games to play" not in out


def test_round_order_plays_the_next_game_of_every_line_in_turn(tmp_path: Path) -> None:
    results = tmp_path / "strength.jsonl"
    out = strength(results, "--game", "manitou", "--line", "expert-greedy", "--line", "casual-beginner",
                   "--iterations", "2", "--jobs", "1", "--games", "2", "--order", "round")
    assert "4 games to play" in out
    assert [(r["line"], r["index"]) for r in records(results)] == [
        ("expert-greedy", 0), ("casual-beginner", 0), ("expert-greedy", 1), ("casual-beginner", 1)]


def test_games_of_another_level_definition_are_rows_of_their_own(tmp_path: Path) -> None:
    """A record names how its levels played (``levels.signature``); the old records' ``levels`` is read as
    the old definitions: the same line at another definition is another row, at the same one it adds up."""
    from longhouse.bots.levels import signature

    results = tmp_path / "strength.jsonl"

    def game(seed: int, budget: str, won: bool, line: str = "expert-strong",
             seats: tuple[str, ...] = ("expert", "strong")) -> dict[str, object]:
        return {"commit": "c", "game": "five_tribes", "players": 2, "line": line, "seed": seed, "index": seed,
                "budget": budget, "seats": list(seats), "scores": [1, 0], "winners": [0 if won else 1],
                "win": 1.0 if won else 0.0, "error": None}

    now = signature(["expert", "strong"], "five_tribes")
    assert now != "expert=moismcts800 strong=ismcts300"  # the expert's play changed there
    rows = [game(0, "levels", False), game(1, "levels", False), game(0, now, True),
            game(0, "levels", True, "strong-casual", ("strong", "casual")),
            game(1, "strong=ismcts300 casual=greedy", True, "strong-casual", ("strong", "casual"))]
    results.write_text("".join(json.dumps(row) + "\n" for row in rows))
    out = strength(results, "--table")
    assert "| five_tribes | expert vs strong (2p) | expert=moismcts800 strong=ismcts300 | 2 | 0.0% |" in out
    assert f"| five_tribes | expert vs strong (2p) | {now} | 1 | 100.0% |" in out
    assert "| five_tribes | strong vs casual (2p) | strong=ismcts300 casual=greedy | 2 | 100.0% |" in out
    # a resumed run skips the game of the same definition, not those of the old one
    played = strength(results, "--game", "five_tribes", "--line", "expert-strong", "--games", "1", "--jobs", "1")
    assert "0 games to play, 5 already" in played
