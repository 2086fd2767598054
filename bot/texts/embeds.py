"""Embeds built from a Decision and a language: pure functions, no I/O, easy to test."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from decimal import ROUND_HALF_EVEN, Decimal
from typing import Final

import discord
from babel.numbers import format_decimal, format_percent

from houseway import Decision, HandError, canonical_hand, sentences_for
from houseway.analysis.census import DEALER_HANDS
from houseway.analysis.cost import RuleCost
from houseway.cards import MAX_INPUT_LENGTH, NAMES, pretty_card, pretty_cards
from houseway.language import Lang
from houseway.learning.explain import Explanation
from houseway.rules import INTRODUCTION_EN, INTRODUCTION_SV, RULES, Rule, rule_name, rules_like
from houseway.strategy import (
    ADVICE_MARKER,
    WAY_NAME,
    like_player_way,
)

from .i18n import figure, locale_of, plural_text, text

IMAGE_NAME: Final = "houseway.png"
COLOUR: Final = discord.Colour.from_rgb(21, 94, 56)
ERROR_COLOUR: Final = discord.Colour.from_rgb(178, 34, 34)
#: Neither won nor lost (a push): a slate that reads as neither green nor red.
PUSH_COLOUR: Final = discord.Colour.from_rgb(96, 112, 128)
MINUS: Final = "\u2212"


def number(value: int, lang: Lang) -> str:
    """Thousands grouped the way each language writes them (CLDR, by Babel): 53\u00a0524\u00a0680
    in Swedish with no-break spaces, 53,524,680 in English."""
    return figure(value, lang)


def share(count: int, total: int, lang: Lang) -> str:
    """How often, out of ``total``: three decimals below 10 % (rare rules), else two."""
    fraction = count / total
    return percent(fraction, lang, 3 if fraction < 0.1 else 2)


#: Below this share a rule's frequency also reads as "about 1 in N" (0,001 % is hard to see).
RARE_SHARE: Final = 0.1


def one_in(count: int, total: int) -> int:
    """``count`` of ``total`` as the N of "about 1 in N", a figure easy to read: whole
    below 100, else two significant digits (1 in 12, 1 in 260, 1 in 81 000)."""
    ratio = total / count
    if ratio < 100:
        return round(ratio)
    return int(round(ratio, 1 - math.floor(math.log10(ratio))))


def often_text(count: int, total: int, lang: Lang) -> str:
    """How often a rule decides, out of all hands; a rare one as "about 1 in N" too."""
    fraction = count / total
    if fraction < RARE_SHARE:
        rarely = number(one_in(count, total), lang)
        return plural_text(
            "often.rare", lang, total, share=share(count, total, lang), one_in=rarely
        )
    return plural_text("often", lang, total, share=share(count, total, lang))


def _quantized(value: float, digits: int) -> Decimal:
    """``value`` to ``digits`` decimals, rounded as Python's format rounds the exact binary
    value (half to even), so that ``rounded`` and ``ev_digits`` see the figures shown."""
    return Decimal(value).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_EVEN)


def _fraction_pattern(pattern: str, digits: int) -> str:
    """A CLDR pattern's first "0" followed by exactly ``digits`` decimals ("#,##0" → "#,##0.00")."""
    return pattern.replace("0", "0." + "0" * digits, 1) if digits else pattern


def decimal(
    value: float, lang: Lang, digits: int, *, signed: bool = False, bare_zero: bool = False
) -> str:
    """``value`` to ``digits`` decimals as each language writes it (CLDR, by Babel): a real
    minus sign (U+2212) in every language, a plus when ``signed``, the decimal comma and
    no-break-space grouping in Swedish. With ``bare_zero``, a value that rounds to zero is
    plain 0 (no "−0,000"). The one formatter of signed figures, so that /houseway, /analyze
    and /practice write them alike."""
    shown = _quantized(value, digits)
    if bare_zero and shown == 0:
        return "0"
    body = _fraction_pattern("#,##0", digits)
    pattern = f"+{body};-{body}" if signed else body
    return format_decimal(shown, format=pattern, locale=locale_of(lang)).replace("-", MINUS)


