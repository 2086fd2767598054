"""A database outage mid-round: the bot keeps answering, keeps the answers, reveals once."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

from bot.storage import Database, open_database
from tests.bot.fixtures import QUICK_QUIZ, BotRunner, bot_env, metric_samples, start_bot_process
from tests.bot.quizhelpers import (
    answer,
    expire_round_in,
    house_two,
    reveals,
    right_field,
    round_id_of,
    round_messages,
    select_of,
    start_quiz,
    wait_recorded,
    wait_round,
    wrong_two,
)
from tests.bot.tcpproxy import TcpProxy
from tests.fakediscord import FakeDiscord
from tests.fakediscord.models import MANAGE_GUILD


async def reveal_now(fake: FakeDiscord, direct: Database, first: Any) -> tuple[int, Any]:
    """Move the round's deadline to now; wait for the reveal; its "Right (n of m)" field."""
    await expire_round_in(direct, first)
    await fake.wait_until(lambda: len(reveals(fake)) >= 1, 30, "reveal")
    return round_id_of(first), right_field(reveals(fake)[0])


async def test_stalled_database_answer_acknowledged_in_time_and_kept(
    fake_discord: FakeDiscord, run_bot: BotRunner, postgres_url: str
) -> None:
    """A write that hangs must not cost the 3-second deadline, nor the answer.

    The member first answers wrong while the database hangs (acknowledged anyway, kept
    in memory), then right once it is back: the right answer, the newer, must count
    even though the older one is written again before scoring.
    """
    proxy = TcpProxy.to(postgres_url)
    await proxy.start()
    fake_discord.default_guild.preferred_locale = "en-US"
    bo = fake_discord.make_user("bo")
    async with run_bot(fake_discord, database_url=proxy.url(postgres_url), quiz_timing=QUICK_QUIZ):
        await start_quiz(fake_discord, rounds=1, seconds=60)
        first = await wait_round(fake_discord, 1)
        # An answer before the stall: the round is posted and its state in memory.
        await answer(fake_discord, first, fake_discord.make_user("anna"), house_two(first))

        proxy.pause()
        click = await fake_discord.click(
            first.id, select_of(first)["custom_id"], values=wrong_two(first), user=bo
        )
        taken = await fake_discord.wait_response(click, timeout=10)
        assert taken.ephemeral and taken.content.startswith("Saved")
        assert click.response_time is not None and click.response_time < 3.0
        proxy.resume()
        await answer(fake_discord, first, bo, house_two(first))

        direct = await open_database(postgres_url)
        try:
            round_id, field = await reveal_now(fake_discord, direct, first)
            assert field["name"] == "Right (2 of 2)"
            rows = await direct.fetch(
                "SELECT answer FROM answers WHERE round_id = $1 AND user_id = $2", round_id, bo.id
            )
            # One row, the right answer's two cards (stored in the answer's own card order,
            # not the house way's: the joker goes last there).
            assert [sorted(row["answer"].split()) for row in rows] == [sorted(house_two(first))]
        finally:
            await direct.close()
    await proxy.stop()


async def test_an_answer_the_disk_cannot_keep_either_is_told_so_honestly(
    fake_discord: FakeDiscord, run_bot: BotRunner, postgres_url: str, tmp_path: Path
) -> None:
    """Database hung and the journal unwritable: the member is not told "saved"."""
    proxy = TcpProxy.to(postgres_url)
    await proxy.start()
    fake_discord.default_guild.preferred_locale = "en-US"
    (tmp_path / "not-a-directory").write_text("")
    async with run_bot(
        fake_discord,
        database_url=proxy.url(postgres_url),
        quiz_timing=QUICK_QUIZ,
        data_dir=tmp_path / "not-a-directory" / "data",
    ):
        await start_quiz(fake_discord, rounds=1, seconds=60)
        first = await wait_round(fake_discord, 1)
        await answer(fake_discord, first, fake_discord.make_user("anna"), house_two(first))
        proxy.pause()
        told = await answer(fake_discord, first, fake_discord.make_user("bo"), house_two(first))
        assert told.ephemeral and told.content.startswith("Received but not stored yet")
        swede = fake_discord.make_user("cecilia")
        sagt = await answer(fake_discord, first, swede, house_two(first), locale="sv-SE")
        assert re.fullmatch(
            r"Mottaget men inte sparat än \(databasen svarar inte\): .+ i tvåkortshanden\. "
            r"Om boten startas om innan svaret har sparats kan det gå förlorat – "
            r"svara gärna igen om en stund\. Det sista svaret före kl\. <t:\d+:T> gäller\.",
            sagt.content,
        )
        proxy.resume()
    await proxy.stop()


