"""Chips and rounds in the database, on both backends: grants once, bets taken with the
deal, each round settled or voided exactly once, and /stats forget racing a round.

Every test ends with the ledger checked (``assert_ledger_consistent``, in the fixture).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import zlib
from collections.abc import AsyncIterator, Collection, Coroutine, Sequence
from dataclasses import replace
from typing import Any

import pytest

from bot.storage import Database, Statements, open_database
from bot.storage import chips as chip_store
from bot.storage import game as store
from bot.storage.forgotten import forget_member
from houseway.cards import DECK, Card, parse_hand
from houseway.game import Deal, HandResult, Settlement, commission, house_split
from houseway.round import (
    Entry,
    Round,
    RoundResult,
    Rules,
    SeatResult,
    Wager,
    WagerKind,
)
from houseway.round import deal as engine_deal
from houseway.settle import Outcome
from tests.bot.ledger_checks import assert_ledger_consistent
from tests.bot.test_practice import rows_mentioning

GUILD = 111
OTHER_GUILD = 222
#: Noon UTC on a Monday; DAY later is the next UTC day.
T0 = 1_780_000_000.0 - 1_780_000_000.0 % 86_400 + 43_200
DAY = 86_400.0
ALICE, BOB, CAROL = 1001, 1002, 1003


@pytest.fixture
async def db(any_database_url: str) -> AsyncIterator[Database]:
    database = await open_database(any_database_url)
    try:
        yield database
        await assert_ledger_consistent(database)
    finally:
        await database.close()


def deal(players: int, seed: int = 1) -> tuple[tuple[Card, ...], list[tuple[Card, ...]]]:
    """The dealer's seven cards and ``players`` hands, from one deck."""
    cards = random.Random(seed).sample(DECK, 7 * (players + 1))
    return tuple(cards[:7]), [tuple(cards[7 * i : 7 * i + 7]) for i in range(1, players + 1)]


def dealt(round_id: str, bets: dict[int, int], bonuses: dict[int, int] | None = None) -> Round:
    """The engine's round: one seat a member (seats 0, 1, … in the order given)."""
    dealer, hands = deal(len(bets), seed=zlib.crc32(round_id.encode()))
    entries = [
        Entry(
            i,
            user,
            (Wager(WagerKind.MAIN, bet), Wager(WagerKind.BONUS, (bonuses or {}).get(user, 0))),
        )
        for i, (user, bet) in enumerate(bets.items())
    ]
    return engine_deal(entries, Rules(), round_id, Deal(dealer, tuple(hands)))


async def deal_round(
    db: Database,
    round_id: str,
    bets: dict[int, int],
    now: float = T0,
    guild_id: int = GUILD,
    table_id: str | None = "t1",
    bonuses: dict[int, int] | None = None,
) -> store.RoundRow:
    """A round dealt and stored, as read back."""
    await store.open_round(
        db,
        dealt(round_id, bets, bonuses),
        guild_id=guild_id,
        channel_id=5,
        table_id=table_id,
        deadline=now + 60,
        now=now,
    )
    stored = await store.get_round(db, round_id)
    assert stored is not None
    return stored


def settled(row: store.RoundRow, outcomes: list[str], **change: object) -> Round:
    """The stored round settled with the given outcomes (whatever the cards say: storage
    pays what the engine settled); ``change`` forges the last seat's settlement."""
    current = row.to_round().time_out()
    dealer = house_split(current.dealer)
    results = []
    for seat, outcome in zip(current.seats, outcomes, strict=True):
        assert seat.split is not None
        fee = commission(seat.bet) if outcome == "win" else 0
        net = {"win": seat.bet - fee, "push": 0, "loss": -seat.bet}[outcome]
        hands = {
            "win": (HandResult.WIN, HandResult.WIN),
            "push": (HandResult.WIN, HandResult.COPY),
            "loss": (HandResult.LOSS, HandResult.LOSS),
        }[outcome]
        main = Settlement(seat.split, dealer, *hands, Outcome[outcome.upper()], seat.bet, fee, net)
        results.append(SeatResult(seat, main, None, 0))
    if change:
        last = results[-1]
        results[-1] = replace(last, main=replace(last.main, **change))  # type: ignore[arg-type]
    return replace(current, result=RoundResult(dealer, tuple(results)))


async def entries_of(db: Database, user_id: int, prefix: str) -> list[dict[str, object]]:
    return await db.fetch(
        "SELECT key, amount FROM chip_entries WHERE user_id = $1 AND key LIKE $2",
        user_id,
        prefix + "%",
    )


async def rows_of(db: Database, user_id: int) -> dict[str, int]:
    """The member's rows in the game's tables."""
    found = {}
    for table in ("chip_entries", "game_seats"):
        rows = await db.fetch(f"SELECT * FROM {table} WHERE user_id = $1", user_id)
        if rows:
            found[table] = len(rows)
    return found


# --- grants -----------------------------------------------------------------------------


