"""Quiz answers into the database: checked, in batches within its limits, and never held up
by one answer it refuses.

Answers reach here from members and from the journal on disk, which is input like any
other: a line of it may say anything. An answer that cannot be stored is dropped (with
a warning) rather than sent again and again, so it can never keep a round from closing.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any, Final

from . import Database, DatabaseDataError, DatabaseError, Statements

log = logging.getLogger(__name__)

#: The largest id a BIGINT column holds (signed 64 bits, on both backends).
MAX_ID: Final = 2**63 - 1
#: Longer than any answer the bot takes: two card names, or a rule id.
MAX_ANSWER: Final = 64
#: The times an answer can have been given (2020 to 2100, in seconds since the epoch).
EARLIEST: Final = 1_577_836_800.0
LATEST: Final = 4_102_444_800.0
#: Answers per statement: 4 parameters each, well within PostgreSQL's 32,767 parameters
#: and the 999 of older SQLite builds.
ANSWERS_PER_STATEMENT: Final = 200


@dataclass(frozen=True)
class AnswerIn:
    """One member's answer as taken, before it is written."""

    round_id: int
    user_id: int
    answer: str
    answered_at: float


def unstorable(answer: AnswerIn) -> str | None:
    """Why the answer cannot be stored (a field of the wrong type or out of range), or
    None: asked before the database sees it, since a journal line may hold anything."""
    for name, value in (("round_id", answer.round_id), ("user_id", answer.user_id)):
        if type(value) is not int or not 0 < value <= MAX_ID:
            return f"its {name} is not a positive 64-bit integer"
    given = answer.answer
    if type(given) is not str or not 0 < len(given) <= MAX_ANSWER or not given.isprintable():
        return f"its answer is not a printable text of 1 to {MAX_ANSWER} characters"
    when = answer.answered_at
    if type(when) not in (int, float) or not EARLIEST <= when < LATEST:  # not NaN nor inf
        return "its time is not a moment between 2020 and 2100"
    return None


async def record_answers(db: Statements, batch: list[AnswerIn]) -> list[bool]:
    """Write answers, a few hundred per statement (each its own commit: not inside a
    transaction); whether each was taken.

    The conditions are in the statement itself, so an answer can never land in a round
    that has already been scored, and an older answer written late (after an outage)
    never replaces a newer one: the last answer given counts, not the last written. A
    member's earlier answer in the same batch is superseded by the later one, and an
    answer given before its member ran /stats forget is not written at all. An answer
    that cannot be stored, or that the database refuses for its values, is dropped with
    one warning for the batch; any other DatabaseError is raised (nothing is dropped).
    """
    dropped: list[tuple[AnswerIn, str]] = []
    latest: dict[tuple[int, int], AnswerIn] = {}
    for item in batch:
        problem = unstorable(item)
        if problem is not None:
            dropped.append((item, problem))
            continue
        key = (item.round_id, item.user_id)
        if key not in latest or item.answered_at >= latest[key].answered_at:
            latest[key] = item
    storable = list(latest.values())
    taken: set[tuple[int, int]] = set()
    try:
        for start in range(0, len(storable), ANSWERS_PER_STATEMENT):
            chunk = storable[start : start + ANSWERS_PER_STATEMENT]
            taken |= await _insert_or_split(db, chunk, dropped)
    finally:
        if dropped:
            first, why = dropped[0]
            log.warning(
                "%d answer(s) dropped, the database cannot store them: the first, to round"
                " %r, because %s",
                len(dropped),
                first.round_id,
                why,
            )
    return [(item.round_id, item.user_id) in taken for item in batch]


async def _insert_or_split(
    db: Statements, chunk: list[AnswerIn], dropped: list[tuple[AnswerIn, str]]
) -> set[tuple[int, int]]:
    """Insert the chunk; if the database refuses it for its values, insert each half the
    same way, down to the single answers it refuses (added to ``dropped``)."""
    try:
        return await _insert(db, chunk)
    except DatabaseDataError as error:
        if len(chunk) == 1:
            dropped.append((chunk[0], f"the database refused it ({error})"))
            return set()
    half = len(chunk) // 2
    return await _insert_or_split(db, chunk[:half], dropped) | await _insert_or_split(
        db, chunk[half:], dropped
    )


