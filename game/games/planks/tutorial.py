"""Learn to play Pirates, Planks & Pesetas (issue 15, item 1; issue 17): the end of one round against two scripted
bots, on the real table with the real gestures.

The learner is the Captain, seat 0, Red; Greta (seat 1, Green) and Bruno (seat 2, Blue) are the bots, whose every
move is the script's. The position (``positions.position``): round 2, the chests on planks 2 (small), 5 (big),
8 (small) and 11 (big) (table plank numbers, 1-12; the code's planks are 0-11); the clips on 9 (Red), 2 (Green)
and 8 (Blue); treasures in front: Red a Crown and a Pearl, Green a Ring, Blue a Doubloon; the bag's next draws
are fixed (``DRAWS``).

What happens, turn by turn (code planks):

1. Red: Red 5 jumps 2 planks clockwise, 2 -> 4, onto the big chest's plank behind Green 4 (R16, R20): it costs
   2 MP and the clip slides from 9 to 7 (R12); then Red 1 jumps 2 clockwise round the bow, 11 -> 0 -> 1, onto
   the full plank of the first small chest: Blue 3 at its front falls into the sea (R21); End turn with 1 MP
   of the 5 unspent (R14).
2. Green (2 MP left) jumps Green 2 from 10 to 8 onto a full plank: Red 3 falls; Green's clip is on 0/1, the
   first to get there (R29). Blue rescues Blue 3 by the ladder onto plank 6 (R23), then ends its turn.
3. Red rescues Red 3: up the ladder onto plank 5 and one plank on to plank 4, 2 + 1 MP (R23); End turn.
4. Green, on 0/1, moves one pirate one plank (R28); Blue jumps Blue 3 from 6 to 9 and ends its turn.
5. Red has 2 MP left: Red 2 jumps 5 -> 6 -> 7 round the stern onto the second small chest's plank, where Blue 2
   would win; the two 2s cancel (R36). Red is the second on 0/1: the round is scored at once (R30) and Red, the
   scoring player, draws first (R40).

The scoring (table numbers): small chest (plank 2) Red 1, the smallest; big chest (plank 5) Red 5, the biggest; small chest
(plank 8) Blue 2 and Red 2 cancel, Green 3 wins; big chest (plank 11) Blue 5. Red draws a Ruby and a Crown; the
Crown is a second one: it goes to the player with the fewest treasures, Green and Blue tie with one each, so the
learner chooses (R42, the chooser). Green draws an Emerald, Blue a Pearl. The round's panel, then Next round:
the chests move two planks clockwise (R44). The last words: how a game ends, the 2-player game and the options,
how to start a real game; the game then plays on against the bots, as a plain game nobody saves
(``PlanksScene.save_tutorial``).

Not played in this lesson: the starting player's choices at the table (``planks.colours``, ``planks.chests``,
``planks.pirates``, options ``colours`` and ``first-plank``) and the feel-draw variant (``planks.keep``); the
last words name them and send the learner to the rules page.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from game.core.protocol import Action, Text
from game.games.planks.positions import position
from game.games.planks.rules import GIVE, EndTurn, GiveTreasure, Move, Rescue
from game.scenes.coach import Step, Tutorial, both

RED, GREEN, BLUE = 0, 1, 2

#: the chests' planks (code numbers): small, big, small, big (R3)
SMALL_1, BIG_1, SMALL_2, BIG_2 = 1, 4, 7, 10
#: what the bag gives at the scoring, in draw order (Red draws two, then Green one, then Blue one)
DRAWS = ("ruby", "crown", "emerald", "pearl")


def start(rules: Any = None) -> Any:
    """The lesson's position (the module's docstring)."""
    return position(
        3, round=2, turn=RED, first=RED, starter=RED, chests=SMALL_1,
        planks={0: ["green-1"], 1: ["blue-3", "green-5", "blue-4"], 2: ["red-5"], 4: ["green-4"], 5: ["red-2"],
                7: ["blue-2", "green-3"], 8: ["red-3", "blue-1", "red-4"], 10: ["green-2", "blue-5"],
                11: ["red-1"]},
        budgets={RED: 9, GREEN: 2, BLUE: 8},
        treasures={RED: ["crown", "pearl"], GREEN: ["ring"], BLUE: ["doubloon"]},
        pairs=6, draws=DRAWS, seed=17)


def C(key: str, **kwargs: Any) -> Text:
    """A line of the coach: ``planks.coach.<key>`` in the planks_ui catalogs."""
    return Text.of(f"planks.coach.{key}", **kwargs)


# What the learner is to do ---------------------------------------------------------------------------
def jump(pirate: str, direction: int, steps: int) -> Callable[[Action], bool]:
    return lambda a: isinstance(a, Move) and a.pirate == f"pirate-{pirate}" and a.direction == direction \
        and a.steps == steps


def rescue(pirate: str, stern: int, steps: int) -> Callable[[Action], bool]:
    return lambda a: isinstance(a, Rescue) and a.pirate == f"pirate-{pirate}" and a.plank == stern \
        and a.steps == steps


def end(action: Action) -> bool:
    return isinstance(action, EndTurn)


def give(action: Action) -> bool:
    return isinstance(action, GiveTreasure)      # R42: to Green or to Blue, the learner's choice


# The bots' turns: each seat's planned moves in order, then End turn ----------------------------------
def bots(plans: dict[int, list[Action]]) -> Callable[[Any], Action]:
    def play(state: Any) -> Action:
        seat = state.current
        legal = state.legal_actions(seat)
        for action in plans.get(seat, []):
            if action in legal:
                return action
        stop = EndTurn(seat)
        return stop if stop in legal else legal[0]
    return play


BOTS_1 = bots({GREEN: [Move(GREEN, "pirate-green-2", -1, 2)],                   # R21: Red 3 falls
               BLUE: [Rescue(BLUE, "pirate-blue-3", 6, 0, 1)]})                 # R23
BOTS_2 = bots({GREEN: [Move(GREEN, "pirate-green-1", -1, 1)],                   # R28: 1 MP a turn
               BLUE: [Move(BLUE, "pirate-blue-3", 1, 3)]})


# Where the coach points (the real table's rects) -----------------------------------------------------
def _held(scene: Any) -> str | None:
    held = scene.drag.dragging
    return scene.drag.payload_of(held) if held is not None else None


def plank(*planks: int) -> Callable[[Any], list[pygame.Rect]]:
    return lambda scene: [scene.lay.plank_rect(p) for p in planks]


def pirate_to(pirate: str, to: int) -> Callable[[Any], list[pygame.Rect]]:
    """The pirate to pick up and the plank it goes to (the pirate first, the plank last); once it is held, the
    plank alone."""
    full = f"pirate-{pirate}"

    def where(scene: Any) -> list[pygame.Rect]:
        target = scene.lay.plank_rect(to)
        if _held(scene) == full or full in scene.game.moved:
            return [target]
        return [scene._pirate_rect(full), target]
    return where


def board(seat: int) -> Callable[[Any], list[pygame.Rect] | None]:
    def where(scene: Any) -> list[pygame.Rect] | None:
        r = scene.panel.board_rects.get(seat)
        return [pygame.Rect(r)] if r is not None else None
    return where


def island(scene: Any) -> pygame.Rect:
    return pygame.Rect(scene.lay.island)


def end_button(scene: Any) -> pygame.Rect | None:
    return scene.end_button.rect if scene.end_button.visible else None


def chests(scene: Any) -> list[pygame.Rect]:
    return [scene.lay.plank_rect(p) for p in (SMALL_1, BIG_1, SMALL_2, BIG_2)]


def bag_and_line(scene: Any) -> list[pygame.Rect]:
    """The bag, and the learner's row of treasures."""
    row = scene.panel.rows[RED] if scene.panel.rows else scene.panel.rect
    return [pygame.Rect(scene.panel.bag_rect), pygame.Rect(row)]


