"""The generated art: reproducible pixel for pixel, complete per the asset contract, fonts licensed
and covering Italian."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.ui import palette

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "assets" / "images"
FONTS = ROOT / "assets" / "fonts"
GAME_IDS = ("playa-pirata", "planks", "island-race", "pirateer", "spanish-main")
ITALIAN = "àèéìòùÀÈÉ«»–’“”"


def contract() -> dict[str, tuple[int, int]]:
    """Every image the asset contract promises, with its size."""
    c = {"menu/title.png": (1280, 300), "menu/shipyard.png": (400, 240)}
    c.update({f"menu/{g}.png": (400, 240) for g in GAME_IDS})
    for suffix in ("", "_hover", "_pressed", "_disabled"):
        c[f"ui/button{suffix}.png"] = (96, 48)
    c.update({"ui/panel.png": (96, 96), "ui/panel_dark.png": (96, 96), "ui/toast.png": (96, 48),
              "ui/checkbox_off.png": (32, 32), "ui/checkbox_on.png": (32, 32), "ui/arrow_left.png": (32, 32),
              "ui/arrow_right.png": (32, 32), "ui/icon.png": (64, 64)})
    c.update({f"textures/{t}.png": (256, 256) for t in ("sea", "sand", "wood", "parchment", "felt")})
    c.update({"cards/frame.png": (120, 168), "cards/back.png": (120, 168), "cards/mark_x.png": (48, 48),
              "cards/shadow.png": (128, 176)})
    c.update({f"dice/die_{v}.png": (64, 64) for v in range(1, 7)})
    c.update({f"dice/die_blur_{v}.png": (64, 64) for v in range(1, 4)})
    c.update({f"symbols/{sym}.png": (32, 32) for _, _, sym in palette.SEAT_COLOURS})
    c.update(playa_pirata_contract())
    c.update(island_race_contract())
    c.update(pirateer_contract())
    c.update(planks_contract())
    c.update(spanish_main_contract())
    return c


def playa_pirata_contract() -> dict[str, tuple[int, int]]:
    """Playa Pirata pieces (build/art_playa_pirata.py): cards 240x336, seat-coloured ones in 3 layers."""
    card, layers = (240, 336), ("", "_tint", "_top")
    names = [f"treasure_{v}" for v in range(3, 8)] + ["treasure_skull", "treasure_towel", "treasure_back"]
    names += [f"special_{n}" for n in ("sandcastle", "skeleton", "wave", "double-towel", "flag", "bucket",
                                       "lifeguard", "slippers", "piggy-bank", "parrot")]
    names += [f"pirate_{k}{s}" for k in ("spyglass", "map", "umbrella") for s in layers]
    names += [f"towel_{v}{s}" for v in (1, 2, 3) for s in layers]
    c = {f"playa-pirata/{n}.png": card for n in names}
    c.update({f"playa-pirata/umbrella_token{s}.png": (128, 128) for s in layers})
    c.update({"playa-pirata/eye.png": (64, 64), "playa-pirata/beach_table.png": (1280, 720)})
    return c


def island_race_contract() -> dict[str, tuple[int, int]]:
    """Island Race pieces (build/art_island_race.py): terrain textures, icons, overlays, ribbon, table."""
    c = {f"island-race/terrain_{t}.png": (128, 128) for t in ("water", "forest", "plains", "desert")}
    c.update({f"island-race/icon_{n}.png": (64, 64)
              for n in ("parrot", "monkey", "turtle", "toucan", "flamingo", "iguana", "volcano")})
    c.update({f"island-race/{n}.png": (128, 128) for n in ("clouds", "frame", "hint_corner", "hint_side", "hint_centre")})
    c.update({"island-race/done_banner.png": (256, 72), "island-race/race_table.png": (1280, 720)})
    return c


def pirateer_contract() -> dict[str, tuple[int, int]]:
    """Pirateer pieces (build/art_pirateer.py): ships, flags, anchors, coin, board marks, effects."""
    factions = ("spanish", "french", "pirates", "barbary")
    c: dict[str, tuple[int, int]] = {}
    for f in factions:
        c.update({f"pirateer/ship_{f}.png": (128, 128), f"pirateer/ship_{f}_b.png": (128, 128),
                  f"pirateer/flag_{f}.png": (64, 64), f"pirateer/flag_{f}_b.png": (64, 64),
                  f"pirateer/anchor_{f}.png": (64, 64)})
    c.update({f"pirateer/{n}.png": (128, 128) for n in ("carrier_glow", "coin", "wreck")})
    c.update({f"pirateer/{n}.png": (64, 64) for n in ("mooring", "strait_ring")})
    c.update({f"pirateer/glint_{k}.png": (64, 64) for k in range(1, 7)})
    c.update({f"pirateer/smoke_{k}.png": (96, 96) for k in range(1, 7)})
    c.update({"pirateer/coin_small.png": (32, 32), "pirateer/current_arrow.png": (128, 64),
              "pirateer/compass.png": (256, 256), "pirateer/blast_ring.png": (256, 256),
              "pirateer/wave.png": (256, 128)})
    return c


def planks_contract() -> dict[str, tuple[int, int]]:
    """Pirates, Planks & Pesetas pieces (build/make_planks_art.py): ship, chests, standees in 3 layers,
    island, bag, treasure tiles (width 40 + 8 x length), boards, clip, splash, table."""
    kinds = ("pearl", "ring", "doubloon", "ruby", "emerald", "brooch", "amulet", "goblet", "crown", "gold-bar",
             "necklace", "dagger")
    c = {"planks/ship.png": (600, 720), "planks/chest_big.png": (112, 96), "planks/chest_small.png": (112, 96),
         "planks/island.png": (320, 200), "planks/bag.png": (128, 128), "planks/board.png": (448, 64),
         "planks/board_tint.png": (448, 64), "planks/counter.png": (208, 64), "planks/counter_tint.png": (208, 64),
         "planks/clip.png": (32, 64), "planks/table.png": (1280, 720)}
    c.update({f"planks/pirate_{s}{x}.png": (64, 128) for s in range(1, 6) for x in ("", "_tint", "_top")})
    c.update({f"planks/treasure_{k}.png": (40 + 8 * (i + 1), 64) for i, k in enumerate(kinds)})
    c.update({f"planks/splash_{f}.png": (96, 96) for f in range(1, 5)})
    return c


def spanish_main_contract() -> dict[str, tuple[int, int]]:
    """Spanish Main pieces (build/make_spanish_main_art.py): cards 180x252 (ships whole and damaged, captains,
    every movement and adventure kind, three backs), flags, fame token, damage marker, spaces 1-9, table."""
    flags = ("en", "es", "nl")
    names = [f"ship-{f}-{n}{d}" for f in flags for n in (1, 2, 3) for d in ("", "_damaged")]
    names += [f"pirate-{f}-{n}" for f in flags for n in (1, 2, 3)] + ["pirate_back", "movement_back", "adventure_back"]
    names += [f"mv-{k}" for k in ("full-speed", "lost-at-sea", "alliance", "rip", "sabotage", "fog")]
    names += [f"mv-{w}-{f}" for w in ("advance", "retreat") for f in flags]
    names += [f"adv-{k}" for k in ("ancient-relics", "native-alliance", "island-discovery", "parley", "neptunes-favor",
                                   "mermaids", "treasure-map", "secret-charts", "legendary-treasure", "cursed-treasure",
                                   "volcano", "maelstrom", "storm-ahead", "kraken", "cursed-waters", "ghost-ship",
                                   "cursed-ship", "mutiny")]
    names += [f"adv-{w}-{f}" for w in ("attack", "loot") for f in flags]
    c = {f"spanish-main/{n}.png": (180, 252) for n in names}
    c.update({f"spanish-main/flag_{f}.png": (96, 64) for f in flags})
    c.update({f"spanish-main/space_{n}.png": (64, 64) for n in range(1, 10)})
    c.update({"spanish-main/fame_token.png": (64, 64), "spanish-main/damage.png": (64, 64),
              "spanish-main/table.png": (1280, 720)})
    return c


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("art")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    subprocess.run([sys.executable, str(ROOT / "build" / "make_art.py"), "--out", str(out)],
                   check=True, env=env, cwd=ROOT, capture_output=True, timeout=180)
    return out


def test_every_contract_image_exists_with_its_size():
    for rel, size in contract().items():
        path = IMAGES / rel
        assert path.is_file(), f"missing {rel}"
        assert pygame.image.load(str(path)).get_size() == size, rel


def test_make_art_reproduces_the_committed_images(regenerated: Path):
    made = sorted(p.relative_to(regenerated).as_posix() for p in regenerated.rglob("*.png"))
    assert made == sorted(contract()), "make_art draws exactly the contract's images"
    for rel in made:
        new = pygame.image.load(str(regenerated / rel))
        old = pygame.image.load(str(IMAGES / rel))
        assert new.get_size() == old.get_size(), rel
        assert pygame.image.tobytes(new, "RGBA") == pygame.image.tobytes(old, "RGBA"), f"{rel} differs: rerun make_art"


def _row_diffs(s: pygame.Surface) -> list[float]:
    """Mean absolute RGB difference between each row and the next, the last row paired with the first."""
    w, h = s.get_size()
    data = pygame.image.tobytes(s, "RGB")
    rows = [data[y * w * 3:(y + 1) * w * 3] for y in range(h)]
    return [sum(abs(p - q) for p, q in zip(rows[y], rows[(y + 1) % h])) / w for y in range(h)]


@pytest.mark.parametrize("name", ["sea", "sand", "wood", "parchment", "felt"])
def test_textures_tile_without_a_seam(name: str):
    s = pygame.image.load(str(IMAGES / "textures" / f"{name}.png"))
    for surf in (s, pygame.transform.rotate(s, 90)):
        diffs = _row_diffs(surf)
        seam, inner = diffs[-1], diffs[:-1]
        assert seam <= 1.25 * max(inner) + 2, f"{name}: the wrap-around edge stands out"


@pytest.mark.parametrize("name", ["water", "forest", "plains", "desert"])
def test_island_race_terrains_tile_without_a_seam(name: str):
    s = pygame.image.load(str(IMAGES / "island-race" / f"terrain_{name}.png"))
    for surf in (s, pygame.transform.rotate(s, 90)):
        diffs = _row_diffs(surf)
        seam, inner = diffs[-1], diffs[:-1]
        assert seam <= 1.25 * max(inner) + 2, f"{name}: the wrap-around edge stands out"


def test_symbols_are_white_on_transparent():
    for _, _, sym in palette.SEAT_COLOURS:
        s = pygame.image.load(str(IMAGES / "symbols" / f"{sym}.png"))
        opaque = [s.get_at((x, y)) for x in range(32) for y in range(32) if s.get_at((x, y)).a > 200]
        assert len(opaque) > 60, sym
        assert all(min(p.r, p.g, p.b) > 200 for p in opaque), sym
        assert s.get_at((0, 0)).a == 0, sym


def test_every_font_file_has_a_licence_and_covers_italian():
    pygame.font.init()
    licences = {p.name for p in FONTS.glob("LICENSE-*.txt")}
    assert set(palette.FONT_FILES) == {"display", "text", "text_bold"}
    for role, fname in palette.FONT_FILES.items():
        path = FONTS / fname
        assert path.is_file(), f"{role}: {fname} missing"
        family = fname.split("-")[0]
        assert f"LICENSE-{family}.txt" in licences, f"no licence for {fname}"
        assert "Open Font License" in (FONTS / f"LICENSE-{family}.txt").read_text(encoding="utf-8")
        font = pygame.font.Font(str(path), 18)
        missing = [ch for ch, m in zip(ITALIAN, font.metrics(ITALIAN)) if m is None]
        assert not missing, f"{fname} lacks {missing}"
    for ttf in list(FONTS.glob("*.ttf")) + list(FONTS.glob("*.otf")):
        assert ttf.name in palette.FONT_FILES.values(), f"{ttf.name} is shipped but not in FONT_FILES"
