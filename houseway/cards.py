"""Cards: the integer encoding, parsing of every accepted notation, and formatting.

A card is an ``int``: ``rank * 4 + suit`` with ranks 0..12 for 2..A and suits
0..3 for s h d c; the joker is 52. Integers keep the hot path of the House Way
to table look-ups (the treys/deuces way); everything human-facing goes through
:func:`parse_hand` and :func:`format_cards`.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Final

from houseway.language import Lang

Card = int

RANKS: Final = "23456789TJQKA"
SUITS: Final = "shdc"
JOKER: Final[Card] = 52
#: Ranks by their place in RANKS (2 is 0): the ones the rules name.
SIX: Final = 4
NINE: Final = 7
TEN: Final = 8
JACK: Final = 9
QUEEN: Final = 10
KING: Final = 11
ACE: Final = 12
DECK: Final[tuple[Card, ...]] = tuple(range(53))
HAND_SIZE: Final = 7
MAX_INPUT_LENGTH: Final = 200

#: Rank of every card, the joker counted as an ace (it joins the aces' group).
RANK_OF: Final[tuple[int, ...]] = (*(c >> 2 for c in range(52)), ACE)
#: Suit of every card; the joker has none (-1).
SUIT_OF: Final[tuple[int, ...]] = (*(c & 3 for c in range(52)), -1)


def deal(rng: random.Random) -> tuple[Card, ...]:
    """Seven cards from the 53-card deck (the bot passes a SystemRandom: unpredictable)."""
    return tuple(rng.sample(DECK, HAND_SIZE))


def card_name(card: Card) -> str:
    """Canonical compact name: ``As``, ``Th``, ``JK``."""
    if card == JOKER:
        return "JK"
    return RANKS[card >> 2] + SUITS[card & 3]


NAMES: Final[tuple[str, ...]] = tuple(card_name(c) for c in DECK)


def card_from_name(name: str) -> Card:
    """Inverse of :func:`card_name` for canonical names only (fast, strict)."""
    try:
        return _CANONICAL[name]
    except KeyError:
        raise HandError("unknown_token", token=name) from None


_CANONICAL: Final[dict[str, Card]] = {n: c for c, n in enumerate(NAMES)}

#: A regular expression matching exactly one canonical name, built from the tables above
#: so that notation embedded elsewhere (the bot's custom ids) cannot drift from them.
NAME_PATTERN: Final = rf"(?:[{re.escape(RANKS)}][{re.escape(SUITS)}]|{re.escape(NAMES[JOKER])})"


def sort_key(card: Card) -> tuple[int, int]:
    """High to low by rank, then s h d c; the joker last (as in ``As Kd ... JK``)."""
    if card == JOKER:
        return (13, 0)
    return (-(card >> 2), card & 3)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in canonical notation, in the order given."""
    return " ".join(NAMES[c] for c in cards)


def canonical_hand(cards: Iterable[Card]) -> str:
    """The hand sorted high to low in canonical notation: what users copy."""
    return format_cards(sorted(cards, key=sort_key))


# --- display ---------------------------------------------------------------------------

#: How a rank is printed on a card and in text: ``10``, not ``T``.
RANK_LABELS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUIT_SYMBOLS: Final = "♠♥♦♣"
#: Where a rank stands alone (a chart's axis), the joker is "Jkr": "JK" beside a jack
#: reads as two cards.
JOKER_LABEL: Final = "Jkr"
JOKER_SYMBOL: Final = "🃏"


def rank_label(card: Card) -> str:
    return JOKER_LABEL if card == JOKER else RANK_LABELS[card >> 2]


def pretty_card(card: Card) -> str:
    """For people: ``10♥``, ``A♠``, the joker ``🃏``."""
    if card == JOKER:
        return JOKER_SYMBOL
    return RANK_LABELS[card >> 2] + SUIT_SYMBOLS[card & 3]


def pretty_cards(cards: Iterable[Card]) -> str:
    return "  ".join(pretty_card(c) for c in cards)


