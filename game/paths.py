"""Where things are: bundled assets (source tree or PyInstaller bundle) and the user's folders."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

from game import APP_SLUG

_ROOT = Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parent.parent))


def root() -> Path:
    """The folder that holds ``assets/`` (the repo root, or the unpacked executable)."""
    return _ROOT


def asset(*parts: str) -> Path:
    """Path of a bundled asset, e.g. ``asset("images", "ui", "button.png")``."""
    return _ROOT.joinpath("assets", *parts)


def _user_dir(kind: str) -> Path:
    override = os.environ.get("PGN_HOME")  # tests and portable installs point every folder here
    if override:
        path = Path(override) / kind
    else:
        fn = {"config": platformdirs.user_config_dir, "data": platformdirs.user_data_dir,
              "log": platformdirs.user_log_dir}[kind]
        path = Path(fn(APP_SLUG, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    return _user_dir("config")


def data_dir() -> Path:
    return _user_dir("data")


def log_dir() -> Path:
    return _user_dir("log")
