"""Views, feed events and outcomes as JSON, and back: what the host sends a client computer.

The host sends each computer its seats' views, the feed events those seats may see and the
game's :class:`~game.core.engine.Outcome`; the client turns them back into the very records
the screens already read (a view equal to ``engine.view(state, seat)``), so nothing above this
module knows a message came over a network. Actions have their own codec in each engine
(``action_to_json`` / ``action_from_json``).

The codec is driven by the records' annotations (``typing.get_type_hints``, read once per
class and compiled into small functions), not by a hand-written schema per game: a family
states which classes are its view and its events (``RulesKit.view_type`` and
``RulesKit.event_types``) and every record reachable from them travels. The encoding:

- a record (a NamedTuple or a dataclass) is an object keyed by field name; every field is
  written and every field must be present (a field with a default too: one form per value);
- where several records may stand (an event; a union such as ``Drawn | Hidden``) the
  object carries its class name under ``"$"``; a single record in a union (``X | None``) does
  not need one;
- a tuple is a list; a frozenset is a list sorted ascending, without repeats (so the same
  value always gives the same bytes, whatever the order a set iterates in on either side);
- an enum member is its value; ``int`` is a whole number within ±(2**53 - 1) (what every JSON
  reader holds exactly); ``float`` a finite float (never written as a whole number, so ``1`` is
  no float); ``bool`` and ``None`` themselves. A str enum member held in a field typed ``str``
  (a view's ``phase``, say) travels as its value and reads back as that plain, equal string.

Decoding treats every message as hostile: the shape is checked against the annotations all the
way down (``true`` is no int and ``1`` no bool, no field missing or unknown, a set in its one
order), only the classes the family named (and the records their fields name) are ever built,
and the depth a message can reach is the depth of its type (a type deeper than
:data:`MAX_DEPTH`, or one that contains itself, is refused when the codec is built). Anything
wrong is one :class:`~game.net.errors.ProtocolError` naming where, e.g. ``view.seats[2].cards:
expected int, got str``; what it accepts is exactly what the encoder writes for the value it
reads (one form per value). Encoding checks the same types (a view holding a value its type
does not allow is a bug of the sending side: ``TypeError``), so what one side sends the other
reads. The codec checks shapes, not meaning: a seat number beyond the table or a card name no
game has reads back like any other int or str.

A message is read by its type, never by its own nesting, so its depth costs nothing more than
the type's; ``json.loads`` of the text before it (deep nesting, numbers of thousands of digits)
is the reader's to guard. Encoding and decoding a view of a thousand bytes takes some tens of
microseconds, about what ``json.dumps`` and ``json.loads`` of it take.
"""

from __future__ import annotations

import dataclasses
import json
import math
import types
from collections.abc import Callable, Iterable
from contextlib import suppress
from enum import Enum
from functools import partial
from itertools import pairwise
from operator import attrgetter
from typing import Any, Union, get_args, get_origin, get_type_hints

from game.core.engine import Outcome
from game.core.errors import NotPlayable
from game.net.errors import ProtocolError
from game.rules import registry

TAG = "$"
"""The key that names a record's class where several may stand (never a field's name)."""
INT_LIMIT = 2**53 - 1
"""The largest whole number sent either way (and its negative): the integers a JSON reader that
keeps numbers as doubles still holds exactly. A view's numbers are seats, counts and keys."""
MAX_DEPTH = 24
"""How deep a type may nest (a record in a tuple in a record … counts one a level): a message
is read by its type, so no message can lead the decoder deeper than this."""

Encode = Callable[[Any], Any]
Decode = Callable[[Any], Any]

_NONE = type(None)
_JSON_NAMES: dict[type, str] = {_NONE: "null", bool: "bool", int: "int", float: "float",
                                str: "str", list: "list", dict: "object"}
_INT_ONLY = frozenset({int})
_STR_ONLY = frozenset({str})
_BOOL_ONLY = frozenset({bool})
_NONE_ONLY = frozenset({_NONE})


