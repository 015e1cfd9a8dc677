"""Island Race bots (spec §10): real-time agents on a simulated clock, the headless referee, the round
reports, and the evaluation model against the scoring rules."""
from __future__ import annotations

import copy
import math

import pytest

from game.core.protocol import IllegalAction
from game.core.realtime import SimulatedClock, run_realtime
from game.core.rng import Rng
from game.games import RealtimeGameError
from game.games.island_race import GAME
from game.games.island_race.bots import (PLACEABLE_MASKS, IslandAgent, IslandModel, IslandReferee, geometry, info,
                                         make_agent, round_of, round_reports, volcano_cost)
from game.games.island_race.rules import (PLAY, RULES, Done, Flip, IslandMatch, Place, Return, Rotate,
                                          StartRound, Stop, Take, TimeUp)
from game.games.island_race.scoring import closed_landscapes, water_faults, water_faults_at, wrong_joints
from game.games.island_race.tiles import BACK, FRONT, TILE_IDS, face_of
from tests.games.island_race.helpers import ANNA, BEN

PLAYER_ACTIONS = (Take, Rotate, Flip, Return, Place, Done, Stop)


def play(levels: list[str], seed: int, options: dict | None = None, **kw) -> tuple[IslandMatch, list]:
    """A whole match in simulated time: the levels' agents and the referee."""
    m = RULES.new_game(len(levels), options or {}, seed)
    agents = [make_agent(level, seat, seed * 10 + seat, **kw) for seat, level in enumerate(levels)]
    timeline = run_realtime(m, [*agents, IslandReferee(m.options)], SimulatedClock(), until=math.inf)
    assert m.is_over()
    return m, timeline


def ask(agent: IslandAgent, view, now: float):
    """next_action, called again while the agent is busy (as run_realtime does)."""
    plan = agent.next_action(view, now)
    while plan is None and agent.busy():
        plan = agent.next_action(view, now)
    return plan


def started(players: int = 2, seed: int = 3, options: dict | None = None) -> IslandMatch:
    m = RULES.new_game(players, options or {}, seed)
    m.advance_time(3.0)
    m.apply(StartRound())
    return m


# --------------------------------------------------------------------------------------------------
# The package and the factory
# --------------------------------------------------------------------------------------------------
def test_the_package_is_a_real_time_game_without_turn_taking_bots():
    assert GAME.realtime and GAME.make_bot is None and GAME.rules is RULES
    assert GAME.make_referee is not None and GAME.round_reports is not None
    with pytest.raises(RealtimeGameError, match="real-time"):
        GAME.bot("easy", 0, 1)
    assert all(key.startswith(("ir.rulebook.", "@")) for key in GAME.rules_summary)


def test_make_agent_levels():
    for level in ("easy", "medium", "hard"):
        agent = make_agent(level, 1, 5)
        assert isinstance(agent, IslandAgent) and agent.level == level and agent.seat == 1
        assert agent.pending is None and agent.intent is None and not agent.busy()
    assert make_agent("easy", 0, 1).style.mult > make_agent("medium", 0, 1).style.mult \
        > make_agent("hard", 0, 1).style.mult
    with pytest.raises(ValueError, match="genius"):
        make_agent("genius", 0, 1)


# --------------------------------------------------------------------------------------------------
# Whole matches: legal actions only, every variant
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("levels,options", [
    (["medium", "easy", "hard"], {}),
    (["easy", "medium", "medium", "easy"], {"expert-timer": True}),
    (["medium", "easy"], {"no-timer": True}),
    (["easy", "medium"], {"big-island": True}),
])
def test_whole_matches_send_only_legal_actions_and_keep_the_water_rule(levels, options):
    m, timeline = play(levels, 11, options)
    assert len(m.hand_results) == 3
    for t in timeline:
        if not t.applied:  # only a Take can lose a race to a faster player
            assert isinstance(t.action, Take)
    assert all(isinstance(t.action, PLAYER_ACTIONS) for t in timeline if t.action.seat >= 0)
    starts = [t.time for t in timeline if isinstance(t.action, StartRound)]
    assert len(starts) == 3
    if options.get("no-timer"):
        assert not any(isinstance(t.action, TimeUp) for t in timeline)
        assert any(isinstance(t.action, (Stop, Place)) for t in timeline)
    length = 180 if options.get("expert-timer") else 240
    for rnd in round_reports(m, timeline):
        for facts in rnd:
            assert facts["valid"]  # no bot ever breaks the water rule
            if facts["done_at"] is not None and not options.get("no-timer"):
                assert 0 < facts["done_at"] <= length
    last = m.last_hand
    for seat in range(len(levels)):
        assert not water_faults(last.faces(seat), last.size)


