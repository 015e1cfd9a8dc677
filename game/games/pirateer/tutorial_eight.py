"""Learn to play Pirateer's fantastic eight (issue 19, item 5; spec section 6.11): a second, short lesson for the
5-8 player mode on two boards, opened by Learn to play from the setup when the options have ``fantastic-eight``
on (``FOR_OPTIONS``; ``game.scenes.coach.lesson_for``). It has its own file and its own "learnt" mark (lesson
id "eight").

Five players: the learner is seat 0, the four others are scripted bots. The game starts in phase ``choose``
(built with ``positions.position``) and the coach plays it on, on the same game: every harbour is chosen at the
table (the bots' ``ChooseFaction`` come from the script), then the coin flip and the first-player rolls are
the game's own, fixed in advance (the flip with ``Chance.script_draws``: ``position`` scripts only dice, and
the flip comes before them), and so is every die after them. The bots on board B only sail out of their
harbours (``_sail_out``: the move that takes a ship farthest from its anchor, never a boarding); Barbary A's
boarding is the script's.

The game, turn by turn (squares in combined coordinates, board file section 10):

1. Harbours (V11.1): the learner clicks Spanish A; the bots take Pirates B, Barbary B, Spanish B, Barbary A.
   The coin chooses island A; both treasures lie on it (V11.2). The learner rolls highest and starts (S4).
2. Learner rolls 1, 4, 4, 3 (V11.4: four dice, each one move, R11 over all four): ship 3 (0,12) SW 1 ->
   (0,13), SE 4 -> (4,13), SE 4 -> (8,13), NE 3 -> dock (8,10); takes one treasure (R14, V11.5), the other
   stays on the island; End turn (R25): one treasure home is enough to win (V11.6).
3. The bots: Barbary A's ship 3 (7,19) NW 1, NE 6, NE 3, SE 2 boards the learner's ship 3 on the dock (R20,
   R21) and takes the second treasure there: it holds both (V11.5).
4. Learner rolls 2, 4, 4, 3: ship 2 (0,11) SW 2, SE 4, SE 4, NE 3 boards Barbary's ship on the dock and takes
   both (V11.5: a boarding takes all the ship holds).
5. The bots sail on. Learner rolls 4, 3, 3, 2: ship 1 leaves the harbour (SW 4, SE 3) to clear the way home,
   the carrier sails SW 3 and NW 2 to (6,13) (a Spanish carrier may not sail SE, R17).
6. The bots sail on. Learner rolls 6, 4, 1, 2: NW 6 -> (0,13), NE 4 -> the anchor (0,9): a win (E1, V11.6),
   the other dice unplayed (E12).
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from game.core.protocol import Action, Text
from game.games.pirateer.positions import position
from game.games.pirateer.rules import CHOOSE, ChooseFaction, EndTurn, Move, Roll, Take
from game.scenes.coach import Step, Tutorial

#: Learn to play from the setup opens this lesson when the options have these values (``coach.lesson_for``)
FOR_OPTIONS = {"fantastic-eight": True}
LESSON = "eight"

#: the harbours the seats choose, in seat order (the learner's first, V11.1); turn order is seat order (V11.7)
HARBOURS = ("spanish-a", "pirates-b", "barbary-b", "spanish-b", "barbary-a")
ISLAND = "A"                                     # V11.2: what the coin shows
#: S4: every seat rolls two dice for the first player; the learner's 6 and 5 are the highest
FIRST_ROLLS = ([6, 5], [2, 3], [4, 1], [3, 3], [1, 2])
_BOARD_B = ([1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6])     # the three bots of board B, every round
#: every movement roll of the lesson, in turn order (the learner, then the four bots, ...)
ROLLS = ([1, 4, 4, 3], *_BOARD_B, [1, 6, 3, 2],
         [2, 4, 4, 3], *_BOARD_B, [1, 1, 2, 2],
         [4, 3, 3, 2], *_BOARD_B, [1, 1, 1, 1],
         [6, 4, 1, 2])

SP1, SP2, SP3 = "ship-spanish-a-1", "ship-spanish-a-2", "ship-spanish-a-3"
BA3 = "ship-barbary-a-3"
DOCK = (8, 10)                                   # the dock of island A where both boardings happen
ANCHOR = (0, 9)                                  # Spanish A's anchor

#: the learner's moves, turn by turn: (ship, direction, die, the square it lands on)
SAIL = ((SP3, "SW", 1, (0, 13)), (SP3, "SE", 4, (4, 13)), (SP3, "SE", 4, (8, 13)), (SP3, "NE", 3, DOCK))
BOARD = ((SP2, "SW", 2, (0, 13)), (SP2, "SE", 4, (4, 13)), (SP2, "SE", 4, (8, 13)), (SP2, "NE", 3, DOCK))
CLEAR = ((SP1, "SW", 4, (0, 14)), (SP1, "SE", 3, (3, 14)), (SP2, "SW", 3, (8, 13)), (SP2, "NW", 2, (6, 13)))
HOME = ((SP2, "NW", 6, (0, 13)), (SP2, "NE", 4, ANCHOR))
#: Barbary A's boarding turn: its ship 3 from the harbour onto the learner's carrier, then the second treasure
BARBARY = ((BA3, "NW", 1), (BA3, "NE", 6), (BA3, "NE", 3), (BA3, "SE", 2))


def start(rules: Any) -> Any:
    """The lesson's game: five seats about to choose their harbours (phase ``choose``), every chance fixed: the
    coin (a draw, first), the first-player rolls, then every movement roll."""
    state = position(players=5, options=dict(FOR_OPTIONS), phase=CHOOSE, rules=rules)
    state.chance.script_draws(ISLAND).script_dice(*FIRST_ROLLS, *ROLLS)
    return state


def C(key: str) -> Text:
    """A line of the coach: ``pirateer.coach.eight.<key>`` in the pirateer_ui catalogs."""
    return Text.of(f"pirateer.coach.eight.{key}")


def _kind(cls: type) -> Callable[[Action], bool]:
    return lambda a: isinstance(a, cls)


def _move(ship: str, direction: str, die: int) -> Callable[[Action], bool]:
    return lambda a: isinstance(a, Move) and tuple(a.ships) == (ship,) and a.direction == direction and \
        a.die == die


def _moves(legs: tuple) -> tuple[Callable[[Action], bool], ...]:
    return tuple(_move(ship, d, die) for ship, d, die, _ in legs)


def _route(legs: tuple, rolled: bool = False) -> Callable[[Any], list[pygame.Rect] | pygame.Rect | None]:
    """The rings of a step that plays a whole turn: Roll first (unless ``rolled``), then for each move the ship to
    pick up and the square it goes to (the square alone once the ship is in hand); ``coach.played`` says which
    move is next."""
    def point(scene: Any) -> list[pygame.Rect] | pygame.Rect | None:
        coach = scene.coach
        k = coach.played if rolled else coach.played - 1
        if k < 0:
            return scene.roll_button.rect
        if k >= len(legs):
            return None
        ship, _, _, to = legs[k]
        if scene.selected == (ship,):
            return scene.square_rect(to)
        here = scene.ship_rect(ship)
        return [here, scene.square_rect(to)] if here is not None else scene.square_rect(to)
    return point


def _card(scene: Any) -> pygame.Rect | None:
    """The harbour picker's card of Spanish A."""
    card = scene.picker.cards.get(HARBOURS[0])
    return pygame.Rect(card) if card is not None else None


