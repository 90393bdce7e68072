"""Drawing the table scene: the felt, the seats, the middle, the log, whose turn it is, the
reaction window, the hand, the buttons, then everything in flight on top.

Only what may be seen is drawn: the hand and the clues come from the view the scene holds,
which is the public one whenever no person's private cards may be shown.
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING

import pygame

from game.ui import cards, fonts, gfx, theme
from game.ui.bombdeck import layout as L
from game.ui.bombdeck.badges import BadgeInfo, draw_badge
from game.ui.bombdeck.centre import draw_clues, draw_deck, draw_discard, draw_meter
from game.ui.bombdeck.log import draw_log, log_lines
from game.ui.draw import round_rect, vertical_gradient
from game.ui.icons import draw_icon
from game.ui.locale import plural
from game.ui.table.notice import draw_notice
from game.ui.text import draw_text

if TYPE_CHECKING:
    from game.ui.bombdeck.table import TableScene

FELT_TOP = (36, 96, 74)
FELT_BOTTOM = (14, 44, 36)
HOVER_SCALE = 1.12


def face_of(scene: TableScene, card: str, big: bool = False) -> pygame.Surface:
    namer = scene.namer
    if big:
        return cards.draw_card(card, namer.card(card), namer.effect(card),
                               cards.card_size(cards.HOVER_SCALE))
    return cards.draw_card(card, namer.card(card), "")


def paint_table(surface: pygame.Surface, scene: TableScene) -> None:
    surface.blit(vertical_gradient(surface.get_size(), FELT_TOP, FELT_BOTTOM), (0, 0))
    _badges(surface, scene)
    _middle(surface, scene)
    _log(surface, scene)
    _banner(surface, scene)
    _window(surface, scene)
    _waiting_bomb(surface, scene)
    scene.hand.draw(surface, lambda c, big: face_of(scene, c, big), scene.clock)
    _controls(surface, scene)
    _tooltip(surface, scene)
    scene.timeline.draw(surface, lambda c: face_of(scene, c))
    _stamps(surface, scene)
    scene.particles.draw(surface)
    if scene.panel is not None:
        scene.panel.draw(surface)
    draw_notice(surface, scene.notice, scene.t)  # over everything: the autosave's trouble


# --- seats ---------------------------------------------------------------------------------------

def _badges(surface: pygame.Surface, scene: TableScene) -> None:
    view = scene.shown
    namer = scene.namer
    match = scene.match
    react = view.phase == "react"
    count = len(view.seats)
    over = view.phase == "over"
    for seat, rect in scene.layout.badges().items():
        info = view.seats[seat]
        cards_held = scene.dealt.get(seat, 0) if scene.dealt is not None else info.cards
        current = seat == view.current and not over
        owes = ""
        if current and view.turns_owed > 1:
            owes = namer.plural("table.owes", view.turns_owed)
        out_text = ""
        if not info.alive and seat in view.out:
            place = count - view.out.index(seat)
            out_text = namer.t("table.out", nth=namer.ordinal(place))
        tag = ""
        if seat == scene.home and scene.private_ok:
            tag = namer.t("seat.you")
        key = str(seat + 1) if react and match.is_person(seat) and info.alive else ""
        deciding = view.giver if view.phase == "give" else view.current
        thinking = deciding == seat and not match.is_person(seat) and not over and not react
        dark = scene.dark[seat].x if seat in scene.dark else 0.0
        badge = BadgeInfo(namer.seat(seat), cards_held, info.alive, info.defuses_proven,
                          info.shield, current, owes, out_text, tag, key, thinking, dark)
        hover = react and scene._hover_badge == seat
        draw_badge(surface, rect, badge, scene.clock, hover=hover)


def _tooltip(surface: pygame.Surface, scene: TableScene) -> None:
    """The icons of the badge under the mouse, in words."""
    seat = scene.hover_seat
    if seat is None or scene.panel is not None:
        return
    rect = scene.layout.badges().get(seat)
    info = scene.shown.seats[seat]
    if rect is None or not info.alive:
        return
    lines = []
    if info.defuses_proven > 0:
        lines.append(("defuse", scene.namer.t("table.has_defuse")))
    if info.shield:
        lines.append(("shield", scene.namer.t("table.shield_up")))
    if not lines:
        return
    width = min(420, 60 + max(fonts.get(theme.TEXT_MIN).size(text)[0] for _c, text in lines))
    box = pygame.Rect(0, 0, width, 16 + 34 * len(lines))
    if rect.top > theme.SCREEN_H // 2:
        box.bottomleft = (rect.left, rect.top - 8)
    else:
        box.topleft = (rect.left, rect.bottom + 8)
    box.right = min(box.right, theme.SCREEN_W - 8)
    box.left = max(box.left, 8)
    round_rect(surface, box, theme.BG_DEEP, 12, 235)
    round_rect(surface, box, theme.PANEL_EDGE, 12, 255, 2)
    y = box.top + 8
    for card, text in lines:
        draw_icon(surface, card, (box.left + 10, y, 28, 28))
        draw_text(surface, text, (box.left + 46, y + 14), theme.TEXT_MIN, theme.INK,
                  anchor="midleft", max_width=width - 56)
        y += 34


# --- the middle ----------------------------------------------------------------------------------

def _meter_text(scene: TableScene) -> str:
    view = scene.shown
    namer = scene.namer
    bombs = namer.plural("table.danger_kittens" if namer.kitten else "table.danger_bombs",
                         view.bombs)
    deck = namer.plural("table.danger_cards", view.deck_size)
    if namer.ruleset == "clasico":
        return namer.t("table.danger_meter_short", bombs=bombs, cards=deck)
    return namer.t("table.danger_meter", bombs=bombs, cards=deck,
                   percent=round(100 * view.danger))


def _middle(surface: pygame.Surface, scene: TableScene) -> None:
    view = scene.shown
    namer = scene.namer
    draw_deck(surface, view.deck_size, namer.t("table.deck"))
    pile = view.discard
    if view.phase == "react" and view.pending is not None:
        pile = pile[: max(0, len(pile) - len(view.pending.cards) - view.pending.nopes)]
    draw_discard(surface, pile, lambda c: face_of(scene, c), namer.t("table.discard"))
    draw_meter(surface, namer.t("table.danger"), _meter_text(scene), view.danger)
    if scene.private_ok and view.clues:
        chips = [(card, namer.t("table.clue", nth=namer.ordinal(pos + 1), card=namer.card(card)))
                 for pos, card in view.clues]
        draw_clues(surface, namer.t("table.clues"), chips)


def _log(surface: pygame.Surface, scene: TableScene) -> None:
    viewer = scene.home if scene.private_ok else None
    start = max(0, scene._logged - 24)
    items = scene.match.feed_for(viewer, start)[: max(0, scene._logged - start)]
    lines = [text for text, _ev in log_lines(scene.namer, items, viewer)]
    draw_log(surface, L.LOG, scene.t("table.log"), lines)


def _banner(surface: pygame.Surface, scene: TableScene) -> None:
    view = scene.shown
    namer = scene.namer
    match = scene.match
    if scene.panel is not None or view.phase == "react":
        return
    if view.phase == "over":
        won = len(match.people) == 1 and view.current == match.people[0]
        text = namer.t("table.won_you") if won else \
            namer.t("log.game_over", player=namer.seat(view.current))
        sub, hot = "", True
    else:
        # from the view on screen: while cards fly it is still the turn they fly in
        seat = view.giver if view.phase == "give" and view.giver is not None else view.current
        person = match.is_person(seat)
        mine = seat == scene.home and scene.private_ok and person
        if mine and scene.timeline.busy:
            return  # your own action resolving: nothing to decide, nothing to shout
        if mine and view.phase == "play":
            text, sub, hot = namer.t("table.your_turn"), namer.t("table.hint_choose"), True
        elif person:
            text, sub, hot = namer.t("table.waiting", player=namer.seat(seat)), "", False
        else:
            text, sub, hot = namer.t("table.thinking", player=namer.seat(seat)), "", False
    if scene.flow.person_out():
        sub = namer.t("table.exploded_you")
    size = theme.TEXT_LARGE + 4 if hot else theme.TEXT_LARGE
    color = theme.ACCENT if hot else theme.INK
    rect = draw_text(surface, text, (L.BANNER_X, L.BANNER_Y), size, color, bold=True,
                     anchor="midtop", max_width=560)
    if sub:
        draw_text(surface, sub, (L.BANNER_X, rect.bottom + 4), theme.TEXT_MIN,
                  theme.INK_DIM, anchor="midtop", max_width=560)


# --- the reaction window -------------------------------------------------------------------------

def hover_spots(count: int, nopes: int) -> list[tuple[float, float, float]]:
    """(x, y, angle) of the cards of a play hovering over the pile, then of its nopes."""
    out = []
    for k in range(count):
        out.append((L.HOVER_SPOT[0] + (k - (count - 1) / 2) * 26, float(L.HOVER_SPOT[1]), 0.0))
    for n in range(1, nopes + 1):
        off = 10.0 * n
        out.append((L.HOVER_SPOT[0] + off, L.HOVER_SPOT[1] + off * 0.6, -6.0 + 4 * n))
    return out


def _ring(surface: pygame.Surface, rect: pygame.Rect, fraction: float, color: theme.Color
          ) -> None:
    """A countdown drawn along the edge of ``rect``, clockwise from the top middle."""
    x0, y0, w, h = rect
    perimeter = 2 * (w + h)
    pts: list[tuple[float, float]] = [(x0 + w / 2, y0), (x0 + w, y0), (x0 + w, y0 + h),
                                      (x0, y0 + h), (x0, y0), (x0 + w / 2, y0)]
    left = perimeter * max(0.0, min(1.0, fraction))
    path: list[tuple[float, float]] = [pts[0]]
    for a, b in itertools.pairwise(pts):
        seg = math.dist(a, b)
        if left <= 0:
            break
        if seg <= left:
            path.append(b)
            left -= seg
        else:
            t = left / seg
            path.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            left = 0
    gfx.rect(surface, (0, 0, 0), rect, 7, border_radius=14)
    if len(path) > 1:
        gfx.lines(surface, color, False, path, 7)


def _window(surface: pygame.Surface, scene: TableScene) -> None:
    view = scene.shown
    pending = view.pending
    if view.phase != "react" or pending is None:
        return
    spots = hover_spots(len(pending.cards), pending.nopes)
    faces = [*pending.cards, *(["nope"] * pending.nopes)]
    size = cards.card_size(HOVER_SCALE)
    for (x, y, angle), card in zip(spots, faces, strict=True):
        img = gfx.smoothscale(face_of(scene, card), size)
        if angle:
            img = gfx.rotozoom(img, angle, 1.0)
        cards.blit_card(surface, img, img.get_rect(center=(round(x), round(y))).topleft, 14)
    if scene.timeline.busy:
        return  # the window is not counting while a card lands or it closes
    flow = scene.flow
    total = flow.pace.window_seconds
    left = flow.window_left if flow.window_left is not None else total
    fraction = left / total if total > 0 else 0.0
    box = pygame.Rect(0, 0, size[0] + 20, size[1] + 20)
    box.center = (round(L.HOVER_SPOT[0]), round(L.HOVER_SPOT[1]))
    hurry = theme.mix(theme.ACCENT, theme.DANGER, 1.0 - fraction)
    _ring(surface, box, fraction, hurry)
    seconds = max(0, math.ceil(left))
    chip_text = scene.t("react.countdown", seconds=seconds)
    chip = draw_text(surface, chip_text, (L.BANNER_X, L.BANNER_Y), theme.TEXT_LARGE + 4,
                     hurry, bold=True, anchor="midtop", max_width=560)
    _nope_hint(surface, scene, (L.BANNER_X, chip.bottom + 4))


def _nope_hint(surface: pygame.Surface, scene: TableScene, pos: tuple[int, int]) -> None:
    match = scene.match
    alive = [p for p in match.people if scene.shown.seats[p].alive]
    if not alive:
        return
    if len(match.people) == 1:
        if "nope" not in scene.shown.hand:
            return
        lines = [scene.namer.t("react.press_key", key=str(alive[0] + 1))]
    else:
        lines = [scene.namer.t("react.press_key_seat", player=scene.namer.seat(p), key=str(p + 1))
                 for p in alive]
    y = pos[1]
    for line in lines[:4]:
        r = draw_text(surface, line, (pos[0], y), theme.TEXT_MIN, theme.INK, anchor="midtop",
                      max_width=560)
        y = r.bottom + 2


def _stamps(surface: pygame.Surface, scene: TableScene) -> None:
    for cancelled, tween in scene.stamps:
        t = tween.t
        alpha = round(255 * (1.0 - max(0.0, t - 0.5) * 2))
        size = round(70 + 40 * min(1.0, t * 3))
        mark = gfx.Canvas((size, size), pygame.SRCALPHA)
        if cancelled:
            color = (*theme.DANGER, alpha)
            gfx.line(mark, color, (8, 8), (size - 8, size - 8), 14)
            gfx.line(mark, color, (size - 8, 8), (8, size - 8), 14)
        else:
            color = (*theme.OK, alpha)
            gfx.lines(mark, color, False, [(8, size * 0.55), (size * 0.4, size - 10),
                                                   (size - 8, 10)], 14)
        surface.blit(mark, mark.get_rect(center=(round(L.HOVER_SPOT[0]),
                                                 round(L.HOVER_SPOT[1]))))


def _waiting_bomb(surface: pygame.Surface, scene: TableScene) -> None:
    """A drawn bomb waits in front of its seat while it is being hidden."""
    view = scene.shown
    if view.phase != "place_bomb" or scene.timeline.busy:
        return
    seat = view.current
    if seat == scene.home:
        x, y = float(L.HAND.centerx), float(L.HAND.top - 110)
    else:
        px, py = scene.layout.seat_point(seat)
        x, y = px, py + 150
    bob = 0.0 if scene.app.motion.reduced else math.sin(scene.clock * 5) * 3
    img = gfx.smoothscale(face_of(scene, "bomb"), cards.card_size(1.25))
    cards.blit_card(surface, img, img.get_rect(center=(round(x), round(y + bob))).topleft, 12)


# --- buttons and labels --------------------------------------------------------------------------

def _controls(surface: pygame.Surface, scene: TableScene) -> None:
    if scene.skip_button.visible:
        r = scene.ff_button.rect if scene.ff_button.visible else scene.skip_button.rect
        panel = pygame.Rect(r.left - 12, r.top - 52, r.width + 24,
                            scene.skip_button.rect.bottom - r.top + 64)
        round_rect(surface, panel, theme.BG_DEEP, 14, 170)
        draw_text(surface, scene.t("watch.offer"), (panel.centerx, panel.top + 12),
                  theme.TEXT_MIN, theme.INK, bold=True, anchor="midtop",
                  max_width=panel.width - 16)
    scene.controls.draw(surface)
    if scene.show_code:
        x, y = L.CODE_POS
        code = draw_text(surface, scene.match.code, (x, y), theme.TEXT_MIN, theme.INK_DIM,
                         bold=True, anchor="bottomright")
        draw_text(surface, scene.t("newgame.code"), (x, code.top - 2), theme.TEXT_MIN,
                  theme.INK_DIM, anchor="bottomright", max_width=L.DRAW.width)
    if not scene.private_ok and scene.match.people and scene.shown.phase != "over":
        count = scene.shown.seats[scene.home].cards
        label = plural(scene.app.loc, "table.cards_in_hand", count)
        draw_text(surface, label, (L.HAND.centerx, L.HAND.top - 28), theme.TEXT_MIN,
                  theme.INK_DIM, anchor="midbottom")
