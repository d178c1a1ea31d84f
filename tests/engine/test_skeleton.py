"""Every game package is built on the skeleton ``docs/engine.md`` describes: the same files, and imports only
downward through its layers, so that a package reads from the top down.

The layers, top first: ``data``; ``rulings``; the game's helpers (plain tables and geometry the position is
made of, named below per game); ``actions``; ``state``; the rules modules (every other module); ``play``;
``view``, ``describe`` and ``terminal`` (none of the three importing another); ``game``; ``__init__``. A module
imports only modules of layers above its own, and, within the helpers and within the rules, each other (no
circle: ``test_import_cycles``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from longhouse import games
from tests.engine.test_import_cycles import ROOT, import_graph

#: The files every game package has (``docs/engine.md``), by layer; the rules modules are layer ``RULES``.
LAYERS: dict[str, int] = {"data": 0, "rulings": 1, "actions": 3, "state": 4, "play": 6, "view": 7,
                          "describe": 7, "terminal": 7, "game": 8, "__init__": 9}
HELPER, RULES = 2, 5
#: Each game's helpers: data-like modules below the state (docs/engine.md names them).
HELPERS: dict[str, set[str]] = {
    "manitou": {"fights"},
    "manitoba": {"territory", "tasks", "texts", "recent", "words", "saved"},
    "five_tribes": {"board"},
}


def layers(name: str) -> dict[str, int]:
    """Each module of the game's package (by its file name) and its layer."""
    package = ROOT / "games" / name
    out = {}
    for path in sorted(package.glob("*.py")):
        module = path.stem
        out[module] = LAYERS.get(module, HELPER if module in HELPERS[name] else RULES)
    return out


def test_every_game_has_its_helpers_named() -> None:
    assert set(HELPERS) == set(games.names())


@pytest.mark.parametrize("name", games.names())
def test_each_game_package_has_the_skeleton_files(name: str) -> None:
    package = ROOT / "games" / name
    assert not [p for p in package.iterdir() if p.is_dir() and p.name != "__pycache__"], "no sub-packages"
    missing = sorted(set(LAYERS) - {p.stem for p in package.glob("*.py")})
    assert missing == [], f"{name} lacks {missing}"
    assert HELPERS[name] <= set(layers(name)), "a named helper that is not there"


@pytest.mark.parametrize("name", games.names())
def test_each_game_package_imports_only_down_its_layers(name: str) -> None:
    prefix = f"longhouse.games.{name}"
    graph = import_graph(ROOT)
    layer = layers(name)
    upward = []
    for module, targets in graph.items():
        if not (module == prefix or module.startswith(prefix + ".")):
            continue
        mine = "__init__" if module == prefix else module.rsplit(".", 1)[1]
        for target in targets:
            if target.startswith("longhouse.games") and not target.startswith(prefix + "."):
                upward.append(f"{mine} imports another package: {target}")
                continue
            if not target.startswith(prefix + "."):
                if not target.startswith("longhouse.engine"):
                    upward.append(f"{mine} imports {target}: a game uses only the engine")
                continue
            theirs = target.rsplit(".", 1)[1]
            same_group = layer[mine] == layer[theirs] in (HELPER, RULES)
            if layer[theirs] > layer[mine] or (layer[theirs] == layer[mine] and not same_group):
                upward.append(f"{mine} (layer {layer[mine]}) imports {theirs} (layer {layer[theirs]})")
    assert upward == []


def test_the_skeleton_is_the_one_docs_engine_md_lists() -> None:
    """Each skeleton file and each helper is named in the package table of ``docs/engine.md``."""
    doc = (Path(ROOT).parent / "docs" / "engine.md").read_text()
    table = doc[doc.index("## A game package"):doc.index("## How to add a game")]
    for module in LAYERS:
        assert f"`{module}.py`" in table, module
    for name, helpers in HELPERS.items():
        for module in helpers:
            assert f"`{module}.py`" in table, (name, module)
