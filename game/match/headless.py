"""Machine-only games, played to the end without a screen: the simulator's inner loop.

``play_game`` plays one game from a config and a seed. Every seat is a machine player; seat
``s`` thinks with its own generator ``derived(seed, 1 + s)``, so its thinking never shifts the
game's own draws and the same seed always gives the same game. A reaction window is settled by
asking the seats that hold a nope, clockwise from the seat after the last one who played or
noped; the first that wants to nope does, and the asking starts again after it; when nobody wants
to, the table (``TABLE``) resolves the window. Every action is recorded as ``(seat, action)`` so
that ``game.rules.replay.replay(record.to_save())`` rebuilds the same final state.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.bots import Bot, bot_for
from game.core.config import GameConfig
from game.core.engine import TABLE
from game.core.rng import Pcg32, derived
from game.core.saves import SavedGame
from game.rules.bombdeck.actions import RESOLVE_ACTION, Action
from game.rules.bombdeck.engine import BOMBDECK, BombDeckEngine
from game.rules.bombdeck.state import BombState

Move = tuple[int, Action]


class BotError(RuntimeError):
    """A machine player answered with something that is not one of its legal actions."""


@dataclass(slots=True)
class GameRecord:
    """One finished (or aborted) game: enough to replay it and to score it."""

    config: GameConfig
    seed: int
    actions: list[Move] = field(default_factory=list)
    ranking: list[int] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)

    @property
    def winner(self) -> int | None:
        return self.ranking[0] if self.ranking else None

    def to_save(self) -> SavedGame:
        """The save / replay format of ``game.core.saves``: config, seed and the actions."""
        return SavedGame(self.config, self.seed,
                         tuple((seat, action.to_json()) for seat, action in self.actions))


def bots_for(config: GameConfig, focus: int | None = None) -> list[Bot]:
    """One machine player per seat, from the registry; a person's seat is an error here."""
    return [bot_for(kind, focus) for kind in config.seats]


def play_game(config: GameConfig, seed: int, bots: Sequence[Bot] | None = None, *,
              check: bool = False, max_actions: int = 100_000,
              engine: BombDeckEngine = BOMBDECK) -> GameRecord:
    """Play one game to the end. ``check`` runs the engine's invariant checks after every
    action (they always run once at the end). A bot that answers illegally raises ``BotError``;
    an engine error propagates: the caller decides whether one bad game is fatal."""
    players = list(bots) if bots is not None else bots_for(config)
    seats = config.seat_count
    if len(players) != seats:
        raise ValueError(f"{len(players)} players for {seats} seats")
    state = engine.new_game(config, seed)
    rngs = [derived(seed, 1 + seat) for seat in range(seats)]
    record = GameRecord(config, seed)
    moves = record.actions
    violations = record.violations

    apply = engine.apply
    legal_actions = engine.legal_actions
    view = engine.view
    to_act = engine.to_act
    is_over = engine.is_over
    invariants = engine.invariant_violations

    last = config.first
    while not is_over(state):
        if len(moves) >= max_actions:
            raise BotError(f"no end after {max_actions} actions")
        acting = to_act(state)
        seat = acting[0]
        if seat == TABLE:
            noper = _ask_nopes(state, acting, last, seats, players, rngs, engine)
            if noper is None:
                apply(state, TABLE, RESOLVE_ACTION)
                moves.append((TABLE, RESOLVE_ACTION))
            else:
                seat, action = noper
                apply(state, seat, action)
                moves.append(noper)
                last = seat
        else:
            legal = legal_actions(state, seat)
            if len(legal) == 1:
                action = legal[0]
            else:
                choice = players[seat].choose(view(state, seat), legal, rngs[seat])
                if choice is None or choice not in legal:
                    raise BotError(f"seat {seat} ({players[seat].level.value}) chose "
                                   f"{choice!r}, not a legal action")
                action = choice
            apply(state, seat, action)
            moves.append((seat, action))
            last = seat
        if check:
            found = invariants(state)
            if found:
                violations.extend(f"after action {len(moves) - 1}: {v}" for v in found)
    violations.extend(invariants(state))
    record.ranking = engine.ranking(state)
    return record


def _ask_nopes(state: BombState, acting: list[int], last: int, seats: int,
               players: Sequence[Bot], rngs: Sequence[Pcg32],
               engine: BombDeckEngine) -> Move | None:
    """The first nope holder, clockwise after ``last``, whose player wants to nope."""
    holders = acting[1:]
    if not holders:
        return None
    if len(holders) > 1:
        holders.sort(key=lambda s: (s - last - 1) % seats)
    for seat in holders:
        legal = engine.legal_actions(state, seat)
        if not legal:
            continue
        choice = players[seat].choose(engine.view(state, seat), legal, rngs[seat])
        if choice is None:
            continue
        if choice not in legal:
            raise BotError(f"seat {seat} ({players[seat].level.value}) answered a reaction "
                           f"window with {choice!r}")
        return seat, choice
    return None
