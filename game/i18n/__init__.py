"""The one translation function of the app: ``tr``.

Catalogs are GNU gettext ``.po`` files in ``game/i18n/po/<domain>.<lang>.po`` (one domain per part of
the app and per game, so parts can grow independently), compiled by ``build/compile_catalogs.py``
into ``game/i18n/mo/<domain>.<lang>.mo`` and read with the standard ``gettext`` module. Message ids are
stable keys (``menu.continue``); the English catalog is as complete as the Italian one, and a test
fails if a key is missing in either or a ``{placeholder}`` differs.

Counted strings ("1 move", "3 moves") are gettext plural entries. Their ``msgid_plural`` is not an
English plural text but the name of the parameter that counts, and ``msgstr[0..]`` are the forms, chosen
by the ``Plural-Forms`` header of the file (Italian and English alike: ``nplurals=2; plural=(n != 1);``)::

    msgid "saves.progress.moves"
    msgid_plural "n"
    msgstr[0] "{n} move"
    msgstr[1] "{n} moves"

So a Text needs nothing new to be counted: ``Text.of("saves.progress.moves", n=3)`` is translated by
``tr`` with the form that fits 3. New counted strings count with ``n`` (``COUNT``); an entry may name
another parameter (``pp.log.hand_score`` counts ``points``) so that engine texts keep their parameters.
``trn(key, n, **params)`` is gettext's ``ngettext`` for code that holds a bare count. Every form keeps the
same placeholders (the count among them), in both languages: the catalog test checks it.

Pure Python (no pygame): the command-line tools translate too.
"""
from __future__ import annotations

import gettext
import locale
import os
import re
import struct
from pathlib import Path
from typing import Any, Callable, NamedTuple

from game.core.protocol import SEAT_KEY, Text

LANGUAGES = ("it", "en")
PO_DIR = Path(__file__).resolve().parent / "po"
MO_DIR = Path(__file__).resolve().parent / "mo"

#: the parameter new counted strings count with (``Text.of(key, n=3)``, ``trn(key, 3)``)
COUNT = "n"


class Counted(NamedTuple):
    """A plural entry: the parameter that counts, the forms (``msgstr[0..]``) and the file's plural rule
    (``Plural-Forms``: the number of a form for a count)."""
    param: str
    forms: tuple[str, ...]
    plural: Callable[[int], int]

    def form(self, count: Any) -> str:
        """The form for ``count``; anything but a whole number (missing, text) gets the last form."""
        if isinstance(count, int) and not isinstance(count, bool):
            return self.forms[min(max(self.plural(count), 0), len(self.forms) - 1)]
        return self.forms[-1]


#: key -> template; a counted entry appears here too, as its last (plural) form, so that ``has_key`` and
#: the placeholder checks see every key
_catalogs: dict[str, dict[str, str]] = {}
_counted: dict[str, dict[str, Counted]] = {}
_language = "en"
_seat_names: list[str] = []  # names of the seats of the game on screen (set by its table scene)
#: the longest a name typed by a player (or found in an edited save) is shown: longer ones end in "…"
MAX_SHOWN_NAME = 24


def read_mo(path: Path) -> tuple[dict[str, str], dict[str, Counted]]:
    """One compiled catalog: its plain entries and its plural entries."""
    data = path.read_bytes()
    with path.open("rb") as fp:
        translations = gettext.GNUTranslations(fp)
    plain = {k: v for k, v in translations._catalog.items() if isinstance(k, str) and k}
    counted = {}
    for msgid, param in _plural_ids(data).items():
        forms = []
        while (msgid, len(forms)) in translations._catalog:
            forms.append(translations._catalog[(msgid, len(forms))])
        counted[msgid] = Counted(param, tuple(forms), translations.plural)
    return plain, counted


