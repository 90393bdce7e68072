"""New game: the game, the seats (a person or a machine level each), the game's options, the
window length (for games with timed windows), or a game code; Start opens the table with a
fresh seed. Everything comes from the registries: the games that have screens, each game's
descriptor (seats, options, defaults) and the machine levels its family has.

Option labels are locale keys ``newgame.<option>`` (and ``newgame.<option>_desc`` under a
game's only option); a pick-one group (a mission) is one choice labelled ``newgame.<game>_pick``.

Each person's seat has a name field in place of its "Seat N" label (empty: "Player N" in the
language); the names are kept in the settings by seat (``game.ui.players``) and shown wherever
the seat is named. The screen opens with the table as it was last left (``Settings.last_setup``,
written when the screen is left, by Start, Back, Esc or closing the window, so the levels come
back after a restart as the names do; checked against the registries here: a game, a seat count
or a level this version lacks falls back, with a warning), else the featured game.

Start (or a game code typed here) asks first when an unfinished game would be replaced
(``launch.unless_it_loses_a_game``): the question comes when something would be lost, not when
the person only opens the screen to choose.

Everything is keyboard navigable (Tab / ↑ / ↓ move, ← / → change a choice, Enter starts when
nothing is focused and moves on from a name, Esc goes back).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.bots.registry import levels_for, stand_in_for
from game.core.config import GameConfig, SeatKind
from game.core.errors import MalformedInput, MechaCortaError
from game.core.kit import GameDescriptor
from game.rules.registry import descriptor
from game.ui import fonts, gfx, theme
from game.ui.draw import round_rect
from game.ui.locale import plural
from game.ui.name_field import NameField
from game.ui.players import default_name, shown_name, with_name
from game.ui.registry import FEATURED, on_screen, ui_kit_for
from game.ui.scenes.base import FormScene
from game.ui.scenes.code_entry import CodeEntryScene
from game.ui.settings import REACTION_MAX, REACTION_MIN, Settings
from game.ui.text import draw_paragraph, draw_text, wrap_text
from game.ui.widgets import Button, Choice, Slider, Toggle

if TYPE_CHECKING:
    from game.ui.app import App

log = logging.getLogger(__name__)

DEFAULT = FEATURED
OPTION_TOP = 222
OPTION_STEP = 58
MAX_OPTION_ROWS = 2
"""Option rows the left panel holds (a game with more shows its first ones)."""

LEFT = pygame.Rect(56, 104, 568, 486)
RIGHT = pygame.Rect(656, 104, 568, 486)
PAD = 26
SEAT_TOP = 178
SEAT_STEP = 44
BUTTON_Y = 618
BUTTON_H = 64
NAME_W = 172
"""A name field's width: where a machine's seat says "Seat N"."""


@dataclass(frozen=True)
class LeftRows:
    """Where the left panel's parts stand (screen ``y``s): the fixed places at 100 %; at a
    bigger text size each follows the measured height of what is above it (a blurb of
    three lines pushes the options, the reaction window and its note down), so no line is
    cut or drawn over another inside the 486 px panel."""

    blurb: int
    blurb_h: int
    players: int
    rule: int
    options: int
    rows: int
    step: int
    desc: int
    desc_h: int
    none: int
    rule2: int
    reaction: int
    slider: int
    note: int
    note_h: int


FIXED_ROWS = LeftRows(blurb=LEFT.top + 86, blurb_h=60, players=LEFT.top + 146,
                      rule=LEFT.top + 186, options=LEFT.top + 198,
                      rows=LEFT.top + OPTION_TOP, step=OPTION_STEP, desc=LEFT.top + 288,
                      desc_h=50, none=LEFT.top + 244, rule2=LEFT.top + 350,
                      reaction=LEFT.top + 362, slider=LEFT.top + 392, note=LEFT.top + 444,
                      note_h=40)
"""The left panel at 100 % (as it always was)."""


def big() -> bool:
    """A text size above 100 %: the screen's places flow from measured heights."""
    return fonts.text_factor > 1.0


