"""The hand, fanned along the bottom: hover (or ←/→) lifts a card and enlarges it about 1.6×
to show its effect; cards that can be played now glow; selected cards (a pair, a trio) stand
up out of the fan. Someone else's hand, or yours behind the privacy rule, is a fan of backs.

A crowded fan (11 cards and more) tucks each card that lies under one of its kind into a
sliver and gives the room to the others' titles; the card over the slivers says how many
("×3"). Each card stays a card of its own: hovered, clicked, chosen with ←/→ and played one
at a time (review 3: from 12 cards titles were cut to a first word or a letter).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.ui import cards, fonts, gfx, theme
from game.ui.bombdeck.layout import HAND
from game.ui.cache import MB, SurfaceCache
from game.ui.draw import soft_shadow

MAX_ANGLE = 7.0
ARC_DROP = 16.0
SELECT_LIFT = 42.0
HOVER_SPEED = 16.0
GLOW_EDGE = 9.0
"""How far a playable card's orange halo visibly reaches over the card before it."""
TITLE_ROW = 8.0
"""How far below a card's top edge its title's first row begins (where a neighbour must not cover
it)."""
SLIVER = 22.0
"""How much of a card shows when the card over it is the same kind, in a crowded fan: a sliver
of its colour says "one more of these", and the room saved goes to the titles of the others."""
CROWDED = 100.0
"""A fan whose even step is narrower than this cuts titles: its runs of one kind are tucked
into slivers (review 3: from 12 cards the titles shrank to a first word or a letter)."""

_GLOWS: SurfaceCache[pygame.Surface] = SurfaceCache("card glows", 3 * MB)
_TURNED: SurfaceCache[tuple[pygame.Surface, pygame.Surface]] = SurfaceCache("turned cards", 3 * MB)


def _glow(size: tuple[int, int], angle: float) -> pygame.Surface:
    """A soft orange halo around a card of ``size`` turned by ``angle`` (cached)."""
    key = (size[0], size[1], round(angle * 2))
    found = _GLOWS.get(key)
    if found is None:
        pad = 14
        base = gfx.Canvas((size[0] + 2 * pad, size[1] + 2 * pad), pygame.SRCALPHA)
        gfx.rect(base, (*theme.ACCENT, 255), base.get_rect().inflate(-8, -8),
                         border_radius=18)
        found = gfx.gaussian_blur(base, 5)
        if key[2]:
            found = gfx.rotozoom(found, key[2] / 2, 1.0)
        _GLOWS.put(key, found)
    return found


def _turned(face: pygame.Surface, angle: float) -> pygame.Surface:
    turn = round(angle * 2)
    if not turn:
        return face
    key = (id(face), turn)
    found = _TURNED.get(key)
    if found is None or found[0] is not face:  # the entry keeps its face alive: ids stay unique
        found = (face, gfx.rotozoom(face, turn / 2, 1.0))
        _TURNED.put(key, found)
    return found[1]


def fan_middle(total: float) -> float:
    """Where a fan ``total`` wide centres: on the screen's middle when it fits there beside
    the home badge (review 2: five cards sat off-centre, in the middle of the room right of
    the badge), else as near it as the room allows (a long hand fills the room)."""
    half = total / 2
    return max(HAND.left + half, min(HAND.right - half, theme.SCREEN_W / 2))


LIFT_LEFT = HAND.left - 4
LIFT_RIGHT = theme.SCREEN_W - 4
"""A lifted, enlarged card stays between these: at the left end of the fan it grew over your
badge (review 3), at the right end off the screen."""


def _kept_in(x: float, lift: float) -> float:
    """How far a card centred at ``x`` and lifted ``lift`` (0..1) moves to stay between
    :data:`LIFT_LEFT` and :data:`LIFT_RIGHT`, enlarged as it is."""
    if lift <= 0.0:
        return 0.0
    half = cards.CARD_W * (1.0 + (cards.HOVER_SCALE - 1.0) * lift) / 2
    if x - half < LIFT_LEFT:
        return LIFT_LEFT - (x - half)
    if x + half > LIFT_RIGHT:
        return LIFT_RIGHT - (x + half)
    return 0.0


