"""Driving a quiz through the Discord stand-in: shared by the quiz, outage and service tests.

Posts are found by what they carry (the answer menu's custom id, the round's and the
reveal's pictures), not by their wording, so a reworded title moves no test.
"""

from __future__ import annotations

import asyncio
import itertools
import re
import time
from collections.abc import Callable
from typing import Any

from bot.cogs.quiz.embeds import REVEAL_IMAGE, ROUND_IMAGE
from bot.storage import Database, open_database
from houseway import five_value, house_way, two_value
from houseway.cards import NAMES, Card, parse_cards
from tests.fakediscord import CHANNEL_ID, FakeDiscord, FakeUser
from tests.fakediscord.models import DEFAULT_MEMBER_PERMISSIONS, MANAGE_GUILD, FakeMessage, Sent
from tests.fakediscord.state import PATIENCE

MODERATOR = DEFAULT_MEMBER_PERMISSIONS | MANAGE_GUILD
PLAIN = DEFAULT_MEMBER_PERMISSIONS
#: The answer menu's custom ids start with this; the round id follows the last colon.
ANSWER_MENU = "quiz:answer:"


async def start_quiz(fake: FakeDiscord, **options: Any) -> Any:
    interaction = await fake.send_command(
        "quiz start", options, user=fake.owner, permissions=MODERATOR
    )
    return await fake.wait_response(interaction)


def round_messages(fake: FakeDiscord, channel_id: int = CHANNEL_ID) -> list[FakeMessage]:
    """The rounds' messages, open or closed: those carrying the round's picture."""
    return [m for m in fake.channel_messages(channel_id) if has_file(m, ROUND_IMAGE)]


def reveals(fake: FakeDiscord, channel_id: int = CHANNEL_ID) -> list[Sent]:
    """The reveal posts, as sent (with files and allowed mentions): those with the answer
    picture. Every post counts, so a reveal posted twice shows twice."""
    return [
        r
        for r in fake.channel_records(channel_id)
        if r.kind == "channel_message" and any(f.filename == REVEAL_IMAGE for f in r.files)
    ]


#: The name of the reveal's field of who got it right, "Right (n of m)", in either language.
RIGHT_FIELD = re.compile(r"(Right|Rätt svar) \(\d+ (of|av) \d+\)")


def right_field(reveal: Sent | FakeMessage) -> dict[str, Any]:
    """The reveal's field of who got it right, "Right (n of m)"."""
    return field_where(reveal, lambda name: bool(RIGHT_FIELD.fullmatch(name)))


def field_named(reveal: Sent | FakeMessage, name: str) -> dict[str, Any]:
    """The reveal's field whose name starts with ``name``."""
    return field_where(reveal, lambda shown: shown.startswith(name))


def field_where(reveal: Sent | FakeMessage, wanted: Callable[[str], bool]) -> dict[str, Any]:
    fields: list[dict[str, Any]] = reveal.embeds[0]["fields"]
    found = [f for f in fields if wanted(f["name"])]
    assert found, [f["name"] for f in fields]
    return found[0]


async def wait_round(fake: FakeDiscord, number: int, channel_id: int = CHANNEL_ID) -> Any:
    """The round's message as the stand-in holds it (it changes as the bot edits it); its
    answer menu is remembered as posted (see select_of)."""
    await fake.wait_until(
        lambda: len(round_messages(fake, channel_id)) >= number, 15, f"round {number}"
    )
    message = round_messages(fake, channel_id)[number - 1]
    select_of(message)
    return message


def has_file(message: FakeMessage, filename: str) -> bool:
    return any(a.get("filename") == filename for a in message.attachments)


def summaries(fake: FakeDiscord, channel_id: int = CHANNEL_ID) -> list[FakeMessage]:
    """The quizzes' closing posts (their top scorers), in any language: among the bot's
    own channel posts (not answers to an interaction), those without a picture that come
    right after a reveal. Every round and every reveal carries a picture."""
    bot_id = str(fake.bot_user.id)
    posts = [
        m
        for m in fake.channel_messages(channel_id)
        if m.interaction_id is None and m.author.get("id") == bot_id
    ]
    return [
        post
        for before, post in itertools.pairwise(posts)
        if has_file(before, REVEAL_IMAGE) and post.embeds and not post.attachments
    ]


