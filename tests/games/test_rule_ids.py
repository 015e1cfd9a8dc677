"""Rule ids a grep can find (issue 13, item 6).

Each game's spec lists numbered rules, setup and board rules, variants, resolved ambiguities and worked
examples; their ids are copied into ``tests/games/<pkg>/rule_ids.txt`` (``build/rule_ids.py``: the project
never reads the specs themselves). For every built game this checks that each id

- has a test named after it (``test_R12_...``; dots and hyphens become underscores), and
- unless it is a worked example, is cited on its own in the game's code (``# R21``: a range such as
  ``R20-R27`` cites only its ends, and no range is allowed anywhere),

or is marked in the list with its reason: ``term: ...`` (it only defines a term) or ``later: issue N ...``
(a part of the game not built yet).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game import games

ROOT = Path(__file__).resolve().parents[2]
#: worked examples: tested, not cited in code
EXAMPLE = re.compile(r"^(E\d+|T-[A-Z]+\d+[a-z]?|X\d+[a-z]?|V-[A-Z]+\d*)$")
#: worked-example E ids only in the games whose spec uses E for examples (Pirateer's E1-E4 are end rules)
E_IS_EXAMPLE = {"playa_pirata", "planks", "island_race"}
RANGE = re.compile(r"\b([RVGSAE]\d+(?:\.\d+)?[a-z]?)\s*(?:-|–|—|\.\.)\s*([RVGSAE]?\d+(?:\.\d+)?[a-z]?)\b")
MARKERS = ("term:", "later:")


def rule_list(pkg: str) -> list[tuple[str, str]]:
    """(id, marker text or "") for every line of the game's rule_ids.txt."""
    rows = []
    for line in (ROOT / "tests" / "games" / pkg / "rule_ids.txt").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        rid, _, marker = line.partition("  ")
        rows.append((rid.strip(), marker.strip()))
    return rows


def built_games() -> list[str]:
    return [e.pkg for e in games.catalog() if e.package is not None and not e.module]


def is_example(pkg: str, rid: str) -> bool:
    if rid.startswith("E") and rid[1:].isdigit():
        return pkg in E_IS_EXAMPLE
    return bool(EXAMPLE.match(rid))


def test_names(pkg: str) -> set[str]:
    names: set[str] = set()
    for f in (ROOT / "tests" / "games" / pkg).rglob("test_*.py"):
        names.update(re.findall(r"def (test_\w+)", f.read_text(encoding="utf-8", errors="replace")))
    return names


test_names.__test__ = False  # a helper, not a test


def has_test(names: set[str], rid: str) -> bool:
    key = "test_" + re.sub(r"[.\-]", "_", rid)
    return any(n == key or n.startswith(key + "_") for n in names)


def code_text(pkg: str) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "game" / "games" / pkg).rglob("*.py")))


def cited(text: str, rid: str) -> bool:
    """``rid`` written on its own (not as the end of a range, not as part of a longer id)."""
    pat = re.compile(r"(?<![\w.\-–])" + re.escape(rid) + r"(?![\w]|\.\d|\s*[-–]\s*[RVGSAE]?\d)")
    return bool(pat.search(text))


@pytest.mark.parametrize("pkg", ["playa_pirata", "island_race", "pirateer", "planks", "spanish_main"])
def test_every_spec_has_its_rule_list(pkg):
    rows = rule_list(pkg)
    assert len(rows) > 40, f"{pkg}: {len(rows)} rule ids"
    ids = [r for r, _ in rows]
    assert len(ids) == len(set(ids)), f"{pkg}: an id is listed twice"
    for rid, marker in rows:
        assert not marker or marker.startswith(MARKERS) and len(marker) > len("term: ") + 8, \
            f"{pkg} {rid}: a marker is 'term: <why>' or 'later: issue N <what>', not {marker!r}"


@pytest.mark.parametrize("pkg", built_games())
def test_every_rule_id_has_a_test(pkg):
    names = test_names(pkg)
    missing = [rid for rid, marker in rule_list(pkg) if not marker and not has_test(names, rid)]
    assert not missing, f"{pkg}: no test named after {' '.join(missing)}"


@pytest.mark.parametrize("pkg", built_games())
def test_every_rule_id_is_cited_in_the_code(pkg):
    text = code_text(pkg)
    missing = [rid for rid, marker in rule_list(pkg)
               if not marker and not is_example(pkg, rid) and not cited(text, rid)]
    assert not missing, f"{pkg}: never cited on its own in game/games/{pkg}: {' '.join(missing)}"


def test_no_rule_id_ranges_in_the_code():
    hits = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if "#" in line or '"""' in line or line.strip().startswith(("-", "``", "R", "V", "S", "A", "G")):
                for m in RANGE.finditer(line):
                    hits.append(f"{path.relative_to(ROOT)}:{number}: {m.group(0)}")
    assert not hits, "rule ids written as ranges (write each id):\n" + "\n".join(hits[:40])


def test_the_checks_see_what_they_should():
    """The matchers themselves: a range does not cite its members, a longer id does not cite a shorter."""
    assert cited("# R21 the towel", "R21")
    assert not cited("# R20-R27 scoring", "R20") and not cited("# R20–R27", "R27")
    assert not cited("# R210", "R21") and not cited("V11.2", "V11") and not cited("# AR21", "R21")
    assert has_test({"test_V11_2_four_dice"}, "V11.2") and has_test({"test_T_P1_place"}, "T-P1")
    assert not has_test({"test_R12x"}, "R1") and not has_test({"test_R12_x"}, "R1")
    assert is_example("playa_pirata", "E3") and not is_example("pirateer", "E1")
    assert is_example("pirateer", "X2b") and is_example("pirateer", "V-J")
