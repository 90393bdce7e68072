"""Drawing the Die Bombe table: the felt, the round and the piles, the face-up cards, every
seat's panel (its red and green rows, the crown of a majority, minus points and score), the
revealed bids beside the seats, the banner, what the person decides (the bid entry, the
cards to take, the bomb's targets), the news (in the right side's spare slot at an odd seat
count) and the recent bids, or a round's outcome in whole lines, then everything in flight.

Only what may be seen is drawn: a sealed bid only for its own bidder while their view is on
screen (``scene.private_ok``), and the decision only while it is on screen.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.bots.diebombe.worth import CardWorth
from game.rules.diebombe import cards as C
from game.rules.diebombe.state import RoundRecord
from game.rules.diebombe.view import DieView
from game.ui import cards, fonts, gfx, theme
from game.ui.diebombe import layout as L
from game.ui.diebombe.bidpad import PAD
from game.ui.diebombe.history import chain_lines, fits, name_lines, recent_bids, seat_bids
from game.ui.diebombe.marks import (
    CHIP_SIZE,
    GOLD,
    colors,
    draw_chip,
    draw_crown,
    draw_envelope,
    draw_mini,
    draw_row_label,
    signed,
    wobble,
)
from game.ui.diebombe.news import names, news_lines, outcome_rows
from game.ui.diebombe.picker import BOMB, TAKE
from game.ui.diebombe.sheet import majority
from game.ui.diebombe.story import bomb_spot
from game.ui.draw import round_rect, vertical_gradient
from game.ui.pad import button_name
from game.ui.table.notice import draw_away_marks, draw_notice
from game.ui.text import draw_text, fit_line, wrap_text
from game.ui.tween import arc_point

if TYPE_CHECKING:
    from game.ui.diebombe.table import DieTableScene

FELT_TOP = (34, 62, 88)
FELT_BOTTOM = (12, 24, 40)
SILVER = (200, 210, 224)
LOSS = (255, 150, 130)
NEWS_W = 2 * (L.CENTRE_X - L.LEFT_X - L.PANEL_W - L.BUBBLE_OFF - L.BUBBLE_MOST - 4)
"""The news stays clear of the bid bubbles at both sides."""
ROW = 28
"""A round's line in the recent bids."""
BOARD_SEATS = 4
"""The recent bids' board fits beside the bubbles of up to four seats (more seats read their
recent bids on their panels, and everything in the history)."""
NEWS_ROW = 23
NEWS_GAP = 5
"""The news box's lines, and the gap between two events (each reads as one)."""
BOARD_FIRST = 86
"""The board's first column when the seats' names need the cards' room: the round and the
title over two lines."""
BOARD_BOTTOM = theme.SCREEN_H - 66
"""The board ends above the History button (at 100 % it ends at 642)."""
Bubbles = tuple[tuple[int | None, ...], tuple[int, ...], int | None]
"""(bids per seat, the highest seats, the second)."""


def paint_table(surface: pygame.Surface, scene: DieTableScene) -> None:
    surface.blit(vertical_gradient(surface.get_size(), FELT_TOP, FELT_BOTTOM), (0, 0))
    _top(surface, scene)
    _faceup(surface, scene)
    scene.crowns = []
    for seat in range(scene.shown.seats):
        _panel(surface, scene, seat)
    if scene.crowns and scene.crown_told is None:
        scene.crown_told = (scene._logged, scene.crowns[0][1], scene.clock)
    _news_box(surface, scene)
    _bubbles(surface, scene)
    _trajectory(surface, scene)
    if scene.sheet is None:
        _banner(surface, scene)
        _lower(surface, scene)
    scene.timeline.draw(surface)
    _floaters(surface, scene)
    scene.particles.draw(surface)
    if scene.sheet is not None:
        outcome = scene.match.outcome()
        scene.sheet.draw(surface, scene.shown, scene.namer, outcome.places)
    scene.controls.draw(surface)
    if scene.sheet is None:
        _crown_tip(surface, scene)
    if scene.show_code:
        draw_text(surface, f"{scene.t('newgame.code')}: {scene.match.code}", L.CODE_POS,
                  theme.TEXT_MIN, theme.INK_DIM, bold=True, anchor="bottomleft")
    scene.away_rects = draw_away_marks(surface, scene.away_seats(), scene.layout.seat_point,
                                       scene.t("network.away_mark"))
    scene.notice_rect = draw_notice(surface, scene.notice, scene.t)


# --- the top of the middle -----------------------------------------------------------------------


def _top(surface: pygame.Surface, scene: DieTableScene) -> None:
    view = scene.shown
    namer = scene.namer
    outcome = scene.outcome
    # under a round's outcome the next round's cards are still in the deck (not yet dealt)
    number = outcome.round if outcome is not None else view.round
    waiting = view.faceup if outcome is not None else ()
    deck_size = view.deck_size + len(waiting)
    title = namer.t("diebombe.round", n=number, total=C.ROUNDS)
    big = fonts.text_factor > 1.0
    # a bigger text size: the title keeps about its height (a heading already big), the
    # line under it follows it down, and the piles stand lower so their words end above
    # the face-up cards (the take's number caps, the outcome's box)
    head = draw_text(surface, title, (L.CENTRE_X, 14), top_heading(), theme.INK, bold=True,
                     anchor="midtop", max_width=300)
    bombs = sum(1 for card in (*view.unseen, *waiting) if card == C.BOMB)
    sub = (f"{namer.plural('diebombe.to_come', deck_size)} · "
           f"{namer.plural('diebombe.bombs_left', bombs)}")
    if big:  # the deck's count beside it says the rest
        sub = namer.plural("diebombe.bombs_left", bombs)
    draw_text(surface, sub, (L.CENTRE_X, max(50, head.bottom - 4) if big else 50),
              theme.TEXT_MIN, theme.INK_DIM, anchor="midtop", max_width=330)
    deck, pile = pile_rects()
    if deck_size:
        for k in range(min(3, deck_size)):
            back = cards.draw_back(deck.size)
            surface.blit(back, deck.move(-2 * k, -2 * k))
        draw_text(surface, str(deck_size), (deck.right + 8, deck.centery),
                  top_heading(), theme.INK, bold=True, anchor="midleft")
    out = len(view.set_aside)
    if out:
        gfx.rect(surface, (60, 54, 60), pile, border_radius=6)
        for k in range(min(4, out)):
            gfx.line(surface, (120, 110, 110), (pile.left + 6, pile.top + 12 + k * 12),
                     (pile.right - 6, min(pile.bottom - 6, pile.top + 8 + k * 13)), 3)
        gfx.rect(surface, (20, 18, 22), pile, 2, border_radius=6)
    else:
        gfx.rect(surface, theme.PANEL_EDGE, pile, 2, border_radius=6)
    count = draw_text(surface, str(out), (pile.left - 8, pile.top + 4 - (4 if big else 0)),
                      top_heading(), theme.INK, bold=True, anchor="topright")
    draw_text(surface, namer.t("diebombe.out"), (pile.right, pile.bottom + 4), theme.TEXT_MIN,
              theme.INK_DIM, anchor="topright", max_width=count.right - L.CENTRE_X + 60)


def top_heading() -> int:
    """The round's title and the piles' counts: ``TEXT_LARGE``, asked smaller at a bigger
    text size so they keep about their height (never below ``TEXT_BODY``)."""
    return max(theme.TEXT_BODY, fonts.unscaled(theme.TEXT_LARGE))


