"""Drawing the table scene: the felt, the seats, the middle, the log, whose turn it is, the
reaction window, the hand, the buttons, then everything in flight on top.

Only what may be seen is drawn: the hand and the clues come from the view the scene holds,
which is the public one whenever no person's private cards may be shown.

Everything up to the hand is a :class:`game.ui.draw.Part` with a key (what its pixels depend
on, or ``None`` when it moves with the time); the parts that did not change are kept drawn in a
layer between frames.
"""

from __future__ import annotations

import itertools
import math
import sys
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules.bombdeck.cards import RULESETS, Rules
from game.ui import cards, fonts, gfx, icons, theme
from game.ui import draw as draw_module
from game.ui import text as text_module
from game.ui.bombdeck import badges, centre, hand, palette
from game.ui.bombdeck import layout as L
from game.ui.bombdeck import log as log_module
from game.ui.bombdeck.badges import BadgeInfo, badge_still, draw_badge
from game.ui.bombdeck.centre import (
    DISCARD_SHOWN,
    draw_clues,
    draw_deck,
    draw_discard,
    draw_meter,
    draw_no_clues,
    meter_spill,
    resized,
    warm_pile,
)
from game.ui.bombdeck.face import fitting_title, hand_face
from game.ui.bombdeck.hand import SLIVER, paint_fan
from game.ui.bombdeck.log import draw_log, log_lines, ready_log
from game.ui.bombdeck.moments import draw_moment
from game.ui.draw import Layer, Part, round_rect, vertical_gradient
from game.ui.icons import draw_icon
from game.ui.locale import plural
from game.ui.table.notice import draw_away_marks, draw_notice
from game.ui.text import draw_paragraph, draw_text, fit_line, wrap_text

if TYPE_CHECKING:
    from game.ui.bombdeck.names import Namer
    from game.ui.bombdeck.table import TableScene

FELT_TOP = (36, 96, 74)
FELT_BOTTOM = (14, 44, 36)
HOVER_SCALE = 1.12
SAID_Y = 466
"""The top of the line about a choice made for the person (between the banner and the hand)."""
WARM_AFTER = 0.05
"""Seconds a reaction window has counted before the pile it will close on is made ready."""
BIG_FLIGHT = 1.5
"""A flying card this big is drawn from the large face (with its effect), not blown up."""


def face_of(scene: TableScene, card: str, big: bool = False, shown: int | None = None,
            effect: bool = False, titles: dict[str, str] | None = None) -> pygame.Surface:
    """A card's face at the table: lifted (``big``) it is larger and its effect is said in one
    line above the hand (``effect``: on the face itself, a drawn card held up); at rest it
    carries its effect in a few words (``face.py``); fanned under its neighbour, only
    ``shown`` pixels of it show, and its title fits there (tucked under one of its kind, a
    sliver of it: no title, the card over it names them)."""
    namer = scene.namer
    art = namer.art(card)
    if big:
        return cards.draw_card(art, namer.card(card), namer.effect(card) if effect else "",
                               cards.card_size(cards.HOVER_SCALE))
    name, short = namer.card(card), namer.short(card)
    title = None if shown is None else shown - 8
    if shown is not None and shown <= SLIVER:  # tucked under one of its kind: that one names it
        return hand_face(art, "", "", title_width=title)
    if titles is not None and card in titles:  # the hand's one name for its kind (the
        name = titles[card]                     # short form still, where a lift squeezes it)
    return hand_face(art, name, namer.line(card), title_width=title, short=short)


def hand_titles(scene: TableScene) -> dict[str, str]:
    """One title per kind of card in the hand (review 5: "Tijeras" beside "Cortacables", two
    names for one card in one hand): where one copy shows too little of itself for the name,
    every copy wears the form that copy can carry (the short form, or the cut one). Each
    copy measured as the fan draws it (a neighbour a lifted card leaves too little of keeps
    its resting face: ``HandFan.plan``)."""
    namer = scene.namer
    hand = scene.hand
    widths = hand.shown_widths()
    rest = hand.shown_widths(at_rest=True)
    out: dict[str, str] = {}
    for i, card in enumerate(hand.cards):
        shown, resting = widths.get(i), rest.get(i)
        if shown is not None and (resting is None or resting > shown) \
                and not named_in(scene, card, shown):
            shown = resting  # (None: whole at rest, as the fan draws it: ``HandFan.plan``)
        if shown is not None and shown <= SLIVER:
            continue
        name = namer.card(card)
        title = fitting_title(name, namer.short(card), cards.CARD_W,
                              None if shown is None else shown - 8)
        known = out.get(card)
        if known is None or _rank(title, name) > _rank(known, name) \
                or (_rank(title, name) == _rank(known, name) == 2 and len(title) < len(known)):
            out[card] = title
    return out