async def test_the_start_is_granted_once_however_many_ask_at_once(db: Database) -> None:
    written = await asyncio.gather(
        *(chip_store.ensure_stack(db, GUILD, ALICE, T0) for _ in range(20))
    )
    granted = [entry for batch in written for entry in batch]
    assert [(e.key, e.kind, e.amount) for e in granted] == [("start", "start", 1000)]
    assert await chip_store.stack(db, GUILD, ALICE) == chip_store.STARTING_STACK
    # The same day again, and later the same day: nothing (no top-up on the start's day).
    assert await chip_store.ensure_stack(db, GUILD, ALICE, T0) == []
    assert await chip_store.ensure_stack(db, GUILD, ALICE, T0 + 40_000) == []
    # Another server is another stack.
    assert [e.key for e in await chip_store.ensure_stack(db, OTHER_GUILD, ALICE, T0)] == ["start"]
    assert await chip_store.stack(db, GUILD, ALICE) == 1000


async def test_the_daily_top_up_comes_once_a_utc_day(db: Database) -> None:
    await chip_store.ensure_stack(db, GUILD, ALICE, T0)
    day2 = T0 + DAY
    written = await asyncio.gather(
        *(chip_store.ensure_stack(db, GUILD, ALICE, day2) for _ in range(20))
    )
    granted = [entry for batch in written for entry in batch]
    day = chip_store.utc_day(day2)
    assert [(e.key, e.kind, e.amount) for e in granted] == [(f"topup:{day}", "topup", 100)]
    assert await chip_store.ensure_stack(db, GUILD, ALICE, day2 + 3600) == []
    # Just before and just after midnight UTC.
    midnight = T0 + 2 * DAY - T0 % DAY
    assert await chip_store.ensure_stack(db, GUILD, ALICE, midnight - 1) == []
    assert [e.kind for e in await chip_store.ensure_stack(db, GUILD, ALICE, midnight)] == ["topup"]
    assert await chip_store.stack(db, GUILD, ALICE) == 1200
    assert [e.kind for e in await chip_store.last_entries(db, GUILD, ALICE)] == [
        "topup",
        "topup",
        "start",
    ]


async def lose_everything(db: Database, user_id: int, round_id: str, now: float) -> None:
    chips = await chip_store.stack(db, GUILD, user_id)
    played = await deal_round(db, round_id, {user_id: chips}, now=now)
    assert await store.settle_round(db, settled(played, ["loss"]), now + 1)


async def test_a_refill_comes_when_broke_without_a_bet_out_once_a_day(db: Database) -> None:
    await chip_store.ensure_stack(db, GUILD, ALICE, T0)
    # All in, and the round still open: broke but with a bet out, so no refill.
    played = await deal_round(db, "r1", {ALICE: 1000}, now=T0 + 10)
    assert await chip_store.stack(db, GUILD, ALICE) == 0
    assert await chip_store.ensure_stack(db, GUILD, ALICE, T0 + 20) == []
    assert await store.settle_round(db, settled(played, ["loss"]), T0 + 30)
    written = await asyncio.gather(
        *(chip_store.ensure_stack(db, GUILD, ALICE, T0 + 40) for _ in range(20))
    )
    granted = [entry for batch in written for entry in batch]
    assert [(e.kind, e.amount) for e in granted] == [("refill", chip_store.REFILL_TO)]
    assert await chip_store.stack(db, GUILD, ALICE) == chip_store.REFILL_TO
    # Broke again the same day: no second refill.
    await lose_everything(db, ALICE, "r2", T0 + 50)
    assert await chip_store.ensure_stack(db, GUILD, ALICE, T0 + 60) == []
    assert await chip_store.stack(db, GUILD, ALICE) == 0
    # The next day the top-up comes first; 100 chips cover a minimum bet of 1 ...
    assert [e.kind for e in await chip_store.ensure_stack(db, GUILD, ALICE, T0 + DAY)] == ["topup"]
    # ... and below a server's minimum of 500 the refill tops up to REFILL_TO.
    late = await chip_store.ensure_stack(db, GUILD, ALICE, T0 + DAY + 1, min_bet=500)
    assert [(e.kind, e.amount) for e in late] == [("refill", chip_store.REFILL_TO - 100)]
    assert await chip_store.stack(db, GUILD, ALICE) == chip_store.REFILL_TO
    assert await chip_store.ensure_stack(db, GUILD, ALICE, T0 + DAY + 2, min_bet=5000) == []


async def test_a_grant_asked_before_a_forget_is_not_written_after_it(db: Database) -> None:
    await chip_store.ensure_stack(db, GUILD, ALICE, T0)
    await forget_member(db, ALICE, now=T0 + 100)
    assert await rows_of(db, ALICE) == {}
    assert await chip_store.ensure_stack(db, GUILD, ALICE, T0 + 50) == []
    assert await chip_store.ensure_stack(db, GUILD, ALICE, T0 + 100) == []
    assert await rows_of(db, ALICE) == {}
    # Playing again afterwards is a fresh start.
    fresh = await chip_store.ensure_stack(db, GUILD, ALICE, T0 + 200)
    assert [(e.kind, e.amount) for e in fresh] == [("start", 1000)]