class _Bad(Exception):
    """Why a value does not fit its type, and where: path segments, innermost first (added as
    the error passes up, so a good message costs nothing until something is wrong)."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what
        self.where: list[str] = []

    def at(self, segment: str) -> _Bad:
        self.where.append(segment)
        return self

    def line(self, root: str) -> str:
        return f"{root}{''.join(reversed(self.where))}: {self.what}"


def _short(value: object) -> str:
    """A hostile key or name as one short line: a string quoted (``repr`` escapes newlines),
    cut; anything else by its kind (``repr`` of a number of 5000 digits raises)."""
    if type(value) is int and -INT_LIMIT <= value <= INT_LIMIT:
        return repr(value)
    if type(value) is not str:
        return _got(value)
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _got(value: object) -> str:
    """What a received value is, in JSON's words (never the whole of a huge number)."""
    kind = type(value)
    if kind is int and not -INT_LIMIT <= value <= INT_LIMIT:  # type: ignore[operator]
        return "an int beyond ±(2**53 - 1)"
    if kind is float and not math.isfinite(value):  # type: ignore[arg-type]
        return repr(value)
    if kind is list:
        return f"list of {len(value)}"  # type: ignore[arg-type]
    return _JSON_NAMES.get(kind, f"{kind.__name__} (not JSON)")


def _expected(want: str, value: object) -> _Bad:
    return _Bad(f"expected {want}, got {_got(value)}")


def _cannot(want: str, value: object) -> _Bad:
    return _Bad(f"cannot send {type(value).__name__} as {want}")


def _first_failure(pairs: Iterable[tuple[str, Callable[[Any], Any], Any]]) -> _Bad | None:
    """Run each ``(segment, function, value)`` again to find the one that fails (the fast
    paths convert whole containers at once; the functions are pure)."""
    for segment, function, value in pairs:
        try:
            function(value)
        except _Bad as bad:
            return bad.at(segment)
    return None


def _indexed(function: Callable[[Any], Any], items: Iterable[Any]
             ) -> Iterable[tuple[str, Callable[[Any], Any], Any]]:
    return ((f"[{index}]", function, item) for index, item in enumerate(items))


class _Codec:
    """One type's two functions, and what the union and set builders need to know of it:
    ``accepts``, the JSON value types it reads (a union dispatches on them); ``sends``, the
    Python types it writes exactly (the same for encoding); ``name`` for messages;
    ``sortable``: its JSON values compare among themselves (one scalar type); ``plain``: the
    types whose values travel as themselves both ways (int, str, bool, None: a container of
    them is checked and copied with C loops); ``record``: a record's own codec; ``height``:
    the levels below this type (0 for a scalar), how deep the decoder may go from here."""

    __slots__ = ("accepts", "decode", "encode", "height", "name", "plain", "record", "sends",
                 "sortable")

    def __init__(self, name: str, encode: Encode, decode: Decode, accepts: frozenset[type],
                 sends: tuple[type, ...], sortable: bool, record: _Record | None = None,
                 plain: frozenset[type] = frozenset(), height: int = 0) -> None:
        self.name = name
        self.encode = encode
        self.decode = decode
        self.accepts = accepts
        self.sends = sends
        self.sortable = sortable
        self.record = record
        self.plain = plain
        self.height = height


# ---------------------------------------------------------------- scalars


