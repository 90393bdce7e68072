"""The network codec (game/net/codec.py) on every game of the registry: what a seat is sent
reads back as the very view, events and outcome the host holds, byte for byte the same on
every run; and anything else a peer could send is one ``ProtocolError`` naming where, never
another exception.

Games come from the registry (tests/every_game.py): a family that registers is checked here the
day it does. The hostile checks start from real messages of every family and break them in the
ways a peer could: a field dropped or added, a type changed, a set out of order, huge or
non-finite numbers, deep nesting; and from arbitrary JSON, biased towards the families' own
field and class names so that hypothesis gets past the first check."""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import json
import math
import os
import subprocess
import sys
from collections.abc import Iterator
from enum import Enum, IntEnum, StrEnum
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple, get_type_hints

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.config import GameConfig
from game.core.engine import TABLE, Outcome
from game.core.errors import MalformedInput, NotPlayable
from game.core.rng import Pcg32
from game.match.match import Match
from game.net.codec import (
    INT_LIMIT,
    MAX_DEPTH,
    TAG,
    Wire,
    outcome_from_json,
    outcome_to_json,
    wire_for,
)
from game.net.errors import ProtocolError
from game.rules.registry import family_of, kit_for, kits, playable
from tests.every_game import IDS, TABLES, config
from tests.toy_games import TOY_BIDDING, BidView, ToyBidding, register_toys

ROOT = Path(__file__).resolve().parents[2]
SEEDS = (0, 1)
"""Two games per table, each on another option set (tests/every_game.py ``config``)."""
JSON_TYPES = (dict, list, str, int, bool, float, type(None))
LEAVES = frozenset({str, int, bool, float, type(None)})


# ------------------------------------------------------------------ helpers


class Transcript(NamedTuple):
    """One machine game as the host would send it: every seat's view (and the public one)
    after every action, the feed as each seat and the public see it, the outcome."""

    wire: Wire
    views: tuple[Any, ...]
    events: tuple[Any, ...]
    outcome: Outcome


@cache
def transcript(game: str, seats: int, seed: int, variant: int | None = None) -> Transcript:
    """``variant``: the option set (tests/every_game.py ``options``), by default ``seed``."""
    match = Match(config(game, seats, seed if variant is None else variant), seed)
    viewers = (*range(seats), TABLE)  # TABLE: no seat's, what the network table shows all
    views = [match.view_for(seat) for seat in viewers]
    while not match.is_over():
        match.step()
        views.extend(match.view_for(seat) for seat in viewers)
    events = {id(item.event): item.event for viewer in (None, *range(seats))
              for item in match.feed_for(viewer)}  # a public event is one object for all
    return Transcript(wire_for(game), tuple(views), tuple(events.values()), match.outcome())


def _json_only(value: Any) -> bool:
    """Plain JSON types all the way down (no tuple, no enum member, no str subclass)."""
    if type(value) is dict:
        return all(type(key) is str and _json_only(item) for key, item in value.items())
    if type(value) is list:
        return all(_json_only(item) for item in value)
    if type(value) is float:
        return math.isfinite(value)
    return type(value) in JSON_TYPES


def _identical(sent: Any, read: Any) -> bool:
    """Equal, and of the same classes all the way down: a NamedTuple equals any tuple of the
    same values, so ``==`` alone would not see a record read back as another class. A str
    enum member in a field typed ``str`` reads back as its plain value (the one exception)."""
    kind = type(sent)
    if kind is not type(read):
        return isinstance(sent, Enum) and isinstance(sent, str) and type(read) is str \
            and read == sent
    if kind in LEAVES or isinstance(sent, Enum):
        return bool(sent == read)
    if issubclass(kind, tuple):
        return len(sent) == len(read) and all(map(_identical, sent, read))
    if kind is frozenset:
        return sent == read and all(any(_identical(item, twin) for twin in sent if twin == item)
                                    for item in read)
    if dataclasses.is_dataclass(sent):
        return all(_identical(getattr(sent, field.name), getattr(read, field.name))
                   for field in dataclasses.fields(sent))
    raise AssertionError(f"a {kind.__name__} in a message")


def _text(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)


def _refused(decode: Any, data: Any, root: str) -> str:
    """The one-line message of the ``ProtocolError`` decoding ``data`` must raise."""
    with pytest.raises(ProtocolError) as raised:
        decode(data)
    message = str(raised.value)
    assert "\n" not in message and len(message) < 200, message
    assert message.startswith(root) and ": " in message, message
    return message


