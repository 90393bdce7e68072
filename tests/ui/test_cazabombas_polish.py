"""Caza Bombas after the demanding review of issue 20 (8/10), the points left on its list:

1. the board's "Yellow 2.1 6.1" meant nothing to a newcomer: pointing at a colour's values
   says them in words ("Yellow wires in the bomb: 2.1 and 6.1", or "2 of the yellow wires …
   nobody knows which") and what the ".1" means (only where the wire stands on a rack; a
   yellow is cut by naming "yellow", a red one sets the bomb off), in every language;
2. a won mission bursts confetti three times across the table (it had no test).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame
import pytest

from game.core.config import SeatKind
from game.match.match import Match
from game.rules.cazabombas import wires as W
from game.ui import theme
from game.ui.app import App
from game.ui.cazabombas import layout as L
from game.ui.cazabombas import paint
from game.ui.cazabombas.shots import HOLD, _table
from game.ui.cazabombas.table import CazaTableScene
from game.ui.fx import Particles
from game.ui.textaudit import listening
from tests.ui.probes import drawn_texts
from tests.ui.test_cazabombas_table import caza

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
LANGS = ("es", "en", "pt")
FRAME = 1 / 60


@pytest.fixture
def make_app(make_app: Callable[..., App]) -> Callable[..., App]:
    def make(lang: str = "en") -> App:
        return make_app(lang, audio=False, persist=False, start=None)

    return make


def _texts(scene: CazaTableScene, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts one frame of ``scene`` draws."""
    return drawn_texts(monkeypatch, paint, lambda: paint.paint_table(
        pygame.Surface((theme.SCREEN_W, theme.SCREEN_H)), scene))


def _point(scene: CazaTableScene, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for event in pygame.event.get():
        scene.handle(event)


# --- 1. the yellow and red values in words -------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_pointing_at_the_yellow_values_says_them_in_words(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    app = make_app(lang)
    match = Match(caza(P, AST, mission=6), 66)  # four yellows and a red on the board
    scene = CazaTableScene(app, match, pace=HOLD, briefing=False)
    app.stack.push(scene)
    scene.update(0.0)
    view = scene.shown
    values = [f"{W.sort_value(key):g}" for key in view.yellow_board]
    assert len(values) == 4 and all(value.endswith(".1") for value in values)
    namer = scene.namer
    listed = namer.t("results.and", a=", ".join(values[:-1]), b=values[-1])
    said = namer.t("cazabombas.explain.yellow", values=listed)
    first = values[0]
    low = int(float(first))
    meaning = namer.t("cazabombas.explain.yellow_sort", value=first, low=low, high=low + 1)
    words = " ".join(_texts(scene, monkeypatch))
    assert said not in words  # nothing while the pointer is away from the board's values
    yellow = next(rect for key, rect in scene.colour_spots if key == "yellow")
    red = next(rect for key, rect in scene.colour_spots if key == "red")
    assert yellow.colliderect(L.BOARD) and not yellow.colliderect(red)
    _point(scene, yellow.center)
    with listening("table", lang) as heard:
        drawn = _texts(scene, monkeypatch)
    words = " ".join(drawn)
    # every value said, with "and" before the last; the ".1" explained
    assert " ".join(said.split()) in " ".join(words.split()), drawn
    assert " ".join(meaning.split()) in " ".join(words.split()), drawn
    assert namer.t("cazabombas.value.yellow") in meaning.lower()
    assert not [f.line() for f in heard.found.values()]
    # the red values say their own words; away from the board, nothing
    _point(scene, red.center)
    words = " ".join(_texts(scene, monkeypatch))
    red_values = [f"{W.sort_value(key):g}" for key in view.red_board]
    assert namer.t("cazabombas.explain.red", values=red_values[0] if len(red_values) == 1
                   else namer.t("results.and", a=", ".join(red_values[:-1]),
                                b=red_values[-1])) in words
    assert said not in words
    _point(scene, (L.BOARD.left - 200, L.BOARD.top))
    assert scene.explained_colour is None


@pytest.mark.parametrize("lang", LANGS)
def test_an_x_of_y_draw_says_nobody_knows_which(make_app: Callable[..., App],
                                                 lang: str) -> None:
    from game.ui.cazabombas.paint import colour_words

    app = make_app(lang)
    match = Match(caza(P, AST, AST, mission=5), 3)  # 2 of 3 yellows
    scene = CazaTableScene(app, match, pace=HOLD, briefing=False)
    app.stack.push(scene)
    view = scene.shown
    assert view.yellow_uncertain and len(view.yellow_board) == 3 and view.yellow_count == 2
    which, meaning = colour_words(scene.namer, view, "yellow")
    assert which.startswith(scene.namer.t("cazabombas.explain.yellow_of", n=2, values="")
                            .split("{")[0][:6])
    assert "2" in which and all(f"{W.sort_value(key):g}" in which for key in view.yellow_board)
    assert "?" not in which  # the board's "?" said in words
    assert meaning


# --- 2. the won mission's confetti -------------------------------------------------------------


def _last_cut_to_win(app: App) -> tuple[CazaTableScene, Callable[[], None]]:
    """A mission won by the machines (the person stood in for), replayed to its last move on
    the table; with the move that wins it (not yet played)."""
    config = caza(P, AST, mission=1)
    for k in range(24):
        full = Match(config, 40 + k)
        full.play_to_end(AST)
        if not full.outcome().team_won:
            continue
        match = Match(config, full.seed)
        for seat, action in full.actions[:-1]:
            if match.is_person(seat):
                match.submit(seat, action)
            else:
                match.step()
        scene = _table(app, match)
        return scene, partial(_play_last, scene, *full.actions[-1])
    raise AssertionError("no won mission among 24 deals")


def _play_last(scene: CazaTableScene, seat: int, action: Any) -> None:
    """The winning move, as the table would see it come (the person's or a machine's)."""
    if scene.match.is_person(seat):
        scene.submit(action)
    else:
        scene.match.step()
        scene._tell()


def test_a_won_mission_bursts_confetti_three_times_across_the_table(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    scene, win = _last_cut_to_win(app)
    bursts: list[tuple[int, tuple[float, float], int]] = []
    clock = [0]
    real = Particles.confetti

    def record(self: Particles, pos: tuple[float, float], count: int = 60) -> None:
        bursts.append((clock[0], pos, count))
        real(self, pos, count)

    monkeypatch.setattr(Particles, "confetti", record)
    for _ in range(30):  # the table stands still before the last cut: no confetti
        app.step(FRAME, [], draw=False)
    assert not bursts
    win()
    for clock[0] in range(round(4.0 / FRAME)):  # (``record`` reads the frame)
        app.step(FRAME, [], draw=False)
    assert scene.match.outcome().team_won
    assert len(bursts) == 3, bursts
    frames = [at for at, _pos, _count in bursts]
    # one after another, a few tenths of a second apart, soon after the cut
    assert all(b - a >= round(0.2 / FRAME) for a, b in itertools.pairwise(frames))
    assert frames[-1] <= round(3.0 / FRAME)
    # across the table: the middle, its left and its right, each a big burst
    xs = sorted(pos[0] for _at, pos, _count in bursts)
    middle = L.MIDDLE
    assert xs[0] < middle.centerx - middle.width / 4 < xs[1] < middle.centerx \
        + middle.width / 4 < xs[2]
    assert all(middle.top <= pos[1] <= middle.bottom for _at, pos, _count in bursts)
    assert all(count >= 100 for _at, _pos, count in bursts)
    # and the confetti is on the table: particles in flight after the last burst
    assert scene.particles.items
