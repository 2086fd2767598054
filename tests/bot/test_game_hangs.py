"""A table round whose settlement hangs in PostgreSQL (issue 27 §3): whenever the
database answers again, the round ends settled exactly once, with one reveal, and no bet
is lost or paid twice.

The TCP proxy in front of PostgreSQL holds the settlement at a statement (the UPDATE that
closes the round, or the COMMIT after it) until asyncpg gives up on it (its command
timeout); then it lets everything through. A COMMIT held that way reaches PostgreSQL
after the bot gave up and is written: the runner's retry must take the round as settled
(and still post its reveal), not pay it again; an UPDATE held that way is rolled back, and
the retry settles the round itself.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.storage import Database, open_database
from bot.storage import chips as chips_store
from bot.storage import game as game_store
from houseway.game import house_split, settle_seat
from tests.bot.fixtures import BotRunner, until
from tests.bot.ledger_checks import assert_ledger_consistent
from tests.bot.tcpproxy import TcpProxy
from tests.bot.test_game_crashes import database_errors
from tests.bot.test_table import (
    PATIENT,
    deal_now,
    hand_button,
    open_hand,
    open_table,
    press_house,
    reveals,
    round_id_of,
    sit,
)
from tests.fakediscord import GUILD_ID, FakeDiscord
from tests.fakediscord.state import PATIENCE

#: Seconds before the bot gives up on a statement the test holds (the bot's own is 10 s):
#: long enough for any statement on a busy machine, short enough not to wait for nothing.
HELD_STATEMENT = 4.0


@pytest.mark.parametrize(
    "held",
    [
        pytest.param("update", id="update-held"),
        pytest.param("commit", id="commit-held"),
        pytest.param("commit-alone", id="commit-held-while-the-retry-reads"),
    ],
)
async def test_a_table_settlement_that_hangs_pays_once_when_the_database_answers(
    fake_discord: FakeDiscord, run_bot: BotRunner, postgres_url: str, held: str
) -> None:
    """Anna and Bo both let the house set their hands; the settlement that follows is held
    until the runner has given up on it (counted as a database error), then the database
    answers again. Held: at its UPDATE (everything waits); at its COMMIT (everything
    waits); or at its COMMIT alone while the rest of the database answers, so that the
    runner's retry reads the round still open and waits for the members' locks behind the
    held COMMIT, which lands first (before the fix the retry found the round "closed by
    someone else" and the round ended without a reveal). One reveal, one result a seat,
    the stacks what the core settles from the dealt cards."""
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    proxy = TcpProxy.to(postgres_url)
    await proxy.start()
    database = await open_database(postgres_url)  # the test's own: not through the proxy
    try:
        async with run_bot(
            fake,
            database_url=proxy.url(postgres_url),
            table_timing=PATIENT,
            database_command_timeout=HELD_STATEMENT,
        ) as bot:
            anna, bo = fake.make_user("anna"), fake.make_user("bo")
            table = await open_table(fake, bet=30)
            await sit(fake, table, anna, 1)
            await sit(fake, table, bo, 2)
            await deal_now(fake, table, anna)
            hands = [await open_hand(fake, table, user) for user in (anna, bo)]
            (anna_shown, _, anna_menu), (bo_shown, _, bo_menu) = hands
            round_id = round_id_of(anna_menu)
            await press_house(fake, anna_shown, anna_menu, anna)

            errors = database_errors(bot)
            settling = proxy.pause_at(b"UPDATE game_rounds")
            await press_house(fake, bo_shown, bo_menu, bo)  # the last hand set: settle
            await asyncio.wait_for(settling.wait(), 30 * PATIENCE)
            if held != "update":  # let the settlement's statements through, hold its end
                alone = held == "commit-alone"
                committing = (proxy.hold_at if alone else proxy.pause_at)(b"COMMIT")
                proxy.resume()
                await asyncio.wait_for(committing.wait(), 30 * PATIENCE)
            # asyncpg gives up on the held statement after its command timeout.
            await until(lambda: _above(database_errors(bot), errors), "the settlement given up")
            if held == "commit-alone":
                await until(lambda: _waiting_for_a_lock(database), "the retry behind the locks")
            assert reveals(fake) == []
            proxy.resume()

            await fake.wait_until(lambda: len(reveals(fake)) == 1, 60, "the reveal")
            await fake.wait_until(
                lambda: bool(hand_button(fake, table).get("disabled")), 30, "the round over"
            )
            assert len(reveals(fake)) == 1
            rounds = await database.fetch("SELECT round_id FROM game_rounds")
            assert [str(row["round_id"]) for row in rounds] == [round_id]  # no round after it
            stored = await game_store.get_round(database, round_id)
            assert stored is not None and stored.status == "settled"
            results = await database.fetch(
                "SELECT key FROM chip_entries WHERE round_id = $1 AND kind = 'result'", round_id
            )
            assert sorted(str(row["key"]) for row in results) == [
                f"result:{round_id}:1",
                f"result:{round_id}:2",
            ]
            dealer = house_split(stored.dealer)
            for user, (_, cards, _) in zip((anna, bo), hands, strict=True):
                settled = settle_seat(house_split(cards), dealer, 30)
                assert await chips_store.stack(database, GUILD_ID, user.id) == 1000 + settled.net
        await assert_ledger_consistent(database)
    finally:
        proxy.resume()
        await database.close()
        await proxy.stop()


async def _waiting_for_a_lock(database: Database) -> bool:
    """Whether a transaction waits for a member's lock (the retry, behind the held one)."""
    return bool(await database.fetch("SELECT 1 FROM pg_locks WHERE NOT granted"))


async def _above(value: float, floor: float) -> bool:
    return value > floor
