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
  Cortacables in hand (the bomb Espiar showed is still on top and nothing left in your hand
  dodges it: the lesson says so, not "draw" against its own clue), so you hide it; the game
  goes on with an Escudo and a Zarpazo in your hand (the first deal left two Calma: nothing to
  play for the rest of a first game).
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

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.rules.bombdeck import actions as A
from game.rules.bombdeck import events as E
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.cards import ANIMALS, DRAW_BOTTOM, RULESETS, SEE_FUTURE, SHIELD
from game.ui import cards, theme
from game.ui.bombdeck import layout as L
from game.ui.bombdeck.hide_bomb import HideBombScene
from game.ui.bombdeck.log import line_for
from game.ui.bombdeck.paint import HOVER_SCALE
from game.ui.bombdeck.readpanel import DECK_AREA, DISCARD_AREA, DRAW_TAG
from game.ui.table.bubble import BubbleStyle
from game.ui.table.lesson import BANNER, Step, TableLesson, Words, first_bubble
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.rules.bombdeck.view import BombView
    from game.ui.app import App
    from game.ui.bombdeck.table import TableScene
    from game.ui.scene import Scene

TAUGHT_CARD = SEE_FUTURE
"""The card each lesson asks you to play first (its peek: the clues come from it)."""

BUBBLE_W = 460
STYLE = BubbleStyle(text=theme.TEXT_SMALL, line=26, pad_x=20, below=6, bottom=14, inset=16,
                    button_h=44, next_w=196, skip_w=216, next_size=theme.TEXT_SMALL,
                    fit_buttons=False, progress_size=theme.TEXT_MIN, progress_y=8,
                    progress_fade=0.45, bold_warning_wrap=False)
"""The bomb deck's bubble: bigger words (its table has the room), fixed buttons."""
SLIDE = tuple(range(-640, 641, 20))
"""How far a bubble may slide along its side of the target, tried nearest first (as far as
across the table: above a card in the middle of the hand, the room left of the banner over
the log is the one spot that leaves Draw, the pile and the banner in view, review 2)."""

