"""Bad files and folders never cost a game and always give a message (issue 12, item 3).

Every case stages the real file (or folder, pipe, link) on disk and drives the real app with real pygame
events: the menu, its Continue button, a setup's Start, a table. A save the app cannot use is named on
screen with what is wrong and where it was kept aside, and no game ever writes over it; a broken file of
the app itself is blamed as such; folders that cannot be used are reported when the app starts; autosaves
that start failing are reported once.
"""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from game import games, paths
from game.core import saves
from game.core.rng import Rng
from game.core.session import GameSession, Seat
from game.scenes.error import ErrorScene
from game.scenes.saved_games import SavedGamesScene
from tests.app.conftest import open_menu, toasts, app, click, find_button, frames, minigame_entry  # noqa: F401 - fixtures


SLOT_NAME = "game-20260101T000000Z-0a1b2c.json"  # a game's file in the saves folder


def slot() -> Path:
    """The file of the unfinished game a case stages (one file per game in the saves folder)."""
    return saves.saves_dir() / SLOT_NAME


def continue_first(app, menu):
    """Continue, then Resume on the (only) game of the list; returns the scene on top afterwards."""
    click(app, menu.continue_button.rect.center)
    frames(app, 1)
    assert isinstance(app.stack.top, SavedGamesScene)
    click(app, app.stack.top.rows[0].resume.rect.center)
    return app.stack.top


def write_game(game_id: str, kinds: list[str], moves: int, seed: int = 4) -> GameSession:
    """A real game after ``moves`` legal moves, autosaved to disk the way the app writes it."""
    rules = games.get(game_id).package.rules
    seats = [Seat(f"P{i}", "human" if k == "human" else "bot", None if k == "human" else k, i)
             for i, k in enumerate(kinds)]
    session = GameSession.new(game_id, rules, seats, {}, seed)
    rng = Rng(seed)
    for _ in range(moves):
        legal = session.state.legal_actions()
        session.apply(legal[rng.below(len(legal))])
    saves.write_json_atomic(slot(), session.to_save().to_json())
    return session


def assert_no_crash(app) -> None:
    assert not isinstance(app.stack.top, ErrorScene), getattr(app.stack.top, "message", None)


# --------------------------------------------------------------------------------------------------
# An autosave the app cannot use: said on screen, kept aside, never written over
# --------------------------------------------------------------------------------------------------
def _good() -> dict:
    return {"app": "pirate-game-night", "format": 1, "app_version": "1.0", "game_id": "minigame",
            "rules_version": 1, "seed": 1, "players": 2, "options": {},
            "seats": [{"name": "A", "kind": "human", "level": None, "colour": 0},
                      {"name": "B", "kind": "bot", "level": "easy", "colour": 1}],
            "actions": [], "snapshot": {}, "saved_at": "2026-01-01T00:00:00+00:00", "summary": {}}


def _json(**changes) -> bytes:
    return json.dumps({**_good(), **changes}).encode()


BAD_BYTES = {
    "truncated": (_json()[:40], "cut short"),
    "empty": (b"", "empty"),
    "garbage": (bytes(range(256)) * 4, "cut short"),
    "bom then garbage": (b"\xef\xbb\xbf{{{", "cut short"),
    "newer format": (_json(format=99, app_version="9.9"), "newer version"),
    "unknown game": (_json(game_id="treasure-hunt"), "treasure-hunt"),
    "game in the shipyard": (_json(game_id="minigame-yard"), "cannot play yet"),
    "not ours": (b'{"hello": "world"}', "not a Pirate Game Night save"),
}


def _stage(kind: str, path: Path) -> bytes | None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("kept")
        return None
    if kind == "pipe":
        os.mkfifo(path)
        return None
    if kind == "/dev/zero":
        os.symlink("/dev/zero", path)
        return None
    raw = BAD_BYTES[kind][0]
    path.write_bytes(raw)
    return raw


def _same_kind(kind: str, kept: Path) -> bool:
    mode = os.lstat(kept).st_mode
    return {"folder": stat.S_ISDIR, "pipe": stat.S_ISFIFO, "/dev/zero": stat.S_ISLNK}[kind](mode)


KINDS = list(BAD_BYTES) + ["folder"] + (["pipe"] if hasattr(os, "mkfifo") else []) \
    + (["/dev/zero"] if os.path.exists("/dev/zero") else [])
REASONS = {"folder": "it is a folder", "pipe": "not an ordinary file", "/dev/zero": "not an ordinary file"}