async def test_answer_kept_while_its_write_is_blocked_still_counts(
    fake_discord: FakeDiscord, run_bot: BotRunner, postgres_url: str
) -> None:
    """Writes to answers hang (reads work): the member is told "saved" in time, the round
    message counts the answer meanwhile, and the write lands once the lock goes."""
    fake_discord.default_guild.preferred_locale = "en-US"
    async with run_bot(fake_discord, database_url=postgres_url, quiz_timing=QUICK_QUIZ):
        await start_quiz(fake_discord, rounds=1, seconds=60)
        first = await wait_round(fake_discord, 1)
        bo = fake_discord.make_user("bo")
        direct = await open_database(postgres_url)
        try:
            async with direct.transaction() as tx:
                await tx.execute("LOCK TABLE answers IN SHARE MODE")
                click = await fake_discord.click(
                    first.id, select_of(first)["custom_id"], values=house_two(first), user=bo
                )
                taken = await fake_discord.wait_response(click, timeout=10)
                assert taken.ephemeral and taken.content.startswith("Saved")
                assert click.response_time is not None and click.response_time < 3.0
                await fake_discord.wait_until(
                    lambda: fake_discord.get_message(first.id).content == "Answers so far: 1",
                    5,
                    "the kept answer counted",
                )
            rows: list[Any] = []
            for _ in range(100):  # the held INSERT goes through now
                rows = await direct.fetch("SELECT user_id FROM answers")
                if rows:
                    break
                await asyncio.sleep(0.05)
            assert [row["user_id"] for row in rows] == [bo.id]
            _, field = await reveal_now(fake_discord, direct, first)
            assert field["name"] == "Right (1 of 1)"
        finally:
            await direct.close()


async def test_stalled_database_quiz_commands_answer_in_time(
    fake_discord: FakeDiscord, run_bot: BotRunner, postgres_url: str
) -> None:
    """A database that hangs (not refuses) must not leave moderators without an answer.

    A /quiz start whose INSERT lands only after the moderator was told "unavailable"
    is stopped again rather than started unannounced.
    """
    proxy = TcpProxy.to(postgres_url)
    await proxy.start()
    fake_discord.default_guild.preferred_locale = "en-US"

    async def told_unavailable_in_time(interaction: Any) -> None:
        sent = await fake_discord.wait_response(interaction, timeout=10)
        assert sent.ephemeral and "unavailable right now" in sent.content
        assert interaction.response_time is not None and interaction.response_time < 3.0

    async with run_bot(fake_discord, database_url=proxy.url(postgres_url), quiz_timing=QUICK_QUIZ):
        proxy.pause()  # everything hangs
        await told_unavailable_in_time(await fake_discord.send_command("leaderboard"))
        proxy.resume()

        direct = await open_database(postgres_url)
        try:
            async with direct.transaction() as tx:  # only writes to quizzes hang
                await tx.execute("LOCK TABLE quizzes IN SHARE MODE")
                start = await fake_discord.send_command(
                    "quiz start",
                    {"rounds": 1},
                    user=fake_discord.owner,
                    permissions=MANAGE_GUILD,
                )
                await told_unavailable_in_time(start)
            for _ in range(100):  # the held INSERT lands now, and is undone
                rows = await direct.fetch("SELECT status FROM quizzes")
                if rows and all(row["status"] == "stopped" for row in rows):
                    break
                await asyncio.sleep(0.05)
            assert [row["status"] for row in rows] == ["stopped"]
        finally:
            await direct.close()
        await asyncio.sleep(0.5)
        assert round_messages(fake_discord) == []
    await proxy.stop()


