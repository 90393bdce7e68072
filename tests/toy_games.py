"""Two toy games built only on game.core, to prove the contract fits the shapes to come:
simultaneous secret bids (Die Bombe, RULES.md §5) and a cooperative game in which each seat
sees only its own stand (Caza Bombas, §4). They are test fixtures, not products."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.config import GameConfig, SeatKind
from game.core.engine import OVER, Decision, DecisionKind, Outcome
from game.core.errors import IllegalAction
from game.core.kit import GameDescriptor
from game.core.rng import Pcg32
from game.rules.kit import RulesKit


@dataclass(frozen=True, slots=True)
class Bid:
    amount: int


@dataclass(frozen=True, slots=True)
class BidView:
    seat: int
    round: int
    my_bid: int | None
    has_bid: tuple[bool, ...]
    points: tuple[int, ...]
    last_reveal: tuple[int, ...]


class BidState:
    def __init__(self, seats: int, rounds: int) -> None:
        self.bids: list[int | None] = [None] * seats
        self.points = [0] * seats
        self.round = 0
        self.rounds = rounds
        self.last_reveal: tuple[int, ...] = ()

    def copy(self) -> BidState:
        twin = BidState(len(self.bids), self.rounds)
        twin.bids, twin.points, twin.round = self.bids[:], self.points[:], self.round
        twin.last_reveal = self.last_reveal
        return twin

    def snapshot(self) -> tuple[object, ...]:
        return (tuple(self.bids), tuple(self.points), self.round, self.last_reveal)


class ToyBidding:
    """Every seat bids 1–3 at once; bids stay secret until all are in; highest unique bid
    scores a point."""

    game_ids = ("toy_bidding",)

    def new_game(self, config: GameConfig, seed: int) -> BidState:
        return BidState(config.seat_count, 3)

    def copy(self, state: BidState) -> BidState:
        return state.copy()

    def to_act(self, state: BidState) -> list[int]:
        if self.is_over(state):
            return []
        return [seat for seat, bid in enumerate(state.bids) if bid is None]

    def decision(self, state: BidState) -> Decision:
        if self.is_over(state):
            return OVER
        return Decision(DecisionKind.SECRET, tuple(self.to_act(state)), "bid")

    def result(self, state: BidState) -> Outcome:
        if not self.is_over(state):
            return Outcome((None,) * len(state.points), tuple(state.points))
        return Outcome.from_scores(state.points)

    def legal_actions(self, state: BidState, seat: int) -> list[Bid]:
        return [Bid(n) for n in (1, 2, 3)] if seat in self.to_act(state) else []

    def apply(self, state: BidState, seat: int, action: Bid) -> list[Any]:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(f"seat {seat} cannot bid {action.amount} now")
        state.bids[seat] = action.amount
        if all(bid is not None for bid in state.bids):
            bids = [int(b or 0) for b in state.bids]
            top = max(bids)
            if bids.count(top) == 1:
                state.points[bids.index(top)] += 1
            state.last_reveal = tuple(bids)
            state.bids = [None] * len(bids)
            state.round += 1
        return []

    def view(self, state: BidState, seat: int) -> BidView:
        return BidView(seat, state.round, state.bids[seat],
                       tuple(b is not None for b in state.bids), tuple(state.points),
                       state.last_reveal)

    def is_over(self, state: BidState) -> bool:
        return state.round >= state.rounds

    def ranking(self, state: BidState) -> list[int]:
        return sorted(range(len(state.points)), key=lambda s: (-state.points[s], s))

    def action_to_json(self, action: Bid) -> dict[str, Any]:
        return {"do": "bid", "amount": action.amount}

    def action_from_json(self, data: Mapping[str, Any]) -> Bid:
        return Bid(int(data["amount"]))

    def invariant_violations(self, state: BidState) -> Sequence[str]:
        return [] if sum(state.points) <= state.round else ["more points than rounds"]


@dataclass(frozen=True, slots=True)
class Cut:
    target: int
    index: int
    value: int


class WireState:
    def __init__(self, stands: list[list[int]]) -> None:
        self.stands = stands
        self.cut = [[False] * len(s) for s in stands]
        self.current = 0
        self.mistakes = 0

    def copy(self) -> WireState:
        twin = WireState([s[:] for s in self.stands])
        twin.cut = [c[:] for c in self.cut]
        twin.current, twin.mistakes = self.current, self.mistakes
        return twin

    def snapshot(self) -> tuple[object, ...]:
        return (tuple(map(tuple, self.stands)), tuple(map(tuple, self.cut)), self.current,
                self.mistakes)


class ToyWires:
    """Cooperative: point at a teammate's uncut wire and name a value you hold."""

    game_ids = ("toy_wires",)

    def new_game(self, config: GameConfig, seed: int) -> WireState:
        wires = [v for v in range(1, 5) for _ in range(config.seat_count)]
        Pcg32(seed).shuffle(wires)
        n = config.seat_count
        return WireState([sorted(wires[i::n]) for i in range(n)])

    def copy(self, state: WireState) -> WireState:
        return state.copy()

    def to_act(self, state: WireState) -> list[int]:
        return [] if self.is_over(state) else [state.current]

    def decision(self, state: WireState) -> Decision:
        if self.is_over(state):
            return OVER
        return Decision(DecisionKind.ONE, (state.current,), "cut")

    def result(self, state: WireState) -> Outcome:
        seats = len(state.stands)
        if not self.is_over(state):
            return Outcome((None,) * seats)
        won = state.mistakes < 3
        return Outcome((1 if won else None,) * seats, team_won=won)

    def _mine(self, state: WireState, seat: int) -> set[int]:
        return {v for v, c in zip(state.stands[seat], state.cut[seat], strict=True) if not c}

    def legal_actions(self, state: WireState, seat: int) -> list[Cut]:
        if seat != state.current or self.is_over(state):
            return []
        return [Cut(t, i, v) for t in range(len(state.stands)) if t != seat
                for i, c in enumerate(state.cut[t]) if not c
                for v in sorted(self._mine(state, seat))]

    def apply(self, state: WireState, seat: int, action: Cut) -> list[Any]:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("not a legal cut")
        if state.stands[action.target][action.index] == action.value:
            state.cut[action.target][action.index] = True
            mine = state.stands[seat]
            for i, v in enumerate(mine):
                if v == action.value and not state.cut[seat][i]:
                    state.cut[seat][i] = True
                    break
        else:
            state.mistakes += 1
        n = len(state.stands)
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if not all(state.cut[nxt]) and self._mine(state, nxt):
                state.current = nxt
                break
        return []

    def view(self, state: WireState, seat: int) -> tuple[object, ...]:
        shown = tuple(
            tuple((v if (t == seat or c) else None) for v, c in zip(s, state.cut[t], strict=True))
            for t, s in enumerate(state.stands)
        )
        return (seat, state.current, state.mistakes, shown)

    def is_over(self, state: WireState) -> bool:
        if state.mistakes >= 3:
            return True
        return not any(self._mine(state, s) and any(
            not all(state.cut[t]) for t in range(len(state.stands)) if t != s)
            for s in range(len(state.stands)))

    def ranking(self, state: WireState) -> list[int]:
        return list(range(len(state.stands)))

    def action_to_json(self, action: Cut) -> dict[str, Any]:
        return {"do": "cut", "target": action.target, "index": action.index,
                "value": action.value}

    def action_from_json(self, data: Mapping[str, Any]) -> Cut:
        return Cut(int(data["target"]), int(data["index"]), int(data["value"]))

    def invariant_violations(self, state: WireState) -> Sequence[str]:
        return [] if state.mistakes <= 3 else ["too many mistakes"]


