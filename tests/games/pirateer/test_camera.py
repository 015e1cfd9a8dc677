"""The Pirateer table's camera (issue 19, item 5: the two-board sea readable at 1280x720 and larger): the sea at fit
(the whole board, as the one-board table always showed it), zoomed in with the wheel about the pointer, panned by
dragging the open sea, the keys, Centre fleet and the way back to fit; every hit test, picture and printed name
follows it. At the ``BoardView`` level with the two-board map (the engine cannot open a fantastic-eight table yet)
and at the scene level with the standard game, driven by real pygame events on a ManualClock."""
from __future__ import annotations

import pygame
import pytest

from game.games.pirateer import effects as fx
from game.games.pirateer import positions
from game.games.pirateer.boardview import LABEL_MARGIN, BoardView
from game.games.pirateer.rules import MOVE, Move
from game.games.pirateer.setup import board_named
from game.ui import theme
from game.ui.camera import MAX_ZOOM, WHEEL_STEP, Camera
from tests.app.conftest import app, click, drag, find_button, frames, key  # noqa: F401 - the app fixture
from tests.app.conftest import table_at as open_table_at
from tests.games.pirateer.helpers import sid
from tests.support.explained import check_frame


def table_area(size: tuple[int, int]) -> pygame.Rect:
    """The area the table gives the map at ``size`` (as ``PirateerScene.layout`` does)."""
    w, h = size
    side_w = max(theme.px(372), min(theme.px(400), w - int(h * 4 / 3) - theme.px(24)))
    pad = theme.px(12)
    return pygame.Rect(pad, pad, w - side_w - 2 * pad, h - 2 * pad)


def view_of(name: str, size=(1280, 720)) -> BoardView:
    pygame.init()
    view = BoardView(board_named(name))
    view.label_margin = LABEL_MARGIN
    view.layout(table_area(size))
    return view


def inside(rect: pygame.Rect, p, slack: float = 1.0) -> bool:
    return rect.left - slack <= p[0] <= rect.right + slack and rect.top - slack <= p[1] <= rect.bottom + slack


# -- the camera's arithmetic --------------------------------------------------------------------------------
def test_camera_zooms_about_a_point_clamps_and_fits_again():
    cam = Camera()
    cam.layout(pygame.Rect(100, 50, 200, 300), 10.0, pygame.Rect(0, 0, 300, 400), (20, 30))
    assert cam.at_fit and cam.viewport == pygame.Rect(100, 50, 200, 300)
    pos = (230, 210)
    under = cam.to_units(pos)
    cam.zoom_at(pos, 2.0)
    assert cam.zoom == pytest.approx(2.0)
    assert cam.to_units(pos) == pytest.approx(under)
    assert cam.viewport == pygame.Rect(0, 0, 300, 400)     # the view grows with the zoom, up to the room it has
    for _ in range(20):
        cam.zoom_at(pos, WHEEL_STEP)
    assert cam.zoom == pytest.approx(MAX_ZOOM)
    content = cam.content_rect()
    cam.pan(10_000, -10_000)                    # never past the content's edges
    content = cam.content_rect()
    assert content.left <= cam.viewport.left + 1 and content.bottom >= cam.viewport.bottom - 1
    cam.fit()
    assert cam.at_fit and cam.viewport == pygame.Rect(100, 50, 200, 300) and cam.scale == 10.0


# -- the two-board map in a BoardView ---------------------------------------------------------------------------
@pytest.mark.parametrize("size, at_least", [((1280, 720), 13.0), ((1920, 1080), 20.0), ((960, 540), 9.0)])
def test_two_board_fit_shows_the_whole_grid_with_its_names_on_the_frame(size, at_least):
    view = view_of("fantastic-eight", size)
    board = view.board
    assert view.at_fit and view.h >= at_least       # a square is 2h across: 27 px at 1280x720, 41 px at 1920x1080
    assert table_area(size).contains(view.frame_rect())
    for cell in board.cells():                      # every square in sight, whole (a strait: its halves on the edges)
        if board.on_board(cell) and board.is_water(cell):
            assert inside(view.rect, view.centre(cell)), cell
            if board.strait_at(cell) is None:
                assert all(inside(view.rect, p) for p in view.diamond_at(cell)), cell
    rows = {text for text, _box, side in view.label_rects() if side == "row"}
    assert {"A", "Z", "BB", "ZZ"} <= rows and len(rows) == len(board.row_labels)
    frame, font = view.frame_rect(), view.label_font()
    for text, box, side in view.label_rects():          # every name on the frame, none over the sea
        assert frame.contains(box) and not view.rect.colliderect(box.inflate(-2, -2)), (text, box)
        if side == "row":
            assert font.size(text)[0] <= view.margin_px


