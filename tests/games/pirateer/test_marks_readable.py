"""Issue 16, the newcomer's findings on the Pirateer marks: an out-and-back move reads (its legs side by side, each
with its arrows), a sunk ship's badge is seen (over the ship that boarded it), two ships of a flotilla stack on one
square both show, a seat's chip is on its own ship (not on the next square's), and a mark says from which turn it
is, also when that seat has rolled since without a move."""
from __future__ import annotations

import math

import pygame

from game.games.pirateer import positions
from game.games.pirateer.marks import Wake, SeatMarks, wake_lanes
from game.games.pirateer.rules import Move, Roll
from tests.app.conftest import app, frames  # noqa: F401 - the app fixture
from tests.games.pirateer.helpers import sid
from tests.games.pirateer.test_scene import table_at


def settle(app, scene, seconds=2.0):
    for _ in range(int(seconds * 60)):
        if scene.no_move_held() is not None:
            scene._release_no_move()
        frames(app, 1)


def move(scene, ship, direction, die):
    g = scene.game
    a = next(a for a in g.legal_actions() if isinstance(a, Move) and a.ships == (sid(ship),)
             and a.direction == direction and a.die == die)
    assert scene.try_action(a) is None


def four(ships, rolls, current="spanish", **more):
    return positions.position(players=4, ships=ships, current=current, seed=1,
                              options={"factions": "preset", **more.pop("options", {})}, next_rolls=rolls, **more)


def said(scene, key, player=None):
    return [(r, t) for r, t, k in scene.explained if k == "last-move" and t.key == key
            and (player is None or t.kwargs.get("player") == player)]


# -- an out-and-back -----------------------------------------------------------------------------------------
def test_the_legs_of_an_out_and_back_get_lanes_on_their_own_right_and_a_lone_wake_none():
    out = Wake(5, ("s",), (5, 8), ((5, 7), (5, 6), (5, 5)))
    back = Wake(7, ("s",), (5, 5), ((5, 6), (5, 7), (5, 8)))
    other = Wake(9, ("t",), (10, 10), ((11, 10),))
    marks = {0: SeatMarks(0, wakes=[out, back]), 1: SeatMarks(1, wakes=[other])}
    assert wake_lanes(marks) == {5: 1, 7: 1, 9: 0}
    again = Wake(11, ("u",), (5, 8), ((5, 7),))         # a third wake on the same stretch, the same way: lane 2
    marks[2] = SeatMarks(2, wakes=[again])
    assert wake_lanes(marks)[11] == 2


def test_an_out_and_back_is_drawn_as_two_legs_side_by_side_each_ending_in_an_arrow(app):
    scene = table_at(app, four({"Sp1": (5, 8), "Fr1": (11, 4), "Pi1": (13, 8), "Ba1": (7, 13)}, [[3, 3]]),
                     ["human"] * 4)
    assert scene.try_action(Roll(0)) is None
    settle(app, scene, 1.0)
    move(scene, "Sp1", "NE", 3)
    settle(app, scene)
    move(scene, "Sp1", "SW", 3)
    settle(app, scene)
    assert scene.game.ships[sid("Sp1")] == (5, 8)            # back where it started
    h = scene.view.h
    (_, _, a), (_, _, b) = scene.trails
    # the legs run apart (never on each other), each beside the squares' middle line
    for p, q in zip(a, reversed(b)):
        assert math.dist(p, q) >= 0.4 * h
    middle = [p for p, _ in scene.view.path_points((5, 8), ((5, 7), (5, 6), (5, 5)))]
    assert all(math.dist(p, m) >= 0.2 * h for p, m in zip(a, middle))
    # drawn in the seat's colour, arrows and all: each leg's end names its wake, and the arrows say which way
    frames(app, 1)
    scene.mark_dirty()
    frames(app, 1)
    wakes = said(scene, "pir.explain.last_wake")
    name = scene.game.board.square_name
    assert {(t.kwargs["frm"], t.kwargs["to"]) for _, t in wakes} == {(name((5, 8)), name((5, 5))),
                                                                    (name((5, 5)), name((5, 8)))}
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    rgb = scene.seat_rgb(0)
    (x0, y0), (x1, y1) = a[-2], a[-1]                           # the way out ends in an arrow on its last square
    tip = (x0 + (x1 - x0) * 0.7, y0 + (y1 - y0) * 0.7)          # (the way back ends under the ship itself)
    near = [surface.get_at((int(tip[0]) + dx, int(tip[1]) + dy))[:3] for dx in range(-3, 4) for dy in range(-3, 4)]
    assert any(sum(abs(c - d) for c, d in zip(px, rgb)) < 40 for px in near)


# -- what a move sank, seen -------------------------------------------------------------------------------------
def test_the_sunk_ships_badge_is_drawn_over_the_ship_that_boarded_it(app):
    state = four({"Sp1": (5, 8), "Fr1": (11, 4), "Pi1": (13, 8), "Ba1": (7, 13)}, [[4, 2]], treasure="Pi1",
                 current="french")
    scene = table_at(app, state, ["human"] * 4)
    assert scene.try_action(Roll(1)) is None
    settle(app, scene, 1.0)
    move(scene, "Fr1", "SE", 2)
    settle(app, scene)
    move(scene, "Fr1", "SW", 4)                                 # boards the carrier on (13, 8)
    settle(app, scene, 3.0)
    assert scene.game.ships[sid("Fr1")] == (13, 8)
    scene.mark_dirty()
    frames(app, 1)
    (box, text), = said(scene, "pir.explain.last_sank")
    ship_box = scene._ship_box(scene.view.anchor_point((13, 8)))
    # the badge is explained last-drawn-first: nothing drawn after it answers for its middle
    top = scene.explanation_at(box.center)
    assert top is not None and top[1].key in ("pir.explain.last_sank", "pir.explain.last_took")
    assert scene.view.rect.contains(box) and not ship_box.contains(box)
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    ring = scene.seat_rgb(1)
    edge = [surface.get_at((x, box.centery))[:3] for x in range(box.left, box.left + 4)]
    assert any(sum(abs(c - d) for c, d in zip(px, ring)) < 60 for px in edge)       # its ring is on top
    assert said(scene, "pir.explain.last_took")               # the coin it seized, on the badge's rim


