"""`make soak`: long runs that the default suite keeps short.

- thousands of random matches of the test card game through GameSession, checking every invariant and
  that each save of each game reloads to the same state;
- fuzzing: thousands of corrupted save and settings files never crash the loaders, always give a
  clear reason, and are never modified.
Figures are printed (run with -s) so the issue note can quote them.
"""
from __future__ import annotations

import json
import os
import time

import pytest

from game.core import saves
from game.core.bots import RandomBot
from game.core.rng import Rng
from game.core.session import GameSession, Seat
from tests.support import minigame

pytestmark = pytest.mark.soak

GAMES = int(os.environ.get("PGN_SOAK_GAMES", "3000"))
FUZZ = int(os.environ.get("PGN_SOAK_FUZZ", "5000"))


def test_soak_random_matches_end_and_reload_exactly():
    start = time.perf_counter()
    actions = 0
    for i in range(GAMES):
        rng = Rng(i)
        players = 2 + i % 3
        options = {"wagers": bool(i & 1), "big_hands": bool(i & 2) and players < 4, "hands": 1 + i % 3}
        seats = [Seat(f"P{s}", "bot", "easy", s) for s in range(players)]
        session = GameSession.new("minigame", minigame.RULES, seats, options, seed=i)
        bots = [RandomBot(s, rng.next64()) for s in range(players)]
        for _ in range(5000):
            if session.is_over():
                break
            seat = session.state.current_player
            session.apply(bots[seat].choose(session.view(seat)))
            if rng.below(50) == 0:  # now and then: save, reload, compare
                data = saves.SaveData.from_json(json.loads(json.dumps(session.to_save().to_json())))
                again = GameSession.from_save(data, minigame.RULES)
                assert again.state.to_json() == session.state.to_json()
        assert session.is_over(), f"game {i} did not end"
        result = session.state.result()
        assert result.scores == [sum(v for _, v in rows) for rows in result.breakdown]
        actions += len(session.actions)
    seconds = time.perf_counter() - start
    print(f"\nsoak: {GAMES} random matches, {actions} actions, {seconds:.1f} s "
          f"({GAMES / seconds:.1f} matches/s)")


def _mutations(data: bytes, rng: Rng) -> bytes:
    kind = rng.below(5)
    b = bytearray(data)
    if kind == 0 and b:  # truncate
        return bytes(b[: rng.below(len(b))])
    if kind == 1 and b:  # flip bytes
        for _ in range(1 + rng.below(8)):
            b[rng.below(len(b))] = rng.below(256)
        return bytes(b)
    if kind == 2:  # insert junk
        pos = rng.below(len(b) + 1)
        return bytes(b[:pos]) + bytes(rng.below(256) for _ in range(1 + rng.below(16))) + bytes(b[pos:])
    if kind == 3:  # edit a JSON value
        obj = json.loads(data)
        key = rng.choice(sorted(obj))
        obj[key] = rng.choice([None, -1, "x", [], {}, 1.5, True, 10**30])
        return json.dumps(obj).encode()
    obj = json.loads(data)  # edit an action or the snapshot
    if obj.get("actions"):
        action = rng.choice(obj["actions"])
        field = rng.choice(sorted(action))
        action[field] = rng.choice([None, -5, 999, "zz", []])
    return json.dumps(obj).encode()


def test_soak_fuzzed_saves_never_crash_and_are_never_modified(tmp_path):
    seats = [Seat("A", "human", None, 0), Seat("B", "bot", "easy", 1)]
    session = GameSession.new("minigame", minigame.RULES, seats, {}, seed=4)
    bot = RandomBot(1, 2)
    for _ in range(12):
        seat = session.state.current_player
        session.apply(bot.__class__(seat, 3).choose(session.view(seat)))
    good = json.dumps(session.to_save().to_json()).encode()
    rng = Rng(99)
    outcomes = {"loaded": 0, "refused": 0}
    path = tmp_path / "save.json"
    for _ in range(FUZZ):
        data = _mutations(good, rng)
        path.write_bytes(data)
        try:
            save = saves.load_save(path)
            GameSession.from_save(save, minigame.RULES)
            outcomes["loaded"] += 1
        except saves.SaveError as exc:
            assert exc.text.key.startswith("persist.save.")
            outcomes["refused"] += 1
        assert path.read_bytes() == data  # never touched
    print(f"\nsoak: {FUZZ} fuzzed saves: {outcomes}")


def test_soak_fuzzed_settings_always_load(tmp_path):
    from game import paths
    from game.settings import Settings, load_settings, save_settings
    save_settings(Settings())
    file = paths.config_dir() / "settings.json"
    good = file.read_bytes()
    rng = Rng(7)
    notices = 0
    for _ in range(FUZZ // 5):
        data = _mutations(good, rng)
        file.write_bytes(data)
        settings, notice = load_settings()
        assert isinstance(settings, Settings)
        assert 0 <= settings.volume <= 100 and settings.language in ("it", "en")
        notices += notice is not None
    print(f"\nsoak: {FUZZ // 5} fuzzed settings files, {notices} notices, no crash")