Rect = pygame.Rect
BANNER_AREA = Rect(L.BANNER_X - L.BANNER_W // 2 + 40, L.BANNER_Y - 8, L.BANNER_W - 80, 76)
"""The status banner between the log and the draw button ("Your turn")."""


# --- the steps ---------------------------------------------------------------------------------


def _nowhere(lesson: Lesson) -> list[Rect]:
    return []


FAN = Rect(L.HAND.left, L.HAND.top - 6, L.HAND.width, L.HAND.height + 26)
"""Where the fanned hand is drawn: its outer cards dip below the hand's strip (review 5: the
step's frame ran across their effect lines)."""


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


def _play(key: str, card: str, when: Callable[[Lesson], bool] | None = None) -> Step[Lesson]:
    """A step that asks you to play ``card`` from your hand (on your turn, holding it, and
    when ``when`` says so)."""
    def moment(s: Lesson) -> bool:
        return s.my_turn() and s.holding(card) and (when is None or when(s))
    return Step(key, moment, _card(card), deed="play", lets=_is(A.PLAY, card),
                sides=("above", "right"), gap=130)


OPENING: tuple[Step[Lesson], ...] = (
    Step("welcome", lambda s: s.my_turn(), _nowhere),
    Step("deck", lambda s: s.my_turn(), _fixed(DECK_AREA), sides=("right", "below")),
    Step("danger", lambda s: s.my_turn(), _fixed(L.METER), sides=("below", "left")),
    Step("hand", lambda s: s.my_turn(), _fixed(FAN), sides=("above",)),
)
"""Every lesson's start: the deck, the danger meter, your hand."""
ENDING: tuple[Step[Lesson], ...] = (
    Step("bomb", lambda s: s.placing() and s.table_on_top(), lambda s: [_waiting_bomb()],
         sides=("above", "right")),
    Step("hide", lambda s: s.placing(), _nowhere, deed="hide", lets=_is(A.PLACE_BOMB),
         sides=BANNER),
    Step("done", lambda s: True, _nowhere),
)
"""Every lesson's end: the bomb you drew, defused and hidden again."""
WINDOW: Step[Lesson] = Step("window", lambda s: s.window(mine=True), lambda s: [_hover_card()],
                            sides=("right", "below"))
CLUES: Step[Lesson] = Step("clues", lambda s: s.my_turn() and bool(s.live.clues),
                           lambda s: [s.clues()], sides=("below", "left"))
NOPE: Step[Lesson] = Step("nope", lambda s: s.window(mine=False) and s.holding("nope"),
                          _play_and_nope, deed="nope", lets=_is(A.NOPE),
                          sides=("right", "left", "below"), holds=True)


def _draw(key: str) -> Step[Lesson]:
    return Step(key, lambda s: s.my_turn(), _fixed(L.DRAW), deed="draw", lets=_is(A.DRAW),
                sides=("above", "left"))


STEPS: tuple[Step[Lesson], ...] = (
    *OPENING,
    _play("play", TAUGHT_CARD),
    WINDOW,
    CLUES,
    _draw("draw"),
    Step("watch", lambda s: s.machines_turn(), _fixed(L.LOG), sides=("right", "below")),
    NOPE,
    _draw("again"),
    *ENDING,
)
"""Bombazo's lesson."""

MAZO_STEPS: tuple[Step[Lesson], ...] = (
    *OPENING,
    _play("peek", SEE_FUTURE),
    CLUES,
    _play("shield", SHIELD),
    _play("bottom", DRAW_BOTTOM, lambda s: s.bomb_on_top()),
    Step("stopped", lambda s: s.my_turn() and s.stopped is not None, _fixed(L.LOG),
         sides=("right", "below")),
    _draw("draw"),
    *ENDING,
)
"""Bomba en el Mazo's lesson: no Nope, every card acts at once; what the clues show and what
to do about a bomb on top (Del fondo), the Escudo against Pásala and Zarpazo."""

CLASICO_STEPS: tuple[Step[Lesson], ...] = (
    *OPENING,
    _play("play", SEE_FUTURE),
    WINDOW,
    CLUES,
    Step("pair", lambda s: s.my_turn() and s.pair_card() is not None, _pair, deed="play",
         lets=_is(A.PAIR), sides=("above", "right"), gap=130),
    _draw("draw"),
    NOPE,
    _draw("again"),
    *ENDING,
)
"""Clásico's lesson: Bombazo's in the original's words (kittens), with a pair of cats."""


@dataclass(frozen=True)
class Plan:
    """One rule set's lesson: ``steps`` in order and the first card it asks you to play
    (``{card}`` in its words). A step's bubble says ``tutorial.<game>.<key>`` when its key is
    one of the plan's ``own`` words, else Bombazo's ``tutorial.<key>`` (the words every lesson
    shares: how to play a card, to draw, to nope; a card's name comes in as a parameter)."""

    game: str
    steps: tuple[Step[Lesson], ...]
    own: frozenset[str] = frozenset()
    card: str = TAUGHT_CARD

    def key(self, step: str) -> str:
        """The locale key of ``step``'s bubble."""
        return f"tutorial.{self.game}.{step}" if step in self.own else f"tutorial.{step}"


PLANS: dict[str, Plan] = {
    "bombazo": Plan("bombazo", STEPS),
    "mazo": Plan("mazo", MAZO_STEPS, frozenset(("welcome", "deck", "hand", "peek", "clues",
                                                  "shield", "bottom", "stopped", "draw"))),
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


class Lesson(TableLesson):
    """The lesson over one bomb-deck table (``scene.overlay``), on the engine of
    ``game.ui.table.lesson``: the table's questions its steps ask, its words, its feed."""

    words = Words("tutorial.next", "tutorial.start_playing", "tutorial.skip",
                  "tutorial.progress", "tutorial.not_now")
    width = BUBBLE_W
    style = STYLE
    gap = 34
    slides = SLIDE
    rise = 40
    shortest_arrow = 12
    arrow_shakes = True
    scene: TableScene

    def __init__(self, scene: TableScene, plan: Plan | None = None) -> None:
        """``plan``: the lesson to give; by default the one of the table's rule set."""
        self.plan = plan if plan is not None else PLANS[scene.match.config.game]
        self.stopped: str | None = None
        """The card a shield of the person's stopped, once one did (Mazo's Escudo)."""
        self.aimed: int | None = None
        """The last step whose card the keyboard's focus was put on."""
        super().__init__(scene, self.plan.steps)

    # --- what the tests and the steps read --------------------------------------------------

    @property
    def bubble(self) -> Rect | None:
        """Where the bubble is (``None`` once the lesson is over)."""
        return None if self.step is None else self.paper.rect

    @property
    def next_button(self) -> Button:
        return self.paper.next_button

    @property
    def skip_button(self) -> Button:
        return self.paper.skip_button

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

    def asked_index(self) -> int | None:
        """The card of the hand the current step asks you to play (the first of a pair), when
        it is a do step whose ``lets`` accepts playing a card you hold now."""
        step = self.step
        if step is None or step.lets is None:
            return None
        asked = {action.card for action in self.match.legal_for(self.home)
                 if action.verb in (A.PLAY, A.PAIR, A.TRIO, A.NOPE) and step.lets(action)}
        hand = self.scene.hand
        return next((i for i in hand.visible() if hand.cards[i] in asked), None)

    def update(self, dt: float) -> None:
        """The engine's frame; then, as a step that asks for a card of the hand comes on
        screen, the keyboard's focus goes to that card (review 4: the cats glowed but Enter
        did nothing, and ← jumped to the far end of the hand). Only then: the focus the
        person moves afterwards stays where they put it."""
        super().update(dt)
        if self.step is None or not self.showing or self.aimed == self.index:
            return
        hand = self.scene.hand
        if not hand.interactive or self.scene.panel is not None:
            return
        self.aimed = self.index  # (asked once a step: the legal moves are not read every frame)
        index = self.asked_index()
        if index is not None:
            hand.focus = index
            hand.hover = None

    # --- what the engine asks --------------------------------------------------------------

    def on_screen(self, step: Step[Any]) -> bool:
        top = self.app.stack.top
        return top is self.scene or (step.key == "hide" and isinstance(top, HideBombScene))

    def must_act(self) -> bool:
        return not self.match.pending().is_window \
            and self.scene.flow.person_to_act() == self.home

    def deed_of(self, event: Any) -> str | None:
        return deed_of(event, self.home)

    def saw(self, event: Any) -> None:
        if isinstance(event, E.ShieldSpent) and event.seat == self.home:
            self.stopped = event.stopped

    def dims(self) -> bool:
        return self.table_on_top()

    def reading(self) -> bool:
        """A card's read panel is open (its buttons must not be covered)."""
        return self.scene.panel is not None

    def skippable(self) -> bool:
        return self.table_on_top() and not self.reading()

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

    def keep(self) -> list[tuple[Rect, float]]:
        """The table's parts a bubble should not cover, with how much each matters: what the
        lesson talks about and what the person is asked to press most, the log least (it
        is read after the lesson's words, and is empty at first)."""
        keep = [(rect, 1.0) for rect in self.scene.layout.badges().values()]
        keep += [(DECK_AREA, 1.0), (DISCARD_AREA, 1.0), (L.METER, 1.0), (L.DRAW, 2.0),
                 (DRAW_TAG, 0.5), (L.HAND, 0.8), (BANNER_AREA, 0.5), (L.LOG, 0.1)]
        if self.live.clues:
            keep.append((self.clues(), 1.0))
        return keep

    def spot_key(self) -> tuple[object, ...]:
        return (bool(self.live.clues),)


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
    first_bubble(app, scene, lesson)


def teach(scene: Scene[Any]) -> None:
    """Lay the lesson of the table's rule set over a bomb-deck table (the launcher made it
    for that lesson's deal, ``kit.LESSONS``)."""
    from game.ui.bombdeck.table import TableScene

    if isinstance(scene, TableScene) and scene.match.config.game in PLANS:
        scene.overlay = Lesson(scene)

