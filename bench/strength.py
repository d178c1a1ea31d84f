"""How strong are the hall's levels? Plays the strength table's lines at the levels' fixed iteration
budgets, one game at a time into a results file, and prints the table from that file.

The lines, for every registered game (``longhouse.games.names()``):

* ``expert-greedy``: expert vs greedy, 2 players, 100 games (target: expert wins ≥ 75%);
* ``expert-3greedy``: expert vs three greedy, 4 players, 100 games (≥ 45%; the fair share is 25%);
* the ladder at 2 players, 60 games a line (each step ≥ 60%): ``casual-beginner``, ``strong-casual``,
  ``expert-strong``.

The levels play at their iterations a move (``longhouse.bots.levels``) **without** the hall's time cap, so
the figures do not depend on the machine or its load. Game ``i`` of a line uses seed ``--seed + i`` and
the seating rotated by ``i`` (``longhouse.bots.arena.seating``); ties split the win.

**Resumable**: every finished game is appended at once as one JSON line to the results file (``--results``,
default ``bench/results/strength-levels.jsonl``): the commit, game, players, line, seed, game index, the
bot in each seat, the scores, the winning seats and the first bot's win share. A restart skips every game
already in the file (same game, line, seed and budget), so the table can be played over several sittings
and stopped at any time (``kill`` loses only the games in progress). The table (first bot's win rate with
its 95% Wilson interval, per line) is printed from the whole file, with the commits it holds.

    nice -n 19 python bench/strength.py --jobs 2                      # the whole table (hours)
    python bench/strength.py --game manitou --line expert-greedy --games 4
    nice -n 19 python bench/strength.py --jobs 2 --order round        # a few games of every line first
    python bench/strength.py --table                                  # only print the table
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from longhouse import games  # noqa: E402
from longhouse.bots import arena  # noqa: E402
from longhouse.bots.levels import signature  # noqa: E402
from longhouse.bots.stats import wilson_interval, win_shares  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "strength-levels.jsonl"


@dataclass(frozen=True)
class Line:
    key: str
    label: str
    bots: tuple[str, ...]  # the first one is measured
    games: int
    target: float


LINES = (
    Line("expert-greedy", "expert vs greedy (2p)", ("expert", "greedy"), 100, 0.75),
    Line("expert-3greedy", "expert vs 3 greedy (4p)", ("expert", "greedy", "greedy", "greedy"), 100, 0.45),
    Line("casual-beginner", "casual vs beginner (2p)", ("casual", "beginner"), 60, 0.60),
    Line("strong-casual", "strong vs casual (2p)", ("strong", "casual"), 60, 0.60),
    Line("expert-strong", "expert vs strong (2p)", ("expert", "strong"), 60, 0.60),
)
BY_KEY = {line.key: line for line in LINES}


def commit() -> str:
    """The measured commit (short hash, ``+dirty`` with uncommitted changes; ``unknown`` outside git)."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+dirty" if dirty else "")


def budget_name(game: str, line: Line, iterations: int | None) -> str:
    """The line's budget in a record: how its levels play ``game`` (``levels.signature``, e.g.
    ``expert=moismcts800v2 strong=ismcts300``), at ``iterations`` a move if given, so that games of one
    level definition are never mixed with another's."""
    budget = signature(line.bots, game)
    return budget if iterations is None else f"{iterations} iterations: {signature(line.bots, game, iterations)}"


#: What the levels were before records named them (budget ``levels``, until 2026-12-03): read as these.
LEGACY_LEVELS = {"beginner": "greedy", "casual": "greedy", "strong": "ismcts300", "expert": "moismcts800"}


def legacy_budget(record: dict[str, Any]) -> str:
    """A record's budget as this version writes it: an old ``levels`` record's line at the old levels."""
    budget = str(record["budget"])
    line = BY_KEY.get(str(record["line"]))
    if budget != "levels" or line is None:
        return budget
    return " ".join(f"{name}={LEGACY_LEVELS[name]}" if name in LEGACY_LEVELS else name
                    for name in dict.fromkeys(line.bots))


def read_records(path: Path) -> list[dict[str, Any]]:
    """The games in the results file (a line cut short by a kill is ignored; it is played again)."""
    if not path.exists():
        return []
    records = []
    for text in path.read_text().splitlines():
        try:
            record = json.loads(text)
        except json.JSONDecodeError:
            continue
        if isinstance(record, dict) and "line" in record:
            records.append({**record, "budget": legacy_budget(record)})
    return records


def record_key(record: dict[str, Any]) -> tuple[str, str, int, str]:
    return (record["game"], record["line"], int(record["seed"]), record["budget"])


def planned(game_names: list[str], lines: list[Line], count: int | None, seed: int,
            iterations: int | None) -> Iterator[tuple[str, Line, int, arena.MatchSpec]]:
    """Every game of the chosen lines: (game, line, game index, what to play)."""
    for game in game_names:
        for line in lines:
            if len(line.bots) > games.get(game).max_players:
                continue
            for index in range(line.games if count is None else count):
                spec = arena.MatchSpec(game, arena.seating(line.bots, len(line.bots), index), seed + index,
                                       None, iterations, uncapped=True)
                yield game, line, index, spec


def round_robin(todo: list[tuple[str, Line, int, arena.MatchSpec]]) -> list[tuple[str, Line, int, arena.MatchSpec]]:
    """``todo`` reordered so that every chosen (game, line) gets its next game in turn: all the first games,
    then all the second games, ... (in the order of the games and lines asked for), so a run stopped early
    has a few games of every line rather than all of the first."""
    position = {(item[0], item[1].key): i for i, item in reversed(list(enumerate(todo)))}
    rank: dict[tuple[str, str], int] = {}
    keyed = []
    for item in todo:
        pair = (item[0], item[1].key)
        keyed.append(((rank.get(pair, 0), position[pair]), item))
        rank[pair] = rank.get(pair, 0) + 1
    return [item for _, item in sorted(keyed, key=lambda k: k[0])]


