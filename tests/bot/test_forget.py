"""/stats forget is final: through the real bot and the Discord stand-in, on both databases.

An answer racing the forget, or given later on a menu shown before it, is never written
afterwards, nor a score of a round being scored; the race never deadlocks; a member is
told the truth about what was deleted.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.app.client import HousewayBot
from bot.storage import Database, Statements, open_database
from bot.storage import forgotten as forgotten_store
from bot.storage import quiz as quiz_store
from tests.bot import quizhelpers
from tests.bot.fixtures import IN_THREAD, QUICK_QUIZ, BotRunner
from tests.bot.tcpproxy import TcpProxy
from tests.bot.test_practice import (
    daily_hand_of,
    hand_of,
    house_two,
    menu_of,
    practise,
    rows_mentioning,
)
from tests.bot.traces import id_copies
from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.state import PATIENCE

#: Members racing an answer (practice and daily) against their own forget at once.
RACERS = 16
DONE = "Done: everything the bot had stored about you is deleted"
#: What the confirmation says while the forget is under way.
WORKING = "Deleting"


async def forget_button(fake: FakeDiscord, user: FakeUser) -> tuple[Any, str]:
    """/stats forget asked: its interaction and the custom id of its "yes"."""
    asked = await fake.send_command("stats forget", user=user)
    sent = await fake.wait_response(asked)
    return asked, sent.components[0]["components"][0]["custom_id"]


async def forget_outcome(fake: FakeDiscord, confirm: Any) -> str:
    """What the member was last told about the click on "yes", once it is more than
    "Deleting…": the reply, an edit of it, or a follow-up."""

    await fake.wait_until(lambda: told_so_far(confirm) is not None, 30, "the forget's outcome")
    return str(told_so_far(confirm))


def told_so_far(confirm: Any) -> str | None:
    """The forget's outcome as last told, or None while it is only "Deleting…"."""
    said = [r.content for r in confirm.records if r.content is not None]
    return said[-1] if said and not said[-1].startswith(WORKING) else None


async def daily_shown(fake: FakeDiscord, user: FakeUser) -> Any:
    shown = await fake.send_command("daily", user=user)
    await fake.wait_response(shown)
    return fake.messages[shown.original_message_id or 0]


async def inconsistent(database: Database) -> int:
    """Members with answers or rule records but no member row (half a forget, or half an
    answer)."""
    rows = await database.fetch(
        "SELECT user_id FROM practice_answers UNION SELECT user_id FROM practice_rules"
        " EXCEPT SELECT user_id FROM practice_members"
    )
    return len(rows)


