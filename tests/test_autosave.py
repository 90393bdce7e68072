"""The unfinished game on disk (game/match/autosave.py): a round trip gives the same table for
every seat and the same next machine moves, the curtain comes back down for the same person,
damaged files are set aside one by one and nothing else is touched, finished games are never
offered, and a disk that says no never stops the game."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from game.core.codes import SEED_SPACE
from game.core.config import GameConfig, SeatKind
from game.core.engine import DecisionKind
from game.core.rng import Pcg32
from game.core.saves import SAVE_FORMAT, SavedGame, loads, read_save, seal
from game.match.autosave import (
    FILE_NAME,
    Autosaver,
    DamagedSave,
    Seen,
    restore_curtain,
    set_aside,
)
from game.match.flow import Pace, TableFlow
from game.match.match import Match
from game.rules.replay import replay

P, AST, LAN = SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.LANZADO
PACE = Pace(machine_delay=0.5, machine_window_delay=0.4, window_seconds=1.0)
HOT_SEAT = GameConfig("bombazo", (P, P, AST, LAN))
SOLO = GameConfig("clasico", (P, AST, AST))
PUBLIC = -1


def _step(flow: TableFlow, rng: Pcg32, *, confirm: bool = True) -> None:
    """One thing a table does next: confirm the curtain, a person's random choice, or time."""
    if flow.curtain_for is not None and confirm:
        flow.confirm_curtain()
        return
    seat = flow.awaiting_person
    if seat is not None:
        legal = flow.match.legal_for(seat)
        flow.submit(legal[rng.below(len(legal))])
        return
    flow.update(0.25)


def _played(config: GameConfig, seed: int, moves: int, rng: Pcg32) -> TableFlow:
    """A flow after at least ``moves`` moves, stopped right after a move (as the table saves)."""
    flow = TableFlow(Match(config, seed), PACE)
    for _ in range(100_000):
        if flow.match.moves >= moves:
            return flow
        assert not flow.match.is_over(), "pick a longer game for this test"
        _step(flow, rng)
    raise AssertionError("the table never got there")


def _play_out(flow: TableFlow, rng: Pcg32) -> None:
    for _ in range(400_000):
        if flow.match.is_over():
            return
        _step(flow, rng)
    raise AssertionError("the table never finished")


@pytest.mark.parametrize(("config", "seed", "moves"), [(HOT_SEAT, 3, 25), (SOLO, 8, 18),
                                                        (HOT_SEAT, 21, 1)])
def test_a_round_trip_gives_the_same_table_for_every_seat_and_the_same_next_moves(
        tmp_path: Path, config: GameConfig, seed: int, moves: int) -> None:
    live = _played(config, seed, moves, Pcg32(seed))
    saver = Autosaver(tmp_path)
    assert saver.save(live.match, Seen.of(live, 0))
    found = saver.load_unfinished()
    assert found is not None and found.save == live.match.save()
    assert (found.game, found.seats, found.moves) == (config.game, config.seat_count,
                                                      live.match.moves)
    assert saver.load() == live.match.save()
    resumed = Match.from_save(found.save)
    for seat in (*range(config.seat_count), PUBLIC):
        assert resumed.view_for(seat) == live.match.view_for(seat)
        assert resumed.feed_for(seat) == live.match.feed_for(seat)
    assert resumed.pending() == live.match.pending()
    # the same next machine moves, and the same game to the end for the same choices
    flow = TableFlow(resumed, PACE)
    restore_curtain(flow, found.seen)
    _play_out(live, Pcg32(99))
    _play_out(flow, Pcg32(99))
    assert flow.match.save() == live.match.save()