def _refused_or_canonical(decode: Any, encode: Any, data: Any, root: str) -> None:
    """A message is refused, or it is exactly what the codec writes for the value it reads
    (nothing else is ever accepted: one form per value)."""
    try:
        value = decode(data)
    except ProtocolError as error:
        message = str(error)
        assert "\n" not in message and message.startswith(root), message
        return
    assert _text(encode(value)) == _text(data)


def _places(data: Any, path: str = "") -> Iterator[tuple[str, Any, Any]]:
    """Every place in a JSON value: (its path as the codec names it, its container, its key),
    the value itself first (container ``None``)."""
    if not path:
        yield "", None, None
    items = data.items() if type(data) is dict else enumerate(data) if type(data) is list \
        else ()
    for key, item in items:
        where = f"{path}.{key}" if type(data) is dict else f"{path}[{key}]"
        yield where, data, key
        yield from _places(item, where)


def _copy(data: Any) -> Any:
    return json.loads(json.dumps(data))


def _at(data: Any, path: str) -> tuple[Any, Any]:
    for where, container, key in _places(data):
        if where == path:
            return container, key
    raise KeyError(path)


@cache
def _samples() -> tuple[tuple[str, Any, Any, dict[str, Any]], ...]:
    """Real messages of every family: (root, decode, encode, the encoded message), a few
    distinct views and events of the biggest table of each game, and outcomes."""
    found: list[tuple[str, Any, Any, dict[str, Any]]] = []
    seen: set[str] = set()
    for game in playable():
        seats = max(s for g, s in TABLES if g == game)
        record = transcript(game, seats, SEEDS[0], ALL_OPTIONS)
        wire = record.wire
        step = max(1, len(record.views) // 3)
        for view in record.views[::step]:
            data = wire.view_to_json(view)
            if _text(data) not in seen:
                seen.add(_text(data))
                found.append(("view", wire.view_from_json, wire.view_to_json, data))
        kinds: set[tuple[str, bool]] = set()
        for event in record.events:
            data = wire.event_to_json(event)
            if (data[TAG], event.secret_to is None) not in kinds:
                kinds.add((data[TAG], event.secret_to is None))
                found.append(("event", wire.event_from_json, wire.event_to_json, data))
        found.append(("outcome", outcome_from_json, outcome_to_json,
                      outcome_to_json(record.outcome)))
    return tuple(found)


# ------------------------------------------------------------------ every game, both ways


@pytest.mark.parametrize(("game", "seats"), TABLES, ids=IDS)
def test_what_the_host_sends_reads_back_the_same(game: str, seats: int) -> None:
    """Every view of every seat after every action, every feed event as each seat (and the
    public) sees it, and the outcome: through JSON text and back, identical; the message is
    plain JSON. (That what is read encodes to the same bytes: the hostile tests below.)"""
    for seed in SEEDS:
        record = transcript(game, seats, seed)
        wire = record.wire
        pairs = [(wire.view_to_json, wire.view_from_json, view) for view in record.views]
        pairs += [(wire.event_to_json, wire.event_from_json, event) for event in record.events]
        pairs.append((outcome_to_json, outcome_from_json, record.outcome))
        for encode, decode, value in pairs:
            data = encode(value)
            assert _json_only(data), data
            text = _text(data)
            read = decode(json.loads(text))
            assert _identical(value, read), (value, read)
        assert record.views and record.events


def test_every_family_names_its_view_and_events_and_shares_one_wire() -> None:
    """Every kit with an engine can be played across a network; a family's games share one
    wire; every event class a transcript shows is one the kit names."""
    for kit in kits():
        if kit.engine is not None:
            assert kit.view_type is not None and kit.event_types, kit.family
    for game in playable():
        wire = wire_for(game)
        assert wire.view_type is kit_for(game).view_type
        for other in playable():
            assert (wire_for(other) is wire) == (family_of(other) == family_of(game))
    shown = {type(event) for game, seats in TABLES
             for event in transcript(game, seats, SEEDS[0]).events}
    named = {cls for kit in kits() for cls in kit.event_types}
    assert shown <= named and len(shown) >= 10


def test_an_unknown_game_or_one_without_wire_types_has_no_wire() -> None:
    with pytest.raises(MalformedInput):
        wire_for("no_such_game")
    unregister = register_toys()
    try:
        with pytest.raises(NotPlayable, match="network"):
            wire_for(TOY_BIDDING.id)
    finally:
        unregister()


def test_a_set_is_sent_sorted_whatever_order_it_iterates_in() -> None:
    """Sets of strings iterate in an order that changes with the interpreter's hash seed: the
    message must not. Here in one process (a set built so that it iterates unsorted); the
    transcript test across hash seeds is below."""
    fields = [(game, field) for game in playable()
              for field, hint in get_type_hints(kit_for(game).view_type).items()
              if hint == frozenset[str]]
    assert fields
    names = [f"option_{index}" for index in range(40)]
    messy = frozenset(names)
    assert list(messy) != sorted(messy), "the set happens to iterate sorted: pick other names"
    for game, field in fields:
        wire = wire_for(game)
        view = transcript(game, max(s for g, s in TABLES if g == game), 0).views[0]
        data = wire.view_to_json(view._replace(**{field: messy}))
        assert data[field] == sorted(names)
        assert getattr(wire.view_from_json(data), field) == messy
        data[field] = sorted(names, reverse=True)
        assert "sorted" in _refused(wire.view_from_json, data, f"view.{field}")
        data[field] = [*sorted(names), names[-1]]
        _refused(wire.view_from_json, data, f"view.{field}")


ALL_OPTIONS = 255
"""The variant with every free option on: the sets a view holds have several items."""


def _digest(tables: list[tuple[str, int]]) -> tuple[str, list[list[Any]]]:
    """The transcripts' bytes, one table per game with every option on, and the order this
    process's sets of two items or more iterate in (to show the two processes differ)."""
    out = hashlib.sha256()
    orders: list[list[Any]] = []
    for game, seats in tables:
        record = transcript(game, seats, 0, ALL_OPTIONS)
        for value in record.views:
            out.update(_text(record.wire.view_to_json(value)).encode())
        for value in record.events:
            out.update(_text(record.wire.event_to_json(value)).encode())
        out.update(_text(outcome_to_json(record.outcome)).encode())
        orders.extend(list(item) for item in record.views[0]
                      if type(item) is frozenset and len(item) > 1)
    return out.hexdigest(), orders


@pytest.mark.slow  # games in child processes under three hash seeds: 4 s
def test_the_same_game_gives_the_same_bytes_under_any_hash_seed() -> None:
    """Host and client are two processes with two hash seeds (so two set orders): a game's
    whole transcript, one table per game, gives the same bytes in processes whose sets
    iterate in other orders (checked: the two seeds were chosen so that they do)."""
    tables = [next((g, s) for g, s in TABLES if g == game) for game in playable()]
    code = f"from tests.net.test_codec import _digest; print(repr(_digest({tables!r})))"
    found = []
    for seed in ("1", "3"):
        run = subprocess.run([sys.executable, "-c", code], cwd=ROOT,
                             env={**os.environ, "PYTHONHASHSEED": seed},
                             capture_output=True, text=True, timeout=120, check=True)
        found.append(ast.literal_eval(run.stdout))
    (first, first_orders), (second, second_orders) = found
    assert first_orders and first_orders != second_orders, "pick seeds whose orders differ"
    assert first == second == _digest(tables)[0]


# ------------------------------------------------------------------ hostile messages


@pytest.mark.slow  # every byte of real messages broken in turn: 6 s
def test_breaking_a_real_message_anywhere_is_refused_where_it_broke() -> None:
    """At every place of real views, events and outcomes of every family: a field dropped
    or added is refused naming that object; a huge, non-finite or deeply nested value (two of
    them at each place, taking turns) is refused naming the place or one inside it."""
    huge = (INT_LIMIT + 1, -INT_LIMIT - 1, 10**30, math.nan, math.inf, -math.inf)
    deep: Any = 0
    for _ in range(100_000):
        deep = [deep]
    deep_object: Any = {}
    for _ in range(10_000):
        deep_object = {"seat": deep_object, TAG: "x"}
    bads = (*huge, deep, deep_object)
    checked = 0
    for root, decode, encode, message in _samples():
        data = _copy(message)
        assert _text(encode(decode(data))) == _text(message)
        for index, (path, container, key) in enumerate(list(_places(data))):
            if container is None:
                continue
            item = container[key]
            full = f"{root}{path}" if key != TAG else f"{root}{path[:-len(TAG) - 1]}"
            if type(item) is dict:
                for name, value in list(item.items()):
                    del item[name]
                    assert _refused(decode, data, root) == f"{full}: missing field {name!r}"
                    item[name] = value
                item["zz"] = 1
                assert _refused(decode, data, root) == f"{full}: unknown field 'zz'"
                del item["zz"]
            for bad in _some(bads, index):
                container[key] = bad
                text = _refused(decode, data, root)
                assert text.startswith(full), (text, full)
                checked += 1
            container[key] = item
        assert _text(data) == _text(message)
    assert checked > 3000
    for root, decode, _, _ in _samples()[:3]:
        for bad in (*huge, deep, deep_object, None, [], "", True):
            _refused(decode, bad, root)


def test_a_changed_type_is_refused_naming_the_place_or_is_a_value_of_its_own() -> None:
    """Every place of real messages changed to other JSON kinds (two at each place, taking
    turns): refused with a message that names that place or one inside it, exactly that place
    for a scalar ("view.seats[2].cards: expected int, got str"); unless the field's type takes
    the new kind too (``int | None`` takes null), and then the message is that value's one
    encoding."""
    others: tuple[Any, ...] = ("x", 7, True, False, None, 0.5, [], {}, [1], ["x"])
    refused = accepted = 0
    for root, decode, encode, message in _samples():
        data = _copy(message)
        for index, (path, container, key) in enumerate(list(_places(data))):
            if container is None or key == TAG:
                continue
            item = container[key]
            for other in _some(others, index):
                if type(other) is type(item):
                    continue
                container[key] = _copy(other)
                try:
                    value = decode(data)
                except ProtocolError as error:
                    text = str(error)
                    assert "\n" not in text
                    in_a_set = text.endswith("each once")
                    place = f"{root}{path}"
                    assert in_a_set or (text.startswith(place)
                                        and text[len(place)] in ":[."), text
                    if type(item) in (int, str, bool) and not in_a_set:
                        assert text.startswith(f"{place}: ") and f"got {_kind(other)}" in text
                    refused += 1
                else:
                    assert _text(encode(value)) == _text(data)
                    accepted += 1
            container[key] = item
    assert refused > 1000 and accepted > 10


def test_the_message_names_the_place_as_a_reader_writes_it() -> None:
    """A whole number inside a record inside a list, e.g. "view.seats[2].cards: expected
    int, got str", in every family whose views have one."""
    named = 0
    for root, decode, _, data in _samples():
        for place, container, key in _places(data):
            if root == "view" and type(container) is dict and type(container[key]) is int \
                    and place.count("[") == 1 and place.count(".") == 2:
                broken = _copy(data)
                inner, inner_key = _at(broken, place)
                inner[inner_key] = "seven"
                message = _refused(decode, broken, root)
                assert message.startswith(f"view{place}: expected int"), message
                assert message.endswith(", got str"), message
                named += 1
    assert named > 10


def _some(choices: tuple[Any, ...], index: int) -> tuple[Any, ...]:
    """Two of ``choices``, other ones at each place (each is tried at many places)."""
    return tuple(choices[(index + step) % len(choices)] for step in range(2))


def _kind(value: Any) -> str:
    return {str: "str", int: "int", bool: "bool", type(None): "null", float: "float",
            list: "list", dict: "object"}[type(value)]


def test_a_class_the_family_did_not_name_is_never_built() -> None:
    """The "$" of an event may name only the family's event classes: not its view's records,
    not another family's events, not a Python name."""
    wires = {family_of(game): wire_for(game) for game in playable()}
    for family, wire in wires.items():
        view_records = {wire.view_type.__name__} | {
            getattr(arg, "__name__", "") for hint in get_type_hints(wire.view_type).values()
            for arg in _classes_in(hint)}
        named = {cls.__name__ for cls in wire.event_types}
        strangers = {cls.__name__ for other, w in wires.items() if other != family
                     for cls in w.event_types} - named
        for tag in sorted((view_records | strangers | {"object", "__class__", "Outcome", ""})
                          - named):
            assert "unknown kind" in _refused(wire.event_from_json, {TAG: tag}, "event")
        assert _refused(wire.event_from_json, {"seat": 0}, "event") == \
            "event: missing field '$'"
        for tag in (3, 10**5000, [], None):  # 10**5000 has no repr (too many digits)
            assert "unknown kind" in _refused(wire.event_from_json, {TAG: tag}, "event")


def _classes_in(hint: Any) -> Iterator[Any]:
    yield hint
    for arg in getattr(hint, "__args__", ()):
        yield from _classes_in(arg)


SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(),
                    st.integers(-2**70, 2**70), st.sampled_from([INT_LIMIT + 1, 10**400]),
                    st.text(max_size=8))


