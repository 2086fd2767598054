"""What a start that failed tells the operator: one line and an exit status.

Only the standard library is imported up front (``bot.__main__`` imports this before
discord.py, to catch stop signals from the first moment); discord.py and aiohttp are
imported where they are needed.
"""

from __future__ import annotations

import logging
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..app.client import HousewayBot
    from .settings import Settings

#: Exit statuses. 2: the configuration is wrong (a setting, a path, a port, the token):
#: restarting cannot help, and the systemd unit does not (RestartPreventExitStatus=2).
#: 1: a failure a later start may not meet (Discord unreachable, the database down).
EXIT_CONFIG = 2
EXIT_RETRY = 1
#: discord.py's records of a reconnect attempt (the client's; a shard's), which carry the
#: failure's whole traceback at every attempt: the start of each message, by logger.
RECONNECT_RECORDS = {
    "discord.client": ("Attempting a reconnect",),
    "discord.shard": ("Attempting a reconnect", "Failed to connect for shard_id"),
}
#: What to do about a token Discord refuses, at login (REST) or at the gateway (4004).
TOKEN_FIX = "put the bot token from the developer portal (Bot -> Reset Token) in DISCORD_TOKEN"
#: Gateway close codes discord.py does not retry, each a configuration only the operator
#: can fix: what Discord means by it, and what to do.
GATEWAY_REFUSALS = {
    4004: ("authentication failed", TOKEN_FIX),
    4010: (
        "invalid shard",
        "check SHARD_COUNT (the total number of shards over all processes) and SHARD_IDS "
        "(each below SHARD_COUNT)",
    ),
    4011: (
        "sharding required",
        "the bot is in too many servers for one connection: set SHARD_COUNT, and SHARD_IDS "
        "for each process (see deploy/README.md)",
    ),
    4012: (
        "invalid API version",
        "point DISCORD_GATEWAY_URL at a gateway for Discord's API v10, or unset it",
    ),
    4013: (
        "invalid intents",
        "the intents the bot asks for ({intents}) are not valid: check the application's "
        "Privileged Gateway Intents in the developer portal (Bot), and DISCORD_GATEWAY_URL "
        "if it is set",
    ),
    4014: (
        "disallowed intents",
        "enable {privileged} in the developer portal (Bot -> Privileged Gateway Intents)",
    ),
}
#: discord.py's privileged intents and their names in the developer portal.
PRIVILEGED_INTENTS = (
    ("members", "Server Members Intent"),
    ("presences", "Presence Intent"),
    ("message_content", "Message Content Intent"),
)