def _rank(title: str, name: str) -> int:
    """0: the name; 1: the short form; 2: a cut ("Emb.")."""
    return 0 if title == name else (2 if title.endswith(".") else 1)


def named_in(scene: TableScene, card: str, shown: int) -> bool:
    """Whether ``card``'s name or its short form fits whole in the ``shown`` part of its face
    (as :func:`face_of` lays it out)."""
    name, short = scene.namer.card(card), scene.namer.short(card)
    return fitting_title(name, short, cards.CARD_W, shown - 8) in (name, short)


def _faces_ahead(scene: TableScene) -> list[Callable[[], object]]:
    """The faces a table may need that are not drawn yet, the next one last: the rule set's
    every card as it rests (on the pile, in flight) and the nope flown big. Drawn the first
    time they were needed, they took 2–4 ms of a frame where cards fly (1080p)."""
    ahead: list[Callable[[], object]] = [
        partial(face_of, scene, card) for card in sorted(RULESETS[scene.namer.ruleset].cards,
                                                         reverse=True)]
    if "nope" in RULESETS[scene.namer.ruleset].cards:
        ahead.append(partial(face_of, scene, "nope", big=True, effect=True))
    return ahead


def warm_faces(scene: TableScene) -> None:
    """Draw one face ahead of need, in a frame where nothing moves (none in a busy one: the
    deal, a play landing). Once all are drawn this is one look-up a frame; a new language or
    window size draws them again."""
    if scene.timeline.busy or scene.moment is not None or scene.namer.ruleset not in RULESETS:
        return
    ahead = scene.namer.kept("faces ahead", gfx.scale(), partial(_faces_ahead, scene))
    if ahead:
        ahead.pop()()


def namer_back(scene: TableScene) -> pygame.Surface:
    """The rule set's card back (Clásico's: the kitten)."""
    return scene.namer.back()


def hand_gone(scene: TableScene) -> float:
    """0..1: how far your hand has faded away after your own explosion (1 once you are out
    and the table shows it)."""
    if scene.hand_gone is not None:
        return scene.hand_gone.x if scene.hand_gone.started else 0.0
    return 0.0


MAZO = Rules.MAZO.value
"""Bomba en el Mazo: its shield named on the badges, the eye in words, its clues' place."""
LAYERED = True
"""The felt and the parts drawn on it up to the hand (seats, middle, log, banner, the hand)
are kept in a layer between frames, all but those that move (``draw.Layer``: the same
pixels, a 1080p frame in a quarter of the time). Off: every part drawn every frame, the
tests' yardstick."""


def _hand(scene: TableScene) -> Part:
    """Your hand (fading away and sinking after your own explosion); it moves while a
    playable card's glow pulses."""
    gone = hand_gone(scene)
    if gone >= 1.0:
        return Part("hand", (), _nothing)
    sink = 0.0 if scene.app.motion.reduced else 70.0 * gone
    titles = hand_titles(scene) if scene.hand.faces else {}
    plan = scene.hand.plan(lambda c, big, shown: face_of(scene, c, big, shown, titles=titles),
                           alpha=1.0 - gone, sink=sink, back=namer_back(scene),
                           names=partial(named_in, scene))
    clock = scene.clock
    return Part("hand", None if plan.pulsing else plan, lambda s: paint_fan(s, plan, clock))


def _nothing(surface: pygame.Surface) -> None:
    """A part with nothing to draw now."""


def paint_table(surface: pygame.Surface, scene: TableScene) -> None:
    warm_faces(scene)
    felt = vertical_gradient(surface.get_size(), FELT_TOP, FELT_BOTTOM)
    lines = shown_log(scene)
    if not scene.timeline.busy:
        ready_log(L.LOG, lines)
    parts = [*_badges(scene), *_middle(scene), _log(scene, lines), _banner(scene), _said(scene),
             _window(scene), _waiting_bomb(scene), _hand(scene)]
    if LAYERED:
        drawn = _LAYER.paint(surface, felt, parts)
    else:
        surface.blit(felt, (0, 0))
        drawn = {part.name: part.draw(surface) for part in parts}
    clues = drawn.get("clues")
    if clues is not None:
        scene.clues_area = clues
    scene.banner_area = drawn.get("banner")
    _effect_line(surface, scene)
    _controls(surface, scene)
    _tooltip(surface, scene)
    scene.timeline.draw(surface, lambda c, scale: face_of(scene, c, big=scale >= BIG_FLIGHT,
                                                          effect=True), namer_back(scene))
    _stamps(surface, scene)
    scene.particles.draw(surface)
    if scene.moment is not None:
        draw_moment(surface, scene.moment, scene.t("moment.skip"), scene.app.motion.reduced,
                    scene.namer.art("bomb"))  # what went off: Clásico's is a kitten
    if scene.panel is not None:
        scene.panel.draw(surface)
    # over everything: the autosave's trouble, who is away
    scene.away_rects = draw_away_marks(surface, scene.away_seats(), scene.layout.seat_point,
                                       scene.t("network.away_mark"))
    scene.notice_rect = draw_notice(surface, scene.notice, scene.t)


