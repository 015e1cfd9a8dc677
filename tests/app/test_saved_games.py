"""Several games kept (issue 12, item 4): one file per unfinished game in the saves folder, the Continue list
(game, players, when, how far; Resume, Delete with a confirmation), Save and quit, Abandon deleting only its
own game, new games never deleting another, the old single autosave moved in, and undo history surviving
Continue (undone by a real Ctrl+Z).

Every test drives the real app with real pygame events on a ManualClock; no test reads the wall clock: the
saves' times are written into the files, and "today" is given to the list where a test needs one.
"""
from __future__ import annotations

import json
import os
import time
from datetime import datetime, timezone
from pathlib import Path

import pygame
import pytest

from game import games
from game.core import saves
from game.core.session import Seat
from game.i18n import set_language
from game.scenes.error import ErrorScene
from game.scenes.menu import MenuScene
from game.scenes.pause import PauseScene
from game.scenes.saved_games import DeleteSaveScene, SavedGamesScene, progress_text, when_text
from tests.app.conftest import open_menu, toasts, app, click, find_button, frames, key, minigame_entry  # noqa: F401 - fixtures
from tests.support.save_files import write_game


@pytest.fixture(autouse=True)
def _utc_local_time(monkeypatch):
    """Local time is UTC in these tests, so that "18:30" in a file reads "18:30" on screen."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def save_files() -> list[Path]:
    return saves.save_files()


def open_list(app, menu: MenuScene | None = None) -> SavedGamesScene:
    menu = menu or open_menu(app)
    assert menu.continue_button.visible
    click(app, menu.continue_button.rect.center)
    frames(app, 2)
    assert isinstance(app.stack.top, SavedGamesScene)
    return app.stack.top


def row_texts(scene: SavedGamesScene) -> list[tuple[str, str, str]]:
    return [tuple(label.text for label in row.labels()) for row in scene.rows]


def start_from_menu(app, menu, entry):
    """A new game as a player starts one: the game's tile, then Start on its setup."""
    tile = next(t for t in menu.tiles if t.entry.id == entry.id)
    click(app, tile.rect.center)
    frames(app, 12)
    click(app, app.stack.top.start.rect.center)
    frames(app, 2)
    return app.stack.top


def human_play(app, table):
    """Seat 0 plays a card by clicking its button (an action that can be taken back in the same turn)."""
    from tests.support.minigame import Play
    for _ in range(300):
        if table.state.current_player == 0 and table.action_buttons():
            break
        frames(app, 1)
    button = next(b for b in table.action_buttons() if isinstance(b.action, Play))
    click(app, button.rect.center)
    return button.action


def save_and_quit(app):
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    click(app, find_button(pause, "pause.save_quit").rect.center)
    frames(app, 2)


# --------------------------------------------------------------------------------------------------
# The words of a row
# --------------------------------------------------------------------------------------------------
def test_when_a_game_was_last_played_reads_as_a_person_says_it():
    now = datetime(2026, 11, 22, 20, 0, tzinfo=timezone.utc)
    at = lambda s: datetime.fromisoformat(s)  # noqa: E731
    assert when_text(at("2026-11-22T18:30:00+00:00"), now, timezone.utc) == "Today, 18:30"
    assert when_text(at("2026-11-21T09:05:00+00:00"), now, timezone.utc) == "Yesterday, 09:05"
    assert when_text(at("2024-03-14T18:30:00+00:00"), now, timezone.utc) == "14 March 2024, 18:30"
    assert when_text(None, now, timezone.utc) == "Date unknown"
    set_language("it")
    try:
        assert when_text(at("2026-11-22T18:30:00+00:00"), now, timezone.utc) == "Oggi, 18:30"
        assert when_text(at("2026-11-21T09:05:00+00:00"), now, timezone.utc) == "Ieri, 09:05"
        assert when_text(at("2024-03-14T18:30:00+00:00"), now, timezone.utc) == "14 marzo 2024, 18:30"
    finally:
        set_language("en")


