"""The hide-the-bomb picker and the code box, through real pygame events: the slider after
Random shows no place, a big deck is drawn without overlapping cards, Paste clears the old
error, Ctrl+A selects the code (typing replaces it) and Ctrl+V pastes."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pygame
import pytest

from game.rules.bombdeck import actions as A
from game.ui import theme
from game.ui.app import App
from game.ui.bombdeck.hide_bomb import SLIM, HideBombScene
from game.ui.scenes import code_entry
from game.ui.scenes.code_entry import CodeEntryScene
from tests.ui.conftest import click, frames, key, post
from tests.ui.probes import Probe

# --- the picker ----------------------------------------------------------------------------------

def _picker(app: App, deck: int, start: int = 0) -> tuple[Probe, HideBombScene]:
    below = Probe(app)
    app.stack.reset(below)
    picker = HideBombScene(app, deck, start=start)
    app.stack.push(picker)
    frames(app, 20)
    return below, picker


def _marker_shown(app: App, picker: HideBombScene, x: int) -> bool:
    app.draw()
    y = picker.slider.track.centery
    return app.canvas.get_at((x, y))[:3] == theme.ACCENT_DARK


def test_after_random_the_slider_shows_no_place(silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    below, picker = _picker(app, 12, start=3)
    old = picker.slider.marker_x()
    assert _marker_shown(app, picker, old)
    click(picker.rand.rect.center)
    frames(app)
    assert picker.random and not _marker_shown(app, picker, old)
    key(pygame.K_RIGHT)  # moving it again leaves Random
    frames(app)
    assert not picker.random and picker.position == 4
    assert _marker_shown(app, picker, picker.slider.marker_x())
    frames(app, 20)  # past the button's cooldown
    click(picker.rand.rect.center)
    frames(app)
    key(pygame.K_RETURN)
    frames(app)
    assert below.results == [A.RANDOM]


@pytest.mark.parametrize("deck", [12, 25, 31, 44, 60])
def test_a_big_deck_is_drawn_without_overlapping_cards(silent_app: Callable[..., App],
                                                       deck: int) -> None:
    app = silent_app("en")
    _below, picker = _picker(app, deck, start=deck // 3)
    rects = picker.back_rects()
    assert len(rects) == deck
    panel = picker.panel
    for a, b in itertools.pairwise(rects):
        assert a.right <= b.left, "two cards of the deck overlap"
    assert panel.left < rects[0].left and rects[-1].right < panel.right
    gaps = [b.left - a.right for a, b in itertools.pairwise(rects)]
    assert max(gaps) > 3 * min(gaps)  # the chosen gap stands out
    if deck <= 31:
        assert rects[0].width >= SLIM  # with their picture whole


# --- the code box --------------------------------------------------------------------------------

def test_paste_clears_the_old_error(silent_app: Callable[..., App],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    app = silent_app("en")
    modal = CodeEntryScene(app, check=lambda code: None if code == "911-119" else "bad code")
    app.stack.push(modal)
    frames(app, 20)
    post(pygame.event.Event(pygame.TEXTINPUT, text="911-118"))
    key(pygame.K_RETURN)
    frames(app)
    assert modal.error == "bad code"
    monkeypatch.setattr(code_entry, "read_clipboard", lambda: " 911-119 ")
    click(modal.paste.rect.center)
    frames(app)
    assert modal.field.text == "911-119" and modal.error == ""
    post(pygame.event.Event(pygame.TEXTINPUT, text="x"))  # Ctrl+V works the same way
    frames(app)
    key(pygame.K_v, pygame.KMOD_LCTRL)
    frames(app)
    assert modal.field.text == "911-119"


def test_ctrl_a_selects_all_and_typing_replaces_it(silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    got: list[object] = []
    modal = CodeEntryScene(app)
    app.stack.push(modal, got.append)
    frames(app, 20)
    post(pygame.event.Event(pygame.TEXTINPUT, text="ABC-DEF"))
    frames(app)
    key(pygame.K_a, pygame.KMOD_LCTRL)
    frames(app)
    assert modal.field.selected
    app.draw()
    post(pygame.event.Event(pygame.TEXTINPUT, text="9"))
    frames(app)
    assert modal.field.text == "9" and not modal.field.selected
    key(pygame.K_a, pygame.KMOD_LCTRL)
    key(pygame.K_BACKSPACE)
    frames(app)
    assert modal.field.text == ""
    post(pygame.event.Event(pygame.TEXTINPUT, text="911-119"))
    key(pygame.K_a, pygame.KMOD_LCTRL)
    key(pygame.K_RIGHT)  # moving the caret drops the selection
    post(pygame.event.Event(pygame.TEXTINPUT, text="Z"))
    frames(app)
    assert modal.field.text == "911-119Z"