# --- the toy games as kits: a descriptor, machine players, registration -----------------------

TOY_BIDDING = GameDescriptor(id="toy_bidding", family="toy_bidding", code_number=14,
                             min_seats=2, max_seats=4)
TOY_WIRES = GameDescriptor(id="toy_wires", family="toy_wires", code_number=15,
                           min_seats=2, max_seats=4, traits=frozenset({"cooperative"}))


class RandomPlayer:
    """A machine player for any toy game: a uniform choice of the legal moves."""

    level = SeatKind.LANZADO

    def choose(self, view: Any, legal: Sequence[Any], rng: Pcg32) -> Any:
        return legal[rng.below(len(legal))]


def register_toys() -> Any:
    """Register both toy games in the rules and machine-player registries; returns the
    function that removes them."""
    from game.bots import registry as bots
    from game.rules import registry as rules

    undo = [
        rules.register(RulesKit("toy_bidding", (TOY_BIDDING,), ToyBidding(), None,
                                frozenset(), frozenset({"bid"}))),
        rules.register(RulesKit("toy_wires", (TOY_WIRES,), ToyWires(), None,
                                frozenset(), frozenset({"cut"}))),
        bots.register("toy_bidding", (SeatKind.LANZADO,), lambda kind, focus: RandomPlayer()),
        bots.register("toy_wires", (SeatKind.LANZADO,), lambda kind, focus: RandomPlayer()),
    ]

    def unregister() -> None:
        for step in reversed(undo):
            step()

    return unregister
