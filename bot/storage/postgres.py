"""The PostgreSQL backend (asyncpg): a pool, transactions, migrations under an advisory
lock, and one line for a DATABASE_URL PostgreSQL refuses for good."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import unquote, urlsplit

import asyncpg

from . import (
    Database,
    DatabaseConfigError,
    DatabaseDataError,
    DatabaseError,
    Row,
    Statements,
    _retrieve,
    log,
)

_MIGRATION_LOCK = 0x686F757365776179  # "houseway"
_PG_ERRORS = (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError)


def _affected(status: str) -> int:
    """Rows changed, from asyncpg's command status ('UPDATE 3', 'INSERT 0 1')."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def _configuration_problem(error: Exception, url: str) -> str:
    """One line for a DATABASE_URL that PostgreSQL (or asyncpg) refuses for good: which
    part is wrong, in the refusal's own words, and the fix; never the URL's password."""
    said = _without_password(str(error).strip(), url)
    if isinstance(error, asyncpg.InvalidCatalogNameError):
        return (
            f"DATABASE_URL names a database PostgreSQL does not have ({said}): create it "
            "(createdb) or correct the name after the last '/' of DATABASE_URL"
        )
    if isinstance(error, asyncpg.InvalidAuthorizationSpecificationError):
        return (
            f"PostgreSQL refused the login of DATABASE_URL ({said}): correct the user name or "
            "password in DATABASE_URL, or let that user in (pg_hba.conf)"
        )
    return (
        f"DATABASE_URL is not a PostgreSQL configuration asyncpg accepts ({said}): correct "
        "it (the URL is not shown: it may hold a password)"
    )


def _without_password(text: str, url: str) -> str:
    """``text`` with the URL's password (as written, and percent-decoded) taken out."""
    userinfo = urlsplit(url).netloc.rpartition("@")[0]
    written = userinfo.partition(":")[2]
    for password in {written, unquote(written)} - {""}:
        text = text.replace(password, "[redacted]")
    return text


def _postgres_error(error: Exception) -> DatabaseError:
    """PostgreSQL's refusal as a DatabaseError; one of the values (asyncpg's encoding of an
    argument, SQLSTATE class 22 or 23) as a DatabaseDataError."""
    refused_for_data = isinstance(
        error, asyncpg.DataError | asyncpg.IntegrityConstraintViolationError
    )
    kind = DatabaseDataError if refused_for_data else DatabaseError
    return kind(f"{type(error).__name__}: {error}")


class _PostgresStatements(Statements):
    def __init__(self, connection: asyncpg.Connection) -> None:
        self._connection = connection

    async def execute(self, sql: str, *args: Any) -> int:
        try:
            return _affected(await self._connection.execute(sql, *args))
        except _PG_ERRORS as error:
            raise _postgres_error(error) from error

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        try:
            return [dict(row) for row in await self._connection.fetch(sql, *args)]
        except _PG_ERRORS as error:
            raise _postgres_error(error) from error


class PostgresDatabase(Database):
    backend = "postgresql"

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    @classmethod
    async def open(cls, url: str) -> PostgresDatabase:
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=10, command_timeout=10, timeout=10
            )
        except (
            asyncpg.ClientConfigurationError,
            asyncpg.InvalidAuthorizationSpecificationError,  # and InvalidPasswordError
            asyncpg.InvalidCatalogNameError,
        ) as error:
            raise DatabaseConfigError(_configuration_problem(error, url)) from error
        except (*_PG_ERRORS, ValueError) as error:
            # Only the type: asyncpg's text about a malformed URL may quote the password.
            raise DatabaseError(f"cannot connect to PostgreSQL: {type(error).__name__}") from error
        return cls(pool)

    @contextlib.asynccontextmanager
    async def _connected(self) -> AsyncIterator[asyncpg.Connection]:
        """A connection of the pool for one use, given back however the use ends."""
        try:
            connection = await self._pool.acquire()
        except _PG_ERRORS as error:
            raise DatabaseError(f"{type(error).__name__}: {error}") from error
        try:
            yield connection
        finally:
            await self._release(connection)

    async def _release(self, connection: asyncpg.Connection) -> None:
        """Give the connection back, even when the caller is cancelled meanwhile.

        asyncpg releases in a shielded task; a caller cancelled while that task waits on a
        stalled server (a quiz runner stopped at shutdown, say) would leave its failure
        unretrieved, logged with a traceback. Awaiting it from a task of our own that no
        cancellation reaches, which notes the failure, keeps the outcome in hand.
        """
        release = asyncio.ensure_future(self._pool.release(connection))
        release.add_done_callback(_retrieve)
        await asyncio.shield(release)

    async def execute(self, sql: str, *args: Any) -> int:
        async with self._connected() as connection:
            return await _PostgresStatements(connection).execute(sql, *args)

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        async with self._connected() as connection:
            return await _PostgresStatements(connection).fetch(sql, *args)

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Statements]:
        async with self._connected() as connection:
            try:
                transaction = connection.transaction()
                await transaction.start()
                try:
                    yield _PostgresStatements(connection)
                except BaseException:
                    await transaction.rollback()
                    raise
                await transaction.commit()
            except _PG_ERRORS as error:
                raise DatabaseError(f"{type(error).__name__}: {error}") from error

    async def migrate(self) -> list[str]:
        """Migrate under an advisory lock: sharded processes may start at the same moment."""
        async with self._connected() as connection:
            await connection.execute("SELECT pg_advisory_lock($1)", _MIGRATION_LOCK)
            try:
                return await super().migrate()
            finally:
                await connection.execute("SELECT pg_advisory_unlock($1)", _MIGRATION_LOCK)

    async def script(self, sql: str) -> None:
        async with self.transaction() as tx:
            assert isinstance(tx, _PostgresStatements)
            await tx.execute(sql)

    async def close(self, timeout: float | None = None) -> None:
        """Close the pool; past ``timeout`` (a stalled server), terminate its connections.

        ``Pool.close`` waits for every connection to be released, and a statement stuck
        on a server that does not answer holds its connection for command_timeout.
        """
        try:
            await asyncio.wait_for(self._pool.close(), timeout)
        except TimeoutError:
            log.warning("PostgreSQL did not close within %g s; terminating", timeout)
        finally:
            self._pool.terminate()  # a no-op once closed
