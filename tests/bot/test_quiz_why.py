"""The reveal's "Why?" button, through the stand-in: the round's split explained on its
cards, privately, in the asking member's language, with their own answer and where a
wrong one left the house way."""

from __future__ import annotations

from typing import Any

from bot.app.client import HousewayBot
from bot.cogs.quiz.embeds import REVEAL_IMAGE
from bot.cogs.quiz.why import WHY_RATE
from bot.storage import open_database
from bot.storage import quiz as store
from houseway import house_way
from houseway.learning.explain import explain
from tests.bot.quizhelpers import (
    answer,
    expire_round,
    has_file,
    house_two,
    round_id_of,
    select_of,
    start_quiz,
    wait_quiz_over,
    wait_round,
    wrong_two,
)
from tests.fakediscord import CHANNEL_ID, FakeDiscord, FakeMessage


def reveal_message(fake: FakeDiscord) -> FakeMessage:
    [message] = [m for m in fake.channel_messages(CHANNEL_ID) if has_file(m, REVEAL_IMAGE)]
    return message


def why_button(message: FakeMessage) -> dict[str, Any]:
    [button] = [
        c
        for row in message.components
        for c in row["components"]
        if c.get("custom_id", "").startswith("quiz:why:")
    ]
    return button


async def ask_why(fake: FakeDiscord, user: Any, locale: str) -> Any:
    reveal = reveal_message(fake)
    interaction = await fake.click(
        reveal.id, why_button(reveal)["custom_id"], user=user, locale=locale
    )
    return await fake.wait_response(interaction)


async def test_why_explains_the_round_and_each_members_own_answer(
    fake_discord: FakeDiscord, quiz_bot: HousewayBot, any_database_url: str
) -> None:
    anna, bo, cecilia = (fake_discord.make_user(n) for n in ("anna", "bo", "cecilia"))
    await start_quiz(fake_discord, rounds=1, seconds=60)
    first = await wait_round(fake_discord, 1)
    right, wrong, round_id = house_two(first), wrong_two(first), round_id_of(first)
    await answer(fake_discord, first, anna, wrong)
    await answer(fake_discord, first, bo, right)
    await expire_round(any_database_url, first)
    await wait_quiz_over(fake_discord)
    reveal = reveal_message(fake_discord)
    assert why_button(reveal)["label"] == "Why?"  # the quiz's language (the server's)
    database = await open_database(any_database_url)
    try:
        round_ = await store.get_round(database, round_id)
    finally:
        await database.close()
    assert round_ is not None
    steps = explain(round_.hand)

    told = await ask_why(fake_discord, anna, "sv-SE")
    assert told.ephemeral
    [embed] = told.embeds
    assert embed["title"] == "Varför huset lägger runda 1 så"
    # A wrong split: the verdict, then where it went wrong, which ends with the house's
    # own step on the round's cards, in Swedish; the steps are not said a second time.
    verdict, where = embed["description"].split("\n\n")
    assert verdict.startswith("❌") and "inte som huset lägger" in verdict
    assert where.endswith(steps.steps[-1].sv)
    assert str(embed).count(steps.steps[-1].sv) == 1
    assert not embed.get("fields")

    told = await ask_why(fake_discord, bo, "en-US")
    [yours] = told.embeds[0]["fields"]
    assert yours["value"].startswith("✅") and "the house way" in yours["value"]
    assert steps.steps[-1].en in told.embeds[0]["description"]

    told = await ask_why(fake_discord, cecilia, "en-US")
    assert told.embeds[0]["fields"][0]["value"] == "You did not answer this round."


async def test_why_after_naming_the_wrong_rule_says_why_it_does_not_decide(
    fake_discord: FakeDiscord, quiz_bot: HousewayBot, any_database_url: str
) -> None:
    anna = fake_discord.make_user("anna")
    await start_quiz(fake_discord, rounds=1, seconds=60, mode="rule")
    first = await wait_round(fake_discord, 1)
    database = await open_database(any_database_url)
    try:
        round_ = await store.get_round(database, round_id_of(first))
    finally:
        await database.close()
    assert round_ is not None
    decided = house_way(round_.hand).rule
    chosen = next(o["value"] for o in select_of(first)["options"] if o["value"] != decided)
    await answer(fake_discord, first, anna, [chosen])
    await expire_round(any_database_url, first)
    await wait_quiz_over(fake_discord)
    told = await ask_why(fake_discord, anna, "en-US")
    [yours] = told.embeds[0]["fields"]
    verdict, reason = yours["value"].split("\n", 1)
    assert verdict.startswith("❌") and "that rule does not decide here" in verdict
    assert reason  # what the chosen rule needs, or which rule comes first


async def test_a_why_for_a_round_that_is_not_revealed_or_not_made_is_refused(
    fake_discord: FakeDiscord, quiz_bot: HousewayBot
) -> None:
    await start_quiz(fake_discord, rounds=1, seconds=60)
    first = await wait_round(fake_discord, 1)
    for custom_id, says in (
        (f"quiz:why:{round_id_of(first)}", "not revealed yet"),  # on a message: forged
        (f"quiz:why:{1 << 63}", "no longer valid"),  # a round id the bot never makes
        # Of no form the bot makes, though on the message: matched by no template, once
        # dropped without a word; told as any stale button is.
        ("quiz:why:12ab", "no longer valid"),
        ("quiz:why:", "no longer valid"),
        ("quiz:answer:x", "no longer valid"),
        ("quiz:lb:year:1", "no longer valid"),
    ):
        button = {"type": 2, "style": 2, "label": "?", "custom_id": custom_id}
        fake_discord.messages[first.id].components = [{"type": 1, "components": [button]}]
        interaction = await fake_discord.click(first.id, custom_id)
        told = await fake_discord.wait_response(interaction)
        assert told.ephemeral and says in told.content, told.content
    stale = await fake_discord.click(first.id, "quiz:why:5", component_type=2)  # not on it
    told = await fake_discord.wait_response(stale)
    assert told.ephemeral and told.content.startswith("This button is no longer valid")


async def test_a_flood_of_why_is_refused_after_a_few_and_says_when_to_ask_again(
    fake_discord: FakeDiscord, quiz_bot: HousewayBot, any_database_url: str
) -> None:
    """Why? has a limit per member: the first WHY_RATE presses are answered, the rest of a
    burst refused at once and privately, in the member's language, with when to ask again;
    another member is answered all the same."""
    dan, eva = fake_discord.make_user("dan"), fake_discord.make_user("eva")
    await start_quiz(fake_discord, rounds=1, seconds=60)
    first = await wait_round(fake_discord, 1)
    await expire_round(any_database_url, first)
    await wait_quiz_over(fake_discord)
    told = [await ask_why(fake_discord, dan, "sv-SE") for _ in range(WHY_RATE + 3)]
    assert all(t.ephemeral for t in told)
    assert all(t.embeds for t in told[:WHY_RATE])
    for refusal in told[WHY_RATE:]:
        assert not refusal.embeds
        assert refusal.content.startswith(f"Du har frågat Varför? {WHY_RATE} gånger på 10 sekunder")
        assert "<t:" in refusal.content
    other = await ask_why(fake_discord, eva, "en-US")
    assert other.embeds and other.embeds[0]["title"].startswith("Why the house")
