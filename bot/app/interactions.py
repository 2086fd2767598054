"""Interaction plumbing every feature shares: refusals, the one error handler, and one
log line with metrics for every command, button and menu.

A refusal is told in its member's turn (``refuse``): at most ``REFUSALS_SENDING`` are on
their way to Discord at once, the rest wait in their member's own queue (one member's
flood holds a few of the bot's HTTP connections, never all of them, so another member's
answer does not queue behind a thousand refusals, nor another member's refusal behind
them), and one whose turn comes too late for Discord's 3 seconds is not sent at all.
Nothing is awaited before a refusal is decided: a free place is taken at once."""

from __future__ import annotations

import contextlib
import logging
import math
import time
from collections.abc import AsyncIterator, Callable, Mapping
from typing import TYPE_CHECKING, Any, Final, TypeGuard, TypeVar, cast

import discord
from discord import app_commands

from houseway.cards import Card, HandError, parse_hand

from ..storage import DatabaseError
from ..texts.embeds import error_embed
from ..texts.i18n import PLURALS, Counted, language, plural_text, text

if TYPE_CHECKING:
    from .client import HousewayBot

log = logging.getLogger(__name__)

#: Discord's "Unknown Channel": the channel is gone (deleted), and an answer posted there
#: with it.
UNKNOWN_CHANNEL: Final = 10003
#: Discord's "Unknown Message": the message to change (or to answer under) is gone.
UNKNOWN_MESSAGE: Final = 10008
#: Discord's "Unknown interaction": the first answer came after the 3-second deadline, so
#: nothing can be sent for that interaction any more.
UNKNOWN_INTERACTION: Final = 10062
#: What a 404 says is gone for good: no retry brings a channel, message or interaction back.
GONE: Final = frozenset({UNKNOWN_CHANNEL, UNKNOWN_MESSAGE, UNKNOWN_INTERACTION})
#: The outcome of an interaction whose answer Discord refused (``refused_by_discord``):
#: expected, never counted as an error.
DISCORD_REFUSED: Final = "discord_refused"
#: User ids Discord makes (snowflakes; a database BIGINT holds them).
USER_IDS: Final = range(1, 1 << 63)
#: Refusals on their way to Discord at once, every member's together (of the bot's 64 HTTP
#: connections); more wait in their member's turn.
REFUSALS_SENDING: Final = 4
#: A refusal that had to wait for its turn is sent only while its interaction is younger
#: than this (seconds): later it would reach Discord after its 3 seconds and be refused
#: (10062), a request spent for nothing. It is counted as ``unanswered``.
REFUSE_UNTIL: Final = 2.5

T = TypeVar("T")


#: Where a command that needs nothing from a server may be used and installed (for a
#: command group, which takes them as arguments; a command takes ``everywhere()``).
EVERYWHERE_CONTEXTS: Final = app_commands.AppCommandContext(
    guild=True, dm_channel=True, private_channel=True
)
EVERYWHERE_INSTALLS: Final = app_commands.AppInstallationType(guild=True, user=True)
#: The two ways to answer (houseway.learning.answers.MODES), as /quiz start and /practice
#: offer them.
MODE_CHOICES: Final = [
    app_commands.Choice(name=app_commands.locale_str("Set the hand"), value="set"),
    app_commands.Choice(name=app_commands.locale_str("Name the rule"), value="rule"),
]
#: /practice's modes: the two ways to answer, and "Play to win" (graded against the best
#: split by exact EV, not against the house way).
PRACTICE_MODE_CHOICES: Final = [
    *MODE_CHOICES,
    app_commands.Choice(name=app_commands.locale_str("Play to win"), value="win"),
]


def everywhere() -> Callable[[T], T]:
    """For a command that needs nothing from a server: installable to a server or to a
    member's own account, and usable in servers (with or without the bot), the bot's DMs
    and private channels. Such a command reads no guild or channel data and answers only
    through its interaction."""

    def decorate(command: T) -> T:
        command = app_commands.allowed_installs(guilds=True, users=True)(command)
        return app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)(command)

    return decorate


