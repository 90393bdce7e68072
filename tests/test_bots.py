"""Machine players (RULES.md §2): legal answers only, deterministic, views only, and the
behaviours each level promises, on hand-built views."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Sequence

import pytest

from game.bots.base import Bot
from game.bots.bombdeck import PLAYERS as BOTS
from game.bots.bombdeck import astuto as astuto_module
from game.bots.bombdeck import despiadado as despiadado_module
from game.bots.bombdeck import lanzado as lanzado_module
from game.bots.bombdeck.base import next_alive, top_odds, unknown_bomb_odds
from game.bots.bombdeck.despiadado import Despiadado
from game.bots.bombdeck.maestro import Maestro
from game.bots.registry import NoSuchBot, levels_for
from game.bots.registry import bot_for as registry_bot_for
from game.core.config import GameConfig, SeatKind
from game.core.engine import TABLE
from game.core.rng import DecisionStreams, Pcg32
from game.core.saves import loads
from game.match.headless import BotError, play_game
from game.match.match import Match
from game.rules.bombdeck import cards as C
from game.rules.bombdeck.actions import DRAW_ACTION, NOPE_ACTION, RANDOM, Action
from game.rules.bombdeck.engine import BOMBDECK
from game.rules.bombdeck.state import BombState
from game.rules.bombdeck.view import BombView, PublicPlay, SeatInfo
from game.rules.replay import replay

LZ, AS, DE, MA = SeatKind.LANZADO, SeatKind.ASTUTO, SeatKind.DESPIADADO, SeatKind.MAESTRO
LEVELS = (LZ, AS, DE)
"""The seeds' levels: whole games of them are cheap (Maestro's searches have tests of their own,
tests/test_maestro.py)."""
AnyBot = Bot[BombView, Action]
ALL_BOTS: list[AnyBot] = [*(bot for bot in BOTS.values() if bot.level is not MA),
                          Despiadado(focus=1), Despiadado(focus=0), Maestro(budget=1)]
"""Every player; Maestro with the least budget (one future per candidate): it is asked at every
decision of many games."""


def bot_for(kind: SeatKind, focus: int | None = None) -> AnyBot:
    """The bomb-deck player of ``kind`` (every bomb-deck game has the same players)."""
    return registry_bot_for("bombazo", kind, focus)
TABLES = [("bombazo", 2), ("bombazo", 4), ("bombazo", 8), ("mazo", 3), ("mazo", 5),
          ("clasico", 4), ("clasico", 5)]


def _mixed(game: str, seats: int, offset: int = 0) -> GameConfig:
    kinds = tuple(LEVELS[(seat + offset) % 3] for seat in range(seats))
    return GameConfig(game, kinds, first=offset % seats)


# --- legality: every level, every decision of real games ---------------------------------------

@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_bots_only_answer_with_legal_actions(game: str, seats: int) -> None:
    """Replay mixed-level games and, at every decision point, ask every bot (not only the one
    that sat there) what it would do: a legal action, or ``None`` only in a reaction window."""
    asked = 0
    phases: set[str] = set()
    for seed in range(10):
        config = _mixed(game, seats, seed)
        record = play_game(config, seed, check=True)
        assert not record.violations
        state = BOMBDECK.new_game(config, seed)
        rng = Pcg32(seed, stream=99)
        for seat, action in record.actions:
            for who in BOMBDECK.to_act(state):
                if who == TABLE:
                    continue
                legal = BOMBDECK.legal_actions(state, who)
                view = BOMBDECK.view(state, who)
                phases.add(view.phase)
                for bot in ALL_BOTS:
                    if bot.level is MA and seed >= 2:
                        continue  # two games of searches are plenty, and slow enough
                    choice = bot.choose(view, legal, rng)
                    asked += 1
                    if view.phase == "react":
                        assert legal == [NOPE_ACTION]
                        assert choice is None or choice == NOPE_ACTION
                    else:
                        assert choice in legal, (bot.level, view.phase, choice)
            BOMBDECK.apply(state, seat, action)
        assert BOMBDECK.is_over(state)
    assert asked > 100
    wanted = {"play", "place_bomb"} | ({"react", "give"} if game != "mazo" else set())
    assert wanted <= phases


def test_a_bot_given_nothing_legal_answers_none() -> None:
    config = GameConfig.machines("bombazo", 3)
    view = BOMBDECK.view(BOMBDECK.new_game(config, 1), 2)
    for bot in ALL_BOTS:
        assert bot.choose(view, [], Pcg32(1)) is None


@pytest.mark.parametrize(("game", "seats"), TABLES)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_finishes_games_at_every_table(game: str, seats: int,
                                                   level: SeatKind) -> None:
    for seed in range(3):
        record = play_game(GameConfig.machines(game, seats, level), seed, check=True)
        assert record.violations == []
        assert sorted(record.ranking) == list(range(seats))


# --- determinism and replay ----------------------------------------------------------------------

@pytest.mark.parametrize("game", ["bombazo", "mazo", "clasico"])
def test_same_seed_same_action_list(game: str) -> None:
    config = _mixed(game, 4)
    first = play_game(config, 1234)
    second = play_game(config, 1234)
    assert first.actions == second.actions
    assert first.ranking == second.ranking
    assert play_game(config, 1235).actions != first.actions


def test_bot_streams_are_derived_from_the_seed_the_seat_and_the_decision() -> None:
    """Every machine decision of a game is made with ``DecisionStreams(seed).rng(seat,
    index)``, index = actions applied so far: a spy compares each generator it is handed with
    that derivation, for every seat of several games."""
    seen: list[tuple[int, int, int]] = []

    class Spy:
        level = LZ

        def __init__(self, match: list[Match]) -> None:
            self.match = match

        def choose(self, view: BombView, legal: Sequence[Action], rng: Pcg32) -> Action | None:
            index = self.match[0].moves
            expected = DecisionStreams(self.match[0].seed).rng(view.seat, index)
            assert (rng.state, rng.inc) == (expected.state, expected.inc)
            seen.append((self.match[0].seed, view.seat, index))
            return bot_for(LZ).choose(view, legal, rng)

    for seed in (5, 6):
        holder: list[Match] = []
        spies = [Spy(holder) for _ in range(4)]
        match = Match(GameConfig.machines("bombazo", 4, LZ), seed, players=spies)
        holder.append(match)
        match.play_to_end()
    assert {seat for _, seat, _ in seen} == {0, 1, 2, 3}
    assert len(set(seen)) == len(seen), "two decisions shared a generator"


def test_the_streams_of_seats_and_decisions_are_independent() -> None:
    """Seats asked at the same position must not answer alike (PCG's first output depends on
    its state alone), nor one seat at successive positions."""
    streams = DecisionStreams(99)
    same_index = sum(streams.rng(0, i).below(4) == streams.rng(1, i).below(4)
                     for i in range(4000))
    next_index = sum(streams.rng(2, i).below(4) == streams.rng(2, i + 1).below(4)
                     for i in range(4000))
    other_seed = sum(streams.rng(0, i).below(4) == DecisionStreams(100).rng(0, i).below(4)
                     for i in range(4000))
    for agree in (same_index, next_index, other_seed):
        assert 850 < agree < 1150, agree  # a quarter of 4,000, give or take 5 sigma


def test_a_record_replays_to_the_same_end() -> None:
    config = _mixed("clasico", 5, 2)
    record = play_game(config, 77)
    saved = loads(record.to_save().dumps())
    state = replay(saved)
    assert BOMBDECK.is_over(state)
    assert tuple(BOMBDECK.ranking(state)) == record.ranking
    restored = [(seat, BOMBDECK.action_from_json(data)) for seat, data in saved.actions]
    assert restored == record.actions


# --- bots see views, never states -----------------------------------------------------------------

@pytest.mark.parametrize("bot", ALL_BOTS, ids=lambda b: type(b).__name__)
def test_choose_takes_a_view_the_legal_actions_and_a_generator(bot: AnyBot) -> None:
    signature = inspect.signature(bot.choose)
    assert list(signature.parameters) == ["view", "legal", "rng"]
    hints = typing.get_type_hints(bot.choose)
    assert hints["view"] is BombView
    assert hints["rng"] is Pcg32
    assert hints["legal"] == Sequence[Action]
    assert BombState not in hints.values()


@pytest.mark.parametrize("module", [lanzado_module, astuto_module, despiadado_module])
def test_module_level_choose_has_the_same_shape(module: typing.Any) -> None:
    assert list(inspect.signature(module.choose).parameters) == ["view", "legal", "rng"]


class _Spy:
    """Wraps a bot, checks that it is handed a view, and logs who is asked in reaction windows."""

    def __init__(self, inner: AnyBot, log: list[int]) -> None:
        self.inner = inner
        self.log = log

    @property
    def level(self) -> SeatKind:
        return self.inner.level

    def choose(self, view: BombView, legal: Sequence[Action], rng: Pcg32) -> Action | None:
        assert type(view) is BombView
        if view.phase == "react":
            self.log.append(view.seat)
        return self.inner.choose(view, legal, rng)


@pytest.mark.parametrize("game", ["bombazo", "clasico"])
def test_the_driver_asks_nope_holders_clockwise_after_the_last_actor(game: str) -> None:
    """Recompute, from the record, who should have been asked in every window: the nope
    holders clockwise from the seat after the last one who played or noped, up to the one
    that noped (or all of them when the table resolved)."""
    nopes = 0
    for seed in range(15):
        log: list[int] = []
        config = GameConfig(game, (LZ, AS, DE, LZ, AS), first=seed % 5)
        spies = [_Spy(bot_for(kind), log) for kind in config.seats]
        record = play_game(config, seed, spies)
        expected: list[int] = []
        state = BOMBDECK.new_game(config, seed)
        last = config.first
        for seat, action in record.actions:
            acting = BOMBDECK.to_act(state)
            if acting[0] == TABLE:
                holders = sorted(acting[1:], key=lambda s: (s - last - 1) % 5)
                if action == NOPE_ACTION:
                    nopes += 1
                    expected += holders[: holders.index(seat) + 1]
                else:
                    expected += holders
            BOMBDECK.apply(state, seat, action)
            if seat != TABLE:
                last = seat
        assert log == expected
    assert nopes > 10


def test_nope_holders_are_asked_from_the_seat_after_the_player() -> None:
    """A hand-checked window: seat 1 attacks; seats 3 and 0 hold nopes and decline; seat 2
    holds one too. The order must be 2, 3, 0 (clockwise after 1)."""
    asked: list[int] = []

    class Decline:
        level = SeatKind.LANZADO

        def choose(self, view: BombView, legal: Sequence[Action],
                   rng: Pcg32) -> Action | None:
            if view.phase == "react":
                asked.append(view.seat)
                return None
            if view.seat == 1 and any(a.card == C.ATTACK for a in legal):
                return next(a for a in legal if a.card == C.ATTACK)
            return DRAW_ACTION if DRAW_ACTION in legal else legal[0]

    config = GameConfig.machines("bombazo", 4, LZ)
    for seed in range(200):
        state = BOMBDECK.new_game(config, seed)
        hands = state.hands
        if (C.ATTACK in hands[1] and all(C.NOPE in hands[s] for s in (0, 2, 3))):
            break
    else:
        pytest.skip("no deal with the wanted hands")
    bots = [Decline(), Decline(), Decline(), Decline()]
    play_game(GameConfig(config.game, config.seats, first=1), seed, bots)
    assert asked[:3] == [2, 3, 0]


def test_a_bot_that_answers_illegally_is_reported() -> None:
    class Rogue:
        level = SeatKind.LANZADO

        def choose(self, view: BombView, legal: Sequence[Action],
                   rng: Pcg32) -> Action | None:
            return None

    config = GameConfig.machines("mazo", 3)
    with pytest.raises(BotError):
        play_game(config, 3, [Rogue(), Rogue(), Rogue()])


# --- registry ------------------------------------------------------------------------------------

def test_registry_maps_every_built_level() -> None:
    for game in ("bombazo", "mazo", "clasico"):
        assert levels_for(game) == (*LEVELS, MA)
        for level in (*LEVELS, MA):
            assert registry_bot_for(game, level).level is level
    focused = bot_for(DE, focus=2)
    assert isinstance(focused, Despiadado) and focused.focus == 2
    with pytest.raises(NoSuchBot):
        bot_for(SeatKind.PERSON)
    assert isinstance(bot_for(MA), Maestro)
    assert levels_for("diebombe") == (*LEVELS, MA)
    assert registry_bot_for("diebombe", SeatKind.MAESTRO).level is SeatKind.MAESTRO
    assert levels_for("cazabombas") == LEVELS
    with pytest.raises(NoSuchBot):
        registry_bot_for("cazabombas", SeatKind.MAESTRO)


# --- hand-built views ---------------------------------------------------------------------------

def _view(*, seat: int = 0, phase: str = "play", hand: tuple[str, ...] = (),
          clues: tuple[tuple[int, str], ...] = (), markers: tuple[int, ...] = (1, 1, 1, 1),
          cards: tuple[int, ...] = (5, 5, 5, 5), deck: int = 20, bombs: int = 3,
          owed: int = 1, current: int = 0, pending: PublicPlay | None = None,
          shields: tuple[bool, ...] = (False, False, False, False),
          game: str = "bombazo") -> BombView:
    seats = tuple(SeatInfo(cards[i], True, shields[i], markers[i]) for i in range(len(cards)))
    return BombView(game, frozenset(), game != "mazo", seat, phase, current, owed, owed > 1,
                    tuple(sorted(hand)), clues, seats, deck, bombs, (), (), pending, None)


def _plays(*cards: str) -> list[Action]:
    return [DRAW_ACTION, *(Action("play", card) for card in cards)]


RNG = Pcg32(0)


@pytest.mark.parametrize("hand", [
    ("defuse", "skip", "animal_frog"),
    ("skip", "animal_frog"),
])
def test_astuto_avoids_a_known_top_bomb_with_a_skip(hand: tuple[str, ...]) -> None:
    view = _view(hand=hand, clues=((0, C.BOMB),))
    assert bot_for(AS).choose(view, _plays(C.SKIP), RNG) == Action("play", C.SKIP)


def test_astuto_prefers_a_safe_bottom_and_attacks_when_owing_two() -> None:
    bot = bot_for(AS)
    view = _view(hand=("skip", "draw_bottom"), clues=((0, C.BOMB), (19, "nope")))
    assert bot.choose(view, _plays(C.DRAW_BOTTOM, C.SKIP), RNG) == Action("play", C.DRAW_BOTTOM)
    view = _view(hand=("skip", "draw_bottom"), clues=((0, C.BOMB), (19, C.BOMB)))
    assert bot.choose(view, _plays(C.DRAW_BOTTOM, C.SKIP), RNG) == Action("play", C.SKIP)
    view = _view(hand=("skip", "attack"), clues=((0, C.BOMB),), owed=3)
    assert bot.choose(view, _plays(C.ATTACK, C.SKIP), RNG) == Action("play", C.ATTACK)


def test_astuto_draws_a_known_safe_top_and_keeps_its_escapes() -> None:
    view = _view(hand=("skip", "attack", "defuse"), clues=((0, "nope"),), bombs=3, deck=4)
    assert bot_for(AS).choose(view, _plays(C.ATTACK, C.SKIP), RNG) == DRAW_ACTION
    # Unknown top, low odds: keep the escape for the end.
    view = _view(hand=("skip",), bombs=1, deck=30)
    assert bot_for(AS).choose(view, _plays(C.SKIP), RNG) == DRAW_ACTION


def test_astuto_peeks_when_danger_is_high_and_not_when_low() -> None:
    bot = bot_for(AS)
    legal = _plays(C.SEE_FUTURE)
    assert bot.choose(_view(hand=("see_future",), bombs=3, deck=6), legal, RNG) == legal[1]
    assert bot.choose(_view(hand=("see_future",), bombs=1, deck=40), legal, RNG) == DRAW_ACTION


def test_astuto_steals_a_defuse_when_it_lacks_one() -> None:
    bot = bot_for(AS)
    pairs = [DRAW_ACTION] + [Action("pair", "animal_frog", t) for t in (1, 2, 3)]
    view = _view(hand=("animal_frog", "animal_frog"), markers=(0, 0, 1, 1), cards=(2, 6, 2, 6))
    assert bot.choose(view, pairs, RNG) == Action("pair", "animal_frog", 2)
    view = _view(hand=("animal_frog", "animal_frog", "defuse"), markers=(1, 0, 1, 1))
    assert bot.choose(view, pairs, RNG) == DRAW_ACTION  # a defuse in hand: keep the pair
    trios = pairs + [Action("trio", "animal_frog", t, n) for t in (1, 2, 3)
                     for n in (C.DEFUSE, C.NOPE)]
    view = _view(hand=("animal_frog",) * 3 + ("defuse",), markers=(1, 0, 0, 1))
    assert bot.choose(view, trios, RNG) == Action("trio", "animal_frog", 3, C.DEFUSE)


def _places(deck: int) -> list[Action]:
    return [Action("place_bomb", position=p) for p in range(deck + 1)] + [
        Action("place_bomb", position=RANDOM)]


def test_astuto_hides_bombs_smartly() -> None:
    bot = bot_for(AS)
    # The next seat shows no defuse: on top.
    view = _view(phase="place_bomb", markers=(0, 0, 1, 1), deck=10)
    assert bot.choose(view, _places(10), RNG) == Action("place_bomb", position=0)
    # The next seat shows one, the one after does not: in front of that one.
    view = _view(phase="place_bomb", markers=(0, 1, 0, 1), deck=10)
    assert bot.choose(view, _places(10), RNG) == Action("place_bomb", position=1)
    # Still owing a turn: never on top of its own next draw.
    view = _view(phase="place_bomb", markers=(0, 0, 1, 1), deck=10, owed=2)
    choice = bot.choose(view, _places(10), RNG)
    assert choice is not None and choice.position == 1


def test_despiadado_hides_on_top_and_hunts_its_focus() -> None:
    bot = bot_for(DE, focus=3)
    view = _view(phase="place_bomb", markers=(0, 1, 1, 1), deck=10)
    assert bot.choose(view, _places(10), RNG) == Action("place_bomb", position=0)
    pairs = [DRAW_ACTION] + [Action("pair", "animal_frog", t) for t in (1, 2, 3)]
    view = _view(hand=("animal_frog", "animal_frog"), markers=(0, 1, 1, 1), cards=(2, 9, 1, 4))
    assert bot.choose(view, pairs, RNG) == Action("pair", "animal_frog", 3)
    # Without a focus, the strongest: most proven defuses, then most cards.
    view = _view(hand=("animal_frog", "animal_frog"), markers=(0, 1, 2, 1), cards=(2, 9, 3, 4))
    assert bot_for(DE).choose(view, pairs, RNG) == Action("pair", "animal_frog", 2)
    # The focus plays next: attack it once the odds are up.
    view = _view(seat=2, current=2, hand=("attack",), bombs=3, deck=8)
    assert bot.choose(view, _plays(C.ATTACK), RNG) == Action("play", C.ATTACK)


@pytest.mark.parametrize(("pending", "hand", "expected"), [
    (PublicPlay(1, "play", ("favor",), 0, None, 0), ("nope", "defuse"), True),
    (PublicPlay(1, "play", ("favor",), 2, None, 0), ("nope", "defuse"), False),
    (PublicPlay(1, "pair", ("animal_frog",) * 2, 0, None, 0), ("nope", "defuse"), True),
    (PublicPlay(1, "trio", ("animal_frog",) * 3, 0, C.DEFUSE, 0), ("nope", "defuse"), True),
    (PublicPlay(1, "trio", ("animal_frog",) * 3, 0, C.SKIP, 0), ("nope", "defuse"), False),
    (PublicPlay(3, "play", ("attack",), None, None, 0), ("nope",), True),  # onto seat 0
    (PublicPlay(2, "play", ("attack",), None, None, 0), ("nope",), False),  # onto seat 3
    (PublicPlay(3, "play", ("attack",), None, None, 1), ("nope",), False),  # already noped
    (PublicPlay(0, "play", ("see_future",), None, None, 0), ("nope",), False),  # its own
])
def test_astuto_nopes_what_hurts_it(pending: PublicPlay, hand: tuple[str, ...],
                                    expected: bool) -> None:
    view = _view(phase="react", hand=hand, pending=pending, current=pending.seat)
    choice = bot_for(AS).choose(view, [NOPE_ACTION], RNG)
    assert (choice == NOPE_ACTION) is expected


def test_astuto_restores_its_own_escape_from_a_known_bomb() -> None:
    pending = PublicPlay(0, "play", ("skip",), None, None, 1)
    view = _view(phase="react", hand=("nope",), pending=pending, clues=((0, C.BOMB),))
    assert bot_for(AS).choose(view, [NOPE_ACTION], RNG) == NOPE_ACTION


def test_astuto_gives_its_cheapest_card() -> None:
    view = _view(phase="give", hand=("defuse", "nope", "animal_frog", "skip"))
    legal = [Action("give", c) for c in ("animal_frog", "defuse", "nope", "skip")]
    assert bot_for(AS).choose(view, legal, RNG) == Action("give", "animal_frog")


def test_view_readings() -> None:
    view = _view(clues=((0, "nope"), (1, C.BOMB)), deck=12, bombs=3)
    assert unknown_bomb_odds(view) == pytest.approx(2 / 10)
    assert top_odds(view) == 0.0
    dead = view._replace(seats=(view.seats[0], view.seats[1]._replace(alive=False),
                                *view.seats[2:]))
    assert next_alive(dead, 0) == 2 and next_alive(dead, 3) == 0
