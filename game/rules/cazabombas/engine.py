"""The Caza Bombas engine: one mission of the training campaign, as RULES.md §4 states it.

The engine plays one mission. A failed mission is replayed as a new game: the same mission with
a fresh seed and the next Captain (:func:`replay_config` builds its config), so a save, a code
and a replay always describe one mission.

Every entry point validates first and mutates after, so an ``IllegalAction`` leaves the state
untouched. Choices where the rules are silent are listed in docs/RULES-CHOICES.md.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations
from typing import Any

from game.core.config import GameConfig
from game.core.engine import OVER, Decision, DecisionKind, Outcome
from game.core.errors import Illegal, IllegalAction, MalformedInput
from game.core.rng import Pcg32
from game.rules.cazabombas import actions as A
from game.rules.cazabombas import events as E
from game.rules.cazabombas import wires as W
from game.rules.cazabombas.actions import Action
from game.rules.cazabombas.state import CazaState, Phase
from game.rules.cazabombas.view import CazaView, EquipmentSeen, WireSeen
from game.rules.cazabombas.wires import RED, Colour, Mission, Value, class_of

GAME_ID = "cazabombas"
MIN_SEATS = 2
MAX_SEATS = 5

_new = tuple.__new__
"""Builds the view's NamedTuples without their Python-level ``__new__``."""

_DECISIONS = {phase: tuple(Decision(DecisionKind.ONE, (seat,), phase.value)
                           for seat in range(MAX_SEATS))
              for phase in (Phase.SETUP, Phase.PLAY)}


# ------------------------------------------------------------------------------- setting up


def mission_number(options: Iterable[str]) -> int:
    """The mission a table's options pick (``mission1`` when none is named)."""
    picked = sorted(int(option[7:]) for option in options
                    if option.startswith("mission") and option[7:].isdigit()
                    and int(option[7:]) in W.MISSION_NUMBERS)
    unknown = [option for option in options
               if not (option.startswith("mission") and option[7:].isdigit()
                       and int(option[7:]) in W.MISSION_NUMBERS)]
    if unknown:
        raise MalformedInput(f"cazabombas has no option {sorted(unknown)[0]!r}")
    if len(picked) > 1:
        raise MalformedInput(f"cazabombas plays one mission, not {picked}")
    return picked[0] if picked else 1


def stand_layout(seats: int, captain: int) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """(owner of each stand, stands of each seat): two stands each at two players, two for the
    Captain at three, one each at four and five. Stands are numbered in seat order."""
    owner: list[int] = []
    per_seat: list[tuple[int, ...]] = []
    for seat in range(seats):
        count = 2 if seats == 2 or (seats == 3 and seat == captain) else 1
        per_seat.append(tuple(range(len(owner), len(owner) + count)))
        owner.extend([seat] * count)
    return tuple(owner), tuple(per_seat)


def deal_order(owner: tuple[int, ...], per_seat: tuple[tuple[int, ...], ...],
               captain: int) -> list[int]:
    """The stands in dealing order: the Captain's first, then on round the table."""
    first = per_seat[captain][0]
    return [(first + k) % len(owner) for k in range(len(owner))]


def _draw_colour(rng: Pcg32, colour: Colour | None, key: Any) -> tuple[list[int], list[int]]:
    """(the keys shown on the board, the keys in the bomb) for a mission's yellow or red."""
    if colour is None:
        return [], []
    numbers = list(range(colour.low, colour.high + 1))
    rng.shuffle(numbers)
    board = sorted(numbers[: colour.drawn])
    chosen = board[:]
    rng.shuffle(chosen)
    return [key(n) for n in board], sorted(key(n) for n in chosen[: colour.count])


def draw_equipment(rng: Pcg32, mission: Mission, seats: int) -> tuple[int, ...]:
    """As many equipment cards as players, at random, among those the mission uses."""
    if not mission.equipment:
        return ()
    cards = [n for n in W.EQUIPMENT if n not in mission.excluded]
    rng.shuffle(cards)
    return tuple(sorted(cards[:seats]))


def deal_mission(number: int, seats: int, captain: int, rng: Pcg32,
                 equipment: tuple[int, ...] | None = None) -> CazaState:
    """A real mission: draw the board's yellow and red values, the equipment, shuffle the
    wires and deal them one at a time over the stands, the Captain's first."""
    mission = W.mission(number, seats)
    yellow_board, yellow_in = _draw_colour(rng, mission.yellow, W.yellow_key)
    red_board, red_in = _draw_colour(rng, mission.red, W.red_key)
    cards = draw_equipment(rng, mission, seats) if equipment is None else equipment
    pool = [W.blue_key(n) for n in mission.blue_values for _ in range(W.BLUE_COPIES)]
    pool += yellow_in + red_in
    rng.shuffle(pool)
    owner, per_seat = stand_layout(seats, captain)
    stands: list[list[int]] = [[] for _ in owner]
    order = deal_order(owner, per_seat, captain)
    for position, key in enumerate(pool):
        stands[order[position % len(order)]].append(key)
    blue = [0] * (W.BLUE_MAX + 1)
    for n in mission.blue_values:
        blue[n] = W.BLUE_COPIES
    return build_state(mission, seats, captain, [sorted(s) for s in stands], tuple(blue),
                       (tuple(yellow_board), len(yellow_in)), (tuple(red_board), len(red_in)),
                       cards, rng)