async def test_postgres_outage_mid_round(
    fake_discord: FakeDiscord, run_bot: BotRunner, postgres_url: str
) -> None:
    proxy = TcpProxy.to(postgres_url)
    await proxy.start()
    proxied = proxy.url(postgres_url)
    fake_discord.default_guild.preferred_locale = "en-US"
    anna, bo = fake_discord.make_user("anna"), fake_discord.make_user("bo")
    async with run_bot(fake_discord, database_url=proxied, quiz_timing=QUICK_QUIZ):
        await start_quiz(fake_discord, rounds=1, seconds=60)
        first = await wait_round(fake_discord, 1)
        await answer(fake_discord, first, anna, house_two(first))

        await proxy.stop()  # the database goes away mid-round
        taken = await answer(fake_discord, first, bo, house_two(first))
        assert taken.ephemeral and taken.content.startswith("Saved")
        board = await fake_discord.send_command("leaderboard")
        unavailable = await fake_discord.wait_response(board)
        assert unavailable.ephemeral and "unavailable right now" in unavailable.content
        houseway = await fake_discord.send_command("houseway", {"hand": "As Ah Ad Ac JK 7s 2d"})
        assert (await fake_discord.wait_response(houseway)).embeds  # still works

        await proxy.start()  # back, on the same port
        direct = await open_database(postgres_url)
        try:
            round_id, field = await reveal_now(fake_discord, direct, first)
            await asyncio.sleep(0.5)
            assert len(reveals(fake_discord)) == 1
            assert field["name"] == "Right (2 of 2)"
            assert f"<@{bo.id}>" in field["value"]
            rows = await direct.fetch("SELECT user_id FROM answers WHERE round_id = $1", round_id)
            assert {row["user_id"] for row in rows} == {anna.id, bo.id}
        finally:
            await direct.close()
    await proxy.stop()


async def test_a_member_forgotten_during_an_outage_is_not_written_back(
    fake_discord: FakeDiscord, run_bot: BotRunner, postgres_url: str, tmp_path: Path
) -> None:
    """An answer kept through an outage (memory and journal) is dropped when its member
    runs /stats forget once the database is back: the round scores without it, and
    neither the database nor the journal on disk holds it afterwards."""
    proxy = TcpProxy.to(postgres_url)
    await proxy.start()
    fake_discord.default_guild.preferred_locale = "en-US"
    anna, bo = fake_discord.make_user("anna"), fake_discord.make_user("bo")
    data_dir = tmp_path / "data"
    async with run_bot(
        fake_discord,
        database_url=proxy.url(postgres_url),
        quiz_timing=QUICK_QUIZ,
        data_dir=data_dir,
    ):
        await start_quiz(fake_discord, rounds=1, seconds=60)
        first = await wait_round(fake_discord, 1)
        await answer(fake_discord, first, anna, house_two(first))
        await proxy.stop()
        taken = await answer(fake_discord, first, bo, house_two(first))
        assert taken.ephemeral and taken.content.startswith("Saved")
        journal = next(data_dir.glob("answers-journal*.jsonl"))
        assert str(bo.id) in journal.read_text()
        await proxy.start()

        forget = await fake_discord.send_command("stats forget", user=bo)
        yes = (await fake_discord.wait_response(forget)).components[0]["components"][0]
        confirm = await fake_discord.click(forget, yes["custom_id"], user=bo)
        _, done = await fake_discord.wait_records(confirm, 2)  # "Deleting…", then the outcome
        assert (done.content or "").startswith("Done")
        direct = await open_database(postgres_url)
        try:
            round_id, field = await reveal_now(fake_discord, direct, first)
            assert field["name"] == "Right (1 of 1)"
            rows = await direct.fetch("SELECT user_id FROM answers WHERE round_id = $1", round_id)
            assert [row["user_id"] for row in rows] == [anna.id]
        finally:
            await direct.close()
        await fake_discord.wait_until(
            lambda: not journal.exists() or str(bo.id) not in journal.read_text(),
            5,
            "the journal rewritten without the forgotten member",
        )
    await proxy.stop()


def database_errors(bot: Any) -> float:
    """houseway_database_errors_total as a scrape reads it."""
    return sum(metric_samples(bot, "houseway_database_errors_total").values())


async def test_a_database_gone_is_counted_even_when_only_pictures_are_asked_for(
    fake_discord: FakeDiscord, run_bot: BotRunner, postgres_url: str
) -> None:
    """/houseway goes on without the database (the default deck), but the failed deck
    read is counted, so the alert on database errors fires for a bot used only so."""
    proxy = TcpProxy.to(postgres_url)
    await proxy.start()
    async with run_bot(fake_discord, database_url=proxy.url(postgres_url)) as bot:
        await proxy.stop()
        await asyncio.sleep(0.3)  # a start-up read cut off by the stop counts before this
        before = database_errors(bot)
        asked = await fake_discord.send_command("houseway", {"hand": "As Ah Ad Ac JK 7s 2d"})
        assert (await fake_discord.wait_response(asked)).embeds  # still answered
        assert database_errors(bot) == before + 1
    await proxy.stop()


