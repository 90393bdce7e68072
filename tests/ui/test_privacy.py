"""Privacy at a hot-seat table, on the real screens (dummy driver, real key presses).

Each check plays the same script on two tables that differ only in something one person may
not know, and compares what the screen shows frame by frame (the pixels of the window) and the
texts it draws:

- two tables that differ only in a hidden hand draw identical frames until its owner confirms
  the curtain (the deal, the curtain, the other person's whole turn in between);
- where a person hides a bomb never reaches another person's screen: the frames after it are
  identical for two positions, and neither the position nor "Nth from the top" (es, en, pt) is
  drawn or logged for the other person or in the public log;
- with two people, a reaction window nobody answers lasts the same number of frames, and looks
  the same, whether or not the person who did not play holds a nope.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.i18n import load
from game.match.flow import Pace
from game.match.match import Match
from game.rules.bombdeck import cards as C
from game.rules.bombdeck import events as E
from game.ui.bombdeck.hide_bomb import HideBombScene
from game.ui.bombdeck.log import log_lines
from game.ui.bombdeck.table import TableScene
from game.ui.locale import ordinal
from tests.ui.conftest import click, key
from tests.ui.privacy import PrivacyScreen, TextSpy
from tests.ui.test_table import card_centre

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
DT = 1 / 30
PACE = Pace(machine_delay=0.05, machine_window_delay=3.0, window_seconds=1.0)
PRIVATE = frozenset((C.BOMB, C.DEFUSE, C.NOPE))
"""Cards never swapped between a hand and the deck (they change what a screen may say)."""


# --------------------------------------------------------------------------- tables


def first_seed(config: GameConfig, fits: Callable[[Match], bool]) -> int:
    for seed in range(1, 2000):
        if fits(Match(config, seed)):
            return seed
    raise AssertionError("no seed fits")


def swap_with_deck_bottom(match: Match, seat: int, cards: Callable[[str], bool]) -> int:
    """Swap every card of ``seat``'s hand that ``cards`` picks with a different card from the
    bottom of the deck (never drawn in these tests). Counts stay the same, so the public view
    does not change; returns how many cards were swapped."""
    state = match._state
    hand, deck = state.hands[seat], state.deck
    used: set[int] = set()
    for i, card in enumerate(hand):
        if not cards(card):
            continue
        j = next(k for k in range(len(deck) // 2)
                 if k not in used and deck[k] != card and deck[k] not in PRIVATE)
        hand[i], deck[j] = deck[j], hand[i]
        used.add(j)
    swapped = len(used)
    assert state.card_count() == state.total_cards
    return swapped


# --------------------------------------------------------------------------- the screen


class Screen(PrivacyScreen):
    """One app showing one match; every frame's pixels (hashed) and the texts it drew."""

    scene: TableScene

    def __init__(self, folder: Path, match: Match, lang: str = "en") -> None:
        super().__init__(folder, match, lambda app, match: TableScene(app, match, pace=PACE),
                         SPY, lang)

    def turn_of(self, seat: int) -> Callable[[], bool]:
        def ready() -> bool:
            scene = self.scene
            return (self.app.stack.top is scene and not scene.busy and self.app._guard <= 0
                    and scene.flow.awaiting_person == seat and scene.private_ok)
        return ready

    def press(self, k: int) -> None:
        key(k)
        self.step()


SPY = TextSpy()
"""Every text the screens render (``fonts.render`` is every text's way to the screen)."""


@pytest.fixture(autouse=True)
def _record_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    SPY.install(monkeypatch)
    yield
    del SPY.drawn[:]


@pytest.fixture
def screens(tmp_path: Path) -> Iterator[Callable[..., Screen]]:
    opened: list[Screen] = []

    def open_screen(match: Match, lang: str = "en") -> Screen:
        if opened:  # one app at a time: pygame's window and queue are shared
            opened[-1].close()
        folder = tmp_path / str(len(opened))
        folder.mkdir()
        screen = Screen(folder, match, lang)
        opened.append(screen)
        return screen

    yield open_screen
    if opened:
        opened[-1].close()


# --------------------------------------------------------------------------- the curtain


HOT = GameConfig("bombazo", (P, P, AST))


