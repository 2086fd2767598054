"""Alt text for every picture the bot sends, in the reader's language, and the one helper
that attaches a picture with it.

Discord reads an attachment's description to screen readers and can show it as a caption.
A split's alt text says what its picture writes (``bot.texts.split_labels``), in the same order.
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
from houseway.language import Lang

from .embeds import number
from .i18n import plural_text, text
from .split_labels import five_label, hand_order, joker_note, row_order, two_label

#: Discord refuses a longer attachment description.
MAX_DESCRIPTION: Final = 1024


def split_description(five: Sequence[Card], two: Sequence[Card], lang: Lang) -> str:
    """A split as the picture shows it: each row's label as the picture writes it, with its
    cards in the picture's order, then what the joker plays as, if the split has it."""
    description = text(
        "alt.split",
        lang,
        five_label=five_label(five, lang),
        five=cards_in_words(row_order(five), lang),
        two_label=two_label(two, lang),
        two=cards_in_words(row_order(two), lang),
    )
    note = joker_note(five, two, lang)
    return description if note is None else f"{description} {note.replace(chr(10), ' ')}."


def decision_description(decision: Decision, lang: Lang) -> str:
    """The alt text of a house way's picture (/houseway, /deal, a quiz's reveal)."""
    return split_description(decision.five, decision.two, lang)


def hand_description(cards: Sequence[Card], lang: Lang) -> str:
    """A row of cards (a quiz round's hand): how many and which, in the picture's order."""
    shown = hand_order(cards)
    return plural_text("alt.hand", lang, len(cards), cards=cards_in_words(shown, lang))


def preview_description(cards: Sequence[Card], colours: Sequence[str], lang: Lang) -> str:
    """The /cards preview (suited cards, no joker): each card in words with the colour its
    deck draws it in ("ruter ess i blått"), so a member who cannot see the picture learns
    the colours all the same. ``colours`` names each suit's ink, in suit order (s h d c),
    as ``bot.pictures.cards_image.SUIT_COLOURS`` gives them: words need no picture."""

    def in_colour(card: Card) -> str:
        colour = text(f"alt.colour.{colours[SUIT_OF[card]]}", lang)
        return text("alt.in_colour", lang, card=card_words(card, lang), colour=colour)

    return text("alt.preview", lang, cards=", ".join(in_colour(card) for card in cards))


def picture_file(png: bytes, filename: str, description: str) -> discord.File:
    """A picture to send, with its alt text (cut to Discord's limit: never refused for it)."""
    if len(description) > MAX_DESCRIPTION:
        description = description[: MAX_DESCRIPTION - 1] + "…"
    return discord.File(io.BytesIO(png), filename=filename, description=description)


def stats_description(
    rows: Sequence[tuple[str, int, int, str]],
    lines: Sequence[str],
    due: Sequence[str],
    days: Sequence[tuple[str, int, int, str]],
    lang: Lang,
) -> str:
    """The /stats picture in words, in its order: each rule met (name, answered, right,
    share shown), the summary and advice lines as written, what is due, each day."""
    parts = []
    if rows:
        said = [
            _tally("alt.stats.row", lang, n, right, share, rule=rule)
            for rule, n, right, share in rows
        ]
        parts.append(text("alt.stats.rules", lang, rows="; ".join(said)))
    parts.extend(line if line.endswith((".", ":")) else f"{line}." for line in lines)
    if due:
        parts.append(text("alt.stats.due", lang, due="; ".join(due)))
    if days:
        said = [
            _tally("alt.stats.day", lang, n, right, share, day=day) for day, n, right, share in days
        ]
        parts.append(text("alt.stats.days", lang, days="; ".join(said)))
    return text("alt.stats", lang, parts=" ".join(parts))


def _tally(key: str, lang: Lang, answered: int, right: int, share: str, **named: str) -> str:
    """One rule's or one day's "6 av 7 rätt (86 %)", the counts grouped as the language
    groups them."""
    return text(
        key, lang, answered=number(answered, lang), right=number(right, lang), share=share, **named
    )
