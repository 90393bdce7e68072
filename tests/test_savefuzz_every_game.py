"""Issue 19, fault 10: the project's own fuzzers attacked bomb-deck saves only (a hand-written
list of four tables) and left the settings key ``cazabombas_progress`` out (a hand-written list
of keys). Both are derived now, the saves from the rules registry (every playable game, each
option set, every mission) and the keys from the ``Settings`` dataclass, so these tests check
the derivation: every registered game's saves are made, attacked and loaded through the real
loaders, a game registered later (the toy kits) is covered without a line changed, and every
settings key reaches the settings fuzz."""

from __future__ import annotations

import json
import logging
import tempfile
from collections.abc import Iterator
from dataclasses import fields
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from game.core.config import SeatKind
from game.core.rng import Pcg32
from game.rules.registry import descriptor, playable
from game.tools import savefuzz
from game.tools.soak import run_saves
from game.ui.settings import Settings
from tests.test_fuzz_files import load_attacked
from tests.toy_games import register_toys

pytestmark = pytest.mark.slow  # fuzzing every game's saves: 18 s of a core (CI runs it)

GAMES = playable()
"""The games of this version (the toy kits are registered by one test only, and removed)."""


@cache
def all_saves() -> tuple[dict[str, Any], ...]:
    """The real saves (plain data with ``extra``) the fuzzers attack, made once (the machines
    of Caza Bombas think a while even when quick)."""
    return tuple(savefuzz.real_saves(0))


def saves_of(game: str) -> tuple[dict[str, Any], ...]:
    return tuple(save for save in all_saves() if save["config"]["game"] == game)


@pytest.fixture
def toys() -> Iterator[None]:
    unregister = register_toys()
    yield
    unregister()
    assert "toy_bidding" not in playable()


# --- the tables ------------------------------------------------------------------------------


def test_every_game_of_the_collection_is_attacked() -> None:
    assert {"bombazo", "mazo", "clasico", "cazabombas", "diebombe"} <= set(GAMES)
    assert {config.game for config in savefuzz.save_tables()} == set(GAMES)
    assert {save["config"]["game"] for save in all_saves()} == set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_every_option_set_both_layouts_and_its_fewest_and_most_seats(
        game: str) -> None:
    spec = descriptor(game)
    tables = [config for config in savefuzz.save_tables() if config.game == game]
    assert {config.options for config in tables} == set(savefuzz.option_sets(game))
    for pick in spec.pick_one:  # every mission, not only the first
        assert any(pick in config.options for config in tables), pick
    people = {sum(kind is SeatKind.PERSON for kind in config.seats) for config in tables}
    assert people == {1, 2}, "one person against the machines, and a hot seat"
    counts = {config.seat_count for config in tables}
    assert spec.min_seats in counts and spec.max_seats in counts
    for config in tables:
        assert descriptor(game).table(config.seats, config.options, config.first) == config


def test_the_campaign_is_attacked_in_several_missions() -> None:
    missions = {option for config in savefuzz.save_tables() if config.game == "cazabombas"
                for option in config.options}
    assert missions == set(descriptor("cazabombas").pick_one) and len(missions) >= 8


@pytest.mark.parametrize("game", GAMES)
def test_each_games_real_saves_are_unfinished_games_that_resume(game: str,
                                                                tmp_path: Path) -> None:
    """The material of the attacks: real games of every table, stopped part way, that load in
    both versions (a finished game would be removed on load, never attacked)."""
    bases = saves_of(game)
    assert len(bases) == len([c for c in savefuzz.save_tables() if c.game == game])
    assert any(len(base["actions"]) >= 4 for base in bases)
    for base in bases:
        for data in (savefuzz.dumps(base), savefuzz.dumps(savefuzz.sealed(base))):
            found = load_attacked(tmp_path, data)
            assert found is not None and found.game == game
            assert found.moves == len(base["actions"])


def test_the_real_saves_are_the_same_for_the_same_seed() -> None:
    """A soak run is the same for the same ``--seed`` (a finding can be run again)."""
    assert tuple(savefuzz.real_saves(0)) == all_saves()
    assert savefuzz.real_saves(1, games=("bombazo",)) != \
        savefuzz.real_saves(0, games=("bombazo",))


# --- attacked, game by game ------------------------------------------------------------------


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), which=st.integers(0, 99), seed=st.integers(0, 2**32 - 1))
def test_an_attacked_save_of_any_game_resumes_or_is_set_aside(game: str, which: int,
                                                              seed: int) -> None:
    """``savefuzz.attack_save`` on each registered game's real saves, loaded as the title
    loads them (``tests.test_fuzz_files.load_attacked``: it resumes, its code encodes and the
    curtain comes back; or it is set aside unchanged as damaged)."""
    bases = saves_of(game)
    data, what = savefuzz.attack_save(bases[which % len(bases)], Pcg32(seed))
    event(f"{game}: {what.split(':')[0]}")
    with tempfile.TemporaryDirectory() as folder:
        load_attacked(Path(folder), data, lambda outcome: event(f"{game}: {outcome}"))


