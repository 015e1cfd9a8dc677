"""The app as a player drives it: menu, setup, a game, pause, results, saves, crash guard."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.core import saves
from game.core.protocol import Text
from game.i18n import tr
from game.scenes.base import Scene
from game.scenes.menu import MenuScene
from tests.app.conftest import open_menu, click, find_button, frames, key

ROOT = Path(__file__).resolve().parents[2]


# --- scene stack ----------------------------------------------------------------------------------
class Probe(Scene):
    def __init__(self, app, name):
        super().__init__(app)
        self.name = name
        self.entered = 0
        self.left = 0

    def enter(self):
        super().enter()
        self.entered += 1

    def leave(self):
        self.left += 1


def test_scene_stack_push_pop_replace_and_fade(app):
    a, b, c = Probe(app, "a"), Probe(app, "b"), Probe(app, "c")
    app.stack.push(a, fade=False)
    frames(app, 1)
    app.stack.push(b)
    assert app.stack.top is b and a.left == 1
    assert app._fade_from is not None  # a fade from the old picture has started
    frames(app, 30)
    assert app._fade_from is None
    app.stack.replace(c)
    assert app.stack.scenes == [a, c] and b.left == 1
    app.stack.pop()
    assert app.stack.top is a and a.entered == 2


def test_non_opaque_scene_draws_over_the_one_below(app):
    a, b = Probe(app, "a"), Probe(app, "b")
    b.opaque = False
    app.stack.push(a, fade=False)
    app.stack.push(b, fade=False)
    assert app.stack.visible() == [a, b]


def test_popping_the_last_scene_quits(app):
    app.stack.push(Probe(app, "only"), fade=False)
    app.stack.pop()
    assert not app.running


# --- menu -----------------------------------------------------------------------------------------
def test_menu_settings_button_opens_settings_and_esc_goes_back(app):
    from game.scenes.settings import SettingsScene
    menu = open_menu(app)
    click(app, find_button(menu, "menu.settings").rect.center)
    assert isinstance(app.stack.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is menu


def test_menu_credits_and_quit(app):
    from game.scenes.credits import CreditsScene
    menu = open_menu(app)
    click(app, find_button(menu, "menu.credits").rect.center)
    assert isinstance(app.stack.top, CreditsScene)
    key(app, pygame.K_ESCAPE)
    click(app, find_button(menu, "menu.quit").rect.center)
    assert not app.running


def test_menu_every_game_of_the_catalog_is_out_of_the_shipyard_and_opens_its_setup(app):
    from game import games
    from game.scenes.setup import SetupScene
    menu = open_menu(app)
    ids = [t.entry.id for t in menu.tiles]
    assert ids == [e.id for e in games.catalog()]
    assert set(ids) >= {"playa-pirata", "planks", "island-race", "pirateer", "spanish-main"}
    for tile in list(menu.tiles):
        assert tile.entry.available, tile.entry.id
        click(app, tile.rect.center)
        assert isinstance(app.stack.top, SetupScene) and app.stack.top.entry is tile.entry
        app.stack.pop(fade=False)
        frames(app, 2)
        assert app.stack.top is menu


def test_a_game_in_the_shipyard_stays_closed_even_with_a_table_until_its_flag_comes_off(app, monkeypatch):
    """The catalog's flag, not the mere presence of a scene, says a game is done (issue 17): a game with its
    package and its table, registered with the flag on, shows in the menu but does not open."""
    import dataclasses
    from game import games
    built = games.get("planks")
    assert built.package is not None and built.package.make_scene is not None
    wip = dataclasses.replace(built, id="planks-in-the-yard", shipyard=True)
    assert not wip.available                                           # a table alone does not open it
    assert dataclasses.replace(wip, shipyard=False).available          # the flag off: it opens
    games.register(wip)
    try:
        menu = open_menu(app)
        tile = next(t for t in menu.tiles if t.entry.id == wip.id)
        click(app, tile.rect.center)
        assert app.stack.top is menu and tile not in menu.play_buttons
        from game.scenes.credits import CreditsScene        # a game without its credits yet: the credits open
        credits = CreditsScene(app)                          # (found by the soak: a KeyError on opening them)
        app.stack.push(credits, fade=False)
        frames(app, 2)
        assert app.stack.top is credits
    finally:
        games.unregister(wip.id)


def test_menu_continue_hidden_without_a_save(app):
    menu = open_menu(app)
    assert not menu.continue_button.visible


def test_menu_does_not_redraw_when_nothing_changes(app):
    open_menu(app)
    frames(app, 3)
    assert not app.busy()


# --- setup ----------------------------------------------------------------------------------------
def open_setup(app, entry):
    from game.scenes.setup import SetupScene
    menu = open_menu(app)
    tile = next(t for t in menu.tiles if t.entry.id == entry.id)
    click(app, tile.rect.center)
    assert isinstance(app.stack.top, SetupScene)
    frames(app, 12)
    return app.stack.top


def test_setup_opens_from_a_playable_tile_and_changes_player_count(app, minigame_entry):
    setup = open_setup(app, minigame_entry)
    assert setup.model.players == 2
    right = setup.players.arrow_rects()[1]
    click(app, right.center)
    assert setup.model.players == 3
    assert setup.rows[2].name.visible and not setup.rows[3].name.visible


def test_setup_offers_only_the_seats_the_table_holds_and_the_options_they_allow(app):
    """The form offers the seats the catalog entry holds, not all the rules allow: an entry that seats 2 to 4 offers
    2-4 players and not the fantastic eight (V11.1), and a remembered 8 or a remembered mode does not bring them back.
    Pirateer's own entry seats 2 to 8 and offers both."""
    import dataclasses
    from game import games
    from game.scenes.setup import SetupScene
    entry = games.get("pirateer")
    assert entry.package.rules.max_players == 8 and entry.players == (2, 8)
    narrow = dataclasses.replace(entry, players=(2, 4))
    app.settings.last_setup["pirateer"] = {"players": 8, "options": {"fantastic-eight": True}}
    setup = SetupScene(app, narrow)
    assert setup.model.player_counts() == [2, 3, 4] and setup.model.players <= 4
    assert "fantastic-eight" not in {o.key for o, _w, _l in setup.option_widgets}
    assert setup.model.options["fantastic-eight"] is False
    setup.model.set_players(7)
    assert setup.model.players == 4 and not setup.model.problems()
    setup8 = SetupScene(app, entry)
    assert setup8.model.player_counts() == list(range(2, 9))
    assert "fantastic-eight" in {o.key for o, _w, _l in setup8.option_widgets}
    assert setup8.model.players == 8 and setup8.model.options["fantastic-eight"] is True


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_V11_1_choosing_five_to_eight_players_turns_the_fantastic_eight_on_and_the_form_fits(app, size, monkeypatch):
    """Section 6.13: 5 to 8 players play the fantastic eight, and only they do: the count decides the mode (its
    box ticks and unticks itself), eight seats fit the form at 960x540, and Start opens the two-board table."""
    from game import games
    from game.scenes.setup import SetupScene
    from tests.app.test_window_sizes import resize
    from tests.support.layout_check import problems, record_draws
    setup = SetupScene(app, games.get("pirateer"))
    app.stack.push(setup, fade=False)
    resize(app, size)                                       # (a window resized with a scene on screen)
    frames(app, 2)
    toggle = next(w for o, w, _ in setup.option_widgets if o.key == "fantastic-eight")
    for _ in range(8 - setup.model.players):
        click(app, setup.players.arrow_rects()[1].center)
        assert toggle.value is (setup.model.players > 4) and setup.model.options["fantastic-eight"] is toggle.value
    assert setup.model.players == 8 and setup.start.enabled and setup.problems.text == ""
    drawn = record_draws(monkeypatch)
    setup.mark_dirty()
    frames(app, 2)
    assert problems(drawn, app.screen_rect()) == []                # inside the window, no overlap, nothing cut
    for row in setup.rows:
        assert row.name.visible and app.screen.get_rect().contains(row.kind.rect)
        assert row.kind.rect.bottom <= setup.left.rect.bottom
    click(app, setup.players.arrow_rects()[0].center)
    click(app, setup.players.arrow_rects()[0].center)
    click(app, setup.players.arrow_rects()[0].center)
    click(app, setup.players.arrow_rects()[0].center)       # back to 4: the mode goes off by itself
    assert setup.model.players == 4 and toggle.value is False and setup.start.enabled
    for _ in range(4):
        click(app, setup.players.arrow_rects()[1].center)
    click(app, setup.start.rect.center)
    frames(app, 3)
    table = app.stack.top
    assert table.game.players == 8 and len(table.game.board.factions) == 8