@pytest.mark.parametrize("kind", KINDS)
def test_a_bad_autosave_is_named_kept_aside_and_never_written_over(app, minigame_entry, kind):
    path = slot()
    raw = _stage(kind, path)
    menu = open_menu(app)
    assert not menu.continue_button.visible
    kept = path.with_name(SLOT_NAME + ".bad")
    if raw is not None:
        assert kept.read_bytes() == raw
    else:
        assert _same_kind(kind, kept)
    assert not os.path.lexists(path)
    message = toasts(app)
    reason = BAD_BYTES[kind][1] if kind in BAD_BYTES else REASONS[kind]
    assert SLOT_NAME in message and SLOT_NAME + ".bad" in message and reason in message, message
    # a new game, started as a player does, writes its own file and leaves the kept file alone
    tile = next(t for t in menu.tiles if t.entry.id == minigame_entry.id)
    click(app, tile.rect.center)
    frames(app, 12)
    click(app, app.stack.top.start.rect.center)
    app.autosaver.flush(10)
    frames(app, 2)
    assert saves.load_save(app.stack.top.save_path).game_id == "minigame"
    if raw is not None:
        assert kept.read_bytes() == raw
    else:
        assert _same_kind(kind, kept)
    assert_no_crash(app)


def test_an_unreadable_autosave_is_named_and_kept_aside(app, minigame_entry, monkeypatch):
    """Root reads any file, so the unreadable file's error is injected where the file is opened."""
    path = slot()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_json())
    real = saves.read_file_bounded

    def denied(p, limit=saves.MAX_SAVE_BYTES):
        if Path(p).name == SLOT_NAME:
            raise PermissionError(13, "Permission denied", str(p))
        return real(p, limit)

    monkeypatch.setattr(saves, "read_file_bounded", denied)
    menu = open_menu(app)
    assert not menu.continue_button.visible
    assert "Permission denied" in toasts(app) and SLOT_NAME + ".bad" in toasts(app)
    assert path.with_name(SLOT_NAME + ".bad").read_bytes() == _json()


def test_an_earlier_bad_copy_is_never_replaced(app, minigame_entry):
    path = slot()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.with_name(SLOT_NAME + ".bad").write_bytes(b"the first bad file")
    path.write_bytes(b"the second bad file")
    open_menu(app)
    assert path.with_name(SLOT_NAME + ".bad").read_bytes() == b"the first bad file"
    assert path.with_name(SLOT_NAME + ".2.bad").read_bytes() == b"the second bad file"
    assert SLOT_NAME + ".2.bad" in toasts(app)


def test_the_message_is_said_once_not_at_every_visit_of_the_menu(app, minigame_entry):
    from game.scenes.settings import SettingsScene
    path = slot()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"{")
    menu = open_menu(app)
    shown = len(app.toasts.toasts)
    click(app, find_button(menu, "menu.settings").rect.center)
    assert isinstance(app.stack.top, SettingsScene)
    click(app, find_button(app.stack.top, "settings.done").rect.center)
    assert app.stack.top is menu and len(app.toasts.toasts) == shown


def test_a_save_with_a_byte_order_mark_continues(app):
    session = write_game("playa-pirata", ["human", "easy"], 6)
    path = slot()
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())  # as a text editor on Windows saves it
    menu = open_menu(app)
    assert menu.continue_button.visible
    continue_first(app, menu)
    frames(app, 3)
    assert_no_crash(app)
    assert app.stack.top.session.actions[:len(session.actions)] == session.actions  # (a bot may have moved since)


# --------------------------------------------------------------------------------------------------
# Well-formed but edited saves: validated by the game before a frame is drawn
# --------------------------------------------------------------------------------------------------
def _edit(edit) -> None:
    path = slot()
    data = json.loads(path.read_text("utf-8"))
    edit(data)
    path.write_text(json.dumps(data), "utf-8")


SNAPSHOT_EDITS = {
    "current player 7 of 2": lambda d: d["snapshot"]["hand"].update(current=7),
    "an unknown card id": lambda d: d["snapshot"]["hand"]["treasures"][0].__setitem__(0, "treasure-99-z"),
    "a string where a list belongs": lambda d: d["snapshot"]["hand"].update(towels="towels"),
}


@pytest.mark.parametrize("edit", sorted(SNAPSHOT_EDITS))
def test_an_edited_snapshot_continues_the_real_game(app, edit):
    session = write_game("playa-pirata", ["human", "easy"], 6)
    _edit(SNAPSHOT_EDITS[edit])
    menu = open_menu(app)
    table = continue_first(app, menu)
    frames(app, 10)
    assert_no_crash(app)
    assert app.stack.top is table and table.session.actions[:6] == session.actions
    replayed = GameSession.new("playa-pirata", session.rules, session.seats, session.options, session.seed)
    for action in table.session.actions:
        replayed.apply(action)
    assert replayed.state.to_json() == table.session.state.to_json()  # the real game, not the file's claims