def pile_rects() -> tuple[pygame.Rect, pygame.Rect]:
    """The deck and the set-aside pile: ``L.DECK`` and ``L.SET_ASIDE`` at 100 %; shorter at
    a bigger text size, so the words under the set-aside pile end above the cards."""
    if fonts.text_factor == 1.0:
        return L.DECK, L.SET_ASIDE
    grow = fonts.get(theme.TEXT_MIN).get_linesize() - 21
    height = L.DECK.height - 18 - grow
    return (pygame.Rect(L.DECK.left, L.DECK.top, L.DECK.width * height // L.DECK.height,
                        height),
            pygame.Rect(L.SET_ASIDE.right - L.SET_ASIDE.width * height // L.SET_ASIDE.height,
                        L.SET_ASIDE.top, L.SET_ASIDE.width * height // L.SET_ASIDE.height,
                        height))


# --- the face-up cards ---------------------------------------------------------------------------


def _faceup(surface: pygame.Surface, scene: DieTableScene) -> None:
    view = scene.shown
    _waiting_bombs(surface, scene)
    picker = scene.picker
    count = len(view.faceup)
    glow = 0.5 + 0.5 * math.sin(scene.clock * 4)
    for index, card in enumerate(view.faceup):
        if index in scene.hidden_faceup:
            continue
        rect = L.faceup_rect(index, count)
        lit = False
        if picker is not None and picker.kind == TAKE:
            lit = any(pick.aim == rect for k, pick in enumerate(picker.picks)
                      if k == picker.lit)
            if lit:
                rect = rect.move(0, -14)
            ring = rect.inflate(16, 16)
            round_rect(surface, ring, theme.ACCENT, 18, round(90 + 120 * glow) if lit else 70)
            if lit:
                round_rect(surface, ring, theme.ACCENT, 18, 255, 4)
        cards.blit_card(surface, scene.face(card), rect.topleft, 14 if lit else 6)
        if picker is not None and picker.kind == TAKE:
            cap = pygame.Rect(0, 0, 34, 30)
            cap.center = (rect.right - 6, rect.top + 6)
            round_rect(surface, cap, theme.INK, 8)
            draw_text(surface, str(index + 1), cap.center, theme.TEXT_BODY, theme.INK_DARK,
                      bold=True, anchor="center")


def to_act_seats(view: DieView) -> set[int]:
    """The seats the view on screen waits for."""
    if view.phase in ("bid", "rebid"):
        return {s for s in view.bidders if not view.has_bid[s]}
    if view.phase == "take" and view.taker is not None:
        return {view.taker}
    if view.phase == "bomb" and view.bombers:
        return {view.bombers[0]}
    return set()


def _waiting_bombs(surface: pygame.Surface, scene: DieTableScene) -> None:
    """Bombs taken and not yet played wait in the middle, trembling."""
    bombers = scene.shown.bombers
    for index in range(scene.bombs_gone, len(bombers)):
        x, y = bomb_spot(len(bombers), index)
        shake = 0.0 if scene.app.motion.reduced else math.sin(scene.clock * 31 + index) * 2
        face = scene.face(C.BOMB)
        rect = face.get_rect(center=(round(x + shake), round(y)))
        round_rect(surface, rect.inflate(14, 14), theme.DANGER, 18,
                   round(90 + 60 * math.sin(scene.clock * 6)))
        cards.blit_card(surface, face, rect.topleft, 10)


# --- the seats -----------------------------------------------------------------------------------


def _panel(surface: pygame.Surface, scene: DieTableScene, seat: int) -> None:
    view = scene.shown
    namer = scene.namer
    match = scene.match
    rect = scene.layout.panel(seat)
    acting = to_act_seats(view) if not scene.timeline.busy else set()
    alone = view.phase in ("take", "bomb")
    to_act = seat in acting and alone
    mine = seat == scene.home and scene.private_ok and match.is_person(seat)
    face = theme.mix(theme.PANEL, theme.BG_DEEP, 0.25)
    winner = is_winner(scene, seat)
    if winner:  # the reveal's winner stays lit until the round is over
        glow = 0.5 + 0.5 * math.sin(scene.clock * 4)
        round_rect(surface, rect.inflate(14, 14), GOLD, 22, round(60 + 80 * glow))
    if to_act:
        glow = 0.5 + 0.5 * math.sin(scene.clock * 3.2)
        round_rect(surface, rect.inflate(12, 12), theme.ACCENT, 20, round(50 + 70 * glow))
    round_rect(surface, rect.move(0, 4), theme.SHADE, 16, 90)
    round_rect(surface, rect, face, 16, 240)
    edge = theme.ACCENT if to_act else GOLD if winner else theme.FOCUS if mine else \
        theme.PANEL_EDGE
    round_rect(surface, rect, edge, 16, 255, 3 if edge != theme.PANEL_EDGE else 2)
    x = rect.left + 12
    # header: name, score (the crowns sit on the piles they double)
    score = view.scores()[seat]
    score_text = draw_text(surface, signed(score), (rect.right - 12, rect.top + 4),
                           theme.TEXT_LARGE, GOLD, bold=True, anchor="topright")
    status = pygame.Rect(0, 0, 44, 30)
    status.midright = (score_text.left - 8, rect.top + 20)
    _status(surface, scene, seat, status.center)
    # the name may take the envelope's room while the seat has none to show (a bigger text
    # size squeezed "Jogador 1" beside its "You" tag)
    envelope = shows_status(scene, seat) or fonts.text_factor == 1.0
    name_w = (status.left if envelope else score_text.left) - x - 8
    you = match.people == (seat,)
    tag = fit_line(namer.t("seat.you"), theme.TEXT_MIN, fonts.scaled(70), theme.INK_DARK,
                   bold=True) if you else None
    if tag is not None:
        name_w -= tag.get_width() + 16
    name = draw_text(surface, namer.seat(seat), (x, rect.top + 8), theme.TEXT_BODY, theme.INK,
                     bold=True, max_width=name_w)
    cx = name.right + 6
    if tag is not None:
        pill = tag.get_rect(midleft=(cx + 6, name.centery)).inflate(12, 2)
        round_rect(surface, pill, theme.FOCUS, 9)
        surface.blit(tag, tag.get_rect(center=pill.center))
    # the line under it: minus points, recent bids, whose bid is sealed (lower by as much as
    # the name grew, so the two never cross at a bigger text size)
    sub_y = rect.top + L.NAME_H + 12 + fonts.grown(theme.TEXT_BODY) \
        + fonts.grown(theme.TEXT_MIN) // 2
    minus = draw_text(surface, namer.t("diebombe.minus", n=view.minus[seat]), (x, sub_y),
                      theme.TEXT_MIN, LOSS, bold=True, anchor="midleft",
                      max_width=fonts.scaled(120))
    right = rect.right - 12
    room_w = right - minus.right - 12
    bids = recent_bids(view, seat, 3)
    if mine and view.my_bid is not None and view.phase in ("bid", "rebid"):
        detail = namer.t("diebombe.your_sealed", n=view.my_bid)
        draw_text(surface, detail, (minus.right + 12, sub_y), theme.TEXT_MIN, theme.FOCUS,
                  bold=True, anchor="midleft", max_width=room_w)
    elif bids:
        text = namer.t("diebombe.recent", bids=" · ".join(map(str, bids)))
        while len(bids) > 1 and not fits(text, room_w):  # a bigger text size: the newest
            bids = bids[1:]
            text = namer.t("diebombe.recent", bids=" · ".join(map(str, bids)))
        draw_text(surface, text, (minus.right + 12, sub_y), theme.TEXT_MIN, theme.INK_DIM,
                  anchor="midleft", max_width=room_w)
    # the two rows
    for index, color in enumerate(C.COLORS):
        _row(surface, scene, seat, index, color)


