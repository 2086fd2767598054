"""Messages of a table at /table (Pai Gow with play chips against the house way's dealer):
part of the catalogue in ``bot.texts.i18n``. *Huset väljer* keeps its Swedish name in
English too: it is the rule text's own name for letting the house set a hand."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, dict[str, str]]] = {
    "table.guild_only": {
        "sv": "Bord finns bara på servrar.",
        "en": "Tables are only for servers.",
    },
    "table.channel_not_allowed": {
        "sv": "Bord får bara öppnas i {channels}.",
        "en": "Tables may only be opened in {channels}.",
    },
    "table.already_open": {
        "sv": "Det finns redan ett bord i den här kanalen: {link}",
        "en": "This channel already has a table: {link}",
    },
    "table.not_open": {
        "sv": "Det finns inget öppet bord i den här kanalen. Öppna ett med {cmd[table open]}.",
        "en": "There is no open table in this channel. Open one with {cmd[table open]}.",
    },
    "table.cannot_post": {
        "sv": "Jag får inte skriva i den här kanalen, så bordet kan inte öppnas här.",
        "en": "I may not post in this channel, so the table cannot open here.",
    },
    "table.opened": {"sv": "Bordet är öppet: {link}", "en": "The table is open: {link}"},
    "table.closed_by_you": {"sv": "Bordet är stängt.", "en": "The table is closed."},
    "table.close_forbidden": {
        "sv": "Bara den som öppnade bordet, eller medlemmar med behörigheten Hantera server eller quizledarrollen ({cmd[quiz config]}), får stänga det.",
        "en": "Only the member who opened the table, or members with Manage Server or the quizmaster role ({cmd[quiz config]}), may close it.",
    },
    "table.forbidden": {
        "sv": "Bara medlemmar med behörigheten Hantera server eller med quizledarrollen ({cmd[quiz config]}) får ändra bordens inställningar.",
        "en": "Only members with Manage Server or the quizmaster role ({cmd[quiz config]}) may change the table settings.",
    },
    "table.gone": {
        "sv": "Det här bordet är stängt. Öppna ett nytt med {cmd[table open]}.",
        "en": "This table is closed. Open a new one with {cmd[table open]}.",
    },
    "table.title": {"sv": "## Pai Gow-bord", "en": "## Pai Gow table"},
    "table.stakes": {
        "sv": "Insats {bet} · servern tillåter {low}–{high} · givaren lägger enligt *Huset väljer*.",
        "en": "Bet {bet} · this server allows {low}–{high} · the dealer sets by *Huset väljer*.",
    },
    "table.stakes.bonus": {
        "sv": "Bonus på dina sju kort: {title}, {low}–{high} (knappen Vinsttabell visar vad den betalar).",
        "en": "Bonus on your seven cards: {title}, {low}–{high} (the Pay table button shows what it pays).",
    },
    "table.status.waiting": {
        "sv": "Väntar på spelare: tryck på **Sätt dig här** vid en ledig plats.",
        "en": "Waiting for players: press **Sit here** at a free seat.",
    },
    "table.status.round": {
        "sv": "**Runda {number}:** tryck på **Din hand** och lägg den. Tiden går ut {when}.",
        "en": "**Round {number}:** press **Your hand** and set it. Time runs out {when}.",
    },
    "table.status.gather": {
        "sv": "Första rundan ges {when} – eller tryck på **Ge nu**.",
        "en": "The first round deals {when} – or press **Deal now**.",
    },
    "table.status.reveal": {
        "sv": "**Runda {number}** är avslöjad nedan. Nästa runda ges {when} – eller tryck på **Ge nu**.",
        "en": "**Round {number}** is revealed below. The next round deals {when} – or press **Deal now**.",
    },
    "table.status.closed.idle": {
        "sv": "Bordet stängdes av sig självt efter {minutes} utan någon runda. Öppna ett nytt med {cmd[table open]}.",
        "en": "This table closed itself after {minutes} without a round. Open a new one with {cmd[table open]}.",
    },
    "table.status.closed.by": {
        "sv": "Bordet stängdes av {user}.",
        "en": "This table was closed by {user}.",
    },
    "table.status.closed.restart": {
        "sv": "Bordet stängdes när boten startades om. Öppna ett nytt med {cmd[table open]}.",
        "en": "This table closed when the bot restarted. Open a new one with {cmd[table open]}.",
    },
    "table.closed.idle": {
        "sv": "Bordet i den här kanalen stängdes efter {minutes} utan någon runda.",
        "en": "The table in this channel closed after {minutes} without a round.",
    },
    "table.seat.taken.bonus": {
        "sv": "**Plats {seat}** – {user} · insats {bet} · bonus {bonus}",
        "en": "**Seat {seat}** – {user} · bet {bet} · bonus {bonus}",
    },
    "table.seat.free": {"sv": "**Plats {seat}** – ledig", "en": "**Seat {seat}** – free"},
    "table.seat.taken": {
        "sv": "**Plats {seat}** – {user} · insats {bet}",
        "en": "**Seat {seat}** – {user} · bet {bet}",
    },
    "table.seat.set": {"sv": "✅ har lagt sin hand", "en": "✅ hand set"},
    "table.seat.setting": {"sv": "⏳ lägger sin hand", "en": "⏳ setting the hand"},
    "table.seat.waiting": {"sv": "väntar på nästa runda", "en": "waiting for the next round"},
    "table.seat.out": {
        "sv": "står över rundan: {stack} räcker inte till insatsen",
        "en": "sits out this round: {stack} do not cover the bet",
    },
    "table.seat.busy": {
        "sv": "står över rundan: spelar en annan hand",
        "en": "sits out this round: playing another hand",
    },
    "table.seat.leaving": {"sv": "går efter rundan", "en": "leaves after this round"},
    "table.button.sit": {"sv": "Sätt dig här", "en": "Sit here"},
    "table.button.bet": {"sv": "Insats", "en": "Bet"},
    "table.button.deal": {"sv": "Ge nu", "en": "Deal now"},
    "table.dealing": {"sv": "Rundan ges nu.", "en": "The round deals now."},
    "table.button.pays": {"sv": "Vinsttabell", "en": "Pay table"},
    "table.button.leave": {"sv": "Lämna bordet", "en": "Leave"},
    "table.button.hand": {"sv": "Din hand", "en": "Your hand"},
    "table.joined": {
        "sv": "Du sitter på plats {seat} med insatsen {bet}. Din hög: {stack}. Du får en hand i nästa runda.",
        "en": "You sit at seat {seat} with a bet of {bet}. Your stack: {stack}. You are dealt in at the next round.",
    },
    "table.joined.bonus": {
        "sv": "Du sitter på plats {seat} med insatsen {bet}. Din hög: {stack}. Du får en hand i nästa runda. Vill du lägga en bonus på dina sju kort, tryck på **Insats**.",
        "en": "You sit at seat {seat} with a bet of {bet}. Your stack: {stack}. You are dealt in at the next round. For a bonus bet on your seven cards, press **Bet**.",
    },
    "table.left": {"sv": "Du har lämnat bordet.", "en": "You left the table."},
    "table.leaving": {
        "sv": "Du går när rundan är slut; din hand spelas klart (huset lägger den om tiden går ut).",
        "en": "You leave when this round ends; your hand is played out (the house sets it if time runs out).",
    },
    "table.not_seated": {
        "sv": "Du sitter inte vid det här bordet.",
        "en": "You have no seat at this table.",
    },
    "table.seat_taken": {
        "sv": "Plats {seat} är upptagen: välj en ledig.",
        "en": "Seat {seat} is taken: pick a free one.",
    },
    "table.not_your_seat": {
        "sv": "Det är {user}s plats: du kan bara ändra din egen insats.",
        "en": "That is {user}'s seat: you can only change your own bet.",
    },
    "table.elsewhere": {
        "sv": "Du sitter redan vid ett bord: {link}. Lämna det först.",
        "en": "You already sit at a table: {link}. Leave it first.",
    },
    "table.hand_alone_open": {
        "sv": "Du har en hand ensam öppen här ({cmd[play]} visar den igen): spela klart den först, sätt dig sedan. En insats ute i taget.",
        "en": "You have a hand alone open here ({cmd[play]} shows it again): finish it first, then sit down. One bet out at a time.",
    },
    "table.already_seated": {
        "sv": "Du sitter redan vid det här bordet (plats {seat}).",
        "en": "You already sit at this table (seat {seat}).",
    },
    "table.bet.above_stack": {
        "sv": "En insats på {bet} är mer än dina {stack}.",
        "en": "A bet of {bet} is more than your {stack}.",
    },
    "table.bet.out_of_range": {
        "sv": "Insatserna här är {low}–{high} marker; {value} går inte.",
        "en": "Bets here are {low} to {high} chips; {value} is not one.",
    },
    "table.bet.not_number": {
        "sv": "En insats är ett heltal marker, t.ex. {example}.",
        "en": "A bet is a whole number of chips, e.g. {example}.",
    },
    "table.bet.changed": {
        "sv": "Din insats är nu {bet}, från nästa runda.",
        "en": "Your bet is now {bet}, from the next round.",
    },
    "table.bet.changed.bonus": {
        "sv": "Din insats är nu {bet} och din bonus {bonus}, från nästa runda.",
        "en": "Your bet is now {bet} and your bonus {bonus}, from the next round.",
    },
    "table.bonus.label": {
        "sv": "Bonus ({low}–{high}, 0: ingen)",
        "en": "Bonus ({low}–{high}, 0: none)",
    },
    "table.bonus.describe": {
        "sv": "En sidoinsats på dina sju kort som de delas ut; betalas enligt serverns vinsttabell.",
        "en": "A side bet on your seven cards as dealt, paid by the server's pay table.",
    },
    "table.bonus.out_of_range": {
        "sv": "Bonusinsatserna här är {low}–{high} marker (eller 0 för ingen); {value} går inte.",
        "en": "Bonus bets here are {low} to {high} chips (or 0 for none); {value} is not one.",
    },
    "table.bet.modal": {"sv": "Din insats", "en": "Your bet"},
    "table.bet.label": {"sv": "Marker ({low}–{high})", "en": "Chips ({low}–{high})"},
    "table.hand.none": {
        "sv": "Du har ingen hand i den här rundan. Sitter du vid bordet får du en i nästa.",
        "en": "You have no hand in this round. If you sit at the table you are dealt in at the next.",
    },
    "table.hand.over": {
        "sv": "Den rundan är redan slut.",
        "en": "That round is already over.",
    },
    "table.hand.prompt.bonus": {
        "sv": "**Din hand** (plats {seat}, insats {bet}, bonus {bonus}). Välj de två kort som går till tvåkortshanden, eller tryck på *Huset väljer*. Tiden går ut {when}.",
        "en": "**Your hand** (seat {seat}, bet {bet}, bonus {bonus}). Pick the two cards for the two-card hand, or press *Huset väljer*. Time runs out {when}.",
    },
    "table.hand.prompt": {
        "sv": "**Din hand** (plats {seat}, insats {bet}). Välj de två kort som går till tvåkortshanden, eller tryck på *Huset väljer*. Tiden går ut {when}.",
        "en": "**Your hand** (seat {seat}, bet {bet}). Pick the two cards for the two-card hand, or press *Huset väljer*. Time runs out {when}.",
    },
    "table.hand.set": {
        "sv": "Lagd: {split}. Rundan avslöjas när alla har lagt sina händer eller tiden går ut.",
        "en": "Set: {split}. The round is revealed when every seat has set or time runs out.",
    },
    "table.hand.house_set": {
        "sv": "Huset lade din hand: {split}. Rundan avslöjas när alla har lagt sina händer eller tiden går ut.",
        "en": "The house way set your hand: {split}. The round is revealed when every seat has set or time runs out.",
    },
    "table.hand.foul_stands": {
        "sv": "Lagd, men fel delning: {split}. Tvåkortshanden slår femkortshanden, och vid det här bordet står en fel delning kvar och förlorar.",
        "en": "Set, but a foul: {split}. The two-card hand beats the five-card hand, and at this table a foul stands and loses.",
    },
    "table.hand.timeout": {
        "sv": "Tiden gick ut, så huset lade din hand: {split}.",
        "en": "Time ran out, so the house way set your hand: {split}.",
    },
    "table.split": {"sv": "{five} | {two}", "en": "{five} | {two}"},
    "table.reveal.title": {
        "sv": "## Runda {number} – avslöjandet",
        "en": "## Round {number} – the reveal",
    },
    "table.reveal.dealer": {
        "sv": "**Givaren** (*Huset väljer*): {split}",
        "en": "**The dealer** (*Huset väljer*): {split}",
    },
    "table.reveal.seat": {
        "sv": "**Plats {seat}** {user}: {split} ({how}). {hands} **{result}** · hög: {stack}",
        "en": "**Seat {seat}** {user}: {split} ({how}). {hands} **{result}** · stack: {stack}",
    },
    "table.reveal.hands": {
        "sv": "Femkortshanden: {five}, tvåkortshanden: {two}.",
        "en": "Five-card hand: {five}, two-card hand: {two}.",
    },
    "table.reveal.foul": {
        "sv": "Fel delning: tvåkortshanden slår femkortshanden.",
        "en": "A foul: the two-card hand beats the five-card hand.",
    },
    "table.reveal.bonus": {"sv": "↳ Bonus: {bonus}", "en": "↳ Bonus: {bonus}"},
    "table.reveal.title.restart": {
        "sv": "## Rundan före omstarten – avslöjandet",
        "en": "## The round before the restart – the reveal",
    },
    "table.reveal.sat_out": {
        "sv": "Stod över: {users}.",
        "en": "Sat out: {users}.",
    },
    "table.how.own": {"sv": "egen delning", "en": "own split"},
    "table.how.house": {"sv": "Huset väljer", "en": "Huset väljer"},
    "table.how.timeout": {
        "sv": "tiden gick ut: Huset väljer",
        "en": "time ran out: Huset väljer",
    },
    "table.result.win": {
        "sv": "Vinst +{net} (provision {commission})",
        "en": "Win +{net} (commission {commission})",
    },
    "table.result.push": {"sv": "Oavgjort: insatsen tillbaka", "en": "Push: the bet back"},
    "table.result.loss": {"sv": "Förlust −{bet}", "en": "Loss −{bet}"},
    "table.closed.restart": {
        "sv": "Boten startades om, så bordet i den här kanalen är stängt (ingen runda pågick). Öppna ett nytt med {cmd[table open]}.",
        "en": "The bot restarted, so the table in this channel is closed (no round was under way). Open a new one with {cmd[table open]}.",
    },
    "table.void.restart": {
        "sv": "Boten startades om mitt i en runda vid bordet i den här kanalen. Rundan är ogiltig och alla insatser är tillbaka ({users}). Öppna ett nytt bord med {cmd[table open]}.",
        "en": "The bot restarted in the middle of a round at this channel's table. The round is void and every bet is returned ({users}). Open a new table with {cmd[table open]}.",
    },
    "table.config.title": {"sv": "Bordens inställningar", "en": "Table settings"},
    "table.config.channels": {"sv": "Kanaler för bord", "en": "Channels for tables"},
    "table.config.any_channel": {"sv": "alla kanaler", "en": "any channel"},
    "table.config.countdown": {"sv": "Nedräkning", "en": "Countdown"},
    "table.config.stakes": {"sv": "Insatser", "en": "Bets"},
    "table.config.foul": {"sv": "Fel delning", "en": "Foul"},
    "table.config.foul.repick": {
        "sv": "spelaren får välja igen",
        "en": "the player picks again",
    },
    "table.config.foul.stand": {"sv": "står kvar och förlorar", "en": "stands, and loses"},
    "table.config.min_hands": {
        "sv": "Skicklighetslistan kräver",
        "en": "The skill board needs",
    },
    "table.config.bonus": {"sv": "Bonus", "en": "Bonus"},
    "table.config.bonus.on": {"sv": "{title}, {low}–{high}", "en": "{title}, {low}–{high}"},
    "table.config.bonus.off": {"sv": "ingen bonusinsats", "en": "no bonus bet"},
    "table.config.changed": {"sv": "Ändrat: {names}.", "en": "Changed: {names}."},
    "table.config.unchanged": {
        "sv": "Så här är det inställt. Ge ett val för att ändra.",
        "en": "These are the settings. Give an option to change one.",
    },
    "table.config.bad_number": {
        "sv": "{name} ska vara {low}–{high}, inte {value}.",
        "en": "{name} must be {low} to {high}, not {value}.",
    },
    "table.config.bad_foul": {
        "sv": "Regeln för fel delning är antingen att spelaren väljer igen eller att delningen står kvar.",
        "en": "The foul rule is either that the player picks again or that the split stands.",
    },
    "table.void.channel_gone": {
        "sv": "Bordets kanal togs bort mitt i rundan. Rundan är ogiltig och din insats på {bet} är tillbaka.",
        "en": "The table's channel was deleted in the middle of the round. The round is void and your bet of {bet} is returned.",
    },
    "table.void.closed": {
        "sv": "Rundan som pågick är ogiltig och alla insatser är tillbaka.",
        "en": "The round under way is void and every bet is returned.",
    },
    "table.config.bad_stakes": {
        "sv": "Minsta insatsen ({low}) får inte vara större än den högsta ({high}).",
        "en": "The minimum bet ({low}) may not be above the maximum ({high}).",
    },
    "table.config.bad_bonus_stakes": {
        "sv": "Minsta bonusinsatsen ({low}) får inte vara större än den högsta ({high}).",
        "en": "The smallest bonus bet ({low}) may not be above the largest ({high}).",
    },
    "table.config.bad_pay_table": {
        "sv": "Välj vinsttabellen i listan: Fortune Pai Gow, Pai Gow Mania eller Emperor's Challenge.",
        "en": "Pick the pay table from the list: Fortune Pai Gow, Pai Gow Mania or Emperor's Challenge.",
    },
    "table.config.bad_bet": {
        "sv": "Bordets insats ska vara {low}–{high} (serverns gränser), inte {value}.",
        "en": "The table's bet must be {low} to {high} (this server's stakes), not {value}.",
    },
    "table.option.countdown": {"sv": "Nedräkningen (sekunder)", "en": "The countdown (seconds)"},
    "table.option.min_bet": {"sv": "Minsta insatsen", "en": "The minimum bet"},
    "table.option.max_bet": {"sv": "Högsta insatsen", "en": "The maximum bet"},
    "table.option.bonus_min": {"sv": "Minsta bonusinsatsen", "en": "The smallest bonus bet"},
    "table.option.bonus_max": {"sv": "Högsta bonusinsatsen", "en": "The largest bonus bet"},
    "table.option.min_hands": {
        "sv": "Skicklighetslistans minsta antal händer",
        "en": "The skill board's minimum of hands",
    },
    "table.picture.dealer": {"sv": "Givaren – Huset väljer", "en": "Dealer – Huset väljer"},
    "table.picture.seat": {"sv": "{seat}. {name} – {result}", "en": "{seat}. {name} – {result}"},
    "table.picture.win": {"sv": "Vinst +{net}", "en": "Win +{net}"},
    "table.picture.push": {"sv": "Oavgjort", "en": "Push"},
    "table.picture.loss": {"sv": "Förlust −{bet}", "en": "Loss −{bet}"},
    "table.picture.foul": {"sv": "Fel delning −{bet}", "en": "Foul −{bet}"},
    "table.picture.bonus": {"sv": "Bonus {net}", "en": "Bonus {net}"},
    "table.picture.someone": {"sv": "spelare", "en": "player"},
    "alt.table.reveal": {
        "sv": "Avslöjandet. Givaren: {dealer}. {seats}",
        "en": "The reveal. The dealer: {dealer}. {seats}",
    },
    "alt.table.seat": {
        "sv": "Plats {seat}, {name}, {result}: {split}",
        "en": "Seat {seat}, {name}, {result}: {split}",
    },
    "help.table.open": {
        "sv": "Öppna ett Pai Gow-bord i kanalen (upp till sex platser, spelmarker).",
        "en": "Open a Pai Gow table in this channel (up to six seats, play chips).",
    },
    "help.table.close": {
        "sv": "Stäng bordet i kanalen (den som öppnade det, eller moderatorer).",
        "en": "Close this channel's table (whoever opened it, or moderators).",
    },
    "help.table.config": {
        "sv": "Kanaler för bord, nedräkning, insatser, regeln för fel delning och skicklighetslistans minimum.",
        "en": "Channels for tables, countdown, stakes, foul rule and the skill board's minimum.",
    },
}

PLURALS: Final[dict[str, dict[str, dict[str, str]]]] = {
    "table.count.chips": {  # count: chips, in a stack or a bet
        "sv": {"one": "{count} marker", "other": "{count} marker"},
        "en": {"one": "{count} chip", "other": "{count} chips"},
    },
    "table.count.minutes": {
        "sv": {"one": "{count} minut", "other": "{count} minuter"},
        "en": {"one": "{count} minute", "other": "{count} minutes"},
    },
    "table.count.hands": {
        "sv": {"one": "{count} hand", "other": "{count} händer"},
        "en": {"one": "{count} hand", "other": "{count} hands"},
    },
}
