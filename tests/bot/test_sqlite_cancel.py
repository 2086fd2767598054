"""A transaction cancelled on SQLite (a table closed, a channel deleted, shutdown) leaves
the connection out of any transaction: later writes land and other connections read
them (issue 38, "SQLite stops saving, silently").

aiosqlite runs each statement on the connection's own thread, and a cancelled caller does
not take its statement back. These tests hold that thread inside one step of a
transaction (BEGIN waiting for another process's write lock; COMMIT, ROLLBACK or a script
held where SQLite calls back into Python), cancel the caller there, let the step end, and
then save a server's settings and read them from another connection.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import pytest

from bot.storage import Database, open_database
from bot.storage.sqlite import SQLiteDatabase
from bot.storage.table_settings import GameSettings, game_settings, save_game_settings

GUILD = 111
SAVED = GameSettings(countdown_seconds=30)
#: Far longer than any wait here takes, even on a busy machine: only a hang reaches it.
HANG = 60.0


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path}/cancel.sqlite3"


@pytest.fixture
async def database(url: str) -> AsyncIterator[Database]:
    database = await open_database(url)
    try:
        yield database
    finally:
        await database.close()


def connection_of(database: Database) -> aiosqlite.Connection:
    """The bot's own connection, to watch and hold its thread at a chosen statement."""
    assert isinstance(database, SQLiteDatabase)
    return database._db


async def write_meta(database: Database, key: str) -> None:
    async with database.transaction() as tx:
        await tx.execute("INSERT INTO meta (key, value) VALUES ($1, 'cancelled')", key)


async def assert_saving_works(database: Database, url: str) -> None:
    """A server's settings saved now are what another connection reads; a transaction
    runs; nothing is left of the cancelled one but what it committed."""
    await save_game_settings(database, GUILD, SAVED)
    other = await open_database(url)
    try:
        assert await game_settings(other, GUILD) == SAVED, "saved, but not for the others"
        async with database.transaction() as tx:
            await tx.execute("INSERT INTO meta (key, value) VALUES ('after', 'yes')")
        assert await other.get_meta("after") == "yes"
    finally:
        await other.close()


async def begun_by(database: Database, statement: str) -> asyncio.Event:
    """An event set when the database's thread starts ``statement``."""
    loop = asyncio.get_running_loop()
    begun = asyncio.Event()

    def traced(sql: str) -> None:
        if sql.startswith(statement):
            loop.call_soon_threadsafe(begun.set)

    await connection_of(database).set_trace_callback(traced)
    return begun


async def another_process_writing(url: str) -> sqlite3.Connection:
    """A connection of its own holding SQLite's write lock (as another bot process would)."""
    path = url.removeprefix("sqlite:///")
    writer = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    await asyncio.to_thread(writer.execute, "BEGIN IMMEDIATE")
    return writer


async def cancel(task: asyncio.Task[None]) -> None:
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_cancel_while_begin_waits_for_another_writer(database: Database, url: str) -> None:
    writer = await another_process_writing(url)
    try:
        begun = await begun_by(database, "BEGIN IMMEDIATE")
        task = asyncio.create_task(write_meta(database, "k"))
        async with asyncio.timeout(HANG):
            await begun.wait()  # now waiting for the writer: SQLite's busy timeout is 10 s
        await cancel(task)
    finally:
        await asyncio.to_thread(writer.execute, "ROLLBACK")  # the BEGIN now goes through
        writer.close()

    await assert_saving_works(database, url)
    assert await database.get_meta("k") is None


async def test_cancel_while_a_failing_script_waits_for_another_writer(
    database: Database, url: str
) -> None:
    """A script (a migration) stops at its first error, inside its transaction."""
    writer = await another_process_writing(url)
    try:
        begun = await begun_by(database, "BEGIN IMMEDIATE")
        script = "INSERT INTO meta (key, value) VALUES ('k', 'v');\nINSERT INTO nowhere VALUES (1);"
        task = asyncio.create_task(database.script(script))
        async with asyncio.timeout(HANG):
            await begun.wait()
        await cancel(task)
    finally:
        await asyncio.to_thread(writer.execute, "ROLLBACK")
        writer.close()

    await assert_saving_works(database, url)
    assert await database.get_meta("k") is None


class Gate:
    """SQLite's progress handler, armed for one call: the statement under way (on the
    database's thread) stops there until opened, then goes on, or fails as interrupted."""

    def __init__(self, loop: asyncio.AbstractEventLoop, interrupt: bool) -> None:
        self._loop = loop
        self._interrupt = interrupt
        self.reached = asyncio.Event()
        self.opened = threading.Event()
        self._armed = True

    def __call__(self) -> int:
        if not self._armed:
            return 0
        self._armed = False
        self._loop.call_soon_threadsafe(self.reached.set)
        self.opened.wait(HANG)
        return 1 if self._interrupt else 0


@pytest.mark.parametrize(
    ("step", "interrupt"),
    [("COMMIT", False), ("COMMIT", True), ("ROLLBACK", True)],
    ids=["commit-lands", "commit-fails", "rollback-fails"],
)
async def test_cancel_during_commit_or_rollback(
    database: Database, url: str, step: str, interrupt: bool, caplog: pytest.LogCaptureFixture
) -> None:
    """COMMIT never waits for another connection in WAL mode, so SQLite's progress handler
    holds it (and ROLLBACK) instead, as a slow disk would; interrupted, it fails as a
    full or failing disk would make it, leaving the transaction open."""
    gate = Gate(asyncio.get_running_loop(), interrupt)

    async def transaction() -> None:
        async with database.transaction() as tx:
            await tx.execute("INSERT INTO meta (key, value) VALUES ('k', 'v')")
            # Set on the database's thread after the INSERT: the next statement is the step.
            await connection_of(database).set_progress_handler(gate, 1)
            if step == "ROLLBACK":
                raise RuntimeError("the transaction's work failed")

    task = asyncio.create_task(transaction())
    try:
        async with asyncio.timeout(HANG):
            await gate.reached.wait()
        task.cancel()
        # The caller leaves while the step is still held on the database's thread.
        await asyncio.wait([task], timeout=HANG)
        assert task.cancelled(), "the cancelled caller waited for its step to end"
    finally:
        gate.opened.set()

    with caplog.at_level(logging.WARNING, logger="bot.storage"):
        await assert_saving_works(database, url)
    landed = step == "COMMIT" and not interrupt
    assert await database.get_meta("k") == ("v" if landed else None)
    assert any(f"cancelled caller's {step} failed" in r.getMessage() for r in caplog.records) == (
        interrupt
    )