def test_setup_constraint_blocks_start_with_reason(app, minigame_entry):
    setup = open_setup(app, minigame_entry)
    click(app, setup.players.arrow_rects()[1].center)
    click(app, setup.players.arrow_rects()[1].center)  # 4 players
    toggle = next(w for o, w, _ in setup.option_widgets if o.key == "big_hands")
    click(app, toggle.rect.center)
    assert setup.model.options["big_hands"] is True
    assert not setup.start.enabled
    assert "2, 3" in setup.problems.text  # the reason names the allowed player counts
    click(app, setup.players.arrow_rects()[0].center)  # back to 3: allowed
    assert setup.start.enabled and setup.problems.text == ""


def test_setup_rejects_a_bad_seed_and_duplicate_names(app, minigame_entry):
    setup = open_setup(app, minigame_entry)
    setup.set_seed("12a")
    assert not setup.start.enabled
    setup.set_seed("42")
    setup.set_name(1, setup.model.seats[0].name)
    assert not setup.start.enabled
    setup.set_name(1, "Zoe")
    assert setup.start.enabled


def test_setup_remembers_last_choices(app, minigame_entry):
    from game.scenes.setup import SetupScene
    setup = open_setup(app, minigame_entry)
    setup.set_players(3)
    setup.set_seed("77")
    setup.set_kind(1, "hard")
    click(app, setup.start.rect.center)
    again = SetupScene(app, minigame_entry)
    assert again.model.players == 3 and again.model.seed_text == "77"
    assert again.model.seats[1].kind == "hard"


