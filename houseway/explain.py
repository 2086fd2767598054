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
from typing import Final, NamedTuple

from .cards import (
    ACE,
    COURT_WORDS,
    JOKER,
    RANK_LABELS,
    RANK_OF,
    SUIT_OF,
    Card,
    card_name,
    card_words,
    pretty_card,
)
from .hands import Category, category_of, display_order, five_value, joker_rank
from .way import (
    _FLUSH_OR_STRAIGHT,
    _STRAIGHT_FLUSH,
    _STRAIGHTISH,
    JACK,
    SIX,
    TEN,
    Decision,
    _flush_suit,
    _groups,
    _has_straight,
    _has_straight_flush,
    _of_size,
    _rank_mask,
    _singles,
    house_way,
)

Groups = dict[int, list[Card]]


class Step(NamedTuple):
    """One step of the procedure on one hand.

    ``rule`` is the rule id the step is about; ``applies`` whether it decided (the ids of
    the steps that apply are the decision's path); ``cards`` the hand's cards it looked
    at, in display order.
    """

    rule: str
    applies: bool
    cards: tuple[Card, ...]
    sv: str
    en: str

    def text(self, swedish: bool = False) -> str:
        return self.sv if swedish else self.en

    def to_json(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "applies": self.applies,
            "cards": [card_name(c) for c in self.cards],
            "sv": self.sv,
            "en": self.en,
        }


class Explanation(NamedTuple):
    decision: Decision
    steps: tuple[Step, ...]

    @property
    def path(self) -> tuple[str, ...]:
        return tuple(step.rule for step in self.steps if step.applies)

    def text(self, swedish: bool = False) -> str:
        """The steps as one paragraph a member reads."""
        return " ".join(step.text(swedish) for step in self.steps)


# --- words --------------------------------------------------------------------------------


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(pretty_card(c) for c in cards)


def _rank_word(rank: int, swedish: bool) -> str:
    """``knekt`` / ``jack``, ``10``: a rank as the rule text names it."""
    if rank >= JACK:
        return COURT_WORDS[swedish][rank - JACK]
    return RANK_LABELS[rank]


#: Ranks in the plural, as the rule text counts fours: "7:or", "knektar", "ess".
_PLURAL_SV: Final = ("knektar", "damer", "kungar", "ess")
_PLURAL_EN: Final = ("jacks", "queens", "kings", "aces")


def _plural(rank: int, swedish: bool) -> str:
    if rank >= JACK:
        return (_PLURAL_SV if swedish else _PLURAL_EN)[rank - JACK]
    return f"{RANK_LABELS[rank]}:or" if swedish else f"{RANK_LABELS[rank]}s"


def _the_rank(rank: int, swedish: bool) -> str:
    """A rank in the definite singular: ``5:an``, ``knekten``; ``the 5``, ``the jack``."""
    if swedish:
        if rank >= JACK:
            return ("knekten", "damen", "kungen", "esset")[rank - JACK]
        return f"{RANK_LABELS[rank]}:an"
    return f"the {_rank_word(rank, False)}"


#: "a straight" / "en stege": the hands that steps 2 and 5 are about, with an article.
_A_HAND: Final = {
    Category.STRAIGHT: ("en stege", "a straight"),
    Category.FLUSH: ("en färg", "a flush"),
    Category.STRAIGHT_FLUSH: ("en straight flush", "a straight flush"),
}


def _a_hand(value: int, swedish: bool) -> str:
    sv, en = _A_HAND[category_of(value)]
    return sv if swedish else en


def _joker_note(five: Sequence[Card], value: int, swedish: bool) -> str:
    """What the joker stands for in a five-card hand (empty without the joker)."""
    if JOKER not in five:
        return ""
    category = category_of(value)
    rank = joker_rank(five, value)
    if category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        suit = next(SUIT_OF[c] for c in five if c != JOKER)
        card = card_words(rank * 4 + suit, swedish)
        return f" (jokern står för {card})" if swedish else f" (the joker stands for the {card})"
    if category == Category.STRAIGHT:
        the = _the_rank(rank, swedish)
        return f" (jokern står för {the})" if swedish else f" (the joker stands for {the})"
    return " (jokern räknas som ess)" if swedish else " (the joker counts as an ace)"


