"""People's names at a hot-seat table: typed on the new-game screen, kept in the settings by
seat, shown wherever a person's seat is named (the table's badges and log, the curtain, the
results) in place of "Player N".

A name is the players' own text, so it is never trusted:

- :func:`clean_name` is what is kept (settings load and save, the new-game field): Unicode
  NFC, no control, format, private-use, unassigned or surrogate characters, every run of
  spaces (line breaks included) one space, no space at either end, at most :data:`NAME_MAX`
  characters. It is pure (no pygame) and idempotent.
- :func:`shown_name` is what is drawn: the clean name without the characters our font cannot
  draw, or ``""`` when nothing drawable is left (the seat is then called "Player N" in the
  language of the moment). pygame refuses to draw text of zero width or with a NUL, and draws
  a missing glyph as a box: neither reaches the screen.
"""

from __future__ import annotations

import functools
import logging
import unicodedata
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ui.locale import Translator

log = logging.getLogger(__name__)

NAME_MAX = 16
"""Characters a name may hold (it must fit a seat badge)."""
NAME_SEATS = 8
"""Names the settings keep: one per seat of the largest table."""
DROPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Unicode categories never kept: controls, format characters (bidi overrides, zero-width
joiners), surrogates, private use, unassigned."""
SPACES = frozenset({"Zs", "Zl", "Zp"})


def _clean_once(text: str) -> str:
    text = unicodedata.normalize("NFC", text)
    kept: list[str] = []
    for ch in text:
        category = unicodedata.category(ch)
        if category in SPACES or ch in "\t\n\r\v\f":
            if kept and kept[-1] != " ":
                kept.append(" ")
        elif category not in DROPPED:
            kept.append(ch)
    return "".join(kept).strip(" ")[:NAME_MAX].strip(" ")


def clean_name(text: str) -> str:
    """``text`` as a name is kept (see the module's docstring); ``clean_name(clean_name(x))``
    is ``clean_name(x)``."""
    for _ in range(8):  # a dropped character may let two neighbours compose: settle
        cleaner = _clean_once(text)
        if cleaner == text:
            break
        text = cleaner
    return text


def clean_names(names: Sequence[str]) -> list[str]:
    """Up to :data:`NAME_SEATS` clean names."""
    return [clean_name(name) for name in names[:NAME_SEATS]]


# --- what the font draws -----------------------------------------------------------------------


_FACES: list[object] = []
_GLYPHS: dict[str, bool] = {}
GLYPH_MEMORY = 8192


def drawable(ch: str) -> bool:
    """Whether our font (regular and bold) has a glyph for ``ch``. Asked of FreeType, which
    tells a missing glyph apart; when it cannot be asked, every character is taken (pygame then
    draws a box, which is ugly but safe)."""
    known = _GLYPHS.get(ch)
    if known is not None:
        return known
    found: bool | None = None
    for _attempt in range(2):
        try:
            faces = _faces()
        except Exception:  # no FreeType in this pygame: a box is the worst that can happen
            log.warning("names: cannot ask the font which characters it has", exc_info=True)
            return True
        try:
            found = all(face.get_metrics(ch)[0] is not None  # type: ignore[attr-defined]
                        for face in faces)
            break
        except Exception:  # faces of a FreeType that was quit and started again: reopen
            _FACES.clear()
    if found is None:  # a character FreeType cannot even look up is not drawn
        return False
    if len(_GLYPHS) < GLYPH_MEMORY:
        _GLYPHS[ch] = found
    return found


def _faces() -> list[object]:
    """Our two font files as FreeType faces (opened again after a ``pygame.quit()``)."""
    import pygame.freetype

    from game.ui import fonts

    if not pygame.freetype.get_init():
        _FACES.clear()
        pygame.freetype.init()
    if not _FACES:
        _FACES.extend(pygame.freetype.Font(fonts.font_file(bold), 20) for bold in (False, True))
    return _FACES


def drawable_text(text: str) -> str:
    """``text`` without the characters the font lacks."""
    return "".join(ch for ch in text if drawable(ch))


@functools.lru_cache(maxsize=512)
def shown_name(raw: str) -> str:
    """The name as drawn, or ``""`` when nothing of it can be drawn."""
    name = clean_name(drawable_text(clean_name(raw)))
    if not name:
        return ""
    from game.ui import fonts, theme

    try:
        if any(fonts.get(theme.TEXT_BODY, bold).size(name)[0] <= 0 for bold in (False, True)):
            return ""  # zero width: pygame would refuse to draw it
    except Exception:  # whatever the font says no to is no name
        log.warning("names: the font refused %r", name, exc_info=True)
        return ""
    return name


def default_name(loc: Translator, seat: int) -> str:
    """"Player 3" for seat 2, in the language of the moment."""
    return loc.t("seat.player", n=seat + 1)


def seat_name(loc: Translator, names: Sequence[str], seat: int) -> str:
    """The name of the person at ``seat``: their own, else "Player N"."""
    raw = names[seat] if 0 <= seat < len(names) and isinstance(names[seat], str) else ""
    return shown_name(raw) or default_name(loc, seat)


def with_name(names: Sequence[str], seat: int, name: str) -> list[str]:
    """``names`` with ``seat``'s name set (padded with defaults)."""
    out = list(names[:NAME_SEATS])
    if not 0 <= seat < NAME_SEATS:
        return out
    while len(out) <= seat:
        out.append("")
    out[seat] = clean_name(name)
    return out


def person_names(match: Any, names: Callable[[], Sequence[str]] | None) -> Sequence[str]:
    """The people's names by seat: a joined table's own (the host's word: everyone at the
    table sees the same names), else this computer's settings'."""
    remote = getattr(match, "names", None)
    if isinstance(remote, list):
        return remote
    return names() if names is not None else ()
