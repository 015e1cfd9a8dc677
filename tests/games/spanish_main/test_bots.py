"""Pirates of the Spanish Main bots (spec section 10): every level legal at every player count and variant
combination, blind to what its seat cannot see (twins give the same decision), deterministic from the seed;
the easy bot never sabotages its own ship and accuses only a certain owner; the belief model lists only deals
that fit the public facts and learns from a history of actions; medium accuses a certain owner of a ship with
much fame; hard never sabotages its own ship and searches within its budget; the search model plays the rules."""
from __future__ import annotations

import itertools
import math

import pytest

from game.core.bots import RandomBot, play_out
from game.core.rng import Rng
from game.games.spanish_main import GAME
from game.games.spanish_main.bots import (N, SHIP_IX, Believer, Exposure, HardBot, Judge, MediumBot, Sim, action_key,
                                          certain_owner)
from game.games.spanish_main.positions import ship
from game.games.spanish_main.rules import (DISCARD, PIRATES, SHIPS, UNKNOWN, Accuse, PlayCard, RULES,
                                           SpanishMainState, card_type, ship_of)
from tests.games.spanish_main.helpers import at

LEVELS = ("easy", "medium", "hard")
HARD_PLAYOUTS = 2
VARIANTS = [dict(zip(("extended-fame", "imminent-adventures", "movement-hand"), bits))
            for bits in itertools.product((False, True), repeat=3)]


def random_positions(players: int, opts: dict, seed: int, count: int) -> list[SpanishMainState]:
    """``count`` positions of one random game (with a history behind most), the accused's discard among them."""
    s = RULES.new_game(players, opts, seed)
    rng = Rng(seed)
    out: list[SpanishMainState] = []
    while not s.is_over() and len(out) < count:
        if s.phase == DISCARD or rng.random() < 0.15:
            out.append(s.clone())
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    return out


def deals_fit(view: SpanishMainState, seat: int, masks: list[tuple[int, ...]]) -> None:
    """A deal (ships per seat) that fits every public fact of ``view`` and the seat's own pirates."""
    seen: set[int] = set()
    for k, mask in enumerate(masks):
        assert len(mask) == len(view.pirates[k])
        assert not seen & set(mask)
        seen |= set(mask)
        names = {PIRATES[x] for x in mask}
        assert {p for p in view.pirates[k] if p != UNKNOWN} <= names      # own pirates, revealed owners
        assert not names & set(view.denied[k])                              # R28
        assert not names & set(view.unowned)                                # A4
    assert len(seen) + len(view.aside) == N                                 # the rest is set aside (S3)


# --------------------------------------------------------------------------------------------------
# Every level
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("opts", VARIANTS, ids=lambda o: ",".join(k for k, v in o.items() if v) or "base")
def test_every_level_plays_legal_actions(players, opts):
    for k, s in enumerate(random_positions(players, opts, 20 * players + len(str(opts)), 5)):
        seat = s.current
        for level in LEVELS:
            a = GAME.bot(level, seat, k, playouts=HARD_PLAYOUTS).choose(s.view(seat))
            assert s.check(a) is None, (level, a)


def test_every_level_plays_whole_games_legally():
    for players in (2, 3, 4):
        s = RULES.new_game(players, {"movement-hand": players == 3, "imminent-adventures": players == 4}, players)
        bots = [GAME.bot(level, seat, seat + 1, playouts=2)
                for seat, level in enumerate(("easy", "medium", "hard", "medium")[:players])]
        assert play_out(s, bots).is_over()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_twins_get_the_same_decision(players):
    """DESIGN section 4, section 10: two states that differ only in what the seat cannot see (other pirates, the
    set-aside ones, deck orders, other hands) give every level the same decision for the same seed."""
    checked = 0
    opts = {"movement-hand": players != 3, "imminent-adventures": players == 4}
    for k, s in enumerate(random_positions(players, opts, 500 + players, 5)):
        seat = s.current
        twin = RULES.twin(s, seat, Rng(900 + k))
        assert twin.history == s.history
        for level in LEVELS:
            a = GAME.bot(level, seat, 7, playouts=HARD_PLAYOUTS).choose(s.view(seat))
            b = GAME.bot(level, seat, 7, playouts=HARD_PLAYOUTS).choose(twin.view(seat))
            assert a == b, (level, s.phase)
            checked += 1
    assert checked


