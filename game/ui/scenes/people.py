"""The host's "People at the table" (from the pause menu of a table this computer hosts): every
seat of a person at another computer, with how they are (playing, away, a machine playing for
them) and, for each, "Remove": after a confirmation their computer is told why and closed, a
machine (the game's stand-in level) plays the seat on, and the seat is free for someone else
with the code. The lobby has the same button before the game starts (``lobby.py``).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.ui import theme
from game.ui.players import seat_name
from game.ui.scenes.base import ModalScene
from game.ui.scenes.confirm import ConfirmScene
from game.ui.text import draw_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.net.hosting import ServerThread
    from game.net.remote import RemoteMatch
    from game.ui.app import App

ROW = 56
ROWS_TOP = 104
MOST = 7
REMOVE_W = 150


class PeopleScene(ModalScene[None]):
    """``remote``: the host's own joined table (its rows say who sits where); ``thread``: the
    table's server, where the removal is done."""

    panel_size = (760, ROWS_TOP + MOST * ROW + 100)

    def __init__(self, app: App, remote: RemoteMatch, thread: ServerThread) -> None:
        self.remote = remote
        self.thread = thread
        self.problem = ""
        count = max(1, len(self.rows()))  # the network seats: fixed for the whole game
        self.panel_size = (760, ROWS_TOP + count * ROW + 110)
        super().__init__(app)

    def rows(self) -> list[tuple[int, dict[str, Any]]]:
        """The seats of people at other computers, with their row of the table."""
        seats = self.remote.table.get("seats")
        if not isinstance(seats, list):
            return []
        return [(seat, row) for seat, row in enumerate(seats)
                if isinstance(row, dict) and row.get("kind") == "remote"
                and seat not in self.remote.people][:MOST]

    def build(self) -> None:
        p = self.panel
        self.removers: list[Button] = []
        for index in range(max(1, len(self.rows()))):
            button = Button((p.right - 40 - REMOVE_W, p.top + ROWS_TOP + index * ROW,
                             REMOVE_W, ROW - 12), self.tr("lobby.remove"),
                            partial(self._ask, index), style="danger", size=theme.TEXT_SMALL)
            button.visible = False
            self.form.add(button)
            self.removers.append(button)
        self.close = Button((p.centerx - 150, p.bottom - 84, 300, 60), self.tr("common.back"),
                            self.finish, shortcut_label=self.tr("key.esc"))
        self.form.add(self.close)

    def update(self, dt: float) -> None:
        self.remote.poll()
        rows = self.rows()
        for index, button in enumerate(self.removers):
            button.visible = index < len(rows) and bool(rows[index][1].get("taken"))
        super().update(dt)

    def name_of(self, seat: int, row: dict[str, Any]) -> str:
        name = row.get("name") if isinstance(row.get("name"), str) else ""
        return seat_name(self.app.loc, [""] * seat + [str(name)], seat)

    def _ask(self, index: int) -> None:
        rows = self.rows()
        if index >= len(rows):
            return
        seat, row = rows[index]
        self.push(ConfirmScene(self.app, self.t("people.remove_title",
                                                name=self.name_of(seat, row)),
                               self.tr("lobby.remove"), self.tr("common.cancel"),
                               message=self.tr("people.remove_what"), danger=True),
                  partial(self._answer, seat))

    def _answer(self, seat: int, yes: object) -> None:
        if yes is True:
            self.problem = self.thread.remove_person(seat)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.heading(surface, self.t("people.title"))
        p = self.panel
        rows = self.rows()
        if not rows:
            draw_text(surface, self.t("people.none"), (p.centerx, p.top + ROWS_TOP + 20),
                      theme.TEXT_BODY, theme.INK_DIM, anchor="midtop",
                      max_width=p.width - 80)
        for index, (seat, row) in enumerate(rows):
            y = p.top + ROWS_TOP + index * ROW + (ROW - 12) // 2
            draw_text(surface, self.name_of(seat, row), (p.left + 40, y), theme.TEXT_BODY,
                      theme.INK, bold=True, anchor="midleft", max_width=260)
            state = ("people.machine" if row.get("stand_in") else "people.away"
                     if row.get("away") else "people.playing" if row.get("taken")
                     else "people.free")
            draw_text(surface, self.t(state), (p.left + 320, y), theme.TEXT_BODY,
                      theme.INK_DIM, anchor="midleft",
                      max_width=p.width - 320 - REMOVE_W - 100)
        if self.problem:
            draw_text(surface, self.problem, (p.centerx, p.bottom - 100), theme.TEXT_MIN,
                      theme.DANGER, anchor="center", max_width=p.width - 60)
        self.form.draw(surface)
