"""One procedure, one trace (issue 28): the house way's record is the decision it took,
explanations only say it, and the hot path records nothing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from houseway import procedure
from houseway.analysis.exact import PathSampler
from houseway.cards import parse_cards, parse_hand
from houseway.learning.explain import explain, say
from houseway.learning.explain.mistakes import where_wrong
from houseway.rules import RULE_IDS
from houseway.way import clear_cache, decide, house_way, house_way_traced
from tests.core.test_properties import relabel, suit_maps

hands = st.lists(st.integers(0, 52), min_size=7, max_size=7, unique=True)


@pytest.fixture(scope="module")
def by_path() -> dict[str, list[tuple[int, ...]]]:
    """Hands drawn for every path of the census (every rule id decides some of them)."""
    sampler, rng = PathSampler(), random.Random(28)
    return {path: [tuple(sampler.draw(path, rng)) for _ in range(12)] for path in sampler.paths}


@settings(max_examples=600, deadline=None)
@given(hands, suit_maps)
def test_the_traced_decision_is_the_house_way(hand: list[int], suits: list[int]) -> None:
    """Whatever the memo holds (here: a template from another hand), the traced run of the
    procedure gives house_way's decision, card for card."""
    clear_cache()
    house_way([relabel(c, suits) for c in hand])
    trace = house_way_traced(hand)
    assert trace.decision == house_way(hand)
    assert trace.path == trace.decision.path
    assert trace.deciding.rule == trace.decision.rule
    for step in trace.steps:
        assert set(step.cards) <= set(hand), step


def test_every_rule_ids_explanation_is_decided_by_that_rule(
    by_path: dict[str, list[tuple[int, ...]]],
) -> None:
    """For every path (so every rule id), the explanation's steps are the record's steps
    and its decisive step names the decision's rule."""
    seen = set()
    for path, drawn in by_path.items():
        for hand in drawn:
            explanation = explain(hand)
            trace = explanation.trace
            assert ",".join(explanation.decision.path) == path
            decisive = [step for step in explanation.steps if step.applies][-1]
            assert decisive.rule == explanation.decision.rule == trace.deciding.rule
            said = [(s.rule, s.applies, s.cards) for s in explanation.steps]
            assert said == [(s.rule, s.applies, s.cards) for s in trace.steps]
            assert say(trace) == explanation
            seen.update(explanation.path)
    assert seen == set(RULE_IDS)


def test_a_rule_changed_in_the_procedure_changes_its_explanation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two pairs with an ace and a queen keep both pairs (ace and jack or better). Make the
    exception ask for a king, in the procedure alone: the decision and its explanation
    both follow, and the explanation says why from the changed record."""
    hand = parse_hand("8s 8h 4d 4c As Qd 2c")
    clear_cache()
    before = explain(hand)
    assert before.decision.rule == "two-pairs.ace-jack"
    assert "at least an ace and a jack" in before.text()
    monkeypatch.setattr(procedure, "JACK", procedure.KING)
    clear_cache()
    try:
        after = explain(hand)
        assert house_way(hand).rule == after.decision.rule == "two-pairs.split"
        assert [s.rule for s in after.steps] == ["two-pairs.ace-jack", "two-pairs.split"]
        assert not after.steps[0].applies
        assert "A♠ Q♦ — an ace, but queen is below a jack" in after.text()
        assert "So the lower pair, 4♦ 4♣, goes to the two-card hand" in after.text()
        assert where_wrong(after, parse_cards("As Qd", count=2)).rule == "two-pairs.ace-jack"
    finally:
        monkeypatch.undo()
        clear_cache()


def test_the_hot_path_records_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """house_way (census, simulate, the solve) decides cold without building a step."""

    def no_steps(*args: object, **kwargs: object) -> None:
        raise AssertionError("the hot path built a step")

    monkeypatch.setattr(procedure, "Step", no_steps)
    clear_cache()
    rng = random.Random(1)
    try:
        for _ in range(3000):
            hand = rng.sample(range(53), 7)
            decision = house_way(hand)
            assert decide(sorted(hand, reverse=True))[1] == decision.path
        with pytest.raises(AssertionError, match="built a step"):
            house_way_traced(rng.sample(range(53), 7))
    finally:
        monkeypatch.undo()
        clear_cache()


@settings(max_examples=300, deadline=None)
@given(hands)
def test_recording_does_not_change_the_decision(hand: list[int]) -> None:
    steps: list[procedure.Step] = []
    assert decide(hand, steps) == decide(hand)
    assert steps and steps[-1].applies
