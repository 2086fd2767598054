"""/practice's "Play to win" through the Discord stand-in, on SQLite and PostgreSQL: graded
against the best split by exact EV, what a split costs per 100 bet and the session's running
total, its own /stats figures, sealed ids and /stats forget. The expected figures come from
houseway.analysis.analyze and houseway.strategy, not from the bot."""

from __future__ import annotations

import asyncio
import sys
from decimal import Decimal
from typing import Any

import pytest

from bot.app.client import HousewayBot
from bot.cogs.practice.views import ANSWER_ID, AnswerMenu
from bot.storage import Bounded, open_database
from houseway import house_way
from houseway.analysis.analyze import SplitResult, analyze
from houseway.cards import NAMES, Card, pretty_cards
from houseway.strategy import player_way
from tests.bot.fixtures import mention
from tests.bot.test_practice import (
    answer,
    button_of,
    field,
    hand_of,
    house_two,
    menu_of,
    next_hand,
    practise,
)
from tests.bot.test_practice_ids import refused, with_part
from tests.fakediscord import FakeDiscord, FakeUser

MINUS = "\u2212"


def two_of(split: SplitResult) -> list[str]:
    return [NAMES[card] for card in split.two]


def worst(hand: tuple[Card, ...]) -> SplitResult:
    """The legal split that gives the most: never a best one."""
    return analyze(hand).splits[-1]


def shown(value: float | Decimal, digits: int, lang: str = "en", signed: bool = False) -> str:
    """A figure as a member reads it (written here, not by the bot's formatter)."""
    body = f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"
    body = body.replace("-", MINUS)
    return body.replace(".", ",") if lang == "sv" else body


def digits_of(*evs: float) -> int:
    """The decimals of every EV a member reads: four, however close the EVs (#29 §3)."""
    return 4


def gap_of(high: float, low: float, digits: int) -> Decimal:
    """The difference of the two figures shown; a loss they show alike is one
    ten-billionth (said "< 0,0001"), never none."""
    gap = Decimal(f"{high:.{digits}f}") - Decimal(f"{low:.{digits}f}")
    return max(gap, Decimal("1e-10")) if high > low else gap


def total_text(total: Decimal, lang: str = "en") -> str:
    """A session's total per 100 bet: two decimals (the figures summed were shown to four
    decimals of a unit); nothing at all is 0."""
    if total == 0:
        return "0"
    return shown(total * 100, 2, lang)


def per_hundred(gap: Decimal, digits: int, lang: str = "en") -> str:
    """A difference of EVs shown to ``digits`` decimals, per 100 bet (two decimals fewer)."""
    return shown(gap * 100, digits - 2, lang)


def player_ev(hand: tuple[Card, ...]) -> float:
    """The player's way's split's exact EV (the core's analysis of the core's split)."""
    mine = player_way(hand)
    return next(
        s.ev
        for s in analyze(hand).splits
        if (s.five_value, s.two_value) == (mine.five_value, mine.two_value)
    )


async def win_answer(
    fake: FakeDiscord, session: Any, user: FakeUser, values: list[str], locale: str = "en-US"
) -> dict[str, Any]:
    """Answer a play-to-win hand: deferred at once, then the verdict edited in its place."""
    message = fake.messages[session.original_message_id]
    click, sent = await answer(fake, session, user, values, locale)
    assert sent.callback_type == 6  # deferred before the analysis is awaited
    await fake.wait_until(lambda: bool(click.edits), 60, "the verdict")
    embed: dict[str, Any] = fake.messages[message.id].embeds[0]
    return embed


def split_text(five: tuple[Card, ...], two: tuple[Card, ...]) -> str:
    return f"{pretty_cards(five)} · {pretty_cards(two)}"


