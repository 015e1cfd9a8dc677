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
