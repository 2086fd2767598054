"""/help and /about: what each command does; what the bot is, and what it keeps about members.

/help reads the command tree: a command (or a /quiz subcommand) says what it does where it
is declared, as the message key in ``extras={"help": "help.…"}``, and /help lists it as a
mention, but only where Discord offers it (a DM has no quiz) and where it works (a command
with ``extras["needs_server"]`` is offered in DMs only to say why it needs a server).
It answers one section at a time, each within a phone screen (``HELP_BUDGET``): the
everyday commands first, with buttons for how Pai Gow is played (and the game's commands),
how the quiz works and the moderators' commands where those are offered. A section is a
pure function of where it is asked and the language, so the buttons' custom ids
(``help:<section>``) carry all there is.
/about lists what the cogs store about members: a cog that keeps anything names its
message keys in ``STORES_ABOUT_MEMBERS``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Final

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from houseway import __version__
from houseway.language import Lang
from houseway.settle import COMMISSION

from ..app.dynamic import DynamicView
from ..app.interactions import (
    bot_of,
    component,
    component_id,
    everywhere,
    on_its_message,
    refuse_invalid_component,
)
from ..texts.embeds import COLOUR, percent
from ..texts.i18n import language, text
from ..texts.mentions import CommandMentions
from .quiz.embeds import help_embed as quiz_embed

if TYPE_CHECKING:
    from ..app.client import HousewayBot

#: What /about says before and after the cogs' own lines.
STORED_FIRST: Final = ("about.stored.nothing",)
STORED_LAST: Final = ("about.stored.logs", "about.stored.ask")

#: A field's name that shows nothing (Discord refuses an empty one): a list's continuation.
UNTITLED: Final = "\u200b"
#: The most characters Discord takes in a field's value.
FIELD_LIMIT: Final = 1024
#: A /help section's characters of embed text, counted as Discord counts them (a mention
#: by its ``</name:id>``): about one phone screen. /help was one reply of 3,421.
HELP_BUDGET: Final = 1500
#: The game's commands (their groups): /help lists them under how Pai Gow is played.
GAME_COMMANDS: Final = frozenset({"play", "chips", "table"})

AnyCommand = app_commands.Command[Any, ..., Any] | app_commands.Group


class Section(StrEnum):
    """A section of /help, one shown at a time; its button's custom id is ``help:<value>``."""

    COMMANDS = "commands"
    GAME = "game"
    QUIZ = "quiz"
    MODERATORS = "moderators"


#: Each section's button label.
SECTION_LABELS: Final = {
    Section.COMMANDS: "help.title",
    Section.GAME: "help.section.game",
    Section.QUIZ: "help.section.quiz",
    Section.MODERATORS: "help.moderators",
}
SECTION_PREFIX: Final = "help:"
SECTION_ID: Final = re.compile(SECTION_PREFIX + f"(?P<section>{'|'.join(Section)})")
SECTION_NAME: Final = "help section"


@dataclass(frozen=True)
class HelpLine:
    """One command in /help: its qualified name, its text's key, and the section that
    lists it (the moderators', the game's, or the everyday commands)."""

    name: str
    key: str
    section: Section


def offered_here(command: AnyCommand, interaction: discord.Interaction) -> bool:
    """Whether Discord offers the top-level ``command`` where ``interaction`` came from.

    In a server the member reaches the bot through their own account (the bot is not in
    the server) only commands installable to a user are offered.
    """
    here = interaction.context
    contexts = command.allowed_contexts
    if contexts is not None and (here.guild or here.dm_channel or here.private_channel):
        allowed = (
            (here.guild and contexts.guild)
            or (here.dm_channel and contexts.dm_channel)
            or (here.private_channel and contexts.private_channel)
        )
        if not allowed:
            return False
    installs = command.allowed_installs
    if interaction.guild_id is not None and not interaction.is_guild_integration():
        return installs is not None and installs.user
    return True


