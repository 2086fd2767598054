"""The chips ledger's invariants, checked against everything stored: for any test that
plays rounds (storage, cogs, faults) to call after what it did.

``await assert_ledger_consistent(database)`` fails, naming what is wrong, unless:

- every member's stack (``chips.stack``) is the sum of their entries, and none is below 0;
- every entry's amount has its kind's sign, and its key names its kind;
- every seat of an open round has its bet entry (minus the bet) and no result entry, and
  so has each of its side wagers (the bonus: ``bet:<round>:<seat>:bonus``);
- every seat of a settled round has exactly one bet and one result entry a wager, the
  result the wager plus its net (a bonus lost: 0), its outcome stored, and Envy's chips
  under ``envy:<round>:<seat>`` exactly when it was paid some; a voided round's seats
  every wager back;
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
    sides = {
        (str(row["round_id"]), int(row["seat"])): row
        for row in await db.fetch(
            "SELECT round_id, seat, kind, amount, category, net, envy FROM game_wagers"
        )
    }
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
        if (kind in ("bet", "result", "void", "envy")) != (entry["round_id"] is not None):
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
        problems.extend(_side_wager(by_key, owner, round_id, number, status, sides))

    for round_id, number in sides:
        if not any(str(s["round_id"]) == round_id and int(s["seat"]) == number for s in seats):
            problems.append(f"a wager of round {round_id} seat {number} has no seat")

    known = {
        (int(seat["guild_id"]), int(seat["user_id"]), key)
        for seat in seats
        for key in _keys(str(seat["round_id"]), int(seat["seat"]), sides)
    }
    for entry in entries:
        owner_key = (int(entry["guild_id"]), int(entry["user_id"]), str(entry["key"]))
        if entry["round_id"] is not None and owner_key not in known:
            problems.append(f"entries for one seat: {entry['key']} is no wager's")

    per_seat = Counter(
        (int(e["guild_id"]), int(e["user_id"]), str(e["round_id"]))
        for e in entries
        if e["round_id"] is not None
    )
    for owner_round, count in per_seat.items():
        if owner_round not in seated:
            problems.append(f"entries {owner_round} belong to no stored seat")
        elif count > 5:  # a bet and its result, a bonus and its result, Envy
            problems.append(f"{count} entries for one seat {owner_round}")
    for round_id, round_ in rounds.items():
        if (round_["status"] == "open") != (round_["settled_at"] is None):
            problems.append(f"round {round_id} is {round_['status']}, ended {round_['settled_at']}")

    assert not problems, "the chips ledger is inconsistent:\n  " + "\n  ".join(problems)


def _keys(round_id: str, number: int, sides: dict[tuple[str, int], object]) -> list[str]:
    """Every key a seat's entries may have: its bet's and result's, and its bonus's and
    Envy's where it placed a bonus."""
    keys = [chip_store.bet_key(round_id, number), chip_store.result_key(round_id, number)]
    if (round_id, number) in sides:
        keys += [
            chip_store.bet_key(round_id, number, "bonus"),
            chip_store.result_key(round_id, number, "bonus"),
            chip_store.envy_key(round_id, number),
        ]
    return keys


def _side_wager(
    by_key: dict[tuple[int, int, str], dict[str, object]],
    owner: tuple[int, int],
    round_id: str,
    number: int,
    status: object,
    sides: dict[tuple[str, int], dict[str, object]],
) -> list[str]:
    """What is wrong with a seat's bonus entries (and Envy's), as its round stands."""
    where = f"round {round_id} seat {number}"
    placed = by_key.get((*owner, chip_store.bet_key(round_id, number, "bonus")))
    paid = by_key.get((*owner, chip_store.result_key(round_id, number, "bonus")))
    envied = by_key.get((*owner, chip_store.envy_key(round_id, number)))
    side = sides.get((round_id, number))
    if side is None:
        stray = [e for e in (placed, paid, envied) if e is not None]
        return [f"{where} has bonus entries but no bonus: {stray}"] if stray else []
    amount = int(str(side["amount"]))
    problems = []
    if placed is None or placed["amount"] != -amount:
        problems.append(f"{where}: bonus {amount}, bet entry {placed}")
    if status == "open" and (paid is not None or envied is not None):
        problems.append(f"{where} is open but its bonus is paid ({paid}, {envied})")
    if status == "settled":
        net = side["net"]
        if net is None or paid is None or paid["amount"] != amount + int(str(net)):
            problems.append(f"{where}: bonus {amount} net {net}, result entry {paid}")
        envy = int(str(side["envy"] or 0))
        if (envied is None) != (envy == 0) or (envied is not None and envied["amount"] != envy):
            problems.append(f"{where}: Envy {envy}, entry {envied}")
    if status == "void" and (paid is None or paid["kind"] != "void" or paid["amount"] != amount):
        problems.append(f"{where}: voided bonus {amount}, result entry {paid}")
    return problems
