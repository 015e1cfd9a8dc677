"""Pirateer's fantastic eight (spec section 6.11, V11.1-V11.7, example V-J, section 6.13) on the two-board map, and
goal-seeking games at 5 to 8 players: ships only on water, both treasures always somewhere, every game ends."""
from __future__ import annotations

import json
import os

import pytest

from game.core.rng import Rng
from game.games.pirateer.bots import make_bot
from game.games.pirateer.boardmodel import ORDINARY
from game.games.pirateer.moves import ISLAND, after, faction_of, forbidden, group_landings, ray
from game.games.pirateer.positions import position
from game.games.pirateer.rules import (CHOOSE, EIGHT, MODES, MOVE, RULES, Arm, ChooseFaction, Move, PirateerState,
                                       Roll, Take)
from tests.games.pirateer.test_properties import choose

EIGHT_ON = {EIGHT: True}
HARBOURS = ("spanish-a", "french-a", "pirates-a", "french-b", "pirates-b", "barbary-b", "spanish-b", "barbary-a")
FIVE = ["spanish-a", "french-a", "pirates-a", "french-b", "spanish-b"]


def eight(ships: dict, current: str = "SpA", factions: list | None = None, options: dict | None = None,
          **more) -> PirateerState:
    """A five-player fantastic-eight position with exactly these ships afloat (island A unless ``island``)."""
    return position(factions=factions or FIVE, options=options or EIGHT_ON, ships=ships, current=current, **more)


def landings_of(s: PirateerState, ship: str, die: int) -> set:
    return {land.cell for land in group_landings(s.ctx(), s.pos, (ship,), (die,))}


def chosen(players: int, seed: int = 3) -> PirateerState:
    """A new game whose seats take harbours in the order of ``HARBOURS`` (S1, V11.1)."""
    s = RULES.new_game(players, EIGHT_ON, seed)
    for f in HARBOURS[:players]:
        s.apply(ChooseFaction(s.current, f))
    return s


# --------------------------------------------------------------------------------------------------
# V11.1 - V11.7, V-J
# --------------------------------------------------------------------------------------------------
def test_V11_1_each_player_chooses_one_of_the_eight_harbours_and_the_others_stay_empty():
    s = RULES.new_game(5, EIGHT_ON, 11)
    assert s.phase == CHOOSE and s.board.name == "pirateer-8"
    assert {a.faction for a in s.legal_actions()} == set(HARBOURS)
    picks = ["barbary-b", "spanish-a", "pirates-b", "french-a", "spanish-b"]
    for k, f in enumerate(picks):
        assert s.current == k
        s.apply(ChooseFaction(k, f))
        assert ChooseFaction(s.current, f) not in s.legal_actions() or s.phase != CHOOSE
    assert s.seat_factions == [[f] for f in picks]
    assert {faction_of(x) for x in s.ships} == set(picks) and len(s.ships) == 15       # S2: three ships each
    for f in picks:
        h = s.board.harbour(f)
        assert [s.ships[f"ship-{f}-{n}"] for n in (1, 2, 3)] == list(h.starts)


def test_V11_1_bots_choose_harbours_too():
    for level in ("easy", "medium", "hard"):
        s = RULES.new_game(8, EIGHT_ON, 5)
        while s.phase == CHOOSE:
            a = make_bot(level, s.current, 1).choose(s.view(s.current))
            assert isinstance(a, ChooseFaction) and a in s.legal_actions()
            s.apply(a)
        assert sorted(f for fs in s.seat_factions for f in fs) == sorted(HARBOURS)
    s = RULES.new_game(5, EIGHT_ON, 5)                  # medium spreads its choices over the two boards
    while s.phase == CHOOSE:
        s.apply(make_bot("medium", s.current, 1).choose(s.view(s.current)))
    boards = {f[-1] for fs in s.seat_factions for f in fs}
    assert boards == {"a", "b"}


