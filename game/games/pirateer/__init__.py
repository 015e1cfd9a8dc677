"""Pirateer: dice, ships and a treasure race on a diamond-lattice sea (spec: rules/pirateer.md).

``boardmodel`` is the pure ``Board`` the rules engine takes; ``board`` reads it from
``assets/maps/pirateer.tmx`` with pytmx. Importing the package loads only the pure engine; the bots
and the table scene are imported when first asked for (the command-line tools never load pygame).
"""
from __future__ import annotations

from typing import Any

from game.games import GamePackage
from game.games.pirateer.rules import RULES

RULES_SUMMARY = (
    "pir.rulebook.aim.h", "pir.rulebook.aim",
    "pir.rulebook.box.h", "pir.rulebook.box",
    "pir.rulebook.setup.h", "pir.rulebook.setup", "pir.rulebook.setup.start", "@setup", "pir.rulebook.names",
    "pir.rulebook.harbour.h", "pir.rulebook.harbour", "@harbour",
    "pir.rulebook.turn.h", "pir.rulebook.turn", "@turn", "pir.rulebook.blocks",
    "pir.rulebook.legal.h", "pir.rulebook.legal", "@legal",
    "pir.rulebook.illegal.h", "pir.rulebook.illegal", "@illegal",
    "pir.rulebook.dice.h", "pir.rulebook.dice", "@dice",
    "pir.rulebook.island.h", "pir.rulebook.island", "@island",
    "pir.rulebook.current.h", "pir.rulebook.current", "@current",
    "pir.rulebook.strait.h", "pir.rulebook.strait", "@strait",
    "pir.rulebook.carrier.h", "pir.rulebook.carrier", "@carrier",
    "pir.rulebook.boarding.h", "pir.rulebook.boarding", "@boarding",
    "pir.rulebook.win.h", "pir.rulebook.win", "@scoring", "pir.rulebook.draw",
    "pir.rulebook.app.h", "pir.rulebook.app", "pir.rulebook.camera",
    "pir.rulebook.variants.h", "pir.rulebook.variants",
    "pir.rulebook.devils-island", "@devils-island",
    "pir.rulebook.storm", "@storm",
    "pir.rulebook.nuke", "@nuke",
    "pir.rulebook.flotilla", "@flotilla",
    "pir.rulebook.wrecks", "@wrecks",
    "pir.rulebook.acey-deucey", "@acey-deucey",
    "pir.rulebook.free-boarding", "@free-boarding",
    "pir.rulebook.modes.h", "pir.rulebook.modes",
    "pir.rulebook.domination", "pir.rulebook.grab-and-run", "pir.rulebook.war-wind", "pir.rulebook.dead-man",
    "@modes",
    "pir.rulebook.eight.h", "pir.rulebook.eight", "@eight-sea",
    "pir.rulebook.eight.island", "pir.rulebook.eight.straits",
    "pir.rulebook.eight.dice", "@eight-dice",
    "pir.rulebook.eight.treasures", "@eight-boarding",
    "pir.rulebook.eight.win", "@eight-win",
    "pir.rulebook.eight.order", "pir.rulebook.eight.combine",
)


def make_bot(level: str, seat: int, seed: int, **kwargs: Any) -> Any:
    from game.games.pirateer.bots import make_bot as _make_bot
    return _make_bot(level, seat, seed, **kwargs)


def make_scene(app: Any, session: Any) -> Any:
    from game.games.pirateer.scene import PirateerScene
    return PirateerScene(app, session)


GAME = GamePackage(rules=RULES, make_bot=make_bot, make_scene=make_scene, rules_summary=RULES_SUMMARY)
