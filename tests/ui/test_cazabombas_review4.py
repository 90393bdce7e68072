"""A fourth demanding review of Caza Bombas (6.5/10), point by point, read from real scenes:

1. the lesson is never lost bluntly: when its mission is lost the ending says so kindly (a
   teammate's cut: "You did it right — the team slipped this time"; the person's own: a kind
   word on learning) and offers the lesson again (L) or a real mission (Enter), never the bare
   "The dial reached the skull" with "See results";
2. the board's cut counts read at a glance: under each number a gauge of pips (one per wire,
   lit once cut) at least 5 px wide and 8 px tall at 1280×720 (4 × 6 at 1024×640), the number
   at 18 px;
3. the briefing says no "no talking" rule when one person plays with machines (nobody to talk
   to); a hot-seat table keeps the panel;
4. while the lesson's bubble holds the machines the banner does not say a teammate "is
   thinking…": it says the team waits while the person reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.core.saves import SavedGame
from game.match.match import Match
from game.rules.cazabombas import actions as A
from game.rules.cazabombas.wires import class_of
from game.ui import fonts, theme
from game.ui.app import App
from game.ui.cazabombas import art, briefing, paint
from game.ui.cazabombas.briefing import BriefingScene
from game.ui.cazabombas.lesson import LESSON_CONFIG, LESSON_SEED, Lesson
from game.ui.cazabombas.table import CazaTableScene
from game.ui.text import wrap_text
from tests.ui.conftest import frames, key
from tests.ui.lesson_kit import QUICK, calm
from tests.ui.lesson_kit import open_the_lesson as open_lesson_of
from tests.ui.lesson_kit import until_showing as showing

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
Drawn = list[tuple[str, int, pygame.Rect]]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    """Every line the Caza Bombas painter draws from now on: (text, size, where drawn)."""
    texts: Drawn = []
    real_draw = paint.draw_text

    def spy(surface: pygame.Surface, text: str, pos: Any, size: int, *args: Any,
            **kwargs: Any) -> pygame.Rect:
        rect = real_draw(surface, text, pos, size, *args, **kwargs)
        texts.append((text, size, rect))
        return rect

    monkeypatch.setattr(paint, "draw_text", spy)
    yield texts


def _right(match: Match, action: A.Action) -> bool:
    """The Dual cut names the wire's true value (read from its owner's view)."""
    owner = match.view_for(-1).stand_owner
    stand = [g for g, o in enumerate(owner) if o == action.target][action.stand or 0]
    wire = match.view_for(action.target).stands[stand][action.pos or 0]
    return wire.key is not None and class_of(wire.key) == action.value


def lost_lesson(culprit: int) -> Match:
    """The lesson's own deal played to a loss: ``culprit`` names wrong values until the dial
    reaches the skull, every other seat cuts right (a save replayed: no machine is asked)."""
    people = GameConfig("cazabombas", (P, P, P), LESSON_CONFIG.options)
    match = Match(people, LESSON_SEED)
    while not match.is_over():
        seat = match.pending().seat
        assert seat is not None
        legal = match.legal_for(seat)
        cuts = [a for a in legal if a.verb == A.DUAL_CUT]
        pick = next((a for a in cuts if _right(match, a) != (seat == culprit)), legal[0])
        match.submit(seat, pick)
    return Match.from_save(SavedGame(LESSON_CONFIG, LESSON_SEED, match.save().actions))


def lost_table(app: App, culprit: int, taught: bool = True) -> CazaTableScene:
    """A lost lesson's table, on screen with nothing left to tell."""
    scene = CazaTableScene(app, lost_lesson(culprit), briefing=False)
    if taught:
        lesson = Lesson(scene)
        lesson.over = True  # (the lesson had ended: its table goes on as any other)
        scene.overlay = lesson
    app.stack.reset(scene)
    for _ in range(600):
        if scene.results_button.visible or scene.real_button.visible:
            break
        app.step(1 / 30)
    frames(app, 2)
    return scene


# --- 1: a lesson is never lost bluntly ---------------------------------------------------------