class Refusal(app_commands.CheckFailure):
    """A refusal the member can act on: told privately from the message catalogue (``key``),
    logged and counted under ``outcome``. The two are named apart, so that rewording or
    renaming a text never renames a metric. Raise it from a check or a handler."""

    def __init__(self, key: str, *, outcome: str, **values: object) -> None:
        super().__init__(key)
        self.key = key
        self.values = values
        self.outcome = outcome

    def message(self, interaction: discord.Interaction) -> str:
        """In the member's language, commands named as mentions (``{cmd[quiz start]}``);
        a message with plural forms takes the form of its ``count`` value."""
        lang, mentions = language(interaction.locale), bot_of(interaction).mentions
        if self.key in PLURALS:
            values = dict(self.values)
            count = values.pop("count")
            assert isinstance(count, int | float)
            return plural_text(self.key, lang, count, cmd=mentions, **values)
        return text(self.key, lang, cmd=mentions, **self.values)


class KnownUser(app_commands.Transformer):
    """A user option as Discord resolves it (``Transform[discord.User, KnownUser]``).

    Without resolved data discord.py passes a bare ``Object``; that, or an id Discord
    never makes, is refused (outcome ``invalid_option``) rather than handled as a user.
    """

    @property
    def type(self) -> discord.AppCommandOptionType:
        return discord.AppCommandOptionType.user

    async def transform(
        self, interaction: discord.Interaction, value: object
    ) -> discord.User | discord.Member:
        if isinstance(value, discord.User | discord.Member) and value.id in USER_IDS:
            return value
        raise Refusal("error.unknown_member", outcome="invalid_option")


class Handled:
    """What became of an interaction (its ``outcome``), for its log line and metrics."""

    def __init__(self) -> None:
        self.outcome = "ok"


def bot_of(interaction: discord.Interaction) -> HousewayBot:
    # Every interaction here reaches this bot, a HousewayBot; the handlers take a plain
    # discord.Interaction (its client typed Client), so only a cast can say so.
    return cast("HousewayBot", interaction.client)


def age(interaction: discord.Interaction) -> float:
    """Seconds since Discord created the interaction (its id's timestamp): Discord's
    3-second deadline for the first answer counts from then, not from our handler."""
    return time.time() - interaction.created_at.timestamp()


def refused_by_discord(error: BaseException) -> TypeGuard[discord.HTTPException]:
    """Whether Discord refused a request in a way no retry mends: no access or permission
    (403), or the channel, message or interaction it needs is gone (404, ``GONE``)."""
    return isinstance(error, discord.Forbidden) or (
        isinstance(error, discord.NotFound) and error.code in GONE
    )


async def answer_privately(interaction: discord.Interaction, message: str) -> None:
    """An ephemeral answer: the interaction's first, or a follow-up once it has one."""
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)


async def tell(
    interaction: discord.Interaction, message: str, *, level: int = logging.WARNING
) -> None:
    """An ephemeral note to the user, whether or not the interaction was answered yet; if
    Discord refuses it, one line at ``level``."""
    try:
        await answer_privately(interaction, message)
    except discord.HTTPException as error:
        log.log(
            level, "could not tell the user about an error (%s, code %s)", error.status, error.code
        )


async def hand_or_refuse(
    interaction: discord.Interaction, typed: str, command: str
) -> tuple[Card, ...] | None:
    """The cards of a hand the member typed; or, for bad input, None, once the member has
    been told privately what was wrong, in their language, with an example of
    ``command`` (the outcome is ``bad_input``)."""
    try:
        return parse_hand(typed)
    except HandError as error:
        interaction.extras["outcome"] = "bad_input"
        example = bot_of(interaction).mention(command)
        await interaction.response.send_message(
            embed=error_embed(error, language(interaction.locale), example), ephemeral=True
        )
        return None


