"""Playa Pirata: is this a position of the game? (``PlayaRules.validate_state``, for every loaded save).

Checks what a hand-edited or damaged snapshot can get wrong and what would break the table or the bots:
seats, the turn order and the player to act in range; every card id known and each card of the deal
exactly once (the conservation rule: R1-R3 treasures, towels and pirates of the seats in play, V4 the
special cards); each card where its family may lie; fields of the right types. Raises ValueError with a
reason (English, for the log).
"""
from __future__ import annotations

from typing import Any, Mapping

from game.core.protocol import LogEntry, Result, is_int, is_seat, require
from game.games.playa_pirata.cards import (ALL_PIRATES, ALL_TOWELS, SPECIAL_IDS, TREASURE_IDS,
                                           TREASURES_PER_PLAYER, pirate_ids, rounds_in_hand, towel_ids)
from game.games.playa_pirata.rules import (DRAFT, FINAL, OVER, ROUND, SEATING, STEP_A, STEP_B, STEP_END,
                                           PlayaHand, PlayaMatch, PlayaRules)

PHASES = (SEATING, DRAFT, ROUND, FINAL, OVER)
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
    require(all(isinstance(e, LogEntry) for e in match.past_log), "a log line of a past hand")
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
    for seat in range(players):
        require(set(h.towels[seat]) <= set(towel_ids(seat)), f"player {seat + 1} holds towels of another colour")
        require(set(h.pirates[seat]) <= set(pirate_ids(seat)), f"player {seat + 1} holds pirates of another colour")
    require(set(h.discard) <= set(ALL_PIRATES), "a card that is no pirate among the played pirates")
    require(isinstance(h.beach, list) and h.beach, "the beach has no central treasure")
    for index, spot in enumerate(h.beach):
        where = f"treasure #{index + 1}"
        require(isinstance(spot.treasure, str) and _str_list(spot.pile), f"{where}: cards of the wrong type")
        require(set(spot.pile) <= set(ALL_TOWELS), f"{where}: a card that is no towel in its pile")
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
    # conservation: every card of the deal exactly once (R1-R3, V4)
    cards = h.all_cards()
    require(cards["treasures"] == sorted(TREASURE_IDS), "the treasure cards are not each there exactly once")
    require(cards["towels"] == sorted(c for seat in range(players) for c in towel_ids(seat)),
            "the towel cards are not each there exactly once")
    require(cards["pirates"] == sorted(c for seat in range(players) for c in pirate_ids(seat)),
            "the pirate cards are not each there exactly once")
    require(cards["specials"] == (sorted(SPECIAL_IDS) if h.special else []),
            "the special cards are not each there exactly once")
    # the log and the scores
    require(isinstance(h.entries, list) and all(
        isinstance(e, tuple) and len(e) == 2 and (e[0] is None or is_seat(e[0], players)) and isinstance(e[1], LogEntry)
        for e in h.entries), "the log")
    if h.phase == OVER:
        require(isinstance(h.scores, list) and len(h.scores) == players and all(is_int(x) for x in h.scores),
                "a finished hand without one score per player")
    else:
        require(h.scores is None, "scores before the hand is over")
