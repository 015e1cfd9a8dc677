"""Pirateer bots: legal at every phase, variant and player count, whole games end, repeatable, blind to
the random generator, and sensible where spec section 10 says what a player weighs (take a safe
treasure, keep the carrier off exact threats, board an enemy carrier; easy always takes)."""
from __future__ import annotations

import dataclasses

import pytest

from game.core.bots import RandomBot, play_out
from game.core.rng import Rng
from game.games.pirateer.bots import (EasyBot, HardBot, MediumBot, Sides, enumerate_plans, hit_masks,
                                      hit_probability, make_bot, pos_key, tables)
from game.games.pirateer.moves import ISLAND
from game.games.pirateer.rules import (BONUS, END, MOVE, RULES, START, STORM, WIND, Arm, Bonus, EndTurn, Move,
                                       PirateerState, Roll, StormPick, Take)
from tests.games.pirateer.helpers import fixed_dice, game, roll, sid

LEVELS = ("random", "easy", "medium", "hard")
HARD_ROLLS = 2   # the hard bot's budget in tests: rolls of the next seat per candidate plan
SETUPS = [(2, {}), (3, {}), (4, {}), (2, {"free-boarding": True}), (4, {"devils-island": True}),
          (3, {"storm": True}), (4, {"nuke": True}), (2, {"flotilla": True}), (4, {"wrecks": True}),
          (2, {"acey-deucey": True}), (2, {"domination": True}), (2, {"grab-and-run": True}),
          (3, {"dead-man": True}), (2, {"war-wind": True}), (4, {"war-wind": True})]


def bot(level: str, seat: int, seed: int = 0):
    return make_bot(level, seat, seed, playouts=HARD_ROLLS)


def random_positions(players: int, options: dict, seed: int, count: int) -> list[PirateerState]:
    """Positions of one game played by random bots that always take the treasure (so it moves on)."""
    state = RULES.new_game(players, options, seed)
    rng = Rng(seed)
    out: list[PirateerState] = []
    for _ in range(3000):
        if state.is_over() or len(out) >= count:
            break
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.25:
            out.append(state.clone())
        takes = [a for a in legal if isinstance(a, Take)]
        plain = [a for a in legal if not isinstance(a, Arm)] or legal
        state.apply(takes[0] if takes else rng.choice(plain))
    return out


def special_phases() -> list[PirateerState]:
    """One state for each phase random play rarely reaches."""
    out = []
    storm = fixed_dice(game({"Sp1": (1, 13), "Sp2": (0, 14), "Fr1": (10, 0)}, options={"storm": True}), 5, 5, 5)
    storm.apply(Roll(0))
    assert storm.phase == STORM
    out.append(storm)
    acey = roll(game({"Sp1": (5, 13), "Sp2": (8, 9), "Fr1": (10, 0)}, options={"acey-deucey": True}), 1, 2)
    while acey.phase == MOVE:
        acey.apply(next(a for a in acey.legal_actions() if isinstance(a, Move)))
    assert acey.phase == BONUS
    out.append(acey)
    wind = RULES.new_game(2, {"war-wind": True}, 1)
    assert wind.phase == WIND
    out.append(wind)
    end = roll(game({"Sp1": (9, 8), "Sp2": (0, 11), "Fr1": (10, 0)}), 3, 3)
    while end.phase == MOVE:
        end.apply(next(a for a in end.legal_actions() if isinstance(a, Move)))
    if end.phase != END:                                         # pragma: no cover - depends on the dice
        end = roll(game({"Sp1": (12, 8), "Sp2": (0, 11), "Fr1": (10, 0)}), 3, 6)
    out.append(end)
    out.append(game({"Sp1": (8, 9), "Fr1": (10, 8), "Pi1": (19, 9)}, options={"nuke": True}))
    out.append(roll(game({"Sp1": (0, 10), "Sp2": (0, 10), "Sp3": (0, 10), "Fr1": (10, 0)},
                         options={"flotilla": True}), 3, 2))
    return out


# ------------------------------------------------------------------------------------------------
# Legality
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players,options", SETUPS)
def test_every_level_plays_legal_actions(players: int, options: dict) -> None:
    for k, state in enumerate(random_positions(players, options, 40 + players, 4)):
        seat = state.current
        legal = set(state.legal_actions(seat))
        for level in LEVELS:
            action = bot(level, seat, k).choose(state.view(seat))
            assert action in legal, (level, state.phase, action)


def test_every_level_plays_legal_actions_in_rare_phases() -> None:
    for state in special_phases():
        seat = state.current
        legal = set(state.legal_actions(seat))
        for level in LEVELS:
            action = bot(level, seat).choose(state.view(seat))
            assert action in legal, (level, state.phase, action)


