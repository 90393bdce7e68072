"""Every text a screen draws, with the size it asked for and how far it was narrowed: the
fonts' ``render`` and every module's ``fit_line`` are wrapped while a test looks."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from game.ui import cards, fonts, text
from game.ui.bombdeck import hand


@dataclass
class Drawn:
    texts: dict[tuple[str, int], float] = field(default_factory=dict)
    """(text, size) → the narrowest it was drawn at (1.0: its natural width)."""
    strings_live: set[str] = field(default_factory=set)
    """Every text drawn, kept up to date."""

    def add(self, line: str, size: int, ratio: float) -> None:
        if line.strip():
            key = (line, size)
            self.texts[key] = min(ratio, self.texts.get(key, 1.0))
            self.strings_live.add(line)

    @property
    def strings(self) -> set[str]:
        return {line for line, _size in self.texts}

    def too_small(self, least: int) -> list[tuple[str, int]]:
        return sorted(key for key in self.texts if key[1] < least)

    def squeezed(self, least: float) -> list[tuple[str, int, float]]:
        return sorted((line, size, round(r, 2)) for (line, size), r in self.texts.items()
                      if r < least)


def spy(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Record the texts drawn from now on until the test ends (the caches of card faces are
    emptied first, so a face drawn before is drawn again and seen)."""
    drawn = Drawn()
    render, fit = fonts.render, text.fit_line

    def spy_render(line: str, size: int, *args: Any, **kw: Any) -> pygame.Surface:
        drawn.add(line, size, 1.0)
        return render(line, size, *args, **kw)

    def spy_fit(line: str, size: int, width: int, *args: Any, **kw: Any) -> pygame.Surface:
        bold = bool(args[1]) if len(args) > 1 else bool(kw.get("bold", False))
        natural = fonts.get(size, bold).size(line)[0]
        surf = fit(line, size, width, *args, **kw)
        drawn.add(line, round(size * surf.get_height() / max(1, fonts.get(size, bold)
                                                              .get_height())),
                  min(1.0, surf.get_width() / natural) if natural else 1.0)
        return surf

    monkeypatch.setattr(fonts, "render", spy_render)
    for name, module in list(sys.modules.items()):
        if name.startswith("game.ui") and getattr(module, "fit_line", None) is fit:
            monkeypatch.setattr(module, "fit_line", spy_fit)
    cards.clear_cache()
    hand._TURNED.clear()
    return drawn


@contextmanager
def spying(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    """The texts drawn inside the block."""
    yield spy(monkeypatch)
