"""The player's way's drill deals only hands where it sets the split otherwise than the
house way: by the rule drilled, or by any of its rules for the whole way."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from houseway.analysis.exact import PathSampler
from houseway.learning.player_drill import is_player_drill, player_hand_for
from houseway.player_rules import PLAYER_RULE_IDS, WHOLE_WAY
from houseway.strategy import player_way
from houseway.way import house_way


@pytest.fixture(scope="module")
def sampler() -> PathSampler:
    return PathSampler()


@pytest.mark.parametrize("rule", PLAYER_RULE_IDS)
def test_a_rule_of_the_player_way_deals_only_hands_it_changes(
    sampler: PathSampler, rule: str
) -> None:
    rng = random.Random(rule)
    for _ in range(25):
        hand = player_hand_for(rule, sampler.draw, rng)
        mine, house = player_way(hand), house_way(hand)
        assert mine.rule == rule and mine.changed
        assert (mine.five_value, mine.two_value) != (house.five_value, house.two_value)


def test_the_whole_way_deals_every_rule_and_only_changed_hands(sampler: PathSampler) -> None:
    rng = random.Random(2029)
    rules: Counter[str] = Counter()
    for _ in range(400):
        mine = player_way(player_hand_for(WHOLE_WAY, sampler.draw, rng))
        assert mine.changed and mine.rule in PLAYER_RULE_IDS
        rules[mine.rule] += 1
    # By their share of changed hands (the exact solve: two pairs with an ace and ace-high
    # hands most, a straight flush least): the common ones come up, more than the rare one.
    assert rules["pw.high-card.ace"] > rules["pw.straight-flush.better-low"]
    assert len(rules) >= 5


def test_which_drills_are_the_player_ways() -> None:
    assert is_player_drill(WHOLE_WAY) and is_player_drill("pw.straight.pair")
    assert not is_player_drill("two-pairs.split") and not is_player_drill(None)
    with pytest.raises(ValueError, match="not a drill"):
        player_hand_for("two-pairs.split", lambda path, rng: [], random.Random(1))
