"""Die Bombe's events told as motion on the table's timeline.

- a sealed bid: an envelope pops up on its seat (never a number);
- the reveal, the drumroll moment: the envelopes shake to a drumroll, the bids turn over one
  by one from the lowest (the highest last), and the winner's number grows and stays lit (a
  tie: the tied numbers grow and they bid again);
- a card taken: it flies from the middle to its row, with "−17" (or "free") rising from the
  seat; a bomb taken waits on its seat;
- a bomb played: it flies to the card it covers and goes off (flash, shake, smoke), then the
  bomb and the covered card crumple aside onto the pile of cards out of the game;
- a card nobody takes, or a bomb with nothing to cover: it crumples aside;
- the round's outcome: once its cards are taken (and its bombs played), who paid what and
  took which card stays in the middle until the next person is ready (hot seat: a key or the
  button) or for a time one can read it in (one person, or only machines: the key cuts it
  short), and only then does the next round come, or the curtain;
- the next round (and the first, as the table opens): two cards fly from the deck and turn
  over;
- the end: a fanfare and confetti, then the final scoring line by line.

While the beats play, the table keeps drawing the view from before them; what has flown away
is hidden (``hidden_faceup``, ``hidden_chips``, ``bombs_gone``) and what has landed holds
its spot until the timeline settles and the new view takes over. A round's outcome is the
exception: it swaps in the view as it is now (rows, totals, scores counted) with the next
round's cards still hidden, so what is read there is already true.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.rules.diebombe import cards as C
from game.rules.diebombe import events as E
from game.ui.diebombe import layout as L
from game.ui.diebombe.anim import Point
from game.ui.diebombe.marks import FACE_SIZE, draw_chip
from game.ui.tween import Tween, ease_out_back

if TYPE_CHECKING:
    from game.ui.diebombe.table import DieTableScene

SEAL_TIME = 0.25
DRUM_TIME = 0.5
FLIP_TIME = 0.25
FLIP_GAP = 0.18
"""The bids turn over one after another, this far apart: each number can be read."""
GROW_TIME = 0.45
REVEAL_HOLD = 0.2
REVEAL_READ = 3.0
"""In hot seat the revealed bids stand this long (at normal speed) once the winner's number
has grown, before the curtain comes down on them: everybody bid in secret, and this is the
moment they see who bid what (a key or a click goes on sooner)."""
OUTCOME_SECONDS = 3.2
"""A round's outcome stays this long (at normal speed) when nobody needs to hand the mouse
on: long enough to read two lines, and Enter cuts it short."""
WAIT_FOREVER = 86_400.0
"""In hot seat the outcome waits for the button (or Enter): the next person says when."""
TAKE_TIME = 0.55
CRUMPLE_TIME = 0.6
BOMB_FLIGHT = 0.55
TURN_UP_TIME = 0.45
SMALL_BOMB = (40, 56)
"""A bomb crumpling aside."""


@dataclass
class Reveal:
    """The reveal on screen: the event, the drumroll, each bid's flip (in the order they turn
    over) and the growth of the highest."""

    event: E.BidsRevealed
    drum: Tween
    flips: dict[int, Tween]
    grow: Tween

    def turned(self, seat: int) -> bool:
        """``seat``'s number has turned over."""
        flip = self.flips.get(seat)
        return flip is None or flip.t >= 0.5

    @property
    def shown(self) -> bool:
        """Every number has turned over."""
        return all(flip.t >= 0.5 for flip in self.flips.values())


@dataclass
class Outcome:
    """A round's outcome held on screen: its events (cards taken, left, bombed: told as the
    news tells them), its round, and the hold's clock (``waits``: until the button)."""

    events: tuple[E.DieEvent, ...]
    round: int
    clock: Tween
    waits: bool
    last: bool


def turn_order(ev: E.BidsRevealed) -> list[int]:
    """The seats whose bids turn over, lowest bid first (the highest last: the drumroll ends
    on the winner)."""
    bids = [(bid, seat) for seat, bid in enumerate(ev.bids) if bid is not None]
    return [seat for _bid, seat in sorted(bids)]


@dataclass
class Floater:
    """A short text rising from a seat ("−17", "free")."""

    text: str
    at: Point
    tween: Tween
    color: tuple[int, int, int]


def bomb_spot(count: int, index: int) -> Point:
    """Where the ``index``-th of ``count`` bombs taken this round waits to be played: in the
    middle of the table, where the face-up cards were."""
    return L.point(L.faceup_rect(index, count))


