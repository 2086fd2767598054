"""Answers in the database on both backends: group commit, and the last answer given counts."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.storage import Database, Statements, open_database
from bot.storage import quiz as store
from bot.storage.answers import ANSWERS_PER_STATEMENT
from bot.storage.forgotten import FORGOTTEN_KEPT_SECONDS, forget_member
from houseway import parse_hand


async def open_round(database: Database, deadline: float | None = None) -> store.Round:
    now = time.time()
    channel = store.new_id()  # one running quiz per channel
    quiz = store.Quiz(store.new_id(), 1, channel, 3, "set", 1, 30, "en-US", "running")
    await store.create_quiz(database, quiz)
    round_ = store.Round(
        store.new_id(),
        quiz.id,
        1,
        parse_hand("As Kd Qc Jh 9s 7d JK"),
        [],
        channel,
        4,
        now,
        now + 30 if deadline is None else deadline,
        "open",
        None,
    )
    await store.add_round(database, round_)
    return round_


class CountingDatabase(Database):
    """The real database, counting the statements and transactions that reach it."""

    def __init__(self, inner: Database) -> None:
        self.inner = inner
        self.backend = inner.backend
        self.round_trips = 0

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Statements]:
        self.round_trips += 1
        async with self.inner.transaction() as tx:
            yield tx

    async def execute(self, sql: str, *args: Any) -> int:
        self.round_trips += 1
        return await self.inner.execute(sql, *args)

    async def fetch(self, sql: str, *args: Any) -> list[Any]:
        self.round_trips += 1
        return await self.inner.fetch(sql, *args)

    async def script(self, sql: str) -> None:
        await self.inner.script(sql)

    async def close(self, timeout: float | None = None) -> None:
        await self.inner.close(timeout)


async def test_a_burst_of_answers_is_written_in_few_statements(any_database_url: str) -> None:
    database = CountingDatabase(await open_database(any_database_url))
    try:
        round_ = await open_round(database)
        writer = store.AnswerWriter(database)
        database.round_trips = 0
        now = time.time()
        results = await asyncio.gather(
            *(
                writer.submit(store.AnswerIn(round_.id, user, f"As Kd {user}", now))
                for user in range(1, 301)
            )
        )
        assert results == [True] * 300
        # One for the first answer, then the other 299 in batches of 100: four at most
        # (one each would be 300).
        assert database.round_trips <= 4
        rows = await database.fetch(
            "SELECT user_id, answer FROM answers WHERE round_id = $1", round_.id
        )
        assert {(row["user_id"], row["answer"]) for row in rows} == {
            (user, f"As Kd {user}") for user in range(1, 301)
        }
    finally:
        await database.close()


async def test_writer_reports_late_answers_per_answer(any_database_url: str) -> None:
    """A batch mixing an open round and a closed one: each answer gets its own verdict."""
    database = await open_database(any_database_url)
    try:
        open_ = await open_round(database)
        closed = await open_round(database, deadline=time.time() - 1)
        writer = store.AnswerWriter(database)
        now = time.time()
        results = await asyncio.gather(
            writer.submit(store.AnswerIn(open_.id, 1, "As Kd", now)),
            writer.submit(store.AnswerIn(closed.id, 1, "As Kd", now)),
            writer.submit(store.AnswerIn(open_.id, 2, "As Kd", now)),
        )
        assert results == [True, False, True]
        await writer.flush()
    finally:
        await database.close()


async def test_an_older_answer_written_late_never_replaces_a_newer_one(
    any_database_url: str,
) -> None:
    """An answer held in memory during an outage is written later, with its own time."""
    database = await open_database(any_database_url)
    try:
        round_ = await open_round(database)
        now = time.time()
        assert (await store.record_answers(database, [store.AnswerIn(round_.id, 7, "Qc Jh", now)]))[
            0
        ]
        assert not (
            await store.record_answers(database, [store.AnswerIn(round_.id, 7, "As Kd", now - 5)])
        )[0]
        assert (
            await store.record_answers(database, [store.AnswerIn(round_.id, 7, "9s 7d", now + 1)])
        )[0]
        rows = await database.fetch("SELECT answer FROM answers WHERE round_id = $1", round_.id)
        assert [row["answer"] for row in rows] == ["9s 7d"]
        # In one batch the later of a member's answers counts, whatever the order given.
        later, earlier = (
            store.AnswerIn(round_.id, 8, a, now + t) for a, t in (("Qc Jh", 2), ("As Kd", 1))
        )
        assert await store.record_answers(database, [later, earlier]) == [True, True]
        row = await database.fetchrow(
            "SELECT answer FROM answers WHERE round_id = $1 AND user_id = 8", round_.id
        )
        assert row is not None and row["answer"] == "Qc Jh"
    finally:
        await database.close()


async def test_an_answer_given_before_its_member_asked_to_be_forgotten_is_never_written(
    any_database_url: str,
) -> None:
    """Another process may still hold a member's answer from an outage when they run
    /stats forget: the database refuses it, and takes their answers given afterwards."""
    database = await open_database(any_database_url)
    try:
        round_ = await open_round(database)
        now = time.time()
        user = store.new_id()
        await forget_member(database, user, now=now)
        held, fresh = (
            store.AnswerIn(round_.id, user, "Qc Jh", now - 1),
            store.AnswerIn(round_.id, user, "As Kd", now + 1),
        )
        assert await store.record_answers(database, [held]) == [False]
        assert await database.fetch("SELECT 1 FROM answers WHERE user_id = $1", user) == []
        assert await store.record_answers(database, [fresh]) == [True]
        # The note is kept 30 days, then pruned at the next request.
        other = store.new_id()
        await forget_member(database, other, now=now + FORGOTTEN_KEPT_SECONDS + 1)
        kept = await database.fetch("SELECT user_id FROM forgotten_members")
        assert {row["user_id"] for row in kept} == {other}
    finally:
        await database.close()


async def test_answers_that_cannot_be_stored_are_dropped_and_the_rest_written(
    any_database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A time that is a string or infinite, an id past 64 bits, a list for an answer (as a
    journal line on disk may hold): dropped in one warning, never sent again and again,
    and the good answers beside them are written."""
    database = await open_database(any_database_url)
    try:
        round_ = await open_round(database)
        now = time.time()
        bad: list[Any] = [
            store.AnswerIn(round_.id, 8502, "As Kd", "soon"),  # type: ignore[arg-type]
            store.AnswerIn(round_.id, 2**64, "As Kd", now),
            store.AnswerIn(round_.id, 8503, "As Kd", float("inf")),
            store.AnswerIn(round_.id, 8504, ["As", "Kd"], now),  # type: ignore[arg-type]
            store.AnswerIn(round_.id, 8505, "As\x00Kd", now),
        ]
        good = [
            store.AnswerIn(round_.id, 8501, "As Kd", now),
            store.AnswerIn(round_.id, 8506, "Qc Jh", now),
        ]
        with caplog.at_level(logging.WARNING):
            taken = await store.record_answers(database, [good[0], *bad, good[1]])
        assert taken == [True, False, False, False, False, False, True]
        [warning] = [r.getMessage() for r in caplog.records]
        assert warning.startswith(
            "5 answer(s) dropped, the database cannot store them: the first, to round"
            f" {round_.id}, because its time"
        )
        rows = await database.fetch("SELECT user_id FROM answers WHERE round_id = $1", round_.id)
        assert {row["user_id"] for row in rows} == {8501, 8506}
    finally:
        await database.close()


