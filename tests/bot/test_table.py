"""A table at /table through the Discord stand-in, on SQLite and on PostgreSQL.

Settlements are worked out here from the dealt cards with ``houseway.game`` (the dealer's
hand read from the database, each seat's from its private menu) and compared with what the
reveal says and what the ledger holds; after every test the ledger is checked whole.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import discord
import pytest

from bot.cogs.table.announce import REVEAL_IMAGE
from bot.service.timing import TableTiming
from bot.storage import Database
from bot.storage import chips as chips_store
from bot.storage import game as game_store
from houseway.analysis.analyze import analyze
from houseway.cards import NAMES, Card, card_from_name, pretty_card
from houseway.game import SeatSplit, house_split, own_split, settle_seat
from houseway.hands import category_name, five_value, is_legal, two_name, two_value
from houseway.language import Lang
from tests.bot.fixtures import BotRunner, until
from tests.bot.quizhelpers import MODERATOR, PLAIN
from tests.bot.test_play import in_chips, worth_sign
from tests.bot.test_practice_win import digits_of, gap_of
from tests.fakediscord import CHANNEL_ID, GUILD_ID, QUIZ_CHANNEL_ID, FakeDiscord, FakeUser
from tests.fakediscord.models import COMPONENTS_V2, FakeInteraction, FakeMessage, Sent

#: Rounds that wait for "Deal now" and for every seat (never for the clock) and pause long
#: after a reveal, so that a test decides when the next round deals.
PATIENT = TableTiming(countdown=60, gather=60, pause=60, retry_delay=0.2)
#: A countdown that runs out while the test waits for it.
HURRIED = TableTiming(countdown=1.0, gather=60, pause=60, retry_delay=0.2)


def table_messages(fake: FakeDiscord, channel_id: int = CHANNEL_ID) -> list[FakeMessage]:
    return [
        m
        for m in fake.channel_messages(channel_id)
        if m.flags & COMPONENTS_V2 and not any(a["filename"] == REVEAL_IMAGE for a in m.attachments)
    ]


def reveals(fake: FakeDiscord, channel_id: int = CHANNEL_ID) -> list[Sent]:
    return [
        r
        for r in fake.channel_records(channel_id)
        if r.kind == "channel_message" and any(f.filename == REVEAL_IMAGE for f in r.files)
    ]


def texts(components: list[dict[str, Any]]) -> str:
    """Every text display of a component tree, in order."""
    found: list[str] = []

    def walk(items: list[dict[str, Any]]) -> None:
        for item in items:
            if item.get("type") == 10:
                found.append(item["content"])
            walk(item.get("components") or [])

    walk(components)
    return "\n".join(found)


def table_id_of(message: FakeMessage) -> str:
    ids = [c for c in message.custom_ids() if c.startswith("table:leave:")]
    assert ids, message.custom_ids()
    return ids[0].rsplit(":", 1)[1]


async def open_table(
    fake: FakeDiscord, channel_id: int = CHANNEL_ID, locale: str = "en-US", **options: Any
) -> FakeMessage:
    before = len(table_messages(fake, channel_id))
    opened = await fake.send_command(
        "table open", options or None, user=fake.owner, locale=locale, channel_id=channel_id
    )
    sent = await fake.wait_response(opened)
    assert sent.ephemeral, sent.content
    await fake.wait_until(lambda: len(table_messages(fake, channel_id)) > before, 10, "table")
    return table_messages(fake, channel_id)[-1]


async def sit(
    fake: FakeDiscord, table: FakeMessage, user: FakeUser, seat: int, locale: str = "en-US"
) -> Sent:
    """Press a seat's Sit here (on the message as the member last saw it: a double click
    or a stale message may press one that is gone since)."""
    click = await fake.click(
        table.id,
        f"table:sit:{table_id_of(table)}:{seat}",
        user=user,
        locale=locale,
        component_type=2,
    )
    return await fake.wait_response(click)


def hand_button(fake: FakeDiscord, table: FakeMessage) -> dict[str, Any]:
    found = fake.get_message(table.id).find_component(f"table:hand:{table_id_of(table)}")
    assert found is not None
    return found


def deal_button(fake: FakeDiscord, table: FakeMessage) -> dict[str, Any]:
    found = fake.get_message(table.id).find_component(f"table:deal:{table_id_of(table)}")
    assert found is not None
    return found


async def deal_now(fake: FakeDiscord, table: FakeMessage, user: FakeUser) -> None:
    await fake.wait_until(lambda: not deal_button(fake, table).get("disabled"), 10, "Deal now")
    click = await fake.click(table.id, f"table:deal:{table_id_of(table)}", user=user)
    assert (await fake.wait_response(click)).ephemeral
    await fake.wait_until(lambda: not hand_button(fake, table).get("disabled"), 10, "a round")


async def open_hand(
    fake: FakeDiscord, table: FakeMessage, user: FakeUser, locale: str = "en-US"
) -> tuple[FakeInteraction, tuple[Card, ...], str]:
    """Press Your hand: the interaction, the seven cards its menu offers, the menu's id."""
    click = await fake.click(table.id, f"table:hand:{table_id_of(table)}", user=user, locale=locale)
    sent = await fake.wait_response(click)
    assert sent.ephemeral
    assert [f.filename for f in sent.files] == ["table-hand.png"]
    assert sent.attachments[0]["description"]  # the seven cards in words
    menus = [
        c
        for c in iter_all(sent.components)
        if str(c.get("custom_id", "")).startswith("game:pick:table:")
    ]
    assert menus, sent.components
    cards = tuple(card_from_name(option["value"]) for option in menus[0]["options"])
    return click, cards, menus[0]["custom_id"]


