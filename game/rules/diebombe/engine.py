"""The Die Bombe engine: sealed bids, taking, bombs and scoring, exactly as RULES.md §5 says.

A round: every seat bids in secret (a SECRET decision); the reveal names the highest bidder,
who takes a card and pays (a ONE decision), and the second, who takes the other card for free
without a step; a tie for highest sends the tied seats to a rebid for one card; then every bomb
taken is played on another seat (ONE decisions, the highest bidder's first); then the next two
cards are turned up. Every entry point validates first and mutates after, so an
``IllegalAction`` leaves the state untouched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.core.config import GameConfig
from game.core.engine import OVER, Decision, DecisionKind, Outcome
from game.core.errors import Illegal, IllegalAction, MalformedInput
from game.core.rng import Pcg32
from game.rules.diebombe import actions as A
from game.rules.diebombe import cards as C
from game.rules.diebombe import events as E
from game.rules.diebombe import scoring
from game.rules.diebombe.actions import Action
from game.rules.diebombe.games import MAX_SEATS, MIN_SEATS
from game.rules.diebombe.state import DieState, Phase, RoundRecord
from game.rules.diebombe.view import DieView

GAME = "diebombe"
OPTIONS = frozenset((scoring.ANY_CARD_BOMBED, scoring.GREEN_MAJORITY_DOUBLES))

_new_view = tuple.__new__
"""Builds the view NamedTuple from a tuple of its fields, skipping the generated
``__new__``: a view is built for every machine decision."""

_SHARED: set[int] = {id(action) for action in A.BIDS}
"""Identities of the engine's own actions, well formed by construction (they live for the
whole run, so an identity is never reused)."""
_TAKES: dict[str, Action] = {}
_BOMBS: dict[tuple[int, str | None, str | None], Action] = {}


def _take_action(card: str) -> Action:
    action = _TAKES.get(card)
    if action is None:
        action = _TAKES[card] = A.take(card)
        _SHARED.add(id(action))
    return action


def _bomb_action(target: int, color: str | None, card: str | None) -> Action:
    key = (target, color, card)
    action = _BOMBS.get(key)
    if action is None:
        action = _BOMBS[key] = A.bomb(target, color, card)
        _SHARED.add(id(action))
    return action


def _one_seat(phase: Phase) -> tuple[Decision, ...]:
    return tuple(Decision(DecisionKind.ONE, (seat,), phase.value) for seat in range(MAX_SEATS))


_TAKE_DECISIONS = _one_seat(Phase.TAKE)
_BOMB_DECISIONS = _one_seat(Phase.BOMB)


def check_table(seats: int, options: frozenset[str]) -> None:
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise MalformedInput(f"{GAME} takes {MIN_SEATS}–{MAX_SEATS} seats, not {seats}")
    unknown = sorted(options - OPTIONS)
    if unknown:
        raise MalformedInput(f"{GAME} has no option {unknown[0]!r}")


def rounds_left(deck_size: int) -> int:
    """Rounds still to be turned up from a deck of ``deck_size`` cards (two per round, the
    last alone when one is left)."""
    return (deck_size + 1) // 2


def blank_state(seats: int, options: frozenset[str], seed: int) -> DieState:
    """A table with no cards anywhere, waiting for bids (the deal or a scenario fills it)."""
    state = DieState.__new__(DieState)
    state.options = options
    state.any_card = scoring.ANY_CARD_BOMBED in options
    state.green_doubles = scoring.GREEN_MAJORITY_DOUBLES in options
    state.deck = []
    state.faceup = []
    state.won = [[] for _ in range(seats)]
    state.minus = [0] * seats
    state.set_aside = []
    state.phase = Phase.BID
    state.round = C.ROUNDS
    state.bidders = tuple(range(seats))
    state.bids = [None] * seats
    state.reveals = ()
    state.taker = -1
    state.price = 0
    state.second = -1
    state.bombers = []
    state.history = ()
    state.rng = Pcg32(seed)
    state.total_cards = 0
    return state


def deal(state: DieState) -> None:
    """Shuffle the value cards and turn two face up; shuffle the rest with the bombs face down
    (RULES.md §5, setup): the first round never shows a bomb."""
    rng = state.rng
    values = list(C.VALUE_CARDS)
    rng.shuffle(values)
    first = [values.pop(), values.pop()]
    values.extend([C.BOMB] * C.BOMBS)
    rng.shuffle(values)
    state.deck = values
    state.faceup = first
    state.round = 1
    state.total_cards = state.card_count()


def start(state: DieState) -> None:
    """Open the position a scenario dealt: with nothing face up the top cards are turned up
    (as between two rounds); the round is the one the real game is in with this many cards
    still to come (the last is round 15); a table with no card left to play is over."""
    state.total_cards = state.card_count()
    if not state.faceup and state.deck:
        _turn_up(state)
    state.round = C.ROUNDS - rounds_left(len(state.deck))
    if not state.faceup:
        state.phase = Phase.OVER
        state.bidders = ()
        return
    _open_bidding(state, tuple(range(state.seats)), Phase.BID)


def _turn_up(state: DieState) -> None:
    deck = state.deck
    state.faceup = [deck.pop() for _ in range(min(2, len(deck)))]


def _open_bidding(state: DieState, bidders: tuple[int, ...], phase: Phase) -> None:
    state.phase = phase
    state.bidders = bidders
    state.bids = [None] * len(state.won)


class DieBombeEngine:
    """Die Bombe for 3–6 seats, with the options ``any_card_bombed`` and
    ``green_majority_doubles``."""

    game_ids: tuple[str, ...] = (GAME,)

    # ----------------------------------------------------------------- setup and queries

    def new_game(self, config: GameConfig, seed: int) -> DieState:
        if config.game != GAME:
            raise MalformedInput(f"the Die Bombe engine does not play {config.game!r}")
        check_table(config.seat_count, config.options)
        if not 0 <= config.first < config.seat_count:
            raise MalformedInput(f"first seat {config.first} is not at this table")
        state = blank_state(config.seat_count, config.options, seed)
        deal(state)
        _open_bidding(state, tuple(range(config.seat_count)), Phase.BID)
        return state

    def copy(self, state: DieState) -> DieState:
        return state.copy()

    def is_over(self, state: DieState) -> bool:
        return state.phase is Phase.OVER

    def scores(self, state: DieState) -> list[int]:
        """Every seat's score as if the game ended now."""
        return scoring.scores(state.won, state.minus, state.green_doubles)

    def result(self, state: DieState) -> Outcome:
        """Places by score, then fewer minus points, then shared; nobody is placed before
        the end (the scores are given all along)."""
        if state.phase is Phase.OVER:
            return scoring.outcome(state.won, state.minus, state.green_doubles)
        return Outcome((None,) * state.seats, tuple(self.scores(state)))

    def ranking(self, state: DieState) -> list[int]:
        """The seats best first when over (a shared place by seat number); before, none."""
        return list(self.result(state).ranking)

    def decision(self, state: DieState) -> Decision:
        phase = state.phase
        if phase is Phase.BID or phase is Phase.REBID:
            bids = state.bids
            return Decision(DecisionKind.SECRET,
                            tuple(s for s in state.bidders if bids[s] is None), phase.value)
        if phase is Phase.TAKE:
            return _TAKE_DECISIONS[state.taker]
        if phase is Phase.BOMB:
            return _BOMB_DECISIONS[state.bombers[0]]
        return OVER

    def to_act(self, state: DieState) -> list[int]:
        return self.decision(state).to_act()

    def legal_actions(self, state: DieState, seat: int) -> list[Action]:
        phase = state.phase
        if phase is Phase.BID or phase is Phase.REBID:
            if seat in state.bidders and state.bids[seat] is None:
                return list(A.BIDS)
            return []
        if phase is Phase.TAKE:
            if seat != state.taker:
                return []
            return [_take_action(card) for card in dict.fromkeys(state.faceup)]
        if phase is Phase.BOMB:
            if seat != state.bombers[0]:
                return []
            return self._bomb_moves(state, seat)
        return []

    def _bomb_moves(self, state: DieState, seat: int) -> list[Action]:
        moves: list[Action] = []
        for target, cards in enumerate(state.won):
            if target == seat or not cards:
                continue
            if state.any_card:
                moves.extend(_bomb_action(target, None, card) for card in cards)
                continue
            colors = {C.color_of(card) for card in cards}
            moves.extend(_bomb_action(target, color, None) for color in C.COLORS
                         if color in colors)
        return moves

    # ----------------------------------------------------------------- applying actions

    def apply(self, state: DieState, seat: int, action: Action) -> list[E.DieEvent]:
        if state.phase is Phase.OVER:
            raise IllegalAction("the game is over", Illegal.OVER)
        if id(action) not in _SHARED:
            _check_shape(action)
        verb = action.verb
        if verb == A.BID:
            return self._bid(state, seat, action)
        if verb == A.TAKE:
            return self._take(state, seat, action)
        return self._bomb(state, seat, action)

    def _bid(self, state: DieState, seat: int, action: Action) -> list[E.DieEvent]:
        phase = state.phase
        if phase is not Phase.BID and phase is not Phase.REBID:
            raise IllegalAction(f"cannot bid now: {_phase_reason(state)}", Illegal.NOT_NOW)
        if seat not in state.bidders:
            if phase is Phase.REBID and 0 <= seat < state.seats:
                tied = ", ".join(map(str, state.bidders))
                raise IllegalAction(f"only the seats tied for the highest bid ({tied}) bid "
                                    f"again, not seat {seat}", Illegal.NOT_YOUR_TURN)
            raise IllegalAction(f"there is no seat {seat}", Illegal.NO_SUCH_SEAT)
        if state.bids[seat] is not None:
            raise IllegalAction(f"seat {seat} has already bid this time", Illegal.NOT_NOW)
        amount = action.amount
        assert amount is not None  # the shape check
        if not C.MIN_BID <= amount <= C.MAX_BID:
            raise IllegalAction(f"a bid is a whole number from {C.MIN_BID} to {C.MAX_BID}, "
                                f"not {amount}", Illegal.FORBIDDEN)
        state.bids[seat] = amount
        rebid = phase is Phase.REBID
        events: list[E.DieEvent] = [E.BidPlaced(seat, amount, rebid, (seat,))]
        bids = state.bids
        if all(bids[s] is not None for s in state.bidders):
            self._reveal(state, rebid, events)
        return events

    def _reveal(self, state: DieState, rebid: bool, events: list[E.DieEvent]) -> None:
        bidders = state.bidders
        shown = tuple(state.bids)
        state.reveals = (*state.reveals, shown)
        amounts = {seat: int(shown[seat] or 0) for seat in bidders}
        top = max(amounts.values())
        highest = tuple(seat for seat in bidders if amounts[seat] == top)
        if len(highest) > 1:
            events.append(E.BidsRevealed(shown, rebid, highest, None))
            _open_bidding(state, highest, Phase.REBID)
            return
        winner = highest[0]
        second = -1
        if not rebid and len(state.faceup) > 1:
            rest = [seat for seat in bidders if seat != winner]
            runner_up = max(amounts[seat] for seat in rest)
            seconds = [seat for seat in rest if amounts[seat] == runner_up]
            if len(seconds) == 1:
                second = seconds[0]
        events.append(E.BidsRevealed(shown, rebid, highest, second if second >= 0 else None))
        state.phase = Phase.TAKE
        state.bidders = ()
        state.bids = [None] * state.seats
        state.taker = winner
        state.price = top
        state.second = second

    def _take(self, state: DieState, seat: int, action: Action) -> list[E.DieEvent]:
        if state.phase is not Phase.TAKE:
            raise IllegalAction(f"cannot take a card now: {_phase_reason(state)}", Illegal.NOT_NOW)
        if seat != state.taker:
            raise IllegalAction(f"seat {state.taker} chooses a card, not seat {seat}",
                                Illegal.NOT_YOUR_TURN)
        card = action.card
        assert card is not None  # the shape check
        if card not in state.faceup:
            shown = ", ".join(state.faceup)
            raise IllegalAction(f"{card} is not face up (face up: {shown})", Illegal.BAD_TARGET)
        faceup = state.faceup
        record_faceup = tuple(faceup)
        faceup.remove(card)
        price, second = state.price, state.second
        state.minus[seat] += price
        events: list[E.DieEvent] = [E.CardTaken(seat, card, price)]
        self._receive(state, seat, card)
        other = faceup[0] if faceup else None
        faceup.clear()
        if other is not None:
            if second >= 0:
                events.append(E.CardTaken(second, other, 0))
                self._receive(state, second, other)
            else:
                state.set_aside.append(other)
                events.append(E.CardLeft(other, "tie"))
        taken_other = other if second >= 0 else None
        state.history = (*state.history, RoundRecord(
            state.round, record_faceup, state.reveals, seat, card, price,
            second if taken_other is not None else None, taken_other))
        state.reveals = ()
        state.taker = -1
        state.price = 0
        state.second = -1
        state.phase = Phase.BOMB
        self._next_bomb(state, events)
        return events

    def _receive(self, state: DieState, seat: int, card: str) -> None:
        if card == C.BOMB:
            state.bombers.append(seat)
        else:
            state.won[seat].append(card)

    def _bomb(self, state: DieState, seat: int, action: Action) -> list[E.DieEvent]:
        if state.phase is not Phase.BOMB:
            raise IllegalAction(f"there is no bomb to play now: {_phase_reason(state)}",
                                Illegal.NOT_NOW)
        bomber = state.bombers[0]
        if seat != bomber:
            raise IllegalAction(f"seat {bomber} plays the bomb, not seat {seat}",
                                Illegal.NOT_YOUR_TURN)
        target = action.target
        assert target is not None  # the shape check
        if not 0 <= target < state.seats:
            raise IllegalAction(f"there is no seat {target}", Illegal.NO_SUCH_SEAT)
        if target == seat:
            raise IllegalAction("a bomb is played on another seat", Illegal.BAD_TARGET)
        cards = state.won[target]
        if state.any_card:
            if action.color is not None or action.card is None:
                raise IllegalAction("with any_card_bombed the bomber names the card to cover "
                                    "(card), not a colour", Illegal.FORBIDDEN)
            covered = action.card
            if covered not in cards:
                raise IllegalAction(f"seat {target} has no {covered} to cover", Illegal.BAD_TARGET)
            index = cards.index(covered)
        else:
            color = action.color
            if color is None or action.card is not None:
                raise IllegalAction("a bomb names a colour (color = \"red\" or \"green\"); "
                                    "only with any_card_bombed does it name a card",
                                    Illegal.FORBIDDEN)
            index = -1
            for i in range(len(cards) - 1, -1, -1):
                if C.color_of(cards[i]) == color:
                    index = i
                    break
            if index < 0:
                raise IllegalAction(f"seat {target} has no {color} card to cover",
                                    Illegal.BAD_TARGET)
            covered = cards[index]
        del cards[index]
        state.bombers.pop(0)
        state.set_aside.extend((C.BOMB, covered))
        events: list[E.DieEvent] = [E.BombPlayed(seat, target, covered)]
        self._next_bomb(state, events)
        return events

    def _next_bomb(self, state: DieState, events: list[E.DieEvent]) -> None:
        """The next bomb waits for its bomber, or is discarded when no other seat holds a
        card to cover; with no bomb left the round ends."""
        bombers = state.bombers
        while bombers:
            bomber = bombers[0]
            if any(cards for seat, cards in enumerate(state.won) if seat != bomber):
                return
            bombers.pop(0)
            state.set_aside.append(C.BOMB)
            events.append(E.CardLeft(C.BOMB, "no_target"))
        self._end_round(state, events)

    def _end_round(self, state: DieState, events: list[E.DieEvent]) -> None:
        if not state.deck:
            state.phase = Phase.OVER
            state.bidders = ()
            outcome = self.result(state)
            assert outcome.scores is not None
            events.append(E.GameOver(outcome.scores,
                                     tuple(int(place or 0) for place in outcome.places),
                                     outcome.ranking))
            return
        _turn_up(state)
        state.round += 1
        _open_bidding(state, tuple(range(state.seats)), Phase.BID)
        events.append(E.RoundStarted(state.round, tuple(state.faceup)))

    # ----------------------------------------------------------------- views and checks

    def view(self, state: DieState, seat: int) -> DieView:
        bids = state.bids
        seated = 0 <= seat < len(bids)
        phase = state.phase
        return _new_view(DieView, (
            GAME,
            state.options,
            seat,
            phase.value,
            state.round,
            tuple(state.faceup),
            len(state.deck),
            tuple(sorted(state.deck)),
            tuple(map(tuple, state.won)),
            tuple(state.minus),
            tuple(state.set_aside),
            state.bidders,
            tuple(bid is not None for bid in bids),
            bids[seat] if seated else None,
            state.taker if phase is Phase.TAKE else None,
            state.price if phase is Phase.TAKE else None,
            state.second if phase is Phase.TAKE and state.second >= 0 else None,
            tuple(state.bombers),
            state.reveals,
            state.history,
        ))

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return action.to_json()

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return A.action_from_json(data)

    def invariant_violations(self, state: DieState) -> Sequence[str]:
        """Conservation and bookkeeping checks for any state reached by play."""
        problems: list[str] = []
        count = state.card_count()
        if count != state.total_cards:
            problems.append(f"cards not conserved: {count} != {state.total_cards}")
        if state.total_cards > C.DECK_SIZE:
            problems.append(f"{state.total_cards} cards in a game of {C.DECK_SIZE}")
        every = [*state.deck, *state.faceup, *state.set_aside,
                 *(card for cards in state.won for card in cards),
                 *([C.BOMB] * len(state.bombers))]
        for card in set(every):
            if every.count(card) > C.copies_allowed(card):
                problems.append(f"{every.count(card)} × {card} in one game")
        for seat, paid in enumerate(state.minus):
            if paid < 0:
                problems.append(f"seat {seat} has negative minus points ({paid})")
        for seat, cards in enumerate(state.won):
            if C.BOMB in cards:
                problems.append(f"seat {seat} keeps a bomb among its won cards")
        if len(state.faceup) > 2:
            problems.append(f"{len(state.faceup)} cards face up")
        if not 1 <= state.round <= C.ROUNDS:
            problems.append(f"round {state.round} is outside 1–{C.ROUNDS}")
        phase = state.phase
        if phase is Phase.BID or phase is Phase.REBID:
            if not state.faceup or not state.bidders:
                problems.append(f"a bidding with face up {state.faceup} and bidders "
                                f"{state.bidders}")
            if phase is Phase.BID and state.bidders != tuple(range(state.seats)):
                problems.append("a first bidding without every seat")
            if any(bid is not None for s, bid in enumerate(state.bids)
                   if s not in state.bidders):
                problems.append("a sealed bid from a seat outside the bidding")
        elif phase is Phase.TAKE:
            if not state.faceup or not 0 <= state.taker < state.seats:
                problems.append("a take with no card or no taker")
        elif phase is Phase.BOMB:
            if not state.bombers or state.faceup:
                problems.append("a bomb phase with no bomber or with cards face up")
        elif state.deck or state.faceup or state.bombers:
            problems.append("the game is over with cards still to play")
        return problems


