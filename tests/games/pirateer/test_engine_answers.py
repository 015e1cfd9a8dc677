"""The bots ask the engine (issue 13, "rules live in the engine only"): their one fast path, ``hit_masks``,
against the engine's own move generator on random positions; the dice they reason over are the engine's
chance outcomes, for any number of dice; they never touch a generator but their own."""
from __future__ import annotations

from fractions import Fraction

import pytest

from game.core.chance import dice_outcomes
from game.core.rng import Rng
from game.games.pirateer.bots import (ROLLS, HardBot, Sides, hit_masks, make_bot, radius_probabilities, tables)
from game.games.pirateer.moves import (Pos, after, blast, group_landings, groups_of, iter_landings, port_distances,
                                       sink)
from game.games.pirateer.rules import RULES, Arm, PirateerState, Roll, StormPick, Take
from tests.games.pirateer.helpers import fixed_dice, game, new_game, sid

SETUPS = [(2, {}), (4, {}), (3, {"wrecks": True, "free-boarding": True}), (4, {"war-wind": True}),
          (2, {"domination": True}), (3, {"dead-man": True, "nuke": True}), (2, {"flotilla": True})]


def random_positions(players: int, options: dict, seed: int, count: int) -> list[PirateerState]:
    """Positions of a random game (the treasure taken whenever possible, so that it moves on)."""
    s = new_game(players, options, seed)
    rng = Rng(seed)
    out = []
    for _ in range(4000):
        if s.is_over() or len(out) >= count:
            break
        legal = s.legal_actions()
        if rng.random() < 0.2:
            out.append(s.clone())
        takes = [a for a in legal if isinstance(a, Take)]
        calm = [a for a in legal if a.kind != "pir.arm"] or legal
        s.apply(takes[0] if takes else rng.choice(calm))
    return out


def engine_masks(s: PirateerState, ship: str, target: tuple[int, int]) -> tuple[int, int]:
    """What the engine says ``hit_masks`` answers: the dice with which ``ship`` lands on ``target``, and the
    ordered pairs of dice with which it gets there in two moves whose first ends on an empty square."""
    ctx, pos = s.ctx(), s.pos
    on_target = [x for x, c in pos.ships.items() if c == target]
    if on_target and pos.treasure != ship:          # boarding legal (R20): the caller of hit_masks checks that
        pos = Pos(pos.ships, on_target[0], pos.wrecks)
    d1 = d2 = 0
    for a in range(1, 7):
        for land in group_landings(ctx, pos, (ship,), (a,)):
            if land.cell == target:
                d1 |= 1 << (a - 1)
            elif not land.victims and not land.joins:
                moved = after(ctx, pos, land)
                for b in range(1, 7):
                    if any(l2.cell == target for l2 in group_landings(ctx, moved, (ship,), (b,))):
                        d2 |= 1 << ((a - 1) * 6 + b - 1)
    return d1, d2


@pytest.mark.parametrize("players,options", [x for x in SETUPS if not x[1].get("flotilla")])
def test_hit_masks_are_the_engines_moves_on_random_positions(players, options):
    tab = tables(RULES.board)
    compared = 0
    rng = Rng(players * 31 + len(options))
    for s in random_positions(players, options, 70 + players + len(options), 8):
        if s.phase == "choose":
            continue
        ctx, pos = s.ctx(), s.pos
        blockers = set(pos.ships.values()) | set(pos.wrecks)
        empty = [c for c in RULES.board.squares if c not in blockers]
        for ship in pos.ships:
            friends = ctx.friends.get(ship.split("-")[1], frozenset())
            targets = [c for x, c in pos.ships.items() if x != ship and x.split("-")[1] not in friends]
            targets += [empty[rng.below(len(empty))] for _ in range(3)]
            for target in targets:
                assert hit_masks(tab, ctx, pos, blockers, ship, target) == engine_masks(s, ship, target), \
                    (ship, target, sorted(pos.ships.items()), pos.treasure)
                compared += 1
    assert compared > 100


