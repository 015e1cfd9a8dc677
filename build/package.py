"""Build the standalone executable from installer.spec (`make package`).

PyInstaller's work files go to .pyinstaller-work/ (ignored by git), the result to dist/.
Prints the path and size of the executable.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def executable_path() -> Path:
    name = "PirateGameNight.exe" if sys.platform == "win32" else "PirateGameNight"
    return ROOT / "dist" / name


def build(quiet: bool = False) -> Path:
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
           "--workpath", str(ROOT / ".pyinstaller-work"), "--distpath", str(ROOT / "dist"),
           str(ROOT / "installer.spec")]
    if quiet:
        cmd.insert(3, "--log-level=WARN")
    subprocess.run(cmd, cwd=ROOT, check=True)
    exe = executable_path()
    if not exe.exists():
        raise SystemExit(f"PyInstaller finished but {exe} is missing")
    return exe


if __name__ == "__main__":
    exe = build()
    print(f"{exe} ({exe.stat().st_size / 1e6:.1f} MB)")
