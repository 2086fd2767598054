"""The bonus bets (spec section 10): side bets on a player's own seven cards as dealt.

A hand *holds* some of the categories below (a seven-card straight flush also holds a
royal flush or a straight flush, a flush, a straight); a pay table pays the best one it
lists, and a hand that holds none of them loses the bet (``nothing``). So a table that
does not pay a category counts the hand in the best category it does pay, as §10 says.
Three of a kind stands above the straight here (it pays more), unlike in §1's ranking.

Pure and stdlib only: the bot settles a seat's bonus with :func:`settle_bonus`, and
``houseway bonus`` says the same on the command line. The odds over every hand are
:mod:`houseway.analysis.bonus_odds`, which reads a hand's holdings through the same
functions (:func:`rank_holdings`, :func:`suit_holdings`) as :func:`holdings` does.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from houseway.cards import ACE, JACK, JOKER, NINE, TEN, Card, check_hand
from houseway.game import MAX_BET
from houseway.hands import STRAIGHT_WINDOWS
from houseway.language import Lang


class BonusCategory(StrEnum):
    """What seven cards can hold for a bonus, best first (§10's ids)."""

    SEVEN_CARD_STRAIGHT_FLUSH_NATURAL = "seven-card-straight-flush-natural"
    ROYAL_FLUSH_ROYAL_MATCH = "royal-flush-royal-match"
    SEVEN_CARD_STRAIGHT_FLUSH_JOKER = "seven-card-straight-flush-joker"
    FIVE_ACES = "five-aces"
    ROYAL_FLUSH = "royal-flush"
    STRAIGHT_FLUSH = "straight-flush"
    FOUR_OF_A_KIND = "four-of-a-kind"
    FULL_HOUSE = "full-house"
    FLUSH = "flush"
    THREE_OF_A_KIND = "three-of-a-kind"
    STRAIGHT = "straight"
    PAI_GOW_9 = "pai-gow-9"
    PAI_GOW_10 = "pai-gow-10"
    PAI_GOW_J = "pai-gow-j"
    NOTHING = "nothing"

    @property
    def bit(self) -> int:
        """This category's bit in a holdings mask (:func:`holdings`)."""
        return 1 << ORDER.index(self)

    def name_in(self, lang: Lang) -> str:
        return CATEGORY_NAMES[self][lang]


C = BonusCategory
#: Every category, best first: a holdings mask's bit 0 is the best.
ORDER: Final[tuple[BonusCategory, ...]] = tuple(BonusCategory)

CATEGORY_NAMES: Final[dict[BonusCategory, dict[Lang, str]]] = {
    C.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL: {
        Lang.SV: "Färgstege med sju kort, utan joker",
        Lang.EN: "Seven-card straight flush, no joker",
    },
    C.ROYAL_FLUSH_ROYAL_MATCH: {
        Lang.SV: "Royal flush med kung och dam i samma färg",
        Lang.EN: "Royal flush with a suited king and queen",
    },
    C.SEVEN_CARD_STRAIGHT_FLUSH_JOKER: {
        Lang.SV: "Färgstege med sju kort, med joker",
        Lang.EN: "Seven-card straight flush with the joker",
    },
    C.FIVE_ACES: {Lang.SV: "Fem ess", Lang.EN: "Five aces"},
    C.ROYAL_FLUSH: {Lang.SV: "Royal flush", Lang.EN: "Royal flush"},
    C.STRAIGHT_FLUSH: {Lang.SV: "Färgstege", Lang.EN: "Straight flush"},
    C.FOUR_OF_A_KIND: {Lang.SV: "Fyrtal", Lang.EN: "Four of a kind"},
    C.FULL_HOUSE: {Lang.SV: "Kåk", Lang.EN: "Full house"},
    C.FLUSH: {Lang.SV: "Färg", Lang.EN: "Flush"},
    C.THREE_OF_A_KIND: {Lang.SV: "Triss", Lang.EN: "Three of a kind"},
    C.STRAIGHT: {Lang.SV: "Stege", Lang.EN: "Straight"},
    C.PAI_GOW_9: {Lang.SV: "Pai gow med nia högst", Lang.EN: "Pai gow, nine high"},
    C.PAI_GOW_10: {Lang.SV: "Pai gow med tia högst", Lang.EN: "Pai gow, ten high"},
    C.PAI_GOW_J: {Lang.SV: "Pai gow med knekt högst", Lang.EN: "Pai gow, jack high"},
    C.NOTHING: {Lang.SV: "Ingen vinst", Lang.EN: "Nothing"},
}


@dataclass(frozen=True)
class PayTable:
    """A bonus pay table: what each category it lists pays to 1, best first."""

    id: str
    #: Its name as casinos print it (a proper name: the same in both languages).
    title: str
    pays: Mapping[BonusCategory, int]
    #: Envy's fixed pay for another hand of the round in a category (Fortune only).
    envy: Mapping[BonusCategory, int]

    def category(self, held: int) -> BonusCategory:
        """The best category of a holdings mask that this table pays, else ``nothing``."""
        return self._best[held] if held < len(self._best) else self._pick(held)

    def _pick(self, held: int) -> BonusCategory:
        for category in self.pays:
            if held & category.bit:
                return category
        return C.NOTHING

    @property
    def _best(self) -> tuple[BonusCategory, ...]:
        return _BEST[self.id]


#: Bets of at least this many chips are also paid Envy (on a table that has it).
ENVY_MIN_BET: Final = 5

PAY_TABLES: Final[dict[str, PayTable]] = {
    table.id: table
    for table in (
        PayTable(
            "fortune",
            "Fortune Pai Gow",
            {
                C.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL: 8000,
                C.ROYAL_FLUSH_ROYAL_MATCH: 2000,
                C.SEVEN_CARD_STRAIGHT_FLUSH_JOKER: 1000,
                C.FIVE_ACES: 400,
                C.ROYAL_FLUSH: 150,
                C.STRAIGHT_FLUSH: 50,
                C.FOUR_OF_A_KIND: 25,
                C.FULL_HOUSE: 5,
                C.FLUSH: 4,
                C.THREE_OF_A_KIND: 3,
                C.STRAIGHT: 2,
            },
            {
                C.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL: 5000,
                C.ROYAL_FLUSH_ROYAL_MATCH: 1000,
                C.SEVEN_CARD_STRAIGHT_FLUSH_JOKER: 500,
                C.FIVE_ACES: 250,
                C.ROYAL_FLUSH: 50,
                C.STRAIGHT_FLUSH: 20,
                C.FOUR_OF_A_KIND: 5,
            },
        ),
        PayTable(
            "mania",
            "Pai Gow Mania",
            {
                C.FIVE_ACES: 500,
                C.ROYAL_FLUSH: 250,
                C.STRAIGHT_FLUSH: 50,
                C.FOUR_OF_A_KIND: 25,
                C.FULL_HOUSE: 5,
                C.FLUSH: 4,
                C.THREE_OF_A_KIND: 3,
                C.STRAIGHT: 2,
            },
            {},
        ),
        PayTable(
            "emperor",
            "Emperor's Challenge",
            {
                C.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL: 5000,
                C.SEVEN_CARD_STRAIGHT_FLUSH_JOKER: 1000,
                C.FIVE_ACES: 500,
                C.ROYAL_FLUSH: 150,
                C.STRAIGHT_FLUSH: 50,
                C.FOUR_OF_A_KIND: 25,
                C.FULL_HOUSE: 5,
                C.FLUSH: 4,
                C.THREE_OF_A_KIND: 3,
                C.STRAIGHT: 2,
                C.PAI_GOW_9: 40,
                C.PAI_GOW_10: 5,
                C.PAI_GOW_J: 2,
            },
            {},
        ),
    )
}
#: A new server's table (§10: ``fortune`` by default).
DEFAULT_TABLE: Final = "fortune"

#: Per table, the category it pays for every holdings mask (2**14 of them: the nothing
#: bit is never set), so that the odds' inner loop is one look-up.
_BEST: Final[dict[str, tuple[BonusCategory, ...]]] = {
    table.id: tuple(table._pick(held) for held in range(1 << (len(ORDER) - 1)))
    for table in PAY_TABLES.values()
}


class BonusError(ValueError):
    """A pay table that is not one, or a bonus bet that is not whole chips."""


def pay_table(table_id: str) -> PayTable:
    try:
        return PAY_TABLES[table_id]
    except KeyError:
        raise BonusError(
            f"unknown pay table {table_id!r}: choose one of {', '.join(PAY_TABLES)}"
        ) from None


# --- what seven cards hold -----------------------------------------------------------

_ROYAL: Final = 0b1111100000000  # 10 J Q K A
_KING_QUEEN: Final = (1 << 11) | (1 << 10)
#: Rank masks of the seven-card straights: 8 high to ace high, and 7-6-5-4-3-2-A.
SEVEN_WINDOWS: Final = (
    *(((1 << 7) - 1) << (top - 6) for top in range(6, 13)),
    (1 << ACE) | 0b111111,
)
_PAI_GOW: Final = {NINE: C.PAI_GOW_9, TEN: C.PAI_GOW_10, JACK: C.PAI_GOW_J}


def _runs(mask: int, joker: int, windows: Iterable[int], length: int) -> bool:
    """Whether the ranks of ``mask``, the joker filling a gap, run ``length`` in a row."""
    return any((mask & window).bit_count() + joker >= length for window in windows)


def rank_holdings(counts: Sequence[int], joker: bool) -> int:
    """What the ranks alone hold (13 counts, 2 to ace, and the joker, an ace here): the
    groups, a straight, and pai gow where no pair or straight is held (a flush, which
    the ranks cannot see, takes pai gow away again in :func:`holdings`)."""
    jk = int(joker)
    grouped = [*counts[:ACE], counts[ACE] + jk]
    held = 0
    if grouped[ACE] == 5:
        held |= C.FIVE_ACES.bit
    top = max(grouped)
    if top >= 4:
        held |= C.FOUR_OF_A_KIND.bit
    if top >= 3:
        held |= C.THREE_OF_A_KIND.bit
        if sum(1 for n in grouped if n >= 2) >= 2:
            held |= C.FULL_HOUSE.bit
    mask = sum(1 << rank for rank, n in enumerate(counts) if n)
    if _runs(mask, jk, STRAIGHT_WINDOWS, 5):
        held |= C.STRAIGHT.bit
    elif top == 1 and not joker:
        pai_gow = _PAI_GOW.get(mask.bit_length() - 1)
        if pai_gow is not None:
            held |= pai_gow.bit
    return held


def suit_holdings(suited: int, joker: bool) -> int:
    """What the ranks of one suit hold (a rank mask, the joker beside them): a flush and
    its straight and royal flushes; nothing when they are fewer than five."""
    jk = int(joker)
    if suited.bit_count() + jk < 5:
        return 0
    held = C.FLUSH.bit
    if _runs(suited, jk, STRAIGHT_WINDOWS, 5):
        held |= C.STRAIGHT_FLUSH.bit
    if (suited & _ROYAL).bit_count() + jk >= 5:
        held |= C.ROYAL_FLUSH.bit
    if joker and _runs(suited, 0, SEVEN_WINDOWS, 6):
        held |= C.SEVEN_CARD_STRAIGHT_FLUSH_JOKER.bit
    elif not joker and suited in SEVEN_WINDOWS:
        held |= C.SEVEN_CARD_STRAIGHT_FLUSH_NATURAL.bit
    return held


_PAI_GOW_BITS: Final = C.PAI_GOW_9.bit | C.PAI_GOW_10.bit | C.PAI_GOW_J.bit


def with_flush(ranks: int, suited: int) -> int:
    """A hand's holdings from its ranks' and its flush suit's: a flush is no pai gow."""
    return (ranks | suited) & ~_PAI_GOW_BITS if suited else ranks


def holdings(hand: Sequence[Card]) -> int:
    """Every category seven cards hold, as a mask of :attr:`BonusCategory.bit`.

    Raises:
        HandError: ``hand`` is not seven distinct cards.
    """
    cards = check_hand(hand)
    joker = JOKER in cards
    counts = [0] * 13
    suits = [0, 0, 0, 0]
    for card in cards:
        if card != JOKER:
            counts[card >> 2] += 1
            suits[card & 3] |= 1 << (card >> 2)
    held = rank_holdings(counts, joker)
    flush_suit = next((s for s in range(4) if suits[s].bit_count() + joker >= 5), None)
    if flush_suit is None:
        return held
    suited = suit_holdings(suits[flush_suit], joker)
    if not joker and suits[flush_suit] & _ROYAL == _ROYAL:
        others = [c for c in cards if not (c & 3 == flush_suit and (1 << (c >> 2)) & _ROYAL)]
        if (
            len(others) == 2
            and sum(1 << (c >> 2) for c in others) == _KING_QUEEN
            and others[0] & 3 == others[1] & 3
        ):
            suited |= C.ROYAL_FLUSH_ROYAL_MATCH.bit
    return with_flush(held, suited)


def category(hand: Sequence[Card], table: str = DEFAULT_TABLE) -> BonusCategory:
    """The best category of the hand that ``table`` pays (``nothing`` when none)."""
    return pay_table(table).category(holdings(hand))


# --- settling --------------------------------------------------------------------------


@dataclass(frozen=True)
class BonusResult:
    """A bonus bet settled on the seven cards: the category, what it pays to 1 (0: it
    loses) and the net in chips (``pays * bet``, or ``-bet``)."""

    table: str
    category: BonusCategory
    pays: int
    bet: int

    @property
    def net(self) -> int:
        return self.pays * self.bet if self.pays else -self.bet

    @property
    def won(self) -> bool:
        return self.pays > 0

    def to_json(self) -> dict[str, object]:
        return {"category": self.category.value, "pays": self.pays, "net": self.net}


def check_bonus_bet(bet: object) -> int:
    """A bonus bet in whole chips, zero for none, at most :data:`MAX_BET` (the stakes
    are the server's to bound further)."""
    if isinstance(bet, bool) or not isinstance(bet, int) or not 0 <= bet <= MAX_BET:
        raise BonusError(
            f"a bonus bet is a whole number of chips from 0 (none) to {MAX_BET:,}; got {bet!r}"
        )
    return bet


def settle_bonus(hand: Sequence[Card], table: str, bet: int) -> BonusResult:
    """The bonus on the seven cards as dealt: whatever the split, the dealer or a foul."""
    check_bonus_bet(bet)
    chosen = pay_table(table)
    found = chosen.category(holdings(hand))
    return BonusResult(chosen.id, found, chosen.pays.get(found, 0), bet)


def envy_applies(table: str, bet: int) -> bool:
    """Whether a bonus of ``bet`` on ``table`` plays Envy: a table with Envy, a bet of at
    least :data:`ENVY_MIN_BET` (spec §10)."""
    return bool(pay_table(table).envy) and bet >= ENVY_MIN_BET


def envy(others: Iterable[Sequence[Card]], table: str, bet: int) -> int:
    """Envy's chips for a bonus of ``bet`` on ``table``: its fixed pay for every other hand
    of the round (another seat's, the dealer's) in a category it lists; 0 where Envy does
    not apply (:func:`envy_applies`)."""
    if not envy_applies(table, bet):
        return 0
    chosen = pay_table(table)
    total = 0
    for hand in others:
        found = _envy_category(chosen, holdings(hand))
        total += chosen.envy.get(found, 0) if found is not None else 0
    return total


def _envy_category(table: PayTable, held: int) -> BonusCategory | None:
    for found in table.envy:
        if held & found.bit:
            return found
    return None


__all__ = [
    "DEFAULT_TABLE",
    "ENVY_MIN_BET",
    "ORDER",
    "PAY_TABLES",
    "BonusCategory",
    "BonusError",
    "BonusResult",
    "PayTable",
    "category",
    "check_bonus_bet",
    "envy",
    "envy_applies",
    "holdings",
    "pay_table",
    "rank_holdings",
    "settle_bonus",
    "suit_holdings",
    "with_flush",
]
