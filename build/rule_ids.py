"""Write a spec's rule ids into the repo (a developer's tool; nothing in the build, the tests or the app
reads the specs themselves).

usage: python build/rule_ids.py SPEC.md tests/games/PKG/rule_ids.txt

An id is a numbered rule, setup rule, board rule, variant rule or resolved ambiguity that starts a line
of the spec (R12, S4, G3, V11.2, A7, E1, bold or not, after an optional list mark), or a worked
example's id (``T-P1``, ``X2b``, ``V-J``) at the start of a line or of a table row. Markers already
written after an id in the existing file (``term: ...``, ``later: ...``) are kept.
"""
from __future__ import annotations

import pathlib
import re
import sys

RULE = re.compile(r"^\s*(?:[-*]\s+)?(?:\*\*)?((?:R|V|G|S|A|E)\d+(?:\.\d+)?[a-z]?)(?:\*\*)?(?=[.:\s—*,)])", re.M)
EXAMPLE = re.compile(r"^\s*(?:[-*]\s+)?(?:\|\s*)?(?:\*\*)?((?:T-[A-Z]+\d+[a-z]?)|(?:X\d+[a-z]?)|(?:V-[A-Z]+\d*[a-z]?))"
                     r"(?:\*\*)?(?=[.:\s—*|(])", re.M)


def spec_ids(text: str) -> list[str]:
    found: list[tuple[int, str]] = []
    for pat in (RULE, EXAMPLE):
        found += [(m.start(), m.group(1)) for m in pat.finditer(text)]
    ids: list[str] = []
    for _, rid in sorted(found):
        if rid not in ids:
            ids.append(rid)
    return ids


def main(spec: str, target: str) -> None:
    out = pathlib.Path(target)
    kept: dict[str, str] = {}
    if out.exists():
        for line in out.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                rid, _, rest = line.partition("  ")
                kept[rid.strip()] = rest.strip()
    name = pathlib.Path(spec).name
    lines = [f"# The rule ids of the spec {name}, in its order (written by build/rule_ids.py).",
             "# After an id: `term: why` = it only defines a term (no test); `later: issue N what` = not built yet.",
             "# tests/games/test_rule_ids.py checks every other id has a test named after it and, unless it is a",
             "# worked example, is cited on its own in the game's code."]
    for rid in spec_ids(pathlib.Path(spec).read_text()):
        lines.append(f"{rid}  {kept[rid]}" if kept.get(rid) else rid)
    out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:3])
