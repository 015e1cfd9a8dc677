"""The synthesized sound effects: reproducible byte for byte, and in the promised format."""
from __future__ import annotations

import subprocess
import sys
import wave
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOUNDS = ROOT / "assets" / "sounds"
NAMES = ("card", "dice", "splash", "tick", "fanfare", "click", "error", "hop", "treasure")


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("sounds")
    subprocess.run([sys.executable, str(ROOT / "build" / "make_sounds.py"), "--out", str(out)],
                   check=True, cwd=ROOT, capture_output=True, timeout=120)
    return out


@pytest.mark.parametrize("name", NAMES)
def test_wav_format_and_length(name: str):
    with wave.open(str(SOUNDS / f"{name}.wav"), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getcomptype()) == (1, 2, 22050, "NONE")
        seconds = w.getnframes() / w.getframerate()
        frames = w.readframes(w.getnframes())
    assert 0.02 < seconds < 1.5
    samples = memoryview(frames).cast("h")
    peak = max(abs(v) for v in samples)
    assert 0.8 * 32767 < peak <= 32767, "normalized"
    assert abs(samples[0]) < 2000 and abs(samples[-1]) < 2000, "fades at both ends"


def test_make_sounds_reproduces_the_committed_files(regenerated: Path):
    made = sorted(p.name for p in regenerated.glob("*.wav"))
    assert made == sorted(f"{n}.wav" for n in NAMES)
    for name in made:
        assert (regenerated / name).read_bytes() == (SOUNDS / name).read_bytes(), f"{name} differs: rerun make_sounds"