def test_the_file_is_an_engine_save_with_the_table_under_extra(tmp_path: Path) -> None:
    flow = _played(HOT_SEAT, 5, 12, Pcg32(5))
    saver = Autosaver(tmp_path)
    saver.save(flow.match, Seen(viewer=None, curtain_for=1, home=0))
    data = json.loads((tmp_path / FILE_NAME).read_text(encoding="utf-8"))
    assert data["format"] == SAVE_FORMAT and data["version"] == 2
    assert data["config"] == HOT_SEAT.to_json() and data["moves"] == flow.match.moves
    assert "seed" not in data and "actions" not in data  # sealed: see tests/test_saves.py
    assert data["extra"] == {"viewer": None, "curtain_for": 1, "home": 0}
    assert read_save(tmp_path / FILE_NAME) == flow.match.save()  # the replay tools read it
    replay(read_save(tmp_path / FILE_NAME))
    assert [p.name for p in tmp_path.iterdir()] == [FILE_NAME]  # no temp file left behind


def test_nothing_to_resume(tmp_path: Path) -> None:
    saver = Autosaver(tmp_path / "not yet made")
    assert saver.load() is None and saver.load_unfinished() is None
    saver.clear()  # nothing to clear is fine


# --- the curtain ---------------------------------------------------------------------------


def _hot_seat_until(state: str) -> TableFlow:
    """A hot-seat flow stopped in ``state``: ``curtain`` (down for the next person), ``shown``
    (a person's hand on screen), ``react`` (a window open)."""
    rng = Pcg32(17)
    flow = TableFlow(Match(HOT_SEAT, 9), PACE)
    for _ in range(100_000):
        match = flow.match
        assert not match.is_over()
        kind = match.pending().kind
        if match.moves >= 3:
            if state == "curtain" and flow.curtain_for is not None:
                return flow
            if state == "shown" and flow.show_private and flow.awaiting_person is not None:
                return flow
            if state == "react" and kind is DecisionKind.WINDOW:
                return flow
        _step(flow, rng, confirm=not (state == "curtain" and match.moves >= 3))
    raise AssertionError(f"never reached {state}")


def _resumed(flow: TableFlow, tmp_path: Path) -> TableFlow:
    saver = Autosaver(tmp_path)
    saver.save(flow.match, Seen.of(flow, 0))
    found = saver.load_unfinished()
    assert found is not None
    again = TableFlow(Match.from_save(found.save), PACE)
    restore_curtain(again, found.seen)
    return again


def test_the_curtain_is_down_for_the_same_person_after_a_resume(tmp_path: Path) -> None:
    flow = _hot_seat_until("curtain")
    covered = flow.curtain_for
    again = _resumed(flow, tmp_path)
    assert again.curtain_for == covered and again.viewer is None
    assert not again.show_private and again.awaiting_person is None
    again.confirm_curtain()
    assert again.viewer == covered and again.show_private


def test_a_hand_on_screen_comes_back_covered_for_the_same_person(tmp_path: Path) -> None:
    flow = _hot_seat_until("shown")
    person = flow.viewer
    assert person is not None and flow.curtain_for is None
    again = _resumed(flow, tmp_path)
    assert again.curtain_for == person and again.viewer is None and not again.show_private


def test_nobodys_hand_is_up_in_a_resumed_reaction_window(tmp_path: Path) -> None:
    flow = _hot_seat_until("react")
    again = _resumed(flow, tmp_path)
    assert again.viewer is None and again.curtain_for is None and not again.show_private
    rng = Pcg32(3)
    while again.match.pending().is_window:
        again.update(0.25)
    # after the window everybody watched, the next person confirms the curtain first
    decision = again.match.pending()
    if decision.by_person:
        assert again.curtain_for == decision.seat and not again.show_private
    _step(again, rng)


def test_one_person_sees_their_hand_at_once(tmp_path: Path) -> None:
    flow = _played(SOLO, 8, 10, Pcg32(8))
    again = _resumed(flow, tmp_path)
    assert again.viewer == 0 and again.curtain_for is None


