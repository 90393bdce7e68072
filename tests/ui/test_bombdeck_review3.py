"""A demanding player's third review of the bomb-deck table, point by point, driven by real
pygame events through ``App.step``:

1. Enter on a read panel with nothing to play (a lone cat in Clásico) closes it: it trapped
   the keyboard (Enter did nothing, the panel stayed while the machines played);
2. Enter picks the highlighted target in the seat chooser (only the number keys did), after
   the chooser's key guard;
3. the lifted card stays clear of its read panel and of your badge; its effect line is not
   said under a reaction window's countdown;
4. an explosion takes no press in its first 0.8 s (Space pressed over and over skipped your
   own), nor a key held since before it; then a press cuts it short;
5. your badge counts the card you play as gone as it leaves your hand.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.match.match import Match
from game.rules.bombdeck import actions as A
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.cards import ANIMALS
from game.ui.app import App
from game.ui.bombdeck import layout as L
from game.ui.bombdeck import paint
from game.ui.bombdeck.badges import BadgeInfo
from game.ui.bombdeck.choosers import KEY_GUARD, SeatChooser
from game.ui.bombdeck.table import BOOM_GUARD, TableScene
from tests.ui.conftest import click, key, post
from tests.ui.test_table import find_match, frames, holds, my_turn, open_table, until
from tests.ui.test_table_moments import DT, _before, _explodes, _kind, _table

P, AST = SeatKind.PERSON, SeatKind.ASTUTO


def _focus(app: App, scene: TableScene, index: int) -> None:
    """→ until the keyboard's card is ``index``."""
    for _ in range(index + 1):
        key(pygame.K_RIGHT)
    frames(app)
    assert scene.hand.focus == index


# --- 1. Enter on a panel with nothing to play closes it ------------------------------------------

def _lone_cat(match: Match) -> bool:
    hand = match.view_for(0).hand
    return any(c in ANIMALS and hand.count(c) == 1 for c in hand)


@pytest.mark.parametrize("ruleset", ["clasico", "bombazo"])
def test_enter_closes_a_panel_that_has_only_cancel(silent_app: Callable[..., App],
                                                   ruleset: str) -> None:
    app = silent_app("es")
    match = find_match(GameConfig(ruleset, (P, AST, AST)), _lone_cat)
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    hand = scene.hand.cards
    cat = next(c for c in hand if c in ANIMALS and hand.count(c) == 1)
    _focus(app, scene, hand.index(cat))
    key(pygame.K_RETURN)
    frames(app)
    assert scene.panel is not None and scene.panel.buttons == [] and scene.panel.reason
    key(pygame.K_RETURN)  # its only button: Cancel
    frames(app)
    assert scene.panel is None and scene.hand.selected == []
    assert match.submitted == []
    # and the keyboard goes on: → and Enter read the next card
    key(pygame.K_RIGHT)
    key(pygame.K_RETURN)
    frames(app)
    assert scene.panel is not None


# --- 2. Enter picks the highlighted target -------------------------------------------------------

def _favor_chooser(app: App) -> tuple[Match, TableScene, SeatChooser]:
    """Bombazo, Player 1 reads Favor with the keyboard and plays it with Enter: the target
    chooser (two machines to ask) opens."""
    match = find_match(GameConfig("bombazo", (P, AST, AST)), holds(0, "favor"))
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    _focus(app, scene, scene.hand.cards.index("favor"))
    key(pygame.K_RETURN)  # read
    frames(app)
    key(pygame.K_RETURN)  # play
    frames(app)
    chooser = app.stack.top
    assert isinstance(chooser, SeatChooser)
    return match, scene, chooser


def test_enter_picks_the_highlighted_target_after_the_guard(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("pt")
    match, _scene, chooser = _favor_chooser(app)
    first = chooser.seats[0][0]
    assert chooser.buttons[first].style == "primary"  # the lit one
    key(pygame.K_RETURN)  # the same instant as the play: the guard holds it
    frames(app)
    assert app.stack.top is chooser and match.submitted == []
    frames(app, round(KEY_GUARD / (1 / 30)) + 2)
    key(pygame.K_RETURN)  # a deliberate Enter
    frames(app)
    assert match.submitted == [(0, Action(A.PLAY, "favor", first))]


def test_enter_picks_the_target_the_arrows_moved_to(silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    match, _scene, chooser = _favor_chooser(app)
    frames(app, 12)
    key(pygame.K_DOWN)  # the ring moves to the second target
    frames(app)
    second = chooser.seats[1][0]
    assert chooser.buttons[second].focused and chooser.form.show_focus
    key(pygame.K_RETURN)
    frames(app)
    assert match.submitted == [(0, Action(A.PLAY, "favor", second))]


def test_a_held_enter_does_not_pick_until_pressed_again(
        silent_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    app = silent_app("en")
    match = find_match(GameConfig("bombazo", (P, AST, AST)), holds(0, "favor"))
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    _focus(app, scene, scene.hand.cards.index("favor"))
    key(pygame.K_RETURN)
    frames(app)
    held = {pygame.K_RETURN}
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: _Pressed(held))
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                            scancode=0))  # play, and the key stays down
    frames(app)
    chooser = app.stack.top
    assert isinstance(chooser, SeatChooser)
    frames(app, 20)
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                            scancode=0))  # its repeat
    frames(app)
    assert match.submitted == []
    held.clear()
    post(pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r",
                            scancode=0))
    frames(app)
    key(pygame.K_RETURN)
    frames(app)
    assert match.submitted == [(0, Action(A.PLAY, "favor", chooser.seats[0][0]))]


class _Pressed:
    """``pygame.key.get_pressed()`` with ``keys`` down."""

    def __init__(self, keys: set[int]) -> None:
        self.keys = keys

    def __getitem__(self, key: int) -> bool:
        return key in self.keys


