"""Messages of the player's way (the project's own advice, houseway.strategy) in /analyze and
/rules: part of the catalogue in ``bot.texts.i18n``."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, dict[str, str]]] = {
    "analyze.player_mark": {"sv": "Spelarens sätt", "en": "The player's way"},
    "analyze.player_field": {
        "sv": "Spelarens sätt (projektets råd)",
        "en": "The player's way (the project's advice)",
    },
    "analyze.player_same": {
        "sv": "Samma delning som Huset väljer.",
        "en": "The same split as the house way.",
    },
    "analyze.player_rule": {
        "sv": "Regeln **{rule}** ändrar husets regel *{house_rule}*:",
        "en": "The rule **{rule}** changes the house way's rule *{house_rule}*:",
    },
    "analyze.player_is_best": {
        "sv": "Det ger den bästa delningen (ovan).",
        "en": "It gives the best split (above).",
    },
    "analyze.chart_player": {
        "sv": " Spelarens sätt, projektets råd (tvåkortshand: {two}), ger {gap} mindre per insatt krona.",
        "en": " The player's way, the project's advice (two-card hand: {two}), gives {gap} less per unit bet.",
    },
    "analyze.chart_player_best": {
        "sv": " Spelarens sätt, projektets råd (tvåkortshand: {two}), är den bästa.",
        "en": " The player's way, the project's advice (two-card hand: {two}), is the best.",
    },
    "analyze.chart_player_same": {
        "sv": " Spelarens sätt, projektets råd, lägger handen likadant.",
        "en": " The player's way, the project's advice, sets the hand the same way.",
    },
    "rules.player.title": {
        "sv": "Spelarens sätt (projektets råd)",
        "en": "The player's way (the project's advice)",
    },
    "rules.player.intro": {
        "sv": "Huset väljer är inte gjort för att vinna: regeltexten säger själv att det håller nere förlusterna. Spelarens sätt är Huset väljer med sju ändringar, hittade genom exakt analys av slumpade händer där huset tappar mest. Allt som inte nämns här spelas som huset gör. Jokern räknas som ess i varje regel.",
        "en": "The house way is not meant to win: the rule text itself says it keeps losses down. The player's way is the house way with seven changes, found by exact analysis of sampled hands where it loses the most. Everything not named here is played as the house does. The joker counts as an ace in every rule.",
    },
    "rules.player.rule": {
        "sv": "**{place}. {name}** – ändrar *{house_rule}*\n{text}",
        "en": "**{place}. {name}** – changes *{house_rule}*\n{text}",
    },
    "rules.player.edge": {"sv": "Husets fördel", "en": "The house edge"},
    "rules.player.edge.value": {
        "sv": "Mot en givare som lägger enligt Huset väljer sjunker husets fördel från **{house}** när du lägger som huset till **{player}** med spelarens sätt. Lägre än {best} kommer ingen: det är den bästa delningen av varje hand.",
        "en": "Against a dealer who sets by the house way, the house edge falls from **{house}** when you set as the house does to **{player}** with the player's way. No one gets below {best}: that is the best split of every hand.",
    },
    "rules.player.won_back": {"sv": "Vad det vinner tillbaka", "en": "What it wins back"},
    "rules.player.entry": {
        "sv": "*{marker}.* Sju ändringar av Huset väljer som vinner tillbaka det mesta av vad huset tappar mot den bästa delningen. Välj **{name}** som regel för att läsa dem.",
        "en": "*{marker}.* Seven changes to the house way that win back most of what it loses against the best split. Choose **{name}** as the rule to read them.",
    },
    "rules.player.won_back.exact": {
        "sv": "**{share}** av det Huset väljer tappar mot den bästa delningen, och {pairs} av det som går förlorat på två par – exakt, över alla {hands} händer mot alla {dealer} händer givaren kan få (hela spelet löst: `houseway solve`).",
        "en": "**{share}** of what the house way loses against the best split, and {pairs} of what it loses on two pairs – exact, over all {hands} hands against all {dealer} hands the dealer can hold (the whole game solved: `houseway solve`).",
    },
    "rules.player.choice": {
        "sv": "{name} – projektets råd: sju ändringar av Huset väljer",
        "en": "{name} – the project's advice: seven changes to the house way",
    },
}

PLURALS: Final[dict[str, dict[str, dict[str, str]]]] = {
    "rules.player.won_back.sampled": {  # count: the sampled hands
        "sv": {
            "one": "{share} [{low}, {high}] ({level} konfidensintervall) av det Huset väljer tappar mot den bästa delningen, mätt på {count} slumpad hand, analyserad exakt: `{command}`.",
            "other": "{share} [{low}, {high}] ({level} konfidensintervall) av det Huset väljer tappar mot den bästa delningen, mätt på {count} slumpade händer, var och en analyserad exakt: `{command}`.",
        },
        "en": {
            "one": "{share} [{low}, {high}] ({level} interval) of what the house way loses against the best split, measured on {count} sampled hand, analysed exactly: `{command}`.",
            "other": "{share} [{low}, {high}] ({level} interval) of what the house way loses against the best split, measured on {count} sampled hands, each analysed exactly: `{command}`.",
        },
    },
}
