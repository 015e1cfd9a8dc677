"""The conformance suite: one contract every registered game passes (issue 13; OpenSpiel's random
simulation test is the model). A game is covered by being in the catalog (``game.games.catalog()``,
test games included); a failure here is a bug in the game, not in the suite.

For each game, player count and a spread of option combinations (defaults, each option alone, all that go
together), random legal games are played (real-time games in simulated time, the referee's actions taken
by the suite) and at sampled steps the suite checks:

- the game ends; the same seed and actions give the same state (JSON-equal);
- an illegal action raises ``IllegalAction`` with a reason in both catalogs, and leaves the state unchanged;
  ``State.check`` agrees with ``apply`` and with the legal list;
- the state and every ``view(seat)`` round-trip through JSON;
- every action adds at least one event (``game.core.events``) besides its log lines (``said``);
- the game's declared secrets: ``Rules.twin(state, seat, rng)`` is a state that seat cannot tell apart;
  its view, its log, its events and the message a bot worker would be sent for that seat are equal (and
  the view holds exactly ``events_for(seat)``), and the bots
  (every level, fixed budget and seed) choose the same action from both; across a game some twin differs
  from its original wherever the game declares secrets;
- ``determinize(view).view(seat) == view`` where the game has a determinizer;
- every bot level returns legal actions;
- every text key of the log, of the results and of a refusal exists in both catalogs with the same
  placeholders, and the parameters given fill them;
- damaged positions (``Rules.corruptions``: a card removed or doubled, a piece off the board, a seat out
  of range ...) are refused on load with a message naming what is wrong.

``make test`` plays one game per configuration (each game's share about 20 s); ``make soak`` plays
``PGN_CONFORMANCE_GAMES`` (default 5) per configuration, each option value alone at every player count.
"""
from __future__ import annotations

import dataclasses
import inspect
import json
import os
import string
from typing import Any, Iterator

import pytest

from game import games, i18n
from game.core.bots import LEVELS
from game.core.protocol import Action, IllegalAction, Option, Result, Rules, State, Text
from game.core.rng import Rng
from game.core.worker import request_message

SYSTEM = -1          # the seat of a real-time game's referee actions (start, time up)
MAX_STEPS = 50_000   # actions per random game before it counts as endless (4-player random Pirateer: up to ~8,000)
BOT_PLAYOUTS = 4     # the fixed iteration budget of search bots here
BOT_SEED = 0x5EED_0F_B075


# --------------------------------------------------------------------------------------------------
# What is checked: games, player counts, option combinations
# --------------------------------------------------------------------------------------------------
def built() -> list[games.GameEntry]:
    return [e for e in games.catalog() if e.package is not None]


def option_spread(rules: Rules, players: int, full: bool = True) -> list[dict[str, Any]]:
    """Defaults; each option at each other value alone (one other value of a choice when not ``full``);
    then every active option that fits, together. A player count the defaults do not allow (Pirateer's 5 to 8
    players, only in its fantastic eight) starts from the first option value that allows it, and adds the others
    to it."""
    base: dict[str, Any] = {}
    if rules.check(players, {}):
        base = next(({o.key: v} for o in rules.options for v in _other_values(o)
                     if not rules.check(players, {o.key: v})), {})
    spread: list[dict[str, Any]] = [base]
    for opt in rules.options:
        values = _other_values(opt)
        if not full and opt.kind == "choice":
            values = values[players % len(values):][:1] if values else []
        for value in values:
            candidate = {**base, opt.key: value}
            if not rules.check(players, candidate) and candidate not in spread:
                spread.append(candidate)
    together: dict[str, Any] = dict(base)
    for candidate in spread[1:]:
        trial = {**together, **candidate}
        if not rules.check(players, trial):
            together = trial
    if len(together) > 1 and together not in spread:
        spread.append(together)
    return spread


