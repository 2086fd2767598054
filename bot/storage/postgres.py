"""The PostgreSQL backend (asyncpg): a pool, transactions, migrations under an advisory
lock, and one line for a DATABASE_URL PostgreSQL refuses for good."""

from __future__ import annotations

import asyncio
import contextlib
import copy
from collections.abc import AsyncIterator, Collection, Sequence
from typing import Any, Final
from urllib.parse import unquote, urlsplit

import asyncpg

from .base import (
    Database,
    DatabaseConfigError,
    DatabaseDataError,
    DatabaseError,
    Row,
    Statements,
    log,
)
from .places import Places

_MIGRATION_LOCK = 0x686F757365776179  # "houseway"
#: What asyncpg raises when the server, the network or the connection fails: database
#: trouble, told as such. InternalClientError is asyncpg's protocol finding itself in a
#: state it did not expect ("cannot switch to state 11"), as after a backend terminated
#: mid-operation; the pool drops such a connection.
_PG_ERRORS = (
    OSError,
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    asyncpg.InternalClientError,
    TimeoutError,
)
#: A statement not answered within this many seconds fails (asyncpg's command_timeout).
COMMAND_TIMEOUT: Final = 10.0


async def _keep_session(connection: asyncpg.Connection) -> None:
    """A connection given back to the pool, as it is: asyncpg has rolled back a transaction
    left open, and the bot changes nothing else in a session (no SET, LISTEN or cursor; its
    only session-level lock, the migrations', is unlocked in a ``finally``). asyncpg's own
    reset, ``RESET ALL`` and the rest, was a round trip to the server after every use:
    a sixth of a busy process's time at many tables (issue 40)."""


def _said(error: BaseException, timeout: float) -> str:
    """One line for a DatabaseError: the error's kind and words; a timeout (asyncpg's has
    no words) says how long the database was given."""
    if isinstance(error, TimeoutError) and not str(error):
        return f"the database did not answer within {timeout:g} s"
    return f"{type(error).__name__}: {error}"


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


def _postgres_error(error: BaseException, timeout: float) -> DatabaseError:
    """PostgreSQL's refusal as a DatabaseError; one of the values (asyncpg's encoding of an
    argument, SQLSTATE class 22 or 23) as a DatabaseDataError."""
    refused_for_data = isinstance(
        error, asyncpg.DataError | asyncpg.IntegrityConstraintViolationError
    )
    kind = DatabaseDataError if refused_for_data else DatabaseError
    return kind(_said(error, timeout))


class _PostgresStatements(Statements):
    def __init__(self, connection: asyncpg.Connection, timeout: float) -> None:
        self._connection = connection
        self._timeout = timeout

    async def execute(self, sql: str, *args: Any) -> int:
        try:
            return _affected(await self._connection.execute(sql, *args))
        except _PG_ERRORS as error:
            raise _postgres_error(error, self._timeout) from error

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        try:
            return [dict(row) for row in await self._connection.fetch(sql, *args)]
        except _PG_ERRORS as error:
            raise _postgres_error(error, self._timeout) from error

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """asyncpg's executemany: every row's Bind and Execute, then one Sync (a pipeline,
        one round trip)."""
        if not rows:
            return
        try:
            await self._connection.executemany(sql, rows)
        except _PG_ERRORS as error:
            raise _postgres_error(error, self._timeout) from error


