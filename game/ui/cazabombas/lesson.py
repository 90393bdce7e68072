"""The first game that teaches Caza Bombas: a real mission 1 with two Crafty teammates from a
fixed, friendly deal, with a lesson laid over the real table (a
:class:`~game.ui.table.overlay.TableOverlay`).

The deal (:data:`LESSON_SEED`) was found by a search over seeds (the test
``tests/ui/test_cazabombas_lesson.py`` plays it through and fails if a change to the rules or
the machines breaks it): the person is the Captain (two stands, the first token, the first
cut); once the teammates have placed their tokens, one of those tokens shows a value the
person holds, so the first Dual cut the lesson asks for can be a sure one (the wire the token
stands in front of); then one teammate cuts right and the other misses on a teammate's wire,
so the dial turns and a token shows that hidden wire's true value before the person's second
turn. The machines
decide from the position alone (their luck is drawn from the seed, move by move), so the same
moves give the same mission at every speed.

Each step is a short bubble pointing at a part of the table, shown when its moment comes
(:attr:`~game.ui.table.lesson.Step.when`):

- an *info* step waits for Enter, Space or its Next button; while it shows the table holds
  its clock and its machines and takes no action (a click or a key on the table does nothing);
- a *do* step waits for the person to do one thing (place the info token, make a Dual cut);
  only that action goes through (another is refused, the move being built starts over and the
  bubble says so).

A step whose moment never comes (nobody missed before the person's next turn) is passed over
as soon as the person has to act, so the lesson never blocks the game. Esc (once no move is
half built: Esc takes that back first) or the Skip button ends the lesson; the game goes on as
any other.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.core.config import GameConfig, SeatKind
from game.rules.cazabombas import actions as A
from game.rules.cazabombas import events as E
from game.rules.cazabombas import wires as W
from game.rules.cazabombas.actions import Action
from game.rules.cazabombas.view import CazaView
from game.rules.cazabombas.wires import class_of
from game.ui.cazabombas import layout as L
from game.ui.cazabombas.paint import number_marks
from game.ui.table.bubble import Bubble
from game.ui.table.lesson import Step, TableLesson, Words, first_bubble

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.cazabombas.table import CazaTableScene
    from game.ui.scene import Scene

LESSON_CONFIG = GameConfig("cazabombas", (SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.ASTUTO),
                           frozenset({"mission1"}))
"""You at seat 0 with two Crafty teammates on mission 1: blue wires 1–6 only, no equipment,
and a dial that allows two mistakes. Not Reckless ones, the gentlest level: they cut blind on
the person's rack with no mistake left, and a first game must not be lost by a partner."""
LESSON_SEED = 1648
"""Its friendly deal (why this one: the module's docstring)."""

WIDTH = 360
"""A bubble's width (wider when its two buttons need it)."""
DIAL_LABEL_W = 200
"""The widest the line under the dial is (``paint._dial``)."""
TEAM = 0.3
"""How much the teammates' racks matter to where a bubble goes, unless its step says."""

Rect = pygame.Rect


# --- the steps ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class CazaStep(Step["Lesson"]):
    """An engine :class:`~game.ui.table.lesson.Step` (its text: ``lesson.cazabombas.<key>``)
    with two things of this table's own. ``team``: how much the teammates' racks matter to
    where the bubble goes (most while the person points at one of their wires). ``words``: its
    text's key when it depends on the table (default: ``key``)."""

    team: float = TEAM
    words: Callable[[Lesson], str] | None = None


def _nowhere(lesson: Lesson) -> list[Rect]:
    return []


def _my_racks(lesson: Lesson) -> list[Rect]:
    layout = lesson.scene.layout
    return [rack.rect.copy() for rack in layout.seat_racks(lesson.home)]


def _teammates(lesson: Lesson) -> list[Rect]:
    layout = lesson.scene.layout
    return [rack.rect.copy() for rack in layout.racks.values() if not rack.mine]


