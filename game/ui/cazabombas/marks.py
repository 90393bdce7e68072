"""Deduction marks (issue 25): with the setting on, every hidden wire of a teammate shows what
it can still be from the person's own view, small on its back, a certain one large and
highlighted; on request (M, for the wire under the pointer or in focus) the chance of each
value.

Nothing here deduces: the marks are what :func:`game.bots.cazabombas.deduce.analyse` says for
the seat's *view* (the same deduction the teammates make), summed from keys to the values a
player names (a yellow's keys to "yellow"). The table hands over its view only, never the
state: a view of the home seat while that person may look, else nothing is marked. The
analysis is worked out once per view (the painter asks every frame).

With the setting off nothing here runs and the table is drawn as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.bots.cazabombas.deduce import analyse
from game.rules.cazabombas.view import CazaView
from game.rules.cazabombas.wires import Value, class_of
from game.ui import fonts, theme
from game.ui.cazabombas import layout as L
from game.ui.draw import round_rect
from game.ui.text import draw_text, fit_line, wrap_text

if TYPE_CHECKING:
    from game.ui.cazabombas.names import Namer
    from game.ui.cazabombas.table import CazaTableScene

SURE = 1.0 - 1e-9
"""A value at least this likely is certain (the deduction's own threshold)."""
RUN = 3
"""Consecutive numbers from this many on are written as a range ("3–7")."""
MARK_INK = (196, 214, 240)
"""The possible values on a wire's back: light on the dark back."""
SURE_INK = (120, 232, 196)
"""A certain value: mint, large, with a ring round the wire (gold read as a yellow wire:
review 5)."""
MARK_BACK = (14, 20, 32)
"""The patch under the small values (the back's pattern must not eat them)."""
CHANCE_LINE = 19
CHANCES_MOST = 6
"""At most this many values are listed with their chances (the likeliest)."""


@dataclass(frozen=True, slots=True)
class WireMark:
    """What one hidden wire can still be: its values in sort order with their chances."""

    chances: tuple[tuple[Value, float], ...]

    @property
    def values(self) -> tuple[Value, ...]:
        return tuple(value for value, _p in self.chances)

    @property
    def certain(self) -> Value | None:
        """The wire's value when only one is left."""
        if len(self.chances) == 1:
            return self.chances[0][0]
        sure = [value for value, p in self.chances if p >= SURE]
        return sure[0] if sure else None


def wire_marks(view: CazaView) -> dict[tuple[int, int], WireMark]:
    """Every hidden wire of the other seats, (stand, index) → what it can be, from ``view``
    alone (``deduce.analyse``), keys summed to the values a player names."""
    analysis = analyse(view)
    out: dict[tuple[int, int], WireMark] = {}
    for spot, keys in analysis.slots.items():
        summed: dict[Value, float] = {}
        for key in sorted(keys):
            value = class_of(key)
            summed[value] = summed.get(value, 0.0) + keys[key]
        out[spot] = WireMark(tuple((value, p) for value, p in summed.items() if p > 1e-9))
    return out


class Marks:
    """The marks of the view on screen, worked out once per view."""

    def __init__(self) -> None:
        self._view: CazaView | None = None
        self._marks: dict[tuple[int, int], WireMark] = {}

    def of(self, view: CazaView) -> dict[tuple[int, int], WireMark]:
        if self._view is None or view != self._view:
            self._marks = wire_marks(view)
            self._view = view
        return self._marks


def marked_view(scene: CazaTableScene) -> CazaView | None:
    """The view the marks read: the home seat's, while the setting is on and that person
    may look at it (behind the curtain, or at a table of machines only, nothing)."""
    if not scene.app.settings.marks or not scene.mine_face_up:
        return None
    view = scene.shown
    if view.seat != scene.home or view.phase == "over":
        return None
    return view


def marks_for(scene: CazaTableScene) -> dict[tuple[int, int], WireMark]:
    view = marked_view(scene)
    if view is None:
        return {}
    return scene.marks.of(view)


# --- in words ------------------------------------------------------------------------------------


def value_words(namer: Namer, values: tuple[Value, ...]) -> list[str]:
    """The values as short words in sort order, runs of consecutive numbers as ranges:
    ("1–4", "Y", "6")."""
    words: list[str] = []
    run: list[int] = []

    def close() -> None:
        if len(run) >= RUN:
            words.append(f"{run[0]}–{run[-1]}")
        else:
            words.extend(str(n) for n in run)
        run.clear()

    for value in values:
        if isinstance(value, int) and run and value == run[-1] + 1:
            run.append(value)
            continue
        close()
        if isinstance(value, int):
            run.append(value)
        else:
            words.append(namer.short(value))
    close()
    return words


def fitted_words(namer: Namer, values: tuple[Value, ...], rows: int) -> list[str]:
    """The values in at most ``rows`` short words: each one (runs as ranges) when they fit,
    else the numbers' whole span ("5–9") and the colours' letters (M tells each chance)."""
    words = value_words(namer, values)
    if len(words) <= rows:
        return words
    numbers = [value for value in values if isinstance(value, int)]
    letters = [namer.short(value) for value in values if not isinstance(value, int)]
    span = [f"{numbers[0]}–{numbers[-1]}"] if len(numbers) > 1 else \
        [str(n) for n in numbers]
    if len(letters) > 1 and len(span) + len(letters) > rows:
        letters = [" ".join(letters)]
    return [*span, *letters][:rows]


def focused_wire(scene: CazaTableScene) -> tuple[int, int] | None:
    """The marked wire the chances are about: the one under the pointer, else the one the
    person's move points at."""
    marks = marks_for(scene)
    if scene.hover in marks:
        return scene.hover
    aim = scene.aim
    if aim is not None:
        found = aim.candidates()
        if found and 0 <= aim.focus < len(found):
            item = found[aim.focus]
            if item[0] == "w" and (item[1], item[2]) in marks:
                return item[1], item[2]
    return None


def chance_lines(scene: CazaTableScene, spot: tuple[int, int]) -> list[str]:
    """The focused wire's chances in words: which wire, then "3: 50 % · 4: 30 %", the
    likeliest first."""
    mark = marks_for(scene).get(spot)
    if mark is None:
        return []
    namer = scene.namer
    g, index = spot
    owners = scene.shown.stand_owner
    rack = scene.layout.racks.get(g)
    owner = namer.seat(owners[g])
    if owners.count(owners[g]) > 1:  # "stand 2" only where the seat has two
        stand = namer.t("cazabombas.marks.wire", player=owner, wire=index + 1,
                        n=(rack.rel if rack else 0) + 1)
    else:
        stand = namer.t("cazabombas.marks.wire_one", player=owner, wire=index + 1)
    ranked = sorted(mark.chances, key=lambda item: -item[1])[:CHANCES_MOST]
    said = " · ".join(namer.t("cazabombas.marks.chance", value=namer.value(value),
                              pct=_percent(p)) for value, p in ranked)
    return [stand, *wrap_text(said, theme.TEXT_MIN, L.MIDDLE.width - 28)]


def _percent(p: float) -> str:
    """A chance as a whole percentage, never "0 %" or "100 %" unless it is so."""
    if p >= SURE:
        return "100"
    return str(min(99, max(1, round(100 * p))))


# --- drawing -------------------------------------------------------------------------------------


def draw_mark(surface: pygame.Surface, scene: CazaTableScene, shown: pygame.Rect,
              mark: WireMark, top: int) -> None:
    """One wire's mark on its back (``shown``: the tile as drawn; ``top``: where the room
    for the mark starts): a certain value large in gold with a ring, else the values small,
    one short word a line, as many lines as the tile holds."""
    namer = scene.namer
    certain = mark.certain
    if certain is not None:
        round_rect(surface, shown.inflate(4, 4), SURE_INK, 8, 255, 3)
        text = namer.short(certain)
        size = max(theme.TEXT_MIN, min(theme.TEXT_HEADING, shown.width - 6))
        label = fit_line(text, size, shown.width - 6, SURE_INK, True)
        room = pygame.Rect(shown.left, top, shown.width, shown.bottom - top)
        back = label.get_rect(center=room.center).inflate(8, 2)
        round_rect(surface, back, MARK_BACK, 6, 220)
        surface.blit(label, label.get_rect(center=room.center))
        return
    line_h = fonts.get(theme.TEXT_MIN, True).get_linesize() - 2
    rows = max(1, (shown.bottom - 4 - top) // line_h)
    words = fitted_words(namer, mark.values, rows)
    height = len(words) * line_h + 4
    back = pygame.Rect(shown.left + 2, top, shown.width - 4, height)
    round_rect(surface, back, MARK_BACK, 5, 200)
    for k, word in enumerate(words):
        label = fit_line(word, theme.TEXT_MIN, shown.width - 6, MARK_INK, True)
        surface.blit(label, label.get_rect(midtop=(shown.centerx, top + 2 + k * line_h)))


def draw_chances(surface: pygame.Surface, scene: CazaTableScene) -> bool:
    """The chances of the focused wire where the news goes, while asked for (M); ``False``
    when nothing is to be shown (the news is)."""
    if not scene.chances_asked:
        return False
    spot = focused_wire(scene)
    lines = chance_lines(scene, spot) if spot is not None else \
        (wrap_text(scene.t("cazabombas.marks.point"), theme.TEXT_MIN, L.MIDDLE.width - 28)
         if marked_view(scene) is not None else [])
    if not lines:
        return False
    height = len(lines) * CHANCE_LINE + 8
    box = pygame.Rect(L.MIDDLE.left + 6, L.MINE_TOP - 6 - height, L.MIDDLE.width - 12, height)
    round_rect(surface, box, (30, 40, 58), 10, 240)
    round_rect(surface, box, SURE_INK, 10, 255, 2)
    for k, line in enumerate(lines):
        draw_text(surface, line, (box.centerx, box.top + 4 + k * CHANCE_LINE), theme.TEXT_MIN,
                  theme.INK, bold=k == 0, anchor="midtop", max_width=box.width - 12)
    if spot is not None:  # which wire: ringed in the box's colour
        rack = scene.layout.racks.get(spot[0])
        if rack is not None:
            round_rect(surface, rack.tile(spot[1]).inflate(10, 10), SURE_INK, 9, 255, 3)
    return True