# --- seats ---------------------------------------------------------------------------------------

def _badges(scene: TableScene) -> list[Part]:
    """The seats' badges; one that glows, thinks, is lit or is fading moves."""
    parts = []
    view = scene.shown
    namer = scene.namer
    react = view.phase == "react"
    over = view.phase == "over"
    for seat, rect in scene.layout.badges().items():
        info = view.seats[seat]
        cards_held = scene.dealt.get(seat, 0) if scene.dealt is not None else info.cards
        if seat == scene.home and scene.dealt is None:
            # the cards flying out of your hand are out of it already (the fan shows 4, the
            # badge said 5 until they landed: review 3)
            cards_held = max(0, cards_held - sum(scene.hand.leaving.values()))
        current = seat == view.current and not over
        owes = ""
        if current and view.turns_owed > 1:
            owes = namer.plural("table.owes", view.turns_owed)
        won = view.current if over and scene.held_end else None
        out_text = ""
        if not info.alive and seat in view.out:
            # the order it went out, the first one 1st: the results say the same ("Out 3rd")
            out_text = namer.t("table.out", nth=namer.ordinal(view.out.index(seat) + 1))
        tag = ""
        if seat == scene.home and scene.private_ok:
            tag = namer.t("seat.you")
        key = str(seat + 1) if react and nope_offered(scene, seat) else ""
        deciding = view.giver if view.phase == "give" else view.current
        thinking = ((deciding == seat and not namer.person_at(seat) and not over
                     and not react)
                    or scene.flow.thinking == seat)
        dark = scene.dark[seat].x if seat in scene.dark else 0.0
        held = view.hand.count("defuse") if seat == scene.home and scene.private_ok else None
        mazo = namer.ruleset == MAZO  # its own cards on the table: the shield by name,
        # the eye's count in words (issue 20: "nothing of its own on screen")
        badge = BadgeInfo(namer.seat(seat), cards_held, info.alive, info.defuses_proven,
                          info.shield, current, owes, out_text, tag, key, thinking, dark, held,
                          1.0 if won == seat else scene.lit(seat),
                          namer.card("shield") if mazo and info.shield else "",
                          known_words(namer, info.defuses_proven, held)
                          if mazo and held is not None else "",
                          won_text=namer.t("table.wins") if won == seat else "",
                          ink=palette.SEAT_INKS[seat % len(palette.SEAT_INKS)])
        hover = react and scene._hover_badge == seat
        draw = partial(_draw_badge, rect=rect, badge=badge, time=scene.clock, hover=hover)
        looks = (tuple(rect), badge, hover) if badge_still(badge) else None
        parts.append(Part(("badge", seat), looks, draw))
    return parts


def known_words(namer: Namer, seen: int, held: int) -> str:
    """Bomba en el Mazo's own badge: how many of your cutters the others have seen, out of
    those you hold ("1/2 seen", "none seen"; review 5: "they saw 0" needed the mouse)."""
    if seen <= 0:
        return namer.plural("mazo.known_none", held)
    return namer.t("mazo.known", n=seen, held=max(seen, held))


def _draw_badge(surface: pygame.Surface, *, rect: pygame.Rect, badge: BadgeInfo, time: float,
                hover: bool) -> None:
    draw_badge(surface, rect, badge, time, hover=hover)


def _tooltip(surface: pygame.Surface, scene: TableScene) -> None:
    """The icons of the badge under the mouse, in words."""
    seat = scene.hover_seat
    if seat is None or scene.panel is not None:
        return
    rect = scene.layout.badges().get(seat)
    if rect is None:
        return
    lines = tooltip_lines(scene, seat)
    if lines:
        _draw_tooltip(surface, tooltip_box(rect, lines, tooltip_avoids(scene)), lines)


def tooltip_avoids(scene: TableScene) -> list[pygame.Rect]:
    """What a badge's tooltip must not cover: the log and the banner (review 4: a hint over
    "Your turn" or the last plays hid what it was hovering to learn about)."""
    avoid = [L.LOG]
    if scene.banner_area is not None:
        avoid.append(scene.banner_area)
    return avoid