def _safe_top(match: Match) -> bool:
    return match._state.deck[-1] not in PRIVATE


def _curtain_script(screen: Screen, hidden: int) -> int:
    """The deal, A's curtain, A draws, B's curtain; returns the frame at which ``hidden``'s
    owner confirms (after it the tables may differ), and plays a few frames more."""
    screen.until(screen.curtain_for(0))
    screen.step(20)  # the curtain stays up: still nothing of either hand
    if hidden == 0:
        confirmed = len(screen.frames)
    screen.press(pygame.K_RETURN)
    screen.until(screen.turn_of(0))
    screen.press(pygame.K_SPACE)  # A draws (a safe card: the same on both tables)
    screen.until(screen.curtain_for(1))
    screen.step(20)
    if hidden == 1:
        confirmed = len(screen.frames)
    screen.press(pygame.K_RETURN)
    screen.until(screen.turn_of(1))
    screen.step(5)
    return confirmed


@pytest.mark.parametrize("hidden", [0, 1], ids=["first-persons-hand", "second-persons-hand"])
def test_a_hidden_hand_changes_no_frame_until_its_owner_confirms(
        screens: Callable[..., Screen], hidden: int) -> None:
    seed = first_seed(HOT, _safe_top)
    twin = Match(HOT, seed)
    assert swap_with_deck_bottom(twin, hidden, lambda c: c not in PRIVATE) >= 3
    assert twin._state.hands[hidden] != Match(HOT, seed)._state.hands[hidden]

    runs = []
    for match in (Match(HOT, seed), twin):
        screen = screens(match)
        confirmed = _curtain_script(screen, hidden)
        runs.append((confirmed, screen.frames, screen.texts))
    (at, frames, texts), (at_twin, frames_twin, texts_twin) = runs
    assert at == at_twin
    assert frames[:at] == frames_twin[:at], "a hidden hand changed what the screen showed"
    assert texts[:at] == texts_twin[:at]
    # The check can see a hand: once its owner confirms, the two tables do differ.
    assert frames[at:] != frames_twin[at:]


# --------------------------------------------------------------------------- a hidden bomb


BOMB_FIRST = GameConfig("bombazo", (P, P, AST))


def _bomb_on_top(match: Match) -> bool:
    state = match._state
    return state.deck[-1] == C.BOMB and C.NOPE not in state.hands[1]


def _hide_script(screen: Screen, position: int) -> int:
    """A draws the bomb and hides it ``position`` cards down with ←/→ and Enter; B confirms the
    curtain and looks at the table. Returns the first frame after A's choice."""
    screen.until(screen.curtain_for(0))
    screen.press(pygame.K_RETURN)
    screen.until(screen.turn_of(0))
    screen.press(pygame.K_SPACE)
    screen.until(lambda: isinstance(screen.app.stack.top, HideBombScene)
                 and screen.app._guard <= 0)
    picker = screen.app.stack.top
    assert isinstance(picker, HideBombScene)
    for _ in range(position):
        key(pygame.K_RIGHT)
    screen.step()
    assert picker.position == position
    screen.press(pygame.K_RETURN)
    after = len(screen.frames)
    screen.until(screen.curtain_for(1))
    screen.step(10)
    screen.press(pygame.K_RETURN)
    screen.until(screen.turn_of(1))
    screen.step(30)
    return after


def _forbidden(lang: str, position: int) -> list[str]:
    loc = load(lang)
    nth = ordinal(loc, position + 1)
    return [nth, loc.t("hide.where_nth", nth=nth)]