async def test_a_tables_grants_in_one_transaction_are_each_members_own(db: Database) -> None:
    """``ensure_stacks`` (a table's deal) grants each member what ``ensure_stack`` would:
    a newcomer the start, a broke member the refill, a member forgotten since nothing; and
    says every stack after the grants."""
    broke, newcomer, gone = ALICE, BOB, 333
    await chip_store.ensure_stacks(db, GUILD, [broke, gone], T0)
    await lose_everything(db, broke, "r1", T0 + 10)
    await forget_member(db, gone, now=T0 + 100)
    written, stacks = await chip_store.ensure_stacks(db, GUILD, [gone, newcomer, broke], T0 + 50)
    assert {user: [(e.kind, e.amount) for e in entries] for user, entries in written.items()} == {
        broke: [("refill", chip_store.REFILL_TO)],
        newcomer: [("start", chip_store.STARTING_STACK)],
        gone: [],
    }
    assert stacks == {broke: chip_store.REFILL_TO, newcomer: chip_store.STARTING_STACK, gone: 0}
    assert stacks == {
        user: await chip_store.stack(db, GUILD, user) for user in (broke, newcomer, gone)
    }
    # Asked again, by one member or by all at once: nothing more.
    again = await asyncio.gather(
        chip_store.ensure_stack(db, GUILD, newcomer, T0 + 60),
        chip_store.ensure_stacks(db, GUILD, [broke, newcomer], T0 + 60),
    )
    assert again[0] == [] and again[1][0] == {broke: [], newcomer: []}
    assert await chip_store.ensure_stacks(db, GUILD, [], T0) == ({}, {})


# --- the deal ---------------------------------------------------------------------------


async def test_a_deal_takes_every_bet_with_the_round(db: Database) -> None:
    for user in (ALICE, BOB):
        await chip_store.ensure_stack(db, GUILD, user, T0)
    played = await deal_round(db, "r1", {ALICE: 100, BOB: 1000})
    assert played.status == "open" and [s.user_id for s in played.seats] == [ALICE, BOB]
    assert await chip_store.stack(db, GUILD, ALICE) == 900
    assert await chip_store.stack(db, GUILD, BOB) == 0
    assert await store.get_round(db, "r1") == played
    assert await store.open_seat_of(db, GUILD, BOB) == ("r1", 1)
    assert await store.open_seat_of(db, OTHER_GUILD, BOB) is None
    [latest] = await chip_store.last_entries(db, GUILD, ALICE, limit=1)
    assert (latest.key, latest.kind, latest.amount, latest.round_id) == (
        "bet:r1:0",
        "bet",
        -100,
        "r1",
    )


@pytest.mark.parametrize("bet", [0, -5, 1001, 10**30, True, 2.5, "10"])
async def test_a_bet_that_is_not_there_deals_nothing(db: Database, bet: object) -> None:
    for user in (ALICE, BOB):
        await chip_store.ensure_stack(db, GUILD, user, T0)
    with pytest.raises((ValueError, store.NotEnoughChips)) as refused:
        await deal_round(db, "r1", {ALICE: 10, BOB: bet})  # type: ignore[dict-item]
    if isinstance(bet, int) and not isinstance(bet, bool) and 0 < bet <= 10**12:
        assert isinstance(refused.value, store.NotEnoughChips)
        assert (refused.value.user_id, refused.value.stack, refused.value.bet) == (BOB, 1000, bet)
    else:
        assert isinstance(refused.value, ValueError)
    assert await store.get_round(db, "r1") is None
    assert await chip_store.stack(db, GUILD, ALICE) == 1000
    assert await rows_of(db, ALICE) == {"chip_entries": 1}


async def test_a_member_has_one_seat_at_a_time_in_a_server(db: Database) -> None:
    for user in (ALICE, BOB):
        await chip_store.ensure_stack(db, GUILD, user, T0)
        await chip_store.ensure_stack(db, OTHER_GUILD, user, T0)
    await deal_round(db, "r1", {ALICE: 10})
    with pytest.raises(store.AlreadyPlaying) as refused:
        await deal_round(db, "r2", {BOB: 10, ALICE: 10}, table_id=None)
    assert (refused.value.user_id, refused.value.round_id) == (ALICE, "r1")
    assert await store.get_round(db, "r2") is None
    assert await chip_store.stack(db, GUILD, BOB) == 1000
    # Another server's table is another stack and another seat.
    await deal_round(db, "r3", {ALICE: 10}, guild_id=OTHER_GUILD)
    with pytest.raises(ValueError, match="dealt before"):
        await deal_round(db, "r1", {BOB: 10})
    with pytest.raises(ValueError, match="two seats"):  # one member, one seat a round
        engine_deal(
            [
                Entry(0, BOB, (Wager(WagerKind.MAIN, 10),)),
                Entry(1, BOB, (Wager(WagerKind.MAIN, 5),)),
            ]
        )
    # Twenty deals at once for one member: exactly one is dealt.
    outcomes = await asyncio.gather(
        *(deal_round(db, f"b{i}", {BOB: 10}) for i in range(20)), return_exceptions=True
    )
    assert sum(isinstance(o, store.RoundRow) for o in outcomes) == 1
    assert all(isinstance(o, store.RoundRow | store.AlreadyPlaying) for o in outcomes)
    assert await chip_store.stack(db, GUILD, BOB) == 990


