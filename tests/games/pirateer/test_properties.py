"""Pirateer invariants over random legal games at 2, 3 and 4 players, with every variant and mode and with the
two-player faction pairs (S1): ships only on water and only of the factions in play, one place for the treasure,
one ship a square, the carrier never sails away from home (R17), dice used once, the undo barrier, JSON round
trips and views (sampled), every log line in both catalogs, and every game ends.

The players choose among the legal actions at random, but most of the time they take the action that brings a
ship nearest its goal (the treasure, home, or the enemy carrier, by die-move distance): games stay random and
legal yet end in a few dozen turns, so a run plays a few hundred of them. `make soak` plays PIR_SOAK_GAMES games
(default 2000)."""
from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.protocol import Text
from game.core.rng import Rng
from game.games.pirateer.moves import (DESTROYED, ISLAND, after, die_distances, faction_of, forbidden, landings,
                                       max_dice, ray, wins)
from game.games.pirateer.rules import (CHOOSE, MOVE, RULES, TREASURE_HOME, Arm, EndTurn, Move, PirateerState, Take,
                                       TWO_PLAYER_FACTIONS)
from tests.games.pirateer.helpers import PRESET_SEATS

MAX_ACTIONS = 20000
SETUPS = [(2, {}), (3, {}), (4, {}), (2, {"free-boarding": True}), (4, {"devils-island": True}),
          (3, {"storm": True}), (4, {"nuke": True}), (2, {"flotilla": True}), (4, {"wrecks": True}),
          (2, {"acey-deucey": True}), (2, {"domination": True}), (2, {"grab-and-run": True}),
          (3, {"dead-man": True}), (2, {"war-wind": True}), (4, {"war-wind": True}),
          (4, {"storm": True, "wrecks": True, "nuke": True, "devils-island": True}),
          (3, {"flotilla": True, "acey-deucey": True, "free-boarding": True, "dead-man": True})]
# S1: every other pair of factions in a basic two-player game, each with some variants
PAIR_SETUPS = [(2, {**PRESET_SEATS, "factions-2p": "spanish-french"}),
               (2, {**PRESET_SEATS, "factions-2p": "spanish-barbary", "storm": True}),
               (2, {**PRESET_SEATS, "factions-2p": "french-pirates", "flotilla": True, "free-boarding": True}),
               (2, {**PRESET_SEATS, "factions-2p": "french-barbary", "devils-island": True, "acey-deucey": True}),
               (2, {**PRESET_SEATS, "factions-2p": "pirates-barbary", "wrecks": True, "nuke": True})]
ALL_SETUPS = SETUPS + PAIR_SETUPS
GAMES_PER_SETUP = 10          # x 22 setups = 220 games a run
WANDER = (0.1, 0.25, 0.4, 0.6)  # how often a player picks a uniformly random legal action
FAR = 99


def setup_id(setup) -> str:
    players, options = setup
    return f"{players}p-" + ("+".join(k if v is True else str(v) for k, v in options.items()) or "base")


# --------------------------------------------------------------------------------------------------
# The random players
# --------------------------------------------------------------------------------------------------
def choose(s: PirateerState, rng: Rng, wander: float = 0.25):
    """A random legal action; with probability 1 - ``wander``, the one that brings a ship nearest its goal."""
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if s.quiet > 12 * s.players:
        wander = max(wander, 0.75)                 # nothing has happened for a while: shake the position loose
    if rng.random() < wander:
        pick = rng.choice(legal)
        if not isinstance(pick, Arm) or rng.random() < 0.05:
            return pick
    board, ships = s.board, s.ships
    ctx = s.ctx()
    carriers = s.carriers()                       # V11.5: any number of treasures, each on the island or aboard
    island = s.setup.island                       # V11.2: the fantastic eight's treasures lie on one island
    docks = die_distances(board, [d.cell for d in board.docks if island is None or d.island == island])
    hunted = ships[carriers[0]] if carriers else None
    chase = die_distances(board, [hunted]) if hunted is not None else None
    best, score = None, None
    for a in legal:
        if isinstance(a, Arm):
            continue
        v = rng.random() * 0.5
        if isinstance(a, Take):
            v += 100
        elif isinstance(a, EndTurn):
            v -= 1
        elif isinstance(a, Move):
            ship = a.ships[0]
            f = faction_of(ship)
            start = ships[ship]
            end = ray(board, start, a.direction, a.die)[-1]
            victims = [o for o, c in ships.items() if c == end and faction_of(o) != f]
            if victims:
                v += 40 if set(victims) & set(carriers) else 10
            if set(a.ships) & set(carriers):                            # the carrier races home
                home = die_distances(board, [ctx.anchor(f)], ctx.d(f))
                v += 1000 if end == ctx.anchor(f) else 4 * (home.get(start, FAR) - home.get(end, FAR))
            else:
                if ISLAND in s.treasures.values():
                    v += docks.get(start, FAR) - docks.get(end, FAR)
                elif chase is not None and faction_of(carriers[0]) not in ctx.friends.get(f, ()):
                    v += 2 * (chase.get(start, FAR) - chase.get(end, FAR))
                h_start, h_end = board.harbour_at(start), board.harbour_at(end)
                if h_start is not None and h_end is None:
                    v += 1.5                                            # clear the channels
                elif h_end is not None and h_end.faction != f:
                    v -= 3                                              # and do not clog a foreign one
        if score is None or v > score:
            best, score = a, v
    return best if best is not None else rng.choice(legal)


