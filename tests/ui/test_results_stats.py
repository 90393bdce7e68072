"""The results' statistics (issue 20): for each family the table on the screen says what the
game's events say (counted here again, independently, from a game played to its end by
machines), it reads the public feed only, Caza Bombas' "Next mission" starts the next mission
with the same seats, and the block fits its panel with eight seats in every language."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.core.engine import seen_by
from game.match.match import FeedItem, Match
from game.rules.bombdeck import events as BE
from game.rules.cazabombas import events as CE
from game.rules.diebombe import events as DE
from game.ui import launch, statstable
from game.ui.app import App
from game.ui.bombdeck.stats import stats as bomb_stats
from game.ui.cazabombas import progress
from game.ui.diebombe.stats import stats as die_stats
from game.ui.gamestats import public_events
from game.ui.scenes import results as results_module
from game.ui.scenes.results import LEFT, TOGGLE, ResultsScene
from game.ui.settings import Settings
from tests.ui.conftest import click, frames, key
from tests.ui.probes import TableStub
from tests.ui.textspy import spy

K = SeatKind


@pytest.fixture
def app(stubbed_app: App) -> App:
    """English, the real hooks; a table is a stub that keeps its match."""
    return stubbed_app


def show(app: App, match: Match) -> ResultsScene:
    frames(app, 2)
    app.push(TableStub(app, match))
    scene = ResultsScene(app, match)
    app.stack.replace(scene)
    frames(app, 20)  # past the click guard
    return scene


class Shown:
    """What the statistics table drew in one frame: its texts where they went, its rect."""

    def __init__(self) -> None:
        self.texts: list[tuple[str, int, int]] = []
        self.rects: list[pygame.Rect] = []

    def rows(self, labels: list[str]) -> dict[str, list[str]]:
        """Each label's values, left to right and block after block (seat order)."""
        by_y: dict[int, list[tuple[int, str]]] = defaultdict(list)
        for text, x, y in self.texts:
            by_y[y].append((x, text))
        out: dict[str, list[str]] = {}
        for y in sorted(by_y):
            cells = [text for _x, text in sorted(by_y[y])]
            if cells and cells[0] in labels:
                out.setdefault(cells[0], []).extend(cells[1:])
        return out


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> Iterator[Shown]:
    """Listen to the statistics table's own drawing (not to what the scene computed)."""
    record = Shown()
    real_text, real_draw = statstable.draw_text, statstable.StatsTable.draw

    def text(surface: pygame.Surface, line: str, pos: tuple[float, float], *args: Any,
             **kw: Any) -> pygame.Rect:
        record.texts.append((line, round(pos[0]), round(pos[1])))
        return real_text(surface, line, pos, *args, **kw)

    def draw(self: statstable.StatsTable, surface: pygame.Surface,
             topleft: tuple[int, int]) -> pygame.Rect:
        rect = real_draw(self, surface, topleft)
        record.rects.append(rect)
        return rect

    monkeypatch.setattr(statstable, "draw_text", text)
    monkeypatch.setattr(statstable.StatsTable, "draw", draw)
    yield record


def look(app: App, scene: ResultsScene, shown: Shown) -> Shown:
    """The statistics on screen: under the ranking, or behind the switch (pressed with its
    key, a real key press); one frame drawn and listened to."""
    if scene.toggle.visible:
        key(pygame.K_s, text="s")
        frames(app, 2)
        assert scene.showing_stats
    shown.texts.clear()
    shown.rects.clear()
    app.step(1 / 60)
    assert shown.rects, "no statistics drawn"
    return shown


def on_screen(app: App, match: Match, shown: Shown, expected: dict[str, list[str]]) -> None:
    scene = show(app, match)
    rows = look(app, scene, shown).rows(list(expected))
    assert rows == expected


# --- the bomb deck ---------------------------------------------------------------------------


def bomb_counts(app: App, match: Match) -> dict[str, list[str]]:
    """Counted again from the public events, one pass, no code of the screens'."""
    t = app.loc.t
    game = match.config.game
    n = match.config.seat_count
    drawn, played, defused = [0] * n, [0] * n, [0] * n
    by_card: dict[str, list[int]] = defaultdict(lambda: [0] * n)
    out = ["never"] * n
    turn = 1
    for item in match.feed_for(None, 0):
        e = item.event
        if type(e) is BE.TurnBegan:
            turn += 1
        elif type(e) is BE.CardDrawn:
            drawn[e.seat] += 1
        elif type(e) is BE.BombDrawn:
            drawn[e.seat] += 1
            defused[e.seat] += e.defused
        elif type(e) is BE.CardPlayed:
            played[e.seat] += len(e.cards)
            for card in e.cards:
                by_card[card][e.seat] += 1
        elif type(e) is BE.Noped:
            played[e.seat] += 1
            by_card["nope"][e.seat] += 1
        elif type(e) is BE.PlayerExploded:
            out[e.seat] = f"turn {turn}"
    two = ("shield", "swipe") if game == "mazo" else ("nope", "attack")
    defused_label = "Kittens defused" if game == "clasico" else "Bombs defused"
    expected = {"Cards drawn": drawn, "Cards played": played, defused_label: defused}
    for card in two:
        expected[f"{t(f'card.{game}.{card}.name')} played"] = by_card[card]
    return {**{label: [str(v) for v in values] for label, values in expected.items()},
            "Exploded": out}


