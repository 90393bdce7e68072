"""A third demanding review of Caza Bombas, point by point, read from real scenes:

1. a wrong cut is a felt moment: "Not 4" on an opaque chip in large letters (it was faint red,
   see-through, over the wire), the missed wire flashed red (a still red outline with reduced
   motion), the dial's needle ticking home with its sound;
2. a lost mission's results read as a loss: the headline in red beside a drawn burst bomb,
   "Retry mission" (the same mission, a new deal) leading with Enter, "Play again" secondary;
   a won mission's results stay as they were;
3. the dial's line ("0 mistakes left") keeps clear of the home seat's panel and of the left
   edge; the loss summary's words are no longer cut through by the progress bar's edge.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.match import Match
from game.rules.cazabombas import actions as A
from game.rules.cazabombas import events as E
from game.ui import launch, theme
from game.ui.app import App
from game.ui.cazabombas import layout as L
from game.ui.cazabombas import paint
from game.ui.cazabombas.shots import build, trial
from game.ui.cazabombas.table import CazaTableScene
from game.ui.locale import text_of
from game.ui.scenes import results as results_module
from game.ui.scenes.results import ResultsScene
from tests.ui.conftest import frames, key
from tests.ui.probes import TableStub
from tests.ui.test_cazabombas_table import (
    DT,
    _playing,
    caza,
    deciding,
    open_table,
    person,
    positioned,
    step,
    until,
)

P, AST, LAN = SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.LANZADO
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


def _luminance(color: tuple[int, ...]) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in color[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _missed(app: App, *seats: SeatKind) -> tuple[CazaTableScene, A.Action, Match]:
    """A table where the person has just cut wrong (the miss being told)."""
    match = positioned(caza(*(seats or (P, AST, AST))), _playing)
    me = person(match)
    wrong = next(a for a in match.legal_for(me) if a.verb == A.DUAL_CUT and any(
        isinstance(e, E.CutMissed) for e in trial(match, me, a)))
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    assert scene.submit(wrong)
    return scene, wrong, match


def _run(app: App, seconds: float) -> None:
    for _ in range(round(seconds / DT)):
        app.step(DT, draw=False)


# --- 1: a miss is felt -------------------------------------------------------------------------


def test_not_n_sits_on_an_opaque_chip_in_large_letters(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    scene, _wrong, _match = _missed(app)
    _run(app, 1.0)  # where the reviewer (and the "miss" screenshot) looked at it
    chips = [f for f in scene.stage.floaters if f.text.startswith("Not ")]
    assert chips, [f.text for f in scene.stage.floaters]
    chip = chips[0]
    assert chip.chip is not None
    # large, white-on-deep-red: far above 4.5:1
    assert _contrast(chip.color, chip.chip) >= 7.0
    sized: list[tuple[str, int]] = []
    real_fit = paint.fit_line

    def fit_spy(text: str, size: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        sized.append((text, size))
        return real_fit(text, size, *args, **kwargs)

    paint.fit_line = fit_spy  # type: ignore[assignment]
    try:
        surface = pygame.Surface((1280, 720))
        scene.draw(surface)
    finally:
        paint.fit_line = real_fit  # type: ignore[assignment]
    assert any(text == chip.text and size >= 18 for text, size in sized), sized
    # opaque: a solid patch of the chip's own colour around where it stands
    x, y = round(chip.at[0]), round(chip.at[1])
    solid = sum(1 for dx in range(-70, 71, 2) for dy in range(-30, 31, 2)
                if 0 <= x + dx < 1280 and 0 <= y + dy < 720
                and surface.get_at((x + dx, y + dy))[:3] == chip.chip)
    assert solid >= 120, solid


def _tile_rect(scene: CazaTableScene, wrong: A.Action) -> pygame.Rect:
    stand = scene.stand_of(wrong.target or 0, wrong.stand or 0)
    rack = next(r for r in scene.layout.racks.values() if r.stand == stand)
    return rack.tile(wrong.pos or 0)


def _reds(surface: pygame.Surface, rect: pygame.Rect) -> int:
    return sum(1 for x in range(rect.left + 2, rect.right - 2, 2)
               for y in range(rect.top - 40, rect.bottom, 2)
               if (c := surface.get_at((x, y)))[0] > 170 and c[1] < 110 and c[2] < 110)


def test_the_missed_wire_flashes_red(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    scene, wrong, _match = _missed(app)
    _run(app, 0.3)
    scene.stage.floaters.clear()  # only the wire itself
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)
    rect = _tile_rect(scene, wrong)
    assert _reds(surface, rect) >= 60
    # and it passes: once told, the wire is as it was
    until(app, lambda: not scene.busy)
    scene.draw(surface)
    assert _reds(surface, rect) < 10


def test_reduced_motion_keeps_a_still_red_outline(silent_app: Callable[..., App]) -> None:
    app = silent_app(reduced_motion=True)
    scene, wrong, _match = _missed(app)
    rect = _tile_rect(scene, wrong)
    seen = []
    for seconds in (0.3, 0.3):
        _run(app, seconds)
        scene.stage.floaters.clear()
        surface = pygame.Surface((1280, 720))
        scene.draw(surface)
        ring = rect.inflate(8, 8)
        edge = [surface.get_at((ring.centerx, ring.top + 1))[:3],
                surface.get_at((ring.left + 1, ring.centery))[:3]]
        assert all(c == paint.MISS_RED for c in edge), edge
        # no wash: the tile's face is not red
        inside = surface.get_at(rect.center)[:3]
        assert not (inside[0] > 170 and inside[1] < 110), inside
        seen.append(edge)
    assert seen[0] == seen[1]  # still


def test_the_needle_ticks_home_with_its_sound(silent_app: Callable[..., App]) -> None:
    app = silent_app()
    scene, _wrong, _match = _missed(app)
    rest = scene.dial_rest()
    until(app, lambda: scene.stage.dial is not None and scene.stage.dial.done)
    step(app, 2)
    assert scene.stage.dial_position(rest) == rest + 1
    played = app.sound.played
    assert "dial" in played and "tick" in played
    assert played.index("dial") < len(played) - 1 - played[::-1].index("tick")


# --- 2: a lost mission's results ---------------------------------------------------------------


def _lost_match() -> Match:
    config = GameConfig("cazabombas", (P, LAN, LAN), frozenset({"mission3"}))
    match = launch.play_out(Match(config, 2))
    assert match.outcome().team_won is False
    return match


def _show(app: App, match: Match) -> ResultsScene:
    frames(app, 2)
    app.push(TableStub(app, match))
    scene = ResultsScene(app, match)
    app.stack.replace(scene)
    frames(app, 20)
    return scene


@pytest.fixture
def headlines(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    """The results' headline as drawn (its 60 px line)."""
    texts: Drawn = []
    real = results_module.draw_text

    def spy(surface: pygame.Surface, text: str, pos: Any, size: int,
            color: tuple[int, ...] = theme.INK, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = real(surface, text, pos, size, color, *args, **kwargs)
        if size == 60:
            texts.append((text, size, rect))
        return rect

    monkeypatch.setattr(results_module, "draw_text", spy)
    yield texts


def _burst(surface: pygame.Surface, left_of: pygame.Rect) -> int:
    """Burst-coloured (orange, yellow) pixels left of the headline, at its height."""
    return sum(1 for x in range(max(0, left_of.left - 110), left_of.left, 2)
               for y in range(left_of.top - 10, left_of.bottom + 10, 2)
               if (c := surface.get_at((x, y)))[0] > 200 and 70 < c[1] < 215 and c[2] < 100)


def test_a_lost_mission_reads_as_a_loss(stubbed_app: App, headlines: Drawn) -> None:
    app = stubbed_app
    match = _lost_match()
    scene = _show(app, match)
    surface = pygame.Surface((1280, 720))
    headlines.clear()
    scene.draw(surface)
    (text, _size, rect), = headlines
    assert text == app.loc.t("results.team_lost")
    red = results_module.LOST_INK
    assert red[0] > 200 and red[1] < 120 and red[2] < 120
    assert surface.get_at(rect.center)[:3] != theme.ACCENT
    assert sum(1 for x in range(rect.left, rect.right, 2)
               if surface.get_at((x, rect.centery))[:3] == red) >= 10
    assert _burst(surface, rect) >= 40  # the drawn bomb that went off
    # "Retry mission" leads, with Enter; "Play again" is secondary
    assert scene.retry is not None and scene.retry.visible
    assert text_of(scene.retry.text) == "Retry mission" and scene.retry.style == "primary"
    assert scene.retry.shortcut == pygame.K_RETURN
    assert scene.again.style != "primary" and scene.again.shortcut != pygame.K_RETURN
    assert scene.next is None
    key(pygame.K_RETURN)
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, TableStub)
    assert table.match.config == match.config  # the same mission
    assert table.match.seed != match.seed  # a new deal


