"""Follow every move, see every ending (issue 16) at the race table: each rival's last placed tile is marked on
their island for a few seconds of race time; a choosing bot's glove goes over what it weighs instead of resting
on one tile; each round ends on a summary of what every island scored, with the totals after it under honest
titles, which waits for its click (bots only too)."""
from __future__ import annotations

import math

import pygame

from game.core.protocol import Text
from game.core.realtime import RealtimeAgent
from game.games.island_race.draw import names_text
from game.games.island_race.driver import SPEED_FACTOR
from game.games.island_race.pace import GLOVE_LOOK, MARK_HOLD, MARK_SECONDS
from game.games.island_race.rules import ROUNDS, Place, Take
from game.games.island_race.scoring_view import face_text
from game.i18n import tr
from game.ui import theme
from game.ui.results_view import format_value
from tests.app.conftest import app, click, drag, frames  # noqa: F401 - the app fixture
from tests.games.island_race.test_scene import centre, fitting_slot, start, to_play

BEN, CLARA = 1, 2


class Idle(RealtimeAgent):
    """A bot seat that never acts by itself: the test plays its moves (``bot_place``)."""

    def next_action(self, view, now):
        return None


def idle(level: str, seat: int, seed: int) -> Idle:
    return Idle(seat)


def bot_place(scene, seat: int, cell: tuple[int, int]) -> None:
    """``seat`` takes a tile that fits ``cell`` and places it there, the way the scene applies a bot's actions."""
    slot = fitting_slot(scene, seat, cell)
    scene._bot_act(seat, Take(seat, slot))
    scene._bot_act(seat, Place(seat, cell))
    assert scene.round.grids[seat][cell[0] * scene.round.size + cell[1]] is not None


def race_frames(app, scene, seconds: float) -> None:
    """Frames for ``seconds`` of race time (1/60 s frames at the scene's time scale)."""
    for _ in range(int(round(seconds * 60 / scene.time_scale))):
        frames(app, 1)


def last_move_marks(scene) -> list[tuple[pygame.Rect, Text]]:
    return [(rect, text) for rect, text, kind in scene.explained if kind == "last-move"]


# --------------------------------------------------------------------------------------------------
# A rival's last placed tile
# --------------------------------------------------------------------------------------------------
def test_a_rivals_last_tile_is_marked_then_fades_on_the_race_clock(app):
    scene = start(app, ["human", "easy", "easy"], factory=idle)
    to_play(app, scene)                       # the race clock stands still
    bot_place(scene, BEN, (0, 0))
    frames(app, 1)
    assert scene.rival_marks() == {BEN: ((0, 0), 1.0)}
    cell = scene.L.islands[BEN].cell_rect(0, 0)
    piece = scene.round.grids[BEN][0]
    assert last_move_marks(scene) == [(cell, Text.of("ir.explain.last_move", name="Ben", face=face_text(piece.face)))]
    # UI time alone (the race clock stopped) changes nothing: it is the race clock's few seconds
    frames(app, 600)
    assert scene.rival_marks() == {BEN: ((0, 0), 1.0)}
    ring = app.screen.get_at((cell.centerx, cell.y + 1))[:3]   # ringed in Ben's colour (the bounce is over)
    colour = theme.seat_colour(scene.seat_colour(BEN))
    assert sum(abs(a - b) for a, b in zip(ring, colour)) < 40, (ring, colour)
    # the race clock runs: full for a second, then fading out, gone after four
    scene.time_scale = 1.0
    race_frames(app, scene, MARK_HOLD + 1.0)
    (_, strength), = scene.rival_marks().values()
    assert 0.3 < strength < 0.9
    assert len(last_move_marks(scene)) == 1
    race_frames(app, scene, MARK_SECONDS - MARK_HOLD - 1.0 + 0.1)
    assert scene.rival_marks() == {} and last_move_marks(scene) == []


def test_each_rivals_next_tile_moves_its_mark_and_the_viewers_own_tiles_are_not_marked(app):
    scene = start(app, ["human", "easy", "easy"], factory=idle)
    to_play(app, scene)
    bot_place(scene, BEN, (0, 0))
    scene.time_scale = 1.0
    race_frames(app, scene, 3.0)
    scene.time_scale = 0.0
    bot_place(scene, CLARA, (2, 2))
    frames(app, 1)
    marks = scene.rival_marks()
    assert marks[CLARA] == ((2, 2), 1.0) and marks[BEN][0] == (0, 0) and marks[BEN][1] < 1.0
    nxt = next(c for c in scene.round.legal_cells(BEN) if not scene.round.water_faults_of_placement(
        BEN, c, scene.round.pile[fitting_slot(scene, BEN, c)].face))
    bot_place(scene, BEN, nxt)
    frames(app, 1)
    assert scene.rival_marks()[BEN] == (nxt, 1.0)   # the next tile: marked afresh, the old one no longer
    assert {tuple(r.topleft) for r, _ in last_move_marks(scene)} == {
        scene.L.islands[BEN].cell_rect(*nxt).topleft, scene.L.islands[CLARA].cell_rect(2, 2).topleft}
    slot = fitting_slot(scene, 0, (0, 0))                 # the viewer places a tile of their own: no mark
    drag(app, scene.L.slots[slot].center, centre(scene, 0, (0, 0)))
    assert scene.round.grids[0][0] is not None
    assert 0 not in scene.rival_marks()


