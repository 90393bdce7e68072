"""The analysis of a finished game (game.history.review and the families' analysts): one entry
per decision of a seat, estimates in [0, 1], the bomb deck's turning points, Caza Bombas's
chances against an independent count, Die Bombe's "enough" bid against the bids, and a review
of an unfinished game refused."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from game.core.config import GameConfig, SeatKind
from game.core.engine import TABLE
from game.core.errors import MalformedInput, MechaCortaError
from game.core.saves import SavedGame
from game.history.review import Entry, Review, Unfinished, analyse
from game.match.match import Match
from game.rules.cazabombas import actions as CA
from game.rules.cazabombas import wires as W
from game.rules.cazabombas.view import CazaView
from game.rules.codes import canonical_config
from game.rules.diebombe import cards as DC
from game.rules.registry import engine_for
from tests.every_game import config

GAMES = ("bombazo", "mazo", "clasico", "cazabombas", "diebombe")
BOMB_DECK = ("bombazo", "mazo", "clasico")


def _finished(game: str, seats: int = 4, seed: int = 11, variant: int = 0,
              level: SeatKind = SeatKind.ASTUTO) -> SavedGame:
    match = Match(config(game, seats, variant, level), seed)
    match.play_to_end()
    assert match.is_over()
    return match.save()


_REVIEWS: dict[tuple[str, int, int, int], tuple[SavedGame, Review]] = {}


def _reviewed(game: str, seats: int = 4, seed: int = 11, variant: int = 0
              ) -> tuple[SavedGame, Review]:
    """A machine game played to its end and its review (each made once per test run)."""
    key = (game, seats, seed, variant)
    if key not in _REVIEWS:
        save = _finished(game, seats, seed, variant)
        _REVIEWS[key] = save, analyse(save)
    return _REVIEWS[key]


@pytest.mark.parametrize("game", GAMES)
def test_every_decision_of_a_seat_has_one_entry_with_estimates_in_range(game: str) -> None:
    save, review = _reviewed(game)
    decisions = [(index, seat) for index, (seat, _action) in enumerate(save.actions)
                 if seat != TABLE]
    assert [(entry.move, entry.seat) for entry in review.entries] == decisions
    assert review.game == game and review.seats == 4
    for entry in review.entries:
        assert entry.action == dict(save.actions[entry.move][1])
        for value in (entry.before, entry.after, entry.best_estimate):
            assert 0.0 <= value <= 1.0
        data = entry.to_json()
        for key in ("seat", "move", "action", "before", "after", "best", "best_estimate"):
            assert key in data


def test_the_same_game_gets_the_same_review() -> None:
    save, review = _reviewed("bombazo")
    assert analyse(save) == review


@pytest.mark.parametrize("game", BOMB_DECK)
def test_the_bomb_deck_marks_each_seats_three_largest_drops(game: str) -> None:
    _save, review = _reviewed(game)
    marked_somewhere = False
    for seat in range(review.seats):
        entries = review.of(seat)
        marked = [e for e in entries if e.turning_point]
        unmarked = [e for e in entries if not e.turning_point]
        assert all(e.turning_point is not None for e in entries)
        assert len(marked) <= 3
        assert all(e.drop > 0 for e in marked)
        drops = sorted((e.drop for e in entries if e.drop > 0), reverse=True)
        assert len(marked) == min(3, len(drops))
        if marked:
            marked_somewhere = True
            assert min(e.drop for e in marked) >= max((e.drop for e in unmarked), default=0)
    assert marked_somewhere
    assert review.turning_points() == tuple(e for e in review.entries if e.turning_point)


def test_the_bomb_decks_estimates_are_the_fitted_chance_before_and_after_each_move() -> None:
    """Before and after: ``win_share`` of the true states; the best move is legal and its
    estimate is ``win_share`` once it is played on a copy of the state."""
    from game.bots.bombdeck.value import win_share

    save, review = _reviewed("bombazo")
    engine = engine_for("bombazo")
    state = engine.new_game(canonical_config(save.config), save.seed)
    by_move = {entry.move: entry for entry in review.entries}
    differs = 0
    for index, (seat, data) in enumerate(save.actions):
        entry = by_move.get(index)
        action = engine.action_from_json(data)
        if entry is not None:
            assert entry.before == win_share(state, seat)
            twin = engine.copy(state)
            if entry.best is None:  # let the window pass: the table closes it
                engine.apply(twin, TABLE, engine.legal_actions(twin, TABLE)[0])
            else:
                best = engine.action_from_json(entry.best)
                assert best in engine.legal_actions(state, seat)
                engine.apply(twin, seat, best)
            assert entry.best_estimate == win_share(twin, seat)
            differs += entry.best != entry.action
        engine.apply(state, seat, action)
        if entry is not None:
            assert entry.after == win_share(state, seat)
    assert 0 < differs < len(review.entries)


def test_an_unfinished_game_is_refused() -> None:
    match = Match(config("bombazo", 3, 0, SeatKind.ASTUTO), 5)
    for _ in range(6):
        match.step()
    assert not match.is_over()
    with pytest.raises(Unfinished) as caught:
        analyse(match.save())
    assert isinstance(caught.value, MalformedInput)
    assert isinstance(caught.value, MechaCortaError)


def test_a_save_that_does_not_replay_is_malformed() -> None:
    save = _finished("diebombe")
    broken = SavedGame(save.config, save.seed, ((0, {"do": "take", "card": "G25"}),
                                                *save.actions[1:]))
    with pytest.raises(MalformedInput):
        analyse(broken)


def test_progress_is_told_up_to_the_total_people_first() -> None:
    match = Match(GameConfig("diebombe", (SeatKind.LANZADO, SeatKind.LANZADO,
                                          SeatKind.PERSON)), 21)
    match.play_to_end(SeatKind.LANZADO)
    seen: list[tuple[int, int]] = []
    review = analyse(match.save(), progress=lambda done, total: seen.append((done, total)))
    total = len(review.entries)
    assert seen == [(done, total) for done in range(total + 1)]
    assert review.people == (2,)
    only = analyse(match.save(), seats=[2])
    assert {entry.seat for entry in only.entries} == {2}
    assert only.entries == review.of(2)


# ------------------------------------------------------------------ Caza Bombas


def _independent_chances(view: CazaView, cuts: list[CA.Action]) -> dict[CA.Action, float]:
    """Each cut's chance right counted by brute force: every way to deal the hidden wires
    (as distinct objects) to the two other stands, kept when it fits what the view shows
    (sorted stands, the cut wires in place, tokens, wires known not to be a class, what seats
    are known to hold or lack), each kept deal equally likely."""
    me = view.seat
    others = [g for g, owner in enumerate(view.stand_owner) if owner != me]
    assert len(others) == 2
    hidden: list[int] = []
    for number, count in enumerate(view.blue_counts):
        hidden.extend([W.blue_key(number)] * count)
    for g, stand in enumerate(view.stands):
        for wire in stand:
            if wire.key is not None and (wire.cut or view.stand_owner[g] == me):
                hidden.remove(wire.key)
    slots = {g: [i for i, wire in enumerate(view.stands[g]) if not wire.cut] for g in others}
    first, second = others
    assert len(hidden) == len(slots[first]) + len(slots[second])

    def fill(g: int, keys: list[int]) -> list[int] | None:
        stand = view.stands[g]
        full = sorted(keys + [w.key for w in stand if w.cut and w.key is not None])
        for i, wire in enumerate(stand):
            if wire.cut and full[i] != wire.key:
                return None
            if not wire.cut:
                value = W.class_of(full[i])
                if wire.token is not None and wire.token != value:
                    return None
                if wire.notv & W.CLASS_BITS[value]:
                    return None
        return full

    def fits_seat(seat: int, layout: dict[int, list[int]]) -> bool:
        held = 0
        for g in others:
            if view.stand_owner[g] == seat:
                for i in slots[g]:
                    held |= W.CLASS_BITS[W.class_of(layout[g][i])]
        claims, lacks = view.claims[seat], view.lacks[seat]
        return held & lacks == 0 and all(held & bit for bit in W.CLASS_BITS.values()
                                         if claims & bit)

    right = dict.fromkeys(cuts, 0)
    kept = 0
    for chosen in combinations(range(len(hidden)), len(slots[first])):
        picked = set(chosen)
        a = fill(first, [hidden[j] for j in chosen])
        b = fill(second, [hidden[j] for j in range(len(hidden)) if j not in picked])
        if a is None or b is None:
            continue
        layout = {first: a, second: b}
        if not all(fits_seat(s, layout) for s in set(view.stand_owner) - {me}):
            continue
        kept += 1
        for cut in cuts:
            assert cut.target is not None and cut.stand is not None
            g = [g for g, owner in enumerate(view.stand_owner) if owner == cut.target][cut.stand]
            indices = [cut.pos] if cut.verb == CA.DUAL_CUT else list(cut.indices or ())
            if any(W.class_of(layout[g][i]) == cut.value for i in indices if i is not None):
                right[cut] += 1
    assert kept > 0
    return {cut: count / kept for cut, count in right.items()}


def test_caza_chances_match_an_independent_count() -> None:
    """Mission 1 at three seats: the seat with two stands cuts on the two single stands of
    the others, few enough hidden wires to deal every way."""
    checked = 0
    for seed in range(1, 40):
        save, review = _reviewed("cazabombas", 3, seed, 0)
        match = Match.from_save(SavedGame(save.config, save.seed, ()))
        engine = match.engine
        for index, (seat, data) in enumerate(save.actions):
            entry = next((e for e in review.entries if e.move == index), None)
            if entry is not None and len(match.view_for(seat).my_stands) == 2 \
                    and dict(entry.extra).get("kind") == "cut" \
                    and data["do"] in (CA.DUAL_CUT, CA.DOUBLE_DETECTOR):
                view = match.view_for(seat)
                cuts = [a for a in match.legal_for(seat)
                        if a.verb in (CA.DUAL_CUT, CA.DOUBLE_DETECTOR)]
                counted = _independent_chances(view, cuts)
                made = engine.action_from_json(data)
                extra = dict(entry.extra)
                assert extra["chance_right"] == pytest.approx(counted[made], abs=1e-9)
                assert extra["chance_red"] == 0.0  # mission 1 has no red wire
                assert entry.after == pytest.approx(counted[made], abs=1e-9)
                assert entry.best_estimate == pytest.approx(max(counted.values()), abs=1e-9)
                assert entry.before == entry.best_estimate
                checked += 1
            match._apply(seat, engine.action_from_json(data))
        if checked >= 3:
            break
    assert checked >= 3


def test_a_caza_cut_known_safe_is_never_wrong_and_a_wrong_one_was_doubtful() -> None:
    cuts = red = 0
    for seed in (3, 4):
        _save, review = _reviewed("cazabombas", 4, seed, 7)  # mission 8: reds, X of Y
        for entry in review.entries:
            extra = dict(entry.extra)
            assert extra["kind"] in ("cut", "other")
            if extra["kind"] != "cut":
                assert entry.after == 1.0
                continue
            cuts += 1
            red += entry.action["do"] == CA.DUAL_CUT and extra["chance_red"] > 0
            assert entry.after == extra["chance_right"]
            assert entry.best_estimate >= entry.after
            assert 0.0 <= extra["chance_red"] <= 1.0 - extra["chance_right"] + 1e-9
            if extra["chance_right"] >= 1.0 - 1e-9:
                assert extra["right"]
            if entry.action["do"] in (CA.SOLO_CUT, CA.REVEAL_REDS):
                assert extra["chance_right"] == 1.0
    assert cuts > 10 and red > 0


# ------------------------------------------------------------------ Die Bombe


def _biddings(entries: tuple[Entry, ...]) -> list[list[dict[str, Any]]]:
    """The bid entries, one list per bidding (its bids are consecutive moves)."""
    out: list[list[dict[str, Any]]] = []
    current: list[dict[str, Any]] = []
    for entry in entries:
        data = entry.to_json()
        if data["kind"] != "bid":
            if current:
                out.append(current)
            current = []
            continue
        if current and (current[-1]["move"] != data["move"] - 1
                        or data["seat"] in {d["seat"] for d in current}):
            out.append(current)
            current = []
        current.append(data)
    if current:
        out.append(current)
    return out


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_die_bombe_enough_is_one_more_than_the_other_bids_and_the_winner_paid_its_bid(
        seed: int) -> None:
    _save, review = _reviewed("diebombe", 4, seed)
    biddings = _biddings(review.entries)
    assert sum(len(b) for b in biddings) == sum(1 for e in review.entries
                                                if dict(e.extra)["kind"] == "bid")
    single = 0
    for bidding in biddings:
        amounts = {d["seat"]: d["amount"] for d in bidding}
        top = max(amounts.values())
        for d in bidding:
            rest = max(a for s, a in amounts.items() if s != d["seat"])
            assert d["enough"] == (rest + 1 if rest < DC.MAX_BID else None)
            highest = d["amount"] > rest
            assert d["after"] == (1.0 if highest else 0.0)
            assert d["best"] == (None if d["enough"] is None
                                 else {"do": "bid", "amount": d["enough"]})
            if highest:
                single += 1
                assert d["enough"] <= d["amount"] == top
                assert d["took"] is not None and d["paid"] == d["amount"]
            else:
                assert d["paid"] == 0
            if d["took"] is not None and d["took"] != DC.BOMB:
                assert d["worth"] is not None and d["worth"] >= 0
    assert single >= 10


def test_die_bombe_worth_is_the_cards_part_of_the_final_score() -> None:
    from game.rules.diebombe.scoring import scores

    save, review = _reviewed("diebombe", 4, 11)
    match = Match.from_save(save)
    state = match._state
    final = scores(state.won, state.minus, state.green_doubles)
    for seat in range(4):
        kept = [d for d in (e.to_json() for e in review.of(seat))
                if d["kind"] == "bid" and d["took"] not in (None, DC.BOMB)]
        alone = {d["took"]: d["worth"] for d in kept}
        for card, worth in alone.items():
            if card not in state.won[seat]:
                assert worth == 0  # covered by a bomb
            else:
                without = [list(c) for c in state.won]
                without[seat].remove(card)
                assert worth == final[seat] - scores(without, state.minus,
                                                     state.green_doubles)[seat]
                assert worth >= DC.value_of(card)


@pytest.mark.parametrize("game", ["bombazo", "cazabombas", "diebombe"])
def test_an_analysis_kept_with_the_game_reads_back_the_same(game: str, tmp_path: Any) -> None:
    from game.history.review import CACHE_VERSION, cache_path, cached, keep

    save, review = _reviewed(game)
    assert cached(tmp_path, save) is None
    keep(tmp_path, save, review)
    again = cached(tmp_path, save)
    assert again is not None and again.to_json() == review.to_json()
    path = cache_path(tmp_path, save)
    data = path.read_text()
    path.write_text(data.replace(f'"version": {CACHE_VERSION}', '"version": 0'))
    assert cached(tmp_path, save) is None and not path.exists()  # another version: again
    keep(tmp_path, save, review)
    path.write_text(data[: len(data) // 2])  # damaged: worked out again, nothing else lost
    assert cached(tmp_path, save) is None and not path.exists()