def test_colour_chip_keeps_colours_unique(app, minigame_entry):
    setup = open_setup(app, minigame_entry)
    chip = setup.rows[0].chip
    for _ in range(5):
        click(app, chip.rect.center)
    colours = [s.colour for s in setup.model.seats]
    assert len(set(colours)) == len(colours)


# --- a whole game ---------------------------------------------------------------------------------
def start(app, entry, kinds, seed=5, options=None):
    from game.core.session import Seat
    from game.scenes.setup import make_table_scene
    seats = [Seat(f"P{i}", "human" if k == "human" else "bot", None if k == "human" else k, i)
             for i, k in enumerate(kinds)]
    scene = make_table_scene(app, entry, seats, options or {}, seed)
    app.stack.push(scene, fade=False)
    frames(app, 1)
    return scene


def play_until(app, cond, limit=3000):
    for _ in range(limit):
        if cond():
            return
        frames(app, 1)
    raise AssertionError("condition never met")


def test_bots_only_game_reaches_results_and_clears_autosave(app, minigame_entry):
    from game.scenes.results import ResultsScene
    table = start(app, minigame_entry, ["easy", "medium"])
    app.autosaver.flush(2)
    assert table.save_path.exists() and table.save_path.parent == saves.saves_dir()
    play_until(app, lambda: isinstance(app.stack.top, ResultsScene))
    assert not table.save_path.exists()
    frames(app, 3)


def test_results_rematch_starts_a_new_game(app, minigame_entry):
    from game.scenes.results import ResultsScene
    from tests.support.minigame_scene import MiniTableScene
    menu = open_menu(app)
    start(app, minigame_entry, ["easy", "easy"])
    play_until(app, lambda: isinstance(app.stack.top, ResultsScene))
    click(app, find_button(app.stack.top, "results.rematch").rect.center)
    assert isinstance(app.stack.top, MiniTableScene) and not app.stack.top.finished
    assert app.stack.scenes[0] is menu and len(app.stack.scenes) == 2


def test_results_show_the_games_number_and_setup_with_it_deals_the_same_game_again(app, minigame_entry):
    from game.scenes.results import ResultsScene
    from game.scenes.setup import SetupScene
    from tests.support.minigame_scene import json_key
    table = start(app, minigame_entry, ["easy", "easy"], seed=917)
    first = json_key(table.session.rules.new_game(2, {}, 917))
    play_until(app, lambda: isinstance(app.stack.top, ResultsScene))
    results = app.stack.top
    assert results.game_number == 917
    assert "917" in tr("results.game_number", n=results.game_number)
    setup = SetupScene(app, minigame_entry, seed=results.game_number)   # typed in a new game's setup
    assert setup.model.seed() == 917
    assert json_key(table.session.rules.new_game(2, {}, setup.model.seed())) == first


