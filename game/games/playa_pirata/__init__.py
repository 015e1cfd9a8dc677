"""Playa Pirata: cards, hidden treasures, beach towels (spec: rules/playa-pirata.md).

Importing the package loads only the pure engine and the bots (the command-line tools never load
pygame); the table scene is imported when the app opens it.
"""
from __future__ import annotations

from typing import Any

from game.games import GamePackage
from game.games.playa_pirata.bots import make_bot
from game.games.playa_pirata.rules import RULES, determinize

RULES_SUMMARY = tuple(f"pp.rules.{i}" for i in range(1, 12))


def make_scene(app: Any, session: Any) -> Any:
    from game.games.playa_pirata.scene import PlayaScene
    return PlayaScene(app, session)


GAME = GamePackage(rules=RULES, make_bot=make_bot, make_scene=make_scene, determinize=determinize,
                   rules_summary=RULES_SUMMARY)
