"""Learn to play Playa Pirata (issue 15, item 1): one short hand against a bot, on the real table.

The learner is Red (seat 0, the starting player), the bot Blue (seat 1). The lesson joins a two-player hand
in round 6 of 8 (``positions.hand``): four treasures lie on the beach — #1 the central one (a 6 under a
blue 1), #2 a 4 under a blue 2, #3 the towel treasure under a red 3, #4 a skull under a blue 3 — and each
player holds three action cards: Red a 7, the Map and the Umbrella; Blue a skull, the Spyglass and the
Umbrella. Nothing is left to chance: the treasures are named, and Blue's replies are the script's.

What the learner does, round by round (every action type of a hand without the variants):

- round 6: bury the 7 (R10, it becomes #5); gather 2 + 1 and drop the group on #2 (R21: 3 beats Blue's 2,
  R22: the 1 ends on top); a 3 on the 7's empty pile (R19: a second treasure, R20); End turn. Blue looks at
  the 7 with its Spyglass (R12) and beats the red 1 on #2 with a 2.
- round 7: the Map turns #1 face up — a 6 (R13); a 2 beats Blue's 1 there; End turn. Blue buries a skull
  (#6) and covers it with a 3.
- round 8: the Umbrella locks the 7 (R14, R15); two 1s beat no top card (every one is 2 or 3): Show my
  towels (R24); End turn. Blue opens its Umbrella on #2 and takes the 6 with 2 + 1 (a 1 on top).
- the final turn (R28): 1 + 1 takes the 6 back; End turn: the sunset scores the hand (R29, R30, R31, R32,
  R33, R34, R35, R36, R37, R38): Red 19 (6 + 7 + the towel treasure's 3 cards, 6), Blue 15 (the 4, two
  skulls 10, one towel left).

The opening says where we are in two reading steps (a hand, a round, #1 Central, the ×N badge, the hand);
the last steps run on the sunset itself (``ready``: Next waits until what they talk about is on screen):
the treasures turned over and who takes each (the beach, ``SunsetStep.on_beach``: the breakdown waits),
what each kind scores, then the breakdown's rows; the coach's last Next opens the match results.

Left out of this first lesson: the special cards (the ``special-cards`` option: the draft ``pp.draft`` and
``pp.special``) and the two-hands format's seat choice (``pp.position``); the coach's last words send the
learner to the rules page (Rules, on the game's setup screen or in the table's Menu), which shows every
special card.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable

import pygame

from game.core.protocol import Action, T
from game.games.playa_pirata.cards import TOWEL_VALUE
from game.games.playa_pirata.positions import Buried, position
from game.games.playa_pirata.rules import (STEP_A, BuryTreasure, EndTurn, PlayPirate, PlayTowels,
                                           ShowHand)
from game.scenes.coach import Step, Tutorial

RED, BLUE = 0, 1

#: the beach indices of the lesson's treasures (#n on the table is index n - 1)
CENTRAL, FOUR, TOWEL_TREASURE, SKULL, SEVEN, BLUE_SKULL = 0, 1, 2, 3, 4, 5


def start(rules: Any = None) -> Any:
    """The lesson's position: round 6 of 8 of a single hand, Red to play (see the module's docstring)."""
    return position(
        2, round=6, turn=RED, seed=7,
        treasures={RED: ["7"], BLUE: ["skull"]},
        pirates={RED: ["map", "umbrella"], BLUE: ["spyglass", "umbrella"]},
        towels={RED: [3, 2, 2, 1, 1, 1], BLUE: [3, 2, 2, 1, 1]},
        central=Buried("6", pile=[(BLUE, 1)]),
        beach=[Buried("4", by=RED, pile=[(RED, 1), (BLUE, 2)]),
               Buried("towel", by=BLUE, pile=[(RED, 2), (BLUE, 3), (RED, 3)]),
               Buried("skull", by=RED, pile=[(BLUE, 1), (RED, 2), (BLUE, 2), (RED, 3), (BLUE, 3), (RED, 3),
                                             (BLUE, 3)])])


# What the learner is to do ---------------------------------------------------------------------------
def bury(action: Action) -> bool:
    return isinstance(action, BuryTreasure) and not action.flag


def pirate(kind: str, target: int) -> Callable[[Action], bool]:
    return lambda a: isinstance(a, PlayPirate) and a.card == f"pirate-red-{kind}" and a.target == target


def towels(target: int, values: tuple[int, ...]) -> Callable[[Action], bool]:
    return lambda a: isinstance(a, PlayTowels) and a.target == target and \
        tuple(sorted(a.values, reverse=True)) == values


def show(action: Action) -> bool:
    return isinstance(action, ShowHand)


def end(action: Action) -> bool:
    return isinstance(action, EndTurn)


# Blue's replies: its step A, then its groups, then End turn --------------------------------------------
def blue_turn(step_a: Callable[[Any], Action], *groups: tuple[int, tuple[int, ...]]) -> Callable[[Any], Action]:
    def play(state: Any) -> Action:
        hand = state.hand
        if hand.step == STEP_A:
            return step_a(hand)
        done = len(hand.groups)
        if done < len(groups) and not hand.shown:
            target, values = groups[done]
            return PlayTowels(BLUE, target, values)
        return EndTurn(BLUE)
    return play


def _blue_buries(hand: Any) -> Action:
    return BuryTreasure(BLUE, hand.treasures[BLUE][0])


# Where the coach points (the real table's sprites and rects) -------------------------------------------
def _sprite(scene: Any, kind: str, card: str | None = None) -> Any:
    return next((s for s in scene.hand_sprites if s.payload.kind == kind
                 and (card is None or s.payload.card == card)), None)


def _dragging(scene: Any, kind: str) -> bool:
    held = scene.drag.dragging
    return held is not None and getattr(held.payload, "kind", None) == kind


def free_sand(scene: Any) -> pygame.Rect:
    """Open sand under the treasures, where a treasure is buried (left of the coach's panel)."""
    return scene.burial_sand()


def point_bury(scene: Any) -> list[pygame.Rect]:
    """The 7 to drag and the open sand it goes to (the card first, the target last; while it is carried,
    the sand alone)."""
    sprite = _sprite(scene, "treasure")
    if _dragging(scene, "treasure") or sprite is None:
        return [free_sand(scene)]
    return [sprite.rect, free_sand(scene)]


def point_pirate(kind: str, target: int) -> Callable[[Any], pygame.Rect | None]:
    def where(scene: Any) -> pygame.Rect | None:
        if _dragging(scene, "pirate") and target < len(scene.spot_rects):
            return scene.spot_rects[target]
        sprite = _sprite(scene, "pirate", f"pirate-red-{kind}")
        return sprite.rect if sprite is not None else None
    return where


def group_cards(scene: Any, values: tuple[int, ...]) -> list[str]:
    """The towel cards still to click for the group ``values``: those of the hand not selected yet, for the
    values the selection still lacks (empty: the group is gathered)."""
    missing = Counter(values) - Counter(TOWEL_VALUE[c] for c in scene.selected)
    free = [s.payload.card for s in scene.hand_sprites
            if s.payload.kind == "towel" and s.payload.card not in scene.selected]
    out: list[str] = []
    for value in values:                                  # in the order the coach names them (2, then 1)
        if missing[value] > 0:
            card = next((c for c in free if TOWEL_VALUE[c] == value and c not in out), None)
            if card is not None:
                missing[value] -= 1
                out.append(card)
    return out


def point_group(target: int, values: tuple[int, ...]) -> Callable[[Any], list[pygame.Rect] | None]:
    """The next towel to click for the group and the treasure it goes to (the card first, the target last);
    once the group is gathered (or being dragged), the treasure alone."""
    def where(scene: Any) -> list[pygame.Rect] | None:
        if target >= len(scene.spot_rects):
            return None
        spot = scene.spot_rects[target]
        wanted = sorted(TOWEL_VALUE[c] for c in scene.selected) == sorted(values)
        cards = group_cards(scene, values)
        if wanted or _dragging(scene, "towel") or not cards:
            return [spot]
        return [_sprite(scene, "towel", cards[0]).rect, spot]
    return where


def point_end(scene: Any) -> pygame.Rect | None:
    return scene.end_button.rect if scene.end_button.visible else None


def point_show(scene: Any) -> pygame.Rect | None:
    return scene.show_button.rect if scene.show_button.visible else None


def point_spots(*indices: int) -> Callable[[Any], list[pygame.Rect] | None]:
    return lambda scene: [scene.spot_rects[i] for i in indices if i < len(scene.spot_rects)] or None


def point_round(scene: Any) -> pygame.Rect | None:
    """The "Hand 1/1 · Round 6/8" line of the side panel, trimmed under its letters: the ring around it (at
    its widest) leaves the "Starting player" line under it in sight."""
    r = scene.round_rect
    return pygame.Rect(r.x - r.h // 6, r.y, r.w + r.h // 3, r.h - r.h // 6) if r.w else None


def point_towels(seat: int) -> Callable[[Any], list[pygame.Rect] | None]:
    """``seat``'s towels: for the learner the cards of the hand (greyed when they fit nowhere), for the bot
    the "Towels 1×2 2×2 3×1" line of its panel (every player's counts are public)."""
    def where(scene: Any) -> list[pygame.Rect] | None:
        if seat != RED:
            line = scene.towels_left_rects.get(seat)
            return [line] if line is not None else None
        cards = [s.rect for s in scene.hand_sprites if s.payload.kind == "towel"]
        return [cards[0].unionall(cards[1:])] if cards else None
    return where


def point_beach(scene: Any) -> list[pygame.Rect]:
    """#1 Central, the ×N badge of the biggest pile, and the action cards of the hand."""
    out = [scene.spot_rects[CENTRAL]] if scene.spot_rects else []
    if scene.count_rects:
        out.append(scene.count_rects[SKULL] if SKULL in scene.count_rects else next(iter(scene.count_rects.values())))
    cards = [s.rect for s in scene.hand_sprites if s.payload.kind in ("treasure", "pirate")]
    if cards:
        out.append(cards[0].unionall(cards[1:]))
    return out


def point_both(*pointers: Callable[[Any], list[pygame.Rect] | None]) -> Callable[[Any], list[pygame.Rect] | None]:
    """Every rect the ``pointers`` give."""
    return lambda scene: [r for p in pointers for r in (p(scene) or [])] or None


def point_rows(scene: Any) -> pygame.Rect | None:
    """The rows of the sunset's breakdown."""
    return scene.breakdown_rows if scene.hand_end is not None and scene.breakdown_rows.w else None


def sunset_beach(scene: Any) -> bool:
    """The sunset has turned every treasure over (the beach is in sight: the breakdown waits)."""
    return scene.hand_end is not None and scene.sunset_settled()


def breakdown_up(scene: Any) -> bool:
    """The sunset's breakdown is on screen."""
    return scene.hand_end is not None and scene.all_revealed() and bool(scene.breakdown_rows.w)


@dataclass
class SunsetStep(Step):
    """A reading step on the sunset; ``on_beach``: the revealed beach stays in sight (the table holds the
    breakdown back while the coach talks about the treasures)."""

    on_beach: bool = False


def scored(state: Any) -> bool:
    """The sunset came: the hand is over and scored (R38)."""
    last = getattr(state, "last_hand", None)
    return bool(state.is_over() and last is not None and last.scores is not None)


STEPS = [
    # where we are: a hand, a round, the beach, the hand
    Step(T("playa_pirata.coach.welcome"), point=point_round, name="welcome"),
    Step(T("playa_pirata.coach.beach"), point=point_beach, name="beach"),
    # round 6: bury, a group that beats the top card, a second treasure, End turn
    Step(T("playa_pirata.coach.bury"), expect=bury, point=point_bury,
         after=T("playa_pirata.coach.bury.after"), after_point=point_spots(SEVEN), name="bury"),
    Step(T("playa_pirata.coach.group"), expect=towels(FOUR, (2, 1)), point=point_group(FOUR, (2, 1)),
         after=T("playa_pirata.coach.group.after"), after_point=point_spots(FOUR), name="group"),
    Step(T("playa_pirata.coach.second"), expect=towels(SEVEN, (3,)), point=point_group(SEVEN, (3,)),
         after=T("playa_pirata.coach.second.after"), after_point=point_spots(FOUR, SEVEN), name="second"),
    Step(T("playa_pirata.coach.end"), expect=end, point=point_end, name="end"),
    Step(T("playa_pirata.coach.blue1"), name="blue1", after=T("playa_pirata.coach.blue1.after"),
         after_point=point_spots(FOUR, SEVEN),
         bot=blue_turn(lambda h: PlayPirate(BLUE, "pirate-blue-spyglass", SEVEN), (FOUR, (2,)))),
    # round 7: the Map, one card, End turn
    Step(T("playa_pirata.coach.map"), expect=pirate("map", CENTRAL), point=point_pirate("map", CENTRAL),
         after=T("playa_pirata.coach.map.after"), after_point=point_spots(CENTRAL), name="map"),
    Step(T("playa_pirata.coach.single"), expect=towels(CENTRAL, (2,)), point=point_group(CENTRAL, (2,)),
         after=T("playa_pirata.coach.single.after"), after_point=point_towels(RED), name="single"),
    Step(T("playa_pirata.coach.end2"), expect=end, point=point_end, name="end2"),
    Step(T("playa_pirata.coach.blue2"), bot=blue_turn(_blue_buries, (BLUE_SKULL, (3,))),
         after=T("playa_pirata.coach.blue2.after"), after_point=point_both(point_spots(BLUE_SKULL), point_towels(BLUE)),
         name="blue2"),
    # round 8: the Umbrella, nothing fits (Show my towels), End turn
    Step(T("playa_pirata.coach.umbrella"), expect=pirate("umbrella", SEVEN), point=point_pirate("umbrella", SEVEN),
         after=T("playa_pirata.coach.umbrella.after"), after_point=point_spots(SEVEN), name="umbrella"),
    Step(T("playa_pirata.coach.show"), expect=show, point=point_show, after=T("playa_pirata.coach.show.after"),
         after_point=point_towels(RED), name="show"),
    Step(T("playa_pirata.coach.end3"), expect=end, point=point_end, name="end3"),
    Step(T("playa_pirata.coach.blue3"), name="blue3", after=T("playa_pirata.coach.blue3.after"),
         after_point=point_spots(FOUR, CENTRAL),
         bot=blue_turn(lambda h: PlayPirate(BLUE, "pirate-blue-umbrella", FOUR), (CENTRAL, (2, 1)))),
    # the final turn, then the sunset: the last steps talk over it
    Step(T("playa_pirata.coach.final"), expect=towels(CENTRAL, (1, 1)), point=point_group(CENTRAL, (1, 1)),
         after=T("playa_pirata.coach.final.after"), after_point=point_spots(CENTRAL), name="final"),
    Step(T("playa_pirata.coach.sunset"), expect=end, point=point_end, name="sunset"),
    SunsetStep(T("playa_pirata.coach.takers"), point=point_spots(TOWEL_TREASURE, BLUE_SKULL), ready=sunset_beach,
               on_beach=True, name="takers"),
    SunsetStep(T("playa_pirata.coach.values"), point=point_spots(CENTRAL, TOWEL_TREASURE, SKULL, BLUE_SKULL),
               ready=sunset_beach, on_beach=True, name="values"),
    SunsetStep(T("playa_pirata.coach.scores"), point=point_rows, ready=breakdown_up, name="scores"),
    SunsetStep(T("playa_pirata.coach.done"), ready=breakdown_up, name="done"),
]

TUTORIAL = Tutorial(
    game_id="playa-pirata",
    start=start,
    seats=[("playa_pirata.coach.seat.red", "human"), ("playa_pirata.coach.seat.blue", "easy")],
    steps=STEPS,
    action_types=("pp.bury", "pp.pirate", "pp.towels", "pp.show", "pp.end"),
    scoring=scored,
    title=T("playa_pirata.coach.title"),
)