def component_id(interaction: discord.Interaction) -> str | None:
    """The custom id of a button or menu interaction; None for any other kind."""
    if interaction.type is not discord.InteractionType.component:
        return None
    data: Mapping[str, object] = interaction.data or {}
    custom_id = data.get("custom_id")
    return custom_id if isinstance(custom_id, str) else None


def modal_values(interaction: discord.Interaction) -> dict[str, str]:
    """A modal's submitted text inputs by custom id, whatever wraps them (a label, or the
    older action row): read from the submission itself, so that a modal answered after a
    restart, or one the bot never showed, is read (and answered) all the same."""
    found: dict[str, str] = {}
    data: Mapping[str, Any] = interaction.data or {}
    stack: list[Any] = list(data.get("components") or [])
    while stack:
        item = stack.pop()
        if not isinstance(item, dict):
            continue
        if item.get("type") == 4 and isinstance(item.get("custom_id"), str):
            found[item["custom_id"]] = str(item.get("value") or "")
        stack.extend(item.get("components") or [])
        if isinstance(item.get("component"), dict):
            stack.append(item["component"])
    return found


def on_its_message(interaction: discord.Interaction, custom_id: str) -> bool:
    """Whether the message clicked on has a component with this custom id. Discord sends the
    message as it is now: a forged or outdated id is not on it, and discord.py drops such a
    click without a word."""
    message = interaction.message
    if message is None:
        return False
    return any(
        getattr(child, "custom_id", None) == custom_id
        for row in message.components
        for child in getattr(row, "children", [row])
    )


async def refuse_invalid_component(interaction: discord.Interaction, name: str, key: str) -> None:
    """Tell the member that a button or menu cannot be used and what to do instead (``key``).

    For custom ids the bot's own messages could not carry: told before anything reads
    them, counted as ``invalid_component``, never an error.
    """
    async with component(interaction, name):
        raise Refusal(key, outcome="invalid_component")


def record(
    interaction: discord.Interaction, command: str, outcome: str, level: int = logging.INFO
) -> None:
    """One log line (at ``level``) and the metrics for a handled interaction."""
    metrics = bot_of(interaction).metrics
    seconds = max(0.0, age(interaction))
    metrics.interactions.labels(command, outcome).inc()
    metrics.response_seconds.labels(command).observe(seconds)
    if outcome == "database_unavailable":
        metrics.database_errors.inc()
    ms = round(seconds * 1000)
    fields: dict[str, object] = {
        "command": command,
        "outcome": outcome,
        "ms": ms,
        "guild": interaction.guild_id,
    }
    if log.isEnabledFor(logging.DEBUG):  # who, only when debugging: a member is a person
        fields["user"] = interaction.user.id
    log.log(level, "interaction /%s %s in %d ms", command, outcome, ms, extra=fields)


def cooldown_refusal(
    error: app_commands.CommandOnCooldown, key: str = "error.cooldown", unit: str = "count.times"
) -> Refusal:
    """A command (or button) used too often, as a refusal that says when it can be used
    again: a Discord timestamp, which each member's client shows counting down in their
    language. How often in how long are counts in the member's language ("1 gång på
    60 sekunder"), ``unit`` the catalogue's word for the uses."""
    again = math.ceil(time.time() + error.retry_after)
    return Refusal(
        key,
        outcome="cooldown",
        rate=Counted(unit, error.cooldown.rate),
        per=Counted("count.seconds", error.cooldown.per),
        when=f"<t:{again}:R>",
    )