def is_winner(scene: DieTableScene, seat: int) -> bool:
    """``seat`` bid highest alone in the reveal on screen, and every bid has turned over."""
    reveal = scene.reveal
    if reveal is None or not reveal.shown:
        return False
    return reveal.event.highest == (seat,)


def shows_status(scene: DieTableScene, seat: int) -> bool:
    """Whether ``seat``'s header shows an envelope (or a machine's dots) now."""
    view = scene.shown
    return view.phase in ("bid", "rebid") and seat in view.bidders and not scene.outcome


def _status(surface: pygame.Surface, scene: DieTableScene, seat: int,
            centre: tuple[int, int]) -> None:
    """A sealed envelope once the seat has bid; dots while a machine thinks."""
    view = scene.shown
    if not shows_status(scene, seat):
        return  # (under a round's outcome the next bidding has not begun)
    sealing = scene.sealing.get(seat)
    envelope = pygame.Rect(0, 0, 40, 28)
    envelope.center = centre
    if view.has_bid[seat] or sealing is not None:
        grow = sealing.progress if sealing is not None else 1.0
        if grow <= 0.01:
            return
        shown = envelope.inflate(round(envelope.width * (grow - 1)),
                                 round(envelope.height * (grow - 1)))
        draw_envelope(surface, shown)
        return
    match = scene.match
    choice = match.machine_choice()
    moving = scene.flow.awaiting_person is None and scene.flow.curtain_for is None
    if moving and choice is not None and choice[0] == seat and not scene.timeline.busy:
        dots = "•" * (1 + int(scene.clock * 3) % 3)
        draw_text(surface, dots, centre, theme.TEXT_BODY, theme.ACCENT, anchor="center")
    else:  # not sealed yet: the outline of an envelope
        gfx.rect(surface, theme.PANEL_EDGE, envelope, 2, border_radius=4)
        gfx.lines(surface, theme.PANEL_EDGE, False,
                  [(envelope.left + 3, envelope.top + 3), (envelope.centerx, envelope.centery + 2),
                   (envelope.right - 3, envelope.top + 3)], 2)


def _row(surface: pygame.Surface, scene: DieTableScene, seat: int, index: int,
         color: str) -> None:
    view = scene.shown
    namer = scene.namer
    won = [card for card in view.won[seat] if C.color_of(card) == color]
    total = sum(C.value_of(card) for card in won)
    label = draw_row_label(color, namer.letter(color), str(total), (L.label_w(), L.ROW_H))
    head = scene.layout.label_rect(seat, index)
    surface.blit(label, head)
    if doubles(view, seat, color):
        # the crown sits on the pile it doubles, never beside the name: there it read as
        # "leading" (issue 20); pointing at it says what it means (``_crown_tip``)
        crown = crown_rect(head)
        draw_crown(surface, crown, colors(color)[0], color)
        scene.crowns.append((crown.union(head), color))
    if not won:
        row = scene.layout.row(seat, index)
        empty = pygame.Rect(row.left + L.label_w() + 8, row.top + 4, CHIP_SIZE[0], row.height - 8)
        gfx.rect(surface, theme.PANEL_EDGE, empty, 2, border_radius=6)
        return
    for k, card in enumerate(won):
        if (seat, card) in scene.hidden_chips:
            continue
        rect = scene.layout.chip_rect(seat, index, k, len(won))
        surface.blit(draw_chip(card, namer.letter(color), rect.size), rect)
    picker = scene.picker
    if picker is not None and picker.kind == BOMB:
        _targets(surface, scene, seat, index)


def doubles(view: DieView, seat: int, color: str) -> bool:
    """``seat`` holds the most cards of ``color`` and that colour doubles (red always, green
    with the option): its pile wears the crown."""
    if color == C.GREEN and not view.green_doubles:
        return False
    return seat in majority(view, color)


def crown_rect(head: pygame.Rect) -> pygame.Rect:
    """The crown on a pile's label: astride its top right corner."""
    return pygame.Rect(head.right - 16, head.top - 9, 24, 19)


TIP_W = 340
"""The crown's explanation, wrapped to this width."""


CROWN_NOTICE = 7.0
"""The seconds the first crown of a game is explained beside it, unasked."""


def crown_notice(scene: DieTableScene) -> tuple[pygame.Rect, str] | None:
    """The first crown of the game, for ``CROWN_NOTICE`` seconds after it came: where it is
    and its colour (``None``: no notice now, or a table whose news box says it)."""
    told = scene.crown_told
    if told is None or scene.layout.spare is not None or scene.clock - told[2] > CROWN_NOTICE:
        return None
    return next(((area, color) for area, color in scene.crowns if color == told[1]), None)


def _crown_tip(surface: pygame.Surface, scene: DieTableScene) -> None:
    """What a crown means, while the pointer is on it (or on its pile's label): the most
    cards of that colour, whose sum counts double at the end; the first crown of a game
    says it unasked for a while, in one line."""
    pointer = scene.pointer
    spot = None if pointer is None else next(
        ((area, color) for area, color in scene.crowns
         if area.inflate(6, 6).collidepoint(pointer)), None)
    if spot is not None:
        area, color = spot
        lines = wrap_text(scene.namer.t(f"diebombe.crown_tip.{color}"), theme.TEXT_MIN,
                          fonts.scaled(TIP_W) - 20)
        box = pygame.Rect(0, 0, fonts.scaled(TIP_W), len(lines) * tip_line() + 12)
        box.midtop = (area.centerx, area.bottom + 8)
    else:
        notice = crown_notice(scene)
        if notice is None:
            return
        area, color = notice
        panel = next(rect for rect in scene.layout.panels().values()
                     if rect.colliderect(area))
        lines = list(news_wrap(scene.namer.t(f"diebombe.news.crown.{color}"),
                               panel.width - 28))
        box = pygame.Rect(0, 0, panel.width - 8, len(lines) * tip_line() + 12)
        box.midbottom = (panel.centerx, area.top)  # over the seat's name: never its rows
    box.clamp_ip(pygame.Rect(4, 4, theme.SCREEN_W - 8, theme.SCREEN_H - 8))
    round_rect(surface, box.move(0, 4), theme.SHADE, 10, 120)
    round_rect(surface, box, theme.BG_DEEP, 10, 245)
    round_rect(surface, box, GOLD, 10, 255, 2)
    for k, line in enumerate(lines):
        draw_text(surface, line, (box.left + 10, box.top + 6 + k * tip_line()), theme.TEXT_MIN,
                  theme.INK, max_width=box.width - 16)


def tip_line() -> int:
    """The crown's explanation: its lines 22 px apart at 100 %, a line apart at any size."""
    return 22 + fonts.get(theme.TEXT_MIN).get_linesize() - LINE_100


LINE_100 = 21
"""An 18 px line's height at 100 % (DejaVu Sans)."""


def _trajectory(surface: pygame.Surface, scene: DieTableScene) -> None:
    """The way the bomb would fly to the card it aims at: a dotted arc."""
    picker = scene.picker
    bombers = scene.shown.bombers
    if picker is None or picker.kind != BOMB or not picker.picks or not bombers:
        return
    start = bomb_spot(len(bombers), 0)
    end = picker.picks[picker.lit].aim.center
    phase = 0.0 if scene.app.motion.reduced else (scene.clock * 1.5) % 1.0
    for k in range(14):
        t = (k + phase) / 14
        x, y = arc_point(start, end, t, 140)
        gfx.circle(surface, theme.DANGER, (x, y), 4 if k % 2 else 3)


