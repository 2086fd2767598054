"""Reading the bot's pictures back in tests: alt text read as cards, card slots by ink."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from bot.pictures import cards_image as ci
from bot.pictures.cards_image import Deck
from bot.texts.split_labels import row_order
from houseway import Decision
from houseway.cards import JOKER, NAMES, Card, parse_cards
from houseway.language import Lang
from tests.fakediscord.models import Sent
from tests.imaging import SUIT_INK, inks_in, is_gold, open_png

SYMBOLS = "♠♥♦♣🃏"


def description_of(sent: Sent | Any, filename: str) -> str:
    """The alt text the bot sent with ``filename``."""
    [attachment] = [a for a in sent.attachments if a.get("filename") == filename]
    return str(attachment.get("description") or "")


def cards_named(description: str) -> list[tuple[Card, ...]]:
    """The cards each sentence names after its colon, read back with the parser: alt text
    names cards in the words the parser knows, so this checks cards, not wording."""
    assert not set(SYMBOLS) & set(description), description
    return [parse_cards(part, None) for part in re.findall(r":\s*([^.:]+)\.", description)]


def names_the_split(description: str, decision: Decision, lang: Lang) -> None:
    """The split's cards in the picture's order (the text's: the joker in its place), and
    its hands' names."""
    shown = [row_order(decision.five), row_order(decision.two)]
    assert cards_named(description) == shown
    assert decision.five_name(lang).lower() in description.lower()
    assert decision.two_name(lang).lower() in description.lower()


def assert_drawn_in(
    sent: Sent, decision: Decision, deck: Deck, filename: str = "houseway.png"
) -> None:
    """Every card slot of the split picture in its suit's ink of ``deck``, and no other:
    blue and green pixels where the diamonds and clubs are, or none at all."""
    shown = row_order(decision.five) + row_order(decision.two)
    assert_slots(sent.file(filename).data, shown, deck)


def assert_slots(png: bytes, cards: Sequence[Card], deck: Deck) -> None:
    image = open_png(png)
    for card, box in zip(cards, ci.split_layout().boxes(), strict=True):
        ink = is_gold if card == JOKER else SUIT_INK[deck][NAMES[card][1]]
        found = inks_in(image, box)
        assert found.pop(ink.__name__) > 500, (NAMES[card], deck)
        assert set(found.values()) == {0}, (NAMES[card], deck, found)