def test_one_board_fit_is_the_table_it_always_was():
    """At fit the one-board layout is the old one, pixel for pixel, at every size the app allows; where the
    names printed on the frame (never below the theme's smallest text) are wider than the frame, the frame
    widens to hold them and the board fits what is left."""
    board = board_named("standard")
    e = board.edges
    for size in ((960, 540), (1024, 768), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440), (1080, 1920)):
        area = table_area(size)
        view = view_of("standard", size)
        m = 2 * LABEL_MARGIN
        h = max(4.0, min(area.w / (2 * e.side + m), area.h / (e.bottom - e.top + m)))
        need = view._label_room(h)
        if need > LABEL_MARGIN * h:                       # 960x540: 12 px names on a thinner frame
            h = max(4.0, min((area.w - 2 * need) / (2 * e.side), (area.h - 2 * need) / (e.bottom - e.top)))
        else:
            need = 0
        rect = pygame.Rect(0, 0, round(2 * e.side * h), round((e.bottom - e.top) * h))
        rect.center = area.center
        margin = max(theme.px(5), round(LABEL_MARGIN * h), need)
        assert (view.h, view.rect, view.origin) == (h, rect, (rect.x + e.side * h, rect.y - e.top * h)), size
        assert view.frame_rect() == rect.inflate(2 * margin, 2 * margin) and view.board_rect == rect


def test_zoom_about_the_pointer_keeps_the_square_under_it_and_hits_follow():
    view = view_of("fantastic-eight")
    board = view.board
    cell = (16, 20)                                   # board B, open sea
    view.zoom_at(view.centre(cell), 2.0)              # (closer than twice, the board's whole width is in sight)
    pos = tuple(int(c) for c in view.centre(cell))
    for _ in range(2):
        under = view.units(pos)
        view.zoom_at(pos, WHEEL_STEP)
        assert view.cell_at(pos) == board.canonical(cell)
        assert view.units(pos) == pytest.approx(under)
    assert view.zoom == pytest.approx(MAX_ZOOM) and view.h == pytest.approx(view.fit_h * MAX_ZOOM)   # (clamped)
    assert view.rect.w > view.camera.fit_rect.w        # zoomed in, the sea in sight takes the room beside the board
    seen = 0
    for c in board.squares:                           # every square in sight is hit where it is drawn
        p = view.centre(c)
        if view.rect.collidepoint(p):
            assert view.cell_at((int(p[0]), int(p[1]))) == c
            seen += 1
        else:
            assert view.cell_at((int(p[0]), int(p[1]))) is None or not view.rect.collidepoint(p)
    assert 0 < seen < len(board.squares)


def test_pan_moves_the_sea_within_its_edges_and_fit_restores_it():
    view = view_of("fantastic-eight")
    fit = (view.h, view.origin, pygame.Rect(view.rect))
    view.zoom_at(view.rect.center, 3.0)
    before = view.centre((16, 20))
    view.pan(-40, -30)
    after = view.centre((16, 20))
    assert after == pytest.approx((before[0] - 40, before[1] - 30))
    for _ in range(50):                               # far past the edge: the board still covers the view
        view.pan(0, -200)
    assert view.board_rect.bottom >= view.rect.bottom - 1 and view.board_rect.top < view.rect.top
    rows = {text for text, _box, side in view.label_rects() if side == "row"}
    assert "ZZ" in rows and "A" not in rows            # the names in sight: board B's doubled letters
    view.fit()
    assert (view.h, view.origin, view.rect) == fit


def test_centre_on_puts_the_cells_in_view():
    view = view_of("fantastic-eight")
    board = view.board
    cells = [h.anchor for h in board.harbours if h.name.endswith("-b")][:2]
    view.centre_on(cells, 2.0)
    assert view.zoom > 1.0
    assert all(view.rect.collidepoint(view.centre(c)) for c in cells)
    view.centre_on([board.harbour("pirates-b").anchor], 3.0)
    assert view.zoom == pytest.approx(3.0)
    x, y = view.centre(board.harbour("pirates-b").anchor)
    assert view.rect.collidepoint((x, y))


def test_the_map_is_drawn_inside_the_view_only_and_straits_stand_on_the_board():
    view = view_of("fantastic-eight")
    view.zoom_at(view.rect.center, 2.5)
    surface = pygame.Surface((1280, 720))
    surface.fill((255, 0, 255))
    view.draw_map(surface)
    r = view.rect
    assert surface.get_at((r.left - 1, r.centery))[:3] == (255, 0, 255)
    assert surface.get_at((r.centerx, r.bottom))[:3] == (255, 0, 255)
    assert surface.get_at(r.center)[:3] != (255, 0, 255)
    strait = view.board.straits[0]                    # the outer strait's halves on the board's long edges
    assert view.anchor_point(strait.top)[1] > view.board_rect.top
    assert view.anchor_point(strait.bottom)[1] < view.board_rect.bottom