def test_V11_2_a_coin_flip_from_the_seeded_chance_puts_both_treasures_on_one_island():
    islands = set()
    for seed in range(12):
        s = chosen(5, seed)
        flips = [e for e in s.events if e.kind == "flipped"]
        assert len(flips) == 1 and flips[0].get("island") == s.setup.island
        assert s.treasures == {"treasure-1": ISLAND, "treasure-2": ISLAND}
        assert any(e.kind == "said" and e.get("text").key == "pir.log.coin" for e in s.events)
        kinds = [e.kind for e in s.events]
        assert kinds.index("flipped") < kinds.index("first")                  # S3 before S4
        again = chosen(5, seed)
        assert again.setup.island == s.setup.island                          # deterministic from the seed
        islands.add(s.setup.island)
        back = RULES.state_from_json(json.loads(json.dumps(s.to_json())))
        assert back.setup.island == s.setup.island
    assert islands == {"A", "B"}


def test_V11_2_only_the_docks_of_the_coins_island_take():
    dock_b = (20, 21)                                   # island B's NW dock
    dock_a = (8, 9)
    s = eight({"SpA1": dock_b, "SpA2": dock_a, "FrA1": (12, 0), "PiA1": (19, 9), "FrB1": (22, 12),
               "SpB1": (12, 22)}, island="A")
    takes = [a for a in s.legal_actions() if isinstance(a, Take)]
    assert takes == [Take(0, "ship-spanish-a-2")]
    assert s.check(Take(0, "ship-spanish-a-1")).key == "pir.reason.other_island"
    t = eight({"SpA1": dock_b, "SpA2": dock_a, "FrA1": (12, 0), "PiA1": (19, 9), "FrB1": (22, 12),
               "SpB1": (12, 22)}, island="B")
    assert [a for a in t.legal_actions() if isinstance(a, Take)] == [Take(0, "ship-spanish-a-1")]


def test_V11_2_a_blast_destroys_the_treasures_only_near_their_island():
    ships = {"SpA1": (20, 21), "FrA1": (12, 0), "PiA1": (19, 9), "FrB1": (22, 12), "SpB1": (12, 22)}
    for island, destroyed in (("B", True), ("A", False)):
        s = eight(ships, island=island, options={**EIGHT_ON, "nuke": True}, next_rolls=[[1, 4, 5, 6]])
        s.apply(Arm(0, "ship-spanish-a-1"))
        assert (set(s.treasures.values()) == {"destroyed"}) is destroyed


def test_V11_3_the_inner_straits_are_open_sea_and_the_outer_ones_wrap_by_24():
    s = eight({"SpA1": (3, 7), "FrA1": (12, 0), "PiA1": (19, 9), "FrB1": (22, 12), "SpB1": (12, 22)})
    b = s.board
    assert b.inner_straits == ((15, 16), (16, 15))
    assert all(b.strait_at(c) is None and b.kind(c) == "sea" for c in b.inner_straits)
    assert {st.offset for st in b.straits} == {(24, 24)}
    assert (3, 4) in landings_of(s, "ship-spanish-a-1", 3)                        # NE into the outer strait S
    moved = s.clone()
    moved.pos = after(moved.ctx(), moved.pos, next(land for land in group_landings(
        moved.ctx(), moved.pos, ("ship-spanish-a-1",), (3,)) if land.cell == (3, 4)))
    assert (27, 26) in landings_of(moved, "ship-spanish-a-1", 2)                  # NE out through B's bottom half


def test_VJ_a_move_passes_the_inner_strait_and_lands_on_board_B():
    s = eight({"SpA1": (15, 14), "FrA1": (12, 0), "PiA1": (19, 9), "FrB1": (22, 12), "SpB1": (12, 22)},
              phase=MOVE, dice=[3, 1, 1, 1])
    assert ray(s.board, (15, 14), "SW", 3) == ((15, 15), (15, 16), (15, 17))
    assert Move(0, ("ship-spanish-a-1",), "SW", 3) in s.legal_actions()
    s.apply(Move(0, ("ship-spanish-a-1",), "SW", 3))
    assert s.ships["ship-spanish-a-1"] == (15, 17)
    assert s.board.cell_name((15, 17)).startswith("DD") or s.board.uw((15, 17))[1] > 31   # board B's (3,5)
    base = position(players=2, ships={"Sp1": (15, 14), "Pi1": (19, 9)}, current="spanish", phase=MOVE,
                    dice=[3, 1])
    assert (15, 17) not in {land.cell for land in group_landings(base.ctx(), base.pos, ("ship-spanish-1",), (3,))}