def test_how_far_a_game_got_names_its_hand_round_or_turn_and_its_moves():
    assert progress_text({"hand": 2, "hands": 3}, 41) == "Hand 2 of 3 · 41 moves"
    assert progress_text({"hand": 1, "hands": 3}, 12, "round") == "Round 1 of 3 · 12 moves"
    assert progress_text({"turn": 34}, 120) == "Turn 34 · 120 moves"
    assert progress_text({"hand": 1, "hands": 1}, 1) == "1 move"  # a one-hand game says no "hand 1 of 1"
    assert progress_text({}, 0) == "No moves yet"
    assert progress_text({"round": 2}, 30) == "Round 2 · 30 moves"                     # Planks: rounds, no set number
    assert progress_text({"adventures_left": 12}, 40) == "12 adventures left · 40 moves"   # Spanish Main's clock
    assert progress_text({"round": 0, "adventures_left": -3}, 2) == "2 moves"
    # an edited file's claims are shown only when they make sense
    assert progress_text({"hand": 9, "hands": 3, "turn": "x" * 5000}, 5) == "5 moves"
    set_language("it")
    try:
        assert progress_text({"hand": 2, "hands": 3}, 41) == "Mano 2 di 3 · 41 mosse"
        assert progress_text({"hand": 2, "hands": 3}, 1, "round") == "Manche 2 di 3 · 1 mossa"  # no "turno": no turns
        assert progress_text({"round": 2}, 30) == "Manche 2 · 30 mosse"
        assert progress_text({"adventures_left": 1}, 40) == "1 avventura nel mazzo · 40 mosse"
    finally:
        set_language("en")


def test_the_session_summary_says_how_far_each_game_got():
    pirateer = write_game("pirateer", ["Anna", "Ben"], 9, "2024-01-01T10:00:00+00:00")
    playa = write_game("playa-pirata", ["Anna", "Ben"], 6, "2024-01-01T10:00:00+00:00")
    race = write_game("island-race", ["Anna", "Ben"], 3, "2024-01-01T10:00:00+00:00")
    assert isinstance(saves.load_save(pirateer).summary["turn"], int)
    assert saves.load_save(playa).summary["hands"] == 2  # a hand per player
    assert saves.load_save(race).summary["hands"] == 3
    assert games.get("island-race").package.rules.hand_word == "round"
    planks = write_game("planks", ["Anna", "Ben", "Clara"], 5, "2024-01-01T10:00:00+00:00")
    main = write_game("spanish-main", ["Anna", "Ben"], 2, "2024-01-01T10:00:00+00:00")
    assert saves.load_save(planks).summary["round"] == 1
    assert 0 < saves.load_save(main).summary["adventures_left"] < 58


# --------------------------------------------------------------------------------------------------
# The Continue list
# --------------------------------------------------------------------------------------------------
def test_continue_lists_every_unfinished_game_newest_first(app):
    write_game("playa-pirata", ["Anna", "Ben"], 6, "2024-03-14T18:30:00+00:00")
    write_game("pirateer", ["Clara", "Dino", "Elsa"], 9, "2024-05-01T09:15:00+00:00")
    write_game("island-race", ["Fabio", "Gina"], 2, "2023-12-31T23:59:00+00:00")
    menu = open_menu(app)
    assert menu.continue_button.visible and menu.continue_button.text.key == "menu.continue_count"
    scene = open_list(app, menu)
    rows = row_texts(scene)
    assert [r[0] for r in rows] == ["Pirateer", "Playa Pirata", "Island Race"]  # newest first
    assert rows[0][1] == "Clara, Dino, Elsa" and rows[1][1] == "Anna, Ben"
    assert rows[0][2].startswith("1 May 2024, 09:15 · Turn ") and rows[0][2].endswith(" · 9 moves")
    assert rows[1][2] == "14 March 2024, 18:30 · Hand 1 of 2 · 6 moves"
    assert rows[2][2] == "31 December 2023, 23:59 · Round 1 of 3 · 2 moves"
    assert all(row.resume.visible and row.delete.visible for row in scene.rows)
    key(app, pygame.K_ESCAPE)  # back to the menu, nothing changed
    assert app.stack.top is menu and len(save_files()) == 3


def test_a_long_player_name_is_clipped_in_the_list(app):
    write_game("playa-pirata", ["A" * 200_000, "Ben"], 2, "2024-03-14T18:30:00+00:00")
    scene = open_list(app)
    row = scene.rows[0]
    assert "\u2026" in row.players.text and len(row.players.text) < 100
    assert row.players.font.size(row.players.text)[0] <= row.players.rect.w


