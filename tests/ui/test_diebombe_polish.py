"""Die Bombe after the demanding review of issue 20 (8/10), the points left on its list:

1. the crown read as "leading": it marks the most red cards (their sum doubles), so it sits
   on the red pile it doubles, never beside the name, only on the seats with the most reds
   (every one of them in a tie, none while nobody holds a red), and pointing at it says what
   it means;
2. in a three-way tie the person's bid entry covered a tied bidder's disc, which was left
   out: every tied bidder shows their bid, clear of the entry;
3. a round's outcome stands in a box the size of its lines (two lines floated in a box for
   five).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.match.match import Match
from game.rules.diebombe import actions as A
from game.ui import theme
from game.ui.app import App
from game.ui.diebombe import paint
from game.ui.diebombe.bidpad import PAD
from game.ui.diebombe.table import DieTableScene
from game.ui.textaudit import listening
from tests.ui.test_diebombe_review import _bid_round, _no_bomb_round, _outcome_after_take

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
HOLD = Pace(60.0, 60.0, 1.0)
LANGS = ("es", "en", "pt")


@pytest.fixture
def make_app(make_app: Callable[..., App]) -> Callable[..., App]:
    def make(lang: str = "en") -> App:
        return make_app(lang, audio=False, persist=False, start=None)

    return make


Drawn = list[tuple[str, pygame.Rect]]


def _paint(scene: DieTableScene, monkeypatch: pytest.MonkeyPatch
           ) -> tuple[Drawn, list[pygame.Rect]]:
    """One frame of ``scene``: every text the painter draws with its rect, and every crown."""
    texts: Drawn = []
    crowns: list[pygame.Rect] = []
    real_text, real_crown = paint.draw_text, paint.draw_crown

    def text(surface: pygame.Surface, line: str, *args: Any, **kw: Any) -> pygame.Rect:
        rect: pygame.Rect = real_text(surface, line, *args, **kw)
        texts.append((line, rect))
        return rect

    def crown(surface: pygame.Surface, rect: pygame.Rect, *args: Any, **kw: Any) -> None:
        crowns.append(pygame.Rect(rect))
        real_crown(surface, rect, *args, **kw)

    monkeypatch.setattr(paint, "draw_text", text)
    monkeypatch.setattr(paint, "draw_crown", crown)
    paint.paint_table(pygame.Surface((theme.SCREEN_W, theme.SCREEN_H)), scene)
    monkeypatch.setattr(paint, "draw_text", real_text)
    monkeypatch.setattr(paint, "draw_crown", real_crown)
    return texts, crowns


# --- 1. the crown ------------------------------------------------------------------------------


def _crowned_scene(app: App, won: tuple[tuple[str, ...], ...],
                   minus: tuple[int, ...]) -> DieTableScene:
    match = Match(GameConfig("diebombe", (P, AST, AST)), 5)
    scene = DieTableScene(app, match, pace=HOLD)
    app.stack.push(scene)
    scene.shown = scene.shown._replace(won=won, minus=minus)
    scene.pad = None
    return scene


@pytest.mark.parametrize("lang", LANGS)
def test_the_crown_sits_on_the_red_pile_of_the_most_reds_not_on_the_leader(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    app = make_app(lang)
    # seat 1: two small reds (the most reds); seat 2: one big green, far ahead on points
    scene = _crowned_scene(app, ((), ("R3", "R5"), ("G25",)), (0, 0, 0))
    assert scene.shown.scores()[2] > scene.shown.scores()[1]
    _texts, crowns = _paint(scene, monkeypatch)
    layout = scene.layout
    assert len(crowns) == 1, crowns
    crown = crowns[0]
    # on seat 1's red pile (its label), not on the line of its name and score
    assert crown.colliderect(layout.label_rect(1, 0)), (crown, layout.label_rect(1, 0))
    name_line = pygame.Rect(layout.panel(1).left, layout.panel(1).top, layout.panel(1).width,
                            34)
    assert not crown.colliderect(name_line)
    assert not any(crown.colliderect(layout.panel(seat)) for seat in (0, 2))


def test_a_tie_for_the_most_reds_crowns_each_and_no_red_crowns_nobody(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    scene = _crowned_scene(app, (("R3",), ("G5",), ("R25",)), (0, 0, 0))
    _texts, crowns = _paint(scene, monkeypatch)
    layout = scene.layout
    assert sorted(seat for seat in range(3) for crown in crowns
                  if crown.colliderect(layout.label_rect(seat, 0))) == [0, 2]
    scene.shown = scene.shown._replace(won=((), ("G5",), ("G7", "G9")))
    _texts, crowns = _paint(scene, monkeypatch)
    assert crowns == []


@pytest.mark.parametrize("lang", LANGS)
def test_pointing_at_the_crown_says_it_doubles_the_most_reds(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    app = make_app(lang)
    scene = _crowned_scene(app, ((), ("R3", "R5"), ("G25",)), (0, 0, 0))
    tip = scene.namer.t("diebombe.crown_tip.red")
    texts, crowns = _paint(scene, monkeypatch)
    assert tip not in [line for line, _rect in texts]  # nothing while the pointer is away
    assert crowns
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=crowns[0].center, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for event in pygame.event.get():
        scene.handle(event)
    with listening("table", lang) as heard:
        texts, _crowns = _paint(scene, monkeypatch)
    drawn = [line for line, _rect in texts]
    # the explanation, wrapped: every word of it on screen, near the crown
    tip_lines = [(line, rect) for line, rect in texts if line in tip]
    assert tip_lines and " ".join(line for line, _rect in tip_lines) == tip, drawn
    assert all(abs(rect.centery - crowns[0].centery) < 160 for _line, rect in tip_lines)
    assert not [f.line() for f in heard.found.values()]


# --- 2. every tied bidder's disc ---------------------------------------------------------------


@pytest.mark.parametrize("seats", [3, 5])
def test_a_three_way_tie_shows_every_tied_bidders_disc_beside_the_bid_entry(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, seats: int) -> None:
    from game.ui.diebombe.shots import _table

    app = make_app()
    match = Match(GameConfig("diebombe", (P,) * seats), 31)
    first = {seat: (17 if seat < 3 else 4 + seat) for seat in range(seats)}
    while match.pending().phase == "bid":
        seat = match.pending().people[0]
        match.submit(seat, A.bid(first[seat]))
    view = match.view_for(0)
    assert view.phase == "rebid" and view.bidders == (0, 1, 2)
    scene = _table(app, match)
    scene.update(1 / 60)
    assert scene.pad is not None  # a tied person's bid entry is open over the middle
    texts, _crowns = _paint(scene, monkeypatch)
    layout = scene.layout
    for seat in view.bidders:
        bx, by = layout.bubble(seat)
        discs = [rect for line, rect in texts if line == "17" and not rect.colliderect(PAD)
                 and abs(rect.centery - by) < 12 and abs(rect.centerx - bx) < 60]
        assert discs, (seat, [(line, rect) for line, rect in texts if line == "17"])
        # the disc stands clear of the seat's panel too
        assert not any(rect.colliderect(layout.panel(seat)) for rect in discs)


# --- 3. the outcome's box ----------------------------------------------------------------------


def _outcome_box(monkeypatch: pytest.MonkeyPatch, scene: DieTableScene
                 ) -> tuple[pygame.Rect, Drawn]:
    boxes: list[pygame.Rect] = []
    real = paint.round_rect

    def record(surface: pygame.Surface, rect: pygame.Rect, color: Any, *args: Any,
               **kw: Any) -> None:
        if color == paint.GOLD and args[-1:] == (3,):
            boxes.append(pygame.Rect(rect))
        real(surface, rect, color, *args, **kw)

    monkeypatch.setattr(paint, "round_rect", record)
    texts, _crowns = _paint(scene, monkeypatch)
    monkeypatch.setattr(paint, "round_rect", real)
    assert len(boxes) == 1, boxes
    box = boxes[0]
    return box, [(line, rect) for line, rect in texts if box.contains(rect)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_outcome_box_is_the_size_of_its_lines(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    app = make_app(lang)
    match = _no_bomb_round(40, 3)
    _bid_round(match, [{0: 37, 1: 12, 2: 5}])
    scene = _outcome_after_take(app, match)
    box, inside = _outcome_box(monkeypatch, scene)
    title = scene.namer.t("diebombe.outcome.title", n=1)
    lines = [rect for line, rect in inside if line != title]
    assert len(lines) == 2, inside  # who paid, who took the other free
    head = next(rect for line, rect in inside if line == title)
    # no empty band: the lines follow the title and the box ends under the last one
    assert min(rect.top for rect in lines) - head.bottom < 24, (box, inside)
    assert box.bottom - max(rect.bottom for rect in lines) < 36, (box, inside)
    # and a busier round (a tie, the card left out) still holds every line in its box
    match = _no_bomb_round(60, 3)
    _bid_round(match, [{0: 15, 1: 15, 2: 4}, {0: 9, 1: 8}])
    scene = _outcome_after_take(app, match)
    busy, inside = _outcome_box(monkeypatch, scene)
    assert len(inside) == 4 and busy.height > box.height, inside
    assert busy.height <= paint.outcome_rect().height

