"""Caza Bombas' big moments and small explanations (issue 20), driven by real pygame events or
read from what is drawn: a lost mission blows up the whole table, turns every wire face up and
sums itself up with its buttons clear of the racks; the explosion stands still with reduced
motion; equipment says its effect on hover and on keyboard focus, in the person's language;
Esc cancels a half-built move before it pauses; the board says "2 of 3" by an "X of Y" draw;
the dial's number is never under its needle; a team's win is one line on the results; a table
whose teammates' racks fit on one row (two players) stands their tiles tall in the upper band."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from game.core.config import SeatKind
from game.match.match import Match
from game.rules.cazabombas import actions as A
from game.rules.cazabombas import events as E
from game.rules.cazabombas.view import CazaView
from game.ui import fonts, gfx, theme
from game.ui.app import App
from game.ui.cazabombas import art, paint
from game.ui.cazabombas import layout as L
from game.ui.cazabombas.paint import card_rows
from game.ui.cazabombas.shots import trial
from game.ui.cazabombas.table import CazaTableScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.results import ResultsScene
from tests.ui.conftest import click, key, post
from tests.ui.test_cazabombas_table import (
    DT,
    caza,
    deciding,
    open_table,
    person,
    positioned,
    step,
    until,
    where,
)

P, AST = SeatKind.PERSON, SeatKind.ASTUTO


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every line of text the Caza Bombas painter draws from now on."""
    texts: list[str] = []
    real = paint.draw_text

    def spy(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        texts.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(paint, "draw_text", spy)
    yield texts


def _red_to_cut(m: Match, v: CazaView) -> bool:
    return v.phase == "play" and any(
        a.verb == A.DUAL_CUT and any(isinstance(e, E.Exploded) for e in trial(m, v.seat, a))
        for a in m.legal_for(v.seat)[:60])


def _fire(surface: pygame.Surface, centre: tuple[float, float], r: float) -> int:
    """Fire-coloured pixels on a ring of radius ``r`` around ``centre``."""
    hot = 0
    for k in range(24):
        x = round(centre[0] + r * math.cos(k * math.pi / 12))
        y = round(centre[1] + r * 0.7 * math.sin(k * math.pi / 12))
        red, _green, blue, *_ = surface.get_at((x, y))
        hot += red > 150 and red > blue + 60
    return hot


# --- 14: a lost mission ---------------------------------------------------------------------------


def test_a_red_wire_cut_by_clicks_blows_up_the_table_and_shows_what_lost_it(
        silent_app: Callable[..., App], drawn: list[str]) -> None:
    app = silent_app()
    match = positioned(caza(P, AST, AST, mission=3), _red_to_cut, tries=60)
    me = person(match)
    boom = next(a for a in match.legal_for(me) if a.verb == A.DUAL_CUT and any(
        isinstance(e, E.Exploded) for e in trial(match, me, a)))
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    wire = ("w", scene.stand_of(boom.target or 0, boom.stand or 0), boom.pos)
    click(where(scene, wire))
    step(app)
    click(where(scene, ("v", boom.value)))
    step(app)
    assert match.is_over() and match.actions[-1] == (me, boom)
    # the bomb goes off across the table, not only where the wire was cut
    until(app, lambda: scene.stage.blast is not None and scene.stage.blast.progress > 0.2)
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    assert _fire(surface, L.BLAST_CENTRE, 120) >= 12, "no fireball in the middle of the table"
    until(app, lambda: not scene.busy)
    step(app, 2)
    # every wire is face up: not one tile back is drawn
    backs: list[tuple[int, int]] = []
    real_back = paint.tile_back

    def spy_back(size: tuple[int, int]) -> pygame.Surface:
        backs.append(size)
        return real_back(size)

    paint.tile_back = spy_back  # type: ignore[assignment]
    try:
        drawn.clear()
        scene.draw(pygame.Surface((1280, 720)))
    finally:
        paint.tile_back = real_back  # type: ignore[assignment]
    assert backs == []
    # the summary: the cut that lost it, the mistakes, how far the team got
    cutter = scene.namer.seat(me)
    assert any("red wire" in text and cutter in text for text in drawn), drawn
    assert any(text.startswith(("Mistakes", "No mistake")) for text in drawn), drawn
    assert any("The team cut" in text and "wires" in text for text in drawn), drawn
    # "Try again" and "See results" sit clear of the home seat's rack
    for button in (scene.again_button, scene.results_button):
        assert button.visible
        for rack in scene.layout.racks.values():
            if rack.mine:
                assert not button.rect.colliderect(rack.rect)


def test_reduced_motion_shows_a_still_explosion(silent_app: Callable[..., App]) -> None:
    """Full size from the first frame and fading, no shock ring racing out, no shake."""
    sizes = {}
    for reduced in (False, True):
        app = silent_app(reduced_motion=reduced)
        assert app.motion.reduced is reduced
        match = positioned(caza(P, AST, AST, mission=3), _red_to_cut, tries=60)
        me = person(match)
        boom = next(a for a in match.legal_for(me) if a.verb == A.DUAL_CUT and any(
            isinstance(e, E.Exploded) for e in trial(match, me, a)))
        scene = open_table(app, match)
        until(app, deciding(app, scene))
        scene.submit(boom)
        until(app, lambda s=scene: s.stage.blast is not None)  # the blast's first frame
        surface = pygame.Surface((1280, 720))
        scene.draw(surface)
        sizes[reduced] = _fire(surface, L.BLAST_CENTRE, paint.BLAST_R * 0.6)
        assert app.shake.active is not reduced
    assert sizes[True] >= 12 and sizes[False] < sizes[True]


# --- 15: equipment explained; Esc cancels ---------------------------------------------------------


def _with_equipment(m: Match, v: CazaView) -> bool:
    return v.phase == "play" and bool(v.equipment)


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
def test_hovering_an_equipment_card_says_its_effect_in_the_language(
        silent_app: Callable[..., App], drawn: list[str], lang: str) -> None:
    app = silent_app(lang)
    match = positioned(caza(P, AST, AST, AST, mission=4), _with_equipment)
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    number, row = next(iter(card_rows(scene.shown).items()))
    effect = scene.namer.effect(number)
    drawn.clear()
    app.step(DT)
    assert not any(effect in text for text in drawn)
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=row.center, rel=(0, 0),
                            buttons=(0, 0, 0)))
    drawn.clear()
    app.step(DT)
    app.step(DT)
    said = " ".join(drawn)
    first_words = " ".join(effect.split()[:3])
    assert first_words in said, (effect, drawn)


