"""Replies that fit a phone (#29 §3): no reply the bot sends has more than 4,000 characters
of embeds (counted as Discord counts them, by the stand-in), and long ones are pages the
member turns with Previous and Next."""

from __future__ import annotations

import discord
import pytest

from bot.app.client import HousewayBot
from bot.cogs.meta import HELP_BUDGET
from bot.texts.pages import PAGE_BUDGET, PHONE_LIMIT, embed_size, pages_of
from houseway.language import Lang
from houseway.rules import RULE_IDS, RULES
from tests.bot.fixtures import help_sections
from tests.fakediscord import USER_ID, FakeDiscord
from tests.fakediscord.limits import embed_characters

LOCALES = ("sv-SE", "en-US")


async def test_no_long_reply_passes_the_phone_limit(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    """The rules overview page by page, every rule's page and the player's way's, in both
    languages: the stand-in refuses any message over the limit, and records each size."""
    fake_discord.embed_budget = PHONE_LIMIT
    for locale in LOCALES:
        overview = await fake_discord.send_command("rules", locale=locale)
        await fake_discord.wait_response(overview)
        message = fake_discord.messages[overview.original_message_id]
        while (turn := _next_of(message)) is not None:
            await fake_discord.wait_response(await fake_discord.click(message, turn, locale=locale))
        for rule in (*RULE_IDS, "Spelarens sätt"):
            asked = await fake_discord.send_command("rules", {"rule": rule}, locale=locale)
            assert (await fake_discord.wait_response(asked)).embeds
    assert fake_discord.refusals == []
    assert len(fake_discord.embed_sizes) >= 2 * (len(RULE_IDS) + 3)
    assert max(fake_discord.embed_sizes) <= PHONE_LIMIT


@pytest.mark.parametrize("locale", LOCALES)
async def test_each_help_section_fits_a_phone_screen(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, locale: str
) -> None:
    """Issue 39: /help was one reply of 3,421 characters of embeds (2,352 before the quiz's
    part). Each section is a reply of its own, well under 2,000 as Discord counts them (a
    mention by its ``</name:id>``); the stand-in refuses any over HELP_BUDGET."""
    fake_discord.embed_budget = HELP_BUDGET
    asked = {
        "a server": await help_sections(fake_discord, locale),
        "a DM": await help_sections(fake_discord, locale, dm=True),
    }
    assert list(asked["a server"]) == ["commands", "game", "quiz", "moderators"]
    assert list(asked["a DM"]) == ["commands"]
    sizes = [embed_characters([embed]) for place in asked.values() for embed in place.values()]
    assert fake_discord.refusals == []
    assert max(sizes) <= HELP_BUDGET <= 1500


def _next_of(message) -> str | None:  # type: ignore[no-untyped-def]
    """The Next button of the asking member's page, while it is not the last."""
    turn = next((c for c in message.custom_ids() if c.endswith(f":next:{USER_ID}")), None)
    if turn is None or (message.find_component(turn) or {}).get("disabled"):
        return None
    return turn


def test_the_stand_in_counts_embeds_as_discord_does() -> None:
    """Titles, descriptions, field names and values, footers and authors; nothing else."""
    embed = discord.Embed(title="ab", description="cde", url="https://example.com/x")
    embed.add_field(name="f", value="gh").set_footer(text="ij").set_author(name="k")
    assert embed_characters([embed.to_dict()]) == embed_size(embed) == 11


@pytest.mark.parametrize("lang", [Lang.SV, Lang.EN])
def test_a_long_embed_becomes_pages_cut_between_paragraphs(lang: Lang) -> None:
    paragraphs = [f"**{rule_id}**\n> {RULES[rule_id].swedish}" for rule_id in RULE_IDS] * 3
    embed = discord.Embed(title="Reglerna", description="\n\n".join(paragraphs))
    embed.add_field(name="Vad det vinner", value="83,8 %").set_footer(text="Projektets råd")
    pages = pages_of(embed, lang)
    assert len(pages) >= 3 and all(embed_size(page) <= PAGE_BUDGET for page in pages)
    said = [page.description or "" for page in pages]
    assert "\n\n".join(said) == embed.description  # in order, no paragraph cut
    word = "Sida" if lang == Lang.SV else "Page"
    for number, page in enumerate(pages, 1):
        assert page.title == "Reglerna"
        assert page.footer.text == f"Projektets råd · {word} {number} of {len(pages)}".replace(
            " of ", " av " if lang == Lang.SV else " of "
        )
    assert [len(page.fields) for page in pages] == [0] * (len(pages) - 1) + [1]
    short = discord.Embed(title="kort", description="en rad")
    assert pages_of(short, lang) == [short]


@pytest.mark.parametrize("locale", LOCALES)
async def test_the_asker_turns_pages_in_place_and_others_get_their_own(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, locale: str
) -> None:
    asked = await fake_discord.send_command("rules", locale=locale)
    await fake_discord.wait_response(asked)
    message = fake_discord.messages[asked.original_message_id]
    first = message.embeds[0]
    previous = next(c for c in message.custom_ids() if ":prev:" in c)
    assert (message.find_component(previous) or {}).get("disabled")
    turn = _next_of(message)
    assert turn is not None
    turned = await fake_discord.wait_response(
        await fake_discord.click(message, turn, locale=locale)
    )
    assert not turned.ephemeral
    second = fake_discord.messages[message.id].embeds[0]
    assert second["description"] != first["description"]
    assert second["footer"]["text"].startswith("Sida 2" if locale == "sv-SE" else "Page 2")
    # Another member, in the other language: the page privately, the asker's unchanged.
    other = fake_discord.make_user("vilma")
    back = next(c for c in fake_discord.messages[message.id].custom_ids() if ":prev:" in c)
    click = await fake_discord.click(message, back, user=other, locale="sv-SE")
    theirs = await fake_discord.wait_response(click)
    assert theirs.ephemeral
    assert theirs.embeds[0]["footer"]["text"].startswith("Sida 1")
    assert theirs.embeds[0]["title"] == "Huset väljer – reglerna"
    own = fake_discord.messages[click.original_message_id].custom_ids()
    assert own and all(c.endswith(f":{other.id}") for c in own)
    assert fake_discord.messages[message.id].embeds[0] == second


async def test_a_forged_page_button_is_refused(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    asked = await fake_discord.send_command("rules", locale="en-US")
    await fake_discord.wait_response(asked)
    message = fake_discord.messages[asked.original_message_id]
    for forged in (f"pages:rules:7:next:{USER_ID}", f"pages:novel:0:next:{USER_ID}", "pages:x"):
        click = await fake_discord.click(message, forged, component_type=2)
        refused = await fake_discord.wait_response(click)
        assert refused.ephemeral and "no longer valid" in refused.content
    assert fake_discord.messages[message.id].embeds[0]["footer"]["text"].startswith("Page 1")


async def test_analyze_and_its_list_pass_no_phone_limit(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    """The answer and the list of every split, for hands with many splits, both languages."""
    fake_discord.embed_budget = PHONE_LIMIT
    for hand in ("Ad Th 9h 8c 6h 3h 2s", "3c JK 5d Jc Qh Ac Kh", "Kc Jd 9h 7s 5c 3d 2h"):
        member = fake_discord.make_user(f"m{hand[:2]}")  # within the rate of /analyze
        for locale in LOCALES:
            asked = await fake_discord.send_command(
                "analyze", {"hand": hand}, locale=locale, user=member
            )
            [answer] = await fake_discord.wait_followups(asked, 1, timeout=10.0)
            assert answer.embeds and answer.message_id is not None
            message = fake_discord.messages[answer.message_id]
            [button] = [c for c in message.custom_ids() if c.startswith("analyze:all:")]
            pressed = await fake_discord.click(message, button, locale=locale, user=member)
            assert (await fake_discord.wait_response(pressed)).embeds
    assert fake_discord.refusals == []
    assert len(fake_discord.embed_sizes) >= 12 and max(fake_discord.embed_sizes) <= PHONE_LIMIT
