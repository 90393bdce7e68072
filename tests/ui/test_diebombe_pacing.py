"""Die Bombe's pace and its big moments, driven by real pygame events through ``App.step``
(issue 20, points 12 and 13):

- the reveal turns the bids over one by one, lowest first, and lights the winner;
- a round's outcome stays on screen: a readable time against machines (Enter cuts it short),
  until the button or Enter in hot seat (the curtain waits for it);
- machines seal their bids in a quick ripple and take their card soon after the reveal, at
  the speed setting's pace; a table of machines only can be fast-forwarded (its button, or F);
- the first two cards are dealt with a motion;
- the curtain's button says what the person is about to do ("Make my secret bid").
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.match import Match
from game.rules.diebombe import events as E
from game.ui import theme
from game.ui.app import App
from game.ui.diebombe import layout as L
from game.ui.diebombe import paint
from game.ui.diebombe.marks import GOLD, draw_envelope
from game.ui.diebombe.table import DieTableScene
from game.ui.scenes.curtain import CurtainScene
from game.ui.text import draw_text
from tests.ui.conftest import click, key

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
DT = 1 / 60


@pytest.fixture
def make_app(make_app: Callable[..., App]) -> Callable[..., App]:
    def make(lang: str = "en", **settings: object) -> App:
        return make_app(lang, settings=settings, audio=False, persist=False, start=None)

    return make


class Watch:
    """A table stepped frame by frame at 60 FPS with the settings' own pace, remembering when
    (in table seconds) each event of the feed was made."""

    def __init__(self, app: App, match: Match) -> None:
        self.app = app
        self.match = match
        self.scene = DieTableScene(app, match)
        app.stack.push(self.scene)
        self.time = 0.0
        self.seen = match.feed_size
        self.events: list[tuple[float, Any]] = []

    def step(self, draw: bool = False) -> None:
        self.app.step(DT, draw=draw)
        self.time += DT
        for item in self.match.feed_for(None, self.seen):
            self.events.append((self.time, item.event))
        self.seen = self.match.feed_size

    def until(self, ready: Callable[[], bool], seconds: float = 60.0,
              draw: bool = False) -> None:
        end = self.time + seconds
        while self.time < end:
            if ready():
                return
            self.step(draw)
        raise AssertionError(f"not there after {seconds}s (top: {self.app.stack.top!r})")

    def bidding(self) -> bool:
        scene = self.scene
        return (self.app.stack.top is scene and scene.pad is not None and not scene.busy
                and self.app._guard <= 0)

    def bid(self, amount: int) -> None:
        for digit in str(amount):
            key(getattr(pygame, f"K_{digit}"))
        key(pygame.K_RETURN)

    def last(self, kind: type) -> tuple[float, Any] | None:
        found = [(t, ev) for t, ev in self.events if isinstance(ev, kind)]
        return found[-1] if found else None


def _told_since(watch: Watch, before: int) -> bool:
    return any(isinstance(ev, E.BidsRevealed | E.GameOver) for _t, ev in watch.events[before:])


def _round_a_machine_wins(watch: Watch) -> tuple[float, E.BidsRevealed]:
    """Bid 1 round after round until a machine alone bids highest; when its bids turned."""
    for _ in range(15):
        watch.until(watch.bidding)
        before = len(watch.events)
        watch.bid(1)
        watch.until(partial(_told_since, watch, before))
        time, ev = next((t, ev) for t, ev in watch.events[before:]
                        if isinstance(ev, E.BidsRevealed))
        if len(ev.highest) == 1 and ev.highest[0] != 0:
            return time, ev
    raise AssertionError("no machine ever bid highest")


# --- point 13: the machines' pace ------------------------------------------------------------


def test_machines_seal_in_a_ripple_and_take_soon_after_the_reveal(
        make_app: Callable[..., App]) -> None:
    app = make_app()  # normal speed: a machine waits 0.9 s before a move of its own
    watch = Watch(app, Match(GameConfig("diebombe", (P, AST, AST, AST)), 21))
    watch.until(watch.bidding)
    watch.bid(1)
    watch.until(lambda: watch.last(E.BidsRevealed) is not None)
    sealed = next(t for t, ev in watch.events if isinstance(ev, E.BidPlaced) and ev.seat == 0)
    revealed = watch.last(E.BidsRevealed)
    assert revealed is not None
    # three machines' bids after the person's: one quick ripple, not 3 × (0.9 s + the seal)
    assert revealed[0] - sealed <= 1.8, revealed[0] - sealed
    revealed_at, _ev = _round_a_machine_wins(watch)
    watch.until(lambda: any(isinstance(e, E.CardTaken) and t >= revealed_at
                            for t, e in watch.events))
    taken = next(t for t, e in watch.events if isinstance(e, E.CardTaken) and t >= revealed_at)
    # the drumroll, the bids turning over one by one, the winner lit: then the card goes
    assert taken - revealed_at <= 2.8, taken - revealed_at


def test_a_table_of_machines_only_fast_forwards_by_its_button_and_by_f(
        make_app: Callable[..., App]) -> None:
    app = make_app()
    slow = Watch(app, Match(GameConfig("diebombe", (AST, AST, AST)), 5))
    for _ in range(round(12 / DT)):
        slow.step()
    normal_moves = slow.match.moves
    app.stack.reset()
    watch = Watch(app, Match(GameConfig("diebombe", (AST, AST, AST)), 5))
    watch.step(draw=True)
    button = watch.scene.ff_button
    assert button.visible
    for _ in range(20):  # the push's click guard
        watch.step()
    click(button.rect.center)
    watch.step(draw=True)
    assert watch.scene.fast
    for _ in range(round(12 / DT) - 21):
        watch.step()
    assert watch.match.moves >= 2 * normal_moves, (watch.match.moves, normal_moves)
    key(pygame.K_f)
    watch.step()
    assert not watch.scene.fast  # F: back to normal speed


def test_a_person_at_the_table_gets_no_fast_forward(make_app: Callable[..., App]) -> None:
    app = make_app()
    watch = Watch(app, Match(GameConfig("diebombe", (P, AST, AST)), 5))
    watch.until(watch.bidding)
    assert not watch.scene.ff_button.visible


def test_the_first_two_cards_are_dealt_from_the_deck(make_app: Callable[..., App]) -> None:
    app = make_app()
    watch = Watch(app, Match(GameConfig("diebombe", (P, AST, AST)), 8))
    scene = watch.scene
    watch.step(draw=True)
    flights = scene.timeline.flights
    assert len(flights) == 2 and all(f.start == L.point(L.DECK) for f in flights)
    slot = L.faceup_rect(1, 2)
    surface = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H))
    paint.paint_table(surface, scene)
    early = surface.get_at(slot.center)
    watch.until(watch.bidding)
    paint.paint_table(surface, scene)
    assert surface.get_at(slot.center) != early  # the card has landed in its slot


@pytest.mark.parametrize("lang,label", [("en", "Make my secret bid"),
                                        ("es", "Hacer mi puja secreta"),
                                        ("pt", "Fazer meu lance secreto")])
def test_the_curtain_asks_for_a_bid_not_for_cards(make_app: Callable[..., App], lang: str,
                                                  label: str) -> None:
    app = make_app(lang)
    watch = Watch(app, Match(GameConfig("diebombe", (P, P, AST)), 3))
    watch.until(lambda: isinstance(app.stack.top, CurtainScene))
    curtain = app.stack.top
    assert isinstance(curtain, CurtainScene)
    text = curtain.show.text() if callable(curtain.show.text) else curtain.show.text
    assert text == label
    assert CurtainScene(app, 0, "Ana").show_key == "curtain.show"  # other tables: their cards


# --- point 12: the reveal and the round's outcome ----------------------------------------------


def test_the_bids_turn_over_one_by_one_and_the_winner_is_lit(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    watch = Watch(app, Match(GameConfig("diebombe", (P, AST, AST, AST)), 21))
    scene = watch.scene
    envelopes: list[tuple[int, int]] = []
    real = draw_envelope

    def spy(surface: pygame.Surface, rect: pygame.Rect, wobble: float = 0.0) -> None:
        envelopes.append(rect.center)
        real(surface, rect, wobble)

    monkeypatch.setattr(paint, "draw_envelope", spy)
    _revealed_at, ev = _round_a_machine_wins(watch)
    bubbles = {seat: scene.layout.bubble(seat) for seat, bid in enumerate(ev.bids)
               if bid is not None}
    sealed_counts: list[int] = []
    watch.until(lambda: scene.reveal is not None, 2)  # after the last envelope is sealed
    for _ in range(round(3 / DT)):
        envelopes.clear()
        watch.step(draw=True)
        if scene.reveal is None or scene.reveal.grow.done:
            break
        sealed_counts.append(sum(1 for x, y in envelopes
                                 if any(abs(x - bx) < 8 and abs(y - by) < 8
                                        for bx, by in bubbles.values())))
    # every count from all sealed down to none is seen: one bid at a time
    assert set(range(len(bubbles) + 1)) <= set(sealed_counts), sealed_counts
    assert sealed_counts == sorted(sealed_counts, reverse=True)
    # the winner's panel is lit in gold once the last bid (theirs) has turned over
    winner = ev.highest[0]
    watch.until(lambda: scene.reveal is not None and scene.reveal.shown, 5)
    surface = pygame.Surface((theme.SCREEN_W, theme.SCREEN_H))
    paint.paint_table(surface, scene)
    panel = scene.layout.panel(winner)
    assert surface.get_at((panel.centerx, panel.top + 1))[:3] == GOLD


def _dealing(scene: DieTableScene) -> bool:
    """The next round's cards are flying from the deck."""
    deck = L.point(L.DECK)
    return any(f.start == deck and f.tween.started and not f.tween.done
               for f in scene.timeline.flights)