def _pairs_of_few_variants(rules: Rules) -> list[dict[str, Any]]:
    """A game with three on/off variants: each two of them together (with the defaults, each alone and all
    together, that is every combination: Spanish Main's ``extended-fame``, ``imminent-adventures`` and
    ``movement-hand``). Pairs the rules refuse at every count are left out."""
    bools = [o for o in rules.options if o.kind == "bool"]
    if len(bools) != 3:
        return []
    return [{a.key: not a.default, b.key: not b.default} for i, a in enumerate(bools) for b in bools[i + 1:]]


def _other_values(opt: Option) -> list[Any]:
    if opt.kind == "bool":
        return [not opt.default]
    if opt.kind == "choice":
        return [c for c in opt.choices if c != opt.default]
    if opt.kind == "int":
        return [v for v in {opt.lo, opt.hi} if v != opt.default]
    return []


def configurations(full: bool = False) -> Iterator[Any]:
    """Every game at every player count with its defaults and with all its fitting options together, and
    every other option value: alone at every count that allows it in ``make soak``; in ``make test``
    packed, up to three that go together, at one count that allows them (taken in turn)."""
    for entry in built():
        rules = entry.package.rules
        counts = list(range(rules.min_players, rules.max_players + 1))
        spreads = {players: option_spread(rules, players, full) for players in counts}
        chosen: dict[int, list[dict[str, Any]]] = {p: [spreads[p][0]] for p in counts}
        alone = list({json.dumps(o, sort_keys=True): o for p in counts for o in spreads[p][1:]
                      if len(o) == 1}.values())
        for k, options in enumerate(alone):
            fits = [p for p in counts if options in spreads[p]]
            targets = fits if full else [fits[k % len(fits)]]
            for players in targets:
                bundles = chosen[players]
                for i, bundle in enumerate(bundles[1:], start=1):
                    if not full and len(bundle) < 3 and not rules.check(players, {**bundle, **options}):
                        bundles[i] = {**bundle, **options}
                        break
                else:
                    bundles.append(dict(options))
        for k, options in enumerate(_pairs_of_few_variants(rules)):   # every combination of up to 3 variants
            fits = [p for p in counts if not rules.check(p, options)]
            for players in [] if not fits else (fits if full else fits[k % len(fits):][:1]):
                if options not in chosen[players]:
                    chosen[players].append(options)
        for players in counts:
            together = spreads[players][-1]
            if len(together) > 1 and together not in chosen[players]:
                chosen[players].append(together)
            for options in chosen[players]:
                label = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults"
                yield pytest.param(entry.id, players, options, id=f"{entry.id}-{players}p-{label}")


# --------------------------------------------------------------------------------------------------
# Playing random games
# --------------------------------------------------------------------------------------------------
def movers(rules: Rules, state: State) -> list[tuple[int, list[Action]]]:
    """Who may act now and how: each current seat's legal actions, and the referee's in a race."""
    out = [(seat, state.legal_actions(seat)) for seat in state.current_players()]
    if rules.realtime:
        system = state.legal_actions(SYSTEM)
        if system:
            out.append((SYSTEM, system))
    return [(seat, acts) for seat, acts in out if acts]


def random_action(rules: Rules, state: State, rng: Rng, steps_in_round: int) -> Action:
    options = movers(rules, state)
    assert options, "nobody may act but the game is not over"
    if rules.realtime:
        system = [acts for seat, acts in options if seat == SYSTEM]
        # the referee calls time now and then (more and more likely as a round drags on), else a racer acts
        if system and (len(options) == 1 or rng.random() < min(0.5, steps_in_round / 4000)):
            return rng.choice(system[0])
        options = [(s, a) for s, a in options if s != SYSTEM]
        _, acts = rng.choice(options)
        finishing = [a for a in acts if a.kind.endswith(("done", "place", "stop"))]
        if finishing and rng.random() < 0.6:
            return rng.choice(finishing)
        return rng.choice(acts)
    _, acts = rng.choice(options)
    return rng.choice(acts)


@dataclasses.dataclass
class Played:
    seed: int
    actions: list[Action]
    samples: list[State]           # clones taken at sampled steps (the first, the last and some between)
    final: State


