"""Issue 15, "everything explains itself", on the Pirateer table: every ship, stack, lit square, board feature
(currents, straits, harbours and anchors, Skull Island and its docks, islets, land, wrecks), the treasure, the
dice, the head, the fleets, the compass, the prompt, the acey-deucey pickers, the harbours while the fleets are
chosen and every button names itself in both catalogs (``check_frame``); the pointer at rest and F1 show it."""
from __future__ import annotations

import random

import pygame

from game.core.protocol import Text
from game.games.pirateer import positions
from game.games.pirateer.rules import BONUS, MOVE, Move
from game.i18n import tr
from game.scenes.table import EXPLAIN_AFTER
from tests.app.conftest import app, frames, key, start_table  # noqa: F401 - the app fixture
from tests.app.conftest import table_at as open_table_at
from tests.support.explained import check_frame


def table_at(app, state, kinds=("human", "human")):
    """The table of a game that begins at ``state`` (a built position), opened as the app opens every game."""
    return open_table_at(app, "pirateer", state, kinds)


def drawn(app, scene, n: int = 1) -> set[str]:
    """Draw ``n`` frames of the real loop and check what each named; the kinds seen."""
    seen: set[str] = set()
    for _ in range(n):
        scene.mark_dirty()
        frames(app, 1)
        assert app.stack.top is scene, "the table crashed"
        seen |= check_frame(scene)
    return seen


def sweep(app, scene, rnd: random.Random, actions: int) -> set[str]:
    """Seeded random play by the humans at the table, each frame checked: a ship picked up (its squares lit)
    before each move, and the frames of the animations that follow."""
    seen = drawn(app, scene)
    for _ in range(actions):
        g = scene.game
        seat = scene.my_turn()
        if g.is_over() or seat is None:
            break
        if g.phase == MOVE:
            groups = sorted(scene.movable_groups())
            if groups:
                scene.selected = rnd.choice(groups)
                seen |= drawn(app, scene)
                scene.selected = None
        legal = scene.legal()
        moves = [a for a in legal if isinstance(a, Move)]
        action = rnd.choice(moves if moves and rnd.random() < 0.9 else legal)
        scene.play(action)
        seen |= drawn(app, scene, 4)            # the dice tumbling, ships gliding, sinking, banners
    return seen


def ship_point(scene, ship):
    x, y = scene.view.anchor_point(scene.game.ships[ship])
    return int(x), int(y - 0.5 * scene.view.h)


def square_point(scene, cell):
    x, y = scene.view.centre(cell)
    return int(x), int(y)


