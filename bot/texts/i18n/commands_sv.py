"""Swedish names and descriptions of the commands, options and choices: what
``bot.texts.i18n.Translator`` gives Discord for Swedish clients."""

from __future__ import annotations

from typing import Final

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
    "Only hands of this rule (start typing its name)": "Bara händer med den här regeln (börja skriva dess namn)",
    "Set the hand": "Lägg handen",
    "Name the rule": "Vilken regel",
    "Play to win": "Spela för att vinna",
    "Set the hand, name the rule, or play to win": "Lägg handen, välj regeln eller spela för att vinna",
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
    "play": "spela",
    "Play a hand of Pai Gow alone against the house way's dealer, for play chips": (
        "Spela en hand Pai Gow ensam mot givaren som lägger enligt Huset väljer, om spelmarker"
    ),
    "bet": "insats",
    "Your bet in play chips": "Din insats i spelmarker",
    "bonus": "bonus",
    "A bonus bet on your seven cards, paid by the server's pay table (0: none)": (
        "En bonusinsats på dina sju kort, betald enligt serverns vinsttabell (0: ingen)"
    ),
    "chips": "marker",
    "Your play chips in this server, and its boards": "Dina spelmarker på servern och dess topplistor",
    "A stack of chips, the last hands and the ledger": (
        "En hög marker, de senaste händerna och kontoboken"
    ),
    "Whose chips (default: yours)": "Vems marker (standard: dina)",
    "top": "topp",
    "The server's boards: most chips, or skill": "Serverns topplistor: flest marker eller skicklighet",
    "board": "lista",
    "Most chips, or skill: least given up against the best split": (
        "Flest marker, eller skicklighet: minst tappat mot den bästa delningen"
    ),
    "Chips": "Marker",
    "Skill": "Skicklighet",
    "table": "bord",
    "A Pai Gow table in this channel, with play chips": "Ett Pai Gow-bord i kanalen, med spelmarker",
    "open": "öppna",
    "Open a table in this channel": "Öppna ett bord i den här kanalen",
    "The table's bet in chips (within the server's stakes)": (
        "Bordets insats i marker (inom serverns gränser)"
    ),
    "close": "stäng",
    "Close the table in this channel": "Stäng bordet i den här kanalen",
    "Channels, countdown, stakes and foul rule of tables": (
        "Kanaler, nedräkning, insatser och regeln för fel delning vid borden"
    ),
    "channel": "kanal",
    "Allow tables in this channel": "Tillåt bord i den här kanalen",
    "remove_channel": "ta_bort_kanal",
    "Stop allowing tables in this channel": "Sluta tillåta bord i den här kanalen",
    "any_channel": "alla_kanaler",
    "Allow tables in every channel again": "Tillåt bord i alla kanaler igen",
    "countdown": "nedräkning",
    "Seconds to set a hand (15-300)": "Sekunder att lägga en hand (15–300)",
    "min_bet": "minsta_insats",
    "The smallest bet": "Den minsta insatsen",
    "max_bet": "högsta_insats",
    "The largest bet": "Den högsta insatsen",
    "foul_rule": "fel_delning",
    "What a fouled split does": "Vad en fel delning leder till",
    "The player picks again": "Spelaren väljer igen",
    "It stands, and loses": "Den står kvar och förlorar",
    "bonus_table": "bonustabell",
    "Fortune Pai Gow": "Fortune Pai Gow",
    "Pai Gow Mania": "Pai Gow Mania",
    "Emperor's Challenge": "Emperor's Challenge",
    "The bonus bet's pay table": "Bonusinsatsens vinsttabell",
    "bonus_min": "minsta_bonus",
    "The smallest bonus bet": "Den minsta bonusinsatsen",
    "bonus_max": "högsta_bonus",
    "The largest bonus bet (0: no bonus bet)": "Den högsta bonusinsatsen (0: ingen bonusinsats)",
    "min_hands": "minsta_antal_händer",
    "Hands a member needs on the skill board (1-1000)": (
        "Händer en medlem behöver för skicklighetslistan (1–1000)"
    ),
}
