"""Practice and daily custom ids: a forged, stale or borrowed one gets a private "no
longer valid" with what to do instead (outcome ``invalid_component``), and a hand counts
only for the member it was dealt to, once. On SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import logging
import time
from pathlib import Path

import pytest

from bot.app.client import HousewayBot
from bot.app.sealing import KEY_NAME, Seals
from bot.storage import Bounded, Database, DatabaseError, open_database
from tests.bot.fixtures import BotRunner, exposition, mention, metric_samples
from tests.bot.test_practice import (
    answer,
    button_of,
    hand_of,
    house_two,
    menu_of,
    practise,
)
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeUser


@pytest.fixture
def bot(practice_bot: HousewayBot) -> HousewayBot:
    return practice_bot


def invalid_count(bot: HousewayBot, command: str) -> float:
    key = (("command", command), ("outcome", "invalid_component"))
    return metric_samples(bot, "houseway_interactions_total").get(key, 0.0)


async def counted(bot: HousewayBot, expected: dict[str, float]) -> None:
    """Wait (briefly) for the invalid_component counts: written just after the reply."""
    for _ in range(100):
        if {name: invalid_count(bot, name) for name in expected} == expected:
            return
        await asyncio.sleep(0.02)
    assert {name: invalid_count(bot, name) for name in expected} == expected


async def refused(fake: FakeDiscord, click: FakeInteraction) -> str:
    sent = await fake.wait_response(click)
    assert sent.ephemeral and not sent.embeds and not sent.components
    assert sent.content is not None
    return sent.content


def with_part(custom_id: str, index: int, value: str) -> str:
    """The custom id with its ``index``-th ``:``-separated part replaced."""
    parts = custom_id.split(":")
    parts[index] = value
    return ":".join(parts)


async def answers_of(url: str, user: FakeUser) -> list[tuple[int, int]]:
    database = await open_database(url)
    try:
        rows = await database.fetch(
            "SELECT shown_ms, correct FROM practice_answers WHERE user_id = $1", user.id
        )
        return [(int(r["shown_ms"]), int(r["correct"])) for r in rows]
    finally:
        await database.close()


async def test_ids_the_bot_never_put_on_the_message_are_refused_in_words(
    fake_discord: FakeDiscord,
    bot: HousewayBot,
    any_database_url: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Forged practice and daily ids (a card twice, a score of 999999, another member's
    forget button, an unknown action, an id from before the tags): discord.py drops them
    without a word; the member is told what to do instead."""
    caplog.set_level(logging.INFO)
    caplog.set_level(logging.DEBUG, logger="bot.app.interactions")  # refusals: DEBUG lines
    anna = fake_discord.make_user("anna")
    session = await practise(fake_discord, anna)
    message = fake_discord.messages[session.original_message_id]
    own = menu_of(message)["custom_id"]
    forget = await fake_discord.send_command("stats forget", user=anna)
    await fake_discord.wait_response(forget)
    asked = fake_discord.messages[forget.original_message_id]  # type: ignore[index]
    forget_yes = asked.components[0]["components"][0]["custom_id"]

    async def click(custom_id: str, component_type: int = 3, locale: str = "en-US") -> str:
        values = ["As", "Kd"] if component_type == 3 else None
        pressed = await fake_discord.click(
            message,
            custom_id,
            component_type=component_type,
            values=values,
            user=anna,
            locale=locale,
        )
        return await refused(fake_discord, pressed)

    practice = mention(fake_discord, "practice")
    for forged in (
        "practice:set:AsAsKdQcJh9s7d:1:0-0",  # a card twice, and no tag
        with_part(own, 4, "999999-999999"),  # the score changed, the tag kept
        with_part(own, 3, str(int(own.split(":")[3]) + 1)),  # another moment
        own.rpartition(":")[0],  # the same hand without its tag (an id from before)
        "practice:rule:" + own.split(":", 2)[2],  # its state as the other mode's
    ):
        told = await click(forged)
        assert told.startswith("This menu or button is no longer valid"), forged
        assert practice in told
    swedish = await click("practice:next:set:0-0", component_type=2, locale="sv-SE")
    assert swedish.startswith("Den här menyn eller knappen gäller inte längre")
    assert practice in swedish
    assert (await click("practice:frobnicate:1", component_type=2)).startswith(
        "This menu or button is no longer valid"
    )
    bo_forget = with_part(forget_yes, 2, str(fake_discord.make_user("bo").id))
    told = await click(bo_forget, component_type=2)
    assert told.startswith("This button is no longer valid")
    assert mention(fake_discord, "stats forget") in told
    for day in ("daily:set:2026-13-45", "daily:reveal", "daily:set:1-1-1"):
        told = await click(day)
        assert told.startswith("This menu is no longer valid"), day
        assert mention(fake_discord, "daily") in told

    await counted(
        bot,
        {
            "practice set": 4.0,
            "practice rule": 1.0,
            "practice next": 1.0,
            "practice component": 1.0,
            "stats forget confirm": 1.0,
            "daily answer": 3.0,
        },
    )
    assert 'outcome="error"' not in exposition(bot)
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []
    lines = [r for r in caplog.records if getattr(r, "outcome", None) == "invalid_component"]
    assert len(lines) == 11 and {r.levelno for r in lines} == {logging.DEBUG}
    assert await answers_of(any_database_url, anna) == []


