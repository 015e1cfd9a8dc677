"""The one translation function of the app: ``tr``.

Catalogs are GNU gettext ``.po`` files in ``game/i18n/po/<domain>.<lang>.po`` (one domain per part of
the app and per game, so parts can grow independently), compiled by ``build/compile_catalogs.py``
into ``game/i18n/mo/<domain>.<lang>.mo`` and read with the standard ``gettext`` module. Message ids are
stable keys (``menu.continue``); the English catalog is as complete as the Italian one, and a test
fails if a key is missing in either or a ``{placeholder}`` differs.

Pure Python (no pygame): the command-line tools translate too.
"""
from __future__ import annotations

import gettext
import locale
import os
import re
from pathlib import Path
from typing import Any

from game.core.protocol import SEAT_KEY, Text

LANGUAGES = ("it", "en")
PO_DIR = Path(__file__).resolve().parent / "po"
MO_DIR = Path(__file__).resolve().parent / "mo"

_catalogs: dict[str, dict[str, str]] = {}
_language = "en"
_seat_names: list[str] = []  # names of the seats of the game on screen (set by its table scene)
#: the longest a name typed by a player (or found in an edited save) is shown: longer ones end in "…"
MAX_SHOWN_NAME = 24


def _load(lang: str) -> dict[str, str]:
    if lang not in _catalogs:
        merged: dict[str, str] = {}
        for mo in sorted(MO_DIR.glob(f"*.{lang}.mo")):
            with mo.open("rb") as fp:
                merged.update({k: v for k, v in gettext.GNUTranslations(fp)._catalog.items()
                               if isinstance(k, str) and k})
        _catalogs[lang] = merged
    return _catalogs[lang]


def system_language() -> str:
    """'it' when the system locale is Italian, else 'en'."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        value = os.environ.get(var, "")
        if value:
            return "it" if value.lower().startswith("it") else "en"
    try:
        loc = locale.getlocale()[0] or ""
    except ValueError:
        loc = ""
    return "it" if loc.lower().startswith("it") else "en"


def set_language(lang: str) -> None:
    global _language
    _language = lang if lang in LANGUAGES else "en"
    _load(_language)


def language() -> str:
    return _language


def shown_name(name: str, limit: int = MAX_SHOWN_NAME) -> str:
    """A name given by a player as the screen shows it: at most ``limit`` characters, a longer one cut
    with an ellipsis (a save may name a seat with 200,000 characters; no line of text can hold that), and
    what pygame refuses to draw (a NUL; a lone surrogate, which an edited file can hold as ``"\\ud800"``)
    shown as U+FFFD."""
    name = str(name)
    if len(name) > limit:
        name = name[:max(0, limit - 1)] + "\u2026"
    return _UNDRAWABLE.sub("\ufffd", name)


_UNDRAWABLE = re.compile("[\x00\ud800-\udfff]")


def set_seat_names(names: list[str]) -> None:
    """The names ``seat_ref(n)`` shows (the game on screen); an empty list gives "Player n"."""
    _seat_names[:] = [shown_name(n) for n in names]


def has_key(key: str, lang: str | None = None) -> bool:
    return key in _load(lang or _language)


def tr(message: Text | str, **params: Any) -> str:
    """Translate a Text (or a key with parameters) into the current language.

    Parameters that are Text are translated first. A missing key shows the key itself (and the
    completeness test fails), never a crash; a missing placeholder leaves ``{name}`` visible.
    """
    if isinstance(message, Text):
        params = {**message.kwargs, **params}
        key = message.key
    else:
        key = message
    if key == SEAT_KEY:
        seat = params.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(_seat_names):
            return _seat_names[seat]
        params = {"n": seat + 1 if isinstance(seat, int) else seat}
    template = _load(_language).get(key)
    if template is None:
        template = _load("en").get(key, key)
    if not params:
        return template
    values = {k: (tr(v) if isinstance(v, Text) else v) for k, v in params.items()}
    try:
        return template.format_map(_Missing(values))
    except (ValueError, IndexError):
        return template


class _Missing(dict):
    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


def reload() -> None:
    """Forget loaded catalogs (after recompiling them)."""
    _catalogs.clear()