@cache
def _vocabulary() -> tuple[list[str], list[str]]:
    """Every family's field names and class names, so that arbitrary objects often look like
    the real thing."""
    fields: set[str] = {TAG}
    names: set[str] = set()
    todo = [kit.view_type for kit in kits() if kit.view_type is not None]
    todo += [cls for kit in kits() for cls in kit.event_types] + [Outcome]
    done: set[Any] = set()
    while todo:
        cls = todo.pop()
        if cls in done or not isinstance(cls, type) or issubclass(cls, Enum):
            continue
        done.add(cls)
        hints = get_type_hints(cls)
        names.add(cls.__name__)
        fields.update(hints)
        for hint in hints.values():
            todo.extend(arg for arg in _classes_in(hint)
                        if isinstance(arg, type) and (hasattr(arg, "_fields")
                                                      or dataclasses.is_dataclass(arg)))
    return sorted(fields), sorted(names)


@cache
def _json_values() -> st.SearchStrategy[Any]:
    fields, names = _vocabulary()
    keys = st.one_of(st.sampled_from(fields), st.text(max_size=4))
    leaves = st.one_of(SCALARS, st.sampled_from(names))
    return st.recursive(leaves, lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(keys, inner, max_size=8),
        st.builds(lambda d, tag: {**d, TAG: tag}, st.dictionaries(keys, inner, max_size=8),
                  st.sampled_from(names))), max_leaves=30)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_arbitrary_json_is_refused_or_is_a_value_of_its_own(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(list(playable())))
    wire = wire_for(game)
    value = data.draw(_json_values())
    _refused_or_canonical(wire.view_from_json, wire.view_to_json, value, "view")
    _refused_or_canonical(wire.event_from_json, wire.event_to_json, value, "event")
    _refused_or_canonical(outcome_from_json, outcome_to_json, value, "outcome")


