"""When a table's picture may change with nobody touching it, the same rule for every game.

The app saves the processor while a table waits for a person: it draws only the table's
ambient areas (the burning fuse) a few times a second. That is right only while nothing else on
the table changes by itself, and a table changes by itself more often than its ``animating``
says: a big moment ("BOOM!", "Saved!") plays while the person is already awaited (it is not
``busy``, so a press can cut it short), the view swaps in when the timeline settles, a notice
fades, smoke drifts out of the ambient areas. Each of those left an old picture on screen: a
frozen banner, a deck that said 20 beside a meter that said 19. So a table is ``still`` only
when none of them is under way (``GameTable.still``, ``game.ui.table.base``), and the app draws
whole frames otherwise.

A press that lands just after a moment the person could dismiss went away was meant for that
moment: the table is ``settling`` then (``Beats.settling``), and the app drops the press.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame

from game.ui.fx import Particles

PARTICLE_MARGIN = 2
"""Pixels around a particle's dot (its soft edge)."""


def particle_rects(particles: Particles) -> Iterator[pygame.Rect]:
    """The logical rect each live particle's dot covers (``Particles.draw``'s), with a margin."""
    for p in particles.items:
        radius = max(1, int(p.size)) + 1 + PARTICLE_MARGIN
        yield pygame.Rect(int(p.x) - radius, int(p.y) - radius, 2 * radius, 2 * radius)
