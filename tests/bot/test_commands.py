"""/houseway, /deal and /rules through the Discord stand-in, in Swedish and English."""

from __future__ import annotations

import io
import json
import logging
import re
import sys
import time
from pathlib import Path

import pytest
from PIL import Image

import houseway
from bot.app.client import HousewayBot
from bot.texts.embeds import decimal
from houseway import house_way, parse_hand, sentences_for
from houseway.analysis.figures import shipped_solve
from houseway.language import Lang
from houseway.rules import INTRODUCTION_SV, RULES, rule_name
from houseway.strategy import PLAYER_RULES
from tests.bot.fixtures import BotRunner, answer_message
from tests.fakediscord import USER_ID, CallbackType, FakeDiscord, FakeInteraction, FakeMessage

HAND = "As Kd Qc Jh 9s 7d JK"


def field(embed: dict, prefix: str) -> dict:
    return next(f for f in embed["fields"] if f["name"].startswith(prefix))


def png_of(sent) -> Image.Image:  # type: ignore[no-untyped-def]
    image = Image.open(io.BytesIO(sent.file("houseway.png").data))
    image.load()
    return image


async def test_houseway_in_english(fake_discord: FakeDiscord, houseway_bot: HousewayBot) -> None:
    interaction = await fake_discord.send_command("houseway", {"hand": HAND}, locale="en-US")
    sent = await fake_discord.wait_response(interaction)
    assert not sent.ephemeral
    assert sent.allowed_mentions == {"parse": []}
    [embed] = sent.embeds
    assert field(embed, "Five-card hand")["name"] == "Five-card hand – Straight"
    assert field(embed, "Five-card hand")["value"] == "K♦  Q♣  J♥  🃏  9♠"
    assert field(embed, "Two-card hand")["name"] == "Two-card hand – High card"
    assert field(embed, "Two-card hand")["value"] == "A♠  7♦"
    for sentence in (RULES["flush-straight.keep"], RULES["straight-flush.keep"]):
        assert f"> {sentence.swedish}" in embed["description"]
        assert sentence.english in embed["description"]
    # 14,447,708 of the 154,143,080 hands (the census; test_census checks that file).
    assert "9.373%" in field(embed, "How often")["value"]
    assert "154,143,080" in field(embed, "How often")["value"]
    assert field(embed, "The hand")["value"] == "`As Kd Qc Jh 9s 7d JK`"
    assert embed["image"]["url"] == "attachment://houseway.png"
    image = png_of(sent)
    assert image.format == "PNG"
    assert 600 <= image.width <= 1200 and 300 <= image.height <= 800