ACTION_EDITS = {
    "a move by seat 7": lambda d: d["actions"].__setitem__(0, {**d["actions"][0], "seat": 7}),
    "an unknown card id": lambda d: d["actions"].__setitem__(0, {**d["actions"][0], "card": "treasure-99-z"}),
    "a string where a list belongs": lambda d: d["actions"].append(
        {"kind": "pp.towels", "seat": d["snapshot"]["hand"]["current"], "target": 0, "values": "321"}),
}


@pytest.mark.parametrize("edit", sorted(ACTION_EDITS))
def test_edited_moves_with_a_good_snapshot_continue_the_saved_position(app, edit):
    session = write_game("playa-pirata", ["human", "easy"], 6)
    _edit(ACTION_EDITS[edit])
    menu = open_menu(app)
    table = continue_first(app, menu)
    assert table is not menu and table.session.state.to_json() == session.state.to_json()
    frames(app, 10)
    assert_no_crash(app)


@pytest.mark.parametrize("edit", sorted(ACTION_EDITS))
def test_edited_moves_and_snapshot_are_named_and_the_save_kept_aside(app, edit):
    write_game("playa-pirata", ["human", "easy"], 6)
    _edit(ACTION_EDITS[edit])
    _edit(SNAPSHOT_EDITS["current player 7 of 2"])
    raw = slot().read_bytes()
    menu = open_menu(app)
    assert menu.continue_button.visible  # well-formed: only the game can tell, when it is resumed
    listed = continue_first(app, menu)
    frames(app, 2)
    assert isinstance(listed, SavedGamesScene) and listed.rows == []  # it left the list
    click(app, listed.back_button.rect.center)
    assert app.stack.top is menu and not menu.continue_button.visible
    assert_no_crash(app)
    message = toasts(app)
    assert SLOT_NAME in message and SLOT_NAME + ".bad" in message and "move" in message, message
    assert slot().with_name(SLOT_NAME + ".bad").read_bytes() == raw


