"""The hot-seat curtain's recap (and the review's panel) in each family's own words: the
family's kit says public events with the lines of its table's log (``UiKit.recap``), so the
curtain says what happened as the table already said it. A family without one gives none."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.match.match import FeedItem


def recap_lines(table: Any, game: str, items: Sequence[FeedItem]) -> list[str]:
    """The lines for ``items`` (public events of ``game``) at ``table``, oldest first."""
    from game.ui.registry import ui_kit_for  # the registry reaches every family's screens

    return ui_kit_for(game).recap(table, items)
