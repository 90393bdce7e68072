"""Tables across the loopback with real processes and real sockets: a headless host
(``python -m game host --headless``) and joined computers (``python -m game join --headless
--autoplay LEVEL``), every game to the end; a rogue computer that the table outlives."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.bots.registry import stand_in_for
from game.history.archive import Archive
from game.net.protocol import MAX_CLIENT_MESSAGE, VERSION
from game.net.tls import client_context
from game.rules.registry import descriptor, family_of, playable

ROOT = Path(__file__).resolve().parents[2]


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "MECHA_"))}
    env.update(MECHA_CORTA_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONUNBUFFERED="1")
    return env


@contextmanager
def hosting(tmp_path: Path, game: str, seats: str, *extra: str
            ) -> Iterator[tuple[subprocess.Popen[str], str, str, str]]:
    """A headless host on 127.0.0.1; yields (process, address, code, fingerprint)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "game", "host", "--headless", "--game", game, "--seats", seats,
         "--bind", "127.0.0.1", "--delay", "0", "--window", "0.4", *extra],
        cwd=ROOT, env=_env(tmp_path / "host"), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)
    try:
        assert process.stdout is not None
        first = process.stdout.readline().split()
        assert first[:1] == ["listening"], process.stderr.read() if process.stderr else ""
        yield process, first[1], first[3], first[5]
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate(timeout=10)  # closes the pipes


def joining(tmp_path: Path, name: str, address: str, code: str, level: str,
            *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "game", "join", address, "--code", code, "--name", name,
         "--autoplay", level, "--headless", *extra],
        cwd=ROOT, env=_env(tmp_path / name), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)


def last_json(text: str) -> dict[str, Any]:
    lines = [line for line in text.splitlines() if line.startswith("{")]
    assert lines, text
    data: dict[str, Any] = json.loads(lines[-1])
    return data


def _seats(game: str) -> str:
    """Two network seats, the rest machines, at the smallest table of at least three."""
    spec = descriptor(game)
    count = max(spec.min_seats, min(3, spec.max_seats))
    level = stand_in_for(game).value
    return ",".join(["remote", "remote", *[level] * (count - 2)])


def _one_per_family() -> list[Any]:
    """Every game; the quick command plays the first of each family (the others are the same
    protocol and codec on the same engine: `slow`, which CI runs)."""
    first: dict[str, str] = {}
    for game in playable():
        first.setdefault(family_of(game), game)
    return [game if game in first.values() else pytest.param(game, marks=pytest.mark.slow)
            for game in playable()]


@pytest.mark.parametrize("game", _one_per_family())
def test_every_game_is_played_to_the_end_by_computers_on_the_network(tmp_path: Path,
                                                                     game: str) -> None:
    level = stand_in_for(game).value
    with hosting(tmp_path, game, _seats(game), "--seed", "11") as (host, address, code, fp):
        ana = joining(tmp_path, "ana", address, code, level, "--fingerprint", fp,
                      "--transcript", str(tmp_path / "ana.jsonl"))
        bo = joining(tmp_path, "bo", address, code, level, "--seed", "5")
        outs = [p.communicate(timeout=240) for p in (ana, bo)]
        host_out, host_err = host.communicate(timeout=60)
    assert host.returncode == 0, host_err
    for process, (_out, err) in zip((ana, bo), outs, strict=True):
        assert process.returncode == 0, err
    result = last_json(host_out)
    assert result["outcome"]["places"] and None not in result["outcome"]["places"]
    joined = [last_json(out) for out, _ in outs]
    assert sorted(s for j in joined for s in j["seats"]) == [0, 1]
    for j in joined:
        assert j["outcome"] == result["outcome"] and j["code"] == result["code"]
    transcript = (tmp_path / "ana.jsonl").read_text().splitlines()
    messages = [json.loads(line) for line in transcript]
    assert messages[0]["k"] == "welcome" and messages[-1]["k"] == "bye"
    assert all("code" not in m for m in messages if m["k"] == "update"
               and m["outcome"] is None)
    [past] = Archive(tmp_path / "host").games()  # the host keeps it among its past games
    assert past.game == game and sorted(past.names[:2]) == ["ana", "bo"]
    assert list(past.places) == result["outcome"]["places"]