FaceOf = Callable[[str, bool, int | None], pygame.Surface]
"""``(card, big, shown)`` → the face a fan draws (:meth:`HandFan.draw`)."""
Names = Callable[[str, int], bool]
"""``(card, shown)`` → whether ``card`` is named whole on the part of its face that shows."""


class HandFan:
    """Geometry, hover and drawing of one fanned hand (no game logic)."""

    def __init__(self) -> None:
        self.cards: tuple[str, ...] = ()
        self.hover: int | None = None
        self.focus: int | None = None
        """The keyboard's card (←/→)."""
        self.selected: list[int] = []
        self.glowing: set[int] = set()
        self.leaving: Counter[str] = Counter()
        """Cards flying out of the hand right now: not drawn in it."""
        self.shown_count: int | None = None
        """During the deal: only the first cards have landed."""
        self.faces = True
        self.interactive = True
        self._lift: dict[int, float] = {}
        self._mouse = (-1, -1)

    # --- geometry ------------------------------------------------------------------------------

    def set_cards(self, hand: tuple[str, ...]) -> None:
        if hand != self.cards:
            old = self.cards
            self.cards = hand
            self._lift = {}
            self.selected = [i for i in self.selected if i < len(hand) and old[i:i + 1]
                             == hand[i:i + 1]]
            if self.focus is not None:
                self.focus = min(self.focus, len(hand) - 1) if hand else None
            self.hover = self._hit(self._mouse)

    def visible(self) -> list[int]:
        """Indexes drawn in the fan (not leaving, already dealt)."""
        skip = Counter(self.leaving)
        out = []
        limit = len(self.cards) if self.shown_count is None else self.shown_count
        for i, card in enumerate(self.cards[:limit]):
            if skip[card] > 0:
                skip[card] -= 1
                continue
            out.append(i)
        return out

    def gaps(self, n: int, kinds: Sequence[str] | None = None) -> list[float]:
        """The distance from each of ``n`` resting cards to the next. Evenly spread; in a
        crowded fan (:data:`CROWDED`) a card followed by one of the same kind (``kinds``: the
        cards, sorted as a hand is) only shows a :data:`SLIVER` of itself, and the others
        share the room it leaves, each its title wider (a hand of 16 showed 44 px of each
        card, too little for any name). Nothing changes for a hand all of one kind or of
        no two alike."""
        if n <= 1:
            return []
        w = cards.CARD_W
        room = HAND.width - w
        step = min(w + 10.0, room / (n - 1))
        even = [step] * (n - 1)
        if kinds is None or len(kinds) != n or step >= CROWDED or step <= SLIVER:
            return even
        same = [a == b for a, b in itertools.pairwise(kinds)]
        tucked = sum(same)
        if tucked in (0, n - 1):
            return even
        wide = min(w + 10.0, (room - tucked * SLIVER) / (n - 1 - tucked))
        return [SLIVER if alike else wide for alike in same]

    def slots(self, n: int, kinds: Sequence[str] | None = None
              ) -> list[tuple[float, float, float]]:
        """(centre x, centre y, angle) of each of ``n`` resting cards (``kinds``: which
        cards, for :meth:`gaps`)."""
        if n <= 0:
            return []
        w = cards.CARD_W
        gaps = self.gaps(n, kinds)
        total = w + sum(gaps)
        x0 = fan_middle(total) - total / 2 + w / 2
        spread = min(MAX_ANGLE, 1.2 * n)
        out = []
        x = x0
        for i in range(n):
            t = 0.0 if n == 1 else (i - (n - 1) / 2) / ((n - 1) / 2)
            out.append((x, HAND.centery + ARC_DROP * t * t, -spread * t))
            if i < len(gaps):
                x += gaps[i]
        return out

    def middle(self) -> float:
        """The x of the middle of the resting fan as it is now (the lines above it centre on
        it)."""
        shown = self.visible()
        n = len(shown)
        if n <= 0:
            return fan_middle(0.0)
        return fan_middle(cards.CARD_W + sum(self.gaps(n, [self.cards[i] for i in shown])))

    def slot_of(self, index: int) -> tuple[float, float]:
        """Where card ``index`` of the full hand rests (a drawn card flies there)."""
        slots = self.slots(len(self.cards), self.cards)
        if not 0 <= index < len(slots):
            return (float(HAND.centerx), float(HAND.centery))
        return (slots[index][0], slots[index][1])

    def _placed(self, lifts: dict[int, float] | None = None
                ) -> list[tuple[int, float, float, float, float]]:
        """(index, centre x, centre y, angle, scale) of every visible card, as drawn now (or
        with the cards lifted as far as ``lifts`` says)."""
        lifts = self._lift if lifts is None else lifts
        shown = self.visible()
        if self.shown_count is not None:  # the deal: each card lands in its final place
            full = self.slots(len(self.cards), self.cards)
            slots = [full[i] for i in shown]
        else:
            slots = self.slots(len(shown), [self.cards[i] for i in shown])
            if lifts and len(shown) > 1:
                slots = self._spread(slots, shown, lifts)
        out = []
        for (x, y, angle), i in zip(slots, shown, strict=True):
            lift = lifts.get(i, 0.0)
            x += _kept_in(x, lift)
            sel = SELECT_LIFT if i in self.selected else 0.0
            scale = 1.0 + (cards.HOVER_SCALE - 1.0) * lift
            h = cards.CARD_H * scale
            rest_y = y - sel
            top_y = HAND.bottom + 8 - h / 2 - sel * 0.5
            out.append((i, x, rest_y + (top_y - rest_y) * lift, angle * (1 - lift), scale))
        return out

    def _spread(self, slots: list[tuple[float, float, float]], shown: list[int],
                lifts: dict[int, float]) -> list[tuple[float, float, float]]:
        """The resting slots with room made around each lifted card, as far as it is lifted:
        its neighbours move aside so the enlarged card leaves the strip of each that shows at
        rest in view (issue 20: in a hand of twelve, hovering a card hid the titles of the
        next two). The room is taken from the other gaps; the fan keeps its width."""
        w = cards.CARD_W
        xs = [x for x, _y, _a in slots]
        base = [b - a for a, b in itertools.pairwise(xs)]
        need = list(base)
        for k, i in enumerate(shown):
            lift = lifts.get(i, 0.0)
            if not lift:
                continue
            half = w * (1.0 + (cards.HOVER_SCALE - 1.0) * lift) / 2
            kept = _kept_in(xs[k], lift)  # an end card kept off the badge moves inwards
            if k > 0:  # the left neighbour's strip ends where the enlarged card begins
                need[k - 1] = max(need[k - 1], base[k - 1] + lift * max(0.0, half - w / 2)
                                  - min(0.0, kept))
            if k < len(base):  # the right neighbour's strip begins where it ends
                need[k] = max(need[k], base[k] + lift * max(0.0, half + w / 2 - base[k])
                              + max(0.0, kept))
        total, extra = sum(base), sum(need) - sum(base)
        if extra <= 0.5:
            return slots
        moved = [g for g, b in zip(need, base, strict=True) if g > b]
        rest = total - sum(moved)
        kept = len(base) - len(moved)
        if rest <= 0 or kept == 0:
            return slots
        shrink = max(0.4, (rest - extra) / rest)  # the other gaps give the room
        gaps = [g if g > b else b * shrink for g, b in zip(need, base, strict=True)]
        x0 = xs[0] - (sum(gaps) - total) / 2
        out = [(x0, slots[0][1], slots[0][2])]
        for gap, (_x, y, angle) in zip(gaps, slots[1:], strict=True):
            out.append((out[-1][0] + gap, y, angle))
        return out

    def rect_of(self, index: int) -> pygame.Rect | None:
        """The (unturned) rectangle card ``index`` covers now."""
        for i, x, y, _angle, scale in self._placed():
            if i == index:
                w, h = cards.card_size(scale)
                return pygame.Rect(round(x - w / 2), round(y - h / 2), w, h)
        return None

    def _order(self) -> list[tuple[int, float, float, float, float]]:
        """The visible cards in the order they are drawn, bottom first: a lifted card (even
        one still shrinking back) over the resting ones, a selected card over its neighbours."""
        return sorted(self._placed(), key=lambda p: (self._lift.get(p[0], 0.0) > 0,
                                                     p[0] in self.selected,
                                                     self._lift.get(p[0], 0.0)))

    def _hit(self, pos: tuple[int, int]) -> int | None:
        """The card drawn at ``pos``: the topmost one whose face (turned as it is drawn)
        covers it, so a click lands on what the person sees there, never on an enlarged card
        that only its rectangle reaches. Below the fan (the strip under the cards) a click
        goes to the card above it."""
        if not self.interactive or pos[0] < 0:
            return None
        order = self._order()
        for i, x, y, angle, scale in reversed(order):
            w, h = cards.card_size(scale)
            a = math.radians(angle if scale <= 1.05 else 0.0)
            dx, dy = pos[0] - x, pos[1] - y
            # into the card's own frame (pygame turns counter-clockwise, y down)
            u = dx * math.cos(a) - dy * math.sin(a)
            v = dx * math.sin(a) + dy * math.cos(a)
            if abs(u) <= w / 2 and abs(v) <= h / 2:
                return i
        for i, x, y, _angle, scale in reversed(order):
            w, h = cards.card_size(scale)
            if abs(pos[0] - x) <= w / 2 and y < pos[1] <= y + h / 2 + 40:
                return i
        return None

    # --- input ---------------------------------------------------------------------------------

    def mouse(self, pos: tuple[int, int]) -> None:
        self._mouse = pos
        self.hover = self._hit(pos)
        if self.hover is not None:
            self.focus = None

    def click(self, pos: tuple[int, int]) -> int | None:
        self._mouse = pos
        self.hover = self._hit(pos)
        return self.hover

    def move_focus(self, delta: int) -> int | None:
        shown = self.visible()
        if not shown:
            return None
        current = self.focus if self.focus in shown else self.hover
        if current not in shown:
            self.focus = shown[0] if delta > 0 else shown[-1]
        else:
            assert current is not None
            k = shown.index(current) + delta
            self.focus = shown[max(0, min(len(shown) - 1, k))]
        self.hover = None
        return self.focus

    def forget_mouse(self) -> None:
        self._mouse = (-1, -1)
        self.hover = None

    # --- frame ---------------------------------------------------------------------------------

    def update(self, dt: float, reduced: bool = False) -> None:
        lifted = {i for i in (self.hover, self.focus) if i is not None}
        for i in set(self._lift) | lifted:
            target = 1.0 if i in lifted else 0.0
            now = self._lift.get(i, 0.0)
            now = target if reduced else now + (target - now) * min(1.0, dt * HOVER_SPEED)
            if abs(now - target) < 0.01:
                now = target
            if now == 0.0:
                self._lift.pop(i, None)
            else:
                self._lift[i] = now

    def shown_widths(self, at_rest: bool = False) -> dict[int, int]:
        """How much of each visible card's left side shows when its right neighbour covers the
        rest (the title must fit there); cards shown whole are not listed. Measured with the
        cards as they will settle (the hovered one up, the others down): a card's face is
        not drawn again at every step of a lift. ``at_rest``: as the cards lie with none
        lifted."""
        settled = {} if at_rest else {i: 1.0 for i in (self.hover, self.focus) if i is not None}
        placed = self._placed(settled)
        out: dict[int, int] = {}
        for (i, x, y, a, scale), (j, nx, ny, na, nscale) in itertools.pairwise(placed):
            if scale > 1.05 or j in self.selected or i in self.selected:
                continue
            w, h = cards.card_size(scale)
            nw = cards.card_size(nscale)[0]
            left, cover = x - w / 2, nx - nw / 2
            if cover >= left + w:
                continue
            # Along the title's row too, in the card's own (turned) frame: the fan turns each
            # card, so the next card's edge crosses the title's line nearer its start on the
            # fan's left half ("Chicker", "Octopu" in a hand of 13). From the card's left
            # edge along that line, the title reaches the next card's edge after ``along``.
            v = -(h / 2 - TITLE_ROW)
            turn, next_turn = math.radians(a), math.radians(na)
            start_x = x - w / 2 * math.cos(turn) + v * math.sin(turn) - nx
            start_y = y + w / 2 * math.sin(turn) + v * math.cos(turn) - ny
            at_start = start_x * math.cos(next_turn) - start_y * math.sin(next_turn)
            along = (-nw / 2 - at_start) / max(0.5, math.cos(turn - next_turn))
            halo = GLOW_EDGE if j in self.glowing else 0.0  # a playable card's halo
            out[i] = max(0, round(min(cover - left, along) - halo))
        return out

    def draw(self, surface: pygame.Surface, face_of: FaceOf, time: float,
             alpha: float = 1.0, sink: float = 0.0,
             back: pygame.Surface | None = None, names: Names | None = None) -> None:
        """``face_of(card, big, shown)``: the face to draw (``big``: the hover size;
        ``shown``: the width of it that shows, ``None`` when all of it does). ``names``:
        whether a card is named whole in so much of it; while a card is lifted, a neighbour
        it leaves too little of keeps its face as it rests (partly under the next card for
        that moment, as in a real fan) rather than a cut title ("Attac.": review 3).
        ``alpha`` and ``sink``:
        the hand fading away and dropping (your own explosion). ``back``: the rule set's
        card back, for a hand shown face down."""
        paint_fan(surface, self.plan(face_of, alpha, sink, back, names), time)

    def plan(self, face_of: FaceOf, alpha: float = 1.0, sink: float = 0.0,
             back: pygame.Surface | None = None, names: Names | None = None) -> FanPlan:
        """What the hand looks like now, time aside (:meth:`draw`'s arguments): equal plans
        draw equal pixels but for the playable cards' pulsing glow (``FanPlan.pulsing``)."""
        if alpha <= 0.0:
            return FanPlan((), alpha)
        widths = self.shown_widths()
        lifted = self.hover is not None or self.focus is not None
        rest = self.shown_widths(at_rest=True) if lifted and names and self.faces else widths
        runs = self.runs(widths) if self.faces else {}
        placed = []
        for i, x, y, angle, scale in self._order():
            big = scale > 1.05
            shown, resting = widths.get(i), rest.get(i)
            if shown is not None and (resting is None or resting > shown) and names \
                    and not names(self.cards[i], shown):
                # the face as it rests (whole, when nothing covered it at rest), partly under
                # the next card for that moment, not a cut title (review 6: "Cort." in the
                # lesson's four cards, beside "Corta- cables")
                shown = resting
            face = face_of(self.cards[i], big, shown) if self.faces \
                else (back or cards.draw_back())
            placed.append(PlacedCard(face, x, y + sink, angle, scale, self._lift.get(i, 0.0),
                                     i in self.glowing, i in self.selected,
                                     self.focus == i and self.hover is None,
                                     runs.get(i, 1)))
        return FanPlan(tuple(placed), alpha)

    def runs(self, widths: dict[int, int] | None = None) -> dict[int, int]:
        """For the card that names a run of one kind (the cards before it tucked into
        slivers, :meth:`gaps`), how many the run holds: its face wears "×3" (a sliver alone
        says "more", not how many)."""
        widths = self.shown_widths() if widths is None else widths
        out: dict[int, int] = {}
        shown = self.visible()
        run = 1
        for before, i in itertools.pairwise(shown):
            tucked = self.cards[before] == self.cards[i] and widths.get(before, 999) <= SLIVER
            run = run + 1 if tucked else 1
            if run > 1:
                out[i] = run
                out.pop(before, None)
        return out


