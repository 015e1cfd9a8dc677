"""Island Race invariants over random races: random agents act in random order (with some illegal
attempts), TimeUp comes at random moments, every option combination, 2-4 players. At every step the 48
tiles are conserved between pile, hands and islands; views never hold a tile id or a pile tile's down face;
JSON round trips are exact; every score equals its breakdown and the rules R20-R27; every game ends.
The closed-landscape finder agrees with a brute-force flood fill on thousands of random islands.
A couple of hundred races by default; `make soak` plays IR_SOAK_GAMES (default 2000)."""
from __future__ import annotations

import json
import os
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.protocol import Action, IllegalAction
from game.core.realtime import RealtimeAgent, SimulatedClock, run_realtime
from game.core.rng import Rng
from game.games.island_race.rules import (LAST, MIX, OVER, PLAY, RULES, SYSTEM, Done, IslandMatch, IslandRound,
                                          Place, Return, Rotate, StartRound, Stop, Take, TimeUp)
from game.games.island_race.scoring import (closed_landscapes, landscapes, score_round, wrong_joints)
from game.games.island_race.tiles import BACK, DIRECTIONS, FRONT, STEP, TILE_IDS, WATER, face_of, opposite

MAX_STEPS = 4000
TILE_ID = re.compile(r'"T\d\d"')
TIMER_MODES = ({}, {"expert-timer": True}, {"no-timer": True})


def option_sets(players: int) -> list[dict]:
    sets = [dict(t) for t in TIMER_MODES]
    if players == 2:
        sets += [dict(t, **{"big-island": True}) for t in TIMER_MODES]
    return sets


# --------------------------------------------------------------------------------------------------
# Checks
# --------------------------------------------------------------------------------------------------
def check_tiles(h: IslandRound) -> None:
    assert h.all_tiles() == sorted(TILE_IDS)
    for seat in range(h.players):
        if h.hands[seat] is not None:
            slot = h.hand_slot[seat]
            assert h.pile[slot] is None and h.taken_by[slot] == seat
        else:
            assert h.hand_slot[seat] == -1
    for slot, p in enumerate(h.pile):
        assert (p is None) == (h.taken_by[slot] is not None)
        if p is not None:
            assert p.face == face_of(p.tile, p.side, p.rot)


def check_views(h: IslandRound, seats) -> None:
    for seat in seats:
        v = h.view(seat)
        data = v.to_json()
        text = json.dumps(data)
        assert not TILE_ID.search(text), "a view must never name a tile"
        assert v.all_tiles() == []
        for real, seen, raw in zip(h.pile, v.pile, data["pile"]):
            assert (real is None) == (seen is None)
            if real is not None:
                assert set(raw) == {"side", "rot", "face"}       # one face: the up face, no down face
                assert seen.face == real.face and seen.tile is None
        for real, seen in zip(h.hands, v.hands):
            assert (real is None and seen is None) or (seen.face == real.face and seen.tile is None)
        assert [[p.face if p else None for p in g] for g in v.grids] == \
            [[p.face if p else None for p in g] for g in h.grids]
        assert IslandRound.from_json(json.loads(text)).to_json() == data
        if seat is not None:
            assert v.legal_actions(seat) == h.legal_actions(seat)


def check_json(m: IslandMatch) -> None:
    data = json.loads(json.dumps(m.to_json()))
    again = RULES.state_from_json(data)
    assert type(again) is IslandMatch and again.to_json() == m.to_json()
    for seat in [SYSTEM, *range(m.players)]:
        assert again.legal_actions(seat) == m.legal_actions(seat)


def check_round_scores(h: IslandRound, result) -> None:
    assert h.phase == OVER and h.hands == [None] * h.players
    check_tiles(h)
    scores = h.scores
    assert scores is not None
    assert result.scores == [float(s.total) for s in scores]
    assert result.scores == [sum(v for _, v in rows) for rows in result.breakdown]
    again = score_round([h.faces(s) for s in range(h.players)], h.size, h.first_out, h.totals_before)
    assert [x.to_json() for x in again] == [x.to_json() for x in scores]
    most = max((s.volcanoes for s in scores if s.valid), default=0)
    for seat, s in enumerate(scores):
        faces = h.faces(seat)
        if not s.valid:
            assert s.water_faults and s.total == 0 and s.first_out == 0 and s.volcano_penalty == 0
            continue
        assert s.animals == sum(1 for f in faces if f is not None and f.animal)
        assert s.volcanoes == sum(1 for f in faces if f is not None and f.volcano)
        assert s.empty == sum(1 for f in faces if f is None)
        assert s.wrong == len(wrong_joints(faces, h.size))
        assert s.volcano_penalty == (most if most >= 1 and s.volcanoes == most else 0)
        assert s.first_out == (4 if seat == h.first_out else 0)
        assert s.raw == s.animals + 2 * len(s.landscapes) - s.volcano_penalty - s.empty - s.wrong + s.first_out
        assert s.total == max(0, s.raw) >= 0
        assert s.running_total == h.totals_before[seat] + s.total