def rounded(value: float, digits: int) -> float:
    """``value`` as ``decimal`` shows it: subtract these, not the exact values, so that a
    difference shown is the difference of the figures shown (0,1082 − 0,1058 is 0,0024)."""
    return float(f"{value:.{digits}f}")


#: Decimals of every EV, and of every difference of EVs, a member reads: four, in every
#: reply (#29: one number style). Two EVs less than 0.00005 apart may then show the same
#: figure; their difference is never shown as 0 but as "< 0,0001" (``gap_text``).
EV_DIGITS: Final = 4


def ev_digits(evs: Iterable[float] = ()) -> int:
    """The decimals of EVs shown: four, whatever the EVs (the one number style of #29,
    where an analysis once showed six). Callers pass the figures they show, so that this
    stays the one place that decides."""
    return EV_DIGITS


def gap_text(high: float, low: float, lang: Lang, digits: int = EV_DIGITS) -> str:
    """How much less ``low`` gives than ``high``: the difference of the two figures shown
    (0,1082 − 0,1058 is 0,0024, checkable by hand), and "< 0,0001" where the figures
    shown are alike but the EVs are not, so that no loss looks like none."""
    shown = rounded(high, digits) - rounded(low, digits)
    if high > low and rounded(shown, digits) <= 0:
        return text("number.below", lang, figure=decimal(10.0**-digits, lang, digits))
    return decimal(shown, lang, digits)


def percent(fraction: float, lang: Lang, digits: int = 2) -> str:
    """A fraction as a percentage in each language's CLDR format (8.36%, Swedish 8,36 %
    with a no-break space; none at all is plain 0): the one formatter of percentages."""
    locale = locale_of(lang)
    pattern = locale.percent_formats[None].pattern
    if not fraction:
        return format_percent(0, format=pattern, locale=locale)
    shown = _quantized(100 * fraction, digits) / 100
    formatted = format_percent(shown, format=_fraction_pattern(pattern, digits), locale=locale)
    return formatted.replace("-", MINUS)


#: The most decimals of any figure a member reads (#29).
MAX_DIGITS: Final = 4


def significant_places(value: float, digits: int = 3) -> int:
    """Decimals that show ``digits`` significant digits of ``value`` (0.0125), at most
    ``MAX_DIGITS`` (0.0000168 is 0,0000)."""
    if not value:
        return digits
    return min(MAX_DIGITS, max(0, digits - 1 - math.floor(math.log10(abs(value)))))


def bet_share(fraction: float, lang: Lang) -> str:
    """A share of the bet, such as what the house way gives up on a rule's hands on
    average: a percentage to three significant digits and at most four decimals (3,23 %,
    0,0017 %), where it once read "−0,0323 enheter per insatt enhet"."""
    return percent(fraction, lang, significant_places(100 * fraction))


def cost_text(cost: RuleCost, lang: Lang) -> str:
    """How often another split beats the house way on a rule's hands, and what the house
    way gives up against the best split on average, as a share of the bet, and where that
    comes from."""
    not_best, give_up = cost.not_best, cost.give_up
    if cost.exact:
        return _exact_cost_text(cost, lang)
    source = plural_text("cost.source", lang, cost.hands, dealer=number(DEALER_HANDS, lang))
    if not_best.value == 0:
        return text("cost.never", lang, high=percent(not_best.high, lang)) + "\n" + source
    figures = text(
        "cost.worse",
        lang,
        share=percent(not_best.value, lang),
        low=percent(not_best.low, lang),
        high=percent(not_best.high, lang),
        ev=bet_share(give_up.value, lang),
        ev_low=bet_share(give_up.low, lang),
        ev_high=bet_share(give_up.high, lang),
    )
    return figures + "\n" + source


