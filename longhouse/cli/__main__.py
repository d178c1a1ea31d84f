"""``python -m longhouse.cli``: the same as the ``longhouse`` command."""

from longhouse.cli import main

raise SystemExit(main())
