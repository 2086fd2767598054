"""Counts, figures and dates as each language writes them (CLDR, by Babel): "1 dag" but
"2 dagar", "1 hand", no-break spaces and real minus signs, "1 december". Through the text
functions the commands use, and through the stand-in for /stats and /daily."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from bot.app.client import HousewayBot
from bot.cogs.practice.embeds import due_text, yesterday_text
from bot.cogs.quiz.embeds import month_name, score_lines
from bot.storage import open_database
from bot.texts.embeds import decimal, number, often_text, one_in, percent, quote_rules, rounded
from bot.texts.i18n import Counted, text
from houseway.cards import parse_hand
from houseway.language import Lang
from houseway.rules import RULES, rule_name
from tests.bot.test_practice import (
    answer,
    daily_hand_of,
    field,
    hand_of,
    house_two,
    menu_of,
    practise,
)
from tests.fakediscord import FakeDiscord

NBSP, MINUS = "\u00a0", "\u2212"


# --- figures -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (Lang.SV, ["53 524 680", "−7", "+0,1082", "−0,1082", "1 234,5", "8,36 %", "0 %"]),
        (Lang.EN, ["53,524,680", "−7", "+0.1082", "−0.1082", "1,234.5", "8.36%", "0%"]),
    ],
)
def test_figures_are_written_as_each_language_writes_them(lang: Lang, expected: list[str]) -> None:
    """Swedish groups with no-break spaces and writes "8,36 %" with one; both languages
    take the real minus sign (U+2212), never a hyphen."""
    shown = [
        number(53_524_680, lang),
        number(-7, lang),
        decimal(0.1082, lang, 4, signed=True),
        decimal(-0.1082, lang, 4, signed=True),
        decimal(1234.5, lang, 1),
        percent(0.0836, lang),
        percent(0, lang),
    ]
    # The expected figures are typed with plain spaces and U+2212: Swedish's are no-break.
    assert shown == [figure.replace(" ", NBSP) for figure in expected]
    assert all("-" not in figure for figure in shown)


def test_a_figure_rounds_as_the_differences_of_figures_do() -> None:
    """2.675 is 2.67499… in binary: the shown figure and ``rounded`` agree on 2.67 (a
    formatter rounding the decimal text would show 2.68 and break "the difference shown
    is the difference of the figures shown")."""
    assert decimal(2.675, Lang.EN, 2) == "2.67" == f"{rounded(2.675, 2):.2f}"
    assert decimal(-0.0004, Lang.SV, 3, bare_zero=True) == "0"
    assert decimal(-0.0004, Lang.SV, 3) == f"{MINUS}0,000"
    assert percent(0.123456, Lang.SV, 0) == f"12{NBSP}%"


def test_a_rare_rule_reads_as_about_one_in_so_many() -> None:
    """0,001 % is hard to picture; "1 på 100 000" is not. Common rules need no such help."""
    total = 133_784_560
    assert one_in(1_338, total) == 100_000  # 99 988.5 to two significant digits
    assert one_in(11_185_000, total) == 12  # 11.96: whole below 100
    assert often_text(1_338, total, Lang.SV) == (
        f"Regeln avgör 0,001{NBSP}% av alla 133{NBSP}784{NBSP}560 händer"
        f" (ungefär 1 på 100{NBSP}000)."
    )
    assert often_text(1_338, total, Lang.EN).endswith("hands (about 1 in 100,000).")
    assert "(" not in often_text(total // 3, total, Lang.SV)


# --- plurals -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "one", "many"),
    [
        (Lang.SV, "efter 1 hand till", "efter 3 händer till"),
        (Lang.EN, "after 1 more hand", "after 3 more hands"),
    ],
)
def test_due_text_says_hand_for_one_and_hands_for_more(lang: Lang, one: str, many: str) -> None:
    name = rule_name("one-pair", lang)
    assert due_text([("one-pair", 1, False)], lang) == f"{name} – {one}"
    assert due_text([("one-pair", 3, False)], lang) == f"{name} – {many}"


def test_a_cooldown_counts_uses_and_seconds_in_the_members_language() -> None:
    """The refusal's values are counts until the member's language is known."""
    once = {"rate": Counted("count.times", 1), "per": Counted("count.seconds", 1.0), "when": "X"}
    assert text("error.cooldown", Lang.SV, **once).startswith(
        "Du har använt kommandot 1 gång på 1 sekund."
    )
    assert text("error.cooldown", Lang.EN, **once).startswith(
        "You have used this command 1 time in 1 second."
    )
    often = {"rate": Counted("count.deals", 5), "per": Counted("count.seconds", 7.5), "when": "X"}
    assert text("deal.cooldown", Lang.SV, **often).startswith(
        "Du har fått 5 nya givar på 7,5 sekunder."
    )


def test_leaderboard_points_are_one_point_but_two_points() -> None:
    rows = [
        {"user_id": 7, "points": 1, "correct": 1, "place": 1},
        {"user_id": 8, "points": 1500, "correct": 9, "place": 2},
    ]
    assert score_lines(rows, Lang.EN) == [
        "**1.** <@7> – 1 pt (1 right)",
        "**2.** <@8> – 1,500 pts (9 right)",
    ]
    assert score_lines(rows, Lang.SV)[1] == f"**2.** <@8> – 1{NBSP}500 p (9 rätt)"


# --- dates and glosses -------------------------------------------------------------------


def test_months_and_days_are_named_by_the_locale() -> None:
    assert month_name("2026-12", Lang.SV) == "december 2026"
    assert month_name("2026-05", Lang.EN) == "May 2026"
    hand = parse_hand("As Ad Kh Jh 8h 5h 2h")
    answers = [{"answer": "As Ad", "correct": 1, "n": 1}]
    day = date.today().replace(month=12, day=1).isoformat()
    assert yesterday_text(day, hand, 1, 1, answers, Lang.SV).startswith("1 december: ")
    assert yesterday_text(day, hand, 1, 1, answers, Lang.EN).startswith("1 December: ")


@pytest.mark.parametrize("lang", [Lang.SV, Lang.EN])
def test_words_a_reader_may_not_know_are_glossed_beside_the_verbatim_quote(lang: Lang) -> None:
    moved = quote_rules([RULES["straight-flush.pair-moved"]], lang)
    assert f"> {RULES['straight-flush.pair-moved'].swedish}\n" in moved  # still verbatim
    gloss = moved.splitlines()[-1]
    assert "flytta fram paret" in gloss
    assert ("tvåkortshanden" if lang == Lang.SV else "two-card hand") in gloss
    assert gloss.startswith("*Förklaring från houseway" if lang == Lang.SV else "*houseway's note")
    assert "splitta" in quote_rules([RULES["four-of-a-kind.aces"]], lang).splitlines()[-1]
    assert "houseway" not in quote_rules([RULES["full-house"]], lang)


# --- through the stand-in ----------------------------------------------------------------


async def test_stats_and_daily_say_one_day_one_hand_and_one_point(
    fake_discord: FakeDiscord, practice_bot: HousewayBot, any_database_url: str
) -> None:
    """One hand practised, one daily hand right, one quiz point: singular everywhere, in
    English and in Swedish ("Rätt 1 dagar i rad" and "1 hands" were the bugs)."""
    frida = fake_discord.make_user("frida")
    session = await practise(fake_discord, frida)
    hand = hand_of(fake_discord.messages[session.original_message_id])
    await answer(fake_discord, session, frida, house_two(hand))

    daily = await fake_discord.send_command("daily", user=frida, locale="sv-SE")
    await fake_discord.wait_response(daily)
    message = fake_discord.messages[daily.original_message_id or 0]
    daily_hand = daily_hand_of(message)
    click = await fake_discord.click(
        message,
        menu_of(message, "daily:")["custom_id"],
        values=house_two(daily_hand),
        user=frida,
        locale="sv-SE",
    )
    result = (await fake_discord.wait_response(click)).embeds[0]
    assert field(result, "Dagens hand hittills").split("\n")[1] == "Rätt 1 dag i rad (bästa 1)."

    database = await open_database(any_database_url)
    try:
        await database.execute(
            "INSERT INTO scores (guild_id, user_id, month, points, correct, answered)"
            " VALUES ($1, $2, '2026-01', 1, 1, 1)",
            fake_discord.default_guild.id,
            frida.id,
        )
    finally:
        await database.close()

    english = await fake_discord.send_command("stats view", user=frida)
    embed: dict[str, Any] = (await fake_discord.wait_response(english)).embeds[0]
    assert field(embed, "The last 30 days") == "1 hand, 100% right"
    assert field(embed, "Hand of the day") == "1 day answered · right 1 day in a row (best 1)"
    assert field(embed, "Quiz in this server") == "1 point · rank 1 of 1"
    assert field(embed, "Streak") == "now 1, best 1"

    swedish = await fake_discord.send_command("stats view", user=frida, locale="sv-SE")
    embed = (await fake_discord.wait_response(swedish)).embeds[0]
    assert field(embed, "Senaste 30 dagarna") == f"1 hand, 100{NBSP}% rätt"
    assert field(embed, "Dagens hand") == "1 dag besvarad · rätt 1 dag i rad (bästa 1)"
    assert field(embed, "Quiz på den här servern") == "1 poäng · plats 1 av 1"
    assert field(embed, "Rätt i rad") == "just nu 1, rekord 1"