# --------------------------------------------------------------------------------------------------
# Invariants
# --------------------------------------------------------------------------------------------------
def text_keys(text: Text) -> set[str]:
    keys = {text.key}
    for _, value in text.params:
        if isinstance(value, Text):
            keys |= text_keys(value)
    return keys


def check_invariants(s: PirateerState, in_play: frozenset[str]) -> None:
    b = s.board
    for ship, cell in s.ships.items():
        assert b.is_water(cell) and cell == b.canonical(cell), (ship, cell)
        assert faction_of(ship) in in_play, ship                        # S1: absent factions never sail
    places = [s.treasure == ISLAND, s.treasure == DESTROYED, s.treasure in s.ships]
    assert sum(places) == 1, s.treasure
    cells = list(s.ships.values())
    if len(set(cells)) != len(cells):                                    # G8 (V4.2: a stack is one faction)
        assert s.options.get("flotilla")
        by_cell: dict = {}
        for ship, cell in s.ships.items():
            by_cell.setdefault(cell, set()).add(faction_of(ship))
        assert all(len(fs) == 1 for fs in by_cell.values())
    for w in s.wrecks:
        assert b.is_water(w)
    if s.phase == MOVE:
        assert 0 <= s.need <= len(s.unused())                            # R11


def check_move(ships: dict, treasure: str, dice: tuple[int, ...], home: tuple[int, int], after: PirateerState,
               action: Move) -> None:
    """R3/R17/R21 on the move just made (``ships``, ``treasure``, ``dice``: before it; ``home``: the mover's d)."""
    assert action.die in dice
    f = faction_of(action.ships[0])
    if treasure in action.ships:
        assert not forbidden(home, action.direction)                      # R17, R18
    end = ray(after.board, ships[action.ships[0]], action.direction, action.die)[-1]
    gone = set(ships) - set(after.ships)
    assert all(ships[g] == end and faction_of(g) != f for g in gone)      # only the boarded ships go
    assert not set(after.ships) - set(ships)
    assert all(after.ships[x] == end for x in action.ships)


def check_round_trip(s: PirateerState) -> None:
    saved = s.to_json()
    again = RULES.state_from_json(json.loads(json.dumps(saved)))
    RULES.validate_state(again)                                          # every position a loaded save may hold
    assert again.to_json() == saved
    assert again.legal_actions() == s.legal_actions()
    v = s.view(s.current)
    assert v.rng.state() != s.rng.state() or s.is_over()                # S6: no future dice in a view
    assert v.ships == s.ships and v.treasure == s.treasure and v.legal_actions() == s.legal_actions()


def play(players: int, options: dict, seed: int, moves: int, wander: float = 0.25,
         sample: float = 1 / 100) -> PirateerState:
    """One random legal game, checked at every action; JSON and views on a sample of the actions and at the end."""
    s = RULES.new_game(players, options, seed)
    rng, probe = Rng(moves), Rng(moves + 1)
    in_play: frozenset[str] = frozenset()
    check_round_trip(s)
    for _ in range(MAX_ACTIONS):
        if not in_play and s.phase != CHOOSE:       # S1: the fleets in play, once every seat has one
            in_play = frozenset(f for fs in s.seat_factions for f in fs) | ({s.dead_man} if s.dead_man else set())
        check_invariants(s, in_play)
        if s.is_over():
            break
        if probe.random() < sample:
            check_round_trip(s)
        assert s.legal_actions(), f"no legal action in phase {s.phase}"
        action = choose(s, rng, wander)
        seat, barrier = s.current, s.undo_barrier
        if isinstance(action, Take):
            assert s.treasure == ISLAND and s.board.dock_at(s.ships[action.ship]) is not None   # R14, R15
        if isinstance(action, Move):
            before = dict(s.ships), s.treasure, s.unused(), s.ctx().d(faction_of(action.ships[0]))
            s.apply(action)
            check_move(*before, s, action)
        else:
            s.apply(action)
        assert s.undo_barrier >= barrier
        if s.current != seat or s.is_over():
            assert s.undo_barrier > barrier
    assert s.is_over(), "the game did not end"
    check_round_trip(s)
    r = s.result()
    assert all(len(v) == players for v in r.stats.values())
    assert r.how is not None and all(0 <= w < players for w in r.winners)
    if r.how.key in TREASURE_HOME:                                       # E1, V11.6: a coin is on its anchor
        home = [x for x in set(s.treasures.values()) if x in s.ships and s.ships[x] == s.ctx().anchor(faction_of(x))]
        assert len(home) == 1 and s.controller(faction_of(home[0])) in r.winners
    elif r.how.key == "pir.how.sunk_all":                                # E2: only the winners still sail
        owners = {s.controller(faction_of(x)) for x in s.ships} - {None}
        assert owners and owners <= set(r.winners)
    else:
        assert not r.winners                                             # the draws
    return s


