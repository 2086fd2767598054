"""How a quiz stands: the room's answers to a round and the standings so far (pure
functions, for the reveal, the stop and the quiz's end)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

import discord

from houseway import Decision
from houseway.cards import pretty_cards
from houseway.hands import display_order
from houseway.language import Lang
from houseway.learning.answers import Answer, judge, mode_of
from houseway.rules import RULES, rule_name

from ...storage import quiz as quiz_store
from ...texts.embeds import COLOUR
from ...texts.i18n import plural_text, text

#: How many different answers a reveal lists; the rest are counted in one line.
MAX_ANSWER_ROWS: Final = 8
#: How many members a reveal's standings show.
STANDINGS_SHOWN: Final = 5
RIGHT_MARK: Final = "✅"
WINNER_MARK: Final = "🏆"


def answer_rows(
    quiz: quiz_store.Quiz,
    round_: quiz_store.Round,
    decision: Decision,
    counts: Sequence[Any],
    lang: Lang,
) -> str:
    """How many chose each split (or rule), most chosen first, the right ones marked.

    ``counts`` are (answer, n) rows as stored; older rows that name the same two cards
    in another order are one answer. The house way (and, in rule mode, every rule
    offered) is listed even when nobody or few chose it, so the room sees what it missed.
    """
    mode = mode_of(quiz.mode)
    tally: Counter[Answer] = Counter()
    for row in counts:
        tally[Answer.from_stored(mode, str(row["answer"]))] += int(row["n"])
    if mode == "rule":
        house = Answer("rule", rule=decision.rule)
        offered = [Answer("rule", rule=rule) for rule in round_.choices]
    else:
        house = Answer.of_two(round_.hand, decision.two)
        offered = []
    for answer in (house, *offered):
        tally.setdefault(answer, 0)
    right = {answer: judge(answer, decision).correct for answer in tally}
    ranked = sorted(tally, key=lambda a: (-tally[a], not right[a], a.stored()))
    rows = ranked[:MAX_ANSWER_ROWS]
    if house not in rows:  # the house way is never among the rest, however few chose it
        rows = [*rows[:-1], house]
    lines = [
        f"**{tally[answer]}** · {shown(answer, lang)}" + (f" {RIGHT_MARK}" if right[answer] else "")
        for answer in rows
    ]
    if (others := len(ranked) - len(rows)) > 0:
        kind = "rules" if mode == "rule" else "splits"
        lines.append(plural_text(f"quiz.reveal.other_{kind}", lang, others))
    return "\n".join(lines)


def shown(answer: Answer, lang: Lang) -> str:
    """An answer as a member reads it: the two cards, or the rule's name."""
    if answer.mode == "rule":
        known = answer.rule in RULES
        return rule_name(answer.rule, lang) if known else answer.rule
    return pretty_cards(display_order(answer.two)) if answer.two else "?"


def standing_lines(
    totals: Sequence[Any], rounds: int, lang: Lang, winners: bool = False
) -> list[str]:
    """ "**1.** @member – 290 pts (2 of 2 right)" for each ranked member, best first.

    The rows are ranked by the storage (only members with points; equal points share
    a place, 1, 1, 3); with ``winners`` everyone in first place is marked, so a tie
    crowns all of them.
    """
    return [
        plural_text(
            "quiz.standings.line",
            lang,
            int(row["points"]),
            rank=int(row["place"]),
            mark=f"{WINNER_MARK} " if winners and int(row["place"]) == 1 else "",
            user=f"<@{row['user_id']}>",
            correct=int(row["correct"]),
            rounds=rounds,
        )
        for row in totals
    ]


def stopped_embed(totals: Sequence[Any], played: int, rounds: int, lang: Lang) -> discord.Embed:
    """The standings when a moderator stopped the quiz (its scored rounds count)."""
    embed = discord.Embed(
        title=text("quiz.stopped.standings", lang),
        colour=COLOUR,
        description="\n".join(standing_lines(totals, played, lang))
        or text("quiz.finished.none", lang),
    )
    embed.set_footer(text=plural_text("quiz.stopped.played", lang, rounds, played=played))
    return embed
