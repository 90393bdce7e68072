"""Saves: JSON that replays to the identical state; damage is reported in one line; version 2
hides the seed and the moves from a glance, version 1 (0.1.0's) still loads, and whatever loads
has a code."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import cli
from game.core.codes import SEED_SPACE
from game.core.config import GameConfig, SeatKind
from game.core.errors import MalformedInput
from game.core.saves import (
    MAX_SEALED_BYTES,
    SavedGame,
    loads,
    read_save,
    remove_stale_temps,
    seal,
    unseal,
    write_atomic,
)
from game.match.match import Match
from game.rules.registry import engine_for
from game.rules.replay import record, replay
from tests.playout import random_playout

V1_FILE = Path(__file__).parent / "data" / "current-v1.json"
"""An unfinished hot-seat game's current.json as 0.1.0 wrote it (version 1, plain): seed 1,
62 moves, a bomb hidden at position 11 among them."""
V1_CODE = "2ZB-Z11-12P"


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
        (lambda d: json.dumps({**d, "version": True}), "version"),
        (lambda d: json.dumps({**d, "seed": "x"}), "seed"),
        (lambda d: json.dumps({**d, "seed": SEED_SPACE}), "outside 0–1048575"),
        (lambda d: json.dumps({**d, "seed": -1}), "outside"),
        (lambda d: json.dumps({**d, "seed": 10**80}), "266-bit"),
        (lambda d: json.dumps({**d, "config": {**d["config"], "game": "poker"}}), "unknown game"),
        (lambda d: json.dumps({**d, "config": {**d["config"], "seats": ["robot"]}}), "seat kind"),
        (lambda d: json.dumps({**d, "config": {**d["config"], "seats": [[]]}}), "seat kind"),
        (lambda d: json.dumps({**d, "config": {**d["config"], "seats": ["person"]}}), "1 seat"),
        (lambda d: json.dumps({**d, "config": {**d["config"], "seats": ["astuto"] * 9}}),
         "9 seats"),
        (lambda d: json.dumps({**d, "config": {**d["config"], "first": 3}}), "first seat"),
        (lambda d: json.dumps({**d, "config": {**d["config"], "options": ["x"]}}), "option"),
        (lambda d: json.dumps({**d, "actions": [{"seat": 0, "do": "fly"}]}), "unknown action"),
        (lambda d: json.dumps({**d, "actions": [{"do": "draw"}]}), "names no seat"),
        (lambda d: json.dumps({**d, "actions": d["actions"][1:]}), "illegal"),
        (lambda d: json.dumps(d).replace('"first": 0', '"first": 1' + "0" * 5000),
         "not valid JSON (a number has more than 4300 digits)"),
        (lambda d: json.dumps(d).replace('"seed": 21', '"seed": ' + "9" * 4400),
         "not valid JSON (a number has more than 4300 digits)"),
        (lambda d: json.dumps(d).replace('"options": []', '"options": ' + "[" * 20000),
         "not valid JSON"),
    ],
)
def test_damaged_saves_are_one_clear_line(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    save, _ = _finished_save()
    text = mutate(save.to_json(version=1))
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


# --- version 2: nothing secret at a glance ---------------------------------------------------


def _midgame_with_secrets() -> SavedGame:
    """The version-1 file's game: a person hid a bomb (``place_bomb``) among its moves."""
    save = read_save(V1_FILE)
    assert any(action.get("do") == "place_bomb" for _seat, action in save.actions)
    return save


def test_version_2_shows_the_header_and_no_hidden_move() -> None:
    save = _midgame_with_secrets()
    text = save.dumps()
    data = json.loads(text)
    assert data["format"] == "mecha-corta-save" and data["version"] == 2
    assert data["config"] == save.config.to_json() and data["moves"] == len(save.actions)
    assert set(data) == {"format", "version", "config", "moves", "sealed"}
    for secret in ("place_bomb", "position", "give", "seed", "actions", "defuse", "nope",
                   '"do"'):
        assert secret not in text, f"{secret!r} is readable in a version-2 save"
    assert loads(text) == save


def test_version_2_is_smaller_than_version_1() -> None:
    save = _midgame_with_secrets()
    assert len(save.dumps()) < len(json.dumps(save.to_json(version=1), indent=1)) / 4


