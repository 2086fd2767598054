"""/practice, /stats and /daily through the Discord stand-in, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import re
import time
from dataclasses import replace
from decimal import Decimal
from typing import Any

import pytest

from bot.app.client import HousewayBot
from bot.cogs.practice.views import hand_of_code
from bot.pictures.cards_image import Deck
from bot.storage import Database, migrations, open_database
from bot.storage.practice import utc_day
from houseway import house_way, sentences_for
from houseway.analysis.analyze import analyze
from houseway.cards import NAMES, Card, card_from_name, card_words
from houseway.hands import five_value, two_value
from houseway.language import Lang
from houseway.rules import RULE_IDS, rule_name, rule_summary
from tests.bot.fixtures import IN_THREAD, BotRunner, mention
from tests.bot.pictures import assert_drawn_in, cards_named, description_of, names_the_split
from tests.bot.quizhelpers import not_house_two
from tests.fakediscord import FakeDiscord, FakeGuild, FakeUser
from tests.fakediscord.models import FakeChannel, FakeMember


def menu_of(message: Any, prefix: str = "practice:") -> dict[str, Any]:
    return next(
        c
        for row in message.components
        for c in row["components"]
        if c.get("custom_id", "").startswith(prefix) and c["type"] == 3
    )


def button_of(message: Any, prefix: str) -> dict[str, Any]:
    return next(
        c
        for row in message.components
        for c in row["components"]
        if c.get("custom_id", "").startswith(prefix)
    )


def hand_of(message: Any) -> tuple[Card, ...]:
    return hand_of_code(menu_of(message)["custom_id"].split(":")[2])


def house_two(hand: tuple[Card, ...]) -> list[str]:
    return [NAMES[c] for c in house_way(hand).two]


other_two = not_house_two  # a split of the hand that is not the house way


async def practise(
    fake: FakeDiscord, user: FakeUser, mode: str = "set", locale: str = "en-US", **where: Any
) -> Any:
    interaction = await fake.send_command(
        "practice", {"mode": mode}, user=user, locale=locale, **where
    )
    sent = await fake.wait_response(interaction)
    assert sent.ephemeral
    return interaction


async def answer(
    fake: FakeDiscord, source: Any, user: FakeUser, values: list[str], locale: str = "en-US"
) -> Any:
    message = fake.messages[source.original_message_id]
    click = await fake.click(
        message, menu_of(message)["custom_id"], values=values, user=user, locale=locale
    )
    return click, await fake.wait_response(click)


async def next_hand(fake: FakeDiscord, source: Any, user: FakeUser) -> Any:
    message = fake.messages[source.original_message_id]
    click = await fake.click(message, button_of(message, "practice:next:")["custom_id"], user=user)
    await fake.wait_response(click)
    return message


def field(embed: dict[str, Any], name: str) -> str:
    return next(f["value"] for f in embed["fields"] if f["name"] == name)


async def with_database(url: str) -> Database:
    return await open_database(url)


async def test_a_full_practice_session(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str
) -> None:
    """Deal, answer wrong, see the house way and what the split gives up, next hand, answer
    right; the menus are ephemeral and the answers stored once."""
    anna = fake_discord.make_user("anna")
    async with run_bot(fake_discord, database_url=any_database_url):  # worker process
        session = await practise(fake_discord, anna)
        dealt = fake_discord.messages[session.original_message_id]
        assert dealt.ephemeral
        assert dealt.embeds[0]["title"] == "Practice – set the hand"
        assert dealt.attachment_bytes("practice.png")[:8] == b"\x89PNG\r\n\x1a\n"
        menu = menu_of(dealt)
        assert menu["min_values"] == menu["max_values"] == 2 and len(menu["options"]) == 7
        assert len(menu["custom_id"]) <= 100
        hand = hand_of(dealt)
        shown = " ".join(o["label"] for o in menu["options"])
        assert shown.replace("  ", " ") in dealt.embeds[0]["description"].replace("  ", " ")

        wrong = other_two(hand)
        _, sent = await answer(fake_discord, session, anna, wrong)
        assert sent.callback_type == 7  # the hand's message becomes the feedback
        decision = house_way(hand)
        exact = analyze(hand)

        def analysed() -> bool:
            embed = fake_discord.messages[dealt.id].embeds[0]
            return "Your split:" in field(embed, "Exact analysis")

        await fake_discord.wait_until(analysed, 20, "the exact analysis")
        feedback = fake_discord.messages[dealt.id].embeds[0]
        assert feedback["title"] == "❌ Not the house way"
        for sentence in sentences_for(decision.path):
            assert f"> {sentence.swedish}" in feedback["description"]
            assert f"*{sentence.english}*" in feedback["description"]
        two = [c for c in hand if NAMES[c] in wrong]
        five = [c for c in hand if c not in two]
        key = (five_value(five), two_value(two))
        member = next((s for s in exact.splits if (s.five_value, s.two_value) == key), None)
        member_ev = -1.0 if member is None else member.ev  # a foul loses every hand
        analysis = field(feedback, "Exact analysis")
        evs = {member_ev, exact.house.ev, exact.best.ev}  # four decimals, more if they tie
        digits = next(d for d in range(4, 11) if len({f"{v:.{d}f}" for v in evs}) == len(evs))
        assert f"Your split: **{member_ev:+.{digits}f}**".replace("-", "−") in analysis
        # What is given less is the difference of the figures shown.
        shown = {ev: Decimal(f"{ev:.{digits}f}") for ev in evs}
        gap = shown[exact.house.ev] - shown[member_ev]
        assert f"{exact.house.ev:+.{digits}f}".replace("-", "−") in analysis
        if gap > 0:
            assert f"yours gives {gap} less per unit bet" in analysis
        elif gap < 0:
            assert f"yours gives {-gap} more per unit bet" in analysis
        best_gap = shown[exact.best.ev] - shown[member_ev]
        if exact.house_rank == 1:
            assert "The house way is also the best split of this hand." in analysis
        else:
            best_line = analysis.splitlines()[2]
            assert f"{exact.best.ev:+.{digits}f}".replace("-", "−") in best_line
            assert best_line.endswith(
                f"yours gives {best_gap} less per unit bet" if best_gap > 0 else "the same"
            )
        assert re.fullmatch(
            r"[0-9]+\.[0-9] s from the deal to your answer", field(feedback, "Time")
        )
        assert fake_discord.messages[dealt.id].attachment_bytes("house.png")[:4] == b"\x89PNG"
        assert "This session: 0 of 1 right" in feedback["footer"]["text"]

        await next_hand(fake_discord, session, anna)
        message = fake_discord.messages[dealt.id]
        second = hand_of(message)
        # Two clicks on the same menu before it turns into the feedback (a double click,
        # a second device): one answer counts, the other is told so.
        clicks = await asyncio.gather(
            fake_discord.click(
                message, menu_of(message)["custom_id"], values=house_two(second), user=anna
            ),
            fake_discord.click(
                message, menu_of(message)["custom_id"], values=other_two(second), user=anna
            ),
        )
        replies = [await fake_discord.wait_response(click) for click in clicks]
        feedback = next(reply for reply in replies if reply.callback_type == 7)
        refused = next(reply for reply in replies if reply.callback_type != 7)
        assert refused.ephemeral and "already answered this hand" in refused.content
        right = feedback is replies[0]
        assert feedback.embeds[0]["title"] == (
            "✅ Right – that is the house way" if right else "❌ Not the house way"
        )
        assert f"This session: {int(right)} of 2 right" in feedback.embeds[0]["footer"]["text"]
    database = await open_database(any_database_url)
    try:
        rows = await database.fetch(
            "SELECT correct, mode FROM practice_answers WHERE user_id = $1 ORDER BY shown_ms",
            anna.id,
        )
        assert [(r["correct"], r["mode"]) for r in rows] == [(0, "set"), (int(right), "set")]
        member_row = await database.fetchrow(
            "SELECT hands, correct, streak, best_streak FROM practice_members WHERE user_id = $1",
            anna.id,
        )
        assert dict(member_row or {}) == {
            "hands": 2,
            "correct": int(right),
            "streak": int(right),
            "best_streak": int(right),
        }
    finally:
        await database.close()


async def test_a_hand_dealt_before_a_restart_can_be_answered_after_it(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str
) -> None:
    bo = fake_discord.make_user("bo")
    async with run_bot(fake_discord, database_url=any_database_url, practice_timing=IN_THREAD):
        session = await practise(fake_discord, bo)
        hand = hand_of(fake_discord.messages[session.original_message_id])
    async with run_bot(fake_discord, database_url=any_database_url, practice_timing=IN_THREAD):
        _, sent = await answer(fake_discord, session, bo, house_two(hand))
        assert sent.embeds[0]["title"] == "✅ Right – that is the house way"
        await next_hand(fake_discord, session, bo)  # the feedback's button works too
        assert hand_of(fake_discord.messages[session.original_message_id]) != hand


async def rules_dealt(
    fake: FakeDiscord, user: FakeUser, hands: int, miss: str | None
) -> list[tuple[str, ...]]:
    """Practise ``hands`` hands, answering wrong exactly those that train ``miss``."""
    paths = []
    session = await practise(fake, user)
    for number in range(hands):
        hand = hand_of(fake.messages[session.original_message_id])
        path = house_way(hand).path
        paths.append(path)
        values = other_two(hand) if miss in path else house_two(hand)
        await answer(fake, session, user, values)
        if number < hands - 1:
            await next_hand(fake, session, user)
    return paths


async def test_a_rule_missed_again_and_again_comes_back_sooner(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    """The schedule, not chance: a new member meets one pair, two pairs split and high card
    in that order; one pair answered wrong is due again after one hand, answered right
    after two."""
    missing = await rules_dealt(fake_discord, fake_discord.make_user("miss"), 6, "one-pair")
    knowing = await rules_dealt(fake_discord, fake_discord.make_user("know"), 6, None)
    assert [i for i, path in enumerate(missing) if "one-pair" in path] == [0, 2, 4]
    assert [i for i, path in enumerate(knowing) if "one-pair" in path] == [0, 3]
    assert "two-pairs.split" in knowing[1] and knowing[2] == ("high-card",)


async def test_name_the_rule_in_swedish(
    fake_discord: FakeDiscord, practice_bot: HousewayBot, any_database_url: str
) -> None:
    cecilia = fake_discord.make_user("cecilia")
    session = await practise(fake_discord, cecilia, mode="rule", locale="sv-SE")
    dealt = fake_discord.messages[session.original_message_id]
    assert dealt.embeds[0]["title"] == "Träna – vilken regel"
    menu = menu_of(dealt)
    hand = hand_of(dealt)
    decision = house_way(hand)
    assert menu["min_values"] == menu["max_values"] == 1 and len(menu["options"]) == 4
    values = [o["value"] for o in menu["options"]]
    assert decision.rule in values
    for option in menu["options"]:  # named and summed up in Swedish, not ids or quotes
        assert option["label"] == rule_name(option["value"], Lang.SV)
        assert option["description"] == rule_summary(option["value"], Lang.SV)
    wrong = next(v for v in values if v != decision.rule)
    _, sent = await answer(fake_discord, session, cecilia, [wrong], locale="sv-SE")
    assert sent.embeds[0]["title"] == "❌ Fel regel"
    assert rule_name(decision.rule, Lang.SV) in sent.embeds[0]["description"]
    assert field(sent.embeds[0], "Du valde").startswith(rule_name(wrong, Lang.SV))
    database = await open_database(any_database_url)
    try:
        rows = await database.fetch(
            "SELECT rule_id, box, answered, correct FROM practice_rules WHERE user_id = $1",
            cecilia.id,
        )
        # Naming the rule counts for the deciding rule only.
        assert [dict(r) for r in rows] == [
            {"rule_id": decision.rule, "box": 0, "answered": 1, "correct": 0}
        ]
    finally:
        await database.close()


async def test_practice_stats_and_daily_work_in_dms_and_user_installs(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    synced = {c["name"]: c for c in fake_discord.commands_for()}
    for name in ("practice", "stats", "daily"):
        assert sorted(synced[name]["contexts"]) == [0, 1, 2], name
        assert sorted(synced[name]["integration_types"]) == [0, 1], name
    assert synced["practice"]["name_localizations"]["sv-SE"] == "träna"
    assert synced["stats"]["name_localizations"]["sv-SE"] == "statistik"
    assert synced["daily"]["name_localizations"]["sv-SE"] == "dagens"
    dana = fake_discord.make_user("dana")
    session = await practise(fake_discord, dana, dm=True)
    hand = hand_of(fake_discord.messages[session.original_message_id])
    _, sent = await answer(fake_discord, session, dana, house_two(hand))
    assert sent.embeds[0]["title"].startswith("✅")
    stats = await fake_discord.send_command("stats view", user=dana, dm=True)
    embed = (await fake_discord.wait_response(stats)).embeds[0]
    assert field(embed, "Hands practised") == "1 – 1 right (100%)"
    assert "Quiz in this server" not in [f["name"] for f in embed["fields"]]
    daily = await fake_discord.send_command("daily", user=dana, dm=True)
    assert (await fake_discord.wait_response(daily)).ephemeral


# --- /stats --------------------------------------------------------------------------------


async def test_stats_show_what_was_answered(
    fake_discord: FakeDiscord, practice_bot: HousewayBot, any_database_url: str
) -> None:
    erik = fake_discord.make_user("erik")
    session = await practise(fake_discord, erik)
    times = []
    for number, right in enumerate((True, False, True, True, True)):
        hand = hand_of(fake_discord.messages[session.original_message_id])
        _, sent = await answer(
            fake_discord, session, erik, house_two(hand) if right else other_two(hand)
        )
        times.append(float(field(sent.embeds[0], "Time").split()[0]))
        if number < 4:
            await next_hand(fake_discord, session, erik)
    guild = fake_discord.default_guild.id
    database = await open_database(any_database_url)
    try:
        for user, points in ((1, 500), (erik.id, 250), (2, 100)):
            await database.execute(
                "INSERT INTO scores (guild_id, user_id, month, points, correct, answered)"
                " VALUES ($1, $2, '2026-01', $3, 1, 1)",
                guild,
                user,
                points,
            )
        # An answer from 40 days ago counts in all time, not in the last 30 days.
        await database.execute(
            "INSERT INTO practice_answers (user_id, shown_ms, hand, mode, path, answer, correct,"
            " seconds, answered_at) VALUES ($1, 1, 'As Ks Qs Js Ts 9s 8s', 'set', 'one-pair',"
            " 'As Ks', 1, 3.0, $2)",
            erik.id,
            time.time() - 40 * 86_400,
        )
    finally:
        await database.close()
    view = await fake_discord.send_command("stats view", user=erik)
    sent = await fake_discord.wait_response(view)
    embed = sent.embeds[0]
    assert sent.ephemeral
    assert field(embed, "Hands practised") == "5 – 4 right (80%)"
    assert field(embed, "Streak") == "now 3, best 3"
    middle = sorted([*times, 3.0])  # the old answer's time counts in the median too
    assert field(embed, "Median time to set a hand") in {
        f"{(middle[2] + middle[3]) / 2 + d:.1f} s" for d in (-0.05, 0, 0.05)
    }
    assert field(embed, "The last 30 days") == "5 hands, 80% right"
    assert field(embed, "Quiz in this server") == "250 points · rank 2 of 3"
    assert sent.file("stats.png").data[:4] == b"\x89PNG"

    public = await fake_discord.send_command("stats view", {"public": True}, user=erik)
    assert not (await fake_discord.wait_response(public)).ephemeral
    other = await fake_discord.send_command(
        "stats view", {"member": erik, "public": True}, locale="sv-SE"
    )
    shown = await fake_discord.wait_response(other)
    assert shown.ephemeral  # someone else's figures are never posted for all
    assert field(shown.embeds[0], "Tränade händer") == "5 – 4 rätt (80\u00a0%)"
    assert shown.embeds[0]["footer"]["text"] == "En annan medlems statistik visas bara för dig."
    chart = description_of(shown, "stats.png")
    assert chart.startswith("Bild: träningsstatistik. Regler du har mött, svagast först: ")
    # Only the rules met get a row, each with its figures; the rest is one count.
    rows = chart.split(": ", 2)[2].split(". ")[0].split("; ")
    met = [re.fullmatch(r".+, (\d+) av (\d+) rätt \((\d+)\u00a0%\)", row) for row in rows]
    assert all(met) and 1 <= len(rows) <= 6, rows
    more = re.search(r"(\d+) regler till som du har mött", chart)
    unmet = re.search(r"(\d+) regler har du inte mött än\.", chart)
    assert unmet and int(unmet[1]) + len(rows) + int(more[1] if more else 0) == len(RULE_IDS)


def tables() -> list[str]:
    return [name for _, _, sql in migrations() for name in re.findall(r"CREATE TABLE (\w+)", sql)]


async def rows_mentioning(database: Database, value: int) -> dict[str, int]:
    """Rows of every table with ``value`` in some column."""
    found = {}
    for table in tables():
        rows = await database.fetch(f"SELECT * FROM {table}")
        hits = sum(1 for row in rows if value in row.values() or str(value) in row.values())
        if hits:
            found[table] = hits
    return found


async def test_stats_forget_leaves_no_row(
    fake_discord: FakeDiscord, practice_bot: HousewayBot, any_database_url: str
) -> None:
    frida = fake_discord.make_user("frida")
    chosen = await fake_discord.send_command("cards", {"colours": "four"}, user=frida)
    await fake_discord.wait_response(chosen)
    session = await practise(fake_discord, frida)
    hand = hand_of(fake_discord.messages[session.original_message_id])
    await answer(fake_discord, session, frida, house_two(hand))
    daily = await fake_discord.send_command("daily", user=frida)
    await fake_discord.wait_response(daily)
    message = fake_discord.messages[daily.original_message_id or 0]
    daily_hand = hand_of_code("".join(o["value"] for o in menu_of(message, "daily:")["options"]))
    click = await fake_discord.click(
        message, menu_of(message, "daily:")["custom_id"], values=house_two(daily_hand), user=frida
    )
    await fake_discord.wait_response(click)
    database = await open_database(any_database_url)
    try:
        guild = fake_discord.default_guild.id
        await database.execute(
            "INSERT INTO quizzes (id, guild_id, channel_id, started_by, mode, rounds, seconds,"
            " locale, status, created_at) VALUES (7, $1, 1, $2, 'set', 1, 30, 'en-US', 'finished',"
            " 0)",
            guild,
            frida.id,
        )
        await database.execute(
            "INSERT INTO rounds (id, quiz_id, number, hand, choices, channel_id, posted_at,"
            " deadline, status)"
            " VALUES (8, 7, 1, 'As Ks Qs Js Ts 9s 8s', '[]', 1, 0, 0, 'announced')"
        )
        await database.execute(
            "INSERT INTO answers (round_id, user_id, answer, answered_at, correct, points)"
            " VALUES (8, $1, 'As Ks', 0, 1, 120)",
            frida.id,
        )
        await database.execute(
            "INSERT INTO scores (guild_id, user_id, month, points, correct, answered)"
            " VALUES ($1, $2, '2026-01', 120, 1, 1)",
            guild,
            frida.id,
        )
        before = await rows_mentioning(database, frida.id)
        assert set(before) >= {
            "practice_members", "practice_rules", "practice_answers", "daily_answers",
            "quizzes", "answers", "scores", "member_settings",
        }  # fmt: skip

        forget = await fake_discord.send_command("stats forget", user=frida)
        asked = await fake_discord.wait_response(forget)
        assert asked.ephemeral and "cannot be undone" in asked.content
        yes, no = (c["custom_id"] for c in asked.components[0]["components"])
        stranger = await fake_discord.click(forget, yes, user=fake_discord.make_user("x"))
        assert "not yours" in (await fake_discord.wait_response(stranger)).content
        swede = await fake_discord.click(
            forget, yes, user=fake_discord.make_user("y"), locale="sv-SE"
        )
        told = (await fake_discord.wait_response(swede)).content
        assert told == "Den här bekräftelsen är inte till dig."  # not "inte din"
        cancel = await fake_discord.click(forget, no, user=frida)
        assert "nothing was deleted" in (await fake_discord.wait_response(cancel)).content
        assert await rows_mentioning(database, frida.id) == before

        again = await fake_discord.send_command("stats forget", user=frida)
        yes = (await fake_discord.wait_response(again)).components[0]["components"][0]
        confirm = await fake_discord.click(again, yes["custom_id"], user=frida)
        # Answered at once, without the buttons; the outcome follows in its place.
        working, done = await fake_discord.wait_records(confirm, 2)
        assert working.content == "Deleting everything about you …" and not working.components
        assert done.kind == "edit" and (done.content or "").startswith(
            "Done: everything the bot had stored about you is deleted"
        )
        # Only the note that she asked, which keeps held-back answers out (see V6).
        assert await rows_mentioning(database, frida.id) == {"forgotten_members": 1}
        # The quiz itself stays for the others; the daily hand is nobody's.
        assert await database.fetchrow("SELECT id FROM quizzes WHERE id = 7") is not None
    finally:
        await database.close()
    after = await fake_discord.send_command("stats view", user=frida)
    assert field((await fake_discord.wait_response(after)).embeds[0], "Hands practised") == (
        f"None yet. Start with {mention(fake_discord, 'practice')}."
    )
    # Her four-colour deck is forgotten in memory too: the next pictures use two colours.
    again = await practise(fake_discord, frida)
    hand = hand_of(fake_discord.messages[again.original_message_id])
    _, feedback = await answer(fake_discord, again, frida, house_two(hand))
    assert_drawn_in(feedback, house_way(hand), Deck.TWO, filename="house.png")


async def test_notes_of_forgotten_members_go_after_30_days_without_another_forget(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str
) -> None:
    """The note a forget leaves is pruned at start (and every 6 hours), not only when the
    next member asks to be forgotten."""
    database = await open_database(any_database_url)
    try:
        now = time.time()
        for user_id, age_days in ((71, 31), (72, 29)):
            await database.execute(
                "INSERT INTO forgotten_members (user_id, forgotten_at) VALUES ($1, $2)",
                user_id,
                now - age_days * 86_400,
            )

        async def noted() -> set[int]:
            rows = await database.fetch("SELECT user_id FROM forgotten_members")
            return {int(row["user_id"]) for row in rows}

        async with run_bot(fake_discord, database_url=any_database_url, practice_timing=IN_THREAD):
            for _ in range(100):
                if await noted() == {72}:
                    break
                await asyncio.sleep(0.05)
            assert await noted() == {72}
    finally:
        await database.close()


async def test_an_expired_forget_button_deletes_nothing_even_after_a_restart(
    fake_discord: FakeDiscord, run_bot: BotRunner, any_database_url: str
) -> None:
    gustav = fake_discord.make_user("gustav")
    quick = replace(IN_THREAD, confirm_forget=0.2)
    async with run_bot(fake_discord, database_url=any_database_url, practice_timing=quick):
        session = await practise(fake_discord, gustav)
        hand = hand_of(fake_discord.messages[session.original_message_id])
        await answer(fake_discord, session, gustav, house_two(hand))
        forget = await fake_discord.send_command("stats forget", user=gustav)
        yes = (await fake_discord.wait_response(forget)).components[0]["components"][0]
    time.sleep(0.3)
    async with run_bot(fake_discord, database_url=any_database_url, practice_timing=quick):
        late = await fake_discord.click(forget, yes["custom_id"], user=gustav)
        assert (
            "has expired – nothing was deleted" in (await fake_discord.wait_response(late)).content
        )
    database = await open_database(any_database_url)
    try:
        assert await rows_mentioning(database, gustav.id) != {}
    finally:
        await database.close()


@pytest.mark.parametrize(("locale", "lang"), [("en-US", Lang.EN), ("sv-SE", Lang.SV)])
async def test_card_menus_name_each_card_in_words_in_the_members_language(
    fake_discord: FakeDiscord, practice_bot: HousewayBot, locale: str, lang: Lang
) -> None:
    """Practice's and the daily hand's menus: "A♥" and, beneath it, "hjärter ess" or "ace
    of hearts", so "🃏" and the suit symbols need not be read."""
    member = fake_discord.make_user("words")
    session = await practise(fake_discord, member, locale=locale)
    daily = await fake_discord.send_command("daily", user=member, locale=locale)
    await fake_discord.wait_response(daily)
    for message, prefix in (
        (fake_discord.messages[session.original_message_id], "practice:"),
        (fake_discord.messages[daily.original_message_id or 0], "daily:"),
    ):
        options = menu_of(message, prefix)["options"]
        assert len(options) == 7
        for option in options:
            card = card_from_name(option["value"])
            assert option["description"] == card_words(card, lang), prefix