def _enc_int(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        plain = value if type(value) is int else int.__int__(value)  # an IntEnum member
        if -INT_LIMIT <= plain <= INT_LIMIT:
            return plain
        raise _Bad("cannot send an int beyond ±(2**53 - 1)")
    raise _cannot("int", value)


def _dec_int(value: Any) -> int:
    if type(value) is int and -INT_LIMIT <= value <= INT_LIMIT:
        return value
    raise _expected("int", value)


def _enc_str(value: Any) -> str:
    if type(value) is str:
        return value
    if isinstance(value, str):  # a StrEnum member held in a field typed ``str``
        return str.__str__(value)
    raise _cannot("str", value)


def _dec_str(value: Any) -> str:
    if type(value) is str:
        return value
    raise _expected("str", value)


def _enc_bool(value: Any) -> bool:
    if value is True or value is False:
        return value
    raise _cannot("bool", value)


def _dec_bool(value: Any) -> bool:
    if value is True or value is False:
        return value
    raise _expected("bool", value)


def _enc_float(value: Any) -> float:
    if (type(value) is float or (isinstance(value, int) and not isinstance(value, bool))) \
            and math.isfinite(value):
        return float(value)
    raise _cannot("a finite float", value)


def _dec_float(value: Any) -> float:
    if type(value) is float and math.isfinite(value):
        return value
    raise _expected("a finite float", value)


def _enc_none(value: Any) -> None:
    if value is not None:
        raise _cannot("null", value)


def _dec_none(value: Any) -> None:
    if value is not None:
        raise _expected("null", value)


_NULL = _Codec("null", _enc_none, _dec_none, _NONE_ONLY, (_NONE,), True, plain=_NONE_ONLY)
_SCALARS: dict[object, _Codec] = {
    int: _Codec("int", _enc_int, _dec_int, _INT_ONLY, (int,), True, plain=_INT_ONLY),
    str: _Codec("str", _enc_str, _dec_str, _STR_ONLY, (str,), True, plain=_STR_ONLY),
    bool: _Codec("bool", _enc_bool, _dec_bool, _BOOL_ONLY, (bool,), True, plain=_BOOL_ONLY),
    float: _Codec("float", _enc_float, _dec_float, frozenset({float}), (float,), True),
    _NONE: _NULL,
    None: _NULL,
}


def _enum(cls: type[Enum]) -> _Codec:
    by_value: dict[Any, Enum] = {}
    for member in cls:
        value = member.value
        if type(value) not in (int, str) or (type(value) is int
                                             and not -INT_LIMIT <= value <= INT_LIMIT):
            raise TypeError(f"{cls.__name__}.{member.name}: only str and int values travel")
        by_value[value] = member
    kinds = frozenset(type(value) for value in by_value)
    words = " or ".join(sorted(kind.__name__ for kind in kinds))
    name = f"a {cls.__name__} ({words})"

    def encode(value: Any) -> Any:
        if type(value) is cls:
            return value._value_
        raise _cannot(cls.__name__, value)

    def decode(value: Any) -> Any:
        member = by_value.get(value) if type(value) in kinds else None
        if member is None:
            if type(value) in kinds:
                raise _Bad(f"expected {name}, got {_short(value)}")
            raise _expected(name, value)
        return member

    return _Codec(name, encode, decode, kinds, (cls,), len(kinds) == 1)


# ---------------------------------------------------------------- tuples and sets


def _all_plain(items: tuple[Any, ...] | list[Any], plain: frozenset[type]) -> bool:
    """Whether every item is of a type that travels as itself (an int within the limit)."""
    seen = set(map(type, items))
    if not seen <= plain:
        return False
    if int in seen:
        ints = items if len(seen) == 1 else [item for item in items if type(item) is int]
        return min(ints) >= -INT_LIMIT and max(ints) <= INT_LIMIT
    return True


def _variadic(item: _Codec) -> _Codec:
    """``tuple[X, ...]``: a list of any length (the fast paths check a list of one scalar type
    with C loops: most of a view is such lists)."""
    item_enc, item_dec = item.encode, item.decode

    def slow_encode(value: Any) -> list[Any]:
        if type(value) is not tuple:
            raise _cannot("tuple", value)
        try:
            return [item_enc(element) for element in value]
        except _Bad as bad:
            raise _first_failure(_indexed(item_enc, value)) or bad from None

    def slow_decode(value: Any) -> tuple[Any, ...]:
        if type(value) is not list:
            raise _expected(f"list of {item.name}", value)
        try:
            return tuple([item_dec(element) for element in value])
        except _Bad as bad:
            raise _first_failure(_indexed(item_dec, value)) or bad from None

    encode, decode = slow_encode, slow_decode
    plain = item.plain
    if plain:
        def encode(value: Any) -> list[Any]:
            if type(value) is tuple and _all_plain(value, plain):
                return list(value)
            return slow_encode(value)

        def decode(value: Any) -> tuple[Any, ...]:
            if type(value) is list and _all_plain(value, plain):
                return tuple(value)
            return slow_decode(value)

    return _Codec("list", encode, decode, frozenset({list}), (tuple,), False,
                  height=item.height + 1)


def _fixed(items: tuple[_Codec, ...]) -> _Codec:
    """``tuple[A, B]``: a list of exactly that many, each of its own type."""
    size = len(items)
    encs = tuple(item.encode for item in items)
    decs = tuple(item.decode for item in items)
    want = f"list of {size}"

    def encode(value: Any) -> list[Any]:
        if type(value) is not tuple or len(value) != size:
            raise _cannot(f"tuple of {size}", value)
        try:
            return [enc(element) for enc, element in zip(encs, value, strict=False)]
        except _Bad as bad:
            raise _first_failure((f"[{index}]", enc, element) for index, (enc, element)
                                 in enumerate(zip(encs, value, strict=True))) or bad from None

    def decode(value: Any) -> tuple[Any, ...]:
        if type(value) is not list or len(value) != size:
            raise _expected(want, value)
        try:
            return tuple([dec(element) for dec, element in zip(decs, value, strict=False)])
        except _Bad as bad:
            raise _first_failure((f"[{index}]", dec, element) for index, (dec, element)
                                 in enumerate(zip(decs, value, strict=True))) or bad from None

    return _Codec(want, encode, decode, frozenset({list}), (tuple,), False,
                  height=1 + max(item.height for item in items))


def _json_key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)


