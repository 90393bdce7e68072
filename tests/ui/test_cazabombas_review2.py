"""A second demanding review of the Caza Bombas table (8/10), point by point, read from what
is drawn or driven by real pygame events:

1. what the table knows a seat holds or lacks ("Player 1 holds 4") is public and never
   vanishes from a crowded row: it is drawn for every seat, legible (not squeezed away);
2. a won mission never says "2 left" of red wires nobody may cut: the reds are counted apart;
3. the ways to act are explained on hover (the Double Detector as each player's own ability,
   not equipment); a mission with no equipment says so without contradicting the racks'
   "Double Detector ready"; the value prompt offers the yellow shortcut only with yellow wires;
4. a won mission has its own big moment: the banner "Bomb defused!" (as big as it gets in the
   middle), the team's names, every rack glowing; with reduced motion nothing in it moves;
5. the briefing's bullets keep a padding from the panel's border; the news' two rows end
   clear of the home seat's panel;
6. "BOOM!" never covers the news' rows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from game.core.config import SeatKind
from game.rules.cazabombas import wires as W
from game.rules.cazabombas.view import CazaView
from game.rules.cazabombas.wires import CLASS_BITS
from game.ui import fonts, theme
from game.ui.app import App
from game.ui.cazabombas import aim as M
from game.ui.cazabombas import briefing as B
from game.ui.cazabombas import layout as L
from game.ui.cazabombas import paint
from game.ui.cazabombas.paint import WIN_SIZE, banner, wires_to_cut
from game.ui.cazabombas.shots import build
from game.ui.cazabombas.story import BOOM_SIZE
from game.ui.cazabombas.table import CazaTableScene
from game.ui.text import MIN_SQUEEZE, fit_line
from tests.ui.conftest import key, post
from tests.ui.test_cazabombas_table import (
    caza,
    deciding,
    open_table,
    person,
    positioned,
    step,
    until,
)

P, AST = SeatKind.PERSON, SeatKind.ASTUTO

Drawn = list[tuple[str, int, pygame.Rect]]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    """Every line of text the Caza Bombas painter draws from now on: (text, size, where)."""
    texts: Drawn = []
    real_draw = paint.draw_text
    real_fit = paint.fit_line

    def spy(surface: pygame.Surface, text: str, pos: Any, size: int, *args: Any,
            **kwargs: Any) -> pygame.Rect:
        rect = real_draw(surface, text, pos, size, *args, **kwargs)
        texts.append((text, size, rect))
        return rect

    def fit_spy(text: str, size: int, width: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        surf = real_fit(text, size, width, *args, **kwargs)
        texts.append((text, size, surf.get_rect()))
        return surf

    monkeypatch.setattr(paint, "draw_text", spy)
    monkeypatch.setattr(paint, "fit_line", fit_spy)
    yield texts


def _bits(values: tuple[int, ...]) -> int:
    out = 0
    for value in values:
        out |= CLASS_BITS[value]
    return out


# --- 1: public facts never vanish -----------------------------------------------------------


@pytest.mark.parametrize("seats,lang", [((P, AST, AST), "pt"), ((P, AST, AST), "es"),
                                        ((P, AST, AST, AST, AST), "pt"),
                                        ((P, AST), "en")],
                         ids=["three-pt", "three-es", "five-pt", "two-en"])
def test_what_a_seat_holds_or_lacks_is_always_on_screen(
        silent_app: Callable[..., App], drawn: Drawn, seats: tuple[SeatKind, ...],
        lang: str) -> None:
    """Every seat claims three numbers and lacks two (after missed cuts, the General Radar):
    each seat's line of facts is drawn, at 18 px and never squeezed past the narrowest a
    line may be (the review: at 1024×640 the captain's view dropped "Jogador 1 tem 4")."""
    app = silent_app(lang)
    match = positioned(caza(*seats), lambda m, v: v.phase == "play")
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    count = len(seats)
    scene.shown = scene.shown._replace(claims=(_bits((1, 4, 7)),) * count,
                                       lacks=(_bits((3, 9)),) * count)
    drawn.clear()
    scene.draw(pygame.Surface((1280, 720)))
    facts = paint._facts(scene, 0)
    assert facts and all(paint._facts(scene, seat) == facts for seat in range(count))
    natural = fonts.get(theme.TEXT_MIN).size(facts)[0]
    said = [rect for text, size, rect in drawn if text == facts and size >= theme.TEXT_MIN]
    assert len(said) == count, f"{len(said)} of {count} seats' facts drawn"
    for rect in said:
        assert rect.width >= natural * MIN_SQUEEZE, (rect.width, natural)


# --- 2: red wires are counted apart -----------------------------------------------------------


def _reds_at_home(m: Any, v: CazaView) -> bool:
    own = m.view_for(person(m))
    return v.phase == "play" and any(
        w.key is not None and W.is_red(w.key) for g in own.my_stands for w in own.stands[g])


def test_a_won_mission_never_says_red_wires_are_left_to_cut(
        silent_app: Callable[..., App], drawn: Drawn) -> None:
    """The mission won with every wire but the reds cut: the home stand with reds says
    "11 of 13 cut · 2 red left: never cut", never "…, 2 left"."""
    app = silent_app("en")
    match = positioned(caza(P, AST, mission=6), _reds_at_home)
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    view = scene.shown
    stands = tuple(tuple(w._replace(cut=not (w.key is not None and W.is_red(w.key)))
                         for w in stand) for stand in view.stands)
    scene.shown = view._replace(won=True, phase="over", stands=stands)
    home = next(g for g in view.my_stands
                if any(w.key is not None and W.is_red(w.key) for w in view.stands[g]))
    reds = sum(1 for w in stands[home] if not w.cut)
    assert wires_to_cut(scene.shown, home) == (0, reds)
    drawn.clear()
    scene.draw(pygame.Surface((1280, 720)))
    texts = [text for text, _size, _rect in drawn]
    total = len(stands[home])
    namer = scene.namer
    wrong = namer.plural("cazabombas.footer.cut", reds, cut=total - reds, total=total)
    assert not any(wrong in text for text in texts), texts
    assert any(text.startswith(f"{total - reds} of {total} cut")
               and namer.plural("cazabombas.footer.reds", reds) in text for text in texts), texts
    # a view that turns the reds face up at the end (as cut) still never says "All 13 cut"
    turned = tuple(tuple(w._replace(cut=True) for w in stand) for stand in stands)
    scene.shown = scene.shown._replace(stands=turned)
    drawn.clear()
    scene.draw(pygame.Surface((1280, 720)))
    texts = [text for text, _size, _rect in drawn]
    assert namer.t("cazabombas.footer.all", total=total) not in texts
    assert any(text.startswith(f"{total - reds} of {total} cut")
               and namer.plural("cazabombas.footer.reds", reds) in text for text in texts), texts


def test_a_stand_in_play_counts_its_known_reds_apart() -> None:
    """On one's own stand the reds are seen: "left" counts only the wires to cut."""
    red = W.red_key(3)
    blue = 10 * 4  # any blue key
    from game.rules.cazabombas.view import WireSeen

    stand = (WireSeen(blue, True, None, 0), WireSeen(blue, False, None, 0),
             WireSeen(red, False, None, 0), WireSeen(None, False, None, 0))
    fake: Any = type("V", (), {"stands": (stand,), "won": None})()
    assert wires_to_cut(fake, 0) == (2, 1)
    fake.won = True  # a won mission: whatever is left is red
    assert wires_to_cut(fake, 0) == (0, 3)


# --- 3: the ways to act are explained -----------------------------------------------------------


def _hover(app: App, pos: tuple[int, int]) -> None:
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app)


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_hovering_a_way_to_act_explains_it(silent_app: Callable[..., App], drawn: Drawn,
                                           lang: str) -> None:
    """Pointing at "Double Detector" or "Dual cut" (or a rack's Double Detector) says what it
    does, the detector as each player's own ability, once per mission, not equipment."""
    app = silent_app(lang)
    match = positioned(caza(P, AST, AST), lambda m, v: v.phase == "play")
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    for mode in (M.CUT, M.DETECTOR):
        button = scene.mode_buttons[mode]
        assert button.visible
        _hover(app, button.rect.center)
        assert scene.explained_help == mode
        drawn.clear()
        scene.draw(pygame.Surface((1280, 720)))
        texts = " ".join(text for text, size, _rect in drawn if size >= theme.TEXT_MIN)
        first = paint.help_lines(scene, mode)[0]
        assert first in texts
    detector_words = scene.t("cazabombas.help.detector")
    assert scene.t("cazabombas.mode.detector").lower() in detector_words.lower()
    spot = next(rect for key, rect in scene.help_spots if key == M.DETECTOR)
    _hover(app, spot.center)
    assert scene.explained_help == M.DETECTOR
    _hover(app, (5, 5))
    assert scene.explained_help is None


