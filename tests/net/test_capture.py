"""A capture of a whole table's traffic holds nothing in clear: every game of the collection
played by a headless host and two joined processes through a recording relay
(:class:`tests.net.capture.Relay`), and the bytes looked through for what a listener on the
network must not learn: every key, string, number field and piece of the messages the joined
computers received (their transcripts, the decrypted text), the ids and names (es, en, pt) of the
cards in play, the keys that carry a hand, the wire values and the bids. Each connection must
open with a TLS handshake.

The check can fail: the same table played without TLS through the same relay (in this
process, since the command line always encrypts) shows all of it, and the check says what.
"""

from __future__ import annotations

import asyncio
import io
import json
import subprocess
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest

from game.bots.registry import stand_in_for
from game.core.config import SeatKind
from game.match.flow import Pace
from game.net.client import Autoplayer, Joiner, new_token
from game.net.host import TablePlan, open_table
from game.net.server import TableServer
from game.rules.registry import descriptor, family_of, playable
from tests.net.capture import (
    Needles,
    Relay,
    Stream,
    card_needles,
    in_clear,
    starts_with_tls,
    transcript_needles,
)
from tests.net.test_loopback import ROOT, _one_per_family, hosting, joining, last_json

LOCALES = ROOT / "locales"
WINDOW = "0.15"
"""Seconds of a reaction window: short, so a bomb-deck game with its Nope windows takes a few
seconds (a nope that comes too late is told so and the game goes on)."""
SHOWN = 12
"""Leaks a failure lists."""

FRAGMENTS: dict[str, tuple[bytes, ...]] = {
    "bombdeck": (b'"hand":[',),
    "cazabombas": (b'"stands":[[', b'"wires":', b'"key":'),
    "diebombe": (b'"my_bid":', b'"bids":', b'"amount":'),
}
"""Per family, how the host's JSON writes what is secret: a hand, the wires (``key``: a wire's
value), the bids. Each must be in the transcript (so it is the real encoding and the check
means something) and in no capture."""


def _seats(game: str) -> str:
    """Two network seats and machines for the rest, at the smallest table the game allows
    (two seats: the shortest game; every seat's traffic then goes through the relay)."""
    spec = descriptor(game)
    level = stand_in_for(game).value
    return ",".join(["remote", "remote", *[level] * (max(2, spec.min_seats) - 2)])


def _plain_checks() -> list[Any]:
    """The first game of each family; the quick command checks the first family's only (a
    game without TLS to show the check can fail: its fragments, its cards)."""
    first: dict[str, str] = {}
    for game in playable():
        first.setdefault(family_of(game), game)
    games = list(first.values())
    return [games[0], *(pytest.param(g, marks=pytest.mark.slow) for g in games[1:])]


def needles_for(game: str, transcript: list[str]) -> Needles:
    """Everything a listener must not read at a table of ``game`` whose joined computer
    received ``transcript``: the transcript's own needles, the family's fragments, the cards'
    ids and names."""
    needles: Needles = {fragment: f"the fragment {fragment.decode()!r}"
                        for fragment in FRAGMENTS[family_of(game)]}
    for more in (card_needles(LOCALES, game), transcript_needles(transcript)):
        for needle, what in more.items():  # the most telling first: a failure lists a few
            needles.setdefault(needle, what)
    return needles


def assert_nothing_in_clear(streams: list[Stream], needles: Needles) -> None:
    leaks = in_clear(streams, needles)
    if leaks:
        raise AssertionError(f"{len(leaks)} secret(s) in clear on the wire, e.g.:\n  "
                             + "\n  ".join(leaks[:SHOWN]))


def assert_encrypted(streams: list[Stream]) -> None:
    """Every connection opens with a TLS handshake both ways (would TLS be switched off, the
    first bytes would read ``GET /`` and ``HTTP/1.1 101``)."""
    plain = starts_with_tls(streams)
    if plain:
        raise AssertionError("not TLS:\n  " + "\n  ".join(plain))


def assert_the_needles_are_real(game: str, transcript: list[str], needles: Needles) -> None:
    """The needles are what the table really sends: the fragments and (bomb-deck games) some
    card ids are in the plain text, and there are many needles."""
    text = "\n".join(transcript).encode("utf-8")
    missing = [f for f in FRAGMENTS[family_of(game)] if f not in text]
    assert not missing, f"not how the host writes {game}'s secrets any more: {missing}"
    assert len(needles) > 300, len(needles)
    cards = card_needles(LOCALES, game)
    if family_of(game) == "bombdeck":
        ids = [n for n, what in cards.items() if what.startswith("the card id") and n in text]
        assert len(ids) >= 3, f"the card ids of {game} are not in its messages: {ids}"
        names = {what for what in cards.values() if " name of " in what}
        assert len(names) >= 3 * 8, names  # every card named in es, en and pt