def test_a_file_written_by_0_1_0_still_loads_and_resumes() -> None:
    save = read_save(V1_FILE)
    assert json.loads(V1_FILE.read_text(encoding="utf-8"))["version"] == 1
    assert save.seed == 1 and len(save.actions) == 62
    match = Match.from_save(save)
    assert match.code == V1_CODE and not match.is_over()
    assert loads(save.dumps()) == save  # and it reads the same once written as version 2


def test_the_seed_at_the_edge_of_the_code_space_loads() -> None:
    data = _midgame_with_secrets().to_json(version=1)
    data["seed"], data["actions"] = SEED_SPACE - 1, []
    assert Match.from_save(loads(json.dumps(data))).code


@pytest.mark.parametrize(("sealed", "moves", "message"), [
    ("", 62, "cut short"),
    ("not base64 at all!", 62, "damaged (Error)"),
    (base64.b64encode(b"not zlib").decode(), 62, "damaged (error)"),
    (None, 62, "missing"),
    (seal({"seed": 1, "actions": []}), 62, "says 62 moves but holds 0"),
    ("SEALED", True, "says True moves"),
    (base64.b64encode(zlib.compress(b"[1, 2]")).decode(), 62, "not an object"),
    (base64.b64encode(zlib.compress(b"\xff\xfe")).decode(), 62, "(UnicodeDecodeError)"),
    (base64.b64encode(zlib.compress(b"[" * 30000)).decode(), 62, "(RecursionError)"),
    (base64.b64encode(zlib.compress(b'{"seed": 1' + b"0" * 5000 + b"}")).decode(), 62,
     "(ValueError)"),
])
def test_a_damaged_sealed_field_is_one_clear_line(sealed: object, moves: object,
                                                  message: str) -> None:
    data = _midgame_with_secrets().to_json()
    if sealed == "SEALED":
        sealed = data["sealed"]
    text = json.dumps({**data, "sealed": sealed, "moves": moves})
    with pytest.raises(MalformedInput) as caught:
        loads(text)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_a_sealed_field_that_would_unpack_to_gigabytes_is_refused() -> None:
    bomb = base64.b64encode(zlib.compress(b" " * (MAX_SEALED_BYTES + 1), 9)).decode()
    assert len(bomb) < 20_000
    with pytest.raises(MalformedInput, match="too large"):
        unseal(bomb)


def test_replay_reads_both_versions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    v2 = tmp_path / "v2.json"
    v2.write_text(read_save(V1_FILE).dumps(), encoding="utf-8")
    reports = []
    for path in (V1_FILE, v2):
        assert cli.main(["replay", str(path)]) == 0
        reports.append(json.loads(capsys.readouterr().out))
    assert reports[0] == reports[1] and reports[0]["actions"] == 62


@pytest.mark.parametrize("content", [
    '{"format": "mecha-corta-save", "version": 1, "seed": 1' + "0" * 5000 + "}",
    '{"format": "mecha-corta-save", "version": 1, "seed": 1048576, "actions": [], "config": '
    '{"game": "bombazo", "seats": ["person", "astuto"]}}',
])
def test_replay_of_an_attack_is_one_line_exit_2(tmp_path: Path, content: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "attack.json"
    path.write_text(content, encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 2
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 1 and "error" in json.loads(out)


# --- temporary files ----------------------------------------------------------------------------


def test_a_failed_atomic_write_leaves_no_temporary_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "current.json"
    write_atomic(path, "old")

    def full(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("game.core.saves.os.replace", full)
    with pytest.raises(OSError):
        write_atomic(path, "new")
    assert [p.name for p in tmp_path.iterdir()] == ["current.json"]
    assert path.read_text(encoding="utf-8") == "old"


def test_stale_temporary_files_of_our_own_names_are_removed(tmp_path: Path) -> None:
    ours = [".current.json.abc_123.tmp", ".current.json.x.tmp"]
    others = ["current.json", ".current.json.tmp", "current.json.abc.tmp", ".other.json.a.tmp",
              ".current.json.a b.tmp", "notes.txt"]
    for name in ours + others:
        (tmp_path / name).write_text("x", encoding="utf-8")
    (tmp_path / ".current.json.dir.tmp").mkdir()  # not a file: left alone
    assert remove_stale_temps(tmp_path / "current.json") == sorted(ours)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*others,
                                                                 ".current.json.dir.tmp"])
    assert remove_stale_temps(tmp_path / "missing" / "current.json") == []
