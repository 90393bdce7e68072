"""The seat tokens this computer joined tables with, kept in its data folder
(``tables.json``) so that a crash, a ``kill -9`` or a closed lid never loses a seat: running the
same join again sends the same token and the host gives the same seats back.

A token is only a key to a seat at one table; the file holds nothing else. A damaged file is
set aside and read as empty (the person joins as new: a free seat, if the table has one).
"""

from __future__ import annotations

import json
from pathlib import Path

from game.core.files import read_text_capped
from game.core.saves import write_atomic
from game.match.autosave import set_aside
from game.net.client import new_token
from game.net.protocol import normalize_code

FILE = "tables.json"
KEEP = 50
"""Tables remembered (the oldest forgotten first)."""


class Tokens:
    def __init__(self, folder: Path) -> None:
        self.path = folder / FILE

    def token_for(self, address: str, code: str) -> str:
        """The token for the table at ``address`` with ``code``: the one used before, or a
        new one, remembered now (a write that fails still returns it: the join goes on)."""
        key = f"{address.strip().lower()} {normalize_code(code)}"
        tables = self._read()
        token = tables.get(key)
        if token is None:
            token = new_token()
            tables[key] = token
            kept = dict(list(tables.items())[-KEEP:])
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                write_atomic(self.path, json.dumps(kept, indent=1) + "\n")
            except OSError:
                pass
        return token

    def _read(self) -> dict[str, str]:
        try:
            data = json.loads(read_text_capped(self.path))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError):
            set_aside(self.path)
            return {}
        if not isinstance(data, dict):
            set_aside(self.path)
            return {}
        return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)
                and len(v) == 32}