def test_V11_4_every_roll_is_four_dice_each_one_move_with_R11_over_all_four():
    s = eight({"SpA1": (5, 13), "FrA1": (12, 0), "PiA1": (19, 9), "FrB1": (22, 12), "SpB1": (12, 22)},
              next_rolls=[[2, 3, 1, 4]])
    s.apply(Roll(0))
    assert s.dice == [2, 3, 1, 4] and s.need == 4
    moves = 0
    while s.current == 0 and s.phase == MOVE:
        legal = [a for a in s.legal_actions() if isinstance(a, Move)]
        s.apply(legal[-1])
        moves += 1
    assert moves == 4
    # R11 over four dice: a first move is offered only if three more can follow
    t = eight({"SpA1": (0, 9), "FrA1": (12, 0), "PiA1": (19, 9), "FrB1": (22, 12), "SpB1": (12, 22)},
              next_rolls=[[3, 4, 6, 6]])
    t.apply(Roll(0))
    ctx, memo = t.ctx(), {}
    from game.games.pirateer.moves import landings, max_dice
    mine = t.factions_of(0)
    for land in landings(ctx, t.pos, mine, t.unused()):
        rest = list(t.unused())
        rest.remove(land.die)
        ok = 1 + max_dice(ctx, after(ctx, t.pos, land), mine, tuple(rest), memo) >= t.need
        assert (Move(0, land.group, land.direction, land.die) in t.legal_actions()) == ok


def test_V11_4_the_nuke_radius_is_the_lowest_of_the_four_dice():
    s = eight({"SpA1": (5, 13), "FrA1": (12, 0), "PiA1": (19, 9), "FrB1": (22, 12), "SpB1": (12, 22)},
              options={**EIGHT_ON, "nuke": True}, next_rolls=[[5, 3, 6, 4]])
    s.apply(Arm(0, "ship-spanish-a-1"))
    blast = next(e for e in s.events if e.kind == "blast")
    assert blast.get("radius") == 3


def test_V11_5_a_ship_holds_both_treasures_and_each_take_takes_one():
    s = eight({"SpA1": (8, 9), "FrA1": (12, 0), "PiA1": (19, 9), "FrB1": (22, 12), "SpB1": (12, 22)})
    s.apply(Take(0, "ship-spanish-a-1"))
    assert sorted(s.treasures.values()) == [ISLAND, "ship-spanish-a-1"]
    s.apply(Take(0, "ship-spanish-a-1"))
    assert set(s.treasures.values()) == {"ship-spanish-a-1"}
    assert s.carriers() == ["ship-spanish-a-1"]
    assert [e.get("treasure") for e in s.events if e.kind == "took"] == ["treasure-1", "treasure-2"]
    assert not [a for a in s.legal_actions() if isinstance(a, Take)]


def test_V11_5_boarding_is_legal_if_either_ship_holds_one_and_every_treasure_passes():
    ships = {"SpA1": (5, 13), "FrA1": (8, 13), "PiA1": (19, 9), "FrB1": (22, 12), "SpB1": (12, 22)}
    # the victim holds both
    s = eight(ships, treasures={"treasure-1": "FrA1", "treasure-2": "FrA1"}, phase=MOVE, dice=[3, 1, 1, 1])
    s.apply(Move(0, ("ship-spanish-a-1",), "SE", 3))
    assert "ship-french-a-1" not in s.ships
    assert set(s.treasures.values()) == {"ship-spanish-a-1"}
    # the boarder holds one, the victim none: legal, and the boarder keeps its own
    west = {**ships, "FrA1": (2, 13)}
    t = eight(west, treasures={"treasure-1": "SpA1", "treasure-2": ISLAND}, phase=MOVE, dice=[3, 1, 1, 1])
    t.apply(Move(0, ("ship-spanish-a-1",), "NW", 3))
    assert "ship-french-a-1" not in t.ships and t.treasures == {"treasure-1": "ship-spanish-a-1", "treasure-2": ISLAND}
    # nobody holds one: illegal (R20)
    u = eight(west, phase=MOVE, dice=[3, 1, 1, 1])
    assert Move(0, ("ship-spanish-a-1",), "NW", 3) not in u.legal_actions()
    assert u.check(Move(0, ("ship-spanish-a-1",), "NW", 3)).key == "pir.reason.no_treasure_aboard"


