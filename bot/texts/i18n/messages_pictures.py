"""Messages of /analyze, /cards and the pictures' alt text: part of the catalogue in
``bot.texts.i18n``."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, dict[str, str]]] = {
    "analyze.title": {"sv": "Analys av {hand}", "en": "Analysis of {hand}"},
    "analyze.best_field": {"sv": "Bästa delningen", "en": "The best split"},
    "analyze.standing": {"sv": "väntevärde {ev}", "en": "EV {ev}"},
    "analyze.place": {"sv": " · plats {place} av {count}", "en": " · place {place} of {count}"},
    "analyze.row_gap": {
        "sv": " · {gap} mindre än den bästa",
        "en": " · {gap} less than the best",
    },
    "analyze.house_mark": {"sv": "Huset väljer", "en": "House Way"},
    "analyze.house_only": {"sv": "Den enda tillåtna delningen.", "en": "The only legal split."},
    "analyze.house_best": {
        "sv": "Den bästa delningen (ovan). Den näst bästa ger {gap} mindre per insatt krona.",
        "en": "The best split (above). The next best gives {gap} less per unit bet.",
    },
    "analyze.house_tied": {
        "sv": "Exakt lika bra som den bästa delningen.",
        "en": "Exactly as good as the best split.",
    },
    "analyze.footer": {
        "sv": "Exakt: alla {deals} händer givaren kan få · väntevärde per insatt krona",
        "en": "Exact: all {deals} hands the dealer can hold · EV per unit bet",
    },
    "analyze.list_line": {"sv": "väntevärde {ev}{gap}", "en": "EV {ev}{gap}"},
    "analyze.shares": {
        "sv": "vinst {win} · oavgjort {push} · förlust {loss}",
        "en": "win {win} · push {push} · loss {loss}",
    },
    "analyze.all_marks": {
        "sv": "{house} Huset väljer · {player} Spelarens sätt (projektets råd) · väntevärde per insatt krona",
        "en": "{house} House Way · {player} The player's way (the project's advice) · EV per unit bet",
    },
    "analyze.chart_title": {
        "sv": "Väntevärde per delning · stapeln: mindre än den bästa",
        "en": "EV of each split · the bar: how much less than the best",
    },
    "component.invalid.analyze": {
        "sv": "Den här knappen gäller inte längre. Kör {cmd[analyze]} igen.",
        "en": "This button is no longer valid. Run {cmd[analyze]} again.",
    },
    "analyze.chart_best": {
        "sv": "Stapeldiagram: varje delnings väntevärde och hur mycket mindre den ger än den bästa. Husets delning (tvåkortshand: {two}) är den bästa.",
        "en": "Bar chart: each split's EV and how much less it gives than the best. The house way (two-card hand: {two}) is the best.",
    },
    "analyze.chart_worse": {
        "sv": "Stapeldiagram: varje delnings väntevärde och hur mycket mindre den ger än den bästa. Husets delning (tvåkortshand: {two}) ger {gap} mindre per insatt krona.",
        "en": "Bar chart: each split's EV and how much less it gives than the best. The house way (two-card hand: {two}) gives {gap} less per unit bet.",
    },
    "analyze.timeout": {
        "sv": "Analysen tog för lång tid (över {seconds} s), så jag avbröt den. Försök igen om en stund.",
        "en": "The analysis took too long (over {seconds} s), so I stopped it. Please try again in a moment.",
    },
    "cards.chosen.four": {
        "sv": "Dina kortbilder ritas nu med fyra färger: ♠ svart, ♥ röd, ♦ blå, ♣ grön. Valet följer med dig till alla servrar och direktmeddelanden; quizbilder, som alla ser, ritas fortfarande med två färger. {cmd[cards]} byter tillbaka.",
        "en": "Your card pictures now use four colours: ♠ black, ♥ red, ♦ blue, ♣ green. The choice follows you to every server and DM; quiz pictures, which everyone sees, stay in two colours. {cmd[cards]} switches back.",
    },
    "cards.chosen.two": {
        "sv": "Dina kortbilder ritas nu med de vanliga två färgerna, rött och svart. Med {cmd[cards]} får varje kortfärg en egen färg.",
        "en": "Your card pictures now use the usual two colours, red and black. {cmd[cards]} gives each suit a colour of its own.",
    },
    "cards.current.four": {
        "sv": "Dina kortbilder ritas med fyra färger: ♠ svart, ♥ röd, ♦ blå, ♣ grön, på alla servrar och i direktmeddelanden. {cmd[cards]} ändrar det.",
        "en": "Your card pictures use four colours: ♠ black, ♥ red, ♦ blue, ♣ green, in every server and DM. {cmd[cards]} changes it.",
    },
    "cards.current.two": {
        "sv": "Dina kortbilder ritas med de vanliga två färgerna, rött och svart. Med {cmd[cards]} och Fyra färger får varje kortfärg en egen färg: ♠ svart, ♥ röd, ♦ blå, ♣ grön.",
        "en": "Your card pictures use the usual two colours, red and black. {cmd[cards]} with Four colours gives each suit a colour of its own: ♠ black, ♥ red, ♦ blue, ♣ green.",
    },
    "cards.not_saved": {
        "sv": "Jag kunde inte spara ditt val (databasen svarar inte). Försök igen om en stund.",
        "en": "I couldn't save your choice (the database is not answering). Please try again in a moment.",
    },
    "cards.unknown": {
        "sv": "{value} är inget val. Välj Fyra färger eller Två färger i listan.",
        "en": "{value} is not a choice. Pick Four colours or Two colours from the list.",
    },
    # Alt text of pictures (bot/texts/alt_text.py): cards in words, as screen readers say them.
    # The split picture's row labels (bot/texts/split_labels.py), which its alt text repeats.
    "picture.five": {"sv": "Femkortshanden – {name}", "en": "Five-card hand – {name}"},
    "picture.two": {"sv": "Tvåkortshanden – {name}", "en": "Two-card hand – {name}"},
    # Two lines in the picture, one sentence in its alt text.
    "picture.joker_as": {"sv": "Jokern spelar\nsom {rank}", "en": "The joker\nplays as {rank}"},
    "compare.house": {"sv": "Husets delning", "en": "The house way"},
    "compare.yours": {"sv": "Din delning", "en": "Your split"},
    "alt.compare": {
        "sv": "Husets delning: {house} Din delning: {yours}",
        "en": "The house way: {house} Your split: {yours}",
    },
    "alt.split": {
        "sv": "{five_label}: {five}. {two_label}: {two}.",
        "en": "{five_label}: {five}. {two_label}: {two}.",
    },
    "alt.preview": {
        "sv": "Ett kort i varje kortfärg: {cards}.",
        "en": "One card of each suit: {cards}.",
    },
    "alt.in_colour": {"sv": "{card} i {colour}", "en": "{card} in {colour}"},
    # Colours as nouns ("i rött", "in red"), one per ink of bot.pictures.cards_image.INK_NAMES.
    "alt.colour.black": {"sv": "svart", "en": "black"},
    "alt.colour.red": {"sv": "rött", "en": "red"},
    "alt.colour.blue": {"sv": "blått", "en": "blue"},
    "alt.colour.green": {"sv": "grönt", "en": "green"},
    # The /stats picture (bot.pictures.progress) and its alt text. A picture cannot hold a
    # clickable mention: {practice}, {rules} and {rule_option} are the commands' names as the
    # reader's client shows them ("/träna", "regel").
    "stats.picture.rules": {
        "sv": "Regler du har mött, svagast först",
        "en": "Rules you have met, weakest first",
    },
    "stats.picture.row": {
        "sv": "{right} av {answered} · {share}",
        "en": "{right} of {answered} · {share}",
    },
    "stats.picture.all_met": {
        "sv": "Du har mött alla {count} regler",
        "en": "You have met all {count} rules",
    },
    "stats.picture.none": {"sv": "Inga händer än", "en": "No hands yet"},
    "stats.picture.start": {
        "sv": "Börja med {practice}: varje hand tränar en regel, den vanligaste först.",
        "en": "Start with {practice}: every hand trains a rule, the most common first.",
    },
    "stats.picture.all_wrong": {
        "sv": "Inget rätt än. Läs regeln med {rules} och träna den sedan.",
        "en": "Nothing right yet. Read the rule with {rules}, then practise it.",
    },
    "stats.picture.practise": {
        "sv": "Träna härnäst: {rule} ({practice} {rule_option})",
        "en": "Practise next: {rule} ({practice} {rule_option})",
    },
    "stats.picture.days": {"sv": "Andel rätt per dag (UTC)", "en": "Share right per day (UTC)"},
    "alt.stats": {
        "sv": "Bild: träningsstatistik. {parts}",
        "en": "Picture: practice statistics. {parts}",
    },
    "alt.stats.rules": {
        "sv": "Regler du har mött, svagast först: {rows}.",
        "en": "Rules you have met, weakest first: {rows}.",
    },
    "alt.stats.row": {
        "sv": "{rule}, {right} av {answered} rätt ({share})",
        "en": "{rule}, {right} of {answered} right ({share})",
    },
    "alt.stats.due": {"sv": "Näst på tur: {due}.", "en": "Due next: {due}."},
    "alt.stats.days": {"sv": "Andel rätt per dag: {days}.", "en": "Share right per day: {days}."},
    "alt.stats.day": {
        "sv": "{day}: {right} av {answered} ({share})",
        "en": "{day}: {right} of {answered} ({share})",
    },
}

#: Messages that show a count, one template per CLDR plural form (``plural_text``).
PLURALS: Final[dict[str, dict[str, dict[str, str]]]] = {
    "stats.picture.more_met.alike": {  # every rule left out as often right
        "sv": {
            "one": "{count} regel till som du har mött, {high} rätt",
            "other": "{count} regler till som du har mött, alla {high} rätt",
        },
        "en": {
            "one": "{count} more rule you have met, {high} right",
            "other": "{count} more rules you have met, each {high} right",
        },
    },
    "stats.picture.more_met": {  # one rule left out: its share is both low and high
        "sv": {
            "one": "{count} regel till som du har mött, {high} rätt",
            "other": "{count} regler till som du har mött, {low}–{high} rätt",
        },
        "en": {
            "one": "{count} more rule you have met, {high} right",
            "other": "{count} more rules you have met, {low}–{high} right",
        },
    },
    "stats.picture.unmet": {
        "sv": {
            "one": "{count} regel har du inte mött än",
            "other": "{count} regler har du inte mött än",
        },
        "en": {
            "one": "{count} rule you have not met yet",
            "other": "{count} rules you have not met yet",
        },
    },
    "analyze.lead": {  # count: the legal splits
        "sv": {
            "one": "**Väntevärde** är vad en delning ger i snitt per insatt krona mot alla {deals} händer givaren kan få, lagda enligt Huset väljer: vinst {payoff} efter provisionen, oavgjort 0, förlust −1. Handen kan bara läggas på ett sätt.",
            "other": "**Väntevärde** är vad en delning ger i snitt per insatt krona mot alla {deals} händer givaren kan få, lagda enligt Huset väljer: vinst {payoff} efter provisionen, oavgjort 0, förlust −1. Handen kan läggas på {count} sätt; alla finns under knappen.",
        },
        "en": {
            "one": "**EV** (expected value) is what a split gives on average per unit bet against all {deals} hands the dealer can hold, set by the House Way: a win {payoff} after commission, a push 0, a loss −1. The hand can be set only one way.",
            "other": "**EV** (expected value) is what a split gives on average per unit bet against all {deals} hands the dealer can hold, set by the House Way: a win {payoff} after commission, a push 0, a loss −1. The hand can be set {count} ways; all of them are under the button.",
        },
    },
    "analyze.all_title": {  # count: the legal splits
        "sv": {"one": "Den enda delningen av {hand}", "other": "Alla {count} delningar av {hand}"},
        "en": {"one": "The one split of {hand}", "other": "All {count} splits of {hand}"},
    },
    "analyze.all_button": {  # count: the legal splits
        "sv": {"one": "Den enda delningen", "other": "Alla {count} delningar"},
        "en": {"one": "The one split", "other": "All {count} splits"},
    },
    "analyze.busy": {  # count: the analyses under way
        "sv": {
            "one": "Jag har redan {count} analys på gång och tar inte emot fler just nu. Försök igen om några sekunder.",
            "other": "Jag har redan {count} analyser på gång och tar inte emot fler just nu. Försök igen om några sekunder.",
        },
        "en": {
            "one": "I already have {count} analysis under way and am not taking more right now. Please try again in a few seconds.",
            "other": "I already have {count} analyses under way and am not taking more right now. Please try again in a few seconds.",
        },
    },
    "alt.hand": {  # count: the cards in the picture
        "sv": {"one": "Ett kort: {cards}.", "other": "En hand med {count} kort: {cards}."},
        "en": {"one": "One card: {cards}.", "other": "A hand of {count} cards: {cards}."},
    },
}
