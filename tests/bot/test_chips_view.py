"""/chips only reads (issue 38 §6): looking at a stack grants nothing, neither the start to
a member who never played nor the day's top-up to one who did; only playing grants. And what
/chips says (issue 39): its public boards name the member who asked rather than say "you",
a broke member is told when the next chips come, the ledger says a loss lost and the bonus
and Envy by name. Through the stand-in on both databases; what was written is read from
``chip_entries`` itself, and the ledger holds together after each test
(``assert_ledger_consistent``)."""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest

from bot.app.client import HousewayBot
from bot.cogs.game.words import chips as game_chips
from bot.storage import Database
from bot.storage import chips as chip_store
from bot.storage import game as game_store
from bot.texts.i18n import text
from bot.texts.mentions import CommandMentions
from houseway.cards import parse_hand
from houseway.game import Deal
from houseway.language import Lang
from tests.bot.fixtures import IN_THREAD, BotRunner, mention
from tests.bot.test_play import MINUS, chips_text, field, play, refusal_of, set_hand
from tests.fakediscord import FakeDiscord, FakeUser

DAY = 86_400
#: Commands named as a client that has not synced them would name them ("/play").
MENTIONS = CommandMentions()


@pytest.fixture
async def chips_bot(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str
) -> AsyncIterator[HousewayBot]:
    """A bot on each database that takes a member's commands as fast as a test sends them."""
    timing = replace(IN_THREAD, command_rate=50)
    async with run_bot(fake_discord, database_url=any_database_url, practice_timing=timing) as bot:
        yield bot


async def keys_of(db: Database, user: FakeUser) -> list[str]:
    """The member's ledger keys, in every server."""
    rows = await db.fetch("SELECT key FROM chip_entries WHERE user_id = $1 ORDER BY key", user.id)
    return [str(row["key"]) for row in rows]


async def played_a_hand(fake: FakeDiscord, user: FakeUser, bet: int) -> None:
    dealt = await play(fake, user, bet)
    await set_hand(fake, dealt, user, None)


async def test_a_member_who_never_played_is_told_how_to_start_and_given_nothing(
    fake_discord: FakeDiscord, chips_bot: HousewayBot, database: Database
) -> None:
    fay, nia = fake_discord.make_user("fay"), fake_discord.make_user("nia")
    guild = fake_discord.default_guild.id
    await played_a_hand(fake_discord, fay, 20)  # so that the board has somebody on it
    before = await database.fetch("SELECT * FROM chip_entries ORDER BY user_id, key")
    play_, table = mention(fake_discord, "play"), mention(fake_discord, "table open")
    expected = {
        "en-US": f"You have no chips in this server yet: play a hand with {play_} or sit at a"
        f" table ({table}) to get 1,000 chips to start with.",
        "sv-SE": f"Du har inga marker på den här servern än: spela en hand med {play_} eller"
        f" sätt dig vid ett bord ({table}) så får du 1\u00a0000 marker att börja med.",
    }
    for locale, said in expected.items():
        view = await fake_discord.send_command("chips view", user=nia, locale=locale)
        sent = await fake_discord.wait_response(view)
        assert await keys_of(database, nia) == []  # answered, and nothing written
        assert sent.ephemeral
        [embed] = sent.embeds
        assert embed["description"] == said
        assert "fields" not in embed or embed["fields"] == []  # no hands, no ledger
    # Another member who never played is only said to be so.
    theirs = await fake_discord.send_command("chips view", {"member": nia}, user=fay)
    [embed] = (await fake_discord.wait_response(theirs)).embeds
    assert embed["description"].startswith(f"<@{nia.id}> has not played here yet.")

    assert await keys_of(database, nia) == []
    assert await database.fetch("SELECT * FROM chip_entries ORDER BY user_id, key") == before
    top = await fake_discord.send_command("chips top", user=nia)
    [board] = (await fake_discord.wait_response(top)).embeds
    stack = await chip_store.stack(database, guild, fay.id)
    assert board["description"] == f"1. <@{fay.id}> – {chips_text(stack)}"
    assert str(nia.id) not in board["description"]
    assert await keys_of(database, nia) == []