def play_random(entry: games.GameEntry, players: int, options: dict[str, Any], seed: int,
                samples: int = 4) -> Played:
    rules = entry.package.rules
    state = rules.new_game(players, options, seed)
    rng = Rng(seed ^ 0xC0FFEE)
    actions: list[Action] = []
    snapshots: list[State] = [state.clone()]
    every, barrier, in_round = 7, state.undo_barrier, 0
    for step in range(MAX_STEPS):
        if state.is_over():
            break
        action = random_action(rules, state, rng, in_round)
        told = len(state.events)
        state.apply(action)
        assert any(e.kind != "said" for e in state.events[told:]), f"{entry.id}: {action} was applied without an event"
        actions.append(action)
        in_round += 1
        if rules.realtime and state.current_players() == ():
            in_round = 0
        if step % every == 0:
            snapshots.append(state.clone())
            if len(snapshots) > 4 * samples:
                snapshots = snapshots[::2]
                every *= 2
    else:
        pytest.fail(f"{entry.id}: a random {players}-player game with {options} did not end in {MAX_STEPS} "
                    f"actions (seed {seed})")
    snapshots.append(state.clone())
    pick = max(1, len(snapshots) // samples)
    return Played(seed, actions, snapshots[::pick][:samples] + [snapshots[-1]], state)


# --------------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------------
def js(x: Any) -> str:
    return json.dumps(x, sort_keys=True)


def seats_and_spectator(state: State) -> list[int | None]:
    return [*range(state.players), None]


def texts_in(value: Any) -> Iterator[Text]:
    if isinstance(value, Text):
        yield value
        for _, v in value.params:
            yield from texts_in(v)


_TEXTS_SEEN: set[tuple[str, frozenset[str]]] = set()


def check_text(text: Text, where: str) -> None:
    """``text.key`` is in both catalogs, the two templates ask for the same placeholders, and the
    parameters given fill them."""
    from game.core.protocol import SEAT_KEY
    seen = (text.key, frozenset(text.kwargs))
    if text.key == SEAT_KEY or seen in _TEXTS_SEEN:
        return
    fields: dict[str, set[str]] = {}
    for lang in i18n.LANGUAGES:
        assert i18n.has_key(text.key, lang), f"{where}: {text.key!r} is missing from the {lang} catalog"
        template = i18n._load(lang)[text.key]
        fields[lang] = {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template)
                        if name}
    first, *others = fields.values()
    assert all(f == first for f in others), f"{where}: {text.key!r} has other placeholders per language {fields}"
    missing = first - set(text.kwargs)
    assert not missing, f"{where}: {text.key!r} needs {sorted(missing)} but gets {sorted(text.kwargs)}"
    _TEXTS_SEEN.add(seen)


def make_decider(entry: games.GameEntry, level: str, seat: int, seed: int) -> Any:
    package = entry.package
    if package.realtime:
        factory = package.make_agent
        kwargs = {"slice_ms": 0} if "slice_ms" in inspect.signature(factory).parameters else {}
        return factory(level, seat, seed, playouts=BOT_PLAYOUTS, **kwargs)
    factory = package.make_bot
    params = inspect.signature(factory).parameters
    takes_playouts = "playouts" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())
    return package.bot(level, seat, seed, playouts=BOT_PLAYOUTS) if takes_playouts else package.bot(level, seat, seed)


def decide(entry: games.GameEntry, level: str, seat: int, view: State) -> Action | None:
    """What a fresh bot of ``level`` (fixed seed and budget) does for ``seat`` from ``view``; a real-time
    agent is asked at growing moments until it acts (None if it never does)."""
    bot = make_decider(entry, level, seat, BOT_SEED)
    if not entry.package.realtime:
        return bot.choose(view)
    now = 0.0
    for _ in range(400):
        got = bot.next_action(view, now)
        if got is not None:
            action, at = got
            if at <= now:
                return action
            now = at
        else:
            now += 0.25
    return None


def sent_to_worker(entry: games.GameEntry, seat: int, level: str, view: State) -> bytes:
    return json.dumps(request_message(entry.ref, seat, level, BOT_SEED, view.to_json(), 1.0)).encode("utf-8")


