"""A capture of a table's traffic without root or pcap, and what a listener must not read in it.

:class:`Relay` is a TCP relay on the loopback placed between the joining computers and the
host: they connect to its port, it forwards every byte both ways and keeps them, one
:class:`Stream` per connection and direction. That is what anyone on the network would see.

The secrets are *needles*: exact byte strings a plain table would put on the wire, each with a
line saying what it is (so a failure names what leaked). :func:`transcript_needles` takes them
from the messages a joined computer really received (its ``--transcript``: the decrypted JSON
text, byte for byte as the host wrote it), :func:`card_needles` from the locale files (the
names of the cards in play, in every language). :func:`in_clear` lists the needles a capture
holds.

Every needle is at least :data:`SHORTEST` bytes: a capture of a whole game is about a
megabyte of ciphertext, and a shorter needle would turn up in random bytes now and then (a
4-byte one about once in 4,000 megabytes, times a few hundred needles: a flaky test). A short
word is looked for the way JSON writes it, between its quotes.
"""

from __future__ import annotations

import asyncio
import json
import threading
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

LOOPBACK = "127.0.0.1"
SHORTEST = 6
"""Bytes of the shortest needle (see the module's docstring)."""
MIN_TEXT = 4
"""Characters of the shortest key or string value of a message that is looked for."""
CHUNK = 24
"""Bytes of the pieces of each message that are looked for, every :data:`CHUNK_STRIDE`."""
CHUNK_STRIDE = 96
TLS_HANDSHAKE = 0x16
"""The first byte of a TLS record carrying a handshake."""
CLIENT_HELLO, SERVER_HELLO = 0x01, 0x02
"""The type of the first handshake message (byte 5, after the record's 5-byte header) a
joining computer and the host send."""
TIMEOUT = 10.0

Needles = dict[bytes, str]
"""A needle and what it is."""


@dataclass
class Stream:
    """The bytes of one direction of one connection through the relay, in order."""

    connection: int
    upward: bool
    """From the joining computer to the host."""
    data: bytearray = field(default_factory=bytearray)

    def __str__(self) -> str:
        way = "joiner -> host" if self.upward else "host -> joiner"
        return f"connection {self.connection} ({way}, {len(self.data)} bytes)"


class Relay:
    """A recording TCP relay on the loopback to ``target`` (``host``, ``port``), run by an
    asyncio loop on a thread of its own, so the test's thread may wait on processes (or run
    a loop of its own) meanwhile. Use it as a context manager; ``address`` is what the
    joiners connect to, ``streams`` what went through it."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.streams: list[Stream] = []
        self.port = 0
        self._ready = threading.Event()
        self._failed: BaseException | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread = threading.Thread(target=self._run, name="capture-relay", daemon=True)

    @property
    def address(self) -> str:
        return f"{LOOPBACK}:{self.port}"

    def __enter__(self) -> Relay:
        self._thread.start()
        if not self._ready.wait(TIMEOUT) or self._failed is not None:
            raise RuntimeError(f"the relay did not start: {self._failed!r}")
        return self

    def __exit__(self, *_: object) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(TIMEOUT)
        if self._failed is not None:
            raise RuntimeError("the relay failed") from self._failed

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except BaseException as error:  # reported by __enter__ / __exit__ on the test's side
            self._failed = error
            self._ready.set()

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        tasks: set[asyncio.Task[None]] = set()

        async def pump(reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                       stream: Stream) -> None:
            try:
                while data := await reader.read(65536):
                    stream.data.extend(data)
                    writer.write(data)
                    await writer.drain()
                if writer.can_write_eof():
                    writer.write_eof()  # a half close, as the sender did
            except (ConnectionError, OSError):
                writer.close()

        async def connection(reader: asyncio.StreamReader,
                             writer: asyncio.StreamWriter) -> None:
            number = len(self.streams) // 2
            up, down = Stream(number, upward=True), Stream(number, upward=False)
            self.streams += [up, down]
            try:
                host_reader, host_writer = await asyncio.open_connection(*self.target)
            except OSError:
                writer.close()
                return
            try:
                await asyncio.gather(pump(reader, host_writer, up),
                                     pump(host_reader, writer, down))
            finally:
                for each in (writer, host_writer):
                    each.close()

        def on_client(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            task = asyncio.create_task(connection(reader, writer))
            tasks.add(task)
            task.add_done_callback(tasks.discard)

        server = await asyncio.start_server(on_client, LOOPBACK, 0)
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            server.close()
            for task in list(tasks):
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await server.wait_closed()


# ---------------------------------------------------------------- what must not be read


def _quoted(text: str) -> bytes:
    """``text`` as the host's JSON writes it (``ensure_ascii``), with its quotes."""
    return json.dumps(text, ensure_ascii=True).encode("ascii")


