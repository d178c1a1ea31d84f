"""The CLI: replay reproduces recorded games and reports bad records; play runs to the end."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from longhouse.cli import main
from longhouse.engine.conformance import play_random_game
from longhouse.games.manitou import GAME


def record_file(tmp_path: Path, seed: int = 4, n: int = 3) -> tuple[Path, dict[str, Any]]:
    match = play_random_game(GAME, n, seed)
    path = tmp_path / "game.json"
    path.write_text(match.record.dumps())
    return path, match.record.to_json()


def test_replay_prints_the_final_scores_and_breakdown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, record = record_file(tmp_path)
    assert main(["replay", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["scores"] == record["result"]["scores"]
    assert out["breakdown"] == record["result"]["breakdown"]
    assert out["over"] is True


def test_replay_reports_an_illegal_action_with_its_index(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, record = record_file(tmp_path)
    record["actions"][40] = {"seat": record["actions"][40]["seat"], "action": {"type": "play", "card": "C",
                                                                               "ground": 7}}
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 1
    err = json.loads(capsys.readouterr().err)
    assert err["index"] == 40 and "ground" in err["error"]


def test_replay_reports_a_move_out_of_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, record = record_file(tmp_path, n=2)
    first_play = next(i for i, a in enumerate(record["actions"]) if a.get("action", {}).get("type") == "play")
    record["actions"][first_play]["seat"] = 1 - record["actions"][first_play]["seat"]
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 1
    err = json.loads(capsys.readouterr().err)
    assert err["index"] == first_play and "turn" in err["error"]


@pytest.mark.parametrize("text", ["not json", "[]", '{"game": "manitou"}', '{"game": "chess", "rules_version": "1", '
                                  '"players": ["a", "b"], "seed": 1, "actions": []}'])
def test_replay_reports_a_garbled_record(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    assert main(["replay", str(path)]) == 1
    assert json.loads(capsys.readouterr().err)["index"] is None


def test_replay_rejects_a_wrong_recorded_result(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, record = record_file(tmp_path)
    record["result"]["scores"][0] += 1
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 1
    assert "scores" in json.loads(capsys.readouterr().err)["error"]


def test_play_with_bots_in_every_seat_runs_to_the_end(tmp_path: Path) -> None:
    out = tmp_path / "rec.json"
    done = subprocess.run([sys.executable, "-m", "longhouse.cli", "play", "manitou", "--players", "3", "--bots", "3",
                           "--seed", "5", "--record", str(out)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout
    assert main(["replay", str(out)]) == 0


def test_play_in_german_writes_the_move_log_the_board_and_the_prompts_in_german() -> None:
    # the human takes the first listed action each time, in a game whose texts come from the German catalog
    done = subprocess.run([sys.executable, "-m", "longhouse.cli", "play", "manitou", "--players", "3", "--bots", "2",
                           "--seed", "5", "--lang", "de"], input="\n".join(["1"] * 400), capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    out = done.stdout
    for german in ("3 Spieler, Startwert 5", "Jagd 1 von 3", "Dein Zug (Nummer oder Notation", "den Jäger 1 wählen",
                   "Jagdgebiet 1: Büffel", "Das Spiel ist vorbei:", "Spielende.", "Sieger:", "Summe"):
        assert german in out, german
    for english in ("Hunt 1 of 3", "Your move", "Game over", "players, seed", "Winner", "pick the"):
        assert english not in out, english
    assert "\u00ad" not in out  # the soft hyphens of the page's small cards are no terminal's


def test_play_a_human_seat_answers_on_standard_input(tmp_path: Path) -> None:
    # the human always takes the first listed action (or presses Enter at the score screen)
    answers = "\n".join(["1"] * 400)
    out = tmp_path / "rec.json"
    done = subprocess.run([sys.executable, "-m", "longhouse.cli", "play", "manitou", "--players", "2", "--seed", "9",
                           "--record", str(out)], input=answers, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    record = json.loads(out.read_text())
    assert record["result"] is not None and len(record["players"]) == 2


def test_conformance_command_reports_each_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conformance", "manitou", "--games", "3", "--players", "2,4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["manitou 2p", "manitou 4p"]


def test_the_engine_benchmark_prints_its_ratio() -> None:
    done = subprocess.run([sys.executable, "bench/engine.py", "--seconds", "0.05", "--games", "manitou"],
                          capture_output=True, text=True, timeout=120, cwd=Path(__file__).parents[2])
    assert done.returncode == 0, done.stderr
    assert "python-chess" in done.stdout and "× chess" in done.stdout and "manitou" in done.stdout


def test_replay_reports_a_garbled_record_in_the_terminal_s_language(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """``--lang de``, else the environment's ``LANG``, writes a record's fault in German (issue 23); ``C`` is
    English."""
    path, record = record_file(tmp_path)
    path.write_text("[]")
    assert main(["replay", str(path), "--lang", "de"]) == 1
    said = json.loads(capsys.readouterr().err)
    assert said == {"error": "eine Partieaufzeichnung ist ein JSON-Objekt", "index": None}
    record["actions"][3] = {"seat": record["actions"][3]["seat"], "undo": "x"}
    path.write_text(json.dumps(record))
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert main(["replay", str(path)]) == 1
    assert json.loads(capsys.readouterr().err) == {"error": "undo nimmt einen ganzzahligen Schritt", "index": 3}
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["replay", str(path)]) == 1
    assert json.loads(capsys.readouterr().err)["error"] == "undo takes an integer step"
    record["rules_version"] = "0"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path), "--lang", "de"]) == 1
    assert json.loads(capsys.readouterr().err)["error"] == (
        f"unter der Regelversion '0' aufgezeichnet, diese Engine spielt {GAME.rules_version!r}")
