"""Widgets with real events: a button fires on release inside after a press inside, once per
press; sliders drag and step; toggles, choices, text fields; the form's keyboard focus."""

from __future__ import annotations

import pygame
import pytest

from game.ui import fonts, theme
from game.ui.app import App
from game.ui.text import fit_line, wrap_text
from game.ui.widgets import Button, Choice, Form, Label, Slider, TextField, Toggle

E = pygame.event.Event


def down(pos: tuple[int, int]) -> pygame.event.Event:
    return E(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def up(pos: tuple[int, int]) -> pygame.event.Event:
    return E(pygame.MOUSEBUTTONUP, pos=pos, button=1)


def kd(k: int, mod: int = 0) -> pygame.event.Event:
    return E(pygame.KEYDOWN, key=k, mod=mod, unicode="")


def ku(k: int) -> pygame.event.Event:
    return E(pygame.KEYUP, key=k, mod=0, unicode="")


@pytest.fixture
def button(app: App) -> tuple[Button, list[int]]:
    hits: list[int] = []
    return Button((100, 100, 200, 60), "Go", lambda: hits.append(1),
                  shortcut=pygame.K_SPACE, shortcut_label="Space"), hits


def test_button_fires_on_release_inside(button: tuple[Button, list[int]]) -> None:
    b, hits = button
    b.handle(down((150, 130)))
    assert hits == [] and b.armed
    b.handle(up((160, 130)))
    assert hits == [1] and b.fired == 1


def test_button_ignores_a_drag_out_and_a_drag_in(button: tuple[Button, list[int]]) -> None:
    b, hits = button
    b.handle(down((150, 130)))
    b.handle(up((500, 500)))
    b.handle(down((500, 500)))
    b.handle(up((150, 130)))
    b.handle(up((150, 130)))  # a release without a press
    assert hits == []


def test_button_fires_once_per_press_even_when_clicked_twice_fast(
        button: tuple[Button, list[int]]) -> None:
    b, hits = button
    for _ in range(2):
        b.handle(down((150, 130)))
        b.handle(up((150, 130)))
    assert hits == [1]
    b.update(0.5)
    b.handle(down((150, 130)))
    b.handle(up((150, 130)))
    assert hits == [1, 1]


def test_right_click_and_disabled_buttons_do_nothing(button: tuple[Button, list[int]]) -> None:
    b, hits = button
    b.handle(E(pygame.MOUSEBUTTONDOWN, pos=(150, 130), button=3))
    b.handle(E(pygame.MOUSEBUTTONUP, pos=(150, 130), button=3))
    b.enabled = False
    b.handle(down((150, 130)))
    b.handle(up((150, 130)))
    b.handle(kd(pygame.K_SPACE))
    assert hits == []


def test_shortcut_fires_once_per_key_press(button: tuple[Button, list[int]]) -> None:
    b, hits = button
    b.handle(kd(pygame.K_SPACE))
    b.handle(kd(pygame.K_SPACE))  # a repeat without a release
    assert hits == [1]
    b.handle(ku(pygame.K_SPACE))
    b.update(0.5)
    b.handle(kd(pygame.K_SPACE))
    assert hits == [1, 1]


def test_button_draws_in_every_state(button: tuple[Button, list[int]]) -> None:
    """Every style draws something, and idle, hovered, pressed, disabled and focused look
    different from each other (a player must see what the button will do)."""
    b, _ = button
    blank = pygame.Surface((400, 300))

    def picture() -> bytes:
        surface = blank.copy()
        b.draw(surface)
        return pygame.image.tobytes(surface.subsurface(b.rect), "RGB")

    empty = pygame.image.tobytes(blank.subsurface(b.rect), "RGB")
    styles: set[bytes] = set()
    for style in ("normal", "primary", "danger", "ghost"):
        b.style = style
        b.hovered = b.focused = b.show_focus = False
        b.enabled = True
        b.update(1.0)
        idle = picture()
        b.hovered = True
        b.update(1.0)
        hovered = picture()
        b.handle(down(b.rect.center))
        pressed = picture()
        b.handle(up(b.rect.center))
        b.hovered = False
        b.enabled = False
        b.update(1.0)
        disabled = picture()
        b.enabled = True
        b.focused = b.show_focus = True
        b.update(1.0)
        focused = picture()
        shots = [idle, hovered, pressed, disabled, focused]
        assert empty not in shots, f"{style}: a state draws nothing"
        assert len({idle, hovered, disabled, focused}) == 4, f"{style}: two states look alike"
        assert pressed != idle, f"{style}: a press does not show"
        styles.add(idle)
    assert len(styles) == 4, "two styles look alike"


def test_slider_drags_clicks_and_steps(app: App) -> None:
    seen: list[float] = []
    s = Slider((100, 100, 420, 40), 0, 10, 4, seen.append)
    t = s.track
    s.handle(down((t.left, t.centery)))
    assert s.value == 0
    s.handle(E(pygame.MOUSEMOTION, pos=(t.right + 50, t.centery), rel=(1, 0), buttons=(1, 0, 0)))
    assert s.value == 10
    s.handle(up((t.right, t.centery)))
    s.handle(E(pygame.MOUSEMOTION, pos=(t.left, t.centery), rel=(1, 0), buttons=(0, 0, 0)))
    assert s.value == 10  # released: motion no longer drags
    s.focused = True
    s.handle(kd(pygame.K_LEFT))
    s.handle(kd(pygame.K_LEFT))
    assert s.int_value == 8
    s.handle(kd(pygame.K_HOME))
    assert s.value == 0
    s.handle(kd(pygame.K_LEFT))
    assert s.value == 0 and seen == [0, 10, 9, 8, 0]


def test_slider_with_label_and_value_draws(app: App) -> None:
    s = Slider((100, 100, 700, 50), 1, 10, 4, label="Seconds", show=lambda v: f"{v:.0f} s")
    assert s.track.left > s.rect.left + 200
    s.draw(pygame.Surface((1280, 720)))


def test_toggle_and_choice(app: App) -> None:
    flips: list[bool] = []
    tg = Toggle((100, 100, 500, 50), "Mute", False, flips.append)
    tg.handle(down((580, 125)))
    tg.handle(up((580, 125)))
    assert tg.value and flips == [True]
    assert tg.activate() and flips == [True, False]
    picks: list[str] = []
    ch = Choice((100, 200, 700, 50), "Speed", [("slow", "Slow"), ("normal", "Normal"),
                                               ("fast", "Fast")], "normal", picks.append)
    vr = ch.value_rect
    ch.handle(down((vr.right - 10, vr.centery)))
    ch.handle(up((vr.right - 10, vr.centery)))
    assert ch.value == "fast"
    ch.focused = True
    ch.handle(kd(pygame.K_RIGHT))  # wraps around
    assert ch.value == "slow"
    ch.handle(kd(pygame.K_LEFT))
    assert picks == ["fast", "slow", "fast"]
    surface = pygame.Surface((1280, 720))
    tg.draw(surface)
    ch.draw(surface)


def test_text_field_types_filters_and_submits(app: App) -> None:
    sent: list[str] = []
    f = TextField((100, 100, 400, 60), max_len=5, allowed=str.isalnum, on_submit=sent.append,
                  transform=str.upper)
    f.focused = True
    f.handle(E(pygame.TEXTINPUT, text="ab-c"))
    f.handle(E(pygame.TEXTINPUT, text="defgh"))
    assert f.text == "ABCDE"
    f.handle(kd(pygame.K_BACKSPACE))
    assert f.handle(kd(pygame.K_SPACE))  # typing keys are the field's own
    f.handle(kd(pygame.K_RETURN))
    assert sent == ["ABCD"]
    f.draw(pygame.Surface((600, 300)))


def test_form_focus_moves_with_tab_and_enter_activates_once(app: App) -> None:
    hits: list[str] = []
    a = Button((0, 0, 100, 40), "a", lambda: hits.append("a"), cooldown=0)
    b = Button((0, 50, 100, 40), "b", lambda: hits.append("b"), cooldown=0)
    form = Form([Label((0, 200), "label"), a, b])
    form.handle(kd(pygame.K_TAB))
    assert form.focused is a and form.show_focus
    form.handle(ku(pygame.K_TAB))
    form.handle(kd(pygame.K_TAB))
    form.handle(ku(pygame.K_TAB))
    assert form.focused is b
    form.handle(kd(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert form.focused is a
    form.handle(kd(pygame.K_RETURN))
    form.handle(kd(pygame.K_RETURN))  # held: not twice
    assert hits == ["a"]
    form.handle(ku(pygame.K_RETURN))
    form.handle(kd(pygame.K_DOWN))
    form.handle(kd(pygame.K_SPACE))
    assert hits == ["a", "b"]
    form.draw(pygame.Surface((400, 300)))


def test_text_is_never_smaller_than_18_px(app: App) -> None:
    assert Label((0, 0), "tiny", size=10).size == theme.TEXT_MIN
    assert Button((0, 0, 10, 10), "tiny", size=12).size == theme.TEXT_MIN
    assert TextField((0, 0, 10, 10), size=8).size == theme.TEXT_MIN


def test_wrap_text_keeps_lines_within_the_width(app: App) -> None:
    text = "Anyone can play Nope! to cancel a play; a Nope! can be noped back.\nNew paragraph."
    lines = wrap_text(text, 22, 300)
    assert len(lines) >= 3 and lines[-1] == "New paragraph."
    font = fonts.get(22)
    assert all(font.size(line)[0] <= 300 for line in lines)
    assert " ".join(lines).replace("  ", " ").split() == text.split()


def test_fit_line_squeezes_a_long_line(app: App) -> None:
    surf = fit_line("Desactivador explosivo", 18, 100, theme.INK, bold=True)
    assert surf.get_width() <= 100
    assert fit_line("ok", 18, 100, theme.INK).get_height() >= 18