@pytest.mark.slow
def test_the_soak_attacks_and_loads_saves_of_every_game() -> None:
    """``soak --saves``: every game's saves are attacked, and some of each game's still load
    (else only the shape checks would be reached, never the game's own replay)."""
    report = run_saves(800, seed=1)
    assert report.ok and report.crashes == 0
    assert list(report.per_game) == list(GAMES)
    for game, row in report.per_game.items():
        assert row["saves"] >= 800 // len(savefuzz.save_tables()), game
        assert row["accepted"] > 0 and row["damaged"] > 0, (game, row)
        assert row["crashes"] == 0
        assert row["saves"] == row["accepted"] + row["damaged"] + row["finished"]
    assert sum(row["saves"] for row in report.per_game.values()) == 800
    data = report.to_json()
    assert data["per_game"] == report.per_game


def test_a_save_set_aside_by_the_catch_all_is_a_finding(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug in a game's replay reaches the autosave's last-resort catch-all: the player is
    safe (the file goes aside with a notice), and the soak reports the bug all the same."""
    from game.match import match as match_module

    real = match_module.Match.from_save

    def broken(save: Any) -> Any:
        if save.config.game == "diebombe" and save.actions:
            raise KeyError("a bug in the replay")
        return real(save)

    monkeypatch.setattr(match_module.Match, "from_save", staticmethod(broken))
    report = run_saves(160, seed=1)
    assert report.crashes > 0 and not report.ok
    assert report.per_game["diebombe"]["crashes"] == report.crashes
    assert all("reached the catch-all" in sample and "KeyError" in sample
               and " of diebombe " in sample for sample in report.samples)


# --- a game added later ----------------------------------------------------------------------


@pytest.mark.usefixtures("toys")
def test_a_game_registered_later_is_attacked_without_a_line_changed(tmp_path: Path) -> None:
    """The toy kits (sealed bids; a cooperative game) stand for the next game of the
    collection: registered, their saves are made (people bidding behind the curtain
    included), attacked by the soak and loaded."""
    tables = savefuzz.save_tables()
    assert {"toy_bidding", "toy_wires"} <= {config.game for config in tables}
    toys = savefuzz.real_saves(0, games=("toy_bidding", "toy_wires"))
    assert {save["config"]["game"] for save in toys} == {"toy_bidding", "toy_wires"}
    for base in toys:
        assert load_attacked(tmp_path, savefuzz.dumps(savefuzz.sealed(base))) is not None
    report = run_saves(3 * len(tables), seed=0)
    assert set(report.per_game) == set(playable())
    assert report.per_game["toy_bidding"]["saves"] > 0 and report.per_game["toy_wires"]["saves"]
    # The toys' own action readers are loose (a test fixture's, raising KeyError and
    # ValueError on odd moves): the soak reaches them and says so; the real games never.
    assert all(row["crashes"] == 0 for game, row in report.per_game.items()
               if not game.startswith("toy_"))
    assert all(" of toy_" in sample for sample in report.samples)


# --- settings --------------------------------------------------------------------------------


def test_every_settings_key_is_fuzzed() -> None:
    """Fails when a key of ``Settings`` is left out of the settings fuzz (the hypothesis
    fuzz of ``tests/test_fuzz_files.py`` reads the same ``SETTINGS_KEYS``)."""
    keys = [field.name for field in fields(Settings)]
    assert "cazabombas_progress" in keys
    assert list(savefuzz.SETTINGS_KEYS) == keys
    assert set(savefuzz.GOOD_SETTINGS) <= set(keys), "a good value for a key that is gone"
    good_seen: set[str] = set()
    odd_seen: set[str] = set()
    rng = Pcg32(19)
    for _ in range(400):
        text, what = savefuzz.attack_settings(rng)
        if what != "odd values":
            continue
        for key, value in json.loads(text).items():
            if key in keys and value == savefuzz.good_setting(key):
                good_seen.add(key)
            elif key in keys:
                odd_seen.add(key)
    assert good_seen == set(keys) and odd_seen == set(keys)


@pytest.mark.parametrize("key", [field.name for field in fields(Settings)])
def test_the_fuzzs_good_value_of_every_key_is_good(key: str,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    """The fuzz's good value for ``key`` loads without a warning about it, so the settings
    fuzz tells a loader that refuses good values from one that takes bad ones."""
    value = savefuzz.good_setting(key)
    with caplog.at_level(logging.WARNING, logger="game.ui.settings"):
        loaded = Settings.from_dict({key: value})
    assert not [r for r in caplog.records if "bad value" in r.getMessage()], key
    assert Settings.from_dict(loaded.to_dict()) == loaded
