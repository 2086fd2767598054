"""The storage layer on both backends: migrations, meta values, errors."""

from __future__ import annotations

import asyncio

import pytest

from bot.storage import DatabaseError, migrations, open_database


async def test_migrations_apply_once_and_meta_round_trips(any_database_url: str) -> None:
    database = await open_database(any_database_url)
    try:
        versions = [
            row["version"]
            for row in await database.fetch("SELECT version FROM schema_version ORDER BY version")
        ]
        assert versions == [version for version, _, _ in migrations()]
        assert await database.migrate() == []  # nothing left to apply
        assert await database.get_meta("k") is None
        await database.set_meta("k", "one")
        await database.set_meta("k", "two")
        assert await database.get_meta("k") == "two"
    finally:
        await database.close()
    reopened = await open_database(any_database_url)  # a restart keeps the data
    try:
        assert await reopened.get_meta("k") == "two"
    finally:
        await reopened.close()


async def test_bad_sql_raises_database_error(any_database_url: str) -> None:
    database = await open_database(any_database_url)
    try:
        with pytest.raises(DatabaseError):
            await database.execute("SELECT * FROM no_such_table")
    finally:
        await database.close()


async def test_unknown_url_scheme() -> None:
    with pytest.raises(DatabaseError, match="sqlite:///"):
        await open_database("mysql://localhost/x")


async def test_unreachable_postgres_is_a_clear_error() -> None:
    with pytest.raises(DatabaseError, match="cannot connect"):
        await open_database("postgresql://postgres@127.0.0.1:1/test")


async def test_concurrent_starts_migrate_once(any_database_url: str) -> None:
    """Several processes (here: connections) starting together must not race the schema."""
    opened = await asyncio.gather(
        *(open_database(any_database_url) for _ in range(4)), return_exceptions=True
    )
    databases = [d for d in opened if not isinstance(d, BaseException)]
    try:
        assert len(databases) == 4, opened
        rows = await databases[0].fetch("SELECT version FROM schema_version")
        assert sorted(row["version"] for row in rows) == [v for v, _, _ in migrations()]
    finally:
        for database in databases:
            await database.close()


async def test_transaction_rolls_back_on_error(any_database_url: str) -> None:
    database = await open_database(any_database_url)
    try:
        with pytest.raises(RuntimeError):
            async with database.transaction() as tx:
                await tx.execute("INSERT INTO meta (key, value) VALUES ('t', 'x')")
                raise RuntimeError("abort")
        assert await database.get_meta("t") is None
        async with database.transaction() as tx:
            assert await tx.execute("INSERT INTO meta (key, value) VALUES ('t', 'y')") == 1
        assert await database.get_meta("t") == "y"
    finally:
        await database.close()