def chooser(scene: Any) -> pygame.Rect | None:
    c = scene.chooser
    return pygame.Rect(c.rect) if c is not None and c.rect.w else None


def round_panel(scene: Any) -> pygame.Rect | None:
    return pygame.Rect(scene.ending.rect) if scene.ending.visible else None


def next_round(scene: Any) -> pygame.Rect | None:
    return pygame.Rect(scene.ending.button.rect) if scene.ending.visible else None


# When a reading step's Next is offered ---------------------------------------------------------------
def judged(scene: Any) -> bool:
    """The chests have been judged on screen and the draws have flown: the Crown waits to be given (R42)."""
    return scene.game.phase == GIVE and not scene.timeline.blocking


def round_ended(scene: Any) -> bool:
    return any(e.kind == "ended" and e.get("what") == "round" for e in scene.state.events)


def panel_up(scene: Any) -> bool:
    """The round's panel is on screen (or was: Next round pressed early, or a lesson resumed after it)."""
    return scene.ending.kind == "round" or (round_ended(scene) and not scene._round_due)


def panel_closed(scene: Any) -> bool:
    """Next round was pressed: the panel is gone."""
    return round_ended(scene) and scene.ending.kind is None and not scene._round_due


def scored(state: Any) -> bool:
    """The round was scored: Red reached 0/1 second and ended it (R30), the chests gave their draws (R40)."""
    return any(e.kind == "scoring" for e in state.events) and any(e.kind == "drew" for e in state.events)


