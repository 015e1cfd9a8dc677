"""Issue 16 on the Pirateer table, "follow every move, see every ending": the squares' names printed on the
board's frame and used by the log, the rules' captions and the lesson; each seat's last move marked on the sea
until that seat moves again; the log shows a whole round of turns and scrolls back; "No legal move" is a banner
one reads. (The victory held until its button: tests/games/pirateer/test_scene_events.py and test_scene.py.)"""
from __future__ import annotations

import re

import pygame
import pytest

from game.core.events import log_of
from game.games.pirateer import effects as fx
from game.games.pirateer.boardview import LABEL_INK
from game.games.pirateer.marks import marks_of
from game.games.pirateer.rules import RULES, Move
from game.i18n import tr
from tests.app.conftest import app, frames, key  # noqa: F401 - the app fixture
from tests.games.pirateer.helpers import game, sid
from tests.games.pirateer.test_scene import open_sea, start, table_at

NAME = re.compile(r"[A-HJ-Z][0-9]{1,2}(/[A-HJ-Z][0-9]{1,2})?")


def resize(app, size) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app, 2)


def run(app, scene, until, limit=6000) -> None:
    """Bots play (time passes 0.2 s a frame) until ``until()``."""
    for _ in range(limit):
        if until():
            return
        scene.update(0.2)
        frames(app, 1)
    raise AssertionError("never happened")


# -- the squares' names ------------------------------------------------------------------------------------
def test_squares_are_named_by_row_letter_and_column_number_from_the_board():
    b = RULES.board
    assert b.square_name((0, 9)) == "C8" and b.square_name((9, 0)) == "C26"          # the top anchors
    assert b.square_name((10, 19)) == "X8" and b.square_name((19, 10)) == "X26"      # the bottom ones
    assert b.square_name((3, 4)) == b.square_name((15, 16)) == "A16/Z16"            # a strait: both halves
    assert [t for t, _ in b.row_labels] == list("ABCDEFGHJKLMNOPQRSTUVWXYZ")        # no I: it reads like a 1
    assert [t for t, _ in b.column_labels] == [str(k) for k in range(1, 34)]
    names = {b.square_name(c) for c in b.squares}
    assert len(names) == len(b.squares) and all(NAME.fullmatch(n) for n in names)  # one name per square


@pytest.mark.parametrize("size", [(1280, 720), (960, 540), (1920, 1080)])
def test_the_frame_prints_every_row_and_column_readably(app, size):
    scene = table_at(app, open_sea())
    resize(app, size)
    view = scene.view
    labels = view.label_rects()
    rows = [box for _, box, side in labels if side == "row"]
    columns = [box for _, box, side in labels if side == "column"]
    assert len(rows) == 2 * 25 and len(columns) == 2 * 33
    frame, screen = view.frame_rect(), app.screen.get_rect()
    assert screen.contains(frame) and frame.right <= scene.side.x
    for _, box, _ in labels:                                   # on the frame, off the sea, inside the window
        assert frame.contains(box) and not view.rect.inflate(-4, -4).colliderect(box)
    for line in (columns[0::2], columns[1::2], rows[0::2], rows[1::2]):
        assert all(not a.colliderect(b) for a, b in zip(line, line[1:]))               # never on each other
    assert view.label_font().get_height() >= 10
    # drawn, in the frame's ink, level with their row or column
    drawn = pygame.Surface(app.screen.get_size())
    scene.draw(drawn)
    for text, box, side in labels[::7]:
        pixels = [drawn.get_at((x, y))[:3] for x in range(box.left, box.right) for y in range(box.top, box.bottom)]
        assert any(sum(abs(p - q) for p, q in zip(px, LABEL_INK)) < 60 for px in pixels), text
    x, y = view.centre((0, 9))                                 # C8 is under C and 8
    assert any(t == "C" and abs(box.centery - y) <= 1 for t, box, _ in labels)
    assert any(t == "8" and abs(box.centerx - x) <= 1 for t, box, _ in labels)
    # resting the pointer on a name says how squares are named
    said = [(t.key, k) for r, t, k in scene.explained if k == "coordinate"]
    assert ("pir.explain.row_name", "coordinate") in said and ("pir.explain.column_name", "coordinate") in said


