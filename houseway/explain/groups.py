"""Headings 3, 4 and 6 to 9: the hands decided by their groups of equal rank."""

from __future__ import annotations

from ..cards import (
    ACE,
    JACK,
    JOKER,
    RANK_OF,
    SIX,
    TEN,
    Card,
)
from ..shape import of_size, singles
from ..way import Decision
from .words import (
    Groups,
    Step,
    ace_note,
    new_step,
    plural,
    rank_word,
    show,
)


def four_of_a_kind(groups: Groups, decision: Decision) -> list[Step]:
    """Step 3: the extra pair, then the band of the quads and the single that decides."""
    quads = of_size(groups, 4)[0]
    rank = RANK_OF[quads[0]]
    four = show(quads)
    low = show(decision.two)
    others = [g for r, g in sorted(groups.items(), reverse=True) if r != rank and len(g) >= 2]
    if others:
        other = others[0]
        kind_sv = "ett par" if len(other) == 2 else "en triss"
        kind_en = "a pair" if len(other) == 2 else "three of a kind"
        return [
            new_step(
                "four-of-a-kind.extra-pair",
                True,
                [*quads, *other],
                f"Fyrtal: {four}. Det finns också {kind_sv}, {show(other)}, så givaren "
                f"behåller fyrtalet och lägger {low} i tvåkortshanden.",
                f"Four of a kind: {four}. There is also {kind_en}, {show(other)}, so the "
                f"dealer keeps the four of a kind and puts {low} in the two-card hand.",
            )
        ]
    alone = singles(groups)
    top = alone[0]
    top_sv, top_en = (
        show([top]) + ace_note([top], True),
        show([top]) + ace_note([top], False),
    )
    kept = all(RANK_OF[c] != rank for c in decision.two)
    four_sv = f"Fyrtal i {plural(rank, True)}: {four}"
    four_en = f"Four {plural(rank, False)}: {four}"
    if rank == ACE:
        sv = (
            f"Fyra ess: {four}{ace_note(quads, True)}. Fyra ess delas alltid till två par "
            f"ess: {low} går till tvåkortshanden."
        )
        en = (
            f"Four aces: {four}{ace_note(quads, False)}. Four aces are always split into two "
            f"pairs of aces: {low} go to the two-card hand."
        )
        return [new_step("four-of-a-kind.aces", True, quads, sv, en)]
    if rank <= SIX:
        sv = (
            f"{four_sv}. Fyrtal av 2:or till 6:or behålls; de två högsta övriga korten, {low}, "
            "går till tvåkortshanden."
        )
        en = (
            f"{four_en}. Fours of 2s to 6s stay together; the two highest other cards, {low}, "
            "go to the two-card hand."
        )
        return [new_step("four-of-a-kind.2-6", True, [*quads, *alone[:2]], sv, en)]
    if rank <= TEN:
        rule, need_sv, need_en, band_sv, band_en = (
            "four-of-a-kind.7-10",
            "minst en kung",
            "at least a king",
            "7:or till 10:or",
            "7s to 10s",
        )
        lacks_sv, lacks_en = "ingen kung eller bättre", "no king or better"
    else:
        rule, need_sv, need_en, band_sv, band_en = (
            "four-of-a-kind.j-k",
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
    if kept:
        sv = f"{opening_sv}, så fyrtalet behålls och {low} går till tvåkortshanden."
        en = f"{opening_en}, so the four of a kind stays and {low} go to the two-card hand."
    else:
        sv = f"{opening_sv} – {lacks_sv} – så fyrtalet delas: {low} går till tvåkortshanden."
        en = (
            f"{opening_en} — {lacks_en} — so the four of a kind is split: {low} go to the "
            "two-card hand."
        )
    return [new_step(rule, True, [*quads, top], sv, en)]


def full_house(groups: Groups, decision: Decision) -> Step:
    """Step 4, with the supplements for two pairs and two trips."""
    trips = of_size(groups, 3)
    pairs = of_size(groups, 2)
    low = show(decision.two)
    if len(trips) >= 2:
        higher, lower = show(trips[0]), show(trips[1])
        return new_step(
            "full-house.two-trips",
            True,
            [*trips[0], *trips[1]],
            f"Två triss: {higher} och {lower}. Två kort ur den högre trissen, {low}, går till "
            "tvåkortshanden och resten blir en kåk.",
            f"Two threes of a kind: {higher} and {lower}. Two cards of the higher one, {low}, "
            "go to the two-card hand and the rest make a full house.",
        )
    three = show(trips[0]) + ace_note(trips[0], True)
    three_en = show(trips[0]) + ace_note(trips[0], False)
    if len(pairs) >= 2:
        return new_step(
            "full-house.two-pairs",
            True,
            [*trips[0], *pairs[0], *pairs[1]],
            f"Kåk med två par: triss {three}, par {show(pairs[0])} och {show(pairs[1])}. "
            f"Det högre paret, {low}, går till tvåkortshanden; trissen och det lägre paret "
            "stannar.",
            f"A full house with two pairs: three of a kind {three_en}, pairs "
            f"{show(pairs[0])} and {show(pairs[1])}. The higher pair, {low}, goes to the "
            "two-card hand; the three of a kind and the lower pair stay.",
        )
    return new_step(
        "full-house",
        True,
        [*trips[0], *pairs[0]],
        f"Kåk: triss {three} och par {show(pairs[0])}. Trissen stannar i femkortshanden och "
        "paret går till tvåkortshanden.",
        f"Full house: three of a kind {three_en} and a pair, {show(pairs[0])}. The three of "
        "a kind stays in the five-card hand and the pair goes to the two-card hand.",
    )


def three_of_a_kind(groups: Groups, decision: Decision) -> Step:
    """Step 6: the trips stay, unless they are aces."""
    trips = of_size(groups, 3)[0]
    alone = singles(groups)
    low = show(decision.two)
    if RANK_OF[trips[0]] == ACE:
        return new_step(
            "three-of-a-kind.aces",
            True,
            [*trips, alone[0]],
            f"Tre ess: {show(trips)}{ace_note(trips, True)}. Med tre ess stannar ett par ess "
            f"i femkortshanden; ett ess och det högsta övriga kortet, {low}, går till "
            "tvåkortshanden.",
            f"Three aces: {show(trips)}{ace_note(trips, False)}. With three aces a pair of "
            f"aces stays in the five-card hand; an ace and the highest other card, {low}, go "
            "to the two-card hand.",
        )
    return new_step(
        "three-of-a-kind",
        True,
        [*trips, *alone[:2]],
        f"Triss: {show(trips)}. Trissen stannar i femkortshanden och de två högsta övriga "
        f"korten, {low}{ace_note(decision.two, True)}, går till tvåkortshanden.",
        f"Three of a kind: {show(trips)}. It stays in the five-card hand and the two highest "
        f"other cards, {low}{ace_note(decision.two, False)}, go to the two-card hand.",
    )


def two_pairs(groups: Groups, decision: Decision) -> list[Step]:
    """Step 7: the ace-jack exception (and why it does not hold), or three pairs."""
    pairs = of_size(groups, 2)
    if len(pairs) >= 3:
        listed_sv = f"{show(pairs[0])}, {show(pairs[1])} och {show(pairs[2])}"
        listed_en = f"{show(pairs[0])}, {show(pairs[1])} and {show(pairs[2])}"
        return [
            new_step(
                "three-pairs",
                True,
                [c for p in pairs for c in p],
                f"Tre par: {listed_sv}{ace_note(pairs[0], True)}. Det högsta paret, "
                f"{show(pairs[0])}, går till tvåkortshanden och de två andra stannar i "
                "femkortshanden.",
                f"Three pairs: {listed_en}{ace_note(pairs[0], False)}. The highest pair, "
                f"{show(pairs[0])}, goes to the two-card hand and the other two stay in the "
                "five-card hand.",
            )
        ]
    high, low_pair = pairs
    alone = singles(groups)
    first, second = alone[0], alone[1]
    both = show([first, second]) + ace_note([first, second], True)
    both_en = show([first, second]) + ace_note([first, second], False)
    opening_sv = (
        f"Två par: {show(high)}{ace_note(high, True)} och {show(low_pair)}. De två högsta "
        f"övriga korten är {both}"
    )
    opening_en = (
        f"Two pairs: {show(high)}{ace_note(high, False)} and {show(low_pair)}. The two "
        f"highest other cards are {both_en}"
    )
    looked_at = [*high, *low_pair, first, second]
    if RANK_OF[first] == ACE and RANK_OF[second] >= JACK:
        return [
            new_step(
                "two-pairs.ace-jack",
                True,
                looked_at,
                f"{opening_sv} – minst ess och knekt – så de går till tvåkortshanden och båda "
                "paren stannar i femkortshanden.",
                f"{opening_en} — at least an ace and a jack — so they go to the two-card hand "
                "and both pairs stay in the five-card hand.",
            )
        ]
    why_sv, why_en = not_ace_jack(first, second)
    return [
        new_step(
            "two-pairs.ace-jack",
            False,
            looked_at,
            f"{opening_sv} – {why_sv} – så undantaget för ess och knekt gäller inte.",
            f"{opening_en} — {why_en} — so the ace-and-jack exception does not hold.",
        ),
        new_step(
            "two-pairs.split",
            True,
            [*low_pair, *high],
            f"Därför går det lägre paret, {show(low_pair)}, till tvåkortshanden och det "
            f"högre paret, {show(high)}, stannar i femkortshanden.",
            f"So the lower pair, {show(low_pair)}, goes to the two-card hand and the higher "
            f"pair, {show(high)}, stays in the five-card hand.",
        ),
    ]


def one_pair(groups: Groups, decision: Decision) -> Step:
    pair = of_size(groups, 2)[0]
    alone = singles(groups)
    low = show(decision.two)
    return new_step(
        "one-pair",
        True,
        [*pair, *alone[:2]],
        f"Ett par: {show(pair)}{ace_note(pair, True)}. Paret stannar i femkortshanden och "
        f"de två högsta övriga korten, {low}{ace_note(decision.two, True)}, går till "
        "tvåkortshanden.",
        f"One pair: {show(pair)}{ace_note(pair, False)}. The pair stays in the five-card "
        f"hand and the two highest other cards, {low}{ace_note(decision.two, False)}, go to "
        "the two-card hand.",
    )


def high_card(hand: tuple[Card, ...], decision: Decision) -> Step:
    ranked = sorted(hand, key=lambda c: (RANK_OF[c], c == JOKER), reverse=True)
    top = ranked[0]
    low = show(decision.two)
    return new_step(
        "high-card",
        True,
        ranked[:3],
        f"Högt kort: inget par, ingen stege och ingen färg. Det högsta kortet, "
        f"{show([top])}{ace_note([top], True)}, stannar i femkortshanden och de två näst "
        f"högsta, {low}, går till tvåkortshanden.",
        f"High card: no pair, no straight and no flush. The highest card, "
        f"{show([top])}{ace_note([top], False)}, stays in the five-card hand and the next "
        f"two highest, {low}, go to the two-card hand.",
    )


def not_ace_jack(first: Card, second: Card) -> tuple[str, str]:
    """Why the two highest singles beside two pairs are not "ace and jack or better"."""
    if RANK_OF[first] == ACE:
        return (
            f"ett ess, men {rank_word(RANK_OF[second], True)} är lägre än knekt",
            f"an ace, but {rank_word(RANK_OF[second], False)} is below a jack",
        )
    return "inget ess", "no ace"
