"""The first game that teaches: a real game of one rule set against three Reckless machines,
from a fixed, friendly deal, with a lesson laid over the real table (a :class:`TableOverlay`).
Each rule set has its own lesson (:class:`Plan`, in :data:`PLANS`): its steps, the locale
words they speak in, the card it asks you to play first; its deal and seats are the kit's
(``kit.LESSONS``).

Each deal was chosen (by a script that played the lesson's moves over many seeds) so that
every step can happen in order:

- Bombazo (``kit.LESSON_SEED``): your hand holds See the Future and a Nope; nobody answers
  your first play; the first machine to act plays a pair against you, which you nope; and on
  your next turn you draw a bomb with your Defuse in hand, so you hide it.
- Bomba en el Mazo (``kit.MAZO_LESSON_SEED``): your hand holds Espiar, Escudo and Del fondo;
  Espiar shows a bomb on top, so you raise the Escudo and end the turn from the bottom; a
  machine's Pásala at you breaks on the Escudo; on your next turn you draw a bomb with your
  Cortacables in hand, so you hide it.
- Clásico (``kit.CLASICO_LESSON_SEED``): your hand holds See the Future, a Nope and a pair of
  Nap Cats; nobody answers your plays; your pair robs the first machine (of a Defuse), which
  answers with a pair against you, and you nope it; on your next turn you draw an Exploding
  Kitten and defuse it.

The machines decide from the position alone (``docs/ARCHITECTURE.md``), so the same moves give
the same game at every speed: ``tests/ui/test_tutorial.py`` and ``tests/ui/test_lessons.py``
play the lessons through with real events, and fail if a change to the rules or the machines
breaks a deal.

Each step is a short bubble pointing at a part of the table (the rest dimmed), shown when its
moment comes (:attr:`Step.when`):

- an *info* step waits for Enter, Space or its Next button; while it shows the table holds its
  clock (the machines and the reaction window wait) and takes no action;
- a *do* step waits for the person to do one thing (play See the Future, draw, nope, hide the
  bomb); only that action goes through (another is refused and the bubble says so).

A step whose moment never comes (a game that went another way) is passed over as soon as the
person has to act, so the lesson never blocks the game. Esc or the Skip button ends the lesson;
the game goes on as any other. The settings remember that the lesson was given
(``Settings.tutorial_seen``, set by ``game.ui.launch`` when it starts), so it is shown again
only from the title's "How to play".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.rules.bombdeck import actions as A
from game.rules.bombdeck import events as E
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.cards import ANIMALS, DRAW_BOTTOM, RULESETS, SEE_FUTURE, SHIELD
from game.ui import cards, gfx, theme
from game.ui.bombdeck import layout as L
from game.ui.bombdeck.hide_bomb import HideBombScene
from game.ui.bombdeck.log import line_for
from game.ui.bombdeck.overlay import TableOverlay
from game.ui.bombdeck.paint import HOVER_SCALE
from game.ui.cache import MB, SurfaceCache
from game.ui.draw import round_rect
from game.ui.text import draw_text, wrap_text
from game.ui.widgets import Button, Form

if TYPE_CHECKING:
    from game.match.source import TableSource
    from game.rules.bombdeck.view import BombView
    from game.ui.app import App
    from game.ui.bombdeck.table import TableScene
    from game.ui.scene import Scene

TAUGHT_CARD = SEE_FUTURE
"""The card each lesson asks you to play first (its peek: the clues come from it)."""

PAPER = (250, 241, 222)
PAPER_EDGE = (255, 170, 60)
SPOT_ALPHA = 120
"""How dark the table goes around what a bubble points at."""
BUBBLE_W = 460
MARGIN = 10
TEXT = theme.TEXT_SMALL
NUDGE_SECONDS = 2.5
BUTTON_H = 44

Rect = pygame.Rect
DECK_AREA = Rect(L.DECK.left - 12, L.DECK.top, L.DECK.width + 24, L.DECK.height + 66)
"""The deck with its count and its name under it."""
DISCARD_AREA = Rect(L.DISCARD.left - 12, L.DISCARD.top, L.DISCARD.width + 24,
                    L.DISCARD.height + 66)
"""The discard pile with its name under it."""
DRAW_TAG = Rect(L.DRAW.left, L.DRAW.bottom, L.DRAW.width, 48)
"""Under the draw button: the "2 left" tag of turns owed."""
BANNER = Rect(L.BANNER_X - L.BANNER_W // 2 + 40, L.BANNER_Y - 8, L.BANNER_W - 80, 76)
"""The status banner between the log and the draw button ("Your turn")."""


# --- the steps ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """``key``: its text, ``tutorial.<key>``. ``when``: its moment. ``points``: what it points
    at (none: the bubble sits in the middle). ``deed``: what the person does to end it
    (``None``: an info step, ended by Enter). ``lets``: the action it lets through. ``sides``:
    where the bubble may go around its target, in order. ``holds``: a do step that also holds
    the table (the nope: the window waits for you)."""

    key: str
    when: Callable[[Lesson], bool]
    points: Callable[[Lesson], list[Rect]]
    deed: str | None = None
    lets: Callable[[Action], bool] | None = None
    sides: tuple[str, ...] = ("below", "above", "right", "left")
    holds: bool = False
    gap: int = 34
    """Between the bubble and its target (a card in the hand needs room to lift)."""

    @property
    def info(self) -> bool:
        return self.deed is None


def _nowhere(lesson: Lesson) -> list[Rect]:
    return []


def _fixed(rect: Rect) -> Callable[[Lesson], list[Rect]]:
    return lambda lesson: [rect.copy()]


def _hover_card() -> Rect:
    rect = Rect((0, 0), cards.card_size(HOVER_SCALE))
    rect.center = (round(L.HOVER_SPOT[0]), round(L.HOVER_SPOT[1]))
    return rect


def _waiting_bomb() -> Rect:
    rect = Rect((0, 0), cards.card_size(1.25))
    rect.center = (L.HAND.centerx, L.HAND.top - 110)
    return rect


def _card(card: str) -> Callable[[Lesson], list[Rect]]:
    def points(lesson: Lesson) -> list[Rect]:
        hand = lesson.scene.hand
        if card not in hand.cards:
            return []
        rect = hand.rect_of(hand.cards.index(card))
        return [rect] if rect is not None else []
    return points


def _play_and_nope(lesson: Lesson) -> list[Rect]:
    return [_hover_card(), *_card("nope")(lesson)]


def _pair(lesson: Lesson) -> list[Rect]:
    """Both cards of the pair the lesson asks for."""
    animal = lesson.pair_card()
    hand = lesson.scene.hand
    if animal is None:
        return []
    rects = [hand.rect_of(i) for i, card in enumerate(hand.cards) if card == animal]
    return [rect for rect in rects if rect is not None][:2]


def _is(verb: str, card: str | None = None) -> Callable[[Action], bool]:
    return lambda action: action.verb == verb and (card is None or action.card == card)


STEPS: tuple[Step, ...] = (
    Step("welcome", lambda s: s.my_turn(), _nowhere),
    Step("deck", lambda s: s.my_turn(), _fixed(DECK_AREA), sides=("right", "below")),
    Step("danger", lambda s: s.my_turn(), _fixed(L.METER), sides=("below", "left")),
    Step("hand", lambda s: s.my_turn(), _fixed(L.HAND), sides=("above",)),
    Step("play", lambda s: s.my_turn() and s.holding(TAUGHT_CARD), _card(TAUGHT_CARD),
         deed="play", lets=_is(A.PLAY, TAUGHT_CARD), sides=("above", "right"), gap=130),
    Step("window", lambda s: s.window(mine=True), lambda s: [_hover_card()],
         sides=("right", "below")),
    Step("clues", lambda s: s.my_turn() and bool(s.live.clues), lambda s: [s.clues()],
         sides=("below", "left")),
    Step("draw", lambda s: s.my_turn(), _fixed(L.DRAW), deed="draw", lets=_is(A.DRAW),
         sides=("above", "left")),
    Step("watch", lambda s: s.machines_turn(), _fixed(L.LOG), sides=("right", "below")),
    Step("nope", lambda s: s.window(mine=False) and s.holding("nope"), _play_and_nope,
         deed="nope", lets=_is(A.NOPE), sides=("right", "left", "below"), holds=True),
    Step("again", lambda s: s.my_turn(), _fixed(L.DRAW), deed="draw", lets=_is(A.DRAW),
         sides=("above", "left")),
    Step("bomb", lambda s: s.placing() and s.table_on_top(), lambda s: [_waiting_bomb()],
         sides=("above", "right")),
    Step("hide", lambda s: s.placing(), _nowhere, deed="hide", lets=_is(A.PLACE_BOMB),
         sides=("top",)),
    Step("done", lambda s: True, _nowhere),
)
"""Bombazo's lesson."""

