"""Discord refuses a reply the way no retry mends: the channel gone (404 Unknown Channel,
10003), the message gone (10008), no access or permission (403 Missing Access 50001,
Missing Permissions 50013). The one error handler (``bot/app/interactions.py``, for
commands and for buttons and menus alike) takes it as an expected refusal: one warning line
naming Discord's code, no traceback, no ERROR, and never "Something went wrong … try
again"; a member who can still be told why (a 403 on a public answer) is told that."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.app.client import HousewayBot
from tests.bot.fixtures import IN_THREAD, BotRunner, no_error_nor_traceback, outcomes
from tests.bot.test_practice import daily_hand_of, house_two, menu_of
from tests.fakediscord import FakeDiscord, FakeInteraction

#: Every way the bot answers an interaction: its first answer (the callback), then
#: follow-ups and edits through its token.
CALLBACK, WEBHOOK = "POST /interactions/*/callback", "/webhooks/*"
#: Refusals as Discord sends them (``{"message", "code"}``, the OpenAPI description's
#: ErrorResponse): status, code, message.
REFUSALS = [
    pytest.param(404, 10003, "Unknown Channel", id="404-10003"),
    pytest.param(404, 10008, "Unknown Message", id="404-10008"),
    pytest.param(403, 50001, "Missing Access", id="403-50001"),
    pytest.param(403, 50013, "Missing Permissions", id="403-50013"),
]
FORBIDDEN = [p for p in REFUSALS if p.values[0] == 403]
INTERNAL = "Something went wrong"
TOLD = "Discord did not let me answer in this channel"


@pytest.fixture
async def bot(fake_discord: FakeDiscord, run_bot: BotRunner) -> AsyncIterator[HousewayBot]:
    async with run_bot(fake_discord, practice_timing=IN_THREAD) as bot:
        yield bot


async def shown_and_refused(
    fake: FakeDiscord,
    where: str,
    refusal: dict[str, Any],
    status: int,
    count: int | None,
    locale: str,
) -> tuple[FakeInteraction, str]:
    """/daily (``command``), or a pick in its menu once /daily is shown (``menu``), with
    Discord refusing the answer (``count`` times; None: every answer, through the
    token too): the interaction and the name its log line and metrics go under."""
    routes = (CALLBACK,) if count == 1 else (CALLBACK, WEBHOOK)
    user = fake.make_user("ada")
    if where == "command":
        for route in routes:
            fake.inject(route, status=status, body=refusal, count=count)
        return await fake.send_command("daily", user=user, locale=locale), "daily"
    asked = await fake.send_command("daily", user=user, locale=locale)
    await fake.wait_response(asked)
    shown = fake.messages[asked.original_message_id or 0]
    values = house_two(daily_hand_of(shown))
    for route in routes:
        fake.inject(route, status=status, body=refusal, count=count)
    custom_id = menu_of(shown, "daily:")["custom_id"]
    pressed = await fake.click(shown, custom_id, values=values, user=user, locale=locale)
    return pressed, "daily answer"


def assert_one_warning_and_no_traceback(caplog: pytest.LogCaptureFixture, *said: str) -> None:
    """One WARNING line from the bot, saying ``said``; nothing at ERROR and no traceback
    from anyone (discord.py's own "Ignoring exception" included)."""
    no_error_nor_traceback(caplog)
    warned = [
        r.getMessage()
        for r in caplog.records
        if r.levelno == logging.WARNING and r.name.startswith("bot.")
    ]
    assert len(warned) == 1, warned
    assert "\n" not in warned[0]
    for words in said:
        assert words in warned[0], warned[0]


@pytest.mark.parametrize("where", ["command", "menu"])
@pytest.mark.parametrize(("status", "code", "message"), REFUSALS)
async def test_a_refused_answer_is_one_warning_and_the_member_is_told_only_what_helps(
    fake_discord: FakeDiscord,
    bot: HousewayBot,
    caplog: pytest.LogCaptureFixture,
    where: str,
    status: int,
    code: int,
    message: str,
) -> None:
    """Discord refuses the answer once. A 403: the member is told privately that Discord
    did not let the bot answer there (trying again will not help until that changes);
    a channel or message gone: nothing more is sent where nothing can be shown."""
    fake = fake_discord
    body = {"message": message, "code": code}
    pressed, name = await shown_and_refused(fake, where, body, status, 1, "en-US")
    await fake.wait_until(lambda: bool(outcomes(bot, name)), what="the interaction's log line")
    assert outcomes(bot, name) == {"discord_refused": 1.0}
    if status == 403:
        told = await fake.wait_response(pressed)
        assert told.ephemeral and told.content.startswith(TOLD), told.content
    else:
        assert pressed.callback is None and pressed.followups == []
    sent = [r.content or "" for r in pressed.records]
    assert not [content for content in sent if INTERNAL in content]
    assert_one_warning_and_no_traceback(caplog, name, str(code))


@pytest.mark.parametrize("where", ["command", "menu"])
@pytest.mark.parametrize(("status", "code", "message"), FORBIDDEN)
async def test_where_every_answer_is_refused_the_bot_logs_one_warning_and_moves_on(
    fake_discord: FakeDiscord,
    bot: HousewayBot,
    caplog: pytest.LogCaptureFixture,
    where: str,
    status: int,
    code: int,
    message: str,
) -> None:
    """A 403 on every answer, the note to the member too: still one warning line (the
    note's own refusal is no news), no traceback, and the bot goes on answering others."""
    fake = fake_discord
    body = {"message": message, "code": code}
    pressed, name = await shown_and_refused(fake, where, body, status, None, "sv-SE")
    await fake.wait_until(
        lambda: len([r for r in fake.requests if pressed.token in r.path]) == 2,
        what="the answer and the note to the member, both refused",
    )
    await fake.wait_until(lambda: bool(outcomes(bot, name)), what="the interaction's log line")
    assert outcomes(bot, name) == {"discord_refused": 1.0}
    assert pressed.callback is None
    assert_one_warning_and_no_traceback(caplog, name, str(code))
    fake.clear_faults()
    other = await fake.send_command("daily", user=fake.make_user("bea"), locale="sv-SE")
    assert (await fake.wait_response(other)).embeds
