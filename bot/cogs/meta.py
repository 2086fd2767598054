"""/help and /about: what each command does; what the bot is, and what it keeps about members.

/help reads the command tree: a command (or a /quiz subcommand) says what it does where it
is declared, as the message key in ``extras={"help": "help.…"}``, and /help lists it as a
mention, but only where Discord offers it (a DM has no quiz) and where it works (a command
with ``extras["needs_server"]`` is offered in DMs only to say why it needs a server).
/about lists what the cogs store about members: a cog that keeps anything names its
message keys in ``STORES_ABOUT_MEMBERS``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from houseway import __version__
from houseway.language import Lang

from ..app.interactions import everywhere
from ..texts.embeds import COLOUR
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

AnyCommand = app_commands.Command[Any, ..., Any] | app_commands.Group


@dataclass(frozen=True)
class HelpLine:
    """One command in /help: its qualified name, its text's key, whether it is for moderators."""

    name: str
    key: str
    moderators: bool


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
            if isinstance(key, str):
                # For moderators: the whole group (Discord shows it to them), or one
                # command of an everyday group that checks its member itself.
                moderators = root.default_permissions is not None or bool(
                    command.extras.get("moderators")
                )
                lines.append(HelpLine(command.qualified_name, key, moderators))
    return lines


def help_embed(lines: Iterable[HelpLine], lang: Lang, mentions: CommandMentions) -> discord.Embed:
    """Every command as a mention with one line on what it does; moderators' last."""

    def listed(moderators: bool) -> str:
        return "\n".join(
            f"{mentions[line.name]} – {text(line.key, lang)}"
            for line in lines
            if line.moderators == moderators
        )

    lines = list(lines)
    description = listed(False) + "\n\n" + text("help.private", lang, cmd=mentions)
    embed = discord.Embed(title=text("help.title", lang), description=description, colour=COLOUR)
    if moderators := listed(True):
        embed.add_field(name=text("help.moderators", lang), value=moderators, inline=False)
    return embed


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
        lang = language(interaction.locale)
        mentions = self.bot.mentions
        lines = help_lines(
            self.bot.tree.get_commands(type=discord.AppCommandType.chat_input), interaction
        )
        embeds = [help_embed(lines, lang, mentions)]
        if any(line.name == "leaderboard" for line in lines):  # a server with the quiz
            embeds.append(quiz_embed(lang, mentions))
        await interaction.response.send_message(embeds=embeds, ephemeral=True)

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
