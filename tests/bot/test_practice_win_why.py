"""Play to win after a miss, through the stand-in: the reason (the rule that sets the hand
better, said on the member's cards), the picture's label (whose split it shows), *More like
this* for that rule; and the player's way's own drill. Expected rules, splits and figures
come from the core (houseway.analysis.analyze, houseway.strategy, the explanations)."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.app.client import HousewayBot
from bot.cogs.practice.views import ANSWER_ID, AnswerMenu
from bot.storage import Bounded
from bot.texts.split_labels import row_order
from houseway import house_way
from houseway.analysis.analyze import analyze
from houseway.cards import NAMES, Card, parse_hand, sort_key
from houseway.language import Lang
from houseway.learning.explain import explain
from houseway.learning.explain.player import explain_player
from houseway.player_rules import PLAYER_RULE_IDS, player_rule_name
from houseway.rules import rule_name, rule_summary
from houseway.strategy import player_way
from tests.bot.fixtures import mention
from tests.bot.pictures import cards_named, description_of
from tests.bot.test_practice import field, hand_of, menu_of
from tests.bot.test_practice_drill import buttons
from tests.bot.test_practice_win import two_of, win_answer
from tests.fakediscord import FakeDiscord, FakeUser

#: The player's way keeps both pairs and plays the ace low; the house splits the pairs.
PAIRS_AND_ACE = "Ad 8s 6s 6d 4h 4c 2c"
#: Spec §8: the house way (the low pair 7♦ 7♣ low) is the best split; A♦ 10♣ low is second.
HOUSE_BEST = "Ks Kh 7d 7c Ad Tc 3h"
#: High card: the player's way sets it as the house does (K♣ 9♦ stay, 7♦ 6♦ low), and some
#: split other than the best does better than both.
NONE_BETTER = "Kc 9d 7d 6d 5s 3c 2h"
#: The reason's field, as the house way's own "Why, on these cards" is named.
WHY = {Lang.EN: "Why, on these cards", Lang.SV: "Varför, med de här korten"}


def evs_of(hand: tuple[Card, ...]) -> dict[tuple[int, int], float]:
    return {(s.five_value, s.two_value): s.ev for s in analyze(hand).splits}


async def win_hand(
    fake: FakeDiscord, bot: HousewayBot, user: FakeUser, cards: str, locale: str = "en-US"
) -> tuple[Any, tuple[Card, ...]]:
    """A Play to win hand of our choosing: the menu sealed for the member as the bot would
    seal it (the bot reads the hand from the id), its options those of the hand."""
    session = await fake.send_command("practice", {"mode": "win"}, user=user, locale=locale)
    await fake.wait_response(session)
    menu = menu_of(fake.messages[session.original_message_id])
    match = ANSWER_ID.fullmatch(menu["custom_id"])
    assert match is not None
    hand = tuple(sorted(parse_hand(cards), key=sort_key))
    cog: Any = bot.get_cog("PracticeCog")
    deadline = asyncio.get_running_loop().time() + 10
    sealer = await cog.seals.sealer(Bounded(bot.database, deadline))
    state = AnswerMenu.state_for("win", hand, int(match["shown"]), 0, 0)
    menu["custom_id"] = sealer.for_member(user.id).custom_id(state)
    menu["options"] = [{"label": NAMES[c], "value": NAMES[c]} for c in hand]
    return session, hand


def shows(message: Any, five: tuple[Card, ...], two: tuple[Card, ...]) -> str:
    """The verdict picture's alt text, checked to name this split's cards."""
    said = description_of(message, "house.png")
    assert cards_named(said) == [row_order(five), row_order(two)], said
    return said


async def test_a_miss_the_player_way_sets_better_is_said_on_the_members_cards(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    """Set the house way's split where the player's way's is the best: the reason names the
    player's way's rule and says it on these cards; the picture is its split, labelled; More
    like this deals another hand that rule changes. In English and in Swedish."""
    for locale, lang in (("en-US", Lang.EN), ("sv-SE", Lang.SV)):
        ulla = fake_discord.make_user(f"ulla-{locale}")
        session, hand = await win_hand(fake_discord, practice_bot, ulla, PAIRS_AND_ACE, locale)
        mine, house = player_way(hand), house_way(hand)
        assert mine.rule == "pw.two-pairs.ace-together" and mine.changed
        evs = evs_of(hand)
        assert evs[(mine.five_value, mine.two_value)] == max(evs.values())  # the best
        embed = await win_answer(fake_discord, session, ulla, [NAMES[c] for c in house.two], locale)
        said = explain_player(mine)
        assert said is not None
        why = field(
            embed, "Why, on these cards" if lang == Lang.EN else "Varför, med de här korten"
        )
        name, house_rule = player_rule_name(mine.rule, lang), rule_name(house.rule, lang)
        if lang == Lang.EN:
            lead = (
                "🧭 The player's way (the project's advice) sets it better than you did, by the"
                f" rule **{name}** (it changes the house way's rule *{house_rule}*):"
            )
            label = (
                "The picture",
                "The player's way's split (the project's advice) – the best here.",
            )
        else:
            lead = (
                "🧭 Spelarens sätt (projektets råd) lägger den bättre än du, med regeln"
                f" **{name}** (ändrar husets regel *{house_rule}*):"
            )
            label = ("Bilden", "Delningen enligt spelarens sätt (projektets råd) – här den bästa.")
        assert why == f"{lead}\n→ {said.text(lang)}"
        # The label is the last field, right above the picture, and the picture is that split.
        assert (embed["fields"][-1]["name"], embed["fields"][-1]["value"]) == label
        message = fake_discord.messages[session.original_message_id]
        assert shows(message, mine.five, mine.two).startswith(label[1])
        more = buttons(message)["More like this" if lang == Lang.EN else "Fler sådana"]
        click = await fake_discord.click(message, more, user=ulla, locale=locale)
        await fake_discord.wait_response(click)
        again = player_way(hand_of(fake_discord.messages[message.id]))
        assert again.rule == mine.rule and again.changed


async def test_a_miss_where_the_house_way_is_the_best_gives_its_rule_and_steps(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    vera = fake_discord.make_user("vera")
    session, hand = await win_hand(fake_discord, practice_bot, vera, HOUSE_BEST)
    house = house_way(hand)
    exact = analyze(hand)
    assert exact.house.ev == exact.best.ev  # the house way is the best split
    second = exact.splits[1]
    assert second.ev < exact.best.ev
    embed = await win_answer(fake_discord, session, vera, two_of(second))
    why = field(embed, WHY[Lang.EN])
    assert why.startswith(
        f"🏠 The house way sets this hand best, by the rule **{rule_name(house.rule)}** –"
        f" {rule_summary(house.rule)}\n"
    )
    for step in explain(hand).steps:  # the house way's own "Why, on these cards"
        assert f"{'→' if step.applies else '·'} {step.en}" in why
    assert embed["fields"][-1]["value"] == "The house way's split – the best here."
    message = fake_discord.messages[session.original_message_id]
    shows(message, house.five, house.two)
    click = await fake_discord.click(message, buttons(message)["More like this"], user=vera)
    await fake_discord.wait_response(click)
    assert house.rule in house_way(hand_of(fake_discord.messages[message.id])).path


async def test_a_miss_no_rule_sets_better_says_so_and_shows_the_best_split(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    """A split better than both ways' but not the best: no rule to give; the picture is
    the best split, so labelled; More like this deals the rule the hand was set by. A split
    worse than the house way's, where the player's way sets the hand as the house does: the
    player's way's reason is the house way's rule and steps."""
    wilma = fake_discord.make_user("wilma")
    session, hand = await win_hand(fake_discord, practice_bot, wilma, NONE_BETTER, "sv-SE")
    exact, mine = analyze(hand), player_way(hand)
    assert not mine.changed and exact.house.ev < exact.best.ev
    between = [s for s in exact.splits if exact.house.ev + 1e-3 < s.ev < exact.best.ev - 1e-3]
    assert between
    embed = await win_answer(fake_discord, session, wilma, two_of(between[0]), "sv-SE")
    assert field(embed, WHY[Lang.SV]) == (
        "Varken Huset väljer eller spelarens sätt lägger den här handen bättre än du. Den bästa"
        " delningen hittar bara den exakta analysen."
    )
    assert (embed["fields"][-1]["name"], embed["fields"][-1]["value"]) == (
        "Bilden",
        "Den bästa delningen.",
    )
    message = fake_discord.messages[session.original_message_id]
    shows(message, exact.best.five, exact.best.two)
    click = await fake_discord.click(message, buttons(message)["Fler sådana"], user=wilma)
    await fake_discord.wait_response(click)
    assert mine.rule in house_way(hand_of(fake_discord.messages[message.id])).path

    xavier = fake_discord.make_user("xavier")
    session, hand = await win_hand(fake_discord, practice_bot, xavier, NONE_BETTER)
    embed = await win_answer(fake_discord, session, xavier, two_of(exact.splits[-1]))
    why = field(embed, WHY[Lang.EN])
    assert why.startswith(
        "🧭 The player's way (the project's advice) sets this hand as the house way does, and"
        f" better than you did, by the rule **{rule_name(mine.rule)}** – {rule_summary(mine.rule)}"
        "\n"
    )
    assert all(step.en in why for step in explain(hand).steps)
    assert embed["fields"][-1]["value"] == "The player's way's split (the project's advice)."
    shows(fake_discord.messages[session.original_message_id], mine.five, mine.two)


