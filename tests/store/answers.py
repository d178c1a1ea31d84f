"""What the hall answers about everything it keeps: the API answers that an upgrade or a move of the database
must leave as they were (the archive, records, replays, leaderboards, player pages, an account's settings; a
replay is drawn by the games' code, so the tests take it as today's replay of the unchanged record).

``LEGACY`` is the hall's database file written by the release before migrations (``make_legacy_db.py`` made
it, and ``legacy.json`` beside it: its accounts' passwords, its tables and the answers it gave then)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import httpx

FIXTURES = Path(__file__).resolve().parent / "fixtures"
LEGACY = FIXTURES / "legacy.db"
LEGACY_FACTS = FIXTURES / "legacy.json"

GAMES = ("manitou", "manitoba", "five_tribes")


def answers(base: str, names: list[str], finished: list[int], running: list[int]) -> dict[str, Any]:
    """Every answer of the hall at ``base`` about these accounts and tables, by URL (signed out): its status
    and its body's ``digest`` (replays are large), the body itself as well when it is short."""
    urls = ["/api/archive", *(f"/api/archive?game={g}" for g in GAMES),
            *(f"/api/archive?player={n}" for n in names),
            *(f"/api/leaderboard/{g}" for g in GAMES), *(f"/api/players/{n}" for n in names),
            *(f"/api/tables/{t}/record" for t in finished + running),
            *(f"/api/tables/{t}/replay" for t in finished)]
    out: dict[str, Any] = {}
    with httpx.Client(base_url=base, timeout=60) as http:
        for url in urls:
            r = http.get(url)
            body = r.json()
            for start, keys in ADDED.items():
                if url.startswith(start) and isinstance(body, dict):
                    body = {k: v for k, v in body.items() if k not in keys}
            out[url] = {"status": r.status_code, "digest": digest(body)}
            if len(r.content) <= SHORT:
                out[url]["body"] = body
    return out


#: What releases since added to an answer (by the start of its URL), left out of it here: the answers the legacy
#: release gave are compared whole, but for these. A player page's fair play (``server/reputation.py``).
ADDED = {"/api/players/": ("reputation", "vacation", "outcomes")}
#: Answers up to this many bytes are kept whole (to show what differs), longer ones by their digest only.
SHORT = 3000


def digest(body: Any) -> str:
    """The SHA-256 of a JSON value written canonically (keys sorted, no spaces)."""
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def signed_in(base: str, name: str, password: str) -> dict[str, Any]:
    """Sign in as ``name``: who ``/api/me`` says the account is and what ``/api/settings`` then says (raises if
    the sign-in fails). Only ``/api/me``'s ``user``: the rest of its answer (the page's language and the
    languages on offer, since the catalogs came) is about the hall, not about the account kept in the store."""
    with httpx.Client(base_url=base, timeout=60) as http:
        r = http.post("/api/signin", json={"name": name, "password": password})
        assert r.status_code == 200, f"{name} cannot sign in: {r.status_code} {r.text}"
        me = http.get("/api/me").json()
        return {"me": {"user": me["user"]}, "settings": http.get("/api/settings").json()}


def load_facts() -> dict[str, Any]:
    facts: dict[str, Any] = json.loads(LEGACY_FACTS.read_text())
    return facts
