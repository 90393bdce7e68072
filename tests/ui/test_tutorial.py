"""The first game that teaches, driven by real pygame events through App.step: it starts the
first time someone presses "Play now", each step waits for the player (Enter for a bubble, the
action a step asks for), the table holds still while a bubble talks (the nope window waits),
another action is refused, Esc or Skip ends it and the game goes on, it is never shown again
unasked, and the title's "How to play" starts it again."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.core.config import SeatKind
from game.rules.bombdeck import actions as A
from game.ui import launch
from game.ui import registry as ui_registry
from game.ui.app import App
from game.ui.bombdeck import layout as L
from game.ui.bombdeck.hide_bomb import HideBombScene
from game.ui.bombdeck.kit import LESSON_CONFIG, LESSON_SEED
from game.ui.bombdeck.table import TableScene
from game.ui.bombdeck.tutorial import DISCARD_AREA, STEPS, Lesson, _waiting_bomb
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.title import TitleScene
from game.ui.settings import Settings
from tests.ui.conftest import click, key, post

ALL_STEPS = [step.key for step in STEPS]
QUICK = {"machine_speed": "fast", "reaction_seconds": 1}
"""The player's settings in these tests: quick machines, a short window."""


@pytest.fixture
def first_timer(make_app: Callable[..., App]) -> App:
    """A wired app on the title of someone who has never played (settings in tmp_path)."""
    app = make_app("en", settings={**QUICK, "tutorial_seen": False}, wire=True, audio=False)
    frames(app, 20)
    return app


def frames(app: App, n: int = 1, dt: float = 1 / 30) -> None:
    for _ in range(n):
        app.step(dt)


def title(app: App) -> TitleScene:
    top = app.stack.top
    assert isinstance(top, TitleScene)
    return top


def table(app: App) -> TableScene:
    for scene in reversed(app.stack.scenes()):
        if isinstance(scene, TableScene):
            return scene
    raise AssertionError("no table")


def lesson_of(app: App) -> Lesson:
    overlay = table(app).overlay
    assert isinstance(overlay, Lesson)
    return overlay


def start_from_title(app: App, button: str = "play_now") -> Lesson:
    click(getattr(title(app), button).rect.center)
    frames(app, 3)
    return lesson_of(app)


def choose_on_the_page(app: App, game: str = "bombazo") -> None:
    """"How to play" opens the page of every game's lesson: a click on ``game``'s."""
    from game.ui.scenes.lessons import LessonsScene

    frames(app, 20)                                  # past the click guard of a new screen
    page = app.stack.top
    assert isinstance(page, LessonsScene)
    click(page.lesson_buttons[game].rect.center)


def until_showing(app: App, lesson: Lesson, key_: str, limit: int = 2400) -> None:
    """Frames until the step ``key_`` is on screen and the table takes input; then its bubble
    must leave the table's parts it does not point at in view (:func:`covered`)."""
    for _ in range(limit):
        step = lesson.step
        if step is not None and step.key == key_ and lesson.showing and app._guard <= 0 \
                and not (app.stack.top is not None
                         and (app.stack.top.busy or app.stack.top.settling)):
            assert covered(lesson) == [], f"step {key_!r}'s bubble covers {covered(lesson)}"
            return
        app.step(1 / 30, draw=False)
    raise AssertionError(f"step {key_!r} never showed (at {lesson.step})")


def covered(lesson: Lesson) -> list[str]:
    """The parts of the table a pointing bubble covers (a tenth of them or more): the discard
    pile, the clues, the Draw button and the hand must stay in view (issue 20's review: at
    step 3 the bubble sat on Draw, at 8 on the clues and the meter, at 12 on the Defuse just
    played). A sliver is allowed: no 460-pixel bubble fits between the deck and the edge.
    Draw stays in view at every step (review 2: step 5's bubble sat on it; a step that asks
    for another deed refuses it, but the person must still see where it is)."""
    step, bubble = lesson.step, lesson.bubble
    targets = lesson.targets()
    if step is None or bubble is None or not targets or step.sides == ("top",):
        return []  # a bubble in the middle or across the top points at nothing
    parts = {"discard pile": DISCARD_AREA, "hand": L.HAND, "draw button": L.DRAW}
    if lesson.live.clues:
        parts["clues"] = lesson.clues()
    return [name for name, rect in parts.items()
            if not any(rect.colliderect(t) for t in targets)
            and _area(bubble.clip(rect)) * 10 >= _area(rect)]


def _area(rect: pygame.Rect) -> int:
    return rect.width * rect.height


def play_the_card(app: App, card: str) -> None:
    """A real click on ``card`` in the hand, then on the read panel's Play button."""
    scene = table(app)
    rect = scene.hand.rect_of(scene.hand.cards.index(card))
    assert rect is not None
    click((rect.left + 12, rect.top + 40))
    frames(app, 4)
    assert scene.panel is not None, "the card's read panel did not open"
    button = scene.panel.primary()
    assert button is not None
    click(button.rect.center)
    frames(app, 2)


