"""Small statistics the benchmarks share (frame times, round trips): pure functions."""

from __future__ import annotations

from collections.abc import Sequence


def percentile(samples: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``samples``, interpolated between the two nearest ranks;
    0.0 for no samples."""
    ordered = sorted(samples)
    if not ordered:
        return 0.0
    k = (len(ordered) - 1) * q
    low = int(k)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)