def _ace_note(cards: Sequence[Card], swedish: bool) -> str:
    """The joker counted among aces (or as a lone ace): said once where it is looked at."""
    if JOKER not in cards:
        return ""
    return " (jokern räknas som ess)" if swedish else " (the joker counts as an ace)"


def _shown(cards: Sequence[Card]) -> tuple[Card, ...]:
    return display_order(cards) if len(cards) == 5 else tuple(cards)


def _step(rule: str, applies: bool, looked_at: Sequence[Card], sv: str, en: str) -> Step:
    return Step(rule, applies, tuple(looked_at), sv, en)


# --- the procedure, said ------------------------------------------------------------------


def explain(cards: Sequence[Card] | str) -> Explanation:
    """The house way of ``cards`` and the steps that led to it (spec section 3)."""
    decision = house_way(cards)
    hand = decision.hand
    groups = _groups(hand)
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
    flush_suit = _flush_suit(hand)
    if _has_straight_flush(hand, flush_suit):
        return _straightish(hand, groups, decision, "straight-flush", _STRAIGHT_FLUSH)
    straightish = flush_suit >= 0 or _has_straight(_rank_mask(hand), JOKER in hand)
    if sizes[0] == 4:
        return [*_passed_over(hand, straightish, "four"), *_four_of_a_kind(groups, decision)]
    if sizes[0] == 3 and sizes[1] >= 2:
        return [*_passed_over(hand, straightish, "full"), _full_house(groups, decision)]
    if straightish:
        return _straightish(hand, groups, decision, "flush-straight", _FLUSH_OR_STRAIGHT)
    if sizes[0] == 3:
        return [_three_of_a_kind(groups, decision)]
    if sizes[0] == 2:
        if sizes[1] == 2:
            return _two_pairs(groups, decision)
        return [_one_pair(groups, decision)]
    return [_high_card(hand, decision)]


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


def _equal_choice(hand: tuple[Card, ...], groups: Groups, decision: Decision) -> tuple[str, str]:
    """Where cards of one rank could go either way and the choice changes the five-card
    hand (three natural aces and the joker), which went low and what that keeps."""
    taken: dict[int, int] = {}
    for card in decision.two:
        taken[RANK_OF[card]] = taken.get(RANK_OF[card], 0) + 1
    values = set()
    for rank, count in taken.items():
        for picked in combinations(groups[rank], count):
            low = [*picked, *(c for c in decision.two if RANK_OF[c] != rank)]
            values.add(five_value([c for c in hand if c not in low]))
    if len(values) <= 1:
        return "", ""
    kept_sv, kept_en = (_a_hand(decision.five_value, s) for s in (True, False))
    low = _cards(decision.two)
    return (
        f" Av korten med samma valör går just {low} till tvåkortshanden: då blir {kept_sv} "
        "kvar i femkortshanden.",
        f" Of the cards of equal rank, {low} are the ones that go to the two-card hand: that "
        f"keeps {kept_en} in the five-card hand.",
    )


def _five_aces(aces: list[Card], decision: Decision) -> Step:
    low, five_aces = _cards(decision.two), _cards(aces)
    return _step(
        "five-aces",
        True,
        aces,
        f"Fem ess: {five_aces} (jokern räknas som ess). Två av dem, {low}, går till "
        "tvåkortshanden och tre stannar i femkortshanden.",
        f"Five aces: {five_aces} (the joker counts as an ace). Two of them, {low}, go to "
        "the two-card hand and three stay in the five-card hand.",
    )