async def test_play_to_win_grades_by_the_best_split_and_keeps_a_running_total(
    fake_discord: FakeDiscord, practice_bot: HousewayBot, any_database_url: str
) -> None:
    """A best split costs nothing; a worse split costs the difference of the EVs shown, per
    100 bet, and the session's total is their sum; in English and in Swedish."""
    lisa = fake_discord.make_user("lisa")
    session = await practise(fake_discord, lisa, mode="win")
    dealt = fake_discord.messages[session.original_message_id]
    assert dealt.embeds[0]["title"] == "Practice – play to win"
    assert "the best split counts, not the house way" in dealt.embeds[0]["description"]
    assert menu_of(dealt)["custom_id"].startswith("practice:win:")
    hand = hand_of(dealt)
    best = analyze(hand).best
    embed = await win_answer(fake_discord, session, lisa, two_of(best))
    assert embed["title"] == "✅ The best split – it costs you nothing"
    assert embed["description"].startswith("Your split costs you nothing:")
    assert embed["footer"]["text"] == (
        "This session: the best split in 1 of 1 hand · at 100 a hand, 0 lost in all"
    )
    assert fake_discord.messages[dealt.id].attachment_bytes("house.png")[:4] == b"\x89PNG"

    total = Decimal(0)
    for number, lang in ((2, "en"), (3, "sv")):
        await next_hand(fake_discord, session, lisa)
        hand = hand_of(fake_discord.messages[dealt.id])
        exact = analyze(hand)
        mine = worst(hand)
        digits = digits_of(mine.ev, exact.house.ev, exact.best.ev, player_ev(hand))
        gap = gap_of(exact.best.ev, mine.ev, digits)
        assert gap > 0
        total += gap
        locale = "sv-SE" if lang == "sv" else "en-US"
        embed = await win_answer(fake_discord, session, lisa, two_of(mine), locale)
        analysis = field(embed, "Exact analysis" if lang == "en" else "Exakt analys")
        house = house_way(hand)
        house_gap = gap_of(exact.best.ev, exact.house.ev, digits)
        if lang == "en":
            assert embed["title"] == "❌ Not the best split"
            assert embed["description"] == (
                f"Your split costs you **{per_hundred(gap, digits)}** per 100 bet, against the"
                " best split."
            )
            assert f"Your split: **{shown(mine.ev, digits, signed=True)}**" in analysis
            assert (
                f"The best split ({split_text(exact.best.five, exact.best.two)}):"
                f" {shown(exact.best.ev, digits, signed=True)}"
            ) in analysis
            house_line = (
                f"🏠 The house way ({split_text(house.five, house.two)}):"
                f" {shown(exact.house.ev, digits, signed=True)} – "
            )
            house_line += (
                f"costs {per_hundred(house_gap, digits)} per 100 bet against the best"
                if house_gap
                else "also the best"
            )
            assert house_line in analysis
            assert embed["footer"]["text"] == (
                f"This session: the best split in 1 of {number} hands"
                f" · at 100 a hand, {total_text(total)} lost in all"
            )
        else:
            assert embed["title"] == "❌ Inte den bästa delningen"
            assert embed["description"] == (
                f"Din delning kostar dig **{per_hundred(gap, digits, 'sv')} kr** per 100 kr i"
                " insats, jämfört med den bästa delningen."
            )
            assert f"Din delning: **{shown(mine.ev, digits, 'sv', signed=True)}**" in analysis
            assert embed["footer"]["text"] == (
                f"Det här passet: bästa delningen i 1 av {number} händer"
                f" · med 100 kr på varje hand har du tappat {total_text(total, 'sv')} kr"
            )
    database = await open_database(any_database_url)
    try:
        rows = await database.fetch(
            "SELECT best, given_up FROM practice_win_answers WHERE user_id = $1 ORDER BY shown_ms",
            lisa.id,
        )
        assert [r["best"] for r in rows] == [1, 0, 0]
        assert sum(int(r["given_up"]) for r in rows) == int(total * 10**10)
        # Play to win moves no house-way figure: no member row, no rule record.
        assert (
            await database.fetch(
                "SELECT user_id FROM practice_members WHERE user_id = $1 UNION"
                " SELECT user_id FROM practice_rules WHERE user_id = $1 UNION"
                " SELECT user_id FROM practice_answers WHERE user_id = $1",
                lisa.id,
            )
            == []
        )
    finally:
        await database.close()

    # /stats: play to win apart, the house-way figures only the house-way hand's.
    house_session = await practise(fake_discord, lisa)
    house_hand = hand_of(fake_discord.messages[house_session.original_message_id])
    await answer(fake_discord, house_session, lisa, house_two(house_hand))
    view = await fake_discord.send_command("stats view", user=lisa)
    stats = (await fake_discord.wait_response(view)).embeds[0]
    assert field(stats, "Hands practised") == "1 – 1 right (100%)"
    assert field(stats, "The last 30 days") == "1 hand, 100% right"
    assert field(stats, "Play to win") == (
        f"3 hands, 1 best, at 100 a hand {total_text(total)} lost in all"
    )
    swedish = await fake_discord.send_command("stats view", user=lisa, locale="sv-SE")
    stats = (await fake_discord.wait_response(swedish)).embeds[0]
    assert field(stats, "Tränade händer") == "1 – 1 rätt (100\u00a0%)"
    assert field(stats, "Spela för att vinna") == (
        f"3 händer, bästa delningen i 1, med 100 kr på varje hand tappade du"
        f" {total_text(total, 'sv')} kr"
    )


