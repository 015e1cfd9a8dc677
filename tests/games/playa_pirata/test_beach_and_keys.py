"""Issue 20, items 7 and 8, at the Playa Pirata table: each treasure keeps its place on the beach when another is
buried, a pile never covers its treasure (two rows, several window sizes) and its top card stands out; the prompt
follows the turn and one click (or E) ends a turn with nothing left to play, the final turn too; the keyboard picks
only cards that can be played and never takes a card to an opponent's panel. Real frames on the ManualClock."""
from __future__ import annotations

import pygame
import pytest

from game.ui import palette
from game.games.playa_pirata.cards import TOWEL_VALUE
from game.games.playa_pirata.rules import STEP_B, BuryTreasure, EndTurn, PlayTowels
from tests.app.conftest import app, click, drag, frames, key  # noqa: F401 - the app fixture
from tests.app.test_window_sizes import resize
from tests.games.playa_pirata.helpers import REST, Buried, position
from tests.games.playa_pirata.test_scene import empty_sand, scene_at

SIZES = [(960, 540), (1280, 720), (1920, 1080), (960, 1440)]


def at_size(app, state, size, human=0):
    """The table at ``state`` (``human`` the only human), in a window of ``size``, settled."""
    scene = scene_at(app, state, human)            # (pushed first: an empty stack would quit the app)
    if app.screen.get_size() != tuple(size):
        resize(app, size)
    settle(app, scene)
    return scene


def settle(app, scene, limit=600):
    for _ in range(limit):
        frames(app, 1)
        if not scene.timeline.blocking and not scene.flying and scene.drag.held is None:
            break
    scene.mark_dirty()
    frames(app, 1)


def drawn(scene, *kinds):
    """The rects the last frame explained, of these kinds, in drawing order."""
    return [rect for rect, _, kind in scene.explained if kind in kinds]


# Item 7: a fixed place per treasure ---------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(960, 540), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("buried", [0, 6])
def test_each_treasure_keeps_its_place_on_the_beach_when_another_is_buried(app, size, buried):
    """Before, the beach was laid out again for every burial: one row centred on the treasures there, two rows
    from the eighth on, so every card moved under the pointer (the seventh burial sent half of them to a second
    row). Now the places are those of the whole hand's beach from the start: a burial fills the next one."""
    state = position(3, round=1 if buried == 0 else 3, turn=0, beach=[Buried() for _ in range(buried)])
    scene = at_size(app, state, size)
    places = list(scene.spot_rects)
    cards = drawn(scene, "treasure")
    assert len(places) == len(cards) == buried + 1
    sand = empty_sand(scene)
    treasure = next(s for s in scene.hand_sprites if s.payload.kind == "treasure" and not s.dimmed)
    drag(app, treasure.rect.center, sand)          # buried by a real drag onto the sand
    settle(app, scene)
    assert isinstance(scene.session.actions[-1], BuryTreasure)
    assert scene.spot_rects[:len(places)] == places
    after = drawn(scene, "treasure")
    assert len(after) == len(cards) + 1 and after[:len(cards)] == cards   # not a pixel moved
    assert not any(after[-1].colliderect(c) for c in cards)               # the new one has a place of its own


def test_an_opponents_burial_moves_no_treasure_either(app):
    """Two bots bury in turn (they hold no pirate card: a treasure is all they may play in step A)."""
    from game import games
    from game.core.session import GameSession, Seat
    state = position(3, round=3, turn=1, pirates={1: [], 2: []}, beach=[Buried() for _ in range(6)])
    entry = games.get("playa-pirata")
    seats = [Seat("P0", "human", None, 0)] + [Seat(f"P{i}", "bot", "easy", i) for i in (1, 2)]
    scene = entry.package.make_scene(app, GameSession.at(entry.id, entry.package.rules, seats, state, bot_seed=7))
    scene.bot_due = lambda: None                    # the bots wait until the beach is measured
    app.stack.push(scene, fade=False)
    settle(app, scene)
    before, places = drawn(scene, "treasure"), list(scene.spot_rects)
    assert len(before) == 7
    del scene.bot_due                               # now they play
    for _ in range(1200):
        if scene.my_turn() is not None:
            break
        frames(app, 1)
    settle(app, scene)
    assert len(scene.hand_view(0).beach) == 9
    assert scene.spot_rects[:len(places)] == places
    assert drawn(scene, "treasure")[:len(before)] == before


