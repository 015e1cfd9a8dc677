"""The Pirateer table for the fantastic eight (issue 19, item 5): 5 to 8 players on two boards, two treasures, four
dice. The harbour picker offers all eight harbours by name (a click and a number key choose any of them; bots
choose too), the coin flip is shown, the table reads the treasure SET (both coins on the chosen island, a carrier
with two coins, a line for each treasure, a compass for each carrier), a take and a boarding with four dice play
out and every frame names what it draws in both catalogs. Driven by real pygame events on a ManualClock."""
from __future__ import annotations

import pygame
import pytest

from game.games.pirateer import effects as fx
from game.games.pirateer import positions
from game.games.pirateer.moves import ISLAND
from game.games.pirateer.panel import short_name
from game.games.pirateer.rules import MOVE, OVER, START, Move, Roll, Take
from tests.app.conftest import app, click, frames, key, start_table  # noqa: F401 - the app fixture
from tests.app.conftest import table_at as open_table_at
from tests.games.pirateer.test_explained import drawn   # n frames, each checked in both catalogs

EIGHT = {"fantastic-eight": True}
TREASURES = ("treasure-1", "treasure-2")


def ships_at(players: int, **moved) -> dict:
    """Every fleet of a ``players`` game on its start squares (S2), with the ``moved`` ships (short names) elsewhere."""
    start = positions.position(players=players, options=EIGHT, island="A")
    ships = {s: c for s, c in start.ships.items()}
    ships.update({positions.ship_name(name): cell for name, cell in moved.items()})
    return ships


def said(scene) -> set[str]:
    return {text.key for _, text, _ in scene.explained}


def until_idle(app, scene, limit: int = 900) -> set[str]:
    """Frames (every eighth checked) until nothing animates and no bot is to act."""
    seen: set[str] = set()
    for k in range(limit):
        if k % 8:
            frames(app, 1)
            continue
        seen |= drawn(app, scene)
        if not scene.timeline.clips() and (scene.game.is_over() or not scene.is_bot(scene.game.current)):
            break
    return seen


# -- the harbour picker ---------------------------------------------------------------------------------------
def test_the_picker_offers_all_eight_harbours_by_name_and_a_key_or_a_click_chooses_any(app):
    scene = start_table(app, "pirateer", ["human"] * 8, options=EIGHT)
    board = scene.game.board
    assert scene.choosing() and len(board.factions) == 8
    assert set(scene.picker.cards) == set(board.factions)            # "spanish-a" and "spanish-b" apart
    assert len({tuple(r) for r in scene.picker.cards.values()}) == 8  # eight cards, none on another
    assert sorted(scene.choosable()) == sorted(board.factions)
    seen = drawn(app, scene)
    assert "harbour" in seen and "pir.explain.pick_free" in said(scene)
    key(app, pygame.K_8)                                              # the eighth harbour clockwise
    assert scene.game.seat_factions[0] == [board.factions[7]]
    card = scene.picker.cards["spanish-b"]
    click(app, card.center)                                           # the card of Spanish B
    frames(app, 2)
    assert scene.game.seat_factions[1] == ["spanish-b"]
    drawn(app, scene)
    assert "pir.explain.pick_taken" in said(scene)
    key(app, pygame.K_1)                                              # Spanish A is still free
    assert scene.game.seat_factions[2] == ["spanish-a"]


def test_bots_choose_harbours_then_the_coin_flip_puts_both_treasures_on_one_island(app):
    scene = start_table(app, "pirateer", ["human"] + ["medium"] * 4, options=EIGHT, seed=5)
    key(app, pygame.K_5)
    seen = until_idle(app, scene)
    g = scene.game
    assert not scene.choosing() and all(len(fs) == 1 for fs in g.seat_factions)
    assert len({f for fs in g.seat_factions for f in fs}) == 5
    assert g.setup.island in ("A", "B")
    assert any(e.kind == "flipped" for e in g.events)
    assert len(scene._island_coins()) == 2 and "treasure" in seen
    lines, _ = scene.panel.treasure_lines()
    assert lines == [f"Both treasures are on island {g.setup.island}."]