async def test_a_deal_is_one_deck(db: Database) -> None:
    await chip_store.ensure_stack(db, GUILD, ALICE, T0)
    one = dealt("r1", {ALICE: 10})
    seat = one.seats[0]
    twice = replace(one, seats=(replace(seat, hand=(one.dealer[0], *seat.hand[1:])),))
    with pytest.raises(ValueError):
        await store.open_round(
            db, twice, guild_id=GUILD, channel_id=None, table_id=None, deadline=None, now=T0
        )
    assert await store.get_round(db, "r1") is None


# --- splits -----------------------------------------------------------------------------


async def test_a_split_is_stored_once_by_its_member_while_the_round_is_open(db: Database) -> None:
    for user in (ALICE, BOB):
        await chip_store.ensure_stack(db, GUILD, user, T0)
    played = await deal_round(db, "r1", {ALICE: 10, BOB: 10})
    alice, bob = played.seats
    mine = {"hand": alice.hand}
    assert not await store.set_split(db, "r1", alice.seat, BOB, bob.hand[:2], "own", hand=bob.hand)
    assert not await store.set_split(db, "r1", alice.seat, BOB, alice.hand[:2], "own", **mine)
    with pytest.raises(ValueError):
        await store.set_split(db, "r1", alice.seat, ALICE, bob.hand[:2], "own", **mine)
    with pytest.raises(ValueError):
        await store.set_split(db, "r1", alice.seat, ALICE, alice.hand[:2], "mine", **mine)
    # A hand the seat was not dealt (a caller's stale or wrong round): nothing stored.
    other = (bob.hand[0], *alice.hand[1:])
    assert not await store.set_split(
        db, "r1", alice.seat, ALICE, alice.hand[1:3], "own", hand=other
    )
    clicks = await asyncio.gather(
        *(
            store.set_split(db, "r1", alice.seat, ALICE, alice.hand[i : i + 2], "own", **mine)
            for i in range(5)
        )
    )
    assert sorted(clicks) == [False] * 4 + [True]
    stored = await store.get_round(db, "r1")
    assert stored is not None and stored.seats[0].two in [alice.hand[i : i + 2] for i in range(5)]
    assert stored.seats[0].how == "own" and stored.seats[1].two is None
    assert await store.void_round(db, "r1", T0 + 5)
    assert not await store.set_split(db, "r1", bob.seat, BOB, bob.hand[:2], "house", hand=bob.hand)


class Counted(Statements):
    """Statements (or a database) that count what they send: each call is a round trip."""

    def __init__(self, inner: Statements, sent: list[str]) -> None:
        self.inner, self.sent = inner, sent

    async def execute(self, sql: str, *args: Any) -> int:
        self.sent.append(sql)
        return await self.inner.execute(sql, *args)

    async def fetch(self, sql: str, *args: Any) -> list[dict[str, Any]]:
        self.sent.append(sql)
        return await self.inner.fetch(sql, *args)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        self.sent.append(sql)
        await self.inner.executemany(sql, rows)


class CountedDatabase(Counted):
    """The database, its transactions' statements counted too (their BEGIN and COMMIT
    are not: one each, however many seats)."""

    def __init__(self, db: Database, sent: list[str]) -> None:
        super().__init__(db, sent)
        self.db = db

    @contextlib.asynccontextmanager
    async def members_transaction(self, user_ids: Collection[int]) -> AsyncIterator[Statements]:
        async with self.db.members_transaction(user_ids) as tx:
            yield Counted(tx, self.sent)


async def test_a_deal_and_its_settlement_take_as_many_round_trips_for_six_seats_as_for_one(
    db: Database,
) -> None:
    """A table's seats, their wagers and their entries go in one statement each, not one a
    row (issue 40): a deal and a settlement of six seats, each with a bonus, send what
    one seat's do."""
    counts = []
    for round_id, players in (("one", [ALICE]), ("six", list(range(2001, 2007)))):
        for user in players:
            await chip_store.ensure_stack(db, GUILD, user, T0)
        sent: list[str] = []
        counted: Any = CountedDatabase(db, sent)
        bets, bonuses = dict.fromkeys(players, 10), dict.fromkeys(players, 5)
        await store.open_round(
            counted,
            dealt(round_id, bets, bonuses),
            guild_id=GUILD,
            channel_id=5,
            table_id="t1",
            deadline=T0 + 60,
            now=T0,
        )
        dealing = len(sent)
        played = await store.get_round(db, round_id)
        assert played is not None and len(played.seats) == len(players)
        done = played.to_round().time_out().settle()  # the engine's results, bonus too
        stacks = await store.settle_round(counted, done, T0 + 9)
        assert stacks is not None and sorted(stacks) == players
        counts.append((dealing, len(sent) - dealing))
    assert counts[0] == counts[1], counts


