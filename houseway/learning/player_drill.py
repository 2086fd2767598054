"""The player's way's drill: hands where it sets the split otherwise than the house way.

A drill of one of its rules deals hands that rule changes; a drill of the whole way
(:data:`houseway.player_rules.WHOLE_WAY`) deals hands any of them changes. A hand is drawn
uniformly from the house-way paths the rules refine (a path by its share of all hands,
then a hand of it: :class:`houseway.analysis.exact.PathSampler`'s draw, passed in), and
kept only when the player's way changes it by the rule drilled. That is rejection: every
hand it can deal is equally likely, and the rarest rule (two low pairs beside a king) is
found in about 40 draws, a few milliseconds.
"""

from __future__ import annotations

import random
from typing import Final

from houseway.cards import Card
from houseway.learning.practice import Draw, path_counts
from houseway.player_rules import PLAYER_RULE_IDS, WHOLE_WAY, player_rule
from houseway.strategy import player_way

#: Draws before giving up: the rarest rule is kept in about one draw in 40, so this many
#: fail together with a probability below 10⁻¹⁰⁰.
MOST_DRAWS: Final = 10_000


def is_player_drill(drill: str | None) -> bool:
    """Whether a drill is the player's way's (a rule of it, or the whole way)."""
    return drill == WHOLE_WAY or player_rule(drill) is not None


def drilled_rules(drill: str) -> tuple[str, ...]:
    """The rules of the player's way a drill deals hands of."""
    return PLAYER_RULE_IDS if drill == WHOLE_WAY else (drill,)


def player_hand_for(drill: str, draw: Draw, rng: random.Random) -> tuple[Card, ...]:
    """A uniformly random hand that a rule of the drill changes (the player's way sets it
    otherwise than the house way, by that rule)."""
    rules = drilled_rules(drill)
    refined = set()
    for rule_id in rules:
        rule = player_rule(rule_id)
        if rule is None:
            raise ValueError(f"{drill!r} is not a drill of the player's way")
        refined.add(rule.refines)
    candidates = [
        (path, count) for path, count in path_counts().items() if path.split(",")[-1] in refined
    ]
    paths = [path for path, _count in candidates]
    weights = [count for _path, count in candidates]
    for _ in range(MOST_DRAWS):
        hand = tuple(draw(rng.choices(paths, weights=weights)[0], rng))
        decision = player_way(hand)
        if decision.changed and decision.rule in rules:
            return hand
    raise LookupError(f"no hand of {drill!r} in {MOST_DRAWS} draws")
