"""Compile every game/i18n/po/*.po into game/i18n/mo/*.mo (run by `make catalogs`).

Uses Babel's maintained .po reader and .mo writer. The .mo files are committed so that the app and the
executable need no build step; tests/test_i18n.py checks they are up to date.
"""
from __future__ import annotations

import io
from datetime import datetime, timezone
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
PO_DIR = ROOT / "game" / "i18n" / "po"
MO_DIR = ROOT / "game" / "i18n" / "mo"


def compile_one(po: Path) -> bytes:
    with po.open("rb") as fp:
        catalog = read_po(fp, locale=po.stem.split(".")[-1])
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
        data = compile_one(po)
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
