"""What the privacy tests of every game's table share: an app showing one match whose every
frame is kept as a hash of its pixels and the list of texts it drew, so two tables that differ
only in a secret can be compared frame by frame."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game.match.match import Match
from game.ui import fonts
from game.ui.app import App
from game.ui.cache import CACHES
from game.ui.scene import Scene
from game.ui.scenes.curtain import CurtainScene
from game.ui.settings import Settings

DT = 1 / 30


class TextSpy:
    """Records every text rendered (install with ``monkeypatch``: ``spy.install(mp)``)."""

    def __init__(self) -> None:
        self.drawn: list[str] = []

    def install(self, monkeypatch: Any) -> None:
        real = fonts.render

        def spy(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
            self.drawn.append(text)
            return real(text, *args, **kwargs)

        monkeypatch.setattr(fonts, "render", spy)


class PrivacyScreen:
    """One app showing one match; every frame's pixels (hashed) and the texts it drew."""

    def __init__(self, folder: Path, match: Match, make_table: Callable[[App, Match], Scene[Any]],
                 spy: TextSpy, lang: str = "en") -> None:
        for cache in CACHES:  # a text cached by an earlier test is not rendered, so not heard:
            cache.clear()     # every screen starts from nothing drawn (test order is no matter)
        fonts.clear()
        self.app = App(Settings(language=lang), settings_dir=folder, lang=lang, audio=False,
                       persist=False, start=None)
        pygame.event.clear()
        self.match = match
        self.spy = spy
        self.scene: Any = make_table(self.app, match)
        self.app.stack.push(self.scene)
        self.frames: list[str] = []
        self.texts: list[list[str]] = []

    def step(self, n: int = 1) -> None:
        for _ in range(n):
            del self.spy.drawn[:]
            self.app.step(DT)
            pixels = pygame.image.tobytes(self.app.screen, "RGB")
            self.frames.append(hashlib.blake2b(pixels, digest_size=16).hexdigest())
            self.texts.append(list(self.spy.drawn))

    def until(self, ready: Callable[[], bool], limit: int = 3000) -> None:
        for _ in range(limit):
            if ready():
                return
            self.step()
        raise AssertionError("the table never got there")

    def curtain_for(self, seat: int) -> Callable[[], bool]:
        def ready() -> bool:
            top = self.app.stack.top
            return isinstance(top, CurtainScene) and top.seat == seat and self.app._guard <= 0
        return ready

    def close(self) -> None:
        self.app.close()
