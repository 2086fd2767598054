"""The quiz's embeds: round, reveal, leaderboard, summary, config and help (pure functions)."""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from datetime import date
from typing import Any, Final

import discord
from babel import Locale, UnknownLocaleError

from houseway import Decision, sentences_for
from houseway.cards import pretty_cards
from houseway.language import Lang
from houseway.learning.quiz import BASE_POINTS, SPEED_BONUS
from houseway.rules import rule_name

from ...storage import quiz as quiz_store
from ...texts.embeds import COLOUR, add_split_fields, quote_rules
from ...texts.i18n import language, locale_of, month_text, plural_text, text
from ...texts.i18n.commands_sv import COMMAND_TEXTS_SV
from ...texts.mentions import CommandMentions
from .standings import STANDINGS_SHOWN, answer_rows, standing_lines

ROUND_IMAGE: Final = "round.png"
REVEAL_IMAGE: Final = "answer.png"
#: The reveal names at most this many members who got it right.
MAX_NAMES: Final = 30


def score_lines(rows: Sequence[Any], lang: Lang) -> list[str]:
    """Ranked lines "**n.** @member – points (correct)" for a leaderboard or a quiz's end;
    the rank is the row's place from the storage's one ranking (ties share it)."""
    return [
        plural_text(
            "quiz.leaderboard.line",
            lang,
            int(row["points"]),
            rank=int(row["place"]),
            user=f"<@{row['user_id']}>",
            correct=int(row["correct"]),
        )
        for row in rows
    ]


def month_name(month: str, lang: Lang) -> str:
    """``2026-12`` as "december 2026" / "December 2026": CLDR's stand-alone month name
    with its year (Babel)."""
    return month_text(date.fromisoformat(f"{month}-01"), lang)


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
    lang: Lang,
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
    lang: Lang,
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
                rule=" → ".join(rule_name(rule_id, lang) for rule_id in decision.path),
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
    rows: Sequence[Any], month: str | None, page: int, pages: int, lang: Lang
) -> discord.Embed:
    title = (
        text("quiz.leaderboard.title.month", lang, month=month_name(month, lang))
        if month
        else text("quiz.leaderboard.title.all", lang)
    )
    embed = discord.Embed(
        title=title,
        colour=COLOUR,
        description="\n".join(score_lines(rows, lang)) or text("quiz.leaderboard.empty", lang),
    )
    embed.set_footer(text=text("quiz.leaderboard.page", lang, page=page, pages=pages))
    return embed


def summary_embed(totals: Sequence[Any], rounds: int, lang: Lang) -> discord.Embed:
    """The quiz's top scorers, posted when it ends, the winners (all tied at the top) marked."""
    lines = standing_lines(totals, rounds, lang, winners=True)
    return discord.Embed(
        title=text("quiz.finished.title", lang),
        colour=COLOUR,
        description="\n".join(lines) or text("quiz.finished.none", lang),
    )


#: The settings in /quiz config's order: (the setting's name in the catalogue, its option).
CONFIG_OPTIONS: Final = (
    ("role", "quizmaster_role"),
    ("seconds", "seconds"),
    ("rounds", "rounds"),
    ("pause", "pause"),
    ("language", "language"),
)


def option_name(option: str, lang: Lang) -> str:
    """A command option as the reader's client names it (the Swedish command texts)."""
    return COMMAND_TEXTS_SV.get(option, option) if lang == Lang.SV else option


def quiz_language(config: quiz_store.GuildConfig, guild_locale: str, lang: Lang) -> str:
    """The quiz language as set, and for "the server's language" what that is now: every
    server without community features is English to Discord (en-US), which a small Swedish
    server cannot tell from its settings; said in a moderator's words, not Discord's codes."""
    if config.language:
        return text(f"quiz.config.language.{config.language}", lang)
    if language(guild_locale) == Lang.SV:
        return text("quiz.config.language.server.sv", lang)
    if guild_locale == "en-US":
        return text("quiz.config.language.server.en-US", lang)
    try:  # "tyska", "German": the language by its name in the reader's
        named = Locale.parse(guild_locale, sep="-").get_display_name(locale_of(lang))
    except (UnknownLocaleError, ValueError, TypeError):
        named = None
    return text("quiz.config.language.server.other", lang, locale=named or guild_locale)


def config_embed(
    config: quiz_store.GuildConfig,
    lang: Lang,
    guild_locale: str,
    mentions: CommandMentions,
    limits: Mapping[str, tuple[int, int]],
    changed: Collection[str] | None = None,
) -> discord.Embed:
    """The quiz settings, each with the option that changes it; after a change (``changed``:
    the settings whose value differs, by their catalogue name) what was saved, the changed
    ones marked. ``limits``: each number option's range."""
    role_id = config.quizmaster_role_id
    values = {
        "role": f"<@&{role_id}>" if role_id else text("quiz.config.none", lang),
        "seconds": text("quiz.config.seconds", lang, seconds=config.default_seconds),
        "rounds": str(config.default_rounds),
        "pause": text("quiz.config.seconds", lang, seconds=config.round_pause),
        "language": quiz_language(config, guild_locale, lang),
    }
    lines = []
    for name, option in CONFIG_OPTIONS:
        value = values[name]
        if changed and name in changed:
            value = text("quiz.config.changed", lang, value=value)
        how = f"`{option_name(option, lang)}`"
        if name == "role":
            how = text(
                "quiz.config.how.role", lang, option=how, clear=option_name("clear_role", lang)
            )
        elif option in limits:
            low, high = limits[option]
            how = f"{how} {low}–{high}"
        lines.append(
            text(
                "quiz.config.line",
                lang,
                name=text(f"quiz.config.name.{name}", lang),
                value=value,
                how=how,
            )
        )
    title = (
        "quiz.config.title"
        if changed is None
        else ("quiz.config.title.saved" if changed else "quiz.config.title.unchanged")
    )
    return discord.Embed(
        title=text(title, lang),
        colour=COLOUR,
        description="\n".join(lines) + "\n\n" + text("quiz.config.how", lang, cmd=mentions),
    )


def help_embed(lang: Lang, mentions: CommandMentions) -> discord.Embed:
    """How the quiz works and scores (part of /help)."""
    return discord.Embed(
        title=text("quiz.help.title", lang),
        colour=COLOUR,
        description=text("quiz.help.body", lang, base=BASE_POINTS, bonus=SPEED_BONUS, cmd=mentions),
    )