def line_gap() -> float:
    """The paragraphs' line spacing: ``draw_paragraph``'s own at 100 %, lines set closer
    at a bigger text size (where each line is already taller)."""
    return 1.15 if big() else 1.25


def button_row() -> pygame.Rect:
    """Where Back, Game code and Start stand: lower and 8 px shorter at a bigger text size
    (their words still fit), so the panels above have that much more room."""
    return pygame.Rect(0, BUTTON_Y + 8, 0, BUTTON_H - 8) if big() else \
        pygame.Rect(0, BUTTON_Y, 0, BUTTON_H)


def panels() -> tuple[pygame.Rect, pygame.Rect]:
    """The left and right panels: :data:`LEFT` and :data:`RIGHT`, reaching down to 12 px
    above the buttons at a bigger text size."""
    if not big():
        return LEFT, RIGHT
    bottom = button_row().top - 12
    return (pygame.Rect(LEFT.left, LEFT.top, LEFT.width, bottom - LEFT.top),
            pygame.Rect(RIGHT.left, RIGHT.top, RIGHT.width, bottom - RIGHT.top))


def _paragraph_height(text: str, size: int, width: int) -> int:
    """What ``draw_paragraph`` needs for ``text`` (its line step times its lines)."""
    step = round(fonts.get(size).get_linesize() * line_gap() / 1.15)
    return step * max(1, len(wrap_text(text, size, width)))


def left_rows(blurb: str, rows: int, desc: str | None, note: str, slider: bool) -> LeftRows:
    """The left panel's places for a game whose blurb is ``blurb``, with ``rows`` option
    rows (``desc``: the description under a game's only option) and the reaction window's
    ``note`` under its slider (``slider``: shown; else the note takes its place):
    :data:`FIXED_ROWS` at 100 %, else flowing from the measured heights."""
    if not big():
        return FIXED_ROWS
    w = LEFT.width - 2 * PAD
    heading = fonts.get(theme.TEXT_SMALL, True).get_linesize()
    blurb_y = LEFT.top + 78  # under the game's choice (20 + 52)
    blurb_h = _paragraph_height(blurb, theme.TEXT_SMALL, w)
    players = blurb_y + blurb_h + 4
    rule = players + heading + 2
    options = rule + 4
    top = options + heading
    step = 52 + 4
    y = top + rows * step - 4 if rows else top + fonts.get(theme.TEXT_BODY).get_linesize()
    desc_y, desc_h = y + 4, 0
    if desc is not None:
        desc_h = _paragraph_height(desc, theme.TEXT_MIN, w)
        y = desc_y + desc_h
    rule2 = y + 6
    reaction = rule2 + 4
    slider_y = reaction + heading - 4
    note_y = slider_y + 48 if slider else reaction + heading + 2
    return LeftRows(blurb=blurb_y, blurb_h=blurb_h, players=players, rule=rule,
                    options=options, rows=top, step=step, desc=desc_y, desc_h=desc_h,
                    none=top, rule2=rule2, reaction=reaction, slider=slider_y, note=note_y,
                    note_h=_paragraph_height(note, theme.TEXT_MIN, w))


def _spec(game: str) -> GameDescriptor:
    return descriptor(game)


def _seat_kinds(game: str) -> tuple[SeatKind, ...]:
    return (SeatKind.PERSON, *levels_for(game))


NETWORK = "network"
"""The new-game screen's seat kind for a person at another computer (a person's seat in the
game's config; the table is then opened to the network)."""
SeatChoice = SeatKind | str


def _seat_options(game: str) -> tuple[SeatChoice, ...]:
    """What a seat may be: a person here, a person on the network, a machine level."""
    return (SeatKind.PERSON, *levels_for(game), NETWORK)


def _stand_in(game: str, kinds: Sequence[SeatKind]) -> SeatKind:
    """The level a seat gets when its own is not offered: the one the game's machine players
    name for standing in (``stand_in_for``; no level is named here)."""
    level = stand_in_for(game)
    return level if level in kinds else kinds[-1]


