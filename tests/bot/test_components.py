"""Buttons and menus whose custom ids the bot's own messages could not carry: a clear
private "no longer valid" with what to do instead, counted as invalid_component, and no
database statement and no error. On SQLite and on PostgreSQL."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from typing import Any, Final

import pytest

from bot.app.client import HousewayBot
from tests.bot.fixtures import QUICK_QUIZ, BotRunner, exposition, mention
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeMessage

BEYOND_64_BITS = "99999999999999999999999"


@pytest.fixture
async def bot(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str
) -> AsyncIterator[HousewayBot]:
    async with run_bot(fake_discord, database_url=any_database_url, quiz_timing=QUICK_QUIZ) as bot:
        yield bot


#: The bot's timers (discord.ext.tasks names their tasks so): /play's sweep of hands left
#: open reads the database at start and every minute, whatever is pressed.
#: Tasks whose queries are not a press's: discord.ext.tasks' timers, and the tables'
#: recovery, which runs in discord.py's task for on_ready.
NOT_PRESSES: Final = ("discord-ext-tasks: ", "discord.py: on_ready")


def statements(bot: HousewayBot, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every database call the bot makes from now on (the test's own setup is done), each
    with the task that made it, but its timers' and its start's: a sweep, or the tables'
    recovery on ready, running late on a busy machine is no press's query (each failed
    this test once under load)."""
    calls: list[str] = []
    database = bot.database
    for name in ("execute", "fetch", "fetchrow", "transaction", "script"):
        real = getattr(database, name)

        def spy(*args: Any, _name: str = name, _real: Any = real, **kwargs: Any) -> Any:
            task = asyncio.current_task()
            made_by = "" if task is None else task.get_name()
            if not made_by.startswith(NOT_PRESSES):
                calls.append(f"{_name} in {made_by or 'no task'}")
            return _real(*args, **kwargs)

        monkeypatch.setattr(database, name, spy)
    return calls


async def counted(bot: HousewayBot, command: str, times: int) -> None:
    line = (
        f'houseway_interactions_total{{command="{command}",outcome="invalid_component"}} {times}.0'
    )
    for _ in range(100):  # the metrics are written just after the reply
        if line in exposition(bot):
            return
        await asyncio.sleep(0.02)
    assert line in exposition(bot)


async def leaderboard_message(fake: FakeDiscord) -> FakeMessage:
    board = await fake.send_command("leaderboard")
    await fake.wait_response(board)
    return fake.messages[board.original_message_id]  # type: ignore[index]


async def refused(fake: FakeDiscord, click: FakeInteraction) -> str:
    sent = await fake.wait_response(click)
    assert sent.ephemeral and not sent.embeds and not sent.components
    assert sent.content is not None
    return sent.content


async def test_forged_custom_ids_are_refused_before_anything_reads_them(
    fake_discord: FakeDiscord,
    bot: HousewayBot,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Custom ids that are not on the message clicked (a forged click, or a message changed
    since): discord.py drops them without a word; the member must hear why."""
    caplog.set_level(logging.INFO)
    board = await leaderboard_message(fake_discord)
    deal = await fake_discord.send_command("deal")
    await fake_discord.wait_response(deal)
    calls = statements(bot, monkeypatch)

    async def click(message: Any, custom_id: str, locale: str = "en-US", **extra: Any) -> str:
        interaction = await fake_discord.click(
            message,
            custom_id,
            component_type=extra.pop("component_type", 2),
            locale=locale,
            **extra,
        )
        return await refused(fake_discord, interaction)

    for page in ("0", "100000000000000000000000", "10001"):
        told = await click(board, f"quiz:lb:all:{page}")
        assert told.startswith("This button is no longer valid")
        assert mention(fake_discord, "leaderboard") in told
    swedish = await click(board, "quiz:lb:month:0", locale="sv-SE")
    assert swedish.startswith("Den här knappen gäller inte längre")
    assert mention(fake_discord, "leaderboard") in swedish
    answer = await click(
        board, f"quiz:answer:{BEYOND_64_BITS}", component_type=3, values=["As", "Kd"]
    )
    assert answer.startswith("This menu is no longer valid")
    assert "current round" in answer
    assert (await click(board, "quiz:settings:7")).startswith("This button or menu is no longer")
    deal_again = await click(deal, "houseway:deal-again:2", locale="sv-SE")
    assert deal_again.startswith("Den här knappen gäller inte längre")
    assert mention(fake_discord, "deal") in deal_again

    await counted(bot, "leaderboard page", 4)
    await counted(bot, "quiz answer", 1)
    await counted(bot, "quiz component", 1)
    await counted(bot, "deal again", 1)
    assert 'outcome="error"' not in exposition(bot)
    assert calls == []
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []


async def test_out_of_range_ids_on_a_message_are_refused_before_the_database(
    fake_discord: FakeDiscord,
    bot: HousewayBot,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The same ids carried by the message itself (as a message from an older version of
    the bot, or an edited one, could): they reach the menu and the buttons, which must
    refuse them before a query (a round id beyond 64 bits does not fit in a BIGINT)."""
    caplog.set_level(logging.INFO)
    board = await leaderboard_message(fake_discord)
    board.components = [
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 2, "label": "0", "custom_id": "quiz:lb:all:0"},
                {"type": 2, "style": 2, "label": "big", "custom_id": "quiz:lb:all:" + "9" * 24},
            ],
        },
        {
            "type": 1,
            "components": [
                {
                    "type": 3,
                    "custom_id": f"quiz:answer:{BEYOND_64_BITS}",
                    "options": [{"label": card, "value": card} for card in ("As", "Kd", "7c")],
                    "min_values": 2,
                    "max_values": 2,
                }
            ],
        },
    ]
    calls = statements(bot, monkeypatch)
    for custom_id in ("quiz:lb:all:0", "quiz:lb:all:" + "9" * 24):
        told = await refused(fake_discord, await fake_discord.click(board, custom_id))
        assert told.startswith("This button is no longer valid")
        assert mention(fake_discord, "leaderboard") in told
    menu = await fake_discord.click(
        board, f"quiz:answer:{BEYOND_64_BITS}", values=["As", "Kd"], locale="sv-SE"
    )
    told = await refused(fake_discord, menu)
    assert told.startswith("Den här menyn gäller inte längre")
    await counted(bot, "leaderboard page", 2)
    await counted(bot, "quiz answer", 1)
    assert 'outcome="error"' not in exposition(bot)
    assert calls == []
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []


async def test_the_bots_own_buttons_still_work_and_stop_at_the_last_page(
    fake_discord: FakeDiscord, bot: HousewayBot
) -> None:
    from bot.cogs.quiz.leaderboard import LAST_PAGE, leaderboard_view

    deal = await fake_discord.send_command("deal")
    [button] = (await fake_discord.wait_response(deal)).components[0]["components"]
    again = await fake_discord.click(deal, button["custom_id"])
    assert (await fake_discord.wait_response(again)).embeds  # a new hand, not a refusal
    view = leaderboard_view("all", LAST_PAGE, LAST_PAGE + 50, "en")
    previous, following = (item.item for item in view.children)  # type: ignore[attr-defined]
    assert following.disabled and not previous.disabled


def test_a_board_of_one_page_has_no_buttons_and_a_longer_one_two() -> None:
    from bot.cogs.quiz.leaderboard import leaderboard_view

    assert leaderboard_view("all", 1, 1, "en").children == []
    first = leaderboard_view("month", 1, 3, "sv")
    assert [item.item.disabled for item in first.children] == [True, False]  # type: ignore[attr-defined]
