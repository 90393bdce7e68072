"""The players' record (game/history/record.py): games, wins, levels, streaks, scores and
cooperative setups counted per person from the past games, each game once, whatever was
killed when; a damaged record set aside and counted again from the kept games."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from game.core.config import GameConfig, SeatKind
from game.history.archive import Archive, PastGame
from game.history.record import FILE_NAME, YOU, Record, person_key
from game.match.match import Match

P, AST, LAN, DES = SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.LANZADO, SeatKind.DESPIADADO
T0 = datetime(2026, 12, 2, 6, 0, 0, tzinfo=UTC)


def past(n: int, seats: tuple[SeatKind, ...], names: tuple[str, ...],
         places: tuple[int | None, ...], *, game: str = "bombazo",
         scores: tuple[int, ...] | None = None, team_won: bool | None = None,
         options: frozenset[str] = frozenset(), code: str = "ABC-123") -> PastGame:
    return PastGame(f"20261202T0600{n:02d}Z-1", T0 + timedelta(seconds=n),
                    GameConfig(game, seats, options=options), names, places, scores, team_won,
                    10, code)


def test_one_person_against_machines_is_you_with_games_levels_and_streaks(tmp_path: Path
                                                                           ) -> None:
    record = Record(tmp_path)
    results = [1, 1, 2, 1, 3, 1, 1, 1]
    for n, place in enumerate(results):
        others = tuple(q for q in (1, 2, 3) if q != place)
        record.count(past(n, (P, AST, AST, LAN), ("", "", "", ""), (place, *others)))
    you = record.players[YOU]
    game = you.games["bombazo"]
    assert (game.games.played, game.games.won) == (8, 6)
    assert {k: (t.played, t.won) for k, t in game.levels.items()} == \
        {"astuto": (8, 6), "lanzado": (8, 6)}  # a level once per game
    assert (you.streak, you.best_streak) == (3, 3)
    assert [won for _, won in you.last] == [place == 1 for place in results]


def test_hot_seat_people_are_counted_by_the_names_they_typed(tmp_path: Path) -> None:
    record = Record(tmp_path)
    record.count(past(1, (P, P, P), ("Ana", "bo", ""), (2, 1, 3)))
    record.count(past(2, (P, P, AST), ("  ana ", "BO", ""), (1, 2, 3)))
    assert sorted(record.players) == ["ana", "bo"]  # the unnamed hot-seat person: nobody
    assert record.players["ana"].games["bombazo"].games.won == 1
    assert record.players["bo"].played == 2 and record.players["bo"].name == "BO"
    assert person_key("  Ana  Luz ") == person_key("ana luz")


def test_a_shared_first_place_is_a_win_and_a_score_keeps_the_best(tmp_path: Path) -> None:
    record = Record(tmp_path)
    record.count(past(1, (P, AST, AST), ("", "", ""), (1, 1, 3), game="diebombe",
                      scores=(12, 12, 3)))
    record.count(past(2, (P, AST, AST), ("", "", ""), (3, 1, 2), game="diebombe",
                      scores=(-4, 20, 9)))
    game = record.players[YOU].games["diebombe"]
    assert (game.games.won, game.best_score) == (1, 12)


def test_a_cooperative_win_counts_for_everyone_with_its_setup(tmp_path: Path) -> None:
    record = Record(tmp_path)
    mission = frozenset({"mission3"})
    record.count(past(1, (P, P, LAN), ("Ana", "Bo", ""), (1, 1, 1), game="cazabombas",
                      team_won=True, options=mission))
    record.count(past(2, (P, P, LAN), ("Ana", "Bo", ""), (None, None, None),
                      game="cazabombas", team_won=False, options=frozenset({"mission4"})))
    for key in ("ana", "bo"):
        game = record.players[key].games["cazabombas"]
        assert (game.games.played, game.games.won) == (2, 1)
        assert game.setups_won == {"3:mission3"} and game.levels == {}


def _finish(seed: int) -> Match:
    match = Match(GameConfig("bombazo", (P, LAN, LAN)), seed)
    match.play_to_end(LAN)
    return match


def test_every_kept_game_is_counted_once_whatever_was_killed_when(tmp_path: Path) -> None:
    archive = Archive(tmp_path)
    archive.add(_finish(1), ["Ana"], T0)
    assert Record(tmp_path).sync() == 1
    assert Record(tmp_path).sync() == 0  # the second start counts nothing again
    # killed after the game was kept, before the record was written: the next sync counts it
    archive.add(_finish(2), ["Ana"], T0 + timedelta(seconds=1))
    # killed while the record was written: the old record and a temporary file are left
    (tmp_path / f".{FILE_NAME}.x1y2.tmp").write_text('{"half')
    record = Record(tmp_path)
    assert record.sync() == 1
    assert record.players["ana"].played == 2
    assert not list(tmp_path.glob(".*.tmp"))


def test_games_pruned_from_the_archive_stay_counted_and_are_forgotten_by_id(tmp_path: Path
                                                                           ) -> None:
    archive = Archive(tmp_path, keep=2)
    record = Record(tmp_path)
    for n in range(5):
        archive.add(_finish(n), ["Ana"], T0 + timedelta(seconds=n))
        record.sync(archive)
    assert record.players["ana"].played == 5
    assert len(json.loads((tmp_path / FILE_NAME).read_text())["counted"]) == 2


def test_a_damaged_record_is_set_aside_and_counted_again_from_the_kept_games(tmp_path: Path
                                                                            ) -> None:
    archive = Archive(tmp_path)
    archive.add(_finish(1), ["Ana"], T0)
    (tmp_path / FILE_NAME).write_text('{"format": "mecha-corta-record", "version": 1, '
                                      '"players": {"ana": {"name": 3}}, "counted": []}')
    record = Record(tmp_path)
    assert record.sync() == 1
    assert record.damaged is not None
    assert (tmp_path / "record.damaged-1.json").exists()
    assert record.players["ana"].played == 1


def test_a_reset_starts_from_the_next_game(tmp_path: Path) -> None:
    archive = Archive(tmp_path)
    archive.add(_finish(1), ["Ana"], T0)
    Record(tmp_path).sync()
    Record(tmp_path).reset()
    record = Record(tmp_path)
    assert record.sync() == 0 and record.players == {}
    archive.add(_finish(2), ["Ana"], T0 + timedelta(seconds=1))
    assert record.sync() == 1 and record.players["ana"].played == 1


def test_the_record_reads_back_what_it_wrote(tmp_path: Path) -> None:
    record = Record(tmp_path)
    record.count(past(1, (P, AST, DES), ("", "", ""), (1, 2, 3), game="diebombe",
                      scores=(9, 4, 1)))
    record.count(past(2, (P, P, LAN), ("Ana", "Bo", ""), (None,) * 3, game="cazabombas",
                      team_won=True, options=frozenset({"mission2"})))
    record.save()
    again = Record(tmp_path)
    again.load()
    assert again.to_json() == record.to_json() and again.counted == record.counted


def test_the_deal_of_the_day_is_kept_per_day_first_try_only(tmp_path: Path) -> None:
    from game.history.daily import daily_code, daily_config

    record = Record(tmp_path)
    day = T0.date()
    config, _ = daily_config(day)
    places = (1,) + (2,) * (config.seat_count - 1)
    team = True if config.game == "cazabombas" else None
    record.count(past(1, config.seats, ("",) * config.seat_count, places, game=config.game,
                      options=config.options, code=daily_code(day), team_won=team))
    record.count(past(2, config.seats, ("",) * config.seat_count, (2, 1, *places[2:]),
                      game=config.game, options=config.options, code=daily_code(day),
                      team_won=None if team is None else False))
    record.count(past(3, (P, AST), ("", ""), (1, 2)))  # not a deal of the day
    assert record.players[YOU].daily == {day.isoformat(): True}
