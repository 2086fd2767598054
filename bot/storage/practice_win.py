"""Play-to-win practice in the database: its answers, apart from the house-way practice.

An answer is written once (its hand and the moment it was shown are its key), under the
member's lock like every other answer, so a second click, a retry or a forget racing it
never counts a hand twice or writes one after the forget.
"""

from __future__ import annotations

from dataclasses import dataclass

from houseway.cards import Card, format_cards

from . import Database
from .forgotten import refuse_if_forgotten


@dataclass(frozen=True)
class WinAnswer:
    user_id: int
    shown_ms: int
    hand: tuple[Card, ...]
    answer: str
    best: bool
    #: What the split gave up against the best, in ten-billionths of a unit bet.
    given_up: int
    seconds: float
    answered_at: float


@dataclass(frozen=True)
class WinStats:
    hands: int = 0
    best: int = 0
    #: In ten-billionths of a unit bet.
    given_up: int = 0


async def record_win(db: Database, answer: WinAnswer) -> bool:
    """Write the answer; False if this hand was answered before.

    Raises:
        ForgottenSinceShown: the member asked to be forgotten after the hand was shown.
    """
    async with db.member_transaction(answer.user_id) as tx:
        await refuse_if_forgotten(tx, answer.user_id, answer.shown_ms / 1000)
        written = await tx.fetch(
            "INSERT INTO practice_win_answers (user_id, shown_ms, hand, answer, best, given_up,"
            " seconds, answered_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
            " ON CONFLICT (user_id, shown_ms, hand) DO NOTHING RETURNING user_id",
            answer.user_id,
            answer.shown_ms,
            format_cards(answer.hand),
            answer.answer,
            int(answer.best),
            answer.given_up,
            answer.seconds,
            answer.answered_at,
        )
    return bool(written)


async def win_stats(db: Database, user_id: int) -> WinStats:
    """The member's play-to-win hands, best splits and all they gave up."""
    row = await db.fetchrow(
        "SELECT COUNT(*) AS n, COALESCE(SUM(best), 0) AS best_,"
        " COALESCE(SUM(given_up), 0) AS lost FROM practice_win_answers WHERE user_id = $1",
        user_id,
    )
    if row is None:
        return WinStats()
    return WinStats(hands=int(row["n"]), best=int(row["best_"]), given_up=int(row["lost"]))
