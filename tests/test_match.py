"""The interactive match: people and machines, deterministic machines, saves that resume, and
the one driver (``step``) every caller advances a game with."""

from __future__ import annotations

import pytest

from game.core.config import GameConfig, SeatKind
from game.core.engine import DecisionKind
from game.core.errors import IllegalAction, MalformedInput
from game.core.rng import Pcg32
from game.core.saves import SavedGame, loads
from game.match.headless import play_game
from game.match.match import Match, NeedsPerson
from game.rules.bombdeck import events as E
from game.rules.registry import descriptor, playable

P, AST, LAN, DES = SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.LANZADO, SeatKind.DESPIADADO


def _advance(match: Match, person_rng: Pcg32, limit: int | None = None) -> None:
    """Play on as a table would: machines move, people pick at random, windows close."""
    for _ in range(limit or 5_000):
        if match.is_over():
            return
        pending = match.pending()
        if pending.is_window:
            people = [s for s in pending.people if match.legal_for(s)]
            if match.machine_choice() is not None:
                match.step_machine()
            elif people and person_rng.below(4) == 0:
                seat = people[person_rng.below(len(people))]
                match.submit(seat, match.legal_for(seat)[0])
            else:
                match.close_window()
        elif pending.by_person:
            assert pending.seat is not None
            legal = match.legal_for(pending.seat)
            match.submit(pending.seat, legal[person_rng.below(len(legal))])
        else:
            match.step_machine()
    if limit is None:
        raise AssertionError("match did not end")


def test_a_match_against_machines_ends() -> None:
    match = Match(GameConfig("bombazo", (P, AST, AST, LAN)), 12)
    _advance(match, Pcg32(1))
    assert sorted(match.ranking()) == [0, 1, 2, 3]
    assert match.pending().kind is DecisionKind.OVER
    assert match.outcome().winners == (match.ranking()[0],)


def test_same_code_and_same_choices_give_the_same_game() -> None:
    first = Match(GameConfig("clasico", (P, AST, DES)), 99)
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
    assert live.moves >= 30
    resumed = Match.from_save(loads(live.save().dumps()))
    for seat in range(4):
        assert resumed.view_for(seat) == live.view_for(seat)
    _advance(live, Pcg32(2))
    _advance(resumed, Pcg32(2))
    assert resumed.save() == live.save()


def test_a_save_replays_without_asking_any_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    """A save is plain actions: a machine whose choices changed since (a retuned level)
    does not stop it from replaying, and replaying asks no machine anything."""
    record = play_game(GameConfig("bombazo", (LAN, AST, DES)), 21)
    asked: list[int] = []

    class Retuned:
        level = LAN

        def choose(self, view: object, legal: list[object], rng: Pcg32) -> object:
            asked.append(1)
            return legal[-1]

    import game.match.match as match_module

    monkeypatch.setattr(match_module, "bot_for", lambda *args: Retuned())
    resumed = Match.from_save(record.to_save())
    assert resumed.is_over() and resumed.outcome() == record.outcome
    assert resumed.actions == record.actions and not asked
    Match(record.config, record.seed).step()  # the patch is live: a new game asks it
    assert asked


def test_a_save_that_does_not_replay_is_malformed() -> None:
    record = play_game(GameConfig("mazo", (LAN, LAN)), 4)
    good = record.to_save()
    swapped = SavedGame(good.config, good.seed, ((1, good.actions[0][1]), *good.actions[1:]))
    with pytest.raises(MalformedInput, match="action 0"):
        Match.from_save(swapped)
    with pytest.raises(MalformedInput, match="seed"):
        Match.from_save(SavedGame(good.config, 1 << 20, good.actions))


def test_people_cannot_act_for_machines() -> None:
    match = Match(GameConfig("mazo", (AST, P)), 4)
    pending = match.pending()
    assert pending.seat == 0 and not pending.by_person and pending.machines == (0,)
    with pytest.raises(IllegalAction):
        match.submit(0, match.legal_for(0)[0])


def test_step_plays_machines_and_waits_for_people() -> None:
    match = Match(GameConfig("bombazo", (AST, P, AST)), 8)
    while not match.pending().by_person:
        match.step()
    assert match.pending().seat == 1
    moves = match.moves
    with pytest.raises(NeedsPerson):
        match.step()
    assert match.moves == moves
    match.step(SeatKind.LANZADO)  # a stand-in decides for the person
    assert match.moves == moves + 1
    match.play_to_end(SeatKind.ASTUTO)
    assert match.is_over()
    with pytest.raises(IllegalAction):
        match.step()


@pytest.mark.parametrize("game", playable())
def test_play_to_end_plays_the_games_step_plays(game: str) -> None:
    """``play_to_end`` writes ``step``'s one-seat and window cases out for speed (every other
    decision goes through ``step``): both give one game, in every game."""
    for seed in range(6):
        config = descriptor(game).table((AST, LAN, DES, LAN), first=seed % 4)
        fast = Match(config, seed, feed=False)
        fast.play_to_end()
        slow = Match(config, seed)
        while not slow.is_over():
            slow.step()
        assert fast.actions == slow.actions and fast.outcome() == slow.outcome()


def test_machine_choice_is_stable_when_polled() -> None:
    match = Match(GameConfig("bombazo", (P, AST, AST, AST)), 31)
    rng = Pcg32(4)
    windows = 0
    for _ in range(400):
        if match.is_over():
            break
        if match.pending().is_window:
            windows += 1
            answers = {match.machine_choice() for _ in range(5)}
            match._choice = None  # forget the cached answer: asking again must agree
            answers.add(match.machine_choice())
            assert len(answers) == 1
        _advance(match, rng, limit=1)
    assert windows >= 5


def test_window_never_closes_early_with_two_people() -> None:
    match = Match(GameConfig("bombazo", (P, P, LAN)), 2)
    rng = Pcg32(3)
    windows = 0
    for _ in range(600):
        if match.is_over():
            break
        if match.pending().is_window:
            windows += 1
            assert not match.window_may_close_early()
        _advance(match, rng, limit=1)
    assert windows >= 5


def test_private_events_reach_only_their_seats() -> None:
    for seed in range(50):
        match = Match(GameConfig("mazo", (P, P)), seed)
        if match.legal_for(0)[0].verb != "draw":
            continue
        mine = match.submit(0, match.legal_for(0)[0])
        drawn = [i.event for i in mine if isinstance(i.event, E.CardDrawn)]
        if drawn:
            break
    else:
        raise AssertionError("no seed draws a plain card first")
    assert drawn[0].card is not None
    theirs = [i.event for i in match.feed_for(1) if isinstance(i.event, E.CardDrawn)]
    public = [i.event for i in match.feed_for(None) if isinstance(i.event, E.CardDrawn)]
    assert theirs[0].card is None and public[0].card is None
