"""The bomb deck's analyst (Bombazo, Bomba en el Mazo, Clásico): a seat's chance to win
before and after each of its moves, and the move a searching Maestro would have made.

- **Before and after**: the fitted estimate of ``value.win_share`` on the true states just
  before and just after the move (every hand and the deck: the game is over). A draw's
  ``after`` knows the card it drew, so a bomb drawn without a defuse shows as the drop it
  was.
- **The best move**: what Maestro chooses from the seat's own view at that moment (nothing it
  could not see), searching with :data:`BUDGET` simulated actions instead of its 12,000.
  ``Maestro.quick()`` (one future per candidate) never leaves the heuristic's move: it is
  Astuto's choice, not a search. The full budget took 10.5 s for the searches of a 4-seat
  Bombazo game of 67 decisions; an eighth of it keeps the whole review of such a game about
  1–2 s on the reference machine, under the 5 s goal (docs/BENCHMARKS.md, "Review
  analysis"), and still finds the moves that beat the heuristic's by a clear margin. Its
  estimate is ``win_share`` after that move is applied to a copy of the true state, the same
  scale as ``after``. In a reaction window the best may be to let it pass (``None``): its
  estimate is the state after the table closes the window with no further nope.
- **Turning points**: each seat's three largest drops from before to after
  (``turning_points``); the review marks them.

The search's generator is ``Pcg32`` seeded by the game's seed and the move's index, so the
same game always gets the same review.
"""

from __future__ import annotations

from typing import Any

from game.bots.analysts import Judgement, Moment, Played
from game.bots.bombdeck.maestro import Maestro
from game.bots.bombdeck.value import win_share
from game.core.engine import TABLE
from game.core.rng import Pcg32
from game.rules.bombdeck.engine import BOMBDECK
from game.rules.bombdeck.state import BombState

BUDGET = 1_500
"""Maestro's budget per reviewed decision, in simulated actions (its own play uses 12,000)."""
STREAM = 0xB0B
"""The ``Pcg32`` stream of the review's searches (apart from every stream of the game's)."""


class BombDeckAnalyst:
    """Stateless: one object reviews every bomb-deck game."""

    turning_points = 3

    def __init__(self, budget: int = BUDGET) -> None:
        self.maestro = Maestro(budget=budget)

    def judge(self, moment: Moment, game: Played) -> Judgement:
        before: BombState = moment.before
        after: BombState = moment.after
        seat = moment.seat
        engine = BOMBDECK
        legal = engine.legal_actions(before, seat)
        rng = Pcg32((game.seed << 20) ^ moment.index, STREAM)
        best = self.maestro.choose(engine.view(before, seat), legal, rng) if legal else None
        estimate_after = win_share(after, seat)
        if best == moment.action:
            best_estimate = estimate_after
        else:
            best_estimate = win_share(_after_move(before, seat, best), seat)
        return Judgement(win_share(before, seat), estimate_after, best, best_estimate)


def _after_move(state: BombState, seat: int, action: Any) -> BombState:
    """A copy of ``state`` after ``seat`` plays ``action`` (``None``: it lets the window pass
    and the table closes it)."""
    twin = BOMBDECK.copy(state)
    twin.recording = False  # nobody reads this copy's record
    if action is None:
        BOMBDECK.apply(twin, TABLE, BOMBDECK.legal_actions(twin, TABLE)[0])
    else:
        BOMBDECK.apply(twin, seat, action)
    return twin


ANALYST = BombDeckAnalyst()
