"""Hot-seat secrets on screen (issue 12): after every hand-over the table drawn for the next human,
its log, hints and end-of-hand screens must not differ by a single pixel from the same frame of a
re-deal that this human's view cannot tell apart.

Each game with secrets has a driver here: a simple policy that never looks at what the re-deal
changes, the gestures (real pygame events) that play an action, and its re-deals. A game is played
once as dealt, recording its actions and a settled screenshot at every hand-over and end of hand;
then, for each human, once more from a re-deal that differs only in the other human's secrets, its
actions mapped onto the re-deal. The screenshots seen by that human must be identical. On a clock
with a fixed time step (the tests' ManualClock) the frames with a card held over its target (the hint
by the pointer, the lit targets) are compared too; on real time a held card's easing differs per run.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame
import pytest

from game import games
from game.core.protocol import Action
from game.core.session import GameSession, Seat
from tests.app.conftest import app, click, drag, frames, key  # noqa: F401 - the app fixture

Remap = Callable[[Action, int], Action]  # (action, hand index) -> the same move in the re-deal


# Playing and looking ------------------------------------------------------------------------------
def settled_frame(app, scene, limit: int = 5000) -> pygame.Surface:
    """The screen once nothing moves any more (same final picture whatever the frames' time steps)."""
    for _ in range(limit):
        if not app.busy():
            break
        frames(app, 1)
    else:
        raise AssertionError("the table never came to rest")
    scene.mark_dirty()
    frames(app, 1)
    return app.screen.copy()


def drag_and_look(app, start, end, look: Callable[[], None], steps: int = 6) -> None:
    """A real drag (as conftest's ``drag``) that calls ``look()`` while the card is held over its target,
    the hint by the pointer and the lit targets on show."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    for k in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * k // steps, start[1] + (end[1] - start[1]) * k // steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1, 0, 0)))
        frames(app, 1)
    look()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    frames(app, 2)


@dataclass
class Shot:
    viewer: int | None
    picture: pygame.Surface


def play(app, driver, session: GameSession, hands: int | None = None, script: list[Action] | None = None):
    """Play a two-human hot-seat game by real events, to its end or through its first ``hands`` hands.
    Without ``script`` the driver's policy chooses (the actions are returned with their hand index);
    with it, the script is played as it is. Returns (actions, shots), with shots[(actions played,
    moment)] for every hand-over and end of hand."""
    app.settings.animation_speed = "fast"  # the same pictures once settled, in fewer frames
    scene = games.get(session.game_id).package.make_scene(app, session)
    app.stack.push(scene, fade=False)
    frames(app, 2)
    played: list[tuple[Action, int]] = []
    shots: dict[tuple[int, str], Shot] = {}

    def look_while_dragging() -> None:
        if getattr(app.clock, "deterministic", False):  # a held card eases with the frames' time steps
            shots[(len(session.actions), "dragging")] = Shot(scene.viewer(), app.screen.copy())
    for _ in range(2000):
        covered = scene.privacy_for is not None or driver.hand_end_showing(scene)
        if scene.finished or (hands is not None and driver.hand_index(scene) >= hands and not covered):
            break
        moment = len(session.actions)
        if scene.privacy_for is not None:
            click(app, scene.privacy.button.rect.center)
            assert scene.privacy_for is None
            shots[(moment, "hand-over")] = Shot(scene.viewer(), settled_frame(app, scene))
            continue
        if driver.hand_end_showing(scene):
            shots[(moment, "end of hand")] = Shot(scene.viewer(), settled_frame(app, scene))
            driver.close_hand_end(app, scene)
            continue
        action = driver.choose(scene) if script is None else script[moment]
        hand_index = driver.hand_index(scene)
        driver.perform(app, scene, action, look_while_dragging)
        assert session.actions[-1:] == [action], f"the gestures for {action} played {session.actions[-1:]}"
        played.append((action, hand_index))
    else:
        raise AssertionError("the game did not end")
    app.stack.scenes.clear()
    return played, shots


def differing_box(a: pygame.Surface, b: pygame.Surface) -> pygame.Rect | None:
    """The bounding box of the pixels that differ (None: identical pictures)."""
    if pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"):
        return None
    mask = pygame.mask.from_threshold(a, (0, 0, 0), (1, 1, 1, 255), b, 1)  # pixels of a equal to b's
    mask.invert()
    rects = mask.get_bounding_rects()
    return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 1, 1)


def assert_same_pictures(reference: dict, redealt: dict, viewer: int, tmp_path) -> int:
    assert redealt.keys() == reference.keys(), "the re-deal's hand-overs came at other moments"
    compared = 0
    for moment, shot in reference.items():
        if shot.viewer != viewer:
            continue
        assert redealt[moment].viewer == viewer
        box = differing_box(shot.picture, redealt[moment].picture)
        if box is not None:
            pygame.image.save(shot.picture, str(tmp_path / "dealt.png"))
            pygame.image.save(redealt[moment].picture, str(tmp_path / "redealt.png"))
        assert box is None, (f"seat {viewer} can tell the re-deal apart at {moment}: pixels differ in {box} "
                             f"(pictures in {tmp_path})")
        compared += 1
    return compared


# Playa Pirata ----------------------------------------------------------------------------------
class PlayaDriver:
    """Plays only what reveals nothing the re-deals change: burials, towels, pirates on the central
    treasure or on no treasure, and never a special card."""

    def hand_index(self, scene) -> int:
        return scene.state.hand_index

    def hand_end_showing(self, scene) -> bool:
        return scene.hand_end is not None

    def close_hand_end(self, app, scene) -> None:
        click(app, scene.next_hand_button.rect.center)
        assert scene.hand_end is None

    def choose(self, scene) -> Action:
        from game.games.playa_pirata.rules import (BuryTreasure, DraftPick, EndTurn, FINAL, PlayPirate,
                                                   PlayTowels, ShowHand)
        legal = scene.legal()
        hand = scene.hand_view(scene.my_turn())

        def first(kind, test=lambda a: True):
            return next((a for a in legal if isinstance(a, kind) and test(a)), None)
        if hand.phase == FINAL:
            return first(EndTurn)
        towels = None if hand.groups else first(PlayTowels, lambda a: len(a.values) == 1)
        return (first(DraftPick, lambda a: a.lifeguard_target < 0)
                or first(BuryTreasure, lambda a: not a.flag)
                or first(PlayPirate, lambda a: a.target <= 0)
                or first(PlayPirate, lambda a: a.card.endswith("umbrella"))
                or towels or first(EndTurn) or first(ShowHand))

    def perform(self, app, scene, action: Action, look: Callable[[], None]) -> None:
        from game.games.playa_pirata.cards import TOWEL_VALUE
        from game.games.playa_pirata.rules import (BuryTreasure, DraftPick, EndTurn, PlayPirate, PlayTowels,
                                                   ShowHand)
        scene._rebuild()
        if isinstance(action, BuryTreasure):
            drag_and_look(app, self._sprite(scene, action.card).rect.center, self._free_sand(scene), look)
        elif isinstance(action, PlayPirate):
            to = scene.spot_rects[action.target] if action.target >= 0 else scene.discard_rect
            drag_and_look(app, self._sprite(scene, action.card).rect.center, to.center, look)
        elif isinstance(action, PlayTowels):
            group = []
            for value in action.values:  # gather the group by clicks on the cards' visible edges
                sprite = next(s for s in scene.hand_sprites if s.payload.kind == "towel"
                              and TOWEL_VALUE[s.payload.card] == value and s.payload.card not in group)
                group.append(sprite.payload.card)
                click(app, (sprite.rect.x + 6, sprite.rect.centery))
            last = self._sprite(scene, group[-1])
            drag_and_look(app, (last.rect.x + 6, last.rect.centery), scene.spot_rects[action.target].center, look)
        elif isinstance(action, EndTurn):
            key(app, pygame.K_e)
        elif isinstance(action, ShowHand):
            key(app, pygame.K_s)
        elif isinstance(action, DraftPick):
            card_rect = next(r for c, r in scene.draft_cards if c == action.card)
            keep = next(b for b in scene.choice_buttons if b.rect.x == card_rect.x
                        and b.text.key == "pp.ui.keep_short")
            click(app, keep.rect.center)
        else:
            raise AssertionError(f"no gesture for {action}")

    @staticmethod
    def _sprite(scene, card: str):
        return next(s for s in scene.hand_sprites if s.payload.card == card)

    @staticmethod
    def _free_sand(scene) -> tuple[int, int]:
        beach = scene.beach
        for y in range(beach.bottom - 10, beach.y, -12):
            for x in range(beach.x + 10, beach.right - 120, 12):
                if not any(r.collidepoint(x, y) for r in scene.spot_rects) and \
                        not scene.discard_rect.collidepoint(x, y):
                    return (x, y)
        raise AssertionError("no free sand")


def playa_swap_treasures(state, viewer: int) -> Remap:
    """The other human holds other treasures (of other values), taken from those removed at the deal."""
    from game.games.playa_pirata.cards import TREASURE_KIND, TREASURE_VALUE
    from game.games.playa_pirata.rules import BuryTreasure
    hand, other = state.hand, 1 - viewer
    looks = {c: (TREASURE_KIND[c], TREASURE_VALUE[c]) for c in hand.treasures[other] + hand.removed}
    swap: dict[str, str] = {}
    for mine in sorted(hand.treasures[other]):
        removed = next((r for r in sorted(hand.removed) if r not in swap and looks[r] != looks[mine]), None)
        if removed is not None:
            swap[mine], swap[removed] = removed, mine
    assert len(swap) >= 4, "a re-deal that changes at least two treasures"
    hand.treasures[other] = sorted(swap.get(c, c) for c in hand.treasures[other])
    hand.removed = sorted(swap.get(c, c) for c in hand.removed)
    hand._dirty()

    def remap(action: Action, hand_index: int) -> Action:
        if isinstance(action, BuryTreasure) and action.seat == other:
            return BuryTreasure(other, swap.get(action.card, action.card), action.flag)
        return action
    return remap


def playa_swap_special_card(state, viewer: int) -> Remap:
    """The other human keeps another special card in the first hand, one this human never saw in
    their own draft (the second drafter takes the other of the two cards it was passed; the first
    drafter's card comes from those set aside at the deal)."""
    from game.games.playa_pirata.cards import KEPT_SPECIALS
    from game.games.playa_pirata.rules import DraftPick
    hand, other = state.hand, 1 - viewer
    first_pick, second_pick, left = sorted(hand.packet)  # what the policy takes: the first card each time
    if other == hand.drafters[0]:
        new = next(c for c in sorted(hand.special_deal_removed) if c not in KEPT_SPECIALS)
        hand.packet = [new if c == first_pick else c for c in hand.packet]
        hand.special_deal_removed = sorted(first_pick if c == new else c for c in hand.special_deal_removed)
        hand._dirty()
        swap = {first_pick: new}
    else:
        swap = {second_pick: left}

    def remap(action: Action, hand_index: int) -> Action:
        if isinstance(action, DraftPick) and action.seat == other and hand_index == 0:
            return DraftPick(other, swap.get(action.card, action.card), action.lifeguard_target)
        return action
    return remap


def playa_special_seed() -> int:
    """A deal whose first packet has no card kept to the end (those are shown to all at sunset)."""
    from game.games.playa_pirata.cards import KEPT_SPECIALS
    rules = games.get("playa-pirata").package.rules
    return next(seed for seed in range(1, 500)
                if not set(rules.new_game(2, SPECIAL_OPTIONS, seed).hand.packet) & KEPT_SPECIALS)


SPECIAL_OPTIONS = {"special-cards": True, "match-format": "full", "first-player": "seat-1"}


# Spanish Main ----------------------------------------------------------------------------------
class SpanishMainDriver:
    """Plays only public moves (never an accusation, whose answer depends on the secret pirates): the left-most
    market card on its first lit target, by a real drag. A hand is 30 turns (the re-deal may change what a Mutiny
    reveals, so the cases stop before one)."""

    TURNS = 30

    def hand_index(self, scene) -> int:
        return scene.state.turns // self.TURNS

    def hand_end_showing(self, scene) -> bool:
        return scene.ending.visible

    def close_hand_end(self, app, scene) -> None:
        click(app, scene.ending.button.rect.center)

    @staticmethod
    def policy(state, seat: int) -> Action:
        """The first legal movement card of the market on its first target, else Repair (all public)."""
        from game.games.spanish_main.rules import PlayCard, Repair
        return next((a for a in state.legal_actions(seat) if isinstance(a, PlayCard)), Repair(seat))

    def choose(self, scene) -> Action:
        return self.policy(scene.game, scene.my_turn())

    def perform(self, app, scene, action: Action, look: Callable[[], None]) -> None:
        from game.games.spanish_main.rules import Repair
        scene.recap.hide()
        if isinstance(action, Repair):
            click(app, scene.repair_button.rect.center)
            return
        scene._sync_drag()
        token = next(t for t in scene.drag.draggables if t.payload == action.card)
        target = next(t for t in scene.drag.targets if scene.drop_action(action.card, t) == action)
        drag_and_look(app, token.rect.center, target.rect.center, look)


def spanish_main_swap_pirates(state, viewer: int) -> Remap:
    """The other human holds the set-aside pirates and the set-aside ones are theirs (2 players: 3 and 3)."""
    other = 1 - viewer
    state.pirates[other], state.aside = sorted(state.aside), sorted(state.pirates[other])
    state._legal = None

    def remap(action: Action, hand_index: int) -> Action:
        return action
    return remap


def spanish_main_seed() -> int:
    """A deal whose first 30 turns of the driver's moves turn no Mutiny (its answer would differ in the re-deal)."""
    from game.games.spanish_main.rules import card_type
    rules = games.get("spanish-main").package.rules
    for seed in range(1, 500):
        s = rules.new_game(2, {}, seed)
        while s.turns < SpanishMainDriver.TURNS + 2 and not s.is_over():
            s.apply(SpanishMainDriver.policy(s, s.current))
        if not any(e.kind == "turned" and card_type(e.get("card")) == "adv-mutiny" for e in s.events):
            return seed
    raise AssertionError("no deal without a Mutiny")


@dataclass
class Case:
    game_id: str
    options: dict[str, Any]
    seed: Callable[[], int]
    redeal: Callable[[Any, int], Remap]  # (state to change in place, the human who must not notice)
    hands: int | None = None  # play only the first hands (None: the whole game)
    hand_ends: bool = True    # the game's hands end on a screen (not a game of one hand cut after some turns)
    moves_change: bool = True  # the re-deal changes the other human's moves (not when they are all public)


DRIVERS = {"playa-pirata": PlayaDriver(), "spanish-main": SpanishMainDriver()}
CASES = {
    "playa-pirata, one hand": Case("playa-pirata", {"match-format": "single-hand", "first-player": "seat-1"},
                                   lambda: 7, playa_swap_treasures),
    "playa-pirata, special cards, to the sunset of the first hand": Case(
        "playa-pirata", SPECIAL_OPTIONS, playa_special_seed, playa_swap_special_card, hands=1),
    "spanish-main, 30 turns": Case("spanish-main", {}, spanish_main_seed, spanish_main_swap_pirates, hands=1,
                                   hand_ends=False, moves_change=False),
}


def new_session(case: Case, seed: int) -> GameSession:
    entry = games.get(case.game_id)
    seats = [Seat("Anna", "human", None, 0), Seat("Ben", "human", None, 1)]
    return GameSession.new(entry.id, entry.package.rules, seats, case.options, seed)


# Tests -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("entry", [e for e in games.catalog() if e.available], ids=lambda e: e.id)
def test_every_game_with_secrets_has_a_hot_seat_check(entry):
    if entry.package.rules.has_secrets:
        assert entry.id in DRIVERS and any(c.game_id == entry.id for c in CASES.values())


@pytest.mark.parametrize("name", list(CASES))
def test_after_every_hand_over_the_next_human_sees_no_pixel_a_redeal_would_change(app, name, tmp_path):
    case = CASES[name]
    driver = DRIVERS[case.game_id]
    seed = case.seed()
    played, dealt = play(app, driver, new_session(case, seed), case.hands)
    assert any(moment == "hand-over" for _, moment in dealt)
    if case.hands is not None and case.hand_ends:  # the end of a hand is seen before the next one
        assert any(moment == "end of hand" for _, moment in dealt)
    for viewer in (0, 1):
        session = new_session(case, seed)
        remap = case.redeal(session.state, viewer)
        script = [remap(action, hand_index) for action, hand_index in played]
        assert script != [a for a, _ in played] or not case.moves_change, "the re-deal changes the other human's moves"
        _, redealt = play(app, driver, session, case.hands, script)
        assert assert_same_pictures(dealt, redealt, viewer, tmp_path) > 0


def test_a_flag_switched_on_by_one_human_is_off_for_the_next(app):
    """The Flag toggle is offered only to the human holding the Flag. Left on when the turn passes, it
    made the next human's burials flag burials, which are not theirs to make: their drags glided back,
    telling them who held the Flag."""
    from tests.app.conftest import start_table
    from game.games.playa_pirata.rules import BuryTreasure
    scene = start_table(app, "playa-pirata", ["human", "human"], seed=7, options={"first-player": "seat-1"})
    click(app, scene.privacy.button.rect.center)
    scene.flag_on = True  # as the human before left it
    scene.mark_dirty()
    frames(app, 1)
    assert not scene.flag_toggle.visible
    treasure = next(s for s in scene.hand_sprites if s.payload.kind == "treasure")
    drag(app, treasure.rect.center, PlayaDriver._free_sand(scene))
    assert scene.session.actions[-1:] == [BuryTreasure(0, treasure.payload.card, False)]