#: Suits in words, in suit order (s h d c), by language: what alt text reads out, and
#: words the parser accepts (a card named in words can be typed back as is).
SUIT_WORDS: Final[dict[Lang, tuple[str, ...]]] = {
    Lang.SV: ("spader", "hjärter", "ruter", "klöver"),
    Lang.EN: ("spades", "hearts", "diamonds", "clubs"),
}
#: Jack, queen, king and ace in words, by language; lower ranks stay digits
#: ("10 of hearts", "hjärter 10"), which screen readers read in their own language.
COURT_WORDS: Final[dict[Lang, tuple[str, ...]]] = {
    Lang.SV: ("knekt", "dam", "kung", "ess"),
    Lang.EN: ("jack", "queen", "king", "ace"),
}
JOKER_WORD: Final = "joker"


def card_words(card: Card, lang: Lang = Lang.EN) -> str:
    """A card in words, for screen readers: ``king of hearts``, ``hjärter kung``, ``joker``.

    Symbols read badly aloud (``K♥`` becomes "K black heart suit" or nothing at all,
    depending on the reader and its language), so alt text names cards the way people
    say them: English "rank of suit", Swedish "suit rank".
    """
    if card == JOKER:
        return JOKER_WORD
    rank = card >> 2
    rank_word = COURT_WORDS[lang][rank - JACK] if rank >= JACK else RANK_LABELS[rank]
    suit_word = SUIT_WORDS[lang][card & 3]
    return f"{suit_word} {rank_word}" if lang == Lang.SV else f"{rank_word} of {suit_word}"


def cards_in_words(cards: Iterable[Card], lang: Lang = Lang.EN) -> str:
    """Cards in words, in the order given, separated by commas."""
    return ", ".join(card_words(c, lang) for c in cards)


class HandError(ValueError):
    """Bad hand input. ``code`` is machine-readable so callers can phrase it in any language.

    Codes: ``empty``, ``too_long``, ``unknown_token``, ``duplicate_card``,
    ``two_jokers``, ``wrong_count``, and ``encoding`` (bytes that are not UTF-8 text,
    which only a reader of bytes such as the command line can meet). ``token`` is the
    offending text where there is one; ``count`` the number of cards found for
    ``wrong_count``.
    """

    MESSAGES: Final = {
        "empty": "No cards given: expected 7 cards, e.g. 'As Kd Th 9c 7s 4d JK'.",
        "too_long": "The input is longer than {limit} characters.",
        "unknown_token": "'{token}' is not a card: expected e.g. 'As', '10h', 'K♠' or 'JK'.",
        "duplicate_card": "The card {token} appears twice: every card may appear once.",
        "two_jokers": "There is only one joker in the deck, but the hand has two.",
        "wrong_count": "Expected 7 cards, got {count}.",
        "encoding": "The input is not valid UTF-8 text ({token} is not UTF-8): expected the "
        "cards as UTF-8 text, e.g. 'As Kd Th 9c 7s 4d JK'.",
    }

    def __init__(self, code: str, token: str | None = None, count: int | None = None) -> None:
        self.code = code
        self.token = token
        self.count = count
        super().__init__(
            self.MESSAGES[code].format(token=token, count=count, limit=MAX_INPUT_LENGTH)
        )


# --- parsing ---------------------------------------------------------------------------

_SUIT_CHARS: Final = {
    "s": 0, "♠": 0, "♤": 0,
    "h": 1, "♥": 1, "♡": 1,
    "d": 2, "♦": 2, "♢": 2,
    "c": 3, "♣": 3, "♧": 3,
}  # fmt: skip
#: The display words above, plus the Swedish ones typed without dots (a US keyboard).
_SUIT_WORDS: Final = {
    **{word: suit for words in SUIT_WORDS.values() for suit, word in enumerate(words)},
    "hjarter": 1, "klover": 3,
}  # fmt: skip
_RANK_WORDS: Final = {
    word: JACK + offset for words in COURT_WORDS.values() for offset, word in enumerate(words)
}
_JOKER_WORDS: Final = ("jokern", JOKER_WORD, "buggen", "jkr", "jk", "🃏")


