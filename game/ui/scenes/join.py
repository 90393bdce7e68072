"""Join a table another computer hosts on this network (issue 22).

The screen lists the tables found on the network (``game.net.discovery.Browser``: the table's
name, its game in the person's language, its seats; one of another version, or of a game this
version lacks, is shown greyed and cannot be chosen), or takes the address the host's screen
shows (``HOST:PORT``); then the table code and the person's name (the first seat's name in the
settings, kept there again when they join). Join connects through a
:class:`~game.net.link.Link` (the network on a thread of its own; this screen reads what it
received once a frame and never waits for it).

Trust: right after the TLS handshake, before the code or anything else is sent, the host's
certificate fingerprint is looked up in :class:`~game.net.tls.KnownHosts` (the data folder): a
host met for the first time is remembered, the same one goes on, a *changed* one stops the
join and the person is warned (:class:`~game.ui.scenes.confirm.ConfirmScene`); only if they
accept is it remembered and the join tried again, pinned to exactly that fingerprint. The short
form of the fingerprint is shown while connecting, to compare with the host's screen.

Refusals (a wrong code, a full table, too many tries, another version) are one translated line
(``join.reason.<reason>``), never a traceback; a connection lost is "trying again" while the
link reconnects with the seat's token (``game.net.tokens.Tokens``: the same token for the same
address and code, so a join after a crash gets the same seat back). Once welcomed, the screen
lists the seats until the host's game starts, then gives its place to the family's table
scene, which reads the :class:`~game.net.remote.RemoteMatch` as it reads a local match.

Esc cancels a join under way (a seat already taken is left for good: a machine or another
person may take it); on the form, Esc goes back to the title.
"""

from __future__ import annotations

import ipaddress
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.core.config import SeatKind
from game.core.errors import MechaCortaError
from game.net.client import Joiner
from game.net.discovery import Browser, FoundTable
from game.net.errors import Reason, Refused
from game.net.link import Link
from game.net.protocol import VERSION, clean_name, is_table_code, normalize_code
from game.net.remote import RemoteMatch
from game.net.tls import (
    KnownHosts,
    NotEncrypted,
    Trust,
    address_key,
    client_context,
    peer_fingerprint,
    short_fingerprint,
)
from game.net.tokens import Tokens
from game.ui import fonts, gfx, theme
from game.ui.draw import round_rect
from game.ui.locale import plural
from game.ui.name_field import NameField
from game.ui.players import default_name, shown_name, with_name
from game.ui.scenes.base import FormScene
from game.ui.scenes.code_entry import code_char
from game.ui.scenes.confirm import ConfirmScene
from game.ui.text import draw_paragraph, draw_text, fit_line, wrap_text
from game.ui.widgets import Button, TextField

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)

LEFT = pygame.Rect(56, 104, 568, 486)
RIGHT = pygame.Rect(656, 104, 568, 486)
PAD = 26
ROW_TOP = LEFT.top + 58
ROW_H = 66
ROW_STEP = 76
ROWS = 4
"""Tables listed at once (the first ones by name; a home network has one or two)."""
FIELD_H = 50
BUTTON_Y = 618
BUTTON_H = 64
ADDRESS_MAX = 40
SLOW_CONNECT = 3.0
"""Seconds without a connection before the status says the host has not answered yet."""
ERROR_INK = (255, 120, 100)
_HOST_NAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9.-]{0,62})")


def big() -> bool:
    """A text size above 100 %: the list's rows and the form's fields are placed from the
    measured heights of their lines, not at the fixed places of 100 %."""
    return fonts.text_factor > 1.0


def title_top() -> int:
    """The title's top: 30, or higher when a bigger text size makes it taller (it stays
    above the panels)."""
    return min(30, LEFT.top - 6 - fonts.get(theme.TEXT_HEADING + 8, True).get_linesize())


def rows_top() -> int:
    """Where the list's first row starts: under the list's heading."""
    if not big():
        return ROW_TOP
    return LEFT.top + 22 + fonts.get(theme.TEXT_SMALL, True).get_linesize() + 6