# --- the whole lesson ----------------------------------------------------------------------------


def test_the_first_play_is_the_lesson_and_every_step_waits_for_the_player(
        first_timer: App) -> None:
    app = first_timer
    lesson = start_from_title(app)
    scene = table(app)
    assert scene.match.config == LESSON_CONFIG and scene.match.seed == LESSON_SEED
    assert Settings.load(app.settings_dir).tutorial_seen  # never again unasked

    for info in ("welcome", "deck", "danger", "hand"):
        until_showing(app, lesson, info)
        frames(app, 45)                        # a bubble waits: nothing moves on by itself
        assert lesson.step is not None and lesson.step.key == info
        key(pygame.K_RETURN)
        frames(app, 2)

    until_showing(app, lesson, "play")
    key(pygame.K_SPACE)                        # drawing is not what the step asks
    frames(app, 4)
    assert scene.match.moves == 0 and lesson.refused == 1
    play_the_card(app, "see_future")
    assert scene.match.actions[0] == (0, A.Action(A.PLAY, "see_future"))

    until_showing(app, lesson, "window")       # the window waits while the bubble talks
    moves = scene.match.moves
    frames(app, 120)
    assert scene.match.pending().is_window and scene.match.moves == moves
    click(lesson.next_button.rect.center)
    frames(app, 2)

    until_showing(app, lesson, "clues")
    assert scene.shown.clues
    key(pygame.K_SPACE)                        # Space reads a bubble: it does not draw
    frames(app, 2)

    until_showing(app, lesson, "draw")
    assert scene.match.moves == moves + 1      # the window closed, nothing drawn yet
    key(pygame.K_SPACE)
    until_showing(app, lesson, "watch")
    machine_moves = scene.match.moves
    frames(app, 90)                            # the machines wait for the bubble too
    assert scene.match.moves == machine_moves
    key(pygame.K_RETURN)

    until_showing(app, lesson, "nope")
    play = scene.shown.pending
    assert play is not None and play.seat != 0 and play.target == 0  # a pair against you
    frames(app, 150)                           # the window waits for your nope
    assert scene.match.pending().is_window and scene.match.moves == machine_moves + 1
    key(pygame.K_1)
    frames(app, 2)
    assert (0, A.NOPE_ACTION) in scene.match.actions

    until_showing(app, lesson, "again")
    key(pygame.K_SPACE)
    until_showing(app, lesson, "bomb")
    assert scene.match.pending().phase == "place_bomb"
    # the mouse over the hand lifts no card onto the bomb waiting over it, and no card's
    # effect line lies on it (review 2, step 12)
    bomb = _waiting_bomb()
    for index in range(len(scene.hand.cards)):
        rect = scene.hand.rect_of(index)
        assert rect is not None
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=(rect.centerx, rect.bottom - 30),
                                rel=(0, 0), buttons=(0, 0, 0)))
        frames(app, 8)
        lifted = [i for i in (scene.hand.hover, scene.hand.focus) if i is not None]
        assert not any(bomb.colliderect(scene.hand.rect_of(i) or bomb.move(0, 999))
                       for i in lifted), (index, lifted)
    from game.ui.bombdeck.paint import _banner_rows

    # the banner says it is your move, not "Waiting for Player 1…" (the review of issue 20)
    assert [row[0] for row in _banner_rows(scene)] == ["Your turn"]
    assert not isinstance(app.stack.top, HideBombScene)  # the picker waits for the bubble
    key(pygame.K_RETURN)

    until_showing(app, lesson, "hide")
    picker = app.stack.top
    assert isinstance(picker, HideBombScene)
    # The person still owes a turn (the Attack): the picker starts below the card they will
    # draw, so Enter alone never hands them their own bomb back.
    assert picker.position == scene.shown.turns_owed - 1 == 1
    key(pygame.K_RIGHT)
    key(pygame.K_RIGHT)
    key(pygame.K_RETURN)
    frames(app, 3)
    assert scene.match.actions[-1] == (0, A.Action(A.PLACE_BOMB, position=3))

    until_showing(app, lesson, "done")
    assert not lesson.skip_button.visible      # nothing left to skip
    key(pygame.K_RETURN)
    frames(app, 2)
    assert lesson.over and not lesson.skipped
    assert lesson.shown == ALL_STEPS
    loc = app.loc
    assert not getattr(loc, "missing", set()) and not getattr(loc, "format_errors", set())
    # the game goes on as any other: Space draws, Esc pauses
    frames(app, 30)
    before = scene.match.moves
    for _ in range(60):
        if scene.flow.awaiting_person is not None and not scene.busy:
            break
        frames(app)
    key(pygame.K_SPACE)
    frames(app, 3)
    assert scene.match.moves > before
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert isinstance(app.stack.top, PauseScene)


