"""Die Bombe around its table: offered on the new-game screen (3–6 seats, its machine levels,
both options), its rules page and legend, the results' note, every screenshot state in the
three languages with no missing text, and letters that tell the colours apart in each."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.i18n import LANGUAGES, MISSING_OPEN, read_catalog
from game.rules.codes import encode
from game.ui import fonts, theme
from game.ui.diebombe.kit import KIT, legend
from game.ui.icons import ICONS, icon_surface
from game.ui.registry import on_screen, shot_names, ui_kit_for
from game.ui.scenes.new_game import NETWORK
from game.ui.scenes.rules import RulesScene, rule_lines
from game.ui.screenshot import render_scene_to_png
from tests.ui.conftest import click, frames
from tests.ui.probes import TableStub
from tests.ui.test_new_game import click_arrow, open_new_game, start

K = SeatKind
CODE = encode(GameConfig("diebombe", (K.PERSON, K.ASTUTO, K.DESPIADADO, K.LANZADO)), 4004)
SIX = encode(GameConfig("diebombe", (K.PERSON, K.ASTUTO, K.DESPIADADO, K.LANZADO, K.ASTUTO,
                                     K.DESPIADADO), frozenset({"any_card_bombed",
                                                               "green_majority_doubles"})), 77)
STATES = ("table", "bid", "rebid", "reveal", "take", "bomb", "curtain", "history",
          "scoring")


def test_the_kit_is_registered_with_its_states() -> None:
    assert "diebombe" in on_screen() and ui_kit_for("diebombe") is KIT
    assert set(STATES) <= set(KIT.shots) and set(STATES) <= set(shot_names())


def test_the_new_game_screen_offers_die_bombe_with_its_seats_levels_and_options(
        stubbed_app: Any) -> None:
    app = stubbed_app
    scene = open_new_game(app)
    while scene.game != "diebombe":
        click_arrow(app, scene.game_choice, +1)
    assert [n for n, _ in scene.count_choice.options] == [3, 4, 5, 6]
    kinds = [kind for kind, _ in scene.seat_choices[0].options]
    assert kinds == [K.PERSON, K.LANZADO, K.ASTUTO, K.DESPIADADO, K.MAESTRO, NETWORK]
    shown = {name: w for (game, name), w in scene.option_widgets.items() if w.visible}
    assert set(shown) == {"any_card_bombed", "green_majority_doubles"}
    assert not scene.reaction.enabled  # no reaction window in Die Bombe
    rows = sorted(w.rect.top for w in shown.values())
    assert rows[1] - rows[0] >= 52 and rows[1] + 52 <= scene.reaction.rect.top - 40
    click(shown["green_majority_doubles"].rect.center)
    frames(app, 2)
    for _ in range(5):
        click_arrow(app, scene.count_choice, +1)
    assert scene.count == 6
    match = start(app, scene)
    assert match.config.game == "diebombe" and match.config.seat_count == 6
    assert match.config.options == frozenset({"green_majority_doubles"})
    assert isinstance(app.stack.top, TableStub)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_option_texts_and_a_rules_page_in_our_own_words(lang: str) -> None:
    texts = read_catalog(lang)
    for option in ("any_card_bombed", "green_majority_doubles"):
        assert texts[f"newgame.{option}"] and texts[f"newgame.{option}_desc"]
    assert texts["rules.diebombe.title"] == "Die Bombe"
    lines = sorted(int(key.rsplit(".", 1)[1]) for key in texts
                   if re.fullmatch(r"rules\.diebombe\.\d+", key))
    assert lines == list(range(1, len(lines) + 1)) and 8 <= len(lines) <= 12
    page = " ".join(str(texts[f"rules.diebombe.{n}"]) for n in lines)
    assert "40" in page and "Die Bombe" in page  # the bid range; the name stays


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_two_different_colour_letters(lang: str) -> None:
    texts = read_catalog(lang)
    red, green = texts["diebombe.letter.red"], texts["diebombe.letter.green"]
    assert red != green and 1 <= len(str(red)) <= 2 and 1 <= len(str(green)) <= 2


def test_the_rules_page_shows_the_legend_of_marks(make_app: Any) -> None:
    app = make_app("es")
    rules = RulesScene(app, "diebombe")
    app.stack.push(rules)
    frames(app, 3)
    assert rule_lines(app.loc, "diebombe")
    entries = legend("diebombe")
    assert [icon for icon, _key in entries][:2] == ["diebombe_red", "diebombe_green"]
    unknown = pygame.image.tobytes(icon_surface("no_such_icon", (40, 40), (0, 0, 0)), "RGBA")
    for icon, label in entries:
        assert icon in ICONS and not app.loc.t(label).startswith(MISSING_OPEN)
        drawn = pygame.image.tobytes(icon_surface(icon, (40, 40), (0, 0, 0)), "RGBA")
        assert drawn != unknown  # its own picture, not the "?"


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
    """Every line fitted to a width by making its letters smaller than ``TEXT_MIN`` (LOOK.md:
    nothing below 18 px): ``fit_line`` narrows a line first and shrinks it only past that."""
    import game.ui.widgets
    from game.ui import text as text_module
    from game.ui.diebombe import bidpad, history, marks, paint, sheet

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

    for module in (text_module, game.ui.widgets, bidpad, history, marks, paint, sheet):
        if hasattr(module, "fit_line"):
            monkeypatch.setattr(module, "fit_line", spy)
    yield found


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("code", [CODE, SIX], ids=["four", "six"])
def test_every_state_renders_in_every_language_readable_and_with_no_missing_text(
        tmp_path: Path, state: str, lang: str, code: str, texts: list[str],
        shrunk: list[tuple[str, float]]) -> None:
    out = render_scene_to_png(state, tmp_path / f"{state}.png", lang, settle=0.2, code=code)
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)
    assert texts and not [t for t in texts if MISSING_OPEN in t]
    assert not shrunk, f"text smaller than {theme.TEXT_MIN} px: {shrunk}"
    assert not pygame.display.get_init()


def test_the_results_show_scores_places_and_what_each_seat_paid(make_app: Any,
                                                                texts: list[str]) -> None:
    from game.match.match import Match
    from game.ui.scenes.results import ResultsScene

    app = make_app("en")
    match = Match(GameConfig("diebombe", (K.PERSON, K.ASTUTO, K.LANZADO)), 9)
    match.play_to_end(K.ASTUTO)
    app.stack.push(ResultsScene(app, match))
    frames(app, 3)
    outcome = match.outcome()
    minus = match.view_for(-1).minus
    assert outcome.scores is not None and sorted(p or 0 for p in outcome.places) == [1, 2, 3]
    for seat in range(3):
        if outcome.places[seat] != 1:
            points = f"{outcome.scores[seat]} points"
            assert f"{points} · paid {minus[seat]}" in texts


def test_the_readability_check_sees_a_line_squeezed_too_small(
        make_app: Any, shrunk: list[tuple[str, float]]) -> None:
    from game.ui import gfx, text

    make_app("en")
    surface = gfx.Canvas((200, 40))
    text.draw_text(surface, "Fits", (0, 0), theme.TEXT_MIN, max_width=190)
    assert shrunk == []
    text.draw_text(surface, "A sentence far too long for forty pixels", (0, 0),
                   theme.TEXT_MIN, max_width=40)
    assert shrunk and shrunk[0][0].startswith("A sentence")