class ReconnectFilter(logging.Filter):
    """Keeps discord.py's reconnect records to one line each: the failure is named on the
    line and its traceback dropped.

    A gateway that stays away would otherwise cost some thirty lines at every attempt, at
    start and while running, for a network failure the line says in full.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        starts = RECONNECT_RECORDS.get(record.name)
        if starts and record.exc_info and str(record.msg).startswith(starts):
            failure = record.exc_info[1]
            record.msg = f"{record.getMessage()} ({describe_error(failure)})"
            record.args = None
            record.exc_info = None
            record.exc_text = None
        return True


def describe_error(error: BaseException | None) -> str:
    """``Type: message`` for one log line.

    An HTTP error from aiohttp is told by its status only: its text quotes the URL, and a
    proxy's URL may carry credentials.
    """
    import aiohttp

    if error is None:
        return "no error given"
    if isinstance(error, aiohttp.ClientResponseError):
        return f"{type(error).__name__}: HTTP {error.status} {error.message}".rstrip()
    text = str(error)
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def network_cause(error: BaseException, *, implicit: bool = False) -> BaseException | None:
    """The network failure in ``error``'s chain, if one is there: an OSError (timeouts
    included) or an aiohttp client error.

    The chain is ``raise … from`` (``__cause__``: "because of"); ``__context__`` (raised
    while another was handled) only when ``implicit``, since a bug in an ``except OSError``
    block is a bug, not the network.
    """
    import aiohttp

    seen: set[int] = set()
    link: BaseException | None = error
    while link is not None and id(link) not in seen:
        if isinstance(link, (OSError, aiohttp.ClientError)):
            return link
        seen.add(id(link))
        link = link.__cause__ or (link.__context__ if implicit else None)
    return None


def _no_websocket(error: BaseException, bot: HousewayBot) -> bool:
    """discord.py 2.7's first gateway connect failed: before retrying it reads
    ``self.ws.sequence`` while ``self.ws`` is still None (an AttributeError whose context
    is the failure). Any other AttributeError on None is a bug, told with its traceback."""
    return (
        isinstance(error, AttributeError)
        and getattr(error, "obj", False) is None
        and getattr(error, "name", None) == "sequence"
        and getattr(bot, "ws", None) is None
        and network_cause(error, implicit=True) is not None
    )


def gateway_refusal(code: int, bot: HousewayBot) -> str:
    """The one line for a gateway close code in GATEWAY_REFUSALS."""
    what, fix = GATEWAY_REFUSALS[code]
    intents = getattr(bot, "intents", None)
    asked = [label for flag, label in PRIVILEGED_INTENTS if getattr(intents, flag, False)]
    fix = fix.format(
        intents=getattr(intents, "value", "unknown"),
        privileged=" and ".join(asked) or "the privileged intents the bot asks for",
    )
    refused = "Discord refused the token" if code == 4004 else "Discord's gateway refused the bot"
    return f"{refused} (close code {code}, {what}): {fix}; not retrying"


def start_failure(error: BaseException, bot: HousewayBot) -> tuple[int, str] | None:
    """The exit status and the one line for why the bot stopped; None for an error
    nothing here foresaw (logged with its traceback)."""
    import discord

    if isinstance(error, discord.LoginFailure):
        return EXIT_CONFIG, f"Discord refused the token: {TOKEN_FIX}; not retrying"
    if isinstance(error, discord.PrivilegedIntentsRequired):  # discord.py's name for 4014
        return EXIT_CONFIG, gateway_refusal(4014, bot)
    if isinstance(error, discord.ConnectionClosed):
        if error.code in GATEWAY_REFUSALS:
            return EXIT_CONFIG, gateway_refusal(error.code, bot)
        reason = f", {error.reason}" if error.reason else ""
        return EXIT_RETRY, (
            f"Discord's gateway closed the connection (close code {error.code}{reason}); "
            "exiting for a later start"
        )
    if _no_websocket(error, bot):
        cause = network_cause(error, implicit=True)
        return EXIT_RETRY, (
            f"Discord's gateway cannot be reached ({describe_error(cause)}), though "
            "its REST API answered: check DISCORD_GATEWAY_URL if it is set, and that the "
            "network lets websockets through; exiting for a later start"
        )
    # The network, DNS or Discord itself (the error, or what it was raised from); the
    # supervisor starts us again.
    discord_side = isinstance(error, (discord.GatewayNotFound, discord.HTTPException))
    cause = error if discord_side else network_cause(error)
    if cause is not None:
        return (
            EXIT_RETRY,
            f"cannot reach Discord ({describe_error(cause)}); exiting for a later start",
        )
    return None


def _writable_directory(directory: Path, setting: str) -> None:
    """Create ``directory`` if needed and prove it writable, or say which setting to fix."""
    from .settings import SettingsError

    try:
        directory.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=directory):
            pass
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise SettingsError(
            f"{setting}: the directory {str(directory)!r} cannot be created or written "
            f"({reason}); point {setting} at a directory the bot may write."
        ) from None


def _writable_file(path: Path, setting: str) -> None:
    """Prove an existing file writable (without changing it), or say which setting to fix.

    A missing file is fine: its directory is checked, and SQLite creates it.
    """
    from .settings import SettingsError

    if path.is_dir():
        raise SettingsError(
            f"{setting}: {str(path)!r} is a directory, not a SQLite file; point {setting} at "
            f"a file (sqlite:///{path / 'houseway.sqlite3'}, say)."
        )
    try:
        # Append mode and no blocking (a FIFO): nothing is written, nothing waited for.
        os.close(os.open(path, os.O_WRONLY | os.O_APPEND | os.O_NONBLOCK))
    except FileNotFoundError:
        return
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise SettingsError(
            f"{setting}: the SQLite file {str(path)!r} cannot be written ({reason}); let the "
            f"bot's user write it (its owner or mode), or point {setting} at another file."
        ) from None


def check_paths(settings: Settings) -> None:
    """Local paths the bot will write, checked before anything starts: DATA_DIR, the
    SQLite file's directory (a path under a file, a read-only disk, no permission) and
    the file itself when it is there (read-only, a directory)."""
    from ..storage import sqlite_path

    _writable_directory(settings.data_dir, "DATA_DIR")
    path = sqlite_path(settings.database_url)
    if path is not None and path != ":memory:":
        _writable_directory(Path(path).parent, "DATABASE_URL")
        _writable_file(Path(path), "DATABASE_URL")