async def test_a_set_that_waits_for_a_void_under_way_is_not_stored_once_it_is_voided(
    postgres_url: str,
) -> None:
    """A set is one UPDATE with no member's lock: a void of the round under way on another
    connection (its round and seat rows written, not committed yet) makes it wait, and
    once the void commits the set finds the round voided and stores nothing."""
    import asyncpg

    db = await open_database(postgres_url)
    other = await asyncpg.connect(postgres_url)
    try:
        await chip_store.ensure_stack(db, GUILD, ALICE, T0)
        played = await deal_round(db, "r1", {ALICE: 10})
        seat = played.seats[0]
        voiding = other.transaction()
        await voiding.start()
        await other.execute(
            "UPDATE game_rounds SET status = 'void', settled_at = $2 WHERE round_id = $1",
            "r1",
            T0 + 1,
        )
        await other.execute(
            "UPDATE game_seats SET outcome = 'void', commission = 0, net = 0 WHERE round_id = $1",
            "r1",
        )
        setting = asyncio.create_task(
            store.set_split(db, "r1", seat.seat, ALICE, seat.hand[:2], "own", hand=seat.hand)
        )
        async with asyncio.timeout(60):  # until the set waits for the void's rows
            while not await db.fetchrow(
                "SELECT 1 AS waits FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))",
                other.get_server_pid(),
            ):
                await asyncio.sleep(0.02)
        await voiding.commit()
        assert await setting is False
        stored = await store.get_round(db, "r1")
        assert stored is not None and stored.status == "void" and stored.seats[0].two is None
    finally:
        await other.close()
        await db.close()


# --- settling ---------------------------------------------------------------------------


async def test_a_round_settles_once_however_many_settle_it(db: Database) -> None:
    for user in (ALICE, BOB, CAROL):
        await chip_store.ensure_stack(db, GUILD, user, T0)
    played = await deal_round(db, "r1", {ALICE: 100, BOB: 10, CAROL: 1})
    done = settled(played, ["win", "push", "loss"])
    paid = await asyncio.gather(*(store.settle_round(db, done, T0 + 9) for _ in range(10)))
    assert sorted(paid, key=lambda stacks: stacks is not None) == [None] * 9 + [
        {ALICE: 1095, BOB: 1000, CAROL: 999}
    ]
    assert not await store.void_round(db, "r1", T0 + 10)
    for user in (ALICE, BOB, CAROL):
        assert len(await entries_of(db, user, "result:r1:")) == 1
    assert await chip_store.stack(db, GUILD, ALICE) == 1095  # bet 100: +95
    assert await chip_store.stack(db, GUILD, BOB) == 1000
    assert await chip_store.stack(db, GUILD, CAROL) == 999
    stored = await store.get_round(db, "r1")
    assert stored is not None and stored.status == "settled" and stored.settled_at == T0 + 9
    assert [(s.outcome, s.net, s.commission) for s in stored.seats] == [
        ("win", 95, 5),
        ("push", 0, 0),
        ("loss", -1, 0),
    ]
    assert await store.open_seat_of(db, GUILD, ALICE) is None
    assert await store.open_rounds(db) == []


async def test_settling_and_voiding_at_once_one_wins(db: Database) -> None:
    for user in (ALICE, BOB):
        await chip_store.ensure_stack(db, GUILD, user, T0)
    for attempt in range(6):
        round_id = f"r{attempt}"
        played = await deal_round(db, round_id, {ALICE: 10, BOB: 20}, now=T0 + attempt)
        done = settled(played, ["win", "win"])
        racers: list[Coroutine[Any, Any, object]] = []
        for i in range(8):  # settles and voids interleaved, in both orders
            racers.append(
                store.settle_round(db, done, T0 + 100)
                if (i + attempt) % 2
                else store.void_round(db, round_id, T0 + 100)
            )
        outcomes = await asyncio.gather(*racers)
        assert sum(o is True or isinstance(o, dict) for o in outcomes) == 1
        stored = await store.get_round(db, round_id)
        assert stored is not None and stored.status in ("settled", "void")
        for user in (ALICE, BOB):
            assert len(await entries_of(db, user, f"result:{round_id}:")) == 1


