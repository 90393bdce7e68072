"""Die Bombe's first game that teaches, driven by real pygame events through App.step: it opens
from the launcher (``registry.lesson_for``), each step waits for the player (Enter for a
bubble, the action a step asks for), the machines wait while a bubble talks, another action
is refused and changes nothing, Esc or Skip ends it and the game goes on, and on another deal
it gives way and ends without blocking the game."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.core.config import GameConfig
from game.match.match import Match
from game.rules.diebombe import actions as A
from game.rules.diebombe import cards as C
from game.ui import registry as ui_registry
from game.ui.app import App
from game.ui.diebombe import layout as L
from game.ui.diebombe.bidpad import PAD
from game.ui.diebombe.lesson import LESSON_CONFIG, LESSON_SEED, STEPS, Lesson, lesson_shot
from game.ui.diebombe.sheet import majority
from game.ui.diebombe.table import DieTableScene
from game.ui.scenes.pause import PauseScene
from game.ui.table.bubble import place_beside
from tests.ui.conftest import click, key
from tests.ui.lesson_kit import HOLD_FRAMES, QUICK, frames, top_table
from tests.ui.lesson_kit import open_the_lesson as open_lesson_of
from tests.ui.lesson_kit import until_showing as showing

ALL_STEPS = [step.key for step in STEPS]
@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    """A wired, silent app on the title (settings in tmp_path)."""
    made = make_app("en", settings=QUICK, wire=True, audio=False)
    frames(made, 10)
    return made


def table(app: App) -> DieTableScene:
    return top_table(app, DieTableScene)


def open_the_lesson(app: App) -> Lesson:
    return open_lesson_of(app, "diebombe", DieTableScene, Lesson)


def until_showing(app: App, lesson: Lesson, key_: str, limit: int = 1800) -> None:
    showing(app, lesson, key_, covered, limit)


def covered(lesson: Lesson) -> list[str]:
    """What a pointing bubble covers: any of its targets at all, or a tenth or more of the
    face-up cards, the bid entry or the bomb's choices."""
    bubble = lesson.bubble.rect
    scene = lesson.scene
    found = [f"target {k}" for k, rect in enumerate(lesson.targets())
             if bubble.colliderect(rect)]
    if not lesson.targets():
        return found  # a bubble in the middle points at nothing
    count = len(scene.shown.faceup)
    parts = {f"card {k}": L.faceup_rect(k, count) for k in range(count)}
    if scene.pad is not None:
        parts["bid entry"] = PAD
    if scene.picker is not None:
        parts.update({f"choice {k}": pick.area for k, pick in enumerate(scene.picker.picks)})
    for name, rect in parts.items():
        clip = bubble.clip(rect)
        if clip.width * clip.height * 10 >= rect.width * rect.height:
            found.append(name)
    return found


def type_bid(amount: int) -> None:
    for digit in str(amount):
        key(getattr(pygame, f"K_{digit}"), text=digit)
    key(pygame.K_RETURN)


def faceup_centre(scene: DieTableScene, card: str) -> tuple[int, int]:
    faceup = scene.shown.faceup
    return L.faceup_rect(faceup.index(card), len(faceup)).center


# --- the whole lesson ----------------------------------------------------------------------------


def test_the_lesson_is_registered_for_die_bombe() -> None:
    tutorial = ui_registry.lesson_for("diebombe")
    assert tutorial is not None
    assert (tutorial.config, tutorial.seed) == (LESSON_CONFIG, LESSON_SEED)
    assert LESSON_CONFIG.seats[0].value == "person"
    assert all(seat.value == "lanzado" for seat in LESSON_CONFIG.seats[1:])


