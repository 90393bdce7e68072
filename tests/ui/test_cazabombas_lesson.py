"""Caza Bombas' first game that teaches, driven by real pygame events through App.step: it opens
from the launcher (``registry.lesson_for``), each step waits for the player (Enter for a
bubble, the action a step asks for), the clock and the machines wait while a bubble talks,
another action is refused and changes nothing, Esc takes back a half-built move first and
then ends the lesson while the game goes on, and on other deals it gives way and ends without
blocking the game."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.core.config import GameConfig
from game.match.match import Match
from game.rules.cazabombas import actions as A
from game.ui import registry as ui_registry
from game.ui.app import App
from game.ui.cazabombas import aim as M
from game.ui.cazabombas.lesson import (
    LESSON_CONFIG,
    LESSON_SEED,
    STEPS,
    Lesson,
    _sure_wires,
    lesson_shot,
)
from game.ui.cazabombas.paint import chip_layout
from game.ui.cazabombas.table import CazaTableScene
from game.ui.scenes.pause import PauseScene
from game.ui.table.bubble import PAPER
from tests.ui.conftest import click, key
from tests.ui.lesson_kit import HOLD_FRAMES, QUICK, calm, frames, top_table
from tests.ui.lesson_kit import open_the_lesson as open_lesson_of
from tests.ui.lesson_kit import until_showing as showing

ALL_STEPS = [step.key for step in STEPS]
@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    """A wired, silent app on the title (settings in tmp_path)."""
    made = make_app("en", settings=QUICK, wire=True, audio=False)
    frames(made, 10)
    return made


def table(app: App) -> CazaTableScene:
    return top_table(app, CazaTableScene)


def open_the_lesson(app: App) -> Lesson:
    return open_lesson_of(app, "cazabombas", CazaTableScene, Lesson)


def until_showing(app: App, lesson: Lesson, key_: str, limit: int = 1800) -> None:
    showing(app, lesson, key_, covered, limit)


def covered(lesson: Lesson) -> list[str]:
    """What a pointing bubble covers: any of its targets at all, or a tenth or more of a way
    to act, a value to name or the banner."""
    bubble = lesson.bubble.rect
    scene = lesson.scene
    found = [f"target {k}" for k, rect in enumerate(lesson.targets())
             if bubble.colliderect(rect)]
    if not lesson.targets():
        return found  # a bubble in the middle points at nothing
    parts = {f"mode {name}": button.rect for name, button in scene.mode_buttons.items()
             if button.visible}
    parts.update({f"chip {item}": rect for rect, item, _text in chip_layout(scene)})
    for name, rect in parts.items():
        clip = bubble.clip(rect)
        if clip.width * clip.height * 10 >= rect.width * rect.height:
            found.append(name)
    return found


def tile_centre(scene: CazaTableScene, g: int, index: int) -> tuple[int, int]:
    centre: tuple[int, int] = scene.layout.rack(g).tile(index).center
    return centre


def sure_wire(lesson: Lesson) -> tuple[int, int]:
    """The teammate's wire the cut step points at (a token shows a value the person holds)."""
    rect = _sure_wires(lesson)[0]
    found = lesson.scene.layout.tile_at((rect.centerx, rect.top + 20))
    assert found is not None
    return found


def read_infos(app: App, lesson: Lesson, *keys: str) -> None:
    for info in keys:
        until_showing(app, lesson, info)
        key(pygame.K_RETURN)
        frames(app, 2)


# --- the whole lesson ----------------------------------------------------------------------------


def test_the_lesson_is_registered_for_caza_bombas() -> None:
    tutorial = ui_registry.lesson_for("cazabombas")
    assert tutorial is not None
    assert (tutorial.config, tutorial.seed) == (LESSON_CONFIG, LESSON_SEED)
    assert LESSON_CONFIG.seats[0].value == "person"
    assert all(seat.value == "astuto" for seat in LESSON_CONFIG.seats[1:])  # not Reckless
    assert LESSON_CONFIG.options == frozenset({"mission1"})


