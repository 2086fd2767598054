"""The message catalogue (Swedish and English) and the app-command translator.

Every user-facing string lives here once per language. Swedish is chosen for
users whose Discord language is Swedish; everyone else gets English. The messages
are kept by feature in this package's ``messages_*`` modules and merged here into
one ``MESSAGES``; the Swedish command texts are in ``commands_sv``. A message that shows a
count is in the modules' ``PLURALS`` instead, with one template per CLDR plural form
("1 dag", "2 dagar"), chosen by ``plural_text`` with Babel's plural rules.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Final, TypeVar

import discord
from babel import Locale
from babel.dates import format_date
from babel.numbers import format_decimal
from discord import app_commands

from houseway.language import Lang

from . import (
    messages_game,
    messages_hands,
    messages_meta,
    messages_pictures,
    messages_practice,
    messages_quiz,
    messages_strategy,
    messages_table,
    messages_win,
)
from .commands_sv import COMMAND_TEXTS_SV

#: Each language's CLDR locale (Babel): plural rules, number and date formats.
LOCALES: Final = {Lang.SV: Locale.parse("sv_SE"), Lang.EN: Locale.parse("en")}


def locale_of(lang: Lang) -> Locale:
    """The CLDR locale of ``lang`` (English for any other)."""
    return LOCALES.get(lang, LOCALES[Lang.EN])


def plural_forms(lang: Lang) -> frozenset[str]:
    """The CLDR plural forms a message in ``lang`` needs: "one" and "other" in Swedish
    and English (others, e.g. "few", where a language's rules have them)."""
    return frozenset(locale_of(lang).plural_form.tags) | {"other"}


def language(locale: discord.Locale | str | None) -> Lang:
    """Swedish for a Swedish Discord client (or a stored ``sv``), English for every other.
    The bot carries a language as the core's :class:`houseway.language.Lang`, whose values
    are this catalogue's keys."""
    value = locale.value if isinstance(locale, discord.Locale) else (locale or "")
    return Lang.SV if value.lower().startswith("sv") else Lang.EN


Entry = TypeVar("Entry")


def merged(*tables: Mapping[str, Entry]) -> dict[str, Entry]:
    """The tables as one catalogue; a key in two tables is refused, since one would
    silently hide the other."""
    catalogue: dict[str, Entry] = {}
    for table in tables:
        twice = sorted(catalogue.keys() & table.keys())
        if twice:
            raise ValueError(f"message keys defined twice: {', '.join(twice)}")
        catalogue.update(table)
    return catalogue


MESSAGES: Final[dict[str, dict[str, str]]] = merged(
    messages_hands.MESSAGES,
    messages_quiz.MESSAGES,
    messages_practice.MESSAGES,
    messages_meta.MESSAGES,
    messages_pictures.MESSAGES,
    messages_strategy.MESSAGES,
    messages_win.MESSAGES,
    messages_game.MESSAGES,
    messages_table.MESSAGES,
)

PLURALS: Final[dict[str, dict[str, dict[str, str]]]] = merged(
    messages_hands.PLURALS,
    messages_quiz.PLURALS,
    messages_practice.PLURALS,
    messages_pictures.PLURALS,
    messages_strategy.PLURALS,
    messages_win.PLURALS,
    messages_game.PLURALS,
    messages_table.PLURALS,
)
merged(MESSAGES, PLURALS)  # a key is either a message or a plural message, never both


@dataclass(frozen=True)
class Counted:
    """A count inside a message, written in the reader's language as the plural message
    ``key`` ("1 gång", "3 gånger"): for texts made before their language is known (a
    refusal) and messages with two counts ("3 gånger på 60 sekunder")."""

    key: str
    count: int | float


@dataclass(frozen=True)
class Figure:
    """A number inside a message, grouped as the reader's language writes it ("1 000",
    "1,000", a real minus sign): for texts made before their language is known."""

    value: int


@functools.lru_cache(maxsize=8192, typed=True)
def figure(value: int | float, lang: Lang) -> str:
    """A number as ``lang`` writes it (CLDR, by Babel): 53\u00a0524\u00a0680 in Swedish with
    no-break spaces, 53,524,680 in English, a real minus sign. Kept: the same stakes and
    stacks are written over and over (Babel's formatting was 3 % of a process's time at
    200 tables, issue 40), by value and type (``Decimal("1.0")`` is not ``1``). An integral
    float is written as its integer."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return format_decimal(value, locale=locale_of(lang)).replace("-", "\u2212")


def day_text(day: date, lang: Lang) -> str:
    """A day as a member reads it (CLDR, by Babel): "1 december" / "1 December", with
    its year when that is not this year's (UTC)."""
    this_year = day.year == datetime.now(UTC).year
    return format_date(day, "d MMMM" if this_year else "d MMMM y", locale=locale_of(lang))


def short_day_text(day: date, lang: Lang) -> str:
    """A day where a picture has little room: the day first, as ``day_text`` writes it, the
    month short ("2 dec." / "2 Dec"; the /stats picture once wrote "Dec 2")."""
    return format_date(day, "d MMM", locale=locale_of(lang))


def month_text(month: date, lang: Lang) -> str:
    """A month with its year (CLDR's stand-alone name, by Babel): "december 2026" /
    "December 2026"."""
    return format_date(month, "LLLL y", locale=locale_of(lang))


def _filled(values: Mapping[str, object], lang: Lang) -> dict[str, object]:
    """Values as ``lang`` writes them: ``Counted`` in its plural form, a date as a day."""
    filled: dict[str, object] = {}
    for name, value in values.items():
        if isinstance(value, Counted):
            filled[name] = plural_text(value.key, lang, value.count)
        elif isinstance(value, Figure):
            filled[name] = figure(value.value, lang)
        elif isinstance(value, date) and not isinstance(value, datetime):
            filled[name] = day_text(value, lang)
        else:
            filled[name] = value
    return filled


def text(key: str, lang: Lang, **values: object) -> str:
    """The message ``key`` in ``lang`` with ``values`` filled in (``Counted`` ones in
    their plural form)."""
    entry = MESSAGES[key]
    return entry.get(lang, entry[Lang.EN]).format(**_filled(values, lang))


def plural_text(key: str, lang: Lang, count: int | float, **values: object) -> str:
    """The plural message ``key`` in the form CLDR's rules give ``count`` in ``lang``
    ("Rätt 1 dag i rad", "Rätt 2 dagar i rad"), with ``{count}`` as ``lang`` writes the
    figure (53\u00a0524\u00a0680) and ``values`` filled in."""
    if isinstance(count, float) and count.is_integer():
        count = int(count)  # 60.0 seconds are 60, not "60,0" (nor "1.0 seconds")
    entry = PLURALS[key]
    forms = entry.get(lang, entry[Lang.EN])
    form = _plural_form(count, lang)
    return forms[form].format(count=figure(count, lang), **_filled(values, lang))


@functools.lru_cache(maxsize=8192, typed=True)
def _plural_form(count: int | float, lang: Lang) -> str:
    """CLDR's plural form of ``count`` in ``lang`` ("one", "other"), kept as ``figure``."""
    return str(locale_of(lang).plural_form(count))


class Translator(app_commands.Translator):
    """Swedish command names and descriptions for Swedish clients (Discord shows them)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is not discord.Locale.swedish:
            return None
        return COMMAND_TEXTS_SV.get(string.message)