class PostgresDatabase(Database):
    backend = "postgresql"

    def __init__(self, pool: asyncpg.Pool, command_timeout: float = COMMAND_TIMEOUT) -> None:
        self._pool = pool
        self.command_timeout = command_timeout
        #: A place a connection in use: the next one freed goes to a use that comes first.
        self._places = Places(pool.get_max_size())
        self._first = False

    def waiting(self) -> int:
        """Uses waiting for a connection (all of the pool's are in use)."""
        return self._places.waiting()

    def first(self) -> PostgresDatabase:
        """This database, its every use taking the next connection freed before any use
        of the plain one (``Places``); the pool and its places are shared. A view: close
        the database, not this."""
        ahead = copy.copy(self)
        ahead._first = True
        return ahead

    @classmethod
    async def open(
        cls, url: str, command_timeout: float = COMMAND_TIMEOUT, *, pool_size: int = 10
    ) -> PostgresDatabase:
        if pool_size < 2:  # the migrations hold one for their lock and work on another
            raise ValueError(f"a pool of at least 2 connections, not {pool_size}")
        try:
            # A new connection gets the time a statement gets: a pool that must reconnect to
            # a database that does not answer fails "within command_timeout" as it says.
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=pool_size,
                reset=_keep_session,
                command_timeout=command_timeout,
                timeout=command_timeout,
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
        return cls(pool, command_timeout)

    @contextlib.asynccontextmanager
    async def _connected(self) -> AsyncIterator[asyncpg.Connection]:
        """A connection of the pool for one use, in its turn (a use that comes first
        before the rest), given back however the use ends."""
        async with self._places.place(self._first):
            try:
                connection = await self._pool.acquire()
            except _PG_ERRORS as error:
                raise DatabaseError(_said(error, self.command_timeout)) from error
            try:
                yield connection
            finally:
                await self._release(connection)

    async def _release(self, connection: asyncpg.Connection) -> None:
        """Give the connection back, even when the caller is cancelled meanwhile.

        asyncpg releases in a shielded task; a caller cancelled while that task waits on a
        stalled server (a quiz runner stopped at shutdown, say) would leave its failure
        unretrieved, logged with a traceback. Awaiting it from a task of our own that no
        cancellation reaches, which notes the failure, keeps the outcome in hand. A failed
        release (the reset of a broken connection) has already dropped the connection from
        the pool: noted, never raised over what the use itself did.
        """
        release = asyncio.ensure_future(self._pool.release(connection))
        release.add_done_callback(_not_released)
        with contextlib.suppress(Exception):
            await asyncio.shield(release)

    async def execute(self, sql: str, *args: Any) -> int:
        async with self._connected() as connection:
            return await _PostgresStatements(connection, self.command_timeout).execute(sql, *args)

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        async with self._connected() as connection:
            return await _PostgresStatements(connection, self.command_timeout).fetch(sql, *args)

    def transaction(self) -> contextlib.AbstractAsyncContextManager[Statements]:
        return self._transaction("BEGIN")

    def members_transaction(
        self, user_ids: Collection[int]
    ) -> contextlib.AbstractAsyncContextManager[Statements]:
        """A transaction holding the members' advisory locks (keyed by their user ids),
        taken in ascending order before any row is touched; released at COMMIT or
        ROLLBACK. A Discord id taken for the migration lock's key would only make that
        member wait for a migration.

        BEGIN and the locks go in one round trip (a simple query of several statements,
        run in order; the ids are written into it as the integers they are): a round trip
        fewer for every write of a member (issue 40)."""
        locks = "".join(f" SELECT pg_advisory_xact_lock({int(i)});" for i in sorted(set(user_ids)))
        return self._transaction("BEGIN;" + locks)

    @contextlib.asynccontextmanager
    async def _transaction(self, opening: str) -> AsyncIterator[Statements]:
        """A transaction on a connection of its own, begun by ``opening`` (BEGIN, and what
        must come first in one round trip). One whose end (commit or rollback) never came
        back (a hang, a cancel, a terminated backend) is closed, not handed back: the pool
        would otherwise reset it with the transaction still open, which asyncpg reports as
        an error ("Resetting connection with an active transaction"); so is one whose
        rollback after a failed opening failed too."""
        async with self._connected() as connection:
            ended = False
            try:
                try:
                    # Cancelled or timed out while waiting for a lock, the opening is
                    # cancelled on the server by asyncpg and rolled back here (a closed
                    # connection would leave its backend waiting for the lock, holding the
                    # ones it has); ROLLBACK with no transaction begun is only a warning.
                    await connection.execute(opening)
                    yield _PostgresStatements(connection, self.command_timeout)
                except BaseException:
                    await connection.execute("ROLLBACK")
                    ended = True
                    raise
                await connection.execute("COMMIT")
                ended = True
            except _PG_ERRORS as error:
                raise DatabaseError(_said(error, self.command_timeout)) from error
            finally:
                if not ended:
                    # Already gone back to the pool, if asyncpg closed it itself.
                    with contextlib.suppress(asyncpg.InterfaceError):
                        connection.terminate()

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


def _not_released(task: asyncio.Future[Any]) -> None:
    """The pool could not reset a connection it was given back (and closed it instead)."""
    if not task.cancelled() and task.exception() is not None:
        error = task.exception()
        said = f"{type(error).__name__}: {error}".removesuffix(": ")
        log.warning("a broken PostgreSQL connection was closed: %s", said)
