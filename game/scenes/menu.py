"""Main menu: the title art, one tile per game, Continue, Settings, Credits, Quit.

A game's tile is playable only when its package exists; the others show the shipyard picture.

Continue shows while there is an unfinished game; it opens the list of them all (``saved_games``), each
resumable or deletable. A saved game the app cannot use (damaged, edited, from a newer version, for a
game it does not have, a folder or a pipe ...) is kept aside under a fresh name and the player is told
which file, what is wrong with it and where it was kept. A file of the app itself that is missing or
damaged (a game's map) is blamed as such, and the save stays where it is. The single ``autosave.json``
of earlier versions is moved into the saves folder the first time the menu looks.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import pygame

from game import games
from game.core.protocol import Text
from game.games import GameEntry
from game.i18n import language, tr
from game.scenes.base import Scene
from game.scenes.common import Explains
from game.ui import palette, theme
from game.ui.widgets import Button, FocusRing, HBox, Tooltip


class GameTile:
    """A game's card on the menu: illustration, name, players and length, one-line pitch."""

    focusable = True

    def __init__(self, entry: GameEntry, on_open: Callable[[GameEntry], None]):
        self.entry = entry
        self.on_open = on_open
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hovered = False
        self.focused = False
        self.pressed = False
        self._cache: pygame.Surface | None = None
        self._cache_key: tuple | None = None

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.hovered = self.rect.collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hovered:
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.hovered:
                self.open()
            return True
        return False

    def open(self) -> None:
        if self.entry.available:
            self.on_open(self.entry)

    def details(self) -> str:
        lo, hi = self.entry.players
        parts = [tr("menu.players", lo=lo, hi=hi)]
        if self.entry.minutes:
            mlo, mhi = self.entry.minutes
            parts.append(tr("menu.minutes", lo=mlo, hi=mhi) if mlo != mhi else tr("menu.minutes_one", n=mlo))
        return "  ·  ".join(parts)

    def draw(self, surface: pygame.Surface) -> None:
        lit = (self.hovered or self.focused) and self.entry.available
        key = (self.rect.size, lit, language())
        if self._cache_key != key:  # redrawn only when its size, highlight or language changes
            tile = self._render(lit)
            self._cache = tile.convert_alpha() if pygame.display.get_surface() else tile
            self._cache_key = key
        pad = theme.px(12)
        surface.blit(self._cache, (self.rect.x - pad, self.rect.y - pad))

    def _render(self, lit: bool) -> pygame.Surface:
        """The tile on its own transparent surface (with room for the glow and the lift)."""
        pad = theme.px(12)
        out = pygame.Surface((self.rect.w + 2 * pad, self.rect.h + 2 * pad), pygame.SRCALPHA)
        live = self.entry.available
        lift = theme.px(4) if lit else 0
        card = pygame.Rect(pad, pad - lift, self.rect.w, self.rect.h)
        if lit:
            theme.draw_glow(out, card, palette.HIGHLIGHT, theme.px(8), theme.px(14))
        theme.draw_frame(out, "panel", card)
        inner = theme.px(12)
        art_w = card.w - 2 * inner
        art_rect = pygame.Rect(card.x + inner, card.y + inner, art_w, int(art_w * 0.6))
        img = theme.image("menu", f"{self.entry.id}.png") or theme.image("menu", "shipyard.png")
        if img is not None:
            art = pygame.transform.smoothscale(img, art_rect.size)
            if not live:  # a faded sepia picture: this game is coming, not playable
                art = pygame.transform.grayscale(art)
                art.fill((236, 214, 178, 255), special_flags=pygame.BLEND_RGBA_MULT)
            out.blit(art, art_rect)
        else:
            pygame.draw.rect(out, palette.SEA, art_rect, border_radius=theme.px(6))
        pygame.draw.rect(out, palette.WOOD_DARK, art_rect, width=max(1, theme.px(2)), border_radius=theme.px(12))
        y = art_rect.bottom + theme.px(8)
        name = tr(self.entry.name_key)
        f = theme.fit_font(name, "display", 26, art_w)
        theme.draw_text(out, name, f, palette.WOOD_DARK if live else palette.INK_SOFT, (card.centerx, y), "midtop")
        y += f.get_linesize()
        small = theme.fit_font(self.details(), "bold", 15, art_w)
        theme.draw_text(out, self.details(), small, palette.INK_SOFT, (card.centerx, y), "midtop")
        y += small.get_linesize() + theme.px(4)
        body = theme.font("text", 15)
        for line in theme.wrap_text(tr(self.entry.pitch_key), body, art_w)[:3]:
            theme.draw_text(out, line, body, palette.INK if live else palette.INK_SOFT, (card.centerx, y), "midtop")
            y += body.get_linesize()
        if not live:  # a ribbon across the picture: this game is still being built
            ribbon = pygame.Rect(art_rect.x, art_rect.bottom - theme.px(30), art_rect.w, theme.px(26))
            out.blit(theme.overlay(ribbon.size, (*palette.WOOD_DARK, 225)), ribbon)
            label = tr("menu.shipyard")
            theme.draw_text(out, label, theme.fit_font(label, "bold", 14, ribbon.w - theme.px(8)),
                            palette.GOLD_LIGHT, ribbon.center, "center")
        return out


