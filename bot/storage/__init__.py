"""Database access for SQLite (aiosqlite) and PostgreSQL (asyncpg) behind one small API.

Queries are written once, with PostgreSQL's ``$1`` placeholders; for SQLite they
become ``?1`` (SQLite's numbered parameters), so both backends run the same SQL.
The schema comes from versioned migrations (``migrations/V{n}__what.sql``),
applied in order at start-up and recorded in ``schema_version``. What every backend is
lives in ``base``; each backend in its own module (``sqlite``, ``postgres``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Concatenate, ParamSpec, TypeVar

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
    placeholders,
)
from .sqlite import SQLiteDatabase, sqlite_path

P = ParamSpec("P")
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
    "placeholders",
    "sqlite_path",
]


class Bounded:
    """One interaction's handle to the database: the database and the deadline its work
    must meet, held together, so that a call names the handle once and cannot leave the
    deadline out::

        round_ = await bounded.run(quiz_store.get_round, round_id)

    runs ``quiz_store.get_round(database, round_id)`` whole, a transaction included,
    within the deadline; mypy checks the arguments against the function's (ParamSpec).
    Work of several statements is a function of the database too: a local
    ``async def f(database: Database) -> T`` (or a lambda), run the same way.

    Why this shape: a Database with a deadline would bound each statement, not the
    operation, and ``asyncio.timeout`` would cancel the work at the deadline. An
    interaction must be answered within Discord's 3 seconds, database or not: past the
    deadline the caller gets a DatabaseTimeout (told as "scores unavailable") in time, and
    the work still running is left to finish (shielded), never cut in half. The database
    is not handed out, so code given a Bounded cannot open a transaction on it and lose
    the deadline halfway.
    """

    def __init__(self, database: Database, deadline: float) -> None:
        self._database = database
        self.deadline = deadline

    async def run(
        self,
        operation: Callable[Concatenate[Database, P], Awaitable[T]],
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> T:
        """``operation(database, *args, **kwargs)``, within the deadline."""
        return await self.wait(self.start(operation, *args, **kwargs))

    def start(
        self,
        operation: Callable[Concatenate[Database, P], Awaitable[T]],
        /,
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> asyncio.Future[T]:
        """Begin ``operation(database, ...)`` now, to ``wait`` for it: for a caller that
        keeps the work, to act on it should it end after the deadline."""
        return asyncio.ensure_future(operation(self._database, *args, **kwargs))

    async def wait(self, work: asyncio.Future[T]) -> T:
        """Wait for work already under way (``start``'s, or a writer's queued batch) until
        the deadline; past it, the work goes on and a later failure is logged."""
        remaining = max(self.deadline - asyncio.get_running_loop().time(), 0.01)
        try:
            return await asyncio.wait_for(asyncio.shield(work), remaining)
        except TimeoutError:
            work.add_done_callback(_retrieve)
            raise DatabaseTimeout(f"the database did not answer within {remaining:.2g} s") from None


def _retrieve(task: asyncio.Future[Any]) -> None:
    """A statement finished after its caller gave up: note a failure, don't leak it."""
    if not task.cancelled() and task.exception() is not None:
        log.warning("a statement finished with an error after its deadline: %s", task.exception())


async def open_database(
    url: str, command_timeout: float | None = None, *, pool_size: int = 10
) -> Database:
    """Open the database named by a ``DATABASE_URL`` and bring its schema up to date;
    ``command_timeout``: seconds before PostgreSQL's statements are given up (None: the
    backend's own, 10 s); ``pool_size``: PostgreSQL's connections at most (SQLite: one)."""
    database: Database
    scheme = url.partition("://")[0].lower()  # Settings has checked the URL's form
    path = sqlite_path(url)
    if scheme in ("postgresql", "postgres"):
        from .postgres import PostgresDatabase  # asyncpg only where it is used

        database = await (
            PostgresDatabase.open(url, pool_size=pool_size)
            if command_timeout is None
            else PostgresDatabase.open(url, command_timeout, pool_size=pool_size)
        )
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
