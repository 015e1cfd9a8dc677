"""Playa Pirata: is this a position of the game? (``PlayaRules.validate_state``, for every loaded save).

Checks what a hand-edited or damaged snapshot can get wrong and what would break the table or the bots:
seats, the turn order and the player to act in range; every card id known and each card of the deal
exactly once (the conservation rule: R1, R2, R3 treasures, towels and pirates of the seats in play, V4 the
special cards); each card where its family may lie; fields of the right types; events of a known kind
that name cards of the game, seats and treasures that exist (and a burial or a look the beach agrees with).
Raises ValueError with a reason (English, for the log).
"""
from __future__ import annotations

from collections import Counter
from copy import deepcopy
from typing import Any, Iterator, Mapping, Sequence

from game.core.events import Event, check_said
from game.core.protocol import JSON, Result, is_int, is_seat, require
from game.games.playa_pirata.cards import (COLOURS, DOUBLE, FLAG, KEPT_SPECIALS,
                                           LIFEGUARD, PARROT, PIRATE_COLOUR, PIRATE_KIND, SPECIAL_IDS,
                                           TOWEL_COLOUR, TREASURE_IDS, TREASURE_KIND, TREASURES_PER_PLAYER,
                                           pirate_ids, rounds_in_hand, towel_ids)
from game.games.playa_pirata.rules import (DRAFT, FINAL, OVER, ROUND, SEATING, STEP_A, STEP_B, STEP_END,
                                           PlayaHand, PlayaMatch, PlayaRules)

PHASES = (SEATING, DRAFT, ROUND, FINAL, OVER)
EVENT_KINDS = frozenset({"dealt", "turn", "round", "chose", "discarded", "buried", "played", "revealed", "ended",
                         "took", "unclaimed", "scored", "said"})
_TREASURE_FIELDS = ("treasure", "treasures")
_CARD_FIELDS = ("card", "cards", "towel", "towels", "pirates") + _TREASURE_FIELDS
STEPS = (STEP_A, STEP_B, STEP_END)


def _str_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(c, str) for c in value)


def _bool_list(value: Any, n: int) -> bool:
    return isinstance(value, list) and len(value) == n and all(isinstance(b, bool) for b in value)


def validate_match(rules: PlayaRules, match: Any) -> None:
    """The whole match: its hands so far, the totals, the hand in play (and the one just finished)."""
    require(isinstance(match, PlayaMatch), f"not a Playa Pirata match: {type(match).__name__}")
    players = match.players
    require(is_int(players) and players in TREASURES_PER_PLAYER, f"{players!r} players (2 to 4)")
    require(isinstance(match.options, dict), "the options are not an object")
    problems = rules.check(players, match.options)
    require(not problems, f"options not allowed: {', '.join(p.key for p in problems)}")
    require(match.n_hands == rules.hands_in_match(players, match.options),
            f"{match.n_hands!r} hands in a match that has {rules.hands_in_match(players, match.options)}")
    require(is_int(match.hand_index) and 0 <= match.hand_index < match.n_hands,
            f"hand {match.hand_index!r} of {match.n_hands}")
    require(is_seat(match.first_of_match, players), f"first player {match.first_of_match!r}")
    results = match.hand_results
    require(isinstance(results, list) and all(isinstance(r, Result) for r in results), "hand results")
    finished = len(results)
    require(finished == match.hand_index or (finished == match.n_hands and match.hand_index == match.n_hands - 1),
            f"{finished} finished hands while hand {match.hand_index + 1} is played")
    require(isinstance(match.totals, list) and len(match.totals) == players
            and all(isinstance(t, (int, float)) and not isinstance(t, bool) for t in match.totals),
            "the match totals are not one number per player")
    require(all(len(r.scores or []) == players for r in results), "a hand result is not one score per player")
    sums = [sum((r.scores or [0.0] * players)[seat] for r in results) for seat in range(players)]
    require(all(abs(t - s) < 1e-6 for t, s in zip(match.totals, sums)), "the totals are not the sum of the hands")
    require(is_int(match.barrier_base) and match.barrier_base >= 0, "the undo barrier")
    _event_fields(match.past_events, players, "of a past hand")
    validate_hand(match.hand, players, match.options)
    require(match.hand.hand_index == match.hand_index,
            f"the hand in play says it is hand {match.hand.hand_index + 1}, the match {match.hand_index + 1}")
    require(match.hand.is_over() == (finished == match.n_hands), "the hand in play is over but the match goes on")
    if match.last_hand is None:
        require(finished == 0, "a finished hand is missing")
    else:
        require(finished > 0, "a finished hand before any hand ended")
        validate_hand(match.last_hand, players, match.options)
        require(match.last_hand.is_over(), "the last finished hand is not over")