def _passed_over(hand: tuple[Card, ...], straightish: bool, heading: str) -> list[Step]:
    """A straight or flush that a learner may expect to decide, where four of a kind or a
    full house comes first."""
    if not straightish:
        return []
    value, five = _best_five(hand, _FLUSH_OR_STRAIGHT)
    first_sv, first_en = {
        "four": ("fyrtal", "four of a kind"),
        "full": ("kåk", "a full house"),
    }[heading]
    shown = _shown(five)
    return [
        _step(
            "flush-straight.keep",
            False,
            shown,
            f"Här finns {_a_hand(value, True)}, {_cards(shown)}{_joker_note(five, value, True)}, "
            f"men {first_sv} kommer före färg och stege i reglerna.",
            f"There is {_a_hand(value, False)}, {_cards(shown)}"
            f"{_joker_note(five, value, False)}, but {first_en} comes before flushes and "
            "straights in the rules.",
        )
    ]


def _straightish(
    hand: tuple[Card, ...],
    groups: Groups,
    decision: Decision,
    prefix: str,
    keep: frozenset[Category],
) -> list[Step]:
    """Steps 2 and 5: a straight flush, or a flush or straight."""
    value, five = _best_five(hand, keep)
    shown = _shown(five)
    named_sv = f"{_a_hand(value, True)}, {_cards(shown)}{_joker_note(five, value, True)}"
    named_en = f"{_a_hand(value, False)}, {_cards(shown)}{_joker_note(five, value, False)}"
    pairs = _of_size(groups, 2)
    if len(pairs) >= 2:
        many_sv = "tre par" if len(pairs) >= 3 else "två par"
        many_en = "three pairs" if len(pairs) >= 3 else "two pairs"
        listed = " och ".join(_cards(p) for p in pairs), " and ".join(_cards(p) for p in pairs)
        return [
            _step(
                f"{prefix}.two-pairs",
                True,
                [*shown, *(c for p in pairs for c in p if c not in shown)],
                f"Handen har {named_sv}, men också {many_sv} ({listed[0]}): då bortser "
                "givaren från den och följer regeln för två par.",
                f"The hand has {named_en}, but also {many_en} ({listed[1]}): so the dealer "
                "ignores it and plays the two-pair rule.",
            ),
            *_two_pairs(groups, decision),
        ]
    steps = []
    if len(pairs) == 1:
        pair = pairs[0]
        rest = [c for c in hand if c not in pair]
        rest_value = five_value(rest)
        rest_shown = _shown(rest)
        moved = category_of(rest_value) in _STRAIGHTISH
        if moved:
            return [
                _step(
                    f"{prefix}.pair-moved",
                    True,
                    [*pair, *rest_shown],
                    f"Handen har {named_sv}, och ett par, {_cards(pair)}. Flyttas paret till "
                    f"tvåkortshanden blir {_a_hand(rest_value, True)} kvar i femkortshanden "
                    f"({_cards(rest_shown)}{_joker_note(rest, rest_value, True)}), så paret "
                    "går dit.",
                    f"The hand has {named_en}, and one pair, {_cards(pair)}. Moving the pair to "
                    f"the two-card hand leaves {_a_hand(rest_value, False)} in the five-card "
                    f"hand ({_cards(rest_shown)}{_joker_note(rest, rest_value, False)}), so "
                    "the pair goes there.",
                )
            ]
        steps.append(
            _step(
                f"{prefix}.pair-moved",
                False,
                [*pair, *rest_shown],
                f"Handen har {named_sv}, och ett par, {_cards(pair)}. Flyttas paret till "
                f"tvåkortshanden blir varken stege eller färg kvar ({_cards(rest_shown)}), "
                "så paret stannar.",
                f"The hand has {named_en}, and one pair, {_cards(pair)}. Moving the pair to "
                f"the two-card hand would leave neither a straight nor a flush "
                f"({_cards(rest_shown)}), so the pair stays.",
            )
        )
        opening_sv, opening_en = "Givaren", "The dealer"
    else:
        opening_sv, opening_en = (
            f"Handen har {named_sv}. Givaren",
            f"The hand has {named_en}. The dealer",
        )
    kept = decision.five
    kept_sv = f"{_a_hand(decision.five_value, True)} i femkortshanden, {_cards(kept)}"
    kept_sv += _joker_note(kept, decision.five_value, True)
    kept_en = f"{_a_hand(decision.five_value, False)} in the five-card hand, {_cards(kept)}"
    kept_en += _joker_note(kept, decision.five_value, False)
    if not pairs and sorted(kept) == sorted(five):
        kept_sv, kept_en = "behåller den i femkortshanden", "keeps it in the five-card hand"
    else:
        kept_sv, kept_en = f"behåller {kept_sv},", f"keeps {kept_en},"
    choice_sv, choice_en = "", ""
    if len([f for f in combinations(hand, 5) if category_of(five_value(f)) in keep]) > 1:
        choice_sv = " Av de sätt att behålla den ger detta den bästa tvåkortshanden."
        choice_en = " Of the ways to keep one, this gives the best two-card hand."
    trips = _of_size(groups, 3)
    trips_sv = trips_en = ""
    if trips and prefix == "flush-straight":
        trips_sv = f" Trissen {_cards(trips[0])} avgör inte: färg och stege kommer före triss."
        trips_en = (
            f" The three of a kind {_cards(trips[0])} does not decide: flushes and straights "
            "come before three of a kind."
        )
    steps.append(
        _step(
            f"{prefix}.keep",
            True,
            [*kept, *decision.two],
            f"{opening_sv} {kept_sv} och lägger de två andra korten, {_cards(decision.two)}, "
            f"i tvåkortshanden.{choice_sv}{trips_sv}",
            f"{opening_en} {kept_en} and puts the other two cards, {_cards(decision.two)}, in "
            f"the two-card hand.{choice_en}{trips_en}",
        )
    )
    return steps


