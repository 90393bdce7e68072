"""The lobby of a table opened to the network: what others need to join (the code, this
computer's address, the certificate's fingerprint to compare), the seats filling as people
join, and Start once every network seat is taken (or given to a machine).

The host's screen reads the table through its own link, like any joined computer; what the
host's person decides here (start, machines for free seats, closing) runs on the table's
thread through :meth:`ServerThread.call`.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.bots.registry import stand_in_for
from game.core.errors import MechaCortaError
from game.net.discovery import Advertiser, TableAd
from game.net.hosting import Opened, ServerThread
from game.net.link import Link
from game.net.remote import RemoteMatch
from game.net.tls import short_fingerprint
from game.ui import theme
from game.ui.draw import round_rect
from game.ui.players import seat_name
from game.ui.scenes.base import FormScene
from game.ui.text import draw_paragraph, draw_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)

LEFT = pygame.Rect(40, 96, 580, 470)
RIGHT = pygame.Rect(660, 96, 580, 470)
BUTTON_Y, BUTTON_H = 600, 64
ROW = 50
REMOVE_W = 130


def spaced_code(code: str) -> str:
    """``6RUQKW`` as ``6RU QKW``: easier to read aloud and to type."""
    return f"{code[:3]} {code[3:]}" if len(code) == 6 else code


class LobbyScene(FormScene[None]):
    """``thread``: the table's server; ``opened``: where it listens; ``link``: this screen's
    own connection to it; ``name``: the host person's name (the table's name on the network)."""

    def __init__(self, app: App, thread: ServerThread, opened: Opened, link: Link,
                 name: str) -> None:
        self.thread = thread
        self.opened = opened
        self.link = link
        self.remote: RemoteMatch | None = None
        self._early: list[dict[str, Any]] = []
        self.problem = ""
        self.advertiser: Advertiser | None = None
        self._advertised: tuple[int, int] | None = None
        self._name = name
        super().__init__(app)
        self._advertise()

    # --- widgets -------------------------------------------------------------------------------

    def build(self) -> None:
        self.close_button = Button((LEFT.left, BUTTON_Y, 300, BUTTON_H),
                                   self.tr("lobby.close"), self.on_escape, style="ghost",
                                   shortcut_label=self.tr("key.esc"))
        self.machines = Button((theme.SCREEN_W // 2 - 190, BUTTON_Y, 380, BUTTON_H),
                               self.tr("lobby.machines"), self._machines)
        self.start = Button((RIGHT.right - 300, BUTTON_Y, 300, BUTTON_H),
                            self.tr("lobby.start"), self._start, shortcut=pygame.K_RETURN,
                            shortcut_label=self.tr("key.enter"), style="primary",
                            size=theme.TEXT_LARGE)
        for widget in (self.close_button, self.machines, self.start):
            self.form.add(widget)
        self.removers: list[Button] = []
        """Per seat row, "Remove" for a person joined from another computer (a stranger
        who found the code, a friend at the wrong seat): their seat is free again."""
        for seat in range(8):
            button = Button((RIGHT.right - 30 - REMOVE_W, RIGHT.top + 56 + seat * ROW,
                             REMOVE_W, ROW - 10), self.tr("lobby.remove"),
                            partial(self._remove, seat), style="ghost",
                            size=theme.TEXT_MIN)
            button.visible = False
            self.form.add(button)
            self.removers.append(button)
        self._sync()

    # --- the table's news ----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.remote is None:
            self._early += self.link.take()
            kinds = [m["k"] for m in self._early]
            if "welcome" in kinds:
                at = kinds.index("welcome")
                try:
                    self.remote = RemoteMatch(self.link, self._early[at], self._early[at + 1:])
                except MechaCortaError as error:
                    self.problem = str(error)
                self._early = []
        if self.remote is not None:
            self.remote.poll()
            if self.remote.started and self.remote.ready:
                self._to_table()
                return
        if self.link.ended is not None and self.remote is None:
            self.problem = self.link.ended.line
        self._sync()

    def rows(self) -> list[dict[str, Any]]:
        remote = self.remote
        if remote is None:
            return []
        seats = remote.table.get("seats")
        return [row for row in seats if isinstance(row, dict)] if isinstance(seats, list) \
            else []

    def free_seats(self) -> list[int]:
        return [seat for seat, row in enumerate(self.rows())
                if row.get("kind") == "remote" and not row.get("taken")]

    def removable(self, seat: int, row: dict[str, Any]) -> bool:
        """A network seat taken by a person at another computer (never this one's own)."""
        mine = self.remote is not None and seat in self.remote.people
        return row.get("kind") == "remote" and bool(row.get("taken")) and not mine

    def _sync(self) -> None:
        rows = self.rows()
        free = self.free_seats()
        for seat, button in enumerate(getattr(self, "removers", [])):
            button.visible = seat < len(rows) and self.removable(seat, rows[seat])
        self.start.enabled = bool(rows) and not free
        self.machines.enabled = bool(free)
        network = [row for row in rows if row.get("kind") == "remote"]
        seats = (sum(bool(row.get("taken")) for row in network), len(network))
        if self.advertiser is not None and seats != self._advertised and network:
            self._advertised = seats
            self.advertiser.set_seats(*seats)

    def _advertise(self) -> None:
        """Tell the network the table is here (never its code); a network without multicast
        only means the others type the address."""
        opened = self.opened

        def ad() -> TableAd:
            return TableAd.for_table(self.thread.table, name=self._name or "Mecha Corta",
                                     port=opened.port, fingerprint=opened.fingerprint,
                                     addresses=opened.addresses)

        try:
            self.advertiser = Advertiser(self.thread.call(ad))
        except (MechaCortaError, OSError, ValueError, RuntimeError) as error:
            log.warning("lobby: the table is not announced on the network: %s", error)

    # --- decisions -----------------------------------------------------------------------------

    def _start(self) -> None:
        try:
            self.thread.act(self.thread.table.start)
        except MechaCortaError as error:
            self.problem = str(error)

    def _machines(self) -> None:
        """Every free network seat becomes a machine of the game's stand-in level."""
        table = self.thread.table
        level = stand_in_for(table.match.config.game)

        def fill() -> list[tuple[int, dict[str, Any]]]:
            out: list[tuple[int, dict[str, Any]]] = []
            for seat in [s for s, net in table.seats.items() if not net.taken]:
                out += table.make_machine(seat, level)
            return out

        self.thread.act(fill)

    def _remove(self, seat: int) -> None:
        """The person at ``seat`` is sent away (their computer is told why); the seat is free
        for someone else, or for a machine."""
        self.problem = self.thread.remove_person(seat)

    def on_escape(self) -> None:
        self._close()
        self.finish()

    def _close(self) -> None:
        if self.advertiser is not None:
            self.advertiser.close(wait=0.5)
            self.advertiser = None
        self.link.close()
        self.thread.stop()

    def _to_table(self) -> None:
        from game.ui.launch import trace_remote
        from game.ui.netplay import joined_table

        assert self.remote is not None
        if self.advertiser is not None:
            self.advertiser.close(wait=0.5)
            self.advertiser = None
        self.remote.hosting = self.thread
        self.app.stack.replace(joined_table(self.app, trace_remote(self.remote)))

    # --- frame ---------------------------------------------------------------------------------

    def seat_line(self, seat: int, row: dict[str, Any]) -> tuple[str, str]:
        """(name, state) of a seat as the lobby lists it."""
        kind = row.get("kind")
        name = row.get("name") if isinstance(row.get("name"), str) else ""
        if kind == "remote":
            if not row.get("taken"):
                return self.t("lobby.free", n=seat + 1), self.t("lobby.waiting")
            shown = seat_name(self.app.loc, [""] * seat + [str(name)], seat)
            mine = self.remote is not None and seat in self.remote.people
            state = "lobby.here" if mine else "lobby.away" if row.get("away") \
                else "lobby.joined"
            return shown, self.t(state)
        level = self.t(f"level.{kind}.name")
        return self.t("seat.machine", level=level, n=seat + 1), self.t("lobby.machine")

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        game = self.thread.table.match.config.game
        draw_text(surface, self.t("lobby.title", game=self.t(f"game.{game}.name")),
                  (theme.SCREEN_W // 2, 28), theme.TEXT_HEADING, theme.INK, bold=True,
                  anchor="midtop")
        for panel in (LEFT, RIGHT):
            round_rect(surface, panel, theme.PANEL, 20, 200)
        x = LEFT.left + 30
        draw_text(surface, self.t("lobby.code"), (x, LEFT.top + 24), theme.TEXT_BODY,
                  theme.INK_DIM)
        draw_text(surface, spaced_code(self.opened.code), (x, LEFT.top + 56),
                  theme.TEXT_TITLE - 24, theme.ACCENT, bold=True)
        draw_text(surface, self.t("lobby.address"), (x, LEFT.top + 172), theme.TEXT_BODY,
                  theme.INK_DIM)
        reachable = [a for a in self.opened.addresses if not a.startswith("127.")] \
            or list(self.opened.addresses)
        addresses = "   ".join(f"{a}:{self.opened.port}" for a in reachable[:2])
        draw_text(surface, addresses, (x, LEFT.top + 202), theme.TEXT_LARGE, theme.INK,
                  bold=True, max_width=LEFT.width - 60)
        draw_text(surface, self.t("lobby.fingerprint"), (x, LEFT.top + 252), theme.TEXT_BODY,
                  theme.INK_DIM)
        draw_text(surface, short_fingerprint(self.opened.fingerprint), (x, LEFT.top + 282),
                  theme.TEXT_LARGE, theme.INK, bold=True)
        announced = self.advertiser is not None and not self.advertiser.disabled
        hint = self.t("lobby.how" if announced else "lobby.how_no_mdns")
        draw_paragraph(surface, hint, pygame.Rect(x, LEFT.top + 334, LEFT.width - 60, 120),
                       theme.TEXT_BODY, theme.INK_DIM)
        rx = RIGHT.left + 30
        draw_text(surface, self.t("lobby.seats"), (rx, RIGHT.top + 24), theme.TEXT_BODY,
                  theme.INK_DIM)
        for seat, row in enumerate(self.rows()[:8]):
            name, state = self.seat_line(seat, row)
            y = RIGHT.top + 64 + seat * ROW
            free = row.get("kind") == "remote" and not row.get("taken")
            removable = self.removable(seat, row)
            room = REMOVE_W + 14 if removable else 0
            draw_text(surface, name, (rx, y), theme.TEXT_BODY,
                      theme.INK_DIM if free else theme.INK, bold=not free,
                      max_width=RIGHT.width - 250 - room)
            draw_text(surface, state, (RIGHT.right - 30 - room, y), theme.TEXT_BODY,
                      theme.ACCENT if free else theme.INK_DIM, anchor="topright")
        if not self.rows():
            draw_text(surface, self.t("lobby.opening"), (rx, RIGHT.top + 64),
                      theme.TEXT_BODY, theme.INK_DIM)
        elif self.free_seats():
            # Why Start waits (a greyed button alone does not say it).
            draw_paragraph(surface, self.t("lobby.start_when"),
                           pygame.Rect(rx, RIGHT.bottom - 76, RIGHT.width - 60, 60),
                           theme.TEXT_MIN, theme.INK_DIM)
        if self.problem:
            draw_text(surface, self.problem, (theme.SCREEN_W // 2, BUTTON_Y - 24),
                      theme.TEXT_BODY, theme.DANGER, anchor="center",
                      max_width=theme.SCREEN_W - 80)
        self.form.draw(surface)
