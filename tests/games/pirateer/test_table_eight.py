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