def address_char(ch: str) -> bool:
    """What an address may hold as typed: a host name, an IPv4 or a bracketed IPv6 address,
    a colon and the port."""
    return ch.isascii() and (ch.isalnum() or ch in ".-:[]")


def parse_address(text: str) -> tuple[str, int] | None:
    """``HOST:PORT`` (an IPv6 host in brackets) as ``(host, port)``; ``None`` when it is not
    one (the screen then says how to type it, before anything is sent)."""
    text = text.strip()
    host, colon, port_text = text.rpartition(":")
    if not colon or not port_text.isdigit() or len(port_text) > 5:
        return None
    port = int(port_text)
    if not 1 <= port <= 65535:
        return None
    if host.startswith("[") and host.endswith("]"):
        try:
            return str(ipaddress.IPv6Address(host[1:-1])), port
        except ValueError:
            return None
    if _HOST_NAME.fullmatch(host) is None:
        return None
    return host, port


def address_text(host: str, port: int) -> str:
    """``host:port`` as typed (an IPv6 address in brackets)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


class Phase(Enum):
    """Where the join is: the form, a connection under way (until the welcome), a seat taken
    and the game not started yet."""

    FORM = "form"
    CONNECTING = "connecting"
    WAITING = "waiting"


class TableSource(Protocol):
    """What the screen reads of the network's tables (a :class:`Browser`; the screenshots and
    the tests give a fixed list)."""

    def snapshot(self) -> tuple[FoundTable, ...]: ...

    @property
    def disabled(self) -> bool: ...

    def close(self, wait: float = ...) -> None: ...


@dataclass(frozen=True, slots=True)
class Listed:
    """A fixed list of tables (the screenshot, the tests): never disabled, nothing to close."""

    tables: tuple[FoundTable, ...] = ()
    off: bool = False

    def snapshot(self) -> tuple[FoundTable, ...]:
        return self.tables

    @property
    def disabled(self) -> bool:
        return self.off

    def close(self, wait: float = 0.0) -> None:
        return None


def make_browser() -> TableSource:
    """The tables on this network (a module attribute so a test may give its own)."""
    return Browser()


@dataclass(frozen=True, slots=True)
class Target:
    """Where to join: ``key`` names the host in :class:`KnownHosts` (the id a listed table
    advertises, else its address); ``advertised``: the short fingerprint it advertised."""

    host: str
    port: int
    key: str
    advertised: str | None = None

    @property
    def address(self) -> str:
        return address_text(self.host, self.port)


class Pin:
    """The fingerprint check a join runs on the link's thread right after each TLS handshake
    (``Joiner.check_peer``). It raises :class:`Refused` (``FINGERPRINT``) before anything is
    sent when the host is not the one this computer knows; the screen reads what it saw
    (``seen``, ``changed``) on its own thread (single assignments: nothing else is shared)."""

    def __init__(self, known: KnownHosts, target: Target, pinned: str | None = None) -> None:
        self.known = known
        self.target = target
        self.pinned = pinned
        self.seen: str | None = None
        """The host's fingerprint, once a handshake is done."""
        self.changed: tuple[str | None, str] | None = None
        """(remembered, seen) when the host's fingerprint is not the one remembered."""

    def __call__(self, tls: Any) -> None:
        if tls is None:
            raise NotEncrypted("the table's connection is not encrypted")
        seen = peer_fingerprint(tls)
        self.seen = seen
        if self.pinned is not None:
            if seen != self.pinned:
                self.changed = (self.pinned, seen)
                raise Refused("the table's fingerprint is not the one accepted",
                              Reason.FINGERPRINT)
            return
        key = self.target.key
        advertised = self.target.advertised
        if advertised is not None and short_fingerprint(seen) != advertised:
            self.changed = (advertised, seen)  # not the table the network listed
            raise Refused("the table's fingerprint is not the one it advertised",
                          Reason.FINGERPRINT)
        if self.known.check(key, seen) is Trust.CHANGED:
            self.changed = (self.known.known(key), seen)
            raise Refused("the table's fingerprint changed since this computer last joined it",
                          Reason.FINGERPRINT)