MAZO_STEPS: tuple[Step, ...] = (
    Step("welcome", lambda s: s.my_turn(), _nowhere),
    Step("deck", lambda s: s.my_turn(), _fixed(DECK_AREA), sides=("right", "below")),
    Step("danger", lambda s: s.my_turn(), _fixed(L.METER), sides=("below", "left")),
    Step("hand", lambda s: s.my_turn(), _fixed(L.HAND), sides=("above",)),
    Step("peek", lambda s: s.my_turn() and s.holding(SEE_FUTURE), _card(SEE_FUTURE),
         deed="play", lets=_is(A.PLAY, SEE_FUTURE), sides=("above", "right"), gap=130),
    Step("clues", lambda s: s.my_turn() and bool(s.live.clues), lambda s: [s.clues()],
         sides=("below", "left")),
    Step("shield", lambda s: s.my_turn() and s.holding(SHIELD), _card(SHIELD), deed="play",
         lets=_is(A.PLAY, SHIELD), sides=("above", "right"), gap=130),
    Step("bottom", lambda s: s.my_turn() and s.holding(DRAW_BOTTOM) and s.bomb_on_top(),
         _card(DRAW_BOTTOM), deed="play", lets=_is(A.PLAY, DRAW_BOTTOM),
         sides=("above", "right"), gap=130),
    Step("stopped", lambda s: s.my_turn() and s.stopped is not None, _fixed(L.LOG),
         sides=("right", "below")),
    Step("draw", lambda s: s.my_turn(), _fixed(L.DRAW), deed="draw", lets=_is(A.DRAW),
         sides=("above", "left")),
    Step("bomb", lambda s: s.placing() and s.table_on_top(), lambda s: [_waiting_bomb()],
         sides=("above", "right")),
    Step("hide", lambda s: s.placing(), _nowhere, deed="hide", lets=_is(A.PLACE_BOMB),
         sides=("top",)),
    Step("done", lambda s: True, _nowhere),
)
"""Bomba en el Mazo's lesson: no Nope, every card acts at once; what the clues show and what
to do about a bomb on top (Del fondo), the Escudo against Pásala and Zarpazo."""

