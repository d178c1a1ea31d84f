"""docs/research.md's examples run as written: each ``python`` block, and each ``$`` line of a ``console``
block, in a fresh folder (the ``sh`` block is the install instruction, which ``./dev`` does itself)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)


def _blocks(kind: str) -> list[str]:
    return [body for lang, body in BLOCK.findall(DOC.read_text(encoding="utf-8")) if lang == kind]


def test_the_page_has_an_example_for_each_adapter() -> None:
    code = "\n".join(_blocks("python"))
    for needle in ("pyspiel.random_sim_test", "ismcts.ISMCTSBot", "pettingzoo import env", 'ray="local"',
                   "LonghouseVectorEnv", "learning.train", "pq.read_table"):
        assert needle in code
    assert any("longhouse selfplay" in block for block in _blocks("console"))
    assert any("longhouse export --format parquet" in block for block in _blocks("console"))


def test_the_page_gives_the_datasets_columns_in_order() -> None:
    from longhouse.adapters import dataset

    text = DOC.read_text(encoding="utf-8")
    listed = re.findall(r"^\| `(\w+)` \| (?:string|int8|int32|bool|list<\w+>) \|", text, re.M)
    assert tuple(listed) == dataset.COLUMNS
    assert f"Schema version {dataset.SCHEMA_VERSION}" in text


def test_the_page_gives_the_true_size_of_each_action_space() -> None:
    from longhouse import games
    from longhouse.adapters.action_space import space

    text = DOC.read_text(encoding="utf-8")
    for name in games.names():
        assert f"{games.get(name).title} {len(space(name)):,}" in text


@pytest.mark.parametrize("index", range(len(_blocks("python"))))
def test_python_example(index: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    exec(compile(_blocks("python")[index], f"{DOC.name} python block {index + 1}", "exec"), {"__name__": "doc"})
    assert capsys.readouterr().out.strip()


def test_console_examples(tmp_path: Path) -> None:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    for block in _blocks("console"):
        for line in block.splitlines():
            if not line.startswith("$ "):
                continue
            done = subprocess.run(line[2:], shell=True, cwd=tmp_path, env=env, capture_output=True, text=True,
                                  timeout=600)
            assert done.returncode == 0, f"{line}\n{done.stderr[-2000:]}"
            assert done.stdout.strip(), line


def test_the_page_gives_each_tensor_layout_as_the_code_makes_it() -> None:
    from longhouse import games
    from longhouse.adapters import tensors

    text = DOC.read_text(encoding="utf-8")
    for name in games.names():
        assert tensors.markdown(name) in text
    assert tensors.recall_layout("manitou").markdown() in text
    for name in games.names():
        sizes = ", ".join(f"{tensors.information_state_size(name, n):,}" for n in (2, 3, 4))
        assert f"{games.get(name).title} {sizes}" in text