async def test_houseway_in_swedish_quotes_verbatim_without_translation(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    hand = "9s 9h 5d 5c 2h 2d Ac"
    interaction = await fake_discord.send_command("houseway", {"hand": hand}, locale="sv-SE")
    [embed] = (await fake_discord.wait_response(interaction)).embeds
    three_pairs = RULES["three-pairs"]
    assert embed["title"] == "Huset väljer"
    assert "*Tillägg – ingår inte i originalreglerna*" in embed["description"]
    assert f"> {three_pairs.swedish}" in embed["description"]
    assert three_pairs.english not in embed["description"]
    assert field(embed, "Femkortshanden")["name"] == "Femkortshanden – Två par"
    assert field(embed, "Tvåkortshanden")["name"] == "Tvåkortshanden – Par"
    assert "154\u00a0143\u00a0080" in field(embed, "Hur ofta")["value"]


async def test_two_rule_path_quotes_every_sentence(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    hand = "5h 6h 7h 8h 9h 9c 5c"
    decision = house_way(parse_hand(hand))
    assert decision.path == ("straight-flush.two-pairs", "two-pairs.split")
    for locale, footer in (
        ("sv-SE", "Regel: Färgstege med två par → Två par delas"),
        ("en-US", "Rule: Straight flush with two pairs → Two pairs split"),
    ):
        interaction = await fake_discord.send_command("houseway", {"hand": hand}, locale=locale)
        [embed] = (await fake_discord.wait_response(interaction)).embeds
        for rule in sentences_for(decision.path):
            assert f"> {rule.swedish}" in embed["description"]
        # The rules by the names a member reads everywhere, not by their ids.
        assert embed["footer"]["text"] == footer


async def test_private_answer_is_ephemeral(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    interaction = await fake_discord.send_command("houseway", {"hand": HAND, "private": True})
    sent = await fake_discord.wait_response(interaction)
    assert sent.ephemeral
    assert sent.embeds


@pytest.mark.parametrize(
    ("hand", "locale", "expected"),
    [
        ("", "en-US", "You gave no cards"),
        ("x" * 201, "en-US", "too long (at most 200"),
        ("As Kd Qc Jh 9s 7d Zz", "en-US", "`Zz` is not a card"),
        ("As Kd Qc Jh 9s 7d As", "en-US", "The card A♠ appears twice"),
        ("As Kd Qc Jh 9s JK joker", "en-US", "two jokers"),
        ("As Kd Qc", "en-US", "seven cards, but I found 3"),
        ("", "sv-SE", "Du skrev inga kort"),
        ("x" * 201, "sv-SE", "för lång (högst 200"),
        ("As Kd Qc Jh 9s 7d Zz", "sv-SE", "`Zz` är inget kort"),
        ("As Kd Qc Jh 9s 7d As", "sv-SE", "Kortet A♠ finns två gånger"),
        ("As Kd Qc Jh 9s JK joker", "sv-SE", "två jokrar"),
        ("As Kd Qc", "sv-SE", "sju kort, men jag hittade 3"),
    ],
)
async def test_bad_input_gets_an_ephemeral_error_in_the_users_language(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, hand: str, locale: str, expected: str
) -> None:
    interaction = await fake_discord.send_command("houseway", {"hand": hand}, locale=locale)
    sent = await fake_discord.wait_response(interaction)
    assert sent.ephemeral
    [embed] = sent.embeds
    assert expected in embed["description"]
    assert "As Kd Th 9c 7s 4d JK" in embed["description"]  # the example


async def test_user_text_cannot_mention_or_break_markdown(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    hand = "@everyone`**<@123>** As Kd Qc Jh 9s 7d"
    interaction = await fake_discord.send_command("houseway", {"hand": hand})
    sent = await fake_discord.wait_response(interaction)
    assert sent.allowed_mentions == {"parse": []}
    description = sent.embeds[0]["description"]
    token = description.split("`")[1]
    assert token.startswith("@everyone")
    assert description.count("`") % 2 == 0  # the user's backtick cannot open a code span


async def deal_message(fake: FakeDiscord, **options: object) -> tuple[FakeMessage, str]:
    """A /deal's message as it stands, and its Deal again button's custom id."""
    message = await answer_message(fake, await fake.send_command("deal", dict(options) or None))
    [button] = message.custom_ids()
    return message, button


def shown_hand(message: FakeMessage) -> str:
    return field(message.embeds[0], "The hand")["value"].strip("`")


async def edited(fake: FakeDiscord, message: FakeMessage, revisions: int) -> None:
    await fake.wait_until(lambda: len(message.revisions) >= revisions, 5, f"edit {revisions}")


async def test_deal_and_deal_again(fake_discord: FakeDiscord, houseway_bot: HousewayBot) -> None:
    interaction = await fake_discord.send_command("deal", locale="sv-SE")
    sent = await fake_discord.wait_response(interaction)
    [embed] = sent.embeds
    assert embed["title"] == "Ny giv – huset väljer"
    hand_field = field(embed, "Handen")
    assert hand_field["name"] == "Handen som text"  # not "(att kopiera)"
    hand = hand_field["value"].strip("`")
    decision = house_way(parse_hand(hand))
    assert f"> {RULES[decision.rule].swedish}" in embed["description"]
    [row] = sent.components
    [button] = row["components"]
    assert button["custom_id"] == f"houseway:deal-again:{USER_ID}"  # the dealer
    assert button["label"] == "Ny giv"  # not "Ge igen": that means "retaliate"
    png_of(sent)


async def test_deal_again_by_the_dealer_deals_in_the_same_message(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    message, button = await deal_message(fake_discord)
    in_channel = len(fake_discord.channel_messages(message.channel_id))
    hands = {shown_hand(message)}
    for press in (1, 2):
        again = await fake_discord.click(message, button, locale="en-US")
        first = await fake_discord.wait_response(again)
        assert first.callback_type in (
            CallbackType.UPDATE_MESSAGE,
            CallbackType.DEFERRED_UPDATE_MESSAGE,
        )
        await edited(fake_discord, message, press)
        assert message.embeds[0]["title"] == "New deal – House Way"
        assert message.custom_ids() == [button]  # still the dealer's button
        [picture] = message.attachments
        assert picture["filename"] == "houseway.png"
        assert Image.open(io.BytesIO(message.attachment_bytes("houseway.png"))).format == "PNG"
        hands.add(shown_hand(message))
    assert len(fake_discord.channel_messages(message.channel_id)) == in_channel  # no new post
    assert len(hands) >= 2  # three random deals are not all the same hand


async def test_deal_again_by_another_member_answers_privately(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    message, button = await deal_message(fake_discord)
    before = shown_hand(message)
    other = fake_discord.make_user("bo")
    again = await fake_discord.click(message, button, user=other, locale="sv-SE")
    private = await answer_message(fake_discord, again)
    assert private.ephemeral and private.id != message.id
    assert private.embeds[0]["title"] == "Ny giv – huset väljer"
    assert private.custom_ids() == [f"houseway:deal-again:{other.id}"]  # now Bo deals
    assert message.revisions == [] and shown_hand(message) == before
    # Bo's own button deals again in Bo's private message.
    mine = await fake_discord.click(private, f"houseway:deal-again:{other.id}", user=other)
    await fake_discord.wait_response(mine)
    await edited(fake_discord, private, 1)


async def test_deal_again_on_a_message_from_before_names_the_dealer_by_its_interaction(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    """Messages sent before the button named its dealer carry houseway:deal-again."""
    message, button = await deal_message(fake_discord)
    message.components[0]["components"][0]["custom_id"] = "houseway:deal-again"
    again = await fake_discord.click(message, "houseway:deal-again")
    await fake_discord.wait_response(again)
    await edited(fake_discord, message, 1)
    assert message.custom_ids() == [button]
    other = await fake_discord.click(message, button, user=fake_discord.make_user("cay"))
    await fake_discord.wait_response(other)
    assert len(message.revisions) == 1


async def test_deal_again_has_a_per_member_cooldown(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    from bot.cogs.dealer import DEAL_AGAIN_RATE

    message, button = await deal_message(fake_discord)
    for press in range(1, DEAL_AGAIN_RATE + 1):
        again = await fake_discord.click(message, button)
        await fake_discord.wait_response(again)
        await edited(fake_discord, message, press)
    shown = shown_hand(message)
    refused = await fake_discord.click(message, button, locale="sv-SE")
    told = await fake_discord.wait_response(refused)
    assert told.ephemeral and not told.embeds
    assert told.content.startswith(f"Du har fått {DEAL_AGAIN_RATE} nya givar på 15 sekunder.")
    assert re.search(r"Nästa giv kan du få <t:\d+:R>\.$", told.content)
    assert len(message.revisions) == DEAL_AGAIN_RATE and shown_hand(message) == shown
    # Another member is not held back by the dealer's presses.
    other = await fake_discord.click(message, button, user=fake_discord.make_user("dee"))
    assert (await fake_discord.wait_response(other)).callback_type != CallbackType.UPDATE_MESSAGE
    assert not other.callback.content  # type: ignore[union-attr]


async def test_private_deal_is_ephemeral_and_deals_again_in_place(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    message, button = await deal_message(fake_discord, private=True)
    assert message.ephemeral and button == f"houseway:deal-again:{USER_ID}"
    again = await fake_discord.click(message, button)
    await fake_discord.wait_response(again)
    await edited(fake_discord, message, 1)
    assert message.ephemeral
    assert fake_discord.channel_messages(message.channel_id, include_ephemeral=False) == []


async def test_rules_one_rule_and_unknown(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    interaction = await fake_discord.send_command(
        "rules", {"rule": "four-of-a-kind.aces"}, locale="sv-SE"
    )
    [embed] = (await fake_discord.wait_response(interaction)).embeds
    assert "spitta fyrtalet" in embed["description"]
    assert f"> {RULES['four-of-a-kind.aces'].swedish}" in embed["description"]
    unknown = await fake_discord.send_command("rules", {"rule": "no-such-rule"})
    sent = await fake_discord.wait_response(unknown)
    assert sent.ephemeral
    assert "no-such-rule" in sent.content
    # Anything typed is shown inside inline code: no mention or timestamp renders.
    sneaky = await fake_discord.send_command(
        "rules", {"rule": "<@123> `x` <t:0:R>"}, locale="sv-SE"
    )
    sent = await fake_discord.wait_response(sneaky)
    assert sent.content.startswith("Det finns ingen regel som heter `<@123> ˋxˋ <t:0:R>`.")


def shown_number(token: str, lang: Lang) -> float:
    """A number as the embed writes it (2,644 and 7.36%; Swedish 2 644, 8,36 %, −0,00997)."""
    assert "-" not in token, f"{token!r}: a hyphen where a minus sign belongs"
    cleaned = token.replace("\u2212", "-").replace("%", "").replace("\u00a0", "").strip()
    if lang == Lang.SV:
        return float(cleaned.replace(" ", "").replace(",", "."))
    return float(cleaned.replace(",", ""))


@pytest.mark.parametrize(("lang", "mark"), [("sv", ","), ("en", ".")])
def test_figures_have_a_real_minus_sign_and_the_languages_decimal_mark(
    lang: str, mark: str
) -> None:
    """The one formatter /houseway, /analyze and /practice share: U+2212, never a hyphen."""
    assert decimal(-0.02714, lang, 4) == f"\u22120{mark}0271"
    assert decimal(-0.02714, lang, 4, signed=True) == f"\u22120{mark}0271"
    assert decimal(0.5, lang, 2, signed=True) == f"+0{mark}50"
    assert decimal(-1, lang, 0) == "\u22121"
    assert decimal(-0.00001, lang, 3) == f"\u22120{mark}000"
    assert decimal(-0.00001, lang, 3, bare_zero=True) == "0"


def decimals_of(token: str) -> int:
    digits = token.replace("%", "").strip().replace(",", ".")
    return len(digits.partition(".")[2])


async def test_rules_show_what_the_rule_gives_up_as_the_whole_game_solve_says(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    """The figures in /rules are the solve's exact ones (solve.json read here, not through
    the bot's code), rounded no further than they are shown."""
    summary = json.loads((Path(houseway.__file__).parent / "data" / "solve.json").read_text())
    for rule_id, locale in (
        ("flush-straight.keep", "en-US"),
        ("two-pairs.ace-jack", "sv-SE"),
        ("one-pair", "sv-SE"),  # a tiny share: three significant digits, four decimals at most
        ("full-house.two-pairs", "en-US"),
        ("five-aces", "sv-SE"),  # never beaten
    ):
        interaction = await fake_discord.send_command("rules", {"rule": rule_id}, locale=locale)
        [embed] = (await fake_discord.wait_response(interaction)).embeds
        lang = Lang.SV if locale == "sv-SE" else Lang.EN
        swedish = lang == Lang.SV
        value = field(embed, "Jämfört med den bästa delningen" if swedish else "Against the best")[
            "value"
        ]
        exact = summary["rules"][rule_id]
        hands = re.search(r"(?:all|alla regelns) ([\d,\u00a0 ]+) (?:hands|händer)", value)
        assert hands is not None and shown_number(hands[1], lang) == exact["hands"]
        assert "95" not in value  # exact: no confidence interval
        if exact["not_best"] == 0:
            assert "**" not in value
            continue
        [share] = re.findall(r"\*\*(\d+[.,]\d+\u00a0?%)\*\*", value)
        assert abs(shown_number(share, lang) - 100 * exact["not_best_share"]) <= 0.005 + 1e-9
        # What it gives up: a share of the bet in percent, at most four decimals (#29).
        bet = "av insatsen" if swedish else "of the bet"
        [ev] = re.findall(rf"\*\*([\d.,]+\u00a0?%) {bet}\*\*", value)
        assert decimals_of(ev) <= 4 and "enhet" not in value and "units" not in value
        tolerance = 0.5 * 10 ** -decimals_of(ev)
        assert abs(shown_number(ev, lang) - 100 * exact["give_up"]) <= tolerance + 1e-12, ev
        assert ("," in ev) == swedish and ("." in ev) != swedish


async def read_pages(
    fake_discord: FakeDiscord, interaction: FakeInteraction, locale: str
) -> list[dict]:
    """Every page of a paged reply, turned with its Next button by the member who asked."""
    await fake_discord.wait_response(interaction)
    message = fake_discord.messages[interaction.original_message_id]
    pages = [message.embeds[0]]
    while True:
        turn = next((c for c in message.custom_ids() if c.endswith(f":next:{USER_ID}")), None)
        if turn is None or (message.find_component(turn) or {}).get("disabled"):
            return pages
        turned = await fake_discord.click(message, turn, locale=locale)
        await fake_discord.wait_response(turned)
        pages.append(fake_discord.messages[message.id].embeds[0])


async def test_rules_list_has_every_sentence(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    for locale in ("sv-SE", "en-US"):
        interaction = await fake_discord.send_command("rules", locale=locale)
        pages = await read_pages(fake_discord, interaction, locale)
        assert len(pages) > 1  # the whole list is longer than a page (#29)
        text = "\n".join(e["description"] for e in pages)
        for number, page in enumerate(pages, 1):
            said = (
                f"Sida {number} av {len(pages)}"
                if locale == "sv-SE"
                else f"Page {number} of {len(pages)}"
            )
            assert page["footer"]["text"] == said
            assert page["title"] == pages[0]["title"]
        assert INTRODUCTION_SV in text
        # The player's way's entry, under its mark, after the casino's rules.
        title, marker = ADVICE[locale]
        assert f"**{title}**\n*{marker}.*" in text
        assert text.index(title) > max(text.index(rule.swedish) for rule in RULES.values())
        for rule in RULES.values():
            assert rule.swedish in text
            assert (rule.english in text) == (locale == "en-US")


async def test_rules_autocomplete(fake_discord: FakeDiscord, houseway_bot: HousewayBot) -> None:
    interaction = await fake_discord.send_autocomplete("rules", "rule", "fyrtal")
    sent = await fake_discord.wait_response(interaction)
    values = [choice["value"] for choice in sent.choices]
    assert values and all(v.startswith("four-of-a-kind") for v in values)
    assert all(len(choice["name"]) <= 100 for choice in sent.choices)
    everything = await fake_discord.send_autocomplete("rules", "rule", "")
    choices = (await fake_discord.wait_response(everything)).choices
    # How a round is played first, every rule, the player's way's page, the bonus's.
    assert len(choices) == len(RULES) + 3 == 25
    assert choices[0] == {"name": "Pai Gow – how it is played", "value": "game"}
    assert choices[-2]["name"].startswith("The player's way – the project's advice")
    assert choices[-1] == {"name": "The bonus bet – what it pays and how often", "value": "bonus"}


@pytest.mark.parametrize(
    ("locale", "typed", "title", "says"),
    [
        ("sv-SE", "spelet", "Pai Gow – så spelas det", "minus 5\u00a0% provision"),
        ("en-US", "foul", "Pai Gow – how it is played", "less 5% commission"),
    ],
)
async def test_rules_has_a_page_of_how_a_round_is_played(
    fake_discord: FakeDiscord,
    houseway_bot: HousewayBot,
    locale: str,
    typed: str,
    title: str,
    says: str,
) -> None:
    """Issue 39 item 1: win both hands to win (less the commission), one of two a push, a
    copy to the dealer, a foul and what the server does: offered by the autocomplete,
    shown by its choice or by a word of it typed."""
    interaction = await fake_discord.send_autocomplete("rules", "rule", typed, locale=locale)
    choices = (await fake_discord.wait_response(interaction)).choices
    assert choices[0] == {"name": title, "value": "game"}
    for asked_for in ("game", typed):
        asked = await fake_discord.send_command("rules", {"rule": asked_for}, locale=locale)
        page = (await fake_discord.wait_response(asked)).content or ""
        assert page.startswith(f"**{title}**") and says in page, page
        assert len(page) <= 1500


@pytest.mark.parametrize(
    ("locale", "typed", "name"),
    [("sv-SE", "spelarens", "Spelarens sätt"), ("en-US", "player", "The player's way")],
)
async def test_rules_autocomplete_offers_the_players_way_and_its_choice_opens_it(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, locale: str, typed: str, name: str
) -> None:
    interaction = await fake_discord.send_autocomplete("rules", "rule", typed, locale=locale)
    [choice] = (await fake_discord.wait_response(interaction)).choices
    assert choice["name"].startswith(f"{name} – ")
    assert len(choice["name"]) <= 100
    chosen = await fake_discord.send_command("rules", {"rule": choice["value"]}, locale=locale)
    [embed] = (await fake_discord.wait_response(chosen)).embeds
    assert embed["title"].startswith(name)


#: The mark over the player's way: the project's advice, not the casino's text.
ADVICE = {
    "sv-SE": ("Spelarens sätt (projektets råd)", "Projektets eget råd – inte kasinots regel"),
    "en-US": (
        "The player's way (the project's advice)",
        "The project's own advice – not the casino's rule",
    ),
}


@pytest.mark.parametrize("locale", ["sv-SE", "en-US"])
@pytest.mark.parametrize(
    "words",
    [
        "Spelarens sätt",
        "the player's way",
        "pw.two-pairs.ace-together",
        "dela tre KUNGAR",
        "Ace high: second-highest with the lowest",
    ],
)
async def test_rules_players_way_page(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, locale: str, words: str
) -> None:
    """Its name, or a rule's id or name in either language, opens the page: the seven rules
    in the member's language, each with the house-way rule it changes, under the mark; the
    house edge it brings down (2.72 % to 2.28 %, the best split's 2.20 % below), read from
    the shipped solve; what it wins back with the command that measured it; and no sentence
    over 250 characters."""
    interaction = await fake_discord.send_command("rules", {"rule": words}, locale=locale)
    sent = await fake_discord.wait_response(interaction)
    assert not sent.ephemeral
    [embed] = sent.embeds
    swedish = locale == "sv-SE"
    title, marker = ADVICE[locale]
    assert embed["title"] == title
    assert embed["description"].startswith(f"**{marker}.**\n")
    assert embed["footer"]["text"] == marker
    for place, rule in enumerate(PLAYER_RULES, 1):
        assert (rule.swedish if swedish else rule.english) in embed["description"]
        assert (rule.english if swedish else rule.swedish) not in embed["description"]
        changes = "ändrar" if swedish else "changes"
        refined = f"– {changes} *{rule_name(rule.refines, Lang.SV if swedish else Lang.EN)}*\n"
        block = next(b for b in embed["description"].split("\n\n") if b.startswith(f"**{place}."))
        assert refined in block
    assert len(embed["description"].split("\n\n")) == 1 + len(PLAYER_RULES) == 8
    edge, won_back = embed["fields"]
    # The whole game's exact figures, read from the shipped summary here, not the bot's code.
    summary = json.loads((Path(houseway.__file__).parent / "data" / "solve.json").read_text())
    way = summary["player_way"]
    house, player, best = (
        f"{100 * figure['house_edge']:.2f}"
        for figure in (summary["house_way"], way["player_way"], summary["best_split"])
    )
    assert (house, player, best) == ("2.72", "2.28", "2.20")  # the solve's, as the issue says
    if swedish:
        house, player, best = (f"{f.replace('.', ',')}\u00a0%" for f in (house, player, best))
        assert edge["name"] == "Husets fördel"
        assert edge["value"] == (
            f"Mot en givare som lägger enligt Huset väljer sjunker husets fördel från **{house}**"
            f" när du lägger som huset till **{player}** med spelarens sätt. Lägre än {best}"
            " kommer ingen: det är den bästa delningen av varje hand."
        )
    else:
        house, player, best = f"{house}%", f"{player}%", f"{best}%"
        assert edge["name"] == "The house edge"
        assert edge["value"] == (
            f"Against a dealer who sets by the house way, the house edge falls from **{house}**"
            f" when you set as the house does to **{player}** with the player's way. No one gets"
            f" below {best}: that is the best split of every hand."
        )
    share = f"{100 * way['won_back']:.1f}"
    pairs = f"{100 * way['two_pairs']['won_back']:.1f}"
    if swedish:
        share, pairs = (f"{f.replace('.', ',')}\u00a0%" for f in (share, pairs))
        assert "154\u00a0143\u00a0080 händer" in won_back["value"]
    else:
        share, pairs = f"{share}%", f"{pairs}%"
        assert "154,143,080 hands" in won_back["value"]
    assert won_back["value"].startswith(f"**{share}**") and pairs in won_back["value"]
    assert "`houseway solve`" in won_back["value"]
    assert len(embed["description"]) <= 4096
    # Every sentence of the page short enough to read in one breath (rule 4 was ~390).
    page = "\n".join([embed["description"], *(f["value"] for f in embed["fields"])])
    said = [s for line in page.splitlines() for s in re.split(r"(?<=[.!?])\s+", line) if s]
    assert len(said) > 20 and max(len(sentence) for sentence in said) <= 250
    assert "ger upp" not in page and "gives up" not in page


async def test_slow_picture_defers_first_then_follows_up(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # discord.py loads an extension as a fresh module object: patch the one in use.
    houseway_cog = sys.modules["bot.cogs.dealer"]
    real_render = houseway_cog.render_split

    def slow_render(five: list[str], two: list[str], *deck: str, lang: str) -> bytes:
        time.sleep(0.3)  # a picture that takes longer than the bot waits before deferring
        return real_render(five, two, *deck, lang=lang)

    monkeypatch.setattr(houseway_cog, "DEFER_AT_AGE", 0.05)
    monkeypatch.setattr(houseway_cog, "render_split", slow_render)
    interaction = await fake_discord.send_command("houseway", {"hand": HAND})
    first = await fake_discord.wait_response(interaction)
    assert first.callback_type == CallbackType.DEFERRED_CHANNEL_MESSAGE
    [followup] = await fake_discord.wait_followups(interaction, 1)
    assert followup.embeds[0]["footer"]["text"].endswith("Flush or straight kept")
    png_of(followup)


async def test_rate_limited_callback_is_waited_out(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    fake_discord.rate_limit("POST /interactions/*/callback", retry_after=0.4)
    interaction = await fake_discord.send_command("houseway", {"hand": HAND})
    sent = await fake_discord.wait_response(interaction)
    assert sent.embeds
    assert interaction.response_time is not None and 0.4 <= interaction.response_time < 3.0


def test_sampled_figures_are_shown_with_their_interval() -> None:
    """Where no solve is shipped, /rules shows `houseway cost`'s sampled figures: the
    not-best rate with its 95% interval and how many hands were analysed."""
    from bot.texts.embeds import cost_text
    from houseway.analysis.figures import sampled_rule_cost

    cost = sampled_rule_cost("flush-straight.keep")
    assert cost is not None and not cost.exact
    shown = cost_text(cost, "en")
    low, high = (f"{100 * bound:.2f}%" for bound in (cost.not_best.low, cost.not_best.high))
    assert f"**{100 * cost.not_best.value:.2f}%**" in shown and f"{low}–{high}" in shown
    assert f"{cost.hands:,} random hands" in shown


async def test_rules_words_part_of_the_players_way_suggest_it(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    interaction = await fake_discord.send_command("rules", {"rule": "spelarens"}, locale="sv-SE")
    sent = await fake_discord.wait_response(interaction)
    assert sent.ephemeral
    assert "**Spelarens sätt**" in sent.content


@pytest.mark.parametrize("damage", [b"", b'{"partial": false, "hands": 0}', b"\xff\xfe[1, 2"])
async def test_a_damaged_solve_summary_falls_back_to_the_sampled_figures(
    fake_discord: FakeDiscord,
    run_bot: BotRunner,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    damage: bytes,
) -> None:
    """A damaged houseway/data/solve.json is said once at start, in one warning line; the
    rule pages and the player's way's page answer with the sampled figures (an interval),
    every time, in both languages (issue 30, item 2)."""
    damaged = tmp_path / "solve.json"
    damaged.write_bytes(damage)
    monkeypatch.setattr("houseway.analysis.figures.solve_file", lambda: damaged)
    shipped_solve.cache_clear()
    try:
        caplog.set_level(logging.WARNING, logger="bot")
        async with run_bot(fake_discord):
            warned = [r for r in caplog.records if "solve.json" in r.getMessage()]
            assert len(warned) == 1 and warned[0].levelno == logging.WARNING
            assert warned[0].exc_info is None and "\n" not in warned[0].getMessage()
            for locale, interval in (("sv-SE", "konfidensintervall"), ("en-US", "interval")):
                for rule in ("two-pairs.split", "two-pairs.split", "Spelarens sätt"):
                    asked = await fake_discord.send_command("rules", {"rule": rule}, locale=locale)
                    sent = await fake_discord.wait_response(asked)
                    assert not sent.ephemeral and sent.embeds, sent.content
                    values = [f["value"] for f in sent.embeds[0].get("fields", [])]
                    assert any(interval in value for value in values), values
    finally:
        monkeypatch.undo()
        shipped_solve.cache_clear()