def validate_hand(h: Any, players: int, options: Mapping[str, Any]) -> None:
    """One hand, with every card the deal put in play exactly once."""
    require(isinstance(h, PlayaHand), f"not a Playa Pirata hand: {type(h).__name__}")
    require(h.players == players, f"a hand of {h.players!r} players in a {players}-player match")
    require(not h.is_view and h.viewer is None, "a player's view saved as the game itself")
    require(h.special is bool(options.get("special-cards", False)), "the special cards option of the hand")
    require(is_int(h.hand_index) and h.hand_index >= 0, "hand number")
    require(sorted(h.order) == list(range(players)) and all(is_int(s) for s in h.order),
            f"the turn order {h.order!r} is not every seat once")
    require(h.phase in PHASES, f"unknown phase {h.phase!r}")
    require(h.step in STEPS, f"unknown step {h.step!r}")
    require(h.n_rounds == rounds_in_hand(players), f"{h.n_rounds!r} rounds in a {players}-player hand")
    require(is_int(h.round) and 1 <= h.round <= h.n_rounds, f"round {h.round!r} of {h.n_rounds}")
    require(is_int(h.turn_pos) and 0 <= h.turn_pos <= players, f"turn position {h.turn_pos!r}")  # = players: final turn
    require(is_seat(h.current, players), f"the player to act {h.current!r} is not a seat of {players}")
    if h.phase == ROUND:
        require(h.turn_pos < players and h.current == h.order[h.turn_pos],
                "the player to act is not the one whose turn it is")
    elif h.phase == FINAL:
        require(h.current == h.order[0], "the final turn is not the starting player's")
    elif h.phase == DRAFT:
        require(h.special and is_int(h.draft_step) and 0 <= h.draft_step < players
                and h.current == h.drafters[h.draft_step], "the draft is at an impossible step")
    elif h.phase == SEATING:
        require(h.chooser == h.current, "the seat chooser is not the player to act")
    require(is_int(h.chooser) and -1 <= h.chooser < players, f"seat chooser {h.chooser!r}")
    require(is_int(h.burials) and h.burials >= 0 and is_int(h.barrier) and h.barrier >= 0, "counters")
    # where the cards lie, and of which family
    for name in ("treasures", "pirates", "towels"):
        hands = getattr(h, name)
        require(isinstance(hands, list) and len(hands) == players and all(_str_list(x) for x in hands),
                f"{name} are not one list of cards per player")
    require(_str_list(h.removed) and _str_list(h.discard), "removed or played cards are not lists of cards")
    require(isinstance(h.beach, list) and h.beach, "the beach has no central treasure")
    for index, spot in enumerate(h.beach):
        where = f"treasure #{index + 1}"
        require(isinstance(spot.treasure, str) and _str_list(spot.pile), f"{where}: cards of the wrong type")
        require(spot.umbrella is None or is_seat(spot.umbrella, players), f"{where}: umbrella {spot.umbrella!r}")
        require(isinstance(spot.face_up, bool) and isinstance(spot.flag, bool) and isinstance(spot.double, bool),
                f"{where}: markers of the wrong type")
        require(isinstance(spot.known_by, list) and all(is_seat(s, players) for s in spot.known_by)
                and spot.known_by == sorted(set(spot.known_by)), f"{where}: who knows it {spot.known_by!r}")
        if index == 0:
            require(spot.buried_by is None, "the central treasure has a burier")
        else:
            require(is_seat(spot.buried_by, players), f"{where}: buried by {spot.buried_by!r}")
        require(is_int(spot.seq) and 0 <= spot.seq <= h.burials, f"{where}: burial number {spot.seq!r}")
    spots = range(len(h.beach))
    require(isinstance(h.groups, list) and all(g in spots for g in h.groups), f"towel groups on {h.groups!r}")
    require(isinstance(h.start_occupied, list) and all(g in spots for g in h.start_occupied), "occupied treasures")
    require(h.parrot == -1 or h.parrot in spots, f"the parrot on {h.parrot!r}")
    require(isinstance(h.shown, bool), "'show your towels' is not a yes or no")
    require(_bool_list(h.umbrella_aside, players) and _bool_list(h.umbrella_wasted, players), "umbrella markers")
    # special cards
    require(isinstance(h.special_hand, list) and len(h.special_hand) == players
            and all(c is None or isinstance(c, str) for c in h.special_hand), "special cards in hand")
    require(isinstance(h.special_played, list) and all(
        isinstance(p, tuple) and len(p) == 2 and is_seat(p[0], players) and isinstance(p[1], str)
        for p in h.special_played), "played special cards")
    require(_str_list(h.special_deal_removed) and _str_list(h.packet), "the special cards packet")
    require(h.special_discard is None or isinstance(h.special_discard, str), "the discarded special card")
    require(isinstance(h.draft_seen, list) and len(h.draft_seen) == players
            and all(p is None or _str_list(p) for p in h.draft_seen), "the draft packets seen")
    pl = h.pending_lifeguard
    require(pl is None or (is_seat(pl[0], players) and is_seat(pl[1], players)), "the pending lifeguard")
    require(isinstance(h.looks, list) and all(
        isinstance(lk, list) and len(lk) == 4 and is_seat(lk[0], players) and is_seat(lk[1], players)
        and _str_list(lk[2]) and set(lk[2]) <= set(TREASURE_IDS) and is_int(lk[3]) for lk in h.looks),
        "the lifeguard looks")
    _where_cards_lie(h, players)
    _markers(h, players)
    _special_cards(h, players)
    _events(h, players)
    # conservation: every card of the deal exactly once (R1, R2, R3, V4)
    cards = h.all_cards()
    _exactly_once("treasure", cards["treasures"], TREASURE_IDS)
    _exactly_once("towel", cards["towels"], [c for seat in range(players) for c in towel_ids(seat)])
    _exactly_once("pirate", cards["pirates"], [c for seat in range(players) for c in pirate_ids(seat)])
    _exactly_once("special", cards["specials"], SPECIAL_IDS if h.special else ())
    # the log and the scores
    if h.phase == OVER:
        require(isinstance(h.scores, list) and len(h.scores) == players and all(is_int(x) for x in h.scores),
                "a finished hand without one score per player")
        require(all(sp.face_up for sp in h.beach), "a treasure still face down after scoring (R32)")
        table = [int(sum(v for _, v in h.score_rows(seat))) for seat in range(players)]
        require(h.scores == table, f"the scores {h.scores} of the finished hand are not what its table scores {table}")
    else:
        require(h.scores is None, "scores before the hand is over")


