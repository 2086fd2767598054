"""The /stats picture read back from its pixels: readable at Discord's ~400 px (text height,
WCAG contrast of the drawn colours), one row per rule met, the weakest first, and something
to do next for a learner with nothing right and for one with no answers at all."""

from __future__ import annotations

import pytest

from bot.cogs.practice.chart import render_stats_picture, stats_picture
from bot.storage.practice import Stats
from houseway.language import Lang
from houseway.rules import RULE_IDS
from tests.contrast import DISPLAY_WIDTH, MIN_CAP_HEIGHT, band_colours, bars, contrast, read, runs


def stats(rules: dict[str, tuple[int, int]], days: tuple[tuple[str, int, int], ...]) -> Stats:
    return Stats(
        hands=sum(n for n, _ in rules.values()),
        correct=sum(right for _, right in rules.values()),
        streak=0,
        best_streak=0,
        rules=rules,
        median_seconds=None,
        recent_hands=0,
        recent_correct=0,
        daily_answered=0,
        daily_streak=0,
        daily_best=0,
        days=days,
    )


MIXED = stats(
    {"one-pair": (12, 11), "two-pairs.split": (6, 2), "high-card": (8, 5), "full-house": (2, 0)},
    (("2026-11-24", 10, 5), ("2026-11-26", 6, 4), ("2026-12-01", 12, 9)),
)
EVERY_RULE = stats(
    {rule_id: (i + 2, i % (i + 2)) for i, rule_id in enumerate(RULE_IDS)},
    tuple((f"2026-11-{day:02d}", 10, day % 11) for day in range(10, 30)),
)
# High card has the fewer answers: it is the weakest.
ALL_WRONG = stats({"one-pair": (2, 0), "high-card": (1, 0)}, (("2026-12-01", 3, 0),))
NOTHING = stats({}, ())
DUE = ["Ett par – nästa hand", "Högt kort – efter 1 hand till", "Kåk – efter 3 händer till"]


@pytest.mark.parametrize("lang", ["sv", "en"])
@pytest.mark.parametrize("figures", [MIXED, EVERY_RULE, ALL_WRONG, NOTHING])
def test_readable_at_discords_width(figures: Stats, lang: str) -> None:
    png = render_stats_picture(stats_picture(figures, DUE, lang))
    image, background, bands = read(png)
    scale = DISPLAY_WIDTH / image.width
    assert image.width == 800 and image.height <= image.width * 1.25  # not a tall strip
    texts = [band for band in bands if not band.graphic]
    assert texts and any(band.graphic for band in bands) == bool(figures.hands)
    for band in texts:
        assert band.height * scale >= MIN_CAP_HEIGHT, band
        colours = band_colours(image, band)
        ink = sum(n for c, n in colours.items() if c != background)
        # The letters' own colours (not their anti-aliased edges) read at 4.5:1 or better.
        for colour, n in colours.items():
            if colour != background and n >= 0.15 * ink:
                assert contrast(colour, background) >= 4.5, (colour, band)
    for band in bands:
        if band.graphic:
            for y in range(band.top, band.bottom + 1):
                row = list(image.crop((0, y, image.width, y + 1)).get_flattened_data())
                for colour in runs(row, background, 6):  # bars, frames: 3:1
                    assert contrast(colour, background) >= 3, (colour, y)


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_one_row_per_rule_met_weakest_first(lang: str) -> None:
    shares = bars(render_stats_picture(stats_picture(MIXED, DUE, lang)))
    # full house 0/2, two pairs split 2/6, high card 5/8, one pair 11/12
    assert shares == pytest.approx([0, 2 / 6, 5 / 8, 11 / 12], abs=0.02)


def test_ties_put_the_fewest_answers_first() -> None:
    tied = stats({"one-pair": (9, 3), "high-card": (3, 1), "full-house": (6, 2)}, ())
    picture = stats_picture(tied, [], "en")
    assert [row.name for row in picture.progress.rows] == ["High card", "Full house", "One pair"]


def test_every_rule_met_shows_the_weakest_and_sums_up_the_rest() -> None:
    picture = stats_picture(EVERY_RULE, DUE, "en")
    shares = bars(render_stats_picture(picture))
    assert 3 <= len(shares) < len(RULE_IDS) and shares == sorted(shares)
    assert f"{len(RULE_IDS) - len(shares)} more rules you have met, " in picture.description
    assert f"You have met all {len(RULE_IDS)} rules." in picture.description


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "sv",
            "Inget rätt än. Läs regeln med /regler och träna den sedan. "
            "Träna härnäst: Högt kort (/träna regel).",
        ),
        (
            "en",
            "Nothing right yet. Read the rule with /rules, then practise it. "
            "Practise next: High card (/practice rule).",
        ),
    ],
)
def test_a_learner_with_nothing_right_is_told_what_to_do(lang: str, words: str) -> None:
    picture = stats_picture(ALL_WRONG, DUE, lang)
    assert words in picture.description
    assert (
        "20 regler har du inte mött än" if lang == "sv" else "20 rules you have not met yet"
    ) in picture.description
    assert bars(render_stats_picture(picture)) == [0, 0]


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_a_member_with_no_answers_is_shown_where_to_start(lang: str) -> None:
    picture = stats_picture(NOTHING, DUE, lang)
    start = "Börja med /träna" if lang == "sv" else "Start with /practice"
    assert start in picture.description and "Kåk – efter 3 händer till" in picture.description
    assert bars(render_stats_picture(picture)) == []