def test_today_and_yesterday_in_the_list(app):
    write_game("playa-pirata", ["Anna", "Ben"], 1, "2026-11-22T18:30:00+00:00")
    write_game("playa-pirata", ["Clara", "Dino"], 1, "2026-11-21T21:05:00+00:00")
    scene = SavedGamesScene(app, now=lambda: datetime(2026, 11, 22, 20, 0, tzinfo=timezone.utc))
    app.stack.push(scene, fade=False)
    frames(app, 2)
    assert [r[2].split(" · ")[0] for r in row_texts(scene)] == ["Today, 18:30", "Yesterday, 21:05"]


def test_resume_opens_the_chosen_game_exactly_and_it_goes_on_saving_to_its_file(app, minigame_entry):
    other = write_game("playa-pirata", ["Anna", "Ben"], 6, "2024-05-01T09:15:00+00:00")
    chosen = write_game("playa-pirata", ["Clara", "Dino"], 8, "2024-03-14T18:30:00+00:00", seed=9)
    other_bytes = other.read_bytes()
    saved = saves.load_save(chosen)
    scene = open_list(app)
    row = next(r for r in scene.rows if r.game.path == chosen)
    click(app, row.resume.rect.center)
    table = app.stack.top
    assert table.save_path == chosen and table.session.seats[0].name == "Clara"
    assert [a.to_json() for a in table.session.actions][:8] == saved.actions
    assert isinstance(app.stack.scenes[0], MenuScene) and len(app.stack.scenes) == 2  # the list made way
    frames(app, 30)  # the bot moves: saved to the same file
    app.flush_saves(5)
    assert saves.load_save(chosen).actions == [a.to_json() for a in table.session.actions]
    assert other.read_bytes() == other_bytes and len(save_files()) == 2


def test_delete_asks_first_and_deletes_only_that_game(app):
    keep = write_game("playa-pirata", ["Anna", "Ben"], 6, "2024-05-01T09:15:00+00:00")
    gone = write_game("pirateer", ["Clara", "Dino"], 4, "2024-03-14T18:30:00+00:00")
    scene = open_list(app)
    row = next(r for r in scene.rows if r.game.path == gone)
    click(app, row.delete.rect.center)
    confirm = app.stack.top
    assert isinstance(confirm, DeleteSaveScene)
    message = confirm.body.children[0].text
    from game.i18n import tr
    assert "Pirateer: Clara, Dino" in tr(message) and "14 March 2024, 18:30" in tr(message)
    click(app, find_button(confirm, "saves.delete_no").rect.center)  # Keep it
    assert app.stack.top is scene and gone.exists()
    click(app, next(r for r in scene.rows if r.game.path == gone).delete.rect.center)
    key(app, pygame.K_ESCAPE)  # Esc keeps it too
    assert app.stack.top is scene and gone.exists()
    click(app, next(r for r in scene.rows if r.game.path == gone).delete.rect.center)
    click(app, find_button(app.stack.top, "saves.delete_yes").rect.center)
    frames(app, 2)
    assert app.stack.top is scene and not os.path.lexists(gone) and keep.exists()
    assert [r.game.path for r in scene.rows] == [keep]
    click(app, scene.rows[0].delete.rect.center)
    click(app, find_button(app.stack.top, "saves.delete_yes").rect.center)
    frames(app, 2)
    assert scene.rows == [] and scene.empty.visible and save_files() == []
    click(app, scene.back_button.rect.center)
    assert isinstance(app.stack.top, MenuScene) and not app.stack.top.continue_button.visible


def test_the_list_works_from_the_keyboard(app):
    path = write_game("playa-pirata", ["Anna", "Ben"], 6, "2024-05-01T09:15:00+00:00")
    scene = open_list(app)
    key(app, pygame.K_TAB)
    assert scene.focus.focused is scene.rows[0].resume
    key(app, pygame.K_RETURN)
    assert getattr(app.stack.top, "save_path", None) == path


def test_many_unfinished_games_are_said_and_none_is_pruned(app):
    paths = [write_game("playa-pirata", [f"Anna{i}", "Ben"], 1 + i % 3, f"2024-01-{i + 1:02d}T10:00:00+00:00", seed=i)
             for i in range(12)]
    scene = open_list(app)
    from game.i18n import tr
    assert scene.many.visible and "12 unfinished games" in tr(scene.many.text) and "delete" in tr(scene.many.text)
    assert sorted(save_files()) == sorted(paths)
    seen = []
    for _ in range(scene.pages):
        seen += [row.game.path for row in scene.rows]
        if scene.older.visible and scene.older.enabled:
            click(app, scene.older.rect.center)
    assert scene.pages > 1 and seen == paths[::-1]  # every game on some page, newest first
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    frames(app, 1)
    assert scene.page == scene.pages - 2
    key(app, pygame.K_PAGEUP)
    assert scene.page == max(0, scene.pages - 3)


