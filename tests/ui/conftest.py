"""Headless pygame for every UI test: the dummy video and audio drivers, set before pygame is
imported anywhere in the test session."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.i18n import catalog
from game.ui import fonts, gfx
from game.ui.app import App
from game.ui.settings import Settings

RETURNING = {"tutorial_seen": True}
"""The fixtures' player has had the first game that teaches ("Play now" plays at once);
``tests/ui/test_tutorial.py`` starts from ``tutorial_seen: False``."""

_SHIPPED_LOCALES: dict[tuple[str, int, int], dict[str, object]] = {}
"""The shipped locale files as read, by path, modification time and size."""


@pytest.fixture(autouse=True)
def _no_dead_fonts() -> Iterator[None]:
    """A test that quits pygame (the screenshot tool, the text audit) leaves the fonts it
    cached dead: the next test in the worker would draw with them ("Invalid font (font module
    quit since font created)", in whichever file came next). They are forgotten then."""
    yield
    if not pygame.font.get_init():
        fonts.clear()


@pytest.fixture(autouse=True)
def _shipped_locales_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every app (and every screenshot) loads its language: reading the shipped TOML files
    again each time was a third of what a short screen test cost. Here a shipped file is
    parsed once per process and each load gets its own copy of what it holds (a new
    ``Locale`` as ever); a file in another folder (a test's damaged copy), or a shipped one
    that changed, is read as the game reads it. Parsing is tested in ``tests/test_i18n.py``."""
    real = catalog.read_catalog

    def read(lang: str, directory: Path | None = None) -> dict[str, object]:
        if directory is not None:
            return real(lang, directory)
        path = catalog.locale_file(lang)
        facts = path.stat()  # a missing file raises here as it does in the real read
        key = (str(path), facts.st_mtime_ns, facts.st_size)
        if key not in _SHIPPED_LOCALES:
            _SHIPPED_LOCALES[key] = real(lang)
        return dict(_SHIPPED_LOCALES[key])

    monkeypatch.setattr(catalog, "read_catalog", read)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    """A headless app on the title screen, English, settings in ``tmp_path``."""
    a = App(Settings(language="en", **RETURNING), settings_dir=tmp_path, lang="en")
    pygame.event.clear()
    yield a
    a.close()


@pytest.fixture
def make_app(tmp_path: Path) -> Iterator[Callable[..., App]]:
    """A factory of headless apps with their data folder in ``tmp_path``, all closed after the
    test: ``make_app(lang, settings={...}, wire=True, **App keyword arguments)`` (``settings``
    over :data:`RETURNING`)."""
    made: list[App] = []

    def make(lang: str = "en", *, settings: dict[str, Any] | None = None, wire: bool = False,
             **kwargs: Any) -> App:
        app = App(Settings(language=lang, **{**RETURNING, **(settings or {})}),
                  settings_dir=tmp_path, lang=lang, **kwargs)
        if wire:
            from game.ui import launch

            app = launch.wire(app)
        pygame.event.clear()
        made.append(app)
        return app

    yield make
    for app in made:
        app.close()


@pytest.fixture
def silent_app(make_app: Callable[..., App]) -> Callable[..., App]:
    """Silent apps with no start scene that never write settings: ``silent_app(lang,
    **settings)``."""

    def make(lang: str = "en", **settings: object) -> App:
        return make_app(lang, settings=settings, audio=False, persist=False, start=None)

    return make
    gfx.set_scale(1.0)


def post(*events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)


def click(pos: tuple[int, int], button: int = 1) -> None:
    """A real press and release at ``pos`` on pygame's queue."""
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def key(k: int, mod: int = 0, text: str = "") -> None:
    """A real key press and release."""
    post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0),
         pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=text, scancode=0))


def frames(app: App, n: int = 1, dt: float = 1 / 60) -> None:
    """Run ``n`` frames: the first reads pygame's queue."""
    for _ in range(n):
        app.step(dt)


@pytest.fixture
def stubbed_app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """The real title hooks, English, silent; the table is a stub that keeps its match."""
    from game.ui import launch
    from tests.ui.probes import TableStub

    monkeypatch.setattr(launch, "table_scene", TableStub)
    a = launch.wire(App(Settings(language="en", **RETURNING), settings_dir=tmp_path, lang="en",
                        audio=False))
    pygame.event.clear()
    yield a
    a.close()
