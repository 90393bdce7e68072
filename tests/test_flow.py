"""Pace and privacy of the table, driven with plain numbers instead of a screen."""

from __future__ import annotations

import pytest

from game.core.config import GameConfig, SeatKind
from game.core.errors import IllegalAction
from game.core.rng import Pcg32
from game.match.flow import Pace, TableFlow
from game.match.match import Match

P, AST, LAN = SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.LANZADO
PACE = Pace(machine_delay=1.0, machine_window_delay=0.5, window_seconds=3.0)


def _play_out(flow: TableFlow, rng: Pcg32, frames: int = 200_000, dt: float = 0.25,
              check=None) -> None:  # type: ignore[no-untyped-def]
    for _ in range(frames):
        if flow.match.is_over():
            return
        if check is not None:
            check(flow)
        if flow.curtain_for is not None:
            flow.confirm_curtain()
            continue
        seat = flow.awaiting_person
        if seat is not None:
            legal = flow.match.legal_for(seat)
            flow.submit(legal[rng.below(len(legal))])
            continue
        flow.update(dt)
    raise AssertionError("the table never finished")


def test_machines_wait_their_delay_before_moving() -> None:
    match = Match(GameConfig("bombazo", (AST, P, AST)), 4)
    flow = TableFlow(match, PACE)
    assert flow.update(0.5) == [] and match.moves == 0
    assert flow.update(0.49) == [] and match.moves == 0
    assert flow.update(0.02) != [] and match.moves == 1


def test_one_person_always_sees_their_own_hand_and_never_gets_a_curtain() -> None:
    match = Match(GameConfig("clasico", (P, AST, AST)), 7)
    flow = TableFlow(match, PACE)

    def check(f: TableFlow) -> None:
        assert f.curtain_for is None and f.viewer == 0

    _play_out(flow, Pcg32(1), check=check)


def test_hot_seat_curtain_before_every_other_persons_decision() -> None:
    match = Match(GameConfig("bombazo", (P, P, AST)), 11)
    flow = TableFlow(match, PACE)
    assert flow.curtain_for == 0 and not flow.show_private
    shown: list[int] = []

    def check(f: TableFlow) -> None:
        decision = f.match.pending()
        if f.show_private:
            assert f.viewer is not None
            assert not decision.is_window, "no hand on screen while everybody may nope"
            if decision.by_person:
                assert decision.seat == f.viewer, "only the deciding person's cards show"
            shown.append(f.viewer)
        if decision.by_person and decision.seat != f.viewer:
            assert f.curtain_for == decision.seat

    _play_out(flow, Pcg32(2), check=check)
    assert set(shown) == {0, 1}


def test_submitting_behind_the_curtain_is_refused() -> None:
    match = Match(GameConfig("mazo", (P, P)), 3)
    flow = TableFlow(match, PACE)
    with pytest.raises(IllegalAction):
        flow.submit(match.legal_for(0)[0])
    flow.confirm_curtain()
    flow.submit(next(a for a in match.legal_for(0) if a.verb == "draw"))


def test_window_runs_full_length_with_two_people() -> None:
    """Its length must not tell who holds a nope: the same 3 s whoever holds one."""
    lengths = set()
    for seed in range(30):
        match = Match(GameConfig("bombazo", (P, P, LAN)), seed)
        flow = TableFlow(match, Pace(1.0, 0.5, 3.0))
        rng = Pcg32(seed)
        for _ in range(2_000):
            if match.is_over():
                break
            if match.pending().is_window and match.machine_choice() is None:
                waited = 0.0
                while match.pending().is_window:
                    before = match.moves
                    flow.update(0.1)
                    waited += 0.1
                    if match.moves != before:
                        break
                if not match.pending().is_window:
                    lengths.add(round(waited, 1))
                continue
            if flow.curtain_for is not None:
                flow.confirm_curtain()
            elif flow.awaiting_person is not None:
                legal = match.legal_for(flow.awaiting_person)
                flow.submit(legal[rng.below(len(legal))])
            else:
                flow.update(0.25)
    assert lengths == {3.0}


def test_one_person_without_nope_does_not_wait_for_the_window() -> None:
    for seed in range(40):
        match = Match(GameConfig("bombazo", (P, LAN, LAN)), seed)
        flow = TableFlow(match, PACE)
        rng = Pcg32(seed)
        for _ in range(3_000):
            if match.is_over():
                break
            if match.pending().is_window and match.window_may_close_early():
                flow.update(0.0)
                assert not match.pending().is_window
                return
            if flow.awaiting_person is not None:
                legal = match.legal_for(0)
                flow.submit(legal[rng.below(len(legal))])
            else:
                flow.update(0.25)
    raise AssertionError("no skippable window met")


