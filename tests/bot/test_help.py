"""/help and /about in both languages: commands named as mentions with the ids the stand-in
gave, the version, the source, what is stored about members."""

from __future__ import annotations

import re

import pytest

import houseway
from bot.app.client import HousewayBot
from tests.bot.fixtures import BotRunner, help_sections, mention
from tests.fakediscord import FakeDiscord

EVERYDAY = (
    "houseway",
    "deal",
    "rules",
    "analyze",
    "leaderboard",
    "stats view",
    "stats forget",
    "practice",
    "daily",
    "cards",
    "help",
    "about",
)
GAME = ("play", "chips view", "chips top", "table open", "table close")
MODERATORS = ("quiz start", "quiz stop", "quiz config", "quiz reset", "table config")


def lines(text: str) -> dict[str, str]:
    """Help lines "</name:id> – what it does", by mention."""
    found = {}
    for line in text.splitlines():
        head, dash, rest = line.partition(" – ")
        if dash and head.startswith("</"):
            found[head] = rest
    return found


@pytest.mark.parametrize(
    ("locale", "titles", "houseway_line"),
    [
        (
            "en-US",
            ("Commands", "Pai Gow – how it is played", "Quiz – how it works", "For moderators"),
            "How the house sets a hand you type, with a picture and the deciding rule.",
        ),
        (
            "sv-SE",
            ("Kommandon", "Pai Gow – så spelas det", "Quiz – så går det till", "För moderatorer"),
            "Hur huset lägger en hand du skriver in, med bild och regeln som avgör.",
        ),
    ],
)
async def test_help_lists_every_command_as_a_mention_in_its_section(
    fake_discord: FakeDiscord,
    houseway_bot: HousewayBot,
    locale: str,
    titles: tuple[str, str, str, str],
    houseway_line: str,
) -> None:
    """The everyday commands first; the game's, the quiz's and the moderators' behind a
    button each, the shown section's button pressed."""
    asked = await fake_discord.send_command("help", locale=locale)
    sent = await fake_discord.wait_response(asked)
    [buttons] = [row["components"] for row in sent.components]
    labels = ["Kommandon", "Pai Gow", "Quiz", "För moderatorer"]
    if locale == "en-US":
        labels = ["Commands", "Pai Gow", "Quiz", "For moderators"]
    assert [button["label"] for button in buttons] == labels
    assert [bool(button.get("disabled")) for button in buttons] == [True, False, False, False]
    sections = await help_sections(fake_discord, locale)
    assert [section["title"] for section in sections.values()] == list(titles)
    commands, game = sections["commands"], sections["game"]
    everyday = lines(commands["description"])
    assert list(everyday) == [mention(fake_discord, name) for name in EVERYDAY]
    assert everyday[mention(fake_discord, "houseway")] == houseway_line
    assert list(lines(game["description"])) == [mention(fake_discord, name) for name in GAME]
    moderators = lines(sections["moderators"]["description"])
    assert list(moderators) == [mention(fake_discord, name) for name in MODERATORS]
    assert all("fields" not in section for section in sections.values())
    # The private option, named with the mentions of the commands that have it.
    for name in ("houseway", "deal", "analyze"):
        assert f"{mention(fake_discord, name)}" in commands["description"].split("\n\n")[-1]
    quiz = sections["quiz"]["description"]
    for name in ("quiz start", "leaderboard", "quiz config"):
        assert mention(fake_discord, name) in quiz
    assert "`/quiz" not in quiz  # no plain names a Swedish client never shows


