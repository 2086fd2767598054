"""Accessibility through the Discord stand-in: every picture carries alt text in the
member's language that names its cards, and a member who chose the four-colour deck gets
every picture drawn for them in it, across restarts, on SQLite and PostgreSQL; while the
database is down, in two colours."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.app.client import HousewayBot
from bot.cogs.quiz.embeds import REVEAL_IMAGE, ROUND_IMAGE
from bot.pictures import cards_image as ci
from bot.pictures.cards_image import Deck
from houseway import house_way, parse_hand
from houseway.cards import canonical_hand
from houseway.language import Lang
from tests.bot.fixtures import QUICK_QUIZ, BotRunner
from tests.bot.pictures import assert_drawn_in, cards_named, description_of, names_the_split
from tests.bot.quizhelpers import expire_round, hand_of, reveals, start_quiz, wait_round
from tests.bot.tcpproxy import TcpProxy
from tests.fakediscord import CallbackType, FakeDiscord
from tests.fakediscord.models import Sent
from tests.imaging import SUIT_INK, inks_in, open_png

HAND = "Kh Jh 8h 5h 2h As Ad"


async def picture_message(fake: FakeDiscord, interaction: Any) -> Sent:
    """The message that carries the picture: the answer, or its follow-up when deferred."""
    first = await fake.wait_response(interaction, timeout=10)
    if first.files:
        return first
    [followup] = await fake.wait_followups(interaction, 1, timeout=10)
    return followup


@pytest.mark.parametrize(("locale", "lang"), [("en-US", Lang.EN), ("sv-SE", Lang.SV)])
async def test_houseway_picture_names_the_split_in_the_members_language(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, locale: str, lang: Lang
) -> None:
    interaction = await fake_discord.send_command("houseway", {"hand": HAND}, locale=locale)
    sent = await picture_message(fake_discord, interaction)
    description = description_of(sent, "houseway.png")
    names_the_split(description, house_way(parse_hand(HAND)), lang)
    other = "Two-card hand" if lang == Lang.SV else "Tvåkortshand"
    assert other not in description  # one language only


def deal_again_id(sent: Any) -> str:
    """The Deal again button's custom id (it names the dealer)."""
    return next(
        c["custom_id"]
        for row in sent.components
        for c in row["components"]
        if c.get("custom_id", "").startswith("houseway:deal-again")
    )


