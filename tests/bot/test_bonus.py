"""The bonus bet (spec §10) at a table and alone, through the Discord stand-in, on SQLite and
PostgreSQL: placed in the Bet dialog or with /play's option, paid by the server's pay table
with Envy on Fortune, said in the reveal and the result, refused where the server offers
none; the pay table with its counts and edge; /table config's bonus settings.

The cards are dealt as the test says (``houseway.round.deal_round`` replaced), and what each
member should hold is worked out here from §10's tables by hand, not read from the bot.
After every test the ledger holds together, bonus entries and Envy's included."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest

from bot.storage import Database
from bot.storage import chips as chips_store
from bot.storage import game as game_store
from houseway.cards import parse_hand
from houseway.game import Deal, house_split, settle_seat
from tests.bot.fixtures import IN_THREAD, BotRunner
from tests.bot.quizhelpers import MODERATOR
from tests.bot.test_play import component, play, refusal_of, set_hand
from tests.bot.test_table import (
    PATIENT,
    deal_now,
    open_hand,
    open_table,
    press_house,
    reveals,
    sit,
    table_id_of,
    texts,
)
from tests.fakediscord import GUILD_ID, FakeDiscord, FakeUser, Sent
from tests.fakediscord.state import PATIENCE

DEALER = parse_hand("7s 7h 7d 7c 2s 3h 9d")  # four of a kind: Envy 5 to a Fortune bonus ≥ 5
ROYAL_MATCH = parse_hand("As Ks Qs Js Ts Kh Qh")  # 2,000 to 1 on Fortune; Envy 1,000
FLUSH = parse_hand("2d 5d 8d Jd Kd 4c 6c")  # 4 to 1


async def bet_dialog(fake: FakeDiscord, table: Any, user: FakeUser, seat: int) -> Any:
    """The seat's Bet button pressed and its dialog shown: the press, to submit the dialog
    to. Pressed once the table message shows it (a seat's edit comes a moment after its Sit
    here is answered)."""
    bet_id = f"table:bet:{table_id_of(table)}:{seat}"
    await fake.wait_until(
        lambda: fake.get_message(table.id).find_component(bet_id) is not None, 10, bet_id
    )
    click = await fake.click(table.id, bet_id, user=user)
    await fake.wait_response(click)
    return click


async def submit_wagers(fake: FakeDiscord, click: Any, bet: str, bonus: str) -> str:
    """A Bet dialog submitted: what the member is told."""
    submitted = await fake.submit_modal(click, {"bet": bet, "bonus": bonus})
    return (await fake.wait_response(submitted)).content or ""


async def set_wagers(
    fake: FakeDiscord, table: Any, user: FakeUser, seat: int, bet: str, bonus: str
) -> str:
    """The seat's Bet dialog, opened and submitted: what the member is told."""
    return await submit_wagers(fake, await bet_dialog(fake, table, user, seat), bet, bonus)


