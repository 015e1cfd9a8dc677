"""A round's end as a newcomer met it (issue 16, the newcomer's findings): every island's scoring stays until
See the summary; while the end is announced the top bar keeps the totals before the round and the clock where
it stopped; an island breaking the water rule says so in words on the scoring and in the summary, its circles
clear of that line; the tile in hand never covers the turn and flip buttons, nor does an explanation, and the
water-rule warning covers no island. Everything on the tests' clock."""
from __future__ import annotations

import pygame
import pytest

from game.core.protocol import Text
from game.games.island_race import draw as draw_module
from game.i18n import set_language, tr
from game.ui.countdown import format_time
from tests.app.conftest import app, click, frames  # noqa: F401 - the app fixture
from tests.games.island_race.test_scene import breaking_slot, centre, start, to_play


def scoring_done(app, scene) -> None:
    """From the race (time up) to the scoring shown in full, nothing clicked."""
    scene.race_now = scene.round.round_start + scene.round.timer
    scene.time_scale = 100.0
    for _ in range(3000):
        frames(app, 1)
        if scene.ending_button() is not None:
            break
    assert scene.stage == "scoring" and scene.scoring.done(scene.stage_t)


def invalid_island(app, scene) -> None:
    """The mouse player places a tile breaking the water rule (two clicks: the warning, then anyway)."""
    slot = breaking_slot(scene, 0, (1, 1))
    click(app, scene.L.slots[slot].center)
    click(app, centre(scene, 0, (1, 1)))
    click(app, centre(scene, 0, (1, 1)))
    assert scene.round.grids[0][4] is not None


# --------------------------------------------------------------------------------------------------
# 1. The scoring stays until See the summary
# --------------------------------------------------------------------------------------------------
def test_every_islands_scoring_stays_until_see_the_summary_then_the_summary_until_next_round(app):
    scene = start(app, ["human", "easy", "easy"])
    to_play(app, scene)
    scoring_done(app, scene)
    # a minute of nothing (the app's clock and the table's own): the islands' scoring is still what is drawn
    scene.time_scale, app.clock.step = 1.0, 1.0
    frames(app, 60)
    app.clock.step = 1 / 60
    assert scene.ending_shown() == "round-scoring" and not scene.summary_open
    assert scene.ending_button() == scene.summary_button.rect and tr(scene.summary_button.text) == "See the summary"
    keys = {text.key for _, text, _ in scene.explained}
    assert {"ir.explain.line.round", "ir.explain.see_summary"} <= keys   # each island's lines, the button
    assert "ir.explain.round_table" not in keys                            # no summary over them
    click(app, (20, scene.rect.bottom - 20))                               # a click beside the button: nothing
    assert scene.ending_shown() == "round-scoring"
    click(app, scene.ending_button().center)
    assert scene.ending_shown() == "round-summary" and scene.ending_button() == scene.next_button.rect
    frames(app, 2)
    assert "ir.explain.round_table" in {text.key for _, text, _ in scene.explained}
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    frames(app, 1)
    assert scene.stage == "countdown" and scene.round.round_index == 1 and not scene.summary_open


def test_enter_opens_the_summary_too_and_a_click_while_it_is_told_only_shows_it_all(app):
    scene = start(app, ["human", "easy"])
    to_play(app, scene)
    scene.race_now = scene.round.round_start + scene.round.timer
    scene.time_scale = 100.0
    for _ in range(600):
        frames(app, 1)
        if scene.stage == "scoring":
            break
    scene.time_scale = 0.0
    click(app, (640, 360))                  # impatient: the whole scoring at once, and it stays
    assert scene.ending_shown() == "round-scoring"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    frames(app, 1)
    assert scene.ending_shown() == "round-summary"


# --------------------------------------------------------------------------------------------------
# 2. While the end is announced: the totals before the round, the clock where it stopped
# --------------------------------------------------------------------------------------------------
def test_while_the_end_is_announced_the_top_bar_keeps_the_totals_before_and_the_clock_where_it_stopped(app,
                                                                                                      monkeypatch):
    clocks: list[str] = []
    real = draw_module.format_time
    monkeypatch.setattr(draw_module, "format_time", lambda s: clocks.append(real(s)) or clocks[-1])
    scene = start(app, ["easy", "medium", "hard"], seed=3, factory=None)
    scene.time_scale = 20.0
    for _ in range(20000):                 # round 1, then its scoring and summary, then round 2 to its end
        frames(app, 1)
        if scene.ending_button() is not None:
            click(app, scene.ending_button().center)
        if scene.stage == "ending" and scene.state.hand_index == 2:
            break
    assert scene.stage == "ending"
    last = scene.state.last_hand
    before = list(last.totals_before)
    after = [int(t) for t in scene.state.totals]
    assert before != after                               # the round scored: the bar must not show it yet
    clocks.clear()
    frames(app, 1)
    assert [t for _, t, *_ in scene._totals_layout()] == before == scene.shown_totals()
    scored = {"ir.log.score", "ir.log.invalid"}    # nor does the log tell this round's points yet
    assert sum(1 for e in scene.logpanel.entries if e.text.key in scored) == 3           # round 1's only
    stopped = format_time(last.time_left())
    assert clocks and set(clocks) == {stopped} and stopped != format_time(scene.round.timer)
    # the scoring shows the round's points and the new totals; the next count shows the next clock
    while scene.stage == "ending":
        frames(app, 1)
    assert scene.stage == "scoring"
    scene.stage_t = scene.scoring.duration
    frames(app, 1)
    running = [text for _, text, kind in scene.explained if text.key == "ir.explain.line.running"]
    assert sorted(t.kwargs["n"] for t in running) == sorted(after)
    click(app, scene.ending_button().center)
    click(app, scene.ending_button().center)
    assert scene.stage == "countdown"
    clocks.clear()
    frames(app, 1)
    assert scene.shown_totals() == after and set(clocks) == {format_time(scene.round.timer)}
    assert sum(1 for e in scene.logpanel.entries if e.text.key in scored) == 6


