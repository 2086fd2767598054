"""Practice, statistics and daily embeds: pure functions of what happened and a language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any, Final

import discord

from houseway import Decision, sentences_for
from houseway.cards import Card, card_from_name, pretty_cards, sort_key
from houseway.hands import category_name, display_order, two_name
from houseway.language import Lang
from houseway.learning.explain import explain
from houseway.learning.explain.mistakes import where_wrong, why_not
from houseway.learning.player_drill import is_player_drill
from houseway.learning.practice import Verdict
from houseway.player_rules import WHOLE_WAY, player_rule_name
from houseway.rules import rule_name, rule_summary

from ...storage.practice import Stats, day_start
from ...texts.alt_text import decision_description, picture_file
from ...texts.embeds import (
    COLOUR,
    ERROR_COLOUR,
    EV_DIGITS,
    add_split_fields,
    decimal,
    ev_digits,
    fit_field,
    gap_text,
    number,
    path_footer,
    percent,
    quote_rules,
    rounded,
    why_text,
)
from ...texts.i18n import day_text as i18n_day_text
from ...texts.i18n import plural_text, text
from ...texts.mentions import CommandMentions

HAND_IMAGE: Final = "practice.png"
ANSWER_IMAGE: Final = "house.png"
CHART_IMAGE: Final = "stats.png"
RIGHT_COLOUR: Final = COLOUR
WRONG_COLOUR: Final = ERROR_COLOUR


def answer_file(png: bytes, decision: Decision, lang: Lang) -> discord.File:
    """The house way's picture, with its alt text in the member's language."""
    return picture_file(png, ANSWER_IMAGE, decision_description(decision, lang))


def whole_percent(part: int, whole: int, lang: Lang) -> str:
    """``part`` of ``whole`` in whole percent (a member's accuracy); 0 of nothing is 0."""
    return percent(part / whole if whole else 0.0, lang, 0)


def with_time_and_picture(
    embed: discord.Embed, seconds: float, lang: Lang, footer: str
) -> discord.Embed:
    """The end of every feedback: the time taken, the house way's picture, the footer."""
    embed.add_field(
        name=text("practice.field.time", lang),
        value=text("practice.time", lang, seconds=seconds_text(seconds, lang)),
        inline=False,
    )
    embed.set_image(url=f"attachment://{ANSWER_IMAGE}")
    embed.set_footer(text=footer)
    return embed


def seconds_text(seconds: float, lang: Lang) -> str:
    return decimal(seconds, lang, 1)


def session_text(right: int, total: int, lang: Lang, lost: int | None = None) -> str:
    """The session's score; in "Play to win" (``lost`` given), best splits and what the
    session gave up in all."""
    if lost is not None:
        shown = given_up_text(lost, lang)
        return plural_text("practice.win.session", lang, total, right=right, lost=shown)
    return text("practice.session", lang, right=right, total=total)


#: "Play to win" keeps what a split gives up in ten-billionths of a unit bet: every figure
#: shown (four decimals, ``EV_DIGITS``) is a whole number of them, and so is their sum.
GIVEN_UP_UNITS: Final = 10**10
#: Ten-billionths of a unit bet in one krona (or chip) per 100 bet.
UNITS_PER_HUNDRED: Final = GIVEN_UP_UNITS // 100


def given_up_text(units: int, lang: Lang, digits: int | None = None) -> str:
    """What a split costs (ten-billionths of a unit bet) per 100 bet, as a player pictures
    it: to two decimals fewer than the EVs shown (four, ``EV_DIGITS``), so that times 100
    the figure stays exact; a cost too small to show reads "< 0,01", and a total of
    nothing is plain 0 (a total is the sum of the figures shown; ``digits`` None)."""
    shown = (EV_DIGITS if digits is None else digits) - 2
    per_hundred = units / UNITS_PER_HUNDRED
    if per_hundred > 0 and rounded(per_hundred, shown) == 0:
        return gap_text(per_hundred, 0.0, lang, shown)
    return decimal(per_hundred, lang, shown, bare_zero=digits is None)


def hand_embed(
    mode: str,
    hand: Sequence[Card],
    lang: Lang,
    right: int,
    total: int,
    daily_day: str | None = None,
    lost: int = 0,
    drill: str | None = None,
) -> discord.Embed:
    """A hand to set (or whose rule to name): sorted text and, attached, its picture; in a
    drill of the player's way, which of its rules (or the whole way) the hand is dealt for."""
    shown = pretty_cards(sorted(hand, key=sort_key))
    title = (
        daily_title(daily_day, lang, None) if daily_day else text(f"practice.title.{mode}", lang)
    )
    prompt = text("practice.prompt.win" if mode == "win" else f"quiz.round.{mode}", lang)
    if drill == WHOLE_WAY:
        prompt += "\n" + text("practice.win.drill.way", lang)
    elif is_player_drill(drill):
        name = player_rule_name(str(drill), lang)
        prompt += "\n" + text("practice.win.drill.rule", lang, name=name)
    if daily_day:
        prompt += "\n" + text("daily.prompt", lang, next=next_hand_text(daily_day))
    embed = discord.Embed(title=title, description=f"{prompt}\n\n**{shown}**", colour=COLOUR)
    embed.set_image(url=f"attachment://{HAND_IMAGE}")
    if total and not daily_day:
        embed.set_footer(text=session_text(right, total, lang, lost if mode == "win" else None))
    return embed


def _versus(member_ev: float, other_ev: float, digits: int, lang: Lang) -> str:
    """What the member's split gives against another: less, more, or the same, as the
    difference of the two figures shown ("< 0,0001" where they look alike but differ)."""
    if member_ev == other_ev:
        return text("practice.versus.equal", lang)
    if other_ev > member_ev:
        return text("practice.versus.less", lang, gap=gap_text(other_ev, member_ev, lang, digits))
    return text("practice.versus.more", lang, gap=gap_text(member_ev, other_ev, lang, digits))


def analysis_text(
    verdict: Verdict,
    best_split: tuple[Sequence[Card], Sequence[Card]] | None,
    lang: Lang,
    pending: bool = False,
) -> str:
    """The exact analysis in a few lines: the member's EV, then against the house way and
    against the best split, with enough decimals that different EVs never look tied."""
    member_ev, house_ev, best_ev = verdict.member_ev, verdict.house_ev, verdict.best_ev
    if member_ev is None or house_ev is None or best_ev is None:
        return text("practice.ev.pending" if pending else "practice.ev.unavailable", lang)
    digits = ev_digits((member_ev, house_ev, best_ev))
    lines = [
        text("practice.ev.yours", lang, ev=decimal(member_ev, lang, digits, signed=True)),
        text(
            "practice.ev.house",
            lang,
            ev=decimal(house_ev, lang, digits, signed=True),
            versus=_versus(member_ev, house_ev, digits, lang),
        ),
    ]
    if best_split is not None and best_ev > house_ev:
        five, two = best_split
        lines.append(
            text(
                "practice.ev.best",
                lang,
                split=f"{pretty_cards(five)} · {pretty_cards(two)}",
                ev=decimal(best_ev, lang, digits, signed=True),
                versus=_versus(member_ev, best_ev, digits, lang),
            )
        )
    else:
        lines.append(text("practice.ev.house_best", lang))
    lines.append(f"-# {text('practice.ev.unit', lang)}")
    return "\n".join(lines)


def feedback_embed(
    decision: Decision,
    verdict: Verdict,
    seconds: float,
    lang: Lang,
    footer: str,
    analysis: str | None,
    title_key: str | None = None,
) -> discord.Embed:
    """Right or wrong, the house way with the rule quoted, the member's split and what it
    gives up, and the time taken."""
    embed = discord.Embed(
        title=text(title_key or ("practice.right" if verdict.correct else "practice.wrong"), lang),
        description=_rule_description(decision, lang),
        colour=RIGHT_COLOUR if verdict.correct else WRONG_COLOUR,
    )
    add_split_fields(embed, decision, lang)
    five_name = category_name(verdict.five_value, lang)
    two_hand = two_name(verdict.two_value, lang)
    yours = f"{pretty_cards(verdict.five)}  ·  {pretty_cards(verdict.two)}\n"
    if verdict.foul:
        yours += text("practice.yours.foul", lang)
    elif verdict.correct:
        yours += text("practice.yours.same", lang)
    else:
        yours += f"{five_name} / {two_hand}"
    embed.add_field(name=text("practice.field.yours", lang), value=yours, inline=False)
    explanation = explain(decision.hand)
    if verdict.correct:
        embed.add_field(
            name=text("field.why", lang), value=why_text(explanation, lang), inline=False
        )
    else:  # where the member's split leaves the house way, in the step's own terms
        embed.add_field(
            name=text("practice.field.where_wrong", lang),
            value=fit_field(where_wrong(explanation, verdict.two).text(lang)),
            inline=False,
        )
    if analysis is not None:
        embed.add_field(name=text("practice.field.ev", lang), value=analysis, inline=False)
    return with_time_and_picture(embed, seconds, lang, footer)


def _rule_description(decision: Decision, lang: Lang) -> str:
    """The deciding rule's short name and summary, then the Swedish sentence(s) quoted."""
    named = f"**{rule_name(decision.rule, lang)}** – {rule_summary(decision.rule, lang)}"
    return f"{named}\n\n{quote_rules(sentences_for(decision.path), lang)}"


def rule_feedback_embed(
    decision: Decision, answer: str, correct: bool, seconds: float, lang: Lang, footer: str
) -> discord.Embed:
    """ "Name the rule": right or wrong, the rule with its quote, the house way, the time."""
    embed = discord.Embed(
        title=text("practice.rule.right" if correct else "practice.rule.wrong", lang),
        description=_rule_description(decision, lang),
        colour=RIGHT_COLOUR if correct else WRONG_COLOUR,
    )
    add_split_fields(embed, decision, lang)
    explanation = explain(decision.hand)
    if not correct:
        embed.add_field(
            name=text("practice.field.your_rule", lang),
            value=f"{rule_name(answer, lang)} – {rule_summary(answer, lang)}",
            inline=False,
        )
        embed.add_field(  # why the rule named does not decide this hand
            name=text("practice.field.why_not", lang),
            value=fit_field(why_not(answer, explanation).text(lang)),
            inline=False,
        )
    else:
        embed.add_field(
            name=text("field.why", lang), value=why_text(explanation, lang), inline=False
        )
    return with_time_and_picture(embed, seconds, lang, footer)


def footer_text(decision: Decision, lang: Lang, right: int, total: int, streak: int) -> str:
    parts = [session_text(right, total, lang), text("practice.streak", lang, streak=streak)]
    parts.append(path_footer(decision, lang))
    return " · ".join(parts)


# --- /stats ---


def stats_embed(
    stats: Stats, who: str, lang: Lang, other: bool, cmd: CommandMentions
) -> discord.Embed:
    embed = discord.Embed(title=text("stats.title", lang), colour=COLOUR, description=who)
    if stats.hands:
        embed.add_field(
            name=text("stats.hands", lang),
            value=text(
                "stats.hands.value",
                lang,
                hands=number(stats.hands, lang),
                correct=number(stats.correct, lang),
                share=whole_percent(stats.correct, stats.hands, lang),
            ),
            inline=False,
        )
        embed.add_field(
            name=text("stats.streak", lang),
            value=text("stats.streak.value", lang, current=stats.streak, best=stats.best_streak),
        )
        if stats.median_seconds is not None:
            embed.add_field(
                name=text("stats.median", lang),
                value=f"{seconds_text(stats.median_seconds, lang)} s",
            )
        embed.add_field(
            name=text("stats.recent", lang),
            value=plural_text(
                "stats.recent.value",
                lang,
                stats.recent_hands,
                share=whole_percent(stats.recent_correct, stats.recent_hands, lang),
            ),
            inline=False,
        )
    else:
        embed.add_field(name=text("stats.hands", lang), value=text("stats.none", lang, cmd=cmd))
    embed.set_image(url=f"attachment://{CHART_IMAGE}")
    embed.add_field(name=text("stats.daily", lang), value=_daily_value(stats, lang, cmd))
    if stats.quiz_points is not None:
        value = (
            plural_text(
                "stats.quiz.ranked.shared" if stats.quiz_shared else "stats.quiz.ranked",
                lang,
                stats.quiz_points,
                rank=stats.quiz_rank,
                ranked=stats.quiz_ranked,
            )
            if stats.quiz_rank is not None
            else plural_text("stats.quiz.unranked", lang, stats.quiz_points)
        )
        embed.add_field(name=text("stats.quiz", lang), value=value, inline=False)
    if other:
        embed.set_footer(text=text("stats.private_other", lang))
    return embed


def _daily_value(stats: Stats, lang: Lang, cmd: CommandMentions) -> str:
    """The hand of the day: days answered and the streak, in words where they are none
    ("Inga dagar än", "ingen svit just nu"), never "0 dagar besvarade · rätt 0 dagar i rad"."""
    if not stats.daily_answered:
        return text("stats.daily.none", lang, cmd=cmd)
    best = stats.daily_best
    if stats.daily_streak:
        streak = plural_text(
            "stats.daily.streak", lang, stats.daily_streak, best=number(best, lang)
        )
    elif best:
        streak = plural_text("stats.daily.streak.none", lang, best)
    else:
        streak = text("stats.daily.streak.never", lang)
    answered = plural_text("stats.daily.answered", lang, stats.daily_answered)
    return text("stats.daily.value", lang, answered=answered, streak=streak)


def due_text(upcoming: Sequence[tuple[str, int, bool]], lang: Lang) -> str:
    """The rules the next hands train, by name: when, and whether new to the member."""
    lines = []
    for rule_id, hands, new in upcoming:
        if hands == 0:
            when = text("stats.due.next", lang)
        else:
            when = plural_text("stats.due.in", lang, hands)
        if new:
            when += text("stats.due.new", lang)
        lines.append(f"{rule_name(rule_id, lang)} – {when}")
    return "\n".join(lines) or text("stats.due.none", lang)


# --- /daily ---

#: One day of the hand of the day, in seconds: a new hand at every midnight UTC.
DAY_SECONDS: Final = 86_400


def day_text(day: str, lang: Lang) -> str:
    """An ISO date as a member reads it: "1 december", "1 December" (``i18n.day_text``)."""
    return i18n_day_text(date.fromisoformat(day), lang)


def next_hand_text(day: str) -> str:
    """When the hand after ``day``'s comes (its next midnight UTC), as Discord timestamps
    that every client shows in its own language and time zone: "in 3 hours (2 December
    2026 01:00)"."""
    at = int(day_start(day)) + DAY_SECONDS
    return f"<t:{at}:R> (<t:{at}:f>)"


def daily_title(day: str, lang: Lang, correct: bool | None) -> str:
    """ "Today's hand, 1 December", after an answer led by ✅ Right! or ❌ Wrong!."""
    key = "daily.title" if correct is None else f"daily.title.{'right' if correct else 'wrong'}"
    return text(key, lang, day=day_text(day, lang))


def answer_cards(answer: str) -> str:
    return pretty_cards(display_order([card_from_name(name) for name in answer.split()]))


def yesterday_text(
    day: str,
    hand: Sequence[Card] | None,
    answered: int,
    right: int,
    distribution: Sequence[Mapping[str, Any]],
    lang: Lang,
) -> str:
    if hand is None or not answered:
        return text("daily.yesterday.none", lang)
    answers = "\n".join(
        text(
            "daily.yesterday.answer",
            lang,
            cards=answer_cards(str(row["answer"])),
            mark="✅" if row["correct"] else "❌",
            count=int(row["n"]),
            share=whole_percent(int(row["n"]), answered, lang),
        )
        for row in distribution
    )
    return text(
        "daily.yesterday.value",
        lang,
        day=day_text(day, lang),
        hand=pretty_cards(sorted(hand, key=sort_key)),
        answered=answered,
        right=right,
        share=whole_percent(right, answered, lang),
        answers=answers,
    )