class TableRow(Button):
    """One table found on the network: its name, its game and its seats; a table that cannot
    be joined from here (another version, a game this version lacks) is drawn greyed with the
    reason and takes no focus."""

    def __init__(self, rect: pygame.Rect | tuple[int, int, int, int], scene: JoinScene,
                 index: int) -> None:
        super().__init__(rect, "", lambda: scene.pick(index))
        self.scene = scene
        self.index = index
        self.table: FoundTable | None = None
        self.fits = True
        """Whether the row has room in the panel (at a bigger text size the last rows may
        not: they are then counted in the note, as the tables past :data:`ROWS` are)."""

    def show(self, table: FoundTable | None) -> None:
        self.table = table
        self.visible = table is not None
        # a full table stays choosable: its seat may be this computer's (a rejoin after a
        # crash gets it back with the token); if not, the host says the table is full
        self.enabled = table is not None and table.playable

    def draw(self, surface: pygame.Surface) -> None:
        table = self.table
        if not self.visible or table is None:
            return
        chosen = self.scene.picked is not None and self.scene.picked == table
        face = theme.BUTTON if self.enabled else theme.BUTTON_DISABLED
        if self.enabled:
            face = theme.mix(face, theme.BUTTON_HOVER, self._hover_t)
        round_rect(surface, self.rect, face)
        if chosen:
            round_rect(surface, self.rect, theme.ACCENT, theme.RADIUS, 255, 3)
        inner = self.rect.inflate(-2 * 18, 0)
        ink = theme.INK if self.enabled else theme.INK_DISABLED
        name = fit_line(table.name, theme.TEXT_BODY, inner.width, ink, bold=True)
        surface.blit(name, name.get_rect(topleft=(inner.left, self.rect.top + 8)))
        dim = theme.INK_DIM if self.enabled else theme.INK_DISABLED
        if big():  # the line under the name, on as many lines as it needs (height())
            lines = self.lines(inner.width)
            step = fonts.get(theme.TEXT_MIN).get_linesize()
            for n, text in enumerate(lines):
                line = fit_line(text, theme.TEXT_MIN, inner.width, dim)
                surface.blit(line, (inner.left, self.rect.bottom - 8 - (len(lines) - n) * step))
        else:
            line = fit_line(self.scene.table_line(table), theme.TEXT_MIN, inner.width, dim)
            surface.blit(line, line.get_rect(bottomleft=(inner.left, self.rect.bottom - 8)))
        self.draw_focus(surface)

    def lines(self, width: int) -> list[str]:
        """The line under the name, wrapped to ``width`` (a bigger text size)."""
        if self.table is None:
            return []
        return wrap_text(self.scene.table_line(self.table, width), theme.TEXT_MIN,
                         width) or [""]

    def height(self) -> int:
        """The row's height: :data:`ROW_H`, or at a bigger text size the name's line and
        the lines under it (a long reason takes two)."""
        if not big():
            return ROW_H
        lines = self.lines(self.rect.width - 2 * 18)
        return 8 + fonts.get(theme.TEXT_BODY, True).get_linesize() + 2 \
            + len(lines) * fonts.get(theme.TEXT_MIN).get_linesize() + 8


