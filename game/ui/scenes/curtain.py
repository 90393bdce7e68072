"""The hot-seat privacy curtain: the whole screen in the game's colour and one big button,
"Ana, it's your turn — Show my cards" (Enter or Space), with the person's own name (or
"Player N"). Nothing private is drawn under
it: it is opaque, so the table below is not drawn at all. Returns ``True`` once confirmed.

Over the button floats the game's bomb: the round bomb, or the picture a game registers in
:data:`PICTURES` for itself (Clásico calls its bomb an exploding kitten, and shows it). The
game is the one of the table the curtain comes down over.

Under the person's name a calm panel may say what happened since their last turn (the table
hands the lines over, public events only, oldest first: ``GameTable.recap_for``): the newest
lines that fit, whole, and above them how many more came before. With a recap the title
block moves up and the button down, so the panel never crowds either.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.ui import fonts, gfx, theme
from game.ui.draw import round_rect, vertical_gradient
from game.ui.icons import icon_surface
from game.ui.locale import plural
from game.ui.scenes.base import FormScene
from game.ui.text import draw_paragraph, draw_text, wrap_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

TOP = (30, 82, 64)
BOTTOM = (12, 36, 30)
BOMB = "bomb"
PICTURES: dict[str, str] = {}
"""A game's own picture of its bomb (an icon name), by game id; the round bomb otherwise.
Filled by the games' own front ends (the bomb deck's ``art.py``): nothing here names one."""

RECAP_ROWS = 6
"""Rows of text the recap may take (the "and N more" row included), under its heading."""
RECAP_SIZE = theme.TEXT_BODY
RECAP_ROW = 28
RECAP_WIDTH = 920
RECAP_PAD = 14
RECAP_HEAD = 34
"""The heading's row ("Since your last turn:")."""
RECAP_INDENT = 20
"""A long line's second row starts this much further in (it reads as one line, not two)."""
BUTTON_RECAP_Y = 562
"""The button's top with a recap (without one: :data:`BUTTON_Y`)."""
BUTTON_Y = 400


def _row() -> int:
    """A recap row's height at the person's text size (28 at 100 %)."""
    return fonts.scaled(RECAP_ROW)


def _head() -> int:
    return fonts.scaled(RECAP_HEAD)


def _most_rows() -> int:
    """Rows the recap may take: fewer as they grow, in the same room above the button."""
    return max(3, round(RECAP_ROWS * RECAP_ROW / _row()))


def recap_rows(lines: Sequence[str], more_text: Callable[[int], str],
               width: int = RECAP_WIDTH - 2 * RECAP_PAD - RECAP_INDENT,
               rows: int | None = None) -> list[tuple[str, int]]:
    """The recap's rows, oldest first: (text, age), age 0 the newest line and ``-1`` the row
    that says how many lines were left out (``more_text(n)``). The newest lines that fit
    whole in ``rows`` rows (a long one wraps: its rows share its age); when some do not, the
    first row says so."""
    rows = _most_rows() if rows is None else rows
    kept: list[list[str]] = []
    used = 0
    for text in reversed(lines):
        wrapped = wrap_text(text, RECAP_SIZE, width)
        left = len(lines) - len(kept) - 1  # lines older than this one
        room = rows - (1 if left else 0)
        if used + len(wrapped) > room:
            break
        kept.append(wrapped)
        used += len(wrapped)
    out: list[tuple[str, int]] = []
    missing = len(lines) - len(kept)
    if missing:
        out.append((more_text(missing), -1))
    for age in range(len(kept) - 1, -1, -1):
        out += [(row, age) for row in kept[age]]
    return out


SHOW_KEYS = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
"""The keys that lift the curtain."""


