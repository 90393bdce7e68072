"""Errors with one-line messages a player or a scenario author can act on.

Every error the project raises on purpose has one root, :class:`MechaCortaError`, so a caller
that must not let any of ours escape (the command line, the frame loop's guard) names one
class; each keeps the built-in base it is also (``ValueError`` for input that cannot be read,
``RuntimeError`` for a failing environment), so ``except ValueError`` still works. The tree::

    MechaCortaError
    ├── IllegalAction                 a move the rules refuse now (``why``: an :class:`Illegal`)
    │   └── NeedsPerson               game.match.match: a person, not a machine, decides here
    ├── MalformedInput (ValueError)   a file, code or field that cannot be read (``problem``)
    │   ├── NotPlayable               known, but this version cannot play it
    │   │   ├── NoSuchBot             game.bots.registry: a machine level a game lacks
    │   │   └── NoAnalyst             game.bots.analysts: a game whose decisions nobody judges
    │   ├── Unfinished                game.history.review: a game still played (no review)
    │   └── ProtocolError             game.net.errors: a network message breaking the protocol
    ├── StepMissing                   game.rules.kit: a scenario step lacks a field
    ├── DamagedSave                   game.match.autosave: the unfinished game cannot be resumed
    ├── BotError (RuntimeError)       game.match.match: a machine player broke the rules
    ├── SimSetupError (ValueError)    game.match.sim: a run of games that cannot be set up
    ├── UsageError                    game.cli: a bad argument found after parsing
    ├── Refused                       game.net.errors: the host said no (``reason``)
    ├── TableMissing                  game.net.run: no network table to resume
    ├── IdentityNotSaved (OSError)    game.net.tls: the host's certificate cannot be written
    ├── NotEncrypted                  game.net.tls: a connection without TLS
    ├── ScreenshotError (ValueError)  game.ui.screenshot: a scene the game has not got
    ├── AutoplayStuck (RuntimeError)  game.ui.autoplay: a watched game that stopped moving
    ├── WindowError (RuntimeError)    game.ui.launch: no window could be opened
    ├── NoVideo (RuntimeError)        game.ui.app: SDL has no video driver
    └── NoDisplay (RuntimeError)      game.ui.app: there is no display to open a window on

Each input error carries a :class:`Problem` and each illegal action an :class:`Illegal`: the
screens choose their message by it (a translated sentence), never by matching words inside the
English one-liner, which is for the command line, the scenario output and the log.
"""

from __future__ import annotations

import sys
from enum import StrEnum


class Problem(StrEnum):
    """What kind of input problem an error is."""

    MALFORMED = "malformed"
    """A file, field or id that cannot be read at all."""
    CODE_EMPTY = "code_empty"
    """A game code with no symbols."""
    CODE_TYPO = "code_typo"
    """A game code that is mistyped: a bad character, a wrong length, a wrong check symbol."""
    CODE_NEWER = "code_newer"
    """A well-formed code naming a game, player kind or option this version does not know."""
    NOT_PLAYABLE = "not_playable"
    """Known, but this version cannot play it yet (a game or a machine level not built)."""


class Illegal(StrEnum):
    """Why an action is refused, by kind (the sentence says it in full)."""

    OVER = "over"
    """The game is over: nothing more is played."""
    NOT_NOW = "not_now"
    """Not in this phase (a nope with no window open, a bid while a card is being taken)."""
    NOT_YOUR_TURN = "not_your_turn"
    """Another seat decides now."""
    NO_SUCH_SEAT = "no_such_seat"
    """A seat that is not at the table."""
    BAD_TARGET = "bad_target"
    """A seat or thing that cannot be aimed at (oneself, a seat that is out or has nothing)."""
    NOT_HELD = "not_held"
    """The seat does not hold what the action spends (a card, a wire, enough of them)."""
    FORBIDDEN = "forbidden"
    """The rules never allow it (a defuse played by choice, a bid outside 1–40)."""
    MALFORMED = "malformed"
    """The action itself is not well formed: an unknown verb or card, a field missing, extra
    or of the wrong type."""


class MechaCortaError(Exception):
    """The root of every error the project raises on purpose (the tree: this module's
    docstring)."""


class IllegalAction(MechaCortaError):
    """The action is not legal now; the state is untouched. ``reason`` is one readable line,
    ``why`` its kind."""

    def __init__(self, reason: str, why: Illegal = Illegal.FORBIDDEN) -> None:
        super().__init__(reason)
        self.reason = reason
        self.why = why


class MalformedInput(MechaCortaError, ValueError):
    """A file, code or field that cannot be read at all (bad syntax, unknown id, wrong type).
    ``problem`` says which kind, for the screens."""

    def __init__(self, message: str, problem: Problem = Problem.MALFORMED) -> None:
        super().__init__(message)
        self.problem = problem


class NotPlayable(MalformedInput):
    """A game or machine level this version knows of but cannot play yet."""

    def __init__(self, message: str) -> None:
        super().__init__(message, Problem.NOT_PLAYABLE)


def beyond_parser_limits(error: ValueError | RecursionError) -> str:
    """Why a JSON or TOML reader gave up on a document its syntax allows: nesting deeper than
    the interpreter's recursion, or an integer longer than Python converts. Their own messages
    name neither plainly (and suggest raising an interpreter limit), so files and commands answer
    this one line instead."""
    if isinstance(error, RecursionError):
        return "nested too deeply"
    text = str(error).strip()
    if "integer string conversion" in text:
        return f"a number has more than {sys.get_int_max_str_digits()} digits"
    return text.splitlines()[0] if text else type(error).__name__
