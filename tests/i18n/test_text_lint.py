"""No text reaches a reader outside the catalogs (issue 23, item 3).

- The browser: every module under ``longhouse/web`` passes the ESLint rule ``longhouse/texts``
  (``tools/eslint/texts.js``: a string or template literal with words put into DOM text or a read attribute —
  ``textContent``, ``title``, ``aria-label``, ``placeholder``, ``alt``, the children and attributes of ``h()``
  and ``svg()``, ``append``, ``confirm`` …; and prose kept in a table, an object's value, an array's element or
  a ``const``, that does not go through ``N_()``). ``./dev test``'s ESLint runs the rule too; this test also holds
  the allow-list ``TEXTS_PENDING`` of ``eslint.config.js`` to its word.
- The server: no JSON error or websocket error message in ``longhouse/server/*.py`` is bare English
  (``server_texts.py``).

Both allow-lists only shrink: a module listed as pending that has no bare text left fails the test until its
entry is removed, and nothing may be added to them (a lane empties its own entries)."""

from __future__ import annotations

import json
import subprocess
from collections import Counter
from pathlib import Path

from tests.i18n.server_texts import findings

ROOT = Path(__file__).resolve().parents[2]

# The lint over every web module, listed pending or not, with the rule's options from eslint.config.js.
LINT = """
import { ESLint } from "eslint";
import texts from "./tools/eslint/texts.js";
import { NAMES, TEXTS_PENDING } from "./eslint.config.js";
const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: [{
  files: ["**/*.js"], languageOptions: { ecmaVersion: 2022, sourceType: "module" },
  plugins: { longhouse: { rules: { texts } } }, rules: { "longhouse/texts": ["error", { names: NAMES }] } }] });
const results = await eslint.lintFiles(["longhouse/web/**/*.js"]);
const found = results.map((r) => ({ path: r.filePath, messages: r.messages.map((m) => `${m.line}: ${m.message}`) }));
console.log(JSON.stringify({ pending: TEXTS_PENDING, found }));
"""

# Server modules whose errors are bare English still, with the lane that makes them speak (only shrinks).
SERVER_PENDING: set[str] = set()


def _web_lint() -> tuple[list[str], dict[str, list[str]]]:
    out = subprocess.run(["node", "--input-type=module", "-e", LINT], cwd=ROOT, capture_output=True, text=True,
                         check=True, timeout=120)
    data = json.loads(out.stdout)
    found = {str(Path(r["path"]).relative_to(ROOT)): r["messages"] for r in data["found"]}
    return data["pending"], found


def test_no_web_module_puts_a_bare_text_on_the_page() -> None:
    pending, found = _web_lint()
    assert len(found) > 40, "the lint reads every web module"
    assert sorted(set(pending)) == sorted(pending) and set(pending) <= set(found), "pending: real modules, once each"
    bare = {path: lines for path, lines in found.items() if lines and path not in pending}
    assert bare == {}, "put these texts through t()/tn() (web/i18n.js, docs/i18n.md)"
    done = [path for path in pending if not found[path]]
    assert done == [], "these modules speak through the catalog now: take them off TEXTS_PENDING (eslint.config.js)"


def test_no_server_message_is_bare_english() -> None:
    found = findings(ROOT)
    by_module = Counter(f.path for f in found)
    bare = [f for f in found if f.path not in SERVER_PENDING]
    assert bare == [], "write these with _() / ngettext (longhouse.i18n) and answer with language.answer()"
    done = sorted(SERVER_PENDING - set(by_module))
    assert done == [], "these modules speak through the catalog now: take them off SERVER_PENDING"


def test_the_server_lint_finds_bare_texts_and_passes_catalog_ones(tmp_path: Path) -> None:
    server = tmp_path / "longhouse" / "server"
    server.mkdir(parents=True)
    (server / "a.py").write_text(
        'GONE = "that link is gone"\n'
        'MARKED = N_("that link is gone")\n'
        'TEXTS = {"none": "no such thing"}\n'
        'def f(conn, exc, name, words):\n'
        '    JSONResponse({"error": "sign in first"})\n'
        '    JSONResponse({"error": f"there is no game {name!r}"})\n'
        '    JSONResponse({"error": GONE + ": ask again"})\n'
        '    JSONResponse({"error": TEXTS["none"]})\n'
        '    JSONResponse({"error": str(exc)})\n'
        '    conn.error("too fast", code="flood")\n'
        '    rconn2.notice("a line %s" % name)\n'
        '    send({"type": "error", "message": "{} left".format(name)})\n'
        '    refuse(ws, 4401, "sign in first")\n'
        '    answer(request, {"error": _("there is no game {name}", name=repr(name))})\n'
        '    answer(request, {"error": words.gettext(MARKED), "code": "gone"})\n'
        '    conn.error(error_text(exc), code="command")\n'
        '    refuse(ws, 4403, N_("cross-site websocket refused"))\n'
        '    JSONResponse({"error": "—", "code": "no_player"})\n'
        '    send({"type": "chat", "message": "hello"})\n'
        '    log.error("stored %s", name)\n')
    lines = sorted(f.line for f in findings(tmp_path))
    assert lines == [5, 6, 7, 7, 8, 9, 10, 11, 12, 13]