def _exact_cost_text(cost: RuleCost, lang: Lang) -> str:
    """The whole-game solve's figures: exact, over every hand of the rule, so no interval."""
    source = plural_text("cost.exact.source", lang, cost.hands, dealer=number(DEALER_HANDS, lang))
    if cost.not_best.value == 0:
        return text("cost.exact.never", lang) + "\n" + source
    figures = text(
        "cost.exact.worse",
        lang,
        share=percent(cost.not_best.value, lang),
        ev=bet_share(cost.give_up.value, lang),
    )
    return figures + "\n" + source


#: Words of the casino's sentences a reader may not know, glossed beside the quote
#: (``gloss.<words>`` in the catalogue): the quote itself stays verbatim.
GLOSSED: Final = ("flytta fram paret", "spitta")


def gloss(swedish: str, lang: Lang) -> str | None:
    """The project's explanation of the glossed words in ``swedish``, marked as its own."""
    found = [
        text(f"gloss.{words}", lang)
        for words in GLOSSED
        if re.search(rf"\b{re.escape(words)}\b", swedish)
    ]
    return text("gloss", lang, glosses="; ".join(found)) if found else None


def quote_rules(rules: Iterable[Rule], lang: Lang) -> str:
    """The Swedish sentences verbatim as quotes; the English under each for non-Swedish
    users; under that, the project's gloss of words a reader may not know."""
    parts = []
    for rule in rules:
        lines = []
        if rule.supplement:
            lines.append(text("supplement", lang))
        lines.append(f"> {rule.swedish}")
        if lang != Lang.SV:
            lines.append(f"*{rule.english}*")
        note = gloss(rule.swedish, lang)
        if note:
            lines.append(note)
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


def why_text(explanation: Explanation, lang: Lang) -> str:
    """The steps on the member's own cards, under the quoted rule: the steps that decide
    marked with an arrow, a heading that was looked at and does not decide with a dot.
    At most about 600 characters (measured over 100,000 hands), inside a field's 1,024."""
    return "\n".join(
        f"{'→' if step.applies else '·'} {step.text(lang)}" for step in explanation.steps
    )


def fit_field(value: str, limit: int = 1024) -> str:
    """A field's value within Discord's 1,024 characters (cut with "…" if ever longer)."""
    return value if len(value) <= limit else value[: limit - 1] + "…"


def add_split_fields(embed: discord.Embed, decision: Decision, lang: Lang) -> None:
    """The five-card and two-card hands with their names (shared by answers and reveals)."""
    embed.add_field(
        name=text("field.five", lang, name=decision.five_name(lang)),
        value=pretty_cards(decision.five),
        inline=False,
    )
    embed.add_field(
        name=text("field.two", lang, name=decision.two_name(lang)),
        value=pretty_cards(decision.two),
        inline=False,
    )


def decision_embed(
    explanation: Explanation,
    lang: Lang,
    rule_counts: Mapping[str, int],
    total_hands: int,
    title_key: str = "title.houseway",
) -> discord.Embed:
    """The answer to /houseway and /deal: both hands, the rule quoted, why (said from the
    decision's own record), its frequency."""
    decision = explanation.decision
    embed = discord.Embed(
        title=text(title_key, lang),
        description=quote_rules(sentences_for(decision.path), lang),
        colour=COLOUR,
    )
    add_split_fields(embed, decision, lang)
    embed.add_field(name=text("field.why", lang), value=why_text(explanation, lang), inline=False)
    count = rule_counts.get(decision.rule)
    if count:
        embed.add_field(
            name=text("field.often", lang),
            value=often_text(count, total_hands, lang),
            inline=False,
        )
    embed.add_field(
        name=text("field.hand", lang), value=f"`{canonical_hand(decision.hand)}`", inline=False
    )
    embed.set_image(url=f"attachment://{IMAGE_NAME}")
    embed.set_footer(text=path_footer(decision, lang))
    return embed


def path_footer(decision: Decision, lang: Lang) -> str:
    """The rules that decided, by the names a member reads everywhere (ids are for the
    command line and JSON): "Regel: Färgstege med två par → Två par delas"."""
    names = " → ".join(rule_name(rule_id, lang) for rule_id in decision.path)
    return text("footer.path", lang, path=names)


