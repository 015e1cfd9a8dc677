"""Pirates, Planks & Pesetas: pirates hopping along the ship's planks (spec: rules/pirates-planks-pesetas.md).

The engine (``rules``), the table (``scene``, with ``panel``, ``clips`` and ``layout``), the lesson (``tutorial``) and
the rules page's pictures (``rules_pictures``).
Its bots (``bots.py``): easy, medium (the turn's best sequence) and hard (plans played out to the round's end).
"""
from __future__ import annotations

from typing import Any

from game.games import GamePackage
from game.games.planks.bots import make_bot
from game.games.planks.rules import RULES, determinize


#: the rules page (``game.scenes.rules``), in reading order: catalog keys of the domain planks_rules ("# "
#: headings) and "@name" pictures of ``rules_pictures.py``
RULES_SUMMARY = (
    "planks.rulebook.aim.h", "planks.rulebook.aim", "planks.rulebook.box.h", "planks.rulebook.box",
    "planks.rulebook.setup.h", "planks.rulebook.setup", "planks.rulebook.setup.pirates", "@setup",
    "planks.rulebook.turn.h", "planks.rulebook.turn", "planks.rulebook.jump.h", "planks.rulebook.jump", "@jump",
    "planks.rulebook.legal.h", "planks.rulebook.legal", "@legal",
    "planks.rulebook.illegal.h", "planks.rulebook.illegal", "@illegal",
    "planks.rulebook.push.h", "planks.rulebook.push", "@push",
    "planks.rulebook.rescue.h", "planks.rulebook.rescue", "planks.rulebook.rescue.pushed", "@rescue",
    "planks.rulebook.board.h", "planks.rulebook.board", "planks.rulebook.board.end", "@board",
    "planks.rulebook.scoring.h", "planks.rulebook.scoring", "@scoring", "planks.rulebook.scoring.example",
    "planks.rulebook.draw.h", "planks.rulebook.draw", "planks.rulebook.draw.duplicate", "@draw",
    "planks.rulebook.next.h", "planks.rulebook.next", "@chests-move",
    "planks.rulebook.end.h", "planks.rulebook.end", "@end",
    "planks.rulebook.two.h", "planks.rulebook.two", "planks.rulebook.two.round", "@two-players",
    "planks.rulebook.options.h", "planks.rulebook.options", "planks.rulebook.options.table", "@options",
    "planks.rulebook.feel.h", "planks.rulebook.feel", "@feel-draw",
)


def seat_colours(players: int) -> list[int] | None:
    """With 3 and 4 players each seat plays the colour of its place (R2): the setup shows it. With 2 the colours
    are chosen at the table or dealt at random (R7)."""
    if players < 3:
        return None
    from game.games.planks.rules import COLOURS
    from game.games.planks.sprites import palette_index
    return [palette_index(c) for c in COLOURS[:players]]


def make_scene(app: Any, session: Any) -> Any:
    from game.games.planks.scene import PlanksScene
    return PlanksScene(app, session)


GAME = GamePackage(rules=RULES, make_bot=make_bot, make_scene=make_scene, determinize=determinize,
                   rules_summary=RULES_SUMMARY, seat_colours=seat_colours)