def test_every_step_comes_in_order_and_waits_for_the_player(app: App) -> None:
    lesson = open_the_lesson(app)
    scene = table(app)
    match = scene.match
    assert match.config == LESSON_CONFIG and match.seed == LESSON_SEED

    for info in ("welcome", "cards", "seat"):
        until_showing(app, lesson, info)
        frames(app, HOLD_FRAMES)                 # a bubble waits: the machines do not bid
        assert lesson.step is not None and lesson.step.key == info
        assert match.moves == 0 and not any(scene.shown.has_bid)
        if info == "cards":
            pad = scene.pad
            assert pad is not None
            value = pad.value
            key(pygame.K_9, text="9")            # no key reaches the table while it talks
            click(pad.seal_button.rect.center)   # nor a click on the seal button
            frames(app, 4)
            assert match.moves == 0 and pad.value == value
            assert lesson.step.key == "cards"
        key(pygame.K_RETURN)
        frames(app, 2)

    until_showing(app, lesson, "bid")
    assert scene.pad is not None
    type_bid(12)
    frames(app, 3)
    assert match.actions[0] == (0, A.bid(12))

    until_showing(app, lesson, "reveal")
    view = scene.shown
    assert view.phase == "take" and view.taker == 0 and view.reveals[-1][0] == 12
    click(lesson.bubble.next_button.rect.center)
    frames(app, 2)

    until_showing(app, lesson, "take")
    red = next(card for card in scene.shown.faceup if C.color_of(card) == C.RED)
    click(faceup_centre(scene, red))
    frames(app, 3)
    assert (0, A.take(red)) in match.actions

    until_showing(app, lesson, "bomb")
    assert C.BOMB in scene.shown.faceup and scene.pad is not None
    moves = match.moves
    type_bid(12)
    frames(app, 3)
    assert match.actions[moves] == (0, A.bid(12))

    until_showing(app, lesson, "grab")
    other = next(card for card in scene.shown.faceup if card != C.BOMB)
    moves = match.moves
    click(faceup_centre(scene, other))           # the other card: not what the step asks
    frames(app, 4)
    assert match.moves == moves and lesson.refused == 1
    assert lesson.step is not None and lesson.step.key == "grab" and lesson.warning()
    click(faceup_centre(scene, C.BOMB))
    frames(app, 3)
    assert (0, A.take(C.BOMB)) in match.actions

    until_showing(app, lesson, "aim")
    picker = scene.picker
    assert picker is not None and picker.picks
    target = picker.picks[0]
    click(target.area.center)
    frames(app, 3)
    assert (0, target.action) in match.actions

    until_showing(app, lesson, "crown")
    assert 0 in majority(scene.shown, C.RED)     # the red the person took wears the crown
    key(pygame.K_SPACE)                          # Space reads a bubble: it seals no bid
    frames(app, 2)

    until_showing(app, lesson, "done")
    moves = match.moves
    assert not lesson.bubble.skip_button.visible  # nothing left to skip
    key(pygame.K_RETURN)
    frames(app, 2)
    assert lesson.over and not lesson.skipped
    assert lesson.shown == ALL_STEPS
    assert match.moves == moves
    loc = app.loc
    assert not getattr(loc, "missing", set()) and not getattr(loc, "format_errors", set())

    # the game goes on as any other: a bid seals, the machines bid after it, Esc pauses
    type_bid(3)
    frames(app, 3)
    assert match.actions[moves] == (0, A.bid(3))
    frames(app, HOLD_FRAMES)
    assert match.moves > moves + 1
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert isinstance(app.stack.top, PauseScene)


# --- skipping -------------------------------------------------------------------------------------


def test_escape_ends_the_lesson_and_the_game_goes_on(app: App) -> None:
    lesson = open_the_lesson(app)
    scene = table(app)
    until_showing(app, lesson, "welcome")
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert lesson.over and lesson.skipped
    assert not isinstance(app.stack.top, PauseScene)  # Esc went to the lesson, not the pause
    type_bid(7)                                       # a plain game: a bid seals
    frames(app, 3)
    assert scene.match.actions == [(0, A.bid(7))]
    frames(app, HOLD_FRAMES)                          # and the machines bid after it
    assert scene.match.moves >= 3
    frames(app, 3)
    assert not lesson.bubble.next_button.visible and not lesson.bubble.skip_button.visible
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert isinstance(app.stack.top, PauseScene)


def test_the_skip_button_ends_the_lesson_on_a_step_that_asks(app: App) -> None:
    lesson = open_the_lesson(app)
    scene = table(app)
    for info in ("welcome", "cards", "seat"):
        until_showing(app, lesson, info)
        key(pygame.K_RETURN)
        frames(app, 2)
    until_showing(app, lesson, "bid")
    skip = lesson.bubble.skip_button
    assert skip.visible and not lesson.bubble.next_button.visible
    click(skip.rect.center)
    frames(app, 2)
    assert lesson.over and lesson.skipped
    assert scene.match.moves == 0                     # the click sealed nothing
    type_bid(30)
    frames(app, 3)
    assert scene.match.actions == [(0, A.bid(30))]


def test_a_bubble_holds_the_machines_and_refuses_actions(app: App) -> None:
    """Bid 1 on the lesson's deal: a machine bids highest, and while the reveal's bubble
    talks it does not take its card; then it does."""
    lesson = open_the_lesson(app)
    scene = table(app)
    match = scene.match
    for info in ("welcome", "cards", "seat"):
        until_showing(app, lesson, info)
        key(pygame.K_RETURN)
        frames(app, 2)
    until_showing(app, lesson, "bid")
    type_bid(1)
    until_showing(app, lesson, "reveal")
    view = scene.shown
    assert view.phase == "take" and view.taker not in (None, 0)
    moves = match.moves
    frames(app, HOLD_FRAMES)                          # the machine that bid highest waits
    assert match.moves == moves and scene.shown.phase == "take"
    assert lesson.step is not None and lesson.step.key == "reveal"
    assert not lesson.allows(A.bid(5))                # an action now is refused
    assert lesson.refused == 1 and match.moves == moves
    key(pygame.K_RETURN)
    frames(app, HOLD_FRAMES)
    assert match.moves > moves                        # read: the machine takes its card
    assert any(seat == view.taker and action.verb == A.TAKE
               for seat, action in match.actions[moves:])