def _exactly_once(family: str, found: Sequence[str], expected: Sequence[str]) -> None:
    """Every card of ``expected`` once in ``found``; else say which are missing, doubled or foreign."""
    have, want = Counter(found), Counter(expected)
    if have == want:
        return
    problems = [f"{card} missing" for card in sorted((want - have).elements())]
    for card, n in sorted((have - want).items()):
        problems.append(f"{card} {n + want[card]} times" if card in want else f"{card} is no {family} of this game")
    raise ValueError(f"the {family} cards are not each there exactly once: {'; '.join(problems)}")


def _where_cards_lie(h: PlayaHand, players: int) -> None:
    """Each card in a place of its family: treasures in treasure hands, on the beach or removed (R2, R3),
    towels in their colour's hand or in a pile (R1, R19), pirates in their colour's hand or played
    (R11), special cards in a hand, the packet, played or set aside (V4, V5)."""
    for seat in range(players):
        for card in h.treasures[seat]:
            require(card in TREASURE_KIND, f"player {seat + 1} holds {card} among their treasure cards")
        for card in h.towels[seat]:
            require(card in TOWEL_COLOUR and TOWEL_COLOUR[card] == seat,
                    f"player {seat + 1} holds {card}, which is no towel of their colour")
        for card in h.pirates[seat]:
            require(card in PIRATE_COLOUR and PIRATE_COLOUR[card] == seat,
                    f"player {seat + 1} holds {card}, which is no pirate of their colour")
    for card in h.removed:
        require(card in TREASURE_KIND, f"{card} among the removed treasures is no treasure card")
    for card in h.discard:
        require(card in PIRATE_KIND, f"{card} among the played pirates is no pirate card")
    for index, spot in enumerate(h.beach):
        require(spot.treasure in TREASURE_KIND, f"treasure #{index + 1}: {spot.treasure} is no treasure card")
        for card in spot.pile:
            require(card in TOWEL_COLOUR, f"treasure #{index + 1}: {card} in its pile is no towel card")
            require(TOWEL_COLOUR[card] < players, f"treasure #{index + 1}: {card} is of no seat's colour")
    specials = [c for c in h.special_hand if c is not None] + [c for _, c in h.special_played] + list(h.packet) \
        + list(h.special_deal_removed) + ([h.special_discard] if h.special_discard is not None else [])
    for card in specials:
        require(card in SPECIAL_IDS, f"{card} is no special card")


