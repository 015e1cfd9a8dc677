"""Chance made explicit (DESIGN.md section 3, OpenSpiel's chance nodes).

Dice and draws are outcomes the engine can list with their probabilities, that a test or a tutorial
can fix in advance, and that a bot can reason over without touching any random generator:

- ``dice_outcomes(n)`` lists every roll of ``n`` dice as a sorted tuple with its probability (21
  outcomes for two dice, 56 for three, 126 for four), ``roll_probability`` gives one roll's.
- ``draw_outcomes(remaining)`` lists the next card or tile from what is left (a multiset) with its
  probability; ``Chance.draw`` takes one.
- ``Chance`` is a state's source of chance: its seeded ``Rng`` plus a **script** of fixed outcomes.
  While the script has entries, ``roll`` and ``draw`` take them in order instead of asking the
  generator (and the generator does not move, so a script never changes what comes after it); an
  entry of the wrong kind or not possible right now is refused with a message saying which. The script
  is part of the position: it is saved with the state and replayed with it.

Engines roll and draw only through their ``Chance``. A position builder fixes what comes next with
``Chance.script_dice`` / ``Chance.script_draws``.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from math import factorial, prod
from typing import Any, Hashable, Iterable, Sequence, TypeVar

from game.core.rng import Rng

X = TypeVar("X", bound=Hashable)
DIE_SIDES = 6


@lru_cache(maxsize=None)
def dice_outcomes(n: int, sides: int = DIE_SIDES) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """Every roll of ``n`` dice, as (sorted values, probability); the probabilities add up to 1."""
    if n < 0 or sides < 1:
        raise ValueError(f"no roll of {n} dice with {sides} sides")
    out: list[tuple[tuple[int, ...], Fraction]] = []

    def rec(prefix: tuple[int, ...], low: int) -> None:
        if len(prefix) == n:
            out.append((prefix, roll_probability(prefix, sides)))
            return
        for v in range(low, sides + 1):
            rec(prefix + (v,), v)

    rec((), 1)
    return tuple(out)


def roll_probability(values: Sequence[int], sides: int = DIE_SIDES) -> Fraction:
    """The chance that ``len(values)`` dice show these values in any order."""
    counts = Counter(values)
    ways = factorial(len(values)) // prod(factorial(c) for c in counts.values())
    return Fraction(ways, sides ** len(values))


def draw_outcomes(remaining: Iterable[X]) -> list[tuple[X, Fraction]]:
    """The next item drawn from ``remaining`` (a multiset), with its probability, in first-seen order."""
    counts = Counter(remaining)
    total = sum(counts.values())
    if not total:
        return []
    return [(item, Fraction(c, total)) for item, c in counts.items()]


class ChanceScriptError(ValueError):
    """A scripted outcome that does not fit the moment it is used."""


class Chance:
    """A state's dice and draws: a seeded generator and a script of fixed outcomes.

    Script entries are ``["dice", [4, 2]]`` (the values of the next roll, in the order rolled) and
    ``["draw", item]`` (the next item drawn). ``to_json`` / ``from_json`` keep both; a state without a
    script saves exactly what it saved before (the generator's four numbers), so old saves still load.
    """

    __slots__ = ("rng", "script")

    def __init__(self, rng: Rng | None = None, script: Iterable[Sequence[Any]] = ()):
        self.rng = rng if rng is not None else Rng(0)
        self.script: list[list[Any]] = [list(e) for e in script]

    @classmethod
    def seeded(cls, seed: int) -> "Chance":
        return cls(Rng(seed))

    # fixing what comes next ------------------------------------------------------------------------
    def script_dice(self, *rolls: Sequence[int]) -> "Chance":
        """The next rolls show these values (each a list of dice, in the order rolled)."""
        for roll in rolls:
            if not all(isinstance(v, int) and 1 <= v <= DIE_SIDES for v in roll):
                raise ChanceScriptError(f"{list(roll)} is not a roll of six-sided dice")
            self.script.append(["dice", list(roll)])
        return self

    def script_draws(self, *items: Any) -> "Chance":
        """The next draws give these items (each must still be among what is left when it is drawn)."""
        self.script.extend(["draw", item] for item in items)
        return self

    # taking outcomes --------------------------------------------------------------------------------
    def _take(self, kind: str) -> Any:
        if not self.script:
            return None
        entry_kind, value = self.script[0]
        if entry_kind != kind:
            raise ChanceScriptError(f"the next scripted outcome is a {entry_kind}, but the game asks for a {kind}")
        self.script.pop(0)
        return value

    def roll(self, n: int, sides: int = DIE_SIDES) -> list[int]:
        """``n`` dice, in the order rolled."""
        fixed = self._take("dice")
        if fixed is not None:
            if len(fixed) != n or not all(1 <= v <= sides for v in fixed):
                raise ChanceScriptError(f"the scripted roll {fixed} is not a roll of {n} dice")
            return list(fixed)
        return [self.rng.randint(1, sides) for _ in range(n)]

    def draw_index(self, remaining: Sequence[Any]) -> int:
        """The index in ``remaining`` of the next item drawn (uniform, or the scripted item)."""
        if not remaining:
            raise ValueError("nothing left to draw")
        fixed = self._take("draw")
        if fixed is not None:
            for i, item in enumerate(remaining):
                if _same(item, fixed):
                    return i
            raise ChanceScriptError(f"the scripted draw {fixed!r} is not among what is left")
        return self.rng.below(len(remaining))

    def draw(self, remaining: list[Any]) -> Any:
        """Remove and return the next item drawn from ``remaining``."""
        return remaining.pop(self.draw_index(remaining))

    # persistence ------------------------------------------------------------------------------------
    def clone(self) -> "Chance":
        return Chance(Rng.from_state(self.rng.state()), self.script)

    def to_json(self) -> Any:
        """The generator's state, and the script when there is one."""
        return {"rng": self.rng.state(), "script": self.script} if self.script else self.rng.state()

    @classmethod
    def from_json(cls, data: Any) -> "Chance":
        """From ``to_json`` (or a bare generator state, as saves before the script had); ValueError else."""
        if isinstance(data, dict):
            script = data.get("script", [])
            if not isinstance(script, list) or not all(
                    isinstance(e, list) and len(e) == 2 and e[0] in ("dice", "draw") for e in script):
                raise ValueError("the scripted chance outcomes are not a list of [kind, value] pairs")
            for kind, value in script:
                if kind == "dice" and not (isinstance(value, list) and all(
                        isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= DIE_SIDES for v in value)):
                    raise ValueError(f"the scripted roll {value!r:.40} is not a list of die values")
            return cls(Rng.from_state(data.get("rng", ())), script)
        if not isinstance(data, (list, tuple)):
            raise ValueError("the random generator's state is not a list of four numbers")
        return cls(Rng.from_state(data))


def _same(a: Any, b: Any) -> bool:
    """Scripted items come back from JSON as lists where the engine holds tuples."""
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b
