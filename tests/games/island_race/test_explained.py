"""Everything the Island Race table draws explains itself (issue 15, item 2): the pile and its tiles, the tiles
in hand, the islands and their cells, the clock, the totals, the buttons, the gloves, the warnings, the assist
marks, the Done ribbons and the scoring, each named with a text in both catalogs (``check_frame``); the pointer
resting on a thing, and F1 on the keyboard player's cursor, show that explanation."""
from __future__ import annotations

import pygame

from game.core.protocol import Text
from game.games.island_race.pace import GO_SHOWN
from game.games.island_race.rules import LAST, Done, Place, Take
from game.games.island_race.scene import IslandRaceScene
from game.games.island_race.scoring_view import STEPS, face_text
from game.games.island_race.tiles import TILE_IDS
from game.i18n import has_key
from game.scenes.table import EXPLAIN_AFTER
from tests.app.conftest import app, click, frames, key  # noqa: F401 - the app fixture
from tests.games.island_race.test_scene import (breaking_slot, centre, fitting_slot, pads, post_motion,  # noqa: F401
                                              start, to_play)
from tests.support.explained import check_frame


def nested_keys(text: Text) -> list[str]:
    """The catalog keys of a text and of the texts among its parameters (a tile's face, an edge's terrain)."""
    out = [text.key]
    for _, value in text.params:
        if isinstance(value, Text):
            out += nested_keys(value)
    return out


def look(scene: IslandRaceScene, seen: set[str]) -> None:
    """What the last frame drew: every explanation checked (its parameters' texts too), its kinds kept. A pile
    tile is described by the up face the viewer's view shows in that slot (never a tile id, never the other
    side)."""
    seen |= check_frame(scene)
    view = scene.shown_round().view(scene.viewer())
    for rect, text, kind in scene.explained:
        for k in nested_keys(text):
            assert has_key(k, "en") and has_key(k, "it"), f"{kind} at {tuple(rect)}: {k} missing"
        assert not any(isinstance(v, str) and v in TILE_IDS for _, v in text.params), f"{text}: a tile id"
        if kind == "tile":
            slot = scene.L.slots.index(rect)
            assert text == Text.of("ir.explain.tile", face=face_text(view.pile[slot].face))


def run(app, scene, seen: set[str], n: int, every: int = 5) -> None:
    for i in range(n):
        frames(app, 1)
        if i % every == 0:
            look(scene, seen)


def fill_island(scene, seat: int, done: bool = True) -> None:
    """``seat`` fills its island with the first pile tiles (as they lie) and declares Done."""
    r = scene.round
    for cell in [(row, col) for row in range(r.size) for col in range(r.size)]:
        if r.grids[seat][cell[0] * r.size + cell[1]] is not None:
            continue
        slot = next(s for s, p in enumerate(r.pile) if p is not None)
        scene.session.apply(Take(seat, slot))
        scene.session.apply(Place(seat, cell))
        scene.after_action(Place(seat, cell))
    if done:
        scene.session.apply(Done(seat))
        scene.after_action(Done(seat))


def to_scoring(app, scene, seen: set[str]) -> None:
    """The clock run out, the round's end shown, the scoring step by step, then the round table."""
    scene.race_now = scene.round.round_start + scene.round.timer
    scene.time_scale = 1.0
    frames(app, 3)
    assert scene.stage == "ending"
    look(scene, seen)
    scene.time_scale = 100.0
    for _ in range(600):
        frames(app, 1)
        if scene.stage == "scoring":
            break
    assert scene.stage == "scoring"
    scene.time_scale = 0.0
    view = scene.scoring
    for step in range(len(STEPS)):
        scene.stage_t = (step + 0.5) * view.step_seconds
        frames(app, 1)
        look(scene, seen)
    scene.stage_t = view.duration + 5.0
    frames(app, 2)
    look(scene, seen)
    if scene.ending_shown() == "round-scoring":   # every island's scoring read: See the summary
        click(app, scene.ending_button().center)
        frames(app, 2)
        look(scene, seen)


def test_everything_the_table_draws_explains_itself(app):
    seen: set[str] = set()
    # two people at one computer (the mouse and the keyboard, with the edge help) and a bot: the countdown, then
    # the race
    scene = start(app, ["human", "human", "easy"], seed=5, aid=True)
    frames(app, 3)
    look(scene, seen)                                   # the pile mixed, the count, who plays with what
    to_play(app, scene)
    look(scene, seen)
    key(app, pygame.K_RIGHT)                            # the keyboard cursor is on screen
    look(scene, seen)
    # the mouse player takes a tile that fits a corner, rests it on a cell: lit cells, the assist marks
    slot = fitting_slot(scene, 0, (0, 0))
    click(app, scene.L.slots[slot].center)
    post_motion(centre(scene, 0, (0, 0)))
    frames(app, 2)
    look(scene, seen)
    click(app, centre(scene, 0, (0, 0)))
    # a tile that breaks the water rule beside it: the warning
    slot = breaking_slot(scene, 0, (0, 1))
    click(app, scene.L.slots[slot].center)
    click(app, centre(scene, 0, (0, 1)))
    assert scene.warning is not None
    look(scene, seen)
    # the bot builds and is done (its glove, its Done ribbon)
    scene.time_scale = 1.0
    run(app, scene, seen, 30)
    fill_island(scene, 2)
    run(app, scene, seen, 10)
    to_scoring(app, scene, seen)
    # no timer: the last-tile phase and Stop
    app.stack.pop()
    scene = start(app, ["human", "easy"], seed=2, options={"no-timer": True})
    to_play(app, scene)
    look(scene, seen)
    fill_island(scene, 1)
    assert scene.round.phase == LAST
    frames(app, 2)
    look(scene, seen)
    # a round of four with a bigger spread of islands: animals, volcanoes, empty cells and wrong joints scored
    app.stack.pop()
    scene = start(app, ["human", "easy", "medium", "hard"], seed=9)
    to_play(app, scene)
    fill_island(scene, 0, done=False)
    fill_island(scene, 1)
    run(app, scene, seen, 5)
    to_scoring(app, scene, seen)
    missing = set(IslandRaceScene.EXPLAINED_KINDS) - seen
    assert not missing, f"never drawn: {sorted(missing)}"


