"""Events told as motion: each event of the feed becomes a beat on the table's timeline.

Dealing at the start, drawing (the card slides to the hand and flips only for its owner),
playing (an arc to the pile, or to hover over it while a reaction window is open), a nope
slamming on top, cards travelling between hands, the explosion (flash, shake, smoke, the badge
goes dark, a beat of silence) and the bomb sliding back into the deck.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

from game.rules.bombdeck import events as E
from game.rules.bombdeck.view import BombView
from game.ui.bombdeck.anim import Point, Timeline
from game.ui.bombdeck.hand import HandFan
from game.ui.bombdeck.layout import (
    DECK,
    DISCARD,
    HAND,
    HOVER_SPOT,
    SHOW_SPOT,
    TableLayout,
    pile_point,
)
from game.ui.bombdeck.moments import (
    BOOM_TIME,
    PASS_TIME,
    SAVED_TIME,
    SHOW_TIME,
    WIN_TIME,
    Moment,
)
from game.ui.bombdeck.names import Namer
from game.ui.bombdeck.palette import BOOM, HOT, SAVED
from game.ui.cards import HOVER_SCALE
from game.ui.fx import Particles
from game.ui.tween import DEAL_DURATION, DEAL_GAP, ease_in_cubic, ease_in_out

PLAY_TIME = 0.42
DRAW_TIME = 0.42
SILENCE = 0.6
"""The beat of silence after an explosion."""
PEEK_TIME = 1.6
PEEK_X, PEEK_Y = 737.0, 330.0
"""Where the top cards are shown to the one who peeks (the middle of the table)."""


class Stage(Protocol):
    """What the story needs from the table scene."""

    timeline: Timeline
    layout: TableLayout
    hand: HandFan
    particles: Particles
    shown: BombView
    """The view on screen (it lags the match until the timeline settles)."""
    dealt: dict[int, int] | None
    """During the deal: how many cards each seat has received so far."""

    def sound(self, name: str) -> None: ...

    def boom(self, at: Point) -> None: ...

    def darken(self, seat: int) -> None: ...

    def fall(self) -> None:
        """The person on screen has exploded: their hand fades away, the blast is bigger."""
        ...

    def thump(self) -> None: ...

    def stamp(self, cancelled: bool) -> None: ...

    def show_moment(self, moment: Moment) -> None:
        """Put a moment over the table (its band, its lit badges) while its beat plays."""
        ...

    @property
    def namer(self) -> Namer: ...

    @property
    def you(self) -> int | None:
        """The seat the screen speaks to as "you" now (``None``: nobody's, the public)."""
        ...

    @property
    def faces_home(self) -> bool:
        """Whether the home hand is shown face up (its owner is looking)."""
        ...


def _in_front(stage: Stage, seat: int) -> Point:
    """A spot in front of a seat where a drawn bomb is shown to everyone."""
    if seat == stage.layout.home:
        return (float(HAND.centerx), float(HAND.top - 110))
    x, y = stage.layout.seat_point(seat)
    return (x, y + 150)


def _leave_hand(stage: Stage, card: str) -> Point:
    """Take ``card`` out of the drawn home hand; where it was."""
    hand = stage.hand
    skip = dict(hand.leaving)
    for i, held in enumerate(hand.cards):
        if held != card:
            continue
        if skip.get(card, 0) > 0:
            skip[card] -= 1
            continue
        rect = hand.rect_of(i)
        hand.leaving[card] += 1
        if rect is not None:
            return (float(rect.centerx), float(rect.centery))
        break
    return stage.layout.seat_point(stage.layout.home)


def _source(stage: Stage, seat: int, card: str | None) -> Point:
    if seat == stage.layout.home and stage.faces_home and card is not None:
        return _leave_hand(stage, card)
    return stage.layout.seat_point(seat)


def _hand_slot(stage: Stage, card: str) -> Point:
    """Where a card arriving in the home hand will rest (the hand is kept sorted)."""
    cards = sorted((*stage.hand.cards, card))
    return stage.hand.slot_of(cards.index(card)) if stage.hand.cards or cards else \
        stage.layout.seat_point(stage.layout.home)


class Story:
    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self._handlers: dict[type, Callable[[Any], float]] = {
            E.CardPlayed: self._played, E.Noped: self._noped, E.WindowClosed: self._closed,
            E.CardDrawn: self._drawn, E.BombDrawn: self._bomb, E.BombHidden: self._hidden,
            E.PlayerExploded: self._exploded, E.CardTaken: self._taken,
            E.FutureSeen: self._future, E.DeckShuffled: self._shuffled,
            E.ShieldSpent: self._shield_spent, E.GameOver: self._over,
        }

    # --- the deal ------------------------------------------------------------------------------

    def deal(self, counts: list[int]) -> None:
        """Every seat's cards fly from the deck one by one, ~80 ms apart, round by round."""
        stage = self.stage

        def beat() -> float:
            stage.dealt = {seat: 0 for seat in range(len(counts))}
            stage.hand.shown_count = 0
            deck = pile_point(DECK)
            seats = len(counts)
            last = 0.0
            for k in range(max(counts, default=0)):
                for seat, n in enumerate(counts):
                    if k >= n:
                        continue
                    delay = k * DEAL_GAP + seat * (DEAL_GAP / max(1, seats))
                    last = max(last, delay)
                    home = seat == stage.layout.home
                    end = stage.hand.slot_of(k) if home else stage.layout.seat_point(seat)
                    stage.timeline.fly(
                        None, deck, end, DEAL_DURATION, delay=delay, hold=False,
                        scale=(1.0, 1.0 if home else 0.45), fade_out=not home,
                        on_done=partial(self._landed, seat))
            return last + DEAL_DURATION + 0.05

        stage.timeline.add(beat)

    def _landed(self, seat: int) -> None:
        stage = self.stage
        if stage.dealt is not None:
            stage.dealt[seat] = stage.dealt.get(seat, 0) + 1
            if seat == stage.layout.home:
                stage.hand.shown_count = stage.dealt[seat]
        if seat == 0:
            stage.sound("draw")

    # --- events --------------------------------------------------------------------------------

    def tell(self, ev: E.BombEvent) -> None:
        stage = self.stage
        handler = self._handlers.get(type(ev))
        if handler is not None:
            stage.timeline.add(partial(handler, ev))

    def _played(self, ev: E.CardPlayed) -> float:
        stage = self.stage
        stage.sound("play")
        reactions = stage.shown.reactions
        n = len(ev.cards)
        for k, card in enumerate(ev.cards):
            start = _source(stage, ev.seat, card)
            if card == "shield":
                end = stage.layout.seat_point(ev.seat)
                stage.timeline.fly(card, start, end, PLAY_TIME, arc=60, hold=False,
                                   scale=(1.0, 0.5), fade_out=True)
                continue
            spread = (k - (n - 1) / 2) * 26
            if reactions:
                end = (HOVER_SPOT[0] + spread, float(HOVER_SPOT[1]))
            else:
                end = (pile_point(DISCARD)[0] + spread * 0.3, pile_point(DISCARD)[1])
            stage.timeline.fly(card, start, end, PLAY_TIME, delay=k * 0.06, arc=110,
                               scale=(1.0, 1.12 if reactions else 1.0), angle=(-14.0, 0.0))
        return PLAY_TIME + 0.06 * (n - 1) + 0.05

    def _noped(self, ev: E.Noped) -> float:
        stage = self.stage
        stage.sound("nope")
        start = stage.layout.seat_point(ev.seat)
        if ev.seat == stage.layout.home and stage.faces_home:
            start = _leave_hand(stage, "nope")
        offset = 10.0 * ev.nopes
        end = (HOVER_SPOT[0] + offset, HOVER_SPOT[1] + offset * 0.6)
        stage.timeline.fly("nope", start, end, 0.34, arc=70, scale=(1.6, 1.12),
                           angle=(18.0, -6.0 + 4 * ev.nopes), ease=ease_in_cubic,
                           on_done=stage.thump)
        return 0.5

    def _closed(self, ev: E.WindowClosed) -> float:
        self.stage.stamp(ev.cancelled)
        return 0.5

    def _drawn(self, ev: E.CardDrawn) -> float:
        stage = self.stage
        stage.sound("draw")
        start = pile_point(DECK)
        if ev.bottom:
            start = (start[0] - 8, start[1] + 10)
        seen = ev.seat == stage.layout.home and ev.card is not None and stage.faces_home
        if seen and ev.card is not None:
            # Held up large before its owner (never anyone else: only the seat's own feed
            # names the card, and only while that person's hand is shown), then into the hand.
            timeline = stage.timeline
            timeline.allow_skip()
            up = timeline.fly(ev.card, start, SHOW_SPOT, DRAW_TIME, arc=40, flip=True,
                              scale=(1.0, HOVER_SCALE))
            down = timeline.fly(ev.card, SHOW_SPOT, _hand_slot(stage, ev.card), DRAW_TIME,
                                delay=DRAW_TIME + SHOW_TIME, arc=20, ease=ease_in_out,
                                scale=(HOVER_SCALE, 1.0))
            up.hide_when = down.tween
            stage.show_moment(Moment("drawn", timeline.tweens.tween(
                0.0, 1.0, 2 * DRAW_TIME + SHOW_TIME, moves=False)))
            return 2 * DRAW_TIME + SHOW_TIME + 0.04
        end = stage.layout.seat_point(ev.seat)
        small = ev.seat != stage.layout.home
        stage.timeline.fly(None, start, end, DRAW_TIME, arc=30 if small else 40,
                           scale=(1.0, 0.45 if small else 1.0), hold=False, fade_out=True)
        return DRAW_TIME + 0.04

    def _who(self, key: str, seat: int, **params: object) -> str:
        """A moment's line about ``seat``: "you" when the screen speaks to that seat."""
        namer = self.stage.namer
        if seat == self.stage.you:
            return namer.t(f"{key}_you", **params)
        return namer.t(key, player=namer.seat(seat), **params)

    def _bomb(self, ev: E.BombDrawn) -> float:
        """The bomb comes up from the deck and stays in front of its seat. Defused: "Saved!",
        the defuse flies from the hand to meet it, snips, and goes to the pile (then the
        picker). Not defused: the explosion's beat follows."""
        stage = self.stage
        timeline = stage.timeline
        timeline.allow_skip()
        spot = _in_front(stage, ev.seat)
        stage.sound("draw")
        timeline.fly("bomb", pile_point(DECK), spot, 0.45, arc=50, flip=True,
                     scale=(1.0, 1.25), hold=True)
        if not ev.defused:
            return 0.8
        namer = stage.namer
        stage.show_moment(Moment(
            "saved", timeline.tweens.tween(0.0, 1.0, SAVED_TIME - 0.35, delay=0.35,
                                           moves=False),
            namer.t("moment.saved"),
            self._who("moment.saved_by", ev.seat, defuse=namer.card("defuse")), SAVED,
            (ev.seat,), spot[1]))

        def snip() -> None:
            stage.sound("defuse")
            stage.particles.sparks(spot, 36, color=(120, 230, 140))

        meet = (spot[0] + 30, spot[1] + 10)
        start = _source(stage, ev.seat, "defuse")
        to_bomb = timeline.fly("defuse", start, meet, 0.45, delay=0.55, arc=90,
                               scale=(1.0, 1.25), angle=(0.0, -12.0), on_done=snip)
        to_pile = timeline.fly("defuse", meet, pile_point(DISCARD), 0.4, delay=1.45, arc=60,
                               scale=(1.25, 1.0), angle=(-12.0, 0.0))
        to_bomb.hide_when = to_pile.tween
        return SAVED_TIME

    def _hidden(self, ev: E.BombHidden) -> float:
        stage = self.stage
        start = _in_front(stage, ev.seat)
        stage.timeline.fly(None, start, pile_point(DECK), 0.55, arc=20, ease=ease_in_out,
                           hold=False, fade_out=True)
        stage.sound("draw")
        return 0.6

    def _exploded(self, ev: E.PlayerExploded) -> float:
        """Flash, shake, smoke where the bomb was, the badge goes dark and a band names who
        (your own: your hand fades away, the shake is bigger, the screen's edges burn and the
        band says you are out and what comes next); then, for someone else's, a beat of
        silence (the view on screen changes when the beat ends)."""
        stage = self.stage
        timeline = stage.timeline
        timeline.allow_skip()
        spot = _in_front(stage, ev.seat)
        timeline.flights = [f for f in timeline.flights if f.card != "bomb"]  # gone in smoke
        stage.sound("explosion")
        stage.boom(spot)
        stage.darken(ev.seat)
        mine = ev.seat == stage.you
        namer = stage.namer
        if mine:  # the biggest moment of your game: your hand goes, the band says what next
            stage.fall()
        stage.show_moment(Moment(
            "boom", timeline.tweens.tween(0.0, 1.0, BOOM_TIME, moves=False),
            namer.t("moment.boom"), self._who("moment.exploded", ev.seat), BOOM,
            (), spot[1], mine=mine,
            then=namer.t("moment.out_next") if mine and self._others_go_on(ev.seat) else ""))
        # your own: the band already held the table three seconds and said what comes next;
        # a silence after it showed a table with no hand and an old count (the review of
        # issue 20): the table as it now is comes at once
        return BOOM_TIME + (0.0 if mine else SILENCE)

    def _others_go_on(self, seat: int) -> bool:
        """Two seats or more are still in after ``seat`` goes out (else the game ends with
        this explosion: "the others go on" was wrong, review 5)."""
        seats = self.stage.shown.seats
        return sum(1 for other, info in enumerate(seats) if info.alive and other != seat) > 1

    def _taken(self, ev: E.CardTaken) -> float:
        """A steal or a gift: both badges lit, the card rises at the giver and flies to the
        taker (its face only for those two, when they see it)."""
        stage = self.stage
        timeline = stage.timeline
        timeline.allow_skip()
        stage.sound("draw")
        layout = stage.layout
        start = _source(stage, ev.giver, ev.card)
        home_taker = ev.taker == layout.home and stage.faces_home and ev.card is not None
        end = _hand_slot(stage, ev.card) if home_taker and ev.card is not None \
            else layout.seat_point(ev.taker)
        centre = (HOVER_SPOT[0], HOVER_SPOT[1] + 60.0)
        lift = (start[0] + (centre[0] - start[0]) * 0.22,
                start[1] + (centre[1] - start[1]) * 0.22)
        from_hand = ev.giver == layout.home and stage.faces_home
        rise = timeline.fly(ev.card, start, lift, 0.28, scale=(1.0 if from_hand else 0.5, 1.1))
        fly = timeline.fly(ev.card, lift, end, 0.6, delay=0.28, arc=90, ease=ease_in_out,
                           hold=home_taker, scale=(1.1, 1.0 if home_taker else 0.5),
                           fade_out=not home_taker)
        rise.hide_when = fly.tween
        stage.show_moment(Moment("pass", timeline.tweens.tween(0.0, 1.0, PASS_TIME,
                                                               moves=False),
                                 seats=(ev.giver, ev.taker)))
        return PASS_TIME

    def _future(self, ev: E.FutureSeen) -> float:
        stage = self.stage
        deck = pile_point(DECK)
        shown = bool(ev.cards) and ev.seat == stage.layout.home and stage.faces_home
        count = len(ev.cards) if shown else min(3, stage.shown.deck_size)
        for k in range(count):
            card = ev.cards[k] if shown else None
            spot = (PEEK_X + (k - 1) * 170.0, PEEK_Y) if shown \
                else (deck[0] + (k - 1) * 30.0, deck[1] - 30)
            out = stage.timeline.fly(card, deck, spot, 0.3, delay=k * 0.08, flip=shown,
                                     scale=(1.0, 1.3 if shown else 1.0))
            stay = PEEK_TIME if shown else 0.4
            back = stage.timeline.fly(card, spot, deck, 0.3, delay=0.3 + k * 0.08 + stay,
                                      scale=(1.3 if shown else 1.0, 1.0), hold=False,
                                      fade_out=True)
            out.hide_when = back.tween  # it rests in the air until its return takes over
        return 0.3 + (PEEK_TIME if shown else 0.4) + 0.4

    def _shuffled(self, ev: E.DeckShuffled) -> float:
        stage = self.stage
        deck = pile_point(DECK)
        stage.sound("draw")
        for k in range(5):
            dx = (-1) ** k * (40 + 14 * k)
            stage.timeline.fly(None, deck, (deck[0] + dx, deck[1] - 10), 0.18, delay=k * 0.05,
                               hold=False)
            stage.timeline.fly(None, (deck[0] + dx, deck[1] - 10), deck, 0.18,
                               delay=0.18 + k * 0.05, hold=False)
        return 0.65

    def _shield_spent(self, ev: E.ShieldSpent) -> float:
        stage = self.stage
        at = stage.layout.seat_point(ev.seat)
        stage.sound("nope")
        stage.particles.sparks(at, 30, color=(180, 200, 230))
        stage.timeline.fly("shield", at, pile_point(DISCARD), 0.45, arc=70)
        return 0.55

    def _over(self, ev: E.GameOver) -> float:
        """The winner's badge lit and named, then the results."""
        stage = self.stage
        timeline = stage.timeline
        timeline.allow_skip()
        stage.sound("win")
        stage.particles.confetti(stage.layout.seat_point(ev.winner), 90)
        namer = stage.namer
        title = namer.t("moment.win_you") if ev.winner == stage.you \
            else namer.t("moment.wins", player=namer.seat(ev.winner))
        stage.show_moment(Moment("win", timeline.tweens.tween(0.0, 1.0, WIN_TIME, moves=False),
                                 title, "", HOT, (ev.winner,), 0.0))
        return WIN_TIME
