"""Database access for SQLite (aiosqlite) and PostgreSQL (asyncpg) behind one small API.

Queries are written once, with PostgreSQL's ``$1`` placeholders; for SQLite they
become ``?1`` (SQLite's numbered parameters), so both backends run the same SQL.
The schema comes from versioned migrations (``migrations/V{n}__what.sql``),
applied in order at start-up and recorded in ``schema_version``. What every backend is
lives in ``base``; each backend in its own module (``sqlite``, ``postgres``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, TypeVar

from .base import (
    Database,
    DatabaseConfigError,
    DatabaseDataError,
    DatabaseError,
    DatabaseTimeout,
    Row,
    Statements,
    log,
    migrations,
)
from .sqlite import SQLiteDatabase, sqlite_path

T = TypeVar("T")

__all__ = [
    "Bounded",
    "Database",
    "DatabaseConfigError",
    "DatabaseDataError",
    "DatabaseError",
    "DatabaseTimeout",
    "Row",
    "Statements",
    "migrations",
    "open_database",
    "sqlite_path",
]


class Bounded:
    """A deadline (loop time) for database work done for one interaction: the one way to
    give a database call a deadline is ``bounded.within(store.f(bounded.database, ...))``,
    which bounds the whole operation, a transaction included.

    An interaction must be answered within Discord's 3 seconds, database or not: past the
    deadline the caller gets a DatabaseTimeout (told as "scores unavailable") in time.
    The work still running then is left to finish (shielded), never cut in half. Not a
    Database itself, so that no call can forget its deadline halfway.
    """

    def __init__(self, database: Database, deadline: float) -> None:
        self.database = database
        self.deadline = deadline

    async def within(self, awaitable: Awaitable[T]) -> T:
        """Await a database operation (a statement, a transaction, several) within the
        deadline."""
        task = asyncio.ensure_future(awaitable)
        remaining = max(self.deadline - asyncio.get_running_loop().time(), 0.01)
        try:
            return await asyncio.wait_for(asyncio.shield(task), remaining)
        except TimeoutError:
            task.add_done_callback(_retrieve)
            raise DatabaseTimeout(f"the database did not answer within {remaining:.2g} s") from None


def _retrieve(task: asyncio.Future[Any]) -> None:
    """A statement finished after its caller gave up: note a failure, don't leak it."""
    if not task.cancelled() and task.exception() is not None:
        log.warning("a statement finished with an error after its deadline: %s", task.exception())


async def open_database(url: str) -> Database:
    """Open the database named by a ``DATABASE_URL`` and bring its schema up to date."""
    database: Database
    scheme = url.partition("://")[0].lower()  # Settings has checked the URL's form
    path = sqlite_path(url)
    if scheme in ("postgresql", "postgres"):
        from .postgres import PostgresDatabase  # asyncpg only where it is used

        database = await PostgresDatabase.open(url)
    elif path is not None:
        database = await SQLiteDatabase.open(path)
    else:
        raise DatabaseError(
            "DATABASE_URL must start with sqlite:/// (a file) or postgresql:// (a server)."
        )
    try:
        await database.migrate()
    except BaseException:
        await database.close()  # an open aiosqlite thread would keep the process alive
        raise
    return database
