"""The process: settings, logging, signals, and the bot's lifetime (``python -m bot``).

Only the standard library is imported up front: SIGTERM and SIGINT are caught from the
first moment of ``main()``, so a stop while discord.py is still being imported, the cards
warmed up or the commands synced is a clean exit 0 like any other.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import logging
import os
import signal
import socket
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aiohttp import web

    from .client import HousewayBot
    from .settings import Settings
    from .storage import Database

log = logging.getLogger("bot")

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
#: Exit statuses. 2: the configuration is wrong (a setting, a path, a port, the token):
#: restarting cannot help, and the systemd unit does not (RestartPreventExitStatus=2).
#: 1: a failure a later start may not meet (Discord unreachable, the database down).
EXIT_CONFIG = 2
EXIT_RETRY = 1
#: Everything after a stop signal is done within this many seconds: the process exits
#: within 10 s (systemd and Compose wait 15 s before SIGKILL, Docker's default is 10 s).
SHUTDOWN_SECONDS = 7.5
#: The end of that time is kept for the database, so that a stalled one is terminated
#: (unblocking whatever still waits on it) rather than waited for.
DATABASE_SECONDS = 1.5
#: discord.py's records of a reconnect attempt (the client's; a shard's), which carry the
#: failure's whole traceback at every attempt: the start of each message, by logger.
RECONNECT_RECORDS = {
    "discord.client": ("Attempting a reconnect",),
    "discord.shard": ("Attempting a reconnect", "Failed to connect for shard_id"),
}
#: Gateway close codes discord.py does not retry, each a configuration only the operator
#: can fix: what Discord means by it, and what to do.
GATEWAY_REFUSALS = {
    4004: (
        "authentication failed",
        "put the bot token from the developer portal (Bot -> Reset Token) in DISCORD_TOKEN",
    ),
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


class EarlySignals:
    """Notes a stop signal that comes before the event loop takes the signals over."""

    def __init__(self) -> None:
        self.received: int | None = None
        for signum in STOP_SIGNALS:
            signal.signal(signum, self._note)

    def _note(self, signum: int, frame: FrameType | None) -> None:
        self.received = signum


def setup_logging(settings: Settings) -> None:
    """discord.py's logging setup; JSON lines when asked, no colours when not on a terminal.

    The one handler installed (on the root logger: discord.* and ours propagate to it)
    writes through a RedactingFormatter, so no line it writes carries the bot token or an
    interaction token, whatever the record held.
    """
    import discord

    from .observability import JsonFormatter, RedactingFormatter, Redactor

    handler = logging.StreamHandler()
    formatter: logging.Formatter | None = None
    if settings.log_format == "json":
        formatter = JsonFormatter()
    elif not sys.stderr.isatty():
        formatter = logging.Formatter(
            "[{asctime}] [{levelname:<8}] {name}: {message}", "%Y-%m-%d %H:%M:%S", style="{"
        )
    discord.utils.setup_logging(
        handler=handler,
        level=getattr(logging, settings.log_level),
        root=True,
        formatter=formatter or discord.utils.MISSING,
    )
    chosen = handler.formatter or logging.Formatter()  # discord.py's colours, on a terminal
    handler.setFormatter(RedactingFormatter(chosen, Redactor(settings.discord_token)))
    handler.addFilter(ReconnectFilter())


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


def network_cause(error: BaseException) -> BaseException | None:
    """The network failure in ``error``'s chain (itself, its ``__cause__`` or
    ``__context__``, and theirs), if one is there: an OSError (timeouts included) or an
    aiohttp client error."""
    import aiohttp

    seen: set[int] = set()
    link: BaseException | None = error
    while link is not None and id(link) not in seen:
        if isinstance(link, (OSError, aiohttp.ClientError)):
            return link
        seen.add(id(link))
        link = link.__cause__ or link.__context__
    return None


def _no_websocket(error: BaseException, bot: HousewayBot) -> bool:
    """discord.py 2.7's first gateway connect failed: before retrying it reads
    ``self.ws.sequence`` while ``self.ws`` is still None (an AttributeError whose context
    is the failure)."""
    return (
        isinstance(error, AttributeError)
        and getattr(error, "obj", False) is None
        and getattr(bot, "ws", None) is None
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
    import aiohttp
    import discord

    if isinstance(error, discord.LoginFailure):
        return EXIT_CONFIG, (
            "Discord refused the token: put the bot token from the developer portal "
            "(Bot -> Reset Token) in DISCORD_TOKEN; not retrying"
        )
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
    if isinstance(
        error, (OSError, aiohttp.ClientError, discord.GatewayNotFound, discord.HTTPException)
    ):
        # The network, DNS or Discord itself; the supervisor starts us again.
        return (
            EXIT_RETRY,
            f"cannot reach Discord ({describe_error(error)}); exiting for a later start",
        )
    cause = network_cause(error)
    if _no_websocket(error, bot):
        return EXIT_RETRY, (
            f"Discord's gateway cannot be reached ({describe_error(cause or error)}), though "
            "its REST API answered: check DISCORD_GATEWAY_URL if it is set, and that the "
            "network lets websockets through; exiting for a later start"
        )
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
    from .storage import sqlite_path

    _writable_directory(settings.data_dir, "DATA_DIR")
    path = sqlite_path(settings.database_url)
    if path is not None and path != ":memory:":
        _writable_directory(Path(path).parent, "DATABASE_URL")
        _writable_file(Path(path), "DATABASE_URL")


async def run(settings: Settings, force_sync: bool, early: EarlySignals | None = None) -> int:
    """Open the database, run the bot until it is closed or signalled, close everything."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in STOP_SIGNALS:
        loop.add_signal_handler(signum, stop.set)
    if early is not None and early.received is not None:
        stop.set()
    if stop.is_set():
        log.info("stopped before start")
        return 0
    stopped = asyncio.create_task(stop.wait())
    try:
        return await _run(settings, force_sync, stopped)
    finally:
        stopped.cancel()


