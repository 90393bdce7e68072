"""Die Bombe after a second player's review (8/10), point by point:

1. the news fills the room it has: "Player 2 takes red 9" over "and pays 7.", not a line
   balanced to half the box with room to spare;
2. the key names are the locale's own (Spanish says Intro everywhere, never Enter);
3. in hot seat the revealed bids stand long enough to read before the curtain comes down
   (a key goes on sooner);
4. the take's decision has this round's revealed bids under the cards (round 1 too) and
   says where the card left goes, at a readable size;
5. the news, and so the hot-seat curtain's recap, tells the public events of a round: the
   bids once revealed and who bid what, a tie and its new bids, who took what for how much;
   a sealed bid is never told before the reveal.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.match.flow import Pace
from game.match.match import Match
from game.rules.diebombe import actions as A
from game.rules.diebombe import cards as C
from game.rules.diebombe import events as E
from game.ui import fonts, theme
from game.ui.app import App
from game.ui.diebombe import layout as L
from game.ui.diebombe import paint
from game.ui.diebombe.table import DieTableScene
from game.ui.scenes.curtain import CurtainScene
from game.ui.text import draw_text
from tests.ui.conftest import frames, key

P, AST = SeatKind.PERSON, SeatKind.ASTUTO
HOLD = Pace(60.0, 60.0, 1.0)
DT = 1 / 60
LANGS = ("es", "en", "pt")
LOCALES = Path(__file__).resolve().parents[2] / "locales"


@pytest.fixture
def make_app(make_app: Callable[..., App]) -> Callable[..., App]:
    def make(lang: str = "en") -> App:
        return make_app(lang, audio=False, persist=False, start=None)

    return make


Drawn = list[tuple[str, pygame.Rect, int]]


def _drawn(monkeypatch: pytest.MonkeyPatch, scene: DieTableScene) -> Drawn:
    """Every text one frame of ``scene`` draws through the table's ``draw_text``: the text,
    where, and the size asked for."""
    found: Drawn = []
    real = draw_text

    def record(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
               *args: Any, **kw: Any) -> pygame.Rect:
        rect: pygame.Rect = real(surface, text, pos, size, *args, **kw)
        found.append((text, rect, size))
        return rect

    monkeypatch.setattr(paint, "draw_text", record)
    paint.paint_table(pygame.Surface((theme.SCREEN_W, theme.SCREEN_H)), scene)
    return found


def _play_bids(match: Match, bids: dict[int, int]) -> None:
    """The people of the bidding now seal ``bids`` (seat → amount), each once."""
    for seat, amount in bids.items():
        match.submit(seat, A.bid(amount))


def _no_bomb_round(seed: int, people: int = 3) -> Match:
    """A table of people whose first round shows two value cards."""
    for k in range(50):
        match = Match(GameConfig("diebombe", (P,) * people), seed + k)
        if C.BOMB not in match.view_for(0).faceup:
            return match
    raise AssertionError("no deal without a bomb up")


# --- 1. the news fills its room ------------------------------------------------------------------


@pytest.mark.parametrize("lang,line,first", [
    ("es", "Jugador 2 se lleva el rojo 9 y paga 7.", "Jugador 2 se lleva el rojo 9"),
    ("en", "Crafty 3 takes red 25 and pays 26.", "Crafty 3 takes red 25"),
    ("pt", "Jogador 2 leva o vermelho 19 e paga 17.", "Jogador 2 leva o vermelho 19"),
])
def test_the_news_box_fills_its_lines_before_it_wraps(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, lang: str, line: str,
        first: str) -> None:
    """The reviewer's "Jugador 2 se lleva / el rojo 9 y paga 7." in a box with room for
    twice "Jugador 2 se lleva": the first line now takes what fits (never breaking before a
    number, never ending on "y"), the rest goes under it."""
    app = make_app(lang)
    scene = DieTableScene(app, Match(GameConfig("diebombe", (P, AST, AST)), 5), pace=HOLD)
    app.stack.push(scene)
    box = scene.layout.spare
    assert box is not None
    monkeypatch.setattr(paint, "news_lines", lambda namer, items, keep=3: [line])
    rows = [text for text, rect, _size in _drawn(monkeypatch, scene)
            if box.contains(rect) and text != scene.namer.t("diebombe.news_title")]
    assert rows[0] == first, rows
    assert " ".join(rows) == line
    room = box.width - 28
    font = fonts.get(theme.TEXT_MIN)
    assert font.size(line)[0] > room  # (it does need two lines)
    assert font.size(rows[0])[0] >= 0.6 * room, rows  # the room is used, not half of it
    assert all(font.size(row)[0] <= room for row in rows)


def test_a_wrapped_news_line_keeps_numbers_with_their_words_and_no_word_alone() -> None:
    room = L.PANEL_W - 28
    lines = ["Despiadado 3 se lleva el verde 5 gratis.",
             "Nadie se lleva el verde 7: sale del juego.",
             "Pujas destapadas: Jugador 1 (40), Astuto 2 (20) y Despiadado 3 (17).",
             "Ruthless 3 bombs Player 1's red 25.", "Crafty 5 takes green 21 and pays 9."]
    for line in lines:
        rows = paint.news_wrap(line, room)
        assert " ".join(rows) == line
        assert len(rows) == 1 or len(rows[-1].split()) >= 2, rows  # no last word alone
        for row in rows[1:]:
            assert not row.lstrip("(")[:1].isdigit(), rows  # "green 3" stays together
    assert paint.news_wrap("Nadie se lleva el verde 7: sale del juego.", room) == \
        ("Nadie se lleva el verde 7:", "sale del juego.")  # after the clause


# --- 2. the key names ----------------------------------------------------------------------------


def _section(lang: str, name: str) -> dict[str, Any]:
    data = tomllib.loads((LOCALES / f"{lang}.toml").read_text(encoding="utf-8"))
    section: dict[str, Any] = data[name]
    return section


def _flat(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for name, value in table.items():
        if isinstance(value, dict):
            out.update(_flat(value, f"{prefix}{name}."))
        else:
            out[f"{prefix}{name}"] = str(value)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_die_bombe_names_the_enter_key_as_its_locale_does(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Spanish says "Intro" for the key everywhere (the key label ``key.enter``); a Die
    Bombe hint said "← → y Enter" and "Enter sella" beside buttons marked Intro."""
    enter = _section(lang, "key")["enter"]
    other = {"Intro", "Enter"} - {enter}
    texts = _flat(_section(lang, "diebombe"))
    wrong = {name: text for name, text in texts.items()
             if any(word.strip(".,:;()") in other for word in text.split())}
    assert not wrong, wrong
    # and on screen: the bid entry's keys and the take's keys say the locale's key
    from game.ui.diebombe.shots import build

    app = make_app(lang)
    build(app, "4VC-414-X5P", "bid")
    frames(app, 2)
    scene = app.stack.top
    assert isinstance(scene, DieTableScene) and scene.pad is not None
    pad_keys = scene.namer.t("diebombe.pad.keys", enter=enter)
    from game.ui.diebombe import bidpad

    hint: list[str] = []
    real = bidpad.draw_text

    def record(surface: pygame.Surface, text: str, *args: Any, **kw: Any) -> pygame.Rect:
        hint.append(text)
        rect: pygame.Rect = real(surface, text, *args, **kw)
        return rect

    monkeypatch.setattr(bidpad, "draw_text", record)
    _drawn(monkeypatch, scene)
    assert pad_keys in hint and enter in pad_keys, hint
    build(app, "4VC-414-X5P", "take")
    frames(app, 2)
    scene = app.stack.top
    assert isinstance(scene, DieTableScene) and scene.picker is not None
    shown = [text for text, _rect, _size in _drawn(monkeypatch, scene)]
    take_keys = scene.namer.t("diebombe.banner.take_keys", enter=enter)
    assert take_keys in shown and enter in take_keys
    assert not any(word in text for text in shown + hint for word in other), shown


