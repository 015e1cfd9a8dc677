"""The five games: what the menu shows, and each game's package once it exists.

A game is playable only when its package ``game.games.<pkg>`` imports and exposes ``GAME`` (a
``GamePackage``). None is faked: the menu shows the others as "in the shipyard".

A package's ``__init__`` defines::

    GAME = GamePackage(rules=XRules(), make_bot=make_bot, make_scene=make_scene,
                       determinize=determinize, rules_summary=("x.rules.1", ...))

A real-time game (``rules.realtime``, e.g. Island Race) has no turn-taking ``make_bot``: its bots are
real-time agents (``game.core.realtime.RealtimeAgent``), made by ``make_agent``. Headless tools also
need its ``make_referee`` (the scene's clock: the system actions such as "time is up") and may use
``round_reports`` (per round and seat, facts worth averaging, e.g. the time a player finished)::

    GAME = GamePackage(rules=XRules(), make_agent=make_agent, make_referee=make_referee,
                       round_reports=round_reports, make_scene=make_scene)

Turn-based tools ask ``package.bot(...)``, which refuses a real-time game with a clear message.

Being in the catalog is also what puts a game under the shared conformance suite
(``tests/games/test_conformance.py``): its rules declare their secrets once (``Rules.secrets``,
``Rules.twin``) and the damage a load must refuse (``Rules.corruptions``); its package has a documented
position builder (``game.games.<pkg>.positions``) for tests and tutorials; its dice and draws go through
``game.core.chance.Chance``; its spec's rule ids are listed in ``tests/games/<pkg>/rule_ids.txt``.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from game.core.bots import Bot, RandomBot
from game.core.protocol import Rules, State
from game.core.realtime import RealtimeAgent, TimedAction


class RealtimeGameError(TypeError):
    """A turn-based tool was asked for a bot of a real-time game."""


@dataclass(frozen=True)
class GamePackage:
    rules: Rules
    make_bot: Callable[..., Bot] | None = None  # (level, seat, seed) -> Bot; level in easy/medium/hard
    make_scene: Callable[..., Any] | None = None  # (app, session) -> Scene
    determinize: Callable | None = None
    rules_summary: tuple[str, ...] = ()  # catalog keys of the rules-reference paragraphs ("@name": a picture)
    #: the module whose ``picture(name, width)`` draws the rules' pictures (imported only by the rules scene;
    #: default ``game.games.<pkg>.rules_pictures``)
    rules_pictures: str = ""
    #: (players) -> the palette colour of each seat when the game itself gives the seats their colours at that
    #: count (Planks: its pirates' colours), else None: the setup shows them and offers no other
    seat_colours: Callable[[int], list[int] | None] | None = None
    # real-time games (instead of make_bot):
    make_agent: Callable[..., RealtimeAgent] | None = None  # (level, seat, seed, **kw) -> RealtimeAgent
    make_referee: Callable[[Mapping[str, Any]], RealtimeAgent] | None = None  # (options) -> system agent
    round_reports: Callable[[State, Sequence[TimedAction]], list[list[dict[str, Any]]]] | None = None

    def __post_init__(self) -> None:
        if (self.make_bot is None) == (self.make_agent is None):
            raise ValueError(f"{self.rules.id}: a game package has make_bot (turn-based) or make_agent "
                             "(real-time), exactly one of them")

    @property
    def realtime(self) -> bool:
        """Its bots are real-time agents (``make_agent``), not turn-taking bots."""
        return self.make_agent is not None

    def bot(self, level: str, seat: int, seed: int, **kwargs: Any) -> Bot:
        """A turn-taking bot; a real-time game has none (RealtimeGameError, a TypeError, says so)."""
        if self.make_bot is None:
            raise RealtimeGameError(f"{self.rules.id} is a real-time game: its bots are real-time agents "
                                    "(make_agent), not turn-taking bots")
        return self.make_bot(level, seat, seed, **kwargs)


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
    #: still being built: its menu tile says "in the shipyard" and it cannot be opened, whatever its package
    #: already has (an engine, art, even a table); the flag comes off when the whole game is done
    shipyard: bool = False

    @property
    def ref(self) -> str:
        """'module:GAME', how a bot worker process imports this game's package."""
        return f"{self.module or 'game.games.' + self.pkg}:GAME"

    @property
    def available(self) -> bool:
        """Playable from the menu: out of the shipyard, with its package and its table scene."""
        return not self.shipyard and self.package is not None and self.package.make_scene is not None


_CATALOG = (
    GameEntry("playa-pirata", "playa_pirata", "game.playa-pirata.name", "game.playa-pirata.pitch", (2, 4), (30, 45)),
    GameEntry("planks", "planks", "game.planks.name", "game.planks.pitch", (2, 4), (30, 45)),
    GameEntry("island-race", "island_race", "game.island-race.name", "game.island-race.pitch", (2, 4), (10, 20)),
    GameEntry("pirateer", "pirateer", "game.pirateer.name", "game.pirateer.pitch", (2, 8), None),
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