def _markers(h: PlayaHand, players: int) -> None:
    """What lies on the beach besides the cards: burial numbers, who knows what, umbrellas (R14, R15,
    R16, A28), the Flag (V11) and the Double beach towel (V10), the turn's groups (R19, R28), the Parrot
    (V16); and what round 1 (R8) and the setup phases cannot have yet."""
    require(h.burials == len(h.beach) - 1, f"{h.burials} burials for {len(h.beach) - 1} buried treasures")
    played = set(h.special_played)
    for index, spot in enumerate(h.beach):
        where = f"treasure #{index + 1}"
        require(spot.seq == index, f"{where}: burial number {spot.seq} out of order")
        if spot.buried_by is not None:
            require(spot.buried_by in spot.known_by, f"{where}: the player who buried it does not know it (R10)")
        if spot.flag:
            require((spot.buried_by, FLAG) in played, f"{where}: a flag nobody buried it with (V11)")
        if spot.double:
            require(any(card == DOUBLE for _, card in played), f"{where}: a double beach towel nobody played (V10)")
    require(sum(sp.flag for sp in h.beach) == sum(1 for _, c in played if c == FLAG),
            "the flag is not beside exactly the treasure it was buried with (V11)")
    require(sum(sp.double for sp in h.beach) == sum(1 for _, c in played if c == DOUBLE),
            "the double beach towel is not beside exactly one treasure (V10)")
    for seat in range(players):
        places = [i + 1 for i, sp in enumerate(h.beach) if sp.umbrella == seat]
        used = len(places) + h.umbrella_aside[seat] + h.umbrella_wasted[seat]
        require(used <= 1, f"player {seat + 1}'s umbrella is in {used} places (treasures {places})")
        card = f"pirate-{COLOURS[seat]}-umbrella"
        require(not used or card in h.discard,
                f"player {seat + 1}'s umbrella is in play but {card} was never played (R11)")
    spots = range(len(h.beach))
    require(len(set(h.groups)) == len(h.groups) <= (1 if h.phase == FINAL else 2),
            f"towel groups on {h.groups} (one per treasure, at most two a turn: R19, R28)")
    require(not h.shown or h.step == STEP_END, "towels shown (R24) while the turn's towels are still to play")
    if h.parrot != -1:
        require(h.parrot in spots and (h.current, PARROT) in played, f"the parrot on {h.parrot} nobody played (V16)")
    if h.phase in (SEATING, DRAFT) or (h.phase == ROUND and h.round == 1):
        require(not any(sp.pile for sp in h.beach) and not h.discard and not h.groups,
                "towels or pirate cards played before round 2 (R8)")
    if h.phase in (SEATING, DRAFT):
        require(len(h.beach) == 1, "treasures buried before round 1")


