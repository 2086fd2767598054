"""/play and /chips through the Discord stand-in, on SQLite and PostgreSQL, in English and
Swedish: a hand alone settled as the core settles it (the expected chips computed here with
houseway.game from the cards the payload shows, not read from the bot), *Huset väljer*, a
foul picked again or let stand, *Deal again*, refusals that change no chips, How did I
play? against houseway.analysis.analyze, the boards, the sweep of hands left open, and /stats
forget. After every test the ledger holds together (``assert_ledger_consistent``)."""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import replace
from decimal import Decimal
from typing import Any

import pytest

from bot.app.client import HousewayBot
from bot.storage import Database
from bot.storage import chips as chip_store
from bot.storage import game as game_store
from houseway.analysis.analyze import analyze
from houseway.cards import NAMES, Card, card_from_name, parse_cards, parse_hand, pretty_cards
from houseway.game import Deal, Settlement, settle_hands
from tests.bot.fixtures import IN_THREAD, BotRunner, help_sections, mention
from tests.bot.test_practice_ids import with_part
from tests.bot.test_practice_win import digits_of, gap_of, shown
from tests.fakediscord import FakeDiscord, FakeInteraction, FakeUser

MINUS = "\u2212"


@pytest.fixture
async def practice_bot(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str
) -> AsyncIterator[HousewayBot]:
    """A bot on each database, analysing in a thread, whose commands a test may send more
    often than a member could (the refusals are many)."""
    timing = replace(IN_THREAD, command_rate=50)
    async with run_bot(fake_discord, database_url=any_database_url, practice_timing=timing) as bot:
        yield bot


def components(message: Any) -> list[dict[str, Any]]:
    return [c for row in message.components for c in row["components"]]


def component(message: Any, prefix: str) -> dict[str, Any]:
    return next(c for c in components(message) if c.get("custom_id", "").startswith(prefix))


def hand_of(message: Any) -> tuple[Card, ...]:
    """The member's seven cards, as the pick menu offers them."""
    return tuple(
        card_from_name(o["value"]) for o in component(message, "game:pick:play:")["options"]
    )


def in_chips(units: float | Decimal, bet: int, lang: str = "en") -> str:
    """A figure per unit bet as How did I play? says it in chips of the member's bet (issue
    39): whole chips from 10 on, one decimal from 1, two below."""
    chips = abs(float(units)) * bet
    noun = "marker" if lang == "sv" else "chips"
    if chips >= 10:
        whole = round(chips)
        grouped = f"{whole:,}".replace(",", "\u00a0" if lang == "sv" else ",")
        return f"{grouped} {noun if whole != 1 or lang == 'sv' else 'chip'}"
    if f"{chips:.2f}" == "0.00":  # a bare 0, as the bot writes a figure that rounds to it
        return f"0 {noun}"
    return f"{shown(chips, 1 if chips >= 1 else 2, lang)} {noun}"


def worth_sign(units: float, bet: int) -> str:
    """The sign How did I play? puts before a split's worth: none where it shows as 0."""
    if f"{abs(float(units)) * bet:.2f}" == "0.00":
        return ""
    return "+" if units > 0 else MINUS


def field(embed: dict[str, Any], name: str) -> str:
    return next(f["value"] for f in embed["fields"] if f["name"] == name)


