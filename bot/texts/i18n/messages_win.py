"""Messages of /practice's "Play to win" mode (graded against the best split by exact EV)
and its /stats field: part of the catalogue in ``bot.texts.i18n``."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, dict[str, str]]] = {
    "practice.title.win": {
        "sv": "Träna – spela för att vinna",
        "en": "Practice – play to win",
    },
    "practice.prompt.win": {
        "sv": "Hur lägger du den här handen för att vinna mest? Välj de **två kort** som går till tvåkortshanden – här räknas den bästa delningen, inte husets.",
        "en": "How do you set this hand to win the most? Pick the **two cards** for the two-card hand – here the best split counts, not the house way.",
    },
    "practice.win.right": {
        "sv": "✅ Bästa delningen – inget uppgivet",
        "en": "✅ The best split – nothing given up",
    },
    "practice.win.wrong": {
        "sv": "❌ Inte den bästa delningen",
        "en": "❌ Not the best split",
    },
    "practice.win.verdict.best": {
        "sv": "Din delning ger upp **0**: ingen delning av handen ger mer (lika bra räknas som bäst).",
        "en": "Your split gives up **0**: no split of this hand gives more (a tie counts as the best).",
    },
    "practice.win.verdict.behind": {
        "sv": "Din delning ger upp **{lost}** per insatt enhet mot den bästa delningen.",
        "en": "Your split gives up **{lost}** per unit bet against the best split.",
    },
    "practice.win.best": {
        "sv": "Bästa delningen ({split}): {ev}",
        "en": "The best split ({split}): {ev}",
    },
    "practice.win.house": {
        "sv": "Husets delning ({split}): {ev} – ger upp {lost} mot den bästa",
        "en": "The house way ({split}): {ev} – gives up {lost} against the best",
    },
    "practice.win.house_best": {
        "sv": "Husets delning ({split}): {ev} – också den bästa",
        "en": "The house way ({split}): {ev} – also the best",
    },
    "practice.win.unavailable": {
        "sv": "Den exakta analysen av handen gick inte att göra just nu, så ditt svar är inte bedömt och inte sparat. Välj dina två kort igen om en stund, eller ta en ny hand med {cmd[practice]}.",
        "en": "The hand's exact analysis could not be made just now, so your answer was neither graded nor saved. Pick your two cards again in a moment, or deal a new hand with {cmd[practice]}.",
    },
    "alt.win.best": {
        "sv": "Bästa delningen: {split}",
        "en": "The best split: {split}",
    },
    "stats.win": {"sv": "Spela för att vinna", "en": "Play to win"},
}

#: Messages that show a count, one template per CLDR plural form (``plural_text``).
PLURALS: Final[dict[str, dict[str, dict[str, str]]]] = {
    "practice.win.session": {
        "sv": {
            "one": "Det här passet: bästa delningen i {right} av {count} hand · du har gett upp {lost} totalt",
            "other": "Det här passet: bästa delningen i {right} av {count} händer · du har gett upp {lost} totalt",
        },
        "en": {
            "one": "This session: the best split in {right} of {count} hand · {lost} given up in all",
            "other": "This session: the best split in {right} of {count} hands · {lost} given up in all",
        },
    },
    "stats.win.value": {
        "sv": {
            "one": "{count} hand, bästa delningen i {best}, gav upp {lost} totalt",
            "other": "{count} händer, bästa delningen i {best}, gav upp {lost} totalt",
        },
        "en": {
            "one": "{count} hand, {best} best, {lost} given up in all",
            "other": "{count} hands, {best} best, {lost} given up in all",
        },
    },
}