def test_a_teammates_loss_in_the_lesson_is_told_kindly(
        silent_app: Callable[..., App], drawn: Drawn) -> None:
    app = silent_app()
    scene = lost_table(app, culprit=1)
    assert scene.lost_by() == 1
    drawn.clear()
    scene.draw(pygame.Surface((1280, 720)))
    said = [text for text, _size, _rect in drawn]
    assert app.loc.t("cazabombas.end.lesson_team") in said, said
    assert "You did it right — the team slipped this time" in said
    assert app.loc.t("cazabombas.banner.lost_dial") not in said       # no bare loss
    assert scene.real_button.visible and scene.lesson_button.visible
    assert not scene.results_button.visible and not scene.again_button.visible


def test_the_persons_own_loss_in_the_lesson_is_told_kindly_too(
        silent_app: Callable[..., App], drawn: Drawn) -> None:
    app = silent_app()
    scene = lost_table(app, culprit=0)
    assert scene.lost_by() == 0
    drawn.clear()
    scene.draw(pygame.Surface((1280, 720)))
    said = [text for text, _size, _rect in drawn]
    assert app.loc.t("cazabombas.end.lesson_yours") in said
    assert app.loc.t("cazabombas.end.lesson_team") not in said
    assert app.loc.t("cazabombas.banner.lost_dial") not in said


def test_a_loss_without_a_lesson_stays_as_it_was(
        silent_app: Callable[..., App], drawn: Drawn) -> None:
    app = silent_app()
    scene = lost_table(app, culprit=1, taught=False)
    drawn.clear()
    scene.draw(pygame.Surface((1280, 720)))
    said = [text for text, _size, _rect in drawn]
    assert app.loc.t("cazabombas.banner.lost_dial") in said
    assert scene.results_button.visible and not scene.real_button.visible