def test_a_plan_is_played_to_its_end_with_legal_actions() -> None:
    """The cached rest of a plan is replayed action by action; each one is legal when played."""
    state = roll(game({"Sp1": (5, 13), "Sp2": (8, 9), "Pi1": (15, 10)}, players=2), 3, 2)
    for level in ("easy", "medium", "hard"):
        s = state.clone()
        b = bot(level, 0)
        while s.current == 0 and not s.is_over():
            action = b.choose(s.view(0))
            assert action in s.legal_actions(0)
            s.apply(action)
        assert s.current == 1 or s.is_over()


def test_a_new_bot_object_goes_on_with_the_plan() -> None:
    """The app asks a fresh bot (new seed) for every action: the turn's plan is searched once."""
    state = roll(game({"Sp1": (5, 13), "Sp2": (8, 9), "Pi1": (15, 10)}, players=2), 3, 2)
    searches = 0
    k = 0
    while state.current == 0 and not state.is_over():
        b = HardBot(0, k, playouts=HARD_ROLLS)
        action = b.choose(state.view(0))
        searches += b.last_rolls > 0
        assert action in state.legal_actions(0)
        state.apply(action)
        k += 1
    assert k >= 2 and searches == 1


def _brute_force(s: PirateerState, out: set) -> None:
    """Every position the engine's own legal actions can end the turn in (takes included)."""
    if s.current != 0 or s.is_over() or s.phase == START:
        out.add(pos_key(s.pos))
        return
    for a in s.legal_actions():
        if isinstance(a, EndTurn):
            out.add(pos_key(s.pos))
            continue
        c = s.clone()
        c.apply(a)
        _brute_force(c, out)


@pytest.mark.parametrize("ships,treasure,dice", [
    ({"Sp1": (5, 13), "Sp2": (9, 8), "Pi1": (8, 13)}, ISLAND, (3, 2)),
    ({"Sp1": (9, 8), "Pi1": (12, 8)}, ISLAND, (3, 3)),                                 # E4
    ({"Sp1": (5, 13), "Pi1": (8, 11), "Pi2": (15, 10)}, "Pi1", (3, 2)),                  # E6
    ({"Sp1": (6, 9), "Sp2": (0, 11), "Sp3": (3, 7), "Pi1": (11, 10)}, "Sp2", (4, 4)),
])
def test_the_plans_are_exactly_the_engines_turns(ships, treasure, dice) -> None:
    s = roll(game(ships, treasure=treasure, players=2), *dice)
    want: set = set()
    _brute_force(s, want)
    plans = enumerate_plans(s.ctx(), s.pos, s.factions_of(0), s.unused(), s.need)
    got = {pos_key(p.pos) for p in plans}
    assert got == want
    assert len(plans) == len(got)     # one plan per resulting position


# ------------------------------------------------------------------------------------------------
# Whole games
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players,options,lineup,seed", [
    (2, {}, ("hard", "medium"), 5),
    (3, {"storm": True}, ("medium", "easy", "hard"), 6),
    (4, {"devils-island": True, "nuke": True}, ("hard", "medium", "easy", "random"), 5),
    (4, {"war-wind": True, "wrecks": True}, ("medium", "easy", "medium", "hard"), 7),
    (2, {"domination": True, "acey-deucey": True}, ("medium", "hard"), 5),
    (3, {"dead-man": True, "free-boarding": True}, ("easy", "medium", "hard"), 5),
    (2, {"grab-and-run": True, "flotilla": True}, ("hard", "easy"), 5),
])
def test_whole_games_between_levels_finish(players: int, options: dict, lineup: tuple, seed: int) -> None:
    state = RULES.new_game(players, options, seed)
    bots = [bot(level, seat, seat) for seat, level in enumerate(lineup)]
    assert play_out(state, bots, max_actions=20000).is_over()


def test_decisions_repeat_for_a_fixed_seed_and_budget() -> None:
    def run() -> list:
        state = RULES.new_game(2, {}, 11)
        bots = [HardBot(0, 3, playouts=HARD_ROLLS), EasyBot(1, 4)]
        actions = []
        while not state.is_over() and len(actions) < 120:
            seat = state.current
            a = bots[seat].choose(state.view(seat))
            actions.append(a)
            state.apply(a)
        return actions
    assert run() == run()


