"""The README's list of games says what a player can do today (issue 19: it still said the
Caza Bombas and Die Bombe tables "come next" after both were played end to end)."""

from __future__ import annotations

import re
from pathlib import Path

from game.ui.registry import on_screen

README = Path(__file__).resolve().parent.parent / "README.md"
NOT_YET = re.compile(r"\b(comes? next|coming next|not yet|to come|yet to be built)\b", re.I)


def _game_list() -> str:
    """The bulleted list of games at the top of the README, up to the first heading."""
    text = README.read_text(encoding="utf-8")
    return text.split("\n## ", 1)[0]


def test_the_readme_promises_nothing_for_a_game_already_on_screen() -> None:
    top = _game_list()
    bullets = top.split("\n- ")[1:]
    assert len(bullets) >= 3
    assert len(on_screen()) == 5
    for bullet in bullets:
        assert not NOT_YET.search(" ".join(bullet.split())), bullet