def _failure(
    name: str, error: BaseException, interaction: discord.Interaction
) -> tuple[str, str | None]:
    """The outcome and the message (None: nobody to tell) for an error no handler dealt with.

    An interaction answered too late is not a bug but load: one warning line, no traceback
    (a burst of them would otherwise spend the bot's time formatting tracebacks). Nor is an
    answer Discord refuses for good (``refused_by_discord``): one warning line with its
    code, and never "try again", which would not help; a member refused a 403 may still be
    told privately why, where a channel or message is gone there is nobody to tell.
    """
    if isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION:
        log.warning(
            "%s answered too late, %.1f s after Discord created it: Unknown interaction",
            name,
            age(interaction),
        )
        return "expired", None
    if refused_by_discord(error):
        log.warning(
            "%s: Discord refused the answer: %s %s (code %s)",
            name,
            error.status,
            error.text,
            error.code,
        )
        if isinstance(error, discord.Forbidden):
            return DISCORD_REFUSED, text("error.discord_refused", language(interaction.locale))
        return DISCORD_REFUSED, None
    if isinstance(error, DatabaseError):
        log.warning("database unavailable for %s: %s", name, error)
        mentions = bot_of(interaction).mentions
        message = text("error.database", language(interaction.locale), cmd=mentions)
        return "database_unavailable", message
    log.error("%s failed", name, exc_info=error)
    return "error", text("error.internal", language(interaction.locale))


async def _tell_failure(
    interaction: discord.Interaction, outcome: str, message: str | None
) -> None:
    """Tell the member what ``_failure`` found to tell. After Discord refused the answer, a
    note refused too is no news: its warning is written already."""
    if message is not None:
        quiet = outcome == DISCORD_REFUSED
        await tell(interaction, message, level=logging.DEBUG if quiet else logging.WARNING)


async def refuse(interaction: discord.Interaction, name: str, refusal: Refusal) -> None:
    """Tell the member privately why not (``refusal``), in their turn among the refusals on
    their way to Discord; counted as the refusal's outcome, or as ``unanswered`` if its turn
    came too late to send it. Its log line is DEBUG: a member can send refusals by the
    thousand, and the metrics count them. The message is put into words only once sent."""
    async with bot_of(interaction).refusals.place(interaction.user.id) as waited:
        if waited and not interaction.response.is_done() and age(interaction) > REFUSE_UNTIL:
            record(interaction, name, "unanswered", logging.DEBUG)
            return
        record(interaction, name, refusal.outcome, logging.DEBUG)
        await tell(interaction, refusal.message(interaction))


@contextlib.asynccontextmanager
async def component(interaction: discord.Interaction, name: str) -> AsyncIterator[Handled]:
    """Handle a button or menu like the tree handles a command: errors told, one log line.

    Components bypass the command tree, so its error handler and completion event: here
    the callback may set ``handled.outcome`` (default "ok") or raise a Refusal; a
    DatabaseError is told as "scores unavailable", anything else as an internal error,
    and either way the interaction gets its log line and metrics with what happened.
    """
    handled = Handled()
    refused = False
    try:
        yield handled
    except Refusal as refusal:
        refused = True
        await refuse(interaction, name, refusal)
    except Exception as error:
        handled.outcome, message = _failure(name, error, interaction)
        await _tell_failure(interaction, handled.outcome, message)
    finally:
        if not refused:  # a refusal is counted and logged in its turn
            record(interaction, name, handled.outcome)


class Tree(app_commands.CommandTree["HousewayBot"]):
    """The one place for errors no command handled: refusals and cooldowns told privately,
    the rest logged."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        command = interaction.command.qualified_name if interaction.command else "?"
        if isinstance(error, app_commands.CommandOnCooldown):
            error = cooldown_refusal(error)
        if isinstance(error, Refusal):
            await refuse(interaction, command, error)
            return
        # A command's own exception arrives wrapped (.original); a check's as the cause.
        cause = getattr(error, "original", None) or error.__cause__ or error
        outcome, message = _failure(f"/{command}", cause, interaction)
        record(interaction, command, outcome)
        await _tell_failure(interaction, outcome, message)
