"""A small seeded random generator whose sequence never changes between Python versions.

``random.Random``'s helpers may change across Python releases; a saved game replays its action list
from a seed, so the generator must be ours and stable. SplitMix64 seeds xoshiro256** (public-domain
algorithms by Vigna); the whole state is four integers, so it fits in a JSON save.
"""
from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

_M64 = (1 << 64) - 1
X = TypeVar("X")


def _splitmix64(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & _M64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return x, z ^ (z >> 31)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & _M64


class Rng:
    """Deterministic RNG: ``Rng(seed)``; ``state()`` / ``Rng.from_state()`` for saves."""

    __slots__ = ("s",)

    def __init__(self, seed: int = 0):
        x = seed & _M64
        s = []
        for _ in range(4):
            x, z = _splitmix64(x)
            s.append(z)
        self.s = s

    # -- core ---------------------------------------------------------------------------------
    def next64(self) -> int:
        s = self.s
        result = (_rotl((s[1] * 5) & _M64, 7) * 9) & _M64
        t = (s[1] << 17) & _M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    # -- helpers ------------------------------------------------------------------------------
    def randint(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi], both ends included (a die: randint(1, 6))."""
        return lo + self.below(hi - lo + 1)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[X]) -> X:
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[X]) -> None:
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def sample(self, seq: Sequence[X], k: int) -> list[X]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def fork(self) -> "Rng":
        """An independent generator seeded from this one (for a new hand, a bot, a determinization)."""
        return Rng(self.next64())

    # -- persistence --------------------------------------------------------------------------
    def state(self) -> list[int]:
        return list(self.s)

    @classmethod
    def from_state(cls, state: Sequence[int]) -> "Rng":
        if len(state) != 4 or not all(isinstance(v, int) and 0 <= v <= _M64 for v in state):
            raise ValueError("bad RNG state")
        r = cls.__new__(cls)
        r.s = list(state)
        return r
