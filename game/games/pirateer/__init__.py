"""Pirateer: dice, ships and a treasure race on a diamond-lattice sea (spec: rules/pirateer.md).

``boardmodel`` is the pure ``Board`` the rules engine takes; ``board`` reads it from
``assets/maps/pirateer.tmx`` with pytmx. Importing the package loads only the pure engine; the bots
and the table scene are imported when first asked for (the command-line tools never load pygame).
"""
from __future__ import annotations

from typing import Any

from game.games import GamePackage
from game.games.pirateer.rules import RULES

RULES_SUMMARY = tuple(f"pir.rules.{i}" for i in range(1, 11))


def make_bot(level: str, seat: int, seed: int, **kwargs: Any) -> Any:
    from game.games.pirateer.bots import make_bot as _make_bot
    return _make_bot(level, seat, seed, **kwargs)


def make_scene(app: Any, session: Any) -> Any:
    from game.games.pirateer.scene import PirateerScene
    return PirateerScene(app, session)


GAME = GamePackage(rules=RULES, make_bot=make_bot, make_scene=make_scene, rules_summary=RULES_SUMMARY)