# ------------------------------------------------------------------------------------------------
# Blindness: the bots never read the random generator
# ------------------------------------------------------------------------------------------------
def test_the_generator_does_not_change_the_choice() -> None:
    states = random_positions(2, {}, 7, 6) + random_positions(4, {"nuke": True}, 8, 4) + special_phases()
    for state in states:
        seat = state.current
        for level in ("easy", "medium", "hard"):
            choices = []
            for rng_seed in (1, 99):
                twin = RULES.twin(state, seat, Rng(rng_seed))   # the same position, other dice to come
                choices.append(bot(level, seat, 5).choose(twin))
            assert choices[0] == choices[1], (level, state.phase)


def test_views_handed_to_bots_have_a_fresh_generator() -> None:
    state = RULES.new_game(2, {}, 3)
    assert state.view(0).rng.state() == Rng(0).state()


# ------------------------------------------------------------------------------------------------
# What a player weighs (spec section 10)
# ------------------------------------------------------------------------------------------------
def _play_turn(state: PirateerState, b) -> PirateerState:
    seat = state.current
    while state.current == seat and not state.is_over():
        state.apply(b.choose(state.view(seat)))
    return state


def test_medium_takes_a_safe_treasure() -> None:
    s = roll(game({"Sp1": (8, 9), "Sp2": (0, 11), "Pi1": (19, 9), "Pi2": (19, 8)}, players=2), 2, 3)
    _play_turn(s, MediumBot(0, 1))
    assert s.treasure == sid("Sp1")


def test_medium_keeps_the_carrier_off_an_exact_threat() -> None:
    # The fastest way home is 3 NW into the channel at (0,13), where Pi1 at (0,10) lands with any 3.
    s = roll(game({"Sp1": (5, 13), "Pi1": (0, 10)}, treasure="Sp1", players=2), 3, 2)
    _play_turn(s, MediumBot(0, 1))
    carrier = s.ships[sid("Sp1")]
    assert carrier != (0, 13)
    ev_bot = MediumBot(0, 1)
    ev = ev_bot.evaluator(s.view(0))
    masks = hit_masks(ev.tab, s.ctx(), s.pos, set(s.ships.values()), sid("Pi1"), carrier)
    assert hit_probability(*masks, 2) < 0.2


def test_medium_boards_an_enemy_carrier() -> None:
    # E6: no single die reaches Pi1 at (8,11), 3 SE + 2 NE or 2 NE + 3 SE does.
    s = roll(game({"Sp1": (5, 13), "Sp2": (0, 11), "Pi1": (8, 11), "Pi2": (19, 9)}, treasure="Pi1", players=2), 3, 2)
    _play_turn(s, MediumBot(0, 1))
    assert s.treasure == sid("Sp1") and sid("Pi1") not in s.ships


def test_hard_boards_an_enemy_carrier() -> None:
    s = roll(game({"Sp1": (5, 13), "Sp2": (0, 11), "Pi1": (8, 11), "Pi2": (19, 9)}, treasure="Pi1", players=2), 3, 2)
    _play_turn(s, HardBot(0, 1, playouts=HARD_ROLLS))
    assert s.treasure == sid("Sp1")


def test_easy_always_takes_the_treasure() -> None:
    for seed in range(5):
        before = game({"Sp1": (8, 9), "Pi1": (11, 10), "Pi2": (12, 10)}, players=2)
        assert EasyBot(0, seed).choose(before.view(0)) == Take(0, sid("Sp1"))
        during = roll(game({"Sp1": (8, 9), "Sp2": (0, 11), "Pi1": (19, 9)}, players=2), 4, 5)
        assert Take(0, sid("Sp1")) in during.legal_actions()
        assert EasyBot(0, seed).choose(during.view(0)) == Take(0, sid("Sp1"))


def test_a_winning_plan_is_always_played() -> None:
    s = roll(game({"Sp1": (0, 13), "Pi1": (0, 14)}, treasure="Sp1", players=2), 4, 5)    # E12
    for level in ("easy", "medium", "hard"):
        assert _play_turn(s.clone(), bot(level, 0)).winners == [0], level


def test_storm_pick_and_war_wind_carrier_are_chosen_by_the_evaluation() -> None:
    storm, _, wind = special_phases()[:3]
    assert isinstance(MediumBot(0).choose(storm.view(0)), StormPick)
    seat = wind.current
    assert wind.legal_actions(seat) and MediumBot(seat).choose(wind.view(seat)) in wind.legal_actions(seat)


def test_nuke_is_armed_when_it_catches_the_enemy_carrier() -> None:
    # Pi carrier one square from Sp2; Sp1 far from the blast: any radius sinks the carrier.
    s = game({"Sp1": (0, 11), "Sp2": (12, 10), "Pi1": (13, 10), "Pi2": (19, 9)}, treasure="Pi1",
             players=2, options={"nuke": True})
    assert MediumBot(0).choose(s.view(0)) == Arm(0, sid("Sp2"))
    calm = game({"Sp1": (0, 11), "Sp2": (5, 13), "Pi1": (19, 9), "Pi2": (19, 8)}, players=2, options={"nuke": True})
    assert MediumBot(0).choose(calm.view(0)) == Roll(0)


