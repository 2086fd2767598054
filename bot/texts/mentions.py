"""Command mentions: ``</quiz start:123>``, which Discord shows clickable and with the
command's name in the reader's language (``/quiz starta`` for a Swedish client).

A mention needs the command's id, which only Discord hands out: the bot learns the ids
from a sync's answer or from one fetch at start. Until then (or for a name Discord does
not know) a mention falls back to the plain English ``/quiz start``.
"""

from __future__ import annotations

from collections.abc import Iterable

import discord
from discord import app_commands


class CommandMentions:
    """Mentions by qualified name (``"houseway"``, ``"quiz start"``).

    Messages in the catalogue write ``{cmd[quiz start]}``; ``text(key, lang, cmd=mentions)``
    fills them in, since ``str.format`` looks the name up with ``mentions["quiz start"]``.
    """

    def __init__(self) -> None:
        self._ids: dict[str, int] = {}

    def learn(self, commands: Iterable[app_commands.AppCommand]) -> None:
        """Take the ids of the slash commands Discord has (a sync's or a fetch's answer)."""
        self._ids = {
            command.name: command.id
            for command in commands
            if command.type is discord.AppCommandType.chat_input
        }

    @property
    def known(self) -> bool:
        return bool(self._ids)

    def __getitem__(self, name: str) -> str:
        command_id = self._ids.get(name.split()[0])
        return f"</{name}:{command_id}>" if command_id is not None else f"/{name}"
