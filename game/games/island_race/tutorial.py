"""Learn to play Island Race (issue 15, item 1): the last round of a race against one scripted rival, on the real
race table, with the coach (``game.scenes.coach``) and its real-time parts (``Step.plays``, the race clock that
waits while the coach talks).

The learner is seat 0 (the mouse), the rival seat 1 (a bot seat whose glove plays the script only, never a real
agent). The position (``positions.position``): round 3 of 3, the totals level at 30 each, 1:40 left on the clock;
each island has seven of its nine tiles down, and the pile shows the tiles the coach talks about where it says:

- the learner's island (all edges matched, one volcano, five animals so far): the top-right and bottom-right
  corners are empty. The parrot corner T01 lies in slot 19 the wrong way round (water top and left), the
  turtle corner T03 in slot 27 already turned for the bottom right, and T14 in slot 12 shows its back (all
  water, clouds): its front has a volcano;
- the rival's island (a volcano on it already): the right side and the top-right corner are empty; its glove
  takes the iguana side T26 from slot 16, turns it once and places it (while the learner watches), then, once
  the learner is done, T10 from slot 8 on its top-right corner — a wrong connection (its forest against desert),
  which the coach explains there and then, before the scoring, ringing the tile and its wrong edge — and, once
  the learner has read that it is about to finish (a reading step: its Done and the round's end come only after
  Next), is done (the round ends).

What the learner does: Take, Rotate (turn clockwise), Place, Take, Flip, Return (put back), Take, Place, Done: every
player action of a timed round. ``Stop`` exists only in the no-timer variant (the last-tile phase) and stays out
of this lesson, like the other variants (expert timer, big island); ``StartRound`` and ``TimeUp`` are the
table's own system actions (the lesson starts after "Go!", and its clock never reaches 0:00).

The round then ends (everyone is done) and the scene's own scoring view scores both islands: the learner 23 (7
animals, 6 closed landscapes 12, first out 4; one volcano is not the most), the rival 9 (2 animals, 5 closed
landscapes 10, 2 volcanoes -2, one wrong connection -1). The coach explains each line over it (ringing one closed
landscape: the coastal forest the parrot tile closed); its last Next opens the results (the learner wins, 53 to
39), whose "Play a real game" opens the setup.

The race clock of the lesson moves only while the rival's scripted moves are played, exactly ``Step.pace`` race
seconds for each (the scene waits for each planned move): so where it stands follows from the moves made, and a
resumed lesson shows the same time (the scene works it out, ``IslandRaceScene.attach_coach``).
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from game.core.protocol import Action, Text
from game.games.island_race.positions import position
from game.games.island_race.rules import Done, Flip, Place, Return, Rotate, Take
from game.games.island_race.scoring import neighbour, wrong_joints
from game.games.island_race.scoring_view import STEPS
from game.scenes.coach import Step, Tutorial
from game.ui import theme

YOU, RIVAL = 0, 1

#: pile slots of the tiles the lesson talks about
PARROT, CLOUDS, TURTLE = 19, 12, 27          # the learner's
IGUANA, LAST = 16, 8                          # the rival's

#: the islands as they stand (seven tiles each), row-major cells (row, col)
YOUR_ISLAND = {(0, 0): "T08 front r0", (0, 1): "T29 front r0", (1, 0): "T24 front r3", (1, 1): "T46 front r1",
               (1, 2): "T33 front r1", (2, 0): "T06 front r3", (2, 1): "T28 front r2"}
RIVAL_ISLAND = {(0, 0): "T20 front r0", (0, 1): "T21 front r0", (1, 0): "T34 front r3", (1, 1): "T47 front r1",
                (2, 0): "T11 front r3", (2, 1): "T40 front r2", (2, 2): "T07 front r2"}
PILE = {PARROT: "T01 front r0", CLOUDS: "T14 back r0", TURTLE: "T03 front r2",
        IGUANA: "T26 front r0", LAST: "T10 front r1"}

#: the rival's glove, at its two steps, one move every PACE seconds of the race clock
PACE = 1.5
RIVAL_BUILDS = (Take(RIVAL, IGUANA), Rotate(RIVAL, 1), Place(RIVAL, (1, 2)))
RIVAL_LAST = (Take(RIVAL, LAST), Place(RIVAL, (0, 2)))       # a wrong connection: explained before the scoring
RIVAL_FINISHES = RIVAL_LAST + (Done(RIVAL),)
#: the closed landscape the coach rings on the scoring: the forest the parrot tile closed (two cells, by the sea)
EXAMPLE_AREA = ("f", (0, 2))


def start(rules: Any = None) -> Any:
    """The lesson's position: the last round of a two-player race, 1:40 left, seven tiles on each island."""
    return position(2, round=3, seed=11, elapsed=140.0, past_rounds=[[14, 17], [16, 13]],
                    islands={YOU: YOUR_ISLAND, RIVAL: RIVAL_ISLAND}, pile=PILE)


