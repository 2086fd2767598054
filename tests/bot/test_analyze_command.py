"""/analyze through the Discord stand-in, and its embeds and chart as pure functions.

Values a person can check by hand are written out (the royal flush kept with the nines
low, the hand, the number of dealer hands); EVs and counts come from running
``houseway.analysis.analyze`` here, exactly as the bot does, and are formatted here by hand:
signed, four decimals, with a real minus sign (U+2212), the decimal comma in Swedish.

The answer leads with the best split, the house way's and the player's way's (#29 §3);
every split is behind its button.
"""

from __future__ import annotations

import functools
import io
import re
import sys
import time
from decimal import Decimal

import pytest
from PIL import Image

from bot.app.client import HousewayBot
from bot.cogs import analyze as analyze_cog
from bot.cogs.analyze import analysis_bars
from bot.pictures import chart
from bot.pictures.chart import Bar, render_bar_chart
from bot.texts.analysis import all_splits_embed, analysis_embed, chart_description
from bot.texts.pages import PAGE_BUDGET, embed_size
from houseway.analysis.analyze import Analysis, SplitResult, analyze
from houseway.cards import parse_cards, parse_hand, pretty_card, pretty_cards
from houseway.language import Lang
from houseway.learning.explain.player import explain_player
from houseway.strategy import player_way
from tests.bot.fixtures import metrics_show
from tests.fakediscord import CallbackType, FakeDiscord, FakeMessage

ROYAL = "As Ks Qs Js Ts 9h 9d"
#: The house keeps the straight (a rule) although splitting the pair of aces wins more.
STRAIGHT_KEPT = "3c JK 5d Jc Qh Ac Kh"
#: The second and third best splits (ten-deuce and ten-six low) are 0.0000004 apart.
NEAR_TIE = "Ad Th 9h 8c 6h 3h 2s"
DEALER_HANDS = 53_524_680
GOLD = (245, 182, 28)
HOUSE = "🏠"
MINUS = "\u2212"
#: The chart of an answer has a title's line and a legend's above its rows.
HEADER = 2 * chart.HEADER_LINE


@functools.cache
def expected(hand: str) -> Analysis:
    return analyze(parse_hand(hand))


def figure(value: float, lang: str = "en", signed: bool = True) -> str:
    """An EV as every reply shows it: four decimals (#29)."""
    shown = f"{value:{'+' if signed else ''}.4f}".replace("-", MINUS)
    return shown.replace(".", ",") if lang == "sv" else shown


def gap_shown(best: SplitResult, split: SplitResult, lang: str = "en") -> str:
    """What ``split`` gives less than ``best``, as the difference of the two figures shown
    (worked out in decimal arithmetic here, not as the bot does it)."""
    shown = Decimal(f"{best.ev:.4f}") - Decimal(f"{split.ev:.4f}")
    return figure(float(shown), lang, signed=False)


def cards(split: SplitResult) -> str:
    """A split on one line, as the list of every split names it: ``A♦ 10♥ 8♣ 3♥ 2♠ · 9♥ 6♥``."""
    five, two = (" ".join(pretty_card(c) for c in hand) for hand in (split.five, split.two))
    return f"{five} · {two}"


def spaced(split: SplitResult) -> str:
    return f"{pretty_cards(split.five)}  ·  {pretty_cards(split.two)}"


def shares(split: SplitResult, lang: str = "en") -> str:
    counts = (split.wins, split.pushes, split.losses)
    win, push, loss = (f"{100 * n / DEALER_HANDS:.2f}" for n in counts)
    if lang == "sv":
        win, push, loss = (f"{x.replace('.', ',')}\u00a0%" for x in (win, push, loss))
        return f"vinst {win} · oavgjort {push} · förlust {loss}"
    return f"win {win}% · push {push}% · loss {loss}%"


def chart_of(sent) -> Image.Image:  # type: ignore[no-untyped-def]
    image = Image.open(io.BytesIO(sent.file("analysis.png").data))
    image.load()
    return image


