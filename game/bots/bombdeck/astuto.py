"""Astuto (smart): survives first.

- Avoids a bomb it knows of: a clue says the top card is a bomb, so it escapes (skip, attack,
  draw from a bottom it knows is safe, pass it), shuffles, or fishes for an escape with a steal.
- Peeks (see the future) when the odds that the top card is a bomb are high.
- Steals (pair, favor, swipe) when it lacks a defuse, from the seat a random steal most likely
  takes one from; a trio naming a defuse from a seat whose 🧯 marker proves one never misses,
  so it plays that one even with a defuse in hand.
- Keeps escape cards for the end: it spends one on an unknown top card only when the odds are
  high and no defuse would save it; with a defuse it draws, since a defused bomb is a weapon.
- Nopes plays that hurt it: a favor, pair, trio or swipe aimed at it, an attack or pass onto it,
  and an escape from a bomb it knows is on top when that bomb would come its way.
- Hides a drawn bomb where it hurts: on top when the next seat shows no 🧯 marker, else in front
  of the first seat that shows none; never in its own path while it still owes turns.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.bots.bombdeck.base import (
    ESCAPES,
    clockwise_from,
    distance,
    give_cheapest,
    next_alive,
    top_odds,
    unknown_bomb_odds,
)
from game.core.config import SeatKind
from game.core.rng import Pcg32
from game.rules.bombdeck import actions as A
from game.rules.bombdeck import cards as C
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.view import BombView, PublicPlay


class _Moves:
    """The legal plays of one decision, sorted into what the strategy asks about."""

    __slots__ = ("draw", "pairs", "plays", "trios")

    def __init__(self, legal: Sequence[Action]) -> None:
        self.draw: Action | None = None
        self.plays: dict[str, list[Action]] = {}
        self.pairs: dict[str, list[Action]] = {}
        self.trios: dict[str, list[Action]] = {}
        for action in legal:
            verb = action.verb
            if verb == A.DRAW:
                self.draw = action
                continue
            if verb == A.PLAY:
                bucket = self.plays
            elif verb == A.PAIR:
                bucket = self.pairs
            elif verb == A.TRIO:
                bucket = self.trios
            else:
                continue
            card = action.card or ""
            group = bucket.get(card)
            if group is None:
                bucket[card] = [action]
            else:
                group.append(action)

    def play(self, card: str) -> Action | None:
        group = self.plays.get(card)
        return group[0] if group else None


class Astuto:
    """The smart machine player. The class attributes are its tuned thresholds."""

    __slots__ = ()

    level = SeatKind.ASTUTO

    peek_at = 0.20
    """Peek when the top card's odds of being a bomb reach this."""
    escape_bare_at = 0.45
    """Spend an escape on an unknown top card at these odds when holding no defuse…"""
    escape_defused_at = 1.1
    """…and at these odds when a defuse would save it (never: a defused bomb is a weapon)."""
    attack_owed_at = 1.1
    """Owing two turns or more, an attack ends them all: spend one at these odds (never)."""

    # ----------------------------------------------------------------- entry point

    def choose(self, view: BombView, legal: Sequence[Action], rng: Pcg32) -> Action | None:
        if not legal:
            return None
        phase = view.phase
        if phase == "react":
            return legal[0] if self.wants_nope(view) else None
        if len(legal) == 1:
            return legal[0]
        if phase == "give":
            return give_cheapest(view, legal)
        if phase == "place_bomb":
            return self.hide_bomb(view, legal)
        return self.play(view, _Moves(legal), legal)

    # ----------------------------------------------------------------- the turn

    def play(self, view: BombView, moves: _Moves, legal: Sequence[Action]) -> Action:
        hand = view.hand
        has_defuse = C.DEFUSE in hand

        shield = moves.play(C.SHIELD)
        if shield is not None:
            return shield
        steal = self.steal(view, moves, has_defuse)
        if steal is not None:
            return steal

        top = view.clue_at(0)
        if top == C.BOMB:
            return self.flee(view, moves, has_defuse, legal)
        if top is not None:
            return self.draw_or(moves, legal)

        odds = unknown_bomb_odds(view)
        peek = moves.play(C.SEE_FUTURE)
        if peek is not None and odds >= self.peek_at and view.deck_size > 1:
            return peek
        if view.turns_owed >= 2 and odds >= self.attack_owed_at:
            attack = moves.play(C.ATTACK) or moves.play(C.PASS_IT)
            if attack is not None:
                return attack
        threshold = self.escape_defused_at if has_defuse else self.escape_bare_at
        if odds >= threshold:
            escape = self.escape(view, moves, odds)
            if escape is not None:
                return escape
        return self.draw_or(moves, legal)

    def draw_or(self, moves: _Moves, legal: Sequence[Action]) -> Action:
        if moves.draw is not None:
            return moves.draw
        # Only a test position lacks a deck; any legal move will do.
        return legal[0]

    def flee(self, view: BombView, moves: _Moves, has_defuse: bool,
             legal: Sequence[Action]) -> Action:
        """The top card is a bomb this seat knows of."""
        escape = self.escape(view, moves, 1.0)
        if escape is not None:
            return escape
        shuffle = moves.play(C.SHUFFLE)
        if shuffle is not None:
            return shuffle
        if not has_defuse:
            fish = self.fish(view, moves)
            if fish is not None:
                return fish
        return self.draw_or(moves, legal)

    def escape(self, view: BombView, moves: _Moves, odds: float) -> Action | None:
        """The cheapest card that ends this turn without drawing the top card: the bottom card
        when its odds beat the top's (it keeps the skip and brings a card; measured better than
        skipping first), else a skip (an attack first when owing two or more)."""
        draw_bottom = moves.play(C.DRAW_BOTTOM)
        if draw_bottom is not None and view.deck_size > 1:
            bottom = view.clue_at(view.deck_size - 1)
            if bottom is not None:
                bottom_odds = 1.0 if bottom == C.BOMB else 0.0
            else:
                bottom_odds = unknown_bomb_odds(view)
            if bottom_odds < odds:
                return draw_bottom
        if view.turns_owed >= 2:
            order = (C.ATTACK, C.PASS_IT, C.SKIP)
        else:
            order = (C.SKIP, C.ATTACK, C.PASS_IT)
        for card in order:
            action = moves.play(card)
            if action is not None:
                return action
        return None

    # ----------------------------------------------------------------- stealing

    def steal_target(self, view: BombView, candidates: list[int], has_defuse: bool,
                     shields_matter: bool = False) -> int:
        """Without a defuse, the seat a random steal most likely takes one from; with one, the
        seat with the most cards."""
        seats = view.seats

        def score(seat: int) -> tuple[float, int, int]:
            info = seats[seat]
            blocked = 1 if shields_matter and info.shield else 0
            odds = info.defuses_proven / info.cards if info.cards else 0.0
            primary = 0.0 if has_defuse else odds
            return (-blocked + primary, info.cards, -distance(view, seat))

        return max(candidates, key=score)

    def steal(self, view: BombView, moves: _Moves, has_defuse: bool) -> Action | None:
        seats = view.seats
        # A trio naming a defuse from a seat whose marker proves one cannot miss.
        for group in moves.trios.values():
            marked = [a for a in group
                      if a.named == C.DEFUSE and a.target is not None
                      and seats[a.target].defuses_proven > 0]
            if marked:
                return max(marked, key=lambda a: (seats[a.target or 0].defuses_proven,
                                                   -distance(view, a.target or 0)))
        if has_defuse:
            return None  # keep pairs and favors to fish with once the defuse is gone
        for group in moves.pairs.values():
            return self._aimed(view, group, has_defuse)
        for card in (C.SWIPE, C.FAVOR):
            plays = moves.plays.get(card)
            if plays:
                return self._aimed(view, plays, has_defuse, card == C.SWIPE)
        return None

    def fish(self, view: BombView, moves: _Moves) -> Action | None:
        """Trapped above a bomb with no escape: any steal might bring one."""
        for card in (C.SWIPE, C.FAVOR):
            group = moves.plays.get(card)
            if group:
                return self._aimed(view, group, False, card == C.SWIPE)
        return None

    def _aimed(self, view: BombView, group: list[Action], has_defuse: bool,
               shields_matter: bool = False) -> Action:
        by_target = {a.target: a for a in group if a.target is not None}
        if not by_target:
            return group[0]
        target = self.steal_target(view, list(by_target), has_defuse, shields_matter)
        return by_target[target]

    # ----------------------------------------------------------------- hiding a bomb

    def hide_position(self, view: BombView) -> int:
        size = view.deck_size
        remaining = max(0, view.turns_owed - 1)
        seats = view.seats
        for k, seat in enumerate(clockwise_from(view, view.seat)):
            position = remaining + k
            if position > size:
                break
            if seats[seat].defuses_proven == 0:
                return position
        return min(remaining, size)

    def hide_bomb(self, view: BombView, legal: Sequence[Action]) -> Action:
        position = self.hide_position(view)
        for action in legal:
            if action.position == position:
                return action
        return legal[-1]

    # ----------------------------------------------------------------- reactions

    def wants_nope(self, view: BombView) -> bool:
        pending = view.pending
        if pending is None:
            return False
        me = view.seat
        stands = pending.nopes % 2 == 0
        if pending.seat == me:
            return not stands and self.play_matters(view, pending)
        return stands and self.hurts(view, pending)

    def hurts(self, view: BombView, pending: PublicPlay) -> bool:
        """Would this play, if it acts, cost this seat enough to spend a nope on it?"""
        me = view.seat
        verb = pending.verb
        target = pending.target
        if verb == A.PAIR:
            return target == me
        if verb == A.TRIO:
            return target == me and pending.named in view.hand
        card = pending.cards[0] if pending.cards else ""
        if card in (C.FAVOR, C.SWIPE):
            if target != me:
                return False
            return not (card == C.SWIPE and view.seats[me].shield)
        if card in (C.ATTACK, C.PASS_IT) and next_alive(view, pending.seat) == me:
            return not (card == C.PASS_IT and view.seats[me].shield)
        if card in ESCAPES or card == C.SHUFFLE:
            # The player escapes a bomb this seat knows is on top: make it face the bomb.
            return view.clue_at(0) == C.BOMB and pending.seat == view.current
        return False

    def play_matters(self, view: BombView, pending: PublicPlay) -> bool:
        """Is this seat's own play, now noped, worth a nope to restore?"""
        card = pending.cards[0] if pending.cards else ""
        if card in ESCAPES or card == C.SHUFFLE:
            if view.clue_at(0) == C.BOMB:
                return True
            return C.DEFUSE not in view.hand and top_odds(view) >= self.escape_bare_at
        return pending.verb == A.TRIO and pending.named == C.DEFUSE


ASTUTO = Astuto()
choose = ASTUTO.choose