@contextmanager
def _processes(*processes: subprocess.Popen[str]) -> Iterator[None]:
    """Kills whatever is still running when the block is left (a failure, a timeout)."""
    try:
        yield
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
            process.communicate(timeout=10)


@pytest.mark.parametrize("game", _one_per_family())
def test_a_capture_of_a_whole_game_holds_nothing_in_clear(tmp_path: Path, game: str) -> None:
    level = stand_in_for(game).value
    with ExitStack() as stack:
        host, address, code, fp = stack.enter_context(hosting(
            tmp_path, game, _seats(game), "--seed", "11", "--window", WINDOW))
        where, _, port = address.rpartition(":")
        relay = stack.enter_context(Relay((where, int(port))))
        ana = joining(tmp_path, "ana", relay.address, code, level, "--fingerprint", fp,
                      "--transcript", str(tmp_path / "ana.jsonl"))
        bo = joining(tmp_path, "bo", relay.address, code, level, "--fingerprint", fp,
                     "--seed", "5", "--transcript", str(tmp_path / "bo.jsonl"))
        stack.enter_context(_processes(ana, bo))
        outs = [p.communicate(timeout=240) for p in (ana, bo)]
        host_out, host_err = host.communicate(timeout=60)
    # the game ended, as on the loopback without the relay
    assert host.returncode == 0, host_err
    for process, (_out, err) in zip((ana, bo), outs, strict=True):
        assert process.returncode == 0, err
    result = last_json(host_out)
    assert result["outcome"]["places"] and None not in result["outcome"]["places"]
    for out, _ in outs:
        assert last_json(out)["outcome"] == result["outcome"]

    streams = relay.streams
    assert len(streams) >= 4 and all(s.data for s in streams), [str(s) for s in streams]
    assert sum(len(s.data) for s in streams) > 10_000
    assert_encrypted(streams)
    transcript: list[str] = []
    for name in ("ana", "bo"):  # each sees its own hand
        lines = (tmp_path / f"{name}.jsonl").read_text(encoding="utf-8").splitlines()
        assert json.loads(lines[-1])["k"] == "bye"
        transcript += lines
    needles = needles_for(game, transcript)
    assert_the_needles_are_real(game, transcript, needles)
    assert_nothing_in_clear(streams, needles)
    everything = b"".join(bytes(s.data) for s in streams)
    for plain in (b"HTTP/1.1", b"Upgrade: websocket", b'"k":"update"', code.encode(),
                  result["code"].encode()):
        assert plain not in everything, plain


# ---------------------------------------------------------------- the check can fail


async def _plain_table(tmp_path: Path, game: str) -> tuple[list[Stream], list[str]]:
    """``game`` played to the end by two joined machines through a relay, with no TLS at
    all; returns the capture and the first joiner's transcript."""
    level = stand_in_for(game).value
    seats = tuple(_seats(game).split(","))
    table = open_table(TablePlan(game, seats, seed=11), tmp_path / "host", Pace(0.0, 0.0, 0.1))
    server = TableServer(table, ssl_context=None, host="127.0.0.1")
    target = await server.start()
    transcript = io.StringIO()
    with Relay(target) as relay:
        joiners = [Joiner(f"ws://{relay.address}", table.code, name, new_token(),
                          ssl_context=None, transcript=out, give_up=20,
                          player_for=lambda g: Autoplayer(g, SeatKind(level), 1))
                   for name, out in (("ana", transcript), ("bo", None))]
        running = asyncio.create_task(server.run(until_over=True))
        results: list[Any] = await asyncio.wait_for(
            asyncio.gather(*(j.run() for j in joiners)), 120)
        await asyncio.wait_for(running, 30)
    assert all(r.outcome == table.match.outcome() is not None for r in results)
    return relay.streams, transcript.getvalue().splitlines()


@pytest.mark.parametrize("game", _plain_checks())
def test_the_check_finds_what_a_plain_table_shows(tmp_path: Path, game: str) -> None:
    streams, transcript = asyncio.run(_plain_table(tmp_path, game))
    assert len(starts_with_tls(streams)) == len(streams) >= 4  # GET / HTTP/1.1 101 ...
    with pytest.raises(AssertionError, match="not TLS"):
        assert_encrypted(streams)
    needles = needles_for(game, transcript)
    assert_the_needles_are_real(game, transcript, needles)
    with pytest.raises(AssertionError) as caught:
        assert_nothing_in_clear(streams, needles)
    message = str(caught.value)
    assert "secret(s) in clear on the wire" in message
    leaked = in_clear(streams, needles)
    for fragment in FRAGMENTS[family_of(game)]:  # each secret of the family, named
        assert any(f"the fragment {fragment.decode()!r}" in line for line in leaked), fragment
    # what the host sent is there; what the joiners sent is masked (RFC 6455) even in clear
    assert all("(host -> joiner," in line for line in leaked), leaked
