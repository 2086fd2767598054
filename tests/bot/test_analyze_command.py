"""/analyze through the Discord stand-in, and its embed and chart as pure functions.

Values a person can check by hand are written out (the royal flush kept with the nines
low, the hand, the number of dealer hands); EVs and counts come from running
``houseway.analysis.analyze`` here, exactly as the bot does, and are formatted here by hand:
signed, with a real minus sign (U+2212), the decimal comma in Swedish.
"""

from __future__ import annotations

import functools
import io
import re
import sys
import time
from dataclasses import replace
from decimal import Decimal

import pytest
from PIL import Image

from bot.app.client import HousewayBot
from bot.cogs import analyze as analyze_cog
from bot.cogs.analyze import analysis_bars, analysis_embed, chart_description
from bot.pictures import chart
from bot.pictures.chart import Bar, render_bar_chart
from houseway.analysis.analyze import Analysis, SplitResult, analyze
from houseway.cards import parse_cards, parse_hand, pretty_card
from houseway.language import Lang
from houseway.learning.explain.player import explain_player
from houseway.strategy import player_way
from tests.bot.fixtures import metrics_show
from tests.fakediscord import CallbackType, FakeDiscord

ROYAL = "As Ks Qs Js Ts 9h 9d"
#: The house keeps the straight (a rule) although splitting the pair of aces wins more.
STRAIGHT_KEPT = "3c JK 5d Jc Qh Ac Kh"
#: The second and third best splits (ten-deuce and ten-six low) are 0.0000004 apart.
NEAR_TIE = "Ad Th 9h 8c 6h 3h 2s"
DEALER_HANDS = 53_524_680
GOLD = (245, 182, 28)
HOUSE = "🏠"
MINUS = "\u2212"


@functools.cache
def expected(hand: str) -> Analysis:
    return analyze(parse_hand(hand))


def figure(value: float, digits: int, lang: str = "en", signed: bool = True) -> str:
    shown = f"{value:{'+' if signed else ''}.{digits}f}".replace("-", MINUS)
    return shown.replace(".", ",") if lang == "sv" else shown


def gap_shown(best: SplitResult, split: SplitResult, digits: int, lang: str = "en") -> str:
    """What ``split`` gives less than ``best``, as the difference of the two figures shown
    (worked out in decimal arithmetic here, not as the bot does it)."""
    shown = Decimal(f"{best.ev:.{digits}f}") - Decimal(f"{split.ev:.{digits}f}")
    return figure(float(shown), digits, lang, signed=False)


def cards(split: SplitResult) -> str:
    """A split on one line, as "The other splits" lists it: ``A♦ 10♥ 8♣ 3♥ 2♠ · 9♥ 6♥``."""
    five, two = (" ".join(pretty_card(c) for c in hand) for hand in (split.five, split.two))
    return f"{five} · {two}"


def shares(split: SplitResult, lang: str = "en") -> str:
    counts = (split.wins, split.pushes, split.losses)
    win, push, loss = (f"{100 * n / DEALER_HANDS:.2f}" for n in counts)
    if lang == "sv":
        win, push, loss = (f"{x.replace('.', ',')}\u00a0%" for x in (win, push, loss))
        return f"Vinst {win} · oavgjort {push} · förlust {loss}"
    return f"Win {win}% · push {push}% · loss {loss}%"


def chart_of(sent) -> Image.Image:  # type: ignore[no-untyped-def]
    image = Image.open(io.BytesIO(sent.file("analysis.png").data))
    image.load()
    return image


def split_rows(embed: dict) -> list[dict]:
    """The fields that are splits ("1. Royal flush / Pair …"), in order."""
    return [f for f in embed["fields"] if f["name"][0].isdigit()]


def field(embed: dict, name: str) -> str:
    return next(f["value"] for f in embed["fields"] if f["name"] == name)


