"""Island Race: everyone builds an island at once, against the clock (spec: rules/island-race.md).

The pure engine lives in ``tiles`` (the 48 tiles and the face model), ``scoring`` (R20, R21, R22, R23,
R24, R25, R26, R27), ``rules`` (the rounds, the actions, the match, the mix through ``Chance``),
``validate`` (a loaded save's checks) and ``positions`` (positions on demand); the real-time bots, the headless referee and the
round reports in ``bots``. Importing the package loads none of pygame (the command-line tools use it).

A real-time game: ``GAME`` has ``make_agent`` instead of a turn-taking ``make_bot``; the race scene
(``scene.IslandRaceScene``) is imported only when the app opens it.
"""
from __future__ import annotations

from typing import Any

from game.games import GamePackage
from game.games.island_race.bots import make_agent, make_referee, round_reports
from game.games.island_race.rules import RULES

# The rules page, in reading order: catalog keys of the domain island_race_rules ("# " headings) and "@name"
# pictures (``rules_pictures.picture``, each with its caption ``island_race.rules.picture.<name>.caption``).
RULES_SUMMARY = tuple(k if k.startswith("@") else f"ir.rulebook.{k}" for k in (
    "aim.title", "aim",
    "box.title", "box", "@faces", "box.faces", "box.kinds", "@kinds",
    "setup.title", "setup", "@setup",
    "round.title", "round.hand", "@turn", "round.place", "@legal", "round.illegal", "@illegal",
    "water.title", "water", "@edges", "water.match", "water.invalid", "@islands",
    "end.title", "end.done", "end.clock", "@timer",
    "score.title", "score.intro", "score.animals", "score.closed", "@closed", "score.volcanoes", "@volcanoes", "score.empty",
    "score.wrong", "score.first", "score.floor", "@floor", "score.example", "score.example.piero", "@scoring",
    "game_end.title", "game_end",
    "variants.title", "variants", "variant.expert", "variant.no_timer", "@no_timer", "variant.big", "@big_island",
    "controls.title", "controls.mouse", "controls.keys", "controls.settings",
))


def make_scene(app: Any, session: Any) -> Any:
    from game.games.island_race.scene import IslandRaceScene
    return IslandRaceScene(app, session)


GAME = GamePackage(rules=RULES, make_agent=make_agent, make_referee=make_referee, round_reports=round_reports,
                   make_scene=make_scene, rules_summary=RULES_SUMMARY)