CHANGES = ("replace", "leaf", "add", "drop", "reverse", "repeat")


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_real_message_with_random_changes_is_refused_or_canonical(
        data: st.DataObject) -> None:
    """Real messages changed in one to three places: a value replaced by arbitrary JSON (the
    families' own field and class names among it) or by another scalar (bools, huge numbers,
    NaN), a field added or dropped, a list reversed or an item repeated (a set's order)."""
    root, decode, encode, message = data.draw(st.sampled_from(_samples()))
    broken = _copy(message)
    for _ in range(data.draw(st.integers(1, 3))):
        change = data.draw(st.sampled_from(CHANGES))
        nodes = [broken] + [container[key] for _, container, key in _places(broken)
                            if container is not None]
        if change in ("replace", "leaf"):
            _, container, key = data.draw(st.sampled_from(
                [place for place in _places(broken) if place[1] is not None]))
            container[key] = data.draw(_json_values() if change == "replace" else SCALARS)
        elif change in ("add", "drop"):
            item = data.draw(st.sampled_from([node for node in nodes if type(node) is dict]))
            if change == "add":
                item[data.draw(st.sampled_from(_vocabulary()[0]))] = data.draw(SCALARS)
            elif item:
                del item[data.draw(st.sampled_from(sorted(item)))]
        else:
            lists = [node for node in nodes if type(node) is list and len(node) > 1]
            if lists:
                item = data.draw(st.sampled_from(lists))
                if change == "reverse":
                    item.reverse()
                else:
                    item.append(_copy(item[0]))
    _refused_or_canonical(decode, encode, broken, root)


