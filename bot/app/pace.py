"""One member's practice at a bounded pace: a burst from one member costs the others
nothing but its refusals.

Per member, discord.py's cooldowns: the commands' (/practice, /daily) as an app-command
check (``command_cooldown``), the presses' (answer menus, "Next hand", the day's menu) in
a ``CooldownMapping`` with at most ``PracticeTiming.in_flight`` presses under way at once
(``Pace``). Past either the member is refused at once and privately, told when to go on;
nothing reaches the database, so a flood can no longer queue everyone's statements past
their deadline (and be told "the database is not answering" while it answers).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Final, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from ..service.timing import PracticeTiming
from .interactions import Refusal, bot_of, cooldown_refusal

#: The refusal of a press past its cooldown (a command's is the tree's ``error.cooldown``).
PRESS_COOLDOWN: Final = "practice.cooldown"

T = TypeVar("T")


def _member(interaction: discord.Interaction) -> int:
    return interaction.user.id


def _command_rate(interaction: discord.Interaction) -> app_commands.Cooldown:
    timing = bot_of(interaction).settings.practice_timing
    return app_commands.Cooldown(timing.command_rate, timing.command_seconds)


def command_cooldown() -> Callable[[T], T]:
    """A command's per-member cooldown at ``PracticeTiming``'s command rate."""
    return app_commands.checks.dynamic_cooldown(_command_rate, key=_member)


class Pace:
    """The cooldown and the in-flight places of every member's presses."""

    def __init__(self, timing: PracticeTiming) -> None:
        self.in_flight = timing.in_flight
        self.presses: commands.CooldownMapping[discord.Interaction] = commands.CooldownMapping(
            app_commands.Cooldown(timing.press_rate, timing.press_seconds), _member
        )
        self._held: dict[int, int] = {}

    def __len__(self) -> int:
        """Members with presses under way."""
        return len(self._held)

    @contextlib.contextmanager
    def place(self, interaction: discord.Interaction) -> Iterator[None]:
        """A place for the member's press, held until it is answered; a Refusal when the
        member is past the cooldown or has ``in_flight`` under way. Taken before anything
        is awaited, so a burst cannot slip past the bound."""
        bucket = self.presses.get_bucket(interaction)
        wait = bucket.update_rate_limit() if bucket is not None else None
        if bucket is not None and wait:
            raise cooldown_refusal(app_commands.CommandOnCooldown(bucket, wait), PRESS_COOLDOWN)
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
