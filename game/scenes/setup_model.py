"""The game-setup form as data (no pygame): seats, options and the reasons a setup is not playable.

The setup scene draws this model and edits it; tests drive it directly too.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.protocol import Option, Rules, Text, resolve_options
from game.core.session import Seat

SEAT_KINDS = ("human", "easy", "medium", "hard")
DEFAULT_NAMES = {
    "it": ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Marco"),
    "en": ("Anna", "Ben", "Clara", "Dan", "Ella", "Finn", "Grace", "Max"),
}
MAX_NAME = 14
MAX_SEED = 10  # characters in the seed field
#: the controls of the people at one computer in a real-time game, in the order the human seats get them
REALTIME_INPUTS = ("mouse", "keyboard", "pad", "pad")


def parse_seed(text: str) -> int | None:
    """``int(text)`` for a seed typed by a player, None for an empty field or text ``int()`` refuses."""
    if not text.strip():
        return None
    try:
        return int(text)
    except ValueError:
        return None


@dataclass
class SeatChoice:
    kind: str  # one of SEAT_KINDS
    name: str
    colour: int
    aid: bool = False   # a human's beginner aid, where the game offers one (``Rules.seat_aid``)

    def to_seat(self, aid_offered: bool = False) -> Seat:
        if self.kind == "human":
            return Seat(name=self.name, kind="human", level=None, colour=self.colour, aid=self.aid and aid_offered)
        return Seat(name=self.name, kind="bot", level=self.kind, colour=self.colour)


def max_humans(rules: Rules, controllers: int = 0) -> int | None:
    """How many people can play one game on one computer (None: no limit). A real-time game needs its own
    controls for each person: the mouse, the keyboard and each connected game controller, so 2 plus the
    controllers, at most 4. A game may say otherwise with ``max_humans``."""
    value = getattr(rules, "max_humans", None)
    if value is None and getattr(rules, "realtime", False):
        value = min(len(REALTIME_INPUTS), 2 + max(0, int(controllers)))
    return value


@dataclass
class SetupModel:
    rules: Rules
    players: int
    seats: list[SeatChoice]
    options: dict[str, Any] = field(default_factory=dict)
    seed_text: str = ""
    controllers: int = 0   # game controllers connected now (the setup scene counts them; not remembered)
    #: the most seats the game's table can hold (its catalog entry), which may be fewer than its rules allow
    #: while a larger game is still being built; 0: the rules' maximum
    most: int = 0

    @classmethod
    def default(cls, rules: Rules, lang: str = "en", most: int = 0) -> "SetupModel":
        names = DEFAULT_NAMES.get(lang, DEFAULT_NAMES["en"])
        players = max(rules.min_players, min(rules.max_players, 2 if rules.max_players >= 2 else 1))
        seats = [SeatChoice("human" if i == 0 else "medium", names[i], i) for i in range(rules.max_players)]
        return cls(rules, players, seats, resolve_options(rules.options, {}), most=most)

    @property
    def max_players(self) -> int:
        """The most players offered: the rules' maximum, or fewer when the table seats fewer (``most``)."""
        return max(self.rules.min_players, min(self.rules.max_players, self.most or self.rules.max_players))

    def player_counts(self) -> list[int]:
        return list(range(self.rules.min_players, self.max_players + 1))

    def offered_options(self) -> list[Option]:
        """The options the form shows: those some offered player count allows (an option for more seats than the
        table holds yet, e.g. a mode for 5-8 players, is not offered and stays at its default)."""
        counts = set(self.player_counts())
        return [o for o in self.rules.options if o.players is None or counts & set(o.players)]

    # Editing --------------------------------------------------------------------------------
    def shown(self, opt: Option) -> bool:
        """Whether the form shows ``opt`` at the count and choices made now: a choice that only some counts allow
        (Pirateer's two-player fleets) is hidden at the others, and so is a choice whose required options are not
        chosen (the two-player fleets while the fleets are chosen at the table: it would not be used); an on/off
        option stays, saying which counts and options it needs."""
        if opt.kind == "bool":
            return True
        if opt.players is not None and self.players not in opt.players:
            return False
        decl = {o.key: o for o in self.rules.options}
        return all(decl[k].is_active(self.options.get(k, decl[k].default)) for k in opt.requires if k in decl)

    def set_players(self, n: int) -> None:
        self.players = max(self.rules.min_players, min(self.max_players, n))
        self._settle_options()

    def _settle_options(self) -> None:
        """An option the count decides takes its value; a choice hidden at this count goes back to its default."""
        self.options = self.rules.options_for(self.players, self.options)
        for opt in self.rules.options:
            if not self.shown(opt):
                self.options[opt.key] = opt.default

    def set_colour(self, seat: int, colour: int) -> None:
        """Give a seat a colour; a seat that had it takes this seat's old colour (colours stay unique)."""
        old = self.seats[seat].colour
        for other in self.seats:
            if other.colour == colour:
                other.colour = old
        self.seats[seat].colour = colour

    def next_colour(self, seat: int, step: int = 1, count: int = 8) -> None:
        self.set_colour(seat, (self.seats[seat].colour + step) % count)

    def option(self, key: str) -> Option:
        return next(o for o in self.rules.options if o.key == key)

    def set_option(self, key: str, value: Any) -> None:
        self.options[key] = value
        for opt in self.rules.options:      # a choice this one hides goes back to its default
            if opt.key != key and not self.shown(opt):
                self.options[opt.key] = opt.default

    # Checking -------------------------------------------------------------------------------
    def seed(self) -> int | None:
        """The seed typed, or None when the field is empty or holds anything ``int()`` does not parse
        ("²" passes ``str.isdigit`` but not ``int``; "-7", "+7", "1_000" and other scripts' digits do)."""
        return parse_seed(self.seed_text)

    def problems(self) -> list[Text]:
        """Every reason why Start is not possible now (shown under the Start button)."""
        out = list(self.rules.check(self.players, self.options))
        if self.too_many_humans():
            out.append(Text.of("setup.realtime.too_many_humans", max=self.human_limit(), pads=self.controllers))
        if self.seed_text.strip() and self.seed() is None:
            out.append(Text.of("setup.err.seed"))
        for i, seat in enumerate(self.active_seats()):
            if not seat.name.strip():
                out.append(Text.of("setup.err.name", seat=i + 1))
        names = [s.name.strip().lower() for s in self.active_seats()]
        if len(set(names)) != len(names):
            out.append(Text.of("setup.err.same_name"))
        return out

    def humans(self) -> int:
        return sum(1 for s in self.active_seats() if s.kind == "human")

    def human_limit(self) -> int | None:
        return max_humans(self.rules, self.controllers)

    def too_many_humans(self) -> bool:
        limit = self.human_limit()
        return limit is not None and self.humans() > limit

    def inputs(self) -> list[tuple[int, Text]]:
        """A real-time game: which controls each human seat gets, in seat order ("Anna — mouse",
        "Ben — keyboard", "Clara — controller 1"); the humans beyond the limit get none."""
        if not getattr(self.rules, "realtime", False):
            return []
        out: list[tuple[int, Text]] = []
        limit = self.human_limit() or 0
        pads = 0
        for i, seat in enumerate(self.active_seats()):
            if seat.kind != "human" or len(out) >= limit:
                continue
            kind = REALTIME_INPUTS[len(out)]
            if kind == "pad":
                pads += 1
                out.append((i, Text.of("setup.input.pad", name=seat.name, n=pads)))
            else:
                out.append((i, Text.of(f"setup.input.{kind}", name=seat.name)))
        return out

    def bots_for_extra_humans(self, level: str = "medium") -> None:
        """Keep the first humans the game allows; the other human seats get bots."""
        limit = self.human_limit()
        if limit is None:
            return
        kept = 0
        for seat in self.active_seats():
            if seat.kind == "human":
                kept += 1
                if kept > limit:
                    seat.kind = level

    def option_problem(self, key: str) -> Text | None:
        """The first reason that names this option (to show next to its control)."""
        from game.core.protocol import check_options
        decl = self.option(key)
        for problem in check_options(self.rules.options, self.players, self.options):
            if problem.kwargs.get("option") == Text.of(decl.label or decl.key):
                return problem
        return None

    def active_seats(self) -> list[SeatChoice]:
        return self.seats[: self.players]

    # Memory ---------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "seed": self.seed_text,
                "seats": [{"kind": s.kind, "name": s.name, "colour": s.colour, "aid": s.aid} for s in self.seats],
                "options": dict(self.options)}

    def restore(self, data: Any) -> None:
        """Take back the last choices for this game; anything odd in them is ignored."""
        if not isinstance(data, dict):
            return
        if isinstance(data.get("players"), int):
            self.set_players(data["players"])
        seed = data.get("seed")
        if isinstance(seed, str) and len(seed) <= MAX_SEED and (not seed.strip() or parse_seed(seed) is not None):
            self.seed_text = seed  # a remembered seed that is not a whole number is dropped
        seats = data.get("seats")
        if isinstance(seats, list):
            for seat, saved in zip(self.seats, seats):
                if not isinstance(saved, dict):
                    continue
                if saved.get("kind") in SEAT_KINDS:
                    seat.kind = saved["kind"]
                name = saved.get("name")
                if isinstance(name, str):  # only what the name field lets a player type (no NUL, no lone surrogate)
                    name = "".join(c for c in name if c.isprintable())[:MAX_NAME]
                    if name.strip():
                        seat.name = name
                if isinstance(saved.get("colour"), int) and 0 <= saved["colour"] < 8:
                    seat.colour = saved["colour"]
                if isinstance(saved.get("aid"), bool):
                    seat.aid = saved["aid"]
            colours = [s.colour for s in self.seats]
            if len(set(colours)) != len(colours):  # repair duplicates from an edited file
                for i, seat in enumerate(self.seats):
                    seat.colour = i
        options = data.get("options")
        if isinstance(options, dict):
            for o in self.offered_options():
                if o.key in options and o.check_value(options[o.key]) is None:
                    self.options[o.key] = options[o.key]
            self._settle_options()                  # as the count decides
