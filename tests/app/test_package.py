"""The packaged executable: PyInstaller builds it from installer.spec and it passes --smoke.

Part of `make test` and never skipped on CI: a change that breaks the bundle fails here.
"""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build"))


@pytest.mark.slow
def test_packaged_executable_passes_smoke(tmp_path):
    import package  # build/package.py

    exe = package.build(quiet=True)
    size_mb = exe.stat().st_size / 1e6
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PGN_HOME=str(tmp_path))
    # run from an empty folder with no access to the source tree's python packages
    env.pop("PYTHONPATH", None)
    proc = subprocess.run([str(exe), "--smoke"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-4000:]
    assert "smoke: ok" in proc.stdout
    assert size_mb < 60, f"executable is {size_mb:.1f} MB"
