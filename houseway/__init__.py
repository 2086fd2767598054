"""houseway: Pai Gow Poker's House Way by the Swedish rule text 'Huset väljer'.

This top room is the game and its public API: cards, hand values, the rule catalogue,
the house way (one procedure that records what it did), the player's way, settling
and a round at the table. It is pure and stdlib-only, so the bot, the command line
and the analyses share one source of truth. The rooms below it, each a package:

- :mod:`houseway.analysis`: exact values, the census, hand classes, simulation (numpy);
- :mod:`houseway.solve`: the whole-game solve, run in chunks (numpy);
- :mod:`houseway.learning`: answers, practice, the quiz, the explanations;
- :mod:`houseway.cli`: the command line.
"""

from importlib.metadata import PackageNotFoundError, version

from houseway.cards import (
    JOKER,
    Card,
    HandError,
    canonical_hand,
    card_name,
    format_cards,
    parse_cards,
    parse_hand,
)
from houseway.game import (
    Deal,
    HandResult,
    SeatSplit,
    Settlement,
    deal_round,
    house_split,
    own_split,
    settle_seat,
)
from houseway.hands import Category, category_name, five_value, is_legal, two_value
from houseway.language import Lang
from houseway.rules import RULE_IDS, RULES, Rule, sentences_for
from houseway.way import Decision, house_way, same_house_way

try:
    __version__ = version("houseway")
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = [
    "JOKER",
    "RULES",
    "RULE_IDS",
    "Card",
    "Category",
    "Deal",
    "Decision",
    "HandError",
    "HandResult",
    "Lang",
    "Rule",
    "SeatSplit",
    "Settlement",
    "__version__",
    "canonical_hand",
    "card_name",
    "category_name",
    "deal_round",
    "five_value",
    "format_cards",
    "house_split",
    "house_way",
    "is_legal",
    "own_split",
    "parse_cards",
    "parse_hand",
    "same_house_way",
    "sentences_for",
    "settle_seat",
    "two_value",
]