def test_the_log_and_the_squares_explanations_name_squares_as_the_frame_prints_them(app):
    scene = table_at(app, open_sea())
    move = next(a for a in scene.game.legal_actions() if isinstance(a, Move) and a.ships == (sid("Sp1"),))
    start_cell = scene.game.ships[sid("Sp1")]
    assert scene.try_action(move) is None
    end = scene.game.ships[sid("Sp1")]
    line = tr(log_of(scene.game.events)[-1].text)
    b = scene.game.board
    assert b.square_name(start_cell) in line and b.square_name(end) in line and "(" not in line
    frames(app, 2)
    named = {t.kwargs["name"] for _, t, k in scene.explained if t.key == "pir.explain.named"}
    assert b.square_name(end) in named and "C8" in named


def test_every_log_line_of_a_game_names_its_squares(app):
    scene = start(app, ["easy"] * 4, seed=5)
    app.bot_delay = 0.0
    run(app, scene, lambda: scene.game.turn >= 9)
    lines = log_of(scene.game.events)
    squares = [v for e in lines for k, v in e.text.params if k in ("start", "end", "cell")]
    assert squares and all(NAME.fullmatch(v) for v in squares)
    assert not any(re.search(r"\(\d+,\d+\)", tr(e.text)) for e in lines)


def test_the_rules_caption_names_the_square_of_its_picture():
    from game.games.pirateer.rules_pictures import E
    from game.i18n import set_language
    square = RULES.board.square_name(E["scoring"].ships["Sp1"])
    for lang in ("en", "it"):
        set_language(lang)
        caption = tr("pirateer.rules.picture.scoring.caption")
        assert square in caption and "(0,13)" not in caption
    set_language("en")


# -- each seat's last move, marked until it moves again -----------------------------------------------------
def test_every_seat_has_its_last_move_marked_and_a_new_move_replaces_only_its_own(app):
    scene = start(app, ["easy"] * 4, seed=5)
    app.bot_delay = 0.0
    g = scene.game
    run(app, scene, lambda: g.turn >= 5)
    marks = scene.seat_marks()
    rolled_only = {s for s in range(4) if s not in scene.last_moves()}   # a roll that left no move is not one
    assert len(rolled_only) <= 1 and sorted(marks) == sorted(set(range(4)) - rolled_only)   # a full round
    assert marks == marks_of(scene.last_moves(), scene.viewer_events())   # the table's last_moves and events
    moved = [s for s, m in marks.items() if not m.empty]
    assert len(moved) >= 3
    frames(app, 1)
    scene.mark_dirty()
    frames(app, 1)
    marked = {}
    for rect, text, kind in scene.explained:
        if kind == "last-move":
            marked.setdefault(text.kwargs["player"], set()).add(text.key)
    for seat in moved:                                         # its wake and its start; its ship's glow and symbol
        want = {"pir.explain.last_wake", "pir.explain.last_from"}
        if any(s in g.ships and s not in scene.timeline.hidden() for s in marks[seat].ships):   # (not gliding)
            want.add("pir.explain.last_ship")
        assert want <= marked[scene.seat_name(seat)], seat
    colours = {scene.seat_rgb(s) for s in range(4)}
    symbols = {scene.session.seats[s].colour for s in range(4)}
    assert len(colours) == len(symbols) == 4                  # each seat its colour and its symbol
    # the next seat plays its turn again: its marks are of its new move, the others' stay as they were
    on_turn = g.current
    mover = g.order[(g.order.index(on_turn) + 1) % len(g.order)]
    before = {s: [w.index for w in m.wakes] for s, m in marks.items()}
    before.update({s: [] for s in rolled_only})
    run(app, scene, lambda: g.current == mover)
    run(app, scene, lambda: g.current != mover)
    after = scene.seat_marks()
    assert [w.index for w in after[mover].wakes] != before[mover]
    assert min([w.index for w in after[mover].wakes] or [10 ** 9]) > max(before[mover] or [-1])
    for s in range(4):
        if s not in (mover, on_turn):
            assert [w.index for w in after[s].wakes] == before[s] if s in after else before[s] == []
    assert [t[1] for t in scene.trails] == sorted(w.index for m in after.values() for w in m.wakes)


def test_the_marks_show_what_a_move_sank_and_where_it_took_the_treasure(app):
    # Spanish ship 1 boards the Pirate carrier: the coin passes to it; its wreck and the coin are marked
    state = game({"Sp1": (5, 5), "Sp2": (8, 3), "Pi1": (5, 8), "Pi2": (15, 12)}, players=2, treasure="Pi1",
                 phase="move", dice=(3, 5))
    scene = table_at(app, state)
    boarding = Move(0, (sid("Sp1"),), "SW", 3)
    assert scene.try_action(boarding) is None
    for _ in range(40):
        scene.update(0.1)
        frames(app, 1)
    m = scene.seat_marks()[0]
    assert [(ship, at, by) for _, ship, at, by in m.sank] == [(sid("Pi1"), (5, 8), "boarding")]
    assert [(ship, at) for _, ship, at in m.took] == [(sid("Sp1"), (5, 8))]
    assert m.origins == {sid("Sp1"): (5, 5)}
    keys = {t.key for _, t, k in scene.explained if k == "last-move"}
    assert {"pir.explain.last_sank", "pir.explain.last_took", "pir.explain.last_ship"} <= keys