def _targets(surface: pygame.Surface, scene: DieTableScene, seat: int, index: int) -> None:
    """The bomb's choices on this row: every one outlined, the chosen one under a sight."""
    picker = scene.picker
    assert picker is not None
    row = scene.layout.row(seat, index)
    glow = 0.5 + 0.5 * math.sin(scene.clock * 5)
    for k, pick in enumerate(picker.picks):
        if pick.seat != seat or not row.colliderect(pick.area):
            continue
        lit = k == picker.lit
        round_rect(surface, pick.area.inflate(6, 6), theme.DANGER if lit else theme.ACCENT, 8,
                   255, 3 if lit else 2)
        if lit:
            centre = pick.aim.center
            r = round(22 + 4 * glow)
            gfx.circle(surface, theme.DANGER, centre, r, 3)
            cx, cy = centre
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                gfx.line(surface, theme.DANGER, (cx + dx * (r - 8), cy + dy * (r - 8)),
                         (cx + dx * (r + 8), cy + dy * (r + 8)), 3)


# --- the revealed bids ---------------------------------------------------------------------------


def bubbles_of(view: DieView) -> Bubbles | None:
    """The bids to show beside the seats when nothing moves: the reveal of the round in
    progress, or the last round's until the next bidding starts."""
    if view.phase == "take" and view.reveals:
        taker = view.taker
        return view.reveals[-1], ((taker,) if taker is not None else ()), view.second
    if view.phase == "rebid" and view.reveals:
        return view.reveals[-1], view.bidders, None
    if view.phase == "bomb" and view.history:
        record = view.history[-1]
        return record.reveals[-1], (record.taker,), record.second
    return None


def _bubbles(surface: pygame.Surface, scene: DieTableScene) -> None:
    reveal = scene.reveal
    if reveal is not None:
        ev = reveal.event
        found: Bubbles | None = (ev.bids, ev.highest, ev.second)
        shown, grow = reveal.shown, reveal.grow.progress
        drum = not reveal.drum.done
    else:
        view = scene.shown
        found = bubbles_of(view)
        if found is None and scene.outcome is not None and view.history:
            record = view.history[-1]  # the round whose outcome is on screen
            found = (record.reveals[-1], (record.taker,), record.second)
        shown, grow, drum = True, 1.0, False
    if found is None:
        return
    bids, highest, second = found
    tie = len(highest) > 1
    for seat, bid in enumerate(bids):
        if bid is None or seat >= scene.shown.seats:
            continue
        (cx, cy), most = bubble_spot(scene, seat)
        if most is not None:  # beside the bid entry: a small disc in the gap, no caption
            ring = theme.ACCENT if seat in highest and tie else theme.PANEL_EDGE
            gfx.circle(surface, theme.SHADE, (cx + 2, cy + 3), most)
            gfx.circle(surface, (252, 248, 236), (cx, cy), most)
            gfx.circle(surface, ring, (cx, cy), most, 3)
            draw_text(surface, str(bid), (cx, cy), theme.TEXT_MIN, theme.INK_DARK, bold=True,
                      anchor="center", max_width=2 * most - 6)
            continue
        if reveal is not None and not reveal.turned(seat):
            shake = wobble(scene.clock, seat) if drum and not scene.app.motion.reduced else 0.0
            envelope = pygame.Rect(0, 0, 50, 36)
            envelope.center = (cx + round(shake), cy)
            draw_envelope(surface, envelope, shake * 0.5)
            continue
        # who is highest is told once every bid has turned over (the last one is the top)
        top = seat in highest and shown
        second_here = seat == second and shown
        scale = 1.0 + (0.3 if tie else L.BUBBLE_GROW) * grow if top else \
            1.0 + L.SECOND_GROW * grow if second_here else 1.0
        flip = reveal.flips.get(seat) if reveal is not None else None
        if flip is not None and not scene.app.motion.reduced:
            scale *= 0.7 + 0.3 * min(1.0, max(0.0, (flip.t - 0.5) * 2))  # it pops up
        r = round(L.BUBBLE_R * scale)
        if top and not tie and grow > 0.99:
            lit = 0.5 + 0.5 * math.sin(scene.clock * 5)
            for k in range(2):  # within the gap to the middle's panels
                gfx.circle(surface, theme.mix(GOLD, FELT_TOP, 0.3 + 0.3 * k),
                           (cx, cy), r + 4 + 4 * k + round(lit), 3)
        ring = GOLD if top and not tie else theme.ACCENT if top else \
            SILVER if second_here else theme.PANEL_EDGE
        fill = (252, 248, 236) if top or second_here else (60, 68, 88)
        ink = theme.INK_DARK if top or second_here else theme.INK
        gfx.circle(surface, theme.SHADE, (cx + 2, cy + 4), r)
        gfx.circle(surface, fill, (cx, cy), r)
        gfx.circle(surface, ring, (cx, cy), r, 4 if top else 3)
        draw_text(surface, str(bid), (cx, cy), round(26 * scale), ink, bold=True,
                  anchor="center")
        key = "diebombe.bubble.tie" if top and tie else "diebombe.bubble.first" if top else \
            "diebombe.bubble.second" if second_here else ""
        if key:
            lines = caption_lines(scene, key)
            faces = [fit_line(line, theme.TEXT_MIN, L.CAPTION_W - 8, theme.INK_DARK,
                              bold=True) for line in lines]
            step = fonts.get(theme.TEXT_MIN, True).get_linesize() - 4
            cap = pygame.Rect(0, 0, max(face.get_width() for face in faces),
                              faces[0].get_height() + step * (len(faces) - 1))
            cap = cap.inflate(8, 2)
            cap.midtop = (cx, cy + r + 3)  # (the text's top at r + 4, as it was)
            round_rect(surface, cap, ring, 8)
            for k, face in enumerate(faces):
                surface.blit(face, face.get_rect(midtop=(cap.centerx, cap.top + 1 + k * step)))


def caption_lines(scene: DieTableScene, key: str) -> list[str]:
    """A bubble's caption ("2nd · free"): one line when it fits the caption's width (at
    100 % every one does); at a bigger text size a tie's short word, or two lines split at
    its " · " or its first space ("más" over "alta")."""
    text = scene.namer.t(key)
    width = L.CAPTION_W - 8
    if fits(text, width, True):
        return [text]
    if key == "diebombe.bubble.tie":
        return [scene.namer.t("diebombe.bubble.tie_short")]
    head, _, tail = text.partition(" · ") if " · " in text else text.partition(" ")
    return [head, tail] if tail else [text]