def test_the_last_tile_phase_ends_with_a_place_or_a_stop_from_each_other_bot():
    m, timeline = play(["hard", "medium", "easy"], 4, {"no-timer": True})
    for r in range(3):
        starts = [i for i, t in enumerate(timeline) if isinstance(t.action, StartRound)]
        end = starts[r + 1] if r + 1 < 3 else len(timeline)
        part = [t for t in timeline[starts[r]:end] if t.applied]
        dones = [i for i, t in enumerate(part) if isinstance(t.action, Done)]
        assert len(dones) == 1  # V3.4: only the first Done
        after = part[dones[0] + 1:]
        finishers = {t.action.seat for t in after if isinstance(t.action, (Stop, Place))}
        assert finishers == set(range(3)) - {part[dones[0]].action.seat}
        for seat in finishers:
            assert sum(1 for t in after if t.action.seat == seat and isinstance(t.action, Place)) <= 1


# --------------------------------------------------------------------------------------------------
# Contention: a faster player takes the tile first
# --------------------------------------------------------------------------------------------------
def test_a_tile_taken_by_someone_faster_is_noticed_and_the_agent_recovers():
    for level in ("easy", "medium", "hard"):
        m = started(2, seed=8)
        agent = make_agent(level, ANNA, 21)
        action, at = ask(agent, m.view(ANNA), 3.0)
        assert isinstance(action, Take) and at > 3.0
        assert agent.intent == ("pile", action.slot) and agent.intent_at == at
        m.advance_time(at - 0.05)
        m.apply(Take(BEN, action.slot))  # Ben is faster
        with pytest.raises(IllegalAction):
            m.apply(action)  # what the scene would try (and drop) if the agent had not looked again
        again, at2 = ask(agent, m.view(ANNA), at - 0.05)
        assert m.hand.is_legal(again) and again != action and at2 >= at - 0.05
        m.advance_time(at2)
        m.apply(again)
        agent.on_applied(again, at2)
        nxt, _ = ask(agent, m.view(ANNA), at2)
        assert m.hand.is_legal(nxt)


# --------------------------------------------------------------------------------------------------
# §10: what a bot does not see cannot change what it does
# --------------------------------------------------------------------------------------------------
def twin(m: IslandMatch, k: int = 0) -> IslandMatch:
    """The same match to every seat's eyes (``RULES.twin``): pile, held and placed tiles showing the same
    face trade identities, so their down faces differ; every view is the same."""
    return RULES.twin(m, None, Rng(1000 + k))


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_two_states_differing_only_in_down_faces_give_the_same_decisions_and_timings(level):
    m = RULES.new_game(3, {}, 19)
    agents = [make_agent(lv, s, 70 + s) for s, lv in enumerate([level, "medium", "easy"])]
    referee = IslandReferee(m.options)
    clock = SimulatedClock()
    checked = 0
    while not m.is_over() and checked < 12:
        run_realtime(m, [*agents, referee], clock, until=math.inf, max_events=20)
        if m.hand.phase != PLAY:
            continue
        other = twin(m, checked)
        for seat in range(3):
            assert m.view(seat).to_json() == other.view(seat).to_json()
            a, b = copy.deepcopy(agents[seat]), copy.deepcopy(agents[seat])
            now = clock.now()
            assert ask(a, m.view(seat), now) == ask(b, other.view(seat), now)
            assert (a.intent, a.intent_at, a.target_cell) == (b.intent, b.intent_at, b.target_cell)
        checked += 1
    assert checked >= 6