async def test_a_void_returns_every_bet(db: Database) -> None:
    for user in (ALICE, BOB):
        await chip_store.ensure_stack(db, GUILD, user, T0)
    played = await deal_round(db, "r1", {ALICE: 10, BOB: 1000}, table_id=None)
    assert [r.round_id for r in await store.open_rounds(db, table_only=False)] == ["r1"]
    assert await store.open_rounds(db, table_only=True) == []
    assert await store.void_round(db, "r1", T0 + 1)
    assert not await store.void_round(db, "r1", T0 + 2)
    assert await store.settle_round(db, settled(played, ["win", "win"]), T0 + 3) is None
    assert await chip_store.stack(db, GUILD, ALICE) == 1000
    assert await chip_store.stack(db, GUILD, BOB) == 1000
    [latest] = await chip_store.last_entries(db, GUILD, BOB, limit=1)
    assert (latest.key, latest.kind, latest.amount) == ("result:r1:1", "void", 1000)
    # A voided hand is no hand played.
    assert await store.recent_hands(db, GUILD, BOB) == []


@pytest.mark.parametrize(
    "change",
    [
        {"net": 96},  # a win paying more than the bet less commission
        {"net": 101, "commission": -1},
        {"outcome": Outcome.PUSH, "net": 5, "commission": 0},
        {"outcome": Outcome.LOSS, "net": -99, "commission": 0},
        {"bet": 1},
    ],
)
async def test_a_result_no_outcome_pays_settles_nothing(
    db: Database, change: dict[str, object]
) -> None:
    for user in (ALICE, BOB):
        await chip_store.ensure_stack(db, GUILD, user, T0)
    played = await deal_round(db, "r1", {ALICE: 100, BOB: 100})
    with pytest.raises(ValueError):
        await store.settle_round(db, settled(played, ["win", "win"], **change), T0 + 1)
    good = settled(played, ["win", "win"])
    assert good.result is not None
    one_short = replace(good, result=replace(good.result, seats=good.result.seats[:1]))
    with pytest.raises(ValueError, match="no result"):
        await store.settle_round(db, one_short, T0 + 1)
    stored = await store.get_round(db, "r1")
    assert stored is not None and stored.status == "open"
    assert await chip_store.stack(db, GUILD, ALICE) == 900


# --- /stats forget --------------------------------------------------------------------


async def test_a_member_forgotten_between_deal_and_settlement_is_not_paid(db: Database) -> None:
    for user in (ALICE, BOB):
        await chip_store.ensure_stack(db, GUILD, user, T0)
    played = await deal_round(db, "r1", {ALICE: 100, BOB: 100})
    await forget_member(db, BOB, now=T0 + 5)
    assert await rows_of(db, BOB) == {}
    assert await store.settle_round(db, settled(played, ["win", "win"]), T0 + 10)
    assert await rows_of(db, BOB) == {}
    assert await chip_store.stack(db, GUILD, ALICE) == 1095
    stored = await store.get_round(db, "r1")
    assert stored is not None and [s.user_id for s in stored.seats] == [ALICE]
    assert not await store.record_given_up(db, "r1", 1, 10)
    # Every table of every migration: only the 30-day note of the forget is left.
    assert await rows_mentioning(db, BOB) == {"forgotten_members": 1}


async def test_a_seat_older_than_its_members_forget_is_deleted_not_settled(db: Database) -> None:
    """The settlement's own guard: a forget note newer than the deal, its seat still there
    (as when a deal was held up past the forget), gets no result and loses the seat."""
    for user in (ALICE, BOB):
        await chip_store.ensure_stack(db, GUILD, user, T0)
    played = await deal_round(db, "r1", {ALICE: 100, BOB: 100})
    await db.execute(
        "INSERT INTO forgotten_members (user_id, forgotten_at) VALUES ($1, $2)", BOB, T0
    )
    assert await store.settle_round(db, settled(played, ["loss", "loss"]), T0 + 1)
    assert await db.fetch("SELECT * FROM game_seats WHERE user_id = $1", BOB) == []
    assert await entries_of(db, BOB, "result:") == []
    assert await entries_of(db, BOB, "bet:") == []
    assert (
        await chip_store.stack(db, GUILD, BOB) == 1000
    )  # the start stays: it was not this round's


async def test_a_forget_racing_the_settlement_leaves_nothing_behind(db: Database) -> None:
    members = [2000 + i for i in range(6)]
    for round_no in range(4):
        for user in members:
            await chip_store.ensure_stack(db, GUILD, user, T0 + 1000 * round_no)
        round_id = f"r{round_no}"
        played = await deal_round(
            db, round_id, dict.fromkeys(members, 10), now=T0 + 1000 * round_no + 1
        )
        forgotten = members[round_no]
        done = settled(played, ["win"] * len(members))
        forget = forget_member(db, forgotten, now=T0 + 1000 * round_no + 2)
        settle = store.settle_round(db, done, T0 + 1000 * round_no + 3)
        racers = [forget, settle] if round_no % 2 else [settle, forget]
        await asyncio.gather(*racers)
        assert await rows_of(db, forgotten) == {}
        stored = await store.get_round(db, round_id)
        assert stored is not None and stored.status == "settled"
        assert len(stored.seats) == len(members) - 1
        assert all(s.outcome == "win" for s in stored.seats)
        await assert_ledger_consistent(db)


