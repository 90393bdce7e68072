"""Finished games kept on disk (game/history/archive.py): every game of the collection is kept
with its names and result and replays to the same end; the newest first; only the last
``keep``; games ending in the same second both kept; a damaged file set aside and left out; an
unfinished game refused (its review would show secrets mid-game); a killed write's temporary
file removed; nothing but its own files touched."""

from __future__ import annotations

import contextlib
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.config import GameConfig, SeatKind
from game.core.errors import MalformedInput
from game.history.archive import FOLDER, Archive
from game.match.match import Match
from tests.every_game import IDS, TABLES, config

T0 = datetime(2026, 12, 2, 5, 40, 12, tzinfo=UTC)
AST, LAN = SeatKind.ASTUTO, SeatKind.LANZADO


def finished(game: str = "bombazo", seed: int = 1, seats: int = 3) -> Match:
    match = Match(GameConfig(game, (SeatKind.PERSON,) + (LAN,) * (seats - 1)), seed)
    match.play_to_end(LAN)
    return match


@pytest.mark.parametrize("table", TABLES, ids=IDS)
def test_every_game_is_kept_with_its_result_and_replays_to_the_same_end(
        tmp_path: Path, table: tuple[str, int]) -> None:
    match = Match(config(*table), 5)
    match.play_to_end()
    archive = Archive(tmp_path)
    names = ["Ana"] + [""] * (match.config.seat_count - 1)
    kept = archive.add(match, names, T0)
    [listed] = archive.games()
    assert listed == kept
    assert listed.names == tuple(names) and listed.ended == T0
    assert listed.places == match.outcome().places
    assert listed.scores == match.outcome().scores
    assert listed.team_won == match.outcome().team_won
    assert listed.moves == match.moves and listed.code == match.code
    past, replayed = archive.replay(listed.id)
    assert past == listed
    assert replayed.outcome() == match.outcome() and replayed.actions == match.actions


def test_the_newest_come_first_and_only_the_last_ones_are_kept(tmp_path: Path) -> None:
    archive = Archive(tmp_path, keep=3)
    ids = [archive.add(finished(seed=s), ["Ana"], T0 + timedelta(minutes=s)).id
           for s in range(5)]
    assert [g.id for g in archive.games()] == ids[:1:-1]  # the three newest, newest first
    assert len(list((tmp_path / FOLDER).iterdir())) == 3


def test_games_that_end_in_the_same_second_are_both_kept_in_order(tmp_path: Path) -> None:
    archive = Archive(tmp_path)
    first = archive.add(finished(seed=1), [], T0)
    second = archive.add(finished(seed=2), [], T0)
    assert first.id != second.id
    assert [g.id for g in archive.games()] == [second.id, first.id]
    assert archive.games()[1].names == ("", "", "")


def test_the_list_filters_by_game(tmp_path: Path) -> None:
    archive = Archive(tmp_path)
    archive.add(finished("bombazo"), [], T0)
    archive.add(finished("diebombe"), [], T0 + timedelta(seconds=1))
    assert [g.game for g in archive.games()] == ["diebombe", "bombazo"]
    assert [g.game for g in archive.games("bombazo")] == ["bombazo"]


def test_an_unfinished_game_is_not_kept(tmp_path: Path) -> None:
    match = Match(GameConfig("bombazo", (SeatKind.PERSON, AST)), 3)
    with pytest.raises(ValueError):
        Archive(tmp_path).add(match, [], T0)
    assert not (tmp_path / FOLDER).exists()


@pytest.mark.parametrize("damage", ["not json {", '{"format": "x"}', "",
                                    '{"format": "mecha-corta-finished-game", "version": 1}'])
def test_a_damaged_game_is_set_aside_and_left_out(tmp_path: Path, damage: str) -> None:
    archive = Archive(tmp_path)
    good = archive.add(finished(), ["Ana"], T0)
    bad = archive.add(finished(seed=2), ["Bo"], T0 + timedelta(seconds=5))
    path = tmp_path / FOLDER / f"{bad.id}.json"
    path.write_text(damage)
    assert [g.id for g in archive.games()] == [good.id]
    assert not path.exists()
    assert (tmp_path / FOLDER / f"{bad.id}.damaged-1.json").read_text() == damage
    assert [g.id for g in archive.games()] == [good.id]  # and it stays out


def test_a_head_that_does_not_fit_its_save_is_damaged(tmp_path: Path) -> None:
    archive = Archive(tmp_path)
    kept = archive.add(finished(), ["Ana"], T0)
    path = tmp_path / FOLDER / f"{kept.id}.json"
    data = json.loads(path.read_text())
    data["names"] = ["Ana"]  # one name for three seats
    path.write_text(json.dumps(data))
    with pytest.raises(MalformedInput):
        archive.load(kept.id)
    assert archive.games() == []