def tooltip_box(rect: pygame.Rect, lines: list[tuple[str, str]],
                avoid: list[pygame.Rect]) -> pygame.Rect:
    """Where the tooltip of the badge at ``rect`` goes: beside the badge on the side where it
    covers least of ``avoid`` (the screen's half the badge is not in first, then the sides),
    always whole on screen."""
    width = min(620, 60 + max(fonts.get(theme.TEXT_MIN).size(text)[0] for _c, text in lines))
    box = pygame.Rect(0, 0, width, 16 + 34 * len(lines))
    below, above = box.copy(), box.copy()
    below.topleft = (rect.left, rect.bottom + 8)
    above.bottomleft = (rect.left, rect.top - 8)
    right, left = box.copy(), box.copy()
    right.midleft = (rect.right + 8, rect.centery)
    left.midright = (rect.left - 8, rect.centery)
    first = [above, below] if rect.top > theme.SCREEN_H // 2 else [below, above]
    screen = pygame.Rect(8, 8, theme.SCREEN_W - 16, theme.SCREEN_H - 16)

    def covered(candidate: pygame.Rect) -> int:
        return sum(candidate.clip(other).width * candidate.clip(other).height
                   for other in avoid)

    candidates = [c.clamp(screen) for c in (*first, right, left)]
    return min(candidates, key=covered)  # the first of the least covering


def tooltip_lines(scene: TableScene, seat: int) -> list[tuple[str, str]]:
    """What the badge of ``seat`` says under the mouse: (icon, words) lines; none for a seat
    that is out."""
    info = scene.shown.seats[seat]
    if not info.alive:
        return []
    lines: list[tuple[str, str]] = []
    namer = scene.namer
    if scene.shown.phase == "react" and nope_offered(scene, seat):
        # the key on the badge, in words (review 2: the "1" was never explained)
        lines.append(("nope", namer.t("react.key_tip", key=str(seat + 1),
                                      card=namer.card("nope"))))
    if seat == scene.home and scene.private_ok:
        held = scene.shown.hand.count("defuse")
        if held:
            lines.append(("defuse", namer.t("table.you_hold", card=namer.card("defuse"),
                                            n=held)))
        if held or info.defuses_proven:
            lines.append(("eye", namer.t("table.others_see", n=info.defuses_proven,
                                         card=namer.card("defuse"))))
    elif info.defuses_proven > 0:
        lines.append(("defuse", scene.namer.t("table.has_defuse",
                                              card=scene.namer.card("defuse"))))
    if info.shield:
        lines.append(("shield", scene.namer.t("table.shield_up")))
    return lines


def _draw_tooltip(surface: pygame.Surface, box: pygame.Rect, lines: list[tuple[str, str]]
                  ) -> None:
    width = box.width
    round_rect(surface, box, theme.BG_DEEP, 12, palette.TIP_ALPHA)
    round_rect(surface, box, theme.PANEL_EDGE, 12, 255, 2)
    y = box.top + 8
    for card, text in lines:
        draw_icon(surface, card, (box.left + 10, y, 28, 28))
        draw_text(surface, text, (box.left + 46, y + 14), theme.TEXT_MIN, palette.INK,
                  anchor="midleft", max_width=width - 56)
        y += 34


# --- the middle ----------------------------------------------------------------------------------

def meter_texts(scene: TableScene) -> tuple[str, str]:
    """The meter's words: "3 bombs / 21 cards" and "14 %" (every rule set: the ratio is public
    at all times)."""
    namer = scene.namer
    bombs_left, cards_left, danger = meter_counts(scene)
    bombs = namer.plural("table.danger_kittens" if namer.kitten else "table.danger_bombs",
                         bombs_left)
    deck = namer.plural("table.danger_cards", cards_left)
    return (namer.t("table.danger_meter", bombs=bombs, cards=deck),
            namer.t("table.danger_percent", percent=round(100 * danger)))


def meter_counts(scene: TableScene) -> tuple[int, int, float]:
    """(bombs, cards, danger) the meter shows: the deck's, with a drawn bomb that is being
    hidden again counted in already (review 2: "0 bombs / 3 cards, 0 %" while it was going
    back into the deck; the count must not dip and come back when it lands)."""
    view = scene.shown
    if view.phase != "place_bomb":
        return view.bombs, view.deck_size, view.danger
    bombs, deck = view.bombs + 1, view.deck_size + 1
    return bombs, deck, bombs / deck


