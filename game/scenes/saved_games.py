"""Continue: every unfinished game, newest first, each resumable or deletable.

Each game has a file of its own in the saves folder (``game.core.saves``). The list shows, for each one,
the game, its players (names clipped as everywhere), when it was last played (local time: "Today, 18:30",
"Yesterday, 21:05", "14 November 2026, 18:30") and how far it got ("Hand 2 of 3 · 41 moves"); Resume
opens its table exactly where it was, Delete asks first. Nothing is ever deleted for the player: with
more than ``saves.MANY_SAVES`` games the list says so. Rows that do not fit the window go to further
pages (the buttons under the list, Page Up/Down or the mouse wheel).

A file the app cannot use is named on screen with what is wrong and kept aside (``refuse_save``), here
and in the menu; a missing or damaged file of the app itself (a map) is blamed as such, the save stays.
"""
from __future__ import annotations

import logging
import os
from datetime import datetime, timedelta, timezone, tzinfo
from pathlib import Path
from typing import Any, Callable

import pygame

from game import games
from game.core import saves
from game.core.protocol import Text
from game.i18n import shown_name, tr
from game.scenes.base import Scene
from game.scenes.common import ButtonRow, Explains, PanelScene, center_row
from game.ui import palette, theme
from game.ui.widgets import Button, FocusRing, Label, Panel, Tooltip, Widget

log = logging.getLogger("pgn.saves")

MAX_NAMES = 8  # a save names at most this many players in its row (an edited file may list thousands)


# --------------------------------------------------------------------------------------------------
# Words
# --------------------------------------------------------------------------------------------------
def when_text(when: datetime | None, now: datetime, tz: tzinfo | None = None) -> str:
    """When a game was last played, in the player's local time (``tz``; None: the system's zone):
    "Today, 18:30", "Yesterday, 21:05", else "14 November 2026, 18:30"."""
    if when is None:
        return tr("saves.when.unknown")
    try:
        local, today = when.astimezone(tz), now.astimezone(tz).date()
    except (OverflowError, ValueError, OSError):
        return tr("saves.when.unknown")
    clock = f"{local.hour:02d}:{local.minute:02d}"
    if local.date() == today:
        return tr("saves.when.today", time=clock)
    if local.date() == today - timedelta(days=1):
        return tr("saves.when.yesterday", time=clock)
    return tr("saves.when.date", day=local.day, month=Text.of(f"saves.month.{local.month}"), year=local.year,
              time=clock)


def _count(value: Any, lo: int = 0, hi: int = 1_000_000) -> int | None:
    """A whole number a save's summary claims, if it is a sane one (the file may have been edited)."""
    if isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi:
        return value
    return None


def progress_text(summary: dict, actions: int, hand_word: str = "hand") -> str:
    """How far a game got: "Hand 2 of 3 · 41 moves", "Round 1 of 3 · 12 moves", "Turn 34 · 120 moves", "Round 2 ·
    30 moves", "12 adventures left · 40 moves"."""
    parts = []
    hands, hand = _count(summary.get("hands"), 1, 1000), _count(summary.get("hand"), 1, 1000)
    if hands is not None and hand is not None and hands > 1 and hand <= hands:
        word = hand_word if hand_word in ("hand", "round") else "hand"
        parts.append(tr(f"saves.progress.{word}", n=hand, of=hands))
    elif _count(summary.get("round"), 1, 1000) is not None:
        parts.append(tr("saves.progress.round_n", n=_count(summary.get("round"), 1, 1000)))
    turn = _count(summary.get("turn"), 1)
    if turn is not None:
        parts.append(tr("saves.progress.turn", n=turn))
    left = _count(summary.get("adventures_left"), 0, 1000)
    if left is not None:
        parts.append(tr("saves.progress.adventures_left", n=left))
    if actions <= 0:
        parts.append(tr("saves.progress.no_moves"))
    else:
        parts.append(tr("saves.progress.moves", n=actions))
    return " · ".join(parts)


