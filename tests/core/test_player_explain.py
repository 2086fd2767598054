"""The player's way said on a hand's own cards: the rule that changed the split, from the
record that rule made (houseway.strategy.PlayerStep), in Swedish and English."""

from __future__ import annotations

import random

import pytest

from houseway.cards import DECK, pretty_card
from houseway.learning.explain.player import explain_player
from houseway.strategy import PLAYER_RULE_IDS, player_way
from tests.core.test_strategy import CHANGED, KEPT


def shown(cards: tuple[int, ...]) -> str:
    return " ".join(pretty_card(c) for c in cards)


@pytest.mark.parametrize(("rule", "hand"), [(r, h) for r, hs in CHANGED.items() for h in hs])
def test_the_rule_that_changed_the_split_is_said_with_the_cards_that_decide(
    rule: str, hand: str
) -> None:
    decision = player_way(hand)
    said = explain_player(decision)
    assert said is not None and said.rule == rule
    assert said.sv != said.en
    for text in (said.sv, said.en):
        assert all(pretty_card(card) in text for card in decision.two)  # the hand it sets
        assert decision.step is not None
        for group in decision.step.groups:  # the pairs or trips it weighed
            assert shown(group) in text
        assert max(len(sentence) for sentence in text.split(". ")) <= 250


def test_each_rule_is_said_in_its_own_terms() -> None:
    """What decides, in words: the band of the pairs, the king, the straight dropped."""
    said = {rule: explain_player(player_way(hands[0])) for rule, hands in CHANGED.items()}
    assert said["pw.two-pairs.ace-together"] is not None
    assert "nior eller lägre" in said["pw.two-pairs.ace-together"].sv
    assert "nines or lower" in said["pw.two-pairs.ace-together"].en
    assert said["pw.two-pairs.ace-split"] is not None
    assert "ace-jack could go" in said["pw.two-pairs.ace-split"].en
    assert said["pw.straight.pair"] is not None
    assert "släpps stegen" in said["pw.straight.pair"].sv
    assert said["pw.three-of-a-kind.kings"] is not None
    assert "third king" in said["pw.three-of-a-kind.kings"].en
    tens = explain_player(player_way("Ts Td 5h 5c As 8d 4c"))
    assert tens is not None and "tior med femmor eller lägre" in tens.sv


def test_the_joker_is_said_as_the_ace_it_counts_as() -> None:
    said = explain_player(player_way("Js Jd 4h 4c JK 8d 3c"))
    assert said is not None and said.rule == "pw.two-pairs.ace-together"
    assert "🃏 (jokern räknas som ess)" in said.sv
    assert "🃏 (the joker counts as an ace)" in said.en


@pytest.mark.parametrize("hand", KEPT)
def test_nothing_of_its_own_where_the_house_way_stands(hand: str) -> None:
    assert explain_player(player_way(hand)) is None


def test_random_hands_every_change_is_said() -> None:
    rng = random.Random(29)
    seen = set()
    for _ in range(20_000):
        decision = player_way(tuple(rng.sample(DECK, 7)))
        said = explain_player(decision)
        assert (said is not None) == decision.changed
        if said is not None:
            assert said.rule == decision.rule in PLAYER_RULE_IDS
            for card in decision.two:
                assert pretty_card(card) in said.sv and pretty_card(card) in said.en
            seen.add(said.rule)
    assert len(seen) >= 5
