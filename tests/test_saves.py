"""Saved games: the JSON format, atomic writes, the background autosave, and every kind of bad file."""
from __future__ import annotations

import json
import logging
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import pytest

from game.core import saves
from game.core.protocol import (Action, IllegalAction, LogEntry, Option, Result, Rules, State, T,
                                Text)
from game.core.rng import Rng
from game.core.saves import (FORMAT_VERSION, AutosaveWriter, SaveData, SaveError, load_save, restore_state,
                             write_json_atomic)
from game.i18n import has_key


GAME_FILE = "count-20260101T120000Z-0a1b2c.json"  # one game's file in the saves folder


def game_path() -> Path:
    return saves.saves_dir() / GAME_FILE


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    monkeypatch.setenv("PGN_HOME", str(home))
    return home


# --------------------------------------------------------------------------------------------------
# A tiny counting game with a die: players add 1..max_step to a shared total, or roll the die;
# whoever brings the total to the target wins.
# --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Add(Action):
    kind = "add"
    amount: int = 1


@dataclass(frozen=True)
class Roll(Action):
    kind = "roll"


class CountState(State):
    def __init__(self, players: int, target: int, max_step: int, seed: int):
        self.players = players
        self.target = target
        self.max_step = max_step
        self.total = 0
        self.turn = 0
        self.winner: int | None = None
        self.rng = Rng(seed)
        self.undo_barrier = 0
        self._log: list[LogEntry] = []

    def current_players(self) -> tuple[int, ...]:
        return () if self.winner is not None else (self.turn,)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        seat = self.turn if seat is None else seat
        if self.winner is not None or seat != self.turn:
            return []
        return [Add(seat, n) for n in range(1, self.max_step + 1)] + [Roll(seat)]

    def apply(self, action: Action) -> None:
        if action not in self.legal_actions(action.seat):
            raise IllegalAction(T("test.count.illegal"))
        if isinstance(action, Roll):
            self.total += self.rng.randint(1, 6)
            self.undo_barrier += 1
        else:
            self.total += action.amount
        if self.total >= self.target:
            self.winner = action.seat
        else:
            self.turn = (self.turn + 1) % self.players
            self.undo_barrier += 1

    def view(self, seat: int | None) -> "CountState":
        return self.clone()

    def is_over(self) -> bool:
        return self.winner is not None

    def result(self) -> Result:
        return Result.from_scores([1.0 if s == self.winner else 0.0 for s in range(self.players)])

    def clone(self) -> "CountState":
        return CountRules().state_from_json(self.to_json())

    def to_json(self) -> dict:
        return {"players": self.players, "target": self.target, "max_step": self.max_step,
                "total": self.total, "turn": self.turn, "winner": self.winner, "rng": self.rng.state(),
                "undo_barrier": self.undo_barrier}


class CountRules(Rules):
    id = "count"
    name_key = "test.count.name"
    version = 1
    min_players = 2
    max_players = 4
    options = (Option("target", kind="int", default=30, lo=5, hi=100),
               Option("max_step", kind="int", default=3, lo=1, hi=6))
    action_types = (Add, Roll)

    def new_state(self, players: int, options: Mapping[str, Any], seed: int) -> CountState:
        return CountState(players, options["target"], options["max_step"], seed)

    def state_from_json(self, data: Any) -> CountState:
        s = CountState(data["players"], data["target"], data["max_step"], 0)
        s.total, s.turn, s.winner = data["total"], data["turn"], data["winner"]
        s.rng = Rng.from_state(data["rng"])
        s.undo_barrier = data["undo_barrier"]
        if not isinstance(s.total, int):
            raise ValueError("bad total")
        return s


class CountRulesV2(CountRules):
    version = 2


class CountRulesV2NoBigSteps(CountRules):
    """A later rules version that forbids steps above 2."""

    version = 2
    options = (Option("target", kind="int", default=30, lo=5, hi=100),
               Option("max_step", kind="int", default=2, lo=1, hi=2))


def play(seed: int = 7, moves: int = 6, options: dict | None = None) -> tuple[CountState, list[Action], dict]:
    rules = CountRules()
    options = {"target": 30, "max_step": 3, **(options or {})}
    state = rules.new_state(2, options, seed)
    actions: list[Action] = []
    for i in range(moves):
        seat = state.current_player
        action = Roll(seat) if i % 3 == 2 else Add(seat, 1 + i % 3)
        state.apply(action)
        actions.append(action)
    return state, actions, options


def make_save(seed: int = 7, moves: int = 6, options: dict | None = None) -> tuple[SaveData, CountState]:
    state, actions, options = play(seed, moves, options)
    save = SaveData.create(game_id="count", rules_version=CountRules.version, seed=seed, players=2,
                           options=options,
                           seats=[{"name": "Anna", "kind": "human", "level": None, "colour": 0},
                                  {"name": "Bot", "kind": "bot", "level": "easy", "colour": 1}],
                           actions=[a.to_json() for a in actions], snapshot=state.to_json(),
                           summary={"total": state.total})
    return save, state