def _coins(scene: Any) -> list[pygame.Rect]:
    """The two coins on island A (where the coin flip put them)."""
    size = scene.ship_size()
    out = []
    for k in range(2):
        x, y = scene.coin_point(k, 2, ISLAND)
        out.append(pygame.Rect(int(x - size / 2), int(y - size / 2), size, size))
    return out


def _camera(scene: Any) -> list[pygame.Rect]:
    return [scene.sea.centre_button.rect, scene.sea.fit_button.rect]


def _ships(*ships: str) -> Callable[[Any], list[pygame.Rect] | None]:
    """Rings round these ships (while the bots wait for Watch: once they play, the ships move)."""
    def point(scene: Any) -> list[pygame.Rect] | None:
        if scene.coach is not None and scene.coach.released and not scene.coach.explaining:
            return None
        rects = [scene.ship_rect(s) for s in ships]
        return [r for r in rects if r is not None] or None
    return point


def _sail_out(state: Any) -> Action:
    """A scripted bot's action when the script has none: roll, then the move that takes a ship farthest from its
    own anchor, never a boarding nor a take (every die of the roll is fixed, so this is always the same)."""
    seat = state.current
    legal = state.legal_actions(seat)
    if Roll(seat) in legal:
        return Roll(seat)
    anchors = {h.name: h.anchor for h in state.board.harbours}
    best, far = None, -1
    for a in legal:
        if not isinstance(a, Move):
            continue
        after = state.clone()
        after.apply(a)
        if len(after.ships) < len(state.ships):
            continue                                      # a boarding: not the script's
        x, y = after.ships[a.ships[0]]
        ax, ay = anchors[a.ships[0].rsplit("-", 1)[0][len("ship-"):]]
        if abs(x - ax) + abs(y - ay) > far:
            best, far = a, abs(x - ax) + abs(y - ay)
    if best is not None:
        return best
    return next((a for a in legal if isinstance(a, EndTurn)), legal[0])