def bubble_spot(scene: DieTableScene, seat: int) -> tuple[tuple[int, int], int | None]:
    """Where ``seat``'s bid disc goes, and its radius when the bid entry is open over its
    usual place: the disc then stands smaller in the gap between the seat's panel and the
    entry (``None``: the usual disc). A tied bidder's disc used to be left out there, and a
    three-way tie showed two discs for three bidders (issue 20)."""
    cx, cy = scene.layout.bubble(seat)
    if scene.pad is None or not PAD.inflate(2 * L.BUBBLE_R, 2 * L.BUBBLE_R).collidepoint(
            cx, cy):
        return (cx, cy), None
    panel = scene.layout.panel(seat)
    if scene.layout.on_left(seat):
        left, right = panel.right, PAD.left
    else:
        left, right = PAD.right, panel.left
    gap = max(0, right - left)
    return ((left + right) // 2, cy), max(MIN_DISC, gap // 2 - 2)


MIN_DISC = 16
"""The smallest bid disc (beside the bid entry): two digits at the smallest text size."""


# --- the banner and what is below it -------------------------------------------------------------


def banner(scene: DieTableScene) -> tuple[str, str, bool]:
    """(the big line, the line under it, whether it is the person's to act)."""
    view = scene.shown
    namer = scene.namer
    match = scene.match
    reveal = scene.reveal
    if scene.outcome is not None:
        return "", "", False  # the outcome over the middle says it all
    if reveal is not None and reveal.shown:
        ev = reveal.event
        top = max((bid for bid in ev.bids if bid is not None), default=0)
        if len(ev.highest) > 1:
            return (namer.t("diebombe.banner.tie", amount=top),
                    namer.t("diebombe.banner.tie_sub", players=names(namer, ev.highest)), True)
        hint = namer.t("diebombe.banner.read_on", enter=namer.t("key.enter")) \
            if scene.reading else ""
        return (namer.t("diebombe.banner.highest", player=namer.seat(ev.highest[0]),
                        amount=top), hint, True)
    if reveal is not None:
        return namer.t("diebombe.banner.drumroll"), "", True
    deciding = scene.deciding()
    phase = view.phase
    if phase in ("bid", "rebid"):
        left = [s for s in view.bidders if not view.has_bid[s]]
        sealed = len(view.bidders) - len(left)
        sub = namer.t("diebombe.banner.sealed", n=sealed, total=len(view.bidders))
        if deciding is not None:
            if phase == "rebid":
                tie = max((bid for bid in view.reveals[-1] if bid is not None), default=0) \
                    if view.reveals else 0
                return (namer.t("diebombe.banner.your_rebid", amount=tie),
                        namer.t("diebombe.banner.rebid_rule"), True)
            return namer.t("diebombe.banner.your_bid"), namer.t("diebombe.banner.bid_rule"), True
        waiting = [s for s in left if namer.person_at(s)]
        if waiting and not scene.timeline.busy and match.machine_choice() is None:
            return namer.t("table.waiting", player=namer.seat(waiting[0])), sub, False
        key = "diebombe.banner.rebidding" if phase == "rebid" else "diebombe.banner.bidding"
        return namer.t(key), sub, False
    if phase == "take" and view.taker is not None:
        if deciding is not None:
            return (namer.t("diebombe.banner.your_take", amount=view.price or 0),
                    namer.t("diebombe.banner.take_keys", enter=namer.t("key.enter")), True)
        return namer.t("diebombe.banner.take", player=namer.seat(view.taker),
                       amount=view.price or 0), "", False
    if phase == "bomb" and view.bombers:
        if deciding is not None:
            key = "diebombe.banner.bomb_card_keys" if view.any_card_bombed else \
                "diebombe.banner.bomb_keys"
            return (namer.t("diebombe.banner.your_bomb"),
                    namer.t(key, enter=namer.t("key.enter")), True)
        return namer.t("diebombe.banner.bomb", player=namer.seat(view.bombers[0])), "", False
    return "", "", False


def room(scene: DieTableScene, top: int, bottom: int) -> int:
    """How wide a centred line between ``top`` and ``bottom`` may be: the whole middle, or
    the space between the bid bubbles when one of them is that high."""
    reveal = scene.reveal
    found = (reveal.event.bids, reveal.event.highest, reveal.event.second) \
        if reveal is not None else bubbles_of(scene.shown)
    width = L.MIDDLE.width - 20
    if found is None:
        return width
    bids, highest, second = found
    for seat, bid in enumerate(bids):
        if bid is None or seat >= scene.shown.seats:
            continue
        x, y = scene.layout.bubble(seat)
        lit = seat in highest or seat == second  # grown, with a caption under it
        r = L.BUBBLE_MOST if seat in highest else \
            round(L.BUBBLE_R * (1 + L.SECOND_GROW)) if lit else L.BUBBLE_R
        reach = max(r, L.CAPTION_W // 2) if lit else r
        low = y + r + (4 + L.CAPTION_H if lit else 0)
        if y - r - 6 < bottom and low + 4 > top:  # (its glow rings: a few more px)
            width = min(width, 2 * (abs(L.CENTRE_X - x) - reach - 6))
    return width


def _banner(surface: pygame.Surface, scene: DieTableScene) -> None:
    scene.banner_rect = None
    worths = scene.worths()
    if worths is not None:  # the deduction marks: the bid entry's title says the rest
        _worth_board(surface, scene, worths)
        return
    text, sub, hot = banner(scene)
    if not text:
        return
    # a heading already big keeps about its height at a bigger text size (the bid entry
    # under it does not move), never asked below TEXT_BODY
    size = max(theme.TEXT_BODY, fonts.unscaled(theme.TEXT_LARGE + 4 if hot else
                                               theme.TEXT_LARGE))
    width = room(scene, L.BANNER_Y, L.BANNER_Y + 60)
    if sub == scene.namer.t("diebombe.banner.bid_rule") and not fits(sub, width):
        sub = scene.namer.t("diebombe.banner.bid_rule_short")  # (a bigger text size)
    while not fits(sub, width) and ", " in sub:  # "…, or ← → and Enter": the keys go
        sub = sub.rsplit(", ", 1)[0]
    if not fits(text, width, True, size):  # a bigger text size: down to TEXT_BODY
        size = theme.TEXT_BODY
    if text == scene.namer.t("diebombe.banner.your_bomb") and not fits(text, width, True, size):
        text = scene.namer.t("diebombe.banner.your_bomb_short")  # (the same, shorter)
    text, sub = _shorter(scene, text, sub, width, size)
    rect = draw_text(surface, text, (L.CENTRE_X, L.BANNER_Y), size,
                     theme.ACCENT if hot else theme.INK, bold=True, anchor="midtop",
                     max_width=width)
    bottom = rect.bottom
    if sub:
        line = draw_text(surface, sub, (L.CENTRE_X, rect.bottom + 2), theme.TEXT_MIN,
                         theme.INK_DIM, anchor="midtop", max_width=width)
        bottom = line.bottom
    scene.banner_rect = rect.union(line) if sub else rect.copy()
    clock = scene.read_clock
    if clock is not None and scene.reading:  # the time the revealed bids stand, shrinking
        full = min(width, rect.width) - 20
        bar = pygame.Rect(0, 0, round(full * (1.0 - clock.progress)), 4)
        bar.midtop = (L.CENTRE_X, bottom + 4)
        if bar.width > 0:
            round_rect(surface, bar, GOLD, 2)


def _shorter(scene: DieTableScene, text: str, sub: str, width: int, size: int
             ) -> tuple[str, str]:
    """The banner's short wordings where the long ones would be squeezed (a bigger text size
    at three or five seats, where the middle is narrower): the same words, fewer of them."""
    namer, view = scene.namer, scene.shown
    if sub == namer.t("diebombe.banner.rebid_rule") and not fits(sub, width):
        sub = namer.t("diebombe.banner.rebid_rule_short")
    amount = view.price or 0
    if text == namer.t("diebombe.banner.your_take", amount=amount) \
            and not fits(text, width, True, size):
        text = namer.t("diebombe.banner.your_take_short", amount=amount)
    reveal = scene.reveal
    if reveal is not None and reveal.shown and len(reveal.event.highest) == 1 \
            and not fits(text, width, True, size):
        ev = reveal.event
        top = max((bid for bid in ev.bids if bid is not None), default=0)
        text = namer.t("diebombe.banner.highest_short", player=namer.seat(ev.highest[0]),
                       amount=top)
    return text, sub


WORTH_TOP = L.FACE_TOP + L.FACE_H + 4
"""The deduction marks' board: between the face-up cards and the bid entry, where the
banner goes (the bid entry's title says what the banner would)."""
WORTH_BOTTOM = PAD.top - 4
WORTH_ROW = 22
WORTH_MINI = 21
"""A card's line on the board, and the small card that starts it."""
WORTH_GAP = 14
"""Between two seats' values on a card's line."""
Piece = tuple[str, theme.Color, bool]


def worth_text(n: float) -> str:
    """A worth in whole points, always signed (+21, −3, +0)."""
    whole = round(n)
    return f"−{-whole}" if whole < 0 else f"+{whole}"


def worth_pieces(scene: DieTableScene, worth: CardWorth, width: int) -> list[Piece]:
    """A card's line of the board: its worth to the person, then to each rival who may win
    it now (every other seat; in a rebid the other tied bidders), in seat order; when those
    do not fit ``width``, the rival it is worth most to."""
    view = scene.shown
    namer = scene.namer
    me = view.seat
    rivals = [seat for seat in (view.bidders if view.phase == "rebid" else range(view.seats))
              if seat != me]
    mine: Piece = (namer.t("diebombe.marks.you", n=worth_text(worth.to(me))), theme.ACCENT,
                   True)
    every = [mine, *((namer.t("diebombe.marks.rival", player=namer.seat(seat),
                              n=worth_text(worth.to(seat))), theme.INK, False)
                     for seat in rivals)]
    if not rivals or pieces_width(every) <= width:
        return every
    top = max(rivals, key=worth.to)
    return [mine, (namer.t("diebombe.marks.top", player=namer.seat(top),
                           n=worth_text(worth.to(top))), theme.INK, False)]


def pieces_width(pieces: list[Piece]) -> int:
    return sum(fonts.get(theme.TEXT_MIN, bold).size(text)[0] for text, _c, bold in pieces) \
        + WORTH_GAP * max(0, len(pieces) - 1)


def _worth_board(surface: pygame.Surface, scene: DieTableScene,
                 worths: tuple[CardWorth, ...]) -> None:
    """The deduction marks on the bid entry (issue 25): under the face-up cards, a line per
    card (the card small, then what it adds to the expected final score of the person, lit,
    and of each rival), under a line saying what the numbers are."""
    namer = scene.namer
    top, bottom = WORTH_TOP, WORTH_BOTTOM
    width = room(scene, top, bottom)
    box = pygame.Rect(0, top, width, bottom - top)
    box.centerx = L.CENTRE_X
    round_rect(surface, box, theme.BG_DEEP, 12, 150)
    inner = width - 20
    title = draw_text(surface, namer.t("diebombe.marks.title"), (L.CENTRE_X, top + 1),
                      theme.TEXT_MIN, theme.INK_DIM, anchor="midtop", max_width=inner)
    y = title.bottom
    for worth in worths:
        mini = draw_mini(worth.card, namer.letter(C.color_of(worth.card)), WORTH_MINI)
        room_w = inner - mini.get_width() - 10
        pieces = worth_pieces(scene, worth, room_w)
        line_w = mini.get_width() + 10 + min(room_w, pieces_width(pieces))
        x = L.CENTRE_X - line_w // 2
        middle = y + WORTH_ROW // 2
        surface.blit(mini, mini.get_rect(midleft=(x, middle)))
        x += mini.get_width() + 10
        right = x + room_w
        for text, color, bold in pieces:
            drawn = draw_text(surface, text, (x, middle), theme.TEXT_MIN, color, bold=bold,
                              anchor="midleft", max_width=max(1, right - x))
            x = drawn.right + WORTH_GAP
        y += WORTH_ROW


LB, RB = pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER
SEAL = pygame.CONTROLLER_BUTTON_A


def _lower(surface: pygame.Surface, scene: DieTableScene) -> None:
    pad = scene.pad
    view = scene.shown
    namer = scene.namer
    if pad is not None:
        rebid = view.phase == "rebid"
        title = namer.t("diebombe.pad.rebid" if rebid else "diebombe.pad.title", round=view.round)
        score = view.scores()[scene.home]
        cost = namer.t("diebombe.pad.cost", n=pad.value)
        left = namer.t("diebombe.pad.left", score=signed(score), after=signed(score - pad.value))
        style = scene.app.pad_style
        if style is None:
            keys = namer.t("diebombe.pad.keys", enter=namer.t("key.enter"))
        else:  # a controller was used last: its own buttons
            keys = namer.t("diebombe.pad.buttons", lb=button_name(LB, style),
                           rb=button_name(RB, style), seal=button_name(SEAL, style))
        pad.draw(surface, title, cost, left, keys)
        return
    if scene.outcome is not None:
        _outcome(surface, scene)
        return
    lower = L.LOWER
    y = lower.top + 8
    board = view.seats <= BOARD_SEATS
    picker = scene.picker
    if picker is not None and picker.kind == TAKE:
        # the decision: who gets the card left (the board below has this round's bids)
        y = _other_card(surface, scene, y)
        if board:
            y = lower.bottom  # (the news would run into the board: it comes back after)
    grow = fonts.get(theme.TEXT_MIN).get_linesize() - LINE_100  # (0 at 100 %)
    step = 26 + grow
    # a bigger text size: two rows of news over the board (three left it no room)
    news_most = 2 if grow else 3
    if scene.layout.spare is None and y < lower.top + 60:  # (odd seat counts: own box)
        most = news_most if board else NEWS_MOST  # (no board: the news has its room)
        width = room(scene, y, y + step * most)
        for k, (row, age) in enumerate(news_rows(scene, width, most)):
            draw_text(surface, row, (L.CENTRE_X, y + k * step), theme.TEXT_MIN,
                      theme.INK if age == 0 else theme.INK_DIM, anchor="midtop",
                      max_width=width)
    if board:
        top = lower.top + 100
        if grow:  # under the news' rows, and under the bubbles' captions (two lines)
            captions = max(scene.layout.bubble(seat)[1] for seat in range(view.seats)) \
                + L.BUBBLE_MOST + 8 + 2 * fonts.get(theme.TEXT_MIN, True).get_linesize()
            top = max(lower.top + 8 + news_most * step + 6, captions)
        _recent(surface, scene, pygame.Rect(lower.left + 4, top, lower.width - 8, 0))


NEWS_MOST = 5
"""The news under the cards with no board of recent bids (six seats): this many rows, so a
reveal's bids fit with what came before."""
OTHER_ROW = 25
"""The lines saying where the card left goes, at 20 px."""


def other_card_line(scene: DieTableScene) -> str | None:
    """Where the card the taker leaves goes: free to the second bidder, or out of the game
    (a tie for second, a rebid); ``None`` with a single card on the table."""
    view = scene.shown
    if view.phase != "take" or len(view.faceup) < 2:
        return None
    namer = scene.namer
    if view.second is None:
        return namer.t("diebombe.banner.other_out")
    return namer.t("diebombe.banner.other_free", player=namer.seat(view.second))


def _other_card(surface: pygame.Surface, scene: DieTableScene, y: int) -> int:
    """The line under the take's banner saying who gets the card left (what the choice
    gives away); where the next thing may go."""
    text = other_card_line(scene)
    if text is None:
        return y
    step = OTHER_ROW + fonts.get(theme.TEXT_SMALL).get_linesize() - 24  # a line apart
    width = room(scene, y, y + 2 * step)
    rows = news_wrap(text, width, theme.TEXT_SMALL)[:2]
    for k, row in enumerate(rows):
        draw_text(surface, row, (L.CENTRE_X, y + k * step), theme.TEXT_SMALL, theme.INK,
                  anchor="midtop", max_width=width)
    return y + len(rows) * step + 8


CLAUSE_ENDS = (":", ",", ";")
"""A line may end after a clause ("Nobody takes green 7:" over "it leaves the game.")."""
CLAUSE_SHARE = 2 / 3
"""A clause's end (else a word that is no little joining word) is where a line breaks when
the line is then at least this share of the longest that fits (else the line is filled)."""
WEAK_MOST = 3
"""A lower-case word of this many letters or fewer ("y", "and", "de", "el") leans on the next
one: a line rather ends before it."""


@lru_cache(maxsize=256)
def news_wrap(text: str, width: int, size: int = theme.TEXT_MIN) -> tuple[str, ...]:
    """``text`` wrapped to ``width``, each line filled as far as the room goes ("Player 2
    takes red 9" over "and pays 7.": lines balanced to half the box read as wrapped with
    room to spare), broken after a clause when that comes late enough in the line, never
    before a number (it stays with its word: "green 3", "pays 9"), and never leaving a last
    word alone on the last line (the word before goes with it)."""
    words = text.split()
    font = fonts.get(size)

    def fit(first: int, last: int) -> bool:
        return font.size(" ".join(words[first:last]))[0] <= width

    def allowed(cut: int) -> bool:
        return not words[cut].lstrip("(")[:1].isdigit()

    def weak(word: str) -> bool:
        return word.isalpha() and word.islower() and len(word) <= WEAK_MOST

    cuts: list[int] = []
    start = 0
    while start < len(words):
        end = start + 1
        while end < len(words) and fit(start, end + 1):
            end += 1
        if end < len(words):
            full = font.size(" ".join(words[start:end]))[0]
            good = [cut for cut in range(end, start, -1) if allowed(cut)]
            late = [cut for cut in good
                    if font.size(" ".join(words[start:cut]))[0] >= full * CLAUSE_SHARE]
            clause = next((cut for cut in late if words[cut - 1].endswith(CLAUSE_ENDS)),
                          None)
            strong = next((cut for cut in late if not weak(words[cut - 1])), None)
            end = clause if clause is not None else strong if strong is not None else \
                good[0] if good else end
        cuts.append(end)
        start = end
    if len(cuts) >= 2 and cuts[-1] - cuts[-2] == 1:  # a last word alone
        before = cuts[-3] if len(cuts) >= 3 else 0
        for cut in range(cuts[-2] - 1, before, -1):
            if allowed(cut) and not weak(words[cut - 1]) and fit(cut, len(words)):
                cuts[-2] = cut
                break
    lines: list[str] = []
    start = 0
    for cut in cuts:
        lines.append(" ".join(words[start:cut]))
        start = cut
    return tuple(lines)


fonts.on_text_size(news_wrap.cache_clear)  # it measured at the old size


def news_rows(scene: DieTableScene, width: int, most: int) -> list[tuple[str, int]]:
    """The table's latest public events wrapped to ``width``, at most ``most`` rows, oldest
    first, each with its age (0: the newest)."""
    viewer = scene.home if scene.private_ok else None
    start = max(0, scene._logged - 30)
    items = scene.match.feed_for(viewer, start)[: max(0, scene._logged - start)]
    lines = news_lines(scene.namer, items, most)
    told = scene.crown_told
    if told is not None and told[0] >= start:  # the first crown, said once where it came
        cut = told[0] - start
        crown = scene.namer.t(f"diebombe.news.crown.{told[1]}")
        lines = [*news_lines(scene.namer, items[:cut], most), crown,
                 *news_lines(scene.namer, items[cut:], most)][-most:]
    rows: list[tuple[str, int]] = []
    for age, line in enumerate(reversed(lines)):
        wrapped = news_wrap(line, width)
        if len(rows) + len(wrapped) > most:
            break
        rows[:0] = [(row, age) for row in wrapped]
    return rows


def _news_box(surface: pygame.Surface, scene: DieTableScene) -> None:
    """The news in the right side's spare slot (odd seat counts): the latest events, the
    newest at the bottom, in a calm box the size of a seat's panel."""
    box = scene.layout.spare
    if box is None:
        return
    round_rect(surface, box, theme.mix(theme.PANEL, theme.BG_DEEP, 0.6), 16, 170)
    round_rect(surface, box, theme.PANEL_EDGE, 16, 255, 2)
    title = draw_text(surface, scene.namer.t("diebombe.news_title"),
                      (box.left + 14, box.top + 10), theme.TEXT_SMALL, theme.INK_DIM,
                      bold=True, max_width=box.width - 28)
    top = title.bottom + 8
    most = (box.bottom - 10 - top) // NEWS_ROW
    rows = news_rows(scene, box.width - 28, most)

    def height(rows: list[tuple[str, int]]) -> int:
        ages = len({age for _row, age in rows})
        return len(rows) * NEWS_ROW + max(0, ages - 1) * NEWS_GAP

    while rows and top + height(rows) > box.bottom - 6:  # the oldest event goes, whole
        oldest = rows[0][1]
        rows = [(row, age) for row, age in rows if age != oldest]
    y = top
    for k, (row, age) in enumerate(rows):
        if k and age != rows[k - 1][1]:
            y += NEWS_GAP  # a gap between two events: each reads as one
        draw_text(surface, row, (box.left + 14, y), theme.TEXT_MIN,
                  theme.INK if age == 0 else theme.INK_DIM, max_width=box.width - 28)
        y += NEWS_ROW


def outcome_rect(rows: int | None = None) -> pygame.Rect:
    """The round's outcome: over the middle, where its two cards were, as tall as its title
    and ``rows`` lines need (the reviewer of issue 20 found a two-line outcome floating in
    a box for five); ``None``: the most it may take (the two cards' height)."""
    most = L.FACE_H + 10
    height = most if rows is None else min(
        most, OUTCOME_TOP + fonts.get(theme.TEXT_LARGE, True).get_height() + OUTCOME_GAP
        + rows * OUTCOME_STEP + OUTCOME_FOOT)
    box = pygame.Rect(0, 0, NEWS_W, height)
    box.midtop = (L.CENTRE_X, L.FACE_TOP - 6)
    return box


OUTCOME_INK = {"paid": GOLD, "free": theme.INK, "left": theme.INK_DIM, "bomb": LOSS,
               "rule": theme.ACCENT}
"""The outcome's lines: the paying bidder in gold, a bomb in red, the tie rule lit."""
OUTCOME_MINI = 30
"""The height of the small card before an outcome's line."""
OUTCOME_STEP = 40
"""An outcome's lines this far apart (closer when a round has many: a tie and two bombs)."""
OUTCOME_TOP = 10
OUTCOME_GAP = 6
OUTCOME_FOOT = 20
"""The outcome box's margins: over its title, between the title and the lines, under the
lines (where the time left shrinks)."""


def _outcome(surface: pygame.Surface, scene: DieTableScene) -> None:
    """A round's outcome as clean lines, one each, never wrapped (a wrapped sentence left
    the price alone on a line): what a tie did, who took which card (the card drawn small
    before the words) and for how much, the card nobody took, the bombs; with the time left
    as a shrinking bar unless it waits for the button. Each line takes the largest size at
    which it fits whole."""
    outcome = scene.outcome
    assert outcome is not None
    namer = scene.namer
    history = scene.shown.history
    record = history[-1] if history and history[-1].round == outcome.round else None
    rows = outcome_rows(namer, outcome.events, record)
    box = outcome_rect(len(rows))
    round_rect(surface, box.move(0, 5), theme.SHADE, 18, 110)
    round_rect(surface, box, theme.BG_DEEP, 18, 238)
    round_rect(surface, box, GOLD, 18, 255, 3)
    title = draw_text(surface, namer.t("diebombe.outcome.title", n=outcome.round),
                      (box.centerx, box.top + OUTCOME_TOP), theme.TEXT_LARGE, GOLD, bold=True,
                      anchor="midtop", max_width=box.width - 32)
    minis = [draw_mini(row.card, namer.letter(C.color_of(row.card)), OUTCOME_MINI)
             if row.card is not None else None for row in rows]
    width = box.width - 36
    room_h = box.bottom - OUTCOME_FOOT - (title.bottom + OUTCOME_GAP)
    step = min(OUTCOME_STEP, room_h // max(1, len(rows)))
    y = title.bottom + OUTCOME_GAP + max(0, (room_h - len(rows) * step) // 2)
    for row, mini in zip(rows, minis, strict=True):
        bold = row.kind in ("paid", "bomb")  # the price and the blows stand out
        room_w = width - (mini.get_width() + 10 if mini is not None else 0)
        text = row.text
        if row.short and not fits(text, room_w, bold, exact=True):
            text = row.short  # a bigger text size: the same said shorter
        size = next((trial for trial in (theme.TEXT_BODY, theme.TEXT_SMALL)
                     if fits(text, room_w, bold, trial, exact=True)), theme.TEXT_MIN)
        text_w = min(room_w, fonts.get(size, bold).size(text)[0])
        line_w = text_w + (mini.get_width() + 10 if mini is not None else 0)
        x = box.centerx - line_w // 2
        middle = y + step // 2
        if mini is not None:
            surface.blit(mini, mini.get_rect(midleft=(x, middle)))
            x += mini.get_width() + 10
        draw_text(surface, text, (x, middle), size, OUTCOME_INK[row.kind], bold=bold,
                  anchor="midleft", max_width=room_w)
        y += step
    if not outcome.waits:
        left = 1.0 - outcome.clock.progress
        bar = pygame.Rect(box.left + 24, box.bottom - 12, round((box.width - 48) * left), 5)
        if bar.width > 0:
            round_rect(surface, bar, GOLD, 3)


def _recent(surface: pygame.Surface, scene: DieTableScene, box: pygame.Rect) -> None:
    """The revealed bids of the last rounds, a column per seat (the gold one took first)
    inside ``box`` (its top and width; its height is the rounds'). A rebid's chain keeps one
    line ("12 → 15", or "12 ⋯ 20": the history has every bid); the rounds' cards give their
    room to the seats' names when those would be squeezed."""
    view = scene.shown
    namer = scene.namer
    records = list(view.history[-3:])
    now = current_record(view)
    if now is not None:  # this round's bids, revealed: the take's (or the rebid's) context
        records = [*view.history[-2:], now]
    if not records:
        return
    seats = view.seats
    top = box.top
    minis = [[draw_mini(card, namer.letter(C.color_of(card)), 26) for card in record.faceup]
             for record in records]
    label_w = 20 + max(fonts.get(theme.TEXT_MIN, True).size(
        namer.t("diebombe.round_short", n=record.round))[0] for record in records)
    """The round's label and a gap before the cards: room for "R10" and up (a fixed width
    had the cards cover the round's second digit)."""
    first_w = label_w + max(sum(chip.get_width() + 4 for chip in row) for row in minis) + 8
    title = [namer.t("diebombe.recent_title")]
    seat_names = [namer.seat(seat) for seat in range(seats)]
    grow = fonts.get(theme.TEXT_MIN).get_linesize() - LINE_100  # (0 at 100 %)
    step = 18 + grow
    """Two lines of a name or of the title, this far apart."""
    if not all(fits(name, (box.width - first_w - 12) // seats - 4) for name in seat_names):
        minis = [[] for _ in records]  # the names before the cards (the history has both)
        if grow:  # a bigger text size: the title over the names, the names the room
            first_w = label_w
        else:
            first_w = BOARD_FIRST
            title = name_lines(title[0], first_w - 14, bold=True)
    two = len(title) > 1 or first_w == label_w
    head = top + (10 + step if two else 16 + grow // 2)
    """The names' line (with the title's last line beside them)."""
    y = head + (12 if two else 16) + grow // 2
    row_h = ROW + grow
    while len(records) > 1 and y + row_h * len(records) + 6 > BOARD_BOTTOM:
        records, minis = records[1:], minis[1:]  # a bigger text size: the newest rounds
    box = pygame.Rect(box.left, top, box.width, y - top + row_h * len(records) + 6)
    round_rect(surface, box, theme.BG_DEEP, 14, 150)
    col_w = (box.width - first_w - 12) // seats
    x0 = box.left + first_w
    for k, line in enumerate(title):
        if first_w == label_w:  # (its own line, over the names)
            draw_text(surface, line, (box.left + 12, head - step), theme.TEXT_MIN,
                      theme.INK_DIM, bold=True, anchor="midleft", max_width=box.width - 24)
            break
        draw_text(surface, line, (box.left + 12, head - step * (len(title) - 1 - k)),
                  theme.TEXT_MIN, theme.INK_DIM, bold=True, anchor="midleft",
                  max_width=first_w - 14)
    for seat, name in enumerate(seat_names):
        lines = name_lines(name, col_w - 6) if two else [name]
        for k, line in enumerate(lines):  # (beside the title's two lines: no taller)
            draw_text(surface, line, (x0 + seat * col_w + col_w // 2,
                                      head - step * (len(lines) - 1 - k)),
                      theme.TEXT_MIN, theme.INK_DIM, anchor="center", max_width=col_w - 4)
    middle = 14 + grow // 2
    for record, row in zip(records, minis, strict=True):
        draw_text(surface, namer.t("diebombe.round_short", n=record.round),
                  (box.left + 12, y + middle), theme.TEXT_MIN,
                  theme.ACCENT if record is now else theme.INK, bold=record is now,
                  anchor="midleft")
        x = box.left + label_w
        for chip in row:
            surface.blit(chip, (x, y + 1 + grow // 2))
            x += chip.get_width() + 4
        for seat in range(seats):
            bids = seat_bids(record, seat)
            color = GOLD if seat == record.taker else SILVER if seat == record.second \
                else theme.INK_DIM
            bold = seat in (record.taker, record.second)
            size = theme.TEXT_MIN if len(bids) > 1 else theme.TEXT_SMALL
            for line in chain_lines(bids, col_w - 6, 1, bold):
                draw_text(surface, line, (x0 + seat * col_w + col_w // 2, y + middle), size,
                          color, bold=bold, anchor="center", max_width=col_w - 6)
        y += row_h


def current_record(view: DieView) -> RoundRecord | None:
    """The round in progress as a line of the recent bids, once its bids are revealed (the
    take, a rebid): its cards, every bid so far, the highest bidder (who takes: gold) and
    the second; ``None`` before the reveal."""
    if view.phase not in ("take", "rebid") or not view.reveals:
        return None
    taker = view.taker if view.phase == "take" and view.taker is not None else -1
    return RoundRecord(view.round, view.faceup, view.reveals, taker, "", view.price or 0,
                       view.second if view.phase == "take" else None, None)


def _floaters(surface: pygame.Surface, scene: DieTableScene) -> None:
    for floater in scene.floaters:
        t = floater.tween.t
        if t <= 0:
            continue
        x, y = floater.at
        text = fit_line(floater.text, theme.TEXT_LARGE, 200, floater.color, bold=True)
        before = text.get_alpha()
        text.set_alpha(round(255 * (1.0 - max(0.0, t - 0.6) / 0.4)))
        surface.blit(text, text.get_rect(center=(round(x), round(y - 40 * t))))
        text.set_alpha(before)