def gold_rows(image: Image.Image) -> set[int]:
    """Which chart rows (0 = top) hold the highlight colour."""
    rgb = image.convert("RGB")
    rows = set()
    for row in range((image.height - 2 * chart.MARGIN) // chart.ROW_HEIGHT):
        y = chart.MARGIN + row * chart.ROW_HEIGHT + chart.ROW_HEIGHT // 2
        if any(rgb.getpixel((x, y)) == GOLD for x in range(0, image.width, 2)):
            rows.add(row)
    return rows


def bar_pixels(image: Image.Image, row: int, colour: tuple[int, int, int]) -> int:
    """How many pixels of ``colour`` lie on the middle line of a chart row, right of the mark."""
    rgb = image.convert("RGB")
    y = chart.MARGIN + row * chart.ROW_HEIGHT + chart.ROW_HEIGHT // 2
    return sum(rgb.getpixel((x, y)) == colour for x in range(chart.MARK_WIDTH, image.width))


async def run_analyze(
    fake: FakeDiscord, hand: str, locale: str
) -> tuple[float, dict, Image.Image, str]:
    """Send /analyze; check the deferral; return (seconds to follow-up, embed, chart, alt text)."""
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
    assert followup.message_id is not None
    [attachment] = fake.messages[followup.message_id].attachments
    assert not fake.messages[followup.message_id].ephemeral
    return seconds, embed, chart_of(followup), attachment.get("description", "")


def no_error_bars(embed: dict) -> None:
    """Exact figures: no ± and no word of standard errors or noise anywhere."""
    words = str(embed)
    for sampled in ("±", "standard", "standardfel", "seed", "slumpfrö", "brus", "noise"):
        assert sampled not in words


async def test_analyze_in_english(fake_discord: FakeDiscord, houseway_bot: HousewayBot) -> None:
    seconds, embed, image, alt = await run_analyze(fake_discord, ROYAL, "en-US")
    assert seconds < 9.5
    print(f"\n/analyze dispatch -> follow-up: {seconds:.3f} s (first in this bot)")
    analysis = expected(ROYAL)
    best = analysis.best
    assert embed["title"] == "Analysis of A♠  K♠  Q♠  J♠  10♠  9♥  9♦"
    no_error_bars(embed)
    rows = split_rows(embed)
    assert len(rows) == 5  # the house way is among them: no extra row
    # By hand: the royal flush stays together and the pair of nines goes low.
    assert rows[0]["name"] == "1. Royal flush / Pair  🏠 House Way"
    assert rows[0]["value"] == (
        f"A♠  K♠  Q♠  J♠  10♠  ·  9♥  9♦\nEV {figure(best.ev, 4)}\n{shares(best)}"
    )
    assert 0.85 < best.ev < 0.95  # a royal flush and a pair of nines nearly always win
    assert best.wins + best.pushes + best.losses == DEALER_HANDS
    assert [HOUSE in row["name"] for row in rows] == [True, False, False, False, False]
    for place, (row, split) in enumerate(zip(rows, analysis.splits, strict=False), 1):
        assert row["name"].startswith(f"{place}. {split.five_name()} / {split.two_name()}")
        if place > 1:
            gap = gap_shown(best, split, 4)
            assert f"EV {figure(split.ev, 4)} · {gap} less than the best\n" in row["value"]
        assert row["value"].endswith(shares(split))
    # Every split's EV: the rest one line each, named by its cards, negative ones with a
    # real minus sign.
    others = field(embed, "The other splits (EV)").split("\n")
    assert len(others) == len(analysis.splits) - 5
    assert others[0] == "6. 9♥ 9♦ K♠ Q♠ J♠ · A♠ 10♠  +0.0668"
    for line, (place, split) in zip(others, enumerate(analysis.splits[5:], 6), strict=True):
        assert line == f"{place}. {cards(split)}  {figure(split.ev, 4)}"
    assert any(MINUS in line for line in others) and all("-" not in line for line in others)
    runner_up = analysis.splits[1]
    assert field(embed, "🏠 The house way") == (
        f"Place 1 of {len(analysis.splits)}: the best split. The next best gives "
        f"{gap_shown(best, runner_up, 4)} less per unit bet."
    )
    assert embed["description"].startswith("Exact expected value (EV) per unit bet")
    assert "against all 53,524,680 hands the dealer can hold" in embed["description"]
    assert "A win pays 0.95" in embed["description"]
    assert embed["footer"]["text"].startswith("Exact: all 53,524,680 dealer hands")
    assert image.format == "PNG"
    assert image.width == 800 and 300 <= image.height <= 500
    assert gold_rows(image) == {0}  # the house way's row, though its bar has no length
    assert alt == (  # cards in words, as in every picture's alt text
        "Bar chart: how much less each split gives than the best. "
        "The house way (two-card hand: 9 of hearts, 9 of diamonds) is the best. "
        "The player's way, the project's advice, sets the hand the same way."
    )
    # The player's way keeps the royal flush too: one line says so, no split repeated.
    assert field(embed, "🧭 The player's way (the project's advice)") == (
        "The same split as the house way."
    )
    assert not any("🧭" in row["name"] for row in rows)


async def test_analyze_in_swedish(fake_discord: FakeDiscord, houseway_bot: HousewayBot) -> None:
    _seconds, embed, image, alt = await run_analyze(fake_discord, STRAIGHT_KEPT, "sv-SE")
    analysis = expected(STRAIGHT_KEPT)
    house = analysis.house
    assert embed["title"] == "Analys av A♣  K♥  Q♥  J♣  5♦  3♣  🃏"
    no_error_bars(embed)
    rows = split_rows(embed)
    assert [row["name"].split(".")[0] for row in rows] == ["1", "2", "3", "4", "5", "8"]
    assert rows[-1]["name"] == "8. Stege / Högt kort  🏠 Huset väljer"
    assert house.ev < 0
    # +0,2683 and −0,0271 are shown: the difference is 0,2954 (the exact one, 0.295483,
    # would round to 0,2955).
    assert rows[0]["value"].split("\n")[1] == "Väntevärde +0,2683"
    assert rows[-1]["value"] == (
        f"A♣  K♥  Q♥  J♣  🃏  ·  5♦  3♣\nVäntevärde {MINUS}0,0271 · 0,2954 mindre än den bästa\n"
        f"{shares(house, 'sv')}"
    )
    assert field(embed, "🏠 Husets delning") == (
        f"Plats 8 av {len(analysis.splits)}: ger 0,2954 mindre per insatt enhet än den bästa "
        "delningen."
    )
    assert embed["description"].startswith("Exakt väntevärde per insatt enhet")
    assert "förväntat" not in str(embed) and "förlorar" not in str(embed)
    others = field(embed, "Övriga delningar (väntevärde)").split("\n")
    assert [line.split(".")[0] for line in others] == ["6", "7", "9", "10", "11", "12", "13", "14"]
    assert others[0] == "6. A♣ 🃏 K♥ J♣ 3♣ · Q♥ 5♦  +0,0365"
    for line, (place, split) in zip(others[2:], enumerate(analysis.splits[8:], 9), strict=True):
        assert line == f"{place}. {cards(split)}  {figure(split.ev, 4, 'sv')}"
    assert "Vinst ger 0,95" in embed["description"]
    assert "förlust −1" in embed["description"]
    assert embed["footer"]["text"].startswith("Exakt: alla 53\u00a0524\u00a0680 givarhänder")
    assert image.width == 800
    assert gold_rows(image) == {7}
    # The player's way gives up the straight (the pair of aces stays, K-Q go low): the best.
    assert alt == (
        "Stapeldiagram: hur mycket mindre varje delning ger än den bästa. "
        "Husets delning (tvåkortshand: ruter 5, klöver 3) ger 0,2954 mindre per insatt enhet. "
        "Spelarens sätt, projektets råd (tvåkortshand: hjärter kung, hjärter dam), är den bästa."
    )


#: The player's way keeps both pairs and plays the ace low (pw.two-pairs.ace-together); the
#: house splits the pairs.
PW_TWO_PAIRS = "Ad 8s 6s 6d 4h 4c 2c"
#: Cases where the player's way sets the hand otherwise than the house, written out by hand:
#: the hand, the locale, the rule's name and the house-way rule it changes, the two-card
#: hands of the player's way and the house way, the alt text's sentence of the player's way.
PLAYER_CASES = [
    (
        NEAR_TIE,  # high card with an ace, the third-highest a nine: T-2 low, not T-9
        "en-US",
        "Ace high: second-highest with the lowest",
        "High card",
        "Th 2s",
        "Th 9h",
        " The player's way, the project's advice (two-card hand: 10 of hearts, 2 of spades), "
        "gives {gap} less per unit bet.",
    ),
    (
        NEAR_TIE,
        "sv-SE",
        "Ess högt: näst högsta med lägsta",
        "Högt kort",
        "Th 2s",
        "Th 9h",
        " Spelarens sätt, projektets råd (tvåkortshand: hjärter 10, spader 2), ger {gap} "
        "mindre per insatt enhet.",
    ),
    (
        PW_TWO_PAIRS,
        "sv-SE",
        "Håll ihop låga par med ess",
        "Två par delas",
        "Ad 8s",
        "4h 4c",
        " Spelarens sätt, projektets råd (tvåkortshand: ruter ess, spader 8), är den bästa.",
    ),
    (
        PW_TWO_PAIRS,
        "en-US",
        "Keep low pairs together with an ace",
        "Two pairs split",
        "Ad 8s",
        "4h 4c",
        " The player's way, the project's advice (two-card hand: ace of diamonds, 8 of spades), "
        "is the best.",
    ),
]


def split_with_two(analysis: Analysis, two: str) -> tuple[int, SplitResult]:
    """The place and split whose two-card hand is these cards."""
    low = set(parse_cards(two, 2))
    return next(
        (place, split) for place, split in enumerate(analysis.splits, 1) if set(split.two) == low
    )


def marked_rows(image: Image.Image, colour: tuple[int, int, int]) -> set[int]:
    """Which chart rows (0 = top) have a mark of ``colour`` at the left edge."""
    rgb = image.convert("RGB")
    rows = set()
    for row in range((image.height - 2 * chart.MARGIN) // chart.ROW_HEIGHT):
        y = chart.MARGIN + row * chart.ROW_HEIGHT + chart.ROW_HEIGHT // 2
        if any(rgb.getpixel((x, y)) == colour for x in range(chart.MARK_WIDTH)):
            rows.add(row)
    return rows


@pytest.mark.parametrize(
    ("hand", "locale", "rule", "house_rule", "player_two", "house_two", "alt_tail"), PLAYER_CASES
)
async def test_analyze_shows_the_players_way_beside_the_house_way_and_the_best(
    fake_discord: FakeDiscord,
    houseway_bot: HousewayBot,
    hand: str,
    locale: str,
    rule: str,
    house_rule: str,
    player_two: str,
    house_two: str,
    alt_tail: str,
) -> None:
    """The three splits, each with its EV and what it gives less than the best as the
    difference of the figures shown; the rule by its name, marked as the project's advice,
    and why it sets the hand so, on these cards."""
    _seconds, embed, image, alt = await run_analyze(fake_discord, hand, locale)
    lang = locale[:2]
    analysis = expected(hand)
    best = analysis.best
    place, player = split_with_two(analysis, player_two)
    house_place, house = split_with_two(analysis, house_two)
    assert house is analysis.house and player is not house
    evs = [split.ev for split in analysis.splits]
    digits = next(d for d in range(4, 11) if len({f"{ev:.{d}f}" for ev in evs}) == len(evs))
    sv = lang == "sv"
    less = "mindre än den bästa" if sv else "less than the best"

    def line(label: str, split: SplitResult) -> str:
        if split is best:
            tail = (
                ""
                if label.startswith(("Bästa", "The best"))
                else (" · den bästa" if sv else " · the best")
            )
        else:
            tail = f" · {gap_shown(best, split, digits, lang)} {less}"
        return f"{label}: {cards(split)}  {figure(split.ev, digits, lang)}{tail}"

    heading = (
        "🧭 Spelarens sätt (projektets råd)" if sv else "🧭 The player's way (the project's advice)"
    )
    changes = (
        f"Regeln **{rule}** ändrar husets regel *{house_rule}*:"
        if sv
        else f"The rule **{rule}** changes the house way's rule *{house_rule}*:"
    )
    # Why, on these cards: the player's way's rule said on the member's own cards.
    said = explain_player(player_way(parse_hand(hand)))
    assert said is not None and said.rule == player_way(parse_hand(hand)).rule
    assert field(embed, heading).split("\n") == [
        changes,
        f"→ {said.text(Lang.SV if sv else Lang.EN)}",
        line("Bästa delningen" if sv else "The best split", best),
        line("🏠 Huset väljer" if sv else "🏠 House Way", house),
        line("🧭 Spelarens sätt" if sv else "🧭 The player's way", player),
    ]
    # Its row in the list is marked (and shown in detail even when it is not among the best).
    rows = {int(row["name"].split(".")[0]): row["name"] for row in split_rows(embed)}
    assert rows[place].endswith("🧭 Spelarens sätt" if sv else "🧭 The player's way")
    assert [n for n, name in rows.items() if "🧭" in name] == [place]
    assert embed["footer"]["text"].endswith(
        " · stapeln för spelarens sätt är blå" if sv else " · the player's way's bar is blue"
    )
    assert len(str(embed)) < 6000
    # In the chart: its row has a mark of its own colour, the house way's the gold one.
    shown = sorted({*range(1, 9), house_place, place})
    assert marked_rows(image, analyze_cog.PLAYER_COLOUR) == {shown.index(place)}
    assert marked_rows(image, GOLD) == {shown.index(house_place)}
    assert alt.endswith(alt_tail.format(gap=gap_shown(best, player, digits, lang)))


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
    # /houseway warm first (card faces drawn once), so that only the analysis is cold.
    await fake_discord.wait_response(await fake_discord.send_command("houseway", {"hand": ROYAL}))
    analysing = await fake_discord.send_command("analyze", {"hand": ROYAL})
    houseway = await fake_discord.send_command("houseway", {"hand": ROYAL})
    answered = await fake_discord.wait_response(houseway)
    [followup] = await fake_discord.wait_followups(analysing, 1, timeout=10.0)
    assert analysing.dispatched_at is not None and houseway.response_time is not None
    cold = followup.at - analysing.dispatched_at
    assert answered.at < followup.at, "/houseway waited for the analysis"
    # On the event loop, the first analysis (numpy and the class table loaded, then counted:
    # about half a second of CPU) would have delayed /houseway by as much.
    assert houseway.response_time < cold / 3
    warm, _embed, _image, _alt = await run_analyze(fake_discord, ROYAL, "en-US")
    assert cold < 9.5 and warm < 9.5
    print(
        f"\n/analyze dispatch -> follow-up: {cold:.3f} s (first, pool starting), "
        f"{warm:.3f} s (second); /houseway meanwhile {houseway.response_time * 1000:.1f} ms"
    )


async def test_timeout_is_told_privately(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The public "thinking…" goes away and only the member hears that it took too long."""
    # discord.py loads an extension as a fresh module object: patch the one in use.
    monkeypatch.setattr(sys.modules["bot.cogs.analyze"], "ANALYSIS_TIMEOUT", 0.001)
    interaction = await fake_discord.send_command("analyze", {"hand": ROYAL}, locale="sv-SE")
    first = await fake_discord.wait_response(interaction)
    assert first.callback_type == CallbackType.DEFERRED_CHANNEL_MESSAGE
    [followup] = await fake_discord.wait_followups(interaction, 1)
    assert followup.content is not None
    assert "Analysen tog för lång tid (över 0.001 s)" in followup.content
    assert followup.embeds == []
    assert followup.message_id is not None
    assert fake_discord.messages[followup.message_id].ephemeral
    assert interaction.original_message_id is not None
    assert fake_discord.messages[interaction.original_message_id].deleted
    await metrics_show(
        houseway_bot, ['houseway_interactions_total{command="analyze",outcome="timeout"} 1.0']
    )


def test_close_splits_get_the_decimals_that_tell_them_apart() -> None:
    analysis = expected(NEAR_TIE)
    second, third = analysis.splits[1], analysis.splits[2]
    # Four or five decimals would show the two as equal; six tell them apart.
    assert second.ev != third.ev
    assert f"{second.ev:.5f}" == f"{third.ev:.5f}" and f"{second.ev:.6f}" != f"{third.ev:.6f}"
    embed = analysis_embed(analysis, "en").to_dict()
    rows = split_rows(embed)
    best = analysis.best
    assert f"EV {figure(second.ev, 6)} · {gap_shown(best, second, 6)} less" in rows[1]["value"]
    assert f"EV {figure(third.ev, 6)} · {gap_shown(best, third, 6)} less" in rows[2]["value"]
    assert rows[0]["value"].split("\n")[1] == f"EV {figure(best.ev, 6)}"
    assert f"gives {gap_shown(best, analysis.house, 6)} less per unit bet" in field(
        embed, "🏠 The house way"
    )
    bars = analysis_bars(analysis, "sv")
    assert bars[1].value_text != bars[2].value_text
    assert bars[1].value_text == MINUS + gap_shown(best, second, 6, "sv")


def test_the_other_splits_stay_within_discords_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Named by their cards, the rows are longer than names were: more rows than a hand can
    have (21), at ten decimals, go on in a second field; no field over 1,024 characters, the
    embed under 6,000."""
    monkeypatch.setattr(analyze_cog, "shown_digits", lambda analysis: 10)
    analysis = expected(NEAR_TIE)
    others = [replace(split, house_way=False) for split in analysis.splits]
    many = replace(analysis, splits=(*analysis.splits, *others, *others))
    embed = analysis_embed(many, "sv")
    assert len(embed) <= 6000
    assert all(len(f.value or "") <= 1024 and len(f.name or "") <= 256 for f in embed.fields)
    listed = [f for f in embed.fields if (f.name or "").startswith("Övriga delningar")]
    assert [f.name for f in listed] == [
        "Övriga delningar (väntevärde)",
        "Övriga delningar, fortsättning",
    ]
    lines = "\n".join(f.value or "" for f in listed).split("\n")
    house = many.house_rank  # shown in detail
    assert [line.split(".")[0] for line in lines] == [
        str(n) for n in range(6, len(many.splits) + 1) if n != house
    ]
    assert lines[-1].endswith(figure(others[-1].ev, 10, "sv"))


def test_the_chart_shows_what_each_split_gives_up() -> None:
    analysis = expected(STRAIGHT_KEPT)
    bars = analysis_bars(analysis, "sv")
    assert len(bars) == 8
    assert [bar.highlight for bar in bars] == [False] * 7 + [True]
    assert bars[0].value == 0 and bars[0].value_text == "0,0000"  # the best: zero, unsigned
    assert [bar.value for bar in bars] == [-split.gap for split in analysis.splits[:8]]
    assert bars[-1].label == "8.  A K Q J Jkr  /  5 3"
    assert bars[-1].value_text == MINUS + "0,2954"  # +0,2683 − (−0,0271), as shown
    # The player's way (the best split here) has a bar and a mark of its own colour.
    assert [bar.mark is not None for bar in bars] == [True] + [False] * 7
    assert bars[0].colour == bars[0].mark and bars[0].colour not in (None, GOLD)
    assert chart_description(analysis, "en") == (
        "Bar chart: how much less each split gives than the best. The house way "
        "(two-card hand: 5 of diamonds, 3 of clubs) gives 0.2954 less per unit bet. "
        "The player's way, the project's advice (two-card hand: king of hearts, queen of "
        "hearts), is the best."
    )


def test_chart_draws_negative_bars_and_sizes_by_rows() -> None:
    bars = [
        Bar("1.  A A  /  K", 0.5, "+0.5000"),
        Bar("2.  K K  /  A", -0.25, "\u22120.2500", highlight=True),
    ]
    image = Image.open(io.BytesIO(render_bar_chart(bars)))
    assert image.format == "PNG"
    assert image.size == (800, 2 * chart.MARGIN + 2 * chart.ROW_HEIGHT)
    assert gold_rows(image) == {1}
    with pytest.raises(ValueError):
        render_bar_chart([])


def test_a_tiny_loss_is_never_drawn_like_the_best() -> None:
    """Next to a split that gives up half a unit, one that gives up 0.0001 still has a
    bar, and the best (highlighted, no bar) still shows as the house way's row."""
    bars = [
        Bar("1.  A A  /  K", 0.0, "0.0000", highlight=True),
        Bar("2.  K K  /  A", -0.0001, "\u22120.0001"),
        Bar("3.  Q Q  /  A", -0.5, "\u22120.5000"),
    ]
    image = Image.open(io.BytesIO(render_bar_chart(bars)))
    assert gold_rows(image) == {0}
    assert bar_pixels(image, 0, GOLD) == 0
    assert bar_pixels(image, 1, chart._BAR) >= chart.MIN_BAR
    assert bar_pixels(image, 2, chart._BAR) > 100


# --- one member cannot starve the others ------------------------------------------------------

RETRY_STAMP = re.compile(r"<t:(\d+):R>")


async def test_a_burst_from_one_member_is_refused_privately_and_others_are_answered(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    """Sixty /analyze from one member at once: a few are answered, the rest refused
    privately with when to retry; another member's /analyze is still answered in time."""
    flooder = fake_discord.make_user("flooder")
    other = fake_discord.make_user("other")
    before = time.time()  # the cooldown's window opens after this, at the first use
    burst = [
        await fake_discord.send_command("analyze", {"hand": ROYAL}, user=flooder) for _ in range(60)
    ]
    theirs = await fake_discord.send_command(
        "analyze", {"hand": STRAIGHT_KEPT}, user=other, locale="sv-SE"
    )
    first = await fake_discord.wait_response(theirs)
    assert first.callback_type == CallbackType.DEFERRED_CHANNEL_MESSAGE
    [answer] = await fake_discord.wait_followups(theirs, 1, timeout=10.0)
    assert theirs.dispatched_at is not None
    seconds = answer.at - theirs.dispatched_at
    assert seconds < 9.0, "the other member's analysis waited for the burst"
    assert answer.embeds and answer.embeds[0]["title"].startswith("Analys av")
    print(f"\nother member's /analyze during a burst of 60: answered in {seconds:.3f} s")

    responses = [await fake_discord.wait_response(i) for i in burst]
    after = time.time()  # every refusal was written before this
    answered = [i for i, r in zip(burst, responses, strict=True) if not r.ephemeral]
    refused = [r for r in responses if r.ephemeral]
    assert len(answered) == 4 and len(refused) == 56
    for sent in refused:
        assert sent.callback_type == CallbackType.CHANNEL_MESSAGE
        assert sent.content is not None and "You can use it again" in sent.content
        [stamp] = RETRY_STAMP.findall(sent.content)
        # "again" is the window's start (after ``before``, before the refusal) + 30 s, rounded up
        assert before + 29 < int(stamp) <= after + 31
    for interaction in answered:
        [followup] = await fake_discord.wait_followups(interaction, 1, timeout=10.0)
        assert followup.embeds and not followup.ephemeral
    await metrics_show(
        houseway_bot, ['houseway_interactions_total{command="analyze",outcome="cooldown"} 56.0']
    )


async def test_a_full_queue_refuses_at_once_and_frees_its_places(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    cog = houseway_bot.get_cog("AnalyzeCog")
    assert cog is not None
    cog.max_in_flight = 2  # type: ignore[attr-defined]
    # Both workers busy for a while: the next analyses wait in the pool, in flight.
    pool = cog.pool.executor()  # type: ignore[attr-defined]
    workers = [pool.submit(time.sleep, 2.0) for _ in range(2)]
    members = [fake_discord.make_user(f"member{n}") for n in range(3)]
    waiting = [
        await fake_discord.send_command("analyze", {"hand": ROYAL}, user=member)
        for member in members[:2]
    ]
    for interaction in waiting:
        deferred = await fake_discord.wait_response(interaction)
        assert deferred.callback_type == CallbackType.DEFERRED_CHANNEL_MESSAGE
    full = await fake_discord.send_command(
        "analyze", {"hand": ROYAL}, user=members[2], locale="sv-SE"
    )
    refused = await fake_discord.wait_response(full)
    assert refused.callback_type == CallbackType.CHANNEL_MESSAGE and refused.ephemeral
    assert full.response_time is not None and full.response_time < 1.0
    assert refused.content is not None and "2 analyser" in refused.content
    for interaction in waiting:
        [answer] = await fake_discord.wait_followups(interaction, 1, timeout=10.0)
        assert answer.embeds
    assert all(worker.done() for worker in workers)
    again = await fake_discord.send_command("analyze", {"hand": ROYAL}, user=members[2])
    assert (await fake_discord.wait_response(again)).callback_type == (
        CallbackType.DEFERRED_CHANNEL_MESSAGE
    )
    [answer] = await fake_discord.wait_followups(again, 1, timeout=10.0)
    assert answer.embeds
    await metrics_show(
        houseway_bot, ['houseway_interactions_total{command="analyze",outcome="busy"} 1.0']
    )