def test_decisions_are_deterministic_from_the_seed():
    for s in random_positions(3, {"imminent-adventures": True}, 77, 4):
        seat = s.current
        for level in LEVELS:
            assert GAME.bot(level, seat, 42, playouts=3).choose(s.view(seat)) == \
                GAME.bot(level, seat, 42, playouts=3).choose(s.view(seat)), level


@pytest.mark.parametrize("level", LEVELS)
def test_a_nonsense_history_is_survived(level):
    """Entries a bot cannot read (hand-edited saves) count as absent."""
    s = random_positions(4, {}, 31, 3)[-1]
    seat = s.current
    v = s.view(seat)
    v.history = [{}, {"seat": 1}, {"seat": 1, "act": "play", "card": 7, "before": {"row": [1]}},
                 {"seat": 2, "act": "play", "card": "mv-fog-1", "before": {"row": "x", "fame": None}},
                 {"seat": 3, "act": "accuse", "pirate": "nobody"}, {"seat": 9, "act": "pass", "before": {}},
                 {"seat": 1, "act": "pass", "before": {"row": list(range(9)), "damaged": [12], "fame": [0] * 9,
                                                       "adventures": ["adv-kraken-1"]}}] + list(v.history)
    a = GAME.bot(level, seat, 3, playouts=HARD_PLAYOUTS).choose(v)
    assert s.check(a) is None


# --------------------------------------------------------------------------------------------------
# Easy
# --------------------------------------------------------------------------------------------------
def test_easy_never_sabotages_its_own_ship():
    s = at(pirates={0: ["EN1", "ES1"]}, market=["mv-sabotage"] * 3, adventure="adv-treasure-map")
    for seed in range(12):
        a = GAME.bot("easy", 0, seed).choose(s.view(0))
        sabotage = isinstance(a, PlayCard) and card_type(a.card) == "mv-sabotage"
        assert not (sabotage and a.ship in ("ship-en-1", "ship-es-1"))


def test_easy_accuses_only_a_certain_owner_with_fame():
    # 3 players: 3 set aside, all three known unowned after Mutinies; seat 2 is publicly not NL3
    s = at(pirates={0: ["EN1", "ES1"], 1: ["NL3", "EN2"], 2: ["ES2", "EN3"]}, unowned=["NL1", "NL2", "ES3"],
           denied={2: ["NL3"]}, fame={"NL3": 6}, adventure="adv-kraken")
    assert certain_owner(s.view(0), 0, "pirate-nl-3") == 1
    assert certain_owner(s.view(0), 0, "pirate-en-2") is None
    choices = {GAME.bot("easy", 0, seed).choose(s.view(0)) for seed in range(10)}
    accusations = [a for a in choices if isinstance(a, Accuse)]
    assert all(a.accused == 1 and a.pirate == "pirate-nl-3" for a in accusations) and accusations


# --------------------------------------------------------------------------------------------------
# The belief model
# --------------------------------------------------------------------------------------------------
def test_the_deals_are_every_deal_that_fits_and_no_other():
    """4 players and no facts yet: 7 hidden pirates, 2 + 2 + 2 to the opponents and 1 set aside: 630 deals."""
    s = RULES.new_game(4, {}, 3)
    belief = Believer().belief(s.view(0), 0)
    assert len(belief.deals) == math.factorial(7) // (2 * 2 * 2)
    assert len({tuple(m) for _, m in belief.deals}) == len(belief.deals)
    assert abs(sum(w for w, _ in belief.deals) - 1.0) < 1e-9
    for w, masks in belief.deals:
        deals_fit(s.view(0), 0, masks)
    assert abs(belief.own[1][SHIP_IX[ship_of(s.pirates[1][0])]] - 2 / 7) < 1e-9   # no history: uniform
    for k in range(4):
        assert abs(sum(belief.own[k]) - 2) < 1e-9 and abs(sum(belief.pirate_owner(p)[k] for p in PIRATES) - 2) < 1e-9
    assert abs(sum(belief.unowned) - 1) < 1e-9                              # one set aside