CLASICO_STEPS: tuple[Step, ...] = (
    Step("welcome", lambda s: s.my_turn(), _nowhere),
    Step("deck", lambda s: s.my_turn(), _fixed(DECK_AREA), sides=("right", "below")),
    Step("danger", lambda s: s.my_turn(), _fixed(L.METER), sides=("below", "left")),
    Step("hand", lambda s: s.my_turn(), _fixed(L.HAND), sides=("above",)),
    Step("play", lambda s: s.my_turn() and s.holding(SEE_FUTURE), _card(SEE_FUTURE),
         deed="play", lets=_is(A.PLAY, SEE_FUTURE), sides=("above", "right"), gap=130),
    Step("window", lambda s: s.window(mine=True), lambda s: [_hover_card()],
         sides=("right", "below")),
    Step("clues", lambda s: s.my_turn() and bool(s.live.clues), lambda s: [s.clues()],
         sides=("below", "left")),
    Step("pair", lambda s: s.my_turn() and s.pair_card() is not None, _pair, deed="play",
         lets=_is(A.PAIR), sides=("above", "right"), gap=130),
    Step("draw", lambda s: s.my_turn(), _fixed(L.DRAW), deed="draw", lets=_is(A.DRAW),
         sides=("above", "left")),
    Step("nope", lambda s: s.window(mine=False) and s.holding("nope"), _play_and_nope,
         deed="nope", lets=_is(A.NOPE), sides=("right", "left", "below"), holds=True),
    Step("again", lambda s: s.my_turn(), _fixed(L.DRAW), deed="draw", lets=_is(A.DRAW),
         sides=("above", "left")),
    Step("bomb", lambda s: s.placing() and s.table_on_top(), lambda s: [_waiting_bomb()],
         sides=("above", "right")),
    Step("hide", lambda s: s.placing(), _nowhere, deed="hide", lets=_is(A.PLACE_BOMB),
         sides=("top",)),
    Step("done", lambda s: True, _nowhere),
)
"""Clásico's lesson: Bombazo's in the original's words (kittens), with a pair of cats."""


