"""What a split picture says about its rows, and in which order it shows their cards: one
source for the picture (bot/pictures/cards_image.py) and its alt text
(bot/texts/alt_text.py), so the two never tell a member different things.

The joker stands where the text puts it (#29 §4): in a split, each row reads in the core's
display order (``houseway.hands.display_order``), which every text of a split shows too:
in the hand it makes, at the rank it plays — in a straight in its place, beside the card it
pairs, in the two-card hand as an ace. A hand not yet split (a quiz round's, a hand to
set) reads high to low with the joker last, as its text sorts it
(``houseway.cards.sort_key``). What the joker plays is also said in words, in the note
beside the two-card hand: "Jokern spelar som 7".
"""

from __future__ import annotations

from collections.abc import Sequence

from houseway.cards import ACE, COURT_WORDS, JACK, JOKER, RANK_LABELS, Card
from houseway.hands import (
    CATEGORY_NAMES,
    ROYAL_NAMES,
    TWO_PAIR_NAMES,
    Category,
    category_name,
    display_order,
    five_value,
    joker_rank,
    two_name,
    two_value,
)
from houseway.language import Lang

from .i18n import text


def row_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """A split's five-card or two-card hand as its text shows it, the joker in its place."""
    return display_order(cards)


def hand_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """A hand not split, in the order given, the joker last (as its text sorts it)."""
    return (*(card for card in cards if card != JOKER), *(card for card in cards if card == JOKER))


def _rank_words(rank: int, lang: Lang) -> str:
    """A rank as the joker's note says it: "ess", "7"; in English with its article, "an
    ace", "an 8", "a 7"."""
    word = COURT_WORDS[lang][rank - JACK] if rank >= JACK else RANK_LABELS[rank]
    if lang == Lang.SV:
        return word
    return f"{'an' if word in ('ace', '8') else 'a'} {word}"


def five_label(five: Sequence[Card], lang: Lang) -> str:
    """ "Femkortshanden – Stege" / "Five-card hand – Straight"."""
    return text("picture.five", lang, name=category_name(five_value(five), lang))


def two_label(two: Sequence[Card], lang: Lang) -> str:
    """ "Tvåkortshanden – Par" / "Two-card hand – Pair"."""
    return text("picture.two", lang, name=two_name(two_value(two), lang))


def joker_note(five: Sequence[Card], two: Sequence[Card], lang: Lang) -> str | None:
    """What the joker plays as, in two lines ("Jokern spelar\nsom 7"), if the split has it:
    in the two-card hand always an ace, in the five-card hand what makes it best."""
    if JOKER in two:
        rank = ACE
    elif JOKER in five:
        rank = joker_rank(five, five_value(five))
    else:
        return None
    return text("picture.joker_as", lang, rank=_rank_words(rank, lang))


def every_label(lang: Lang) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """Every five-card label, two-card label and joker note there is in ``lang``: a few
    dozen, which :func:`bot.pictures.cards_image.warm_up` draws ahead of the first split."""
    fives = [names[lang] for names in (*CATEGORY_NAMES.values(), ROYAL_NAMES)]
    twos = [TWO_PAIR_NAMES[lang], CATEGORY_NAMES[Category.HIGH_CARD][lang]]
    return (
        tuple(text("picture.five", lang, name=name) for name in fives),
        tuple(text("picture.two", lang, name=name) for name in twos),
        tuple(text("picture.joker_as", lang, rank=_rank_words(r, lang)) for r in range(13)),
    )