@pytest.mark.parametrize(
    ("locale", "how"),
    [
        (
            "en-US",
            [
                "You get seven cards and set them as a five-card hand and a two-card hand. The"
                " five-card hand must beat the two-card hand, or it is a foul, which loses (the"
                " server may let you pick again instead).",
                "Win both hands against the dealer and you win the bet less 5% commission. Win"
                " one and lose the other and it is a push; lose both and you lose the bet. A"
                " copy, an exact tie in a hand, goes to the dealer.",
                "The dealer sets by Huset väljer, and you can let Huset väljer set yours.",
                "With the bonus bet, where the server offers it, you bet on your seven cards:"
                " see {rules} `rule:bonus`.",
            ],
        ),
        (
            "sv-SE",
            [
                "Du får sju kort och delar upp dem i en femkortshand och en tvåkortshand."
                " Femkortshanden måste vara högre än tvåkortshanden, annars är det fel"
                " delning, som förlorar (servern kan i stället låta dig dela om).",
                "Vinner du båda händerna mot givaren vinner du insatsen minus 5\u00a0%"
                " provision. Vinner du den ena och förlorar den andra blir det oavgjort, och"
                " förlorar du båda förlorar du insatsen. Vid kopia, exakt lika hand, vinner"
                " givaren den handen.",
                "Givaren lägger sin hand enligt Huset väljer, och du kan låta Huset väljer"
                " lägga din.",
                "Med bonusinsatsen, om servern erbjuder den, satsar du på dina sju kort: se"
                " {rules} `regel:bonus`.",
            ],
        ),
    ],
)
async def test_help_tells_how_pai_gow_is_played(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, locale: str, how: list[str]
) -> None:
    """Issue 39: the deal, the foul, what wins against the dealer, the house way on both
    sides and the bonus bet, in a few lines above the game's commands; Swedish as a Swedish
    casino says it ("fel delning", never "foul")."""
    game = (await help_sections(fake_discord, locale))["game"]["description"]
    paragraphs = game.split("\n\n")
    rules = mention(fake_discord, "rules")
    assert paragraphs[:-1] == [paragraph.format(rules=rules) for paragraph in how]
    assert list(lines(paragraphs[-1])) == [mention(fake_discord, name) for name in GAME]
    if locale == "sv-SE":
        assert not re.search(r"\b(foul|push|commission)", game, re.IGNORECASE)


@pytest.mark.parametrize(
    ("locale", "play"),
    [
        (
            "en-US",
            "Play a hand of Pai Gow alone against the dealer, for chips (play money: never"
            " bought, sold, transferred or cashed out).",
        ),
        (
            "sv-SE",
            "Spela en hand Pai Gow ensam mot givaren, om spelmarker (låtsaspengar: de kan"
            " aldrig köpas, säljas, föras över eller lösas in).",
        ),
    ],
)
async def test_the_play_line_says_chips_are_never_bought(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, locale: str, play: str
) -> None:
    """Issue 39: the Swedish said chips "are bought, sold, transferred and never cashed
    out"; it says what the footer of every hand says, that they never are."""
    game = (await help_sections(fake_discord, locale))["game"]["description"]
    assert lines(game)[mention(fake_discord, "play")] == play


async def test_a_forged_help_button_is_refused(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot
) -> None:
    """Ids no /help reply carries, or not on the message pressed (a DM's help has no
    buttons): a private "no longer valid", nothing changed."""
    in_dm = await fake_discord.send_command("help", dm=True)
    assert not (await fake_discord.wait_response(in_dm)).components
    asked = await fake_discord.send_command("help")
    await fake_discord.wait_response(asked)
    for message, forged in ((in_dm, "help:quiz"), (asked, "help:rules"), (asked, "help:")):
        click = await fake_discord.click(message, forged, component_type=2)
        refused = await fake_discord.wait_response(click)
        assert refused.ephemeral and not refused.embeds
        assert refused.content == (
            f"This button is no longer valid. Run {mention(fake_discord, 'help')} again."
        )
    assert fake_discord.messages[asked.original_message_id or 0].embeds[0]["title"] == "Commands"