def test_a_race_from_twin_starts_is_the_same_until_a_swapped_tile_is_flipped():
    first = RULES.new_game(2, {}, 23)
    first.advance_time(3.0)
    first.apply(StartRound())
    second = twin(first)
    assert second is not None
    swapped = {s for s, (p, q) in enumerate(zip(first.hand.pile, second.hand.pile))
               if p is not None and p.tile != q.tile}

    def run(m):
        agents = [make_agent("hard", 0, 5), make_agent("medium", 1, 6)]
        return run_realtime(m, agents, SimulatedClock(3.0), until=243.0)

    a, b = run(first), run(second)
    held: dict[int, int] = {}
    cut = len(a)
    for i, t in enumerate(a):
        if isinstance(t.action, Take) and t.applied:
            held[t.action.seat] = t.action.slot
        if isinstance(t.action, Flip) and held.get(t.action.seat) in swapped:
            cut = i + 1  # the flip itself is the same action; what it shows differs
            break
    assert cut > 10
    assert a[:cut] == b[:cut]


def test_same_seed_same_match_and_other_seeds_differ():
    _, a = play(["hard", "easy"], 31)
    _, b = play(["hard", "easy"], 31)
    _, c = play(["hard", "easy"], 32)
    assert a == b and a != c


def test_a_plan_split_over_many_calls_gives_the_same_decision():
    m = started(3, seed=12)
    whole = make_agent("hard", 0, 99, slice_ms=0)
    split = make_agent("hard", 0, 99, slice_ms=1e-6)
    expected = whole.next_action(m.view(0), 3.0)
    calls = 1
    got = split.next_action(m.view(0), 3.0)
    assert got is None and split.busy() and split.thinking
    while got is None:
        assert split.busy()
        got = split.next_action(m.view(0), 3.0)
        calls += 1
    assert got == expected and calls > 3 and not split.busy() and not split.thinking


# --------------------------------------------------------------------------------------------------
# Strength and pace
# --------------------------------------------------------------------------------------------------
def test_hard_builds_complete_valid_islands_and_easy_is_slower():
    hard_islands, done = [], {"easy": [], "hard": []}
    for seed in (1, 2):
        m, timeline = play(["hard", "medium", "easy"], seed)
        for rnd in round_reports(m, timeline):
            hard_islands.append(rnd[0]["complete_valid"])
            for seat, level in ((0, "hard"), (2, "easy")):
                t = rnd[seat]["done_at"]
                done[level].append(t if t is not None else 240.0)
    assert sum(hard_islands) >= len(hard_islands) - 1
    assert sum(done["easy"]) / len(done["easy"]) > sum(done["hard"]) / len(done["hard"])


def test_medium_aims_at_three_minutes_or_so():
    m, timeline = play(["medium", "medium"], 5)
    times = [facts["done_at"] for rnd in round_reports(m, timeline) for facts in rnd]
    assert all(t is not None for t in times)
    assert 150 <= sum(times) / len(times) <= 225


# --------------------------------------------------------------------------------------------------
# What the scene reads
# --------------------------------------------------------------------------------------------------
GLOVE_REST = 10.0   # issue 20: no bot rests on one tile longer than this without showing it is choosing


def glove_log(levels: list[str], seed: int, options: dict | None = None, speed: float = 1.0):
    """A whole match in simulated time, with what each agent tells the scene at every event: per event
    (the referee is asked last, once per event), its time and, per seat in the race, (pending, intent,
    weighing, holding a tile)."""
    m = RULES.new_game(len(levels), options or {}, seed)
    agents = [make_agent(level, seat, seed * 10 + seat, speed=speed) for seat, level in enumerate(levels)]
    events: list[tuple[float, dict]] = []
    seen: dict[int, tuple] = {}

    def watch(agent):
        ask_ = agent.next_action

        def next_action(view, now):
            plan = ask_(view, now)
            if plan is not None or not agent.busy():
                rnd = round_of(view)
                seen[agent.seat] = (agent.pending, agent.intent, agent.weighing,
                                    rnd is not None and rnd.hands[agent.seat] is not None)
            return plan
        agent.next_action = next_action

    for agent in agents:
        watch(agent)
    referee = IslandReferee(m.options)
    ref_ask = referee.next_action

    def ref_next(view, now):
        events.append((now, dict(seen)))
        seen.clear()
        return ref_ask(view, now)

    referee.next_action = ref_next
    run_realtime(m, [*agents, referee], SimulatedClock(), until=math.inf)
    assert m.is_over() and len(m.hand_results) == 3
    return events