def test_a_saved_curtain_that_does_not_fit_the_game_covers_the_deciding_person(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    flow = _hot_seat_until("curtain")
    deciding = flow.curtain_for
    assert deciding is not None
    other = 1 - deciding
    saver = Autosaver(tmp_path)
    saver.save(flow.match, Seen(viewer=other, curtain_for=None, home=other))
    found = saver.load_unfinished()
    assert found is not None and found.seen.viewer == other
    again = TableFlow(Match.from_save(found.save), PACE)
    with caplog.at_level(logging.WARNING, "game.match.autosave"):
        restore_curtain(again, found.seen)
    assert again.curtain_for == deciding and again.viewer is None
    assert "does not match" in caplog.text


def test_bad_table_data_is_ignored_and_the_game_still_resumes(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    flow = _played(HOT_SEAT, 3, 10, Pcg32(3))
    saver = Autosaver(tmp_path)
    saver.save(flow.match)
    data = json.loads(saver.path.read_text(encoding="utf-8"))
    data["extra"] = {"viewer": "Ana", "curtain_for": 99, "home": True}
    saver.path.write_text(json.dumps(data), encoding="utf-8")
    with caplog.at_level(logging.WARNING, "game.match.autosave"):
        found = saver.load_unfinished()
    assert found is not None and found.seen == Seen()
    assert "viewer" in caplog.text and "curtain_for" in caplog.text


# --- damaged and finished files ------------------------------------------------------------


def _sealed(data: dict[str, object]) -> dict[str, object]:
    """Plain (version 1) save data as version 2, whatever its actions hold."""
    secret = {"seed": data.pop("seed"), "actions": data.pop("actions")}
    moves = secret["actions"]
    version = 2 if data["version"] == 1 else data["version"]  # a newer version stays newer
    return {**data, "version": version, "moves": len(moves) if isinstance(moves, list) else 0,
            "sealed": seal(secret)}


def _damage(kind: str, good: str, version: int = 2) -> bytes:
    """``good`` (a version-2 file) damaged by ``kind``, written in ``version``."""
    data = {**loads(good).to_json(version=1), "extra": json.loads(good)["extra"]}
    if kind == "not json":
        return b"{this is not json"
    if kind == "truncated":
        return good.encode()[: len(good) // 2]
    if kind == "binary":
        return b"\x00\xff\xfe\x80 not text"
    if kind == "empty":
        return b""
    if kind == "not a save":
        return json.dumps({"format": "something else"}).encode()
    if kind == "newer version":
        data["version"] = 99
    elif kind == "bad seat kind":
        data["config"]["seats"][1] = "wizard"
    elif kind == "unknown game":
        data["config"]["game"] = "no-such-game"
    elif kind == "illegal action":
        data["actions"][2] = {"seat": data["actions"][2]["seat"], "do": "play",
                              "card": "no_such_card"}
    elif kind == "seat out of range":
        data["actions"][0]["seat"] = 42
    elif kind == "actions not a list":
        data["actions"] = {"0": 1}
    elif kind == "seed out of range":  # no code can carry it: the table would crash
        data["seed"] = SEED_SPACE
    elif kind == "first seat out of range":
        data["config"]["first"] = 4
    elif kind == "too few seats":
        data["config"]["seats"] = ["person"]
    elif kind == "a 5000-digit number":
        text = json.dumps(_sealed(data) if version == 2 else data)
        return text.replace('"first": 0', '"first": 1' + "0" * 5000).encode()
    elif kind == "sealed cut short":
        sealed = _sealed(data)
        sealed["sealed"] = str(sealed["sealed"])[:-12]
        return json.dumps(sealed).encode()
    elif kind == "sealed not base64":
        return json.dumps({**_sealed(data), "sealed": "place_bomb 11!"}).encode()
    elif kind == "move count does not match":
        return json.dumps({**_sealed(data), "moves": 3}).encode()
    return json.dumps(_sealed(data) if version == 2 else data).encode()


def _a_machine_move_it_would_not_make(good: str) -> list[dict[str, object]]:
    """The save's actions up to a machine's move, then a legal move that machine would not
    have made: it replays as a game, but not as this game."""
    save = loads(good)
    for index, (seat, recorded) in enumerate(save.actions):
        if seat not in (2, 3):
            continue
        match = Match.from_save(SavedGame(save.config, save.seed, save.actions[:index]))
        choice = match.machine_choice()
        if choice is None or choice[0] != seat:
            continue
        other = [a for a in match.legal_for(seat) if a.to_json() != dict(recorded)]
        if other:
            return [*({"seat": s, **dict(a)} for s, a in save.actions[:index]),
                    {"seat": seat, **other[0].to_json()}]
    raise AssertionError("no machine move with a choice in this game")


DAMAGE = ("not json", "truncated", "binary", "empty", "not a save", "newer version",
          "bad seat kind", "unknown game", "illegal action", "seat out of range",
          "actions not a list", "seed out of range",
          "first seat out of range", "too few seats", "a 5000-digit number")
SEALED_DAMAGE = ("sealed cut short", "sealed not base64", "move count does not match")


def test_a_machine_move_the_machine_would_not_make_now_still_resumes(tmp_path: Path) -> None:
    """A save is plain actions: a machine level retuned since the save was written (it would
    now choose otherwise) does not make the save damaged; the game resumes as it was played."""
    flow = _played(HOT_SEAT, 3, 20, Pcg32(3))
    saver = Autosaver(tmp_path)
    saver.save(flow.match)
    good = saver.path.read_text(encoding="utf-8")
    actions = _a_machine_move_it_would_not_make(good)
    data = loads(good).to_json(version=1)  # 0.1.0's plain format: actions in the open
    data["actions"] = actions
    saver.path.write_text(json.dumps(data), encoding="utf-8")
    found = saver.load_unfinished()
    assert found is not None and found.moves == len(actions)
    assert Match.from_save(found.save).moves == len(actions)


@pytest.mark.parametrize(("kind", "version"), [*((kind, 2) for kind in DAMAGE + SEALED_DAMAGE),
                                               *((kind, 1) for kind in DAMAGE[5:])])
def test_a_damaged_save_is_set_aside_with_a_message_and_nothing_else_is_touched(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, kind: str, version: int) -> None:
    flow = _played(HOT_SEAT, 3, 20, Pcg32(3))
    saver = Autosaver(tmp_path)
    saver.save(flow.match)
    good = saver.path.read_text(encoding="utf-8")
    others = {"settings.json": b'{"volume": 0.5}', "current.damaged-1.json": b"older",
              "my replay.json": good.encode(), "notes.txt": b"x"}
    for name, content in others.items():
        (tmp_path / name).write_bytes(content)
    saver.path.write_bytes(_damage(kind, good, version))
    with caplog.at_level(logging.WARNING, "game.match.autosave"), \
            pytest.raises(DamagedSave) as raised:
        saver.load_unfinished()
    error = raised.value
    assert error.set_aside == tmp_path / "current.damaged-2.json"
    assert "\n" not in error.message and "set aside as current.damaged-2.json" in error.message
    assert error.message in caplog.text
    assert error.set_aside.read_bytes() == _damage(kind, good, version)
    assert not saver.path.exists()
    for name, content in others.items():
        assert (tmp_path / name).read_bytes() == content, f"{name} was touched"
    assert saver.load() is None  # set aside: nothing is offered any more


def test_damaged_files_are_numbered_after_the_highest(tmp_path: Path) -> None:
    (tmp_path / "current.damaged-3.json").write_text("old", encoding="utf-8")
    (tmp_path / "current.damaged-x.json").write_text("not a number", encoding="utf-8")
    for expected in (4, 5):
        (tmp_path / FILE_NAME).write_text("garbage", encoding="utf-8")
        with pytest.raises(DamagedSave) as raised:
            Autosaver(tmp_path).load()
        assert raised.value.set_aside == tmp_path / f"current.damaged-{expected}.json"
    assert (tmp_path / "current.damaged-3.json").read_text(encoding="utf-8") == "old"
    aside = set_aside(tmp_path / "settings.json")  # a file that is not there: nothing moves
    assert aside is None


def test_a_file_that_cannot_be_set_aside_is_still_reported(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / FILE_NAME).write_text("garbage", encoding="utf-8")

    def refuse(*_args: object) -> None:
        raise PermissionError("read-only")

    monkeypatch.setattr("game.match.autosave.os.replace", refuse)
    with pytest.raises(DamagedSave) as raised:
        Autosaver(tmp_path).load()
    assert raised.value.set_aside is None and "left where it is" in raised.value.message
    assert (tmp_path / FILE_NAME).read_text(encoding="utf-8") == "garbage"


def test_read_only_reports_but_moves_nothing(tmp_path: Path) -> None:
    (tmp_path / FILE_NAME).write_text("garbage", encoding="utf-8")
    with pytest.raises(DamagedSave) as raised:
        Autosaver(tmp_path, read_only=True).load()
    assert raised.value.set_aside is None
    assert [p.name for p in tmp_path.iterdir()] == [FILE_NAME]
    flow = _played(SOLO, 8, 5, Pcg32(8))
    _play_out(flow, Pcg32(1))
    (tmp_path / FILE_NAME).write_text(flow.match.save().dumps(), encoding="utf-8")
    assert Autosaver(tmp_path, read_only=True).load() is None
    assert (tmp_path / FILE_NAME).exists()


def test_a_finished_game_is_never_offered(tmp_path: Path) -> None:
    flow = _played(SOLO, 8, 5, Pcg32(8))
    saver = Autosaver(tmp_path)
    saver.save(flow.match)
    assert saver.path.exists()
    _play_out(flow, Pcg32(1))
    assert saver.save(flow.match) and not saver.path.exists()  # saving a finished game clears
    # a file that replays to the end (written by hand, or by an older copy) is removed on load
    finished = flow.match.save().to_json()
    saver.path.write_text(json.dumps(finished), encoding="utf-8")
    assert saver.load() is None and not saver.path.exists()
    assert not list(tmp_path.glob("*.damaged-*"))


def test_clear_forgets_the_game(tmp_path: Path) -> None:
    flow = _played(SOLO, 8, 5, Pcg32(8))
    saver = Autosaver(tmp_path)
    saver.save(flow.match)
    saver.clear()
    assert saver.load() is None


def test_a_disk_that_says_no_never_stops_the_game(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("x", encoding="utf-8")
    saver = Autosaver(blocker / "saves")  # the folder cannot be made
    flow = _played(SOLO, 8, 5, Pcg32(8))
    with caplog.at_level(logging.WARNING, "game.match.autosave"):
        assert not saver.save(flow.match)
        assert not saver.save(flow.match)
    assert caplog.text.count("cannot write") == 1  # once per run of failures, not every move
    assert saver.load() is None


def test_the_saver_says_when_writing_works_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    flow = _played(SOLO, 8, 5, Pcg32(8))
    saver = Autosaver(tmp_path)

    def full(path: Path, _text: str, *, durable: bool = True) -> None:
        raise OSError(28, "No space left on device", str(path))

    monkeypatch.setattr("game.match.autosave.write_atomic", full)
    with caplog.at_level(logging.WARNING, "game.match.autosave"):
        assert not saver.save(flow.match) and saver.failing
        assert not saver.save(flow.match) and saver.failing
        monkeypatch.undo()
        assert saver.save(flow.match) and not saver.failing
        assert saver.save(flow.match)
    assert caplog.text.count("cannot write") == 1 and caplog.text.count("written again") == 1
    assert read_save(saver.path) == flow.match.save()


def test_loading_removes_the_temporary_files_a_killed_write_left(tmp_path: Path) -> None:
    flow = _played(SOLO, 8, 5, Pcg32(8))
    Autosaver(tmp_path).save(flow.match)
    for name in (".current.json.abc123.tmp", ".current.json.q_9.tmp"):
        (tmp_path / name).write_text('{"half": ', encoding="utf-8")
    (tmp_path / "current.json.bak").write_text("mine", encoding="utf-8")
    assert Autosaver(tmp_path).load() == flow.match.save()
    assert sorted(p.name for p in tmp_path.iterdir()) == [FILE_NAME, "current.json.bak"]
