"""/daily's clock, titles and Share button through the Discord stand-in, in both languages:
when the next hand comes, "✅ Right! Today's hand, 1 December", and a result to show the
channel that holds the result, the streak and the cards behind a spoiler, never the answer."""

from __future__ import annotations

import asyncio
import logging
import re
import time
from datetime import date, timedelta
from typing import Any

import pytest

from bot.app.client import HousewayBot
from bot.storage import open_database
from houseway import house_way
from houseway.cards import Card, pretty_card, pretty_cards, sort_key
from houseway.language import Lang
from houseway.rules import rule_name
from tests.bot.fixtures import mention, no_error_nor_traceback, outcomes
from tests.bot.test_practice import (
    button_of,
    daily_hand_of,
    field,
    house_two,
    menu_of,
    other_two,
    spoken_day,
)
from tests.bot.test_practice_ids import refused, with_part
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeUser

#: Discord's Send Messages permission bit.
SEND_MESSAGES = 1 << 11
SUITS = "♠♥♦♣🃏"


@pytest.fixture
def bot(practice_bot: HousewayBot) -> HousewayBot:
    return practice_bot


def next_midnight(timestamp: float) -> int:
    """The first midnight UTC after ``timestamp``, by arithmetic on Unix seconds."""
    return (int(timestamp) // 86_400 + 1) * 86_400


def today() -> str:
    return time.strftime("%Y-%m-%d", time.gmtime())


async def daily(fake: FakeDiscord, user: FakeUser, locale: str, **where: Any) -> FakeInteraction:
    asked = await fake.send_command("daily", user=user, locale=locale, **where)
    await fake.wait_response(asked)
    return asked


async def answered(
    fake: FakeDiscord, user: FakeUser, right: bool, locale: str, **where: Any
) -> tuple[FakeInteraction, tuple[Card, ...], dict[str, Any]]:
    """Ask for the day's hand and answer it right or wrong: the question, the hand and the
    result's embed."""
    asked = await daily(fake, user, locale, **where)
    message = fake.messages[asked.original_message_id or 0]
    hand = daily_hand_of(message)
    values = house_two(hand) if right else other_two(hand)
    click = await fake.click(
        message, menu_of(message, "daily:")["custom_id"], values=values, user=user, locale=locale
    )
    result = (await fake.wait_response(click)).embeds[0]
    return asked, hand, result


async def share(
    fake: FakeDiscord, asked: FakeInteraction, user: FakeUser, locale: str, custom_id: str = ""
) -> Any:
    message = fake.messages[asked.original_message_id or 0]
    custom_id = custom_id or button_of(message, "daily:share:")["custom_id"]
    pressed = await fake.click(message, custom_id, user=user, locale=locale)
    return await fake.wait_response(pressed)


def streak_line(result: dict[str, Any], lang: str) -> str:
    """The streak, the second line of the result's field of the day."""
    day = field(result, "Today's hand so far" if lang == "en" else "Dagens hand hittills")
    return day.split("\n")[1]


def assert_gives_nothing_away(shared: str, hand: tuple[Card, ...]) -> None:
    """The seven cards only behind the spoiler; no split, no rule name in either language."""
    spoilers = re.findall(r"\|\|(.+?)\|\|", shared, re.S)
    assert len(spoilers) == 1
    cards = spoilers[0]
    assert all(pretty_card(card) in cards for card in hand)
    assert sum(cards.count(suit) for suit in SUITS) == 7
    outside = shared.replace(f"||{cards}||", "")
    assert not any(suit in outside for suit in SUITS), outside
    for rule_id in house_way(hand).path:
        for lang in Lang:
            assert rule_name(rule_id, lang).lower() not in shared.lower()


@pytest.mark.parametrize(
    ("locale", "lang", "title", "right", "wrong", "next_name"),
    [
        ("en-US", "en", "Today's hand, {day}", "✅ Right! ", "❌ Wrong! ", "Today's hand so far"),
        ("sv-SE", "sv", "Dagens hand, {day}", "✅ Rätt! ", "❌ Fel! ", "Dagens hand hittills"),
    ],
)
async def test_daily_says_when_the_next_hand_comes_and_titles_the_result(
    fake_discord: FakeDiscord,
    bot: HousewayBot,
    locale: str,
    lang: str,
    title: str,
    right: str,
    wrong: str,
    next_name: str,
) -> None:
    before = time.time()
    asked = await daily(fake_discord, fake_discord.make_user("alma"), locale)
    after = time.time()
    shown = fake_discord.messages[asked.original_message_id or 0].embeds[0]
    day = spoken_day(today(), lang)
    assert shown["title"] == title.format(day=day)
    stamps = {int(n) for n in re.findall(r"<t:([0-9]+):R>", shown["description"])}
    assert len(stamps) == 1 and stamps <= {next_midnight(before), next_midnight(after)}
    (at,) = stamps
    assert f"<t:{at}:f>" in shown["description"] and "UTC" not in shown["description"]

    _, _, good = await answered(fake_discord, fake_discord.make_user("bert"), True, locale)
    assert good["title"] == right + title.format(day=day)
    assert f"<t:{at}:R>" in field(good, next_name)
    _, _, bad = await answered(fake_discord, fake_discord.make_user("cilla"), False, locale)
    assert bad["title"] == wrong + title.format(day=day)


@pytest.mark.parametrize(
    ("locale", "lang", "right", "yesterday_right", "expected"),
    [
        ("en-US", "en", True, True, "House Way – hand of the day, {day}: ✅ · 2 days in a row"),
        ("sv-SE", "sv", True, False, "Huset väljer – dagens hand {day}: ✅ · 1 dag i rad"),
        # A day missed: the mark alone, never "❌ · 0 dagar i rad" (#29 §4).
        ("sv-SE", "sv", False, True, "Huset väljer – dagens hand {day}: ❌\n||"),
        ("en-US", "en", False, False, "House Way – hand of the day, {day}: ❌\n||"),
    ],
)
async def test_a_shared_result_shows_the_streak_and_the_cards_behind_a_spoiler(
    fake_discord: FakeDiscord,
    bot: HousewayBot,
    any_database_url: str,
    locale: str,
    lang: str,
    right: bool,
    yesterday_right: bool,
    expected: str,
) -> None:
    dora = fake_discord.make_user("dora")
    if yesterday_right:
        yesterday = (date.fromisoformat(today()) - timedelta(days=1)).isoformat()
        database = await open_database(any_database_url)
        try:
            await database.execute(
                "INSERT INTO daily_hands (day, hand, created_at) VALUES ($1, $2, 0)",
                yesterday,
                "Ks Kh 7d 7c Ad Tc 3h",
            )
            await database.execute(
                "INSERT INTO daily_answers (day, user_id, answer, correct, answered_at)"
                " VALUES ($1, $2, '7d 7c', 1, 0)",
                yesterday,
                dora.id,
            )
        finally:
            await database.close()
    asked, hand, result = await answered(fake_discord, dora, right, locale)
    streak = streak_line(result, lang)
    now = re.match(r"(?:Right|Rätt) ([0-9]+)", streak)  # a streak of none starts again
    assert (int(now[1]) if now else 0) == (yesterday_right + 1 if right else 0), streak
    if not right:  # a streak of none starts again; with no day right at all, says so
        starts = "Din svit börjar om" if lang == "sv" else "Your streak starts"
        assert streak.startswith(
            starts if yesterday_right else "Ingen dag" if lang == "sv" else "No day"
        )
    posted = await share(fake_discord, asked, dora, locale)
    assert not posted.ephemeral  # in the channel, for everyone
    assert posted.content.startswith(f"<@{dora.id}>")
    assert expected.format(day=spoken_day(today(), lang)) in posted.content
    assert_gives_nothing_away(posted.content, hand)
    channel = fake_discord.channel_messages(
        fake_discord.default_channel_id, include_ephemeral=False
    )
    assert [m.content for m in channel] == [posted.content]

    # Asked again after answering: the result comes back with its Share button, which
    # now gives the same text to copy: a day is posted once per member and channel.
    again = await daily(fake_discord, dora, locale)
    copy = await share(fake_discord, again, dora, locale)
    assert copy.ephemeral
    block = re.search(r"```\n(.+?)\n```", copy.content, re.S)
    assert block is not None and posted.content.endswith(block[1])


@pytest.mark.parametrize(
    ("locale", "where", "told"),
    [
        ("en-US", {}, "I may not post in this channel, so I cannot share for you."),
        ("sv-SE", {}, "Jag får inte skriva i den här kanalen, så jag kan inte dela åt dig."),
        ("en-US", {"dm": True}, "Nobody else sees what I write here."),
        ("sv-SE", {"dm": True}, "Här ser ingen annan vad jag skriver."),
    ],
)
async def test_where_the_bot_cannot_share_the_member_gets_the_text_to_copy(
    fake_discord: FakeDiscord,
    bot: HousewayBot,
    locale: str,
    where: dict[str, Any],
    told: str,
) -> None:
    if not where:
        fake_discord.app_permissions &= ~SEND_MESSAGES
    erik = fake_discord.make_user("erik")
    asked, hand, _ = await answered(fake_discord, erik, True, locale, **where)
    reply = await share(fake_discord, asked, erik, locale)
    assert reply.ephemeral and reply.content.startswith(told)
    block = re.search(r"```\n(.+?)\n```", reply.content, re.S)
    assert block is not None and "✅" in block[1]
    assert_gives_nothing_away(block[1], hand)
    channel = fake_discord.channel_messages(
        fake_discord.default_channel_id, include_ephemeral=False
    )
    assert channel == []


async def test_a_forged_share_id_is_refused(fake_discord: FakeDiscord, bot: HousewayBot) -> None:
    """Anna's Share id on Bo's message, or with another day, shares nothing: the tag is
    for Anna and this day."""
    anna, bo = fake_discord.make_user("anna"), fake_discord.make_user("bo")
    anna_asked, _, _ = await answered(fake_discord, anna, True, "en-US")
    bo_asked, _, _ = await answered(fake_discord, bo, False, "sv-SE")
    anna_message = fake_discord.messages[anna_asked.original_message_id or 0]
    bo_message = fake_discord.messages[bo_asked.original_message_id or 0]
    anna_id = button_of(anna_message, "daily:share:")["custom_id"]
    yesterday = (date.fromisoformat(today()) - timedelta(days=1)).isoformat()
    daily_cmd = mention(fake_discord, "daily")

    button_of(bo_message, "daily:share:")["custom_id"] = anna_id  # as if Bo's own
    told = await refused(fake_discord, await fake_discord.click(bo_message, anna_id, user=bo))
    assert told.startswith("This button is no longer valid.") and daily_cmd in told
    other_day = with_part(anna_id, 2, yesterday)
    button_of(anna_message, "daily:share:")["custom_id"] = other_day
    pressed = await fake_discord.click(anna_message, other_day, user=anna, locale="sv-SE")
    told = await refused(fake_discord, pressed)
    assert told.startswith("Den här knappen gäller inte längre.") and daily_cmd in told
    untagged = anna_id.rpartition(":")[0]  # no tag at all: not a form the bot makes
    pressed = await fake_discord.click(anna_message, untagged, component_type=2, user=anna)
    assert (await refused(fake_discord, pressed)).startswith("This button is no longer valid.")
    channel = fake_discord.channel_messages(
        fake_discord.default_channel_id, include_ephemeral=False
    )
    assert channel == []


async def test_an_older_days_share_gives_the_streak_as_it_stood_that_day(
    fake_discord: FakeDiscord, bot: HousewayBot, any_database_url: str
) -> None:
    """A Share button stays on an old result: pressed after later days were answered right,
    it gives the streak that day ended (1), not today's run (3)."""
    from bot.app.sealing import KEY_NAME, Sealer

    erik = fake_discord.make_user("erik")
    first = date.fromisoformat(today())
    earlier = [(first - timedelta(days=n)).isoformat() for n in (2, 1)]
    database = await open_database(any_database_url)
    try:
        for day in earlier:
            await database.execute(
                "INSERT INTO daily_hands (day, hand, created_at) VALUES ($1, $2, 0)",
                day,
                "Ks Kh 7d 7c Ad Tc 3h",
            )
            await database.execute(
                "INSERT INTO daily_answers (day, user_id, answer, correct, answered_at)"
                " VALUES ($1, $2, '7d 7c', 1, 0)",
                day,
                erik.id,
            )
        asked, _, result = await answered(fake_discord, erik, True, "en-US")
        assert streak_line(result, "en").startswith("Right 3 days in a row")
        # The id the bot put on that day's result (the key is the bot's, in its database).
        key = await database.meta_once(KEY_NAME, "not used: the bot made the key")
    finally:
        await database.close()
    state = f"daily:share:{earlier[0]}"
    old_id = f"{state}:{Sealer(key).tag(state, erik.id)}"
    message = fake_discord.messages[asked.original_message_id or 0]
    button_of(message, "daily:share:")["custom_id"] = old_id
    posted = await share(fake_discord, asked, erik, "en-US", old_id)
    day = spoken_day(earlier[0], "en")
    assert f"House Way – hand of the day, {day}: ✅ · 1 day in a row" in posted.content


async def test_twenty_presses_post_once_and_the_rest_get_the_text_to_copy(
    fake_discord: FakeDiscord, bot: HousewayBot
) -> None:
    """Share has a limit: one post a day per member and channel; every other press,
    however fast, gets the text to copy, privately, in the member's language."""
    fia = fake_discord.make_user("fia")
    asked, _, _ = await answered(fake_discord, fia, True, "sv-SE")
    message = fake_discord.messages[asked.original_message_id or 0]
    custom_id = button_of(message, "daily:share:")["custom_id"]
    presses = [
        await fake_discord.click(message, custom_id, user=fia, locale="sv-SE") for _ in range(20)
    ]
    replies = [await fake_discord.wait_response(pressed) for pressed in presses]
    public = [r for r in replies if not r.ephemeral]
    assert len(public) == 1
    again = [r for r in replies if r.ephemeral]
    assert len(again) == 19
    assert all(r.content.startswith("Du har redan delat dagens resultat") for r in again)
    channel = fake_discord.channel_messages(
        fake_discord.default_channel_id, include_ephemeral=False
    )
    assert len(channel) == 1


#: Discord refusing every answer in the channel Share is pressed in: the channel deleted
#: while the press was on its way (None: 404 Unknown Channel, 10003, on every answer
#: posted there), or a 403 on every answer to the press.
DELETED = None
MISSING_ACCESS = {"message": "Missing Access", "code": 50001}
MISSING_PERMISSIONS = {"message": "Missing Permissions", "code": 50013}


@pytest.mark.parametrize(
    ("status", "body", "told"),
    [
        pytest.param(
            403,
            MISSING_PERMISSIONS,
            "I may not post in this channel, so I cannot share for you.",
            id="403-50013",
        ),
        pytest.param(
            404,
            {"message": "Unknown Channel", "code": 10003},
            "The channel where you pressed Share is gone, so I cannot share your result there.",
            id="404-10003",
        ),
    ],
)
async def test_a_share_discord_refuses_falls_back_to_the_text_to_copy(
    fake_discord: FakeDiscord,
    bot: HousewayBot,
    caplog: pytest.LogCaptureFixture,
    status: int,
    body: dict[str, Any],
    told: str,
) -> None:
    """Discord refuses the post (403 Missing Permissions, 404 Unknown Channel) but not the
    private answer: no error, no traceback; the member gets the text to copy, with why,
    and may share again once it can post."""
    gus = fake_discord.make_user("gus")
    asked, hand, _ = await answered(fake_discord, gus, True, "en-US")
    refused = fake_discord.inject(
        "POST /interactions/*/callback", status=status, count=1, body=body
    )
    reply = await share(fake_discord, asked, gus, "en-US")
    assert refused.hits == 1
    assert reply.ephemeral
    assert reply.content.startswith(told)
    block = re.search(r"```\n(.+?)\n```", reply.content, re.S)
    assert block is not None
    assert_gives_nothing_away(block[1], hand)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert (
        fake_discord.channel_messages(fake_discord.default_channel_id, include_ephemeral=False)
        == []
    )
    posted = await share(fake_discord, asked, gus, "en-US")  # the place was given back
    assert not posted.ephemeral and posted.content.startswith(f"<@{gus.id}>")


async def press_where_every_answer_is_refused(
    fake: FakeDiscord,
    asked: FakeInteraction,
    user: FakeUser,
    locale: str,
    refusal: dict[str, Any] | None,
) -> FakeInteraction:
    message = fake.messages[asked.original_message_id or 0]
    custom_id = button_of(message, "daily:share:")["custom_id"]
    if refusal is not None:
        fake.inject("POST /interactions/*/callback", status=403, body=refusal, count=None)
        return await fake.click(message, custom_id, user=user, locale=locale)
    on_its_way = asyncio.Event()
    held = fake.hold("POST /interactions/*/callback", on_its_way, count=1)
    pressed = await fake.click(message, custom_id, user=user, locale=locale)
    await fake.wait_until(lambda: held.hits == 1, what="the share's post on its way")
    await fake.delete_channel(message.channel_id)
    on_its_way.set()
    return pressed


@pytest.mark.parametrize(
    ("refusal", "locale", "told"),
    [
        pytest.param(
            DELETED, "sv-SE", "Kanalen där du tryckte på Dela finns inte längre", id="404-10003-sv"
        ),
        pytest.param(
            DELETED, "en-US", "The channel where you pressed Share is gone", id="404-10003-en"
        ),
        pytest.param(
            MISSING_ACCESS,
            "en-US",
            "Discord let me neither share nor answer in the channel",
            id="403-50001-en",
        ),
        pytest.param(
            MISSING_PERMISSIONS,
            "sv-SE",
            "Discord lät mig varken dela eller svara i kanalen",
            id="403-50013-sv",
        ),
    ],
)
async def test_where_discord_refuses_every_answer_the_text_to_copy_comes_by_dm(
    fake_discord: FakeDiscord,
    bot: HousewayBot,
    caplog: pytest.LogCaptureFixture,
    refusal: dict[str, Any] | None,
    locale: str,
    told: str,
) -> None:
    """Issue 38 item 15: Share in a channel deleted meanwhile (the post and the private
    answer both 404 Unknown Channel), or where Discord refuses every answer (403): the
    member gets the text to copy in a DM, with why, in their language; no error, no
    traceback, and no "Something went wrong … try again", which no retry would mend."""
    hilda = fake_discord.make_user("hilda")
    asked, hand, _ = await answered(fake_discord, hilda, True, locale)
    pressed = await press_where_every_answer_is_refused(fake_discord, asked, hilda, locale, refusal)
    await fake_discord.wait_until(
        lambda: bool(outcomes(bot, "daily share")), what="the press handled"
    )
    assert outcomes(bot, "daily share") == {"copy_by_dm": 1.0}
    [dm] = fake_discord.dm_messages(hilda.id)
    assert dm.content.startswith(told), dm.content
    block = re.search(r"```\n(.+?)\n```", dm.content, re.S)
    assert block is not None and "✅" in block[1]
    assert_gives_nothing_away(block[1], hand)
    assert pressed.callback is None and pressed.records == []  # nothing reached the channel
    no_error_nor_traceback(caplog)
    warned = [
        r for r in caplog.records if r.name.startswith("bot.") and r.levelno >= logging.WARNING
    ]
    assert warned == []  # the member was answered: nothing for the operator to see


@pytest.mark.parametrize(
    ("refusal", "code"),
    [
        pytest.param(DELETED, "10003", id="404-10003"),
        pytest.param(MISSING_ACCESS, "50001", id="403-50001"),
        pytest.param(MISSING_PERMISSIONS, "50013", id="403-50013"),
    ],
)
async def test_where_nothing_reaches_the_member_the_bot_logs_one_warning_and_moves_on(
    fake_discord: FakeDiscord,
    bot: HousewayBot,
    caplog: pytest.LogCaptureFixture,
    refusal: dict[str, Any] | None,
    code: str,
) -> None:
    """Every answer refused and the member's DMs closed to the bot (403, 50007): one
    warning line naming both refusals, no traceback, nothing at ERROR; the next member's
    Share works as ever."""
    ines = fake_discord.make_user("ines")
    fake_discord.closed_dms.add(ines.id)
    asked, _, _ = await answered(fake_discord, ines, False, "sv-SE")
    pressed = await press_where_every_answer_is_refused(fake_discord, asked, ines, "sv-SE", refusal)
    await fake_discord.wait_until(
        lambda: bool(outcomes(bot, "daily share")), what="the press handled"
    )
    assert outcomes(bot, "daily share") == {"unreachable": 1.0}
    assert pressed.callback is None and fake_discord.dm_messages(ines.id) == []
    no_error_nor_traceback(caplog)
    warned = [
        r.getMessage()
        for r in caplog.records
        if r.name.startswith("bot.") and r.levelno >= logging.WARNING
    ]
    assert len(warned) == 1 and "\n" not in warned[0], warned
    assert code in warned[0] and "50007" in warned[0], warned[0]

    fake_discord.clear_faults()
    jon = fake_discord.make_user("jon")
    where = {"channel_id": fake_discord.default_channel_id}  # the one left, if one was deleted
    jon_asked, _, _ = await answered(fake_discord, jon, True, "en-US", **where)
    posted = await share(fake_discord, jon_asked, jon, "en-US")
    assert not posted.ephemeral and posted.content.startswith(f"<@{jon.id}>")


@pytest.mark.parametrize(("locale", "lang"), [("sv-SE", "sv"), ("en-US", "en")])
async def test_the_result_leads_with_the_verdict_and_the_hand_and_fits_a_phone(
    fake_discord: FakeDiscord, bot: HousewayBot, locale: str, lang: str
) -> None:
    """#29 §3: the verdict (the title), then the hand and the two splits before anything
    else; at most 4,000 characters (the stand-in refuses more); a picture of one row a
    split, less than two thirds as tall as it is wide, the joker where the text puts it."""
    from bot.cogs.practice.embeds import ANSWER_IMAGE
    from bot.pictures.cards_image import hand_layout
    from bot.pictures.reveal import HEADING_CAP
    from bot.texts.pages import PHONE_LIMIT
    from tests.imaging import count, is_gold, open_png

    fake_discord.embed_budget = PHONE_LIMIT
    member = fake_discord.make_user("greta")
    asked, hand, result = await answered(fake_discord, member, False, locale)
    decision = house_way(hand)
    assert result["title"].startswith("❌ ")
    lines = result["description"].split("\n")
    assert lines[0] == f"**{pretty_cards(sorted(hand, key=sort_key))}**"
    house = "🏠 Husets delning: " if lang == "sv" else "🏠 The house way: "
    assert lines[1].startswith(
        f"{house}{pretty_cards(decision.five)}  ·  {pretty_cards(decision.two)} ("
    )
    assert lines[2].startswith("Din delning: " if lang == "sv" else "Your split: ")
    names = [f["name"] for f in result["fields"]]
    assert names[-1] == ("Dagens hand hittills" if lang == "sv" else "Today's hand so far")
    assert any(name.startswith("Regeln: " if lang == "sv" else "The rule: ") for name in names)
    assert fake_discord.refusals == [] and max(fake_discord.embed_sizes) <= PHONE_LIMIT
    message = fake_discord.messages[asked.original_message_id or 0]
    image = open_png(message.attachment_bytes(ANSWER_IMAGE))
    assert 2 * image.height < image.width * 4 // 3  # two rows; the old picture was 850 x 1316
    # The house way's row: the joker (if the hand has it) in its place in the text's order.
    shown = [*pretty_cards(decision.five).split(), *pretty_cards(decision.two).split()]
    top = 2 * HEADING_CAP
    five_boxes = [(a, b + top, c, d + top) for a, b, c, d in hand_layout(5).boxes()]
    golds = [i for i, box in enumerate(five_boxes) if count(image, box, is_gold) > 300]
    assert golds == ([shown.index("🃏")] if "🃏" in shown[:5] else [])