async def test_a_look_the_day_after_playing_tops_up_nothing_until_the_member_plays(
    fake_discord: FakeDiscord, chips_bot: HousewayBot, database: Database
) -> None:
    gus = fake_discord.make_user("gus")
    guild = fake_discord.default_guild.id
    await played_a_hand(fake_discord, gus, 30)
    # The hand and its entries a day older: gus played yesterday (UTC).
    await database.execute(
        "UPDATE chip_entries SET created_at = created_at - $2 WHERE user_id = $1", gus.id, DAY
    )
    await database.execute(
        "UPDATE game_rounds SET dealt_at = dealt_at - $2, settled_at = settled_at - $2,"
        " deadline = deadline - $2"
        " WHERE round_id IN (SELECT round_id FROM game_seats WHERE user_id = $1)",
        gus.id,
        DAY,
    )
    yesterday = await keys_of(database, gus)
    assert [key for key in yesterday if not key.startswith(("bet:", "result:"))] == ["start"]
    stack = await chip_store.stack(database, guild, gus.id)

    view = await fake_discord.send_command("chips view", user=gus)
    [embed] = (await fake_discord.wait_response(view)).embeds
    assert await keys_of(database, gus) == yesterday  # the look wrote nothing
    assert embed["description"] == (
        f"<@{gus.id}> has **{chips_text(stack)}** in this server.\n"
        "Your next hand brings today's top-up: **+100 chips**."
    )
    swedish = await fake_discord.send_command("chips view", user=gus, locale="sv-SE")
    [embed] = (await fake_discord.wait_response(swedish)).embeds
    assert embed["description"].endswith("Din nästa hand ger dagens påfyllning: **+100 marker**.")
    assert "påfyllning" not in field(embed, "Senaste posterna")
    assert await keys_of(database, gus) == yesterday

    # The top-up comes with the next hand, and the next look says when the one after does.
    await played_a_hand(fake_discord, gus, 30)
    [topup] = [key for key in await keys_of(database, gus) if key.startswith("topup:")]
    view = await fake_discord.send_command("chips view", user=gus)
    [embed] = (await fake_discord.wait_response(view)).embeds
    assert "**+100 chips** daily top-up" in field(embed, "Last entries")
    midnight = midnight_after(topup.removeprefix("topup:"))
    assert embed["description"].endswith(
        f"Your next daily top-up, **+100 chips**, comes with your first hand from <t:{midnight}:f>."
    )
    assert len([key for key in await keys_of(database, gus) if key.startswith("topup:")]) == 1


# --- issue 39: what /chips says, and to whom ---

#: A hand that loses both hands to the dealer's four kings (Envy pays 5 on a bonus of 5),
#: with no bonus hand; and a flush that beats a ten-high dealer on both hands.
LOSING = Deal(parse_hand("Ks Kh Kd Kc Qs Qd Jh"), (parse_hand("9c 7h 5s 4d 3c 2h 8s"),))
FLUSH = Deal(parse_hand("9c 8d 6s 5c 3d 2s Th"), (parse_hand("Ah Kh Qh 9h 4h Qc Jd"),))
WHEN = re.compile(r"^<t:\d+:R> · ")


def dealing(monkeypatch: pytest.MonkeyPatch, *deals: Deal) -> None:
    """The bot deals ``deals`` in turn, the last one again after them (the round engine's
    module as the bot loaded it; a deal refused for the stack is dealt first too)."""
    queue = list(deals)
    monkeypatch.setattr(
        "houseway.round.deal_round",
        lambda seats, rng=None: queue.pop(0) if len(queue) > 1 else queue[0],
    )


def midnight_after(day: str) -> int:
    """00:00 UTC of the day after ``day`` (2026-05-01), as a Unix time."""
    after = date.fromisoformat(day) + timedelta(days=1)
    return int(datetime(after.year, after.month, after.day, tzinfo=UTC).timestamp())


def ledger_lines(embed: dict[str, Any], name: str) -> list[str]:
    """The ledger's lines without their times (each a Discord timestamp)."""
    lines = field(embed, name).split("\n")
    assert all(WHEN.match(line) for line in lines), lines
    return [WHEN.sub("", line) for line in lines]


