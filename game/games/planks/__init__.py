"""Pirates, Planks & Pesetas: pirates hopping along the ship's planks (spec: rules/pirates-planks-pesetas.md).

Only the pure engine is built so far: no table scene (``make_scene`` is None), so the menu keeps the game
"in the shipyard" (``GameEntry.available``) while the command-line tools and the shared conformance suite
already play it. Its bots (``bots.py``): easy, medium (the turn's best sequence) and hard (plans played out to
the round's end).
"""
from __future__ import annotations

from game.games import GamePackage
from game.games.planks.bots import make_bot
from game.games.planks.rules import RULES, determinize

GAME = GamePackage(rules=RULES, make_bot=make_bot, make_scene=None, determinize=determinize,
                   rules_summary=())