# --------------------------------------------------------------------------------------------------
# 3. The water rule's 0 in words
# --------------------------------------------------------------------------------------------------
def test_an_island_breaking_the_water_rule_says_so_in_words_clear_of_its_circles(app):
    scene = start(app, ["human", "easy", "easy"])
    to_play(app, scene)
    invalid_island(app, scene)
    scoring_done(app, scene)
    frames(app, 1)
    last = scene.state.last_hand
    assert not last.scores[0].valid and last.scores[0].water_faults
    line = [rect for rect, text, kind in scene.explained if text.key == "ir.explain.line.invalid"]
    circles = [rect for rect, text, kind in scene.explained if text.key == "ir.explain.mark_water"]
    assert len(line) == 1 and circles and line[0].collidelist(circles) < 0
    assert tr("ir.ui.invalid") == "Breaks the water rule: scores 0"
    click(app, scene.ending_button().center)
    frames(app, 1)
    rows = {label: cells for label, cells, _ in scene.summary.table_rows()}
    valid = [s.valid for s in last.scores]
    assert rows["Water rule"] == ["kept" if v else "broken: scores 0" for v in valid]
    # nothing on the broken island was counted: its lines read "–", its points 0
    assert rows[tr("ir.score.animals")][0] == "\u2013" and rows["Points in round 1"][0] == "0"
    water = scene.summary.water_rect
    assert water is not None and any(rect == water and text.key == "ir.explain.summary_water"
                                     for rect, text, _ in scene.explained)


def test_the_floor_and_the_water_rule_read_in_plain_words_in_both_languages():
    try:
        set_language("it")
        assert tr("ir.score.floor") == tr("ir.ui.line.floor") == "Una manche non vale mai meno di 0"
        assert tr("ir.ui.invalid") == "Viola la regola dell'acqua: fa 0 punti"
        assert tr("ir.ui.summary.water_broken") == "violata: 0 punti"
    finally:
        set_language("en")
    assert tr("ir.score.floor") == tr("ir.ui.line.floor") == "A round never scores below 0"


# --------------------------------------------------------------------------------------------------
# 4. The tile in hand, the explanations and the warning leave the buttons and the islands free
# --------------------------------------------------------------------------------------------------
def test_the_tile_in_hand_and_the_explanation_leave_the_turn_and_flip_buttons_free(app, monkeypatch):
    from game.ui import widgets
    bubbles: list[pygame.Rect] = []
    real = widgets.draw_bubble
    monkeypatch.setattr(widgets, "draw_bubble", lambda *a, **k: bubbles.append(real(*a, **k)) or bubbles[-1])
    scene = start(app, ["human", "easy", "easy", "easy"])
    to_play(app, scene)
    click(app, scene.L.slots[0].center)
    assert scene.round.hands[0] is not None
    buttons = [b.rect for b in (scene.turn_left, scene.turn_right, scene.flip_button, scene.return_button)]
    for b in buttons:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=b.center, rel=(1, 1), buttons=(0, 0, 0)))
        frames(app, 1)
        app.clock.advance(2.0)                      # the pointer rests: its explanation shows
        bubbles.clear()
        frames(app, 2)
        held = [rect for rect, _, kind in scene.explained if kind == "held"]
        assert held and held[0].collidelist(buttons) < 0
        assert scene._explaining()[2] == "button"        # what the pointer rests on is the button, said so
        assert bubbles and all(bubble.collidelist(buttons) < 0 for bubble in bubbles)
    was = scene.round.hands[0].side
    click(app, scene.flip_button.rect.center)          # and the click reaches it
    assert scene.round.hands[0].side != was


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_water_warning_covers_no_island_and_no_button(app, players):
    scene = start(app, ["human"] + ["easy"] * (players - 1))
    to_play(app, scene)
    for cell in ((0, 0), (2, 2)):
        slot = breaking_slot(scene, 0, cell)
        click(app, scene.L.slots[slot].center)
        click(app, centre(scene, 0, cell))
        assert scene.warning is not None
        frames(app, 1)
        bubble = [rect for rect, text, kind in scene.explained if text.key == "ir.explain.warning"]
        islands = [box.panel for box in scene.L.islands.values()]
        assert len(bubble) == 1 and bubble[0].collidelist(islands) < 0
        assert not bubble[0].colliderect(scene.L.controls)
        click(app, scene.L.slots[slot].center)     # put it back