def _alternation(words: Iterable[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


_RANK_TEXT: Final = rf"(?:{_alternation(_RANK_WORDS)}|10|[2-9tjqka])"
_SUIT_WORD: Final = rf"(?:{_alternation(_SUIT_WORDS)})"
_TOKEN: Final = re.compile(
    rf"""
    (?P<joker>{_alternation(_JOKER_WORDS)})
    | (?P<suit_first>{_SUIT_WORD})\s*(?P<rank_after>{_RANK_TEXT})
    | (?P<rank_first>{_RANK_TEXT})\s*(?:of\s+)?(?P<suit_word>{_SUIT_WORD})
    | (?P<rank>10|[2-9tjqka])(?P<suit>[{"".join(_SUIT_CHARS)}])
    """,
    re.VERBOSE,
)
_SEPARATORS: Final = re.compile(r"[\s,;]+")
_BAD_TOKEN: Final = re.compile(r"[^\s,;]+")


def _rank_value(text: str) -> int:
    if text in _RANK_WORDS:
        return _RANK_WORDS[text]
    return RANKS.index("T" if text == "10" else text.upper())


def _visible(text: str) -> str:
    """Without emoji presentation selectors (♠️) and byte-order marks (files from Windows)."""
    return text.replace("\ufe0f", "").replace("\ufeff", "")


def _normalize(text: str) -> str:
    return unicodedata.normalize("NFC", _visible(text)).lower()


def tokenize(text: str) -> list[tuple[str, Card]]:
    """Split ``text`` into (source token, card) pairs; raise HandError on the first bad token."""
    if len(text) > MAX_INPUT_LENGTH:
        raise HandError("too_long")
    normalized = _normalize(text)
    found: list[tuple[str, Card]] = []
    pos = 0
    while pos < len(normalized):
        gap = _SEPARATORS.match(normalized, pos)
        if gap:
            pos = gap.end()
            continue
        match = _TOKEN.match(normalized, pos)
        if match is None:
            raise HandError("unknown_token", token=_word_at(text, normalized, pos))
        found.append((match.group(), _card_of(match)))
        pos = match.end()
    return found


def _word_at(text: str, normalized: str, pos: int) -> str:
    """The word (between separators) holding ``pos``, as the user typed it.

    Users recognise what they typed, not a lower-cased fragment: for "JKs" the
    answer is "JKs", not "s". Normalizing never adds or removes separators, so the
    n-th word of the normalized text is the n-th word of the original.
    """
    index = sum(1 for word in _BAD_TOKEN.finditer(normalized) if word.start() <= pos) - 1
    words = _BAD_TOKEN.findall(_visible(text))
    return words[index] if 0 <= index < len(words) else normalized[pos:].split()[0]


def _card_of(match: re.Match[str]) -> Card:
    if match.group("joker"):
        return JOKER
    if match.group("suit_first"):
        return _rank_value(match["rank_after"]) * 4 + _SUIT_WORDS[match["suit_first"]]
    if match.group("rank_first"):
        return _rank_value(match["rank_first"]) * 4 + _SUIT_WORDS[match["suit_word"]]
    return _rank_value(match["rank"]) * 4 + _SUIT_CHARS[match["suit"]]


def parse_cards(text: str, count: int | None = HAND_SIZE) -> tuple[Card, ...]:
    """Parse any accepted notation into cards, in input order.

    ``count`` is the number of cards expected (``None``: any number from one up).
    """
    tokens = tokenize(text)
    if not tokens:
        raise HandError("empty")
    seen: set[Card] = set()
    jokers = 0
    for token, card in tokens:
        if card == JOKER:
            jokers += 1
            if jokers > 1:
                raise HandError("two_jokers", token=token)
        elif card in seen:
            raise HandError("duplicate_card", token=NAMES[card])
        seen.add(card)
    if count is not None and len(tokens) != count:
        raise HandError("wrong_count", count=len(tokens))
    return tuple(card for _, card in tokens)


def parse_hand(text: str) -> tuple[Card, ...]:
    """Parse a seven-card hand in any accepted notation (spec section 5)."""
    return parse_cards(text, HAND_SIZE)


def check_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Validate already-encoded cards: seven distinct cards of the 53-card deck."""
    hand = tuple(cards)
    if len(hand) != HAND_SIZE:
        raise HandError("wrong_count", count=len(hand))
    return check_cards(hand)


def check_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Any number of distinct encoded cards (a picture's, say); ValueError otherwise."""
    checked = tuple(cards)
    for card in checked:
        if not (isinstance(card, int) and 0 <= card <= JOKER):
            raise HandError("unknown_token", token=repr(card))
    if len(set(checked)) != len(checked):
        dup = next(c for c in checked if checked.count(c) > 1)
        raise HandError("two_jokers" if dup == JOKER else "duplicate_card", token=NAMES[dup])
    return checked
