"""Saving the processor while the game waits never shows an old frame, and a press meant for a
moment that is going away never acts on the table (issue 20, point 1).

Frames go through ``App.frame`` as the loop shows them (60 a second while anything moves,
``IDLE_FPS`` once idle, only the ambient areas when the app may), so ``app.screen`` is what a
person would see; after every frame it must equal a full repaint of the current state. The
table's case is the one that went wrong: a machine blows up while the person is already awaited,
the "BOOM!" band plays (the table is not busy: a press may cut it short), and the idle frames used
to leave the band frozen over a table that had moved on (the deck said 20, the meter 19); then
Space, pressed to dismiss the band, drew a card.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.match.match import Match
from game.rules.bombdeck import actions as A
from game.rules.bombdeck import events as E
from game.ui import launch
from game.ui.app import IDLE_AFTER, IDLE_FPS, App
from game.ui.bombdeck.table import BOOM_GUARD, TableScene
from game.ui.bombdeck.tutorial import Lesson
from game.ui.table.beats import DISMISS_GRACE
from tests.ui.conftest import key
from tests.ui.test_table import Recording, open_table

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
QUICK = Pace(machine_delay=0.3, machine_window_delay=0.3, window_seconds=0.2)
"""The machine acts soon after the table opens; windows close at once."""
IDLE_FRAMES = 12
"""Idle frames checked at each of the lesson's bubbles, 8 s of rest: the first is drawn whole,
every later one only where the fuse burns, and nothing else moves while idle (the ring's pulse
rests), so these show all there is to see."""


def shown(app: App) -> bytes:
    return pygame.image.tobytes(app.screen, "RGB")


def full_repaint(app: App) -> bytes:
    """The current state drawn whole; the screen is put back as it was (so a frame left old
    on screen stays old for the next check)."""
    before = app.screen.copy()
    app.draw()
    picture = pygame.image.tobytes(app.screen, "RGB")
    app.screen.blit(before, (0, 0))
    return picture


def tick(app: App) -> None:
    """One frame of the loop: 1/60 s while the app is awake, an idle frame's time once idle;
    events come from pygame's queue."""
    app.frame(1 / IDLE_FPS if app.idle else 1 / 60)


def assert_fresh(app: App, when: str) -> None:
    assert shown(app) == full_repaint(app), f"an old frame on screen {when}"


# --- finding a table ----------------------------------------------------------------------------

def _machine_blows_up_before_you(match: Match) -> bool:
    """Play on (the person always draws, hides bombs on top, gives the first card) until a
    machine's move blows it up and the person is next to play; ``False`` if it never does."""
    for _ in range(3000):
        if match.is_over():
            return False
        pending = match.pending()
        seat = pending.seat
        if pending.by_person and seat is not None:
            legal = match.legal_for(seat)
            match.submit(seat, A.DRAW_ACTION if A.DRAW_ACTION in legal else legal[0])
            continue
        items = match.step()
        events = [item.event for item in items]
        after = match.pending()
        if any(isinstance(ev, E.PlayerExploded) and ev.seat != 0 for ev in events) \
                and not match.is_over() and after.seat == 0 and after.phase == "play":
            return True
    return False


BLOWS_UP = GameConfig("bombazo", (P, AST, AST))


@functools.cache
def _blowing_up_game() -> tuple[int, int]:
    """The first seed whose game has a machine blow up just before the person plays, and the
    moves of that game up to the explosion (searched once: every test here starts there)."""
    for seed in range(1, 400):
        probe = Match(BLOWS_UP, seed)
        if _machine_blows_up_before_you(probe):
            return seed, probe.moves
    raise AssertionError("no seed fits")


def table_before_a_machine_blows_up(app: App) -> tuple[Recording, TableScene]:
    """A table one move before a machine's explosion, after which the person is to play."""
    seed, moves = _blowing_up_game()
    probe = Match(BLOWS_UP, seed)
    assert _machine_blows_up_before_you(probe) and probe.moves == moves
    match = Recording(BLOWS_UP, seed)
    for action in probe.actions[:-1]:
        seat, move = action[0], action[1]
        match.submit(seat, move) if match.is_person(seat) else match.step()
    assert match.moves == probe.moves - 1
    match.submitted.clear()  # what the screen submits from here on
    return match, open_table(app, match, QUICK)


def play_until(app: App, ready: Callable[[], bool], seconds: float = 20.0) -> None:
    elapsed = 0.0
    while not ready():
        tick(app)
        elapsed += 1 / 60
        assert elapsed < seconds, "the table never got there"


def _boom(scene: TableScene) -> bool:
    return scene.moment is not None and scene.moment.kind == "boom"


# --- the frames ---------------------------------------------------------------------------------

