"""The first games that teach Bomba en el Mazo and Clásico, played through with real pygame
events as the Bombazo test does (``test_tutorial.py``): each bubble waits for the player, each
do step takes only its action, and every step of the lesson shows in order on its deal, so a
change to the rules or the machines that loses a deal's moments fails here. The lesson of a
table is the one of its rule set."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.match.flow import Pace
from game.match.match import Match
from game.rules.bombdeck import actions as A
from game.rules.bombdeck import events as E
from game.ui import launch
from game.ui import registry as ui_registry
from game.ui.app import App
from game.ui.bombdeck.hide_bomb import HideBombScene
from game.ui.bombdeck.kit import (
    CLASICO_LESSON_CONFIG,
    CLASICO_LESSON_SEED,
    LESSONS,
    MAZO_LESSON_CONFIG,
    MAZO_LESSON_SEED,
)
from game.ui.bombdeck.table import TableScene
from game.ui.bombdeck.tutorial import CLASICO_STEPS, MAZO_STEPS, PLANS, STEPS, Lesson
from game.ui.scenes.pause import PauseScene
from tests.ui.conftest import key
from tests.ui.test_tutorial import QUICK, frames, lesson_of, play_the_card, table, until_showing

LESSON_KEYS = {"bombazo": [s.key for s in STEPS], "mazo": [s.key for s in MAZO_STEPS],
               "clasico": [s.key for s in CLASICO_STEPS]}


def _open(make_app: Callable[..., App], game: str, lang: str = "en") -> tuple[App, Lesson]:
    """A wired app with ``game``'s lesson over the title, opened as the launcher opens a
    registered lesson: its deal's table, then the kit's ``teach``."""
    app = make_app(lang, settings=QUICK, wire=True, audio=False)
    frames(app, 20)
    tutorial = ui_registry.lesson_for(game)
    assert tutorial is not None
    scene = launch.table_scene(app, launch.make_match(tutorial.config, tutorial.seed))
    tutorial.teach(scene)
    app.push(scene)
    frames(app, 3)
    return app, lesson_of(app)


def _read(app: App, lesson: Lesson, *infos: str) -> None:
    """Each info step in turn: on screen, still after a while, then read with Enter."""
    for info in infos:
        until_showing(app, lesson, info)
        frames(app, 20)
        assert lesson.step is not None and lesson.step.key == info
        key(pygame.K_RETURN)
        frames(app, 2)


def _text_is_whole(app: App, lesson: Lesson) -> None:
    """The bubble's words resolved (no missing key, no unfilled parameter)."""
    text = lesson.text()
    assert text and "⟦" not in text and "{" not in text, text


def _finish(app: App, lesson: Lesson, keys: list[str]) -> None:
    """The hide step and the last bubble: the lesson ends, the game goes on."""
    until_showing(app, lesson, "hide")
    assert isinstance(app.stack.top, HideBombScene)
    key(pygame.K_RETURN)
    frames(app, 3)
    scene = table(app)
    assert scene.match.actions[-1][1].verb == A.PLACE_BOMB
    until_showing(app, lesson, "done")
    key(pygame.K_RETURN)
    frames(app, 2)
    assert lesson.over and not lesson.skipped
    assert lesson.shown == keys, "a step of the lesson never came on its deal"
    loc = app.loc
    assert not getattr(loc, "missing", set()) and not getattr(loc, "format_errors", set())
    key(pygame.K_ESCAPE)
    frames(app, 2)
    assert isinstance(app.stack.top, PauseScene)


# --- the lessons are registered ----------------------------------------------------------------


@pytest.mark.parametrize("game", ["bombazo", "mazo", "clasico"])
def test_every_rule_set_has_its_lesson(game: str) -> None:
    tutorial = ui_registry.lesson_for(game)
    assert tutorial is not None and tutorial is LESSONS[game]
    assert tutorial.config.game == game and tutorial.config.seat_count == 4
    assert PLANS[game].game == game
    # a lesson's own words are said by its steps (no word left over, none missing)
    assert PLANS[game].own <= {step.key for step in PLANS[game].steps}


# --- Bomba en el Mazo -----------------------------------------------------------------------------


