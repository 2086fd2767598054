"""One number style (#29 §3): at most four decimals anywhere a member reads, a difference
too small for them never read as none, and shares of the bet in percent; in Swedish and
English."""

from __future__ import annotations

import itertools
import re

import pytest

from bot.cogs.practice.embeds import analysis_text
from bot.texts.embeds import bet_share, ev_digits, gap_text
from houseway import house_way, parse_hand
from houseway.language import Lang
from houseway.learning.practice import exact_evs, verdict

#: Its second and third splits are 0.0000004 apart: an analysis once showed it to six decimals.
CLOSE = "Ad Th 9h 8c 6h 3h 2s"
MARK = {Lang.SV: ",", Lang.EN: "."}
BELOW = {Lang.SV: "<\u00a00,0001", Lang.EN: "<\u00a00.0001"}


def decimals(said: str, lang: Lang) -> list[int]:
    """The decimals of every figure in ``said`` (53,524,680's commas are no decimal mark)."""
    mark = re.escape(MARK[lang])
    return [len(fraction) for fraction in re.findall(rf"\d{mark}(\d+)", said)]


def test_every_ev_has_four_decimals_however_close_the_evs() -> None:
    evs = sorted(exact_evs(parse_hand(CLOSE)).values(), reverse=True)
    assert min(a - b for a, b in itertools.pairwise(evs)) < 1e-6  # they are close
    assert ev_digits(evs) == 4


@pytest.mark.parametrize("lang", [Lang.SV, Lang.EN])
def test_a_gap_is_the_difference_of_the_figures_shown(lang: Lang) -> None:
    high, low = 0.26834, -0.02714
    shown = float(f"{high:.4f}") - float(f"{low:.4f}")
    assert gap_text(high, low, lang) == f"{shown:.4f}".replace(".", MARK[lang])
    assert gap_text(0.1001, 0.1003, lang) == f"\u22120{MARK[lang]}0002"  # more, not less


@pytest.mark.parametrize("lang", [Lang.SV, Lang.EN])
def test_a_gap_too_small_for_four_decimals_is_never_none(lang: Lang) -> None:
    assert gap_text(-0.8144540, -0.8144544, lang) == BELOW[lang]
    assert gap_text(0.5, 0.5, lang) == f"0{MARK[lang]}0000"


@pytest.mark.parametrize(
    ("fraction", "sv", "en"),
    [
        (0.0323, "3,23\u00a0%", "3.23%"),
        (0.0000168, "0,0017\u00a0%", "0.0017%"),
        (0.5, "50,0\u00a0%", "50.0%"),
    ],
)
def test_a_share_of_the_bet_is_a_percentage_with_at_most_four_decimals(
    fraction: float, sv: str, en: str
) -> None:
    assert bet_share(fraction, Lang.SV) == sv
    assert bet_share(fraction, Lang.EN) == en


@pytest.mark.parametrize("lang", [Lang.SV, Lang.EN])
def test_practice_figures_of_close_splits_have_four_decimals(lang: Lang) -> None:
    """The close hand's feedback, for every split a member may pick: no figure past four
    decimals, and no "0,0000 less"."""
    hand = parse_hand(CLOSE)
    decision, evs = house_way(hand), exact_evs(hand)
    for two in ([hand[0], hand[1]], [hand[1], hand[6]], list(decision.two)):
        judged = verdict(decision, two, evs)
        said = analysis_text(judged, judged.best, lang)
        assert set(decimals(said, lang)) <= {4}, said
        assert f"0{MARK[lang]}0000" not in said