async def logged_bot(env: dict[str, str], tmp_path: Path) -> asyncio.subprocess.Process:
    """``python -m bot`` in ``tmp_path`` (its DATA_DIR), its output appended to bot.log."""
    with (tmp_path / "bot.log").open("ab") as log:
        return await start_bot_process(env, tmp_path, output=log)


async def test_answers_saved_while_the_database_hangs_survive_a_sigkill(
    fake_discord: FakeDiscord, postgres_url: str, tmp_path: Path
) -> None:
    """ "Saved" means saved: ten answers acknowledged while every write hangs, then the
    bot is killed (SIGKILL, no shutdown); the next process still scores all ten."""
    proxy = TcpProxy.to(postgres_url)
    await proxy.start()
    fake_discord.default_guild.preferred_locale = "en-US"
    env = bot_env(fake_discord, proxy.url(postgres_url), LOG_LEVEL="WARNING")
    bot = await logged_bot(env, tmp_path)
    try:
        await fake_discord.wait_ready(timeout=30)
        await start_quiz(fake_discord, rounds=1, seconds=120)
        first = await wait_round(fake_discord, 1)
        proxy.pause()  # every statement hangs from here on
        members = [fake_discord.make_user(f"member{i}") for i in range(10)]
        clicks = await asyncio.gather(
            *(
                fake_discord.click(
                    first.id, select_of(first)["custom_id"], values=house_two(first), user=member
                )
                for member in members
            )
        )
        told = await asyncio.gather(*(fake_discord.wait_response(c, timeout=10) for c in clicks))
        assert all(sent.content.startswith("Saved") for sent in told), [s.content for s in told]
        assert max(c.response_time or 99.0 for c in clicks) < 3.0
        bot.kill()
        await bot.wait()
        proxy.resume()
        bot = await logged_bot(env, tmp_path)
        await fake_discord.wait_ready(timeout=30, count=2)
        direct = await open_database(postgres_url)
        try:
            await wait_recorded(direct, "message_id", first)
            _, field = await reveal_now(fake_discord, direct, first)
            assert field["name"] == "Right (10 of 10)"
            assert len(round_messages(fake_discord)) == 1  # the round was not posted again
        finally:
            await direct.close()
    finally:
        if bot.returncode is None:
            bot.terminate()
            await bot.wait()
        await proxy.stop()


async def test_a_reveal_posted_just_before_a_crash_is_not_posted_again(
    fake_discord: FakeDiscord, postgres_url: str, tmp_path: Path
) -> None:
    """The process dies after Discord took the reveal and before the database recorded
    it: the next process finds the reveal in the channel instead of posting a second."""
    proxy = TcpProxy.to(postgres_url)
    await proxy.start()
    fake_discord.default_guild.preferred_locale = "en-US"
    env = bot_env(fake_discord, proxy.url(postgres_url), LOG_LEVEL="WARNING")
    bot = await logged_bot(env, tmp_path)
    direct = await open_database(postgres_url)
    try:
        await fake_discord.wait_ready(timeout=30)
        await start_quiz(fake_discord, rounds=2, seconds=120)
        first = await wait_round(fake_discord, 1)
        await answer(fake_discord, first, fake_discord.make_user("anna"), house_two(first))
        await wait_recorded(direct, "message_id", first)

        def revealed_and_stalled() -> bool:
            # Checked as the stand-in takes the reveal, before the bot hears back: the
            # database stops answering before the bot can record the reveal.
            if reveals(fake_discord):
                proxy.pause()
                return True
            return False

        await expire_round_in(direct, first)
        await fake_discord.wait_until(revealed_and_stalled, 30, "the reveal")
        bot.kill()
        await bot.wait()
        proxy.resume()
        bot = await logged_bot(env, tmp_path)
        await fake_discord.wait_ready(timeout=30, count=2)
        await wait_recorded(direct, "reveal_message_id", first)
        await wait_round(fake_discord, 2)  # the quiz goes on ...
        assert len(reveals(fake_discord)) == 1  # ... after one reveal of round 1
    finally:
        await direct.close()
        if bot.returncode is None:
            bot.terminate()
            await bot.wait()
        await proxy.stop()
