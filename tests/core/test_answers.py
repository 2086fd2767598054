"""What an answer is, once: read from a menu's values, checked, stored and judged."""

from __future__ import annotations

import pytest

from houseway import house_way, parse_hand
from houseway.cards import parse_cards
from houseway.learning.answers import MODES, Answer, AnswerError, judge, mode_of, parse_answer

HAND = parse_hand("Ks Kh 7d 7c Ad Tc 3h")  # two pairs, A-10 beside them: the low pair goes
OFFERED = ("two-pairs.split", "two-pairs.ace-jack", "one-pair", "three-pairs")


def test_the_two_modes_and_anything_else() -> None:
    assert MODES == ("set", "rule")
    assert mode_of("rule") == "rule" and mode_of("set") == "set" and mode_of("quiz") == "set"


@pytest.mark.parametrize(
    "values",
    [["7d"], ["7d", "7d"], ["7d", "2c"], ["7d", "7c", "Ad"], ["7d", "JK"], [], ["", "7c"]],
)
def test_values_no_menu_sends_are_refused(values: list[str]) -> None:
    with pytest.raises(AnswerError) as refused:
        parse_answer("set", values, HAND, ())
    assert refused.value.code == "cards"


@pytest.mark.parametrize("values", [["full-house"], [], ["one-pair", "three-pairs"], ["x"]])
def test_a_rule_not_offered_is_refused(values: list[str]) -> None:
    with pytest.raises(AnswerError) as refused:
        parse_answer("rule", values, HAND, OFFERED)
    assert refused.value.code == "rule"


def test_one_stored_form_whatever_the_order_picked() -> None:
    first = parse_answer("set", ["7c", "7d"], HAND, ())
    second = parse_answer("set", ["7d", "7c"], HAND, ())
    assert first == second and first.stored() == "7d 7c"
    assert Answer.from_stored("set", "7c 7d") == first  # an older row, in the order picked
    assert Answer.from_stored("set", first.stored()) == first
    named = parse_answer("rule", ["one-pair"], HAND, OFFERED)
    assert named.stored() == "one-pair" and Answer.from_stored("rule", "one-pair") == named


def test_the_house_way_is_right_and_another_split_is_not() -> None:
    decision = house_way(HAND)
    right = judge(parse_answer("set", ["7d", "7c"], HAND, ()), decision)
    assert right.correct and not right.foul
    wrong = judge(parse_answer("set", ["Ad", "Tc"], HAND, ()), decision)
    assert not wrong.correct and not wrong.foul
    assert set(wrong.five) == set(parse_cards("Ks Kh 7d 7c 3h", 5))
    foul = judge(parse_answer("set", ["Ks", "Kh"], HAND, ()), decision)
    assert foul.foul and not foul.correct


def test_equal_value_is_right_whichever_equal_cards_go() -> None:
    hand = parse_hand("9s 9h 5d 5c 2h 2d Ac")  # three pairs: the highest pair goes low
    decision = house_way(hand)
    assert judge(parse_answer("set", ["9h", "9s"], hand, ()), decision).correct


def test_naming_the_rule_is_right_only_for_the_rule_that_decides() -> None:
    decision = house_way(HAND)
    assert judge(parse_answer("rule", ["two-pairs.split"], HAND, OFFERED), decision).correct
    assert not judge(parse_answer("rule", ["one-pair"], HAND, OFFERED), decision).correct


def test_a_stored_row_that_was_never_an_answer_is_wrong_not_an_error() -> None:
    decision = house_way(HAND)
    for text in ("", "As", "Qs Qh", "not cards"):
        assert not judge(Answer.from_stored("set", text), decision).correct
