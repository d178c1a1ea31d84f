"""``longhouse serve`` with the test-only toy game registered (the restart tests run it as a process)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import register_toy

from longhouse.cli import main

if __name__ == "__main__":
    register_toy()
    raise SystemExit(main(["serve", *sys.argv[1:]]))