def _frozenset(item: _Codec) -> _Codec:
    """``frozenset[X]``: a list sorted ascending without repeats, by the items' JSON values
    themselves when they are of one scalar type, else by their JSON text."""
    if item.record is not None and getattr(item.record.cls, "__hash__", None) is None:
        raise TypeError(f"a set of {item.name}, a record that cannot be hashed")
    item_enc, item_dec = item.encode, item.decode
    key: Callable[[Any], Any] | None = None if item.sortable else _json_key

    def encode(value: Any) -> list[Any]:
        if type(value) is not frozenset:
            raise _cannot("frozenset", value)
        try:
            out = [item_enc(element) for element in value]
        except _Bad as bad:
            raise _first_failure(_indexed(item_enc, value)) or bad from None
        out.sort(key=key)
        return out

    def decode(value: Any) -> frozenset[Any]:
        if type(value) is not list:
            raise _expected(f"list of {item.name}", value)
        try:
            out = frozenset([item_dec(element) for element in value])
        except _Bad as bad:
            raise _first_failure(_indexed(item_dec, value)) or bad from None
        keys = value if key is None else [key(element) for element in value]
        if len(out) != len(value) or any(a >= b for a, b in pairwise(keys)):
            raise _Bad("a set's items must come sorted, each once")
        return out

    return _Codec("list", encode, decode, frozenset({list}), (frozenset,), False,
                  height=item.height + 1)


# ---------------------------------------------------------------- records