# -- two ships on one square (a flotilla stack, V4.2), a chip on its own ship -------------------------------------
def test_a_flotilla_stack_stands_side_by_side_so_both_ships_show(app):
    state = four({"Sp1": (5, 8), "Sp2": (5, 8), "Fr1": (11, 4), "Pi1": (13, 8), "Ba1": (7, 13)}, [[3, 2]],
                 options={"flotilla": True})
    scene = table_at(app, state, ["human"] * 4)
    frames(app, 2)
    places = scene.stack_places([sid("Sp1"), sid("Sp2")], scene.view.anchor_point((5, 8)))
    (_, size_a, a), (_, size_b, b) = places
    h = scene.view.h
    assert abs(a[0] - b[0]) >= 0.5 * h and size_a == size_b < scene.ship_size()
    # each ship's picture shows: its own number badge is drawn where it stands (not under the other)
    said_ = {t.key for r, t, k in scene.explained if k == "stack"}
    assert said_ == {"pir.explain.stack"}
    box = next(r for r, t, k in scene.explained if k == "stack")
    assert box.left <= min(a[0], b[0]) - 0.5 * h and box.right >= max(a[0], b[0]) + 0.5 * h


def test_a_seats_chip_sits_on_its_own_ship_not_on_the_next_squares(app):
    # Pirate ship 3 sails NW 2 to (10, 15), beside the Barbary ship on (10, 16): its chip is on its own picture
    state = four({"Sp1": (5, 8), "Fr1": (11, 4), "Pi1": (13, 8), "Pi3": (12, 15), "Ba2": (10, 16)}, [[2, 2]],
                 current="pirates")
    scene = table_at(app, state, ["human"] * 4)
    assert scene.try_action(Roll(scene.game.current)) is None
    settle(app, scene, 1.0)
    move(scene, "Pi3", "NW", 2)
    settle(app, scene)
    scene.mark_dirty()
    frames(app, 1)
    (chip, _), = said(scene, "pir.explain.last_ship")
    h = scene.view.h
    mine, theirs = scene.view.anchor_point((10, 15)), scene.view.anchor_point((10, 16))   # where each ship stands
    assert math.dist(chip.center, mine) <= 0.6 * h and math.dist(chip.center, theirs) >= 1.0 * h
    assert scene._ship_box(mine).collidepoint(chip.center)       # on the ship's own picture


# -- a mark says its turn, and that the seat has not moved since -------------------------------------------------
def test_a_mark_says_its_turn_and_that_the_seat_could_not_move_since(app):
    # Spanish sails ship 2 with 2 and 2; the Pirates sail; then Spanish rolls 6 and 6 and no line of 6 is open
    # (R13): Spanish's last move is still its first turn's, and its marks say so
    state = positions.position(players=2, ships={"Sp1": (2, 8), "Sp2": (5, 5), "Pi1": (14, 14)}, current="spanish",
                               seed=1, options={"factions": "preset"}, next_rolls=[[2, 2], [1, 1], [6, 6]])
    scene = table_at(app, state, ["human"] * 2)
    g = scene.game
    for seat in (0, 1):
        assert scene.try_action(Roll(seat)) is None
        while g.current == seat:
            assert scene.try_action(next(a for a in g.legal_actions() if isinstance(a, Move) and
                                         (seat == 1 or a.ships == (sid("Sp2"),)))) is None
        settle(app, scene)
    marks = scene.seat_marks()[0]
    assert marks.turn == 1 and marks.idle == []
    scene.mark_dirty()
    frames(app, 1)
    (_, text), = said(scene, "pir.explain.last_ship", "P0")
    assert text.kwargs["when"].key == "pir.explain.mark_turn" and text.kwargs["when"].kwargs["turn"] == 1
    assert scene.try_action(Roll(0)) is None
    assert any(e.kind == "forfeit" and e.get("none") for e in g.events) and g.current == 1
    settle(app, scene, 4.0)
    marks = scene.seat_marks()[0]
    assert marks.turn == 1 and marks.idle == [3] and marks.wakes       # still drawn: the last move is that one
    scene.mark_dirty()
    frames(app, 1)
    (_, text), = said(scene, "pir.explain.last_ship", "P0")
    when = text.kwargs["when"]
    assert when.key == "pir.explain.mark_idle" and when.kwargs["turn"] == 1
    from game.i18n import set_language, tr
    assert tr(text).endswith("(Turn 1. P0 has not moved since: 1 roll with no possible move, on turn 3.)")
    set_language("it")
    try:
        assert tr(text).endswith("(Turno 1. Da allora P0 non ha più mosso: 1 tiro a vuoto, nel turno 3.)")
    finally:
        set_language("en")
