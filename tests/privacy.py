"""The generic privacy check: along random games, for every seat, a twin of the state that
differs only in what that seat may not see (the kit's ``hidden_twin``) must look the same to
it, through the engine contract only.

At every position of the walk and for every seat ``s``, with ``twin = hidden_twin(state, s)``:

- the twin is a state the rules allow (``invariant_violations``) and the state it was made
  from is untouched;
- ``view(twin, s) == view(state, s)``, the same decision is pending (of a reaction window,
  only whether ``s`` may act in it), and ``s`` has the same legal actions (what a seat may do
  depends only on what it sees);
- after the move the game plays next, applied to both (when it is legal in the twin), ``s``
  sees the same events, each stripped as the protocol strips it (``seen_by``), unless the move
  itself showed ``s`` what differs: then its views after the move differ, which is the rules
  working (a drawn card, a cut wire, bids revealed), not a leak.

A seat may not see another seat's move either (a sealed bid, the card given to a third seat):
at every position the acting seat's move is also played against another of its legal moves,
and every other seat whose views after the two are equal must see the same events. Both
comparisons say one thing: an event never tells a seat more than its view does.

The walk also counts what makes the check able to fail: twins that really differ, twins that
another seat's view tells apart (the twin moved something real, and views are not blind), and
moves whose events were compared. tests/test_every_game_privacy.py runs it on every table and
proves it catches a leaky view, leaky events and a twin that changes what the seat sees.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core.config import GameConfig
from game.core.engine import Decision, DecisionKind, seen_by
from game.core.errors import IllegalAction
from game.core.rng import Pcg32
from game.rules.kit import HiddenTwin

MAX_PROBLEMS = 5
"""Problems kept per walk: the first few say enough."""


@dataclass
class Tally:
    """What one walk found: its problems (the first few), and the counts that show it could
    have found some."""

    problems: list[str] = field(default_factory=list)
    positions: int = 0
    twins: int = 0
    differed: int = 0
    """Twins whose snapshot differs from the true state's."""
    others_saw: int = 0
    """Twins that some other seat's view tells apart from the true state."""
    compared: int = 0
    """Moves after which one seat's events in the true state and its twin were compared."""
    compared_moves: int = 0
    """Pairs of different moves after which one seat's events were compared."""
    secrets: int = 0
    """Events among the compared ones that were secret to some seat."""

    def problem(self, text: str) -> None:
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(text)


def walk(engine: Any, hidden_twin: HiddenTwin, table: Callable[[int], GameConfig],
         positions: int) -> Tally:
    """The check over ``positions`` positions of random games: seed 0, 1, … (each on the
    config ``table(seed)``), as many games as it takes (a cooperative game lost early is a
    short one)."""
    tally = Tally()
    seed = 0
    while tally.positions < positions:
        _game(engine, hidden_twin, table(seed), seed, positions, tally)
        seed += 1
    return tally


def _game(engine: Any, hidden_twin: HiddenTwin, config: GameConfig, seed: int, positions: int,
          tally: Tally) -> None:
    state = engine.new_game(config, seed)
    chooser = Pcg32(seed, 41)
    rng = Pcg32(seed, 43)
    move = 0
    while tally.positions < positions and not engine.is_over(state):
        legal = {seat: engine.legal_actions(state, seat)
                 for seat in range(config.seat_count)}
        options = [(seat, action) for seat in engine.to_act(state)
                   for action in (legal[seat] if seat in legal
                                  else engine.legal_actions(state, seat))]
        actor, action = options[chooser.below(len(options))]
        for seat in range(config.seat_count):
            where = f"seed {seed}, move {move}, seat {seat} (next: seat {actor} {action!r})"
            _compare(engine, hidden_twin, state, legal, seat, (actor, action), rng, tally,
                     where)
        others = [other for seat, other in options if seat == actor and other != action]
        if others:
            other = others[rng.below(len(others))]
            where = f"seed {seed}, move {move}: seat {actor} {action!r} or {other!r}"
            _compare_moves(engine, state, config.seat_count, actor, (action, other), tally,
                           where)
        engine.apply(state, actor, action)
        tally.positions += 1
        move += 1


def _compare(engine: Any, hidden_twin: HiddenTwin, state: Any, legal: dict[int, list[Any]],
             seat: int, move: tuple[int, Any], rng: Pcg32, tally: Tally, where: str) -> None:
    before = state.snapshot()
    twin = hidden_twin(state, seat, rng)
    tally.twins += 1
    if state.snapshot() != before:
        tally.problem(f"{where}: making the twin changed the true state")
    broken = engine.invariant_violations(twin)
    if broken:
        tally.problem(f"{where}: the twin breaks the rules: {list(broken)[:3]}")
    seen = engine.view(state, seat)
    if engine.view(twin, seat) != seen:
        tally.problem(f"{where}: the seat's view tells the twin apart:\n"
                      f"  true {seen!r}\n  twin {engine.view(twin, seat)!r}")
    if _public(engine.decision(twin), seat) != _public(engine.decision(state), seat):
        tally.problem(f"{where}: the twin's decision {engine.decision(twin)} is not "
                      f"{engine.decision(state)}")
    if engine.legal_actions(twin, seat) != legal[seat]:
        tally.problem(f"{where}: the seat's legal actions differ in the twin")
    if twin.snapshot() != before:
        tally.differed += 1
        if any(engine.view(twin, other) != engine.view(state, other)
               for other in legal if other != seat):
            tally.others_saw += 1
    actor, action = move
    try:
        twin_events = engine.apply(twin, actor, action)
    except IllegalAction:
        return  # the move needs what the twin dealt differently (another seat's cards)
    true_after = engine.copy(state)
    true_events = engine.apply(true_after, actor, action)
    if engine.view(twin, seat) != engine.view(true_after, seat):
        return  # the move showed the seat what differs
    tally.compared += 1
    _same_events(true_events, twin_events, seat, tally,
                 f"{where}: equal views after the move, different events")


def _compare_moves(engine: Any, state: Any, seats: int, actor: int, moves: tuple[Any, Any],
                   tally: Tally, where: str) -> None:
    """Two different moves of ``actor``: a seat whose views after them are equal (a sealed bid
    of 12 or of 30, a card given to a third seat) sees the same events."""
    one, two = engine.copy(state), engine.copy(state)
    events_one = engine.apply(one, actor, moves[0])
    events_two = engine.apply(two, actor, moves[1])
    for seat in range(seats):
        if seat == actor or engine.view(one, seat) != engine.view(two, seat):
            continue
        tally.compared_moves += 1
        _same_events(events_one, events_two, seat, tally,
                     f"{where}, seat {seat}: equal views after either move, different events")


def _same_events(first: list[Any], second: list[Any], seat: int, tally: Tally,
                 problem: str) -> None:
    """``seat`` must see ``first`` and ``second`` alike (each as the protocol strips it); the
    secrets among ``first`` are counted, to show the comparison met some."""
    tally.secrets += sum(1 for event in first if event.secret_to is not None)
    mine = [seen_by(event, seat) for event in first]
    theirs = [seen_by(event, seat) for event in second]
    if mine != theirs:
        tally.problem(f"{problem}:\n  {mine!r}\n  {theirs!r}")


def _public(decision: Decision, seat: int) -> tuple[object, ...]:
    """What every seat knows of a decision: its kind, its phase, who must act; of a window,
    only whether ``seat`` may act in it (a bomb-deck window lists the seats holding a Nope)."""
    if decision.kind is DecisionKind.WINDOW:
        return decision.kind, decision.phase, seat in decision.seats
    return decision.kind, decision.phase, decision.seats