def glove_rests(events, look: float) -> dict[int, float]:
    """Per seat, the longest time its glove would stay on one point (a pile tile, a cell, its resting place)
    as the scene aims it (``HandAiming``): while the pending action is more than ``look`` away and the bot
    weighs at least two things, the glove goes from one to the next; otherwise it stays on the action's
    intent (a tile it reaches for, the cell it carries a tile to), browses over the pile (nothing in hand,
    no intent), or rests beside its island (a tile in hand and no plan)."""
    runs: dict[int, tuple[object, float, float]] = {}   # seat -> (point, since, until)
    longest: dict[int, float] = {}
    for (t0, seats), (t1, _) in zip(events, events[1:]):
        if t1 <= t0:
            continue
        for seat in list(runs):
            if seat not in seats:
                del runs[seat]      # out of the race (Done, or between rounds): the glove rests by its island
        for seat, (pending, intent, weighing, holding) in seats.items():
            longest.setdefault(seat, 0.0)
            point = intent if intent is not None else ("rest" if holding else None)
            still_from = t0
            if pending is not None and len(set(weighing)) >= 2:
                still_from = max(t0, pending[1] - look)   # it shows what it weighs until one look before
            parts = []
            if still_from > t0 or point is None:
                parts.append((None, t0, min(t1, still_from) if point is not None else t1))
            if point is not None and still_from < t1:
                parts.append((point, still_from, t1))
            for what, a, b in parts:
                run = runs.get(seat)
                if what is None:
                    runs.pop(seat, None)
                elif run is not None and run[0] == what and abs(run[2] - a) < 1e-9:
                    runs[seat] = (what, run[1], b)
                else:
                    runs[seat] = (what, a, b)
                if seat in runs:
                    longest[seat] = max(longest[seat], runs[seat][2] - runs[seat][1])
    return longest


@pytest.mark.parametrize("levels,seed,options,speed", [
    (["easy", "medium", "hard"], 7, {}, 1.0),
    (["hard", "easy", "medium", "easy"], 8, {"expert-timer": True}, 1.0),
    (["medium", "easy"], 9, {"big-island": True}, 1.5),
])
def test_no_bot_rests_on_one_tile_longer_than_ten_seconds_without_weighing_several(levels, seed, options, speed):
    """Whole matches of every level on the simulated clock: whenever a bot's next action is more than ten
    seconds away it weighs at least two things (tiles, places) for the scene's glove to go between, so no
    glove stays on one tile (or cell) longer than ten seconds of race time; at the slow bot speed too."""
    from game.games.island_race.pace import GLOVE_LOOK
    events = glove_log(levels, seed, options, speed)
    longest = glove_rests(events, GLOVE_LOOK * speed)
    assert set(longest) == set(range(len(levels)))
    assert max(longest.values()) <= GLOVE_REST, {levels[s]: round(v, 1) for s, v in longest.items()}
    waits = [p[1] - t for t, seats in events for p, _i, _w, _h in seats.values() if p is not None]
    assert max(waits) > 2 * GLOVE_REST           # the bots did make long choices (and showed them)


