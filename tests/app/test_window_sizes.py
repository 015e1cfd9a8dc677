"""Every scene of every game in any window the app allows (issue 12, item 5): width >= 960, height >= 540,
longest side <= 3840, portrait included. Each scene is drawn at the smallest, the design size, tall and
narrow, wide and flat and the largest windows; every control it draws must lie inside the window, no two
controls may overlap, no text may be cut, no size may be zero or negative. Then a few moves are played by
real clicks on the controls as they are drawn."""
from __future__ import annotations

import pygame
import pytest

from game import games
from game.core.protocol import Result
from game.core.session import Seat
from game.scenes.error import ErrorScene
from tests.app.conftest import app, click, frames, key, start_table  # noqa: F401 - the app fixture
from tests.support.layout_check import problems, record_draws

SIZES = [(960, 540), (1280, 720), (960, 1440), (1080, 1920), (3840, 2160), (3840, 540), (960, 3840)]
CLICK_SIZES = [(960, 540), (960, 1440), (3840, 540), (3840, 2160)]
PLAYABLE = [e.id for e in games.catalog() if e.available]


def size_id(size) -> str:
    return f"{size[0]}x{size[1]}"


def resize(app, size) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    frames(app, 1)
    assert app.screen.get_size() == tuple(size)


def open_at(app, size, scene):
    """``scene`` on top of the stack in a window of ``size`` (it is laid out there, then drawn)."""
    app.stack.push(scene, fade=False)
    if app.screen.get_size() != tuple(size):
        resize(app, size)
    frames(app, 2)
    return scene


def game_forms(app, size):
    """Each playable game's setup, rules and results, then its setup with every seat row shown, opened in turn at
    ``size``: yields what is on top, and closes it when the caller has looked."""
    from game.scenes.results import ResultsScene
    from game.scenes.rules import RulesScene
    from game.scenes.setup import SetupScene
    seats, result = sample_result()
    for game_id in PLAYABLE:
        entry = games.get(game_id)
        for name, make in (("setup", lambda: SetupScene(app, entry)), ("rules", lambda: RulesScene(app, entry)),
                           ("results", lambda: ResultsScene(app, entry, seats, result, rematch=lambda: None))):
            open_at(app, size, make())
            yield f"{name} {game_id}"
            app.stack.pop()
        setup = open_at(app, size, SetupScene(app, entry))
        setup.set_players(entry.package.rules.max_players)
        yield f"setup {game_id} with every seat"
        app.stack.pop()


def check(app, drawn, what: str) -> None:
    """Draw the top scene (and what shows under it) once more, recording every widget it draws."""
    if what != "error":
        assert not isinstance(app.stack.top, ErrorScene), f"{what}: {app.stack.top.message}"
    for scene in app.stack.visible():
        scene.mark_dirty()
    drawn.widgets.clear()
    top = app.stack.top
    top.draw(app.screen)
    found = problems(drawn, app.screen_rect())
    assert not found, f"{what} at {app.screen.get_size()}:\n" + "\n".join(found)


def sample_result() -> tuple[list[Seat], Result]:
    seats = [Seat("Anna", "human", None, 0), Seat("Ben", "bot", "hard", 1), Seat("Clara", "bot", "easy", 2),
             Seat("Dino", "bot", "medium", 3)]
    result = Result.from_scores([21, 17, 9, 30], breakdown=[[("results.points", v)] for v in (21, 17, 9, 30)])
    return seats, result


# --- menus and forms -----------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_every_menu_and_form_fits_the_window(app, monkeypatch, size):
    from game.scenes.credits import CreditsScene
    from game.scenes.menu import MenuScene
    from game.scenes.pause import PauseScene
    from game.scenes.settings import SettingsScene
    drawn = record_draws(monkeypatch)
    open_at(app, size, MenuScene(app))
    check(app, drawn, "menu")
    for name, make in (("settings", lambda: SettingsScene(app)), ("credits", lambda: CreditsScene(app)),
                       ("error", lambda: ErrorScene(app, RuntimeError("boom"), "/tmp/pgn.log"))):
        open_at(app, size, make())
        check(app, drawn, name)
        if hasattr(app.stack.top, "body"):                    # a form: every row inside its panel
            panel = app.stack.top.panel.rect
            outside = [w for w in app.stack.top.body.walk() if w.visible and not panel.contains(w.rect)]
            assert not outside, f"{name} at {size}: {outside[:3]} outside {panel}"
        app.stack.pop()
    for what in game_forms(app, size):
        check(app, drawn, what)
    for game_id in PLAYABLE:
        table = start_table(app, game_id, ["human", "easy"])
        open_at(app, size, PauseScene(app, table))
        check(app, drawn, f"pause {game_id}")
        open_at(app, size, SettingsScene(app, overlay=True))
        check(app, drawn, f"settings over {game_id}")
        app.stack.pop()
        app.stack.pop()
        app.stack.pop()