@pytest.mark.parametrize("players", [2, 3, 4])
def test_deals_never_contradict_what_is_known(players):
    for opts in ({}, {"movement-hand": True}):
        for s in random_positions(players, opts, 60 + players, 6):
            for seat in range(players):
                view = s.view(seat)
                belief = Believer().belief(view, seat)
                assert belief.deals
                for _, masks in belief.deals:
                    deals_fit(view, seat, masks)
                    truth = [tuple(sorted(SHIP_IX[ship_of(p)] for p in s.pirates[k])) for k in range(players)]
                    assert masks[seat] == truth[seat]
                assert any(m == [tuple(sorted(SHIP_IX[ship_of(p)] for p in s.pirates[k])) for k in range(players)]
                           for _, m in belief.deals)                         # the truth is among them


def test_an_opponent_who_keeps_helping_a_ship_is_believed_to_own_it():
    """Seat 1 sends Zwarte Tulp (NL3, space 9) to the front before a Treasure Map, again and again, when it
    could have moved any other ship: the belief that seat 1 owns it rises well above the uniform 2/7."""
    s = at(players=4, pirates={0: ["EN1", "ES1"], 1: ["NL3", "EN2"]}, market=["mv-full-speed", "mv-rip",
                                                                           "mv-alliance"])
    entry = {"seat": 1, "act": "play", "card": s.market[0], "ship": ship("NL3"), "before": s.public_table()}
    prior = Believer().belief(s.view(0), 0).own[1][SHIP_IX[ship("NL3")]]
    s.history = [dict(entry) for _ in range(4)]
    believer = Believer()
    after = believer.belief(s.view(0), 0).own[1][SHIP_IX[ship("NL3")]]
    assert abs(prior - 2 / 7) < 1e-9
    assert after > 0.6 > 2 * prior
    s.history.append(dict(entry))                                           # one more: only that entry is read
    assert believer.belief(s.view(0), 0).own[1][SHIP_IX[ship("NL3")]] > after
    # the others who did nothing are believed to own it less than before
    assert believer.belief(s.view(0), 0).own[2][SHIP_IX[ship("NL3")]] < prior


def test_the_history_is_public_and_one_entry_per_action():
    s = RULES.new_game(3, {"movement-hand": True}, 5)
    rng = Rng(5)
    actions = 0
    while not s.is_over() and actions < 60:
        acts = s.legal_actions()
        a = acts[rng.below(len(acts))]
        before = s.public_table()
        n = len(s.history)
        s.apply(a)
        actions += 1
        if isinstance(a, Accuse) and s.phase == DISCARD:
            assert len(s.history) == n                                      # V3.3: written when answered
            continue
        assert len(s.history) == n + 1
        e = s.history[-1]
        if isinstance(a, Accuse) or e["act"] == "accuse":
            assert e["act"] == "accuse" and isinstance(e["correct"], bool) and e["pirate"] in PIRATES
        else:
            assert e["before"] == before and e["seat"] == a.seat
        for seat in range(3):
            assert s.view(seat).history == s.history
    again = RULES.state_from_json(s.to_json())
    assert again.history == s.history


def test_a_history_with_a_stranger_is_refused_on_load():
    s = RULES.new_game(2, {}, 1)
    s.apply(s.legal_actions()[0])
    data = s.to_json()
    data["history"][0]["seat"] = 5
    with pytest.raises(ValueError):
        RULES.validate_state(RULES.state_from_json(data))


