"""What every table's drag-and-drop must hold (issue 15, "every refusal says why"): a target lights up only
when the drop plays a legal action, and a refused drop says why in the rule's own words — never a generic
"that cannot go there".

``check_drops(scene)`` probes every (payload, target) pair the scene offers now (``scene.drop_probes()``,
default: every draggable of its controller on every target) and checks, for each:

- the target's ``accepts`` (what the controller lights and lets through) is the scene's ``drop_verdict``;
- lit (True): ``drop_action`` gives an action the engine accepts (``State.check``);
- refused: a ``Text`` reason in both catalogs, not one of the generic ones, and no action the drop means
  is legal.

It returns how many pairs lit and how many were refused (with the reasons' keys), for the tests to require
that both kinds were seen.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from game.core.protocol import Text
from game.ui.dragdrop import verdict

#: reasons that name no rule: a refusal must never be one of these
GENERIC = frozenset({"ui.drag.not_here", "pp.ui.not_there", "table.wait"})


def probes(scene: Any) -> list[tuple[Any, Any]]:
    fn = getattr(scene, "drop_probes", None)
    if fn is not None:
        return list(fn())
    drag = scene.drag
    return [(drag.payload_of(s), t) for s in drag.draggables for t in drag.targets]


def check_drops(scene: Any) -> tuple[int, Counter]:
    from game.i18n import has_key
    lit, refused = 0, Counter()
    for payload, target in probes(scene):
        want = scene.drop_verdict(payload, target)
        legal, reason = verdict(target, payload)
        where = f"{payload!r} on {getattr(target, 'data', target)!r}"
        assert legal == (want is True), f"{where}: the target says {legal}, the table {want!r}"
        action = scene.drop_action(payload, target)
        if want is True:
            assert action is not None and scene.state.check(action) is None, f"{where}: lit, but no legal action"
            lit += 1
            continue
        assert isinstance(want, Text) and reason == want, f"{where}: refused without the engine's reason ({want!r})"
        assert want.key not in GENERIC, f"{where}: refused with a generic reason {want.key!r}"
        assert has_key(want.key, "en") and has_key(want.key, "it"), f"{where}: {want.key!r} is not in both catalogs"
        assert action is None, f"{where}: refused, but {action!r} is legal"
        refused[want.key] += 1
    return lit, refused


def play_at_random(scene: Any, rng: Any) -> Any:
    """One move of a random hot-seat game: mostly (7 in 10) a drop the table lights, else any legal action;
    played through the table, its clips skipped. Returns the action."""
    state = scene.state
    legal = state.legal_actions(state.current_player)
    lit = [(p, t) for p, t in scene.drop_probes() if scene.drop_verdict(p, t) is True]
    action = scene.drop_action(*rng.choice(lit)) if lit and rng.random() < 0.7 else rng.choice(legal)
    assert scene.try_action(action) is None, action
    scene.timeline.skip(lingering=False)
    return action