# --------------------------------------------------------------------------------------------------
# New games, Save and quit, Abandon, the end of a game
# --------------------------------------------------------------------------------------------------
def test_starting_a_new_game_never_deletes_an_unfinished_one(app, minigame_entry):
    menu = open_menu(app)
    first = start_from_menu(app, menu, minigame_entry)
    human_play(app, first)
    save_and_quit(app)
    app.flush_saves(5)
    kept = saves.load_save(first.save_path)
    second = start_from_menu(app, menu, minigame_entry)  # the same game again, from its tile
    app.flush_saves(5)
    assert second.save_path != first.save_path
    assert saves.load_save(first.save_path).actions == kept.actions
    assert sorted(save_files()) == sorted([first.save_path, second.save_path])


def test_save_and_quit_keeps_the_game_returns_to_the_menu_and_says_so(app, minigame_entry):
    menu = open_menu(app)
    table = start_from_menu(app, menu, minigame_entry)
    human_play(app, table)
    save_and_quit(app)
    assert app.stack.top is menu and menu.continue_button.visible
    assert "saved" in toasts(app) and "Continue" in toasts(app)
    assert saves.load_save(table.save_path).actions == [a.to_json() for a in table.session.actions]
    assert app.autosaver.closed  # the table's writer finished its work


def test_save_and_quit_keeps_the_game_open_when_the_save_fails(app, minigame_entry, monkeypatch):
    menu = open_menu(app)
    table = start_from_menu(app, menu, minigame_entry)
    app.flush_saves(5)
    real_replace = os.replace

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.os, "replace", full_disk)
    human_play(app, table)
    key(app, pygame.K_ESCAPE)
    click(app, find_button(app.stack.top, "pause.save_quit").rect.center)
    frames(app, 2)
    assert isinstance(app.stack.top, PauseScene) and app.stack.top.table is table  # nothing lost: still open
    assert "could not be saved" in toasts(app) and "No space left on device" in toasts(app)
    monkeypatch.setattr(saves.os, "replace", real_replace)  # space again: the next try keeps the game
    click(app, find_button(app.stack.top, "pause.save_quit").rect.center)
    frames(app, 2)
    assert app.stack.top is menu
    assert saves.load_save(table.save_path).actions == [a.to_json() for a in table.session.actions]


def test_abandon_deletes_that_game_only(app, minigame_entry):
    other = write_game("playa-pirata", ["Anna", "Ben"], 6, "2024-05-01T09:15:00+00:00")
    menu = open_menu(app)
    table = start_from_menu(app, menu, minigame_entry)
    app.flush_saves(5)
    assert table.save_path.exists()
    key(app, pygame.K_ESCAPE)
    click(app, find_button(app.stack.top, "pause.abandon").rect.center)
    click(app, find_button(app.stack.top, "pause.confirm_yes").rect.center)
    assert app.stack.top is menu and not os.path.lexists(table.save_path)
    assert save_files() == [other]


def test_a_finished_game_deletes_its_file_and_no_other(app, minigame_entry):
    from game.scenes.results import ResultsScene
    from game.scenes.setup import make_table_scene
    other = write_game("playa-pirata", ["Anna", "Ben"], 6, "2024-05-01T09:15:00+00:00")
    open_menu(app)
    seats = [Seat("Bot 1", "bot", "easy", 0), Seat("Bot 2", "bot", "easy", 1)]
    table = make_table_scene(app, minigame_entry, seats, {}, 5)
    app.stack.push(table, fade=False)
    app.flush_saves(5)
    assert table.save_path.exists()
    for _ in range(3000):
        if isinstance(app.stack.top, ResultsScene):
            break
        frames(app, 1)
    assert isinstance(app.stack.top, ResultsScene)
    assert not os.path.lexists(table.save_path) and save_files() == [other]


def test_the_error_scene_promises_only_a_game_that_is_saved(app, minigame_entry):
    from game.scenes.setup import make_table_scene
    open_menu(app)
    table = make_table_scene(app, minigame_entry, [Seat("Anna", "human", None, 0), Seat("Bot", "bot", "easy", 1)],
                             {}, 5)
    app.stack.push(table, fade=False)
    frames(app, 1)
    app.crash(RuntimeError("kaboom"))
    frames(app, 1)
    assert isinstance(app.stack.top, ErrorScene) and app.stack.top.game_is_saved()
    click(app, find_button(app.stack.top, "error.menu").rect.center)
    assert app.stack.top.continue_button.visible