def test_every_step_comes_in_order_and_waits_for_the_player(app: App) -> None:
    lesson = open_the_lesson(app)
    scene = table(app)
    match = scene.match
    assert match.config == LESSON_CONFIG and match.seed == LESSON_SEED
    assert scene.shown.captain == 0                  # the person goes first

    for info in ("welcome", "stand"):
        until_showing(app, lesson, info)
        frames(app, HOLD_FRAMES)                     # a bubble waits
        assert lesson.step is not None and lesson.step.key == info
        assert match.moves == 0
        if info == "stand":
            mine = scene.layout.seat_racks(0)[0]
            key(pygame.K_2, text="2")                # no key reaches the table while it talks
            click(mine.tile(0).center)               # nor a click on one's own wire
            frames(app, 4)
            assert match.moves == 0 and lesson.step.key == "stand"
        key(pygame.K_RETURN)
        frames(app, 2)

    until_showing(app, lesson, "token")
    assert not lesson.bubble.next_button.visible     # a do step: no Next
    mine = scene.layout.seat_racks(0)[0]
    click(mine.tile(0).center)
    frames(app, 3)
    assert match.actions[0] == (0, A.Action(A.TOKEN, stand=0, pos=0))

    until_showing(app, lesson, "team")
    moves = match.moves
    assert moves == 3                                # every token is in: the person's turn
    read_infos(app, lesson, "team", "dial")

    until_showing(app, lesson, "cut")
    assert lesson.text() == app.loc.t("lesson.cazabombas.cut")  # a sure cut to point at
    g, index = sure_wire(lesson)
    value = scene.shown.stands[g][index].token
    click(tile_centre(scene, g, index))              # the teammate's wire...
    frames(app, 3)
    rect = next(rect for rect, item, _text in chip_layout(scene) if item == ("v", value))
    click(rect.center)                               # ...and the value the token shows
    frames(app, 3)
    seat, action = match.actions[moves]
    assert seat == 0 and action.verb == A.DUAL_CUT and action.value == value

    until_showing(app, lesson, "board")
    assert scene.shown.stands[g][index].cut          # right: both wires lie face up
    moves = match.moves
    frames(app, HOLD_FRAMES)                         # the next teammate waits
    assert match.moves == moves
    key(pygame.K_SPACE)                              # Space reads a bubble too
    frames(app, 2)

    until_showing(app, lesson, "miss")
    view = scene.shown
    assert view.mistakes_left == view.max_mistakes - 1
    assert lesson.missed is not None
    missed_g, missed_i = lesson.missed
    assert view.stand_owner[missed_g] != 0           # a teammate's hidden wire...
    assert view.stands[missed_g][missed_i].token is not None  # ...now shows its number
    click(lesson.bubble.next_button.rect.center)
    frames(app, 2)

    until_showing(app, lesson, "detector")
    read_infos(app, lesson, "detector")

    until_showing(app, lesson, "done")
    moves = match.moves
    assert not lesson.bubble.skip_button.visible      # nothing left to skip
    key(pygame.K_RETURN)
    frames(app, 2)
    assert lesson.over and not lesson.skipped
    assert lesson.shown == ALL_STEPS
    assert match.moves == moves
    loc = app.loc
    assert not getattr(loc, "missing", set()) and not getattr(loc, "format_errors", set())

    # the game goes on as any other: the Double Detector is not refused any more
    aim = scene.aim
    assert aim is not None
    key(pygame.K_d)
    frames(app, 2)
    aim = scene.aim
    assert aim is not None and aim.mode.key == M.DETECTOR
    for _ in range(3):
        key(pygame.K_RETURN)                         # two wires, then the first number
        frames(app, 2)
    assert match.moves == moves + 1 and match.actions[moves][1].verb == A.DOUBLE_DETECTOR
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert isinstance(app.stack.top, PauseScene)


# --- holding and refusing -------------------------------------------------------------------------


def test_a_bubble_holds_the_clock_and_the_machines(app: App) -> None:
    """While the board's bubble talks after the person's cut, the teammate whose turn it is
    does not move and the clock does not tock; once read, it moves."""
    lesson = open_the_lesson(app)
    scene = table(app)
    match = scene.match
    app.settings.fuse_tick = True
    read_infos(app, lesson, "welcome", "stand")
    until_showing(app, lesson, "token")
    key(pygame.K_RETURN)                             # the focused wire's token
    read_infos(app, lesson, "team", "dial")
    until_showing(app, lesson, "cut")
    g, index = sure_wire(lesson)
    value = scene.shown.stands[g][index].token
    click(tile_centre(scene, g, index))
    frames(app, 3)
    key(getattr(pygame, f"K_{value}"), text=str(value))
    until_showing(app, lesson, "board")
    moves = match.moves
    tock = scene._tock
    frames(app, HOLD_FRAMES)
    assert match.moves == moves and scene._tock == tock
    assert scene.shown.current != 0                  # a teammate's turn, held
    key(pygame.K_RETURN)
    frames(app, HOLD_FRAMES)
    assert match.moves > moves                       # read: the teammate cuts
    assert match.actions[moves][0] != 0