class _Record:
    """One record class: its fields' names and codecs, and how to make one."""

    __slots__ = ("cls", "decode", "decode_tagged", "encode", "encode_tagged", "height", "name")

    def __init__(self, cls: type, depth: int) -> None:
        self.cls = cls
        self.name = name = cls.__name__
        if issubclass(cls, tuple) and hasattr(cls, "_fields"):
            names: tuple[str, ...] = cls._fields
            make: Callable[[list[Any]], Any] = partial(tuple.__new__, cls)  # no length check:
            # the decoder read exactly one value per field
            values: Callable[[Any], Any] | None = None  # a NamedTuple is its fields
        elif dataclasses.is_dataclass(cls):
            names = tuple(field.name for field in dataclasses.fields(cls) if field.init)

            def make(args: list[Any]) -> Any:
                try:
                    return cls(*args)
                except Exception as error:  # the class's own check refused the values
                    raise _Bad(f"{name} refused it: {str(error).splitlines()[0]}"
                               if str(error) else f"{name} refused it") from None

            getter = attrgetter(*names) if names else (lambda _: ())
            values = getter if len(names) != 1 else (lambda record: (getter(record),))
        else:
            raise TypeError(f"{name} is not a record (a NamedTuple or a dataclass)")
        try:
            hints = get_type_hints(cls)
        except Exception as error:
            raise TypeError(f"{name}'s annotations cannot be read: {error}") from None
        fields: list[tuple[str, _Codec]] = []
        for field in names:
            if field not in hints:
                raise TypeError(f"{name}.{field} has no annotation")
            try:
                fields.append((field, _codec(hints[field], depth + 1)))
            except _Unfit:
                raise
            except TypeError as error:  # the innermost record names the field
                raise _Unfit(f"{name}.{field}: {error}") from None
        self.height = 1 + max((codec.height for _, codec in fields), default=0)
        encs = [(field, codec.encode) for field, codec in fields]
        decs = [(field, codec.decode) for field, codec in fields]
        keys = frozenset(names)
        tagged_keys = keys | {TAG}

        def locate(pairs: Iterable[tuple[str, Callable[[Any], Any]]], items: Iterable[Any]
                   ) -> _Bad | None:
            return _first_failure((f".{field}", function, item) for (field, function), item
                                  in zip(pairs, items, strict=True))

        def encode(value: Any) -> dict[str, Any]:
            if type(value) is not cls:
                raise _cannot(name, value)
            items: Any = value if values is None else values(value)
            try:
                return {field: enc(item) for (field, enc), item in zip(encs, items, strict=False)}
            except _Bad as bad:
                raise locate(encs, items) or bad from None

        def encode_tagged(value: Any) -> dict[str, Any]:
            out = encode(value)
            out[TAG] = name
            return out

        def read(value: dict[str, Any]) -> Any:
            try:
                args = [dec(value[field]) for field, dec in decs]
            except _Bad as bad:
                raise locate(decs, (value[field] for field, _ in decs)) or bad from None
            return make(args)

        def decode(value: Any) -> Any:
            if type(value) is not dict:
                raise _expected("object", value)
            if value.keys() != keys:
                raise _fields_problem(value, keys)
            return read(value)

        def decode_tagged(value: Any) -> Any:
            # the union checked that ``value`` is an object whose tag names this class
            if value.keys() != tagged_keys:
                raise _fields_problem(value, tagged_keys)
            return read(value)

        self.encode, self.encode_tagged = encode, encode_tagged
        self.decode, self.decode_tagged = decode, decode_tagged


class _Unfit(TypeError):
    """A type that cannot travel, already placed (``Record.field: why``)."""


def _fields_problem(value: dict[Any, Any], keys: frozenset[str]) -> _Bad:
    missing = sorted(keys - value.keys())
    if missing:
        more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
        return _Bad(f"missing field {_short(missing[0])}{more}")
    unknown = sorted(_short(key) for key in value.keys() - keys)
    more = f" (and {len(unknown) - 1} more)" if len(unknown) > 1 else ""
    return _Bad(f"unknown field {unknown[0]}{more}")


def _tagged(records: Iterable[_Record], what: str) -> _Codec:
    """Records where several may stand: an object naming its class under :data:`TAG`; only
    these classes can be built."""
    by_name: dict[str, Decode] = {}
    by_class: dict[type, Encode] = {}
    by_class_records = list(records)
    for record in by_class_records:
        if record.name in by_name and by_class.get(record.cls) is None:
            raise TypeError(f"two records named {record.name} in one union")
        by_name[record.name] = record.decode_tagged
        by_class[record.cls] = record.encode_tagged

    def encode(value: Any) -> dict[str, Any]:
        enc = by_class.get(type(value))
        if enc is None:
            raise _cannot(what, value)
        return enc(value)  # type: ignore[no-any-return]

    def decode(value: Any) -> Any:
        if type(value) is not dict:
            raise _expected("object", value)
        tag = value.get(TAG)
        dec = by_name.get(tag) if type(tag) is str else None
        if dec is None:
            if TAG not in value:
                raise _Bad(f"missing field {TAG!r}")
            raise _Bad(f"unknown kind {_short(tag)}")
        return dec(value)

    return _Codec("object", encode, decode, frozenset({dict}), tuple(by_class), False,
                  height=max(record.height for record in by_class_records))