async def test_the_public_boards_name_the_member_they_speak_of(
    fake_discord: FakeDiscord, chips_bot: HousewayBot, database: Database
) -> None:
    """Issue 39 §1: /chips top is posted in the channel for everybody, so what it says of
    the member who asked names them by mention, as the board names everyone, and never
    "Your stack" / "Du har … så är du med"; its figures are grouped (1,100 chips)."""
    fay = fake_discord.make_user("fay")
    guild = fake_discord.default_guild.id
    await played_a_hand(fake_discord, fay, 20)
    stack = await chip_store.stack(database, guild, fay.id)
    # Ten members with 1,100 chips (a start yesterday, today's top-up) fill the board.
    now = time.time()
    others = [fake_discord.make_user(f"m{number}") for number in range(10)]
    for other in others:
        await chip_store.ensure_stack(database, guild, other.id, now - DAY)
        await chip_store.ensure_stack(database, guild, other.id, now)
    ranked = sorted(other.id for other in others)
    addressed = re.compile(r"\b(you|your|du|din|dina)\b", re.IGNORECASE)
    boards = {
        "en-US": (
            [f"{place}. <@{user_id}> – 1,100 chips" for place, user_id in enumerate(ranked, 1)],
            f"Off the board: <@{fay.id}> – {chips_text(stack)}",
            f"<@{fay.id}> has 1 analysed hand here: 19 more to get on the board.",
        ),
        "sv-SE": (
            [
                f"{place}. <@{user_id}> – 1\u00a0100 marker"
                for place, user_id in enumerate(ranked, 1)
            ],
            f"Utanför listan: <@{fay.id}> – {chips_text(stack, 'sv')}",
            f"<@{fay.id}>: 1 analyserad hand här, 19 till behövs för att komma med på listan.",
        ),
    }
    for locale, (lines, off_board, more) in boards.items():
        top = await fake_discord.send_command("chips top", user=fay, locale=locale)
        sent = await fake_discord.wait_response(top)
        assert not sent.ephemeral  # posted for everybody
        [board] = sent.embeds
        assert board["description"] == "\n".join([*lines, "", off_board])
        assert not addressed.search(board["description"]), board["description"]
        skill = await fake_discord.send_command(
            "chips top", {"board": "skill"}, user=fay, locale=locale
        )
        sent = await fake_discord.wait_response(skill)
        assert not sent.ephemeral
        [board] = sent.embeds
        assert board["description"].split("\n\n")[1] == more
        assert not addressed.search(board["description"]), board["description"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (Lang.EN, "Off the board: <@{you}> – 1.23 per 100 bet (25 analysed hands)"),
        (Lang.SV, "Utanför listan: <@{you}> – 1,23 per 100 i insats (25 analyserade händer)"),
    ],
)
def test_a_member_off_the_skill_board_is_named_below_it(lang: Lang, said: str) -> None:
    """The skill board full of ten better members: the asker's own figure below it, by
    mention (issue 39 §1: it said "Du: …" / "You: …" in the channel)."""
    from bot.cogs.chips.embeds import skill_board_embed
    from bot.cogs.game.review import UNITS_PER_HUNDRED

    you = 99
    rows = [(user_id, 30, 30 * UNITS_PER_HUNDRED) for user_id in range(1, 11)]
    embed = skill_board_embed(
        rows, you, (25, 25 * 123 * UNITS_PER_HUNDRED // 100), 20, lang, MENTIONS
    )
    assert embed.description is not None
    assert embed.description.split("\n\n")[1] == said.format(you=you)
    assert embed.description.startswith("1. <@1> – 1")  # 1.00 / 1,00 per 100 bet


async def test_the_ledger_says_a_loss_lost_and_the_bonus_and_envy_by_name(
    fake_discord: FakeDiscord,
    chips_bot: HousewayBot,
    database: Database,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 39 §3: a lost wager's result (0 chips) reads "bet lost" / "bonus lost", not
    "0 chips paid out"; the bonus's bet and pay and Envy's chips read as what they are."""
    ada = fake_discord.make_user("ada")
    guild = fake_discord.default_guild.id
    dealing(monkeypatch, LOSING, FLUSH)
    for two in (None, ["Qc", "Jd"]):
        dealt = await fake_discord.send_command("play", {"bet": 100, "bonus": 5}, user=ada)
        await fake_discord.wait_until(lambda d=dealt: bool(d.edits), 30, "the hand dealt")
        await set_hand(fake_discord, dealt, ada, two)
    # 1,000 − 100 − 5 + 5 (Envy), then − 105 + 195 + 25 (4 to 1 on the flush).
    assert await chip_store.stack(database, guild, ada.id) == 1015
    expected = {
        ("en-US", "Last entries"): [
            "**+25 chips** bonus paid",
            "**+195 chips** paid out (the bet and the net)",
            f"**{MINUS}5 chips** bonus bet",
            f"**{MINUS}100 chips** bet",
            "bonus lost",
            "bet lost",
            "**+5 chips** Envy",
            f"**{MINUS}5 chips** bonus bet",
        ],
        ("sv-SE", "Senaste posterna"): [
            "**+25 marker** bonus utbetald",
            "**+195 marker** utbetalning (insatsen och nettot)",
            f"**{MINUS}5 marker** bonusinsats",
            f"**{MINUS}100 marker** insats",
            "bonus förlorad",
            "insatsen förlorad",
            "**+5 marker** Envy",
            f"**{MINUS}5 marker** bonusinsats",
        ],
    }
    for (locale, name), lines in expected.items():
        view = await fake_discord.send_command("chips view", user=ada, locale=locale)
        [embed] = (await fake_discord.wait_response(view)).embeds
        assert ledger_lines(embed, name) == lines
        has = "has" if locale == "en-US" else "har"
        stack = chips_text(1015, locale[:2])
        assert embed["description"].startswith(f"<@{ada.id}> {has} **{stack}**")


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            Lang.EN,
            [
                "**+100 chips** bet returned (round voided)",
                "**+5 chips** bonus bet returned (round voided)",
            ],
        ),
        (
            Lang.SV,
            [
                "**+100 marker** insatsen tillbaka (rundan struken)",
                "**+5 marker** bonusinsatsen tillbaka (rundan struken)",
            ],
        ),
    ],
)
def test_a_voided_rounds_wagers_come_back_each_by_name(lang: Lang, lines: list[str]) -> None:
    from bot.cogs.chips.embeds import entry_line

    entries = [
        chip_store.Entry(1, 2, "result:abc:1", chip_store.VOID, 100, "abc", 0.0),
        chip_store.Entry(1, 2, "result:abc:1:bonus", chip_store.VOID, 5, "abc", 0.0),
    ]
    assert [WHEN.sub("", entry_line(entry, lang)) for entry in entries] == lines


async def lose_all(fake: FakeDiscord, user: FakeUser, monkeypatch: pytest.MonkeyPatch) -> None:
    """/play 1,000 chips on a hand that loses both hands (the dealer's four kings)."""
    dealing(monkeypatch, LOSING)
    dealt = await play(fake, user, 1000)
    await set_hand(fake, dealt, user, None)


async def broke_after_the_refill(
    fake: FakeDiscord, database: Database, user: FakeUser, monkeypatch: pytest.MonkeyPatch
) -> int:
    """A member with no chips in a server whose minimum bet is 200 (so that a top-up of 100
    does not bring them back to it) who had today's refill: 00:00 UTC of tomorrow."""
    guild = fake.default_guild.id
    await game_store.save_game_settings(database, guild, game_store.GameSettings(min_bet=200))
    await lose_all(fake, user, monkeypatch)  # the start
    await lose_all(fake, user, monkeypatch)  # today's refill
    assert await chip_store.stack(database, guild, user.id) == 0
    [refill] = [key for key in await keys_of(database, user) if key.startswith("refill:")]
    return midnight_after(refill.removeprefix("refill:"))


async def test_a_broke_member_is_told_when_the_next_chips_come_and_how_many(
    fake_discord: FakeDiscord,
    chips_bot: HousewayBot,
    database: Database,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 39 §2: with no chips, /chips view says the refill and when it comes (not only
    the top-up of 100), from the same decision as the grants (``next_chips``); what the
    next day's first hand grants is what was said; and the /play refusal's words (the play
    cog passes ``next`` and ``when`` from ``next_chips``) say it too."""
    guild = fake_discord.default_guild.id
    bea = fake_discord.make_user("bea")
    await game_store.save_game_settings(database, guild, game_store.GameSettings(min_bet=200))
    await lose_all(fake_discord, bea, monkeypatch)
    said = {
        "en-US": f"<@{bea.id}> has **0 chips** in this server.\nYour stack is below the"
        " server's minimum bet of 200 chips: your next hand refills it to **1,000 chips**.",
        "sv-SE": f"<@{bea.id}> har **0 marker** på den här servern.\nDin hög är under serverns"
        " minsta insats på 200 marker: din nästa hand fyller på den till **1\u00a0000 marker**.",
    }
    for locale, description in said.items():
        view = await fake_discord.send_command("chips view", user=bea, locale=locale)
        [embed] = (await fake_discord.wait_response(view)).embeds
        assert embed["description"] == description

    await lose_all(fake_discord, bea, monkeypatch)  # the refill taken, and lost
    [refill] = [key for key in await keys_of(database, bea) if key.startswith("refill:")]
    midnight = midnight_after(refill.removeprefix("refill:"))
    said = {
        "en-US": f"<@{bea.id}> has **0 chips** in this server.\nNext refill: your first hand"
        f" from <t:{midnight}:f> brings your stack to **1,000 chips**.",
        "sv-SE": f"<@{bea.id}> har **0 marker** på den här servern.\nNästa påfyllning: din"
        f" första hand från <t:{midnight}:f> tar högen till **1\u00a0000 marker**.",
    }
    for locale, description in said.items():
        view = await fake_discord.send_command("chips view", user=bea, locale=locale)
        [embed] = (await fake_discord.wait_response(view)).embeds
        assert embed["description"] == description

    coming = await chip_store.next_chips(database, guild, bea.id, time.time(), 200)
    assert coming == chip_store.NextChips(at=midnight, topup=100, refill=900, stack=1000)
    refused = {
        Lang.EN: f"You have no chips left. Next refill: **1,000 chips** <t:{midnight}:R>, with"
        " your first hand after that.",
        Lang.SV: "Du har inga marker kvar. Nästa påfyllning: **1\u00a0000 marker**"
        f" <t:{midnight}:R>, med din första hand efter det.",
    }
    for lang, words in refused.items():
        values = stack_refusal_values(coming, 0, 200)
        assert text("play.bet.stack.none", lang, **values) == words

    # The first hand of the next UTC day is granted what was said.
    granted = await chip_store.ensure_stack(database, guild, bea.id, midnight + 60, 200)
    assert [(entry.kind, entry.amount) for entry in granted] == [("topup", 100), ("refill", 900)]
    assert await chip_store.stack(database, guild, bea.id) == coming.stack


def stack_refusal_values(coming: Any, stack: int, min_bet: int) -> dict[str, object]:
    """The values the play cog passes with ``play.bet.stack.none`` / ``.low`` (issue 39 §2)."""
    return {
        "stack": game_chips(stack),
        "least": game_chips(min_bet),
        "next": game_chips(coming.stack),
        "when": f"<t:{int(coming.at)}:R>",
    }


async def test_play_tells_a_broke_member_when_the_next_chips_come(
    fake_discord: FakeDiscord,
    chips_bot: HousewayBot,
    database: Database,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """/play with no chips left and today's refill had: not "bet at most what you have"
    but when the next chips come."""
    cid = fake_discord.make_user("cid")
    midnight = await broke_after_the_refill(fake_discord, database, cid, monkeypatch)
    said = {
        "en-US": f"You have no chips left. Next refill: **1,000 chips** <t:{midnight}:R>,"
        " with your first hand after that.",
        "sv-SE": "Du har inga marker kvar. Nästa påfyllning: **1\u00a0000 marker**"
        f" <t:{midnight}:R>, med din första hand efter det.",
    }
    for locale, words in said.items():
        refused = await play(fake_discord, cid, 1000, locale)
        assert await refusal_of(fake_discord, refused) == words
    assert await chip_store.stack(database, fake_discord.default_guild.id, cid.id) == 0


async def test_play_tells_a_member_below_the_minimum_bet_when_the_next_chips_come(
    fake_discord: FakeDiscord,
    chips_bot: HousewayBot,
    database: Database,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """/play with fewer chips than the server's minimum bet, today's refill had: the stack,
    the minimum and the refill to come, through the play cog (not its words alone)."""
    guild = fake_discord.default_guild.id
    eli = fake_discord.make_user("eli")
    await game_store.save_game_settings(database, guild, game_store.GameSettings(min_bet=200))
    await lose_all(fake_discord, eli, monkeypatch)  # the start, lost
    dealing(monkeypatch, LOSING)
    dealt = await play(fake_discord, eli, 950)  # refilled to 1,000, and 950 of it lost
    await set_hand(fake_discord, dealt, eli, None)
    assert await chip_store.stack(database, guild, eli.id) == 50
    [refill] = [key for key in await keys_of(database, eli) if key.startswith("refill:")]
    midnight = midnight_after(refill.removeprefix("refill:"))
    refused = await play(fake_discord, eli, 200)
    assert await refusal_of(fake_discord, refused) == (
        "You have 50 chips, less than the server's minimum bet of 200 chips. The next refill"
        f" brings your stack to **1,000 chips** <t:{midnight}:R>, with your first hand after"
        " that."
    )
    assert await chip_store.stack(database, guild, eli.id) == 50


NOON = datetime(2026, 5, 1, 12, tzinfo=UTC).timestamp()
MIDNIGHT = datetime(2026, 5, 2, tzinfo=UTC).timestamp()
YESTERDAY = NOON - DAY


@pytest.mark.parametrize(
    ("taken", "stack", "min_bet", "bet_out", "coming"),
    [
        pytest.param({}, 0, 1, False, (NOON, 1000, 0, 1000), id="never-played"),
        pytest.param({"start": YESTERDAY}, 40, 1, False, (NOON, 100, 0, 140), id="top-up-due"),
        pytest.param(
            {"start": YESTERDAY, "topup:2026-05-01": NOON},
            0,
            200,
            False,
            (NOON, 0, 1000, 1000),
            id="refill-due",
        ),
        pytest.param(
            {"start": YESTERDAY, "topup:2026-05-01": NOON, "refill:2026-05-01": NOON},
            0,
            200,
            False,
            (MIDNIGHT, 100, 900, 1000),
            id="refill-tomorrow",
        ),
        pytest.param(
            {"start": NOON, "refill:2026-05-01": NOON},
            50,
            200,
            False,
            (MIDNIGHT, 100, 850, 1000),
            id="low-started-today",
        ),
        pytest.param(
            {"start": YESTERDAY, "topup:2026-05-01": NOON, "refill:2026-05-01": NOON},
            0,
            100,
            False,
            (MIDNIGHT, 100, 0, 100),
            id="top-up-is-enough",
        ),
        pytest.param(
            {"start": YESTERDAY, "topup:2026-05-01": NOON},
            0,
            200,
            True,
            (MIDNIGHT, 100, 0, 100),
            id="bet-out-no-refill-said",
        ),
    ],
)
def test_the_next_grants_are_decided_as_ensure_stack_grants_them(
    taken: dict[str, float],
    stack: int,
    min_bet: int,
    bet_out: bool,
    coming: tuple[float, int, int, int],
) -> None:
    said = chip_store.coming_grants(taken, stack, min_bet, NOON + 60, bet_out=bet_out)
    at, topup, refill, after = coming
    assert said == chip_store.NextChips(
        at=NOON + 60 if at == NOON else at, topup=topup, refill=refill, stack=after
    )


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            Lang.EN,
            "You have 50 chips, less than the server's minimum bet of 200 chips. The next"
            " refill brings your stack to **1,000 chips** <t:1777680000:R>, with your first"
            " hand after that.",
        ),
        (
            Lang.SV,
            "Du har 50 marker, mindre än serverns minsta insats på 200 marker. Nästa"
            " påfyllning tar högen till **1\u00a0000 marker** <t:1777680000:R>, med din första"
            " hand efter det.",
        ),
    ],
)
def test_a_stack_below_the_minimum_bet_is_told_the_next_refill(lang: Lang, words: str) -> None:
    coming = chip_store.NextChips(at=MIDNIGHT, topup=100, refill=850, stack=1000)
    assert text("play.bet.stack.low", lang, **stack_refusal_values(coming, 50, 200)) == words
