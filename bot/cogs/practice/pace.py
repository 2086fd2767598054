"""One member's practice at a bounded pace: a burst from one member costs the others
nothing but its refusals.

Per member, discord.py's cooldowns (``CooldownMapping``): one for the commands
(/practice, /daily), one for the presses (answer menus, "Next hand", the day's menu),
and at most ``PracticeTiming.in_flight`` of the member's interactions under way at once.
Past either the member is refused at once and privately, told when to go on; nothing
reaches the database, so a flood can no longer queue everyone's statements past their
deadline (and be told "the database is not answering" while it answers).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Final

import discord
from discord import app_commands
from discord.ext import commands

from ...interactions import Refusal, cooldown_refusal
from .timing import PracticeTiming

#: The refusal of a command, and of a press, past its cooldown.
COMMAND_COOLDOWN: Final = "error.cooldown"
PRESS_COOLDOWN: Final = "practice.cooldown"


def _member(interaction: discord.Interaction) -> int:
    return interaction.user.id


class Pace:
    """The cooldowns and the in-flight places of every member's practice."""

    def __init__(self, timing: PracticeTiming) -> None:
        self.in_flight = timing.in_flight
        self.commands: commands.CooldownMapping[discord.Interaction] = commands.CooldownMapping(
            app_commands.Cooldown(timing.command_rate, timing.command_seconds), _member
        )
        self.presses: commands.CooldownMapping[discord.Interaction] = commands.CooldownMapping(
            app_commands.Cooldown(timing.press_rate, timing.press_seconds), _member
        )
        self._held: dict[int, int] = {}

    def __len__(self) -> int:
        """Members with practice under way."""
        return len(self._held)

    @contextlib.contextmanager
    def place(self, interaction: discord.Interaction, press: bool) -> Iterator[None]:
        """A place for the member's interaction, held until it is answered; a Refusal when
        the member has ``in_flight`` under way, or is past the cooldown. Taken before
        anything is awaited, so a burst cannot slip past the bound."""
        mapping = self.presses if press else self.commands
        bucket = mapping.get_bucket(interaction)
        wait = bucket.update_rate_limit() if bucket is not None else None
        if bucket is not None and wait:
            key = PRESS_COOLDOWN if press else COMMAND_COOLDOWN
            raise cooldown_refusal(app_commands.CommandOnCooldown(bucket, wait), key)
        member = interaction.user.id
        held = self._held.get(member, 0)
        if held >= self.in_flight:  # a use all the same: a flood is paused either way
            raise Refusal("practice.busy", outcome="busy", count=held)
        self._held[member] = held + 1
        try:
            yield
        finally:
            self._held[member] -= 1
            if not self._held[member]:
                del self._held[member]