# --------------------------------------------------------------------------------------------------
# Undo history survives Continue
# --------------------------------------------------------------------------------------------------
def test_undo_survives_continue_by_a_real_ctrl_z(app, minigame_entry):
    menu = open_menu(app)
    table = start_from_menu(app, menu, minigame_entry)
    for _ in range(300):
        if table.state.current_player == 0 and table.action_buttons():
            break
        frames(app, 1)
    before = json.dumps(table.state.to_json(), sort_keys=True)
    actions_before = list(table.session.actions)
    played = human_play(app, table)
    assert table.session.actions[-1] == played and table.can_undo()
    save_and_quit(app)
    scene = open_list(app, menu)
    click(app, scene.rows[0].resume.rect.center)
    resumed = app.stack.top
    assert resumed is not table and resumed.session.actions[-1] == played
    assert resumed.can_undo()
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert json.dumps(resumed.state.to_json(), sort_keys=True) == before
    assert resumed.session.actions == actions_before
    app.flush_saves(5)
    assert saves.load_save(resumed.save_path).actions == [a.to_json() for a in actions_before]  # the undo is saved


def test_no_undo_after_continue_where_the_rules_allow_none(app, minigame_entry):
    """A turn that passed (or a card drawn) closes the way back, in a resumed game as in play."""
    from tests.support.minigame import Draw, EndPlays, Play
    menu = open_menu(app)
    table = start_from_menu(app, menu, minigame_entry)
    for _ in range(300):
        if table.state.current_player == 0 and table.action_buttons():
            break
        frames(app, 1)
    while True:  # play until seat 0 has drawn: a hidden card was revealed
        legal = table.state.legal_actions(0)
        draw = next((a for a in legal if isinstance(a, Draw)), None)
        if draw is not None:
            assert table.try_action(draw) is None
            break
        assert table.try_action(next(a for a in legal if isinstance(a, (Play, EndPlays)))) is None
    done = list(table.session.actions)
    save_and_quit(app)
    scene = open_list(app, menu)
    click(app, scene.rows[0].resume.rect.center)
    resumed = app.stack.top
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert resumed.session.actions[:len(done)] == done and not resumed.can_undo()


# --------------------------------------------------------------------------------------------------
# Files: the old single autosave, and files the app cannot use
# --------------------------------------------------------------------------------------------------
def test_the_single_autosave_of_an_earlier_version_is_moved_into_the_saves_folder(app):
    path = write_game("playa-pirata", ["Anna", "Ben"], 6, "2024-05-01T09:15:00+00:00")
    legacy = saves.legacy_autosave_path()
    os.replace(path, legacy)
    raw = legacy.read_bytes()
    menu = open_menu(app)
    assert not os.path.lexists(legacy) and menu.continue_button.visible
    [moved] = save_files()
    assert moved.read_bytes() == raw and moved.name.startswith("playa-pirata-20240501T091500Z-")
    scene = open_list(app)
    click(app, scene.rows[0].resume.rect.center)
    assert app.stack.top.save_path == moved
    assert toasts(app) == ""


def test_a_damaged_autosave_of_an_earlier_version_is_named_and_kept_aside(app):
    legacy = saves.legacy_autosave_path()
    legacy.parent.mkdir(parents=True, exist_ok=True)
    legacy.write_bytes(b'{"app": "pirate-game-night", "format": 1, "trunc')
    menu = open_menu(app)
    assert not menu.continue_button.visible and not os.path.lexists(legacy)
    kept = saves.saves_dir() / "autosave.json.bad"
    assert kept.read_bytes().endswith(b"trunc")
    assert "autosave.json" in toasts(app) and "autosave.json.bad" in toasts(app) and "cut short" in toasts(app)


def test_a_bad_file_among_good_ones_is_kept_aside_and_the_others_listed(app):
    good = write_game("playa-pirata", ["Anna", "Ben"], 6, "2024-05-01T09:15:00+00:00")
    bad = saves.saves_dir() / "playa-pirata-20240101T000000Z-badbad.json"
    bad.write_bytes(b"\x00garbage")
    scene = open_list(app)
    assert [r.game.path for r in scene.rows] == [good]
    assert bad.with_name(bad.name + ".bad").read_bytes() == b"\x00garbage" and not os.path.lexists(bad)
    assert bad.name in toasts(app) and "cut short" in toasts(app)