# --------------------------------------------------------------------------------------------------
# Random agents
# --------------------------------------------------------------------------------------------------
def pick(rng: Rng, h: IslandRound, seat: int) -> Action:
    legal = h.legal_actions(seat)
    assert legal, "a current player always has a legal action"
    dones = [a for a in legal if isinstance(a, Done)]
    if dones and rng.below(3):
        return dones[0]
    places = [a for a in legal if isinstance(a, Place)]
    if places and rng.below(2):
        return rng.choice(places)
    if h.phase == LAST and rng.below(6) == 0:
        return Stop(seat)
    return rng.choice(legal)


def wild(rng: Rng, h: IslandRound, seat: int) -> Action:
    """Any action of a seat, legal or not (contention, early Done, cells outside the grid...)."""
    k = rng.below(7)
    if k == 0:
        return Take(seat, rng.below(50) - 1)
    if k == 1:
        return Place(seat, (rng.below(h.size + 2) - 1, rng.below(h.size + 2) - 1))
    if k == 2:
        return Rotate(seat, rng.choice([1, -1, 2]))
    if k == 3:
        return Return(seat)
    if k == 4:
        return Done(seat)
    if k == 5:
        return Stop(seat)
    return rng.choice([TimeUp(), StartRound(), TimeUp(seat)])


def play_race(players: int, options: dict, seed: int, moves: int, every: int = 15) -> IslandMatch:
    m = RULES.new_game(players, options, seed)
    assert isinstance(m, IslandMatch)
    rng = Rng(moves)
    now = 0.0
    steps = 0
    while not m.is_over():
        assert m.hand.phase == MIX and m.current_players() == ()
        check_tiles(m.hand)
        m.advance_time(now)
        m.apply(StartRound())
        index = m.hand_index
        time_up_at = rng.below(300) if rng.below(4) else None     # a random moment, or never
        k = 0
        while not m.is_over() and m.hand_index == index:
            h = m.hand
            assert isinstance(h, IslandRound) and h.phase in (PLAY, LAST)
            check_tiles(h)
            if k % every == 0:
                check_views(h, [None, rng.below(players)] if k else [None, *range(players)])
                check_json(m)
            if time_up_at is not None and k >= time_up_at and h.is_legal(TimeUp()):
                m.apply(TimeUp())
                break
            seats = m.current_players()
            assert seats
            seat = rng.choice(seats)
            if rng.below(8) == 0:
                action = wild(rng, h, seat)
                legal = action in h.legal_actions(action.seat)
                assert h.is_legal(action) == legal
                if not legal:
                    before = m.to_json() if rng.below(4) == 0 else None
                    with pytest.raises(IllegalAction):
                        m.apply(action)
                    assert before is None or m.to_json() == before
                    continue
            else:
                action = pick(rng, h, seat)
            barrier = m.undo_barrier
            m.apply(action)
            assert m.undo_barrier > barrier
            now += 0.05 + rng.random()
            m.advance_time(now)
            k += 1
            steps += 1
            assert steps < MAX_STEPS, "the game must end"
        check_round_scores(m.last_hand, m.hand_results[-1])
    assert len(m.hand_results) == 3 and m.legal_actions(SYSTEM) == []
    res = m.result()
    assert res.scores == [sum(r.scores[s] for r in m.hand_results) for s in range(players)]
    assert res.scores == [sum(v for _, v in rows) for rows in res.breakdown]
    best = max(res.scores)
    assert res.winners == [s for s in range(players) if res.scores[s] == best]    # R28-R29
    assert [s.running_total for s in m.last_hand.scores] == [int(x) for x in res.scores]
    check_json(m)
    return m


@settings(max_examples=160, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), timer=st.sampled_from(range(3)),
       big=st.booleans(), moves=st.integers(0, 2**32))
def test_random_races_keep_every_invariant(seed, players, timer, big, moves):
    options = dict(TIMER_MODES[timer])
    if big and players == 2:
        options["big-island"] = True
    play_race(players, options, seed, moves)