def test_same_code_and_choices_give_the_same_game_at_any_frame_rate() -> None:
    saves = []
    for dt in (1 / 60, 0.2):
        match = Match.from_code(Match(GameConfig("bombazo", (P, AST, AST, AST)), 5).code)
        _play_out(TableFlow(match, PACE), Pcg32(9), dt=dt, frames=2_000_000)
        saves.append(match.save())
    assert saves[0] == saves[1]


def test_window_length_setting_never_changes_the_game() -> None:
    saves = []
    for pace in (Pace(1.0, 2.0, 0.5), Pace(0.1, 0.1, 6.0)):
        match = Match(GameConfig("clasico", (P, AST, AST, LAN)), 17)
        _play_out(TableFlow(match, pace), Pcg32(3), frames=2_000_000)
        saves.append(match.save())
    assert saves[0] == saves[1]


def test_fast_forward_plays_the_same_game() -> None:
    saves = []
    for fast in (False, True):
        match = Match(GameConfig("bombazo", (P, LAN, AST, SeatKind.DESPIADADO)), 23)
        flow = TableFlow(match, PACE)
        if fast:
            flow.fast_forward()
        _play_out(flow, Pcg32(6), frames=2_000_000)
        saves.append(match.save())
    assert saves[0] == saves[1]


def test_hot_seat_curtain_again_after_a_window_everybody_watched() -> None:
    match = Match(GameConfig("bombazo", (P, P, LAN)), 11)
    flow = TableFlow(match, Pace(1.0, 0.5, 1.0))
    rng = Pcg32(5)
    checked = 0
    for _ in range(20_000):
        if match.is_over() or checked >= 3:
            break
        if flow.curtain_for is not None:
            flow.confirm_curtain()
            continue
        seat = flow.awaiting_person
        if seat is not None:
            legal = match.legal_for(seat)
            plays = [a for a in legal if a.verb == "play"]
            flow.submit((plays or legal)[rng.below(len(plays or legal))])
            if match.pending().is_window:
                while match.pending().is_window:
                    flow.update(0.25)
                if match.pending().by_person:
                    assert flow.curtain_for == match.pending().seat
                    assert not flow.show_private
                    checked += 1
            continue
        flow.update(0.25)
    assert checked >= 1


def _window_with_nope_in_hand(seats: tuple[SeatKind, ...]) -> tuple[Match, TableFlow]:
    """A table where a window is open and a person holds a nope (so it cannot close early)."""
    for seed in range(80):
        match = Match(GameConfig("bombazo", seats), seed)
        flow = TableFlow(match, PACE)
        rng = Pcg32(seed)
        for _ in range(3_000):
            if match.is_over():
                break
            pending = match.pending()
            if pending.is_window and match.machine_choice() is None and any(
                    "nope" in match.view_for(p).hand for p in match.people):
                return match, flow
            if flow.curtain_for is not None:
                flow.confirm_curtain()
            elif flow.awaiting_person is not None:
                legal = match.legal_for(flow.awaiting_person)
                flow.submit(legal[rng.below(len(legal))])
            else:
                flow.update(0.25)
    raise AssertionError("no window with a nope in a person's hand")


def test_one_person_may_end_a_window_at_once() -> None:
    match, flow = _window_with_nope_in_hand((P, LAN, LAN))
    assert flow.may_go_on and not match.window_may_close_early()
    flow.update(0.1)
    assert match.pending().is_window  # it would wait its length...
    flow.go_on()
    assert not match.pending().is_window  # ... but "go on" ends it


def test_with_two_people_nobody_may_end_a_window() -> None:
    match, flow = _window_with_nope_in_hand((P, P, LAN))
    assert not flow.may_go_on
    with pytest.raises(IllegalAction):
        flow.go_on()
    assert match.pending().is_window


def test_go_on_lets_a_machine_that_wants_to_act_act_first() -> None:
    """Going on never takes a machine's nope away: it comes at once instead of after its
    delay, and the game is the one it would have been."""
    for seed in range(120):
        match = Match(GameConfig("bombazo", (P, AST, AST)), seed)
        twin = Match(GameConfig("bombazo", (P, AST, AST)), seed)
        flow, slow = TableFlow(match, PACE), TableFlow(twin, PACE)
        rng = Pcg32(seed)
        for _ in range(3_000):
            if match.is_over():
                break
            if match.pending().is_window and match.machine_choice() is not None:
                flow.go_on()
                while twin.moves < match.moves:
                    slow.update(0.1)
                assert match.save() == twin.save()
                return
            seat = flow.awaiting_person
            if seat is not None:
                legal = match.legal_for(seat)
                action = legal[rng.below(len(legal))]
                flow.submit(action)
                slow.submit(action)
            else:
                flow.update(0.25)
                while twin.moves < match.moves:
                    slow.update(0.25)
    raise AssertionError("no machine wanted to act in a window")
