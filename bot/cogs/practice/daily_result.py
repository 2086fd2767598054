"""The hand of the day's result as a phone shows it (#29 §3): the verdict in the title, then
the hand and the two splits (the house way's, the member's), where the member went wrong
or why the house sets it so, the exact figures, the rule quoted, and the day in one field
(the tally, the streak, when the next hand comes). Its picture is one row a split, the
house way's and, after a wrong answer, the member's beneath it: about a third of the
height of the stacked comparison practice shows.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import discord

from houseway import sentences_for
from houseway.cards import Card, pretty_cards, sort_key
from houseway.hands import category_name, two_name
from houseway.language import Lang
from houseway.learning.answers import Judgement
from houseway.learning.explain import explain
from houseway.learning.explain.mistakes import where_wrong
from houseway.learning.practice import Verdict, verdict
from houseway.rules import rule_name

from ...pictures.cards_image import Deck
from ...pictures.compare_image import comparison_description
from ...pictures.reveal import RevealRow, render_reveal
from ...texts.alt_text import decision_description, picture_file
from ...texts.embeds import fit_field, number, quote_rules, why_text
from ...texts.i18n import plural_text, text
from .daily import Standing
from .embeds import (
    ANSWER_IMAGE,
    RIGHT_COLOUR,
    WRONG_COLOUR,
    analysis_text,
    daily_title,
    next_hand_text,
)
from .prepared import Prepared


def _names(five: int, two: int, lang: Lang) -> str:
    """ "Två par / Högt kort"."""
    return f"{category_name(five, lang)} / {two_name(two, lang)}"


def _splits(judged: Verdict, prepared: Prepared, lang: Lang) -> str:
    """The hand, then the house way's split and the member's, one line each."""
    decision = prepared.decision
    hand = pretty_cards(sorted(decision.hand, key=sort_key))
    house = text(
        "daily.result.house",
        lang,
        split=f"{pretty_cards(decision.five)}  ·  {pretty_cards(decision.two)}",
        names=_names(decision.five_value, decision.two_value, lang),
    )
    split = f"{pretty_cards(judged.five)}  ·  {pretty_cards(judged.two)}"
    if judged.correct and set(judged.two) == set(decision.two):
        yours = text("daily.result.house_way", lang)
    elif judged.correct:  # other cards of the same ranks: the same value
        yours = text("daily.result.same", lang, split=split)
    elif judged.foul:
        yours = text("daily.result.foul", lang, split=split)
    else:
        names = _names(judged.five_value, judged.two_value, lang)
        yours = text("daily.result.yours", lang, split=split, names=names)
    return f"**{hand}**\n{house}\n{yours}"


def day_lines(day: str, standing: Standing, lang: Lang) -> str:
    """The day's tally, the member's streak (none: it starts again) and the next hand."""
    answered, right, current, best = standing
    tally = text("daily.tally.value", lang, answered=answered, right=right)
    if current:
        streak = plural_text("daily.streak.value", lang, current, best=number(best, lang))
    elif best:
        streak = plural_text("daily.streak.none", lang, best)
    else:
        streak = text("daily.streak.never", lang)
    return "\n".join((tally, streak, text("daily.next.line", lang, next=next_hand_text(day))))


def daily_result(
    prepared: Prepared, two: Sequence[Card], day: str, standing: Standing, lang: Lang
) -> tuple[discord.Embed, bool]:
    """The result, and whether its exact figures are still to come (then
    ``feedback.analysis_later`` edits them into the field it names)."""
    decision = prepared.decision
    judged = verdict(decision, list(two), prepared.evs())
    embed = discord.Embed(
        title=daily_title(day, lang, judged.correct),
        description=_splits(judged, prepared, lang),
        colour=RIGHT_COLOUR if judged.correct else WRONG_COLOUR,
    )
    explanation = explain(decision.hand)
    if judged.correct:
        embed.add_field(
            name=text("field.why", lang), value=why_text(explanation, lang), inline=False
        )
    else:
        embed.add_field(
            name=text("practice.field.where_wrong", lang),
            value=fit_field(where_wrong(explanation, judged.two).text(lang)),
            inline=False,
        )
    embed.add_field(
        name=text("practice.field.ev", lang),
        value=analysis_text(judged, judged.best, lang, pending=prepared.pending),
        inline=False,
    )
    path = " → ".join(rule_name(rule_id, lang) for rule_id in decision.path)
    embed.add_field(
        name=text("daily.result.rule", lang, path=path),
        value=fit_field(quote_rules(sentences_for(decision.path), lang)),
        inline=False,
    )
    embed.add_field(name=text("daily.tally", lang), value=day_lines(day, standing, lang))
    embed.set_image(url=f"attachment://{ANSWER_IMAGE}")
    return embed, prepared.pending


async def daily_picture(
    prepared: Prepared, judged: Judgement, deck: Deck, lang: Lang
) -> discord.File:
    """One row a split, each under its heading with its hands' names, in the member's deck:
    the house way's, and the member's beneath it when it is another."""
    decision = prepared.decision
    house = (decision.five, decision.two)
    names = _names(decision.five_value, decision.two_value, lang)
    rows = [RevealRow(text("daily.picture.house", lang, names=names), *house, "dealer")]
    if judged.correct or not judged.five:
        description = decision_description(decision, lang)
    else:
        yours = (judged.five, judged.answer.two)
        said = "daily.picture.foul" if judged.foul else "daily.picture.yours"
        names = _names(judged.five_value, judged.two_value, lang)
        rows.append(RevealRow(text(said, lang, names=names), *yours, "loss"))
        description = comparison_description(house, yours, lang)
    png = await asyncio.to_thread(render_reveal, rows, deck)
    return picture_file(png, ANSWER_IMAGE, description)
