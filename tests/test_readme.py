"""The README says what is true today: its list of games promises nothing already played
(issue 19: it still said the Caza Bombas and Die Bombe tables "come next" after both were played
end to end), names exactly the registry's games with their seat counts, so a sixth game or a
removed one fails here (issue 21); every picture it shows and every file it links exists, and
the screenshot scenes it names are the scenes."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from game.ui.registry import on_screen

README = Path(__file__).resolve().parent.parent / "README.md"
NOT_YET = re.compile(r"\b(comes? next|coming next|not yet|to come|yet to be built)\b", re.I)


def _game_list() -> str:
    """The bulleted list of games at the top of the README, up to the first heading."""
    text = README.read_text(encoding="utf-8")
    return text.split("\n## ", 1)[0]


def test_the_readme_promises_nothing_for_a_game_already_on_screen() -> None:
    top = _game_list()
    bullets = top.split("\n- ")[1:]
    assert len(bullets) >= 3
    assert len(on_screen()) == 5
    for bullet in bullets:
        assert not NOT_YET.search(" ".join(bullet.split())), bullet


# --- the games it lists, the pictures it shows, the scenes it names -----------------------------

ROOT = README.parent
NUMBERS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
LISTED = re.compile(r"\*\*([^*]+)\*\* \((\d+)–(\d+)")
"""A game in the README's list: its name in bold, then its seat counts ("**Bombazo** (2–8")."""
IMAGE = re.compile(r"!\[[^\]]*\]\(([^)\s]+)\)|<img\b[^>]*\bsrc=\"([^\"]+)\"")


def _registry_games() -> dict[str, tuple[int, int]]:
    """Every registered game by the name it goes by (the Spanish one, as the README writes
    them), with its seat counts."""
    from game.rules.registry import descriptors

    names = tomllib.loads((ROOT / "locales" / "es.toml").read_text(encoding="utf-8"))["game"]
    return {names[d.id]["name"]: (d.min_seats, d.max_seats) for d in descriptors()}


def _listed(top: str) -> dict[str, tuple[int, int]]:
    return {name: (int(low), int(high)) for name, low, high in LISTED.findall(top)}


def test_the_readme_lists_exactly_the_registrys_games_with_their_seats() -> None:
    top = _game_list()
    games = _registry_games()
    assert _listed(top) == games
    assert f"collection of {NUMBERS[len(games)]} bomb card games" in " ".join(top.split())


def test_the_check_fails_for_a_sixth_game_and_for_a_missing_one() -> None:
    top = _game_list()
    games = _registry_games()
    assert len(games) == 5
    assert _listed(top) != {**games, "Otra Bomba": (2, 4)}
    assert _listed(top.replace("**Die Bombe**", "Die Bombe")) != games


def _images(markdown: Path) -> list[Path]:
    text = markdown.read_text(encoding="utf-8")
    found = [a or b for a, b in IMAGE.findall(text)]
    return [markdown.parent / target for target in found if "://" not in target]


@pytest.mark.parametrize("markdown", [README, ROOT / "docs" / "screenshots" / "README.md"],
                         ids=["README", "screenshots"])
def test_every_image_shown_exists(markdown: Path) -> None:
    images = _images(markdown)
    assert len(images) >= 6
    missing = [str(path.relative_to(ROOT)) for path in images if not path.is_file()]
    assert not missing
    for path in images:
        assert path.read_bytes().startswith(b"\x89PNG"), path


def test_every_link_to_a_file_of_ours_leads_somewhere() -> None:
    text = README.read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)\s#]+)\)", text)
    missing = [t for t in targets if "://" not in t and not (ROOT / t).exists()]
    assert not missing


def test_the_screenshot_scenes_the_readme_names_are_the_scenes() -> None:
    from game.ui.screenshot import scenes

    text = " ".join(README.read_text(encoding="utf-8").split())
    start = text.index("Scenes: `title` (default)")
    named = re.findall(r"`([a-z_]+)`", text[start:text.index("`--code` pins", start)])
    assert sorted(set(named)) == sorted(scenes())