def _middle(scene: TableScene) -> list[Part]:
    """The deck, the discard pile, the meter and the clues (the clues' part returns the area
    they cover)."""
    view = scene.shown
    namer = scene.namer
    count, deck_label, back = view.deck_size, namer.t("table.deck"), namer.back()
    parts = [Part("deck", (count, deck_label, back),
                  lambda s: draw_deck(s, count, deck_label, back=back))]
    pile = view.discard
    if view.phase == "react" and view.pending is not None:
        pile = pile[: max(0, len(pile) - len(view.pending.cards) - view.pending.nopes)]
        left = scene.flow.window_left
        if not scene.timeline.busy and left is not None \
                and left < scene.flow.pace.window_seconds - WARM_AFTER:
            # while the window counts (not as it opens: it has its own to draw), the pile
            # the play will land on
            warm_pile(view.discard, lambda card: face_of(scene, card))
    faces = {card: face_of(scene, card) for card in set(pile[-DISCARD_SHOWN:])}
    shown = tuple(faces[card] for card in pile[-DISCARD_SHOWN:])
    pile_label = namer.t("table.discard")
    parts.append(Part("discard", (len(pile), shown, pile_label),
                      lambda s: draw_discard(s, pile, faces.__getitem__, pile_label)))
    title, (counts, percent) = namer.t("table.danger"), meter_texts(scene)
    danger = meter_counts(scene)[2]
    icon = namer.art("bomb")
    parts.append(Part("meter", (title, counts, percent, danger, icon),
                      lambda s: draw_meter(s, title, counts, percent, danger, icon=icon)))
    spill = meter_spill(counts)  # (the counts under the meter at a bigger text size)
    mine = scene.private_ok and view.seats[scene.home].alive  # out: no clues to read
    if mine and view.clues:
        chips = tuple((namer.art(card), namer.t("table.clue", nth=namer.ordinal(pos + 1),
                                                card=namer.card(card)))
                      for pos, card in view.clues)
        clues_title = namer.t("table.clues")
        parts.append(Part("clues", (clues_title, chips, spill),
                          lambda s: draw_clues(s, clues_title, chips, spill)))
    elif mine and namer.ruleset == MAZO and view.phase != "over":
        # Mazo's clues have their place under the meter even before the first peek: what a
        # Peek would show, and where (issue 20)
        clues_title = namer.t("table.clues")
        hint = namer.t("mazo.no_clues", card=namer.card("see_future"))
        if len(wrap_text(hint, theme.TEXT_MIN, L.CLUES.width - 8)) > 2:  # (a bigger text
            hint = namer.t("mazo.no_clues_short")  # size: a third line ran under the banner)
        parts.append(Part("clues", (clues_title, hint, spill),
                          lambda s: draw_no_clues(s, clues_title, hint, spill)))
    return parts


def shown_log(scene: TableScene) -> tuple[str, ...]:
    """The log's lines as the viewer may read them, up to the entries told so far."""
    viewer = scene.home if scene.private_ok else None
    logged = scene._logged
    start = max(0, logged - 24)
    namer = scene.namer

    def lines_now() -> tuple[str, ...]:
        items = scene.match.feed_for(viewer, start)[: max(0, logged - start)]
        return tuple(text for text, _ev in log_lines(namer, items, viewer))

    # the feed only grows: the same entries, the same lines (in the same words)
    return namer.kept("log", (scene.match, viewer, start, logged), lines_now)


def _log(scene: TableScene, lines: tuple[str, ...] | None = None) -> Part:
    shown = shown_log(scene) if lines is None else lines
    title = scene.t("table.log")
    more = scene.t("log.key") if shown else ""
    names = seat_inks(scene)
    return Part("log", (title, shown, more, tuple(names.items())),
                lambda s: draw_log(s, L.LOG, title, shown, more, names))


def seat_inks(scene: TableScene) -> dict[str, palette.Color]:
    """Each seat's name with its colour (the log's names, the badges' marks)."""
    namer = scene.namer
    seats = scene.match.config.seat_count

    def make() -> dict[str, palette.Color]:
        return {namer.seat(seat): palette.SEAT_INKS[seat % len(palette.SEAT_INKS)]
                for seat in range(seats)}

    # asked twice a frame: kept while the names stay (naming 8 seats each frame: 0.3 ms)
    return namer.kept("inks", seats, make)


Row = tuple[str, int, theme.Color, bool]
"""A line of a plate: text, size, colour, bold."""


def plate(surface: pygame.Surface, rows: list[Row], centre_x: float, top: float,
          width: int = L.BANNER_W) -> pygame.Rect:
    """Lines centred on a dark plate (they read over any felt); a long one wraps rather than
    shrinks. Returns the plate."""
    rendered: list[pygame.Surface] = []
    for text, size, color, bold in rows:
        for line in wrap_text(text, size, width, bold):
            rendered.append(fit_line(line, size, width, color, bold))
    if not rendered:
        return pygame.Rect(round(centre_x), round(top), 0, 0)
    height = sum(r.get_height() for r in rendered) + 2 * (len(rendered) - 1)
    box = pygame.Rect(0, 0, max(r.get_width() for r in rendered) + 36, height + 14)
    box.midtop = (round(centre_x), round(top) - 7)
    round_rect(surface, box, palette.PLATE, 16, palette.PLATE_ALPHA)
    y = top
    for r in rendered:
        surface.blit(r, r.get_rect(midtop=(round(centre_x), round(y))))
        y += r.get_height() + 2
    return box


