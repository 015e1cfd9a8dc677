"""Pirateer setup (spec section 3: S2-S6) on fresh games, whatever way the factions were seated."""
from __future__ import annotations

import pytest

from game.games.pirateer.moves import ISLAND, ship_id
from game.games.pirateer.rules import RULES, START, Move, Roll

CLOCKWISE = ("spanish", "french", "pirates", "barbary")          # S5, by home corner
STARTS = {"spanish": [(0, 10), (0, 11), (0, 12)], "french": [(10, 0), (11, 0), (12, 0)],
          "barbary": [(9, 19), (8, 19), (7, 19)], "pirates": [(19, 9), (19, 8), (19, 7)]}


def started(players, options=None, seed=1, factions=None):
    """A new game ready for its first roll: when the engine asks the seats for their factions at the
    table, each chooses ``factions[seat]`` (or the first one offered)."""
    s = RULES.new_game(players, options or {}, seed)
    for _ in range(8):
        if s.phase != "choose":
            break
        seat = s.current_players()[0]
        offered = [a for a in s.legal_actions(seat) if a.kind == "pir.choose_faction"]
        want = [a for a in offered if factions and a.faction == factions[seat]]
        s.apply((want or offered)[0])
    return s


def first_rounds(s):
    """The first-player rolls of the log, in rounds: [{seat: total}, ...] (a round ends when a seat rolls
    again)."""
    rounds: list[dict[int, int]] = []
    for e in s.log:
        if e.text.key != "pir.log.first_roll":
            continue
        kw = e.text.kwargs
        if not rounds or e.seat in rounds[-1]:
            rounds.append({})
        rounds[-1][e.seat] = int(kw["a"]) + int(kw["b"])
    return rounds


@pytest.mark.parametrize("players", [2, 3, 4])
def test_S2_each_ship_n_on_start_square_n(players):
    s = started(players, seed=5)
    on_board = {f for fs in s.seat_factions for f in fs}
    assert len(on_board) == players
    want = {ship_id(f, n): STARTS[f][n - 1] for f in on_board for n in (1, 2, 3)}
    assert s.ships == want                        # ship 1 next to the anchor; nobody else's ships


def test_S2_start_square_one_is_next_to_the_anchor():
    for f in CLOCKWISE:
        h = RULES.board.harbour(f)
        assert list(h.starts) == STARTS[f]
        assert abs(h.starts[0][0] - h.anchor[0]) + abs(h.starts[0][1] - h.anchor[1]) == 1


@pytest.mark.parametrize("players,options", [(2, {}), (3, {}), (4, {}), (4, {"devils-island": True}),
                                             (3, {"dead-man": True}), (2, {"flotilla": True})])
def test_S3_the_treasure_starts_on_skull_island(players, options):
    s = started(players, options, seed=9)
    assert s.treasure == ISLAND
    assert "pir.log.take" not in [e.text.key for e in s.log]


def test_S3_war_wind_is_the_only_setup_that_puts_the_treasure_aboard():
    s = started(4, {"war-wind": True}, seed=9)
    assert s.treasure == ship_id(s.seat_factions[s.current][0], 1)     # V10.2 replaces S3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_S4_the_highest_total_starts_and_a_tie_for_it_rolls_again(players):
    ties = 0
    for seed in range(60):
        s = started(players, seed=seed)
        rounds = first_rounds(s)
        assert sorted(rounds[0]) == list(range(players))               # everyone rolls both dice
        for before, after in zip(rounds, rounds[1:]):
            top = max(before.values())
            assert sorted(after) == sorted(seat for seat, t in before.items() if t == top)   # only the tied
            ties += 1
        last = rounds[-1]
        top = max(last.values())
        assert [seat for seat, t in last.items() if t == top] == [s.current]   # a single highest total
    assert ties > 0                                                      # the re-roll was exercised


def clockwise_from(s, seat):
    """The seats in S5 order, starting with ``seat``."""
    order = sorted(range(s.players), key=lambda x: min(CLOCKWISE.index(f) for f in s.seat_factions[x]))
    k = order.index(seat)
    return order[k:] + order[:k]


@pytest.mark.parametrize("players,factions", [(4, None), (3, ["spanish", "french", "barbary"]),
                                              (3, ["pirates", "barbary", "french"]), (2, None)])
def test_S5_turns_go_clockwise_by_corner_from_the_first_player(players, factions):
    for seed in (1, 2, 3, 4):
        s = started(players, seed=seed, factions=factions)
        assert s.order == clockwise_from(s, s.current)
        seen = [s.current]
        for _ in range(players * 2 - 1):                  # every turn passes to the next seat in that order
            seat = s.current
            s.apply(Roll(seat))
            while s.current == seat and not s.is_over():
                legal = s.legal_actions(seat)
                s.apply(next((a for a in legal if isinstance(a, Move)), legal[-1]))
            seen.append(s.current)
        assert seen == (s.order * 2)[:len(seen)]


def test_S5_a_seat_with_no_ships_left_is_skipped():
    from tests.games.pirateer.helpers import game
    s = game({"Sp1": (5, 5), "Pi1": (14, 14), "Ba1": (3, 8)}, players=4, current="Sp")     # French sunk
    seat = s.current
    s.apply(Roll(seat))
    while s.current == seat:
        legal = s.legal_actions(seat)
        s.apply(next((a for a in legal if isinstance(a, Move)), legal[-1]))
    assert s.seat_factions[s.current] == ["pirates"]              # Spanish -> (French) -> Pirates


@pytest.mark.parametrize("players,options", [(2, {}), (4, {"storm": True, "wrecks": True}),
                                             (3, {"dead-man": True})])
def test_S6_every_seat_sees_everything(players, options):
    s = started(players, options, seed=4)
    for _ in range(12):
        seat = s.current_players()[0]
        full = s.to_json()
        for viewer in list(range(players)) + [None]:
            seen = s.view(viewer).to_json()
            hidden = {k for k in full if full[k] != seen.get(k)}
            assert hidden <= {"rng", "chance"}         # only the generator of future dice is kept back
            assert s.view(viewer).legal_actions(seat) == s.legal_actions(seat)
        legal = s.legal_actions(seat)
        s.apply(legal[0] if s.phase != START else Roll(seat))
        if s.is_over():
            break


def test_S6_the_game_declares_no_secret_but_the_dice_to_come():
    assert not RULES.has_secrets
    for word in getattr(RULES, "secrets", ()):
        assert "dice" in word or "roll" in word or "random" in word
