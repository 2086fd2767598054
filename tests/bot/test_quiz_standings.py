"""How a quiz stands, through the stand-in in both languages and on both databases: each
reveal counts the room's answers (the house way's marked) and gives the standings, the
quiz's end says "x of y right" and crowns the winners (all of them in a tie), and a stop
keeps the standings and says on the aborted round when and by whom it was stopped."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from bot.app.client import HousewayBot
from bot.storage import open_database
from houseway import five_value, house_way, two_value
from houseway.cards import NAMES, card_from_name, parse_hand, pretty_cards
from houseway.hands import display_order
from houseway.language import Lang
from houseway.rules import rule_name
from tests.bot.quizhelpers import (
    MODERATOR,
    answer,
    expire_round,
    field_named,
    hand_of,
    house_two,
    reveals,
    round_id_of,
    select_of,
    start_quiz,
    wait_quiz_over,
    wait_round,
)
from tests.fakediscord import CHANNEL_ID, FakeDiscord, FakeUser

#: What each language says, as a member of that language expects to read it.
WORDS: dict[str, dict[str, str]] = {
    "en-US": {
        "answers": "How everyone answered (the two-card hand)",
        "answers.rule": "How everyone answered",
        "standings": "Standings after round 1",
        "line": "**{rank}.** {mark}<@{user}> – {points} pts ({correct} of {rounds} right)",
        "others": "+2 other splits",
        "other": "+1 other split",
        "over": "The quiz is over",
        "stopped": "The quiz was stopped by <@{user}>. The current round does not count.",
        "stopped.title": "Standings when the quiz was stopped",
        "played": "1 of 3 rounds played",
        "aborted": r"The round was stopped at <t:(\d+):t> by <@{user}>\.",
        "closed": "closed at",
    },
    "sv-SE": {
        "answers": "Så svarade alla (tvåkortshanden)",
        "answers.rule": "Så svarade alla",
        "standings": "Ställningen efter runda 1",
        "line": "**{rank}.** {mark}<@{user}> – {points} p ({correct} av {rounds} rätt)",
        "others": "+2 andra delningar",
        "other": "+1 annan delning",
        "over": "Quizet är slut",
        "stopped": "Quizet stoppades av <@{user}>. Den pågående rundan räknas inte.",
        "stopped.title": "Ställningen när quizet stoppades",
        "played": "1 av 3 rundor spelade",
        "aborted": r"Rundan avbröts kl\. <t:(\d+):t> av <@{user}>\.",
        "closed": "stängdes",
    },
}
LOCALES = pytest.mark.parametrize("locale", list(WORDS))


def line(
    locale: str, rank: int, user: FakeUser, points: int, correct: int, rounds: int, mark: str = ""
) -> str:
    return WORDS[locale]["line"].format(
        rank=rank, mark=mark, user=user.id, points=points, correct=correct, rounds=rounds
    )


def wrong_twos(message: Any, count: int) -> list[list[str]]:
    """``count`` different two-card picks of the round, none of them the house way."""
    hand = hand_of(message)
    decision = house_way(hand)
    picks = []
    for i in range(7):
        for j in range(i + 1, 7):
            five = [c for k, c in enumerate(hand) if k not in (i, j)]
            two = [hand[i], hand[j]]
            if (five_value(five), two_value(two)) != (decision.five_value, decision.two_value):
                picks.append([NAMES[hand[i]], NAMES[hand[j]]])
    assert len(picks) >= count
    return picks[:count]


def cards(names: list[str]) -> str:
    """Two cards as the reveal shows them: in the core's one order of a split's hand (high
    first, the joker as the ace it plays), in the card font."""
    return pretty_cards(display_order([card_from_name(n) for n in names]))


async def answered_after(database_url: str, message: Any, seconds: dict[FakeUser, float]) -> None:
    """Let each member's answer have come that many seconds after the round was posted,
    so that points (which reward speed) are known to the test and ties can be made."""
    database = await open_database(database_url)
    try:
        for user, after in seconds.items():
            changed = await database.execute(
                "UPDATE answers SET answered_at = (SELECT posted_at FROM rounds WHERE id = $1)"
                " + $3 WHERE round_id = $1 AND user_id = $2",
                round_id_of(message),
                user.id,
                after,
            )
            assert changed == 1, user
    finally:
        await database.close()


async def no_pause(fake: FakeDiscord) -> None:
    config = await fake.send_command(
        "quiz config", {"pause": 0}, user=fake.owner, permissions=MODERATOR
    )
    await fake.wait_response(config)


@LOCALES
async def test_reveals_count_the_answers_and_the_end_crowns_every_winner(
    fake_discord: FakeDiscord, quiz_bot: HousewayBot, any_database_url: str, locale: str
) -> None:
    words = WORDS[locale]
    fake_discord.default_guild.preferred_locale = locale
    await no_pause(fake_discord)
    members = [fake_discord.make_user(f"member{i}") for i in range(13)]
    anna, bo, cecilia, dan, erik, fia, *others = members
    await start_quiz(fake_discord, rounds=2, seconds=300)

    first = await wait_round(fake_discord, 1)
    house = house_two(first)
    wrong = wrong_twos(first, 9)
    picks = {anna: house, bo: house, cecilia: wrong[0], dan: wrong[0], erik: wrong[0]}
    picks |= {fia: wrong[1]} | dict(zip(others, wrong[2:], strict=True))
    for member, two in picks.items():
        await answer(fake_discord, first, member, two)
    await answered_after(any_database_url, first, dict.fromkeys(picks, 1.0))
    await expire_round(any_database_url, first)
    await fake_discord.wait_until(lambda: len(reveals(fake_discord)) >= 1, 15, "reveal 1")
    reveal = reveals(fake_discord)[0]

    # Ten different answers from thirteen members: most chosen first, the house way's
    # marked, eight rows and one line for the rest.
    rows = field_named(reveal, words["answers"])["value"].splitlines()
    assert rows[:2] == [f"**3** · {cards(wrong[0])}", f"**2** · {cards(house)} ✅"]
    ones = {f"**1** · {cards(two)}" for two in wrong[1:]}
    assert len(rows) == 9 and set(rows[2:8]) <= ones and rows[-1] == words["others"]
    # A tie after round 1: both share first place, and nobody is crowned before the end.
    assert field_named(reveal, words["standings"])["value"].splitlines() == [
        line(locale, 1, anna, 150, 1, 1),
        line(locale, 1, bo, 150, 1, 1),
    ]
    assert "🏆" not in str(reveal.embeds)

    second = await wait_round(fake_discord, 2)
    for member in (anna, bo, cecilia):
        await answer(fake_discord, second, member, house_two(second))
    await answered_after(any_database_url, second, {anna: 1.0, bo: 1.0, cecilia: 150.0})
    await expire_round(any_database_url, second)
    summary = await wait_quiz_over(fake_discord)
    assert summary.embeds[0]["title"] == words["over"]
    # Anna and Bo tie at the top: both are crowned; Cecilia is third (1, 1, 3).
    assert summary.embeds[0]["description"].splitlines() == [
        line(locale, 1, anna, 300, 2, 2, "🏆 "),
        line(locale, 1, bo, 300, 2, 2, "🏆 "),
        line(locale, 3, cecilia, 125, 1, 2),
    ]
    last = reveals(fake_discord)[1]  # the end follows at once: no standings twice
    assert not any(f["name"].startswith(words["standings"][:10]) for f in last.embeds[0]["fields"])


@LOCALES
async def test_the_house_way_is_listed_when_nobody_chose_it(
    fake_discord: FakeDiscord, quiz_bot: HousewayBot, any_database_url: str, locale: str
) -> None:
    """Eight members, eight wrong splits: the house way's row (0) is kept among the eight
    rows shown, and one of the wrong ones goes into the last line."""
    fake_discord.default_guild.preferred_locale = locale
    await start_quiz(fake_discord, rounds=1, seconds=300)
    first = await wait_round(fake_discord, 1)
    wrong = wrong_twos(first, 8)
    for i, two in enumerate(wrong):
        await answer(fake_discord, first, fake_discord.make_user(f"member{i}"), two)
    await expire_round(any_database_url, first)
    await fake_discord.wait_until(lambda: len(reveals(fake_discord)) >= 1, 15, "the reveal")
    rows = field_named(reveals(fake_discord)[0], WORDS[locale]["answers"])["value"].splitlines()
    assert rows[-2:] == [f"**0** · {cards(house_two(first))} ✅", WORDS[locale]["other"]]
    assert set(rows[:7]) <= {f"**1** · {cards(two)}" for two in wrong}


@LOCALES
async def test_a_rule_round_counts_each_rule_offered(
    fake_discord: FakeDiscord, quiz_bot: HousewayBot, any_database_url: str, locale: str
) -> None:
    """Three members name the rule (two the same wrong one): all four rules are listed by
    name in the quiz's language, the deciding one marked."""
    fake_discord.default_guild.preferred_locale = locale
    await start_quiz(fake_discord, rounds=1, seconds=300, mode="rule")
    first = await wait_round(fake_discord, 1)
    shown = first.embeds[0]["description"].split("**")[1]
    decision = house_way(parse_hand(shown.replace("  ", " ")))
    offered = [o["value"] for o in select_of(first)["options"]]
    wrong = [rule for rule in offered if rule != decision.rule]
    for i, rule in enumerate([decision.rule, wrong[0], wrong[0]]):
        await answer(fake_discord, first, fake_discord.make_user(f"member{i}"), [rule])
    await expire_round(any_database_url, first)
    await fake_discord.wait_until(lambda: len(reveals(fake_discord)) >= 1, 15, "the reveal")
    rows = field_named(reveals(fake_discord)[0], WORDS[locale]["answers.rule"])["value"]
    lang = Lang.SV if locale == "sv-SE" else Lang.EN
    lines = rows.splitlines()
    assert lines[:2] == [
        f"**2** · {rule_name(wrong[0], lang)}",
        f"**1** · {rule_name(decision.rule, lang)} ✅",
    ]
    assert sorted(lines[2:]) == sorted(f"**0** · {rule_name(r, lang)}" for r in wrong[1:])


