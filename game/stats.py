"""Small statistics for the command-line tools: win shares with a 95% Wilson score interval.

Pure Python, no dependencies. A "success" may be fractional: a win shared by k seats counts 1/k, so
``successes`` is a float and the interval is the Wilson interval of the observed proportion
``successes / n`` (the usual normal-approximation treatment of fractional outcomes).
"""
from __future__ import annotations

import math
from typing import Iterable

Z95 = 1.96  # two-sided 95% normal quantile (1.959964), rounded as in the usual tables


def wilson_interval(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (low, high) for ``successes`` out of ``n`` trials.

    ``successes`` may be fractional (shared wins). With ``n == 0`` nothing is known: (0.0, 1.0).
    """
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = (z / denom) * math.sqrt(max(0.0, p * (1.0 - p) / n + z2 / (4 * n * n)))
    return max(0.0, centre - half), min(1.0, centre + half)


def mean(values: Iterable[float]) -> float | None:
    """The arithmetic mean, or None for no values (so JSON output never holds NaN)."""
    total = 0.0
    count = 0
    for v in values:
        total += v
        count += 1
    return total / count if count else None


def side_of(interval: tuple[float, float], target: float) -> int:
    """+1 when the interval lies entirely above ``target``, -1 entirely below, 0 when it straddles it.

    An interval touching the target (low == target) is not clear of it.
    """
    low, high = interval
    if low > target:
        return 1
    if high < target:
        return -1
    return 0


def all_clear(intervals: Iterable[tuple[float, float]], target: float) -> bool:
    """True when every interval lies entirely above or entirely below ``target`` (early stop)."""
    return all(side_of(iv, target) != 0 for iv in intervals)