# --- /daily ---------------------------------------------------------------------------------


def daily_hand_of(message: Any) -> tuple[Card, ...]:
    return hand_of_code("".join(o["value"] for o in menu_of(message, "daily:")["options"]))


MONTHS = {
    "en": "January February March April May June July August September October November December",
    "sv": "januari februari mars april maj juni juli augusti september oktober november december",
}


def spoken_day(day: str, lang: str = "en") -> str:
    """An ISO date as a member reads it ("1 December", "1 december"), written out here
    rather than asked of the library the bot uses; its year only when not this year's."""
    year, month, dom = (int(part) for part in day.split("-"))
    this_year = int(time.strftime("%Y", time.gmtime()))
    return f"{dom} {MONTHS[lang].split()[month - 1]}" + ("" if year == this_year else f" {year}")


async def test_daily_is_one_hand_for_everyone_and_one_answer_each(
    fake_discord_factory: Any, run_bot: BotRunner, any_database_url: str
) -> None:
    second = FakeGuild(
        id=555_000_000_000_000_001,
        name="Second server",
        channels=[FakeChannel(id=555_000_000_000_000_002, name="lobby")],
        members=[],
        preferred_locale="en-US",
    )
    fake = await fake_discord_factory()
    fake.guilds[second.id] = second
    helga, ivar = fake.make_user("helga"), fake.make_user("ivar")
    second.members.append(FakeMember(user=ivar))
    async with run_bot(fake, database_url=any_database_url, practice_timing=IN_THREAD):
        first = await fake.send_command("daily", user=helga)
        sent = await fake.wait_response(first)
        twice = await fake.send_command("daily", user=helga)  # a second menu, still open
        await fake.wait_response(twice)
        today = utc_day(time.time())
        assert sent.ephemeral and sent.embeds[0]["title"] == f"Today's hand, {spoken_day(today)}"
        assert field(sent.embeds[0], "Yesterday") == "Nobody answered yesterday's hand."
        hand = daily_hand_of(fake.messages[first.original_message_id or 0])
        other = await fake.send_command("daily", user=ivar, guild_id=second.id)
        await fake.wait_response(other)
        assert daily_hand_of(fake.messages[other.original_message_id or 0]) == hand

        message = fake.messages[first.original_message_id or 0]
        custom_id = menu_of(message, "daily:")["custom_id"]
        click = await fake.click(message, custom_id, values=house_two(hand), user=helga)
        result = (await fake.wait_response(click)).embeds[0]
        assert result["title"] == f"✅ Right! Today's hand, {spoken_day(today)}"
        day_lines = field(result, "Today's hand so far").split("\n")
        assert day_lines[:2] == ["1 answered, 1 right.", "Right 1 day in a row (best 1)."]
        assert day_lines[2].startswith("The next hand comes <t:")
        assert button_of(fake.messages[first.original_message_id or 0], "daily:share:")
        second_menu = fake.messages[twice.original_message_id or 0]
        again = await fake.click(
            second_menu,
            menu_of(second_menu, "daily:")["custom_id"],
            values=other_two(hand),
            user=helga,
        )
        assert "already answered today's hand" in (await fake.wait_response(again)).content

    # A restart: the same hand (stored, not drawn again), and Helga's answer is kept.
    async with run_bot(fake, database_url=any_database_url, practice_timing=IN_THREAD):
        other_message = fake.messages[other.original_message_id or 0]
        click = await fake.click(
            other_message,
            menu_of(other_message, "daily:")["custom_id"],
            values=other_two(hand),
            user=ivar,
        )
        result = (await fake.wait_response(click)).embeds[0]
        assert result["title"] == f"❌ Wrong! Today's hand, {spoken_day(today)}"
        assert field(result, "Today's hand so far").startswith("2 answered, 1 right.\n")
        shown = await fake.send_command("daily", user=helga, dm=True)
        told = (await fake.wait_response(shown)).embeds[0]
        assert field(told, "Today's hand so far").startswith("2 answered, 1 right.\n")
        assert "\nYour split: " in told["description"]  # the splits first (#29)

    database = await open_database(any_database_url)
    try:
        rows = await database.fetch("SELECT user_id, correct FROM daily_answers ORDER BY correct")
        assert [(r["user_id"], r["correct"]) for r in rows] == [(ivar.id, 0), (helga.id, 1)]
        assert len(await database.fetch("SELECT day FROM daily_hands")) == 1
    finally:
        await database.close()


