"""Shared helpers of the Pirates, Planks & Pesetas engine tests."""
from __future__ import annotations

from typing import Any

from game.games.planks.positions import position
from game.games.planks.rules import RULES, EndTurn, Move, PlanksState
from tests.support.engine_helpers import events, play_random, refused  # noqa: F401 (imported from here)

P = "pirate-"


def new(players: int = 3, seed: int = 1, **options: Any) -> PlanksState:
    return RULES.new_game(players, options, seed)  # type: ignore[return-value]


def kinds(tiles: list[str]) -> list[str]:
    return [t[len("treasure-"):-2] for t in tiles]


def scoring_position(players: int = 4, scorer: int = 2, planks: dict | None = None, **kw: Any) -> PlanksState:
    """A 3-4 player position where ``scorer`` ends the round with its next move (``trigger``): another seat is
    already on 0/1 and the scorer has 1 MP left; the scorer's pirate of size 1 waits on plank 1 (chests on
    0, 3, 6, 9, so planks 1 and 2 hold no chest)."""
    other = (scorer + 1) % players
    colour = ("red", "green", "blue", "yellow")[scorer]
    lines = {1: [f"{colour}-1"]}
    lines.update(planks or {})
    return position(players, planks=lines, turn=scorer, budgets={scorer: 1, other: 0}, exhausted=[other], **kw)


def trigger(s: PlanksState) -> None:
    """The scorer's pirate 1 jumps from plank 1 to plank 2: its budget reaches 0/1 (R30)."""
    seat = s.current
    colour = s.colours[seat][0]
    s.apply(Move(seat, f"pirate-{colour}-1", 1, 1))


def two_player_last_turn(**kw: Any) -> PlanksState:
    """2 players, seat 1's third turn (seat 0 has played its three): a move and End turn score the round."""
    lines = {1: ["blue-1"]}
    lines.update(kw.pop("planks", {}))
    return position(2, planks=lines, turn=1, first=0, counters={0: 0, 1: 1}, **kw)


def end_two_player_round(s: PlanksState) -> None:
    s.apply(Move(1, "pirate-blue-1", 1, 1))
    s.apply(EndTurn(1))