async def test_deal_and_deal_again_pictures_name_their_split(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    deal = await fake_discord.send_command("deal", locale="sv-SE")
    dealt: Sent | None = None
    for interaction, lang in ((deal, Lang.SV), (None, Lang.EN)):
        if interaction is None:
            assert dealt is not None
            interaction = await fake_discord.click(deal, deal_again_id(dealt), locale="en-US")
        sent = dealt = await picture_message(fake_discord, interaction)
        [embed] = sent.embeds
        hand = embed["fields"][-1]["value"].strip("`")  # the hand to copy
        assert canonical_hand(parse_hand(hand)) == hand
        names_the_split(description_of(sent, "houseway.png"), house_way(parse_hand(hand)), lang)


@pytest.mark.parametrize(("locale", "lang"), [("en-US", Lang.EN), ("sv-SE", Lang.SV)])
async def test_quiz_round_and_reveal_pictures_have_alt_text_in_the_quiz_language(
    fake_discord: FakeDiscord,
    run_bot: BotRunner,
    database_url: str,
    locale: str,
    lang: Lang,
) -> None:
    fake_discord.default_guild.preferred_locale = locale
    async with run_bot(fake_discord, quiz_timing=QUICK_QUIZ):
        await start_quiz(fake_discord, rounds=1, seconds=60)
        posted = await wait_round(fake_discord, 1)
        hand = hand_of(posted)
        # The round: the seven cards in the picture's order, and no hint of the split.
        round_text = description_of(posted, ROUND_IMAGE)
        assert cards_named(round_text) == [hand]
        for hint in ("Five-card", "Two-card", "Femkortshand", "Tvåkortshand"):
            assert hint not in round_text
        assert ("kort" if lang == Lang.SV else "cards") in round_text
        await expire_round(database_url, posted)
        await fake_discord.wait_until(lambda: len(reveals(fake_discord)) >= 1, 30, "reveal")
        [reveal] = reveals(fake_discord)
        names_the_split(description_of(reveal, REVEAL_IMAGE), house_way(hand), lang)


# --- The four-colour deck ----------------------------------------------------------------
#: Every suit, diamonds and clubs in both rows of the split.
COLOURFUL = "Ad Kc Qd 9c 7s 4h 2d"


async def houseway_deck_is(fake: FakeDiscord, deck: Deck, **where: Any) -> None:
    """/houseway for the member (``user=``, ``dm=``...) comes drawn in ``deck``."""
    interaction = await fake.send_command("houseway", {"hand": COLOURFUL}, **where)
    sent = await picture_message(fake, interaction)
    assert_drawn_in(sent, house_way(parse_hand(COLOURFUL)), deck)


async def choose(fake: FakeDiscord, colours: str, **where: Any) -> Sent:
    """/cards with ``colours``: answered privately, with one card of each suit drawn."""
    interaction = await fake.send_command("cards", {"colours": colours}, **where)
    sent = await picture_message(fake, interaction)
    assert sent.ephemeral
    return sent


async def test_cards_four_makes_every_picture_for_the_member_four_coloured(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    anna, bo = fake_discord.make_user("anna"), fake_discord.make_user("bo")
    await houseway_deck_is(fake_discord, Deck.TWO, user=anna)

    sent = await choose(fake_discord, "four", user=anna, locale="sv-SE")
    assert "fyra färger" in sent.content
    preview = open_png(sent.file("cards.png").data)
    boxes = ci.hand_layout(4).boxes()  # A♠ A♥ A♦ A♣
    assert [
        inks_in(preview, box)[ink.__name__] > 300
        for box, ink in zip(boxes, SUIT_INK[Deck.FOUR].values(), strict=True)
    ] == [True] * 4
    assert description_of(sent, "cards.png") == (  # the preview is about its colours
        "Ett kort i varje kortfärg: "
        "spader ess i svart, hjärter ess i rött, ruter ess i blått, klöver ess i grönt."
    )

    await houseway_deck_is(fake_discord, Deck.FOUR, user=anna)
    await houseway_deck_is(fake_discord, Deck.TWO, user=bo)  # anna's choice, not bo's
    private = await fake_discord.send_command(
        "houseway", {"hand": COLOURFUL, "private": True}, user=anna
    )
    answer = await picture_message(fake_discord, private)
    assert answer.ephemeral
    assert_drawn_in(answer, house_way(parse_hand(COLOURFUL)), Deck.FOUR)
    deal = await fake_discord.send_command("deal", user=anna)
    dealt = await picture_message(fake_discord, deal)
    again = await fake_discord.click(dealt.message_id or deal, deal_again_id(dealt), user=anna)
    for sent in (dealt, await picture_message(fake_discord, again)):
        hand = sent.embeds[0]["fields"][-1]["value"].strip("`")
        assert_drawn_in(sent, house_way(parse_hand(hand)), Deck.FOUR)

    back = await choose(fake_discord, "two", user=anna)
    assert "two colours" in back.content
    assert description_of(back, "cards.png") == (
        "One card of each suit: ace of spades in black, ace of hearts in red, "
        "ace of diamonds in red, ace of clubs in black."
    )
    await houseway_deck_is(fake_discord, Deck.TWO, user=anna)


async def test_cards_works_in_dms_and_user_installs(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    [cards] = [c for c in await houseway_bot.command_payload() if c["name"] == "cards"]
    assert sorted(cards["integration_types"]) == [0, 1]  # guild and user installs
    assert sorted(cards["contexts"]) == [0, 1, 2]  # servers, the bot's DMs, other DMs
    anna = fake_discord.make_user("anna")
    await choose(fake_discord, "four", user=anna, dm=True)
    await houseway_deck_is(fake_discord, Deck.FOUR, user=anna)  # in the server: it follows
    asked = await fake_discord.send_command("cards", user=anna, dm=True)
    shown = await picture_message(fake_discord, asked)
    assert shown.ephemeral and "four colours" in shown.content
    assert "ace of diamonds in blue" in description_of(shown, "cards.png")  # her deck's


async def test_a_forged_choice_is_refused_privately(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    interaction = await fake_discord.send_command(
        "cards", [{"name": "colours", "type": 3, "value": "purple"}], locale="sv-SE"
    )
    sent = await fake_discord.wait_response(interaction)
    assert sent.ephemeral
    assert sent.content.startswith("`purple` är inget val")


async def test_the_choice_survives_a_restart(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str
) -> None:
    anna = fake_discord.make_user("anna")
    async with run_bot(fake_discord, database_url=any_database_url):
        await choose(fake_discord, "four", user=anna, dm=True)
    async with run_bot(fake_discord, database_url=any_database_url):
        await houseway_deck_is(fake_discord, Deck.FOUR, user=anna)


async def test_a_database_outage_draws_two_colours_and_says_a_choice_is_not_saved(
    fake_discord: FakeDiscord, run_bot: BotRunner, postgres_url: str
) -> None:
    """Anna chose four colours; a new process whose database then hangs, and then is gone,
    answers her in time, in two colours, and tells her a new choice was not saved."""
    anna = fake_discord.make_user("anna")
    async with run_bot(fake_discord, database_url=postgres_url):
        await choose(fake_discord, "four", user=anna)
    proxy = TcpProxy.to(postgres_url)
    await proxy.start()
    async with run_bot(fake_discord, database_url=proxy.url(postgres_url)):
        proxy.pause()
        interaction = await fake_discord.send_command("houseway", {"hand": COLOURFUL}, user=anna)
        sent = await picture_message(fake_discord, interaction)
        assert interaction.response_time is not None and interaction.response_time < 3.0
        assert_drawn_in(sent, house_way(parse_hand(COLOURFUL)), Deck.TWO)
        await proxy.stop()
        for locale, expected in (("en-US", "couldn't save"), ("sv-SE", "kunde inte spara")):
            refused = await fake_discord.send_command(
                "cards", {"colours": "four"}, user=anna, locale=locale
            )
            answer = await fake_discord.wait_response(refused, timeout=10)
            assert refused.response_time is not None and refused.response_time < 3.0
            assert answer.ephemeral and expected in answer.content
        await houseway_deck_is(fake_discord, Deck.TWO, user=anna)


async def test_an_old_cards_is_deferred_and_a_slow_database_given_time(
    fake_discord: FakeDiscord, run_bot: BotRunner, postgres_url: str
) -> None:
    """The bot is behind (the interaction is 1.5 s old) and the database slow (a second):
    acknowledged at once, then stored and confirmed, not "could not save"."""
    anna = fake_discord.make_user("anna")
    proxy = TcpProxy.to(postgres_url)
    await proxy.start()
    try:
        async with run_bot(fake_discord, database_url=proxy.url(postgres_url)):
            proxy.pause()
            interaction = await fake_discord.send_command(
                "cards", {"colours": "four"}, user=anna, age=1.5
            )
            first = await fake_discord.wait_response(interaction)
            assert first.callback_type == CallbackType.DEFERRED_CHANNEL_MESSAGE
            assert first.ephemeral and interaction.late_callbacks == 0
            await asyncio.sleep(1.0)
            proxy.resume()
            [answer] = await fake_discord.wait_followups(interaction, 1, timeout=10)
            assert answer.ephemeral and "four colours" in answer.content
            await houseway_deck_is(fake_discord, Deck.FOUR, user=anna)
    finally:
        proxy.resume()
        await proxy.stop()
