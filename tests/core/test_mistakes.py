"""Where a learner went wrong: a wrong split named in the terms of the step that decides,
and a wrongly named rule told why it does not decide, on the hand's own cards."""

from __future__ import annotations

import re
from itertools import combinations

import pytest

from houseway.cards import parse_cards
from houseway.hands import five_value, two_value
from houseway.learning.explain import explain
from houseway.learning.explain.mistakes import HEADINGS, where_wrong, why_not
from houseway.rules import RULES, heading_of
from tests.core.test_way import GOLDEN


def _wrong(hand: str, two: str) -> tuple[str, str, str]:
    said = where_wrong(explain(hand), parse_cards(two, 2))
    return said.rule, said.sv, said.en


def test_keeping_both_pairs_beside_an_ace_and_a_ten() -> None:
    """The member's own case from the issue."""
    rule, sv, en = _wrong("Ad Td 9h 9c 8s 8h 2d", "Ad Td")
    assert rule == "two-pairs.ace-jack"
    assert en.startswith("You kept both pairs.")
    assert "ace and a jack or better" in en and "A♦ 10♦" in en and "below a jack" in en
    assert sv.startswith("Du behöll båda paren.") and "lägre än knekt" in sv
    assert "8♠ 8♥" in en  # and what the house does instead


@pytest.mark.parametrize(
    ("hand", "two", "says_en", "says_sv"),
    [
        ("Ks Kh 7d 7c Ad Jc 3h", "7d 7c", "You put the pair 7♦ 7♣", "Du lade paret 7♦ 7♣"),
        ("Ks Kh 7d 7c Ad 9c 3h", "Ks Kh", "higher pair, K♠ K♥", "högre paret, K♠ K♥"),
        ("Qs Qh 9c 7s 5d 3c 2h", "7s 5d", "the house's 9♣ 7♠ is a better", "husets 9♣ 7♠"),
        ("4c 5h 6h 7h 8h 9h 9c", "4c 5h", "You kept the pair 9♥ 9♣", "Du behöll paret 9♥ 9♣"),
        ("Ks Kh Kd 5c 5d 8h 2s", "Ks 8h", "You broke up K♠ K♥ K♦", "Du bröt upp K♠ K♥ K♦"),
        ("Qs Qh 9c 7s 5d 3c 2h", "Qs Qh", "the split fouls", "fellagd"),
        ("9h Th Jh Qh Kh Ks 4c", "Kh 4c", "no longer a straight flush", "inte längre en färgstege"),
    ],
)
def test_a_wrong_split_is_named_in_the_steps_terms(
    hand: str, two: str, says_en: str, says_sv: str
) -> None:
    _, sv, en = _wrong(hand, two)
    assert says_en in en and says_sv in sv
    assert explain(hand).steps[-1].en in en  # then what the house does, on these cards


def test_every_wrong_split_of_every_golden_hand_gets_words() -> None:
    for hand, *_ in GOLDEN[::9]:
        explanation = explain(hand)
        cards, decision = explanation.decision.hand, explanation.decision
        for low in combinations(cards, 2):
            five = [c for c in cards if c not in low]
            if (five_value(five), two_value(low)) == (decision.five_value, decision.two_value):
                continue
            said = where_wrong(explanation, low)
            assert said.sv and said.en and said.sv != said.en and said.rule in RULES
            assert "{" not in said.sv + said.en


def test_three_pairs_named_for_two_pairs() -> None:
    said = why_not("three-pairs", explain("Ad Td 9h 9c 8s 8h 2d"))
    assert "needs three pairs; this hand has two pairs: 9♥ 9♣ and 8♠ 8♥" in said.en
    assert "kräver tre par; den här handen har två par: 9♥ 9♣ och 8♠ 8♥" in said.sv


def test_a_rule_whose_hand_is_there_but_comes_later_says_what_comes_first() -> None:
    said = why_not("three-of-a-kind", explain("7h 7d 7c 8s 9s Ts Js"))  # a straight too
    assert "comes first" in said.en and "Flush or straight" in said.en
    assert "kommer före" in said.sv


def test_the_other_branch_of_the_same_heading_shows_the_deciding_step() -> None:
    said = why_not("two-pairs.ace-jack", explain("Ad Td 9h 9c 8s 8h 2d"))
    assert said.en.startswith("Here “Two pairs split” decides")
    assert "below a jack" in said.en and "lägre än knekt" in said.sv


def test_the_rule_that_decides_is_not_told_it_does_not() -> None:
    said = why_not("two-pairs.split", explain("Ad Td 9h 9c 8s 8h 2d"))
    assert "does decide" in said.en and "avgör den här handen" in said.sv


@pytest.mark.parametrize("rule", sorted(RULES))
def test_every_rule_named_wrongly_on_a_golden_hand_gets_a_reason(rule: str) -> None:
    for hand, *_, path in GOLDEN[::5]:
        if rule in path.split(","):
            continue
        said = why_not(rule, explain(hand))
        assert said.sv and said.en and "{" not in said.sv + said.en
        assert "does decide" not in said.en


def test_every_rule_id_belongs_to_a_heading_in_order() -> None:
    assert {heading_of(rule) for rule in RULES} == set(HEADINGS)


def test_the_english_says_two_card_hand_and_apply_not_low_and_hold() -> None:
    """#29 §4: "You played 7♦ low", "the exception does not hold" read as jargon; the
    English says "in the two-card hand" and "does not apply", as the Swedish does."""
    for hand, *_ in GOLDEN[::3]:
        explanation = explain(hand)
        cards = explanation.decision.hand
        said = [step.en for step in explanation.steps]
        for low in combinations(cards, 2):
            five = [c for c in cards if c not in low]
            if (five_value(five), two_value(low)) != (
                explanation.decision.five_value,
                explanation.decision.two_value,
            ):
                said.append(where_wrong(explanation, low).en)
        for text in said:
            assert not re.search(r"\bplay(?:s|ed)\b[^.:]*\blow\b", text), text
            assert "does not hold" not in text, text