# --------------------------------------------------------------------------------------------------
# Medium
# --------------------------------------------------------------------------------------------------
def test_medium_accuses_a_certain_owner_of_a_ship_with_much_fame():
    s = at(pirates={0: ["EN1", "ES1"], 1: ["NL3", "EN2"], 2: ["ES2", "EN3"]}, unowned=["NL1", "NL2", "ES3"],
           denied={2: ["NL3"]}, fame={"NL3": 6}, adventure="adv-kraken")
    for seed in range(4):
        a = GAME.bot("medium", 0, seed).choose(s.view(0))
        assert a == Accuse(0, 1, "pirate-nl-3")


def test_medium_does_not_accuse_on_a_guess():
    s = at(players=4, fame={"NL3": 2}, adventure="adv-treasure-map")
    a = GAME.bot("medium", 0, 1).choose(s.view(0))
    assert not isinstance(a, Accuse)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_never_sabotages_its_own_ship(level):
    s = at(pirates={0: ["EN1", "ES1"]}, market=["mv-sabotage"] * 3, adventure="adv-treasure-map")
    for seed in range(6):
        a = GAME.bot(level, 0, seed, playouts=HARD_PLAYOUTS).choose(s.view(0))
        assert not (isinstance(a, PlayCard) and a.ship in ("ship-en-1", "ship-es-1"))


# --------------------------------------------------------------------------------------------------
# Hard
# --------------------------------------------------------------------------------------------------
def test_hard_searches_exactly_its_playouts():
    s = random_positions(4, {"imminent-adventures": True}, 12, 2)[-1]
    bot = HardBot(s.current, 1, playouts=3)
    assert s.check(bot.choose(s.view(s.current))) is None
    assert bot.last_iterations in (0, 3)


def test_hard_stops_when_its_time_is_up():
    """A time budget, on a clock that moves 0.1 s at every look: the search stops after a few samples."""
    s = random_positions(3, {}, 13, 2)[-1]
    bot = HardBot(s.current, 1, seconds=1.0)
    ticks = iter(i * 0.1 for i in itertools.count())
    bot.timer = lambda: next(ticks)
    assert s.check(bot.choose(s.view(s.current))) is None
    assert 1 <= bot.last_iterations <= 10


def test_hard_takes_a_sure_rich_accusation():
    s = at(pirates={0: ["EN1", "ES1"], 1: ["NL3", "EN2"], 2: ["ES2", "EN3"]}, unowned=["NL1", "NL2", "ES3"],
           denied={2: ["NL3"]}, fame={"NL3": 8}, adventure="adv-kraken")
    picks = [HardBot(0, seed, playouts=4).choose(s.view(0)) for seed in range(4)]
    assert sum(a == Accuse(0, 1, "pirate-nl-3") for a in picks) >= 3


def test_the_search_model_follows_the_rules():
    """``Sim`` (the hard bot's copy of the game) moves, damages, pays and takes fame as the engine does."""
    for opts in VARIANTS:
        for players in (2, 4):
            s = RULES.new_game(players, opts, players + 3)
            rng = Rng(players)
            for _ in range(120):
                if s.is_over() or s.phase == DISCARD:
                    break
                seat = s.current
                truth = [sorted(SHIP_IX[ship_of(p)] for p in s.pirates[k]) for k in range(players)]
                sim = Sim.deal(s.view(seat), seat, truth, Rng(1))
                acts = [a for a in s.legal_actions() if not (isinstance(a, Accuse) and s.hand_mode)]
                a = acts[rng.below(len(acts))]
                if isinstance(a, Accuse):
                    sim.apply(("accuse", "", SHIP_IX[ship_of(a.pirate)]), a.accused)
                else:
                    key = action_key(a)
                    assert key is not None
                    sim.apply(key)
                s.apply(a)
                assert sim.row == [SHIP_IX[x] for x in s.row]
                assert sim.dmg == [x in s.damaged for x in SHIPS]
                assert sim.fame == [s.fame[i] + s.owed[i] for i in range(N)]
                assert sim.secured == [s.secured[k] + s.secured_owed[k] for k in range(players)]
                assert sim.revealed == [p in s.revealed for p in PIRATES]
                assert sim.over == s.is_over()
                assert len(sim.adv_deck) == len(s.adv_deck) and len(sim.adv_row) == len(s.adv_row)