def _four_of_a_kind(groups: Groups, decision: Decision) -> list[Step]:
    """Step 3: the extra pair, then the band of the quads and the single that decides."""
    quads = _of_size(groups, 4)[0]
    rank = RANK_OF[quads[0]]
    four = _cards(quads)
    low = _cards(decision.two)
    others = [g for r, g in sorted(groups.items(), reverse=True) if r != rank and len(g) >= 2]
    if others:
        other = others[0]
        kind_sv = "ett par" if len(other) == 2 else "en triss"
        kind_en = "a pair" if len(other) == 2 else "three of a kind"
        return [
            _step(
                "four-of-a-kind.extra-pair",
                True,
                [*quads, *other],
                f"Fyrtal: {four}. Det finns också {kind_sv}, {_cards(other)}, så givaren "
                f"behåller fyrtalet och lägger {low} i tvåkortshanden.",
                f"Four of a kind: {four}. There is also {kind_en}, {_cards(other)}, so the "
                f"dealer keeps the four of a kind and puts {low} in the two-card hand.",
            )
        ]
    singles = _singles(groups)
    top = singles[0]
    top_sv, top_en = _cards([top]) + _ace_note([top], True), _cards([top]) + _ace_note([top], False)
    kept = all(RANK_OF[c] != rank for c in decision.two)
    four_sv = f"Fyrtal i {_plural(rank, True)}: {four}"
    four_en = f"Four {_plural(rank, False)}: {four}"
    if rank == ACE:
        sv = (
            f"Fyra ess: {four}{_ace_note(quads, True)}. Fyra ess delas alltid till två par "
            f"ess: {low} går till tvåkortshanden."
        )
        en = (
            f"Four aces: {four}{_ace_note(quads, False)}. Four aces are always split into two "
            f"pairs of aces: {low} go to the two-card hand."
        )
        return [_step("four-of-a-kind.aces", True, quads, sv, en)]
    if rank <= SIX:
        sv = (
            f"{four_sv}. Fyrtal av 2:or till 6:or behålls; de två högsta övriga korten, {low}, "
            "går till tvåkortshanden."
        )
        en = (
            f"{four_en}. Fours of 2s to 6s stay together; the two highest other cards, {low}, "
            "go to the two-card hand."
        )
        return [_step("four-of-a-kind.2-6", True, [*quads, *singles[:2]], sv, en)]
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
    return [_step(rule, True, [*quads, top], sv, en)]


