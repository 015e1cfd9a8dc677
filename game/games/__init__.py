"""The five games: what the menu shows, and each game's package once it exists.

A game is playable only when its package ``game.games.<pkg>`` imports and exposes ``GAME`` (a
``GamePackage``). None is faked: the menu shows the others as "in the shipyard".

A package's ``__init__`` defines::

    GAME = GamePackage(rules=XRules(), make_bot=make_bot, make_scene=make_scene,
                       determinize=determinize, rules_summary=("x.rules.1", ...))
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from game.core.bots import Bot, RandomBot
from game.core.protocol import Rules


@dataclass(frozen=True)
class GamePackage:
    rules: Rules
    make_bot: Callable[[str, int, int], Bot]  # (level, seat, seed) -> Bot; level in easy/medium/hard
    make_scene: Callable[..., Any] | None = None  # (app, session) -> Scene
    determinize: Callable | None = None
    rules_summary: tuple[str, ...] = ()  # catalog keys of the rules-reference paragraphs


@dataclass(frozen=True)
class GameEntry:
    id: str
    pkg: str
    name_key: str
    pitch_key: str
    players: tuple[int, int]
    minutes: tuple[int, int] | None  # None: the game states no playing time
    package: GamePackage | None = field(default=None, compare=False)
    module: str | None = None  # where GAME lives when it is not game.games.<pkg> (test games)

    @property
    def ref(self) -> str:
        """'module:GAME', how a bot worker process imports this game's package."""
        return f"{self.module or 'game.games.' + self.pkg}:GAME"

    @property
    def available(self) -> bool:
        """Playable from the menu: the package exists and has its table scene."""
        return self.package is not None and self.package.make_scene is not None


_CATALOG = (
    GameEntry("playa-pirata", "playa_pirata", "game.playa-pirata.name", "game.playa-pirata.pitch", (2, 4), (30, 45)),
    GameEntry("planks", "planks", "game.planks.name", "game.planks.pitch", (2, 4), (30, 45)),
    GameEntry("island-race", "island_race", "game.island-race.name", "game.island-race.pitch", (2, 4), (10, 20)),
    GameEntry("pirateer", "pirateer", "game.pirateer.name", "game.pirateer.pitch", (2, 4), None),
    GameEntry("spanish-main", "spanish_main", "game.spanish-main.name", "game.spanish-main.pitch", (2, 4), (30, 30)),
)

_extra: dict[str, GameEntry] = {}
_loaded: list[GameEntry] | None = None


def _load_package(entry: GameEntry) -> GameEntry:
    try:
        module = importlib.import_module(f"game.games.{entry.pkg}")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith(f"game.games.{entry.pkg}"):
            return entry
        raise
    package = getattr(module, "GAME", None)
    from dataclasses import replace
    return replace(entry, package=package) if package is not None else entry


def catalog() -> list[GameEntry]:
    """Every game the app knows, in menu order, with its package where it exists."""
    global _loaded
    if _loaded is None:
        _loaded = [_load_package(e) for e in _CATALOG]
    return _loaded + list(_extra.values())


def get(game_id: str) -> GameEntry:
    for entry in catalog():
        if entry.id == game_id:
            return entry
    raise KeyError(game_id)


def playable(game_id: str) -> GamePackage:
    """The package of a playable game, or KeyError with a clear message."""
    try:
        entry = get(game_id)
    except KeyError:
        raise KeyError(f"unknown game '{game_id}' (known: {', '.join(e.id for e in catalog())})") from None
    if entry.package is None:
        raise KeyError(f"game '{game_id}' is not built yet")
    return entry.package  # rules and bots are enough for the command-line tools


def register(entry: GameEntry) -> None:
    """Add a game at run time (tests register their small test game this way)."""
    _extra[entry.id] = entry


def unregister(game_id: str) -> None:
    _extra.pop(game_id, None)


def random_bot(level: str, seat: int, seed: int) -> Bot:
    return RandomBot(seat, seed)
