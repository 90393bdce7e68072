"""Die Bombe's deduction marks on the bid entry (issue 25), driven by real pygame events: the
Settings toggle turns them on, and the bid entry then shows what each face-up card adds to the
expected final score of the person and of each rival, read from the person's own view; off,
the table is drawn exactly as without them."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pygame
import pytest

from game.bots.diebombe import worth as W
from game.match.match import Match
from game.rules.diebombe.view import DieView
from game.ui import fonts
from game.ui.app import App
from game.ui.cache import CACHES
from game.ui.diebombe import paint, shots
from game.ui.diebombe import table as T
from game.ui.diebombe.table import DieTableScene
from game.ui.scenes.settings import SettingsScene
from tests.ui.conftest import click, frames, key

CODE = "PGC-M14-X5R"
"""Four seats: the person against three machines."""


class Heard:
    """A ``fonts.observer`` that keeps every text drawn."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def rendered(self, text: str, size: int) -> None:
        self.texts.append(text)

    def squeezed(self, text: str, size: int, ratio: float) -> None:
        pass

    def cut(self, text: str, size: int) -> None:
        pass


@pytest.fixture
def app(make_app: Callable[..., App]) -> App:
    return make_app("en", wire=True, audio=False)


@pytest.fixture
def bidding(app: App) -> Iterator[DieTableScene]:
    """The person's bid entry open, mid-game, the machines holding still."""
    config, seed = shots._config(CODE)
    match = shots._find(config, seed, shots._bidding)
    scene = shots._table(app, match)
    frames(app, 3)
    assert app.stack.top is scene and scene.pad is not None
    yield scene


def drawn(scene: DieTableScene) -> tuple[pygame.Surface, list[str]]:
    """The table drawn once at a fixed clock (nothing glows differently) and its texts."""
    for cache in CACHES:
        cache.clear()
    fonts.clear()
    heard = Heard()
    before = fonts.observer
    fonts.observer = heard
    try:
        surface = pygame.Surface((1280, 720))
        scene.clock = 0.0
        paint.paint_table(surface, scene)
    finally:
        fonts.observer = before
    return surface, heard.texts


def toggle_marks(app: App) -> None:
    """The Settings' game page, its Deduction marks toggle clicked, and back (Esc)."""
    table = app.stack.top
    settings = SettingsScene(app)
    app.stack.push(settings)
    frames(app, 20)  # past the click guard of the push
    assert settings.marks.visible  # the game page, where it opens
    click(settings.marks.rect.center)
    frames(app, 3)
    key(pygame.K_ESCAPE)
    frames(app, 20)
    assert app.stack.top is table


def test_marks_on_show_each_cards_worth_on_the_bid_entry(app: App,
                                                         bidding: DieTableScene) -> None:
    scene = bidding
    assert not app.settings.marks
    _surface, texts = drawn(scene)
    assert scene.worths() is None
    assert app.loc.t("diebombe.banner.your_bid") in texts
    assert app.loc.t("diebombe.marks.title") not in texts

    toggle_marks(app)
    assert app.settings.marks
    assert scene.pad is not None  # the same bid entry
    worths = scene.worths()
    assert worths is not None
    view: DieView = scene.match.view_for(scene.home)
    assert worths == W.card_worths(view)          # the person's own view, nothing else
    assert [w.card for w in worths] == list(view.faceup)
    _surface, texts = drawn(scene)
    assert app.loc.t("diebombe.marks.title") in texts
    assert app.loc.t("diebombe.banner.your_bid") not in texts  # the board takes its place
    namer = scene.namer
    for card in worths:
        mine = app.loc.t("diebombe.marks.you", n=paint.worth_text(card.to(scene.home)))
        assert mine in texts
        rivals = [seat for seat in range(view.seats) if seat != scene.home]
        each = [app.loc.t("diebombe.marks.rival", player=namer.seat(seat),
                          n=paint.worth_text(card.to(seat))) for seat in rivals]
        top = max(rivals, key=card.to)
        most = app.loc.t("diebombe.marks.top", player=namer.seat(top),
                         n=paint.worth_text(card.to(top)))
        assert all(text in texts for text in each) or most in texts  # a row each, or the top

    toggle_marks(app)
    assert not app.settings.marks and scene.worths() is None
    _surface, texts = drawn(scene)
    assert app.loc.t("diebombe.marks.title") not in texts


def test_marks_off_change_nothing(app: App, bidding: DieTableScene) -> None:
    scene = bidding
    before, _texts = drawn(scene)
    toggle_marks(app)
    on, _texts = drawn(scene)
    assert on.get_view("1").raw != before.get_view("1").raw  # (the test can tell)
    toggle_marks(app)
    after, _texts = drawn(scene)
    assert after.get_view("1").raw == before.get_view("1").raw


def test_the_worth_is_read_from_the_persons_view(app: App, bidding: DieTableScene,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The table hands the valuation a view (the person's), never the match or its state."""
    seen: list[object] = []
    real = W.card_worths

    def spy(view: DieView) -> tuple[W.CardWorth, ...]:
        seen.append(view)
        return real(view)

    monkeypatch.setattr(T, "card_worths", spy)
    toggle_marks(app)
    frames(app, 5)
    drawn(bidding)
    assert seen and all(isinstance(v, DieView) for v in seen)
    assert all(v == bidding.match.view_for(bidding.home) for v in seen)
    assert len(seen) == 1  # valued once for the view, not every frame


def test_worth_is_the_change_in_expected_final_score() -> None:
    """A card's worth to a seat is its expected final score after winning it less now."""
    config, seed = shots._config(CODE)
    match = shots._find(config, seed, shots._bidding)
    view: DieView = match.view_for(match.pending().people[0])
    table = W.Table(view, view.unseen)
    now = table.expected(view.won)
    for card in W.card_worths(view):
        for seat in range(view.seats):
            if card.card != "B":
                after = table.expected(W.give(view.won, seat, card.card))[seat]
                assert card.to(seat) == pytest.approx(after - now[seat])
            assert card.to(seat) == pytest.approx(W.worth(view, seat, card.card))


def test_no_worth_outside_the_bid_entry(app: App, bidding: DieTableScene) -> None:
    toggle_marks(app)
    scene = bidding
    assert scene.worths() is not None
    scene.bid(5)
    frames(app, 3)
    assert scene.pad is None and scene.worths() is None


def test_a_fresh_match_has_marks_off_by_default(app: App) -> None:
    assert not app.settings.marks
    config, seed = shots._config(CODE)
    scene = shots._table(app, Match(config, seed))
    assert scene.worths() is None