# Item 7: piles beside their treasures, their top card plain to see ------------------------------------------
def full_beach():
    """A 3-player hand in its last round: all 13 treasures on the beach (two rows), piles of 1 to 12 cards, a
    Flag and a Double beach towel, an umbrella."""
    beach = [Buried(pile=[(1, 2), (2, 3)], by=1, flag=True), Buried(pile=[(2, 1)], by=2), Buried(by=0),
             Buried(pile=[(1, 1), (2, 2), (0, 3)], by=0, umbrella=0), Buried(by=1),
             Buried(by=2, double_by=2, pile=[(0, 1)]), Buried(by=0), Buried(by=1, pile=[(1, 3)]),
             Buried(by=2, pile=[(2, 2), (0, 2)]), Buried(by=0, pile=[(0, 1)]), Buried(by=1),
             Buried(by=2, pile=[(1, REST)])]
    return position(3, special=True, round=7, turn=0, treasures={0: [], 1: [], 2: []},
                    specials={0: "special-bucket", 1: None, 2: None},
                    central=Buried(pile=[(0, 1), (1, 2), (2, 3), (0, REST)]), beach=beach)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_pile_never_covers_a_treasure_in_the_two_row_beach(app, size):
    """Before, a pile lay over the lower third of its treasure (at 960x540 on half of a 56-pixel card)."""
    scene = at_size(app, full_beach(), size)
    assert len({r.y for r in scene.spot_rects}) >= 2 or size == (960, 1440)   # (a tall window: as many rows)
    treasures = drawn(scene, "treasure")
    piles = drawn(scene, "pile", "top_towel", "count")
    assert len(treasures) == 13 and len(drawn(scene, "top_towel")) == 9
    for pile in piles:
        assert not any(pile.colliderect(t) for t in treasures), (pile, [t for t in treasures if pile.colliderect(t)])
    for spot, pile in scene.pile_rects.items():      # everything a pile draws: its cards, shadow, frame and ×N
        assert not any(pile.colliderect(t) for t in treasures)
        assert scene.beach.contains(pile)
    for marker in drawn(scene, "flag", "double"):
        assert not any(marker.colliderect(t) for t in treasures) and not any(marker.colliderect(p) for p in piles)


def luminance(surface, rect):
    """The mean brightness (0-255) of ``rect`` of ``surface``."""
    return sum(pygame.transform.average_color(surface, rect)[:3]) / 3


