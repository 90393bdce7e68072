"""The gallery script draws the scenes asked for in each language, and skips (with a line) a
scene the code's game has not got, rather than stopping."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ui.gallery import make_gallery


def test_the_gallery_draws_each_scene_in_each_language(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    written = make_gallery(tmp_path, ("es", "pt"), ("title", "detector"), code="8Z1-111P")
    assert sorted(path.name for path in written) == ["title-es.png", "title-pt.png"]
    assert all(path.read_bytes().startswith(b"\x89PNG") for path in written)
    assert capsys.readouterr().err.count("skipped detector") == 2
