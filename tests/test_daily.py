"""The deal of the day (game/history/daily.py): made from the date alone, the same on every
computer and every run; the days walk through every game; each code is a playable table of
one person and machines; a game that ends after midnight is still the day's deal."""

from __future__ import annotations

from datetime import date, timedelta

from game.core.config import SeatKind
from game.history.daily import daily_code, daily_config, daily_of
from game.match.match import Match
from game.rules.codes import decode
from game.rules.registry import playable

DAY = date(2026, 12, 2)


def test_a_day_has_one_code_on_every_computer_and_in_every_version() -> None:
    """Pinned: a change here would give people comparing today's deal different games."""
    assert [daily_code(DAY + timedelta(days=n)) for n in range(3)] == \
        ["EEA-PFR", "1XQ-53BR", "NGK-G5P"]


def test_the_days_walk_through_every_game_with_playable_tables() -> None:
    days = [DAY + timedelta(days=n) for n in range(3 * len(playable()))]
    codes = [daily_code(day) for day in days]
    assert len(set(codes)) == len(codes)
    assert {daily_config(day)[0].game for day in days[:len(playable())]} == set(playable())
    for day, code in zip(days, codes, strict=True):
        config, seed = daily_config(day)
        assert decode(code) == (config, seed)
        assert config.seats[0] is SeatKind.PERSON
        assert all(kind is not SeatKind.PERSON for kind in config.seats[1:])
        match = Match(config, seed)
        assert match.legal_for(match.pending().seats[0]) if match.pending().seats else True


def test_a_game_that_ends_after_midnight_is_still_the_days_deal() -> None:
    code = daily_code(DAY)
    assert daily_of(code, DAY) == DAY
    assert daily_of(code, DAY + timedelta(days=1)) == DAY
    assert daily_of(code, DAY + timedelta(days=2)) is None
    assert daily_of("ABC-123", DAY) is None
