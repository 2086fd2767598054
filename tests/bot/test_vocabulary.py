"""One vocabulary, through the stand-in: members read rules by name (never by id), and
what the EV lines say adds up, in Swedish and in English (#22)."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator

import pytest

from bot.app.client import HousewayBot
from bot.texts.i18n import language
from houseway import house_way
from houseway.cards import parse_hand
from houseway.rules import RULES, rule_name
from tests.bot.fixtures import IN_THREAD, QUICK_QUIZ, BotRunner
from tests.bot.quizhelpers import expire_round, reveals, start_quiz, wait_round
from tests.bot.quizhelpers import hand_of as round_hand
from tests.bot.test_commands import read_pages
from tests.bot.test_practice import answer, field, hand_of, house_two, practise
from tests.fakediscord import FakeDiscord


@pytest.fixture
async def practice_bot(fake_discord: FakeDiscord, run_bot: BotRunner) -> AsyncIterator[HousewayBot]:
    async with run_bot(fake_discord, practice_timing=IN_THREAD) as bot:
        yield bot


@pytest.mark.parametrize(("locale", "label"), [("sv-SE", "Regel: "), ("en-US", "Rule: ")])
async def test_practice_footers_name_the_rules(
    fake_discord: FakeDiscord, practice_bot: HousewayBot, locale: str, label: str
) -> None:
    """Both modes: the footer names the deciding rules in the member's language."""
    lang = language(locale)
    member = fake_discord.make_user("ylva")
    for mode in ("set", "rule"):
        session = await practise(fake_discord, member, mode=mode, locale=locale)
        dealt = fake_discord.messages[session.original_message_id]
        decision = house_way(hand_of(dealt))
        given = house_two(decision.hand) if mode == "set" else [decision.rule]
        _, sent = await answer(fake_discord, session, member, given, locale=locale)
        footer = sent.embeds[0]["footer"]["text"]
        names = " → ".join(rule_name(rule_id, lang) for rule_id in decision.path)
        assert footer.endswith(f" · {label}{names}"), footer
        assert not any(rule_id in footer for rule_id in decision.path)


async def rules_answer(fake: FakeDiscord, rule: str, locale: str) -> tuple[str, str, bool]:
    """/rules with ``rule`` typed: (the embed's title or "", the content or "", ephemeral)."""
    sent = await fake.wait_response(await fake.send_command("rules", {"rule": rule}, locale=locale))
    title = sent.embeds[0]["title"] if sent.embeds else ""
    return title, sent.content or "", sent.ephemeral


@pytest.mark.parametrize(
    ("locale", "title"),
    [
        ("sv-SE", "Huset väljer – reglerna: Två par delas"),
        ("en-US", "House Way – the rules: Two pairs split"),
    ],
)
async def test_rules_takes_a_name_in_either_language_or_an_id(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, locale: str, title: str
) -> None:
    """Any case, any spacing, a hyphen for the en dash; the title names the rule."""
    for typed in ("två PAR  delas", "Two pairs split", "two-pairs.split"):
        assert await rules_answer(fake_discord, typed, locale) == (title, "", False), typed
    shown, _, _ = await rules_answer(fake_discord, "fyrtal i 7-10", locale)
    assert shown.endswith(rule_name("four-of-a-kind.7-10", language(locale)))
    shown, _, _ = await rules_answer(fake_discord, "tre par", locale)  # "(tillägg)" left out
    assert shown.endswith(rule_name("three-pairs", language(locale)))


