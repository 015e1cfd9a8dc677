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

A real-time game (no turns: everyone acts at once, bots are ``RealtimeAgent``s run inside the scene's update)
is coached the same way, with these additions:

- ``Step.plays``: the actions the scripted seats play at that step, in order (a rival's glove taking, turning
  and placing its tiles). The scene gives each bot seat a ``ScriptedAgent`` instead of its real agent: it plans
  the script's next action of its seat ``Step.pace`` race seconds after it is asked, so the scene's own machinery
  (its gloves, its animations) shows it coming at a pace a newcomer can follow, on the scene's clock (never the
  machine's speed). The step ends when the last one has landed (then its ``after``, if any). Meanwhile the
  learner's moves are refused with the step's words ("watch your rival").
- ``Coach.race_clock_runs()``: the scene asks it before moving its race clock on. The clock stands still while
  the coach waits for Next or for the learner, and runs only while a ``plays`` step is being played (and after
  the lesson): nobody loses a race to the clock while reading.
- ``Step.ready(table)``: a reading step's Next waits until what it talks about is on screen (a round's scoring
  view, which comes after the round's end and builds up line by line).
- ``coach_room()`` (optional, on the scene): the free room of the table the panel may take (a side column, say)
  when the usual wide panel over the table would cover what the lesson is about. The panel is then as wide as
  that room (at most its usual width), its text wrapped to it and its buttons in a row under the text, at the
  room's bottom. (``coach_place(size)`` still places the usual panel anywhere a game likes.)

The test of each game's tutorial plays it through with real pygame events (its tests/games/<pkg>/test_tutorial.py;
``tests/support/coach_run.py`` holds what they share), and tests/app/test_learning.py checks every game has one.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from game.core.protocol import Action, Text
from game.core.realtime import RealtimeAgent
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
    action it plays (a function of the state): the step's ``say`` announces it and waits for Next, so the
    learner reads before anything moves; then the bot plays, and when the turn comes back to the player the
    step's ``after`` (what the bot did) waits for Next, or the lesson goes on. ``point`` may give several
    rects (the ship to drag and the square it goes to): each is ringed. ``after_point``: what the ``after``
    talks about, ringed while it is shown (a bot's misplaced tile, the square a ship reached).
    ``plays`` (real-time games): the actions the scripted seats play at this step, one after another, each
    ``pace`` race seconds after the one before has landed; the step ends when the last one has landed.
    ``ready``: a reading step's Next waits until ``ready(table)`` is true (what it talks about is on screen: a
    real-time round's scoring, say). ``more``: after ``expect``, the actions the step still expects, in this
    order, before it is done (a whole turn: the roll, then each move); ``Coach.played`` counts the ones that
    landed, so ``point`` can ring the next one. ``name``: for the tests and the saved progress."""

    say: Text
    expect: Callable[[Action], bool] | None = None
    point: Callable[[Any], pygame.Rect | list[pygame.Rect] | None] | None = None
    after: Text | None = None
    bot: Callable[[Any], Action] | None = None
    name: str = ""
    plays: tuple[Action, ...] = ()
    pace: float = 1.2
    ready: Callable[[Any], bool] | None = None
    after_point: Callable[[Any], pygame.Rect | list[pygame.Rect] | None] | None = None
    more: tuple[Callable[[Action], bool], ...] = ()


@dataclass
class Tutorial:
    """A game's lesson: ``start(rules)`` builds the scripted position (a State), ``seats`` its players (the
    learner first), ``steps`` what the coach says and expects. ``action_types`` and ``scoring`` are what the
    lesson promises to cover (the test checks them). ``lesson``: which of the game's lessons this is: "" for its
    first (``game.games.<pkg>.tutorial``), else the id of another one (``game.games.<pkg>.tutorial_<lesson>``);
    each lesson has its own file and its own "learnt" mark (``lesson_key``)."""

    game_id: str
    start: Callable[[Any], Any]
    seats: list[tuple[str, str]]                 # (name, "human" | bot level)
    steps: list[Step]
    action_types: tuple[str, ...] = ()
    scoring: Callable[[Any], bool] | None = None  # the scoring step was reached (a predicate on the state)
    title: Text | None = None
    lesson: str = ""


@dataclass
class Coach:
    """Attached to a table (``scene.coach``): see the module docstring."""

    tutorial: Tutorial
    index: int = 0
    explaining: bool = False          # the step's action landed: its ``after`` is shown until Next
    done: bool = False
    used: set[str] = field(default_factory=set)
    scene: Any = None
    played: int = 0                   # how many of the step's ``plays`` (or ``expect`` and ``more``) have landed
    released: bool = False            # a bot step's Next was pressed: the bot plays

    def __post_init__(self) -> None:
        self.next_button = Button(Text.of("coach.next"), self.next, min_width=120, height=40, size=16)
        self.skip_button = Button(Text.of("coach.skip"), self.skip, min_width=120, height=36, size=14)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.age = 0.0
        self.nudge = 0.0                  # a refused move: the panel glows for a moment (seconds left)
        self.explained: list[tuple[pygame.Rect, Text, str]] = []   # the panel's buttons, for F1 and the pointer

    # Where the lesson is --------------------------------------------------------------------------------
    @property
    def step(self) -> Step | None:
        return self.tutorial.steps[self.index] if not self.done and self.index < len(self.tutorial.steps) else None

    def waiting_for_next(self) -> bool:
        step = self.step
        if step is None:
            return False
        if self.explaining:
            return True
        if step.bot is not None:
            return not self.released          # read what the bot is about to do, then Next
        return step.expect is None and not step.plays and \
            (step.ready is None or self.scene is None or bool(step.ready(self.scene)))

    def next(self) -> None:
        """Next: the explanation read, a reading step done, or a bot step's announcement read (the bot plays)."""
        if not self.waiting_for_next():
            return
        step = self.step
        if step is not None and step.bot is not None and not self.explaining:
            self.released = True
            self.age = 0.0
            if self.scene is not None:
                self.scene.save_tutorial()
                self.scene.mark_dirty()
            return
        self._advance()

    def skip(self) -> None:
        """Skip lesson: back to the menu (the lesson's file stays: Learn to play resumes it)."""
        self.done = True
        if self.scene is not None:
            self.scene.leave_tutorial()

    def _advance(self) -> None:
        self.explaining = False
        self.played = 0
        self.released = False
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
        self.nudge = 1.0                  # whatever it says, the panel glows: the lesson's words are there
        if (step.plays or (step.bot is not None and self.released)) and not self.explaining:
            return Text.of("coach.watch_first")    # a scripted seat is playing: watch it first
        if self.explaining or step.expect is None or step.bot is not None:
            return Text.of("coach.read_first")
        if not self.expected(step)(action):
            return Text.of("coach.not_now")
        self.nudge = 0.0
        return None

    def expected(self, step: Step) -> Callable[[Action], bool]:
        """The action ``step`` waits for now: its ``expect``, then each of its ``more`` in turn."""
        assert step.expect is not None
        k = self.played if step.more else 0
        return step.expect if k == 0 else step.more[min(k, len(step.more)) - 1]

    def bot_action(self, state: Any) -> Action | None:
        """The action the script plays for the bot seat on turn (None: the lesson has none here)."""
        step = self.step
        if step is None or step.bot is None or not self.released or self.explaining:
            return None
        return step.bot(state)

    def scripted(self, seat: int) -> Action | None:
        """Real time: the next action of the step's ``plays`` when it is ``seat``'s (None: nothing for it now)."""
        step = self.step
        if step is None or self.explaining or self.played >= len(step.plays):
            return None
        action = step.plays[self.played]
        return action if action.seat == seat else None

    def race_clock_runs(self) -> bool:
        """Real time: whether the race clock moves on now — only while the script's seats play (and once the
        lesson is over), never while the coach waits for Next or for the learner."""
        step = self.step
        return step is None or (bool(step.plays) and not self.explaining)

    def after_action(self, action: Action, state: Any) -> None:
        """An action landed (the player's or a scripted bot's)."""
        self.used.add(action.kind)
        step = self.step
        if step is None:
            return
        if step.plays:
            if not self.explaining and self.played < len(step.plays) and action == step.plays[self.played]:
                self.played += 1
                if self.played == len(step.plays):
                    self._landed(step)
            return
        if step.bot is not None:
            current = state.current_player
            if current is not None and self.scene is not None and not self.scene.is_bot(current):
                self._landed(step)    # the turn came back: what the bots did, or the next step
            return
        if step.expect is not None and not self.explaining and self.expected(step)(action):
            if step.more and self.played < len(step.more):
                self.played += 1          # one more of the step's actions landed; the next one is due
                if self.scene is not None:
                    self.scene.save_tutorial()
                return
            self._landed(step)

    def _landed(self, step: Step) -> None:
        """The step's action (or its last scripted one) landed: its explanation, or the next step."""
        if step.after is not None:
            self.explaining = True
            self.age = 0.0
            if self.scene is not None:
                self.scene.save_tutorial()
        else:
            self._advance()

    # Drawing -----------------------------------------------------------------------------------------------
    def rings(self) -> bool:
        """Something is ringed now (it pulses: the table keeps drawing)."""
        step = self.step
        if step is None:
            return False
        return (step.after_point if self.explaining else step.point) is not None

    def update(self, dt: float) -> None:
        self.age += dt
        self.nudge = max(0.0, self.nudge - dt)

    def handle(self, event: pygame.event.Event) -> bool:
        if self.step is None:
            return False
        if self.skip_button.visible and self.skip_button.handle(event):
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
        pointer = step.after_point if self.explaining else step.point
        if pointer is not None:
            try:
                target = pointer(scene)
            except Exception:  # a lesson that cannot find its target still talks
                log.exception("coach step %s: no target", step.name)
                target = None
            targets = [] if target is None else list(target) if isinstance(target, (list, tuple)) and \
                target and not isinstance(target[0], (int, float)) else [target]
            pulse = (self.age % PULSE_SECONDS) / PULSE_SECONDS
            inside = surface.get_rect().inflate(-theme.px(12), -theme.px(12))
            for one in targets:
                ring = pygame.Rect(one).inflate(theme.px(10 + 10 * pulse), theme.px(10 + 10 * pulse))
                if ring.colliderect(inside):   # a target at the window's edge: its ring runs inside the edge
                    ring = ring.clip(inside)
                # a dark line under the gold one: the ring shows on gold-framed cards and on sand alike
                pygame.draw.rect(surface, palette.WOOD_DARK, ring.inflate(theme.px(4), theme.px(4)),
                                 width=max(5, theme.px(8)), border_radius=theme.px(12))
                pygame.draw.rect(surface, palette.GOLD, ring, width=max(3, theme.px(4)), border_radius=theme.px(10))
        area = surface.get_rect()
        f = theme.font("text", 18)
        room_of = getattr(scene, "coach_room", None)  # a narrow room of the table: buttons under the text
        room = room_of() if room_of is not None else None
        if room is not None:
            w = min(theme.px(560), room.w)
            lines = theme.wrap_text(tr(text), f, w - theme.px(32))
            h = len(lines) * f.get_linesize() + theme.px(36 + 56)
            self.rect = pygame.Rect(room.x, max(room.y, room.bottom - h), w, h)
        else:
            w = min(theme.px(560), area.w - theme.px(40))
            lines = theme.wrap_text(tr(text), f, w - theme.px(150))
            h = max(theme.px(96), len(lines) * f.get_linesize() + theme.px(56))
            self.rect = pygame.Rect(area.centerx - w // 2, theme.px(12), w, h)
            place = getattr(scene, "coach_place", None)   # the game knows where its table has room
            if place is not None:
                self.rect = place(self.rect.size)
        theme.draw_frame(surface, "panel", self.rect)
        if self.nudge > 0:                # a refused move: the lesson's words glow
            glow = self.rect.inflate(theme.px(8), theme.px(8))
            pygame.draw.rect(surface, palette.GOLD, glow, width=max(3, int(theme.px(6) * self.nudge) or 1),
                             border_radius=theme.px(10))
        y = self.rect.y + theme.px(14)
        title = f"{tr('coach.lesson')} {self.index + 1}/{len(self.tutorial.steps)}"
        theme.draw_text(surface, title, theme.font("bold", 14), palette.WOOD_DARK, (self.rect.x + theme.px(16), y),
                        "topleft")
        y += theme.px(22)
        for line in lines:
            theme.draw_text(surface, line, f, palette.INK, (self.rect.x + theme.px(16), y), "topleft")
            y += f.get_linesize()
        if room is not None:              # a row under the text: Skip lesson on the left, Next on the right
            bw = (self.rect.w - theme.px(16 * 3)) // 2
            by = self.rect.bottom - theme.px(52)
            self.skip_button.layout(pygame.Rect(self.rect.x + theme.px(16), by + theme.px(2), bw, theme.px(36)))
            next_rect = pygame.Rect(self.rect.right - theme.px(16) - bw, by, bw, theme.px(40))
        else:
            bx = self.rect.right - theme.px(136)
            self.skip_button.layout(pygame.Rect(bx, self.rect.y + theme.px(12), theme.px(120), theme.px(36)))
            next_rect = pygame.Rect(bx, self.rect.bottom - theme.px(52), theme.px(120), theme.px(40))
        last = self.index == len(self.tutorial.steps) - 1
        self.skip_button.visible = not last          # the last words: nothing left to skip
        self.explained = []
        if not last:
            self.skip_button.draw(surface)
            self.explained.append((pygame.Rect(self.skip_button.rect), Text.of("coach.explain.skip"), "button"))
        if self.waiting_for_next():
            watch = step.bot is not None and not self.released and not self.explaining
            self.next_button.text = Text.of("coach.watch" if watch else "coach.next")   # a bot waits for it
            self.next_button.layout(next_rect)
            self.next_button.draw(surface)
            self.explained.append((pygame.Rect(self.next_button.rect),
                                   Text.of("coach.explain.watch" if watch else "coach.explain.next"), "button"))


def both(*pointers: Callable[[Any], Any]) -> Callable[[Any], list[pygame.Rect] | None]:
    """A step's pointer that rings every rect the ``pointers`` give (each a rect, a list of them, or None)."""
    def where(scene: Any) -> list[pygame.Rect] | None:
        out: list[pygame.Rect] = []
        for p in pointers:
            got = p(scene)
            out += got if isinstance(got, list) else [got] if got is not None else []
        return out or None
    return where


# ----------------------------------------------------------------------------------------------------------
# Real time: the scripted seats' agent
# ----------------------------------------------------------------------------------------------------------
class ScriptedAgent(RealtimeAgent):
    """A real-time game's bot seat during a lesson, in place of its real agent: it plays only the coach's script
    (``Coach.scripted``), each action ``Step.pace`` race seconds after it was first asked for it, so the scene's
    gloves show it coming; nothing else, ever."""

    def __init__(self, seat: int, coach: Coach):
        super().__init__(seat)
        self.coach = coach
        self._plan: tuple[Action, float] | None = None

    def next_action(self, view: Any, now: float) -> tuple[Action, float] | None:
        action = self.coach.scripted(self.seat)
        if action is None:
            self._plan = None
            return None
        if self._plan is None or self._plan[0] != action:       # the same plan keeps its time
            step = self.coach.step
            self._plan = (action, now + (step.pace if step is not None else 1.0))
        return self._plan

    def on_applied(self, action: Action, at: float) -> None:
        self._plan = None

    def busy(self) -> bool:
        """While the lesson runs, ask again every frame: the coach's next step may start the script without
        any action landing (a Next pressed)."""
        return not self.coach.done and self._plan is None


# ----------------------------------------------------------------------------------------------------------
# Opening and resuming a lesson
# ----------------------------------------------------------------------------------------------------------
def lesson_key(game_id: str, lesson: str | None = None) -> str:
    """The name of a lesson's file and of its "learnt" mark: the game id for its first lesson (as always, so
    nothing saved before is lost), ``<game id>-<lesson>`` for another one."""
    return f"{game_id}-{lesson}" if lesson else game_id


def tutorial_of(entry: Any, lesson: str | None = None) -> Tutorial | None:
    """The game's lesson (``game.games.<pkg>.tutorial.TUTORIAL``; ``lesson``: another one of its lessons,
    ``game.games.<pkg>.tutorial_<lesson>.TUTORIAL``), or None when it has none."""
    import importlib
    name = f"game.games.{entry.pkg}.tutorial" + (f"_{lesson}" if lesson else "")
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError:
        return None
    return getattr(module, "TUTORIAL", None)


def lessons_of(entry: Any) -> list[str]:
    """The ids of the game's lessons: "" (its first lesson, if it has one), then the others by name (each a module
    ``game.games.<pkg>.tutorial_<lesson>``)."""
    import importlib
    import pkgutil
    try:
        package = importlib.import_module(f"game.games.{entry.pkg}")
    except ModuleNotFoundError:
        return []
    names = sorted(m.name for m in pkgutil.iter_modules(getattr(package, "__path__", [])))
    return ([""] if "tutorial" in names else []) + \
        [n[len("tutorial_"):] for n in names if n.startswith("tutorial_")]


def lesson_for(entry: Any, options: Any) -> str:
    """The lesson Learn to play opens from the game's setup with these options: another lesson of the game whose
    module's ``FOR_OPTIONS`` (option -> value) the options all have (the fantastic eight's, with that mode on),
    else "" (the game's first lesson)."""
    import importlib
    for lesson in lessons_of(entry):
        if not lesson:
            continue
        module = importlib.import_module(f"game.games.{entry.pkg}.tutorial_{lesson}")
        wanted = getattr(module, "FOR_OPTIONS", None)
        if wanted and all(options.get(k) == v for k, v in wanted.items()):
            return lesson
    return ""


def tutorial_path(game_id: str, lesson: str | None = None):
    """The lesson's own file: in the tutorials folder, never among the saved games (one per lesson)."""
    from game import paths
    folder = paths.data_dir() / "tutorials"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{lesson_key(game_id, lesson)}.json"


def lesson_progress(game_id: str, lesson: str | None = None) -> str:
    """"new", "begun" (its file waits: Learn to play resumes it) or "done" (played to its end once)."""
    key = lesson_key(game_id, lesson)
    try:
        folder = tutorial_path(game_id, lesson).parent
        if (folder / f"{key}.json").exists():
            return "begun"
        return "done" if (folder / f"{key}.done").exists() else "new"
    except OSError:
        return "new"


def mark_lesson_done(game_id: str, lesson: str | None = None) -> None:
    """The lesson was played to its end: the menu tile says so (a failure only loses the mark)."""
    try:
        key = lesson_key(game_id, lesson)
        (tutorial_path(game_id, lesson).parent / f"{key}.done").write_text("1\n", encoding="utf-8")
    except OSError:
        log.exception("the lesson's done mark could not be written")


def open_tutorial(app: Any, entry: Any, tutorial: Tutorial | None = None, fresh: bool = False,
                  lesson: str | None = None) -> Any:
    """The game's table on the lesson's position with its coach, where the learner left it (``fresh``: from
    the start). ``lesson``: which of the game's lessons (None or "": its first; ``tutorial`` given: its own).
    Returns the scene (pushed on the app's stack), or None when a file of the app it needs is broken (said)."""
    from game.core.session import GameSession, Seat
    tutorial = tutorial or tutorial_of(entry, lesson)
    if tutorial is None:
        raise LookupError(f"{entry.id} has no tutorial {lesson or ''}".rstrip())
    rules = entry.package.rules
    seats = [Seat(tr(name) if name.startswith(("coach.", entry.pkg)) or ".coach." in name else name,
                  "human" if kind == "human" else "bot", None if kind == "human" else kind, i,
                  aid=kind == "human" and bool(getattr(rules, "seat_aid", None)))   # a learner has the game's aid
             for i, (name, kind) in enumerate(tutorial.seats)]
    from game.paths import AssetError
    try:
        session = GameSession.at(entry.id, rules, seats, tutorial.start(rules), bot_seed=1)
    except AssetError as exc:   # a file of the app itself (a map) is missing or damaged: said, no lesson
        log.error("cannot open the lesson of %s: %s", entry.id, exc)
        app.notify(exc.text)
        return None
    coach = Coach(tutorial)
    path = tutorial_path(entry.id, tutorial.lesson)
    if not fresh and path.exists():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            for item in data.get("actions", []):
                session.apply(rules.action_from_json(item))
            coach.index = int(data.get("step", 0))
            coach.explaining = bool(data.get("explaining", False))   # its move had landed: Next is due
            coach.used = set(data.get("used", []))
            coach.played = int(data.get("played", 0))                 # real time: the script's actions landed
            coach.released = bool(data.get("released", False))        # a bot step's Next was pressed
        except Exception:  # a damaged lesson file: the lesson starts again (it is only a lesson)
            log.exception("tutorial file %s", path)
            session = GameSession.at(entry.id, rules, seats, tutorial.start(rules), bot_seed=1)
            coach = Coach(tutorial)
    scene = entry.package.make_scene(app, session)
    scene.attach_coach(coach, path)
    app.stack.push(scene)
    return scene
