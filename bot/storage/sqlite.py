"""The SQLite backend (aiosqlite): one connection behind a lock, WAL, and the
``sqlite:///`` URLs that name a file."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator
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


class SQLiteDatabase(Database):
    """One connection; a lock keeps a transaction's statements from interleaving."""

    backend = "sqlite"

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._statements = _SQLiteStatements(connection)
        self._lock = asyncio.Lock()

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
    async def transaction(self) -> AsyncIterator[Statements]:
        async with self._lock:
            try:
                await self._db.execute("BEGIN IMMEDIATE")
            except aiosqlite.Error as error:
                raise DatabaseError(str(error)) from error
            try:
                yield self._statements
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            try:
                await self._db.execute("COMMIT")
            except aiosqlite.Error as error:
                await self._db.execute("ROLLBACK")
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
        async with self._lock:
            try:
                # IMMEDIATE takes the write lock up front, so processes migrating at the
                # same moment wait (busy_timeout) instead of failing on lock upgrade.
                await self._db.executescript("BEGIN IMMEDIATE;\n" + sql + "\n;COMMIT;")
            except aiosqlite.Error as error:
                if self._db.in_transaction:
                    await self._db.execute("ROLLBACK")
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