def test_an_undone_move_leaves_no_mark(app):
    scene = table_at(app, open_sea())
    move = next(a for a in scene.game.legal_actions() if isinstance(a, Move) and a.ships == (sid("Sp1"),))
    assert scene.try_action(move) is None and scene.seat_marks()[0].wakes
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    marks = scene.seat_marks()
    assert not scene.trails and (0 not in marks or marks[0].empty)


# -- the log ---------------------------------------------------------------------------------------------------
def _visible_entries(panel) -> int:
    """How many of the newest log entries the panel shows whole (scrolled to the newest)."""
    room = panel.content_rect.h
    shown = 0
    for _, h in reversed(panel._layout):
        room -= h
        if room < 0:
            break
        shown += 1
    return shown


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_log_shows_a_whole_round_of_four_players_at_1280x720_and_scrolls_back(app, lang):
    from game.i18n import set_language
    set_language(lang)
    try:
        scene = start(app, ["easy"] * 4, seed=5)
        app.bot_delay = 0.0
        g = scene.game
        run(app, scene, lambda: g.turn >= 9 and g.phase == "start")
        frames(app, 2)
        panel = scene.logpanel
        entries = log_of(g.events)
        rolls = [i for i, e in enumerate(entries) if e.text.key == "pir.log.roll"]
        round_lines = len(entries) - rolls[-4]                  # the last four turns, each roll and its moves
        assert 8 <= round_lines and _visible_entries(panel) >= round_lines, (round_lines, _visible_entries(panel))
        assert panel.rect.bottom <= scene.menu_button.rect.y and panel.rect.y > scene.panel.treasure_rect.bottom
        # the wheel and a drag scroll it back, and back to the newest
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=panel.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2))
        frames(app, 1)
        assert panel.scroll > 0 and not panel.at_bottom
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-50))
        frames(app, 1)
        assert panel.at_bottom
        x, y = panel.rect.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y + 60), rel=(0, 60), buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y + 60), button=1))
        frames(app, 1)
        assert panel.scroll > 0
    finally:
        set_language("en")


# -- "No legal move" -------------------------------------------------------------------------------------------
def test_no_legal_move_is_a_banner_one_reads(app):
    scene = table_at(app, game({"Sp1": (8, 10), "Fr1": (10, 0)}, next_rolls=[[6, 6]]), ["human"] * 4)
    key(app, pygame.K_SPACE)
    banner = next(e for e in scene.effects if isinstance(e, fx.Banner))
    assert banner.text == tr("pir.ui.no_move") and banner.sub == "P0 rolled 6 and 6: no ship can sail 6 squares."
    assert banner.duration >= 2.0 and banner.blocking          # the next seat waits while it shows (test_no_move)
    scene.update(banner.delay + banner.duration / 2)          # half way: a dark plate, ringed in gold
    surface = pygame.Surface(app.screen.get_size())
    scene.draw(surface)
    box = banner.box()
    inside = surface.get_at((box.x + 12, box.centery))[:3]
    assert sum(inside) < 200                                   # dark, not a faint veil over the island
    assert scene.view.rect.contains(box)


def test_the_panel_names_a_bots_turn_until_its_last_move_has_sailed(app):
    """Found by a newcomer: during a replay (and live) the panel's heading ran one turn ahead of the ship still
    sailing."""
    app.bot_delay = None
    scene = start(app, ["easy", "easy"], seed=7)
    held = 0
    for _ in range(3000):
        scene.update(0.05)
        frames(app, 1)
        g = scene.game
        if g.is_over():
            break
        seat = scene.turn_shown()
        if seat is not None and seat != g.current:
            turns = [e for e in reversed(scene.state.events) if e.kind == "turn"]
            assert scene.timeline.blocking
            assert scene.shown_turn() == (turns[1].get("turn"), seat)
            assert scene.seat_name(seat) in scene.panel.prompt_text()
            held += 1
            if held > 20:
                break
    assert held
