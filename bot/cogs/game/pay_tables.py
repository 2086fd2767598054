"""A bonus pay table as members read it (spec §10): what each category pays, how many of the
154,143,080 hands hold it, the house edge exactly, and Envy. Shown by the table's Pay
table button and the /rules page; the counts are the shipped exact odds
(``houseway.analysis.bonus_odds.shipped``), never counted on the event loop."""

from __future__ import annotations

from houseway.analysis.bonus_odds import shipped
from houseway.bonus import ENVY_MIN_BET, BonusCategory, pay_table
from houseway.language import Lang

from ...texts.embeds import decimal, number, one_in, percent
from ...texts.i18n import Counted, text
from .words import chips


def pay_table_text(
    table_id: str, lang: Lang, low: int | None = None, high: int | None = None
) -> str:
    """The table's rows, best first, then its house edge and (on Fortune) Envy; with the
    server's stakes (``low``–``high``) when they are known."""
    odds = shipped(table_id)
    table = pay_table(table_id)
    lines = [text("pays.title", lang, title=table.title)]
    if low is not None and high is not None and high:
        lines.append(text("pays.stakes", lang, low=number(low, lang), high=chips(high)))
    for row in odds.rows:
        name = row.category.name_in(lang)
        rarely = number(one_in(row.hands, odds.hands), lang)
        if row.category is BonusCategory.NOTHING:
            lines.append(
                text(
                    "pays.row.nothing",
                    lang,
                    name=name,
                    hands=Counted("table.count.hands", row.hands),
                )
            )
            continue
        lines.append(
            text(
                "pays.row",
                lang,
                name=name,
                pays=number(row.pays, lang),
                hands=Counted("table.count.hands", row.hands),
                one_in=rarely,
            )
        )
    exact = odds.exact_return
    lines.append(
        text(
            "pays.edge",
            lang,
            edge=percent(float(-exact), lang, 2),
            exact=decimal(float(-exact), lang, 6),
            hands=Counted("table.count.hands", odds.hands),
        )
    )
    if table.envy:
        paid = ", ".join(
            f"{category.name_in(lang)} {number(amount, lang)}"
            for category, amount in table.envy.items()
        )
        lines.append(text("pays.envy", lang, least=chips(ENVY_MIN_BET), paid=paid))
    return "\n".join(lines)
