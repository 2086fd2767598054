"""Alt text for every picture the bot sends, in the reader's language, and the one helper
that attaches a picture with it.

Discord reads an attachment's description to screen readers and can show it as a caption.
Cards are named in words (``houseway.cards.card_words``: "king of hearts", "hjärter kung"),
not symbols, which screen readers read inconsistently or not at all. The texts say what the
picture shows and nothing more: a quiz round's hand gives no hint of the answer. Only the
/cards preview, whose point is the colours, says each card's colour too.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Final

import discord

from houseway import Decision
from houseway.cards import SUIT_OF, Card, card_words, cards_in_words

from .cards_image import INK_NAMES, SUIT_INKS, Deck
from .i18n import SWEDISH, text

#: Discord refuses a longer attachment description.
MAX_DESCRIPTION: Final = 1024


def _lower_first(name: str) -> str:
    """A hand's name inside a sentence: "Flush" -> "flush" ("Royal flush", "Kåk" alike)."""
    return name[:1].lower() + name[1:]


def split_description(
    five: Sequence[Card], two: Sequence[Card], five_name: str, two_name: str, lang: str
) -> str:
    """A split as the picture shows it: the five-card hand, then the two-card hand, each
    with its name and its cards in the picture's order."""
    swedish = lang == SWEDISH
    return text(
        "alt.split",
        lang,
        five_name=_lower_first(five_name),
        five=cards_in_words(five, swedish),
        two_name=_lower_first(two_name),
        two=cards_in_words(two, swedish),
    )


def decision_description(decision: Decision, lang: str) -> str:
    """The alt text of a house way's picture (/houseway, /deal, a quiz's reveal)."""
    swedish = lang == SWEDISH
    return split_description(
        decision.five, decision.two, decision.five_name(swedish), decision.two_name(swedish), lang
    )


def hand_description(cards: Sequence[Card], lang: str) -> str:
    """A row of cards (a quiz round's hand): how many and which, in the picture's order."""
    key = "alt.card" if len(cards) == 1 else "alt.hand"
    return text(key, lang, count=len(cards), cards=cards_in_words(cards, lang == SWEDISH))


def preview_description(cards: Sequence[Card], deck: Deck, lang: str) -> str:
    """The /cards preview (suited cards, no joker): each card in words with the colour
    ``deck`` draws it in ("ruter ess i blått"), so a member who cannot see the picture
    learns the colours all the same."""
    swedish = lang == SWEDISH

    def in_colour(card: Card) -> str:
        colour = text(f"alt.colour.{INK_NAMES[SUIT_INKS[deck][SUIT_OF[card]]]}", lang)
        return text("alt.in_colour", lang, card=card_words(card, swedish), colour=colour)

    return text("alt.preview", lang, cards=", ".join(in_colour(card) for card in cards))


def picture_file(png: bytes, filename: str, description: str) -> discord.File:
    """A picture to send, with its alt text (cut to Discord's limit: never refused for it)."""
    if len(description) > MAX_DESCRIPTION:
        description = description[: MAX_DESCRIPTION - 1] + "…"
    return discord.File(io.BytesIO(png), filename=filename, description=description)
