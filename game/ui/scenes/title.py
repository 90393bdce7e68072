"""The title screen: the name with a burning fuse, "Play now" and the menu.

"Play now", "New game", "How to play" (the first game that teaches, again) and a typed code call
the app's :class:`~game.ui.app.Hooks` (the match layer wires them); a hook that is not wired
shows its button disabled. "Join a table" opens :class:`~game.ui.scenes.join.JoinScene` (a
table another computer hosts on this network). Esc asks to quit.

When ``hooks.unfinished`` finds an unfinished game, the title offers it: a "Resume" bar under
"Play now" says which game it is and takes Enter; every other button stays where it always is.
"Quit" asks first, as Esc does. A damaged save (set aside by the hook) is told in one line at
the bottom; the title works the same otherwise.
"""

from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

import pygame

from game import __version__
from game.match.autosave import DamagedSave, Unfinished
from game.ui import cards, fonts, gfx, theme
from game.ui.fx import Particles
from game.ui.icons import icon_surface
from game.ui.locale import plural
from game.ui.scenes.base import FormScene
from game.ui.scenes.code_entry import CodeEntryScene
from game.ui.scenes.confirm import ConfirmScene
from game.ui.table.stillness import particle_rects
from game.ui.text import draw_paragraph, draw_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)

DECOR = ("see_future", "defuse", "nope", "animal_octopus", "skip", "bomb", "shuffle",
         "animal_frog")


_HALO: dict[float, pygame.Surface] = {}


def _logo() -> int:
    """The game's name is a logo drawn with letters: the same size at any text size (at
    150 % it would push the buttons off the screen; it is far above any floor)."""
    return fonts.unscaled(theme.TEXT_TITLE)


