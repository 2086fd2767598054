"""Members' decks through their cache, on a real database: fresh for a minute, bounded,
the database left alone for a while after it failed, and nothing stored for the default."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable

import pytest

from bot.pictures import decks
from bot.pictures.cards_image import Deck
from bot.pictures.decks import FRESH_SECONDS, QUIET_SECONDS, MemberDecks
from bot.storage import Database, open_database
from bot.storage import members as members_store

ANNA, BO, CAJSA = 1, 2, 3


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def database(any_database_url: str) -> AsyncIterator[Database]:
    db = await open_database(any_database_url)
    try:
        yield db
    finally:
        await db.close()


async def stored(db: Database) -> dict[int, str]:
    rows = await db.fetch("SELECT user_id, deck FROM member_settings")
    return {int(row["user_id"]): str(row["deck"]) for row in rows}


async def test_a_choice_is_stored_and_the_default_stores_nothing(database: Database) -> None:
    members = MemberDecks(database)
    assert await members.deck_for(ANNA) is Deck.TWO
    await members.choose(ANNA, Deck.FOUR, within=5)
    assert await stored(database) == {ANNA: "four"}
    assert await MemberDecks(database).deck_for(ANNA) is Deck.FOUR  # another process
    await members.choose(ANNA, Deck.TWO, within=5)
    assert await stored(database) == {}  # back to the default: nothing kept about anna
    assert await MemberDecks(database).deck_for(ANNA) is Deck.TWO


async def test_a_choice_read_is_kept_for_a_minute_then_read_again(database: Database) -> None:
    clock = Clock()
    members = MemberDecks(database, clock=clock)
    assert await members.deck_for(ANNA) is Deck.TWO
    await MemberDecks(database).choose(ANNA, Deck.FOUR, within=5)  # through another process
    clock.now += FRESH_SECONDS - 1
    assert await members.deck_for(ANNA) is Deck.TWO  # from memory: no query
    clock.now += 1
    assert await members.deck_for(ANNA) is Deck.FOUR


async def test_a_value_this_version_does_not_know_is_the_default(database: Database) -> None:
    await database.execute("INSERT INTO member_settings (user_id, deck) VALUES ($1, 'six')", BO)
    assert await MemberDecks(database).deck_for(BO) is Deck.TWO


async def test_the_cache_is_bounded_and_forgets_the_least_recent(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(decks, "MAX_MEMBERS", 2)
    members = MemberDecks(database)
    await members.choose(ANNA, Deck.FOUR, within=5)
    await members.deck_for(BO)
    await members.deck_for(ANNA)  # anna is now the most recent
    await members.deck_for(CAJSA)
    assert len(members) == 2
    await database.execute("DELETE FROM member_settings")
    assert await members.deck_for(ANNA) is Deck.FOUR  # still remembered
    assert await members.deck_for(BO) is Deck.TWO  # bo was forgotten, and read again


async def test_a_failing_database_gives_the_last_known_or_the_default_and_a_rest(
    database: Database,
) -> None:
    clock = Clock()
    failures: list[None] = []
    members = MemberDecks(database, clock=clock, on_error=lambda: failures.append(None))
    await members.choose(ANNA, Deck.FOUR, within=5)
    await database.execute("INSERT INTO member_settings (user_id, deck) VALUES ($1, 'four')", BO)
    await database.execute("ALTER TABLE member_settings RENAME TO member_settings_away")
    clock.now += FRESH_SECONDS
    assert await members.deck_for(ANNA) is Deck.FOUR  # the last known, not an error
    assert len(failures) == 1  # counted (the bot's houseway_database_errors_total)
    assert await members.deck_for(BO) is Deck.TWO  # never read: the default
    await database.execute("ALTER TABLE member_settings_away RENAME TO member_settings")
    clock.now += QUIET_SECONDS - 1
    assert await members.deck_for(BO) is Deck.TWO  # the database is left alone a while
    clock.now += 1
    assert await members.deck_for(BO) is Deck.FOUR


async def test_reads_failing_together_are_counted_each_and_logged_once(
    database: Database, caplog: pytest.LogCaptureFixture
) -> None:
    """Fifty members' reads under way when the database stops answering: counted,
    one line in the log (a busy server's log once filled with one a member)."""
    failures: list[None] = []
    members = MemberDecks(database, on_error=lambda: failures.append(None))
    await database.execute("ALTER TABLE member_settings RENAME TO member_settings_away")
    try:
        with caplog.at_level(logging.WARNING, logger=decks.__name__):
            got = await asyncio.gather(*(members.deck_for(user) for user in range(100, 150)))
    finally:
        await database.execute("ALTER TABLE member_settings_away RENAME TO member_settings")
    assert set(got) == {Deck.TWO}
    assert len(failures) == 50  # every read was under way before the first failed
    said = [r for r in caplog.records if "could not read a member's deck" in r.getMessage()]
    assert len(said) == 1, [r.getMessage() for r in said]


async def test_members_asked_for_together_are_read_in_one_statement(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A busy start or a rest's end asks for hundreds of members in the same moment: read
    one by one they took the pool from the game's writes (issue 40). Those asked for at
    once are one statement, and those asked for while it runs are the next one."""
    monkeypatch.setattr(decks, "LOOKUP_SECONDS", 60.0)  # this test counts, it does not time
    four = set(range(1000, 1500, 7))
    for user in four:
        await database.execute(
            "INSERT INTO member_settings (user_id, deck) VALUES ($1, 'four')", user
        )
    asked: list[int] = []
    began, go_on = asyncio.Event(), asyncio.Event()

    def counted(real: Callable[..., Awaitable[object]]) -> Callable[..., Awaitable[object]]:
        async def read(query: str, *args: object) -> object:
            asked.append(len(set(args)))  # members (a statement repeats its last to its size)
            began.set()
            await go_on.wait()
            return await real(query, *args)

        return read

    monkeypatch.setattr(database, "fetchrow", counted(database.fetchrow))  # one by one, before
    monkeypatch.setattr(database, "fetch", counted(database.fetch))
    members = MemberDecks(database)
    first = asyncio.gather(*(members.deck_for(user) for user in range(1000, 1300)))
    await began.wait()
    second = asyncio.gather(*(members.deck_for(user) for user in range(1300, 1500)))
    await asyncio.sleep(0)  # the second lot asks while the first read is under way
    go_on.set()
    got = [*await first, *await second]
    assert asked == [300, 200]
    assert [
        user for user, deck in zip(range(1000, 1500), got, strict=True) if deck is Deck.FOUR
    ] == sorted(four)


async def test_a_read_of_more_members_than_one_statement_takes_is_split(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(members_store, "READ_AT_ONCE", 100)
    for user in (5, 150, 249):
        await database.execute(
            "INSERT INTO member_settings (user_id, deck) VALUES ($1, 'four')", user
        )
    asked: list[int] = []
    real = database.fetch

    async def counted(query: str, *args: object) -> object:
        asked.append(len(set(args)))
        return await real(query, *args)

    monkeypatch.setattr(database, "fetch", counted)
    chosen = await members_store.chosen_decks(database, range(250))
    assert asked == [100, 100, 50]
    assert chosen == {
        5: "four",
        150: "four",
        249: "four",
    }


async def test_reads_of_any_size_are_a_few_statements_to_prepare(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """asyncpg prepares every statement and keeps 100 a connection: reads of 1 to 500
    members, one statement each size, would push the game's own out of that cache."""
    sizes: set[int] = set()
    real = database.fetch

    async def counted(query: str, *args: object) -> object:
        sizes.add(len(args))
        return await real(query, *args)

    monkeypatch.setattr(database, "fetch", counted)
    for count in range(1, 501):
        await members_store.chosen_decks(database, range(count))
    assert len(sizes) <= len(members_store.SIZES) + 1, sorted(sizes)


async def test_decks_warmed_as_a_table_deals_are_drawn_with_no_read_of_their_own(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deal reads its seats' decks in the background, so that *Your hand* waits for no
    read of its own (under load a quarter second was often not enough: issue 40), and a
    member asked for while that read is under way waits for it rather than another."""
    monkeypatch.setattr(decks, "LOOKUP_SECONDS", 60.0)  # this test counts, it does not time
    await database.execute("INSERT INTO member_settings (user_id, deck) VALUES ($1, 'four')", ANNA)
    asked: list[int] = []
    began, go_on = asyncio.Event(), asyncio.Event()
    real = database.fetch

    async def counted(query: str, *args: object) -> object:
        asked.append(len(set(args)))
        began.set()
        await go_on.wait()
        return await real(query, *args)

    monkeypatch.setattr(database, "fetch", counted)
    members = MemberDecks(database)
    read = members.warm([ANNA, BO])
    assert read is not None
    await began.wait()
    anna = asyncio.ensure_future(members.deck_for(ANNA))  # Your hand, the read under way
    await asyncio.sleep(0)
    go_on.set()
    await read
    assert await anna is Deck.FOUR
    assert await members.deck_for(BO) is Deck.TWO
    assert asked == [2]  # one read for the deal, none of their own
    assert members.warm([ANNA, BO]) is None  # fresh: nothing to read


async def test_a_forget_during_a_read_keeps_nothing_of_it(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """/stats forget deletes Cajsa's row while a read of it is under way: the read found
    the row, but nothing of it is remembered, and her next picture reads again."""
    await database.execute("INSERT INTO member_settings (user_id, deck) VALUES ($1, 'four')", CAJSA)
    began, go_on = asyncio.Event(), asyncio.Event()
    real = database.fetch

    async def gated(query: str, *args: object) -> object:
        rows = await real(query, *args)
        began.set()
        await go_on.wait()
        return rows

    monkeypatch.setattr(database, "fetch", gated)
    members = MemberDecks(database)
    read = members.warm([CAJSA])
    assert read is not None
    await began.wait()  # the row is read, its answer not yet taken in
    await database.execute("DELETE FROM member_settings WHERE user_id = $1", CAJSA)
    members.forget(CAJSA)
    go_on.set()
    await read
    assert len(members) == 0
    assert await members.deck_for(CAJSA) is Deck.TWO  # read again: the row is gone