def test_every_option_combination_and_player_count_plays_to_the_end():
    k = 0
    for players in (2, 3, 4):
        for options in option_sets(players):
            for rep in range(3):
                play_race(players, options, 500 + k, 7 * k + rep, every=20)
                k += 1


@pytest.mark.soak
def test_soak_random_races():
    games = int(os.environ.get("IR_SOAK_GAMES", "2000"))
    combos = [(p, o) for p in (2, 3, 4) for o in option_sets(p)]
    for k in range(games):
        players, options = combos[k % len(combos)]
        play_race(players, options, 10_000 + k, 31 * k, every=25)


def test_same_seed_same_actions_same_game():
    a = play_race(3, {}, 42, 1)
    b = play_race(3, {}, 42, 1)
    assert a.to_json() == b.to_json()
    assert RULES.new_game(3, {}, 42).to_json() != RULES.new_game(3, {}, 43).to_json()


# --------------------------------------------------------------------------------------------------
# Real time: agents on a simulated clock, the scene's TimeUp at the deadline
# --------------------------------------------------------------------------------------------------
class PacedRandomAgent(RealtimeAgent):
    """Acts on its view only, one action every 0.3-1.3 s (a stand-in for the real bots)."""

    def __init__(self, seat: int, seed: int):
        super().__init__(seat)
        self.rng = Rng(seed)
        self.plan: tuple[Action, float] | None = None
        self.last = 0.0

    def next_action(self, view, now):
        if self.plan is None or not view.is_legal(self.plan[0]):
            self.plan = (pick(self.rng, view.hand, self.seat), max(now, self.last) + 0.3 + self.rng.random())
        return self.plan

    def on_applied(self, action, at):
        self.last = at
        self.plan = None


@pytest.mark.parametrize("options", [{}, {"expert-timer": True}, {"no-timer": True}])
def test_run_realtime_with_the_scene_clock(options):
    m = RULES.new_game(3, options, 77)
    agents = [PacedRandomAgent(seat, seat + 1) for seat in range(3)]
    clock = SimulatedClock()
    while not m.is_over():
        m.advance_time(clock.now())
        m.apply(StartRound())
        start, index = clock.now(), m.hand_index
        timer = m.hand.timer
        deadline = start + timer if timer is not None else start + 10_000
        timeline = run_realtime(m, agents, clock, until=deadline)
        assert all(t.action.seat >= 0 for t in timeline) and sum(t.applied for t in timeline) >= 9
        if m.hand_index == index and not m.is_over():
            assert timer is not None and m.hand.time_left() == 0.0 and clock.now() == deadline
            m.apply(TimeUp())
        check_round_scores(m.last_hand, m.hand_results[-1])
        clock.advance(5.0)   # the scoring screen
    assert len(m.hand_results) == 3


# --------------------------------------------------------------------------------------------------
# §5.2 against a brute-force flood fill over edges
# --------------------------------------------------------------------------------------------------
def brute_force_landscapes(grid, size):
    """Flood fill over land edges (cell, d): joined inside a region, and across a matched joint. A
    landscape is closed iff every one of its edges lies on a matched joint. Returned as node sets."""
    def face_at(cell):
        r, c = cell
        return grid[r * size + c] if 0 <= r < size and 0 <= c < size else None

    edges = [((r, c), d) for r in range(size) for c in range(size) if (f := grid[r * size + c]) is not None
             for d in DIRECTIONS if f.edges[d] != WATER]

    def matched(edge):
        (r, c), d = edge
        other = face_at((r + STEP[d][0], c + STEP[d][1]))
        return other is not None and other.edges[opposite(d)] == face_at((r, c)).edges[d]

    def links(edge):
        cell, d = edge
        f = face_at(cell)
        out = [(cell, e) for e in f.regions[f.region_of(d)] if e != d]
        if matched(edge):
            out.append(((cell[0] + STEP[d][0], cell[1] + STEP[d][1]), opposite(d)))
        return out

    seen, closed, opened = set(), set(), set()
    for start in edges:
        if start in seen:
            continue
        comp, todo = set(), [start]
        while todo:
            e = todo.pop()
            if e in comp:
                continue
            comp.add(e)
            todo.extend(links(e))
        seen |= comp
        nodes = frozenset((cell, face_at(cell).region_of(d)) for cell, d in comp)
        (closed if all(matched(e) for e in comp) else opened).add(nodes)
    return closed, opened


