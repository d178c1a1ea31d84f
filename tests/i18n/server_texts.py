"""The server's messages to a reader, found where they are bare English: a lint over ``longhouse/server/*.py``
(its AST, no import). A *sink* is where a text reaches a person: the value of ``"error"`` in a dict (a JSON
answer's error), of ``"message"`` in a dict that is ``{"type": "error", …}`` (a websocket's error), a
connection's ``conn.error(text)`` and ``conn.notice(text)``, ``refuse(ws, code, reason, message)``, and the
message of ``Refused(status, message)`` (``accounts.py``: an API's refusal). A
*bare* text there is a string literal with a letter in it, an f-string, a ``+``/``%`` or ``.format`` of them,
``str(…)`` (the English of anything, a ``Msg`` too), or a module constant that is one; a text through the
catalog (``_``, ``ngettext``, a constant marked ``N_`` and looked up with ``gettext``, ``error_text``) is
not bare."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

WORD = re.compile(r"[^\W\d_]")
CONN = re.compile(r"conn\d*$")


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    text: str


def _worded(s: str) -> bool:
    return bool(WORD.search(s))


class _Module:
    def __init__(self, tree: ast.Module) -> None:
        # module constants: NAME = "text" (and NAME = {"key": "text", …}, read as TEXTS["key"])
        self.constants: dict[str, ast.expr] = {}
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                self.constants[node.targets[0].id] = node.value
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
                self.constants[node.target.id] = node.value

    def bare(self, node: ast.expr | None, seen: frozenset[str] = frozenset()) -> list[ast.expr]:
        """The parts of an expression that are English text outside the catalog."""
        if node is None:
            return []
        if isinstance(node, ast.Constant):
            return [node] if isinstance(node.value, str) and _worded(node.value) else []
        if isinstance(node, ast.JoinedStr):
            return [node] if any(isinstance(v, ast.Constant) and _worded(str(v.value)) for v in node.values) else []
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
            return self.bare(node.left, seen) + self.bare(node.right, seen)
        if isinstance(node, ast.IfExp):
            return self.bare(node.body, seen) + self.bare(node.orelse, seen)
        if isinstance(node, ast.BoolOp):
            return [found for v in node.values for found in self.bare(v, seen)]
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name) and node.func.id == "str":
                return [node]
            if isinstance(node.func, ast.Attribute) and node.func.attr == "format":
                return self.bare(node.func.value, seen)
            return []
        if isinstance(node, ast.Name) and node.id in self.constants and node.id not in seen:
            return [node] if self.bare(self.constants[node.id], seen | {node.id}) else []
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
            table = self.constants.get(node.value.id)
            if isinstance(table, ast.Dict) and any(self.bare(v, seen) for v in table.values):
                return [node]
        return []


def _key(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _sinks(tree: ast.Module) -> list[ast.expr]:
    out: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            items = {_key(k): v for k, v in zip(node.keys, node.values, strict=True) if _key(k)}
            if "error" in items:
                out.append(items["error"])
            kind = items.get("type")
            if "message" in items and isinstance(kind, ast.Constant) and kind.value == "error":
                out.append(items["message"])
        elif isinstance(node, ast.Call):
            func = node.func
            if (isinstance(func, ast.Attribute) and func.attr in ("error", "notice")
                    and isinstance(func.value, ast.Name) and CONN.search(func.value.id)):
                out.extend(node.args[:1])
            elif isinstance(func, ast.Name) and func.id == "Refused":  # accounts.Refused(status, message)
                out.extend(node.args[1:2])
            elif isinstance(func, ast.Name) and func.id == "refuse":
                out.extend(node.args[2:4])
                out.extend(k.value for k in node.keywords if k.arg in ("reason", "message"))
    return out


def findings(root: Path) -> list[Finding]:
    """Every bare text at a sink of ``root/longhouse/server/*.py``."""
    found = []
    for path in sorted((root / "longhouse" / "server").glob("*.py")):
        source = path.read_text()
        tree = ast.parse(source)
        module = _Module(tree)
        for sink in _sinks(tree):
            for part in module.bare(sink):
                text = ast.get_source_segment(source, part) or ""
                found.append(Finding(str(path.relative_to(root)), part.lineno, text[:60]))
    return found