def test_a_refused_action_changes_nothing(app: App) -> None:
    """The cut step asks for a Dual cut: a Double Detector built by keys is refused, nothing
    is played, the bubble says so and the move starts over from a Dual cut."""
    lesson = open_the_lesson(app)
    scene = table(app)
    match = scene.match
    read_infos(app, lesson, "welcome", "stand")
    until_showing(app, lesson, "token")
    key(pygame.K_RETURN)
    read_infos(app, lesson, "team", "dial")
    until_showing(app, lesson, "cut")
    moves = match.moves
    key(pygame.K_d)
    frames(app, 2)
    for _ in range(3):
        key(pygame.K_RETURN)                         # two wires and a number: submitted
        frames(app, 2)
    assert match.moves == moves and lesson.refused == 1
    assert not match.view_for(0).detectors_used[0]
    assert lesson.step is not None and lesson.step.key == "cut" and lesson.warning()
    aim = scene.aim
    assert aim is not None and aim.mode.key == M.CUT and not any(aim.picks)
    g, index = sure_wire(lesson)                     # the cut it asks for still goes through
    value = scene.shown.stands[g][index].token
    click(tile_centre(scene, g, index))
    frames(app, 3)
    key(getattr(pygame, f"K_{value}"), text=str(value))
    frames(app, 3)
    assert match.moves == moves + 1 and match.actions[moves][1].verb == A.DUAL_CUT


# --- skipping -------------------------------------------------------------------------------------


def test_escape_ends_the_lesson_and_the_game_goes_on(app: App) -> None:
    lesson = open_the_lesson(app)
    scene = table(app)
    until_showing(app, lesson, "welcome")
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert lesson.over and lesson.skipped
    assert not isinstance(app.stack.top, PauseScene)  # Esc went to the lesson, not the pause
    key(pygame.K_RETURN)                              # a plain game: the token is placed
    frames(app, 3)
    assert scene.match.actions == [(0, A.Action(A.TOKEN, stand=0, pos=0))]
    frames(app, HOLD_FRAMES)                          # and the machines place theirs
    assert scene.match.moves >= 3
    assert not lesson.bubble.next_button.visible and not lesson.bubble.skip_button.visible
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert isinstance(app.stack.top, PauseScene)


def test_escape_takes_back_a_half_built_move_before_the_lesson(app: App) -> None:
    """On the cut step with a wire picked, Esc takes the pick back and the lesson stays; the
    next Esc ends the lesson."""
    lesson = open_the_lesson(app)
    scene = table(app)
    read_infos(app, lesson, "welcome", "stand")
    until_showing(app, lesson, "token")
    key(pygame.K_RETURN)
    read_infos(app, lesson, "team", "dial")
    until_showing(app, lesson, "cut")
    g, index = sure_wire(lesson)
    click(tile_centre(scene, g, index))
    frames(app, 3)
    aim = scene.aim
    assert aim is not None and any(aim.picks)
    key(pygame.K_ESCAPE)
    frames(app, 2)
    aim = scene.aim
    assert aim is not None and not any(aim.picks)
    assert not lesson.over and not isinstance(app.stack.top, PauseScene)
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert lesson.over and lesson.skipped and not isinstance(app.stack.top, PauseScene)


def test_the_skip_button_ends_the_lesson_on_a_step_that_asks(app: App) -> None:
    lesson = open_the_lesson(app)
    scene = table(app)
    read_infos(app, lesson, "welcome", "stand")
    until_showing(app, lesson, "token")
    skip = lesson.bubble.skip_button
    assert skip.visible and not lesson.bubble.next_button.visible
    click(skip.rect.center)
    frames(app, 2)
    assert lesson.over and lesson.skipped
    assert scene.match.moves == 0                     # the click placed nothing