# -- a take and a boarding with four dice ---------------------------------------------------------------------
@pytest.mark.parametrize("players", [5, 6, 8])
def test_a_take_with_four_dice_then_bots_play_on(app, players):
    state = positions.position(players=players, options=EIGHT, island="A", ships=ships_at(players, SpA1=(8, 9)),
                               current="spanish-a", next_rolls=[[1, 2, 3, 4]] + [[2, 3, 4, 5]] * 6)
    kinds = ["human"] + ["medium"] * (players - 1)
    scene = open_table_at(app, "pirateer", state, kinds)
    seen = drawn(app, scene)
    assert len(scene.panel.cells(players)) == players
    take = next(a for a in scene.legal() if isinstance(a, Take))
    scene.play(take)
    seen |= drawn(app, scene)
    assert scene.timeline.clips(fx.CoinHop)                            # the coin hops onto the ship ...
    assert scene.coins_drawn(ISLAND) == 1 and scene.coins_drawn("ship-spanish-a-1") == 0   # ... the other stays
    seen |= drawn(app, scene, 40)
    assert scene.coins_drawn("ship-spanish-a-1") == 1
    g = scene.game
    assert list(g.treasures.values()).count("ship-spanish-a-1") == 1 and scene.coins_of("ship-spanish-a-1") == 1
    assert len(scene._island_coins()) == 1
    lines, _ = scene.panel.treasure_lines()
    assert lines[0].startswith("Treasure 1: Spanish A ship 1") and lines[1] == "Treasure 2: on island A."
    scene.play(Roll(0))
    seen |= drawn(app, scene, 10)
    assert len(scene.shown_dice) == 4                                  # V11.4: four dice, four faces
    while scene.game.phase == MOVE and scene.game.current == 0:
        scene.play(next(a for a in scene.legal() if isinstance(a, Move)))
        seen |= drawn(app, scene, 5)
    turn = scene.game.turn
    seen |= until_idle(app, scene)                                    # the bots' turns, four dice each
    assert scene.game.turn >= turn + 2 or scene.game.is_over()        # some bots' turns played out
    assert {"treasure", "die", "fleet", "compass", "ship", "last-move"} <= seen


@pytest.mark.parametrize("players", [5, 8])
def test_a_boarding_takes_both_treasures_and_the_carrier_shows_two_coins(app, players):
    ships = ships_at(players, SpA1=(13, 14), FrA1=(10, 14))
    state = positions.position(players=players, options=EIGHT, island="A", ships=ships,
                               treasures={"treasure-1": "SpA1", "treasure-2": "SpA1"}, current="french-a",
                               phase=MOVE, dice=(3, 1, 2, 4))
    scene = open_table_at(app, "pirateer", state, ["human"] * players)
    seen = drawn(app, scene)
    assert scene.coins_of("ship-spanish-a-1") == 2 and "pir.explain.ship_carrier_both" in said(scene)
    assert scene.panel.treasure_lines()[0] == ["Spanish A ship 1 carries both treasures, at V16."]
    boarding = Move(2, ("ship-french-a-1",), "SE", 3)
    assert scene.game.check(boarding) is None
    scene.play(boarding)
    seen |= drawn(app, scene, 40)
    g = scene.game
    assert "ship-spanish-a-1" not in g.ships and set(g.treasures.values()) == {"ship-french-a-1"}
    took = [e for e in g.events if e.kind == "took"]
    assert sorted(e.get("treasure") for e in took) == list(TREASURES)    # one "took" per treasure seized (V11.5)
    assert scene.coins_of("ship-french-a-1") == 2
    assert {"effect", "last-move", "treasure", "compass"} <= seen
    assert "pir.explain.list_carrier_both" in said(scene)