def test_a_wrong_code_and_a_wrong_fingerprint_are_refused_in_one_line(tmp_path: Path) -> None:
    with hosting(tmp_path, "bombazo", "remote,lanzado") as (host, address, code, _fp):
        wrong = "".join("2" if ch != "2" else "3" for ch in code)
        bad = joining(tmp_path, "x", address, wrong, "lanzado")
        _, err = bad.communicate(timeout=60)
        assert bad.returncode == 2 and err.strip() == "join: refused: wrong table code"
        other = "0" * 64
        pinned = joining(tmp_path, "y", address, code, "lanzado", "--fingerprint", other)
        _, err = pinned.communicate(timeout=60)
        assert pinned.returncode == 2 and "fingerprint" in err and len(err.splitlines()) == 1
        assert host.poll() is None  # the table waits on, untouched


async def _rogue(address: str, code: str) -> dict[str, Any]:
    """A hostile computer: garbage, oversized frames, floods, replays, wrong codes."""
    url = f"wss://{address}"
    closes: dict[str, Any] = {}

    async def attempt(label: str, frames: list[str | bytes]) -> None:
        try:
            async with connect(url, ssl=client_context(), proxy=None, compression=None,
                               max_size=None) as conn:
                for frame in frames:
                    await conn.send(frame)
                while True:
                    await asyncio.wait_for(conn.recv(), 5)
        except ConnectionClosed as closed:
            closes[label] = closed.rcvd.reason if closed.rcvd else None
        except (OSError, TimeoutError) as error:
            closes[label] = repr(error)

    hello = json.dumps({"k": "hello", "n": 1, "v": VERSION, "code": code, "name": "rogue",
                        "token": "f" * 32})
    await attempt("garbage", [b"\x00\xff" * 10])
    await attempt("not-json", ["{"])
    await attempt("huge", ["x" * (MAX_CLIENT_MESSAGE + 1)])
    await attempt("deep", ["[" * 5000 + "]" * 5000])
    await attempt("no-hello", [json.dumps({"k": "act", "n": 1, "seat": 0, "at": 0,
                                           "action": {}})])
    await attempt("wrong-code", [hello.replace(code, "ZZZZZZ")])
    await attempt("flood", [hello, *[json.dumps({"k": "leave", "n": 1})] * 100])
    many = [json.dumps({"k": "nonsense", "n": i}) for i in range(2, 100_002)]
    await attempt("many", [hello, *many[:2000]])
    return closes


@pytest.mark.slow  # 2,000 messages and a whole game after them: 20-35 s
def test_a_rogue_computer_is_closed_with_a_reason_and_the_table_plays_on(
        tmp_path: Path) -> None:
    with hosting(tmp_path, "bombazo", "remote,remote,remote,lanzado", "--seed", "3",
                 "--stand-in-after", "0.5") as (
            host, address, code, _):
        closes = asyncio.run(_rogue(address, code))
        assert closes["garbage"].startswith("malformed")
        assert closes["not-json"].startswith("malformed")
        assert "exceeds limit" in closes["huge"]  # the library's own close, before parsing
        assert closes["deep"].startswith("malformed")
        assert closes["no-hello"].startswith("out_of_order")
        assert closes["wrong-code"].startswith("wrong_code")
        assert closes["flood"].startswith(("out_of_order", "table_full"))
        assert host.poll() is None
        ana = joining(tmp_path, "ana", address, code, "lanzado")
        bo = joining(tmp_path, "bo", address, code, "lanzado")
        for process in (ana, bo):
            _, err = process.communicate(timeout=240)
            assert process.returncode == 0, err
        host.communicate(timeout=60)
    assert host.returncode == 0
