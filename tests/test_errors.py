"""One root for the project's errors, and its tree drawn where a reader looks for it: every
public exception class under ``game`` descends from ``MechaCortaError`` and is drawn in
``game/core/errors.py``'s docstring (a new error that forgets either fails here)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re

import pytest

import game
from game.core import errors
from game.core.errors import MechaCortaError


def _error_classes() -> dict[str, type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    for info in pkgutil.walk_packages(game.__path__, "game."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if inspect.isclass(obj) and issubclass(obj, BaseException) \
                    and obj.__module__ == info.name and not name.startswith("_"):
                found[name] = obj
    return found


@pytest.fixture(scope="module")
def classes() -> dict[str, type[BaseException]]:
    return _error_classes()


def test_every_error_of_ours_has_the_one_root(classes: dict[str, type[BaseException]]) -> None:
    strays = sorted(name for name, cls in classes.items() if not issubclass(cls, MechaCortaError))
    assert not strays, f"not under MechaCortaError: {strays}"


def test_the_tree_in_the_docstring_names_every_error(
        classes: dict[str, type[BaseException]]) -> None:
    doc = errors.__doc__ or ""
    drawn = set(re.findall(r"[├└]── (\w+)", doc)) | {"MechaCortaError"}
    assert drawn == set(classes), (
        f"drawn but gone: {sorted(drawn - set(classes))}; "
        f"missing from the tree: {sorted(set(classes) - drawn)}")


def test_an_illegal_action_says_why_by_kind() -> None:
    refused = errors.IllegalAction("seat 2 holds no nope", errors.Illegal.NOT_HELD)
    assert refused.reason == "seat 2 holds no nope" and refused.why is errors.Illegal.NOT_HELD
    assert isinstance(refused, MechaCortaError)
    assert isinstance(errors.MalformedInput("x"), ValueError)  # the built-in base is kept


def test_every_refusal_of_the_engines_and_the_match_names_its_kind() -> None:
    """Each ``raise IllegalAction(...)`` under game/rules and game/match says which
    :class:`Illegal` it is (the default, ``FORBIDDEN``, is a kind too, but a chosen one)."""
    from pathlib import Path

    root = Path(game.__file__).parent
    unnamed = []
    for path in sorted([*root.glob("rules/**/*.py"), *root.glob("match/*.py")]):
        text = path.read_text(encoding="utf-8")
        for found in re.finditer(r"raise (IllegalAction|NeedsPerson)\(", text):
            depth, at = 1, found.end()
            while depth:
                depth += {"(": 1, ")": -1}.get(text[at], 0)
                at += 1
            if "Illegal." not in text[found.end():at]:
                line = text.count("\n", 0, found.start()) + 1
                unnamed.append(f"{path.relative_to(root.parent)}:{line}")
    assert not unnamed, unnamed
