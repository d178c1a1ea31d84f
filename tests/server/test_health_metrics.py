"""/healthz, /readyz and /metrics of a real hall (uvicorn on loopback), and what the metrics count."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import httpx
from harness import Hall, command, seated_table
from test_hall_toy import pick

from longhouse.server.metrics import HallMetrics


def sample(text: str, name: str, **labels: str) -> float:
    """The value of one sample of the Prometheus text ``text`` (0 when it is not there)."""
    wanted = ",".join(f'{k}="{v}"' for k, v in labels.items())
    pattern = re.escape(name) + (r"\{" + re.escape(wanted) + r"\}" if wanted else "") + r" (\S+)$"
    for line in text.splitlines():
        m = re.match(pattern, line)
        if m:
            return float(m.group(1))
    return 0.0


def scrape(hall: Hall, **headers: str) -> httpx.Response:
    return httpx.get(hall.url + "/metrics", headers=headers)


def test_healthz_and_readyz_answer_when_all_is_well(hall: Hall) -> None:
    r = httpx.get(hall.url + "/healthz")
    assert r.status_code == 200 and r.text == "ok\n"
    r = httpx.get(hall.url + "/readyz")
    assert r.status_code == 200 and r.text == "ready\n"


def test_health_checks_answer_whatever_the_host_other_pages_do_not(hall: Hall) -> None:
    """A load balancer asks a process by its own address (Caddy's active checks: ``Host: 127.0.0.1:8001``)."""
    odd = {"Host": "10.0.0.5:8001"}
    assert httpx.get(hall.url + "/healthz", headers=odd).status_code == 200
    assert httpx.get(hall.url + "/readyz", headers=odd).status_code == 200
    assert httpx.get(hall.url + "/metrics", headers=odd).status_code == 400
    assert httpx.get(hall.url + "/api/me", headers=odd).status_code == 400


def test_readyz_says_503_and_why_when_the_store_is_gone(tmp_path: Path) -> None:
    folder = tmp_path / "store"
    folder.mkdir()
    h = Hall(f"sqlite:///{folder / 'hall.db'}")
    try:
        assert httpx.get(h.url + "/readyz").status_code == 200
        # the disk the store lived on is gone: no new connection can open it
        h.store.engine.dispose()
        shutil.rmtree(folder)
        (tmp_path / "store").write_text("not a folder any more")
        r = httpx.get(h.url + "/readyz")
        assert r.status_code == 503
        assert r.text.startswith("not ready: the store does not answer (OperationalError)")
        assert httpx.get(h.url + "/healthz").status_code == 200  # the process still serves
    finally:
        h.server.should_exit = True
        h.thread.join(20)


def test_readyz_says_503_while_the_hall_is_stopping(hall: Hall) -> None:
    hall.hall.stopping = True
    r = httpx.get(hall.url + "/readyz")
    assert r.status_code == 503 and "stopping" in r.text


def test_metrics_only_for_this_machine_or_with_the_token(db_url: str) -> None:
    h = Hall(db_url, metrics_token="s3cret-metrics-token")
    try:
        r = scrape(h)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain; version=0.0.4")
        assert "longhouse_moves_total" in r.text or "# TYPE longhouse_moves counter" in r.text
        # through a proxy (the request carries the client's address): not this machine's scraper
        assert scrape(h, **{"X-Forwarded-For": "203.0.113.9"}).status_code == 404
        assert scrape(h, Forwarded="for=203.0.113.9").status_code == 404
        assert scrape(h, **{"X-Forwarded-For": "203.0.113.9", "Authorization": "Bearer wrong"}).status_code == 404
        r = scrape(h, **{"X-Forwarded-For": "203.0.113.9", "Authorization": "Bearer s3cret-metrics-token"})
        assert r.status_code == 200 and "longhouse_sockets" in r.text
    finally:
        h.stop()


def test_metrics_count_moves_commits_sockets_tables_and_refusals(hall: Hall) -> None:
    _, people, sockets = seated_table(hall, ["Ann", "Bob"])
    before = scrape(hall).text
    assert sample(before, "longhouse_sockets", kind="table") == 2
    assert sample(before, "longhouse_tables", status="running") == 1
    assert sample(before, "longhouse_tables", status="waiting") == 0
    for ws in sockets:
        state = pick(ws)
        ws.wait(lambda m, v=state["version"]: m.get("type") == "state" and m["version"] > v)
    after = scrape(hall).text
    moves = sample(after, "longhouse_moves_total", game="toy") - sample(before, "longhouse_moves_total", game="toy")
    assert moves == 2
    latencies = sample(after, "longhouse_move_latency_seconds_count", game="toy")
    assert latencies >= 2  # both people's moves timed from their receipt
    assert sample(after, "longhouse_move_latency_seconds_sum", game="toy") > 0
    assert sample(after, "longhouse_commit_batch_moves_sum") >= 2
    assert sample(after, "longhouse_commit_seconds_count") >= 1
    # a flood of chat lines is refused by the chat limit, and counted
    lobby = people[0].lobby()
    for i in range(hall.hall.settings.chat_burst + 3):
        command(lobby, f"hello {i}")
    lobby.wait(lambda m: m.get("type") == "error", what="the chat limit's refusal")
    assert sample(scrape(hall).text, "longhouse_refusals_total", limit="chat_rate") >= 1
    assert sample(scrape(hall).text, "longhouse_sockets", kind="lobby") == 1
    for ws in sockets:
        ws.close()
    lobby.close()


def test_bot_thinking_is_timed(hall: Hall) -> None:
    from harness import Client, create_table, fill_with_bots, join, start_game

    ann = Client(hall, "Ann")
    lobby = ann.lobby()
    tid = create_table(lobby, "toy", 2)
    ws = ann.table(tid)
    join(ws, 1)
    fill_with_bots(ws, "casual")
    start_game(ws, ws)
    state = pick(ws)
    ws.wait(lambda m: m.get("type") == "state" and m["version"] > state["version"] + 1, what="the bot's move")
    assert sample(scrape(hall).text, "longhouse_bot_think_seconds_count") >= 1
    ws.close()
    lobby.close()


def test_errors_logged_are_counted_by_the_part_that_logged_them() -> None:
    import logging

    metrics = HallMetrics()
    metrics.attach_logging()
    try:
        logging.getLogger("longhouse.commits").error("could not store")
        logging.getLogger("longhouse.commits").warning("only a warning")
        logging.getLogger("longhouse.table").exception("a bot failed")
    finally:
        metrics.detach_logging()
    logging.getLogger("longhouse.table").error("after detaching: not counted")
    values = metrics.values()
    assert values['longhouse_errors_total{kind="commits"}'] == 1
    assert values['longhouse_errors_total{kind="table"}'] == 1


def test_the_move_tallies_serve_what_prometheus_histograms_would() -> None:
    """``Tally`` (counted without a lock) serves the same series as ``prometheus_client``'s ``Histogram`` and
    ``Counter`` fed the same observations: names, labels, every bucket's ``le``, counts, sum."""
    from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest

    from longhouse.server import metrics as m

    ours = m.HallMetrics()
    theirs = CollectorRegistry()
    moves = Counter("longhouse_moves", "Moves acknowledged (stored), by game", ["game"], registry=theirs)
    latency = Histogram("longhouse_move_latency_seconds", "Seconds from a move's receipt to its acknowledgement",
                        ["game"], buckets=m.LATENCY_BUCKETS, registry=theirs)
    size = Histogram("longhouse_commit_batch_moves", "Moves stored in one group commit", buckets=m.BATCH_BUCKETS,
                     registry=theirs)
    took = Histogram("longhouse_commit_seconds", "Seconds one group commit takes", buckets=m.COMMIT_BUCKETS,
                     registry=theirs)
    # values on bucket bounds (``le`` is inclusive), between them and past the last one
    delays = [0.0005, 0.0007, 0.001, 0.02, 0.25, 3.0, 0.0]
    for i, delay in enumerate(delays):
        game = ("manitou", "five_tribes")[i % 2]
        ours.latency.setdefault(game, m.Tally(m.LATENCY_BUCKETS)).observe(delay)
        ours.moves[game] = ours.moves.get(game, 0) + 1
        moves.labels(game).inc()
        latency.labels(game).observe(delay)
    ours.move("manitoba", None)  # a bot's move: counted, not timed
    moves.labels("manitoba").inc()
    latency.labels("manitoba")
    for batch, seconds in ((1, 0.0002), (8, 0.003), (600, 2.0), (32, 0.01)):
        ours.batch(batch, seconds)
        size.observe(batch)
        took.observe(seconds)

    def series(text: bytes, names: tuple[str, ...]) -> list[str]:
        return sorted(line for line in text.decode().splitlines() if line.startswith(names))

    names = ("longhouse_moves", "longhouse_move_latency", "longhouse_commit_")
    assert series(ours.exposition(), names) == series(generate_latest(theirs), names)
    assert ours.values()['longhouse_move_latency_seconds_count{game="manitou"}'] == 4
