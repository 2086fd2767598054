"""Who may run quizzes, as an app-command check: one refusal, told by the tree's handler."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import discord
from discord import app_commands

from ...app.checks import MODERATOR, bounded_db
from ...app.checks import is_moderator as is_quizmaster
from ...app.interactions import Refusal
from ...storage import DatabaseError

T = TypeVar("T")


def moderators_by_default() -> Callable[[T], T]:
    """Discord's default for who sees the command group (``default_member_permissions``):
    MODERATOR, the same permissions the bot itself checks on every use."""
    granted = {name: True for name, value in MODERATOR if value}
    decorate: Callable[[T], T] = app_commands.default_permissions(**granted)
    return decorate


async def require_quizmaster(interaction: discord.Interaction) -> None:
    """Raise the refusal unless the member may run quizzes (for buttons, which have no checks)."""
    if not await bounded_db(interaction).run(is_quizmaster, interaction):
        raise Refusal("quiz.forbidden", outcome="forbidden")


def quizmaster_only() -> Callable[[T], T]:
    """Start, stop, config and reset: Manage Server or the quizmaster role."""

    async def predicate(interaction: discord.Interaction) -> bool:
        try:
            await require_quizmaster(interaction)
        except DatabaseError as error:  # a check may raise only AppCommandErrors
            raise app_commands.CheckFailure("database unavailable") from error
        return True

    check: Callable[[T], T] = app_commands.check(predicate)
    return check