def test_no_equipment_says_the_double_detector_is_everyones_own(
        silent_app: Callable[..., App], drawn: Drawn) -> None:
    app = silent_app("en")
    match = positioned(caza(P, AST, AST, mission=1), lambda m, v: v.phase == "play")
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    assert not scene.shown.equipment
    drawn.clear()
    scene.draw(pygame.Surface((1280, 720)))
    texts = " ".join(text for text, _size, _rect in drawn)
    assert scene.t("cazabombas.board.no_equipment") in texts
    assert "own Double Detector" in texts


@pytest.mark.parametrize("mission,yellow", [(1, False), (6, True)])
def test_the_yellow_shortcut_only_with_yellow_wires(silent_app: Callable[..., App],
                                                    mission: int, yellow: bool) -> None:
    app = silent_app("pt")
    match = positioned(caza(P, AST, AST, mission=mission), lambda m, v: v.phase == "play")
    scene = open_table(app, match)
    until(app, deciding(app, scene))
    assert bool(scene.shown.yellow_board) == yellow
    key(pygame.K_DOWN)
    step(app)
    key(pygame.K_RETURN)  # a teammate's wire: now the value to name
    step(app)
    aim = scene.aim
    assert aim is not None and aim.step is not None and aim.step.kind == M.VALUE
    _title, sub, _hot = banner(scene)
    assert ("amarelo" in sub) == yellow, sub