# --- 3. the reveal stands -------------------------------------------------------------------------


class Watch:
    """A hot-seat table stepped at 60 FPS through real events."""

    def __init__(self, app: App, match: Match) -> None:
        self.app = app
        self.match = match
        self.scene = DieTableScene(app, match)
        app.stack.push(self.scene)
        self.time = 0.0

    def step(self) -> None:
        self.app.step(DT)
        self.time += DT

    def curtain_up(self) -> bool:
        top = self.app.stack.top
        return isinstance(top, CurtainScene) and not top.busy and self.app._guard <= 0

    def bidding(self) -> bool:
        scene = self.scene
        return (self.app.stack.top is scene and scene.pad is not None and not scene.busy
                and self.app._guard <= 0)

    def bid(self, amount: int) -> None:
        for digit in str(amount):
            key(getattr(pygame, f"K_{digit}"))
        key(pygame.K_RETURN)

    def to_the_reveal(self, bids: dict[int, int]) -> None:
        """Each person bids behind their curtain until the bids turn over."""
        for _ in range(round(60 / DT)):
            scene = self.scene
            if scene.reveal is not None and scene.reveal.shown:
                return
            if self.curtain_up():
                key(pygame.K_RETURN)
            elif self.bidding():
                self.bid(bids[self.match.pending().people[0]])
            self.step()
        raise AssertionError("the bids never turned over")


