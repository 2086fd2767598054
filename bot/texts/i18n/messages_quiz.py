"""Messages of the quiz and its leaderboard: part of the catalogue in ``bot.texts.i18n``."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, dict[str, str]]] = {
    "quiz.forbidden": {
        "sv": "Bara medlemmar med behörigheten Hantera server eller med quizledarrollen ({cmd[quiz config]}) får starta, stoppa, ställa in och nollställa quiz.",
        "en": "Only members with Manage Server or the quizmaster role ({cmd[quiz config]}) may start, stop, configure and reset quizzes.",
    },
    "quiz.guild_only": {
        "sv": "Quiz går bara att köra på servrar.",
        "en": "Quizzes only run in servers.",
    },
    "quiz.already_running": {
        "sv": "Ett quiz pågår redan i den här kanalen: {link}",
        "en": "A quiz is already running in this channel: {link}",
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
    "quiz.round.stopped": {
        "sv": "Rundan avbröts kl. {when} av {user}.",
        "en": "The round was stopped at {when} by {user}.",
    },
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
    "quiz.reveal.answers.set": {
        "sv": "Så svarade alla (tvåkortshanden)",
        "en": "How everyone answered (the two-card hand)",
    },
    "quiz.reveal.answers.rule": {"sv": "Så svarade alla", "en": "How everyone answered"},
    "quiz.reveal.standings": {
        "sv": "Ställningen efter runda {number}",
        "en": "Standings after round {number}",
    },
    "quiz.why.button": {"sv": "Varför?", "en": "Why?"},
    "quiz.why.title": {
        "sv": "Varför huset lägger runda {number} så",
        "en": "Why the house sets round {number} that way",
    },
    "quiz.why.yours": {"sv": "Ditt svar", "en": "Your answer"},
    "quiz.why.no_answer": {
        "sv": "Du svarade inte i den här rundan.",
        "en": "You did not answer this round.",
    },
    "quiz.why.right.set": {
        "sv": "✅ {answer} i tvåkortshanden: som huset lägger.",
        "en": "✅ {answer} in the two-card hand: the house way.",
    },
    "quiz.why.wrong.set": {
        "sv": "❌ {answer} i tvåkortshanden: inte som huset lägger.",
        "en": "❌ {answer} in the two-card hand: not the house way.",
    },
    "quiz.why.right.rule": {
        "sv": "✅ {answer}: den regeln avgör.",
        "en": "✅ {answer}: that rule decides.",
    },
    "quiz.why.wrong.rule": {
        "sv": "❌ {answer}: den regeln avgör inte här.",
        "en": "❌ {answer}: that rule does not decide here.",
    },
    "quiz.why.not_yet": {
        "sv": "Rundan är inte avslöjad än. Tryck på Varför? under avslöjandet när tiden är ute.",
        "en": "That round is not revealed yet. Press Why? under its reveal once time is up.",
    },
    "quiz.finished.title": {"sv": "Quizet är slut", "en": "The quiz is over"},
    "quiz.finished.none": {
        "sv": "Ingen fick några poäng den här gången.",
        "en": "Nobody scored this time.",
    },
    "quiz.stopped": {
        "sv": "Quizet stoppades av {user}. Den pågående rundan räknas inte.",
        "en": "The quiz was stopped by {user}. The current round does not count.",
    },
    "quiz.stopped.standings": {
        "sv": "Ställningen när quizet stoppades",
        "en": "Standings when the quiz was stopped",
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
    "quiz.leaderboard.unknown_period": {
        "sv": "Den perioden finns inte: välj Genom tiderna eller Den här månaden i listan.",
        "en": "There is no such period: pick All time or This month from the list.",
    },
    "quiz.leaderboard.unknown_page": {
        "sv": "Den sidan finns inte: ange en sida från 1 till {last}.",
        "en": "There is no such page: give a page from 1 to {last}.",
    },
    "quiz.leaderboard.page": {"sv": "Sida {page} av {pages}", "en": "Page {page} of {pages}"},
    "quiz.button.previous": {"sv": "Föregående", "en": "Previous"},
    "quiz.button.next": {"sv": "Nästa", "en": "Next"},
    "quiz.config.title": {"sv": "Quizinställningar", "en": "Quiz settings"},
    "quiz.config.title.saved": {
        "sv": "Sparat: quizinställningarna",
        "en": "Saved: the quiz settings",
    },
    "quiz.config.title.unchanged": {
        "sv": "Inget ändrades: quizinställningarna är som förut",
        "en": "Nothing changed: the quiz settings are as before",
    },
    "quiz.config.line": {"sv": "{name}: {value} · {how}", "en": "{name}: {value} · {how}"},
    "quiz.config.how": {
        "sv": "Ändra ett värde med {cmd[quiz config]} och alternativet efter värdet.",
        "en": "Change a value with {cmd[quiz config]} and the option after it.",
    },
    "quiz.config.how.role": {
        "sv": "{option}, ta bort med `{clear}`",
        "en": "{option}, remove with `{clear}`",
    },
    "quiz.config.changed": {"sv": "**{value}** (ändrat)", "en": "**{value}** (changed)"},
    "quiz.config.seconds": {"sv": "{seconds} s", "en": "{seconds} s"},
    "quiz.config.name.role": {"sv": "Quizledarroll", "en": "Quizmaster role"},
    "quiz.config.name.seconds": {"sv": "Tid per runda (standard)", "en": "Default time"},
    "quiz.config.name.rounds": {"sv": "Antal rundor (standard)", "en": "Default rounds"},
    "quiz.config.name.pause": {"sv": "Paus efter facit", "en": "Pause after each reveal"},
    "quiz.config.name.language": {"sv": "Språk", "en": "Language"},
    "quiz.config.language.server.sv": {
        "sv": "serverns språk (just nu svenska)",
        "en": "the server's language (now Swedish)",
    },
    "quiz.config.language.server.en-US": {
        "sv": "serverns språk (just nu engelska, som för varje server utan communityfunktioner; välj Svenska här för quiz på svenska)",
        "en": "the server's language (now English, as for every server without community features; pick Swedish here for quizzes in Swedish)",
    },
    "quiz.config.language.server.other": {
        "sv": "serverns språk (just nu engelska: servern har {locale}, och quiz finns bara på svenska och engelska)",
        "en": "the server's language (now English: the server's is {locale}, and quizzes are only in Swedish and English)",
    },
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
            "När tiden har gått ut visar boten facit, regeln, hur alla svarade, vilka som svarade rätt och ställningen hittills.\n\n"
            "**Poäng:** rätt svar ger {base} poäng plus upp till {bonus} i fartbonus (hela bonusen om du svarar direkt, ingen bonus vid tidsgränsen och linjärt avtagande däremellan). Fel svar ger 0 poäng.\n\n"
            "{cmd[leaderboard]} visar topplistan genom tiderna eller för den här månaden. "
            "Medlemmar med Hantera server får starta, stoppa, ställa in och nollställa quiz, liksom de med quizledarrollen ({cmd[quiz config]}) när en admin har gett rollen quizkommandona under Serverinställningar → Integrationer."
        ),
        "en": (
            "A moderator starts with {cmd[quiz start]}. Each round the bot deals a seven-card hand.\n\n"
            "**Set the hand:** pick the two cards the house puts in the two-card hand. A split with the same value as the house way is right.\n"
            "**Name the rule:** pick the deciding rule among four.\n\n"
            "Only you see your answer, and you can change it until the deadline – the last one counts. "
            "At the deadline the bot reveals the house way, the rule, how everyone answered, who got it right and the standings so far.\n\n"
            "**Scoring:** a right answer earns {base} points plus up to {bonus} for speed (the full bonus at once, zero at the deadline, linear in between). A wrong answer earns 0.\n\n"
            "{cmd[leaderboard]} shows the all-time or this month's leaderboard. "
            "Starting, stopping, configuring and resetting are for members with Manage Server, and for those with the quizmaster role ({cmd[quiz config]}) once an admin has given that role the quiz commands in Server Settings → Integrations."
        ),
    },
}

#: Messages that show a count, one template per CLDR plural form (``plural_text``).
PLURALS: Final[dict[str, dict[str, dict[str, str]]]] = {
    "quiz.started": {  # count: the rounds; a round lasts at least 10 seconds
        "sv": {
            "one": "**Quiz!** En runda på {seconds} sekunder. Läge: {mode}. Startat av {user}.",
            "other": "**Quiz!** {count} rundor à {seconds} sekunder. Läge: {mode}. Startat av {user}.",
        },
        "en": {
            "one": "**Quiz!** One round of {seconds} seconds. Mode: {mode}. Started by {user}.",
            "other": "**Quiz!** {count} rounds of {seconds} seconds. Mode: {mode}. Started by {user}.",
        },
    },
    "quiz.leaderboard.line": {  # count: the points
        "sv": {
            "one": "**{rank}.** {user} – {count} p ({correct} rätt)",
            "other": "**{rank}.** {user} – {count} p ({correct} rätt)",
        },
        "en": {
            "one": "**{rank}.** {user} – {count} pt ({correct} right)",
            "other": "**{rank}.** {user} – {count} pts ({correct} right)",
        },
    },
    "quiz.reveal.other_splits": {  # count: the splits left out of the reveal's list
        "sv": {"one": "+{count} annan delning", "other": "+{count} andra delningar"},
        "en": {"one": "+{count} other split", "other": "+{count} other splits"},
    },
    "quiz.reveal.other_rules": {  # count: the rules left out of the reveal's list
        "sv": {"one": "+{count} annan regel", "other": "+{count} andra regler"},
        "en": {"one": "+{count} other rule", "other": "+{count} other rules"},
    },
    "quiz.standings.line": {  # count: the points
        "sv": {
            "one": "**{rank}.** {mark}{user} – {count} p ({correct} av {rounds} rätt)",
            "other": "**{rank}.** {mark}{user} – {count} p ({correct} av {rounds} rätt)",
        },
        "en": {
            "one": "**{rank}.** {mark}{user} – {count} pt ({correct} of {rounds} right)",
            "other": "**{rank}.** {mark}{user} – {count} pts ({correct} of {rounds} right)",
        },
    },
    "quiz.stopped.played": {  # count: the quiz's rounds
        "sv": {
            "one": "{played} av {count} runda spelad",
            "other": "{played} av {count} rundor spelade",
        },
        "en": {
            "one": "{played} of {count} round played",
            "other": "{played} of {count} rounds played",
        },
    },
}