def _walk(value: Any) -> Iterator[tuple[str | None, Any]]:
    """Every (key, value) of a JSON value, the key ``None`` for list items and the top."""
    stack: list[tuple[str | None, Any]] = [(None, value)]
    while stack:
        key, item = stack.pop()
        yield key, item
        if isinstance(item, dict):
            stack.extend(item.items())
        elif isinstance(item, list):
            stack.extend((None, each) for each in item)


def transcript_needles(lines: Iterable[str]) -> Needles:
    """What a joined computer received, as it would read on a plain wire: every key of at
    least :data:`MIN_TEXT` characters as written before its value (``"hand":``), every string
    value that long with its quotes (``"see_future"``), every key with a number, a truth value
    or ``null`` after it (``"amount":17``, ``"key":20``: bids, wire values), and pieces of
    every message cut every :data:`CHUNK_STRIDE` bytes."""
    strings: Needles = {}
    fields: Needles = {}
    keys: Needles = {}
    pieces: Needles = {}

    def add(kind: Needles, needle: bytes, what: str) -> None:
        if len(needle) >= SHORTEST:
            kind.setdefault(needle, what)

    for number, line in enumerate(lines, 1):
        raw = line.rstrip("\n").encode("utf-8")
        for start in range(0, max(1, len(raw) - CHUNK + 1), CHUNK_STRIDE):
            add(pieces, raw[start:start + CHUNK],
                f"message {number}, bytes {start}-{start + CHUNK}")
        for key, value in _walk(json.loads(line)):
            if key is not None and len(key) >= MIN_TEXT:
                add(keys, _quoted(key) + b":", f"the key {key!r}")
            if key is not None and (value is None or isinstance(value, bool | int | float)):
                scalar = json.dumps(value).encode("ascii")
                add(fields, _quoted(key) + b":" + scalar, f"the field {key!r} = {value!r}")
            if isinstance(value, str) and len(value) >= MIN_TEXT:
                add(strings, _quoted(value), f"the string {value!r}")
    return _merged(strings, fields, keys, pieces)  # the most telling first


def _merged(*kinds: Needles) -> Needles:
    """The needles of ``kinds``, in their order (a needle keeps its first description)."""
    found: Needles = {}
    for kind in kinds:
        for needle, what in kind.items():
            found.setdefault(needle, what)
    return found


def card_needles(locales: Path, ruleset: str) -> Needles:
    """The ids of the cards of ``ruleset`` (its ``[card.<ruleset>]`` section) and their names
    and plurals in every locale, each as raw UTF-8 (when long enough), with its quotes, and
    as the host's JSON would escape it. Empty when the locales name no cards for it."""
    found: Needles = {}

    def add(text: str, what: str) -> None:
        forms = {_quoted(text), json.dumps(text, ensure_ascii=False).encode("utf-8")}
        raw = text.encode("utf-8")
        if len(raw) >= SHORTEST:
            forms.add(raw)
            forms.add(json.dumps(text, ensure_ascii=True)[1:-1].encode("ascii"))
        for form in forms:
            if len(form) >= SHORTEST:
                found.setdefault(form, what)

    for path in sorted(locales.glob("*.toml")):
        with path.open("rb") as file:
            cards: Mapping[str, Any] = tomllib.load(file).get("card", {}).get(ruleset, {})
        for card_id, texts in cards.items():
            add(card_id, f"the card id {card_id!r}")
            for kind in ("name", "plural"):
                if isinstance(texts, dict) and isinstance(texts.get(kind), str):
                    add(texts[kind], f"the {path.stem} {kind} of {card_id!r}: "
                                     f"{texts[kind]!r}")
    return found


def in_clear(streams: Iterable[Stream], needles: Needles) -> list[str]:
    """Each needle a stream holds, as a line naming it and where it was seen, in the order
    of ``needles``."""
    captured = [(stream, bytes(stream.data)) for stream in streams]
    return [f"{what} ({needle[:40]!r}) in {stream}" for needle, what in needles.items()
            for stream, data in captured if needle in data]


def starts_with_tls(streams: Iterable[Stream]) -> list[str]:
    """The streams that do not start as TLS does (a handshake record holding a ClientHello
    from the joining computer, a ServerHello from the host), each as a line."""
    return [f"{stream} starts with {bytes(stream.data[:16])!r}" for stream in streams
            if bytes(stream.data[:1]) + bytes(stream.data[5:6])
            != bytes([TLS_HANDSHAKE, CLIENT_HELLO if stream.upward else SERVER_HELLO])]
