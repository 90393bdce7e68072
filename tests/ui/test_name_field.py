"""A name field's Ctrl+A selects the name and what is typed next replaces it (it used to add
to it: a second join typed "Bea" into "Bea" and the table said "BeaBea")."""

from __future__ import annotations

import pygame

from game.ui.name_field import NameField


def _key(field: NameField, key: int, mod: int = 0) -> None:
    field.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def test_ctrl_a_then_typing_replaces_the_name() -> None:
    changes: list[str] = []
    field = NameField((0, 0, 200, 40), "Bea", placeholder="Player 1", on_change=changes.append)
    field.focused = True
    _key(field, pygame.K_a, pygame.KMOD_CTRL)
    assert field.selected
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="Ana"))
    assert field.text == "Ana" and not field.selected and changes[-1] == "Ana"
    field.handle(pygame.event.Event(pygame.TEXTINPUT, text="!"))
    assert field.text == "Ana!"  # a plain key adds, as before


def test_ctrl_a_then_backspace_clears_it() -> None:
    field = NameField((0, 0, 200, 40), "Bea", placeholder="Player 1", on_change=lambda _: None)
    field.focused = True
    _key(field, pygame.K_a, pygame.KMOD_CTRL)
    _key(field, pygame.K_BACKSPACE)
    assert field.text == ""