def test_a_save_that_fails_to_resume_is_named_kept_aside_and_leaves_the_list(app):
    other = write_game("playa-pirata", ["Anna", "Ben"], 6, "2024-05-01T09:15:00+00:00")
    broken = write_game("playa-pirata", ["Clara", "Dino"], 6, "2024-03-14T18:30:00+00:00", seed=9)
    data = json.loads(broken.read_text("utf-8"))
    data["actions"][0] = {**data["actions"][0], "seat": 7}
    data["snapshot"]["hand"]["current"] = 7
    broken.write_text(json.dumps(data), "utf-8")
    scene = open_list(app)
    assert len(scene.rows) == 2  # well-formed: only the game can tell, when it is resumed
    click(app, next(r for r in scene.rows if r.game.path == broken).resume.rect.center)
    frames(app, 2)
    assert app.stack.top is scene and [r.game.path for r in scene.rows] == [other]
    assert broken.name in toasts(app) and broken.name + ".bad" in toasts(app)
    assert not os.path.lexists(broken) and broken.with_name(broken.name + ".bad").exists()


def test_a_game_that_cannot_be_deleted_is_said_and_stays_listed(app, monkeypatch):
    """Root deletes anything, so the refusal of the file system is injected where the file is removed."""
    path = write_game("playa-pirata", ["Anna", "Ben"], 6, "2024-05-01T09:15:00+00:00")
    real_unlink = Path.unlink

    def refuse(self, *args, **kwargs):
        if self == path:
            raise PermissionError(13, "Permission denied", str(self))
        return real_unlink(self, *args, **kwargs)

    monkeypatch.setattr(Path, "unlink", refuse)
    scene = open_list(app)
    click(app, scene.rows[0].delete.rect.center)
    click(app, find_button(app.stack.top, "saves.delete_yes").rect.center)
    frames(app, 2)
    assert app.stack.top is scene and [r.game.path for r in scene.rows] == [path]
    assert path.name in toasts(app) and "could not be deleted" in toasts(app)


def test_save_and_quit_during_a_race_keeps_its_clock_and_continue_restarts_it_after_a_countdown(app):
    from tests.app.conftest import start_table
    menu = open_menu(app)
    race = start_table(app, "island-race", ["human", "easy"], seed=5)
    race.time_scale = 400.0  # "3, 2, 1, go!" fast
    for _ in range(400):
        if race.stage == "play":
            break
        frames(app, 1)
    race.time_scale = 50.0  # the race runs a little (the bot takes tiles), then the clock is held
    frames(app, 6)
    race.time_scale = 0.0
    frames(app, 1)
    left, actions = race.time_left(), list(race.session.actions)
    save_and_quit(app)
    assert app.stack.top is menu and "Island Race" in toasts(app)
    scene = open_list(app, menu)
    click(app, scene.rows[0].resume.rect.center)
    again = app.stack.top
    assert again.save_path == race.save_path and again.session.actions == actions
    assert again.stage == "resume" and abs(again.time_left() - left) < 1e-6


def test_the_saved_games_toast_on_the_menu_covers_no_tiles_button_nor_the_menus_buttons(app):
    from tests.app.conftest import start_table
    menu = open_menu(app)
    start_table(app, "playa-pirata", ["human", "easy"], seed=5)
    for _ in range(3):                  # Escape closes what is open on the table first, then pauses
        if isinstance(app.stack.top, PauseScene):
            break
        key(app, pygame.K_ESCAPE)
    click(app, find_button(app.stack.top, "pause.save_quit").rect.center)
    frames(app, 3)
    assert app.stack.top is menu and "Playa Pirata" in toasts(app), toasts(app)
    for size in ((1280, 720), (960, 540), (800, 600), (1920, 1080)):
        screen = pygame.Rect(0, 0, *size)
        menu.layout(screen)
        area = menu.toast_area(screen)
        buttons = [b.rect for tile in menu.tiles for b in tile.parts if b.visible] + \
            [b.rect for b in menu.buttons.children if b.visible]
        assert buttons and not any(area.colliderect(r) for r in buttons), size
        assert area.h >= 60, size                                  # room for a two-line message
