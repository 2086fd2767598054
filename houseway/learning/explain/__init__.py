"""Why the house sets a hand the way it does, step by step, on the hand's own cards.

:func:`explain` runs the house way once with its record (:func:`houseway.way.house_way_traced`)
and says each recorded step in Swedish and English: every heading that decides, and the
ones a learner would expect to decide but that do not (a pair that cannot move, an ace
beside two pairs with no jack, a straight that four of a kind comes before). Nothing
here decides: the facts are the procedure's, so a change to a rule changes its
explanation with it. The rule ids of the steps that apply, in order, are the decision's
``path``. The quoted Swedish rule stays the authority: these texts are the project's own
and are shown beside it, never in its place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from houseway.cards import ACE, RANK_OF, Card
from houseway.language import Lang
from houseway.learning.explain.groups import (
    four_of_a_kind,
    full_house,
    high_card,
    one_pair,
    three_of_a_kind,
    two_pairs,
)
from houseway.learning.explain.straights import (
    first_of_heading,
    kept,
    pair_moved,
    passed_over,
    two_pairs_beside,
)
from houseway.learning.explain.words import Explanation, Step, a_hand, said, show
from houseway.record import Decision, Trace
from houseway.record import Step as Recorded
from houseway.way import house_way_traced

__all__ = ["Explanation", "Step", "explain", "say"]


def explain(cards: Sequence[Card] | str) -> Explanation:
    """The house way of ``cards`` and the steps that led to it (spec section 3): one run
    of the procedure, said."""
    return say(house_way_traced(cards))


def say(trace: Trace) -> Explanation:
    """The procedure's record of one hand, said step by step in Swedish and English."""
    steps = [_say(trace, at) for at in range(len(trace.steps))]
    choice = trace.steps[-1].choice
    if choice is not None:  # said where the choice was made: the last step, which decides
        choice_sv, choice_en = _equal_choice(choice, trace.decision)
        last = steps[-1]
        steps[-1] = last._replace(sv=last.sv + choice_sv, en=last.en + choice_en)
    return Explanation(trace.decision, tuple(steps), trace)


_BY_HEADING: dict[str, Callable[[Recorded, Decision], Step]] = {
    "four-of-a-kind": four_of_a_kind,
    "full-house": full_house,
    "three-of-a-kind": three_of_a_kind,
    "two-pairs": two_pairs,
    "three-pairs": two_pairs,
    "one-pair": one_pair,
    "high-card": high_card,
}


def _say(trace: Trace, at: int) -> Step:
    step = trace.steps[at]
    heading, _, branch = step.rule.partition(".")
    if heading == "five-aces":
        return _five_aces(step, trace.decision)
    if heading in ("straight-flush", "flush-straight"):
        if branch == "keep":
            return (
                kept(step, trace.decision, first_of_heading(trace, at))
                if step.applies
                else passed_over(step)
            )
        return pair_moved(step) if branch == "pair-moved" else two_pairs_beside(step)
    return _BY_HEADING[heading](step, trace.decision)


def _equal_choice(
    choice: tuple[tuple[Card, ...], tuple[Card, ...]], decision: Decision
) -> tuple[str, str]:
    """Where cards of one rank could go either way and the choice changed the five-card
    hand (three natural aces and the joker): which went low, which stayed, what that keeps."""
    low, stayed = choice
    of_sv, of_en = (
        ("Av essen", "Of the aces")
        if RANK_OF[low[0]] == ACE
        else ("Av korten med samma valör", "Of the cards of equal rank")
    )
    goes_en = "goes" if len(low) == 1 else "go"
    stays_en = "stays" if len(stayed) == 1 else "stay"
    kept_sv, kept_en = a_hand(decision.five_value, Lang.SV), a_hand(decision.five_value, Lang.EN)
    return (
        f" {of_sv} går {show(low)} till tvåkortshanden och {show(stayed)} "
        f"stannar: då blir {kept_sv} kvar i femkortshanden.",
        f" {of_en}, {show(low)} {goes_en} to the two-card hand and {show(stayed)} "
        f"{stays_en}: that keeps {kept_en} in the five-card hand.",
    )


def _five_aces(step: Recorded, decision: Decision) -> Step:
    low, five_aces = show(decision.two), show(step.groups[0])
    return said(
        step,
        f"Fem ess: {five_aces} (jokern räknas som ess). Två av dem, {low}, går till "
        "tvåkortshanden och tre stannar i femkortshanden.",
        f"Five aces: {five_aces} (the joker counts as an ace). Two of them, {low}, go to "
        "the two-card hand and three stay in the five-card hand.",
    )