def test_non_json_python_values_are_refused_too() -> None:
    """A caller may hand the decoder what no JSON reader makes (tuples, sets, subclasses):
    refused the same way."""
    wire = wire_for(TABLES[0][0])
    data = wire.view_to_json(transcript(*TABLES[0], 0).views[0])

    class Sneaky(dict):  # type: ignore[type-arg]
        pass

    for bad in (tuple(data.items()), Sneaky(data), {**data, 3: 1}, {**data, (1,): 1},
                {**data, 10**5000: 1}):
        _refused(wire.view_from_json, bad, "view")
    for key in data:
        broken = dict(data)
        if type(broken[key]) is list:
            broken[key] = tuple(broken[key])
            _refused(wire.view_from_json, broken, f"view.{key}")


# ------------------------------------------------------------------ outcomes


OUTCOMES = st.builds(
    Outcome,
    st.lists(st.one_of(st.none(), st.integers(-INT_LIMIT, INT_LIMIT)), max_size=8).map(tuple),
    st.one_of(st.none(), st.lists(st.integers(-INT_LIMIT, INT_LIMIT), max_size=8).map(tuple)),
    st.one_of(st.none(), st.booleans()), st.one_of(st.none(), st.integers(0, 99)))


@settings(max_examples=200, deadline=None)
@given(OUTCOMES)
def test_any_outcome_reads_back_the_same(outcome: Outcome) -> None:
    data = outcome_to_json(outcome)
    assert _json_only(data) and set(data) == {"places", "scores", "team_won", "mistakes"}
    assert outcome_from_json(json.loads(_text(data))) == outcome