def test_everything_the_table_draws_explains_itself(app):
    seen: set[str] = set()
    rnd = random.Random(15)
    # the fleets chosen at the table: the harbours lit, the seats' rows
    scene = start_table(app, "pirateer", ["human", "human", "human"], seed=4)
    seen |= drawn(app, scene)
    seen |= sweep(app, scene, rnd, 2)
    app.stack.pop()
    # random play with variants on: wrecks, acey-deucey, nuke, flotilla stacks, the dead man, war wind
    for kinds, options, n in ((["human"] * 2, {"wrecks": True, "acey-deucey": True, "free-boarding": True}, 30),
                              (["human"] * 4, {"flotilla": True, "nuke": True}, 20),
                              (["human"] * 3, {"dead-man": True, "storm": True}, 15),
                              (["human"] * 2, {"war-wind": True}, 10)):
        scene = start_table(app, "pirateer", kinds, seed=rnd.randrange(1000), options={"factions": "preset", **options})
        seen |= sweep(app, scene, rnd, n)
        app.stack.pop()
    # the rare ones, built: a boarding (smoke, the sinking, the coin changing hands, then a wreck) ...
    state = positions.position(players=2, ships={"Sp1": (5, 5), "Sp2": (8, 3), "Pi1": (5, 8), "Pi2": (15, 12)},
                               treasure="Pi1", current="spanish", wrecks=[(6, 6)], phase=MOVE, dice=(3, 5),
                               options={"factions": "preset", "wrecks": True})
    scene = table_at(app, state)
    boarding = Move(0, ("ship-spanish-1",), "SW", 3)
    assert scene.game.check(boarding) is None
    scene.play(boarding)
    board_seen = drawn(app, scene, 30)
    assert {"effect", "wreck", "last-move", "treasure", "coordinate"} <= board_seen
    seen |= board_seen
    app.stack.pop()
    # ... the end held: the victory panel and its button
    state = positions.position(players=2, ships={"Sp1": (5, 5), "Pi1": (5, 8)}, treasure="Pi1", current="spanish",
                               phase=MOVE, dice=(3, 5), options={"factions": "preset"})
    scene = table_at(app, state)
    scene.play(Move(0, ("ship-spanish-1",), "SW", 3))
    seen |= drawn(app, scene, 3)
    assert "victory" in seen
    app.stack.pop()
    # ... and the acey-deucey pickers over a flotilla's stacks
    state = positions.position(players=2, current="spanish", phase=BONUS, dice=(1, 2), used=(True, True),
                               options={"factions": "preset", "acey-deucey": True, "flotilla": True})
    scene = table_at(app, state)
    seen |= drawn(app, scene)
    app.stack.pop()
    missing = set(scene.EXPLAINED_KINDS) - seen
    assert not missing, f"never drawn and explained: {sorted(missing)}"


def said(scene) -> set[str]:
    """The catalog keys of what the last frame named (a joined explanation gives both parts)."""
    out: set[str] = set()
    for _, text, _ in scene.explained:
        out.add(text.key)
        if text.key == "pir.explain.join":
            out |= {text.kwargs["a"].key, text.kwargs["b"].key}
    return out


def test_buttons_choosers_and_modes_say_what_they_do(app):
    """The rarer sayings, built: a ship on a dock before the roll (Take treasure, the coin to click, Arm nuke and
    the ships to arm), the turn's end with a take still open (End turn), a flotilla stack's chooser."""
    state = positions.position(players=2, ships={"Sp1": (8, 9), "Sp2": (8, 3), "Pi1": (14, 14)}, current="spanish",
                               options={"factions": "preset", "nuke": True})
    scene = table_at(app, state)
    drawn(app, scene)
    assert {"pir.explain.take", "pir.explain.coin_take", "pir.explain.arm"} <= said(scene)
    scene._toggle_arm()
    drawn(app, scene)
    assert {"pir.explain.arm_cancel", "pir.explain.hint_arm"} <= said(scene)
    app.stack.pop()
    state = positions.position(players=2, ships={"Sp1": (8, 9), "Sp2": (8, 3), "Pi1": (14, 14)}, current="spanish",
                               phase="end", dice=(3, 5), used=(True, True), options={"factions": "preset"})
    scene = table_at(app, state)
    drawn(app, scene)
    assert {"pir.explain.end_turn", "pir.explain.take", "pir.explain.die_used"} <= said(scene)
    app.stack.pop()
    state = positions.position(players=2, current="spanish", phase=MOVE, dice=(3, 5),
                               options={"factions": "preset", "flotilla": True})
    scene = table_at(app, state)
    cell = scene.game.ships["ship-spanish-1"]
    stack = [g for g in scene.movable_groups() if all(scene.game.ships[s] == cell for s in g)]
    scene._flotilla_choice(cell, stack)
    drawn(app, scene)
    assert "pir.explain.sail_count" in said(scene) and "pir.explain.stack" in said(scene)


