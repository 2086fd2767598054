"""Drilling one rule, through the stand-in: `/practice rule:` by a name in either language,
"More like this" after a miss (or in a drill), and refusals that say what to do."""

from __future__ import annotations

from typing import Any

from bot.app.client import HousewayBot
from houseway import house_way
from houseway.language import Lang
from houseway.rules import RULE_IDS, rule_name
from tests.bot.fixtures import mention
from tests.bot.test_practice import answer, hand_of, house_two, other_two
from tests.fakediscord import FakeDiscord, FakeUser


async def drill(
    fake: FakeDiscord, user: FakeUser, rule: str, locale: str, mode: str = "set"
) -> Any:
    interaction = await fake.send_command(
        "practice", {"mode": mode, "rule": rule}, user=user, locale=locale
    )
    await fake.wait_response(interaction)
    return interaction


def buttons(message: Any) -> dict[str, str]:
    """The feedback's buttons by label: custom ids."""
    return {
        c["label"]: c["custom_id"]
        for row in message.components
        for c in row["components"]
        if c["type"] == 2
    }


async def test_a_drill_by_a_swedish_name_deals_only_that_rule_and_more_like_this_goes_on(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    anna = fake_discord.make_user("anna")
    session = await drill(fake_discord, anna, "två par DELAS", "sv-SE")
    message = fake_discord.messages[session.original_message_id]
    for _ in range(3):
        hand = hand_of(message)
        assert "two-pairs.split" in house_way(hand).path
        await answer(fake_discord, session, anna, house_two(hand), locale="sv-SE")
        labels = buttons(message)
        assert set(labels) == {"Nästa hand", "Fler sådana"}  # right, and still drilling
        again = await fake_discord.click(message, labels["Fler sådana"], user=anna)
        await fake_discord.wait_response(again)


async def test_a_miss_offers_more_of_the_rule_that_decided(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    bo = fake_discord.make_user("bo")
    interaction = await fake_discord.send_command("practice", {"mode": "set"}, user=bo)
    await fake_discord.wait_response(interaction)
    message = fake_discord.messages[interaction.original_message_id]
    missed = house_way(hand_of(message)).rule
    await answer(fake_discord, interaction, bo, other_two(hand_of(message)))
    labels = buttons(message)
    assert set(labels) == {"Next hand", "More like this"}
    more = await fake_discord.click(message, labels["More like this"], user=bo)
    await fake_discord.wait_response(more)
    assert missed in house_way(hand_of(message)).path
    await answer(fake_discord, interaction, bo, house_two(hand_of(message)))
    labels = buttons(message)
    assert set(labels) == {"Next hand", "More like this"}  # "More like this" goes on drilling
    back = await fake_discord.click(message, labels["Next hand"], user=bo)  # to the schedule
    await fake_discord.wait_response(back)
    await answer(fake_discord, interaction, bo, house_two(hand_of(message)))
    assert set(buttons(message)) == {"Next hand"}  # right, and not a drill


async def test_an_unknown_rule_or_one_that_never_decides_is_refused_in_words(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    cecilia = fake_discord.make_user("cecilia")
    unknown = await fake_discord.send_command(
        "practice", {"rule": "fyrtal i damer"}, user=cecilia, locale="sv-SE"
    )
    told = await fake_discord.wait_response(unknown)
    assert told.ephemeral and "Det finns ingen regel som heter" in told.content
    assert mention(fake_discord, "practice") in told.content
    handover = await fake_discord.send_command(
        "practice", {"mode": "rule", "rule": "flush-straight.two-pairs"}, user=cecilia
    )
    told = await fake_discord.wait_response(handover)
    assert told.ephemeral and "never decides a hand on its own" in told.content


async def test_autocomplete_names_rules_in_the_members_language(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    swedish = await fake_discord.send_autocomplete("practice", "rule", "two pairs", locale="sv-SE")
    choices = (await fake_discord.wait_response(swedish)).choices
    values = [c["value"] for c in choices]
    assert {"two-pairs.split", "two-pairs.ace-jack"} <= set(values) and "one-pair" not in values
    assert all("two pairs" in rule_name(v).lower() for v in values)  # typed in English
    assert [c["name"] for c in choices] == [rule_name(c["value"], Lang.SV) for c in choices]
    naming = await fake_discord.send_autocomplete("practice", "rule", "", options={"mode": "rule"})
    offered = {c["value"] for c in (await fake_discord.wait_response(naming)).choices}
    assert "flush-straight.two-pairs" not in offered and "one-pair" in offered


def test_a_drilled_id_stays_within_discords_100_characters() -> None:
    from bot.app.sealing import Sealer
    from bot.cogs.practice.views import AnswerMenu, NextHand

    seal = Sealer("k").for_member(2**63 - 1)
    longest_rule = max(RULE_IDS, key=len)
    hand = tuple(range(46, 53))  # the joker and six high cards
    state = AnswerMenu.state_for("rule", hand, 10**15 - 1, 999_999, 999_999, longest_rule)
    assert len(seal.custom_id(state)) <= 100
    assert len(seal.custom_id(NextHand.state_for("rule", 999_999, 999_999, longest_rule))) <= 100


async def test_stats_say_which_rules_are_due_next_in_the_members_language(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    dana = fake_discord.make_user("dana")
    interaction = await fake_discord.send_command("practice", {"mode": "set"}, user=dana)
    await fake_discord.wait_response(interaction)
    message = fake_discord.messages[interaction.original_message_id]
    missed = house_way(hand_of(message)).rule
    await answer(fake_discord, interaction, dana, other_two(hand_of(message)))
    stats = await fake_discord.send_command("stats view", user=dana, locale="sv-SE")
    [embed] = (await fake_discord.wait_response(stats)).embeds
    due = next(f["value"] for f in embed["fields"] if f["name"] == "Näst på tur")
    lines = due.splitlines()
    assert len(lines) == 3
    assert lines[0].endswith("– nästa hand (ny för dig)")  # a rule not met yet comes first
    # the missed rule is back in box 0: due again after one more hand
    assert lines[1] == f"{rule_name(missed, Lang.SV)} – efter 1 hand till"
