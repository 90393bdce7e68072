"""The first game that teaches Caza Bombas: a real mission 1 with two Reckless teammates from a
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
(:attr:`Step.when`):

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

import math
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
from game.ui.table.bubble import SIDES, Bubble, arrow, place_beside, rings, spotlight
from game.ui.table.overlay import TableOverlay

if TYPE_CHECKING:
    from game.match.source import TableSource
    from game.ui.app import App
    from game.ui.cazabombas.table import CazaTableScene
    from game.ui.scene import Scene

LESSON_CONFIG = GameConfig("cazabombas", (SeatKind.PERSON, SeatKind.LANZADO, SeatKind.LANZADO),
                           frozenset({"mission1"}))
"""You at seat 0 with two Reckless teammates (the gentlest level) on mission 1: blue wires 1–6
only, no equipment, and a dial that allows two mistakes."""
LESSON_SEED = 2
"""Its friendly deal (why this one: the module's docstring)."""

NUDGE_SECONDS = 2.5
WIDTH = 360
"""A bubble's width (wider when its two buttons need it)."""
VALID_H = 32
"""The height of the board's row of numbers (``paint._board``)."""
DIAL_LABEL_W = 200
"""The widest the line under the dial is (``paint._dial``)."""

Rect = pygame.Rect


# --- the steps ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """``key``: its text, ``lesson.cazabombas.<key>``. ``when``: its moment. ``points``: what
    it points at (none: the bubble sits in the middle). ``deed``: what the person does to end
    it (``None``: an info step, ended by Enter). ``lets``: the action it lets through.
    ``sides``: where the bubble may go around its targets, in order."""

    key: str
    when: Callable[[Lesson], bool]
    points: Callable[[Lesson], list[Rect]]
    deed: str | None = None
    lets: Callable[[Action], bool] | None = None
    sides: tuple[str, ...] = SIDES
    gap: int = 20
    team: float = 0.3
    """How much the teammates' racks matter to where the bubble goes (most while the person
    points at one of their wires)."""
    words: Callable[[Lesson], str] | None = None
    """Its text's key when it depends on the table (default: ``key``)."""

    @property
    def info(self) -> bool:
        return self.deed is None


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
    view = lesson.live
    board = L.BOARD
    numbers = [n for n in range(1, W.BLUE_MAX + 1) if view.blue_counts[n]]
    step = min(31, board.width // max(1, len(numbers)))
    x = board.left + (board.width - step * len(numbers)) // 2
    row = Rect(x - 2, board.top, step * len(numbers) + 2, VALID_H + 6)
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


def _is(verb: str) -> Callable[[Action], bool]:
    return lambda action: action.verb == verb


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


STEPS: tuple[Step, ...] = (
    Step("welcome", _setup, _nowhere),
    Step("stand", _setup, _my_racks, sides=("above",)),
    Step("token", _setup, _my_racks, deed="token", lets=_is(A.TOKEN),
         sides=("above", "anywhere")),
    Step("team", _playing, _teammates, sides=("below",)),
    Step("dial", _playing, _dial, sides=("right",)),
    Step("cut", _playing, _sure_wires, deed="cut", lets=_is(A.DUAL_CUT),
         sides=("anywhere",), team=3.0, words=_cut_words),
    Step("board", _something_cut, _board, sides=("anywhere",)),
    Step("miss", _a_miss, _missed, sides=("anywhere",)),
    Step("detector", _detector_ready, _detector, sides=("anywhere",)),
    Step("done", lambda s: True, _solo, sides=("anywhere",)),
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


class Lesson(TableOverlay):
    """The lesson over one Caza Bombas table (``scene.overlay``)."""

    def __init__(self, scene: CazaTableScene) -> None:
        self.scene = scene
        self.app = scene.app
        self.index = 0
        self.over = False
        self.skipped = False
        self.shown: list[str] = []
        """The keys of the steps that have been on screen, in order (tests read it)."""
        self.refused = 0
        """Actions refused because the step asked for another (tests read it)."""
        self.missed: tuple[int, int] | None = None
        """(stand, index) of the wire the latest miss put a token on."""
        self.cut_wires: list[tuple[int, int]] = []
        """(stand, index) of the wires of the latest right cut."""
        self._read = scene.match.feed_size
        self._clock = 0.0
        self._nudge = 0.0
        self._spot_key: tuple[object, ...] | None = None
        self._spot = Rect(0, 0, 0, 0)

        def loc(key: str) -> Callable[[], str]:
            return lambda: self.app.loc.t(key)

        self.bubble = Bubble(self.next, self.skip, next_text=self._next_text,
                             skip_text=loc("lesson.cazabombas.skip"),
                             next_key=loc("key.enter"), skip_key=loc("key.esc"), width=WIDTH)

    # --- what the table shows --------------------------------------------------------------

    @property
    def match(self) -> TableSource:
        return self.scene.match

    @property
    def home(self) -> int:
        return self.scene.home

    @property
    def live(self) -> CazaView:
        view: CazaView = self.match.view_for(self.home)
        return view

    def deciding(self, phase: str) -> bool:
        """The person's decision of ``phase`` (``setup``, ``play``) is on screen."""
        return self.scene.deciding() == self.home and self.live.phase == phase

    def table_on_top(self) -> bool:
        return self.app.stack.top is self.scene

    # --- the step --------------------------------------------------------------------------

    @property
    def step(self) -> Step | None:
        return None if self.over else STEPS[self.index]

    @property
    def showing(self) -> bool:
        """The current step is on screen now."""
        step = self.step
        scene = self.scene
        if step is None or scene.timeline.busy or scene._left or not self.table_on_top() \
                or self.match.is_over():
            return False
        return step.when(self)

    def next(self) -> None:
        """Enter or Next: an info step is read."""
        step = self.step
        if step is not None and step.info and self.showing:
            self._advance()

    def skip(self) -> None:
        """Esc or Skip: the lesson ends, the game goes on."""
        if not self.over:
            self.over = True
            self.skipped = True

    def _advance(self) -> None:
        self.index += 1
        self._nudge = 0.0
        if self.index >= len(STEPS):
            self.over = True

    def _read_feed(self) -> None:
        """A do step ends when the feed says the person did its deed; a miss's token is
        remembered (the miss step points at it)."""
        match = self.match
        if match.feed_size == self._read:
            return
        items = match.feed_for(self.home, self._read)
        self._read = match.feed_size
        for item in items:
            event = item.event
            if isinstance(event, E.TokenPlaced) and event.why == "miss":
                self.missed = (event.stand, event.at)
            if isinstance(event, E.WiresCut) and event.verb != A.REVEAL_REDS:
                self.cut_wires = [(g, i) for g, i, _key in event.wires]
            step = self.step
            if step is not None and step.deed is not None \
                    and deed_of(event, self.home) == step.deed:
                self._advance()

    def _catch_up(self) -> None:
        """When the person's decision is on screen and the step's moment is not this one, go
        on to the first later step whose moment it is (the last step's always is)."""
        step = self.step
        if step is None or step.when(self):
            return
        if self.scene.deciding() != self.home:
            return  # the game goes on by itself (or is still moving): the moment may come
        for index in range(self.index + 1, len(STEPS)):
            if STEPS[index].when(self):
                self.index = index
                self._nudge = 0.0
                return

    # --- the table's calls -----------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.over or self.match.is_over():
            self.bubble.hide()
            return
        if not self.app.idle:  # the bubble rests while idle
            self._clock += dt
        self._nudge = max(0.0, self._nudge - dt)
        self._read_feed()
        self._catch_up()
        if self.over:
            self.bubble.hide()
            return
        showing = self.showing
        step = self.step
        if showing and step is not None and (not self.shown or self.shown[-1] != step.key):
            self.shown.append(step.key)
        if not showing or step is None:
            self.bubble.hide()
            return
        self._place(step)
        self.bubble.update(dt)

    def holds(self) -> bool:
        if self.over:
            return False
        self._read_feed()
        self._catch_up()
        step = self.step
        return step is not None and step.info and step.when(self)

    def allows(self, action: object) -> bool:
        step = self.step
        if step is None:
            return True
        self._catch_up()
        step = self.step
        if step is None or not step.when(self):
            return True  # not the step's moment: nothing on screen asks for another deed
        if step.lets is not None and isinstance(action, Action) and step.lets(action):
            return True
        self.refused += 1
        self._nudge = NUDGE_SECONDS
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        if self.over or not self.showing:
            return False
        step = self.step
        assert step is not None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) \
                and self.bubble.handle(event):
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if step.info:
                return True  # while it talks, a click on the table does nothing
            pos = getattr(event, "pos", None)
            return pos is not None and self.bubble.rect.collidepoint(pos)  # on the paper
        if event.type == pygame.KEYDOWN and step.info:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.next()
            return True  # no key reaches the table while it talks
        return False

    def escape(self) -> bool:
        if self.over:
            return False
        self.skip()
        return True

    # --- words -----------------------------------------------------------------------------

    def text(self) -> str:
        step = self.step
        if step is None:
            return ""
        key = step.key if step.words is None else step.words(self)
        return self.app.loc.t(f"lesson.cazabombas.{key}")

    def warning(self) -> str:
        return self.app.loc.t("lesson.cazabombas.not_now") if self._nudge > 0 else ""

    def _next_text(self) -> str:
        last = self.index == len(STEPS) - 1
        return self.app.loc.t("lesson.cazabombas.play_on" if last
                              else "lesson.cazabombas.next")

    def progress(self) -> str:
        return self.app.loc.t("lesson.cazabombas.progress", n=self.index + 1, total=len(STEPS))

    # --- where it goes -----------------------------------------------------------------------

    def targets(self) -> list[Rect]:
        step = self.step
        return [] if step is None else step.points(self)

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
        team = step.team if step is not None else 0.3
        for rack in scene.layout.racks.values():
            keep.append((rack.rect.copy(), 1.0 if rack.mine else team))
        keep += [(rect, 0.6) for rect in _dial(self)]
        keep.append((L.BOARD.copy(), 0.5))
        return keep

    def _place(self, step: Step) -> None:
        last = self.index == len(STEPS) - 1
        self.bubble.buttons(next_shown=step.info, skip_shown=not last)
        text, warning = self.text(), self.warning()
        size = self.bubble.size(text, warning)
        targets = self.targets()
        key = (self.index, size, tuple(map(tuple, targets)), scene_key(self.scene))
        if key != self._spot_key:  # the search runs when something it weighs moved
            self._spot_key = key
            self._spot = place_beside(targets, size, step.sides, step.gap, self.keep())
        self.bubble.place(self._spot)

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        step = self.step
        if step is None or not self.showing:
            return
        targets = self.targets()
        if step.info:
            spotlight(surface, targets)
        still = self.app.motion.reduced
        rings(surface, targets, 0.0 if still else 0.5 + 0.5 * math.sin(self._clock * 5))
        if targets:
            arrow(surface, self.bubble.rect, targets[0],
                  0.0 if still else math.sin(self._clock * 6) * 5)
        shake = 0 if still or self._nudge <= 0 else \
            round(math.sin(self._nudge * 40) * 5 * self._nudge)
        self.bubble.draw(surface, self.text(), warning=self.warning(),
                         progress=self.progress(), shake=shake)


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
    app.stack.reset(scene)
    for _ in range(900):
        if lesson.showing:
            break
        app.step(1 / 30, [], draw=False)


def teach(scene: Scene[Any]) -> None:
    """Lay the lesson over a Caza Bombas table (the launcher made it for
    :data:`LESSON_CONFIG` and :data:`LESSON_SEED`). The mission's briefing does not come up:
    the lesson says what it would."""
    from game.ui.cazabombas.table import CazaTableScene

    if isinstance(scene, CazaTableScene):
        scene.briefed = True
        scene.overlay = Lesson(scene)
