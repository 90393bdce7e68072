"""Maestro's win estimate (``game.bots.bombdeck.value``) and its fitter."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.bots.bombdeck import fitvalue, value
from game.bots.bombdeck.astuto import ASTUTO
from game.bots.bombdeck.value_weights import WEIGHTS
from game.core.config import GameConfig
from game.core.rng import Pcg32
from game.rules.bombdeck import cards as C
from game.rules.bombdeck.cards import RULESETS
from game.rules.bombdeck.engine import BOMBDECK
from game.rules.bombdeck.state import BombState
from tests.playout import bombdeck_positions


def _positions(game: str, seeds: range) -> Iterator[BombState]:
    for seed in seeds:
        state = BOMBDECK.new_game(GameConfig.machines(game, 4), seed)
        yield from bombdeck_positions(state, [ASTUTO] * 4, seed)


@pytest.mark.parametrize("game", sorted(RULESETS))
def test_every_rule_set_has_a_weight_for_every_card_it_counts(game: str) -> None:
    """A card kind added to a rule set without refitting would count for nothing."""
    cards, _, turn = WEIGHTS[game]
    assert set(cards) == set(value.card_kinds(game))
    assert len(turn) == len(value.TURN_FEATURES)
    assert cards[C.DEFUSE] == max(cards.values()), "a defuse is the card most worth holding"


@pytest.mark.parametrize("game", sorted(RULESETS))
def test_the_shares_of_the_seats_still_in_make_one(game: str) -> None:
    seen = 0
    for state in _positions(game, range(3)):
        shares = [value.win_share(state, seat) for seat in range(4)]
        assert math.isclose(sum(shares), 1.0)
        for seat, share in enumerate(shares):
            assert (share > 0.0) == state.alive[seat]
        seen += 1
    assert seen > 50


def test_the_estimate_is_the_fitted_softmax_of_the_features() -> None:
    """``win_share`` (written out for speed) scores a seat as ``features`` times the weights."""
    for state in _positions("bombazo", range(2)):
        cards, pairs, turn = WEIGHTS["bombazo"]
        weights = [cards[k] for k in value.card_kinds("bombazo")] + [pairs, *turn]
        scores = [math.exp(sum(w * f for w, f in zip(weights, value.features(state, s),
                                                      strict=True)))
                  if state.alive[s] else 0.0 for s in range(4)]
        for seat in range(4):
            assert math.isclose(value.win_share(state, seat), scores[seat] / sum(scores))


def test_a_defuse_more_is_worth_more() -> None:
    state = BOMBDECK.new_game(GameConfig.machines("bombazo", 3), 4)
    before = value.win_share(state, 1)
    state.hands[1].append(C.DEFUSE)
    assert value.win_share(state, 1) > before


def test_the_fitter_finds_the_weights_that_made_the_winners() -> None:
    """Tables drawn from a known softmax: the fit comes back close to it."""
    truth = [1.2, -0.7]
    rng = Pcg32(3)
    rows: list[fitvalue.Row] = []
    for _ in range(4000):
        seats = 2 + rng.below(3)
        feats = [[float(rng.below(4)), float(rng.below(3))] for _ in range(seats)]
        scores = [math.exp(sum(w * f for w, f in zip(truth, row, strict=True)))
                  for row in feats]
        point = rng.next_u32() / 2**32 * sum(scores)
        winner = 0
        while point >= scores[winner]:
            point -= scores[winner]
            winner += 1
        rows.append((feats, winner))
    fitted = fitvalue.fit(rows, 2, ridge=0.01)
    assert fitted == pytest.approx(truth, abs=0.15)
    loss, even = fitvalue.log_loss(rows, fitted)
    assert loss < even


def test_the_fitter_writes_a_weights_file_of_the_shape_the_estimate_reads(
        tmp_path: Path) -> None:
    out = tmp_path / "weights.py"
    assert fitvalue.main(["--games", "12", "--out", str(out)]) == 0
    space: dict[str, object] = {}
    exec(out.read_text(encoding="utf-8"), space)
    written = space["WEIGHTS"]
    assert isinstance(written, dict) and set(written) == set(WEIGHTS)
    for game, (cards, pairs, turn) in written.items():
        assert set(cards) == set(value.card_kinds(game))
        assert isinstance(pairs, float) and len(turn) == len(value.TURN_FEATURES)