@dataclass(frozen=True)
class PlacedCard:
    """One card of a fan as it is drawn: its face, centre, turn, size, lift, marks."""

    face: pygame.Surface
    x: float
    y: float
    angle: float
    scale: float
    lift: float
    glowing: bool
    selected: bool
    focused: bool
    count: int = 1
    """How many of its kind lie tucked under it with it (a crowded fan): shown as "×N"."""


@dataclass(frozen=True)
class FanPlan:
    """A fan's cards, bottom first, and how faded it is."""

    cards: tuple[PlacedCard, ...]
    alpha: float

    @property
    def pulsing(self) -> bool:
        """A playable card's glow pulses with the time (a selected card's glow does not)."""
        return self.alpha >= 1.0 and any(c.glowing and not c.selected for c in self.cards)


def paint_fan(surface: pygame.Surface, plan: FanPlan, time: float) -> None:
    """Draw a fan from its plan (``time``: the glow's pulse)."""
    alpha = plan.alpha
    glow = 0.55 + 0.45 * math.sin(time * 4.0)
    for card in plan.cards:
        x, y, angle, scale = card.x, card.y, card.angle, card.scale
        big = scale > 1.05
        face = card.face
        size = cards.card_size(scale)
        if face.get_size() != size:
            face = gfx.smoothscale(face, size)
        img = _turned(face, angle) if not big else face
        if alpha < 1.0:
            img = img.copy()
            img.set_alpha(round(255 * alpha))
        if (card.glowing or card.selected) and alpha >= 1.0:
            halo = _glow(size, angle if not big else 0.0)
            halo.set_alpha(255 if card.selected else round(110 + 130 * glow))
            surface.blit(halo, halo.get_rect(center=(round(x), round(y))))
        lift = card.lift
        blur = 6 + int(lift * 8)
        shadow = soft_shadow(img.get_size(), 10, blur, round((90 + int(lift * 50)) * alpha))
        rect = img.get_rect(center=(round(x), round(y)))
        surface.blit(shadow, (rect.left - blur + 2, rect.top - blur + 4 + int(lift * 8)))
        surface.blit(img, rect)
        if card.selected:
            gfx.rect(surface, theme.ACCENT, rect.inflate(4, 4), 4,
                             border_radius=12)
        if card.focused:
            gfx.rect(surface, theme.FOCUS, rect.inflate(10, 10), 3,
                             border_radius=16)
        if card.count > 1 and not big:
            _count_chip(surface, card, alpha)


def _count_chip(surface: pygame.Surface, card: PlacedCard, alpha: float) -> None:
    """"×3" on the top left corner of the card that names a run of its kind, over the seam
    with the slivers it covers, above its title."""
    w, h = cards.card_size(card.scale)
    turn = math.radians(card.angle)
    dx, dy = -w / 2, -h / 2  # the corner, turned as the card is (pygame: counter-clockwise)
    cx = card.x + dx * math.cos(turn) + dy * math.sin(turn)
    cy = card.y - dx * math.sin(turn) + dy * math.cos(turn)
    text = fonts.render(f"×{card.count}", theme.TEXT_MIN, theme.INK_DARK, bold=True)
    chip = pygame.Rect(0, 0, text.get_width() + 10, text.get_height() + 2)
    chip.midbottom = (round(cx + 4), round(cy + 6))
    if alpha < 1.0:
        return  # (a hand fading away: its cards say enough)
    gfx.rect(surface, theme.ACCENT, chip, border_radius=chip.height // 2)
    gfx.rect(surface, theme.INK_DARK, chip, 2, border_radius=chip.height // 2)
    surface.blit(text, text.get_rect(center=chip.center))
