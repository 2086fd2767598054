"""The chips ledger's invariants, checked against everything stored: for any test that
plays rounds (storage, cogs, faults) to call after what it did.

``await assert_ledger_consistent(database)`` fails, naming what is wrong, unless:

- every member's stack (``chips.stack``) is the sum of their entries, and none is below 0;
- every entry's amount has its kind's sign, and its key names its kind;
- every seat of an open round has its bet entry (minus the bet) and no result entry;
- every seat of a settled round has exactly one bet and one result entry, the result the
  bet plus the seat's net, and its outcome stored; a voided round's seats the bet back;
- every bet or result entry belongs to a stored seat of that member (a forgotten member's
  seat takes its entries with it);
- every round's status is one of the three, with ``settled_at`` exactly when it ended.

Also a plugin (``tests/conftest.py``): its ``database`` fixture opens the test's database
beside the bot's and checks the ledger after the test, for the game's test files.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import AsyncIterator

import pytest

from bot.storage import Database, open_database
from bot.storage import chips as chip_store


@pytest.fixture
async def database(any_database_url: str) -> AsyncIterator[Database]:
    """The bot's database, read here beside it; the ledger checked after every test."""
    db = await open_database(any_database_url)
    try:
        yield db
        await assert_ledger_consistent(db)
    finally:
        await db.close()


async def assert_ledger_consistent(db: Database) -> None:
    entries = await db.fetch(
        "SELECT guild_id, user_id, key, kind, amount, round_id FROM chip_entries"
    )
    rounds = {
        str(row["round_id"]): row
        for row in await db.fetch("SELECT round_id, guild_id, status, settled_at FROM game_rounds")
    }
    seats = await db.fetch(
        "SELECT round_id, seat, guild_id, user_id, bet, outcome, net, commission FROM game_seats"
    )
    problems: list[str] = []

    sums: defaultdict[tuple[int, int], int] = defaultdict(int)
    by_key: dict[tuple[int, int, str], dict[str, object]] = {}
    for entry in entries:
        owner = (int(entry["guild_id"]), int(entry["user_id"]))
        sums[owner] += int(entry["amount"])
        by_key[(*owner, str(entry["key"]))] = entry
        kind, key, amount = str(entry["kind"]), str(entry["key"]), int(entry["amount"])
        prefix = {"void": "result"}.get(kind, kind)
        if key.split(":", 1)[0] != prefix:
            problems.append(f"entry {key} has kind {kind}")
        if (kind == "bet" and amount >= 0) or (kind != "bet" and amount < 0):
            problems.append(f"entry {key} of kind {kind} has amount {amount}")
        if (kind in ("bet", "result", "void")) != (entry["round_id"] is not None):
            problems.append(f"entry {key} of kind {kind} has round {entry['round_id']}")
    for (guild_id, user_id), total in sums.items():
        stack = await chip_store.stack(db, guild_id, user_id)
        if stack != total or stack < 0:
            problems.append(f"member {user_id} in {guild_id}: stack {stack}, entries sum {total}")

    seated = set()
    for seat in seats:
        round_id, number = str(seat["round_id"]), int(seat["seat"])
        owner = (int(seat["guild_id"]), int(seat["user_id"]))
        seated.add((*owner, round_id))
        bet = int(seat["bet"])
        where = f"round {round_id} seat {number}"
        round_ = rounds.get(round_id)
        if round_ is None:
            problems.append(f"{where} has no round")
            continue
        if int(round_["guild_id"]) != owner[0]:
            problems.append(f"{where} is in another guild than its round")
        placed = by_key.get((*owner, chip_store.bet_key(round_id, number)))
        paid = by_key.get((*owner, chip_store.result_key(round_id, number)))
        if placed is None or placed["amount"] != -bet:
            problems.append(f"{where}: bet {bet}, bet entry {placed}")
        status = round_["status"]
        if status == "open":
            if paid is not None or seat["outcome"] is not None:
                problems.append(f"{where} is open but has a result ({paid}, {seat['outcome']})")
        elif status == "settled":
            if seat["outcome"] not in ("win", "push", "loss") or seat["net"] is None:
                problems.append(f"{where} is settled without an outcome")
            elif paid is None or paid["kind"] != "result" or paid["amount"] != bet + seat["net"]:
                problems.append(f"{where}: bet {bet} net {seat['net']}, result entry {paid}")
        elif status == "void":
            if paid is None or paid["kind"] != "void" or paid["amount"] != bet:
                problems.append(f"{where}: voided bet {bet}, result entry {paid}")
        else:
            problems.append(f"round {round_id} has status {status}")

    per_seat = Counter(
        (int(e["guild_id"]), int(e["user_id"]), str(e["round_id"]))
        for e in entries
        if e["round_id"] is not None
    )
    for owner_round, count in per_seat.items():
        if owner_round not in seated:
            problems.append(f"entries {owner_round} belong to no stored seat")
        elif count > 2:
            problems.append(f"{count} entries for one seat {owner_round}")
    for round_id, round_ in rounds.items():
        if (round_["status"] == "open") != (round_["settled_at"] is None):
            problems.append(f"round {round_id} is {round_['status']}, ended {round_['settled_at']}")

    assert not problems, "the chips ledger is inconsistent:\n  " + "\n  ".join(problems)