def test_human_plays_through_buttons_and_illegal_action_keeps_state(app, minigame_entry):
    from game.core.protocol import IllegalAction
    table = start(app, minigame_entry, ["human", "easy"])
    before = json.dumps(table.state.to_json(), sort_keys=True)
    wrong_seat = table.state.legal_actions(0)[0].__class__(seat=1, **{
        k: v for k, v in vars(table.state.legal_actions(0)[0]).items() if k != "seat"})
    reason = table.try_action(wrong_seat)
    assert reason is not None
    assert json.dumps(table.state.to_json(), sort_keys=True) == before
    buttons = table.action_buttons()
    assert buttons
    click(app, buttons[0].rect.center)
    assert len(table.session.actions) >= 1


def test_hot_seat_privacy_never_shows_another_humans_hand(app, minigame_entry):
    table = start(app, minigame_entry, ["human", "human"], seed=9)
    for _ in range(60):
        if table.state.is_over():
            break
        if table.privacy_for is not None:
            table.drawn_for.clear()
            table.mark_dirty()
            frames(app, 1)
            assert table.drawn_for == []  # the cover is up: the table is not drawn at all
            click(app, table.privacy.button.rect.center)
            continue
        current = table.state.current_player
        frames(app, 1)
        viewer, hand = table.drawn_for[-1]
        assert viewer == current
        assert hand == tuple(table.state.hand.hands[current])  # the viewer's own hand, nobody else's
        table.drawn_for.clear()
        click(app, table.action_buttons()[0].rect.center)
    drawn_viewers = {v for v, _ in table.drawn_for}
    assert drawn_viewers <= {None, 0, 1}


def test_privacy_screen_comes_up_when_the_turn_passes_between_humans(app, minigame_entry):
    table = start(app, minigame_entry, ["human", "human"], seed=3)
    assert table.privacy_for == table.state.current_player
    frames(app, 1)
    click(app, table.privacy.button.rect.center)
    first = table.state.current_player
    assert table.privacy_for is None
    while table.state.current_player == first:
        click(app, table.action_buttons()[0].rect.center)
    assert table.privacy_for == table.state.current_player != first