def play(spec: arena.MatchSpec) -> arena.MatchOutcome:
    return arena.play_match(spec)


def record_of(game: str, line: Line, index: int, spec: arena.MatchSpec, outcome: arena.MatchOutcome,
              measured: str, iterations: int | None) -> dict[str, Any]:
    result = outcome.result
    winners = list(result.winners) if result else []
    shares = win_shares(winners, len(spec.bots))
    hero = line.bots[0]
    return {
        "commit": measured, "game": game, "players": len(spec.bots), "line": line.key, "seed": spec.seed,
        "index": index, "budget": budget_name(game, line, iterations), "seats": list(spec.bots),
        "scores": list(result.scores) if result else None, "winners": winners,
        "win": sum(share for seat, share in enumerate(shares) if spec.bots[seat] == hero),
        "error": outcome.error, "seconds": round(outcome.seconds, 1),
    }


def run(path: Path, todo: list[tuple[str, Line, int, arena.MatchSpec]], jobs: int, iterations: int | None) -> int:
    """Play ``todo`` in ``jobs`` processes, appending each finished game to ``path``; returns games played."""
    measured = commit()
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists() and path.stat().st_size and not path.read_bytes().endswith(b"\n"):
        with path.open("a") as cut:  # a line cut short by a kill: end it, so the next record stands alone
            cut.write("\n")
    played = 0
    with path.open("a") as out, ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        waiting: dict[Future[arena.MatchOutcome], tuple[str, Line, int, arena.MatchSpec]] = {}
        queue = iter(todo)
        for item in queue:
            waiting[pool.submit(play, item[3])] = item
            if len(waiting) >= max(1, jobs):
                break
        while waiting:
            finished, _ = wait(waiting, return_when=FIRST_COMPLETED)
            for future in finished:
                game, line, index, spec = waiting.pop(future)
                record = record_of(game, line, index, spec, future.result(), measured, iterations)
                out.write(json.dumps(record) + "\n")
                out.flush()
                played += 1
                print(f"{game} {line.key} game {index + 1}: seats {' '.join(spec.bots)}, winners "
                      f"{record['winners']}, {record['seconds']:.0f} s", flush=True)
                following = next(queue, None)
                if following is not None:
                    waiting[pool.submit(play, following[3])] = following
    return played


def table(records: list[dict[str, Any]]) -> list[str]:
    """The strength table of ``records`` as markdown lines: per game, line and budget, the first bot's
    win rate with its 95% Wilson interval."""
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for record in records:
        if record.get("error") is None:
            groups.setdefault((record["game"], record["line"], record["budget"]), []).append(record)
    order = {line.key: i for i, line in enumerate(LINES)}
    rows = ["| game | line | budget | games | first bot wins | 95% CI (Wilson) | target | commits |",
            "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for (game, key, budget), group in sorted(groups.items(), key=lambda g: (g[0][0], order.get(g[0][1], 99),
                                                                            g[0][2])):
        line = BY_KEY.get(key)
        wins = sum(float(r["win"]) for r in group)
        low, high = wilson_interval(wins, len(group))
        commits = ", ".join(sorted({str(r["commit"]) for r in group}))
        rows.append(f"| {game} | {line.label if line else key} | {budget} | {len(group)} | "
                    f"{100 * wins / len(group):.1f}% | {100 * low:.1f}–{100 * high:.1f}% | "
                    f"{'–' if line is None else f'≥{100 * line.target:.0f}%'} | {commits} |")
    errors = [r for r in records if r.get("error") is not None]
    if errors:
        rows.append("")
        rows += [f"aborted: {r['game']} {r['line']} seed {r['seed']}: {r['error']}" for r in errors]
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--results", type=Path, default=RESULTS, help=f"results file (default {RESULTS})")
    parser.add_argument("--game", action="append", default=None, choices=games.names(), help="only this game")
    parser.add_argument("--line", action="append", default=None, choices=list(BY_KEY), help="only this line")
    parser.add_argument("--games", type=int, default=None, help="games a line (default: the line's own)")
    parser.add_argument("--iterations", type=int, default=None,
                        help="every searching bot at this many iterations instead of its level's (tests)")
    parser.add_argument("--jobs", type=int, default=2, help="games in parallel processes (default 2)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--order", choices=("line", "round"), default="line",
                        help="line: each line's games in turn; round: the next game of every line in turn")
    parser.add_argument("--table", action="store_true", help="only print the table of the results file")
    args = parser.parse_args(argv)
    if not args.table:
        lines = [BY_KEY[key] for key in args.line] if args.line else list(LINES)
        done = {record_key(r) for r in read_records(args.results)}
        todo = [item for item in planned(args.game or games.names(), lines, args.games, args.seed, args.iterations)
                if (item[0], item[1].key, item[3].seed, budget_name(item[0], item[1], args.iterations)) not in done]
        if args.order == "round":
            todo = round_robin(todo)
        print(f"{len(todo)} games to play, {len(done)} already in {args.results}", flush=True)
        start = time.perf_counter()
        played = run(args.results, todo, args.jobs, args.iterations) if todo else 0
        print(f"played {played} games in {time.perf_counter() - start:.0f} s", flush=True)
    print("\n".join(table(read_records(args.results))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