def test_enter_after_a_lost_lesson_deals_a_real_mission(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    scene = lost_table(app, culprit=1)
    key(pygame.K_RETURN)
    frames(app, 3)
    tables = [s for s in app.stack.scenes() if isinstance(s, CazaTableScene)]
    assert tables and tables[0] is not scene
    fresh = tables[0]
    assert fresh.overlay is None                                  # a real mission: no lesson
    assert fresh.match.config == LESSON_CONFIG and fresh.match.moves == 0
    assert isinstance(app.stack.top, BriefingScene)               # with its briefing


def test_l_after_a_lost_lesson_plays_the_lesson_again(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    scene = lost_table(app, culprit=0)
    key(pygame.K_l, text="l")
    frames(app, 3)
    fresh = app.stack.top
    assert isinstance(fresh, CazaTableScene) and fresh is not scene
    assert isinstance(fresh.overlay, Lesson) and not fresh.overlay.over
    assert (fresh.match.config, fresh.match.seed) == (LESSON_CONFIG, LESSON_SEED)
    assert fresh.match.moves == 0


def test_the_lesson_again_button_is_a_real_click(silent_app: Callable[..., App]) -> None:
    from tests.ui.conftest import click

    app = silent_app()
    scene = lost_table(app, culprit=1)
    click(scene.lesson_button.rect.center)
    frames(app, 3)
    fresh = app.stack.top
    assert isinstance(fresh, CazaTableScene) and isinstance(fresh.overlay, Lesson)


# --- 2: the board's cut counts read at a glance --------------------------------------------------


def _lit(surface: pygame.Surface, rect: pygame.Rect) -> list[pygame.Rect]:
    """The lit pips inside ``rect``: each run of the lit colour, as its bounding box."""
    found: list[pygame.Rect] = []
    seen: set[tuple[int, int]] = set()
    for y in range(rect.top, rect.bottom):
        for x in range(rect.left, rect.right):
            if (x, y) in seen or surface.get_at((x, y))[:3] != art.PIP_LIT:
                continue
            stack, box = [(x, y)], pygame.Rect(x, y, 1, 1)
            seen.add((x, y))
            while stack:
                px, py = stack.pop()
                box.union_ip(pygame.Rect(px, py, 1, 1))
                for nx, ny in ((px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)):
                    if rect.collidepoint(nx, ny) and (nx, ny) not in seen and \
                            surface.get_at((nx, ny))[:3] == art.PIP_LIT:
                        seen.add((nx, ny))
                        stack.append((nx, ny))
            found.append(box)
    return found


@pytest.mark.parametrize("count", [4, 6, 12])
def test_a_numbers_cut_count_is_a_gauge_of_pips_one_sees(count: int) -> None:
    """Twelve numbers on the board (the narrowest marks) or fewer: two of four wires cut
    show as two lit pips of 5 × 8 px at least, the number at 18 px; scaled to 1024×640 the
    pips stay 4 × 6 px."""
    fonts_seen: list[int] = []
    real = fonts.render

    def spy(text: str, size: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        fonts_seen.append(size)
        return real(text, size, *args, **kwargs)

    width = min(paint.VALID_STEP, 360 // count) - 3
    rect = pygame.Rect(10, 10, width, paint.VALID_H)
    surface = pygame.Surface((rect.right + 10, rect.bottom + 10))
    surface.fill((0, 0, 0))
    art.fonts.render = spy  # type: ignore[assignment]
    try:
        art.validated_mark(surface, rect, 7, False, 2, 4)
    finally:
        art.fonts.render = real  # type: ignore[assignment]
    assert min(fonts_seen) >= theme.TEXT_MIN
    pips = _lit(surface, rect)
    assert len(pips) == 2, pips
    assert all(p.width >= 5 and p.height >= 8 for p in pips), pips
    small = pygame.transform.scale_by(surface, 0.8)
    scaled = [pygame.Rect(round(p.x * 0.8), round(p.y * 0.8), round(p.w * 0.8),
                          round(p.h * 0.8)) for p in pips]
    assert all(p.width >= 4 and p.height >= 6 for p in scaled)
    assert small.get_width() < surface.get_width()


def test_the_board_row_holds_twelve_numbers_with_their_gauges() -> None:
    """The marks of twelve numbers fit the board side by side, each tall enough for the
    number and its gauge, and the colour line starts under them."""
    from game.ui.cazabombas import layout as L

    rects = [pygame.Rect(L.BOARD.left + k * paint.VALID_STEP, paint.VALID_TOP,
                         paint.VALID_STEP - 3, paint.VALID_H) for k in range(12)]
    assert rects[-1].right <= L.BOARD.right + paint.VALID_STEP
    assert paint.VALID_H >= 36
    assert paint.COLOURS_TOP >= paint.VALID_TOP + paint.VALID_H


# --- 3: no "no talking" panel at a table of one person ------------------------------------------


@pytest.fixture
def paragraphs(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every paragraph and line the briefing draws."""
    said: list[str] = []
    real_paragraph, real_text = briefing.draw_paragraph, briefing.draw_text

    def paragraph(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> int:
        said.append(text)
        return real_paragraph(surface, text, *args, **kwargs)

    def text(surface: pygame.Surface, words: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        said.append(words)
        return real_text(surface, words, *args, **kwargs)

    monkeypatch.setattr(briefing, "draw_paragraph", paragraph)
    monkeypatch.setattr(briefing, "draw_text", text)
    yield said


def _briefed(app: App, *seats: SeatKind) -> BriefingScene:
    match = Match(GameConfig("cazabombas", seats, frozenset({"mission3"})), 7)
    table = CazaTableScene(app, match)
    app.stack.reset(table)
    frames(app, 3)
    brief = app.stack.top
    assert isinstance(brief, BriefingScene)
    return brief


def test_one_person_with_machines_reads_no_no_talking_rule(
        silent_app: Callable[..., App], paragraphs: list[str]) -> None:
    """Nobody to talk to: the rule is not said at all (review 5 found even its one short
    line meaningless with machines alone)."""
    app = silent_app()
    brief = _briefed(app, P, AST, AST)
    paragraphs.clear()
    surface = pygame.Surface((1280, 720))
    brief.draw(surface)
    assert app.loc.t("cazabombas.brief.silence") not in paragraphs      # no panel
    assert app.loc.t("cazabombas.brief.silence_title") not in paragraphs  # no line
    assert brief.alone and brief.panel == briefing.ALONE
    assert brief.panel.centerx == theme.SCREEN_W // 2                    # no empty half


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
def test_every_mission_briefed_alone_ends_inside_its_panel(
        silent_app: Callable[..., App], lang: str) -> None:
    """The bullets of every mission, at every table of one person, end inside the panel
    (at 18 px or more)."""
    from game.ui.cazabombas.names import Namer

    app = silent_app(lang)
    for seats in ((P, AST), (P, AST, AST), (P, AST, AST, AST, AST)):
        for mission in range(1, 9):
            config = GameConfig("cazabombas", seats, frozenset({f"mission{mission}"}))
            namer = Namer(lambda: app.loc, Match(config, 1), lambda: ())
            brief = BriefingScene(app, config, namer, captain=1)
            size, gap = brief.bullets_fit()
            assert size >= theme.TEXT_MIN
            step = round(fonts.get(size).get_linesize() * briefing.LINE_GAP / 1.15)
            lines = brief.lines()
            rows = sum(len(wrap_text(line, size, briefing.bullet_rect(0, brief.panel).width))
                       for line in lines)
            bottom = brief.panel.top + 50 + rows * step + gap * (len(lines) - 1)
            assert bottom <= brief.panel.bottom - 10, (seats, mission, bottom)


def test_a_hot_seat_table_keeps_the_no_talking_panel(
        silent_app: Callable[..., App], paragraphs: list[str]) -> None:
    app = silent_app()
    brief = _briefed(app, P, P, AST)
    paragraphs.clear()
    brief.draw(pygame.Surface((1280, 720)))
    assert app.loc.t("cazabombas.brief.silence") in paragraphs
    assert not brief.alone and brief.panel == briefing.LEFT


# --- 4: the banner under the lesson's bubble -----------------------------------------------------


@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    made = make_app("en", settings=QUICK, wire=True, audio=False)
    frames(made, 10, 1 / 30)
    return made


def _covered(lesson: Lesson) -> list[str]:
    return []


def test_the_banner_says_the_team_waits_while_the_bubble_talks(app: App, drawn: Drawn) -> None:
    """After the person's sure cut the board's bubble holds the next teammate: the banner
    says the team waits for the person, not that the teammate is thinking; once read, the
    teammate thinks and plays as ever."""
    lesson = open_lesson_of(app, "cazabombas", CazaTableScene, Lesson)
    scene = lesson.scene
    for info in ("welcome", "stand"):
        showing(app, lesson, info, _covered)
        key(pygame.K_RETURN)
        frames(app, 2, 1 / 30)
    showing(app, lesson, "token", _covered)
    key(pygame.K_RETURN)                                 # the focused wire's token
    for info in ("team", "dial"):
        showing(app, lesson, info, _covered)
        key(pygame.K_RETURN)
        frames(app, 2, 1 / 30)
    showing(app, lesson, "cut", _covered)
    from game.ui.cazabombas.lesson import _sure_wires

    rect = _sure_wires(lesson)[0]
    found = scene.layout.tile_at((rect.centerx, rect.top + 20))
    assert found is not None
    g, index = found
    value = scene.shown.stands[g][index].token
    from tests.ui.conftest import click

    click(scene.layout.rack(g).tile(index).center)
    frames(app, 3, 1 / 30)
    key(getattr(pygame, f"K_{value}"), text=str(value))
    showing(app, lesson, "board", _covered)
    assert scene.shown.current != scene.home and scene.held   # a teammate's turn, held
    drawn.clear()
    frames(app, 2, 1 / 30)
    said = [text for text, _size, _rect in drawn]
    teammate = scene.namer.seat(scene.shown.current)
    thinking = app.loc.t("table.thinking", player=teammate)
    assert thinking not in said, said
    assert app.loc.t("cazabombas.banner.lesson_wait") in said
    key(pygame.K_RETURN)                                  # read: the teammate thinks
    for _ in range(300):
        app.step(1 / 30)
        if not scene.held and not scene.timeline.busy and calm(app):
            break
    assert not scene.held
    assert paint.banner(scene)[1] != app.loc.t("cazabombas.banner.lesson_wait")