def test_in_hot_seat_the_revealed_bids_stand_before_the_curtain(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> None:
    """Two people and a machine: the first person bids 40 (the highest), the second 1. The
    winner's number stays on screen, its time shrinking under the banner, for well over
    the second it had (the reviewer: "Se destapan las pujas…" then the curtain)."""
    app = make_app("es")
    watch = Watch(app, Match(GameConfig("diebombe", (P, P, AST)), 3))
    watch.to_the_reveal({0: 40, 1: 1})
    shown_at = watch.time
    scene = watch.scene
    while not scene.reading:  # (the winner's number grows first)
        watch.step()
        assert watch.time - shown_at < 2, "the bids never stood to be read"
    assert not scene.busy  # (a key or a click may go on)
    texts = [text for text, _rect, _size in _drawn(monkeypatch, scene)]
    hint = scene.namer.t("diebombe.banner.read_on", enter="Intro")
    assert hint in texts and "Intro" in hint, texts
    while not watch.curtain_up():
        watch.step()
        assert watch.time - shown_at < 10
    assert watch.time - shown_at >= 2.5, watch.time - shown_at


def test_a_key_goes_on_from_the_revealed_bids(make_app: Callable[..., App]) -> None:
    app = make_app("en")
    watch = Watch(app, Match(GameConfig("diebombe", (P, P, AST)), 3))
    watch.to_the_reveal({0: 40, 1: 1})
    scene = watch.scene
    while not scene.reading:
        watch.step()
        assert watch.time < 120
    pressed_at = watch.time
    key(pygame.K_RETURN)
    while not watch.curtain_up():
        watch.step()
        assert watch.time - pressed_at < 2.0
    # the press went on from the bids; it did not lift the curtain that came after them
    assert isinstance(app.stack.top, CurtainScene)


def test_with_one_person_the_round_goes_on_at_its_pace(make_app: Callable[..., App]) -> None:
    """No curtain comes down on the bids: they stay beside the seats, no wait is added."""
    app = make_app("en")
    scene = DieTableScene(app, Match(GameConfig("diebombe", (P, AST, AST)), 3), pace=HOLD)
    assert scene.reveal_seconds() == 0.0


# --- 4. the take's decision has its context -------------------------------------------------------


def _take_in_round_one(app: App) -> DieTableScene:
    from game.ui.diebombe.shots import _table

    for k in range(50):
        match = Match(GameConfig("diebombe", (P, AST, AST)), 30 + k)
        if C.BOMB in match.view_for(0).faceup:
            continue
        while match.pending().phase in ("bid", "rebid") and not match.is_over():
            if match.pending().people:
                match.submit(0, A.bid(40 if match.pending().phase == "bid" else 39))
            else:
                match.step()
        view = match.view_for(0)
        if view.phase == "take" and view.taker == 0 and view.round == 1:
            scene = _table(app, match)
            frames(app, 2)
            return scene
    raise AssertionError("no deal where the person takes in round 1")


@pytest.mark.parametrize("lang", LANGS)
def test_the_take_shows_this_rounds_bids_under_the_cards_from_round_one(
        make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """The reviewer's round 1 take: nothing under the cards. Now the board of the bids
    has this round's line (its round, every seat's bid) and a line says who gets the card
    left, all at 18 px or more."""
    app = make_app(lang)
    scene = _take_in_round_one(app)
    assert scene.picker is not None and not scene.shown.history
    view = scene.shown
    drawn = _drawn(monkeypatch, scene)
    below = [(text, rect, size) for text, rect, size in drawn
             if rect.top >= L.LOWER.top and L.MIDDLE.left <= rect.left <= L.MIDDLE.right]
    texts = [text for text, _rect, _size in below]
    namer = scene.namer
    assert namer.t("diebombe.recent_title") in texts, texts
    assert namer.t("diebombe.round_short", n=1) in texts
    board_top = L.LOWER.top + 100
    on_board = [text for text, rect, _size in below if rect.top >= board_top]
    for seat, bid in enumerate(view.reveals[-1]):
        assert bid is not None and str(bid) in on_board, (seat, bid, on_board)
    second = view.second
    other = namer.t("diebombe.banner.other_out") if second is None else \
        namer.t("diebombe.banner.other_free", player=namer.seat(second))
    assert " ".join(text for text, rect, _size in below  # (not the bid discs' numbers)
                    if rect.bottom <= board_top and not text.isdigit()) == other
    assert all(size >= 18 for _text, _rect, size in below), below


# --- 5. the news tells the round ------------------------------------------------------------------


def test_the_recap_tells_who_bid_what_the_tie_and_who_took_what(
        make_app: Callable[..., App]) -> None:
    """Three people: 9, 9 and 3 (a tie), then 10 and 12; the winner takes a card. The news
    tells every bid once revealed, the tie, the new bids, who took which card for how much,
    and what left the game; the third person's recap tells what came after their bid."""
    app = make_app("en")
    match = _no_bomb_round(60)
    _play_bids(match, {0: 9, 1: 9, 2: 3})
    _play_bids(match, {0: 10, 1: 12})
    taker = match.pending().people[0]
    assert taker == 1
    match.submit(1, match.legal_for(1)[0])
    while match.pending().phase == "bomb":
        seat = match.pending().people[0]
        match.submit(seat, match.legal_for(seat)[0])
    scene = DieTableScene(app, match, pace=HOLD)
    app.stack.push(scene)
    namer = scene.namer
    p1, p2, p3 = (namer.seat(seat) for seat in range(3))
    from game.ui.diebombe.news import news_lines

    lines = news_lines(namer, match.feed_for(None), 99)
    taken = [item.event for item in match.feed_for(None) if isinstance(item.event, E.CardTaken)]
    left = [item.event for item in match.feed_for(None) if isinstance(item.event, E.CardLeft)]
    assert len(taken) == 1 and left
    assert lines[:4] == [
        f"Bids revealed: {p1} (9), {p2} (9) and {p3} (3).",
        f"A tie at 9: {p1} and {p2} bid again.",
        f"New bids revealed: {p1} (10) and {p2} (12).",
        f"{p2} bid highest: 12.",
    ], lines
    assert f"{p2} takes {namer.card(taken[0].card)} and pays 12." in lines
    assert f"Nobody takes {namer.card(left[0].card)}: it leaves the game." in lines
    # the third person sealed the bid that turned the first ones over: their recap starts
    # after it, with the new bids
    assert scene.recap_for(2) == lines[2:]


@pytest.mark.parametrize("lang", LANGS)
def test_a_sealed_bid_is_never_told_before_the_reveal(
        make_app: Callable[..., App], lang: str) -> None:
    app = make_app(lang)
    match = _no_bomb_round(20)
    match.submit(0, A.bid(23))
    match.submit(1, A.bid(31))
    scene = DieTableScene(app, match, pace=HOLD)
    app.stack.push(scene)
    from game.ui.diebombe.news import news_lines

    told = news_lines(scene.namer, match.feed_for(None), 99) + scene.recap_for(2) + \
        news_lines(scene.namer, match.feed_for(0), 99)
    assert not any("23" in line or "31" in line for line in told), told
    match.submit(2, A.bid(4))
    lines = news_lines(scene.namer, match.feed_for(None), 99)
    assert any("23" in line and "31" in line and "4" in line for line in lines), lines
