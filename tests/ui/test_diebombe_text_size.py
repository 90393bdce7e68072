"""Die Bombe at 125 % text with three and five seats (``test_text_size.py`` checks four): the
middle is narrower or the panels more, and the banner's long wordings were squeezed to 82 %
("One card only; the other leaves the game."): its short wordings stand in where needed."""

from __future__ import annotations

import pygame
import pytest

from game.ui import app as app_module
from game.ui.textaudit import audit_scene

SCENES = ("table", "curtain", "bid", "rebid", "reveal", "take", "bomb", "outcome", "history",
          "scoring", "lesson")


@pytest.mark.slow
@pytest.mark.parametrize("code", ["4VC-414-X5P", "AV4-D41-4X5U"])
def test_die_bombe_fits_at_125_percent_with_three_and_five_seats(
        monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    monkeypatch.setattr(app_module, "_png_bytes", lambda surface: b"")
    found: list[str] = []
    try:
        for lang in ("es", "en", "pt"):
            for scene in SCENES:
                found += [f.line() for f in audit_scene(scene, lang, code, text_size=125,
                                                        covered=True)]
    finally:
        pygame.quit()
    assert not found, "\n".join(found)