# ---------------------------------------------------------------- unions and the compiler


def _union(members: tuple[Any, ...], depth: int) -> _Codec:
    """``A | B | …``: each member reads its own JSON types (several records: tagged); two
    members that would read the same JSON type make the union ambiguous, refused."""
    codecs: list[_Codec] = []
    records: list[_Record] = []
    for member in members:
        codec = _codec(member, depth)  # a union is no level of its own
        if codec.record is not None:
            records.append(codec.record)
        else:
            codecs.append(codec)
    if len(records) == 1:
        codecs.append(_codec(records[0].cls, depth))
    elif records:
        codecs.append(_tagged(records, " | ".join(record.name for record in records)))
    by_json: dict[type, Decode] = {}
    by_python: dict[type, Encode] = {}
    for codec in codecs:
        for kind in codec.accepts:
            if kind in by_json:
                raise TypeError(f"the union {members} reads a JSON {_JSON_NAMES[kind]} two ways")
            by_json[kind] = codec.decode
        for kind in codec.sends:
            by_python[kind] = codec.encode
    name = " or ".join(codec.name for codec in codecs)
    fallbacks = tuple(codec.encode for codec in codecs)
    others = [codec for codec in codecs if codec.accepts != {_NONE}]
    if len(codecs) == 2 and len(others) == 1:
        # ``X | None``, nearly every union of a view: no table to look through
        other = others[0]
        other_enc, other_dec, other_accepts = other.encode, other.decode, other.accepts

        def encode(value: Any) -> Any:
            return None if value is None else other_enc(value)

        def decode(value: Any) -> Any:
            if value is None:
                return None
            if type(value) not in other_accepts:
                raise _expected(name, value)
            return other_dec(value)
    else:
        def encode(value: Any) -> Any:
            enc = by_python.get(type(value))
            if enc is not None:
                return enc(value)
            for enc in fallbacks:  # a subclass: a StrEnum member in a ``str`` member
                try:
                    return enc(value)
                except _Bad:
                    pass
            raise _cannot(name, value)

        def decode(value: Any) -> Any:
            dec = by_json.get(type(value))
            if dec is None:
                raise _expected(name, value)
            return dec(value)

    sortable = len(by_json) == 1 and all(codec.sortable for codec in codecs)
    plain = frozenset().union(*(codec.plain for codec in codecs)) \
        if all(codec.plain for codec in codecs) else frozenset()
    return _Codec(name, encode, decode, frozenset(by_json), tuple(by_python), sortable,
                  plain=plain, height=max(codec.height for codec in codecs))


_CACHE: dict[object, _Codec] = {}


def _codec(annotation: Any, depth: int) -> _Codec:
    """The codec of ``annotation`` met ``depth`` levels below the record a wire starts from."""
    too_deep = TypeError(f"types nest deeper than {MAX_DEPTH} levels (or contain themselves)")
    if depth > MAX_DEPTH:
        raise too_deep
    try:
        cached = _CACHE.get(annotation)
    except TypeError:  # an unhashable annotation
        cached = None
    if cached is not None:
        if depth + cached.height > MAX_DEPTH:
            raise too_deep
        return cached
    codec = _build(annotation, depth)
    if depth + codec.height > MAX_DEPTH:
        raise too_deep
    with suppress(TypeError):  # an unhashable annotation is built each time it is met
        _CACHE[annotation] = codec
    return codec