async def test_a_best_split_gets_no_reason_and_the_picture_says_it_is_the_best(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    xena = fake_discord.make_user("xena")
    session, hand = await win_hand(fake_discord, practice_bot, xena, PAIRS_AND_ACE)
    best = analyze(hand).best
    embed = await win_answer(fake_discord, session, xena, two_of(best))
    assert all(f["name"] != "Why, on these cards" for f in embed["fields"])
    assert embed["fields"][-1]["value"] == "The best split."
    message = fake_discord.messages[session.original_message_id]
    shows(message, best.five, best.two)
    assert set(buttons(message)) == {"Next hand"}  # right, and not a drill


async def test_the_player_ways_drill_deals_only_hands_where_it_differs(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    """`/practice rule: Spelarens sätt` (no mode: Play to win) deals hands the player's way
    sets otherwise than the house way, and More like this goes on; one of its rules deals
    that rule's hands; in Set the hand it is refused with what to do."""
    yrsa = fake_discord.make_user("yrsa")
    drill = await fake_discord.send_command(
        "practice", {"rule": "Spelarens sätt"}, user=yrsa, locale="sv-SE"
    )
    await fake_discord.wait_response(drill)
    message = fake_discord.messages[drill.original_message_id]
    assert message.embeds[0]["title"] == "Träna – spela för att vinna"
    assert (
        "🧭 Spelarens sätt (projektets råd): bara händer där det lägger handen annorlunda än"
        " Huset väljer." in message.embeds[0]["description"]
    )
    for _ in range(3):
        hand = hand_of(fake_discord.messages[message.id])
        mine = player_way(hand)
        assert mine.changed and mine.rule in PLAYER_RULE_IDS
        await win_answer(fake_discord, drill, yrsa, two_of(analyze(hand).best), "sv-SE")
        labels = buttons(fake_discord.messages[message.id])
        assert set(labels) == {"Nästa hand", "Fler sådana"}  # right, and still drilling
        again = await fake_discord.click(message, labels["Fler sådana"], user=yrsa)
        await fake_discord.wait_response(again)

    kings = await fake_discord.send_command(
        "practice", {"mode": "win", "rule": "Split three kings"}, user=yrsa
    )
    await fake_discord.wait_response(kings)
    dealt = fake_discord.messages[kings.original_message_id]
    assert "the rule **Split three kings**" in dealt.embeds[0]["description"]
    assert player_way(hand_of(dealt)).rule == "pw.three-of-a-kind.kings"

    refused = await fake_discord.send_command(
        "practice", {"mode": "set", "rule": "Dela tre kungar"}, user=yrsa, locale="sv-SE"
    )
    told = await fake_discord.wait_response(refused)
    assert told.ephemeral and told.content.startswith(
        "Spelarens sätt tränas i läget Spela för att vinna"
    )
    assert mention(fake_discord, "practice") in told.content


async def test_the_autocomplete_offers_the_player_way_first_in_play_to_win(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    win = await fake_discord.send_autocomplete(
        "practice", "rule", "", options={"mode": "win"}, locale="sv-SE"
    )
    choices = (await fake_discord.wait_response(win)).choices
    assert [c["value"] for c in choices[:8]] == ["pw", *PLAYER_RULE_IDS]
    assert choices[1]["name"] == f"{player_rule_name(PLAYER_RULE_IDS[0], Lang.SV)} (spelarens sätt)"
    assert len(choices) <= 25
    naming = await fake_discord.send_autocomplete("practice", "rule", "", options={"mode": "rule"})
    assert not any(
        c["value"].startswith("pw") for c in (await fake_discord.wait_response(naming)).choices
    )