async def dealt_hands(
    fake: FakeDiscord, members: list[FakeUser]
) -> list[tuple[FakeInteraction, tuple[Card, ...], str]]:
    """A table opened at a bet of 5, ``members`` seated in turn and dealt in by the first:
    each one's hand opened (``open_hand``'s)."""
    table = await open_table(fake, bet=5)
    for number, member in enumerate(members, 1):
        await sit(fake, table, member, number)
    await deal_now(fake, table, members[0])
    return [await open_hand(fake, table, member) for member in members]


def iter_all(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for comp in components:
        found.append(comp)
        found.extend(iter_all(comp.get("components") or []))
        if isinstance(comp.get("accessory"), dict):
            found.append(comp["accessory"])
    return found


async def pick(
    fake: FakeDiscord, shown: FakeInteraction, menu: str, two: tuple[Card, ...], user: FakeUser
) -> Sent:
    click = await fake.click(
        shown, menu, values=[NAMES[card] for card in two], user=user, locale=shown.locale
    )
    return await fake.wait_response(click)


def house_button(fake: FakeDiscord, shown: FakeInteraction) -> str:
    """The *Huset väljer* button's id on the hand a member opened (sealed for them)."""
    message = fake.messages[shown.original_message_id or 0]
    return next(
        c["custom_id"]
        for c in iter_all(message.components)
        if str(c.get("custom_id", "")).startswith("game:house:table:")
    )


async def press_house(fake: FakeDiscord, shown: FakeInteraction, menu: str, user: FakeUser) -> Sent:
    click = await fake.click(shown, house_button(fake, shown), user=user, locale=shown.locale)
    return await fake.wait_response(click)


def round_id_of(menu: str) -> str:
    return menu.split(":")[3]


def legal_non_house_two(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """A legal split that is not the house way's (the member's own choice)."""
    house = set(house_split(cards).two)
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            rest = [c for c in cards if c not in (a, b)]
            if {a, b} != house and is_legal(five_value(rest), two_value((a, b))):
                return (a, b)
    return house_split(cards).two


def revealed(fake: FakeDiscord, count: int) -> Callable[[], bool]:
    """Whether ``count`` reveals are posted (for wait_until)."""
    return lambda: len(reveals(fake)) >= count


def fouling_two(cards: tuple[Card, ...]) -> tuple[Card, ...] | None:
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            rest = [c for c in cards if c not in (a, b)]
            if not is_legal(five_value(rest), two_value((a, b))):
                return (a, b)
    return None


def split_words(split: SeatSplit, lang: Lang = Lang.EN) -> str:
    """A split as the table says it: each hand's cards and its name."""
    five = " ".join(pretty_card(c) for c in split.five)
    two = " ".join(pretty_card(c) for c in split.two)
    five_name = category_name(split.five_value, lang)
    return f"{five} ({five_name}) | {two} ({two_name(split.two_value, lang)})"


@pytest.mark.parametrize("guild_locale", ["sv-SE", "en-US"])
async def test_two_members_play_a_round_and_the_reveal_pays_what_the_core_settles(
    fake_discord: FakeDiscord,
    run_bot: BotRunner,
    any_database_url: str,
    database: Database,
    guild_locale: str,
) -> None:
    fake = fake_discord
    fake.default_guild.preferred_locale = guild_locale
    swedish = guild_locale == "sv-SE"
    anna, bo = fake.make_user("anna"), fake.make_user("bo")
    async with run_bot(fake, database_url=any_database_url, table_timing=PATIENT):
        table = await open_table(fake, bet=20)
        shown = texts(table.components)
        assert ("Pai Gow-bord" if swedish else "Pai Gow table") in shown
        assert table.flags & COMPONENTS_V2 and not table.content and not table.embeds
        joined = await sit(fake, table, anna, 2, locale="sv-SE")
        assert "plats 2" in joined.content and "1\u00a0000 marker" in joined.content
        joined = await sit(fake, table, bo, 5)
        assert "seat 5" in joined.content and "bet of 20 chips" in joined.content
        await deal_now(fake, table, anna)
        status = texts(fake.get_message(table.id).components)
        assert "<t:" in status and ":R>" in status  # the deadline as a Discord timestamp
        anna_shown, anna_cards, anna_menu = await open_hand(fake, table, anna, locale="sv-SE")
        bo_shown, bo_cards, bo_menu = await open_hand(fake, table, bo)
        assert not set(anna_cards) & set(bo_cards)
        own = legal_non_house_two(anna_cards)
        answer = await pick(fake, anna_shown, anna_menu, own, anna)
        assert answer.content.startswith("Lagd:")
        answer = await press_house(fake, bo_shown, bo_menu, bo)
        assert answer.content.startswith("The house way set your hand")
        await fake.wait_until(lambda: len(reveals(fake)) == 1, 15, "the reveal")
        round_id = round_id_of(anna_menu)
        stored = await game_store.get_round(database, round_id)
        assert stored is not None and stored.status == "settled"
        dealer = house_split(stored.dealer)
        anna_result = settle_seat(own_split(anna_cards, own), dealer, 20)
        bo_result = settle_seat(house_split(bo_cards), dealer, 20)
        reveal = reveals(fake)[0]
        said = texts(reveal.components)
        lang = Lang.SV if swedish else Lang.EN
        assert split_words(dealer, lang) in said
        alt = reveal.attachments[0]["description"]
        assert alt.startswith("Avslöjandet" if swedish else "The reveal") and len(alt) <= 1024
        for user, result, how in ((anna, anna_result, "own"), (bo, bo_result, "house")):
            stack = await chips_store.stack(database, GUILD_ID, user.id)
            assert stack == 1000 + result.net
            line = next(line for line in said.splitlines() if f"<@{user.id}>" in line)
            assert split_words(result.player, lang) in line
            outcome = result.outcome.name.lower()
            words = {
                "win": ("Vinst" if swedish else "Win") + f" +{result.net}",
                "push": "Oavgjort" if swedish else "Push",
                "loss": ("Förlust" if swedish else "Loss") + f" −{result.bet}",
            }[outcome]
            assert words in line, line
            assert f"{stack:,}".replace(",", "\u00a0" if swedish else ",") in line
            assert how in ("own", "house")
        assert reveal.allowed_mentions == {"parse": []} or not reveal.allowed_mentions.get("parse")
        # How did I play?, privately, where each member opened their hand: the figures are
        # analyze's (the EV of the split played, shown to the digits that tell them apart),
        # and what it gave up goes to the skill board.
        for user, shown_at, cards, result, lang in (
            (anna, anna_shown, anna_cards, anna_result, "sv"),
            (bo, bo_shown, bo_cards, bo_result, "en"),
        ):
            [followup] = await fake.wait_followups(shown_at, 1, timeout=60)
            assert followup.ephemeral
            [review] = followup.embeds
            assert review["title"] == ("Hur spelade jag?" if lang == "sv" else "How did I play?")
            exact = analyze(cards)
            played = next(
                split for split in exact.splits if set(split.two) == set(result.player.two)
            )
            digits = digits_of(played.ev, exact.house.ev, exact.best.ev)
            mine = "Din delning" if lang == "sv" else "Your split"
            # The split's line starts with its names ("Your split = The best: …"); the
            # headline may name it too ("✅ Your split was the best …").
            lines = review["description"].split("\n")
            [yours] = [line for line in lines if line.startswith(mine)]
            sign = worth_sign(played.ev, 20)
            assert yours.endswith(" " + sign + in_chips(played.ev, 20, lang)), yours
            gap = gap_of(exact.best.ev, played.ev, digits)
            # written before the message was sent
            row = await database.fetchrow(
                "SELECT given_up FROM game_seats WHERE user_id = $1 AND round_id = $2",
                user.id,
                round_id,
            )
            assert row is not None and row["given_up"] == int(gap * 10**10)


async def test_a_split_stored_while_its_answer_was_lost_sets_the_hand_on_the_next_press(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    """A first press the database answered too late may still have been written: the next
    press finds it set, tells the member what stands, and the table stops waiting for the
    hand (the reveal comes long before the minute's countdown)."""
    fake = fake_discord
    anna = fake.make_user("anna")
    async with run_bot(fake, database_url=any_database_url, table_timing=PATIENT):
        table = await open_table(fake, bet=10)
        await sit(fake, table, anna, 1)
        await deal_now(fake, table, anna)
        shown, cards, menu = await open_hand(fake, table, anna)
        house = house_split(cards)
        # the first press, written although its answer never reached the member
        dealt = await game_store.get_round(database, round_id_of(menu))
        assert dealt is not None
        assert await game_store.set_split(
            database, round_id_of(menu), 1, anna.id, house.two, "house", hand=dealt.seats[0].hand
        )
        answer = await pick(fake, shown, menu, legal_non_house_two(cards), anna)
        assert answer.content.startswith("The house way set your hand"), answer.content
        assert split_words(house) in answer.content
        await fake.wait_until(lambda: len(reveals(fake)) == 1, 15, "the reveal")
        stored = await game_store.get_round(database, round_id_of(menu))
        assert stored is not None and stored.status == "settled"
        dealer = house_split(stored.dealer)
        settled = settle_seat(house, dealer, 10)
        assert await chips_store.stack(database, GUILD_ID, anna.id) == 1000 + settled.net


async def test_time_runs_out_and_the_house_sets_the_hand_and_says_so(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    anna = fake.make_user("anna")
    async with run_bot(fake, database_url=any_database_url, table_timing=HURRIED):
        table = await open_table(fake)
        await sit(fake, table, anna, 1)
        await deal_now(fake, table, anna)
        shown, cards, menu = await open_hand(fake, table, anna)
        await fake.wait_until(lambda: len(reveals(fake)) == 1, 15, "the reveal")
        await fake.wait_until(
            lambda: "Time ran out" in (fake.get_message(shown.original_message_id).content or ""),
            10,
            "the member told",
        )
        house = house_split(cards)
        told = fake.get_message(shown.original_message_id)
        assert split_words(house) in told.content and not told.components
        assert "time ran out: Huset väljer" in texts(reveals(fake)[0].components)
        stored = await game_store.get_round(database, round_id_of(menu))
        assert stored is not None and stored.seats[0].how == "timeout"
        assert set(stored.seats[0].two or ()) == set(house.two)


async def test_a_foul_is_refused_with_why_and_the_member_picks_again(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    async with run_bot(fake, database_url=any_database_url, table_timing=PATIENT):
        table = await open_table(fake)
        player = fake.make_user("player")
        await sit(fake, table, player, 1)
        for attempt in range(10):  # a hand with a fouling split: nearly every hand has one
            await deal_now(fake, table, player)
            shown, cards, menu = await open_hand(fake, table, player)
            foul = fouling_two(cards)
            if foul is not None:
                break
            # None here: the house sets this one, and the next round is dealt.
            await press_house(fake, shown, menu, player)
            await fake.wait_until(revealed(fake, attempt + 1), 15, "the reveal")
        assert foul is not None
        refused = await pick(fake, shown, menu, foul, player)
        assert refused.content.startswith("A foul: your two-card hand")
        assert "beats your five-card hand" in refused.content
        still = fake.get_message(shown.original_message_id)
        assert still.find_component(menu) is not None  # the menu is still there
        stored = await game_store.get_round(database, round_id_of(menu))
        assert stored is not None and stored.seats[0].two is None
        own = legal_non_house_two(cards)
        answer = await pick(fake, shown, menu, own, player)
        assert answer.content.startswith("Set:")
        await fake.wait_until(lambda: len(reveals(fake)) == attempt + 1, 15, "the reveal")


async def test_buttons_of_others_double_clicks_two_tables_and_a_bet_above_the_stack(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    anna, bo = fake.make_user("anna"), fake.make_user("bo")
    async with run_bot(fake, database_url=any_database_url, table_timing=PATIENT):
        table = await open_table(fake)
        assert "Sit here" in str(table.components)
        await sit(fake, table, anna, 1)
        again = await sit(fake, table, anna, 1)
        assert again.ephemeral and "already sit at this table (seat 1)" in again.content
        taken = await sit(fake, table, bo, 1)
        assert "Seat 1 is taken" in taken.content
        # Anna's bet button is hers alone
        tid = table_id_of(table)
        click = await fake.click(table.id, f"table:bet:{tid}:1", user=bo)
        refused = await fake.wait_response(click)
        assert refused.ephemeral and "That is <@" in refused.content
        # a second table elsewhere: Anna cannot sit there too
        other = await open_table(fake, channel_id=QUIZ_CHANNEL_ID)
        twice = await sit(fake, other, anna, 3)
        assert "You already sit at a table" in twice.content
        # one table a channel
        opened = await fake.send_command("table open", user=fake.owner)
        assert "already has a table" in (await fake.wait_response(opened)).content
        # a bet above the stack, through the bet modal
        click = await fake.click(table.id, f"table:bet:{tid}:1", user=anna)
        await fake.wait_response(click)
        submitted = await fake.submit_modal(click, {"bet": "1000"})
        assert "from the next round" in (await fake.wait_response(submitted)).content
        click = await fake.click(table.id, f"table:bet:{tid}:1", user=anna)
        await fake.wait_response(click)
        submitted = await fake.submit_modal(click, {"bet": "1001"})
        above = await fake.wait_response(submitted)
        assert above.content == "Bets here are 1 to 1,000 chips; 1,001 is not one."
        # the round: Bo (not seated) has no hand; Anna's double click stores once
        await deal_now(fake, table, anna)
        click = await fake.click(table.id, f"table:hand:{tid}", user=bo)
        assert "no hand in this round" in (await fake.wait_response(click)).content
        shown, cards, menu = await open_hand(fake, table, anna)
        forged = await fake.click(
            shown, menu, values=[NAMES[c] for c in cards[:2]], user=bo, locale="en-US"
        )
        assert "This hand is not yours" in (await fake.wait_response(forged)).content
        house_id = house_button(fake, shown)
        house = await press_house(fake, shown, menu, anna)
        assert house.content.startswith("The house way set your hand")
        await fake.wait_until(lambda: len(reveals(fake)) == 1, 15, "the reveal")
        late = await fake.click(shown, house_id, user=anna, component_type=2)
        assert "already over" in (await fake.wait_response(late)).content
        stack = await chips_store.stack(database, GUILD_ID, anna.id)
        stored = await game_store.get_round(database, round_id_of(menu))
        assert stored is not None and stack == 1000 + (stored.seats[0].net or 0)
        assert len(reveals(fake)) == 1


async def test_a_restart_voids_the_open_round_returns_the_bets_and_says_so(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    fake = fake_discord
    fake.default_guild.preferred_locale = "sv-SE"
    anna = fake.make_user("anna")
    async with run_bot(fake, database_url=any_database_url, table_timing=PATIENT):
        table = await open_table(fake, bet=50)
        tid = table_id_of(table)
        await sit(fake, table, anna, 4)
        await deal_now(fake, table, anna)
        assert await chips_store.stack(database, GUILD_ID, anna.id) == 950
    # the bot is gone with the round open; a new process starts on the same database
    posted = len(fake.channel_records(CHANNEL_ID))
    async with run_bot(fake, database_url=any_database_url, table_timing=PATIENT):
        await fake.wait_until(
            lambda: any(
                "ogiltig" in (r.content or "") for r in fake.channel_records(CHANNEL_ID)[posted:]
            ),
            15,
            "the void said",
        )
        await fake.wait_until(
            lambda: "startades om" in texts(fake.get_message(table.id).components),
            10,
            "the table closed",
        )
        assert await chips_store.stack(database, GUILD_ID, anna.id) == 1000
        [left] = await database.fetch("SELECT status FROM game_rounds")
        assert left["status"] == "void"
        assert fake.get_message(table.id).custom_ids() == []  # no buttons left
        stale = await fake.click(table.id, f"table:sit:{tid}:1", user=anna, component_type=2)
        assert (await fake.wait_response(stale)).content.startswith("This table is closed.")


async def test_config_is_for_moderators_and_refuses_bad_ranges(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    fake = fake_discord
    async with run_bot(fake, database_url=any_database_url, table_timing=PATIENT):
        plain = await fake.send_command("table config", permissions=PLAIN)
        assert "Only members with Manage Server" in (await fake.wait_response(plain)).content
        shown = await fake.send_command("table config", user=fake.owner, permissions=MODERATOR)
        sent = await fake.wait_response(shown)
        assert "any channel" in sent.content and "60 seconds" in sent.content
        bad = await fake.send_command(
            "table config", {"min_bet": 50, "max_bet": 10}, user=fake.owner, permissions=MODERATOR
        )
        assert "may not be above the maximum" in (await fake.wait_response(bad)).content
        changed = await fake.send_command(
            "table config",
            {"channel": fake.default_guild.channel(QUIZ_CHANNEL_ID), "foul_rule": "stand"},
            user=fake.owner,
            permissions=MODERATOR,
            locale="sv-SE",
        )
        said = (await fake.wait_response(changed)).content
        assert f"<#{QUIZ_CHANNEL_ID}>" in said and "står kvar och förlorar" in said
        refused = await fake.send_command("table open", user=fake.owner)
        sent = await fake.wait_response(refused)
        assert sent.content == f"Tables may only be opened in <#{QUIZ_CHANNEL_ID}>."
        settings = await game_store.game_settings(database, GUILD_ID)
        assert settings.channels == (QUIZ_CHANNEL_ID,) and settings.foul_rule == "stand"


def test_reveal_picture_is_readable_on_a_phone() -> None:
    """Seven hands in one column: at 400 px wide a card stays about 50 px wide."""
    import io

    from PIL import Image

    from bot.pictures.reveal import RevealRow, render_reveal
    from houseway.game import deal_round

    dealt = deal_round(6)
    rows = (
        [RevealRow("Dealer", *house_split(dealt.dealer).split_cards(), "dealer")] if False else []
    )
    dealer = house_split(dealt.dealer)
    rows = [RevealRow("Dealer", dealer.five, dealer.two, "dealer")]
    for number, hand in enumerate(dealt.seats, 1):
        split = house_split(hand)
        rows.append(RevealRow(f"{number}. Anna – Win +95", split.five, split.two, "win"))
    image = Image.open(io.BytesIO(render_reveal(rows)))
    assert image.width <= 1000  # a card 112 px of about 950: about 47 px at 400 px
    assert image.height < 8 * 300


async def test_a_channel_closed_to_the_bot_refuses_the_table_and_an_idle_table_closes(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    idle = TableTiming(countdown=60, gather=60, pause=60, idle_close=0.5, retry_delay=0.2)
    async with run_bot(fake, database_url=any_database_url, table_timing=idle):
        fake.inject(
            f"POST /channels/{QUIZ_CHANNEL_ID}/messages",
            status=403,
            count=1,
            body={"message": "Missing Permissions", "code": 50013},
        )
        refused = await fake.send_command("table open", user=fake.owner, channel_id=QUIZ_CHANNEL_ID)
        sent = await fake.wait_response(refused)
        assert sent.ephemeral and sent.content.startswith("I may not post in this channel")
        table = await open_table(fake)  # nobody sits down: it closes itself
        await fake.wait_until(
            lambda: any(
                "closed after" in (r.content or "") for r in fake.channel_records(CHANNEL_ID)
            ),
            10,
            "the idle close said",
        )
        await fake.wait_until(
            lambda: "closed itself" in texts(fake.get_message(table.id).components), 10, "closed"
        )
        assert fake.get_message(table.id).custom_ids() == []
        again = await open_table(fake)  # the channel is free again
        assert again.id != table.id


async def test_six_hands_set_at_once_all_count_and_the_round_reveals_at_once(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    """Six presses at once each move the table's round from the same state: none may be
    lost, or the round waits for its countdown (an hour here) with hands already set."""
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    members = [fake.make_user(f"m{n}") for n in range(1, 7)]
    slow_clock = replace(PATIENT, countdown=3600)
    async with run_bot(fake, database_url=any_database_url, table_timing=slow_clock):
        hands = await dealt_hands(fake, members)
        presses = await asyncio.gather(
            *(
                fake.click(shown, house_button(fake, shown), user=member)
                for member, (shown, _, _) in zip(members, hands, strict=True)
            )
        )
        for press in presses:
            assert (await fake.wait_response(press)).content.startswith("The house way set")
        await fake.wait_until(lambda: len(reveals(fake)) == 1, 15, "the reveal, not the clock")
        stored = await game_store.get_round(database, round_id_of(hands[0][2]))
        assert stored is not None and [s.how for s in stored.seats] == ["house"] * 6


async def test_a_hand_shown_is_not_kept_once_sent_and_its_menu_still_answers(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str
) -> None:
    """A private hand's menu and button are dynamic items, dispatched by their ids'
    template: discord.py would keep each hand's view (and a task) for 15 minutes, some
    50,000 at once at 200 tables, had the bot not sent it as a DynamicView (bot.app.dynamic)."""
    fake = fake_discord
    members = [fake.make_user(f"k{n}") for n in range(1, 4)]
    async with run_bot(fake, database_url=any_database_url, table_timing=PATIENT):
        hands = await dealt_hands(fake, members)
        round_id = round_id_of(hands[0][2])

        async def none_kept() -> bool:  # the last send may still be returning
            gc.collect()
            return not any(
                isinstance(view, discord.ui.View)
                and any(round_id in str(getattr(i, "custom_id", "")) for i in view.walk_children())
                for view in gc.get_objects()
            )

        await until(none_kept, "no view of the hands shown kept", timeout=10)
        (shown, cards, menu), *others = hands  # the menu answers, as the button does
        said = await pick(fake, shown, menu, legal_non_house_two(cards), members[0])
        assert said.content.startswith("Set"), said.content
        for member, (shown, _, _) in zip(members[1:], others, strict=True):
            press = await fake.click(shown, house_button(fake, shown), user=member)
            assert (await fake.wait_response(press)).content.startswith("The house way set")
        await fake.wait_until(lambda: len(reveals(fake)) == 1, 15, "the reveal")


async def test_only_the_process_bot_freezes_what_its_start_made(
    fake_discord: FakeDiscord, run_bot: BotRunner, database_url: str
) -> None:
    """``python -m bot`` freezes its start (``make_bot(freeze=True)``); a test's bot must
    not, or every bot a test process starts is kept for good (and hidden from gc)."""
    before, thresholds = gc.get_freeze_count(), gc.get_threshold()
    async with run_bot(fake_discord, database_url=database_url) as bot:
        assert not bot.freeze
        assert gc.get_freeze_count() == before
        assert gc.get_threshold() == thresholds


def test_the_process_freezes_its_start_and_collects_the_young_less_often() -> None:
    """``settle_collector`` (what ``python -m bot`` runs once started), in a process of its
    own: its start frozen, young garbage collected less often than Python's default (a
    press's objects die young, not in the oldest generation), the rest as it was."""
    code = (
        "import gc, json; from bot.app.client import settle_collector; "
        "before = gc.get_threshold(); settle_collector(); "
        "print(json.dumps([before, gc.get_threshold(), gc.get_freeze_count()]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    before, after, frozen = json.loads(done.stdout)
    assert after[0] > before[0], (before, after)
    assert after[1:] == before[1:]
    assert frozen > 0


async def test_a_press_on_the_table_is_its_items_alone_not_the_whole_message_rebuilt(
    fake_discord: FakeDiscord,
    run_bot: BotRunner,
    database_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """discord.py dispatches a dynamic item by rebuilding the message pressed into a view
    (``from_message``) to find it; the table message is a layout of dozens of items, so its
    presses are the cog's, each item made from its id (issue 40). A hand's own menu is
    still discord.py's (the spy sees those), and every press is answered."""
    rebuilt: list[int] = []
    real = discord.ui.view.BaseView.from_message.__func__  # type: ignore[attr-defined]

    def spy(cls: type, message: discord.Message, /, *, timeout: float | None = 180.0) -> Any:
        rebuilt.append(message.id)
        return real(cls, message, timeout=timeout)

    monkeypatch.setattr(discord.ui.view.BaseView, "from_message", classmethod(spy))
    fake = fake_discord
    members = [fake.make_user(f"v{n}") for n in range(1, 3)]
    async with run_bot(fake, database_url=database_url, table_timing=PATIENT):
        table = await open_table(fake, bet=5)
        for number, member in enumerate(members, 1):
            assert (await sit(fake, table, member, number)).ephemeral
        await deal_now(fake, table, members[0])
        hands = [await open_hand(fake, table, member) for member in members]
        for member, (shown, _, _) in zip(members, hands, strict=True):
            press = await fake.click(shown, house_button(fake, shown), user=member)
            assert (await fake.wait_response(press)).content.startswith("The house way set")
        await fake.wait_until(lambda: len(reveals(fake)) == 1, 15, "the reveal")
        hand_messages = {shown.original_message_id for shown, _, _ in hands}
        assert hand_messages <= set(rebuilt), (hand_messages, rebuilt)  # the spy sees
        assert table.id not in rebuilt, rebuilt


async def test_a_table_press_under_way_is_in_flight_for_close_to_finish(
    fake_discord: FakeDiscord,
    run_bot: BotRunner,
    database_url: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Table presses are the cog's ``on_interaction`` (no discord.py item task): close()
    still counts one under way among the handlers in flight, and waits for it."""
    fake = fake_discord
    caplog.set_level(logging.INFO, logger="bot.app.client")
    async with run_bot(fake, database_url=database_url, table_timing=PATIENT) as bot:
        table = await open_table(fake, bet=5)
        answer = asyncio.Event()
        held = fake.hold("POST /interactions/*/callback", answer, count=1)
        click = await fake.click(
            table.id, f"table:sit:{table_id_of(table)}:1", user=fake.make_user("w1")
        )
        await fake.wait_until(lambda: held.hits == 1, 10, "the answer on its way, held")
        assert bot.interactions_in_flight()
        closing = asyncio.create_task(bot.close())
        await fake.wait_until(
            lambda: any("in flight" in r.getMessage() for r in caplog.records),
            10,
            "close() waiting for the press",
        )
        assert not closing.done()
        answer.set()
        await closing
        said = await fake.wait_response(click)
        assert "seat 1" in said.content.lower(), said.content
        assert not bot.interactions_in_flight()
