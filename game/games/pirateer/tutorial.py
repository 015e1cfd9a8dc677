"""Learn to play Pirateer (issue 15, item 1): a two-player game near its end, on a position built with the
game's builder (``positions.position``), every die fixed in advance (``next_rolls``), so what the coach says
always happens.

The learner is seat 0, the Spanish fleet (top left); the Pirates (bottom right) are the scripted bot. The
fleets are preset (S1): choosing a fleet (``ChooseFaction``) is only told in the last words (how to start a
real game from the menu), not played, since a chosen game starts from the harbours and would take many turns.
The variants (arming a nuke, the storm's victim, acey-deucey's bonus, war wind's carrier: ``Arm``,
``StormPick``, ``Bonus``, ``ChooseCarrier``) stay out of this first lesson.

Each side has already lost one of its three ships (the welcome says so: the results' "ships lost"
count it). The game, turn by turn (squares as in the board file):

1. Spanish roll 2 and 3: ship 1 (6,10) -> dock (8,10) with the 2; ship 2 leaves its harbour (0,14) -> (3,14)
   with the 3; the treasure could be taken now, but Pirate ship 1 sits 3 squares below the dock: End turn (R25).
2. Pirates roll 4 and 2: their ship 1 enters current C2 (8,13) -> (10,13) and rides it east to (14,9).
3. Spanish take the treasure before rolling (R14, A5); roll 3 and 2: ship 1 (8,10) -> (5,10), a current
   square (R7), then rides current C1 west to (3,12) (R8, R18); the turn ends by itself (nothing to take,
   R25), and the coach says why (turn 1 waited for End turn: a take was still possible then).
4. Pirates roll 6 and 1: their ship 2 (9,12) boards the carrier at (3,12) (R20, R21); ship 1 (14,9) -> (13,9).
5. Spanish roll 2 and 1: ship 2 (3,14) boards the Pirate carrier at (3,12) and takes the treasure back;
   then one square SW, parallel to the harbour, to (3,13) (R17), in line with the harbour's open end.
6. Pirates roll 1 and 5: their last ship (13,9) -> current (13,10), rides it west to (8,15): short of you.
7. Spanish roll 3 and 4: ship 2 (3,13) -> (0,13) in the harbour channel, then onto the anchor (0,9): E1.
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from game.core.protocol import Action, Text
from game.games.pirateer.positions import position
from game.games.pirateer.rules import EndTurn, Move, Roll, Take
from game.scenes.coach import Step, Tutorial

SP1, SP2 = "ship-spanish-1", "ship-spanish-2"
PI1, PI2 = "ship-pirates-1", "ship-pirates-2"

#: the square of the Spanish harbour by its open end (the channel's, reached from the sea through its mouth)
HARBOUR_DOOR = (0, 13)

#: the dice of every roll of the lesson, in turn order (Spanish, Pirates, Spanish ...)
ROLLS = ([2, 3], [4, 2], [3, 2], [6, 1], [2, 1], [1, 5], [3, 4])


def start(rules: Any) -> Any:
    """The lesson's position: Spanish (the learner) against Pirates, two ships each, the treasure on Skull
    Island, the Spanish to roll."""
    return position(factions=["spanish", "pirates"], options={"factions": "preset"}, current=0,
                    ships={"Sp1": (6, 10), "Sp2": (0, 14), "Pi1": (8, 13), "Pi2": (9, 12)},
                    next_rolls=ROLLS, rules=rules)


def C(key: str) -> Text:
    """A line of the coach: ``pirateer.coach.<key>`` in the pirateer_ui catalogs (the lesson's test checks
    that every one is in both languages)."""
    return Text.of(f"pirateer.coach.{key}")


def _move(ship: str, direction: str, die: int) -> Callable[[Action], bool]:
    """The learner's move ``ship`` ``direction`` ``die`` squares (the only one the step takes)."""
    return lambda a: isinstance(a, Move) and tuple(a.ships) == (ship,) and a.direction == direction and \
        a.die == die


def _kind(cls: type) -> Callable[[Action], bool]:
    return lambda a: isinstance(a, cls)


def _sail(ship: str, to: tuple[int, int]) -> Callable[[Any], list[pygame.Rect] | pygame.Rect | None]:
    """Where the rings go for a move: the ship to pick up and the square it goes to, nothing else (a third
    ring, the harbour's open end the words name, made the move unclear: that square is ringed at the step
    where it is the point); once the ship is in hand, the square alone."""
    def point(scene: Any) -> list[pygame.Rect] | pygame.Rect | None:
        if scene.selected == (ship,):
            return scene.square_rect(to)
        here = scene.ship_rect(ship)
        return [here, scene.square_rect(to)] if here is not None else scene.square_rect(to)
    return point


def _coin(scene: Any) -> pygame.Rect:
    x, y = scene.coin_point()
    size = scene.ship_size()
    return pygame.Rect(int(x - size / 2), int(y - size / 2), size, size)


def _welcome(scene: Any) -> list[pygame.Rect]:
    """The welcome's rings: the coin, and the anchor it must reach."""
    return [_coin(scene), scene.anchor_rect("spanish")]