_FIELDS_USED: dict[str, tuple[str, ...]] = {
    A.BID: ("amount",),
    A.TAKE: ("card",),
    A.BOMB: ("target", "card", "color"),
}
_NEEDED: dict[str, tuple[str, ...]] = {
    A.BID: ("amount",),
    A.TAKE: ("card",),
    A.BOMB: ("target",),
}


def _check_shape(action: Action) -> None:
    """``apply`` accepts exactly the values ``legal_actions`` lists: a field the verb does not
    use, a missing one or one of the wrong type is an illegal action (the scenario reader
    strips the extras and reports missing fields itself)."""
    if not isinstance(action, Action):
        raise IllegalAction(f"not a Die Bombe action: {action!r}", Illegal.MALFORMED)
    used = _FIELDS_USED.get(action.verb)
    if used is None:
        raise IllegalAction(f"unknown action {action.verb!r}", Illegal.MALFORMED)
    for field in ("amount", "card", "target", "color"):
        value = getattr(action, field)
        if field not in used and value is not None:
            raise IllegalAction(f"{action.verb} takes no {field}", Illegal.MALFORMED)
        if value is None and field in _NEEDED[action.verb]:
            raise IllegalAction(f"{action.verb} needs a {field}", Illegal.MALFORMED)
    for field in ("amount", "target"):
        value = getattr(action, field)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise IllegalAction(f"{field} must be a whole number, not {value!r}", Illegal.MALFORMED)
    for field in ("card", "color"):
        value = getattr(action, field)
        if value is not None and not isinstance(value, str):
            raise IllegalAction(f"{field} must be text, not {value!r}", Illegal.MALFORMED)
    if action.card is not None and action.card not in C.ALL_CARDS:
        raise IllegalAction(f"Die Bombe has no {action.card!r} card", Illegal.MALFORMED)
    if action.color is not None and action.color not in C.COLORS:
        raise IllegalAction(f"a bomb is played on red or green, not {action.color!r}",
                            Illegal.MALFORMED)


def _phase_reason(state: DieState) -> str:
    phase = state.phase
    if phase is Phase.BID:
        waiting = [s for s in state.bidders if state.bids[s] is None]
        return f"the table is bidding (waiting for seats {', '.join(map(str, waiting))})"
    if phase is Phase.REBID:
        waiting = [s for s in state.bidders if state.bids[s] is None]
        return f"the tied seats are bidding again (waiting for {', '.join(map(str, waiting))})"
    if phase is Phase.TAKE:
        return f"seat {state.taker} must first choose a face-up card"
    if phase is Phase.BOMB:
        return f"seat {state.bombers[0]} must first play its bomb"
    return "the game is over"


DIEBOMBE_ENGINE = DieBombeEngine()
