"""Every command's options checked once against the types the command declares, before it
runs.

discord.py passes an option's value through as it arrives: an integer option can hold 2.5,
"10" or "1e3". Discord's own client never sends such a value, but an interaction can carry
anything. So each command gets one check (``guard``, installed by the client at start): a
value of the wrong type is refused in the member's language, saying which option and what
it takes, and nothing runs (nothing is written). Ranges and choices stay each command's to
check and to say in its own words, on a value now known to be of its type.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType as Kind

from houseway.language import Lang

from ..texts.i18n import language
from ..texts.i18n.commands_sv import COMMAND_TEXTS_SV
from .interactions import Refusal

_SUBCOMMANDS: Final = (1, 2)  # a subcommand and a subcommand group wrap the options


def _leaf_options(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The options of the subcommand that runs (through groups and subcommands)."""
    options = data.get("options") or []
    while (
        isinstance(options, list)
        and options
        and isinstance(options[0], Mapping)
        and options[0].get("type") in _SUBCOMMANDS
    ):
        options = options[0].get("options") or []
    return (
        [option for option in options if isinstance(option, Mapping)]
        if isinstance(options, list)
        else []
    )


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _wrong(parameter: app_commands.Parameter, value: object) -> str | None:
    """The catalogue key of what is wrong with ``value``'s type for ``parameter``, or None.

    Only the type: a range or a list of choices is the command's to say in its feature's
    words ("Bets in this server are from 1 to 1,000 chips"), once the value is a number."""
    kind = parameter.type
    if kind is Kind.integer:
        return None if _whole(value) else "option.integer"
    if kind is Kind.number:
        return None if _whole(value) or isinstance(value, float) else "option.number"
    if kind is Kind.string:
        return None if isinstance(value, str) else "option.string"
    if kind is Kind.boolean:
        return None if isinstance(value, bool) else "option.boolean"
    return None  # a member, channel or role: discord.py resolves it, the command says


def _said(value: object) -> str:
    """A value as the refusal shows it back: short, whatever was sent."""
    shown = repr(value) if isinstance(value, str) else str(value)
    return shown if len(shown) <= 40 else shown[:39] + "…"


def problems(
    command: app_commands.Command[Any, ..., Any], data: Mapping[str, Any]
) -> Iterator[tuple[str, app_commands.Parameter, object]]:
    """(key, parameter, value) for every option the command cannot take as sent."""
    by_name = {str(parameter.display_name): parameter for parameter in command.parameters}
    for option in _leaf_options(data):
        parameter = by_name.get(str(option.get("name")))
        if parameter is None:
            continue  # an option the command does not have: discord.py ignores it
        key = _wrong(parameter, option.get("value"))
        if key is not None:
            yield key, parameter, option.get("value")


async def guard(interaction: discord.Interaction) -> bool:
    """The check every command gets: refuse the first option it cannot take."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return True
    lang = language(interaction.locale)
    for key, parameter, value in problems(command, interaction.data or {}):
        raise Refusal(
            key, outcome="invalid_option", name=_name(parameter, lang), value=_said(value)
        )
    return True


def _name(parameter: app_commands.Parameter, lang: Lang) -> str:
    """The option's name as the member sees it in their client (the Swedish names are the
    command translations')."""
    name = str(parameter.display_name)
    return COMMAND_TEXTS_SV.get(name, name) if lang is Lang.SV else name


def install(tree: app_commands.CommandTree[Any]) -> None:
    """Give every command of the tree the option check (at start, after the cogs load)."""
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Command) and guard not in command.checks:
            command.add_check(guard)