def players_text(seats: list[dict]) -> str:
    """The players' names, each clipped (``shown_name``), "+3" for any beyond ``MAX_NAMES``."""
    names = [shown_name(s.get("name", "")) for s in seats[:MAX_NAMES]]
    more = len(seats) - len(names)
    return ", ".join(names) + (f" +{more}" if more > 0 else "")


def clip_line(text: str, fnt: pygame.font.Font, width: int) -> str:
    """``text`` as one line no wider than ``width``: cut with "…" when it is too long."""
    if fnt.size(text)[0] <= width:
        return text
    lo, hi = 0, min(len(text), max(0, width))  # no glyph is narrower than a pixel
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fnt.size(text[:mid].rstrip() + "\u2026")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "\u2026"


# --------------------------------------------------------------------------------------------------
# Reading the folder
# --------------------------------------------------------------------------------------------------
def refuse_save(app, path: Path, reason: Text) -> None:
    """The save at ``path`` cannot be used: keep it aside (never where a game would write over it) and
    tell the player which file, why, and where it was kept."""
    log.warning("saved game %s not usable: %s", path, reason)
    kept = saves.keep_aside(path, move=True)
    if kept is not None:
        app.notify(Text.of("persist.save.kept_aside", file=path.name, reason=reason, kept=kept.name,
                           folder=str(kept.parent)))
    else:
        app.notify(Text.of("persist.save.not_kept", file=path.name, reason=reason, folder=str(path.parent)))


def unfinished_games(app, shelf: saves.SaveShelf, told: set | None = None) -> list[saves.SavedGame]:
    """The games ``shelf`` finds that can be resumed, newest first. Every file that cannot be (damaged,
    edited, from a newer version, for a game this app does not have or cannot play yet, a folder or a
    pipe ...) is kept aside with a message; ``told`` remembers files that could not be moved, so their
    message is said once, not at every look."""
    good, bad = shelf.scan(known_games=[e.id for e in games.catalog()])
    out = []
    for game in good:
        entry = games.get(game.save.game_id)
        if entry.available:
            out.append(game)
        else:
            bad.append((game.path, saves.SaveError(Text.of("persist.save.game_not_playable",
                                                           game=Text.of(entry.name_key)))))
    for path, exc in bad:
        if told is not None and path in told:
            continue
        refuse_save(app, path, exc.text)
        shelf.forget(path)
        if told is not None and os.path.lexists(path):
            told.add(path)
    return out