def test_e_focuses_a_card_and_its_effect_shows_then_esc_cancels_it(
        silent_app: Callable[..., App], drawn: list[str]) -> None:
    app = silent_app()

    scene = _card_focused_with_e(app, drawn)
    app.step(DT)
    aim = scene.aim
    assert aim is not None and aim.mode.card is not None
    effect = scene.namer.effect(aim.mode.card)
    said = " ".join(drawn)
    assert " ".join(effect.split()[:3]) in said
    # Esc: back to the first way to act, the table stays (no pause menu)
    key(pygame.K_ESCAPE)
    app.step(DT)
    assert app.stack.top is scene
    assert scene.aim is not None and scene.aim.mode is scene.modes[0]


def _usable(m: Match, v: CazaView) -> bool:
    return v.phase == "play" and any(a.verb == A.EQUIPMENT_VERB for a in m.legal_for(v.seat))


def _card_focused_with_e(app: App, drawn: list[str]) -> CazaTableScene:
    """A mission-4 table where the person may use equipment, E pressed, one frame drawn (and
    heard in ``drawn`` from then on)."""
    scene = open_table(app, positioned(caza(P, AST, AST, AST, mission=4), _usable))
    until(app, deciding(app, scene))
    key(pygame.K_e)
    drawn.clear()
    app.step(DT)
    return scene


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
def test_the_card_in_use_says_its_effect_in_its_box_and_the_line_only_what_to_do(
        silent_app: Callable[..., App], drawn: list[str], lang: str) -> None:
    """The effect once, in the box where the news goes; the line under the banner says what to
    do (issue 20: the effect and the step shared that line, squashed to 80 % of its width)."""
    app = silent_app(lang)

    scene = _card_focused_with_e(app, drawn)
    aim = scene.aim
    assert aim is not None and aim.mode.card is not None
    effect = scene.namer.effect(aim.mode.card)
    _title, sub, _hot = paint.banner(scene)
    assert sub and sub in drawn and effect not in sub
    assert " ".join(effect.split()[:3]) in " ".join(drawn)  # in its box