# --- read back --------------------------------------------------------------------------


async def test_hands_boards_and_a_restart(any_database_url: str, db: Database) -> None:
    for user in (ALICE, BOB, CAROL):
        await chip_store.ensure_stack(db, GUILD, user, T0)
    # Three rounds: CAROL wins most chips; ALICE and BOB give up as much a hand.
    given = {ALICE: [0, 20], BOB: [10, 10, 10, 10], CAROL: [5]}
    for n in range(4):
        seated = {user: 10 for user, lost in given.items() if n < len(lost)}
        played = await deal_round(db, f"r{n}", seated, now=T0 + n * 10)
        outcomes = {ALICE: "loss", BOB: "push", CAROL: "win"}
        done = settled(played, [outcomes[seat.user_id] for seat in played.seats])
        assert await store.settle_round(db, done, T0 + n * 10 + 5)
        for seat in played.seats:
            assert await store.record_given_up(db, f"r{n}", seat.seat, given[seat.user_id][n])
            assert not await store.record_given_up(db, f"r{n}", seat.seat, 99)
    played = await deal_round(db, "open", {BOB: 10}, now=T0 + 100)
    assert not await store.record_given_up(db, "open", 0, 1)  # not settled yet
    with pytest.raises(ValueError):
        await store.record_given_up(db, "r0", 0, -1)

    assert await chip_store.chips_board(db, GUILD) == [(CAROL, 1009), (BOB, 990), (ALICE, 980)]
    assert await chip_store.chips_board(db, GUILD, limit=2, offset=1) == [(BOB, 990), (ALICE, 980)]
    assert await chip_store.chips_board_size(db, GUILD) == 3
    assert await store.skill_board(db, GUILD, min_hands=1) == [
        (CAROL, 1, 5),
        (BOB, 4, 40),
        (ALICE, 2, 20),
    ]
    assert await store.skill_board(db, GUILD, min_hands=2) == [(BOB, 4, 40), (ALICE, 2, 20)]
    assert await store.skill_board(db, GUILD, min_hands=2, offset=1) == [(ALICE, 2, 20)]
    assert await store.skill_board_size(db, GUILD, min_hands=2) == 2
    assert await store.skill_board(db, OTHER_GUILD, min_hands=1) == []

    hands = await store.recent_hands(db, GUILD, BOB, limit=3)
    assert [h.seat.round_id for h in hands] == ["r3", "r2", "r1"]
    assert hands[0].seat.outcome == "push" and hands[0].seat.given_up == 10
    assert hands[0].settled_at == T0 + 35 and len(hands[0].dealer) == 7

    # A restarted bot (a new connection) finds the open round with its seat and hand.
    again = await open_database(any_database_url)
    try:
        [found] = await store.open_rounds(again)
        assert found == played
        assert await store.open_rounds(again, table_only=False) == []
    finally:
        await again.close()


# --- settings ---------------------------------------------------------------------------


async def test_settings_default_store_and_refuse_what_is_out_of_range(db: Database) -> None:
    assert await store.game_settings(db, GUILD) == store.GameSettings()
    defaults = store.GameSettings()
    assert (defaults.countdown_seconds, defaults.min_bet, defaults.max_bet) == (60, 1, 1000)
    assert (defaults.foul_rule, defaults.min_hands, defaults.channels) == ("repick", 20, ())
    assert defaults.allows(123)
    chosen = store.GameSettings((30, 10), 15, 5, 1_000_000, "stand", 1000)
    await store.save_game_settings(db, GUILD, chosen)
    assert await store.game_settings(db, GUILD) == store.GameSettings(
        (10, 30), 15, 5, 1_000_000, "stand", 1000
    )
    assert not (await store.game_settings(db, GUILD)).allows(11)
    await store.save_game_settings(db, GUILD, replace(chosen, channels=(), countdown_seconds=300))
    assert (await store.game_settings(db, GUILD)).channels == ()
    assert await store.game_settings(db, OTHER_GUILD) == store.GameSettings()
    for bad, said in [
        ({"countdown_seconds": 14}, "countdown"),
        ({"countdown_seconds": 301}, "countdown"),
        ({"min_bet": 0}, "bets"),
        ({"min_bet": 11, "max_bet": 10}, "bets"),
        ({"max_bet": 1_000_001}, "bets"),
        ({"min_hands": 0}, "skill board"),
        ({"min_hands": 1001}, "skill board"),
        ({"foul_rule": "replay"}, "foul rule"),
    ]:
        with pytest.raises(ValueError, match=said):
            await store.save_game_settings(db, GUILD, replace(defaults, **bad))  # type: ignore[arg-type]
    assert (await store.game_settings(db, GUILD)).countdown_seconds == 300