def test_acey_deucey_bonus_is_claimed() -> None:
    state = special_phases()[1]
    assert isinstance(MediumBot(0).choose(state.view(0)), (Bonus, Take))


# ------------------------------------------------------------------------------------------------
# Tables, budget
# ------------------------------------------------------------------------------------------------
def test_trap_squares_are_hopeless_for_a_carrier() -> None:
    tab = tables(RULES.board)
    turns = tab.carrier_turns("spanish", 2)
    for trap in [(2, 8), (4, 16), (9, 0), (10, 0), (11, 0), (12, 0)]:
        assert turns[trap] >= 40.0
    assert turns[(0, 10)] < turns[(8, 9)] < turns[(12, 12)]
    assert max(turns[d.cell] for d in RULES.board.docks) < 8.0


def test_sides_follow_the_seats() -> None:
    s = RULES.new_game(2, {"war-wind": True}, 1)
    sides = Sides.of(s)
    assert sides.teams == [0, 1] and sides.seat_factions[0] == frozenset({"spanish", "pirates"})


def test_random_level_is_the_core_random_bot() -> None:
    assert isinstance(make_bot("random", 0, 0), RandomBot)
    with pytest.raises(ValueError):
        make_bot("genius", 0, 0)


def test_hard_respects_its_time_budget() -> None:
    from tests.support.timers import SteppingTimer
    b = make_bot("hard", 0, 1)
    b.set_time_budget(0.2)
    b.timer = SteppingTimer(0.005)  # each look at the clock costs 5 ms, on any machine
    state = RULES.new_game(2, {}, 2)
    timed = 0
    for _ in range(400):
        if state.is_over() or timed >= 4:
            break
        seat = state.current
        if seat == 0:
            action = b.choose(state.view(0))
            if state.phase == MOVE and b.last_rolls:
                assert b.last_seconds <= 0.2, b.last_seconds  # the budget it was given
                timed += 1
        else:
            action = MediumBot(1).choose(state.view(1))
        state.apply(action)
    assert timed


def test_hard_values_hunters_lying_in_wait_at_the_enemy_carriers_channel() -> None:
    # Spec 10, ambush: the enemy carrier must sail up its own channel; a hunter waiting in it or one move
    # from it (here (19,7) in the Pirates' channel, (15,5) a move from it) is worth ``ambush`` to its team,
    # for at most two hunters.
    from game.games.pirateer.bots import HARD, Evaluator
    s = game({"Sp1": (19, 7), "Sp2": (0, 11), "Sp3": (0, 12), "Pi1": (8, 11), "Pi2": (19, 9)},
             treasure="Pi1", players=2)
    view = s.view(0)
    sides = Sides.of(view)
    plain = Evaluator(view.ctx(), sides, dataclasses.replace(HARD, ambush=0.0))
    lying = Evaluator(view.ctx(), sides, dataclasses.replace(HARD, ambush=2.0))
    spanish = sides.teams[0]

    def gain(pos) -> float:
        return lying.team_values(pos, 0)[spanish] - plain.team_values(pos, 0)[spanish]

    assert gain(s.pos) == pytest.approx(2.0)
    more = game({"Sp1": (19, 7), "Sp2": (15, 5), "Sp3": (13, 6), "Pi1": (8, 11), "Pi2": (19, 9)},
                treasure="Pi1", players=2).pos
    assert gain(more) == pytest.approx(4.0)          # three waiting: two count
    home = game({"Sp1": (10, 14), "Sp2": (0, 11), "Sp3": (0, 12), "Pi1": (8, 11), "Pi2": (19, 9)},
                treasure="Pi1", players=2).pos
    assert gain(home) == pytest.approx(0.0)
    assert HARD.ambush > 0.0                          # the hard bot's leaves use it
    # between more than two sides it is left out (it cost the hard bot four-player games)
    four = game({"Sp1": (19, 7), "Fr1": (10, 0), "Ba1": (9, 19), "Pi1": (8, 11)}, treasure="Pi1", players=4)
    v4 = four.view(0)
    s4 = Sides.of(v4)
    assert Evaluator(v4.ctx(), s4, HARD).team_values(four.pos, 0) == \
        Evaluator(v4.ctx(), s4, dataclasses.replace(HARD, ambush=0.0)).team_values(four.pos, 0)
