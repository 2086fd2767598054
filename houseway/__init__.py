"""houseway: Pai Gow Poker's House Way by the Swedish rule text 'Huset väljer'.

Pure and stdlib-only, so the bot, the CLI and the statistics share one source
of truth for splits, rule ids and rule texts.
"""

from importlib.metadata import PackageNotFoundError, version

from .cards import (
    JOKER,
    Card,
    HandError,
    canonical_hand,
    card_name,
    format_cards,
    parse_cards,
    parse_hand,
)
from .hands import Category, category_name, five_value, is_legal, two_value
from .rules import RULE_IDS, RULES, Rule, sentences_for
from .way import Decision, house_way, same_house_way

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
    "Decision",
    "HandError",
    "Rule",
    "__version__",
    "canonical_hand",
    "card_name",
    "category_name",
    "five_value",
    "format_cards",
    "house_way",
    "is_legal",
    "parse_cards",
    "parse_hand",
    "same_house_way",
    "sentences_for",
    "two_value",
]
