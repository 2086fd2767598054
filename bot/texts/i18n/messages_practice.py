"""Messages of /practice, /stats and /daily: part of the catalogue in ``bot.texts.i18n``."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, dict[str, str]]] = {
    "practice.title.set": {"sv": "Träna – lägg handen", "en": "Practice – set the hand"},
    "practice.title.rule": {"sv": "Träna – vilken regel", "en": "Practice – name the rule"},
    "practice.session": {
        "sv": "Det här passet: {right} av {total} rätt",
        "en": "This session: {right} of {total} right",
    },
    "practice.streak": {"sv": "{streak} rätt i rad", "en": "streak {streak}"},
    "practice.right": {"sv": "✅ Rätt – så lägger huset", "en": "✅ Right – that is the house way"},
    "practice.wrong": {"sv": "❌ Inte som huset lägger", "en": "❌ Not the house way"},
    "practice.rule.right": {"sv": "✅ Rätt regel", "en": "✅ The right rule"},
    "practice.rule.wrong": {"sv": "❌ Fel regel", "en": "❌ Not that rule"},
    "practice.field.yours": {"sv": "Så lade du", "en": "Your split"},
    "practice.field.your_rule": {"sv": "Du valde", "en": "You picked"},
    "practice.field.where_wrong": {
        "sv": "Där din delning skiljer sig från husets",
        "en": "Where your split leaves the house way",
    },
    "practice.field.why_not": {
        "sv": "Varför den regeln inte avgör",
        "en": "Why that rule does not decide",
    },
    "practice.yours.same": {
        "sv": "Lika mycket värd som husets.",
        "en": "The same value as the house way's.",
    },
    "practice.yours.foul": {
        "sv": "Fellagd: tvåkortshanden är högre än femkortshanden, så handen är förlorad.",
        "en": "A foul: the two-card hand outranks the five-card hand, so the hand loses.",
    },
    "practice.field.ev": {"sv": "Exakt analys", "en": "Exact analysis"},
    "practice.ev.yours": {"sv": "Din delning: **{ev}**", "en": "Your split: **{ev}**"},
    "practice.ev.house": {
        "sv": "Husets delning: {ev} – {versus}",
        "en": "The house way: {ev} – {versus}",
    },
    "practice.ev.best": {
        "sv": "Bästa delningen ({split}): {ev} – {versus}",
        "en": "The best split ({split}): {ev} – {versus}",
    },
    "practice.ev.house_best": {
        "sv": "Husets delning är också den bästa för den här handen.",
        "en": "The house way is also the best split of this hand.",
    },
    "practice.versus.less": {
        "sv": "din delning ger {gap} mindre per insatt krona",
        "en": "yours gives {gap} less per unit bet",
    },
    "practice.versus.more": {
        "sv": "din delning ger {gap} mer per insatt krona",
        "en": "yours gives {gap} more per unit bet",
    },
    "practice.versus.equal": {"sv": "lika", "en": "the same"},
    "practice.ev.unit": {
        "sv": "Väntevärde per insatt krona mot givarens alla 53\u00a0524\u00a0680 möjliga händer.",
        "en": "Expected value per unit bet against all 53,524,680 dealer hands.",
    },
    "practice.ev.pending": {
        "sv": "Räknas ut – visas om ett ögonblick.",
        "en": "Being computed – shown in a moment.",
    },
    "practice.ev.unavailable": {
        "sv": "Analysen gick inte att göra just nu.",
        "en": "The analysis could not be made just now.",
    },
    "practice.field.time": {"sv": "Tid", "en": "Time"},
    "practice.time": {
        "sv": "{seconds} s från given till ditt svar",
        "en": "{seconds} s from the deal to your answer",
    },
    "practice.button.next": {"sv": "Nästa hand", "en": "Next hand"},
    "practice.button.more": {"sv": "Fler sådana", "en": "More like this"},
    "stats.due": {"sv": "Näst på tur", "en": "Due next"},
    "stats.due.next": {"sv": "nästa hand", "en": "the next hand"},
    "stats.due.new": {"sv": " (ny för dig)", "en": " (new to you)"},
    "stats.due.none": {"sv": "Inget just nu.", "en": "Nothing just now."},
    "practice.drill.unknown": {
        "sv": "Det finns ingen regel som heter {rule}. Börja skriva regelns namn i {cmd[practice]} och välj den i listan, t.ex. ”Två par delas”.",
        "en": "There is no rule called {rule}. Start typing the rule's name in {cmd[practice]} and pick it from the list, e.g. “Two pairs split”.",
    },
    "practice.drill.not_named": {
        "sv": "”{rule}” avgör aldrig en hand ensam, så den går inte att träna i läget Vilken regel. Träna den i läget Lägg handen i {cmd[practice]}.",
        "en": "“{rule}” never decides a hand on its own, so it cannot be drilled in Name the rule. Drill it in Set the hand with {cmd[practice]}.",
    },
    "practice.forgotten": {
        "sv": "Du bad om att bli glömd efter att den här handen delades ut, så svaret sparas inte. Börja om med {cmd[practice]}.",
        "en": "You asked to be forgotten after this hand was dealt, so this answer is not stored. Start again with {cmd[practice]}.",
    },
    "practice.already": {
        "sv": "Den handen har du redan svarat på. Tryck på Nästa hand eller kör {cmd[practice]} igen.",
        "en": "You already answered this hand. Press Next hand, or run {cmd[practice]} again.",
    },
    "component.invalid.practice": {
        "sv": "Den här menyn eller knappen gäller inte längre. Kör {cmd[practice]} för en ny hand.",
        "en": "This menu or button is no longer valid. Run {cmd[practice]} for a new hand.",
    },
    "component.invalid.forget": {
        "sv": "Den här knappen gäller inte längre. Kör {cmd[stats forget]} igen om du vill radera.",
        "en": "This button is no longer valid. Run {cmd[stats forget]} again to delete.",
    },
    "component.invalid.daily": {
        "sv": "Den här menyn gäller inte längre. Kör {cmd[daily]} för dagens hand.",
        "en": "This menu is no longer valid. Run {cmd[daily]} for today's hand.",
    },
    "practice.invalid_rule": {
        "sv": "Det svaret går inte att använda: välj en av reglerna i listan.",
        "en": "That answer can't be used: pick one of the rules in the list.",
    },
    "practice.cooldown": {
        "sv": "Du har svarat eller bett om en ny hand {rate} på {per}. Du kan fortsätta {when}.",
        "en": "You have answered or asked for a new hand {rate} in {per}. You can go on {when}.",
    },
    "practice.busy": {
        "sv": "Jag håller redan på med {count} av dina träningssvar. Vänta tills de kommer, och försök sedan igen.",
        "en": "I am already working on {count} of your practice replies. Wait until they arrive, then try again.",
    },
    "stats.title": {"sv": "Träningsstatistik", "en": "Practice statistics"},
    "stats.hands": {"sv": "Tränade händer", "en": "Hands practised"},
    "stats.hands.value": {
        "sv": "{hands} – {correct} rätt ({share})",
        "en": "{hands} – {correct} right ({share})",
    },
    "stats.none": {
        "sv": "Inga än. Börja med {cmd[practice]}.",
        "en": "None yet. Start with {cmd[practice]}.",
    },
    "stats.streak": {"sv": "Rätt i rad", "en": "Streak"},
    "stats.streak.value": {
        "sv": "just nu {current}, rekord {best}",
        "en": "now {current}, best {best}",
    },
    "stats.median": {"sv": "Mediantid att lägga en hand", "en": "Median time to set a hand"},
    "stats.recent": {"sv": "Senaste 30 dagarna", "en": "The last 30 days"},
    "stats.daily": {"sv": "Dagens hand", "en": "Hand of the day"},
    "stats.daily.value": {"sv": "{answered} · {streak}", "en": "{answered} · {streak}"},
    "stats.daily.none": {
        "sv": "Inga dagar än. Prova {cmd[daily]}.",
        "en": "No days yet. Try {cmd[daily]}.",
    },
    "stats.daily.streak.never": {"sv": "ingen dag rätt än", "en": "no day right yet"},
    "stats.quiz": {"sv": "Quiz på den här servern", "en": "Quiz in this server"},
    "stats.private_other": {
        "sv": "En annan medlems statistik visas bara för dig.",
        "en": "Another member's statistics are shown only to you.",
    },
    "stats.forget.confirm": {
        "sv": "Vill du radera **allt** som boten har sparat om dig – träning, dagens hand, quizsvar och quizpoäng, dina spelmarker och händerna du har spelat om dem (ensam och vid bord) på alla servrar samt vilka färger dina kortbilder har? Det går inte att ångra. Knappen gäller i {seconds}.",
        "en": "Do you want to delete **everything** the bot has stored about you – practice, hands of the day, quiz answers and quiz points, your play chips and the hands you played for them (alone and at tables) in every server, and your choice of card colours? This cannot be undone. The button works for {seconds}.",
    },
    "stats.forget.yes": {"sv": "Ja, radera allt", "en": "Yes, delete everything"},
    "stats.forget.no": {"sv": "Avbryt", "en": "Cancel"},
    "stats.forget.working": {
        "sv": "Raderar allt om dig …",
        "en": "Deleting everything about you …",
    },
    "stats.forget.done": {
        "sv": "Klart: allt boten hade sparat om dig är raderat. Kvar är bara en anteckning om att du bad om det, i 30 dagar, så att inget svar på en hand som visades före det (eller quizsvar som väntade på databasen) sparas i efterhand.",
        "en": "Done: everything the bot had stored about you is deleted. All that is left is a note that you asked, for 30 days, so that no answer to a hand shown before (or quiz answer still waiting for the database) is stored afterwards.",
    },
    "stats.forget.unavailable": {
        "sv": "Databasen svarar inte, så inget raderades. Kör {cmd[stats forget]} igen om en stund.",
        "en": "The database is not answering, so nothing was deleted. Run {cmd[stats forget]} again in a moment.",
    },
    "stats.forget.uncertain": {
        "sv": "Databasen slutade svara medan allt om dig raderades, så jag vet inte om det gick igenom. Kör {cmd[stats forget]} igen om en stund för att vara säker – att radera två gånger gör ingen skada.",
        "en": "The database stopped answering while everything about you was being deleted, so I cannot tell whether it went through. Run {cmd[stats forget]} again in a moment to be sure – deleting twice does no harm.",
    },
    "stats.forget.cancelled": {
        "sv": "Avbrutet – inget raderades.",
        "en": "Cancelled – nothing was deleted.",
    },
    "stats.forget.expired": {
        "sv": "Bekräftelsen har gått ut – inget raderades. Kör {cmd[stats forget]} igen om du vill radera.",
        "en": "This confirmation has expired – nothing was deleted. Run {cmd[stats forget]} again to delete.",
    },
    "stats.forget.not_yours": {
        "sv": "Den här bekräftelsen är inte till dig.",
        "en": "This confirmation is not yours.",
    },
    "daily.title": {"sv": "Dagens hand, {day}", "en": "Today's hand, {day}"},
    "daily.title.right": {
        "sv": "✅ Rätt! Dagens hand, {day}",
        "en": "✅ Right! Today's hand, {day}",
    },
    "daily.title.wrong": {
        "sv": "❌ Fel! Dagens hand, {day}",
        "en": "❌ Wrong! Today's hand, {day}",
    },
    "daily.prompt": {
        "sv": "Samma hand för alla, ett svar var, och det går inte att ändra. Nästa hand kommer {next}.",
        "en": "The same hand for everyone, one answer each, and it can't be changed. The next hand comes {next}.",
    },
    "daily.placeholder": {
        "sv": "Välj två kort till tvåkortshanden",
        "en": "Pick two cards for the two-card hand",
    },
    "daily.yesterday": {"sv": "I går", "en": "Yesterday"},
    "daily.yesterday.none": {
        "sv": "Ingen svarade på gårdagens hand.",
        "en": "Nobody answered yesterday's hand.",
    },
    "daily.yesterday.value": {
        "sv": "{day}: **{hand}**\n{answered} svarade, {right} rätt ({share}). Vanligaste svaren:\n{answers}",
        "en": "{day}: **{hand}**\n{answered} answered, {right} right ({share}). The most common answers:\n{answers}",
    },
    "daily.yesterday.answer": {
        "sv": "{mark} {cards} – {count} ({share})",
        "en": "{mark} {cards} – {count} ({share})",
    },
    # The day's result (bot/cogs/practice/daily_result.py): the hand and the splits first.
    "daily.result.house": {
        "sv": "🏠 Husets delning: {split} ({names})",
        "en": "🏠 The house way: {split} ({names})",
    },
    "daily.result.yours": {
        "sv": "Din delning: {split} ({names})",
        "en": "Your split: {split} ({names})",
    },
    "daily.result.house_way": {
        "sv": "Din delning: densamma.",
        "en": "Your split: the same.",
    },
    "daily.result.same": {
        "sv": "Din delning: {split} – lika mycket värd som husets",
        "en": "Your split: {split} – the same value as the house way's",
    },
    "daily.result.foul": {
        "sv": "Din delning: {split} – fellagd, så handen är förlorad",
        "en": "Your split: {split} – a foul, so the hand loses",
    },
    "daily.result.rule": {"sv": "Regeln: {path}", "en": "The rule: {path}"},
    "daily.picture.house": {"sv": "Husets delning – {names}", "en": "The house way – {names}"},
    "daily.picture.yours": {"sv": "Din delning – {names}", "en": "Your split – {names}"},
    "daily.picture.foul": {"sv": "Din delning – fellagd", "en": "Your split – a foul"},
    "daily.tally": {"sv": "Dagens hand hittills", "en": "Today's hand so far"},
    "daily.tally.value": {
        "sv": "{answered} har svarat, {right} rätt.",
        "en": "{answered} answered, {right} right.",
    },
    "daily.streak.never": {"sv": "Ingen dag rätt än.", "en": "No day right yet."},
    "daily.forgotten": {
        "sv": "Du bad om att bli glömd efter att den här handen visades, så svaret sparas inte. Kör {cmd[daily]} igen för att svara.",
        "en": "You asked to be forgotten after this hand was shown, so this answer is not stored. Run {cmd[daily]} again to answer.",
    },
    "daily.already": {
        "sv": "Du har redan svarat på dagens hand – ett svar per dag.",
        "en": "You already answered today's hand – one answer a day.",
    },
    "daily.closed": {
        "sv": "Den handen hörde till {day} och är stängd. Kör {cmd[daily]} för dagens hand.",
        "en": "That hand belonged to {day} and is closed. Run {cmd[daily]} for today's hand.",
    },
    "daily.next.line": {"sv": "Nästa hand kommer {next}.", "en": "The next hand comes {next}."},
    "daily.share.button": {"sv": "Dela", "en": "Share"},
    "daily.share.missed": {  # a day missed: no streak to show (it would read "0 i rad")
        "sv": "Huset väljer – dagens hand {day}: {mark}\n||{cards}||",
        "en": "House Way – hand of the day, {day}: {mark}\n||{cards}||",
    },
    "daily.share.text": {
        "sv": "Huset väljer – dagens hand {day}: {mark} · {streak}\n||{cards}||",
        "en": "House Way – hand of the day, {day}: {mark} · {streak}\n||{cards}||",
    },
    "daily.share.by": {"sv": "{who} delar sitt resultat:", "en": "{who} shares their result:"},
    "daily.share.copy.dm": {
        "sv": "Här ser ingen annan vad jag skriver. Kopiera texten och klistra in den där du vill dela den – korten ligger bakom en spoiler och svaret syns inte:\n```\n{share}\n```",
        "en": "Nobody else sees what I write here. Copy the text and paste it where you want to share it – the cards are behind a spoiler and the answer is not shown:\n```\n{share}\n```",
    },
    "daily.share.copy.forbidden": {
        "sv": "Jag får inte skriva i den här kanalen, så jag kan inte dela åt dig. Kopiera texten och klistra in den själv – korten ligger bakom en spoiler och svaret syns inte:\n```\n{share}\n```",
        "en": "I may not post in this channel, so I cannot share for you. Copy the text and paste it yourself – the cards are behind a spoiler and the answer is not shown:\n```\n{share}\n```",
    },
    "daily.share.copy.again": {
        "sv": "Du har redan delat dagens resultat i den här kanalen – en gång om dagen räcker. Vill du visa det någon annanstans kan du kopiera texten:\n```\n{share}\n```",
        "en": "You have already shared today's result in this channel – once a day is enough. To show it somewhere else, copy the text:\n```\n{share}\n```",
    },
    "daily.share.copy.gone": {  # the channel deleted: told privately, or else by DM
        "sv": "Kanalen där du tryckte på Dela finns inte längre, så jag kan inte dela ditt resultat i den. Kopiera texten och klistra in den där du vill dela den – korten ligger bakom en spoiler och svaret syns inte:\n```\n{share}\n```",
        "en": "The channel where you pressed Share is gone, so I cannot share your result there. Copy the text and paste it where you want to share it – the cards are behind a spoiler and the answer is not shown:\n```\n{share}\n```",
    },
    "daily.share.copy.refused": {  # by DM: Discord refused every answer in the channel
        "sv": "Discord lät mig varken dela eller svara i kanalen där du tryckte på Dela, så du får texten här. Kopiera den och klistra in den där du vill dela den – korten ligger bakom en spoiler och svaret syns inte:\n```\n{share}\n```",
        "en": "Discord let me neither share nor answer in the channel where you pressed Share, so here is the text. Copy it and paste it where you want to share it – the cards are behind a spoiler and the answer is not shown:\n```\n{share}\n```",
    },
    "daily.share.unanswered": {
        "sv": "Det finns inget svar från dig på handen för {day} att dela. Kör {cmd[daily]} för dagens hand.",
        "en": "There is no answer of yours to the hand of {day} to share. Run {cmd[daily]} for today's hand.",
    },
    "component.invalid.daily_share": {
        "sv": "Den här knappen gäller inte längre. Kör {cmd[daily]} för att se ditt svar och dela det.",
        "en": "This button is no longer valid. Run {cmd[daily]} to see your answer and share it.",
    },
}

#: Messages that show a count, one template per CLDR plural form (``plural_text``).
PLURALS: Final[dict[str, dict[str, dict[str, str]]]] = {
    "daily.share.streak": {
        "sv": {"one": "{count} dag i rad", "other": "{count} dagar i rad"},
        "en": {"one": "{count} day in a row", "other": "{count} days in a row"},
    },
    "stats.due.in": {
        "sv": {"one": "efter {count} hand till", "other": "efter {count} händer till"},
        "en": {"one": "after {count} more hand", "other": "after {count} more hands"},
    },
    "stats.recent.value": {
        "sv": {"one": "{count} hand, {share} rätt", "other": "{count} händer, {share} rätt"},
        "en": {"one": "{count} hand, {share} right", "other": "{count} hands, {share} right"},
    },
    "stats.daily.answered": {
        "sv": {"one": "{count} dag besvarad", "other": "{count} dagar besvarade"},
        "en": {"one": "{count} day answered", "other": "{count} days answered"},
    },
    "stats.daily.streak.none": {  # count: the best streak
        "sv": {
            "one": "ingen svit just nu (bästa: {count} dag i rad)",
            "other": "ingen svit just nu (bästa: {count} dagar i rad)",
        },
        "en": {
            "one": "no streak now (best: {count} day in a row)",
            "other": "no streak now (best: {count} days in a row)",
        },
    },
    "stats.daily.streak": {
        "sv": {
            "one": "rätt {count} dag i rad (bästa {best})",
            "other": "rätt {count} dagar i rad (bästa {best})",
        },
        "en": {
            "one": "right {count} day in a row (best {best})",
            "other": "right {count} days in a row (best {best})",
        },
    },
    "stats.quiz.ranked": {
        "sv": {
            "one": "{count} poäng · plats {rank} av {ranked}",
            "other": "{count} poäng · plats {rank} av {ranked}",
        },
        "en": {
            "one": "{count} point · rank {rank} of {ranked}",
            "other": "{count} points · rank {rank} of {ranked}",
        },
    },
    "stats.quiz.ranked.shared": {
        "sv": {
            "one": "{count} poäng · delad plats {rank} av {ranked}",
            "other": "{count} poäng · delad plats {rank} av {ranked}",
        },
        "en": {
            "one": "{count} point · rank {rank} of {ranked}, shared",
            "other": "{count} points · rank {rank} of {ranked}, shared",
        },
    },
    "stats.quiz.unranked": {
        "sv": {
            "one": "{count} poäng · inte med på topplistan än",
            "other": "{count} poäng · inte med på topplistan än (det krävs minst 1 poäng)",
        },
        "en": {
            "one": "{count} point · not on the leaderboard yet",
            "other": "{count} points · not on the leaderboard yet (it takes at least 1 point)",
        },
    },
    "daily.streak.none": {  # count: the best streak
        "sv": {
            "one": "Din svit börjar om (bästa: {count} dag i rad).",
            "other": "Din svit börjar om (bästa: {count} dagar i rad).",
        },
        "en": {
            "one": "Your streak starts again (best: {count} day in a row).",
            "other": "Your streak starts again (best: {count} days in a row).",
        },
    },
    "daily.streak.value": {
        "sv": {
            "one": "Rätt {count} dag i rad (bästa {best}).",
            "other": "Rätt {count} dagar i rad (bästa {best}).",
        },
        "en": {
            "one": "Right {count} day in a row (best {best}).",
            "other": "Right {count} days in a row (best {best}).",
        },
    },
}