async def test_the_ledger_check_finds_a_payment_made_twice(db: Database) -> None:
    """The check the other tests rely on can fail: a second result under another key."""
    await chip_store.ensure_stack(db, GUILD, ALICE, T0)
    played = await deal_round(db, "r1", {ALICE: 10})
    assert await store.settle_round(db, settled(played, ["win"]), T0 + 1)
    await assert_ledger_consistent(db)
    await db.execute(
        "INSERT INTO chip_entries (guild_id, user_id, key, kind, amount, round_id, created_at)"
        " VALUES ($1, $2, 'result:r1:0:again', 'result', 19, 'r1', $3)",
        GUILD,
        ALICE,
        T0 + 2,
    )
    with pytest.raises(AssertionError, match="entries for one seat"):
        await assert_ledger_consistent(db)
    await db.execute("DELETE FROM chip_entries WHERE key = 'result:r1:0:again'")
    await db.execute("UPDATE game_rounds SET status = 'open', settled_at = NULL")
    with pytest.raises(AssertionError, match="open but has a result"):
        await assert_ledger_consistent(db)
    await db.execute("UPDATE game_rounds SET status = 'settled', settled_at = $1", T0 + 1)


# --- the bonus (spec §10) -------------------------------------------------------------


async def test_a_bonus_and_envy_are_each_their_own_entry_written_once(db: Database) -> None:
    """Alice's royal match pays 2,000 to 1 and Envy for the dealer's four of a kind; Bob's
    flush 4 to 1 and Envy for the dealer's quads and Alice's royal match (1,000). Each
    wager comes back under its own key, once however many settle the round."""
    for user in (ALICE, BOB):
        await chip_store.ensure_stack(db, GUILD, user, T0)
    dealer = parse_hand("7s 7h 7d 7c 2s 3h 9d")
    alice, bob = parse_hand("As Ks Qs Js Ts Kh Qh"), parse_hand("2d 5d 8d Jd Kd 4c 6c")
    entries = [
        Entry(0, ALICE, (Wager(WagerKind.MAIN, 10), Wager(WagerKind.BONUS, 5))),
        Entry(1, BOB, (Wager(WagerKind.MAIN, 20), Wager(WagerKind.BONUS, 10))),
    ]
    await store.open_round(
        db,
        engine_deal(entries, Rules(), "rb", Deal(dealer, (alice, bob))),
        guild_id=GUILD,
        channel_id=5,
        table_id="t1",
        deadline=None,
        now=T0,
    )
    stored = await store.get_round(db, "rb")
    assert stored is not None
    assert await chip_store.stack(db, GUILD, ALICE) == 1000 - 15
    assert [(s.kind, s.amount) for s in stored.seats[1].sides] == [("bonus", 10)]
    done = stored.to_round().time_out().settle()
    assert done.result is not None
    paid = await asyncio.gather(*(store.settle_round(db, done, T0 + 1) for _ in range(5)))
    [stacks] = [p for p in paid if p is not None]
    main_nets = {r.seat.player: r.main.net for r in done.result.seats}
    # By §10's tables: 2,000 × 5 and Envy 5; 4 × 10 and Envy 5 + 1,000.
    assert stacks == {
        ALICE: 1000 + main_nets[ALICE] + 10_000 + 5,
        BOB: 1000 + main_nets[BOB] + 40 + 1005,
    }
    assert sorted(e["key"] for e in await entries_of(db, ALICE, "")) == [
        "bet:rb:0",
        "bet:rb:0:bonus",
        "envy:rb:0",
        "result:rb:0",
        "result:rb:0:bonus",
        "start",
    ]
    again = await store.get_round(db, "rb")
    assert again is not None
    bonus = again.seats[0].side("bonus")
    assert bonus is not None and (bonus.category, bonus.net, bonus.envy) == (
        "royal-flush-royal-match",
        10_000,
        5,
    )


async def test_a_void_returns_the_bonus_too(db: Database) -> None:
    await chip_store.ensure_stack(db, GUILD, ALICE, T0)
    await deal_round(db, "rv", {ALICE: 10}, bonuses={ALICE: 7})
    assert await chip_store.stack(db, GUILD, ALICE) == 983
    assert await store.void_round(db, "rv", T0 + 1)
    assert await chip_store.stack(db, GUILD, ALICE) == 1000
    keys = {e["key"]: e["amount"] for e in await entries_of(db, ALICE, "result:")}
    assert keys == {"result:rv:0": 10, "result:rv:0:bonus": 7}


async def test_the_ledger_check_finds_a_bonus_paid_twice(db: Database) -> None:
    await chip_store.ensure_stack(db, GUILD, ALICE, T0)
    played = await deal_round(db, "r1", {ALICE: 10}, bonuses={ALICE: 5})
    done = played.to_round().time_out().settle()
    assert await store.settle_round(db, done, T0 + 1)
    await assert_ledger_consistent(db)
    await db.execute("UPDATE chip_entries SET amount = amount + 5 WHERE key = 'result:r1:0:bonus'")
    with pytest.raises(AssertionError, match="bonus 5 net"):
        await assert_ledger_consistent(db)
    await db.execute("UPDATE chip_entries SET amount = amount - 5 WHERE key = 'result:r1:0:bonus'")
