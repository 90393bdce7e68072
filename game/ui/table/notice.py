"""A notice over the table that fades after a few seconds: the autosave's trouble, who is away
on a networked table; and the mark that stays on an away person's seat while they are gone.

A failed autosave used to be silent (a warning in the log), so a person on a full or read-only
disk played on while the file fell behind. The table says it once when saving starts failing,
and once more when it works again (``game.ui.bombdeck.table``); a notice is a locale key, read in
the language of the moment it is drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import pygame

from game.ui import fonts, gfx, theme
from game.ui.draw import round_rect
from game.ui.text import draw_paragraph, wrap_text

SHOW_SECONDS = 6.0
"""How long a notice stays up, its fade included: long enough to read two lines."""
FADE_SECONDS = 1.0
WIDTH = 600
TOP = 428
"""Between the turn banner and the hand, where nothing is decided."""
PAD = 14
AWAY_PAD, AWAY_DOT = 12, 10


@dataclass(slots=True)
class Notice:
    """The notice on screen (``key``, ``None``: none; ``trouble``: something is wrong, not
    right again) and every key shown so far (tests)."""

    key: str | None = None
    trouble: bool = False
    left: float = 0.0
    shown: list[str] = field(default_factory=list)
    params: dict[str, str] = field(default_factory=dict)
    """What the key's text names (``{names}``: who is away)."""

    def show(self, key: str, *, trouble: bool, **params: str) -> None:
        self.key, self.trouble, self.params = key, trouble, params
        self.left = SHOW_SECONDS
        self.shown.append(key)

    def update(self, dt: float) -> None:
        """Time passes (the table's frames): the notice fades, then goes."""
        if self.key is None:
            return
        self.left -= dt
        if self.left <= 0:
            self.key, self.left = None, 0.0

    @property
    def alpha(self) -> int:
        """255 while it stands, down to 0 over the last ``FADE_SECONDS``."""
        if self.key is None:
            return 0
        return round(255 * max(0.0, min(1.0, self.left / FADE_SECONDS)))


def draw_notice(surface: pygame.Surface, notice: Notice, translate: Callable[..., str]
                ) -> pygame.Rect | None:
    """Draw the notice's text in a box centred under the banner, faded by its alpha, with the
    danger edge for trouble; the box, or ``None`` when there is no notice."""
    alpha = notice.alpha
    if notice.key is None or alpha <= 0:
        return None
    text = translate(notice.key, **notice.params)
    size = theme.TEXT_SMALL
    lines = max(1, len(wrap_text(text, size, WIDTH - 2 * PAD, bold=True)))
    height = 2 * PAD + lines * round(size * 1.45)
    box = gfx.Canvas((WIDTH, height), pygame.SRCALPHA)
    inner = box.get_rect()
    round_rect(box, inner, theme.BG_DEEP, 14, 235)
    round_rect(box, inner, theme.DANGER if notice.trouble else theme.OK, 14, 255, 3)
    draw_paragraph(box, text, inner.inflate(-2 * PAD, -2 * PAD), size, theme.INK, bold=True,
                   align="center")
    box.set_alpha(alpha)
    rect = box.get_rect(midtop=(theme.SCREEN_W // 2, TOP))
    surface.blit(box, rect)
    return rect


def draw_away_marks(surface: pygame.Surface, seats: Iterable[int],
                    point: Callable[[int], tuple[float, float]], label: str
                    ) -> list[pygame.Rect]:
    """An "away" tag on each seat in ``seats`` (people whose computer dropped and whom no
    machine plays for), at the seat's place on the table (``point``, the family layout's
    ``seat_point``): the notice that names them fades, the tag stays until they are back.
    The rects drawn, by seat order."""
    rects = []
    for seat in seats:
        x, y = point(seat)
        text = fonts.render(label, theme.TEXT_MIN, theme.INK, True)
        rect = text.get_rect().inflate(2 * AWAY_PAD + AWAY_DOT + 8, 12)
        rect.center = (round(x), round(y))
        round_rect(surface, rect, theme.BG_DEEP, rect.height // 2, 225)
        round_rect(surface, rect, theme.DANGER, rect.height // 2, 255, 2)
        gfx.circle(surface, theme.DANGER, (rect.left + AWAY_PAD + AWAY_DOT // 2, rect.centery),
                   AWAY_DOT // 2)
        surface.blit(text, text.get_rect(midleft=(rect.left + AWAY_PAD + AWAY_DOT + 8,
                                                  rect.centery)))
        rects.append(rect)
    return rects