def test_an_outcome_of_the_wrong_shape_is_refused() -> None:
    good = outcome_to_json(Outcome((1, 2, None), (3, 1, 0), None, 2))
    assert _refused(outcome_from_json, {**good, "places": [1, True]}, "outcome") == \
        "outcome.places[1]: expected int or null, got bool"
    assert _refused(outcome_from_json, {**good, "team_won": 1}, "outcome") == \
        "outcome.team_won: expected bool or null, got int"
    assert _refused(outcome_from_json, {**good, "scores": [2**60]}, "outcome") == \
        "outcome.scores[0]: expected int, got an int beyond ±(2**53 - 1)"
    without = dict(good)
    del without["mistakes"]
    assert _refused(outcome_from_json, without, "outcome") == \
        "outcome: missing field 'mistakes'"


# ------------------------------------------------------------------ the sending side


def test_a_value_its_type_does_not_allow_is_not_sent() -> None:
    """Encoding checks the same types: a bug of the sender shows there, not as a client's
    refusal of a message (``TypeError``, naming the place)."""
    for game in playable():
        record = transcript(game, max(s for g, s in TABLES if g == game), 0)
        wire, view = record.wire, record.views[-1]
        hints = get_type_hints(type(view))
        field = next(name for name, hint in hints.items() if hint is int)
        for bad in (True, "1", 1.0, INT_LIMIT + 1, None):
            with pytest.raises(TypeError, match=rf"^view\.{field}: cannot send"):
                wire.view_to_json(view._replace(**{field: bad}))
        with pytest.raises(TypeError, match=r"^view: cannot send"):
            wire.view_to_json(tuple(view))
        stranger = next(cls for kit in kits() for cls in kit.event_types
                        if cls not in wire.event_types)
        with pytest.raises(TypeError, match=r"^event: cannot send"):
            wire.event_to_json(stranger(*(None,) * len(stranger._fields)))
    with pytest.raises(TypeError, match=r"^outcome\.places\[0\]: cannot send"):
        outcome_to_json(Outcome((True,)))


# ------------------------------------------------------------------ the codec's own types


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


class Size(IntEnum):
    SMALL = 1
    BIG = 2


class Mixed(Enum):
    ONE = 1
    TWO = "two"


class Spot(NamedTuple):
    x: int
    colour: Colour


@dataclasses.dataclass(frozen=True)
class Weight:
    grams: float
    size: Size

    def __post_init__(self) -> None:
        if self.grams < 0:
            raise ValueError("a weight is never negative\nsecond line")


class Board(NamedTuple):
    spots: frozenset[Spot]
    mixed: frozenset[Mixed]
    weights: tuple[Weight, ...]
    either: Spot | Weight | None
    pair: tuple[int, str]
    number: int | float | str


class Moved(NamedTuple):
    spot: Spot


class Cleared(NamedTuple):
    pass


