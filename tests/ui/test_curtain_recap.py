"""The hot-seat curtain says what happened since the covered person's last turn (issue 20's
review): three people at one computer, each family's real table driven by real key presses to
a person's second curtain. The recap lists the public events since that person's last turn,
oldest first, in the words of the table's log; a first turn tells what the others did since
the game began (nothing when nobody did anything yet); and nothing secret is ever on it, not
even the coming person's own secrets (everybody is looking at the curtain).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.config import GameConfig, SeatKind
from game.core.errors import IllegalAction
from game.match.flow import Pace
from game.match.match import Match
from game.rules.bombdeck import actions as A
from game.rules.bombdeck import events as BE
from game.rules.bombdeck.actions import Action
from game.ui.app import App
from game.ui.bombdeck.choosers import CardChooser
from game.ui.bombdeck.table import TableScene
from game.ui.scene import Scene
from game.ui.scenes.curtain import CurtainScene, recap_rows
from tests.ui.conftest import key
from tests.ui.privacy import PrivacyScreen, TextSpy

P = SeatKind.PERSON
PEOPLE = (P, P, P)
PACE = Pace(machine_delay=0.05, machine_window_delay=3.0, window_seconds=0.4)
Maker = Callable[[App, Match], Scene[Any]]
SPY = TextSpy()
"""Every text the screens render (``fonts.render`` is every text's way to the screen)."""


@pytest.fixture(autouse=True)
def _record_texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    SPY.install(monkeypatch)
    yield
    del SPY.drawn[:]


class Screen(PrivacyScreen):
    """One app, one match, every frame's texts kept; the curtains that came down, in order."""

    scene: Any

    def __init__(self, folder: Path, match: Match,
                 make_table: Maker) -> None:
        self.curtains: list[CurtainScene] = []
        self.under: list[tuple[CurtainScene, list[str]]] = []
        """The curtain on top at each frame it was, and the texts that frame drew."""
        super().__init__(folder, match, make_table, SPY)

    def step(self, n: int = 1) -> None:
        for _ in range(n):
            super().step()
            top = self.app.stack.top
            if isinstance(top, CurtainScene):
                if top not in self.curtains:
                    self.curtains.append(top)
                self.under.append((top, self.texts[-1]))

    def lift(self, seat: int) -> CurtainScene:
        """Wait for ``seat``'s curtain, read it a moment, and say "it's me" (Enter)."""
        self.until(self.curtain_for(seat))
        curtain = self.app.stack.top
        assert isinstance(curtain, CurtainScene)
        self.step(5)
        key(pygame.K_RETURN)
        self.step()
        return curtain

    def texts_on(self, curtain: CurtainScene) -> str:
        """Every text drawn while ``curtain`` was on top, as one string."""
        return "\n".join(text for top, texts in self.under if top is curtain for text in texts)


def _open(tmp_path: Path, match: Match, make: Maker) -> Screen:
    return Screen(tmp_path, match, make)


# --- the bomb deck (three rule sets) -------------------------------------------------------------

def _bomb_table(app: App, match: Match) -> TableScene:
    return TableScene(app, match, pace=PACE)


def _safe(config: GameConfig, script: list[tuple[int, Action]],
          fits: Callable[[Match], bool] = lambda m: True) -> Match:
    """The first deal where ``script`` plays out with no bomb drawn (and ``fits`` holds)."""
    for seed in range(1, 400):
        match = Match(config, seed)
        if not fits(match):
            continue
        copy = Match(config, seed)
        try:
            for seat, action in script:
                while copy.pending().is_window:
                    copy.close_window()
                copy.submit(seat, action)
            while copy.pending().is_window:
                copy.close_window()
        except IllegalAction:  # a deal the script does not fit
            continue
        if not any(isinstance(item.event, (BE.BombDrawn, BE.PlayerExploded))
                   for item in copy.feed_for(None)):
            return match
    raise AssertionError("no deal fits")


def _my_turn(screen: Screen, seat: int) -> Callable[[], bool]:
    def ready() -> bool:
        scene = screen.scene
        on_top = screen.app.stack.top is scene
        return (on_top and not scene.busy and not scene.settling
                and screen.app._guard <= 0 and scene.flow.awaiting_person == seat
                and screen.match.pending().phase == "play")
    return ready


@pytest.mark.parametrize("game", ["bombazo", "mazo", "clasico"])
def test_the_bomb_deck_curtain_tells_what_the_others_did_since_your_last_turn(
        tmp_path: Path, game: str) -> None:
    draw = Action(A.DRAW)
    see = Action(A.PLAY, "see_future")
    config = GameConfig(game, PEOPLE)
    match = _safe(config, [(0, draw), (1, draw), (2, see), (2, draw)],
                  lambda m: "see_future" in m.view_for(2).hand)
    screen = _open(tmp_path, match, _bomb_table)
    try:
        names = [screen.scene.namer.seat(s) for s in range(3)]
        for seat in (0, 1):
            first = screen.lift(seat)
            # a first turn: what the others did since the game began (nothing yet for the
            # first player: the deal itself is no news)
            assert list(first.recap) == [f"{names[s]} drew a card." for s in range(seat)]
            screen.until(_my_turn(screen, seat))
            key(pygame.K_SPACE)  # draws
            screen.step()
        first = screen.lift(2)
        assert list(first.recap) == [f"{names[0]} drew a card.", f"{names[1]} drew a card."]
        screen.until(_my_turn(screen, 2))
        assert screen.scene.submit(see)
        mine = _my_turn(screen, 2)
        screen.until(lambda: mine() or (screen.scene.veiled and not screen.scene.busy))
        if screen.scene.veiled:  # a window everybody watched (a rule set with Nope)
            screen.step(5)
            key(pygame.K_SPACE)  # shows their cards again
            screen.step(3)
        screen.until(_my_turn(screen, 2))
        key(pygame.K_SPACE)  # draws
        screen.step()
        second = screen.lift(0)
        card = screen.scene.namer.card("see_future")
        assert list(second.recap) == [
            f"{names[1]} drew a card.",
            f"{names[2]} played {card}.",
            f"{names[2]} looked at the top of the deck.",
            f"{names[2]} drew a card.",
        ]
        shown = [text for text, _age in second.recap_shown()]
        assert shown == list(second.recap)  # all of it fits, newest last
    finally:
        screen.close()


def test_a_card_given_in_a_favor_is_never_on_the_curtain_not_even_the_takers(
        tmp_path: Path) -> None:
    """Player 1 asks Player 2 for a favor. Player 2's curtain (their first turn) says only
    that it was asked; Player 1's next curtain says a card was given, never which: everybody
    is looking, so not even Player 1's own secret is on it."""

    def fits(match: Match) -> bool:
        return "favor" in match.view_for(0).hand and not {"favor", "nope"} & set(
            match.view_for(1).hand)

    match = next(m for seed in range(1, 400)
                 if fits(m := Match(GameConfig("bombazo", PEOPLE), seed)))
    screen = _open(tmp_path, match, _bomb_table)
    try:
        assert screen.lift(0).recap == ()
        screen.until(_my_turn(screen, 0))
        assert screen.scene.submit(Action(A.PLAY, "favor", 1))
        giver = screen.lift(1)
        namer = screen.scene.namer
        assert list(giver.recap) == [  # Player 2's first turn: since the game began
            f"{namer.seat(0)} played {namer.card('favor')} on {namer.seat(1)}.",
            f"{namer.seat(0)} asked {namer.seat(1)} for a favor."]
        screen.until(lambda: isinstance(screen.app.stack.top, CardChooser)
                     and screen.app._guard <= 0)
        chooser = screen.app.stack.top
        assert isinstance(chooser, CardChooser)
        given = chooser.choices[0][0]
        key(pygame.K_RETURN)  # marks the card
        screen.step()
        key(pygame.K_RETURN)  # gives it
        screen.step()
        screen.until(screen.curtain_for(0))
        taker = screen.app.stack.top
        assert isinstance(taker, CurtainScene)
        screen.step(10)
        namer = screen.scene.namer
        assert list(taker.recap) == [
            f"{namer.seat(0)} asked {namer.seat(1)} for a favor.",
            f"{namer.seat(1)} gave {namer.seat(0)} a card."]
        on_screen = screen.texts_on(taker)
        assert namer.seat(1) in on_screen  # the texts were recorded, the recap drawn
        from game.ui.bombdeck.log import line_for

        taken = [item.event for item in match.feed_for(0)
                 if isinstance(item.event, BE.CardTaken)]
        assert taken and taken[-1].card == given  # the taker's own secret, in their feed
        secret = line_for(namer, taken[-1], 0)
        assert secret is not None and namer.card(given) in secret
        assert secret not in on_screen and namer.card(given) not in on_screen
    finally:
        screen.close()



def test_a_table_opened_mid_game_finds_the_last_turn_in_the_game_itself(
        tmp_path: Path) -> None:
    """A resumed game (or a screenshot) opens on a table that never saw anybody look: the
    recap starts after the person's last move all the same, found by replaying the game; a
    person who never moved is told everything since the game began."""
    draw = Action(A.DRAW)
    match = _safe(GameConfig("bombazo", PEOPLE), [(0, draw), (1, draw), (2, draw)])
    for seat in (0, 1, 2):
        match.submit(seat, draw)
    screen = _open(tmp_path, match, _bomb_table)
    try:
        curtain = screen.lift(0)
        namer = screen.scene.namer
        assert list(curtain.recap) == [f"{namer.seat(1)} drew a card.",
                                       f"{namer.seat(2)} drew a card."]
    finally:
        screen.close()
    fresh = _safe(GameConfig("bombazo", PEOPLE), [(0, draw)])
    fresh.submit(0, draw)
    screen = _open(tmp_path, fresh, _bomb_table)
    try:
        namer = screen.scene.namer
        # Player 2 has not played yet: what happened since the game began
        assert list(screen.lift(1).recap) == [f"{namer.seat(0)} drew a card."]
    finally:
        screen.close()

# --- Die Bombe -----------------------------------------------------------------------------------

def _die_table(app: App, match: Match) -> Scene[Any]:
    from game.ui.diebombe.table import DieTableScene

    return DieTableScene(app, match, pace=PACE)


DIGITS = {str(n): getattr(pygame, f"K_{n}") for n in range(10)}


def _die_decide(screen: Screen, seat: int, amount: str) -> None:
    """Behind ``seat``'s lifted curtain: type ``amount`` and seal it, or take / drop a bomb
    on the first choice (Enter)."""
    scene = screen.scene
    screen.until(lambda: (scene.pad is not None or scene.picker is not None)
                 and scene.flow.viewer == seat and not scene.busy and not scene.reading
                 and not scene.settling  # a key while the bids stand to be read goes on
                 and screen.app._guard <= 0)
    if scene.pad is not None:
        for char in amount:
            key(DIGITS[char])
        screen.step()
    key(pygame.K_RETURN)
    screen.step()


def _next_curtain(screen: Screen) -> CurtainScene:
    screen.until(lambda: isinstance(screen.app.stack.top, CurtainScene)
                 and screen.app._guard <= 0)
    curtain = screen.app.stack.top
    assert isinstance(curtain, CurtainScene)
    screen.step(5)
    return curtain


def test_die_bombe_curtain_tells_the_last_round_and_never_a_sealed_bid(tmp_path: Path) -> None:
    """Three people bid 5, 17 and 2 in round 1, each behind their own curtain (no recap: a
    first turn). The highest bidder's curtain to take says who bid highest (the sealed bids
    in between say nothing); the first person, back for round 2, reads the whole round; the
    bids sealed since are never on anybody's curtain."""
    from game.rules.diebombe import events as DE

    match = Match(GameConfig("diebombe", PEOPLE), 7)
    screen = _open(tmp_path, match, _die_table)
    try:
        for seat, amount in ((0, "5"), (1, "17"), (2, "2")):
            curtain = _next_curtain(screen)
            assert curtain.seat == seat and curtain.recap == ()
            screen.lift(seat)
            _die_decide(screen, seat, amount)
        namer = screen.scene.namer
        taker = _next_curtain(screen)  # the highest bidder takes a card
        assert taker.seat == 1 and match.pending().phase == "take"
        bids = (f"Bids revealed: {namer.seat(0)} (5), {namer.seat(1)} (17) and "
                f"{namer.seat(2)} (2).")
        assert list(taker.recap) == [bids, f"{namer.seat(1)} bid highest: 17."]
        scene = screen.scene
        while True:  # whatever round 1 still asks (a take, a bomb), until round 2's bids
            screen.until(lambda: scene.holding or (
                isinstance(screen.app.stack.top, CurtainScene) and screen.app._guard <= 0))
            if scene.holding:  # the round's outcome, until the next person goes on
                screen.step(5)
                key(pygame.K_RETURN)
                screen.step()
                continue
            curtain = _next_curtain(screen)
            if match.pending().phase == "bid":
                break
            screen.lift(curtain.seat)
            _die_decide(screen, curtain.seat, "")
        assert curtain.seat == 0
        lines = [bids, namer.t("diebombe.news.highest", player=namer.seat(1), amount=17)]
        for item in match.feed_for(None):
            ev = item.event
            if isinstance(ev, DE.CardTaken) and ev.paid:
                lines.append(f"{namer.seat(ev.seat)} takes {namer.card(ev.card)} and pays "
                             f"{ev.paid}.")
            elif isinstance(ev, DE.CardTaken):
                lines.append(f"{namer.seat(ev.seat)} takes {namer.card(ev.card)} free.")
            elif isinstance(ev, DE.CardLeft) and ev.why != "no_target":
                lines.append(f"Nobody takes {namer.card(ev.card)}: it leaves the game.")
            elif isinstance(ev, DE.BombPlayed):
                break  # (a bomb's line is not spelled here: deal 7 has none in round 1)
        assert len(lines) >= 2 and list(curtain.recap) == lines
        assert not any(isinstance(item.event, DE.BombPlayed) for item in match.feed_for(None))
        for seat, amount in ((0, "23"), (1, "31")):  # round 2, in secret
            if seat:
                curtain = _next_curtain(screen)
            assert curtain.seat == seat
            screen.lift(seat)
            _die_decide(screen, seat, amount)
        third = _next_curtain(screen)
        assert third.seat == 2
        screen.step(10)
        assert list(third.recap) == lines[2:]  # since their bid; round 2's bids are sealed
        on_screen = screen.texts_on(third)
        assert namer.seat(2) in on_screen  # the texts were recorded
        assert "23" not in on_screen and "31" not in on_screen
    finally:
        screen.close()


# --- Caza Bombas ---------------------------------------------------------------------------------

def _caza_table(app: App, match: Match) -> Scene[Any]:
    from game.ui.cazabombas.table import CazaTableScene

    return CazaTableScene(app, match, pace=PACE, briefing=False)


def test_caza_bombas_curtain_tells_the_tokens_the_others_showed(tmp_path: Path) -> None:
    """Each of three people shows a setup token behind their own curtain; each first curtain
    tells the tokens shown before it (the first one none: nothing happened yet); the first of
    them, back for the first cut, reads the other two's tokens in order."""
    from game.rules.cazabombas import events as CE

    config = GameConfig("cazabombas", PEOPLE, frozenset({"mission1"}))
    match = Match(config, 3)
    screen = _open(tmp_path, match, _caza_table)
    order: list[int] = []
    try:
        while True:
            screen.until(lambda: isinstance(screen.app.stack.top, CurtainScene)
                         and screen.app._guard <= 0)
            curtain = screen.app.stack.top
            assert isinstance(curtain, CurtainScene)
            if curtain.seat in order:
                break
            namer = screen.scene.namer
            shown = {item.event.seat: item.event.value for item in match.feed_for(None)
                     if isinstance(item.event, CE.TokenPlaced)}
            assert list(curtain.recap) == [
                f"{namer.seat(s)} shows a {namer.value(shown[s])} on their stand."
                for s in order]  # a first turn: the tokens shown since the game began
            order.append(curtain.seat)
            seat = curtain.seat
            screen.lift(seat)
            screen.until(lambda s=seat: screen.scene.aim is not None  # type: ignore[misc]
                         and screen.scene.flow.viewer == s and not screen.scene.busy
                         and screen.app._guard <= 0)
            screen.step(5)
            key(pygame.K_RETURN)  # the token on their first blue wire
            screen.step()
        assert sorted(order) == [0, 1, 2] and curtain.seat == order[0]
        namer = screen.scene.namer
        tokens = {item.event.seat: item.event.value for item in match.feed_for(None)
                  if isinstance(item.event, CE.TokenPlaced)}
        assert list(curtain.recap) == [
            f"{namer.seat(s)} shows a {namer.value(tokens[s])} on their stand."
            for s in order[1:]]
    finally:
        screen.close()


# --- the panel -----------------------------------------------------------------------------------

def test_more_than_fits_says_how_many_came_before_and_keeps_the_newest(app: App) -> None:
    lines = [f"Player {n} drew a card." for n in range(1, 10)]
    rows = recap_rows(lines, lambda n: f"…and {n} more")
    assert rows[0] == ("…and 4 more", -1)
    assert [text for text, _age in rows[1:]] == lines[4:]  # the newest, newest last
    assert rows[-1][1] == 0
    assert recap_rows(lines[:6], lambda n: f"…and {n} more") == [
        (text, 5 - i) for i, text in enumerate(lines[:6])]  # six fit: nothing left out


def test_the_recap_is_worded_again_in_a_new_language(app: App) -> None:
    """The table hands the curtain the function that words its recap: a language chosen in
    the pause menu while the curtain is up rewords it (and its "and N more")."""
    curtain = CurtainScene(app, 1, "Player 2",
                           recap=lambda: [app.loc.t("curtain.show")] * 9)
    app.stack.reset(curtain)
    app.step(1 / 60)
    english = curtain.recap_shown()
    app.set_language("es")
    app.step(1 / 60)
    spanish = curtain.recap_shown()
    assert english[0][0].startswith("…and 4 ") and spanish[0][0].startswith("…y 4 ")
    assert english[1][0] == "Show my cards" and spanish[1][0] == "Mostrar mis cartas"
