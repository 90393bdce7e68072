"""The first game that teaches Die Bombe: a real game against two Reckless machines from a
fixed, friendly deal, with a lesson laid over the real table (a
:class:`~game.ui.table.overlay.TableOverlay`).

The deal (:data:`LESSON_SEED`) was found by a search over seeds (the test
``tests/ui/test_diebombe_lesson.py`` plays it through and fails if a change to the rules or the
machines breaks it): round 1 turns up a red card, round 2 a bomb beside a value card. A
Reckless machine never bids more than the best card on the table is worth (25 at most), so a
person who bids 12 in the first two rounds wins both on this deal; they take a card, then the
bomb, and drop it on a rival; round 3 opens with a red crown on the table. The machines decide
from the position alone, and a Die Bombe table lets them seal their bids only after the
person's, so the same bids give the same game at every speed.

Each step is a short bubble pointing at a part of the table, shown when its moment comes
(:attr:`Step.when`):

- an *info* step waits for Enter, Space or its Next button; while it shows the table holds
  its machines and takes no action (a click or a key on the table does nothing);
- a *do* step waits for the person to do one thing (seal a bid, take a card, take the bomb,
  drop it); only that action goes through (another is refused and the bubble says so).

A step whose moment never comes (the person bid low and a machine took the cards) is passed
over as soon as the person has to act, so the lesson never blocks the game. Esc or the Skip
button ends the lesson; the game goes on as any other.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.core.config import GameConfig, SeatKind
from game.rules.diebombe import actions as A
from game.rules.diebombe import cards as C
from game.rules.diebombe import events as E
from game.rules.diebombe.actions import Action
from game.rules.diebombe.view import DieView
from game.ui.diebombe import layout as L
from game.ui.diebombe.bidpad import PAD
from game.ui.diebombe.sheet import majority
from game.ui.table.bubble import SIDES, Bubble, arrow, place_beside, rings, spotlight
from game.ui.table.overlay import TableOverlay

if TYPE_CHECKING:
    from game.match.source import TableSource
    from game.ui.app import App
    from game.ui.diebombe.table import DieTableScene
    from game.ui.scene import Scene

LESSON_CONFIG = GameConfig("diebombe", (SeatKind.PERSON, SeatKind.LANZADO, SeatKind.LANZADO))
"""You at seat 0 against two Reckless machines (the gentlest level): three seats keep the
table calm, and the news box has its own corner."""
LESSON_SEED = 874
"""Its friendly deal (why this one: the module's docstring)."""

NUDGE_SECONDS = 2.5
WIDTH = 340
"""A bubble's width (wider when its two buttons need it): one asking for a bid fits beside the
bid entry, over a seat's panel."""

Rect = pygame.Rect


# --- the steps ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """``key``: its text, ``lesson.diebombe.<key>``. ``when``: its moment. ``points``: what it
    points at (none: the bubble sits in the middle). ``deed``: what the person does to end it
    (``None``: an info step, ended by Enter). ``lets``: the action it lets through.
    ``sides``: where the bubble may go around its targets, in order."""

    key: str
    when: Callable[[Lesson], bool]
    points: Callable[[Lesson], list[Rect]]
    deed: str | None = None
    lets: Callable[[Action], bool] | None = None
    sides: tuple[str, ...] = SIDES
    gap: int = 20
    """Between the bubble and its targets (a bubble beside the bid entry has 363 pixels)."""

    @property
    def info(self) -> bool:
        return self.deed is None


def _nowhere(lesson: Lesson) -> list[Rect]:
    return []


def _faceup(lesson: Lesson) -> list[Rect]:
    count = len(lesson.live.faceup)
    return [L.faceup_rect(index, count) for index in range(count)]


def _bomb_card(lesson: Lesson) -> list[Rect]:
    faceup = lesson.live.faceup
    return [L.faceup_rect(index, len(faceup)) for index, card in enumerate(faceup)
            if card == C.BOMB][:1]


def _my_seat(lesson: Lesson) -> list[Rect]:
    return [lesson.scene.layout.panel(lesson.home)]


def _pad(lesson: Lesson) -> list[Rect]:
    return [PAD.copy()] if lesson.scene.pad is not None else []


def _bids(lesson: Lesson) -> list[Rect]:
    """The revealed bids beside the seats, the highest first (the arrow goes to it)."""
    view = lesson.live
    if not view.reveals:
        return []
    bids = view.reveals[-1]
    order = sorted(range(view.seats), key=lambda seat: seat != view.taker)
    rects = []
    for seat in order:
        if bids[seat] is None:
            continue
        x, y = lesson.scene.layout.bubble(seat)
        rects.append(Rect(x - 50, y - 50, 100, 128))  # the grown disc and its caption
    return rects


def _bomb_rows(lesson: Lesson) -> list[Rect]:
    picker = lesson.scene.picker
    return [pick.area.copy() for pick in picker.picks] if picker is not None else []


def _crowns(lesson: Lesson) -> list[Rect]:
    layout = lesson.scene.layout
    return [layout.row(seat, 0) for seat in sorted(majority(lesson.live, C.RED))]


def _is(verb: str, card: str | None = None) -> Callable[[Action], bool]:
    return lambda action: action.verb == verb and (card is None or action.card == card)


def _bidding(lesson: Lesson) -> bool:
    return lesson.deciding("bid")


STEPS: tuple[Step, ...] = (
    Step("welcome", _bidding, _nowhere),
    Step("cards", _bidding, _faceup, sides=("below", "left", "right")),
    Step("seat", _bidding, _my_seat, sides=("below", "right")),
    Step("bid", _bidding, _pad, deed="bid", lets=_is(A.BID),
         sides=("left", "right", "anywhere")),
    Step("reveal", lambda s: s.live.phase == "take" and bool(s.live.reveals), _bids,
         sides=("anywhere",)),
    Step("take", lambda s: s.deciding("take"), _faceup, deed="take", lets=_is(A.TAKE),
         sides=("below", "left", "right")),
    Step("bomb", lambda s: s.deciding("bid") and C.BOMB in s.live.faceup, _bomb_card,
         deed="bid", lets=_is(A.BID), sides=("left", "right", "below")),
    Step("grab", lambda s: s.deciding("take") and C.BOMB in s.live.faceup, _bomb_card,
         deed="take", lets=_is(A.TAKE, C.BOMB), sides=("below", "left", "right")),
    Step("aim", lambda s: s.deciding("bomb"), _bomb_rows, deed="bomb", lets=_is(A.BOMB),
         sides=("anywhere",)),
    Step("crown", lambda s: s.deciding("bid") and bool(majority(s.live, C.RED)), _crowns,
         sides=("below", "right", "left", "anywhere")),
    Step("done", lambda s: True, _nowhere),
)


def deed_of(event: Any, seat: int) -> str | None:
    """What ``event`` says ``seat`` did, in the steps' words (the free card of the second
    highest is no deed: nobody chose it)."""
    if isinstance(event, E.BidPlaced) and event.seat == seat:
        return "bid"
    if isinstance(event, E.CardTaken) and event.seat == seat and event.paid > 0:
        return "take"
    if isinstance(event, E.BombPlayed) and event.bomber == seat:
        return "bomb"
    return None


# --- the lesson --------------------------------------------------------------------------------


class Lesson(TableOverlay):
    """The lesson over one Die Bombe table (``scene.overlay``)."""

    def __init__(self, scene: DieTableScene) -> None:
        self.scene = scene
        self.app = scene.app
        self.index = 0
        self.over = False
        self.skipped = False
        self.shown: list[str] = []
        """The keys of the steps that have been on screen, in order (tests read it)."""
        self.refused = 0
        """Actions refused because the step asked for another (tests read it)."""
        self._read = scene.match.feed_size
        self._clock = 0.0
        self._nudge = 0.0
        self._spot_key: tuple[object, ...] | None = None
        self._spot = Rect(0, 0, 0, 0)
        def loc(key: str) -> Callable[[], str]:
            return lambda: self.app.loc.t(key)

        self.bubble = Bubble(self.next, self.skip, next_text=self._next_text,
                             skip_text=loc("lesson.diebombe.skip"), next_key=loc("key.enter"),
                             skip_key=loc("key.esc"), width=WIDTH)

    # --- what the table shows --------------------------------------------------------------

    @property
    def match(self) -> TableSource:
        return self.scene.match

    @property
    def home(self) -> int:
        return self.scene.home

    @property
    def live(self) -> DieView:
        view: DieView = self.match.view_for(self.home)
        return view

    def deciding(self, phase: str) -> bool:
        """The person's decision of ``phase`` is on screen (the bid entry, the picker)."""
        return self.scene.deciding() == (self.home, phase)

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
                or scene.sheet is not None:
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
        """A do step ends when the feed says the person did its deed."""
        match = self.match
        if match.feed_size == self._read:
            return
        items = match.feed_for(self.home, self._read)
        self._read = match.feed_size
        for item in items:
            step = self.step
            if step is not None and step.deed is not None \
                    and deed_of(item.event, self.home) == step.deed:
                self._advance()

    def _catch_up(self) -> None:
        """When the person's decision is on screen and the step's moment is not this one, go
        on to the first later step whose moment it is (the last step's always is)."""
        step = self.step
        if step is None or step.when(self):
            return
        deciding = self.scene.deciding()
        if deciding is None or deciding[0] != self.home:
            return  # the game goes on by itself (or is still moving): the moment may come
        for index in range(self.index + 1, len(STEPS)):
            if STEPS[index].when(self):
                self.index = index
                self._nudge = 0.0
                return

    # --- the table's calls -----------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.over:
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
        return "" if step is None else self.app.loc.t(f"lesson.diebombe.{step.key}")

    def warning(self) -> str:
        return self.app.loc.t("lesson.diebombe.not_now") if self._nudge > 0 else ""

    def _next_text(self) -> str:
        last = self.index == len(STEPS) - 1
        return self.app.loc.t("lesson.diebombe.play_on" if last else "lesson.diebombe.next")

    def progress(self) -> str:
        return self.app.loc.t("lesson.diebombe.progress", n=self.index + 1, total=len(STEPS))

    # --- where it goes -----------------------------------------------------------------------

    def targets(self) -> list[Rect]:
        step = self.step
        return [] if step is None else step.points(self)

    def keep(self) -> list[tuple[Rect, float]]:
        """The table's parts a bubble should not cover, with how much each matters: what the
        person decides with most, the rivals' rows and the news least."""
        scene = self.scene
        layout = scene.layout
        keep = [(rect, 2.0) for rect in _faceup(self)]
        keep.append((L.faceup_rect(0, 2).union(L.faceup_rect(1, 2)), 1.0))  # a bomb waits there
        if scene.pad is not None:
            keep.append((PAD.copy(), 3.0))
        if scene.picker is not None:
            keep += [(pick.area, 2.0) for pick in scene.picker.picks]
        for seat, panel in layout.panels().items():
            keep.append((panel, 1.0 if seat == self.home else 0.4))
        if layout.spare is not None:
            keep.append((layout.spare, 0.1))
        keep.append((Rect(L.MIDDLE.left, L.BANNER_Y, L.MIDDLE.width, 60), 0.5))
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


def scene_key(scene: DieTableScene) -> tuple[object, ...]:
    """What on the table moves a bubble: the bid entry and the picker coming and going."""
    return (scene.pad is not None, scene.picker is not None)


# --- the kit's entries ---------------------------------------------------------------------------


def lesson_shot(app: App, code: str | None) -> None:
    """The screenshot state ``lesson``: the lesson's first bubble over its table, once the
    deal has landed (``code`` is not used: the lesson has its own deal)."""
    from game.match.match import Match
    from game.ui.diebombe.table import DieTableScene

    scene = DieTableScene(app, Match(LESSON_CONFIG, LESSON_SEED))
    lesson = Lesson(scene)
    scene.overlay = lesson
    app.stack.reset(scene)
    for _ in range(900):
        if lesson.showing:
            break
        app.step(1 / 30, [], draw=False)


def teach(scene: Scene[Any]) -> None:
    """Lay the lesson over a Die Bombe table (the launcher made it for
    :data:`LESSON_CONFIG` and :data:`LESSON_SEED`)."""
    from game.ui.diebombe.table import DieTableScene

    if isinstance(scene, DieTableScene):
        scene.overlay = Lesson(scene)