def test_the_top_towel_of_a_pile_is_plain_to_see_and_the_ones_under_it_darker(app):
    """The top card, the one that counts (R21, R30), lies whole on the pile in a light frame; the cards under it
    peek out above it, darker the deeper they lie."""
    state = position(2, round=3, turn=0, central=Buried(pile=[(0, 3), (1, 2), (0, 1)]), beach=[Buried()])
    scene = at_size(app, state, (1280, 720))
    top = drawn(scene, "top_towel")[0]
    face = scene._pile_card(scene.hand_view(0).beach[0].top, top.size)
    shown = app.screen.subsurface(top).copy()
    again = shown.copy()
    again.blit(face, (0, 0))                       # the card drawn once more where it lies changes nothing:
    upper = pygame.Rect(3, 3, top.w - 6, top.h // 2)   # (the ×N badge lies on its bottom right corner)
    a, b = (pygame.image.tobytes(x.subsurface(upper), "RGB") for x in (shown, again))
    assert max(abs(p - q) for p, q in zip(a, b)) <= 4                         # it is whole, nothing on it
    m = scene._spot_metrics()
    assert tuple(app.screen.get_at((top.centerx, top.y - 1)))[:3] == palette.PARCHMENT   # in a light frame
    # the card just under it: the strip of it that shows above the top card, darker than the card itself
    under = top.move(-m["shift"], -m["peek"])
    strip = pygame.Rect(under.x + 3, under.y + 1, under.w - 6, m["peek"] - 4)
    card_under = scene._pile_card(scene.hand_view(0).beach[0].pile[-2], top.size)
    plain = luminance(card_under, strip.move(-under.x, -under.y))
    assert luminance(app.screen, strip) < 0.9 * plain
    deeper = top.move(-2 * m["shift"], -2 * m["peek"])
    strip2 = pygame.Rect(deeper.x + 3, deeper.y + 1, deeper.w - 6, m["peek"] - 4)
    card_deeper = scene._pile_card(scene.hand_view(0).beach[0].pile[-3], top.size)
    assert luminance(app.screen, strip2) / luminance(card_deeper, strip2.move(-deeper.x, -deeper.y)) < \
        luminance(app.screen, strip) / plain          # darker the deeper


# Item 8: the prompt follows the turn ------------------------------------------------------------------------
def prompt(scene) -> str:
    return scene._step_key(scene.hand_view(scene.viewer()))


def status(scene) -> str:
    return scene._status(scene.hand_view(0), 0)


def test_after_a_burial_the_prompt_asks_for_towels(app):
    state = position(3, round=3, turn=0, beach=[Buried(), Buried(), Buried()])
    scene = at_size(app, state, (1280, 720))
    assert prompt(scene) == "pp.ui.step_a"
    treasure = next(s for s in scene.hand_sprites if s.payload.kind == "treasure" and not s.dimmed)
    drag(app, treasure.rect.center, empty_sand(scene))
    settle(app, scene)
    assert scene.hand_view(0).step == STEP_B and prompt(scene) == "pp.ui.step_b"
    assert "group of towels" in status(scene) and not scene.end_button.visible


def test_a_group_down_and_no_second_one_fitting_the_prompt_says_end_turn_and_one_click_ends_it(app):
    """Before, it said "none of your towels fits: show them and your turn ends", with no Show button to press."""
    state = position(2, round=3, turn=0, step="B", towels={0: [3, 1]}, central=Buried(pile=[(1, 3)]),
                     beach=[Buried(pile=[(0, REST), (1, 2)])])
    scene = at_size(app, state, (1280, 720))
    assert scene.try_action(PlayTowels(0, 1, (3,))) is None
    settle(app, scene)
    assert [type(a) for a in scene.legal()] == [EndTurn]
    assert prompt(scene) == "pp.ui.step_b_no_more" and "End turn" in status(scene) and "show" not in status(scene)
    assert scene.end_button.visible and not scene.show_button.visible
    assert scene._status_explained(scene.hand_view(0), 0).key == "pp.explain.status.b_no_more"
    click(app, scene.end_button.rect.center)
    frames(app, 2)
    assert scene.state.current_player != 0


def test_the_last_towel_played_the_prompt_says_end_turn_not_skip(app):
    """Before, it named a "Skip the towels" button that was not there."""
    state = position(2, round=3, turn=0, step="B", towels={0: [1]}, central=Buried(pile=[(1, 3)]),
                     beach=[Buried(pile=[(0, REST)]), Buried()])
    scene = at_size(app, state, (1280, 720))
    assert scene.try_action(next(a for a in scene.legal() if isinstance(a, PlayTowels))) is None
    settle(app, scene)
    assert prompt(scene) == "pp.ui.step_b_empty" and "Skip" not in status(scene)
    assert scene.end_button.visible
    key(app, pygame.K_e)
    frames(app, 2)
    assert scene.state.current_player != 0


def test_with_a_special_card_to_play_showing_the_towels_is_not_said_to_end_the_turn(app):
    state = position(2, special=True, round=3, turn=0, step="B", towels={0: [1]},
                     specials={0: "special-lifeguard", 1: "special-sandcastle"},
                     central=Buried(pile=[(1, 3)]), beach=[Buried(pile=[(0, REST), (1, 2)])])
    scene = at_size(app, state, (1280, 720))
    assert scene.show_button.visible and scene.show_button.text.key == "pp.ui.show"   # showing does not end it
    assert prompt(scene) == "pp.ui.step_b_none_special" and "turn ends" not in status(scene)
    assert "special card" in status(scene)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_every_new_prompt_is_in_both_languages(app, lang):
    from game.i18n import has_key
    for k in ("pp.ui.step_b_no_more", "pp.ui.step_b_none_special", "pp.explain.status.b_no_more",
              "pp.explain.status.b_none_special", "pp.ui.key_focus_none"):
        assert has_key(k, lang), k


def test_when_nothing_fits_the_e_key_shows_the_towels_and_ends_the_turn(app):
    """The button reads "Show my towels, end turn" (R24): E, the end-turn key, does it too, in one press."""
    state = position(2, round=3, turn=0, step="B", towels={0: [1]}, central=Buried(pile=[(1, 3)]),
                     beach=[Buried(pile=[(0, REST), (1, 2)])])
    scene = at_size(app, state, (1280, 720))
    assert scene.show_button.text.key == "pp.ui.show_end"
    key(app, pygame.K_e)
    frames(app, 2)
    assert scene.state.current_player != 0
    names = [type(a).__name__ for a in scene.session.actions]
    assert names[names.index("ShowHand") + 1] == "EndTurn"


@pytest.mark.parametrize("way", ["click", "key"])
def test_a_final_turn_with_nothing_to_play_ends_with_one_click_or_key(app, way):
    state = position(2, phase="final", towels={0: [1], 1: []},
                     central=Buried(pile=[(0, REST), (1, REST), (1, 3)]), beach=[Buried(pile=[(1, 2)])])
    starter = state.current_player
    scene = at_size(app, state, (1280, 720), human=starter)
    assert prompt(scene) == "pp.ui.step_final_none" and "End turn" in scene._status(scene.hand_view(starter), starter)
    if way == "click":
        click(app, scene.end_button.rect.center)
    else:
        key(app, pygame.K_e)
    frames(app, 2)
    assert scene.hand_end is not None                    # the sunset: the hand is over


# Item 8: keyboard focus ---------------------------------------------------------------------------------------
def picked(scene):
    return scene.drag.selected


@pytest.mark.parametrize("step", ["A", "B"])
def test_arrows_and_tab_pick_only_cards_that_can_be_played(app, step):
    """Before, Left/Right went through every card, the greyed ones too (step B: the treasures and pirates)."""
    state = position(3, round=3, turn=0, step=step, towels={0: [1, 2, 3]},
                     central=Buried(pile=[(1, 1)]), beach=[Buried(pile=[(0, REST), (2, 1)]), Buried(), Buried()])
    scene = at_size(app, state, (1280, 720))
    playable = [s.payload.card for s in scene.hand_sprites if not s.dimmed]
    greyed = [s.payload.card for s in scene.hand_sprites if s.dimmed]
    assert playable and greyed
    seen = []
    for k in [pygame.K_RIGHT] * (len(scene.hand_sprites) + 1) + [pygame.K_TAB] * 3 + [pygame.K_LEFT] * 3:
        key(app, k)
        assert picked(scene) is not None and not picked(scene).dimmed, picked(scene).payload
        seen.append(picked(scene).payload.card)
    assert set(seen) == set(playable)
    first = seen[0]
    assert seen[len(playable)] == first                  # round the hand and back to the first
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)            # Shift+Tab goes back
    before = seen[-1]
    assert picked(scene).payload.card == playable[(playable.index(before) - 1) % len(playable)]