def test_against_machines_the_outcome_stays_readable_and_enter_goes_on(
        make_app: Callable[..., App]) -> None:
    app = make_app()
    watch = Watch(app, Match(GameConfig("diebombe", (P, AST, AST)), 11))
    scene = watch.scene
    revealed_at, _ev = _round_a_machine_wins(watch)
    watch.until(lambda: _dealing(scene), 20)
    # the round's last move (a take, or a bomb) came with the next round's cards: its beats,
    # then the outcome's lines to read, then the deal (not a blink)
    ended_at = next(t for t, ev in watch.events
                    if isinstance(ev, E.RoundStarted) and t > revealed_at)
    assert watch.time - ended_at >= 3.5, watch.time - ended_at
    # the next round: Enter under the outcome deals the next cards at once
    watch.until(watch.bidding, 20)
    watch.bid(1)
    watch.until(lambda: scene.holding, 30)
    assert scene.go_on_button.visible
    held = watch.time
    key(pygame.K_RETURN)
    watch.until(lambda: _dealing(scene), 2)
    assert watch.time - held <= 0.2


def test_in_hot_seat_the_curtain_waits_until_the_outcome_is_read(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app()
    watch = Watch(app, Match(GameConfig("diebombe", (P, P, AST)), 3))
    scene = watch.scene
    drawn: list[str] = []
    real = draw_text

    def spy(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        drawn.append(text)
        rect: pygame.Rect = real(surface, text, *args, **kw)
        return rect

    monkeypatch.setattr(paint, "draw_text", spy)
    for _ in range(round(60 / DT)):  # each person bids behind the curtain until a card is taken
        if scene.holding:
            break
        top = app.stack.top
        if isinstance(top, CurtainScene) and not top.busy and app._guard <= 0:
            key(pygame.K_RETURN)
        elif watch.bidding():
            watch.bid(1 + len(watch.events) % 7)
        elif top is scene and scene.picker is not None and not scene.busy:
            key(pygame.K_RETURN)
        watch.step()
    assert scene.holding
    taken = watch.last(E.CardTaken)
    assert taken is not None
    drawn.clear()
    for k in range(round(20 / DT)):  # twenty seconds: still the outcome, no curtain
        watch.step(draw=k % 20 == 0)
    assert app.stack.top is scene and scene.holding
    assert any("pays" in text or "free" in text for text in drawn), drawn[-20:]
    assert any(text.startswith("Round") and "outcome" in text for text in drawn)
    click(scene.go_on_button.rect.center)
    watch.until(lambda: isinstance(app.stack.top, CurtainScene), 5)