@dataclass(frozen=True)
class Plan:
    """One rule set's lesson: ``steps`` in order and the first card it asks you to play
    (``{card}`` in its words). A step's bubble says ``tutorial.<game>.<key>`` when its key is
    one of the plan's ``own`` words, else Bombazo's ``tutorial.<key>`` (the words every lesson
    shares: how to play a card, to draw, to nope; a card's name comes in as a parameter)."""

    game: str
    steps: tuple[Step, ...]
    own: frozenset[str] = frozenset()
    card: str = TAUGHT_CARD

    def key(self, step: str) -> str:
        """The locale key of ``step``'s bubble."""
        return f"tutorial.{self.game}.{step}" if step in self.own else f"tutorial.{step}"


PLANS: dict[str, Plan] = {
    "bombazo": Plan("bombazo", STEPS),
    "mazo": Plan("mazo", MAZO_STEPS, frozenset(("welcome", "deck", "hand", "peek", "clues",
                                                  "shield", "bottom", "stopped"))),
    "clasico": Plan("clasico", CLASICO_STEPS, frozenset(("welcome", "deck", "danger", "hand",
                                                         "pair", "bomb", "hide"))),
}
"""The lessons by rule set (the kit registers a deal for each: ``kit.LESSONS``)."""


def deed_of(event: Any, seat: int) -> str | None:
    """What ``event`` says ``seat`` did, in the steps' words."""
    if getattr(event, "seat", None) != seat:
        return None
    if isinstance(event, E.CardPlayed):
        return "play"  # a card, a pair or a trio
    if isinstance(event, E.CardDrawn | E.BombDrawn):
        return "draw"
    if isinstance(event, E.Noped):
        return "nope"
    if isinstance(event, E.BombHidden):
        return "hide"
    return None


# --- the lesson --------------------------------------------------------------------------------