# --- 4: the win's big moment --------------------------------------------------------------------


@pytest.mark.parametrize("reduced", [False, True])
def test_a_won_mission_shows_the_banner(silent_app: Callable[..., App], drawn: Drawn,
                                        reduced: bool) -> None:
    """While the case opens and once it is open: "Bomb defused!" in big letters in the
    middle; then the team's names under it and every rack glowing green. With reduced
    motion the glow holds still."""
    app = silent_app("en", reduced_motion=reduced)
    build(app, "1R1-1338", "won")
    scene = app.stack.top
    assert isinstance(scene, CazaTableScene)
    title = scene.t("cazabombas.story.won")
    until(app, lambda: scene.stage.case is not None and scene.stage.case.started
          and scene.stage.case.progress > 0.6)
    drawn.clear()
    scene.draw(pygame.Surface((1280, 720)))
    big = [rect for text, size, rect in drawn if text == title and size >= WIN_SIZE]
    assert big, "no banner while the case opens"
    assert big[0].height >= fonts.get(WIN_SIZE, True).get_height() * 0.9
    until(app, lambda: scene.match.is_over() and not scene.timeline.busy)
    step(app, 5)
    frames = []
    for _ in range(2):
        drawn.clear()
        surface = pygame.Surface((1280, 720))
        scene.draw(surface)
        frames.append(surface)
        step(app, 10)
    texts = [text for text, _size, _rect in drawn]
    assert any(text == title for text, size, _rect in drawn if size >= WIN_SIZE)
    names = [scene.namer.seat(s) for s in range(scene.match.config.seat_count)]
    assert any(all(name in line for name in names) for line in
               [" ".join(texts)]), texts
    rack = next(iter(scene.layout.racks.values())).rect
    glow = frames[0].get_at((rack.centerx, rack.top - 1))
    assert glow.g > glow.r + 40, glow  # green around the rack
    if reduced:
        assert frames[0].get_at((rack.centerx, rack.top - 4)) == \
            frames[1].get_at((rack.centerx, rack.top - 4))


# --- 5 and 6: padding, the news clear of the panel, BOOM clear of the news -----------------------


def test_the_briefing_bullets_keep_clear_of_the_border() -> None:
    for y in (B.LEFT.top + 50, B.LEFT.top + 200):
        rect = B.bullet_rect(y)
        assert B.LEFT.right - rect.right >= 24
        assert rect.left - B.LEFT.left >= 24


@pytest.mark.parametrize("lang", ["en", "es", "pt"])
def test_every_briefing_ends_inside_its_panel(silent_app: Callable[..., App],
                                              lang: str) -> None:
    """The padding wraps more: every mission, at every table size, still ends inside the
    panel (its bullets at 18 px or more)."""
    from game.match.match import Match
    from game.ui.cazabombas.names import Namer
    from game.ui.text import wrap_text

    app = silent_app(lang)
    for seats in ((P, AST), (P, AST, AST), (P, AST, AST, AST, AST)):
        for mission in range(1, 9):
            config = caza(*seats, mission=mission)
            namer = Namer(lambda: app.loc, Match(config, 1), lambda: ())
            brief = B.BriefingScene(app, config, namer, captain=1)
            size, gap = brief.bullets_fit()
            assert size >= theme.TEXT_MIN
            step_px = round(fonts.get(size).get_linesize() * B.LINE_GAP / 1.15)
            lines = brief.lines()
            rows = sum(len(wrap_text(line, size, B.bullet_rect(0).width)) for line in lines)
            bottom = B.LEFT.top + 50 + rows * step_px + gap * (len(lines) - 1)
            assert bottom <= B.LEFT.bottom - 8, (seats, mission, bottom)


def test_the_news_rows_end_clear_of_the_home_panel() -> None:
    row = fonts.get(theme.TEXT_MIN).get_height()
    assert L.NEWS_Y + L.NEWS_STEP + row + 10 <= L.MINE_TOP
    assert L.CHIPS_Y + L.CHIP + 4 <= L.NEWS_Y  # the values to name stay above them
    assert L.MODES_Y + L.MODE_H + 2 <= L.CHIPS_Y


def test_boom_never_covers_the_news(silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    build(app, "1R1-1338", "boom")
    scene = app.stack.top
    assert isinstance(scene, CazaTableScene)
    boom = scene.t("cazabombas.story.boom")
    floaters = [f for f in scene.stage.floaters if f.text == boom]
    assert floaters
    for floater in floaters:
        text = fit_line(boom, floater.size or BOOM_SIZE, L.MIDDLE.width, theme.DANGER, True)
        for t in (0.0, 0.5, 1.0):
            centre_y = max(text.get_height() // 2 + 6, round(floater.at[1] - 12 * t))
            back = text.get_rect(center=(round(floater.at[0]), centre_y)).inflate(16, 6)
            assert back.bottom <= L.NEWS_Y, (back, L.NEWS_Y)