class JoinScene(FormScene[None]):
    """The joining side of a network table (see the module's doc)."""

    address: TextField
    code: TextField
    name: NameField

    def __init__(self, app: App, tables: TableSource | None = None) -> None:
        from game.ui.launch import save_folder

        self.folder: Path = save_folder(app)
        self.tables = tables if tables is not None else make_browser()
        self.phase = Phase.FORM
        self.picked: FoundTable | None = None
        """The listed table chosen (its address is in the field until the person edits it)."""
        self.link: Link | None = None
        self.pin: Pin | None = None
        self.remote: RemoteMatch | None = None
        """The joined match, once the host welcomed this computer."""
        self.target: Target | None = None
        self.error = ""
        """The last refusal or problem, one translated line."""
        self.table_scene: Any = None
        """The table scene this screen gave its place to."""
        self._code = ""
        self._name = ""
        """The code and the name of the join under way (a join tried again after the person
        accepted a new fingerprint sends the same)."""
        self._taken: list[dict[str, Any]] = []
        self._ever_connected = False
        self._waited = 0.0
        self._handed = False
        self._seen_tables: tuple[FoundTable, ...] = ()
        super().__init__(app)

    # --- widgets -------------------------------------------------------------------------------

    def build(self) -> None:
        built = hasattr(self, "address")  # a rebuild (the language changed) keeps the text
        names = self.app.settings.player_names
        address = self.address.text if built else ""
        code = self.code.text if built else ""
        name = self.name.text if built else (shown_name(names[0]) if names else "")
        self.rows = [TableRow((LEFT.left + PAD, ROW_TOP + i * ROW_STEP, LEFT.width - 2 * PAD,
                               ROW_H), self, i) for i in range(ROWS)]
        x, w = RIGHT.left + PAD, RIGHT.width - 2 * PAD
        tops = self.field_tops()
        self.address = TextField((x, tops[0], w, FIELD_H), address,
                                 max_len=ADDRESS_MAX, allowed=address_char,
                                 placeholder=self.tr("join.address_hint"),
                                 size=theme.TEXT_BODY)
        self.code = TextField((x, tops[1], w, FIELD_H), code, max_len=12,
                              allowed=code_char, placeholder=self.tr("join.code_hint"),
                              size=theme.TEXT_BODY, transform=str.upper)
        self.name = NameField((x, tops[2], w, FIELD_H), name,
                              placeholder=lambda: default_name(self.app.loc, 0),
                              on_change=lambda _text: None)
        self.back = Button((LEFT.left, BUTTON_Y, 250, BUTTON_H), self._back_text,
                           self.on_escape, style="ghost", shortcut_label=self.tr("key.esc"))
        self.join = Button((RIGHT.right - 330, BUTTON_Y, 330, BUTTON_H), self.tr("join.join"),
                           self.start, shortcut=pygame.K_RETURN,
                           shortcut_label=self.tr("key.enter"), style="primary",
                           size=theme.TEXT_LARGE)
        for widget in (*self.rows, self.address, self.code, self.name, self.back, self.join):
            self.form.add(widget)
        self._seen_tables = ()
        self._sync()
        if self.form.focused is None:
            self.form.focus(self.code if address else self.address)

    @staticmethod
    def field_tops() -> tuple[int, int, int]:
        """The three fields' tops: 90 px apart at 100 %; at a bigger text size each under
        its label's measured line (the label 30 px above it at 100 %)."""
        if not big():
            return RIGHT.top + 50, RIGHT.top + 140, RIGHT.top + 230
        label = fonts.get(theme.TEXT_SMALL, True).get_linesize() + 2
        first = RIGHT.top + 16 + label
        step = FIELD_H + 12 + label
        return first, first + step, first + 2 * step

    def label_gap(self) -> int:
        """How far above its field a field's label starts."""
        return fonts.get(theme.TEXT_SMALL, True).get_linesize() + 2 if big() else 30

    def _place_rows(self) -> None:
        """At a bigger text size the rows one under the other as tall as each needs; a row
        with no room left above the note is not shown (the note counts it)."""
        if not big():
            return
        y = rows_top()
        limit = LEFT.bottom - 16 - 2 * fonts.get(theme.TEXT_SMALL).get_linesize()  # the note
        for row in self.rows:
            row.rect.top = y
            row.rect.height = row.height()
            row.fits = row.table is not None and row.rect.bottom <= limit
            if row.fits:
                y = row.rect.bottom + 10

    def shown_rows(self) -> int:
        """How many of the tables found have a row on the list."""
        return sum(1 for row in self.rows if row.table is not None and row.fits)

    def _back_text(self) -> str:
        return self.t("common.back") if self.phase is Phase.FORM else self.t("common.cancel")

    def _sync(self) -> None:
        """The list as the network has it now; the form editable only while not joining."""
        tables = self.tables.snapshot()
        if tables is not self._seen_tables:
            self._seen_tables = tables
            for i, row in enumerate(self.rows):
                row.show(tables[i] if i < len(tables) else None)
            self._place_rows()
        editing = self.phase is Phase.FORM
        for field in (self.address, self.code, self.name):
            field.enabled = editing
        for row in self.rows:
            row.visible = editing and row.table is not None and row.fits
        self.join.enabled = editing
        if not editing and self.form.focused is not self.back:
            self.form.focus(None)

    # --- the form ------------------------------------------------------------------------------

    def table_line(self, table: FoundTable, width: int | None = None) -> str:
        """"Bombazo · 1 of 2 seats taken", or why it cannot be joined from here; given the
        ``width`` it must fit (a bigger text size), its short form when the long one does
        not ("Bombazo · 1/2 taken")."""
        if not table.same_version:
            line = self.t("join.other_version")
            if width is not None and fonts.get(theme.TEXT_MIN).size(line)[0] > width:
                line = self.t("join.other_version_short")
            return line
        if not table.known_game:
            return self.t("join.unknown_game")
        game = self.t(f"game.{table.game}.name")
        if table.full:
            return self.t("join.table_full_line", game=game)
        line = plural(self.app.loc, "join.seats_taken", table.seats, game=game,
                      taken=table.seats_taken)
        if width is not None and fonts.get(theme.TEXT_MIN).size(line)[0] > width:
            line = self.t("join.seats_taken_short", game=game, taken=table.seats_taken,
                          n=table.seats)
        return line

    def pick(self, index: int) -> None:
        """A listed table chosen: its address in the field, the code next."""
        row = self.rows[index]
        if row.table is None or not row.enabled or self.phase is not Phase.FORM:
            return
        self.picked = row.table
        self.address.text = address_text(row.table.address, row.table.port)
        self.address.selected = False
        self.error = ""
        self.form.focus(self.code, show=self.form.show_focus)

    def _target(self) -> Target | None:
        parsed = parse_address(self.address.text)
        if parsed is None:
            return None
        host, port = parsed
        picked = self.picked
        if picked is not None and (picked.address, picked.port) == (host, port):
            return Target(host, port, picked.host_id, picked.fingerprint_short)
        return Target(host, port, address_key(host, port))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.form.focused in (self.address, self.code, self.name):
            self._enter()
            return
        if event.type == pygame.TEXTINPUT or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_BACKSPACE,
                                                               pygame.K_DELETE)):
            self.error = ""
        super().handle(event)

    def _enter(self) -> None:
        """Enter in a field: join when the address and the code are there, else on to the
        first one missing."""
        if not self.address.text.strip():
            self.form.focus(self.address, show=True)
        elif not self.code.text.strip():
            self.form.focus(self.code, show=True)
        else:
            self.start()

    def on_enter(self) -> None:
        pygame.key.start_text_input()

    def on_exit(self) -> None:
        pygame.key.stop_text_input()
        self.tables.close(0.0)
        if not self._handed:
            self._drop(leave=True)

    # --- joining -------------------------------------------------------------------------------

    def start(self) -> None:
        """Join with what the form holds (a problem with it is said, nothing is sent)."""
        if self.phase is not Phase.FORM:
            return
        target = self._target()
        if target is None:
            self.error = self.t("join.bad_address")
            self.form.focus(self.address)
            return
        code = normalize_code(self.code.text)
        if not is_table_code(code):
            self.error = self.t("join.bad_code")
            self.form.focus(self.code)
            return
        name = clean_name(shown_name(self.name.text))
        settings = self.app.settings
        settings.player_names = with_name(settings.player_names, 0, name)
        self.app.save_settings()
        self._connect(target, code, name)

    def _connect(self, target: Target, code: str, name: str, pinned: str | None = None
                 ) -> None:
        token = Tokens(self.folder).token_for(target.address, code)
        pin = Pin(KnownHosts(self.folder), target, pinned)
        url = f"wss://{target.address}"
        self.error = ""
        self.target, self.pin = target, pin
        self._code, self._name = code, name
        self._taken = []
        self._ever_connected = False
        self._waited = 0.0
        self.link = Link(lambda: Joiner(url, code, name, token, ssl_context=client_context(),
                                        check_peer=pin)).start()
        self.phase = Phase.CONNECTING
        self._sync()

    def _drop(self, leave: bool) -> None:
        """Close the link (``leave``: the seat taken is left for good). A link that ended by
        itself is left alone: its thread is over (or closing its loop), and a close sent to it
        then would never run."""
        link, self.link = self.link, None
        welcomed = self.remote is not None
        self.remote = None
        if link is not None and link.ended is None:
            link.close(leave=leave and welcomed)

    def cancel(self) -> None:
        """Esc while joining: stop, back to the form."""
        self._drop(leave=True)
        self.phase = Phase.FORM
        self.error = self.t("join.cancelled")
        self._sync()
        self.form.focus(self.address if self.picked is None else self.code)

    def on_escape(self) -> None:
        if self.phase is Phase.FORM:
            self.finish(None)
        else:
            self.cancel()

    def _ended(self) -> None:
        """The link ended by itself: refused, the table gone, or never reached."""
        link, pin = self.link, self.pin
        assert link is not None and link.ended is not None
        ended = link.ended
        self._drop(leave=False)
        self.phase = Phase.FORM
        self._sync()
        if ended.reason is Reason.FINGERPRINT and pin is not None and pin.changed is not None:
            self._ask_about(pin)
            return
        if ended.reason is None:
            self.error = self.t("join.reason.closed")
        elif ended.reason is Reason.MALFORMED and not self._ever_connected:
            address = self.target.address if self.target is not None else ""
            self.error = self.t("join.unreachable", address=address)
        else:
            self.error = self.t(f"join.reason.{ended.reason.value}")
        log.info("join: ended (%s): %s", ended.reason, ended.line)

    def _ask_about(self, pin: Pin) -> None:
        """The host's fingerprint is not the one this computer knows: say so, and join only
        if the person accepts the new one."""
        assert pin.changed is not None
        was, now = pin.changed
        old = short_fingerprint(was) if was is not None and len(was) > 19 else (was or "")
        new = short_fingerprint(now)
        self.push(ConfirmScene(self.app, self.tr("join.changed_title"),
                               self.tr("join.changed_yes"), self.tr("common.cancel"),
                               message=self.tr("join.changed_message", old=old, new=new),
                               danger=True),
                  lambda yes: self._answered(pin, yes))

    def _answered(self, pin: Pin, yes: object) -> None:
        assert pin.changed is not None
        if yes is not True:
            self.error = self.t("join.reason.fingerprint")
            return
        now = pin.changed[1]
        pin.known.remember(pin.target.key, now)
        self._connect(pin.target, self._code, self._name, pinned=now)

    def _welcome(self) -> None:
        """Look for the host's welcome among what the link received."""
        link = self.link
        assert link is not None
        self._taken += link.take()
        kinds = [message["k"] for message in self._taken]
        if "welcome" not in kinds:
            return
        at = kinds.index("welcome")
        try:
            self.remote = RemoteMatch(link, self._taken[at], self._taken[at + 1:])
        except MechaCortaError as error:
            log.warning("join: the table's welcome cannot be read: %s", error)
            self._drop(leave=True)
            self.phase = Phase.FORM
            self.error = self.t("join.reason.malformed")
            self._sync()
            return
        self._taken = []
        self.phase = Phase.WAITING

    def _wait(self) -> None:
        remote = self.remote
        assert remote is not None
        try:
            remote.poll()
        except MechaCortaError as error:
            log.warning("join: a message of the table cannot be read: %s", error)
            self._drop(leave=True)
            self.phase = Phase.FORM
            self.error = self.t("join.reason.malformed")
            self._sync()
            return
        if remote.started and remote.ready:
            self._hand_over(remote)

    def _hand_over(self, remote: RemoteMatch) -> None:
        """The game started: the family's table takes this screen's place."""
        from game.ui.launch import trace_remote
        from game.ui.netplay import joined_table

        scene = joined_table(self.app, trace_remote(remote))
        self._handed = True
        self.table_scene = scene
        self.app.stack.replace(scene)

    # --- frame ---------------------------------------------------------------------------------

    @property
    def animating(self) -> bool:
        """A join under way changes the screen with no input (and must be read every frame)."""
        return self.phase is not Phase.FORM

    @property
    def still(self) -> bool:
        return False  # the tables found come and go by themselves

    def update(self, dt: float) -> None:
        link = self.link
        if link is not None:
            if link.connected:
                self._ever_connected = True
            else:
                self._waited += dt
            if self.phase is Phase.CONNECTING:
                self._welcome()
            if self.phase is Phase.WAITING and self.remote is not None:
                self._wait()
            if self.link is not None and self.link.ended is not None and not self._handed:
                self._ended()
        self._sync()
        super().update(dt)

    def status(self) -> str:
        """What the join is doing now, in one line."""
        link, target = self.link, self.target
        if self.phase is Phase.FORM or link is None or target is None:
            return ""
        if not link.connected:
            if self._ever_connected:
                return self.t("join.lost")
            if self._waited > SLOW_CONNECT:
                return self.t("join.no_answer", address=target.address)
            return self.t("join.connecting", address=target.address)
        if self.phase is Phase.CONNECTING:
            return self.t("join.checking")
        return self.t("join.waiting")

    def fingerprint_line(self) -> str:
        """The host's fingerprint in its short form, once the handshake is done ("" before)."""
        pin = self.pin
        if self.phase is Phase.FORM or pin is None or pin.seen is None:
            return ""
        return short_fingerprint(pin.seen)

    def seat_lines(self) -> list[tuple[str, bool]]:
        """The table's seats while waiting: (line, this computer's) each."""
        remote = self.remote
        if remote is None:
            return []
        out = []
        rows = remote.table.get("seats")
        names = remote.names
        levels = {kind.value: kind for kind in SeatKind if kind.is_machine}
        for seat, row in enumerate(rows if isinstance(rows, list) else []):
            row = row if isinstance(row, dict) else {}
            kind = row.get("kind")
            name = shown_name(names[seat]) if seat < len(names) else ""
            mine = seat in remote.people
            if kind == "remote" and not row.get("taken"):
                line = self.t("join.seat_free", n=seat + 1)
            elif kind in ("remote", "here"):
                line = name or default_name(self.app.loc, seat)
                if mine:
                    line = self.t("join.seat_you", name=line)
                elif row.get("away"):
                    line = self.t("join.seat_away", name=line)
            elif isinstance(kind, str) and kind in levels:
                line = self.t("newgame.machine_level", level=self.t(f"level.{kind}.name"))
            else:
                line = "?"
            out.append((line, mine))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        draw_text(surface, self.t("join.title"), (theme.SCREEN_W // 2, title_top()),
                  theme.TEXT_HEADING + 8, theme.INK, bold=True, anchor="midtop")
        for panel in (LEFT, RIGHT):
            round_rect(surface, panel, theme.PANEL, 20, 200)
            round_rect(surface, panel, theme.PANEL_EDGE, 20, 255, 2)
        if self.remote is not None:
            self._draw_seats(surface)
        else:
            self._draw_found(surface)
        self._draw_right(surface)
        self.form.draw(surface)

    def _draw_found(self, surface: pygame.Surface) -> None:
        x, w = LEFT.left + PAD, LEFT.width - 2 * PAD
        draw_text(surface, self.t("join.found"), (x, LEFT.top + 22), theme.TEXT_SMALL,
                  theme.ACCENT, bold=True, max_width=w)
        tables = self._seen_tables
        shown = min(len(tables), ROWS) if not big() else self.shown_rows()
        if self.phase is not Phase.FORM:
            note = self.t("join.joining_note")
        elif self.tables.disabled:
            note = self.t("join.no_discovery")
        elif not tables:
            note = self.t("join.none_found")
        elif len(tables) > shown:
            note = self.t("join.more_tables", n=len(tables) - shown)
        else:
            note = self.t("join.type_instead")
        top = ROW_TOP + shown * ROW_STEP + 4 if self.phase is Phase.FORM else ROW_TOP
        if big():
            top = max((r.rect.bottom + 8 for r in self.rows if r.visible), default=rows_top())
        draw_paragraph(surface, note, pygame.Rect(x, top, w, LEFT.bottom - 16 - top),
                       theme.TEXT_SMALL, theme.INK_DIM)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        remote = self.remote
        assert remote is not None
        x, w = LEFT.left + PAD, LEFT.width - 2 * PAD
        draw_text(surface, self.t(f"game.{remote.config.game}.name"), (x, LEFT.top + 22),
                  theme.TEXT_SMALL, theme.ACCENT, bold=True, max_width=w)
        y = rows_top()
        lines = self.seat_lines()
        step = min(44, (LEFT.bottom - 20 - y) // max(1, len(lines)))
        for seat, (line, mine) in enumerate(lines):
            gfx.circle(surface, theme.ACCENT if mine else theme.FOCUS, (x + 6, y + step // 2), 5)
            draw_text(surface, f"{seat + 1}.", (x + 22, y + step // 2), theme.TEXT_BODY,
                      theme.INK_DIM, anchor="midleft")
            draw_text(surface, line, (x + 58, y + step // 2), theme.TEXT_BODY,
                      theme.INK if mine else theme.INK_DIM, bold=mine, anchor="midleft",
                      max_width=w - 58)
            y += step

    def _draw_right(self, surface: pygame.Surface) -> None:
        x, w = RIGHT.left + PAD, RIGHT.width - 2 * PAD
        for field, key in ((self.address, "join.address"), (self.code, "join.code"),
                           (self.name, "join.name")):
            ink = theme.ACCENT if field.enabled else theme.INK_DISABLED
            draw_text(surface, self.t(key), (x, field.rect.top - self.label_gap()),
                      theme.TEXT_SMALL, ink,
                      bold=True, max_width=w)
        top = self.name.rect.bottom + 20
        box = pygame.Rect(x, top, w, RIGHT.bottom - 16 - top)
        if self.error:
            draw_paragraph(surface, self.error, box, theme.TEXT_BODY, ERROR_INK)
            return
        status = self.status()
        if not status:
            draw_paragraph(surface, self.t("join.hint"), box, theme.TEXT_SMALL, theme.INK_DIM)
            return
        used = draw_paragraph(surface, status, box, theme.TEXT_BODY, theme.INK)
        fingerprint = self.fingerprint_line()
        if fingerprint:
            y = top + used + 12
            draw_text(surface, self.t("join.fingerprint"), (x, y), theme.TEXT_SMALL,
                      theme.INK_DIM, max_width=w)
            # under the label's line, and the note under the fingerprint's (measured)
            below = max(28, fonts.get(theme.TEXT_SMALL).get_linesize() + 2)
            after = max(68, below + fonts.get(theme.TEXT_LARGE, True).get_linesize() + 4)
            draw_text(surface, fingerprint, (x, y + below), theme.TEXT_LARGE, theme.ACCENT,
                      bold=True, max_width=w)
            draw_paragraph(surface, self.t("join.compare"),
                           pygame.Rect(x, y + after, w, max(0, RIGHT.bottom - 6 - y - after)),
                           theme.TEXT_SMALL, theme.INK_DIM)

    # --- the screenshot ------------------------------------------------------------------------

    @classmethod
    def pictured(cls, app: App, games: Sequence[str]) -> JoinScene:
        """The screen as a person finds it at a table-game evening: a few tables on the
        network, one of another version, the address of the first one chosen."""
        first = games[0]
        second = games[1] if len(games) > 1 else first
        tables = (
            FoundTable("Ana", first, "192.168.1.20", 52114, 1, 3, "3F2A 09C1 77D0 B3E4",
                       "3f2a09c177d0b3e4", VERSION),
            FoundTable("Bruno", second, "192.168.1.31", 40007, 2, 2, "91BC 4410 0E2D 5A7F",
                       "91bc44100e2d5a7f", VERSION),
            FoundTable("Carla", first, "192.168.1.44", 61230, 0, 1, "C0DE 1234 ABCD 9876",
                       "c0de1234abcd9876", VERSION + 1),
        )
        scene = cls(app, Listed(tables))
        scene._sync()
        scene.pick(0)
        return scene