def banner_top(scene: TableScene) -> int:
    """Where the banner's first line sits: its place in the middle, or under the card you
    just drew while that card is held up large over the middle (it stood on "Waiting for…"
    and on the pile's label: review 2, item 3)."""
    moment = scene.moment
    if moment is not None and moment.kind == "drawn":
        return L.HELD_BELOW
    return _banner_y()


def _banner_y() -> int:
    """The banner's first line away from a moment: under the piles' names, which grow with the
    text size (the banner's plate covered "Deck" at 150 %)."""
    return L.BANNER_Y + 2 * fonts.grown(theme.TEXT_MIN)


def _banner(scene: TableScene) -> Part:
    """Whose turn it is, on a plate (the part returns the plate)."""
    rows = tuple(_banner_rows(scene))
    top = banner_top(scene)
    return Part("banner", (rows, top), lambda s: plate(s, list(rows), L.BANNER_X, top)
                if rows else None)


def _banner_rows(scene: TableScene) -> list[Row]:
    view = scene.shown
    namer = scene.namer
    match = scene.match
    if scene.panel is not None or view.phase == "react" or (
            scene.moment is not None and scene.moment.title):
        return []
    if view.phase == "over":
        won = len(match.people) == 1 and view.current == match.people[0]
        text = namer.t("table.won_you") if won else \
            namer.t("log.game_over", player=namer.seat(view.current))
        sub, hot = "", True
    else:
        seat = view.giver if view.phase == "give" and view.giver is not None else view.current
        if seat == scene.home and scene.private_ok and scene.timeline.busy \
                and match.is_person(seat):
            return []  # your own action resolving: nothing to decide, nothing to shout
        seat = _awaited(scene, seat)
        person = match.is_person(seat)
        mine = seat == scene.home and scene.private_ok and person
        if scene.veiled:
            return []  # "Ana, it's your turn" is said over the face-down hand
        if mine and view.phase == "play":
            lifted = scene.hand.hover is not None or scene.hand.focus is not None
            # the hint gives way to the lifted card's own line (it would sit on it)
            sub = "" if lifted else namer.t("table.hint_choose")
            text, hot = namer.t("table.your_turn"), True
        elif mine:  # your gift to choose, your bomb to hide: not "Waiting for" yourself
            text, sub, hot = namer.t("table.your_turn"), "", True
        elif namer.person_at(seat):  # here or at another computer: waited for, not "thinking"
            text, sub, hot = namer.t("table.waiting", player=namer.seat(seat)), "", False
        else:
            text, sub, hot = namer.t("table.thinking", player=namer.seat(seat)), "", False
    rows: list[Row] = [(text, theme.TEXT_LARGE + 4 if hot else theme.TEXT_LARGE,
                        palette.HOT if hot else palette.INK, True)]
    if sub:
        rows.append((sub, theme.TEXT_MIN, palette.INK_DIM, False))
    return rows


def _awaited(scene: TableScene, shown: int) -> int:
    """The seat the game really waits for. While cards fly the view on screen is still the
    turn they fly in (a draw ends it: in hot seat that view names the one who drew, though
    the next seat is up, review 2 item 1); the live decision says who acts next when that is
    a person. A machine next, a window (several may act) or the end keeps the seat on
    screen."""
    seat = scene.match.pending().decision.seat
    if seat is None or not scene.timeline.busy or not scene.match.is_person(seat):
        # a machine next: the seat whose badge is lit (review 5: "Lanzado 4 is thinking…"
        # beside Lanzado 3's lit badge while Lanzado 3's cards still flew)
        return shown
    return seat