def _plural_ids(data: bytes) -> dict[str, str]:
    """``msgid`` -> ``msgid_plural`` of the plural entries of a .mo file (``gettext`` keeps only the
    msgid; here the msgid_plural names the counting parameter)."""
    order = "<" if data[:4] == b"\xde\x12\x04\x95" else ">"
    count, originals = struct.unpack(order + "4xI I", data[4:16]) if len(data) >= 16 else (0, 0)
    found = {}
    for i in range(count):
        length, offset = struct.unpack(order + "II", data[originals + 8 * i:originals + 8 * i + 8])
        raw = data[offset:offset + length]
        if b"\x00" in raw and b"\x04" not in raw:
            msgid, plural_id = raw.split(b"\x00", 1)
            found[msgid.decode("utf-8")] = plural_id.decode("utf-8")
    return found


def _load(lang: str) -> dict[str, str]:
    if lang not in _catalogs:
        merged: dict[str, str] = {}
        counted: dict[str, Counted] = {}
        for mo in sorted(MO_DIR.glob(f"*.{lang}.mo")):
            plain, plurals = read_mo(mo)
            merged.update(plain)
            merged.update({key: entry.forms[-1] for key, entry in plurals.items() if entry.forms})
            counted.update({key: entry for key, entry in plurals.items() if entry.forms})
        _catalogs[lang] = merged
        _counted[lang] = counted
    return _catalogs[lang]


def counted(key: str, lang: str | None = None) -> Counted | None:
    """The plural entry of ``key`` (None: a plain entry, or no entry)."""
    lang = lang or _language
    _load(lang)
    return _counted[lang].get(key)


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
    template = _template(key, params)
    if not params:
        return template
    values = {k: _Param(tr(v) if isinstance(v, Text) else v) for k, v in params.items()}
    try:
        return template.format_map(_Missing(values))
    except (ValueError, IndexError):
        return template


def trn(message: Text | str, n: int, **params: Any) -> str:
    """gettext's ``ngettext``: ``message`` translated with the form for the count ``n``, given as the
    parameter its plural entry counts (``COUNT`` for a key that is not a plural entry)."""
    key = message.key if isinstance(message, Text) else message
    entry = counted(key) or counted(key, "en")
    return tr(message, **{**params, (entry.param if entry else COUNT): n})


def _template(key: str, params: dict[str, Any]) -> str:
    """The template of ``key`` in the language (else in English, else the key), the form for its count
    when it is a plural entry."""
    for lang in (_language, "en"):
        template = _load(lang).get(key)
        if template is not None:
            entry = _counted[lang].get(key)
            return entry.form(params.get(entry.param)) if entry else template
    return key


#: Italian words that take a euphonic "d" before a name that begins with the same vowel
_EUPHONIC = {"a": "ad", "e": "ed"}


def with_preposition(word: str, name: Any) -> str:
    """``word`` ("a" or "e") followed by ``name``, as Italian writes it: "ad Anna", "a Ben", "ed Elena",
    "e Ugo". The euphonic "d" goes before a name that begins with the same vowel, accented or capital
    included ("ad Àlvaro"), as the Accademia della Crusca recommends; before another vowel it is left
    out ("a Elena", "e Anna"), and a name that begins with a digit, a symbol or nothing keeps the bare
    word. A catalog asks for it with a format spec: ``Tocca {player:a}``, ``{names} {last:e}``."""
    text = str(name)
    first = _base_letter(text.lstrip("\"'«“([ ")[:1])
    return f"{_EUPHONIC[word] if first == word else word} {text}"


def _base_letter(char: str) -> str:
    """The letter ``char`` is built on, lower case: "À" -> "a" ("" for no letter)."""
    import unicodedata
    return unicodedata.normalize("NFD", char)[:1].lower()


class _Param:
    """A value given to a template: formats as itself, and with the spec ``a`` or ``e`` as that word
    followed by the value, with the euphonic "d" when it is due (``with_preposition``)."""
    __slots__ = ("value",)

    def __init__(self, value: Any):
        self.value = value

    def __format__(self, spec: str) -> str:
        if spec in _EUPHONIC:
            return with_preposition(spec, self.value)
        return format(self.value, spec)

    def __str__(self) -> str:
        return str(self.value)


class _Missing(dict):
    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


def reload() -> None:
    """Forget loaded catalogs (after recompiling them)."""
    _catalogs.clear()
    _counted.clear()
