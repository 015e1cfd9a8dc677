"""Learn to play: the coach that walks a newcomer through a game on its real table (issue 15, item 1).

A game's tutorial (``game.games.<pkg>.tutorial.TUTORIAL``, a ``Tutorial``) is a scripted position — built with
the game's ``positions`` builder, its dice and draws fixed — and a list of ``Step``s. The real table of the game
is opened on it (``open_tutorial``) with a ``Coach`` attached; the coach

- says what to do next in a panel over the table and points at it (a pulsing ring around what the step's
  ``point`` finds on the table: the card to drag, the square to reach, the button to press);
- lets the player do it with the real gestures: the table plays the action as always, but only an action the
  step ``expect``s is taken — any other is refused with the step's own words ("In this lesson, bury the
  coins first") and changes nothing;
- explains what just happened (the step's ``after``) once the action has landed, with a Next button;
- plays the other seats from the script (``Step.bot``: the action a bot seat plays at that step), so the
  dice, draws and replies are always the ones the lesson talks about;
- is skippable (Skip lesson) and resumable: the lesson's game lives in a file of its own in the tutorials
  folder (never among the player's saved games, never in Continue), the step reached with it.

The test of each game's tutorial plays it through with real pygame events (``tests/support/coach_run.py``).
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from game.core.protocol import Action, Text
from game.i18n import tr
from game.ui import palette, theme
from game.ui.widgets import Button

log = logging.getLogger("pgn.coach")

PULSE_SECONDS = 1.2


@dataclass
class Step:
    """One step of a lesson.

    ``say``: what the coach says while the step waits (what to do, or what to look at). ``expect``: the
    action the player is to make (a predicate on the action; None: a step the player reads, then presses
    Next). ``point``: where the ring goes (a function of the table giving a rect, or None). ``after``: what
    the coach explains once the expected action has landed (then Next). ``bot``: at a bot seat's turn, the
    action it plays (a function of the state); the step ends when the turn comes back to the player.
    ``name``: for the tests and the saved progress."""

    say: Text
    expect: Callable[[Action], bool] | None = None
    point: Callable[[Any], pygame.Rect | None] | None = None
    after: Text | None = None
    bot: Callable[[Any], Action] | None = None
    name: str = ""


@dataclass
class Tutorial:
    """A game's lesson: ``start(rules)`` builds the scripted position (a State), ``seats`` its players (the
    learner first), ``steps`` what the coach says and expects. ``action_types`` and ``scoring`` are what the
    lesson promises to cover (the test checks them)."""

    game_id: str
    start: Callable[[Any], Any]
    seats: list[tuple[str, str]]                 # (name, "human" | bot level)
    steps: list[Step]
    action_types: tuple[str, ...] = ()
    scoring: Callable[[Any], bool] | None = None  # the scoring step was reached (a predicate on the state)
    title: Text | None = None


@dataclass
class Coach:
    """Attached to a table (``scene.coach``): see the module docstring."""

    tutorial: Tutorial
    index: int = 0
    explaining: bool = False          # the step's action landed: its ``after`` is shown until Next
    done: bool = False
    used: set[str] = field(default_factory=set)
    scene: Any = None

    def __post_init__(self) -> None:
        self.next_button = Button(Text.of("coach.next"), self.next, min_width=120, height=40, size=16)
        self.skip_button = Button(Text.of("coach.skip"), self.skip, min_width=120, height=36, size=14)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.age = 0.0

    # Where the lesson is --------------------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        return self.tutorial.steps[self.index] if not self.done and self.index < len(self.tutorial.steps) else None

    def waiting_for_next(self) -> bool:
        step = self.step
        return step is not None and (self.explaining or (step.expect is None and step.bot is None))

    def next(self) -> None:
        """Next: the explanation read, or a reading step done."""
        if self.waiting_for_next():
            self._advance()

    def skip(self) -> None:
        """Skip lesson: back to the menu (the lesson's file stays: Learn to play resumes it)."""
        self.done = True
        if self.scene is not None:
            self.scene.leave_tutorial()

    def _advance(self) -> None:
        self.explaining = False
        self.index += 1
        self.age = 0.0
        if self.index >= len(self.tutorial.steps):
            self.done = True
        if self.scene is not None:
            if self.done and self.scene.finished:
                self.scene.show_results()   # the game ended under the coach's last words: now the results
                return
            self.scene.save_tutorial()
            self.scene.mark_dirty()

    # The table asks ---------------------------------------------------------------------------------------
    def refusal(self, action: Action) -> Text | None:
        """None when the lesson takes ``action`` now; else what to do instead, in the step's words."""
        step = self.step
        if step is None:
            return None
        if self.explaining or step.expect is None:
            return Text.of("coach.read_first")
        if not step.expect(action):
            return Text.of("coach.not_now", what=step.say)
        return None

    def bot_action(self, state: Any) -> Action | None:
        """The action the script plays for the bot seat on turn (None: the lesson has none here)."""
        step = self.step
        if step is None or step.bot is None:
            return None
        return step.bot(state)

    def after_action(self, action: Action, state: Any) -> None:
        """An action landed (the player's or a scripted bot's)."""
        self.used.add(action.kind)
        step = self.step
        if step is None:
            return
        if step.bot is not None:
            current = state.current_player
            if current is not None and self.scene is not None and not self.scene.is_bot(current):
                self._advance()       # the turn came back: the bots' step is over
            return
        if step.expect is not None and step.expect(action):
            if step.after is not None:
                self.explaining = True
                self.age = 0.0
                if self.scene is not None:
                    self.scene.save_tutorial()
            else:
                self._advance()

    # Drawing -----------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.age += dt

    def handle(self, event: pygame.event.Event) -> bool:
        if self.step is None:
            return False
        if self.skip_button.handle(event):
            return True
        if self.waiting_for_next():
            if self.next_button.handle(event):
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.next()
                return True
        return False  # the panel lets the table's gestures through: a card may be dropped on what lies under it

    def draw(self, surface: pygame.Surface, scene: Any) -> None:
        step = self.step
        if step is None:
            return
        text = step.after if self.explaining and step.after is not None else step.say
        if not self.explaining and step.point is not None:
            try:
                target = step.point(scene)
            except Exception:  # a lesson that cannot find its target still talks
                log.exception("coach step %s: no target", step.name)
                target = None
            if target is not None:
                pulse = (self.age % PULSE_SECONDS) / PULSE_SECONDS
                ring = pygame.Rect(target).inflate(theme.px(10 + 10 * pulse), theme.px(10 + 10 * pulse))
                pygame.draw.rect(surface, palette.GOLD, ring, width=max(3, theme.px(4)), border_radius=theme.px(10))
        area = surface.get_rect()
        w = min(theme.px(560), area.w - theme.px(40))
        f = theme.font("text", 18)
        lines = theme.wrap_text(tr(text), f, w - theme.px(150))
        h = max(theme.px(96), len(lines) * f.get_linesize() + theme.px(56))
        self.rect = pygame.Rect(area.centerx - w // 2, theme.px(12), w, h)
        place = getattr(scene, "coach_place", None)   # the game knows where its table has room
        if place is not None:
            self.rect = place(self.rect.size)
        theme.draw_frame(surface, "panel", self.rect)
        y = self.rect.y + theme.px(14)
        title = f"{tr('coach.lesson')} {self.index + 1}/{len(self.tutorial.steps)}"
        theme.draw_text(surface, title, theme.font("bold", 14), palette.WOOD_DARK, (self.rect.x + theme.px(16), y),
                        "topleft")
        y += theme.px(22)
        for line in lines:
            theme.draw_text(surface, line, f, palette.INK, (self.rect.x + theme.px(16), y), "topleft")
            y += f.get_linesize()
        bx = self.rect.right - theme.px(136)
        self.skip_button.layout(pygame.Rect(bx, self.rect.y + theme.px(12), theme.px(120), theme.px(36)))
        self.skip_button.draw(surface)
        if self.waiting_for_next():
            self.next_button.layout(pygame.Rect(bx, self.rect.bottom - theme.px(52), theme.px(120), theme.px(40)))
            self.next_button.draw(surface)


# ----------------------------------------------------------------------------------------------------------
# Opening and resuming a lesson
# ----------------------------------------------------------------------------------------------------------
def tutorial_of(entry: Any) -> Tutorial | None:
    """The game's lesson (``game.games.<pkg>.tutorial.TUTORIAL``), or None when it has none yet."""
    import importlib
    try:
        module = importlib.import_module(f"game.games.{entry.pkg}.tutorial")
    except ModuleNotFoundError:
        return None
    return getattr(module, "TUTORIAL", None)


def tutorial_path(game_id: str):
    """The lesson's own file: in the tutorials folder, never among the saved games."""
    from game import paths
    folder = paths.data_dir() / "tutorials"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{game_id}.json"


def open_tutorial(app: Any, entry: Any, tutorial: Tutorial | None = None, fresh: bool = False) -> Any:
    """The game's table on the lesson's position with its coach, where the learner left it (``fresh``: from
    the start). Returns the scene (pushed on the app's stack)."""
    from game.core.session import GameSession, Seat
    tutorial = tutorial or tutorial_of(entry)
    if tutorial is None:
        raise LookupError(f"{entry.id} has no tutorial")
    rules = entry.package.rules
    seats = [Seat(tr(name) if name.startswith(("coach.", entry.pkg)) else name,
                  "human" if kind == "human" else "bot", None if kind == "human" else kind, i)
             for i, (name, kind) in enumerate(tutorial.seats)]
    session = GameSession.at(entry.id, rules, seats, tutorial.start(rules), bot_seed=1)
    coach = Coach(tutorial)
    path = tutorial_path(entry.id)
    if not fresh and path.exists():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            for item in data.get("actions", []):
                session.apply(rules.action_from_json(item))
            coach.index = int(data.get("step", 0))
            coach.explaining = bool(data.get("explaining", False))   # its move had landed: Next is due
            coach.used = set(data.get("used", []))
        except Exception:  # a damaged lesson file: the lesson starts again (it is only a lesson)
            log.exception("tutorial file %s", path)
            session = GameSession.at(entry.id, rules, seats, tutorial.start(rules), bot_seed=1)
            coach = Coach(tutorial)
    scene = entry.package.make_scene(app, session)
    scene.attach_coach(coach, path)
    app.stack.push(scene)
    return scene