def safe_token(token: str) -> str:
    """User text shown back inside inline code: no markdown, no mentions, bounded length."""
    cleaned = "".join(ch for ch in token if ch.isprintable()).replace("`", "ˋ")
    if len(cleaned) > 40:
        cleaned = cleaned[:39] + "…"
    return f"`{cleaned}`" if cleaned else "` `"


def error_embed(error: HandError, lang: Lang, command: str) -> discord.Embed:
    """The ephemeral answer to bad input: what was wrong, what is expected, an example of
    ``command`` (its mention)."""
    token = safe_token(error.token or "")
    if error.code == "duplicate_card" and error.token:
        token = pretty_card(NAMES.index(error.token))
    message = text(
        f"error.{error.code}", lang, token=token, count=error.count, limit=MAX_INPUT_LENGTH
    )
    return discord.Embed(
        title=text("error.title", lang),
        description=f"{message}\n\n{text('error.example', lang, command=command)}",
        colour=ERROR_COLOUR,
    )


def rule_embed(
    rule_id: str,
    lang: Lang,
    rule_counts: Mapping[str, int],
    total: int,
    cost: RuleCost | None = None,
) -> discord.Embed:
    """One rule: its Swedish sentence(s) and translation, how often it decides and, when
    the shipped analysis has it, how often and by how much another split does better."""
    rule = RULES[rule_id]
    embed = discord.Embed(
        title=f"{text('title.rules', lang)}: {rule_name(rule_id, lang)}",
        description=quote_rules(rule.sentences(), lang),
        colour=COLOUR,
    )
    count = rule_counts.get(rule_id)
    if count:
        embed.add_field(
            name=text("field.often", lang),
            value=often_text(count, total, lang),
        )
    if cost is not None:
        embed.add_field(name=text("field.cost", lang), value=cost_text(cost, lang), inline=False)
    return embed


#: Rules suggested at most for words that name none exactly.
MAX_SUGGESTIONS: Final = 8


def unknown_rule_text(words: str, lang: Lang) -> str:
    """/rules with words that name no rule: the rules the words may have meant, by name,
    or an example of a name."""
    like = rules_like(words)
    way = [f"**{WAY_NAME[lang]}**"] if like_player_way(words) else []
    if not like and not way:
        example = f"**{rule_name('one-pair', lang)}**"
        return text("rules.unknown", lang, rule=safe_token(words), example=example)
    named = (f"**{rule_name(rule_id, lang)}**" for rule_id in like[:MAX_SUGGESTIONS])
    names = ", ".join([*way, *named])
    if len(like) > MAX_SUGGESTIONS:
        names += ", …"
    return text("rules.unknown.like", lang, rule=safe_token(words), names=names)


def rules_overview(lang: Lang) -> discord.Embed:
    """All rules, grouped by shared sentence, as one embed longer than a reply may be: the
    caller shows it as pages (``bot.texts.pages.pages_of``), cut between the rules."""
    intro = f"> {INTRODUCTION_SV}" + ("" if lang == Lang.SV else f"\n*{INTRODUCTION_EN}*")
    blocks = [f"**{text('rules.intro', lang)}**\n{intro}"]
    by_text: dict[str, list[Rule]] = {}
    for rule in RULES.values():
        by_text.setdefault(rule.swedish, []).append(rule)
    for rules in by_text.values():
        names = " · ".join(f"**{rule_name(rule.id, lang)}**" for rule in rules)
        blocks.append(f"{names}\n{quote_rules(rules[:1], lang)}")
    entry = text("rules.player.entry", lang, marker=ADVICE_MARKER[lang], name=WAY_NAME[lang])
    blocks.append(f"**{text('rules.player.title', lang)}**\n{entry}")
    return discord.Embed(
        title=text("title.rules", lang), description="\n\n".join(blocks), colour=COLOUR
    )
