"""The storage layer on both backends: migrations, meta values, errors."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Callable

import asyncpg
import pytest

from bot.storage import (
    Database,
    DatabaseDataError,
    DatabaseError,
    Statements,
    migrations,
    open_database,
)
from bot.storage.places import Places
from bot.storage.postgres import PostgresDatabase
from bot.storage.table_settings import GameSettings, game_settings, save_game_settings


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


async def test_many_rows_in_one_statement_land_with_their_transaction_or_not_at_all(
    any_database_url: str,
) -> None:
    """``executemany`` (a deal's seats, a settlement's entries): every row written with the
    transaction; a row the database refuses rolls back the rows before it too, and is
    told as the values' fault; outside a transaction it still writes every row."""
    database = await open_database(any_database_url)
    insert = "INSERT INTO meta (key, value) VALUES ($1, $2)"
    try:
        async with database.transaction() as tx:
            # the backend's own, in one round trip; not the fallback of one call a row
            assert type(tx).executemany is not Statements.executemany
            await tx.executemany(insert, [("a", "1"), ("b", "2"), ("c", "3")])
            await tx.executemany(insert, [])
        with pytest.raises(DatabaseDataError):
            async with database.transaction() as tx:
                await tx.executemany(insert, [("d", "4"), ("a", "again")])
        await database.executemany(insert, [("e", "5"), ("f", "6")])
        rows = await database.fetch("SELECT key, value FROM meta ORDER BY key")
        assert [(row["key"], row["value"]) for row in rows] == [
            ("a", "1"),
            ("b", "2"),
            ("c", "3"),
            ("e", "5"),
            ("f", "6"),
        ]
    finally:
        await database.close()


async def blocked_by(watcher: asyncpg.Connection, holder: asyncpg.Connection, query: str) -> None:
    """Until ``query`` waits for a lock ``holder`` holds (re-checked, with a bound only a
    hang reaches). ``watcher`` is in no transaction: a transaction sees one snapshot of
    pg_stat_activity."""
    async with asyncio.timeout(60):
        while not await watcher.fetchval(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE $1 = ANY(pg_blocking_pids(pid)) AND query = $2",
            holder.get_server_pid(),
            query,
        ):
            await asyncio.sleep(0.02)


