"""Shared helpers of the Pirates of the Spanish Main engine tests."""
from __future__ import annotations

from typing import Any

from game.games.spanish_main.positions import position, ship
from game.games.spanish_main.rules import RULES, SpanishMainState
from tests.support.engine_helpers import events, play_random, refused  # noqa: F401 (imported from here)

#: the spec's example row: 1:EN1 2:ES1 3:NL1 4:EN2 5:ES2 6:NL2 7:EN3 8:ES3 9:NL3
ROW = ["EN1", "ES1", "NL1", "EN2", "ES2", "NL2", "EN3", "ES3", "NL3"]


def new(players: int = 3, seed: int = 1, **options: Any) -> SpanishMainState:
    return RULES.new_game(players, options, seed)  # type: ignore[return-value]


def names(s: SpanishMainState) -> list[str]:
    """The row as short names, front to back (``EN1`` ...)."""
    return [x[len("ship-"):].replace("-", "").upper() for x in s.row]


def fame(s: SpanishMainState, name: str) -> int:
    return s.fame_of(ship(name))


def at(**kw: Any) -> SpanishMainState:
    """The spec's example row (3 players unless told), Treasure Map active, a deck of 20 (with ``discard`` given:
    every card not placed elsewhere)."""
    kw.setdefault("row", ROW)
    if "discard" not in kw:
        kw.setdefault("deck", 20)
    return position(kw.pop("players", 3), **kw)
