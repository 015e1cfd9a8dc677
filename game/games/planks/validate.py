"""Pirates, Planks & Pesetas: is this a position of the game? (``PlanksRules.validate_state``, for every loaded
save and every built position).

Checks what a damaged or hand-edited snapshot can get wrong: the options and seats; the colours (one per seat,
R2, or two, R7); every pirate in play exactly once, on a plank or the island, never more than three on a plank
(2.1, R21, R22); the chests every three planks, small and big alternating (R3, R44); budgets 0..12 (R12) and
turn counters 0..3 (R11); the turn's allowance (R13); every tile of the kinds in play exactly once in the bag,
in front of a player, removed or as the marker (R5, R9, R43); the drawing in progress. Raises ValueError
saying what (English, for the log).
"""
from __future__ import annotations

import copy
from collections import Counter
from typing import Any, Iterator

from game.core.events import check_events
from game.core.protocol import JSON, is_int, is_seat, require
from game.games.planks.rules import (ALL_PIRATES, BUDGET, CHEST_OFFSETS, CHESTS, COLOURS, KINDS, MAX_PER_TURN,
                                     PHASES, PLANK_CAPACITY, PLANKS, PLAY, SETUP_CHESTS, SETUP_COLOURS,
                                     SETUP_PIRATES, TURN_COUNTER, GIVE, KEEP, OVER, PlanksState, tile_ids)

EVENT_KINDS = frozenset({"said", "turn", "chose", "placed", "moved", "pushed", "clip", "skipped", "ended",
                         "scoring", "chest", "drew", "offered", "kept", "gave", "removed", "took", "round"})


def validate_game(rules: Any, s: Any) -> None:
    require(isinstance(s, PlanksState), f"not a Pirates, Planks & Pesetas game: {type(s).__name__}")
    players = s.players
    require(is_int(players) and 2 <= players <= 4, f"{players!r} players (2 to 4)")
    problems = rules.check(players, s.options)
    require(not problems, f"options not allowed: {', '.join(p.key for p in problems)}")
    require(not s.is_view, "a player's view saved as the game itself")
    require(s.phase in PHASES, f"unknown phase {s.phase!r}")
    for name in ("starter", "first", "current"):
        require(is_seat(getattr(s, name), players), f"the {name} seat {getattr(s, name)!r} is not a seat of {players}")
    require(is_int(s.round) and s.round >= 1, f"round {s.round!r}")
    require(is_int(s.barrier) and s.barrier >= 0, "the undo barrier")
    require(s.over == (s.phase == OVER), "the game is over in one field and not in the other")
    _colours(s)
    _pirates(s)
    _chests(s)
    _clips(s)
    _tiles(s)
    _drawing(s)
    check_events(s.events, EVENT_KINDS)


def _colours(s: PlanksState) -> None:
    """R2, R7: one colour per seat (two with 2 players), each colour once."""
    require(isinstance(s.colours, list) and len(s.colours) == s.players, "the colours are not one list per seat")
    if s.phase == SETUP_COLOURS:
        require(all(not c for c in s.colours), "colours given before the choice of colours")
        return
    want = 2 if s.players == 2 else 1
    for seat, cs in enumerate(s.colours):
        require(len(cs) == want and all(c in COLOURS for c in cs), f"seat {seat} plays the colours {cs!r}")
    flat = [c for cs in s.colours for c in cs]
    require(len(flat) == len(set(flat)), f"a colour is played by two seats: {flat!r}")
    if s.players > 2:
        require(flat == list(COLOURS[:s.players]), f"the colours {flat!r} are not red, green, blue, yellow in seat order")


def _pirates(s: PlanksState) -> None:
    """2.1, 2.2, R22: every pirate in play once, on a plank (at most three) or on the island."""
    require(isinstance(s.planks, list) and len(s.planks) == PLANKS, f"{len(s.planks)} planks (12)")
    for i, plank in enumerate(s.planks):
        require(len(plank) <= PLANK_CAPACITY, f"plank {i} holds {len(plank)} pirates (at most 3)")
    found = [p for plank in s.planks for p in plank] + list(s.island)
    for p in found:
        require(p in ALL_PIRATES, f"{p!r} is no pirate of the game")
    if s.phase in (SETUP_COLOURS, SETUP_CHESTS, SETUP_PIRATES):
        require(not found, "pirates on board before they are placed")
        return
    expected = sorted(p for cs in s.colours for c in cs for p in ALL_PIRATES if p.split("-")[1] == c)
    have, want = Counter(found), Counter(expected)
    if have != want:
        missing = sorted((want - have).elements())
        extra = sorted((have - want).elements())
        raise ValueError(f"the pirates are not each there exactly once: missing {missing}, more than once or "
                         f"not in play {extra}")
    require(s.island == sorted(s.island), "the island is not sorted")
    for p in s.moved:
        require(p in expected and s.owner_of(p) == s.current, f"{p!r} moved this turn but is not the player's")


def _chests(s: PlanksState) -> None:
    """R3, R44: four chests on planks p, p+3, p+6, p+9."""
    require(len(s.chests) == len(CHESTS), "not four chests")
    if s.phase in (SETUP_COLOURS, SETUP_CHESTS):
        require(all(c == -1 for c in s.chests), "chests placed before their choice")
        return
    require(all(is_int(c) and 0 <= c < PLANKS for c in s.chests), f"a chest off the planks: {s.chests!r}")
    require([(c - s.chests[0]) % PLANKS for c in s.chests] == list(CHEST_OFFSETS),
            f"the chests on planks {s.chests!r} are not three planks apart, small and big in turn")