@pytest.mark.parametrize("lang", ["sv", "en"])
def test_the_longest_rule_names_with_big_figures_keep_clear_of_them(lang: str) -> None:
    """Every rule's name beside four-digit figures ("1234 av 5678 · 22 %"): in each rule's
    line a clear gap of felt stands between the name and the figures (a long name is cut,
    the alt text keeps it whole)."""
    from houseway.rules import rule_name

    longest = sorted(RULE_IDS, key=lambda r: -len(rule_name(r, Lang(lang))))[:6]
    many = stats({rule_id: (5678, 1234 + i) for i, rule_id in enumerate(longest)}, ())
    picture = stats_picture(many, [], lang)
    image, background, bands = read(render_stats_picture(picture))
    text_lines = [b for b in bands if not b.graphic][1 : 1 + len(longest)]  # after the heading
    assert len(text_lines) == len(longest)
    for band in text_lines:
        drawn = [
            any(image.getpixel((x, y)) != background for y in range(band.top, band.bottom + 1))
            for x in range(image.width)
        ]
        first, last = drawn.index(True), len(drawn) - 1 - drawn[::-1].index(True)
        widest_gap = max(
            len(run) for run in "".join("x" if d else " " for d in drawn[first:last]).split("x")
        )
        assert widest_gap >= 14, band  # a space between words is about 8 px
    for rule_id in longest:
        assert rule_name(rule_id, Lang(lang)) in picture.description


@pytest.mark.parametrize(
    ("answered", "streak", "best", "sv", "en"),
    [
        (0, 0, 0, "Inga dagar än. Prova /daily.", "No days yet. Try /daily."),
        (3, 0, 0, "3 dagar besvarade · ingen dag rätt än", "3 days answered · no day right yet"),
        (
            3,
            0,
            2,
            "3 dagar besvarade · ingen svit just nu (bästa: 2 dagar i rad)",
            "3 days answered · no streak now (best: 2 days in a row)",
        ),
        (
            1,
            1,
            1,
            "1 dag besvarad · rätt 1 dag i rad (bästa 1)",
            "1 day answered · right 1 day in a row (best 1)",
        ),
    ],
)
def test_the_hand_of_the_day_in_stats_says_none_in_words(
    answered: int, streak: int, best: int, sv: str, en: str
) -> None:
    """#29 §4: never "0 dagar besvarade · rätt 0 dagar i rad"."""
    from dataclasses import replace

    from bot.cogs.practice.embeds import stats_embed
    from bot.texts.mentions import CommandMentions

    figures = replace(NOTHING, daily_answered=answered, daily_streak=streak, daily_best=best)
    for lang, said in ((Lang.SV, sv), (Lang.EN, en)):
        embed = stats_embed(figures, "", lang, False, CommandMentions())
        [daily] = [f.value for f in embed.fields if f.name in ("Dagens hand", "Hand of the day")]
        assert daily == said


@pytest.mark.parametrize(
    ("lang", "label", "reply"), [("sv", "1 dec.", "1 december"), ("en", "1 Dec", "1 December")]
)
def test_the_pictures_days_read_as_the_replies_write_them(
    lang: str, label: str, reply: str
) -> None:
    """#29 §4: "2 December" in replies, "Dec 2" in the picture; now the day first in both."""
    from datetime import date

    from bot.texts.i18n import day_text

    picture = stats_picture(MIXED, DUE, lang)
    assert picture.progress.days[-1].label == label
    assert day_text(date(2026, 12, 1), Lang(lang)).startswith(reply)


def test_the_rules_left_out_alike_are_said_with_one_figure() -> None:
    """Issue 39: "8 more rules you have met, 100–100% right" where one figure would do."""
    ids = list(RULE_IDS)
    perfect = stats({rule: (4, 4) for rule in ids}, ())
    picture = stats_picture(perfect, DUE, "en")
    left = len(ids) - len(picture.progress.rows)
    assert f"{left} more rules you have met, each 100% right" in picture.description
    assert "100–100" not in picture.description
    swedish = stats_picture(perfect, DUE, "sv")
    assert "alla 100\u00a0% rätt" in swedish.description