def _full_house(groups: Groups, decision: Decision) -> Step:
    """Step 4, with the supplements for two pairs and two trips."""
    trips = _of_size(groups, 3)
    pairs = _of_size(groups, 2)
    low = _cards(decision.two)
    if len(trips) >= 2:
        higher, lower = _cards(trips[0]), _cards(trips[1])
        return _step(
            "full-house.two-trips",
            True,
            [*trips[0], *trips[1]],
            f"Två triss: {higher} och {lower}. Två kort ur den högre trissen, {low}, går till "
            "tvåkortshanden och resten blir en kåk.",
            f"Two threes of a kind: {higher} and {lower}. Two cards of the higher one, {low}, "
            "go to the two-card hand and the rest make a full house.",
        )
    three = _cards(trips[0]) + _ace_note(trips[0], True)
    three_en = _cards(trips[0]) + _ace_note(trips[0], False)
    if len(pairs) >= 2:
        return _step(
            "full-house.two-pairs",
            True,
            [*trips[0], *pairs[0], *pairs[1]],
            f"Kåk med två par: triss {three}, par {_cards(pairs[0])} och {_cards(pairs[1])}. "
            f"Det högre paret, {low}, går till tvåkortshanden; trissen och det lägre paret "
            "stannar.",
            f"A full house with two pairs: three of a kind {three_en}, pairs "
            f"{_cards(pairs[0])} and {_cards(pairs[1])}. The higher pair, {low}, goes to the "
            "two-card hand; the three of a kind and the lower pair stay.",
        )
    return _step(
        "full-house",
        True,
        [*trips[0], *pairs[0]],
        f"Kåk: triss {three} och par {_cards(pairs[0])}. Trissen stannar i femkortshanden och "
        "paret går till tvåkortshanden.",
        f"Full house: three of a kind {three_en} and a pair, {_cards(pairs[0])}. The three of "
        "a kind stays in the five-card hand and the pair goes to the two-card hand.",
    )


def _three_of_a_kind(groups: Groups, decision: Decision) -> Step:
    """Step 6: the trips stay, unless they are aces."""
    trips = _of_size(groups, 3)[0]
    singles = _singles(groups)
    low = _cards(decision.two)
    if RANK_OF[trips[0]] == ACE:
        return _step(
            "three-of-a-kind.aces",
            True,
            [*trips, singles[0]],
            f"Tre ess: {_cards(trips)}{_ace_note(trips, True)}. Med tre ess stannar ett par ess "
            f"i femkortshanden; ett ess och det högsta övriga kortet, {low}, går till "
            "tvåkortshanden.",
            f"Three aces: {_cards(trips)}{_ace_note(trips, False)}. With three aces a pair of "
            f"aces stays in the five-card hand; an ace and the highest other card, {low}, go "
            "to the two-card hand.",
        )
    return _step(
        "three-of-a-kind",
        True,
        [*trips, *singles[:2]],
        f"Triss: {_cards(trips)}. Trissen stannar i femkortshanden och de två högsta övriga "
        f"korten, {low}{_ace_note(decision.two, True)}, går till tvåkortshanden.",
        f"Three of a kind: {_cards(trips)}. It stays in the five-card hand and the two highest "
        f"other cards, {low}{_ace_note(decision.two, False)}, go to the two-card hand.",
    )


