"""A won mission says it as it ended, under the opening case: every rack "All N cut" (or its
reds left), not "2 wires left" a move behind (issue 20's re-review: the story showed the last
cut, then the win, while the racks still counted the move before)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.ui.app import App
from game.ui.cazabombas import paint
from game.ui.cazabombas.paint import wires_to_cut
from game.ui.cazabombas.shots import build
from game.ui.cazabombas.table import CazaTableScene
from tests.ui.probes import drawn_texts


@pytest.mark.parametrize("code", ["ZPG-CK1-11A3", "1R1-1338"])
def test_the_racks_count_the_mission_as_it_ended_when_the_case_opens(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    app = make_app("en")
    build(app, code, "won")
    scene = app.stack.top
    assert isinstance(scene, CazaTableScene)
    for _ in range(300):  # to the win's beat: the case starts opening
        if scene.stage.case is not None:
            break
        app.step(1 / 30)
    assert scene.stage.case is not None and scene.timeline.busy
    view = scene.shown
    assert view.won
    for stand in range(len(view.stands)):
        assert wires_to_cut(view, stand)[0] == 0
    texts: list[Any] = drawn_texts(monkeypatch, paint, lambda: paint.paint_table(
        pygame.Surface((1280, 720)), scene))
    said = " ".join(texts)
    assert "wires left" not in said and "wire left" not in said
