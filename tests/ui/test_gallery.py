"""The gallery script draws the scenes asked for in each language, and skips (with a line) a
scene the code's game has not got, rather than stopping; the README's gallery kept in
docs/screenshots is exactly the set ``--readme`` draws (every game's table and the big moments,
in English, small), with the index it writes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.ui import gallery
from game.ui.app import App
from game.ui.bombdeck.shots import build_explosion
from game.ui.bombdeck.table import TableScene
from game.ui.gallery import (
    EXPLOSION,
    README_INDEX,
    README_LANG,
    README_SHOTS,
    README_SIZE,
    Shot,
    make_gallery,
    make_readme_gallery,
    readme_index,
    shrink,
)


def test_the_gallery_draws_each_scene_in_each_language(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    written = make_gallery(tmp_path, ("es", "pt"), ("title", "detector"), code="8Z1-111P")
    assert sorted(path.name for path in written) == ["title-es.png", "title-pt.png"]
    assert all(path.read_bytes().startswith(b"\x89PNG") for path in written)
    assert capsys.readouterr().err.count("skipped detector") == 2


def test_the_gallery_draws_a_handhelds_screen_at_150_percent_text(tmp_path: Path) -> None:
    """Issue 24's pictures: every table at 1280x800 and 150 % text, made by the script."""
    from game.ui import fonts

    assert gallery.main([str(tmp_path), "table", "--lang", "pt", "--code", "1R1-1338",
                         "--size", "1280x800", "--text-size", "150"]) == 0
    picture = pygame.image.load(str(tmp_path / "table-pt.png"))
    assert picture.get_size() == (1280, 800)
    assert fonts.text_factor == 1.0  # the size put back after the picture
    with pytest.raises(SystemExit):
        gallery.main([str(tmp_path), "--text-size", "140"])


# --- the README's gallery ---------------------------------------------------------------------

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
MAX_BYTES = 3_000_000
"""The kept gallery stays small (issue 21: under 3 MB; it is about 0.4 MB)."""


def test_the_kept_gallery_is_exactly_the_readme_set_and_its_index() -> None:
    names = sorted(p.name for p in SCREENSHOTS.iterdir())
    assert names == sorted([*(f"{shot.name}.png" for shot in README_SHOTS), README_INDEX])
    assert (SCREENSHOTS / README_INDEX).read_text(encoding="utf-8") == readme_index()
    assert sum(p.stat().st_size for p in SCREENSHOTS.iterdir()) < MAX_BYTES


def test_every_kept_picture_is_an_english_frame_of_the_readme_size() -> None:
    for shot in README_SHOTS:
        picture = pygame.image.load(str(SCREENSHOTS / f"{shot.name}.png"))
        assert picture.get_size() == README_SIZE, shot.name
    assert README_LANG == "en"


def test_the_readme_set_shows_every_game_and_the_big_moments() -> None:
    from game.rules.codes import decode
    from game.rules.registry import game_ids
    from game.ui.screenshot import scenes

    tables = {decode(shot.code)[0].game for shot in README_SHOTS
              if shot.scene == "table" and shot.code is not None}
    assert tables == set(game_ids())
    shown = {shot.scene for shot in README_SHOTS}
    assert {"title", "new_game", EXPLOSION, "lost", "reveal", "scoring", "results"} <= shown
    assert shown <= set(scenes())
    assert len({shot.name for shot in README_SHOTS}) == len(README_SHOTS)


def test_the_explosion_scene_is_the_persons_own_explosion(
        silent_app: Callable[..., App]) -> None:
    app = silent_app("en")
    build_explosion(app, gallery.BOMBAZO)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    assert scene.moment is not None and scene.moment.kind == "boom" and scene.moment.mine
    assert scene.flow.person_out()


def test_without_pngquant_the_pictures_stay_as_drawn(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gallery.shutil, "which", lambda name: None)
    shot = Shot("title", "title", None, "The title.")
    written = make_readme_gallery(tmp_path, [shot])
    assert [p.name for p in written] == ["title.png"]  # a part of the set: no index
    assert pygame.image.load(str(written[0])).get_size() == README_SIZE
    assert not shrink(written[0])


def test_readme_takes_no_scene_language_size_or_code(capsys: pytest.CaptureFixture[str]) -> None:
    for extra in (["title"], ["--lang", "es"], ["--size", "640x360"], ["--code", "311-182"],
                  ["--text-size", "150"]):
        with pytest.raises(SystemExit) as stop:
            gallery.main(["out", "--readme", *extra])
        assert stop.value.code == 2
    assert "--readme draws its own set" in capsys.readouterr().err
