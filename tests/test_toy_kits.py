"""The generic path before the real games arrive: the two toy games of ``tests/toy_games.py``
(sealed bids; cooperative hidden stands), registered as kits, play through the real ``Match``,
the table's flow (a curtain between two people), codes, the simulator, the soak, autosave and
resume, without a line of either in the layers above the rules."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import cli
from game.core.config import GameConfig, SeatKind
from game.core.engine import DecisionKind
from game.core.rng import Pcg32
from game.match.autosave import Autosaver, Seen, restore_curtain
from game.match.flow import Pace, TableFlow
from game.match.headless import play_game
from game.match.match import Match
from game.rules.codes import decode
from game.rules.registry import playable
from game.tools.soak import run_soak
from tests.toy_games import register_toys

P, LZ = SeatKind.PERSON, SeatKind.LANZADO
PACE = Pace(machine_delay=0.5, machine_window_delay=0.3, window_seconds=1.0)


@pytest.fixture(autouse=True)
def toys() -> Iterator[None]:
    unregister = register_toys()
    yield
    unregister()
    assert "toy_bidding" not in playable()


def _table(flow: TableFlow, rng: Pcg32, watch: list[tuple[str, int | None, int]]) -> None:
    """Play a table as its people would: confirm the curtain, pick a legal move."""
    match = flow.match
    for _ in range(10_000):
        if match.is_over():
            return
        if flow.curtain_for is not None:
            watch.append(("curtain", flow.curtain_for, match.moves))
            flow.confirm_curtain()
        elif flow.awaiting_person is not None:
            seat = flow.awaiting_person
            watch.append(("acts", seat, match.moves))
            legal = match.legal_for(seat)
            flow.submit(legal[rng.below(len(legal))])
        else:
            flow.update(0.25)
    raise AssertionError("the toy table never finished")


def test_sealed_bids_from_two_people_behind_the_curtain_and_two_machines() -> None:
    match = Match(GameConfig("toy_bidding", (P, LZ, P, LZ)), 5)
    pending = match.pending()
    assert pending.kind is DecisionKind.SECRET and pending.people == (0, 2)
    assert pending.machines == (1, 3)
    flow = TableFlow(match, PACE)
    watch: list[tuple[str, int | None, int]] = []
    _table(flow, Pcg32(1), watch)
    assert match.is_over() and match.moves == 12
    acts = [entry for entry in watch if entry[0] == "acts"]
    assert [seat for _, seat, _ in acts].count(0) == 3 and [s for _, s, _ in acts].count(2) == 3
    for index, entry in enumerate(watch):  # every person's bid comes right after their curtain
        if entry[0] == "acts":
            assert watch[index - 1] == ("curtain", entry[1], entry[2])
    outcome = match.outcome()
    assert outcome.scores is not None and sum(outcome.scores) <= 3
    assert outcome.winners and all(outcome.places[s] == 1 for s in outcome.winners)


def test_a_bid_is_hidden_from_the_others_until_all_are_in() -> None:
    match = Match(GameConfig("toy_bidding", (P, P, P)), 2)
    match.submit(1, match.legal_for(1)[2])
    assert match.view_for(1).my_bid == 3
    assert match.view_for(0).my_bid is None and match.view_for(2).my_bid is None
    assert match.view_for(0).has_bid == (False, True, False)


def test_the_cooperative_game_gives_a_team_result_and_a_code() -> None:
    match = Match(GameConfig("toy_wires", (LZ, LZ, LZ)), 8)
    assert decode(match.code) == (match.config, 8)
    match.play_to_end(check=True)
    outcome = match.outcome()
    assert outcome.team_won is not None
    assert outcome.winners == ((0, 1, 2) if outcome.team_won else ())


def test_autosave_and_resume_of_a_toy_table(tmp_path: Path) -> None:
    live = TableFlow(Match(GameConfig("toy_bidding", (P, P, LZ)), 3), PACE)
    rng = Pcg32(4)
    while live.match.moves < 4:
        if live.curtain_for is not None:
            live.confirm_curtain()
        elif live.awaiting_person is not None:
            live.submit(live.match.legal_for(live.awaiting_person)[rng.below(3)])
        else:
            live.update(0.25)
    saver = Autosaver(tmp_path)
    assert saver.save(live.match, Seen.of(live, 0))
    found = saver.load_unfinished()
    assert found is not None and found.moves == live.match.moves
    resumed = TableFlow(Match.from_save(found.save), PACE)
    restore_curtain(resumed, found.seen)
    for seat in range(3):
        assert resumed.match.view_for(seat) == live.match.view_for(seat)
    assert resumed.curtain_for == resumed.person_to_act()  # hot seat: covered again
    _table(live, Pcg32(9), [])
    _table(resumed, Pcg32(9), [])
    assert resumed.match.save() == live.match.save()


def test_the_simulator_plays_both_toys(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["sim", "--game", "toy_bidding", "--seats", "3", "--bots", "lanzado",
                     "--games", "60", "--json", "--quiet"]) == 0
    bids = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert bids["errors"] == 0 and bids["games"] == 60
    assert sum(bids["wins"]) == pytest.approx(60, abs=0.01)  # a shared first place is shared
    assert any(isinstance(w, float) for w in bids["wins"]), "no tie in 60 games of 1–3 bids"
    assert "team_win_rate" not in bids
    assert cli.main(["sim", "--game", "toy_wires", "--seats", "2", "--bots", "lanzado",
                     "--games", "40", "--json", "--quiet"]) == 0
    wires = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert wires["errors"] == 0 and 0.0 <= wires["team_win_rate"] <= 1.0


def test_the_soak_plays_every_toy_table() -> None:
    report = run_soak(12, 0, progress=False, only=("toy_bidding", "toy_wires"))
    assert report.ok and report.games == 12
    assert {tally.table.game for tally in report.tables} == {"toy_bidding", "toy_wires"}
    assert all(tally.games == 2 for tally in report.tables)


def test_a_headless_record_of_a_toy_replays() -> None:
    record = play_game(GameConfig.machines("toy_wires", 4), 11, check=True)
    assert not record.violations
    assert Match.from_save(record.to_save()).outcome() == record.outcome
