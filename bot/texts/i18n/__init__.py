"""The message catalogue (Swedish and English) and the app-command translator.

Every user-facing string lives here once per language. Swedish is chosen for
users whose Discord language is Swedish; everyone else gets English. The messages
are kept by feature in this package's ``messages_*`` modules and merged here into
one ``MESSAGES``; the Swedish command texts are in ``commands_sv``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

import discord
from discord import app_commands

from . import messages_hands, messages_meta, messages_pictures, messages_practice, messages_quiz
from .commands_sv import COMMAND_TEXTS_SV

SWEDISH: Final = "sv"
ENGLISH: Final = "en"


def language(locale: discord.Locale | str | None) -> str:
    """``sv`` for a Swedish Discord client, ``en`` for every other."""
    value = locale.value if isinstance(locale, discord.Locale) else (locale or "")
    return SWEDISH if value.lower().startswith("sv") else ENGLISH


def merged(*tables: Mapping[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """The tables as one catalogue; a key in two tables is refused, since one would
    silently hide the other."""
    catalogue: dict[str, dict[str, str]] = {}
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
)


def text(key: str, lang: str, **values: object) -> str:
    """The message ``key`` in ``lang`` with ``values`` filled in."""
    entry = MESSAGES[key]
    return entry.get(lang, entry[ENGLISH]).format(**values)


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
