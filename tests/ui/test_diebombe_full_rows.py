"""Die Bombe's rows and final scoring hold any hand of the game (issue 20, point 11): a seat
with every card of a colour (twelve; the layout is checked up to fifteen) shows every value
whole, at 18 px or more, chips never overlapping nor leaving their row; and the final
scoring's widest doubled line, "168 ×2 = 336", stays in its own column."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.i18n.catalog import load
from game.match.flow import Pace
from game.match.match import Match
from game.rules.diebombe import cards as C
from game.rules.diebombe.scoring import GREEN_MAJORITY_DOUBLES
from game.ui import fonts, theme
from game.ui.app import App
from game.ui.diebombe import layout as L
from game.ui.diebombe import marks
from game.ui.diebombe import sheet as S
from game.ui.diebombe.paint import paint_table
from game.ui.diebombe.table import DieTableScene
from game.ui.text import draw_text
from game.ui.textaudit import listening
from tests.ui.textspy import spy

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
HOLD = Pace(60.0, 60.0, 1.0)


@pytest.fixture
def make_app(make_app: Callable[..., App]) -> Callable[..., App]:
    def make(lang: str = "en") -> App:
        return make_app(lang, audio=False, persist=False, start=None)

    return make


def _table(app: App, seats: int = 6) -> DieTableScene:
    match = Match(GameConfig("diebombe", (P,) + (AST,) * (seats - 1)), 77)
    scene = DieTableScene(app, match, pace=HOLD)
    app.stack.push(scene)
    return scene


def _disjoint(rects: list[pygame.Rect]) -> bool:
    return not any(a.colliderect(b) for k, a in enumerate(rects) for b in rects[k + 1:])


@pytest.mark.parametrize("seats", [3, 6])
def test_every_row_length_keeps_its_chips_apart_and_inside_the_row(seats: int) -> None:
    layout = L.TableLayout(seats)
    for seat in range(seats):
        for color in (0, 1):
            row = layout.row(seat, color)
            label = layout.label_rect(seat, color)
            for count in range(1, 16):
                rects = [layout.chip_rect(seat, color, k, count) for k in range(count)]
                assert _disjoint([*rects, label]), (seat, color, count)
                assert all(row.contains(r) for r in rects), (seat, color, count)
                # a visible gap between neighbours: two values never read as one number
                gaps = [b.left - a.right for a, b in itertools.pairwise(rects)
                        if a.top == b.top]
                assert min(gaps, default=2) >= 2, (count, gaps)
                # the widest value, bold at 18 px, fits a chip of that row whole
                width = min(r.width for r in rects)
                assert width >= 28, (count, width)


def test_a_seat_holding_every_card_draws_each_value_whole(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    scene = _table(app)
    everything = C.RED_CARDS + C.GREEN_CARDS
    view = scene.shown._replace(won=(everything,) + ((),) * (scene.shown.seats - 1))
    scene.shown = view
    marks._CACHE.clear()
    drawn = spy(monkeypatch)
    surface = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H))
    paint_table(surface, scene)
    for value in C.VALUES:
        sizes = [size for line, size in drawn.texts if line == str(value)]
        assert sizes and min(sizes) >= theme.TEXT_MIN, (value, sizes)
    assert not [s for s in drawn.squeezed(0.999) if s[0].isdigit()], drawn.squeezed(0.999)
    for color in (0, 1):
        rects = [scene.layout.chip_rect(0, color, k, 12) for k in range(12)]
        assert _disjoint(rects)
        panel = scene.layout.panel(0)
        assert all(panel.contains(r) for r in rects)
    # what is drawn there is each chip: its frame is black, its middle the colour's plate
    for k in range(12):
        rect = scene.layout.chip_rect(0, 0, k, 12)
        assert surface.get_at((rect.left, rect.centery))[:3] == (0, 0, 0)


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
def test_the_colour_letters_are_never_squashed(make_app: Callable[..., App], lang: str) -> None:
    """A row's label and its chips at every one-line length say the colour's letter at 18 px
    narrowed at most to 90 % (issue 20: Portuguese "Vm" was at 73 %), or leave it to the
    label; the chip then keeps its mark."""
    make_app(lang)
    loc = load(lang)
    for color, card in ((C.RED, "R17"), (C.GREEN, "G9")):
        letter = loc.t(f"diebombe.letter.{color}")
        marks._CACHE.clear()
        with listening("rows", lang) as heard:
            marks.draw_row_label(color, letter, "17", (L.LABEL_W, L.ROW_H))
            for count in range(1, L.ONE_LINE_MOST + 1):
                marks.draw_chip(card, letter, L.chip_slots(count)[2])
        assert not heard.found, [f.line() for f in heard.found.values()]


def test_the_widest_doubled_score_stays_in_its_column(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    scene = _table(app, 3)
    view = scene.shown._replace(
        won=(C.RED_CARDS + C.GREEN_CARDS, (), ()),
        options=frozenset({GREEN_MAJORITY_DOUBLES}))
    lines = S.score_lines(view)
    assert lines[0].red_points == 336 and lines[0].green_points == 336
    drawn: list[tuple[str, pygame.Rect]] = []
    real = draw_text

    def record(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        rect = real(surface, text, *args, **kw)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(S, "draw_text", record)
    sheet = S.ScoreSheet()
    sheet.finish()
    surface = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H))
    sheet.draw(surface, view, scene.namer, (1, 2, 3))
    box = S.sheet_rect(view.seats)
    xs = [box.left + S.INSET]
    for width in S.WIDTHS[:-1]:
        xs.append(xs[-1] + width)
    reds = [rect for text, rect in drawn if text in ("168 ×2", "= 336")]
    assert len(reds) == 4  # the reds and the greens, each in two parts
    red_part = [r for r in reds if xs[1] <= r.left < xs[2]]
    green_part = [r for r in reds if xs[2] <= r.left < xs[3]]
    assert len(red_part) == 2 and len(green_part) == 2
    assert max(r.right for r in red_part) <= xs[2] - 6
    assert max(r.right for r in green_part) <= xs[3] - 6
    # drawn at their natural width: nothing narrowed to fit
    for text, rect in drawn:
        if text in ("168 ×2", "= 336"):
            assert rect.width == fonts.get(theme.TEXT_MIN, True).size(text)[0]
    assert all(box.contains(rect) for _text, rect in drawn)
