"""A bonus pay table as members read it (spec §10): what each category pays, how many of the
154,143,080 hands hold it, the house edge exactly, and Envy. Shown by the table's Pay
table button and /rules' bonus page; the counts are the shipped exact odds
(``houseway.analysis.bonus_odds.shipped``), never counted on the event loop."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from houseway.analysis.bonus_odds import shipped
from houseway.bonus import ENVY_MIN_BET, PAY_TABLES, BonusCategory, pay_table
from houseway.language import Lang
from houseway.settle import COMMISSION

from .embeds import decimal, number, one_in, percent
from .i18n import Counted, text

if TYPE_CHECKING:
    from .mentions import CommandMentions

#: /rules' choice that opens the bonus page, and the words that find it.
BONUS_CHOICE: Final = "bonus"
BONUS_WORDS: Final = ("bonus", "sidoinsats", "side bet", "fortune", "mania", "emperor", "envy")
#: /rules' page of how a round is played (the value of its choice, and words that ask for it).
GAME_CHOICE: Final = "game"
GAME_WORDS: Final = (
    "game", "spelet", "pai gow", "så spelas det", "how it is played", "provision",
    "commission", "fel delning", "foul", "kopia", "copy", "oavgjort", "push",
)  # fmt: skip


def pay_table_text(
    table_id: str, lang: Lang, low: int | None = None, high: int | None = None
) -> str:
    """The table's rows, best first, then its house edge and (on Fortune) Envy; with the
    server's stakes (``low``–``high``) when they are known."""
    odds = shipped(table_id)
    table = pay_table(table_id)
    lines = [text("pays.title", lang, title=table.title)]
    if low is not None and high:
        stakes = Counted("count.chips", high)
        lines.append(text("pays.stakes", lang, low=number(low, lang), high=stakes))
    for row in odds.rows:
        name = row.category.name_in(lang)
        hands = Counted("table.count.hands", row.hands)
        if row.category is BonusCategory.NOTHING:
            lines.append(text("pays.row.nothing", lang, name=name, hands=hands))
            continue
        rarely = number(one_in(row.hands, odds.hands), lang)
        pays = number(row.pays, lang)
        lines.append(text("pays.row", lang, name=name, pays=pays, hands=hands, one_in=rarely))
    edge = -odds.exact_return
    lines.append(
        text(
            "pays.edge",
            lang,
            edge=percent(float(edge), lang, 2),
            exact=decimal(float(edge), lang, 6),
            hands=Counted("table.count.hands", odds.hands),
        )
    )
    if table.envy:
        paid = ", ".join(
            f"{category.name_in(lang)} {number(amount, lang)}"
            for category, amount in table.envy.items()
        )
        least = Counted("count.chips", ENVY_MIN_BET)
        lines.append(text("pays.envy", lang, least=least, paid=paid))
    return "\n".join(lines)


def names_bonus(typed: str) -> bool:
    """Whether /rules' option asks for the bonus page."""
    return _names(typed, BONUS_WORDS)


def names_game(typed: str) -> bool:
    """Whether /rules' option asks for the page of how a round is played (three letters at
    least: "p" is not yet "push")."""
    return len(typed.strip()) >= 3 and _names(typed, GAME_WORDS)


def _names(typed: str, words: tuple[str, ...]) -> bool:
    needle = typed.strip().casefold()
    return bool(needle) and any(needle in word or word in needle for word in words)


def game_rules_text(lang: Lang, mentions: CommandMentions) -> str:
    """/rules' page of how a round is played: /help's Pai Gow section, under its title."""
    commission = percent(COMMISSION, lang, 0)
    body = text("help.game.body", lang, cmd=mentions, commission=commission)
    return f"**{text('help.game.title', lang)}**\n\n{body}"


def bonus_rules_text(table_id: str, lang: Lang, mentions: CommandMentions) -> str:
    """/rules' bonus page: how the bet works, then the table this server pays by."""
    others = ", ".join(table.title for table in PAY_TABLES.values() if table.id != table_id)
    parts = [
        text("pays.rules", lang, cmd=mentions),
        pay_table_text(table_id, lang),
        text("pays.others", lang, others=others, cmd=mentions),
    ]
    return "\n\n".join(parts)