def _event_fields(events: Any, players: int, where: str = "") -> None:
    """Events of a kind the game records, naming seats of the game and cards of its deal."""
    require(isinstance(events, list) and all(isinstance(e, Event) for e in events),
            f"events {where} that are not events")
    treasures = set(TREASURE_IDS)
    cards = treasures | set(SPECIAL_IDS) | {c for seat in range(players) for c in towel_ids(seat) + pirate_ids(seat)}
    for k, e in enumerate(events):
        name = f"event {k + 1} {where} ({e.kind})".replace("  ", " ")
        require(e.kind in EVENT_KINDS, f"{name}: unknown kind of event {e.kind!r}")
        check_said(e)
        require(e.seat is None or is_seat(e.seat, players), f"{name}: seat {e.seat!r} is not a seat of {players}")
        require(e.audience is None or all(is_seat(s, players) for s in e.audience),
                f"{name}: told to {e.audience!r}, not seats of {players}")
        for field in _CARD_FIELDS:
            value = e.get(field)
            if value is None or (field == "towel" and value == ""):
                continue
            known = treasures if field in _TREASURE_FIELDS else cards
            for card in value if isinstance(value, tuple) else (value,):
                require(isinstance(card, str) and card in known,
                        f"{name}: {field} {card!r} is no card of a {players}-player game")


def _events(h: PlayaHand, players: int) -> None:
    """The hand's events: known kinds and cards (``_event_fields``), treasures that are on the beach, and
    burials, looks and captures that agree with it."""
    _event_fields(h.events, players)
    beach = h.beach
    for k, e in enumerate(h.events):
        name = f"event {k + 1} ({e.kind})"
        spot = e.get("spot")
        if spot is not None:
            require(is_int(spot) and 0 <= spot < len(beach), f"{name}: spot {spot!r} is no treasure on the beach")
            treasure = e.get("treasure")
            require(treasure is None or treasure == beach[spot].treasure,
                    f"{name}: treasure {treasure!r} is not the card of treasure #{spot + 1}")
        if e.kind == "buried":
            require(spot is not None and beach[spot].buried_by == e.seat,
                    f"{name}: spot {spot!r} was not buried by seat {e.seat!r}")
        if e.kind == "played":
            target = e.get("target")
            if e.get("what") == "special" and e.get("card") == LIFEGUARD:
                require(is_seat(target, players), f"{name}: the lifeguard's target {target!r} is no seat")
            else:
                lo = 0 if e.get("what") == "towels" else -1
                require(is_int(target) and lo <= target < len(beach),
                        f"{name}: target {target!r} is no treasure on the beach")
        if e.kind == "revealed" and e.get("what") == "beach":
            told = list(e.get("treasures") or ())
            require(told == [sp.treasure for sp in beach[:len(told)]],
                    f"{name}: the treasures revealed are not those of the beach")


def _special_cards(h: PlayaHand, players: int) -> None:
    """V4, V5: each seat ends the draft with exactly one special card, held or played; the kept cards
    are never played (V6); a Lifeguard look was paid for with the Lifeguard (V13)."""
    held = [(c is not None) + sum(1 for s, _ in h.special_played if s == seat) for seat, c in enumerate(h.special_hand)]
    if not h.special:
        return
    for seat, card in h.special_played:
        require(card not in KEPT_SPECIALS, f"player {seat + 1} played {card}, a card kept to the end (V6)")
    if h.phase == DRAFT:
        picked = set(h.drafters[:h.draft_step])
        require(all(held[s] == (1 if s in picked else 0) for s in range(players)),
                f"special cards held {held} in the middle of the draft (V5)")
        require(h.special_discard is None, "a special card set aside before the draft is over (V5)")
    elif h.phase != SEATING:
        require(all(n == 1 for n in held), f"special cards per player {held}: one each after the draft (V5)")
        require(not h.packet and h.special_discard is not None, "the draft is not over (V5)")
    pl = h.pending_lifeguard
    if pl is not None:
        require(h.phase == DRAFT and h.special_hand[pl[0]] == LIFEGUARD and pl[0] != pl[1],
                f"player {pl[0] + 1} waits to use a lifeguard they do not hold (V13)")
    for looker, target, _, seq in h.looks:
        require((looker, LIFEGUARD) in h.special_played and looker != target and 0 <= seq <= h.burials,
                f"player {looker + 1} looked at player {target + 1}'s treasures without the lifeguard (V13)")


