"""What every table must hold (issue 15, "everything explains itself"): each thing it draws is named with
what it is and does, in both languages.

A scene names what it draws as it draws it (``TableScene.explain(rect, text, kind)``) and declares the kinds
of thing it can draw (``EXPLAINED_KINDS``). ``check_frame(scene)`` takes what the last frame named and checks
each explanation is a Text in both catalogs (its parameters filled), on the screen, of a declared kind; it
returns the kinds seen, so a sweep over many positions can require that every declared kind was seen.
"""
from __future__ import annotations

from typing import Any

from game.core.protocol import Text


def check_frame(scene: Any) -> set[str]:
    from game.i18n import has_key, set_language, tr, language
    declared = set(getattr(scene, "EXPLAINED_KINDS", ())) | {"button", "recap", "replay"}   # the table's own
    screen = scene.app.screen.get_rect()
    seen: set[str] = set()
    for rect, text, kind in scene.explained:
        where = f"{kind} at {tuple(rect)}"
        assert isinstance(text, Text), f"{where}: explained with {text!r}, not a catalog text"
        assert kind in declared, f"{where}: a kind the scene does not declare in EXPLAINED_KINDS"
        assert rect.w > 0 and rect.h > 0 and screen.colliderect(rect), f"{where}: not on the screen"
        was = language()
        try:
            for lang in ("en", "it"):
                assert has_key(text.key, lang), f"{where}: {text.key!r} is missing in {lang}"
                set_language(lang)
                words = tr(text)
                assert "{" not in words and text.key not in words, f"{where}: {words!r} in {lang}"
        finally:
            set_language(was)
        seen.add(kind)
    return seen