class MenuScene(Explains, Scene):
    name = "menu"

    def __init__(self, app):
        super().__init__(app)
        self.tiles = [GameTile(e, self.open_game) for e in games.catalog() if not e.module]
        self.tiles += [GameTile(e, self.open_game) for e in games.catalog() if e.module]  # test games
        from game.scenes.coach import tutorial_of
        #: Learn to play, on the tile of each game that has a lesson
        self.learn_buttons = {tile: Button(Text.of("coach.learn"), lambda e=tile.entry: self.open_lesson(e),
                                           min_width=140, height=36, size=15)
                              for tile in self.tiles if tile.entry.available and tutorial_of(tile.entry) is not None}
        #: Play (a new game: its setup), on the tile of each playable game — clicking the tile does the same,
        #: but a newcomer looks for a button
        self.play_buttons = {tile: Button(Text.of("menu.play"), lambda e=tile.entry: self.open_game(e),
                                          min_width=140, height=36, size=15)
                             for tile in self.tiles if tile.entry.available}
        for tile in self.tiles:
            tile.parts = [b for b in (self.play_buttons.get(tile), self.learn_buttons.get(tile)) if b is not None]
        self.continue_button = Button(Text.of("menu.continue"), self.continue_game, min_width=220)
        self.buttons = HBox([
            self.continue_button,
            Button(Text.of("menu.settings"), self.open_settings, min_width=180),
            Button(Text.of("menu.credits"), self.open_credits, min_width=180),
            Button(Text.of("menu.quit"), self.app.quit, min_width=140),
        ], spacing=16, align="center")
        self.focus = FocusRing()
        self.tooltip = Tooltip(source=self.explanations)
        from game.core.saves import SaveShelf
        self.shelf = SaveShelf()  # the saves folder, read again only where a file changed
        self.told: set[Path] = set()  # bad files that could not be moved aside: said once
        self.unfinished: list = []  # the games Continue lists (saves.SavedGame), newest first
        self._backdrop: pygame.Surface | None = None

    # Life cycle -----------------------------------------------------------------------------
    def enter(self) -> None:
        self.refresh_continue()
        self.refresh_lessons()
        super().enter()

    def refresh_lessons(self) -> None:
        """Each tile's Learn to play says where its lesson is: not begun, waiting half-way, or learnt."""
        from game.scenes.coach import lesson_progress
        keys = {"new": "coach.learn", "begun": "coach.learn_resume", "done": "coach.learn_done"}
        for tile, button in self.learn_buttons.items():
            button.text = Text.of(keys[lesson_progress(tile.entry.id)])

    def refresh_continue(self) -> None:
        """Continue shows only while an unfinished game can be resumed; a saved game that cannot be is
        kept aside, with a message (``saved_games.refuse_save``)."""
        from game.core import saves
        from game.scenes.saved_games import unfinished_games
        saves.migrate_legacy_autosave()
        self.unfinished = unfinished_games(self.app, self.shelf, self.told)
        self.continue_button.visible = bool(self.unfinished)
        if len(self.unfinished) == 1:
            entry = games.get(self.unfinished[0].save.game_id)
            self.continue_button.text = Text.of("menu.continue_game", game=Text.of(entry.name_key))
        else:
            self.continue_button.text = Text.of("menu.continue_count", n=len(self.unfinished))

    def layout(self, rect: pygame.Rect) -> None:
        margin = theme.px(36)
        n = len(self.tiles)
        gap = theme.px(14)
        tile_w = min(theme.px(260), (rect.w - 2 * margin - gap * (n - 1)) // max(1, n))
        rows = (1 if self.play_buttons else 0) + (1 if self.learn_buttons else 0)
        tile_h = int(tile_w * 0.6) + theme.px(150) + theme.px(44) * rows
        bh = theme.px(52)
        room = rect.h - tile_h - bh - theme.px(20 + 22 + 4)    # the title takes what the tiles and buttons leave
        title_h = max(theme.px(90), min(int(rect.w * 300 / 1280), int(rect.h * 0.40), room))
        self.title_rect = pygame.Rect(0, 0, rect.w, title_h)
        total = tile_w * n + gap * (n - 1)
        x = rect.centerx - total // 2
        y = title_h + theme.px(4)
        for tile in self.tiles:
            tile.rect = pygame.Rect(x, y, tile_w, tile_h)
            bottom = tile.rect.bottom - theme.px(10)
            for button in reversed(tile.parts):        # Play above Learn to play, at the tile's foot
                button.layout(pygame.Rect(x + theme.px(20), bottom - theme.px(38), tile_w - theme.px(40),
                                          theme.px(38)))
                bottom -= theme.px(44)
            x += tile_w + gap
        from game.scenes.common import center_row
        center_row(self.buttons.children, pygame.Rect(margin, min(rect.bottom - bh - theme.px(20),
                                                                  y + tile_h + theme.px(22)),
                                                      rect.w - 2 * margin, bh))
        self.focus.set_widgets([*self.buttons.walk(), *(b for tile in self.tiles for b in tile.parts)])

    def explanations(self) -> list:
        """Each game's tile (what the game is, how many play; or that it is still being built), its Play and
        Learn to play, then Continue, Settings, Credits and Quit."""
        out: list = []
        for tile in self.tiles:
            game = Text.of(tile.entry.name_key)
            if not tile.entry.available:
                out.append((tile.rect, Text.of("menu.explain.shipyard", game=game)))
                continue
            lo, hi = tile.entry.players
            out.append((tile.rect, Text.of("menu.explain.tile", game=game, pitch=Text.of(tile.entry.pitch_key),
                                           players=Text.of("menu.players", lo=lo, hi=hi))))
            if tile in self.play_buttons:
                out.append((self.play_buttons[tile], Text.of("menu.explain.play", game=game)))
            if tile in self.learn_buttons:
                out.append((self.learn_buttons[tile], Text.of("menu.explain.learn", game=game)))
        quit_button = self.buttons.children[-1]
        out += [(self.continue_button, Text.of("menu.explain.continue")),
                (self.buttons.children[1], Text.of("menu.explain.settings")),
                (self.buttons.children[2], Text.of("menu.explain.credits")),
                (quit_button, Text.of("menu.explain.quit"))]
        return [(t, text) for t, text in out if getattr(t, "visible", True)]

    # Actions --------------------------------------------------------------------------------
    def toast_area(self, screen: pygame.Rect) -> pygame.Rect:
        """Toasts (a lesson left for later, a save kept) stand on the sea above the games' tiles: never over a
        tile's Play or Learn to play, nor over the row of buttons."""
        shown = [b.rect for b in self.buttons.children if b.visible and b.rect.h > 0]
        shown += [t.rect for t in self.tiles if t.rect.h > 0]
        top = min((r.top for r in shown), default=screen.bottom)
        return pygame.Rect(screen.x, screen.y, screen.w, max(theme.px(80), top - screen.y))

    def open_game(self, entry: GameEntry) -> None:
        from game.scenes.setup import SetupScene
        self.app.stack.push(SetupScene(self.app, entry))

    def open_lesson(self, entry: GameEntry) -> None:
        """Learn to play: the game's lesson on its real table, where it was left."""
        from game.scenes.coach import open_tutorial
        open_tutorial(self.app, entry)

    def continue_game(self) -> None:
        """The list of every unfinished game."""
        from game.scenes.saved_games import SavedGamesScene
        if self.unfinished:
            self.app.stack.push(SavedGamesScene(self.app, self.shelf, self.told))

    def refuse_save(self, path: Path, reason: Text) -> None:
        """The save at ``path`` cannot be used: kept aside, and the player told (``saved_games.refuse_save``)."""
        from game.scenes.saved_games import refuse_save
        refuse_save(self.app, path, reason)

    def open_settings(self) -> None:
        from game.scenes.settings import SettingsScene
        self.app.stack.push(SettingsScene(self.app))

    def open_credits(self) -> None:
        from game.scenes.credits import CreditsScene
        self.app.stack.push(CreditsScene(self.app))

    def back(self) -> None:
        """Esc on the menu does nothing (Quit is a button): a stray Esc must not close the app."""

    # Frame ----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self.tooltip.handle(event)
        if self.explain_key(event) or self.focus.handle(event):
            self.mark_dirty()
            return
        for button in (b for tile in self.tiles for b in tile.parts):   # on its tile: its buttons first
            if button.handle(event):
                self.mark_dirty()
                return
        for tile in self.tiles:
            if tile.handle(event):
                break
        else:
            self.buttons.handle(event)
        self.mark_dirty()

    def update(self, dt: float) -> None:
        self.buttons.update(dt)
        self.update_tooltip(dt)

    def is_animating(self) -> bool:
        return self.tooltip.active

    def backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        """Sea and title art, drawn once per window size."""
        if self._backdrop is not None and self._backdrop.get_size() == size:
            return self._backdrop
        out = theme.background("sea", size).copy()
        rect = out.get_rect()
        title = theme.image("menu", "title.png")
        if title is not None:  # across the whole width; a short window crops the sky at the top
            scale = rect.w / title.get_width()
            img = pygame.transform.smoothscale(title, (rect.w, int(title.get_height() * scale)))
            out.blit(img, img.get_rect(bottom=self.title_rect.bottom, centerx=rect.centerx))
        else:
            theme.draw_text(out, tr("app.title"), theme.font("display", 72), palette.GOLD_LIGHT,
                            self.title_rect.center, "center", palette.WOOD_DARK, 3)
        self._backdrop = out.convert() if pygame.display.get_surface() else out
        return self._backdrop

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.backdrop(surface.get_size()), (0, 0))
        for tile in self.tiles:
            tile.draw(surface)
        for tile in self.tiles:
            for button in tile.parts:
                button.draw(surface)
        self.buttons.draw(surface)
        self.tooltip.draw(surface)
