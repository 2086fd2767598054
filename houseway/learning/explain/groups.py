"""Headings 3, 4 and 6 to 9: the hands decided by their groups of equal rank."""

from __future__ import annotations

from houseway.cards import ACE, RANK_OF, SIX, TEN
from houseway.language import Lang
from houseway.learning.explain.words import Step, ace_note, plural, rank_word, said, show
from houseway.record import WHY_BELOW_JACK, WHY_KEPT, Decision
from houseway.record import Step as Recorded


def four_of_a_kind(step: Recorded, decision: Decision) -> Step:
    """Step 3: the extra pair, or the band of the quads and the single that decides."""
    quads = step.groups[0]
    rank = RANK_OF[quads[0]]
    four = show(quads)
    low = show(decision.two)
    if step.rule == "four-of-a-kind.extra-pair":
        other = step.groups[1]
        kind_sv = "ett par" if len(other) == 2 else "en triss"
        kind_en = "a pair" if len(other) == 2 else "three of a kind"
        return said(
            step,
            f"Fyrtal: {four}. Det finns också {kind_sv}, {show(other)}, så givaren "
            f"behåller fyrtalet och lägger {low} i tvåkortshanden.",
            f"Four of a kind: {four}. There is also {kind_en}, {show(other)}, so the "
            f"dealer keeps the four of a kind and puts {low} in the two-card hand.",
        )
    four_sv = f"Fyrtal i {plural(rank, Lang.SV)}: {four}"
    four_en = f"Four {plural(rank, Lang.EN)}: {four}"
    if rank == ACE:
        sv = (
            f"Fyra ess: {four}{ace_note(quads, Lang.SV)}. Fyra ess delas alltid till två par "
            f"ess: {low} går till tvåkortshanden."
        )
        en = (
            f"Four aces: {four}{ace_note(quads, Lang.EN)}. Four aces are always split into two "
            f"pairs of aces: {low} go to the two-card hand."
        )
        return said(step, sv, en)
    if rank <= SIX:
        sv = (
            f"{four_sv}. Fyrtal av 2:or till 6:or behålls; de två högsta övriga korten, {low}, "
            "går till tvåkortshanden."
        )
        en = (
            f"{four_en}. Fours of 2s to 6s stay together; the two highest other cards, {low}, "
            "go to the two-card hand."
        )
        return said(step, sv, en)
    top = step.singles[:1]
    top_sv, top_en = show(top) + ace_note(top, Lang.SV), show(top) + ace_note(top, Lang.EN)
    if rank <= TEN:
        need_sv, need_en, band_sv, band_en = (
            "minst en kung",
            "at least a king",
            "7:or till 10:or",
            "7s to 10s",
        )
        lacks_sv, lacks_en = "ingen kung eller bättre", "no king or better"
    else:
        need_sv, need_en, band_sv, band_en = (
            "ett ess",
            "an ace",
            "knektar till kungar",
            "jacks to kings",
        )
        lacks_sv, lacks_en = "inget ess", "no ace"
    opening_sv = (
        f"{four_sv}. Fyrtal av {band_sv} delas, såvida inte {need_sv} kan spelas i "
        f"tvåkortshanden. Det högsta övriga kortet är {top_sv}"
    )
    opening_en = (
        f"{four_en}. Fours of {band_en} are split unless {need_en} can be played in the "
        f"two-card hand. The highest other card is {top_en}"
    )
    if step.why == WHY_KEPT:
        sv = f"{opening_sv}, så fyrtalet behålls och {low} går till tvåkortshanden."
        en = f"{opening_en}, so the four of a kind stays and {low} go to the two-card hand."
    else:
        sv = f"{opening_sv} – {lacks_sv} – så fyrtalet delas: {low} går till tvåkortshanden."
        en = (
            f"{opening_en} — {lacks_en} — so the four of a kind is split: {low} go to the "
            "two-card hand."
        )
    return said(step, sv, en)


def full_house(step: Recorded, decision: Decision) -> Step:
    """Step 4, with the supplements for two pairs and two trips."""
    low = show(decision.two)
    trips = step.groups[0]
    if step.rule == "full-house.two-trips":
        higher, lower = show(trips), show(step.groups[1])
        return said(
            step,
            f"Två triss: {higher} och {lower}. Två kort ur den högre trissen, {low}, går till "
            "tvåkortshanden och resten blir en kåk.",
            f"Two threes of a kind: {higher} and {lower}. Two cards of the higher one, {low}, "
            "go to the two-card hand and the rest make a full house.",
        )
    three = show(trips) + ace_note(trips, Lang.SV)
    three_en = show(trips) + ace_note(trips, Lang.EN)
    if step.rule == "full-house.two-pairs":
        high, other = show(step.groups[1]), show(step.groups[2])
        return said(
            step,
            f"Kåk med två par: triss {three}, par {high} och {other}. "
            f"Det högre paret, {low}, går till tvåkortshanden; trissen och det lägre paret "
            "stannar.",
            f"A full house with two pairs: three of a kind {three_en}, pairs "
            f"{high} and {other}. The higher pair, {low}, goes to the "
            "two-card hand; the three of a kind and the lower pair stay.",
        )
    pair = show(step.groups[1])
    return said(
        step,
        f"Kåk: triss {three} och par {pair}. Trissen stannar i femkortshanden och "
        "paret går till tvåkortshanden.",
        f"Full house: three of a kind {three_en} and a pair, {pair}. The three of "
        "a kind stays in the five-card hand and the pair goes to the two-card hand.",
    )


