"""The water rule at the race table, as a newcomer meets it (issue 16, second look): the warning's second press
places the tile whatever the input and however long the warning was read, as long as the pointer (or the cursor)
stayed on the cell; the warning says the rule in plain words; an island placed anyway keeps its broken edges and
a badge marked until the scoring; a tie for the best round reads "Ben and Clara (tie)"."""
from __future__ import annotations

import pygame

from game.core.protocol import Text
from game.games.island_race.draw import names_text, water_warning_key
from game.games.island_race.pace import WARN_SECONDS
from game.games.island_race.rules import Place, Take
from game.i18n import set_language, tr
from tests.app.conftest import app, click, frames, key  # noqa: F401 - the app fixture
from tests.games.island_race.test_scene import (A, breaking_slot, centre, pad_button, pad_to_slot,  # noqa: F401
                                                pads, start, to_play)


def press_only(app, pos) -> None:
    """A tap: button down and up at ``pos`` with no motion at all (a tablet, a trackpad, a still hand)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 1)


def wait(app, seconds: float) -> None:
    """``seconds`` of the test clock, in frames of 0.1 s."""
    step = app.clock.step
    app.clock.step = 0.1
    try:
        frames(app, int(round(seconds / 0.1)))
    finally:
        app.clock.step = step


def warned_by_mouse(app, scene, cell=(0, 0)):
    slot = breaking_slot(scene, 0, cell)
    click(app, scene.L.slots[slot].center)
    press_only(app, centre(scene, 0, cell))
    assert scene.round.grids[0][cell[0] * scene.round.size + cell[1]] is None
    assert scene.warning is not None and scene.warning.cell == cell and scene.round.hands[0] is not None


def explained(scene, key):
    return [(rect, text, kind) for rect, text, kind in scene.explained if isinstance(text, Text) and text.key == key]


# --------------------------------------------------------------------------------------------------
# The second press places it
# --------------------------------------------------------------------------------------------------
def test_two_clicks_with_no_motion_between_place_the_tile_anyway(app):
    scene = start(app, ["human", "easy"])
    to_play(app, scene)
    warned_by_mouse(app, scene)
    press_only(app, centre(scene, 0, (0, 0)))    # the same pixel, not a hair of motion
    assert scene.round.grids[0][0] is not None and scene.warning is None and scene.round.hands[0] is None
    assert isinstance(scene.session.actions[-1], Place)


def test_the_warning_waits_while_it_is_read_with_the_pointer_on_the_cell(app):
    scene = start(app, ["human", "easy"])
    to_play(app, scene)
    warned_by_mouse(app, scene)
    wait(app, 3 * WARN_SECONDS)      # a newcomer reads the warning
    assert scene.warning is not None
    frames(app, 1)
    assert explained(scene, "ir.explain.warning")   # still on screen, its bubble explained
    press_only(app, centre(scene, 0, (0, 0)))
    assert scene.round.grids[0][0] is not None and scene.warning is None


def test_the_warning_lapses_once_the_pointer_has_left_the_cell(app):
    scene = start(app, ["human", "easy"])
    to_play(app, scene)
    warned_by_mouse(app, scene)
    away = centre(scene, 0, (1, 1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(5, 5), buttons=(0, 0, 0)))
    wait(app, WARN_SECONDS + 0.5)
    assert scene.warning is None
    click(app, centre(scene, 0, (0, 0)))     # back on the cell: warned again, not placed
    assert scene.round.grids[0][0] is None and scene.warning is not None


def test_the_keyboard_cursor_places_anyway_with_a_second_enter(app):
    scene = start(app, ["human", "human", "easy"])
    to_play(app, scene)
    slot = breaking_slot(scene, 1, (0, 0))
    assert scene.kzone == "pile"
    scene.kslot = slot
    key(app, pygame.K_RETURN)
    assert scene.round.hands[1] is not None and scene.kzone == "grid"
    scene.kcell = (0, 0)
    key(app, pygame.K_RETURN)
    assert scene.round.grids[1][0] is None and scene.warning is not None and scene.warning.seat == 1
    wait(app, 3 * WARN_SECONDS)
    key(app, pygame.K_RETURN)
    assert scene.round.grids[1][0] is not None and scene.warning is None


def test_a_controller_places_anyway_with_a_second_press(app, pads):
    iid = pads.connect()
    scene = start(app, ["human", "human", "human"])
    to_play(app, scene)
    slot = breaking_slot(scene, 2, (0, 0))
    pad_to_slot(app, scene, iid, 2, slot)
    pad_button(app, iid, A)
    cur = scene.cursor_of(2)
    assert scene.round.hands[2] is not None and cur.zone == "grid"
    cur.cell = (0, 0)
    pad_button(app, iid, A)
    assert scene.round.grids[2][0] is None and scene.warning is not None and scene.warning.seat == 2
    wait(app, 3 * WARN_SECONDS)
    pad_button(app, iid, A)
    assert scene.round.grids[2][0] is not None and scene.warning is None


# --------------------------------------------------------------------------------------------------
# The rule in words, and the mark it leaves
# --------------------------------------------------------------------------------------------------
def test_the_warning_names_the_part_of_the_rule_the_tile_breaks():
    N, E, S, W = range(4)
    assert water_warning_key([N], (0, 0), 3) == "ir.ui.water_warning_out"        # a corner's top faces the sea
    assert water_warning_key([N, W], (0, 0), 3) == "ir.ui.water_warning_out_many"
    assert water_warning_key([E], (0, 0), 3) == "ir.ui.water_warning_in"         # its right faces a cell
    assert water_warning_key([N, E, S, W], (1, 1), 4) == "ir.ui.water_warning_in_many"
    assert water_warning_key([N, E], (0, 0), 3) == "ir.ui.water_warning"          # both parts
    assert "outer border must be water" in tr("ir.ui.water_warning_out")
    assert "facing another cell of the island must be land" in tr("ir.ui.water_warning_in")
    set_language("it")
    try:
        assert "bordo esterno dell'isola deve essere acqua" in tr("ir.ui.water_warning_out")
        assert "Clicca di nuovo" in tr("ir.ui.water_warning_in_many")
    finally:
        set_language("en")


def test_the_bubble_on_the_table_says_the_rule(app):
    scene = start(app, ["human", "easy"])
    to_play(app, scene)
    warned_by_mouse(app, scene)
    frames(app, 1)
    w = scene.warning
    text = scene.water_warning_text(w)
    assert text == tr(water_warning_key(w.faults, w.cell, scene.round.size))
    assert "The water rule:" in text and ("must be water" in text or "must be land" in text)
    assert explained(scene, "ir.explain.warning_edge")   # its red edges are on the table


def test_an_island_placed_anyway_stays_marked_until_the_scoring(app):
    scene = start(app, ["human", "easy"])
    to_play(app, scene)
    warned_by_mouse(app, scene)
    frames(app, 1)
    assert not explained(scene, "ir.explain.water_broken")   # only warned: nothing placed yet
    press_only(app, centre(scene, 0, (0, 0)))
    frames(app, 1)
    badges = explained(scene, "ir.explain.water_broken")
    assert len(badges) == 1 and badges[0][2] == "mark" and badges[0][1].kwargs["name"] == "Anna"
    box = scene.L.islands[0]
    assert badges[0][0].collidepoint(box.grid.midbottom)   # on the island's lower border
    assert scene.explanation_at(badges[0][0].center)[1] == badges[0][1]    # hovering it explains it
    edges = explained(scene, "ir.explain.mark_water")
    assert edges and all(box.grid.inflate(20, 20).colliderect(rect) for rect, _t, _k in edges)
    wait(app, 10.0)                                   # it does not fade: the island will score 0
    assert explained(scene, "ir.explain.water_broken")
    # a rival breaking it is marked too (nothing is secret in this race)
    slot = breaking_slot(scene, 1, (0, 0))
    scene._bot_act(1, Take(1, slot))
    scene._bot_act(1, Place(1, (0, 0)))
    frames(app, 1)
    assert {t.kwargs["name"] for _r, t, _k in explained(scene, "ir.explain.water_broken")} == {"Anna", "Ben"}
    # the round ends: still marked while it ends, then the scoring marks it its own way
    scene.time_scale = 60.0
    for _ in range(600):
        frames(app, 1)
        if scene.stage != "play":
            break
    assert scene.stage == "ending"
    frames(app, 1)
    assert explained(scene, "ir.explain.water_broken")
    for _ in range(2000):
        frames(app, 1)
        if scene.stage == "scoring":
            break
    frames(app, 1)
    assert scene.stage == "scoring" and not explained(scene, "ir.explain.water_broken")


def test_the_mark_is_explained_in_both_languages():
    for lang, words in (("en", "Anna's island breaks the water rule"), ("it", "L'isola di Anna viola la regola")):
        set_language(lang)
        try:
            assert tr(Text.of("ir.explain.water_broken", name="Anna")).startswith(words)
            assert tr("ir.ui.water_broken_badge")
        finally:
            set_language("en")


# --------------------------------------------------------------------------------------------------
# A tie
# --------------------------------------------------------------------------------------------------
def test_a_tie_for_the_best_round_reads_as_a_tie_in_both_languages():
    assert names_text("ir.ui.best_round", ["Ben"]) == "Best round: Ben"
    assert names_text("ir.ui.best_round", ["Ben", "Clara"]) == "Best round: Ben and Clara (tie)"
    assert names_text("ir.ui.best_round", ["Anna", "Ben", "Clara"]) == "Best round: Anna, Ben and Clara (tie)"
    assert names_text("ir.ui.match_won", ["Ben", "Clara"]) == "Match won by Ben and Clara (tie)"
    set_language("it")
    try:
        assert names_text("ir.ui.best_round", ["Ben", "Clara"]) == "Miglior manche: Ben e Clara (pari merito)"
        assert names_text("ir.ui.best_round", ["Ben"]) == "Miglior manche: Ben"
        assert names_text("ir.ui.match_won", ["Ben", "Clara"]) == "Vincono la partita a pari merito: Ben e Clara"
    finally:
        set_language("en")
