"""Drag-and-drop driven as a player does it: real mouse events through pygame's queue."""
from __future__ import annotations

import pygame

from game.core.protocol import IllegalAction, Text
from game.i18n import tr
from game.ui.cards import CardSprite
from game.ui.dragdrop import DragController, DropTarget
from game.ui.widgets import ToastStack
from ui_events import down, drag_path, drive, key, motion, up


def _setup(on_drop=None, **kwargs):
    drops = []

    def record(payload, target):
        drops.append((payload, target.data))
        return on_drop(payload, target) if on_drop else None

    card = CardSprite(pygame.Rect(100, 400, 120, 168), label="7", payload="seven")
    other = CardSprite(pygame.Rect(240, 400, 120, 168), label="3", payload="three")
    legal = DropTarget(pygame.Rect(600, 100, 130, 180), lambda p: True, data="pile")
    illegal = DropTarget(pygame.Rect(800, 100, 130, 180), lambda p: Text.of("ui.drag.not_here"), data="ship")
    dc = DragController(record, **kwargs)
    dc.set_draggables([card, other])
    dc.set_targets([legal, illegal])
    return dc, card, other, legal, illegal, drops


def test_drag_to_a_legal_target_calls_on_drop(screen):
    dc, card, _, legal, illegal, drops = _setup()
    drive(dc.handle, drag_path(card.rect.center, (600, 100))[:-1])  # still held
    assert dc.dragging is card and card.dragging
    assert dc.legal_targets() == [legal]  # only the legal one lights up
    dc.draw(screen)
    drive(dc.handle, [motion(legal.rect.center), up(legal.rect.center)])
    assert drops == [("seven", "pile")]
    assert dc.dragging is None and not card.dragging


def test_drop_on_an_illegal_target_glides_back_and_says_why(screen):
    toasts = ToastStack()
    dc, card, _, legal, illegal, drops = _setup(toasts=toasts)
    origin = card.rect.topleft
    drive(dc.handle, drag_path(card.rect.center, illegal.rect.center))
    assert drops == []
    assert card.rect.topleft != origin  # it starts gliding from where it was let go
    for _ in range(30):
        dc.update(1 / 60)
    assert card.rect.topleft == origin
    assert dc.held is None
    reason = tr(Text.of("ui.drag.not_here"))
    assert reason and reason != "ui.drag.not_here"
    assert tr(dc.message) == reason
    assert toasts.texts() == [reason]


def test_release_over_nothing_glides_back(screen):
    dc, card, _, _, _, drops = _setup()
    origin = card.rect.topleft
    drive(dc.handle, drag_path(card.rect.center, (1000, 650)))
    dc.update(1.0)
    assert drops == [] and card.rect.topleft == origin


def test_on_drop_may_refuse_with_illegal_action(screen):
    def refuse(payload, target):
        raise IllegalAction("ui.drag.not_here")

    dc, card, _, legal, _, drops = _setup(on_drop=refuse)
    origin = card.rect.topleft
    drive(dc.handle, drag_path(card.rect.center, legal.rect.center))
    dc.update(1.0)
    assert drops == [("seven", "pile")]
    assert card.rect.topleft == origin and dc.message == Text.of("ui.drag.not_here")


def test_a_small_wobble_is_a_click_then_click_a_target(screen):
    dc, card, other, legal, illegal, drops = _setup()
    c = card.rect.center
    drive(dc.handle, [down(c), motion((c[0] + 2, c[1] + 1)), up((c[0] + 2, c[1] + 1))])
    assert dc.selected is card and card.selected and dc.dragging is None
    assert card.rect.center == c
    drive(dc.handle, [down(illegal.rect.center), up(illegal.rect.center)])
    assert drops == [] and dc.message is not None and dc.selected is card
    drive(dc.handle, [down(other.rect.center), up(other.rect.center)])
    assert dc.selected is other and not card.selected  # clicking another card switches
    drive(dc.handle, [down(legal.rect.center), up(legal.rect.center)])
    assert drops == [("three", "pile")] and dc.selected is None


def test_clicking_the_selected_card_again_unselects_it(screen):
    dc, card, *_ = _setup()
    drive(dc.handle, [down(card.rect.center), up(card.rect.center)] * 2)
    assert dc.selected is None and not card.selected


def test_keyboard_alternative(screen):
    dc, card, other, legal, illegal, drops = _setup()
    drive(dc.handle, [key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert dc.selected is other
    drive(dc.handle, [key(pygame.K_DOWN)])
    assert dc.focused_target is legal  # only legal targets are offered
    dc.draw(screen)
    drive(dc.handle, [key(pygame.K_RETURN)])
    assert drops == [("three", "pile")]
    dc.select_next()
    dc.focused_target = illegal
    assert dc.drop_on_focused() is False and len(drops) == 1


def test_hint_is_shown_while_dragging(screen):
    asked = []

    def hint(payload, target):
        asked.append((payload, target.data if target else None))
        return "needs 6 more"

    dc, card, _, legal, _, _ = _setup(hint=hint)
    drive(dc.handle, drag_path(card.rect.center, legal.rect.center)[:-1])
    dc.draw(screen)
    assert asked[-1] == ("seven", "pile")


def test_on_press_may_refuse_a_pick_up_with_its_reason(screen):
    """A race takes its tile from the pile on the press: the rules may say no, and then nothing is held."""
    asked = []

    def press(payload):
        asked.append(payload)
        return Text.of("ui.drag.not_here") if payload == "three" else None
    dc, card, other, legal, _, drops = _setup(on_press=press)
    drive(dc.handle, drag_path(other.rect.center, legal.rect.center))
    assert asked == ["three"] and drops == [] and dc.dragging is None and dc.held is None
    assert dc.message is not None
    drive(dc.handle, drag_path(card.rect.center, legal.rect.center))
    assert asked == ["three", "seven"] and drops == [("seven", "pile")]


def test_on_return_is_told_of_every_drag_that_ends_without_a_drop_and_glide_false_leaves_the_way_back(screen):
    returned = []
    dc, card, _, legal, illegal, drops = _setup(on_return=returned.append, glide=False)
    start = card.rect.topleft
    drive(dc.handle, drag_path(card.rect.center, (400, 50)))        # dropped nowhere
    drive(dc.handle, drag_path(card.rect.center, illegal.rect.center))  # refused
    assert returned == ["seven", "seven"] and drops == []
    assert dc.held is None and not dc.tweener.active              # the game animates the way back itself
    assert card.rect.topleft != start                               # ... the controller did not glide it


def test_a_held_sprite_the_table_replaces_lights_nothing_and_is_put_down_quietly(screen):
    """A table that builds its hand again while a card is held (a monkey found it: the held card's payload was
    gone, and asking the targets about nothing crashed a scene): nothing lights, a drop plays nothing, no error."""
    asked = []
    dc, card, other, legal, illegal, drops = _setup()
    legal._accepts = lambda p: asked.append(p) or True
    drive(dc.handle, drag_path(card.rect.center, (600, 100))[:-1])  # held ...
    assert dc.dragging is card
    fresh = CardSprite(pygame.Rect(100, 400, 120, 168), label="7", payload="seven")
    dc.set_draggables([fresh, other])                                 # ... and the hand is built again
    asked.clear()
    assert dc.legal_targets() == []
    dc.draw(screen)
    drive(dc.handle, [motion(legal.rect.center), up(legal.rect.center)])
    assert drops == [] and None not in asked and dc.dragging is None