def test_esc_drops_a_half_built_cut_before_it_pauses(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    match = positioned(caza(P, AST, AST, mission=1), lambda m, v: v.phase == "play")
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    aim = scene.aim
    assert aim is not None and aim.step is not None
    click(where(scene, aim.candidates()[0]))
    step(app)
    assert scene.aim is not None and any(scene.aim.picks)
    key(pygame.K_ESCAPE)
    app.step(DT)
    assert app.stack.top is scene, "Esc opened the pause menu over a half-built cut"
    assert scene.aim is not None and not any(scene.aim.picks)
    key(pygame.K_ESCAPE)
    app.step(DT)
    assert isinstance(app.stack.top, PauseScene)


# --- 16: the board, the dial, the results, the two-player table -----------------------------------


def test_the_board_says_2_of_3_beside_the_question_marks(
        silent_app: Callable[..., App], drawn: list[str]) -> None:
    app = silent_app()
    match = positioned(caza(P, AST, AST, AST, mission=5), lambda m, v: v.phase == "play")
    scene = open_table(app, match)
    assert scene.shown.yellow_uncertain
    until(app, deciding(app, scene))
    drawn.clear()
    app.step(DT)
    assert "2 of 3" in drawn
    # the equipment moved down for the second line: its rows stay on the board
    for rect in card_rows(scene.shown).values():
        assert L.BOARD.top <= rect.top and rect.bottom <= L.BOARD.bottom


def _pixels(surface: pygame.Surface, at: tuple[float, float]) -> tuple[int, int]:
    """(dark pixels: the dial's number, red pixels: the needle) in a box around ``at``."""
    dark = red = 0
    for x in range(round(at[0]) - 6, round(at[0]) + 7):
        for y in range(round(at[1]) - 6, round(at[1]) + 7):
            r, g, b, *_ = surface.get_at((x, y))
            dark += r < 90 and g < 90 and b < 90
            red += r > 140 and g < 80 and b < 80
    return dark, red


@pytest.mark.parametrize("spaces,mark", [(4, 1), (4, 0), (3, 2), (5, 3)])
def test_the_dials_number_is_not_under_its_needle(spaces: int, mark: int) -> None:
    gfx.set_scale(1.0)
    centre = (100, 100)
    r = 76
    angle = art.dial_angle(spaces, mark)
    at = (centre[0] + (r - 34) * math.cos(angle), centre[1] - (r - 34) * math.sin(angle))
    free = pygame.Surface((200, 200))
    art.draw_dial(free, centre, r, spaces, float((mark + 2) % spaces))
    under = pygame.Surface((200, 200))
    art.draw_dial(under, centre, r, spaces, float(mark))
    alone, _ = _pixels(free, at)
    ink, needle = _pixels(under, at)
    assert alone > 10
    assert needle == 0, "the needle is drawn over the number it points at"
    assert ink >= alone * 0.9


def test_a_team_that_won_is_one_line_on_the_results(
        silent_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.scenes import results

    app = silent_app()
    for seed in range(1, 60):
        match = Match(caza(P, AST, AST, mission=2), seed)
        match.play_to_end(AST)
        if match.outcome().team_won:
            break
    assert match.outcome().team_won
    texts: list[str] = []
    real = results.draw_text

    def spy(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        texts.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(results, "draw_text", spy)
    app.stack.push(ResultsScene(app, match))
    app.step(DT)
    assert "You, Crafty 2 and Crafty 3 won mission 2" in texts, texts
    assert "1st" not in texts


@pytest.mark.parametrize("mission", [1, 4, 8])
def test_the_two_player_table_stands_the_teammates_tiles_tall(
        silent_app: Callable[..., App], mission: int) -> None:
    app = silent_app()
    match = Match(caza(P, AST, mission=mission), 7)
    scene = open_table(app, match)
    step(app, 2)
    others = [rack for rack in scene.layout.racks.values() if not rack.mine]
    assert others
    for rack in others:
        assert rack.rect.bottom >= L.BAND.top - 12  # the whole upper band
        tile = rack.tile(rack.count - 1)
        assert tile.height > L.OTHER_TILE_H + 20
        assert tile.bottom + 2 * rack.token_r + 4 <= rack.rect.bottom
        assert tile.right <= rack.rect.right
    # four and five players keep two rows of racks
    four = open_table(app, Match(caza(P, AST, AST, AST, mission=4), 7))
    assert all(r.rect.height == L.OTHER_H for r in four.layout.racks.values() if not r.mine)


def test_the_middle_bands_lines_end_above_the_home_seats_panel() -> None:
    """The news' two rows and the dial's line stood on the home seat's panel's edge (seen in
    the gallery): each ends above where the panel starts."""
    pygame.init()
    try:
        row = fonts.get(theme.TEXT_MIN).get_linesize()
        assert L.NEWS_Y + L.NEWS_STEP + row <= L.MINE_TOP
        label = fonts.get(theme.TEXT_SMALL, True).get_linesize()
        assert L.DIAL_LABEL_Y + label <= L.MINE_TOP
    finally:
        pygame.quit()


def test_a_typed_codes_line_stays_clear_of_the_dials_line() -> None:
    """The game code (hot seat, a typed code) was drawn over "1 mistake left" (seen by a
    player in pt at 1024×600): it sits in the home panel's corner, under the rack's tiles."""
    pygame.init()
    fonts.clear()  # fonts made before another test quit pygame are dead
    try:
        code = fonts.get(theme.TEXT_MIN, True).size("Código da partida: 8V1-118G")
        box = pygame.Rect(0, 0, *code)
        box.bottomleft = L.CODE_POS
        dial = pygame.Rect(0, L.DIAL_LABEL_Y, 200,
                           fonts.get(theme.TEXT_SMALL, True).get_linesize())
        dial.centerx = L.DIAL_CENTRE[0]
        assert not box.colliderect(dial)
        assert box.top >= L.MINE_TOP and box.bottom <= theme.SCREEN_H
        assert box.top >= L.MINE_TOP + 20 + L.MINE_TILE_H + 20  # under the home rack's tiles
    finally:
        pygame.quit()
