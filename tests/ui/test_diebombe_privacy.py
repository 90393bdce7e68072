"""Sealed bids at a hot-seat Die Bombe table, on the real screens (dummy driver, real keys).

Two tables that differ only in the first person's sealed bid play the same script: from the
frame that seals that bid, through the curtain for the second person, the second person's
own bid and the machine's, to the reveal, every frame is pixel-identical and draws the same
texts. The views say the same: another seat's sealed bid is never in them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.match.match import Match
from game.rules.diebombe import events as E
from game.ui.diebombe.table import DieTableScene
from tests.ui.conftest import key
from tests.ui.privacy import PrivacyScreen, TextSpy

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
HOT = GameConfig("diebombe", (P, P, AST))
SEED = 31
DT = 1 / 30
PACE = Pace(machine_delay=0.2, machine_window_delay=0.2, window_seconds=1.0)
SPY = TextSpy()
"""Every text the screens render (``fonts.render`` is every text's way to the screen)."""


@pytest.fixture(autouse=True)
def _record_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    SPY.install(monkeypatch)
    yield
    del SPY.drawn[:]


class Screen(PrivacyScreen):
    """One app showing one match; every frame's pixels (hashed) and the texts it drew."""

    scene: DieTableScene

    def __init__(self, folder: Path, match: Match, lang: str = "en") -> None:
        super().__init__(folder, match, lambda app, match: DieTableScene(app, match, pace=PACE),
                         SPY, lang)

    def bidding(self, seat: int) -> Callable[[], bool]:
        def ready() -> bool:
            scene = self.scene
            return (self.app.stack.top is scene and not scene.busy and self.app._guard <= 0
                    and scene.pad is not None and scene.flow.viewer == seat)
        return ready

    def revealed(self) -> bool:
        return any(isinstance(item.event, E.BidsRevealed) for item in self.match.feed_for(None))

    def type(self, text: str) -> None:
        for char in text:
            key(getattr(pygame, f"K_{char}"))
        self.step()


def _script(screen: Screen, secret: str) -> tuple[int, int]:
    """Person 0 bids ``secret``, person 1 bids 8 behind their own curtain, the machine bids;
    returns the frame that sealed the secret bid and the frame of the reveal."""
    screen.until(screen.curtain_for(0))
    screen.step(10)
    key(pygame.K_RETURN)
    screen.step()
    screen.until(screen.bidding(0))
    screen.type(secret)
    assert screen.scene.pad is not None and screen.scene.pad.value == int(secret)
    key(pygame.K_RETURN)
    screen.step()
    sealed = len(screen.frames) - 1  # the frame the Enter key sealed the bid in
    screen.until(screen.curtain_for(1))
    screen.step(15)  # the curtain stays up: nothing of anybody's bid
    key(pygame.K_RETURN)
    screen.step()
    screen.until(screen.bidding(1))
    screen.step(10)
    screen.type("8")
    key(pygame.K_RETURN)
    screen.step()
    screen.until(screen.revealed)
    return sealed, len(screen.frames) - 1


def test_another_persons_sealed_bid_changes_no_frame_until_the_reveal(tmp_path: Path) -> None:
    runs = []
    for k, secret in enumerate(("5", "37")):
        folder = tmp_path / str(k)
        folder.mkdir()
        match = Match(HOT, SEED)
        screen = Screen(folder, match)
        try:
            sealed, reveal = _script(screen, secret)
            bids = [item.event for item in match.feed_for(None)
                    if isinstance(item.event, E.BidsRevealed)]
            assert bids[0].bids[0] == int(secret)  # the two games really differ
            runs.append((sealed, reveal, screen.frames, screen.texts))
        finally:
            screen.close()
    (sealed, reveal, frames, texts), (sealed_b, reveal_b, frames_b, texts_b) = runs
    assert frames[:sealed] != frames_b[:sealed]  # person 0 saw their own entry change
    assert (sealed, reveal) == (sealed_b, reveal_b), "the sealed bid changed the timing"
    assert reveal - sealed > 40  # a curtain, a bid and a machine's bid in between
    assert frames[sealed:reveal] == frames_b[sealed:reveal], "a sealed bid reached the screen"
    assert texts[sealed:reveal] == texts_b[sealed:reveal]
    late = {text for frame in texts_b[sealed:reveal] for text in frame}
    assert "Your bid: 37" not in late and "37" not in late
    assert any("Player 1" in text for text in late)  # the texts were recorded


def test_the_views_of_the_others_never_hold_a_sealed_bid() -> None:
    match = Match(HOT, SEED)
    match.submit(0, match.legal_for(0)[30])  # a bid of 31
    assert match.view_for(0).my_bid == 31
    for seat in (1, 2, -1):
        view = match.view_for(seat)
        assert view.my_bid is None and view.has_bid[0]
        assert 31 not in [b for reveal in view.reveals for b in reveal if b is not None]