# --- another deal ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_on_another_deal_the_lesson_gives_way_and_ends(make_app: Callable[..., App],
                                                       seed: int) -> None:
    """A person who bids low, takes the first card and drops any bomb at once: whatever the
    deal, every step either shows or is passed over, and the lesson ends within a few rounds
    while the game goes on."""
    app = make_app("en", settings=QUICK, audio=False, start=None)
    scene = DieTableScene(app, Match(GameConfig("diebombe", LESSON_CONFIG.seats), seed))
    lesson = Lesson(scene)
    scene.overlay = lesson
    app.stack.reset(scene)
    for _ in range(6000):
        if lesson.over:
            break
        app.step(1 / 30, draw=False)
        top = app.stack.top
        if app._guard > 0 or top is None or top.busy or top.settling:
            continue
        step = lesson.step
        if lesson.showing and step is not None and step.info:
            key(pygame.K_RETURN)
            continue
        deciding = scene.deciding()
        if deciding is None:
            continue
        phase = deciding[1]
        if phase in ("bid", "rebid"):
            type_bid(2)
        elif phase == "take":
            faceup = scene.shown.faceup
            card = C.BOMB if C.BOMB in faceup and step is not None and step.key == "grab" \
                else faceup[0]
            click(faceup_centre(scene, card))
        elif phase == "bomb":
            key(pygame.K_RETURN)
    assert lesson.over and not lesson.skipped, (lesson.step, lesson.shown)
    assert lesson.shown[0] == "welcome" and lesson.shown[-1] == "done"
    assert lesson.shown == [key_ for key_ in ALL_STEPS if key_ in lesson.shown]  # in order
    assert scene.shown.round <= 6 and not scene.match.is_over()
    moves = scene.match.moves
    for _ in range(300):                               # the game goes on without the lesson
        if scene.deciding() is not None and scene.pad is not None:
            break
        app.step(1 / 30, draw=False)
    type_bid(4)
    frames(app, 3)
    assert scene.match.moves > moves


# --- the screenshot state ---------------------------------------------------------------------


def test_the_screenshot_state_shows_the_first_bubble(make_app: Callable[..., App]) -> None:
    app = make_app("en", settings=QUICK, audio=False, start=None)
    lesson_shot(app, None)
    scene = table(app)
    lesson = scene.overlay
    assert isinstance(lesson, Lesson)
    assert lesson.showing and lesson.step is not None and lesson.step.key == "welcome"
    surface = pygame.Surface((1280, 720))
    app.stack.draw(surface)


# --- where a bubble goes ------------------------------------------------------------------------


@pytest.mark.parametrize("sides", [("below", "above", "right", "left"), ("anywhere",)])
def test_a_bubble_never_covers_its_targets_and_stays_on_screen(sides: tuple[str, ...]) -> None:
    targets = [pygame.Rect(560, 300, 160, 120), pygame.Rect(100, 40, 60, 60)]
    for size in ((340, 200), (420, 260)):
        bubble = place_beside(targets, size, sides)
        assert bubble.size == size
        assert pygame.Rect(10, 10, 1260, 700).contains(bubble)
        assert not any(bubble.colliderect(t.inflate(14, 14)) for t in targets), bubble
    # what the person needs is kept in view when there is room
    keep = [(pygame.Rect(0, 440, 1280, 280), 1.0)]
    bubble = place_beside(targets[:1], (340, 200), sides, keep=keep)
    assert not bubble.colliderect(keep[0][0])


# --- the take step's arrow (issue 20) -------------------------------------------------------------


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
def test_the_take_steps_arrow_stays_clear_of_the_banner(make_app: Callable[..., App],
                                                        lang: str) -> None:
    """The "take a card" step's bubble sits beside the face-up cards, level with them: its
    arrow (as the lesson draws it) goes to the nearest card without crossing the banner
    ("You won with 12: take a card"), which a bubble below it pointed across."""
    from game.ui.table.bubble import arrow

    app = make_app(lang, settings=QUICK, wire=True, audio=False)
    frames(app, 10)
    lesson = open_the_lesson(app)
    scene = table(app)
    for info in ("welcome", "cards", "seat"):
        until_showing(app, lesson, info)
        key(pygame.K_RETURN)
        frames(app, 2)
    until_showing(app, lesson, "bid")
    type_bid(12)
    frames(app, 3)
    until_showing(app, lesson, "reveal")
    key(pygame.K_RETURN)
    frames(app, 2)
    until_showing(app, lesson, "take")
    frames(app, 2)
    banner = scene.banner_rect
    assert banner is not None and banner.height > 0
    targets = lesson.targets()
    canvas = pygame.Surface((1280, 720), pygame.SRCALPHA)
    canvas.fill((0, 0, 0, 0))
    arrow(canvas, lesson.bubble.rect, targets[0], shortest=lesson.shortest_arrow)
    drawn = canvas.get_bounding_rect()
    assert drawn.width > 0, "no arrow drawn"
    assert not drawn.colliderect(banner), (drawn, banner)
    assert not lesson.bubble.rect.colliderect(banner)
    others = [rect for rect in _faceup_rects(scene) if rect != targets[0]]
    assert not any(drawn.colliderect(rect) for rect in others)  # never across the other card


def _faceup_rects(scene: DieTableScene) -> list[pygame.Rect]:
    count = len(scene.shown.faceup)
    return [L.faceup_rect(k, count) for k in range(count)]
