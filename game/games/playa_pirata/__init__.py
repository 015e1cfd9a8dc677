"""Playa Pirata: cards, hidden treasures, beach towels (spec: rules/playa-pirata.md).

Importing the package loads only the pure engine and the bots (the command-line tools never load
pygame); the table scene is imported when the app opens it.
"""
from __future__ import annotations

from typing import Any

from game.games import GamePackage
from game.games.playa_pirata.bots import make_bot
from game.games.playa_pirata.rules import RULES, determinize

#: the rules page (``game.scenes.rules``), in reading order: catalog keys of the domain playa_pirata_rules,
#: and "@name" for the picture ``rules_pictures.picture(name, ...)``
RULES_SUMMARY = tuple(k if k.startswith("@") else f"pp.rulebook.{k}" for k in (
    "aim.h", "aim.1",
    "box.h", "box.1", "box.2", "@box", "box.3",
    "setup.h", "setup.1", "setup.2", "@setup", "setup.3",
    "turn.h", "turn.1", "turn.2", "turn.3", "turn.4", "@turn", "turn.5",
    "legal.h", "@legal",
    "illegal.h", "@illegal", "illegal.1",
    "pirates.h", "pirates.1", "pirates.2", "pirates.3", "@pirates", "pirates.4",
    "beach.h", "beach.1", "@beach", "beach.2", "beach.3",
    "end.h", "end.1", "end.2",
    "scoring.h", "scoring.1", "scoring.2", "@scoring",
    "match.h", "match.1",
    "options.h", "options.1", "options.2", "options.3",
    "specials.h", "specials.1", "specials.2", "@specials",
    "special.sandcastle", "@sandcastle", "special.skeleton", "@skeleton", "special.wave", "@wave",
    "special.double-towel", "@double-towel", "special.flag", "@flag", "special.bucket", "@bucket",
    "special.lifeguard", "@lifeguard", "special.slippers", "@slippers", "special.piggy-bank", "@piggy-bank",
    "special.parrot", "@parrot",
    "keys.h", "keys.1",
))


def make_scene(app: Any, session: Any) -> Any:
    from game.games.playa_pirata.scene import PlayaScene
    return PlayaScene(app, session)


GAME = GamePackage(rules=RULES, make_bot=make_bot, make_scene=make_scene, determinize=determinize,
                   rules_summary=RULES_SUMMARY)
