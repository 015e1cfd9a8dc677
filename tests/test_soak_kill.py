"""`make soak`: the kill -9 campaign.

A child process (``tests/support/kill_target.py``) plays a game of bots with the real autosave and says
on stdout what it applies and writes; it is killed with SIGKILL at a random moment, some of them inside
a save write. Then, for every kill:

- the game's file (its own, in the saves folder: the only file there) is there unless the child was killed
  before its first write (or the game had ended), and it loads: never a half-written or damaged file;
- it is exactly one of the saves the child wrote, and not older than the last one the child saw on disk;
- Continue resumes exactly that save's last action (the session rebuilt from it has the same actions);
- Island Race (autosaved at most once a second during a race) loses at most the last second: every
  action applied more than ``SAVE_EVERY`` + a frame and a write before the kill is in the save.

``PGN_SOAK_SCALE`` scales the number of kills (1 = 250: 150 in turn-based games, 100 in Island Race races).
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.core.rng import Rng

pytestmark = pytest.mark.soak

ROOT = Path(__file__).resolve().parent.parent
SCALE = float(os.environ.get("PGN_SOAK_SCALE", "1"))
KILLS = {"turn-based": max(6, int(150 * SCALE)), "island-race": max(6, int(100 * SCALE))}
WRITE_SLACK = 0.25  # seconds a race save may take to reach the disk after it is due

CAMPAIGNS = {
    "turn-based": [("playa-pirata", ["easy", "medium"], False), ("pirateer", ["easy", "medium", "easy"], False),
                   ("playa-pirata", ["medium", "easy", "easy", "medium"], False), ("pirateer", ["medium", "easy"], False)],
    "island-race": [("island-race", ["easy", "medium"], True), ("island-race", ["hard", "easy", "medium"], True)],
}


def _run_and_kill(home: Path, game: str, seed: int, kinds: list[str], real_time: bool, after: float) -> list[str]:
    env = dict(os.environ, PGN_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    cmd = [sys.executable, "-m", "tests.support.kill_target", game, str(seed), *kinds]
    if real_time:
        cmd.append("--real-time")
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    lines: list[str] = []

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line.strip())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    deadline = time.monotonic() + 60  # the child starts (imports, first frame) before the clock runs
    while not any(line.startswith("D 0") for line in lines) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(after)
    if proc.poll() is None:
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait(30)
    reader.join(10)
    return lines


def _check_kill(home: Path, game: str, lines: list[str]) -> dict[str, bool]:
    """Asserts what a kill may and may not leave; returns what kind of kill it was."""
    from game import games
    from game.core import saves
    from game.core.session import GameSession
    from tests.support.kill_target import digest

    written = {}      # digest -> n for every save the child started to write
    reported = [line[2:] for line in lines if line.startswith("S ")]  # the table's file
    done_n = -1
    applied: list[float] = []  # clock time of each applied action, in order
    last_frame = None
    over = "OVER" in lines or "X" in lines  # the game ended and its file is (being) deleted
    for line in lines:
        kind, *rest = line.split()
        if kind == "W":
            written[rest[1]] = int(rest[0])
        elif kind == "D":
            done_n = max(done_n, int(rest[0]))
        elif kind == "A":
            applied.append(float(rest[1]))
        elif kind == "F":
            last_frame = float(rest[0])
    writes = [x for x in lines if x[:1] in "WD"]
    in_write = bool(writes) and writes[-1].startswith("W")  # killed between "about to write" and "on disk"
    old = os.environ.get("PGN_HOME")
    os.environ["PGN_HOME"] = str(home)
    try:
        folder = saves.saves_dir()
        assert not folder.exists() or not [p for p in folder.iterdir() if p.name.endswith(".bad")], \
            "a save was set aside as bad"
        files = saves.save_files()
        assert len(files) <= 1, f"stray save files: {files}"
        if reported and files:
            assert str(files[0]) == reported[0], f"a file other than the table's: {files[0]}"
        path = Path(reported[0]) if reported else (files[0] if files else folder / "none.json")
        if not path.exists():
            assert done_n < 0 or over, f"the autosave is gone ({lines[-5:]})"
            return {"in_write": in_write, "no_file": True}
        save = saves.load_save(path)
        actions = save.actions
        assert digest(actions) in written, "the file is none of the saves the child wrote"
        assert len(actions) >= done_n, f"older than the last save on disk: {len(actions)} < {done_n}"
        session = GameSession.from_save(save, games.get(game).package.rules)
        assert [a.to_json() for a in session.actions] == actions  # Continue resumes exactly this save
        if game == "island-race" and last_frame is not None and not over:
            from game.games.island_race.pace import SAVE_EVERY
            must_have = sum(1 for t in applied if t <= last_frame - SAVE_EVERY - WRITE_SLACK)
            assert len(actions) >= must_have, \
                f"the race lost more than a second: {len(actions)} actions saved, {must_have} due"
        return {"in_write": in_write, "no_file": False}
    finally:
        if old is None:
            os.environ.pop("PGN_HOME", None)
        else:
            os.environ["PGN_HOME"] = old


@pytest.mark.parametrize("campaign", sorted(CAMPAIGNS))
def test_soak_kill_nine(campaign: str, tmp_path: Path) -> None:
    rng = Rng(0x9 + len(campaign))
    counts = {"kills": 0, "inside a write": 0, "before the first save": 0}
    for i in range(KILLS[campaign]):
        game, kinds, real_time = CAMPAIGNS[campaign][i % len(CAMPAIGNS[campaign])]
        home = tmp_path / f"kill{i}"
        home.mkdir()
        # 0 to 2.5 s into a turn-based game; a race first counts down "3, 2, 1" (nothing is saved), so
        # 3.5 to 9.5 s into it, when bots take, place and save once a second
        after = (3.5 + rng.below(6000) / 1000.0) if real_time else rng.below(2500) / 1000.0
        lines = _run_and_kill(home, game, 100 + i, kinds, real_time, after)
        kind = _check_kill(home, game, lines)
        counts["kills"] += 1
        counts["inside a write"] += kind["in_write"]
        counts["before the first save"] += kind["no_file"]
    print(f"\nkill -9 campaign {campaign}: {counts}")
    assert counts["inside a write"] > 0 or KILLS[campaign] < 50
