"""The bomb-deck engine: legal moves and their effects, exactly as RULES.md §1 states them.

Every public entry point validates first and mutates after, so an ``IllegalAction`` always
leaves the state untouched. Hot paths (draw, play, legal moves) avoid building anything the
caller does not receive: the simulator runs them millions of times.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.core.config import GameConfig
from game.core.engine import OVER, TABLE, Decision, DecisionKind, Outcome
from game.core.errors import Illegal, IllegalAction, MalformedInput
from game.core.rng import Pcg32
from game.rules.bombdeck import actions as A
from game.rules.bombdeck import cards as C
from game.rules.bombdeck import events as E
from game.rules.bombdeck import record as R
from game.rules.bombdeck.actions import Action
from game.rules.bombdeck.cards import RULESETS, Ruleset
from game.rules.bombdeck.state import BombState, PendingPlay, Phase
from game.rules.bombdeck.view import BombView, PublicPlay, SeatInfo, SeatRecord

_PLAY, _REACT, _GIVE, _PLACE_BOMB, _OVER = (Phase.PLAY, Phase.REACT, Phase.GIVE,
                                             Phase.PLACE_BOMB, Phase.OVER)
"""The phases by module names: ``Phase.PLAY`` goes through the enum's class each time it is
read (a tenth of a microsecond, ten times a plain name), and every action reads a phase
several times."""
_WINDOW = DecisionKind.WINDOW

_new_view = tuple.__new__
"""Builds a view's NamedTuples from a tuple of every field, defaults included, without the
Python-level ``__new__`` NamedTuple generates: a view is built for every machine decision,
and the commonest events (a turn begun, a card drawn or played, a window closed) for
nearly every action."""

_PLAY_ACTIONS: dict[tuple[str, str, int | None, str | None], Action] = {}
_SHAPED: set[int] = {id(A.DRAW_ACTION), id(A.NOPE_ACTION), id(A.RESOLVE_ACTION)}
"""Identities of the engine's own shared actions, which are well formed by construction (they
live for the whole run, so an identity is never reused by another object)."""

_SIMPLE_PLAYS = frozenset(
    (C.ATTACK, C.SKIP, C.DRAW_BOTTOM, C.SEE_FUTURE, C.SHUFFLE, C.PASS_IT, C.SHIELD)
)
_ENDS_TURN_PLAYS = frozenset((C.ATTACK, C.SKIP, C.DRAW_BOTTOM, C.PASS_IT))


def _act(verb: str, card: str, target: int | None = None, named: str | None = None) -> Action:
    """One shared Action object per distinct move, so legal-move lists allocate nothing new."""
    key = (verb, card, target, named)
    action = _PLAY_ACTIONS.get(key)
    if action is None:
        action = _PLAY_ACTIONS[key] = Action(verb, card, target, named)
        _SHAPED.add(id(action))
    return action


_PLAIN: dict[str, Action] = {card: _act(A.PLAY, card) for card in _SIMPLE_PLAYS}
"""The plays of a card that takes no target, looked up by the card alone (legal moves list
them at every turn)."""


_COMBOS: dict[tuple[str, frozenset[str]], tuple[frozenset[str], frozenset[str]]] = {}
_TRIO_NAMES: dict[str, tuple[str, ...]] = {}
_PLACEMENTS: list[Action] = [Action(A.PLACE_BOMB, position=A.RANDOM)]
_SHAPED.add(id(_PLACEMENTS[0]))


def _combo_cards(ruleset: Ruleset, options: frozenset[str]) -> tuple[frozenset[str],
                                                                     frozenset[str]]:
    """The cards that may form a pair and a trio at this table, worked out once."""
    key = (ruleset.name, options)
    found = _COMBOS.get(key)
    if found is None:
        found = _COMBOS[key] = (
            frozenset(c for c in ruleset.cards if ruleset.pairs_allowed(c, options)),
            frozenset(c for c in ruleset.cards if ruleset.trios_allowed(c, options)),
        )
    return found


def _trio_names(ruleset: Ruleset) -> tuple[str, ...]:
    names = _TRIO_NAMES.get(ruleset.name)
    if names is None:
        names = _TRIO_NAMES[ruleset.name] = tuple(sorted(ruleset.cards - {C.BOMB}))
    return names


_AIMED: dict[tuple[str, str, tuple[int, ...], str], tuple[Action, ...]] = {}


def _aimed(verb: str, card: str, targets: tuple[int, ...], ruleset: Ruleset) -> tuple[Action, ...]:
    """Every ``verb`` of ``card`` at ``targets`` (a trio: at each target, naming each card), in
    legal-move order, worked out once per table shape: a Bombazo trio is dozens of moves,
    listed at every turn its holder plays. (At most a few thousand keys: verbs, cards and
    sets of seats.)"""
    key = (verb, card, targets, ruleset.name)
    run = _AIMED.get(key)
    if run is None:
        if verb == A.TRIO:
            names = _trio_names(ruleset)
            run = tuple(_act(verb, card, t, n) for t in targets for n in names)
        else:
            run = tuple(_act(verb, card, t) for t in targets)
        _AIMED[key] = run
    return run


def _placements(deck_size: int) -> list[Action]:
    """Positions 0 (top) to ``deck_size`` (bottom), then "random": shared Action objects."""
    while len(_PLACEMENTS) < deck_size + 2:
        action = Action(A.PLACE_BOMB, position=len(_PLACEMENTS) - 1)
        _SHAPED.add(id(action))
        _PLACEMENTS.insert(len(_PLACEMENTS) - 1, action)
    return _PLACEMENTS[: deck_size + 1] + _PLACEMENTS[-1:]


_SEAT_INFOS: dict[tuple[int, bool, bool, int], SeatInfo] = {}


def _seat_info(fields: tuple[int, bool, bool, int]) -> SeatInfo:
    info = _SEAT_INFOS[fields] = _new_view(SeatInfo, fields)
    return info


def _seat_infos(hands: list[list[str]], alive: list[bool], shields: list[bool],
                markers: list[int]) -> tuple[SeatInfo, ...]:
    """Every seat's public line of a view. Views share one ``SeatInfo`` per distinct line
    (a few thousand at most: cards in hand, alive, shield, markers), so building the table's
    lines for every machine decision allocates one tuple, not one per seat."""
    # (zip without strict=: the lists are the table's, one entry per seat, and a keyword
    # argument costs a tenth of the view)
    infos = tuple(map(_SEAT_INFOS.get, zip(map(len, hands), alive, shields, markers)))  # noqa: B905
    if not all(infos):  # a line not seen yet (a SeatInfo is a non-empty tuple: true)
        infos = tuple([_SEAT_INFOS.get(fields) or _seat_info(fields)
                       for fields in zip(map(len, hands), alive, shields, markers)])  # noqa: B905
    return infos  # type: ignore[return-value]  # no None left


def _one_seat_decisions(phase: Phase) -> tuple[Decision, ...]:
    """One shared Decision per seat for a one-seat phase: the simulator asks for millions."""
    most = max(ruleset.max_seats for ruleset in RULESETS.values())
    return tuple(Decision(DecisionKind.ONE, (seat,), phase.value) for seat in range(most))


_PLAY_DECISIONS = _one_seat_decisions(_PLAY)
_PLACE_DECISIONS = _one_seat_decisions(_PLACE_BOMB)
_GIVE_DECISIONS = _one_seat_decisions(_GIVE)


def ruleset_of(game_id: str) -> Ruleset:
    try:
        return RULESETS[game_id]
    except KeyError:
        raise MalformedInput(f"unknown bomb-deck game {game_id!r}") from None


def check_table(ruleset: Ruleset, seats: int, options: frozenset[str]) -> None:
    if not ruleset.min_seats <= seats <= ruleset.max_seats:
        raise MalformedInput(
            f"{ruleset.name} takes {ruleset.min_seats}–{ruleset.max_seats} seats, not {seats}"
        )
    unknown = options - ruleset.options
    if unknown:
        raise MalformedInput(f"{ruleset.name} has no option {sorted(unknown)[0]!r}")


def blank_state(ruleset: Ruleset, seats: int, options: frozenset[str], seed: int) -> BombState:
    state = BombState.__new__(BombState)
    state.ruleset = ruleset
    state.options = options
    state.deck = []
    state.hands = [[] for _ in range(seats)]
    state.alive = [True] * seats
    state.shields = [False] * seats
    state.markers = [0] * seats
    state.clues = [{} for _ in range(seats)]
    state.discard = []
    state.out = []
    state.current = 0
    state.owed = 1
    state.attacked = False
    state.phase = _PLAY
    state.pending = None
    state.rng = Pcg32(seed)
    state.total_cards = 0
    state.recording = True
    R.start(state, ("person",) * seats, 0, (0,) * seats)
    return state


def deal(state: BombState) -> None:
    """Bombs and defuses out, shuffle, deal each seat its cards plus a defuse, then shuffle the
    bombs and the reserve defuses into the rest (RULES.md §1, deal order)."""
    ruleset, seats, rng = state.ruleset, state.seats, state.rng
    pile = [card for card, count in ruleset.action_counts(seats).items() for _ in range(count)]
    rng.shuffle(pile)
    size = ruleset.deal_size
    for seat in range(seats):
        hand = pile[-size:]
        del pile[-size:]
        hand.append(C.DEFUSE)
        state.hands[seat] = hand
        state.markers[seat] = 1
    pile.extend([C.BOMB] * (seats - 1))
    pile.extend([C.DEFUSE] * ruleset.reserve_defuses(seats))
    rng.shuffle(pile)
    state.deck = pile
    state.total_cards = state.card_count()


class BombDeckEngine:
    """Bombazo, Bomba en el Mazo and Clásico: one engine, three ``Ruleset`` values."""

    game_ids: tuple[str, ...] = tuple(RULESETS)

    # ----------------------------------------------------------------- setup and queries

    def new_game(self, config: GameConfig, seed: int) -> BombState:
        ruleset = ruleset_of(config.game)
        check_table(ruleset, config.seat_count, config.options)
        if not 0 <= config.first < config.seat_count:
            raise MalformedInput(f"first seat {config.first} is not at this table")
        state = blank_state(ruleset, config.seat_count, config.options, seed)
        deal(state)
        state.current = config.first
        R.start(state, tuple(kind.value for kind in config.seats), config.first,
                (1,) * config.seat_count)
        state.recording = any(kind.remembers for kind in config.seats)
        return state

    def copy(self, state: BombState) -> BombState:
        return state.copy()

    def is_over(self, state: BombState) -> bool:
        return state.phase is _OVER

    def ranking(self, state: BombState) -> list[int]:
        """Winner first when over; before that, the seats already out, last out first."""
        gone = state.out[::-1]
        if state.phase is _OVER:
            return [state.current, *gone]
        return gone

    def result(self, state: BombState) -> Outcome:
        """The last seat standing is first; the others by when they exploded, the first out
        last. Mid-game only the seats already out are placed."""
        seats = state.seats
        places: list[int | None] = [None] * seats
        for gone, seat in enumerate(state.out):
            places[seat] = seats - gone
        if state.phase is _OVER:
            places[state.current] = 1
        return Outcome(tuple(places))

    def decision(self, state: BombState) -> Decision:
        phase = state.phase
        if phase is _PLAY:
            return _PLAY_DECISIONS[state.current]
        if phase is _REACT:
            hands, alive = state.hands, state.alive
            holders = [seat for seat in range(len(hands))
                       if alive[seat] and C.NOPE in hands[seat]]
            return _new_view(Decision, (_WINDOW, tuple(holders), "react"))
        if phase is _PLACE_BOMB:
            return _PLACE_DECISIONS[state.current]
        if phase is _GIVE:
            assert state.pending is not None and state.pending.target is not None
            return _GIVE_DECISIONS[state.pending.target]
        return OVER

    def to_act(self, state: BombState) -> list[int]:
        phase = state.phase
        if phase is _PLAY or phase is _PLACE_BOMB:
            return [state.current]
        if phase is _REACT:
            holders = [
                seat for seat, hand in enumerate(state.hands)
                if state.alive[seat] and C.NOPE in hand
            ]
            return [TABLE, *holders]
        if phase is _GIVE:
            assert state.pending is not None
            assert state.pending.target is not None
            return [state.pending.target]
        return []

    def legal_actions(self, state: BombState, seat: int) -> list[Action]:
        phase = state.phase
        if phase is _PLAY:
            return self._legal_plays(state, seat) if seat == state.current else []
        if phase is _REACT:
            if seat == TABLE:
                return [A.RESOLVE_ACTION]
            if 0 <= seat < len(state.hands) and state.alive[seat] and C.NOPE in state.hands[seat]:
                return [A.NOPE_ACTION]
            return []
        if phase is _GIVE:
            pending = state.pending
            if pending is None or seat != pending.target:
                return []
            return [_act(A.GIVE, card) for card in sorted(set(state.hands[seat]))]
        if phase is _PLACE_BOMB:
            if seat != state.current:
                return []
            return _placements(len(state.deck))
        return []

    def _targets(self, state: BombState, seat: int) -> tuple[int, ...]:
        hands, alive = state.hands, state.alive
        return tuple([t for t in range(len(hands)) if t != seat and alive[t] and hands[t]])

    def _legal_plays(self, state: BombState, seat: int) -> list[Action]:
        hand = state.hands[seat]
        deck = state.deck
        legal: list[Action] = [A.DRAW_ACTION] if deck else []
        ruleset = state.ruleset
        pairable, trioable = (_COMBOS.get((ruleset.name, state.options))
                              or _combo_cards(ruleset, state.options))
        targets: tuple[int, ...] | None = None
        for card in sorted(set(hand)):
            if card in _SIMPLE_PLAYS:
                blocked = (card == C.DRAW_BOTTOM and not deck) or (
                    card == C.SHIELD and state.shields[seat])
                if not blocked:
                    legal.append(_PLAIN.get(card) or _act(A.PLAY, card))
            elif card in C.TARGETED_CARDS:
                if targets is None:
                    targets = self._targets(state, seat)
                legal.extend(_aimed(A.PLAY, card, targets, ruleset))
            if card in pairable:
                count = hand.count(card)
                if count >= 2:
                    if targets is None:
                        targets = self._targets(state, seat)
                    legal.extend(_aimed(A.PAIR, card, targets, ruleset))
                    if count >= 3 and card in trioable:
                        legal.extend(_aimed(A.TRIO, card, targets, ruleset))
        return legal

    # ----------------------------------------------------------------- applying actions

    def apply(self, state: BombState, seat: int, action: Action) -> list[E.BombEvent]:
        if state.phase is _OVER:
            raise IllegalAction("the game is over", Illegal.OVER)
        verb = action.verb
        if id(action) not in _SHAPED:
            _check_shape(action)
        if verb == A.DRAW:
            events = self._draw(state, seat)
        elif verb == A.PLAY:
            events = self._play(state, seat, action)
        elif verb == A.PAIR or verb == A.TRIO:
            events = self._combo(state, seat, action)
        elif verb == A.NOPE:
            events = self._nope(state, seat)
        elif verb == A.RESOLVE:
            if seat != TABLE:
                raise IllegalAction("only the table closes a reaction window (seat -1)",
                                    Illegal.NOT_YOUR_TURN)
            return self._resolve(state)
        elif verb == A.GIVE:
            events = self._give(state, seat, action)
        elif verb == A.PLACE_BOMB:
            events = self._place_bomb(state, seat, action)
        else:  # pragma: no cover - shape checked
            raise IllegalAction(f"unknown action {verb!r}", Illegal.MALFORMED)
        state.last_actor = seat
        return events

    def _require_turn(self, state: BombState, seat: int, what: str) -> None:
        phase = state.phase
        if phase is not _PLAY:
            raise IllegalAction(f"cannot {what} now: {_phase_reason(state)}", Illegal.NOT_NOW)
        if seat != state.current:
            raise IllegalAction(
                f"cannot {what}: it is seat {state.current}'s turn, not seat {seat}'s"
            , Illegal.NOT_YOUR_TURN)

    def _require_card(self, state: BombState, card: str | None, what: str) -> str:
        if card is None:
            raise IllegalAction(f"{what} needs a card", Illegal.MALFORMED)
        if card not in state.ruleset.cards:
            raise IllegalAction(f"{state.ruleset.name} has no {card!r} card", Illegal.MALFORMED)
        return card

    def _require_target(self, state: BombState, seat: int, target: int | None, card: str) -> int:
        if target is None:
            raise IllegalAction(f"{card} needs a target seat", Illegal.MALFORMED)
        if not 0 <= target < len(state.hands):
            raise IllegalAction(f"there is no seat {target}", Illegal.NO_SUCH_SEAT)
        if target == seat:
            raise IllegalAction(f"{card} must target another seat", Illegal.BAD_TARGET)
        if not state.alive[target]:
            raise IllegalAction(f"seat {target} is out of the game", Illegal.BAD_TARGET)
        if not state.hands[target]:
            raise IllegalAction(f"seat {target} holds no cards", Illegal.BAD_TARGET)
        return target

    def _draw(self, state: BombState, seat: int) -> list[E.BombEvent]:
        # _require_turn's test written out (a draw is the commonest action); it says why
        if state.phase is not _PLAY or seat != state.current:
            self._require_turn(state, seat, "draw")
        if not state.deck:
            raise IllegalAction("the deck is empty", Illegal.NOT_NOW)
        events: list[E.BombEvent] = []
        self._draw_card(state, seat, False, events)
        return events

    def _play(self, state: BombState, seat: int, action: Action) -> list[E.BombEvent]:
        card = self._require_card(state, action.card, "play")
        self._require_turn(state, seat, f"play {card}")
        hand = state.hands[seat]
        if card not in hand:
            raise IllegalAction(f"seat {seat} holds no {card}", Illegal.NOT_HELD)
        target: int | None = None
        if card in _SIMPLE_PLAYS:
            if card == C.DRAW_BOTTOM and not state.deck:
                raise IllegalAction("the deck is empty", Illegal.NOT_NOW)
            if card == C.SHIELD and state.shields[seat]:
                raise IllegalAction("a shield is already up in front of this seat", Illegal.NOT_NOW)
        elif card in C.TARGETED_CARDS:
            target = self._require_target(state, seat, action.target, card)
        elif card == C.DEFUSE:
            raise IllegalAction("a defuse is never played by choice: it is spent on a drawn bomb",
                                Illegal.FORBIDDEN)
        elif card == C.NOPE:
            raise IllegalAction("a nope only answers a play while its reaction window is open",
                                Illegal.NOT_NOW)
        elif card == C.CALM:
            raise IllegalAction("a calm card cannot be played", Illegal.FORBIDDEN)
        elif card in C.ANIMALS:
            raise IllegalAction("an animal alone does nothing: play a pair", Illegal.FORBIDDEN)
        else:
            raise IllegalAction(f"{card} cannot be played", Illegal.FORBIDDEN)
        hand.remove(card)
        if state.recording:
            R.played(state, seat, card)
        events: list[E.BombEvent] = [_new_view(E.CardPlayed,
                                               (seat, A.PLAY, (card,), target, None, None))]
        if card == C.SHIELD:
            state.shields[seat] = True
            return events
        state.discard.append(card)
        self._open_or_act(state, PendingPlay(seat, A.PLAY, (card,), target, None), events)
        return events

    def _combo(self, state: BombState, seat: int, action: Action) -> list[E.BombEvent]:
        verb = action.verb
        size = 2 if verb == A.PAIR else 3
        card = self._require_card(state, action.card, verb)
        self._require_turn(state, seat, f"play a {verb}")
        ruleset, options = state.ruleset, state.options
        allowed = (ruleset.pairs_allowed(card, options) if size == 2
                   else ruleset.trios_allowed(card, options))
        if not allowed:
            if size == 3 and not ruleset.animal_trios and C.ADVANCED_COMBOS not in options:
                raise IllegalAction(f"{ruleset.name} has no trios without advanced combos",
                                    Illegal.FORBIDDEN)
            raise IllegalAction(f"{card} cannot be played as a {verb}", Illegal.FORBIDDEN)
        hand = state.hands[seat]
        if hand.count(card) < size:
            raise IllegalAction(f"seat {seat} holds fewer than {size} {card}", Illegal.NOT_HELD)
        target = self._require_target(state, seat, action.target, verb)
        named: str | None = None
        if size == 3:
            named = action.named
            if named is None:
                raise IllegalAction("a trio must name a card", Illegal.MALFORMED)
            if named not in ruleset.cards or named == C.BOMB:
                raise IllegalAction(f"a trio cannot name {named!r} in {ruleset.name}",
                                    Illegal.MALFORMED)
        for _ in range(size):
            hand.remove(card)
        if state.recording:
            R.played(state, seat, card, size)
        cards = (card,) * size
        state.discard.extend(cards)
        events: list[E.BombEvent] = [_new_view(E.CardPlayed,
                                               (seat, verb, cards, target, named, None))]
        self._open_or_act(state, PendingPlay(seat, verb, cards, target, named), events)
        return events

    def _open_or_act(self, state: BombState, play: PendingPlay, events: list[E.BombEvent]) -> None:
        if state.ruleset.reactions:
            state.phase = _REACT
            state.pending = play
        else:
            self._take_effect(state, play, events)

    def _nope(self, state: BombState, seat: int) -> list[E.BombEvent]:
        if state.phase is not _REACT or state.pending is None:
            raise IllegalAction("there is no play to nope: no reaction window is open",
                                Illegal.NOT_NOW)
        if not 0 <= seat < len(state.hands) or not state.alive[seat]:
            raise IllegalAction(f"seat {seat} is not in the game", Illegal.NO_SUCH_SEAT)
        hand = state.hands[seat]
        if C.NOPE not in hand:
            raise IllegalAction(f"seat {seat} holds no nope", Illegal.NOT_HELD)
        hand.remove(C.NOPE)
        if state.recording:
            R.played(state, seat, C.NOPE)
        state.discard.append(C.NOPE)
        state.pending.nopes += 1
        return [E.Noped(seat, state.pending.nopes)]

    def _resolve(self, state: BombState) -> list[E.BombEvent]:
        play = state.pending
        if state.phase is not _REACT or play is None:
            raise IllegalAction("no reaction window is open", Illegal.NOT_NOW)
        state.pending = None
        state.phase = _PLAY
        cancelled = play.nopes % 2 == 1
        events: list[E.BombEvent] = [_new_view(E.WindowClosed, (cancelled, None))]
        if not cancelled:
            self._take_effect(state, play, events)
        return events

    def _give(self, state: BombState, seat: int, action: Action) -> list[E.BombEvent]:
        play = state.pending
        if state.phase is not _GIVE or play is None:
            raise IllegalAction(f"nobody owes a favor now: {_phase_reason(state)}", Illegal.NOT_NOW)
        if seat != play.target:
            raise IllegalAction(f"seat {play.target} chooses the card, not seat {seat}",
                                Illegal.NOT_YOUR_TURN)
        card = self._require_card(state, action.card, "give")
        if card not in state.hands[seat]:
            raise IllegalAction(f"seat {seat} holds no {card}", Illegal.NOT_HELD)
        state.pending = None
        state.phase = _PLAY
        return [self._move_card(state, seat, play.seat, card, "favor", unseen=True)]

    def _place_bomb(self, state: BombState, seat: int, action: Action) -> list[E.BombEvent]:
        if state.phase is not _PLACE_BOMB:
            raise IllegalAction(f"there is no bomb to hide: {_phase_reason(state)}",
                                Illegal.NOT_NOW)
        if seat != state.current:
            raise IllegalAction(f"seat {state.current} hides the bomb, not seat {seat}",
                                Illegal.NOT_YOUR_TURN)
        deck = state.deck
        size = len(deck)
        position = action.position
        if position is None:
            raise IllegalAction("place_bomb needs a position (0 is the top) or \"random\"",
                                Illegal.MALFORMED)
        if position == A.RANDOM:
            top_pos = state.rng.below(size + 1)
        elif isinstance(position, int) and not isinstance(position, bool):
            if not 0 <= position <= size:
                raise IllegalAction(
                    f"position {position} is outside the deck (0 is the top, {size} the bottom)"
                , Illegal.FORBIDDEN)
            top_pos = position
        else:
            raise IllegalAction(f"position must be a whole number or \"random\", not {position!r}",
                                Illegal.MALFORMED)
        if state.recording:
            R.hidden(state, seat, size, top_pos)
        index = size - top_pos
        deck.insert(index, C.BOMB)
        for other, clues in enumerate(state.clues):
            if not clues:
                continue
            if other == seat:
                state.clues[other] = {(i + 1 if i >= index else i): c for i, c in clues.items()}
            else:
                clues.clear()
        state.clues[seat][index] = C.BOMB
        state.phase = _PLAY
        events: list[E.BombEvent] = [E.BombHidden(seat, top_pos, (seat,))]
        self._end_one_turn(state, events)
        return events

    # ----------------------------------------------------------------- effects

    def _take_effect(self, state: BombState, play: PendingPlay, events: list[E.BombEvent]) -> None:
        seat = play.seat
        verb = play.verb
        if verb == A.PAIR:
            assert play.target is not None
            self._steal_random(state, seat, play.target, "pair", events)
            return
        if verb == A.TRIO:
            assert play.target is not None and play.named is not None
            target, named = play.target, play.named
            if named in state.hands[target]:
                events.append(self._move_card(state, target, seat, named, "trio", unseen=False))
            return
        card = play.cards[0]
        if card == C.ATTACK:
            owed = state.owed + 2 if state.attacked else 2
            self._pass_turn(state, owed, True, events)
        elif card == C.SKIP:
            self._end_one_turn(state, events)
        elif card == C.DRAW_BOTTOM:
            self._draw_card(state, seat, True, events)
        elif card == C.SEE_FUTURE:
            deck = state.deck
            clues = state.clues[seat]
            top = len(deck) - 1
            seen = []
            for index in range(top, max(top - 3, -1), -1):
                clues[index] = deck[index]
                seen.append(deck[index])
            if state.recording:
                R.peeked(state, seat, tuple(seen))
            events.append(E.FutureSeen(seat, tuple(seen), (seat,)))
        elif card == C.SHUFFLE:
            state.rng.shuffle(state.deck)
            for clues in state.clues:
                clues.clear()
            if state.recording:
                R.reshuffled(state)
            events.append(E.DeckShuffled(seat))
        elif card == C.FAVOR:
            assert play.target is not None
            if state.hands[play.target]:
                state.phase = _GIVE
                state.pending = play
                events.append(E.FavorAsked(play.target, seat))
        elif card == C.SWIPE:
            assert play.target is not None
            target = play.target
            if state.shields[target]:
                self._spend_shield(state, target, C.SWIPE, events)
            else:
                self._steal_random(state, seat, target, "swipe", events)
        elif card == C.PASS_IT:
            victim = state.next_alive(seat)
            if state.shields[victim]:
                self._spend_shield(state, victim, C.PASS_IT, events)
                self._pass_turn(state, 1, False, events)
            else:
                self._pass_turn(state, 2, False, events)

    def _spend_shield(self, state: BombState, seat: int, stopped: str,
                      events: list[E.BombEvent]) -> None:
        state.shields[seat] = False
        state.discard.append(C.SHIELD)
        events.append(E.ShieldSpent(seat, stopped))

    def _steal_random(self, state: BombState, taker: int, giver: int, how: str,
                      events: list[E.BombEvent]) -> None:
        hand = state.hands[giver]
        if not hand:
            return
        hand.sort()
        card = hand[state.rng.below(len(hand))]
        events.append(self._move_card(state, giver, taker, card, how, unseen=True))

    def _move_card(self, state: BombState, giver: int, taker: int, card: str, how: str,
                   unseen: bool) -> E.CardTaken:
        state.hands[giver].remove(card)
        state.hands[taker].append(card)
        if state.recording:
            R.moved(state, giver, taker, card, unseen)
        markers = state.markers
        if unseen:
            if markers[giver]:
                markers[giver] -= 1
            return E.CardTaken(giver, taker, card, how, (giver, taker))
        if card == C.DEFUSE:
            if markers[giver]:
                markers[giver] -= 1
            markers[taker] += 1
        return E.CardTaken(giver, taker, card, how, None)

    def _draw_card(self, state: BombState, seat: int, bottom: bool,
                   events: list[E.BombEvent]) -> None:
        deck = state.deck
        seen_by: list[int] | None = None
        if bottom:
            card = deck.pop(0)
            for i, clues in enumerate(state.clues):
                if clues:
                    if 0 in clues:
                        seen_by = [*(seen_by or ()), i]
                    state.clues[i] = {k - 1: c for k, c in clues.items() if k}
        else:
            card = deck.pop()
            index = len(deck)
            for i, clues in enumerate(state.clues):
                if clues and clues.pop(index, None) is not None:
                    seen_by = [*(seen_by or ()), i]
        if state.recording:
            R.drawn(state, seat, bottom, card, seen_by)
        if card != C.BOMB:
            state.hands[seat].append(card)
            events.append(_new_view(E.CardDrawn, (seat, card, bottom, (seat,))))
            self._end_one_turn(state, events)
            return
        hand = state.hands[seat]
        if C.DEFUSE in hand:
            hand.remove(C.DEFUSE)
            state.discard.append(C.DEFUSE)
            if state.recording:
                R.spent_defuse(state, seat)
            if state.markers[seat]:
                state.markers[seat] -= 1
            state.phase = _PLACE_BOMB
            events.append(E.BombDrawn(seat, True))
            return
        events.append(E.BombDrawn(seat, False))
        self._explode(state, seat, events)

    def _explode(self, state: BombState, seat: int, events: list[E.BombEvent]) -> None:
        hand = state.hands[seat]
        hand.sort()
        state.discard.extend(hand)
        hand.clear()
        if state.shields[seat]:
            state.shields[seat] = False
            state.discard.append(C.SHIELD)
        state.alive[seat] = False
        if state.recording:
            R.exploded(state, seat)
        state.markers[seat] = 0
        state.clues[seat] = {}
        state.out.append(seat)
        state.total_cards -= 1
        events.append(E.PlayerExploded(seat))
        if state.alive.count(True) == 1:
            winner = state.alive.index(True)
            state.current = winner
            state.owed = 0
            state.attacked = False
            state.phase = _OVER
            state.pending = None
            events.append(E.GameOver(winner, tuple(self.ranking(state))))
            return
        self._pass_turn(state, 1, False, events)

    def _end_one_turn(self, state: BombState, events: list[E.BombEvent]) -> None:
        state.owed -= 1
        if state.owed <= 0:
            self._pass_turn(state, 1, False, events)

    def _pass_turn(self, state: BombState, owed: int, attacked: bool,
                   events: list[E.BombEvent]) -> None:
        alive = state.alive  # state.next_alive written out: every turn passes through here
        count = len(alive)
        current = (state.current + 1) % count
        while not alive[current]:
            current = (current + 1) % count
        state.current = current
        state.owed = owed
        state.attacked = attacked
        events.append(_new_view(E.TurnBegan, (state.current, owed, None)))

    # ----------------------------------------------------------------- views and checks

    def view(self, state: BombState, seat: int) -> BombView:
        deck, hands = state.deck, state.hands
        size = len(deck)
        seated = 0 <= seat < len(hands)
        clues = state.clues[seat] if seated else None
        pending = state.pending
        phase = state.phase
        ruleset = state.ruleset
        if pending is None:
            public = giver = None
        else:
            public = _new_view(PublicPlay, (pending.seat, pending.verb, pending.cards,
                                            pending.target, pending.named, pending.nopes))
            giver = pending.target if phase is _GIVE else None
        return _new_view(BombView, (
            ruleset.name,
            state.options,
            ruleset.reactions,
            seat,
            phase,
            state.current,
            state.owed,
            state.attacked,
            tuple(sorted(hands[seat])) if seated else (),
            tuple(sorted((size - 1 - i, c) for i, c in clues.items())) if clues else (),
            _seat_infos(hands, state.alive, state.shields, state.markers),
            size,
            deck.count(C.BOMB),
            tuple(state.discard),
            tuple(state.out),
            public,
            giver,
            None if not state.recording else _new_view(SeatRecord, (
                state.kinds, state.last_actor, state.shuffled, state.log, state.hid[seat],
                state.saw[seat], state.known[seat], state.caps,
            )) if seated else _new_view(SeatRecord, (
                state.kinds, state.last_actor, state.shuffled, state.log, (), (),
                ((),) * len(hands), state.caps,
            )),
        ))

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return action.to_json()

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return A.action_from_json(data)

    def invariant_violations(self, state: BombState) -> Sequence[str]:
        """Conservation and bookkeeping checks for a state reached by real play."""
        problems: list[str] = []
        if state.card_count() != state.total_cards:
            problems.append(f"cards not conserved: {state.card_count()} != {state.total_cards}")
        bombs = state.deck.count(C.BOMB) + (1 if state.phase is _PLACE_BOMB else 0)
        alive = state.alive.count(True)
        if state.phase is not _OVER and bombs != alive - 1:
            problems.append(f"{bombs} bombs in play with {alive} seats alive")
        if state.owed < 0:
            problems.append(f"negative turn debt {state.owed}")
        if state.phase is _OVER and (alive != 1 or state.owed != 0):
            problems.append(f"game over with {alive} seats alive")
        if not state.alive[state.current]:
            problems.append(f"current seat {state.current} is out")
        return problems


_FIELDS_USED: dict[str, tuple[str, ...]] = {
    A.DRAW: (),
    A.RESOLVE: (),
    A.NOPE: ("card",),
    A.PLAY: ("card", "target"),
    A.PAIR: ("card", "target"),
    A.TRIO: ("card", "target", "named"),
    A.GIVE: ("card",),
    A.PLACE_BOMB: ("position",),
}


def _check_shape(action: Action) -> None:
    """An action carrying a field its verb does not use is not a legal action: ``apply``
    accepts exactly the values ``legal_actions`` lists (the scenario reader strips extras)."""
    used = _FIELDS_USED.get(action.verb)
    if used is None:
        raise IllegalAction(f"unknown action {action.verb!r}", Illegal.MALFORMED)
    for field in ("card", "target", "named", "position"):
        if field not in used and getattr(action, field) is not None:
            raise IllegalAction(f"{action.verb} takes no {field}", Illegal.MALFORMED)
    if action.verb == A.NOPE and action.card != C.NOPE:
        raise IllegalAction("a nope is played with a nope card", Illegal.MALFORMED)
    if (action.verb == A.PLAY and action.target is not None
            and action.card not in C.TARGETED_CARDS):
        raise IllegalAction(f"{action.card} takes no target", Illegal.MALFORMED)


def _phase_reason(state: BombState) -> str:
    phase = state.phase
    if phase is _REACT:
        return "a reaction window is open (resolve it first)"
    if phase is _GIVE:
        assert state.pending is not None
        return f"seat {state.pending.target} must first choose a card to give"
    if phase is _PLACE_BOMB:
        return f"seat {state.current} must first hide the bomb"
    if phase is _OVER:
        return "the game is over"
    return "it is the play phase"


BOMBDECK = BombDeckEngine()
