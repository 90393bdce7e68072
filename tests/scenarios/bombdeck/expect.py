"""The bomb-deck corpus's expectations (Bombazo, Mazo, Clásico; SCENARIOS.md and RULES.md §1),
read by tests/scenario_runner.py.

Exit-0 ``[expect]`` keys: any subset of the output's top-level fields (compared exactly),
``seats`` as a list of partial per-seat tables (one per seat, ``{}`` = not checked), and
extensions for outcomes the seed decides: ``deck_sorted`` (the deck as a multiset),
``hand_sizes`` (cards per seat), ``bomb_clue_of`` (a seat whose clues point at a bomb that
really is there), ``hand_card_counts`` (``{card = [count per seat]}``), ``deck_card_counts``
(``{card = count}``) and ``table_card_counts`` (every card in hands, deck and discard, compared
exactly).

Every exit-0 output must also be well formed and consistent: the schema, the danger meter,
clues that are true, the game-over shape.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import Any

from tests.scenario_runner import (
    Expectations,
    ScenarioFile,
    is_int,
    mismatches,
    seat_expect_problems,
    seat_mismatches,
)

TOP_FIELDS = frozenset(
    ("game", "phase", "over", "winner", "ranking", "current", "turns_owed", "seats", "deck",
     "discard", "danger")
)
SEAT_FIELDS = frozenset(("hand", "alive", "shield", "defuse_marker", "clues"))
EXTENSIONS = frozenset(
    ("deck_sorted", "hand_sizes", "bomb_clue_of", "hand_card_counts", "deck_card_counts",
     "table_card_counts")
)
PHASES = frozenset(("play", "react", "give", "place_bomb", "over"))
SCENARIO_KEYS = frozenset(("game", "seats", "first", "seed", "options", "deal", "step", "expect"))
DEAL_KEYS = frozenset(("hands", "deck"))
"""What SCENARIOS.md documents for a bomb-deck file: the corpus uses nothing else."""

CLI_FILES = (
    "nope_chain_of_three_cancels.toml",
    "ranking_after_several_explosions.toml",
    "bomb_placed_out_of_range_is_illegal.toml",
    "malformed_bad_toml.toml",
    "malformed_too_many_bombs_for_seat_count.toml",
)

ANIMALS = ("animal_chicken", "animal_frog", "animal_hedgehog", "animal_octopus", "animal_raccoon")
CARDS_BY_GAME: dict[str, frozenset[str]] = {
    "bombazo": frozenset(("bomb", "defuse", "attack", "skip", "draw_bottom", "see_future",
                          "shuffle", "favor", "nope", *ANIMALS)),
    "mazo": frozenset(("bomb", "defuse", "skip", "draw_bottom", "see_future", "shuffle",
                       "pass_it", "swipe", "shield", "calm")),
    "clasico": frozenset(("bomb", "defuse", "attack", "skip", "see_future", "shuffle", "favor",
                          "nope", *ANIMALS)),
}
"""RULES.md §1, the cards table: each rule set's cards (a ✓ in its column)."""


def exit0_problems(expect: Mapping[str, Any]) -> list[str]:
    problems = seat_expect_problems(expect.get("seats"), SEAT_FIELDS)
    if "hand_sizes" in expect and not (
            isinstance(expect["hand_sizes"], list) and all(map(is_int, expect["hand_sizes"]))):
        problems.append("'hand_sizes' must be a list of whole numbers")
    if "bomb_clue_of" in expect and not is_int(expect["bomb_clue_of"]):
        problems.append("'bomb_clue_of' must be a seat number")
    for key in ("hand_card_counts", "deck_card_counts", "table_card_counts"):
        if key in expect and not (isinstance(expect[key], Mapping) and expect[key]):
            problems.append(f"'{key}' must be a non-empty table of card counts")
    return problems