def test_focus_loss_pauses_and_esc_resumes(app, minigame_entry):
    from game.scenes.pause import PauseScene
    table = start(app, minigame_entry, ["human", "easy"])
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    frames(app, 1)
    assert isinstance(app.stack.top, PauseScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table


def test_pause_abandon_asks_then_clears_the_save(app, minigame_entry):
    from game.scenes.pause import PauseScene
    open_menu(app)
    table = start(app, minigame_entry, ["human", "easy"])
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    click(app, find_button(pause, "pause.abandon").rect.center)
    assert pause.confirming and app.stack.top is pause
    click(app, find_button(pause, "pause.confirm_no").rect.center)     # Keep playing: back at the table
    assert app.stack.top is table and table.save_path.exists() and not table.finished
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    click(app, find_button(pause, "pause.abandon").rect.center)
    click(app, find_button(pause, "pause.confirm_yes").rect.center)
    assert isinstance(app.stack.top, MenuScene)
    assert not table.save_path.exists()
    assert table.finished


def test_continue_resumes_the_game_exactly(app, minigame_entry):
    from tests.support.minigame_scene import MiniTableScene
    table = start(app, minigame_entry, ["human", "easy"], seed=21)
    for _ in range(3):
        play_until(app, lambda: table.state.current_player == 0 and table.action_buttons(), 200)
        click(app, table.action_buttons()[0].rect.center)
    snapshot = json.dumps(table.state.to_json(), sort_keys=True)
    actions = [a.to_json() for a in table.session.actions]
    app.autosaver.flush(2)
    app.stack.scenes.clear()
    menu = open_menu(app)
    assert menu.continue_button.visible
    click(app, menu.continue_button.rect.center)  # the list of unfinished games: this one
    click(app, app.stack.top.rows[0].resume.rect.center)
    resumed = app.stack.top
    assert isinstance(resumed, MiniTableScene)
    assert json.dumps(resumed.state.to_json(), sort_keys=True) == snapshot
    assert [a.to_json() for a in resumed.session.actions] == actions


def test_continue_with_a_corrupt_save_hides_says_why_and_keeps_the_file_aside(app, minigame_entry):
    path = saves.saves_dir() / "minigame-20260101T000000Z-abcdef.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"app": "pirate-game-night", "format": 1, "trunc')
    menu = open_menu(app)
    assert not menu.continue_button.visible
    kept = path.with_name(path.name + ".bad")
    assert kept.read_text().endswith("trunc") and not path.exists()  # byte for byte, where no game writes
    assert any(path.name in t and kept.name in t for t in app.toasts.texts())


# --- crash guard ----------------------------------------------------------------------------------
class Exploding(Scene):
    def update(self, dt):
        raise RuntimeError("kaboom")


def test_crash_guard_shows_error_scene_logs_and_keeps_autosave(app, minigame_entry):
    from game.scenes.error import ErrorScene
    table = start(app, minigame_entry, ["human", "easy"])
    app.autosaver.flush(2)
    save_before = table.save_path.read_bytes()
    app.stack.push(Exploding(app), fade=False)
    frames(app, 2)
    assert isinstance(app.stack.top, ErrorScene)
    assert "kaboom" in app.stack.top.message
    assert "kaboom" in Path(app.log_path).read_text()
    assert table.save_path.read_bytes() == save_before
    click(app, find_button(app.stack.top, "error.menu").rect.center)
    assert isinstance(app.stack.top, MenuScene)
    assert app.stack.top.continue_button.visible


# --- settings -------------------------------------------------------------------------------------
def test_settings_language_switch_applies_at_once_and_is_saved(app):
    from game.i18n import tr
    from game.scenes.settings import SettingsScene
    from game.settings import load_settings
    from game.ui.widgets import Choice
    scene = SettingsScene(app)
    app.stack.push(scene, fade=False)
    frames(app, 2)
    lang = next(w for w in scene.body.walk() if isinstance(w, Choice) and w.values == ["it", "en"])
    click(app, lang.arrow_rects()[0].center)
    assert app.settings.language == "it" and tr("menu.quit") == "Esci"
    click(app, find_button(scene, "settings.done").rect.center)
    assert load_settings()[0].language == "it"


def test_settings_opened_from_a_games_pause_show_that_games_settings_only(app, minigame_entry):
    """A newcomer found Island Race's settings in the Settings of a Planks game: from a table's pause menu, only the
    general settings and that game's own; from the menu, every game's."""
    from game.scenes.pause import PauseScene
    from game.scenes.settings import SettingsScene

    def keys(scene):
        return {w.text.key for w in scene.body.walk() if isinstance(getattr(w, "text", None), Text)}
    every = SettingsScene(app)
    every.layout(app.screen_rect())
    assert "ir.settings.water_warning" in keys(every)
    table = start(app, minigame_entry, ["human", "easy"])
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    click(app, find_button(pause, "pause.settings").rect.center)
    shown = app.stack.top
    assert isinstance(shown, SettingsScene) and shown.game == table.entry.id
    assert "settings.colourblind" in keys(shown) and not any(k.startswith("ir.") for k in keys(shown))
    island = SettingsScene(app, overlay=True, game="island-race")
    island.layout(app.screen_rect())
    assert "ir.settings.water_warning" in keys(island)


def test_corrupt_settings_file_gives_notice_not_crash(tmp_path):
    from game import paths
    from game.app import App
    (paths.config_dir() / "settings.json").write_text("{not json")
    application = App(headless=True)
    try:
        assert application.toasts.texts()  # the notice is on screen
        assert application.settings.volume == 80
    finally:
        application.shutdown()


# --- smoke ----------------------------------------------------------------------------------------
def test_smoke_run_exits_zero(tmp_path):
    env = dict(os.environ, PGN_HOME=str(tmp_path))
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "--smoke"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=240)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "smoke: ok" in proc.stdout


# --- keyboard and window ----------------------------------------------------------------------------
def test_menu_works_from_the_keyboard(app):
    from game.scenes.settings import SettingsScene
    menu = open_menu(app)
    key(app, pygame.K_TAB)  # focus the first button (Settings: Continue is hidden)
    assert menu.focus.focused is find_button(menu, "menu.settings")
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, SettingsScene)


def test_resizing_the_window_lays_every_scene_out_again(app):
    menu = open_menu(app)
    before = [t.rect.copy() for t in menu.tiles]
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900)))
    frames(app, 2)
    after = [t.rect for t in menu.tiles]
    assert after != before
    assert all(app.screen_rect().contains(t) for t in after)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=400, h=300, size=(400, 300)))
    frames(app, 2)
    assert app.screen.get_size() == (960, 540)  # never smaller than the minimum
    assert all(app.screen_rect().contains(t.rect) for t in menu.tiles)