def help_lines(commands_: Iterable[AnyCommand], interaction: discord.Interaction) -> list[HelpLine]:
    """The commands with a help text that are offered here, in the tree's order."""
    lines = []
    for root in commands_:
        if not offered_here(root, interaction):
            continue
        leaves = root.walk_commands() if isinstance(root, app_commands.Group) else (root,)
        for command in leaves:
            key = command.extras.get("help")
            if command.extras.get("needs_server") and interaction.guild_id is None:
                continue  # offered in DMs only to say why it needs a server
            if not isinstance(key, str):
                continue
            # For moderators: the whole group (Discord shows it to them), or one command
            # of an everyday group that checks its member itself.
            if root.default_permissions is not None or command.extras.get("moderators"):
                section = Section.MODERATORS
            elif root.name in GAME_COMMANDS:
                section = Section.GAME
            else:
                section = Section.COMMANDS
            lines.append(HelpLine(command.qualified_name, key, section))
    return lines


def sections_here(lines: Iterable[HelpLine]) -> list[Section]:
    """The sections offered here, in order: the everyday commands; the game's where its
    commands are; the quiz's where its leaderboard is (a server with the bot); the
    moderators' where they have commands."""
    lines = list(lines)
    listing = {line.section for line in lines}
    quiz = any(line.name == "leaderboard" for line in lines)
    return [
        section
        for section in Section
        if section is Section.COMMANDS or section in listing or (section is Section.QUIZ and quiz)
    ]


def listed(
    lines: Iterable[HelpLine], section: Section, lang: Lang, mentions: CommandMentions
) -> str:
    """The section's commands as mentions, one line each on what it does."""
    return "\n".join(
        f"{mentions[line.name]} – {text(line.key, lang)}"
        for line in lines
        if line.section == section
    )


def section_embed(
    section: Section, lines: Sequence[HelpLine], lang: Lang, mentions: CommandMentions
) -> discord.Embed:
    """One section of /help: the everyday commands (and the private option), how Pai Gow
    is played (and the game's commands), how the quiz works, or the moderators' commands."""
    if section is Section.QUIZ:
        return quiz_embed(lang, mentions)
    commands_ = listed(lines, section, lang, mentions)
    if section is Section.GAME:
        title = text("help.game.title", lang)
        commission = percent(COMMISSION, lang, 0)
        rules = text("help.game.body", lang, cmd=mentions, commission=commission)
        description = rules + "\n\n" + commands_
    elif section is Section.MODERATORS:
        title, description = text("help.moderators", lang), commands_
    else:
        title = text("help.title", lang)
        description = commands_ + "\n\n" + text("help.private", lang, cmd=mentions)
    return discord.Embed(title=title, description=description, colour=COLOUR)


class SectionButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=SECTION_ID):
    """A /help section's button: it shows that section in place of the one shown. /help is
    private, so only its member presses it; a press reads the commands offered where it
    is pressed, as /help itself does, so the id needs nothing more than the section."""

    def __init__(self, section: Section, lang: Lang = Lang.EN, shown: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=text(SECTION_LABELS[section], lang),
                style=discord.ButtonStyle.primary if shown else discord.ButtonStyle.secondary,
                custom_id=SECTION_PREFIX + section,
                disabled=shown,
            )
        )
        self.section = section

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SectionButton:
        return cls(Section(match["section"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with component(interaction, SECTION_NAME):
            bot = bot_of(interaction)
            lines = commands_here(bot, interaction)
            embed, view = help_reply(self.section, lines, interaction, bot)
            await interaction.response.edit_message(embed=embed, view=view)


def commands_here(bot: HousewayBot, interaction: discord.Interaction) -> list[HelpLine]:
    """The help lines of the commands offered where ``interaction`` came from."""
    return help_lines(bot.tree.get_commands(type=discord.AppCommandType.chat_input), interaction)


def help_reply(
    section: Section, lines: Sequence[HelpLine], interaction: discord.Interaction, bot: HousewayBot
) -> tuple[discord.Embed, discord.ui.View]:
    """``section`` with a button for each section offered here (the one shown pressed and
    disabled); no buttons where the everyday commands are all there is (a DM)."""
    lang = language(interaction.locale)
    view = DynamicView()
    offered = sections_here(lines)
    for each in offered if len(offered) > 1 else ():
        view.add_item(SectionButton(each, lang, shown=each is section))
    return section_embed(section, lines, lang, bot.mentions), view


def field_values(lines: Iterable[str], limit: int = FIELD_LIMIT) -> list[str]:
    """Lines joined into as few field values as hold them, whole lines each, in order."""
    values: list[str] = []
    for line in lines:
        if values and len(values[-1]) + 1 + len(line) <= limit:
            values[-1] += "\n" + line
        else:
            values.append(line)
    return values


def about_embed(
    lang: Lang,
    source_url: str | None,
    stored: Iterable[str],
    mentions: CommandMentions,
    backend: str,
) -> discord.Embed:
    """The version, where the source is, what is stored about members, and what is left of
    them after /stats forget on this bot's database (``backend``: sqlite or postgresql)."""
    embed = discord.Embed(
        title=text("about.title", lang),
        description=text("about.version", lang, version=__version__),
        colour=COLOUR,
    )
    embed.add_field(
        name=text("about.source", lang),
        value=source_url or text("about.source.none", lang),
        inline=False,
    )
    stored_lines = [f"- {text(key, lang, cmd=mentions)}" for key in stored]
    for place, value in enumerate(field_values(stored_lines)):
        # Discord holds 1,024 characters a field: the list goes on in untitled fields.
        name = text("about.stored", lang) if place == 0 else UNTITLED
        embed.add_field(name=name, value=value, inline=False)
    left = ("about.left.note", f"about.left.{backend}", "about.left.backups")
    embed.add_field(
        name=text("about.left", lang),
        value="\n".join(f"- {text(key, lang, cmd=mentions)}" for key in left),
        inline=False,
    )
    return embed


class MetaCog(commands.Cog):
    def __init__(self, bot: HousewayBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(SectionButton)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A "help:" custom id that is not a section button on its own message (the bot
        never made it): discord.py would drop it without a word."""
        custom_id = component_id(interaction)
        if custom_id is None or not custom_id.startswith(SECTION_PREFIX):
            return
        if SECTION_ID.fullmatch(custom_id) and on_its_message(interaction, custom_id):
            return  # SectionButton's
        await refuse_invalid_component(interaction, SECTION_NAME, "component.invalid.help")

    def stored_keys(self) -> list[str]:
        """What /about lists: its own lines around the cogs' (in the order they loaded)."""
        keys = list(STORED_FIRST)
        for cog in self.bot.cogs.values():
            keys.extend(getattr(cog, "STORES_ABOUT_MEMBERS", ()))
        return keys + list(STORED_LAST)

    @app_commands.command(
        name=_("help"),
        description=_("What each command does, and how the quiz works"),
        extras={"help": "help.help"},
    )
    @everywhere()
    async def help(self, interaction: discord.Interaction) -> None:
        lines = commands_here(self.bot, interaction)
        embed, view = help_reply(Section.COMMANDS, lines, interaction, self.bot)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    @app_commands.command(
        name=_("about"),
        description=_("The version, the source, and what the bot stores about you"),
        extras={"help": "help.about"},
    )
    @everywhere()
    async def about(self, interaction: discord.Interaction) -> None:
        embed = about_embed(
            language(interaction.locale),
            self.bot.settings.source_url,
            self.stored_keys(),
            self.bot.mentions,
            self.bot.database.backend,
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: HousewayBot) -> None:
    await bot.add_cog(MetaCog(bot))
