"""The screenshot tool writes our scenes to PNG in each language."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.screenshot import ScreenshotError, render_scene_to_png, scenes


@pytest.mark.parametrize("scene", scenes())
def test_each_scene_renders_to_a_png(tmp_path: Path, scene: str) -> None:
    out = render_scene_to_png(scene, tmp_path / f"{scene}.png", "es", settle=0.1)
    assert out.is_file()
    assert not pygame.display.get_init()  # it opened pygame, so it closed it
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)
    colours = {image.get_at((x, y))[:3] for x in range(0, 1280, 64) for y in range(0, 720, 48)}
    assert len(colours) > 8  # a picture, not a blank screen


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_title_in_other_languages(tmp_path: Path, lang: str) -> None:
    assert render_scene_to_png("title", tmp_path / "t.png", lang, settle=0.05).is_file()


def test_an_unknown_scene_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown scene"):
        render_scene_to_png("nowhere", tmp_path / "x.png")
    pygame.quit()


def test_a_video_driver_that_cannot_start_is_a_screenshot_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.quit()
    monkeypatch.setenv("SDL_VIDEODRIVER", "bogus")
    with pytest.raises(ScreenshotError, match="bogus not available"):
        render_scene_to_png("title", tmp_path / "x.png")
    assert not pygame.display.get_init() and not list(tmp_path.iterdir())