@pytest.mark.parametrize("during", ["statement", "commit"])
async def test_cancelled_postgres_transaction_leaves_no_transaction_behind(
    postgres_url: str, during: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A caller cancelled while its transaction waits on another connection's lock (a row
    in its body, or at COMMIT a deferred trigger's advisory lock): asyncpg rolls it back
    or the connection is closed, quietly, and the next transaction saves where others
    read it. Passes as the code stands: the check that SQLite's hole is not here too."""
    caplog.set_level(logging.WARNING)
    database = await open_database(postgres_url)
    reader = await open_database(postgres_url)
    other = await asyncpg.connect(postgres_url)
    watcher = await asyncpg.connect(postgres_url)
    key = uuid.uuid4().int >> 65  # advisory locks are the server's, not the schema's
    try:
        await database.execute("INSERT INTO meta (key, value) VALUES ('row', 'before')")
        await other.execute(
            "CREATE FUNCTION wait_at_commit() RETURNS trigger LANGUAGE plpgsql AS"
            f" $$ BEGIN PERFORM pg_advisory_xact_lock({key}); RETURN NULL; END $$;"
            " CREATE CONSTRAINT TRIGGER at_commit AFTER INSERT ON meta"
            " DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION wait_at_commit()"
        )
        holding = other.transaction()
        await holding.start()
        await other.execute("UPDATE meta SET value = 'other' WHERE key = 'row'")
        await other.execute("SELECT pg_advisory_xact_lock($1)", key)

        async def write() -> None:
            async with database.transaction() as tx:
                if during == "statement":
                    await tx.execute("UPDATE meta SET value = 'cancelled' WHERE key = 'row'")
                else:
                    await tx.execute("INSERT INTO meta (key, value) VALUES ('k', 'cancelled')")

        task = asyncio.create_task(write())
        try:
            await blocked_by(
                watcher,
                other,
                "UPDATE meta SET value = 'cancelled' WHERE key = 'row'"
                if during == "statement"
                else "COMMIT",  # as the backend sends it
            )
        finally:
            task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        await holding.rollback()

        await save_game_settings(database, 111, GameSettings(countdown_seconds=30))
        assert await game_settings(reader, 111) == GameSettings(countdown_seconds=30)
        async with database.transaction() as tx:
            await tx.execute("UPDATE meta SET value = 'after' WHERE key = 'row'")
        assert await reader.get_meta("row") == "after"
        # A cancelled COMMIT is the server's to finish: all of the transaction or none.
        assert await reader.get_meta("k") in ("cancelled", None)
        assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    finally:
        await watcher.close()
        await other.close()
        await reader.close()
        await database.close()


async def test_a_transaction_cancelled_while_it_waits_for_a_members_lock_leaves_no_waiter(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """BEGIN and the members' locks go in one round trip: a caller cancelled while that
    waits for a lock another session holds has its wait ended on the server (rolled
    back), not left behind on a closed connection holding the locks it had taken."""
    caplog.set_level(logging.WARNING)
    database = await open_database(postgres_url)
    other = await asyncpg.connect(postgres_url)
    watcher = await asyncpg.connect(postgres_url)
    low, high = sorted(uuid.uuid4().int >> 65 for _ in range(2))
    waiting = (
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        " AND objid = $1::bigint % 4294967296 AND classid = $1::bigint >> 32"
    )
    try:
        await other.execute("SELECT pg_advisory_lock($1)", high)

        async def write() -> None:
            async with database.members_transaction([low, high]) as tx:
                await tx.execute("INSERT INTO meta (key, value) VALUES ('k', 'cancelled')")

        task = asyncio.create_task(write())
        opening = "BEGIN;" + "".join(f" SELECT pg_advisory_xact_lock({i});" for i in (low, high))
        try:
            await blocked_by(watcher, other, opening)
        finally:
            task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        async with asyncio.timeout(60):  # the server ends the wait: no request for the lock
            while await watcher.fetchval(waiting, high):
                await asyncio.sleep(0.02)
        # and the lower lock, taken before the wait, was let go with it
        assert await other.fetchval("SELECT pg_try_advisory_lock($1)", low)
        await other.execute("SELECT pg_advisory_unlock_all()")
        async with database.members_transaction([low, high]) as tx:
            await tx.execute("INSERT INTO meta (key, value) VALUES ('k', 'after')")
        assert await database.get_meta("k") == "after"
        assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []
    finally:
        await watcher.close()
        await other.close()
        await database.close()


async def test_a_process_holds_at_most_its_pool_size_of_connections(postgres_url: str) -> None:
    """DATABASE_POOL_SIZE=2: two transactions under way hold both connections; a third
    statement waits for one of them, and PostgreSQL sees two connections, not three."""
    name = f"pool-{uuid.uuid4().hex[:8]}"
    sep = "&" if "?" in postgres_url else "?"
    database = await open_database(f"{postgres_url}{sep}application_name={name}", pool_size=2)
    watcher = await asyncpg.connect(postgres_url)
    release = asyncio.Event()
    holding: list[None] = []

    async def hold() -> None:
        async with database.transaction() as tx:
            await tx.execute("INSERT INTO meta (key, value) VALUES ($1, 'x')", uuid.uuid4().hex)
            holding.append(None)
            await release.wait()

    try:
        holders = [asyncio.create_task(hold()) for _ in range(2)]
        async with asyncio.timeout(60):
            while len(holding) < 2:
                await asyncio.sleep(0.01)
        third = asyncio.create_task(database.fetch("SELECT 1 AS one"))
        # A negative needs a while: a pool of three would have answered within it on a
        # quiet machine. On a busy one this can only pass too easily, never fail falsely;
        # the count of connections PostgreSQL sees, below, checks the same from its side.
        await asyncio.sleep(0.2)
        assert not third.done()
        connections = await watcher.fetchval(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = $1", name
        )
        assert connections == 2
        release.set()
        assert await third == [{"one": 1}]
        await asyncio.gather(*holders)
    finally:
        release.set()
        await watcher.close()
        await database.close()


async def test_a_connection_goes_back_to_the_pool_without_a_reset_round_trip(
    postgres_url: str,
) -> None:
    """The last statement PostgreSQL saw on a connection given back is the bot's own, not
    asyncpg's ``RESET ALL`` (a round trip after every use, issue 40); and a transaction
    that failed is still rolled back before the connection is used again."""
    name = f"reset-{uuid.uuid4().hex[:8]}"
    sep = "&" if "?" in postgres_url else "?"
    database = await open_database(f"{postgres_url}{sep}application_name={name}", pool_size=2)
    watcher = await asyncpg.connect(postgres_url)
    try:
        assert await database.fetch("SELECT 41 + 1 AS answer") == [{"answer": 42}]
        last = await watcher.fetch(
            "SELECT query FROM pg_stat_activity WHERE application_name = $1", name
        )
        assert "SELECT 41 + 1 AS answer" in [row["query"] for row in last], last
        key = uuid.uuid4().hex
        with pytest.raises(RuntimeError):
            async with database.transaction() as tx:
                await tx.execute("INSERT INTO meta (key, value) VALUES ($1, 'x')", key)
                raise RuntimeError("abort")
        assert await database.get_meta(key) is None  # rolled back
    finally:
        await watcher.close()
        await database.close()


async def test_a_use_that_comes_first_takes_the_next_connection_freed(postgres_url: str) -> None:
    """A pool of 2, both held: a plain fetch waits, then one of ``first()`` (a round's
    settlement) comes; the connection freed next is the second one's, although it came
    later, and the plain one's turn follows (issue 40: reveals waited behind presses)."""
    database = await open_database(postgres_url, pool_size=2)
    assert isinstance(database, PostgresDatabase)
    releases = [asyncio.Event(), asyncio.Event()]
    holding: list[None] = []
    done: list[str] = []

    async def hold(release: asyncio.Event) -> None:
        async with database.transaction() as tx:
            await tx.execute("SELECT 1")
            holding.append(None)
            await release.wait()

    async def use(db: Database, who: str) -> None:
        assert await db.fetch("SELECT $1::text AS who", who) == [{"who": who}]
        done.append(who)

    async def until(condition: Callable[[], bool]) -> None:
        async with asyncio.timeout(60):
            while not condition():
                await asyncio.sleep(0.01)

    holders = [asyncio.create_task(hold(release)) for release in releases]
    try:
        await until(lambda: len(holding) == 2)
        plain = asyncio.create_task(use(database, "plain"))
        await until(lambda: database.waiting() == 1)
        ahead = asyncio.create_task(use(database.first(), "first"))
        await until(lambda: database.waiting() == 2)
        releases[0].set()
        await asyncio.gather(plain, ahead)
        assert done == ["first", "plain"]
        assert database.waiting() == 0
    finally:
        for release in releases:
            release.set()
        await asyncio.gather(*holders, return_exceptions=True)
        await database.close()


async def test_places_go_to_those_first_then_in_order_and_a_cancel_loses_none() -> None:
    """``Places``: a freed place goes to the oldest waiter that comes first, then to the
    others in their order; a waiter cancelled before its turn leaves the queue, and one
    cancelled as its place was handed to it gives the place back."""
    places = Places(1)
    order: list[str] = []

    async def wait(name: str, first: bool = False) -> None:
        async with places.place(first):
            order.append(name)

    async with places.place():
        tasks = {
            name: asyncio.create_task(wait(name, first))
            for name, first in [("a", False), ("b", True), ("c", False), ("d", True), ("e", False)]
        }
        while places.waiting() < 5:
            await asyncio.sleep(0)
        tasks["c"].cancel()  # before its turn: out of the queue
        await asyncio.gather(tasks["c"], return_exceptions=True)
        assert places.waiting() == 4
    await asyncio.gather(*tasks.values(), return_exceptions=True)
    assert order == ["b", "d", "a", "e"]
    assert places.free == 1 and places.waiting() == 0

    handed = asyncio.create_task(wait("f"))
    async with places.place():
        while places.waiting() < 1:
            await asyncio.sleep(0)
    handed.cancel()  # handed the place as the block ended, cancelled before it ran
    await asyncio.gather(handed, return_exceptions=True)
    assert "f" not in order
    assert places.free == 1 and places.waiting() == 0

    passed_over = asyncio.create_task(wait("g"))
    async with places.place():
        while places.waiting() < 1:
            await asyncio.sleep(0)
        passed_over.cancel()  # and the place is freed before its task runs again
    with pytest.raises(asyncio.CancelledError):
        await passed_over
    assert places.free == 1 and places.waiting() == 0
    with pytest.raises(ValueError, match="at least 1"):
        Places(0)
