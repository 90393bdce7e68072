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

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.core.config import GameConfig, SeatKind
from game.rules.diebombe import actions as A
from game.rules.diebombe import cards as C
from game.rules.diebombe import events as E
from game.rules.diebombe.actions import Action
from game.rules.diebombe.view import DieView
from game.ui import fonts, theme
from game.ui.diebombe import layout as L
from game.ui.diebombe.bidpad import PAD
from game.ui.diebombe.sheet import majority
from game.ui.table.bubble import Bubble
from game.ui.table.lesson import BANNER, Step, TableLesson, Words, first_bubble

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.diebombe.table import DieTableScene
    from game.ui.scene import Scene

LESSON_CONFIG = GameConfig("diebombe", (SeatKind.PERSON, SeatKind.LANZADO, SeatKind.LANZADO))
"""You at seat 0 against two Reckless machines (the gentlest level): three seats keep the
table calm, and the news box has its own corner."""
LESSON_SEED = 874
"""Its friendly deal (why this one: the module's docstring)."""

WIDTH = 340
"""A bubble's width (wider when its two buttons need it): one asking for a bid fits beside the
bid entry, over a seat's panel."""
WIDE = L.MIDDLE.width - 12
"""A bubble that points at nothing, at a bigger text size: as wide as the middle, so it
covers a banner line whole rather than across."""

Rect = pygame.Rect


# --- the steps ---------------------------------------------------------------------------------


def _nowhere(lesson: Lesson) -> list[Rect]:
    return []


def _faceup(lesson: Lesson) -> list[Rect]:
    count = len(lesson.live.faceup)
    return [L.faceup_rect(index, count) for index in range(count)]


def _faceup_near(lesson: Lesson) -> list[Rect]:
    """The face-up cards, the one nearest the bubble first: the arrow goes to it, never
    across the other card."""
    near = lesson.bubble.rect.centerx
    return sorted(_faceup(lesson), key=lambda rect: abs(rect.centerx - near))


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


def _is(verb: str, card: str | None = None) -> Callable[[object], bool]:
    return lambda action: isinstance(action, Action) and action.verb == verb \
        and (card is None or action.card == card)


def _bidding(lesson: Lesson) -> bool:
    return lesson.deciding("bid")


LEVEL_WITH_CARDS = frozenset({"take"})
"""Steps whose bubble stays beside the face-up cards, level with them, clear of the banner
and of what lies under it (the line saying who gets the other card, the recent bids): a
bubble below the banner pointed at the cards across it (issue 20)."""
UNDER_CARDS = 6.0
"""How much a bubble of those steps is kept from the banner down (more than any other part
of the table: it goes beside the cards, over a seat's panel, rather than there)."""

STEPS: tuple[Step[Lesson], ...] = (
    Step("welcome", _bidding, _nowhere),
    Step("cards", _bidding, _faceup, sides=("below", "left", "right")),
    Step("seat", _bidding, _my_seat, sides=("below", "right")),
    Step("bid", _bidding, _pad, deed="bid", lets=_is(A.BID),
         sides=("left", "right", "anywhere")),
    Step("reveal", lambda s: s.live.phase == "take" and bool(s.live.reveals), _bids,
         sides=("anywhere",)),
    Step("take", lambda s: s.deciding("take"), _faceup_near, deed="take", lets=_is(A.TAKE),
         sides=("right", "left"), gap=44),
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


class Lesson(TableLesson):
    """The lesson over one Die Bombe table (``scene.overlay``), on the engine of
    ``game.ui.table.lesson``: the table's questions its steps ask, its words, its feed. Its
    table asks ``holds`` and ``allows`` before its frame's update (``settles_first``)."""

    words = Words("lesson.diebombe.next", "lesson.diebombe.play_on", "lesson.diebombe.skip",
                  "lesson.diebombe.progress", "lesson.diebombe.not_now")
    width = WIDTH
    gap = 20
    """Between the bubble and its targets (a bubble beside the bid entry has 363 pixels)."""
    settles_first = True
    quiet = True
    calm_on_catch_up = True
    scene: DieTableScene

    def __init__(self, scene: DieTableScene) -> None:
        super().__init__(scene, STEPS)

    @property
    def bubble(self) -> Bubble:
        return self.paper

    def _place(self, step: Step[Any]) -> None:
        """As every table's lesson places it; at a bigger text size a bubble that points at
        nothing (it stands in the middle) is as wide as the middle and, when it reaches the
        banner's lines, covers them whole (at 125 % it ended across the bid rule's line)."""
        centred = fonts.text_factor != 1.0 and step.sides != BANNER and not self.targets()
        self.paper.width = WIDE if centred else WIDTH
        super()._place(step)
        banner = self.scene.banner_rect
        spot = self.paper.rect
        if not centred or banner is None or not spot.colliderect(banner):
            return
        spot = spot.copy()
        spot.bottom = max(spot.bottom, banner.bottom + 8)
        self.paper.place(spot)

    # --- what the table shows --------------------------------------------------------------

    @property
    def live(self) -> DieView:
        view: DieView = self.match.view_for(self.home)
        return view

    def deciding(self, phase: str) -> bool:
        """The person's decision of ``phase`` is on screen (the bid entry, the picker)."""
        return self.scene.deciding() == (self.home, phase)

    # --- what the engine asks --------------------------------------------------------------

    def on_screen(self, step: Step[Any]) -> bool:
        return self.table_on_top() and self.scene.sheet is None

    def must_act(self) -> bool:
        """The person's decision is on screen (else the game goes on by itself, or is still
        moving: the moment may come)."""
        deciding = self.scene.deciding()
        return deciding is not None and deciding[0] == self.home

    def deed_of(self, event: Any) -> str | None:
        return deed_of(event, self.home)

    def text(self) -> str:
        step = self.step
        return "" if step is None else self.app.loc.t(f"lesson.diebombe.{step.key}")

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
        step = self.step
        if step is not None and step.key in LEVEL_WITH_CARDS:
            top = L.BANNER_Y - 6
            keep.append((Rect(0, top, theme.SCREEN_W, theme.SCREEN_H - top), UNDER_CARDS))
            keep.append((Rect(L.MIDDLE.left, 0, L.MIDDLE.width, L.FACE_TOP - 8), 1.0))
            for panel in layout.panels().values():  # the names: who gets the other card
                keep.append((Rect(panel.left, panel.top, panel.width, L.row_top()), 1.0))
            view = self.live
            bids = view.reveals[-1] if view.reveals else ()
            keep += [(layout.bubble_box(seat), 2.0) for seat, bid in enumerate(bids)
                     if bid is not None]
        return keep

    def spot_key(self) -> tuple[object, ...]:
        return scene_key(self.scene)


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
    first_bubble(app, scene, lesson)


def teach(scene: Scene[Any]) -> None:
    """Lay the lesson over a Die Bombe table (the launcher made it for
    :data:`LESSON_CONFIG` and :data:`LESSON_SEED`)."""
    from game.ui.diebombe.table import DieTableScene

    if isinstance(scene, DieTableScene):
        scene.overlay = Lesson(scene)