ALL_FACES = [face_of(t, side, r) for t in TILE_IDS for side in (FRONT, BACK) for r in range(4)]
BY_NW: dict[tuple[str, str], list] = {}
for _f in ALL_FACES:
    BY_NW.setdefault((_f.edges[0], _f.edges[3]), []).append(_f)


def random_grid(rng: Rng, size: int, fill: float):
    return [rng.choice(ALL_FACES) if rng.random() < fill else None for _ in range(size * size)]


def test_region_finder_agrees_with_brute_force_on_thousands_of_grids():
    rng = Rng(2024)
    for k in range(3000):
        size = 3 if k % 3 else 4
        grid = random_grid(rng, size, 0.6 + 0.4 * rng.random())
        closed, still_open = landscapes(grid, size)
        bf_closed, bf_open = brute_force_landscapes(grid, size)
        assert {frozenset(x.nodes) for x in closed} == bf_closed
        assert {frozenset(x.nodes) for x in still_open} == bf_open


def test_region_finder_agrees_on_islands_built_from_matching_faces():
    """Random grids rarely close anything; these prefer faces that match their placed neighbours."""
    rng = Rng(7)
    closed_seen = 0
    for k in range(800):
        size = 3 if k % 2 else 4
        grid = [None] * (size * size)
        for i in range(size * size):
            r, c = divmod(i, size)
            up = grid[i - size] if r > 0 else None
            left = grid[i - 1] if c > 0 else None
            north = up.edges[2] if up is not None else rng.choice("wpfd")
            west = left.edges[1] if left is not None else rng.choice("wpfd")
            fits = BY_NW.get((north, west))
            grid[i] = rng.choice(fits) if fits and rng.below(10) else rng.choice(ALL_FACES)
        closed = closed_landscapes(grid, size)
        closed_seen += len(closed)
        assert {frozenset(x.nodes) for x in closed} == brute_force_landscapes(grid, size)[0]
    assert closed_seen > 1000


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.none(), st.integers(0, len(ALL_FACES) - 1)), min_size=9, max_size=9))
def test_region_finder_property(cells):
    grid = [ALL_FACES[i] if i is not None else None for i in cells]
    closed, still_open = landscapes(grid, 3)
    assert ({frozenset(x.nodes) for x in closed}, {frozenset(x.nodes) for x in still_open}) == \
        brute_force_landscapes(grid, 3)
    for land in closed:   # each landscape has one terrain, and its edges are its regions' edges
        assert {grid[c[0] * 3 + c[1]].edges[d] for c, d in land.edges} == {land.terrain}


# --------------------------------------------------------------------------------------------------
# Catalog keys of everything the engine emits
# --------------------------------------------------------------------------------------------------
def _keys(text) -> set[str]:
    from game.core.protocol import Text
    keys = {text.key}
    for _, value in text.params:
        if isinstance(value, Text):
            keys |= _keys(value)
    return keys


def test_every_emitted_text_is_in_both_catalogs():
    from game.i18n import has_key
    keys: set[str] = set()
    for k in range(12):
        players = 2 + k % 3
        m = play_race(players, option_sets(players)[k % len(option_sets(players))], k, k, every=10_000)
        keys |= {key for e in m.log for key in _keys(e.text)}
        res = m.result()
        keys |= {key for rows in res.breakdown for key, _ in rows} | set(res.stats)
        for r in m.hand_results:
            keys |= {key for rows in r.breakdown for key, _ in rows} | set(r.stats)
    # every reason: try every wild action in every phase
    r = IslandRound.mix(2, {"no-timer": True}, 1)
    states = [r.clone()]
    r.apply(StartRound())
    states.append(r.clone())
    rng = Rng(1)
    for _ in range(200):
        for state in states + [r]:
            try:
                state.apply(wild(rng, state, rng.below(3)))
            except IllegalAction as exc:
                keys |= _keys(exc.reason)
        if not r.is_over() and r.current_players():
            r.apply(pick(rng, r, rng.choice(r.current_players())))
    for option in RULES.options:
        keys |= {option.label, option.help}
    keys |= {f"ir.place.{i}" for i in range(1, 5)} | {"ir.place.n", "ir.log.floor"}
    missing = [(key, lang) for key in sorted(keys) for lang in ("en", "it") if not has_key(key, lang)]
    assert not missing
    assert {"ir.reason.not_full", "ir.reason.outside", "ir.reason.hand_empty", "ir.log.go"} <= keys