def _threat(scene: Any) -> list[pygame.Rect] | None:
    """Before Blackbeard's boarding: the Pirate ship and the carrier it may reach with a 6 (no ring once
    his turn runs: the ships move)."""
    if scene.coach is None or scene.coach.released:
        return None
    rects = [scene.ship_rect(PI2), scene.ship_rect(SP1)]
    return [r for r in rects if r is not None] or None


def _home(scene: Any) -> list[pygame.Rect]:
    """Roll, and where home begins: the harbour's square by its open end, three squares NW of the ship."""
    return [scene.roll_button.rect, scene.square_rect(HARBOUR_DOOR)]


def _turn(scene: Any) -> pygame.Rect:
    """The panel's head, whose turn it is: the learner's turn ended by itself (no End turn)."""
    return scene.panel.head_rect


def _pirates(*plan: tuple[str, str, int]) -> Callable[[Any], Action]:
    """The Pirates' scripted turn: roll, then the planned moves in order (each one when it is legal); never
    astray: anything else the engine offers, should the plan not fit."""
    def bot(state: Any) -> Action:
        seat = state.current
        legal = state.legal_actions(seat)
        for action in [Roll(seat)] + [Move(seat, (ship,), d, die) for ship, d, die in plan]:
            if action in legal:
                return action
        return legal[0]
    return bot


def _won(state: Any) -> bool:
    """The scoring step: the treasure reached the learner's anchor (E1)."""
    return state.is_over() and list(state.winners) == [0]


def _steps() -> list[Step]:
    """The lesson. Directions are the compass's (NW, NE, SE, SW; E and W along a current), each named on
    screen the first time ("NW (up-left)"), as the compass's explanation and the log name them. A Pirates'
    step says what to watch before the bot plays (``say``) and what happened once its turn is over
    (``after``). Every word names what it uses before using it: the current is named when the Pirates ride
    one, boarding before it is threatened, the harbour's open end where the ring is."""
    roll = lambda scene: scene.roll_button.rect      # noqa: E731 - where the ring goes
    return [
        Step(C("welcome"), point=_welcome, name="welcome"),
        # turn 1: roll, two moves, a dock, End turn
        Step(C("roll"), expect=_kind(Roll), point=roll, after=C("rolled"), name="roll"),
        Step(C("dock"), expect=_move(SP1, "SE", 2), point=_sail(SP1, (8, 10)), after=C("docked"), name="dock"),
        Step(C("sail"), expect=_move(SP2, "SE", 3), point=_sail(SP2, (3, 14)), name="sail"),
        Step(C("end"), expect=_kind(EndTurn), point=lambda scene: scene.end_button.rect, name="end"),
        Step(C("pirates_sail"), bot=_pirates((PI1, "SE", 2), (PI1, "E", 4)), after=C("pirates_sailed"),
             name="pirates1"),
        # turn 3: the treasure taken before rolling, a current entered and ridden
        Step(C("take"), expect=_kind(Take), point=lambda scene: scene.take_button.rect, after=C("taken"),
             name="take"),
        Step(C("roll_again"), expect=_kind(Roll), point=roll, name="roll2"),
        Step(C("current"), expect=_move(SP1, "NW", 3), point=_sail(SP1, (5, 10)), after=C("on_current"),
             name="current"),
        # both dice played, nothing to take: the turn ends by itself (R25), unlike turn 1's End turn
        Step(C("ride"), expect=_move(SP1, "W", 2), point=_sail(SP1, (3, 12)), after=C("turn_over"),
             after_point=_turn, name="ride"),
        Step(C("pirates_board"), bot=_pirates((PI2, "NW", 6), (PI1, "NW", 1)), point=_threat,
             after=C("pirates_boarded"), name="pirates2"),
        # turn 5: the Pirate carrier boarded, a move parallel to the harbour, in line with its open end
        Step(C("take_back"), expect=_kind(Roll), point=roll, name="roll3"),
        Step(C("board"), expect=_move(SP2, "NE", 2), point=_sail(SP2, (3, 12)), after=C("boarded"), name="board"),
        Step(C("along"), expect=_move(SP2, "SW", 1), point=_sail(SP2, (3, 13)), name="along"),
        Step(C("pirates_chase"), bot=_pirates((PI1, "SW", 1), (PI1, "W", 5)), after=C("pirates_chased"),
             name="pirates3"),
        # turn 7: home
        Step(C("roll_home"), expect=_kind(Roll), point=_home, name="roll4"),
        Step(C("harbour"), expect=_move(SP2, "NW", 3), point=_sail(SP2, HARBOUR_DOOR), name="harbour"),
        Step(C("anchor"), expect=_move(SP2, "NE", 4), point=_sail(SP2, (0, 9)), after=C("won"), name="anchor"),
    ]


def _tutorial() -> Tutorial:
    return Tutorial(
        game_id="pirateer",
        start=start,
        seats=[("pirateer.coach.captain", "human"), ("pirateer.coach.bot", "easy")],
        steps=_steps(),
        action_types=("pir.roll", "pir.move", "pir.take", "pir.end"),
        scoring=_won,
        title=Text.of("pirateer.coach.title"))


TUTORIAL = _tutorial()
