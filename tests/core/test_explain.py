"""The house way explained step by step: every branch of spec section 3 on cards where it
matters, the golden set's paths, and ``houseway explain`` on the command line."""

from __future__ import annotations

import json
import random
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from houseway.cards import parse_cards, pretty_card
from houseway.language import Lang
from houseway.learning.explain import Explanation, explain
from houseway.rules import RULES
from tests.conftest import run_cli
from tests.core.test_way import GOLDEN


def _applying(explanation: Explanation) -> list[str]:
    return [step.rule for step in explanation.steps if step.applies]


def _shape(explanation: Explanation) -> None:
    """What holds for every explanation: the path, a last step that decides, the cards
    looked at are the hand's own, and each text says something in each language."""
    assert tuple(_applying(explanation)) == explanation.decision.path == explanation.path
    assert explanation.steps[-1].applies
    for step in explanation.steps:
        assert set(step.cards) <= set(explanation.decision.hand), step
        assert step.cards, step
        assert step.sv and step.en and step.sv != step.en
        assert "{" not in step.sv + step.en
        assert step.rule in RULES


@pytest.mark.parametrize(("hand", "five", "two", "path"), GOLDEN)
def test_the_steps_path_is_each_golden_cases_path(
    hand: str, five: str, two: str, path: str
) -> None:
    explanation = explain(hand)
    _shape(explanation)
    assert ",".join(explanation.path) == path


def test_every_rule_decides_some_explained_golden_case() -> None:
    decided = {rule for hand, *_ in GOLDEN for rule in explain(hand).path}
    assert decided == set(RULES)


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.integers(0, 52), min_size=7, max_size=7, unique=True))
def test_any_hand_is_explained_along_its_path(hand: list[int]) -> None:
    _shape(explain(hand))


def _steps(hand: str) -> list[tuple[str, bool]]:
    return [(step.rule, step.applies) for step in explain(hand).steps]


def _text(hand: str, lang: Lang) -> str:
    return explain(hand).text(lang)


def test_two_pairs_an_ace_with_a_ten_is_not_ace_and_jack() -> None:
    """The member's own case: A-10 beside two pairs is not "ace and jack or better"."""
    hand = "Ad Td 9h 9c 8s 8h 2d"
    assert _steps(hand) == [("two-pairs.ace-jack", False), ("two-pairs.split", True)]
    exception, split = explain(hand).steps
    assert "A♦ 10♦" in exception.en and "below a jack" in exception.en
    assert "A♦ 10♦" in exception.sv and "lägre än knekt" in exception.sv
    assert "8♠ 8♥" in split.en and "lower pair" in split.en
    assert "8♠ 8♥" in split.sv and "lägre paret" in split.sv
    assert set(split.cards) == {*explain(hand).decision.two, *parse_cards("9h 9c", 2)}


def test_two_pairs_without_an_ace_says_so_and_with_ace_jack_keeps_both() -> None:
    assert "no ace" in explain("Ks Kh 7d 7c Qd Jc 3h").steps[0].en
    assert "inget ess" in explain("Ks Kh 7d 7c Qd Jc 3h").steps[0].sv
    kept = explain("Ks Kh 7d 7c Ad Jc 3h")
    assert _steps("Ks Kh 7d 7c Ad Jc 3h") == [("two-pairs.ace-jack", True)]
    assert "A♦ J♣" in kept.steps[0].en and "both pairs stay" in kept.steps[0].en
    with_joker = explain("Ks Kh 7d 7c JK Qc 3h")
    assert with_joker.path == ("two-pairs.ace-jack",)
    assert "joker counts as an ace" in with_joker.steps[0].en


@pytest.mark.parametrize(
    ("hand", "rule", "kept", "single"),
    [
        ("8s 8h 8d 8c Kd 5c 2h", "four-of-a-kind.7-10", True, "K♦"),
        ("8s 8h 8d 8c Qd 5c 2h", "four-of-a-kind.7-10", False, "Q♦"),
        ("Qs Qh Qd Qc JK 5d 2c", "four-of-a-kind.j-k", True, "🃏"),
        ("Qs Qh Qd Qc Kd 5d 2c", "four-of-a-kind.j-k", False, "K♦"),
    ],
)
def test_four_of_a_kind_names_its_band_and_the_single_that_decides(
    hand: str, rule: str, kept: bool, single: str
) -> None:
    [step] = explain(hand).steps
    assert step.rule == rule and single in step.en and single in step.sv
    assert ("stays" in step.en) is kept and ("is split" in step.en) is not kept
    assert ("behålls" in step.sv) is kept and ("delas:" in step.sv) is not kept
    band_en, band_sv = (
        ("7s to 10s", "7:or till 10:or")
        if "7-10" in rule
        else (
            "jacks to kings",
            "knektar till kungar",
        )
    )
    assert band_en in step.en and band_sv in step.sv