async def test_a_table_pays_each_bonus_and_envy_and_says_so(
    fake_discord: FakeDiscord,
    run_bot: BotRunner,
    any_database_url: str,
    database: Database,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    monkeypatch.setattr(
        "houseway.round.deal_round", lambda seats, rng=None: Deal(DEALER, (ROYAL_MATCH, FLUSH))
    )
    anna, bo = fake.make_user("anna"), fake.make_user("bo")
    async with run_bot(fake, database_url=any_database_url, table_timing=PATIENT):
        table = await open_table(fake, bet=10)
        assert "Bonus on your seven cards: Fortune Pai Gow, 1–100 chips" in texts(table.components)
        await sit(fake, table, anna, 1)
        await sit(fake, table, bo, 2)
        told = await set_wagers(fake, table, anna, 1, "10", "5")
        assert told == "Your bet is now 10 chips and your bonus 5 chips, from the next round."
        assert "must be" not in await set_wagers(fake, table, bo, 2, "20", "10")
        refused = await set_wagers(fake, table, bo, 2, "20", "101")
        assert refused == "Bonus bets here are 1 to 100 chips (or 0 for none); 101 is not one."
        pays = await fake.click(table.id, f"table:pays:{table_id_of(table)}", user=bo)
        shown = (await fake.wait_response(pays)).content or ""
        assert "**Fortune Pai Gow**" in shown and "Bets here: 1–100 chips." in shown
        assert "Royal flush: **150 to 1** · 26,080 hands" in shown
        assert "House edge: **7.84%**" in shown and "Envy:" in shown
        await deal_now(fake, table, anna)
        for user in (anna, bo):
            hand_shown, _, menu = await open_hand(fake, table, user)
            await press_house(fake, hand_shown, menu, user)
        await fake.wait_until(lambda: len(reveals(fake)) == 1, 15, "the reveal")
        said = texts(reveals(fake)[0].components)
    dealer = house_split(DEALER)
    anna_main = settle_seat(house_split(ROYAL_MATCH), dealer, 10).net
    bo_main = settle_seat(house_split(FLUSH), dealer, 20).net
    # Fortune by §10: royal match 2,000 × 5, flush 4 × 10; Envy 5 for the dealer's four
    # of a kind to each, and 1,000 for Anna's royal match to Bo.
    anna_stack = 1000 + anna_main + 10_000 + 5
    bo_stack = 1000 + bo_main + 40 + 5 + 1000
    assert await chips_store.stack(database, GUILD_ID, anna.id) == anna_stack
    assert await chips_store.stack(database, GUILD_ID, bo.id) == bo_stack
    anna_line = said[said.index(f"<@{anna.id}>") :]
    assert "Royal flush with a suited king and queen: 2,000 to 1 · **+10,000 chips**" in anna_line
    assert "Envy: +5 chips for the round's other hands" in anna_line
    bo_line = said[said.index(f"<@{bo.id}>") :]
    assert "Flush: 4 to 1 · **+40 chips**" in bo_line
    assert "Envy: +1,005 chips" in bo_line


async def test_a_server_sets_the_bonus_and_play_pays_it_alone(
    fake_discord: FakeDiscord,
    run_bot: BotRunner,
    any_database_url: str,
    database: Database,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake = fake_discord
    monkeypatch.setattr(
        "houseway.round.deal_round", lambda seats, rng=None: Deal(DEALER, (ROYAL_MATCH,))
    )
    moderator_options = {"bonus_table": "mania", "bonus_max": 50}
    cleo = fake.make_user("cleo")
    async with run_bot(fake, database_url=any_database_url, practice_timing=IN_THREAD):
        config = await fake.send_command(
            "table config", moderator_options, user=fake.owner, permissions=MODERATOR
        )
        answer = (await fake.wait_response(config)).content or ""
        assert "Bonus: Pai Gow Mania, 1–50 chips" in answer, answer
        settings = await game_store.game_settings(database, GUILD_ID)
        assert (settings.bonus_table, settings.bonus_max) == ("mania", 50)
        too_big = await fake.send_command("play", {"bet": 10, "bonus": 60}, user=cleo)
        assert "from 1 chip to 50 chips" in await refusal_of(fake, too_big)
        dealt = await fake.send_command("play", {"bet": 10, "bonus": 5}, user=cleo)
        await fake.wait_until(lambda: bool(dealt.edits), 30, "the hand")
        message = fake.messages[dealt.original_message_id or 0]
        assert "bonus: 5 chips" in str(message.embeds[0])
        await set_hand(fake, dealt, cleo, None)
        result = fake.messages[message.id].embeds[0]
        bonus = next(f["value"] for f in result["fields"] if f["name"] == "Bonus")
        # Mania pays a royal flush 250 to 1 (no royal match, no Envy).
        assert bonus == "Royal flush: 250 to 1 · **+1,250 chips**"
        main = settle_seat(house_split(ROYAL_MATCH), house_split(DEALER), 10).net
        assert await chips_store.stack(database, GUILD_ID, cleo.id) == 1000 + main + 1250
        again = component(fake.messages[message.id], "play:again:")
        assert again["label"] == "Deal again (10 + bonus 5)"
        off = await fake.send_command(
            "table config", {"bonus_max": 0}, user=fake.owner, permissions=MODERATOR
        )
        assert "no bonus bet" in ((await fake.wait_response(off)).content or "")
        refused = await fake.send_command("play", {"bet": 10, "bonus": 5}, user=cleo)
        assert "offers no bonus bet" in await refusal_of(fake, refused)
        plain = await play(fake, cleo, 10)
        assert "bonus" not in str(fake.messages[plain.original_message_id or 0].embeds[0])


async def test_a_bet_dialog_shown_before_the_bonus_was_turned_off_is_told_so(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    """A Bet dialog opened while the bonus was offered and sent after a moderator turned it
    off: told the server offers none (it said "1 to 0 chips"), nothing changed."""
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    dana = fake.make_user("dana")
    async with run_bot(fake, database_url=any_database_url, table_timing=PATIENT):
        table = await open_table(fake, bet=10)
        await sit(fake, table, dana, 1)
        click = await bet_dialog(fake, table, dana, 1)
        off = await fake.send_command(
            "table config", {"bonus_max": 0}, user=fake.owner, permissions=MODERATOR
        )
        assert "no bonus bet" in ((await fake.wait_response(off)).content or "")
        told = await submit_wagers(fake, click, "20", "5")
        assert told.startswith("This server offers no bonus bet: play without one (bonus 0)")
        assert "1 to 0" not in told
        assert "bonus" not in await submit_wagers(fake, click, "20", "0")
    assert await chips_store.stack(database, GUILD_ID, dana.id) == 1000


async def test_rules_has_the_bonus_page_with_each_rows_count(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str, database: Database
) -> None:
    """/rules rule:bonus: how the bet works and the server's table, each row's count as
    §10 publishes it and the edge; found by the autocomplete in both languages."""
    fake = fake_discord
    async with run_bot(fake, database_url=any_database_url):
        asked = await fake.send_command("rules", {"rule": "bonus"})
        page = (await fake.wait_response(asked)).content or ""
        assert "**Fortune Pai Gow**" in page and len(page) <= 2000
        assert "Royal flush with a suited king and queen: **2,000 to 1** · 12 hands" in page
        assert "Three of a kind: **3 to 1** · 7,672,500 hands" in page
        assert "House edge: **7.84%**" in page
        await game_store.save_game_settings(
            database, GUILD_ID, game_store.GameSettings(bonus_table="emperor")
        )
        swedish = await fake.send_command("rules", {"rule": "bonus"}, locale="sv-SE")
        page = (await fake.wait_response(swedish)).content or ""
        assert "**Emperor's Challenge**" in page
        assert "Pai gow med nia högst: **40 mot 1** · 31\u00a0080 händer" in page
        assert "Husets fördel: **4,17\u00a0%**" in page
        typed = await fake.send_autocomplete("rules", "rule", "bonu", locale="sv-SE")
        choices = (await fake.wait_response(typed)).choices
        assert choices == [
            {"name": "Bonusinsatsen – vad den betalar och hur ofta", "value": "bonus"}
        ]


def table_edits(fake: FakeDiscord, message_id: int) -> list[Sent]:
    return [r for r in fake.records if r.kind == "channel_edit" and r.message_id == message_id]


async def test_changes_of_one_moment_share_one_edit_of_the_table_message(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str
) -> None:
    """Three seats change their bets at once: the table message shows all three in one
    edit (issue 40: fewer requests a round, within Discord's edits a channel)."""
    fake = fake_discord
    fake.default_guild.preferred_locale = "en-US"
    members = [fake.make_user(name) for name in ("anna", "bo", "cajsa")]
    # Longer than three answers take on a busy machine, stretched as the stand-in's waits
    # are (PATIENCE): they fall in one moment.
    timing = dataclasses.replace(PATIENT, refresh_after=3.0 * PATIENCE)
    async with run_bot(fake, database_url=any_database_url, table_timing=timing):
        table = await open_table(fake, bet=10)
        for seat, member in enumerate(members, 1):
            await sit(fake, table, member, seat)
        await fake.wait_until(
            lambda: all(
                fake.get_message(table.id).find_component(f"table:bet:{table_id_of(table)}:{n}")
                for n in (1, 2, 3)
            ),
            15,
            "three seats",
        )
        edits = len(table_edits(fake, table.id))
        told = await asyncio.gather(
            *(set_wagers(fake, table, m, n, str(10 + n), "0") for n, m in enumerate(members, 1))
        )
        assert all("from the next round" in said for said in told), told

        def bets_shown() -> bool:
            words = texts(fake.get_message(table.id).components)
            return all(f"bet {10 + n}" in words for n in (1, 2, 3))

        await fake.wait_until(bets_shown, 15, "the three new bets")
        assert len(table_edits(fake, table.id)) == edits + 1