def _two_pairs(groups: Groups, decision: Decision) -> list[Step]:
    """Step 7: the ace-jack exception (and why it does not hold), or three pairs."""
    pairs = _of_size(groups, 2)
    if len(pairs) >= 3:
        listed_sv = f"{_cards(pairs[0])}, {_cards(pairs[1])} och {_cards(pairs[2])}"
        listed_en = f"{_cards(pairs[0])}, {_cards(pairs[1])} and {_cards(pairs[2])}"
        return [
            _step(
                "three-pairs",
                True,
                [c for p in pairs for c in p],
                f"Tre par: {listed_sv}{_ace_note(pairs[0], True)}. Det högsta paret, "
                f"{_cards(pairs[0])}, går till tvåkortshanden och de två andra stannar i "
                "femkortshanden.",
                f"Three pairs: {listed_en}{_ace_note(pairs[0], False)}. The highest pair, "
                f"{_cards(pairs[0])}, goes to the two-card hand and the other two stay in the "
                "five-card hand.",
            )
        ]
    high, low_pair = pairs
    singles = _singles(groups)
    first, second = singles[0], singles[1]
    both = _cards([first, second]) + _ace_note([first, second], True)
    both_en = _cards([first, second]) + _ace_note([first, second], False)
    opening_sv = (
        f"Två par: {_cards(high)}{_ace_note(high, True)} och {_cards(low_pair)}. De två högsta "
        f"övriga korten är {both}"
    )
    opening_en = (
        f"Two pairs: {_cards(high)}{_ace_note(high, False)} and {_cards(low_pair)}. The two "
        f"highest other cards are {both_en}"
    )
    looked_at = [*high, *low_pair, first, second]
    if RANK_OF[first] == ACE and RANK_OF[second] >= JACK:
        return [
            _step(
                "two-pairs.ace-jack",
                True,
                looked_at,
                f"{opening_sv} – minst ess och knekt – så de går till tvåkortshanden och båda "
                "paren stannar i femkortshanden.",
                f"{opening_en} — at least an ace and a jack — so they go to the two-card hand "
                "and both pairs stay in the five-card hand.",
            )
        ]
    if RANK_OF[first] == ACE:
        why_sv = f"ett ess, men {_rank_word(RANK_OF[second], True)} är lägre än knekt"
        why_en = f"an ace, but {_rank_word(RANK_OF[second], False)} is below a jack"
    else:
        why_sv, why_en = "inget ess", "no ace"
    return [
        _step(
            "two-pairs.ace-jack",
            False,
            looked_at,
            f"{opening_sv} – {why_sv} – så undantaget för ess och knekt gäller inte.",
            f"{opening_en} — {why_en} — so the ace-and-jack exception does not hold.",
        ),
        _step(
            "two-pairs.split",
            True,
            [*low_pair, *high],
            f"Därför går det lägre paret, {_cards(low_pair)}, till tvåkortshanden och det "
            f"högre paret, {_cards(high)}, stannar i femkortshanden.",
            f"So the lower pair, {_cards(low_pair)}, goes to the two-card hand and the higher "
            f"pair, {_cards(high)}, stays in the five-card hand.",
        ),
    ]


def _one_pair(groups: Groups, decision: Decision) -> Step:
    pair = _of_size(groups, 2)[0]
    singles = _singles(groups)
    low = _cards(decision.two)
    return _step(
        "one-pair",
        True,
        [*pair, *singles[:2]],
        f"Ett par: {_cards(pair)}{_ace_note(pair, True)}. Paret stannar i femkortshanden och "
        f"de två högsta övriga korten, {low}{_ace_note(decision.two, True)}, går till "
        "tvåkortshanden.",
        f"One pair: {_cards(pair)}{_ace_note(pair, False)}. The pair stays in the five-card "
        f"hand and the two highest other cards, {low}{_ace_note(decision.two, False)}, go to "
        "the two-card hand.",
    )


def _high_card(hand: tuple[Card, ...], decision: Decision) -> Step:
    ranked = sorted(hand, key=lambda c: (RANK_OF[c], c == JOKER), reverse=True)
    top = ranked[0]
    low = _cards(decision.two)
    return _step(
        "high-card",
        True,
        ranked[:3],
        f"Högt kort: inget par, ingen stege och ingen färg. Det högsta kortet, "
        f"{_cards([top])}{_ace_note([top], True)}, stannar i femkortshanden och de två näst "
        f"högsta, {low}, går till tvåkortshanden.",
        f"High card: no pair, no straight and no flush. The highest card, "
        f"{_cards([top])}{_ace_note([top], False)}, stays in the five-card hand and the next "
        f"two highest, {low}, go to the two-card hand.",
    )
