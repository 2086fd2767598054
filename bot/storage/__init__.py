"""Database access for SQLite (aiosqlite) and PostgreSQL (asyncpg) behind one small API.

Queries are written once, with PostgreSQL's ``$1`` placeholders; for SQLite they
become ``?1`` (SQLite's numbered parameters), so both backends run the same SQL.
The schema comes from versioned migrations (``migrations/V{n}__what.sql``),
applied in order at start-up and recorded in ``schema_version``.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg

Row = dict[str, Any]
_PLACEHOLDER = re.compile(r"\$(\d+)")
_MIGRATION = re.compile(r"V(\d+)__[\w-]+\.sql$")


class DatabaseError(RuntimeError):
    """The database could not be reached or refused a statement."""


def migrations() -> list[tuple[int, str, str]]:
    """(version, name, sql) of every migration, in order."""
    found = []
    for entry in resources.files("bot.storage").joinpath("migrations").iterdir():
        match = _MIGRATION.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text("utf-8")))
    return sorted(found)


class Database(ABC):
    """The operations the bot needs; one subclass per backend."""

    backend: str

    @abstractmethod
    async def execute(self, sql: str, *args: Any) -> None: ...

    @abstractmethod
    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    @abstractmethod
    async def fetch(self, sql: str, *args: Any) -> list[Row]: ...

    @abstractmethod
    async def script(self, sql: str) -> None:
        """Run several statements in one transaction (migrations)."""

    @abstractmethod
    async def close(self) -> None: ...

    async def fetchrow(self, sql: str, *args: Any) -> Row | None:
        rows = await self.fetch(sql, *args)
        return rows[0] if rows else None

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
            await self.script(
                sql + f"\n;INSERT INTO schema_version (version, name) VALUES ({version}, '{name}');"
            )
            applied.append(name)
        return applied

    async def get_meta(self, key: str) -> str | None:
        row = await self.fetchrow("SELECT value FROM meta WHERE key = $1", key)
        return None if row is None else str(row["value"])

    async def set_meta(self, key: str, value: str) -> None:
        await self.execute(
            "INSERT INTO meta (key, value) VALUES ($1, $2) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            key,
            value,
        )


class SQLiteDatabase(Database):
    backend = "sqlite"

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection

    @classmethod
    async def open(cls, path: str) -> SQLiteDatabase:
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path)
        connection.row_factory = aiosqlite.Row
        await connection.execute("PRAGMA journal_mode=WAL")
        await connection.execute("PRAGMA busy_timeout=5000")
        await connection.execute("PRAGMA synchronous=NORMAL")
        return cls(connection)

    @staticmethod
    def _sql(sql: str) -> str:
        return _PLACEHOLDER.sub(r"?\1", sql)

    async def execute(self, sql: str, *args: Any) -> None:
        try:
            await self._db.execute(self._sql(sql), args)
            await self._db.commit()
        except aiosqlite.Error as error:
            raise DatabaseError(str(error)) from error

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            await self._db.executemany(self._sql(sql), rows)
            await self._db.commit()
        except aiosqlite.Error as error:
            raise DatabaseError(str(error)) from error

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        try:
            async with self._db.execute(self._sql(sql), args) as cursor:
                return [dict(row) for row in await cursor.fetchall()]
        except aiosqlite.Error as error:
            raise DatabaseError(str(error)) from error

    async def script(self, sql: str) -> None:
        try:
            await self._db.executescript("BEGIN;\n" + sql + "\n;COMMIT;")
        except aiosqlite.Error as error:
            await self._db.rollback()
            raise DatabaseError(str(error)) from error

    async def close(self) -> None:
        await self._db.close()


class PostgresDatabase(Database):
    backend = "postgresql"

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    @classmethod
    async def open(cls, url: str) -> PostgresDatabase:
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=10, command_timeout=10)
        except (OSError, asyncpg.PostgresError) as error:
            raise DatabaseError(f"cannot connect to PostgreSQL: {type(error).__name__}") from error
        return cls(pool)

    async def execute(self, sql: str, *args: Any) -> None:
        try:
            await self._pool.execute(sql, *args)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise DatabaseError(str(error)) from error

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            await self._pool.executemany(sql, rows)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise DatabaseError(str(error)) from error

    async def fetch(self, sql: str, *args: Any) -> list[Row]:
        try:
            return [dict(row) for row in await self._pool.fetch(sql, *args)]
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise DatabaseError(str(error)) from error

    async def script(self, sql: str) -> None:
        try:
            async with self._pool.acquire() as connection, connection.transaction():
                await connection.execute(sql)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise DatabaseError(str(error)) from error

    async def close(self) -> None:
        await self._pool.close()


async def open_database(url: str) -> Database:
    """Open the database named by a ``DATABASE_URL`` and bring its schema up to date."""
    database: Database
    if url.startswith(("postgresql://", "postgres://")):
        database = await PostgresDatabase.open(url)
    elif url.startswith("sqlite://"):
        # sqlite:///relative/path, sqlite:////absolute/path, sqlite:///:memory:
        path = url.removeprefix("sqlite://").removeprefix("/") or ":memory:"
        database = await SQLiteDatabase.open(path)
    else:
        raise DatabaseError(
            "DATABASE_URL must start with sqlite:/// (a file) or postgresql:// (a server)."
        )
    await database.migrate()
    return database
