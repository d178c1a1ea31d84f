"""`longhouse arena` (``longhouse.bots.arena``, and its command ``longhouse.cli.arena``): seat rotation,
reproducible games, the table, JSON and the plot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from longhouse.bots import arena
from longhouse.cli import arena as arena_command
from longhouse.cli import build_parser


def parse(*argv: str) -> object:
    return build_parser(only="arena").parse_args(["arena", *argv])


def test_seats_rotate_between_games() -> None:
    assert arena.seating(["a", "b"], 2, 0) == ("a", "b")
    assert arena.seating(["a", "b"], 2, 1) == ("b", "a")
    assert arena.seating(["i", "g", "g", "g"], 4, 1) == ("g", "g", "g", "i")
    assert arena.seating(["a", "b"], 4, 0) == ("a", "b", "a", "b")
    specs = arena.build_specs("toy", ["a", "b", "c"], 6, 3, 10, None, 5)
    assert [s.seed for s in specs] == [10, 11, 12, 13, 14, 15]
    for seat in range(3):
        assert sorted(s.bots[seat] for s in specs) == ["a", "a", "b", "b", "c", "c"]


def test_a_match_is_reproducible_and_complete() -> None:
    spec = arena.MatchSpec("toy", ("ismcts", "greedy"), seed=3, iterations=20)
    first, second = arena.play_match(spec), arena.play_match(spec)
    assert first.result is not None and first.error is None
    assert first.result == second.result
    assert first.result.bots == ("ismcts", "greedy")
    assert first.search["ismcts"][0] > 0


def test_parallel_games_give_the_same_results_as_serial_ones() -> None:
    specs = arena.build_specs("toy", ["ismcts", "random"], 4, 2, 0, None, 15)
    serial = [o.result for o in arena.run_matches(specs, jobs=1)]
    parallel = [o.result for o in arena.run_matches(specs, jobs=2)]
    assert serial == parallel


def test_arena_json_output(capsys: pytest.CaptureFixture[str]) -> None:
    args = parse("toy", "--bots", "greedy,random", "--games", "6", "--iterations", "10", "--json")
    assert arena_command.run(args) == 0  # type: ignore[arg-type]
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "toy" and report["games"] == 6 and report["aborted"] == []
    by_bot = {b["bot"]: b for b in report["bots"]}
    assert by_bot["greedy"]["games"] == by_bot["random"]["games"] == 6
    assert by_bot["greedy"]["wins"] + by_bot["random"]["wins"] == pytest.approx(
        sum(1 for r in report["results"] if r["winners"])
    )
    assert len(report["results"]) == 6


def test_arena_table_and_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    png = tmp_path / "rates.png"
    args = parse("toy", "--bots", "ismcts,random,random", "--games", "3", "--iterations", "10", "--plot", str(png))
    assert arena_command.run(args) == 0  # type: ignore[arg-type]
    out = capsys.readouterr().out
    assert "win rate" in out and "ismcts" in out and "search iterations/s" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    "argv",
    [
        ("nogame", "--bots", "random"),
        ("toy", "--bots", "random,psychic"),
        ("toy", "--bots", "random", "--players", "9"),
        ("toy", "--bots", "random,random", "--games", "0"),
    ],
)
def test_arena_refuses_bad_arguments(argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    assert arena_command.run(parse(*argv)) == 2  # type: ignore[arg-type]
    assert "longhouse arena:" in capsys.readouterr().err


def test_arena_plot_without_matplotlib_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """matplotlib is an extra (``.[plot]``): the hall's own install has no plotting library."""
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a))
    from longhouse.cli import main

    assert main(["arena", "manitou", "--bots", "random,random", "--games", "1", "--plot", "out.png"]) == 2
    assert "pip install -e '.[plot]'" in capsys.readouterr().err