def _said(scene: TableScene) -> Part:
    """What the table did for the person when there was nothing to choose, under the
    banner and above the hand, for a few seconds (it must be read, not missed)."""
    said = scene.said if scene.said and scene.said_left > 0 else ""
    return Part("said", said, lambda s: plate(s, [(said, theme.TEXT_BODY, palette.HOT, True)],
                                              L.BANNER_X, SAID_Y, width=L.BANNER_W)
                if said else None)


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
    # the track and the time left on the same square path (review 5: a rounded black track
    # under a square orange one read as a broken box)
    gfx.lines(surface, RING_TRACK, True, pts[1:5], RING_W)
    if len(path) > 1:
        gfx.lines(surface, color, False, path, RING_W)
        for point in (path[0], path[-1]):  # round ends
            gfx.circle(surface, color, (round(point[0]), round(point[1])), RING_W // 2)


RING_W = 6
RING_TRACK = (22, 30, 26)
"""The countdown's track: a dark line the time left runs along."""


def countdown_box(drawn: list[pygame.Rect]) -> pygame.Rect:
    """Around every card of the play and its answers (a pair's second card stood outside the
    one card's box: review 5)."""
    return drawn[0].unionall(drawn[1:]).inflate(18, 18)


def _window(scene: TableScene) -> Part:
    """The reaction window: the play hovering over the pile and the countdown (it moves; the
    play is drawn every frame too: it lies over the pile, and a part kept over another would
    have the layer drawn again whole whenever either changed)."""
    view = scene.shown
    if view.phase != "react" or view.pending is None:
        return Part("window", (), _nothing)
    return Part("window", None, lambda s: _draw_window(s, scene))


def _draw_window(surface: pygame.Surface, scene: TableScene) -> None:
    pending = scene.shown.pending
    if pending is None:
        return
    spots = hover_spots(len(pending.cards), pending.nopes)
    size = cards.card_size(HOVER_SCALE)
    drawn: list[pygame.Rect] = []
    for (x, y, angle), card in zip(spots, [*pending.cards, *(["nope"] * pending.nopes)],
                                   strict=True):
        img = resized(face_of(scene, card), size, angle)
        at = img.get_rect(center=(round(x), round(y)))
        cards.blit_card(surface, img, at.topleft, 14)
        drawn.append(at)
    if scene.timeline.busy:
        return  # the window is not counting while a card lands or it closes
    flow = scene.flow
    total = flow.pace.window_seconds
    left = flow.window_left if flow.window_left is not None else total
    fraction = left / total if total > 0 else 0.0
    box = countdown_box(drawn)
    hurry = theme.mix(palette.HOT, palette.HURRY, 1.0 - fraction)
    _ring(surface, box, fraction, hurry)
    seconds = max(0, math.ceil(left))
    rows: list[Row] = [(scene.t("react.countdown", seconds=seconds), theme.TEXT_LARGE + 4,
                        hurry, True)]
    hints = nope_hints(scene)
    if len(hints) == 1:
        rows.append((hints[0], theme.TEXT_SMALL, palette.INK, False))
    box = plate(surface, rows, L.BANNER_X, _banner_y())  # (where the banner is: under the
    if len(hints) > 1:                                     # piles' names at any text size)
        _hint_grid(surface, hints, box.bottom + 6)


def nope_offered(scene: TableScene, seat: int) -> bool:
    """Whether ``seat``'s nope key is offered in the open window: a person still in, whose
    own play is not the one standing (a nope would cancel it: review 2), and, playing alone,
    holding a nope (the machines' hands are theirs); in hot seat whatever they hold (so the
    screen never tells who holds one)."""
    match = scene.match
    view = scene.shown
    if not match.is_person(seat) or not view.seats[seat].alive or scene.own_play_stands(seat):
        return False
    return len(match.people) > 1 or "nope" in view.hand


def nope_hints(scene: TableScene) -> list[str]:
    """Who may nope now and with which key (:func:`nope_offered`)."""
    match = scene.match
    alive = [p for p in match.people if nope_offered(scene, p)]
    if not alive:
        return []
    if len(match.people) == 1:
        return [scene.namer.t("react.press_key", key=str(alive[0] + 1))]
    return [scene.namer.t("react.press_key_seat", player=scene.namer.seat(p), key=str(p + 1))
            for p in alive]


def _hint_grid(surface: pygame.Surface, hints: list[str], top: int) -> None:
    """The people's nope keys in two columns on a plate (up to eight people)."""
    col_w = L.BANNER_W // 2
    rows = math.ceil(len(hints) / 2)
    box = pygame.Rect(0, 0, 2 * col_w + 24, rows * 26 + 12)
    box.midtop = (L.BANNER_X, top)
    round_rect(surface, box, palette.PLATE, 14, palette.PLATE_ALPHA)
    for k, hint in enumerate(hints):
        col, row = divmod(k, rows)
        x = box.left + 12 + col * col_w + col_w // 2
        draw_text(surface, hint, (x, box.top + 6 + row * 26), theme.TEXT_SMALL, palette.INK,
                  anchor="midtop", max_width=col_w - 12)


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


def _waiting_bomb(scene: TableScene) -> Part:
    """A drawn bomb waits in front of its seat while it is being hidden (it bobs)."""
    if scene.shown.phase != "place_bomb" or scene.timeline.busy:
        return Part("bomb", (), _nothing)
    return Part("bomb", None, lambda s: _draw_waiting_bomb(s, scene))


def _draw_waiting_bomb(surface: pygame.Surface, scene: TableScene) -> None:
    view = scene.shown
    seat = view.current
    if seat == scene.home:
        x, y = float(L.HAND.centerx), float(L.HAND.top - 110)
    else:
        px, py = scene.layout.seat_point(seat)
        x, y = px, py + 150
    bob = 0.0 if scene.app.motion.reduced else math.sin(scene.clock * 5) * 3
    img = resized(face_of(scene, "bomb"), cards.card_size(1.25))
    cards.blit_card(surface, img, img.get_rect(center=(round(x), round(y + bob))).topleft, 12)


def _effect_line(surface: pygame.Surface, scene: TableScene) -> None:
    """The card under the mouse (or the keyboard's card) says its effect in one line, just
    above it; not while a reaction window counts down."""
    hand = scene.hand
    index = hand.hover if hand.hover is not None else hand.focus
    if index is None or not hand.faces or scene.panel is not None \
            or not 0 <= index < len(hand.cards):
        return
    if scene.shown.phase == "react":
        return  # under "Nope? 4 s" it read as what the window was about (review 3)
    rect = hand.rect_of(index)
    if rect is None:
        return
    text = scene.namer.effect(hand.cards[index])
    label = fonts.render(text, theme.TEXT_SMALL, palette.INK)
    box = label.get_rect().inflate(28, 12)
    box.midbottom = (rect.centerx, rect.top - 6)
    box.left = max(L.MARGIN, min(box.left, L.DRAW.left - 8 - box.width))
    round_rect(surface, box, palette.PLATE, 12, palette.PLATE_ALPHA)
    surface.blit(label, label.get_rect(center=box.center))


# --- buttons and labels --------------------------------------------------------------------------

def _controls(surface: pygame.Surface, scene: TableScene) -> None:
    if scene.watching:
        _watch_panel(surface, scene)
    results = scene.results_button
    if results.visible and scene.banner_area is not None:  # under the banner as drawn,
        results.rect.top = max(L.RESULTS.top, scene.banner_area.bottom + 14)  # however tall
    scene.controls.draw(surface)
    button = scene.draw_button
    left = scene.draws_left()
    if button.visible and left > 1:
        text = scene.namer.plural("table.draws_left", left)
        chip = fonts.render(text, theme.TEXT_MIN, theme.INK_DARK, True)
        box = chip.get_rect().inflate(16, 6)
        # under the button, clear of it (and of a highlight around it): never over "Draw"
        box.midtop = (button.rect.centerx, button.rect.bottom + 10)
        round_rect(surface, box, theme.INK, 11)
        surface.blit(chip, chip.get_rect(center=box.center))
    if scene.show_code:
        x, y = L.CODE_POS
        code = draw_text(surface, scene.match.code, (x, y), theme.TEXT_MIN, palette.INK_DIM,
                         bold=True, anchor="bottomright")
        draw_text(surface, scene.t("newgame.code"), (x, code.top - 2), theme.TEXT_MIN,
                  palette.INK_DIM, anchor="bottomright", max_width=L.DRAW.width)
    if not scene.faces_home and scene.match.people and scene.shown.phase != "over":
        # (the hand face up as its owner watches their draw land needs no count: the banner
        # stands there then, under the card held up)
        count = scene.shown.seats[scene.home].cards
        label = plural(scene.app.loc, "table.cards_in_hand", count)
        middle = round(scene.hand.middle())  # over the fan's middle
        said = draw_text(surface, label, (middle, L.HAND.top - 28), theme.TEXT_MIN,
                         palette.INK_DIM, anchor="midbottom")
        covered = scene.flow.curtain_for
        if scene.veiled and covered is not None:  # whose cards Show my cards turns up
            draw_text(surface, scene.t("curtain.title", name=scene.namer.seat(covered)),
                      (middle, said.top - 4), theme.TEXT_BODY, theme.ACCENT,
                      bold=True, anchor="midbottom", max_width=L.HAND.width - 40)


def _watch_panel(surface: pygame.Surface, scene: TableScene) -> None:
    """You are out (and where you placed): watch the rest, fast, or go to the results."""
    panel = L.WATCH
    round_rect(surface, panel, palette.PLATE, 16, palette.PLATE_ALPHA)
    round_rect(surface, panel, theme.PANEL_EDGE, 16, 255, 2)
    view = scene.shown
    text = scene.t("watch.offer")
    if scene.home in view.out:
        title = scene.namer.t("table.out", nth=scene.namer.ordinal(view.out.index(scene.home)
                                                                      + 1))
        draw_text(surface, title, (panel.centerx, panel.top + 12), theme.TEXT_BODY, palette.BOOM,
                  bold=True, anchor="midtop", max_width=panel.width - 24)
    body = pygame.Rect(panel.left + 14, panel.top + 44, panel.width - 28,
                       scene.ff_button.rect.top - panel.top - 48)
    draw_paragraph(surface, text, body, theme.TEXT_SMALL, palette.INK, align="center")


_LAYER = Layer((sys.modules[__name__], badges, centre, hand, log_module, draw_module, fonts,
                text_module, icons, cards))
"""Made last: it notes the functions of these modules as they are once all are made."""