async def test_daily_shows_yesterdays_answers_and_closes_yesterdays_menu(
    fake_discord: FakeDiscord, practice_bot: HousewayBot, any_database_url: str
) -> None:
    from datetime import date, timedelta

    today = utc_day(time.time())
    yesterday = (date.fromisoformat(today) - timedelta(days=1)).isoformat()
    database = await open_database(any_database_url)
    try:
        await database.execute(
            "INSERT INTO daily_hands (day, hand, created_at) VALUES ($1, $2, 0)",
            yesterday,
            "Ks Kh 7d 7c Ad Tc 3h",
        )
        for user, given, right in ((1, "7d 7c", 1), (2, "7d 7c", 1), (3, "Ad Tc", 0)):
            await database.execute(
                "INSERT INTO daily_answers (day, user_id, answer, correct, answered_at)"
                " VALUES ($1, $2, $3, $4, 0)",
                yesterday,
                user,
                given,
                right,
            )
    finally:
        await database.close()
    asked = await fake_discord.send_command("daily")
    sent = await fake_discord.wait_response(asked)
    assert field(sent.embeds[0], "Yesterday") == (
        f"{spoken_day(yesterday)}: **A♦  K♠  K♥  10♣  7♦  7♣  3♥**"
        "\n3 answered, 2 right (67%). The most common answers:\n"
        "✅ 7♦  7♣ – 2 (67%)\n❌ A♦  10♣ – 1 (33%)"
    )
    # The menu of a message shown yesterday: answered after midnight UTC.
    message = fake_discord.messages[asked.original_message_id or 0]
    menu_of(message, "daily:")["custom_id"] = f"daily:set:{yesterday}"
    today_hand = daily_hand_of(message)
    stale = await fake_discord.click(
        message, f"daily:set:{yesterday}", values=house_two(today_hand)
    )
    closed = await fake_discord.wait_response(stale)
    assert closed.ephemeral and f"That hand belonged to {spoken_day(yesterday)} and is closed" in (
        closed.content
    )