# --- skipping -------------------------------------------------------------------------------------


def test_escape_skips_the_lesson_and_the_game_goes_on(first_timer: App) -> None:
    app = first_timer
    lesson = start_from_title(app)
    until_showing(app, lesson, "welcome")
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert lesson.over and lesson.skipped
    assert not isinstance(app.stack.top, PauseScene)  # Esc went to the lesson, not the pause
    scene = table(app)
    key(pygame.K_SPACE)                               # a plain game now: Space draws
    frames(app, 3)
    assert scene.match.actions and scene.match.actions[0] == (0, A.DRAW_ACTION)
    frames(app, 5)
    surface = pygame.Surface((1280, 720))
    app.stack.draw(surface)                           # and nothing of the lesson is drawn
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert isinstance(app.stack.top, PauseScene)


def test_the_skip_button_skips_at_a_do_step(first_timer: App) -> None:
    app = first_timer
    lesson = start_from_title(app)
    for info in ("welcome", "deck", "danger", "hand"):
        until_showing(app, lesson, info)
        key(pygame.K_RETURN)
    until_showing(app, lesson, "play")
    frames(app, 2)
    assert lesson.skip_button.visible and not lesson.next_button.visible
    click(lesson.skip_button.rect.center)
    frames(app, 2)
    assert lesson.over and lesson.skipped and table(app).match.moves == 0


def test_a_click_on_the_table_during_a_bubble_does_nothing(first_timer: App) -> None:
    app = first_timer
    lesson = start_from_title(app)
    for info in ("welcome", "deck", "danger"):
        until_showing(app, lesson, info)
        key(pygame.K_RETURN)
    until_showing(app, lesson, "hand")
    scene = table(app)
    rect = scene.hand.rect_of(0)
    assert rect is not None
    click((rect.left + 12, rect.top + 40))
    frames(app, 3)
    assert scene.panel is None and lesson.step is not None and lesson.step.key == "hand"


# --- never again, and again on demand ----------------------------------------------------------


def test_it_is_never_shown_again_and_how_to_play_starts_it_again(
        first_timer: App, make_app: Callable[..., App], tmp_path: Path) -> None:
    app = first_timer
    start_from_title(app)
    app.quit()                                       # the window closes mid-lesson
    again = make_app("en", settings=None, wire=True, audio=False)
    again.settings = Settings.load(tmp_path)         # what the next start reads
    assert again.settings.tutorial_seen
    again.to_title()
    frames(again, 20)
    click(title(again).play_now.rect.center)
    frames(again, 20)
    plain = table(again)                             # no move was made: nothing to replace
    assert plain.overlay is None                     # Play now: no lesson
    assert plain.match.config != LESSON_CONFIG or plain.match.seed != LESSON_SEED
    again.to_title()
    frames(again, 20)
    assert title(again).how_to_play.enabled
    click(title(again).how_to_play.rect.center)
    choose_on_the_page(again)
    frames(again, 3)
    lesson = lesson_of(again)
    assert lesson.index == 0 and not lesson.over
    until_showing(again, lesson, "welcome")


@pytest.mark.parametrize("answer", ["yes", "no"])
def test_how_to_play_asks_before_replacing_the_unfinished_game(
        make_app: Callable[..., App], tmp_path: Path, answer: str) -> None:
    from game.ui.scenes.confirm import ConfirmScene
    from tests.ui.test_resume import SOLO, write_unfinished

    write_unfinished(tmp_path, SOLO, 5, 6)
    app = make_app("en", settings=QUICK, wire=True, audio=False)
    frames(app, 20)
    click(title(app).how_to_play.rect.center)
    choose_on_the_page(app)
    frames(app, 20)
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    click((confirm.yes if answer == "yes" else confirm.no).rect.center)
    frames(app, 3)
    if answer == "yes":
        assert lesson_of(app).index == 0
    else:  # back on the page the lesson was chosen on, the unfinished game kept
        from game.ui.scenes.lessons import LessonsScene

        assert isinstance(app.stack.top, LessonsScene) and launch.unfinished(app) is not None


def test_without_a_tutorial_play_now_just_plays(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(launch, "lesson_for", lambda game: None)
    app = make_app("en", settings={**QUICK, "tutorial_seen": False}, wire=True, audio=False)
    frames(app, 20)
    click(title(app).play_now.rect.center)
    frames(app, 3)
    assert table(app).overlay is None


def test_the_featured_game_has_a_tutorial_in_its_kit() -> None:
    tutorial = ui_registry.featured_tutorial()
    assert tutorial is not None
    assert tutorial.config.game == ui_registry.FEATURED.game
    assert tutorial.config.seats[0] is SeatKind.PERSON


# (a game that goes another way never blocks: tests/ui/test_lessons.py, every rule set)