# --------------------------------------------------------------------------------------------------
# A broken file of the app itself: the map is blamed, the save is kept
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("damage", ["missing", "truncated", "not a map"])
def test_a_broken_pirateer_map_is_blamed_and_the_save_kept(app, monkeypatch, tmp_path, damage):
    from game.games.pirateer import board as board_module
    write_game("pirateer", ["human", "easy"], 8)
    raw = slot().read_bytes()
    broken = tmp_path / "maps" / "pirateer.tmx"
    broken.parent.mkdir()
    real = board_module.default_path().read_bytes()
    if damage == "truncated":
        broken.write_bytes(real[: len(real) // 3])
    elif damage == "not a map":
        broken.write_text("<?xml version='1.0'?><map orientation='orthogonal'/>")
    monkeypatch.setattr(board_module, "default_path", lambda: broken)
    monkeypatch.setattr(games.get("pirateer").package.rules, "_board", None)
    menu = open_menu(app)
    listed = continue_first(app, menu)
    frames(app, 2)
    assert_no_crash(app)
    assert isinstance(listed, SavedGamesScene) and len(listed.rows) == 1  # the save is fine: it stays
    click(app, listed.back_button.rect.center)
    assert app.stack.top is menu and menu.continue_button.visible
    message = toasts(app)
    assert "pirateer.tmx" in message and "saved game is fine" in message, message
    assert SLOT_NAME not in message
    assert slot().read_bytes() == raw
    assert not slot().with_name(SLOT_NAME + ".bad").exists()


# --------------------------------------------------------------------------------------------------
# A settings file the app cannot use: named on screen, never opened if it is no ordinary file
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kind", [k for k in ("pipe", "/dev/zero", "folder") if k in KINDS])
def test_a_special_settings_file_never_hangs_the_start_and_is_named(kind):
    home = Path(os.environ["PGN_HOME"])
    path = home / "config" / "settings.json"
    _stage(kind, path)
    application = new_app()  # returns: nothing waited on the pipe or read /dev/zero
    try:
        open_menu(application)
        message = toasts(application)
        assert "settings.json" in message and REASONS[kind] in message, message
        assert application.settings.volume == 80
    finally:
        application.shutdown()


def test_a_damaged_settings_file_is_named_and_an_earlier_copy_kept():
    home = Path(os.environ["PGN_HOME"])
    (home / "config").mkdir(parents=True, exist_ok=True)
    (home / "config" / "settings.json.bad").write_bytes(b"the first damaged settings")
    (home / "config" / "settings.json").write_bytes(b"{\"volume\": ")
    application = new_app()
    try:
        assert "settings.json.2.bad" in toasts(application)
    finally:
        application.shutdown()
    assert (home / "config" / "settings.json.bad").read_bytes() == b"the first damaged settings"
    assert (home / "config" / "settings.json.2.bad").read_bytes() == b"{\"volume\": "


# --------------------------------------------------------------------------------------------------
# Folders: reported when the app starts; autosaves that start failing, once
# --------------------------------------------------------------------------------------------------
def new_app():
    from game.app import App
    from game.core.clock import ManualClock
    application = App(headless=True, lang="en", clock=ManualClock())
    application.inline_bots = True
    application.bot_delay = 0.0
    return application


@pytest.mark.parametrize("kind,words", [("log", "log folder"), ("data", "saved games"), ("config", "settings folder")])
def test_a_file_where_a_folder_should_be_is_said_when_the_app_starts(kind, words):
    home = Path(os.environ["PGN_HOME"])
    home.mkdir(parents=True, exist_ok=True)
    (home / kind).write_text("in the way")
    application = new_app()  # no traceback: the app starts
    try:
        open_menu(application)
        message = toasts(application)
        assert words in message and str(home / kind) in message, message
        assert_no_crash(application)
    finally:
        application.shutdown()
    assert (home / kind).read_text() == "in the way"


def test_a_folder_that_cannot_be_written_is_said_when_the_app_starts(monkeypatch):
    """Root writes anywhere, so the write test's OSError is injected."""
    real = paths._probe_write

    def read_only(folder: Path) -> None:
        if folder.name == "config":
            raise PermissionError(13, "Permission denied", str(folder))
        real(folder)

    monkeypatch.setattr(paths, "_probe_write", read_only)
    application = new_app()
    try:
        assert "settings folder" in toasts(application) and "Permission denied" in toasts(application)
    finally:
        application.shutdown()


def test_without_a_log_folder_the_error_scene_still_shows(monkeypatch):
    home = Path(os.environ["PGN_HOME"])
    home.mkdir(parents=True, exist_ok=True)
    (home / "log").write_text("in the way")
    application = new_app()
    try:
        assert not application.log_path.startswith(str(home / "log"))
        application.crash(RuntimeError("kaboom"))
        frames(application, 2)
        assert isinstance(application.stack.top, ErrorScene)
    finally:
        application.shutdown()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_in_place_of_the_log_file_never_hangs_the_start():
    home = Path(os.environ["PGN_HOME"])
    (home / "log").mkdir(parents=True, exist_ok=True)
    os.mkfifo(home / "log" / "pirate-game-night.log")  # opening it to append would wait for a reader
    application = new_app()
    try:
        assert application.log_path and application.log_path != str(home / "log" / "pirate-game-night.log")
    finally:
        application.shutdown()


def test_autosaves_that_start_failing_are_said_once_then_their_recovery(app, minigame_entry, monkeypatch):
    from tests.support.minigame_scene import MiniTableScene
    from game.scenes.setup import make_table_scene
    said: list[str] = []
    real_notify = app.notify
    monkeypatch.setattr(app, "notify", lambda text, kind="error": (said.append(getattr(text, "key", text)),
                                                                   real_notify(text, kind)))
    seats = [Seat("Anna", "human", None, 0), Seat("Ben", "human", None, 1)]
    table = make_table_scene(app, minigame_entry, seats, {}, 21)
    assert isinstance(table, MiniTableScene)
    app.stack.push(table, fade=False)
    app.autosaver.flush(10)
    frames(app, 2)
    real_replace = os.replace

    def full_disk(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.os, "replace", full_disk)
    for _ in range(4):
        if table.privacy_for is not None:
            click(app, table.privacy.button.rect.center)
        click(app, table.action_buttons()[0].rect.center)
        app.autosaver.flush(10)
        frames(app, 2)
    assert said.count("persist.autosave.failing") == 1
    assert "Autosave is not working" in toasts(app) and "No space left on device" in toasts(app)
    monkeypatch.setattr(saves.os, "replace", real_replace)
    if table.privacy_for is not None:
        click(app, table.privacy.button.rect.center)
    click(app, table.action_buttons()[0].rect.center)
    app.autosaver.flush(10)
    frames(app, 2)
    assert said.count("persist.autosave.failing") == 1 and said.count("persist.autosave.working_again") == 1
    assert saves.load_save(table.save_path).actions == [a.to_json() for a in table.session.actions]