def _clips(s: PlanksState) -> None:
    """R12, R13, R11: budgets, allowance and turn counters."""
    require(len(s.budgets) == s.players and all(is_int(b) and 0 <= b <= BUDGET for b in s.budgets),
            f"a budget out of 0..12: {s.budgets!r}")
    if s.players == 2:
        require(len(s.counters) == 2 and all(is_int(c) and 0 <= c <= TURN_COUNTER for c in s.counters),
                f"a turn counter out of 0..3: {s.counters!r}")
    else:
        require(s.counters == [], "turn counters in a game of more than 2 players")
    require(is_int(s.allowance) and 0 <= s.allowance <= MAX_PER_TURN, f"allowance {s.allowance!r}")
    require(is_int(s.spent) and 0 <= s.spent <= s.allowance, f"{s.spent!r} MP spent of an allowance of {s.allowance}")
    require(all(is_seat(x, s.players) for x in s.exhausted) and len(set(s.exhausted)) == len(s.exhausted),
            f"exhausted seats {s.exhausted!r}")
    if s.phase == PLAY:
        for seat in s.exhausted:
            require(s.budgets[seat] == 0, f"seat {seat} is listed as exhausted with a budget of {s.budgets[seat]}")


def _tiles(s: PlanksState) -> None:
    """R5, R9, R43: the tiles of the kinds in play, each once."""
    require(all(k in KINDS for k in s.kinds) and len(set(s.kinds)) == len(s.kinds), f"treasure kinds {s.kinds!r}")
    require(len(s.kinds) == s.pairs, f"{len(s.kinds)} kinds in play, the game has {s.pairs} pairs")
    require(len(s.treasures) == s.players, "the treasures are not one list per seat")
    require((s.marker is not None) == (s.players == 2), "a turn marker is there only with 2 players")
    if s.players > 2:
        require(not s.removed, "treasures removed in a game of more than 2 players")
    have = Counter(s.all_tiles())
    want = Counter(t for k in s.kinds for t in tile_ids(k))
    if have != want:
        missing = sorted((want - have).elements())
        extra = sorted((have - want).elements())
        raise ValueError(f"the treasure tiles are not each there exactly once: missing {missing}, "
                         f"more than once or not in play {extra}")
    require(s.bag == sorted(s.bag), "the bag is not kept sorted")
    for seat, ts in enumerate(s.treasures):
        kinds = [t[len("treasure-"):-2] for t in ts]
        require(len(kinds) == len(set(kinds)), f"seat {seat} holds two treasures of a kind")


def _drawing(s: PlanksState) -> None:
    require(len(s.earned) == s.players and all(is_int(e) and 0 <= e <= 4 for e in s.earned), "draws earned")
    require(all(is_seat(x, s.players) for x in s.draw_queue), "the seats to draw")
    require(is_int(s.to_draw) and s.to_draw >= 0, "tiles still to draw")
    require(is_int(s.scorer) and -1 <= s.scorer < s.players, f"scoring player {s.scorer!r}")
    if s.phase == KEEP:
        require(s.draw_queue and s.current == s.draw_queue[0], "an offer to a player who is not drawing")
        require(1 <= len(s.offer) <= 2 and all(t in s.bag for t in s.offer), f"the offer {s.offer!r} is not from the bag")
    else:
        require(not s.offer, "an offer outside the feel-draw choice")
    if s.phase == GIVE:
        require(s.gift is not None and s.draw_queue and s.current == s.draw_queue[0], "a gift without a giver")
    else:
        require(s.gift is None, "a gift outside the choice of its recipient")
    if s.phase == PLAY:
        require(not s.draw_queue and not s.unchecked, "a drawing left unfinished in play")


# --------------------------------------------------------------------------------------------------
# Damaged copies a load must refuse (the conformance suite)
# --------------------------------------------------------------------------------------------------
def corruptions(data: JSON) -> Iterator[tuple[str, JSON]]:
    def damaged(edit: Any) -> JSON:
        d = copy.deepcopy(data)
        edit(d)
        return d

    on = next((i for i, p in enumerate(data["planks"]) if p), None)
    if on is not None:
        pirate = data["planks"][on][0]
        yield "pirates", damaged(lambda d: d["planks"][on].remove(pirate))
        yield "pirates", damaged(lambda d: d["island"].__setitem__(slice(None), sorted(d["island"] + [pirate])))
        yield "pirate", damaged(lambda d: d["planks"][on].__setitem__(0, "pirate-purple-9"))
        yield "planks", damaged(lambda d: d["planks"].append([]))
    yield "seat", damaged(lambda d: d.update(current=data["players"] + 2))
    yield "budget", damaged(lambda d: d["budgets"].__setitem__(0, BUDGET + 3))
    tile = (data["bag"] or [t for ts in data["treasures"] for t in ts] or [data.get("marker")])[0]
    if tile:
        yield "treasure", damaged(lambda d: d["bag"].__setitem__(slice(None), sorted(d["bag"] + [tile])))
    yield "chests", damaged(lambda d: d["chests"].__setitem__(1, (d["chests"][1] + 1) % PLANKS)
                            if d["chests"][1] >= 0 else d["chests"].__setitem__(1, 5))