async def test_a_changed_session_total_is_refused(
    fake_discord: FakeDiscord, practice_bot: HousewayBot, any_database_url: str
) -> None:
    """The running total rides in the sealed custom ids: lowered by hand, it is refused."""
    maja = fake_discord.make_user("maja")
    session = await practise(fake_discord, maja, mode="win")
    dealt = fake_discord.messages[session.original_message_id]
    await win_answer(fake_discord, session, maja, two_of(worst(hand_of(dealt))))
    message = fake_discord.messages[dealt.id]
    next_id = button_of(message, "practice:next:win:")["custom_id"]
    score = next_id.split(":")[3]
    assert score.startswith("0-1-") and score != "0-1-0"
    assert len(next_id) <= 100
    practice = mention(fake_discord, "practice")
    click = await fake_discord.click(
        message, with_part(next_id, 3, "0-1-0"), component_type=2, user=maja
    )
    told = await refused(fake_discord, click)
    assert told.startswith("This menu or button is no longer valid") and practice in told

    await next_hand(fake_discord, session, maja)
    message = fake_discord.messages[dealt.id]
    menu = menu_of(message)["custom_id"]
    assert menu.split(":")[4] == score and len(menu) <= 100
    hand = hand_of(message)
    click = await fake_discord.click(
        message,
        with_part(menu, 4, "1-1-0"),
        values=two_of(analyze(hand).best),
        component_type=3,
        user=maja,
    )
    told = await refused(fake_discord, click)
    assert told.startswith("This menu or button is no longer valid")
    database = await open_database(any_database_url)
    try:
        rows = await database.fetch(
            "SELECT shown_ms FROM practice_win_answers WHERE user_id = $1", maja.id
        )
        assert len(rows) == 1  # only the first hand's answer
    finally:
        await database.close()


