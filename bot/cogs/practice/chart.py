"""The /stats picture's content: a member's figures and schedule turned into the texts of
``bot.pictures.progress`` (in the member's language) and the matching alt text.

Only the rules the member has met get a row, the weakest first (lowest share right, then
fewest answers, then the catalogue's order); the rest are one line. The weakest rule is
named as the one to practise next, with the command that drills it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from houseway.language import Lang
from houseway.rules import RULE_IDS, rule_name

from ...pictures.progress import MAX_DAYS, MAX_RULE_ROWS, Day, Progress, RuleRow, render_progress
from ...storage.practice import Stats
from ...texts.alt_text import stats_description
from ...texts.embeds import number, percent
from ...texts.i18n import plural_text, short_day_text, text
from ...texts.i18n.commands_sv import COMMAND_TEXTS_SV

__all__ = ["StatsPicture", "met_rules", "render_stats_picture", "stats_picture"]


def met_rules(rules: Mapping[str, tuple[int, int]]) -> list[tuple[str, int, int]]:
    """(rule id, answered, right) of the rules met, the weakest first."""
    order = {rule_id: i for i, rule_id in enumerate(RULE_IDS)}
    met = [(rule_id, n, right) for rule_id, (n, right) in rules.items() if n and rule_id in order]
    return sorted(met, key=lambda r: (r[2] / r[1], r[1], order[r[0]]))


def _share(right: int, answered: int, lang: Lang) -> str:
    return percent(right / answered if answered else 0.0, lang, 0)


def _date(day: str, lang: Lang) -> str:
    """ "1 dec." / "1 Dec" from an ISO date: the day first, as every reply writes a day."""
    return short_day_text(date.fromisoformat(day), lang)


def _names(lang: Lang) -> dict[str, str]:
    """The commands a picture names, as the member's client shows them ("/träna regel")."""

    def shown(name: str) -> str:
        return COMMAND_TEXTS_SV[name] if lang == Lang.SV else name

    return {
        "practice": f"/{shown('practice')}",
        "rules": f"/{shown('rules')}",
        "rule_option": shown("rule"),
    }


@dataclass(frozen=True)
class StatsPicture:
    """What the picture shows and says, in one language."""

    progress: Progress
    description: str


def stats_picture(stats: Stats, due: Sequence[str], lang: Lang) -> StatsPicture:
    """The picture's texts and its alt text; ``due`` is the schedule's next rules in words."""
    met = met_rules(stats.rules)
    named = [(rule_name(rule_id, lang), n, right) for rule_id, n, right in met]
    shown = named[:MAX_RULE_ROWS]
    rows = [
        RuleRow(
            name,
            right / n,
            text(
                "stats.picture.row",
                lang,
                right=number(right, lang),
                answered=number(n, lang),
                share=_share(right, n, lang),
            ),
        )
        for name, n, right in shown
    ]
    summary = []
    left_out = met[MAX_RULE_ROWS:]
    if left_out:
        low = min(left_out, key=lambda r: r[2] / r[1])
        high = max(left_out, key=lambda r: r[2] / r[1])
        low_share, high_share = round(100 * low[2] / low[1]), _share(high[2], high[1], lang)
        alike = low[2] * high[1] == high[2] * low[1]  # "100 % right", not "100–100 %"
        summary.append(
            plural_text(
                "stats.picture.more_met.alike" if alike else "stats.picture.more_met",
                lang,
                len(left_out),
                low=low_share,  # "60–90 %": one sign, at the end
                high=high_share,
            )
        )
    unmet = len(RULE_IDS) - len(met)
    summary.append(
        plural_text("stats.picture.unmet", lang, unmet)
        if unmet
        else text("stats.picture.all_met", lang, count=len(RULE_IDS))
    )
    advice = []
    if not met:
        advice.append(text("stats.picture.start", lang, **_names(lang)))
    else:
        if not stats.correct:
            advice.append(text("stats.picture.all_wrong", lang, **_names(lang)))
        weakest, n, right = named[0]
        if right < n:
            advice.append(text("stats.picture.practise", lang, rule=weakest, **_names(lang)))
    last_days = stats.days[-MAX_DAYS:]
    days = [Day(_date(day, lang), right / n, _share(right, n, lang)) for day, n, right in last_days]
    progress = Progress(
        title=text("stats.picture.rules" if met else "stats.picture.none", lang),
        rows=rows,
        summary=summary,
        advice=advice,
        due_title=text("stats.due", lang),
        due=due,
        days_title=text("stats.picture.days", lang),
        days=days,
    )
    described = stats_description(
        [(name, n, right, _share(right, n, lang)) for name, n, right in shown],
        [*summary, *advice],
        due,
        [
            (day.label, n, right, day.figures)
            for day, (_, n, right) in zip(days, last_days, strict=True)
        ],
        lang,
    )
    return StatsPicture(progress, described)


def render_stats_picture(picture: StatsPicture) -> bytes:
    return render_progress(picture.progress)
