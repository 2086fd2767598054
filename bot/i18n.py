"""The message catalogue (Swedish and English) and the app-command translator.

Every user-facing string lives here once per language. Swedish is chosen for
users whose Discord language is Swedish; everyone else gets English.
"""

from __future__ import annotations

from typing import Final

import discord
from discord import app_commands

from houseway.rules import SUPPLEMENT_MARKER_EN, SUPPLEMENT_MARKER_SV

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
    "field.often": {"sv": "Hur ofta", "en": "How often"},
    "field.hand": {"sv": "Handen som text", "en": "The hand as text"},
    "often": {
        "sv": "Regeln avgör {share} av alla {total} händer.",
        "en": "This rule decides {share} of all {total} hands.",
    },
    "field.cost": {"sv": "Jämfört med bästa delningen", "en": "Against the best split"},
    "cost.worse": {
        "sv": "En annan delning har högre väntevärde i **{share}** av regelns händer (95 % konfidensintervall {low}–{high}). I snitt ger husets delning **{ev}** enheter per insatt enhet jämfört med den bästa ({ev_low} till {ev_high}); händer där husets delning är bäst räknas som 0.",
        "en": "Another split has a higher expected value on **{share}** of this rule's hands (95% confidence interval {low}–{high}). On average the house way's split yields **{ev}** units per unit bet against the best one ({ev_low} to {ev_high}), counting 0 where it is the best.",
    },
    "cost.never": {
        "sv": "Ingen annan delning var bättre än husets i någon av de analyserade händerna (en bättre delning finns alltså i högst {high} av regelns händer, med 95 % konfidens).",
        "en": "No other split did better than the house way on any hand analysed (so on at most {high} of this rule's hands, with 95% confidence).",
    },
    "cost.source": {
        "sv": "*Exakt analys av {hands} slumpvis valda händer där regeln avgör: varje delning mot alla {dealer} händer givaren kan få.*",
        "en": "*An exact analysis of {hands} random hands of this rule: every split against all {dealer} hands the dealer can hold.*",
    },
    "supplement": {  # the catalogue's markers, so the wording lives in one place
        "sv": f"*{SUPPLEMENT_MARKER_SV}*",
        "en": f"*{SUPPLEMENT_MARKER_SV} ({SUPPLEMENT_MARKER_EN})*",
    },
    "footer.path": {"sv": "Regel-id: {path}", "en": "Rule id: {path}"},
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
    "component.invalid.answer": {
        "sv": "Den här menyn gäller inte längre. Svara i den pågående rundans meddelande.",
        "en": "This menu is no longer valid. Answer in the message of the current round.",
    },
    "rules.unknown": {
        "sv": "Det finns ingen regel som heter {rule}. Välj en i listan, t.ex. `one-pair`.",
        "en": "There is no rule called {rule}. Pick one from the list, e.g. `one-pair`.",
    },
    "rules.more": {"sv": "Reglerna, fortsättning", "en": "The rules, continued"},
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
    "error.encoding": {
        "sv": "Texten är inte giltig UTF-8 ({token}). Skriv korten som vanlig text.",
        "en": "The text is not valid UTF-8 ({token}). Write the cards as plain text.",
    },
    "error.internal": {
        "sv": "Något gick fel hos mig. Försök igen om en stund.",
        "en": "Something went wrong on my side. Please try again in a moment.",
    },
    "error.database": {
        "sv": "Poäng och quiz är inte tillgängliga just nu (databasen svarar inte). {cmd[houseway]}, {cmd[deal]}, {cmd[rules]} och {cmd[analyze]} fungerar som vanligt.",
        "en": "Scores and quizzes are unavailable right now (the database is not answering). {cmd[houseway]}, {cmd[deal]}, {cmd[rules]} and {cmd[analyze]} work as usual.",
    },
    "error.cooldown": {
        "sv": "Du har använt kommandot {rate} gånger på {per} sekunder. Du kan använda det igen {when}.",
        "en": "You have used this command {rate} times in {per} seconds. You can use it again {when}.",
    },
    "houseway.busy": {
        "sv": "Jag ritar redan {waiting} händer åt dig. Vänta tills de är klara och fråga sedan igen.",
        "en": "I am already drawing {waiting} hands for you. Wait for them, then ask again.",
    },
    "deal.cooldown": {
        "sv": "Du har fått {rate} nya givar på {per} sekunder. Nästa giv kan du få {when}.",
        "en": "You have dealt {rate} times in {per} seconds. You can deal again {when}.",
    },
    "quiz.forbidden": {
        "sv": "Bara medlemmar med behörigheten Hantera server eller med quizledarrollen ({cmd[quiz config]}) får göra det.",
        "en": "Only members with Manage Server or the quizmaster role ({cmd[quiz config]}) may do that.",
    },
    "quiz.guild_only": {
        "sv": "Quiz går bara att köra på servrar.",
        "en": "Quizzes only run in servers.",
    },
    "quiz.already_running": {
        "sv": "Ett quiz pågår redan i den här kanalen: {link}",
        "en": "A quiz is already running in this channel: {link}",
    },
    "quiz.started": {
        "sv": "**Quiz!** {rounds} rundor à {seconds} sekunder. Läge: {mode}. Startat av {user}.",
        "en": "**Quiz!** {rounds} rounds of {seconds} seconds. Mode: {mode}. Started by {user}.",
    },
    "quiz.started.one": {
        "sv": "**Quiz!** En runda på {seconds} sekunder. Läge: {mode}. Startat av {user}.",
        "en": "**Quiz!** One round of {seconds} seconds. Mode: {mode}. Started by {user}.",
    },
    "quiz.mode.set": {"sv": "lägg handen", "en": "set the hand"},
    "quiz.mode.rule": {"sv": "vilken regel", "en": "name the rule"},
    "quiz.round.title": {"sv": "Runda {number} av {rounds}", "en": "Round {number} of {rounds}"},
    "quiz.round.set": {
        "sv": "Hur lägger huset den här handen? Välj de **två kort** som går till tvåkortshanden.",
        "en": "How does the house set this hand? Pick the **two cards** for the two-card hand.",
    },
    "quiz.round.rule": {
        "sv": "Vilken regel avgör hur huset lägger den här handen?",
        "en": "Which rule decides how the house sets this hand?",
    },
    "quiz.round.deadline": {"sv": "Tiden går ut {when}.", "en": "Time runs out {when}."},
    "quiz.round.count": {"sv": "Svar hittills: {count}", "en": "Answers so far: {count}"},
    "quiz.round.closed": {
        "sv": "Rundan är stängd. Svar: {count}",
        "en": "This round is closed. Answers: {count}",
    },
    "quiz.round.ended": {"sv": "Rundan stängdes kl. {when}.", "en": "The round closed at {when}."},
    "quiz.placeholder.set": {
        "sv": "Välj två kort till tvåkortshanden",
        "en": "Pick two cards for the two-card hand",
    },
    "quiz.placeholder.rule": {"sv": "Välj regeln", "en": "Pick the rule"},
    "quiz.answer.saved.set": {
        "sv": "Sparat: {cards} i tvåkortshanden. Du kan ändra svaret fram till kl. {when}; det sista svaret gäller.",
        "en": "Saved: {cards} in the two-card hand. You can change it until {when}; your last answer counts.",
    },
    "quiz.answer.saved.rule": {
        "sv": "Sparat: {rule}. Du kan ändra svaret fram till kl. {when}; det sista svaret gäller.",
        "en": "Saved: {rule}. You can change it until {when}; your last answer counts.",
    },
    "quiz.answer.received.set": {
        "sv": "Mottaget men inte sparat än (databasen svarar inte): {cards} i tvåkortshanden. Om boten startas om innan svaret har sparats kan det gå förlorat – svara gärna igen om en stund. Det sista svaret före kl. {when} gäller.",
        "en": "Received but not stored yet (the database is not answering): {cards} in the two-card hand. If the bot restarts before your answer is stored, it may be lost – answer again in a moment to be sure. Your last answer before {when} counts.",
    },
    "quiz.answer.received.rule": {
        "sv": "Mottaget men inte sparat än (databasen svarar inte): {rule}. Om boten startas om innan svaret har sparats kan det gå förlorat – svara gärna igen om en stund. Det sista svaret före kl. {when} gäller.",
        "en": "Received but not stored yet (the database is not answering): {rule}. If the bot restarts before your answer is stored, it may be lost – answer again in a moment to be sure. Your last answer before {when} counts.",
    },
    "quiz.answer.late": {
        "sv": "För sent – rundan är redan stängd.",
        "en": "Too late – this round is already closed.",
    },
    "quiz.answer.invalid": {
        "sv": "Det svaret går inte att använda: välj exakt två av handens kort.",
        "en": "That answer can't be used: pick exactly two of the hand's cards.",
    },
    "quiz.reveal.title": {
        "sv": "Runda {number} av {rounds} – facit",
        "en": "Round {number} of {rounds} – the answer",
    },
    "quiz.reveal.right": {
        "sv": "Rätt svar ({count} av {answered})",
        "en": "Right ({count} of {answered})",
    },
    "quiz.reveal.nobody": {"sv": "Ingen svarade rätt.", "en": "Nobody got it right."},
    "quiz.reveal.more": {"sv": "… och {count} till", "en": "… and {count} more"},
    "quiz.reveal.rule": {"sv": "Regeln: {rule}", "en": "The rule: {rule}"},
    "quiz.finished.title": {"sv": "Quizet är slut", "en": "The quiz is over"},
    "quiz.finished.none": {
        "sv": "Ingen fick några poäng den här gången.",
        "en": "Nobody scored this time.",
    },
    "quiz.stopped": {
        "sv": "Quizet stoppades av {user}. Den pågående rundan räknas inte.",
        "en": "The quiz was stopped by {user}. The current round does not count.",
    },
    "quiz.not_running": {
        "sv": "Inget quiz pågår i den här kanalen.",
        "en": "No quiz is running in this channel.",
    },
    "quiz.leaderboard.title.all": {
        "sv": "Topplista – genom tiderna",
        "en": "Leaderboard – all time",
    },
    "quiz.leaderboard.title.month": {"sv": "Topplista – {month}", "en": "Leaderboard – {month}"},
    "quiz.leaderboard.empty": {"sv": "Inga poäng än.", "en": "No scores yet."},
    "quiz.leaderboard.line": {
        "sv": "**{rank}.** {user} – {points} p ({correct} rätt)",
        "en": "**{rank}.** {user} – {points} pts ({correct} right)",
    },
    "quiz.leaderboard.page": {"sv": "Sida {page} av {pages}", "en": "Page {page} of {pages}"},
    "quiz.button.previous": {"sv": "Föregående", "en": "Previous"},
    "quiz.button.next": {"sv": "Nästa", "en": "Next"},
    "quiz.config.title": {"sv": "Quizinställningar", "en": "Quiz settings"},
    "quiz.config.body": {
        "sv": "Quizledarroll: {role}\nTid per runda (standard): {seconds} s\nAntal rundor (standard): {rounds}\nPaus efter facit: {pause} s\nSpråk: {language}",
        "en": "Quizmaster role: {role}\nDefault time: {seconds} s\nDefault rounds: {rounds}\nPause after each reveal: {pause} s\nLanguage: {language}",
    },
    "quiz.config.language.server": {"sv": "serverns språk", "en": "the server's language"},
    "quiz.config.language.sv": {"sv": "svenska", "en": "Swedish"},
    "quiz.config.language.en": {"sv": "engelska", "en": "English"},
    "quiz.bad_number": {
        "sv": "{name} måste vara mellan {low} och {high}, inte {value}.",
        "en": "{name} must be between {low} and {high}, not {value}.",
    },
    "quiz.option.rounds": {"sv": "Antalet rundor", "en": "The number of rounds"},
    "quiz.option.seconds": {"sv": "Antalet sekunder per runda", "en": "Seconds per round"},
    "quiz.option.pause": {"sv": "Pausen i sekunder", "en": "The pause in seconds"},
    "quiz.config.none": {"sv": "ingen", "en": "none"},
    "quiz.reset.confirm": {
        "sv": "Vill du verkligen radera **alla** quizpoäng på servern? Det går inte att ångra.",
        "en": "Do you really want to delete **all** quiz scores in this server? This cannot be undone.",
    },
    "quiz.reset.yes": {"sv": "Ja, radera", "en": "Yes, delete"},
    "quiz.reset.no": {"sv": "Avbryt", "en": "Cancel"},
    "quiz.reset.done": {"sv": "Alla quizpoäng är raderade.", "en": "All quiz scores are deleted."},
    "quiz.reset.cancelled": {
        "sv": "Avbrutet – inget raderades.",
        "en": "Cancelled – nothing was deleted.",
    },
    "quiz.reset.not_yours": {
        "sv": "Den här bekräftelsen är inte till dig.",
        "en": "This confirmation is not yours.",
    },
    "quiz.reset.expired": {
        "sv": "Inget svar inom en minut – inget raderades. Kör {cmd[quiz reset]} igen om du vill radera.",
        "en": "No answer within a minute – nothing was deleted. Run {cmd[quiz reset]} again to delete.",
    },
    "quiz.help.title": {"sv": "Quiz – så går det till", "en": "Quiz – how it works"},
    "quiz.help.body": {
        "sv": (
            "En moderator startar med {cmd[quiz start]}. Varje runda ger boten en hand med sju kort.\n\n"
            "**Lägg handen:** välj de två kort som huset lägger i tvåkortshanden. Svaret räknas som rätt om delningen är lika mycket värd som husets.\n"
            "**Vilken regel:** välj den av fyra regler som avgör hur huset lägger handen.\n\n"
            "Ditt svar syns bara för dig, och du kan ändra det fram till tidsgränsen – det sista svaret gäller. "
            "När tiden har gått ut visar boten facit, regeln och vilka som svarade rätt.\n\n"
            "**Poäng:** rätt svar ger {base} poäng plus upp till {bonus} i fartbonus (hela bonusen om du svarar direkt, ingen bonus vid tidsgränsen och linjärt avtagande däremellan). Fel svar ger 0 poäng.\n\n"
            "{cmd[leaderboard]} visar topplistan genom tiderna eller för den här månaden. "
            "Medlemmar med Hantera server får starta, stoppa, ställa in och nollställa quiz, liksom de med quizledarrollen ({cmd[quiz config]}) när en admin har gett rollen quizkommandona under Serverinställningar → Integrationer."
        ),
        "en": (
            "A moderator starts with {cmd[quiz start]}. Each round the bot deals a seven-card hand.\n\n"
            "**Set the hand:** pick the two cards the house puts in the two-card hand. A split with the same value as the house way is right.\n"
            "**Name the rule:** pick the deciding rule among four.\n\n"
            "Only you see your answer, and you can change it until the deadline – the last one counts. "
            "At the deadline the bot reveals the house way, the rule and who got it right.\n\n"
            "**Scoring:** a right answer earns {base} points plus up to {bonus} for speed (the full bonus at once, zero at the deadline, linear in between). A wrong answer earns 0.\n\n"
            "{cmd[leaderboard]} shows the all-time or this month's leaderboard. "
            "Starting, stopping, configuring and resetting are for members with Manage Server, and for those with the quizmaster role ({cmd[quiz config]}) once an admin has given that role the quiz commands in Server Settings → Integrations."
        ),
    },
    "practice.title.set": {"sv": "Träna – lägg handen", "en": "Practice – set the hand"},
    "practice.title.rule": {"sv": "Träna – vilken regel", "en": "Practice – name the rule"},
    "practice.session": {
        "sv": "Den här omgången: {right} av {total} rätt",
        "en": "This session: {right} of {total} right",
    },
    "practice.streak": {"sv": "svit {streak}", "en": "streak {streak}"},
    "practice.right": {"sv": "✅ Rätt – så lägger huset", "en": "✅ Right – that is the house way"},
    "practice.wrong": {"sv": "❌ Inte som huset lägger", "en": "❌ Not the house way"},
    "practice.rule.right": {"sv": "✅ Rätt regel", "en": "✅ The right rule"},
    "practice.rule.wrong": {"sv": "❌ Fel regel", "en": "❌ Not that rule"},
    "practice.field.yours": {"sv": "Så lade du", "en": "Your split"},
    "practice.field.your_rule": {"sv": "Du valde", "en": "You picked"},
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
    "practice.versus.gives_up": {"sv": "din delning förlorar {gap}", "en": "yours gives up {gap}"},
    "practice.versus.gains": {"sv": "din delning tjänar {gap}", "en": "yours gains {gap}"},
    "practice.versus.equal": {"sv": "lika", "en": "the same"},
    "practice.ev.unit": {
        "sv": "Väntevärde per insatt enhet mot givarens alla 53\u00a0524\u00a0680 möjliga händer.",
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
    "practice.already": {
        "sv": "Den handen har du redan svarat på. Tryck på Nästa hand eller kör {cmd[practice]} igen.",
        "en": "You already answered this hand. Press Next hand, or run {cmd[practice]} again.",
    },
    "practice.invalid_menu": {
        "sv": "Den här menyn kommer inte från mig. Kör {cmd[practice]} för en ny hand.",
        "en": "This menu does not come from me. Run {cmd[practice]} for a new hand.",
    },
    "practice.invalid_rule": {
        "sv": "Det svaret går inte att använda: välj en av reglerna i listan.",
        "en": "That answer can't be used: pick one of the rules in the list.",
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
    "stats.streak": {"sv": "Svit", "en": "Streak"},
    "stats.streak.value": {"sv": "nu {current}, bästa {best}", "en": "now {current}, best {best}"},
    "stats.median": {"sv": "Mediantid att lägga en hand", "en": "Median time to set a hand"},
    "stats.recent": {"sv": "Senaste 30 dagarna", "en": "The last 30 days"},
    "stats.recent.value": {
        "sv": "{hands} händer, {share} rätt",
        "en": "{hands} hands, {share} right",
    },
    "stats.daily": {"sv": "Dagens hand", "en": "Hand of the day"},
    "stats.daily.value": {
        "sv": "{answered} dagar besvarade · rätt {current} dagar i rad (bästa {best})",
        "en": "{answered} days answered · right {current} days in a row (best {best})",
    },
    "stats.quiz": {"sv": "Quiz på den här servern", "en": "Quiz in this server"},
    "stats.quiz.ranked": {
        "sv": "{points} poäng · plats {rank} av {ranked}",
        "en": "{points} points · rank {rank} of {ranked}",
    },
    "stats.quiz.unranked": {
        "sv": "{points} poäng · ingen placering än",
        "en": "{points} points · not ranked yet",
    },
    "stats.private_other": {
        "sv": "En annan medlems statistik visas bara för dig.",
        "en": "Another member's statistics are shown only to you.",
    },
    "stats.forget.confirm": {
        "sv": "Vill du radera **allt** som boten har sparat om dig – träning, dagens hand, quizsvar och quizpoäng på alla servrar samt ditt val av kortfärger? Det går inte att ångra. Knappen gäller i {seconds} sekunder.",
        "en": "Do you want to delete **everything** the bot has stored about you – practice, hands of the day, quiz answers and quiz points in every server, and your choice of card colours? This cannot be undone. The button works for {seconds} seconds.",
    },
    "stats.forget.yes": {"sv": "Ja, radera allt", "en": "Yes, delete everything"},
    "stats.forget.no": {"sv": "Avbryt", "en": "Cancel"},
    "stats.forget.done": {
        "sv": "Klart: allt om dig är raderat ({rows} rader).",
        "en": "Done: everything about you is deleted ({rows} rows).",
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
    "daily.title": {"sv": "Dagens hand – {day}", "en": "Hand of the day – {day}"},
    "daily.prompt": {
        "sv": "Samma hand för alla i dag (UTC). Ett svar var, och det går inte att ändra.",
        "en": "The same hand for everyone today (UTC). One answer each, and it can't be changed.",
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
    "daily.tally": {"sv": "Hittills i dag", "en": "So far today"},
    "daily.tally.value": {
        "sv": "{answered} har svarat, {right} rätt.",
        "en": "{answered} answered, {right} right.",
    },
    "daily.streak": {"sv": "Din svit", "en": "Your streak"},
    "daily.streak.value": {
        "sv": "Rätt {current} dagar i rad (bästa {best}).",
        "en": "Right {current} days in a row (best {best}).",
    },
    "daily.already": {
        "sv": "Du har redan svarat på dagens hand – ett svar per dag.",
        "en": "You already answered today's hand – one answer a day.",
    },
    "daily.closed": {
        "sv": "Den handen hörde till {day} och är stängd. Kör {cmd[daily]} för dagens hand.",
        "en": "That hand belonged to {day} and is closed. Run {cmd[daily]} for today's hand.",
    },
    "help.title": {"sv": "Kommandon", "en": "Commands"},
    "help.moderators": {"sv": "För moderatorer", "en": "For moderators"},
    "help.houseway": {
        "sv": "Hur huset lägger en hand du skriver in, med bild och regeln som avgör.",
        "en": "How the house sets a hand you type, with a picture and the deciding rule.",
    },
    "help.deal": {
        "sv": "En slumpvis given hand och hur huset lägger den.",
        "en": "A random hand and how the house sets it.",
    },
    "help.rules": {
        "sv": "Reglerna ordagrant, eller en regel och vad den kostar.",
        "en": "The rules in Swedish with translation, or one rule and what it gives up.",
    },
    "help.analyze": {
        "sv": "Alla sätt att lägga en hand, med exakt väntevärde mot givaren.",
        "en": "Every way to set a hand, with its exact expected value against the dealer.",
    },
    "help.leaderboard": {
        "sv": "Serverns quiztopplista, genom tiderna eller den här månaden.",
        "en": "The server's quiz leaderboard, all time or this month.",
    },
    "help.help": {"sv": "Den här hjälpen.", "en": "This help."},
    "help.practice": {
        "sv": "Träna på egen hand: händer efter ditt eget schema, med facit och exakt analys direkt.",
        "en": "Practise alone: hands on your own schedule, the answer and exact analysis at once.",
    },
    "help.stats.view": {
        "sv": "Din träning: träffsäkerhet per regel, svit, tid och quizpoäng.",
        "en": "Your practice: accuracy per rule, streak, time and quiz points.",
    },
    "help.stats.forget": {
        "sv": "Radera allt boten sparar om dig.",
        "en": "Delete everything the bot stores about you.",
    },
    "help.daily": {
        "sv": "Dagens hand: samma för alla, ett svar var.",
        "en": "The hand of the day: the same for everyone, one answer each.",
    },
    "help.cards": {
        "sv": "Två eller fyra färger i dina kortbilder.",
        "en": "Two or four colours in your card pictures.",
    },
    "help.about": {
        "sv": "Version, källkod och vad boten sparar om dig.",
        "en": "The version, the source, and what the bot stores about you.",
    },
    "help.quiz.start": {"sv": "Starta ett quiz i kanalen.", "en": "Start a quiz in this channel."},
    "help.quiz.stop": {"sv": "Stoppa quizet i kanalen.", "en": "Stop this channel's quiz."},
    "help.quiz.config": {
        "sv": "Quizledarroll, språk, tid, antal rundor och paus.",
        "en": "Quizmaster role, language, time, rounds and pause.",
    },
    "help.quiz.reset": {
        "sv": "Radera serverns quizpoäng.",
        "en": "Delete the server's quiz scores.",
    },
    "help.private": {
        "sv": "Med `privat` på {cmd[houseway]}, {cmd[deal]} och {cmd[analyze]} ser bara du svaret.",
        "en": "With `private` on {cmd[houseway]}, {cmd[deal]} and {cmd[analyze]} only you see the answer.",
    },
    "about.title": {"sv": "Om houseway", "en": "About houseway"},
    "about.version": {
        "sv": "houseway {version}: Pai Gow Poker enligt Huset väljer.",
        "en": "houseway {version}: Pai Gow Poker by the Swedish House Way (Huset väljer).",
    },
    "about.source": {"sv": "Källkod", "en": "Source"},
    "about.source.none": {
        "sv": "Inte angiven av den som driver boten.",
        "en": "Not given by whoever runs this bot.",
    },
    "about.stored": {"sv": "Vad boten sparar", "en": "What the bot stores"},
    "about.stored.nothing": {
        "sv": "Händerna du slår upp med {cmd[houseway]}, {cmd[deal]}, {cmd[rules]} och {cmd[analyze]} sparas inte.",
        "en": "The hands you look up with {cmd[houseway]}, {cmd[deal]}, {cmd[rules]} and {cmd[analyze]} are not stored.",
    },
    "about.stored.quiz": {
        "sv": "**Quiz**, per server: ditt svar i varje runda och dina poäng på topplistan. {cmd[quiz reset]} (moderatorer) raderar serverns poäng; svaren i tidigare rundor finns kvar.",
        "en": "**Quiz**, per server: your answer in each round and your points on the leaderboard. {cmd[quiz reset]} (moderators) deletes the server's scores; the answers of past rounds stay.",
    },
    "about.stored.journal": {
        "sv": "När databasen är långsam skrivs ett quizsvar först till en fil hos boten och tas bort därifrån när databasen har fått det.",
        "en": "When the database is slow, a quiz answer is first written to a file on the bot's disk and removed from it once the database has it.",
    },
    "about.stored.logs": {
        "sv": "**Loggar**: kommandot, servern och hur det gick; vem som använde det loggas bara när felsökning är påslagen.",
        "en": "**Logs**: the command, the server and how it went; who used it only while debugging is on.",
    },
    "about.stored.ask": {
        "sv": "{cmd[stats forget]} raderar din träning, dina svar, dina poäng och ditt val av kortfärger på alla servrar.",
        "en": "{cmd[stats forget]} deletes your practice, answers, points and card colours, in every server.",
    },
    "about.stored.practice": {
        "sv": "**Träning och dagens hand**: varje hand du har tränat på, med ditt svar och din tid, och ditt schema per regel; ditt svar på dagens hand.",
        "en": "**Practice and the hand of the day**: each hand you practised with your answer, your time and your schedule per rule; your answer to the hand of the day.",
    },
    "about.stored.cards": {
        "sv": "**Kortfärger**: att du har valt fyra färger med {cmd[cards]} (två färger sparas inte).",
        "en": "**Card colours**: that you chose four colours with {cmd[cards]} (two colours are not stored).",
    },
    "analyze.title": {"sv": "Analys av {hand}", "en": "Analysis of {hand}"},
    "analyze.intro": {
        "sv": "Exakt förväntat resultat per insatt enhet för varje sätt att lägga handen, mot alla {deals} händer givaren kan få, lagda enligt Huset väljer. Vinst ger {payoff} efter provisionen, oavgjort 0, förlust −1. De {top} bästa av {count} delningar:",
        "en": "Exact expected result per unit bet for each way to set the hand, against all {deals} hands the dealer can hold, set by the House Way. A win pays {payoff} after commission, a push 0, a loss −1. The best {top} of {count} splits:",
    },
    "analyze.row": {
        "sv": "{five}  ·  {two}\nVäntevärde {ev}{gap}\nVinst {win} · oavgjort {push} · förlust {loss}",
        "en": "{five}  ·  {two}\nEV {ev}{gap}\nWin {win} · push {push} · loss {loss}",
    },
    "analyze.row_gap": {
        "sv": " · {gap} sämre än den bästa",
        "en": " · gives up {gap} against the best",
    },
    "analyze.others": {"sv": "Övriga delningar (väntevärde)", "en": "The other splits (EV)"},
    "analyze.house_mark": {"sv": "Huset väljer", "en": "House Way"},
    "analyze.house_field": {"sv": "Husets delning", "en": "The house way"},
    "analyze.house_only": {"sv": "Den enda tillåtna delningen.", "en": "The only legal split."},
    "analyze.house_best": {
        "sv": "Plats 1 av {count}: den bästa delningen. Den näst bästa ger {gap} enheter mindre per hand.",
        "en": "Place 1 of {count}: the best split. The next best gives up {gap} units per hand.",
    },
    "analyze.house_tied": {
        "sv": "Plats {rank} av {count}: exakt lika bra som den bästa delningen.",
        "en": "Place {rank} of {count}: exactly as good as the best split.",
    },
    "analyze.house_worse": {
        "sv": "Plats {rank} av {count}: {gap} enheter per hand sämre än den bästa delningen.",
        "en": "Place {rank} of {count}: it gives up {gap} units per hand against the best split.",
    },
    "analyze.footer": {
        "sv": "Exakt: alla {deals} givarhänder · diagrammet visar hur mycket sämre varje delning är än den bästa · husets stapel är guldfärgad",
        "en": "Exact: all {deals} dealer hands · the chart shows what each split gives up against the best · the house way's bar is gold",
    },
    "analyze.chart_best": {
        "sv": "Stapeldiagram: hur mycket sämre varje delning är än den bästa. Husets delning (tvåkortshand: {two}) är den bästa.",
        "en": "Bar chart: what each split gives up against the best. The house way (two-card hand: {two}) is the best.",
    },
    "analyze.chart_worse": {
        "sv": "Stapeldiagram: hur mycket sämre varje delning är än den bästa. Husets delning (tvåkortshand: {two}) är {gap} sämre.",
        "en": "Bar chart: what each split gives up against the best. The house way (two-card hand: {two}) gives up {gap}.",
    },
    "analyze.timeout": {
        "sv": "Analysen tog för lång tid (över {seconds} s), så jag avbröt den. Försök igen om en stund.",
        "en": "The analysis took too long (over {seconds} s), so I stopped it. Please try again in a moment.",
    },
    "analyze.busy": {
        "sv": "Jag har redan {limit} analyser på gång och tar inte emot fler just nu. Försök igen om några sekunder.",
        "en": "I already have {limit} analyses under way and am not taking more right now. Please try again in a few seconds.",
    },
    "cards.chosen.four": {
        "sv": "Dina kortbilder ritas nu med fyra färger: ♠ svart, ♥ röd, ♦ blå, ♣ grön. Valet följer med dig till alla servrar och DM; quizbilder, som alla ser, ritas fortfarande med två färger. {cmd[cards]} byter tillbaka.",
        "en": "Your card pictures now use four colours: ♠ black, ♥ red, ♦ blue, ♣ green. The choice follows you to every server and DM; quiz pictures, which everyone sees, stay in two colours. {cmd[cards]} switches back.",
    },
    "cards.chosen.two": {
        "sv": "Dina kortbilder ritas nu med de vanliga två färgerna, rött och svart. Med {cmd[cards]} får varje kortfärg en egen färg.",
        "en": "Your card pictures now use the usual two colours, red and black. {cmd[cards]} gives each suit a colour of its own.",
    },
    "cards.current.four": {
        "sv": "Dina kortbilder ritas med fyra färger: ♠ svart, ♥ röd, ♦ blå, ♣ grön, på alla servrar och i DM. {cmd[cards]} ändrar det.",
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
    # Alt text of pictures (bot/alt_text.py): cards in words, as screen readers say them.
    "alt.split": {
        "sv": "Femkortshand, {five_name}: {five}. Tvåkortshand, {two_name}: {two}.",
        "en": "Five-card hand, {five_name}: {five}. Two-card hand, {two_name}: {two}.",
    },
    "alt.hand": {
        "sv": "En hand med {count} kort: {cards}.",
        "en": "A hand of {count} cards: {cards}.",
    },
    "alt.card": {"sv": "Ett kort: {cards}.", "en": "One card: {cards}."},
    "alt.preview": {
        "sv": "Ett kort i varje kortfärg: {cards}.",
        "en": "One card of each suit: {cards}.",
    },
    "alt.in_colour": {"sv": "{card} i {colour}", "en": "{card} in {colour}"},
    # Colours as nouns ("i rött", "in red"), one per ink of bot.cards_image.INK_NAMES.
    "alt.colour.black": {"sv": "svart", "en": "black"},
    "alt.colour.red": {"sv": "rött", "en": "red"},
    "alt.colour.blue": {"sv": "blått", "en": "blue"},
    "alt.colour.green": {"sv": "grönt", "en": "green"},
    "alt.rule_chart": {
        "sv": "Stapeldiagram, andel rätt per regel: {rows}.",
        "en": "Bar chart, share right per rule: {rows}.",
    },
    "alt.rule_chart.row": {"sv": "{rule}: {figures}", "en": "{rule}: {figures}"},
    "alt.rule_chart.unmet": {"sv": "{rule}: inga händer än", "en": "{rule}: no hands yet"},
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
    "Deal a random hand and show the house way": "En slumpvis given hand och hur huset lägger den",
    "rules": "regler",
    "The House Way rules, in Swedish with translation": ("Reglerna i Huset väljer, ordagrant"),
    "rule": "regel",
    "One rule (leave empty for all)": "En regel (lämna tomt för alla)",
    "quiz": "quiz",
    "House Way quiz rounds": "Quizrundor om Huset väljer",
    "start": "starta",
    "Start a quiz in this channel": "Starta ett quiz i den här kanalen",
    "rounds": "rundor",
    "Number of rounds (1-20)": "Antal rundor (1–20)",
    "seconds": "sekunder",
    "Seconds per round (10-300)": "Sekunder per runda (10–300)",
    "mode": "läge",
    "Set the hand, or name the rule": "Lägg handen eller välj regeln",
    "Set the hand": "Lägg handen",
    "Name the rule": "Vilken regel",
    "stop": "stoppa",
    "Stop the quiz in this channel": "Stoppa quizet i den här kanalen",
    "leaderboard": "topplista",
    "The server's quiz leaderboard": "Serverns topplista",
    "period": "period",
    "All time or this month": "Genom tiderna eller den här månaden",
    "All time": "Genom tiderna",
    "This month": "Den här månaden",
    "page": "sida",
    "Page number": "Sidnummer",
    "config": "inställningar",
    "Quizmaster role, language, default time, rounds and pause": (
        "Quizledarroll, språk, standardtid, antal rundor och paus"
    ),
    "pause": "paus",
    "Seconds between a round's answer and the next round (0-60)": (
        "Sekunder mellan en rundas facit och nästa runda (0–60)"
    ),
    "language": "språk",
    "The quiz language (default: the server's)": "Quizets språk (standard: serverns)",
    "Swedish": "Svenska",
    "English": "Engelska",
    "The server's language": "Serverns språk",
    "quizmaster_role": "quizledarroll",
    "Role that may run quizzes": "Roll som får leda quiz",
    "clear_role": "ta_bort_roll",
    "Remove the quizmaster role": "Ta bort quizledarrollen",
    "reset": "nollställ",
    "Delete all quiz scores in this server": "Radera alla quizpoäng på servern",
    "help": "hjälp",
    "practice": "träna",
    "Practise setting hands the house way, on your own": "Träna på att lägga händer som huset gör, på egen hand",
    "stats": "statistik",
    "Your practice statistics": "Din träningsstatistik",
    "view": "visa",
    "Practice statistics of you or another member": "Träningsstatistik för dig eller en annan medlem",
    "member": "medlem",
    "Whose statistics (default: yours)": "Vems statistik (standard: din)",
    "public": "visa_för_alla",
    "Show your statistics to everyone in the channel": "Visa din statistik för alla i kanalen",
    "forget": "glöm",
    "Delete everything the bot stores about you": "Radera allt som boten sparar om dig",
    "daily": "dagens",
    "The hand of the day: the same for everyone, one answer each": "Dagens hand: samma för alla, ett svar var",
    "What each command does, and how the quiz works": "Vad varje kommando gör och hur quizet fungerar",
    "about": "om",
    "The version, the source, and what the bot stores about you": (
        "Version, källkod och vad boten sparar om dig"
    ),
    "analyze": "analysera",
    "Every way to set a hand, ranked by expected value against the dealer": (
        "Alla sätt att lägga en hand, rangordnade efter väntevärde mot givaren"
    ),
    "cards": "kort",
    "The colours of your card pictures: two as usual, or four (one per suit)": (
        "Färgerna på dina kortbilder: två som vanligt eller fyra (en per kortfärg)"
    ),
    "colours": "färger",
    "Two or four colours (leave empty to see your choice)": (
        "Två eller fyra färger (lämna tomt för att se ditt val)"
    ),
    "Four colours (♠ black, ♥ red, ♦ blue, ♣ green)": "Fyra färger (♠ svart, ♥ röd, ♦ blå, ♣ grön)",
    "Two colours (red and black)": "Två färger (rött och svart)",
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