def _dial(lesson: Lesson) -> list[Rect]:
    """The dial with its line of mistakes left under it."""
    x, y = L.DIAL_CENTRE
    top = y - L.DIAL_R - 4
    return [Rect(x - DIAL_LABEL_W // 2, top, DIAL_LABEL_W, L.DIAL_LABEL_Y + 26 - top)]


def _sure_wires(lesson: Lesson) -> list[Rect]:
    """The teammates' uncut wires whose token shows a value the person holds (a sure cut),
    else their racks."""
    view = lesson.live
    held = _held(view)
    for g, rack in lesson.scene.layout.racks.items():
        if rack.mine:
            continue
        for index, wire in enumerate(view.stands[g]):
            if not wire.cut and wire.token is not None and wire.token in held:
                return _wire(lesson, g, index)
    return _teammates(lesson)


def _cut_words(lesson: Lesson) -> str:
    """A sure cut to point at (a token shows a value the person holds), or only clues."""
    return "cut" if _sure_wires(lesson) != _teammates(lesson) else "cut_any"


def _held(view: CazaView) -> set[W.Value]:
    return {class_of(wire.key) for g in view.my_stands for wire in view.stands[g]
            if wire.key is not None and not wire.cut}


def _board(lesson: Lesson) -> list[Rect]:
    """The board's row of numbers (as ``paint._board`` lays it out), then the two wires of
    the latest right cut, lying face up."""
    marks = [rect for _n, rect in number_marks(lesson.live)]
    row = marks[0].unionall(marks[1:]).inflate(4, 6) if marks else Rect(L.BOARD.topleft, (0, 0))
    return [row] + [rect for g, i in lesson.cut_wires for rect in _wire(lesson, g, i)]


def _wire(lesson: Lesson, g: int, index: int) -> list[Rect]:
    """Wire ``index`` of stand ``g`` with its token's place (none if it is not on screen)."""
    rack = lesson.scene.layout.racks.get(g)
    if rack is None or not 0 <= index < rack.count:
        return []
    tile = rack.tile(index)
    token_y = rack.token(index)[1] + rack.token_r
    return [Rect(tile.left - 4, tile.top - 4, tile.width + 8, token_y - tile.top + 8)]


def _missed(lesson: Lesson) -> list[Rect]:
    """The wire of the latest miss (its token now shows what it is), then the dial."""
    missed = lesson.missed
    rects = _wire(lesson, *missed) if missed is not None else []
    return rects + _dial(lesson)


def _detector(lesson: Lesson) -> list[Rect]:
    """The Double Detector's button, and where the person's rack says it is ready."""
    scene = lesson.scene
    rects = []
    button = scene.mode_buttons.get("detector")
    if button is not None and button.visible:
        rects.append(button.rect.copy())
    mine = [rack.rect for rack in scene.layout.seat_racks(lesson.home)]
    rects += [rect.copy() for key, rect in scene.help_spots
              if key == "detector" and rect.collidelist(mine) >= 0][:1]
    return rects


def _solo(lesson: Lesson) -> list[Rect]:
    """The Solo cut's button, when the person may make one now (else the bubble sits in the
    middle)."""
    button = lesson.scene.mode_buttons.get("solo")
    return [button.rect.copy()] if button is not None and button.visible else []


def _is(verb: str) -> Callable[[object], bool]:
    return lambda action: isinstance(action, Action) and action.verb == verb


def _setup(lesson: Lesson) -> bool:
    return lesson.deciding("setup")


def _playing(lesson: Lesson) -> bool:
    return lesson.deciding("play")


def _something_cut(lesson: Lesson) -> bool:
    view = lesson.live
    return view.phase == "play" and any(wire.cut for stand in view.stands for wire in stand)


def _a_miss(lesson: Lesson) -> bool:
    view = lesson.live
    return view.phase == "play" and view.mistakes_left < view.max_mistakes \
        and lesson.missed is not None


def _detector_ready(lesson: Lesson) -> bool:
    return _playing(lesson) and not lesson.live.detectors_used[lesson.home]


STEPS: tuple[CazaStep, ...] = (
    CazaStep("welcome", _setup, _nowhere),
    CazaStep("stand", _setup, _my_racks, sides=("above",)),
    CazaStep("token", _setup, _my_racks, deed="token", lets=_is(A.TOKEN),
             sides=("above", "anywhere")),
    CazaStep("team", _playing, _teammates, sides=("below",)),
    CazaStep("dial", _playing, _dial, sides=("right",)),
    CazaStep("cut", _playing, _sure_wires, deed="cut", lets=_is(A.DUAL_CUT),
             sides=("anywhere",), team=3.0, words=_cut_words),
    CazaStep("board", _something_cut, _board, sides=("anywhere",)),
    CazaStep("miss", _a_miss, _missed, sides=("anywhere",)),
    CazaStep("detector", _detector_ready, _detector, sides=("anywhere",)),
    CazaStep("done", lambda s: True, _solo, sides=("anywhere",)),
)


def deed_of(event: Any, seat: int) -> str | None:
    """What ``event`` says ``seat`` did, in the steps' words."""
    if isinstance(event, E.TokenPlaced) and event.seat == seat and event.why == "setup":
        return "token"
    if isinstance(event, E.WiresCut | E.CutMissed) and event.seat == seat \
            and event.verb == A.DUAL_CUT:
        return "cut"
    return None


# --- the lesson --------------------------------------------------------------------------------


class Lesson(TableLesson):
    """The lesson over one Caza Bombas table (``scene.overlay``), on the engine of
    ``game.ui.table.lesson``: the table's questions its steps ask, its words, its feed (a miss's
    token and a right cut's wires are noted: two steps point at them). Its table asks
    ``holds`` and ``allows`` before its frame's update (``settles_first``); once the mission
    has ended the lesson stays still."""

    words = Words("lesson.cazabombas.next", "lesson.cazabombas.play_on",
                  "lesson.cazabombas.skip", "lesson.cazabombas.progress",
                  "lesson.cazabombas.not_now")
    width = WIDTH
    gap = 20
    settles_first = True
    quiet = True
    calm_on_catch_up = True
    scene: CazaTableScene

    def __init__(self, scene: CazaTableScene) -> None:
        super().__init__(scene, STEPS)
        self.missed: tuple[int, int] | None = None
        """(stand, index) of the wire the latest miss put a token on."""
        self.cut_wires: list[tuple[int, int]] = []
        """(stand, index) of the wires of the latest right cut."""

    @property
    def bubble(self) -> Bubble:
        return self.paper

    # --- what the table shows --------------------------------------------------------------

    @property
    def live(self) -> CazaView:
        view: CazaView = self.match.view_for(self.home)
        return view

    def deciding(self, phase: str) -> bool:
        """The person's decision of ``phase`` (``setup``, ``play``) is on screen."""
        return self.scene.deciding() == self.home and self.live.phase == phase

    # --- what the engine asks --------------------------------------------------------------

    def on_screen(self, step: Step[Any]) -> bool:
        return self.table_on_top() and not self.match.is_over()

    def must_act(self) -> bool:
        """The person's decision is on screen (else the game goes on by itself, or is still
        moving: the moment may come)."""
        return self.scene.deciding() == self.home

    def saw(self, event: Any) -> None:
        """A miss's token and a right cut's wires are remembered (the miss and board steps
        point at them)."""
        if isinstance(event, E.TokenPlaced) and event.why == "miss":
            self.missed = (event.stand, event.at)
        if isinstance(event, E.WiresCut) and event.verb != A.REVEAL_REDS:
            self.cut_wires = [(g, i) for g, i, _key in event.wires]

    def deed_of(self, event: Any) -> str | None:
        return deed_of(event, self.home)

    def text(self) -> str:
        step = self.step
        if step is None:
            return ""
        words = step.words if isinstance(step, CazaStep) else None
        key = step.key if words is None else words(self)
        return self.app.loc.t(f"lesson.cazabombas.{key}")

    def keep(self) -> list[tuple[Rect, float]]:
        """The table's parts a bubble should not cover, with how much each matters: what the
        person decides with most (the ways to act, the values to name), the person's own
        racks, then the dial and the board, the teammates' racks least (a bubble pointing at
        one wire may lie on the others)."""
        scene = self.scene
        keep = [(Rect(L.MIDDLE.left, L.MODES_Y, L.MIDDLE.width,
                      L.CHIPS_Y + L.CHIP - L.MODES_Y + 8), 3.0),
                (Rect(L.MIDDLE.left, L.BANNER_Y, L.MIDDLE.width, 56), 1.0)]
        step = self.step
        team = step.team if isinstance(step, CazaStep) else TEAM
        for rack in scene.layout.racks.values():
            keep.append((rack.rect.copy(), 1.0 if rack.mine else team))
        keep += [(rect, 0.6) for rect in _dial(self)]
        keep.append((L.BOARD.copy(), 0.5))
        return keep

    def spot_key(self) -> tuple[object, ...]:
        return scene_key(self.scene)

    # --- the table's calls -----------------------------------------------------------------

    def update(self, dt: float) -> None:
        """The engine's, until the mission ends: then the bubble hides and nothing more is
        read (the last events point at nothing a step needs)."""
        if self.match.is_over():
            self.paper.hide()
            return
        super().update(dt)


def scene_key(scene: CazaTableScene) -> tuple[object, ...]:
    """What on the table moves a bubble: the ways to act coming and going."""
    return tuple(key for key, button in scene.mode_buttons.items() if button.visible)


# --- the kit's entries ---------------------------------------------------------------------------


def lesson_shot(app: App, code: str | None) -> None:
    """The screenshot state ``lesson``: the lesson's first bubble over its table, once the
    deal has landed (``code`` is not used: the lesson has its own deal)."""
    from game.match.match import Match
    from game.ui.cazabombas.table import CazaTableScene

    scene = CazaTableScene(app, Match(LESSON_CONFIG, LESSON_SEED), briefing=False)
    lesson = Lesson(scene)
    scene.overlay = lesson
    first_bubble(app, scene, lesson)


def teach(scene: Scene[Any]) -> None:
    """Lay the lesson over a Caza Bombas table (the launcher made it for
    :data:`LESSON_CONFIG` and :data:`LESSON_SEED`). The mission's briefing does not come up:
    the lesson says what it would."""
    from game.ui.cazabombas.table import CazaTableScene

    if isinstance(scene, CazaTableScene):
        scene.briefed = True
        scene.overlay = Lesson(scene)