def test_V11_6_one_treasure_brought_home_wins():
    s = eight({"SpA1": (0, 13), "FrA1": (12, 0), "PiA1": (19, 9), "FrB1": (22, 12), "SpB1": (12, 22)},
              treasures={"treasure-1": "SpA1", "treasure-2": ISLAND}, phase=MOVE, dice=[4, 5, 6, 6])
    s.apply(Move(0, ("ship-spanish-a-1",), "NE", 4))
    assert s.is_over() and s.winners == [0] and s.how.key == "pir.how.treasure_one"
    assert s.log[-1].text.kwargs["how"].key == "pir.how.treasure_one"          # "one of the two treasures is home"


def test_V11_6_a_ship_holding_both_treasures_brings_both_home():
    s = eight({"SpA1": (0, 13), "FrA1": (12, 0), "PiA1": (19, 9), "FrB1": (22, 12), "SpB1": (12, 22)},
              treasures={"treasure-1": "SpA1", "treasure-2": "SpA1"}, phase=MOVE, dice=[4, 5, 6, 6])
    s.apply(Move(0, ("ship-spanish-a-1",), "NE", 4))
    assert s.is_over() and s.winners == [0] and s.how.key == "pir.how.treasure_both"


def test_V11_6_or_the_last_player_with_ships_wins_by_E2():
    s = eight({"SpA1": (5, 13), "FrA1": (2, 13)}, factions=["spanish-a", "french-a", "pirates-a", "french-b",
                                                            "spanish-b"],
              treasures={"treasure-1": "SpA1", "treasure-2": ISLAND}, phase=MOVE, dice=[3, 1, 1, 1],
              out=[2, 3, 4])
    s.apply(Move(0, ("ship-spanish-a-1",), "NW", 3))
    assert s.is_over() and s.winners == [0] and s.how.key == "pir.how.sunk_all"


def test_V11_7_the_turn_order_goes_clockwise_round_the_combined_board():
    s = chosen(8, 7)
    ring = [s.seat_factions[seat][0] for seat in s.setup.order]
    assert ring == list(HARBOURS)
    k = s.order.index(s.current)
    assert [s.seat_factions[x][0] for x in s.order] == [HARBOURS[(HARBOURS.index(s.seat_factions[s.order[0]][0]) + i)
                                                        % 8] for i in range(8)]
    assert k == 0
    # seats that chose out of order still sail round the board, unchosen harbours skipped
    t = RULES.new_game(5, EIGHT_ON, 2)
    for f in ("barbary-a", "french-a", "spanish-b", "spanish-a", "pirates-b"):
        t.apply(ChooseFaction(t.current, f))
    assert [t.seat_factions[x][0] for x in t.setup.order] == ["spanish-a", "french-a", "pirates-b", "spanish-b",
                                                             "barbary-a"]


def test_V11_7_each_faction_keeps_its_own_R17_table():
    s = chosen(8, 1)
    ctx = s.ctx()
    home = {"spanish": ORDINARY["NW"], "french": ORDINARY["NE"], "barbary": ORDINARY["SW"],
            "pirates": ORDINARY["SE"]}
    for h in s.board.harbours:
        assert ctx.d(h.name) == home[h.faction], h.name
    c = eight({"SpB1": (15, 25), "FrA1": (12, 0), "PiA1": (19, 9), "FrB1": (22, 12), "SpA1": (0, 12)},
              current="SpB", treasures={"treasure-1": "SpB1", "treasure-2": ISLAND}, phase=MOVE, dice=[2, 1, 1, 1])
    dirs = {a.direction for a in c.legal_actions() if isinstance(a, Move) and a.ships == ("ship-spanish-b-1",)}
    assert "SE" not in dirs and dirs                                                   # R17: Spanish never SE


# --------------------------------------------------------------------------------------------------
# Section 6.13: compatibility
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("other", ["devils-island", "storm", "acey-deucey"] + [m for m in MODES if m != EIGHT])
def test_6_13_fantastic_eight_refuses(other):
    problems = RULES.check(6, {EIGHT: True, other: True})
    assert any(p.key == "opt.err.excludes" for p in problems)


@pytest.mark.parametrize("other", ["nuke", "wrecks", "free-boarding", "flotilla"])
def test_6_13_fantastic_eight_combines_with(other):
    assert RULES.check(6, {EIGHT: True, other: True}) == []
    RULES.new_game(5, {EIGHT: True, other: True}, 1)