def _card_at(match: Match, position: int) -> str:
    """The card ``position`` places from the top of the deck."""
    deck = match._state.deck
    return deck[len(deck) - 1 - position]


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
def test_the_hidden_bomb_position_never_reaches_the_other_person(
        screens: Callable[..., Screen], lang: str) -> None:
    seed = first_seed(BOMB_FIRST, _bomb_on_top)
    position = 4  # "5th from the top": no seat is called 4 or 5 at a three-seat table
    match = Match(BOMB_FIRST, seed)
    screen = screens(match, lang)
    after = _hide_script(screen, position)
    hider = match.feed_for(0)
    assert [e.event.position for e in hider if isinstance(e.event, E.BombHidden)] == [position]
    assert _card_at(match, position) == C.BOMB

    # what B's screen and the public log may say
    drawn = {text for frame in screen.texts[after:] for text in frame}
    secrets = _forbidden(lang, position)
    for text in drawn:
        for secret in secrets:
            assert secret not in text, f"{secret!r} drawn after the bomb was hidden: {text!r}"
    namer = screen.scene.namer
    for viewer in (1, 2, None):
        feed = match.feed_for(viewer)
        hidden = [item.event for item in feed if isinstance(item.event, E.BombHidden)]
        assert hidden and all(event.position is None for event in hidden)
        lines = [text for text, _event in log_lines(namer, feed, viewer, keep=1000)]
        for line in lines:
            for secret in secrets:
                assert secret not in line
            names = [namer.seat(seat) for seat in range(3)]
            bare = line
            for name in names:
                bare = bare.replace(name, "")
            assert not re.search(rf"\b{position}\b|\b{position + 1}\b", bare), line
    # B's log panel is on screen, with the public line (a long line wraps: rows in a row)
    on_screen = " ".join(screen.texts[-1])
    b_log = log_lines(namer, match.feed_for(1), 1)
    hid = [text for text, event in b_log if isinstance(event, E.BombHidden)]
    assert hid and hid[0] in on_screen


def test_the_other_person_sees_the_same_frames_wherever_the_bomb_went(
        screens: Callable[..., Screen]) -> None:
    seed = first_seed(BOMB_FIRST, _bomb_on_top)
    runs = []
    for position in (2, 6):
        screen = screens(Match(BOMB_FIRST, seed))
        after = _hide_script(screen, position)
        runs.append((after, screen.frames, screen.texts))
    (at, frames, texts), (at_other, frames_other, texts_other) = runs
    assert at == at_other and len(frames) == len(frames_other)
    assert frames[:at - 1] != frames_other[:at - 1]  # A's picker showed two places
    assert frames[at:] == frames_other[at:], "where the bomb went changed B's screen"
    assert texts[at:] == texts_other[at:]


# --------------------------------------------------------------------------- window length


TWO = GameConfig("bombazo", (P, P))
OPENERS = ("shuffle", "skip", "see_future")


def _opens_with_b_holding_a_nope(match: Match) -> bool:
    hands = match._state.hands
    return (any(card in hands[0] for card in OPENERS) and C.NOPE not in hands[0]
            and C.NOPE in hands[1] and _safe_top(match))


def _window_script(screen: Screen) -> tuple[int, int]:
    """A plays a card by clicking it and its Play button; nobody nopes. Returns the frame the
    card was played and the frame the window closed."""
    screen.until(screen.curtain_for(0))
    screen.press(pygame.K_RETURN)
    screen.until(screen.turn_of(0))
    scene = screen.scene
    card = next(c for c in OPENERS if c in scene.hand.cards)
    click(card_centre(scene, card))
    screen.step()
    assert scene.panel is not None
    play = scene.panel.primary()
    assert play is not None
    click(play.rect.center)
    screen.step()
    played = len(screen.frames)
    assert screen.match.pending().is_window
    screen.until(lambda: not screen.match.pending().is_window)
    return played, len(screen.frames)


def test_a_window_lasts_as_long_whoever_holds_a_nope(screens: Callable[..., Screen]) -> None:
    seed = first_seed(TWO, _opens_with_b_holding_a_nope)
    without = Match(TWO, seed)
    assert swap_with_deck_bottom(without, 1, lambda c: c == C.NOPE) >= 1
    assert C.NOPE not in without._state.hands[1]
    runs = []
    for match in (Match(TWO, seed), without):
        screen = screens(match)
        played, closed = _window_script(screen)
        events = [item.event for item in match.feed_for(None)]
        assert E.WindowClosed(False) in events
        assert not any(isinstance(event, E.Noped) for event in events)
        runs.append((played, closed, screen.frames))
    (played, closed, frames), (played_w, closed_w, frames_w) = runs
    assert (played, closed) == (played_w, closed_w), "the window's length told who holds a nope"
    assert closed - played >= round(PACE.window_seconds / DT)  # it ran its full length
    assert frames[played:closed] == frames_w[played:closed]