# --- tables --------------------------------------------------------------------------------------------
def table_parts(scene, window: pygame.Rect) -> list[str]:
    """The game's own sprites (not widgets) that a player must see and reach."""
    out = []
    rects: list[tuple[str, pygame.Rect]] = []
    if scene.entry.id == "playa-pirata":
        rects += [("hand card", s.rect) for s in scene.hand_sprites]
        rects += [("beach spot", r) for r in scene.spot_rects] + [("discard pile", scene.discard_rect)]
        rects += [("beach", scene.beach), ("hand area", scene.hand_area)]
    elif scene.entry.id == "island-race":
        rects += [("pile slot", r) for r in scene.L.slots]
        rects += [(f"island {seat}", box.panel) for seat, box in scene.L.islands.items()]
        rects += [("clock", scene.L.clock), ("log", scene.L.log)]
    elif scene.entry.id == "pirateer":
        rects += [("board", scene.view.rect), ("side panel", scene.side)]
    elif scene.entry.id == "planks":
        lay = scene.lay
        rects += [("ship", lay.ship), ("island", lay.island), ("log", lay.log), ("side panel", lay.side)]
        rects += [(f"plank {p + 1}", lay.plank_rect(p)) for p in range(12)]
        rects += [(f"player {seat + 1}", r) for seat, r in enumerate(scene.panel.rows)]
    elif scene.entry.id == "spanish-main":
        lay = scene.lay
        rects += [(f"ship on space {i + 1}", r) for i, r in enumerate(lay.ships)]
        rects += [(f"market card {i + 1}", r) for i, r in enumerate(lay.market)]
        rects += [("active adventure", lay.active), ("your pirates", lay.pirates), ("log", lay.log),
                  ("players", lay.seats), ("adventure deck", lay.adv_deck), ("adventure discards", lay.adv_discard)]
        rects += [(f"upcoming {i + 1}", r) for i, r in enumerate(lay.upcoming)]
    for name, r in rects:
        if r.w <= 0 or r.h <= 0:
            out.append(f"{name} has no size: {r}")
        elif not window.contains(r):
            out.append(f"{name} {r} is outside the window {window.size}")
    # areas that must not cover one another
    if scene.entry.id == "playa-pirata":
        apart = [("beach spot", r) for r in scene.spot_rects] + [("side panel", scene.side)]
    elif scene.entry.id == "island-race":
        apart = [("pile", scene.L.pile), ("log", scene.L.log)]
        apart += [(f"island {seat}", box.panel) for seat, box in scene.L.islands.items()]
    elif scene.entry.id == "planks":
        lay = scene.lay
        apart = [("ship", lay.ship), ("island", lay.island), ("side panel", lay.side), ("log", lay.log)]
    elif scene.entry.id == "spanish-main":
        lay = scene.lay
        apart = [("row", lay.row), ("active adventure", lay.active), ("your pirates", lay.pirates),
                 ("notes or hand", lay.middle), ("log", lay.log), ("players", lay.seats), ("buttons", lay.buttons),
                 ("market", lay.market[0].unionall(lay.market[1:]))]
    else:
        apart = [("board", scene.view.rect), ("side panel", scene.side)]
    for i, (name_a, a) in enumerate(apart):
        for name_b, b in apart[i + 1:]:
            if a.colliderect(b):
                out.append(f"{name_a} {a} overlaps {name_b} {b}")
    return out


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("game_id", PLAYABLE)
@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_every_table_fits_the_window(app, monkeypatch, size, game_id, seats):
    from game.scenes.menu import MenuScene
    drawn = record_draws(monkeypatch)
    open_at(app, size, MenuScene(app))
    scene = start_table(app, game_id, ["human"] + ["easy"] * (seats - 1), seed=7)
    for _ in range(3):  # the table as it opens, then after the bots' first moves
        check(app, drawn, f"{game_id} with {seats}")
        found = table_parts(scene, app.screen_rect())
        assert not found, "\n".join(found)
        frames(app, 40)


