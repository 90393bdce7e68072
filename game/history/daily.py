"""The deal of the day: one game code per calendar day, the same on every computer, with no
network: it is made from the date alone.

The day picks the game (the collection's games in turn, in code-number order), its options
(the defaults; a game with a pick-one option, such as a mission, walks through them, one
step each time its turn comes round) and the deal (a seed hashed from the date, so that
neighbouring days share nothing). The table is the smallest of four or more seats the game
allows: one person, the others its stand-in machine level (the level that plays a person's
seat when nobody is at the keyboard). The person decides at seat 1, and the game's own rule
says who starts, as in any game: the code pins everything.
"""

from __future__ import annotations

import hashlib
from datetime import date
from functools import lru_cache

from game.bots.registry import stand_in_for
from game.core.codes import SEED_SPACE
from game.core.config import GameConfig, SeatKind
from game.rules.codes import encode
from game.rules.registry import descriptor, playable

SEATS = 4
SALT = "mecha-corta deal of the day"
"""Changing it changes every day's deal: never, once released."""


def daily_config(day: date) -> tuple[GameConfig, int]:
    """The game and seed of ``day``'s deal."""
    games = playable()
    number = day.toordinal()
    game = games[number % len(games)]
    spec = descriptor(game)
    options = set(spec.defaults)
    if spec.pick_one:
        options -= set(spec.pick_one)
        options.add(spec.pick_one[(number // len(games)) % len(spec.pick_one)])
    seats = min(max(SEATS, spec.min_seats), spec.max_seats)
    kinds = (SeatKind.PERSON,) + (stand_in_for(game),) * (seats - 1)
    digest = hashlib.sha256(f"{SALT} {day.isoformat()}".encode()).digest()
    seed = int.from_bytes(digest[:8], "big") % SEED_SPACE
    return spec.table(kinds, frozenset(options)), seed


@lru_cache(maxsize=512)
def daily_code(day: date) -> str:
    """``day``'s game code (what the title offers and the record recognises; remembered: a
    record of 10,000 games asks for each game's day and the day before)."""
    return encode(*daily_config(day))


def daily_of(code: str, ended: date) -> date | None:
    """The day whose deal ``code`` is, for a game that ended on ``ended`` (a deal started
    before midnight may end after it); ``None``: not a deal of the day."""
    for day in (ended, date.fromordinal(ended.toordinal() - 1)):
        if daily_code(day) == code:
            return day
    return None