def field(embed: dict, name: str) -> str:
    return next(f["value"] for f in embed["fields"] if f["name"] == name)


def row_middle(row: int, header: int) -> int:
    return chart.MARGIN + header + row * chart.ROW_HEIGHT + chart.ROW_HEIGHT // 2


def gold_rows(image: Image.Image, header: int = HEADER) -> set[int]:
    """Which chart rows (0 = top) hold the highlight colour."""
    rgb = image.convert("RGB")
    rows = set()
    for row in range((image.height - 2 * chart.MARGIN - header) // chart.ROW_HEIGHT):
        y = row_middle(row, header)
        if any(rgb.getpixel((x, y)) == GOLD for x in range(0, image.width, 2)):
            rows.add(row)
    return rows


def bar_pixels(image: Image.Image, row: int, colour: tuple[int, int, int]) -> int:
    """How many pixels of ``colour`` lie on the middle line of a chart row, right of the mark."""
    rgb = image.convert("RGB")
    y = row_middle(row, 0)
    return sum(rgb.getpixel((x, y)) == colour for x in range(chart.MARK_WIDTH, image.width))


async def run_analyze(
    fake: FakeDiscord, hand: str, locale: str
) -> tuple[float, dict, Image.Image, str, FakeMessage]:
    """Send /analyze; check the deferral; return (seconds to follow-up, embed, chart, alt
    text, the answer's message)."""
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
    message = fake.messages[followup.message_id]
    [attachment] = message.attachments
    assert not message.ephemeral
    return seconds, embed, chart_of(followup), attachment.get("description", ""), message


async def every_split(fake: FakeDiscord, message: FakeMessage, locale: str, **who) -> dict:  # type: ignore[no-untyped-def]
    """Press the answer's All splits button: the list, privately."""
    [button] = [c for c in message.custom_ids() if c.startswith("analyze:all:")]
    pressed = await fake.click(message, button, locale=locale, **who)
    sent = await fake.wait_response(pressed)
    if sent.callback_type == CallbackType.DEFERRED_CHANNEL_MESSAGE:
        [sent] = await fake.wait_followups(pressed, 1, timeout=10.0)
    assert sent.ephemeral
    [embed] = sent.embeds
    return embed


def no_error_bars(embed: dict) -> None:
    """Exact figures: no ± and no word of standard errors or noise anywhere."""
    words = str(embed)
    for sampled in ("±", "standard", "standardfel", "seed", "slumpfrö", "brus", "noise"):
        assert sampled not in words


def list_lines(embed: dict) -> list[list[str]]:
    """The list's splits, each as its lines (its cards, its EV, maybe its shares)."""
    return [block.split("\n") for block in re.split(r"\n(?=\*\*\d+\.\*\*)", embed["description"])]


async def test_analyze_in_english(fake_discord: FakeDiscord, houseway_bot: HousewayBot) -> None:
    seconds, embed, image, alt, message = await run_analyze(fake_discord, ROYAL, "en-US")
    assert seconds < 9.5
    print(f"\n/analyze dispatch -> follow-up: {seconds:.3f} s (first in this bot)")
    analysis = expected(ROYAL)
    best, count = analysis.best, len(analysis.splits)
    assert embed["title"] == "Analysis of A♠  K♠  Q♠  J♠  10♠  9♥  9♦"
    no_error_bars(embed)
    # The answer first: the best split (by hand: the royal flush stays, the nines go low).
    assert [f["name"] for f in embed["fields"]] == [
        "🏆 The best split",
        "🏠 House Way",
        "🧭 The player's way (the project's advice)",
    ]
    assert field(embed, "🏆 The best split") == (
        f"A♠  K♠  Q♠  J♠  10♠  ·  9♥  9♦\nRoyal flush / Pair · EV {figure(best.ev)} · "
        f"place 1 of {count}"
    )
    assert 0.85 < best.ev < 0.95  # a royal flush and a pair of nines nearly always win
    assert best.wins + best.pushes + best.losses == DEALER_HANDS
    assert field(embed, "🏠 House Way") == (
        "The best split (above). The next best gives "
        f"{gap_shown(best, analysis.splits[1])} less per unit bet."
    )
    # The player's way keeps the royal flush too: one line says so, no split repeated.
    assert field(embed, "🧭 The player's way (the project's advice)") == (
        "The same split as the house way."
    )
    assert embed["description"].startswith("**EV** (expected value) is what a split gives")
    assert "against all 53,524,680 hands the dealer can hold" in embed["description"]
    assert "a win +0.95 after commission" in embed["description"]
    assert f"set {count} ways" in embed["description"]
    assert (
        embed["footer"]["text"]
        == "Exact: all 53,524,680 hands the dealer can hold · EV per unit bet"
    )
    assert embed_size_of(embed) <= 1500
    assert image.format == "PNG"
    assert image.width == 800 and 300 <= image.height <= 600
    assert gold_rows(image) == {0}  # the house way's row, though its bar has no length
    assert alt == (  # cards in words, as in every picture's alt text
        "Bar chart: each split's EV and how much less it gives than the best. "
        "The house way (two-card hand: 9 of hearts, 9 of diamonds) is the best. "
        "The player's way, the project's advice, sets the hand the same way."
    )
    # Every split behind the button, one each, best first, named by its cards.
    listed = await every_split(fake_discord, message, "en-US")
    assert listed["title"] == f"All {count} splits of A♠  K♠  Q♠  J♠  10♠  9♥  9♦"
    lines = list_lines(listed)
    assert len(lines) == count
    assert lines[5][0] == "**6.** 9♥ 9♦ K♠ Q♠ J♠ · A♠ 10♠"
    for place, (said, split) in enumerate(zip(lines, analysis.splits, strict=True), 1):
        assert said[0].startswith(f"**{place}.** {cards(split)}")
        gap = f" · {gap_shown(best, split)} less than the best" if place > 1 else ""
        assert said[1] == f"EV {figure(split.ev)}{gap}"
        assert (said[2:] == [shares(split)]) == (place <= 5)
    assert any(MINUS in line[1] for line in lines) and "-" not in listed["description"]
    assert f"{HOUSE}" in lines[0][0] and all(HOUSE not in line[0] for line in lines[1:])
    assert embed_size_of(listed) <= PAGE_BUDGET


def embed_size_of(embed: dict) -> int:
    """Characters as Discord counts them (the stand-in's count)."""
    from tests.fakediscord.limits import embed_characters

    return embed_characters([embed])


async def test_analyze_in_swedish(fake_discord: FakeDiscord, houseway_bot: HousewayBot) -> None:
    _seconds, embed, image, alt, message = await run_analyze(fake_discord, STRAIGHT_KEPT, "sv-SE")
    analysis = expected(STRAIGHT_KEPT)
    best, house, count = analysis.best, analysis.house, len(analysis.splits)
    assert embed["title"] == "Analys av A♣  K♥  Q♥  J♣  5♦  3♣  🃏"
    no_error_bars(embed)
    assert house.ev < 0 and analysis.house_rank == 8
    # +0,2683 and −0,0271 are shown: the difference is 0,2954 (the exact one, 0.295483,
    # would round to 0,2955).
    assert field(embed, "🏆 Bästa delningen") == (
        f"{spaced(best)}\nEtt par / Högt kort · väntevärde +0,2683 · plats 1 av {count}"
    )
    assert field(embed, "🏠 Huset väljer") == (
        f"A♣  K♥  Q♥  J♣  🃏  ·  5♦  3♣\nStege / Högt kort · väntevärde {MINUS}0,0271 · "
        f"plats 8 av {count} · 0,2954 mindre än den bästa"
    )
    assert embed["description"].startswith("**Väntevärde** är vad en delning ger i snitt")
    assert "per insatt krona" in embed["description"] and "enhet" not in str(embed)
    assert "förväntat" not in str(embed) and "förlorar" not in str(embed)
    assert "vinst +0,95 efter provisionen" in embed["description"]
    assert "förlust −1" in embed["description"]
    assert embed["footer"]["text"].startswith("Exakt: alla 53\u00a0524\u00a0680 händer")
    assert image.width == 800
    assert gold_rows(image) == {7}
    # The player's way gives up the straight (the pair of aces stays, K-Q go low): the best.
    why = explain_player(player_way(parse_hand(STRAIGHT_KEPT)))
    assert why is not None
    assert field(embed, "🧭 Spelarens sätt (projektets råd)") == (
        "Regeln **Släpp stegen för höga kort** ändrar husets regel *Färg eller stege "
        f"behålls*:\n→ {why.text(Lang.SV)}\nDet ger den bästa delningen (ovan)."
    )
    assert "paret stannar i femkortshanden och K♥ Q♥ går till tvåkortshanden" in why.text(Lang.SV)
    assert alt == (
        "Stapeldiagram: varje delnings väntevärde och hur mycket mindre den ger än den bästa. "
        "Husets delning (tvåkortshand: ruter 5, klöver 3) ger 0,2954 mindre per insatt krona. "
        "Spelarens sätt, projektets råd (tvåkortshand: hjärter kung, hjärter dam), är den bästa."
    )
    # The list, pressed by another member in English: in their language, privately.
    listed = await every_split(fake_discord, message, "en-US", user=fake_discord.make_user("ola"))
    lines = list_lines(listed)
    assert listed["title"].startswith(f"All {count} splits of")
    detailed = [place for place, said in enumerate(lines, 1) if len(said) == 3]
    assert detailed == [1, 2, 3, 4, 5, 8]  # the best five and the house way's
    assert lines[7][0].endswith(f"{HOUSE}") and lines[0][0].endswith("🧭")
    assert lines[7][1] == f"EV {MINUS}0.0271 · 0.2954 less than the best"


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
        "mindre per insatt krona.",
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


def marked_rows(image: Image.Image, colour: tuple[int, int, int], header: int = HEADER) -> set[int]:
    """Which chart rows (0 = top) have a mark of ``colour`` at the left edge."""
    rgb = image.convert("RGB")
    rows = set()
    for row in range((image.height - 2 * chart.MARGIN - header) // chart.ROW_HEIGHT):
        y = row_middle(row, header)
        if any(rgb.getpixel((x, y)) == colour for x in range(chart.MARK_WIDTH)):
            rows.add(row)
    return rows


def near(colour: tuple[int, int, int], target: tuple[int, int, int]) -> bool:
    return sum(abs(a - b) for a, b in zip(colour, target, strict=True)) < 60


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
    """Its rule by its name, marked as the project's advice, why it sets the hand so, on
    these cards, and its split with its EV and what it gives less than the best, as the
    difference of the figures shown."""
    _seconds, embed, image, alt, _message = await run_analyze(fake_discord, hand, locale)
    lang = locale[:2]
    analysis = expected(hand)
    best, count = analysis.best, len(analysis.splits)
    place, player = split_with_two(analysis, player_two)
    house_place, house = split_with_two(analysis, house_two)
    assert house is analysis.house and player is not house
    sv = lang == "sv"
    heading = (
        "🧭 Spelarens sätt (projektets råd)" if sv else "🧭 The player's way (the project's advice)"
    )
    changes = (
        f"Regeln **{rule}** ändrar husets regel *{house_rule}*:"
        if sv
        else f"The rule **{rule}** changes the house way's rule *{house_rule}*:"
    )
    said = field(embed, heading).split("\n")
    assert said[0] == changes
    # Why, on these cards: the player's way's rule said on the member's own cards.
    why = explain_player(player_way(parse_hand(hand)))
    assert why is not None and why.rule == player_way(parse_hand(hand)).rule
    assert said[1] == f"→ {why.text(Lang.SV if sv else Lang.EN)}"
    if player is best:
        assert said[2:] == [
            "Det ger den bästa delningen (ovan)." if sv else "It gives the best split (above)."
        ]
    else:
        names = f"{player.five_name(lang)} / {player.two_name(lang)}"
        ev = ("väntevärde " if sv else "EV ") + figure(player.ev, lang)
        where = f"plats {place} av {count}" if sv else f"place {place} of {count}"
        less = "mindre än den bästa" if sv else "less than the best"
        assert said[2:] == [
            spaced(player),
            f"{names} · {ev} · {where} · {gap_shown(best, player, lang)} {less}",
        ]
    # In the chart: its row has a mark of its own colour, the house way's the gold one, and
    # a legend above says which is which.
    shown = sorted({*range(1, 9), house_place, place})
    assert marked_rows(image, analyze_cog.PLAYER_COLOUR) == {shown.index(place)}
    assert marked_rows(image, GOLD) == {shown.index(house_place)}
    legend = image.convert("RGB").crop(
        (0, chart.MARGIN + chart.HEADER_LINE, 400, chart.MARGIN + HEADER)
    )
    legend_colours = {c for _n, c in legend.getcolors(1 << 16) or []}
    assert GOLD in legend_colours and analyze_cog.PLAYER_COLOUR in legend_colours
    # Its mark still shows on a phone, the picture shown 400 px wide.
    phone = image.convert("RGB").resize((400, image.height * 400 // image.width), Image.BILINEAR)
    y = row_middle(shown.index(place), HEADER) * 400 // image.width
    marked = [x for x in range(12) if near(phone.getpixel((x, y)), analyze_cog.PLAYER_COLOUR)]
    assert len(marked) >= 5, marked
    assert alt.endswith(alt_tail.format(gap=gap_shown(best, player, lang)))


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
    warm, _embed, _image, _alt, _message = await run_analyze(fake_discord, ROYAL, "en-US")
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


def test_close_splits_show_four_decimals_and_no_gap_as_none() -> None:
    """Its second and third splits are 0.0000004 apart: both show the same four decimals
    (one number style, #29), and what each gives less than the best is said as the
    difference of the figures shown."""
    analysis = expected(NEAR_TIE)
    second, third = analysis.splits[1], analysis.splits[2]
    assert second.ev != third.ev and f"{second.ev:.4f}" == f"{third.ev:.4f}"
    listed = all_splits_embed(analysis, "en").to_dict()
    lines = list_lines(listed)
    best = analysis.best
    assert lines[1][1] == f"EV {figure(second.ev)} · {gap_shown(best, second)} less than the best"
    assert lines[2][1] == f"EV {figure(third.ev)} · {gap_shown(best, third)} less than the best"
    for said in (listed["description"], str(analysis_embed(analysis, "sv").to_dict())):
        assert not re.search(r"\d[.,]\d{5}", said)  # never more than four decimals
    bars = analysis_bars(analysis, "sv")
    assert bars[1].value_text == bars[2].value_text == figure(second.ev, "sv")


def test_every_split_of_the_largest_hand_fits_a_page() -> None:
    """The list of every split stays within a page for the hands with the most splits."""
    for hand in ("Ad Th 9h 8c 6h 3h 2s", "Kc Jd 9h 7s 5c 3d 2h", "As Kd Qh Jc 9s 8d 2c"):
        analysis = expected(hand)
        for lang in ("sv", "en"):
            listed = all_splits_embed(analysis, lang)
            assert embed_size(listed) <= PAGE_BUDGET
            assert embed_size(analysis_embed(analysis, lang)) <= 1500


def test_the_chart_shows_the_evs_of_the_text() -> None:
    """Each bar is as long as its split gives less than the best, and says the split's EV,
    the very figure the text shows."""
    analysis = expected(STRAIGHT_KEPT)
    bars = analysis_bars(analysis, "sv")
    assert len(bars) == 8
    assert [bar.highlight for bar in bars] == [False] * 7 + [True]
    assert bars[0].value == 0 and bars[0].value_text == "+0,2683"
    assert [bar.value for bar in bars] == [-split.gap for split in analysis.splits[:8]]
    assert bars[-1].label == "8.  A K Q J Jkr  /  5 3"
    assert bars[-1].value_text == MINUS + "0,0271"
    text = (
        str(analysis_embed(analysis, "sv").to_dict()) + all_splits_embed(analysis, "sv").description
    )
    assert all(bar.value_text in text for bar in bars)
    # The player's way (the best split here) has a bar and a mark of its own colour.
    assert [bar.mark is not None for bar in bars] == [True] + [False] * 7
    assert bars[0].colour == bars[0].mark and bars[0].colour not in (None, GOLD)
    assert chart_description(analysis, "en") == (
        "Bar chart: each split's EV and how much less it gives than the best. The house way "
        "(two-card hand: 5 of diamonds, 3 of clubs) gives 0.2954 less per unit bet. "
        "The player's way, the project's advice (two-card hand: king of hearts, queen of "
        "hearts), is the best."
    )


@pytest.mark.parametrize(
    ("lang", "title"), [("sv", "Väntevärde per delning"), ("en", "EV of each split")]
)
def test_the_chart_has_a_title(lang: str, title: str) -> None:
    """The title's line is drawn in the text's ink above the rows (its words from the
    catalogue: the picture is read back for ink, not letters)."""
    analysis = expected(STRAIGHT_KEPT)
    png, _file = analyze_cog.render_analysis(analysis, lang)[1].fp.read(), None
    image = Image.open(io.BytesIO(png)).convert("RGB")
    band = image.crop((0, chart.MARGIN, image.width, chart.MARGIN + chart.HEADER_LINE))
    inked = sum(n for n, c in band.getcolors(1 << 16) or [] if min(c) > 200)
    assert inked > 500
    from bot.texts.analysis import chart_words

    assert chart_words(analysis, lang)[0].startswith(title)
    bare = Image.open(io.BytesIO(render_bar_chart(analysis_bars(analysis, lang))))
    assert image.height == bare.height + HEADER


def test_chart_draws_negative_bars_and_sizes_by_rows() -> None:
    bars = [
        Bar("1.  A A  /  K", 0.5, "+0.5000"),
        Bar("2.  K K  /  A", -0.25, "\u22120.2500", highlight=True),
    ]
    image = Image.open(io.BytesIO(render_bar_chart(bars)))
    assert image.format == "PNG"
    assert image.size == (800, 2 * chart.MARGIN + 2 * chart.ROW_HEIGHT)
    assert gold_rows(image, 0) == {1}
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
    assert gold_rows(image, 0) == {0}
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


@pytest.mark.alone  # asserts a refusal within 1 s while the workers are held for 2 s
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


async def test_every_split_after_a_restart_is_analysed_again_and_forged_ids_are_refused(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    """The button carries its hand: with the analysis forgotten (a restart), a press
    analyses it again; an id the bot could not have made is refused privately; a burst of
    presses gets the command's rate."""
    _seconds, _embed, _image, _alt, message = await run_analyze(fake_discord, ROYAL, "sv-SE")
    cog = houseway_bot.get_cog("AnalyzeCog")
    assert cog is not None
    cog.recent.clear()  # type: ignore[attr-defined]
    listed = await every_split(fake_discord, message, "sv-SE")
    assert listed["title"].startswith(f"Alla {len(expected(ROYAL).splits)} delningar av")
    for forged in ("analyze:all:AsAsQsJsTs9h9d", "analyze:all:As", "analyze:nothing"):
        click = await fake_discord.click(message, forged, component_type=2)
        refused = await fake_discord.wait_response(click)
        assert refused.ephemeral and "no longer valid" in (refused.content or "")
    presses = [await every_split(fake_discord, message, "en-US") for _ in range(3)]
    assert all(p["title"].startswith("All") for p in presses)
    [button] = [c for c in message.custom_ids() if c.startswith("analyze:all:")]
    late = await fake_discord.wait_response(await fake_discord.click(message, button))
    assert late.ephemeral and "You can use it again" in (late.content or "")
