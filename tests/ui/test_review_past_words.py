"""The review screen's table says whose turn it was, not who is thinking (review 3): a
finished game's table frozen at a move read "Astuto 2 está pensando…" in its banner, though
nobody thinks in a game that is over. For every family, in es/en/pt, the real review scene is
stepped through its first moves with every text drawn recorded: the live words about someone
acting now ("… is thinking…", "Waiting for …") never show; the neutral one ("Astuto 2's turn")
does. The live table keeps its words."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.core.config import GameConfig, SeatKind
from game.i18n.catalog import load
from game.match.match import Match
from game.ui.app import App
from game.ui.scenes.review import ReviewScene
from game.ui.table.frozen import PastWords, frozen_match, frozen_table
from tests.ui.conftest import frames
from tests.ui.textspy import spy

P, AST, LAN = SeatKind.PERSON, SeatKind.ASTUTO, SeatKind.LANZADO
GAMES = ("bombazo", "mazo", "clasico", "cazabombas", "diebombe")
MOVES = 14
"""How many positions of each game are looked at: the deal and the first turns, where
machines and people take turns."""


def _finished(game: str) -> Match:
    seats = (P, P, AST) if game == "diebombe" else (P, AST, AST)
    match = Match(GameConfig(game, seats), 5)
    match.play_to_end(LAN)
    return match


def _live_words(lang: str, names: list[str]) -> set[str]:
    loc = load(lang)
    return {loc.t(key, player=name) for key in ("table.thinking", "table.waiting")
            for name in names}


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
@pytest.mark.parametrize("game", GAMES)
def test_a_reviewed_table_says_whose_turn_it_was(silent_app: Callable[..., App],
                                                 monkeypatch: pytest.MonkeyPatch, game: str,
                                                 lang: str) -> None:
    app = silent_app(lang)
    match = _finished(game)
    scene = ReviewScene(app, match.save(), analysis=False)
    app.stack.push(scene)
    frames(app, 3)
    table = scene.table()
    namer = table.namer  # type: ignore[attr-defined]
    names = [namer.seat(seat) for seat in range(match.config.seat_count)]
    live = _live_words(lang, names)
    turn = {load(lang).t("review.turn_of", player=name) for name in names}
    drawn = spy(monkeypatch)
    for position in range(min(MOVES, scene.total) + 1):
        scene.go(position)
        frames(app, 2)
    seen = drawn.strings
    assert not seen & live, sorted(seen & live)
    if game in ("bombazo", "mazo", "clasico", "cazabombas"):  # their banners name the seat
        assert seen & turn, sorted(seen)


def test_the_past_words_are_the_live_ones_but_for_someone_acting_now() -> None:
    """The frozen table's translator changes two keys only, says a turn once when the banner
    just said it, and is equal for one live translator (the namers' caches key on it)."""
    loc = load("en")
    said: list[str] = []
    words = PastWords(loc, said)
    assert words.t("table.thinking", player="Crafty 2") == "Crafty 2's turn"
    assert words.t("table.waiting", player="Ana") == "Ana's turn"
    assert words.t("table.your_turn") == loc.t("table.your_turn")
    assert words.t("cazabombas.banner.turn", player="Crafty 2") == "Crafty 2's turn"
    assert words.t("table.thinking", player="Crafty 2") == ""  # said just before
    assert words.t("table.thinking", player="Crafty 2") == "Crafty 2's turn"  # asked again
    assert words == PastWords(loc, []) and hash(words) == hash(PastWords(loc, []))
    assert words.has("table.thinking")  # type: ignore[attr-defined]


def test_the_live_table_still_says_who_is_thinking(silent_app: Callable[..., App]) -> None:
    """Only the frozen table speaks in the past: the live table's namer keeps the app's
    translator, where a machine's turn reads "… is thinking…"."""
    app = silent_app("en")
    match = _finished("bombazo")
    frozen = frozen_table(app, frozen_match(match.save(), 3, 0))
    assert frozen.namer.t("table.thinking", player="X") == "X's turn"  # type: ignore[attr-defined]
    from game.ui.registry import ui_kit_for

    live = ui_kit_for("bombazo").table(app, Match(GameConfig("bombazo", (P, AST, AST)), 5),
                                       autosaver=None, resume=None, show_code=False)
    assert live.namer.t("table.thinking", player="X") == "X is thinking…"  # type: ignore[attr-defined]