def test_two_carriers_two_compasses_and_the_end_panel(app):
    ships = ships_at(8, SpA1=(13, 14))                               # French A ship 1 one square from home
    state = positions.position(players=8, options=EIGHT, island="A", ships=ships,
                               treasures={"treasure-1": "SpA1", "treasure-2": "FrA1"}, current="french-a",
                               phase=MOVE, dice=(3, 1, 2, 4))
    scene = open_table_at(app, "pirateer", state, ["human"] * 8)
    drawn(app, scene)
    compasses = [(rect, text) for rect, text, kind in scene.explained if kind == "compass"]
    assert len(compasses) == 2 and compasses[0][0].right <= compasses[1][0].left + 1 or \
        compasses[1][0].right <= compasses[0][0].left + 1                 # side by side, one per carrier
    assert short_name("ship-spanish-a-1") == "SpA1" and short_name("ship-french-b-3") == "FrB3"
    lines, _ = scene.panel.treasure_lines()
    assert len(lines) == 2
    home = next(a for a in scene.legal() if isinstance(a, Move) and a.ships == ("ship-french-a-1",)
                and a.die == 1 and a.direction == "NW")
    scene.play(home)
    seen = drawn(app, scene, 60)
    assert scene.game.phase == OVER and "victory" in seen
    assert scene.victory.visible
    assert scene._ending().how.key == "pir.ui.won_treasure_one"


def test_the_table_for_eight_fits_at_960x540(app):
    from tests.app.test_window_sizes import resize
    resize(app, (960, 540))
    state = positions.position(players=8, options=EIGHT, island="B", phase=START, current="spanish-b")
    scene = open_table_at(app, "pirateer", state, ["human"] * 8)
    drawn(app, scene)
    panel = scene.panel
    assert panel.rect.contains(panel.fleet_rect) and panel.fleet_rect.bottom <= panel.treasure_rect.top
    assert panel.treasure_rect.bottom < scene.logpanel.rect.top and scene.logpanel.rect.h > 60
    assert len(scene._island_coins()) == 2


# -- the seat's pennant, the frame's numbers and the picker's prompt -----------------------------------------------
def test_every_ship_flies_its_players_pennant_in_the_seats_colour(app):
    """Item 5: a ship shows its faction's emblem on the sail (its rules) and its player's pennant at the masthead,
    in the seat's colour with its symbol (whose ship it is): the same colour as the seat's chip in the panel."""
    from game.games.pirateer import sprites
    from game.ui import theme
    state = positions.position(players=8, options=EIGHT, island="A", phase=START, current="spanish-a")
    scene = open_table_at(app, "pirateer", state, ["human"] * 8)
    g = scene.game
    size = 120
    x0, y0, x1, y1 = sprites.SHIP_PENNANT
    for faction in ("spanish-a", "pirates-b"):
        seat = g.controller(faction)
        colour = scene.session.seats[seat].colour
        img = scene.ship_image(f"ship-{faction}-1", size=size)
        plain = sprites.ship(faction, size, number=1, facing=scene.facing.get(f"ship-{faction}-1", 1))
        assert img.get_size() == plain.get_size()
        rgb = theme.seat_colour(colour)
        region = [img.get_at((x, y))[:3] for x in range(size) for y in range(int(y0 * size), int(y1 * size))]
        near = sum(1 for p in region if sum(abs(a - b) for a, b in zip(p, rgb)) < 30)
        assert near > 0.04 * len(region), faction                   # the pennant's colour is the seat's
    a = scene.ship_image("ship-spanish-a-1", size=size)
    b = sprites.ship("spanish-a", size, number=1, facing=scene.facing.get("ship-spanish-a-1", 1),
                     seat=(scene.session.seats[g.controller("spanish-a")].colour + 1) % 8)
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")   # another seat, another pennant


