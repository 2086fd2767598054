"""What every backend is: the statements, the database with its migrations and meta
values, and the errors a caller can meet. The backends (``sqlite``, ``postgres``) build on
this module, so neither needs the other."""

from __future__ import annotations

import contextlib
import logging
import re
from abc import ABC, abstractmethod
from collections.abc import Collection, Sequence
from importlib import resources
from typing import Any

Row = dict[str, Any]
log = logging.getLogger("bot.storage")  # one logger for the whole storage layer

PLACEHOLDER = re.compile(r"\$(\d+)")
_MIGRATION = re.compile(r"V(\d+)__[\w-]+\.sql$")


class DatabaseError(RuntimeError):
    """The database could not be reached or refused a statement."""


class DatabaseConfigError(DatabaseError):
    """DATABASE_URL is refused for what it says (a parameter, the login, the database's
    name): no later start can succeed, so the process is not restarted for it."""


class DatabaseDataError(DatabaseError):
    """The database refused a statement for the values it was given (a number out of
    range, a value of the wrong type): sending the same values again cannot help."""


class DatabaseTimeout(DatabaseError):
    """The database did not answer within an interaction's budget (it may still)."""


def migrations() -> list[tuple[int, str, str]]:
    """(version, name, sql) of every migration, in order."""
    found = []
    for entry in resources.files("bot.storage").joinpath("migrations").iterdir():
        match = _MIGRATION.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text("utf-8")))
    return sorted(found)


def placeholders(count: int, first: int = 1) -> str:
    """``$first, …`` for an IN list of ``count`` values that follow the statement's
    ``first - 1`` fixed parameters: the values are always parameters, never SQL."""
    return ", ".join(f"${n}" for n in range(first, first + count))


class Statements(ABC):
    """What can run inside a transaction (and, one statement at a time, outside one)."""

    @abstractmethod
    async def execute(self, sql: str, *args: Any) -> int:
        """Run a statement; return the number of rows it changed."""

    @abstractmethod
    async def fetch(self, sql: str, *args: Any) -> list[Row]: ...

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        rows = await self.fetch(sql, *args)
        return rows[0] if rows else None

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run a statement once for each row of arguments. A backend's statements send them
        in one round trip (a deal's seats, a settlement's entries); this is the one by one
        fallback."""
        for args in rows:
            await self.execute(sql, *args)


class Database(Statements):
    """The operations the bot needs; one subclass per backend."""

    backend: str

    @abstractmethod
    def transaction(self) -> contextlib.AbstractAsyncContextManager[Statements]:
        """All statements inside commit together or not at all."""

    def member_transaction(
        self, user_id: int
    ) -> contextlib.AbstractAsyncContextManager[Statements]:
        """A transaction that first takes the member's lock, before touching any row.

        Every write about one member (an answer, a forget) goes through here, so two of
        them run one after the other and never wait for each other's rows in opposite
        orders (a deadlock). SQLite's BEGIN IMMEDIATE already lets one writer in at a time.
        """
        return self.members_transaction((user_id,))

    def members_transaction(
        self, user_ids: Collection[int]
    ) -> contextlib.AbstractAsyncContextManager[Statements]:
        """A transaction that first takes several members' locks, in ascending order (so
        that two such transactions never wait for each other): a batch of quiz answers."""
        return self.transaction()

    def first(self) -> Database:
        """This database for a use that comes before the rest (a round's settlement and
        reveal, which members at a table wait for): where connections are pooled, the
        next one freed is its (``PostgresDatabase.first``). SQLite has its one connection,
        which serves in order: itself."""
        return self

    async def scrub(self) -> None:
        """After a member's rows were deleted: leave no older copy of them in the
        database's files where the backend can (PostgreSQL's dead rows wait for vacuum)."""

    @abstractmethod
    async def script(self, sql: str) -> None:
        """Run several statements in one transaction (migrations)."""

    @abstractmethod
    async def close(self, timeout: float | None = None) -> None:
        """Close; with a ``timeout``, give up waiting after it (shutdown has a deadline)."""

    async def migrate(self) -> list[str]:
        """Apply the migrations not applied yet; return their names."""
        await self.execute(
            "CREATE TABLE IF NOT EXISTS schema_version "
            "(version INTEGER PRIMARY KEY, name TEXT NOT NULL)"
        )
        done = {row["version"] for row in await self.fetch("SELECT version FROM schema_version")}
        applied = []
        for version, name, sql in migrations():
            if version in done:
                continue
            try:
                await self.script(
                    sql
                    + f"\n;INSERT INTO schema_version (version, name) VALUES ({version}, '{name}');"
                )
            except DatabaseError:
                # Another process starting at the same moment may have applied it first.
                row = await self.fetchrow(
                    "SELECT version FROM schema_version WHERE version = $1", version
                )
                if row is None:
                    raise
                continue
            applied.append(name)
        return applied

    async def get_meta(self, key: str) -> str | None:
        row = await self.fetchrow("SELECT value FROM meta WHERE key = $1", key)
        return None if row is None else str(row["value"])

    async def meta_once(self, key: str, value: str) -> str:
        """``key``'s value, set to ``value`` if it had none: processes starting at the same
        moment all read back the one value that was written first."""
        await self.execute(
            "INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING",
            key,
            value,
        )
        stored = await self.get_meta(key)
        assert stored is not None  # rows in meta are never deleted
        return stored

    async def set_meta(self, key: str, value: str) -> None:
        await self.execute(
            "INSERT INTO meta (key, value) VALUES ($1, $2) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            key,
            value,
        )
