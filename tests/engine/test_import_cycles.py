"""No two modules of ``longhouse/`` import each other, directly or in a circle.

Every import counts: at the top, inside a function, or under ``TYPE_CHECKING`` (a cycle hidden in a
function is still a cycle a reader must untangle). The graph is read from the source with ``ast``.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "longhouse"


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(root: Path) -> dict[str, set[str]]:
    """Each module of ``root`` and the modules of ``root`` it imports."""
    paths = {module_name(p, root): p for p in root.rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in paths}
    for module, path in paths.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in paths else base for a in node.names]
            else:
                continue
            graph[module].update(t for t in targets if t in paths and t != module)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_a_cycle(tmp_path: Path) -> None:
    package = tmp_path / "longhouse" / "pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from longhouse.pkg import b\n")
    (package / "b.py").write_text("def f():\n    from longhouse.pkg.c import x\n")
    (package / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n")
    assert cycles(import_graph(tmp_path / "longhouse")) == [["longhouse.pkg.a", "longhouse.pkg.b", "longhouse.pkg.c"]]


def test_no_import_cycle_in_longhouse() -> None:
    assert cycles(import_graph(ROOT)) == []


def test_the_engine_imports_nothing_above_it_and_the_adapters_no_command_line() -> None:
    """The layers between packages: the engine is the bottom (it never loads the games' registry); the
    research adapters use the contract, never the command line."""
    graph = import_graph(ROOT)
    upward = sorted((m, t) for m, targets in graph.items() for t in targets
                    if (m.startswith("longhouse.engine") and not t.startswith("longhouse.engine"))
                    or (m.startswith("longhouse.adapters") and t.startswith("longhouse.cli")))
    assert upward == []


def test_no_engine_module_imports_msgspec() -> None:
    """The engine hands out data; encoding it for the wire is the server's (``server/json_text.py``)."""
    found = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            found += [f"{path.name}: {n}" for n in names if n.split(".")[0] == "msgspec"]
    assert found == []
