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


def mean_interval(values: list[float], z: float = Z95) -> dict[str, float | int | None]:
    """n, mean, sample standard deviation and the normal-approximation 95% interval of the mean.

    Meant for a few hundred values (games), where the normal quantile and Student's t agree to the
    third digit. With fewer than two values the spread is unknown: sd and the interval are None.
    """
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": None, "sd": None, "low": None, "high": None}
    m = sum(values) / n
    if n < 2:
        return {"n": n, "mean": m, "sd": None, "low": None, "high": None}
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return {"n": n, "mean": m, "sd": sd, "low": m - half, "high": m + half}


def welch_difference(a: list[float], b: list[float], z: float = Z95) -> dict[str, float | None]:
    """mean(b) - mean(a) with Welch's standard error and its 95% interval (normal quantile), and the
    Welch–Satterthwaite degrees of freedom. Two samples of at least two values each, else None fields."""
    if len(a) < 2 or len(b) < 2:
        return {"difference": None, "se": None, "low": None, "high": None, "df": None}
    sa, sb = mean_interval(a), mean_interval(b)
    va, vb = (sa["sd"] or 0.0) ** 2 / len(a), (sb["sd"] or 0.0) ** 2 / len(b)
    diff = float(sb["mean"]) - float(sa["mean"])  # type: ignore[arg-type]
    se = math.sqrt(va + vb)
    df = ((va + vb) ** 2 / (va * va / (len(a) - 1) + vb * vb / (len(b) - 1))) if va + vb > 0 else None
    return {"difference": diff, "se": se, "low": diff - z * se, "high": diff + z * se, "df": df}