def test_the_mazo_lesson_teaches_its_deck_step_by_step(make_app: Callable[..., App]) -> None:
    app, lesson = _open(make_app, "mazo")
    scene = table(app)
    assert scene.match.config == MAZO_LESSON_CONFIG and scene.match.seed == MAZO_LESSON_SEED
    assert lesson.plan is PLANS["mazo"]

    _read(app, lesson, "welcome", "deck", "danger", "hand")

    until_showing(app, lesson, "peek")
    _text_is_whole(app, lesson)
    key(pygame.K_SPACE)                        # drawing is not what the step asks
    frames(app, 4)
    assert scene.match.moves == 0 and lesson.refused == 1
    play_the_card(app, "see_future")
    assert scene.match.actions[0] == (0, A.Action(A.PLAY, "see_future"))

    until_showing(app, lesson, "clues")        # no window in Mazo: the clues come at once
    assert scene.shown.clues and scene.shown.clues[0] == (0, "bomb")
    key(pygame.K_RETURN)
    frames(app, 2)

    until_showing(app, lesson, "shield")
    _text_is_whole(app, lesson)
    play_the_card(app, "shield")
    assert scene.match.actions[-1] == (0, A.Action(A.PLAY, "shield"))
    assert lesson.live.seats[0].shield

    until_showing(app, lesson, "bottom")       # the bomb on top: end the turn from the bottom
    _text_is_whole(app, lesson)
    key(pygame.K_SPACE)                        # a plain draw would take the bomb: refused
    frames(app, 4)
    assert scene.match.actions[-1] == (0, A.Action(A.PLAY, "shield"))
    play_the_card(app, "draw_bottom")
    assert scene.match.actions[-1] == (0, A.Action(A.PLAY, "draw_bottom"))

    until_showing(app, lesson, "stopped")      # a machine's Pásala broke on the Escudo
    assert lesson.stopped == "pass_it"
    assert not lesson.live.seats[0].shield
    moves = scene.match.moves
    frames(app, 60)
    assert scene.match.moves == moves
    _text_is_whole(app, lesson)
    assert "Pass It" in lesson.text() and "Shield" in lesson.text()
    key(pygame.K_RETURN)
    frames(app, 2)

    until_showing(app, lesson, "draw")
    assert scene.shown.turns_owed == 1         # the shield took the second turn away
    # the bomb the clues showed is still on top: "draw" is right only when nothing in the
    # hand dodges it, and the bubble says why (review 5: it read as "clues don't matter")
    assert scene.shown.clues and scene.shown.clues[0] == (0, "bomb")
    assert not set(scene.shown.hand) & {"skip", "attack", "draw_bottom", "shuffle", "pass_it"}
    assert "Wire Cutters" in lesson.text() or scene.namer.card("defuse") in lesson.text()
    key(pygame.K_SPACE)
    until_showing(app, lesson, "bomb")
    assert any(isinstance(item.event, E.BombDrawn) and item.event.seat == 0
               and item.event.defused for item in scene.match.feed_for(0))
    key(pygame.K_RETURN)
    _finish(app, lesson, LESSON_KEYS["mazo"])
    # the game goes on with cards to play (review 4: the old deal left two Calma, "nothing
    # to do but draw" for the rest of a first game)
    playable = [c for c in table(app).shown.hand if c not in ("calm", "defuse", "nope")]
    assert len(playable) >= 2, table(app).shown.hand


# --- Clásico --------------------------------------------------------------------------------------


