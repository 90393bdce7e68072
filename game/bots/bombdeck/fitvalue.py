"""``python -m game.bots.bombdeck.fitvalue``: fit the weights of Maestro's win estimate.

Plays games between the seeds' levels (Astuto mostly, Despiadado and Lanzado mixed in, 2 to 5
seats, the first seat rotating), replays each one and keeps about one table in three where a
seat is about to play, with every seat's features and who went on to win. A conditional logit
(a softmax over the seats still in) is fitted to them by Newton's method with a small ridge, one
rule set at a time, and the weights written as ``game/bots/bombdeck/value_weights.py``.

Needs numpy (a maintainer's tool: ``pip install numpy``; the game itself does not). The same
command writes the same file: games, seeds and the fit are deterministic.

    python -m game.bots.bombdeck.fitvalue --games 8000
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path
from typing import Any

from game.bots.bombdeck.astuto import ASTUTO
from game.bots.bombdeck.base import BombBot
from game.bots.bombdeck.despiadado import Despiadado
from game.bots.bombdeck.lanzado import LANZADO
from game.bots.bombdeck.selfplay import positions
from game.bots.bombdeck.value import card_kinds, feature_names, features
from game.core.config import GameConfig, SeatKind
from game.core.rng import Pcg32
from game.rules.bombdeck.cards import RULESETS
from game.rules.bombdeck.engine import BOMBDECK
from game.rules.bombdeck.state import Phase

OUT = Path(__file__).resolve().parent / "value_weights.py"
LEVELS = (SeatKind.ASTUTO,) * 4 + (SeatKind.DESPIADADO, SeatKind.LANZADO)
PLAYERS: dict[SeatKind, BombBot] = {SeatKind.ASTUTO: ASTUTO, SeatKind.DESPIADADO: Despiadado(),
                                    SeatKind.LANZADO: LANZADO}
KEEP = 3
"""About one table in ``KEEP`` is kept: neighbouring tables of one game say nearly the same."""

Row = tuple[list[list[float]], int]
"""The features of the seats still in, and which of them won."""


def tables(ruleset: str, games: int, seed: int) -> list[Row]:
    """The fitted tables of ``games`` games of ``ruleset``."""
    rng = Pcg32(seed, 17)
    top = min(5, RULESETS[ruleset].max_seats)
    rows: list[Row] = []
    for number in range(games):
        seats = 2 + number % (top - 1)
        kinds = tuple(LEVELS[rng.below(len(LEVELS))] for _ in range(seats))
        config = GameConfig(ruleset, kinds, first=number % seats)
        dealt = BOMBDECK.new_game(config, seed + number)
        kept: list[tuple[list[int], list[list[float]]]] = []
        state = dealt
        for state in positions(dealt, [PLAYERS[k] for k in kinds], seed + number):
            if state.phase is Phase.PLAY and state.deck and rng.below(KEEP) == 0:
                alive = [s for s in range(seats) if state.alive[s]]
                kept.append((alive, [features(state, s) for s in alive]))
        winner = state.current
        for alive, feats in kept:
            rows.append((feats, alive.index(winner)))
        if (number + 1) % max(1, games // 10) == 0:
            print(f"{ruleset}: {number + 1}/{games} games", file=sys.stderr, flush=True)
    return rows


def fit(rows: list[Row], width: int, ridge: float = 1.0, rounds: int = 30) -> list[float]:
    """Maximum likelihood of the winners under a softmax over each table's seats."""
    np = _numpy()

    seats = max(len(feats) for feats, _ in rows)
    x = np.zeros((len(rows), seats, width))
    mask = np.zeros((len(rows), seats), dtype=bool)
    won = np.zeros(len(rows), dtype=int)
    for i, (feats, winner) in enumerate(rows):
        x[i, : len(feats)] = feats
        mask[i, : len(feats)] = True
        won[i] = winner
    w = np.zeros(width)
    picked = x[np.arange(len(rows)), won]
    for _ in range(rounds):
        score = np.where(mask, x @ w, -np.inf)
        score -= score.max(axis=1, keepdims=True)
        p = np.exp(score)
        p /= p.sum(axis=1, keepdims=True)
        mean = np.einsum("ns,nsf->nf", p, x)
        grad = (picked - mean).sum(axis=0) - ridge * w
        centred = x - mean[:, None, :]
        hess = np.einsum("ns,nsf,nsg->fg", p, centred, centred) + ridge * np.eye(width)
        step = np.linalg.solve(hess, grad)
        w += step
        if np.abs(step).max() < 1e-7:
            break
    return [float(v) for v in w]


def _numpy() -> Any:
    """numpy, looked up by name: a maintainer's tool needs it, the game and its downloads do
    not (the download's spec leaves it out, and a test holds the game's imports to that)."""
    try:
        return importlib.import_module("numpy")
    except ImportError:
        raise SystemExit("the fitter needs numpy: pip install numpy (the game does not)") from None


def log_loss(rows: list[Row], weights: list[float]) -> tuple[float, float]:
    """Mean log loss of the fitted estimate and of an even share, on ``rows``."""
    from math import exp, log

    fitted = even = 0.0
    for feats, winner in rows:
        scores = [exp(sum(a * b for a, b in zip(f, weights, strict=True))) for f in feats]
        fitted -= log(scores[winner] / sum(scores))
        even -= log(1.0 / len(feats))
    return fitted / len(rows), even / len(rows)


def render(fitted: dict[str, list[float]]) -> str:
    lines = [
        '"""The fitted weights of Maestro\'s win estimate (``value.py``), one set per rule set:',
        "written by ``python -m game.tools.fitvalue``; do not edit by hand.\"\"\"",
        "",
        "WEIGHTS: dict[str, tuple[dict[str, float], float, tuple[float, ...]]] = {",
    ]
    for ruleset, weights in fitted.items():
        kinds = card_kinds(ruleset)
        cards = ", ".join(f"\"{kind}\": {weights[i]:.4f}" for i, kind in enumerate(kinds))
        pairs = weights[len(kinds)]
        turn = ", ".join(f"{v:.4f}" for v in weights[len(kinds) + 1:])
        lines.append(f"    \"{ruleset}\": (")
        lines.append(f"        {{{cards}}},")
        lines.append(f"        {pairs:.4f},")
        lines.append(f"        ({turn}),")
        lines.append("    ),")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    return _wrap(text)


def _wrap(text: str) -> str:
    """Card dictionaries one entry per line when a line would pass 99 characters."""
    out: list[str] = []
    for line in text.splitlines():
        if len(line) > 99 and line.strip().startswith("{"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(indent + "{")
            for entry in line.strip()[1:-2].split(", "):
                out.append(f"{indent}    {entry},")
            out.append(indent + "},")
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bots.bombdeck.fitvalue",
                                     description="Fit Maestro's win estimate.")
    parser.add_argument("--games", type=int, default=3000, help="games per rule set")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    fitted: dict[str, list[float]] = {}
    report: dict[str, Any] = {}
    for ruleset in sorted(RULESETS):
        rows = tables(ruleset, args.games, args.seed)
        held = rows[: len(rows) // 5]
        names = feature_names(ruleset)
        check = fit(rows[len(rows) // 5:], len(names))
        report[ruleset] = (len(rows), *log_loss(held, check))
        fitted[ruleset] = fit(rows, len(names))
    args.out.write_text(render(fitted), encoding="utf-8")
    for ruleset, (count, fitted_loss, even_loss) in report.items():
        print(f"{ruleset}: {count} tables; held-out log loss {fitted_loss:.4f} "
              f"(an even share: {even_loss:.4f})")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