# --------------------------------------------------------------------------------------------------
# The suite
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id,players,options", list(configurations()))
def test_conformance(game_id, players, options):
    conform(game_id, players, options, n_games=1, samples=4)


@pytest.mark.soak
@pytest.mark.parametrize("game_id,players,options", list(configurations(full=True)))
def test_conformance_soak(game_id, players, options):
    conform(game_id, players, options, n_games=int(os.environ.get("PGN_CONFORMANCE_GAMES", "5")), samples=10)


def conform(game_id: str, players: int, options: dict[str, Any], n_games: int, samples: int) -> None:
    entry = games.get(game_id)
    for k in range(n_games):
        seed = 1000 * players + 97 * k + len(js(options))
        played = play_random(entry, players, options, seed, samples)
        check_ends_and_replays(entry, players, options, played)
        check_results(entry, played.final)
        check_texts(entry, played)
        twins_differ = False
        for i, state in enumerate(played.samples):
            check_round_trips(entry, state)
            check_illegal_actions(entry, state, played.actions, Rng(seed + i))
            twins_differ |= check_secrets(entry, state, Rng(seed * 31 + i), bots=(i == len(played.samples) // 2))
            check_determinize(entry, state, Rng(seed + 7 * i))
            if i == len(played.samples) // 2 or (samples > 4 and i == 0):
                check_corruptions(entry, state)
        if entry.package.rules.secrets:
            assert twins_differ, f"{game_id} declares secrets {entry.package.rules.secrets} but no twin differed"


def check_ends_and_replays(entry, players, options, played: Played) -> None:
    rules = entry.package.rules
    assert played.final.is_over(), "the random game stopped before its end"
    assert played.final.current_players() == ()
    again = rules.new_game(players, options, played.seed)
    for action in played.actions:
        again.apply(action)
    assert js(again.to_json()) == js(played.final.to_json()), "the same seed and actions gave another game"


def check_results(entry, final: State) -> None:
    result = final.result()
    assert isinstance(result, Result)
    assert len(result.ranks) == final.players and min(result.ranks) == 1
    first = [s for s, r in enumerate(result.ranks) if r == 1]
    assert sorted(result.winners) == first or not result.winners, "the winners are not the seats ranked first"
    if result.scores is not None:
        assert len(result.scores) == final.players
    for rows in result.breakdown:
        for key, _ in rows:
            assert all(i18n.has_key(key, lang) for lang in i18n.LANGUAGES), f"results row {key!r} not in both catalogs"
    if result.how is not None:
        for t in texts_in(result.how):
            check_text(t, "how the game was won")


def check_texts(entry, played: Played) -> None:
    for state in (played.final, played.samples[len(played.samples) // 2]):
        for line in state.log:
            for t in texts_in(line.text):
                check_text(t, f"{entry.id} log")
        for seat in seats_and_spectator(state):
            for line in state.view(seat).log:
                for t in texts_in(line.text):
                    check_text(t, f"{entry.id} log seen by {seat}")


def check_round_trips(entry, state: State) -> None:
    rules = entry.package.rules
    data = state.to_json()
    back = rules.state_from_json(json.loads(json.dumps(data)))
    assert js(back.to_json()) == js(data), "the state does not round-trip through JSON"
    rules.validate_state(back)
    assert [a.to_json() for a in back.legal_actions()] == [a.to_json() for a in state.legal_actions()]
    for seat in seats_and_spectator(state):
        view = state.view(seat).to_json()
        again = rules.state_from_json(json.loads(json.dumps(view)))
        assert js(again.to_json()) == js(view), f"the view of seat {seat} does not round-trip through JSON"
        if seat is not None:
            assert [a.to_json() for a in again.legal_actions(seat)] == \
                   [a.to_json() for a in state.legal_actions(seat)], f"seat {seat}'s view lists other actions"


def illegal_candidates(state: State, history: list[Action], rng: Rng) -> list[Action]:
    """Actions the rules refuse now (``check`` gives a reason): earlier actions, and legal ones given to
    another seat. (A legal list may name one action of several that do the same, e.g. a group of cards
    in one order: an action missing from the list is not always illegal, so ``check`` decides.)"""
    pool = rng.sample(history, min(12, len(history))) if history else []
    for seat in state.current_players():
        for a in state.legal_actions(seat)[:6]:
            for other in range(state.players):
                if other != seat:
                    pool.append(dataclasses.replace(a, seat=other))
    return [a for a in pool if a not in state.legal_actions(a.seat) and state.check(a) is not None][:10]


def check_illegal_actions(entry, state: State, history: list[Action], rng: Rng) -> None:
    before = js(state.to_json())
    for action in state.legal_actions()[:8]:
        assert state.check(action) is None, f"check() refuses the legal {action}"
    for action in illegal_candidates(state, history, rng):
        probe = state.clone()
        reason = probe.check(action)
        assert isinstance(reason, Text), f"check() gives no reason for the illegal {action}"
        check_text(reason, f"the reason {action} is refused")
        with pytest.raises(IllegalAction) as caught:
            probe.apply(action)
        assert isinstance(caught.value.reason, Text)
        check_text(caught.value.reason, f"the refusal of {action}")
        assert js(probe.to_json()) == before, f"the refused {action} changed the state"
    assert js(state.to_json()) == before


def check_secrets(entry, state: State, rng: Rng, bots: bool) -> bool:
    """Twins look the same to their seat (views, logs, bot messages, bot choices). True when some twin's
    full state differed from the original (there was something to hide)."""
    rules = entry.package.rules
    before = js(state.to_json())
    differed = False
    for seat in seats_and_spectator(state):
        twin = rules.twin(state, seat, rng)
        assert js(state.to_json()) == before, "twin() changed the state it was given"
        rules.validate_state(twin)
        differed |= js(twin.to_json()) != before
        mine, theirs = state.view(seat), twin.view(seat)
        assert js(mine.to_json()) == js(theirs.to_json()), f"seat {seat} can tell the twin apart by its view"
        assert [e.to_json() for e in mine.log] == [e.to_json() for e in theirs.log], f"seat {seat}'s log differs"
        told = [e.to_json() for e in state.events_for(seat)]
        assert told == [e.to_json() for e in twin.events_for(seat)], f"seat {seat} can tell the twin apart by its events"
        assert told == [e.to_json() for e in mine.events], f"the view of seat {seat} holds other events"
        if seat is None:
            continue
        assert [a.to_json() for a in twin.legal_actions(seat)] == [a.to_json() for a in state.legal_actions(seat)]
        if not bots or seat not in state.current_players():
            continue
        for level in LEVELS:
            assert sent_to_worker(entry, seat, level, mine) == sent_to_worker(entry, seat, level, theirs)
            a = decide(entry, level, seat, rules.state_from_json(mine.to_json()))
            b = decide(entry, level, seat, rules.state_from_json(theirs.to_json()))
            assert a == b, f"the {level} bot of seat {seat} plays {a} or {b}: it sees what it may not"
            if a is not None:
                assert state.check(a) is None, f"the {level} bot of seat {seat} chose the illegal {a}"
    return differed


def check_determinize(entry, state: State, rng: Rng) -> None:
    determinize = entry.package.determinize
    if determinize is None:
        return
    for seat in seats_and_spectator(state):
        view = state.view(seat)
        full = determinize(view.clone(), rng)
        assert js(full.view(seat).to_json()) == js(view.to_json()), \
            f"determinize() of seat {seat}'s view gives a state seen otherwise"


def check_corruptions(entry, state: State) -> None:
    rules = entry.package.rules
    damaged = list(rules.corruptions(state.to_json()))
    assert len(damaged) >= 4, f"{entry.id} declares {len(damaged)} corruptions (want at least 4)"
    for word, data in damaged:
        with pytest.raises(ValueError) as caught:
            rules.validate_state(rules.state_from_json(json.loads(json.dumps(data))))
        assert word.lower() in str(caught.value).lower(), \
            f"{entry.id}: the damage {word!r} was refused with {caught.value!r}, which does not name it"
