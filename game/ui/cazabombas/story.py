"""Caza Bombas' events told as motion on the table's timeline.

- a setup token, a Post-it: the token drops in front of its wire with a tap;
- a right cut: the teammate's tile lifts, both tiles (the teammate's and one's own) turn face
  up and fall flat with a snip; a Solo Cut or revealed reds: every tile of it, one after
  another;
- a wrong cut: the tiles pointed at lift and rattle, the dial clicks one space on (not with
  the Stabilizer), then the token showing the wire's true value drops in front of it;
- a red wire cut: the dial swings to the skull and the bomb goes off (flash, shake, sparks,
  smoke, a boom), then a beat of silence;
- the dial at the skull: the same explosion;
- the mission lost: every wire still standing turns face up, one after another;
- equipment: its card glows; a label slides in; the radar's answer pops up on each rack; the
  Rewinder turns the dial back; the Walkie-Talkies' two tiles fly across;
- the mission won: the case opens, a fanfare and confetti.

While the beats play, the table keeps drawing the view from before them; the stage
(``anim.Stage``) holds what moves over it, and the new view takes over when they end.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from game.rules.cazabombas import actions as A
from game.rules.cazabombas import events as E
from game.rules.cazabombas import wires as W
from game.ui import theme
from game.ui.cazabombas import layout as L
from game.ui.cazabombas.anim import Flight, Floater, TokenFx
from game.ui.tween import ease_in_out, ease_out_back

if TYPE_CHECKING:
    from game.ui.cazabombas.table import CazaTableScene

LIFT = 0.22
FLIP = 0.28
FALL = 0.3
TOKEN_DROP = 0.35
SHAKE = 0.45
DIAL_MOVE = 0.45
BOOM_HOLD = 1.5
SILENCE = 0.8
BOOM_SIZE = 96
BOOM_AT = (float(L.MIDDLE.centerx), float(L.MIDDLE.top + 96))
"""Where "BOOM!" stands: the top of the middle band, clear of the news' two rows under it
(the review saw it linger for seconds over the log's lines)."""
"""The explosion's word, across the middle of the table."""
CASE_OPEN = 1.3
REVEAL_GAP = 0.025
"""Between two wires turning face up after a lost mission."""
RIGHT_COLOR = (140, 235, 160)
WRONG_COLOR = (255, 150, 130)
MISS_CHIP = (150, 26, 34)
"""The opaque chip under a miss's "Not 4" (white on it: a contrast above 7:1)."""
MISS_INK = (255, 255, 255)
MISS_SECONDS = 1.9
"""How long "Not 4" stays: solid for most of it (the review read it faint and gone)."""
FLASH = SHAKE + 0.6
"""The missed wire's red flash (a still red outline with reduced motion)."""


class Story:
    def __init__(self, scene: CazaTableScene) -> None:
        self.scene = scene
        self._handlers: dict[type, Callable[[Any], float]] = {
            E.TokenPlaced: self._token, E.WiresCut: self._cut, E.CutMissed: self._missed,
            E.Exploded: self._exploded, E.EquipmentUsed: self._equipment,
            E.LabelPlaced: self._label, E.RadarAnswered: self._radar, E.DialMoved: self._dial,
            E.DetectorsRecharged: self._recharged, E.WiresSwapped: self._swapped,
            E.TurnBegan: self._turn, E.MissionOver: self._over,
        }

    def tell(self, event: E.CazaEvent) -> None:
        handler = self._handlers.get(type(event))
        if handler is not None:
            self.scene.timeline.add(partial(handler, event))

    # --- helpers -------------------------------------------------------------------------------

    def _tile_point(self, stand: int, index: int) -> tuple[float, float]:
        rack = self.scene.layout.racks.get(stand)
        if rack is None:
            return (theme.SCREEN_W / 2, theme.SCREEN_H / 2)
        tile = rack.tile(index)
        return (float(tile.centerx), float(tile.centery))

    def _float(self, text: str, at: tuple[float, float], color: tuple[int, int, int],
               delay: float = 0.0, size: int = 0, seconds: float = 1.2,
               chip: tuple[int, int, int] | None = None) -> None:
        scene = self.scene
        tween = scene.timeline.tween(seconds, delay)
        scene.stage.floaters.append(Floater(text, at, tween, color, size, chip))

    def _turn_over(self, stand: int, index: int, key: int | None, delay: float,
                   lift: bool = True) -> None:
        """A tile lifts, turns face up and falls flat."""
        scene = self.scene
        timeline = scene.timeline
        fx = scene.stage.tile(stand, index)
        fx.key = key
        if lift:
            fx.lift = timeline.tween(LIFT + FLIP + FALL, delay, ease=ease_in_out)
        fx.flip = timeline.tween(FLIP, delay + LIFT)
        fx.fall = timeline.tween(FALL, delay + LIFT + FLIP, moves=True, ease=ease_out_back)

    def _move_dial(self, to: float, delay: float = 0.0) -> None:
        scene = self.scene
        stage = scene.stage
        stage.dial_from = stage.dial_position(scene.dial_rest())
        stage.dial_to = to
        stage.dial = scene.timeline.tween(DIAL_MOVE, delay, ease=ease_out_back)
        stage.dial_shake = scene.timeline.tween(0.35, delay)

    # --- events --------------------------------------------------------------------------------

    def _token(self, ev: E.TokenPlaced) -> float:
        scene = self.scene
        tween = scene.timeline.tween(TOKEN_DROP, moves=True, ease=ease_out_back,
                                     on_done=lambda: scene.sound("play", 0.35))
        scene.stage.tokens.append(TokenFx(ev.stand, ev.at, ev.value, tween))
        return TOKEN_DROP + 0.1

    def _cut(self, ev: E.WiresCut) -> float:
        scene = self.scene
        if ev.verb in (A.SOLO_CUT, A.REVEAL_REDS):
            gap = 0.12
            for k, (stand, index, key) in enumerate(ev.wires):
                self._turn_over(stand, index, key, k * gap)
            last = (len(ev.wires) - 1) * gap
            scene.timeline.tween(0.01, LIFT + FLIP,
                                 on_done=lambda: scene.sound("snip"))
            said = "cazabombas.story.solo" if ev.verb == A.SOLO_CUT else \
                "cazabombas.story.revealed"
            if ev.wires:
                self._float(scene.namer.t(said), self._tile_point(*ev.wires[0][:2]),
                            RIGHT_COLOR, LIFT)
            return last + LIFT + FLIP + FALL + 0.25
        target, *own = ev.wires
        self._turn_over(target[0], target[1], target[2], 0.0)
        for stand, index, key in own:
            self._turn_over(stand, index, key, 0.12)
        scene.timeline.tween(0.01, LIFT + FLIP, on_done=lambda: scene.sound("snip"))
        self._float(scene.namer.t("cazabombas.story.right"),
                    self._tile_point(target[0], target[1]), RIGHT_COLOR, LIFT + FLIP)
        return 0.12 + LIFT + FLIP + FALL + 0.3

    def _missed(self, ev: E.CutMissed) -> float:
        scene = self.scene
        timeline = scene.timeline
        for index in ev.indices:
            fx = scene.stage.tile(ev.stand, index)
            fx.lift = timeline.tween(SHAKE + 0.2, ease=ease_in_out)
            fx.shake = timeline.tween(SHAKE, 0.1)
            fx.flash = timeline.tween(FLASH, 0.1)
        at = self._tile_point(ev.stand, ev.indices[0])
        self._float(scene.namer.t("cazabombas.story.wrong",
                                  value=scene.namer.values(ev.values)), at, MISS_INK, 0.1,
                    seconds=MISS_SECONDS, chip=MISS_CHIP)
        if ev.stabilized:
            self._float(scene.namer.t("cazabombas.story.stabilized"),
                        (float(L.DIAL_CENTRE[0]), float(L.DIAL_CENTRE[1] - L.DIAL_R)),
                        RIGHT_COLOR, 0.4)
            return SHAKE + 0.5
        view = scene.shown
        if ev.mistakes_left == view.mistakes_left and view.mistakes_left > 0:
            return SHAKE + 0.2  # a red wire: the dial stays, the bomb goes off next
        to = float(view.max_mistakes - ev.mistakes_left)
        if ev.mistakes_left == 0 and view.mistakes_left == 0:
            to = float(view.max_mistakes + 1)  # no space left: the needle meets the skull
        # the needle sets off with the dial's clunk and ticks home on its space
        timeline.tween(0.01, SHAKE, on_done=lambda: scene.sound("dial"))
        timeline.tween(0.01, SHAKE + DIAL_MOVE * 0.6, on_done=lambda: scene.sound("tick"))
        self._move_dial(to, SHAKE)
        return SHAKE + DIAL_MOVE + 0.25

    def _exploded(self, ev: E.Exploded) -> float:
        scene = self.scene
        at = self._tile_point(ev.stand, ev.indices[0])
        for index in ev.indices:
            scene.stage.tile(ev.stand, index).shake = scene.timeline.tween(0.6)
            # everyone saw it go off: the red wire turns over where it was cut
            self._turn_over(ev.stand, index, W.red_key(1), 0.2, lift=False)
        self._move_dial(float(scene.shown.max_mistakes + 1))
        scene.timeline.tween(0.01, 0.25, on_done=lambda: scene.boom(at))
        self._float(scene.namer.t("cazabombas.story.red"), at, WRONG_COLOR, 0.3)
        self._float(scene.namer.t("cazabombas.story.boom"), BOOM_AT, theme.DANGER, 0.25,
                    size=BOOM_SIZE, seconds=BOOM_HOLD + SILENCE)
        return BOOM_HOLD + SILENCE

    def _equipment(self, ev: E.EquipmentUsed) -> float:
        scene = self.scene
        scene.stage.cards[ev.card] = scene.timeline.tween(0.8)
        scene.sound("play", 0.6)
        rect = scene.card_rows.get(ev.card)
        at = (float(rect.centerx), float(rect.top)) if rect is not None else \
            (float(L.BOARD.centerx), float(L.BOARD.centery))
        self._float(scene.namer.card(ev.card), at, theme.ACCENT)
        return 0.7

    def _label(self, ev: E.LabelPlaced) -> float:
        scene = self.scene
        scene.stage.labels.append((ev.stand, ev.at, ev.kind,
                                   scene.timeline.tween(0.4, moves=True)))
        scene.sound("play", 0.4)
        return 0.5

    def _radar(self, ev: E.RadarAnswered) -> float:
        scene = self.scene
        for seat, has in enumerate(ev.holders):
            scene.stage.answers[seat] = (has, scene.timeline.tween(0.3, seat * 0.12,
                                                                   ease=ease_out_back))
        scene.sound("drumroll", 0.3)
        return 0.3 + 0.12 * len(ev.holders) + 1.4

    def _dial(self, ev: E.DialMoved) -> float:
        scene = self.scene
        scene.sound("dial")
        self._move_dial(float(scene.shown.max_mistakes - ev.mistakes_left))
        return DIAL_MOVE + 0.3

    def _recharged(self, ev: E.DetectorsRecharged) -> float:
        scene = self.scene
        for seat in ev.seats:
            scene.stage.detectors[seat] = scene.timeline.tween(0.8)
        scene.sound("play", 0.5)
        return 0.8

    def _swapped(self, ev: E.WiresSwapped) -> float:
        scene = self.scene
        layout = scene.layout
        given = layout.racks.get(ev.given[0])
        taken = layout.racks.get(ev.taken[0])
        if given is None or taken is None:
            return 0.0
        a = given.tile(ev.given[1])
        b = taken.tile(ev.taken[1])
        fly = 0.7
        scene.stage.tile(*ev.given).hidden = True
        scene.stage.tile(*ev.taken).hidden = True
        scene.stage.flights.append(Flight(ev.given_key, (a.centerx, a.centery),
                                          (b.centerx, b.centery), a.size,
                                          scene.timeline.tween(fly, moves=True)))
        scene.stage.flights.append(Flight(ev.taken_key, (b.centerx, b.centery),
                                          (a.centerx, a.centery), b.size,
                                          scene.timeline.tween(fly, moves=True)))
        scene.sound("draw")
        return fly + 0.2

    def _turn(self, ev: E.TurnBegan) -> float:
        return 0.12

    def _over(self, ev: E.MissionOver) -> float:
        scene = self.scene
        if ev.won:
            # the last cut has been shown: the racks' counts, the board and the banner say the
            # mission as it ended, under the case opening (they lagged a move behind while it
            # did: "2 wires left" on a rack whose wires were all cut)
            scene.shown = scene._live_view()
            scene.stage.case = scene.timeline.tween(CASE_OPEN, 0.2, ease=ease_out_back)
            scene.timeline.tween(0.01, 0.5, on_done=lambda: scene.sound("win"))
            # the team's big moment: bursts across the table, not a puff over the case (the
            # review of issue 20 found the win quiet)
            for delay, x in ((0.6, L.MIDDLE.centerx), (0.9, L.MIDDLE.left + 40),
                             (1.2, L.MIDDLE.right - 40)):
                at = (float(x), float(L.MIDDLE.centery))
                scene.timeline.tween(0.01, delay,
                                     on_done=partial(scene.particles.confetti, at, 110))
            return CASE_OPEN + 0.6
        if ev.reason == "dial":
            self._move_dial(float(scene.shown.max_mistakes + 1))
            at = (float(L.DIAL_CENTRE[0]), float(L.DIAL_CENTRE[1]))
            scene.timeline.tween(0.01, 0.3, on_done=lambda: scene.boom(at))
            self._float(scene.namer.t("cazabombas.story.boom"), BOOM_AT, theme.DANGER, 0.35,
                        size=BOOM_SIZE, seconds=BOOM_HOLD + SILENCE)
            return max(BOOM_HOLD + SILENCE, self._reveal_all(BOOM_HOLD))
        return max(SILENCE, self._reveal_all(0.2))

    def _reveal_all(self, delay: float) -> float:
        """The mission lost: every wire still standing turns face up, rack after rack, in the
        place it stands (nothing is secret any more). How long it takes."""
        scene = self.scene
        shown = scene.shown
        end = delay
        k = 0
        for (stand, index), key in sorted(scene.revealed.items(),
                                          key=lambda item: scene.order(("w", *item[0]))):
            wires = shown.stands[stand] if stand < len(shown.stands) else ()
            if index >= len(wires) or wires[index].cut or wires[index].key is not None:
                continue
            fx = scene.stage.tile(stand, index)
            fx.key = key
            fx.flip = scene.timeline.tween(FLIP, delay + k * REVEAL_GAP)
            end = delay + k * REVEAL_GAP + FLIP
            k += 1
        return end + 0.3