@pytest.mark.parametrize(
    ("locale", "practice", "rules"),
    [
        (
            "en-US",
            "Practise alone: hands on your own schedule with the answer and exact analysis, or"
            " one rule at a time with `rule`. In Play to win you are graded against the best"
            " split and learn the player's way, the project's advice.",
            "The rules in Swedish with translation, or one rule and what it costs; also the"
            " player's way, the project's advice.",
        ),
        (
            "sv-SE",
            "Träna på egen hand: händer efter ditt eget schema med facit och exakt analys, eller"
            " en regel i taget med `regel`. I läget Spela för att vinna bedöms du mot den bästa"
            " delningen och lär dig spelarens sätt, projektets råd.",
            "Reglerna ordagrant, eller en regel och vad den kostar; också spelarens sätt,"
            " projektets råd.",
        ),
    ],
)
async def test_help_tells_of_play_to_win_rule_drills_and_the_players_way(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, locale: str, practice: str, rules: str
) -> None:
    """Issue 29: /help names Play to win, drilling one rule and the player's way."""
    everyday = lines((await help_sections(fake_discord, locale))["commands"]["description"])
    assert everyday[mention(fake_discord, "practice")] == practice
    assert everyday[mention(fake_discord, "rules")] == rules


@pytest.mark.parametrize(
    ("locale", "source", "source_none", "stored", "kept"),
    [
        (
            "en-US",
            "Source",
            "Not given by whoever runs this bot.",
            "What the bot stores",
            "the answers of past rounds stay",
        ),
        (
            "sv-SE",
            "Källkod",
            "Inte angiven av den som driver boten.",
            "Vad boten sparar",
            "svaren i tidigare rundor finns kvar",
        ),
    ],
)
async def test_about_tells_the_version_the_source_and_what_is_stored(
    fake_discord: FakeDiscord,
    run_bot: BotRunner,
    locale: str,
    source: str,
    source_none: str,
    stored: str,
    kept: str,
) -> None:
    url = "https://example.org/houseway"
    for source_url, shown in ((None, source_none), (url, url)):
        async with run_bot(fake_discord, source_url=source_url):
            sent = await fake_discord.wait_response(
                await fake_discord.send_command("about", locale=locale)
            )
        assert sent.ephemeral
        [embed] = sent.embeds
        assert f"houseway {houseway.__version__}" in embed["description"]
        fields = {field["name"]: field["value"] for field in embed["fields"]}
        assert fields[source] == shown
        assert all(len(field["value"]) <= 1024 for field in embed["fields"])
        # What is stored goes on in untitled fields when one field cannot hold it all.
        names = [field["name"] for field in embed["fields"]]
        first = names.index(stored)
        following = [field["value"] for field in embed["fields"][first:]]
        more = 1 + next(
            (i for i, name in enumerate(names[first + 1 :]) if name != "\u200b"), len(names)
        )
        items = "\n".join(following[:more]).split("\n")
        assert items[0].startswith("- ") and mention(fake_discord, "houseway") in items[0]
        [quiz] = [item for item in items if mention(fake_discord, "quiz reset") in item]
        assert kept in quiz
        # not stored, quiz, journal, practice, the game, card colours, logs, how to have it
        # deleted
        assert len(items) == 8


@pytest.mark.parametrize(
    ("locale", "game"),
    [
        (
            "en-US",
            "- **The game**, per server: your play chips as entries in a ledger; each hand you"
            " played, alone with {play} or at a table, with your split, its result and your"
            " bonus bet; and the tables you opened with {table}.",
        ),
        (
            "sv-SE",
            "- **Spelet**, per server: dina spelmarker som poster i en kontobok; varje hand du"
            " har spelat, ensam med {play} eller vid ett bord, med din delning, resultatet och"
            " din bonusinsats; och borden du har öppnat med {table}.",
        ),
    ],
)
async def test_about_names_hands_at_tables_and_bonus_bets(
    fake_discord: FakeDiscord, houseway_bot: HousewayBot, locale: str, game: str
) -> None:
    """Issue 39: /about named the hands of /play alone; the bot keeps table hands, their
    bonus bets and who opened a table as well (and /stats forget deletes them)."""
    sent = await fake_discord.wait_response(await fake_discord.send_command("about", locale=locale))
    items = "\n".join(field["value"] for field in sent.embeds[0]["fields"]).split("\n")
    play, table = mention(fake_discord, "play"), mention(fake_discord, "table open")
    assert [item for item in items if play in item] == [game.format(play=play, table=table)]