def rest_on(app, scene, pos) -> Text:
    """The real pointer rests on ``pos``: the explanation the table shows there."""
    post_motion(pos)
    frames(app, int(EXPLAIN_AFTER * 60) + 3)
    shown = scene._explaining()
    assert shown is not None, f"nothing explained at {pos}"
    return shown[1]


def test_the_pointer_resting_on_a_thing_shows_its_explanation(app):
    from game.i18n import tr
    scene = start(app, ["human", "easy"])
    to_play(app, scene)
    scene.stage_t = GO_SHOWN + 1.0                 # "Go!" has faded from over the pile
    r = scene.round
    slot = next(s for s, p in enumerate(r.pile) if p is not None)
    text = rest_on(app, scene, scene.L.slots[slot].center)
    assert text.key == "ir.explain.tile"
    face = r.pile[slot].face
    words = tr(text)
    assert tr(f"ir.terrain.{face.edges[0]}") in words and "top" in words
    assert rest_on(app, scene, scene.L.clock.center).key == "ir.explain.clock"
    assert rest_on(app, scene, scene.flip_button.rect.center).key == "ir.explain.flip"
    assert rest_on(app, scene, scene.done_button.rect.center).key == "ir.explain.done_button"
    cell = rest_on(app, scene, centre(scene, 0, (1, 1)))
    assert cell.key == "ir.explain.cell" and cell.kwargs["need"].key == "ir.explain.need.centre"
    assert rest_on(app, scene, centre(scene, 0, (0, 0))).kwargs["need"].key == "ir.explain.need.corner"
    header = rest_on(app, scene, scene.L.islands[1].header.midleft)
    assert header.key == "ir.explain.header" and header.kwargs["name"] == "Ben"
    counter = rest_on(app, scene, (scene.L.totals.x + 4, scene.L.totals.centery))
    assert counter == Text.of("ir.explain.counter", name="Anna", total=0)


def test_no_bubble_covers_the_tile_in_hand_while_the_pointer_carries_it(app):
    """Found by a newcomer: mid-race the pointer rests on the tile it carries, and the bubble hid the tile's edges,
    the edge help's marks and the buttons. While a tile is in hand nothing pops up by itself; F1 still explains."""
    scene = start(app, ["human", "easy"], aid=True)
    to_play(app, scene)
    scene.stage_t = GO_SHOWN + 1.0
    slot = fitting_slot(scene, 0, (0, 0))
    click(app, scene.L.slots[slot].center)
    assert scene.held(0) is not None
    post_motion(centre(scene, 0, (1, 1)))
    frames(app, int(EXPLAIN_AFTER * 60) + 30)
    assert scene._explaining() is None
    key(app, pygame.K_F1)
    assert scene._explaining() is not None


def test_f1_explains_what_the_keyboard_cursor_is_on(app):
    scene = start(app, ["human", "human", "easy"])
    to_play(app, scene)
    r = scene.round
    key(app, pygame.K_RIGHT)                      # the keyboard player's cursor: pile slot 1
    assert scene.keys_used and scene.kzone == "pile"
    key(app, pygame.K_F1)
    pinned = scene._explaining()
    assert pinned is not None and pinned[0] == scene.L.slots[scene.kslot]
    assert pinned[1] == Text.of("ir.explain.tile", face=face_text(r.pile[scene.kslot].face))
    key(app, pygame.K_F1)                         # again: put away
    assert scene._explaining() is None
    key(app, pygame.K_TAB)                        # the cursor on the island
    key(app, pygame.K_F1)
    pinned = scene._explaining()
    assert pinned is not None and pinned[2] == "cell"
    assert pinned[0] == scene.L.islands[scene.key_seat].cell_rect(*scene.kcell)
    key(app, pygame.K_TAB)                        # back on the pile: Enter takes the tile, the cursor goes over
    slot = scene.kslot
    key(app, pygame.K_RETURN)
    assert r.hands[scene.key_seat] is not None and scene.kzone == "grid"
    key(app, pygame.K_F1)                         # the tile in hand is drawn over the cursor's cell
    assert scene._explaining()[2] == "held"
    key(app, pygame.K_TAB)                        # on the pile, the tile in hand lifted beside the cursor
    scene.kslot = slot
    frames(app, 1)
    key(app, pygame.K_F1)
    assert scene._explaining()[:2] == (scene.L.slots[slot], Text.of("ir.explain.slot_held", name="Ben"))


def test_the_controller_players_help_and_notices_explain_themselves(app, pads):
    iid = pads.connect()
    scene = start(app, ["human", "human", "human", "easy"])
    to_play(app, scene)
    seen: set[str] = set()
    look(scene, seen)
    keys = {text.key for _, text, _ in scene.explained}
    assert "ir.explain.hint_pad" in keys                                  # the help line under the island
    pads.unplug(iid)
    frames(app, 2)
    look(scene, seen)
    gone = [text for _, text, _ in scene.explained if text.key == "ir.explain.pad_gone"]
    assert gone == [Text.of("ir.explain.pad_gone", name="Clara", n=1)]
    pads.plug()
    frames(app, 2)
    look(scene, seen)
    assert "ir.explain.pad_back" in {text.key for _, text, _ in scene.explained}
