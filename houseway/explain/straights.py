"""Headings 2 and 5: a straight flush, or a flush or a straight, and the pairs beside it."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..cards import (
    Card,
)
from ..hands import Category, category_of, five_value
from ..shape import FLUSH_OR_STRAIGHT, STRAIGHTISH, of_size
from ..way import Decision
from .groups import two_pairs
from .words import (
    Groups,
    Step,
    a_hand,
    in_display_order,
    joker_note,
    new_step,
    show,
)


def _best_five(
    cards: Sequence[Card], categories: frozenset[Category]
) -> tuple[int, tuple[Card, ...]]:
    """The best five cards of ``cards`` whose hand is in ``categories`` (it must exist)."""
    found = [
        (value, five)
        for five in combinations(cards, 5)
        if category_of(value := five_value(five)) in categories
    ]
    return max(found)


def passed_over(hand: tuple[Card, ...], straightish: bool, heading: str) -> list[Step]:
    """A straight or flush that a learner may expect to decide, where four of a kind or a
    full house comes first."""
    if not straightish:
        return []
    value, five = _best_five(hand, FLUSH_OR_STRAIGHT)
    first_sv, first_en = {
        "four": ("fyrtal", "four of a kind"),
        "full": ("kåk", "a full house"),
    }[heading]
    shown = in_display_order(five)
    return [
        new_step(
            "flush-straight.keep",
            False,
            shown,
            f"Här finns {a_hand(value, True)}, {show(shown)}{joker_note(five, value, True)}, "
            f"men {first_sv} kommer före färg och stege i reglerna.",
            f"There is {a_hand(value, False)}, {show(shown)}"
            f"{joker_note(five, value, False)}, but {first_en} comes before flushes and "
            "straights in the rules.",
        )
    ]


def straightish(
    hand: tuple[Card, ...],
    groups: Groups,
    decision: Decision,
    prefix: str,
    keep: frozenset[Category],
) -> list[Step]:
    """Steps 2 and 5: a straight flush, or a flush or straight."""
    value, five = _best_five(hand, keep)
    shown = in_display_order(five)
    named_sv = f"{a_hand(value, True)}, {show(shown)}{joker_note(five, value, True)}"
    named_en = f"{a_hand(value, False)}, {show(shown)}{joker_note(five, value, False)}"
    pairs = of_size(groups, 2)
    if len(pairs) >= 2:
        many_sv = "tre par" if len(pairs) >= 3 else "två par"
        many_en = "three pairs" if len(pairs) >= 3 else "two pairs"
        listed = (
            " och ".join(show(p) for p in pairs),
            " and ".join(show(p) for p in pairs),
        )
        return [
            new_step(
                f"{prefix}.two-pairs",
                True,
                [*shown, *(c for p in pairs for c in p if c not in shown)],
                f"Handen har {named_sv}, men också {many_sv} ({listed[0]}): då bortser "
                "givaren från den och följer regeln för två par.",
                f"The hand has {named_en}, but also {many_en} ({listed[1]}): so the dealer "
                "ignores it and plays the two-pair rule.",
            ),
            *two_pairs(groups, decision),
        ]
    steps = []
    if len(pairs) == 1:
        pair = pairs[0]
        rest = [c for c in hand if c not in pair]
        rest_value = five_value(rest)
        rest_shown = in_display_order(rest)
        moved = category_of(rest_value) in STRAIGHTISH
        if moved:
            return [
                new_step(
                    f"{prefix}.pair-moved",
                    True,
                    [*pair, *rest_shown],
                    f"Handen har {named_sv}, och ett par, {show(pair)}. Flyttas paret till "
                    f"tvåkortshanden blir {a_hand(rest_value, True)} kvar i femkortshanden "
                    f"({show(rest_shown)}{joker_note(rest, rest_value, True)}), så paret "
                    "går dit.",
                    f"The hand has {named_en}, and one pair, {show(pair)}. Moving the pair to "
                    f"the two-card hand leaves {a_hand(rest_value, False)} in the five-card "
                    f"hand ({show(rest_shown)}{joker_note(rest, rest_value, False)}), so "
                    "the pair goes there.",
                )
            ]
        steps.append(
            new_step(
                f"{prefix}.pair-moved",
                False,
                [*pair, *rest_shown],
                f"Handen har {named_sv}, och ett par, {show(pair)}. Flyttas paret till "
                f"tvåkortshanden blir varken stege eller färg kvar ({show(rest_shown)}), "
                "så paret stannar.",
                f"The hand has {named_en}, and one pair, {show(pair)}. Moving the pair to "
                f"the two-card hand would leave neither a straight nor a flush "
                f"({show(rest_shown)}), so the pair stays.",
            )
        )
        opening_sv, opening_en = "Givaren", "The dealer"
    else:
        opening_sv, opening_en = (
            f"Handen har {named_sv}. Givaren",
            f"The hand has {named_en}. The dealer",
        )
    kept = decision.five
    kept_sv = f"{a_hand(decision.five_value, True)} i femkortshanden, {show(kept)}"
    kept_sv += joker_note(kept, decision.five_value, True)
    kept_en = f"{a_hand(decision.five_value, False)} in the five-card hand, {show(kept)}"
    kept_en += joker_note(kept, decision.five_value, False)
    if not pairs and sorted(kept) == sorted(five):
        kept_sv, kept_en = "behåller den i femkortshanden", "keeps it in the five-card hand"
    else:
        kept_sv, kept_en = f"behåller {kept_sv},", f"keeps {kept_en},"
    choice_sv, choice_en = "", ""
    if len([f for f in combinations(hand, 5) if category_of(five_value(f)) in keep]) > 1:
        choice_sv = " Av de sätt att behålla den ger detta den bästa tvåkortshanden."
        choice_en = " Of the ways to keep one, this gives the best two-card hand."
    trips = of_size(groups, 3)
    trips_sv = trips_en = ""
    if trips and prefix == "flush-straight":
        trips_sv = f" Trissen {show(trips[0])} avgör inte: färg och stege kommer före triss."
        trips_en = (
            f" The three of a kind {show(trips[0])} does not decide: flushes and straights "
            "come before three of a kind."
        )
    steps.append(
        new_step(
            f"{prefix}.keep",
            True,
            [*kept, *decision.two],
            f"{opening_sv} {kept_sv} och lägger de två andra korten, {show(decision.two)}, "
            f"i tvåkortshanden.{choice_sv}{trips_sv}",
            f"{opening_en} {kept_en} and puts the other two cards, {show(decision.two)}, in "
            f"the two-card hand.{choice_en}{trips_en}",
        )
    )
    return steps