# --- another deal ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "passed_over"), [(1, set()), (7, {"miss"}), (11, {"miss"})])
def test_on_another_deal_the_lesson_gives_way_and_ends(make_app: Callable[..., App],
                                                       seed: int, passed_over: set[str]) -> None:
    """A person who reads every bubble and always takes the first move the table offers
    (Enter: the focused wire, then the first value): whatever the deal and whoever is Captain,
    every step either shows or is passed over, and the lesson ends while the game goes on.
    Seed 1: a teammate is Captain (places the first token, cuts first); seeds 7 (a teammate
    is Captain) and 11 (the person is): nobody misses before the person's second turn, so the
    miss step is passed over."""
    app = make_app("en", settings=QUICK, audio=False, start=None)
    scene = CazaTableScene(app, Match(GameConfig("cazabombas", LESSON_CONFIG.seats,
                                                 LESSON_CONFIG.options), seed), briefing=False)
    lesson = Lesson(scene)
    scene.overlay = lesson
    app.stack.reset(scene)
    for _ in range(6000):
        if lesson.over or scene.match.is_over():
            break
        app.step(1 / 30, draw=False)
        if not calm(app):
            continue
        step = lesson.step
        if lesson.showing and step is not None and step.info:
            key(pygame.K_RETURN)
            continue
        if scene.deciding() == 0 and scene.aim is not None:
            key(pygame.K_RETURN)
    assert lesson.over and not lesson.skipped, (lesson.step, lesson.shown)
    assert lesson.shown[0] == "welcome" and lesson.shown[-1] == "done"
    assert lesson.shown == [key_ for key_ in ALL_STEPS if key_ in lesson.shown]  # in order
    assert {key_ for key_ in ALL_STEPS if key_ not in lesson.shown} == passed_over
    assert not scene.match.is_over()
    moves = scene.match.moves
    for _ in range(300):                               # the game goes on without the lesson
        if scene.deciding() == 0 and scene.aim is not None and calm(app):
            break
        app.step(1 / 30, draw=False)
    key(pygame.K_RETURN)
    key(pygame.K_RETURN)
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
    assert "lesson" in ui_registry.ui_kit_for("cazabombas").shots
    app.step(1 / 30)                                  # the bubble is placed
    surface = pygame.Surface((1280, 720))
    app.stack.draw(surface)
    bubble = lesson.bubble.rect
    assert bubble.width > 0
    assert surface.get_at((bubble.left + 8, bubble.centery))[:3] == PAPER  # drawn over the table


# --- the deal is friendly ---------------------------------------------------------------------


@pytest.mark.parametrize("level", ["astuto", "lanzado", "despiadado"])
def test_the_lessons_deal_is_won_by_a_person_who_follows_it(level: str) -> None:
    """The person places the first token, makes the sure cut the lesson points at, then plays
    on as a machine of ``level`` would: the mission is won, and the teammates' only mistake
    is the one the lesson shows (no machine loses the lesson for the person who follows it;
    a loss after other moves is told kindly: ``test_cazabombas_review4``)."""
    from game.core.config import SeatKind
    from game.rules.cazabombas import events as E
    from game.rules.cazabombas.wires import class_of

    match = Match(LESSON_CONFIG, LESSON_SEED)
    cut_yet = False
    while not match.is_over():
        pending = match.pending()
        if pending.seat == 0 and pending.phase == "setup":
            match.submit(0, match.legal_for(0)[0])
            continue
        if pending.seat == 0 and not cut_yet:
            cut_yet = True
            view = match.view_for(0)
            held = {class_of(w.key) for g in view.my_stands for w in view.stands[g]
                    if w.key is not None and not w.cut}
            owner = view.stand_owner
            sure = [a for a in match.legal_for(0) if a.verb == A.DUAL_CUT and a.value in held
                    and view.stands[[g for g, o in enumerate(owner) if o == a.target]
                                    [a.stand or 0]][a.pos or 0].token == a.value]
            assert sure
            match.submit(0, sure[0])
            continue
        match.step(stand_in=SeatKind(level))
    assert match.view_for(-1).won is True
    misses = [item.event.seat for item in match.feed_for(None, 0)
              if isinstance(item.event, E.CutMissed)]
    assert len(misses) == 1 and misses[0] != 0
