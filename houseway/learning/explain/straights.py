"""Headings 2 and 5: a straight flush, or a flush or a straight, and the pairs beside it,
and a flush or straight that four of a kind or a full house comes before."""

from __future__ import annotations

from houseway.language import Lang
from houseway.learning.explain.words import Step, a_hand, joker_note, said, show
from houseway.record import WHY_SEVERAL, Decision, Trace
from houseway.record import Step as Recorded


def _named(step: Recorded, lang: Lang) -> str:
    """The straight or flush the heading found, with what the joker stands for."""
    found, value = step.found, step.found_value
    return f"{a_hand(value, lang)}, {show(found)}{joker_note(found, value, lang)}"


def passed_over(step: Recorded) -> Step:
    """A straight or flush that a learner may expect to decide, where four of a kind or a
    full house comes first."""
    first_sv, first_en = {
        "four-of-a-kind": ("fyrtal", "four of a kind"),
        "full-house": ("kåk", "a full house"),
    }[step.why]
    return said(
        step,
        f"Här finns {_named(step, Lang.SV)}, men {first_sv} kommer före färg och stege i reglerna.",
        f"There is {_named(step, Lang.EN)}, but {first_en} comes before flushes and "
        "straights in the rules.",
    )


def two_pairs_beside(step: Recorded) -> Step:
    """Two or three pairs beside the straight or flush: the two-pair rule decides."""
    pairs = step.groups
    many_sv = "tre par" if len(pairs) >= 3 else "två par"
    many_en = "three pairs" if len(pairs) >= 3 else "two pairs"
    listed_sv, listed_en = " och ".join(map(show, pairs)), " and ".join(map(show, pairs))
    return said(
        step,
        f"Handen har {_named(step, Lang.SV)}, men också {many_sv} ({listed_sv}): då bortser "
        "givaren från den och följer regeln för två par.",
        f"The hand has {_named(step, Lang.EN)}, but also {many_en} ({listed_en}): so the dealer "
        "ignores it and plays the two-pair rule.",
    )


def pair_moved(step: Recorded) -> Step:
    """One pair beside it: moved to the two-card hand if a straight or flush stays."""
    pair, rest, rest_value = step.groups[0], step.rest, step.rest_value
    opening_sv = f"Handen har {_named(step, Lang.SV)}, och ett par, {show(pair)}."
    opening_en = f"The hand has {_named(step, Lang.EN)}, and one pair, {show(pair)}."
    if step.applies:
        return said(
            step,
            f"{opening_sv} Flyttas paret till tvåkortshanden blir {a_hand(rest_value, Lang.SV)} "
            f"kvar i femkortshanden ({show(rest)}{joker_note(rest, rest_value, Lang.SV)}), så "
            "paret går dit.",
            f"{opening_en} Moving the pair to the two-card hand leaves "
            f"{a_hand(rest_value, Lang.EN)} in the five-card hand "
            f"({show(rest)}{joker_note(rest, rest_value, Lang.EN)}), so the pair goes there.",
        )
    return said(
        step,
        f"{opening_sv} Flyttas paret till tvåkortshanden blir varken stege eller färg kvar "
        f"({show(rest)}), så paret stannar.",
        f"{opening_en} Moving the pair to the two-card hand would leave neither a straight "
        f"nor a flush ({show(rest)}), so the pair stays.",
    )


def kept(step: Recorded, decision: Decision, first: bool) -> Step:
    """The straight or flush kept with the best two-card hand beside it; ``first`` when no
    step about a pair came before it."""
    if first:
        opening_sv = f"Handen har {_named(step, Lang.SV)}. Givaren"
        opening_en = f"The hand has {_named(step, Lang.EN)}. The dealer"
    else:
        opening_sv, opening_en = "Givaren", "The dealer"
    five, value = decision.five, decision.five_value
    if first and sorted(five) == sorted(step.found):
        kept_sv, kept_en = "behåller den i femkortshanden", "keeps it in the five-card hand"
    else:
        kept_sv = (
            f"behåller {a_hand(value, Lang.SV)} i femkortshanden, {show(five)}"
            f"{joker_note(five, value, Lang.SV)},"
        )
        kept_en = (
            f"keeps {a_hand(value, Lang.EN)} in the five-card hand, {show(five)}"
            f"{joker_note(five, value, Lang.EN)},"
        )
    choice_sv = choice_en = ""
    if step.why == WHY_SEVERAL:
        choice_sv = " Av de sätt att behålla den ger detta den bästa tvåkortshanden."
        choice_en = " Of the ways to keep one, this gives the best two-card hand."
    trips_sv = trips_en = ""
    if step.groups:
        trips = show(step.groups[0])
        trips_sv = f" Trissen {trips} avgör inte: färg och stege kommer före triss."
        trips_en = (
            f" The three of a kind {trips} does not decide: flushes and straights "
            "come before three of a kind."
        )
    low = show(decision.two)
    return said(
        step,
        f"{opening_sv} {kept_sv} och lägger de två andra korten, {low}, "
        f"i tvåkortshanden.{choice_sv}{trips_sv}",
        f"{opening_en} {kept_en} and puts the other two cards, {low}, in "
        f"the two-card hand.{choice_en}{trips_en}",
    )


def first_of_heading(trace: Trace, at: int) -> bool:
    """Whether step ``at`` is the first its heading recorded (nothing said before it)."""
    heading = trace.steps[at].rule.partition(".")[0]
    return at == 0 or trace.steps[at - 1].rule.partition(".")[0] != heading