class Story:
    def __init__(self, scene: DieTableScene) -> None:
        self.scene = scene
        self.arrivals: dict[tuple[int, int], int] = {}
        """Cards landed in a row during the beats not yet settled."""
        self.bombs_waiting: list[tuple[int, Point]] = []
        """Bombs taken during the beats not yet settled: (seat, where they wait)."""
        self.round_events: list[E.DieEvent] = []
        """What the round in progress has done so far (its outcome, shown before the next
        round comes); kept while the timeline settles between people's decisions."""
        self._handlers: dict[type, Callable[[Any], float]] = {
            E.BidPlaced: self._sealed, E.BidsRevealed: self._revealed,
            E.CardTaken: self._taken, E.CardLeft: self._left, E.BombPlayed: self._bombed,
            E.RoundStarted: self._turned_up, E.GameOver: self._over,
        }

    def reset(self) -> None:
        """The timeline settled: the view on screen is the match's again."""
        self.arrivals.clear()
        self.bombs_waiting.clear()

    def tell(self, event: E.DieEvent) -> None:
        if isinstance(event, E.RoundStarted | E.GameOver) and self.round_events:
            events, self.round_events = tuple(self.round_events), []
            self.scene.timeline.add(partial(self._hold, events,
                                            isinstance(event, E.GameOver)))
        elif isinstance(event, E.CardTaken | E.CardLeft | E.BombPlayed):
            self.round_events.append(event)
        handler = self._handlers.get(type(event))
        if handler is not None:
            self.scene.timeline.add(partial(handler, event))
        if isinstance(event, E.BidsRevealed):
            self.scene.timeline.add(self._read)

    def first_deal(self) -> None:
        """A new game: the first two cards fly from the deck and turn over, as every round's
        do (the table opens on the view that already holds them: hidden until they land)."""
        scene = self.scene
        view = scene.shown
        scene.hidden_faceup.update(range(len(view.faceup)))
        self.tell(E.RoundStarted(view.round, view.faceup))

    # --- helpers -------------------------------------------------------------------------------

    def _face(self, card: str) -> Callable[[], pygame.Surface]:
        return lambda: self.scene.face(card)

    def _from_middle(self, card: str) -> Point:
        """The face-up card ``card`` leaves its slot; where it was."""
        scene = self.scene
        shown = scene.shown.faceup
        for index, held in enumerate(shown):
            if held == card and index not in scene.hidden_faceup:
                scene.hidden_faceup.add(index)
                return L.point(L.faceup_rect(index, len(shown)))
        return L.point(L.DECK)

    def _row_spot(self, seat: int, card: str) -> pygame.Rect:
        """Where a card arriving in ``seat``'s row lands (after those already there), as
        big as the row's chips will be."""
        scene = self.scene
        name = C.color_of(card)
        color = C.COLORS.index(name) if name is not None else 0
        count = sum(1 for c in scene.shown.won[seat] if C.color_of(c) == name)
        key = (seat, color)
        index = count + self.arrivals.get(key, 0)
        self.arrivals[key] = self.arrivals.get(key, 0) + 1
        return scene.layout.chip_rect(seat, color, index, index + 1)

    def _crumple(self, card: str, start: Point, size: tuple[int, int], delay: float = 0.0,
                 on_done: Callable[[], None] | None = None) -> None:
        scene = self.scene
        scene.timeline.fly(self._face(card), start, L.point(L.SET_ASIDE), CRUMPLE_TIME,
                           (size, (L.SET_ASIDE.width, L.SET_ASIDE.height)), delay=delay,
                           arc=50, hold=False, crumple=True, spin=220.0, on_done=on_done)

    def _float(self, seat: int, text: str, color: tuple[int, int, int]) -> None:
        scene = self.scene
        panel = scene.layout.panel(seat)
        tween = scene.timeline.tween(1.1, moves=False)
        scene.floaters.append(Floater(text, (float(panel.centerx), float(panel.top + 20)),
                                      tween, color))

    # --- events --------------------------------------------------------------------------------

    def _sealed(self, ev: E.BidPlaced) -> float:
        scene = self.scene
        scene.sealing[ev.seat] = scene.timeline.tween(SEAL_TIME, ease=ease_out_back)
        scene.sound("play", 0.5)
        return SEAL_TIME

    def _revealed(self, ev: E.BidsRevealed) -> float:
        scene = self.scene
        timeline = scene.timeline
        scene.sound("drumroll")
        drum = timeline.tween(DRUM_TIME, moves=False)
        order = turn_order(ev)
        flips = {}
        for k, seat in enumerate(order):
            last = k == len(order) - 1
            flips[seat] = timeline.tween(
                FLIP_TIME, DRUM_TIME + k * FLIP_GAP, moves=False,
                on_done=partial(scene.sound, "play", 1.0 if last else 0.55))
        turned = DRUM_TIME + max(0, len(order) - 1) * FLIP_GAP + FLIP_TIME
        grow = timeline.tween(GROW_TIME, turned, ease=ease_out_back)
        scene.reveal = Reveal(ev, drum, flips, grow)
        return turned + GROW_TIME + REVEAL_HOLD

    def _read(self) -> float:
        """The revealed bids stand to be read (hot seat: ``scene.reveal_seconds``), with
        the time left shrinking under the banner; a key or a click goes on sooner."""
        scene = self.scene
        seconds = scene.reveal_seconds()
        if seconds <= 0 or scene.reveal is None:
            return 0.0
        scene.read_clock = scene.timeline.tween(seconds, moves=False, ease=lambda t: t)
        scene.timeline.allow_skip()
        return seconds

    def _hold(self, events: tuple[E.DieEvent, ...], last: bool) -> float:
        """The round's outcome stays on screen (a click, Enter or Space goes on)."""
        scene = self.scene
        round_number = scene.shown.round
        scene.show_after_round()
        seconds = scene.outcome_seconds()
        length = WAIT_FOREVER if seconds is None else seconds
        clock = scene.timeline.tween(length, moves=False, ease=lambda t: t)
        scene.outcome = Outcome(events, round_number, clock, seconds is None, last)
        scene.timeline.allow_skip()
        return length

    def _taken(self, ev: E.CardTaken) -> float:
        scene = self.scene
        start = self._from_middle(ev.card)
        scene.sound("draw")
        if ev.card == C.BOMB:
            count = max(1, scene.shown.faceup.count(C.BOMB))
            end = bomb_spot(count, len(self.bombs_waiting))
            self.bombs_waiting.append((ev.seat, end))
            scene.timeline.fly(self._face(C.BOMB), start, end, TAKE_TIME, (FACE_SIZE, FACE_SIZE),
                               arc=40, spin=360.0)
        else:
            spot = self._row_spot(ev.seat, ev.card)
            letter = scene.namer.letter(C.color_of(ev.card))
            scene.timeline.fly(self._face(ev.card), start, L.point(spot), TAKE_TIME,
                               (FACE_SIZE, spot.size), arc=60,
                               landed=partial(draw_chip, ev.card, letter, spot.size))
        if ev.paid:
            self._float(ev.seat, f"−{ev.paid}", (255, 150, 130))
        else:
            self._float(ev.seat, scene.namer.t("diebombe.free"), (150, 230, 160))
        return TAKE_TIME + 0.1

    def _left(self, ev: E.CardLeft) -> float:
        scene = self.scene
        scene.sound("crumple")
        if ev.why == "no_target":
            start = self._next_bomb()
            self._crumple(C.BOMB, start, FACE_SIZE)
        else:
            self._crumple(ev.card, self._from_middle(ev.card), FACE_SIZE)
        return CRUMPLE_TIME + 0.05

    def _next_bomb(self) -> Point:
        """The bomb that goes next leaves the middle; where it waited."""
        scene = self.scene
        if self.bombs_waiting:
            _seat, spot = self.bombs_waiting.pop(0)
            scene.bombs_gone += 1
            return spot
        bombers = scene.shown.bombers
        index = scene.bombs_gone
        scene.bombs_gone += 1
        return bomb_spot(max(1, len(bombers)), min(index, max(0, len(bombers) - 1)))

    def _bombed(self, ev: E.BombPlayed) -> float:
        scene = self.scene
        start = self._next_bomb()
        target = scene.chip_of(ev.target, ev.covered)
        covered_size = scene.chip_rect_of(ev.target, ev.covered).size

        def boom() -> None:
            scene.hidden_chips.add((ev.target, ev.covered))
            scene.boom(target)
            self._crumple(ev.covered, target, covered_size, 0.15)
            self._crumple(C.BOMB, target, SMALL_BOMB, 0.2)

        scene.sound("draw")
        scene.timeline.fly(self._face(C.BOMB), start, target, BOMB_FLIGHT,
                           (FACE_SIZE, (64, 90)), arc=140, hold=False, spin=-30.0,
                           on_done=boom)
        return BOMB_FLIGHT + 0.2 + CRUMPLE_TIME + 0.35

    def _turned_up(self, ev: E.RoundStarted) -> float:
        scene = self.scene
        scene.outcome = None
        scene.sound("draw")
        back = scene.back
        for index, card in enumerate(ev.faceup):
            end = L.point(L.faceup_rect(index, len(ev.faceup)))
            scene.timeline.fly(self._face(card), L.point(L.DECK), end, TURN_UP_TIME,
                               ((L.DECK.width, L.DECK.height), FACE_SIZE), delay=index * 0.12,
                               arc=30, flip=True, back=back)
        return TURN_UP_TIME + 0.12 * (len(ev.faceup) - 1) + 0.05

    def _over(self, ev: E.GameOver) -> float:
        scene = self.scene
        scene.outcome = None
        scene.sound("win")
        for seat, place in enumerate(ev.places):
            if place == 1:
                scene.particles.confetti(scene.layout.seat_point(seat), 70)
        scene.start_sheet()
        return 1.0