def test_with_no_card_to_play_the_keys_pick_none_and_say_so(app):
    state = position(2, round=3, turn=0, step="B", towels={0: [1]}, central=Buried(pile=[(1, 3)]),
                     beach=[Buried(pile=[(0, REST), (1, 2)])])
    scene = at_size(app, state, (1280, 720))
    assert all(s.dimmed for s in scene.hand_sprites)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_TAB)
    assert picked(scene) is None
    assert "No card can be played now" in "\n".join(app.toasts.texts())


def test_up_and_down_never_take_a_card_to_an_opponents_panel(app):
    """Before, a card with no place to go (a towel group still too small) had every target to cycle through, the
    players' panels too."""
    state = position(3, round=3, turn=0, step="B", towels={0: [1, 1, 1]},
                     central=Buried(pile=[(1, 3)]), beach=[Buried(pile=[(0, REST), (2, 2)]), Buried(pile=[(1, 2)])])
    scene = at_size(app, state, (1280, 720))
    # the three 1s together beat a 2 (they may be played), a 1 alone fits nowhere: no place takes it yet
    assert any(isinstance(a, PlayTowels) and a.values == (1, 1, 1) for a in scene.legal())
    key(app, pygame.K_RIGHT)
    towel = picked(scene)
    assert towel is not None and towel.payload.kind == "towel" and scene.drag.legal_targets() == []
    seen = set()
    for _ in range(12):
        key(app, pygame.K_DOWN)
        target = scene.drag.focused_target
        assert target is not None and target.data[0] != "seat", target
        seen.add(target.data)
    for _ in range(6):
        key(app, pygame.K_UP)
        assert scene.drag.focused_target.data[0] != "seat"
    assert seen == {("spot", 0), ("spot", 1), ("spot", 2)}     # every treasure: Enter says why not there


