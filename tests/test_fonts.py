"""The shipped fonts draw every character of every locale file, and no locale text holds an
emoji (the game draws its symbols as icons)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator

import pygame
import pytest

from game.i18n import LANGUAGES, MISSING_CLOSE, MISSING_OPEN, read_catalog, resource_path

FONTS = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")

EMOJI_RANGES = (
    (0x1F000, 0x1FAFF),  # mahjong, cards, enclosed, pictographs, emoticons, transport, …
    (0x2600, 0x27BF),    # miscellaneous symbols and dingbats (☠ ⚠ ✂ ✔ …)
    (0x2B00, 0x2BFF),    # arrows and symbols that include ⭐ ⬛
    (0x231A, 0x231B),    # ⌚ ⌛
    (0x23E9, 0x23FA),    # ⏩ … ⏺
    (0xFE00, 0xFE0F),    # variation selectors (emoji presentation)
    (0x200D, 0x200D),    # zero-width joiner
    (0xE0020, 0xE007F),  # tag characters (flag sequences)
)


def _locale_texts() -> Iterator[tuple[str, str, str]]:
    for lang in LANGUAGES:
        for key, value in read_catalog(lang).items():
            assert isinstance(value, str), f"{lang}.toml {key} is not a string"
            yield lang, key, value


def _used_characters() -> dict[str, str]:
    """Every character of every locale text (and of the missing-key brackets), with the first
    key that uses it."""
    used: dict[str, str] = {MISSING_OPEN: "MISSING_OPEN", MISSING_CLOSE: "MISSING_CLOSE"}
    for lang, key, text in _locale_texts():
        for char in text:
            used.setdefault(char, f"{lang}:{key}")
    return used


@pytest.fixture(scope="module")
def fonts() -> Iterator[dict[str, pygame.font.Font]]:
    pygame.font.init()
    yield {name: pygame.font.Font(resource_path("assets", "fonts", name), 24) for name in FONTS}
    pygame.font.quit()


class _Glyphs:
    """Whether a font has a glyph for a character. ``Font.metrics`` gives ``None`` for a missing
    glyph with some SDL_ttf versions; others answer with the metrics of the font's "missing"
    box (.notdef), so a character whose metrics and pixels equal the box's is missing too."""

    def __init__(self, font: pygame.font.Font) -> None:
        self.font = font
        self.notdef = self._signature("\ue000")  # private use: DejaVu Sans has no glyph there

    def _signature(self, char: str) -> tuple[object, bytes] | None:
        metrics = self.font.metrics(char)
        if not metrics or metrics[0] is None:
            return None
        surface = self.font.render(char, True, (255, 255, 255), (0, 0, 0))
        return metrics[0], pygame.image.tobytes(surface, "RGB")

    def has(self, char: str) -> bool:
        signature = self._signature(char)
        return signature is not None and signature != self.notdef


def test_the_font_files_and_their_licence_ship() -> None:
    for name in FONTS:
        assert resource_path("assets", "fonts", name).is_file()
    licence = resource_path("assets", "fonts", "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream" in licence and "public domain" in licence
    assert "DejaVu" in resource_path("assets", "LICENSES.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", FONTS)
def test_the_glyph_check_tells_present_from_missing(
        fonts: dict[str, pygame.font.Font], name: str) -> None:
    glyphs = _Glyphs(fonts[name])
    assert glyphs.has("a") and glyphs.has("ñ") and glyphs.has("¿")
    assert not glyphs.has("\u0378")  # unassigned code point
    assert not glyphs.has("\ue001")


@pytest.mark.parametrize("name", FONTS)
def test_the_font_draws_every_character_of_every_locale(
        fonts: dict[str, pygame.font.Font], name: str) -> None:
    glyphs = _Glyphs(fonts[name])
    lacking = {char: where for char, where in _used_characters().items()
               if not char.isspace() and not glyphs.has(char)}
    assert not lacking, f"{name} has no glyph for: " + ", ".join(
        f"{char!r} (U+{ord(char):04X}, {where})" for char, where in sorted(lacking.items()))
    sample = "".join(sorted(_used_characters()))
    assert fonts[name].size(sample)[0] > 0


def test_no_locale_text_holds_an_emoji() -> None:
    found = [f"{lang}:{key} has {char!r} (U+{ord(char):04X})"
             for lang, key, text in _locale_texts() for char in text
             if any(low <= ord(char) <= high for low, high in EMOJI_RANGES)]
    assert not found, "emoji are drawn as icons, never written in texts:\n" + "\n".join(found)