def setup_of(config: GameConfig) -> dict[str, Any]:
    """``config`` as ``Settings.last_setup`` keeps it."""
    return {"game": config.game, "seats": [kind.value for kind in config.seats],
            "options": sorted(config.options)}


def remembered(settings: Settings, games: Sequence[str]) -> GameConfig | None:
    """The last table started, as this version can offer it, or ``None`` (nothing kept, or a
    game or seat count it cannot offer: said in a warning). A level it lacks becomes the
    stand-in level and an option it does not know is dropped (with a warning each)."""
    setup = settings.last_setup
    if not setup:
        return None
    try:
        game = setup["game"]
        if game not in games:
            log.warning("new game: the last game %r cannot be played here; showing %s",
                        game, DEFAULT.game)
            return None
        spec = _spec(game)
        kinds = _seat_kinds(game)
        seats = [SeatKind(kind) for kind in setup["seats"]]
        if len(seats) not in spec.seat_range:
            log.warning("new game: %s takes no table of %d; showing %s", game, len(seats),
                        DEFAULT.game)
            return None
        if any(kind not in kinds for kind in seats):
            log.warning("new game: a level of the last %s table is not offered; using %s",
                        game, _stand_in(game, kinds).value)
            seats = [kind if kind in kinds else _stand_in(game, kinds) for kind in seats]
        options = {option for option in setup["options"] if option in spec.options}
        if len(options) != len(setup["options"]):
            log.warning("new game: options of the last %s table dropped", game)
        options -= set([o for o in spec.pick_one if o in options][1:])  # one pick at most
        chosen = spec.with_defaults(frozenset(options))
        spec.check_table(len(seats), chosen)
    except (KeyError, TypeError, ValueError, MalformedInput) as error:
        log.warning("new game: the last setup cannot be read (%s); showing %s",
                    error.__class__.__name__, DEFAULT.game)
        return None
    return GameConfig(game, tuple(seats), chosen)