async def test_no_analysis_means_no_verdict_and_the_member_is_told(
    fake_discord: FakeDiscord,
    practice_bot: HousewayBot,
    any_database_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The analysis fails (as when the pool breaks): nothing graded or stored, the member
    told in their language what to do; picked again once it works, the hand is graded."""
    # The bot's own copy of the module (an extension's modules are loaded with it).
    cog = practice_bot.get_cog("PracticeCog")
    prepared_module = sys.modules[type(cog.preparer).__module__]  # type: ignore[union-attr]
    real = prepared_module.analyse_and_draw

    def broken(hand: tuple[Card, ...]) -> Any:
        raise RuntimeError("the pool is gone")

    monkeypatch.setattr(prepared_module, "analyse_and_draw", broken)
    nils = fake_discord.make_user("nils")
    session = await practise(fake_discord, nils, mode="win", locale="sv-SE")
    dealt = fake_discord.messages[session.original_message_id]
    best = two_of(analyze(hand_of(dealt)).best)
    click, sent = await answer(fake_discord, session, nils, best, "sv-SE")
    assert sent.callback_type == 6
    (told,) = await fake_discord.wait_followups(click)
    assert told.ephemeral and (told.content or "").startswith(
        "Den exakta analysen av handen gick inte att göra just nu, så ditt svar är inte"
        " bedömt och inte sparat."
    )
    assert mention(fake_discord, "practice") in (told.content or "")
    assert fake_discord.messages[dealt.id].embeds[0]["title"] == "Träna – spela för att vinna"

    monkeypatch.setattr(prepared_module, "analyse_and_draw", real)
    embed = await win_answer(fake_discord, session, nils, best, "sv-SE")
    assert embed["title"] == "✅ Den bästa delningen – du tappar inget"
    database = await open_database(any_database_url)
    try:
        rows = await database.fetch(
            "SELECT best FROM practice_win_answers WHERE user_id = $1", nils.id
        )
        assert [r["best"] for r in rows] == [1]
    finally:
        await database.close()


async def test_stats_forget_deletes_play_to_win_answers(
    fake_discord: FakeDiscord, practice_bot: HousewayBot, any_database_url: str
) -> None:
    olof = fake_discord.make_user("olof")
    session = await practise(fake_discord, olof, mode="win")
    hand = hand_of(fake_discord.messages[session.original_message_id])
    await win_answer(fake_discord, session, olof, two_of(analyze(hand).best))
    asked = await fake_discord.send_command("stats forget", user=olof)
    yes = (await fake_discord.wait_response(asked)).components[0]["components"][0]
    confirm = await fake_discord.click(asked, yes["custom_id"], user=olof)
    _, done = await fake_discord.wait_records(confirm, 2)
    assert (done.content or "").startswith("Done: everything the bot had stored about you")
    database = await open_database(any_database_url)
    try:
        rows = await database.fetch(
            "SELECT user_id FROM practice_win_answers WHERE user_id = $1", olof.id
        )
        assert rows == []
    finally:
        await database.close()
    view = await fake_discord.send_command("stats view", user=olof)
    stats = (await fake_discord.wait_response(view)).embeds[0]
    assert all(f["name"] != "Play to win" for f in stats["fields"])


def test_what_is_given_up_per_100_has_two_decimals_and_a_loss_never_reads_as_none() -> None:
    """One number style (#29): a cost per 100 bet has two decimals (the EVs it comes from
    four); a loss too small for them reads "< 0,01", never 0, and a total of nothing is 0."""
    from bot.cogs.practice.embeds import GIVEN_UP_UNITS, given_up_text

    assert given_up_text(12345, "sv") == "<\u00a00,01"  # 0.00012345 per 100 bet
    assert given_up_text(123_450_000, "en") == "1.23"
    assert given_up_text(120_000_000, "en", 4) == "1.20"
    assert given_up_text(0, "sv") == "0"
    assert given_up_text(GIVEN_UP_UNITS // 2, "sv") == "50,00"


async def test_a_session_at_its_last_count_stores_the_answer_and_counts_anew(
    fake_discord: FakeDiscord, practice_bot: HousewayBot, any_database_url: str
) -> None:
    """At 999,999 answers a session's ids are full (six digits a count): the next answer is
    stored, its verdict shown, and the session counts anew from it (1 of 1), its ids still
    within their template, instead of "Something went wrong" after the answer was kept."""
    nora = fake_discord.make_user("nora")
    session = await practise(fake_discord, nora, mode="win")
    dealt = fake_discord.messages[session.original_message_id]
    menu = menu_of(dealt)
    match = ANSWER_ID.fullmatch(menu["custom_id"])
    assert match is not None
    hand = hand_of(dealt)
    cog: Any = practice_bot.get_cog("PracticeCog")
    deadline = asyncio.get_running_loop().time() + 10
    sealer = await cog.seals.sealer(Bounded(practice_bot.database, deadline))
    state = AnswerMenu.state_for("win", hand, int(match["shown"]), 999_999, 999_999, None, 77)
    menu["custom_id"] = sealer.for_member(nora.id).custom_id(state)  # as the bot would seal it
    embed = await win_answer(fake_discord, session, nora, two_of(analyze(hand).best))
    assert embed["footer"]["text"] == (
        "This session: the best split in 1 of 1 hand · at 100 a hand, 0 lost in all"
    )
    next_id = button_of(fake_discord.messages[dealt.id], "practice:next:win:")["custom_id"]
    assert next_id.split(":")[3] == "1-1-0" and len(next_id) <= 100
    database = await open_database(any_database_url)
    try:
        rows = await database.fetch(
            "SELECT best FROM practice_win_answers WHERE user_id = $1", nora.id
        )
        assert len(rows) == 1
    finally:
        await database.close()
    await next_hand(fake_discord, session, nora)  # the next hand deals from the new count
    assert menu_of(fake_discord.messages[dealt.id])["custom_id"].split(":")[4] == "1-1-0"