def state_mismatches(expect: Mapping[str, Any], report: Mapping[str, Any]) -> list[str]:
    """Every way an exit-0 report differs from the expectation (empty when it matches)."""
    wrong: list[str] = []
    for key, want in expect.items():
        if key == "exit":
            continue
        if key == "seats":
            wrong.extend(seat_mismatches(want, report.get("seats")))
        elif key == "deck_sorted":
            got = sorted(report.get("deck", []))
            if got != sorted(want):
                wrong.append(f"deck as a multiset: expected {sorted(want)}, got {got}")
        elif key == "hand_sizes":
            got = [len(seat["hand"]) for seat in report.get("seats", [])]
            if got != want:
                wrong.append(f"hand sizes: expected {want}, got {got}")
        elif key == "bomb_clue_of":
            wrong.extend(_bomb_clue_mismatches(want, report))
        elif key in ("hand_card_counts", "deck_card_counts", "table_card_counts"):
            got_counts = _card_counts(key, want, report)
            if got_counts != want:
                wrong.append(f"{key}: expected {want}, got {got_counts}")
        else:
            wrong.extend(mismatches({key: want}, report))
    return wrong


def _card_counts(key: str, want: Mapping[str, Any], report: Mapping[str, Any]) -> Any:
    hands = [seat["hand"] for seat in report.get("seats", [])]
    if key == "hand_card_counts":
        return {card: [hand.count(card) for hand in hands] for card in want}
    if key == "deck_card_counts":
        return {card: report.get("deck", []).count(card) for card in want}
    table = Counter(report.get("deck", []) + report.get("discard", []))
    for hand in hands:
        table.update(hand)
    return dict(table)


def _bomb_clue_mismatches(seat: int, report: Mapping[str, Any]) -> list[str]:
    deck = report.get("deck", [])
    clues = report.get("seats", [])[seat]["clues"]
    bombs = [p for p, card in clues.items() if card == "bomb"]
    if not bombs:
        return [f"seat {seat} has no clue of a bomb: {clues}"]
    if not any(int(p) < len(deck) and deck[int(p)] == "bomb" for p in bombs):
        return [f"seat {seat}'s bomb clues {bombs} point at no bomb in {deck}"]
    return []


def report_problems(report: Mapping[str, Any], scenario: ScenarioFile | None = None
                    ) -> list[str]:
    """SCENARIOS.md's output shape and the rules every state must keep, whatever the file."""
    if set(report) != TOP_FIELDS:
        return [f"output fields {sorted(report)} are not {sorted(TOP_FIELDS)}"]
    problems: list[str] = []
    deck, seats = report["deck"], report["seats"]
    if report["phase"] not in PHASES:
        problems.append(f"unknown phase {report['phase']!r}")
    if report["danger"] != {"bombs": deck.count("bomb"), "cards": len(deck)}:
        problems.append(f"danger {report['danger']} does not count the deck {deck}")
    over = report["phase"] == "over"
    if report["over"] != over:
        problems.append(f"'over' is {report['over']} in phase {report['phase']}")
    if over:
        winner = report["winner"]
        if report["current"] != winner or report["turns_owed"] != 0:
            problems.append("when over, the winner is the current seat and owes 0 turns")
        if report["ranking"][:1] != [winner] or sorted(report["ranking"]) != list(
                range(len(seats))):
            problems.append(f"ranking {report['ranking']} does not list every seat, winner first")
    elif report["winner"] is not None:
        problems.append("a winner before the game is over")
    if not seats[report["current"]]["alive"]:
        problems.append(f"the current seat {report['current']} is out")
    for index, seat in enumerate(seats):
        if set(seat) != SEAT_FIELDS:
            problems.append(f"seats[{index}] fields {sorted(seat)} are not {sorted(SEAT_FIELDS)}")
            continue
        if seat["hand"] != sorted(seat["hand"]):
            problems.append(f"seats[{index}].hand is not sorted")
        if seat["defuse_marker"] and "defuse" not in seat["hand"]:
            problems.append(f"seats[{index}] shows the 🧯 marker without a defuse in hand")
        if not seat["alive"] and (seat["hand"] or seat["defuse_marker"]):
            problems.append(f"seats[{index}] is out but still holds cards or the marker")
        for position, card in seat["clues"].items():
            true = position.isdigit() and int(position) < len(deck) and deck[int(position)] == card
            if not true:
                problems.append(f"seats[{index}] has a false clue {position}: {card}")
    return problems