async def _insert(db: Statements, chunk: list[AnswerIn]) -> set[tuple[int, int]]:
    """One statement for the chunk (one answer per member and round); the (round, member)
    pairs it wrote."""
    values: list[str] = []
    args: list[Any] = []
    for item in chunk:
        n = len(args)
        values.append(
            f"(CAST(${n + 1} AS BIGINT), CAST(${n + 2} AS BIGINT), CAST(${n + 3} AS TEXT),"
            f" CAST(${n + 4} AS DOUBLE PRECISION))"
        )
        args += [item.round_id, item.user_id, item.answer, item.answered_at]
    sql = (
        "WITH given (round_id, user_id, answer, answered_at) AS (VALUES "
        + ", ".join(values)
        + ") INSERT INTO answers (round_id, user_id, answer, answered_at)"
        " SELECT given.round_id, given.user_id, given.answer, given.answered_at FROM given"
        " JOIN rounds ON rounds.id = given.round_id AND rounds.status = 'open'"
        " AND rounds.deadline >= given.answered_at"
        # Not for a member who asked to be forgotten after giving it (the WHERE also
        # tells SQLite the upsert's ON CONFLICT from a join's ON).
        " WHERE NOT EXISTS (SELECT 1 FROM forgotten_members AS gone"
        " WHERE gone.user_id = given.user_id AND gone.forgotten_at >= given.answered_at)"
        " ON CONFLICT (round_id, user_id) DO UPDATE SET answer = excluded.answer,"
        " answered_at = excluded.answered_at"
        " WHERE excluded.answered_at >= answers.answered_at"
        " RETURNING round_id, user_id"
    )
    if isinstance(db, Database):  # under the members' locks: a forget waits, or is waited for
        async with db.members_transaction([item.user_id for item in chunk]) as tx:
            written = await tx.fetch(sql, *args)
    else:
        written = await db.fetch(sql, *args)
    return {(int(row["round_id"]), int(row["user_id"])) for row in written}


class AnswerWriter:
    """Group commit for answers: those that arrive while a write is under way go together.

    A burst of answers (hundreds of members clicking in the same second) would
    otherwise cost one statement and one commit each, every one waiting its turn for
    the event loop and the connection pool, pushing the later acknowledgements past
    Discord's 3-second deadline. Here one task writes whatever has queued up in one
    statement; with a single answer in flight it costs what a single write costs.
    """

    #: Largest batch per statement: its acknowledgements go out together.
    MAX_BATCH = 100

    def __init__(self, db: Database) -> None:
        self.db = db
        self._queue: list[tuple[AnswerIn, asyncio.Future[bool]]] = []
        self._task: asyncio.Task[None] | None = None

    def submit(self, answer: AnswerIn) -> asyncio.Future[bool]:
        """Queue the answer; the future says whether it was taken (or fails: DatabaseError)."""
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._queue.append((answer, future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drain(), name="answer-writer")
        return future

    async def flush(self) -> None:
        """Wait until everything queued so far has been written (or has failed)."""
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)

    async def _drain(self) -> None:
        while self._queue:
            taken = self._queue[: self.MAX_BATCH]
            del self._queue[: self.MAX_BATCH]
            try:
                results = await record_answers(self.db, [answer for answer, _ in taken])
            except BaseException as error:
                failure = (
                    error
                    if isinstance(error, DatabaseError)
                    else DatabaseError(f"answers not written: {type(error).__name__}")
                )
                stopped = not isinstance(error, Exception)
                for _, future in taken + (self._queue if stopped else []):
                    if not future.done():
                        future.set_exception(failure)
                        future.exception()  # mark retrieved: its waiter may have gone
                if stopped:
                    self._queue.clear()
                    raise
                continue
            for (_, future), result in zip(taken, results, strict=True):
                if not future.done():
                    future.set_result(result)