class NewGameScene(FormScene[None]):
    def __init__(self, app: App, config: GameConfig | None = None) -> None:
        self.games = on_screen()
        if config is None or config.game not in self.games:
            config = remembered(app.settings, self.games)
        start = config if config is not None else DEFAULT
        self.game = start.game
        self.max_seats = max(descriptor(game).max_seats for game in self.games)
        kinds = _seat_kinds(self.game)
        self.kinds: list[SeatKind] = [
            start.seats[i] if i < start.seat_count and start.seats[i] in kinds
            else _stand_in(self.game, kinds) for i in range(self.max_seats)
        ]
        self.count = start.seat_count
        self.network: set[int] = set()
        """Person seats that sit at other computers."""
        self.problem = ""
        """Why the table could not be opened to the network (one line), else nothing."""
        self.options: set[str] = set(start.options)
        self.chosen: dict[str, set[str]] = {start.game: set(start.options)}
        """The options chosen per game, so switching games and back keeps them."""
        super().__init__(app)

    # --- what it builds ------------------------------------------------------------------------

    def config(self) -> GameConfig:
        """The table as chosen now."""
        spec = _spec(self.game)
        options = frozenset(o for o in self.options if o in spec.options)
        return GameConfig(self.game, tuple(self.kinds[: self.count]),
                          spec.with_defaults(options))

    # --- widgets -------------------------------------------------------------------------------

    def build(self) -> None:
        x, w = LEFT.left + PAD, LEFT.width - 2 * PAD
        games = [(g, self.tr(f"game.{g}.name")) for g in self.games]
        self.game_choice: Choice[str] = Choice((x, LEFT.top + 20, w, 52),
                                               self.tr("newgame.ruleset"), games, self.game,
                                               self._set_game, value_width=330)
        self.option_widgets: dict[tuple[str, str], Toggle | Choice[str]] = {}
        for game in self.games:
            self._build_options(game, x, w)
        self.reaction = Slider((x, LEFT.top + 392, w, 48), REACTION_MIN, REACTION_MAX,
                               self.app.settings.reaction_seconds, self._set_reaction, step=1,
                               show=lambda v: plural(self.app.loc, "newgame.seconds", round(v)),
                               show_width=170)

        rx, rw = RIGHT.left + PAD, RIGHT.width - 2 * PAD
        self.count_choice: Choice[int] = Choice((rx, RIGHT.top + 16, rw, 50),
                                                self.tr("newgame.seats"), self._counts(),
                                                self.count, self._set_count, wrap=False,
                                                value_width=200)
        self.seat_choices: list[Choice[SeatChoice]] = []
        self.name_fields: list[NameField] = []
        names = self.app.settings.player_names
        for seat in range(self.max_seats):
            y = SEAT_TOP + 6 + seat * SEAT_STEP
            choice: Choice[SeatChoice] = Choice(
                (rx, y, rw, 40), self._seat_label(seat),
                [(kind, self._kind_label(kind)) for kind in _seat_options(self.game)],
                self._choice_of(seat), self._seat_setter(seat), value_width=330)
            self.seat_choices.append(choice)
            field = NameField((rx, y, NAME_W, 40), shown_name(names[seat]) if seat < len(names)
                              else "",
                              placeholder=self._default_name(seat),
                              on_change=self._name_setter(seat))
            self.name_fields.append(field)
        rows = [w for pair in zip(self.name_fields, self.seat_choices, strict=True)
                for w in pair]

        row = button_row()
        self.back = Button((LEFT.left, row.top, 250, row.height), self.tr("newgame.back"),
                           self.finish, style="ghost", shortcut_label=self.tr("key.esc"))
        self.code = Button((theme.SCREEN_W // 2 - 170, row.top, 340, row.height),
                           self.tr("newgame.code"), self._enter_code)
        self.start = Button((RIGHT.right - 330, row.top, 330, row.height),
                            self._start_text, self._start, shortcut=pygame.K_RETURN,
                            shortcut_label=self.tr("key.enter"), style="primary",
                            size=theme.TEXT_LARGE)
        for widget in (self.game_choice, *self.option_widgets.values(), self.reaction,
                       self.count_choice, *rows, self.back, self.code, self.start):
            self.form.add(widget)
        self._sync()

    def _build_options(self, game: str, x: int, w: int) -> None:
        """One widget per option of ``game`` (hidden while another game is chosen): a toggle
        each, and one choice for a pick-one group."""
        spec = _spec(game)
        chosen = self.chosen.get(game, set(spec.defaults))
        free = [option for option in spec.options if option not in spec.pick_one]
        rows: list[tuple[str, Toggle | Choice[str]]] = []
        if spec.pick_one:
            picked = next((o for o in spec.pick_one if o in chosen), spec.pick_one[0])
            pick: Choice[str] = Choice((x, 0, w, 52), self.tr(f"newgame.{game}_pick"),
                                       [(o, self.tr(f"newgame.{o}")) for o in spec.pick_one],
                                       picked, self._option_picker(game), value_width=260)
            if big():  # the box as wide as its longest pick needs, the label kept whole
                pick.value_width = max(260, min(w - pick.needed_label_width(),
                                                pick.needed_value_width()))
            rows.append(("pick", pick))
        for option in free:
            rows.append((option, Toggle((x, 0, w, 52), self.tr(f"newgame.{option}"),
                                        option in chosen, self._option_setter(game, option))))
        for name, widget in rows[:MAX_OPTION_ROWS]:
            self.option_widgets[(game, name)] = widget
        self._place_options(game)

    def _shown_options(self, game: str) -> list[str]:
        """The names of ``game``'s option rows ("pick" for a pick-one group), in order."""
        return [name for (g, name) in self.option_widgets if g == game]

    def rows_of(self, game: str) -> LeftRows:
        """The left panel's places while ``game`` is chosen (:func:`left_rows`)."""
        shown = self._shown_options(game)
        desc = self.t(f"newgame.{shown[0]}_desc") if len(shown) == 1 and shown[0] != "pick" \
            else None
        windows = ui_kit_for(game).windows(game)
        note = self.t("newgame.reaction_desc" if windows else "newgame.no_reactions")
        return left_rows(self.t(f"game.{game}.blurb"), len(shown), desc, note,
                         self.slider_shown(game))

    @staticmethod
    def slider_shown(game: str) -> bool:
        """The reaction window's slider is shown at 100 % always (greyed for a game without
        windows); at a bigger text size only for a game that has them (the note says why
        not, in the room the slider would take)."""
        return not big() or ui_kit_for(game).windows(game)

    def _place_options(self, game: str) -> None:
        """``game``'s option rows one under the other where its :meth:`rows_of` puts them."""
        rows = self.rows_of(game)
        for row, name in enumerate(self._shown_options(game)):
            self.option_widgets[(game, name)].rect.top = rows.rows + row * rows.step

    def _option_setter(self, game: str, option: str) -> Callable[[bool], None]:
        def setter(on: bool) -> None:
            chosen = self.chosen.setdefault(game, set(_spec(game).defaults))
            if on:
                chosen.add(option)
            else:
                chosen.discard(option)
            if game == self.game:
                self.options = set(chosen)

        return setter

    def _option_picker(self, game: str) -> Callable[[str], None]:
        def picker(option: str) -> None:
            spec = _spec(game)
            chosen = self.chosen.setdefault(game, set(spec.defaults))
            chosen.difference_update(spec.pick_one)
            chosen.add(option)
            if game == self.game:
                self.options = set(chosen)

        return picker

    def _counts(self) -> list[tuple[int, str]]:
        spec = _spec(self.game)
        return [(n, str(n)) for n in range(spec.min_seats, spec.max_seats + 1)]

    def _kind_label(self, kind: SeatChoice) -> Callable[[], str]:
        if kind is SeatKind.PERSON:
            return self.tr("newgame.person")
        if kind == NETWORK:
            return self.tr("newgame.network")
        level = SeatKind(kind).value
        return lambda: self.t("newgame.machine_level", level=self.t(f"level.{level}.name"))

    def _choice_of(self, seat: int) -> SeatChoice:
        return NETWORK if seat in self.network else self.kinds[seat]

    def _seat_setter(self, seat: int) -> Callable[[SeatChoice], None]:
        def setter(kind: SeatChoice) -> None:
            if kind == NETWORK:
                self.network.add(seat)
                self.kinds[seat] = SeatKind.PERSON
            else:
                self.network.discard(seat)
                self.kinds[seat] = SeatKind(kind)
            self.problem = ""
            self._sync_names()

        return setter

    def network_seats(self) -> set[int]:
        """The seats at this table that sit at other computers."""
        return {seat for seat in self.network if seat < self.count}

    def _seat_label(self, seat: int) -> Callable[[], str]:
        """"Seat N" for a machine; nothing for a person, whose name field stands there."""
        return lambda: "" if self.kinds[seat] is SeatKind.PERSON and seat not in self.network \
            else self.t("newgame.seat", n=seat + 1)

    def _default_name(self, seat: int) -> Callable[[], str]:
        return lambda: default_name(self.app.loc, seat)

    def _name_setter(self, seat: int) -> Callable[[str], None]:
        def setter(text: str) -> None:
            settings = self.app.settings
            settings.player_names = with_name(settings.player_names, seat, text)

        return setter

    def _sync_names(self) -> None:
        """A name field for each person's seat at the table."""
        for seat, field in enumerate(self.name_fields):
            field.visible = seat < self.count and self.kinds[seat] is SeatKind.PERSON \
                and seat not in self.network
            if field.focused and not field.visible:  # the seat became a machine's
                choice = self.seat_choices[seat]
                self.form.focus(choice if choice.visible else self.count_choice)

    def _sync(self) -> None:
        """Show what the chosen game has: its seat range, its options, its reaction window."""
        spec = _spec(self.game)
        self.count = max(spec.min_seats, min(spec.max_seats, self.count))
        counts = self._counts()
        self.count_choice.options = list(counts)
        self.count_choice.index = [n for n, _ in counts].index(self.count)
        kinds = _seat_kinds(self.game)
        options = _seat_options(self.game)
        for seat, choice in enumerate(self.seat_choices):
            choice.visible = seat < self.count
            if self.kinds[seat] not in kinds:
                self.kinds[seat] = _stand_in(self.game, kinds)
            choice.options = [(kind, self._kind_label(kind)) for kind in options]
            choice.index = options.index(self._choice_of(seat))
        for (game, _name), widget in self.option_widgets.items():
            widget.visible = game == self.game
        self.options = set(self.chosen.setdefault(self.game, set(spec.defaults)))
        self.reaction.enabled = ui_kit_for(self.game).windows(self.game)
        self.reaction.rect.top = self.rows_of(self.game).slider
        self.reaction.visible = self.slider_shown(self.game)
        self._sync_names()
        if any(w.focused and not w.visible for w in self.form.widgets):
            self.form.focus(self.count_choice)  # the focused seat just hid itself

    # --- changes -------------------------------------------------------------------------------

    def _set_game(self, game: str) -> None:
        self.game = game
        self._sync()

    def _set_count(self, count: int) -> None:
        self.count = count
        self._sync()

    def _set_reaction(self, value: float) -> None:
        self.app.settings.reaction_seconds = round(value)

    def on_exit(self) -> None:
        """Leaving by any way (Start, Back, Esc, the window closing): the table chosen is kept
        with the names, for the next time the screen opens."""
        self.app.settings.last_setup = setup_of(self.config())
        self.app.save_settings()

    # --- leaving -------------------------------------------------------------------------------

    def _start(self) -> None:
        from game.ui import launch

        config = self.config()
        if self.network_seats():
            launch.unless_it_loses_a_game(self.app, lambda: self._open_to_network(config))
            return
        self.app.settings.last_setup = setup_of(config)
        launch.unless_it_loses_a_game(
            self.app, lambda: launch.open_table(self.app, launch.make_match(config),
                                                replacing=self))

    def _start_text(self) -> str:
        """"Start", or "Open the table" when people at other computers will join first."""
        return self.t("newgame.open" if self.network_seats() else "newgame.start")

    def _open_to_network(self, config: GameConfig) -> None:
        """The table waits in a lobby for the people at other computers; this computer's
        people play from here (at least one must: the host's screen sits at the table)."""
        from game.ui.netplay import open_network_table
        from game.ui.scenes.lobby import LobbyScene

        network = self.network_seats()
        here = [seat for seat, kind in enumerate(config.seats)
                if kind is SeatKind.PERSON and seat not in network]
        if not here:
            self.problem = self.t("newgame.network_needs_you")
            return
        names = self.app.settings.player_names
        first = here[0]
        name = shown_name(names[first]) if first < len(names) else ""
        self.app.settings.last_setup = setup_of(config)
        try:
            thread, opened, link = open_network_table(self.app, config, network, name)
        except (OSError, MechaCortaError) as error:
            log.warning("new game: the table cannot be opened to the network: %s", error)
            self.problem = self.t("newgame.network_failed")
            return
        self.app.stack.replace(LobbyScene(self.app, thread, opened, link, name))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and isinstance(self.form.focused, NameField):
            self.form.move_focus(1)  # Enter after a name: on to the next field, not Start
            return
        super().handle(event)

    def _enter_code(self) -> None:
        from game.ui import launch

        self.push(CodeEntryScene(self.app, check=lambda code: launch.check_code(self.app, code)),
                  self._code_done)

    def _code_done(self, code: object) -> None:
        from game.ui import launch

        if not (isinstance(code, str) and code):
            return
        typed = code

        def open_it() -> None:
            launch.open_code(self.app, typed, replacing=self)

        launch.unless_it_loses_a_game(self.app, open_it)

    # --- frame ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        # as high as the panels leave room for at a bigger text size
        top = min(30, LEFT.top - 6 - fonts.get(theme.TEXT_HEADING + 8, True).get_linesize())
        draw_text(surface, self.t("newgame.title"), (theme.SCREEN_W // 2, top),
                  theme.TEXT_HEADING + 8, theme.INK, bold=True, anchor="midtop")
        for panel in panels():
            round_rect(surface, panel, theme.PANEL, 20, 200)
            round_rect(surface, panel, theme.PANEL_EDGE, 20, 255, 2)
        self._draw_left(surface)
        self._draw_right(surface)
        self.form.draw(surface)

    def _draw_left(self, surface: pygame.Surface) -> None:
        x, w = LEFT.left + PAD, LEFT.width - 2 * PAD
        spec = _spec(self.game)
        rows = self.rows_of(self.game)
        blurb = pygame.Rect(x, rows.blurb, w, rows.blurb_h)
        draw_paragraph(surface, self.t(f"game.{self.game}.blurb"), blurb, theme.TEXT_SMALL,
                       theme.INK_DIM, line_gap=line_gap())
        draw_text(surface, self.t("game.players", min=spec.min_seats, max=spec.max_seats),
                  (x, rows.players), theme.TEXT_SMALL, theme.ACCENT, bold=True)
        self._rule(surface, LEFT, rows.rule)
        draw_text(surface, self.t("newgame.options"), (x, rows.options), theme.TEXT_SMALL,
                  theme.ACCENT, bold=True)
        shown = self._shown_options(self.game)
        if len(shown) == 1 and shown[0] != "pick":
            draw_paragraph(surface, self.t(f"newgame.{shown[0]}_desc"),
                           pygame.Rect(x, rows.desc, w, rows.desc_h), theme.TEXT_MIN,
                           theme.INK_DIM, line_gap=line_gap())
        elif not shown:
            draw_text(surface, self.t("newgame.no_options"), (x, rows.none),
                      theme.TEXT_BODY, theme.INK_DIM, max_width=w)
        self._rule(surface, LEFT, rows.rule2)
        draw_text(surface, self.t("newgame.reaction_window"), (x, rows.reaction),
                  theme.TEXT_SMALL, theme.ACCENT if self.reaction.enabled else theme.INK_DISABLED,
                  bold=True, max_width=w)
        note = "newgame.reaction_desc" if self.reaction.enabled else "newgame.no_reactions"
        draw_paragraph(surface, self.t(note), pygame.Rect(x, rows.note, w, rows.note_h),
                       theme.TEXT_MIN, theme.INK_DIM, line_gap=line_gap())

    def _draw_right(self, surface: pygame.Surface) -> None:
        self._rule(surface, RIGHT, SEAT_TOP - 4)
        for seat, choice in enumerate(self.seat_choices[: self.count]):
            kind = self.kinds[seat]
            dot = (choice.rect.left - 12, choice.rect.centery)
            color = theme.OK if seat in self.network else \
                theme.ACCENT if kind is SeatKind.PERSON else theme.FOCUS
            gfx.circle(surface, color, dot, 5)
        people = sum(1 for seat, kind in enumerate(self.kinds[: self.count])
                     if kind is SeatKind.PERSON and seat not in self.network)
        if self.problem:
            hint = self.problem
        elif self.network_seats():
            hint = plural(self.app.loc, "newgame.network_hint", len(self.network_seats()))
        elif people == 0:
            hint = self.t("newgame.watch_only")
        elif people >= 2:
            hint = self.t("newgame.hot_seat", n=people)
        else:
            hint = ""
        if hint:
            y = SEAT_TOP + 6 + self.count * SEAT_STEP + 6
            w = RIGHT.width - 2 * PAD
            tall = _paragraph_height(hint, theme.TEXT_MIN, w) if big() else 56
            draw_paragraph(surface, hint, pygame.Rect(RIGHT.left + PAD, y, w, tall),
                           theme.TEXT_MIN, theme.INK_DIM, line_gap=line_gap())

    @staticmethod
    def _rule(surface: pygame.Surface, panel: pygame.Rect, y: int) -> None:
        gfx.line(surface, theme.mix(theme.PANEL, theme.PANEL_EDGE, 0.6),
                         (panel.left + PAD, y), (panel.right - PAD, y), 1)
