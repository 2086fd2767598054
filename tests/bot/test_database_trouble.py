"""PostgreSQL trouble in the middle of an interaction (a backend terminated, a server that
hangs): told to the member as "the database is not answering", logged as one warning
line, never as an error with a traceback."""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from typing import Any

import asyncpg
import pytest

from bot.storage import DatabaseError
from bot.storage.postgres import PostgresDatabase
from tests.bot.fixtures import IN_THREAD, BotRunner
from tests.bot.tcpproxy import TcpProxy
from tests.bot.test_practice import hand_of, house_two, menu_of, practise
from tests.fakediscord import FakeDiscord

NOT_ANSWERING = "the database is not answering"


def trouble_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    """What the bot, asyncpg and asyncio (asyncpg reports through its exception handler)
    logged at WARNING or above."""
    return [
        r
        for r in caplog.records
        if r.levelno >= logging.WARNING and r.name.split(".")[0] in ("bot", "asyncpg", "asyncio")
    ]


async def answer_once(fake: FakeDiscord, user: Any, session: Any) -> Any:
    message = fake.messages[session.original_message_id]
    values = house_two(hand_of(message))
    return await fake.click(message, menu_of(message)["custom_id"], values=values, user=user)


def one_warning(caplog: pytest.LogCaptureFixture, *said: str) -> None:
    lines = trouble_lines(caplog)
    assert [r.levelname for r in lines] == ["WARNING"], [r.getMessage() for r in lines]
    assert not lines[0].exc_info and "\n" not in lines[0].getMessage()
    for words in said:
        assert words in lines[0].getMessage()


async def test_a_hang_is_told_and_logged_once_with_how_long_it_was_given(
    fake_discord: FakeDiscord,
    run_bot: BotRunner,
    postgres_url: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    proxy = TcpProxy.to(postgres_url)
    await proxy.start()
    try:
        async with run_bot(
            fake_discord, database_url=proxy.url(postgres_url), practice_timing=IN_THREAD
        ) as bot:
            anna = fake_discord.make_user("anna")
            session = await practise(fake_discord, anna)
            caplog.clear()
            proxy.pause()
            click = await answer_once(fake_discord, anna, session)
            told = await fake_discord.wait_response(click, timeout=5)
            assert told.ephemeral and NOT_ANSWERING in told.content
            one_warning(caplog, "database unavailable for practice set", "did not answer within")
            caplog.clear()
            proxy.resume()
            # The write given up on finishes once the server answers; the next one works.
            again = await practise(fake_discord, anna)
            assert fake_discord.messages[again.original_message_id].embeds
            assert bot.database.backend == "postgresql"
        assert trouble_lines(caplog) == []
    finally:
        await proxy.stop()


async def test_a_terminated_backend_is_told_and_logged_once(
    fake_discord: FakeDiscord,
    run_bot: BotRunner,
    postgres_url: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The answer's write waits on a lock; its backend is terminated meanwhile."""
    name = f"hw_{uuid.uuid4().hex[:12]}"
    url = f"{postgres_url}&application_name={name}"
    admin = await asyncpg.connect(postgres_url)
    try:
        async with run_bot(fake_discord, database_url=url, practice_timing=IN_THREAD):
            bert = fake_discord.make_user("bert")
            session = await practise(fake_discord, bert)
            caplog.clear()
            locking = admin.transaction()
            await locking.start()
            await admin.execute("LOCK TABLE practice_answers IN ACCESS EXCLUSIVE MODE")
            click = await answer_once(fake_discord, bert, session)
            waiting = (
                "SELECT pid FROM pg_stat_activity WHERE application_name = $1"
                " AND wait_event_type = 'Lock'"
            )
            while not (pids := await admin.fetch(waiting, name)):
                await asyncio.sleep(0.02)  # until the bot's write waits on the lock
            for row in pids:
                await admin.execute("SELECT pg_terminate_backend($1)", row["pid"])
            told = await fake_discord.wait_response(click, timeout=5)
            await locking.rollback()
            assert told.ephemeral and NOT_ANSWERING in told.content
            one_warning(caplog, "database unavailable for practice set")
            caplog.clear()
            again = await practise(fake_discord, bert)  # a new connection takes its place
            assert fake_discord.messages[again.original_message_id].embeds
        assert trouble_lines(caplog) == []
    finally:
        await admin.close()


async def test_a_statement_past_the_command_timeout_says_how_long_it_waited(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """asyncpg's own timeout has no words; ours says what happened. A transaction whose
    end never came back is closed, not reset into the pool with the transaction open."""
    proxy = TcpProxy.to(postgres_url)
    await proxy.start()
    database = await PostgresDatabase.open(proxy.url(postgres_url), command_timeout=0.5)
    try:
        await database.execute("CREATE TABLE hang (x INTEGER)")
        proxy.pause()
        with pytest.raises(DatabaseError, match=r"did not answer within 0\.5 s"):
            await database.execute("INSERT INTO hang VALUES (1)")
        began = time.monotonic()
        with pytest.raises(DatabaseError, match=r"did not answer within 0\.5 s"):
            async with database.transaction() as tx:  # a new connection: the first was closed
                await tx.execute("INSERT INTO hang VALUES (2)")
        # As it says: the pool's reconnecting had 10 s whatever the command timeout.
        assert time.monotonic() - began < 5
        proxy.resume()
        assert await database.fetch("SELECT 1 AS one") == [{"one": 1}]
        assert [r for r in trouble_lines(caplog) if r.levelno >= logging.ERROR] == []
    finally:
        await database.close(timeout=5)
        await proxy.stop()