@pytest.mark.parametrize("game,seats,seed", [
    ("bombazo", 3, 11), ("bombazo", 8, 5), ("mazo", 4, 3), ("clasico", 5, 21)])
def test_bomb_deck_statistics_are_the_games_events(app: App, shown: Shown, game: str,
                                                   seats: int, seed: int) -> None:
    config = GameConfig(game, (K.PERSON,) + (K.ASTUTO,) * (seats - 1))
    match = launch.play_out(Match(config, seed))
    expected = bomb_counts(app, match)
    assert sum(v == "never" for v in expected["Exploded"]) == 1  # the winner
    assert any(v != "0" for v in expected["Cards played"])
    on_screen(app, match, shown, expected)


# --- Caza Bombas -----------------------------------------------------------------------------


def caza_counts(match: Match) -> dict[str, list[str]]:
    n = match.config.seat_count
    right, wrong, used = [0] * n, [0] * n, [0] * n
    for item in match.feed_for(None, 0):
        e = item.event
        if type(e) is CE.WiresCut:
            right[e.seat] += 1
        elif type(e) is CE.CutMissed:
            wrong[e.seat] += 1
        elif type(e) is CE.EquipmentUsed:
            used[e.seat] += 1
    cuts = [r + w for r, w in zip(right, wrong, strict=True)]
    return {label: [str(v) for v in values] for label, values in
            (("Cuts", cuts), ("Right cuts", right), ("Mistakes", wrong),
             ("Equipment used", used))}


@pytest.mark.parametrize("won", [True, False])
def test_caza_statistics_are_the_missions_events(app: App, shown: Shown, won: bool) -> None:
    if won:
        match = launch.play_out(launch.match_from_code("ZPG-CK1-11A3"))  # mission 4, won
    else:
        config = GameConfig("cazabombas", (K.PERSON, K.LANZADO, K.LANZADO),
                            frozenset({"mission3"}))
        match = launch.play_out(Match(config, 2))
    assert match.outcome().team_won is won
    app.settings.cazabombas_progress = [1, 2]
    expected = caza_counts(match)
    if not won:
        assert any(v != "0" for v in expected["Mistakes"])
    on_screen(app, match, shown, expected)
    view = match.view_for(-1)
    lines = {text for text, _x, _y in shown.texts}
    assert f"Mistakes left on the dial: {view.mistakes_left} of {view.max_mistakes}" in lines
    # the mission just won counts with the two won before
    assert f"Campaign: {3 if won else 2} of 8 missions won" in lines


# --- Die Bombe -------------------------------------------------------------------------------


def die_counts(match: Match) -> dict[str, list[str]]:
    n = match.config.seat_count
    bought, bombs, blasted, lost = [0] * n, [0] * n, [0] * n, [0] * n
    biggest: list[int | None] = [None] * n
    for item in match.feed_for(None, 0):
        e = item.event
        if type(e) is DE.CardTaken:
            bought[e.seat] += e.paid > 0
            bombs[e.seat] += e.card == "B"
        elif type(e) is DE.BombPlayed:
            blasted[e.bomber] += int(e.covered[1:])
            lost[e.target] += 1
        elif type(e) is DE.BidsRevealed:
            for seat, bid in enumerate(e.bids):
                if bid is not None:
                    biggest[seat] = max(bid, biggest[seat] or 0)
    return {"Bids won": [str(v) for v in bought],
            "Biggest bid": ["–" if v is None else str(v) for v in biggest],
            "Bombs taken": [str(v) for v in bombs],
            "Rival points bombed": [str(v) for v in blasted],
            "Cards lost to bombs": [str(v) for v in lost]}


@pytest.mark.parametrize("code", ["4VC-414-X5P", "AV4-D41-4X5U", "4W1-RDM1-4X5Z"])
def test_die_bombe_statistics_are_the_games_events(app: App, shown: Shown, code: str) -> None:
    match = launch.play_out(launch.match_from_code(code))
    expected = die_counts(match)
    assert any(v != "0" for v in expected["Rival points bombed"])
    on_screen(app, match, shown, expected)