async def test_a_hand_counts_only_for_its_member_and_once(
    fake_discord: FakeDiscord, bot: HousewayBot, any_database_url: str
) -> None:
    """The state on the message itself (as a client that edits its ids sends it): a changed
    time or score, another member's hand, and a second answer to the same hand."""
    url = any_database_url
    anna, bo = fake_discord.make_user("anna"), fake_discord.make_user("bo")
    session = await practise(fake_discord, anna)
    message = fake_discord.messages[session.original_message_id]
    menu = menu_of(message)
    own = menu["custom_id"]
    hand = hand_of(message)

    # Bo presses Anna's hand (her id on his own message): not his to answer.
    theirs = await practise(fake_discord, bo)
    bos = fake_discord.messages[theirs.original_message_id]
    menu_of(bos)["custom_id"] = own
    menu_of(bos)["options"] = menu["options"]
    click = await fake_discord.click(bos, own, values=house_two(hand), user=bo)
    assert (await refused(fake_discord, click)).startswith("This menu or button is no longer")
    assert await answers_of(url, bo) == []

    # Anna changes the time and the score of her own hand: refused, nothing counted.
    for forged in (with_part(own, 3, "1"), with_part(own, 4, "99-99")):
        menu["custom_id"] = forged
        click = await fake_discord.click(message, forged, values=house_two(hand), user=anna)
        assert (await refused(fake_discord, click)).startswith("This menu or button is no")
    assert await answers_of(url, anna) == []

    menu["custom_id"] = own
    _, sent = await answer(fake_discord, session, anna, house_two(hand))
    assert "This session: 1 of 1 right" in sent.embeds[0]["footer"]["text"]
    next_id = button_of(fake_discord.messages[message.id], "practice:next:")["custom_id"]

    # The same hand again (her old menu put back): told so, not counted twice.
    fake_discord.messages[message.id].components = [{"type": 1, "components": [menu]}]
    again = await fake_discord.click(message, own, values=house_two(hand), user=anna)
    told = await refused(fake_discord, again)
    assert "already answered this hand" in told and mention(fake_discord, "practice") in told
    assert [correct for _, correct in await answers_of(url, anna)] == [1]

    # Next hand with a raised score: refused; Bo pressing her real one: refused.
    forged_next = with_part(next_id, 3, "100-100")
    button = {"type": 2, "style": 1, "label": "Next hand", "custom_id": forged_next}
    fake_discord.messages[message.id].components = [{"type": 1, "components": [button]}]
    click = await fake_discord.click(message, forged_next, user=anna)
    assert (await refused(fake_discord, click)).startswith("This menu or button is no longer")
    button["custom_id"] = next_id
    click = await fake_discord.click(message, next_id, user=bo)
    assert (await refused(fake_discord, click)).startswith("This menu or button is no longer")
    click = await fake_discord.click(message, next_id, user=anna)
    dealt = await fake_discord.wait_response(click)
    assert dealt.embeds and "1 of 1 right" in str(dealt.embeds[0])
    await counted(bot, {"practice set": 3.0, "practice next": 2.0})
    assert 'outcome="error"' not in exposition(bot)