# Damaged copies of a save (PlayaRules.corruptions, for the conformance suite) -----------------------
def corruptions(data: JSON) -> Iterator[tuple[str, JSON]]:
    """Damaged copies of a ``PlayaMatch.to_json()`` that loading must refuse, each with a word the refusal
    names: a card of each family removed and one doubled, a card where its family cannot lie, markers on
    no treasure or without their card, seats out of range, events naming an unknown card or treasure."""
    hand = data["hand"]
    players = hand["players"]

    def damaged(change: Any) -> JSON:
        copy = deepcopy(data)
        change(copy["hand"])
        return copy

    # a treasure removed, one doubled (the removed treasures are never empty: R3)
    gone = hand["removed"][0]
    yield gone, damaged(lambda h: h["removed"].remove(gone))
    central = hand["beach"][0]["treasure"]
    yield central, damaged(lambda h: h["removed"].append(central))
    # towels: one taken out of the game, one doubled, one of another colour in a hand
    place = next((("hand", s) for s in range(players) if hand["towels"][s]), None) or \
        next(("pile", i) for i, sp in enumerate(hand["beach"]) if sp["pile"])
    towel = hand["towels"][place[1]][0] if place[0] == "hand" else hand["beach"][place[1]]["pile"][0]

    def towel_list(h: JSON) -> list:
        return h["towels"][place[1]] if place[0] == "hand" else h["beach"][place[1]]["pile"]
    yield towel, damaged(lambda h: towel_list(h).remove(towel))
    yield towel, damaged(lambda h: towel_list(h).append(towel))
    other = (TOWEL_COLOUR[towel] + 1) % players
    yield towel, damaged(lambda h: (towel_list(h).remove(towel), h["towels"][other].append(towel)))
    # pirates: one removed, one doubled
    owner = next((s for s in range(players) if hand["pirates"][s]), None)
    pirate = hand["pirates"][owner][0] if owner is not None else hand["discard"][0]

    def pirate_list(h: JSON) -> list:
        return h["pirates"][owner] if owner is not None else h["discard"]
    yield pirate, damaged(lambda h: pirate_list(h).remove(pirate))
    yield pirate, damaged(lambda h: pirate_list(h).append(pirate))
    # a card where its family cannot lie: a towel among the treasure cards, a pirate in a pile
    yield towel, damaged(lambda h: (towel_list(h).remove(towel), h["treasures"][0].append(towel)))
    yield pirate, damaged(lambda h: (pirate_list(h).remove(pirate), h["beach"][0]["pile"].append(pirate)))
    # markers: a parrot on no treasure, an umbrella whose card is still in hand, a towel group on nothing
    beyond = len(hand["beach"]) + 2
    yield "parrot", damaged(lambda h: h.update(parrot=beyond))
    yield "groups", damaged(lambda h: h.update(groups=[beyond]))
    if owner is not None and any(PIRATE_KIND[c] == "umbrella" for c in hand["pirates"][owner]):
        yield "umbrella", damaged(lambda h: h["beach"][0].update(umbrella=owner))
    # seats out of range
    yield "seat", damaged(lambda h: h.update(current=players + 1))
    yield "turn order", damaged(lambda h: h.update(order=[*h["order"][:-1], players + 3]))
    yield "umbrella", damaged(lambda h: h["beach"][0].update(umbrella=players))
    yield "buried by", damaged(lambda h: h["beach"].append(dict(h["beach"][0], buried_by=players + 2,
                                                                   seq=len(h["beach"]))))
    # events: a deal naming a card that does not exist, a burial on no treasure
    events = hand.get("events") or []
    dealt = next((k for k, e in enumerate(events) if e["kind"] == "dealt" and "cards" in e.get("secret", {})), None)
    if dealt is not None:
        yield "treasure-9-z", damaged(lambda h: h["events"][dealt]["secret"].update(cards=["treasure-9-z"]))
    buried = next((k for k, e in enumerate(events) if e["kind"] == "buried"), None)
    if buried is not None:
        yield "spot", damaged(lambda h: h["events"][buried]["data"].update(spot=beyond))
    # special cards
    if hand["special"]:
        cards = [c for c in hand["special_hand"] if c is not None] + [c for _, c in hand["special_played"]] \
            + hand["packet"] + hand["special_deal_removed"]
        card = cards[0]
        yield card, damaged(lambda h: h["special_deal_removed"].append(card))
        if card in hand["special_deal_removed"]:
            yield card, damaged(lambda h: h["special_deal_removed"].remove(card))
