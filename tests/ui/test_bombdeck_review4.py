"""A demanding player's fourth review of the bomb-deck lessons, played with the keyboard, driven
by real pygame events through ``App.step``:

1. as a lesson step that asks for a card of the hand comes on screen, the keyboard's focus is
   on that card (the first of a pair), so Enter reads it and Enter again plays it (at
   Clásico's pair step Enter did nothing and ← jumped to the far end of the hand; at Mazo's
   "play Espiar" → started from the first card); the focus the person moves afterwards stays;
2. a lifted card's read panel leaves the draw button, the clues, the deck and the discard pile
   with their counts and the meter in view (it covered Draw, the clues a step asked about and
   the deck's count).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame

from game.core.config import GameConfig, SeatKind
from game.rules.bombdeck import actions as A
from game.ui.app import App
from game.ui.bombdeck import layout as L
from game.ui.bombdeck.readpanel import DECK_AREA, DISCARD_AREA, ReadPanel
from game.ui.bombdeck.table import TableScene
from game.ui.bombdeck.tutorial import Lesson
from tests.ui.conftest import key
from tests.ui.test_lessons import _open, _read
from tests.ui.test_table import find_match, frames, my_turn, open_table, until
from tests.ui.test_tutorial import table, until_showing

P, AST = SeatKind.PERSON, SeatKind.ASTUTO


def _kept_clear(scene: TableScene, panel: ReadPanel) -> list[str]:
    """The parts of the table the panel covers (any of them)."""
    parts = {"draw button": L.DRAW, "deck and its count": DECK_AREA,
             "discard pile and its count": DISCARD_AREA, "meter": L.METER}
    if scene.shown.clues:
        parts["clues"] = scene.clues_area.union(L.CLUES)
    return [name for name, rect in parts.items() if panel.rect.colliderect(rect)]


def _enter_reads(app: App, scene: TableScene, card: str) -> ReadPanel:
    """Enter, as the step comes: the read panel of ``card``, clear of the card it reads and of
    what the table keeps in view."""
    key(pygame.K_RETURN)
    frames(app, 20)  # the card has risen all the way
    panel = scene.panel
    assert panel is not None, "Enter read no card"
    assert scene.hand.selected and scene.hand.cards[scene.hand.selected[0]] == card
    lifted = scene.hand.rect_of(scene.hand.selected[0])
    assert lifted is not None and panel.rect.bottom + 10 <= lifted.top, (panel.rect, lifted)
    assert _kept_clear(scene, panel) == [], (panel.rect, _kept_clear(scene, panel))
    return panel


def _asked(app: App, lesson: Lesson, step: str, card: str) -> None:
    """Step ``step`` on screen: the keyboard's card is the first ``card`` of the hand."""
    until_showing(app, lesson, step)
    frames(app, 2)
    hand = table(app).hand
    assert hand.focus == hand.cards.index(card), (step, hand.focus, hand.cards)


# --- 1 and 2 in Clásico's lesson ------------------------------------------------------------------


def test_clasico_lesson_focuses_the_asked_card_and_its_panel_stays_clear(
        make_app: Callable[..., App]) -> None:
    app, lesson = _open(make_app, "clasico", "es")
    scene = table(app)
    _read(app, lesson, "welcome", "deck", "danger", "hand")

    _asked(app, lesson, "play", "see_future")
    _enter_reads(app, scene, "see_future")
    key(pygame.K_RETURN)  # its Play
    frames(app, 2)
    assert scene.match.actions[0] == (0, A.Action(A.PLAY, "see_future"))
    _read(app, lesson, "window", "clues")

    _asked(app, lesson, "pair", "animal_frog")
    assert scene.shown.clues  # the panel must leave the clues in view now
    panel = _enter_reads(app, scene, "animal_frog")
    assert panel.primary() is not None and panel.primary() is panel.enter_button()
    key(pygame.K_RETURN)  # Play pair: the seat chooser
    frames(app, 20)
    key(pygame.K_2)
    frames(app, 3)
    assert scene.match.actions[-1] == (0, A.Action(A.PAIR, "animal_frog", 1))


def test_the_focus_moved_by_the_person_stays_where_they_put_it(
        make_app: Callable[..., App]) -> None:
    app, lesson = _open(make_app, "clasico", "en")
    scene = table(app)
    _read(app, lesson, "welcome", "deck", "danger", "hand")
    _asked(app, lesson, "play", "see_future")
    asked = scene.hand.focus
    assert asked is not None
    key(pygame.K_LEFT)
    frames(app, 30)
    assert scene.hand.focus == asked - 1
    key(pygame.K_RIGHT)
    key(pygame.K_RIGHT)
    frames(app, 30)
    assert scene.hand.focus == asked + 1


# --- 1 and 2 in Bomba en el Mazo's lesson ---------------------------------------------------------


def test_mazo_lesson_focuses_each_asked_card_and_its_panel_stays_clear(
        make_app: Callable[..., App]) -> None:
    app, lesson = _open(make_app, "mazo", "pt")
    scene = table(app)
    _read(app, lesson, "welcome", "deck", "danger", "hand")

    _asked(app, lesson, "peek", "see_future")
    _enter_reads(app, scene, "see_future")
    key(pygame.K_RETURN)
    frames(app, 2)
    assert scene.match.actions[0] == (0, A.Action(A.PLAY, "see_future"))
    _read(app, lesson, "clues")

    for step, card in (("shield", "shield"), ("bottom", "draw_bottom")):
        _asked(app, lesson, step, card)
        assert scene.shown.clues
        _enter_reads(app, scene, card)
        key(pygame.K_RETURN)
        frames(app, 2)
        assert scene.match.actions[-1] == (0, A.Action(A.PLAY, card))


# --- 2 at any table -------------------------------------------------------------------------------


def test_every_cards_panel_stays_clear_of_draw_the_piles_and_the_meter(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("es")
    match = find_match(GameConfig("bombazo", (P, AST, AST)),
                       lambda m: len(set(m.view_for(0).hand)) >= 5)
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    for index, panel in every_cards_panel(app, scene):
        lifted = scene.hand.rect_of(index)
        assert lifted is not None and panel.rect.bottom + 10 <= lifted.top
        assert panel.rect.top >= max(r.bottom for r in scene.layout.badges().values()
                                     if r.top < L.DECK.top)
        if len(panel.buttons) <= 1:  # (a pair's or a trio's buttons need the wide panel)
            assert _kept_clear(scene, panel) == [], (scene.hand.cards[index], panel.rect)


def every_cards_panel(app: App, scene: TableScene) -> Iterator[tuple[int, ReadPanel]]:
    """Each card of the hand read in turn with the keyboard (focus, Enter): its index and
    its panel; Esc closes each before the next."""
    for index in range(len(scene.hand.cards)):
        scene.hand.focus = index
        frames(app)
        key(pygame.K_RETURN)
        frames(app, 20)
        panel = scene.panel
        assert panel is not None
        yield index, panel
        key(pygame.K_ESCAPE)
        frames(app, 2)
        assert scene.panel is None