async def test_an_answer_moves_every_rule_of_its_path_once(any_database_url: str) -> None:
    from bot.storage.practice import PracticeAnswer, member_state, record_answer
    from houseway.learning.practice import Schedule

    path = ("flush-straight.two-pairs", "two-pairs.split")
    database = await open_database(any_database_url)
    try:

        def given(shown_ms: int, correct: bool) -> PracticeAnswer:
            return PracticeAnswer(
                user_id=42, shown_ms=shown_ms, hand=tuple(range(7)), mode="set", path=path,
                answer="2s 2h", correct=correct, seconds=1.5, answered_at=time.time(),
                rules=path,
            )  # fmt: skip

        first = await record_answer(database, given(1, True), Schedule())
        assert first is not None and (first.hands, first.correct, first.streak) == (1, 1, 1)
        assert await record_answer(database, given(1, False), Schedule()) is None  # same hand
        second = await record_answer(database, given(2, False), Schedule())
        assert second is not None and (second.hands, second.streak, second.best_streak) == (2, 0, 1)
        state = await member_state(database, 42)
        assert set(state.records) == set(path) and set(path) <= set(RULE_IDS)
        for rule_id in path:  # right (box 1), then wrong (box 0, due one hand later)
            record = state.records[rule_id]
            assert (record.box, record.due, record.answered, record.right) == (0, 3, 2, 1)
    finally:
        await database.close()


