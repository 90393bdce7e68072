"""What the hot-seat curtain tells a person coming back to the computer: the public events since
their last turn (issue 20's review: someone who returns after three others played has missed
who drew, who exploded, who played what on whom).

Only the public feed is ever read (``Match.feed_for(None, …)``): the curtain is up while
everybody looks at the screen, so not even the coming person's own secrets may be on it.

*Since their last turn* is counted from the feed as it stood the last time the person was the
one looking (the table keeps that, :class:`Watch`). A table opened in the middle of a game (a
resumed game, a screenshot) never saw anybody look; for a match played here it finds the same
point by replaying the game up to the person's last move (:func:`since_last_move`). A person
who has not played yet (their first curtain) is told what the others did since the game began
(the review of Caza Bombas: the teammates had just shown their setup tokens and the first
curtain said nothing); when nothing of note happened yet the recap is simply empty.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.core.errors import MechaCortaError
from game.match.match import Match


def since_last_move(match: object, seat: int) -> int | None:
    """The size of ``match``'s feed just after ``seat``'s last move: 0 (the game's start)
    when it made none yet; ``None`` when the match is not one played here and cannot be
    replayed (a joined table's)."""
    if not isinstance(match, Match):
        return None
    local: Match = match  # (only a match played here has its moves to replay)
    actions = local.actions
    last = next((i for i in range(len(actions) - 1, -1, -1) if actions[i][0] == seat), None)
    if last is None:
        return 0  # a first turn: everything since the game began
    saved = local.save()
    try:
        copy = Match.from_save(replace(saved, actions=saved.actions[:last + 1]))
    except MechaCortaError:  # pragma: no cover - a match's own save always replays
        return None
    return copy.feed_size


@dataclass
class Watch:
    """Who was looking until which point of the feed: for each person, the feed's size the
    last time the table was theirs (their cards on screen, or their own move just made)."""

    seen: dict[int, int] = field(default_factory=dict)

    def saw(self, seat: int | None, told: int) -> None:
        """``seat`` (``None``: nobody) was looking while the first ``told`` events were told."""
        if seat is not None:
            self.seen[seat] = max(told, self.seen.get(seat, 0))

    def since(self, match: object, seat: int) -> int | None:
        """Where ``seat``'s recap starts (0: the game's start, for a first turn); ``None``: no
        way to tell (a joined table that never saw the person look)."""
        if seat in self.seen:
            return self.seen[seat]
        return since_last_move(match, seat)
