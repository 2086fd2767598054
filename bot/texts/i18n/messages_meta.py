"""Messages of /help and /about: part of the catalogue in ``bot.texts.i18n``."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, dict[str, str]]] = {
    # --- an option a command cannot take (bot.app.options): Discord's client sends none ---
    "option.integer": {
        "sv": "{name} ska vara ett heltal, inte {value}.",
        "en": "{name} must be a whole number, not {value}.",
    },
    "option.number": {
        "sv": "{name} ska vara ett tal, inte {value}.",
        "en": "{name} must be a number, not {value}.",
    },
    "option.string": {
        "sv": "{name} ska vara en text, inte {value}.",
        "en": "{name} must be a text, not {value}.",
    },
    "option.boolean": {
        "sv": "{name} ska vara sant eller falskt, inte {value}.",
        "en": "{name} must be true or false, not {value}.",
    },
    "help.title": {"sv": "Kommandon", "en": "Commands"},
    "help.moderators": {"sv": "För moderatorer", "en": "For moderators"},
    "help.section.game": {"sv": "Pai Gow", "en": "Pai Gow"},
    "help.section.quiz": {"sv": "Quiz", "en": "Quiz"},
    "component.invalid.help": {
        "sv": "Den här knappen gäller inte längre. Kör {cmd[help]} igen.",
        "en": "This button is no longer valid. Run {cmd[help]} again.",
    },
    "help.houseway": {
        "sv": "Hur huset lägger en hand du skriver in, med bild och regeln som avgör.",
        "en": "How the house sets a hand you type, with a picture and the deciding rule.",
    },
    "help.deal": {
        "sv": "En slumpvis given hand och hur huset lägger den.",
        "en": "A random hand and how the house sets it.",
    },
    "help.rules": {
        "sv": "Reglerna ordagrant, eller en regel och vad den kostar; också spelarens sätt, projektets råd.",
        "en": "The rules in Swedish with translation, or one rule and what it costs; also the player's way, the project's advice.",
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
        "sv": "Träna på egen hand: händer efter ditt eget schema med facit och exakt analys, eller en regel i taget med `regel`. I läget Spela för att vinna bedöms du mot den bästa delningen och lär dig spelarens sätt, projektets råd.",
        "en": "Practise alone: hands on your own schedule with the answer and exact analysis, or one rule at a time with `rule`. In Play to win you are graded against the best split and learn the player's way, the project's advice.",
    },
    "help.stats.view": {
        "sv": "Din träning: träffsäkerhet per regel, rätt i rad, tid och quizpoäng.",
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
        "sv": "{cmd[stats forget]} raderar allt ovan utom loggarna, på alla servrar; vad som blir kvar står nedan.",
        "en": "{cmd[stats forget]} deletes all of the above but the logs, in every server; what is left is below.",
    },
    "about.left": {
        "sv": "Kvar efter att du har raderat allt",
        "en": "What is left once you have deleted everything",
    },
    "about.left.note": {
        "sv": "En anteckning om ditt id och när du bad om det, i 30 dagar, så att inget svar på en hand som visades före det (eller quizsvar som väntade på databasen) sparas i efterhand.",
        "en": "A note of your id and when you asked, for 30 days, so that no answer to a hand shown before it (or quiz answer waiting for the database) is stored afterwards.",
    },
    "about.left.sqlite": {
        "sv": "Databasfilen (SQLite) skrivs över med nollor där raderna låg, genast: inga gamla kopior av dem blir kvar i den.",
        "en": "The database file (SQLite) is overwritten with zeros where the rows were, at once: no old copies of them stay in it.",
    },
    "about.left.postgresql": {
        "sv": "I PostgreSQL ligger de raderade raderna kvar, oläsbara för boten, på serverns disk tills (auto)vacuum återanvänder platsen, oftast inom några timmar.",
        "en": "In PostgreSQL the deleted rows stay on the server's disk, unreadable to the bot, until (auto)vacuum reuses their space, usually within hours.",
    },
    "about.left.backups": {
        "sv": "Säkerhetskopior av databasen från före raderingen behåller sitt innehåll så länge den som driver boten sparar dem.",
        "en": "Backups of the database made before keep what they hold for as long as whoever runs the bot keeps them.",
    },
    "about.stored.practice": {
        "sv": "**Träning och dagens hand**: varje hand du har tränat på, med ditt svar och din tid, och ditt schema per regel; ditt svar på dagens hand.",
        "en": "**Practice and the hand of the day**: each hand you practised with your answer, your time and your schedule per rule; your answer to the hand of the day.",
    },
    "about.stored.cards": {
        "sv": "**Färger på kortbilderna**: att du har valt fyra färger med {cmd[cards]} (två färger sparas inte).",
        "en": "**Card colours**: that you chose four colours with {cmd[cards]} (two colours are not stored).",
    },
}