async def test_rules_suggests_the_rules_a_name_may_mean(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    _, told, private = await rules_answer(fake_discord, "två par", "sv-SE")
    assert private
    assert told.startswith("Det finns ingen regel som heter `två par`. Menar du någon av dessa: ")
    assert "**Två par delas**, **Två par och ess–knekt**" in told
    assert "**Färgstege med två par**" in told and "two-pairs" not in told
    _, told, private = await rules_answer(fake_discord, "two pairs", "en-US")
    assert private and "Did you mean one of these: " in told
    assert "**Two pairs split**, **Two pairs and ace-jack**" in told
    _, told, _ = await rules_answer(fake_discord, "royal", "sv-SE")
    assert told == ("Det finns ingen regel som heter `royal`. Välj en i listan, t.ex. **Ett par**.")
    _, told, _ = await rules_answer(fake_discord, "royal", "en-US")
    assert told == "There is no rule called `royal`. Pick one from the list, e.g. **One pair**."


async def test_the_rules_list_is_headed_by_names(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    for locale in ("sv-SE", "en-US"):
        interaction = await fake_discord.send_command("rules", locale=locale)
        pages = await read_pages(fake_discord, interaction, locale)
        listed = "\n".join(page["description"] for page in pages)
        for rule_id in RULES:
            assert f"**{rule_name(rule_id, language(locale))}**" in listed
            assert f"`{rule_id}`" not in listed
        # Rules of one sentence head it together.
        pairs = "**Två par delas** · **Två par och ess–knekt**"
        if locale == "en-US":
            pairs = "**Two pairs split** · **Two pairs and ace-jack**"
        assert f"{pairs}\n> Två par:" in listed


@pytest.mark.parametrize(
    ("locale", "typed", "first"),
    [
        ("sv-SE", "två par", "Färgstege med två par – Färgstegen ignoreras"),
        ("sv-SE", "two pairs split", "Två par delas – Det lägre paret"),
        ("en-US", "två par delas", "Two pairs split – The lower pair"),
        ("en-US", "aces", "Five aces – Three aces stay"),
    ],
)
async def test_rules_autocomplete_leads_with_names_in_the_members_language(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, locale: str, typed: str, first: str
) -> None:
    interaction = await fake_discord.send_autocomplete("rules", "rule", typed, locale=locale)
    choices = (await fake_discord.wait_response(interaction)).choices
    assert choices[0]["name"].startswith(first)
    # The id is what is sent; the player's way's page ("pw") is among them too when the
    # words are part of one of its rules' names ("Håll ihop låga par med ess").
    values = [choice["value"] for choice in choices]
    assert all(value in RULES for value in values if value != "pw")
    assert values.count("pw") <= 1
    assert all(len(choice["name"]) <= 100 for choice in choices)
    assert all(not choice["name"].startswith(choice["value"]) for choice in choices)


#: The house keeps the straight (−0.027140); the best split (+0.268344) pairs the joker with
#: the ace, K♥ Q♥ low; J♣ 5♦ low gives −0.057468. Shown to four decimals, the differences
#: of the figures are 0,2954 and 0,0304, where the exact ones round to 0,2955 and 0,0303.
STRAIGHT_KEPT = "3c JK 5d Jc Qh Ac Kh"


@pytest.mark.parametrize(
    ("locale", "two", "lines"),
    [
        (
            "sv-SE",
            ["Kh", "Qh"],
            [
                "Din delning: **+0,2683**",
                "Husets delning: −0,0271 – din delning ger 0,2954 mer per insatt krona",
                "Bästa delningen (A♣  🃏  J♣  5♦  3♣ · K♥  Q♥): +0,2683 – lika",
            ],
        ),
        (
            "en-US",
            ["Jc", "5d"],
            [
                "Your split: **−0.0575**",
                "The house way: −0.0271 – yours gives 0.0304 less per unit bet",
                "The best split (A♣  🃏  J♣  5♦  3♣ · K♥  Q♥): +0.2683 – yours gives 0.3258 "
                "less per unit bet",
            ],
        ),
    ],
)
async def test_practice_ev_differences_are_those_of_the_figures_shown(
    fake_discord: FakeDiscord,
    practice_bot: HousewayBot,
    monkeypatch: pytest.MonkeyPatch,
    locale: str,
    two: list[str],
    lines: list[str],
) -> None:
    """Less or more per unit bet (never "loses": that reads as losing the hand), by the
    difference of the EVs as shown."""
    # discord.py loads an extension as a fresh module object: patch the one in use.
    cog = sys.modules["bot.cogs.practice.cog"]
    hand = parse_hand(STRAIGHT_KEPT)
    monkeypatch.setattr(cog, "deal", lambda rng: hand)
    monkeypatch.setattr(cog, "drill_hand", lambda rule_id, mode, draw, rng: hand)
    member = fake_discord.make_user("vera")
    session = await practise(fake_discord, member, locale=locale)
    message = fake_discord.messages[session.original_message_id]
    assert sorted(hand_of(message)) == sorted(hand)
    await answer(fake_discord, session, member, two, locale=locale)
    heading = "Exakt analys" if locale == "sv-SE" else "Exact analysis"

    def analysed() -> bool:
        return lines[0] in field(fake_discord.messages[message.id].embeds[0], heading)

    await fake_discord.wait_until(analysed, 10, "the exact analysis")
    shown = field(fake_discord.messages[message.id].embeds[0], heading).splitlines()
    assert shown[:3] == lines
    assert "förlorar" not in " ".join(shown) and "gives up" not in " ".join(shown)


@pytest.mark.parametrize(("locale", "label"), [("sv-SE", "Regeln: "), ("en-US", "The rule: ")])
async def test_a_quiz_reveal_names_the_rules(
    fake_discord: FakeDiscord, run_bot: BotRunner, database_url: str, locale: str, label: str
) -> None:
    fake_discord.default_guild.preferred_locale = locale  # the quiz's language
    async with run_bot(fake_discord, database_url=database_url, quiz_timing=QUICK_QUIZ):
        await start_quiz(fake_discord, rounds=1, seconds=60)
        first = await wait_round(fake_discord, 1)
        decision = house_way(round_hand(first))
        await expire_round(database_url, first)
        await fake_discord.wait_until(lambda: len(reveals(fake_discord)) >= 1, 15, "the reveal")
        description = reveals(fake_discord)[0].embeds[0]["description"]
    names = " → ".join(rule_name(rule_id, language(locale)) for rule_id in decision.path)
    assert description.endswith(f"{label}{names}"), description
    assert not any(rule_id in description for rule_id in decision.path)