def build_state(mission: Mission, seats: int, captain: int, stands: list[list[int]],
                blue_counts: tuple[int, ...], yellow: tuple[tuple[int, ...], int],
                red: tuple[tuple[int, ...], int], equipment: tuple[int, ...],
                rng: Pcg32) -> CazaState:
    """A mission about to start: stands dealt (sorted), the board public, nobody's token yet."""
    owner, per_seat = stand_layout(seats, captain)
    if len(stands) != len(owner):
        raise MalformedInput(f"{len(stands)} stands for a {seats}-player table "
                             f"({len(owner)} wanted)")
    state = CazaState.__new__(CazaState)
    state.mission = mission
    state.seats = seats
    state.stand_owner = owner
    state.seat_stands = per_seat
    state.keys = [list(stand) for stand in stands]
    state.cut = [[False] * len(stand) for stand in stands]
    state.tokens = [[None] * len(stand) for stand in stands]
    state.notv = [[0] * len(stand) for stand in stands]
    state.labels = []
    state.blue_counts = blue_counts
    state.yellow_board, state.yellow_count = yellow
    state.red_board, state.red_count = red
    state.captain = captain
    state.current = captain
    state.phase = Phase.SETUP
    state.setup_queue = []
    state.max_mistakes = seats - 1
    state.mistakes_left = seats - 1
    state.mistakes = 0
    state.detectors_used = [False] * seats
    state.equipment = tuple(sorted(equipment))
    state.equipment_used = [False] * len(state.equipment)
    state.stabilized = False
    state.claims = [0] * seats
    state.lacks = [0] * seats
    state.won = None
    state.lost_by = None
    state.rng = rng
    state.total = tuple(sorted(key for stand in stands for key in stand))
    _start(state)
    return state


def _start(state: CazaState) -> None:
    """From the Captain clockwise, each seat with a blue wire places its setup token; then
    play starts with the Captain (or the next seat holding wires)."""
    n = state.seats
    order = [(state.captain + k) % n for k in range(n)]
    state.setup_queue = [seat for seat in order if any(
        W.is_blue(key) for stand in state.seat_stands[seat] for key in state.keys[stand])]
    if state.setup_queue:
        state.phase = Phase.SETUP
        state.current = state.setup_queue[0]
    else:
        _begin_play(state)


def _begin_play(state: CazaState) -> None:
    state.phase = Phase.PLAY
    n = state.seats
    for k in range(n):
        seat = (state.captain + k) % n
        if state.has_uncut(seat):
            state.current = seat
            return
    state.current = state.captain
    state.phase = Phase.OVER
    state.won = True


def replay_config(config: GameConfig, failed: CazaState, seed: int) -> GameConfig:
    """The config that replays a failed mission with the next Captain (RULES.md §4): the
    same table and mission, dealt afresh from ``seed``. A new game draws its Captain from
    its seed and counts ``first`` seats on from it, so ``first`` is set to land on the seat
    after the failed mission's Captain."""
    drawn = Pcg32(seed).below(config.seat_count)
    wanted = (failed.captain + 1) % config.seat_count
    return GameConfig(config.game, config.seats, config.options,
                      (wanted - drawn) % config.seat_count)


# ------------------------------------------------------------------------------- the engine