def test_the_marks_come_from_the_viewers_events_and_a_new_round_has_none(app):
    scene = start(app, ["human", "easy"], factory=idle)
    to_play(app, scene)
    seen = []
    show = scene._show_event
    scene._show_event = lambda e: (seen.append(e), show(e))[1]
    bot_place(scene, BEN, (1, 1))
    placed = [e for e in seen if e.kind == "placed"]
    assert [(e.seat, tuple(e.get("cell"))) for e in placed] == [(BEN, (1, 1))]
    assert scene.rival_marks() == {BEN: ((1, 1), 1.0)}
    scene.resync_events()                  # the table drawn as the state is: nothing is "just placed"
    assert scene.rival_marks() == {}
    scene.race_now = scene.round.round_start + scene.round.timer - 0.2
    bot_place(scene, BEN, (0, 1))
    scene.time_scale = 1.0                 # time up: the round ends, its last marks stay while it says so
    frames(app, 15)
    assert scene.stage == "ending" and scene.rival_marks() == {BEN: ((0, 1), 1.0)}
    scene.time_scale = 100.0
    for _ in range(600):
        frames(app, 1)
        if scene.ending_button() is not None:
            break
    click(app, scene.ending_button().center)   # the scoring read: its summary
    click(app, scene.ending_button().center)   # Next round
    assert scene.stage == "countdown" and scene.rival_marks() == {}


# --------------------------------------------------------------------------------------------------
# A choosing bot's glove
# --------------------------------------------------------------------------------------------------
def glove_rests(app, scene, seconds: float | None = None, on_take=None) -> dict[int, float]:
    """Run the race (to its end, or ``seconds`` of race time) and measure each bot glove's longest rest in race
    seconds while its bot is in the race: the time it stays within 3 px of where it stopped."""
    anchor: dict[int, tuple[tuple[float, float], float]] = {}
    longest = {seat: 0.0 for seat in scene.bot_hands}
    end = None if seconds is None else scene.race_now + seconds
    for _ in range(200000):
        frames(app, 1)
        if scene.stage != "play" or (end is not None and scene.race_now >= end):
            break
        playing = scene.round.current_players()
        for seat, hand in scene.bot_hands.items():
            if seat not in playing:
                anchor.pop(seat, None)
                continue
            a = anchor.get(seat)
            if a is None or math.hypot(hand.pos[0] - a[0][0], hand.pos[1] - a[0][1]) > 3:
                anchor[seat] = (hand.pos, scene.race_now)
            else:
                longest[seat] = max(longest[seat], scene.race_now - a[1])
    return longest


def test_a_choosing_bots_glove_never_rests_more_than_ten_race_seconds(app):
    """A round of real bots (easy keeps a beginner's pace, medium and hard wait for good enough tiles): today's
    60-90 s rests over one tile are gone; the glove still lands on each tile its bot takes."""
    scene = start(app, ["easy", "medium", "hard"], seed=7, factory=None)
    to_play(app, scene, freeze=False)
    scene.time_scale = 4.0
    waits, far = [], []
    act = scene._bot_act

    def spy(seat, action):
        plan = scene.driver.plan_of(seat)
        if isinstance(action, Take) and plan is not None and scene.round.check(action) is None:
            waits.append(plan.at - plan.asked)
            if plan.at - plan.asked > 2 * GLOVE_LOOK:      # it weighed before: its glove went to the tile
                x, y = scene.bot_hands[seat].pos
                slot = scene.L.slots[action.slot].center
                far.append(math.hypot(x - slot[0], y - slot[1]))
        act(seat, action)

    scene._bot_act = spy
    longest = glove_rests(app, scene)
    assert scene.stage == "ending"
    assert max(waits) > 20.0          # the bots did make long choices
    assert max(longest.values()) <= 10.0, longest
    assert far and max(far) <= scene.L.tile * 0.5, far


