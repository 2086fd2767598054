"""Messages of /houseway, /deal and /rules, their errors and limits, and stale buttons
and menus: part of the catalogue in ``bot.texts.i18n``."""

from __future__ import annotations

from typing import Final

from houseway.rules import SUPPLEMENT_MARKER_EN, SUPPLEMENT_MARKER_SV

MESSAGES: Final[dict[str, dict[str, str]]] = {
    "title.houseway": {"sv": "Huset väljer", "en": "House Way"},
    "title.deal": {"sv": "Ny giv – huset väljer", "en": "New deal – House Way"},
    "title.rules": {"sv": "Huset väljer – reglerna", "en": "House Way – the rules"},
    "field.five": {"sv": "Femkortshanden – {name}", "en": "Five-card hand – {name}"},
    "field.two": {"sv": "Tvåkortshanden – {name}", "en": "Two-card hand – {name}"},
    "field.why": {"sv": "Varför, med de här korten", "en": "Why, on these cards"},
    "field.often": {"sv": "Hur ofta", "en": "How often"},
    "field.hand": {"sv": "Handen som text", "en": "The hand as text"},
    "field.cost": {"sv": "Jämfört med den bästa delningen", "en": "Against the best split"},
    "cost.worse": {
        "sv": "En annan delning ger mer i snitt i **{share}** av regelns händer (95 % konfidensintervall {low}–{high}). Husets delning ger i snitt **{ev} av insatsen** mindre än den bästa ({ev_low} till {ev_high}); händer där husets delning är bäst räknas som 0.",
        "en": "Another split gives more on average on **{share}** of this rule's hands (95% confidence interval {low}–{high}). On average the house way's split gives **{ev} of the bet** less than the best one ({ev_low} to {ev_high}), counting 0 where it is the best.",
    },
    "cost.never": {
        "sv": "Ingen annan delning var bättre än husets i någon av de analyserade händerna (en bättre delning finns alltså i högst {high} av regelns händer, med 95 % konfidens).",
        "en": "No other split did better than the house way on any hand analysed (so on at most {high} of this rule's hands, with 95% confidence).",
    },
    "cost.exact.worse": {
        "sv": "En annan delning ger mer i snitt i **{share}** av regelns händer. Husets delning ger i snitt **{ev} av insatsen** mindre än den bästa; händer där husets delning är bäst räknas som 0.",
        "en": "Another split gives more on average on **{share}** of this rule's hands. On average the house way's split gives **{ev} of the bet** less than the best one, counting 0 where it is the best.",
    },
    "cost.exact.never": {
        "sv": "Ingen annan delning är bättre än husets på någon av regelns händer.",
        "en": "No other split does better than the house way on any of this rule's hands.",
    },
    # A difference of EVs that the four decimals shown would make look like none.
    "number.below": {"sv": "<\u00a0{figure}", "en": "<\u00a0{figure}"},
    "supplement": {  # the catalogue's markers, so the wording lives in one place
        "sv": f"*{SUPPLEMENT_MARKER_SV}*",
        "en": f"*{SUPPLEMENT_MARKER_SV} ({SUPPLEMENT_MARKER_EN})*",
    },
    # Beside a verbatim quote, words a reader may not know: the project's words, marked so.
    "gloss": {
        "sv": "*Förklaring från houseway, inte kasinot: {glosses}.*",
        "en": "*houseway's note, not the casino's: {glosses}.*",
    },
    "gloss.flytta fram paret": {
        "sv": "”flytta fram paret” = lägga paret i tvåkortshanden",
        "en": "“flytta fram paret” = put the pair in the two-card hand",
    },
    "gloss.spitta": {
        "sv": "”spitta” = splitta, dela upp (ett skrivfel i kasinots text)",
        "en": "“spitta” = splitta, split up (a typo in the casino's text)",
    },
    "footer.path": {"sv": "Regel: {path}", "en": "Rule: {path}"},
    "button.deal_again": {"sv": "Ny giv", "en": "Deal again"},
    "rules.intro": {"sv": "Inledning", "en": "Introduction"},
    "component.invalid": {
        "sv": "Den här knappen eller menyn gäller inte längre. Kör kommandot igen.",
        "en": "This button or menu is no longer valid. Run the command again.",
    },
    "component.invalid.deal": {
        "sv": "Den här knappen gäller inte längre. Kör {cmd[deal]} för en ny hand.",
        "en": "This button is no longer valid. Run {cmd[deal]} for a new hand.",
    },
    "component.invalid.leaderboard": {
        "sv": "Den här knappen gäller inte längre. Kör {cmd[leaderboard]} igen för en aktuell topplista.",
        "en": "This button is no longer valid. Run {cmd[leaderboard]} again for an up-to-date leaderboard.",
    },
    "component.invalid.why": {
        "sv": "Den här knappen gäller inte längre. Tryck på Varför? under en rundas avslöjande.",
        "en": "This button is no longer valid. Press Why? under a round's reveal.",
    },
    "component.invalid.answer": {
        "sv": "Den här menyn gäller inte längre. Svara i den pågående rundans meddelande.",
        "en": "This menu is no longer valid. Answer in the message of the current round.",
    },
    "rules.unknown": {
        "sv": "Det finns ingen regel som heter {rule}. Välj en i listan, t.ex. {example}.",
        "en": "There is no rule called {rule}. Pick one from the list, e.g. {example}.",
    },
    "rules.unknown.like": {
        "sv": "Det finns ingen regel som heter {rule}. Menar du någon av dessa: {names}? Välj en i listan.",
        "en": "There is no rule called {rule}. Did you mean one of these: {names}? Pick one from the list.",
    },
    # Long replies as pages (bot/texts/pages.py): the footer's number, the buttons.
    "pages.number": {"sv": "Sida {page} av {pages}", "en": "Page {page} of {pages}"},
    "pages.previous": {"sv": "Föregående", "en": "Previous"},
    "pages.next": {"sv": "Nästa", "en": "Next"},
    "component.invalid.pages": {
        "sv": "Den här knappen gäller inte längre. Kör {cmd[rules]} igen.",
        "en": "This button is no longer valid. Run {cmd[rules]} again.",
    },
    "error.title": {"sv": "Den handen kan jag inte läsa", "en": "I can't read that hand"},
    "error.example": {
        "sv": "Exempel: {command} `hand: As Kd Th 9c 7s 4d JK` – eller `hjärter ess, spader 10, …`",
        "en": "Example: {command} `hand: As Kd Th 9c 7s 4d JK` – or `A♠ K♦ 10♥ 9♣ 7♠ 4♦ joker`",
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
        "sv": "{token} är inget kort jag känner igen. Ett kort skrivs med valör och färg med engelska bokstäver, t.ex. `As` (spader ess), `Th` (hjärter 10), `K♠` eller `JK` för jokern – eller med ord: `hjärter ess`.",
        "en": "{token} is not a card I know. A card is rank + suit, e.g. `As` (ace of spades), `Th` (ten of hearts), `K♠`, or `JK` for the joker – or in words: `ace of hearts`.",
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
    "error.encoding": {
        "sv": "Texten är inte giltig UTF-8 ({token}). Skriv korten som vanlig text.",
        "en": "The text is not valid UTF-8 ({token}). Write the cards as plain text.",
    },
    "error.internal": {
        "sv": "Något gick fel hos mig. Försök igen om en stund.",
        "en": "Something went wrong on my side. Please try again in a moment.",
    },
    "error.discord_refused": {
        "sv": "Discord lät mig inte svara i den här kanalen – jag saknar åtkomst eller behörighet här. Det hjälper inte att försöka igen förrän det har ändrats.",
        "en": "Discord did not let me answer in this channel – I lack access or a permission here. Trying again will not help until that changes.",
    },
    "error.database": {
        "sv": "Poäng och quiz är inte tillgängliga just nu (databasen svarar inte). {cmd[houseway]}, {cmd[deal]}, {cmd[rules]} och {cmd[analyze]} fungerar som vanligt.",
        "en": "Scores and quizzes are unavailable right now (the database is not answering). {cmd[houseway]}, {cmd[deal]}, {cmd[rules]} and {cmd[analyze]} work as usual.",
    },
    "error.unknown_member": {
        "sv": "Den medlemmen hittar jag inte: välj en medlem i listan, eller utelämna alternativet.",
        "en": "I can't find that member: pick a member from the list, or leave the option out.",
    },
    "error.cooldown": {
        "sv": "Du har använt kommandot {rate} på {per}. Du kan använda det igen {when}.",
        "en": "You have used this command {rate} in {per}. You can use it again {when}.",
    },
    "quiz.why.cooldown": {
        "sv": "Du har frågat Varför? {rate} på {per}. Du kan fråga igen {when} – förklaringen du fick står kvar.",
        "en": "You have asked Why? {rate} in {per}. You can ask again {when} – the explanation you got is still there.",
    },
    "deal.cooldown": {
        "sv": "Du har fått {rate} på {per}. Nästa giv kan du få {when}.",
        "en": "You have dealt {rate} in {per}. You can deal again {when}.",
    },
}

#: Messages that show a count, one template per CLDR plural form (``plural_text``).
PLURALS: Final[dict[str, dict[str, dict[str, str]]]] = {
    "often": {  # count: all hands; one_in: the share as "1 in N"
        "sv": {
            "one": "Regeln avgör {share} av {count} hand.",
            "other": "Regeln avgör {share} av alla {count} händer.",
        },
        "en": {
            "one": "This rule decides {share} of {count} hand.",
            "other": "This rule decides {share} of all {count} hands.",
        },
    },
    "often.rare": {
        "sv": {
            "one": "Regeln avgör {share} av {count} hand (ungefär 1 på {one_in}).",
            "other": "Regeln avgör {share} av alla {count} händer (ungefär 1 på {one_in}).",
        },
        "en": {
            "one": "This rule decides {share} of {count} hand (about 1 in {one_in}).",
            "other": "This rule decides {share} of all {count} hands (about 1 in {one_in}).",
        },
    },
    "cost.exact.source": {  # count: every hand of the rule
        "sv": {
            "one": "*Exakt, över regelns enda hand: varje delning mot alla {dealer} händer givaren kan få (hela spelet löst med houseway solve).*",
            "other": "*Exakt, över alla regelns {count} händer: varje delning mot alla {dealer} händer givaren kan få (hela spelet löst med houseway solve).*",
        },
        "en": {
            "one": "*Exact, over the rule's one hand: every split against all {dealer} hands the dealer can hold (the whole game solved by houseway solve).*",
            "other": "*Exact, over all {count} hands of this rule: every split against all {dealer} hands the dealer can hold (the whole game solved by houseway solve).*",
        },
    },
    "cost.source": {  # count: the hands analysed
        "sv": {
            "one": "*Exakt analys av {count} slumpvis vald hand där regeln avgör: varje delning mot alla {dealer} händer givaren kan få.*",
            "other": "*Exakt analys av {count} slumpvis valda händer där regeln avgör: varje delning mot alla {dealer} händer givaren kan få.*",
        },
        "en": {
            "one": "*An exact analysis of {count} random hand of this rule: every split against all {dealer} hands the dealer can hold.*",
            "other": "*An exact analysis of {count} random hands of this rule: every split against all {dealer} hands the dealer can hold.*",
        },
    },
    # Counts inside other messages, as ``Counted`` values ("3 gånger på 60 sekunder").
    "count.times": {
        "sv": {"one": "{count} gång", "other": "{count} gånger"},
        "en": {"one": "{count} time", "other": "{count} times"},
    },
    "count.seconds": {
        "sv": {"one": "{count} sekund", "other": "{count} sekunder"},
        "en": {"one": "{count} second", "other": "{count} seconds"},
    },
    "count.deals": {  # "Du har fått 3 nya givar", "You have dealt 3 times"
        "sv": {"one": "{count} ny giv", "other": "{count} nya givar"},
        "en": {"one": "{count} time", "other": "{count} times"},
    },
    "houseway.busy": {
        "sv": {
            "one": "Jag ritar redan {count} hand åt dig. Vänta tills den är klar och fråga sedan igen.",
            "other": "Jag ritar redan {count} händer åt dig. Vänta tills de är klara och fråga sedan igen.",
        },
        "en": {
            "one": "I am already drawing {count} hand for you. Wait for it, then ask again.",
            "other": "I am already drawing {count} hands for you. Wait for them, then ask again.",
        },
    },
}
