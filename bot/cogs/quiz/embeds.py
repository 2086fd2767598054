"""The quiz's embeds: round, reveal, leaderboard, summary, config and help (pure functions)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final

import discord

from houseway import Decision, sentences_for
from houseway.cards import pretty_cards
from houseway.quiz import BASE_POINTS, SPEED_BONUS
from houseway.rules import rule_name

from ...storage import quiz as quiz_store
from ...texts.embeds import COLOUR, add_split_fields, quote_rules
from ...texts.i18n import SWEDISH, text
from ...texts.mentions import CommandMentions
from .standings import STANDINGS_SHOWN, answer_rows, standing_lines

ROUND_IMAGE: Final = "round.png"
REVEAL_IMAGE: Final = "answer.png"
#: The reveal names at most this many members who got it right.
MAX_NAMES: Final = 30


def score_lines(rows: Sequence[Any], lang: str, first_rank: int) -> list[str]:
    """Ranked lines "**n.** @member – points (correct)" for a leaderboard or a quiz's end."""
    return [
        text(
            "quiz.leaderboard.line",
            lang,
            rank=first_rank + i,
            user=f"<@{row['user_id']}>",
            points=int(row["points"]),
            correct=int(row["correct"]),
        )
        for i, row in enumerate(rows)
    ]


def month_name(month: str, lang: str) -> str:
    """``2026-12`` as "december 2026" / "December 2026" (the names are in the catalogue)."""
    year, number = month.split("-")
    return f"{text('quiz.months', lang).split(',')[int(number) - 1]} {year}"


def message_link(guild_id: int, channel_id: int, message_id: int | None) -> str:
    if message_id is None:
        return f"https://discord.com/channels/{guild_id}/{channel_id}"
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


def discord_time(timestamp: float) -> str:
    """A Discord timestamp tag: each client shows it relative, in its own language."""
    return f"<t:{math.ceil(timestamp)}:R>"


def clock_time(timestamp: float) -> str:
    """A Discord timestamp tag shown as a time of day in the reader's time zone: reads
    right after "until" and stays right once it has passed."""
    return f"<t:{math.ceil(timestamp)}:T>"


def short_time(timestamp: float) -> str:
    """A Discord timestamp tag shown as hours and minutes in the reader's time zone."""
    return f"<t:{math.floor(timestamp)}:t>"


def round_embed(
    quiz: quiz_store.Quiz,
    round_: quiz_store.Round,
    lang: str,
    deadline: float,
    closed: bool = False,
    stopped: tuple[float, int] | None = None,
) -> discord.Embed:
    """The round as posted; ``closed``: as it reads once the round is over (no countdown
    left saying "time runs out 2 minutes ago"); ``stopped``: (when, by whom) a moderator
    stopped it, since its deadline never came."""
    if stopped is not None:
        at, user_id = stopped
        timing = text("quiz.round.stopped", lang, when=short_time(at), user=f"<@{user_id}>")
    elif closed:
        timing = text("quiz.round.ended", lang, when=clock_time(deadline))
    else:
        timing = text("quiz.round.deadline", lang, when=discord_time(deadline))
    embed = discord.Embed(
        title=text("quiz.round.title", lang, number=round_.number, rounds=quiz.rounds),
        description=(
            f"{text(f'quiz.round.{quiz.mode}', lang)}\n\n"
            f"**{pretty_cards(round_.hand)}**\n\n"
            f"{timing}"
        ),
        colour=COLOUR,
    )
    embed.set_image(url=f"attachment://{ROUND_IMAGE}")
    return embed


def reveal_embed(
    quiz: quiz_store.Quiz,
    round_: quiz_store.Round,
    decision: Decision,
    results: Sequence[Any],
    lang: str,
    counts: Sequence[Any] = (),
    totals: Sequence[Any] = (),
) -> discord.Embed:
    """The house way, the rule, how everyone answered (``counts``: answer and n), who got
    it right and, before the last round, the standings so far (``totals``)."""
    right = [row for row in results if row["correct"]]
    embed = discord.Embed(
        title=text("quiz.reveal.title", lang, number=round_.number, rounds=quiz.rounds),
        description=(
            quote_rules(sentences_for(decision.path), lang)
            + "\n\n"
            + text(
                "quiz.reveal.rule",
                lang,
                rule=" → ".join(rule_name(rule_id, lang == SWEDISH) for rule_id in decision.path),
            )
        ),
        colour=COLOUR,
    )
    add_split_fields(embed, decision, lang)
    if counts:
        embed.add_field(
            name=text(f"quiz.reveal.answers.{quiz.mode}", lang),
            value=answer_rows(quiz, round_, decision, counts, lang),
            inline=False,
        )
    names = [f"<@{row['user_id']}> +{row['points']}" for row in right[:MAX_NAMES]]
    if len(right) > MAX_NAMES:
        names.append(text("quiz.reveal.more", lang, count=len(right) - MAX_NAMES))
    embed.add_field(
        name=text("quiz.reveal.right", lang, count=len(right), answered=len(results)),
        value=", ".join(names) if names else text("quiz.reveal.nobody", lang),
        inline=False,
    )
    standings = standing_lines(totals[:STANDINGS_SHOWN], round_.number, lang)
    if standings and round_.number < quiz.rounds:  # after the last: the quiz's end says it
        embed.add_field(
            name=text("quiz.reveal.standings", lang, number=round_.number),
            value="\n".join(standings),
            inline=False,
        )
    embed.set_image(url=f"attachment://{REVEAL_IMAGE}")
    return embed


def leaderboard_embed(
    rows: Sequence[Any], month: str | None, page: int, pages: int, first_rank: int, lang: str
) -> discord.Embed:
    title = (
        text("quiz.leaderboard.title.month", lang, month=month_name(month, lang))
        if month
        else text("quiz.leaderboard.title.all", lang)
    )
    embed = discord.Embed(
        title=title,
        colour=COLOUR,
        description="\n".join(score_lines(rows, lang, first_rank))
        or text("quiz.leaderboard.empty", lang),
    )
    embed.set_footer(text=text("quiz.leaderboard.page", lang, page=page, pages=pages))
    return embed


def summary_embed(totals: Sequence[Any], rounds: int, lang: str) -> discord.Embed:
    """The quiz's top scorers, posted when it ends, the winners (all tied at the top) marked."""
    lines = standing_lines(totals, rounds, lang, winners=True)
    return discord.Embed(
        title=text("quiz.finished.title", lang),
        colour=COLOUR,
        description="\n".join(lines) or text("quiz.finished.none", lang),
    )


def config_embed(config: quiz_store.GuildConfig, lang: str) -> discord.Embed:
    role_id = config.quizmaster_role_id
    role = f"<@&{role_id}>" if role_id else text("quiz.config.none", lang)
    return discord.Embed(
        title=text("quiz.config.title", lang),
        colour=COLOUR,
        description=text(
            "quiz.config.body",
            lang,
            role=role,
            seconds=config.default_seconds,
            rounds=config.default_rounds,
            pause=config.round_pause,
            language=text(f"quiz.config.language.{config.language or 'server'}", lang),
        ),
    )


def help_embed(lang: str, mentions: CommandMentions) -> discord.Embed:
    """How the quiz works and scores (part of /help)."""
    return discord.Embed(
        title=text("quiz.help.title", lang),
        colour=COLOUR,
        description=text("quiz.help.body", lang, base=BASE_POINTS, bonus=SPEED_BONUS, cmd=mentions),
    )
