"""The SQLite backend (aiosqlite): one connection behind a lock, WAL, and the
``sqlite:///`` URLs that name a file."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from .base import (
    PLACEHOLDER,
    Database,
    DatabaseDataError,
    DatabaseError,
    Row,
    Statements,
    log,
)


def _sqlite_error(error: Exception) -> DatabaseError:
    """SQLite's refusal as a DatabaseError; one of the values (too large an integer, a
    type it cannot bind, a NOT NULL or CHECK it breaks) as a DatabaseDataError."""
    refused_for_data = isinstance(
        error, OverflowError | sqlite3.DataError | sqlite3.IntegrityError
    ) or (isinstance(error, sqlite3.ProgrammingError) and "binding parameter" in str(error))
    return (DatabaseDataError if refused_for_data else DatabaseError)(str(error))


class _SQLiteStatements(Statements):
    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection

    async def execute(self, sql: str, *args: Any) -> int:
        try:
            cursor = await self._db.execute(PLACEHOLDER.sub(r"?\1", sql), args)
            return cursor.rowcount
        except (aiosqlite.Error, OverflowError) as error:
            raise _sqlite_error(error) from error

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        try:
            async with self._db.execute(PLACEHOLDER.sub(r"?\1", sql), args) as cursor:
                return [dict(row) for row in await cursor.fetchall()]
        except (aiosqlite.Error, OverflowError) as error:
            raise _sqlite_error(error) from error

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            await self._db.executemany(PLACEHOLDER.sub(r"?\1", sql), rows)
        except (aiosqlite.Error, OverflowError) as error:
            raise _sqlite_error(error) from error


class _Turn:
    """One holder's time with the connection, and who gives the lock back at its end.

    aiosqlite's thread runs a statement whether or not its caller still waits for it: a
    cancelled BEGIN IMMEDIATE still begins once another process lets go of the write
    lock, a cancelled COMMIT still commits. So a step that opens or ends a transaction
    runs as a task of its own, and a caller cancelled during one leaves at once, handing
    the lock to ``_settle``, which gives it back only once that step has ended and no
    transaction is left open: the next holder never runs inside another's.
    """

    def __init__(
        self,
        connection: aiosqlite.Connection,
        lock: asyncio.Lock,
        settling: set[asyncio.Task[None]],
    ) -> None:
        self._db = connection
        self._lock = lock
        self._settling = settling
        self.handed_over = False

    async def step(self, what: str, work: Awaitable[object]) -> None:
        running = asyncio.ensure_future(work)
        try:
            await asyncio.shield(running)
        except asyncio.CancelledError:
            self.handed_over = True
            settling = asyncio.ensure_future(self._settle(what, running))
            self._settling.add(settling)  # held, or the task may be collected half way
            settling.add_done_callback(self._settling.discard)
            raise

    async def _settle(self, what: str, step: asyncio.Future[object]) -> None:
        """Wait for the cancelled caller's step to end, roll back any transaction it left
        open (a BEGIN that began, a COMMIT that failed), then give the lock back. Should
        this task be cancelled (the event loop ending), it gives the lock back at once."""
        try:
            try:
                await step
            except aiosqlite.Error as error:
                if what != "BEGIN":  # a BEGIN that failed began nothing
                    log.warning("a cancelled caller's %s failed, rolled back: %s", what, error)
            await self._db.rollback()  # sqlite3's rollback() does nothing outside a transaction
        except (ValueError, sqlite3.ProgrammingError):
            pass  # the connection was closed meanwhile, and closing rolled back
        except aiosqlite.Error as error:
            log.warning("SQLite could not roll back after a cancelled %s: %s", what, error)
        finally:
            self._lock.release()


class SQLiteDatabase(Database):
    """One connection; a lock keeps a transaction's statements from interleaving.

    A statement outside a transaction whose caller is cancelled runs on by itself (SQLite
    commits it alone) before anything queued after it, so only the steps that open or end
    a transaction need a turn (``_Turn``).
    """

    backend = "sqlite"

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._statements = _SQLiteStatements(connection)
        self._lock = asyncio.Lock()
        self._settling: set[asyncio.Task[None]] = set()  # see _Turn

    @classmethod
    async def open(cls, path: str) -> SQLiteDatabase:
        try:
            if path != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            # timeout= is SQLite's busy timeout from the first statement on: a new file
            # opened by several processes at once must wait for its WAL switch, not fail.
            connection = await aiosqlite.connect(path, isolation_level=None, timeout=10)
        except (aiosqlite.Error, OSError) as error:
            raise DatabaseError(f"cannot open SQLite database {path}: {error}") from error
        connection.row_factory = aiosqlite.Row
        # Switching to WAL needs a moment of exclusive access; SQLite answers "locked"
        # at once (no busy wait) when another process is switching too: retry briefly.
        for attempt in range(50):
            try:
                await connection.execute("PRAGMA journal_mode=WAL")
                await connection.execute("PRAGMA synchronous=NORMAL")
                # Deleted rows are overwritten with zeros, not left in free space: what
                # /stats forget deletes is gone from the file once checkpointed (scrub).
                await connection.execute("PRAGMA secure_delete=ON")
                break
            except aiosqlite.OperationalError as error:
                if "locked" not in str(error) or attempt == 49:
                    await connection.close()
                    raise DatabaseError(f"cannot set up SQLite database {path}: {error}") from error
                await asyncio.sleep(0.1)
        return cls(connection)

    async def execute(self, sql: str, *args: Any) -> int:
        async with self._lock:
            return await self._statements.execute(sql, *args)

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        async with self._lock:
            return await self._statements.fetch(sql, *args)

    @contextlib.asynccontextmanager
    async def _turn(self) -> AsyncIterator[_Turn]:
        await self._lock.acquire()
        turn = _Turn(self._db, self._lock, self._settling)
        try:
            yield turn
        finally:
            if not turn.handed_over:
                self._lock.release()

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Statements]:
        """BEGIN IMMEDIATE, the caller's statements, COMMIT; on any exception, a rollback.

        A cancelled caller leaves at once and the transaction ends without it (``_Turn``):
        cancelled during BEGIN (waiting for another process's write lock), its statements
        or a rollback, it is rolled back. A COMMIT already handed to SQLite's thread is not
        taken back: the caller gets its CancelledError, never a DatabaseError (the commit
        may well have landed), and the outcome is SQLite's: committed whole, or, should the
        COMMIT fail, rolled back whole and logged. Either way the next holder of the lock
        finds the connection out of this transaction.
        """
        async with self._turn() as turn:
            try:
                await turn.step("BEGIN", self._db.execute("BEGIN IMMEDIATE"))
            except aiosqlite.Error as error:
                raise DatabaseError(str(error)) from error
            try:
                yield self._statements
            except BaseException:
                await turn.step("ROLLBACK", self._db.rollback())
                raise
            try:
                await turn.step("COMMIT", self._db.execute("COMMIT"))
            except aiosqlite.Error as error:
                await turn.step("ROLLBACK", self._db.rollback())
                raise DatabaseError(str(error)) from error

    async def scrub(self) -> None:
        """Copy the WAL into the file and empty it: the WAL holds the pages as they were
        before the delete, and the file holds them until they are checkpointed."""
        async with self._lock:
            try:
                async with self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)") as cursor:
                    busy = await cursor.fetchone()
            except aiosqlite.Error as error:
                raise DatabaseError(str(error)) from error
        if busy is not None and busy[0]:
            # Another process is reading an older snapshot: the next checkpoint empties it.
            raise DatabaseError("the WAL could not be emptied: another connection reads it")

    async def script(self, sql: str) -> None:
        """The script in one transaction; one that fails part way (cancelled or not) is
        rolled back, as a transaction is (``_settle``)."""
        async with self._turn() as turn:
            try:
                # IMMEDIATE takes the write lock up front, so processes migrating at the
                # same moment wait (busy_timeout) instead of failing on lock upgrade.
                await turn.step(
                    "script", self._db.executescript("BEGIN IMMEDIATE;\n" + sql + "\n;COMMIT;")
                )
            except aiosqlite.Error as error:
                await turn.step("ROLLBACK", self._db.rollback())
                raise DatabaseError(str(error)) from error

    async def close(self, timeout: float | None = None) -> None:
        try:
            await asyncio.wait_for(self._db.close(), timeout)
        except TimeoutError:
            log.warning("SQLite did not close within %g s", timeout)


def sqlite_path(url: str) -> str | None:
    """The file of a ``sqlite:///`` URL (``sqlite:///relative/path``,
    ``sqlite:////absolute/path``, ``sqlite:///:memory:``); None for any other URL."""
    scheme, _, rest = url.partition("://")
    if scheme.lower() != "sqlite":
        return None
    return rest.removeprefix("/") or ":memory:"