def test_the_two_board_frame_prints_numbers_that_never_touch_and_all_of_them_zoomed_in(app):
    from tests.app.test_window_sizes import resize
    resize(app, (960, 540))
    state = positions.position(players=8, options=EIGHT, island="B", phase=START, current="spanish-b")
    scene = open_table_at(app, "pirateer", state, ["human"] * 8)
    drawn(app, scene)

    def columns():
        boxes = [(t, b) for t, b, side in scene.view.label_rects() if side == "column"]
        top = min(b.y for _, b in boxes)
        return [(t, b) for t, b in boxes if b.y == top]
    row = columns()
    assert [t for t, _ in row][:3] == ["1", "3", "5"] and row[-1][0] == "33"   # every other number, from 1
    for (_, a), (_, b) in zip(row, row[1:]):
        assert a.right < b.left                                      # none touches the next
    scene.view.zoom_at(scene.view.board_rect.center, 3.0)
    frames(app, 2)
    row = columns()
    assert [int(t) for t, _ in row] == list(range(int(row[0][0]), int(row[-1][0]) + 1))   # zoomed in: every number
    for (_, a), (_, b) in zip(row, row[1:]):
        assert a.right < b.left


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_pickers_prompt_covers_no_harbours_card(app, size):
    from tests.app.test_window_sizes import resize
    resize(app, size)
    scene = start_table(app, "pirateer", ["human"] * 8, options=EIGHT)
    drawn(app, scene)
    prompt = [rect for rect, text, kind in scene.explained if text.key == "pir.explain.choose_line"]
    assert len(prompt) == 1 and scene.view.rect.contains(prompt[0])
    assert prompt[0].collidelist(list(scene.picker.cards.values())) < 0


# -- seven other seats' turns followable ----------------------------------------------------------------------------
def test_after_seven_bots_turns_the_recap_names_every_one_of_them_and_each_seat_keeps_its_mark(app):
    """Item 5: with eight seats, when the human's turn comes round again the recap names each of the seven others'
    turns in play order (every one at least by its first line), inside the window, and each seat that moved keeps
    its last move marked on the sea in its own colour."""
    state = positions.position(players=8, options=EIGHT, island="A", phase=START, current="spanish-a")
    scene = open_table_at(app, "pirateer", state, ["human"] + ["easy"] * 7)
    g = scene.game
    human = g.controller("spanish-a")
    assert human == 0 and scene.my_turn() == 0
    scene.play(Roll(0))
    frames(app, 30)
    while g.current == 0 and g.phase == MOVE:
        moves = [a for a in scene.legal() if isinstance(a, Move)]
        scene.play(moves[0] if moves else next(a for a in scene.legal()))
        frames(app, 10)
    if g.current == 0:
        scene.play(next(a for a in scene.legal()))
    for _ in range(600):
        frames(app, 1)
        if scene.no_move_ok.visible:                                   # a roll with no move: the human's OK
            click(app, scene.no_move_ok.rect.center)
            break
    for _ in range(8000):
        frames(app, 1)
        if scene.my_turn() == 0 and not scene.timeline.clips() and scene.recap.visible:
            break
    assert scene.my_turn() == 0 and scene.recap.visible, (g.current, g.phase, g.turn, scene.my_turn(),
                                                          scene.timeline.clips(), scene.recap.visible, g.is_over())
    others = [s for s, _ in scene.recap.blocks]
    assert others == [s for s in g.order if s != 0]                    # the seven others, in play order
    drawn(app, scene)
    import os
    if os.environ.get("PGN_SHOT"):
        pygame.image.save(app.screen, os.environ["PGN_SHOT"])
    heads = [seat for kind, seat, _ in scene.recap._drawn if kind in ("head", "lead")]
    assert heads == others                                             # every one of them named ...
    lines = {seat for kind, seat, _ in scene.recap._drawn if kind in ("line", "lead")}
    assert lines == set(others)                                        # ... with at least its first line
    assert app.screen.get_rect().contains(scene.recap.rect)
    marks = scene.seat_marks()
    moved = {s for s in others if s in scene.last_moves()}
    assert moved and moved <= set(marks)
    assert len({scene.seat_rgb(s) for s in range(8)}) == 8            # eight colours, one a seat


def _human_turn(app, scene):
    """The seat on turn (a human) rolls with Space, sails the first legal move of each die, ends its turn; a roll
    with no move is acknowledged with its OK."""
    g = scene.game
    seat = g.current
    key(app, pygame.K_SPACE)
    for _ in range(600):
        frames(app, 1)
        if scene.no_move_ok.visible:
            click(app, scene.no_move_ok.rect.center)
            break
        if g.current != seat or g.phase == MOVE and not scene.timeline.clips() and scene.my_turn() == seat:
            break
    while g.current == seat and g.phase == MOVE and not g.is_over():
        moves = [a for a in scene.legal() if isinstance(a, Move)]
        scene.play(moves[0] if moves else scene.legal()[0])
        frames(app, 10)
    while g.current == seat and not g.is_over() and scene.legal():
        scene.play(scene.legal()[0])                                   # End turn / take, whatever is left
        frames(app, 10)
    for _ in range(900):
        frames(app, 1)
        if not scene.timeline.clips() or scene.no_move_ok.visible:
            break


