"""Bomba en el Mazo's own face on the table (issue 20: the demanding reviewer found "nothing of
its own on screen", 7/10):

1. a raised shield (Escudo, Mazo's own card) shows on the seat's badge by its name, beside
   its icon, in every language;
2. the eye on your own badge (how many of your cutters the others know of) says so in words;
3. the place of your clues under the danger meter says what gives them before the first Peek
   (Espiar), and gives way to the clues themselves;
4. Bombazo and Clásico keep their look: none of these words on their tables.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.match.match import Match
from game.ui import gfx, theme
from game.ui.app import App
from game.ui.bombdeck import badges
from game.ui.bombdeck import layout as L
from game.ui.bombdeck.paint import known_words, paint_table
from game.ui.bombdeck.table import TableScene
from game.ui.textaudit import listening
from tests.ui.textspy import Drawn, spy

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
HOLD = Pace(machine_delay=60.0, machine_window_delay=60.0, window_seconds=1.0)
LANGS = ("es", "en", "pt")


@pytest.fixture
def make_app(make_app: Callable[..., App]) -> Callable[..., App]:
    def make(lang: str = "en") -> App:
        return make_app(lang, audio=False, persist=False, start=None)

    return make


def _scene(app: App, game: str, seed: int = 7) -> TableScene:
    scene = TableScene(app, Match(GameConfig(game, (P, AST, AST)), seed), pace=HOLD,
                       deal=False)
    app.stack.push(scene)
    app.step(1 / 60, [], draw=False)
    return scene


def _shielded(scene: TableScene, *seats: int) -> None:
    """``seats`` have a shield up (as a played Escudo leaves it), the rest none."""
    view = scene.shown
    scene.shown = view._replace(seats=tuple(
        info._replace(shield=seat in seats) for seat, info in enumerate(view.seats)))


def _frame(scene: TableScene, monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """One whole frame (no part kept from before: every badge is drawn again)."""
    badges._BADGES.clear()
    drawn = spy(monkeypatch)
    surface = gfx.Canvas((theme.SCREEN_W, theme.SCREEN_H))
    scene._layer = None  # type: ignore[attr-defined]
    paint_table(surface, scene)
    return drawn


@pytest.mark.parametrize("lang", LANGS)
def test_a_raised_shield_shows_its_name_on_the_badge(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    app = make_app(lang)
    scene = _scene(app, "mazo")
    name = scene.namer.card("shield")
    drawn = _frame(scene, monkeypatch)
    assert name not in drawn.strings  # no shield up: no word
    _shielded(scene, 1, 0)
    with listening("table", lang) as heard:
        drawn = _frame(scene, monkeypatch)
    assert name in drawn.strings, sorted(drawn.strings)
    assert not drawn.squeezed(0.9), drawn.squeezed(0.9)
    assert not [f.line() for f in heard.found.values()]


def test_the_shield_is_named_on_its_own_badge(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    """The name is drawn inside the shielded seat's badge, not another's."""
    app = make_app()
    scene = _scene(app, "mazo")
    _shielded(scene, 2)
    name = scene.namer.card("shield")
    where: list[pygame.Rect] = []
    real = badges.fit_line

    def fit(text: str, *args: object, **kw: object) -> pygame.Surface:
        surf: pygame.Surface = real(text, *args, **kw)  # type: ignore[arg-type]
        if text == name:
            where.append(surf.get_rect())
        return surf

    blits: list[pygame.Rect] = []
    draw = badges.draw_badge

    def badge(surface: pygame.Surface, rect: pygame.Rect, info: badges.BadgeInfo,
              *args: object, **kw: object) -> None:
        if info.shield_name == name:
            blits.append(rect)
        draw(surface, rect, info, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(badges, "fit_line", fit)
    from game.ui.bombdeck import paint

    monkeypatch.setattr(paint, "draw_badge", badge)
    _frame(scene, monkeypatch)
    assert where, "the shield's name was not drawn"
    assert blits == [scene.layout.badges()[2]]


@pytest.mark.parametrize("lang", LANGS)
def test_your_eye_says_what_the_others_know_in_words(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    app = make_app(lang)
    scene = _scene(app, "mazo")
    view = scene.shown
    home = scene.home
    # two cutters in your hand, one of them known to the others (a second one drawn unseen)
    seats = list(view.seats)
    seats[home] = seats[home]._replace(defuses_proven=1, shield=False)
    scene.shown = view._replace(seats=tuple(seats),
                                hand=(*[c for c in view.hand if c != "defuse"], "defuse",
                                      "defuse"))
    drawn = _frame(scene, monkeypatch)
    assert known_words(scene.namer, 1, 2) in drawn.strings, sorted(drawn.strings)
    assert not drawn.squeezed(0.9)


@pytest.mark.parametrize("lang", LANGS)
def test_the_clues_place_says_what_gives_clues_then_shows_them(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    app = make_app(lang)
    scene = _scene(app, "mazo")
    assert not scene.shown.clues
    hint = scene.namer.t("mazo.no_clues", card=scene.namer.card("see_future"))
    drawn = _frame(scene, monkeypatch)
    title = scene.namer.t("table.clues")
    assert title in drawn.strings
    words = " ".join(drawn.strings)
    assert all(word in words for word in hint.split()), (hint, sorted(drawn.strings))
    assert scene.namer.card("see_future") in words
    # under the meter, near the deck: the clues' own place
    assert scene.clues_area.colliderect(L.CLUES)
    # a peek: the clues take the place, the hint goes
    scene.shown = scene.shown._replace(clues=((0, "bomb"), (2, "skip")))
    drawn = _frame(scene, monkeypatch)
    assert hint.split()[0] not in " ".join(drawn.strings)
    clue = scene.namer.t("table.clue", nth=scene.namer.ordinal(1),
                         card=scene.namer.card("bomb"))
    assert clue in drawn.strings


@pytest.mark.parametrize("game", ["bombazo", "clasico"])
def test_bombazo_and_clasico_keep_their_look(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, game: str) -> None:
    app = make_app()
    scene = _scene(app, game)
    view = scene.shown
    seats = list(view.seats)
    seats[scene.home] = seats[scene.home]._replace(defuses_proven=1)
    scene.shown = view._replace(seats=tuple(seats),
                                hand=(*[c for c in view.hand if c != "defuse"], "defuse",
                                      "defuse"))
    drawn = _frame(scene, monkeypatch)
    words = " ".join(drawn.strings)
    assert scene.namer.t("table.clues") not in drawn.strings  # no clues: no place for them
    assert known_words(scene.namer, 1, 2) not in words
    assert "1" in drawn.strings  # the eye's plain number, as before