def test_the_glove_rest_measure_sees_a_bot_resting_without_weighing():
    """The measure of the test above: a Take 30 s away with nothing weighed is a 30 s rest on its tile; the
    same wait weighing two tiles rests only for the last look; a bot browsing the pile never rests."""
    take = (Take(0, 3), 40.0)
    alone = [(10.0, {0: (take, ("pile", 3), (), False)}), (40.0, {})]
    weighed = [(10.0, {0: (take, ("pile", 3), (("pile", 3), ("pile", 5)), False)}), (40.0, {})]
    browsing = [(10.0, {0: (None, None, (), False)}), (40.0, {})]
    assert glove_rests(alone, 1.6) == {0: pytest.approx(30.0)}
    assert glove_rests(weighed, 1.6) == {0: pytest.approx(1.6)}
    assert glove_rests(browsing, 1.6) == {0: 0.0}
    # two plans in a row on the same tile add up; a move to another tile starts again
    split = [(10.0, {0: ((Take(0, 3), 20.0), ("pile", 3), (), False)}),
             (18.0, {0: ((Take(0, 3), 26.0), ("pile", 3), (("pile", 3),), False)}), (26.0, {})]
    assert glove_rests(split, 1.6) == {0: pytest.approx(16.0)}


def test_intent_follows_the_hand_from_the_pile_to_the_cell():
    m = started(2, seed=40)
    agent = make_agent("medium", ANNA, 3)
    now = 3.0
    seen = []
    for _ in range(60):
        plan = ask(agent, m.view(ANNA), now)
        assert plan is not None
        action, at = plan
        assert agent.pending == plan and agent.intent_at == at and agent.intent_since <= at
        seen.append((type(action).__name__, agent.intent))
        if isinstance(action, Take):
            assert agent.intent == ("pile", action.slot)
        elif isinstance(action, Place):
            assert agent.intent == ("cell", action.cell) and agent.target_cell == action.cell
        elif isinstance(action, Return):
            assert agent.intent == ("pile", m.hand.hand_slot[ANNA])
        m.advance_time(at)
        m.apply(action)
        agent.on_applied(action, at)
        now = at
        if isinstance(action, Place):
            break
    assert seen[-1][0] == "Place" and any(kind == "Take" for kind, _ in seen)
    after = ask(agent, m.view(ANNA), now)
    assert after is not None and isinstance(after[0], Take) and agent.intent == ("pile", after[0].slot)
    assert agent.intent_since == now  # the hand sets off from the cell it just filled


def test_no_action_before_go_or_after_time_up():
    m = RULES.new_game(2, {}, 2)
    agent = make_agent("hard", 0, 1)
    assert agent.next_action(m.view(0), 0.0) is None and agent.pending is None
    m.advance_time(3.0)
    m.apply(StartRound())
    assert ask(agent, m.view(0), 3.0) is not None
    m.advance_time(243.0)
    m.apply(TimeUp())
    assert round_of(m.view(0)).phase != PLAY or m.hand.round_index == 1
    assert agent.next_action(m.view(0), 243.0) is None and agent.intent is None


def test_the_referee_starts_rounds_after_the_countdown_and_calls_time():
    for options, length in (({}, 240), ({"expert-timer": True}, 180), ({"no-timer": True}, None)):
        m = RULES.new_game(2, options, 1)
        ref = IslandReferee(m.options)
        assert ref.system and ref.seat < 0
        assert ref.next_action(m.view(-1), 10.0) == (StartRound(), 13.0)
        assert ref.next_action(m.view(-1), 12.0) == (StartRound(), 13.0)  # the same plan, the same time
        m.advance_time(13.0)
        m.apply(StartRound())
        got = ref.next_action(m.view(-1), 13.0)
        assert got == ((TimeUp(), 13.0 + length) if length is not None else None)


def test_round_reports():
    m, timeline = play(["medium", "easy"], 9, {"expert-timer": True})
    reports = round_reports(m, timeline)
    assert len(reports) == 3 and all(len(r) == 2 for r in reports)
    for r, rnd in enumerate(reports):
        scores = m.hand_results[r].scores
        for seat, facts in enumerate(rnd):
            assert set(facts) == {"complete", "valid", "complete_valid", "round_score", "done_at", "dropped"}
            assert facts["round_score"] == scores[seat]
            assert facts["complete_valid"] == (facts["complete"] and facts["valid"])
            if facts["done_at"] is not None:
                assert facts["complete"]


# --------------------------------------------------------------------------------------------------
# The evaluation model agrees with the scoring rules (§5)
# --------------------------------------------------------------------------------------------------
ALL_FACES = [face_of(t, side, r) for t in TILE_IDS for side in (FRONT, BACK) for r in range(4)]