def write_raw(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def good_json() -> dict:
    return make_save()[0].to_json()


# --------------------------------------------------------------------------------------------------
# Round trips
# --------------------------------------------------------------------------------------------------
def test_save_round_trip_through_a_file(tmp_path: Path) -> None:
    save, state = make_save()
    path = tmp_path / "game.json"
    write_json_atomic(path, save.to_json())
    loaded = load_save(path)
    assert loaded == save
    assert loaded.format == FORMAT_VERSION
    assert json.loads(path.read_text("utf-8"))["app"] == saves.APP_MARKER
    restored = restore_state(CountRules(), loaded)
    assert restored.to_json() == state.to_json()


def test_saved_at_is_iso_utc() -> None:
    from datetime import datetime
    save, _ = make_save()
    stamp = datetime.fromisoformat(save.saved_at)
    assert stamp.utcoffset() is not None and stamp.utcoffset().total_seconds() == 0


def test_non_ascii_names_survive(tmp_path: Path) -> None:
    save, _ = make_save()
    save.seats[0]["name"] = "Niccolò 🏴‍☠️"
    path = tmp_path / "s.json"
    write_json_atomic(path, save.to_json())
    assert load_save(path).seats[0]["name"] == "Niccolò 🏴‍☠️"


def test_restore_replays_on_a_newer_rules_version() -> None:
    save, state = make_save(moves=9)
    restored = restore_state(CountRulesV2(), save)
    assert restored.to_json() == state.to_json()  # the die rolls come out the same from the seed


def test_restore_replays_when_the_snapshot_is_damaged() -> None:
    save, state = make_save()
    save.snapshot = {"players": 2}  # hand-edited
    assert restore_state(CountRules(), save).to_json() == state.to_json()


# --------------------------------------------------------------------------------------------------
# Bad files: each gives the right SaveError and the file stays byte-for-byte the same
# --------------------------------------------------------------------------------------------------
def _bad(data: dict, **changes: Any) -> bytes:
    data = dict(data)
    for k, v in changes.items():
        if v is _DROP:
            data.pop(k)
        else:
            data[k] = v
    return json.dumps(data).encode()


_DROP = object()
_GOOD = json.dumps(good_json()).encode()

BAD_FILES: list[tuple[str, bytes, str]] = [
    ("empty", b"", "persist.save.empty"),
    ("blank", b"  \n\t ", "persist.save.empty"),
    ("truncated", _GOOD[: len(_GOOD) // 2], "persist.save.not_json"),
    ("truncated_by_one", _GOOD[:-1], "persist.save.not_json"),
    ("binary_garbage", bytes(range(256)) * 8, "persist.save.not_json"),
    ("latin1_text", "{\"app\": \"città\"}".encode("latin-1"), "persist.save.not_json"),
    ("nan", b'{"app": NaN}', "persist.save.not_json"),
    ("json_list", b"[1, 2, 3]", "persist.save.not_ours"),
    ("json_number", b"42", "persist.save.not_ours"),
    ("json_string", b'"save"', "persist.save.not_ours"),
    ("json_null", b"null", "persist.save.not_ours"),
    ("other_app", _bad(good_json(), app="another-game"), "persist.save.not_ours"),
    ("no_app", _bad(good_json(), app=_DROP), "persist.save.not_ours"),
    ("future_format", _bad(good_json(), format=FORMAT_VERSION + 1, app_version="9.0.0"),
     "persist.save.newer_app"),
    ("format_zero", _bad(good_json(), format=0), "persist.save.unknown_format"),
    ("format_text", _bad(good_json(), format="1"), "persist.save.unknown_format"),
    ("no_format", _bad(good_json(), format=_DROP), "persist.save.unknown_format"),
    ("seed_text", _bad(good_json(), seed="seven"), "persist.save.bad_field"),
    ("seed_bool", _bad(good_json(), seed=True), "persist.save.bad_field"),
    ("players_zero", _bad(good_json(), players=0), "persist.save.bad_field"),
    ("options_list", _bad(good_json(), options=[1]), "persist.save.bad_field"),
    ("actions_object", _bad(good_json(), actions={"kind": "add"}), "persist.save.bad_field"),
    ("actions_numbers", _bad(good_json(), actions=[1, 2]), "persist.save.bad_field"),
    ("action_without_kind", _bad(good_json(), actions=[{"seat": 0}]), "persist.save.bad_field"),
    ("snapshot_text", _bad(good_json(), snapshot="state"), "persist.save.bad_field"),
    ("seats_text", _bad(good_json(), seats="Anna"), "persist.save.bad_field"),
    ("seat_without_name", _bad(good_json(), seats=[{"kind": "human", "colour": 0}] * 2), "persist.save.bad_field"),
    ("seat_kind_alien", _bad(good_json(), seats=[{"name": "X", "kind": "alien", "colour": 0}] * 2),
     "persist.save.bad_field"),
    ("seat_colour_negative", _bad(good_json(), seats=[{"name": "X", "kind": "human", "colour": -1}] * 2),
     "persist.save.bad_field"),
    ("one_seat_for_two_players", _bad(good_json(), seats=good_json()["seats"][:1]), "persist.save.bad_field"),
    ("game_empty", _bad(good_json(), game_id=""), "persist.save.bad_field"),
    ("rules_version_float", _bad(good_json(), rules_version=1.5), "persist.save.bad_field"),
    ("summary_null", _bad(good_json(), summary=None), "persist.save.bad_field"),
] + [(f"missing_{name}", _bad(good_json(), **{name: _DROP}), "persist.save.missing_field")
     for name in ("app_version", "game_id", "rules_version", "seed", "players", "options", "seats",
                  "actions", "snapshot", "saved_at", "summary")]


@pytest.mark.parametrize("name,data,key", BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_bad_file_gives_a_clear_error_and_is_left_untouched(tmp_path: Path, name: str, data: bytes,
                                                            key: str) -> None:
    path = write_raw(tmp_path / "f" / "save.json", data)
    before = os.stat(path)
    with pytest.raises(SaveError) as info:
        load_save(path)
    assert info.value.text.key == key
    assert path.read_bytes() == data
    after = os.stat(path)
    assert (after.st_mtime_ns, after.st_size) == (before.st_mtime_ns, before.st_size)
    assert sorted(p.name for p in path.parent.iterdir()) == ["save.json"]
    assert_translatable(info.value.text)


def test_error_names_the_missing_or_bad_field(tmp_path: Path) -> None:
    path = write_raw(tmp_path / "a.json", _bad(good_json(), seats=_DROP))
    with pytest.raises(SaveError) as info:
        load_save(path)
    assert info.value.text.kwargs["field"] == "seats"
    path = write_raw(tmp_path / "b.json", _bad(good_json(), seed="x"))
    with pytest.raises(SaveError) as info:
        load_save(path)
    assert info.value.text.kwargs["field"] == "seed"


def test_newer_app_error_names_the_version(tmp_path: Path) -> None:
    path = write_raw(tmp_path / "a.json", _bad(good_json(), format=99, app_version="3.1.0"))
    with pytest.raises(SaveError) as info:
        load_save(path)
    assert info.value.text.kwargs["version"] == "3.1.0"


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nothing.json"
    with pytest.raises(SaveError) as info:
        load_save(path)
    assert info.value.text.key == "persist.save.not_found"
    assert not path.exists()


def test_unreadable_path(tmp_path: Path) -> None:
    folder = tmp_path / "a_folder.json"
    folder.mkdir()
    with pytest.raises(SaveError) as info:
        load_save(folder)
    assert info.value.text.key == "persist.save.unreadable"
    assert folder.is_dir()
    assert_translatable(info.value.text)


def test_unknown_game(tmp_path: Path) -> None:
    data = _bad(good_json(), game_id="treasure-hunt")
    path = write_raw(tmp_path / "s.json", data)
    with pytest.raises(SaveError) as info:
        load_save(path, known_games={"count", "planks"})
    assert info.value.text.key == "persist.save.unknown_game"
    assert info.value.text.kwargs["game"] == "treasure-hunt"
    assert path.read_bytes() == data
    assert load_save(path).game_id == "treasure-hunt"  # without a list of games it loads


def test_restore_with_rules_of_another_game() -> None:
    save, _ = make_save()
    save.game_id = "planks"
    with pytest.raises(SaveError) as info:
        restore_state(CountRules(), save)
    assert info.value.text.key == "persist.save.wrong_game"


def _edited_file(tmp_path: Path, edit) -> tuple[Path, bytes]:
    data = good_json()
    edit(data)
    raw = json.dumps(data).encode()
    return write_raw(tmp_path / "edited.json", raw), raw


def test_illegal_action_on_replay_for_an_older_rules_version(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        d["actions"][3] = {"kind": "add", "seat": d["actions"][3]["seat"], "amount": 6}  # max_step is 3

    path, raw = _edited_file(tmp_path, edit)
    save = load_save(path)
    with pytest.raises(SaveError) as info:
        restore_state(CountRulesV2(), save)
    text = info.value.text
    assert text.key == "persist.save.cannot_replay"
    assert text.kwargs["move"] == 4 and text.kwargs["total"] == 6
    assert text.kwargs["why"].key == "persist.save.old_rules"
    assert path.read_bytes() == raw
    assert_translatable(text)


def test_action_of_the_wrong_seat_on_replay(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        d["actions"][0]["seat"] = 1

    path, raw = _edited_file(tmp_path, edit)
    with pytest.raises(SaveError) as info:
        restore_state(CountRulesV2(), load_save(path))
    assert info.value.text.key == "persist.save.cannot_replay" and info.value.text.kwargs["move"] == 1
    assert path.read_bytes() == raw


def test_unreadable_action_on_replay(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        d["actions"][2] = {"kind": "teleport", "seat": 0}

    path, raw = _edited_file(tmp_path, edit)
    with pytest.raises(SaveError) as info:
        restore_state(CountRulesV2(), load_save(path))
    assert info.value.text.key == "persist.save.cannot_replay" and info.value.text.kwargs["move"] == 3


def test_action_with_a_field_of_the_wrong_type_on_replay(tmp_path: Path) -> None:
    def edit(d: dict) -> None:
        d["actions"][0]["amount"] = "lots"

    path, _ = _edited_file(tmp_path, edit)
    with pytest.raises(SaveError) as info:
        restore_state(CountRulesV2(), load_save(path))
    assert info.value.text.key == "persist.save.cannot_replay"


def test_rules_that_now_forbid_a_saved_move() -> None:
    save, _ = make_save(options={"max_step": 2})  # steps 1, 2, roll, 1, 2, roll: all still legal
    assert restore_state(CountRulesV2NoBigSteps(), save) is not None
    save, _ = make_save(moves=6)
    save.actions[0] = Add(0, 3).to_json()  # legal when saved, too big a step for version 2
    save.options = {"target": 30, "max_step": 2}
    with pytest.raises(SaveError) as info:
        restore_state(CountRulesV2NoBigSteps(), save)
    assert info.value.text.key == "persist.save.cannot_replay" and info.value.text.kwargs["move"] == 1


def test_setup_no_longer_valid_on_replay() -> None:
    save, _ = make_save()  # max_step 3, which version 2 no longer allows
    with pytest.raises(SaveError) as info:
        restore_state(CountRulesV2NoBigSteps(), save)
    assert info.value.text.key == "persist.save.cannot_replay_setup"
    assert_translatable(info.value.text)


def test_damaged_snapshot_and_illegal_actions() -> None:
    save, _ = make_save()
    save.snapshot = {}
    save.actions[1] = {"kind": "add", "seat": 0, "amount": 1}  # seat 0 played move 1 already
    with pytest.raises(SaveError) as info:
        restore_state(CountRules(), save)
    assert info.value.text.kwargs["why"].key == "persist.save.damaged"


def test_newer_rules_version_in_the_save_is_replayed_or_refused() -> None:
    save, state = make_save()
    save.rules_version = 5
    assert restore_state(CountRules(), save).to_json() == state.to_json()
    save.actions[0]["amount"] = 9
    with pytest.raises(SaveError) as info:
        restore_state(CountRules(), save)
    assert info.value.text.kwargs["why"].key == "persist.save.new_rules"


def assert_translatable(text: Text) -> None:
    """The key (and every nested Text parameter) exists in both languages."""
    for lang in ("en", "it"):
        assert has_key(text.key, lang), (text.key, lang)
    for _, value in text.params:
        if isinstance(value, Text):
            assert_translatable(value)


# --------------------------------------------------------------------------------------------------
# Atomic writes
# --------------------------------------------------------------------------------------------------
def test_write_json_atomic_keeps_the_old_file_when_the_write_fails(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "f" / "f.json"
    write_json_atomic(path, {"v": 1})

    def boom(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.os, "fsync", boom)
    with pytest.raises(OSError):
        write_json_atomic(path, {"v": 2})
    assert json.loads(path.read_text()) == {"v": 1}
    assert [p.name for p in path.parent.iterdir()] == ["f.json"]


def test_write_json_atomic_refuses_what_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "f" / "f.json"
    path.parent.mkdir()
    with pytest.raises(ValueError):
        write_json_atomic(path, {"x": float("nan")})
    with pytest.raises(TypeError):
        write_json_atomic(path, {"x": {1, 2}})
    assert list(path.parent.iterdir()) == []


def test_delete_save_removes_the_file_and_its_stale_temps() -> None:
    path = game_path()
    write_json_atomic(path, make_save()[0].to_json())
    stale = path.parent / f".{GAME_FILE}.123.tmp"
    stale.write_text("{")
    assert saves.delete_save(path)
    assert not path.exists() and not stale.exists()
    assert saves.delete_save(path)  # nothing there: fine


def test_the_saves_folder_is_under_pgn_home(_home: Path) -> None:
    assert saves.saves_dir() == _home / "data" / "saves"
    assert saves.legacy_autosave_path() == _home / "data" / "autosave.json"


# --------------------------------------------------------------------------------------------------
# The background autosave
# --------------------------------------------------------------------------------------------------
def _numbered(n: int, size: int = 1) -> SaveData:
    save, _ = make_save(moves=3)
    save.summary = {"n": n}
    save.snapshot = {**save.snapshot, "padding": ["x" * 50] * size}
    return save


def test_autosave_writes_the_latest_of_many_quick_submits() -> None:
    with AutosaveWriter(game_path()) as writer:
        for n in range(300):
            writer.submit(_numbered(n))
        assert writer.flush(10)
        assert load_save(game_path()).summary == {"n": 299}
        assert writer.last_error is None
    assert sorted(p.name for p in game_path().parent.iterdir()) == [GAME_FILE]


def test_autosave_coalesces_while_a_write_is_in_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    started, release = threading.Event(), threading.Event()
    written: list[int] = []
    real = saves.write_bytes_atomic

    def slow_write(path: Path, data: bytes) -> None:       # the writer encodes, then writes the bytes atomically
        started.set()
        release.wait(10)
        written.append(json.loads(data)["summary"]["n"])
        real(path, data)

    monkeypatch.setattr(saves, "write_bytes_atomic", slow_write)
    writer = AutosaveWriter(game_path())
    writer.submit(_numbered(0))
    assert started.wait(10)
    for n in range(1, 50):  # the disk is stuck: submit must not wait for it
        writer.submit(_numbered(n))
    assert not writer.flush(0.05)  # still busy
    release.set()
    assert writer.flush(10)
    writer.close()
    assert written == [0, 49]
    assert load_save(game_path()).summary == {"n": 49}


def test_autosave_never_shows_a_partial_file() -> None:
    path = game_path()
    stop = threading.Event()
    problems: list[str] = []
    seen = [0]

    def reader() -> None:
        while not stop.is_set():
            try:
                raw = path.read_bytes()
            except FileNotFoundError:
                continue
            try:
                json.loads(raw)
                seen[0] += 1
            except ValueError:
                problems.append(f"partial file of {len(raw)} bytes")

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    with AutosaveWriter(game_path()) as writer:
        for n in range(40):
            writer.submit(_numbered(n, size=400))
            if n % 4 == 0:
                writer.flush(10)
        writer.flush(10)
    deadline = time.monotonic() + 5
    while seen[0] == 0 and time.monotonic() < deadline:
        time.sleep(0.01)
    stop.set()
    thread.join(10)
    assert problems == []
    assert seen[0] > 0
    assert load_save(path).summary == {"n": 39}
    assert sorted(p.name for p in path.parent.iterdir()) == [GAME_FILE]


def test_a_crash_in_the_middle_of_a_write_keeps_the_last_good_autosave(monkeypatch: pytest.MonkeyPatch,
                                                                      caplog: pytest.LogCaptureFixture) -> None:
    path = game_path()
    with AutosaveWriter(game_path()) as writer:
        writer.submit(_numbered(1))
        assert writer.flush(10)
        real_replace = os.replace

        def crash(src: Any, dst: Any) -> None:
            raise OSError(5, "I/O error")

        monkeypatch.setattr(saves.os, "replace", crash)
        with caplog.at_level(logging.ERROR, logger="game.core.saves"):
            writer.submit(_numbered(2))
            assert writer.flush(10)
        assert isinstance(writer.last_error, OSError)
        assert any("autosave" in r.getMessage() for r in caplog.records)
        assert load_save(path).summary == {"n": 1}
        assert sorted(p.name for p in path.parent.iterdir()) == [GAME_FILE]
        monkeypatch.setattr(saves.os, "replace", real_replace)
        writer.submit(_numbered(3))  # the writer still works afterwards
        assert writer.flush(10)
        assert writer.last_error is None
    assert load_save(path).summary == {"n": 3}


def test_a_save_that_cannot_be_serialised_is_logged_not_raised(caplog: pytest.LogCaptureFixture) -> None:
    save = _numbered(1)
    save.snapshot = {"cards": {1, 2, 3}}  # a set: not JSON
    with caplog.at_level(logging.ERROR, logger="game.core.saves"), AutosaveWriter(game_path()) as writer:
        writer.submit(save)  # serialising happens on the writer thread: no exception here
        assert writer.flush(10)
        assert isinstance(writer.last_error, TypeError)
    assert not game_path().exists()
    assert caplog.records


def test_stale_temp_files_from_a_crash_are_removed_and_never_loaded() -> None:
    path = game_path()
    write_json_atomic(path, _numbered(5).to_json())
    stale = path.parent / f".{GAME_FILE}.999.1.2.tmp"
    stale.write_bytes(b'{"app": "pirate-game-n')  # a write cut short by a power cut
    writer = AutosaveWriter(game_path())
    assert not stale.exists()
    assert load_save(path).summary == {"n": 5}
    writer.close()


def test_autosave_clear_drops_pending_saves() -> None:
    with AutosaveWriter(game_path()) as writer:
        writer.submit(_numbered(1))
        writer.flush(10)
        assert game_path().exists()
        writer.submit(_numbered(2))
        writer.clear()
        assert writer.flush(10)
    assert not game_path().exists()


def test_submit_after_close_is_ignored() -> None:
    writer = AutosaveWriter(game_path())
    writer.close()
    writer.submit(_numbered(1))
    assert writer.flush(1)
    assert not game_path().exists()


def test_decode_actions() -> None:
    save, _ = make_save()
    actions = saves.decode_actions(CountRules(), save)
    assert [a.to_json() for a in actions] == save.actions
    save.actions[4] = {"kind": "teleport", "seat": 0}
    with pytest.raises(SaveError) as info:
        saves.decode_actions(CountRules(), save)
    assert info.value.text.key == "persist.save.bad_action" and info.value.text.kwargs["move"] == 5
    assert_translatable(info.value.text)


# --------------------------------------------------------------------------------------------------
# Special files and sizes: reads are bounded and never block (issue 12)
# --------------------------------------------------------------------------------------------------
def _in_thread(fn) -> tuple[bool, Any]:
    """Run ``fn`` on a daemon thread: (finished, result or exception). The join's limit only turns a hang
    into a failure; the pass condition does not depend on the machine's speed."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["result"] = fn()
        except BaseException as exc:  # noqa: BLE001 - handed back to the test
            box["result"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(120)
    return not thread.is_alive(), box.get("result")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_in_place_of_the_save_is_refused_without_opening_it(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    os.mkfifo(path)  # nobody writes into it: opening it for reading the usual way waits forever
    finished, result = _in_thread(lambda: load_save(path))
    assert finished, "reading a pipe hung"
    assert isinstance(result, SaveError) and result.text.key == "persist.save.unreadable"
    assert result.text.kwargs["error"] == Text.of("persist.file.special")
    assert_translatable(result.text)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_dev_zero_in_place_of_the_save_is_refused_without_reading(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "autosave.json"
    os.symlink("/dev/zero", path)
    read: list[int] = []
    real_read = os.read
    monkeypatch.setattr(saves.os, "read", lambda fd, n: read.append(n) or real_read(fd, n))
    with pytest.raises(SaveError) as info:
        load_save(path)
    assert info.value.text.key == "persist.save.unreadable" and read == []


def test_a_huge_file_is_refused_by_its_size_without_being_read(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "autosave.json"
    with open(path, "wb") as fp:
        fp.truncate(saves.MAX_SAVE_BYTES + 1)  # one byte too many (sparse: no room taken on the disk)
    read: list[int] = []
    real_read = os.read
    monkeypatch.setattr(saves.os, "read", lambda fd, n: read.append(n) or real_read(fd, n))
    with pytest.raises(SaveError) as info:
        load_save(path)
    assert info.value.text.key == "persist.save.too_big" and read == []


def test_reads_stop_at_the_limit(tmp_path: Path) -> None:
    path = write_raw(tmp_path / "s.json", b" " * 5000 + b"{}")
    with pytest.raises(saves.FileTooBigError):
        saves.read_file_bounded(path, limit=1000)
    assert saves.read_file_bounded(path, limit=5002).endswith(b"{}")


def test_a_save_with_a_byte_order_mark_loads(tmp_path: Path) -> None:
    save, state = make_save()
    path = write_raw(tmp_path / "autosave.json", b"\xef\xbb\xbf" + json.dumps(save.to_json()).encode("utf-8"))
    assert restore_state(CountRules(), load_save(path)).to_json() == state.to_json()


def test_a_folder_in_place_of_the_save_says_it_is_a_folder(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    path.mkdir()
    with pytest.raises(SaveError) as info:
        load_save(path)
    assert info.value.text.kwargs["error"] == Text.of("persist.file.folder")


def test_a_seat_with_an_impossible_level_is_a_bad_field(tmp_path: Path) -> None:
    for seat in ({"name": "X", "kind": "bot", "level": "godlike", "colour": 0},
                 {"name": "X", "kind": "bot", "level": None, "colour": 0},
                 {"name": "X", "kind": "human", "level": "hard", "colour": 0}):
        path = write_raw(tmp_path / "s.json", _bad(good_json(), seats=[seat, good_json()["seats"][1]]))
        with pytest.raises(SaveError) as info:
            load_save(path)
        assert info.value.text.kwargs["field"] == "seats"


# --------------------------------------------------------------------------------------------------
# Keeping a bad file aside: a fresh name, never over an earlier copy
# --------------------------------------------------------------------------------------------------
def test_keep_aside_moves_the_file_to_a_fresh_name(tmp_path: Path) -> None:
    path = write_raw(tmp_path / "autosave.json", b"garbage 1")
    assert saves.keep_aside(path, move=True) == tmp_path / "autosave.json.bad"
    write_raw(path, b"garbage 2")
    assert saves.keep_aside(path, move=True) == tmp_path / "autosave.json.2.bad"
    write_raw(path, b"garbage 3")
    (tmp_path / "autosave.json.3.bad").mkdir()  # a name taken by anything at all is skipped
    assert saves.keep_aside(path, move=True) == tmp_path / "autosave.json.4.bad"
    assert [(tmp_path / n).read_bytes() for n in ("autosave.json.bad", "autosave.json.2.bad", "autosave.json.4.bad")] \
        == [b"garbage 1", b"garbage 2", b"garbage 3"]
    assert not path.exists()
    assert saves.keep_aside(path, move=True) is None  # nothing left to keep


def test_keep_aside_copies_a_regular_file_and_leaves_it_in_place(tmp_path: Path) -> None:
    path = write_raw(tmp_path / "settings.json", b"{oops")
    write_raw(tmp_path / "settings.json.bad", b"an earlier copy")
    kept = saves.keep_aside(path, move=False)
    assert kept == tmp_path / "settings.json.2.bad" and kept.read_bytes() == b"{oops"
    assert path.read_bytes() == b"{oops" and (tmp_path / "settings.json.bad").read_bytes() == b"an earlier copy"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_keep_aside_moves_a_pipe_instead_of_copying_it(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    finished, kept = _in_thread(lambda: saves.keep_aside(path, move=False))
    assert finished and kept == tmp_path / "settings.json.bad"
    assert not os.path.lexists(path)


# --------------------------------------------------------------------------------------------------
# The autosave writer: what it tells the player, and what it never writes over
# --------------------------------------------------------------------------------------------------
def test_autosaves_that_start_failing_are_told_once_and_their_recovery_too(monkeypatch: pytest.MonkeyPatch) -> None:
    real_replace = os.replace

    def full_disk(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    with AutosaveWriter(game_path()) as writer:
        writer.submit(_numbered(1))
        assert writer.flush(10) and writer.take_notices() == []
        monkeypatch.setattr(saves.os, "replace", full_disk)
        for n in range(2, 6):
            writer.submit(_numbered(n))
            assert writer.flush(10)
        notices = writer.take_notices()
        assert len(notices) == 1 and notices[0][1] == "error"
        text = notices[0][0]
        assert text.key == "persist.autosave.failing" and text.kwargs["error"] == "No space left on device"
        assert text.kwargs["path"] == str(game_path())
        assert_translatable(text)
        monkeypatch.setattr(saves.os, "replace", real_replace)
        writer.submit(_numbered(6))
        assert writer.flush(10)
        assert [(t.key, kind) for t, kind in writer.take_notices()] == [("persist.autosave.working_again", "good")]
    assert load_save(game_path()).summary == {"n": 6}


def test_a_data_folder_that_cannot_be_created_fails_every_autosave_with_one_notice(_home: Path) -> None:
    _home.mkdir(parents=True, exist_ok=True)
    (_home / "data").write_bytes(b"a file where the data folder should be")
    with AutosaveWriter(game_path()) as writer:
        for n in range(3):
            writer.submit(_numbered(n))
            assert writer.flush(10)
        assert writer.failing and [t.key for t, _ in writer.take_notices()] == ["persist.autosave.failing"]
    assert (_home / "data").read_bytes() == b"a file where the data folder should be"


@pytest.mark.parametrize("what", ["garbage", "newer", "folder"])
def test_the_first_autosave_keeps_an_unusable_file_aside_instead_of_writing_over_it(what: str) -> None:
    path = game_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = {"garbage": b"\x00\x01 not a save", "newer": _bad(good_json(), format=FORMAT_VERSION + 1)}.get(what)
    if raw is None:
        path.mkdir()
    else:
        path.write_bytes(raw)
    with AutosaveWriter(game_path()) as writer:
        writer.submit(_numbered(1))
        assert writer.flush(10)
        notices = writer.take_notices()
    kept = path.with_name(GAME_FILE + ".bad")
    assert kept.is_dir() if raw is None else kept.read_bytes() == raw
    assert load_save(path).summary == {"n": 1}
    assert [t.key for t, _ in notices] == ["persist.save.kept_aside"]
    assert notices[0][0].kwargs["kept"] == GAME_FILE + ".bad"
    assert_translatable(notices[0][0])


def test_the_first_autosave_leaves_a_good_save_alone_and_replaces_it() -> None:
    write_json_atomic(game_path(), _numbered(1).to_json())
    with AutosaveWriter(game_path()) as writer:
        writer.submit(_numbered(2))
        assert writer.flush(10) and writer.take_notices() == []
    assert sorted(p.name for p in game_path().parent.iterdir()) == [GAME_FILE]


# --------------------------------------------------------------------------------------------------
# Restoring: the position is rebuilt from the actions and checked by its game
# --------------------------------------------------------------------------------------------------
class FussyCountRules(CountRules):
    """A game whose validator refuses totals above 20 (to see the hook called on the restored game)."""

    def validate_state(self, state: State) -> None:
        super().validate_state(state)
        if state.total > 20:
            raise ValueError(f"a total of {state.total}")


def test_a_snapshot_that_disagrees_with_the_actions_gives_way_to_them() -> None:
    save, state = make_save()
    save.snapshot = {**save.snapshot, "total": save.snapshot["total"] + 5, "turn": 7}  # edited, still readable
    assert restore_state(CountRules(), save).to_json() == state.to_json()


def test_the_restored_position_is_validated_by_its_game() -> None:
    save, _ = make_save(moves=12)
    with pytest.raises(SaveError) as info:
        restore_state(FussyCountRules(), save)
    assert info.value.text.key == "persist.save.invalid" and "total" in info.value.text.kwargs["reason"]
    assert_translatable(info.value.text)


def test_a_missing_asset_is_not_blamed_on_the_save(tmp_path: Path) -> None:
    from game.paths import AssetError

    class MaplessRules(CountRules):
        def new_state(self, players: int, options: Mapping[str, Any], seed: int) -> CountState:
            raise AssetError(tmp_path / "count.tmx", "map file not found")

    save, _ = make_save()
    with pytest.raises(AssetError) as info:
        restore_state(MaplessRules(), save)
    assert info.value.text.key == "persist.asset.broken" and info.value.text.kwargs["file"] == "count.tmx"
    assert_translatable(info.value.text)


# --------------------------------------------------------------------------------------------------
# One file per unfinished game: names, the listing, the shelf, the old single autosave
# --------------------------------------------------------------------------------------------------
def _save_at(saved_at: str, n: int = 0) -> SaveData:
    save = _numbered(n)
    save.saved_at = saved_at
    return save


def test_a_new_game_gets_a_fresh_file_named_after_the_game_and_when_it_started(monkeypatch: pytest.MonkeyPatch) -> None:
    from datetime import datetime, timezone
    started = datetime(2026, 11, 22, 18, 30, 5, tzinfo=timezone.utc)
    path = saves.new_save_path("island-race", started=started)
    assert path.parent == saves.saves_dir()
    assert path.name.startswith("island-race-20261122T183005Z-") and path.name.endswith(".json")
    assert saves.new_save_path("../../etc/passwd", started=started).parent == saves.saves_dir()
    # a name that is taken (a game's file, or anything at all) is never given again
    picks = iter(["aaaaaa", "aaaaaa", "bbbbbb"])
    monkeypatch.setattr(saves.secrets, "token_hex", lambda n: next(picks))
    first = saves.new_save_path("island-race", started=started)
    first.parent.mkdir(parents=True, exist_ok=True)
    first.write_text("taken")
    second = saves.new_save_path("island-race", started=started)
    assert first.name.endswith("-aaaaaa.json") and second.name.endswith("-bbbbbb.json")


def test_the_listing_has_every_game_file_and_no_copy_kept_aside_or_temporary_file() -> None:
    folder = saves.saves_dir()
    assert saves.save_files() == []  # no folder yet: no game
    for name in ("b.json", "a.json", "a.json.bad", "a.json.2.bad", ".a.json.1.2.3.tmp", "notes.txt"):
        write_raw(folder / name, b"x")
    (folder / "c.json").mkdir()  # in the way: listed, so that it is named and kept aside
    assert [p.name for p in saves.save_files()] == ["a.json", "b.json", "c.json"]


def test_the_shelf_lists_games_newest_first_and_reads_a_file_again_only_when_it_changed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    folder = saves.saves_dir()
    write_json_atomic(folder / "old.json", _save_at("2024-01-01T10:00:00+00:00", 1).to_json())
    write_json_atomic(folder / "new.json", _save_at("2024-06-01T10:00:00+00:00", 2).to_json())
    write_json_atomic(folder / "undated.json", _save_at("not a date", 3).to_json())
    write_raw(folder / "broken.json", b"{")
    reads: list[str] = []
    real = saves.load_save
    monkeypatch.setattr(saves, "load_save", lambda p, known=None: (reads.append(Path(p).name), real(p, known))[1])
    shelf = saves.SaveShelf()
    good, bad = shelf.scan(known_games=["count"])
    assert [g.path.name for g in good] == ["new.json", "old.json", "undated.json"]
    assert good[2].last_played is None
    assert [(p.name, e.text.key) for p, e in bad] == [("broken.json", "persist.save.not_json")]
    assert (folder / "broken.json").read_bytes() == b"{"  # reading never changes a file
    reads.clear()
    write_json_atomic(folder / "old.json", _save_at("2024-07-01T10:00:00+00:00", 9).to_json())
    good, _ = shelf.scan(known_games=["count"])
    assert sorted(reads) == ["broken.json", "old.json"]  # the unchanged good files were not read again
    assert [g.path.name for g in good][0] == "old.json" and good[0].save.summary == {"n": 9}
    good, bad = shelf.scan(known_games=["minigame"])  # a game this app does not have
    assert good == [] and {e.text.key for _, e in bad} == {"persist.save.unknown_game", "persist.save.not_json"}


def test_the_single_autosave_of_an_earlier_version_moves_into_the_saves_folder() -> None:
    assert saves.migrate_legacy_autosave() is None  # nothing to move
    legacy = saves.legacy_autosave_path()
    save = _save_at("2024-05-01T09:15:00+00:00", 7)
    write_json_atomic(legacy, save.to_json())
    raw = legacy.read_bytes()
    moved = saves.migrate_legacy_autosave()
    assert moved is not None and moved.parent == saves.saves_dir() and not os.path.lexists(legacy)
    assert moved.name.startswith("count-20240501T091500Z-") and moved.read_bytes() == raw
    assert saves.save_files() == [moved]


def test_a_damaged_autosave_of_an_earlier_version_moves_as_it_is_for_the_list_to_name() -> None:
    legacy = saves.legacy_autosave_path()
    write_raw(legacy, b"\x00garbage")
    moved = saves.migrate_legacy_autosave()
    assert moved == saves.saves_dir() / "autosave.json" and moved.read_bytes() == b"\x00garbage"
    write_raw(legacy, b"more garbage")  # the name is taken in the folder: a fresh one, never over it
    again = saves.migrate_legacy_autosave()
    assert again is not None and again != moved and again.read_bytes() == b"more garbage"
    assert moved.read_bytes() == b"\x00garbage"


def test_replay_reports_every_step_with_the_state_before_it() -> None:
    save, state = make_save(moves=6)
    steps: list[tuple[dict, Action, int]] = []
    replayed = saves.replay(CountRules(), save, on_step=lambda before, action, after: steps.append(
        (before.to_json(), action, id(after))))
    assert replayed.to_json() == state.to_json()
    assert [a.to_json() for _, a, _ in steps] == save.actions
    assert len({after for _, _, after in steps}) == 1  # one state, changed in place
    first = CountRules().new_state(2, save.options, save.seed).to_json()
    assert steps[0][0] == first and steps[1][0] != first


def test_a_retired_writer_writes_what_is_pending_then_takes_nothing_more() -> None:
    writer = AutosaveWriter(game_path())
    writer.submit(_numbered(1))
    writer.retire()
    assert writer.closed
    writer.submit(_numbered(2))  # too late: ignored
    assert writer.flush(10)
    assert load_save(game_path()).summary == {"n": 1}
    writer.close()


def test_a_save_that_cannot_be_written_again_is_damaged(tmp_path):
    # a lone surrogate ("\ud800", legal as a JSON escape) in a seat name loaded fine, and then every
    # autosave of the resumed game failed with a UnicodeEncodeError: no move was kept
    data = good_json()
    data["seats"][0]["name"] = "Anna\ud800"
    path = tmp_path / "save.json"
    path.write_text(json.dumps(data))  # ensure_ascii: the file holds the escape "\\ud800"
    with pytest.raises(SaveError) as info:
        load_save(path)
    assert info.value.text.key == "persist.save.damaged"


def test_an_action_whose_seat_or_field_has_the_wrong_type_is_refused_by_name():
    """Found by the soak's damaged saves: an edited action whose seat was a JSON object was read as an action, the
    game resumed from its snapshot, and the table crashed hashing the seat. Such a move is unreadable now: the save
    is refused with the move's number, like any other unreadable move."""
    from game import games
    rules = games.get("pirateer").package.rules
    good = {"kind": "pir.roll", "seat": 0}
    assert rules.action_from_json(good).seat == 0
    for bad in ({"kind": "pir.roll", "seat": {"x": 1}}, {"kind": "pir.roll", "seat": True}, {"kind": "pir.roll", "seat": "0"},
                {"kind": "pir.roll"}):
        with pytest.raises(ValueError):
            rules.action_from_json(bad)
    move = next(t for t in rules.action_types if t.kind == "pir.move")
    import dataclasses
    fields = {f.name: 1 for f in dataclasses.fields(move)}
    fields.update(kind="pir.move", seat=0)
    other = next(k for k in fields if k not in ("kind", "seat"))
    fields[other] = {"odd": [1, 2]}
    with pytest.raises(ValueError):
        rules.action_from_json(fields)


def test_the_autosave_writers_incremental_encoding_is_dumps_byte_for_byte_and_encodes_each_object_once(monkeypatch):
    """The writer reuses the text of every action and event it wrote before (a long game's save held the
    interpreter's lock for tens of milliseconds): across a game saved after every action and undo, what it writes is
    exactly ``saves.dumps``; a save with one more action encodes only what is new."""
    from tests.support.minigame import played_with_undos
    incremental = saves.IncrementalDumps()
    incremental.LONG = 4                               # the minigame's lists are short: make them "long"
    fragments, counted = 0, []
    real = json.dumps
    for step, session in played_with_undos(80):
        data = session.to_save().to_json()
        if step in (20, 21, 22):
            encoded: list = []
            with monkeypatch.context() as m:
                m.setattr(json, "dumps", lambda obj, **kw: encoded.append(obj) or real(obj, **kw))
                text = incremental.dumps(data)
            counted.append(sum(1 for o in encoded if isinstance(o, dict) and o is not data))
        else:
            text = incremental.dumps(data)
        assert text == saves.dumps(data)
        fragments = max(fragments, len(incremental._kept))
    assert fragments >= 2 and len(session.actions) > 10   # the actions and the events went the incremental way
    assert counted and all(n < 12 for n in counted)   # an action's save encodes what it added, not the whole game
    assert len(session.actions) + len(data["snapshot"]["events"]) > 3 * 12


def test_incremental_encoding_equals_dumps_for_lists_grown_cut_replaced_and_moved():
    rng = Rng(5)
    incremental = saves.IncrementalDumps()
    items = [{"kind": "e", "n": i, "text": "«è»\u2014 \"q\" \\\\"} for i in range(40)]
    data: dict[str, Any] = {"app": "x", "list": list(items), "nested": {"events": list(items[:35]), "n": [1, 2]}}
    for round_ in range(60):
        what = rng.below(5)
        if what == 0:
            data["list"].append({"kind": "new", "n": round_})
        elif what == 1 and len(data["list"]) > 33:
            del data["list"][rng.below(len(data["list"])):]
        elif what == 2:
            data["list"][rng.below(len(data["list"]))] = {"replaced": round_}
        elif what == 3:
            data["nested"]["events"] = list(data["list"])            # a new list of the same objects
        else:
            data = {"app": "y", "moved": data["nested"],                 # the lists somewhere else
                    "nested": {"events": list(data["list"]), "n": []}, "list": [dict(d) for d in items]}
        assert incremental.dumps(data) == saves.dumps(data), round_
    assert json.loads(incremental.dumps({"a": [{"\x00pgn-fragment-": 1}] * 40})) == {"a": [{"\x00pgn-fragment-": 1}] * 40}
