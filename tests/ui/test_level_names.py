"""The machine levels go by two names: the README (and the Spanish screens) call them Lanzado,
Astuto, Despiadado and Maestro; the English screens Reckless, Crafty, Ruthless and Master (and
the Portuguese ones their own). Wherever a person meets them in prose, both names stand
together, so a reader of one can find the other: the README says "Astuto (Crafty)", the English
rules page "Crafty (Astuto)" (issue 20, point 4). The names come from the locales, so renaming a
level in one place and not the other fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.bots.registry import levels_for
from game.core.config import SeatKind
from game.i18n.catalog import load as load_locale
from game.rules.registry import game_ids

ROOT = Path(__file__).resolve().parents[2]
ORIGINAL = "es"
"""The language the levels were named in (the README's names)."""
LANGUAGES = ("es", "en", "pt")


def _name(lang: str, kind: SeatKind) -> str:
    return load_locale(lang).t(f"level.{kind.value}.name")


def _levels() -> list[SeatKind]:
    """Every machine level some game offers, in order."""
    seen: list[SeatKind] = []
    for game in game_ids():
        for kind in levels_for(game):
            if kind not in seen:
                seen.append(kind)
    return seen


def _page(lang: str, game: str) -> str:
    loc = load_locale(lang)
    lines = []
    for n in range(1, 41):
        key = f"rules.{game}.{n}"
        if not loc.has(key):
            break
        lines.append(loc.t(key))
    return " ".join(lines)


def test_the_readme_gives_each_level_its_english_name_too() -> None:
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    for kind in _levels():
        both = f"{_name(ORIGINAL, kind)} ({_name('en', kind)})"
        assert both in text, f"the README should say {both!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rules_page_gives_the_original_name_beside_its_own(lang: str) -> None:
    """Every rules page that names the levels names each one as the screens of its language
    do, followed by the original name in brackets where the two differ."""
    named = 0
    for game in game_ids():
        page = _page(lang, game)
        kinds = levels_for(game)
        if not any(_name(lang, kind) in page for kind in kinds):
            continue  # this page does not talk about the machines
        named += 1
        for kind in kinds:
            own, original = _name(lang, kind), _name(ORIGINAL, kind)
            expected = own if own == original else f"{own} ({original})"
            assert re.search(rf"\b{re.escape(expected)}", page), \
                f"{lang} rules of {game}: {expected!r}"
    assert named >= 3, "the bomb-deck pages name the machine levels"
