"""A family's own table, frozen at one moment of a finished game and drawn for one seat: the
review screen's picture of move *k* (``game.ui.scenes.review``).

The review must show the table exactly as the live game painted it, so it does not paint one
of its own: it builds the family's table scene (``UiKit.table``, the same factory the live
game uses) for a :class:`FrozenMatch` (the game's save replayed to move *k*) and draws that
scene into a picture. Nothing in ``game.ui.table.base`` changes for it; the match brings
its own flow, as a table joined over the network does (``flow_class``):

- :class:`FrozenFlow` looks as the chosen seat all the time (``viewer``), shows its secrets
  (``show_private``), never brings a curtain down, never waits for anyone
  (``awaiting_person`` is ``None``: no bid entry, no glowing card) and never moves (``update``
  does nothing; an action is refused). The game is over, so any seat's secrets may be shown.
- :class:`FrozenMatch` counts the chosen seat as the person at the screen (``is_person``),
  since the tables draw a seat's own rack or sealed bid only for a person; it carries the
  names the game was played under (``names``, read as a joined table's are).
- :class:`PastWords` is the frozen table's translator: where a live table says who is
  thinking or waited for ("Astuto 2 is thinking…"), a finished game says whose turn it was
  ("Astuto 2's turn"): nobody thinks in a game that is over (review 3). Every other word is
  the live table's.

The scene is never pushed: no input reaches it, its ``update`` never runs (no machine
moves, no timers, no sounds), no autosaver is given. After it is built its motion is settled
(a deal that would fly in at move 0 is shown dealt) and its buttons are hidden.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from game.core.errors import Illegal, IllegalAction
from game.core.saves import SavedGame
from game.match.flow import Pace, TableFlow, Thinker
from game.match.match import FeedItem, Match
from game.ui import gfx, theme
from game.ui.locale import Translator
from game.ui.registry import ui_kit_for
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App


class FrozenFlow(TableFlow):
    """A table flow that only shows: the seat of its :class:`FrozenMatch` looks, nothing
    moves, nothing is covered."""

    def __init__(self, match: Match, pace: Pace, thinker: Thinker | None = None) -> None:
        super().__init__(match, pace, None)  # never thinks: nothing is ever asked of it
        self.viewer = getattr(match, "seat", None)
        self.curtain_for = None

    @property
    def show_private(self) -> bool:
        return self.viewer is not None

    @property
    def awaiting_person(self) -> int | None:
        return None

    def update(self, dt: float) -> list[FeedItem]:
        return []

    def _refresh(self) -> None:
        """Never a curtain: the game is over, nobody's secrets are left to keep."""

    def submit(self, action: Any) -> list[FeedItem]:
        raise IllegalAction("a reviewed game takes no moves", Illegal.OVER)

    def window_act(self, seat: int, action: Any) -> list[FeedItem]:
        raise IllegalAction("a reviewed game takes no moves", Illegal.OVER)

    def act_for(self, seat: int, action: Any) -> list[FeedItem]:
        raise IllegalAction("a reviewed game takes no moves", Illegal.OVER)

    def go_on(self) -> list[FeedItem]:
        raise IllegalAction("a reviewed game takes no moves", Illegal.OVER)


class FrozenMatch(Match):
    """A finished game's save replayed to one move, shown as ``seat`` saw it. ``names``:
    the people's names the game was played under (``''``: the usual name)."""

    flow_class = FrozenFlow
    seat: int = 0
    names: list[str]

    def is_person(self, seat: int) -> bool:
        return seat == self.seat or super().is_person(seat)


PAST_KEYS: Mapping[str, str] = MappingProxyType({
    "table.thinking": "review.turn_of",
    "table.waiting": "review.turn_of",
})
"""The live table's words about someone acting now, and what a frozen table says instead."""


class PastWords:
    """A translator for a frozen table: ``live``'s words, but for :data:`PAST_KEYS`, said
    once: a table whose banner already says "Astuto 2's turn" (Caza Bombas puts who is
    thinking under it) gets no second line saying it again. Two are equal for the same
    ``live`` translator: the namers keep what they formatted while their translator stays
    the same (``Namer.kept``)."""

    def __init__(self, live: Translator, said: list[str]) -> None:
        self.live = live
        self._said = said
        """The last words said under another key (none after a turn line): shared by the
        table's translators, one made each time the namer asks for its translator."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PastWords) and other.live is self.live

    def __hash__(self) -> int:
        return id(self.live)

    def t(self, key: str, /, **params: Any) -> str:
        past = PAST_KEYS.get(key)
        text = self.live.t(past or key, **params)
        if past is None:
            self._said[:] = [text]
            return text
        just = self._said[:] == [text]
        self._said.clear()  # a turn line asked again (a banner laid out twice) is said again
        return "" if just else text  # just said: the banner's own line names the turn

    def __getattr__(self, name: str) -> Any:  # plural, ordinal, has, lang...: the live ones
        if name in ("live", "_said"):  # not set yet (a copy being made): no recursion
            raise AttributeError(name)
        return getattr(self.live, name)


def speak_in_the_past(table: Scene[Any]) -> None:
    """Make ``table``'s namer (every family's table names its seats and says its banner
    through one) speak through :class:`PastWords` around the app's current translator."""
    namer = getattr(table, "namer", None)
    source = getattr(namer, "_loc_source", None)
    if namer is None or not callable(source):
        return
    said: list[str] = []
    namer._loc_source = lambda: PastWords(source(), said)


def frozen_match(save: SavedGame, moves: int, seat: int,
                 names: Sequence[str] = ()) -> FrozenMatch:
    """``save`` replayed to its first ``moves`` actions, for ``seat``. ``MalformedInput``
    when the save does not replay."""
    moves = max(0, min(moves, len(save.actions)))
    frozen = FrozenMatch.from_save(SavedGame(save.config, save.seed, save.actions[:moves]))
    assert isinstance(frozen, FrozenMatch)
    frozen.seat = seat
    count = save.config.seat_count
    frozen.names = [str(n) for n in names][:count] + [""] * max(0, count - len(names))
    return frozen


def frozen_table(app: App, match: FrozenMatch) -> Scene[Any]:
    """The family's own table scene for ``match``, still: its motion settled (a deal at the
    first move is shown dealt, the score sheet of a finished game whole) and its buttons
    hidden."""
    table = ui_kit_for(match.config.game).table(app, match, autosaver=None, resume=None,
                                                show_code=False)
    speak_in_the_past(table)  # "Astuto 2's turn", not "Astuto 2 is thinking…"
    refresh = getattr(table, "_refresh", None)
    if callable(refresh):
        refresh()  # what every table does once nothing moves: the match as it is now
    sheet = getattr(table, "sheet", None)
    finish = getattr(sheet, "finish", None)
    if callable(finish):
        finish()  # a finished game's score sheet is shown filled in, not filling
    controls = getattr(table, "controls", None)
    for widget in getattr(controls, "widgets", ()):
        widget.visible = False
    return table


def picture(table: Scene[Any], width: int, scale: float | None = None) -> gfx.Canvas:
    """``table`` drawn whole and shrunk to ``width`` logical units wide (its 16:9 kept),
    sharp at the window's ``scale``: the table draws onto a canvas of a finer scale whose
    pixels are then taken as they are."""
    k = gfx.scale() if scale is None else scale
    shrink = width / theme.SCREEN_W
    canvas = gfx.Canvas(theme.SCREEN_SIZE, 0, scale=k * shrink)
    canvas.fill(theme.BG_DEEP)
    table.draw(canvas)
    return gfx.Canvas.adopt(canvas, k)
