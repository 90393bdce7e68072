"""Game controllers, read as the keys the screens already answer.

Every screen is played with the keyboard alone (arrows, Tab, Enter, Space, Esc and a few
letters), so a controller needs no screen of its own: its buttons become those keys
(:data:`BUTTON_KEYS`, plus what the top screen adds: :attr:`Scene.pad_keys`) and its left
stick becomes the arrows. The key events made here carry ``pad`` (the controller's instance
id) so that a hot-seat screen can tell whose controller pressed, and the app remembers the
last device used, so that the buttons' key caps show the controller's own button names
(:func:`prompt`) until a key or the mouse is used again.

SDL's game-controller layer names the buttons by their place (``A`` is always the bottom one
of the four), whatever is printed on them: :func:`style_of` reads the controller's name to
print the right one (Xbox ``A``, PlayStation ``✕``, Nintendo ``B`` for the bottom button).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

import pygame

STICK_ON = 0.55
"""How far (of the stick's range) the stick must lean to press an arrow."""
STICK_OFF = 0.3
"""How far back it must come to release it (apart from ``STICK_ON``: no chatter)."""
AXIS_RANGE = 32767


class PadStyle(StrEnum):
    """Whose button names to print."""

    XBOX = "xbox"
    PLAYSTATION = "playstation"
    NINTENDO = "nintendo"


BUTTON_KEYS: Mapping[int, int] = {
    pygame.CONTROLLER_BUTTON_A: pygame.K_RETURN,
    pygame.CONTROLLER_BUTTON_B: pygame.K_ESCAPE,
    pygame.CONTROLLER_BUTTON_X: pygame.K_SPACE,
    pygame.CONTROLLER_BUTTON_START: pygame.K_ESCAPE,
    pygame.CONTROLLER_BUTTON_DPAD_UP: pygame.K_UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: pygame.K_DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: pygame.K_LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: pygame.K_RIGHT,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: pygame.K_TAB,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: pygame.K_TAB,  # with Shift: back
}
"""Every screen's buttons: A confirms (Enter), B goes back (Esc), X is the table's main deed
(Space: draw, seal, cut), the d-pad moves, the shoulders step between groups (Tab and
Shift+Tab: the hand and the buttons, cards and wires), Start opens the menu (Esc). Y and Back
are the screen's own (:attr:`Scene.pad_keys`)."""

SHIFTED = frozenset({pygame.CONTROLLER_BUTTON_LEFTSHOULDER})
"""Buttons whose key is sent with Shift held."""

_NAMES: Mapping[PadStyle, Mapping[int, str]] = {
    PadStyle.XBOX: {pygame.CONTROLLER_BUTTON_A: "A", pygame.CONTROLLER_BUTTON_B: "B",
                    pygame.CONTROLLER_BUTTON_X: "X", pygame.CONTROLLER_BUTTON_Y: "Y",
                    pygame.CONTROLLER_BUTTON_START: "Menu",
                    pygame.CONTROLLER_BUTTON_BACK: "View"},
    PadStyle.PLAYSTATION: {pygame.CONTROLLER_BUTTON_A: "✕", pygame.CONTROLLER_BUTTON_B: "○",
                           pygame.CONTROLLER_BUTTON_X: "□", pygame.CONTROLLER_BUTTON_Y: "△",
                           pygame.CONTROLLER_BUTTON_START: "Options",
                           pygame.CONTROLLER_BUTTON_BACK: "Share"},
    PadStyle.NINTENDO: {pygame.CONTROLLER_BUTTON_A: "B", pygame.CONTROLLER_BUTTON_B: "A",
                        pygame.CONTROLLER_BUTTON_X: "Y", pygame.CONTROLLER_BUTTON_Y: "X",
                        pygame.CONTROLLER_BUTTON_START: "+",
                        pygame.CONTROLLER_BUTTON_BACK: "−"},
}
_COMMON: Mapping[int, str] = {
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "LB", pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "RB",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "↑", pygame.CONTROLLER_BUTTON_DPAD_DOWN: "↓",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "←", pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "→",
}
_SHOULDERS: Mapping[PadStyle, Mapping[int, str]] = {
    PadStyle.PLAYSTATION: {pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "L1",
                           pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "R1"},
    PadStyle.NINTENDO: {pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "L",
                        pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "R"},
}


def style_of(name: str) -> PadStyle:
    """The button names a controller called ``name`` (SDL's name for it) has printed."""
    lowered = name.lower()
    if any(word in lowered for word in ("playstation", "ps3", "ps4", "ps5", "dualshock",
                                        "dualsense", "sony")):
        return PadStyle.PLAYSTATION
    if any(word in lowered for word in ("nintendo", "switch", "joy-con", "pro controller")):
        return PadStyle.NINTENDO
    return PadStyle.XBOX


def button_name(button: int, style: PadStyle) -> str:
    """What is printed on ``button`` of a controller of ``style``."""
    return _NAMES[style].get(button) or _SHOULDERS.get(style, {}).get(button) \
        or _COMMON.get(button, "?")


def prompt(key: int, style: PadStyle, extra: Mapping[int, int] | None = None) -> str | None:
    """The button that presses ``key`` on a controller of ``style`` (the screen's own buttons
    ``extra`` first), ``None`` when no button does: the key cap is then left out."""
    for button, pressed in (*(extra or {}).items(), *BUTTON_KEYS.items()):
        if pressed == key and button not in SHIFTED:
            return button_name(button, style)
    return None


@dataclass
class PadInput:
    """Turns one frame's controller events into key events (and keeps the sticks' state)."""

    leaning: dict[tuple[int, int], int] = field(default_factory=dict)
    """(controller, axis) → the arrow key it holds down."""

    def keys_for(self, event: pygame.event.Event, extra: Mapping[int, int] | None = None,
                 own: Callable[[int], int | None] | None = None) -> list[pygame.event.Event]:
        """The key events ``event`` stands for (none for a button no screen uses): the
        screen's ``own`` key for a button first, then ``extra``, then :data:`BUTTON_KEYS`."""
        pad = getattr(event, "instance_id", -1)
        if event.type in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            key = own(event.button) if own is not None else None
            if key is None:
                key = (extra or {}).get(event.button, BUTTON_KEYS.get(event.button))
            if key is None:
                return []
            down = event.type == pygame.CONTROLLERBUTTONDOWN
            mod = pygame.KMOD_LSHIFT if event.button in SHIFTED else pygame.KMOD_NONE
            return [_key(key, down, mod, pad)]
        if event.type == pygame.CONTROLLERAXISMOTION:
            return self._stick(event, pad)
        return []

    def _stick(self, event: pygame.event.Event, pad: int) -> list[pygame.event.Event]:
        axis = event.axis
        if axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return []
        value = event.value / AXIS_RANGE
        held = self.leaning.get((pad, axis))
        out: list[pygame.event.Event] = []
        if held is not None and abs(value) < STICK_OFF:
            del self.leaning[(pad, axis)]
            out.append(_key(held, False, pygame.KMOD_NONE, pad))
        elif held is None and abs(value) >= STICK_ON:
            if axis == pygame.CONTROLLER_AXIS_LEFTX:
                key = pygame.K_RIGHT if value > 0 else pygame.K_LEFT
            else:
                key = pygame.K_DOWN if value > 0 else pygame.K_UP
            self.leaning[(pad, axis)] = key
            out.append(_key(key, True, pygame.KMOD_NONE, pad))
        return out


def _key(key: int, down: bool, mod: int, pad: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=key, mod=mod,
                              unicode="", scancode=0, pad=pad)


PAD_EVENTS = frozenset({pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP,
                        pygame.CONTROLLERAXISMOTION})
PAD_DEVICE_EVENTS = frozenset({pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED,
                               pygame.CONTROLLERDEVICEREMAPPED})
