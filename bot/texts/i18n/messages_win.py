"""Messages of /practice's "Play to win" mode (graded against the best split by exact EV)
and its /stats field: part of the catalogue in ``bot.texts.i18n``. Money is said as a
player pictures it: what a split costs per 100 bet (kronor in Swedish), never "per unit"
or "given up"."""

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
        "sv": "✅ Den bästa delningen – du tappar inget",
        "en": "✅ The best split – it costs you nothing",
    },
    "practice.win.wrong": {
        "sv": "❌ Inte den bästa delningen",
        "en": "❌ Not the best split",
    },
    "practice.win.verdict.best": {
        "sv": "Din delning kostar dig inget: ingen annan delning av handen ger mer (lika bra räknas som bäst).",
        "en": "Your split costs you nothing: no other split of this hand pays more (a tie counts as the best).",
    },
    "practice.win.verdict.behind": {
        "sv": "Din delning kostar dig **{lost} kr** per 100 kr i insats, jämfört med den bästa delningen.",
        "en": "Your split costs you **{lost}** per 100 bet, against the best split.",
    },
    "practice.win.best": {
        "sv": "Bästa delningen ({split}): {ev}",
        "en": "The best split ({split}): {ev}",
    },
    "practice.win.house": {
        "sv": "🏠 Huset väljer ({split}): {ev} – kostar {lost} kr per 100 kr mot den bästa",
        "en": "🏠 The house way ({split}): {ev} – costs {lost} per 100 bet against the best",
    },
    "practice.win.house_best": {
        "sv": "🏠 Huset väljer ({split}): {ev} – också den bästa",
        "en": "🏠 The house way ({split}): {ev} – also the best",
    },
    "practice.win.player": {
        "sv": "🧭 Spelarens sätt ({split}): {ev} – kostar {lost} kr per 100 kr mot den bästa",
        "en": "🧭 The player's way ({split}): {ev} – costs {lost} per 100 bet against the best",
    },
    "practice.win.player_best": {
        "sv": "🧭 Spelarens sätt ({split}): {ev} – också den bästa",
        "en": "🧭 The player's way ({split}): {ev} – also the best",
    },
    "practice.win.unit": {
        "sv": "Väntevärde per satsad krona mot givarens alla 53\u00a0524\u00a0680 möjliga händer; ”per 100 kr” är det gånger 100.",
        "en": "Expected value per 1 bet against all 53,524,680 dealer hands; “per 100 bet” is that times 100.",
    },
    # --- why a split is not the best: the rule that sets the hand better ---
    "practice.win.why.house": {
        "sv": "🏠 Huset väljer lägger den här handen bäst, med regeln **{rule}** – {summary}",
        "en": "🏠 The house way sets this hand best, by the rule **{rule}** – {summary}",
    },
    "practice.win.why.player": {
        "sv": "🧭 Spelarens sätt (projektets råd) lägger den bättre än du, med regeln **{rule}** (ändrar husets regel *{house_rule}*):",
        "en": "🧭 The player's way (the project's advice) sets it better than you did, by the rule **{rule}** (it changes the house way's rule *{house_rule}*):",
    },
    "practice.win.why.player_house": {
        "sv": "🧭 Spelarens sätt (projektets råd) lägger den här handen som Huset väljer, och bättre än du, med regeln **{rule}** – {summary}",
        "en": "🧭 The player's way (the project's advice) sets this hand as the house way does, and better than you did, by the rule **{rule}** – {summary}",
    },
    "practice.win.why.none": {
        "sv": "Varken Huset väljer eller spelarens sätt lägger den här handen bättre än du. Den bästa delningen hittar bara den exakta analysen.",
        "en": "Neither the house way nor the player's way sets this hand better than you did. Only the exact analysis finds the best split.",
    },
    # --- whose split the picture shows ---
    "practice.win.picture": {"sv": "Bilden", "en": "The picture"},
    "practice.win.picture.best": {"sv": "Den bästa delningen.", "en": "The best split."},
    "practice.win.picture.house": {
        "sv": "Delningen enligt Huset väljer – här den bästa.",
        "en": "The house way's split – the best here.",
    },
    "practice.win.picture.player": {
        "sv": "Delningen enligt spelarens sätt (projektets råd).",
        "en": "The player's way's split (the project's advice).",
    },
    "practice.win.picture.player_best": {
        "sv": "Delningen enligt spelarens sätt (projektets råd) – här den bästa.",
        "en": "The player's way's split (the project's advice) – the best here.",
    },
    "practice.drill.player_win": {
        "sv": "Spelarens sätt tränas i läget Spela för att vinna, där delningen bedöms mot den bästa. Välj det läget, eller inget läge, i {cmd[practice]}.",
        "en": "The player's way is drilled in Play to win, where a split is graded against the best one. Pick that mode, or none, in {cmd[practice]}.",
    },
    "practice.drill.whole_way": {
        "sv": "Spelarens sätt: alla händer där det skiljer sig från Huset väljer",
        "en": "The player's way: every hand where it differs from the house way",
    },
    "practice.drill.player_rule": {
        "sv": "{name} (spelarens sätt)",
        "en": "{name} (the player's way)",
    },
    "practice.win.drill.way": {
        "sv": "🧭 Spelarens sätt (projektets råd): bara händer där det lägger handen annorlunda än Huset väljer.",
        "en": "🧭 The player's way (the project's advice): only hands it sets otherwise than the house way.",
    },
    "practice.win.drill.rule": {
        "sv": "🧭 Spelarens sätt (projektets råd), regeln **{name}**: bara händer där den lägger handen annorlunda än Huset väljer.",
        "en": "🧭 The player's way (the project's advice), the rule **{name}**: only hands it sets otherwise than the house way.",
    },
    "practice.win.unavailable": {
        "sv": "Den exakta analysen av handen gick inte att göra just nu, så ditt svar är inte bedömt och inte sparat. Välj dina två kort igen om en stund, eller ta en ny hand med {cmd[practice]}.",
        "en": "The hand's exact analysis could not be made just now, so your answer was neither graded nor saved. Pick your two cards again in a moment, or deal a new hand with {cmd[practice]}.",
    },
    "alt.win.shown": {"sv": "{whose} {split}", "en": "{whose} {split}"},
    "stats.win": {"sv": "Spela för att vinna", "en": "Play to win"},
}

#: Messages that show a count, one template per CLDR plural form (``plural_text``).
PLURALS: Final[dict[str, dict[str, dict[str, str]]]] = {
    "practice.win.session": {
        "sv": {
            "one": "Det här passet: bästa delningen i {right} av {count} hand · med 100 kr på varje hand har du tappat {lost} kr",
            "other": "Det här passet: bästa delningen i {right} av {count} händer · med 100 kr på varje hand har du tappat {lost} kr",
        },
        "en": {
            "one": "This session: the best split in {right} of {count} hand · at 100 a hand, {lost} lost in all",
            "other": "This session: the best split in {right} of {count} hands · at 100 a hand, {lost} lost in all",
        },
    },
    "stats.win.value": {
        "sv": {
            "one": "{count} hand, bästa delningen i {best}, med 100 kr på varje hand tappade du {lost} kr",
            "other": "{count} händer, bästa delningen i {best}, med 100 kr på varje hand tappade du {lost} kr",
        },
        "en": {
            "one": "{count} hand, {best} best, at 100 a hand {lost} lost in all",
            "other": "{count} hands, {best} best, at 100 a hand {lost} lost in all",
        },
    },
}