def coverage(files: list[ScenarioFile]) -> list[str]:
    """Every card of each rule set is used by one of its legal scenarios."""
    seen: dict[str, set[str]] = {game: set() for game in CARDS_BY_GAME}
    for scenario in files:
        doc = scenario.doc
        if doc is None or doc.get("game") not in seen or scenario.expect["exit"] != 0:
            continue
        cards = seen[doc["game"]]
        deal = doc.get("deal", {})
        for hand in deal.get("hands", []):
            cards.update(hand)
        cards.update(deal.get("deck", []))
        for step in scenario.steps:
            cards.update(str(step[key]) for key in ("card", "named") if key in step)
    return [f"no legal {game} scenario uses {sorted(cards - seen[game])}"
            for game, cards in CARDS_BY_GAME.items() if cards - seen[game]]


def self_check() -> None:
    """The checks themselves can fail: a report that differs anywhere checked is caught."""
    report = {
        "game": "bombazo", "phase": "play", "over": False, "winner": None, "ranking": [],
        "current": 1, "turns_owed": 2,
        "seats": [
            {"hand": ["defuse"], "alive": True, "shield": False, "defuse_marker": True,
             "clues": {"0": "bomb"}},
            {"hand": [], "alive": True, "shield": False, "defuse_marker": False, "clues": {}},
        ],
        "deck": ["bomb", "skip"], "discard": ["attack"], "danger": {"bombs": 1, "cards": 2},
    }
    assert report_problems(report) == []
    expect = {"exit": 0, "current": 1, "turns_owed": 2, "deck_sorted": ["skip", "bomb"],
              "hand_sizes": [1, 0], "bomb_clue_of": 0, "hand_card_counts": {"defuse": [1, 0]},
              "deck_card_counts": {"bomb": 1},
              "table_card_counts": {"bomb": 1, "skip": 1, "attack": 1, "defuse": 1},
              "seats": [{"hand": ["defuse"], "clues": {"0": "bomb"}}, {}]}
    assert state_mismatches(expect, report) == []
    for key, wrong in (("current", 0), ("turns_owed", 3), ("deck_sorted", ["skip"]),
                       ("hand_sizes", [1, 1]), ("bomb_clue_of", 1),
                       ("hand_card_counts", {"defuse": [0, 1]}), ("deck_card_counts", {"bomb": 2}),
                       ("table_card_counts", {"bomb": 1, "skip": 1, "attack": 1}),
                       ("seats", [{"hand": []}, {}]), ("seats", [{}])):
        assert state_mismatches({**expect, key: wrong}, report), f"{key}={wrong!r} not caught"
    bad_clue = json.loads(json.dumps(report))
    bad_clue["seats"][0]["clues"] = {"1": "bomb"}
    assert report_problems(bad_clue)
    bad_danger = {**report, "danger": {"bombs": 0, "cards": 2}}
    assert report_problems(bad_danger)
    assert exit0_problems({"exit": 0, "hand_sizes": [1, True], "bomb_clue_of": "0",
                           "seats": [{"cards": 1}]})


EXPECT = Expectations(
    family="bombdeck", min_files=65, headers=("# RULES.md", "# SCENARIOS.md"),
    scenario_keys=SCENARIO_KEYS, deal_keys=DEAL_KEYS,
    exit0_keys=TOP_FIELDS | EXTENSIONS, exit0_problems=exit0_problems,
    state_mismatches=state_mismatches, report_problems=report_problems, coverage=coverage,
    self_check=self_check, cli_files=CLI_FILES,
)