def test_the_keyboard_focus_goes_only_where_a_card_may_go(app):
    state = position(3, round=3, turn=0, beach=[Buried(), Buried(), Buried()])
    scene = at_size(app, state, (1280, 720))
    while picked(scene) is None or picked(scene).payload.kind != "pirate":
        key(app, pygame.K_RIGHT)
    legal = scene.drag.legal_targets()
    for _ in range(len(legal) + 2):
        key(app, pygame.K_DOWN)
        assert scene.drag.focused_target in legal and scene.drag.focused_target.data[0] != "seat"
    key(app, pygame.K_RETURN)                            # Enter plays it where the focus is
    frames(app, 2)
    assert scene.hand_view(0).step == STEP_B


def test_the_lifeguard_is_the_one_card_the_keyboard_takes_to_a_player(app):
    """V13: the Lifeguard looks at a player's treasures: its places are the opponents' panels, and only them."""
    state = position(3, special=True, round=3, turn=0, specials={0: "special-lifeguard"},
                     beach=[Buried(), Buried(), Buried()])
    scene = at_size(app, state, (1280, 720))
    for _ in range(len(scene.hand_sprites) + 1):
        key(app, pygame.K_RIGHT)
        if picked(scene) is not None and picked(scene).payload.kind == "special":
            break
    assert picked(scene).payload.kind == "special"
    for _ in range(3):
        key(app, pygame.K_DOWN)
        assert scene.drag.focused_target.data[0] == "seat"
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert type(scene.session.actions[-1]).__name__ == "PlaySpecial"


def test_the_towel_groups_keys_still_play_a_group(app):
    """G gathers the picked towel into the group; Down focuses a treasure that takes it; Enter plays it."""
    state = position(3, round=3, turn=0, step="B", towels={0: [1, 2]}, central=Buried(pile=[(1, 2)]),
                     beach=[Buried(pile=[(0, REST)]), Buried()])
    scene = at_size(app, state, (1280, 720))
    while picked(scene) is None or TOWEL_VALUE.get(picked(scene).payload.card) != 2:
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_g)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_g)
    assert sorted(TOWEL_VALUE[c] for c in scene.selected) == [1, 2]
    key(app, pygame.K_DOWN)
    assert scene.drag.focused_target.data[0] == "spot"
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert isinstance(scene.session.actions[-1], PlayTowels) and scene.session.actions[-1].values == (2, 1)


def test_g_with_no_towel_picked_says_how_to_gather(app):
    """Found by a newcomer: G with no towel picked did nothing and said nothing. It says how it works now."""
    state = position(3, round=3, turn=0, step="B", towels={0: [1, 2]}, central=Buried(pile=[(1, 2)]),
                     beach=[Buried(pile=[(0, REST)]), Buried()])
    scene = at_size(app, state, (1280, 720))
    assert picked(scene) is None
    key(app, pygame.K_g)
    assert "pick a towel in your hand first" in "\n".join(app.toasts.texts())
    assert not scene.selected
