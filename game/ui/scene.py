"""The base of every screen: a scene on the :class:`~game.ui.stack.SceneStack`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import pygame

if TYPE_CHECKING:
    from game.ui.app import App

R = TypeVar("R")


class Scene(Generic[R]):
    """One screen or modal. ``R`` is the type of the result it returns to whoever pushed it
    (``None`` always means "cancelled / closed without an answer").

    - ``opaque``: it covers the whole screen, so the scenes below are not drawn.
    - ``pauses_below``: while it is on top the scenes below do not ``update`` (a pause menu);
      a modal that lets the table keep smoking sets it ``False``.
    - ``busy``: while true the app drops clicks and keys (Esc and F11 still pass): an action is
      resolving and its animation is playing.
    - ``animating``: something the player watches is moving (cards flying, machines playing, a
      countdown); while no scene on the stack animates and no input comes, the app slows to a
      few frames a second (ambient sparks go on, slower) and the processor rests.
    - ``still``: nothing it draws changes by itself outside its :meth:`ambient` areas, so an
      idle frame may show only those; while any drawn scene is not still, every idle frame is
      drawn whole (a slow frame is fine, an old one is not).
    - ``settling``: something the person may have been dismissing with a press has just gone;
      the app drops clicks and key presses meanwhile, so the press meant for it never acts on
      what comes next.
    """

    opaque: bool = True
    pauses_below: bool = True
    pad_keys: Mapping[int, int] = MappingProxyType({})
    """Controller buttons this screen gives keys of its own (``game.ui.pad``: Y and Back
    are left to each screen), button → key (:meth:`pad_key` for one that depends on whose
    controller it is)."""

    def __init__(self, app: App) -> None:
        self.app = app

    # --- what the stack calls --------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return False

    @property
    def animating(self) -> bool:
        return self.busy

    @property
    def still(self) -> bool:
        """Nothing drawn outside :meth:`ambient` changes until input comes: a scene that moves
        nothing while it waits. A scene whose state can change with no input and no
        animation (a timeline playing a moment the person may cut short, a notice fading)
        says ``False`` then."""
        return not self.animating

    @property
    def settling(self) -> bool:
        """A moment the person could dismiss has just ended (naturally or cut short): a press
        arriving now was meant for it, and is dropped rather than acting on the table."""
        return False

    def ambient(self) -> list[pygame.Rect] | None:
        """The logical rects that still change while nothing happens (sparks, a bobbing card),
        so an idle frame need only show those; ``None``: the whole screen."""
        return None

    def handle(self, event: pygame.event.Event) -> None:
        """An input event (only the top scene gets them). Esc never arrives here: the app
        calls :meth:`on_escape` instead."""

    def update(self, dt: float) -> None:
        """Advance ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the 1280×720 logical surface."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Draw over every scene drawn above this one (a lesson pointing at a modal the
        scene opened); called after all of them, for each scene drawn this frame."""

    def on_enter(self) -> None:
        """Pushed onto the stack."""

    def on_exit(self) -> None:
        """Removed from the stack (popped, replaced or reset)."""

    def on_result(self, result: object) -> None:
        """A scene this one pushed (without its own callback) has closed with ``result``."""

    def on_escape(self) -> None:
        """Esc: back by default. The title asks to quit; a table opens the pause menu."""
        self.finish(None)

    def pad_key(self, button: int, seat: int | None) -> int | None:
        """The key a controller's ``button`` presses on this screen beyond the usual ones
        (``seat``: the person the controller was given to at the curtain, if any);
        ``None``: the usual one (``game.ui.pad.BUTTON_KEYS``) or none."""
        return self.pad_keys.get(button)

    def on_pad_lost(self) -> None:
        """A controller in use was unplugged (or its battery died): a table pauses, so the
        person's turn waits for them; elsewhere nothing needs to."""

    def on_language(self) -> None:
        """The language changed: rebuild anything that cached translated text."""

    # --- what the scene calls ----------------------------------------------------------------

    def finish(self, result: R | None = None) -> None:
        """Close this scene and hand ``result`` to whoever pushed it."""
        if self.app.stack.top is self:
            self.app.stack.pop(result)

    def push(self, scene: Scene[Any], on_result: Callable[[Any], None] | None = None) -> None:
        self.app.stack.push(scene, on_result)

    def tr(self, key: str, **params: Any) -> Callable[[], str]:
        """A text source that follows the current language: ``Button(text=self.tr("x"))``."""
        return lambda: self.app.loc.t(key, **params)

    def t(self, key: str, **params: Any) -> str:
        return self.app.loc.t(key, **params)