@pytest.mark.parametrize("players,options", SETUPS)
def test_one_groups_landings_are_the_engines_landings_of_that_group(players, options):
    """``group_landings`` (the engine's answer for one ship or stack) and ``iter_landings`` (every group,
    inlined for the plan search) list the same moves in the same order."""
    for s in random_positions(players, options, 90 + players, 6):
        if s.phase == "choose":
            continue
        ctx, pos = s.ctx(), s.pos
        for seat in range(s.players):
            mine = s.factions_of(seat)
            for dice in ((1, 2), (3, 3), (4, 6, 5)):
                occ = pos.occupancy()
                grouped = [land for g in groups_of(ctx, pos, occ, mine) for land in group_landings(ctx, pos, g, dice)]
                assert grouped == list(iter_landings(ctx, pos, mine, dice))


def test_storm_blast_and_port_distance_are_the_engines():
    """V2.3, V2.4, V3.3: the bots' storm pick and nuke use the same functions the engine applies."""
    s = fixed_dice(game({"Sp1": (1, 13), "Sp2": (0, 14), "Fr1": (10, 0)}, treasure="Sp2",
                        options={"storm": True, "wrecks": True}), 5, 5, 5)
    want = sink(s.pos, sid("Sp2"), True)
    assert [s.port_distance(sid(x)) for x in ("Sp1", "Sp2")] == \
        [port_distances(s.board, "spanish")[c] for c in ((1, 13), (0, 14))]
    s.apply(Roll(0))
    s.apply(StormPick(0, sid("Sp2")))
    assert s.pos.ships == want.ships and s.treasure == want.treasure and s.wrecks == want.wrecks
    n = game({"Pi2": (11, 10), "Sp1": (11, 8), "Fr1": (13, 11), "Ba1": (12, 12), "Pi3": (10, 12)},
             current="Pi", options={"nuke": True})
    want = blast(n.board, n.pos, sid("Pi2"), 2)
    fixed_dice(n, 2, 5).apply(Arm(n.current, sid("Pi2")))
    assert n.pos.ships == want.ships and n.treasure == want.treasure


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_the_bots_rolls_are_the_engines_chance_outcomes(n):
    """Any number of dice (the five-to-eight player game rolls four): the same rolls, the same odds."""
    assert sorted(ROLLS[n]) == sorted((v, pytest.approx(float(p))) for v, p in dice_outcomes(n))
    assert len(ROLLS[n]) == len(dice_outcomes(n)) and sum(w for _, w in ROLLS[n]) == pytest.approx(1.0)
    assert [w for _, w in ROLLS[n]] == sorted((w for _, w in ROLLS[n]), reverse=True)   # likeliest first
    by_r = [sum((p for v, p in dice_outcomes(n) if min(v) == r), Fraction(0)) for r in range(1, 7)]
    assert radius_probabilities(n) == [float(p) for p in by_r]                         # V3.2


class _Untouchable(Rng):
    """A generator that fails if anyone draws from it (its state may be read)."""

    def next64(self) -> int:
        raise AssertionError("a bot drew from the game's generator")


class _Poison(Rng):
    def fork(self) -> Rng:
        return _Untouchable(12345)


@pytest.mark.parametrize("players,options", [(2, {}), (4, {"storm": True, "nuke": True}), (2, {"acey-deucey": True})])
def test_bots_never_draw_from_the_games_generator(players, options):
    """A twin whose dice to come would fail if drawn: every level still chooses (RandomBot aside, which only
    picks), and the choice is the one made on the real state."""
    for s in random_positions(players, options, 5, 6):
        seat = s.current
        poisoned = RULES.twin(s, seat, _Poison(1))
        for level in ("easy", "medium", "hard"):
            a = make_bot(level, seat, 3, playouts=2).choose(poisoned)
            b = make_bot(level, seat, 3, playouts=2).choose(s.view(seat))
            assert a == b and a in s.legal_actions(seat)


def test_the_hard_bot_reasons_over_three_dice_in_a_storm():
    s = game({"Sp1": (5, 13), "Sp2": (9, 8), "Pi1": (8, 13), "Pi2": (19, 9)}, players=2, options={"storm": True})
    view = s.view(0)
    assert Sides.of(view).ndice == view.dice_count() == 3
    b = HardBot(0, 1, playouts=3)
    fixed_dice(s, 3, 2, 1).apply(b.choose(s.view(0)))
    while s.current == 0 and not s.is_over():
        s.apply(b.choose(s.view(0)))
    assert s.current == 1 or s.is_over()