async def refuse_answer(database: Database, refused: str) -> None:
    """Make the database itself refuse one answer text (a check it has and the bot does
    not know of), as it refuses data the bot's own checks did not foresee."""
    if database.backend == "sqlite":
        await database.execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON answers"
            f" WHEN NEW.answer = '{refused}' BEGIN SELECT RAISE(ABORT, 'refused'); END"
        )
    else:
        await database.execute(
            f"ALTER TABLE answers ADD CONSTRAINT refuse CHECK (answer <> '{refused}')"
        )


async def test_an_answer_the_database_refuses_for_its_data_is_dropped_alone(
    any_database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """One answer among 450 (three statements) that the database refuses: its statement
    is split until that answer is alone; the 449 others are written, it is dropped."""
    database = await open_database(any_database_url)
    try:
        round_ = await open_round(database)
        await refuse_answer(database, "Qc Jh")
        now = time.time()
        batch = [store.AnswerIn(round_.id, user, "As Kd", now) for user in range(1, 451)]
        batch[300] = store.AnswerIn(round_.id, 301, "Qc Jh", now)
        with caplog.at_level(logging.WARNING):
            taken = await store.record_answers(database, batch)
        assert taken == [user != 301 for user in range(1, 451)]
        [warning] = [r.getMessage() for r in caplog.records]
        assert "1 answer(s) dropped" in warning and "the database refused it" in warning
        rows = await database.fetch("SELECT user_id FROM answers WHERE round_id = $1", round_.id)
        assert {row["user_id"] for row in rows} == set(range(1, 451)) - {301}
    finally:
        await database.close()


async def test_nine_thousand_answers_to_one_round_are_written(any_database_url: str) -> None:
    """More answers than one statement may carry (PostgreSQL: 32,767 parameters, 4 an
    answer): written in batches, not refused every time they are tried."""
    database = CountingDatabase(await open_database(any_database_url))
    try:
        round_ = await open_round(database)
        now = time.time()
        batch = [store.AnswerIn(round_.id, user, "As Kd", now) for user in range(1, 9001)]
        database.round_trips = 0
        assert await store.record_answers(database, batch) == [True] * 9000
        assert database.round_trips == 9000 // ANSWERS_PER_STATEMENT
        row = await database.fetchrow(
            "SELECT COUNT(*) AS n FROM answers WHERE round_id = $1", round_.id
        )
        assert row is not None and row["n"] == 9000
    finally:
        await database.close()


async def _until_waiting_or_done(url: str, writing: asyncio.Future[Any]) -> None:
    """Until the write waits for a lock (seen from another connection) or is done."""
    import asyncpg

    watcher = await asyncpg.connect(url)
    try:
        for _ in range(3000):
            if writing.done() or await watcher.fetchval(
                "SELECT count(*) FROM pg_locks WHERE NOT granted"
            ):
                return
            await asyncio.sleep(0.01)
        raise AssertionError("the write neither finished nor waited")
    finally:
        await watcher.close()


async def test_a_quiz_answer_written_during_a_forget_waits_for_it_and_is_refused(
    postgres_url: str,
) -> None:
    """A forget and a quiz answer of the same member at the same moment (PostgreSQL, where
    statements run side by side): the answer's write takes the member's lock, so it waits
    for the forget, then sees its note and writes nothing."""
    database = await open_database(postgres_url)
    try:
        round_ = await open_round(database)
        member, given_at = 4242, time.time()
        async with database.member_transaction(member) as forgetting:
            await forgetting.execute(
                "INSERT INTO forgotten_members (user_id, forgotten_at) VALUES ($1, $2)",
                member,
                given_at + 1,
            )
            await forgetting.execute("DELETE FROM answers WHERE user_id = $1", member)
            answer = store.AnswerIn(round_.id, member, "Qc Jh", given_at)
            writing = asyncio.ensure_future(store.record_answers(database, [answer]))
            await _until_waiting_or_done(postgres_url.split("?")[0], writing)
        assert await writing == [False]
        assert await database.fetch("SELECT 1 FROM answers WHERE user_id = $1", member) == []
    finally:
        await database.close()
