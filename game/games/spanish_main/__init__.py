"""Pirates of the Spanish Main, the card game: nine ships in a row, secret captains, adventures and accusations
(spec: rules/spanish-main.md).

The engine (``rules``), its bots (``bots``: easy, medium with a belief over who owns which ship, hard searching
deals drawn from it), the table (``scene``, with ``layout``, ``clips``, ``notes``, ``accuse`` and ``piles``), the
lesson (``tutorial``) and the rules page's pictures (``rules_pictures``). The game stays "in the shipyard" (its
catalog entry's flag) until its bots are measured (issue 18, item 9).
"""
from __future__ import annotations

from typing import Any

from game.games import GamePackage
from game.games.spanish_main.bots import make_bot
from game.games.spanish_main.rules import RULES, determinize


#: the rules page (``game.scenes.rules``), in reading order: catalog keys of the domain spanish_main_rules ("# "
#: headings) and "@name" pictures of ``rules_pictures.py``
RULES_SUMMARY = (
    "sm.rulebook.aim.h", "sm.rulebook.aim", "sm.rulebook.box.h", "sm.rulebook.box", "sm.rulebook.box.cards",
    "sm.rulebook.setup.h", "sm.rulebook.setup", "sm.rulebook.setup.captains", "@setup",
    "sm.rulebook.turn.h", "sm.rulebook.turn", "sm.rulebook.turn.after",
    "sm.rulebook.movement.h", "sm.rulebook.movement", "sm.rulebook.movement.flags", "@movement",
    "sm.rulebook.row.h", "sm.rulebook.row",
    "sm.rulebook.legal.h", "sm.rulebook.legal", "@legal",
    "sm.rulebook.illegal.h", "sm.rulebook.illegal", "@illegal",
    "sm.rulebook.adventures.h", "sm.rulebook.adventures", "sm.rulebook.adventures.space",
    "sm.rulebook.adventures.first", "sm.rulebook.adventures.damage", "sm.rulebook.adventures.loss", "@adventures",
    "sm.rulebook.adventures.attack", "sm.rulebook.adventures.loot", "@attack-loot",
    "sm.rulebook.fame.h", "sm.rulebook.fame", "sm.rulebook.fame.owed", "@fame",
    "sm.rulebook.damage.h", "sm.rulebook.damage",
    "sm.rulebook.accuse.h", "sm.rulebook.accuse", "sm.rulebook.accuse.right", "sm.rulebook.accuse.wrong", "@accuse",
    "sm.rulebook.end.h", "sm.rulebook.end", "@end",
    "sm.rulebook.scoring.h", "sm.rulebook.scoring", "sm.rulebook.scoring.ties", "@scoring",
    "sm.rulebook.options.h", "sm.rulebook.options", "sm.rulebook.options.extended", "sm.rulebook.options.imminent",
    "sm.rulebook.options.hand", "@options",
    "sm.rulebook.notes.h", "sm.rulebook.notes", "@notes",
)


def make_scene(app: Any, session: Any) -> Any:
    from game.games.spanish_main.scene import SpanishMainScene
    return SpanishMainScene(app, session)


GAME = GamePackage(rules=RULES, make_bot=make_bot, make_scene=make_scene, determinize=determinize,
                   rules_summary=RULES_SUMMARY)