def C(key: str) -> Text:
    """A line of the coach: ``ir.coach.<key>`` in the island_race_ui catalogs."""
    return Text.of(f"ir.coach.{key}")


# What the learner is to do ------------------------------------------------------------------------------
def _take(slot: int) -> Callable[[Action], bool]:
    return lambda a: isinstance(a, Take) and a.seat == YOU and a.slot == slot


def _place(cell: tuple[int, int]) -> Callable[[Action], bool]:
    return lambda a: isinstance(a, Place) and a.seat == YOU and tuple(a.cell) == cell


def _kind(cls: type) -> Callable[[Action], bool]:
    return lambda a: isinstance(a, cls) and a.seat == YOU


def _turn_right(action: Action) -> bool:
    return isinstance(action, Rotate) and action.seat == YOU and action.turn == 1


# Where the ring goes ------------------------------------------------------------------------------------
def _slot(slot: int) -> Callable[[Any], pygame.Rect | None]:
    return lambda scene: scene.L.slots[slot]


def _cell(cell: tuple[int, int]) -> Callable[[Any], pygame.Rect | None]:
    """The cell, once the tile is in hand (before that, where it lies in the pile)."""
    def point(scene: Any) -> pygame.Rect | None:
        return scene.L.islands[YOU].cell_rect(*cell)
    return point


def _island(seat: int) -> Callable[[Any], pygame.Rect | None]:
    return lambda scene: scene.L.islands[seat].grid