def test_6_13_five_to_eight_players_only_with_the_fantastic_eight_and_it_only_with_them():
    for n in range(5, 9):
        assert [p.key for p in RULES.check(n, {})] == ["pir.opt.err.eight"]
        assert RULES.check(n, EIGHT_ON) == []
    for n in range(2, 5):
        assert [p.key for p in RULES.check(n, EIGHT_ON)] == ["opt.err.players"]
    assert RULES.check(9, EIGHT_ON)
    from game.i18n import has_key
    assert all(has_key(k, lang) for k in ("pir.opt.err.eight", "pir.opt.fantastic-eight",
                                          "pir.opt.fantastic-eight.help", "pir.log.coin", "pir.reason.other_island")
               for lang in ("en", "it"))


# --------------------------------------------------------------------------------------------------
# Goal-seeking games at 5 to 8 players
# --------------------------------------------------------------------------------------------------
def play_eight(players: int, seed: int, wander: float, options: dict | None = None) -> PirateerState:
    s = RULES.new_game(players, {**EIGHT_ON, **(options or {})}, seed)
    rng = Rng(seed * 7 + 1)
    for step in range(30000):
        for ship, cell in s.ships.items():
            assert s.board.is_water(cell) and s.board.canonical(cell) == cell, (ship, cell)    # never on land
        assert sorted(s.treasures) == ["treasure-1", "treasure-2"]                            # conserved
        for t, place in s.treasures.items():
            assert place == ISLAND or place in s.ships or (place == "destroyed" and s.options.get("nuke")), (t, place)
        if s.is_over():
            break
        if step % 400 == 0:
            back = RULES.state_from_json(json.loads(json.dumps(s.to_json())))
            RULES.validate_state(back)
            assert back.legal_actions() == s.legal_actions()
        a = choose(s, rng, wander)              # goal-seeking (test_properties), two treasures and all
        if isinstance(a, Move) and s.pos.holds(a.ships):
            assert not forbidden(s.ctx().d(faction_of(a.ships[0])), a.direction)            # R17, V11.7
        s.apply(a)
    assert s.is_over(), "the game did not end"
    RULES.validate_state(RULES.state_from_json(json.loads(json.dumps(s.to_json()))))
    return s


@pytest.mark.parametrize("players", [5, 6, 7, 8])
def test_V11_goal_seeking_games_at_each_count_end_with_ships_on_water_and_treasures_kept(players):
    ends = set()
    for k in range(2):
        s = play_eight(players, 100 * players + k, (0.15, 0.4)[k])
        ends.add(s.how.key)
    assert ends


@pytest.mark.soak
def test_soak_fantastic_eight_goal_seeking_games():
    games = int(os.environ.get("PIR_SOAK_EIGHT_GAMES", "80"))
    extras = ({}, {"nuke": True}, {"wrecks": True}, {"free-boarding": True}, {"flotilla": True})
    for k in range(games):
        play_eight(5 + k % 4, 5000 + k, (0.1, 0.25, 0.4, 0.6)[k % 4], extras[k % len(extras)])


def test_A24_inner_straits_let_ships_through_and_one_treasure_wins():
    """A24: "Gli stretti interni consentono il passaggio": ordinary squares (V11.3); one treasure home is enough
    (V11.6)."""
    test_VJ_a_move_passes_the_inner_strait_and_lands_on_board_B()
    test_V11_6_one_treasure_brought_home_wins()


def test_V11_4_easy_medium_and_hard_bots_play_the_four_dice_game_to_its_end():
    """Each level plays from its view only: plans over four dice (a beam for medium and hard, random plans for
    easy), harbours chosen at the table, every action legal."""
    from game.games.pirateer.bots import EasyBot, HardBot, MediumBot
    s = RULES.new_game(5, EIGHT_ON, 21)
    bots = [EasyBot(0, 1), MediumBot(1, 2), HardBot(2, 3, playouts=2), MediumBot(3, 4), EasyBot(4, 5)]
    for _ in range(3000):
        if s.is_over():
            break
        a = bots[s.current].choose(s.view(s.current))
        assert a in s.legal_actions()
        s.apply(a)
    assert s.is_over() and s.how is not None


