"""Saves: JSON that replays to the identical state; damage is reported in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.config import GameConfig, SeatKind
from game.core.errors import MalformedInput
from game.core.saves import SavedGame, loads, read_save, write_atomic
from game.rules.registry import engine_for
from game.rules.replay import record, replay
from tests.playout import random_playout


def _finished_save() -> tuple[SavedGame, object]:
    config = GameConfig("bombazo", (SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.LANZADO))
    state, moves = random_playout(engine_for("bombazo"), config, 21)
    return record(config, 21, moves), state


def test_save_round_trips_through_a_file(tmp_path: Path) -> None:
    save, state = _finished_save()
    path = tmp_path / "saves" / "game.json"
    write_atomic(path, save.dumps())
    loaded = read_save(path)
    assert loaded == loads(save.dumps())
    assert replay(loaded).snapshot() == state.snapshot()  # type: ignore[attr-defined]
    assert [p.name for p in path.parent.iterdir()] == ["game.json"], "no temp file left behind"


def test_atomic_write_replaces_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    write_atomic(path, "old")
    write_atomic(path, "new")
    assert path.read_text(encoding="utf-8") == "new"


def test_partial_save_replays_to_the_same_midgame_state() -> None:
    save, _ = _finished_save()
    engine = engine_for("bombazo")
    half = SavedGame(save.config, save.seed, save.actions[: len(save.actions) // 2])
    state = engine.new_game(save.config, save.seed)
    for seat, data in half.actions:
        engine.apply(state, seat, engine.action_from_json(data))
    assert replay(loads(half.dumps())).snapshot() == state.snapshot()


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: "{not json", "not valid JSON"),
        (lambda d: json.dumps({"format": "other"}), "not a Mecha Corta save"),
        (lambda d: json.dumps({**d, "version": 99}), "version"),
        (lambda d: json.dumps({**d, "seed": "x"}), "seed"),
        (lambda d: json.dumps({**d, "config": {**d["config"], "game": "poker"}}), "unknown game"),
        (lambda d: json.dumps({**d, "config": {**d["config"], "seats": ["robot"]}}), "seat kind"),
        (lambda d: json.dumps({**d, "config": {**d["config"], "seats": ["person"]}}), "seats"),
        (lambda d: json.dumps({**d, "actions": [{"seat": 0, "do": "fly"}]}), "unknown action"),
        (lambda d: json.dumps({**d, "actions": [{"do": "draw"}]}), "names no seat"),
        (lambda d: json.dumps({**d, "actions": d["actions"][1:]}), "illegal"),
    ],
)
def test_damaged_saves_are_one_clear_line(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    save, _ = _finished_save()
    text = mutate(save.to_json())
    with pytest.raises(MalformedInput) as caught:
        replay(loads(text))
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=200), st.binary(max_size=200).map(lambda b: b.decode("latin-1")),
                 st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                              lambda c: st.lists(c, max_size=4)
                              | st.dictionaries(st.text(max_size=8), c, max_size=4),
                              max_leaves=12).map(json.dumps)))
def test_any_text_is_a_save_or_one_clear_error(text: str) -> None:
    try:
        replay(loads(text))
    except MalformedInput as error:
        assert str(error) and "\n" not in str(error)


_values = st.one_of(st.none(), st.booleans(), st.integers(-3, 60), st.sampled_from(
    ["attack", "nope", "defuse", "animal_frog", "random", "bomb", "x", ""]))


@settings(max_examples=300, deadline=None)
@given(
    game=st.sampled_from(["bombazo", "mazo", "clasico"]),
    seats=st.integers(1, 9),
    actions=st.lists(st.fixed_dictionaries(
        {"seat": st.integers(-2, 9), "do": st.sampled_from(
            ["draw", "play", "pair", "trio", "nope", "resolve", "give", "place_bomb", "bid"])},
        optional={"card": _values, "target": _values, "named": _values, "position": _values},
    ), max_size=12),
)
def test_fuzzed_actions_replay_or_fail_cleanly(game: str, seats: int, actions: list[dict]) -> None:  # type: ignore[type-arg]
    data = {"format": "mecha-corta-save", "version": 1, "seed": 3,
            "config": {"game": game, "seats": ["lanzado"] * seats, "options": []},
            "actions": actions}
    try:
        replay(loads(json.dumps(data)))
    except MalformedInput as error:
        assert str(error) and "\n" not in str(error)