def test_at_slow_bot_speed_the_glove_still_never_rests_long(app):
    app.settings.bot_speed = "slow"
    scene = start(app, ["easy", "medium"], seed=4, factory=None)
    to_play(app, scene, freeze=False)
    scene.time_scale = 4.0
    longest = glove_rests(app, scene, seconds=150.0)
    assert max(longest.values()) <= 10.0, longest


class Weigher(RealtimeAgent):
    """Takes ``take`` 40 s (of its own time) after it is first asked, weighing ``weighing`` meanwhile."""

    def __init__(self, seat: int, take: int, weighing):
        super().__init__(seat)
        self.take, self.at = take, None
        self.intent = ("pile", take)
        self.weighing = tuple(weighing)

    def next_action(self, view, now):
        if self.at is None:
            self.at = now + 40.0
        return Take(self.seat, self.take), self.at


def tour(app, speed: str):
    """A bot weighing two tiles and the cells they would go to: where its glove goes, and when."""
    app.settings.bot_speed = speed
    holder = {}

    def factory(level, seat, seed):
        holder[seat] = Weigher(seat, 0, ())
        return holder[seat]

    scene = start(app, ["human", "easy"], factory=factory)
    to_play(app, scene)
    pile = scene.round.pile
    a, b = [i for i, p in enumerate(pile) if p is not None][:2]
    holder[BEN].take = a
    holder[BEN].intent = ("pile", a)
    holder[BEN].weighing = (("pile", a), ("cell", (0, 0)), ("pile", b), ("cell", (2, 2)))
    scene.driver.invalidate()
    scene.time_scale = 2.0
    frames(app, 1)
    plan = scene.driver.plan_of(BEN)
    assert plan is not None and plan.at - scene.race_now > 20
    hops: list[tuple[float, tuple[float, float]]] = []
    took_at = None
    act = scene._bot_act

    def spy(seat, action):
        nonlocal took_at
        took_at = scene.bot_hands[seat].pos
        act(seat, action)

    scene._bot_act = spy
    while True:
        frames(app, 1)
        if took_at is not None:
            break
        target = scene.bot_hands[BEN].target
        if not hops or hops[-1][1] != target:
            hops.append((scene.race_now, target))
    points = {
        "a": scene.L.slots[a].center, "b": scene.L.slots[b].center,
        "c1": scene.L.islands[BEN].cell_rect(0, 0).center, "c2": scene.L.islands[BEN].cell_rect(2, 2).center}
    return scene, hops, took_at, points, plan


def test_the_glove_goes_over_what_the_bot_weighs_at_the_bot_speed_then_to_the_tile_it_takes(app):
    periods = {}
    for speed in ("fast", "slow"):
        scene, hops, took_at, points, plan = tour(app, speed)
        near = scene.L.tile * 0.25      # (each bot's glove a little to its own side of what it weighs)
        visited = {name for name, p in points.items() for _, t in hops if math.hypot(t[0] - p[0], t[1] - p[1]) < near}
        assert visited == {"a", "b", "c1", "c2"}
        gaps = [t1 - t0 for (t0, _), (t1, _) in zip(hops[1:], hops[2:-1])]
        look = GLOVE_LOOK * SPEED_FACTOR[speed]
        assert gaps and all(abs(g - look) < 0.1 for g in gaps), (speed, gaps)
        periods[speed] = sum(gaps) / len(gaps)
        # the last look: the tile it takes, where the glove is when it takes it
        assert math.hypot(hops[-1][1][0] - points["a"][0], hops[-1][1][1] - points["a"][1]) < 1
        assert plan.at - hops[-1][0] <= look + 0.1
        assert math.hypot(took_at[0] - points["a"][0], took_at[1] - points["a"][1]) < scene.L.tile * 0.3
        assert isinstance(scene.session.actions[-1], Take)
        app.stack.pop()
    assert abs(periods["slow"] / periods["fast"] - SPEED_FACTOR["slow"] / SPEED_FACTOR["fast"]) < 0.1


# --------------------------------------------------------------------------------------------------
# The round's summary
# --------------------------------------------------------------------------------------------------
def to_summary(app, scene) -> None:
    """The clock run out, the round's end and its scoring shown in full, then See the summary: its summary on
    screen."""
    from tests.games.island_race.test_round_end import scoring_done
    scoring_done(app, scene)
    assert scene.ending_shown() == "round-scoring" and scene.ending_button() == scene.summary_button.rect
    click(app, scene.ending_button().center)
    frames(app, 2)


