"""Credits name every game's designer, publisher and the source its rules were written from, in both languages
(issue 20, item 10); the facts live in the repository (game/games/credits.py), nothing is read from outside it."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game import games
from game.games.credits import CREDITS
from game.ui import theme
from tests.app.conftest import app, frames  # noqa: F401 - the app fixture

ROOT = Path(__file__).resolve().parents[2]
GAMES = [e for e in games.catalog() if not e.module]


def shown_texts(app, lang: str) -> list[str]:
    from game.i18n import set_language, tr
    from game.scenes.credits import CreditsScene
    set_language(lang)
    scene = CreditsScene(app)
    app.stack.push(scene, fade=False)
    frames(app, 2)
    texts = [theme.text_of(w.text) for w in scene.body.walk() if w.visible and hasattr(w, "text")]
    assert all("{" not in t and "credits." not in t for t in texts), texts
    app.stack.pop()
    return texts + [tr("credits.title")]


def test_every_game_has_its_credits() -> None:
    assert {e.id for e in GAMES} == set(CREDITS)
    for game_id, c in CREDITS.items():
        assert c.designers and all(c.designers) and c.publisher and c.rules_key.startswith("credits.rules."), game_id


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_credits_screen_names_each_game_s_designer_publisher_and_rules_source(app, lang):
    from game.i18n import tr
    texts = shown_texts(app, lang)
    for entry in GAMES:
        c = CREDITS[entry.id]
        name = tr(entry.name_key)
        mine = [t for t in texts if t.startswith(name)]
        assert len(mine) == 1, f"{entry.id} ({lang}): no line of its own in {texts}"
        line = mine[0]
        for who in c.designers + (c.publisher,) + c.rules_names:
            assert who in line, f"{entry.id} ({lang}): {who!r} missing from {line!r}"
        assert tr(c.rules_text()) in line, f"{entry.id} ({lang}): the rules source missing from {line!r}"
        if c.year:
            assert str(c.year) in line
        if c.original_title:
            assert c.original_title in line


def test_the_credits_name_the_translators_the_rulebooks_name() -> None:
    assert "Claudio Cicconetti" in CREDITS["pirateer"].rules_names
    assert "Fabrizio & Corinna" in CREDITS["spanish-main"].rules_names
    assert "Pitt Crandlemire" in CREDITS["planks"].rules_names


def code_strings(path: Path) -> list[str]:
    """The string constants of a module that are not docstrings (a docstring may cite a spec; code may not
    open it)."""
    tree = ast.parse(path.read_text("utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    return [n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def test_nothing_in_the_app_reads_the_shared_folder() -> None:
    offenders = [f"{p.relative_to(ROOT)}: {text[:60]!r}" for p in sorted((ROOT / "game").rglob("*.py"))
                 for text in code_strings(p) if re.search(r"(^|[/\\])shared([/\\]|$)|/work/", text)]
    assert not offenders, offenders
