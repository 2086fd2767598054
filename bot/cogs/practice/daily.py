"""The hand of the day's shared state, apart from the /daily command that shows it.

One hand per UTC day for everyone: drawn by the day's first member and stored, so that
every process of the bot deals the same. Yesterday's summary is final once the day is
over, so it is kept in memory rather than counted again for each member.
"""

from __future__ import annotations

import secrets
from datetime import date, timedelta
from typing import TYPE_CHECKING, NamedTuple

from houseway.cards import Card, deal, sort_key
from houseway.language import Lang

from ...storage import practice as practice_store
from .embeds import yesterday_text

if TYPE_CHECKING:
    from ...storage import Bounded

#: The hand of the day must not be derivable from the (public) code: the operating
#: system's randomness.
_DAILY_RANDOM = secrets.SystemRandom()


class Standing(NamedTuple):
    """The day's tally and a member's streaks of days answered right."""

    answered: int
    right: int
    current: int
    best: int


class DailyHands:
    """The day's hand and yesterday's summary, read through a bounded database."""

    def __init__(self) -> None:
        self._hands: dict[str, tuple[Card, ...]] = {}
        self._yesterday: dict[str, str] = {}

    async def hand(self, db: Bounded, day: str) -> tuple[Card, ...]:
        """The day's hand: drawn at random by the day's first member, then stored."""
        hand = self._hands.get(day)
        if hand is None:
            fresh = tuple(sorted(deal(_DAILY_RANDOM), key=sort_key))
            hand = await db.run(practice_store.daily_hand, day, fresh)
            self._hands = {day: hand}  # only today's is asked for
        return hand

    async def yesterday(self, db: Bounded, today: str, lang: Lang) -> str:
        """Yesterday's hand and how it was answered (final once the day is over: cached)."""
        day = (date.fromisoformat(today) - timedelta(days=1)).isoformat()
        key = f"{day}:{lang}"
        if key not in self._yesterday:
            hand = await db.run(practice_store.stored_daily_hand, day)
            answered, right = await db.run(practice_store.daily_tally, day)
            distribution = await db.run(practice_store.daily_distribution, day)
            shown = yesterday_text(day, hand, answered, right, distribution, lang)
            self._yesterday = {k: v for k, v in self._yesterday.items() if k.startswith(day)}
            self._yesterday[key] = shown
        return self._yesterday[key]

    async def standing(self, db: Bounded, day: str, user_id: int) -> Standing:
        """How the day has been answered so far, and the member's streaks up to it."""
        answered, right = await db.run(practice_store.daily_tally, day)
        days = await db.run(practice_store.daily_right_days, user_id)
        # Up to ``day`` only: a day shared later must not borrow the streak of days after it.
        current, best = practice_store.streaks([d for d in days if d <= day], day)
        return Standing(answered, right, current, best)