class Lesson(TableOverlay):
    """The lesson over one table (``scene.overlay``)."""

    def __init__(self, scene: TableScene, plan: Plan | None = None) -> None:
        """``plan``: the lesson to give; by default the one of the table's rule set."""
        self.scene = scene
        self.app = scene.app
        self.plan = plan if plan is not None else PLANS[scene.match.config.game]
        self.steps = self.plan.steps
        self.index = 0
        self.over = False
        self.skipped = False
        self.shown: list[str] = []
        """The keys of the steps that have been on screen, in order (tests read it)."""
        self.refused = 0
        """Actions refused because the step asked for another (tests read it)."""
        self._read = scene.match.feed_size
        self.stopped: str | None = None
        """The card a shield of the person's stopped, once one did (Mazo's Escudo)."""
        self._clock = 0.0
        self._nudge = 0.0
        self.bubble: Rect | None = None
        self._spot_key: tuple[object, ...] | None = None
        self._spot = Rect(0, 0, 0, 0)
        self.form = Form()
        self.next_button = Button((0, 0, 196, BUTTON_H), self._next_text, self.next,
                                  style="primary", size=theme.TEXT_SMALL,
                                  shortcut_label=lambda: self.app.loc.t("key.enter"))
        self.skip_button = Button((0, 0, 216, BUTTON_H), self._skip_text, self.skip,
                                  style="ghost", size=theme.TEXT_MIN,
                                  shortcut_label=lambda: self.app.loc.t("key.esc"))
        self.form.add(self.next_button)
        self.form.add(self.skip_button)

    # --- what the table shows --------------------------------------------------------------

    @property
    def match(self) -> TableSource:
        return self.scene.match

    @property
    def home(self) -> int:
        return self.scene.home

    @property
    def live(self) -> BombView:
        view: BombView = self.match.view_for(self.home)
        return view

    def my_turn(self) -> bool:
        pending = self.match.pending()
        return pending.phase == "play" and self.scene.flow.person_to_act() == self.home

    def placing(self) -> bool:
        pending = self.match.pending()
        return pending.phase == "place_bomb" and self.scene.flow.person_to_act() == self.home

    def machines_turn(self) -> bool:
        pending = self.match.pending()
        return not (pending.is_over or pending.is_window) \
            and self.scene.flow.person_to_act() is None

    def window(self, *, mine: bool) -> bool:
        """A reaction window on your play (``mine``) or on someone else's."""
        if not self.match.pending().is_window:
            return False
        play = self.live.pending
        return play is not None and (play.seat == self.home) == mine

    def holding(self, card: str) -> bool:
        return card in self.live.hand

    def bomb_on_top(self) -> bool:
        """The person's clues say the next card is a bomb."""
        return self.live.clue_at(0) == "bomb"

    def pair_card(self) -> str | None:
        """An animal the person may play as a pair now (the first in the hand's order)."""
        legal = {a.card for a in self.match.legal_for(self.home) if a.verb == A.PAIR}
        hand = self.live.hand
        return next((card for card in hand if card in ANIMALS and card in legal
                     and hand.count(card) >= 2), None)

    def clues(self) -> Rect:
        """The clue chips as the table drew them (a second row reaches below their box)."""
        return self.scene.clues_area.union(L.CLUES)

    def table_on_top(self) -> bool:
        return self.app.stack.top is self.scene

    def reading(self) -> bool:
        """A card's read panel is open (its buttons must not be covered)."""
        return self.scene.panel is not None

    # --- the step --------------------------------------------------------------------------

    @property
    def step(self) -> Step | None:
        return None if self.over else self.steps[self.index]

    @property
    def showing(self) -> bool:
        """The current step is on screen now."""
        step = self.step
        if step is None or self.scene.timeline.busy or self.scene._left:
            return False
        top = self.app.stack.top
        if top is not self.scene and not (step.key == "hide" and isinstance(top, HideBombScene)):
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
        if self.index >= len(self.steps):
            self.over = True

    def _read_feed(self) -> None:
        """Do steps end when the feed says the person did their deed."""
        match = self.match
        if match.feed_size == self._read:
            return
        items = match.feed_for(self.home, self._read)
        self._read = match.feed_size
        for item in items:
            event = item.event
            if isinstance(event, E.ShieldSpent) and event.seat == self.home:
                self.stopped = event.stopped
            step = self.step
            if step is not None and step.deed is not None \
                    and deed_of(item.event, self.home) == step.deed:
                self._advance()

    def _catch_up(self) -> None:
        """When the person must act and the step's moment is not this one, go on to the first
        later step whose moment it is (the last step's always is)."""
        step = self.step
        if step is None or step.when(self):
            return
        pending = self.match.pending()
        if pending.is_window or self.scene.flow.person_to_act() != self.home:
            return  # the game goes on by itself: the moment may still come
        for index in range(self.index + 1, len(self.steps)):
            if self.steps[index].when(self):
                self.index = index
                return

    # --- the table's calls -----------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.over:
            return
        if not self.app.idle:  # the bubble rests while idle: the idle frame draws the fuse alone
            self._clock += dt
        self._nudge = max(0.0, self._nudge - dt)
        self._read_feed()
        self._catch_up()
        if self.over:
            return
        showing = self.showing
        step = self.step
        if showing and step is not None and (not self.shown or self.shown[-1] != step.key):
            self.shown.append(step.key)
        self._place()
        last = self.index == len(self.steps) - 1
        self.next_button.visible = showing and step is not None and step.info
        self.skip_button.visible = showing and self.table_on_top() and not last \
            and not self.reading()
        self.form.update(dt)

    def holds(self) -> bool:
        step = self.step
        if step is None or not (step.info or step.holds):
            return False
        return step.when(self)

    def allows(self, action: Action) -> bool:
        step = self.step
        if step is None:
            return True
        if step.lets is not None and step.lets(action):
            return True
        self.refused += 1
        self._nudge = NUDGE_SECONDS
        return False

    def handle(self, event: pygame.event.Event) -> bool:
        if self.over or not self.showing:
            return False
        step = self.step
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) \
                and self.form.handle(event):
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and step is not None \
                and step.info:
            return True  # while it talks, a click on the table does nothing
        if event.type == pygame.KEYDOWN and step is not None and step.info \
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.next()
            return True
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
        namer = self.scene.namer
        # every card of the rule set by its id ({defuse}, {shield}, …), in the game's words
        params: dict[str, object] = {card: namer.card(card)
                                     for card in sorted(RULESETS[self.plan.game].cards)}
        pair = self.pair_card() if step.key == "pair" else None
        params.update(card=namer.card(self.plan.card), key=str(self.home + 1), play="",
                      cats=namer.cards_of(pair) if pair is not None else "",
                      stopped=namer.card(self.stopped) if self.stopped is not None else "")
        play = self.live.pending
        if step.key == "nope" and play is not None:
            said = line_for(namer, E.CardPlayed(play.seat, play.verb, play.cards, play.target,
                                                play.named), self.home)
            params["play"] = said or ""
        return namer.t(self.plan.key(step.key), **params)

    def _next_text(self) -> str:
        last = self.index == len(self.steps) - 1
        return self.app.loc.t("tutorial.start_playing" if last else "tutorial.next")

    def _skip_text(self) -> str:
        return self.app.loc.t("tutorial.skip")

    def progress(self) -> str:
        return self.app.loc.t("tutorial.progress", n=self.index + 1, total=len(self.steps))

    # --- where it goes -----------------------------------------------------------------------

    def targets(self) -> list[Rect]:
        step = self.step
        return [] if step is None else step.points(self)

    def keep(self) -> list[tuple[Rect, float]]:
        """The table's parts a bubble should not cover, with how much each matters: what the
        lesson talks about and what the person is asked to press most, the log least (it
        is read after the lesson's words, and is empty at first)."""
        keep = [(rect, 1.0) for rect in self.scene.layout.badges().values()]
        keep += [(DECK_AREA, 1.0), (DISCARD_AREA, 1.0), (L.METER, 1.0), (L.DRAW, 2.0),
                 (DRAW_TAG, 0.5), (L.HAND, 0.8), (BANNER, 0.5), (L.LOG, 0.1)]
        if self.live.clues:
            keep.append((self.clues(), 1.0))
        return keep

    def _lines(self, width: int) -> list[str]:
        lines = wrap_text(self.text(), TEXT, width)
        if self._nudge > 0:
            lines += wrap_text(self.app.loc.t("tutorial.not_now"), TEXT, width)
        return lines

    def _place(self) -> None:
        """Where the bubble goes: beside its target on the first side where it fits, else in
        the middle; and its buttons along its bottom."""
        step = self.step
        if step is None:
            self.bubble = None
            return
        if step.sides == ("top",):
            width = theme.SCREEN_W - 2 * 60
            height = 22 + len(self._lines(width - 40)) * 26
            # above the picker's panel, which starts at 62 (its frame stays whole)
            self.bubble = Rect(60, 4, width, max(52, height))
            return
        lines = self._lines(BUBBLE_W - 40)
        height = 20 + len(lines) * 26 + 14 + BUTTON_H + 16
        size = (BUBBLE_W, height)
        targets = self.targets()
        key = (self.index, size, tuple(map(tuple, targets)), bool(self.live.clues))
        if key != self._spot_key:  # the search runs when something it weighs moved
            self._spot_key = key
            self._spot = _beside(targets, size, step.sides, step.gap, self.keep())
        self.bubble = self._spot.copy()
        b = self.bubble
        self.next_button.rect.bottomright = (b.right - 16, b.bottom - 14)
        self.skip_button.rect.bottomleft = (b.left + 16, b.bottom - 14)

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        step = self.step
        if step is None or not self.showing or self.bubble is None:
            return
        targets = self.targets()
        if step.info and self.table_on_top():
            _spotlight(surface, targets)
        pulse = 0.0 if self.app.motion.reduced else 0.5 + 0.5 * math.sin(self._clock * 5)
        for rect in targets:
            round_rect(surface, rect.inflate(14, 14), theme.ACCENT, 16, round(160 + 95 * pulse),
                       4)
        if self.reading():
            return  # the card's own panel says what to do: the bubble would cover it
        bubble = self.bubble
        if self._nudge > 0 and not self.app.motion.reduced:
            bubble = bubble.move(round(math.sin(self._nudge * 40) * 5 * self._nudge), 0)
        for rect in targets[:1]:
            _arrow(surface, bubble, rect.inflate(14, 14), 0.0 if self.app.motion.reduced
                   else math.sin(self._clock * 6) * 5)
        round_rect(surface, bubble.move(0, 5), theme.SHADE, 18, 120)
        round_rect(surface, bubble, PAPER, 18)
        round_rect(surface, bubble, PAPER_EDGE, 18, 255, 3)
        if step.sides == ("top",):
            y = bubble.top + 11
            for line in self._lines(bubble.width - 40):
                draw_text(surface, line, (bubble.centerx, y), TEXT, theme.INK_DARK, bold=True,
                          anchor="midtop", max_width=bubble.width - 40)
                y += 26
            return
        draw_text(surface, self.progress(), (bubble.right - 16, bubble.top + 8),
                  theme.TEXT_MIN, theme.mix(theme.INK_DARK, PAPER, 0.45), anchor="topright")
        y = bubble.top + 30
        lines = self._lines(bubble.width - 40)
        plain = len(wrap_text(self.text(), TEXT, bubble.width - 40))
        for number, line in enumerate(lines):
            ink = theme.INK_DARK if number < plain else theme.DANGER
            draw_text(surface, line, (bubble.left + 20, y), TEXT, ink,
                      bold=number >= plain, max_width=bubble.width - 40)
            y += 26
        self.form.draw(surface)


