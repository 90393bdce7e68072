"""The host's per-move save: on disk before any computer is told of the move, flushed to the
disk by the flush thread while the updates go out (docs/NETWORK.md, "Saved before shown")."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import game.net.host as host
from game.core.config import SeatKind
from game.core.saves import read_save, write_atomic
from game.match.autosave import FILE_NAME
from game.match.flow import Pace
from game.net.host import TablePlan, flusher, keep, open_table


def test_a_write_left_to_the_caller_is_not_flushed_and_a_durable_one_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    flushed: list[int] = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (flushed.append(fd), real(fd))[1])
    write_atomic(tmp_path / "a.json", "{}\n", durable=False)
    assert flushed == []
    write_atomic(tmp_path / "b.json", "{}\n")
    assert len(flushed) == 1
    assert (tmp_path / "a.json").read_text() == "{}\n"


def test_a_move_is_on_disk_when_the_save_returns_and_its_flush_follows_on_the_thread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[tuple[Path, int]] = []

    def record(path: Path) -> None:
        synced.append((path, len(read_save(path).actions)))

    monkeypatch.setattr(host, "sync_file", record)
    table = open_table(TablePlan("bombazo", ("remote", "lanzado", "lanzado"), seed=7), tmp_path,
                       Pace(0.0, 0.0, 0.05))
    save_match = keep(table, tmp_path)
    match = table.match
    for _ in range(3):
        match.step(SeatKind.LANZADO)
        save_match()
        # written before the function returns: the computers are told only after it
        assert len(read_save(tmp_path / FILE_NAME).actions) == match.moves
    flusher().submit(lambda: None).result(timeout=10)
    # the table's first save (in ``keep``) and one per move
    assert [path for path, _ in synced] == [tmp_path / FILE_NAME] * 4
    assert [moves for _, moves in synced][-1] == match.moves
