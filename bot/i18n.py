"""The message catalogue (Swedish and English) and the app-command translator.

Every user-facing string lives here once per language. Swedish is chosen for
users whose Discord language is Swedish; everyone else gets English.
"""

from __future__ import annotations

from typing import Final

import discord
from discord import app_commands

SWEDISH: Final = "sv"
ENGLISH: Final = "en"


def language(locale: discord.Locale | str | None) -> str:
    """``sv`` for a Swedish Discord client, ``en`` for every other."""
    value = locale.value if isinstance(locale, discord.Locale) else (locale or "")
    return SWEDISH if value.lower().startswith("sv") else ENGLISH


MESSAGES: Final[dict[str, dict[str, str]]] = {
    "title.houseway": {"sv": "Huset väljer", "en": "House Way"},
    "title.deal": {"sv": "Ny giv – huset väljer", "en": "New deal – House Way"},
    "title.rules": {"sv": "Huset väljer – reglerna", "en": "House Way – the rules"},
    "field.five": {"sv": "Femkortshanden – {name}", "en": "Five-card hand – {name}"},
    "field.two": {"sv": "Tvåkortshanden – {name}", "en": "Two-card hand – {name}"},
    "field.rule": {"sv": "Regeln", "en": "The rule"},
    "field.often": {"sv": "Hur ofta", "en": "How often"},
    "field.hand": {"sv": "Handen (att kopiera)", "en": "The hand (to copy)"},
    "often": {
        "sv": "Regeln avgör {share} av alla {total} händer.",
        "en": "This rule decides {share} of all {total} hands.",
    },
    "supplement": {
        "sv": "*Tillägg – ingår inte i originalreglerna*",
        "en": "*Tillägg – ingår inte i originalreglerna (supplement – not part of the original rules)*",
    },
    "footer.path": {"sv": "Regel-id: {path}", "en": "Rule id: {path}"},
    "button.deal_again": {"sv": "Ge igen", "en": "Deal again"},
    "rules.intro": {"sv": "Inledning", "en": "Introduction"},
    "rules.unknown": {
        "sv": "Det finns ingen regel som heter {rule}. Välj en i listan, t.ex. `one-pair`.",
        "en": "There is no rule called {rule}. Pick one from the list, e.g. `one-pair`.",
    },
    "rules.more": {"sv": "Reglerna, fortsättning", "en": "The rules, continued"},
    "error.title": {"sv": "Den handen kan jag inte läsa", "en": "I can't read that hand"},
    "error.example": {
        "sv": "Exempel: `/houseway hand: As Kd Th 9c 7s 4d JK` – eller `hjärter ess, spader 10, …`",
        "en": "Example: `/houseway hand: As Kd Th 9c 7s 4d JK` – or `A♠ K♦ 10♥ 9♣ 7♠ 4♦ joker`",
    },
    "error.empty": {
        "sv": "Du skrev inga kort. Ange sju kort.",
        "en": "You gave no cards. Give seven cards.",
    },
    "error.too_long": {
        "sv": "Texten är för lång (högst {limit} tecken).",
        "en": "The text is too long (at most {limit} characters).",
    },
    "error.unknown_token": {
        "sv": "{token} är inget kort jag känner igen. Ett kort är valör + färg, t.ex. `As`, `10h`, `K♠` eller `JK` för jokern.",
        "en": "{token} is not a card I know. A card is rank + suit, e.g. `As`, `10h`, `K♠`, or `JK` for the joker.",
    },
    "error.duplicate_card": {
        "sv": "Kortet {token} finns två gånger. Varje kort finns bara en gång i leken.",
        "en": "The card {token} appears twice. Each card is in the deck only once.",
    },
    "error.two_jokers": {
        "sv": "Handen har två jokrar, men leken har bara en.",
        "en": "The hand has two jokers, but the deck has only one.",
    },
    "error.wrong_count": {
        "sv": "Handen ska ha sju kort, men jag hittade {count}.",
        "en": "A hand has seven cards, but I found {count}.",
    },
    "error.internal": {
        "sv": "Något gick fel hos mig. Försök igen om en stund.",
        "en": "Something went wrong on my side. Please try again in a moment.",
    },
}


def text(key: str, lang: str, **values: object) -> str:
    """The message ``key`` in ``lang`` with ``values`` filled in."""
    entry = MESSAGES[key]
    return entry.get(lang, entry[ENGLISH]).format(**values)


#: Swedish names and descriptions of commands and options, keyed by their English text.
COMMAND_TEXTS_SV: Final[dict[str, str]] = {
    "houseway": "husetväljer",
    "The dealer's split of a seven-card hand, by the Swedish House Way": (
        "Hur givaren delar en hand med sju kort enligt Huset väljer"
    ),
    "hand": "hand",
    "Seven cards, e.g. As Kd Th 9c 7s 4d JK": "Sju kort, t.ex. As Kd Th 9c 7s 4d JK",
    "private": "privat",
    "Only you see the answer": "Bara du ser svaret",
    "deal": "giv",
    "Deal a random hand and show the house way": "Ge en slumpad hand och visa hur huset väljer",
    "rules": "regler",
    "The House Way rules, in Swedish with translation": (
        "Reglerna i Huset väljer, på svenska med översättning"
    ),
    "rule": "regel",
    "One rule (leave empty for all)": "En regel (lämna tomt för alla)",
}


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
