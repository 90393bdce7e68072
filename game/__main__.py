"""``python -m game``: the game, and its tools (scenario, sim, bench)."""

from game.cli import main

raise SystemExit(main())
