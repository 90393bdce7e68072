"""Another person's wires never reach the screen at a hot-seat Caza Bombas table (real
frames, dummy driver, real key presses).

Two deals differ only in the wires of person B, the Captain (two wires swapped between B's
two stands, each stand sorted again: the same counts, so the public table is the same). Both
tables play the same script: B places the setup token behind the curtain, the machine places
its own, A's curtain, A's whole setup turn, then B's curtain for the first cut. From the frame
after B's token until B confirms that curtain, every frame is pixel-identical and draws the
same texts; B's own frames before and after differ (the test can see a difference).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.match.match import Match
from game.rules.cazabombas.wires import is_blue
from game.ui.cazabombas import art
from game.ui.cazabombas.table import CazaTableScene
from tests.ui.conftest import key
from tests.ui.privacy import PrivacyScreen, TextSpy

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
HOT = GameConfig("cazabombas", (P, P, AST), frozenset({"mission1"}))
A_SEAT, B_SEAT = 0, 1
DT = 1 / 30
PACE = Pace(machine_delay=0.2, machine_window_delay=0.2, window_seconds=1.0)
SPY = TextSpy()
"""Every text the screens render (``fonts.render`` is every text's way to the screen)."""


@pytest.fixture(autouse=True)
def _record_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    SPY.install(monkeypatch)
    # every tile drawn afresh each frame, so the texts recorded are the texts on screen
    # (a face kept from an earlier frame would draw no text)
    monkeypatch.setattr(art._TILES, "get", lambda key: None)
    yield
    del SPY.drawn[:]


def captained_by_b() -> int:
    for seed in range(1, 500):
        if Match(HOT, seed).view_for(-1).captain == B_SEAT:
            return seed
    raise AssertionError("no seed makes B the Captain")


def swapped(match: Match) -> Match:
    """``match`` with one wire of B's first stand swapped for a different one of B's second
    stand (both stands sorted again), the first wire of the first stand left where it is."""
    state = match._state
    first, second = state.seat_stands[B_SEAT]
    keys_a, keys_b = state.keys[first], state.keys[second]
    for i in range(1, len(keys_a)):
        for j in range(len(keys_b)):
            if keys_a[i] == keys_b[j]:
                continue
            new_a = sorted([*keys_a[:i], keys_b[j], *keys_a[i + 1:]])
            new_b = sorted([*keys_b[:j], keys_a[i], *keys_b[j + 1:]])
            if new_a[0] == keys_a[0] and is_blue(new_a[0]):
                state.keys[first], state.keys[second] = new_a, new_b
                assert not match.invariant_violations()
                return match
    raise AssertionError("no swap keeps B's first wire")


class Screen(PrivacyScreen):
    """One app showing one match; every frame's pixels (hashed) and the texts it drew."""

    scene: CazaTableScene

    def __init__(self, folder: Path, match: Match, lang: str = "en") -> None:
        super().__init__(folder, match, lambda app, match: CazaTableScene(
            app, match, pace=PACE, briefing=False), SPY, lang)

    def deciding(self, seat: int) -> Callable[[], bool]:
        def ready() -> bool:
            scene = self.scene
            return (self.app.stack.top is scene and not scene.busy and self.app._guard <= 0
                    and scene.aim is not None and scene.flow.viewer == seat)
        return ready


def _script(screen: Screen) -> tuple[int, int, int]:
    """B's token, the machine's, A's token, B's curtain; returns the frames where B's token
    was placed, where B's curtain came down and where B confirmed it."""
    screen.until(screen.curtain_for(B_SEAT))
    key(pygame.K_RETURN)
    screen.step()
    screen.until(screen.deciding(B_SEAT))
    screen.step(5)
    key(pygame.K_RETURN)  # the token on B's first blue wire
    screen.step()
    placed = len(screen.frames) - 1
    screen.until(screen.curtain_for(A_SEAT))
    screen.step(10)
    key(pygame.K_RETURN)
    screen.step()
    screen.until(screen.deciding(A_SEAT))
    screen.step(5)
    key(pygame.K_RIGHT)
    key(pygame.K_RETURN)  # A's token
    screen.step()
    screen.until(screen.curtain_for(B_SEAT))
    curtain = len(screen.frames) - 1
    screen.step(10)
    key(pygame.K_RETURN)
    screen.step()
    confirmed = len(screen.frames) - 1  # the frame that took B's Enter shows B's wires
    screen.until(screen.deciding(B_SEAT))
    screen.step(3)
    return placed, curtain, confirmed


def test_another_persons_wires_change_no_frame_until_they_look(tmp_path: Path) -> None:
    seed = captained_by_b()
    runs = []
    for k, change in enumerate((False, True)):
        folder = tmp_path / str(k)
        folder.mkdir()
        match = Match(HOT, seed)
        if change:
            swapped(match)
        screen = Screen(folder, match)
        try:
            marks = _script(screen)
            runs.append((marks, screen.frames, screen.texts, match.view_for(B_SEAT)))
        finally:
            screen.close()
    (marks, frames, texts, b_view), (marks_b, frames_b, texts_b, b_view_b) = runs
    placed, curtain, confirmed = marks
    assert marks == marks_b, "B's wires changed the timing"
    assert b_view.stands != b_view_b.stands  # the two deals really differ for B
    assert frames[:placed] != frames_b[:placed]  # B saw its own wires
    assert confirmed - placed > 60  # a machine's turn, A's curtain and turn, B's curtain
    assert frames[placed + 1:confirmed] == frames_b[placed + 1:confirmed], \
        "another person's wires reached the screen"
    assert texts[placed + 1:confirmed] == texts_b[placed + 1:confirmed]
    assert curtain < confirmed
    assert frames[confirmed] != frames_b[confirmed]  # B looks again: its own wires
    late = {text for frame in texts[placed + 1:confirmed] for text in frame}
    assert any("Player 1" in text for text in late)  # the texts were recorded


def test_the_views_of_the_others_are_the_same_for_both_deals() -> None:
    seed = captained_by_b()
    plain, changed = Match(HOT, seed), swapped(Match(HOT, seed))
    for seat in (A_SEAT, 2, -1):
        assert plain.view_for(seat) == changed.view_for(seat)
    assert plain.view_for(B_SEAT) != changed.view_for(B_SEAT)
