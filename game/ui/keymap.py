"""Keys a person may move: each action the screens answer with a key can be given another.

The screens keep answering their own keys (Space draws, Enter confirms, H opens Die Bombe's
history…); a person's choice is a translation in front of them (:meth:`Keymap.translate`):
the key chosen for an action presses that action's key. The action's own key keeps working
until another action is given it, so no key is ever lost, and a key is never given to two
actions. Esc, the arrows, Tab, the digits and the letters some screen answers are never given
to an action (the way back, the focus, the seats' nopes, those screens' own shortcuts).

The settings keep the choices by action and key name (``Settings.keys``); a name pygame does
not know, a reserved key or two actions on one key is refused there, each with its reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

import pygame

ACTIONS: Mapping[str, int] = MappingProxyType({
    "act": pygame.K_SPACE,
    "confirm": pygame.K_RETURN,
    "history": pygame.K_h,
    "equipment": pygame.K_e,
    "fast": pygame.K_f,
    "mute": pygame.K_F8,
})
"""Each action a person may move, with the key the screens answer for it: the table's main
deed (draw, seal, cut), confirm, the history (the whole log; Die Bombe's bids), Caza Bombas'
equipment, fast-forward
the machines, sound off. (F11, fullscreen, stays where every program has it.)"""

SCREENS_OWN = frozenset({pygame.K_a, pygame.K_c, pygame.K_d, pygame.K_l, pygame.K_m,
                         pygame.K_n, pygame.K_p, pygame.K_r, pygame.K_s, pygame.K_v,
                         pygame.K_y, pygame.K_z, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
                         pygame.K_HOME, pygame.K_END, pygame.K_PLUS, pygame.K_MINUS,
                         pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_KP_MINUS})
"""Keys some screen answers for a thing of its own (the results' A, R, P, C; the lesson's L;
the host's M; the bid pad's +/−…): giving one to an action would take that thing away."""
RESERVED = frozenset({pygame.K_ESCAPE, pygame.K_F11, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT,
                      pygame.K_RIGHT, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_KP_ENTER,
                      *range(pygame.K_0, pygame.K_9 + 1),
                      *range(pygame.K_KP0, pygame.K_KP9 + 1), *SCREENS_OWN})
"""Keys no action may take: the way back, the focus, erasing, the seats' number keys, and
what the screens answer of their own."""


@dataclass(frozen=True)
class Keymap:
    """The keys a person chose, action → key code (the actions left out keep theirs)."""

    chosen: Mapping[str, int]

    @classmethod
    def from_names(cls, names: Mapping[str, str]) -> Keymap:
        """From the settings' names (``{"act": "d"}``); anything refusable is left out."""
        chosen: dict[str, int] = {}
        for action, name in names.items():
            key = key_code(name)
            if action in ACTIONS and key is not None and problem(chosen, action, key) is None:
                chosen[action] = key
        return cls(MappingProxyType(chosen))

    def key_of(self, action: str) -> int:
        return self.chosen.get(action, ACTIONS[action])

    def translate(self, key: int) -> int:
        """The key the screens get when ``key`` is pressed: an action's own key for the key
        chosen for it, else the key itself (an action's own key keeps working until another
        action is given it)."""
        for action, chosen in self.chosen.items():
            if chosen == key:
                return ACTIONS[action]
        return key


_CODES: Mapping[str, int] = MappingProxyType({
    name[2:].lower(): getattr(pygame, name) for name in dir(pygame)
    if name.startswith("K_") and isinstance(getattr(pygame, name), int)})
"""Key names (pygame's constants less ``K_``, lower case: ``g``, ``space``, ``f8``) to codes:
read without SDL (the settings are read before the window opens)."""
_NAMES: Mapping[int, str] = MappingProxyType({code: name for name, code in
                                              sorted(_CODES.items(), reverse=True)})


def key_code(name: str) -> int | None:
    """The code of a key name (``"space"``, ``"g"``, ``"f8"``), ``None`` if unknown."""
    return _CODES.get(name.lower())


def key_name(key: int) -> str:
    """The name :func:`key_code` reads back (what the settings keep)."""
    return _NAMES.get(key, "")


def key_label(key: int) -> str:
    """The key's name as a person reads it on a key cap ("G", "Space", "F8")."""
    name = key_name(key) or "?"
    return name.upper() if len(name) <= 3 else name.replace("_", " ").title()


def problem(chosen: Mapping[str, int], action: str, key: int) -> str | None:
    """Why ``key`` cannot go to ``action`` given the other choices (a locale key under
    ``settings.keys``), ``None`` when it can: a reserved key, or a key another action has."""
    if key in RESERVED:
        return "reserved"
    for other in ACTIONS:
        if other != action and chosen.get(other, ACTIONS[other]) == key:
            return "taken"
    return None
