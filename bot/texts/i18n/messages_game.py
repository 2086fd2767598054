"""Messages of the game (/play alone, "How did I play?", /chips and its boards): part of
the catalogue in ``bot.texts.i18n``. Counts of chips and hands are ``Counted`` values or
plural messages, so that "1 chip" and "2 chips" read right."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, dict[str, str]]] = {
    # --- said everywhere chips are shown (spec section 9; Discord's rules on gambling) ---
    "game.play_money": {
        "sv": "Markerna är låtsaspengar: de kan aldrig köpas, säljas, föras över eller lösas in och har inget värde utanför boten.",
        "en": "Chips are play money: they are never bought, sold, transferred or cashed out, and have no value outside the bot.",
    },
    # --- /play: refusals ---
    "play.dm": {
        "sv": "Markerna hör till en server: använd {cmd[play]} på en server, inte i ett privat meddelande.",
        "en": "Chips belong to a server: use {cmd[play]} in a server, not in a direct message.",
    },
    "play.bet.positive": {
        "sv": "En insats är ett helt antal marker, minst {least}. Du skrev {bet}.",
        "en": "A bet is a whole number of chips, at least {least}. You bet {bet}.",
    },
    "play.bet.range": {
        "sv": "Insatserna på den här servern är från {least} till {most}. Du satsade {bet}.",
        "en": "Bets in this server are from {least} to {most}. You bet {bet}.",
    },
    "play.bet.stack": {
        "sv": "Du har {stack}, mindre än din insats på {bet}: satsa högst det du har. Varje dag du spelar ger {topup}, och en hög under serverns minsta insats fylls på till {refill} en gång om dagen.",
        "en": "You have {stack}, less than your bet of {bet}: bet at most what you have. Every day you play brings {topup}, and a stack below the server's minimum bet is refilled to {refill} once a day.",
    },
    "play.bet.stack.none": {
        "sv": "Du har inga marker kvar. Nästa påfyllning: **{next}** {when}, med din första hand efter det.",
        "en": "You have no chips left. Next refill: **{next}** {when}, with your first hand after that.",
    },
    "play.bet.stack.low": {
        "sv": "Du har {stack}, mindre än serverns minsta insats på {least}. Nästa påfyllning tar högen till **{next}** {when}, med din första hand efter det.",
        "en": "You have {stack}, less than the server's minimum bet of {least}. The next refill brings your stack to **{next}** {when}, with your first hand after that.",
    },
    "play.bet.stack.open": {
        "sv": "Du har {stack}, mindre än din insats på {bet}, och en insats ute vid ett bord: vänta tills den rundan är avgjord. Den kan ge dig marker tillbaka, och en hög under serverns minsta insats fylls på först när ingen insats är ute.",
        "en": "You have {stack}, less than your bet of {bet}, and a bet out at a table: wait until that round is settled. It may pay you back, and a stack below the server's minimum bet is refilled only when no bet is out.",
    },
    "play.at_table": {
        "sv": "Du sitter vid ett bord på den här servern: spela klart den rundan först (en insats ute i taget).",
        "en": "You have a seat at a table in this server: finish that round first (one bet out at a time).",
    },
    "play.busy": {
        "sv": "Du fick en annan hand i samma ögonblick och den är redan avgjord. Kör {cmd[play]} igen för en ny hand.",
        "en": "Another hand was dealt to you at the same moment and is already settled. Run {cmd[play]} again for a new hand.",
    },
    "play.already": {
        "sv": "Den handen är redan spelad. Tryck på Ge igen eller kör {cmd[play]} för en ny hand.",
        "en": "That hand is already played. Press Deal again, or run {cmd[play]} for a new hand.",
    },
    "component.invalid.play": {
        "sv": "Den här menyn eller knappen gäller inte längre (eller är inte din). Kör {cmd[play]} för en egen hand.",
        "en": "This menu or button is no longer valid (or is not yours). Run {cmd[play]} for a hand of your own.",
    },
    # --- /play: the hand ---
    "play.title": {"sv": "Pai Gow – din hand", "en": "Pai Gow – your hand"},
    "play.title.again": {
        "sv": "Pai Gow – din hand, som du lämnade den",
        "en": "Pai Gow – your hand, as you left it",
    },
    "game.rules.line": {
        "sv": "-# Slå givaren med båda händerna för att vinna (minus 5 % provision); en av två är oavgjort, och lika går till givaren. Femkortshanden måste vara bättre än tvåkortshanden.",
        "en": "-# Beat the dealer with both hands to win (less 5 % commission); one of two is a push, and a tie goes to the dealer. The five-card hand must beat the two-card hand.",
    },
    "play.prompt": {
        "sv": "Välj de **två kort** som ska bli din tvåkortshand, eller tryck på *Huset väljer* så lägger husets sätt din hand. Givaren lägger sin enligt Huset väljer.",
        "en": "Pick the **two cards** for your two-card hand, or press *Huset väljer* to have the house way set it. The dealer sets theirs by the house way.",
    },
    "play.bet": {
        "sv": "Insats: {bet} · kvar i högen: {stack}",
        "en": "Bet: {bet} · left in your stack: {stack}",
    },
    "play.limit": {
        "sv": "Lägger du inte handen inom 15 minuter lägger Huset väljer den åt dig.",
        "en": "Not set within 15 minutes, your hand is set by the house way.",
    },
    "play.granted.start": {
        "sv": "+{chips} att börja med på den här servern",
        "en": "+{chips} to start with in this server",
    },
    "play.granted.topup": {"sv": "+{chips} dagens påfyllning", "en": "+{chips} daily top-up"},
    "play.granted.refill": {
        "sv": "+{chips} påfyllning: din hög var under serverns minsta insats",
        "en": "+{chips} refill: your stack was below the server's minimum bet",
    },
    "play.timed_out": {
        "sv": "Din hand från {when} låg orörd i 15 minuter, så Huset väljer lade den: {outcome} ({net}).",
        "en": "Your hand from {when} was left for 15 minutes, so the house way set it: {outcome} ({net}).",
    },
    "play.button.again": {"sv": "Ge igen ({bet})", "en": "Deal again ({bet})"},
    "play.button.again.bonus": {
        "sv": "Ge igen ({bet} + bonus {bonus})",
        "en": "Deal again ({bet} + bonus {bonus})",
    },
    "play.bet.bonus": {
        "sv": "Insats: {bet} · bonus: {bonus} · kvar i högen: {stack}",
        "en": "Bet: {bet} · bonus: {bonus} · left in your stack: {stack}",
    },
    "play.bonus.off": {
        "sv": "Den här servern erbjuder ingen bonusinsats: spela utan bonus (bonus 0), eller be en moderator slå på den med {cmd[table config]}.",
        "en": "This server offers no bonus bet: play without one (bonus 0), or ask a moderator to turn it on with {cmd[table config]}.",
    },
    "play.bonus.range": {
        "sv": "Bonusinsatserna på den här servern är från {least} till {most}. Du satsade {bonus}.",
        "en": "Bonus bets in this server are from {least} to {most}. You bet {bonus}.",
    },
    # --- a hand set, alone or at a table ---
    "game.hand.placeholder": {
        "sv": "Välj två kort till tvåkortshanden",
        "en": "Pick two cards for the two-card hand",
    },
    "game.button.house": {"sv": "Huset väljer", "en": "Huset väljer (the house way)"},
    "game.hand.invalid": {
        "sv": "Välj exakt två av dina sju kort.",
        "en": "Pick exactly two of your seven cards.",
    },
    "game.hand.not_yours": {
        "sv": "Den här handen är inte din (eller menyn har ändrats). Tryck på din egen hand.",
        "en": "This hand is not yours (or the menu was changed). Press your own hand.",
    },
    "game.hand.already": {"sv": "Din hand är redan lagd.", "en": "Your hand is already set."},
    "game.high": {"sv": "{rank} högst", "en": "{rank} high"},
    "game.pair_of": {"sv": "par i {ranks}", "en": "a pair of {ranks}"},
    "game.hand.foul": {
        "sv": "Fel delning: din tvåkortshand {two} ({two_name}) slår din femkortshand {five} ({five_name}), och en fel delning förlorar. Välj två andra kort.",
        "en": "A foul: your two-card hand {two} ({two_name}) beats your five-card hand {five} ({five_name}), and a fouled split loses. Pick two other cards.",
    },
    # --- the bonus bet (spec section 10) ---
    "pays.choice": {
        "sv": "Bonusinsatsen – vad den betalar och hur ofta",
        "en": "The bonus bet – what it pays and how often",
    },
    "pays.rules": {
        "sv": "**Bonusinsatsen** är en sidoinsats på dina sju kort som de delas ut, bredvid insatsen vid ett bord eller med {cmd[play]}. Den avgörs på korten ensamma: hur du delar handen, givarens hand, en fel delning eller oavgjort på huvudinsatsen ändrar den inte, och ingen provision dras. En hand räknas i den bästa kategori som tabellen betalar; annars förloras insatsen.",
        "en": "**The bonus bet** is a side bet on your seven cards as dealt, beside your bet at a table or with {cmd[play]}. It is settled on the cards alone: how you set the hand, the dealer's hand, a foul or a push of the main bet do not change it, and no commission is taken. A hand counts in the best category the table pays; anything else loses the bet.",
    },
    "pays.others": {
        "sv": "Andra tabeller en moderator kan välja ({cmd[table config]}): {others}.",
        "en": "Other tables a moderator can choose ({cmd[table config]}): {others}.",
    },
    "pays.title": {
        "sv": "**{title}** – bonusinsatsen på dina sju kort som de delas ut",
        "en": "**{title}** – the bonus bet on your seven cards as dealt",
    },
    "pays.stakes": {"sv": "Insats här: {low}–{high}.", "en": "Bets here: {low}–{high}."},
    "pays.row": {
        "sv": "{name}: **{pays} mot 1** · {hands} (ungefär 1 på {one_in})",
        "en": "{name}: **{pays} to 1** · {hands} (about 1 in {one_in})",
    },
    "pays.row.nothing": {
        "sv": "Annars förloras insatsen · {hands}",
        "en": "Anything else loses the bet · {hands}",
    },
    "pays.edge": {
        "sv": "Husets fördel: **{edge}** av insatsen ({exact} per insatt marker, räknat exakt över alla {hands}).",
        "en": "House edge: **{edge}** of the bet ({exact} a chip bet, counted exactly over all {hands}).",
    },
    "pays.envy": {
        "sv": "Envy: med en bonus på minst {least} får du också för varje annan hand i rundan (givarens eller en annan plats) med fyrtal eller bättre: {paid} marker.",
        "en": "Envy: with a bonus of at least {least} you are also paid for every other hand of the round (the dealer's or another seat's) of four of a kind or better: {paid} chips.",
    },
    "game.bonus.field": {"sv": "Bonus", "en": "Bonus"},
    "game.bonus.won": {
        "sv": "{category}: {pays} mot 1 · **{net}**",
        "en": "{category}: {pays} to 1 · **{net}**",
    },
    "game.bonus.nothing": {
        "sv": "Ingen bonushand: bonusinsatsen på {bet} går förlorad.",
        "en": "No bonus hand: the bonus bet of {bet} is lost.",
    },
    "game.bonus.envy": {
        "sv": "Envy: {envy} för rundans andra händer",
        "en": "Envy: {envy} for the round's other hands",
    },
    # --- /play: the result ---
    "play.result.win": {"sv": "Du vinner {net}", "en": "You win {net}"},
    "play.result.push": {
        "sv": "Oavgjort – insatsen tillbaka",
        "en": "A push – your bet back",
    },
    "play.result.loss": {"sv": "Du förlorar {net}", "en": "You lose {net}"},
    "play.result.foul.title": {
        "sv": "Fel delning – du förlorar {net}",
        "en": "A foul – you lose {net}",
    },
    "play.result.foul": {
        "sv": "Fel delning: tvåkortshanden slår femkortshanden, så handen förlorar (servern låter en sådan delning stå).",
        "en": "A foul: the two-card hand beats the five-card hand, so the hand loses (this server lets a foul stand).",
    },
    "play.field.dealer": {"sv": "Givaren – Huset väljer", "en": "Dealer – Huset väljer"},
    "play.field.own": {"sv": "Du (din egen delning)", "en": "You (your own split)"},
    "play.field.house": {"sv": "Du (Huset väljer)", "en": "You (Huset väljer)"},
    "play.field.timeout": {
        "sv": "Du (Huset väljer: tiden gick ut)",
        "en": "You (the house way: time ran out)",
    },
    "play.split": {
        "sv": "{five}  ·  {two}\n{five_name} / {two_name}",
        "en": "{five}  ·  {two}\n{five_name} / {two_name}",
    },
    "play.field.hands": {"sv": "Hand mot hand", "en": "Hand by hand"},
    "play.hand.five": {"sv": "Femkortshanden: {result}", "en": "Five-card hand: {result}"},
    "play.hand.two": {"sv": "Tvåkortshanden: {result}", "en": "Two-card hand: {result}"},
    "game.hand.win": {"sv": "vunnen", "en": "won"},
    "game.hand.copy": {"sv": "lika – till givaren", "en": "a copy (goes to the dealer)"},
    "game.hand.loss": {"sv": "förlorad", "en": "lost"},
    "game.outcome.win": {"sv": "vinst", "en": "a win"},
    "game.outcome.push": {"sv": "push", "en": "a push"},
    "game.outcome.loss": {"sv": "förlust", "en": "a loss"},
    "game.outcome.void": {"sv": "struken (insatsen tillbaka)", "en": "void (the bet returned)"},
    "play.field.chips": {"sv": "Marker", "en": "Chips"},
    "play.chips.no_commission": {
        "sv": "Insats {bet} · netto **{net}**\nDin hög: **{stack}**",
        "en": "Bet {bet} · net **{net}**\nYour stack: **{stack}**",
    },
    "play.chips": {
        "sv": "Insats {bet} · netto **{net}** · provision {commission}\nDin hög: **{stack}**",
        "en": "Bet {bet} · net **{net}** · commission {commission}\nYour stack: **{stack}**",
    },
    "alt.showdown": {
        "sv": "Överst givaren enligt Huset väljer: {dealer} Under den du, {result}: {yours}",
        "en": "Above, the dealer by the house way: {dealer} Below, you, {result}: {yours}",
    },
    "showdown.yours": {"sv": "Du – {result}", "en": "You – {result}"},
    # --- How did I play? ---
    "review.title": {"sv": "Hur spelade jag?", "en": "How did I play?"},
    "review.yours": {"sv": "Din delning", "en": "Your split"},
    "review.house": {"sv": "Huset väljer", "en": "The house way"},
    "review.best": {"sv": "Bästa delningen", "en": "The best split"},
    "review.worth.win": {"sv": "i snitt +{chips}", "en": "on average +{chips}"},
    "review.worth.loss": {"sv": "i snitt −{chips}", "en": "on average −{chips}"},
    "review.worth.even": {"sv": "i snitt {chips}", "en": "on average {chips}"},
    "review.chips": {"sv": "{figure} marker", "en": "{figure} chips"},
    "review.set_by.house": {
        "sv": "Du lät Huset väljer lägga handen. På skicklighetslistan räknas den som husets delning.",
        "en": "You let the house way set the hand. On the skill board it counts as the house way's split.",
    },
    "review.set_by.timeout": {
        "sv": "Tiden gick ut, så Huset väljer lade handen. På skicklighetslistan räknas den som husets delning.",
        "en": "Time ran out, so the house way set the hand. On the skill board it counts as the house way's split.",
    },
    "review.best.yours": {
        "sv": "✅ Din delning var den bästa: du tappade inget.",
        "en": "✅ Your split was the best: you lost nothing by it.",
    },
    "review.best.house": {
        "sv": "✅ Husets delning var den bästa här: inget tappades.",
        "en": "✅ The house way's split was the best here: nothing was lost.",
    },
    "review.cost": {
        "sv": "Ditt val kostade i snitt **{chips}** av din insats på {bet} mot den bästa delningen.",
        "en": "Your choice cost **{chips}** on average of your bet of {bet}, against the best split.",
    },
    "review.better.house": {
        "sv": "Huset väljer hade lagt den bättre: **{name}** – {text}",
        "en": "The house way would have set it better: **{name}** – {text}",
    },
    "review.better.house.named": {
        "sv": "Huset väljer hade lagt den bättre: **{name}**",
        "en": "The house way would have set it better: **{name}**",
    },
    "review.better.player": {
        "sv": "Spelarens sätt (projektets råd) lägger den bättre: **{rule}**",
        "en": "The player's way (the project's advice) sets it better: **{rule}**",
    },
    "review.foul": {
        "sv": "En fel delning förlorar alltid hela insatsen.",
        "en": "A fouled split always loses the whole bet.",
    },
    "review.player.rule": {"sv": "{name} – {text}", "en": "{name} – {text}"},
    "review.unit": {
        "sv": "I snitt: vad delningen vinner eller förlorar per hand med din insats, räknat exakt mot alla 53 524 680 händer givaren kan ha.",
        "en": "On average: what the split wins or loses a hand at your bet, counted exactly against all 53,524,680 hands the dealer can hold.",
    },
    "review.unavailable": {
        "sv": "Den exakta analysen gick inte att göra just nu, så den här handen räknas inte på skicklighetslistan.",
        "en": "The exact analysis could not be made just now, so this hand does not count on the skill board.",
    },
    # --- /chips ---
    "chips.dm": {
        "sv": "Markerna hör till en server: använd {cmd[chips view]} och {cmd[chips top]} på en server.",
        "en": "Chips belong to a server: use {cmd[chips view]} and {cmd[chips top]} in a server.",
    },
    "chips.title": {"sv": "Marker – {member}", "en": "Chips – {member}"},
    "chips.stack": {
        "sv": "{member} har **{stack}** på den här servern.",
        "en": "{member} has **{stack}** in this server.",
    },
    "chips.none": {
        "sv": "{member} har inte spelat här än. {cmd[play]} ger en hög att börja med.",
        "en": "{member} has not played here yet. {cmd[play]} gives a stack to start with.",
    },
    "chips.none.yours": {
        "sv": "Du har inga marker på den här servern än: spela en hand med {cmd[play]} eller sätt dig vid ett bord ({cmd[table open]}) så får du {start} att börja med.",
        "en": "You have no chips in this server yet: play a hand with {cmd[play]} or sit at a table ({cmd[table open]}) to get {start} to start with.",
    },
    "chips.next.now": {
        "sv": "Din nästa hand ger dagens påfyllning: **+{topup}**.",
        "en": "Your next hand brings today's top-up: **+{topup}**.",
    },
    "chips.next.day": {
        "sv": "Nästa dagliga påfyllning, **+{topup}**, kommer med din första hand från {when}.",
        "en": "Your next daily top-up, **+{topup}**, comes with your first hand from {when}.",
    },
    "chips.next.refill.now": {
        "sv": "Din hög är under serverns minsta insats på {least}: din nästa hand fyller på den till **{stack}**.",
        "en": "Your stack is below the server's minimum bet of {least}: your next hand refills it to **{stack}**.",
    },
    "chips.next.refill.day": {
        "sv": "Nästa påfyllning: din första hand från {when} tar högen till **{stack}**.",
        "en": "Next refill: your first hand from {when} brings your stack to **{stack}**.",
    },
    "chips.field.hands": {"sv": "Senaste händerna", "en": "Last hands"},
    "chips.field.ledger": {"sv": "Senaste posterna", "en": "Last entries"},
    "chips.hand": {
        "sv": "{when} · {five} · {two} · {outcome} · {net}",
        "en": "{when} · {five} · {two} · {outcome} · {net}",
    },
    "chips.entry": {"sv": "{when} · **{amount}** {reason}", "en": "{when} · **{amount}** {reason}"},
    "chips.entry.lost": {"sv": "{when} · {reason}", "en": "{when} · {reason}"},
    "chips.reason.start": {"sv": "att börja med", "en": "starting stack"},
    "chips.reason.topup": {"sv": "dagens påfyllning", "en": "daily top-up"},
    "chips.reason.refill": {
        "sv": "påfyllning (högen var under minsta insatsen)",
        "en": "refill (the stack was below the minimum bet)",
    },
    "chips.reason.bet": {"sv": "insats", "en": "bet"},
    "chips.reason.bet.bonus": {"sv": "bonusinsats", "en": "bonus bet"},
    "chips.reason.result": {
        "sv": "utbetalning (insatsen och nettot)",
        "en": "paid out (the bet and the net)",
    },
    "chips.reason.result.bonus": {"sv": "bonus utbetald", "en": "bonus paid"},
    "chips.reason.lost": {"sv": "insatsen förlorad", "en": "bet lost"},
    "chips.reason.lost.bonus": {"sv": "bonus förlorad", "en": "bonus lost"},
    "chips.reason.void": {
        "sv": "insatsen tillbaka (rundan struken)",
        "en": "bet returned (round voided)",
    },
    "chips.reason.void.bonus": {
        "sv": "bonusinsatsen tillbaka (rundan struken)",
        "en": "bonus bet returned (round voided)",
    },
    "chips.reason.envy": {"sv": "Envy", "en": "Envy"},
    "chips.board.chips": {"sv": "Flest marker", "en": "Most chips"},
    "chips.board.skill": {"sv": "Skicklighet", "en": "Skill"},
    "chips.board.empty": {
        "sv": "Ingen på listan än. {cmd[play]} för att spela.",
        "en": "Nobody on this board yet. {cmd[play]} to play.",
    },
    "chips.board.line": {"sv": "{place}. {entry}", "en": "{place}. {entry}"},
    "chips.board.entry.chips": {"sv": "{member} – {stack}", "en": "{member} – {stack}"},
    "chips.board.entry.skill": {
        "sv": "{member} – {lost} per 100 i insats ({hands})",
        "en": "{member} – {lost} per 100 bet ({hands})",
    },
    "chips.board.off": {"sv": "Utanför listan: {entry}", "en": "Off the board: {entry}"},
    # --- /help and /about ---
    "help.play": {
        "sv": "Spela en hand Pai Gow ensam mot givaren, om spelmarker (låtsaspengar: de kan aldrig köpas, säljas, föras över eller lösas in).",
        "en": "Play a hand of Pai Gow alone against the dealer, for chips (play money: never bought, sold, transferred or cashed out).",
    },
    "help.chips.view": {
        "sv": "Dina marker på servern, dina senaste händer och posterna i kontoboken (låtsaspengar).",
        "en": "Your chips in this server, your last hands and the ledger's entries (play money).",
    },
    "help.chips.top": {
        "sv": "Serverns listor: flest marker, och skicklighet (minst uppgivet mot den bästa delningen).",
        "en": "The server's boards: most chips, and skill (least given up against the best split).",
    },
    "help.game.title": {"sv": "Pai Gow – så spelas det", "en": "Pai Gow – how it is played"},
    "help.game.body": {
        "sv": (
            "Du får sju kort och delar upp dem i en femkortshand och en tvåkortshand. Femkortshanden måste vara högre än tvåkortshanden, annars är det fel delning, som förlorar (servern kan i stället låta dig dela om).\n\n"
            "Vinner du båda händerna mot givaren vinner du insatsen minus {commission} provision. Vinner du den ena och förlorar den andra blir det oavgjort, och förlorar du båda förlorar du insatsen. Vid kopia, exakt lika hand, vinner givaren den handen.\n\n"
            "Givaren lägger sin hand enligt Huset väljer, och du kan låta Huset väljer lägga din.\n\n"
            "Med bonusinsatsen, om servern erbjuder den, satsar du på dina sju kort: se {cmd[rules]} `regel:bonus`."
        ),
        "en": (
            "You get seven cards and set them as a five-card hand and a two-card hand. The five-card hand must beat the two-card hand, or it is a foul, which loses (the server may let you pick again instead).\n\n"
            "Win both hands against the dealer and you win the bet less {commission} commission. Win one and lose the other and it is a push; lose both and you lose the bet. A copy, an exact tie in a hand, goes to the dealer.\n\n"
            "The dealer sets by Huset väljer, and you can let Huset väljer set yours.\n\n"
            "With the bonus bet, where the server offers it, you bet on your seven cards: see {cmd[rules]} `rule:bonus`."
        ),
    },
    "about.stored.game": {
        "sv": "**Spelet**, per server: dina spelmarker som poster i en kontobok; varje hand du har spelat, ensam med {cmd[play]} eller vid ett bord, med din delning, resultatet och din bonusinsats; och borden du har öppnat med {cmd[table open]}.",
        "en": "**The game**, per server: your play chips as entries in a ledger; each hand you played, alone with {cmd[play]} or at a table, with your split, its result and your bonus bet; and the tables you opened with {cmd[table open]}.",
    },
}

#: Messages that show a count, one template per CLDR plural form (``plural_text``).
PLURALS: Final[dict[str, dict[str, dict[str, str]]]] = {
    # Counts inside other messages, as ``Counted`` values.
    "count.chips": {
        "sv": {"one": "{count} marker", "other": "{count} marker"},
        "en": {"one": "{count} chip", "other": "{count} chips"},
    },
    "count.analysed_hands": {
        "sv": {"one": "{count} analyserad hand", "other": "{count} analyserade händer"},
        "en": {"one": "{count} analysed hand", "other": "{count} analysed hands"},
    },
    "game.net": {  # count: the net without its sign
        "sv": {"one": "{sign}{count} mark", "other": "{sign}{count} marker"},
        "en": {"one": "{sign}{count} chip", "other": "{sign}{count} chips"},
    },
    "chips.board.skill.about": {  # count: the server's minimum of hands
        "sv": {
            "one": "Marker uppgivna mot den bästa delningen per 100 i insats, i snitt över minst {count} analyserad hand – lägst först. Turen avgör inte: bara hur händerna lades.",
            "other": "Marker uppgivna mot den bästa delningen per 100 i insats, i snitt över minst {count} analyserade händer – lägst först. Turen avgör inte: bara hur händerna lades.",
        },
        "en": {
            "one": "Chips given up against the best split per 100 bet, on average over at least {count} analysed hand – lowest first. Luck does not count: only how the hands were set.",
            "other": "Chips given up against the best split per 100 bet, on average over at least {count} analysed hands – lowest first. Luck does not count: only how the hands were set.",
        },
    },
    "chips.board.skill.more": {  # count: hands still needed; said on a public board
        "sv": {
            "one": "{member}: {hands} här, en till behövs för att komma med på listan.",
            "other": "{member}: {hands} här, {count} till behövs för att komma med på listan.",
        },
        "en": {
            "one": "{member} has {hands} here: one more to get on the board.",
            "other": "{member} has {hands} here: {count} more to get on the board.",
        },
    },
}