SLIDE = tuple(range(-640, 641, 20))
"""How far a bubble may slide along its side of the target, tried nearest first (as far as
across the table: above a card in the middle of the hand, the room left of the banner over
the log is the one spot that leaves Draw, the pile and the banner in view, review 2)."""
SIDE_COST = 400.0
"""What taking the step's next side costs against a covered pixel: a few hundred pixels of
the log are worth the first side, a strip of the discard pile is not."""


def _beside(targets: list[Rect], size: tuple[int, int], sides: tuple[str, ...],
            gap: int, keep: Sequence[tuple[Rect, float]] = ()) -> Rect:
    """A rect of ``size`` beside the targets, on the screen, never over them, covering as
    little as it can of ``keep`` (the table's parts with how much a person needs to see each:
    a bubble over the discard pile or the clues hides what it talks about, as the review of
    issue 20 found at steps 3, 8 and 12). Each side of ``sides`` is tried with the bubble
    slid along it; an earlier side and a shorter slide win ties. In the middle when there is
    no target or no room."""
    bubble = Rect((0, 0), size)
    screen = Rect(0, 0, theme.SCREEN_W, theme.SCREEN_H).inflate(-2 * MARGIN, -2 * MARGIN)
    middle = (theme.SCREEN_W // 2, theme.SCREEN_H // 2 - 40)
    if not targets:
        bubble.center = middle
        return bubble
    area = targets[0].unionall(targets[1:]).inflate(14, 14)
    best: tuple[float, Rect] | None = None
    for order, side in enumerate(sides):
        for slide in sorted(SLIDE, key=abs):
            if side == "below":
                bubble.midtop = (area.centerx + slide, area.bottom + gap)
            elif side == "above":
                bubble.midbottom = (area.centerx + slide, area.top - gap)
            elif side == "right":
                bubble.midleft = (area.right + gap, area.centery + slide)
            else:
                bubble.midright = (area.left - gap, area.centery + slide)
            if not screen.contains(bubble) or bubble.colliderect(area) \
                    or any(bubble.colliderect(t) for t in targets):
                continue
            covered = sum(weight * _overlap(bubble, rect) for rect, weight in keep)
            cost = covered + order * SIDE_COST + abs(slide)
            if best is None or cost < best[0]:
                best = (cost, bubble.copy())
    if best is None:
        bubble.center = middle
        return bubble
    return best[1]


def _overlap(a: Rect, b: Rect) -> int:
    clip = a.clip(b)
    return clip.width * clip.height


_SHADES: SurfaceCache[pygame.Surface] = SurfaceCache("lesson shades", 2 * MB)


def _spotlight(surface: pygame.Surface, targets: list[Rect]) -> None:
    """The table dimmed around what the bubble points at (the shade made once per target)."""
    def make() -> pygame.Surface:
        shade = gfx.Canvas(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, SPOT_ALPHA))
        for rect in targets:
            gfx.rect(shade, (0, 0, 0, 0), rect.inflate(14, 14), border_radius=16)
        return shade

    key = (surface.get_size(), *(tuple(rect) for rect in targets))
    surface.blit(_SHADES.get_or_make(key, make), (0, 0))


