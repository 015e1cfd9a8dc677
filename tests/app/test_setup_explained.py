"""The setup form explains itself (issue 15, item 2)."""
from __future__ import annotations

import pygame

from game.core.protocol import Text
from tests.app.conftest import frames


def test_the_setup_form_explains_every_field_option_and_button(app):
    """Issue 15, item 2: every seat's colour, name and player, the player count, each option of every game, the
    seed and the buttons say what they are, in both languages; resting the pointer shows it, F1 on the focused
    one too."""
    from game import games
    from game.i18n import has_key, tr
    from game.scenes.setup import SetupScene
    for entry in games.catalog():
        if not entry.available:
            continue
        setup = SetupScene(app, entry)
        app.stack.push(setup, fade=False)
        frames(app, 2)
        explained = setup.explanations()
        widgets = [w for w, _ in explained]
        assert all(any(w is x for x in widgets) for _, w, _ in setup.option_widgets), entry.id
        for widget, text in explained:
            assert has_key(text.key, "en") and has_key(text.key, "it"), (entry.id, text.key)
        opt, widget, _ = setup.option_widgets[0]
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=widget.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        frames(app, 45)
        assert setup.tooltip.text is not None and setup.tooltip.text == tr(Text.of(opt.help))  # its own help
        setup.focus.focus(setup.start)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0))
        frames(app, 1)
        assert "Starts the game" in (setup.tooltip.text or "")
        app.stack.pop()
        frames(app, 1)


def test_a_game_that_gives_the_seats_their_colours_shows_them_at_setup_and_offers_no_other(app):
    """A newcomer chose Ben's blue chip at setup and found Ben playing Green: with 3 and 4 players each Planks seat
    plays the colour of its place (R2). The form shows those colours, a click on a chip changes nothing, and the
    table and its recap show the same; with 2 players (colours chosen at the table) the chips are free again."""
    from game import games
    from game.games.planks.rules import COLOURS
    from game.games.planks.sprites import palette_index
    from game.scenes.setup import SetupScene
    from tests.app.conftest import click
    setup = SetupScene(app, games.get("planks"))
    app.stack.push(setup, fade=False)
    setup.set_players(4)
    frames(app, 2)
    wanted = [palette_index(c) for c in COLOURS]
    assert [s.colour for s in setup.model.seats[:4]] == wanted
    click(app, setup.rows[1].chip.rect.center)
    assert [s.colour for s in setup.model.seats[:4]] == wanted
    assert any(t.key == "setup.explain.colour_given" for w, t in setup.explanations() if w is setup.rows[1].chip)
    setup.set_players(2)
    frames(app, 1)
    click(app, setup.rows[1].chip.rect.center)
    assert setup.model.seats[1].colour != wanted[1]                     # chosen freely again
    setup.set_players(3)
    setup.start_game()
    frames(app, 3)
    table = app.stack.top
    assert [s.colour for s in table.session.seats] == wanted[:3] == [table.seat_colour(i) for i in range(3)]
