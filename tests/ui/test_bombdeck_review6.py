"""What the fifth review of Bomba en el Mazo still found, point by point (the end of the game
held for a press: ``test_bombdeck_end.py``):

1. a card's read panel covered the log, and with it the move that had just happened;
2. the log was a wall of names in one colour;
3. "they saw 0" by the cutters on your badge needed the mouse to be understood.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.ui.app import App
from game.ui.bombdeck import layout as L
from game.ui.bombdeck import log as log_module
from game.ui.bombdeck import paint, palette
from game.ui.bombdeck.log import LINE_H
from game.ui.named_text import name_spans
from tests.ui.conftest import frames, key
from tests.ui.test_bombdeck_review4 import every_cards_panel
from tests.ui.test_table import find_match, my_turn, open_table, until

P, AST = SeatKind.PERSON, SeatKind.ASTUTO


# --- 1. the read panel leaves the log's newest lines ---------------------------------------------

@pytest.mark.parametrize(("game", "seats"), [("mazo", 3), ("mazo", 5), ("bombazo", 6),
                                             ("bombazo", 8)])
def test_every_cards_panel_leaves_the_newest_log_line_in_view(
        silent_app: Callable[..., App], game: str, seats: int) -> None:
    app = silent_app("es")
    match = find_match(GameConfig(game, (P,) + (AST,) * (seats - 1)),
                       lambda m: len(set(m.view_for(0).hand)) >= 4)
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    newest = pygame.Rect(L.LOG.left, L.LOG.bottom - 10 - 2 * LINE_H, L.LOG.width, LINE_H)
    """The newest line's row (the log's foot, its last row: its padding under it)."""
    for index, panel in every_cards_panel(app, scene):
        assert not panel.rect.colliderect(newest), (scene.hand.cards[index], panel.rect)
        for seat, rect in scene.layout.badges().items():
            assert seat == scene.home or not panel.rect.colliderect(rect), (seat, panel.rect)


# --- 2. each seat's name in its colour -----------------------------------------------------------

def test_a_log_row_cuts_each_seats_name_out_in_its_colour() -> None:
    red, blue = (255, 0, 0), (0, 0, 255)
    names = {"Ana": red, "Crafty 2": blue}
    assert name_spans("Crafty 2 played Attack on Ana.", names) == [
        ("Crafty 2", blue), (" played Attack on ", None), ("Ana", red), (".", None)]
    assert name_spans("Banana split", names) == [("Banana split", None)]  # whole words only
    assert name_spans("Ana", names) == [("Ana", red)]
    assert name_spans("", names) == []


def test_the_table_log_draws_the_names_in_the_seats_colours(
        silent_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    app = silent_app("en")
    match = find_match(GameConfig("mazo", (P, AST, AST)), lambda m: True)
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    inks = paint.seat_inks(scene)
    names = list(inks)
    lines = (f"{names[1]} drew a card.", f"{names[2]} played Shuffle.")
    drawn: list[tuple[str, tuple[int, int, int]]] = []
    real = log_module.fonts.render

    def spy(text: str, size: int, color: tuple[int, int, int] = (0, 0, 0),
            bold: bool = False) -> pygame.Surface:
        drawn.append((text, tuple(color[:3])))  # type: ignore[arg-type]
        return real(text, size, color, bold)

    monkeypatch.setattr(log_module.fonts, "render", spy)
    surface = pygame.Surface((1280, 720))
    paint._log(scene, lines).draw(surface)  # the table's log part, as painted
    coloured = {text: color for text, color in drawn if text in inks}
    assert set(coloured) == {names[1], names[2]}, drawn
    assert all(color == inks[text] for text, color in coloured.items())
    assert inks[names[1]] != inks[names[2]]
    assert len(set(palette.SEAT_INKS)) == len(palette.SEAT_INKS) == 8


def test_each_badge_wears_its_seats_colour(silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    match = find_match(GameConfig("bombazo", (P, AST, AST, AST)), lambda m: True)
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    for seat, part in zip(scene.layout.badges(), paint._badges(scene), strict=True):
        badge = part.draw.keywords["badge"]  # type: ignore[attr-defined]
        assert badge.ink == palette.SEAT_INKS[seat]


# --- 3. the cutters seen, in words ---------------------------------------------------------------

@pytest.mark.parametrize(("lang", "one", "none", "some"), [
    ("en", "not seen", "none seen", "1/2 seen"),
    ("es", "nadie lo vio", "nadie los vio", "1/2 vistas"),  # (el Cortacables)
    ("pt", "ninguém viu", "ninguém viu", "1/2 vistas")])
def test_the_cutters_seen_say_how_many_of_yours(
        silent_app: Callable[..., App], lang: str, one: str, none: str, some: str) -> None:
    app = silent_app(lang)
    match = find_match(GameConfig("mazo", (P, AST, AST)), lambda m: True)
    scene = open_table(app, match)
    assert paint.known_words(scene.namer, 0, 1) == one
    assert paint.known_words(scene.namer, 0, 2) == none
    assert paint.known_words(scene.namer, 1, 2) == some


def test_a_rivals_known_cutter_is_named_in_its_tooltip(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("es")
    match = find_match(GameConfig("mazo", (P, AST, AST)), lambda m: True)
    scene = open_table(app, match)
    seats = list(scene.shown.seats)
    seats[1] = seats[1]._replace(defuses_proven=1)
    scene.shown = scene.shown._replace(seats=tuple(seats))
    assert ("defuse", "Seguro que tiene Cortacables") in paint.tooltip_lines(scene, 1)


@pytest.mark.parametrize("percent", [100, 125, 150])
def test_the_winners_tag_is_whole_beside_a_shield(silent_app: Callable[..., App],
                                                  percent: int) -> None:
    """Review 6: with an Escudo chip up, "¡Gana!" was squeezed to 5 px on the final table;
    at 125 % text even without one. It has the line under the row to itself."""
    from game.ui import fonts
    from game.ui.bombdeck import badges

    silent_app("es")

    class Spy:
        def __init__(self) -> None:
            self.squeezes: list[tuple[str, float]] = []

        def rendered(self, text: str, size: int) -> None:
            pass

        def squeezed(self, text: str, size: int, ratio: float) -> None:
            self.squeezes.append((text, ratio))

        def cut(self, text: str, size: int) -> None:
            self.squeezes.append((text, 0.0))

    spy = Spy()
    fonts.observer, before = spy, fonts.observer
    fonts.set_text_size(percent)
    try:
        for you in ("", "Tú"):
            info = badges.BadgeInfo("Astuto 2", 12, True, 1, True, False, tag=you,
                                    shield_name="Escudo", held=2 if you else None,
                                    won_text="¡Gana!")
            badges.draw_badge(pygame.Surface((400, 200)), pygame.Rect(10, 10, 232, 92), info,
                              0.0)
    finally:
        fonts.observer = before
        fonts.set_text_size(100)
    assert not [s for s in spy.squeezes if s[0] == "¡Gana!"], spy.squeezes


def test_the_whole_log_keeps_the_names_colours(silent_app: Callable[..., App],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Review 6: H's whole log lost the colours the table's log has."""
    from game.ui.scenes.log import LogScene

    app = silent_app("en")
    match = find_match(GameConfig("mazo", (P, AST, AST)), lambda m: True)
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    key(pygame.K_SPACE)  # draw: the machines play, the log fills
    until(app, lambda: scene._logged >= 3 and my_turn(app, scene)())
    key(pygame.K_h)
    frames(app, 2)
    log = app.stack.top
    assert isinstance(log, LogScene)
    inks = paint.seat_inks(scene)
    assert log.names == inks
    drawn: list[tuple[str, tuple[int, ...]]] = []
    real = log_module.fonts.render

    def spy(text: str, size: int, color: tuple[int, int, int] = (0, 0, 0),
            bold: bool = False) -> pygame.Surface:
        drawn.append((text, tuple(color[:3])))
        return real(text, size, color, bold)

    monkeypatch.setattr(log_module.fonts, "render", spy)
    log.draw(app.canvas)
    coloured = {text: color for text, color in drawn if text in inks}
    assert coloured and all(color == inks[text] for text, color in coloured.items())


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
def test_a_lift_in_a_short_hand_never_cuts_a_neighbours_title(
        silent_app: Callable[..., App], lang: str) -> None:
    """Review 6: four or five cards lie whole at rest; lifting one covered a neighbour two
    places away, whose title was cut to "Cort." beside "Corta- cables" elsewhere. It keeps its
    face as it rests (whole, partly under the next card) or a form of the name."""
    app = silent_app(lang)
    match = find_match(GameConfig("mazo", (P, AST, AST)),
                       lambda m: len(m.view_for(0).hand) == 5 and "defuse" in m.view_for(0).hand)
    scene = open_table(app, match)
    until(app, my_turn(app, scene))
    namer = scene.namer
    for index in range(len(scene.hand.cards)):
        scene.hand.focus = index
        frames(app, 20)
        for card, title in paint.hand_titles(scene).items():
            assert title in (namer.card(card), namer.short(card)), (index, card, title)