def _island_under_name(seat: int) -> Callable[[Any], pygame.Rect | None]:
    """The island's grid, ringed clear of the name above it: the coach's ring grows out of the rect it is
    given by up to ~12 px, and the header line (name, total) sits right on the grid's top; the rect given
    starts lower by that much (the ring then runs along the top row's outer, water, edges)."""
    def point(scene: Any) -> pygame.Rect:
        grid = scene.L.islands[seat].grid
        lower = min(theme.px(12), grid.h // 8)
        return pygame.Rect(grid.x, grid.y + lower, grid.w, grid.h - lower)
    return point


def _misfit(scene: Any) -> list[pygame.Rect]:
    """The rival's misfit tile (its top-right corner) and its wrong edge (the forest side against desert): what
    the explanation of the wrong connection talks about."""
    box, r = scene.L.islands[RIVAL], scene.round
    cell = (0, 2)
    rects = [box.cell_rect(*cell)]
    for (a, d) in wrong_joints(r.faces(RIVAL), r.size):
        b = neighbour(a, d, r.size)
        if cell in (tuple(a), tuple(b) if b is not None else None):
            x, y = box.edge_point(tuple(a), d)
            half = max(4, box.cell // 5)
            rects.append(pygame.Rect(x - half, y - half, 2 * half, 2 * half))
    return rects


def _button(name: str) -> Callable[[Any], pygame.Rect | None]:
    return lambda scene: getattr(scene, name).rect


def _scored(seat: int) -> Callable[[Any], pygame.Rect | None]:
    """The island's score lines on the scoring view (None before it is on screen)."""
    def point(scene: Any) -> pygame.Rect | None:
        view = scene.scoring
        if view is None or len(view.boxes) <= seat:
            return None
        return view.boxes[seat].hand          # the score lines under the island
    return point


def _scored_island(seat: int) -> Callable[[Any], pygame.Rect | None]:
    def point(scene: Any) -> pygame.Rect | None:
        view = scene.scoring
        if view is None or len(view.boxes) <= seat:
            return None
        return view.boxes[seat].grid
    return point


def _welcome(scene: Any) -> list[pygame.Rect]:
    """Where we are: your island, the round (3 of 3) and the totals (30 each)."""
    L = scene.L
    return [L.islands[YOU].grid, L.round_label, L.totals]


def _rival_cell(cell: tuple[int, int]) -> Callable[[Any], pygame.Rect | None]:
    return lambda scene: scene.L.islands[RIVAL].cell_rect(*cell)


def _example_area(scene: Any) -> list[pygame.Rect]:
    """The score lines, and one closed landscape of the scored island (its cells, one ring around them)."""
    lines = _scored(YOU)(scene)
    view, last = scene.scoring, scene.state.last_hand
    if lines is None or last is None or last.scores is None:
        return []
    terrain, cell = EXAMPLE_AREA
    area = next((land for land in last.scores[YOU].landscapes if land.terrain == terrain and cell in land.cells),
                None)
    if area is None:
        return [lines]
    box = view.boxes[YOU]
    rects = [box.cell_rect(*c) for c in area.cells]
    return [lines, rects[0].unionall(rects[1:])]


def _scoring_shown(scene: Any) -> bool:
    """The round's scoring view is on the table (after "Everyone is done!")."""
    return scene.stage == "scoring" and scene.scoring is not None


def _scored_up_to(line: str) -> Callable[[Any], bool]:
    """The scoring view has shown its ``line`` (``scoring_view.STEPS``): what the step talks about is there."""
    index = STEPS.index(line)
    return lambda scene: _scoring_shown(scene) and scene.scoring.step_at(scene.stage_t) >= index


def _steps() -> list[Step]:
    return [
        Step(C("welcome"), point=_welcome, name="welcome"),
        Step(C("water"), point=_island_under_name(YOU), name="water"),
        Step(C("clock"), point=lambda scene: scene.L.clock, name="clock"),
        Step(C("take"), expect=_take(PARROT), point=_slot(PARROT), name="take"),
        Step(C("turn"), expect=_turn_right, point=_button("turn_right"), name="turn"),
        Step(C("place"), expect=_place((0, 2)), point=_cell((0, 2)), after=C("placed"), name="place"),
        Step(C("rival"), plays=RIVAL_BUILDS, pace=PACE, point=_island(RIVAL), after=C("rival_built"), name="rival"),
        Step(C("take_clouds"), expect=_take(CLOUDS), point=_slot(CLOUDS), name="take_clouds"),
        Step(C("flip"), expect=_kind(Flip), point=_button("flip_button"), after=C("flipped"), name="flip"),
        Step(C("put_back"), expect=_kind(Return), point=_button("return_button"), after=C("put_back_done"),
             name="put_back"),
        Step(C("take_turtle"), expect=_take(TURTLE), point=_slot(TURTLE), name="take_turtle"),
        Step(C("place_last"), expect=_place((2, 2)), point=_cell((2, 2)), name="place_last"),
        Step(C("done"), expect=_kind(Done), point=_button("done_button"), after=C("first_out"), name="done"),
        Step(C("rival_last"), plays=RIVAL_LAST, pace=PACE, point=_rival_cell((0, 2)), after=C("rival_wrong"),
             after_point=_misfit, name="rival_last"),
        Step(C("rival_done"), point=_island(RIVAL), name="rival_done"),          # read before the round ends
        Step(C("rival_presses"), plays=RIVAL_FINISHES[len(RIVAL_LAST):], pace=PACE,
             point=_island(RIVAL), name="rival_presses"),
        Step(C("scoring"), point=_scored_island(YOU), ready=_scoring_shown, name="scoring"),
        Step(C("plus"), point=_example_area, ready=_scored_up_to("landscapes"), name="plus"),
        Step(C("minus"), point=_scored(RIVAL), ready=_scored_up_to("wrong"), name="minus"),
        Step(C("bonus"), point=_scored(YOU), ready=_scored_up_to("total"), name="bonus"),
        Step(C("end"), name="end"),
    ]


def _scoring(state: Any) -> bool:
    """The scoring step: the round is over and scored (here the race's last round: the match is over)."""
    last = getattr(state, "last_hand", None)
    return state.is_over() and last is not None and last.scores is not None


def _tutorial() -> Tutorial:
    return Tutorial(
        game_id="island-race",
        start=start,
        seats=[("ir.coach.name_you", "human"), ("ir.coach.name_rival", "easy")],
        steps=_steps(),
        action_types=("ir.take", "ir.rotate", "ir.flip", "ir.return", "ir.place", "ir.done"),
        scoring=_scoring,
        title=C("title"))


TUTORIAL = _tutorial()