def test_the_island_model_counts_what_scoring_counts():
    rng = Rng(77)
    checked = 0
    for k in range(1500):
        size = 3 if k % 4 else 4
        grid = [rng.choice(ALL_FACES) if rng.random() < 0.55 else None for _ in range(size * size)]
        model = IslandModel(grid, size, 0.5)
        assert model.closed == len(closed_landscapes(grid, size))
        empty = [i for i, f in enumerate(grid) if f is None]
        if not empty:
            continue
        idx = rng.choice(empty)
        face = rng.choice(ALL_FACES)
        closed, wrong, _ = model.delta(face, idx)
        after = list(grid)
        after[idx] = face
        assert model.closed + closed == len(closed_landscapes(after, size)), (grid, idx, face)
        assert len(wrong_joints(grid, size)) + wrong == len(wrong_joints(after, size))
        placed, fresh = model.placed(face, idx), IslandModel(after, size, 0.5)
        assert placed.closed == fresh.closed == len(closed_landscapes(after, size))
        assert sorted(x for x in placed.pot if x) == pytest.approx(sorted(x for x in fresh.pot if x))
        assert placed.volcanoes == fresh.volcanoes and placed.filled == fresh.filled
        for other in rng.sample(ALL_FACES, 8):  # the updated model values the next placement alike
            for nxt in [i for i, f in enumerate(after) if f is None][:2]:
                assert placed.delta(other, nxt) == pytest.approx(fresh.delta(other, nxt))
        checked += 1
    assert checked > 1000


def test_volcano_cost_is_the_count_only_when_it_is_the_most():
    assert volcano_cost(0, 3.0, 2.0) == 0.0
    assert volcano_cost(4, 1.0, 2.5) == pytest.approx(4.0, abs=0.01)
    assert volcano_cost(1, 4.0, 2.5) == pytest.approx(0.0, abs=0.01)
    assert 0.0 < volcano_cost(2, 2.0, 2.5) < 2.0  # a tie (or about): partly


def test_the_water_masks_agree_with_the_engine_s_water_rule_on_every_face_and_cell():
    """The bots' fast path (``PLACEABLE_MASKS``, ``geometry``) against ``scoring.water_faults_at`` (R20)."""
    faces = set(ALL_FACES)
    for size in (3, 4):
        masks = geometry(size)[0]
        for idx in range(size * size):
            cell = divmod(idx, size)
            for face in faces:
                fits = info(face).mask == masks[idx]
                assert fits == (not water_faults_at(face, cell, size)), (face, cell, size)
                assert not fits or info(face).mask in PLACEABLE_MASKS


def test_bots_place_only_where_the_engine_says_and_finish_as_it_says():
    """On random positions of random races: every Place a bot plans is legal (the engine's legal cells)
    and keeps the water rule; a bot with a full grid asks for Done (Stop in the last-tile phase)."""
    rng = Rng(3)
    checked = 0
    for seed in range(6):
        options = [{}, {"no-timer": True}, {"big-island": True}][seed % 3]
        m = RULES.new_game(2, options, seed)
        m.advance_time(3.0)
        m.apply(StartRound())
        agents = [make_agent(level, s, 50 + seed) for s, level in enumerate(["hard", "easy"])]
        clock = 3.0
        for _ in range(400):
            if m.is_over() or m.hand.phase not in (PLAY, "last"):
                break
            seat = rng.choice(m.current_players()) if m.current_players() else None
            if seat is None:
                break
            plan = ask(agents[seat], m.view(seat), clock)
            if plan is None:
                continue
            action, at = plan
            assert m.hand.check(action) is None, (action, m.hand.check(action))
            if isinstance(action, Place):
                assert not m.hand.water_faults_of_placement(seat, action.cell)
                checked += 1
            if isinstance(action, (Done, Stop)):
                assert m.hand.grid_full(seat) or isinstance(action, Stop)
            clock = max(clock, at)
            m.advance_time(clock)
            m.apply(action)
            agents[seat].on_applied(action, clock)
    assert checked > 40