@pytest.mark.parametrize("game_id", ["../current", "20261202T054012Z-1/../../x", "", "x"])
def test_only_an_archived_game_is_opened(tmp_path: Path, game_id: str) -> None:
    (tmp_path / "current.json").write_text("{}")
    with pytest.raises(MalformedInput):
        Archive(tmp_path).load(game_id)
    assert (tmp_path / "current.json").exists()


def test_a_killed_writes_temporary_file_goes_and_nothing_else_is_touched(tmp_path: Path
                                                                         ) -> None:
    archive = Archive(tmp_path)
    kept = archive.add(finished(), ["Ana"], T0)
    folder = tmp_path / FOLDER
    (folder / f".{kept.id}.json.abc123.tmp").write_text("half")
    (folder / "notes.txt").write_text("mine")
    assert [g.id for g in archive.games()] == [kept.id]
    assert sorted(p.name for p in folder.iterdir()) == [f"{kept.id}.json", "notes.txt"]


def test_names_are_cut_to_the_seats_and_to_a_sane_length(tmp_path: Path) -> None:
    kept = Archive(tmp_path).add(finished(seats=2), ["A" * 500, "Bo", "extra"], T0)
    assert kept.names == ("A" * 40, "Bo")


def _real_file() -> str:
    """A kept game's file as the archive writes it (made once)."""
    if not _REAL:
        import tempfile

        with tempfile.TemporaryDirectory() as home:
            kept = Archive(Path(home)).add(finished(), ["Ana"], T0)
            _REAL.append((Path(home) / FOLDER / f"{kept.id}.json").read_text())
    return _REAL[0]


_REAL: list[str] = []


def _damaged(cut: tuple[int, int], insert: str) -> str:
    text = _real_file()
    start = cut[0] % len(text)
    return text[:start] + insert + text[start + cut[1] % 40:]


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.one_of(st.text(max_size=400),
                      st.builds(_damaged, st.tuples(st.integers(0, 10**6), st.integers(0, 39)),
                                st.text(max_size=6)),
                      st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                                   lambda kids: st.lists(kids, max_size=4)
                                   | st.dictionaries(st.text(max_size=8), kids, max_size=4),
                                   max_leaves=20).map(json.dumps)))
def test_whatever_a_game_file_holds_the_list_never_fails(tmp_path: Path, text: str) -> None:
    """A hand-edited, truncated or hostile file in games/: set aside or read, never a crash of
    the list, the record or the review's loading."""
    from game.history.record import Record

    folder = tmp_path / FOLDER
    folder.mkdir(exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    (folder / "20261202T054012Z-1.json").write_text(text)
    archive = Archive(tmp_path)
    listed = archive.games()
    assert listed == [] or [g.id for g in listed] == ["20261202T054012Z-1"]
    Record(tmp_path).sync(archive)
    for game in listed:
        with contextlib.suppress(MalformedInput):
            archive.replay(game.id)


def test_the_aids_and_the_lessons_moves_are_kept_with_the_game(tmp_path: Path) -> None:
    """A game played with the marks on, and a lesson's first moves, are kept with it (the
    record counts marked games apart; the review does not judge a lesson's moves)."""
    from game.history.record import Record

    match = finished()
    kept = Archive(tmp_path).add(match, ["Ana"], T0, aids=["marks", "x-ray"], guided=4)
    [past] = Archive(tmp_path).games()
    assert past.aids == kept.aids == frozenset({"marks"})  # an unknown aid is not kept
    assert past.guided == kept.guided == 4
    plain = Archive(tmp_path).add(finished(seed=2), ["Ana"], T0 + timedelta(seconds=1))
    assert plain.aids == frozenset() and plain.guided == 0
    record = Record(tmp_path)
    record.sync(Archive(tmp_path))
    ana = next(p for p in record.players.values() if p.name == "Ana")
    game = ana.games["bombazo"]
    assert game.games.played == 2 and game.with_marks.played == 1
    assert game.with_marks.won == int(match.outcome().places[0] == 1)


@pytest.mark.parametrize("field, value", [("aids", "marks"), ("aids", [3]), ("guided", -1),
                                          ("guided", 10 ** 6), ("guided", True)])
def test_a_head_with_bad_aids_is_damaged(tmp_path: Path, field: str, value: object) -> None:
    Archive(tmp_path).add(finished(), ["Ana"], T0)
    [path] = (tmp_path / FOLDER).iterdir()
    data = json.loads(path.read_text())
    data[field] = value
    path.write_text(json.dumps(data))
    assert Archive(tmp_path).games() == []