def test_fours_of_low_ranks_and_of_aces_and_with_another_pair() -> None:
    low = explain("3h 3c 3d 3s 4h 5h Kc")
    assert low.path == ("four-of-a-kind.2-6",) and "K♣ 5♥" in low.steps[0].en
    aces = explain("As Ah JK Ac Kd 5c 2h")
    assert aces.path == ("four-of-a-kind.aces",)
    assert "joker counts as an ace" in aces.steps[0].en and "två par ess" in aces.steps[0].sv
    extra = explain("As Ah Ad Ac Kd Ks 2c")
    assert extra.path == ("four-of-a-kind.extra-pair",) and "K♠ K♦" in extra.steps[0].en


def test_a_straight_with_the_joker_says_which_card_it_stands_for() -> None:
    wheel = explain("2c 3d 4h 5s JK 9c Kd")
    assert wheel.path == ("flush-straight.keep",)
    assert "joker stands for the ace" in wheel.text() and "jokern står för esset" in wheel.text(
        Lang.SV
    )
    middle = explain("9c Td JK Qs Kh 3d 2c")
    assert "joker stands for the jack" in middle.text()
    assert "jokern står för knekten" in middle.text(Lang.SV)


def test_a_flush_with_the_joker_says_which_card_it_stands_for() -> None:
    explanation = explain("Ah 9h 7h 4h JK 2c 3d")  # the suit's ace is there: the joker is K♥
    assert explanation.path == ("flush-straight.keep",)
    assert "king of hearts" in explanation.text() and "hjärter kung" in explanation.text(Lang.SV)


def test_one_pair_beside_a_straight_moves_only_when_a_straight_stays() -> None:
    moved = explain("4c 5h 6h 7h 8h 9h 9c")
    assert moved.path == ("straight-flush.pair-moved",)
    assert "9♥ 9♣" in moved.steps[0].en and "leaves a straight" in moved.steps[0].en
    stays = explain("9h Th Jh Qh Kh 9s 4c")
    assert _steps("9h Th Jh Qh Kh 9s 4c") == [
        ("straight-flush.pair-moved", False),
        ("straight-flush.keep", True),
    ]
    assert "neither a straight nor a flush" in stays.steps[0].en
    assert "varken stege eller färg" in stays.steps[0].sv
    assert "K♥ Q♥ J♥ 10♥ 9♥" in stays.steps[1].en


def test_two_pairs_beside_a_flush_hand_over_to_the_two_pair_rule() -> None:
    explanation = explain("2h 5h 8h Jh Kh Ks 8c")
    assert _steps("2h 5h 8h Jh Kh Ks 8c") == [
        ("flush-straight.two-pairs", True),
        ("two-pairs.ace-jack", False),
        ("two-pairs.split", True),
    ]
    assert "two pairs" in explanation.steps[0].en and "flush" in explanation.steps[0].en
    assert "två par" in explanation.steps[0].sv


def test_a_flush_passed_over_for_a_full_house_is_said_before_it() -> None:
    hand = "Ah Ad JK Kh Ks 7h 4h"  # A A and the joker, K K; the joker completes a heart flush
    explanation = explain(hand)
    assert explanation.path == ("full-house",)
    assert _steps(hand) == [("flush-straight.keep", False), ("full-house", True)]
    assert "full house comes before" in explanation.steps[0].en
    assert "kåk kommer före" in explanation.steps[0].sv


def test_which_of_equal_aces_go_low_is_said_where_it_keeps_a_flush() -> None:
    explanation = explain("Ad 6h Ah Ac JK 5h 7h")
    assert explanation.path == ("four-of-a-kind.aces",)
    low = " ".join(pretty_card(c) for c in explanation.decision.two)
    assert low == "A♦ A♣"
    assert f"Of the aces, {low} go to the two-card hand" in explanation.text()
    assert "A♥ 🃏 stay: that keeps a flush" in explanation.text()
    assert f"Av essen går {low} till tvåkortshanden" in explanation.text(Lang.SV)
    assert "blir en färg kvar" in explanation.text(Lang.SV)