def catalog_misses(games: list[PirateerState]) -> list[tuple[str, str]]:
    from game.i18n import has_key
    keys: set[str] = set()
    for g in games:
        for entry in g.log:
            keys |= text_keys(entry.text)
    return [(k, lang) for k in sorted(keys) for lang in ("en", "it") if not has_key(k, lang)]


# --------------------------------------------------------------------------------------------------
# Tests
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players,options", ALL_SETUPS, ids=[setup_id(x) for x in ALL_SETUPS])
def test_every_setup_plays_to_the_end(players, options):
    index = ALL_SETUPS.index((players, options))
    games = []
    for k in range(GAMES_PER_SETUP):
        seed, moves = 1000 * index + k, 7919 * k + index
        try:
            games.append(play(players, options, seed, moves, WANDER[k % len(WANDER)]))
        except AssertionError as exc:      # name the game, so it can be replayed
            raise AssertionError(f"game seed={seed} moves={moves}: {exc}") from exc
    assert not catalog_misses(games)
    # the games really differ
    assert len({tuple(sorted(g.ships.items())) for g in games}) > 1


def test_S1_random_two_player_games_use_only_the_chosen_pair():
    for k, choice in enumerate(TWO_PLAYER_FACTIONS):
        s = play(2, {**PRESET_SEATS, "factions-2p": choice}, 50 + k, 3 * k)
        assert {faction_of(x) for x in s.ships} <= set(TWO_PLAYER_FACTIONS[choice])
        assert s.seat_factions == [[f] for f in TWO_PLAYER_FACTIONS[choice]]


def full_search_moves(s: PirateerState) -> list[Move]:
    """R11 without shortcuts: every die move after which some plan still uses the dice the turn needs."""
    seat, ctx, dice, need = s.current, s.ctx(), s.unused(), s.need
    mine, memo, out = s.factions_of(seat), {}, []
    for land in landings(ctx, s.pos, mine, dice):
        new = after(ctx, s.pos, land)
        rest = list(dice)
        rest.remove(land.die)
        if wins(ctx, new, land) or 1 + max_dice(ctx, new, mine, tuple(rest), memo) >= need:
            out.append(Move(seat, land.group, land.direction, land.die))
    return out


def test_R11_offered_moves_are_those_of_the_full_plan_search():
    """The engine skips the plan search where one die is left to need, or another ship's move surely stays
    open (``moves.survives``); the moves it offers must be exactly the full search's, in the same order."""
    checked = 0
    for index, (players, options) in enumerate(ALL_SETUPS):
        s = RULES.new_game(players, options, 4242 + index)
        rng = Rng(index)
        while not s.is_over():
            if s.phase == MOVE:
                assert [a for a in s.legal_actions() if isinstance(a, Move)] == full_search_moves(s)
                checked += 1
            s.apply(choose(s, rng, 0.4))
    assert checked > 1000


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(ALL_SETUPS), seed=st.integers(0, 2**32), moves=st.integers(0, 2**32),
       wander=st.sampled_from(WANDER))
def test_random_games_keep_every_invariant(setup, seed, moves, wander):
    players, options = setup
    play(players, options, seed, moves, wander)


def test_same_seed_same_game():
    a, b = RULES.new_game(3, {"storm": True}, 42), RULES.new_game(3, {"storm": True}, 42)
    ra, rb = Rng(1), Rng(1)
    for _ in range(120):
        if a.is_over():
            break
        a.apply(choose(a, ra))
        b.apply(choose(b, rb))
    assert a.to_json() == b.to_json()


@pytest.mark.soak
def test_soak_random_games():
    games = int(os.environ.get("PIR_SOAK_GAMES", "2000"))
    for k in range(games):
        players, options = ALL_SETUPS[k % len(ALL_SETUPS)]
        wander = 1.0 if k % 10 == 9 else WANDER[k % len(WANDER)]      # now and then a purely random game
        play(players, options, 1000 + k, 7 * k, wander, sample=1 / 200)
