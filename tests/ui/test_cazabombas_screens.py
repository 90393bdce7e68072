"""Caza Bombas around its table: offered on the new-game screen (2–5 seats, its machine levels,
the eight missions as one choice), the briefing (no talking at a hot seat, the campaign
remembered in the settings, another mission), the rules page in our own words with its
legend, the results, and every screenshot state in the three languages with no missing text
and nothing squeezed below 18 px."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.i18n import LANGUAGES, MISSING_OPEN, read_catalog
from game.match.match import Match
from game.rules.codes import encode
from game.ui import fonts, theme
from game.ui.app import App
from game.ui.cazabombas import progress
from game.ui.cazabombas.briefing import BriefingScene, strip_rect
from game.ui.cazabombas.kit import STATES, legend
from game.ui.cazabombas.table import CazaTableScene
from game.ui.icons import ICONS, icon_surface
from game.ui.scenes.new_game import NETWORK
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.rules import RulesScene, rule_lines
from game.ui.screenshot import render_scene_to_png
from game.ui.settings import FILE_NAME, Settings
from tests.ui.conftest import click, frames, key
from tests.ui.probes import TableStub
from tests.ui.test_new_game import click_arrow, open_new_game, start

K = SeatKind
FOUR = encode(GameConfig("cazabombas", (K.PERSON, K.ASTUTO, K.DESPIADADO, K.LANZADO),
                         frozenset({"mission4"})), 1212)
FIVE = encode(GameConfig("cazabombas", (K.PERSON, K.ASTUTO, K.ASTUTO, K.LANZADO, K.ASTUTO),
                         frozenset({"mission8"})), 808)
TWO = encode(GameConfig("cazabombas", (K.PERSON, K.ASTUTO), frozenset({"mission6"})), 66)


def caza(*seats: SeatKind, mission: int = 1) -> GameConfig:
    return GameConfig("cazabombas", seats, frozenset({f"mission{mission}"}))


# --- the new-game screen -------------------------------------------------------------------------


def test_the_new_game_screen_offers_the_missions_as_one_choice(stubbed_app: Any) -> None:
    app = stubbed_app
    scene = open_new_game(app)
    while scene.game != "cazabombas":
        click_arrow(app, scene.game_choice, +1)
    assert [n for n, _ in scene.count_choice.options] == [2, 3, 4, 5]
    kinds = [kind for kind, _ in scene.seat_choices[0].options]
    assert kinds == [K.PERSON, K.LANZADO, K.ASTUTO, K.DESPIADADO, NETWORK]
    shown = {name: w for (game, name), w in scene.option_widgets.items() if w.visible}
    assert set(shown) == {"pick"}
    missions = shown["pick"]
    labels = [str(label() if callable(label) else label) for _value, label in
              missions.options]  # type: ignore[union-attr]
    assert labels[0].startswith("1") and labels[7].startswith("8") and len(labels) == 8
    assert not scene.reaction.enabled
    for _ in range(4):
        click_arrow(app, missions, +1)  # type: ignore[arg-type]
    match = start(app, scene)
    assert match.config.game == "cazabombas" and match.config.options == {"mission5"}
    assert isinstance(app.stack.top, TableStub)


# --- texts ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rules_page_in_our_own_words_states_the_equipment_simplification(lang: str) -> None:
    texts = read_catalog(lang)
    assert texts["rules.cazabombas.title"] == "Caza Bombas"
    lines = sorted(int(key.rsplit(".", 1)[1]) for key in texts
                   if re.fullmatch(r"rules\.cazabombas\.\d+", key))
    assert lines == list(range(1, len(lines) + 1)) and 10 <= len(lines) <= 16
    page = " ".join(str(texts[f"rules.cazabombas.{n}"]) for n in lines)
    word = {"en": "simplification", "es": "simplificación", "pt": "simplificação"}[lang]
    assert word in page.lower()
    assert "N − 1" in page and "12" in page  # the dial; the values one may name
    assert texts["newgame.cazabombas_pick"]
    for n in range(1, 9):
        assert str(texts[f"newgame.mission{n}"]).startswith(str(n))
    for card in ("label_neq", "walkie_talkies", "triple_detector", "post_it", "super_detector",
                 "rewinder", "emergency_batteries", "general_radar", "stabilizer", "x_or_y_ray",
                 "coffee_mug", "label_eq"):
        assert texts[f"cazabombas.eq.{card}.name"] and texts[f"cazabombas.eq.{card}.effect"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_yellow_and_red_have_two_different_letters(lang: str) -> None:
    texts = read_catalog(lang)
    yellow, red = texts["cazabombas.letter.yellow"], texts["cazabombas.letter.red"]
    assert yellow != red and len(str(yellow)) == 1 and len(str(red)) == 1
    assert str(yellow).isalpha() and str(yellow).upper() not in "CDSREN"  # not a mode key


@pytest.fixture
def make_app(make_app: Callable[..., App]) -> Callable[..., App]:
    def make(lang: str = "en", **settings: object) -> App:
        return make_app(lang, settings=settings, audio=False, persist=False, start=None)

    return make


def test_the_rules_page_shows_the_legend(make_app: Callable[..., App]) -> None:
    app = make_app("pt")
    app.stack.push(RulesScene(app, "cazabombas"))
    frames(app, 3)
    assert len(rule_lines(app.loc, "cazabombas")) >= 10
    unknown = pygame.image.tobytes(icon_surface("no_such_icon", (40, 40), (0, 0, 0)), "RGBA")
    entries = legend("cazabombas")
    assert len(entries) >= 8
    for icon, label in entries:
        assert icon in ICONS and not app.loc.t(label).startswith(MISSING_OPEN)
        drawn = pygame.image.tobytes(icon_surface(icon, (40, 40), (0, 0, 0)), "RGBA")
        assert drawn != unknown


# --- the briefing and the campaign ---------------------------------------------------------------


def test_the_briefing_comes_first_and_enter_starts(
        make_app: Callable[..., App], texts: list[str]) -> None:
    app = make_app()
    match = Match(caza(K.PERSON, K.ASTUTO, K.ASTUTO, mission=3), 7)
    table = CazaTableScene(app, match)
    app.stack.push(table)
    frames(app, 2)
    brief = app.stack.top
    assert isinstance(brief, BriefingScene) and match.moves == 0
    frames(app, 2)
    # one person with machines: nobody to talk to, no "no talking" (review 5)
    assert "No talking" not in texts and "Mission 3" in texts
    assert any("red wire" in text for text in texts)
    frames(app, 15)
    key(pygame.K_RETURN)
    frames(app, 2)
    assert app.stack.top is table
    frames(app, 200)
    assert match.moves > 0  # the mission is on


def test_another_mission_from_the_briefing_deals_a_new_table(
        make_app: Callable[..., App]) -> None:
    app = make_app()
    app.settings.cazabombas_progress = [1, 2]
    match = Match(caza(K.PERSON, K.ASTUTO, mission=1), 7)
    table = CazaTableScene(app, match)
    app.stack.push(table)
    frames(app, 20)
    brief = app.stack.top
    assert isinstance(brief, BriefingScene)
    key(pygame.K_RIGHT)
    frames(app)
    assert brief.number == 2
    click(strip_rect(6).center)  # mission 7, not won yet: chosen all the same
    frames(app)
    assert brief.number == 7
    key(pygame.K_RETURN)
    frames(app, 3)
    top = app.stack.top
    assert isinstance(top, CazaTableScene) and top is not table
    assert top.match.config.options == {"mission7"} and top.briefed


def test_esc_on_the_briefing_leaves_for_the_title(make_app: Callable[..., App]) -> None:
    app = make_app()
    app.stack.push(CazaTableScene(app, Match(caza(K.PERSON, K.ASTUTO), 3)))
    frames(app, 20)
    key(pygame.K_ESCAPE)
    frames(app, 2)
    from game.ui.scenes.title import TitleScene

    assert isinstance(app.stack.top, TitleScene)


@pytest.mark.parametrize("bad", ["2", [1, "3"], [0, 4], [9999], {"1": True}, None, 3.5,
                                 [True], list(range(1, 200))])
def test_bad_progress_in_the_settings_falls_back_to_none_with_a_warning(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, bad: object) -> None:
    data = {**Settings(language="es").to_dict(), "cazabombas_progress": bad}
    (tmp_path / FILE_NAME).write_text(json.dumps(data), encoding="utf-8")
    with caplog.at_level(logging.WARNING, "game.ui.settings"):
        loaded = Settings.load(tmp_path)
    assert loaded.cazabombas_progress == [] and loaded.language == "es"
    assert "'cazabombas_progress'" in caplog.text


def test_progress_is_kept_sorted_once_each_and_unknown_missions_are_ignored(
        tmp_path: Path) -> None:
    data = {**Settings().to_dict(), "cazabombas_progress": [3, 1, 3, 42]}
    (tmp_path / FILE_NAME).write_text(json.dumps(data), encoding="utf-8")
    loaded = Settings.load(tmp_path)
    assert loaded.cazabombas_progress == [1, 3, 42]
    assert progress.won(loaded) == {1, 3}


@pytest.mark.parametrize("won", [True, False])
def test_the_results_of_a_team(make_app: Callable[..., App], texts: list[str],
                               won: bool) -> None:
    """A team that won shares the first row, in one sentence rather than "1st" and a list
    (issue 20); a team that lost has none, and the Captain is named beside its seat."""
    app = make_app()
    config = caza(K.PERSON, K.LANZADO, K.LANZADO, mission=3)
    for seed in range(1, 300):
        match = Match(config, seed)
        match.play_to_end(K.LANZADO)
        if match.outcome().team_won is won:
            break
    app.stack.push(ResultsScene(app, match))
    frames(app, 3)
    if won:
        assert "The team defused the bomb!" in texts and "1st" not in texts
        assert "You, Reckless 2 and Reckless 3 won mission 3" in texts
    else:
        assert "The bomb went off." in texts and "1st" not in texts
        assert any(text.startswith("Captain") for text in texts)  # "Captain · 2 mistakes"


# --- every state, every language -----------------------------------------------------------------


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    drawn: list[str] = []
    real = fonts.render

    def spy(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(fonts, "render", spy)
    yield drawn


@pytest.fixture
def shrunk(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, float]]]:
    """Every line fitted to a width by making its letters smaller than ``TEXT_MIN``."""
    import game.ui.widgets
    from game.ui import text as text_module
    from game.ui.cazabombas import briefing, paint

    found: list[tuple[str, float]] = []
    real = text_module.fit_line

    def spy(text: str, size: int, width: int, color: Any, bold: bool = False,
            min_squeeze: float = 0.72) -> pygame.Surface:
        natural = fonts.get(size, bold).size(text)[0]
        if natural > width and width / natural < min_squeeze:
            shown = size * width / (natural * min_squeeze)
            if shown < theme.TEXT_MIN - 0.5:
                found.append((text, round(shown, 1)))
        return real(text, size, width, color, bold, min_squeeze)

    for module in (text_module, game.ui.widgets, paint, briefing):
        if hasattr(module, "fit_line"):
            monkeypatch.setattr(module, "fit_line", spy)
    yield found


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("state", STATES)
def test_every_state_renders_in_every_language_readable_and_with_no_missing_text(
        tmp_path: Path, state: str, lang: str, texts: list[str],
        shrunk: list[tuple[str, float]]) -> None:
    out = render_scene_to_png(state, tmp_path / f"{state}.png", lang, settle=0.2, code=FOUR)
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)
    assert texts and not [t for t in texts if MISSING_OPEN in t]
    assert not shrunk, f"text smaller than {theme.TEXT_MIN} px: {shrunk}"
    assert not pygame.display.get_init()


@pytest.mark.parametrize("code", [FIVE, TWO], ids=["five", "two"])
@pytest.mark.parametrize("state", ["table", "equipment", "briefing", "won"])
def test_other_tables_render_readable(tmp_path: Path, state: str, code: str,
                                      texts: list[str],
                                      shrunk: list[tuple[str, float]]) -> None:
    render_scene_to_png(state, tmp_path / f"{state}.png", "es", settle=0.2, code=code)
    assert texts and not [t for t in texts if MISSING_OPEN in t]
    assert not shrunk, f"text smaller than {theme.TEXT_MIN} px: {shrunk}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_yellow_and_red_values_stay_on_the_board(tmp_path: Path, lang: str) -> None:
    """Mission 6 for two: four yellow and two red values, wider than the board in every
    language; the line is narrowed to fit, so nothing red is drawn right of the board."""
    from game.ui.cazabombas import layout as L
    from game.ui.cazabombas.art import RED_BODY
    from game.ui.cazabombas.paint import COLOURS_TOP

    out = render_scene_to_png("table", tmp_path / "two.png", lang, settle=0.2, code=TWO)
    image = pygame.image.load(str(out))
    y = COLOURS_TOP + 13
    row = [tuple(image.get_at((x, y)))[:3] for x in range(L.BOARD.left, 1280)]
    reds = [x for x, colour in zip(range(L.BOARD.left, 1280), row, strict=True)
            if sum(abs(a - b) for a, b in zip(colour, RED_BODY, strict=True)) < 40]
    assert reds, "the red values are drawn"
    assert max(reds) <= L.BOARD.right, "a red value is drawn off the board"
