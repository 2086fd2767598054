"""/analyze through the Discord stand-in, and its embed and chart as pure functions.

Values a person can check by hand are written out (the royal flush kept with the nines
low, the hand, the deal count, the seed); EVs and standard errors come from running
``houseway.analyze`` here with the same deals and seed as the bot.
"""

from __future__ import annotations

import dataclasses
import functools
import io
import sys

import pytest
from PIL import Image

from bot import chart
from bot.chart import Bar, render_bar_chart
from bot.client import HousewayBot
from bot.cogs.analyze import analysis_bars, analysis_embed
from houseway.analyze import Analysis, analyze
from houseway.cards import parse_hand
from tests.bot.fixtures import metrics_show
from tests.fakediscord import CallbackType, FakeDiscord

ROYAL = "As Ks Qs Js Ts 9h 9d"
#: The house keeps the straight (a rule) although splitting the pair of aces wins more.
STRAIGHT_KEPT = "3c JK 5d Jc Qh Ac Kh"
DEALS = 20_000
SEED = 0
GOLD = (245, 182, 28)
HOUSE = "🏠"


@functools.cache
def expected(hand: str) -> Analysis:
    return analyze(parse_hand(hand), DEALS, SEED)


def chart_of(sent) -> Image.Image:  # type: ignore[no-untyped-def]
    image = Image.open(io.BytesIO(sent.file("analysis.png").data))
    image.load()
    return image


def split_rows(embed: dict) -> list[dict]:
    """The fields that are splits ("1. Royal flush / Pair …"), in order."""
    return [f for f in embed["fields"] if f["name"][0].isdigit()]