# --- moves by real clicks ------------------------------------------------------------------------------
def empty_sand(scene):
    beach = scene.beach
    step = max(8, beach.w // 60)
    for y in range(beach.bottom - step, beach.y, -step):
        for x in range(beach.x + step, beach.right - step, step):
            if not any(r.collidepoint(x, y) for r in scene.spot_rects) and not scene.discard_rect.collidepoint(x, y):
                return (x, y)
    raise AssertionError("no free sand")


def play_playa(app, scene) -> None:
    from game.games.playa_pirata.rules import BuryTreasure
    for _ in range(500):
        if scene.my_turn() is not None:
            break
        frames(app, 1)
    scene._rebuild()
    buried = len(scene.hand_view(0).beach)
    card = next(s for s in scene.hand_sprites if s.payload.kind == "treasure" and not s.dimmed)
    click(app, card.rect.center)  # pick the treasure up...
    click(app, empty_sand(scene))  # ...and put it down on the sand
    assert isinstance(scene.session.actions[-1], BuryTreasure)
    assert len(scene.hand_view(0).beach) == buried + 1
    frames(app, 2)
    if scene.end_button.visible:
        before = len(scene.session.actions)
        click(app, scene.end_button.rect.center)
        assert len(scene.session.actions) == before + 1


def play_island_race(app, scene) -> None:
    from game.games.island_race.rules import Flip, Place, Rotate
    scene.time_scale = 400.0  # "3, 2, 1, go!" fast, then the clock stands still
    for _ in range(400):
        if scene.stage == "play":
            break
        frames(app, 1)
    assert scene.stage == "play"
    scene.time_scale = 0.0
    frames(app, 1)
    r = scene.round
    slot = next(i for i, p in enumerate(r.pile) if p is not None and not r.water_faults_of_placement(0, (1, 1), p.face))
    click(app, scene.L.slots[slot].center)
    assert r.hands[0] is not None
    click(app, scene.turn_right.rect.center)
    assert isinstance(scene.session.actions[-1], Rotate)
    click(app, scene.flip_button.rect.center)
    assert isinstance(scene.session.actions[-1], Flip)
    click(app, scene.flip_button.rect.center)
    click(app, scene.turn_left.rect.center)  # as it lay: it fits
    click(app, scene.L.islands[0].cell_rect(1, 1).center)
    if r.grids[0][scene.round.size + 1] is None:  # the water-rule warning wants a second click
        click(app, scene.L.islands[0].cell_rect(1, 1).center)
    assert isinstance(scene.session.actions[-1], Place)


def play_pirateer(app, scene) -> None:
    from game.games.pirateer.rules import MOVE, Move, Roll
    for _ in range(8):  # S1: each seat first chooses its fleet by a click on a free harbour's card
        if not scene.choosing():
            break
        click(app, scene.picker.cards[scene.choosable()[0]].center)
    for _ in range(6):
        if scene.game.phase == MOVE:
            break
        assert scene.roll_button.visible
        click(app, scene.roll_button.rect.center)
        assert isinstance(scene.session.actions[-1], Roll)
        for _ in range(200):  # the dice settle
            if not scene.effects and not scene.dice_rolling():
                break
            frames(app, 1)
    assert scene.game.phase == MOVE
    group = sorted(scene.movable_groups())[0]
    x, y = scene.view.anchor_point(scene.game.ships[group[0]])
    click(app, (int(x), int(y)))
    lit = scene.landings_of(scene.selected)
    assert lit
    x, y = scene.view.anchor_point(sorted(lit)[0])
    click(app, (int(x), int(y)))
    assert isinstance(scene.session.actions[-1], Move)


def play_spanish_main(app, scene) -> None:
    from game.games.spanish_main.rules import PlayCard
    for _ in range(2000):  # the bots' turns and their animations
        if scene.my_turn() is not None and not scene.timeline.blocking:
            break
        app.clock.advance(0.1)
        frames(app, 1)
    scene.recap.hide()
    scene._sync_drag()
    card = sorted(scene.drag.draggables, key=lambda t: t.rect.x)[0]
    click(app, card.rect.center)                           # pick a market card up ...
    lit = scene.drag.legal_targets()
    assert lit
    click(app, lit[0].rect.center)                         # ... and put it on a lit target
    assert isinstance(scene.session.actions[-1], PlayCard)


def play_planks(app, scene) -> None:
    from game.games.planks.rules import Move, Rescue
    for _ in range(2000):  # the bots' turns and their animations
        if scene.my_turn() is not None and not scene.timeline.blocking:
            break
        app.clock.advance(0.1)
        frames(app, 1)
    pirate = next(p for p in scene.game.pirates_of(scene.my_turn()) if scene.pick_up_reason(p) is None)
    click(app, scene._pirate_rect(pirate).center)          # pick the pirate up ...
    lit = scene.drag.legal_targets()
    assert lit
    click(app, lit[0].rect.center)                         # ... and put it on a lit plank
    assert isinstance(scene.session.actions[-1], (Move, Rescue))


@pytest.mark.parametrize("game_id", PLAYABLE)
@pytest.mark.parametrize("size", CLICK_SIZES, ids=size_id)
def test_moves_are_played_by_clicks_on_the_drawn_controls(app, size, game_id):
    from game.scenes.menu import MenuScene
    open_at(app, size, MenuScene(app))
    kinds = ["human", "human"] if game_id == "pirateer" else ["human", "easy"]
    scene = start_table(app, game_id, kinds, seed=5)
    {"playa-pirata": play_playa, "island-race": play_island_race, "pirateer": play_pirateer,
     "planks": play_planks, "spanish-main": play_spanish_main}[game_id](app, scene)
    assert not isinstance(app.stack.top, ErrorScene)


# --- the Continue list ---------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_the_continue_list_fits_the_window(app, monkeypatch, size):
    """The list of unfinished games (more than fit one page, long names, every playable game), its
    further page and the Delete confirmation, at every size; then a game is resumed by a click."""
    from game.scenes.menu import MenuScene
    from game.scenes.saved_games import DeleteSaveScene, SavedGamesScene
    from tests.support.save_files import write_game
    for i in range(12):
        game_id = PLAYABLE[i % len(PLAYABLE)]
        names = ["Bartholomew Roberts the Third " * (1 + i % 2), "Ben", "Clara", "Dino"][: 2 + i % 3]
        write_game(game_id, names, 3 + i, f"2024-{1 + i % 12:02d}-{1 + i:02d}T10:00:00+00:00", seed=i)
    drawn = record_draws(monkeypatch)
    menu = open_at(app, size, MenuScene(app))
    check(app, drawn, "menu with Continue")
    click(app, menu.continue_button.rect.center)
    frames(app, 2)
    scene = app.stack.top
    assert isinstance(scene, SavedGamesScene) and scene.rows and scene.many.visible
    check(app, drawn, "continue list")
    if scene.pages > 1:
        click(app, scene.older.rect.center)
        check(app, drawn, "continue list, page 2")
    click(app, scene.rows[0].delete.rect.center)
    assert isinstance(app.stack.top, DeleteSaveScene)
    check(app, drawn, "delete confirmation")
    key(app, pygame.K_ESCAPE)
    click(app, scene.rows[-1].resume.rect.center)
    frames(app, 2)
    assert getattr(app.stack.top, "save_path", None) is not None


@pytest.mark.parametrize("lang", ["en", "it"])
@pytest.mark.parametrize("size", SIZES, ids=size_id)
def test_every_row_of_a_form_stays_inside_its_panel_in_both_languages(app, size, lang):
    """Found by a newcomer: in Italian the settings' longer labels wrapped and Done hung off the panel."""
    from game.i18n import set_language
    from game.scenes.credits import CreditsScene
    from game.scenes.settings import SettingsScene
    set_language(lang)
    try:
        for make in (lambda: SettingsScene(app), lambda: CreditsScene(app)):
            scene = open_at(app, size, make())
            panel = scene.panel.rect
            outside = [w for w in scene.body.walk() if w.visible and not panel.contains(w.rect)]
            assert not outside, f"{type(scene).__name__} at {size} in {lang}: {outside[:3]} outside {panel}"
            app.stack.pop()
    finally:
        set_language("en")


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)], ids=size_id)
def test_every_game_form_fits_the_window_in_italian(app, monkeypatch, size):
    """Italian labels run longer than English ones: every setup (every seat shown), rules page and results of every
    game at the smallest and the design window, no text cut, nothing outside (found: 'Spagnoli contro
    Barbareschi' overflowed Pirateer's setup choice at 960 wide)."""
    from game.i18n import set_language
    drawn = record_draws(monkeypatch)
    set_language("it")
    try:
        for what in game_forms(app, size):
            check(app, drawn, f"{what} (it)")
    finally:
        set_language("en")