def rest_pointer(app, pos) -> None:
    """The real pointer comes to ``pos`` and rests there until the explanation is due."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, int(EXPLAIN_AFTER * 60) + 4)


def open_sea(app):
    """Spanish to sail with a 3 and a 5, a Pirates carrier in reach of a current."""
    state = positions.position(players=2, ships={"Sp1": (5, 5), "Sp2": (8, 3), "Sp3": (3, 8), "Pi1": (14, 14),
                                                 "Pi2": (15, 12), "Pi3": (12, 15)},
                               treasure="Pi1", current="spanish", phase=MOVE, dice=(3, 5),
                               options={"factions": "preset"})
    return table_at(app, state)


def test_the_pointer_at_rest_shows_what_it_rests_on(app):
    scene = open_sea(app)
    scene.selected = ("ship-spanish-1",)                       # its squares lit, each with its die
    drawn(app, scene)
    for kind in ("ship", "target", "current", "strait", "dock", "anchor", "island", "die", "button", "fleet",
                 "compass", "treasure", "head"):
        item = next(it for it in scene.explained if it[2] == kind and scene.explanation_at(it[0].center) == it)
        rest_pointer(app, item[0].center)
        shown = scene._explaining()
        assert shown is not None and shown[2] == kind and shown[1] == item[1], kind
        assert scene.selected == ("ship-spanish-1",)          # resting the pointer changes nothing
    # the ship under the pointer says whose it is and that it is in hand
    rest_pointer(app, ship_point(scene, "ship-spanish-1"))
    words = tr(scene._explaining()[1])
    assert "Spanish ship 1" in words and "P0" in words and "in hand" in words
    # the carrier says so, and the current says which way the carrier may ride it
    rest_pointer(app, ship_point(scene, "ship-pirates-1"))
    assert scene._explaining()[1].key == "pir.explain.ship_carrier"
    rest_pointer(app, square_point(scene, (7, 8)))
    named = scene._explaining()[1]                             # the square's name first, as the frame prints it
    assert named.key == "pir.explain.named" and named.kwargs["name"] == "J16" == scene.game.board.square_name((7, 8))
    current = named.kwargs["what"]
    assert current.key == "pir.explain.join" and current.kwargs["b"].key == "pir.explain.current_carrier"


def test_f1_explains_the_focused_ship_square_and_harbour(app):
    scene = open_sea(app)
    key(app, pygame.K_TAB)                                    # a ship picked up by the keyboard
    group = scene.selected
    assert group is not None
    key(app, pygame.K_F1)
    pinned = scene._explain_pinned
    assert pinned is not None and pinned[2] == "ship"
    assert pinned[1].kwargs["a"].kwargs["ship"].kwargs["n"] == int(group[0][-1])
    key(app, pygame.K_RIGHT)                                  # the arrows: a lit square
    cell = scene._hover_cell
    assert cell in scene.landings_of(group)
    key(app, pygame.K_F1)
    pinned = scene._explain_pinned
    assert pinned is not None and pinned[2] == "target" and pinned[1].key.startswith("pir.explain.target")
    # the fleets chosen at the table: the focused harbour
    app.stack.pop()
    scene = start_table(app, "pirateer", ["human", "human"], seed=4)
    key(app, pygame.K_RIGHT)
    focus = scene.picker.focus
    assert focus is not None
    key(app, pygame.K_F1)
    pinned = scene._explain_pinned
    assert pinned is not None and pinned[2] == "harbour" and pinned[1].key == "pir.explain.pick_free"
    assert pinned[1].kwargs["faction"] == Text.of(f"pir.faction_of.{focus}")


def test_every_explanation_is_in_both_catalogs_with_the_same_parameters():
    import re
    from game.i18n import _load  # noqa: PLC2701 - the catalogs as loaded
    en, it = _load("en"), _load("it")
    keys = {k for k in en if k.startswith("pir.explain.")}
    assert keys and keys == {k for k in it if k.startswith("pir.explain.")}
    for k in keys:
        assert set(re.findall(r"{(\w+)(?::\w+)?}", en[k])) == set(re.findall(r"{(\w+)(?::\w+)?}", it[k])), k  # {name:a}: "ad Anna"
