"""Where things are: bundled assets (source tree or PyInstaller bundle) and the user's folders.

Nothing here raises for a folder that cannot be created: ``folder_problems()`` says which ones, once, when
the app starts, and each read or write in such a folder fails on its own and says so.
"""
from __future__ import annotations

import errno
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from game import APP_SLUG
from game.core.protocol import Text

log = logging.getLogger(__name__)

_ROOT = Path(getattr(sys, "_MEIPASS", Path(__file__).resolve().parent.parent))


def root() -> Path:
    """The folder that holds ``assets/`` (the repo root, or the unpacked executable)."""
    return _ROOT


def asset(*parts: str) -> Path:
    """Path of a bundled asset, e.g. ``asset("images", "ui", "button.png")``."""
    return _ROOT.joinpath("assets", *parts)


class AssetError(Exception):
    """A file that ships with the app (a map, ...) is missing or damaged: the app's fault, not a save's.

    ``path``: the file; ``detail``: what is wrong with it (for the log and the message). Deliberately not a
    ValueError, so code that blames a save for a ValueError never catches it by mistake.
    """

    def __init__(self, path: Path | str, detail: str):
        self.path = Path(path)
        self.detail = detail
        super().__init__(f"{self.path}: {detail}")

    @property
    def text(self) -> Text:
        """The player's message: which file, and what is wrong."""
        return Text.of("persist.asset.broken", file=self.path.name, error=self.detail[:200])


# --------------------------------------------------------------------------------------------------
# The user's folders
# --------------------------------------------------------------------------------------------------
FOLDER_KINDS = ("config", "data", "log")


def _folder_path(kind: str) -> Path:
    override = os.environ.get("PGN_HOME")  # tests and portable installs point every folder here
    if override:
        return Path(override) / kind
    fn = {"config": platformdirs.user_config_dir, "data": platformdirs.user_data_dir,
          "log": platformdirs.user_log_dir}[kind]
    return Path(fn(APP_SLUG, appauthor=False))


def _user_dir(kind: str) -> Path:
    """The folder, created if needed. Never raises: a folder that cannot be created is reported once
    at start (``folder_problems``) and every read or write in it fails on its own, with its message."""
    path = _folder_path(kind)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        log.debug("cannot create the %s folder %s: %s", kind, path, exc)  # reported at start
    return path


def config_dir() -> Path:
    return _user_dir("config")


def data_dir() -> Path:
    return _user_dir("data")


def log_dir() -> Path:
    return _user_dir("log")


@dataclass(frozen=True)
class FolderProblem:
    """A user folder the app cannot create or write to."""

    kind: str  # "config" | "data" | "log"
    path: Path
    error: str

    @property
    def text(self) -> Text:
        """The player's message: which folder, where, what is wrong, and what it costs."""
        return Text.of(f"persist.folder.{self.kind}", path=str(self.path), error=self.error)


def _probe_write(folder: Path) -> None:
    """Create, write and delete a small file in ``folder`` (OSError if any step fails)."""
    probe = folder / f".write-test.{os.getpid()}.tmp"
    fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
    try:
        os.write(fd, b"ok")
    finally:
        os.close(fd)
        os.unlink(probe)


def folder_problem(kind: str) -> FolderProblem | None:
    """None when the ``kind`` folder exists (or could be created) and can be written to."""
    path = _folder_path(kind)
    try:
        path.mkdir(parents=True, exist_ok=True)
        if not path.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(path))
        _probe_write(path)
    except OSError as exc:
        return FolderProblem(kind, path, exc.strerror or str(exc) or type(exc).__name__)
    return None


def folder_problems() -> list[FolderProblem]:
    """Every user folder the app cannot use (checked when the app starts)."""
    return [p for p in (folder_problem(kind) for kind in FOLDER_KINDS) if p is not None]