def test_a_resize_keeps_the_zoom_and_the_middle():
    view = view_of("fantastic-eight")
    view.zoom_at(view.centre((16, 20)), 2.0)
    middle = view.units(view.rect.center)
    view.layout(table_area((1920, 1080)))
    assert view.zoom == pytest.approx(2.0)
    assert view.units(view.rect.center)[1] == pytest.approx(middle[1], abs=0.5)   # (the whole width is in sight)


# -- the standard table ------------------------------------------------------------------------------------------
SEA = {"Sp1": (5, 5), "Sp2": (8, 3), "Sp3": (3, 8), "Pi1": (14, 14), "Pi2": (15, 12), "Pi3": (12, 15)}


def open_sea():
    """Spanish ships in open water, Spanish to move with 3 and 5 (two players, the preset seating)."""
    return positions.position(players=2, ships=SEA, current="spanish", seed=1, options={"factions": "preset"},
                              phase=MOVE, dice=(3, 5))


def table(app, state=None):
    return open_table_at(app, "pirateer", state or open_sea(), ("human", "human"))


def at(scene, cell):
    x, y = scene.view.anchor_point(cell)
    return int(x), int(y)


def wheel(app, pos, notches=1):
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(abs(notches)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if notches > 0 else -1, flipped=False))
    frames(app, 1)


def open_water(scene):
    """A point of open sea with no ship on or near it, in sight."""
    ships = set(scene.game.ships.values())
    board = scene.game.board
    for cell in board.squares:
        near = {cell, *(n for _, n in board.neighbours(cell))}
        x, y = scene.view.centre(cell)
        if board.kind(cell) == "sea" and not near & ships and scene.view.rect.inflate(-80, -80).collidepoint(x, y) \
                and board.harbour_at(cell) is None and board.dock_at(cell) is None:
            return int(x), int(y)
    raise AssertionError("no open water in sight")


def test_wheel_zooms_about_the_pointer_and_the_one_board_table_starts_at_fit(app):
    scene = table(app)
    assert scene.view.at_fit and scene.view.rect == scene.view.camera.fit_rect
    pos = at(scene, (9, 9))
    cell = scene.view.cell_at(pos)
    under = scene.view.units(pos)
    wheel(app, pos, 3)
    assert scene.view.zoom == pytest.approx(WHEEL_STEP ** 3)
    assert scene.view.cell_at(pos) == cell and scene.view.units(pos) == pytest.approx(under)
    wheel(app, pos, -10)                              # out again, never past the fit
    assert scene.view.at_fit


def test_dragging_the_open_sea_pans_it_and_a_double_click_fits(app):
    scene = table(app)
    wheel(app, scene.view.rect.center, 4)
    start = open_water(scene)
    before = scene.view.centre((10, 10))
    drag(app, start, (start[0] + 50, start[1] + 30))
    after = scene.view.centre((10, 10))
    assert after == pytest.approx((before[0] + 50, before[1] + 30), abs=1)
    assert scene.selected is None and not isinstance(scene.session.actions[-1:] and scene.session.actions[-1], Move)
    p = open_water(scene)
    click(app, p)
    click(app, p)                                     # a double click (the scene's clock: a frame apart)
    assert scene.view.at_fit


def test_a_drag_on_a_ship_still_moves_the_ship_when_zoomed(app):
    scene = table(app)
    wheel(app, at(scene, (8, 3)), 3)
    lit = scene.landings_of((sid("Sp2"),))
    target = next(c for c in sorted(lit) if scene.view.rect.inflate(-20, -20).collidepoint(scene.view.centre(c)))
    origin = scene.view.origin
    drag(app, at(scene, (8, 3)), at(scene, target))
    assert scene.game.ships[sid("Sp2")] == target and isinstance(scene.session.actions[-1], Move)
    assert scene.view.origin == origin                # the ship moved, not the sea


