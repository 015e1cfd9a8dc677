"""Everything on the Pirates, Planks & Pesetas table explains itself (issue 15), in both languages, and the game is
played in hot-seat by several humans at one table (issue 17, item 6: no privacy screen, the game has no secrets but
the feel-draw offer)."""
from __future__ import annotations

from game.games.planks.positions import position
from game.games.planks.rules import EndTurn, Move
from tests.app.conftest import app, click, frames, start_table  # noqa: F401 - the app fixture
from tests.app.conftest import table_at as open_table_at
from tests.support.explained import check_frame


def test_every_kind_of_thing_the_table_draws_is_explained_over_a_whole_bots_game(app):
    scene = start_table(app, "planks", ["easy", "easy"], seed=11)
    seen: set[str] = set()
    for i in range(30000):
        if scene.finished and scene.ending_shown() is None:
            break
        app.clock.advance(0.25)
        frames(app, 1)
        if i % 7 == 0 or scene.ending_shown():
            seen |= check_frame(scene)
        if scene.ending_shown() and scene.ending_button() is not None:
            click(app, scene.ending_button().center)
    # a held pirate's targets are seen with a human at the table (the next test)
    assert set(scene.EXPLAINED_KINDS) - seen <= {"target"}, set(scene.EXPLAINED_KINDS) - seen


def test_a_held_pirate_on_a_position_with_castaways_explains_its_targets(app):
    scene = open_table_at(app, "planks", position(3, planks={0: ["red-1", "green-2", "blue-3"], 4: ["red-5"]},
                                                  island=["red-3"]), ("human", "human", "human"))
    click(app, scene._pirate_rect("pirate-red-5").center)
    frames(app, 2)
    assert {"target", "castaway", "pirate", "plank", "chest", "preview"} <= check_frame(scene)


def test_hot_seat_the_table_passes_from_one_human_to_the_next_without_a_privacy_screen(app):
    scene = open_table_at(app, "planks", position(3, planks={2: ["red-3"], 8: ["green-1"], 9: ["blue-2"]}),
                          ("human", "human", "easy"))
    assert scene.my_turn() == 0 and not scene.needs_privacy()
    scene.play(Move(0, "pirate-red-3", 1, 1))
    scene.play(EndTurn(0))
    for _ in range(120):
        app.clock.advance(1 / 60)
        frames(app, 1)
    assert scene.privacy_for is None and scene.my_turn() == 1     # the second human plays at once
    assert scene.header_lines()[0].startswith("P1")
    scene.play(Move(1, "pirate-green-1", -1, 1))
    assert scene.session.state.planks[7] == ["pirate-green-1"]