async def test_a_menu_with_a_forged_hand_is_refused_in_words(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    jonna = fake_discord.make_user("jonna")
    session = await practise(fake_discord, jonna)
    message = fake_discord.messages[session.original_message_id]
    menu = menu_of(message)
    parts = menu["custom_id"].split(":")
    parts[2] = "AsAsKdQcJh9s7d"  # the ace of spades twice, on the message, with a tag
    forged = menu["custom_id"] = ":".join(parts)
    values = [option["value"] for option in menu["options"][:2]]
    click = await fake_discord.click(message, forged, values=values, user=jonna)
    told = await fake_discord.wait_response(click)
    assert told.ephemeral and told.content.startswith("This menu or button is no longer valid")
    assert mention(fake_discord, "practice") in told.content


async def test_practice_pictures_have_alt_text_and_the_members_deck(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    """A member who plays a four-colour deck practises with it; every picture says its
    cards in words (the hand, then the house way)."""
    anna = fake_discord.make_user("anna")
    chosen = await fake_discord.send_command("cards", {"colours": "four"}, user=anna)
    await fake_discord.wait_response(chosen)
    source = await practise(fake_discord, anna)
    shown = fake_discord.messages[source.original_message_id]
    hand = hand_of(shown)
    assert cards_named(description_of(shown, "practice.png")) == [hand]
    _, feedback = await answer(fake_discord, source, anna, house_two(hand))
    names_the_split(description_of(feedback, "house.png"), house_way(hand), Lang.EN)
    assert_drawn_in(feedback, house_way(hand), Deck.FOUR, filename="house.png")


#: A flood's size: enough to pass every bound many times over, few enough to be quick.
FLOOD = 60


def reply_kinds(interactions: list[Any]) -> dict[str, int]:
    """How many of a flood's replies were which kind (the stand-in speaks English unless
    told otherwise; a Discord timestamp marks a cooldown refusal)."""
    kinds: dict[str, int] = {}
    for interaction in interactions:
        sent = interaction.callback
        if sent is None:  # too late for Discord
            kinds["late"] = kinds.get("late", 0) + 1
            continue
        content = sent.content or ""
        if sent.embeds:
            kind = "answered"
        elif "database" in content or "databasen" in content:
            kind = "database"
        elif re.search(r"<t:[0-9]+:R>", content):
            kind = "cooldown"
        else:
            kind = content
        assert sent.embeds or sent.ephemeral, content
        kinds[kind] = kinds.get(kind, 0) + 1
    return kinds


async def test_a_flood_from_one_member_is_refused_by_the_cooldown_and_others_are_answered(
    fake_discord: FakeDiscord, practice_bot: HousewayBot
) -> None:
    """Dozens of /practice at once from one member, then dozens of "Next hand": all but
    a few refused at once, privately, in the member's language, saying when to go on; none
    told that the database is not answering; another member is dealt and answered."""
    fake = fake_discord
    flooder, other = fake.make_user("flooder"), fake.make_user("other")
    burst = [
        await fake.send_command("practice", {"mode": "set"}, user=flooder, locale="sv-SE")
        for _ in range(FLOOD)
    ]
    theirs = await fake.send_command("practice", {"mode": "set"}, user=other)
    everyone = [*burst, theirs]
    await fake.wait_until(
        lambda: all(i.callback or i.late_callbacks for i in everyone), 30, "the flood answered"
    )
    kinds = reply_kinds(burst)
    assert kinds.get("database", 0) == 0
    assert 0 < kinds.get("answered", 0) <= 5
    assert kinds.get("cooldown", 0) >= FLOOD - 5
    told = next(i.callback.content for i in burst if "<t:" in (i.callback.content or ""))
    assert "Du kan använda det igen <t:" in told
    assert fake.messages[theirs.original_message_id].embeds[0]["title"] == "Practice – set the hand"

    # The presses: "Next hand" of one answered hand, while another member answers theirs.
    presser = fake.make_user("presser")  # the flooder waits out the commands' cooldown
    session = await practise(fake, presser)
    await answer(
        fake, session, presser, house_two(hand_of(fake.messages[session.original_message_id]))
    )
    message = fake.messages[session.original_message_id]
    next_id = button_of(message, "practice:next:")["custom_id"]
    mine = await practise(fake, other)
    their_hand = hand_of(fake.messages[mine.original_message_id])
    presses = [await fake.click(message, next_id, user=presser) for _ in range(FLOOD)]
    _, feedback = await answer(fake, mine, other, house_two(their_hand))
    await fake.wait_until(
        lambda: all(i.callback or i.late_callbacks for i in presses), 30, "the presses answered"
    )
    kinds = reply_kinds(presses)
    assert kinds.get("database", 0) == 0
    assert kinds.get("cooldown", 0) >= FLOOD - 32  # 30 presses in 15 s, 2 under way
    told = next(i.callback.content for i in presses if "<t:" in (i.callback.content or ""))
    assert "You can go on <t:" in told
    assert feedback.callback_type == 7 and feedback.embeds  # the feedback, in place