class CurtainScene(FormScene[bool]):
    opaque = True

    def __init__(self, app: App, seat: int, name: str, reason: str = "", *,
                 show_key: str = "curtain.show", picture: str | None = None,
                 recap: Sequence[str] | Callable[[], Sequence[str]] = ()) -> None:
        """``seat``: the person who must take the mouse; ``name``: how the table names them;
        ``reason``: an extra line (a favor to give); ``show_key``: the locale key of the
        button, for a table whose people have no cards to show (Die Bombe: "Make my secret
        bid"); ``picture``: the icon over it (default: the game's, see :data:`PICTURES`, found
        when the curtain comes down over its table); ``recap``: what happened since their last
        turn, one line per public event, oldest first (none: no panel), or the function that
        words it (asked again when the language changes)."""
        self.seat = seat
        self.name = name
        self.reason = reason
        self.show_key = show_key
        self.picture = picture
        self._recap_source = recap
        self.recap = self._worded()
        self._rows: tuple[object, list[tuple[str, int]]] | None = None
        super().__init__(app)

    def on_enter(self) -> None:
        if self.picture is None:
            game = self._game_below()
            self.picture = PICTURES.get(game, BOMB) if game is not None else BOMB

    def _game_below(self) -> str | None:
        """The game of the table this curtain has come down over (``None``: none below)."""
        from game.ui.table.base import GameTable  # (that module brings this curtain down)

        scenes = self.app.stack.scenes()
        if self not in scenes:
            return None
        at = scenes.index(self)
        below = scenes[at - 1] if at > 0 else None
        return below.match.config.game if isinstance(below, GameTable) else None

    def build(self) -> None:
        cx = theme.SCREEN_W // 2
        top, tall = (BUTTON_RECAP_Y, 84) if self.recap else (BUTTON_Y, 96)
        self.show = Button((cx - 300, top, 600, tall), self.tr(self.show_key), self._show,
                           shortcut=pygame.K_RETURN, shortcut_label=self.tr("key.enter"),
                           style="primary", size=theme.TEXT_HEADING - 4)
        self.form.add(self.show)

    def _worded(self) -> tuple[str, ...]:
        source = self._recap_source
        return tuple(source() if callable(source) else source)

    def on_language(self) -> None:
        self.recap = self._worded()
        super().on_language()

    def headline(self) -> str:
        """"Ana, it's your turn"."""
        return self.t("curtain.title", name=self.name)

    def _show(self) -> None:
        self.finish(True)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in SHOW_KEYS and not self.pad_may_show(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_KP_ENTER):
            self.show.fire()
            return
        super().handle(event)

    def pad_may_show(self, event: pygame.event.Event) -> bool:
        """Whether this key press may lift the curtain: any key or click of the keyboard and
        mouse, but of the controllers only the named person's. A person takes a controller
        by lifting their first curtain with it (one each); a controller unplugged frees its
        person to take another."""
        pad = getattr(event, "pad", None)
        if pad is None:
            return True
        seats = self.app.pad_seats
        owner = seats.get(pad)
        if owner is not None:
            return owner == self.seat
        if any(taken == self.seat for taken in seats.values()):
            return False  # someone else's spare controller
        seats[pad] = self.seat
        return True

    def on_escape(self) -> None:
        from game.ui.scenes.pause import PauseScene

        self.push(PauseScene(self.app))

    def recap_shown(self) -> list[tuple[str, int]]:
        """The recap's rows as drawn (see :func:`recap_rows`)."""
        if not self.recap:
            return []
        key = (self.recap, id(self.app.loc), gfx.scale(), fonts.text_factor)  # fonts follow both
        if self._rows is None or self._rows[0] != key:
            self._rows = (key, recap_rows(
                self.recap, lambda n: plural(self.app.loc, "curtain.recap_more", n)))
        return self._rows[1]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(vertical_gradient(surface.get_size(), TOP, BOTTOM), (0, 0))
        cx = theme.SCREEN_W // 2
        bob = 0.0 if self.app.motion.reduced else math.sin(self.clock * 2.2) * 5
        rows = self.recap_shown()
        # with a recap everything above it moves up (the bomb a little smaller)
        bomb_y, size, pass_y, title_y, reason_y = (66, 96, 122, 160, 226) if rows else \
            (120, 120, 200, 250, 326)
        bomb = icon_surface(self.picture or BOMB, (size, size), (200, 38, 38))
        surface.blit(bomb, bomb.get_rect(center=(cx, bomb_y + bob)))
        draw_text(surface, self.t("curtain.pass_to", name=self.name), (cx, pass_y),
                  theme.TEXT_LARGE, theme.INK_DIM, anchor="midtop", max_width=1100)
        head = draw_text(surface, self.headline(), (cx, title_y),
                         theme.TEXT_HEADING + 8, theme.INK, bold=True, anchor="midtop",
                         max_width=1180)
        reason_y = max(reason_y, head.bottom + 8)  # (the headline grows with the text size)
        below = reason_y
        if self.reason:
            below += draw_paragraph(surface, self.reason,
                                    pygame.Rect(cx - 500, reason_y, 1000, fonts.scaled(64)),
                                    theme.TEXT_LARGE, theme.ACCENT, align="center")
        if rows:
            room = (self.show.rect.top - 14 - below - 6 - 2 * RECAP_PAD - _head()) // _row()
            # (a bigger text size: the newest rows that fit above the button)
            self._draw_recap(surface, rows[-max(1, room):], below + 6)
        self.form.draw(surface)
        keys = f"{self.t('key.enter')} / {self.t('key.space')}"
        hint = self.app.loc.t("curtain.key_hint", key=keys)
        draw_text(surface, hint, (cx, self.show.rect.bottom + (12 if rows else 18)),
                  theme.TEXT_BODY, theme.INK_DIM, anchor="midtop", max_width=900)

    def recap_rect(self, top: int, rows: int) -> pygame.Rect:
        """The panel for ``rows`` rows from ``top``, centred in the room above the button."""
        tall = 2 * RECAP_PAD + _head() + rows * _row()
        room = self.show.rect.top - 14 - top
        rect = pygame.Rect(0, 0, RECAP_WIDTH, tall)
        rect.midtop = (theme.SCREEN_W // 2, top + max(0, (room - tall) // 2))
        return rect

    def _draw_recap(self, surface: pygame.Surface, rows: list[tuple[str, int]],
                    top: int) -> None:
        """A calm translucent panel: the heading, then the lines, the newest brightest."""
        rect = self.recap_rect(top, len(rows))
        round_rect(surface, rect, theme.SHADE, 16, 70)
        x = rect.left + RECAP_PAD
        y = rect.top + RECAP_PAD
        draw_text(surface, self.t("curtain.recap_title"), (x, y), theme.TEXT_SMALL,
                  theme.INK_DIM, bold=True)
        y += _head()
        last = None
        for text, age in rows:
            color = theme.INK if age == 0 else theme.INK_DIM
            indent = RECAP_INDENT if age == last and age >= 0 else 0
            draw_text(surface, text, (x + indent, y), RECAP_SIZE, color,
                      max_width=rect.width - 2 * RECAP_PAD - indent)
            last = age
            y += _row()
