"""Caza Bombas at 150 % text: a stand whose wires are all cut has one count wording, and the
table asked for a second (an IndexError, issue 24's first run at 150 %). Whatever the audit
still finds at that size (``test_text_size.py``'s xfails), every table scene draws."""

from __future__ import annotations

import pygame
import pytest

from game.ui import app as app_module
from game.ui.textaudit import audit_scene


@pytest.mark.parametrize("code", ["ZPG-CK1-11A3", "4ZAS-MD31-11CZ"])
def test_every_caza_table_draws_at_150_percent(monkeypatch: pytest.MonkeyPatch,
                                               code: str) -> None:
    monkeypatch.setattr(app_module, "_png_bytes", lambda surface: b"")
    try:
        for scene in ("table", "won", "lost", "boom"):
            audit_scene(scene, "pt", code, text_size=150)  # raises if the drawing fails
    finally:
        pygame.quit()


def test_the_two_player_boards_hint_is_whole_at_125_percent(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With two players the board has room for "Point at cards and values to learn more": at
    125 % it was squeezed to 84 %; it takes two lines, or none when they do not fit."""
    monkeypatch.setattr(app_module, "_png_bytes", lambda surface: b"")
    found: list[str] = []
    try:
        for lang in ("es", "en", "pt"):
            for scene in ("table", "setup", "detector"):
                found += [f.line() for f in audit_scene(scene, lang, "1R1-1338",
                                                        text_size=125)]
    finally:
        pygame.quit()
    assert not found, "\n".join(found)