@pytest.mark.alone  # every answer must find the database within its interaction's budget
async def test_answers_racing_a_forget_are_never_written_afterwards(
    fake_discord: FakeDiscord,
    run_bot: BotRunner,
    any_database_url: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Each member has answered a hand, has the next hand and the day's hand in front of
    them, and clicks both answers and "yes, delete everything" at the same moment.

    Whatever order the database takes them in, a member told "everything about you is
    deleted" has nothing but the forget note left; nobody is told that the database is
    down (a deadlock would be), and no member is left half-deleted.
    """
    caplog.set_level(logging.WARNING)
    members = [fake_discord.make_user(f"racer{i}") for i in range(RACERS)]
    async with run_bot(fake_discord, database_url=any_database_url, practice_timing=IN_THREAD):
        sessions = [await practise(fake_discord, m) for m in members]
        for member, session in zip(members, sessions, strict=True):
            message = fake_discord.messages[session.original_message_id]
            click = await fake_discord.click(
                message,
                menu_of(message)["custom_id"],
                values=house_two(hand_of(message)),
                user=member,
            )
            await fake_discord.wait_response(click)
            after = await fake_discord.click(
                message,
                next(
                    c["custom_id"]
                    for row in message.components
                    for c in row["components"]
                    if c.get("custom_id", "").startswith("practice:next:")
                ),
                user=member,
            )
            await fake_discord.wait_response(after)
        dailies = [await daily_shown(fake_discord, m) for m in members]
        confirms = [await forget_button(fake_discord, m) for m in members]

        async def race(index: int) -> list[Any]:
            member = members[index]
            message = fake_discord.messages[sessions[index].original_message_id]
            daily = dailies[index]
            asked, yes = confirms[index]
            practice = menu_of(message)["custom_id"]
            daily_menu = menu_of(daily, "daily:")["custom_id"]
            started = [
                lambda: fake_discord.click(
                    message, practice, values=house_two(hand_of(message)), user=member
                ),
                lambda: fake_discord.click(
                    daily, daily_menu, values=house_two(daily_hand_of(daily)), user=member
                ),
                lambda: fake_discord.click(asked, yes, user=member),
            ]
            # Each member in another order: the forget first, in the middle, last.
            order = [(index + k) % 3 for k in range(3)]
            clicks = dict(
                zip(order, await asyncio.gather(*(started[k]() for k in order)), strict=True)
            )
            clicks = [clicks[k] for k in range(3)]
            await asyncio.gather(*(fake_discord.wait_response(c, timeout=15) for c in clicks))
            return clicks

        told = await asyncio.gather(*(race(i) for i in range(RACERS)))
        outcomes = [await forget_outcome(fake_discord, replies[2]) for replies in told]
    unavailable = [
        sent.content
        for clicks in told
        for click in clicks
        for sent in click.records
        if "not answering" in (sent.content or "")
    ]
    deadlocks = [r.getMessage() for r in caplog.records if "eadlock" in r.getMessage()]
    database = await open_database(any_database_url)
    try:
        back = {}
        for member, outcome in zip(members, outcomes, strict=True):
            left = await rows_mentioning(database, member.id)
            if outcome.startswith(DONE) and left != {"forgotten_members": 1}:
                back[member.username] = left
        figures = {
            "not done": sum(not outcome.startswith(DONE) for outcome in outcomes),
            "unavailable": len(unavailable),
            "deadlocks": len(deadlocks),
            "data back": len(back),
            "inconsistent": await inconsistent(database),
        }
        assert figures == {
            "not done": 0,
            "unavailable": 0,
            "deadlocks": 0,
            "data back": 0,
            "inconsistent": 0,
        }, f"{figures} {back} {unavailable[:3]} {deadlocks[:3]}"
    finally:
        await database.close()


async def forget_halted(bot: HousewayBot, confirm: Any, scoring: int) -> None:
    """Wait until the forget is over (told its outcome) or waits for a lock held by the
    PostgreSQL backend ``scoring``: as far as it can go while scoring is held."""
    for _ in range(int(1000 * PATIENCE)):
        if told_so_far(confirm) is not None or await bot.database.fetch(
            "SELECT 1 AS waits FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))",
            scoring,
        ):
            return
        await asyncio.sleep(0.01)
    raise TimeoutError("the forget neither ended nor waited for scoring")


@pytest.mark.parametrize("held_after", ["answers", "add_score"])
async def test_a_forget_while_its_round_is_scored_leaves_no_score(
    fake_discord: FakeDiscord,
    run_bot: BotRunner,
    any_database_url: str,
    monkeypatch: pytest.MonkeyPatch,
    held_after: str,
) -> None:
    """A member who answered confirms their forget while the round is being scored (issue
    #30: told "Done", then scored 105 points). Scoring is held by an event after it read
    the answers (nothing written yet) or after it wrote this member's score (not committed).

    It goes on once the forget has gone as far as the database lets it: on PostgreSQL to its
    end (the defect's window) or to a lock that scoring holds; on SQLite not even through
    its BEGIN IMMEDIATE, which waits for scoring's transaction. Either way the member told
    "Done" has nothing left but the forget note, and a member who stays keeps their score.
    """
    postgres = any_database_url.startswith("postgresql")
    held, go = asyncio.Event(), asyncio.Event()
    scoring: list[int] = []  # its PostgreSQL backend
    unheld = getattr(quiz_store, held_after)
    ann, bo = fake_discord.make_user("ann"), fake_discord.make_user("bo")

    async def then_held(tx: Statements, *args: Any) -> Any:
        done = await unheld(tx, *args)
        if held_after == "answers" or args[2] == ann.id:  # add_score: round, guild, user, …
            if postgres:
                scoring.append((await tx.fetch("SELECT pg_backend_pid() AS pid"))[0]["pid"])
            held.set()
            await go.wait()
        return done

    monkeypatch.setattr(quiz_store, held_after, then_held)
    fake_discord.default_guild.preferred_locale = "en-US"
    async with run_bot(fake_discord, database_url=any_database_url, quiz_timing=QUICK_QUIZ) as bot:
        await quizhelpers.start_quiz(fake_discord, rounds=1, seconds=60)
        first = await quizhelpers.wait_round(fake_discord, 1)
        for member in (ann, bo):
            await quizhelpers.answer(fake_discord, first, member, quizhelpers.house_two(first))
        asked, yes = await forget_button(fake_discord, ann)
        await quizhelpers.expire_round(any_database_url, first)
        await asyncio.wait_for(held.wait(), 15)
        confirm = await fake_discord.click(asked, yes, user=ann)
        await fake_discord.wait_response(confirm)
        if postgres:
            await forget_halted(bot, confirm, scoring[0])
        go.set()
        await fake_discord.wait_until(
            lambda: bool(quizhelpers.reveals(fake_discord)), 15, "the reveal"
        )
        told = await forget_outcome(fake_discord, confirm)
    assert told.startswith(DONE), told
    assert await left_of(any_database_url, ann) == {"forgotten_members": 1}
    assert await left_of(any_database_url, bo) == {"answers": 1, "scores": 1}


# --- told the truth --------------------------------------------------------------------------

NOTHING_DELETED = "The database is not answering, so nothing was deleted."


@contextlib.asynccontextmanager
async def writes_held(url: str) -> AsyncIterator[None]:
    """Another connection holds what a forget must write first, until this block ends: the
    forget waits (SQLite's write lock; on PostgreSQL the table of forget notes)."""
    direct = await open_database(url)
    try:
        async with direct.transaction() as tx:
            if direct.backend == "postgresql":
                await tx.execute("LOCK TABLE forgotten_members IN SHARE MODE")
            yield  # SQLite: BEGIN IMMEDIATE holds the file's write lock already
    finally:
        await direct.close()


async def practised(fake: FakeDiscord, user: FakeUser) -> None:
    """One hand answered: something stored to forget."""
    session = await practise(fake, user)
    message = fake.messages[session.original_message_id]
    click = await fake.click(
        message, menu_of(message)["custom_id"], values=house_two(hand_of(message)), user=user
    )
    await fake.wait_response(click)


async def left_of(url: str, user: FakeUser) -> dict[str, int]:
    database = await open_database(url)
    try:
        return await rows_mentioning(database, user.id)
    finally:
        await database.close()


async def test_a_forget_held_up_past_its_deadline_deletes_nothing_and_says_so(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str
) -> None:
    """The database takes the forget's statements only after its deadline: it is rolled
    back, and the member is told that nothing was deleted (before, they were told
    "unavailable" while the forget went through once the database answered)."""
    kim = fake_discord.make_user("kim")
    timing = replace(IN_THREAD, forget_by=1.0)
    async with run_bot(fake_discord, database_url=any_database_url, practice_timing=timing):
        await practised(fake_discord, kim)
        before = await left_of(any_database_url, kim)
        asked, yes = await forget_button(fake_discord, kim)
        async with writes_held(any_database_url):
            confirm = await fake_discord.click(asked, yes, user=kim)
            await fake_discord.wait_response(confirm)
            # The bot set its deadline before this answer: wait until it has surely passed.
            await asyncio.sleep(timing.forget_by + 0.1)
        told = await forget_outcome(fake_discord, confirm)
    assert told.startswith(NOTHING_DELETED), told
    assert await left_of(any_database_url, kim) == before


async def test_a_forget_slower_than_the_reply_is_told_done_once_it_is(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str
) -> None:
    """The database answers only after Discord's 3 seconds, within the forget's deadline:
    the member sees "Deleting…" at once and then "Done" (before: "unavailable", while
    everything was deleted)."""
    lo = fake_discord.make_user("lo")
    async with run_bot(fake_discord, database_url=any_database_url, practice_timing=IN_THREAD):
        await practised(fake_discord, lo)
        asked, yes = await forget_button(fake_discord, lo)
        async with writes_held(any_database_url):
            confirm = await fake_discord.click(asked, yes, user=lo)
            first = await fake_discord.wait_response(confirm)
            assert confirm.response_time is not None and confirm.response_time < 3.0
            # Past the reply's budget (when the old code said "unavailable").
            await asyncio.sleep(IN_THREAD.ack_by + 0.2)
            assert fake_discord.messages[asked.original_message_id].content == first.content
        told = await forget_outcome(fake_discord, confirm)
    assert told.startswith(DONE), told
    assert await left_of(any_database_url, lo) == {"forgotten_members": 1}


async def test_a_forget_whose_commit_hangs_is_told_the_outcome(
    fake_discord: FakeDiscord, run_bot: BotRunner, postgres_url: str
) -> None:
    """PostgreSQL stops answering at the forget's COMMIT, for longer than Discord's 3
    seconds, then answers: the member is told "Done", which it is. Then a COMMIT that
    never arrives (the connection cut): the member is told to run it again, not "Done"
    nor "nothing deleted", since the bot cannot know."""
    proxy = TcpProxy.to(postgres_url)
    await proxy.start()
    mo, nils = fake_discord.make_user("mo"), fake_discord.make_user("nils")
    try:
        proxied = proxy.url(postgres_url)
        async with run_bot(fake_discord, database_url=proxied, practice_timing=IN_THREAD):
            for member in (mo, nils):
                await practised(fake_discord, member)

            asked, yes = await forget_button(fake_discord, mo)
            held = proxy.pause_at(b"COMMIT")
            confirm = await fake_discord.click(asked, yes, user=mo)
            await asyncio.wait_for(held.wait(), 10)
            await asyncio.sleep(IN_THREAD.ack_by + 0.2)  # past the old "unavailable"
            proxy.resume()
            told = await forget_outcome(fake_discord, confirm)
            assert told.startswith(DONE), told
            assert await left_of(postgres_url, mo) == {"forgotten_members": 1}

            before = await left_of(postgres_url, nils)
            asked, yes = await forget_button(fake_discord, nils)
            held = proxy.pause_at(b"COMMIT")
            confirm = await fake_discord.click(asked, yes, user=nils)
            await asyncio.wait_for(held.wait(), 10)
            await proxy.stop()  # the COMMIT never reaches the server: rolled back there
            proxy.resume()
            await proxy.start()
            told = await forget_outcome(fake_discord, confirm)
            assert told.startswith("The database stopped answering while"), told
            assert await left_of(postgres_url, nils) == before
    finally:
        await proxy.stop()


async def test_a_menu_shown_before_the_forget_is_refused_and_a_new_hand_counts(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str
) -> None:
    """After "everything is deleted", the practice hand and the day's hand still on the
    screen are refused in words; the member who starts again is counted again."""
    olle = fake_discord.make_user("olle")
    async with run_bot(fake_discord, database_url=any_database_url, practice_timing=IN_THREAD):
        await practised(fake_discord, olle)
        session = await practise(fake_discord, olle)
        old_hand = fake_discord.messages[session.original_message_id]
        old_daily = await daily_shown(fake_discord, olle)
        asked, yes = await forget_button(fake_discord, olle)
        confirm = await fake_discord.click(asked, yes, user=olle)
        assert (await forget_outcome(fake_discord, confirm)).startswith(DONE)

        click = await fake_discord.click(
            old_hand, menu_of(old_hand)["custom_id"], values=house_two(hand_of(old_hand)), user=olle
        )
        refused = await fake_discord.wait_response(click)
        assert refused.ephemeral and (refused.content or "").startswith(
            "You asked to be forgotten after this hand was dealt, so this answer is not stored."
        )
        daily_menu = menu_of(old_daily, "daily:")["custom_id"]
        click = await fake_discord.click(
            old_daily,
            daily_menu,
            values=house_two(daily_hand_of(old_daily)),
            user=olle,
            locale="sv-SE",
        )
        refused = await fake_discord.wait_response(click)
        assert refused.ephemeral and (refused.content or "").startswith(
            "Du bad om att bli glömd efter att den här handen visades, så svaret sparas inte."
        )
        assert await left_of(any_database_url, olle) == {"forgotten_members": 1}

        await practised(fake_discord, olle)  # starting again
        new_daily = await daily_shown(fake_discord, olle)
        click = await fake_discord.click(
            new_daily,
            menu_of(new_daily, "daily:")["custom_id"],
            values=house_two(daily_hand_of(new_daily)),
            user=olle,
        )
        assert (await fake_discord.wait_response(click)).embeds
        assert await left_of(any_database_url, olle) == {
            "forgotten_members": 1,
            "practice_members": 1,
            "practice_answers": 1,
            "practice_rules": 1,
            "daily_answers": 1,
        }


async def test_right_after_a_forget_sqlite_files_hold_only_the_note(
    fake_discord: FakeDiscord, run_bot: BotRunner, tmp_path: Path
) -> None:
    """Deleted rows are zeroed (secure_delete) and the WAL, which holds the pages as they
    were, is checkpointed and emptied: the member's id is left only in the forget note
    (its row and its primary key's index), not in 60-odd old page versions."""
    path = tmp_path / "traces.sqlite3"
    url = f"sqlite:///{path}"
    pia = fake_discord.make_user("pia")
    async with run_bot(fake_discord, database_url=url, practice_timing=IN_THREAD):
        chosen = await fake_discord.send_command("cards", {"colours": "four"}, user=pia)
        await fake_discord.wait_response(chosen)
        for _ in range(5):
            await practised(fake_discord, pia)
        daily = await daily_shown(fake_discord, pia)
        click = await fake_discord.click(
            daily,
            menu_of(daily, "daily:")["custom_id"],
            values=house_two(daily_hand_of(daily)),
            user=pia,
        )
        await fake_discord.wait_response(click)
        assert sum(id_copies(path, pia.id).values()) > 2
        asked, yes = await forget_button(fake_discord, pia)
        confirm = await fake_discord.click(asked, yes, user=pia)
        assert (await forget_outcome(fake_discord, confirm)).startswith(DONE)
        left = id_copies(path, pia.id)
    assert sum(left.values()) == 2, left


async def test_about_says_what_is_left_after_a_forget_on_this_database(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str
) -> None:
    """/about names what a forget leaves, and for how long, for the database the bot runs
    on (and only that one), in both languages."""
    postgres = any_database_url.startswith("postgresql")
    async with run_bot(fake_discord, database_url=any_database_url, practice_timing=IN_THREAD):
        for locale, title, note, disk in (
            (
                "en-US",
                "What is left once you have deleted everything",
                "A note of your id and when you asked, for 30 days",
                "until (auto)vacuum reuses" if postgres else "overwritten with zeros",
            ),
            (
                "sv-SE",
                "Kvar efter att du har raderat allt",
                "En anteckning om ditt id och när du bad om det, i 30 dagar",
                "tills (auto)vacuum återanvänder" if postgres else "skrivs över med nollor",
            ),
        ):
            asked = await fake_discord.send_command("about", locale=locale)
            [embed] = (await fake_discord.wait_response(asked)).embeds
            fields = {field["name"]: field["value"] for field in embed["fields"]}
            left = fields[title].split("\n")
            assert len(left) == 3 and left[0].startswith(f"- {note}")
            assert disk in left[1]
            assert ("vacuum" in left[1]) == postgres


#: What the confirmation calls each table a forget deletes from, in each language.
NAMED_IN_CONFIRMATION = {
    "practice_answers": ("träning", "practice"),
    "practice_win_answers": ("träning", "practice"),
    "practice_rules": ("träning", "practice"),
    "practice_members": ("träning", "practice"),
    "daily_answers": ("dagens hand", "hands of the day"),
    "answers": ("quizsvar", "quiz answers"),
    "scores": ("quizpoäng", "quiz points"),
    "member_settings": ("färger dina kortbilder har", "card colours"),
    "chip_entries": ("dina spelmarker", "your play chips"),
    "game_seats": ("händerna du har spelat om dem", "the hands you played for them"),
}


async def test_the_confirmation_names_everything_the_forget_deletes(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    """Issue 38 §12: the question before a forget names each kind of row it deletes
    (``MEMBER_ROWS``), play chips and the game's hands too, in both languages; a table
    added to the forget without a word here fails."""
    assert set(NAMED_IN_CONFIRMATION) == {table for table, _ in forgotten_store.MEMBER_ROWS}
    for locale, lang in (("sv-SE", 0), ("en-US", 1)):
        asked = await fake_discord.send_command("stats forget", locale=locale)
        question = (await fake_discord.wait_response(asked)).content
        assert question is not None
        missing = {t: n[lang] for t, n in NAMED_IN_CONFIRMATION.items() if n[lang] not in question}
        assert not missing, (locale, missing, question)
        assert ("alla servrar", "every server")[lang] in question