def _halo() -> pygame.Surface:
    """A soft warm glow behind the bomb (a radial gradient, made once per scale)."""
    found = _HALO.get(gfx.scale())
    if found is None:
        size = 240
        found = gfx.Canvas((size, size), pygame.SRCALPHA)
        for r in range(size // 2, 0, -3):
            alpha = int(70 * (1 - r / (size / 2)) ** 2)
            gfx.circle(found, (255, 150, 50, alpha), (size // 2, size // 2), r)
        _HALO[gfx.scale()] = found
    return found


class TitleScene(FormScene[None]):
    def __init__(self, app: App) -> None:
        self.sparks = Particles(app.motion, seed=7)
        self._emit = 0.0
        self._decor: list[tuple[pygame.Surface, tuple[int, int], float]] = []
        self._decor_lang = ""
        self._decor_scale = 0.0
        self._bob = 0.0
        """The corner cards' own clock: it stops while the app is idle (they rest, the fuse
        burns on), so an idle frame need draw only the fuse."""
        self.offer: Unfinished | None = None
        """The unfinished game offered for resume."""
        self.damaged: DamagedSave | None = None
        """A damaged save the hook set aside (told at the bottom)."""
        self._looked = False
        self._look_for_unfinished(app)
        super().__init__(app)

    def _look_for_unfinished(self, app: App) -> bool:
        """Ask the hook once (the app makes its first title before the hooks are wired, so
        the first event or frame asks again); ``True`` when there is something to show."""
        find = app.hooks.unfinished
        if find is None or self._looked:
            return False
        self._looked = True
        try:
            self.offer = find()
        except DamagedSave as error:
            self.damaged = error
        except Exception:  # a bad file must never stop the game
            log.exception("title: looking for the unfinished game failed")
        return self.offer is not None or self.damaged is not None

    # --- widgets -------------------------------------------------------------------------------

    def build(self) -> None:
        """The same buttons in the same places whether or not a game is waiting: an
        unfinished game adds a "Resume" bar under "Play now" (and takes Enter and the accent
        colour from it); nothing else moves."""
        cx = theme.SCREEN_W // 2
        offer = self.offer is not None
        enter = self.tr("key.enter")
        self.play_now = Button((cx - 250, 268, 500, 78), self.tr("title.play_now"),
                               self._play_now, style="normal" if offer else "primary",
                               size=theme.TEXT_LARGE,
                               shortcut=None if offer else pygame.K_RETURN,
                               shortcut_label=None if offer else enter)
        self.resume: Button | None = None
        if offer:
            self.resume = Button((cx - 330, 352, 660, 46), self._resume_text, self._resume,
                                 style="primary", size=theme.TEXT_BODY,
                                 shortcut=pygame.K_RETURN, shortcut_label=enter)
        # Three columns: the tables of this computer, of the network and of a code first,
        # then the pages, then Quit alone under them (the rows stay clear of the corner cards).
        w, h, gap, step = self._column_width(), 58, 16, 74
        left, middle, right = cx - w - gap - w // 2, cx - w // 2, cx + w // 2 + gap
        self.new_game = Button((left, 404, w, h), self.tr("title.new_game"), self._new_game)
        self.join_table = Button((middle, 404, w, h), self.tr("title.join_table"),
                                 self._join_table)
        self.enter_code = Button((right, 404, w, h), self.tr("title.enter_code"),
                                 self._enter_code)
        self.rules = Button((left, 404 + step, w, h), self.tr("title.rules"), self._rules)
        self.settings = Button((middle, 404 + step, w, h), self.tr("title.settings"),
                               self._settings)
        self.how_to_play = Button((right, 404 + step, w, h), self.tr("title.how_to_play"),
                                  self._how_to_play)
        self.daily = Button((left, 404 + 2 * step, w, h), self.tr("title.daily"), self._daily)
        self.past_games = Button((middle, 404 + 2 * step, w, h), self.tr("title.past_games"),
                                 self._past_games)
        self.quit = Button((right, 404 + 2 * step, w, h), self.tr("title.quit"),
                           self.on_escape, style="ghost")
        buttons = [self.play_now, *([self.resume] if self.resume else []), self.new_game,
                   self.join_table, self.enter_code, self.rules, self.settings,
                   self.how_to_play, self.daily, self.past_games, self.quit]
        for b in buttons:
            self.form.add(b)

    def _column_width(self) -> int:
        """268 wide, wider when the text size makes a label need it (up to 380: three
        columns still fit between the corner cards' tops)."""
        keys = ("new_game", "join_table", "enter_code", "rules", "settings", "how_to_play",
                "daily", "past_games", "quit")
        font = fonts.get(theme.TEXT_BODY, True)
        widest = max(font.size(self.t(f"title.{key}"))[0] for key in keys)
        return max(268, min(380, widest + 32))

    def _resume_text(self) -> str:
        return f"{self.t('title.resume_short')} · {self.offer_line()}"

    def offer_line(self) -> str:
        """Which game the offer is: "Bombazo · 4 players · 12 moves made"."""
        offer = self.offer
        if offer is None:
            return ""
        return plural(self.app.loc, "title.resume_hint", offer.moves,
                      game=self.t(f"game.{offer.game}.name"), seats=offer.seats)

    def damage_line(self) -> str:
        if self.damaged is None:
            return ""
        if self.damaged.set_aside is None:
            return self.t("error.save_damaged_kept")
        return self.t("error.save_damaged_as", file=self.damaged.set_aside.name)

    # --- actions -------------------------------------------------------------------------------

    def _resume(self) -> None:
        if self.offer is not None and self.app.hooks.resume is not None:
            self.app.hooks.resume(self.offer)

    def _play_now(self) -> None:
        if self.app.hooks.play_now is not None:
            self.app.hooks.play_now()

    def _new_game(self) -> None:
        if self.app.hooks.new_game is not None:
            self.app.hooks.new_game()

    def _how_to_play(self) -> None:
        if self.app.hooks.how_to_play is not None:
            self.app.hooks.how_to_play()

    def _daily(self) -> None:
        """Today's deal (the same code on every computer today)."""
        from datetime import date

        from game.history.daily import daily_code

        if self.app.hooks.open_code is not None:
            self.app.hooks.open_code(daily_code(date.today()))

    def _past_games(self) -> None:
        if self.app.hooks.past_games is not None:
            self.app.hooks.past_games()

    def _enter_code(self) -> None:
        self.push(CodeEntryScene(self.app, check=self.app.hooks.check_code), self._code_done)

    def _code_done(self, code: object) -> None:
        if isinstance(code, str) and code and self.app.hooks.open_code is not None:
            self.app.hooks.open_code(code)

    def _join_table(self) -> None:
        from game.ui.scenes.join import JoinScene

        self.push(JoinScene(self.app))

    def _rules(self) -> None:
        from game.ui.scenes.rules import RulesScene

        self.push(RulesScene(self.app, lessons=True))

    def _settings(self) -> None:
        from game.ui.scenes.settings import SettingsScene

        self.push(SettingsScene(self.app))

    def on_escape(self) -> None:
        self.push(ConfirmScene(self.app, self.tr("title.quit"), self.tr("title.quit"),
                               self.tr("common.cancel"), danger=True), self._quit_answer)

    def _quit_answer(self, yes: object) -> None:
        if yes is True:
            self.app.quit()

    # --- frame ---------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self._look_for_unfinished(self.app):  # before a key meant for the offer lands
            self.rebuild()
        super().handle(event)

    def update(self, dt: float) -> None:
        if self._look_for_unfinished(self.app):
            self.rebuild()
        hooks = self.app.hooks
        self.play_now.enabled = hooks.play_now is not None
        self.new_game.enabled = hooks.new_game is not None
        self.enter_code.enabled = hooks.open_code is not None
        self.daily.enabled = hooks.open_code is not None
        self.past_games.enabled = hooks.past_games is not None
        self.how_to_play.enabled = hooks.how_to_play is not None
        if self.resume is not None:
            self.resume.enabled = hooks.resume is not None
        super().update(dt)
        if not self.app.idle:
            self._bob += dt
        self._emit += dt
        while self._emit > 0.045:
            self._emit -= 0.045
            self.sparks.sparks(self._fuse_tip(), 2, speed=(30, 110), life=(0.2, 0.5),
                               gravity=160.0)
        self.sparks.update(dt)

    @property
    def still(self) -> bool:
        """Waiting for a press, every spark of the fuse inside the ambient areas (a spark
        flown out of them would stay painted where the idle frame does not reach)."""
        areas = self.ambient()
        return not self.animating and areas is not None and all(
            any(area.contains(dot) for area in areas) for dot in particle_rects(self.sparks))

    def ambient(self) -> list[pygame.Rect] | None:
        """The spark of the fuse (the cards in the corners rest while the app is idle: drawing
        them too made each idle frame redraw most of the screen)."""
        if self.app.stack.top is not self:
            return None
        return [self._bomb_rect().inflate(80, 80)]

    def _title_rect(self) -> pygame.Rect:
        surf = fonts.render(self.t("app.title"), _logo(), theme.INK, bold=True)
        return surf.get_rect(midtop=(theme.SCREEN_W // 2 + 50, 72))

    def _bomb_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, 120, 120)
        t = self._title_rect()
        r.midright = (t.left - 10, t.centery + 4)
        return r

    def _fuse_tip(self) -> tuple[float, float]:
        b = self._bomb_rect()
        wobble = math.sin(self.clock * 9) * 1.5
        return (b.left + b.width * 0.87 + wobble, b.top + b.height * 0.14)

    def _decor_cards(self) -> list[tuple[pygame.Surface, tuple[int, int], float]]:
        """A few tilted cards peeking in from the corners (built once per language)."""
        lang = getattr(self.app.loc, "lang", "")
        if self._decor and self._decor_lang == lang and self._decor_scale == gfx.scale():
            return self._decor
        self._decor_lang = lang
        out: list[tuple[pygame.Surface, tuple[int, int], float]] = []
        spots = [(-20, 470, -24), (70, 540, -8), (160, 600, 10), (1180, 470, 22),
                 (1090, 545, 6), (1000, 610, -12)]
        for (x, y, angle), card in zip(spots, DECOR, strict=False):
            name = self.app.loc.t(f"card.bombazo.{card}.name")
            short_key = f"card.bombazo.{card}.short"
            has = getattr(self.app.loc, "has", None)
            short = self.app.loc.t(short_key) if callable(has) and has(short_key) else ""
            # whole, or its short form where a bigger text size outgrows the face
            face = cards.draw_card(card, cards.whole_title(name, short), "", cards.CARD_SIZE)
            tilted = gfx.rotozoom(face, angle, 1.0)
            tilted.set_alpha(150)  # half in the shadows, set once, not every frame
            out.append((tilted, (x, y), angle))
        self._decor = out
        self._decor_scale = gfx.scale()
        return out

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        for i, (img, (x, y), _angle) in enumerate(self._decor_cards()):
            bob = 0.0 if self.app.motion.reduced else math.sin(self._bob * 1.3 + i) * 4
            surface.blit(img, (x, y + bob))
        title = self._title_rect()
        shadow = fonts.render(self.t("app.title"), _logo(), theme.SHADE, bold=True)
        surface.blit(shadow, title.move(4, 6))
        draw_text(surface, self.t("app.title"), title.topleft, _logo(), theme.ACCENT, bold=True)
        bomb = self._bomb_rect()
        glow = 0.5 + 0.5 * math.sin(self.clock * 3)
        halo = _halo()
        halo.set_alpha(int(150 + 105 * glow))
        surface.blit(halo, halo.get_rect(center=bomb.center))
        surface.blit(icon_surface("bomb", (120, 120), (200, 38, 38)), bomb)
        self.sparks.draw(surface)
        draw_text(surface, self.t("app.tagline"), (theme.SCREEN_W // 2, title.bottom + 8),
                  theme.TEXT_LARGE - 2, theme.INK_DIM, anchor="midtop",
                  max_width=theme.SCREEN_W - 200)
        self.form.draw(surface)
        if self.resume is None:
            draw_text(surface, self.t("title.play_now_hint"),
                      (theme.SCREEN_W // 2, self.play_now.rect.bottom + 12), theme.TEXT_SMALL,
                      theme.INK_DIM if self.play_now.enabled else theme.INK_DISABLED,
                      anchor="midtop", max_width=600)
        if self.damaged is not None:
            notice = pygame.Rect(0, self.quit.rect.bottom + 14, 680, 56)
            notice.centerx = theme.SCREEN_W // 2
            draw_paragraph(surface, self.damage_line(), notice, theme.TEXT_SMALL, theme.ACCENT,
                           align="center")
        draw_text(surface, self.t("title.version", version=__version__),
                  (theme.SCREEN_W // 2, theme.SCREEN_H - 14), theme.TEXT_MIN, theme.INK_DIM,
                  anchor="midbottom")
