"""The bomb-deck tables at 125 % and 150 % text (issue 24), each rule set in es, en and pt:
nothing small, squeezed below 90 %, cut or over another text (``covered`` is left out: a big
moment's band and a lesson's highlight cover the table on purpose; at 150 % the banner still
covers the piles' names and Mazo's third clue line, the next piece of work with the table's
regions themselves growing: docs/ACCESSIBILITY.md)."""

from __future__ import annotations

import pygame
import pytest

from game.ui import app as app_module
from game.ui.textaudit import audit_scene

CODES = {"mazo": "912-7KT", "bombazo": "212-7KJ", "clasico": "D12-7KE"}
SCENES = ("table", "curtain", "hide_bomb", "react", "chooser", "explosion", "end", "tutorial",
          "cards")


@pytest.mark.slow
@pytest.mark.parametrize("size", [125, 150])
@pytest.mark.parametrize("scene", SCENES)
@pytest.mark.parametrize("game", sorted(CODES))
def test_the_bomb_deck_tables_fit_at_a_bigger_text_size(
        monkeypatch: pytest.MonkeyPatch, game: str, scene: str, size: int) -> None:
    monkeypatch.setattr(app_module, "_png_bytes", lambda surface: b"")
    found: list[str] = []
    try:
        for lang in ("es", "en", "pt"):
            found += [f.line() for f in audit_scene(scene, lang, CODES[game], text_size=size)]
    finally:
        pygame.quit()
    assert not found, "\n".join(found)