def test_V11_4_hard_at_seven_or_eight_seats_searches_its_own_turn_far_wider_than_medium():
    """With seven rivals one rival's answer says little, so from seven seats the hard bot spends its time on its own
    turn: a beam many times the medium's, every plan of it scored in full (threats included), with an evaluation that
    weighs its hunters' closeness to an enemy carrier twice as much (a treasure changes hands often among eight); at
    five or six seats it searches and evaluates as the medium does and models a reply. By its own evaluation, none of
    the medium's plans beats its choice."""
    from game.games.pirateer.bots import (BEAM_WIDTH, FULL_SCORES, WIDE_BEAM, WIDE_FULL_SCORES, WIDE_WEIGHTS, WIN,
                                          HardBot, MediumBot)
    for players, wide in ((8, True), (7, True), (6, False)):
        s = chosen(players)
        rng = Rng(players)
        wider = 0
        for _ in range(600):                       # bots' games some turns in, where the medium's beam is full
            if s.is_over():
                break
            if s.phase == MOVE and len(s.unused()) == 4:
                seat = s.current
                view = s.view(seat)
                hard, medium = HardBot(seat, 1, playouts=2), MediumBot(seat, 1)
                assert medium.beam_for(view) == (BEAM_WIDTH, FULL_SCORES)
                assert hard.beam_for(view) == ((WIDE_BEAM, WIDE_FULL_SCORES) if wide else (BEAM_WIDTH, FULL_SCORES))
                if wide:
                    assert len(hard.plans(view)) >= len(medium.plans(view))
                    ev = hard.evaluator(view)              # by its own yardstick, the medium's plans are no better
                    assert hard.best_plans(view)[0][0] >= max(2 * WIN if p.won else ev.score(p.pos, seat, seat)
                                                              for p in medium.plans(view))
                    assert ev.w == WIDE_WEIGHTS and ev.w.hunt == 2 * medium.evaluator(view).w.hunt
                    if len(hard.plans(view)) > len(medium.plans(view)):
                        wider += 1                 # it saw plans the medium's beam cut off
                        if wider == 3:
                            break
                else:
                    assert hard.evaluator(view).w == medium.evaluator(view).w
            s.apply(rng.choice(s.legal_actions()))
        assert wider == (3 if wide else 0)


def test_V11_4_hard_models_the_answer_of_the_first_rival_within_reach_not_of_a_fleet_a_board_away():
    """With up to seven rivals on two boards the next seat is often far away: the hard bot's one-reply lookahead
    answers with the first seat after it, in turn order, that has a ship within two moves of its ships or of a
    carrier; the next seat when none is that near; the next seat always at 2-4 players."""
    from game.games.pirateer.bots import HardBot
    far = {"SpA1": (5, 13), "FrA1": (12, 0), "PiA1": (19, 9), "FrB1": (22, 12), "SpB1": (12, 22)}
    bot = HardBot(0, 1, playouts=2)
    s = eight(far)
    ev = bot.evaluator(s)
    assert ev.after_mover(s.pos, 0)[:3] == [1, 2, 3]
    assert bot.reply_seat(ev, s.pos) == 1                 # nobody near: the next seat
    s = eight({**far, "FrB1": (5, 9)})                    # seat 3 lies in wait two moves from SpA1
    assert bot.reply_seat(bot.evaluator(s), s.pos) == 3
    s = eight({**far, "FrB1": (5, 9), "PiA1": (0, 12)})   # seat 2 too, and it sails first
    assert bot.reply_seat(bot.evaluator(s), s.pos) == 2
    s = eight(far, treasure="ship-french-b-1")            # seat 3 holds a treasure: near its own carrier
    assert bot.reply_seat(bot.evaluator(s), s.pos) == 3
    s = eight({**far, "PiA1": (25, 13)}, treasure="ship-french-b-1")   # seat 2 hunts it, and sails first
    assert bot.reply_seat(bot.evaluator(s), s.pos) == 2
    four = position(players=4, ships={"Sp1": (5, 13), "Fr1": (12, 0), "Pi1": (19, 9), "Ba1": (5, 9)},
                    current="spanish")
    assert bot.reply_seat(bot.evaluator(four), four.pos) == bot.evaluator(four).after_mover(four.pos, 0)[0]
