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