def _arrow(surface: pygame.Surface, bubble: Rect, target: Rect, bob: float) -> None:
    """A thick arrow from the bubble's edge to the target's nearest edge."""
    start = pygame.Vector2(bubble.center)
    end = pygame.Vector2(max(target.left, min(target.right, start.x)),
                         max(target.top, min(target.bottom, start.y)))
    if target.collidepoint(start):
        return
    line = end - start
    if line.length() < 1:
        return
    unit = line.normalize()
    # leave the bubble at its edge
    for _ in range(400):
        if not bubble.collidepoint(start):
            break
        start += unit * 2
    end -= unit * (6 + bob)
    if (end - start).length() < 12:
        return
    side = pygame.Vector2(-unit.y, unit.x)
    head = [end + unit * 4, end - unit * 18 + side * 12, end - unit * 18 - side * 12]
    shadow = pygame.Vector2(2, 3)
    gfx.line(surface, theme.SHADE, start + shadow, end - unit * 14 + shadow, 8)
    gfx.line(surface, PAPER_EDGE, start, end - unit * 14, 8)
    gfx.polygon(surface, PAPER_EDGE, [(p.x, p.y) for p in head])


# --- the kit's entries ---------------------------------------------------------------------------


def lesson_shot(app: App, code: str | None) -> None:
    """The screenshot state ``tutorial``: the first bubble of the lesson of the code's game
    (Bombazo's without a code) over its table, once the deal has landed (the lesson has its
    own deal: only the code's game is used)."""
    from game.match.match import Match
    from game.ui.bombdeck.kit import LESSONS
    from game.ui.bombdeck.table import TableScene

    game = Match.from_code(code).config.game if code else "bombazo"
    tutorial = LESSONS.get(game, LESSONS["bombazo"])
    scene = TableScene(app, Match(tutorial.config, tutorial.seed))
    lesson = Lesson(scene)
    scene.overlay = lesson
    app.stack.reset(scene)
    for _ in range(900):
        if lesson.showing:
            break
        app.step(1 / 30, [], draw=False)


def teach(scene: Scene[Any]) -> None:
    """Lay the lesson of the table's rule set over a bomb-deck table (the launcher made it
    for that lesson's deal, ``kit.LESSONS``)."""
    from game.ui.bombdeck.table import TableScene

    if isinstance(scene, TableScene) and scene.match.config.game in PLANS:
        scene.overlay = Lesson(scene)

