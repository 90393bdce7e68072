"""The layering of docs/ARCHITECTURE.md, checked on the source with ``ast``.

Rules (each failure names the file, the line and the rule it breaks):

- pygame: only modules under game/ui import pygame, even inside a function; the top reaches the
  screens through game.ui, lazily, so that ``python -m game sim`` runs without a display.
- layers: imports point down only, ui -> net -> history -> match -> bots -> rules -> core
  (history: the past games, the record, the deal of the day and the review of a finished game,
  which deal in dates; net: tables across a network, beside the match and below the screens;
  both may import datetime, net may read the clock and the OS's entropy, as the screens do: a
  token, a rate limit); game/i18n may be
  imported by ui only (and imports core at most); game/cli.py and game/__main__.py are the top and
  may import anything (and read the clock: ``bench`` times things); game/__init__.py imports
  nothing of the game. Every module is in a layer.
- games: a module in game/rules/<X>/ never imports game.rules.<Y> for another game Y, nor the
  registry or the scenario runner (which import every game); shared modules directly in
  game/rules/ import no game, except registry.py and scenario.py.
- clock: modules in core, rules, bots and match never import time, datetime, random (the stdlib
  one) or secrets, and never call a clock or OS-entropy function.
- kits: a game family's packages (game/rules/<family>/, game/bots/<family>/, game/ui/<family>/)
  are imported only by that family's own packages and by the registries (registry.py in
  game/rules, game/bots and game/ui); and nowhere else does code compare a value with a game's
  or a family's id (``if game == "bombazo"``): above the rules nothing names a game.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"

LAYERS = ("core", "rules", "bots", "match", "history", "net", "ui")
"""Bottom to top: a layer may import itself and the layers before it."""
DOWN = "ui -> net -> history -> match -> bots -> rules -> core"
TOP = frozenset({"cli", "__main__", "tools"})
"""Command-line entry points in game/: they may import any layer (and the clock)."""
LAYER_NAMES = (*LAYERS, "i18n")
ALLOWED: dict[str, frozenset[str]] = {
    layer: frozenset(LAYERS[: index + 1]) for index, layer in enumerate(LAYERS)
}
ALLOWED["ui"] |= {"i18n"}
ALLOWED["i18n"] = frozenset({"core", "i18n"})
ALLOWED["root"] = frozenset()

PURE_LAYERS = frozenset({"core", "rules", "bots", "match"})
FORBIDDEN_STDLIB = frozenset({"time", "datetime", "random", "secrets"})
CLOCK_CALLS = frozenset({
    "time", "time_ns", "perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns",
    "process_time", "process_time_ns", "thread_time", "thread_time_ns", "clock_gettime",
    "clock_gettime_ns", "localtime", "gmtime", "ctime", "asctime", "sleep", "now", "utcnow",
    "today", "fromtimestamp", "get_ticks", "urandom", "getrandom", "times",
})
SHARED_RULES_IMPORTING_GAMES = frozenset({"registry"})
KIT_LAYERS = ("rules", "bots", "ui")
"""The layers where a family has a package of its own."""
REGISTRIES = frozenset({f"game/{layer}/registry.py" for layer in KIT_LAYERS})


@dataclass(frozen=True)
class Violation:
    rule: str  # pygame | layers | games | clock | parse
    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


@dataclass(frozen=True)
class _Import:
    line: int
    module: str  # absolute dotted name
    lazy: bool  # inside a function body


def _module_parts(path: str) -> list[str]:
    parts = path.removesuffix(".py").split("/")
    return parts[:-1] if parts[-1] == "__init__" else parts


def _layer_of(path: str) -> str | None:
    """The layer of a source path such as ``game/core/codes.py``; ``None``: in no layer."""
    parts = path.split("/")
    if parts == ["game", "__init__.py"]:
        return "root"
    if len(parts) == 2:
        name = parts[1].removesuffix(".py")
        return "top" if name in TOP else None
    if parts[1] in TOP:
        return "top"
    return parts[1] if parts[1] in LAYER_NAMES else None


def _target_layer(module: str) -> str | None:
    """The layer an imported ``game...`` module belongs to (``root``: the package itself or one
    of its attributes); ``None`` for modules outside the game."""
    parts = module.split(".")
    if parts[0] != "game":
        return None
    if len(parts) == 1:
        return "root"
    if parts[1] in TOP:
        return "top"
    return parts[1] if parts[1] in LAYER_NAMES else "root"


class _Imports(ast.NodeVisitor):
    def __init__(self, path: str) -> None:
        self.package = _module_parts(path)
        if not path.endswith("__init__.py"):
            self.package = self.package[:-1]
        self.found: list[_Import] = []
        self.calls: list[tuple[int, str]] = []
        self.compared: list[tuple[int, str]] = []
        self.errors: list[tuple[int, str]] = []
        self._depth = 0

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        self._depth += 1
        self.generic_visit(node)
        self._depth -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def _add(self, line: int, module: str) -> None:
        self.found.append(_Import(line, module, self._depth > 0))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(node.lineno, alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            keep = len(self.package) - (node.level - 1)
            if keep < 1:
                self.errors.append((node.lineno, "relative import goes above the game package"))
                return
            base = ".".join(self.package[:keep] + ([node.module] if node.module else []))
        else:
            base = node.module or ""
        names = [alias.name for alias in node.names if alias.name != "*"]
        if base in ("game", "game.rules") and names:
            # `from game import ui`, `from game.rules import bombdeck`: the names are modules
            for name in names:
                self._add(node.lineno, f"{base}.{name}")
        else:
            self._add(node.lineno, base)

    def visit_Compare(self, node: ast.Compare) -> None:
        for operand in (node.left, *node.comparators):
            items = operand.elts if isinstance(operand, ast.Tuple | ast.List | ast.Set) \
                else [operand]
            for item in items:
                if isinstance(item, ast.Constant) and isinstance(item.value, str):
                    self.compared.append((node.lineno, item.value))
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        dynamic = name in {"__import__", "import_module"}
        if dynamic and node.args and isinstance(node.args[0], ast.Constant):
            if isinstance(node.args[0].value, str):
                self._add(node.lineno, node.args[0].value)
        elif isinstance(name, str) and name in CLOCK_CALLS:
            self.calls.append((node.lineno, name))
        self.generic_visit(node)


def check_source(path: str, source: str, games: frozenset[str] | None = None,
                 ids: frozenset[str] = frozenset()) -> list[Violation]:
    """Every rule ``source`` breaks, as if it were the file at ``path`` (``game/...py``, with
    forward slashes). ``games``: the game families (packages in game/rules; default: any name
    there that is not a shared module of this check); ``ids``: the game ids no code outside
    its family may compare with."""
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as error:
        return [Violation("parse", path, error.lineno or 0, f"cannot be parsed: {error.msg}")]
    visitor = _Imports(path)
    visitor.visit(tree)
    layer = _layer_of(path)
    parts = path.split("/")
    own_game = parts[2] if len(parts) > 3 and parts[1] == "rules" else None
    shared_rules = parts[2].removesuffix(".py") if len(parts) == 3 and parts[1] == "rules" \
        else None
    found: list[Violation] = [Violation("layers", path, line, message)
                              for line, message in visitor.errors]

    def add(rule: str, line: int, message: str) -> None:
        found.append(Violation(rule, path, line, message))

    if layer is None:
        add("layers", 1, "belongs to no layer (game/<core|rules|bots|match|ui|i18n>/, or the "
                         "top: game/cli.py, game/__main__.py)")
    for imp in visitor.found:
        top = imp.module.split(".")[0]
        if top == "pygame" and layer != "ui":
            add("pygame", imp.line, "imports pygame (only game/ui may, even inside a function: "
                                    "the top reaches the screens through game.ui)")
        if layer in PURE_LAYERS and top in FORBIDDEN_STDLIB:
            add("clock", imp.line, f"{layer} may not import {top!r} (no clock, no global "
                                   "random: use game.core.rng)")
        target = _target_layer(imp.module)
        if target in (None, "root") or layer in (None, "top"):
            pass
        elif target not in ALLOWED[layer]:
            if layer == "root":
                why = "game/__init__.py imports nothing of the game"
            elif target == "i18n":
                why = "only game/ui may import game.i18n"
            else:
                why = f"layers point down only: {DOWN}"
            add("layers", imp.line, f"{layer} may not import {imp.module} ({why})")
        mod = imp.module.split(".")
        if target == "rules" and len(mod) > 2:
            other = mod[2]
            is_game = other in games if games is not None else \
                other not in SHARED_RULES_IMPORTING_GAMES
            if own_game is not None and other != own_game and (
                    is_game or other in SHARED_RULES_IMPORTING_GAMES):
                add("games", imp.line, f"game/rules/{own_game} may not import {imp.module} "
                                       "(no game imports another)")
            if shared_rules is not None and shared_rules not in SHARED_RULES_IMPORTING_GAMES \
                    and is_game:
                add("games", imp.line, f"game/rules/{shared_rules}.py is shared and may not "
                                       f"import the game {imp.module} (only registry.py and "
                                       "scenario.py may)")
    family = parts[2] if len(parts) > 3 and parts[1] in KIT_LAYERS else None
    if path not in REGISTRIES and layer not in ("core", "rules"):  # those: rules layers, games
        for imp in visitor.found:
            mod = imp.module.split(".")
            if len(mod) > 2 and mod[0] == "game" and mod[1] in KIT_LAYERS and \
                    (mod[2] in games if games is not None else
                     mod[2] not in SHARED_RULES_IMPORTING_GAMES) and mod[2] != family:
                add("kits", imp.line, f"imports the {mod[2]} family ({imp.module}): only its "
                                      "own packages and the registries may")
    if path not in REGISTRIES:
        names = ids | (games or frozenset())
        if family is None or family not in (games or frozenset()):
            for line, text in visitor.compared:
                if text in names:
                    add("kits", line, f"compares with the game id {text!r}: above the rules "
                                      "nothing names a game (ask the kit)")
    if layer in PURE_LAYERS:
        for line, name in visitor.calls:
            add("clock", line, f"{layer} may not call {name}() (no clock, no OS entropy: the "
                               "table passes time and seeds in)")
    return found


def _sources() -> Iterator[tuple[str, str]]:
    for file in sorted(GAME.rglob("*.py")):
        if "__pycache__" not in file.parts:
            yield file.relative_to(ROOT).as_posix(), file.read_text(encoding="utf-8")


def _game_packages() -> frozenset[str]:
    rules = GAME / "rules"
    return frozenset(p.name for p in rules.iterdir() if p.is_dir() and p.name != "__pycache__") \
        if rules.is_dir() else frozenset()


def _game_ids() -> frozenset[str]:
    from game.rules.registry import game_ids

    return frozenset(game_ids())


@functools.cache
def _tree_violations() -> tuple[Violation, ...]:
    """Every rule the tree breaks: each source read and parsed once for the six rules (the
    tree does not change while the suite runs)."""
    games, ids = _game_packages(), _game_ids()
    return tuple(v for path, source in _sources() for v in check_source(path, source, games, ids))


def _violations(rule: str) -> list[str]:
    return [str(v) for v in _tree_violations() if v.rule == rule]


@pytest.mark.parametrize("rule", ["parse", "pygame", "layers", "games", "clock", "kits"])
def test_game_package_keeps_its_architecture(rule: str) -> None:
    broken = _violations(rule)
    assert not broken, f"{len(broken)} violation(s) of rule {rule!r}:\n" + "\n".join(broken)


def test_the_check_sees_the_real_tree() -> None:
    paths = [path for path, _ in _sources()]
    assert "game/core/codes.py" in paths and "game/__init__.py" in paths


# --- the checker catches what it should (fake sources) ---------------------------------------

def _rules(path: str, source: str, games: frozenset[str] = frozenset({"bombdeck", "diebombe"})
           ) -> list[tuple[str, int]]:
    ids = frozenset({"bombazo", "mazo", "diebombe"})
    return [(v.rule, v.line) for v in check_source(path, source, games, ids)]


def test_clean_modules_pass() -> None:
    assert _rules("game/core/x.py", "import json\nfrom game.core.rng import Pcg32\n") == []
    assert _rules("game/rules/bombdeck/x.py", "from game.core import errors\n"
                                              "from . import cards\nfrom .cards import C\n"
                                              "from game.rules.bombdeck.cards import D\n") == []
    assert _rules("game/rules/registry.py", "from game.rules.bombdeck import engine\n"
                                            "from game.rules.diebombe.engine import E\n") == []
    assert _rules("game/ui/scene.py", "import pygame\nimport time\nfrom game.i18n import t\n"
                                      "from game.match import m\nfrom game import __version__\n"
                                      "from ..match import driver\n") == []
    assert _rules("game/cli.py", "import time\nfrom game.ui import app\n"
                                 "def main():\n    from game.ui import launch\n") == []
    assert _rules("game/bots/b.py", "def f(state):\n    return state.clock()\n") == []


@pytest.mark.parametrize(("path", "source", "expected"), [
    ("game/core/x.py", "import pygame", [("pygame", 1)]),
    ("game/match/x.py", "\nfrom pygame.locals import K_a", [("pygame", 2)]),
    ("game/cli.py", "import pygame", [("pygame", 1)]),
    ("game/cli.py", "def main():\n    import pygame", [("pygame", 2)]),
    ("game/tools/x.py", "def check():\n    import pygame", [("pygame", 2)]),
    ("game/__main__.py", "if True:\n    import pygame.display", [("pygame", 2)]),
    ("game/rules/x.py", "m = __import__('pygame')", [("pygame", 1)]),
    ("game/core/x.py", "from game.rules import registry", [("layers", 1)]),
    ("game/core/x.py", "from ..rules.bombdeck import engine", [("layers", 1)]),
    ("game/rules/bombdeck/x.py", "from ...bots import astuto", [("layers", 1)]),
    ("game/bots/x.py", "import game.match.driver", [("layers", 1)]),
    ("game/match/x.py", "from game.ui.scenes import table", [("layers", 1)]),
    ("game/core/x.py", "from game import i18n", [("layers", 1)]),
    ("game/match/x.py", "from game.i18n.locale import t", [("layers", 1)]),
    ("game/i18n/x.py", "from game.match import m", [("layers", 1)]),
    ("game/ui/x.py", "from game import cli", [("layers", 1)]),
    ("game/__init__.py", "from game.core import rng", [("layers", 1)]),
    ("game/paths.py", "", [("layers", 1)]),
    ("game/core/x.py", "from .... import y", [("layers", 1)]),
    ("game/rules/bombdeck/x.py", "from game.rules.diebombe import scoring", [("games", 1)]),
    ("game/rules/bombdeck/x.py", "from game.rules import diebombe", [("games", 1)]),
    ("game/rules/bombdeck/x.py", "from ..diebombe.engine import E", [("games", 1)]),
    ("game/rules/bombdeck/x.py", "from game.rules.registry import engine_for", [("games", 1)]),
    ("game/rules/common.py", "from game.rules.bombdeck import cards", [("games", 1)]),
    ("game/core/x.py", "import time", [("clock", 1)]),
    ("game/rules/x.py", "from datetime import datetime", [("clock", 1)]),
    ("game/bots/x.py", "import random as r", [("clock", 1)]),
    ("game/match/x.py", "import secrets", [("clock", 1)]),
    ("game/match/x.py", "import importlib\nm = importlib.import_module('time')", [("clock", 2)]),
    ("game/bots/x.py", "def think(t):\n    return t.perf_counter()", [("clock", 2)]),
    ("game/match/x.py", "import os\nseed = os.urandom(8)", [("clock", 2)]),
    ("game/core/x.py", "x = (", [("parse", 1)]),
    ("game/match/x.py", "from game.rules.bombdeck import events", [("kits", 1)]),
    ("game/ui/x.py", "from game.bots.bombdeck.astuto import A", [("kits", 1)]),
    ("game/ui/diebombe/x.py", "from game.ui.bombdeck import table", [("kits", 1)]),
    ("game/tools/x.py", "def f():\n    import game.rules.bombdeck.cards", [("kits", 2)]),
    ("game/ui/x.py", "if game == 'bombazo':\n    pass", [("kits", 1)]),
    ("game/match/x.py", "ok = kind in ('mazo', 'other')", [("kits", 1)]),
    ("game/cli.py", "x = 'diebombe' != name", [("kits", 1)]),
])

def test_the_checker_catches_violations(path: str, source: str,
                                        expected: list[tuple[str, int]]) -> None:
    assert _rules(path, source) == expected


def test_a_family_and_the_registries_may_name_the_family() -> None:
    assert _rules("game/ui/bombdeck/table.py", "from game.rules.bombdeck import events\n"
                                               "from game.bots.bombdeck import LEVELS\n"
                                               "from game.ui.bombdeck.paint import p\n"
                                               "if rules == 'mazo':\n    pass\n") == []
    assert _rules("game/ui/registry.py", "from game.ui.bombdeck import KIT\n") == []
    assert _rules("game/bots/registry.py", "from game.bots import bombdeck\n") == []
    assert _rules("game/ui/x.py", "if phase == 'react':\n    pass\n") == []


def test_violations_name_the_file_the_line_and_the_rule() -> None:
    [violation] = check_source("game/bots/astuto.py", "import json\nfrom game.ui import app\n")
    assert str(violation) == ("game/bots/astuto.py:2: bots may not import game.ui "
                              f"(layers point down only: {DOWN})")
    [violation] = check_source("game/rules/mazo/cards.py", "import time\n")
    assert str(violation).startswith("game/rules/mazo/cards.py:1: rules may not import 'time'")


def test_the_screens_draw_through_gfx() -> None:
    """Crisp at any window size: every pixel the screens make goes through ``game.ui.gfx``
    (logical units, drawn at the window's scale); only gfx.py and app.py (the window itself)
    call pygame's drawing, transforms and surfaces directly."""
    import re

    direct = re.compile(r"pygame\.(draw\.|transform\.|Surface\()")
    found = [f"{path}:{n}: {line.strip()}"
             for path, source in _sources()
             if path.startswith("game/ui/") and not path.endswith(("/gfx.py", "/app.py"))
             for n, line in enumerate(source.splitlines(), 1) if direct.search(line)]
    assert not found, "\n".join(found)