def test_clicks_after_zoom_and_pan_pick_the_ship_and_its_square(app):
    scene = table(app)
    wheel(app, at(scene, (5, 5)), 4)
    scene.sea.control.pan(-15, 10)
    frames(app, 1)
    click(app, at(scene, (5, 5)))
    assert scene.selected == (sid("Sp1"),)
    target = next(c for c in sorted(scene.landings_of(scene.selected))
                  if scene.view.rect.inflate(-20, -20).collidepoint(scene.view.centre(c)))
    for t in scene._squares:                          # the drop targets follow the camera
        if t.data == target:
            assert t.rect.collidepoint(at(scene, target))
    click(app, at(scene, target))
    assert scene.game.ships[sid("Sp1")] == target
    glide = next(e for e in scene.effects if isinstance(e, fx.Glide))
    wheel(app, scene.view.rect.center, -1)            # the glide follows the sea
    assert glide.points[-1][0] == pytest.approx(scene.view.anchor_point(target), abs=1)


def test_keys_zoom_pan_and_fit_and_arrows_still_pick_squares_with_a_ship_in_hand(app):
    scene = table(app)
    key(app, pygame.K_PLUS)
    key(app, pygame.K_EQUALS)
    assert scene.view.zoom == pytest.approx(WHEEL_STEP ** 2)
    key(app, pygame.K_MINUS)
    assert scene.view.zoom == pytest.approx(WHEEL_STEP)
    key(app, pygame.K_PLUS)
    origin = scene.view.origin
    key(app, pygame.K_RIGHT)                          # no ship in hand: the arrows pan
    assert scene.view.origin[0] < origin[0]
    key(app, pygame.K_TAB)                            # a ship in hand: the arrows choose its square, in sight
    group = scene.selected
    assert group is not None
    origin = scene.view.origin
    key(app, pygame.K_RIGHT)
    assert scene._hover_cell in scene.landings_of(group)
    assert scene.view.rect.collidepoint(scene.view.centre(scene._hover_cell))
    key(app, pygame.K_RETURN)
    assert isinstance(scene.session.actions[-1], Move) and scene.game.ships[group[0]] == scene._hover_cell
    key(app, pygame.K_f)
    assert scene.view.at_fit


def test_centre_fleet_and_whole_sea_buttons_and_their_explanations(app):
    scene = table(app)
    frames(app, 1)
    whole = find_button(scene.sea.buttons, "pir.ui.whole_sea")
    assert not whole.enabled                          # already the whole sea
    click(app, find_button(scene.sea.buttons, "pir.ui.centre_fleet").rect.center)
    assert scene.view.zoom > 1.0
    ships = scene.sea.active_ships()
    assert ships and all(scene.view.rect.collidepoint(scene.view.anchor_point(scene.game.ships[s])) for s in ships)
    scene.mark_dirty()
    frames(app, 1)
    check_frame(scene)                                # zoomed in, everything named is on screen, in both catalogs
    says = {text.key for _rect, text, kind in scene.explained if kind == "button"}
    assert {"pir.explain.centre_fleet", "pir.explain.whole_sea"} <= says
    assert any(kind == "coordinate" for _r, _t, kind in scene.explained)
    assert all(scene.view.frame_rect().contains(r) for r, _t, kind in scene.explained if kind == "coordinate")
    click(app, whole.rect.center)
    assert scene.view.at_fit
    key(app, pygame.K_c)
    assert scene.view.zoom > 1.0


def test_the_picker_follows_the_camera(app):
    from game import games
    from game.core.session import Seat
    from game.scenes.setup import make_table_scene
    seats = [Seat(n, "human", None, i) for i, n in enumerate(("Anna", "Ben"))]
    scene = make_table_scene(app, games.get("pirateer"), seats, {}, 3)
    app.stack.push(scene, fade=False)
    frames(app, 2)
    assert scene.choosing()
    anchor = scene.game.board.harbour("spanish").anchor
    wheel(app, at(scene, anchor), 4)
    assert scene.view.zoom > 1.0
    card = scene.picker.cards["spanish"]
    hit = card.clip(scene.view.rect)
    assert hit.w > 0 and scene.picker.hit(hit.center) == "spanish"
    far = scene.picker.cards["barbary"]
    assert not scene.view.rect.colliderect(far) or scene.picker.hit(far.center) in ("barbary", None)
    outside = (scene.view.rect.right + 5, scene.view.rect.centery)
    assert scene.picker.hit(outside) is None and scene.view.cell_at(outside) is None
    x, y = scene.view.centre(scene.game.board.harbour("spanish").channel[2])
    assert scene.picker.hit((int(x), int(y))) == "spanish"


def test_the_final_picture_shows_the_whole_sea_and_the_view_stays_as_it_was(app):
    scene = table(app)
    fit_frame = scene.view.frame_rect()
    key(app, pygame.K_c)
    kept = scene.view.camera_key()
    assert not scene.view.at_fit
    picture, _caption = scene.final_picture()
    assert picture.get_size() == fit_frame.size
    assert scene.view.camera_key() == kept and not scene.view.at_fit
