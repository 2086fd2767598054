"""Quiz rules, independent of Discord: what a right answer scores. What an answer is
and whether it is right is :mod:`houseway.learning.answers`."""

from __future__ import annotations

from typing import Final

BASE_POINTS: Final = 100
SPEED_BONUS: Final = 50


def points(correct: bool, answered_at: float, posted_at: float, seconds: float) -> int:
    """100 for a correct answer, plus up to 50 for speed (linear to zero at the deadline)."""
    if not correct:
        return 0
    left = max(0.0, min(1.0, 1 - (answered_at - posted_at) / seconds)) if seconds > 0 else 0.0
    return BASE_POINTS + round(SPEED_BONUS * left)