@pytest.mark.parametrize(
    ("hand", "rule", "says_en", "says_sv"),
    [
        ("As Ah Ad Ac JK 7s 2d", "five-aces", "Two of them, A♠ A♥", "Två av dem, A♠ A♥"),
        ("Ks Kh Kd 5c 5d 8h 2s", "full-house", "5♦ 5♣", "paret går till tvåkortshanden"),
        ("Ks Kh Kd 5c 5d 3h 3s", "full-house.two-pairs", "higher pair, 5♦ 5♣", "högre paret"),
        ("Ks Kh Kd 5c 5d 5h 2s", "full-house.two-trips", "K♠ K♥", "högre trissen"),
        ("Ah Ad JK 9c 7s 4d 2c", "three-of-a-kind.aces", "A♥ 9♣", "tre ess"),
        ("7h 7d 7c Kc 9s 4d 2c", "three-of-a-kind", "K♣ 9♠", "Trissen stannar"),
        ("9s 9h 5d 5c 2h 2d Ac", "three-pairs", "highest pair, 9♠ 9♥", "högsta paret"),
        ("Qs Qh 9c 7s 5d 3c 2h", "one-pair", "9♣ 7♠", "Paret stannar"),
        ("JK Kd Qs 9c 7h 5d 3s", "high-card", "K♦ Q♠", "näst högsta"),
    ],
)
def test_each_other_heading_names_its_cards(
    hand: str, rule: str, says_en: str, says_sv: str
) -> None:
    explanation = explain(hand)
    assert explanation.path == (rule,)
    assert says_en in explanation.text() and says_sv.lower() in explanation.text(Lang.SV).lower()


def test_cli_explains_in_either_language() -> None:
    english = run_cli("explain", "Ad Td 9h 9c 8s 8h 2d")
    swedish = run_cli("explain", "--lang", "sv", "Ad Td 9h 9c 8s 8h 2d")
    assert english.returncode == swedish.returncode == 0, english.stderr + swedish.stderr
    assert "below a jack" in english.stdout and "Steps:" in english.stdout
    assert "lägre än knekt" in swedish.stdout and "Steg:" in swedish.stdout
    assert RULES["two-pairs.split"].swedish in swedish.stdout  # the rule stays quoted


def test_cli_explain_json_is_the_decision_with_its_steps() -> None:
    done = run_cli("explain", "--json", "Ad Td 9h 9c 8s 8h 2d")
    plain = run_cli("--json", "Ad Td 9h 9c 8s 8h 2d")
    answer, decision = json.loads(done.stdout), json.loads(plain.stdout)
    steps = answer.pop("steps")
    assert answer == decision
    assert [s["rule"] for s in steps if s["applies"]] == decision["path"]
    assert all(set(s) == {"rule", "applies", "cards", "sv", "en"} for s in steps)
    assert set(steps[0]["cards"]) <= set(decision["hand"])


def test_cli_explain_reads_one_hand_a_line() -> None:
    done = run_cli(
        "explain", "--json", "-", stdin="Ad Td 9h 9c 8s 8h 2d\nnot a hand\n2c 3d 4h 5s JK 9c Kd\n"
    )
    first, bad, last = (json.loads(line) for line in done.stdout.splitlines())
    assert first["path"] == ["two-pairs.split"] and len(first["steps"]) == 2
    assert bad["error"]["code"] == "unknown_token"
    assert [s["rule"] for s in last["steps"]] == ["flush-straight.keep"]
    assert done.returncode == 1


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 52), min_size=7, max_size=7, unique=True), st.randoms())
def test_the_steps_do_not_depend_on_the_order_the_cards_come_in(
    hand: list[int], rng: random.Random
) -> None:
    """Which of two equal cards a step names (the ten in a straight beside a pair of tens)
    is the same however the hand is typed: the bot explains the hand as dealt, a member
    may type it back in any order."""
    shuffled = list(hand)
    rng.shuffle(shuffled)
    said = [(s.sv, s.en) for s in explain(hand).steps]
    assert [(s.sv, s.en) for s in explain(shuffled).steps] == said


def test_a_straight_beside_a_pair_of_tens_names_the_same_ten_in_any_order() -> None:
    """The hand that showed it (a deal's explanation named 10♥ in the straight, the same hand
    typed back named 10♣): every one of its 5,040 orders is explained alike."""
    hand = parse_cards("Ah JK Th Tc 9s 8s 6c")
    said = {tuple(s.en for s in explain(list(order)).steps) for order in permutations(hand)}
    assert len(said) == 1
