"""Sound effects: a SoundBank that loads assets/sounds/<name>.wav lazily and plays them.

It never crashes: no audio device (or SDL_AUDIODRIVER=dummy), a mixer that cannot start, a missing
or broken file all mean silence (one warning per missing file). Volume 0..100 and mute come from
the settings.

Widgets make sounds through ``play(name)`` below, which goes to the bank the app registered with
``set_default_bank`` (the one piece of module state here); with none registered, widgets are silent.
"""
from __future__ import annotations

import logging
from pathlib import Path

import pygame

from game.ui import theme

log = logging.getLogger("game.ui")

SOUNDS = ("card", "dice", "splash", "tick", "fanfare", "click", "error", "hop", "treasure")


class SoundBank:
    """Lazily loaded sound effects. ``root`` overrides the folder (default assets/sounds)."""

    def __init__(self, volume: int = 70, muted: bool = False, root: Path | str | None = None):
        self._root = Path(root) if root is not None else None
        self._volume = max(0, min(100, int(volume)))
        self.muted = muted
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._mixer_ok: bool | None = None
        self.played: list[str] = []  # names asked for, newest last (tests and debugging); kept short

    # Settings ---------------------------------------------------------------------------------
    @property
    def volume(self) -> int:
        return self._volume

    def set_volume(self, volume: int) -> None:
        self._volume = max(0, min(100, int(volume)))
        for snd in self._sounds.values():
            if snd is not None:
                snd.set_volume(self._volume / 100)

    def set_muted(self, muted: bool) -> None:
        self.muted = bool(muted)

    # Mixer --------------------------------------------------------------------------------------
    @property
    def available(self) -> bool:
        """True when the mixer runs (sounds can actually be heard)."""
        return self._ensure_mixer()

    def _ensure_mixer(self) -> bool:
        if self._mixer_ok is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init()
                self._mixer_ok = bool(pygame.mixer.get_init())
            except (pygame.error, NotImplementedError, OSError) as exc:
                log.warning("no sound: the mixer cannot start (%s)", exc)
                self._mixer_ok = False
        return self._mixer_ok

    def _path(self, name: str) -> Path:
        if self._root is not None:
            return self._root / f"{name}.wav"
        return theme.asset_path("sounds", f"{name}.wav")

    def get(self, name: str) -> pygame.mixer.Sound | None:
        """The loaded sound ``name`` or None (missing file, no mixer)."""
        if name not in self._sounds:
            snd = None
            if self._ensure_mixer():
                path = self._path(name)
                if path.is_file():
                    try:
                        snd = pygame.mixer.Sound(str(path))
                        snd.set_volume(self._volume / 100)
                    except (pygame.error, OSError) as exc:
                        theme.warn_missing(str(path), str(exc))
                else:
                    theme.warn_missing(str(path))
            self._sounds[name] = snd
        return self._sounds[name]

    def play(self, name: str) -> None:
        """Play ``name`` unless muted or silent. Never raises."""
        self.played = (self.played + [name])[-20:]
        if self.muted or self._volume <= 0:
            return
        snd = self.get(name)
        if snd is None:
            return
        try:
            snd.play()
        except pygame.error:  # pragma: no cover - device vanished
            pass


_default: SoundBank | None = None


def set_default_bank(bank: SoundBank | None) -> None:
    """The bank widgets play their sounds through (the app sets it once)."""
    global _default
    _default = bank


def default_bank() -> SoundBank | None:
    return _default


def play(name: str) -> None:
    """Play a UI sound through the default bank (silent when there is none)."""
    if _default is not None:
        _default.play(name)