def test_the_round_summary_shows_what_each_island_scored_and_the_totals_under_honest_titles(app):
    scene = start(app, ["human", "easy", "easy"], seed=9)
    to_play(app, scene, freeze=False)
    scene.time_scale = 20.0
    for _ in range(600):               # the Steady bots build a little
        frames(app, 1)
    to_summary(app, scene)
    assert scene.ending_shown() == "round-summary"
    assert scene.ending_button() == scene.next_button.rect
    last = scene.state.last_hand
    summary = scene.summary
    assert summary is not None and summary.round_number == 1
    # the titles say what they show: the table is what each island scored, the chart the totals after round 1
    assert summary.title == Text.of("ir.ui.summary.title")
    assert summary.chart_title == Text.of("ir.ui.summary.chart", n=1)
    assert tr(summary.chart_title) == "Totals after round 1" != tr("ui.results.totals")
    # each island's lines as the scoring gives them, its points in the round, its total after it
    floor = any(s.floor for s in last.scores)
    for seat, sc in enumerate(last.scores):
        assert summary.result.breakdown[seat] == [(k, v) for k, v in sc.rows() if k != "ir.score.floor" or floor]
    rows = {label: cells for label, cells, _ in summary.table_rows()}
    for key, _ in last.scores[0].rows():   # an island breaking the water rule counts nothing: "–" (R20)
        if key != "ir.score.floor" or floor:
            assert rows[tr(key)] == [format_value(dict(sc.rows())[key]) if sc.valid else "\u2013"
                                     for sc in last.scores]
    assert rows["Points in round 1"] == [format_value(float(sc.total)) for sc in last.scores]
    assert rows["Total after round 1"] == [format_value(sc.running_total) for sc in last.scores]
    assert summary.totals == [sc.running_total for sc in last.scores] == list(map(int, scene.state.totals))
    # the islands as they ended, above their columns, each explained
    assert len(summary.thumbs) == 3 and all(summary.rect.contains(t) for t in summary.thumbs)
    names = {text.key: text for rect, text, kind in scene.explained if kind == "island" and rect in summary.thumbs}
    assert set(names) <= {"ir.explain.summary_island", "ir.explain.summary_invalid"} and names
    explained = {text.key for _, text, _ in scene.explained}
    assert {"ir.explain.round_table", "ir.explain.summary_chart", "ir.explain.next_round"} <= explained
    assert summary.chart_rect is not None and summary.rect.contains(summary.chart_rect)
    assert summary.rounds_rect is None           # round by round: from round 2 on
    click(app, scene.ending_button().center)
    assert scene.stage == "countdown" and scene.round.round_index == 1 and scene.ending_shown() is None


def test_every_round_summary_waits_for_its_click_with_bots_only(app):
    from game.scenes.results import ResultsScene
    app.bot_delay = 0.0
    scene = start(app, ["easy", "medium", "hard"], seed=3, factory=None)
    scene.time_scale = 60.0
    summaries = []
    for _ in range(40000):
        frames(app, 1)
        if isinstance(app.stack.top, ResultsScene):
            break
        if scene.ending_button() is None:
            continue
        if scene.ending_shown() == "round-scoring":   # every island's scoring first, until See the summary
            click(app, scene.ending_button().center)
            continue
        n = scene.scoring.round_number
        assert scene.ending_shown() == "round-summary"
        # a minute goes by (the app's clock, and as much of the table's own time): nothing moves on by itself
        app.clock.advance(60.0)
        scene.time_scale, app.clock.step = 10.0, 0.1
        stage_t = scene.stage_t
        frames(app, 60)
        assert scene.stage_t - stage_t >= 59.9
        app.clock.step = 1 / 60
        assert app.stack.top is scene and scene.ending_shown() == "round-summary"
        assert scene.scoring.round_number == n and scene.stage == "scoring"
        summary = scene.summary
        final = n == ROUNDS
        assert summary.chart_title == (Text.of("ir.ui.summary.chart_final") if final
                                       else Text.of("ir.ui.summary.chart", n=n))
        assert len(summary.history) == n and (summary.rounds_rect is not None) == (n >= 2)
        button = scene.results_button if final else scene.next_button
        assert scene.ending_button() == button.rect
        # the last summary's heading names who won the match (the highest total), the others the best round
        best = max(summary.totals)
        winners = [summary.names[i] for i, t in enumerate(summary.totals) if t == best]
        assert summary.winner_text() == (names_text("ir.ui.match_won", winners) if final else
                                         names_text("ir.ui.best_round",
                                                    [summary.names[w] for w in summary.result.winners]))
        assert tr(button.text) == ("See the results" if final else "Next round")
        summaries.append(n)
        click(app, scene.ending_button().center)
        scene.time_scale = 60.0
    assert summaries == [1, 2, 3]
    assert isinstance(app.stack.top, ResultsScene)
