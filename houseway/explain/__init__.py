"""Why the house sets a hand the way it does, step by step, on the hand's own cards.

:func:`explain` walks spec section 3 again on one hand and says, for every heading that
decides (and for the ones a learner would expect to decide but that do not), what it
looked at and what it found, in Swedish and English. The rule ids of the steps that
apply, in order, are the decision's ``path``; a step that does not apply stands just
before the step that decides instead. The quoted Swedish rule stays the authority: these
texts are the project's own and are shown beside it, never in its place.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..cards import ACE, JOKER, RANK_OF, Card
from ..hands import five_value
from ..shape import (
    FLUSH_OR_STRAIGHT,
    STRAIGHT_FLUSH_ONLY,
    flush_suit,
    groups_of,
    has_straight,
    has_straight_flush,
    rank_mask,
)
from ..way import Decision, house_way
from .groups import (
    four_of_a_kind,
    full_house,
    high_card,
    one_pair,
    three_of_a_kind,
    two_pairs,
)
from .straights import passed_over, straightish
from .words import Explanation, Groups, Step, a_hand, new_step, show

__all__ = ["Explanation", "Step", "explain"]


def explain(cards: Sequence[Card] | str) -> Explanation:
    """The house way of ``cards`` and the steps that led to it (spec section 3)."""
    decision = house_way(cards)
    # In the order the procedure reads the cards (house_way sorts them too), so that which of
    # two equal cards a step names does not depend on the order they were typed in.
    hand = tuple(sorted(decision.hand, reverse=True))
    groups = groups_of(hand)
    steps = _steps(hand, groups, decision)
    choice_sv, choice_en = _equal_choice(hand, groups, decision)
    if choice_sv:  # said where the choice was made: the last step, which decides
        last = steps[-1]
        steps[-1] = last._replace(sv=last.sv + choice_sv, en=last.en + choice_en)
    return Explanation(decision, tuple(steps))


def _steps(hand: tuple[Card, ...], groups: Groups, decision: Decision) -> list[Step]:
    sizes = sorted((len(g) for g in groups.values()), reverse=True)
    aces = groups.get(ACE, [])
    if len(aces) == 5:
        return [_five_aces(aces, decision)]
    if has_straight_flush(hand, flush_suit(hand)):
        return straightish(hand, groups, decision, "straight-flush", STRAIGHT_FLUSH_ONLY)
    suit = flush_suit(hand)
    straight_or_flush = suit >= 0 or has_straight(rank_mask(hand), JOKER in hand)
    if sizes[0] == 4:
        return [*passed_over(hand, straight_or_flush, "four"), *four_of_a_kind(groups, decision)]
    if sizes[0] == 3 and sizes[1] >= 2:
        return [*passed_over(hand, straight_or_flush, "full"), full_house(groups, decision)]
    if straight_or_flush:
        return straightish(hand, groups, decision, "flush-straight", FLUSH_OR_STRAIGHT)
    if sizes[0] == 3:
        return [three_of_a_kind(groups, decision)]
    if sizes[0] == 2:
        if sizes[1] == 2:
            return two_pairs(groups, decision)
        return [one_pair(groups, decision)]
    return [high_card(hand, decision)]


def _equal_choice(hand: tuple[Card, ...], groups: Groups, decision: Decision) -> tuple[str, str]:
    """Where cards of one rank could go either way and the choice changes the five-card
    hand (three natural aces and the joker), which went low, which stayed, and what that
    keeps."""
    for rank in sorted({RANK_OF[c] for c in decision.two}, reverse=True):
        low = [c for c in decision.two if RANK_OF[c] == rank]
        others = [c for c in decision.two if RANK_OF[c] != rank]
        values = {
            five_value([c for c in hand if c not in (*picked, *others)])
            for picked in combinations(groups[rank], len(low))
        }
        if len(values) <= 1:
            continue
        stayed = [c for c in groups[rank] if c not in low]
        of_sv, of_en = (
            ("Av essen", "Of the aces")
            if rank == ACE
            else (
                "Av korten med samma valör",
                "Of the cards of equal rank",
            )
        )
        goes_sv, goes_en = ("går", "goes") if len(low) == 1 else ("går", "go")
        stays_en = "stays" if len(stayed) == 1 else "stay"
        kept_sv, kept_en = (a_hand(decision.five_value, s) for s in (True, False))
        return (
            f" {of_sv} {goes_sv} {show(low)} till tvåkortshanden och {show(stayed)} "
            f"stannar: då blir {kept_sv} kvar i femkortshanden.",
            f" {of_en}, {show(low)} {goes_en} to the two-card hand and {show(stayed)} "
            f"{stays_en}: that keeps {kept_en} in the five-card hand.",
        )
    return "", ""


def _five_aces(aces: list[Card], decision: Decision) -> Step:
    low, five_aces = show(decision.two), show(aces)
    return new_step(
        "five-aces",
        True,
        aces,
        f"Fem ess: {five_aces} (jokern räknas som ess). Två av dem, {low}, går till "
        "tvåkortshanden och tre stannar i femkortshanden.",
        f"Five aces: {five_aces} (the joker counts as an ace). Two of them, {low}, go to "
        "the two-card hand and three stay in the five-card hand.",
    )