@LOCALES
async def test_one_winner_alone_is_crowned(
    fake_discord: FakeDiscord, quiz_bot: HousewayBot, any_database_url: str, locale: str
) -> None:
    fake_discord.default_guild.preferred_locale = locale
    anna, bo = fake_discord.make_user("anna"), fake_discord.make_user("bo")
    await start_quiz(fake_discord, rounds=1, seconds=300)
    first = await wait_round(fake_discord, 1)
    await answer(fake_discord, first, anna, house_two(first))
    await answer(fake_discord, first, bo, house_two(first))
    await answered_after(any_database_url, first, {anna: 150.0, bo: 1.0})
    await expire_round(any_database_url, first)
    summary = await wait_quiz_over(fake_discord)
    assert summary.embeds[0]["description"].splitlines() == [
        line(locale, 1, bo, 150, 1, 1, "🏆 "),
        line(locale, 2, anna, 125, 1, 1),
    ]


@LOCALES
async def test_a_stop_after_a_scored_round_keeps_the_standings_and_says_who_stopped(
    fake_discord: FakeDiscord, quiz_bot: HousewayBot, any_database_url: str, locale: str
) -> None:
    words = WORDS[locale]
    fake_discord.default_guild.preferred_locale = locale
    await no_pause(fake_discord)
    anna, bo = fake_discord.make_user("anna"), fake_discord.make_user("bo")
    await start_quiz(fake_discord, rounds=3, seconds=300)
    first = await wait_round(fake_discord, 1)
    await answer(fake_discord, first, anna, house_two(first))
    await answer(fake_discord, first, bo, wrong_twos(first, 1)[0])
    await answered_after(any_database_url, first, {anna: 1.0, bo: 1.0})
    await expire_round(any_database_url, first)
    second = await wait_round(fake_discord, 2)
    await answer(fake_discord, second, bo, house_two(second))  # the aborted round: no points

    moderator = fake_discord.owner
    asked = time.time()
    stop = await fake_discord.send_command("quiz stop", user=moderator, permissions=MODERATOR)
    told = await fake_discord.wait_response(stop)
    assert not told.ephemeral
    assert told.content == words["stopped"].format(user=moderator.id)
    [standings] = told.embeds
    assert standings["title"] == words["stopped.title"]
    assert standings["description"].splitlines() == [line(locale, 1, anna, 150, 1, 1)]
    assert standings["footer"]["text"] == words["played"]
    assert told.allowed_mentions == {"parse": []}

    aborted = re.compile(words["aborted"].format(user=moderator.id))

    def edited() -> str:
        return str(fake_discord.get_message(second.id).embeds[0]["description"])

    await fake_discord.wait_until(lambda: bool(aborted.search(edited())), 10, "round 2 marked")
    stamp = int(aborted.search(edited()).group(1))  # type: ignore[union-attr]
    assert asked - 1 <= stamp <= time.time()  # when it was stopped, not its deadline
    assert words["closed"] not in edited()
    assert not fake_discord.get_message(second.id).components
    [edit] = [
        r
        for r in fake_discord.channel_records(CHANNEL_ID)
        if r.kind == "channel_edit" and aborted.search(str(r.payload.get("embeds")))
    ]
    assert edit.allowed_mentions == {"parse": []}  # the moderator is named, not pinged
    assert len(reveals(fake_discord)) == 1
