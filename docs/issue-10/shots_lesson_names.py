"""The screenshots of issue 10 in docs/issue-10/, in es, en and pt, made by driving the real
screens with posted pygame events (headless):

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy .venv/bin/python docs/issue-10/shots.py

- title_<lang>.png: the title with "How to play";
- new_game_names_<lang>.png: the new-game screen as it opens after a Clásico hot-seat table was
  started (the last setup remembered), two names typed, the second field focused;
- curtain_names_<lang>.png, results_names_<lang>.png: the names at the table's curtain and on
  the results;
- tutorial_stepNN_<step>_<lang>.png: steps of the first game that teaches (1 welcome, 2 deck,
  5 play, 10 nope, 12 bomb, 13 hide).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.core.config import GameConfig, SeatKind  # noqa: E402
from game.match.match import Match  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.bombdeck.table import TableScene  # noqa: E402
from game.ui.bombdeck.tutorial import Lesson  # noqa: E402
from game.ui.launch import wire  # noqa: E402
from game.ui.scenes.curtain import CurtainScene  # noqa: E402
from game.ui.scenes.new_game import NewGameScene  # noqa: E402
from game.ui.scenes.results import ResultsScene  # noqa: E402
from game.ui.settings import Settings  # noqa: E402

OUT = Path(__file__).resolve().parent
LANGS = ("es", "en", "pt")
NAMES = {"es": ("Lucía", "Joaquín"), "en": ("Ana", "Bob"), "pt": ("Zé", "Conceição")}
TUTORIAL_STEPS = {"welcome": 1, "deck": 2, "play": 5, "nope": 10, "bomb": 12, "hide": 13}
P, D = SeatKind.PERSON, SeatKind.DESPIADADO


def post(*events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)


def key(k: int) -> None:
    post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0),
         pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))


def click(pos: tuple[int, int]) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def frames(app: App, n: int, dt: float = 1 / 30) -> None:
    for _ in range(n):
        app.step(dt)


def make(lang: str, folder: Path, **settings: object) -> App:
    app = wire(App(Settings(language=lang, **settings), settings_dir=folder, lang=lang,  # type: ignore[arg-type]
                   audio=False, persist=False))
    pygame.event.clear()
    frames(app, 20)
    return app


def names_and_setup(lang: str, folder: Path) -> None:
    setup = {"game": "clasico", "seats": ["person", "person", "despiadado"],
             "options": ["advanced_combos"]}
    app = make(lang, folder, last_setup=setup, tutorial_seen=True)
    app.to_title()
    frames(app, 20)
    app.render_to(OUT / f"title_{lang}.png")
    scene = NewGameScene(app)  # opens with the last setup
    app.stack.push(scene)
    frames(app, 20)
    first, second = NAMES[lang]
    click(scene.name_fields[0].rect.center)
    post(pygame.event.Event(pygame.TEXTINPUT, text=first))
    frames(app, 2)
    click(scene.name_fields[1].rect.center)
    post(pygame.event.Event(pygame.TEXTINPUT, text=second))
    frames(app, 12)
    app.render_to(OUT / f"new_game_names_{lang}.png")
    config = GameConfig("clasico", (P, P, D), frozenset({"advanced_combos"}))
    match = Match(config, 21)
    app.stack.reset(TableScene(app, match, deal=False))
    frames(app, 30)
    if isinstance(app.stack.top, CurtainScene):
        app.render_to(OUT / f"curtain_names_{lang}.png")
    match.play_to_end(SeatKind.ASTUTO)
    app.stack.reset(ResultsScene(app, match))
    frames(app, 40)
    app.render_to(OUT / f"results_names_{lang}.png")
    app.close()


def tutorial(lang: str, folder: Path) -> None:
    app = make(lang, folder, tutorial_seen=False, machine_speed="fast")
    click(app.stack.top.play_now.rect.center)  # type: ignore[union-attr]
    frames(app, 5)
    table = app.stack.top
    assert isinstance(table, TableScene) and isinstance(table.overlay, Lesson)
    lesson = table.overlay
    done: set[str] = set()
    for _ in range(30 * 240):
        app.step(1 / 30)
        step = lesson.step
        if lesson.over or step is None:
            break
        if not lesson.showing or step.key in done or table.busy or app._guard > 0:
            continue
        done.add(step.key)
        frames(app, 20)
        if step.key in TUTORIAL_STEPS:
            app.render_to(OUT / f"tutorial_step{TUTORIAL_STEPS[step.key]:02d}_{step.key}_{lang}.png")
        if step.info:
            key(pygame.K_RETURN)
        elif step.key == "play":
            rect = table.hand.rect_of(table.hand.cards.index("see_future"))
            assert rect is not None
            click((rect.left + 12, rect.top + 40))
            frames(app, 6)
            key(pygame.K_RETURN)
        elif step.key in ("draw", "again"):
            key(pygame.K_SPACE)
        elif step.key == "nope":
            key(pygame.K_1)
        elif step.key == "hide":
            key(pygame.K_RIGHT)
            key(pygame.K_RIGHT)
            key(pygame.K_RETURN)
    app.close()


def main() -> None:
    for lang in LANGS:
        with tempfile.TemporaryDirectory() as folder:
            names_and_setup(lang, Path(folder))
        with tempfile.TemporaryDirectory() as folder:
            tutorial(lang, Path(folder))
    for path in sorted(OUT.glob("*.png")):
        print(path.relative_to(ROOT))


if __name__ == "__main__":
    main()