class CazaBombasEngine:
    """Caza Bombas missions 1–8 for 2–5 players."""

    game_ids: tuple[str, ...] = (GAME_ID,)

    # ------------------------------------------------------------------ setup and queries

    def new_game(self, config: GameConfig, seed: int) -> CazaState:
        """A first mission: the Captain is drawn from the seed (then moved ``config.first``
        seats on, which is how a replay names the next Captain), the rest as a real deal."""
        if config.game != GAME_ID:
            raise MalformedInput(f"not a cazabombas table: {config.game!r}")
        seats = config.seat_count
        if not MIN_SEATS <= seats <= MAX_SEATS:
            raise MalformedInput(f"cazabombas takes {MIN_SEATS}–{MAX_SEATS} seats, not {seats}")
        if not 0 <= config.first < seats:
            raise MalformedInput(f"first seat {config.first} is not at this table")
        number = mission_number(config.options)
        rng = Pcg32(seed)
        captain = (rng.below(seats) + config.first) % seats
        return deal_mission(number, seats, captain, rng)

    def copy(self, state: CazaState) -> CazaState:
        return state.copy()

    def is_over(self, state: CazaState) -> bool:
        return state.phase is Phase.OVER

    def result(self, state: CazaState) -> Outcome:
        """Won: every seat shares first place. Lost, or still playing: nobody is placed (a
        cooperative team has no order among itself); ``team_won`` says which."""
        seats = state.seats
        if state.won:
            return Outcome((1,) * seats, team_won=True, mistakes=state.mistakes)
        return Outcome((None,) * seats, team_won=state.won, mistakes=state.mistakes)

    def decision(self, state: CazaState) -> Decision:
        phase = state.phase
        if phase is Phase.OVER:
            return OVER
        return _DECISIONS[phase][state.current]

    def to_act(self, state: CazaState) -> list[int]:
        return [] if state.phase is Phase.OVER else [state.current]

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, state: CazaState, seat: int) -> list[Action]:
        if state.phase is Phase.OVER or seat != state.current:
            return []
        if state.phase is Phase.SETUP:
            return [Action(A.TOKEN, stand=rel, pos=i)
                    for rel, g in enumerate(state.seat_stands[seat])
                    for i, key in enumerate(state.keys[g])
                    if W.is_blue(key) and state.tokens[g][i] is None]
        held = _held(state, seat)
        if not held:
            return [A.REVEAL_ACTION]
        values = sorted(held, key=W.value_order)
        numbers = [v for v in values if isinstance(v, int)]
        targets = _targets(state, seat)
        legal = self._equipment_moves(state, seat, values, numbers, targets)
        for t, rel, _g, uncut in targets:
            for i in uncut:
                legal.extend(Action(A.DUAL_CUT, target=t, stand=rel, pos=i, value=v)
                             for v in values)
        if not state.detectors_used[seat] and numbers:
            for t, rel, _g, uncut in targets:
                for pair in combinations(uncut, 2):
                    legal.extend(Action(A.DOUBLE_DETECTOR, target=t, stand=rel, indices=pair,
                                        value=v) for v in numbers)
        legal.extend(Action(A.SOLO_CUT, value=v) for v in values if _solo_ok(state, seat, v))
        return legal

    def _equipment_moves(self, state: CazaState, seat: int, values: list[Value],
                         numbers: list[int], targets: list[tuple[int, int, int, list[int]]]
                         ) -> list[Action]:
        moves: list[Action] = []
        if not state.equipment:
            return moves
        eq = A.EQUIPMENT_VERB
        for position, card in enumerate(state.equipment):
            if state.equipment_used[position] or state.blue_cut(card) < W.UNLOCK_CUTS:
                continue
            if card in (W.LABEL_NEQ, W.LABEL_EQ):
                for rel, g in enumerate(state.seat_stands[seat]):
                    for i in range(len(state.keys[g]) - 1):
                        if _label_true(state, g, i, card):
                            moves.append(Action(eq, card, stand=rel, indices=(i, i + 1)))
            elif card == W.WALKIE_TALKIES:
                for own_rel, own_g in enumerate(state.seat_stands[seat]):
                    for oi, done in enumerate(state.cut[own_g]):
                        if done:
                            continue
                        for t, rel, _g, uncut in targets:
                            moves.extend(Action(eq, card, target=t, stand=rel, pos=i,
                                                own=(own_rel, oi)) for i in uncut)
            elif card == W.TRIPLE_DETECTOR:
                for t, rel, _g, uncut in targets:
                    for trio in combinations(uncut, 3):
                        moves.extend(Action(eq, card, target=t, stand=rel, indices=trio,
                                            value=v) for v in numbers)
            elif card == W.POST_IT:
                for rel, g in enumerate(state.seat_stands[seat]):
                    for i, key in enumerate(state.keys[g]):
                        if (W.is_blue(key) and not state.cut[g][i]
                                and state.tokens[g][i] is None):
                            moves.append(Action(eq, card, stand=rel, pos=i))
            elif card == W.SUPER_DETECTOR:
                for t, rel, _g, _uncut in targets:
                    moves.extend(Action(eq, card, target=t, stand=rel, value=v)
                                 for v in numbers)
            elif card == W.REWINDER:
                if state.mistakes_left < state.max_mistakes:
                    moves.append(Action(eq, card))
            elif card == W.EMERGENCY_BATTERIES:
                used = [s for s in range(state.seats) if state.detectors_used[s]]
                moves.extend(Action(eq, card, seats=(s,)) for s in used)
                moves.extend(Action(eq, card, seats=pair) for pair in combinations(used, 2))
            elif card == W.GENERAL_RADAR:
                moves.extend(Action(eq, card, value=v)
                             for v in state.mission.blue_values)
            elif card == W.STABILIZER:
                if not state.stabilized:
                    moves.append(Action(eq, card))
            elif card == W.X_OR_Y_RAY:
                pairs = list(combinations(values, 2))
                for t, rel, _g, uncut in targets:
                    for i in uncut:
                        moves.extend(Action(eq, card, target=t, stand=rel, pos=i, values=p)
                                     for p in pairs)
            elif card == W.COFFEE_MUG:
                moves.extend(Action(eq, card, target=t) for t in range(state.seats)
                             if t != seat and state.has_uncut(t))
        return moves

    # ------------------------------------------------------------------ applying

    def apply(self, state: CazaState, seat: int, action: Action) -> list[E.CazaEvent]:
        if state.phase is Phase.OVER:
            raise IllegalAction("the mission is over", Illegal.OVER)
        if not isinstance(action, Action):
            raise IllegalAction(f"not a cazabombas action: {action!r}", Illegal.MALFORMED)
        _check_shape(action)
        if not 0 <= seat < state.seats:
            raise IllegalAction(f"there is no seat {seat}", Illegal.NO_SUCH_SEAT)
        verb = action.verb
        if verb == A.TOKEN:
            return self._token(state, seat, action)
        if state.phase is not Phase.PLAY:
            raise IllegalAction(f"cannot {verb} now: seat {state.current} must first place "
                                "its setup info token", Illegal.NOT_NOW)
        if seat != state.current:
            raise IllegalAction(f"it is seat {state.current}'s turn, not seat {seat}'s",
                                Illegal.NOT_YOUR_TURN)
        if verb == A.REVEAL_REDS:
            return self._reveal(state, seat)
        if not _held(state, seat):
            raise IllegalAction(f"seat {seat} holds only red wires: it must reveal them",
                                Illegal.NOT_HELD)
        if verb == A.DUAL_CUT:
            return self._dual_cut(state, seat, action)
        if verb == A.DOUBLE_DETECTOR:
            return self._double_detector(state, seat, action)
        if verb == A.SOLO_CUT:
            return self._solo_cut(state, seat, action)
        return self._equipment(state, seat, action)

    # --- setup

    def _token(self, state: CazaState, seat: int, action: Action) -> list[E.CazaEvent]:
        if state.phase is not Phase.SETUP:
            raise IllegalAction("setup tokens are placed before play starts", Illegal.NOT_NOW)
        if seat != state.current:
            raise IllegalAction(f"seat {state.current} places its token now, not seat {seat}",
                                Illegal.NOT_YOUR_TURN)
        g, i = _own_place(state, seat, action.stand, action.pos)
        key = state.keys[g][i]
        if not W.is_blue(key):
            raise IllegalAction("the setup token goes in front of a blue wire", Illegal.FORBIDDEN)
        state.tokens[g][i] = class_of(key)
        events: list[E.CazaEvent] = [E.TokenPlaced(seat, g, i, class_of(key), "setup")]
        state.setup_queue.pop(0)
        if state.setup_queue:
            state.current = state.setup_queue[0]
            events.append(E.TurnBegan(state.current, Phase.SETUP.value))
        else:
            _begin_play(state)
            events.append(E.TurnBegan(state.current, state.phase.value))
        return events

    # --- cuts

    def _dual_cut(self, state: CazaState, seat: int, action: Action) -> list[E.CazaEvent]:
        value = _named(state, seat, action.value)
        g, i = _target_wire(state, seat, action.target, action.stand, action.pos)
        own = _own_choice(state, seat, action.own, (value,))
        events: list[E.CazaEvent] = []
        _detect(state, seat, A.DUAL_CUT, g, [i], (value,), own, events)
        return events

    def _double_detector(self, state: CazaState, seat: int, action: Action
                         ) -> list[E.CazaEvent]:
        if state.detectors_used[seat]:
            raise IllegalAction(f"seat {seat} has used its Double Detector in this mission",
                                Illegal.NOT_NOW)
        value = _named_number(state, seat, action.value, "the Double Detector")
        g, indices = _target_wires(state, seat, action, 2)
        own = _own_choice(state, seat, action.own, (value,))
        state.detectors_used[seat] = True
        events: list[E.CazaEvent] = []
        _detect(state, seat, A.DOUBLE_DETECTOR, g, indices, (value,), own, events)
        return events

    def _solo_cut(self, state: CazaState, seat: int, action: Action) -> list[E.CazaEvent]:
        value = _named(state, seat, action.value)
        if not _solo_ok(state, seat, value):
            raise IllegalAction(f"seat {seat} does not hold every remaining {value} wire",
                                Illegal.NOT_HELD)
        cut: list[E.Wire] = []
        for g in state.seat_stands[seat]:
            for i, key in enumerate(state.keys[g]):
                if not state.cut[g][i] and class_of(key) == value:
                    _cut(state, g, i)
                    cut.append((g, i, key))
        events: list[E.CazaEvent] = [E.WiresCut(seat, A.SOLO_CUT, tuple(cut))]
        _end_turn(state, events)
        return events

    def _reveal(self, state: CazaState, seat: int) -> list[E.CazaEvent]:
        if _held(state, seat):
            raise IllegalAction("reds are revealed only when every wire left is red",
                                Illegal.NOT_NOW)
        revealed: list[E.Wire] = []
        for g in state.seat_stands[seat]:
            for i, key in enumerate(state.keys[g]):
                if not state.cut[g][i]:
                    _cut(state, g, i)
                    revealed.append((g, i, key))
        if not revealed:  # pragma: no cover - a seat with no wire never has the turn
            raise IllegalAction(f"seat {seat} has no wire left", Illegal.NOT_HELD)
        events: list[E.CazaEvent] = [E.WiresCut(seat, A.REVEAL_REDS, tuple(revealed))]
        _end_turn(state, events)
        return events

    # --- equipment

    def _equipment(self, state: CazaState, seat: int, action: Action) -> list[E.CazaEvent]:
        card = action.card
        assert card is not None  # the shape check
        if card not in state.equipment:
            raise IllegalAction(f"equipment card {card} is not in this mission", Illegal.FORBIDDEN)
        position = state.equipment.index(card)
        if state.equipment_used[position]:
            raise IllegalAction(f"equipment card {card} has been used", Illegal.NOT_NOW)
        if state.blue_cut(card) < W.UNLOCK_CUTS:
            raise IllegalAction(f"equipment card {card} unlocks once two {card} wires are cut",
                                Illegal.NOT_NOW)
        events: list[E.CazaEvent] = []
        if card in (W.LABEL_NEQ, W.LABEL_EQ):
            prepare = self._label(state, seat, action, card)
        elif card == W.WALKIE_TALKIES:
            prepare = self._walkie_talkies(state, seat, action)
        elif card == W.TRIPLE_DETECTOR:
            prepare = self._detector_card(state, seat, action, 3)
        elif card == W.SUPER_DETECTOR:
            prepare = self._detector_card(state, seat, action, 0)
        elif card == W.X_OR_Y_RAY:
            prepare = self._x_or_y(state, seat, action)
        elif card == W.POST_IT:
            prepare = self._post_it(state, seat, action)
        elif card == W.REWINDER:
            if state.mistakes_left >= state.max_mistakes:
                raise IllegalAction("the dial is at its start: there is nothing to rewind",
                                    Illegal.NOT_NOW)

            def prepare(events: list[E.CazaEvent]) -> None:
                state.mistakes_left += 1
                events.append(E.DialMoved(state.mistakes_left))
        elif card == W.EMERGENCY_BATTERIES:
            prepare = self._batteries(state, action)
        elif card == W.GENERAL_RADAR:
            prepare = self._radar(state, action)
        elif card == W.STABILIZER:
            if state.stabilized:  # pragma: no cover - one Stabilizer per mission
                raise IllegalAction("the Stabilizer is already on", Illegal.NOT_NOW)

            def prepare(events: list[E.CazaEvent]) -> None:
                state.stabilized = True
        else:
            prepare = self._coffee_mug(state, seat, action)
        state.equipment_used[position] = True
        events.append(E.EquipmentUsed(seat, card))
        prepare(events)
        return events

    def _label(self, state: CazaState, seat: int, action: Action, card: int) -> Any:
        g = _own_stand(state, seat, action.stand)
        indices = action.indices
        assert indices is not None
        if len(indices) != 2 or indices[1] - indices[0] != 1 or not (
                indices[0] >= 0 and indices[1] < len(state.keys[g])):
            raise IllegalAction("a label goes in front of two adjacent wires of your stand",
                                Illegal.FORBIDDEN)
        i = indices[0]
        if not _label_true(state, g, i, card):
            kind = "the same" if card == W.LABEL_EQ else "different"
            raise IllegalAction(f"a label says what is true: these wires are not {kind} "
                                "(or both are cut)", Illegal.FORBIDDEN)
        kind = "=" if card == W.LABEL_EQ else "≠"

        def prepare(events: list[E.CazaEvent]) -> None:
            state.labels.append((g, i, kind))
            events.append(E.LabelPlaced(seat, g, i, kind))
        return prepare

    def _walkie_talkies(self, state: CazaState, seat: int, action: Action) -> Any:
        tg, ti = _target_wire(state, seat, action.target, action.stand, action.pos)
        if action.own is None:
            raise IllegalAction("Walkie-Talkies need your own wire (own = [stand, index])",
                                Illegal.FORBIDDEN)
        og, oi = _own_place(state, seat, action.own[0], action.own[1])
        if state.cut[og][oi]:
            raise IllegalAction("only uncut wires are swapped", Illegal.FORBIDDEN)
        teammate = state.stand_owner[tg]

        def prepare(events: list[E.CazaEvent]) -> None:
            given = _take_wire(state, og, oi)
            taken = _take_wire(state, tg, ti)
            _put_wire(state, og, taken)
            _put_wire(state, tg, given)
            for s in (seat, teammate):
                state.claims[s] = 0
                state.lacks[s] = 0
            events.append(E.WiresSwapped(seat, teammate, (og, oi), (tg, ti), given[0],
                                         taken[0], (seat, teammate)))
        return prepare

    def _detector_card(self, state: CazaState, seat: int, action: Action, size: int) -> Any:
        card = W.TRIPLE_DETECTOR if size == 3 else W.SUPER_DETECTOR
        value = _named_number(state, seat, action.value, W.EQUIPMENT[card])
        if size:
            g, indices = _target_wires(state, seat, action, size)
        else:
            g, _ = _target_wire(state, seat, action.target, action.stand, None)
            indices = [i for i, done in enumerate(state.cut[g]) if not done]
            if not indices:
                raise IllegalAction("that stand has no uncut wire", Illegal.BAD_TARGET)
        own = _own_choice(state, seat, action.own, (value,))
        verb = W.EQUIPMENT[card]

        def prepare(events: list[E.CazaEvent]) -> None:
            _detect(state, seat, verb, g, indices, (value,), own, events)
        return prepare

    def _x_or_y(self, state: CazaState, seat: int, action: Action) -> Any:
        values = action.values
        assert values is not None
        if len(values) != 2 or values[0] == values[1]:
            raise IllegalAction("X or Y Ray names two different values", Illegal.FORBIDDEN)
        named = tuple(_named(state, seat, v) for v in values)
        g, i = _target_wire(state, seat, action.target, action.stand, action.pos)
        own = _own_choice(state, seat, action.own, named)

        def prepare(events: list[E.CazaEvent]) -> None:
            _detect(state, seat, W.EQUIPMENT[W.X_OR_Y_RAY], g, [i], named, own, events)
        return prepare

    def _post_it(self, state: CazaState, seat: int, action: Action) -> Any:
        g, i = _own_place(state, seat, action.stand, action.pos)
        key = state.keys[g][i]
        if not W.is_blue(key) or state.cut[g][i] or state.tokens[g][i] is not None:
            raise IllegalAction("the Post-it marks an uncut blue wire of yours with no token",
                                Illegal.FORBIDDEN)

        def prepare(events: list[E.CazaEvent]) -> None:
            state.tokens[g][i] = class_of(key)
            events.append(E.TokenPlaced(seat, g, i, class_of(key), "post_it"))
        return prepare

    def _batteries(self, state: CazaState, action: Action) -> Any:
        seats = action.seats
        assert seats is not None
        if not 1 <= len(seats) <= 2 or len(set(seats)) != len(seats):
            raise IllegalAction("Emergency Batteries recharge one or two Double Detectors",
                                Illegal.FORBIDDEN)
        for s in seats:
            if not 0 <= s < state.seats:
                raise IllegalAction(f"there is no seat {s}", Illegal.NO_SUCH_SEAT)
            if not state.detectors_used[s]:
                raise IllegalAction(f"seat {s}'s Double Detector has not been used",
                                    Illegal.BAD_TARGET)

        def prepare(events: list[E.CazaEvent]) -> None:
            for s in seats:
                state.detectors_used[s] = False
            events.append(E.DetectorsRecharged(tuple(seats)))
        return prepare

    def _radar(self, state: CazaState, action: Action) -> Any:
        value = action.value
        if not isinstance(value, int) or value not in state.mission.blue_values:
            raise IllegalAction(f"the General Radar asks about a number of this mission "
                                f"(1–{state.mission.blue_max}), not {value!r}", Illegal.FORBIDDEN)
        bit = W.class_bit(value)

        def prepare(events: list[E.CazaEvent]) -> None:
            holders = tuple(_holds(state, s, value) for s in range(state.seats))
            for s, has in enumerate(holders):
                if has:
                    state.claims[s] |= bit
                else:
                    state.lacks[s] |= bit
            events.append(E.RadarAnswered(value, holders))
        return prepare

    def _coffee_mug(self, state: CazaState, seat: int, action: Action) -> Any:
        target = action.target
        if target is None or not 0 <= target < state.seats or target == seat:
            raise IllegalAction("the Coffee Mug hands the turn to another seat", Illegal.BAD_TARGET)
        if not state.has_uncut(target):
            raise IllegalAction(f"seat {target} has no wire left to cut", Illegal.BAD_TARGET)

        def prepare(events: list[E.CazaEvent]) -> None:
            state.stabilized = False
            state.current = target
            events.append(E.TurnBegan(target, Phase.PLAY.value))
        return prepare

    # ------------------------------------------------------------------ views and checks

    def view(self, state: CazaState, seat: int) -> CazaView:
        owner = state.stand_owner
        stands = []
        cut_counts = [0] * (W.BLUE_MAX + 1)
        for g, (keys, cut, tokens, notv) in enumerate(zip(state.keys, state.cut, state.tokens,
                                                          state.notv, strict=True)):
            mine = owner[g] == seat
            row = []
            for key, done, token, bits in zip(keys, cut, tokens, notv, strict=True):
                if done and key % 10 == 0:
                    cut_counts[key // 10] += 1
                row.append(_new(WireSeen, (key if mine or done else None, done, token, bits)))
            stands.append(tuple(row))
        equipment = tuple(_new(EquipmentSeen, (card, cut_counts[card] >= W.UNLOCK_CUTS, used))
                          for card, used in zip(state.equipment, state.equipment_used,
                                                strict=True))
        validated = tuple(n for n in range(1, W.BLUE_MAX + 1)
                          if state.blue_counts[n] and cut_counts[n] == state.blue_counts[n])
        seated = 0 <= seat < state.seats
        return _new(CazaView, (
            GAME_ID, state.mission.number, seat, state.seats, state.phase.value, state.current,
            state.captain, state.mistakes_left, state.max_mistakes, state.won, owner,
            state.seat_stands[seat] if seated else (), tuple(stands), state.blue_counts,
            state.yellow_board, state.yellow_count, state.red_board, state.red_count, equipment,
            tuple(state.detectors_used), state.stabilized, tuple(state.labels),
            tuple(state.claims), tuple(state.lacks), validated, tuple(state.setup_queue),
        ))

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return action.to_json()

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return A.action_from_json(data)

    def invariant_violations(self, state: CazaState) -> Sequence[str]:
        """Wires conserved, stands sorted, the dial in bounds, and every public record true."""
        problems: list[str] = []
        keys = sorted(k for stand in state.keys for k in stand)
        if tuple(keys) != state.total:
            problems.append("wires not conserved")
        for g, stand in enumerate(state.keys):
            if stand != sorted(stand):
                problems.append(f"stand {g} is out of sort order")
            lengths = {len(stand), len(state.cut[g]), len(state.tokens[g]), len(state.notv[g])}
            if len(lengths) != 1:
                problems.append(f"stand {g}'s records differ in length")
                continue
            for i, key in enumerate(stand):
                token = state.tokens[g][i]
                if token is not None and token != class_of(key):
                    problems.append(f"stand {g} wire {i}: token {token} on a {class_of(key)}")
                if state.notv[g][i] & W.class_bit(class_of(key)):
                    problems.append(f"stand {g} wire {i}: marked as not what it is")
        if not 0 <= state.mistakes_left <= state.max_mistakes:
            problems.append(f"dial out of bounds: {state.mistakes_left} mistakes left")
        if (state.phase is Phase.OVER) != (state.won is not None):
            problems.append(f"phase {state.phase.value} with won={state.won}")
        if state.won and any(False in cut for cut in state.cut):
            problems.append("won with a wire uncut")
        if state.phase is Phase.PLAY and not state.has_uncut(state.current):
            problems.append(f"seat {state.current} has the turn and no wire")
        for g, i, kind in state.labels:
            if not 0 <= i < len(state.keys[g]) - 1:
                problems.append(f"label off the stand {g} at {i}")
            elif (class_of(state.keys[g][i]) == class_of(state.keys[g][i + 1])) != (kind == "="):
                problems.append(f"a false {kind} label on stand {g} at {i}")
        for s in range(state.seats):
            held = 0
            for g in state.seat_stands[s]:
                for key, done in zip(state.keys[g], state.cut[g], strict=True):
                    if not done:
                        held |= W.class_bit(class_of(key))
            if state.claims[s] & ~held:
                problems.append(f"seat {s} is said to hold a class it lacks")
            if state.lacks[s] & held:
                problems.append(f"seat {s} is said to lack a class it holds")
        return problems


# ------------------------------------------------------------------------------- helpers


def _held(state: CazaState, seat: int) -> set[Value]:
    """The classes ``seat`` may name: those of its uncut wires that are not red."""
    held: set[Value] = set()
    for g in state.seat_stands[seat]:
        for key, done in zip(state.keys[g], state.cut[g], strict=True):
            if not done and key % 10 != 5:
                held.add(class_of(key))
    return held


def _holds(state: CazaState, seat: int, value: Value) -> bool:
    return any(not done and class_of(key) == value
               for g in state.seat_stands[seat]
               for key, done in zip(state.keys[g], state.cut[g], strict=True))


def _targets(state: CazaState, seat: int) -> list[tuple[int, int, int, list[int]]]:
    """(teammate, its stand number, global stand, uncut indices) of every stand one may cut."""
    found = []
    for t in range(state.seats):
        if t == seat:
            continue
        for rel, g in enumerate(state.seat_stands[t]):
            uncut = [i for i, done in enumerate(state.cut[g]) if not done]
            if uncut:
                found.append((t, rel, g, uncut))
    return found


def _solo_ok(state: CazaState, seat: int, value: Value) -> bool:
    """``seat`` holds every uncut wire of ``value`` left in the bomb (at least one)."""
    mine = set(state.seat_stands[seat])
    found = False
    for g, (keys, cut) in enumerate(zip(state.keys, state.cut, strict=True)):
        for key, done in zip(keys, cut, strict=True):
            if not done and class_of(key) == value:
                if g not in mine:
                    return False
                found = True
    return found


def _label_true(state: CazaState, g: int, i: int, card: int) -> bool:
    keys, cut = state.keys[g], state.cut[g]
    if cut[i] and cut[i + 1]:
        return False
    same = class_of(keys[i]) == class_of(keys[i + 1])
    return same if card == W.LABEL_EQ else not same


def _own_stand(state: CazaState, seat: int, stand: int | None) -> int:
    stands = state.seat_stands[seat]
    rel = 0 if stand is None else stand
    if not 0 <= rel < len(stands):
        raise IllegalAction(f"seat {seat} has no stand {rel}", Illegal.BAD_TARGET)
    return stands[rel]


def _own_place(state: CazaState, seat: int, stand: int | None, index: int | None
               ) -> tuple[int, int]:
    g = _own_stand(state, seat, stand)
    if index is None:
        raise IllegalAction("which wire? an 'index' is needed", Illegal.MALFORMED)
    if not 0 <= index < len(state.keys[g]):
        raise IllegalAction(f"stand {stand or 0} of seat {seat} has no wire {index}",
                            Illegal.BAD_TARGET)
    return g, index


def _teammate_stand(state: CazaState, seat: int, target: int | None, stand: int | None) -> int:
    if target is None:
        raise IllegalAction("which teammate? a 'target' is needed", Illegal.MALFORMED)
    if not 0 <= target < state.seats:
        raise IllegalAction(f"there is no seat {target}", Illegal.NO_SUCH_SEAT)
    if target == seat:
        raise IllegalAction("cut a teammate's wire, not your own", Illegal.BAD_TARGET)
    stands = state.seat_stands[target]
    rel = 0 if stand is None else stand
    if not 0 <= rel < len(stands):
        raise IllegalAction(f"seat {target} has no stand {rel}", Illegal.BAD_TARGET)
    return stands[rel]


def _target_wire(state: CazaState, seat: int, target: int | None, stand: int | None,
                 index: int | None) -> tuple[int, int]:
    """A teammate's uncut wire (``index`` ``None``: just the stand, index -1)."""
    g = _teammate_stand(state, seat, target, stand)
    if index is None:
        return g, -1
    if not 0 <= index < len(state.keys[g]):
        raise IllegalAction(f"that stand has no wire {index}", Illegal.BAD_TARGET)
    if state.cut[g][index]:
        raise IllegalAction(f"wire {index} of that stand is already cut", Illegal.BAD_TARGET)
    return g, index


def _target_wires(state: CazaState, seat: int, action: Action, size: int
                  ) -> tuple[int, list[int]]:
    g = _teammate_stand(state, seat, action.target, action.stand)
    indices = action.indices
    if indices is None:
        raise IllegalAction(f"which wires? 'indices' with {size} wires are needed",
                            Illegal.MALFORMED)
    if len(indices) != size or len(set(indices)) != size:
        raise IllegalAction(f"point at {size} different wires of one stand", Illegal.BAD_TARGET)
    for i in indices:
        if not 0 <= i < len(state.keys[g]):
            raise IllegalAction(f"that stand has no wire {i}", Illegal.BAD_TARGET)
        if state.cut[g][i]:
            raise IllegalAction(f"wire {i} of that stand is already cut", Illegal.BAD_TARGET)
    return g, list(indices)


def _named(state: CazaState, seat: int, value: Value | None) -> Value:
    if value is None:
        raise IllegalAction("name a value (1–12 or yellow)", Illegal.MALFORMED)
    if value == RED:
        raise IllegalAction("nobody names red: a red wire is never cut on purpose",
                            Illegal.FORBIDDEN)
    if not W.valid_named(value):
        raise IllegalAction(f"{value!r} is not a value (1–12 or yellow)", Illegal.MALFORMED)
    if not _holds(state, seat, value):
        raise IllegalAction(f"seat {seat} holds no uncut {value} wire to cut with",
                            Illegal.NOT_HELD)
    return value


def _named_number(state: CazaState, seat: int, value: Value | None, what: str) -> int:
    named = _named(state, seat, value)
    if not isinstance(named, int):
        raise IllegalAction(f"{what} names numbers only", Illegal.MALFORMED)
    return named


def _own_choice(state: CazaState, seat: int, own: tuple[int, int] | None,
                values: tuple[Value, ...]) -> tuple[int, int] | None:
    """The own wire a scenario named, checked now (it must be uncut and of a named value)."""
    if own is None:
        return None
    g, i = _own_place(state, seat, own[0], own[1])
    if state.cut[g][i] or class_of(state.keys[g][i]) not in values:
        named = " or ".join(map(str, values))
        raise IllegalAction(f"own wire {list(own)} is not an uncut {named} wire",
                            Illegal.BAD_TARGET)
    return g, i


def _own_wire(state: CazaState, seat: int, value: Value, own: tuple[int, int] | None
              ) -> tuple[int, int]:
    """The own wire cut with a right cut: the one named, if of the right class, else the
    leftmost one."""
    if own is not None and class_of(state.keys[own[0]][own[1]]) == value:
        return own
    for g in state.seat_stands[seat]:
        for i, key in enumerate(state.keys[g]):
            if not state.cut[g][i] and class_of(key) == value:
                return g, i
    raise AssertionError("a named value is always held")  # pragma: no cover


def _cut(state: CazaState, g: int, i: int) -> None:
    state.cut[g][i] = True
    owner = state.stand_owner[g]
    state.claims[owner] &= ~W.class_bit(class_of(state.keys[g][i]))


def _detect(state: CazaState, seat: int, verb: str, g: int, indices: list[int],
            values: tuple[Value, ...], own: tuple[int, int] | None,
            events: list[E.CazaEvent]) -> None:
    """A cut on one or more wires of one stand naming ``values``: the first wire (in the
    order given) of a named class is cut with the seat's own; if none is, the cut is wrong."""
    keys = state.keys[g]
    for i in indices:
        found = class_of(keys[i])
        if found in values:
            og, oi = _own_wire(state, seat, found, own)
            _cut(state, g, i)
            _cut(state, og, oi)
            events.append(E.WiresCut(seat, verb, ((g, i, keys[i]), (og, oi, state.keys[og][oi]))))
            _end_turn(state, events)
            return
    state.mistakes += 1
    for value in values:
        state.claims[seat] |= W.class_bit(value)
    bits = 0
    for value in values:
        bits |= W.class_bit(value)
    not_red = [i for i in indices if not W.is_red(keys[i])]
    if not not_red:
        if not state.stabilized:
            events.append(E.CutMissed(seat, verb, g, tuple(indices), values,
                                      state.mistakes_left, False))
            events.append(E.Exploded(seat, g, tuple(indices)))
            _lose(state, "red", events)
            return
        for i in indices:  # the Stabilizer holds: the reds are cut, face up
            _cut(state, g, i)
        events.append(E.CutMissed(seat, verb, g, tuple(indices), values,
                                  state.mistakes_left, True))
        events.append(E.WiresCut(seat, A.REVEAL_REDS, tuple((g, i, keys[i]) for i in indices)))
        _end_turn(state, events)
        return
    marked = not_red[0]
    state.tokens[g][marked] = class_of(keys[marked])
    for i in indices:
        if i != marked:
            state.notv[g][i] |= bits
    stabilized = state.stabilized
    if not stabilized and state.mistakes_left == 0:
        events.append(E.CutMissed(seat, verb, g, tuple(indices), values, 0, False))
        events.append(E.TokenPlaced(seat, g, marked, class_of(keys[marked]), "miss"))
        _lose(state, "dial", events)
        return
    if not stabilized:
        state.mistakes_left -= 1
    events.append(E.CutMissed(seat, verb, g, tuple(indices), values, state.mistakes_left,
                              stabilized))
    events.append(E.TokenPlaced(seat, g, marked, class_of(keys[marked]), "miss"))
    _end_turn(state, events)


def _lose(state: CazaState, why: str, events: list[E.CazaEvent]) -> None:
    state.phase = Phase.OVER
    state.won = False
    state.lost_by = why
    state.stabilized = False
    events.append(E.MissionOver(False, why))


def _end_turn(state: CazaState, events: list[E.CazaEvent]) -> None:
    """The turn's action is done: the mission is won when no wire is left uncut, else the
    next seat clockwise that still has wires plays."""
    state.stabilized = False
    n = state.seats
    for k in range(1, n + 1):
        seat = (state.current + k) % n
        if state.has_uncut(seat):
            state.current = seat
            events.append(E.TurnBegan(seat, Phase.PLAY.value))
            return
    state.phase = Phase.OVER
    state.won = True
    events.append(E.MissionOver(True, "defused"))


_Record = tuple[int, bool, Value | None, int]


def _take_wire(state: CazaState, g: int, i: int) -> _Record:
    """Remove a wire (with its token and marks) from its stand; labels on it go."""
    record = (state.keys[g].pop(i), state.cut[g].pop(i), state.tokens[g].pop(i),
              state.notv[g].pop(i))
    kept = []
    for lg, li, kind in state.labels:
        if lg != g:
            kept.append((lg, li, kind))
        elif li != i and li + 1 != i:
            kept.append((lg, li - 1 if li > i else li, kind))
    state.labels = kept
    return record


def _put_wire(state: CazaState, g: int, record: _Record) -> None:
    """Insert a wire where the sort order puts it (after equal keys); a label it separates
    goes."""
    at = bisect_right(state.keys[g], record[0])
    state.keys[g].insert(at, record[0])
    state.cut[g].insert(at, record[1])
    state.tokens[g].insert(at, record[2])
    state.notv[g].insert(at, record[3])
    kept = []
    for lg, li, kind in state.labels:
        if lg != g or li + 1 < at:
            kept.append((lg, li, kind))
        elif li >= at:
            kept.append((lg, li + 1, kind))
    state.labels = kept


_FIELDS: dict[str, tuple[str, ...]] = {
    A.TOKEN: ("stand", "pos"),
    A.DUAL_CUT: ("target", "stand", "pos", "value", "own"),
    A.DOUBLE_DETECTOR: ("target", "stand", "indices", "value", "own"),
    A.SOLO_CUT: ("value",),
    A.REVEAL_REDS: (),
}
_CARD_FIELDS: dict[int, tuple[str, ...]] = {
    W.LABEL_NEQ: ("stand", "indices"),
    W.LABEL_EQ: ("stand", "indices"),
    W.WALKIE_TALKIES: ("target", "stand", "pos", "own"),
    W.TRIPLE_DETECTOR: ("target", "stand", "indices", "value", "own"),
    W.POST_IT: ("stand", "pos"),
    W.SUPER_DETECTOR: ("target", "stand", "value", "own"),
    W.REWINDER: (),
    W.EMERGENCY_BATTERIES: ("seats",),
    W.GENERAL_RADAR: ("value",),
    W.STABILIZER: (),
    W.X_OR_Y_RAY: ("target", "stand", "pos", "values", "own"),
    W.COFFEE_MUG: ("target",),
}
_ALL_FIELDS = ("card", "target", "stand", "pos", "indices", "value", "values", "own", "seats")
NEEDS: dict[str, tuple[str, ...]] = {
    A.TOKEN: ("pos",),
    A.DUAL_CUT: ("target", "pos", "value"),
    A.DOUBLE_DETECTOR: ("target", "indices", "value"),
    A.SOLO_CUT: ("value",),
    A.REVEAL_REDS: (),
}
"""The fields a step must give (``stand`` defaults to 0, ``own`` to the leftmost match)."""
CARD_NEEDS: dict[int, tuple[str, ...]] = {
    W.LABEL_NEQ: ("indices",),
    W.LABEL_EQ: ("indices",),
    W.WALKIE_TALKIES: ("target", "pos", "own"),
    W.TRIPLE_DETECTOR: ("target", "indices", "value"),
    W.POST_IT: ("pos",),
    W.SUPER_DETECTOR: ("target", "value"),
    W.REWINDER: (),
    W.EMERGENCY_BATTERIES: ("seats",),
    W.GENERAL_RADAR: ("value",),
    W.STABILIZER: (),
    W.X_OR_Y_RAY: ("target", "pos", "values"),
    W.COFFEE_MUG: ("target",),
}


_FILE_NAMES = {"pos": "index"}
"""Action fields that files call otherwise."""


def fields_of(action: Action) -> tuple[str, ...]:
    """The fields ``action``'s verb (and card) uses."""
    if action.verb == A.EQUIPMENT_VERB:
        if action.card is None:
            return ("card",)
        return ("card", *_CARD_FIELDS[action.card])
    return _FIELDS[action.verb]


def _check_shape(action: Action) -> None:
    """An action carrying a field its verb does not use is not a move of this game."""
    if action.verb not in _FIELDS and action.verb != A.EQUIPMENT_VERB:
        raise IllegalAction(f"unknown action {action.verb!r}", Illegal.MALFORMED)
    if action.verb == A.EQUIPMENT_VERB and action.card not in _CARD_FIELDS:
        raise IllegalAction("equipment needs a card number (1–12)", Illegal.MALFORMED)
    used = fields_of(action)
    for name in _ALL_FIELDS:
        if name not in used and getattr(action, name) is not None:
            raise IllegalAction(f"{action.verb} takes no {_FILE_NAMES.get(name, name)}",
                                Illegal.MALFORMED)
    needs = (CARD_NEEDS[action.card] if action.verb == A.EQUIPMENT_VERB and action.card
             else NEEDS.get(action.verb, ()))
    for name in needs:
        if getattr(action, name) is None:
            raise IllegalAction(f"{action.verb} needs '{_FILE_NAMES.get(name, name)}'",
                                Illegal.MALFORMED)


CAZABOMBAS = CazaBombasEngine()