# --------------------------------------------------------------------------------------------------
# One row
# --------------------------------------------------------------------------------------------------
class SaveRow(Widget):
    """One unfinished game: its picture, name, players, when and how far; Resume and Delete."""

    def __init__(self, game: saves.SavedGame, on_resume: Callable[[saves.SavedGame], None],
                 on_delete: Callable[[saves.SavedGame], None], now: datetime):
        super().__init__()
        self.game = game
        self.entry = games.get(game.save.game_id)
        self.now = now
        self.title = Label("", role="display", size=24, colour=palette.WOOD_DARK, wrap=False)
        self.players = Label("", size=16, wrap=False)
        self.details = Label("", size=15, colour=palette.INK_SOFT, wrap=False)
        self.resume = Button(Text.of("saves.resume"), lambda: on_resume(game), min_width=140, height=44)
        self.delete = Button(Text.of("saves.delete"), lambda: on_delete(game), min_width=120, height=44)
        self.art: pygame.Rect = pygame.Rect(0, 0, 0, 0)
        self._thumb: pygame.Surface | None = None  # the game's picture at the size of ``art``

    @property
    def buttons(self) -> list[Button]:
        return [self.resume, self.delete]

    def labels(self) -> list[Label]:
        return [self.title, self.players, self.details]

    def texts(self) -> tuple[str, str, str]:
        """(game, players, when · how far), unclipped, in the current language."""
        save = self.game.save
        rules = self.entry.package.rules if self.entry.package else None
        when = when_text(self.game.last_played, self.now)
        how_far = progress_text(save.summary, len(save.actions), getattr(rules, "hand_word", "hand"))
        return tr(self.entry.name_key), players_text(save.seats), f"{when} · {how_far}"

    @staticmethod
    def height() -> int:
        """A row's height: three lines of text or the buttons, with room around them."""
        lines = sum(int(theme.font(role, size).get_linesize() * 1.15)
                    for role, size in (("display", 24), ("text", 16), ("text", 15)))
        return max(lines, theme.px(44)) + 2 * theme.px(10)

    def set_rect(self, rect) -> None:
        super().set_rect(rect)
        r = self.rect
        pad = theme.px(10)
        gap = theme.px(12)
        inner = r.inflate(-2 * pad, -2 * pad)
        art_h = inner.h
        art_w = min(int(art_h * 5 / 3), inner.w // 5)
        self.art = pygame.Rect(inner.x, inner.y, max(0, art_w), art_h)
        x = inner.right
        for button in (self.delete, self.resume):  # from the right edge
            w, h = button.preferred_size()
            button.layout(pygame.Rect(x - w, inner.centery - h // 2, w, h))
            x -= w + gap
        left = self.art.right + gap
        width = max(1, x - left)
        y = inner.y
        for label, text in zip(self.labels(), self.texts()):
            h = int(label.font.get_linesize() * label.line_spacing)
            label.text = clip_line(text, label.font, width)
            label.layout(pygame.Rect(left, y, width, h))
            y += h

    def handle(self, event: pygame.event.Event) -> bool:
        self._track_hover(event)
        return any(b.handle(event) for b in self.buttons)

    def update(self, dt: float) -> None:
        for b in self.buttons:
            b.update(dt)

    def thumbnail(self) -> pygame.Surface | None:
        """The game's menu picture scaled to ``art`` (once per size)."""
        if self._thumb is None or self._thumb.get_size() != self.art.size:
            img = theme.image("menu", f"{self.entry.id}.png") or theme.image("menu", "shipyard.png")
            self._thumb = pygame.transform.smoothscale(img, self.art.size) if img is not None else None
        return self._thumb

    def explanations(self) -> list[tuple[Any, Text]]:
        """The row (its picture and lines: which game, who plays, when and how far), then its buttons."""
        game = Text.of(self.entry.name_key)
        return [(self, Text.of("saves.explain.row", game=game)),
                (self.resume, Text.of("saves.explain.resume", game=game)),
                (self.delete, Text.of("saves.explain.delete", game=game))]

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w <= 0:
            return
        fill = palette.PARCHMENT if self.hovered else palette.PARCHMENT_DARK
        radius = theme.px(10)
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        pygame.draw.rect(surface, palette.WOOD, self.rect, width=max(1, theme.px(2)), border_radius=radius)
        if self.art.w > 0 and self.art.h > 0:
            thumb = self.thumbnail()
            if thumb is not None:
                surface.blit(thumb, self.art)
            else:
                pygame.draw.rect(surface, palette.SEA, self.art, border_radius=theme.px(6))
            pygame.draw.rect(surface, palette.WOOD_DARK, self.art, width=max(1, theme.px(2)),
                             border_radius=theme.px(6))
        for label in self.labels():
            label.draw(surface)
        for button in self.buttons:
            button.draw(surface)


# --------------------------------------------------------------------------------------------------
# The list
# --------------------------------------------------------------------------------------------------
class SavedGamesScene(Explains, Scene):
    """The Continue list. ``now`` gives the current time (UTC) for "Today" and "Yesterday"."""

    name = "saves"

    def __init__(self, app, shelf: saves.SaveShelf | None = None, told: set | None = None,
                 now: Callable[[], datetime] | None = None):
        super().__init__(app)
        self.shelf = shelf if shelf is not None else saves.SaveShelf()
        self.told = told if told is not None else set()
        self.now = now or (lambda: datetime.now(timezone.utc))
        self.games: list[saves.SavedGame] = []
        self.page = 0
        self.per_page = 1
        self.rows: list[SaveRow] = []
        self.buttons: list[Button] = []
        self.panel = Panel(title=Text.of("saves.title"))
        self.many = Label("", size=16, colour=palette.RED)
        self.empty = Label(Text.of("saves.empty"), size=18, align="center")
        self.newer = Button(Text.of("saves.newer"), lambda: self.turn_page(-1), min_width=140)
        self.older = Button(Text.of("saves.older"), lambda: self.turn_page(1), min_width=140)
        self.page_label = Label("", size=16, colour=palette.PARCHMENT, valign="middle", wrap=False,
                                outline=palette.WOOD_DARK)
        self.back_button = Button(Text.of("saves.back"), self.back, min_width=160)
        self.focus = FocusRing()
        self.tooltip = Tooltip(source=self.explanations)
        self.refresh()

    # What is in the folder ------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the folder again (bad files kept aside with a message)."""
        self.games = unfinished_games(self.app, self.shelf, self.told)
        self.many.text = Text.of("saves.many", n=len(self.games))
        self.many.visible = len(self.games) > saves.MANY_SAVES
        self.empty.visible = not self.games

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.games) // max(1, self.per_page)))

    def turn_page(self, step: int) -> None:
        page = max(0, min(self.pages - 1, self.page + step))
        if page != self.page:
            self.page = page
            self.layout(self.app.screen_rect())
            self.mark_dirty()

    # Life cycle -------------------------------------------------------------------------------
    def enter(self) -> None:
        self.refresh()
        super().enter()

    def layout(self, rect: pygame.Rect) -> None:
        """The panel as tall as a page of rows needs (at most the window), with the buttons under it; the
        two together centred. As many rows on a page as fit."""
        margin = theme.px(20)
        bar_h = theme.px(52)
        width = min(rect.w - 2 * margin, theme.px(1000))
        tallest = rect.h - 3 * margin - bar_h
        self.panel.layout(pygame.Rect(0, 0, width, tallest))
        area = self.panel.content_rect
        chrome = tallest - area.h  # frame, padding and title
        note_h = self.many.preferred_size(area.w)[1] + theme.px(8) if self.many.visible else 0
        gap = theme.px(10)
        row_h = SaveRow.height()
        self.per_page = max(1, (area.h - note_h + gap) // (row_h + gap))
        self.page = max(0, min(self.page, self.pages - 1))
        shown = min(self.per_page, len(self.games))  # the same height on every page
        body_h = shown * (row_h + gap) - gap if shown else self.empty.preferred_size(area.w)[1]
        height = min(tallest, chrome + note_h + body_h + theme.px(6))
        top = max(margin, (rect.h - height - margin - bar_h) // 2)
        self.panel.layout(pygame.Rect(rect.centerx - width // 2, top, width, height))
        area = self.panel.content_rect
        y = area.y
        if self.many.visible:
            h = note_h - theme.px(8)
            self.many.layout(pygame.Rect(area.x, y, area.w, h))
            y += note_h
        self.empty.layout(pygame.Rect(area.x, y, area.w, self.empty.preferred_size(area.w)[1]))
        now = self.now()
        start = self.page * self.per_page
        self.rows = [SaveRow(g, self.resume, self.ask_delete, now) for g in self.games[start:start + self.per_page]]
        for row in self.rows:
            row.layout(pygame.Rect(area.x, y, area.w, row_h))
            y += row_h + gap
        self.buttons = [b for row in self.rows for b in row.buttons]  # every row's Resume and Delete
        paged = self.pages > 1
        self.page_label.text = tr("saves.page", page=self.page + 1, pages=self.pages)
        for w in (self.newer, self.older, self.page_label):
            w.visible = paged
        self.newer.enabled = self.page > 0
        self.older.enabled = self.page < self.pages - 1
        center_row([self.newer, self.page_label, self.older, self.back_button],
                   pygame.Rect(margin, self.panel.rect.bottom + margin, rect.w - 2 * margin, bar_h), theme.px(16))
        self.focus.set_widgets(self.controls())

    def controls(self) -> list[Widget]:
        return self.buttons + [self.newer, self.older, self.back_button]

    def explanations(self) -> list[tuple[Any, Text]]:
        out = [(self.many, Text.of("saves.explain.many")), (self.empty, Text.of("saves.explain.empty"))]
        for row in self.rows:
            out += row.explanations()
        out += [(self.newer, Text.of("saves.explain.newer")), (self.older, Text.of("saves.explain.older")),
                (self.page_label, Text.of("saves.explain.page")), (self.back_button, Text.of("saves.explain.back"))]
        return [(w, text) for w, text in out if w.visible]

    # Actions --------------------------------------------------------------------------------
    def resume(self, game: saves.SavedGame) -> None:
        from game.paths import AssetError
        from game.scenes.setup import resume_scene
        entry = games.get(game.save.game_id)
        try:
            scene = resume_scene(self.app, entry, game.save, game.path)
        except AssetError as exc:  # the app's own file is broken: the save is fine and stays
            log.error("cannot resume: %s", exc)
            self.app.notify(Text.of("persist.asset.save_kept", problem=exc.text))
            return
        except saves.SaveError as exc:
            refuse_save(self.app, game.path, exc.text)
            self.shelf.forget(game.path)
            self.refresh()
            self.layout(self.app.screen_rect())
            self.mark_dirty()
            return
        self.app.stack.replace(scene)

    def ask_delete(self, game: saves.SavedGame) -> None:
        self.app.stack.push(DeleteSaveScene(self.app, game, when_text(game.last_played, self.now())))

    def back(self) -> None:
        self.app.stack.pop()

    # Frame ----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        self.mark_dirty()
        self.tooltip.handle(event)
        if self.explain_key(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.turn_page(-1 if event.y > 0 else 1)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.turn_page(-1 if event.key == pygame.K_PAGEUP else 1)
            return
        if self.focus.handle(event):
            return
        for row in self.rows:
            if row.handle(event):
                return
        for button in (self.newer, self.older, self.back_button):
            if button.handle(event):
                return

    def update(self, dt: float) -> None:
        for w in self.controls():
            w.update(dt)
        self.update_tooltip(dt)

    def is_animating(self) -> bool:
        return self.tooltip.active

    def draw(self, surface: pygame.Surface) -> None:
        rect = surface.get_rect()
        surface.blit(theme.background("sea", rect.size), (0, 0))
        self.panel.draw(surface)
        self.many.draw(surface)
        self.empty.draw(surface)
        for row in self.rows:
            row.draw(surface)
        for w in (self.newer, self.page_label, self.older, self.back_button):
            w.draw(surface)
        self.tooltip.draw(surface)


class DeleteSaveScene(PanelScene):
    """"Delete this game?" over the list: Keep it, or Delete for good."""

    name = "saves.delete"
    opaque = False
    size = (0.42, 0.8)

    def __init__(self, app, game: saves.SavedGame, when: str):
        self.game = game
        self.when = when
        super().__init__(app, Text.of("saves.delete_title"))

    def build(self) -> None:
        entry = games.get(self.game.save.game_id)
        self.body.add(self.explains(Label(Text.of("saves.delete_confirm", game=Text.of(entry.name_key),
                                                  players=players_text(self.game.save.seats), when=self.when),
                                          size=18, align="center"), "saves.explain.delete_confirm"))
        self.body.add(ButtonRow([
            self.explains(Button(Text.of("saves.delete_no"), self.back, min_width=150), "saves.explain.delete_no"),
            self.explains(Button(Text.of("saves.delete_yes"), self.delete, min_width=150),
                          "saves.explain.delete_yes")]))

    def delete(self) -> None:
        path = self.game.path
        if not self.app.delete_saved_game(path):
            self.app.notify(Text.of("saves.not_deleted", file=path.name, folder=str(path.parent)))
        self.app.stack.pop()  # the list reads the folder again as it comes back