async def _run(settings: Settings, force_sync: bool, stopped: asyncio.Task[Any]) -> int:
    from .client import make_bot
    from .observability import start_http
    from .storage import DatabaseConfigError, DatabaseError, open_database

    opening = asyncio.create_task(open_database(settings.database_url))
    await asyncio.wait({opening, stopped}, return_when=asyncio.FIRST_COMPLETED)
    if not opening.done():  # a stop while the database opens: let it open, then close it
        await asyncio.wait({opening}, timeout=SHUTDOWN_SECONDS - DATABASE_SECONDS)
        if not opening.done():
            opening.cancel()
        elif not opening.cancelled() and opening.exception() is None:
            await opening.result().close(timeout=DATABASE_SECONDS)
        log.info("stopped during start-up")
        return 0
    try:
        database = opening.result()
    except DatabaseConfigError as error:
        log.error("%s", error)
        return EXIT_CONFIG
    except DatabaseError as error:
        log.error("cannot open the database: %s", error)
        return EXIT_RETRY

    bot = make_bot(settings, database, force_sync=force_sync)
    http = None
    if settings.http_port is not None:
        host = settings.http_host or "127.0.0.1"
        try:  # before Discord: a port in use is a configuration error, said at once
            http = await start_http(bot, bot.metrics, host, settings.http_port)
        except OSError as error:
            if error.errno == errno.EADDRNOTAVAIL:  # asyncio's strerror quotes the address
                error.strerror = os.strerror(error.errno)
            if isinstance(error, socket.gaierror) or error.errno == errno.EADDRNOTAVAIL:
                # The host's fault (no such name, not this machine's address), not the port's.
                log.error(
                    "HTTP_HOST %r cannot be used (%s): set HTTP_HOST to an address of this "
                    "machine (127.0.0.1; 0.0.0.0 for every interface), or unset it",
                    host,
                    error.strerror,
                )
            else:
                log.error(
                    "HTTP_PORT %s on %s cannot be used (%s): choose a free port, or unset "
                    "HTTP_PORT",
                    settings.http_port,
                    host,
                    error.strerror or error,
                )
            await database.close(timeout=DATABASE_SECONDS)
            return EXIT_CONFIG
    serving = asyncio.create_task(bot.start(settings.discord_token), name="bot")
    try:
        await asyncio.wait({serving, stopped}, return_when=asyncio.FIRST_COMPLETED)
        if not serving.done():
            log.info("stopping: finishing what is in flight")
    finally:
        await shut_down(bot, serving, http, database)
    if stopped.done():
        if serving.done() and not serving.cancelled() and serving.exception() is not None:
            # Closed under a start-up step (a request on the closed HTTP session, say).
            log.debug("stopped during start-up: %r", serving.exception())
        log.info("closed cleanly")
        return 0
    error = serving.exception()
    if error is not None:
        failure = start_failure(error, bot)
        if failure is None:
            raise error
        status, line = failure
        log.error("%s", line)
        return status
    log.info("closed cleanly")
    return 0


