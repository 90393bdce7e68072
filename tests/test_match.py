"""The interactive match: people and machines, deterministic machines, saves that resume."""

from __future__ import annotations

import pytest

from game.core.config import GameConfig, SeatKind
from game.core.errors import IllegalAction
from game.core.rng import Pcg32
from game.core.saves import loads
from game.match.table import Match
from game.rules.bombdeck import events as E

P, AST, LAN = SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.LANZADO


def _advance(match: Match, person_rng: Pcg32, limit: int | None = None) -> None:
    """Play on as a table would: machines move, people pick at random, windows close."""
    for _ in range(limit or 5_000):
        if match.is_over():
            return
        decision = match.decision()
        if decision.kind == "react":
            machine = match.machine_nope()
            people = [s for s in match.people if match.legal_for(s)]
            if machine is not None:
                match.nope(machine)
            elif people and person_rng.below(4) == 0:
                match.nope(people[person_rng.below(len(people))])
            else:
                match.resolve()
        elif decision.by_person:
            assert decision.seat is not None
            legal = match.legal_for(decision.seat)
            match.submit(decision.seat, legal[person_rng.below(len(legal))])
        else:
            match.step_machine()
    if limit is None:
        raise AssertionError("match did not end")


def test_a_match_against_machines_ends() -> None:
    match = Match(GameConfig("bombazo", (P, AST, AST, LAN)), 12)
    _advance(match, Pcg32(1))
    assert sorted(match.ranking()) == [0, 1, 2, 3]
    assert match.decision().kind == "over"


def test_same_code_and_same_choices_give_the_same_game() -> None:
    first = Match(GameConfig("clasico", (P, AST, SeatKind.DESPIADADO)), 99)
    second = Match.from_code(first.code)
    _advance(first, Pcg32(5))
    _advance(second, Pcg32(5))
    assert first.save() == second.save()


def test_resume_from_a_save_gives_the_same_next_machine_moves() -> None:
    config = GameConfig("bombazo", (P, P, AST, LAN))
    live = Match(config, 3)
    rng = Pcg32(8)
    for _ in range(40):
        if live.is_over():
            break
        _advance(live, rng, limit=1)
    resumed = Match.from_save(loads(live.save().dumps()))
    for seat in range(4):
        assert resumed.view_for(seat) == live.view_for(seat)
    _advance(live, Pcg32(2))
    _advance(resumed, Pcg32(2))
    assert resumed.save() == live.save()


def test_people_cannot_act_for_machines() -> None:
    match = Match(GameConfig("mazo", (AST, P)), 4)
    assert match.decision().seat == 0 and not match.decision().by_person
    with pytest.raises(IllegalAction):
        match.submit(0, match.legal_for(0)[0])
    with pytest.raises(IllegalAction):
        match.nope(0)


def test_machine_nope_answer_is_stable_when_polled() -> None:
    match = Match(GameConfig("bombazo", (P, AST, AST, AST)), 31)
    rng = Pcg32(4)
    seen_window = False
    for _ in range(400):
        if match.is_over():
            break
        if match.decision().kind == "react":
            seen_window = True
            answers = {match.machine_nope() for _ in range(5)}
            assert len(answers) == 1
        _advance(match, rng, limit=1)
    assert seen_window


def test_window_never_closes_early_with_two_people() -> None:
    match = Match(GameConfig("bombazo", (P, P, LAN)), 2)
    rng = Pcg32(3)
    for _ in range(600):
        if match.is_over():
            break
        if match.decision().kind == "react":
            assert not match.window_may_close_early()
        _advance(match, rng, limit=1)


def test_private_events_reach_only_their_seats() -> None:
    match = Match(GameConfig("mazo", (P, P)), 5)
    draw = next(a for a in match.legal_for(0) if a.verb == "draw")
    mine = match.submit(0, draw)
    drawn = [i.event for i in mine if isinstance(i.event, E.CardDrawn)]
    if drawn:
        assert drawn[0].card is not None
        theirs = [i.event for i in match.feed_for(1) if isinstance(i.event, E.CardDrawn)]
        public = [i.event for i in match.feed_for(None) if isinstance(i.event, E.CardDrawn)]
        assert theirs[0].card is None and public[0].card is None
