"""Compile every game/i18n/po/*.po into game/i18n/mo/*.mo (run by `make catalogs`).

Uses Babel's maintained .po reader and .mo writer. The .mo files are committed so that the app and the
executable need no build step; tests/test_i18n.py checks they are up to date.

Plural entries (``msgid_plural`` naming the counting parameter, ``msgstr[0..]``; see game/i18n) are
compiled as gettext writes them: ``msgid\0msgid_plural`` -> the forms joined by NUL. A file without a
``Plural-Forms`` header, or a plural entry with a missing form, is refused: Babel would otherwise guess
the rule from the locale and fill a missing form with the msgid (a key on screen).
"""
from __future__ import annotations

import io
import re
from datetime import datetime, timezone
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
PO_DIR = ROOT / "game" / "i18n" / "po"
MO_DIR = ROOT / "game" / "i18n" / "mo"


class CatalogError(ValueError):
    pass


def compile_one(po: Path) -> bytes:
    if not re.search(r'^"Plural-Forms: nplurals=\d+; plural=[^"]+;\\n"$', po.read_text("utf-8"), flags=re.M):
        raise CatalogError(f"{po.name}: no Plural-Forms header")
    with po.open("rb") as fp:
        catalog = read_po(fp, locale=po.stem.split(".")[-1])
    for message in catalog:
        if message.id and message.pluralizable:
            forms = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
            if len(forms) != catalog.num_plurals or not all(forms):
                raise CatalogError(f"{po.name}: {message.id[0]} needs {catalog.num_plurals} forms, has {list(forms)}")
    # fixed dates: the same .po always compiles to the same bytes (the test checks freshness by bytes)
    catalog.creation_date = catalog.revision_date = datetime(2026, 1, 1, tzinfo=timezone.utc)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def main(check: bool = False) -> int:
    MO_DIR.mkdir(parents=True, exist_ok=True)
    stale = []
    wanted = set()
    for po in sorted(PO_DIR.glob("*.po")):
        mo = MO_DIR / (po.stem + ".mo")
        wanted.add(mo.name)
        try:
            data = compile_one(po)
        except CatalogError as exc:
            print(exc, file=sys.stderr)
            return 2
        if check:
            if not mo.exists() or mo.read_bytes() != data:
                stale.append(mo.name)
        else:
            mo.write_bytes(data)
    for mo in MO_DIR.glob("*.mo"):
        if mo.name not in wanted:
            if check:
                stale.append(mo.name)
            else:
                mo.unlink()
    if check and stale:
        print("stale catalogs (run `make catalogs`):", ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(check="--check" in sys.argv))