def test_hot_seat_for_eight_humans_each_reads_the_others_turns_since_their_own(app):
    """Item 5: eight humans at one computer. No privacy screen is needed (Pirateer hides nothing from anyone); each
    human's turn opens with the recap of every other seat's turn since that human's last move, in play order."""
    state = positions.position(players=8, options=EIGHT, island="A", phase=START, current="spanish-a")
    scene = open_table_at(app, "pirateer", state, ["human"] * 8)
    g = scene.game
    assert scene.privacy_for is None and not scene.privacy.visible
    order = list(g.order)
    for _ in range(8):                                                 # the first round: each human once
        assert scene.my_turn() == g.current
        _human_turn(app, scene)
    first = order[0]
    assert g.current == first and scene.my_turn() == first and not g.is_over()
    frames(app, 2)
    assert scene.recap.visible and [s for s, _ in scene.recap.blocks] == order[1:]
    _human_turn(app, scene)
    second = order[1]
    assert scene.my_turn() == second and scene.recap.visible
    assert [s for s, _ in scene.recap.blocks] == order[2:] + order[:1]   # since its own turn: the others, in order


# -- the frame budget: the board's kept picture ------------------------------------------------------------------
def test_the_board_picture_is_kept_while_ships_stand_and_a_fresh_drawing_shows_the_same_at_every_moment(app):
    """The table, the map, the wakes and marks of every seat's last move and the ships standing still are one kept
    picture (the eight-fleet table's frame budget), painted again only when one of them changes; what glides, sinks
    or hops is drawn over it. Through the human's turn and seven bots' turns, at every moment the window and its
    explanations are exactly what a drawing from scratch shows; while a ship is picked nothing is kept."""
    state = positions.position(players=8, options=EIGHT, island="A", phase=START, current="spanish-a")
    scene = open_table_at(app, "pirateer", state, ["human"] + ["easy"] * 7)
    g = scene.game
    frames(app, 2)
    board = scene._kept["board"]
    scene.mark_dirty()
    frames(app, 1)
    assert scene._kept["board"] is board                   # nothing changed: not painted again

    glides: list = []

    def same_as_fresh() -> bytes:
        for _ in range(2):                                 # (the first may show the picture a frame late)
            app.draw()
        kept = pygame.image.tobytes(app.screen, "RGB")
        told = [(tuple(r), t, k) for r, t, k in scene.explained]
        scene.forget_kept()
        app.draw()
        assert pygame.image.tobytes(app.screen, "RGB") == kept
        assert [(tuple(r), t, k) for r, t, k in scene.explained] == told
        glides.extend(scene.timeline.clips(fx.Glide))
        return kept

    scene.play(Roll(0))
    seen = {same_as_fresh()}
    moves = [a for a in scene.legal() if isinstance(a, Move)]
    if moves:
        scene.selected = tuple(moves[0].ships)
        frames(app, 1)
        assert "board" not in scene._kept                  # picked: painted afresh every frame
        scene.selected = None
    while g.current == 0 and not g.is_over():
        moves = [a for a in scene.legal() if isinstance(a, Move)]
        scene.play(moves[0] if moves else next(a for a in scene.legal()))
        for _ in range(4):
            frames(app, 3)
            seen.add(same_as_fresh())
    bots = [g.current]
    for k in range(1200):                                  # three bots' turns
        frames(app, 1)
        if scene.no_move_ok.visible:                       # a roll with no move: the human's OK
            click(app, scene.no_move_ok.rect.center)
        if k % 6 == 0:
            seen.add(same_as_fresh())
        if g.current != bots[-1]:
            bots.append(g.current)
        if len(bots) > 3 and not scene.timeline.clips():
            break
    assert len(bots) > 3 and len(seen) > 40                # three bots' turns, their rolls and ...
    assert len({id(c) for c in glides}) > 4                # ... glides, each drawn over the kept board