def split_shown(value: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The five- and two-card hands of a result field ("A♠ … · K♦ Q♣\\nPair / K-Q")."""
    five, two = value.split("\n")[0].split("  ·  ")
    return parse_cards(five, None), parse_cards(two, None)


async def play(
    fake: FakeDiscord, user: FakeUser, bet: int, locale: str = "en-US", **where: Any
) -> FakeInteraction:
    """/play: deferred privately, then the hand (or a refusal) in its place."""
    interaction = await fake.send_command("play", {"bet": bet}, user=user, locale=locale, **where)
    await fake.wait_until(
        lambda: bool(interaction.edits or interaction.followups), 30, "the hand dealt"
    )
    return interaction


async def refusal_of(fake: FakeDiscord, interaction: FakeInteraction) -> str:
    """The private refusal of a command or a press (at once, or after a defer)."""
    await fake.wait_until(
        lambda: (
            bool(interaction.followups)
            or (interaction.callback is not None and interaction.callback.content is not None)
        ),
        30,
        "a refusal",
    )
    sent = interaction.followups[0] if interaction.followups else interaction.callback
    assert sent is not None and sent.ephemeral and sent.content
    return sent.content


async def press(
    fake: FakeDiscord,
    message: Any,
    custom_id: str,
    user: FakeUser,
    values: list[str] | None = None,
    locale: str = "en-US",
    component_type: int | None = None,
) -> FakeInteraction:
    return await fake.click(
        message, custom_id, values=values, user=user, locale=locale, component_type=component_type
    )


async def set_hand(
    fake: FakeDiscord,
    interaction: FakeInteraction,
    user: FakeUser,
    two: list[str] | None,
    locale: str = "en-US",
) -> FakeInteraction:
    """Pick two cards (or press *Huset väljer* for None) and wait for the result."""
    message = fake.messages[interaction.original_message_id or 0]
    edits = len(fake.messages[message.id].embeds)
    if two is None:
        house = component(message, "game:house:play:")["custom_id"]
        click = await press(fake, message, house, user, locale=locale)
    else:
        click = await press(
            fake, message, component(message, "game:pick:play:")["custom_id"], user, two, locale
        )
    await fake.wait_until(lambda: bool(click.edits), 60, "the result")
    assert edits == 1 and len(fake.messages[message.id].embeds) == 2
    return click


async def deal_again(
    fake: FakeDiscord, message: Any, user: FakeUser, locale: str = "en-US"
) -> FakeInteraction:
    """Press *Deal again* and wait for the next hand in the result's place."""
    again = component(fake.messages[message.id], "play:again:")["custom_id"]
    click = await press(fake, message, again, user, locale=locale)
    await fake.wait_until(lambda: bool(click.edits), 30, "the next hand")
    return click


async def stack_of(db: Database, user: FakeUser, guild_id: int) -> int:
    return await chip_store.stack(db, guild_id, user.id)


def names(cards: tuple[Card, ...]) -> list[str]:
    return [NAMES[card] for card in cards]


def expected_of(
    message: Any, hand: tuple[Card, ...], two: tuple[Card, ...] | None, bet: int
) -> Settlement:
    """The core's settlement of the hand against the dealer's cards as the result shows them."""
    result = message.embeds[0]
    dealer_name = next(f["name"] for f in result["fields"] if f["name"] in DEALER)
    five, low = split_shown(field(result, dealer_name))
    return settle_hands(hand, five + low, two, bet)


DEALER = ("Dealer – Huset väljer", "Givaren – Huset väljer")


def chips_text(count: int, lang: str = "en") -> str:
    """A count of chips as a member reads it (written here, not by the bot)."""
    shown_count = f"{count:,}".replace(",", "\u00a0" if lang == "sv" else ",")
    if lang == "sv":
        return f"{shown_count} {'mark' if count == 1 else 'marker'}"
    return f"{shown_count} {'chip' if count == 1 else 'chips'}"


def net_text(net: int, lang: str = "en") -> str:
    sign = "+" if net > 0 else MINUS if net < 0 else ""
    return sign + chips_text(abs(net), lang)


async def test_a_hand_with_an_own_split_settles_as_the_core_does_and_is_reviewed(
    fake_discord: FakeDiscord, practice_bot: HousewayBot, database: Database
) -> None:
    """The starting stack, the bet taken, the result equal to houseway.game's settlement of
    the cards shown, and How did I play? equal to houseway.analysis.analyze's figures."""
    anna = fake_discord.make_user("anna")
    guild = fake_discord.default_guild.id
    dealt = await play(fake_discord, anna, 100)
    message = fake_discord.messages[dealt.original_message_id or 0]
    assert message.ephemeral
    embed = message.embeds[0]
    assert embed["title"] == "Pai Gow – your hand"
    assert "+1,000 chips to start with in this server" in embed["description"]
    assert field(embed, "Chips") == "Bet: 100 chips · left in your stack: 900 chips"
    assert embed["footer"]["text"].startswith("Chips are play money: they are never bought, sold")
    [picture] = message.attachments
    assert picture["description"].startswith("A hand of 7 cards: ")
    assert message.attachment_bytes("hand.png")[:4] == b"\x89PNG"
    assert await stack_of(database, anna, guild) == 900
    hand = hand_of(message)
    exact = analyze(hand)
    mine = exact.splits[-1]  # the legal split that gives the most: never the best
    await set_hand(fake_discord, dealt, anna, names(mine.two))
    result, review = fake_discord.messages[message.id].embeds
    expected = expected_of(fake_discord.messages[message.id], hand, mine.two, 100)
    assert (
        result["title"]
        == {
            "win": f"You win {net_text(expected.net)}",
            "push": "A push – your bet back",
            "loss": f"You lose {net_text(expected.net)}",
        }[
            expected.to_json()["outcome"]  # type: ignore[index]
        ]
    )
    assert await stack_of(database, anna, guild) == 1000 + expected.net
    commission = f" · commission {chips_text(expected.commission)}" if expected.commission else ""
    assert field(result, "Chips") == (
        f"Bet 100 chips · net **{net_text(expected.net)}**{commission}"
        f"\nYour stack: **{chips_text(1000 + expected.net)}**"
    )
    hands = field(result, "Hand by hand")
    said = {"win": "won", "copy": "a copy (goes to the dealer)", "loss": "lost"}
    assert expected.five is not None and expected.two is not None
    assert f"Five-card hand: {said[expected.five.value]}" in hands
    assert f"Two-card hand: {said[expected.two.value]}" in hands
    showdown = fake_discord.messages[message.id].attachments[0]
    assert showdown["filename"] == "showdown.png"
    assert showdown["description"].startswith("Above, the dealer by the house way:")
    # How did I play? One headline in chips of the bet, each split once with what it wins
    # or loses on average, the rule that sets it better; the figures are analyze's.
    digits = digits_of(mine.ev, exact.house.ev, exact.best.ev)
    gap = gap_of(exact.best.ev, mine.ev, digits)
    assert review["title"] == "How did I play?"
    body = review["description"]
    cost, yours = body.split("\n")[:2]
    assert cost == (
        f"Your choice cost **{in_chips(gap, 100)}** on average of your bet of 100, against the"
        " best split."
    )

    def worth(ev: float) -> str:
        return f"on average {worth_sign(ev, 100)}{in_chips(ev, 100)}"

    # The worst split may be the house way's too (a hand with few legal splits): the line
    # then names both, as each split is shown once.
    named = ["Your split"] + [
        name
        for name, split in (("The house way", exact.house), ("The best split", exact.best))
        if set(split.two) == set(mine.two)
    ]
    assert yours == (
        f"{' = '.join(named)}: {pretty_cards(mine.five)} · {pretty_cards(mine.two)}"
        f" · {worth(mine.ev)}"
    )
    best = (
        f"{pretty_cards(exact.best.five)} · {pretty_cards(exact.best.two)} · {worth(exact.best.ev)}"
    )
    assert best in body and "The best split" in body and body.count(best) == 1
    assert "would have set it better" in body or "sets it better" in body
    assert len(body) <= 600
    stored = await database.fetchrow("SELECT given_up FROM game_seats WHERE user_id = $1", anna.id)
    assert stored is not None and int(stored["given_up"]) == int(gap * 10**10)
    # Deal again: the next hand with the same bet, in the same message.
    again = component(fake_discord.messages[message.id], "play:again:")
    assert again["label"] == "Deal again (100)"
    click = await press(fake_discord, message, again["custom_id"], anna)
    await fake_discord.wait_until(lambda: bool(click.edits), 30, "the next hand")
    assert fake_discord.messages[message.id].embeds[0]["title"] == "Pai Gow – your hand"
    assert await stack_of(database, anna, guild) == 1000 + expected.net - 100
    # The same Deal again pressed twice (a replay): refused, no second bet.
    replay = await press(fake_discord, message, again["custom_id"], anna, component_type=2)
    assert "no longer valid" in await refusal_of(fake_discord, replay)
    assert await stack_of(database, anna, guild) == 1000 + expected.net - 100


async def test_huset_valjer_in_swedish_and_deal_again_settle_as_the_core_does(
    fake_discord: FakeDiscord, practice_bot: HousewayBot, database: Database
) -> None:
    bo = fake_discord.make_user("bo")
    guild = fake_discord.default_guild.id
    total = 1000
    dealt = await play(fake_discord, bo, 10, "sv-SE")
    message = fake_discord.messages[dealt.original_message_id or 0]
    embed = message.embeds[0]
    assert embed["title"] == "Pai Gow – din hand"
    assert "+1\u00a0000 marker att börja med på den här servern" in embed["description"]
    assert embed["footer"]["text"].startswith("Markerna är låtsaspengar")
    assert component(message, "game:house:play:")["label"] == "Huset väljer"
    for number in range(2):
        hand = hand_of(fake_discord.messages[message.id])
        await set_hand(fake_discord, dealt, bo, None, "sv-SE")
        shown_message = fake_discord.messages[message.id]
        result, review = shown_message.embeds
        expected = expected_of(shown_message, hand, None, 10)
        total += expected.net
        assert await stack_of(database, bo, guild) == total
        assert field(result, "Du (Huset väljer)").startswith(
            f"{pretty_cards(expected.player.five)}  ·  {pretty_cards(expected.player.two)}"
        )
        assert (
            result["title"]
            == {
                "win": f"Du vinner {net_text(expected.net, 'sv')}",
                "push": "Oavgjort – insatsen tillbaka",
                "loss": f"Du förlorar {net_text(expected.net, 'sv')}",
            }[str(expected.to_json()["outcome"])]
        )
        assert f"netto **{net_text(expected.net, 'sv')}**" in field(result, "Marker")
        assert review["title"] == "Hur spelade jag?"
        exact = analyze(hand)  # Huset väljer: the member's split is the house way's
        digits = digits_of(exact.house.ev, exact.best.ev)
        lines = review["description"].split("\n")
        assert lines[0] == (
            "Du lät Huset väljer lägga handen. På skicklighetslistan räknas den som husets delning."
        )
        if exact.house_rank == 1:
            assert lines[1] == "✅ Husets delning var den bästa här: inget tappades."
        else:
            cost = in_chips(gap_of(exact.best.ev, exact.house.ev, digits), 10, "sv")
            assert lines[1] == (
                f"Ditt val kostade i snitt **{cost}** av din insats på 10 mot den bästa delningen."
            )
        assert any(line.startswith("Din delning = Huset väljer") for line in lines)
        assert len(review["description"]) <= 600
        if number == 0:
            again = component(shown_message, "play:again:")
            assert again["label"] == "Ge igen (10)"
            await deal_again(fake_discord, message, bo, "sv-SE")


@pytest.mark.parametrize("locale", ["sv-SE", "en-US"])
async def test_a_split_worth_about_nothing_reads_0_chips_with_no_sign(
    fake_discord: FakeDiscord,
    practice_bot: HousewayBot,
    monkeypatch: pytest.MonkeyPatch,
    locale: str,
) -> None:
    """The house way's split of this hand is worth +0.0002 a unit, 0.002 chips of a bet of
    10: shown as 0, and a sign would be the float's ("+0" here, "−0" for a hair less)."""
    player = parse_hand("Ts Tc 6c 4c 2h JK 7s")
    dealer = parse_hand("2c 4d 6h 9c Jd 5s 7c")
    monkeypatch.setattr(
        "houseway.round.deal_round", lambda seats, rng=None: Deal(dealer, (player,))
    )
    assert f"{analyze(player).house.ev * 10:.2f}" == "0.00"  # the hand is still such a one
    dee = fake_discord.make_user("dee")
    dealt = await play(fake_discord, dee, 10, locale)
    await set_hand(fake_discord, dealt, dee, None, locale)
    review = fake_discord.messages[dealt.original_message_id or 0].embeds[1]["description"]
    worth = "i snitt 0 marker" if locale == "sv-SE" else "on average 0 chips"
    assert worth in review, review
    assert "+0 " not in review and f"{MINUS}0 " not in review, review


@pytest.mark.parametrize("locale", ["sv-SE", "en-US"])
async def test_a_long_rule_is_named_so_that_the_review_fits_a_phone(
    fake_discord: FakeDiscord,
    practice_bot: HousewayBot,
    monkeypatch: pytest.MonkeyPatch,
    locale: str,
) -> None:
    """Huset väljer on a straight with a pair, where the player's way (its rule some 500
    characters) sets it better: the review names the rule and stays within 600."""
    player = parse_hand("JK Td Qd 3s As Kh 8s")  # the house way is 8th of the 21 splits
    dealer = parse_hand("2c 4d 6h 9c Jd 5s 7c")
    monkeypatch.setattr(
        "houseway.round.deal_round", lambda seats, rng=None: Deal(dealer, (player,))
    )
    cleo = fake_discord.make_user("cleo")
    dealt = await play(fake_discord, cleo, 10, locale)
    await set_hand(fake_discord, dealt, cleo, None, locale)
    review = fake_discord.messages[dealt.original_message_id or 0].embeds[1]["description"]
    sv = locale == "sv-SE"
    name = "Släpp stegen för höga kort" if sv else "Drop the straight for high cards"
    assert f"**{name}**" in review, review
    assert ("se på de två högsta korten" if sv else "look at the two highest cards") not in review
    assert len(review) <= 600, review


async def test_a_foul_is_picked_again_or_stands_and_loses(
    fake_discord: FakeDiscord,
    practice_bot: HousewayBot,
    database: Database,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With 'repick' a fouled pick is refused with why, on the member's cards, and nothing
    changes; with 'stand' it loses the bet."""
    player = parse_hand("As Ad 9c 7h 5s 3d 2c")
    dealer = parse_hand("Kh Qh Jd 8s 6c 4h 2h")
    # The extension's module as the bot loaded it (discord.py imports it anew each start).
    monkeypatch.setattr(
        "houseway.round.deal_round", lambda seats, rng=None: Deal(dealer, (player,))
    )
    cleo = fake_discord.make_user("cleo")
    guild = fake_discord.default_guild.id
    dealt = await play(fake_discord, cleo, 50)
    message = fake_discord.messages[dealt.original_message_id or 0]
    menu = component(message, "game:pick:play:")["custom_id"]
    click = await press(fake_discord, message, menu, cleo, ["As", "Ad"])
    said = await refusal_of(fake_discord, click)
    assert said == (
        "A foul: your two-card hand A♠  A♦ (a pair of aces) beats your five-card hand"
        " 9♣  7♥  5♠  3♦  2♣ (nine high), and a fouled split loses. Pick two other cards."
    )
    assert await stack_of(database, cleo, guild) == 950
    assert (
        await database.fetchrow(
            "SELECT two FROM game_seats WHERE user_id = $1 AND two IS NOT NULL", cleo.id
        )
        is None
    )
    await set_hand(fake_discord, dealt, cleo, ["9c", "7h"])
    expected = settle_hands(player, dealer, parse_cards("9c 7h", None), 50)
    assert await stack_of(database, cleo, guild) == 1000 + expected.net

    await game_store.save_game_settings(database, guild, game_store.GameSettings(foul_rule="stand"))
    dealt = await play(fake_discord, cleo, 50)
    await set_hand(fake_discord, dealt, cleo, ["As", "Ad"])
    result = fake_discord.messages[dealt.original_message_id or 0].embeds[0]
    assert result["title"] == "A foul – you lose −50 chips".replace("-", MINUS)
    assert result["description"].startswith("A foul: the two-card hand beats the five-card hand")
    assert await stack_of(database, cleo, guild) == 1000 + expected.net - 50


async def test_refusals_change_no_chips(
    fake_discord: FakeDiscord, practice_bot: HousewayBot, database: Database
) -> None:
    """Zero, negative, above the server's maximum, above the stack, in a DM; another
    member's press, a forged id and a replayed menu: told, in the member's language, and
    no chip moves."""
    dan, eve = fake_discord.make_user("dan"), fake_discord.make_user("eve")
    guild = fake_discord.default_guild.id
    dealt = await play(fake_discord, dan, 100)
    message = fake_discord.messages[dealt.original_message_id or 0]
    assert await stack_of(database, dan, guild) == 900

    for bet, words in (
        (0, "Bets in this server are from 1 chip to 1,000 chips. You bet 0 chips."),
        (-5, f"Bets in this server are from 1 chip to 1,000 chips. You bet {MINUS}5 chips."),
        (1001, "Bets in this server are from 1 chip to 1,000 chips. You bet 1,001 chips."),
    ):
        refused = await fake_discord.send_command("play", {"bet": bet}, user=dan)
        assert await refusal_of(fake_discord, refused) == words
    swedish = await fake_discord.send_command("play", {"bet": 0}, user=dan, locale="sv-SE")
    assert await refusal_of(fake_discord, swedish) == (
        "Insatserna på den här servern är från 1 marker till 1\u00a0000 marker."
        " Du satsade 0 marker."
    )
    in_dm = await fake_discord.send_command("play", {"bet": 10}, user=dan, dm=True)
    assert "use " + mention(fake_discord, "play") + " in a server" in await refusal_of(
        fake_discord, in_dm
    )

    # Another member presses Dan's hand: refused, Dan's hand untouched.
    menu = component(message, "game:pick:play:")["custom_id"]
    hand = hand_of(message)
    other = await press(fake_discord, message, menu, eve, names(hand[:2]))
    assert "no longer valid (or is not yours)" in await refusal_of(fake_discord, other)
    house = component(message, "game:house:play:")["custom_id"]
    forged = with_part(house, 2, "0" * 16)
    fake = await press(fake_discord, message, forged, dan, component_type=2)
    assert "no longer valid" in await refusal_of(fake_discord, fake)
    assert await stack_of(database, dan, guild) == 900
    assert await stack_of(database, eve, guild) == 0

    # A second /play while the hand is open shows the same hand again: no second bet.
    again = await play(fake_discord, dan, 100)
    shown_again = fake_discord.messages[again.original_message_id or 0]
    assert shown_again.embeds[0]["title"] == "Pai Gow – your hand, as you left it"
    assert hand_of(shown_again) == hand
    assert await stack_of(database, dan, guild) == 900

    await set_hand(fake_discord, dealt, dan, None)
    after = await stack_of(database, dan, guild)
    # The menu pressed again after the hand was settled (a replay): refused, nothing paid.
    replay = await press(fake_discord, message, menu, dan, names(hand[:2]), component_type=3)
    assert "no longer valid" in await refusal_of(fake_discord, replay)
    late = await press(
        fake_discord, shown_again, component(shown_again, "game:house:play:")["custom_id"], dan
    )
    assert "already played" in await refusal_of(fake_discord, late)
    assert await stack_of(database, dan, guild) == after

    # A bet above the stack, where the server allows it: the stack and the top-up said.
    await game_store.save_game_settings(database, guild, game_store.GameSettings(max_bet=100_000))
    big = await fake_discord.send_command("play", {"bet": 50_000}, user=dan)
    assert await refusal_of(fake_discord, big) == (
        f"You have {chips_text(after)}, less than your bet of 50,000 chips: bet at most what"
        " you have. Every day you play brings 100 chips, and a stack below the server's"
        " minimum bet is refilled to 1,000 chips once a day."
    )
    assert await stack_of(database, dan, guild) == after


async def test_chips_view_and_the_boards(
    fake_discord: FakeDiscord, practice_bot: HousewayBot, database: Database
) -> None:
    fay = fake_discord.make_user("fay")
    guild = fake_discord.default_guild.id
    dealt = await play(fake_discord, fay, 20)
    hand = hand_of(fake_discord.messages[dealt.original_message_id or 0])
    exact = analyze(hand)
    mine = exact.splits[-1]
    await set_hand(fake_discord, dealt, fay, names(mine.two))
    stack = await stack_of(database, fay, guild)

    view = await fake_discord.send_command("chips view", user=fay)
    sent = await fake_discord.wait_response(view)
    assert sent.ephemeral
    [embed] = sent.embeds
    stack_line, next_topup = embed["description"].split("\n")
    assert stack_line == f"<@{fay.id}> has **{chips_text(stack)}** in this server."
    assert next_topup.startswith("Your next daily top-up, **+100 chips**, comes with")
    [last] = field(embed, "Last hands").split("\n")
    assert f"{pretty_cards(mine.five)} · {pretty_cards(mine.two)}" in last
    ledger = field(embed, "Last entries")
    assert "**+1,000 chips** starting stack" in ledger
    assert f"**{MINUS}20 chips** bet" in ledger
    assert embed["footer"]["text"].startswith("Chips are play money")
    swedish = await fake_discord.send_command("chips view", user=fay, locale="sv-SE")
    [embed] = (await fake_discord.wait_response(swedish)).embeds
    assert "**+1\u00a0000 marker** att börja med" in field(embed, "Senaste posterna")

    top = await fake_discord.send_command("chips top", user=fay)
    [board] = (await fake_discord.wait_response(top)).embeds
    assert board["title"] == "Most chips"
    assert board["description"] == f"1. <@{fay.id}> – {chips_text(stack)}"
    skill = await fake_discord.send_command("chips top", {"board": "skill"}, user=fay)
    [board] = (await fake_discord.wait_response(skill)).embeds
    assert (
        f"<@{fay.id}> has 1 analysed hand here: 19 more to get on the board."
        in board["description"]
    )
    await game_store.save_game_settings(database, guild, game_store.GameSettings(min_hands=1))
    skill = await fake_discord.send_command(
        "chips top", {"board": "skill"}, user=fay, locale="sv-SE"
    )
    [board] = (await fake_discord.wait_response(skill)).embeds
    assert board["title"] == "Skicklighet"
    gap = gap_of(exact.best.ev, mine.ev, digits_of(mine.ev, exact.house.ev, exact.best.ev))
    per_hundred = (gap * 100).quantize(Decimal("0.01"))
    assert board["description"].startswith(
        f"1. <@{fay.id}> – {shown(per_hundred, 2, 'sv')} per 100 i insats (1 analyserad hand)"
    )
    assert board["footer"]["text"].startswith("Markerna är låtsaspengar")
    in_dm = await fake_discord.send_command("chips view", user=fay, dm=True)
    assert "in a server" in await refusal_of(fake_discord, in_dm)


async def test_a_hand_left_open_is_set_by_the_house_way_and_the_member_is_told(
    fake_discord: FakeDiscord, practice_bot: HousewayBot, database: Database
) -> None:
    """The sweep settles a hand alone past its 15 minutes by the house way, as the core
    would; the next /play says so and deals a new hand."""
    gus = fake_discord.make_user("gus")
    guild = fake_discord.default_guild.id
    dealt = await play(fake_discord, gus, 30)
    message = fake_discord.messages[dealt.original_message_id or 0]
    hand = hand_of(message)
    [open_round] = await game_store.open_rounds(database, table_only=False)
    cog: Any = practice_bot.get_cog("PlayCog")
    limit = sys.modules["bot.cogs.play.cog"].SOLO_LIMIT
    assert limit == 15 * 60
    assert await cog.sweep_once(time.time()) == 0  # not yet
    assert await cog.sweep_once(time.time() + limit + 1) == 1
    expected = settle_hands(hand, open_round.dealer, None, 30)
    assert await stack_of(database, gus, guild) == 1000 + expected.net
    settled = await game_store.get_round(database, open_round.round_id)
    assert settled is not None and settled.status == "settled"
    assert settled.seats[0].how == "timeout"
    # Its menu no longer settles anything.
    late = await press(
        fake_discord, message, component(message, "game:house:play:")["custom_id"], gus
    )
    assert "already played" in await refusal_of(fake_discord, late)
    again = await play(fake_discord, gus, 30)
    description = fake_discord.messages[again.original_message_id or 0].embeds[0]["description"]
    assert "was left for 15 minutes, so the house way set it" in description
    assert net_text(expected.net) in description
    assert await stack_of(database, gus, guild) == 1000 + expected.net - 30


async def test_a_hand_dealt_before_a_restart_is_set_after_it(
    fake_discord: FakeDiscord, run_bot: Any, any_database_url: str, database: Database
) -> None:
    hal = fake_discord.make_user("hal")
    guild = fake_discord.default_guild.id
    async with run_bot(fake_discord, database_url=any_database_url, practice_timing=IN_THREAD):
        dealt = await play(fake_discord, hal, 40)
    hand = hand_of(fake_discord.messages[dealt.original_message_id or 0])
    async with run_bot(fake_discord, database_url=any_database_url, practice_timing=IN_THREAD):
        await set_hand(fake_discord, dealt, hal, None)
    expected = expected_of(fake_discord.messages[dealt.original_message_id or 0], hand, None, 40)
    assert await stack_of(database, hal, guild) == 1000 + expected.net


async def test_stats_forget_deletes_a_members_chips_and_hands(
    fake_discord: FakeDiscord, practice_bot: HousewayBot, database: Database
) -> None:
    ida = fake_discord.make_user("ida")
    dealt = await play(fake_discord, ida, 25)
    await set_hand(fake_discord, dealt, ida, None)
    counts = (
        "SELECT (SELECT COUNT(*) FROM chip_entries WHERE user_id = $1) AS entries,"
        " (SELECT COUNT(*) FROM game_seats WHERE user_id = $1) AS seats"
    )
    before = await database.fetchrow(counts, ida.id)
    assert before is not None and int(before["entries"]) == 3 and int(before["seats"]) == 1
    asked = await fake_discord.send_command("stats forget", user=ida)
    sent = await fake_discord.wait_response(asked)
    yes = next(
        c for row in sent.components for c in row["components"] if c["custom_id"].endswith(":yes")
    )
    click = await fake_discord.click(asked, yes["custom_id"], user=ida)
    await fake_discord.wait_until(lambda: bool(click.edits), 30, "the forget done")
    after = await database.fetchrow(counts, ida.id)
    assert after is not None and int(after["entries"]) == 0 and int(after["seats"]) == 0


@pytest.mark.parametrize(
    ("locale", "play_money"),
    [
        ("en-US", "never bought, sold, transferred or cashed out"),
        ("sv-SE", "aldrig köpas, säljas, föras över eller lösas in"),
    ],
)
async def test_help_and_about_say_chips_are_play_money(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, locale: str, play_money: str
) -> None:
    game = (await help_sections(fake_discord, locale))["game"]["description"]
    [line] = [line for line in game.splitlines() if line.startswith(mention(fake_discord, "play"))]
    assert play_money in line
    about = await fake_discord.send_command("about", locale=locale)
    stored = " ".join(
        f["value"] for f in (await fake_discord.wait_response(about)).embeds[0]["fields"]
    )
    assert mention(fake_discord, "play") in stored


async def test_two_plays_at_once_deal_one_hand_and_both_show_it(
    fake_discord: FakeDiscord, practice_bot: HousewayBot, database: Database
) -> None:
    """Issue 38: the second of two /play at once was told "Your last hand is being
    settled" when no hand was; it shows the hand the first dealt, and one bet is taken."""
    hal = fake_discord.make_user("hal")
    guild = fake_discord.default_guild.id
    sent = await asyncio.gather(
        *(fake_discord.send_command("play", {"bet": 30}, user=hal) for _ in range(2))
    )
    for interaction in sent:
        await fake_discord.wait_until(
            lambda i=interaction: bool(i.edits or i.followups), 30, "an answer"
        )
    hands = [hand_of(fake_discord.messages[i.original_message_id or 0]) for i in sent]
    assert hands[0] == hands[1]
    assert await stack_of(database, hal, guild) == 970