async def test_a_daily_menu_for_a_day_that_is_no_day_is_refused(
    fake_discord: FakeDiscord, bot: HousewayBot
) -> None:
    asked = await fake_discord.send_command("daily")
    await fake_discord.wait_response(asked)
    message = fake_discord.messages[asked.original_message_id or 0]
    menu = menu_of(message, "daily:")
    values = [option["value"] for option in menu["options"][:2]]
    for day in ("2026-13-45", "2999-01-01"):
        menu["custom_id"] = f"daily:set:{day}"
        click = await fake_discord.click(message, menu["custom_id"], values=values)
        told = await refused(fake_discord, click)
        assert told.startswith("This menu is no longer valid"), day
        assert mention(fake_discord, "daily") in told
    await counted(bot, {"daily answer": 2.0})
    assert 'outcome="error"' not in exposition(bot)


async def test_the_key_is_made_once_whoever_asks_first(any_database_url: str) -> None:
    """Two processes starting at once each offer a key; both keep the one written first."""
    databases = [await open_database(any_database_url) for _ in range(2)]
    try:
        kept = await asyncio.gather(
            databases[0].meta_once("practice.custom_id_key", "first"),
            databases[1].meta_once("practice.custom_id_key", "second"),
        )
        assert kept[0] == kept[1] in {"first", "second"}
        assert await databases[0].meta_once("practice.custom_id_key", "third") == kept[0]
    finally:
        for database in databases:
            await database.close()


def test_ids_stay_within_discords_100_characters() -> None:
    from bot.app.sealing import Sealer
    from bot.cogs.practice.views import AnswerMenu, NextHand
    from houseway.rules import RULE_IDS

    seal = Sealer("k").for_member(2**63 - 1)
    longest = AnswerMenu.state_for("rule", tuple(range(7)), 10**15 - 1, 999_999, 999_999)
    assert len(seal.custom_id(longest)) <= 100
    assert len(seal.custom_id(NextHand.state_for("rule", 999_999, 999_999))) <= 100
    # Play to win also carries what the session gave up (15 digits) and may drill a rule.
    most = 10**15 - 1
    win = AnswerMenu.state_for("win", tuple(range(7)), most, 999_999, 999_999, RULE_IDS[-1], most)
    assert len(seal.custom_id(win)) <= 100
    assert (
        len(seal.custom_id(NextHand.state_for("win", 999_999, 999_999, RULE_IDS[-1], most))) <= 100
    )
    assert time.time() < 10**15 / 1000  # shown times fit their 15 digits


async def test_presses_at_once_read_the_key_once_and_a_failed_read_is_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first deal at 200 tables: every member presses Your hand at once, before the
    key was ever read. One read answers them all; one that failed is not kept."""
    db = await open_database(f"sqlite:///{tmp_path / 'seals.sqlite3'}")
    real = Database.meta_once
    reads: list[str] = []

    async def counted(database: Database, key: str, value: str) -> str:
        reads.append(key)
        if len(reads) == 1:
            raise DatabaseError("the database did not answer")
        return await real(database, key, value)

    monkeypatch.setattr(Database, "meta_once", counted)
    try:
        seals = Seals()
        deadline = asyncio.get_running_loop().time() + 30
        first = await asyncio.gather(
            *(seals.sealer(Bounded(db, deadline)) for _ in range(20)), return_exceptions=True
        )
        assert reads == [KEY_NAME]
        assert all(isinstance(result, DatabaseError) for result in first)
        sealers = await asyncio.gather(*(seals.sealer(Bounded(db, deadline)) for _ in range(20)))
        assert reads == [KEY_NAME, KEY_NAME]
        assert all(sealer is sealers[0] for sealer in sealers)
        assert await seals.sealer(Bounded(db, deadline)) is sealers[0] and len(reads) == 2
    finally:
        await db.close()


async def test_the_key_is_read_as_the_bot_starts_not_at_the_first_hand(
    fake_discord: FakeDiscord, run_bot: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tables, /play and practice each read the key as they load: at the first deal of
    200 tables the read queued behind every deal for a connection, and 35 *Your hand*
    waiting for it were refused (issue 40). A failed read is tried again by a press
    (above)."""
    real = Database.meta_once
    reads: list[str] = []

    async def counted(database: Database, key: str, value: str) -> str:
        kept = await real(database, key, value)
        reads.append(key)
        return kept

    monkeypatch.setattr(Database, "meta_once", counted)
    async with run_bot(fake_discord):
        await fake_discord.wait_until(
            lambda: reads.count(KEY_NAME) == 3, 30, "the key read by three cogs, unasked"
        )
    assert not fake_discord.interactions  # nothing was pressed