def _build(annotation: Any, depth: int) -> _Codec:
    scalar = _SCALARS.get(annotation) if isinstance(annotation, type | None) else None
    if scalar is not None:
        return scalar
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Union or origin is types.UnionType:
        return _union(args, depth)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _variadic(_codec(args[0], depth + 1))
        if args and Ellipsis not in args:
            return _fixed(tuple(_codec(arg, depth + 1) for arg in args))
    if origin is frozenset and len(args) == 1:
        return _frozenset(_codec(args[0], depth + 1))
    if isinstance(annotation, type) and origin is None:
        if issubclass(annotation, Enum):
            return _enum(annotation)
        if (issubclass(annotation, tuple) and hasattr(annotation, "_fields")) \
                or dataclasses.is_dataclass(annotation):
            record = _Record(annotation, depth)
            return _Codec(record.name, record.encode, record.decode, frozenset({dict}),
                          (annotation,), False, record, height=record.height)
    raise TypeError(f"{annotation!r} cannot travel (records, tuples, frozensets, enums, "
                    "unions and int, float, str, bool, None can)")


# ---------------------------------------------------------------- the API


class Wire:
    """One family's views and feed events, both ways: built from the classes its kit names
    (``view_type``, ``event_types``); only those, and the records their fields name, are ever
    built from a message. Encoding raises ``TypeError`` for a value its type does not allow (a
    bug of the sender); decoding raises :class:`ProtocolError` for anything but a value this
    codec would have written."""

    __slots__ = ("_event_dec", "_event_enc", "_view_dec", "_view_enc", "event_types",
                 "view_type")

    def __init__(self, view_type: type, event_types: tuple[type, ...]) -> None:
        if not event_types:
            raise TypeError("a wire needs the family's event classes")
        self.view_type = view_type
        self.event_types = event_types
        view = _codec(view_type, 0)
        if view.record is None:
            raise TypeError(f"{view_type!r}: a view must be a record")
        self._view_enc, self._view_dec = view.encode, view.decode
        events = []
        for cls in event_types:
            record = _codec(cls, 0).record
            if record is None:
                raise TypeError(f"{cls!r}: an event must be a record")
            events.append(record)
        event = _tagged(events, "one of the family's events")
        self._event_enc, self._event_dec = event.encode, event.decode

    def view_to_json(self, view: Any) -> dict[str, Any]:
        try:
            return self._view_enc(view)  # type: ignore[no-any-return]
        except _Bad as bad:
            raise TypeError(bad.line("view")) from None

    def view_from_json(self, data: Any) -> Any:
        try:
            return self._view_dec(data)
        except _Bad as bad:
            raise ProtocolError(bad.line("view")) from None

    def event_to_json(self, event: Any) -> dict[str, Any]:
        """The event as ``{"$": its class name, its fields…}``."""
        try:
            return self._event_enc(event)  # type: ignore[no-any-return]
        except _Bad as bad:
            raise TypeError(bad.line("event")) from None

    def event_from_json(self, data: Any) -> Any:
        try:
            return self._event_dec(data)
        except _Bad as bad:
            raise ProtocolError(bad.line("event")) from None


_WIRES: dict[tuple[type, tuple[type, ...]], Wire] = {}


def wire_for(game_id: str) -> Wire:
    """The wire of ``game_id``'s family (built once per family's classes). ``MalformedInput``
    for an unknown game, ``NotPlayable`` for one whose kit names no view or event classes (it
    cannot be played across a network)."""
    kit = registry.kit_for(game_id)
    if kit.view_type is None or not kit.event_types:
        raise NotPlayable(f"{game_id} cannot be played across a network: its kit names no "
                          "view and event types")
    key = (kit.view_type, kit.event_types)
    wire = _WIRES.get(key)
    if wire is None:
        wire = _WIRES[key] = Wire(kit.view_type, kit.event_types)
    return wire


_OUTCOME = _codec(Outcome, 0)


def outcome_to_json(outcome: Outcome) -> dict[str, Any]:
    """Every field of the outcome (``null`` where it has none); the ranking and the winners
    are worked out again from the places."""
    try:
        return _OUTCOME.encode(outcome)  # type: ignore[no-any-return]
    except _Bad as bad:
        raise TypeError(bad.line("outcome")) from None


def outcome_from_json(data: Any) -> Outcome:
    try:
        return _OUTCOME.decode(data)  # type: ignore[no-any-return]
    except _Bad as bad:
        raise ProtocolError(bad.line("outcome")) from None