# --- 3. the lifted card, its panel, your badge, the window ---------------------------------------

@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_read_panel_stands_clear_of_the_card_it_reads(
        make_app: Callable[..., App], size: tuple[int, int]) -> None:
    app = make_app("es", audio=False, persist=False, start=None, size=size)
    match = find_match(GameConfig("bombazo", (P, AST, AST)), holds(0, "see_future"))
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    index = scene.hand.cards.index("see_future")
    _focus(app, scene, index)
    key(pygame.K_RETURN)
    frames(app, 20)  # the card has risen all the way
    panel, card = scene.panel, scene.hand.rect_of(index)
    assert panel is not None and card is not None
    assert panel.rect.bottom + 10 <= card.top, (panel.rect, card)


def test_a_lifted_end_card_does_not_grow_over_your_badge(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("es")
    match = find_match(GameConfig("clasico", (P, AST, AST)), lambda m: True)
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    badge = scene.layout.badges()[scene.home]
    last = len(scene.hand.cards) - 1
    for index in (0, last):
        scene.hand.focus = index
        frames(app, 20)
        rect = scene.hand.rect_of(index)
        assert rect is not None and rect.width > 150  # lifted and enlarged
        assert rect.left >= badge.right, (index, rect, badge)
        assert rect.right <= 1280
        # the neighbour's title still shows beside it
        widths = scene.hand.shown_widths()
        for neighbour in (index - 1, index + 1):
            if 0 <= neighbour <= last and neighbour in widths:
                assert widths[neighbour] >= 60, widths


def test_no_card_hint_under_the_reaction_windows_countdown(
        silent_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    app = silent_app("es")
    match = find_match(GameConfig("bombazo", (P, AST, AST)),
                       lambda m: holds(0, "skip")(m) and len(m.view_for(0).hand) > 2)
    scene = open_table(app, match, Pace(0.05, 4.0, 5.0))
    until(app, my_turn(app, scene))
    said: list[str] = []
    real = paint.fonts.render

    def render(text: str, *args: object, **kwargs: object) -> pygame.Surface:
        said.append(text)
        return real(text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(paint.fonts, "render", render)
    other = next(i for i, c in enumerate(scene.hand.cards) if c != "skip")
    effect = scene.namer.effect(scene.hand.cards[other])
    _focus(app, scene, other)
    said.clear()
    frames(app)
    assert effect in said  # on your turn the focused card says what it does
    scene.submit(Action(A.PLAY, "skip"))
    until(app, lambda: scene.shown.phase == "react" and not scene.timeline.busy
          and scene.flow.window_left is not None)
    scene.hand.focus = other
    frames(app, 10)
    said.clear()
    frames(app)
    assert scene.shown.phase == "react"
    assert effect not in said


# --- 4. the explosion takes no press in its first moments ----------------------------------------

@pytest.mark.parametrize("reduced", [False, True])
def test_space_pressed_over_and_over_does_not_skip_your_explosion(
        silent_app: Callable[..., App], reduced: bool) -> None:
    app = silent_app("en", reduced_motion=reduced)
    match = _before(GameConfig("bombazo", (P, AST, AST)), _explodes)
    scene = _table(app, match)
    key(pygame.K_SPACE)  # the draw
    app.step(DT)
    shown = 0.0
    for _ in range(200):  # Space, Enter and clicks every frame
        key(pygame.K_SPACE)
        key(pygame.K_RETURN)
        click((640, 300))
        app.step(DT)
        if _kind(scene) == "boom":
            shown += DT
        elif shown:
            break
    assert shown >= BOOM_GUARD - DT, f"the explosion showed {shown:.2f} s only"
    assert shown < 1.5  # then a press cut it short


def test_a_key_held_since_before_the_explosion_does_not_skip_it(
        silent_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    app = silent_app("en")
    match = _before(GameConfig("bombazo", (P, AST, AST)), _explodes)
    scene = _table(app, match)
    held = {pygame.K_SPACE}
    monkeypatch.setattr(pygame.key, "get_pressed", lambda: _Pressed(held))
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ",
                            scancode=0))  # the draw, and Space stays down
    for _ in range(200):
        app.step(DT)
        if _kind(scene) == "boom":
            break
    assert _kind(scene) == "boom"
    for _ in range(round(1.0 / DT)):
        app.step(DT)
    post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ",
                            scancode=0))  # its repeat, after the first 0.8 s
    app.step(DT)
    assert _kind(scene) == "boom"
    held.clear()
    post(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode=" ",
                            scancode=0))
    app.step(DT)
    key(pygame.K_SPACE)  # pressed again
    app.step(DT)
    assert _kind(scene) != "boom"


# --- 5. the badge counts the card leaving your hand ----------------------------------------------

def test_your_badge_counts_the_played_card_as_it_flies(
        silent_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    app = silent_app("es")
    match = find_match(GameConfig("mazo", (P, AST, AST)), holds(0, "skip"))
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    seen: list[int] = []
    real = paint.draw_badge

    def draw_badge(surface: pygame.Surface, rect: pygame.Rect, badge: BadgeInfo,
                   *args: object, **kwargs: object) -> None:
        if rect == L.HOME:
            seen.append(badge.cards)
        real(surface, rect, badge, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(paint, "draw_badge", draw_badge)
    monkeypatch.setattr(paint, "LAYERED", False)
    held = len(scene.hand.cards)
    frames(app)
    assert seen[-1] == held
    scene.submit(Action(A.PLAY, "skip"))
    frames(app, 2)
    assert scene.timeline.busy and sum(scene.hand.leaving.values()) == 1
    assert seen[-1] == held - 1