async def wait_quiz_over(fake: FakeDiscord, channel_id: int = CHANNEL_ID) -> FakeMessage:
    """Wait for the quiz's closing post, and return it."""
    await fake.wait_until(lambda: bool(summaries(fake, channel_id)), 15, "the end of the quiz")
    return summaries(fake, channel_id)[-1]


#: The answer menu of each round message seen, by the message object's identity (kept
#: alive here, so the identity is not reused).
_MENUS: dict[int, tuple[Any, dict[str, Any]]] = {}


def select_of(message: Any) -> dict[str, Any]:
    """The round message's answer menu: as posted, even once the reveal has taken it off
    the message (a test reading the hand after the reveal failed when the bot's edit came
    first)."""
    menus = [
        c
        for row in message.components
        for c in row["components"]
        if c.get("custom_id", "").startswith(ANSWER_MENU)
    ]
    if menus:
        _MENUS[id(message)] = (message, menus[0])
        return menus[0]
    seen = _MENUS.get(id(message))
    assert seen is not None, f"message {message.id} has no answer menu and never had one seen"
    return seen[1]


def round_id_of(message: Any) -> int:
    return int(select_of(message)["custom_id"].rsplit(":", 1)[1])


def hand_of(message: Any) -> tuple[int, ...]:
    """The round's seven cards, read from its answer menu."""
    return parse_cards(" ".join(o["value"] for o in select_of(message)["options"]), 7)


def house_two(message: Any) -> list[str]:
    return [NAMES[c] for c in house_way(hand_of(message)).two]


def wrong_two(message: Any) -> list[str]:
    """Two cards of the round whose split is not the house way."""
    return not_house_two(hand_of(message))


def not_house_two(hand: tuple[Card, ...]) -> list[str]:
    """Two cards whose split is not the house way (some pair of the seven always is)."""
    decision = house_way(hand)
    for i in range(7):
        for j in range(i + 1, 7):
            two = [hand[i], hand[j]]
            five = [c for c in hand if c not in two]
            if (five_value(five), two_value(two)) != (decision.five_value, decision.two_value):
                return [NAMES[hand[i]], NAMES[hand[j]]]
    raise AssertionError("no wrong answer")


async def wait_recorded(database: Database, column: str, message: Any) -> None:
    """Wait until the round's row has ``column`` (message_id, reveal_message_id) set: the
    bot records a post only after the stand-in has taken it."""
    round_id = round_id_of(message)
    for _ in range(int(300 * PATIENCE)):
        row = await database.fetchrow(f"SELECT {column} FROM rounds WHERE id = $1", round_id)
        if row is not None and row[column] is not None:
            return
        await asyncio.sleep(0.1)
    raise TimeoutError(f"the round's {column} was never recorded")


async def expire_round_in(database: Database, message: Any, answered_until: float = 0.0) -> None:
    """Let the round's time run out now (the database is the authority on deadlines).

    Only once the bot has recorded the round's post: recording it sets the deadline
    (posted + the round's seconds), which would otherwise undo an earlier expiry. The
    deadline is never before ``answered_until``, the time of answers the test gave itself
    (a deadline of "10 ms ago" came before them when the machine was quick: all late).
    """
    await wait_recorded(database, "message_id", message)
    deadline = max(time.time() - 0.01, answered_until)
    await database.execute(
        "UPDATE rounds SET deadline = $2 WHERE id = $1", round_id_of(message), deadline
    )


async def expire_round(database_url: str, message: Any, answered_until: float = 0.0) -> None:
    database = await open_database(database_url)
    try:
        await expire_round_in(database, message, answered_until)
    finally:
        await database.close()


async def answer(
    fake: FakeDiscord, message: Any, user: FakeUser, values: list[str], locale: str = "en-US"
) -> Any:
    interaction = await fake.click(
        message.id, select_of(message)["custom_id"], values=values, user=user, locale=locale
    )
    return await fake.wait_response(interaction)