def test_hard_beats_random():
    wins = 0
    for g in range(2):
        s = RULES.new_game(2, {}, 50 + g)
        bots = [HardBot(0, g, playouts=4), RandomBot(1, g)] if g % 2 == 0 else \
            [RandomBot(0, g), HardBot(1, g, playouts=4)]
        play_out(s, bots)
        wins += (g % 2) in s.result().winners
    assert wins == 2


def test_medium_keeps_its_reading_between_decisions():
    """The belief's per-entry work is kept: a later decision reads only the entries added since."""
    s = RULES.new_game(3, {}, 9)
    bots = [MediumBot(k, k) for k in range(3)]
    for _ in range(7):
        s.apply(bots[s.current].choose(s.view(s.current)))
    me = s.current
    s.apply(bots[me].choose(s.view(me)))
    reads = list(bots[me].believer.reads)
    assert len(reads) == len(s.history) - 1
    while s.current != me:
        s.apply(bots[s.current].choose(s.view(s.current)))
    s.apply(bots[me].choose(s.view(me)))
    again = bots[me].believer.reads
    assert len(again) == len(s.history) - 1 and all(a is b for a, b in zip(again, reads))


def _caught_red_handed() -> SpanishMainState:
    """2 players: seat 0 owns the Crimson Gull (EN1, 6 fame) and has sent it to the front three times."""
    row = ["EN2", "ES1", "NL1", "EN1", "ES2", "NL2", "EN3", "ES3", "NL3"]
    s = at(players=2, pirates={0: ["EN1", "ES1", "NL1"], 1: ["EN2", "ES2", "NL2"]}, fame={"EN1": 6}, row=row,
           market=["mv-full-speed", "mv-rip", "mv-alliance"], adventure="adv-ghost-ship")
    back = at(players=2, pirates={0: ["EN1", "ES1", "NL1"], 1: ["EN2", "ES2", "NL2"]},
              row=row[:3] + row[4:] + ["EN1"], market=["mv-full-speed", "mv-rip", "mv-alliance"])
    entry = {"seat": 0, "act": "play", "card": back.market[0], "ship": ship("EN1"), "before": back.public_table()}
    s.history = [dict(entry) for _ in range(3)]
    return s


def test_the_onlookers_belief_about_its_own_ships():
    s = _caught_red_handed()
    view = s.view(0)
    believer = Believer()
    judge = Judge(view, 0, believer.belief(view, 0))
    keys = list(dict.fromkeys(k for k in (action_key(a) for a in view.legal_actions(0)) if k))
    exposure = Exposure(view, 0, believer, judge, keys)
    assert exposure.risk[SHIP_IX[ship("EN1")]] > 0.9
    assert abs(sum(exposure.risk) - 3) < 1e-9
    assert set(exposure.leak) == set(keys) and all(math.isfinite(x) for x in exposure.leak.values())


def test_hard_bluffs_about_its_ship_most_at_risk():
    """R23: on a quiet turn, with its richest ship all but known to be its own, hard often accuses the
    opponent of being that ship's pirate (a sure "no" that makes the table doubt it)."""
    view = _caught_red_handed().view(0)
    picks = [HardBot(0, seed, playouts=4).choose(view) for seed in range(12)]
    accusations = [a for a in picks if isinstance(a, Accuse)]
    assert len(accusations) >= 3
    assert all(a == Accuse(0, 1, "pirate-en-1") for a in accusations)
    assert len(accusations) < len(picks)                                    # a rate, not a rule