def gold_rows(image: Image.Image) -> set[int]:
    """Which chart rows (0 = top) hold the highlight colour."""
    rgb = image.convert("RGB")
    rows = set()
    for row in range((image.height - 2 * chart.MARGIN) // chart.ROW_HEIGHT):
        y = chart.MARGIN + row * chart.ROW_HEIGHT + chart.ROW_HEIGHT // 2
        if any(rgb.getpixel((x, y)) == GOLD for x in range(0, image.width, 2)):
            rows.add(row)
    return rows


async def run_analyze(fake: FakeDiscord, hand: str, locale: str) -> tuple[float, dict, Image.Image]:
    """Send /analyze; check the deferral; return (seconds to follow-up, embed, chart)."""
    interaction = await fake.send_command("analyze", {"hand": hand}, locale=locale)
    first = await fake.wait_response(interaction)
    assert first.callback_type == CallbackType.DEFERRED_CHANNEL_MESSAGE
    assert not first.ephemeral
    [followup] = await fake.wait_followups(interaction, 1, timeout=10.0)
    assert interaction.dispatched_at is not None
    seconds = followup.at - interaction.dispatched_at
    assert followup.allowed_mentions == {"parse": []}
    [embed] = followup.embeds
    assert embed["image"]["url"] == "attachment://analysis.png"
    return seconds, embed, chart_of(followup)


async def test_analyze_in_english(fake_discord: FakeDiscord, houseway_bot: HousewayBot) -> None:
    seconds, embed, image = await run_analyze(fake_discord, ROYAL, "en-US")
    assert seconds < 9.5
    print(f"\n/analyze dispatch -> follow-up: {seconds:.3f} s (first in this bot)")
    analysis = expected(ROYAL)
    best = analysis.best
    assert embed["title"] == "Analysis of A♠  K♠  Q♠  J♠  10♠  9♥  9♦"
    rows = split_rows(embed)
    assert len(rows) == 5  # the house way is among them: no extra row
    # By hand: the royal flush stays together and the pair of nines goes low.
    assert rows[0]["name"] == "1. Royal flush / Pair  🏠 House Way"
    assert rows[0]["value"].startswith("A♠  K♠  Q♠  J♠  10♠  ·  9♥  9♦\n")
    assert rows[0]["value"].endswith(f"EV {best.ev:+.4f} ± {best.se:.4f}")
    assert 0.85 < best.ev < 0.95  # a royal flush and a pair of nines nearly always win
    assert [HOUSE in row["name"] for row in rows] == [True, False, False, False, False]
    for place, (row, split) in enumerate(zip(rows, analysis.splits, strict=False), 1):
        assert row["name"].startswith(f"{place}. {split.five_name()} / {split.two_name()}")
        assert row["value"].endswith(f"EV {split.ev:+.4f} ± {split.se:.4f}")
    house = next(f for f in embed["fields"] if f["name"] == "🏠 The house way")
    runner_up = analysis.splits[1]
    assert house["value"] == (
        f"Place 1 of {len(analysis.splits)}: the best split. The next best gives up "
        f"{runner_up.gap:.4f} ± {runner_up.gap_se:.4f} units per hand."
    )
    assert "A win pays 0.95" in embed["description"]
    assert embed["footer"]["text"].startswith("20,000 dealer hands · seed 0")
    assert image.format == "PNG"
    assert image.width == 800 and 300 <= image.height <= 500
    assert gold_rows(image) == {0}


async def test_analyze_in_swedish(fake_discord: FakeDiscord, houseway_bot: HousewayBot) -> None:
    _seconds, embed, image = await run_analyze(fake_discord, ROYAL, "sv-SE")
    best = expected(ROYAL).best
    assert embed["title"] == "Analys av A♠  K♠  Q♠  J♠  10♠  9♥  9♦"
    rows = split_rows(embed)
    assert rows[0]["name"] == "1. Royal straight flush / Par  🏠 Huset väljer"
    assert rows[0]["value"].startswith("A♠  K♠  Q♠  J♠  10♠  ·  9♥  9♦\n")
    ev = f"{best.ev:+.4f} ± {best.se:.4f}".replace(".", ",")
    assert rows[0]["value"].endswith(f"Väntevärde {ev}")
    assert sum(HOUSE in row["name"] for row in rows) == 1
    house = next(f for f in embed["fields"] if f["name"] == "🏠 Husets delning")
    assert house["value"].startswith(f"Plats 1 av {len(expected(ROYAL).splits)}: den bästa")
    assert "Vinst ger 0,95" in embed["description"]
    assert embed["footer"]["text"].startswith("20\u00a0000 givarhänder · slumpfrö 0")
    assert image.width == 800
    assert gold_rows(image) == {0}


async def test_bad_input_is_an_ephemeral_error_without_deferring(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    for hand, locale, message in [
        ("As Ks Qs Js Ts 9h Zz", "en-US", "`Zz` is not a card"),
        ("As Ks Qs", "sv-SE", "sju kort, men jag hittade 3"),
    ]:
        interaction = await fake_discord.send_command("analyze", {"hand": hand}, locale=locale)
        sent = await fake_discord.wait_response(interaction)
        assert sent.callback_type == CallbackType.CHANNEL_MESSAGE
        assert sent.ephemeral
        [embed] = sent.embeds
        assert message in embed["description"]
        assert interaction.followups == []


async def test_event_loop_answers_while_analysing(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    analysing = await fake_discord.send_command("analyze", {"hand": ROYAL})
    houseway = await fake_discord.send_command("houseway", {"hand": ROYAL})
    answered = await fake_discord.wait_response(houseway)
    [followup] = await fake_discord.wait_followups(analysing, 1, timeout=10.0)
    assert analysing.dispatched_at is not None and houseway.response_time is not None
    cold = followup.at - analysing.dispatched_at
    assert answered.at < followup.at, "/houseway waited for the analysis"
    # On the event loop, the analysis (~0.4 s of CPU) would have delayed /houseway by as much.
    assert houseway.response_time < cold / 3
    warm, _embed, _image = await run_analyze(fake_discord, ROYAL, "en-US")
    assert cold < 9.5 and warm < 9.5
    print(
        f"\n/analyze dispatch -> follow-up: {cold:.3f} s (first, pool starting), "
        f"{warm:.3f} s (second); /houseway meanwhile {houseway.response_time * 1000:.1f} ms"
    )


async def test_timeout_sends_a_clear_follow_up(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    # discord.py loads an extension as a fresh module object: patch the one in use.
    monkeypatch.setattr(sys.modules["bot.cogs.analyze"], "ANALYSIS_TIMEOUT", 0.001)
    interaction = await fake_discord.send_command("analyze", {"hand": ROYAL}, locale="sv-SE")
    first = await fake_discord.wait_response(interaction)
    assert first.callback_type == CallbackType.DEFERRED_CHANNEL_MESSAGE
    [followup] = await fake_discord.wait_followups(interaction, 1)
    assert followup.content is not None
    assert "Analysen tog för lång tid (över 0.001 s)" in followup.content
    assert followup.embeds == []
    await metrics_show(
        houseway_bot, ['houseway_interactions_total{command="analyze",outcome="timeout"} 1.0']
    )


def test_house_way_below_the_top_rows_is_shown_with_its_cost() -> None:
    analysis = expected(STRAIGHT_KEPT)
    assert analysis.house_rank == 8  # keeping the straight costs a lot here
    embed = analysis_embed(analysis, "en").to_dict()
    rows = split_rows(embed)
    assert [row["name"].split(".")[0] for row in rows] == ["1", "2", "3", "4", "5", "8"]
    assert rows[-1]["name"] == "8. Straight / High card  🏠 House Way"
    assert rows[-1]["value"].startswith("A♣  K♥  Q♥  J♣  🃏  ·  5♦  3♣\n")
    house = analysis.house
    assert embed["fields"][-1]["value"] == (
        f"Place 8 of {len(analysis.splits)}: it gives up {house.gap:.4f} ± "
        f"{house.gap_se:.4f} units per hand against the best split."
    )
    bars = analysis_bars(analysis, "sv")
    assert len(bars) == 8
    assert [bar.highlight for bar in bars] == [False] * 7 + [True]
    assert bars[-1].label == "8.  A K Q J Jkr  /  5 3"
    assert bars[-1].value_text == f"{house.ev:+.4f}".replace(".", ",")


def test_gap_within_the_noise_is_said() -> None:
    analysis = expected(STRAIGHT_KEPT)
    close = [
        dataclasses.replace(split, gap=0.001, gap_se=0.004) if split.house_way else split
        for split in analysis.splits
    ]
    embed = analysis_embed(dataclasses.replace(analysis, splits=tuple(close)), "sv").to_dict()
    assert embed["fields"][-1]["value"].endswith("inom simuleringens brus (under två standardfel).")


def test_chart_draws_negative_bars_and_sizes_by_rows() -> None:
    bars = [
        Bar("1.  A A  /  K", 0.5, "+0.5000"),
        Bar("2.  K K  /  A", -0.25, "-0.2500", highlight=True),
    ]
    image = Image.open(io.BytesIO(render_bar_chart(bars)))
    assert image.format == "PNG"
    assert image.size == (800, 2 * chart.MARGIN + 2 * chart.ROW_HEIGHT)
    assert gold_rows(image) == {1}
    with pytest.raises(ValueError):
        render_bar_chart([])
