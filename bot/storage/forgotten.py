"""/stats forget in the database: what it deletes, the note it leaves, and the check
every answer's write makes against that note.

A member's answers and their forget take the member's lock first (``member_transaction``),
so they run one after the other: an answer to a hand shown before the forget either
lands before it (and is deleted with the rest) or is refused after it.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from dataclasses import dataclass
from typing import Final

from . import Database, DatabaseError, Statements

log = logging.getLogger(__name__)


class ForgottenSinceShown(Exception):
    """The member ran /stats forget after this hand was shown: its answer is not written.

    A hand dealt after the forget is a fresh start and is written as usual.
    """


async def refuse_if_forgotten(tx: Statements, user_id: int, shown_at: float) -> None:
    """Under the member's lock: raise if their forget is as new as the hand or newer."""
    if await tx.fetchrow(
        "SELECT 1 AS gone FROM forgotten_members WHERE user_id = $1 AND forgotten_at >= $2",
        user_id,
        shown_at,
    ):
        raise ForgottenSinceShown


#: Every table and column that holds a member's id: what /stats forget clears.
MEMBER_ROWS = (
    ("practice_answers", "user_id"),
    ("practice_win_answers", "user_id"),
    ("practice_rules", "user_id"),
    ("practice_members", "user_id"),
    ("daily_answers", "user_id"),
    # Answers before scores: scoring holds each answer it marked until it commits, score
    # and all (quiz.add_score), so the delete of scores that follows finds that score.
    ("answers", "user_id"),
    ("scores", "user_id"),
    ("member_settings", "user_id"),
    # Chips in every server, and seats (open ones too: their round settles without them).
    ("chip_entries", "user_id"),
    ("game_seats", "user_id"),
)


#: How long the note that a member asked to be forgotten is kept (see V6's migration).
FORGOTTEN_KEPT_SECONDS: Final = 30 * 86_400


async def prune_forgotten(db: Statements, now: float | None = None) -> int:
    """Drop the notes of members who asked to be forgotten more than 30 days ago."""
    now = time.time() if now is None else now
    return await db.execute(
        "DELETE FROM forgotten_members WHERE forgotten_at < $1", now - FORGOTTEN_KEPT_SECONDS
    )


class ForgetNotDone(DatabaseError):
    """The forget was rolled back (or never began): nothing was deleted."""


@dataclass
class Forgetting:
    """One member's /stats forget, bounded so that the member can be told the truth.

    It commits only if it is ready by ``commit_by`` (loop time), and rolls back otherwise;
    ``committing`` says when COMMIT has been sent, from which moment only the database
    knows whether it went through (see ``forgotten_since``).
    """

    user_id: int
    commit_by: float
    #: When the member asked (tests set it); by default the moment the lock is taken.
    now: float | None = None
    committing: bool = False

    async def run(self, db: Database) -> int:
        """Delete everything stored about the member, in one transaction; rows deleted.

        Quizzes the member started stay for the other players, without the starter's id.
        What remains is a note of when they asked (for 30 days), which stops any process
        from writing an answer to a hand shown before (or a quiz answer given before) that
        it held back for a slow database.

        Raises:
            ForgetNotDone: not ready by ``commit_by``, or failed before COMMIT.
            DatabaseError: COMMIT failed: it may have gone through (``committing``).
        """
        loop = asyncio.get_running_loop()
        deleted = 0
        try:
            async with db.member_transaction(self.user_id) as tx:
                # Taken under the lock: every hand shown before this moment is refused.
                now = time.time() if self.now is None else self.now
                await prune_forgotten(tx, now)
                await tx.execute(
                    "INSERT INTO forgotten_members (user_id, forgotten_at) VALUES ($1, $2)"
                    " ON CONFLICT (user_id) DO UPDATE SET forgotten_at = excluded.forgotten_at",
                    self.user_id,
                    now,
                )
                # A seat's side wagers name no member: they go with the member's seats.
                deleted += await tx.execute(
                    "DELETE FROM game_wagers WHERE EXISTS (SELECT 1 FROM game_seats s"
                    " WHERE s.round_id = game_wagers.round_id AND s.seat = game_wagers.seat"
                    " AND s.user_id = $1)",
                    self.user_id,
                )
                for table, column in MEMBER_ROWS:
                    deleted += await tx.execute(
                        f"DELETE FROM {table} WHERE {column} = $1", self.user_id
                    )
                deleted += await tx.execute(
                    "UPDATE game_tables SET opened_by = 0 WHERE opened_by = $1", self.user_id
                )
                deleted += await tx.execute(
                    "UPDATE quizzes SET started_by = 0 WHERE started_by = $1", self.user_id
                )
                if loop.time() > self.commit_by:
                    raise ForgetNotDone("the forget was not ready in time; rolled back")
                self.committing = True
        except DatabaseError as error:
            if self.committing or isinstance(error, ForgetNotDone):
                raise
            raise ForgetNotDone(str(error)) from error
        try:
            await db.scrub()
        except DatabaseError as error:  # deleted all the same; the copies go later
            log.warning("old copies of a forgotten member's rows stay for now: %s", error)
        return deleted


async def forget_member(db: Database, user_id: int, now: float | None = None) -> int:
    """Delete everything stored about the member, however long it takes; rows deleted."""
    return await Forgetting(user_id, math.inf, now).run(db)


async def forgotten_since(db: Database, user_id: int, since: float) -> bool:
    """Whether the member's forget note is from ``since`` or later (a forget went through)."""
    return (
        await db.fetchrow(
            "SELECT 1 AS gone FROM forgotten_members WHERE user_id = $1 AND forgotten_at >= $2",
            user_id,
            since,
        )
        is not None
    )
