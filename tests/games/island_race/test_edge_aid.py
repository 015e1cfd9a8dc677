"""The edge help (issue 20, item 2): chosen per human seat in the setup, on in the lesson, its marks outside the
tile's art, and a mismatch that does not look like the water rule's warning."""
from __future__ import annotations

import pytest

from game import games
from game.core.session import Seat
from game.games.island_race import draw
from tests.app.conftest import app, click, frames  # noqa: F401 - the app fixture
from tests.app.test_realtime_setup import race_entry  # noqa: F401 - a fixture: Island Race with its real scene
from tests.games.island_race.test_scene import breaking_slot, centre, fitting_slot, post_motion, start, to_play


def _hold_over(app, scene, slot, cell):
    click(app, scene.L.slots[slot].center)
    post_motion(centre(scene, 0, cell))
    frames(app, 2)


def _assist_marks(scene):
    return [(rect, text) for rect, text, kind in scene.explained if kind == "assist"]


def test_the_help_marks_each_edge_outside_the_tile_only_for_a_seat_that_has_it(app):
    scene = start(app, ["human", "easy"], aid=True)
    to_play(app, scene)
    _hold_over(app, scene, fitting_slot(scene, 0, (0, 0)), (0, 0))
    marks = _assist_marks(scene)
    assert marks                                                    # the corner's two sea edges at least
    cell = scene.L.islands[0].cell_rect(0, 0)
    for rect, _ in marks:
        assert not cell.inflate(-4, -4).colliderect(rect)          # beside the edge, never over the art
    assert all(text.key == "ir.explain.assist_ok" for _, text in marks)


def test_no_help_for_a_seat_without_it(app):
    scene = start(app, ["human", "easy"])
    to_play(app, scene)
    _hold_over(app, scene, fitting_slot(scene, 0, (0, 0)), (0, 0))
    assert _assist_marks(scene) == []


def test_a_mismatch_is_amber_not_the_water_rules_red(app):
    scene = start(app, ["human", "easy"], aid=True)
    to_play(app, scene)
    _hold_over(app, scene, breaking_slot(scene, 0, (0, 0)), (0, 0))
    bad = [rect for rect, text in _assist_marks(scene) if text.key == "ir.explain.assist_bad"]
    assert bad
    for rect in bad:
        tab = rect.inflate(-4, -4)
        colours = {tuple(app.screen.get_at((x, y)))[:3] for x in range(tab.x, tab.right) for y in range(tab.y, tab.bottom)}
        assert draw.ASSIST_BAD in colours and draw.BROKEN not in colours
        assert not any(r > 200 and g < 110 and b < 90 for r, g, b in colours)    # no warning red in it
    assert scene.warning is None                                    # hovering warns of nothing yet


def test_a_seat_keeps_its_help_in_the_save():
    seat = Seat("Anna", "human", None, 0, aid=True)
    assert Seat.from_json(seat.to_json()) == seat
    assert "aid" not in Seat("Ben", "human", None, 1).to_json()    # older saves read the same
    assert Seat.from_json({"name": "Ben", "kind": "human", "level": None, "colour": 1}).aid is False
    for bad in ({"aid": "yes"}, {"aid": True, "kind": "bot", "level": "easy"}):
        with pytest.raises(ValueError):
            Seat.from_json({"name": "Cleo", "kind": "human", "level": None, "colour": 2, **bad})


def test_the_setup_offers_the_help_to_each_human_seat(app, race_entry):
    from game.games.island_race.scene import IslandRaceScene
    from game.scenes.setup import SetupScene
    setup = SetupScene(app, race_entry)
    app.stack.push(setup, fade=False)
    setup.set_players(3)
    setup.rows[1].kind.value = "human"
    setup.set_kind(1, "human")
    frames(app, 2)
    rows = setup.rows
    assert rows[0].aid.visible and rows[1].aid.visible and not rows[2].aid.visible   # a bot has none
    assert not rows[3].aid.visible                                                   # nor a seat not playing
    explained = dict((id(w), t) for w, t in setup.explanations())
    assert explained[id(rows[0].aid)].key == "ir.setup.aid.help"
    for other in (rows[0].name, rows[0].kind):                                       # it crowds nothing
        assert not other.rect.colliderect(rows[0].aid.rect)
    click(app, rows[1].aid.rect.center)
    assert setup.model.seats[1].aid and not setup.model.seats[0].aid
    click(app, setup.start.rect.center)
    scene = app.stack.top
    assert isinstance(scene, IslandRaceScene)
    assert [s.aid for s in scene.session.seats] == [False, True, False]
    assert app.settings.last_setup[race_entry.id]["seats"][1]["aid"] is True         # remembered


def test_a_game_without_an_aid_shows_no_toggle(app):
    from game.scenes.setup import SetupScene
    setup = SetupScene(app, games.get("playa-pirata"))
    assert all(row.aid is None for row in setup.rows)
    seat = setup.model.seats[0]
    seat.aid = True                                                   # an edited settings file
    assert setup.model.seats[0].to_seat().aid is False


def test_the_lesson_turns_the_help_on_for_the_learner(app):
    from game.scenes.coach import open_tutorial
    scene = open_tutorial(app, games.get("island-race"), fresh=True)
    humans = [s for s in scene.session.seats if s.kind == "human"]
    assert humans and all(s.aid for s in humans)
    assert not any(s.aid for s in scene.session.seats if s.kind == "bot")