def three_of_a_kind(step: Recorded, decision: Decision) -> Step:
    """Step 6: the trips stay, unless they are aces."""
    trips = step.groups[0]
    low = show(decision.two)
    if step.rule == "three-of-a-kind.aces":
        return said(
            step,
            f"Tre ess: {show(trips)}{ace_note(trips, Lang.SV)}. Med tre ess stannar ett par ess "
            f"i femkortshanden; ett ess och det högsta övriga kortet, {low}, går till "
            "tvåkortshanden.",
            f"Three aces: {show(trips)}{ace_note(trips, Lang.EN)}. With three aces a pair of "
            f"aces stays in the five-card hand; an ace and the highest other card, {low}, go "
            "to the two-card hand.",
        )
    return said(
        step,
        f"Triss: {show(trips)}. Trissen stannar i femkortshanden och de två högsta övriga "
        f"korten, {low}{ace_note(decision.two, Lang.SV)}, går till tvåkortshanden.",
        f"Three of a kind: {show(trips)}. It stays in the five-card hand and the two highest "
        f"other cards, {low}{ace_note(decision.two, Lang.EN)}, go to the two-card hand.",
    )


def two_pairs(step: Recorded, decision: Decision) -> Step:
    """Step 7: three pairs, the ace-jack exception (met or not, and why), the split."""
    if step.rule == "three-pairs":
        pairs = step.groups
        listed_sv = f"{show(pairs[0])}, {show(pairs[1])} och {show(pairs[2])}"
        listed_en = f"{show(pairs[0])}, {show(pairs[1])} and {show(pairs[2])}"
        return said(
            step,
            f"Tre par: {listed_sv}{ace_note(pairs[0], Lang.SV)}. Det högsta paret, "
            f"{show(pairs[0])}, går till tvåkortshanden och de två andra stannar i "
            "femkortshanden.",
            f"Three pairs: {listed_en}{ace_note(pairs[0], Lang.EN)}. The highest pair, "
            f"{show(pairs[0])}, goes to the two-card hand and the other two stay in the "
            "five-card hand.",
        )
    if step.rule == "two-pairs.split":
        low_pair, high = step.groups
        return said(
            step,
            f"Därför går det lägre paret, {show(low_pair)}, till tvåkortshanden och det "
            f"högre paret, {show(high)}, stannar i femkortshanden.",
            f"So the lower pair, {show(low_pair)}, goes to the two-card hand and the higher "
            f"pair, {show(high)}, stays in the five-card hand.",
        )
    high, low_pair = step.groups
    both = show(step.singles) + ace_note(step.singles, Lang.SV)
    both_en = show(step.singles) + ace_note(step.singles, Lang.EN)
    opening_sv = (
        f"Två par: {show(high)}{ace_note(high, Lang.SV)} och {show(low_pair)}. De två högsta "
        f"övriga korten är {both}"
    )
    opening_en = (
        f"Two pairs: {show(high)}{ace_note(high, Lang.EN)} and {show(low_pair)}. The two "
        f"highest other cards are {both_en}"
    )
    if step.applies:
        return said(
            step,
            f"{opening_sv} – minst ess och knekt – så de går till tvåkortshanden och båda "
            "paren stannar i femkortshanden.",
            f"{opening_en} — at least an ace and a jack — so they go to the two-card hand "
            "and both pairs stay in the five-card hand.",
        )
    why_sv, why_en = not_ace_jack(step)
    return said(
        step,
        f"{opening_sv} – {why_sv} – så undantaget för ess och knekt gäller inte.",
        f"{opening_en} — {why_en} — so the ace-and-jack exception does not apply.",
    )


def one_pair(step: Recorded, decision: Decision) -> Step:
    """Step 8."""
    pair = step.groups[0]
    low = show(decision.two)
    return said(
        step,
        f"Ett par: {show(pair)}{ace_note(pair, Lang.SV)}. Paret stannar i femkortshanden och "
        f"de två högsta övriga korten, {low}{ace_note(decision.two, Lang.SV)}, går till "
        "tvåkortshanden.",
        f"One pair: {show(pair)}{ace_note(pair, Lang.EN)}. The pair stays in the five-card "
        f"hand and the two highest other cards, {low}{ace_note(decision.two, Lang.EN)}, go to "
        "the two-card hand.",
    )


def high_card(step: Recorded, decision: Decision) -> Step:
    """Step 9."""
    top = step.singles[:1]
    low = show(decision.two)
    return said(
        step,
        f"Högt kort: inget par, ingen stege och ingen färg. Det högsta kortet, "
        f"{show(top)}{ace_note(top, Lang.SV)}, stannar i femkortshanden och de två näst "
        f"högsta, {low}, går till tvåkortshanden.",
        f"High card: no pair, no straight and no flush. The highest card, "
        f"{show(top)}{ace_note(top, Lang.EN)}, stays in the five-card hand and the next "
        f"two highest, {low}, go to the two-card hand.",
    )


def not_ace_jack(step: Recorded) -> tuple[str, str]:
    """Why the two highest singles beside two pairs (the ace-jack step, not met) are not
    "ace and jack or better", as the step recorded it."""
    if step.why == WHY_BELOW_JACK:
        second = RANK_OF[step.singles[1]]
        return (
            f"ett ess, men {rank_word(second, Lang.SV)} är lägre än knekt",
            f"an ace, but {rank_word(second, Lang.EN)} is below a jack",
        )
    return "inget ess", "no ace"
