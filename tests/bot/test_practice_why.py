"""Practice feedback explains, through the stand-in: a right split gets the steps on its
cards, a wrong one where it left the house way, a wrongly named rule why it does not
decide; each in the member's language."""

from __future__ import annotations

import pytest

from bot.app.client import HousewayBot
from houseway import house_way
from houseway.cards import card_from_name
from houseway.language import Lang
from houseway.learning.explain import explain
from houseway.learning.explain.mistakes import where_wrong, why_not
from tests.bot.test_practice import (
    answer,
    field,
    hand_of,
    house_two,
    menu_of,
    other_two,
    practise,
)
from tests.fakediscord import FakeDiscord
from tests.imaging import open_png


@pytest.mark.parametrize(
    ("locale", "heading", "right_heading"),
    [
        ("en-US", "Where your split leaves the house way", "Why, on these cards"),
        ("sv-SE", "Där din delning skiljer sig från husets", "Varför, med de här korten"),
    ],
)
async def test_a_wrong_split_is_told_where_it_left_the_house_way(
    fake_discord: FakeDiscord,
    practice_bot: HousewayBot,
    locale: str,
    heading: str,
    right_heading: str,
) -> None:
    anna = fake_discord.make_user("anna")
    session = await practise(fake_discord, anna, locale=locale)
    hand = hand_of(fake_discord.messages[session.original_message_id])
    wrong = other_two(hand)
    _, sent = await answer(fake_discord, session, anna, wrong, locale=locale)
    [embed] = sent.embeds
    told = field(embed, heading)
    expected = where_wrong(explain(hand), [card_from_name(v) for v in wrong])
    assert told == expected.text(Lang.SV if locale == "sv-SE" else Lang.EN)
    assert right_heading not in [f["name"] for f in embed["fields"]]


async def test_a_right_split_gets_the_steps_in_swedish(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    bo = fake_discord.make_user("bo")
    session = await practise(fake_discord, bo, locale="sv-SE")
    hand = hand_of(fake_discord.messages[session.original_message_id])
    _, sent = await answer(fake_discord, session, bo, house_two(hand), locale="sv-SE")
    why = field(sent.embeds[0], "Varför, med de här korten")
    steps = explain(hand).steps
    assert why.splitlines() == [f"{'→' if s.applies else '·'} {s.sv}" for s in steps]


async def test_a_wrongly_named_rule_is_told_why_it_does_not_decide(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    cecilia = fake_discord.make_user("cecilia")
    session = await practise(fake_discord, cecilia, mode="rule", locale="sv-SE")
    dealt = fake_discord.messages[session.original_message_id]
    hand = hand_of(dealt)
    decided = house_way(hand).rule
    wrong = next(o["value"] for o in menu_of(dealt)["options"] if o["value"] != decided)
    _, sent = await answer(fake_discord, session, cecilia, [wrong], locale="sv-SE")
    told = field(sent.embeds[0], "Varför den regeln inte avgör")
    assert told == why_not(wrong, explain(hand)).sv


async def test_after_a_wrong_split_the_picture_shows_both_splits_labelled(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    erik = fake_discord.make_user("erik")
    session = await practise(fake_discord, erik, locale="sv-SE")
    hand = hand_of(fake_discord.messages[session.original_message_id])
    _, wrong = await answer(fake_discord, session, erik, other_two(hand), locale="sv-SE")
    compared = open_png(wrong.file("house.png").data)
    [described] = [a for a in wrong.attachments if a["filename"] == "house.png"]
    assert described["description"].startswith("Husets delning: Femkortshanden")
    assert "Din delning: Femkortshanden" in described["description"]

    session = await practise(fake_discord, erik, locale="sv-SE")
    hand = hand_of(fake_discord.messages[session.original_message_id])
    _, right = await answer(fake_discord, session, erik, house_two(hand), locale="sv-SE")
    single = open_png(right.file("house.png").data)
    [plain] = [a for a in right.attachments if a["filename"] == "house.png"]
    assert not plain["description"].startswith("Husets delning")
    assert compared.width == single.width
    assert compared.height > 2 * single.height  # two splits, each under its heading