# --- nothing secret --------------------------------------------------------------------------


class LeakyFeed:
    """A finished match whose feed hands out ``extra`` events whole, to any viewer (as a
    networked seat's own feed keeps its secrets), and remembers who asked."""

    def __init__(self, match: Match, extra: list[Any]) -> None:
        self._match = match
        self._extra = extra
        self.viewers: list[int | None] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._match, name)

    def feed_for(self, viewer: int | None, since: int = 0) -> list[FeedItem]:
        self.viewers.append(viewer)
        items = self._match.feed_for(viewer, since)
        return items + [FeedItem(len(items) + i, e) for i, e in enumerate(self._extra)]


def test_a_sealed_bid_is_never_a_biggest_bid(app: App) -> None:
    match = launch.play_out(launch.match_from_code("4VC-414-X5P"))
    before = die_stats(app.loc, match, app.settings)
    assert before is not None
    sealed = DE.BidPlaced(1, 40, False, secret_to=(1,))
    leaky = LeakyFeed(match, [sealed])
    after = die_stats(app.loc, cast(Match, leaky), app.settings)
    assert after == before
    assert leaky.viewers and set(leaky.viewers) == {None}  # the public feed, nothing else


def test_statistics_read_only_the_public_form_of_a_secret_event(app: App) -> None:
    """A drawn card kept whole in the feed: counted as a draw (everyone saw one), its card
    never read; a secret played card that its public form hides is not a card played."""
    match = launch.play_out(Match(GameConfig("bombazo", (K.ASTUTO,) * 3), 4))
    before = bomb_stats(app.loc, match, app.settings)
    assert before is not None
    drawn = BE.CardDrawn(0, "nope", False, secret_to=(0,))
    assert public_events(cast(Match, LeakyFeed(match, [drawn])))[-1].card is None

    class Hidden(BE.CardPlayed):
        """A play only seat 2 may see; the public form is a plain draw by nobody."""

        def public(self) -> Any:
            return BE.WindowClosed(False)

    secret_play = Hidden(2, "play", ("attack",), secret_to=(2,))
    assert seen_by(secret_play, None) == BE.WindowClosed(False)
    after = bomb_stats(app.loc, cast(Match, LeakyFeed(match, [drawn, secret_play])),
                       app.settings)
    assert after is not None
    rows = {row.label: row.values for row in after.rows}
    old = {row.label: row.values for row in before.rows}
    assert rows["Cards drawn"][0] == str(int(old["Cards drawn"][0]) + 1)
    assert rows["Cards played"] == old["Cards played"]
    assert rows["Attack played"] == old["Attack played"]


# --- the next mission ------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["enter", "click"])
def test_next_mission_starts_mission_n_plus_1_with_the_same_seats(app: App, how: str) -> None:
    match = launch.play_out(launch.match_from_code("1R1-1338"))  # mission 6, won
    scene = show(app, match)
    assert scene.next is not None and scene.next.visible
    if how == "enter":
        key(pygame.K_RETURN)
    else:
        click(scene.next.rect.center)
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, TableStub)
    assert progress.mission_of(table.match.config) == 7
    assert table.match.config.seats == match.config.seats
    assert table.match.config.game == "cazabombas"
    assert table.match.moves == 0 and len(app.stack) == 2


def test_play_again_still_replays_the_mission(app: App) -> None:
    match = launch.play_out(launch.match_from_code("1R1-1338"))
    scene = show(app, match)
    click(scene.again.rect.center)
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, TableStub) and table.match.config == match.config


@pytest.mark.parametrize("code,seed", [("4ZAS-MD31-11CZ", None), ("", 2)])
def test_no_next_mission_after_the_last_or_a_loss(app: App, code: str,
                                                  seed: int | None) -> None:
    if code:
        match = launch.play_out(launch.match_from_code(code))  # mission 8, won
    else:
        config = GameConfig("cazabombas", (K.PERSON, K.LANZADO, K.LANZADO),
                            frozenset({"mission3"}))
        match = launch.play_out(Match(config, seed or 0))
        assert match.outcome().team_won is False
    scene = show(app, match)
    assert scene.next is None
    key(pygame.K_RETURN)  # Enter is "Play again" again: the same mission
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, TableStub) and table.match.config == match.config


