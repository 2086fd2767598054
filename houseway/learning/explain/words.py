"""The words of the explanations: cards, ranks and hands named in Swedish and English,
and the steps and explanations they make up."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from houseway.cards import (
    COURT_WORDS,
    JACK,
    JOKER,
    RANK_LABELS,
    SUIT_OF,
    Card,
    card_name,
    card_words,
    pretty_card,
)
from houseway.hands import Category, category_of, display_order, joker_rank
from houseway.language import Lang
from houseway.record import Decision, Trace
from houseway.record import Step as Recorded


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

    def text(self, lang: Lang = Lang.EN) -> str:
        return self.sv if lang == Lang.SV else self.en

    def to_json(self) -> dict[str, object]:
        return {
            "rule": self.rule,
            "applies": self.applies,
            "cards": [card_name(c) for c in self.cards],
            "sv": self.sv,
            "en": self.en,
        }


class Explanation(NamedTuple):
    """A decision and the steps that led to it, said from the procedure's record
    (``trace``; see :func:`houseway.learning.explain.explain`)."""

    decision: Decision
    steps: tuple[Step, ...]
    trace: Trace

    @property
    def path(self) -> tuple[str, ...]:
        return tuple(step.rule for step in self.steps if step.applies)

    def text(self, lang: Lang = Lang.EN) -> str:
        """The steps as one paragraph a member reads."""
        return " ".join(step.text(lang) for step in self.steps)


def show(cards: Sequence[Card]) -> str:
    return " ".join(pretty_card(c) for c in cards)


def rank_word(rank: int, lang: Lang) -> str:
    """``knekt`` / ``jack``, ``10``: a rank as the rule text names it."""
    if rank >= JACK:
        return COURT_WORDS[lang][rank - JACK]
    return RANK_LABELS[rank]


#: Ranks in the plural, as the rule text counts fours: "7:or", "knektar", "ess".
_PLURAL: Final = {
    Lang.SV: ("knektar", "damer", "kungar", "ess"),
    Lang.EN: ("jacks", "queens", "kings", "aces"),
}


def plural(rank: int, lang: Lang) -> str:
    if rank >= JACK:
        return _PLURAL[lang][rank - JACK]
    return f"{RANK_LABELS[rank]}:or" if lang == Lang.SV else f"{RANK_LABELS[rank]}s"


def _the_rank(rank: int, lang: Lang) -> str:
    """A rank in the definite singular: ``5:an``, ``knekten``; ``the 5``, ``the jack``."""
    if lang == Lang.SV:
        if rank >= JACK:
            return ("knekten", "damen", "kungen", "esset")[rank - JACK]
        return f"{RANK_LABELS[rank]}:an"
    return f"the {rank_word(rank, Lang.EN)}"


#: "a straight" / "en stege": the hands that steps 2 and 5 are about, with an article.
_A_HAND: Final = {
    Category.STRAIGHT: {Lang.SV: "en stege", Lang.EN: "a straight"},
    Category.FLUSH: {Lang.SV: "en färg", Lang.EN: "a flush"},
    Category.STRAIGHT_FLUSH: {Lang.SV: "en färgstege", Lang.EN: "a straight flush"},
}


def a_hand(value: int, lang: Lang) -> str:
    return _A_HAND[category_of(value)][lang]


def joker_note(five: Sequence[Card], value: int, lang: Lang) -> str:
    """What the joker stands for in a five-card hand (empty without the joker)."""
    if JOKER not in five:
        return ""
    category = category_of(value)
    rank = joker_rank(five, value)
    if category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        suit = next(SUIT_OF[c] for c in five if c != JOKER)
        card = card_words(rank * 4 + suit, lang)
        if lang == Lang.SV:
            return f" (jokern står för {card})"
        return f" (the joker stands for the {card})"
    if category == Category.STRAIGHT:
        the = _the_rank(rank, lang)
        return f" (jokern står för {the})" if lang == Lang.SV else f" (the joker stands for {the})"
    return ace_note(five, lang)


def ace_note(cards: Sequence[Card], lang: Lang) -> str:
    """The joker counted among aces (or as a lone ace): said once where it is looked at."""
    if JOKER not in cards:
        return ""
    return " (jokern räknas som ess)" if lang == Lang.SV else " (the joker counts as an ace)"


def in_display_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    return display_order(cards) if len(cards) == 5 else tuple(cards)


def said(step: Recorded, sv: str, en: str) -> Step:
    """A recorded step said in Swedish and English, on the cards it looked at."""
    return Step(step.rule, step.applies, step.cards, sv, en)