def test_a_won_mission_keeps_its_results(stubbed_app: App, headlines: Drawn) -> None:
    app = stubbed_app
    match = launch.play_out(launch.match_from_code("1R1-1338"))
    assert match.outcome().team_won is True
    scene = _show(app, match)
    surface = pygame.Surface((1280, 720))
    headlines.clear()
    scene.draw(surface)
    (_text, _size, rect), = headlines
    assert scene.retry is None and scene.next is not None
    assert _burst(surface, rect) < 10


# --- 3: small layout ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
def test_the_dials_line_keeps_clear_of_the_panel_and_the_edge(
        silent_app: Callable[..., App], drawn: Drawn, lang: str) -> None:
    app = silent_app(lang)
    scene, _wrong, _match = _missed(app, P, AST)
    until(app, lambda: not scene.busy)
    assert scene.shown.mistakes_left == 0  # mission 1: the longest line, "0 mistakes left"
    drawn.clear()
    scene.draw(pygame.Surface((1280, 720)))
    said = scene.namer.plural("cazabombas.dial.left", 0)
    rect = next(r for text, _s, r in drawn if text == said)
    assert rect.left >= L.MARGIN + L.DIAL_LABEL_ROOM, rect
    assert rect.bottom <= L.MINE_TOP - L.DIAL_LABEL_ROOM, rect
    assert rect.right <= L.MIDDLE.left


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
def test_the_loss_summarys_words_are_clear_of_the_bar(
        silent_app: Callable[..., App], drawn: Drawn, lang: str) -> None:
    app = silent_app(lang)
    build(app, "1R1-1338", "lost")
    scene = app.stack.top
    assert isinstance(scene, CazaTableScene) and scene.shown.won is False
    drawn.clear()
    scene.draw(pygame.Surface((1280, 720)))
    said = scene.summary()
    panel, _tops, bar = paint.summary_rows(bool(said.cause))
    words = next(r for text, _s, r in drawn if text == said.progress)
    assert not words.colliderect(bar), (words, bar)
    assert panel.contains(words) and panel.contains(bar)
    for button in (scene.results_button, scene.again_button):
        assert not panel.colliderect(button.rect)
