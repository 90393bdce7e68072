"""Drawing the Caza Bombas table: the workshop felt, every rack of upright tiles (the home
seat's face up while its person may look, the teammates' face down but for their cut wires and
tokens), the detonator dial, the banner and what the person decides (the ways to act, the
values to name), the latest news, the board (validated numbers, yellow and red values with
their "?", the equipment and whether it is unlocked), then everything in motion.

An equipment card under the pointer, or in use, is explained where the news goes (its effect
and when it can be used), so nobody has to try a card to learn what it does.

The click areas of the values to name and of the equipment cards are computed here
(:func:`chip_layout`, :func:`card_rows`), for drawing and for the scene's clicks alike.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.rules.cazabombas import wires as W
from game.rules.cazabombas.view import CazaView, WireSeen
from game.rules.cazabombas.wires import CLASS_BITS, Value, class_of
from game.ui import fonts, gfx, theme
from game.ui.cazabombas import aim as M
from game.ui.cazabombas import layout as L
from game.ui.cazabombas import marks as D
from game.ui.cazabombas.art import (
    GOLD,
    RACK,
    RACK_EDGE,
    SAFE,
    captain_cap,
    case,
    detector,
    draw_dial,
    flat_size,
    tile_back,
    tile_face,
    token,
    validated_mark,
    value_body,
)
from game.ui.cazabombas.news import news_lines
from game.ui.draw import round_rect, vertical_gradient
from game.ui.table.notice import draw_away_marks, draw_notice
from game.ui.text import MIN_SQUEEZE, NARROW, draw_text, fit_line, wrap_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.cazabombas.anim import Floater
    from game.ui.cazabombas.names import Namer
    from game.ui.cazabombas.table import CazaTableScene

FELT_TOP = (30, 48, 56)
FELT_BOTTOM = (10, 18, 24)
PANEL = (22, 30, 40)
LIFTED = 16
"""How high a picked or lifting tile of the home seat rises (a teammate's: half as high,
under its rack's name)."""
CARD_ROW = 28
VALID_TOP = L.BOARD.top + 2
VALID_H = 38
"""The board's numbers: tall enough for the number and, under it, a row of pips a person
reads at a glance (one per wire of that number, lit once cut; the review found the old dots
tiny)."""
VALID_STEP = 31
"""The most room one number takes on the board's row."""
COLOURS_TOP = L.BOARD.top + 44
CARDS_TOP = L.BOARD.top + 76
TWO_LINES = 24
"""The second colour line's offset, and how far the equipment moves down for it."""
NOT_INK = (255, 170, 150)
TRAY = (12, 16, 22)
"""The tray in front of a rack's tiles (where tokens stand), and an empty progress bar."""
FOOTER_BAR = 84
HINT_ROOM = 40
"""The room under the equipment cards that takes the line on how to read them."""
"""The width of a rack's "how much is cut" bar."""
END_LINE = 26
END_BAR = 8
"""A lost mission's progress bar: its height (a slim bar under its words)."""
END_BAR_FILL = (72, 186, 104)
"""The part of the bar the team cut."""
EXPLAIN_LINES = 2
EXPLAIN_LINE = 19
"""A lost mission's summary: one line under another."""


def explain_line() -> int:
    """``EXPLAIN_LINE`` grown with the text size (its 18 px lines are 21 px apart at 100 %,
    a line's ink 19)."""
    return EXPLAIN_LINE + fonts.get(theme.TEXT_MIN).get_linesize() - 21
BLAST_R = 190
"""The fireball's radius at its biggest (the table is 1280 wide)."""


def paint_table(surface: pygame.Surface, scene: CazaTableScene) -> None:
    surface.blit(vertical_gradient(surface.get_size(), FELT_TOP, FELT_BOTTOM), (0, 0))
    view = scene.shown
    scene.help_spots = []
    if view.won is False and not scene.timeline.busy:
        _scorch(surface)
    for rack in scene.layout.racks.values():
        _rack(surface, scene, rack)
    _dial(surface, scene)
    _board(surface, scene)
    if scene.match.is_over() and not scene.timeline.busy:
        _end(surface, scene)
    elif scene.stage.case is None or not scene.stage.case.started:
        _banner(surface, scene)
        _chips(surface, scene)
        if not _explain(surface, scene) and not _help(surface, scene) \
                and not D.draw_chances(surface, scene):
            _news(surface, scene)
        _colour_tip(surface, scene)  # over the value chips while the pointer is on the board
    _blast(surface, scene)
    _flights(surface, scene)
    _floaters(surface, scene)
    _case(surface, scene, view)
    _victory(surface, scene)
    scene.particles.draw(surface)
    scene.controls.draw(surface)
    if scene.show_code:
        draw_text(surface, f"{scene.t('newgame.code')}: {scene.match.code}", L.CODE_POS,
                  theme.TEXT_MIN, theme.INK_DIM, bold=True, anchor="bottomleft")
    scene.away_rects = draw_away_marks(surface, scene.away_seats(), scene.layout.seat_point,
                                       scene.t("network.away_mark"))
    scene.notice_rect = draw_notice(surface, scene.notice, scene.t)


# --- the racks -----------------------------------------------------------------------------------


def _glow(scene: CazaTableScene) -> float:
    return 0.5 + 0.5 * math.sin(scene.clock * 4.0)


def _rack(surface: pygame.Surface, scene: CazaTableScene, rack: L.Rack) -> None:
    view = scene.shown
    seat = rack.seat
    rect = rack.rect
    turn = view.phase != "over" and seat == view.current and not scene.timeline.busy
    if turn:
        round_rect(surface, rect.inflate(10, 10), theme.ACCENT, 18,
                   round(60 + 80 * _glow(scene)))
    round_rect(surface, rect, PANEL, 14, 215)
    edge = theme.ACCENT if turn else theme.FOCUS if rack.mine and scene.mine_face_up \
        else theme.PANEL_EDGE
    round_rect(surface, rect, edge, 14, 255, 3 if edge != theme.PANEL_EDGE else 1)
    said = _footer(surface, scene, rack)
    _header(surface, scene, rack, facts_said=said)
    wires = view.stands[rack.stand]
    if wires:
        first, last = rack.tile(0), rack.tile(len(wires) - 1)
        gfx.rect(surface, TRAY, rack.tray(), border_radius=8)  # opaque: no box to cache
        lip = pygame.Rect(first.left - 8, first.top + round(rack.tile_h * 0.62),
                          last.right - first.left + 16, round(rack.tile_h * 0.38) + 8)
        gfx.rect(surface, RACK_EDGE, lip.move(0, 3), border_radius=6)
        gfx.rect(surface, RACK, lip, border_radius=6)
    marks = _aim_marks(scene)
    deduced = {} if rack.mine else D.marks_for(scene)  # (nothing at all with the setting off)
    for index, wire in enumerate(wires):
        _tile(surface, scene, rack, index, wire, marks, deduced.get((rack.stand, index)))
    for g, at, kind in view.labels:
        if g == rack.stand and at + 1 < len(wires):
            _label(surface, rack, at, kind, 1.0)
    for g, at, kind, tween in scene.stage.labels:
        if g == rack.stand and at + 1 < len(wires):
            _label(surface, rack, at, kind, tween.t)
    for fx in scene.stage.tokens:
        if fx.stand == rack.stand:
            x, y = rack.token(fx.index)
            p = fx.tween.progress if fx.tween.started else 0.0
            if fx.tween.started:
                token(surface, (x, y - 70 * (1.0 - p)), rack.token_r, fx.value,
                      scene.namer.letters, theme.ACCENT)
    answer = scene.stage.answers.get(seat)
    if answer is not None and rack.rel == 0 and answer[1].started:
        has, tween = answer
        text = scene.t("cazabombas.radar.yes" if has else "cazabombas.radar.no")
        label = fit_line(text, theme.TEXT_BODY, 160, theme.INK_DARK, True)
        pill = label.get_rect(center=(rect.right - 90, rect.top + 16)).inflate(18, 6)
        grow = min(1.0, max(0.2, tween.progress))
        pill = pill.inflate(round(pill.width * (grow - 1)), round(pill.height * (grow - 1)))
        round_rect(surface, pill, SAFE if has else theme.DANGER, 12)
        surface.blit(label, label.get_rect(center=pill.center))


def _header(surface: pygame.Surface, scene: CazaTableScene, rack: L.Rack, *,
            facts_said: bool = False) -> None:
    """The rack's name row: its seat (and stand), "you", the Captain; a teammate's rack on a
    row of two adds its wires left and Double Detector at the right. What the table knows the
    seat holds or lacks is public and is never left out (the review: "Player 1 holds 4"
    vanished from a crowded row at 1024×640): when the row is short of room the Captain keeps
    only its cap, the count its short form ("5 left"), then the name narrows; the facts are
    drawn whatever is left (a roomy rack says them here only when its foot had no room:
    ``facts_said``)."""
    view = scene.shown
    namer = scene.namer
    seat = rack.seat
    rect = rack.rect
    x = rect.left + 12
    y = rect.top + L.HEADER // 2 + 2
    right = rect.right - 12
    font = fonts.get(theme.TEXT_MIN)
    bold = fonts.get(theme.TEXT_MIN, True)
    facts = _facts(scene, seat) if rack.rel == 0 and not facts_said else ""
    name = namer.seat(seat)
    if len(scene.layout.seat_racks(seat)) > 1:
        name = namer.t("cazabombas.stand_of", name=name, n=rack.rel + 1)
    name_size = theme.TEXT_BODY if rack.mine else theme.TEXT_SMALL
    you = scene.match.people == (seat,) and rack.rel == 0
    captain = seat == view.captain and rack.rel == 0
    cap_word = namer.t("cazabombas.captain")
    count_words: list[str] = []
    if rack.footer is None:
        left, reds = wires_to_cut(view, rack.stand)
        if reds and not left:  # only reds: "1 red left: never cut", else "1 red"
            count_words = [namer.plural("cazabombas.footer.reds", reds),
                           namer.plural("cazabombas.footer.reds_short", reds)]
            count_words = [words[:1].upper() + words[1:] for words in count_words]
        if not left and not reds:  # every wire cut: "All 13 cut", as the footers say
            count_words = [namer.t("cazabombas.footer.all", total=len(view.stands[rack.stand]))]
        for key in ("cazabombas.wires_left", "cazabombas.wires_left_short"):
            if not left:
                break
            said = namer.plural(key, left)
            if reds:
                said = namer.t("cazabombas.footer.and_reds", said=said,
                               reds=reds_words(namer, left, reds))
            count_words.append(said)
    detector_w = 32 if rack.rel == 0 and rack.footer is None else 0
    you_w = font.size(namer.t("seat.you"))[0] + 28 if you else 0
    need = font.size(facts)[0] * NARROW + 10 if facts else 0
    name_w = fonts.get(name_size, True).size(name)[0] + 10

    def room(with_word: bool, count: str) -> float:
        cap_w = (34 + bold.size(cap_word)[0] + 10 if with_word else 40) if captain else 0
        count_w = font.size(count)[0] + 10 if count else 0
        return right - x - count_w - detector_w - you_w - cap_w - name_w - need

    with_word, count_said = True, count_words[0] if count_words else ""
    if facts and room(with_word, count_said) < 0 and captain:
        with_word = False
    if room(with_word, count_said) < 0 and count_words:
        count_said = count_words[-1]  # its short form (every wire cut has only the one)
    short = min(0.0, room(with_word, count_said))  # what the name gives up
    # right side: wires left, the Double Detector (a roomy rack says both at its foot)
    if count_said:
        count = draw_text(surface, count_said, (right, y), theme.TEXT_MIN, theme.INK_DIM,
                          anchor="midright", max_width=300)
        right = count.left - 10
    if detector_w:
        used = view.detectors_used[seat]
        glow = scene.stage.detectors.get(seat)
        box = pygame.Rect(right - 22, y - 12, 22, 24)
        if glow is not None:
            gfx.circle(surface, theme.FOCUS, box.center, round(14 + 6 * glow.t), 2)
        detector(surface, box, used and glow is None)
        scene.help_spots.append((M.DETECTOR, box.inflate(8, 4)))
        right = box.left - 10
    # left side: name, "you", Captain, then the facts
    ink = theme.ACCENT if scene.match.is_person(seat) else theme.INK
    widest = round(name_w - 10 + short)
    shown = draw_text(surface, name, (x, y), name_size, ink, bold=True, anchor="midleft",
                      max_width=max(80, widest))
    x = shown.right + 10
    if you:
        tag = fit_line(namer.t("seat.you"), theme.TEXT_MIN, 80, theme.INK_DARK, bold=True)
        pill = tag.get_rect(midleft=(x + 6, y)).inflate(12, 2)
        round_rect(surface, pill, theme.FOCUS, 9)
        surface.blit(tag, tag.get_rect(center=pill.center))
        x = pill.right + 10
    if captain:
        captain_cap(surface, pygame.Rect(x, y - 12, 30, 24))
        x += 40
        if with_word:
            cap = draw_text(surface, cap_word, (x - 6, y), theme.TEXT_MIN, GOLD, bold=True,
                            anchor="midleft", max_width=120)
            x = cap.right + 10
    if facts:
        draw_text(surface, facts, (x, y), theme.TEXT_MIN, theme.INK_DIM, anchor="midleft",
                  max_width=max(60, right - x))


def _footer(surface: pygame.Surface, scene: CazaTableScene, rack: L.Rack) -> bool:
    """A roomy rack's bottom row: how far its stand is cut (a bar and "4 of 13 cut, 9 left"),
    what the table knows its seat holds or lacks, and its Double Detector in words (ready or
    used) on the seat's first stand. Beside the typed game code, where room is short, the
    detector keeps its icon and the bar goes, so the count is never squeezed. Every piece is
    a cached text or a rectangle: cheap per frame. ``True`` when the seat's facts were said
    here (or it has none); ``False``: no room, the name row says them."""
    row = rack.footer
    if row is None:
        return False
    view = scene.shown
    namer = scene.namer
    seat = rack.seat
    y = row.centery
    x = row.left + 10
    if scene.show_code and row.collidepoint(L.CODE_POS[0], L.CODE_POS[1] - 4):
        code = f"{scene.t('newgame.code')}: {scene.match.code}"  # drawn there by the table
        x = L.CODE_POS[0] + fonts.get(theme.TEXT_MIN, True).size(code)[0] + 18
    right = row.right - 10
    wires = view.stands[rack.stand]
    left, reds = wires_to_cut(view, rack.stand)
    cut = len(wires) - left - reds
    if cut == len(wires):
        said = namer.t("cazabombas.footer.all", total=len(wires))
    elif left:
        said = namer.plural("cazabombas.footer.cut", left, cut=cut, total=len(wires))
    else:
        said = namer.t("cazabombas.footer.cut_of", cut=cut, total=len(wires))
    if reds:  # never "2 left" for red wires nobody may cut (the review of a won mission)
        said = namer.t("cazabombas.footer.and_reds", said=said,
                       reds=reds_words(namer, left, reds))
    font = fonts.get(theme.TEXT_MIN)
    need = font.size(said)[0]
    if rack.rel == 0:  # the seat's Double Detector, at the right
        used = view.detectors_used[seat]
        glow = scene.stage.detectors.get(seat)
        word = namer.t("cazabombas.footer.detector_used" if used and glow is None
                       else "cazabombas.footer.detector_ready")
        left_of = right
        if x + need + 40 + font.size(word)[0] <= right:  # before the bar, if need be
            left_of = draw_text(surface, word, (right, y), theme.TEXT_MIN,
                                theme.INK_DISABLED if used and glow is None else theme.INK_DIM,
                                anchor="midright", max_width=260).left
        box = pygame.Rect(left_of - 26, y - 12, 22, 24)
        if glow is not None:
            gfx.circle(surface, theme.FOCUS, box.center, round(14 + 6 * glow.t), 2)
        detector(surface, box, used and glow is None)
        scene.help_spots.append((M.DETECTOR, pygame.Rect(box.left - 4, row.top,
                                                         row.right - 10 - box.left + 4,
                                                         row.height)))
        right = box.left - 14
    if x + FOOTER_BAR + 8 + need <= right:
        bar = pygame.Rect(x, y - 5, FOOTER_BAR, 10)
        gfx.rect(surface, TRAY, bar, border_radius=5)
        if cut:  # (of the wires to cut: a won stand's reds leave no gap)
            filled = round(bar.width * cut / max(1, len(wires) - reds))
            gfx.rect(surface, SAFE, pygame.Rect(bar.left, bar.top, max(10, filled), bar.height),
                     border_radius=5)
        gfx.rect(surface, theme.PANEL_EDGE, bar, 1, border_radius=5)
        x = bar.right + 8
    done = draw_text(surface, said, (x, y), theme.TEXT_MIN, theme.INK_DIM, anchor="midleft",
                     max_width=max(60, right - x))
    x = done.right + 16
    facts = _facts(scene, seat) if rack.rel == 0 else ""
    if not facts:
        return True
    if font.size(facts)[0] * NARROW > right - x:
        return False  # the name row has the room
    draw_text(surface, facts, (x, y), theme.TEXT_MIN, theme.INK, anchor="midleft",
              max_width=right - x)
    return True


def wires_to_cut(view: CazaView, stand: int) -> tuple[int, int]:
    """(the wires of ``stand`` still to cut, the red wires on it, never to be cut) as this
    view knows them: a red wire is counted apart where its face is seen (one's own stand, a
    revealed red: never "cut", whatever the view says of a revealed one), and once the
    mission is won every wire left is red (the team won by cutting all the others). The
    wires cut are the rest."""
    left = reds = 0
    for wire in view.stands[stand]:
        if (wire.key is not None and W.is_red(wire.key)) or (view.won and not wire.cut):
            reds += 1
        elif not wire.cut:
            left += 1
    return left, reds


def reds_words(namer: Namer, left: int, reds: int) -> str:
    """The red wires left on a stand: "2 red" beside wires still to cut, "2 red left: never
    cut" once nothing else is (a won mission's last stand)."""
    return namer.plural("cazabombas.footer.reds" if left == 0 else
                        "cazabombas.footer.reds_short", reds)


def _facts(scene: CazaTableScene, seat: int) -> str:
    """What the table knows a seat holds or lacks (a missed cut, the General Radar)."""
    view = scene.shown
    namer = scene.namer
    parts = []
    holds = [v for v, bit in CLASS_BITS.items() if view.claims[seat] & bit]
    lacks = [v for v, bit in CLASS_BITS.items() if view.lacks[seat] & bit]
    if holds:
        parts.append(namer.t("cazabombas.holds", values=namer.values(holds)))
    if lacks:
        parts.append(namer.t("cazabombas.lacks", values=namer.values(lacks)))
    return " · ".join(parts)


def _aim_marks(scene: CazaTableScene) -> tuple[set[M.Item], set[M.Item], M.Item | None]:
    """(the candidates, the picks, the focused candidate) among wires and stands."""
    aim = scene.aim
    if aim is None or scene.timeline.busy:
        return set(), set(), None
    step = aim.step
    candidates = set(aim.candidates()) if step is not None else set()
    focused = aim.focused() if step is not None else None
    if step is not None and step.kind == M.VALUE and scene.mine_face_up:
        focused_value = focused[1] if focused is not None else None
        values = {item[1] for item in candidates}
        own: set[M.Item] = set()
        for g in scene.shown.my_stands:
            for i, wire in enumerate(scene.shown.stands[g]):
                if wire.key is not None and not wire.cut and class_of(wire.key) in values:
                    own.add(("w", g, i))
                    if class_of(wire.key) == focused_value:
                        focused = ("w", g, i) if focused is not None and focused[0] == "v" \
                            else focused
        candidates |= own
    return candidates, aim.picked(), focused


def _tile(surface: pygame.Surface, scene: CazaTableScene, rack: L.Rack, index: int,
          wire: WireSeen, marks: tuple[set[M.Item], set[M.Item], M.Item | None],
          deduced: D.WireMark | None = None) -> None:
    """One wire where it stands; ``deduced``: what it can still be (the deduction marks), on
    a hidden wire's back."""
    reduced = scene.app.motion.reduced
    rect = rack.tile(index)
    fx = scene.stage.tiles.get((rack.stand, index))
    if fx is not None and fx.hidden:
        return
    candidates, picked, focused = marks
    item: M.Item = ("w", rack.stand, index)
    stand_item: M.Item = ("s", rack.stand)
    seat_item: M.Item = ("p", rack.seat)
    is_candidate = item in candidates or stand_item in candidates or seat_item in candidates
    is_picked = item in picked or stand_item in picked
    is_focused = focused in (item, stand_item, seat_item) and focused is not None
    face_key = wire.key if (wire.cut or (rack.mine and scene.mine_face_up)) else None
    cut = wire.cut
    over = scene.match.is_over() and not scene.timeline.busy
    revealed = scene.revealed.get((rack.stand, index)) if over else None
    if face_key is None and revealed is not None:
        face_key = revealed  # the mission lost: every wire face up where it stands
    if (rack.stand, index) in scene.blasted:
        face_key, cut = revealed if revealed is not None else W.red_key(1), True
    flat = 1.0 if cut else 0.0
    rise = 0.0
    squeeze = 1.0
    wobble = 0.0
    if fx is not None:
        rise = fx.rise(reduced)
        squeeze = fx.squeeze(reduced)
        wobble = fx.wobble(reduced)
        if fx.turned() and fx.key is not None:
            face_key = fx.key
        if fx.fall is not None and fx.fall.started:
            flat = max(flat, min(1.0, fx.flat()))
            cut = cut or fx.fall.t >= 0.5
    if is_picked:
        rise = max(rise, 1.0)
    elif is_focused and scene.hover is not None:
        rise = max(rise, 0.4)
    size = rect.size
    _, flat_h = flat_size(size)
    h = round(size[1] + (flat_h - size[1]) * flat)
    if face_key is not None:
        image = tile_face(face_key, (size[0], h) if flat >= 1.0 else size, scene.namer.letters,
                          cut=cut and flat >= 1.0)
    else:
        image = tile_back(size)
    w = max(2, round(size[0] * squeeze))
    if (w, h) != image.get_size():
        image = gfx.smoothscale(image, (w, h))
    x = rect.centerx - w // 2 + round(wobble)
    y = rect.bottom - h - round((LIFTED if rack.mine else 6) * rise)
    gfx.rect(surface, (0, 0, 0), pygame.Rect(x + 2, rect.bottom - 4, w - 2, 6),
             border_radius=3)
    surface.blit(image, (x, y))
    shown = pygame.Rect(x, y, w, h)
    if fx is not None:
        _missed_mark(surface, shown, fx.redness(), reduced)
    if is_candidate and not cut:
        glow = _glow(scene)
        color = theme.ACCENT
        width = 4 if is_focused else 2
        alpha = 255 if is_focused else round(120 + 100 * glow)
        round_rect(surface, shown.inflate(6, 6), color, 8, alpha, width)
    if is_picked:
        round_rect(surface, shown.inflate(8, 8), theme.FOCUS, 9, 255, 4)
        tip = rect.bottom + (2 * rack.token_r + 8 if wire.token is None else 2 * rack.token_r + 10)
        gfx.polygon(surface, theme.FOCUS, [(shown.centerx, tip - 12),
                                           (shown.centerx - 9, tip),
                                           (shown.centerx + 9, tip)])
    if scene.hover == (rack.stand, index) and not is_candidate and not cut:
        round_rect(surface, shown.inflate(4, 4), theme.INK_DIM, 7, 120, 1)
    if face_key is None and not cut and wire.notv:
        _not_marks(surface, scene, shown, wire.notv)
    if deduced is not None and face_key is None and not cut:
        D.draw_mark(surface, scene, shown, deduced, shown.top + (40 if wire.notv else 4))
    if wire.token is not None and not wire.cut:
        token(surface, rack.token(index), rack.token_r, wire.token, scene.namer.letters)


MISS_RED = (235, 40, 40)
"""A missed wire's flash and outline."""


def _missed_mark(surface: pygame.Surface, shown: pygame.Rect, red: float,
                 reduced: bool) -> None:
    """A missed wire washed red for a moment, a thick red ring fading with it; with reduced
    motion no flash at all: a still red outline while the miss is told."""
    if red <= 0.0:
        return
    if reduced:
        round_rect(surface, shown.inflate(8, 8), MISS_RED, 9, 255, 4)
        return
    round_rect(surface, shown, MISS_RED, 6, round(150 * red))
    round_rect(surface, shown.inflate(8, 8), MISS_RED, 9, round(255 * red), 4)


def _not_marks(surface: pygame.Surface, scene: CazaTableScene, tile: pygame.Rect,
               bits: int) -> None:
    """"≠ 5 7" on a face-down tile: a detector's miss proved it is not those."""
    values = [v for v, bit in CLASS_BITS.items() if bits & bit]
    if not values:
        return
    text = " ".join(scene.namer.short(v) for v in values[:3])
    sign = fonts.render("≠", theme.TEXT_MIN, NOT_INK, True)
    surface.blit(sign, sign.get_rect(midtop=(tile.centerx, tile.top + 2)))
    label = fit_line(text, theme.TEXT_MIN, tile.width - 4, NOT_INK, True)
    surface.blit(label, label.get_rect(midtop=(tile.centerx, tile.top + 20)))


def _label(surface: pygame.Surface, rack: L.Rack, at: int, kind: str, t: float) -> None:
    """A label in front of two neighbouring wires: "=" (the same) or "≠" (different)."""
    a, b = rack.tile(at), rack.tile(at + 1)
    centre = ((a.right + b.left) // 2, a.bottom - 12)
    r = max(10, min(14, rack.step // 3))
    if t < 1.0:
        centre = (centre[0], round(centre[1] + 30 * (1.0 - t)))
    gfx.circle(surface, theme.SHADE, (centre[0] + 1, centre[1] + 2), r)
    gfx.circle(surface, (250, 246, 236), centre, r)
    gfx.circle(surface, (40, 40, 48), centre, r, 2)
    label = fonts.render(kind, theme.TEXT_MIN, (30, 30, 36), True)
    surface.blit(label, label.get_rect(center=centre))


# --- the middle band ---------------------------------------------------------------------------


def _dial(surface: pygame.Surface, scene: CazaTableScene) -> None:
    view = scene.shown
    stage = scene.stage
    spaces = view.max_mistakes + 1
    position = stage.dial_position(scene.dial_rest())
    shake = 0.0
    if stage.dial_shake is not None and stage.dial_shake.started and not stage.dial_shake.done \
            and not scene.app.motion.reduced:
        shake = math.sin(stage.dial_shake.t * 50) * 4 * (1 - stage.dial_shake.t)
    draw_dial(surface, L.DIAL_CENTRE, L.DIAL_R, spaces, position, shake)
    cx = L.DIAL_CENTRE[0]
    y = L.DIAL_LABEL_Y
    if view.won is False:
        text = scene.t("cazabombas.dial.boom")
    else:
        text = scene.namer.plural("cazabombas.dial.left", view.mistakes_left)
        if fonts.get(theme.TEXT_SMALL, True).size(text)[0] * NARROW > L.DIAL_LABEL_W:
            # a bigger text size: the dial says what is left, the line only how many
            text = scene.t("cazabombas.dial.left_short", n=view.mistakes_left)
    color = theme.DANGER if view.mistakes_left == 0 else theme.INK
    draw_text(surface, text, (cx, y), theme.TEXT_SMALL, color, bold=True, anchor="midtop",
              max_width=L.DIAL_LABEL_W)
    # over the dial: the mission, or while the Stabilizer holds the dial, that (the band has no
    # room under the dial's own line: the home seat's panel starts there)
    if view.stabilized:
        draw_text(surface, scene.t("cazabombas.dial.stabilized"), (cx, L.BAND.top),
                  theme.TEXT_MIN, SAFE, bold=True, anchor="midtop", max_width=200)
    else:
        draw_text(surface, scene.t("cazabombas.mission", n=view.mission),
                  (cx, L.BAND.top), theme.TEXT_MIN, theme.INK_DIM, bold=True, anchor="midtop",
                  max_width=200)


def banner(scene: CazaTableScene) -> tuple[str, str, bool]:
    """(the big line, the line under it, whether the person acts now)."""
    view = scene.shown
    namer = scene.namer
    aim = scene.aim
    if aim is not None:
        return _aim_banner(scene, aim)
    seat = view.current
    player = namer.seat(seat)
    if seat == scene.home and scene.mine_face_up:
        title = namer.t("table.your_turn")
    elif view.phase == "setup":
        title = namer.t("cazabombas.banner.placing", player=player)
    else:
        title = namer.t("cazabombas.banner.turn", player=player)
    if scene.timeline.busy:
        # the last beats of a mission: the story is the news, not whose turn it was
        return ("" if scene.match.is_over() else title), "", False
    if scene.held:
        # the lesson's bubble holds the machines: nobody is thinking, the team waits for the
        # person to read (the review read "Crafty 2 is thinking…" under a bubble)
        return title, namer.t("cazabombas.banner.lesson_wait"), False
    if namer.person_at(seat):
        return title, namer.t("table.waiting", player=player), False
    return title, namer.t("table.thinking", player=player), False


def _aim_banner(scene: CazaTableScene, aim: M.Aim) -> tuple[str, str, bool]:
    namer = scene.namer
    mode = aim.mode
    step = aim.step
    if mode.name == M.SETUP:
        return namer.t("cazabombas.banner.setup"), namer.t("cazabombas.aim.setup"), True
    if mode.name == M.REVEAL:
        return namer.t("cazabombas.banner.reveal"), namer.t("cazabombas.aim.reveal"), True
    if mode.card is not None:
        title = namer.t("cazabombas.banner.card", card=namer.card(mode.card))
    else:
        title = namer.t(f"cazabombas.banner.{mode.name}")
    if step is None:
        sub = namer.t("cazabombas.aim.use")
        return title, _with_effect(scene, mode, sub), True
    left = step.count - len(aim.current_picks())
    if step.kind == M.WIRE:
        sub = namer.t("cazabombas.aim.wire") if step.count == 1 else \
            namer.t("cazabombas.aim.wires", n=step.count, left=left)
    elif step.kind == M.OWN:
        sub = namer.t("cazabombas.aim.own") if step.count == 1 else \
            namer.t("cazabombas.aim.own_pair")
    elif step.kind == M.STAND:
        sub = namer.t("cazabombas.aim.stand")
    elif step.kind == M.VALUE:
        # the yellow shortcut only where the mission has yellow wires (the review read
        # "(Y: yellow)" in a mission of blue wires only)
        plain = "cazabombas.aim.value" if scene.shown.yellow_board else \
            "cazabombas.aim.value_blue"
        sub = namer.t(plain) if step.count == 1 else \
            namer.t("cazabombas.aim.values", left=left)
    elif step.kind == M.SEAT:
        sub = namer.t("cazabombas.aim.seat")
    else:
        sub = namer.t("cazabombas.aim.option")
    return title, _with_effect(scene, mode, sub), True


def _with_effect(scene: CazaTableScene, mode: M.Mode, sub: str) -> str:
    """An equipment card's effect before what to do with it, unless the card is explained in
    its box where the news goes (``_explain``: the card in use is, unless another one is
    pointed at), so the line only says what to do; with the effect, only when the line fits
    at the smallest size narrowed at most to 90 % (issue 20: further reads as squashed)."""
    if mode.card is None or explained_card(scene) == mode.card:
        return sub
    namer = scene.namer
    both = namer.t("cazabombas.aim.card", effect=namer.effect(mode.card), then=sub)
    width = fonts.get(theme.TEXT_MIN).size(both)[0]
    return both if width * NARROW <= L.MIDDLE.width - 10 else sub


def _banner(surface: pygame.Surface, scene: CazaTableScene) -> None:
    text, sub, hot = banner(scene)
    if not text:
        return
    middle = L.MIDDLE
    # a heading already big keeps its height at a bigger text size (the band's rows under
    # it do not move): the line under it grows instead
    size = heading_size(theme.TEXT_LARGE + 2 if hot else theme.TEXT_LARGE)
    title = draw_text(surface, text, (middle.centerx, L.BANNER_Y), size,
                      theme.ACCENT if hot else theme.INK, bold=True, anchor="midtop",
                      max_width=middle.width - 10)
    if sub:
        # a bigger text size: the line goes under the taller title, and the keys' part of
        # it ("· Backspace: back") goes first when the whole would have to be squeezed
        sub = fitting_keys(sub, theme.TEXT_MIN, middle.width - 10)
        y = max(L.SUB_Y, title.bottom - 4)
        draw_text(surface, sub, (middle.centerx, y), theme.TEXT_MIN, theme.INK_DIM,
                  anchor="midtop", max_width=middle.width - 10)


def heading_size(size: int) -> int:
    """The size to ask for a heading of ``size`` so it is drawn that big whatever the text
    size, never asked below ``TEXT_BODY`` (it still grows past that): a 28 px line is far
    above what anyone needs to read, and the band has no room for it to grow."""
    return max(theme.TEXT_BODY, fonts.unscaled(size))


def fitting_keys(line: str, size: int, width: int) -> str:
    """``line`` with its last " · " parts (the keys that also do it: "· Backspace: back"),
    then its part in brackets, dropped until it fits ``width`` narrowed at most to
    ``NARROW``; whole when it fits (at 100 % every line does)."""
    font = fonts.get(size)
    while font.size(line)[0] * NARROW > width and " · " in line:
        line = line.rsplit(" · ", 1)[0]
    start, end = line.find(" ("), line.find(")")
    if font.size(line)[0] * NARROW > width and 0 <= start < end:  # "(or ← → and Enter)"
        line = line[:start] + line[end + 1:]
    return line


def chip_layout(scene: CazaTableScene) -> list[tuple[pygame.Rect, M.Item, str]]:
    """The values (or seats, or options) the person may pick now: where each is and what it
    says."""
    aim = scene.aim
    if aim is None or scene.timeline.busy:
        return []
    step = aim.step
    if step is None or step.kind not in (M.VALUE, M.SEAT, M.OPTION):
        return []
    namer = scene.namer
    items = aim.candidates()
    chosen = [item for item in aim.current_picks() if item[0] == "v"]
    out: list[tuple[pygame.Rect, M.Item, str]] = []
    if step.kind == M.VALUE:
        everything = sorted([*items, *chosen], key=M.item_order)
        width = len(everything) * (L.CHIP + 10) - 10
        x = L.MIDDLE.centerx - width // 2
        for item in everything:
            out.append((pygame.Rect(x, L.CHIPS_Y, L.CHIP, L.CHIP), item, namer.short(item[1])))
            x += L.CHIP + 10
        return out
    labels = []
    for item in items:
        if item[0] == "p":
            labels.append(namer.seat(item[1]))
        else:
            labels.append(" + ".join(namer.seat(s) for s in item[1]))
    widths = [min(300, fonts.get(theme.TEXT_SMALL, True).size(text)[0] + 32) for text in labels]
    total = sum(widths) + 10 * (len(widths) - 1)
    x = L.MIDDLE.centerx - total // 2
    for item, text, width in zip(items, labels, widths, strict=True):
        out.append((pygame.Rect(x, L.CHIPS_Y + 4, width, L.CHIP - 8), item, text))
        x += width + 10
    return out


def confirm_rect(scene: CazaTableScene) -> pygame.Rect | None:
    """The button of a move with nothing to pick (revealing reds, the Rewinder…)."""
    aim = scene.aim
    if aim is None or aim.step is not None or scene.timeline.busy:
        return None
    return pygame.Rect(L.MIDDLE.centerx - 190, L.CHIPS_Y, 380, L.CHIP)


def _chips(surface: pygame.Surface, scene: CazaTableScene) -> None:
    aim = scene.aim
    scene.chips = []
    scene.confirm_rect = confirm_rect(scene)
    if aim is None:
        return
    if scene.confirm_rect is not None:
        rect = scene.confirm_rect
        round_rect(surface, rect.move(0, 4), theme.SHADE, 14, 120)
        round_rect(surface, rect, theme.ACCENT, 14)
        text_key = "cazabombas.confirm.reveal" if aim.mode.name == M.REVEAL else \
            "cazabombas.confirm.use"
        label = scene.namer.t(text_key, key=scene.t("key.enter"))
        draw_text(surface, label, rect.center, theme.TEXT_BODY,
                  theme.INK_DARK, bold=True, anchor="center", max_width=rect.width - 20)
        return
    chosen = set(aim.current_picks())
    focused = aim.focused()
    glow = _glow(scene)
    for rect, item, text in chip_layout(scene):
        scene.chips.append((rect, item))
        picked = item in chosen
        lit = item == focused
        if item[0] == "v":
            body, ink = value_body(item[1])
            centre = rect.center
            r = rect.width // 2
            if lit or picked:
                gfx.circle(surface, theme.FOCUS if picked else theme.ACCENT, centre,
                           r + 5 + (0 if picked else round(2 * glow)), 4)
            gfx.circle(surface, theme.SHADE, (centre[0] + 2, centre[1] + 3), r)
            gfx.circle(surface, body, centre, r)
            gfx.circle(surface, theme.mix(body, (0, 0, 0), 0.5), centre, r, 2)
            draw_text(surface, text, centre, theme.TEXT_LARGE, ink, bold=True, anchor="center",
                      max_width=rect.width - 6)
        else:
            round_rect(surface, rect, theme.ACCENT if lit else theme.BUTTON, 12)
            round_rect(surface, rect, theme.ACCENT, 12, 255, 2)
            draw_text(surface, text, rect.center, theme.TEXT_SMALL,
                      theme.INK_DARK if lit else theme.INK, bold=True, anchor="center",
                      max_width=rect.width - 16)


def _news(surface: pygame.Surface, scene: CazaTableScene) -> None:
    lines = news_lines(scene.namer, scene.news_items(), 2, scene.you())
    middle = L.MIDDLE
    y = L.NEWS_Y
    # rows a line apart at any text size (21 at 100 %); two while they fit the band, else
    # the newest event alone (its two rows if it needs them)
    step = fonts.get(theme.TEXT_MIN).get_linesize()
    most = 2 if y + 2 * step <= middle.bottom else 1
    rows: list[tuple[str, int]] = []
    for age, line in enumerate(reversed(lines)):
        wrapped = wrap_text(line, theme.TEXT_MIN, middle.width - 20)
        if (rows and len(rows) + len(wrapped) > most) or len(wrapped) > 2:
            break
        rows[:0] = [(row, age) for row in wrapped]
    for k, (row, age) in enumerate(rows):
        draw_text(surface, row, (middle.centerx, y + k * step), theme.TEXT_MIN,
                  theme.INK if age == 0 else theme.INK_DIM, anchor="midtop",
                  max_width=middle.width - 10)


def explained_card(scene: CazaTableScene) -> int | None:
    """The equipment card to explain now: the one under the pointer, else the one the
    person is using (chosen with E, Tab or a click)."""
    numbers = {eq.number for eq in scene.shown.equipment}
    if scene.explained in numbers:
        return scene.explained
    aim = scene.aim
    if aim is not None and aim.mode.card in numbers and not scene.timeline.busy:
        return aim.mode.card
    return None


def card_line(namer: Namer, number: int) -> str:
    """"General Radar — Name a number: …": a card's name and its effect (a dash, as the
    effects may hold a colon of their own)."""
    return namer.t("cazabombas.explain.card", card=namer.card(number),
                   effect=namer.effect(number))


def explain_lines(scene: CazaTableScene, number: int) -> tuple[list[str], str | None]:
    """An equipment card in words, wrapped to the middle band: its name and effect, and
    whether (or when) it can be used, when that fits too (else ``None``)."""
    namer = scene.namer
    width = L.MIDDLE.width - 28
    lines = wrap_text(card_line(namer, number), theme.TEXT_MIN, width,
                      True)  # measured bold, as drawn (else a full line is narrowed)
    eq = next(eq for eq in scene.shown.equipment if eq.number == number)
    if eq.used:
        status = namer.t("cazabombas.explain.used")
    elif not eq.unlocked:
        status = namer.t("cazabombas.explain.unlock", total=W.UNLOCK_CUTS, n=number)
    elif scene.aim is not None and scene.aim.mode.card == number:
        status = namer.t("cazabombas.explain.now")
    else:
        status = namer.t("cazabombas.explain.ready")
    return lines[:EXPLAIN_LINES], status if len(lines) < EXPLAIN_LINES else None


def _explain(surface: pygame.Surface, scene: CazaTableScene) -> bool:
    """The effect of the card pointed at (or in use), where the news goes; ``False`` when no
    card is to be explained (the news is shown)."""
    number = explained_card(scene)
    if number is None:
        return False
    said, status = explain_lines(scene, number)
    lines = [*said, status] if status is not None else said
    height = len(lines) * explain_line() + 8
    box = pygame.Rect(L.MIDDLE.left + 6, L.MINE_TOP - 3 - height, L.MIDDLE.width - 12, height)
    round_rect(surface, box, (66, 60, 40), 10, 235)
    round_rect(surface, box, GOLD, 10, 255, 2)
    for k, line in enumerate(lines):
        effect = k < len(said)
        draw_text(surface, line, (box.centerx, box.top + 4 + k * explain_line()), theme.TEXT_MIN,
                  theme.INK if effect else GOLD, bold=effect, anchor="midtop",
                  max_width=box.width - 12)
    rect = scene.card_rows.get(number)
    if rect is not None:  # which card it is: a line from its row to the words
        gfx.line(surface, GOLD, (rect.left - 2, rect.centery), (box.right, box.centery), 2)
    return True


def help_lines(scene: CazaTableScene, key: str) -> list[str]:
    """A way to act in words (what it does, and for the Double Detector that it is each
    player's own, once per mission, not equipment), wrapped to the middle band."""
    said = f"cazabombas.help.{key}"
    if key == M.DETECTOR and scene.shown.detectors_used[scene.home] and scene.mine_face_up:
        said = "cazabombas.help.detector_used"
    return wrap_text(scene.t(said), theme.TEXT_MIN, L.MIDDLE.width - 28)


def _help(surface: pygame.Surface, scene: CazaTableScene) -> bool:
    """The way to act under the pointer (its button, a rack's Double Detector), explained
    where the news goes, as an equipment card is; ``False`` when there is none."""
    key = scene.explained_help
    if key is None:
        return False
    lines = help_lines(scene, key)
    height = len(lines) * explain_line() + 8
    box = pygame.Rect(L.MIDDLE.left + 6, L.MINE_TOP - 6 - height, L.MIDDLE.width - 12, height)
    round_rect(surface, box, (40, 56, 70), 10, 240)
    round_rect(surface, box, theme.FOCUS, 10, 255, 2)
    for k, line in enumerate(lines):
        draw_text(surface, line, (box.centerx, box.top + 4 + k * explain_line()), theme.TEXT_MIN,
                  theme.INK, bold=k == 0, anchor="midtop", max_width=box.width - 12)
    return True


# --- the board -----------------------------------------------------------------------------------


def card_rows(view: CazaView) -> dict[int, pygame.Rect]:
    """Where each equipment card of the mission is on the board."""
    top = CARDS_TOP + (TWO_LINES - 10 if two_colour_lines(view) else 0)
    # rows closer together when they would run past the board (five cards under two lines)
    pitch = min(CARD_ROW, (L.BOARD.bottom - top) // max(1, len(view.equipment)))
    return {eq.number: pygame.Rect(L.BOARD.left, top + k * pitch, L.BOARD.width, pitch - 2)
            for k, eq in enumerate(view.equipment)}


def cut_counts(view: CazaView) -> list[int]:
    """Per blue number (index 1–12): how many of its wires lie cut on the table."""
    cut = [0] * (W.BLUE_MAX + 1)
    for stand in view.stands:
        for wire in stand:
            if wire.cut and wire.key is not None and W.is_blue(wire.key):
                cut[wire.key // 10] += 1
    return cut


def cut_colours(view: CazaView) -> frozenset[int]:
    """The yellow wires that lie cut on the table (review 5: their values on the board never
    changed when they were cut). Not red: a red cut ends the mission, and the reds a player
    reveals at the end lie down without being cut."""
    return frozenset(wire.key for stand in view.stands for wire in stand
                     if wire.cut and wire.key is not None and W.is_yellow(wire.key))


def number_marks(view: CazaView) -> list[tuple[int, pygame.Rect]]:
    """The board's row of blue numbers in play: each number and where its mark is."""
    board = L.BOARD
    numbers = [n for n in range(1, W.BLUE_MAX + 1) if view.blue_counts[n]]
    step = min(VALID_STEP, board.width // max(1, len(numbers)))
    x = board.left + (board.width - step * len(numbers)) // 2
    return [(n, pygame.Rect(x + k * step, VALID_TOP, step - 3, VALID_H))
            for k, n in enumerate(numbers)]


def _board(surface: pygame.Surface, scene: CazaTableScene) -> None:
    view = scene.shown
    board = L.BOARD
    round_rect(surface, board.inflate(8, 4), PANEL, 12, 170)
    # the validated numbers
    cut = cut_counts(view)
    for n, rect in number_marks(view):
        validated_mark(surface, rect, n, n in view.validated, cut[n], view.blue_counts[n])
    # yellow and red values in play ("?" and "2 of 3" when only some of them are in the bomb)
    lines = _colour_lines(scene, view)
    y = COLOURS_TOP + 13 if len(lines) < 2 else COLOURS_TOP + 2
    scene.colour_spots = []
    for line, spans in lines:
        w, h = line.get_size()
        if w > board.width:
            # many values: narrowed to the board (the letters keep their height), then smaller
            squeeze = max(MIN_SQUEEZE, board.width / w)
            shown = gfx.smoothscale(line, (board.width, h * min(1.0, board.width / (w * squeeze))))
        else:
            shown = line
        at = shown.get_rect(midleft=(board.left, y))
        surface.blit(shown, at)
        scale = shown.get_width() / max(1, w)
        for key, x0, x1 in spans:  # each colour's words and values: pointed at, explained
            scene.colour_spots.append((key, pygame.Rect(at.left + round(x0 * scale), at.top,
                                                        round((x1 - x0) * scale), at.height)))
        y += TWO_LINES
    if not lines:
        draw_text(surface, scene.t("cazabombas.board.blue_only"), (board.centerx, y),
                  theme.TEXT_MIN, theme.INK_DIM, anchor="center", max_width=board.width - 8)
    # the equipment
    rows = card_rows(view)
    scene.card_rows = rows
    if not view.equipment:
        draw_text(surface, scene.t("cazabombas.board.no_equipment"),
                  (board.centerx, CARDS_TOP + 12), theme.TEXT_MIN, theme.INK_DIM,
                  anchor="midtop", max_width=board.width - 8)
        # the Double Detector is each player's own, not equipment: said, so "no equipment"
        # and every rack's "Double Detector ready" do not read as a contradiction
        for k, words in enumerate(wrap_text(scene.t("cazabombas.board.own_detector"),
                                            theme.TEXT_MIN, board.width - 16)[:2]):
            draw_text(surface, words, (board.centerx, CARDS_TOP + 40 + k * explain_line()),
                      theme.TEXT_MIN, theme.INK_DIM, anchor="midtop",
                      max_width=board.width - 8)
        return
    for eq in view.equipment:
        _card(surface, scene, eq.number, eq.unlocked, eq.used, rows[eq.number], cut)
    below = max(rect.bottom for rect in rows.values())
    if board.bottom - below >= HINT_ROOM and not scene.match.is_over():
        # few cards (a small table): the room under them says how to learn what they do
        hint, width = scene.t("cazabombas.board.hint"), board.width - 8
        hint_rows = [hint] if fonts.get(theme.TEXT_MIN).size(hint)[0] * 0.9 <= width \
            else wrap_text(hint, theme.TEXT_MIN, width)  # (a bigger text size: two lines)
        step = fonts.get(theme.TEXT_MIN).get_linesize()
        if below + 10 + len(hint_rows) * step <= board.bottom:  # (else none: it is a help)
            for k, hint_row in enumerate(hint_rows):
                draw_text(surface, hint_row, (board.centerx, below + 10 + k * step),
                          theme.TEXT_MIN, theme.INK_DIM, anchor="midtop", max_width=width)


def two_colour_lines(view: CazaView) -> bool:
    """Yellow and red each get a line of their own when both are in play and either is an
    "X of Y" draw: the "?" values and their "2 of 3" would not fit on one line."""
    return bool(view.yellow_board) and bool(view.red_board) and \
        (view.yellow_uncertain or view.red_uncertain)


Spans = list[tuple[str, int, int]]
"""Where each colour stands on a line of the board: (``yellow`` or ``red``, left, right)."""


def _colour_lines(scene: CazaTableScene, view: CazaView) -> list[tuple[gfx.Canvas, Spans]]:
    """"Yellow 2.1? 5.1? 9.1? 2 of 3  Red 3.5", each strip its own width: one line, or one a
    colour (:func:`two_colour_lines`); none when no colour is in play. With each line, where
    each colour stands on it (pointing there says the values in words)."""
    groups = [(keys, count, uncertain, name) for keys, count, uncertain, name in (
        (view.yellow_board, view.yellow_count, view.yellow_uncertain, "yellow"),
        (view.red_board, view.red_count, view.red_uncertain, "red")) if keys]
    if not groups:
        return []
    split = two_colour_lines(view)
    cut = cut_colours(view)
    lines: list[tuple[gfx.Canvas, Spans]] = []
    spans: Spans = []
    tall = strip_height()
    strip = gfx.Canvas((L.BOARD.width * 3, tall), pygame.SRCALPHA)
    x, y = 4, tall // 2
    for k, (board_keys, count, uncertain, key) in enumerate(groups):
        start = x
        name = draw_text(strip, scene.t(f"cazabombas.board.{key}"), (x, y), theme.TEXT_MIN,
                         theme.INK_DIM, bold=True, anchor="midleft",
                         max_width=fonts.scaled(90))  # its word grows with the text size
        x = name.right + 6
        for wire_key in board_keys:
            label = f"{W.sort_value(wire_key):g}" + ("?" if uncertain else "")
            body, ink = value_body(class_of(wire_key))
            done = wire_key in cut  # cut: dimmed and struck through, as the numbers are ticked
            if done:
                body = theme.mix(body, PANEL, 0.55)
            text = fonts.render(label, theme.TEXT_MIN, ink, True)
            chip = text.get_rect(midleft=(x, y)).inflate(10, 4)
            gfx.rect(strip, body, chip, border_radius=6)
            strip.blit(text, text.get_rect(center=chip.center))
            if done:
                gfx.line(strip, ink, (chip.left + 3, chip.centery + 1),
                         (chip.right - 3, chip.centery + 1), 2)
            x = chip.right + 5
        if uncertain:
            some = draw_text(strip, scene.t("cazabombas.board.x_of_y", x=count,
                                            y=len(board_keys)),
                             (x + 3, y), theme.TEXT_MIN, theme.INK, bold=True,
                             anchor="midleft")
            x = some.right + 5
        spans.append((key, start - 4, x))
        x += 10
        if split or k == len(groups) - 1:
            lines.append((_cut_strip(strip, x - 10), spans))
            strip = gfx.Canvas((L.BOARD.width * 3, tall), pygame.SRCALPHA)
            spans = []
            x = 4
    return lines


def colour_words(namer: Namer, view: CazaView, key: str) -> list[str]:
    """The yellow or red values of the board in words: which are in the bomb ("Yellow wires
    in the bomb: 2.1 and 6.1", or "2 of these … nobody knows which") and what the ".1" of a
    yellow (the ".5" of a red) means: only where the wire stands on a rack, between two
    numbers; a yellow is cut by naming "yellow", a red one sets the bomb off (issue 20: the
    board's "Yellow 2.1 6.1" meant nothing to a newcomer)."""
    keys, count, uncertain = (view.yellow_board, view.yellow_count, view.yellow_uncertain) \
        if key == "yellow" else (view.red_board, view.red_count, view.red_uncertain)
    values = [f"{W.sort_value(wire):g}" for wire in keys]
    if not values:
        return []
    listed = values[0] if len(values) == 1 else namer.t(
        "results.and", a=", ".join(values[:-1]), b=values[-1])
    which = namer.t(f"cazabombas.explain.{key}_of", n=count, values=listed) if uncertain \
        else namer.t(f"cazabombas.explain.{key}", values=listed)
    low = int(W.sort_value(keys[0]))
    sort = namer.t(f"cazabombas.explain.{key}_sort", value=values[0], low=low, high=low + 1)
    return [which, sort]


COLOUR_TIP_LINE = 21
COLOUR_TIP_W = 500
"""The lines of a colour's explanation under the board's values, and its width."""


def _colour_tip(surface: pygame.Surface, scene: CazaTableScene) -> None:
    """The colour pointed at on the board, in words, right under its values (over the
    equipment's rows while the pointer stays there)."""
    key = scene.explained_colour
    spot = next((rect for name, rect in scene.colour_spots if name == key), None)
    if key is None or spot is None:
        return
    board = L.BOARD
    box = pygame.Rect(0, spot.bottom + 4, COLOUR_TIP_W, 0)
    box.right = board.right  # over the middle's news too: wide enough for four short lines
    width = box.width - 16
    lines: list[tuple[str, int]] = []
    for k, said in enumerate(colour_words(scene.namer, scene.shown, key)):
        lines += [(line, k) for line in wrap_text(said, theme.TEXT_MIN, width, k == 0)]
    box.height = len(lines) * COLOUR_TIP_LINE + 12
    round_rect(surface, box.move(0, 4), theme.SHADE, 10, 120)
    round_rect(surface, box, (66, 60, 40), 10, 245)
    round_rect(surface, box, GOLD, 10, 255, 2)
    for row, (line, k) in enumerate(lines):
        draw_text(surface, line, (box.left + 8, box.top + 6 + row * COLOUR_TIP_LINE),
                  theme.TEXT_MIN, theme.INK if k == 0 else GOLD, bold=k == 0,
                  max_width=width)


def strip_height() -> int:
    """A colour line's height: 30 at 100 %, growing with the text size (its chips hold a
    value at ``TEXT_MIN``)."""
    return 30 + fonts.grown(theme.TEXT_MIN)


def _cut_strip(strip: gfx.Canvas, width: int) -> gfx.Canvas:
    line = gfx.Canvas((width, strip_height()), pygame.SRCALPHA, strip.scale)
    line.fill((0, 0, 0, 0))
    line.blit(strip, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)  # an exact copy of its left
    return line


def _card(surface: pygame.Surface, scene: CazaTableScene, number: int, unlocked: bool,
          used: bool, rect: pygame.Rect, cut: list[int]) -> None:
    usable = scene.mode(f"card{number}") is not None
    active = scene.aim is not None and scene.aim.mode.card == number
    glow = scene.stage.cards.get(number)
    body = (66, 60, 40) if unlocked and not used else (40, 44, 54)
    if glow is not None and glow.started:
        round_rect(surface, rect.inflate(8, 6), theme.ACCENT, 10,
                   round(200 * (1 - glow.t)))
    round_rect(surface, rect, body, 8)
    pointed = scene.explained == number
    edge = GOLD if pointed else theme.ACCENT if usable or active else theme.PANEL_EDGE
    round_rect(surface, rect, edge, 8, 255, 3 if active or pointed else 2 if usable else 1)
    badge = (rect.left + 16, rect.centery)
    gfx.circle(surface, GOLD if unlocked and not used else (110, 114, 124), badge, 12)
    draw_text(surface, str(number), badge, theme.TEXT_MIN, theme.INK_DARK, bold=True,
              anchor="center")
    if used:
        status, color = scene.t("cazabombas.card.used"), theme.INK_DISABLED
    elif usable:
        status, color = scene.t("cazabombas.card.use"), theme.ACCENT
    elif unlocked:
        status, color = scene.t("cazabombas.card.ready"), SAFE
    else:
        status = scene.t("cazabombas.card.locked", n=min(cut[number] if number < len(cut)
                                                          else 0, W.UNLOCK_CUTS),
                         total=W.UNLOCK_CUTS)
        color = theme.INK_DIM
    name = scene.namer.card(number)
    bold = fonts.get(theme.TEXT_MIN, unlocked and not used)
    if not unlocked and bold.size(status)[0] + fonts.get(theme.TEXT_MIN, usable).size(name)[0] \
            * NARROW > rect.width - 50:  # a bigger text size: "0/2" says it, the name whole
        status = f"{min(cut[number] if number < len(cut) else 0, W.UNLOCK_CUTS)}/" \
                 f"{W.UNLOCK_CUTS}"
    stat = draw_text(surface, status, (rect.right - 8, rect.centery), theme.TEXT_MIN, color,
                     bold=unlocked and not used, anchor="midright", max_width=fonts.scaled(120))
    ink = theme.INK if not used else theme.INK_DISABLED
    draw_text(surface, name, (rect.left + 34, rect.centery),
              theme.TEXT_MIN, ink, bold=usable, anchor="midleft",
              max_width=stat.left - rect.left - 42)


# --- the end and what flies ------------------------------------------------------------------


def _end(surface: pygame.Surface, scene: CazaTableScene) -> None:
    """The mission over: the title, then (lost) what lost it, the mistakes and how far the
    team got (a win has its banner and lines: ``_victory``); the buttons sit under them,
    clear of the racks."""
    view = scene.shown
    middle = L.MIDDLE
    if not view.won and scene.lesson_lost():
        # a lesson is never lost bluntly: who slipped is said kindly (issue 20's review)
        draw_text(surface, lesson_end_line(scene), (middle.centerx, L.BANNER_Y + 4),
                  theme.TEXT_LARGE, theme.ACCENT, bold=True, anchor="midtop",
                  max_width=middle.width - 10)
    elif not view.won:
        lost = "cazabombas.banner.lost_red" if _lost_by_red(scene) else \
            "cazabombas.banner.lost_dial"
        draw_text(surface, scene.t(lost), (middle.centerx, L.BANNER_Y), theme.TEXT_HEADING,
                  theme.DANGER, bold=True, anchor="midtop", max_width=middle.width - 10)
    if not view.won:  # (a win's banner and lines are the victory's: ``_victory``)
        _summary(surface, scene)
    if scene.match.people:
        key = "cazabombas.end.next" if view.won else "cazabombas.end.retry"
        scene.again_button.text = scene.t(key)
        if fonts.text_factor != 1.0:
            end_buttons(scene.results_button, scene.again_button,
                        scene.t(f"{key}_short"))
    if fonts.text_factor != 1.0:
        end_buttons(scene.lesson_button, scene.real_button, None)


def end_buttons(left: Button, right: Button, short: str | None) -> None:
    """The two end buttons side by side in the row of ``END_RESULTS`` and ``END_AGAIN`` at
    a bigger text size, each as wide as its label needs (the fixed rects squeeze them), the
    right one's ``short`` wording ("Try again") when the long one leaves the left one too
    little. At 100 % the rects stay as they are."""
    row = L.END_RESULTS.union(L.END_AGAIN)
    room = row.width - 12
    if short is not None and left.needed_width() + right.needed_width() > room:
        right.text = short
    width = max(L.END_RESULTS.width, min(left.needed_width(), room - right.needed_width()))
    width = min(width, room - 120)
    left.rect = pygame.Rect(row.left, row.top, width, row.height)
    right.rect = pygame.Rect(left.rect.right + 12, row.top, row.right - left.rect.right - 12,
                             row.height)


def lesson_end_line(scene: CazaTableScene) -> str:
    """A lost lesson's title: "You did it right — the team slipped this time" when a
    teammate's cut lost it, a kind word on learning when the person's did."""
    culprit = scene.lost_by()
    key = "cazabombas.end.lesson_yours" if culprit == scene.home else \
        "cazabombas.end.lesson_team"
    return scene.t(key)


WIN_SIZE = 56
"""The size of "Bomb defused!": the win's banner, as big a moment as the loss's "BOOM!"."""
WIN_LINE_Y = L.BANNER_Y + 76
WIN_STEP = 23
"""The team's line under the banner (two at most), then, the mission over, how much was
cut."""


def won_team_line(scene: CazaTableScene) -> str:
    """"The whole team cut every wire: Player 1, Crafty 2 and Crafty 3": a win is the
    team's."""
    names = [scene.namer.seat(seat) for seat in range(scene.match.config.seat_count)]
    listed = names[0] if len(names) == 1 else scene.t(
        "results.and", a=", ".join(names[:-1]), b=names[-1])
    return scene.t("cazabombas.end.won_team", names=listed)


def victory_shown(scene: CazaTableScene) -> float:
    """How far the win's moment is on screen (0 → 1): it comes in as the case opens (at
    once with reduced motion) and stays."""
    tween = scene.stage.case
    if tween is None or not tween.started or tween.done:
        return 1.0 if scene.shown.won else 0.0
    if scene.app.motion.reduced:
        return 1.0
    return min(1.0, max(0.0, (tween.progress - 0.1) / 0.35))


def _victory(surface: pygame.Surface, scene: CazaTableScene) -> None:
    """The mission won, the team's big moment (the review found the win a green line and a
    small briefcase, the loss a flash, "BOOM!" and a summary): every rack glows green around
    its wires, a banner "Bomb defused!" at the top of the middle over the opening case, then
    (the case open) the team's names and how much it cut under it, the story's confetti over
    all. With reduced motion the glow stands still and the
    banner is there at once: nothing pulses or flashes."""
    shown = victory_shown(scene)
    if shown <= 0:
        return
    reduced = scene.app.motion.reduced
    breath = 1.0 if reduced else 0.8 + 0.2 * math.sin(scene.clock * 2.0)
    for rack in scene.layout.racks.values():
        round_rect(surface, rack.rect.inflate(10, 10), SAFE, 18, round(90 * breath * shown), 6)
        round_rect(surface, rack.rect.inflate(2, 2), SAFE, 15, round(230 * shown), 3)
    middle = L.MIDDLE
    title = fit_line(scene.t("cazabombas.story.won"), WIN_SIZE, middle.width - 40, SAFE, True)
    panel = title.get_rect(midtop=(middle.centerx, L.BANNER_Y)).inflate(40, 10)
    round_rect(surface, panel, theme.BG_DEEP, 16, round(215 * shown))
    round_rect(surface, panel, SAFE, 16, round(255 * shown), 3)
    before = title.get_alpha()
    title.set_alpha(round(255 * shown))
    surface.blit(title, title.get_rect(center=panel.center))
    title.set_alpha(before)
    if not (scene.match.is_over() and not scene.timeline.busy):
        return  # while the case opens under the banner, the case is the news
    y = WIN_LINE_Y
    for line in wrap_text(won_team_line(scene), theme.TEXT_SMALL, middle.width - 20, True)[:2]:
        draw_text(surface, line, (middle.centerx, y), theme.TEXT_SMALL, theme.INK, bold=True,
                  anchor="midtop", max_width=middle.width - 10)
        y += WIN_STEP
    total = sum(1 for stand in scene.shown.stands for w in stand  # (not the reds left)
                if w.cut and not (w.key is not None and W.is_red(w.key)))
    draw_text(surface, scene.t("cazabombas.end.won_progress", total=total),
              (middle.centerx, y + 2), theme.TEXT_SMALL, theme.INK_DIM, anchor="midtop",
              max_width=middle.width - 10)


def summary_rows(cause: bool) -> tuple[pygame.Rect, list[int], pygame.Rect]:
    """A lost mission's summary panel: (the panel, the top of each line of words, the
    progress bar), in the middle band between the title and the buttons (never on a rack)."""
    lines = 2 if cause else 1
    panel = pygame.Rect(L.MIDDLE.left + 8, L.END_LINES_Y - 6, L.MIDDLE.width - 16,
                        (lines + 1) * END_LINE + END_BAR + 14)
    tops = [L.END_LINES_Y + k * END_LINE for k in range(lines)]
    bar = pygame.Rect(panel.left + 14, tops[-1] + 2 * END_LINE + 2, panel.width - 28, END_BAR)
    return panel, tops, bar


def progress_top(bar: pygame.Rect) -> int:
    """The top of the summary's "The team cut 18 of 24 wires (75 %)": its own row over the
    bar (written on the bar, the fill's edge ran through its words)."""
    return bar.top - END_LINE - 2


def _summary(surface: pygame.Surface, scene: CazaTableScene) -> None:
    """What lost it (in bold), the mistakes before it, "10 of 54 wires cut (19 %)" and a slim
    bar of it under those words (never under the bar's edge): every line at 20 px."""
    said = scene.summary()
    panel, tops, bar = summary_rows(bool(said.cause))
    round_rect(surface, panel, theme.BG_DEEP, 12, 200)
    round_rect(surface, panel, theme.DANGER, 12, 160, 2)
    size = theme.TEXT_SMALL
    rows = [(said.cause, theme.INK, True), (said.mistakes, theme.INK, False)] if said.cause \
        else [(said.mistakes, theme.INK, False)]
    for top, (line, ink, bold) in zip(tops, rows, strict=True):
        draw_text(surface, line, (panel.centerx, top), size, ink, bold=bold, anchor="midtop",
                  max_width=L.SUMMARY_W)
    gfx.rect(surface, TRAY, bar, border_radius=bar.height // 2)
    if said.cut:
        done = pygame.Rect(bar.left, bar.top,
                           max(bar.height, round(bar.width * said.cut / max(1, said.total))),
                           bar.height)
        gfx.rect(surface, END_BAR_FILL, done, border_radius=bar.height // 2)
    gfx.rect(surface, theme.PANEL_EDGE, bar, 1, border_radius=bar.height // 2)
    draw_text(surface, said.progress, (panel.centerx, progress_top(bar)), size, theme.INK,
              bold=True, anchor="midtop", max_width=L.SUMMARY_W)


def _scorch(surface: pygame.Surface) -> None:
    """After the blast: a scorch mark on the felt where the bomb went off."""
    cx, cy = L.BLAST_CENTRE
    for k, (dx, dy, r) in enumerate(((0, 0, 230), (-150, 20, 120), (160, -10, 140),
                                     (40, 60, 110), (-60, -60, 90))):
        round_rect(surface, pygame.Rect(round(cx + dx - r), round(cy + dy - r * 0.55),
                                        2 * r, round(1.1 * r)),
                   (8, 6, 6), round(r * 0.55), 40 + 8 * k)


def _blast(surface: pygame.Surface, scene: CazaTableScene) -> None:
    """The bomb going off across the table: a fireball grows out of the middle with a shock
    ring racing ahead of it, then burns down to smoke. With reduced motion nothing grows or
    races: the fireball stands at its full size and fades."""
    tween = scene.stage.blast
    if tween is None or not tween.started or tween.done:
        return
    t = tween.progress
    cx, cy = scene.stage.blast_at
    reduced = scene.app.motion.reduced
    grow = 1.0 if reduced else min(1.0, t / 0.35)
    fade = max(0.0, 1.0 - t) if reduced else max(0.0, 1.0 - max(0.0, t - 0.35) / 0.65)
    size = BLAST_R * (0.25 + 0.75 * grow)
    layer = gfx.Canvas(surface.get_size(), pygame.SRCALPHA, getattr(surface, "scale", None))
    for k, color in enumerate(((120, 30, 20), (220, 70, 30), (255, 150, 40), (255, 220, 120),
                               (255, 250, 230))):
        r = size * (1.0 - 0.18 * k)
        gfx.circle(layer, (*color, round(235 * fade)), (cx, cy), r)
        for spike in range(9):  # a ragged edge: tongues of flame
            angle = spike * 2 * math.pi / 9 + k * 0.35
            reach = r * (1.12 + 0.1 * math.sin(spike * 2.3 + k))
            gfx.circle(layer, (*color, round(235 * fade)),
                       (cx + math.cos(angle) * (reach - r * 0.3),
                        cy + math.sin(angle) * (reach - r * 0.3) * 0.7), r * 0.45)
    if not reduced:
        ring = BLAST_R * 2.4 * min(1.0, t / 0.6)
        gfx.circle(layer, (255, 240, 210, round(200 * max(0.0, 1.0 - t / 0.6))), (cx, cy),
                   ring, 6)
    surface.blit(layer, (0, 0))


def _lost_by_red(scene: CazaTableScene) -> bool:
    from game.rules.cazabombas import events as E

    return any(isinstance(item.event, E.Exploded) for item in scene.news_items()[-6:])


def _case(surface: pygame.Surface, scene: CazaTableScene, view: CazaView) -> None:
    tween = scene.stage.case
    if tween is not None and tween.started:
        opened = tween.progress
    elif view.won and not scene.timeline.busy:
        opened = 1.0
    else:
        return
    if scene.match.is_over() and not scene.timeline.busy:
        return  # the open case gives way to the win's banner and lines (``_victory``)
    # under the win's banner (``_victory``)
    case(surface, (L.MIDDLE.centerx, L.MIDDLE.centery + 50), 210, min(1.0, opened))


def _flights(surface: pygame.Surface, scene: CazaTableScene) -> None:
    for flight in scene.stage.flights:
        tween = flight.tween
        if not tween.started or tween.finished:
            continue
        p = tween.progress
        x = flight.start[0] + (flight.end[0] - flight.start[0]) * p
        y = flight.start[1] + (flight.end[1] - flight.start[1]) * p - 80 * 4 * p * (1 - p)
        image = tile_face(flight.key, flight.size, scene.namer.letters) \
            if flight.key is not None else tile_back(flight.size)
        surface.blit(image, image.get_rect(center=(round(x), round(y))))


def _floaters(surface: pygame.Surface, scene: CazaTableScene) -> None:
    for floater in scene.stage.floaters:
        t = floater.tween.t
        if not floater.tween.started or t <= 0:
            continue
        if floater.chip is not None:
            _chip_floater(surface, floater)
            continue
        x, y = floater.at
        # a big word ("BOOM!") keeps its height at a bigger text size: grown, it would
        # cover the news under it
        size = heading_size(floater.size) if floater.size else theme.TEXT_LARGE
        text = fit_line(floater.text, size, 320 if size == theme.TEXT_LARGE else L.MIDDLE.width,
                        floater.color, bold=True)
        before = text.get_alpha()
        text.set_alpha(round(255 * (1.0 - max(0.0, t - 0.6) / 0.4)))
        # over the tile it is about, drifting a little: rising above the tile it covered
        # the rack's name row ("Cra[Not 1]y 2 Captain", the review of issue 20)
        centre_y = max(text.get_height() // 2 + 6, round(y - 12 * t))
        back = text.get_rect(center=(round(x), centre_y)).inflate(16, 6)
        round_rect(surface, back, theme.BG_DEEP, 10, round(170 * (1.0 - max(0.0, t - 0.6) / 0.4)))
        surface.blit(text, text.get_rect(center=back.center))
        text.set_alpha(before)


def _chip_floater(surface: pygame.Surface, floater: Floater) -> None:
    """A miss's "Not 4" on an opaque chip over the wire, readable at a glance: large bold
    white on deep red, solid until its last moment, then quickly gone."""
    assert floater.chip is not None
    t = floater.tween.t
    alpha = 255 if t < 0.85 else round(255 * max(0.0, 1.0 - (t - 0.85) / 0.15))
    text = fit_line(floater.text, theme.TEXT_LARGE, 320, floater.color, bold=True)
    before = text.get_alpha()
    text.set_alpha(alpha)
    x, y = floater.at
    back = text.get_rect().inflate(24, 10)
    back.center = (round(x), max(back.height // 2 + 6, round(y - 8)))
    round_rect(surface, back.move(0, 3), theme.SHADE, 12, round(alpha * 0.6))
    round_rect(surface, back, floater.chip, 12, alpha)
    round_rect(surface, back, (255, 200, 190), 12, alpha, 2)
    surface.blit(text, text.get_rect(center=back.center))
    text.set_alpha(before)


def value_text(scene: CazaTableScene, value: Value) -> str:
    return scene.namer.value(value)