def test_bots_think_in_the_worker_process_and_the_game_reaches_results(app, minigame_entry):
    """The real path: requests go to the worker process with the view as JSON, answers come back."""
    from game.scenes.results import ResultsScene
    app.inline_bots = False
    table = start(app, minigame_entry, ["easy", "medium"], seed=8)
    play_until(app, lambda: isinstance(app.stack.top, ResultsScene), limit=200000)
    assert table.state.is_over() and app.worker.restarts == 1  # one child, started once, never replaced


def test_ctrl_z_undoes_within_the_turn_but_not_past_a_reveal(app, minigame_entry):
    from tests.support.minigame import Play
    table = start(app, minigame_entry, ["human", "easy"], seed=21)
    plays = [a for a in table.state.legal_actions(0) if isinstance(a, Play)]
    assert plays
    before = json.dumps(table.state.to_json(), sort_keys=True)
    assert table.try_action(plays[0]) is None
    assert table.can_undo()
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert json.dumps(table.state.to_json(), sort_keys=True) == before
    assert table.session.actions == []
    saved = json.loads(table.save_path.read_text()) if app.autosaver.flush(2) else None
    assert saved is not None and saved["actions"] == []  # the undo is saved too
    from tests.support.minigame import DECK, Draw, EndPlays
    assert table.try_action(plays[0]) is None
    while not any(isinstance(a, Draw) and a.pile == DECK for a in table.state.legal_actions(0)):
        table.try_action(next(a for a in table.state.legal_actions(0) if isinstance(a, (EndPlays, Play))))
    assert table.try_action(Draw(0, DECK)) is None  # a hidden card is revealed to its drawer
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert not table.can_undo() and table.session.actions[-1] == Draw(0, DECK)


def test_a_choice_only_some_counts_allow_is_hidden_at_the_others(app):
    """Issue 20, item 6: Pirateer's two-player fleets are a choice for two players with preset fleets only (a
    newcomer saw it offered while the fleets were to be chosen at the table): shown at 2 (when chosen there,
    kept), hidden while the fleets are chosen at the table and at 3 to 8 (back to its default, nothing to complain about, off the keyboard's ring), shown
    again at 2; the on/off variants stay."""
    from game import games
    from game.scenes.setup import SetupScene
    setup = SetupScene(app, games.get("pirateer"))
    app.stack.push(setup, fade=False)
    frames(app, 2)
    setup.set_players(2)
    frames(app, 2)
    pair = next((o, w) for o, w, _ in setup.option_widgets if o.key == "factions-2p")
    label = setup.option_labels["factions-2p"]
    setup.set_option("factions", "choose")
    frames(app, 2)
    assert not pair[1].visible and not label.visible        # fleets chosen at the table: the preset pair is not used
    setup.set_option("factions", "preset")
    frames(app, 2)
    assert pair[1].visible and label.visible and pair[1] in setup.all_widgets()
    setup.set_option("factions-2p", pair[0].choices[1])
    assert not setup.model.problems()
    for n in (3, 4, 8):
        setup.set_players(n)
        frames(app, 2)
        assert not pair[1].visible and not label.visible and pair[1] not in setup.all_widgets()
        assert setup.model.options["factions-2p"] == pair[0].default and not setup.model.problems()
        mode = next(w for o, w, _ in setup.option_widgets if o.key == "domination")
        assert mode.visible                                          # an on/off variant stays, with its reason
    setup.set_players(2)
    frames(app, 2)
    assert pair[1].visible and label.visible
    setup.set_option("factions-2p", pair[0].choices[1])
    setup.set_option("factions", "choose")                # hidden again: back to its default, nothing to complain
    frames(app, 2)
    assert not pair[1].visible and setup.model.options["factions-2p"] == pair[0].default
    assert not setup.model.problems()


def test_a_toast_in_the_setup_stands_above_its_row_of_buttons(app):
    """Found by a newcomer: 'Your game … is saved' carried from the table into the next setup, over Learn to play."""
    from game import games
    from game.scenes.setup import SetupScene
    open_menu(app)
    setup = SetupScene(app, games.get("pirateer"))
    app.stack.push(setup, fade=False)
    frames(app, 2)
    app.toast("Your game of Island Race is saved: resume it from Continue in the menu.")
    frames(app, 20)
    buttons = [b.rect for b in (setup.start, setup.back_button, setup.rules_button, setup.learn_button) if b.visible]
    assert app.toasts.rect.bottom <= min(r.top for r in buttons)