STEPS = [
    Step(C("welcome"), point=chests, name="welcome"),
    Step(C("board"), point=both(board(RED), lambda s: s.panel.head), name="board"),
    # turn 1: a jump, its cost and the clip; a second jump onto a full plank; End turn
    Step(C("jump"), expect=jump("red-5", 1, 2), point=pirate_to("red-5", BIG_1), after=C("jump.after"),
         after_point=both(board(RED), plank(BIG_1)), name="jump"),
    Step(C("push"), expect=jump("red-1", 1, 2), point=pirate_to("red-1", SMALL_1), after=C("push.after"),
         after_point=both(island, plank(SMALL_1)), name="push"),
    Step(C("end"), expect=end, point=end_button, after=None, name="end"),
    Step(C("bots1"), bot=BOTS_1, after=C("bots1.after"), after_point=both(island, board(GREEN)), name="bots1"),
    # turn 2: the rescue by the ladder; End turn
    Step(C("rescue"), expect=rescue("red-3", 5, 1), point=pirate_to("red-3", BIG_1), after=C("rescue.after"),
         after_point=plank(BIG_1), name="rescue"),
    Step(C("end2"), expect=end, point=end_button, name="end2"),
    Step(C("bots2"), bot=BOTS_2, after=C("bots2.after"), after_point=board(RED), name="bots2"),
    # turn 3: the move that ends the round, then the scoring
    Step(C("last"), expect=jump("red-2", 1, 2), point=pirate_to("red-2", SMALL_2), after=C("last.after"),
         name="last"),
    Step(C("chests"), point=chests, ready=judged, name="chests"),
    Step(C("draw"), point=bag_and_line, ready=judged, name="draw"),
    Step(C("give"), expect=give, point=chooser, after=C("give.after"), after_point=bag_and_line, name="give"),
    Step(C("panel"), point=round_panel, ready=panel_up, name="panel"),
    Step(C("next_round"), point=next_round, ready=panel_closed, name="next_round"),
    Step(C("done"), name="done"),
]

TUTORIAL = Tutorial(
    game_id="planks",
    start=start,
    seats=[("planks.coach.captain", "human"), ("planks.coach.greta", "easy"), ("planks.coach.bruno", "easy")],
    steps=STEPS,
    action_types=("planks.move", "planks.rescue", "planks.end", "planks.give"),
    scoring=scored,
    title=C("title"))