async def shut_down(
    bot: HousewayBot,
    serving: asyncio.Task[None],
    http: web.AppRunner | None,
    database: Database,
) -> None:
    """Close the bot, the HTTP endpoint and the database within SHUTDOWN_SECONDS.

    A bot still starting is stopped where it is (nothing is in flight yet); a running one
    finishes its interactions first (``HousewayBot.close``). If that has not ended when
    only DATABASE_SECONDS are left, the database is closed under it: a stalled
    connection is terminated, which fails whatever was waiting on it.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + SHUTDOWN_SECONDS

    def left(reserve: float = 0.0) -> float:
        return max(0.05, deadline - reserve - loop.time())

    if not serving.done() and not bot.is_ready():
        serving.cancel()
        await asyncio.wait({serving}, timeout=left(DATABASE_SECONDS))
    closing = asyncio.create_task(bot.close())
    await asyncio.wait({closing}, timeout=left(DATABASE_SECONDS))
    if not closing.done():
        log.warning("the bot has not closed in time; closing the database under it")
    await database.close(timeout=left(0.5) if closing.done() else DATABASE_SECONDS - 0.5)
    for task in (closing, serving):
        if not task.done():
            await asyncio.wait({task}, timeout=min(left(), 2.0))
        if not task.done():
            task.cancel()
            await asyncio.wait({task}, timeout=0.25)
    if closing.done() and not closing.cancelled() and closing.exception() is not None:
        log.warning("closing the bot failed: %r", closing.exception())
    if http is not None:
        try:
            await asyncio.wait_for(http.cleanup(), left())
        except TimeoutError:
            log.warning("the HTTP endpoint did not close in time")


def main(argv: Sequence[str] | None = None) -> int:
    early = EarlySignals()
    from houseway import __version__

    parser = argparse.ArgumentParser(prog="houseway-bot", description="Run the houseway bot.")
    parser.add_argument(
        "--sync", action="store_true", help="sync the global commands even if unchanged"
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    args = parser.parse_args(argv)
    # Imported here, not at the top: the signals are caught while discord.py loads.
    from .endpoints import configure_endpoints
    from .settings import Settings, SettingsError

    try:
        settings = Settings.from_env()
        configure_endpoints(settings.api_url, settings.gateway_url)
        check_paths(settings)
    except (SettingsError, ValueError) as error:
        print(f"houseway-bot: {error}", file=sys.stderr)
        return EXIT_CONFIG
    setup_logging(settings)
    log.info("houseway %s starting (Python %s)", __version__, sys.version.split()[0])
    try:
        return asyncio.run(run(settings, args.sync, early))
    except Exception:
        # Through the log rather than Python's own printout: the traceback gets scrubbed.
        log.critical("stopped by an unexpected error", exc_info=True)
        return 1


if __name__ == "__main__":
    sys.exit(main())
