"""The same games as before the game-kits refactor: bomb-deck games recorded with the engine and
match of commit 6536e12 (``tests/golden/bombdeck_games.json``: machine-only games of every
rule set, and tables with people played through the match) replay through today's ``Match`` to
the same final table, the same places and, for the tables with people, the same event feed for
every seat and for the public, event by event."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from game.core.saves import saved_game_from_json
from game.match.match import Match
from game.rules.bombdeck import scenario as S

GOLDEN = json.loads((Path(__file__).parent / "golden" / "bombdeck_games.json")
                    .read_text(encoding="utf-8"))["games"]


def _digest(events: Any) -> str:
    return hashlib.sha256("\n".join(repr(e) for e in events).encode()).hexdigest()[:16]


def test_the_record_covers_every_rule_set_and_both_drivers() -> None:
    assert {g["save"]["config"]["game"] for g in GOLDEN} == {"bombazo", "mazo", "clasico"}
    assert {g["how"] for g in GOLDEN} == {"headless", "match"}
    assert len(GOLDEN) >= 40


@pytest.mark.parametrize("game", GOLDEN, ids=lambda g: f"{g['how']}-{g['save']['config']['game']}"
                         f"-{len(g['save']['config']['seats'])}-{g['save']['seed']}")
def test_a_recorded_game_ends_the_same(game: dict[str, Any]) -> None:
    match = Match.from_save(saved_game_from_json(game["save"]))
    assert match.is_over()
    assert S.output(match._state) == game["final"]
    assert list(match.ranking()) == game["ranking"]
    feeds = game.get("feeds")
    if feeds is not None:
        assert _digest(i.event for i in match.feed_for(None)) == feeds["public"]
        for seat in range(match.config.seat_count):
            assert _digest(i.event for i in match.feed_for(seat)) == feeds[str(seat)]