def test_the_codec_carries_records_enums_sets_and_floats_of_any_family() -> None:
    """The kinds of type the families do not use yet: dataclass records, int and mixed enums,
    sets of records (sorted by their JSON text), floats, unions of records with other kinds."""
    wire = Wire(Board, (Moved, Cleared))
    board = Board(frozenset({Spot(3, Colour.RED), Spot(1, Colour.BLUE), Spot(2, Colour.RED)}),
                  frozenset(Mixed), (Weight(1.5, Size.BIG), Weight(0.0, Size.SMALL)),
                  Weight(2.25, Size.SMALL), (4, "four"), 0.5)
    data = wire.view_to_json(board)
    assert _json_only(data)
    assert [spot["x"] for spot in data["spots"]] == [1, 2, 3]
    assert data["either"] == {TAG: "Weight", "grams": 2.25, "size": 1}
    assert _identical(board, wire.view_from_json(json.loads(_text(data))))
    for value in (Spot(0, Colour.RED), None, 7, "seven"):
        field = "either" if value is None or isinstance(value, Spot) else "number"
        changed = board._replace(**{field: value})
        assert _identical(changed, wire.view_from_json(_copy(wire.view_to_json(changed))))
    for event in (Moved(Spot(5, Colour.BLUE)), Cleared()):
        assert wire.event_from_json(_copy(wire.event_to_json(event))) == event
    bad = [("weights", [{"grams": -1.0, "size": 1}],
            "view.weights[0]: Weight refused it: a weight is never negative"),
           ("weights", [{"grams": 1, "size": 1}],
            "view.weights[0].grams: expected a finite float, got int"),
           ("weights", [{"grams": math.nan, "size": 1}],
            "view.weights[0].grams: expected a finite float, got nan"),
           ("weights", [{"grams": 1.0, "size": 1}, {"grams": -math.inf, "size": 1}],
            "view.weights[1].grams: expected a finite float, got -inf"),
           ("weights", [{"grams": 1.0, "size": 3}],
            "view.weights[0].size: expected a Size (int), got 3"),
           ("weights", [{"grams": 1.0, "size": True}],
            "view.weights[0].size: expected a Size (int), got bool"),
           ("either", {TAG: "Moved", "spot": {"x": 1, "colour": "red"}},
            "view.either: unknown kind 'Moved'"),
           ("either", {"x": 1, "colour": "red"}, "view.either: missing field '$'"),
           ("either", [], "view.either: expected null or object, got list of 0"),
           ("pair", [1, "a", 2], "view.pair: expected list of 2, got list of 3"),
           ("pair", ["a", 1], "view.pair[0]: expected int, got str"),
           ("number", True, "view.number: expected int or float or str, got bool"),
           ("mixed", [1, "two"], "view.mixed: a set's items must come sorted, each once"),
           ("spots", list(reversed(data["spots"])),
            "view.spots: a set's items must come sorted, each once")]
    for field, value, message in bad:
        assert _refused(wire.view_from_json, {**data, field: value}, "view") == message
    with pytest.raises(TypeError, match=r"^view\.weights\[0\]\.grams: cannot send"):
        wire.view_to_json(board._replace(weights=(Weight(math.nan, Size.BIG),)))


class Loop(NamedTuple):
    again: tuple[Loop, ...]


class Ambiguous(NamedTuple):
    colour: Colour | str


class Loose(NamedTuple):
    anything: Any


class Listed(NamedTuple):
    items: list[int]


def _nested(depth: int) -> Any:
    hint: Any = int
    for _ in range(depth):
        hint = tuple[hint, ...]
    return NamedTuple("Deep", [("deep", hint)])


def test_types_that_cannot_travel_are_refused_when_the_wire_is_built() -> None:
    """A family's kit that names a type the codec cannot read back one way is a bug found
    at once (the first message would be too late)."""
    for view in (Loop, Ambiguous, Loose, Listed, _nested(MAX_DEPTH + 1)):
        with pytest.raises(TypeError):
            Wire(view, (Cleared,))
    Wire(_nested(MAX_DEPTH - 2), (Cleared,))
    with pytest.raises(TypeError):
        Wire(Board, ())


def test_a_dataclass_view_travels_too() -> None:
    """The toy bidding game's views (frozen dataclasses, tests/toy_games.py) read back."""
    engine = ToyBidding()
    wire = Wire(BidView, (Cleared,))
    state = engine.new_game(GameConfig.machines(TOY_BIDDING.id, 3), 1)
    chooser = Pcg32(4)
    views = 0
    while not engine.is_over(state):
        for seat in range(3):
            view = engine.view(state, seat)
            assert _identical(view, wire.view_from_json(_copy(wire.view_to_json(view))))
            views += 1
        seat = engine.to_act(state)[0]
        legal = engine.legal_actions(state, seat)
        engine.apply(state, seat, legal[chooser.below(len(legal))])
    assert views > 9