def test_the_clasico_lesson_teaches_kittens_cats_and_nopes(
        make_app: Callable[..., App]) -> None:
    app, lesson = _open(make_app, "clasico")
    scene = table(app)
    assert scene.match.config == CLASICO_LESSON_CONFIG
    assert scene.match.seed == CLASICO_LESSON_SEED
    assert lesson.plan is PLANS["clasico"]

    _read(app, lesson, "welcome", "deck", "danger", "hand")

    until_showing(app, lesson, "play")
    play_the_card(app, "see_future")
    assert scene.match.actions[0] == (0, A.Action(A.PLAY, "see_future"))
    _read(app, lesson, "window", "clues")

    until_showing(app, lesson, "pair")
    _text_is_whole(app, lesson)
    assert "Nap Cats" in lesson.text()
    cats = [i for i, card in enumerate(scene.hand.cards) if card == "animal_frog"]
    assert len(lesson.targets()) == 2 and len(cats) == 2
    key(pygame.K_SPACE)                        # drawing is not what the step asks
    frames(app, 4)
    assert lesson.refused == 1 and (0, A.DRAW_ACTION) not in scene.match.actions
    play_the_card(app, "animal_frog")          # the panel's first button: Play pair
    frames(app, 6)
    key(pygame.K_2)                            # the seat chooser: rob the machine at seat 1
    frames(app, 3)
    assert scene.match.actions[-1] == (0, A.Action(A.PAIR, "animal_frog", 1))

    until_showing(app, lesson, "draw")
    assert any(isinstance(item.event, E.CardTaken) and item.event.taker == 0
               for item in scene.match.feed_for(0))
    key(pygame.K_SPACE)

    until_showing(app, lesson, "nope")
    play = scene.shown.pending
    assert play is not None and play.seat != 0 and play.target == 0  # a pair against you
    _text_is_whole(app, lesson)
    key(pygame.K_1)
    frames(app, 2)
    assert (0, A.NOPE_ACTION) in scene.match.actions

    until_showing(app, lesson, "again")
    key(pygame.K_SPACE)
    until_showing(app, lesson, "bomb")
    _text_is_whole(app, lesson)
    assert "Exploding Kitten" in lesson.text()
    key(pygame.K_RETURN)
    _finish(app, lesson, LESSON_KEYS["clasico"])


# --- every language has every bubble --------------------------------------------------------------


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
@pytest.mark.parametrize("game", ["bombazo", "mazo", "clasico"])
def test_every_bubble_is_said_in_every_language(make_app: Callable[..., App], game: str,
                                                lang: str) -> None:
    """Each step's words exist in the lesson's language with every parameter filled."""
    app = make_app(lang, settings=QUICK, audio=False, persist=False, start=None)
    tutorial = LESSONS[game]
    scene = TableScene(app, Match(tutorial.config, tutorial.seed), deal=False)
    lesson = Lesson(scene)
    loc = app.loc
    for index, step in enumerate(lesson.steps):
        lesson.index = index
        assert loc.has(lesson.plan.key(step.key)), (lang, step.key)  # type: ignore[attr-defined]
        _text_is_whole(app, lesson)
    fell_back = {key for key in getattr(loc, "fell_back", set()) if key.startswith("tutorial.")}
    assert not fell_back, f"said in English in {lang}: {sorted(fell_back)}"


# --- a game that goes another way never blocks ----------------------------------------------------


@pytest.mark.parametrize("game", ["bombazo", "mazo", "clasico"])
@pytest.mark.parametrize("seed", [3, 40, 777])
def test_on_any_deal_the_lesson_gives_way_and_ends(make_app: Callable[..., App], game: str,
                                                   seed: int) -> None:
    """Each rule set's lesson laid over other deals (its steps' moments may never come): doing
    what each bubble asks, and drawing otherwise, the lesson always ends and the game goes
    on."""
    app = make_app("en", settings=QUICK, audio=False, persist=False, start=None)
    match = Match(LESSONS[game].config, seed)
    scene = TableScene(app, match, pace=Pace(0.05, 0.05, 0.3), deal=False)
    lesson = Lesson(scene)
    assert lesson.plan is PLANS[game]
    scene.overlay = lesson
    app.stack.push(scene)
    for _ in range(20000):
        if lesson.over or match.is_over():
            break
        app.step(1 / 30, draw=False)
        top = app.stack.top
        if isinstance(top, HideBombScene):
            top.finish(0)
            continue
        if top is not scene or scene.busy or app._guard > 0:
            continue
        step = lesson.step
        allowed = [a for a in match.legal_for(0)
                   if step is not None and step.lets is not None and step.lets(a)]
        if step is not None and lesson.showing and step.info:
            lesson.next()
        elif step is not None and lesson.showing and step.key == "nope":
            scene.nope(0)
        elif step is not None and lesson.showing and allowed and step.key != "hide":
            scene.submit(allowed[0])
        elif scene.flow.awaiting_person is not None and match.pending().phase == "play":
            scene.draw_card()
        elif scene.flow.awaiting_person is not None and match.pending().phase == "give":
            scene.submit(match.legal_for(0)[0])
    assert lesson.over, f"the lesson got stuck at {lesson.step} after {match.moves} moves"
    assert lesson.shown[-1] == "done" and not lesson.skipped
