"""Quiz rules, independent of Discord: what a correct answer is and what it scores.

Modes: ``set`` (pick the two cards for the two-card hand; correct when the split has
the house way's value, spec section 3's last paragraph) and ``rule`` (pick the
deciding rule among four).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .cards import Card
from .way import Decision, same_house_way

MODES: Final = ("set", "rule")
BASE_POINTS: Final = 100
SPEED_BONUS: Final = 50


def is_correct(
    mode: str, hand: Sequence[Card], decision: Decision, answer: Sequence[Card] | str
) -> bool:
    """Whether an answer is the house way: a two-card hand (``set``) or a rule id (``rule``)."""
    if mode == "rule":
        return answer == decision.rule
    if isinstance(answer, str):  # a rule id names no cards
        return False
    two = list(answer)
    if len(two) != 2 or len(set(two)) != 2 or not set(two) <= set(hand):
        return False
    five = [c for c in hand if c not in two]
    return same_house_way(five, two, decision)


def points(correct: bool, answered_at: float, posted_at: float, seconds: float) -> int:
    """100 for a correct answer, plus up to 50 for speed (linear to zero at the deadline)."""
    if not correct:
        return 0
    left = max(0.0, min(1.0, 1 - (answered_at - posted_at) / seconds)) if seconds > 0 else 0.0
    return BASE_POINTS + round(SPEED_BONUS * left)