def test_an_idle_title_shows_what_a_full_repaint_shows(app: App) -> None:
    for _ in range(round(2 * IDLE_AFTER * 60)):
        tick(app)
    assert app.idle
    for n in range(8):
        tick(app)
        assert_fresh(app, f"on the title, idle frame {n}")
    assert app.still_areas() is not None, "the idle title draws only its fuse"


def test_after_a_moment_the_idle_frames_show_the_table_as_it_is(
        silent_app: Callable[..., App]) -> None:
    """The band, the deck count, the dark badge and the log: every frame, from the machine's
    explosion through the person's long wait, is what a full repaint shows."""
    app = silent_app("en")
    match, scene = table_before_a_machine_blows_up(app)
    play_until(app, lambda: _boom(scene))
    boom_seen = idle_seen = False
    elapsed = 0.0
    while elapsed < 4 * IDLE_AFTER + 4.0:
        tick(app)
        elapsed += 1 / IDLE_FPS if app.idle else 1 / 60
        boom_seen |= _boom(scene)
        idle_seen |= app.idle
        assert_fresh(app, f"{elapsed:.2f} s after the band came "
                          f"({'idle' if app.idle else 'awake'})")
    assert boom_seen and idle_seen
    assert scene.moment is None and scene.flow.awaiting_person == 0
    assert app.still_areas() is not None, "waiting for the person, only the fuse is drawn"
    assert match.submitted == [], "nobody pressed anything"


def test_the_lessons_idle_frames_show_its_bubbles_as_they_are(
        silent_app: Callable[..., App]) -> None:
    """The first game that teaches: a bubble pointing at the deck, the meter, the hand (its
    ring pulses while the app is awake) is on screen as a full repaint draws it, idle or not,
    never half old and half new where the fuse's area crosses it."""
    app = silent_app("en")
    assert launch.open_tutorial(app)
    scene = app.stack.top
    assert isinstance(scene, TableScene) and isinstance(scene.overlay, Lesson)
    lesson = scene.overlay
    seen = []
    for _ in range(4):
        idle = 0
        for n in range(round(3 * IDLE_AFTER * 60)):
            tick(app)
            if app.idle:
                assert_fresh(app, f"at the lesson's step {lesson.step}, idle frame {n}")
                idle += 1
                if idle == IDLE_FRAMES:
                    break
        assert app.idle and lesson.showing and idle == IDLE_FRAMES
        seen.append(lesson.step.key if lesson.step is not None else "")
        key(pygame.K_RETURN)  # read: on to the next bubble
    assert len(set(seen)) == 4


def test_a_moment_keeps_the_frames_coming(silent_app: Callable[..., App]) -> None:
    """The band fades in and out at full speed, though the person is already awaited."""
    app = silent_app("en")
    _match, scene = table_before_a_machine_blows_up(app)
    play_until(app, lambda: _boom(scene))
    while scene.timeline.busy:
        assert not app.idle, "a moment that plays is no time to rest"
        tick(app)


# --- the press that dismisses -------------------------------------------------------------------

@pytest.mark.parametrize("late", [0.0, 0.1, round(DISMISS_GRACE - 0.1, 2)])
def test_space_meant_for_the_band_does_not_draw_a_card(silent_app: Callable[..., App],
                                                       late: float) -> None:
    """Space pressed ``late`` seconds after the explosion's moment ended (the band faded under
    the finger) is taken as meant for it: no card is drawn. Later, Space draws as ever."""
    app = silent_app("en")
    match, scene = table_before_a_machine_blows_up(app)
    play_until(app, lambda: _boom(scene))
    play_until(app, lambda: not scene.timeline.busy)
    for _ in range(round(late * 60)):
        tick(app)
    key(pygame.K_SPACE)
    tick(app)
    tick(app)
    assert match.submitted == [], f"Space {late} s after the band drew a card"
    for _ in range(round(DISMISS_GRACE * 60) + 2):
        tick(app)
    key(pygame.K_SPACE)
    tick(app)
    assert match.submitted == [(0, A.DRAW_ACTION)], "Space draws once the moment is gone"


def test_space_on_the_band_cuts_it_short_and_draws_nothing(silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    match, scene = table_before_a_machine_blows_up(app)
    play_until(app, lambda: _boom(scene))
    for _ in range(round(BOOM_GUARD * 60) + 6):  # past the explosion's first, unskippable part
        tick(app)
    key(pygame.K_SPACE)
    tick(app)
    assert not _boom(scene), "Space cut the band short"
    for _ in range(round(DISMISS_GRACE * 60) - 4):
        key(pygame.K_SPACE)  # pressed again and again while the band goes
        tick(app)
    play_until(app, lambda: not scene.timeline.busy and not scene.settling)
    assert match.submitted == []
    assert_fresh(app, "after the band was cut short")