# --- it fits ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["es", "en", "pt"])
@pytest.mark.parametrize("config,seed", [
    (GameConfig("bombazo", (K.LANZADO,) * 8), 5),
    (GameConfig("bombazo", (K.PERSON, K.ASTUTO, K.DESPIADADO)), 11),
    (GameConfig("diebombe", (K.PERSON, K.ASTUTO, K.DESPIADADO, K.LANZADO, K.ASTUTO,
                             K.DESPIADADO)), 4004),
    (GameConfig("cazabombas", (K.PERSON, K.ASTUTO, K.DESPIADADO, K.LANZADO, K.ASTUTO),
                frozenset({"mission8"})), 11)])
def test_the_block_fits_its_panel_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        lang: str, config: GameConfig, seed: int) -> None:
    """Inside the left panel, clear of the ranking rows and of the switch, every seat in it,
    no text under 18 px nor narrowed past 90 % (eight seats: two blocks of four)."""
    record = Shown()
    real_draw = statstable.StatsTable.draw

    def draw(self: statstable.StatsTable, surface: pygame.Surface,
             topleft: tuple[int, int]) -> pygame.Rect:
        rect = real_draw(self, surface, topleft)
        record.rects.append(rect)
        return rect

    monkeypatch.setattr(statstable.StatsTable, "draw", draw)
    a = launch.wire(App(Settings(language=lang), settings_dir=tmp_path, lang=lang,
                        audio=False))
    try:
        match = launch.play_out(Match(config, seed))
        scene = ResultsScene(a, match)
        a.stack.reset(scene)
        frames(a, 20)
        table = scene.stats_table(LEFT.width - 32)
        assert table is not None
        assert sorted(s for group in table.groups for s in group) == \
            list(range(config.seat_count))
        drawn = spy(monkeypatch)
        if scene.toggle.visible:
            key(pygame.K_s, text="s")
            frames(a, 2)
            assert scene.showing_stats
        record.rects.clear()
        a.step(1 / 60)
        assert len(record.rects) == 1
        rect = record.rects[0]
        inside = LEFT.inflate(-24, -24)
        assert inside.contains(rect), (rect, inside)
        if scene.toggle.visible:
            assert rect.bottom <= TOGGLE.top
        else:  # under the last ranking row
            top, step, below = scene._rest_layout()
            assert below
            rest = len(scene.ranking()) - len(scene._first(scene.ranking()))
            assert rect.top >= top + rest * step
        assert not drawn.too_small(18), drawn.too_small(18)
        assert not drawn.squeezed(0.9), drawn.squeezed(0.9)
        loc: Any = a.loc
        assert not loc.missing and not loc.format_errors
    finally:
        a.close()


def test_a_game_without_statistics_shows_none(app: App) -> None:
    """A family whose kit gives none: no table, no switch (the ranking as before)."""
    match = launch.play_out(Match(GameConfig("bombazo", (K.PERSON, K.ASTUTO)), 3))
    kit = results_module.ui_kit_for("bombazo")
    original = kit.stats
    object.__setattr__(kit, "stats", lambda loc, m, s: None)
    try:
        scene = show(app, match)
        assert scene.stats() is None and not scene.toggle.visible
        assert scene.stats_table(600) is None
    finally:
        object.__setattr__(kit, "stats", original)



def test_the_values_that_stand_out_are_marked(app: App) -> None:
    """The most bombs defused and the survivor's "never" are drawn bold in gold; a row where
    every seat has the same marks nobody."""
    for seed in range(3, 40):
        match = launch.play_out(Match(GameConfig("bombazo", (K.ASTUTO,) * 4), seed))
        stats = bomb_stats(app.loc, match, app.settings)
        assert stats is not None
        rows = {row.label: row for row in stats.rows}
        defused = [int(v) for v in rows["Bombs defused"].values]
        if len(set(defused)) > 1:
            break
    top = max(defused)
    assert rows["Bombs defused"].marked == {s for s, v in enumerate(defused) if v == top}
    assert rows["Exploded"].marked == {match.ranking()[0]}
    for row in stats.rows:
        if len(set(row.values)) == 1:
            assert not row.marked


def test_the_table_takes_the_largest_text_its_room_allows(app: App) -> None:
    """Two seats leave half the panel empty: the table is drawn larger than the minimum; a
    room that only the minimum fits gets the minimum; nothing is ever squeezed."""
    from game.ui import theme

    match = launch.play_out(launch.match_from_code("1R1-1338"))
    scene = ResultsScene(app, match)
    roomy = scene.stats_table(LEFT.width - 32, LEFT.height)
    tight = scene.stats_table(LEFT.width - 32, 1)
    assert roomy is not None and tight is not None
    assert roomy.size == theme.TEXT_BODY and tight.size == theme.TEXT_MIN
    assert not roomy.squeezes
