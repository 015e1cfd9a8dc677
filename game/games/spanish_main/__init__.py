"""Pirates of the Spanish Main, the card game: nine ships in a row, secret captains, adventures and accusations
(spec: rules/spanish-main.md).

Only the rules engine exists so far (with an easy bot): the game stays "in the shipyard" (its catalog entry's
flag) and has no table scene yet, while the command-line tools and the shared conformance suite already play it.
"""
from __future__ import annotations

from game.games import GamePackage
from game.games.spanish_main.bots import make_bot
from game.games.spanish_main.rules import RULES, determinize

GAME = GamePackage(rules=RULES, make_bot=make_bot, make_scene=None, determinize=determinize)
