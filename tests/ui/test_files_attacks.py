"""Issue 8, through the screens: a save with a seed no code can carry was offered on the title,
then crashed the table on its first frame and every launch after. It is set aside on the title
now, whatever the loader accepts opens in the real table and draws, and the temporary files of a
killed write are gone once the title has looked for the unfinished game. (The settings files and
the log: ``test_settings_damage.py``; the autosave's notice: ``test_autosave_notice.py``.)
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from game.core.codes import SEED_SPACE
from game.match.autosave import FILE_NAME, Autosaver
from game.tools import savefuzz
from game.ui import launch
from game.ui.app import App
from game.ui.settings import HOME_ENV, Settings
from game.ui.table.base import GameTable
from tests.test_fuzz_files import attacked_tree, bases, load_attacked
from tests.ui.conftest import frames
from tests.ui.test_resume import title_of


@pytest.fixture(autouse=True)
def _no_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(HOME_ENV, raising=False)


@pytest.fixture
def make_app(make_app: Callable[..., App]) -> Callable[..., App]:
    def make(lang: str = "en") -> App:
        return make_app(lang, settings={"machine_speed": "fast", "reaction_seconds": 1},
                        wire=True, audio=False)

    return make


# --- 2: a seed no code can carry -------------------------------------------------------------


@pytest.mark.parametrize("version", [1, 2])
def test_a_save_whose_seed_no_code_carries_is_set_aside_and_the_title_works(
        make_app: Callable[..., App], tmp_path: Path, version: int) -> None:
    tree = {**bases()[0], "seed": SEED_SPACE, "actions": []}
    data = savefuzz.dumps(savefuzz.sealed(tree) if version == 2 else tree)
    (tmp_path / FILE_NAME).write_bytes(data)
    app = make_app()
    title = title_of(app)
    assert title.resume is None and title.damaged is not None
    assert "seed" in title.damaged.reason
    assert (tmp_path / "current.damaged-1.json").read_bytes() == data
    frames(app, 3)  # it draws, and the next launch finds nothing to crash on
    assert launch.unfinished(make_app()) is None


def _resume_and_draw(folder: Path, data: bytes,
                     note: Callable[[str], None] = lambda _text: None) -> None:
    if load_attacked(folder, data, note) is None:
        return
    (folder / FILE_NAME).write_bytes(data)  # load_attacked only looked
    app = launch.wire(App(Settings(language="en", machine_speed="fast", reaction_seconds=1),
                          settings_dir=folder, lang="en", audio=False))
    try:
        found = launch.unfinished(app)
        assert found is not None
        launch.resume(app, found)
        # any game's table (the real saves are of every game: issue 19), not only a bomb deck's
        scene = next((s for s in app.stack if isinstance(s, GameTable)), None)
        assert scene is not None, f"no table on the stack: {app.stack.scenes()}"
        for _ in range(12):  # the table draws its code, seats, hand and curtain every frame
            app.step(1 / 20)
        assert scene.match.code
    finally:
        app.close()


@st.composite
def loadable_file(draw: st.DrawFn) -> bytes:
    """Attacks that often still load: a new table, a new deal, few moves, odd table data."""
    tree = dict(draw(attacked_tree()))
    if draw(st.booleans()):
        tree["config"] = {
            "game": draw(st.sampled_from(["bombazo", "mazo", "clasico"])),
            "seats": draw(st.lists(st.sampled_from(["person", "lanzado", "astuto",
                                                    "despiadado"]), min_size=2, max_size=8)),
            "options": draw(st.sampled_from([[], ["advanced_combos"]])),
            "first": draw(st.integers(0, 7)),
        }
        tree["seed"] = draw(st.integers(SEED_SPACE - 3, SEED_SPACE - 1) | st.integers(0, 99))
        tree["actions"] = []
    version = draw(st.sampled_from([1, 2]))
    return savefuzz.dumps(savefuzz.sealed(tree) if version == 2 else tree)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(loadable_file())
def test_whatever_the_loader_accepts_opens_in_the_real_table_and_draws(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        _resume_and_draw(Path(folder), data, event)


def test_the_edge_of_the_seed_space_opens_in_the_real_table(tmp_path: Path) -> None:
    tree = {**bases()[1], "seed": SEED_SPACE - 1, "actions": []}
    _resume_and_draw(tmp_path, savefuzz.dumps(savefuzz.sealed(tree)))
    assert not list(tmp_path.glob("*.damaged-*"))


# --- 11: temporary files ---------------------------------------------------------------------


def test_stale_temporary_files_are_removed_when_the_game_starts(
        make_app: Callable[..., App], tmp_path: Path) -> None:
    stale = [".current.json.k2_x9q.tmp", ".settings-abc123.json", ".settings.json.zz1.tmp"]
    kept = ["notes.txt", "current.damaged-1.json", ".settings.json", ".current.json.tmp"]
    for name in stale + kept:
        (tmp_path / name).write_bytes(b"")
    Settings(volume=0.3).save(tmp_path)
    assert Settings.load(tmp_path).volume == 0.3
    assert not (tmp_path / ".settings-abc123.json").exists()
    title_of(make_app())  # the title looks for the unfinished game
    names = {p.name for p in tmp_path.iterdir()}
    assert names.isdisjoint(stale) and names.issuperset(kept)


def test_a_read_only_autosaver_removes_nothing(tmp_path: Path) -> None:
    (tmp_path / ".current.json.k2.tmp").write_bytes(b"")
    assert Autosaver(tmp_path, read_only=True).load_unfinished() is None
    assert (tmp_path / ".current.json.k2.tmp").exists()