def _choose(state: Any) -> Action:
    """The bots' harbours (V11.1), then their first turns... (the step ends when the learner is on turn)."""
    if state.phase == CHOOSE:
        return ChooseFaction(state.current, HARBOURS[state.current])
    return _sail_out(state)


def _barbary_boards(state: Any) -> Action:
    """The bots' first round: board B's bots sail out; Barbary A boards the learner's carrier on the dock and
    takes the second treasure there (V11.5)."""
    seat = state.current
    if HARBOURS[seat] == "barbary-a":
        legal = state.legal_actions(seat)
        for action in [Roll(seat)] + [Move(seat, (ship,), d, die) for ship, d, die in BARBARY] + [Take(seat, BA3)]:
            if action in legal:
                return action
    return _sail_out(state)


def _won(state: Any) -> bool:
    """The end: a treasure on the learner's anchor (E1, V11.6)."""
    return state.is_over() and list(state.winners) == [0]


def _steps() -> list[Step]:
    button = lambda name: (lambda scene: getattr(scene, name).rect)     # noqa: E731 - where the ring goes
    return [
        Step(C("welcome"), name="welcome"),
        Step(C("harbour"), expect=lambda a: isinstance(a, ChooseFaction) and a.faction == HARBOURS[0],
             point=_card, name="harbour"),
        Step(C("others"), bot=_choose, after=C("flipped"), after_point=_coins, name="others"),
        Step(C("camera"), point=_camera, name="camera"),
        Step(C("roll"), expect=_kind(Roll), point=button("roll_button"), after=C("rolled"), name="roll"),
        Step(C("sail"), expect=_moves(SAIL)[0], more=_moves(SAIL)[1:], point=_route(SAIL, rolled=True),
             after=C("docked"), name="sail"),
        Step(C("take"), expect=_kind(Take), point=button("take_button"), after=C("taken"), after_point=_coins,
             name="take"),
        Step(C("end"), expect=_kind(EndTurn), point=button("end_button"), name="end"),
        Step(C("rivals"), bot=_barbary_boards, point=_ships(BA3, SP3), after=C("boarded"),
             after_point=_ships(BA3), name="rivals"),
        Step(C("board"), expect=_kind(Roll), more=_moves(BOARD), point=_route(BOARD), after=C("both"),
             after_point=_ships(SP2), name="board"),
        Step(C("rivals2"), bot=_sail_out, name="rivals2"),
        Step(C("clear"), expect=_kind(Roll), more=_moves(CLEAR), point=_route(CLEAR), after=C("cleared"),
             name="clear"),
        Step(C("rivals3"), bot=_sail_out, name="rivals3"),
        Step(C("home"), expect=_kind(Roll), more=_moves(HOME), point=_route(HOME), after=C("won"), name="home"),
    ]


def _tutorial() -> Tutorial:
    return Tutorial(
        game_id="pirateer",
        start=start,
        seats=[("pirateer.coach.captain", "human")] + [(f"pirateer.coach.eight.bot{k}", "easy") for k in range(1, 5)],
        steps=_steps(),
        action_types=("pir.choose_faction", "pir.roll", "pir.move", "pir.take", "pir.end"),
        scoring=_won,
        title=Text.of("pirateer.coach.eight.title"),
        lesson=LESSON)


TUTORIAL = _tutorial()
